"""What every game shares: its sections and formats, its draw procedure, and the validation hook."""

from __future__ import annotations

import difflib
import enum
import re
from abc import ABC, abstractmethod
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import ClassVar

from engine.cards import Card
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

    def last_draw_turn(self, deck_size: int) -> int:
        """The last own turn on which a deck of this size still has a card to draw (either play order):
        past it the odds cannot change, so it is as far as a table of them need go."""
        left = deck_size - self.opening_hand - self.set_aside_after_mulligan
        turn = 0
        while left > 0 and self.draws_per_turn + self.set_aside_per_turn > 0:
            turn += 1
            left -= self.draws_on_turn(turn, going_first=False) + self.set_aside_per_turn
        return turn


@dataclass(frozen=True, slots=True)
class Section:
    id: str
    label: str
    # The card type that goes to this section rather than the main deck (the DBS FW Leader), if any.
    holds: str | None = None


# What the card numbers of every game are made of, for where the game is not known yet (an API path):
# letters and digits in groups joined by one "-" or "_". Each game's `number_pattern` is narrower.
ANY_CARD_NUMBER = r"[A-Za-z0-9]+(?:[-_][A-Za-z0-9]+)*"


class GameRules(ABC):
    """One game's facts as class attributes, and its deck construction checks."""

    id: ClassVar[str]
    name: ClassVar[str]
    short_name: ClassVar[str]  # short enough for a select on a phone
    accent: ClassVar[str] = "#7f8c8d"  # the CSS colour that marks the game's tiles and deck rows
    # Whether the publisher has a card list the importer fetches (engine/importers); otherwise the cards
    # are entered by hand on the maintainers' pages.
    official_card_list: ClassVar[bool] = False
    # The card fact a card list's power filter reads, and its name (GBF prints ATK instead of power).
    power_field: ClassVar[str] = "power"
    power_word: ClassVar[str] = "Power"
    formats: ClassVar[tuple[str, ...]]  # the first is the default
    sections: ClassVar[tuple[Section, ...]]
    main_section: ClassVar[str] = "main"  # the shuffled deck that draws come from
    card_types: ClassVar[tuple[str, ...]]
    colors: ClassVar[tuple[str, ...]]
    # The game's own word for what `colors` holds (FFTCG element, DBS FW colour, GBF and Fire Force
    # attribute), as its players say it.
    color_word: ClassVar[str]
    # Two cards a player of the game might want together in an opening hand, for the odds panel's hint.
    odds_example: ClassVar[str]
    draw_rules: ClassVar[DrawRules]

    @property
    def section_ids(self) -> tuple[str, ...]:
        return tuple(s.id for s in self.sections)

    # Formats played with the cards of a pool opened there (sealed, draft): no ban list applies by default.
    sealed_formats: ClassVar[tuple[str, ...]] = ()
    # The printed rarities, as a card list filters by them; for games that print the rarity at the end
    # of the card number (FFTCG 1-001C, GBF SX01-001UC) that is where it is read, else from the card data.
    rarities: ClassVar[tuple[str, ...]] = ()
    rarity_in_number: ClassVar[bool] = False
    # The section whose card's colours bound the deck's (the DBS FW Leader, 6-1-4-1), if any.
    colour_source_section: ClassVar[str | None] = None
    # Sections that hold one card (the DBS FW Leader): adding a card there replaces the one it holds.
    single_card_sections: ClassVar[tuple[str, ...]] = ()
    # What the deck's curve counts: the cost, or (GBF, whose cards print no cost) the rank.
    curve_label: ClassVar[str] = "Cost"
    # Decklist text (engine.decklist): the header words (lower case, counts and punctuation removed) that
    # switch to a section; the keyword that sends a card to a section when no header named one; the text
    # formats a deck exports to, id -> what players call it, the first the default (card-data.md 1.4, 2.4,
    # 5.3), each of which reads back.
    decklist_headers: ClassVar[Mapping[str, str]]
    keyword_sections: ClassVar[Mapping[str, str]] = {}
    # What the cards set aside after the mulligan become (DBS FW and Fire Force life, GBF armor), as the
    # sample hand names them.
    set_aside_label: ClassVar[str] = "set aside"

    def section_size(self, format: str, section: str) -> tuple[int, int | None]:
        """How many cards a section should hold in a format: (least, most), most None for no limit. From
        the constants the game's check() enforces, so the deck page and the legality check agree."""
        return (0, None)

    def section_holding(self, card_type: str) -> str | None:
        """The section a card of this type always goes to (the DBS FW Leader's), if any."""
        return next((s.id for s in self.sections if s.holds == card_type), None)

    def sections_for_card(self, format: str, card_type: str, keywords: Sequence[str]) -> list[str]:
        """The sections a card can be added to from the card browser (the legality check does the rest):
        the section that holds its type, else the one a keyword of it names, else the main deck."""
        keyed = (self.keyword_sections[k] for k in keywords if k in self.keyword_sections)
        return [self.section_holding(card_type) or next(keyed, self.main_section)]

    def curve_value(self, card: Card) -> int | None:
        return card.cost

    # The largest cost and power a printed card of these games can have; past it the data is wrong.
    MAX_COST: ClassVar[int] = 99
    MAX_POWER: ClassVar[int] = 1_000_000

    # What the game's card numbers look like (research/card-data.md 5.1), matched whole and ignoring
    # case: loose about set codes and lengths, as publishers add sets, but made of letters, digits and
    # the game's own separators only, since a number names its card's page (/cards/<game>/<number>/)
    # and a "/", "..", "?", "#" or "%" there breaks every page that links it.
    number_pattern: ClassVar[re.Pattern[str]]
    number_examples: ClassVar[str]  # a few real shapes, for the message that refuses a number
    MAX_NUMBER_LENGTH: ClassVar[int] = 32  # the card table's column

    def number_problem(self, number: str) -> str | None:
        """Why `number` cannot be a card number of this game, or None when it can. Every way a number
        enters (the maintainers' form, an import, a deck file, the API) asks this."""
        if len(number) <= self.MAX_NUMBER_LENGTH and self.number_pattern.fullmatch(number):
            return None
        shown = repr(number[:40]) + ("…" if len(number) > 40 else "")
        return (
            f"{shown} is not a {self.short_name} card number: it is letters and digits like "
            f"{self.number_examples}, at most {self.MAX_NUMBER_LENGTH} characters."
        )

    def card_problems(self, card: Card) -> list[str]:
        """What is wrong with a card's data for this game (a malformed number, unknown colours, a cost or
        power out of range), each naming the card: the card database and deck files refuse such a card
        before it is played."""
        if problem := self.number_problem(card.number):
            return [problem]  # the number is how the others name the card, so it alone is said
        where = f"Card {card.number} ({card.name})"
        problems = []
        if self.colors and (unknown := [c for c in card.colors if c not in self.colors]):
            problems.append(
                f"{where}: unknown {self.color_word.lower()} {', '.join(map(repr, unknown))}; "
                f"the {self.color_word.lower()}s are {', '.join(self.colors)}."
            )
        if card.cost is not None and not 0 <= card.cost <= self.MAX_COST:
            problems.append(f"{where}: a cost of {card.cost} is not a printed cost (0 to {self.MAX_COST}).")
        if card.power is not None and not 0 <= card.power <= self.MAX_POWER:
            problems.append(
                f"{where}: a power of {card.power} is not a printed power (0 to {self.MAX_POWER:,})."
            )
        return problems

    def draw_rules_for(self, deck: Deck) -> DrawRules:
        """The draw rules as this deck plays them: a card that changes a setup value (the DBS FW Leader
        that starts with other than 8 life) changes them; otherwise the game's."""
        return self.draw_rules

    def display_name(self, name: str) -> str:
        """A printed name as a list shows it; games whose names pack several parts space them out."""
        return name

    def base_number(self, number: str) -> str:
        """The number shared by every printing of a card, which copy limits count by."""
        return number

    def printed_text(self, text: str) -> str:
        """A stored card text as the card prints it, in lines: a game whose official list marks its text
        up (FFTCG) turns the markup into the printed words; the others store the printed text."""
        return text

    def validate(self, deck: Deck, banlist: BanList | None = None) -> Report:
        """Every violation of the game's construction rules, then of the ban list, at once."""
        return Report.of([*self.check(deck), *self.beyond_the_rules(deck, banlist)])

    def beyond_the_rules(self, deck: Deck, banlist: BanList | None) -> list[Violation]:
        """What every game checks besides its own rules: the ban list, and keys of the deck file that
        were not understood."""
        problems = banlist.check(deck, self.base_number) if banlist is not None else []
        return [*problems, *(_unknown_key(key) for key in deck.unknown_keys)]

    @abstractmethod
    def check(self, deck: Deck) -> Iterable[Violation]:
        """Every violation (and warning) of the game's own deck construction rules."""


def _unknown_key(key: str) -> Violation:
    from engine.deckfile import FILE_KEYS  # deckfile reads games: imported here, where it is needed

    close = difflib.get_close_matches(key, FILE_KEYS, n=1)
    hint = f" Did you mean {close[0]!r}?" if close else ""
    return Violation(
        "F01",
        "deck file",
        f"The deck file has a key {key!r} that the format does not know, so it was ignored.{hint} "
        f"The keys are {', '.join(FILE_KEYS)}.",
        severity="warning",
    )
