"""FFTCG characters of yours activated when a card enters the field or attacks (15.1.1.1): Backups and
Characters of an element, a name, a job or a category, other than the card itself, maybe if you control
some characters (engine/readers/fftcg.py _ACTIVATED; engine/goldfish/fftcg.py _activate_chosen). Games
worked by hand in both play orders on test_fftcg_effects' Herald deck: Herald (a Fire Backup of cost 1),
Courier (a Fire Forward of cost 1), then 48 vanilla Fire Pikemen of cost 3; 6 cards in hand on turn 1
going first, 7 going second (5 dealt, 1 or 2 drawn)."""

from __future__ import annotations

import pytest

from engine import Card
from engine.effects import CardFilter, Condition, Effect
from engine.played_text import card_parts
from engine.readers import read_text
from engine.tests.test_fftcg_effects import (
    COURIER_BY_DISCARD,
    HERALD_BY_DISCARD,
    PIKEMAN_BY_DISCARDS,
    PIKEMAN_BY_HERALD,
    herald_deck,
    turn_events,
)

READS = {
    "When Mog enters the field, choose up to 3 Backups you control other than Mog. Activate them.": (
        Effect("enters", "activate", 3, CardFilter(type="backup", other_than="Mog"), optional=True),
    ),
    "When Mog enters the field, choose 1 Wind Character other than Mog you control. Activate it.": (
        Effect("enters", "activate", 1, CardFilter(type="character", colors=("wind",), other_than="Mog")),
    ),
    "When Mog enters the field, activate all the Wind Characters you control.": (
        Effect("enters", "activate", 99, CardFilter(type="character", colors=("wind",))),
    ),
    "When Mog enters the field, activate all Characters you control.": (
        Effect("enters", "activate", 99, CardFilter(type="character")),
    ),
    "When Mog attacks, activate all the Job Moogle you control.": (
        Effect("attacks", "activate", 99, CardFilter(type="character", traits=("Moogle",))),
    ),
    "When Mog enters the field or attacks, choose up to 2 Category FFCC Characters. Activate them.": tuple(
        Effect(when, "activate", 2, CardFilter(type="character", traits=("FFCC",)), optional=True)
        for when in ("enters", "attacks")
    ),
    "When Mog enters the field, if you control Card Name Lani, activate all the Backups you control.": (
        Effect(
            "enters",
            "activate",
            5,  # 7.7.4: at most 5 Backups
            CardFilter(type="backup"),
            condition=Condition("control-at-least", 1, CardFilter(name="Lani")),
        ),
    ),
    "When Mog enters the field, if you control 3 or more Category X Characters, activate all the Backups "
    "you control.": (
        Effect(
            "enters",
            "activate",
            5,
            CardFilter(type="backup"),
            condition=Condition("control-at-least", 3, CardFilter(traits=("X",))),
        ),
    ),
}

UNREAD = [
    # a Forward stood up changes nothing here: moot by the general rule, not read
    "When Mog enters the field, choose 1 Forward. Activate it.",
    # two names at once, a count "as many as", a cost, a state, a choice undone by "instead"
    "When Mog enters the field, activate Card Name Lani and Card Name Ruby you control.",
    "When Mog enters the field, choose up to the same number of Characters you control as the Job Ninja you "
    "control. Activate them.",
    "When Mog enters the field, choose 1 Backup of cost 3 or less. Activate it.",
    "When Mog enters the field, choose 1 dull Backup. Activate it.",
    "When Mog enters the field, choose 1 Backup you control. Activate it. If you have cast Card Name Ruby "
    "this turn, activate all the Backups you control instead.",
    # a condition when it attacks is not read
    "When Mog attacks, if you control Card Name Lani, activate all the Backups you control.",
]


@pytest.mark.parametrize("text", list(READS), ids=list(READS))
def test_characters_activated_are_read_and_played(text) -> None:
    assert read_text("fftcg", text, "Mog").effects == READS[text]
    card = Card("1-001", "Mog", "forward", ("wind",), 2, power=5000, text=text)
    assert [p.status for p in card_parts("fftcg", card, {})] == ["played"]


@pytest.mark.parametrize("text", UNREAD, ids=UNREAD)
def test_more_than_the_filter_says_stays_unread(text) -> None:
    assert read_text("fftcg", text, "Mog").effects == ()


@pytest.mark.parametrize("going", ["first", "second"])
def test_a_backup_that_activates_backups_other_than_itself_stands_none_up(going) -> None:
    """Worked by hand, turn 1. Herald goes first (backup_turns) by a discard and enters dull (5.2.3.1.1.3);
    its text may choose only a Backup other than itself, and it is the only one: none stands up (unlike
    "choose 1 Backup you control", test_fftcg_effects, where it pays at once). The rest is the game without
    the text: going first (Courier and 3 Pikemen left) the most Forwards is Courier by a discard, 2 Pikemen
    left (a Pikeman's 3 CP takes 2 discards, and Courier's 1 a third: 4 cards, 3 are there); going second
    (4 Pikemen) a Pikeman by 2 discards, then Courier by the last Pikeman."""
    text = "When Herald enters the field, choose 1 Backup you control other than Herald. Activate it."
    deck, order = herald_deck(herald_text=text)
    middle = [(1, PIKEMAN_BY_DISCARDS)] if going == "second" else []
    assert turn_events(deck, order, going, 1) == [
        (1, HERALD_BY_DISCARD),
        (1, "Herald (T1-001): activate 0 Backups"),
        *middle,
        (1, COURIER_BY_DISCARD),
    ]


@pytest.mark.parametrize(
    "courier_text",
    [
        "When Courier enters the field, activate all the Fire Characters you control.",
        "When Courier enters the field, if you control Card Name Herald, activate all the Backups you "
        "control.",
    ],
)
@pytest.mark.parametrize("going", ["first", "second"])
def test_a_forward_that_activates_your_characters_stands_up_the_backup(going, courier_text) -> None:
    """Worked by hand, turn 1. Herald by a discard, dull. Going first (Courier and 3 Pikemen left): Courier
    by a discard (the plan of the game without the text); its text stands Herald up (a Fire Character, a
    Backup; Herald is on the field, so the condition holds; Courier itself is active), and Herald's CP and
    a discard cast a Pikeman, the hand now empty. Going second (4 Pikemen): a Pikeman by 2 discards, then
    Courier by the last card; Herald stands up with nothing left to cast."""
    deck, order = herald_deck(courier_text=courier_text)
    activated = (1, "Courier (T1-002): activate 1 Backup")
    if going == "first":
        expected = [(1, COURIER_BY_DISCARD), activated, (1, PIKEMAN_BY_HERALD)]
    else:
        expected = [(1, PIKEMAN_BY_DISCARDS), (1, COURIER_BY_DISCARD), activated]
    assert turn_events(deck, order, going, 1) == [(1, HERALD_BY_DISCARD), *expected]


@pytest.mark.parametrize("going", ["first", "second"])
def test_an_activation_whose_condition_fails_stands_none_up(going) -> None:
    """Worked by hand, turn 1: the game of the test above, but its condition (2 or more Backups) fails with
    Herald alone on the field: no activation, and going first 2 Pikemen stay in hand."""
    text = (
        "When Courier enters the field, if you control 2 or more Backups, activate all the Backups you "
        "control."
    )
    deck, order = herald_deck(courier_text=text)
    middle = [(1, PIKEMAN_BY_DISCARDS)] if going == "second" else []
    assert turn_events(deck, order, going, 1) == [(1, HERALD_BY_DISCARD), *middle, (1, COURIER_BY_DISCARD)]
