"""FFTCG's "Gudon can attack twice in the same turn." (`attack-twice`, docs/deck-file.md), read and played:
10.1.2.1.2's one attack a turn is lifted once, and the second attack, like the first, needs the Forward
active (10.1.2.1.1), which Brave keeps it (10.1.2.2, 15.2.1.2). Worked by hand in stacked games."""

from __future__ import annotations

import pytest

from engine.effects import Effect
from engine.goldfish import WIN
from engine.played_text import card_parts
from engine.readers import read_text
from engine.tests.test_goldfish_fftcg import SIM, card, deck_of, game_turn, per_turn, per_turn_attacks

NEVER = {"mulligan_rule": "never"}
TWICE = "Mog can attack twice in the same turn."


def test_the_reader_reads_the_sentence_and_leaves_its_neighbours() -> None:
    assert read_text("fftcg", TWICE, "Mog").effects == (Effect("static", "attack-twice"),)
    for text in (
        "Moogle can attack twice in the same turn.",  # another card
        "Mog can attack 3 times in the same turn.",
        "If Mog has 10000 power or more, Mog gains Brave and can attack twice in the same turn.",
        'Until the end of the turn, Mog gains Brave and "Mog can attack twice in the same turn."',
    ):
        assert read_text("fftcg", text, "Mog").effects == (), text


@pytest.mark.parametrize("going", ["first", "second"])
def test_a_brave_forward_attacks_twice(going) -> None:
    """50 cost-2 Brave Forwards that may attack twice: 3 cast on turn 1 (each paid with a discard: 6 cards
    going first, 7 going second with 1 kept), 1 a turn after (main phase 1 comes before the attacks).
    Turn 2: the 3 attack twice each, Brave keeping them active: 6 damage; turn 3: 1 more, the 7th (12.4.1).
    Brave alone: 3, then 4 (test_s05)."""
    mog = card("A-001", name="Mog", keywords=("multi-playable", "brave"), text=TWICE)
    log = SIM.play_stacked(deck_of([(mog, 50)]), SIM.params(going=going, policy=NEVER), ["A-001"] * 50)
    assert per_turn(log, "cast") == {1: 3, 2: 1, 3: 1}
    assert per_turn_attacks(log) == {2: 6, 3: 1}
    assert (log.outcome, log.turn, game_turn(log)) == (WIN, 3, 5 if going == "first" else 6)


@pytest.mark.parametrize("going", ["first", "second"])
def test_a_forward_without_brave_is_dull_after_its_first_attack(going) -> None:
    """The same deck without Brave: each attack dulls the Forward (10.1.2.2), so none may attack again
    (10.1.2.1.1): 3 damage on turn 2, 4 on turn 3, as vanilla Forwards (test_s05)."""
    mog = card("A-001", name="Mog", text=TWICE)
    log = SIM.play_stacked(deck_of([(mog, 50)]), SIM.params(going=going, policy=NEVER), ["A-001"] * 50)
    assert per_turn_attacks(log) == {2: 3, 3: 4}
    assert (log.outcome, log.turn, game_turn(log)) == (WIN, 3, 5 if going == "first" else 6)


def test_the_text_is_played() -> None:
    mog = card("A-001", name="Mog", keywords=("multi-playable", "brave"), text=TWICE)
    assert [p.status for p in card_parts("fftcg", mog, {})] == ["played"]
