"""What changed between two versions of a deck's list: the cards whose count differs, by section.

A list is `{section: {card number: count}}`, the form a deck's saved versions keep; a card missing from
a section has count 0 there.
"""

from __future__ import annotations

from collections.abc import Mapping, Sequence
from dataclasses import dataclass

Cards = Mapping[str, Mapping[str, int]]


@dataclass(frozen=True, slots=True)
class CardChange:
    section: str
    card: str
    before: int
    after: int

    @property
    def delta(self) -> int:
        """Copies added (positive) or removed (negative)."""
        return self.after - self.before


def diff(before: Cards, after: Cards, sections: Sequence[str] = ()) -> tuple[CardChange, ...]:
    """Every card whose count changed, in the order of `sections` (the game's; others after, by name),
    then by card number."""
    names = set(before) | set(after)
    order = [s for s in sections if s in names] + sorted(names - set(sections))
    changes = []
    for section in order:
        old, new = before.get(section, {}), after.get(section, {})
        for card in sorted(set(old) | set(new)):
            if old.get(card, 0) != new.get(card, 0):
                changes.append(CardChange(section, card, old.get(card, 0), new.get(card, 0)))
    return tuple(changes)
