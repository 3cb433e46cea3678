"""Rule facts of the classic games in games/, one file a game."""
