"""DBS FW: an On Play whose cost places one of your energy cards in the drop area, for a skill that puts a
card back into the energy area ("[On Play] Place 1 card from your energy in your Drop : Add the top card of
your deck to your energy.", 「【登場時】自分のエナジー1枚をドロップに置く：自分のデッキの上から1枚を
エナジーにする。」): games on stacked decks worked out by hand from docs/rules/dbsfw.md, in both play orders.

Every deck: the Leader (red, 15000), the cards named on top in this order (the opening hand of 6 and the
draws), then Fillers (red Battle cards of cost 9, 0 power) to 50. No redraw; a Filler is charged every turn;
the second player has an energy marker (6-2-1-10); both draw on their turn 1. Two turns.
"""

from __future__ import annotations

import pytest

from engine import Card
from engine.goldfish import dbsfw
from engine.played_text import PLAYED, UNPLAYED, card_parts
from engine.tests.test_dbsfw_drop_energy import LEADER, SIM, play

SWAP = "[On Play] Place 1 card from your energy in your Drop : Add the top card of your deck to your energy."
SWAP_JA = "【登場時】自分のエナジー1枚をドロップに置く：自分のデッキの上から1枚をエナジーにする。"
PLACED = "Tarn (TB-001): Filler (TB-099) from the energy area to the drop area for its cost"


def tarn(text: str = SWAP, cost: int = 1) -> Card:
    spec = {"red": 1} if cost else {}
    return Card("TB-001", "Tarn", "battle", ("red",), cost, power=0, specified_cost=spec, text=text)


@pytest.mark.parametrize("going", ["first", "second"])
@pytest.mark.parametrize("text", [SWAP, SWAP_JA])
def test_a_rested_energy_card_for_the_top_card_of_the_deck(text: str, going: str) -> None:
    # Turn 1: a Filler drawn and charged (energy 1); Tarn (cost 1) is paid with that energy card (going
    # second the marker is left: markers last), which its On Play places in the drop area, then the top
    # card of the deck (a Filler) goes into the energy area, active: energy 1, drop 1, one card fewer in
    # the deck. Turn 2: a Filler drawn and charged: energy 2. Deck: 50 - 6 - 1 (turn 1) - 1 (Tarn) - 1
    # (turn 2) = 41, less the 8 life cards: 33.
    final, events = play([tarn(text)], going)
    assert events.count(PLACED) == 1
    assert (final["energy"], final["drop"], final["deck"]) == (2, 1, 33)
    # Without card text: energy 2, nothing in the drop area, deck 34.
    final, events = play([tarn(text)], going, effects=False)
    assert PLACED not in events
    assert (final["energy"], final["drop"], final["deck"]) == (2, 0, 34)


@pytest.mark.parametrize("going", ["first", "second"])
def test_never_an_active_energy_card(going: str) -> None:
    # Tarn of cost 0 rests no energy card: its cost is not paid and nothing happens (energy 2, deck 34).
    final, events = play([tarn(cost=0)], going)
    assert not any("for its cost" in e for e in events)
    assert (final["energy"], final["drop"], final["deck"]) == (2, 0, 34)


def test_only_a_skill_that_puts_a_card_back() -> None:
    policy = SIM.params().policy
    assert [p.status for p in card_parts("dbsfw", tarn(), policy)] == [PLAYED]
    draws = "[On Play] Place 1 card from your energy in your Drop : Draw 2 cards."
    assert [p.status for p in card_parts("dbsfw", tarn(draws), policy)] == [UNPLAYED]


def test_a_cost_the_goldfish_does_not_pay_leaves_its_skill_unplayed() -> None:
    # An Extra's [Activate: Battle] power behind an energy cost, and a When Attacking draw behind a KO cost:
    # the goldfish pays neither cost, so neither the power nor the draw is in the card's row.
    flare = Card(
        "TE-002", "Quick Flare", "extra", ("red",), 1, specified_cost={"red": 1},
        text="[Activate Battle] Place 1 of your energy in your Drop : Choose your Leader or up to 1 of your"
        " Battle Cards and it gets +15000 power for the battle.",
    )  # fmt: skip
    biter = Card(
        "TB-003", "Biter", "battle", ("red",), 1, power=5000, specified_cost={"red": 1},
        text="[When Attacking] KO 1 of your Battle Cards : Draw 2 cards.",
    )  # fmt: skip
    rows = dbsfw._text_rows([flare, biter], True, (LEADER, LEADER))
    assert rows[0, dbsfw.T_PUMP] == 0
    assert rows[1, dbsfw.T_DRAW + dbsfw.TR_ATTACK] == 0
    # with the card's text read, the same skills without their costs are in the rows
    free = Card(flare.number, flare.name, "extra", ("red",), 1, specified_cost={"red": 1},
                text=flare.text.replace("Place 1 of your energy in your Drop : ", ""))  # fmt: skip
    assert dbsfw._text_rows([free], True, (LEADER, LEADER))[0, dbsfw.T_PUMP] == 15000


def test_a_leaders_draw_behind_a_cost_it_does_not_pay_is_not_drawn() -> None:
    leader = Card(
        "TL-002", "Test Leader", "leader", ("red",), power=15000,
        text="[When Attacking] KO 1 of your Battle Cards : Draw 1 card.",
    )  # fmt: skip
    assert dbsfw._leader_draws(None, leader.text, "attacks") == 0
    assert dbsfw._leader_draws(None, "[When Attacking] Draw 1 card.", "attacks") == 1
