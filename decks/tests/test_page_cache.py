"""The deck page from the page cache: the same page for the second visitor without computing it again, a
304 for a browser that holds it, never a stale verdict, a working Fork form, and queries that do not grow
with the deck."""

from __future__ import annotations

import re
from datetime import date

import pytest
from django.core.cache import cache
from django.db import connection
from django.test import Client
from django.test.utils import CaptureQueriesContext

from decks.builder import deckpage, services
from decks.models import BanList, BanListEntry, Card, Deck
from decks.tests.test_library import _card, _deck


@pytest.fixture(autouse=True)
def _no_rate_limits(settings) -> None:
    settings.RATE_LIMITS = {}


@pytest.fixture
def cards(db) -> None:
    for i in range(1, 31):
        _card("fftcg", f"T1-{i:03d}C", f"Knight {i}", ["wind"])


@pytest.fixture
def builds(monkeypatch) -> list[Deck]:
    """The decks the deck page was computed for, request by request."""
    seen: list[Deck] = []
    real = deckpage.build

    def counting(deck: Deck) -> deckpage.DeckPage:
        seen.append(deck)
        return real(deck)

    monkeypatch.setattr(deckpage, "build", counting)
    return seen


def test_the_second_visitor_gets_the_page_without_computing_it_and_a_browser_that_has_it_a_304(
    alice, cards, builds
) -> None:
    deck = _deck(alice, "Winds", T1_001C=3)
    first = Client().get(f"/d/{deck.share_id}/")
    second = Client().get(f"/d/{deck.share_id}/")
    assert first.status_code == second.status_code == 200
    assert len(builds) == 1
    assert first["ETag"] == second["ETag"]
    assert "Knight 1" in second.content.decode()
    assert "no-store" not in second["Cache-Control"] and "no-cache" in second["Cache-Control"]
    again = Client().get(f"/d/{deck.share_id}/", headers={"If-None-Match": first["ETag"]})
    assert again.status_code == 304 and again.content == b""
    assert len(builds) == 1


def test_the_page_changes_at_once_with_the_cards_the_format_and_the_ban_list(alice, cards) -> None:
    deck = _deck(alice, "Winds", T1_001C=3)
    visitor = Client()

    def look() -> tuple[str, str]:
        response = visitor.get(f"/d/{deck.share_id}/")
        return response["ETag"], response.content.decode()

    etag, html = look()
    assert "Knight 2" not in html
    services.set_card_count(deck, Card.objects.get(number="T1-002C"), "main", 2)
    etag_added, html = look()
    assert etag_added != etag and "Knight 2" in html
    assert visitor.get(f"/d/{deck.share_id}/", headers={"If-None-Match": etag}).status_code == 200

    assert "T1-001" not in _verdict(html)
    ban = BanList.objects.create(game_id="fftcg", name="Today's list", effective_date=date(2020, 1, 1))
    entry = BanListEntry.objects.create(ban_list=ban, base_number="T1-001", max_copies=0)
    etag_banned, html = look()
    assert etag_banned != etag_added and "T1-001" in _verdict(html)
    entry.max_copies = 3  # as the admin's ban list form saves it
    entry.save()
    etag_lifted, html = look()
    assert etag_lifted != etag_banned and "T1-001" not in _verdict(html)
    entry.max_copies = 0
    entry.save()
    assert "T1-001" in _verdict(look()[1])
    ban.delete()  # its entries go with it
    etag_lifted, html = look()
    assert "T1-001" not in _verdict(html)

    assert "rule 8.1.1.1" in _verdict(html)  # Constructed: 50 cards
    services.set_format(deck, "limited")
    etag_format, html = look()
    assert etag_format != etag_lifted and "40" in _verdict(html)


def test_an_edited_card_shows_at_once(alice, cards) -> None:
    deck = _deck(alice, "Winds", T1_001C=3)
    assert "Knight 1<" in Client().get(f"/d/{deck.share_id}/").content.decode()
    card = Card.objects.get(number="T1-001C")
    card.name = "Knight Renamed"  # as the maintenance page and the importer save it
    card.save()
    assert "Knight Renamed" in Client().get(f"/d/{deck.share_id}/").content.decode()


def _verdict(html: str) -> str:
    """The legality panel's text."""
    found = re.search(r'id="legality".*?</section>', html, re.S)
    assert found, "no legality panel"
    return found.group(0)


def test_a_visitor_forks_from_a_page_another_visitor_filled_the_cache_with(alice, cards) -> None:
    deck = _deck(alice, "Winds", T1_001C=3)
    Client().get(f"/d/{deck.share_id}/")
    visitor = Client(enforce_csrf_checks=True)
    html = visitor.get(f"/d/{deck.share_id}/").content.decode()
    token = re.search(r'name="csrfmiddlewaretoken" value="([^"]+)"', html).group(1)
    response = visitor.post(f"/d/{deck.share_id}/fork", {"csrfmiddlewaretoken": token})
    assert response.status_code == 302
    assert Deck.objects.filter(forked_from=deck).count() == 1


def test_the_owners_page_is_never_cached(alice, alice_client, cards, builds) -> None:
    deck = _deck(alice, "Winds", T1_001C=3)
    for _ in range(2):
        response = alice_client.get(f"/d/{deck.share_id}/")
        assert "no-store" in response["Cache-Control"] and "ETag" not in response
    assert len(builds) == 2


@pytest.mark.parametrize("who", ["owner", "visitor"])
def test_the_deck_pages_queries_do_not_grow_with_its_cards(who, alice, alice_client, cards) -> None:
    small = _deck(alice, "Small", T1_001C=3)
    big = _deck(alice, "Big", **{f"T1_{i:03d}C": 1 for i in range(1, 31)})
    client = alice_client if who == "owner" else Client()
    client.get(f"/d/{small.share_id}/")  # the session exists and remembers the game before counting
    counts = []
    for deck in (small, big):
        cache.clear()  # the visitor's page is computed, not read from the cache
        with CaptureQueriesContext(connection) as queries:
            assert client.get(f"/d/{deck.share_id}/").status_code == 200
        counts.append(len(queries))
    assert counts[0] == counts[1], counts


def test_reading_a_deck_page_writes_no_session(alice, cards) -> None:
    """A visitor who only reads gets a cookie for the menu's game, not a session row per request."""
    from django.contrib.sessions.models import Session

    deck = _deck(alice, "Winds", T1_001C=3)
    for _ in range(3):
        response = Client().get(f"/d/{deck.share_id}/")
        assert response.cookies["last_game"].value == "fftcg"
    assert not Session.objects.exists()


# The card browser: cached per query and the game's card data version.


@pytest.fixture
def searches(monkeypatch) -> list[str]:
    """The games the card browser searched, request by request."""
    from decks.cards import views as cards_views

    seen: list[str] = []
    real = cards_views.search_page

    def counting(game_id, *args, **kwargs):
        seen.append(game_id)
        return real(game_id, *args, **kwargs)

    monkeypatch.setattr(cards_views, "search_page", counting)
    return seen


def test_the_card_browser_searches_once_per_query_until_the_cards_change(cards, searches) -> None:
    first = Client().get("/cards/fftcg/?q=knight")
    second = Client().get("/cards/fftcg/?q=knight")
    assert first["ETag"] == second["ETag"]
    assert searches == ["fftcg"]
    Client().get("/cards/fftcg/?q=knight+1")
    assert searches == ["fftcg", "fftcg"]  # another query, another page

    card = Card.objects.get(number="T1-001C")
    card.name = "Knight Errant"
    card.save()  # an import, the maintenance page or the admin: each saves the card
    html = Client().get("/cards/fftcg/?q=knight").content.decode()
    assert "Knight Errant" in html and len(searches) == 3
    assert "Knight Newcomer" not in Client().get("/cards/fftcg/?q=newcomer").content.decode()
    _card("fftcg", "T1-099C", "Knight Newcomer", ["fire"])
    assert "Knight Newcomer" in Client().get("/cards/fftcg/?q=newcomer").content.decode()
    Card.objects.get(number="T1-099C").delete()
    assert "Knight Newcomer" not in Client().get("/cards/fftcg/?q=newcomer").content.decode()
