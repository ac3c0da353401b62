"""The printed data of a card, shared by every game (docs/deck-file.md, "Card fields")."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass, field, fields
from typing import Any

from engine.effects import Effect, read_effects
from engine.errors import DeckFileError

# Fields whose value is a list of strings in the deck file and a tuple here.
_LIST_FIELDS = ("colors", "traits", "keywords")
_INT_FIELDS = ("cost", "power", "lb_cost", "combo_power", "rank", "atk", "hp", "support_power")


@dataclass(frozen=True, slots=True)
class Card:
    """One card as printed. Fields that do not apply to a game stay None or empty.

    `number` is the printing's number as the deck names it; the game decides which printings share a
    base number for copy limits (`GameRules.base_number`).
    """

    number: str
    name: str
    type: str
    colors: tuple[str, ...] = ()
    cost: int | None = None
    power: int | None = None
    traits: tuple[str, ...] = ()
    keywords: tuple[str, ...] = ()
    text: str = ""
    # Deck-construction rules printed on the card, as structured objects (§3.6 of each
    # game: {"kind", "n", "filter", ...}); a card whose text could not be parsed has kind UNPARSED.
    deck_rules: tuple[Mapping[str, Any], ...] = ()
    # FFTCG
    lb_cost: int | None = None
    # DBS Fusion World
    specified_cost: Mapping[str, int] = field(default_factory=dict)
    combo_power: int | None = None
    back: Mapping[str, Any] | None = None
    # GRANBLUE FANTASY
    rank: int | None = None
    gender: str | None = None
    character_name: str | None = None
    atk: int | None = None
    hp: int | None = None
    # Fire Force
    support_power: int | None = None
    # What the goldfish plays of the text (engine/effects.py): None reads them from `text`, () is vanilla
    # on purpose.
    effects: tuple[Effect, ...] | None = None

    def has(self, keyword: str) -> bool:
        return keyword in self.keywords

    def to_dict(self) -> dict[str, Any]:
        """The deck file's card object: every field that is set, without `number` (the key)."""
        out: dict[str, Any] = {}
        for f in fields(self):
            value = getattr(self, f.name)
            if f.name == "effects":
                if value is not None:  # an empty list says "vanilla on purpose" and is kept
                    out["effects"] = [e.to_dict() for e in value]
                continue
            if f.name == "number" or value is None or value == () or value == {} or value == "":
                continue
            out[f.name] = list(value) if isinstance(value, tuple) else value
        return out

    @classmethod
    def from_dict(cls, number: str, data: Mapping[str, Any]) -> Card:
        """Read a deck file's card object; raise DeckFileError naming the card and the field."""
        if not isinstance(data, Mapping):
            raise DeckFileError(f"Card {number}: expected an object of card fields.")
        known = {f.name for f in fields(cls)} - {"number"}
        values: dict[str, Any] = {}
        for key, value in data.items():
            if key not in known or value is None:
                continue  # more keys may be added to the format; unknown ones are ignored
            values[key] = _clean_field(number, key, value)
        for required in ("name", "type"):
            if required not in values:
                raise DeckFileError(f"Card {number}: the field '{required}' is missing.")
        return cls(number=number, **values)


def _clean_field(number: str, key: str, value: Any) -> Any:
    if key in _LIST_FIELDS:
        if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
            raise DeckFileError(f"Card {number}: '{key}' must be a list of strings.")
        return tuple(v.lower() if key != "traits" else v for v in value)
    if key in _INT_FIELDS:
        if isinstance(value, bool) or not isinstance(value, int):
            raise DeckFileError(f"Card {number}: '{key}' must be a whole number, not {value!r}.")
        return value
    if key == "specified_cost":
        if not isinstance(value, Mapping) or not all(
            isinstance(v, int) and not isinstance(v, bool) and v >= 0 for v in value.values()
        ):
            raise DeckFileError(f"Card {number}: 'specified_cost' must map colours to counts.")
        return {str(k).lower(): v for k, v in value.items()}
    if key == "deck_rules":
        if not isinstance(value, list) or not all(isinstance(r, Mapping) and "kind" in r for r in value):
            raise DeckFileError(f"Card {number}: 'deck_rules' must be a list of objects with a 'kind'.")
        return tuple(dict(r) for r in value)
    if key == "effects":
        return read_effects(f"Card {number}", value)
    if key == "back":
        if not isinstance(value, Mapping):
            raise DeckFileError(f"Card {number}: 'back' must be an object.")
        return dict(value)
    if not isinstance(value, str):
        raise DeckFileError(f"Card {number}: '{key}' must be text.")
    return value.lower() if key in ("type", "gender") else value
