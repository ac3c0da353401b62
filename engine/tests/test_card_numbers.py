"""Card numbers name a card's page, so each game accepts only the shapes its numbers have (issue 31, 5)."""

import json
import re

import pytest

from engine import DeckFileError, load_deck
from engine.games import GAMES, get_game
from engine.games.base import ANY_CARD_NUMBER

# Real shapes from research/card-data.md 5.1 and the rules' own fixtures, and the samples' fictional sets.
REAL = {
    "fftcg": ["1-001H", "27-010L", "21-125S", "PR-051", "PR-001", "B-001", "C-001", "T1-001C-FOIL", "FX-001C",
              "16-015", "fx-001c"],
    "dbsfw": ["FB01-001", "FS01-01", "FP-001", "P-001", "SB01-029", "FB01-004_p1", "TB-001_p1", "FZ00-012_p1",
              "fb01-001_P2"],
    "gbf": ["BO01-001", "BO01-001G", "TG01-003UC", "SX01-003M", "ZZ99-999", "zx-010"],
    "fireforce": ["ZF1-001", "FF01-001", "FF01-001R", "ZZ-001"],
}  # fmt: skip

# What the probe of issue 31 stored, and what else would break a link or a page.
HOSTILE = ["FF99/001", "..", ".", "?", "#", "%2F", "1-001H/..", "1-001H?x", "1 001H", "", " ", "1-001H\x00",
           "1-001H\u202e", "<b>1-001H</b>", "1-001H.", "-001", "A" * 40 + "-001"]  # fmt: skip


@pytest.mark.parametrize("game_id", GAMES)
def test_every_real_shape_is_a_number_of_its_game(game_id):
    rules = get_game(game_id)
    assert [n for n in REAL[game_id] if rules.number_problem(n)] == []


@pytest.mark.parametrize("game_id", GAMES)
@pytest.mark.parametrize("number", HOSTILE)
def test_no_game_takes_a_number_that_breaks_a_link(game_id, number):
    problem = get_game(game_id).number_problem(number)
    assert problem is not None
    assert "is not a" in problem and "card number" in problem


def test_the_message_names_the_number_and_shows_real_ones():
    assert get_game("fftcg").number_problem("FF99/001") == (
        "'FF99/001' is not a Final Fantasy TCG card number: it is letters and digits like "
        "1-001H, 27-010L, PR-001 or C-001, at most 32 characters."
    )


def test_a_huge_number_is_refused_quickly_and_quoted_short():
    problem = get_game("dbsfw").number_problem("FB01-" + "1" * 100_000)
    assert problem is not None and len(problem) < 300


@pytest.mark.parametrize("game_id", GAMES)
def test_the_any_game_shape_holds_every_games_numbers(game_id):
    """The API checks numbers by ANY_CARD_NUMBER before it knows the game: no real number may fail it."""
    assert all(re.fullmatch(ANY_CARD_NUMBER, n) for n in REAL[game_id])
    assert not any(re.fullmatch(ANY_CARD_NUMBER, n) for n in HOSTILE if len(n) <= 32)


def _file(number: str, *, embedded: bool) -> str:
    data = {"game": "fftcg", "sections": {"main": [{"card": number, "count": 1}]}}
    if embedded:
        data["cards"] = {number: {"name": "Probe", "type": "forward", "colors": ["fire"], "cost": 1}}
    return json.dumps(data)


@pytest.mark.parametrize("number", ["FF99/001", "..", "?", "#", "%2F"])
def test_a_deck_file_entry_with_such_a_number_is_refused_where_it_is(number):
    with pytest.raises(DeckFileError, match=r"Section 'main', entry 1: .* is not a Final Fantasy TCG card"):
        load_deck(_file(number, embedded=False), lookup=lambda game, numbers: {})


def test_a_deck_file_card_with_such_a_number_is_refused():
    data = json.loads(_file("1-001H", embedded=True))
    data["cards"]["FF99/001"] = data["cards"]["1-001H"]
    with pytest.raises(DeckFileError, match="'cards': 'FF99/001' is not a Final Fantasy TCG card number"):
        load_deck(data)


def test_a_card_whose_number_is_wrong_is_a_card_problem():
    from engine.cards import Card

    card = Card(number="FF99/001", name="Probe", type="unit")
    assert get_game("fireforce").card_problems(card) == [get_game("fireforce").number_problem("FF99/001")]
