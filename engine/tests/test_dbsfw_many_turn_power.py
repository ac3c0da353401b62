"""DBS FW: power for the turn for up to N or all of your Battle Cards with a trait, each chosen once ("Choose
up to 2 of your Battle Cards with 《Grove》 in their special traits and they get +10000 power for the turn.",
"Choose all of your Battle Cards with 《Grove》 ..."): games worked out by hand from docs/rules/dbsfw.md in
both play orders. The Leader (15000) always attacks; a Battle card only when it reaches the guard.
"""

from __future__ import annotations

import pytest

from engine import Card, Deck, DeckEntry
from engine.effects import LARGEST_N, CardFilter, Effect, describe, read_effects
from engine.errors import DeckFileError
from engine.goldfish import get_simulator
from engine.played_text import PLAYED, card_parts
from engine.tests.test_dbsfw_card_name_parts import LEADER, game

SIM = get_simulator("dbsfw")
GROVE = "Tester (TB-001) attacks with power"
UP_TO_TWO = (
    "[On Play] Choose up to 2 of your Battle Cards with 《Grove》 in their special traits and they get +10000"
    " power for the turn."
)
UP_TO_TWO_JA = "【登場時】自分の特徴《Grove》を持つバトルカード2枚までを選び、このターン中、パワー+10000。"


def grove(text: str = "") -> Card:
    return Card(
        "TB-001", "Tester", "battle", ("red",), 1, power=10000, specified_cost={"red": 1}, combo_power=None,
        text=text, traits=("Grove",),
    )  # fmt: skip


@pytest.mark.parametrize("text", [UP_TO_TWO, UP_TO_TWO_JA])
def test_up_to_two_cards_each_chosen_once(text) -> None:
    # 50 Testers (cost 1, 10000, 《Grove》), a 20000 guard. Going second, turn 1: one Tester, the only one
    # the skill may choose (the Leader is no Battle Card): 20000 hits; the Leader misses: 8 - 1 = 7.
    assert game(grove(text), "second", 20000) == (7, [f"{GROVE} 20000", f"{LEADER} 15000"])
    # Going first, turn 2: the first Tester played chooses the two that +10000 brings to the guard, the
    # first in the Battle Area first (all 10000 short): the Tester of turn 1 and itself. The second chooses
    # itself (the only one still short), then none is short: the first in the Battle Area again, 30000.
    # Three Testers hit (30000, 20000, 20000), the Leader misses: 8 - 3 = 5.
    assert game(grove(text), "first", 20000) == (
        5,
        [f"{GROVE} 30000", f"{GROVE} 20000", f"{GROVE} 20000", f"{LEADER} 15000"],
    )


ALL = (
    "[Activate Main] Choose all of your Battle Cards with 《Grove》 in their special traits and they get"
    " +10000 power for the turn."
)
ALL_JA = "【起動 メイン】自分の特徴《Grove》を持つバトルカードすべてを選び、このターン中、パワー+10000。"
FILLER = Card("TB-099", "Filler", "battle", ("red",), 9, power=0, specified_cost={"red": 1})


def rally_game(text: str, going: str, effects: bool = True) -> tuple[int, list[str]]:
    """Two Testers and Rally (an Extra, cost 1) in the opening hand, Fillers (cost 9) under them; a card
    charged every turn, no redraw, a 20000 guard, until own turn 2. Returns the opponent's life and the
    attacks of turn 2."""
    rally = Card("TX-001", "Rally", "extra", ("red",), 1, specified_cost={"red": 1}, text=text)
    lead = Card("TL-001", "Test Leader", "leader", ("red",), power=15000)
    head = [grove(), grove(), rally]
    order = [c.number for c in head] + [FILLER.number] * (50 - len(head))
    main = (DeckEntry("TB-001", 2), DeckEntry("TX-001", 1), DeckEntry("TB-099", 47))
    pool = {c.number: c for c in (grove(), rally, FILLER, lead)}
    deck = Deck("dbsfw", "standard", {"leader": (DeckEntry(lead.number, 1),), "main": main}, pool)
    policy = {"charge_rule": "always", "mulligan_rule": "never", "card_effects": effects}
    params = SIM.params(going=going, policy=policy, opponent={"opp_leader_power": 20000}, max_turns=2)
    log = SIM.play_stacked(deck, params, order)
    return log.final["opp_life"], [e.text for e in log.events if e.turn == 2 and " attacks " in e.text]


@pytest.mark.parametrize("text", [ALL, ALL_JA])
def test_all_of_your_battle_cards_with_the_trait(text) -> None:
    # Going first: turn 1 energy 1 pays a Tester (Battle cards first); turn 2 energy 2 pays the other Tester
    # and Rally, which resolves once both are in the Battle Area: each gets +10000, 20000, and hits; the
    # Leader misses: 8 - 2 = 6.
    assert rally_game(text, "first") == (6, [f"{GROVE} 20000", f"{GROVE} 20000", f"{LEADER} 15000"])
    # Going second: turn 1 energy 1 and the marker pay both Testers (10000: no attack), the Leader misses;
    # turn 2 energy 2 pays Rally: both Testers 20000 hit: 6.
    assert rally_game(text, "second") == (6, [f"{GROVE} 20000", f"{GROVE} 20000", f"{LEADER} 15000"])
    # Without card text Rally is not used: the Testers never reach the guard: 8.
    assert rally_game(text, "second", effects=False)[0] == 8


def test_read_reported_and_written() -> None:
    assert [p.status for p in card_parts("dbsfw", grove(UP_TO_TWO), SIM.params().policy)] == [PLAYED]
    data = [
        {
            "when": "enters",
            "do": "power",
            "n": 10000,
            "filter": {"type": "battle", "traits": ["Grove"]},
            "targets": 2,
        }
    ]
    effects = read_effects("card TB-001", data)
    assert effects == (
        Effect("enters", "power", 10000, CardFilter(type="battle", traits=("Grove",)), targets=2),
    )
    assert [e.to_dict() for e in effects] == data
    assert "for each of up to 2 of your" in describe(effects[0])
    every = Effect("cast", "power", 10000, CardFilter(type="battle", traits=("Grove",)), targets=LARGEST_N)
    assert "for your Battle Cards" in describe(every)
    with pytest.raises(DeckFileError, match="'targets' belongs to a 'power' with a 'filter'"):
        read_effects("card TB-001", [{"when": "enters", "do": "draw", "n": 1, "targets": 2}])
