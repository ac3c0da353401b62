"""Reading DBS Fusion World detail pages and community JSON, with fictional fixture cards."""

import json
from pathlib import Path

import pytest

from engine.importers import parse_community_json, parse_detail_pages
from engine.importers.dbsfw import keywords_in

FIXTURES = Path(__file__).parent / "fixtures" / "import"


def pages():
    return [
        (p.stem, p.read_text(encoding="utf-8")) for p in sorted((FIXTURES / "dbsfw_detail").glob("*.html"))
    ]


def community(lang="en"):
    files = sorted((FIXTURES / "dbsfw_community").glob("*.json"))
    return parse_community_json([(p.name, json.loads(p.read_text(encoding="utf-8"))) for p in files], lang)


@pytest.fixture(scope="module")
def detail():
    result = parse_detail_pages(pages())
    return result, {c.card.number: c for c in result.cards}


def test_it_reads_four_cards_and_rejects_three_pages(detail):
    result, cards = detail
    assert list(cards) == ["ZZ01-001", "ZZ01-002", "ZZ01-003", "ZZ01-004"]
    assert [str(r) for r in result.rejected] == [
        "record 6 (ZZ01-005): unknown colour 'Purple'",
        "record 7 (ZZ01-006): cost 'one' is not a whole number",
        "record 8 (ZZ01-007): no card number (div.cardNo) on the page",
    ]


def test_a_leader_has_both_faces(detail):
    leader = detail[1]["ZZ01-001"].card
    assert leader.type == "leader"
    assert leader.name == "Kale Tester"
    assert leader.colors == ("red", "yellow")
    assert leader.cost is None
    assert leader.power == 15000
    assert leader.traits == ("Testling", "Sector 99")
    assert leader.keywords == ("awaken",)
    assert leader.back["name"] == "Kale Tester, Unbound"
    assert leader.back["power"] == 20000
    assert leader.back["traits"] == ["Testling", "Sector 99", "Unbound"]
    # [Double Strike] is granted by an effect, not the card's own keyword.
    assert leader.back["keywords"] == ["critical"]
    assert "+5000 power & [Double Strike]" in leader.back["text"]
    assert (
        detail[1]["ZZ01-001"].image_url
        == "https://www.dbs-cardgame.com/fw/images/cards/card/en/ZZ01-001_f.webp"
    )


def test_a_battle_card_has_cost_specified_cost_power_and_combo_power(detail):
    card = detail[1]["ZZ01-002"].card
    assert (card.cost, card.specified_cost, card.power, card.combo_power) == (2, {"red": 1}, 10000, 5000)
    assert card.keywords == ("blocker",)
    assert card.text == "[Blocker]\n[On Play] Draw 1 card."


def test_a_parallel_page_becomes_an_alias_of_the_base_card(detail):
    card = detail[1]["ZZ01-002"]
    assert card.base_number == "ZZ01-002"
    assert card.aliases == ("ZZ01-002_p1",)


def test_two_icons_of_one_colour_count_two_and_a_granted_keyword_does_not_count(detail):
    card = detail[1]["ZZ01-003"].card
    # Character references with a full-width ampersand, as some official pages print them.
    assert card.traits == ("Testling", "Sector 99", "Kale's Crew")
    assert card.text.endswith("Then, play up to 1 <Kale Tester> from your hand.")
    assert card.specified_cost == {"red": 2}
    assert card.keywords == ("super-combo", "triple-strike")  # "it gains [Blocker]" is an effect


def test_combo_power_zero_is_not_no_combo(detail):
    orb = detail[1]["ZZ01-004"].card
    assert orb.type == "extra"
    assert orb.combo_power == 0
    assert orb.power is None
    assert orb.keywords == ("dragon-ball",)


def test_a_parallel_before_its_base_page_stands_in_until_the_base_arrives():
    ordered = dict(pages())
    result = parse_detail_pages([("ZZ01-002_p1", ordered["ZZ01-002_p1"]), ("ZZ01-002", ordered["ZZ01-002"])])
    assert result.rejected == []
    [card] = result.cards
    assert card.card.number == "ZZ01-002"
    assert card.aliases == ("ZZ01-002_p1",)
    assert "from_parallel" not in card.extra


def test_the_same_page_twice_is_a_duplicate():
    ordered = dict(pages())
    result = parse_detail_pages([("ZZ01-002", ordered["ZZ01-002"])] * 2)
    assert [str(r) for r in result.rejected] == ["record 2 (ZZ01-002): duplicate of record 1 (ZZ01-002)"]


def test_a_page_fetched_for_one_number_that_shows_another_is_rejected():
    ordered = dict(pages())
    result = parse_detail_pages([("ZZ01-009", ordered["ZZ01-002"])])
    assert str(result.rejected[0]) == "record 1 (ZZ01-009): the page shows ZZ01-002, not ZZ01-009"


def test_japanese_labels_are_read():
    page = dict(pages())["ZZ01-002"]
    for english, japanese in [
        ("Card Type", "カードタイプ"),
        ("Color", "色"),
        ("Cost", "コスト"),
        ("Specified cost", "指定コスト"),
        ("Power", "パワー"),
        ("Combo power", "コンボパワー"),
        ("Features", "特徴"),
        ("Effect", "カード効果"),
    ]:
        page = page.replace(f"<h6>{english}</h6>", f"<h6>{japanese}</h6>")
    page = page.replace("[Blocker]", "【ブロッカー】")
    [card] = parse_detail_pages([("ZZ01-002", page)], lang="ja").cards
    assert card.card.power == 10000
    assert card.card.keywords == ("blocker",)
    assert card.image_url == "https://www.dbs-cardgame.com/fw/images/cards/card/en/ZZ01-002.webp"


# The keys of djp952/dbsfw's database/card/*.json, every one of its 953 files alike: a Leader's faces and
# images name their side (FRONT, BACK), a Battle or Extra card's are "side": null, one per language.
REAL_CARD_KEYS = ["cardid", "type", "color", "rarity", "detail", "faq", "image"]
REAL_FACE_KEYS = [
    "side",
    "language",
    "name",
    "cost",
    "specifiedcost",
    "power",
    "combopower",
    "traits",
    "effect",
]
REAL_IMAGE_KEYS = ["side", "language", "format", "image"]


def test_the_community_fixtures_copy_the_real_files_field_for_field():
    for path in sorted((FIXTURES / "dbsfw_community").glob("*.json")):
        card = json.loads(path.read_text(encoding="utf-8"))
        assert list(card) == REAL_CARD_KEYS, path.name
        leader = card["type"] == "LEADER"
        sides = ["FRONT", "BACK"] * 2 if leader else [None, None]
        assert [(d["side"], d["language"]) for d in card["detail"]] == list(
            zip(sides, ["EN", "EN", "JP", "JP"] if leader else ["EN", "JP"], strict=True)
        ), path.name
        assert all(list(d) == REAL_FACE_KEYS for d in card["detail"])
        assert [i["side"] for i in card["image"]] == sides
        assert all(list(i) == REAL_IMAGE_KEYS for i in card["image"])


def test_the_community_json_reads_every_real_shape_with_its_counts():
    """One Leader (FRONT and BACK), two Battle cards and their parallel, one Extra card: four cards, the
    parallel an alias, and the Battle card of an unknown colour rejected."""
    result = community()
    cards = {c.card.number: c for c in result.cards}
    assert list(cards) == ["ZZ02-001", "ZZ02-002", "ZZ02-004"]
    assert [c.card.type for c in cards.values()] == ["leader", "battle", "extra"]
    assert len(result.cards) + len(result.rejected) == 4  # of five files, the parallel joined its base
    arena = cards["ZZ02-004"].card
    # The scraper left HTML character references in 124 real fields, some with a full-width ampersand.
    assert (arena.name, arena.traits) == ("Sampler's Arena", ("World of Samples", "Sampler's Ring"))
    assert (arena.cost, arena.specified_cost, arena.power, arena.combo_power) == (2, {"blue": 1}, None, None)
    assert arena.keywords == ("field",)
    assert arena.back is None
    assert arena.text.endswith("[Main] Draw 1 card.")
    leader = cards["ZZ02-001"].card
    assert leader.keywords == ("awaken",)
    assert leader.back == {
        "name": "Mira Sample",
        "power": 20000,
        "traits": ["Sampler", "Sector 98"],
        "text": "[Permanent] Your Leader gets +5000 power.",
    }
    guard = cards["ZZ02-002"]
    assert guard.card.specified_cost == {"blue": 2}
    assert guard.card.combo_power == 10000
    assert guard.aliases == ("ZZ02-002_p1",)
    assert [str(r) for r in result.rejected] == ["record 4 (ZZ02-003): unknown colour 'Teal'"]


def test_the_community_json_in_japanese():
    result = community("ja")
    cards = {c.card.number: c.card for c in result.cards}
    assert cards["ZZ02-001"].name == "ミラ・サンプル"
    assert cards["ZZ02-001"].keywords == ("awaken",)
    assert cards["ZZ02-002"].keywords == ("blocker",)
    assert [str(r) for r in result.rejected] == ["record 4 (ZZ02-003): unknown colour 'Teal'"]
    assert cards["ZZ02-004"].name == "見本の武舞台"


def battle(*faces):
    return {"cardid": "ZZ02-009", "type": "BATTLE", "color": "Red", "rarity": "C", "detail": list(faces)}


def face(side, language="EN", name="Test Face"):
    return {"side": side, "language": language, "name": name, "cost": 1, "specifiedcost": "R", "power": 5000,
            "combopower": 5000, "traits": "Sampler", "effect": ""}  # fmt: skip


@pytest.mark.parametrize(
    ("card", "reason"),
    [
        (battle(face(None), face(None, name="Other")), "2 faces with side null in language EN"),
        (battle(face(None), face("BACK")), "only a Leader has two faces; this card has sides BACK, null"),
        (battle(face(None, "JP")), "no face in language EN"),
        (
            {**battle(face("FRONT")), "type": "LEADER"},
            "a Leader needs a FRONT and a BACK face in language EN",
        ),
    ],
)
def test_a_card_whose_faces_do_not_make_one_card_is_rejected_with_why(card, reason):
    result = parse_community_json([("ZZ02-009.json", card)])
    assert [str(r) for r in result.rejected] == [f"record 1 (ZZ02-009): {reason}"]


def test_a_battle_card_whose_one_face_says_front_is_read_as_well():
    [card] = parse_community_json([("ZZ02-009.json", battle(face("FRONT")))]).cards
    assert card.card.name == "Test Face"


@pytest.mark.parametrize(
    ("text", "keywords"),
    [
        ("[Blocker]", ("blocker",)),
        ("[Permanent][Critical]", ("critical",)),
        ("[Double Strike]\n[Barrier]", ("double-strike", "barrier")),
        ("【スーパーコンボ】", ("super-combo",)),
        ("[Fusion Evolve] Two cards", ("fusion-evolve",)),
        ("[On Play] It gains [Blocker].", ()),
        ("Draw 1 card. [Critical]", ()),
        # a skill glued to the one before it, as the lists print some Leaders (FB02-001's wording)
        (
            "[When Attacking] Draw 1 card.[Awaken] When your life is at 3 or less, draw 1 card. Then, flip"
            " this card over.",
            ("awaken",),
        ),
        (
            "【アタック時】カード1枚を引く。【覚醒】自分のライフが4以下の場合、このカードを裏返す。",
            ("awaken",),
        ),
        ("(This card can't be chosen.)[Blocker]", ("blocker",)),
    ],
)
def test_keywords_open_a_line(text, keywords):
    assert keywords_in(text) == keywords
