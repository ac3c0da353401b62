"""DBS FW: a skill is read whole or left unread. "[On Play] Draw 1 card. Then, discard 2 cards from your
hand." (and the real "... Draw 1 card. Then, discard 1 card ...") is one skill; with no discard in the
effect vocabulary, playing its draw alone would make a deck of them win earlier than the rules allow.
Games worked out by hand as in test_dbsfw_effects.py: 50 copies of one cost-1 card, no redraw."""

from __future__ import annotations

import pytest

from engine.played_text import UNPLAYED, card_parts
from engine.readers import read_text
from engine.tests.test_dbsfw_effects import battle, deck_of, final

DRAW_THEN_DISCARD = [
    "[On Play] Draw 1 card. Then, discard 2 cards from your hand.",
    "[On Play] Draw 1 card. Then, discard 1 card from your hand.",
    "[When Attacking] Draw 1 card. Then, discard 1 card from your hand.",
]


@pytest.mark.parametrize("text", DRAW_THEN_DISCARD)
def test_a_draw_then_a_discard_is_one_part_left_unread(text) -> None:
    reading = read_text("dbsfw", text)
    assert reading.effects == ()
    assert reading.unread == (text,)
    parts = card_parts("dbsfw", battle(text), {})
    assert [(p.text, p.status) for p in parts] == [(text, UNPLAYED)]


@pytest.mark.parametrize(("going", "hand"), [("first", 5), ("second", 6)])
def test_a_deck_of_them_plays_as_if_their_text_were_not_printed(going, hand) -> None:
    # Turn 1: 6 cards and the turn's draw (7), going first 1 charged (6); 1 played: 5 going first, 6
    # going second. Nothing else is drawn: the deck gave only the turn's draw, 36 - 1. Read as a draw
    # alone it would be 1 card more in hand and 1 fewer in the deck.
    deck = deck_of(battle(DRAW_THEN_DISCARD[0]))
    played = final(deck, 1, going=going)
    assert (played["hand"], played["deck"]) == (hand, 35)
    assert played == final(deck, 1, card_effects=False, going=going)


def test_an_awaken_keeps_its_flip_and_is_still_read() -> None:
    text = "[Awaken] When your life is at 4 or less, draw 1 card. Then, flip this card over."
    assert read_text("dbsfw", text).unread == ()
    assert [e.to_dict() for e in read_text("dbsfw", text).effects] == [
        {"when": "awaken", "do": "draw", "n": 1}
    ]
