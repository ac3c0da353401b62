"""Who may read and who may change a deck, for every URL that names one.

The URLs come from decks.urls itself: every pattern taking a share_id is tried, so an action added
later is covered without touching this file. A user can never read or change another user's private
deck; an unlisted deck opens for anyone holding its link but is never listed; only its owner changes it.
"""

from __future__ import annotations

from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import URLPattern, reverse

import decks.urls
from decks.builder import services
from decks.goldfish import runs
from decks.models import Card, Deck, DeckCard, GameRecordShown, PlayedGame, SimulationRun, TuningRun
from engine.advice import tune

DECK_PATTERNS = [
    p for p in decks.urls.urlpatterns if isinstance(p, URLPattern) and "share_id" in p.pattern.converters
]
DECK_URL_NAMES = [p.name for p in DECK_PATTERNS]

# A game as the log's form sends it (decks.builder.gamelog).
GAME = {
    "result": "win",
    "played_on": "2026-11-20",
    "kind": "casual",
    "went_first": "True",
    "mulliganed": "False",
}
# What a POST to each action would change if it were let through; any other action gets an empty form.
POST_DATA: dict[str, dict[str, str]] = {
    "deck-count": {"card": "TS1-001H", "section": "main", "delta": "2"},
    "deck-format": {"format": "limited"},
    "deck-import": {"text": "3 TS1-001H"},
    "deck-settings": {
        "name": "Taken",
        "description": "mine now",
        "visibility": "public",
        "format": "limited",
    },
    "goldfish": {"games": "100", "order": "first"},
    "deck-compare": {"b": "v1", "games": "100", "order": "first"},
    "deck-board": {"action": "next"},
    "game-log": GAME,
    "game-edit": GAME | {"result": "loss", "notes": "changed"},
    "game-log-shown": {"show": "yes"},
}
# Actions that change a deck or its runs: 404 for anyone but the owner, even on a deck they can read.
OWNER_ONLY = [
    "deck-count",
    "deck-format",
    "deck-import",
    "deck-settings",
    "goldfish-cancel",
    "goldfish-again",
    "goldfish-delete",
    "deck-delete",
    "deck-undelete",
    "deck-duplicate",
    "deck-version-restore",
    # The game log is its owner's alone, even on a deck anyone may read.
    "game-log",
    "game-edit",
    "game-delete",
    "game-log-import",
    "game-log-shown",
]
# What anyone who can open a deck can read.
READABLE = [
    "deck", "deck-visual", "deck-export", "deck-file", "deck-stats", "deck-hand", "deck-fork", "goldfish",
    "deck-history", "deck-version", "deck-compare", "deck-board",
]  # fmt: skip


@pytest.fixture(autouse=True)
def _no_rate_limits(settings) -> None:
    settings.RATE_LIMITS = {}  # hundreds of requests from one address


def _url(name: str, deck: Deck) -> str:
    pattern = next(p for p in DECK_PATTERNS if p.name == name)
    kwargs: dict[str, Any] = {"share_id": deck.share_id}
    for arg in pattern.pattern.converters:
        if arg == "run_id":
            kwargs[arg] = deck.simulation_runs.get().pk
        elif arg == "tuning_id":
            kwargs[arg] = deck.tuning_runs.get().pk
        elif arg == "played_id":
            kwargs[arg] = deck.played_games.get().pk
        elif arg == "version":
            kwargs[arg] = deck.versions.order_by("number").first().number
        elif arg != "share_id":
            pytest.fail(f"{name} takes {arg!r}: teach this test which value to give it")
    return reverse(f"decks:{name}", kwargs=kwargs)


def _make_deck(card: Card, visibility: str, *, owner: User | None = None, session_key: str = "") -> Deck:
    """A deck with one card and one goldfish run, so that every action has something to act on."""
    deck = services.create_deck(
        game_id="fftcg", name="Secret", owner_id=owner.pk if owner else None, session_key=session_key
    )
    services.set_card_count(deck, card, "main", 1)
    services.update_details(
        deck, name="Secret", description="plans", visibility=visibility, format="constructed"
    )
    runs.enqueue_run(deck, games=10, goings=("first",), seed=1)  # sent on commit: never, in this test
    TuningRun.objects.create(
        deck=deck, deck_snapshot={}, variants=1, settings=tune.Settings(games=10).to_dict()
    )
    PlayedGame.objects.create(deck=deck, deck_version=deck.versions.get(), result="win", notes="secret")
    deck.refresh_from_db()
    return deck


def _state(deck: Deck) -> tuple[Any, ...]:
    """Everything about a deck another visitor must not be able to change: its details, cards, its
    owner's runs (a visitor who may open it may run it as their own run, as a comparison does) and its
    owner's game log."""
    row = Deck.objects.values_list(
        "name", "description", "visibility", "format", "version", "owner_id", "session_key"
    ).get(pk=deck.pk)
    cards = sorted(DeckCard.objects.filter(deck=deck).values_list("card__number", "section", "count"))
    owners = SimulationRun.objects.filter(deck=deck, runner=runs.deck_runner(deck))
    games = deck.played_games.values_list("pk", "result", "notes", "deck_version_id")
    shown = GameRecordShown.objects.filter(deck=deck).exists()
    return row, cards, sorted(owners.values_list("pk", "status")), sorted(games), shown


@pytest.fixture
def alices_private(alice: User, card: Card) -> Deck:
    return _make_deck(card, Deck.Visibility.PRIVATE, owner=alice)


@pytest.fixture
def visitors_private(anonymous: Client, card: Card) -> Deck:
    """A private deck built by the `anonymous` visitor, before any sign-up."""
    return _make_deck(card, Deck.Visibility.PRIVATE, session_key=anonymous.session.session_key)


@pytest.fixture
def alices_unlisted(alice: User, card: Card) -> Deck:
    return _make_deck(card, Deck.Visibility.UNLISTED, owner=alice)


@pytest.fixture
def alices_public(alice: User, card: Card) -> Deck:
    return _make_deck(card, Deck.Visibility.PUBLIC, owner=alice)


def test_the_list_of_deck_urls_holds_every_action() -> None:
    # A sanity check that the discovery above found the actions it must cover, whatever else is added.
    for name in [*OWNER_ONLY, *READABLE, "deck-cards", "goldfish-run", "goldfish-game"]:
        assert name in DECK_URL_NAMES


@pytest.mark.parametrize("name", DECK_URL_NAMES)
@pytest.mark.parametrize("who", ["bob_client", "anonymous", "link_holder"])
def test_it_hides_alices_private_deck_from_everyone_else(request, alices_private, name, who) -> None:
    client: Client = request.getfixturevalue(who)
    before = _state(alices_private)
    url = _url(name, alices_private)
    statuses = {client.get(url).status_code, client.post(url, POST_DATA.get(name, {})).status_code}
    # 405 says only that the method is wrong, deck or no deck; every method the action takes is 404.
    assert statuses <= {404, 405}, statuses
    assert 404 in statuses
    assert _state(alices_private) == before
    assert not Deck.objects.filter(forked_from=alices_private).exists()


@pytest.mark.parametrize("name", DECK_URL_NAMES)
@pytest.mark.parametrize("who", ["alice_client", "bob_client", "link_holder"])
def test_it_hides_a_visitors_private_deck_from_other_sessions_and_users(
    request, visitors_private, name, who
) -> None:
    client: Client = request.getfixturevalue(who)
    before = _state(visitors_private)
    url = _url(name, visitors_private)
    statuses = {client.get(url).status_code, client.post(url, POST_DATA.get(name, {})).status_code}
    assert statuses <= {404, 405}, statuses
    assert 404 in statuses
    assert _state(visitors_private) == before


@pytest.mark.parametrize("name", DECK_URL_NAMES)
def test_it_lets_the_owner_reach_every_action_of_a_private_deck(alice_client, alices_private, name) -> None:
    # Without this, the 404s above could come from wrong URLs rather than from the access rules.
    if name == "deck-undelete":  # it acts on a deleted deck only
        services.delete_deck(alices_private)
    url = _url(name, alices_private)
    statuses = {
        alice_client.get(url).status_code,
        alice_client.post(url, POST_DATA.get(name, {})).status_code,
    }
    assert statuses - {404, 405}, statuses


def test_the_anonymous_owner_reaches_their_private_deck(anonymous, visitors_private) -> None:
    assert anonymous.get(_url("deck", visitors_private)).status_code == 200
    assert anonymous.get(_url("deck-settings", visitors_private)).status_code == 200


@pytest.mark.parametrize("name", READABLE)
@pytest.mark.parametrize("who", ["bob_client", "anonymous", "link_holder"])
@pytest.mark.parametrize("visibility", ["unlisted", "public"])
def test_anyone_with_the_link_reads_a_shared_deck(request, alice, card, name, who, visibility) -> None:
    deck = _make_deck(card, visibility, owner=alice)
    client: Client = request.getfixturevalue(who)
    assert client.get(_url(name, deck)).status_code == 200


@pytest.mark.parametrize("name", DECK_URL_NAMES)
@pytest.mark.parametrize("who", ["bob_client", "anonymous", "link_holder"])
def test_nobody_but_the_owner_changes_an_unlisted_deck(request, alices_unlisted, name, who) -> None:
    client: Client = request.getfixturevalue(who)
    before = _state(alices_unlisted)
    url = _url(name, alices_unlisted)
    response = client.post(url, POST_DATA.get(name, {}))
    if name in OWNER_ONLY:
        assert response.status_code == 404
    assert _state(alices_unlisted) == before
    started = SimulationRun.objects.filter(deck=alices_unlisted).exclude(
        runner=runs.deck_runner(alices_unlisted)
    )
    assert started.exists() == (name == "deck-compare")  # the comparison's runs, the visitor's own


@pytest.mark.parametrize("name", OWNER_ONLY)
def test_nobody_but_the_owner_changes_a_public_deck(bob_client, alices_public, name) -> None:
    before = _state(alices_public)
    assert bob_client.post(_url(name, alices_public), POST_DATA.get(name, {})).status_code == 404
    assert _state(alices_public) == before


def test_the_owner_changes_their_deck(alice_client, alices_unlisted) -> None:
    # The same requests as above, from the owner: they do change the deck.
    alice_client.post(_url("deck-count", alices_unlisted), POST_DATA["deck-count"])
    alice_client.post(_url("deck-settings", alices_unlisted), POST_DATA["deck-settings"])
    alices_unlisted.refresh_from_db()
    assert alices_unlisted.name == "Taken"
    assert alices_unlisted.visibility == Deck.Visibility.PUBLIC
    assert DeckCard.objects.get(deck=alices_unlisted).count == 3


@pytest.mark.parametrize("who", ["bob_client", "anonymous", "link_holder"])
def test_a_link_holder_forks_a_shared_deck_without_touching_it(request, alices_unlisted, who) -> None:
    client: Client = request.getfixturevalue(who)
    before = _state(alices_unlisted)
    response = client.post(_url("deck-fork", alices_unlisted))
    fork = Deck.objects.get(forked_from=alices_unlisted)
    assert response.status_code == 302
    assert response["Location"] == f"/d/{fork.share_id}/"
    assert fork.visibility == Deck.Visibility.PRIVATE
    assert _state(alices_unlisted) == before


def _listed(client: Client, deck: Deck) -> dict[str, bool]:
    pages = {
        "home": "/",
        "public": "/decks/public/",
        "public, filtered": "/decks/public/?game=fftcg&q=Secret",
        "search by number": "/decks/search/?card=TS1-001H",
        "search by name": "/decks/search/?card=Test+Knight&game=fftcg",
    }
    return {page: deck.share_id in client.get(url).content.decode() for page, url in pages.items()}


@pytest.mark.parametrize("visibility", ["private", "unlisted"])
def test_it_never_lists_a_private_or_unlisted_deck(alice, alice_client, bob_client, card, visibility) -> None:
    deck = _make_deck(card, visibility, owner=alice)
    assert _listed(bob_client, deck) == dict.fromkeys(_listed(bob_client, deck), False)
    assert _listed(alice_client, deck) == dict.fromkeys(
        _listed(alice_client, deck), False
    )  # nor to its owner


def test_it_lists_a_public_deck_everywhere(anonymous, alices_public) -> None:
    assert _listed(anonymous, alices_public) == dict.fromkeys(_listed(anonymous, alices_public), True)


def test_my_decks_shows_only_my_own(
    alice_client, bob_client, anonymous, link_holder, alices_private, visitors_private
):
    assert alices_private.share_id in alice_client.get("/decks/mine/").content.decode()
    assert visitors_private.share_id in anonymous.get("/decks/mine/").content.decode()
    for client in (bob_client, link_holder):
        html = client.get("/decks/mine/").content.decode()
        assert alices_private.share_id not in html
        assert visitors_private.share_id not in html
    assert visitors_private.share_id not in alice_client.get("/decks/mine/").content.decode()
    assert alices_private.share_id not in anonymous.get("/decks/mine/").content.decode()


def test_the_deck_page_has_link_previews_for_shared_decks_only(
    alice_client, anonymous, alices_private, alices_unlisted
):
    assert 'property="og:title"' not in alice_client.get(_url("deck", alices_private)).content.decode()
    html = anonymous.get(_url("deck", alices_unlisted)).content.decode()
    assert 'property="og:title" content="Secret"' in html
