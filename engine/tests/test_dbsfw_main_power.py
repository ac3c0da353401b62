"""DBS FW: a Battle card's [Activate Main][Once per turn] power for the turn ("[Activate Main][Once per
turn] Discard 1 card from your hand : This card gets +15000 power for the turn.", "... If you have 7 or
fewer cards in your hand, this card and your Leader get +5000 power for the turn.", "... KO 1 of your
Battle Cards : This card gets +15000 power for the turn."), used in the main phase before the attacks
(7-3-4-2), once by each active copy, its cost paid only while the card is short of the guard. Games worked
out by hand from docs/rules/dbsfw.md, in both play orders.

The one-card decks (engine/tests/test_dbsfw_once_a_turn.py, `game`) are 50 copies of a cost-1 Battle card of
10000 power without a combo power, short of the opponent's 15000 guard alone; no redraw: 6 cards in hand, 8
life cards, 36 in the deck, and own turn 1 draws 1 in either play order. Going second, nothing is charged
and the energy marker pays turn 1; going first, a card is charged every turn and turn 1 has no attacks
(7-3-4-3-1). The Leader (15000) attacks first and hits.
"""

from __future__ import annotations

import pytest

from engine import Card, Deck, DeckEntry
from engine.goldfish import get_simulator
from engine.played_text import PLAYED, UNPLAYED, card_parts
from engine.tests.test_dbsfw_drop_energy import play
from engine.tests.test_dbsfw_once_a_turn import KO_PAID, LEADER, SAPLING

SIM = get_simulator("dbsfw")
PUMP = (
    "[Activate Main][Once per turn] Discard 1 card from your hand : This card gets +15000 power for the turn."
)
PUMP_JA = "【起動 メイン】【ターン1回】自分の手札1枚を捨てる：このターン中、このカードのパワー+15000。"
RALLY = (
    "[Activate Main][Once per turn] If you have 7 or fewer cards in your hand, this card and your Leader get"
    " +5000 power for the turn."
)
RALLY_JA = (
    "【起動 メイン】【ターン1回】自分の手札が7枚以下の場合、このターン中、"
    "自分のリーダーとこのカードのパワー+5000。"
)
KO_PUMP = (
    "[Activate Main][Once per turn] KO 1 of your Battle Cards : This card gets +15000 power for the turn."
)
KO_PUMP_JA = (
    "【起動 メイン】【ターン1回】自分のバトルカード1枚をKOする：このターン中、このカードのパワー+15000。"
)
USED = "use Striker (TB-001) for its [Activate Main]"


def striker(text: str) -> Card:
    return Card(
        "TB-001", "Striker", "battle", ("red",), 1, power=10000, specified_cost={"red": 1},
        combo_power=None, text=text,
    )  # fmt: skip


def maw(text: str) -> Card:
    return Card("TB-002", "Maw", "battle", ("red",), 1, power=10000, specified_cost={"red": 1}, text=text)


def game(text: str, going: str, turns: int, effects: bool = True):
    card = striker(text)
    sections = {"leader": (DeckEntry(LEADER.number, 1),), "main": (DeckEntry(card.number, 50),)}
    deck = Deck("dbsfw", "standard", sections, {card.number: card, LEADER.number: LEADER})
    charge = "never" if going == "second" else "always"
    policy = {"charge_rule": charge, "mulligan_rule": "never", "card_effects": effects}
    return SIM.play_logged(deck, SIM.params(going=going, policy=policy, max_turns=turns), 1, 0)


def counts(log) -> tuple[int, ...]:
    f = log.final
    return f["hand"], f["deck"], f["drop"], f["battle"], f["opp_life"]


@pytest.mark.parametrize("text", [PUMP, PUMP_JA])
def test_a_discard_paid_for_power_before_the_attacks_going_second(text: str) -> None:
    # Turn 1: 6 + 1 drawn = 7 (deck 35); the marker plays 1 Striker (hand 6). Before the attacks its skill:
    # 10000 is short of the guard, so 1 card is discarded (hand 5, drop 1) and it gets +15000 (25000). The
    # Leader hits (7), Striker hits (6). Without card text Striker cannot reach the guard: 7, hand 6.
    log = game(text, "second", 1)
    assert counts(log) == (5, 35, 1, 1, 6)
    assert [e.text for e in log.events].count(USED) == 1
    assert counts(game(text, "second", 1, effects=False)) == (6, 35, 0, 1, 7)


@pytest.mark.parametrize("text", [PUMP, PUMP_JA])
def test_a_discard_paid_for_power_before_the_attacks_going_first(text: str) -> None:
    # Turn 1: 7 cards, 1 charged (6, energy 1), 1 played (5); no attacks, so the skill is not used. Turn 2:
    # 1 drawn (6, deck 34), 1 charged (5, energy 2), 2 played (3, 3 Strikers). Each Striker, short of the
    # guard, discards 1 (hand 0, drop 3) for +15000; the Leader and the 3 Strikers hit: 8 - 4 = 4. Without
    # card text only the Leader hits: 7, hand 3.
    log = game(text, "first", 2)
    assert counts(log) == (0, 34, 3, 3, 4)
    assert [e.text for e in log.events].count(USED) == 3
    assert counts(game(text, "first", 2, effects=False)) == (3, 34, 0, 3, 7)


@pytest.mark.parametrize("text", [RALLY, RALLY_JA])
def test_power_for_this_card_and_the_leader_on_a_condition(text: str) -> None:
    # Going second, turn 1: Striker played (hand 6, 7 or fewer): +5000 (15000) reaches the guard; the
    # Leader (20000) and Striker hit: 6. With "5 or fewer" the 6 cards fail the condition: only the Leader
    # hits, 7, as without card text.
    log = game(text, "second", 1)
    assert counts(log) == (6, 35, 0, 1, 6)
    assert [e.text for e in log.events].count(USED) == 1
    assert counts(game(text, "second", 1, effects=False))[4] == 7
    assert counts(game(text.replace("7", "5"), "second", 1))[4] == 7
    # Going first, turn 2: 3 Strikers (hand 3): each uses it (no cost: used whether short or not), the
    # Leader gets +5000 three times; the Leader and the 3 Strikers hit: 4. Without card text: 7.
    log = game(text, "first", 2)
    assert counts(log) == (3, 34, 0, 3, 4)
    assert [e.text for e in log.events].count(USED) == 3
    assert counts(game(text, "first", 2, effects=False))[4] == 7


@pytest.mark.parametrize("text", [KO_PUMP, KO_PUMP_JA])
def test_a_ko_paid_for_power_before_the_attacks(text: str) -> None:
    # Stacked decks (engine/tests/test_dbsfw_drop_energy.py, `play`): Maw (10000), Sapling (5000) and 4
    # Fillers (cost 9) in the opening hand, a Filler drawn (7) and charged (6) on turn 1; two turns.
    # Going second, turn 1 (energy 1 and the marker): Maw and Sapling enter (hand 4). Before the attacks
    # Maw, short of the guard, KOs Sapling (short too: drop 1) for +15000; the Leader and Maw hit (6). Turn
    # 2: a Filler drawn (5) and charged (4), nothing castable; Maw has no card to KO: its cost unpaid, no
    # power; the Leader hits (5).
    final, events = play([maw(text), SAPLING], "second")
    assert events.count(KO_PAID) == 1
    assert (final["hand"], final["battle"], final["drop"], final["opp_life"]) == (4, 1, 1, 5)
    final, events = play([maw(text), SAPLING], "second", effects=False)
    assert (final["hand"], final["battle"], final["drop"], final["opp_life"]) == (4, 2, 0, 6)
    # Going first, turn 1 (energy 1): one card, Maw (10000 power against Sapling's 5000), no attacks. Turn
    # 2: a Filler drawn (6) and charged (5), Sapling played (4); Maw KOs Sapling for +15000; the Leader and
    # Maw hit: 6.
    final, events = play([maw(text), SAPLING], "first")
    assert events.count(KO_PAID) == 1
    assert (final["hand"], final["battle"], final["drop"], final["opp_life"]) == (4, 1, 1, 6)
    final, events = play([maw(text), SAPLING], "first", effects=False)
    assert (final["hand"], final["battle"], final["drop"], final["opp_life"]) == (4, 2, 0, 7)


def test_a_cost_is_not_paid_for_a_card_that_reaches_the_guard() -> None:
    # Going second with a guard of 10000: Striker (10000) reaches it alone, so no card is discarded; the
    # Leader and Striker hit: 6.
    card = striker(PUMP)
    final, events = play([card], "second", guard=10000, turns=1)
    assert events.count(USED) == 0
    assert (final["drop"], final["opp_life"]) == (0, 6)


def test_what_is_played_of_an_activate_main_power() -> None:
    policy = SIM.params(policy=[]).policy

    def statuses(text: str) -> list[str]:
        return [p.status for p in card_parts("dbsfw", striker(text), policy)]

    chosen = (
        "[Activate Main][Once per turn] Choose up to 1 of your Battle Cards and it gets +5000 power for the"
        " turn."
    )
    for text in (PUMP, PUMP_JA, RALLY, RALLY_JA, KO_PUMP, KO_PUMP_JA, chosen):
        assert statuses(text) == [PLAYED], text
    unplayed = [
        # without [Once per turn] it may be used again and again
        "[Activate Main] Discard 1 card from your hand : This card gets +15000 power for the turn.",
        # a discard paid for power On Play or When Attacking: nothing plays it
        "[On Play] Discard 1 card from your hand : This card gets +15000 power for the turn.",
        "[When Attacking] Discard 1 card from your hand : This card gets +15000 power for the turn.",
        # two costs
        "[Activate Main][Once per turn] Discard 1 card from your hand and KO 1 of your Battle Cards :"
        " This card gets +15000 power for the turn.",
    ]
    for text in unplayed:
        assert statuses(text) == [UNPLAYED], text
    # power for the turn On Play too: the same columns, so the [Activate Main] is not played
    both = "[On Play] This card gets +5000 power for the turn.\n" + PUMP
    assert statuses(both) == [PLAYED, UNPLAYED]
