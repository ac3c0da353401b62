"""The cards a player owns against a deck, and the collection's CSV file (engine.collection)."""

import pytest

from engine.cards import Card
from engine.collection import CollectionFileError, read_csv, shortfall, write_csv
from engine.deck import Deck, DeckEntry
from engine.games import get_game

FFTCG = get_game("fftcg")
DBSFW = get_game("dbsfw")


def deck_of(game: str, sections: dict[str, list[tuple[str, int]]]) -> Deck:
    cards = {n: Card(number=n, name=f"Card {n}", type="forward") for s in sections.values() for n, _ in s}
    return Deck(
        game=game,
        format="standard",
        sections={s: tuple(DeckEntry(n, c) for n, c in entries) for s, entries in sections.items()},
        cards=cards,
    )


def test_printings_of_one_card_share_the_owned_copies() -> None:
    # FB01-001 and its parallel FB01-001_p1 are one card (base FB01-001). The deck wants 2 + 2 of it and
    # 4 of FB01-002; the player owns 3 of FB01-001 (bought as either printing) and 1 of FB01-002.
    # By hand: FB01-001 gets 2 for the first printing, 1 for the parallel (1 missing); FB01-002 1 of 4
    # (3 missing). Owned 2 + 1 + 1 = 4 of 8.
    deck = deck_of("dbsfw", {"main": [("FB01-001", 2), ("FB01-001_p1", 2), ("FB01-002", 4)]})
    result = shortfall(deck, {"FB01-001": 3, "FB01-002": 1}, DBSFW.base_number)
    assert (result.owned, result.total, result.missing_count) == (4, 8, 4)
    assert result.missing == {"main": (DeckEntry("FB01-001_p1", 1), DeckEntry("FB01-002", 3))}


def test_copies_in_two_sections_both_count() -> None:
    # 3 in the main deck and 1 in the Limit Break deck of 1-001H; 2 owned, taken by the main deck first:
    # 2 of 4, missing 1 in the main deck and 1 in the LB deck.
    deck = deck_of("fftcg", {"main": [("1-001H", 3)], "lb": [("1-001H", 1)]})
    result = shortfall(deck, {"1-001": 2}, FFTCG.base_number)
    assert (result.owned, result.total) == (2, 4)
    assert result.missing == {"main": (DeckEntry("1-001H", 1),), "lb": (DeckEntry("1-001H", 1),)}


def test_a_complete_collection_misses_nothing() -> None:
    deck = deck_of("fftcg", {"main": [("1-001H", 3)]})
    result = shortfall(deck, {"1-001": 5}, FFTCG.base_number)
    assert (result.owned, result.total, result.missing) == (3, 3, {})


def test_csv_round_trip_reads_back_the_same() -> None:
    owned = {"1-001": 3, "11-136": 1, "PR-050": 2}
    text = write_csv(owned)
    assert text.splitlines()[0] == "number,count"
    assert read_csv(text, FFTCG.base_number, set(owned)) == owned


def test_csv_printings_add_up_to_their_base_number() -> None:
    text = "number,count\n1-001H,2\n1-001H-FOIL,1\n"
    assert read_csv(text, FFTCG.base_number, {"1-001"}) == {"1-001": 3}


def test_csv_reports_every_bad_line_and_returns_nothing() -> None:
    text = "number,count\n1-001H,2\n1-002R,lots\n9-999X,1\n1-003C\n"
    with pytest.raises(CollectionFileError) as caught:
        read_csv(text, FFTCG.base_number, {"1-001", "1-002", "1-003"})
    assert caught.value.problems == [
        "Line 3: “lots” is not a count of copies (0 to 9999).",
        "Line 4: no card numbered 9-999X in this game.",
        "Line 5: expected a card number and a count, as in 1-001H,3.",
    ]


def test_csv_without_its_header_is_refused() -> None:
    with pytest.raises(CollectionFileError, match="header"):
        read_csv("1-001H,2\n", FFTCG.base_number, {"1-001"})
