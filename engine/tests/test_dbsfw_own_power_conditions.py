"""DBS FW: a Battle card's own power that waits for it being in Rest Mode ("[Permanent] If this card is in
Rest Mode, this card gets +20000 power.") or for cards in your drop area ("[Permanent][Your Turn] If you have
<X> in your Drop, this card gets +10000 power.", "If you have a Battle Card with a cost of 3 or more in your
Drop, ..."), games worked out by hand from docs/rules/dbsfw.md in both play orders.

As in test_dbsfw_conditions: every deck is 50 copies of one cost-1 card of 10000 power that cannot combo
(the shuffle does not matter), no redraw; going second nothing is charged and the second player's energy
marker pays turn 1 (6-2-1-10); going first a card is charged every turn and nothing attacks on turn 1
(7-3-4-3-1). The opponent's Leader guards with 15000: a tie hits (8-4-6), so the Leader hits and a card
hits with 5000 more.
"""

from __future__ import annotations

import pytest

from engine import Card, Deck, DeckEntry
from engine.effects import Condition, Effect, describe, read_effects
from engine.errors import DeckFileError
from engine.goldfish import get_simulator
from engine.played_text import PLAYED, UNPLAYED, card_parts

SIM = get_simulator("dbsfw")
LEADER = Card("TL-001", "Test Leader", "leader", ("red",), power=15000)
DRAW_DISCARD = "[On Play] Draw 1 card. Then, discard 1 card from your hand."


def battle(text: str) -> Card:
    return Card(
        "TB-001", "Tester", "battle", ("red",), 1, power=10000, specified_cost={"red": 1}, combo_power=None,
        text=text,
    )  # fmt: skip


def opp_life(card: Card, going: str, turns: int) -> int:
    sections = {"leader": (DeckEntry(LEADER.number, 1),), "main": (DeckEntry(card.number, 50),)}
    deck = Deck("dbsfw", "standard", sections, {card.number: card, LEADER.number: LEADER})
    policy = {"charge_rule": "never" if going == "second" else "always", "mulligan_rule": "never"}
    return SIM.play_logged(deck, SIM.params(going=going, policy=policy, max_turns=turns), 1, 0).final[
        "opp_life"
    ]


# Going second, turn 1: the marker plays 1 card; the Leader hits, and the card hits if it has 15000: 8 - 2,
# else 8 - 1. Going first, turn 2: 1 card played on turn 1, 2 on turn 2 (energy 2): the Leader and 3 cards
# hit, 8 - 4, else the Leader only, 8 - 1.
GAMES = [("second", 1, 6, 7), ("first", 2, 4, 7)]


@pytest.mark.parametrize(("going", "turns", "with_power", "without"), GAMES)
@pytest.mark.parametrize(
    "power_line",
    [
        "[Permanent] If this card is in Rest Mode, this card gets +5000 power.",
        "【永続】このカードがレストの場合、このカードのパワー+5000。",
    ],
)
def test_a_power_while_in_rest_mode_counts_in_its_attacks(
    going, turns, with_power, without, power_line
) -> None:
    # an attacker is rested as it attacks (8-1-1): 10000 + 5000 reaches the guard
    assert opp_life(battle(power_line), going, turns) == with_power
    assert opp_life(battle(""), going, turns) == without


@pytest.mark.parametrize(("going", "turns", "with_power", "without"), GAMES)
@pytest.mark.parametrize(
    ("power_line", "holds"),
    [
        ("[Permanent][Your Turn] If you have <Tester> in your Drop, this card gets +5000 power.", True),
        ("[永続][自分のターン中]自分のドロップに「Tester」がある場合、このカードのパワー+5000。", True),
        ("[Permanent][Your Turn] If you have <Other> in your Drop, this card gets +5000 power.", False),
        (
            "[Permanent][Your Turn] If you have a Battle Card with a cost of 1 or more in your Drop, this "
            "card gets +5000 power.",
            True,
        ),
        (
            "【永続】【自分のターン中】自分のドロップにコスト1以上のバトルカードがある場合、"
            "このカードのパワー+5000。",
            True,
        ),
        (
            "[Permanent][Your Turn] If you have a Battle Card with a cost of 2 or more in your Drop, this "
            "card gets +5000 power.",
            False,
        ),
    ],
)
def test_a_power_that_waits_for_cards_in_the_drop(
    going, turns, with_power, without, power_line, holds
) -> None:
    # Each card played draws 1 and discards 1 (a Tester, the only card of the deck, of cost 1) before the
    # attacks: the drop area holds a Tester when the cards attack. Going second: hand 7, 1 played (6),
    # draw and discard (6); drop 1. Going first: turn 1 hand 7, charge (6), 1 played (5), drop 1; turn 2
    # draw (6), charge (5), 2 played, drop 3. With the condition held, each card has 15000.
    assert opp_life(battle(f"{DRAW_DISCARD}\n{power_line}"), going, turns) == (
        with_power if holds else without
    )
    # without the discard the drop area is empty: the card keeps 10000
    assert opp_life(battle(power_line), going, turns) == without


def test_the_text_report_names_them() -> None:
    def parts(card: Card) -> list[tuple[str, str]]:
        return [(p.status, p.why) for p in card_parts("dbsfw", card, {})]

    assert parts(battle("[Permanent] If this card is in Rest Mode, this card gets +20000 power.")) == [
        (PLAYED, "if this card is rested, +20000 power")
    ]
    assert parts(battle("[Permanent] If you have <Kid Hero> in your Drop, this card gets +10000 power.")) == [
        (PLAYED, 'if you have at least a card named "Kid Hero" in your drop area, +10000 power')
    ]
    # read, but only a card's own power waits for them in the goldfish; a Leader's is not a Battle card's
    assert parts(battle("[On Play] If you have <Kid Hero> in your Drop, draw 1 card.")) == [(UNPLAYED, "")]
    leader = Card(
        "TL-002", "Leader", "leader", ("red",), power=15000,
        text="[Permanent] If this card is in Rest Mode, this card gets +5000 power.",
    )  # fmt: skip
    assert parts(leader) == [(UNPLAYED, "")]


def test_the_vocabulary_reads_writes_and_checks_them() -> None:
    data = [
        {"when": "static", "do": "power", "n": 20000, "if": {"kind": "rested"}},
        {
            "when": "static",
            "do": "power",
            "n": 5000,
            "if": {"kind": "in-drop-at-least", "n": 1, "filter": {"type": "battle", "cost_min": 3}},
        },
    ]
    effects = read_effects("card TB-001", data)
    assert effects[0] == Effect("static", "power", 20000, condition=Condition("rested"))
    assert [e.to_dict() for e in effects] == data
    assert describe(effects[0]) == "if this card is rested, +20000 power"
    for bad, message in (
        ({"kind": "rested", "n": 1}, "takes no 'n'"),
        ({"kind": "in-drop-at-least", "n": 1}, "needs a 'filter'"),
        ({"kind": "in-drop-at-least", "filter": {"name": "Kid Hero"}}, "needs 'n'"),
    ):
        with pytest.raises(DeckFileError, match=message):
            read_effects("card TB-001", [{"when": "static", "do": "power", "n": 5000, "if": bad}])
