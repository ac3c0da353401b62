"""The Fire Force sample set and sample deck (engine/samples): fictional, readable and legal."""

from __future__ import annotations

from engine import Deck, DeckEntry
from engine.games.fireforce import FireForce
from engine.samples import sample_card_set, sample_cards, sample_deck

RULES = FireForce()


def test_the_sample_deck_loads_and_is_legal() -> None:
    deck = sample_deck("fireforce")
    report = FireForce().validate(deck)
    assert report.legal is True
    assert [w.code for w in report.warnings] == ["I01"]
    assert (deck.game, deck.format, deck.size("main"), deck.size("flame")) == (
        "fireforce",
        "constructed",
        40,
        5,
    )


def test_the_sample_set_is_fictional_and_sized_for_both_formats() -> None:
    raw = sample_card_set("fireforce")
    assert raw["set"] == {"code": "ZF1", "name": "Sample cards (fictional)"}
    cards = sample_cards("fireforce")
    assert 40 <= len(cards) <= 70
    assert all(number.startswith("ZF1-") for number in cards)
    assert {c.type for c in cards.values()} == set(RULES.card_types)


def test_sample_cards_follow_the_card_model() -> None:
    for card in sample_cards("fireforce").values():
        if card.type == "flame":  # 206.1: every Flame card has Flame; 3.1: no cost, power or text
            assert card.has("has-flame") is True
            assert (card.cost, card.power, card.text) == (None, None, "")
        else:
            assert card.cost is not None and card.cost >= 0
        if card.support_power is not None:  # OQ-12: support power only on Units (702.16)
            assert card.type == "unit"


def test_the_sample_set_builds_a_legal_blitz_shield_deck() -> None:
    cards = sample_cards("fireforce")
    deck_cards = sorted(n for n, c in cards.items() if c.type in ("unit", "event"))[:35]
    flame = [n for n, c in cards.items() if c.type == "flame"][:1]
    sections = {"main": tuple(DeckEntry(n, 1) for n in deck_cards), "flame": (DeckEntry(flame[0], 5),)}
    deck = Deck("fireforce", "blitz-shield", sections, cards)
    report = RULES.validate(deck, pool=[cards[n] for n in deck_cards])
    assert report.legal is True
