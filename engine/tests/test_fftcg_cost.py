"""FFTCG cost reductions played by the goldfish (engine/goldfish/fftcg.py `_reprice`): games worked out by
hand, with the decks of engine/tests/test_fftcg_effects.py (50 copies-in-spirit of one Fire Forward with
the generic icon, so any hand is the same hand; 5 cards, then draws of 1 / 2). A Forward paid with
discards takes its card and one discard for a cost of 1 or 2 (2 CP, 1 excess allowed, 11.4.6.4), two
discards for a cost of 3, none for a cost of 0 (11.4.6.2: nothing is paid). Forwards attack from the turn
after they enter, each hit 1 point of damage, 7 wins."""

from __future__ import annotations

import pytest

from engine.effects import CardFilter, Condition, Effect
from engine.played_text import card_parts
from engine.readers import read_text
from engine.tests.test_fftcg_effects import SIM, deck_with, kill_turns

PER_FORWARD = "The cost required to cast NAME is reduced by 1 for each Forward you control."
YOUR_FORWARDS = "The cost required to play your Forwards onto the field is reduced by 1{floor}."
IF_TWO = "If you control 2 or more Forwards, the cost required to cast NAME is reduced by 2."


def _stacked(text: str, cost: int, going: str, turns: int):
    deck = deck_with(text, cost=cost)
    order = [e.card for e in deck.entries("main") for _ in range(e.count)]
    return SIM.play_stacked(deck, SIM.params(going=going, max_turns=turns), order)


def _cast_costs(log) -> list[int]:
    """The CP each logged cast paid, in order ("cast Tester 1 (T1-001) for 2 CP by discarding ...")."""
    return [int(e.text.split(" for ")[1].split(" CP")[0]) for e in log.events if e.text.startswith("cast ")]


def test_the_reader_reads_each_shape_whole() -> None:
    forwards = CardFilter(type="forward")
    cases = [
        (PER_FORWARD, Effect("static", "cost", -1, per=forwards)),
        (IF_TWO, Effect("static", "cost", -2, condition=Condition("control-at-least", 2, forwards))),
        (
            YOUR_FORWARDS.format(floor=" (it cannot become 0)"),
            Effect("static", "cost", -1, forwards, floor=1),
        ),
    ]
    for text, effect in cases:
        reading = read_text("fftcg", text.replace("NAME", "Mira"), "Mira")
        assert reading.effects == (effect,) and reading.unread == ()
        assert Effect.from_dict("here", effect.to_dict()) == effect


@pytest.mark.parametrize(("going", "kill"), [("first", 4), ("second", 3)])
def test_a_reduction_for_each_forward_you_control(going, kill) -> None:
    """Cost 3, 1 less for each Forward you control. Going first, turn 1 (6 cards): 3 CP (3 cards), then 2
    (2 cards); the last card costs 1 and has no discard to pay it. Turn 2 (3 cards): 1 (2 cards), then 0
    (1 card); 2 attack (2). Turn 3: 2 free casts, 4 attack (6); turn 4: 6 attack, win. Going second,
    turn 1 (7 cards): 3, 2, then 1 (2 cards) and 3 Forwards; turn 2: 2 free casts, 3 attack; turn 3: 5
    attack (8), win. The vanilla cost-3 deck wins on turn 4 in both orders (spec S07)."""
    assert kill_turns(deck_with(PER_FORWARD, cost=3), going) == {kill: 300}
    assert kill_turns(deck_with(cost=3), going) == {4: 300}
    costs = [3, 2, 1, 0] if going == "first" else [3, 2, 1, 0, 0]  # the casts of turns 1 and 2
    assert _cast_costs(_stacked(PER_FORWARD, 3, going, 2)) == costs


@pytest.mark.parametrize(("going", "vanilla"), [("first", [3, 3]), ("second", [3, 3, 3])])
def test_a_reduction_while_you_control_2_or_more_forwards(going, vanilla) -> None:
    """Cost 3, 2 less while you control 2 Forwards. Turn 1: two casts of 3 (6 cards); the 7th card going
    second cannot pay 1 alone. Turn 2 (2 cards going first, 3 going second): 1, the card and a discard,
    a card kept going second. The vanilla deck (S07) casts nothing on turn 2 going first, and one for 3
    going second, its 3 cards."""
    log = _stacked(IF_TWO, 3, going, 2)
    assert _cast_costs(log) == [3, 3, 1]
    assert (log.final["forwards"], log.final["hand"]) == (3, 0 if going == "first" else 1)
    assert _cast_costs(_stacked("", 3, going, 2)) == vanilla


@pytest.mark.parametrize(("going", "free"), [("first", 2), ("second", 3)])
def test_a_reduction_of_your_forwards_and_its_floor(going, free) -> None:
    """Cost 2, every copy on the field makes your Forwards cost 1 less. Turn 1: 2, then 1 (each the card
    and a discard); then 0: the cards left (2 going first, 3 going second) enter free. "(it cannot become
    0)": the third and later cost 1, as the first two, so the turn plays as the vanilla deck's, 3 Forwards
    (6 cards), the 7th kept going second."""
    log = _stacked(YOUR_FORWARDS.format(floor=""), 2, going, 1)
    assert _cast_costs(log) == [2, 1] + [0] * free
    assert log.final["forwards"] == 2 + free
    floored = _stacked(YOUR_FORWARDS.format(floor=" (it cannot become 0)"), 2, going, 1)
    assert _cast_costs(floored) == [2, 1, 1]
    assert floored.final["forwards"] == _stacked("", 2, going, 1).final["forwards"] == 3


def test_each_reduction_is_played_and_a_summons_is_not_read() -> None:
    for text in (PER_FORWARD, IF_TWO, YOUR_FORWARDS.format(floor="")):
        card = deck_with(text).cards["T1-001"]
        assert [p.status for p in card_parts("fftcg", card, {})] == ["played"]
    summons = "The cost required to cast your Water Summons is reduced by 1 (it cannot become 0)."
    assert read_text("fftcg", summons, "Mira").unread == (summons,)


@pytest.mark.parametrize(("going", "kept"), [("first", 1), ("second", 2)])
def test_a_reduction_while_you_control_no_forward(going, kept) -> None:
    """Cost 3, 2 less while you control no Forward. Turn 1 (6 cards going first, 7 second): the first
    costs 1 (the card and a discard), the next 3 (the card and two discards); the cards left (1, 2) cannot
    pay 3. The vanilla deck casts two for 3."""
    log = _stacked(
        "If you don't control any Forwards, the cost required to cast NAME is reduced by 2.", 3, going, 1
    )
    assert _cast_costs(log) == [1, 3]
    assert (log.final["forwards"], log.final["hand"]) == (2, kept)
    assert _cast_costs(_stacked("", 3, going, 1)) == [3, 3]
