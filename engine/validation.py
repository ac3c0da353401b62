"""What a legality check reports, and the ban lists applied on top of each game's rules."""

from __future__ import annotations

from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field
from datetime import date
from typing import TYPE_CHECKING, Any, Literal

if TYPE_CHECKING:
    from engine.deck import Deck


@dataclass(frozen=True, slots=True)
class Violation:
    code: str  # stable, from §2.4 of the game's docs/rules page (for example "E04"), for tests and the UI
    rule: str  # the rule number the check comes from
    message: str  # what the player reads: what is wrong and what to do about it
    cards: tuple[str, ...] = ()  # card numbers involved
    # An error makes the deck illegal; a warning asks the player to check something by hand; info
    # only explains (for example that a game has no colour rule).
    severity: Literal["error", "warning", "info"] = "error"

    def to_dict(self) -> dict[str, Any]:
        return {
            "code": self.code,
            "rule": self.rule,
            "message": self.message,
            "cards": list(self.cards),
            "severity": self.severity,
        }


@dataclass(frozen=True)
class Report:
    """Every problem of a deck at once: errors make it illegal; warnings and info only inform."""

    violations: tuple[Violation, ...] = ()
    warnings: tuple[Violation, ...] = ()

    @property
    def legal(self) -> bool:
        return not self.violations

    @property
    def cautions(self) -> tuple[Violation, ...]:
        """The warnings proper: things to check by hand."""
        return tuple(w for w in self.warnings if w.severity == "warning")

    @property
    def notes(self) -> tuple[Violation, ...]:
        """Information only (a game with no colour rule, say): nothing to check or fix."""
        return tuple(w for w in self.warnings if w.severity == "info")

    @classmethod
    def of(cls, problems: Iterable[Violation]) -> Report:
        problems = list(problems)
        return cls(
            violations=tuple(p for p in problems if p.severity == "error"),
            warnings=tuple(p for p in problems if p.severity != "error"),
        )

    def to_dict(self) -> dict[str, Any]:
        return {
            "legal": self.legal,
            "violations": [v.to_dict() for v in self.violations],
            "warnings": [w.to_dict() for w in self.warnings],
        }


@dataclass(frozen=True)
class BanList:
    """An organiser's list, dated, on top of the rules: base number -> copies allowed (0 = banned)."""

    name: str
    effective: date
    limits: Mapping[str, int] = field(default_factory=dict)

    def check(self, deck: Deck, base_number: Any) -> list[Violation]:
        """Copies over the list's limit, counted per base number over every section."""
        found = []
        copies = deck.copies_by(lambda c: base_number(c.number))
        names = {base_number(c.number): c.name for c in deck.cards.values()}
        for base, limit in self.limits.items():
            n = copies.get(base, 0)
            if n <= limit:
                continue
            rule = f"{self.name} ({self.effective.isoformat()})"
            printings = tuple(sorted(c.number for c in deck.cards.values() if base_number(c.number) == base))
            if limit == 0:
                message = f"{names[base]} ({base}) is banned by {rule}. Remove all {n}."
                found.append(Violation("BANNED", rule, message, printings))
            else:
                message = (
                    f"{names[base]} ({base}) is limited to {limit} by {rule}; the deck has {n}. "
                    f"Remove {n - limit}."
                )
                found.append(Violation("LIMITED", rule, message, printings))
        return found
