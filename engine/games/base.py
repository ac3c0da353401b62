"""What every game shares: its sections and formats, its draw procedure, and the validation hook."""

from __future__ import annotations

import enum
from abc import ABC, abstractmethod
from collections.abc import Iterable
from dataclasses import dataclass
from typing import ClassVar

from engine.deck import Deck
from engine.validation import BanList, Report, Violation


class Mulligan(enum.Enum):
    """How a game lets a player exchange the opening hand, once, before the game starts."""

    BOTTOM_ALL = "bottom-all"  # the whole hand under the deck, no shuffle, draw as many (FFTCG)
    SHUFFLE_ALL = "shuffle-all"  # the whole hand back, shuffle, draw as many (DBS FW, Fire Force)
    BOTTOM_ANY = "bottom-any"  # any number of cards under the deck, no shuffle, draw as many (GBF)


@dataclass(frozen=True, slots=True)
class DrawRules:
    """Where the cards from the top of the main deck go, from setup to the end of each own turn.

    Statistics and simulations read these facts; nothing else states them.
    """

    opening_hand: int
    mulligan: Mulligan
    # Cards taken from the top after the mulligan into a zone that is not the hand (life, armor).
    set_aside_after_mulligan: int
    draws_per_turn: int
    # Draws in the first player's first turn (FFTCG 1, GBF 0; the others as any turn).
    first_player_first_turn_draws: int
    # Cards taken from the top after the draws of each own turn into a zone that is not the hand
    # (GBF's crystal).
    set_aside_per_turn: int = 0

    def draws_on_turn(self, turn: int, going_first: bool) -> int:
        """Cards drawn into the hand in the draw of own turn `turn` (1-based)."""
        if turn == 1 and going_first:
            return self.first_player_first_turn_draws
        return self.draws_per_turn


@dataclass(frozen=True, slots=True)
class Section:
    id: str
    label: str


class GameRules(ABC):
    """One game's facts as class attributes, and its deck construction checks."""

    id: ClassVar[str]
    name: ClassVar[str]
    formats: ClassVar[tuple[str, ...]]  # the first is the default
    sections: ClassVar[tuple[Section, ...]]
    main_section: ClassVar[str] = "main"  # the shuffled deck that draws come from
    card_types: ClassVar[tuple[str, ...]]
    colors: ClassVar[tuple[str, ...]]
    draw_rules: ClassVar[DrawRules]

    @property
    def section_ids(self) -> tuple[str, ...]:
        return tuple(s.id for s in self.sections)

    def base_number(self, number: str) -> str:
        """The number shared by every printing of a card, which copy limits count by."""
        return number

    def validate(self, deck: Deck, banlist: BanList | None = None) -> Report:
        """Every violation of the game's construction rules, then of the ban list, at once."""
        problems = list(self.check(deck))
        if banlist is not None:
            problems += banlist.check(deck, self.base_number)
        return Report.of(problems)

    @abstractmethod
    def check(self, deck: Deck) -> Iterable[Violation]:
        """Every violation (and warning) of the game's own deck construction rules."""
