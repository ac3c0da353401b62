"""Every URL that writes is rate-limited or named as exempt with its reason (issue 31, item 7).

The probe made 150 decks in 12.6 s through /d/<id>/duplicate and 201 versions in 14 s through
/d/<id>/v/1/restore. The walk below takes every URL pattern Django resolves, so a URL added later that
takes a POST fails here until it is given a limit (security.LIMITED_VIEWS) or a reason to need none
(security.UNLIMITED_POSTS).
"""

from __future__ import annotations

import re
from collections.abc import Iterator
from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import URLPattern, URLResolver, get_resolver
from django.utils import timezone

from decks.api.auth import create_token
from decks.builder import services
from decks.models import Card, DeckVersion
from decks.tests.test_library import _card, _deck
from decks.web import security

API_WRITES = ("POST", "PUT", "PATCH", "DELETE")


def _url_patterns(
    resolver: URLResolver | None = None, prefix: str = "", namespace: str = ""
) -> Iterator[tuple[str, str]]:
    """(route, view name) of every URL pattern of the site, included ones too."""
    for pattern in (resolver or get_resolver()).url_patterns:
        if isinstance(pattern, URLResolver):
            inner = ":".join(n for n in (namespace, pattern.namespace) if n)
            yield from _url_patterns(pattern, prefix + str(pattern.pattern), inner)
        elif isinstance(pattern, URLPattern):
            name = f"{namespace}:{pattern.name}" if namespace else str(pattern.name)
            yield prefix + str(pattern.pattern), name


def _exempt(name: str) -> bool:
    return name in security.UNLIMITED_POSTS or any(
        key.endswith(":") and name.startswith(key) for key in security.UNLIMITED_POSTS
    )


def _path(route: str) -> str:
    """A path the route matches: every parameter 1 (a number, a word and a path alike)."""
    assert not route.startswith("^") and "(?P" not in route, f"{route}: a regular expression route"
    return "/" + re.sub(r"<[^>]+>", "1", route)


ROUTES = sorted(set(_url_patterns()))


@pytest.fixture
def nothing_allowed(db, settings) -> Client:
    """A maintainer signed in (so that no page sends them to log in first), with every limit at 0: a
    limited POST answers 429 before its view runs."""
    settings.RATE_LIMITS = dict.fromkeys(settings.RATE_LIMITS, "0/h")
    client = Client()
    client.force_login(User.objects.create_user("maintainer", is_staff=True, is_superuser=True))
    return client


@pytest.mark.parametrize(("route", "name"), [r for r in ROUTES if not _exempt(r[1])], ids=lambda r: str(r))
def test_every_url_that_takes_a_post_is_limited(route, name, nothing_allowed) -> None:
    path = _path(route)
    methods = API_WRITES if path.startswith(security.API_PREFIX) else ("POST",)  # pages take no others
    for method in methods:
        status = nothing_allowed.generic(method, path).status_code
        assert status in (405, 429), (
            f"{method} {path} ({name}) answered {status}: give it a limit in security.LIMITED_VIEWS, "
            "or a reason to need none in security.UNLIMITED_POSTS"
        )


@pytest.mark.parametrize("name", [n for n in security.UNLIMITED_POSTS if not n.endswith(":")])
def test_every_exempt_url_exists_and_takes_a_post(name, nothing_allowed) -> None:
    routes = [route for route, n in ROUTES if n == name]
    assert routes, f"{name} is no URL: take it out of security.UNLIMITED_POSTS"
    assert nothing_allowed.post(_path(routes[0])).status_code not in (405, 429)


def test_the_exempt_admin_site_has_its_log_in_limited(nothing_allowed) -> None:
    assert any(name.startswith("admin:") for _, name in ROUTES)
    assert Client().post("/admin/login/", {"username": "a", "password": "b"}).status_code == 429


@pytest.fixture
def owned_deck(alice):
    _card("fftcg", "T1-001C", "Knight", ["wind"])
    _card("fftcg", "T1-002C", "Mage", ["fire"])
    return _deck(alice, "Winds", T1_001C=3)


def test_duplicating_a_deck_counts_as_making_one(owned_deck, alice_client, settings) -> None:
    settings.RATE_LIMITS = {"decks": "2/h"}
    url = f"/d/{owned_deck.share_id}/duplicate"
    assert alice_client.post(url).status_code == 302
    assert alice_client.post(url).status_code == 302
    assert alice_client.post(url).status_code == 429
    assert owned_deck.owner.decks.count() == 3


def test_restoring_versions_is_limited(owned_deck, alice_client, settings) -> None:
    settings.RATE_LIMITS = {"edits": "2/h"}
    url = f"/d/{owned_deck.share_id}/v/1/restore"
    assert alice_client.post(url).status_code == 302
    assert alice_client.post(url).status_code == 302
    assert alice_client.post(url).status_code == 429


def _settle(deck) -> None:
    """Date the deck's latest version back past DeckVersion.FOLD_WITHIN: the next change is a new one."""
    long_ago = timezone.now() - DeckVersion.FOLD_WITHIN - timedelta(seconds=1)
    deck.versions.update(updated_at=long_ago)


def test_restoring_the_version_the_deck_holds_makes_no_new_version(
    owned_deck, alice_client, settings
) -> None:
    settings.RATE_LIMITS = {}
    held = services.latest_version(owned_deck)
    response = alice_client.post(f"/d/{owned_deck.share_id}/v/{held.number}/restore")
    assert response.status_code == 302
    assert response["Location"] == f"/d/{owned_deck.share_id}/v/{held.number}/"
    assert owned_deck.versions.count() == 1


def test_restoring_an_older_list_the_deck_holds_again_makes_no_new_version(owned_deck) -> None:
    """Version 1 restored makes version 3; restoring 1 again, or 3, then changes nothing."""
    one = services.latest_version(owned_deck)
    _settle(owned_deck)
    services.set_card_count(owned_deck, Card.objects.get(number="T1-002C"), "main", 2)
    two = services.latest_version(owned_deck)
    assert two.number == one.number + 1
    three = services.restore_version(owned_deck, one)
    assert three.number == two.number + 1 and three.restored_from == one.number
    assert services.restore_version(owned_deck, one) == three
    assert services.restore_version(owned_deck, three) == three
    assert owned_deck.versions.count() == 3
    assert services.restore_version(owned_deck, two).number == three.number + 1  # a real change still is one


def test_restoring_on_the_api_the_list_the_deck_holds_makes_no_new_version(
    owned_deck, alice, settings
) -> None:
    settings.RATE_LIMITS = {}
    _, key = create_token(alice)
    url = f"/api/v1/decks/{owned_deck.share_id}/versions/1/restore"
    response = Client().post(url, headers={"Authorization": f"Bearer {key}"})
    assert response.status_code == 200 and response.json()["version"] == 1  # 200: no version made
    assert owned_deck.versions.count() == 1
