"""DBS FW: a skill is read whole or left unread. "[On Play] Draw 1 card. Then, discard 2 cards from your
hand." (and the real "... Draw 1 card. Then, discard 1 card ...") is one skill, read as its draw and then
its discard; playing its draw alone would make a deck of them win earlier than the rules allow. Games
worked out by hand as in test_dbsfw_effects.py: 50 copies of one cost-1 card, no redraw."""

from __future__ import annotations

import pytest

from engine.effects import CardFilter, Condition, Effect
from engine.played_text import PLAYED, UNPLAYED, card_parts
from engine.readers import read_text
from engine.tests.test_dbsfw_effects import battle, deck_of, final

DRAW_THEN_DISCARD = [
    ("[On Play] Draw 1 card. Then, discard 2 cards from your hand.", "enters", 2),
    ("[On Play] Draw 1 card. Then, discard 1 card from your hand.", "enters", 1),
    ("[When Attacking] Draw 1 card. Then, discard 1 card from your hand.", "attacks", 1),
]


@pytest.mark.parametrize(("text", "when", "discards"), DRAW_THEN_DISCARD)
def test_a_draw_then_a_discard_is_one_part_read_whole(text, when, discards) -> None:
    reading = read_text("dbsfw", text)
    assert reading.effects == (Effect(when, "draw", 1), Effect(when, "discard", discards))
    assert reading.unread == ()
    parts = card_parts("dbsfw", battle(text, power=15000), {})
    assert [(p.text, p.status) for p in parts] == [(text, PLAYED)]


@pytest.mark.parametrize(("going", "hand"), [("first", 4), ("second", 5)])
def test_a_deck_of_them_discards_what_it_draws_and_more(going, hand) -> None:
    # Turn 1: 6 cards and the turn's draw (7), going first 1 charged (6); 1 played: 5 going first, 6
    # going second; its text draws 1 and discards 2: 4 and 5. The deck gave the turn's draw and the
    # text's, 36 - 2. Read as a draw alone it would be 2 cards more in hand.
    deck = deck_of(battle(DRAW_THEN_DISCARD[0][0]))
    played = final(deck, 1, going=going)
    assert (played["hand"], played["deck"], played["drop"]) == (hand, 34, 2)
    unplayed = final(deck, 1, card_effects=False, going=going)
    assert (unplayed["hand"], unplayed["deck"], unplayed["drop"]) == (hand + 1, 35, 0)


def test_a_draw_and_discard_with_a_cost_stays_unread() -> None:
    text = "[When Attacking](1) : Draw 2 cards. Then, discard 1 card from your hand."
    assert read_text("dbsfw", text).unread == (text,)
    assert [p.status for p in card_parts("dbsfw", battle(text), {})] == [UNPLAYED]


def test_a_draw_and_discard_after_a_condition_both_wait_and_are_played() -> None:
    # a failed condition stops the whole skill (0-3-17): the discard waits too, as the simulator's discard
    # after a draw does, the condition checked once for both (T_DISCARD_IF; the games:
    # test_dbsfw_energy_markers)
    text = (
        "[On Play] If there is a <Garro Venn> in your Battle Area, draw 2 cards. Then, discard 1 card from "
        "your hand."
    )
    waits = Condition("control-at-least", 1, CardFilter(type="battle", name="Garro Venn"))
    assert read_text("dbsfw", text).effects == (
        Effect("enters", "draw", 2, condition=waits),
        Effect("enters", "discard", 1, condition=waits),
    )
    assert [p.status for p in card_parts("dbsfw", battle(text), {})] == [PLAYED]


def test_an_awaken_keeps_its_flip_and_is_still_read() -> None:
    text = "[Awaken] When your life is at 4 or less, draw 1 card. Then, flip this card over."
    assert read_text("dbsfw", text).unread == ()
    assert [e.to_dict() for e in read_text("dbsfw", text).effects] == [
        {"when": "awaken", "do": "draw", "n": 1}
    ]
