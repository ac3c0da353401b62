"""FFTCG's limit of 1 Light or Dark character on the field (7.7.5) and the text that lifts it, read and
played (`light-dark`, docs/deck-file.md): "Lumen can be played onto the field even if you control other
Light Characters." for the card itself, and "You can play 2 or more Light Characters onto the field." for
every Light character while the card is on the field. A Light character never joins a Dark one.

The games are stacked (play_stacked): the hand is Lumen, Dawn (both Light Forwards of cost 1, which
cannot be discarded for CP, 5.2.1.3) and 3 Lancers (Fire Forwards of cost 3), then Lancers. Worked by
hand (§11.5): turn 1 draws 1 Lancer going first, 2 going second, so 4 or 5 Lancers pay: a Lancer by 2
discards, Lumen by 1, Dawn by 1 when it may enter; each Forward attacks from turn 2 for 1 point of
damage (10.1.4.1).
"""

from __future__ import annotations

import numpy as np
import pytest

from engine import Card, Deck, DeckEntry
from engine.goldfish import fftcg, get_simulator
from engine.goldfish.fftcg_kinds import kind_table
from engine.played_text import card_parts

SIM = get_simulator("fftcg")
SELF = "Lumen can be played onto the field even if you control other Light Characters."
LIFT = "You can play 2 or more Light Characters onto the field."
LANCER = "cast Lancer (T1-003) for 3 CP by discarding Lancer (T1-003), Lancer (T1-003)"
LUMEN = "cast Lumen (T1-001) for 1 CP by discarding Lancer (T1-003)"
DAWN = "cast Dawn (T1-002) for 1 CP by discarding Lancer (T1-003)"


def deck(lumen_text: str, dawn_color: str = "light") -> Deck:
    cards = {
        "T1-001": Card(
            "T1-001", "Lumen", "forward", ("light",), 1, keywords=("multi-playable",), text=lumen_text
        ),
        "T1-002": Card("T1-002", "Dawn", "forward", (dawn_color,), 1, keywords=("multi-playable",)),
        "T1-003": Card("T1-003", "Lancer", "forward", ("fire",), 3, keywords=("multi-playable",)),
    }
    main = (DeckEntry("T1-001", 3), DeckEntry("T1-002", 3), DeckEntry("T1-003", 44))
    return Deck("fftcg", "constructed", {"main": main}, cards)


def turns(lumen_text: str, going: str, dawn_color: str = "light") -> dict[int, list[str]]:
    """The casts of turns 1 and 2, and the names of the Forwards that attack."""
    order = ["T1-001", "T1-002"] + ["T1-003"] * 44 + ["T1-001", "T1-002"] * 2
    log = SIM.play_stacked(deck(lumen_text, dawn_color), SIM.params(going=going, max_turns=2), order)
    return {
        t: [
            e.text if e.text.startswith("cast") else e.text.split(" (")[0]
            for e in log.events
            if e.turn == t and (e.text.startswith("cast") or " attacks: " in e.text)
        ]
        for t in (1, 2)
    }


@pytest.mark.parametrize("text", [f"{SELF}\n{LIFT}", LIFT])
@pytest.mark.parametrize(
    ("going", "expected"),
    [
        # 4 Lancers pay for a Lancer (itself and 2 discards) and Lumen (1 discard): none is left for Dawn,
        # which enters beside Lumen on turn 2 (1 of the 2 Lancers drawn); 2 attacks on turn 2
        ("first", {1: [LANCER, LUMEN], 2: [DAWN, "Lumen", "Lancer"]}),
        # 5 Lancers: Dawn enters beside Lumen on turn 1; 3 attacks on turn 2, no cast (2 Lancers)
        ("second", {1: [LANCER, LUMEN, DAWN], 2: ["Lumen", "Dawn", "Lancer"]}),
    ],
)
def test_light_characters_join_each_other_while_the_text_says_they_may(text, going, expected) -> None:
    assert turns(text, going) == expected


@pytest.mark.parametrize(
    ("going", "expected"),
    [
        # 7.7.5: Dawn never enters beside Lumen; going second the Lancer left over (5 drawn, 4 used) is cast
        # on turn 2 with the 2 Lancers drawn
        ("first", {1: [LANCER, LUMEN], 2: ["Lumen", "Lancer"]}),
        ("second", {1: [LANCER, LUMEN], 2: [LANCER, "Lumen", "Lancer"]}),
    ],
)
def test_without_the_text_or_beside_a_dark_character_the_second_one_stays_in_hand(going, expected) -> None:
    assert turns("", going) == expected
    assert turns(f"{SELF}\n{LIFT}", going, dawn_color="dark") == expected  # Light never joins Dark


def test_the_self_text_alone_does_not_let_others_join_it() -> None:
    # Lumen may enter beside Dawn, not Dawn beside Lumen: Lumen, cast first, keeps Dawn out (5 Lancers
    # would pay for it).
    assert turns(SELF, "second")[1] == [LANCER, LUMEN]


def test_both_sentences_are_reported_as_played() -> None:
    card = deck(f"{SELF}\n{LIFT}").cards["T1-001"]
    assert [p.status for p in card_parts("fftcg", card, {})] == ["played", "played"]


def test_a_break_zone_play_reads_the_field_s_light_state_not_its_count() -> None:
    """Two Light characters on the field, their limit lifted ("You can play 2 or more Light Characters"):
    a third Light Forward in the Break Zone may enter (7.7.5). The pick once read the count of Light and
    Dark characters (2) as the state's bits, where 2 means a Dark one, and kept it out."""
    kf = kind_table(2, type=[fftcg.FORWARD] * 2, ld=[0, fftcg.LD_LIGHT], cost=[3, 1])
    kfinds = np.zeros((2, 2), dtype=np.int64)
    kfinds[0, 1] = fftcg.FIND_BREAK_PLAY  # kind 0's text plays kind 1 from the Break Zone
    field = np.zeros(fftcg.N_FIELD + 2, dtype=np.int64)
    field[fftcg.FIELD_LIGHT_DARK] = 2
    field[fftcg.FIELD_LD_STATE] = fftcg.LD_LIGHT | (fftcg.LD_LIGHT << fftcg.LD_LIFTED)
    named = np.zeros(3, dtype=np.int64)
    broken = np.array([0, 1], dtype=np.int64)
    assert fftcg._break_play_pick(0, fftcg.FIND_BREAK_PLAY, kfinds, kf, named, field, broken) == 1
    field[fftcg.FIELD_LD_STATE] = fftcg.LD_DARK  # a Dark character instead: never beside it
    assert fftcg._break_play_pick(0, fftcg.FIND_BREAK_PLAY, kfinds, kf, named, field, broken) == -1
