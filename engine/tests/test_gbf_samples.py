"""The fictional GBF sample set and its sample deck (engine/samples/gbf*.json)."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine import Deck, DeckEntry
from engine.games.gbf import Granblue, gender, parse_name
from engine.samples import sample_card_set, sample_cards, sample_deck

GBF = Granblue()
CARDS = sample_cards("gbf")


def test_the_sample_deck_loads_and_is_legal() -> None:
    deck = sample_deck("gbf")
    report = GBF.validate(deck)
    assert report.legal is True
    assert report.warnings == ()
    assert (deck.game, deck.format, deck.size("captain"), deck.size("main")) == ("gbf", "standard", 4, 50)


def test_the_sample_set_is_fictional_and_sized_for_both_sections() -> None:
    raw = sample_card_set("gbf")
    assert raw["set"] == {"code": "SX01", "name": "Sample cards (fictional)"}
    assert 40 <= len(CARDS) <= 70
    assert all(number.startswith("SX01-") for number in CARDS)


def test_it_has_captains_of_every_rank_from_0_to_3_for_each_gender() -> None:
    captains = [c for c in CARDS.values() if c.type == "captain"]
    for sex in ("male", "female"):
        assert {c.rank for c in captains if c.gender == sex} >= {0, 1, 2, 3}


@pytest.mark.parametrize("number", sorted(CARDS))
def test_each_card_has_the_fields_of_its_type(number: str) -> None:
    card = CARDS[number]
    assert card.type in GBF.card_types
    assert set(card.colors) <= set(GBF.colors)
    assert GBF.base_number(number) != number  # every sample number carries a rarity mark (2-10-4-1)
    if card.type == "summon":  # 2-4-3: no rank
        assert (card.rank, card.hp, card.atk) == (None, None, None)
    else:
        assert card.rank is not None and card.hp is not None and card.atk is not None
        # 2-1-1-1: the stored character name is the part of the name in no brackets.
        assert card.character_name == parse_name(card.name).character_name
    if card.type == "captain":  # 2-1-1-3-1: the stored gender is the one in the name
        assert card.gender == gender(replace(card, gender=None))


def test_the_female_captain_line_makes_a_legal_captain_deck_too() -> None:
    crew = [n for n, c in CARDS.items() if c.type == "crew"][:13]
    main = tuple(DeckEntry(n, 4) for n in crew[:12]) + (DeckEntry(crew[12], 2),)
    captain = tuple(DeckEntry(n, 1) for n, c in CARDS.items() if c.gender == "female")
    deck = Deck("gbf", "standard", {"captain": captain, "main": main}, CARDS)
    assert GBF.validate(deck).legal is True
