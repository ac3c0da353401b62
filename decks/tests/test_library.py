"""My decks, public decks, decks playing a card, a deck's settings, forks, link previews."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.template.loader import render_to_string
from django.test import Client, RequestFactory

from decks.builder import deckpage, library, search, services
from decks.models import Card, CardSet, Deck, Game


@pytest.fixture(autouse=True)
def _no_rate_limits(settings) -> None:
    settings.RATE_LIMITS = {}


def _deck(
    owner: User | None, name: str, visibility: str = "public", game: str = "fftcg", **cards: int
) -> Deck:
    """A deck with `cards` (number=count) in its main deck; DBS FW leaders go to the leader section."""
    deck = services.create_deck(
        game_id=game, name=name, owner_id=owner.pk if owner else None, session_key="s"
    )
    for number, count in cards.items():
        card = Card.objects.get(game_id=game, number=number.replace("_", "-"))
        services.set_card_count(deck, card, "leader" if card.type == "leader" else "main", count)
    services.update_details(deck, name=name, description="", visibility=visibility, format=deck.format)
    return deck


def _card(game_id: str, number: str, name: str, colours: list[str], type: str = "forward") -> Card:
    game = Game.objects.get(id=game_id)
    card_set, _ = CardSet.objects.get_or_create(game=game, code="T", defaults={"name": "Test"})
    base = number.rstrip("HLRCS") if game_id == "fftcg" else number
    return Card.objects.create(
        game=game, card_set=card_set, number=number, base_number=base, name=name, type=type, colors=colours
    )


@pytest.fixture
def cards(db) -> None:
    _card("fftcg", "T1-001H", "Wind Knight", ["wind"])
    _card("fftcg", "T1-001S", "Wind Knight", ["wind"])  # another printing of the same card
    _card("fftcg", "T1-002C", "Fire Mage", ["fire"])
    _card("fftcg", "T1-003C", "Fireball Knight", ["earth"])
    _card("dbsfw", "TZ-001", "Son Goku", ["red"], type="leader")
    _card("dbsfw", "TZ-002", "Vegeta", ["blue"], type="leader")
    _card("dbsfw", "TZ-010", "Kamehameha", ["red"], type="battle")


def _names(html: str, *candidates: str) -> list[str]:
    return [c for c in candidates if f">{c}</a>" in html]


# My decks


def test_my_decks_lists_the_users_decks_with_their_visibility(alice, alice_client, cards):
    _deck(alice, "Winds", "unlisted", T1_001H=3)
    html = alice_client.get("/decks/mine/").content.decode()
    assert _names(html, "Winds") == ["Winds"]
    assert "Unlisted" in html
    assert "3 cards in the deck" in html


def test_my_decks_asks_a_visitor_to_sign_up_to_keep_them(anonymous, db):
    html = anonymous.get("/decks/mine/").content.decode()
    assert "kept with this browser only" in html
    assert "No decks yet" in html


# Public decks


@pytest.fixture
def shelf(alice, bob, cards) -> None:
    _deck(alice, "Winds", T1_001H=3)
    _deck(bob, "Burn", T1_002C=3)
    _deck(bob, "Earthquake", T1_003C=2)
    _deck(alice, "Goku aggro", game="dbsfw", TZ_001=1, TZ_010=4)
    _deck(alice, "Prince", game="dbsfw", TZ_002=1)
    _deck(alice, "Hidden winds", "unlisted", T1_001H=3)


ALL = ("Winds", "Burn", "Earthquake", "Goku aggro", "Prince", "Hidden winds")


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ("", ["Winds", "Burn", "Earthquake", "Goku aggro", "Prince"]),
        ("?game=dbsfw", ["Goku aggro", "Prince"]),
        ("?q=WIND", ["Winds"]),
        ("?leader=goku", ["Goku aggro"]),
        ("?colour=fire", ["Burn"]),  # not "Fireball Knight"'s earth deck, not "fire" inside another word
        ("?colour=red&game=dbsfw", ["Goku aggro"]),
        ("?colour=wind&game=dbsfw", []),
    ],
)
def test_public_decks_filter(anonymous, shelf, query, expected):
    html = anonymous.get(f"/decks/public/{query}").content.decode()
    assert _names(html, *ALL) == expected


def test_public_decks_answer_htmx_with_the_results_only(anonymous, shelf):
    response = anonymous.get("/decks/public/?game=fftcg", HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert "HX-Request" in response["Vary"]  # so a browser never shows the partial as the whole page
    assert html.lstrip().startswith('<section id="deck-results"')
    assert "<form" not in html
    assert _names(html, *ALL) == ["Winds", "Burn", "Earthquake"]


def test_public_decks_ignore_a_bad_filter_value(anonymous, shelf):
    response = anonymous.get("/decks/public/?game=chess")
    assert response.status_code == 200
    assert "Select a valid choice" in response.content.decode()


def test_public_decks_are_paginated_keeping_the_filters(anonymous, alice, cards):
    for i in range(library.PER_PAGE + 3):
        _deck(alice, f"Deck {i:02}")
    first = anonymous.get("/decks/public/?game=fftcg").content.decode()
    assert "Page 1 of 2" in first
    assert 'href="?game=fftcg&amp;page=2"' in first
    second = anonymous.get("/decks/public/?game=fftcg&page=2").content.decode()
    assert second.count('class="deck-row" style="--game-accent') == 3
    assert "Deck 00" in second  # oldest last


# Decks that play a card


@pytest.mark.parametrize(
    ("card", "expected"),
    [
        ("T1-001H", ["Winds"]),
        ("t1-001s", ["Winds"]),  # another printing, any case
        ("T1-001", ["Winds"]),  # the base number
        ("knight", ["Winds", "Earthquake"]),
        ("Kamehameha", ["Goku aggro"]),
        ("nothing like it", []),
    ],
)
def test_search_finds_public_decks_playing_a_card(anonymous, shelf, card, expected):
    html = anonymous.get("/decks/search/", {"card": card}).content.decode()
    assert _names(html, *ALL) == expected


def test_search_narrows_to_a_game(anonymous, shelf):
    html = anonymous.get("/decks/search/", {"card": "knight", "game": "dbsfw"}).content.decode()
    assert _names(html, *ALL) == []
    assert "No card has that number or name." in html


def test_search_without_a_card_shows_the_form(anonymous, shelf):
    response = anonymous.get("/decks/search/")
    assert response.status_code == 200
    assert '<label for="id_card">Card number or name' in response.content.decode()


# Settings


def test_settings_shows_the_share_link(alice, alice_client, cards):
    deck = _deck(alice, "Winds", "unlisted")
    html = alice_client.get(f"/d/{deck.share_id}/settings").content.decode()
    assert f'value="http://testserver/d/{deck.share_id}/"' in html
    assert '<label for="id_name">Name' in html
    assert 'name="csrfmiddlewaretoken"' in html


def test_settings_saves_and_normalises(alice, alice_client, cards):
    deck = _deck(alice, "Winds", "private")
    version = deck.version
    data = {
        "name": "  Winds \t of  change ",
        "description": "Fast.  \r\nVery fast.  ",
        "visibility": "public",
        "format": "limited",
    }
    response = alice_client.post(f"/d/{deck.share_id}/settings", data)
    assert response["Location"] == f"/d/{deck.share_id}/"
    deck.refresh_from_db()
    assert (deck.name, deck.description, deck.visibility, deck.format) == (
        "Winds of change",
        "Fast.\nVery fast.",
        "public",
        "limited",
    )
    assert deck.version > version


@pytest.mark.parametrize(
    ("field", "value", "message"),
    [
        ("name", "   ", "This field is required."),
        ("visibility", "everyone", "Select a valid choice."),
        ("format", "standard", "Select a valid choice."),  # a DBS FW format on an FFTCG deck
    ],
)
def test_settings_refuses_bad_values(alice, alice_client, cards, field, value, message):
    deck = _deck(alice, "Winds", "private")
    data = {
        "name": "Renamed",
        "description": "",
        "visibility": "public",
        "format": "constructed",
        field: value,
    }
    response = alice_client.post(f"/d/{deck.share_id}/settings", data)
    assert response.status_code == 200
    assert message in response.content.decode()
    deck.refresh_from_db()
    assert (deck.name, deck.visibility) == ("Winds", "private")


def test_settings_needs_the_csrf_token(alice, cards):
    deck = _deck(alice, "Winds", "private")
    client = Client(enforce_csrf_checks=True)
    client.force_login(alice)
    data = {"name": "Renamed", "description": "", "visibility": "public", "format": "constructed"}
    assert client.post(f"/d/{deck.share_id}/settings", data).status_code == 403
    deck.refresh_from_db()
    assert deck.name == "Winds"


# Forks


def test_a_visitor_forks_a_deck_into_their_session(anonymous, alice, cards):
    source = _deck(alice, "Winds", "unlisted", T1_001H=3)
    response = anonymous.post(f"/d/{source.share_id}/fork")
    fork = Deck.objects.get(forked_from=source)
    assert response["Location"] == f"/d/{fork.share_id}/"
    assert (fork.owner, fork.session_key) == (None, anonymous.session.session_key)
    assert fork.name == "Winds (fork)"
    assert list(fork.entries.values_list("card__number", "count")) == [("T1-001H", 3)]
    assert fork.share_id in anonymous.get("/decks/mine/").content.decode()


def test_a_user_forks_a_deck_into_their_account(bob, bob_client, alice, cards):
    source = _deck(alice, "Winds", "public", T1_001H=3)
    bob_client.post(f"/d/{source.share_id}/fork")
    assert Deck.objects.get(forked_from=source).owner == bob


def test_fork_asks_first_on_get(anonymous, alice, cards):
    source = _deck(alice, "Winds", "public", T1_001H=3)
    html = anonymous.get(f"/d/{source.share_id}/fork").content.decode()
    assert "Main deck 3 cards" in html
    assert f'action="/d/{source.share_id}/fork"' in html
    assert not Deck.objects.filter(forked_from=source).exists()


def test_a_fork_names_its_source_while_the_source_is_viewable(anonymous, alice, cards):
    source = _deck(alice, "Winds", "unlisted")
    anonymous.post(f"/d/{source.share_id}/fork")
    fork = Deck.objects.get(forked_from=source)
    settings_url = f"/d/{fork.share_id}/settings"
    assert (
        f'Forked from <a href="/d/{source.share_id}/">Winds</a>'
        in anonymous.get(settings_url).content.decode()
    )
    services.update_details(source, name="Winds", description="", visibility="private", format=source.format)
    assert "Forked from" not in anonymous.get(settings_url).content.decode()


# Home


def test_home_lists_each_games_new_and_favourite_public_decks(anonymous, shelf, bob):
    html = anonymous.get("/").content.decode()
    assert set(_names(html, *ALL)) == {"Winds", "Burn", "Earthquake", "Goku aggro", "Prince"}
    assert "Most favourited" not in html  # no star yet
    search.toggle_favourite(Deck.objects.get(name="Burn"), bob.pk)
    html = anonymous.get("/").content.decode()
    fftcg = html.split('aria-label="FINAL FANTASY TCG decks"')[1].split("</section>")[0]
    assert "Most favourited" in fftcg and "★ 1" in fftcg.split("Most favourited")[1]
    assert "Goku aggro" not in fftcg


# Link previews


def test_the_preview_names_game_counts_and_legality(alice, cards):
    deck = _deck(alice, "Winds", "unlisted", T1_001H=3)
    request = RequestFactory().get(f"/d/{deck.share_id}/")
    html = render_to_string("decks/_og.html", {"deck": deck, "page": deckpage.build(deck)}, request=request)
    assert '<meta property="og:title" content="Winds">' in html
    assert f'<meta property="og:url" content="http://testserver/d/{deck.share_id}/">' in html
    assert '<meta property="og:description" content="3 cards · Wind · not legal in Constructed">' in html


def test_a_private_deck_has_no_preview(alice, cards):
    deck = _deck(alice, "Winds", "private")
    request = RequestFactory().get(f"/d/{deck.share_id}/")
    html = render_to_string("decks/_og.html", {"deck": deck, "page": deckpage.build(deck)}, request=request)
    assert "og:" not in html


def test_a_deleted_deck_is_gone_everywhere_until_its_owner_undoes_it(db, settings) -> None:
    from django.core.management import call_command

    from decks.api.auth import create_token
    from decks.builder import services

    call_command("loadsamples", verbosity=0)
    alice = User.objects.create_user("alice")
    deck = services.fork_deck(Deck.objects.get(game_id="fftcg", owner__isnull=True), owner_id=alice.pk)
    Deck.objects.filter(pk=deck.pk).update(visibility="public")
    owner = Client()
    owner.force_login(alice)
    assert owner.get(f"/d/{deck.share_id}/delete").status_code == 405
    assert Client().post(f"/d/{deck.share_id}/delete").status_code == 404  # not the owner
    response = owner.post(f"/d/{deck.share_id}/delete")
    assert response.status_code == 302 and response["Location"] == f"/decks/mine/?deleted={deck.share_id}"

    page = owner.get(response["Location"]).content.decode()
    assert f"Deleted “{deck.name}”." in page and f'/d/{deck.share_id}/undelete"' in page
    assert f'href="/d/{deck.share_id}/"' not in page
    assert owner.get(f"/d/{deck.share_id}/").status_code == 404
    assert deck.name not in Client().get("/decks/public/").content.decode()
    _, key = create_token(alice)
    api = Client().get(f"/api/v1/decks/{deck.share_id}", headers={"Authorization": f"Bearer {key}"})
    assert api.status_code == 404

    assert owner.post(f"/d/{deck.share_id}/undelete").status_code == 302
    assert owner.get(f"/d/{deck.share_id}/").status_code == 200


def test_a_deleted_deck_is_purged_after_the_undo_time(db) -> None:
    from datetime import timedelta

    from django.utils import timezone

    from decks.builder import services

    old = Deck.objects.create(game_id="fftcg", format="constructed", name="Old")
    Deck.objects.filter(pk=old.pk).update(deleted_at=timezone.now() - timedelta(days=8))
    fresh = Deck.objects.create(game_id="fftcg", format="constructed", name="Fresh")
    services.delete_deck(fresh)
    assert not Deck.with_deleted.filter(pk=old.pk).exists()
    assert Deck.with_deleted.filter(pk=fresh.pk).exists()


def test_duplicate_copies_the_owners_deck(db) -> None:
    from django.core.management import call_command

    from decks.builder import services

    call_command("loadsamples", verbosity=0)
    alice = User.objects.create_user("alice")
    deck = services.fork_deck(Deck.objects.get(game_id="gbf", owner__isnull=True), owner_id=alice.pk)
    owner = Client()
    owner.force_login(alice)
    response = owner.post(f"/d/{deck.share_id}/duplicate")
    copy = Deck.objects.exclude(pk=deck.pk).get(owner=alice)
    assert response["Location"] == f"/d/{copy.share_id}/"
    assert copy.name == f"Copy of {deck.name}"
    assert sorted(copy.entries.values_list("card_id", "section", "count")) == sorted(
        deck.entries.values_list("card_id", "section", "count")
    )
    assert Client().post(f"/d/{deck.share_id}/duplicate").status_code == 404


def test_my_decks_show_legality_and_sort_and_filter_in_the_address(db) -> None:
    from django.core.management import call_command

    from decks.builder import services

    call_command("loadsamples", verbosity=0)
    alice = User.objects.create_user("alice")
    for game in ("fftcg", "gbf"):
        services.fork_deck(Deck.objects.get(game_id=game, owner__isnull=True), owner_id=alice.pk)
    broken = Deck.objects.get(owner=alice, game_id="gbf")
    broken.entries.filter(section="main").first().delete()
    owner = Client()
    owner.force_login(alice)
    html = owner.get("/decks/mine/").content.decode()
    assert html.count('<span class="badge legal">Legal</span>') == 1
    assert "Not legal: 1 problem" in html
    html = owner.get("/decks/mine/", {"game": "gbf"}).content.decode()
    assert broken.name in html and "Wind/Earth" not in html
    html = owner.get("/decks/mine/", {"sort": "name"}).content.decode()
    names = sorted(Deck.objects.filter(owner=alice).values_list("name", flat=True))
    assert html.index(names[0]) < html.index(names[1])
    assert owner.get("/decks/mine/", {"format": "limited"}).content.decode().count('class="deck-row"') == 0
