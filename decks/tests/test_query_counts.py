"""Every page's queries are counted: a page that shows a deck asks the database as often for a deck of
thirty cards as for one of one card, and a page that lists decks or cards as often for ten as for two
(no query per row)."""

from __future__ import annotations

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from decks.tests.test_library import _card, _deck


@pytest.fixture(autouse=True)
def _no_limits(settings) -> None:
    settings.RATE_LIMITS = {}


@pytest.fixture
def cards(db) -> None:
    for i in range(1, 31):
        _card("fftcg", f"T1-{i:03d}C", f"Knight {i}", ["wind" if i % 2 else "fire"])


def _queries(client: Client, url: str) -> int:
    """The queries one request makes, computed afresh (nothing from the page cache)."""
    cache.clear()
    with CaptureQueriesContext(connection) as queries:
        response = client.get(url)
    assert response.status_code == 200, (url, response.status_code)
    return len(queries)


DECK_PAGES = [
    "/d/{}/",
    "/d/{}/stats",
    "/d/{}/hand",
    "/d/{}/export/",
    "/d/{}/export.txt",
    "/d/{}/deck.json",
    "/d/{}/goldfish/",
    "/api/v1/decks/{}",
    "/api/v1/decks/{}/report",
    "/api/v1/decks/{}/deck-file",
]


@pytest.mark.parametrize("url", DECK_PAGES)
@pytest.mark.parametrize("who", ["owner", "visitor"])
def test_a_deck_pages_queries_do_not_grow_with_its_cards(url, who, alice, alice_client, cards) -> None:
    small = _deck(alice, "Small", T1_001C=3)
    big = _deck(alice, "Big", **{f"T1_{i:03d}C": 1 for i in range(1, 31)})
    client = alice_client if who == "owner" else Client()
    client.get(url.format(small.share_id))  # the session and the menu's game exist before counting
    assert _queries(client, url.format(small.share_id)) == _queries(client, url.format(big.share_id))


LIST_PAGES = [
    "/decks/public/",
    "/decks/mine/",
    "/decks/search/?card=T1-001C",
    "/cards/fftcg/T1-001C/",
    "/api/v1/decks",
]


@pytest.mark.parametrize("url", LIST_PAGES)
def test_a_deck_lists_queries_do_not_grow_with_its_decks(url, alice, alice_client, cards) -> None:
    for n in range(2):
        _deck(alice, f"Deck {n}", T1_001C=3, T1_002C=2)
    alice_client.get(url)
    few = _queries(alice_client, url)
    for n in range(2, 10):
        _deck(alice, f"Deck {n}", T1_001C=3, T1_002C=2)
    assert _queries(alice_client, url) == few


@pytest.mark.parametrize("url", ["/cards/fftcg/", "/cards/fftcg/?q=knight", "/api/v1/cards?game=fftcg"])
def test_the_card_lists_queries_do_not_grow_with_the_cards(url, db) -> None:
    client = Client()
    for i in range(1, 3):
        _card("fftcg", f"T1-{i:03d}C", f"Knight {i}", ["wind"])
    client.get(url)
    few = _queries(client, url)
    for i in range(3, 21):
        _card("fftcg", f"T1-{i:03d}C", f"Knight {i}", ["wind"])
    assert _queries(client, url) == few
