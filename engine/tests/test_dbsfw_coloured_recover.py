"""DBS FW: cards of a colour added from the drop area to the hand ("add up to 1 blue non-<Videl> card with a
cost of 3 or less and 《Earthling》 in its special traits from your Drop to your hand.", "Add up to 1 yellow
Extra with a cost of 2 or less from your Drop to your hand.", 「自分のドロップから黄のコスト2以下の
エクストラ1枚までを手札に加える。」): games on the stacked deck of engine/tests/test_dbsfw_drop.py
worked out by hand from docs/rules/dbsfw.md, in both play orders, with Gohan blue and the Leader red and
blue.
"""

from __future__ import annotations

import pytest

from engine import Card
from engine.effects import CardFilter, Effect
from engine.goldfish import get_simulator
from engine.played_text import PLAYED, UNPLAYED, card_parts
from engine.readers import read_text
from engine.tests.test_dbsfw_drop import STACK, card, stacked_deck

SIM = get_simulator("dbsfw")
LEADER = Card("TL-001", "Test Leader", "leader", ("red", "blue"), power=15000)
GOHAN = Card(
    "TB-003", "Gohan", "battle", ("blue",), 2, power=0, specified_cost={"blue": 1}, traits=("Saiyan",)
)
FINDER = (
    "[On Play] Add up to 1 {colour} card with a cost of 3 or less and 《Saiyan》 in its special traits from"
    " your Drop to your hand."
)


@pytest.mark.parametrize(("going", "turns"), [("second", 1), ("first", 2)])
@pytest.mark.parametrize(
    ("finder", "found"),
    [
        # blue: Gohan alone, though the plan values Goku (cost 3) more
        (FINDER.format(colour="blue"), ["Gohan (TB-003)"]),
        (
            "【登場時】自分のドロップから青のコスト3以下の特徴《Saiyan》を持つカード1枚までを手札に加える。",
            ["Gohan (TB-003)"],
        ),
        # red: Goku (Vegeta costs more than 3)
        (FINDER.format(colour="red"), ["Goku (TB-004)"]),
        (
            "【登場時】自分のドロップから赤のコスト3以下の特徴《Saiyan》を持つカード1枚までを手札に加える。",
            ["Goku (TB-004)"],
        ),
        # green: none
        (FINDER.format(colour="green"), []),
    ],
)
def test_cards_of_a_colour_added_from_the_drop_area(finder, found, going, turns) -> None:
    # As engine/tests/test_dbsfw_drop.py's game: going second, turn 1 draws a Filler (7), charges a Filler
    # (6), and the energy and the marker pay for Miller and Finder (4): Miller places Gohan, Goku and
    # Vegeta in the drop area (3 cards: no draw), then Finder adds what it finds of its colour. Going
    # first: turn 1 plays Miller, the same 3 cards to the drop area; turn 2 plays Finder. Hand: 4 + found.
    policy = {"charge_rule": "always", "mulligan_rule": "never"}
    log = SIM.play_stacked(
        stacked_deck(finder, LEADER, GOHAN), SIM.params(going=going, policy=policy, max_turns=turns), STACK
    )
    assert [e.text for e in log.events if "Finder (TB-002): " in e.text] == [
        f"Finder (TB-002): {c} from the drop area to the hand" for c in found
    ]
    assert (log.final["hand"], log.final["drop"]) == (4 + len(found), 3 - len(found))


def test_what_is_played_of_a_coloured_card_from_the_drop_area() -> None:
    policy = SIM.params(policy=[]).policy
    rest = (
        "[Activate Main] Switch this card to Rest Mode : Add up to 1 yellow Extra with a cost of 2 or less"
        " from your Drop to your hand."
    )
    rest_ja = (
        "【起動 メイン】このカードをレストにする：自分のドロップから黄のコスト2以下のエクストラ1枚までを"
        "手札に加える。"
    )
    attacks = (
        "[When Attacking] If you have 7 or fewer cards in your hand, add up to 1 blue non-<Videl> card with a"
        " cost of 3 or less and 《Earthling》 in its special traits from your Drop to your hand."
    )
    attacks_ja = (
        "【アタック時】自分の手札が7枚以下の場合、自分のドロップから「Videl」以外の青のコスト3以下の特徴《Earthling》を"
        "持つカード1枚までを手札に加える。"
    )
    yellow = Effect(
        "dull", "recover", 1, CardFilter(type="extra", colors=("yellow",), cost_max=2), optional=True
    )
    for text in (rest, rest_ja):
        assert read_text("dbsfw", text, "Bulma").effects == (yellow,)
    for text in (rest, rest_ja, attacks, attacks_ja):
        assert [p.status for p in card_parts("dbsfw", card("TB-001", "Videl", 1, text), policy)] == [PLAYED]
    # a colour the reader does not know is not read
    odd = "[On Play] Add up to 1 purple card with a cost of 3 or less from your Drop to your hand."
    assert [p.status for p in card_parts("dbsfw", card("TB-001", "Videl", 1, odd), policy)] == [UNPLAYED]
