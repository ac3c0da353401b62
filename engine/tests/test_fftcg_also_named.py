"""FFTCG's "Mog Avatar is also Card Name Mog in all situations.", read and played (`name`,
docs/deck-file.md): a search for Card Name Mog finds Mog Avatar, and the field's rule of one character of
a name (7.7.3) keeps Mog and Mog Avatar apart; with two names ("... is also Card Name Mog and Card Name
Kupo in all situations.") each does. "You cannot play Mog Avatar or Card Name Mog while already in control
of either Character." (`name-limit`) keeps them apart too, but a search for Card Name Mog does not find
Mog Avatar.

The games are stacked (play_stacked). Mog Avatar and Mog are Fire Forwards of cost 1 without the generic
icon, Lancer a Fire Forward of cost 3 with it, Seeker a Fire Forward of cost 2 with it whose text searches
for Card Name Mog. Worked by hand (§11.5, each cast paid by discarding Lancers, 2 CP each): a Lancer
takes 3 Lancers (itself and 2 discards), a 1-cost Forward 1, Seeker 1.
"""

from __future__ import annotations

import pytest

from engine import Card, Deck, DeckEntry
from engine.goldfish import get_simulator
from engine.played_text import card_parts

SIM = get_simulator("fftcg")
ALIAS = "Mog Avatar is also Card Name Mog in all situations."
LIMIT = "You cannot play Mog Avatar or Card Name Mog while already in control of either Character."
SEEK = "When Seeker enters the field, search for 1 Card Name Mog and add it to your hand."
LANCER = "cast Lancer (T1-003) for 3 CP by discarding Lancer (T1-003), Lancer (T1-003)"
AVATAR = "cast Mog Avatar (T1-001) for 1 CP by discarding Lancer (T1-003)"
MOG = "cast Mog (T1-002) for 1 CP by discarding Lancer (T1-003)"


def deck(alias: str) -> Deck:
    cards = {
        "T1-001": Card("T1-001", "Mog Avatar", "forward", ("fire",), 1, text=alias),
        "T1-002": Card("T1-002", "Mog", "forward", ("fire",), 1),
        "T1-003": Card("T1-003", "Lancer", "forward", ("fire",), 3, keywords=("multi-playable",)),
        "T1-004": Card("T1-004", "Seeker", "forward", ("fire",), 2, keywords=("multi-playable",), text=SEEK),
    }
    main = (DeckEntry("T1-001", 1), DeckEntry("T1-002", 1), DeckEntry("T1-003", 45), DeckEntry("T1-004", 3))
    return Deck("fftcg", "constructed", {"main": main}, cards)


def turn_one(alias: str, going: str, order: list[str]) -> list[str]:
    log = SIM.play_stacked(deck(alias), SIM.params(going=going, max_turns=1), order)
    return [e.text for e in log.events if e.turn == 1 and (e.text.startswith("cast") or "search" in e.text)]


@pytest.mark.parametrize(
    ("alias", "going", "expected"),
    [
        # the hand: Mog Avatar, Mog and 3 Lancers; 1 Lancer drawn going first, 2 going second. Mog Avatar and
        # Mog share a name: one of them (the first by card number) and a Lancer, 4 Lancers used either way
        (ALIAS, "first", [LANCER, AVATAR]),
        (ALIAS, "second", [LANCER, AVATAR]),
        (LIMIT, "first", [LANCER, AVATAR]),
        (LIMIT, "second", [LANCER, AVATAR]),
        # two names: going first both 1-cost Forwards (2 Lancers left, too few for a Lancer), going second a
        # Lancer too (5 Lancers)
        ("", "first", [AVATAR, MOG]),
        ("", "second", [LANCER, AVATAR, MOG]),
    ],
)
def test_one_character_of_a_name_on_the_field_counts_the_other_name(alias, going, expected) -> None:
    order = ["T1-001", "T1-002"] + ["T1-003"] * 45 + ["T1-004"] * 3
    assert turn_one(alias, going, order) == expected


@pytest.mark.parametrize(
    ("alias", "found"), [(ALIAS, "Mog Avatar (T1-001)"), ("", "Mog (T1-002)"), (LIMIT, "Mog (T1-002)")]
)
def test_a_search_by_the_other_name_finds_the_card(alias, found) -> None:
    # Going first: Seeker and 4 Lancers in hand, 1 Lancer drawn: a Lancer (3) and Seeker (1 discard); its
    # search takes the first card named Mog from the top, Mog Avatar above Mog, which is cast with the
    # last Lancer.
    order = ["T1-004"] + ["T1-003"] * 45 + ["T1-004"] * 2 + ["T1-001", "T1-002"]
    cast = AVATAR if alias == ALIAS else MOG
    assert turn_one(alias, "first", order) == [
        LANCER,
        "cast Seeker (T1-004) for 2 CP by discarding Lancer (T1-003)",
        f"Seeker (T1-004): search the deck, {found} to the hand, shuffle",
        cast,
    ]


TWO = "Mog and Kupo is also Card Name Mog and Card Name Kupo in all situations."
BOTH = "cast Mog and Kupo (T1-001) for 1 CP by discarding Lancer (T1-003)"
KUPO = "cast Kupo (T1-005) for 1 CP by discarding Lancer (T1-003)"


def two_names(text: str) -> Deck:
    cards = {
        "T1-001": Card("T1-001", "Mog and Kupo", "forward", ("fire",), 1, text=text),
        "T1-002": Card("T1-002", "Mog", "forward", ("fire",), 1),
        "T1-003": Card("T1-003", "Lancer", "forward", ("fire",), 3, keywords=("multi-playable",)),
        "T1-005": Card("T1-005", "Kupo", "forward", ("fire",), 1),
    }
    main = (DeckEntry("T1-001", 1), DeckEntry("T1-002", 1), DeckEntry("T1-003", 47), DeckEntry("T1-005", 1))
    return Deck("fftcg", "constructed", {"main": main}, cards)


@pytest.mark.parametrize(
    ("text", "expected"),
    [
        # Mog and Kupo shares a name with each of Mog and Kupo, which share none: Mog and Kupo (2 Forwards,
        # the most, 2 Lancers), and 1 Lancer left, too few for a Lancer (3)
        (TWO, [MOG, KUPO]),
        # without the text the three 1-cost Forwards, 3 Lancers
        ("", [BOTH, MOG, KUPO]),
    ],
)
def test_two_other_names_each_count(text, expected) -> None:
    # going first: Mog and Kupo, Mog, Kupo and 2 Lancers in hand, 1 Lancer drawn
    order = ["T1-001", "T1-002", "T1-005"] + ["T1-003"] * 47
    log = SIM.play_stacked(two_names(text), SIM.params(going="first", max_turns=1), order)
    assert [e.text for e in log.events if e.turn == 1 and e.text.startswith("cast")] == expected


def test_the_sentences_are_played() -> None:
    assert [p.status for p in card_parts("fftcg", deck(ALIAS).cards["T1-001"], {})] == ["played"]
    assert [p.status for p in card_parts("fftcg", deck(LIMIT).cards["T1-001"], {})] == ["played"]
    assert [p.status for p in card_parts("fftcg", two_names(TWO).cards["T1-001"], {})] == ["played"]
