"""The FFTCG sample set and sample deck: fictional cards that cover the game, and a legal deck."""

from __future__ import annotations

from engine.games.fftcg import FFTCG, has_limit_break
from engine.samples import sample_card_set, sample_cards, sample_deck

GAME = FFTCG()


def test_the_sample_deck_loads_and_is_legal() -> None:
    deck = sample_deck("fftcg")
    assert deck.format == "constructed"
    assert (deck.size("main"), deck.size("lb")) == (50, 6)
    report = GAME.validate(deck)
    assert report.legal is True
    assert report.warnings == ()


def test_the_sample_deck_is_mostly_forwards_and_backups_on_a_curve() -> None:
    deck = sample_deck("fftcg")
    by_type = deck.copies_by(lambda c: c.type, ("main",))
    assert by_type["forward"] >= 25
    assert by_type["backup"] >= 10
    assert {c.cost for c in deck.pool("main") if c.type == "forward"} >= {1, 2, 3, 4, 5}


def test_the_sample_set_is_one_fictional_set_that_covers_the_game() -> None:
    raw = sample_card_set("fftcg")
    assert raw["set"] == {"code": "FX", "name": "Sample cards (fictional)"}
    cards = sample_cards("fftcg")
    assert 40 <= len(cards) <= 70
    assert all(number.startswith("FX-") for number in cards)
    assert len({GAME.base_number(n) for n in cards}) == len(cards)
    assert {c.type for c in cards.values()} == set(GAME.card_types)
    assert {color for c in cards.values() for color in c.colors} == set(GAME.colors)
    assert {c.cost for c in cards.values()} >= set(range(1, 8))
    assert all((c.power is not None) == (c.type == "forward") for c in cards.values())
    keywords = {k for c in cards.values() for k in c.keywords}
    assert keywords >= {"limit-break", "ex-burst", "haste", "brave", "multi-playable", "special-ability"}
    assert all((c.lb_cost is not None) == has_limit_break(c) for c in cards.values())
    assert all(c.text for c in cards.values() if not set(c.keywords) <= {"multi-playable"})
