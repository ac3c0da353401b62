"""Fictional sample cards and a legal sample deck per game, for the first start and the tests.

`<game>.json` holds `{"set": {"code", "name"}, "cards": {number: card fields}}`; `<game>-deck.json`
is a deck file naming only those cards.
"""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

from engine.cards import Card
from engine.deck import Deck
from engine.deckfile import load_deck

SAMPLES = Path(__file__).parent


def sample_card_set(game_id: str) -> dict[str, Any]:
    """The raw sample set: its `set` header and its `cards` as deck-file card objects."""
    return json.loads((SAMPLES / f"{game_id}.json").read_text(encoding="utf-8"))


def sample_cards(game_id: str) -> dict[str, Card]:
    raw = sample_card_set(game_id)["cards"]
    return {number: Card.from_dict(number, fields) for number, fields in raw.items()}


def sample_deck(game_id: str) -> Deck:
    """The game's legal sample deck, its cards looked up in the sample set."""
    cards = sample_cards(game_id)
    text = (SAMPLES / f"{game_id}-deck.json").read_text(encoding="utf-8")
    return load_deck(text, lookup=lambda _game, numbers: {n: cards[n] for n in numbers if n in cards})
