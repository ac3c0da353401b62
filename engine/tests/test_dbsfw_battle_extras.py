"""DBS FW: an Extra's [Activate: Battle] power ("Choose your Leader or up to 1 of your Battle Cards and it
gets +5000 power for the battle."), used from the hand in an attack that combos cannot carry to the
opponent's guard, paid with the energy the main phase left: games on a stacked deck worked out by hand from
docs/rules/dbsfw.md, in both play orders.

The opening hand: Tester (a Battle card, cost 1, 10000 power), two Boosts (Extras, cost 1, the skill
below) and three Fillers (cost 9); Fillers below. No card can combo. The autopilot charges every turn: a
Filler (the card least castable, §11.5).
"""

from __future__ import annotations

import pytest

from engine import Card, Deck, DeckEntry
from engine.goldfish import get_simulator

SIM = get_simulator("dbsfw")
LEADER = Card("TL-001", "Test Leader", "leader", ("red",), power=15000)
BOOST = (
    "[Activate Battle] Choose your Leader or up to 1 of your "
    "Battle Cards and it gets +5000 power for the battle."
)
BOOST_JA = "【起動 戦闘中】自分のリーダーか自分のバトルカード1枚までを選び、この戦闘中、パワー+5000。"


def play(
    boost_text: str, going: str, turns: int, guard: int = 15000, effects: bool = True
) -> tuple[dict, list]:
    cards = {
        "TB-001": Card("TB-001", "Tester", "battle", ("red",), 1, power=10000, specified_cost={"red": 1}),
        "TX-002": Card("TX-002", "Boost", "extra", ("red",), 1, specified_cost={"red": 1}, text=boost_text),
        "TB-003": Card("TB-003", "Filler", "battle", ("red",), 9, power=0),
    }
    main = (DeckEntry("TB-001", 1), DeckEntry("TX-002", 2), DeckEntry("TB-003", 47))
    deck = Deck(
        "dbsfw",
        "standard",
        {"leader": (DeckEntry(LEADER.number, 1),), "main": main},
        {**cards, LEADER.number: LEADER},
    )
    order = ["TB-001", "TX-002", "TX-002"] + ["TB-003"] * 47
    policy = {"charge_rule": "always", "mulligan_rule": "never", "card_effects": effects}
    params = SIM.params(going=going, policy=policy, opponent={"opp_leader_power": guard}, max_turns=turns)
    log = SIM.play_stacked(deck, params, order)
    return log.final, [e.text for e in log.events if e.text.startswith("use Boost")]


@pytest.mark.parametrize(("going", "turns"), [("second", 1), ("first", 2)])
@pytest.mark.parametrize("text", [BOOST, BOOST_JA])
def test_an_extra_carries_a_battle_card_to_the_guard(going, turns, text) -> None:
    # Going second, turn 1: a Filler charged (energy 1) and the marker: Tester (cost 1) is paid with the
    # energy card, markers last (§11.5); the marker is left. The Leader (15000) hits; Tester (10000) does not
    # reach the 15000 guard alone, and no card combos: a Boost, paid with the marker, gives it +5000, so it
    # attacks and hits: 8 - 2. The second Boost has nothing left to pay with.
    # Going first: turn 1 charges (energy 1) and plays Tester, no attacks (7-3-4-3-1); turn 2 charges
    # (energy 2) and plays nothing (the Fillers cost 9): 2 energy left, a Boost used, 8 - 2 as well.
    final, used = play(text, going, turns)
    assert used == ["use Boost (TX-002): +5000 power for the battle"]
    # Hand: going second 7 - the charge - Tester - a Boost = 4; going first 6 + 2 drawn - 2 charges -
    # Tester - a Boost = 4. The Boost went to the drop area; no marker is left.
    assert (final["opp_life"], final["markers"], final["drop"], final["hand"]) == (6, 0, 1, 4)
    assert play(text, going, turns, effects=False)[0]["opp_life"] == 7  # only the Leader hits


@pytest.mark.parametrize("going", ["second", "first"])
def test_the_leader_uses_it_when_it_alone_falls_short(going) -> None:
    # A 20000 guard: the Leader (15000) attacks first (the most power) and a Boost carries it (8 - 1);
    # Tester would need +10000, which no Boost gives. Without the Boost the Leader misses: 8.
    turns = 1 if going == "second" else 2
    final, used = play(BOOST, going, turns, guard=20000)
    assert (final["opp_life"], used) == (7, ["use Boost (TX-002): +5000 power for the battle"])
    assert play(BOOST, going, turns, guard=20000, effects=False)[0]["opp_life"] == 8
