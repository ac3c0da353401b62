"""FFTCG text read in session 40 (issue 32): a draw on entering if you have cast some cards this turn
("When Fran enters the field, if you have cast 3 or more cards this turn, draw 1 card.": `cast-at-least`),
a Backup activated when a character of a kind enters your
field ("When a Fire Job Primal enters your field, activate Amalj'aa.": `ally-enters`, engine/goldfish/fftcg.py
_wake_sources), a free play from the hand of either of two names or jobs ("you may play 1 Job Ninja or 1 Card
Name Ninja of cost 4 or less from your hand onto the field."), a search of either with "other than" ("search
for 1 Job Samurai or Card Name Samurai other than Card Name Cyan and add it to your hand.") and "each player
discards 1 card from his/her hand." (your own discard; the opponent's changes nothing here). Games worked by
hand in both play orders; 6 cards in hand on turn 1 going first, 7 going second (5 dealt, 1 or 2 drawn)."""

from __future__ import annotations

import pytest

from engine import Card, Deck, DeckEntry
from engine.effects import CardFilter, Condition, Effect, read_effects
from engine.errors import DeckFileError
from engine.played_text import card_parts
from engine.readers import read_text
from engine.tests.test_fftcg_activate import turn_events
from engine.tests.test_fftcg_effects import (
    COURIER_BY_DISCARD,
    HERALD_BY_DISCARD,
    PIKEMAN_BY_DISCARDS,
    PIKEMAN_BY_HERALD,
    SIM,
    herald_deck,
    loot_deck,
)

WOKEN = "Herald (T1-001): activate 1 Backup"  # Herald stood itself up


def test_a_backup_activated_when_a_kind_enters_is_read_and_reported_as_played() -> None:
    text = "When a Fire Job Primal enters your field, activate Amalj'aa."
    entering = Condition("entering", filter=CardFilter(traits=("Primal",), colors=("fire",)))
    woken = Effect("ally-enters", "activate", 1, condition=entering)
    assert read_text("fftcg", text, "Amalj'aa").effects == (woken,)
    backup = Card("1-001", "Amalj'aa", "backup", ("fire",), 2, text=text)
    assert [p.status for p in card_parts("fftcg", backup, {})] == ["played"]
    # a Forward stood up attacks no more (10.1.2.1.2): not played for one
    forward = Card("1-002", "Amalj'aa", "forward", ("fire",), 2, power=5000, text=text)
    assert [p.status for p in card_parts("fftcg", forward, {})] != ["played"]


def test_ally_enters_goes_with_an_entering_condition_only() -> None:
    with pytest.raises(DeckFileError, match="'ally-enters' goes with an 'if' 'entering'"):
        read_effects("x", [{"when": "ally-enters", "do": "activate", "n": 1}])
    with pytest.raises(DeckFileError, match="'ally-enters' goes with an 'if' 'entering'"):
        read_effects("x", [{"when": "enters", "do": "draw", "if": {"kind": "entering", "filter": {}}}])


@pytest.mark.parametrize("going", ["first", "second"])
def test_a_backup_stands_up_when_the_character_it_names_enters(going) -> None:
    """Worked by hand, turn 1 (test_fftcg_activate's game with the activation on Herald's side). Herald by
    a discard, dull (5.2.3.1.1.3). Going first (Courier and 3 Pikemen left): Courier by a discard; it is
    Card Name Courier, so Herald stands up, and Herald's CP and a discard cast a Pikeman, the hand now
    empty. Going second (4 Pikemen): a Pikeman by 2 discards (not Courier: Herald stays dull), then Courier
    by the last card; Herald stands up with nothing left to cast. Without the text Herald pays from turn 2:
    going first 2 Pikemen stay in hand."""
    deck, order = herald_deck(herald_text="When a Card Name Courier enters your field, activate Herald.")
    if going == "first":
        expected = [(1, COURIER_BY_DISCARD), (1, WOKEN), (1, PIKEMAN_BY_HERALD)]
    else:
        expected = [(1, PIKEMAN_BY_DISCARDS), (1, COURIER_BY_DISCARD), (1, WOKEN)]
    assert turn_events(deck, order, going, 1) == [(1, HERALD_BY_DISCARD), *expected]


@pytest.mark.parametrize("going", ["first", "second"])
def test_a_backup_stands_up_each_time_a_character_it_names_enters(going) -> None:
    """Worked by hand, turn 1, Herald standing up for every Fire Forward. Going first: Herald, then Courier
    by a discard; Herald stands up; a Pikeman by Herald and a discard, which stands Herald up again, with
    nothing left to cast. Going second: Herald, then a Pikeman by 2 discards stands Herald up; the plan made
    again with Courier, a Pikeman and Herald's 1 CP casts Courier with Herald's CP (a Pikeman would take
    Herald and Courier's discard: 1 Forward either way, the cheaper first), which stands Herald up again;
    the last Pikeman needs 3 CP: Herald's and no card to discard."""
    deck, order = herald_deck(herald_text="When a Fire Forward enters your field, activate Herald.")
    courier_by_herald = "cast Courier (T1-002) for 1 CP by dulling Herald (T1-001)"
    if going == "first":
        expected = [(1, COURIER_BY_DISCARD), (1, WOKEN), (1, PIKEMAN_BY_HERALD), (1, WOKEN)]
    else:
        expected = [(1, PIKEMAN_BY_DISCARDS), (1, WOKEN), (1, courier_by_herald), (1, WOKEN)]
    assert turn_events(deck, order, going, 1) == [(1, HERALD_BY_DISCARD), *expected]


@pytest.mark.parametrize("going", ["first", "second"])
def test_a_backup_stays_dull_when_what_enters_is_not_what_it_names(going) -> None:
    """Herald names Water Forwards, and every card is Fire: the game of the deck without the text."""
    deck, order = herald_deck(herald_text="When a Water Forward enters your field, activate Herald.")
    vanilla, _ = herald_deck()
    assert turn_events(deck, order, going, 1) == turn_events(vanilla, order, going, 1)


@pytest.mark.parametrize(("going", "hand", "broken"), [("first", 3, 2), ("second", 2, 3)])
def test_each_player_discards_is_your_own_discard(going, hand, broken) -> None:
    """Worked by hand, turn 1, the Looter (a Fire Forward of cost 2) entering with "each player discards 1
    card": going first the hand is the Looter and 5 Flares (Summons of cost 5, never cast): the Looter by a
    Flare, then a Flare discarded: 3 in hand, 2 in the Break Zone (vanilla: 4 and 1). Going second a Lancer
    too (cost 2): the Looter and the Lancer by a Flare each, a Flare discarded: 2 in hand, 3 in the Break
    Zone (vanilla: 3 and 2)."""
    deck, order = loot_deck("When Looter enters the field, each player discards 1 card from his/her hand.")
    log = SIM.play_stacked(deck, SIM.params(going=going, max_turns=1), order)
    assert "Looter (T4-001): discard Flare (T4-002)" in [e.text for e in log.events]
    assert (log.final["hand"], log.final["break_zone"]) == (hand, broken)
    off = SIM.play_stacked(deck, SIM.params(going=going, max_turns=1, policy={"card_effects": False}), order)
    assert (off.final["hand"], off.final["break_zone"]) == (hand + 1, broken - 1)


def ninja_deck(ninja: Card) -> tuple[Deck, list[str]]:
    """On top: Herald (a Fire Forward of cost 2 that may play 1 Job Ninja or Card Name Ninja of cost 2 or
    less from the hand), `ninja` (a Water Forward of cost 2), Emberling (a vanilla Fire Forward of cost 1),
    then 47 Titans (vanilla Fire Forwards of cost 5)."""
    generic = ("multi-playable",)
    herald = Card(
        "T5-001", "Herald", "forward", ("fire",), 2, keywords=generic,
        text="When Herald enters the field, you may play 1 Job Ninja or Card Name Ninja of cost 2 or less"
        " from your hand onto the field.",
    )  # fmt: skip
    ember = Card("T5-003", "Emberling", "forward", ("fire",), 1, keywords=generic)
    titan = Card("T5-004", "Titan", "forward", ("fire",), 5, keywords=generic)
    main = tuple(DeckEntry(n, 1) for n in ("T5-001", "T5-002", "T5-003")) + (DeckEntry("T5-004", 47),)
    cards = {c.number: c for c in (herald, ninja, ember, titan)}
    order = ["T5-001", "T5-002", "T5-003"] + ["T5-004"] * 47
    return Deck("fftcg", "constructed", {"main": main}, cards), order


NINJAS = {
    "job": Card("T5-002", "Shade", "forward", ("water",), 2, keywords=("multi-playable",), traits=("Ninja",)),
    "name": Card("T5-002", "Ninja", "forward", ("water",), 2, keywords=("multi-playable",)),
}


@pytest.mark.parametrize("named", list(NINJAS))
@pytest.mark.parametrize(("going", "hand"), [("first", 1), ("second", 2)])
def test_a_free_play_of_either_a_job_or_a_name(going, hand, named) -> None:
    """Worked by hand, turn 1: Herald, the Water Forward of Job Ninja (or named Ninja), Emberling and Titans
    (3 going first, 4 going second). Herald by a Titan plays the Ninja for free (Water: no Water CP would
    cast it; Emberling is no Ninja); then Emberling by a Titan: 3 Forwards, 1 Titan kept going first, 2
    going second (a Titan takes 3 discards). Without the text the Ninja is never cast."""
    ninja = NINJAS[named]
    deck, order = ninja_deck(ninja)
    log = SIM.play_stacked(deck, SIM.params(going=going, max_turns=1), order)
    texts = [e.text for e in log.events]
    assert f"Herald (T5-001): play {ninja.name} (T5-002) from the hand onto the field at no cost" in texts
    assert (log.final["forwards"], log.final["hand"]) == (3, hand)


@pytest.mark.parametrize(
    ("going", "at_least", "expected"),
    [
        # Going first: Herald (the 1st card cast) and Courier (the 2nd) by a discard each; 2 Pikemen left.
        # "2 or more": Courier draws a Pikeman, and 3 Pikemen make one more by 2 discards. "3 or more":
        # no draw, and 2 Pikemen cast none (a Pikeman's 3 CP take 2 discards).
        ("first", 2, [COURIER_BY_DISCARD, "Courier (T1-002): draw Pikeman (T1-003)", PIKEMAN_BY_DISCARDS]),
        ("first", 3, [COURIER_BY_DISCARD]),
        # Going second: Herald, a Pikeman by 2 discards, Courier (the 3rd card cast) by the last Pikeman but
        # one: it draws either way, and the 2 Pikemen left cast none.
        ("second", 2, [PIKEMAN_BY_DISCARDS, COURIER_BY_DISCARD, "Courier (T1-002): draw Pikeman (T1-003)"]),
        ("second", 3, [PIKEMAN_BY_DISCARDS, COURIER_BY_DISCARD, "Courier (T1-002): draw Pikeman (T1-003)"]),
    ],
)
def test_a_draw_if_you_have_cast_enough_cards_this_turn(going, at_least, expected) -> None:
    """Worked by hand, turn 1: the cards cast this turn count the card itself, cast before it enters."""
    text = f"When Courier enters the field, if you have cast {at_least} or more cards this turn, draw 1 card."
    assert read_text("fftcg", text, "Courier").effects == (
        Effect("enters", "draw", 1, condition=Condition("cast-at-least", at_least)),
    )
    deck, order = herald_deck(courier_text=text)
    assert turn_events(deck, order, going, 1) == [(1, HERALD_BY_DISCARD), *((1, e) for e in expected)]


def test_the_cards_cast_are_counted_again_each_turn() -> None:
    """Worked by hand, going first, "2 or more": the hand is Herald and 5 Pikemen, Courier the 7th card.
    Turn 1 casts 2 cards: Herald by a discard, a Pikeman by 2 discards (1 Pikeman left). Turn 2 draws
    Courier and a Pikeman; Herald's 1 CP and a discard (3 CP) cast 1 of Courier (1) and a Pikeman (3), and
    Courier is cast, the turn's 1st card: no draw (counted on from turn 1, it would be the 3rd)."""
    text = "When Courier enters the field, if you have cast 2 or more cards this turn, draw 1 card."
    deck, _ = herald_deck(courier_text=text)
    order = ["T1-001"] + ["T1-003"] * 5 + ["T1-002"] + ["T1-003"] * 43
    events = turn_events(deck, order, "first", 2)
    assert events[:2] == [(1, HERALD_BY_DISCARD), (1, PIKEMAN_BY_DISCARDS)]
    assert [e for t, e in events if t == 2 and "Courier" in e] == [
        "cast Courier (T1-002) for 1 CP by dulling Herald (T1-001)"
    ]
