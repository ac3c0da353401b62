"""What every importer returns: the cards it could read, and every record it could not, with why."""

from __future__ import annotations

import unicodedata
from collections.abc import Mapping
from dataclasses import dataclass, field
from typing import Any

from engine.cards import Card
from engine.inputs import clean_text


@dataclass(frozen=True, slots=True)
class ImportedCard:
    """One card read from a source, ready to be stored.

    `card.number` is the number of the printing the record named first; `base_number` is the key that
    copy limits count by and that the database upserts on; `aliases` are the other printings of the same
    card (FFTCG reprint codes joined by "/", DBS FW `_pN` parallels). `extra` holds source facts that
    `Card` has no field for (rarity, GBF epithet and version, Fire Force trigger text, ...), plain JSON.
    """

    card: Card
    base_number: str
    aliases: tuple[str, ...] = ()
    set_code: str = ""
    set_name: str = ""
    image_url: str = ""
    extra: Mapping[str, Any] = field(default_factory=dict)


@dataclass(frozen=True, slots=True)
class Rejected:
    """A record the importer skipped: where it was (1-based), its number if it had one, and why."""

    index: int
    number: str
    reason: str

    def __str__(self) -> str:
        where = f"record {self.index}" + (f" ({self.number})" if self.number else "")
        return f"{where}: {self.reason}"


@dataclass(slots=True)
class ParseResult:
    cards: list[ImportedCard] = field(default_factory=list)
    rejected: list[Rejected] = field(default_factory=list)


class BadRecord(ValueError):
    """Raised inside a parser for one record; the parser turns it into a `Rejected` and goes on."""


class Collector:
    """Gathers parsed cards in order, rejecting a second record with a base number already seen."""

    def __init__(self) -> None:
        self.result = ParseResult()
        self._seen: dict[str, tuple[int, int]] = {}  # base number -> (record index, position in cards)

    def add(self, index: int, imported: ImportedCard) -> None:
        first = self._seen.get(imported.base_number)
        if first is not None:
            self.reject(
                index, imported.card.number, f"duplicate of record {first[0]} ({imported.base_number})"
            )
            return
        self._seen[imported.base_number] = (index, len(self.result.cards))
        self.result.cards.append(imported)

    def get(self, base_number: str) -> ImportedCard | None:
        found = self._seen.get(base_number)
        return None if found is None else self.result.cards[found[1]]

    def replace(self, imported: ImportedCard) -> None:
        """Put a changed version of an already collected card in its place (same base number)."""
        self.result.cards[self._seen[imported.base_number][1]] = imported

    def reject(self, index: int, number: str, reason: str) -> None:
        self.result.rejected.append(Rejected(index, number, reason))


def normalise(value: Any) -> str:
    """A code or number as trimmed text, full-width letters and digits made half-width (NFKC).

    Only for codes and numbers: NFKC would also turn circled cost digits in rules text into plain ones.
    """
    if value is None:
        return ""
    return unicodedata.normalize("NFKC", str(value)).strip()


def clean(value: Any) -> str:
    """Names and rules text: trimmed and without hidden characters (engine.inputs), otherwise as the
    source wrote them."""
    return "" if value is None else clean_text(str(value)).strip()


def whole_number(value: Any, what: str) -> int | None:
    """An int from a number or numeric text; None for a missing value, "" and "-" (printed "no value")."""
    if value is None:
        return None
    if isinstance(value, int) and not isinstance(value, bool):
        return value
    if isinstance(value, float) and value.is_integer():
        return int(value)
    text = normalise(value).replace(",", "")
    if text in ("", "-", "—", "ー"):
        return None
    try:
        return int(text)
    except ValueError:
        raise BadRecord(f"{what} {value!r} is not a whole number") from None


def required_text(record: Mapping[str, Any], key: str, what: str | None = None) -> str:
    text = clean(record.get(key))
    if not text:
        raise BadRecord(f"the field '{what or key}' is missing")
    return text
