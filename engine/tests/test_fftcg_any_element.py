"""FFTCG costs that may be paid with CP of any element and Backups that make CP of any element while a card
is on the field (`pay-any`, `make-any`; engine/readers/fftcg.py _COST_OTHERS and _MAKE_ANY; engine/goldfish/
fftcg.py _reprice: a kind's element requirement, F_REQ, and a Backup's CP, F_CP_ELEM, worked out again as
cards enter). Games worked by hand in both play orders; 6 cards in hand on turn 1 going first, 7 going
second (5 dealt, 1 or 2 drawn), then 1 or 2 a turn. The autopilot (spec §11.5) casts Backups first in its
first turns, then the set of Forwards that casts the most, the fewest cards spent on a tie."""

from __future__ import annotations

import pytest

from engine import Card, Deck, DeckEntry
from engine.effects import CardFilter, Condition, Effect
from engine.played_text import card_parts
from engine.readers import read_text
from engine.tests.test_fftcg_effects import SIM

PAY_ANY = "The cost required to cast your Job Squire Forwards can be paid with CP of any Element."
MAKE_ANY = "The Fire Backups you control can produce CP of any Element."


def _deck(cards: list[Card], counts: list[int]) -> tuple[Deck, list[str]]:
    """The deck of these cards, stacked in this order (the last card's copies fill the rest)."""
    main = tuple(DeckEntry(c.number, n) for c, n in zip(cards, counts, strict=True))
    order = [c.number for c, n in zip(cards, counts, strict=True) for _ in range(n)]
    return Deck("fftcg", "constructed", {"main": main}, {c.number: c for c in cards}), order


def _casts(deck: Deck, order: list[str], going: str, turns: int) -> list[tuple[int, str]]:
    log = SIM.play_stacked(deck, SIM.params(going=going, max_turns=turns), order)
    return [(e.turn, e.text) for e in log.events if e.text.startswith("cast ")]


def test_the_reader_reads_each_shape_whole() -> None:
    squires = CardFilter(type="forward", traits=("Squire",))
    orrin = Condition("control-at-least", 1, CardFilter(name="Orrin"))
    cases = [
        (PAY_ANY, (Effect("static", "pay-any", 0, squires),)),
        (MAKE_ANY, (Effect("static", "make-any", 0, CardFilter(type="backup", colors=("fire",))),)),
        (
            "If you control a Card Name Orrin, the cost for playing Mira onto the field is reduced by 1 "
            "and can be paid with CP of any Element.",
            (Effect("static", "cost", -1, condition=orrin), Effect("static", "pay-any", 0, condition=orrin)),
        ),
    ]
    for text, effects in cases:
        reading = read_text("fftcg", text, "Mira")
        assert reading.effects == effects and reading.unread == ()
        assert all(Effect.from_dict("here", e.to_dict()) == e for e in effects)


def test_both_are_played_on_a_character() -> None:
    for text in (PAY_ANY, MAKE_ANY):
        card = Card("T1-001", "Mira", "backup", ("water",), 1, text=text)
        assert [p.status for p in card_parts("fftcg", card, {})] == ["played"]


def _squire_deck(text: str) -> tuple[Deck, list[str]]:
    """Herald, a Water Backup of cost 1 with `text`; 2 Squires (Fire Forwards of cost 2, Job Squire); then
    Water Forwards of cost 3 (Ballast). All with the generic icon."""
    generic = ("multi-playable",)
    cards = [
        Card("T1-001", "Herald", "backup", ("water",), 1, keywords=generic, text=text),
        Card("T1-002", "Squire", "forward", ("fire",), 2, keywords=generic, traits=("Squire",)),
        Card("T1-003", "Ballast", "forward", ("water",), 3, keywords=generic),
    ]
    return _deck(cards, [1, 2, 47])


HERALD = "cast Herald (T1-001) for 1 CP by discarding Ballast (T1-003)"
SQUIRE_BY_BALLAST = "cast Squire (T1-002) for 2 CP by discarding Ballast (T1-003)"
SQUIRE_BY_SQUIRE = "cast Squire (T1-002) for 2 CP by discarding Squire (T1-002)"
BALLAST_BY_2 = "cast Ballast (T1-003) for 3 CP by discarding Ballast (T1-003), Ballast (T1-003)"


@pytest.mark.parametrize("going", ["first", "second"])
def test_squires_paid_with_any_element_while_herald_is_on_the_field(going) -> None:
    """Turn 1, the hand Herald, 2 Squires and 3 Ballasts (4 going second). Herald first (a Backup, 1
    Water CP): only a Ballast's discard makes Water. Then, with its text, a Squire's 2 CP may be Water: each
    Squire by 1 Ballast discarded, 2 Forwards for 4 cards (going second 1 Ballast is left: 3 Forwards would
    need 7 CP). Without it a Squire needs Fire, made only by discarding the other Squire: going first 1
    Forward, that Squire by 2 cards (a Ballast by a Ballast and a Squire spends 3), 2 Ballasts kept; going
    second also a Ballast by the 2 other Ballasts (4 CP, 1 in excess, 11.4.6.4)."""
    deck, order = _squire_deck(PAY_ANY)
    assert _casts(deck, order, going, 1) == [(1, HERALD), (1, SQUIRE_BY_BALLAST), (1, SQUIRE_BY_BALLAST)]
    vanilla, order = _squire_deck("")
    second = [(1, BALLAST_BY_2)] if going == "second" else []
    assert sorted(_casts(vanilla, order, going, 1)) == sorted([(1, HERALD), (1, SQUIRE_BY_SQUIRE), *second])


def _spark_deck(text: str) -> tuple[Deck, list[str]]:
    """Herald, a Fire Backup of cost 1; Beacon, a Fire Forward of cost 1 with `text`; Fire Forwards of cost 3
    (Pikeman), with Spark, a Lightning Forward of cost 1, the 8th card (drawn on turn 2 in both orders). All
    with the generic icon."""
    generic = ("multi-playable",)
    cards = [
        Card("T1-001", "Herald", "backup", ("fire",), 1, keywords=generic),
        Card("T1-002", "Beacon", "forward", ("fire",), 1, keywords=generic, text=text),
        Card("T1-003", "Spark", "forward", ("lightning",), 1, keywords=generic),
        Card("T1-004", "Pikeman", "forward", ("fire",), 3, keywords=generic),
    ]
    deck, _ = _deck(cards, [1, 1, 1, 47])
    order = ["T1-001", "T1-002"] + ["T1-004"] * 5 + ["T1-003"] + ["T1-004"] * 42
    return deck, order


HERALD_BY_PIKEMAN = "cast Herald (T1-001) for 1 CP by discarding Pikeman (T1-004)"
BEACON = "cast Beacon (T1-002) for 1 CP by discarding Pikeman (T1-004)"
PIKEMAN_BY_2 = "cast Pikeman (T1-004) for 3 CP by discarding Pikeman (T1-004), Pikeman (T1-004)"
SPARK_BY_HERALD = "cast Spark (T1-003) for 1 CP by dulling Herald (T1-001)"


@pytest.mark.parametrize("going", ["first", "second"])
def test_a_fire_backup_pays_lightning_while_beacon_is_on_the_field(going) -> None:
    """Turn 1: Herald by a Pikeman discarded (it enters dull). Going first (Beacon and 3 Pikemen left)
    Beacon by a Pikeman: Beacon and a Pikeman would take 3 discards (CP is not carried from one cast to
    the next), 5 cards; going second (Beacon and 4 Pikemen left) just that, hand empty.
    Turn 2, going first the hand 2 Pikemen and, drawn, a Pikeman and Spark: with Beacon's text Herald's CP
    may be Lightning, so Spark by dulling Herald and a Pikeman by the 2 others, 2 Forwards; without it Spark
    cannot be paid (only its own discard makes Lightning), and 1 Pikeman is cast by a Pikeman and Herald
    (1 card, not 2 discards), 1 Pikeman and Spark kept. Going second the hand is Spark and a Pikeman, drawn:
    with the text Spark by Herald, no card spent (a Pikeman by Herald and Spark's discard spends 1); without
    it that Pikeman, Spark the discard."""
    deck, order = _spark_deck(MAKE_ANY)
    turn_1 = [(1, HERALD_BY_PIKEMAN), (1, BEACON), *([(1, PIKEMAN_BY_2)] if going == "second" else [])]
    turn_2 = [(2, SPARK_BY_HERALD), (2, PIKEMAN_BY_2)] if going == "first" else [(2, SPARK_BY_HERALD)]
    assert sorted(_casts(deck, order, going, 2)) == sorted(turn_1 + turn_2)
    vanilla, order = _spark_deck("")
    discarded = "Pikeman (T1-004)" if going == "first" else "Spark (T1-003)"
    by_herald = f"cast Pikeman (T1-004) for 3 CP by discarding {discarded} and dulling Herald (T1-001)"
    assert sorted(_casts(vanilla, order, going, 2)) == sorted([*turn_1, (2, by_herald)])
