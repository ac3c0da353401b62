"""DBS FW: a Battle card's cost in the hand reduced ("[Permanent] If you have 2 or more energy, reduce the
cost of this card in your hand by 1.", never below its specified cost, 1-2-2-1 and 1-2-3-2), and an On
Play that switches your rested Battle Cards to Active Mode ("[On Play] Choose up to 1 of your <Brute>
Battle Cards with a cost of 2 or less and switch it to Active Mode."): games worked out by hand from
docs/rules/dbsfw.md, in both play orders.

The helpers are those of test_dbsfw_main_skills: red cards with 1 red specified cost, a 15000-power Leader
against a 15000 guard (a 5000-power card never attacks), no redraw; 6 cards in hand, 8 life cards, 36 in
the deck, and own turn 1 draws 1 in either play order; going second, the energy marker (6-2-1-10).
"""

from __future__ import annotations

import pytest

from engine import Card
from engine.goldfish import get_simulator
from engine.played_text import PLAYED, UNPLAYED, card_parts
from engine.tests.test_dbsfw_main_skills import card, deck_of, leader, logged, stacked, texts

SIM = get_simulator("dbsfw")

CUT = "[Permanent] If you have 2 or more energy, reduce the cost of this card in your hand by 1."
CUT_JA = "[永続]自分のエナジーが2枚以上の場合、手札のこのカードのコスト-1。"


def final(log, *keys: str) -> tuple[int, ...]:
    return tuple(log.final[k] for k in keys)


@pytest.mark.parametrize("text", [CUT, CUT_JA])
def test_a_cost_reduced_in_the_hand_plays_a_turn_earlier_going_first(text) -> None:
    # 50 Bargains, cost 3. Turn 1: 7 cards (deck 35), 1 charged (hand 6, energy 1): 1 energy is not 2, the
    # cost stays 3, nothing played. Turn 2: 1 drawn (7, deck 34), 1 charged (6, energy 2): now 2 energy, the
    # cost is 2, 1 Bargain played with both (hand 5, battle 1). At the printed cost 3 nothing is played.
    deck = deck_of([card("TB-001", "Bargain", 3, text)], [50], leader())
    log = logged(deck, "first", 2)
    assert final(log, "hand", "energy", "battle", "deck") == (5, 2, 1, 34)
    plain = logged(deck_of([card("TB-001", "Bargain", 3)], [50], leader()), "first", 2)
    assert final(plain, "hand", "energy", "battle") == (6, 2, 0)


@pytest.mark.parametrize("text", [CUT, CUT_JA])
def test_a_cost_reduced_in_the_hand_keeps_the_marker_going_second(text) -> None:
    # Turn 1: 7 cards (deck 35), 1 charged (6, energy 1) and the marker: 2 units, the cost 3 (1 energy is not
    # 2), nothing played. Turn 2: 7 (deck 34), 1 charged (6, energy 2): the cost is 2, paid with the 2
    # energy (markers last), 1 played (hand 5, battle 1, marker kept). At the printed cost 3 the marker
    # pays the third unit: 1 played, no marker left.
    deck = deck_of([card("TB-001", "Bargain", 3, text)], [50], leader())
    log = logged(deck, "second", 2)
    assert final(log, "hand", "energy", "battle", "markers") == (5, 2, 1, 1)
    assert "pay: rest 2 energy" in texts(log)
    plain = logged(deck_of([card("TB-001", "Bargain", 3)], [50], leader()), "second", 2)
    assert final(plain, "hand", "energy", "battle", "markers") == (5, 2, 1, 0)


TWIN = "[Permanent] Reduce the cost of this card in your hand by 1."


def twin(text: str = TWIN) -> Card:
    return Card(
        "TB-001", "Twin", "battle", ("red",), 2, power=5000, specified_cost={"red": 2}, text=text
    )  # fmt: skip


@pytest.mark.parametrize("going, energy, battle, markers", [("first", 1, 0, 0), ("second", 1, 1, 0)])
def test_a_reduction_never_takes_the_cost_below_its_specified_cost(going, energy, battle, markers) -> None:
    # Twin costs 2, both red (specified): reduced by 1 it still costs 2 (1-2-3-2-1). Turn 1 going first:
    # 1 energy, nothing played (at cost 1 it would be). Going second: 1 energy and the marker pay it.
    deck = deck_of([twin()], [50], leader())
    log = logged(deck, going, 1)
    assert final(log, "energy", "battle", "markers") == (energy, battle, markers)


# Blast, an Extra of cost 2 (1 red specified) used for its draw; its cost is 1 with 7 or fewer hand cards.
BLAST = (
    "[Permanent] If you have 7 or fewer cards in your hand, reduce the cost of this card in your hand by 1.\n"
    "[Activate Main] Draw 1 card."
)


@pytest.mark.parametrize(
    "going, text, hand, deck",
    [
        # Turn 1 going first: 7 cards (deck 35), 1 charged (hand 6, energy 1); 6 cards: Blast costs 1, 1 used
        # (hand 5) draws 1 (hand 6, deck 34). At cost 2 none: hand 6, deck 35.
        ("first", BLAST, 6, 34),
        ("first", "[Activate Main] Draw 1 card.", 6, 35),
        # Going second: hand 6 after the charge, energy 1 and the marker: 2 Blasts at 1 (hand 4) draw 2 (hand
        # 6, deck 33). At cost 2 one, with the energy and the marker: hand 5, its draw 6, deck 34.
        ("second", BLAST, 6, 33),
        ("second", "[Activate Main] Draw 1 card.", 6, 34),
    ],
)
def test_an_extra_the_plan_pays_costs_less_in_the_hand(going, text, hand, deck) -> None:
    blast = card("TE-001", "Blast", 2, text, kind="extra")
    log = logged(deck_of([blast], [50], leader()), going, 1)
    assert final(log, "hand", "deck") == (hand, deck)


# Brute (cost 1, 20000, does not untap in your charge phase) attacks and stays rested; Aide (cost 1, 5000)
# switches it to Active Mode On Play, so it attacks again. Fillers cost 5 (never played, charged first).
NO_UNTAP = "[Permanent] This card can't be switched to Active Mode during your Charge Phase."
AIDE = (
    "[On Play] Choose up to 1 of your <Brute> Battle Cards with a cost of 2 or less and switch it to Active"
    " Mode."
)
AIDE_JA = "【登場時】自分のコスト2以下の「Brute」のバトルカード1枚までを選び、アクティブにする。"
# the hand, the 8 life cards, then the draws: Filler, Aide, Aide
ORDER = ["TB-001"] + ["TB-009"] * 14 + ["TB-002", "TB-002"] + ["TB-009"] * 33


def brute_deck(aide: str):
    cards = [
        card("TB-001", "Brute", 1, NO_UNTAP, power=20000),
        card("TB-002", "Aide", 1, aide),
        card("TB-009", "Filler", 5),
    ]
    return deck_of(cards, [1, 2, 47], leader())


@pytest.mark.parametrize("text", [AIDE, AIDE_JA])
def test_an_on_play_switches_a_rested_battle_card_to_active_mode_going_second(text) -> None:
    # Turn 1: a Filler drawn and charged (energy 1), Brute played; Brute (20000) and the Leader hit: life
    # 6. Turn 2: Brute stays rested; Aide drawn, a Filler charged (energy 2), Aide played: it switches Brute
    # to Active Mode, Brute and the Leader hit: life 4. Without Aide's text only the Leader: life 5.
    log = stacked(brute_deck(text), ORDER, "second", 2)
    assert "Aide (TB-002): switch Brute (TB-001) to Active Mode" in texts(log)
    assert log.final["opp_life"] == 4
    assert stacked(brute_deck(""), ORDER, "second", 2).final["opp_life"] == 5


@pytest.mark.parametrize("text", [AIDE, AIDE_JA])
def test_an_on_play_switches_a_rested_battle_card_to_active_mode_going_first(text) -> None:
    # Turn 1 (no attacks): energy 1, Brute played. Turn 2: Brute is active (it never attacked); Aide played
    # (energy 2) switches nothing; Brute and the Leader hit: life 6. Turn 3: Brute stays rested; the second
    # Aide (energy 3) switches it to Active Mode: Brute and the Leader hit, life 4 (5 without the text).
    log = stacked(brute_deck(text), ORDER, "first", 3)
    events = texts(log)
    assert events.count("Aide (TB-002): switch Brute (TB-001) to Active Mode") == 1
    assert log.final["opp_life"] == 4
    assert stacked(brute_deck(""), ORDER, "first", 3).final["opp_life"] == 5


HAND_CUT = (
    "[Permanent] If you have 7 or fewer cards in your hand, reduce the cost of this card in your hand by 1."
)
AIDE_TRAIT = (
    "[On Play] Choose up to 1 of your Battle Cards with 《Armor》 in its special traits and switch it to"
    " Active Mode."
)


PUMP = "[Activate Battle] Your cards that are in a battle get +5000 power for the battle."


def test_the_text_report_plays_them_and_leaves_the_near_misses() -> None:
    policy = SIM.params(policy=[]).policy
    played = [
        card("TB-001", "Bargain", 3, CUT),
        card("TB-002", "Bargain", 3, HAND_CUT),
        twin(),
        card("TE-002", "Blast", 2, BLAST, kind="extra"),
        card("TB-003", "Aide", 1, AIDE),
        card("TB-004", "Aide", 1, AIDE_TRAIT),
    ]
    for c in played:
        assert {p.status for p in card_parts("dbsfw", c, policy)} == {PLAYED}, c.name
    # an Extra used in a battle keeps its printed cost (_use_pump); an untap When Attacking
    unplayed = [
        card("TE-001", "Scroll", 3, CUT + "\n" + PUMP, kind="extra"),
        card("TB-005", "Aide", 1, AIDE.replace("[On Play]", "[When Attacking]")),
    ]
    for c in unplayed:
        assert card_parts("dbsfw", c, policy)[0].status == UNPLAYED, c.name
