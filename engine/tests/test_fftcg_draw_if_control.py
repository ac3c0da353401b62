"""FFTCG's "When Scout enters the field, if you control Card Name Eiko, draw 1 card." (a `draw` on `enters`
with an `if` control-at-least): read, played and reported, in deterministic games worked by hand. The
condition is checked as the ability resolves, when the card itself is on the field and counts."""

from __future__ import annotations

import pytest

from engine import Card, Deck, DeckEntry
from engine.effects import CardFilter, Condition, Effect
from engine.goldfish import get_simulator
from engine.played_text import card_parts
from engine.readers import read_text

SIM = get_simulator("fftcg")

IF_EIKO = "When Scout enters the field, if you control Card Name Eiko, draw 1 card."
IF_TWO_SQUIRES = "When Scout enters the field, if you control 2 or more Job Squire, draw 1 card."
IF_THREE_SQUIRES = "When Scout enters the field, if you control 3 or more Job Squire, draw 1 card."


def test_the_wordings_are_read_with_their_condition_and_reported_as_played() -> None:
    assert read_text("fftcg", IF_EIKO, name="Scout").effects == (
        Effect("enters", "draw", 1, condition=Condition("control-at-least", 1, CardFilter(name="Eiko"))),
    )
    other = (
        "When Scout enters the field, if you control a Job Sky Pirate Forward other than Scout, draw 1 card."
    )
    assert read_text("fftcg", other, name="Scout").effects == (
        Effect(
            "enters",
            "draw",
            1,
            condition=Condition(
                "control-at-least", 1, CardFilter(type="forward", traits=("Sky Pirate",), other_than="Scout")
            ),
        ),
    )
    for text in (IF_EIKO, other, IF_TWO_SQUIRES):
        card = Card("T4-001", "Scout", "forward", ("fire",), 2, text=text)
        assert [p.status for p in card_parts("fftcg", card, {})] == ["played"]


@pytest.mark.parametrize(
    "text",
    [
        # two kinds at once
        "When Scout enters the field, if you control a Card Name Ignis and Card Name Gladiolus, draw 2"
        " cards.",
        # a discard after the draw
        "When Scout enters the field, if you control 3 or more Backups, draw 2 cards, then discard 1 card.",
        # an element it must not have
        "When Scout enters the field, if you control a Category XIII Character of an Element other than Ice,"
        " draw 1 card.",
        # at most, not at least
        "When Scout enters the field, if you control 4 or less Category VI Characters, draw 1 card.",
        # when it attacks (not played) and an optional draw (not read)
        "When Scout attacks, if you control 3 or more Category FFTA Characters, draw 1 card. If you control 5"
        " or more, draw 2 cards instead.",
        "When Scout enters the field, if you control Card Name Eiko, you may draw 1 card.",
    ],
)
def test_near_misses_stay_unplayed(text) -> None:
    card = Card("T4-001", "Scout", "forward", ("fire",), 2, text=text)
    assert all(p.status == "unplayed" for p in card_parts("fftcg", card, {}))


def eiko_deck(text: str) -> Deck:
    """Scout (its text) and Eiko, Fire Forwards of the job Squire, 1 Fire Forward Marker and 47 Fire
    Testers, all of cost 2 with the generic icon."""
    made = (
        Card("T4-001", "Scout", "forward", ("fire",), 2, traits=("Squire",), keywords=("multi-playable",),
             text=text),
        Card("T4-002", "Eiko", "forward", ("fire",), 2, traits=("Squire",), keywords=("multi-playable",)),
        Card("T4-003", "Marker", "forward", ("fire",), 2, keywords=("multi-playable",)),
        Card("T4-004", "Tester", "forward", ("fire",), 2, keywords=("multi-playable",)),
    )  # fmt: skip
    cards = {c.number: c for c in made}
    counts = {"T4-001": 1, "T4-002": 1, "T4-003": 1, "T4-004": 47}
    return Deck("fftcg", "constructed", {"main": tuple(DeckEntry(n, c) for n, c in counts.items())}, cards)


@pytest.mark.parametrize(("going", "drawn"), [("first", 1), ("second", 2)])
@pytest.mark.parametrize(
    ("text", "eiko_first", "draws"),
    [
        (IF_EIKO, True, True),
        (IF_EIKO, False, False),
        (IF_TWO_SQUIRES, True, True),  # Eiko and Scout itself
        (IF_THREE_SQUIRES, True, False),  # only 2
    ],
)
def test_the_draw_happens_only_when_the_condition_holds(going, drawn, text, eiko_first, draws) -> None:
    """Worked by hand. The opening hand is Eiko (or, with `eiko_first` false, a Tester: Eiko lies deep in
    the deck) and 4 Testers; turn 1 draws `drawn` Testers (1 going first, 2 going second) and casts 3 Fire
    Forwards of cost 2, each paid by a discard: Eiko first (the lowest card number among the cards of cost 2
    without text). Turn 2's draw phase draws Scout and a Tester (the deck's cards 5 + drawn and 6 + drawn);
    Scout is cast (text first). As it resolves, Eiko and Scout are on the field: "Card Name Eiko" counts 1,
    "2 or more Job Squire" counts 2 (Scout itself too), so both draw the next card, Marker; "3 or more"
    does not, nor does "Card Name Eiko" when Eiko is still in the deck."""
    top = 5 + drawn
    first = "T4-002" if eiko_first else "T4-004"
    order = [first] + ["T4-004"] * (top - 1) + ["T4-001", "T4-004", "T4-003"]
    order += ["T4-004"] * (49 - len(order)) + (["T4-004"] if eiko_first else ["T4-002"])
    log = SIM.play_stacked(eiko_deck(text), SIM.params(going=going, max_turns=2), order)
    turn_1 = [e.text for e in log.events if e.turn == 1]
    assert any(t.startswith("cast Eiko (T4-002)") for t in turn_1) == eiko_first
    turn_2 = [e.text for e in log.events if e.turn == 2]
    assert [t for t in turn_2 if t.startswith("draw ")] == ["draw Scout (T4-001)", "draw Tester (T4-004)"]
    assert any(t.startswith("cast Scout (T4-001)") for t in turn_2)
    scout_draws = [t for t in turn_2 if t.startswith("Scout (T4-001): draw")]
    assert scout_draws == (["Scout (T4-001): draw Marker (T4-003)"] if draws else [])
