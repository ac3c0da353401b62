"""FFTCG's "The cost required to cast Xezat is increased by 1 for each card in your opponent's hand."
(`cost` with `per_opponent_hand`, docs/deck-file.md), read and played: the opponent casts nothing and
discards down to the hand limit in its end phase (9.5.1.2), so in each of your turns it holds 5 cards (its
opening hand on your first turn going first, 8.2.1.3): the card costs 5 more. Worked by hand in stacked
games."""

from __future__ import annotations

import pytest

from engine.effects import Effect
from engine.played_text import card_parts
from engine.readers import read_text
from engine.tests.test_goldfish_fftcg import SIM, card, deck_of

NEVER = {"mulligan_rule": "never"}
DEARER = "The cost required to cast Xezat is increased by 1 for each card in your opponent's hand."


def test_the_reader_reads_the_sentence_and_leaves_its_neighbours() -> None:
    dearer = Effect("static", "cost", 1, per_opponent_hand=True)
    assert read_text("fftcg", DEARER, "Xezat").effects == (dearer,)
    for text in (
        "The cost required to cast Xezat is increased by 1 for each card in your hand.",
        "The cost required to cast Moogle is increased by 1 for each card in your opponent's hand.",
        "The cost required to cast Xezat is increased by 1 for each Forward your opponent controls.",
    ):
        assert read_text("fftcg", text, "Xezat").effects == (), text


@pytest.mark.parametrize("going", ["first", "second"])
def test_the_card_costs_five_more(going) -> None:
    """Xezat, a Fire Forward of cost 1, on top of 49 Fire Summons (never cast, fuel, §11.5): 1 + 5 = 6 CP,
    3 Summons discarded (2 CP each, 5.2.1.3); without the text, 1 discarded. The hand holds 5 Summons
    going first (4 and 1 drawn), 6 going second: Xezat is cast on turn 1 either way."""
    xezat = card("X-001", name="Xezat", cost=1, keywords=(), text=DEARER)
    summon = card("S-001", name="Fira", type="summon")
    log = SIM.play_stacked(
        deck_of([(xezat, 1), (summon, 49)]),
        SIM.params(going=going, policy=NEVER, max_turns=1),
        ["X-001"] + ["S-001"] * 49,
    )
    casts = [e.text for e in log.events if e.text.startswith("cast")]
    assert casts == ["cast Xezat (X-001) for 6 CP by discarding Fira (S-001), Fira (S-001), Fira (S-001)"]


def test_the_text_is_played() -> None:
    xezat = card("X-001", name="Xezat", cost=1, keywords=(), text=DEARER)
    assert [p.status for p in card_parts("fftcg", xezat, {})] == ["played"]
