"""The errors a user can cause. Each is shown as one clear line; none of them loses anything."""


class RetroError(Exception):
    """Base of every error meant for a person to read (the message is the whole story)."""


class DefinitionError(RetroError):
    """A game file is wrong: the message names file:line:column and what is wrong."""

    def __init__(self, messages: list[str]) -> None:
        self.messages = messages
        super().__init__(messages[0] if len(messages) == 1 else "\n".join(messages))


class NotationError(RetroError):
    """A position or move string that cannot be read."""


class IllegalMove(RetroError):
    """A move the rules refuse; the message is the rule's own reason."""
