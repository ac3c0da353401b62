"""FFTCG Haste under a condition ("If you control 3 or more Job Squire, Herald gains Haste.") and Haste given
to the characters a card names while it is on the field ("The Card Name Lancer you control gains Haste."):
read, played (engine/goldfish/fftcg.py `_has_haste`) and reported, in deterministic games worked by hand.

The decks: one Herald (the card with the text) on top, then 49 vanilla Lancers, all Fire Forwards of the job
Squire, cost 2, with the generic icon. Going first, turn 1 holds 6 cards (5 dealt, 1 drawn); going second 7
(2 drawn): either way Herald and two Lancers are cast (Herald first, the lowest card number), each paid by
discarding one card (2 CP), going second with 1 card left. Turn 2 draws 2: one more Lancer is cast.
"""

from __future__ import annotations

import numpy as np
import pytest

from engine import Card, Deck, DeckEntry
from engine.effects import CardFilter, Condition, Effect
from engine.goldfish.fftcg import FIND_HASTE_GIVEN, FIND_HASTE_IF, compile_deck
from engine.goldfish.fftcg_kinds import F_HASTE, F_HASTED_BY, F_IF_HASTE
from engine.played_text import card_parts
from engine.readers import read_text
from engine.tests.test_fftcg_effects import SIM

THREE_SQUIRES = "If you control 3 or more Job Squire, Herald gains +1000 power and Haste."
FOUR_SQUIRES = "If you control 4 or more Job Squire, Herald gains Haste."
LANCER = "If you control Card Name Lancer, Herald gains Haste and First Strike."
GIVES_LANCERS = "The Card Name Lancer you control gains Haste."
GIVES_OTHERS = "The Job Squire Forwards other than Herald you control gain Haste."
GIVES_MOG = "The Card Name Mog you control gains +1000 power and Haste."


def herald_deck(text: str) -> tuple[Deck, list[str]]:
    herald = Card(
        "T9-001",
        "Herald",
        "forward",
        ("fire",),
        2,
        traits=("Squire",),
        keywords=("multi-playable",),
        text=text,
    )
    lancer = Card(
        "T9-002", "Lancer", "forward", ("fire",), 2, traits=("Squire",), keywords=("multi-playable",)
    )
    deck = Deck(
        "fftcg", "constructed", {"main": (DeckEntry("T9-001", 1), DeckEntry("T9-002", 49))},
        {"T9-001": herald, "T9-002": lancer},
    )  # fmt: skip
    return deck, ["T9-001"] + ["T9-002"] * 49


def attacks(log, turn: int) -> list[str]:
    return [e.text for e in log.events if e.turn == turn and e.phase == "attack"]


def test_the_wordings_are_read_with_their_condition_or_filter_and_reported_as_played() -> None:
    squires = Condition("control-at-least", 3, CardFilter(traits=("Squire",)))
    assert read_text("fftcg", THREE_SQUIRES, name="Herald").effects == (
        Effect("static", "haste", condition=squires),
    )
    other = "If you control a Job Sky Pirate Forward other than Herald, Herald gains +1000 power and Haste."
    assert read_text("fftcg", other, name="Herald").effects == (
        Effect(
            "static",
            "haste",
            condition=Condition(
                "control-at-least", 1, CardFilter(type="forward", traits=("Sky Pirate",), other_than="Herald")
            ),
        ),
    )
    assert read_text("fftcg", GIVES_OTHERS, name="Herald").effects == (
        Effect("static", "haste", 0, CardFilter(type="forward", traits=("Squire",), other_than="Herald")),
    )
    either = "The Job Dragoon and Card Name Dragoon you control gain Haste."
    assert read_text("fftcg", either, name="Herald").effects == (
        Effect(
            "static",
            "haste",
            0,
            CardFilter(any_of=(CardFilter(traits=("Dragoon",)), CardFilter(name="Dragoon"))),
        ),
    )
    ja = "あなたが「ランサー」をコントロールしている場合、ヘラルドはヘイストを得る。"
    assert read_text("fftcg", ja, name="ヘラルド").effects == (
        Effect("static", "haste", condition=Condition("control-at-least", 1, CardFilter(name="ランサー"))),
    )
    for text in (THREE_SQUIRES, other, GIVES_OTHERS, either, GIVES_MOG):
        card = Card("T9-001", "Herald", "forward", ("fire",), 2, text=text)
        assert [p.status for p in card_parts("fftcg", card, {})] == ["played"]


@pytest.mark.parametrize(
    "text",
    [
        # a condition not read: the opponent's field, the hand, the card's own power, "and/or", none of
        "If your opponent doesn't control a Forward of cost 5 or more, Herald gains Haste, First Strike, and"
        " Brave.",
        "If you have 2 cards or less in your hand, Herald gains +1000 power and Haste.",
        "If Herald has 4000 power or more, Herald gains Haste.",
        "If you control 5 or more Fire Characters and/or Category XIV Characters, Herald gains Haste.",
        "If you don't control a Forward other than Herald, Herald gains +1000 power and Haste.",
        "If you control a Job Dragoon or a Card Name Dragoon other than Herald, Herald gains Haste.",
        # a quoted ability or Brave gained with it
        'If you control 5 or more Characters, Herald gains Haste and "When Herald attacks, draw 1 card."',
        "If you control Card Name Lancer, Herald gains Haste and Brave.",
        # Haste for a card the sentence does not name as itself
        "If you control 3 or more Backups, Lancer gains Haste.",
        # a cost, a quoted ability, every Forward of a cost
        "The Card Name Lancer of cost 4 or less you control gains Haste.",
        'The Job Squire Forwards other than Herald you control gain Haste and "This Forward cannot be blocked'
        ' by a Forward of cost 4 or more."',
        "The Forwards of cost 1 you control gain Haste.",
    ],
)
def test_near_misses_stay_unplayed(text) -> None:
    card = Card("T9-001", "Herald", "forward", ("fire",), 2, text=text)
    assert all(p.status == "unplayed" for p in card_parts("fftcg", card, {}))


def test_the_kind_table_marks_the_condition_and_the_forwards_given_haste() -> None:
    kf, kfinds = compile_deck(herald_deck(THREE_SQUIRES)[0]).arrays[2:4]
    assert kf[:, F_IF_HASTE].tolist() == [3, 0] and kf[:, F_HASTE].tolist() == [0, 0]
    assert (kfinds[0] & FIND_HASTE_IF).tolist() == [FIND_HASTE_IF, FIND_HASTE_IF]  # Herald counts itself
    kf, kfinds = compile_deck(herald_deck(GIVES_OTHERS)[0]).arrays[2:4]
    assert kf[:, F_HASTED_BY].tolist() == [0, 1]  # "other than Herald"
    assert (kfinds[0] & FIND_HASTE_GIVEN).tolist() == [0, FIND_HASTE_GIVEN]
    kf, kfinds = compile_deck(herald_deck("")[0]).arrays[2:4]  # a deck without such text pays nothing
    assert not np.any(kf[:, [F_IF_HASTE, F_HASTED_BY]]) and not np.any(
        kfinds & (FIND_HASTE_IF | FIND_HASTE_GIVEN)
    )


@pytest.mark.parametrize("going", ["first", "second"])
@pytest.mark.parametrize(("text", "hasted"), [(THREE_SQUIRES, True), (LANCER, True), (FOUR_SQUIRES, False)])
def test_the_condition_is_checked_at_the_attack(going, text, hasted) -> None:
    # Turn 1: Herald is cast first, alone on the field then (1 Squire, no Lancer), then the 2 Lancers. At
    # the attacks the field holds 3 Squires, 2 of them Lancers: "3 or more Job Squire" and "Card Name Lancer"
    # hold, so Herald, entered this turn, attacks (1 damage); "4 or more" does not: no attack. The Lancers
    # have no Haste. Turn 2 (2 cards drawn; going second 1 left + 2): a third Lancer is cast, which does not
    # attack; Herald (now 4 Squires either way) and the 2 older Lancers do: 3 more damage.
    deck, order = herald_deck(text)
    log = SIM.play_stacked(deck, SIM.params(going=going, max_turns=2), order)
    casts = [e.text for e in log.events if e.turn == 1 and e.phase == "main 1" and e.text.startswith("cast")]
    assert [c.split(" for ")[0] for c in casts] == ["cast Herald (T9-001)"] + ["cast Lancer (T9-002)"] * 2
    assert attacks(log, 1) == (["Herald (T9-001) attacks: opponent damage 1"] if hasted else [])
    n = 1 if hasted else 0
    assert attacks(log, 2) == [
        f"Herald (T9-001) attacks: opponent damage {n + 1}",
        f"Lancer (T9-002) attacks: opponent damage {n + 2}",
        f"Lancer (T9-002) attacks: opponent damage {n + 3}",
    ]


@pytest.mark.parametrize("going", ["first", "second"])
@pytest.mark.parametrize(("text", "given"), [(GIVES_LANCERS, True), (GIVES_OTHERS, True), (GIVES_MOG, False)])
def test_named_forwards_have_haste_while_the_giver_is_on_the_field(going, text, given) -> None:
    # Turn 1: Herald and 2 Lancers enter. While Herald is on the field the Lancers it names have Haste: both
    # attack (2 damage); Herald, not named ("other than Herald", or not a Lancer), does not. "Card Name Mog"
    # names neither: no attack. Turn 2: the third Lancer attacks too when given Haste: 4 attacks (damage 3
    # to 6), else the 3 Forwards of turn 1 (damage 1 to 3).
    deck, order = herald_deck(text)
    log = SIM.play_stacked(deck, SIM.params(going=going, max_turns=2), order)
    lancer = "Lancer (T9-002) attacks: opponent damage {}"
    assert attacks(log, 1) == ([lancer.format(1), lancer.format(2)] if given else [])
    if given:
        expected = ["Herald (T9-001) attacks: opponent damage 3"] + [lancer.format(d) for d in (4, 5, 6)]
    else:
        expected = ["Herald (T9-001) attacks: opponent damage 1"] + [lancer.format(d) for d in (2, 3)]
    assert attacks(log, 2) == expected


@pytest.mark.parametrize("going", ["first", "second"])
def test_without_the_giver_on_the_field_the_lancers_have_no_haste(going) -> None:
    # Herald lies at the deck's bottom: turn 1 casts 3 Lancers, none of which may attack; turn 2 a fourth,
    # which does not attack, and the 3 of turn 1 do (damage 1 to 3).
    deck, order = herald_deck(GIVES_LANCERS)
    order = order[1:] + order[:1]
    log = SIM.play_stacked(deck, SIM.params(going=going, max_turns=2), order)
    assert attacks(log, 1) == []
    assert attacks(log, 2) == [f"Lancer (T9-002) attacks: opponent damage {d}" for d in (1, 2, 3)]
