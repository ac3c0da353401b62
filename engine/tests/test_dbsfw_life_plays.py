"""DBS FW life cards into the hand by a Field's On Play ("[Field] ... [On Play] Add up to 1 card from your
life to your hand. Then, choose up to 1 Rest Mode Battle Card ... in your opponent's Battle Area and KO
it.": when the Field is placed, 15-3-2), and before a play that waits for a condition of its own ("[On
Play] Add up to 1 card from your life to your hand. Then, if your Leader has <XR> in its card name, play up
to 1 Battle Card with a cost of 2 or less and <XR> in its card name from your hand."): games on stacked
decks worked out by hand from docs/rules/dbsfw.md, in both play orders.

Every deck: the Leader (red, 15000 power, against a 15000 guard), the cards named in each test, then Fillers
(red Battle cards of cost 9, 0 power, no combo). No redraw; a card is charged every turn, a Filler while there
is one. Either player has 7 cards on its turn 1 (the first player draws then too); the second player starts
with an energy marker (6-2-1-10). A take of "up to" 1 life card takes it (the goldfish keeps the last).
"""

from __future__ import annotations

import pytest

from engine import Card
from engine.goldfish import get_simulator
from engine.played_text import PLAYED, UNPLAYED, card_parts
from engine.tests import test_dbsfw_combo_draw as combo_draw

SIM = get_simulator("dbsfw")
FIELD_LIFE = (
    "[On Play] Add up to 1 card from your life to your hand. Then, choose up to 1 Rest Mode Battle Card with"
    " a cost of 4 or less in your opponent's Battle Area and KO it."
)
FIELD_LIFE_JA = (
    "【登場時】自分のライフ1枚までを手札に加える。その後、相手のバトルエリアのレストのコスト4以下のバトルカード1枚までを選び、"
    "KOする。"
)
CALL = (
    "[On Play] Add up to 1 card from your life to your hand. Then, if your Leader has <XR> in its card name,"
    " play up to 1 Battle Card with a cost of 2 or less and <XR> in its card name from your hand."
)
CALL_JA = (
    "【登場時】自分のライフ1枚までを手札に加える。その後、自分のリーダーがカード名に「XR」を含む場合、自分の手札のコスト2以下の"
    "カード名に「XR」を含むバトルカード1枚までを登場させる。"
)


def gate(text: str) -> Card:
    return Card(
        "TE-001", "Gate", "extra", ("red",), 1, specified_cost={"red": 1}, keywords=("field",),
        text="[Field] (This card remains in your Battle Area until you place another [Field].)\n" + text,
    )  # fmt: skip


def play(cards: list[Card], going: str, leader_name: str = "Boss : XR", effects: bool = True) -> dict:
    """One game against a 15000 guard with a 15000 Leader of that name (test_dbsfw_combo_draw's `play`):
    the final zones."""
    return combo_draw.play(cards, going, 15000, 15000, effects, leader_name)[0]


@pytest.mark.parametrize("going", ["second", "first"])
@pytest.mark.parametrize("text", [FIELD_LIFE, FIELD_LIFE_JA])
def test_a_fields_on_play_takes_a_life_card_when_it_is_placed(going, text) -> None:
    # Hand: Gate and 5 Fillers, and the turn's draw, a Filler. Going second, turn 1: a Filler charged (energy
    # 1, the marker kept) places Gate (hand 5); its On Play takes a life card (life 7, hand 6); the Leader
    # hits, 7. Going first, turn 1 the same (no attacks); turn 2 draws and charges a Filler (hand 6), plays
    # nothing more (a Filler costs 9), the Leader hits, 7.
    final = play([gate(text)], going)
    assert (final["field"], final["life"], final["hand"], final["opp_life"]) == (1, 7, 6, 7)
    # Without the text the Field is not used: life 8, hand 6 (no card played), no Field.
    final = play([gate(text)], going, effects=False)
    assert (final["field"], final["life"], final["hand"], final["opp_life"]) == (0, 8, 6, 7)


@pytest.mark.parametrize("going", ["second", "first"])
@pytest.mark.parametrize("text", [CALL, CALL_JA])
def test_life_then_a_play_that_waits_for_the_leader(going, text) -> None:
    caller = Card("TB-001", "Caller", "battle", ("red",), 1, power=5000, specified_cost={"red": 1}, text=text)
    # Minion's specified cost is blue, a colour no card of the deck has and no marker pays (1-11-2): only
    # Caller's text plays it.
    minion = Card("TB-002", "Minion : XR", "battle", ("red",), 2, power=20000, specified_cost={"blue": 1})
    cards = [caller, minion]
    # Hand: Caller, Minion, 4 Fillers, and the turn's draw, a Filler. Going second, turn 1: a Filler charged
    # pays Caller (hand Minion + 4 Fillers); its On Play takes a life card (life 7, hand 6), then, the
    # Leader's name having <XR>, plays Minion (hand 5). The attacks: the Leader and Minion (20000) hit, 6;
    # Caller (5000) cannot reach the guard. Going first, turn 1 the same (no attacks); turn 2 draws and
    # charges a Filler (hand 5) and the same two hit.
    final = play(cards, going)
    assert (final["battle"], final["life"], final["hand"], final["opp_life"]) == (2, 7, 5, 6)
    # A Leader without <XR> in its name: the life card is taken all the same (the condition is the play's
    # alone), Minion stays in the hand (hand 6) and only the Leader hits, 7.
    final = play(cards, going, leader_name="Boss")
    assert (final["battle"], final["life"], final["hand"], final["opp_life"]) == (1, 7, 6, 7)


@pytest.mark.parametrize(
    ("card", "statuses"),
    [
        (gate(FIELD_LIFE), [PLAYED, PLAYED]),
        (gate(FIELD_LIFE_JA), [PLAYED, PLAYED]),
        # a Field whose On Play waits for a condition, or must take the life card
        (
            gate(FIELD_LIFE.replace("[On Play] Add", "[On Play] If your life is at 4 or less, add")),
            [PLAYED, UNPLAYED],
        ),
        (gate(FIELD_LIFE.replace("Add up to 1 card", "Add 1 card")), [PLAYED, UNPLAYED]),
        # a Field with an [Activate Main] paid by resting it, whose skill its columns hold
        (
            gate(
                FIELD_LIFE + "\n[Activate Main] Switch this card in a Battle Area to Rest Mode : Draw 1 card."
            ),
            [PLAYED, UNPLAYED, PLAYED],
        ),
    ],
)
def test_the_text_report_names_a_fields_on_play(card, statuses) -> None:
    parts = card_parts("dbsfw", card, SIM.params().policy)
    assert [p.status for p in parts] == statuses
