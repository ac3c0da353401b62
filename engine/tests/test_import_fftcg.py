"""Reading the FFTCG card browser's JSON, both key shapes, with fictional fixture cards."""

import json
from pathlib import Path

import pytest

from engine.importers import parse_official

FIXTURES = Path(__file__).parent / "fixtures" / "import"


def load(name):
    return json.loads((FIXTURES / name).read_text(encoding="utf-8"))


@pytest.fixture(scope="module")
def english():
    return parse_official(load("fftcg_get_cards.json"), lang="en")


def by_number(result):
    return {c.card.number: c for c in result.cards}


def test_it_reads_the_good_cards_and_rejects_the_four_bad_ones(english):
    assert [c.card.number for c in english.cards] == [
        "99-001H",
        "99-002C",
        "99-003R",
        "99-004L",
        "99-005S",
        "99-006C",
        "99-011C",
    ]
    assert [str(r) for r in english.rejected] == [
        "record 7 (99-007C): cost 'three' is not a whole number",
        "record 8 (99-008C): the field 'name_en' is missing",
        "record 9 (99-002C): duplicate of record 2 (99-002)",
        "record 10 (99-010R): unknown element 'エーテル'",
    ]


def test_it_reads_the_printed_fields(english):
    card = by_number(english)["99-001H"]
    assert card.base_number == "99-001"
    assert card.card.name == "Ember Knight"
    assert card.card.type == "forward"
    assert card.card.colors == ("fire",)
    assert card.card.cost == 3
    assert card.card.power == 7000
    assert card.card.traits == ("Warrior", "Rebel", "FABLE", "ZZ")
    assert card.set_code == "99"
    assert card.set_name == "Opus Test"
    assert card.image_url == "https://fftcg.cdn.sewest.net/images/cards/full/99-001H_eg.jpg"
    assert card.extra["rarity"] == "H"


def test_a_backup_has_no_power(english):
    assert by_number(english)["99-002C"].card.power is None


def test_every_type_is_mapped(english):
    types = {n: c.card.type for n, c in by_number(english).items()}
    assert types["99-002C"] == "backup"
    assert types["99-006C"] == "summon"
    assert types["99-011C"] == "monster"


def test_a_multi_element_card_keeps_both_elements(english):
    assert by_number(english)["99-003R"].card.colors == ("wind", "earth")


def test_limit_break_and_its_cost_come_from_the_text(english):
    card = by_number(english)["99-004L"].card
    assert card.keywords == ("limit-break",)
    assert card.lb_cost == 2
    assert card.colors == ("light",)


def test_ex_burst_and_multi_playable_come_from_their_flags(english):
    cards = by_number(english)
    assert cards["99-001H"].card.has("ex-burst") is True
    assert cards["99-005S"].card.keywords == ("multi-playable",)


def test_a_keyword_alone_on_a_line_is_the_cards_own_and_one_in_an_effect_is_not(english):
    cards = by_number(english)
    assert cards["99-003R"].card.keywords == ("haste", "brave")
    assert cards["99-005S"].card.has("haste") is False  # "Other Forwards ... gain Haste."


def test_codes_joined_by_a_slash_are_aliases_of_the_first(english):
    card = by_number(english)["99-006C"]
    assert card.base_number == "99-006"
    assert card.aliases == ("98-010R",)


def test_japanese_uses_the_unsuffixed_keys():
    result = parse_official(load("fftcg_get_cards.json"), lang="ja")
    cards = by_number(result)
    assert cards["99-001H"].card.name == "エンバーナイト"
    assert cards["99-001H"].card.traits == ("戦士", "反乱軍", "FABLE", "ZZ")
    assert cards["99-004L"].card.lb_cost == 2
    # Record 8 has a Japanese name, so only the English import misses it.
    assert "99-008C" in cards
    assert [r.index for r in result.rejected] == [7, 9, 10]


def test_the_older_capitalised_shape_with_elements_joined_by_a_slash():
    result = parse_official(load("fftcg_get_cards_old.json"), lang="en")
    cards = by_number(result)
    assert cards["99-101H"].card.colors == ("fire", "water")
    assert cards["99-101H"].card.has("ex-burst") is True
    assert cards["99-101H"].set_name == "Opus Test"
    assert cards["99-102C"].card.keywords == ("multi-playable",)
    assert cards["99-103L"].card.keywords == ("limit-break", "brave")
    assert cards["99-103L"].card.lb_cost == 3
    assert [str(r) for r in result.rejected] == ["record 4 (99-104C): unknown element 'Aether'"]


def test_the_older_shape_in_japanese():
    cards = by_number(parse_official(load("fftcg_get_cards_old.json"), lang="ja"))
    assert cards["99-102C"].card.name == "ブリーズスカウト"
    assert cards["99-102C"].card.type == "backup"


def test_english_element_names_and_full_width_cost_are_read():
    record = {
        "code": "99-050C",
        "element": ["Darkness", "Lightning"],
        "cost": "２",
        "power": "",
        "name_en": "Dusk Spark",
        "type_en": "Backup",
        "category_1": "ZZ",
    }
    card = parse_official([record]).cards[0].card
    assert card.colors == ("dark", "lightning")
    assert card.cost == 2


def test_a_record_that_is_not_an_object_is_rejected_and_the_rest_read():
    result = parse_official(
        {
            "cards": [
                "99-001H",
                {
                    "code": "99-051C",
                    "element": ["火"],
                    "cost": "1",
                    "name_en": "Spark",
                    "type_en": "Forward",
                    "power": "1000",
                },
            ]
        }
    )
    assert [c.card.number for c in result.cards] == ["99-051C"]
    assert str(result.rejected[0]) == "record 1: expected an object of card fields, not str"


def test_crystal_tokens_are_not_deck_cards():
    result = parse_official(
        [{"code": "C-001", "element": ["火"], "cost": "0", "name_en": "Crystal", "type_en": "Crystal"}]
    )
    assert result.cards == []
    assert str(result.rejected[0]) == "record 1 (C-001): unknown card type 'Crystal'"


def test_a_document_of_the_wrong_shape_is_an_error():
    with pytest.raises(ValueError, match='"cards" list'):
        parse_official({"count": 0})
    with pytest.raises(ValueError, match="Unknown language 'fr'"):
        parse_official([], lang="fr")
