"""The fictional DBS Fusion World sample set and its sample deck (engine/samples/dbsfw*.json)."""

from __future__ import annotations

import pytest

from engine import Deck, DeckEntry
from engine.games.dbsfw import DBSFusionWorld
from engine.samples import sample_card_set, sample_cards, sample_deck

GAME = DBSFusionWorld()
CARDS = sample_cards("dbsfw")


def test_the_sample_deck_loads_and_is_legal() -> None:
    deck = sample_deck("dbsfw")
    report = GAME.validate(deck)
    assert report.legal is True
    assert [w.code for w in report.warnings] == ["I01"]  # the energy-marker reminder is always shown
    assert (deck.game, deck.format, deck.size("leader"), deck.size("main")) == ("dbsfw", "standard", 1, 50)


def test_the_sample_deck_is_a_low_curve_of_battle_cards() -> None:
    deck = sample_deck("dbsfw")
    battles = [card for card in deck.pool("main") if card.type == "battle"]
    assert len(battles) >= 40
    assert sum(1 for card in battles if card.cost is not None and card.cost <= 2) >= 25


def test_the_sample_set_is_fictional_and_sized() -> None:
    raw = sample_card_set("dbsfw")
    assert raw["set"] == {"code": "FZ00", "name": "Sample cards (fictional)"}
    assert 40 <= len(CARDS) <= 70
    assert all(number.startswith("FZ00-") for number in CARDS)


def test_a_parallel_printing_is_the_same_card_under_its_base_number() -> None:
    parallels = [number for number in CARDS if number.endswith("_p1")]
    assert parallels
    for number in parallels:
        base = GAME.base_number(number)
        assert CARDS[number].to_dict() == CARDS[base].to_dict()


def test_every_colour_has_a_leader_and_cards() -> None:
    for colour in GAME.colors:
        assert any(c.type == "leader" and colour in c.colors for c in CARDS.values())
        assert sum(1 for c in CARDS.values() if c.type != "leader" and colour in c.colors) >= 6


def test_the_set_has_every_deck_building_keyword() -> None:
    keywords = {k for card in CARDS.values() for k in card.keywords}
    assert {"super-combo", "dragon-ball", "blocker", "critical", "double-strike", "triple-strike"} <= keywords


@pytest.mark.parametrize("number", sorted(CARDS))
def test_each_card_has_the_fields_of_its_type(number: str) -> None:
    card = CARDS[number]
    assert card.type in GAME.card_types
    assert card.colors and set(card.colors) <= set(GAME.colors)
    if card.type == "leader":  # 1-2-1: no cost; 10-1-3: two faces
        assert card.cost is None and card.power is not None
        assert card.back is not None and card.back["name"] and card.back["power"] >= card.power
    else:  # 1-2-2-1, 1-2-3: the specified colours are the card's own and fit in the total cost
        assert card.cost is not None
        assert set(card.specified_cost) <= set(card.colors)
        assert sum(card.specified_cost.values()) <= card.cost
    if card.type == "battle":
        assert card.power is not None
    if card.type == "extra":  # 2-7, 5-6-3-1: only Battle cards combo
        assert card.power is None and card.combo_power is None


def deck_of(leader: str, main: dict[str, int]) -> Deck:
    entries = tuple(DeckEntry(n, c) for n, c in main.items())
    return Deck("dbsfw", "standard", {"leader": (DeckEntry(leader, 1),), "main": entries}, CARDS)


def test_the_any_number_card_fills_a_green_deck() -> None:
    greens = ["FZ00-040", "FZ00-041", "FZ00-042", "FZ00-043", "FZ00-045", "FZ00-046", "FZ00-047"]
    main = dict.fromkeys(greens, 4) | {"FZ00-044": 22}
    report = GAME.validate(deck_of("FZ00-003", main))
    assert report.legal is True
    assert [w.code for w in report.warnings] == ["I01"]


def test_the_only_one_copy_card_is_limited_by_its_text() -> None:
    report = GAME.validate(deck_of("FZ00-005", {"FZ00-060": 4, "FZ00-065": 2}))
    e08 = [(v.rule, v.cards) for v in report.violations if v.code == "E08"]
    assert e08 == [("6-1-4-3", ("FZ00-065",))]
    assert [v.code for v in report.violations] == ["E05", "E08"]
