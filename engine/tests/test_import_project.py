"""Our own card files for GBF and Fire Force, JSON and CSV, with fictional fixture cards."""

import json
import subprocess
import sys
from pathlib import Path

import pytest

from engine.importers import name_parts, parse_project_csv, parse_project_json
from engine.importers.records import BadRecord

FIXTURES = Path(__file__).parent / "fixtures" / "import"


@pytest.fixture(scope="module")
def gbf():
    data = json.loads((FIXTURES / "gbf_cards.json").read_text(encoding="utf-8"))
    result = parse_project_json(data, "gbf")
    return result, {c.card.number: c for c in result.cards}


@pytest.fixture(scope="module")
def fireforce():
    result = parse_project_csv((FIXTURES / "fireforce_cards.csv").read_text(encoding="utf-8"), "fireforce")
    return result, {c.card.number: c for c in result.cards}


def test_gbf_bad_records_are_reported_and_skipped(gbf):
    result, cards = gbf
    assert len(cards) == 7
    assert [str(r) for r in result.rejected] == [
        "record 8 (ZZ01-030): a Captain needs a gender, 男 or 女 in parentheses in its name; "
        "got '[名もなき団長]イプシロン'",
        "record 9 (ZZ01-031): unknown attribute '雷'",
        "record 10 (ZZ01-010): duplicate of record 4 (ZZ01-010)",
        "record 11 (ZZ01-032): the field 'name' is missing",
    ]


def test_gbf_a_rarity_suffix_is_not_part_of_the_base_number(gbf):
    captain = gbf[1]["ZZ01-001G"]
    assert captain.base_number == "ZZ01-001"
    assert captain.extra["rarity"] == "G"


def test_gbf_a_captains_name_gives_character_name_epithet_and_gender(gbf):
    captain = gbf[1]["ZZ01-001G"]
    assert captain.card.name == "[試験の剣士]アルファ(男)"
    assert captain.card.character_name == "アルファ"
    assert captain.card.gender == "male"
    assert captain.extra["epithet"] == "試験の剣士"
    assert captain.extra["version"] == "男"
    assert (captain.card.rank, captain.card.hp, captain.card.atk) == (0, 6, 2)
    assert captain.card.colors == ("fire",)
    assert captain.extra["ougi"] == {"name": "試し斬り", "n": 2, "text": "ATK+2。"}
    assert gbf[1]["ZZ01-002"].card.gender == "female"


def test_gbf_two_versions_of_one_character_share_the_character_name(gbf):
    first, uncapped = gbf[1]["ZZ01-010"], gbf[1]["ZZ01-011"]
    assert first.card.character_name == uncapped.card.character_name == "ガンマ"
    assert uncapped.extra["version"] == "上限解放"
    assert first.card.gender is None


def test_gbf_a_summon_has_no_rank_and_a_crew_member_may_have_no_attribute(gbf):
    assert gbf[1]["ZZ01-020"].card.type == "summon"
    assert gbf[1]["ZZ01-020"].card.rank is None
    assert gbf[1]["ZZ01-012"].card.colors == ()


def test_gbf_in_english_reads_the_english_name():
    data = json.loads((FIXTURES / "gbf_cards.json").read_text(encoding="utf-8"))
    cards = {c.card.number: c for c in parse_project_json(data, "gbf", lang="en").cards}
    assert cards["ZZ01-001G"].card.name == "[Test Swordsman] Alpha (Male)"
    assert cards["ZZ01-001G"].card.character_name == "Alpha"
    assert cards["ZZ01-001G"].card.gender == "male"
    assert cards["ZZ01-002"].card.name == "[試験の魔導士]ベータ(女)"  # no name_en: the printed name


def test_gbf_from_csv():
    text = (
        "card_no,type,name,attribute,rank,hp,atk,race\n"
        "ZZ01-040C,crew,［月の影］オメガ（水着）,闇,1,2,1,ヒューマン/水着\n"
    )
    [card] = parse_project_csv(text, "gbf").cards
    assert card.card.number == "ZZ01-040C"
    assert card.base_number == "ZZ01-040"
    assert card.card.character_name == "オメガ"
    assert card.extra["version"] == "水着"
    assert card.card.traits == ("ヒューマン", "水着")


@pytest.mark.parametrize(
    ("name", "parts"),
    [
        ("[E]C(V)", ("C", "E", "V")),
        ("[E]C", ("C", "E", None)),
        ("C(V)", ("C", None, "V")),
        ("C", ("C", None, None)),
    ],
)
def test_gbf_name_patterns(name, parts):
    # The four patterns of gbf.md 3.3.
    assert tuple(name_parts(name).values()) == parts


def test_gbf_a_name_with_stray_brackets_is_rejected():
    with pytest.raises(BadRecord, match="cannot split the name"):
        name_parts("[a]b[c]")


def test_fireforce_bad_records_are_reported_and_skipped(fireforce):
    result, cards = fireforce
    assert list(cards) == ["ZZ-001", "ZZ-002", "ZZ-003", "ZZ-004", "ZZ-005"]
    assert [str(r) for r in result.rejected] == [
        "record 6 (ZZ-006): unknown type 'spell'; expected one of event, flame, unit",
        "record 7 (ZZ-007): power 'big' is not a whole number",
        "record 8 (ZZ-001): duplicate of record 1 (ZZ-001)",
        "record 9 (ZZ-008): the field 'name' is missing",
    ]


def test_fireforce_fields(fireforce):
    cards = fireforce[1]
    unit = cards["ZZ-001"].card
    assert (unit.type, unit.cost, unit.power, unit.support_power) == ("unit", 2, 3000, 1000)
    assert unit.keywords == ("assault",)  # 【強襲】 at the start of its text
    assert unit.colors == ("第零特殊消防隊",)
    assert cards["ZZ-002"].card.keywords == ("has-flame",)
    assert cards["ZZ-002"].extra["trigger_text"] == "カードを1枚引く。"
    assert cards["ZZ-003"].card.keywords == ("counter",)
    assert cards["ZZ-004"].card.type == "flame"
    assert cards["ZZ-004"].card.keywords == ("has-flame",)  # 206.1: every flame card has Flame
    assert cards["ZZ-005"].card.keywords == ("prayer", "defend")


def test_fireforce_in_english(fireforce):
    text = (FIXTURES / "fireforce_cards.csv").read_text(encoding="utf-8")
    cards = {c.card.number: c.card for c in parse_project_csv(text, "fireforce", lang="en").cards}
    assert cards["ZZ-001"].name == "Test Firefighter Akane"


def test_fireforce_from_json():
    data = {
        "game": "fireforce",
        "cards": [
            {
                "card_no": "zz-010",
                "type": "unit",
                "name": "Y",
                "cost": 1,
                "power": 1000,
                "attributes": ["a", "b"],
                "icons": ["assault"],
            }
        ],
    }
    [card] = parse_project_json(data, "fireforce").cards
    assert card.card.number == "ZZ-010"
    assert card.card.colors == ("a", "b")
    assert card.card.keywords == ("assault",)


def test_a_file_for_another_game_is_an_error():
    with pytest.raises(ValueError, match="holds 'gbf' cards, not 'fireforce'"):
        parse_project_json({"game": "gbf", "cards": []}, "fireforce")
    with pytest.raises(ValueError, match="card_no among them"):
        parse_project_csv("a,b\n1,2\n", "gbf")


def test_the_parsers_load_neither_django_nor_the_network_module():
    code = (
        "import sys, engine.importers\n"
        "print('django' in sys.modules, 'engine.importers.fetch' in sys.modules)"
    )
    out = subprocess.run([sys.executable, "-c", code], capture_output=True, text=True, check=True).stdout
    assert out.split() == ["False", "False"]
