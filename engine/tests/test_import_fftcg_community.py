"""Reading the FFTCG community lists a player may have saved, with fictional cards in their real shapes:
CMattiske/fftcg-card-browser's db.json and Richiealvian2/fftcg-data's per-card files."""

import json
from pathlib import Path

import pytest

from engine.importers import sources

FIXTURES = Path(__file__).parent / "fixtures" / "import"
BROWSER = FIXTURES / "fftcg_card_browser.json"
DATA = FIXTURES / "fftcg_data" / "cards"

# The keys of the real files: every card of db.json has these 17; an fftcg-data card has the first ones
# of its README's schema, and power, jobs, rarity, isLB, illustrators and characterDesigners when printed.
BROWSER_KEYS = ["set", "cost", "jobs", "index", "type", "tags", "abilities", "elements", "name", "guid"]
BROWSER_KEYS += ["exburst", "categories", "text", "power", "id", "multicard", "rarity"]
DATA_KEYS = {"serial", "opus", "number", "name", "abilities", "categories", "cost", "elements", "type"}
DATA_KEYS |= {"isExBurst", "isMultiPlayable", "isSpecial"}
DATA_OPTIONAL = {"power", "jobs", "rarity", "isLB", "illustrators", "characterDesigners"}


def test_the_fixtures_copy_the_real_keys():
    document = json.loads(BROWSER.read_text(encoding="utf-8"))
    assert list(document) == ["cards", "cubes", "deckLists"]
    assert all(list(card) == BROWSER_KEYS for card in document["cards"])
    for path in DATA.rglob("*.json"):
        keys = set(json.loads(path.read_text(encoding="utf-8")))
        assert DATA_KEYS <= keys <= DATA_KEYS | DATA_OPTIONAL, path.name


@pytest.fixture(scope="module")
def browser():
    result = sources.read_file("fftcg", BROWSER)
    return result, {c.card.number: c for c in result.cards}


def test_the_card_browser_gives_each_card_its_code_from_set_index_and_rarity(browser):
    """Seven of ten records: opus cards by rarity letter, the Boss Deck's B-, the promos' PR-."""
    result, cards = browser
    assert list(cards) == ["1-001H", "4-029C", "9-050R", "14-004L", "19-127S", "B-001", "PR-111"]
    assert [str(r) for r in result.rejected] == [
        "record 8 (Opus XVI #5): unknown icon '{M}' in the text",
        "record 9 (Opus Zero #1): unknown set 'Opus Zero'",
        "record 10 (1-001H): duplicate of record 1 (1-001)",
    ]
    assert cards["14-004L"].set_code == "14" and cards["14-004L"].set_name == "Opus XIV"
    assert cards["1-001H"].extra == {"rarity": "H", "jobs": ["Squire"], "categories": ["ZZ"]}


def test_the_card_browser_fields(browser):
    _, cards = browser
    page = cards["1-001H"].card
    assert (page.name, page.type, page.colors, page.cost, page.power) == (
        "Ember Page",
        "forward",
        ("fire",),
        3,
        7000,
    )
    assert page.traits == ("Squire", "ZZ")
    assert page.keywords == ("haste",)
    assert cards["1-001H"].image_url == "https://fftcg.cdn.sewest.net/images/cards/full/1-001H_eg.jpg"
    imp = cards["4-029C"].card
    assert (imp.type, imp.power, imp.keywords) == ("monster", None, ("multi-playable",))
    call = cards["9-050R"].card
    assert (call.traits, call.keywords) == (("ZZ",), ("ex-burst",))  # its job is "": none
    assert cards["PR-111"].card.colors == ("wind", "water")
    assert cards["B-001"].card.colors == ("dark",)


def test_the_card_browser_markup_becomes_the_printed_text(browser):
    """As FFTCG.printed_text makes the official list's markup: icons 《Ice》《1》《Dull》, EX BURST, the
    special ability's name and the bold and italic words plain."""
    _, cards = browser
    assert cards["1-001H"].card.text == (
        "Haste\nWhen Ember Page enters the field, you may search for 1 Card Name Ash Scout "
        "and add it to your hand."
    )
    assert cards["4-029C"].card.text == "《Ice》《1》《Dull》: Choose 1 Forward. Dull it."
    assert cards["9-050R"].card.text == "EX BURST Choose 1 Forward. Deal it 4000 damage."
    assert cards["14-004L"].card.text.splitlines()[1:] == [
        "Sample Slash 《S》《Wind》《1》: Choose 1 Forward. Deal it 5000 damage.",
        "Damage 3 -- Gale Duelist gains +2000 power.",
    ]
    assert cards["19-127S"].card.text.startswith("《X》《Dull》, put Volt Clerk")


@pytest.fixture(scope="module")
def data():
    result = sources.read_file("fftcg", DATA)
    return result, {c.card.number: c for c in result.cards}


def test_fftcg_data_reads_a_folder_of_opus_folders(data):
    """Six of seven files: the one whose serial names another card than its file name is rejected; a
    file named with another rarity letter than its serial is the same card."""
    result, cards = data
    assert list(cards) == ["21-001R", "21-002H", "21-003L", "22-010L", "22-011C", "PR-155"]
    assert [str(r) for r in result.rejected] == [
        "record 6 (22-019R): the file is named 22-012R but its serial is 22-019R"
    ]
    assert cards["PR-155"].set_name == "Promo" and cards["22-010L"].set_name == "Opus 22"
    assert "rarity" not in cards["PR-155"].extra


def test_fftcg_data_fields_and_markup(data):
    _, cards = data
    ward = cards["21-001R"].card
    assert (ward.colors, ward.cost, ward.power, ward.keywords) == (("fire",), 3, 7000, ("ex-burst",))
    assert (
        ward.text.splitlines()[1]
        == "EX BURST When Cinder Ward enters the field, choose 1 Forward. Deal it 7000 damage."
    )
    lancer = cards["21-002H"].card
    assert lancer.text.splitlines() == [
        "When Rime Lancer enters the field, you may search for 1 Card Name Cinder Ward "
        "and add it to your hand.",
        "Glacial Thrust 《S》《Ice》《1》: Choose 1 Forward. Deal it 6000 damage.",
    ]
    herald = cards["22-010L"].card
    assert (herald.keywords, herald.lb_cost) == (("limit-break",), 2)
    assert herald.text.splitlines()[1] == "Limit Break -- 2"
    medic = cards["22-011C"].card
    assert (medic.type, medic.power, medic.keywords) == ("backup", None, ("multi-playable",))
    assert medic.text.splitlines() == [
        "《Water》《Dull》: Choose 1 Forward. It gains +1000 power until the end of the turn.",
        "Damage 3 -- When Field Medic enters the field, draw 1 card.",
    ]
    assert cards["21-003L"].card.keywords == ("haste",)


def test_one_fftcg_data_file_is_read_too():
    result = sources.read_file("fftcg", DATA / "21" / "21-001R.json")
    assert [c.card.number for c in result.cards] == ["21-001R"]


def test_the_community_lists_are_english_only():
    with pytest.raises(ValueError, match="English text only"):
        sources.read_file("fftcg", BROWSER, "ja")


def test_a_document_of_neither_community_shape_is_read_as_the_official_list(tmp_path):
    other = tmp_path / "cards.json"
    other.write_text('{"count": 0}')
    with pytest.raises(ValueError, match="Expected the get-cards JSON"):
        sources.read_file("fftcg", other)
    assert sources.read_file("fftcg", FIXTURES / "fftcg_get_cards.json").cards[0].card.number == "99-001H"
