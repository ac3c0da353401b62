"""FFTCG text on dealing damage to the opponent and on attacking (engine/readers/fftcg.py `_DAMAGES`,
`_OPPONENT_MILL`, `_REVEAL_ONE`; engine/goldfish/fftcg.py `_attack_phase`, `_damage_dealt`,
`_mill_opponent`): "When Mog deals damage to your opponent, draw 1 card." (after the attack's damage,
10.1.4.3: the card drawn is cast in main phase 2), "... activate all the Backups you control.", "your
opponent puts the top card of his/her deck into the Break Zone." on entering, attacking and dealing damage,
"If Mog deals damage to your opponent, double the damage instead." and "When Mog attacks, reveal the top
card of your deck. If it is a Wind Forward, add it to your hand." (a card of another kind stays on the top).
Worked by hand in stacked games, both play orders.

The games are those of test_goldfish_fftcg's S05 (50 cost-2 Fire Forwards, multi-playable, each cast paid by
discarding one: 3 cast on turn 1, then 1 a turn; 3 attacks on turn 2, 4 on turn 3: the 7th point of
damage on own turn 3, game turn 5 going first, 6 going second) and S09 (2 Backups first) with the text.
"""

from __future__ import annotations

import pytest

from engine.effects import CardFilter, Effect
from engine.goldfish import WIN
from engine.goldfish.fftcg import compile_deck
from engine.goldfish.fftcg_kinds import (
    F_ATTACK_MILL,
    F_ATTACK_SEARCH,
    F_ATTACK_SEARCH_TOP,
    F_DAMAGE_ACTIVATE,
    F_DAMAGE_DRAW,
    F_DAMAGE_MILL,
    F_ENTER_MILL,
    F_LOOK_REST,
    F_STRIKE,
    REST_ATTACK_SHIFT,
    REST_TOP,
)
from engine.played_text import card_parts
from engine.readers import read_text
from engine.tests.test_goldfish_fftcg import SIM, card, deck_of, game_turn, per_turn, per_turn_attacks

NEVER = {"mulligan_rule": "never"}
DRAWS = "When Mog deals damage to your opponent, draw 1 card."
WAKES = "When Mog deals damage to your opponent, activate all the Backups you control."
ENTER_MILL = "When Mog enters the field, your opponent puts the top card of his/her deck into the Break Zone."
ATTACK_MILL = "When Mog attacks, your opponent puts the top card of his/her deck into the Break Zone."
DAMAGE_MILL = (
    "When Mog deals damage to your opponent, your opponent puts the top 5 cards of his/her deck into the"
    " Break Zone."
)
DOUBLES = "If Mog deals damage to your opponent, double the damage instead."
REVEALS = "When Sel attacks, reveal the top card of your deck. If it is a Wind Forward, add it to your hand."


def mogs(text: str, going: str, effects: bool = True):
    """50 Mogs (Fire Forward, cost 2, multi-playable) with the text, in a stacked game."""
    mog = card("A-001", name="Mog", text=text)
    params = SIM.params(going=going, policy={**NEVER, "card_effects": effects})
    return SIM.play_stacked(deck_of([(mog, 50)]), params, ["A-001"] * 50)


def test_the_reader_reads_the_shapes_and_leaves_their_neighbours() -> None:
    assert read_text("fftcg", DRAWS, "Mog").effects == (Effect("damages", "draw", 1),)
    assert read_text("fftcg", WAKES, "Mog").effects == (
        Effect("damages", "activate", 5, CardFilter(type="backup")),
    )
    assert read_text("fftcg", DAMAGE_MILL, "Mog").effects == (Effect("damages", "opponent-mill", 5),)
    assert read_text("fftcg", ENTER_MILL, "Mog").effects == (Effect("enters", "opponent-mill", 1),)
    assert read_text("fftcg", DOUBLES, "Mog").effects == (Effect("static", "strike", 2),)
    assert read_text("fftcg", REVEALS, "Sel").effects == (
        Effect("attacks", "search", 1, CardFilter(type="forward", colors=("wind",)), top=1, rest="top"),
    )
    for text in (
        "When Mog deals damage to your opponent or to a Forward, draw 1 card.",  # a Forward: not read
        "When a party you control deals damage to your opponent, draw 1 card.",  # the autopilot forms none
        "When Moogle deals damage to your opponent, draw 1 card.",  # another card
        "If Mog deals damage to your opponent, the damage becomes 2 instead.",
        "If Mog deals damage to a Forward or your opponent, double the damage instead.",
        "When Mog deals damage to your opponent, your opponent puts the top 2 cards of his/her deck into the"
        " Break Zone. If both cards are of the same Element, draw 1 card.",
        "When Mog attacks, reveal the top card of your deck. If it is a Job Knight, add it to your hand.",
    ):
        assert read_text("fftcg", text, "Mog").effects == (), text


def test_the_text_is_compiled_and_played() -> None:
    cards = [
        card("A-001", name="Mog", text="\n".join((DRAWS, DAMAGE_MILL))),
        card("A-002", name="Moa", text=ENTER_MILL.replace("Mog", "Moa")),
        card("A-003", name="Mot", text=ATTACK_MILL.replace("Mog", "Mot")),
        card("A-004", name="Mob", text=DOUBLES.replace("Mog", "Mob")),
        card("A-005", name="Sel", colors=("wind",), text=REVEALS),
        card("A-006", name="Mow", text=WAKES.replace("Mog", "Mow")),
        card("B-001", type="backup"),
    ]
    deck = deck_of([(c, 3) for c in cards])
    kf, kfinds = compile_deck(deck).arrays[2:4]
    mog, moa, mot, mob, sel, mow, backup = range(7)
    assert (kf[mog, F_DAMAGE_DRAW], kf[mog, F_DAMAGE_MILL]) == (1, 5)
    assert (kf[moa, F_ENTER_MILL], kf[mot, F_ATTACK_MILL]) == (1, 1)
    assert (kf[mob, F_STRIKE], kf[mog, F_STRIKE]) == (2, 0)
    assert (kf[sel, F_ATTACK_SEARCH], kf[sel, F_ATTACK_SEARCH_TOP]) == (1, 1)
    assert kf[sel, F_LOOK_REST] >> REST_ATTACK_SHIFT == REST_TOP
    assert kf[mow, F_DAMAGE_ACTIVATE] == 5
    assert [bool(kfinds[sel, t]) for t in range(7)] == [False] * 4 + [True, False, False]  # the Wind Forward
    assert [bool(kfinds[mow, t]) for t in range(7)] == [False] * 6 + [True]  # the Backup
    for c in cards[:6]:
        assert {p.status for p in card_parts("fftcg", c, {})} == {"played"}, c.text


@pytest.mark.parametrize(
    ("going", "casts", "phases", "game"),
    [
        ("first", {1: 3, 2: 2, 3: 1}, ["main 1", "main 2"], 5),
        ("second", {1: 3, 2: 3, 3: 1}, ["main 1"] + ["main 2"] * 2, 6),
    ],
)
def test_a_draw_on_dealing_damage_is_cast_in_main_phase_2(going, casts, phases, game) -> None:
    """Going first: turn 2 draws 2, casts 1 (hand 0); each of the 3 attacks deals its damage, then draws 1
    (hand 3); main phase 2 casts 1 of them, discarding another (hand 1). Turn 3: 3 cards, 1 cast (hand 1);
    5 Forwards attack: the 1st to 3rd draw after their damage, the 4th deals the 7th point and the game
    ends (12.4.1), before its draw. Going second turn 1 keeps 1 card: turn 2 casts 1 (hand 1), the 3
    draws make 4, main phase 2 casts 2; turn 3 casts 1 and 4 of the 6 Forwards attack."""
    log = mogs(DRAWS, going)
    assert per_turn(log, "cast") == casts
    assert [e.phase for e in log.events if e.turn == 2 and e.text.startswith("cast")] == phases
    assert per_turn(log, "Mog (A-001): draw") == {2: 3, 3: 3}
    assert [e.text for e in log.events if e.turn == 2 and e.phase == "attack"][:2] == [
        "Mog (A-001) attacks: opponent damage 1",
        "Mog (A-001): draw Mog (A-001)",
    ]
    assert per_turn_attacks(log) == {2: 3, 3: 4}
    assert (log.outcome, log.turn, game_turn(log)) == (WIN, 3, game)


@pytest.mark.parametrize(("going", "deck"), [("first", 34), ("second", 33)])
@pytest.mark.parametrize(("text", "milled"), [(ENTER_MILL, 5), (ATTACK_MILL, 7), (DAMAGE_MILL, 30)])
def test_the_opponents_top_cards_into_its_break_zone(going, deck, text, milled) -> None:
    """Without the text the game is S05's: the opponent's deck 45, less its draws (2 + 2 going first; 1 + 2
    + 2 going second, 9.2.1.3) and the 7 points of damage: 34 or 33. On entering, 1 card for each of the 5
    Mogs cast (3, 1, 1); on attacking, 1 for each of the 7 attacks (3, 4), before its damage; on dealing
    damage, 5 for each attack but the last, whose 7th point ends the game first (3 + 3 attacks: 30)."""
    log = mogs(text, going)
    assert (log.outcome, log.turn, log.final["opp_damage"]) == (WIN, 3, 7)
    assert mogs(text, going, effects=False).final["opp_deck"] == deck
    assert log.final["opp_deck"] == deck - milled


@pytest.mark.parametrize(("going", "game"), [("first", 5), ("second", 6)])
def test_doubled_damage(going, game) -> None:
    """Each attack deals 2 points: 6 on turn 2's 3 attacks; turn 3's first attack deals the 7th and the game
    ends before its second point (12.4.1): the opponent's deck loses 7 cards to damage, as in S05."""
    log = mogs(DOUBLES, going)
    assert per_turn_attacks(log) == {2: 3, 3: 1}
    assert [e.text for e in log.events if e.text.startswith("Mog (A-001) attacks")] == [
        "Mog (A-001) attacks: opponent damage 2",
        "Mog (A-001) attacks: opponent damage 4",
        "Mog (A-001) attacks: opponent damage 6",
        "Mog (A-001) attacks: opponent damage 7",
    ]
    assert (log.outcome, log.turn, game_turn(log)) == (WIN, 3, game)
    assert log.final["opp_deck"] == mogs(DOUBLES, going, effects=False).final["opp_deck"]


@pytest.mark.parametrize(("going", "gust_at"), [("first", 8), ("second", 9)])
def test_a_reveal_on_attacking_takes_a_wind_forward_and_leaves_another_card_on_top(going, gust_at) -> None:
    """Sels (Wind Forwards, cost 2) and one Gust (a Wind Summon) right under turn 2's draws (card 9 going
    first: 5 dealt, 1 + 2 drawn; card 10 going second). Turn 2's 3 attacks each reveal Gust: not a Forward,
    it stays on the top, and turn 3 draws it first. Turn 3: Gust pays for a Sel (hand 0 going first); the 4
    attacks each reveal a Sel and take it (before the damage), the 4th attack dealing the 7th point."""
    sel = card("A-005", name="Sel", colors=("wind",), text=REVEALS)
    gust = card("G-001", name="Gust", type="summon", colors=("wind",))
    order = ["A-005"] * 49
    order.insert(gust_at, "G-001")
    params = SIM.params(going=going, policy=NEVER)
    log = SIM.play_stacked(deck_of([(sel, 49), (gust, 1)]), params, order)
    left = "Sel (A-005): reveal the top cards, no card found, a card not taken left on the top"
    taken = "Sel (A-005): reveal the top cards, Sel (A-005) to the hand, a card not taken left on the top"
    assert [e.text for e in log.events if e.turn == 2 and e.text.startswith("Sel (A-005): reveal")] == [
        left
    ] * 3
    assert [e.text for e in log.events if e.turn == 3 and e.phase == "draw"][0] == "draw Gust (G-001)"
    assert per_turn(log, taken) == {3: 4}
    assert per_turn_attacks(log) == {2: 3, 3: 4}
    assert (log.outcome, log.turn, game_turn(log)) == (WIN, 3, 5 if going == "first" else 6)


@pytest.mark.parametrize(
    ("going", "casts"), [("first", {1: 3, 2: 2, 3: 2, 4: 1}), ("second", {1: 3, 2: 2, 3: 2, 4: 1})]
)
def test_backups_activated_on_dealing_damage_pay_in_main_phase_2(going, casts) -> None:
    """S09's stacked game (2 Backups, then Forwards; Backups first on 2 turns) with the text on the
    Forwards. Going first: turn 1 casts both Backups and a Forward (hand 0); turn 2 casts 1 with the 2
    Backups, the other Forward cannot be paid; the Forward of turn 1 deals damage and stands the Backups up:
    main phase 2 casts the second. Turn 3: 1 cast with the Backups (1 left); the 1st of 3 attacks stands
    them up again: main phase 2 casts it. Turn 4: 1 cast with the Backups, and the 3rd of 5 attacks deals
    the 7th point. Going second turn 1 keeps 1 Forward, turn 2 casts 2 in main phase 1 (the Backups and a
    discard) and nothing is left for main phase 2; turns 3 and 4 as going first."""
    backup = card("B-001", type="backup")
    forward = card("F-001", name="Mog", text=WAKES)
    deck = deck_of([(backup, 2), (forward, 48)])
    order = ["B-001", "B-001"] + ["F-001"] * 48
    params = SIM.params(going=going, policy={**NEVER, "backup_turns": 2})
    log = SIM.play_stacked(deck, params, order)
    assert per_turn(log, "cast") == casts
    assert per_turn(log, "Mog (F-001): activate 2 Backups") == {2: 1, 3: 1, 4: 1}
    assert per_turn_attacks(log) == {2: 1, 3: 3, 4: 3}
    assert (log.outcome, log.turn, game_turn(log)) == (WIN, 4, 7 if going == "first" else 8)
