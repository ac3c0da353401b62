"""DBS FW: an On Play that must take life cards into the hand ("[On Play] Add 1 card from your life to your
hand.", no "up to"): the plan plays such a card only while the life is more than every such take its hand
holds (its last life card lost would lose the game, 14-2-2-1), never by a free play, and an "up to" take
leaves room for the ones the plan's cards still must take; an "up to" take with a draw after it. Games
worked out by hand from docs/rules/dbsfw.md in both play orders; the opponent's Leader (99000) is never
hit.
"""

from __future__ import annotations

import pytest

from engine import Card, Deck, DeckEntry
from engine.effects import Effect
from engine.goldfish import get_simulator
from engine.played_text import PLAYED, card_parts
from engine.readers import read_text

SIM = get_simulator("dbsfw")
LEADER = Card("TL-001", "Test Leader", "leader", ("red",), power=15000)
TAKE = "[On Play] Add 1 card from your life to your hand."
TAKE_JA = "【登場時】自分のライフ1枚を手札に加える。"
UP_TO = "[On Play] Add up to 7 cards from your life to your hand."


def battle_card(number: str, name: str, text: str, cost: int = 1) -> Card:
    return Card(
        number, name, "battle", ("red",), cost, power=0, specified_cost={"red": 1}, combo_power=None,
        text=text,
    )  # fmt: skip


def policy(going: str, effects: bool = True) -> dict:
    charge = "never" if going == "second" else "always"
    return {"charge_rule": charge, "mulligan_rule": "never", "card_effects": effects}


@pytest.mark.parametrize("text", [TAKE, TAKE_JA])
@pytest.mark.parametrize(
    ("going", "turns", "life", "hand", "battle"),
    [
        # Going second, nothing charged: 6 + 1 drawn = 7 Takers, life 8 > 7 takes: the marker plays one,
        # which takes 1: life 7, hand 7 - 1 + 1 = 7.
        ("second", 1, 7, 7, 1),
        # Going first, a card charged every turn. Turn 1: 7 in hand, 6 after the charge, 8 > 6: one played
        # (energy 1), life 7, hand 5 + 1 = 6. Turn 2: 7, 6 after the charge, 7 > 6: two played (energy 2),
        # life 5, hand 4 + 2 = 6. Turn 3: 7, 6 after the charge, 5 > 6 fails: none played.
        ("first", 1, 7, 6, 1),
        ("first", 2, 5, 6, 3),
        ("first", 3, 5, 6, 3),
    ],
)
def test_a_take_is_played_while_the_life_is_more_than_the_hands_takes(
    text, going, turns, life, hand, battle
) -> None:
    card = battle_card("TB-001", "Taker", text)
    sections = {"leader": (DeckEntry(LEADER.number, 1),), "main": (DeckEntry(card.number, 50),)}
    deck = Deck("dbsfw", "standard", sections, {card.number: card, LEADER.number: LEADER})
    params = SIM.params(
        going=going, policy=policy(going), opponent={"opp_leader_power": 99000}, max_turns=turns
    )
    final = SIM.play_logged(deck, params, 1, 0).final
    assert (final["life"], final["hand"], final["battle"]) == (life, hand, battle)
    off = SIM.params(
        going=going, policy=policy(going, False), opponent={"opp_leader_power": 99000}, max_turns=turns
    )
    assert SIM.play_logged(deck, off, 1, 0).final["life"] == 8


@pytest.mark.parametrize(("going", "turns", "battle"), [("second", 1, 2), ("first", 2, 1)])
def test_an_up_to_take_leaves_room_for_the_takes_to_come(going, turns, battle) -> None:
    # The hand: Upper ("up to 7"), Taker (must take 1), four Fillers (cost 9); a Filler is drawn. Going
    # second: a Filler charged (the least castable) and the marker: both cost-1 cards are played. Upper
    # takes 8 - 1 (the last) - 1 (Taker's, still to come) = 6, Taker its 1: life 1 (Upper alone would
    # take 7, and Taker the last). Going first, turn 1: one energy, Upper (the more text) takes 7: life 1;
    # turn 2: life 1 is not more than Taker's 1: Taker stays in the hand.
    cards = {
        "TB-001": battle_card("TB-001", "Upper", UP_TO),
        "TB-002": battle_card("TB-002", "Taker", TAKE),
        "TB-003": battle_card("TB-003", "Filler", "", cost=9),
    }
    main = (DeckEntry("TB-001", 1), DeckEntry("TB-002", 1), DeckEntry("TB-003", 48))
    sections = {"leader": (DeckEntry(LEADER.number, 1),), "main": main}
    deck = Deck("dbsfw", "standard", sections, {**cards, LEADER.number: LEADER})
    pol = {"charge_rule": "always", "mulligan_rule": "never"}
    params = SIM.params(going=going, policy=pol, opponent={"opp_leader_power": 99000}, max_turns=turns)
    log = SIM.play_stacked(deck, params, ["TB-001", "TB-002"] + ["TB-003"] * 48)
    assert (log.final["life"], log.final["battle"]) == (1, battle)


def test_read_and_reported_played() -> None:
    card = battle_card("TB-001", "Taker", TAKE)
    assert read_text("dbsfw", TAKE, "Taker").effects == (Effect("enters", "life", 1),)
    assert read_text("dbsfw", TAKE_JA, "Taker").effects == (Effect("enters", "life", 1),)
    assert [p.status for p in card_parts("dbsfw", card, {})] == [PLAYED]
    # When Attacking the attack comes whatever the life: a take that must be made there is not played
    attacking = battle_card("TB-001", "Taker", "[When Attacking] Add 1 card from your life to your hand.")
    assert [p.status for p in card_parts("dbsfw", attacking, {})] != [PLAYED]


@pytest.mark.parametrize(
    "text",
    [
        "[On Play] Add up to 1 card from your life to your hand. Then, draw 1 card.",
        "【登場時】自分のライフ1枚までを手札に加える。その後、カード1枚を引く。",
    ],
)
@pytest.mark.parametrize(("going", "hand"), [("second", 8), ("first", 7)])
def test_a_life_card_then_a_draw(text, going, hand) -> None:
    # One card played on turn 1 (the marker going second; the charged card going first): it takes 1 life
    # card and draws 1. Going second 7 - 1 + 2 = 8 in hand; going first 7 - the charge - 1 + 2 = 7. The
    # deck: 50 - 6 - 8 life - the turn's draw - the text's = 34.
    card = battle_card("TB-001", "Drawer", text)
    sections = {"leader": (DeckEntry(LEADER.number, 1),), "main": (DeckEntry(card.number, 50),)}
    deck = Deck("dbsfw", "standard", sections, {card.number: card, LEADER.number: LEADER})
    params = SIM.params(going=going, policy=policy(going), opponent={"opp_leader_power": 99000}, max_turns=1)
    final = SIM.play_logged(deck, params, 1, 0).final
    assert (final["life"], final["hand"], final["deck"]) == (7, hand, 34)
