"""Reading deck files: every malformed input is a DeckFileError that says what is wrong."""

import json
import subprocess
import sys

import pytest

from engine import DeckFileError, UnknownCardError, UnknownGameError, dump_deck, load_deck
from engine.deckfile import MAX_COUNT

CARDS = {
    "T1-001H": {"name": "Sky Knight", "type": "forward", "colors": ["wind"], "cost": 3, "power": 7000},
    "T1-002C": {"name": "Field Medic", "type": "backup", "colors": ["earth"], "cost": 2},
}


def deck_file(**overrides):
    data = {
        "game": "fftcg",
        "format": "constructed",
        "name": "Test",
        "sections": {"main": [{"card": "T1-001H", "count": 3}, {"card": "T1-002C", "count": 2}]},
        "cards": CARDS,
    }
    data.update(overrides)
    return json.dumps(data)


def test_it_reads_sections_counts_and_cards():
    deck = load_deck(deck_file())
    assert deck.game == "fftcg"
    assert deck.size("main") == 5
    assert deck.cards["T1-001H"].power == 7000
    assert deck.cards["T1-002C"].colors == ("earth",)


def test_a_missing_format_is_the_games_first():
    data = json.loads(deck_file())
    del data["format"]
    assert load_deck(data).format == "constructed"


def test_it_adds_up_a_card_listed_twice_in_a_section():
    deck = load_deck(
        deck_file(sections={"main": [{"card": "T1-001H", "count": 1}, {"card": "T1-001H", "count": 2}]})
    )
    assert deck.size("main") == 3
    assert len(deck.entries("main")) == 1


def test_it_round_trips_through_dump():
    deck = load_deck(deck_file())
    assert load_deck(dump_deck(deck)) == deck


def test_it_looks_up_cards_the_file_does_not_carry():
    data = json.loads(deck_file())
    data["cards"] = {}
    from engine import Card

    def lookup(game, numbers):
        assert game == "fftcg"
        return {n: Card.from_dict(n, CARDS[n]) for n in numbers}

    assert load_deck(data, lookup=lookup).cards["T1-002C"].name == "Field Medic"


@pytest.mark.parametrize(
    ("text", "message"),
    [
        ("{not json", "not valid JSON"),
        ("[1, 2]", "JSON object"),
        ('{"sections": {}}', "no 'game'"),
        ("[" * 100_000 + "]" * 100_000, "nested too deeply|not valid JSON"),
    ],
)
def test_it_rejects_text_that_is_not_a_deck(text, message):
    with pytest.raises(DeckFileError, match=message):
        load_deck(text)


def test_it_names_an_unknown_game():
    with pytest.raises(UnknownGameError, match="'pokemon'.*fftcg, dbsfw, gbf, fireforce"):
        load_deck(deck_file(game="pokemon"))


def test_it_names_an_unknown_format_and_section():
    with pytest.raises(DeckFileError, match="Unknown format 'modern'"):
        load_deck(deck_file(format="modern"))
    with pytest.raises(DeckFileError, match="Unknown section 'sideboard'.*main, lb"):
        load_deck(deck_file(sections={"sideboard": []}))


def test_it_names_every_unknown_card():
    sections = {
        "main": [{"card": "16-999", "count": 1}, {"card": "T1-001H", "count": 1}, {"card": "9-9", "count": 1}]
    }
    with pytest.raises(UnknownCardError, match="16-999, 9-9") as e:
        load_deck(deck_file(sections=sections))
    assert e.value.numbers == ("16-999", "9-9")


@pytest.mark.parametrize("count", [0, -1, 10**9, 2.5, "3", True, None])
def test_it_rejects_counts_that_are_not_between_1_and_the_maximum(count):
    with pytest.raises(DeckFileError, match="T1-001H.*count"):
        load_deck(deck_file(sections={"main": [{"card": "T1-001H", "count": count}]}))


def test_it_rejects_a_card_over_the_maximum_once_added_up():
    entries = [{"card": "T1-001H", "count": MAX_COUNT}, {"card": "T1-001H", "count": 1}]
    with pytest.raises(DeckFileError, match=f"more than {MAX_COUNT} copies of T1-001H"):
        load_deck(deck_file(sections={"main": entries}))


def test_it_rejects_100000_entries():
    entries = [{"card": f"T1-{i:06d}", "count": 1} for i in range(100_000)]
    with pytest.raises(DeckFileError, match="larger than 2 MB"):
        load_deck(deck_file(sections={"main": entries}))
    with pytest.raises(DeckFileError, match="more than 500 entries"):
        load_deck(json.loads(deck_file(sections={"main": entries})))


@pytest.mark.parametrize(
    ("fields", "message"),
    [
        ({"type": "forward"}, "'name' is missing"),
        ({"name": "X", "type": "forward", "cost": "three"}, "'cost' must be a whole number"),
        ({"name": "X", "type": "forward", "colors": "fire"}, "'colors' must be a list"),
        ("not an object", "expected an object"),
    ],
)
def test_it_rejects_bad_card_fields_naming_the_card(fields, message):
    with pytest.raises(DeckFileError, match=f"T1-001H: .*{message}"):
        load_deck(deck_file(cards={**CARDS, "T1-001H": fields}))


def test_importing_the_engine_leaves_django_out():
    code = "import sys, engine, engine.games; assert 'django' not in sys.modules, 'engine imported django'"
    subprocess.run([sys.executable, "-c", code], check=True)


def test_it_rejects_a_card_type_the_game_does_not_have():
    cards = {**CARDS, "T1-001H": {"name": "Sky Knight", "type": "leader"}}
    with pytest.raises(DeckFileError, match="Card T1-001H: 'leader' is not a FINAL FANTASY TCG card type"):
        load_deck(deck_file(cards=cards))


def test_an_unknown_key_is_a_warning_that_names_it() -> None:
    from engine import get_game
    from engine.samples import SAMPLES, sample_card_set

    data = json.loads((SAMPLES / "fftcg-deck.json").read_text())
    data["cards"] = sample_card_set("fftcg")["cards"]
    data.pop("format", None)
    data["fromat"] = "limited"
    deck = load_deck(data)
    assert deck.format == "constructed"  # the typo was not read as the format
    report = get_game("fftcg").validate(deck)
    (warning,) = [w for w in report.warnings if w.code == "F01"]
    assert "a key 'fromat' that the format does not know" in warning.message
    assert "Did you mean 'format'?" in warning.message
    assert report.legal  # a warning, not an error


@pytest.mark.parametrize(
    ("game", "change", "message"),
    [
        ("fftcg", {"colors": ["plasma"]}, "unknown element 'plasma'; the elements are fire"),
        ("fftcg", {"cost": -2}, "a cost of -2 is not a printed cost (0 to 99)"),
        ("fftcg", {"cost": 2**63}, "is not a printed cost"),
        ("dbsfw", {"colors": []}, "it has no colour; every card has one (1-6-1)"),
        ("dbsfw", {"colors": ["purple"]}, "unknown color 'purple'"),
        ("gbf", {"colors": ["mud"]}, "unknown attribute 'mud'"),
    ],
)
def test_card_data_a_game_cannot_use_is_refused_naming_the_card(game, change, message) -> None:
    from engine.samples import SAMPLES, sample_card_set

    data = json.loads((SAMPLES / f"{game}-deck.json").read_text())
    data["cards"] = sample_card_set(game)["cards"]
    first = data["sections"]["main"][0]["card"]
    data["cards"][first].update(change)
    with pytest.raises(DeckFileError) as refused:
        load_deck(data)
    assert f"Card {first} (" in str(refused.value)
    assert message in str(refused.value)
