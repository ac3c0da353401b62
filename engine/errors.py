"""Precise exceptions for everything a user can hand the engine that it cannot read."""


class DeckFileError(ValueError):
    """A deck file (or decklist) that cannot be read; the message says where and why."""


class UnknownGameError(DeckFileError):
    """A game id that is not one of the games the engine knows."""


class UnknownCardError(DeckFileError):
    """A card number found neither in the deck file's `cards` nor in the card lookup."""

    def __init__(self, numbers: list[str]) -> None:
        self.numbers = tuple(numbers)
        shown = ", ".join(numbers[:10]) + (f" and {len(numbers) - 10} more" if len(numbers) > 10 else "")
        noun = "card number" if len(numbers) == 1 else "card numbers"
        super().__init__(f"Unknown {noun}: {shown}.")
