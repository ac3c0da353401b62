"""DBS FW: "[Permanent] This card's name is also treated as <A> and <B> in all areas."
(「【永続】すべての領域のこのカードは、カード名を「A」及び「B」としても扱う。」):
a look at the top cards for <A> finds the card, and one for a card other than <B> passes it over. Games
on a stacked deck worked out by hand as in test_dbsfw_searches.py, in both play orders: Scout (cost 1)
opens the hand with 14 Fillers after it (the rest of the hand, the life and the turn-1 draw); Scout is
played on turn 1 and looks at the next 5 cards, of which Goku (cost 9, never played) is the 4th."""

from __future__ import annotations

import pytest

from engine import Card, Deck, DeckEntry
from engine.goldfish import get_simulator
from engine.played_text import PLAYED, card_parts
from engine.played_text.dbsfw import ALIAS
from engine.tests.test_dbsfw_searches import LEADER, LOOK, LOOK_JA

SIM = get_simulator("dbsfw")
ALSO = "[Permanent] This card's name is also treated as <Kakarot> and <Tenzo : Youth> in all areas."
ALSO_JA = "【永続】すべての領域のこのカードは、カード名を「Kakarot」及び「Tenzo : Youth」としても扱う。"


def searched(scout_text: str, goku_text: str, going: str) -> tuple[list[str], int]:
    """What Scout's look takes, and the deck left after the turn-2 draw (35 after the set-up and the
    turn-1 draw; 1 fewer when a card is found)."""
    scout = Card(
        "TB-001", "Scout", "battle", ("red",), 1, power=0, specified_cost={"red": 1}, text=scout_text
    )
    goku = Card(
        "TB-002", "Goku", "battle", ("red",), 9, power=0, specified_cost={"red": 1}, traits=("Saiyan",),
        text=goku_text,
    )  # fmt: skip
    filler = Card("TB-004", "Filler", "battle", ("red",), 9, power=0, specified_cost={"red": 1})
    cards = (LEADER, scout, goku, filler)
    sections = {
        "leader": (DeckEntry(LEADER.number, 1),),
        "main": (DeckEntry("TB-001", 1), DeckEntry("TB-002", 1), DeckEntry("TB-004", 48)),
    }
    deck = Deck("dbsfw", "standard", sections, {c.number: c for c in cards})
    order = ["TB-001"] + ["TB-004"] * 17 + ["TB-002"] + ["TB-004"] * 31
    params = SIM.params(going=going, policy={"charge_rule": "always", "mulligan_rule": "never"}, max_turns=2)
    log = SIM.play_stacked(deck, params, order)
    return [e.text for e in log.events if e.text.startswith("Scout (TB-001): look")], log.final["deck"]


def look(found: str) -> list[str]:
    return [f"Scout (TB-001): look at the top cards, {found} to the hand, the rest to the bottom"]


@pytest.mark.parametrize("going", ["first", "second"])
@pytest.mark.parametrize(
    ("revealed", "goku_text", "found"),
    [
        # by the other name: Goku is found; without the text that gives it, it is not
        (LOOK.format("<Kakarot>"), ALSO, "Goku (TB-002)"),
        (LOOK_JA.format("「Kakarot」"), ALSO_JA, "Goku (TB-002)"),
        (LOOK.format("<Kakarot>"), "", "no card"),
        # the second of two names, with a colon in it
        (LOOK.format("<Tenzo : Youth>"), ALSO, "Goku (TB-002)"),
        # a Saiyan not named Kakarot: Goku is named so, and passed over
        (LOOK.format("non-<Kakarot> card with 《Saiyan》 in its special traits"), ALSO, "no card"),
        (LOOK.format("non-<Kakarot> card with 《Saiyan》 in its special traits"), "", "Goku (TB-002)"),
    ],
)
def test_a_search_by_name_finds_a_card_by_its_other_names(revealed, goku_text, found, going) -> None:
    taken, left = searched(revealed, goku_text, going)
    assert taken == look(found)
    assert left == (34 if found != "no card" else 35) - 1


@pytest.mark.parametrize("text", [ALSO, ALSO_JA])
def test_the_other_names_are_played(text) -> None:
    card = Card("TB-002", "Goku", "battle", ("red",), 9, power=0, text=text)
    assert [(p.status, p.why) for p in card_parts("dbsfw", card, {})] == [(PLAYED, ALIAS)]
