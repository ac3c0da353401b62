"""A card's own text that keeps a Forward from attacking: "X cannot attack (or block).", "X enters the
field dull." and "X does not activate during your Active Phase." (engine/goldfish/fftcg_kinds.py,
F_NO_ATTACK, F_ENTERS_DULL, F_NO_ACTIVATE), read, played and worked by hand in stacked games."""

from __future__ import annotations

import pytest

from engine.effects import Effect
from engine.goldfish import WIN
from engine.readers import read_text
from engine.tests.test_goldfish_fftcg import SIM, card, deck_of, game_turn, per_turn, per_turn_attacks

NEVER = {"mulligan_rule": "never"}


@pytest.mark.parametrize(
    ("text", "do"),
    [
        ("Mog cannot attack.", "no-attack"),
        ("Mog cannot attack or block.", "no-attack"),
        ("This Forward cannot attack or block.", "no-attack"),
        ("Mog enters the field dull.", "enters-dull"),
        ("Mog does not activate during your Active Phase.", "no-untap"),
        ("Mog does not activate during the Active Phase.", "no-untap"),
        ("Mogはアタックできない。", "no-attack"),
        ("Mogはアタックもブロックもできない。", "no-attack"),
        ("Mogはダル状態で場に出る。", "enters-dull"),
        ("Mogはあなたのアクティブフェイズにアクティブにならない。", "no-untap"),
    ],
)
def test_the_reader_reads_the_card_about_itself(text, do) -> None:
    assert read_text("fftcg", text, "Mog").effects == (Effect("static", do),)


@pytest.mark.parametrize(
    "text",
    [
        "If your opponent doesn't control any Forwards, Mog cannot attack.",  # a condition: unread
        "When Mog attacks, Mog does not activate during your next Active Phase.",  # once: unread
        "Moogle cannot attack.",  # another card
    ],
)
def test_the_reader_leaves_the_rest(text) -> None:
    assert read_text("fftcg", text, "Mog").effects == ()


@pytest.mark.parametrize("going", ["first", "second"])
def test_a_forward_that_does_not_activate_attacks_once(going) -> None:
    """50 cost-2 Forwards: 3 cast on turn 1 (each paid with a discard), 1 a turn after (2 drawn, 1 paid
    with the other). Each attacks once, the turn after it entered, and stays dull: 3 damage on turn 2,
    then 1 a turn, 7 on turn 6 (a vanilla deck: 3 + 4 on turn 3, test_s05)."""
    mog = card("A-001", name="Mog", text="Mog does not activate during your Active Phase.")
    log = SIM.play_stacked(deck_of([(mog, 50)]), SIM.params(going=going, policy=NEVER), ["A-001"] * 50)
    assert per_turn(log, "cast") == {1: 3, 2: 1, 3: 1, 4: 1, 5: 1, 6: 1}
    assert per_turn_attacks(log) == {2: 3, 3: 1, 4: 1, 5: 1, 6: 1}
    assert (log.outcome, log.turn, game_turn(log)) == (WIN, 6, 11 if going == "first" else 12)


@pytest.mark.parametrize("going", ["first", "second"])
def test_a_haste_forward_that_enters_dull_attacks_the_next_turn(going) -> None:
    """50 cost-2 Haste Forwards that enter dull: Haste is of no use, they attack from the next turn, as
    vanilla Forwards do (test_s05: 3 on turn 2, 4 on turn 3; with Haste alone 3 on turn 1, 4 on turn 2)."""
    mog = card("H-001", name="Mog", keywords=("multi-playable", "haste"), text="Mog enters the field dull.")
    log = SIM.play_stacked(deck_of([(mog, 50)]), SIM.params(going=going, policy=NEVER), ["H-001"] * 50)
    assert per_turn(log, "cast") == {1: 3, 2: 1, 3: 1}
    assert per_turn_attacks(log) == {2: 3, 3: 4}
    assert (log.outcome, log.turn, game_turn(log)) == (WIN, 3, 5 if going == "first" else 6)


@pytest.mark.parametrize("going", ["first", "second"])
def test_a_forward_that_cannot_attack_never_does(going) -> None:
    """7 Forwards that cannot attack on top, then vanilla ones. Turn 1: 3 of them cast (3 discarded).
    Turn 2: the 7th cast, a vanilla one discarded (going second the hand kept a vanilla one). From turn
    3 one vanilla Forward a turn, each attacking from the next: 1, 2, 3 and 1 more damage on turns 4 to 7."""
    mog = card("N-001", name="Mog", text="Mog cannot attack or block.")
    deck = deck_of([(mog, 7), (card("V-001"), 43)])
    log = SIM.play_stacked(deck, SIM.params(going=going, policy=NEVER), ["N-001"] * 7 + ["V-001"] * 43)
    assert per_turn(log, "cast Mog") == {1: 3, 2: 1}
    assert per_turn(log, "cast テストV-001") == {3: 1, 4: 1, 5: 1, 6: 1, 7: 1}
    assert per_turn_attacks(log) == {4: 1, 5: 2, 6: 3, 7: 1}
    assert all(" attacks: " not in e.text or "Mog" not in e.text for e in log.events)
    assert (log.outcome, log.turn, game_turn(log)) == (WIN, 7, 13 if going == "first" else 14)


@pytest.mark.parametrize("going", ["first", "second"])
def test_the_texts_change_nothing_with_card_effects_off(going) -> None:
    """The same decks with the card effects off play as vanilla ones: the flags come from the text."""
    mog = card("A-001", name="Mog", text="Mog does not activate during your Active Phase.")
    params = SIM.params(going=going, policy={**NEVER, "card_effects": False})
    log = SIM.play_stacked(deck_of([(mog, 50)]), params, ["A-001"] * 50)
    assert per_turn_attacks(log) == {2: 3, 3: 4}


@pytest.mark.parametrize("going", ["first", "second"])
def test_a_backup_that_does_not_activate_never_pays_once_it_entered_dull(going) -> None:
    """test_s09's deck (2 Backups on top, then cost-2 Forwards) with Backups that do not activate during
    your Active Phase: they enter dull (5.2.3.1.1.3) and stay so, so every Forward is paid with a discard.
    Turn 1: the 2 Backups and 1 Forward (3 discards); then 1 Forward a turn, each attacking from the next:
    1, 2, 3 and 1 more damage on turns 2 to 5 (with Backups that activate, 7 by turn 4)."""
    backup = card("B-001", type="backup", text="テストB-001 does not activate during your Active Phase.")
    deck = deck_of([(backup, 2), (card("F-001"), 48)])
    params = SIM.params(going=going, policy={**NEVER, "backup_turns": 2})
    log = SIM.play_stacked(deck, params, ["B-001", "B-001"] + ["F-001"] * 48)
    casts = [(e.turn, e.text) for e in log.events if e.text.startswith("cast")]
    assert [t for t, _ in casts] == [1, 1, 1, 2, 3, 4, 5]
    assert all("discarding" in text and "dulling" not in text for _, text in casts)
    assert per_turn_attacks(log) == {2: 1, 3: 2, 4: 3, 5: 1}
    assert (log.outcome, log.turn, game_turn(log)) == (WIN, 5, 9 if going == "first" else 10)
