"""DBS FW: a free play from the hand of a card of an exact cost ("[On Play] Play up to 1 <Goku> with a cost
of 2 from your hand.", 「自分の手札のコスト2の「Goku」1枚までを登場させる。」): read as a `play` whose filter
has `cost_min` and `cost_max` the same, played by the goldfish on a stacked deck, in both play orders,
worked out by hand from docs/rules/dbsfw.md."""

from __future__ import annotations

import pytest

from engine import Card, Deck, DeckEntry
from engine.effects import CardFilter, Effect
from engine.goldfish import get_simulator
from engine.readers import read_text

SIM = get_simulator("dbsfw")
LEADER = Card("TL-001", "Test Leader", "leader", ("red",), power=15000)
CALLER = "[On Play] Play up to 1 <Goku> with a cost of 2 from your hand."
CALLER_JA = "【登場時】自分の手札のコスト2の「Goku」1枚までを登場させる。"


@pytest.mark.parametrize("text", [CALLER, CALLER_JA])
def test_an_exact_cost_is_read_as_both_bounds(text) -> None:
    reading = read_text("dbsfw", text, "Caller")
    assert reading.unread == ()
    assert reading.effects == (
        Effect(
            "enters", "play", 0, CardFilter(type="battle", name="Goku", cost_max=2, cost_min=2), optional=True
        ),
    )


def _game(text: str, hand: list[str], going: str):
    cards = {
        "TB-001": Card(
            "TB-001", "Caller", "battle", ("red",), 1, power=0, specified_cost={"red": 1}, text=text
        ),
        "TB-002": Card("TB-002", "Goku", "battle", ("red",), 3, power=0),
        "TB-003": Card("TB-003", "Goku", "battle", ("red",), 2, power=15000),
        "TB-004": Card("TB-004", "Goku", "battle", ("red",), 1, power=0),
        "TB-005": Card("TB-005", "Krillin", "battle", ("red",), 2, power=0),
        "TB-006": Card("TB-006", "Filler", "battle", ("red",), 9, power=0),
    }
    main = tuple(DeckEntry(n, 1) for n in ("TB-001", "TB-002", "TB-003", "TB-004", "TB-005")) + (
        DeckEntry("TB-006", 45),
    )
    deck = Deck(
        "dbsfw",
        "standard",
        {"leader": (DeckEntry(LEADER.number, 1),), "main": main},
        {**cards, LEADER.number: LEADER},
    )
    rest = [n for n in ("TB-001", "TB-002", "TB-003", "TB-004", "TB-005") if n not in hand]
    order = hand + ["TB-006"] * 45 + rest  # the cards left out of the hand at the bottom
    charge = "never" if going == "second" else "always"
    params = SIM.params(going=going, policy={"charge_rule": charge, "mulligan_rule": "never"}, max_turns=1)
    return SIM.play_stacked(deck, params, order)


@pytest.mark.parametrize(("going", "hand"), [("second", 5), ("first", 4)])
@pytest.mark.parametrize("text", [CALLER, CALLER_JA])
def test_the_card_of_that_cost_is_played(going, hand, text) -> None:
    # The opening hand: Caller (cost 1), three Gokus of cost 3, 2 and 1, Krillin (cost 2); Fillers (cost 9)
    # below. Turn 1 draws a Filler (either order); going first it is charged (the card least castable,
    # §11.5). The one unit of energy (going second the marker) pays for one cost-1 card: Caller, whose text
    # the plan values. Its On Play plays for free (5-5-3) the Goku of cost 2 (TB-003), the only one its
    # exact cost finds (Krillin has another name). Hand: 7 - Caller - Goku = 5 (going first 4).
    log = _game(text, ["TB-001", "TB-002", "TB-003", "TB-004", "TB-005"], going)
    assert [e.text for e in log.events if ": play " in e.text] == [
        "Caller (TB-001): play Goku (TB-003) from the hand"
    ]
    assert (log.final["battle"], log.final["hand"]) == (2, hand)
    # Going second, that Goku (15000) attacks the turn it is played, with the Leader: 8 - 2; going first
    # no one attacks on turn 1 (7-3-4-3-1).
    assert log.final["opp_life"] == (6 if going == "second" else 8)


@pytest.mark.parametrize(("going", "hand"), [("second", 6), ("first", 5)])
@pytest.mark.parametrize("text", [CALLER, CALLER_JA])
def test_no_card_of_another_cost_is_played(going, hand, text) -> None:
    # The same game without the Goku of cost 2 (a Filler instead): the Gokus of cost 3 and 1 are not of
    # the cost, so Caller's On Play plays nothing ("with a cost of 2 or less" would play the one of cost
    # 1). Hand: 7 - Caller = 6 (going first 5); going second only the Leader takes a life card: 8 - 1.
    log = _game(text, ["TB-001", "TB-002", "TB-004", "TB-005"], going)
    assert [e.text for e in log.events if ": play " in e.text] == []
    assert (log.final["battle"], log.final["hand"]) == (1, hand)
    assert log.final["opp_life"] == (7 if going == "second" else 8)
