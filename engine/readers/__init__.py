"""Text readers: a card's printed text into the effect vocabulary (engine/effects.py), per game.

Each game's module (engine/readers/<game>.py) reads one part of a text at a time, the parts its
played_text module cuts (lines, sentences, tags), and returns the effects that part says, or None when it
cannot read it. A part is read in full or not at all: a half-read sentence would play a card wrongly.
"""

from __future__ import annotations

from collections.abc import Callable, Mapping
from dataclasses import dataclass
from importlib import import_module
from types import ModuleType
from typing import Any

from engine.cards import Card
from engine.effects import Effect, describe
from engine.errors import DeckFileError
from engine.played_text import MAX_TEXT_CHARS, parts_of, too_long_part


@dataclass(frozen=True)
class Reading:
    effects: tuple[Effect, ...]
    read: tuple[str, ...]  # the parts read into effects
    unread: tuple[str, ...]  # the parts it could not read

    def to_dict(self) -> dict[str, object]:
        return {"effects": [e.to_dict() for e in self.effects], "unread": list(self.unread)}


def _reader(game_id: str) -> ModuleType | None:
    try:
        return import_module(f"engine.readers.{game_id}")
    except ModuleNotFoundError:
        return None


def has_reader(game_id: str) -> bool:
    return _reader(game_id) is not None


def read_part(game_id: str, part: str, name: str) -> tuple[Effect, ...] | None:
    """The effects one part of a card's text says, or None if the game's reader cannot read it.
    `name` is the card's own name, which its text uses for itself."""
    reader = _reader(game_id)
    effects = None if reader is None else reader.read_part(part.strip(), name)
    return effects if effects is None or _writable(effects) else None


def _writable(effects: tuple[Effect, ...]) -> bool:
    """Whether a deck file could hold these effects: a reading with a number beyond any printed card's
    ("Warp 99999999999999999999 - 《Wind》") is not one the goldfish could play, so the part stays unread
    rather than reported played and then refused by the run."""
    try:
        for effect in effects:
            Effect.from_dict("", effect.to_dict())
    except DeckFileError:
        return False
    return True


def played_part(
    game_id: str, part: str, card: Card, plays: Callable[[Effect], bool], policy: Mapping[str, Any]
) -> str | None:
    """For a game's played_text module: when the `card_effects` knob is on and every effect of this part
    (or, for a card whose effects are set by hand, every one of those) is one the simulator `plays`,
    what it does in words ("when it enters the field, draw 1 card"); else None."""
    if not policy.get("card_effects", True):
        return None
    effects = card.effects if card.effects is not None else read_part(game_id, part, card.name)
    if effects is None or not all(plays(e) for e in effects):
        return None
    return "; ".join(describe(e) for e in effects)


def read_text(game_id: str, text: str, name: str = "") -> Reading:
    """Every part of a text, read or not; the parts are the game's (engine.played_text). A text longer
    than any printed card's (MAX_TEXT_CHARS) is one unread part, its start, with no pattern run on it."""
    if len(text) > MAX_TEXT_CHARS:
        return Reading((), (), (too_long_part(text),))
    effects: list[Effect] = []
    read: list[str] = []
    unread: list[str] = []
    for part in parts_of(game_id, text):
        found = read_part(game_id, part, name)
        if found is None:
            unread.append(part)
        else:
            effects.extend(found)
            read.append(part)
    return Reading(tuple(effects), tuple(read), tuple(unread))


def card_effects(game_id: str, card: Card) -> tuple[Effect, ...]:
    """The effects the goldfish plays for a card: its own `effects` when set (by hand), else read."""
    if card.effects is not None:
        return card.effects
    return read_text(game_id, card.text, card.name).effects
