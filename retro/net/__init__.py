"""The duel across two machines: its messages (`protocol`), the sockets served by a thread of
their own (`peer`), the duel's state and rules over them (`session`), and play in a terminal
(`terminal`)."""
