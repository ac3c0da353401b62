"""DBS FW: a Battle card's [Activate Main][Once per turn] that does not rest it: a draw and a discard
("[Activate Main][Once per turn] Discard 1 card from your hand : Draw 1 card.", "... Draw 1 card. Then,
discard 1 card from your hand."), used once a turn after the attacks (7-3-4-2, 7-3-4-3), active or
rested; one whose cost KOs one of your Battle Cards ("[Activate Main][Once per turn] KO 1 of your Battle
Cards : Draw 1 card."); and one that switches the card to Active Mode ("[Activate Main][Once per turn] If
you have 7 or fewer cards in your hand, switch this card to Active Mode."), used once its first battle is
over, so it attacks again. Games worked out by hand from docs/rules/dbsfw.md, in both play orders.

The one-card decks are 50 copies of a cost-1 Battle card of 15000 power without a combo power, which reaches
the opponent's 15000 guard alone (ties favour the attacker, 8-4-6); no redraw: 6 cards in hand, 8 life
cards, 36 in the deck, and own turn 1 draws 1 in either play order. Going second, nothing is charged and the
energy marker (6-2-1-10) pays turn 1; going first, a card is charged every turn. The Leader (15000) attacks
first.
"""

from __future__ import annotations

import pytest

from engine import Card, Deck, DeckEntry
from engine.effects import Effect, read_effects
from engine.goldfish import get_simulator
from engine.played_text import PLAYED, UNPLAYED, card_parts
from engine.tests.test_dbsfw_drop_energy import play

SIM = get_simulator("dbsfw")
LEADER = Card("TL-001", "Test Leader", "leader", ("red",), power=15000)
CYCLE = "[Activate Main][Once per turn] Discard 1 card from your hand : Draw 1 card."
CYCLE_JA = "【起動 メイン】【ターン1回】自分の手札1枚を捨てる：カード1枚を引く。"
LOOT = "[Activate Main][Once per turn] Draw 1 card. Then, discard 1 card from your hand."
LOOT_JA = "【起動 メイン】【ターン1回】カード1枚を引く。その後、自分の手札1枚を捨てる。"
USED = "use Striker (TB-001) for its [Activate Main]"


def striker(text: str, power: int = 15000) -> Card:
    return Card(
        "TB-001", "Striker", "battle", ("red",), 1, power=power, specified_cost={"red": 1},
        combo_power=None, text=text,
    )  # fmt: skip


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


@pytest.mark.parametrize("text", [CYCLE, CYCLE_JA, LOOT, LOOT_JA])
def test_a_draw_and_a_discard_once_a_turn_going_second(text: str) -> None:
    # Turn 1: 6 + 1 drawn = 7 (deck 35); the marker plays 1 Striker (hand 6). The Leader hits (7), Striker
    # hits (6) and is rested; after the attacks its skill, which does not rest it, is used anyway: 1 card
    # discarded (hand 5, drop 1) and 1 drawn (hand 6, deck 34), once. Without card text: hand 6, deck 35.
    log = game(text, "second", 1)
    assert counts(log) == (6, 34, 1, 1, 6)
    assert [e.text for e in log.events].count(USED) == 1
    assert counts(game(text, "second", 1, effects=False)) == (6, 35, 0, 1, 6)


@pytest.mark.parametrize("text", [CYCLE, CYCLE_JA, LOOT, LOOT_JA])
def test_a_draw_and_a_discard_once_a_turn_going_first(text: str) -> None:
    # Turn 1 (no attacks, 7-3-4-3-1): 7 cards, 1 charged (6, energy 1), 1 played (5); its skill: 1 discarded
    # (4, drop 1), 1 drawn (5, deck 34). Turn 2: 1 drawn (6, deck 33), 1 charged (5, energy 2), 2 played (3);
    # the Leader and the 3 Strikers hit (8 - 4 = 4); then each Striker's skill once: 3 discarded and 3 drawn
    # (hand 3, drop 4, deck 30). Without card text: hand 3, deck 34, drop 0.
    log = game(text, "first", 2)
    assert counts(log) == (3, 30, 4, 3, 4)
    assert [e.text for e in log.events].count(USED) == 4
    assert counts(game(text, "first", 2, effects=False)) == (3, 34, 0, 3, 4)


KO_DRAW = (
    "[Activate Main][Once per turn] KO 1 of your Battle Cards : Draw 1 card. Then, if your opponent has 6 or"
    " more cards in their hand, your opponent discards 1 card from their hand."
)
KO_DRAW_JA = (
    "【起動 メイン】【ターン1回】自分のバトルカード1枚をKOする：カード1枚を引く。その後、"
    "相手の手札が6枚以上の場合、相手は自身の手札1枚を捨てる。"
)
SAPLING = Card("TB-001", "Sapling", "battle", ("red",), 1, power=5000, specified_cost={"red": 1})
KO_PAID = "Maw (TB-002): KO Sapling (TB-001) for its cost"


def maw(text: str) -> Card:
    return Card("TB-002", "Maw", "battle", ("red",), 1, power=15000, specified_cost={"red": 1}, text=text)


@pytest.mark.parametrize("text", [KO_DRAW, KO_DRAW_JA])
def test_a_ko_cost_once_a_turn_after_the_attacks(text: str) -> None:
    # Stacked decks (engine/tests/test_dbsfw_drop_energy.py, `play`): Maw, Sapling (5000, short of the 15000
    # guard) and 4 Fillers (cost 9) in the opening hand, a Filler drawn (7) and charged (6) on turn 1; two
    # turns. The clause on the opponent's hand does nothing here (moot).
    # Going second, turn 1 (energy 1 and the marker): Maw and Sapling enter (4). The Leader and Maw hit
    # (6); Sapling cannot reach the guard. After the attacks Maw's skill KOs Sapling (drop 1) and draws 1
    # (5). Turn 2: a Filler drawn (6) and charged (5), nothing castable; the Leader and Maw hit (4); Maw's
    # skill has no other Battle card to KO: its cost is not paid, nothing is drawn.
    final, events = play([maw(text), SAPLING], "second")
    assert events.count(KO_PAID) == 1
    assert (final["hand"], final["battle"], final["drop"], final["opp_life"]) == (5, 1, 1, 4)
    final, events = play([maw(text), SAPLING], "second", effects=False)
    assert (final["hand"], final["battle"], final["drop"], final["opp_life"]) == (4, 2, 0, 4)
    # Going first, turn 1 (energy 1): one card, Maw (15000 power against Sapling's 5000; its text is worth
    # 1 drawn less 1 KO'd), no attacks, and its skill has no card to KO (5). Turn 2: a Filler drawn (6) and
    # charged (5), Sapling played (4); the Leader and Maw hit (6); Maw's skill KOs Sapling and draws 1 (5).
    final, events = play([maw(text), SAPLING], "first")
    assert events.count(KO_PAID) == 1
    assert (final["hand"], final["battle"], final["drop"], final["opp_life"]) == (5, 1, 1, 6)


AGAIN = (
    "[Activate Main][Once per turn] If you have 7 or fewer cards in your hand, switch this card to Active"
    " Mode."
)
AGAIN_JA = "【起動 メイン】【ターン1回】自分の手札が7枚以下の場合、このカードをアクティブにする。"
AGAIN_AFTER_MOOT = (
    "[Activate Main][Once per turn] Choose up to 1 of your opponent's Rest Mode Battle Cards with a cost of 3"
    " or less and KO it. Then, switch this card to Active Mode."
)
SWITCHED = "Striker (TB-001): switch Striker (TB-001) to Active Mode"


@pytest.mark.parametrize("text", [AGAIN, AGAIN_JA, AGAIN_AFTER_MOOT])
def test_a_second_attack_by_an_activate_main_going_second(text: str) -> None:
    # Turn 1: the marker plays 1 Striker (hand 7 - 1 = 6). The Leader hits (7); Striker hits (6), then its
    # skill switches it to Active Mode (6 cards: 7 or fewer) and it hits again (5); once per turn: no third
    # attack. Without card text: 6. With "5 or fewer" the 6 cards fail the condition: no second attack.
    log = game(text, "second", 1)
    assert log.final["opp_life"] == 5
    assert [e.text for e in log.events].count(SWITCHED) == 1
    assert game(text, "second", 1, effects=False).final["opp_life"] == 6
    if "7" in text:
        assert game(text.replace("7", "5"), "second", 1).final["opp_life"] == 6


@pytest.mark.parametrize("text", [AGAIN, AGAIN_JA, AGAIN_AFTER_MOOT])
def test_a_second_attack_by_an_activate_main_going_first(text: str) -> None:
    # Turn 1: 1 Striker played (hand 5), no attack (7-3-4-3-1). Turn 2: 1 drawn, 1 charged, 2 played (3 in
    # the Battle Area, hand 3). The Leader hits (7), each Striker twice: 8 - 1 - 6 = 1. Without card text
    # each once: 8 - 4 = 4. With "2 or fewer" the 3 cards fail the condition: 4.
    log = game(text, "first", 2)
    assert log.final["opp_life"] == 1
    assert [e.text for e in log.events].count(SWITCHED) == 3
    assert game(text, "first", 2, effects=False).final["opp_life"] == 4
    if "7" in text:
        assert game(text.replace("7", "2"), "first", 2).final["opp_life"] == 4


def test_what_is_played_of_an_activate_main_once_a_turn() -> None:
    policy = SIM.params(policy=[]).policy

    def statuses(text: str) -> list[str]:
        return [p.status for p in card_parts("dbsfw", striker(text), policy)]

    for text in (CYCLE, CYCLE_JA, LOOT, LOOT_JA, KO_DRAW, KO_DRAW_JA, AGAIN, AGAIN_JA, AGAIN_AFTER_MOOT):
        assert statuses(text) == [PLAYED], text
    leads = "[Activate Main][Once per turn] If your Leader is <Test Leader>, switch this card to Active Mode."
    assert statuses(leads) == [PLAYED]
    unplayed = [
        # without [Once per turn] it may be used again and again: not played
        "[Activate Main] Discard 1 card from your hand : Draw 1 card.",
        # a draw on a condition, a KO cost before a switch to Active Mode (the switch is used in the attacks,
        # the cost after them); power for the turn is used before the attacks (test_dbsfw_main_power)
        "[Activate Main][Once per turn] If you have 7 or fewer cards in your hand, draw 1 card.",
        "[Activate Main][Once per turn] KO 1 of your Battle Cards : Switch this card to Active Mode.",
    ]
    for text in unplayed:
        assert statuses(text) == [UNPLAYED], text
    # two [Activate Main] skills share the card's columns, and a second switch to Active Mode with a When
    # Attacking one would be a third attack: the [Activate Main] is not played
    assert statuses("[Activate Main] Switch this card to Rest Mode : Draw 1 card.\n" + LOOT) == [
        PLAYED,
        UNPLAYED,
    ]
    assert statuses("[When Attacking][Once per turn] Switch this card to Active Mode.\n" + AGAIN) == [
        PLAYED,
        UNPLAYED,
    ]
    # an Extra's [Activate Main][Once per turn] is used from the hand as any Extra's
    extra = Card("TE-001", "Scroll", "extra", ("red",), 1, specified_cost={"red": 1}, text=LOOT)
    assert [p.status for p in card_parts("dbsfw", extra, policy)] == [PLAYED]


def test_the_vocabulary_reads_and_writes_a_skill_once_a_turn() -> None:
    data = [
        {
            "when": "cast",
            "do": "ko",
            "n": 1,
            "filter": {"type": "battle"},
            "once_per_turn": True,
            "paid": True,
        },
        {"when": "cast", "do": "draw", "n": 1, "once_per_turn": True},
        {
            "when": "cast",
            "do": "activate",
            "n": 1,
            "once_per_turn": True,
            "if": {"kind": "hand-at-most", "n": 7},
        },
    ]
    effects = read_effects("card TB-001", data)
    assert effects[1] == Effect("cast", "draw", 1, once_per_turn=True)
    assert [e.to_dict() for e in effects] == data
