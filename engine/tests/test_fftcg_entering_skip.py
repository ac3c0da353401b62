"""The FFTCG game resolves a cast card's entering text only when `_resolves_on_entering` finds a column of it
set: most cards have none, and the call it saves passes 33 arrays (a tenth of a game's time). A step added to
`_resolve_entered` whose column the check does not read would be skipped without a word, so every sentence of
the FFTCG corpus whose entering effect the goldfish plays (the text report's `plays_for`) must pass it."""

from __future__ import annotations

import json
from pathlib import Path

import pytest

from engine import Card, Deck, DeckEntry
from engine.goldfish.fftcg import _resolves_on_entering, compile_deck, plays_for
from engine.readers import card_effects

CORPUS = Path(__file__).resolve().parent / "corpora" / "fftcg.json"
TYPES = ("forward", "backup", "monster")


def _kind_table(card: Card):
    sections = {"main": (DeckEntry(card.number, 50),), "lb": ()}
    deck = Deck("fftcg", "constructed", sections, {card.number: card})
    return compile_deck(deck).arrays[2]


def _entering_sentences() -> list[tuple[str, str, str]]:
    """(card name, text, card type) of each corpus sentence with an entering effect the goldfish plays on a
    card of that type."""
    found = []
    for entry in json.loads(CORPUS.read_text(encoding="utf-8")):
        for card_type in TYPES:
            card = Card("E-1", entry["name"], card_type, ("fire",), 3, text=entry["text"])
            if any(e.when == "enters" and plays_for(card_type, e) for e in card_effects("fftcg", card)):
                found.append((entry["name"], entry["text"], card_type))
    return found


SENTENCES = _entering_sentences()


def test_the_corpus_has_entering_effects_of_many_kinds() -> None:
    assert len(SENTENCES) >= 150


@pytest.mark.parametrize(("name", "text", "card_type"), SENTENCES)
def test_a_played_entering_effect_is_resolved(name: str, text: str, card_type: str) -> None:
    card = Card("E-1", name, card_type, ("fire",), 3, text=text)
    assert _resolves_on_entering(0, _kind_table(card))


@pytest.mark.parametrize("card_type", TYPES)
def test_a_card_without_entering_text_skips_the_call(card_type: str) -> None:
    for text in ("", "Haste", "When Entering attacks, draw 1 card.", "Entering cannot attack."):
        card = Card("E-1", "Entering", card_type, ("fire",), 3, text=text)
        assert not _resolves_on_entering(0, _kind_table(card)), text
