"""The cards a player owns, set against a deck: how many of its cards they have, which they lack, and the
collection as a CSV file of `number,count` lines (the shape collection apps export).

Owned copies are counted by base number (GameRules.base_number): every printing of a card is the same
card to a player building a deck, as it is to the copy limits.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Callable, Mapping, Set
from dataclasses import dataclass

from engine.deck import Deck, DeckEntry

CSV_HEADER = ("number", "count")
MAX_COPIES = 9999  # more copies of one card than anyone owns: a typo
MAX_CSV_BYTES = 2_000_000  # a full collection of every printing of a game is well under this


class CollectionFileError(ValueError):
    """A CSV file with lines that cannot be read: each problem names its line."""

    def __init__(self, problems: list[str]) -> None:
        super().__init__("; ".join(problems))
        self.problems = problems


@dataclass(frozen=True)
class Shortfall:
    """What a collection lacks of a deck: `owned` of the deck's `total` cards are owned, and `missing`
    holds, by section, the deck's printings still to get with the copies lacking, in the deck's order."""

    owned: int
    total: int
    missing: Mapping[str, tuple[DeckEntry, ...]]

    @property
    def missing_count(self) -> int:
        return self.total - self.owned


def shortfall(deck: Deck, owned: Mapping[str, int], base_number: Callable[[str], str]) -> Shortfall:
    """The deck's cards against the copies owned by base number. Copies are counted over every section
    (a side deck's cards are cards to own too); a card in two printings or two sections needs the copies
    of both, and the owned copies cover them in the order the deck lists them."""
    left = dict(owned)
    owned_total = total = 0
    missing: dict[str, tuple[DeckEntry, ...]] = {}
    for section in deck.sections:
        lacking = []
        for entry in deck.entries(section):
            base = base_number(entry.card)
            have = min(entry.count, left.get(base, 0))
            left[base] = left.get(base, 0) - have
            total += entry.count
            owned_total += have
            if have < entry.count:
                lacking.append(DeckEntry(entry.card, entry.count - have))
        if lacking:
            missing[section] = tuple(lacking)
    return Shortfall(owned_total, total, missing)


def read_csv(text: str, base_number: Callable[[str], str], known: Set[str]) -> dict[str, int]:
    """Copies by base number from `number,count` lines under that header; `known` holds the game's base
    numbers. Two lines of one card (two printings of it) add up; a count of 0 is kept (it says "none").
    Every bad line is reported together, and nothing is returned then: a file is taken whole or not at
    all."""
    rows = list(csv.reader(io.StringIO(text.lstrip("\ufeff"))))
    while rows and not any(cell.strip() for cell in rows[-1]):
        rows.pop()
    if not rows or tuple(cell.strip().lower() for cell in rows[0][:2]) != CSV_HEADER:
        raise CollectionFileError(['Line 1: the first line must be the header "number,count".'])
    counts: dict[str, int] = {}
    problems: list[str] = []
    for line, row in enumerate(rows[1:], start=2):
        cells = [cell.strip() for cell in row]
        if not any(cells):
            continue
        if len(cells) < 2 or not cells[0]:
            problems.append(f"Line {line}: expected a card number and a count, as in 1-001H,3.")
            continue
        number, count_text = cells[0], cells[1]
        if not count_text.isdigit() or int(count_text) > MAX_COPIES:
            problems.append(f"Line {line}: “{count_text}” is not a count of copies (0 to {MAX_COPIES}).")
            continue
        base = base_number(number)
        if base not in known:
            problems.append(f"Line {line}: no card numbered {number} in this game.")
            continue
        counts[base] = counts.get(base, 0) + int(count_text)
    if problems:
        raise CollectionFileError(problems)
    return counts


def write_csv(owned: Mapping[str, int]) -> str:
    """The collection as `number,count` lines under the header, by base number: read_csv reads it back
    the same."""
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\n")
    writer.writerow(CSV_HEADER)
    for base in sorted(owned):
        if owned[base] > 0:
            writer.writerow((base, owned[base]))
    return out.getvalue()
