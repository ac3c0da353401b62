"""How much of a card list's text the goldfish plays: the measure behind "card text played in full".

A goldfish result names the text of one deck that it did not play; this measures a whole card list, so
that a change to a reader can be judged on the real cards (issue 32, item 5). Each card is classified as
the deck's text report classifies it (engine.played_text, the goldfish's default policy knobs):

* `played`: every part of its text is played (a card without text too);
* `moot`: no part is unplayed and at least one is moot (it matters only against an opponent who acts);
* `not played`: some part is played as if it were not printed.

The unread parts are grouped by their shape: the sentence with its numbers, card names, traits and
elements replaced by placeholders, so that "Draw 2 cards." and "Draw 3 cards." are one shape, the most
common first: the list of what to read next.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

from engine.cards import Card
from engine.played_text import MOOT, UNPLAYED, card_parts

NUMBER = "N"
NAME = "NAME"
TRAIT = "TRAIT"
ELEMENT = "ELEMENT"

# Names in a sentence that a list does not need to know: a card name in quotes or brackets ("Card Name X"
# aside, which the names of the list replace), a DBS FW <name> or 《trait》, a Japanese 「name」 or 《trait》.
_QUOTED_NAMES = (
    (re.compile(r"<[^<>]+>"), f"<{NAME}>"),
    (re.compile(r"「[^「」]+」"), f"「{NAME}」"),
    (re.compile(r"《(?!(?:Dull|ダル|LB|ELEMENT)》)[^《》\d]{2,}》"), f"《{TRAIT}》"),  # not an FFTCG icon
)
_ELEMENT_ICON = re.compile(r"《(?:Fire|Ice|Wind|Earth|Lightning|Water|Light|Dark|[火氷風土雷水光闇])》")
_ELEMENT_WORD = re.compile(r"\b(?:Fire|Ice|Wind|Earth|Lightning|Water|Light|Dark)\b")
_NUMBER = re.compile(r"\d+|[０-９]+")


@dataclass(frozen=True)
class Coverage:
    """The measure of one card list: counts of cards, and the unread parts by shape."""

    game: str
    cards: int
    played: int
    moot: int
    not_played: int
    shapes: Counter[str] = field(default_factory=Counter)
    examples: Mapping[str, str] = field(default_factory=dict)  # a shape -> the first part that had it

    def share(self, count: int) -> float:
        return count / self.cards if self.cards else 0.0

    def most_common(self, n: int) -> list[tuple[str, int, str]]:
        """The `n` most common unread shapes, each with its count and an example, ties by shape."""
        ranked = sorted(self.shapes.items(), key=lambda item: (-item[1], item[0]))[:n]
        return [(shape, count, self.examples[shape]) for shape, count in ranked]

    def to_dict(self, top: int = 30) -> dict[str, Any]:
        return {
            "game": self.game,
            "cards": self.cards,
            "played": self.played,
            "moot": self.moot,
            "not_played": self.not_played,
            "played_share": round(self.share(self.played), 4),
            "moot_share": round(self.share(self.moot), 4),
            "not_played_share": round(self.share(self.not_played), 4),
            "unread_shapes": [
                {"shape": shape, "count": count, "example": example}
                for shape, count, example in self.most_common(top)
            ],
        }


def measure(game: str, cards: Sequence[Card], policy: Mapping[str, Any]) -> Coverage:
    """Classify every card's text as the goldfish plays it with `policy`, and count the unread shapes."""
    shaper = Shaper.for_cards(cards)
    played = moot = not_played = 0
    shapes: Counter[str] = Counter()
    examples: dict[str, str] = {}
    for card in cards:
        parts = card_parts(game, card, policy)
        unread = [p.text for p in parts if p.status == UNPLAYED]
        if unread:
            not_played += 1
        elif any(p.status == MOOT for p in parts):
            moot += 1
        else:
            played += 1
        for text in unread:
            shape = shaper.shape(text, own_name=card.name)
            shapes[shape] += 1
            examples.setdefault(shape, text)
    return Coverage(game, len(cards), played, moot, not_played, shapes, examples)


@dataclass(frozen=True)
class Shaper:
    """Turns a sentence into its shape, knowing the card names and traits of the list it measures."""

    names: re.Pattern[str] | None
    traits: re.Pattern[str] | None

    @classmethod
    def for_cards(cls, cards: Iterable[Card]) -> Shaper:
        cards = list(cards)
        return cls(_words([c.name for c in cards]), _words([t for c in cards for t in c.traits]))

    def shape(self, text: str, own_name: str = "") -> str:
        """`text` with quoted names, card names, traits, elements and numbers as placeholders."""
        text = _ELEMENT_ICON.sub(f"《{ELEMENT}》", text)
        for pattern, placeholder in _QUOTED_NAMES:
            text = pattern.sub(placeholder, text)
        if own_name:
            text = text.replace(own_name, NAME)
        if self.names is not None:
            text = self.names.sub(NAME, text)
        if self.traits is not None:
            text = self.traits.sub(TRAIT, text)
        text = _ELEMENT_WORD.sub(ELEMENT, text)
        return _NUMBER.sub(NUMBER, text)


def _words(words: Iterable[str]) -> re.Pattern[str] | None:
    """One pattern for all these words as whole words, the longest first ("Cloud of Darkness" before
    "Cloud"); words shorter than three letters are left out, as they match inside ordinary text."""
    unique = sorted({w.strip() for w in words if len(w.strip()) >= 3}, key=lambda w: (-len(w), w))
    if not unique:
        return None
    return re.compile(r"(?<!\w)(?:" + "|".join(re.escape(w) for w in unique) + r")(?!\w)")
