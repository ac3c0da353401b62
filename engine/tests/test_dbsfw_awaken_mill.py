"""DBS FW: a Leader's Awaken that places the top cards of the deck in the drop area before the flip ("[Awaken]
When your life is at 4 or less, place the top 10 cards of your deck into their owner's Drop. Then, flip this
card over.", 15-2): games worked out by hand from docs/rules/dbsfw.md, in both play orders.

The deck is 50 Fillers (red Battle cards of cost 9, 0 power), never charged, no redraw: 6 cards in hand, 8
life cards, 36 in the deck; own turn 1 draws 1 in either play order. The Leader awakens at 8 life
(`awaken_life`), so on own turn 1, at the start of the main phase.
"""

from __future__ import annotations

import pytest

from engine import Card, Deck, DeckEntry
from engine.goldfish import get_simulator
from engine.played_text import PLAYED, UNPLAYED, card_parts

SIM = get_simulator("dbsfw")
FILLER = Card("TB-099", "Filler", "battle", ("red",), 9, power=0, specified_cost={"red": 1})
MILL = (
    "[Awaken] (Can be activated during [Activate Main/Battle] if the conditions are met.) When your life is"
    " at 4 or less, place the top 10 cards of your deck into their owner's Drop. Then, flip this card over."
)
MILL_JA = (
    "【覚醒】(条件を満たしていれば【起動 メイン/戦闘中】で発動できる)自分のライフが4以下の場合、"
    "自分のデッキの上から10枚をドロップに置く。その後、このカードを裏返す。"
)


def leader(text: str) -> Card:
    back = {"name": "Test Leader", "power": 20000}
    return Card(
        "TL-001", "Test Leader", "leader", ("red",), power=15000, keywords=("awaken",), back=back, text=text
    )


def final(text: str, going: str, effects: bool = True) -> dict:
    lead = leader(text)
    main = (DeckEntry(FILLER.number, 50),)
    deck = Deck("dbsfw", "standard", {"leader": (DeckEntry(lead.number, 1),), "main": main}, {
        FILLER.number: FILLER, lead.number: lead
    })  # fmt: skip
    policy = {"charge_rule": "never", "mulligan_rule": "never", "card_effects": effects, "awaken_life": 8}
    return SIM.play_logged(deck, SIM.params(going=going, policy=policy, max_turns=1), 1, 0).final


@pytest.mark.parametrize("going", ["second", "first"])
@pytest.mark.parametrize("text", [MILL, MILL_JA])
def test_the_awaken_places_the_top_cards_in_the_drop_area(going, text) -> None:
    # Own turn 1: 1 drawn (deck 35, hand 7); the main phase opens with the Awaken: the top 10 cards into the
    # drop area (deck 25), then the flip. Nothing is played (a Filler costs 9).
    zones = final(text, going)
    assert (zones["deck"], zones["drop"], zones["hand"], zones["awakened"]) == (25, 10, 7, 1)
    # Without the text the Leader flips all the same, and the deck keeps its cards.
    zones = final(text, going, effects=False)
    assert (zones["deck"], zones["drop"], zones["hand"], zones["awakened"]) == (35, 0, 7, 1)


@pytest.mark.parametrize(
    ("text", "status"),
    [
        (MILL, PLAYED),
        (MILL_JA, PLAYED),
        # something after the cards placed in the drop area, before the flip
        (MILL.replace(" Then, flip", " Then, draw 1 card. Then, flip"), UNPLAYED),
    ],
)
def test_the_text_report_names_the_awaken_played(text, status) -> None:
    assert [p.status for p in card_parts("dbsfw", leader(text), SIM.params().policy)] == [status]
