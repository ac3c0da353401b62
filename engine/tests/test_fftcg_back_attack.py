"""FFTCG: Back Attack (15.2.5), a card that may be cast whenever its controller has priority in a main or
attack phase, the opponent's turn too. With the `back_attack` knob the goldfish casts the cards that have it
in the opponent's turn, after its draw, with what your turn left: the Backups left active (they stand up
again in your Active Phase, 9.1.1.1) and discards. A Forward cast then has been yours since your next turn
began, so it attacks on it (10.1.2.1.1). Games worked by hand in both play orders.

All the cards are Fire, with the generic icon (no limit of one a name, 7.7.3); a card discarded pays 2 CP of
its element (5.2.1.3); a Forward deals 1 point of damage when it attacks unblocked (10.1.4.1).
"""

from __future__ import annotations

import numpy as np
import pytest

from engine import Card, Deck, DeckEntry
from engine.goldfish.fftcg import K_BACK_ATTACK, compile_deck
from engine.goldfish.fftcg_kinds import F_BACK_ATTACK
from engine.played_text import card_parts
from engine.played_text.fftcg import classify
from engine.tests.test_fftcg_effects import SIM

RAIDER, LANCER, SCOUT, FIRA = "Raider (T9-001)", "Lancer (T9-002)", "Scout (T9-003)", "Fira (T9-004)"
R, L, S, F = "T9-001", "T9-002", "T9-003", "T9-004"
DULL = "When Raider enters the field, choose 1 Forward other than Raider. Dull it."


def deck(raider_text: str = "", raiders: int = 50, scouts: int = 0, firas: int = 0) -> Deck:
    """Raiders (Forwards of cost 2 with Back Attack), and Lancers (vanilla Forwards of cost 2), Scouts
    (Backups of cost 2) and Firas (Summons of cost 2, never cast: fuel) to fill 50 cards."""
    cards = {
        R: Card(
            R, "Raider", "forward", ("fire",), 2, power=7000, keywords=("multi-playable", "back-attack"),
            text=raider_text,
        ),
        L: Card(L, "Lancer", "forward", ("fire",), 2, power=7000, keywords=("multi-playable",)),
        S: Card(S, "Scout", "backup", ("fire",), 2, keywords=("multi-playable",)),
        F: Card(F, "Fira", "summon", ("fire",), 2, keywords=("multi-playable",)),
    }  # fmt: skip
    lancers = 50 - raiders - scouts - firas
    main = tuple(DeckEntry(n, c) for n, c in ((R, raiders), (L, lancers), (S, scouts), (F, firas)) if c)
    return Deck("fftcg", "constructed", {"main": main}, cards)


def play(d: Deck, order: list[str], going: str, turns: int, **policy):
    params = SIM.params(going=going, max_turns=turns, policy=policy)
    return SIM.play_stacked(d, params, order)


def lines(log, phase: str) -> list[tuple[int, str]]:
    return [(e.turn, e.text) for e in log.events if e.phase == phase and "opponent draws" not in e.text]


def damage_by_turn(log) -> dict[int, int]:
    out: dict[int, int] = {}
    for e in log.events:
        if e.phase == "attack":
            out[e.turn] = int(e.text.rsplit(" ", 1)[1])
    return out


def test_going_second_the_opponents_first_turn_casts_what_attacks_on_your_first() -> None:
    # 50 Raiders, going second. The opponent's turn 1 comes first: your 5 dealt Raiders cast 2 of
    # themselves, each paid by discarding another (2 CP), 1 left. Your turn 1: 1 + 2 drawn = 3, one cast
    # (1 discard), 1 left; the 2 Raiders of the opponent's turn have been yours since the turn began:
    # damage 2. Its turn 2: 1 Raider alone cannot be paid. Turn 2: 3 cards, 1 cast, 3 Raiders attack: 5.
    # Off: turn 1 casts 3 of the 7 cards (3 discards), none attacks; turn 2: 1 + 2 cards, 1 cast, 3 attack:
    # 3. The same cards are spent either way (2 discards on the opponent's turn stand for 2 of turn 1).
    order = [R] * 50
    on = play(deck(), order, "second", 2)
    assert lines(on, "opponent") == [
        (0, f"Back Attack: cast {RAIDER} for 2 CP by discarding {RAIDER}"),
        (0, f"Back Attack: cast {RAIDER} for 2 CP by discarding {RAIDER}"),
    ]
    assert damage_by_turn(on) == {1: 2, 2: 5}
    assert (on.final["forwards"], on.final["break_zone"], on.final["hand"]) == (4, 4, 1)
    off = play(deck(), order, "second", 2, back_attack=False)
    assert lines(off, "opponent") == []
    assert damage_by_turn(off) == {2: 3}
    assert (off.final["forwards"], off.final["break_zone"], off.final["hand"]) == (4, 4, 1)


def test_going_first_a_turn_that_spends_its_hand_leaves_nothing_to_cast() -> None:
    # 50 Raiders, going first: turn 1's 6 cards cast 3 Raiders with 3 discards, turn 2's 2 cards 1 with 1,
    # the hand is empty at the end of each of your turns, so the opponent's turns cast nothing: the game
    # is the one without Back Attack, 3 damage on turn 2 and 4 more on turn 3 (7: the opponent loses).
    order = [R] * 50
    on = play(deck(), order, "first", 3)
    off = play(deck(), order, "first", 3, back_attack=False)
    assert lines(on, "opponent") == []
    assert damage_by_turn(on) == damage_by_turn(off) == {2: 3, 3: 7}
    assert on.outcome == off.outcome == "win"


ORDERS = {
    # going first: turn 1's 6 cards; going second: 7, then turn 2's 2 (Raider, Fira) either way
    "first": [S, S, L, L, L, L, R, F],
    "second": [S, S, L, F, F, F, F, R, F],
}


@pytest.mark.parametrize("going", ["first", "second"])
def test_a_card_held_from_your_forward_is_cast_in_the_opponents_turn(going) -> None:
    # 1 Raider whose entering text must dull another Forward of yours, 4 Scouts, 5 Firas, Lancers; the
    # `hold_own_removal` policy on. Turn 1 casts 2 Scouts and 1 Lancer, each for 1 discard (going first:
    # Lancers; going second: Firas), 0 cards left going first, 1 Fira going second. Turn 2 draws Raider and
    # Fira and untaps the 2 Scouts: Raider would dull the Lancer, which may attack (a loss), so it is held;
    # nothing else is cast (Fira is a Summon); the Lancer attacks: damage 1; the Scouts stay active. The
    # opponent's turn 2: Raider is cast by dulling the 2 Scouts, and dulls the Lancer, already dull from its
    # attack: nothing lost. Turn 3: the Scouts and the Lancer stand up, Raider has been yours since the turn
    # began: Raider and the Lancer attack, damage 3. Off: on turn 3 Raider is held while only the Lancer of
    # turn 1 may be chosen (going second, with 2 Firas left to discard, it is cast last, dulling a Lancer
    # cast that turn, too late to attack): damage 2.
    d = deck(DULL, raiders=1, scouts=4, firas=5)
    head = ORDERS[going]
    order = head + [L] * (40 - head.count(L)) + [S] * (4 - head.count(S)) + [F] * (5 - head.count(F))
    on = play(d, order, going, 3, hold_own_removal=True)
    assert lines(on, "opponent") == [
        (2, f"Back Attack: cast {RAIDER} for 2 CP by dulling {SCOUT}, {SCOUT}"),
        (2, f"{RAIDER}: no opposing Forward, so it dulls {LANCER}, yours"),
    ]
    assert [t for t in lines(on, "attack") if t[0] == 3] == [
        (3, f"{RAIDER} attacks: opponent damage 2"),
        (3, f"{LANCER} attacks: opponent damage 3"),
    ]
    off = play(d, order, going, 3, hold_own_removal=True, back_attack=False)
    assert lines(off, "opponent") == []
    assert damage_by_turn(off) == {2: 1, 3: 2}


def test_the_kind_table_and_the_knob_cost_nothing_without_back_attack() -> None:
    # The column marks the kinds with the keyword; a deck without one never looks at the opponent's turn
    # (prepare sets K_BACK_ATTACK to 0 whatever the policy says).
    with_it = deck(raiders=1)
    kf = compile_deck(with_it).arrays[2]
    assert list(kf[:, F_BACK_ATTACK]) == [1, 0]
    params = SIM.params(going="first", max_turns=3)
    assert SIM.prepare(with_it, params)[1][K_BACK_ATTACK] == 1
    assert SIM.prepare(deck(raiders=0), params)[1][K_BACK_ATTACK] == 0
    off = SIM.params(going="first", max_turns=3, policy={"back_attack": False})
    assert SIM.prepare(with_it, off)[1][K_BACK_ATTACK] == 0
    assert np.all(compile_deck(deck(raiders=0)).arrays[2][:, F_BACK_ATTACK] == 0)


@pytest.mark.parametrize(
    ("card", "policy", "played"),
    [
        (Card(R, "Raider", "forward", ("fire",), 2, keywords=("back-attack",)), {}, True),
        (Card(S, "Scout", "backup", ("fire",), 2, keywords=("back-attack",)), {}, True),
        # a Monster is cast only with `cast_monsters`
        (Card("T9-005", "Imp", "monster", ("fire",), 2, keywords=("back-attack",)), {}, False),
        (
            Card("T9-005", "Imp", "monster", ("fire",), 2, keywords=("back-attack",)),
            {"cast_monsters": True},
            True,
        ),
        # a Monster whose played text makes it a Forward is cast anyway (as a Forward)
        (
            Card(
                "T9-005",
                "Imp",
                "monster",
                ("fire",),
                2,
                keywords=("back-attack",),
                text="《1》: Until the end of the turn, Imp also becomes a Forward with 7000 power.",
            ),
            {},
            True,
        ),
        # the knob off: cast only in your main phases, the keyword not played
        (
            Card(R, "Raider", "forward", ("fire",), 2, keywords=("back-attack",)),
            {"back_attack": False},
            False,
        ),
        # no keyword on the card: the line alone is not enough (the importer sets it)
        (Card(R, "Raider", "forward", ("fire",), 2), {}, False),
    ],
)
def test_the_text_report_plays_back_attack_only_where_the_goldfish_casts_with_it(
    card, policy, played
) -> None:
    status, _ = classify("Back Attack", card, policy)
    assert (status == "played") is played


def test_back_attack_with_haste_on_one_line_and_apart() -> None:
    card = Card(
        R, "Raider", "forward", ("fire",), 2, keywords=("haste", "back-attack"), text="Haste Back Attack"
    )
    assert [p.status for p in card_parts("fftcg", card, {})] == ["played"]
    card = Card(
        R, "Raider", "forward", ("fire",), 2, keywords=("back-attack", "first-strike"),
        text="Back Attack\nFirst Strike",
    )  # fmt: skip
    assert [p.status for p in card_parts("fftcg", card, {})] == ["played", "moot"]
