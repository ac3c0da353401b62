"""A deck: which cards, how many, in which section, with the printed data of each card."""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Iterator, Mapping
from dataclasses import dataclass
from typing import Any

from engine.cards import Card


@dataclass(frozen=True, slots=True)
class DeckEntry:
    card: str  # the printing's number, a key of Deck.cards
    count: int


@dataclass(frozen=True)
class Deck:
    """A deck as the engine sees it; every number in `sections` is a key of `cards`.

    A deck may be illegal: validation reports what is wrong, it never refuses to build the object.
    """

    game: str
    format: str
    sections: Mapping[str, tuple[DeckEntry, ...]]
    cards: Mapping[str, Card]
    name: str = ""
    # Keys of the deck file this deck was read from that the format does not know (a typo such as
    # "fromat"): validation warns about each, as the deck may not be what its maker meant.
    unknown_keys: tuple[str, ...] = ()

    def entries(self, section: str) -> tuple[DeckEntry, ...]:
        return self.sections.get(section, ())

    def size(self, section: str) -> int:
        return sum(e.count for e in self.entries(section))

    def cards_in(self, section: str) -> Iterator[tuple[Card, int]]:
        """Each card of a section with its count, in the order the deck lists them."""
        for entry in self.entries(section):
            yield self.cards[entry.card], entry.count

    def copies_by(self, key: Callable[[Card], str], sections: tuple[str, ...] | None = None) -> Counter[str]:
        """Total copies per key (a base number, a name...) over the given sections (default: all)."""
        totals: Counter[str] = Counter()
        for section in sections if sections is not None else tuple(self.sections):
            for card, count in self.cards_in(section):
                totals[key(card)] += count
        return totals

    def pool(self, section: str) -> list[Card]:
        """The section as a flat list of cards, one item per copy (what gets shuffled)."""
        return [card for card, count in self.cards_in(section) for _ in range(count)]

    def to_dict(self) -> dict[str, Any]:
        """The deck file (docs/deck-file.md) with the printed data of every card it names."""
        out: dict[str, Any] = {"game": self.game, "format": self.format}
        if self.name:
            out["name"] = self.name
        out["sections"] = {
            section: [{"card": e.card, "count": e.count} for e in entries]
            for section, entries in self.sections.items()
            if entries
        }
        used = {e.card for entries in self.sections.values() for e in entries}
        out["cards"] = {n: self.cards[n].to_dict() for n in sorted(used)}
        return out
