"""FFTCG text that plays a card onto the field at no cost: from the deck (engine/goldfish/fftcg.py, a
`play` `from: deck`), "When Raiser enters the field, you may search for 1 Job Scout of cost 3 or less and
play it onto the field.", and from the hand by name at any cost, "When Raiser enters the field, you may
play 1 Card Name Titan from your hand onto the field.", in games worked out by hand on stacked decks, both
play orders.

The decks (as engine/tests/test_fftcg_break_zone.py's): Grunt (Fire Forward, 2), Flare (Fire Summon, 2:
fuel, §11.5), Titan (Fire Forward, 5, multi-playable) and Raiser (Fire Forward, 2) with the text, and at the
deck's bottom the cards the search may find: Scouts (Fire Forwards of job Scout) of cost 2, 3 and 4, or a
second Grunt. Turn 1 holds Grunt, Flare and Titans (4 going first, 5 going second, after the turn's draw):
the plan casts Grunt and a Titan, paid by discarding Flare and 3 Titans (the lowest keep-values); going
second one Titan stays in the hand. Turn 2 draws Raiser and a Titan; Raiser is cast by discarding a Titan
(the Break Zone: Flare and 4 Titans), and its text resolves as it enters. Grunt and the first Titan attack
on turn 2 (2 points of damage); Raiser and what it plays entered this turn and do not (10.1.2.1.1).
"""

from __future__ import annotations

import pytest

from engine import Card, Deck, DeckEntry
from engine.goldfish import get_simulator
from engine.played_text import text_report
from engine.readers import read_text

SIM = get_simulator("fftcg")

SCOUT_3 = (
    "When Raiser enters the field, you may search for 1 Job Scout of cost 3 or less and play it onto the"
    " field."
)
GRUNT = "When Raiser enters the field, search for 1 Card Name Grunt and play it onto the field."

RAISER, FLARE, GRUNT_NO, TITAN = "T6-001", "T6-002", "T6-003", "T6-004"
SCOUTS = {"T6-005": 2, "T6-006": 3, "T6-007": 4}  # card number: cost


def deck_and_order(text: str, going: str, bottom: list[str]) -> tuple[Deck, list[str]]:
    """The deck of 50 in the order it is drawn, `bottom` its last cards."""
    cards = [
        Card(RAISER, "Raiser", "forward", ("fire",), 2, text=text),
        Card(FLARE, "Flare", "summon", ("fire",), 2),
        Card(GRUNT_NO, "Grunt", "forward", ("fire",), 2),
        Card(TITAN, "Titan", "forward", ("fire",), 5, keywords=("multi-playable",)),
        *(Card(n, f"Scout {c}", "forward", ("fire",), c, traits=("Scout",)) for n, c in SCOUTS.items()),
    ]
    turn_1 = [GRUNT_NO, FLARE] + [TITAN] * (4 if going == "first" else 5)  # hand and turn 1's draws
    order = turn_1 + [RAISER, TITAN] + [TITAN] * (50 - len(turn_1) - 2 - len(bottom)) + bottom
    counts = {n: order.count(n) for n in dict.fromkeys(order)}
    main = tuple(DeckEntry(n, k) for n, k in counts.items())
    deck = Deck("fftcg", "constructed", {"main": main}, {c.number: c for c in cards if c.number in counts})
    return deck, order


def play(text: str, going: str, bottom: list[str], effects: bool = True):
    deck, order = deck_and_order(text, going, bottom)
    params = SIM.params(going=going, max_turns=2, policy={"card_effects": effects})
    return SIM.play_stacked(deck, params, order)


@pytest.mark.parametrize(("going", "hand"), [("first", 0), ("second", 1)])
def test_the_most_expensive_card_named_is_played_from_the_deck(going, hand) -> None:
    """The deck's bottom holds the Scouts of cost 2, 3 and 4: "of cost 3 or less" names the first two, and
    the pick is the most expensive (as a play from the hand or the Break Zone picks), Scout 3. It enters:
    4 Forwards (Grunt, Titan, Raiser, Scout 3); the deck one card fewer than without the text; the hand
    (going second the Titan kept from turn 1) and the Break Zone (Flare and 4 Titans) as without it; 2
    points of damage, since Scout 3 entered this turn."""
    log = play(SCOUT_3, going, list(SCOUTS))
    texts = [e.text for e in log.events]
    assert "Raiser (T6-001): search the deck, play Scout 3 (T6-006) onto the field, shuffle" in texts
    off = play(SCOUT_3, going, list(SCOUTS), effects=False)
    assert (off.final["forwards"], off.final["hand"], off.final["break_zone"]) == (3, hand, 5)
    assert (log.final["forwards"], log.final["hand"], log.final["break_zone"]) == (4, hand, 5)
    assert log.final["deck"] == off.final["deck"] - 1
    assert log.final["opp_damage"] == off.final["opp_damage"] == 2


@pytest.mark.parametrize("going", ["first", "second"])
def test_a_card_that_may_not_enter_is_not_played(going) -> None:
    """A second Grunt lies at the deck's bottom, but the first is on the field since turn 1, and Grunt has
    no generic icon (7.7.3): nothing enters, the deck is only shuffled; the game is the one without the
    text."""
    log = play(GRUNT, going, [GRUNT_NO])
    assert "Raiser (T6-001): search the deck, no card found that may enter, shuffle" in [
        e.text for e in log.events
    ]
    off = play(GRUNT, going, [GRUNT_NO], effects=False)
    assert log.final == off.final
    assert log.final["forwards"] == 3


def test_deck_plays_are_reported_as_played() -> None:
    for text in (SCOUT_3, GRUNT):
        card = Card("T-1", "Raiser", "forward", ("fire",), 2, text=text)
        deck = Deck("fftcg", "constructed", {"main": (DeckEntry("T-1", 50),)}, {"T-1": card})
        report = text_report(deck, SIM.params().policy)
        assert report.not_played == () and report.played_share == 1.0


def test_a_summon_or_any_card_is_never_played_from_the_deck() -> None:
    """A Summon is never on the field (5.2.3.1.2.1); "1 card" would be any card: both stay unread."""
    for named in ("1 Fire Summon", "1 card"):
        text = f"When Raiser enters the field, you may search for {named} and play it onto the field."
        assert read_text("fftcg", text, "Raiser").unread == (text,)


TITAN_FROM_HAND = (
    "When Raiser enters the field, you may play 1 Card Name Titan from your hand onto the field."
)


@pytest.mark.parametrize(("going", "forwards", "hand"), [("first", 3, 0), ("second", 4, 0)])
def test_a_card_named_is_played_from_the_hand_at_any_cost(going, forwards, hand) -> None:
    """A play from the hand by name, of any cost (no "of cost N or less"). Going second the hand holds, as
    Raiser enters, the Titan kept from turn 1 (Raiser was paid by discarding the Titan drawn on turn 2):
    it enters at no cost, 4 Forwards and an empty hand, against 3 and 1 without the text. Going first
    Raiser's payment took the hand's only Titan: nothing to play, the game without the text. The Break
    Zone holds Flare and 4 Titans either way; the Titan played entered this turn: 2 points of damage."""
    log = play(TITAN_FROM_HAND, going, [])
    played = "Raiser (T6-001): play Titan (T6-004) from the hand onto the field at no cost"
    assert (played in [e.text for e in log.events]) == (going == "second")
    assert (log.final["forwards"], log.final["hand"], log.final["break_zone"]) == (forwards, hand, 5)
    assert log.final["opp_damage"] == 2
    off = play(TITAN_FROM_HAND, going, [], effects=False)
    assert (off.final["forwards"], off.final["hand"]) == (3, 0 if going == "first" else 1)


def test_hand_plays_of_any_cost_and_a_backup_dull_are_reported_as_played() -> None:
    """ "onto the field dull" of a Backup is how it enters anyway (5.2.3.1.1.3)."""
    dull_backup = (
        "When Raiser enters the field, you may play 1 Fire Backup of cost 3 or less from your hand onto the"
        " field dull."
    )
    for text in (TITAN_FROM_HAND, dull_backup):
        card = Card("T-1", "Raiser", "forward", ("fire",), 2, text=text)
        deck = Deck("fftcg", "constructed", {"main": (DeckEntry("T-1", 50),)}, {"T-1": card})
        report = text_report(deck, SIM.params().policy)
        assert report.not_played == () and report.played_share == 1.0
