"""DBS FW: life cards into the hand, then a draw that waits for a condition ("[On Play] Add up to 1 card from
your life to your hand. Then, if you have 7 or fewer cards in your hand, draw 1 card.", "[On Play] Add 1
card from your life to your hand. Then, if your life is at 2 or less, draw 1 card."): the draw's condition
is checked after the life card came to the hand (「その後」). Games worked out by hand from
docs/rules/dbsfw.md in both play orders; the opponent's Leader (99000) is never hit.
"""

from __future__ import annotations

import pytest

from engine import Card, Deck, DeckEntry
from engine.effects import Condition, Effect
from engine.goldfish import get_simulator
from engine.played_text import PLAYED, card_parts
from engine.readers import read_text

SIM = get_simulator("dbsfw")
LEADER = Card("TL-001", "Test Leader", "leader", ("red",), power=15000)
UP_TO_IF_HAND = (
    "[On Play] Add up to 1 card from your life to your hand. Then, if you have {n} or fewer cards in your"
    " hand, draw 1 card."
)
UP_TO_IF_HAND_JA = (
    "【登場時】自分のライフ1枚までを手札に加える。その後、自分の手札が{n}枚以下の場合、カード1枚を引く。"
)
MUST_IF_LIFE = (
    "[On Play] Add 1 card from your life to your hand. Then, if your life is at {n} or less, draw 1 card."
)
MUST_IF_LIFE_JA = (
    "【登場時】自分のライフ1枚を手札に加える。その後、自分のライフが{n}以下の場合、カード1枚を引く。"
)


def battle_card(text: str) -> Card:
    return Card(
        "TB-001", "Taker", "battle", ("red",), 1, power=0, specified_cost={"red": 1}, combo_power=None,
        text=text,
    )  # fmt: skip


@pytest.mark.parametrize(
    ("text", "life", "draw"),
    [
        (UP_TO_IF_HAND, Effect("enters", "life", 1, optional=True), Condition("hand-at-most", 7)),
        (UP_TO_IF_HAND_JA, Effect("enters", "life", 1, optional=True), Condition("hand-at-most", 7)),
        (MUST_IF_LIFE, Effect("enters", "life", 1), Condition("life-at-most", 7)),
        (MUST_IF_LIFE_JA, Effect("enters", "life", 1), Condition("life-at-most", 7)),
    ],
)
def test_read_whole_and_reported_played(text, life, draw) -> None:
    text = text.format(n=7)
    assert read_text("dbsfw", text, "Taker").effects == (life, Effect("enters", "draw", 1, condition=draw))
    assert [p.status for p in card_parts("dbsfw", battle_card(text), {})] == [PLAYED]


@pytest.mark.parametrize("text", [UP_TO_IF_HAND, UP_TO_IF_HAND_JA, MUST_IF_LIFE, MUST_IF_LIFE_JA])
@pytest.mark.parametrize(
    ("going", "n", "hand", "deck"),
    [
        # Going second, nothing charged: 6 + 1 drawn = 7 in hand; the marker plays one Taker (life 8 is
        # more than the hand's 7 takes): hand 6; it takes 1 life card: life 7, hand 7. Then the draw: with
        # 7 (7 cards in the hand, life 7) it draws: hand 8, the deck 50 - 6 - 8 life - 1 - 1 = 34; with 6
        # it does not (it would, were the condition checked before the life card: hand 6, life 8 > 6 but
        # hand 6 <= 6), hand 7, deck 35.
        ("second", 7, 8, 34),
        ("second", 6, 7, 35),
        # Going first, a card charged: 7 in hand, 6 after the charge; the energy plays one Taker (8 > 6):
        # hand 5; the life card: life 7, hand 6. With 7 (hand 6 <= 7, life 7 <= 7) it draws: hand 7, deck
        # 34; with 5 (hand 6, life 7) it does not (hand 5 <= 5 would draw, were the condition checked
        # before the life card), hand 6, deck 35. For the life condition, 7 tells the order: life 8 before
        # the life card would not draw.
        ("first", 7, 7, 34),
        ("first", 5, 6, 35),
    ],
)
def test_the_condition_sees_the_life_card(text, going, n, hand, deck) -> None:
    card = battle_card(text.format(n=n))
    sections = {"leader": (DeckEntry(LEADER.number, 1),), "main": (DeckEntry(card.number, 50),)}
    deck_ = Deck("dbsfw", "standard", sections, {card.number: card, LEADER.number: LEADER})
    charge = "never" if going == "second" else "always"
    policy = {"charge_rule": charge, "mulligan_rule": "never"}
    params = SIM.params(going=going, policy=policy, opponent={"opp_leader_power": 99000}, max_turns=1)
    final = SIM.play_logged(deck_, params, 1, 0).final
    assert (final["life"], final["hand"], final["deck"]) == (7, hand, deck)
