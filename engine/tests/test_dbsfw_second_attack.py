"""DBS FW: a Battle card that switches itself to Active Mode when it attacks, once per turn ("[When
Attacking][Once per turn] Switch this card to Active Mode."), attacks a second time that turn; one that
can't be switched to Active Mode in your charge phase stays rested once it attacked: games worked out by
hand from docs/rules/dbsfw.md, in both play orders.

Every deck is 50 copies of one cost-1 card of 15000 power, which reaches the opponent's 15000 guard alone
(ties favour the attacker, 8-4-6), with no combo power; no redraw. The Leader (15000) attacks first.
"""

from __future__ import annotations

import pytest

from engine import Card, Deck, DeckEntry
from engine.effects import Effect, describe, read_effects
from engine.goldfish import get_simulator
from engine.goldfish.dbsfw import plays
from engine.played_text import PLAYED, UNPLAYED, card_parts

SIM = get_simulator("dbsfw")
LEADER = Card("TL-001", "Test Leader", "leader", ("red",), power=15000)
AGAIN = "[When Attacking][Once per turn] Switch this card to Active Mode."
AGAIN_JA = "【アタック時】【ターン1回】このカードをアクティブにする。"


def card(text: str, cost: int = 1) -> Card:
    return Card(
        "TB-001", "Striker", "battle", ("red",), cost, power=15000, specified_cost={"red": 1},
        combo_power=None, text=text,
    )  # fmt: skip


def final(text: str, going: str, turns: int, effects: bool = True, cost: int = 1) -> dict[str, int]:
    striker = card(text, cost)
    sections = {"leader": (DeckEntry(LEADER.number, 1),), "main": (DeckEntry(striker.number, 50),)}
    deck = Deck("dbsfw", "standard", sections, {striker.number: striker, LEADER.number: LEADER})
    charge = "never" if going == "second" else "always"
    policy = {"charge_rule": charge, "mulligan_rule": "never", "card_effects": effects}
    return SIM.play_logged(deck, SIM.params(going=going, policy=policy, max_turns=turns), 1, 0).final


@pytest.mark.parametrize("text", [AGAIN, AGAIN_JA])
def test_a_second_attack_going_second(text) -> None:
    # Turn 1: the marker plays 1 Striker. The Leader hits (7); Striker hits (6), its skill switches it to
    # Active Mode, it attacks again and hits (5); once per turn: no third attack. Without card text: 6.
    assert final(text, "second", 1)["opp_life"] == 5
    assert final(text, "second", 1, effects=False)["opp_life"] == 6


@pytest.mark.parametrize("text", [AGAIN, AGAIN_JA])
def test_a_second_attack_going_first(text) -> None:
    # Turn 1: 1 Striker played, no attack (7-3-4-3-1). Turn 2: 2 more (3 in the Battle Area). The Leader
    # hits (7), each Striker twice: 8 - 1 - 6 = 1. Without card text each once: 8 - 4 = 4.
    assert final(text, "first", 2)["opp_life"] == 1
    assert final(text, "first", 2, effects=False)["opp_life"] == 4


def test_what_the_goldfish_plays_of_a_switch_to_active_mode() -> None:
    def parts(text: str) -> list[tuple[str, str]]:
        return [(p.status, p.why) for p in card_parts("dbsfw", card(text), {})]

    assert parts(AGAIN) == [(PLAYED, "when it attacks, activate itself")]
    # without once per turn it would attack for ever: not played
    assert parts("[When Attacking] Switch this card to Active Mode.") == [(UNPLAYED, "")]
    assert not plays(Effect("enters", "activate", 1, once_per_turn=True))


def test_the_vocabulary_reads_and_writes_a_switch_of_itself() -> None:
    data = [{"when": "attacks", "do": "activate", "n": 1, "once_per_turn": True}]
    effects = read_effects("card TB-001", data)
    assert [e.to_dict() for e in effects] == data
    assert describe(effects[0]) == "when it attacks, activate itself"


@pytest.mark.parametrize("game", ["fftcg", "gbf", "fireforce"])
def test_the_other_simulators_play_no_switch_of_itself(game) -> None:
    from importlib import import_module

    other = import_module(f"engine.goldfish.{game}").plays
    assert not other(Effect("attacks", "activate", 1, once_per_turn=True))
    # FFTCG plays a card that stays dull: "X does not activate during your Active Phase."
    assert other(Effect("static", "no-untap")) == (game == "fftcg")


RESTED = "[Permanent] This card can't be switched to Active Mode during your Charge Phase."
RESTED_WORDINGS = [
    RESTED,
    "[Permanent] This card in a Battle Area can't be switched to Active Mode during a Charge Phase.",
    "[永続]チャージフェイズにこのカードはアクティブにならない。",
    "【永続】バトルエリアのこのカードはチャージフェイズにアクティブにならない。",
]


@pytest.mark.parametrize("text", RESTED_WORDINGS)
def test_a_card_that_stays_rested_going_second(text) -> None:
    # Turn 1: the marker plays 1 Striker; the Leader and it hit (6). Turn 2: no energy (nothing charged);
    # the Striker stays rested: only the Leader hits (5). Without card text it untaps and hits too (4).
    assert final(text, "second", 2)["opp_life"] == 5
    assert final(text, "second", 2, effects=False)["opp_life"] == 4


@pytest.mark.parametrize("text", RESTED_WORDINGS)
def test_a_card_that_stays_rested_going_first(text) -> None:
    # Strikers of cost 2. Turn 1: 1 energy, nothing played, no attack. Turn 2: 2 energy, 1 Striker; the
    # Leader and it hit (6). Turn 3: 3 energy, 1 more Striker; the first stays rested: the Leader and the
    # new one hit (4). Without card text the first untaps and hits too (3).
    assert final(text, "first", 3, cost=2)["opp_life"] == 4
    assert final(text, "first", 3, effects=False, cost=2)["opp_life"] == 3


def test_the_vocabulary_reads_writes_and_plays_a_card_that_stays_rested() -> None:
    data = [{"when": "static", "do": "no-untap"}]
    effects = read_effects("card TB-001", data)
    assert [e.to_dict() for e in effects] == data
    assert (
        describe(effects[0])
        == "does not untap at the start of your turn (DBS FW's charge phase, FFTCG's Active Phase)"
    )
    assert [(p.status, p.why) for p in card_parts("dbsfw", card(RESTED), {})] == [
        (PLAYED, "does not untap at the start of your turn (DBS FW's charge phase, FFTCG's Active Phase)")
    ]
    leader = Card("TL-002", "Leader", "leader", ("red",), power=15000, text=RESTED)
    assert [p.status for p in card_parts("dbsfw", leader, {})] == [UNPLAYED]
