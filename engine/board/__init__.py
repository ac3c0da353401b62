"""Playtest boards: a game dealt and played by hand with the rules its goldfish plays by, one module per
game (fftcg, dbsfw). What every board shares is here: its error, and the deck actions a player does by
hand for card text the board does not read."""

from __future__ import annotations

import random
from collections.abc import Sequence
from dataclasses import replace
from typing import Any, Protocol

from engine.deck import Deck


class BoardError(ValueError):
    """An action the rules refuse; the message cites the rule."""


class DeckBoard(Protocol):
    """What the deck actions read of a board (each game's is a frozen dataclass)."""

    @property
    def seed(self) -> int: ...
    @property
    def deck(self) -> tuple[str, ...]: ...
    @property
    def hand(self) -> tuple[str, ...]: ...
    @property
    def log(self) -> tuple[str, ...]: ...


class DeckActions:
    """Search, shuffle and look at the deck; `names` maps card numbers to their names, `deck` is the deck
    the boards deal."""

    names: dict[str, str]
    deck: Deck

    def main_deck(self, seed: int, order: Sequence[str] | None) -> list[str]:
        """The main deck to deal, top first: shuffled by `seed`, or in `order` (a test's stacked deck)."""
        if order is not None:
            return list(order)
        cards = [c.number for c in self.deck.pool("main")]
        random.Random(seed).shuffle(cards)
        return cards

    def shuffle[B: DeckBoard](self, board: B) -> B:
        """Shuffle the deck (by the game's seed and the actions so far: a replay shuffles alike)."""
        cards = list(board.deck)
        random.Random(f"{board.seed}:{len(board.log)}").shuffle(cards)
        return _replace(board, deck=tuple(cards), log=board.log + ("shuffle the deck",))

    def search[B: DeckBoard](self, board: B, number: str) -> B:
        """Take a card of the deck into the hand, then shuffle (the player says which card)."""
        if number not in board.deck:
            raise BoardError("That card is not in the deck.")
        i = board.deck.index(number)
        entry = f"search the deck: {self.names[number]} to the hand"
        found = _replace(
            board,
            deck=board.deck[:i] + board.deck[i + 1 :],
            hand=board.hand + (number,),
            log=board.log + (entry,),
        )
        return self.shuffle(found)

    def reveal[B: DeckBoard](self, board: B, n: int) -> B:
        """Look at the top n cards of the deck (written in the log; the deck keeps its order)."""
        top = board.deck[: max(0, min(n, len(board.deck)))]
        names = ", ".join(self.names[c] for c in top) or "nothing"
        return _replace(board, log=board.log + (f"top {len(top)} of the deck: {names}",))


def _replace[B: DeckBoard](board: B, **changes: Any) -> B:
    """dataclasses.replace for any game's board (each is a frozen dataclass)."""
    return replace(board, **changes)  # type: ignore[type-var]  # a Protocol-bound value: a dataclass here
