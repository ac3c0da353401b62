"""Rate-limit counters are shared by every process of the site and out of reach of page traffic, and
made-up query parameters cost the page cache nothing (issue 31, item 3).

The counters used to live in each process's memory, with the pages: 400 deck pages with made-up query
strings culled every count, and each gunicorn worker counted on its own.
"""

from __future__ import annotations

import os
import threading
from datetime import timedelta

import pytest
from django.db import connection
from django.test import Client
from django.utils import timezone

from decks.models import RateLimitCounter
from decks.tests.test_library import _card, _deck
from decks.web import security

# The database on the embedded default; Redis too when the run names one (CACHE_URL or REDIS_URL).
REDIS_URL = os.environ.get("CACHE_URL") or os.environ.get("REDIS_URL") or ""
STORES = ["database", *(["redis"] if REDIS_URL else [])]


@pytest.fixture(params=STORES)
def store(request: pytest.FixtureRequest, settings) -> str:
    if request.param == "redis":
        prefix = f"test-{os.getpid()}-{request.node.name}"
        settings.CACHES = {
            "default": {
                "BACKEND": "django.core.cache.backends.redis.RedisCache",
                "LOCATION": REDIS_URL,
                "KEY_PREFIX": prefix,
            }
        }
        settings.RATE_LIMIT_STORE = "cache"
    else:
        settings.RATE_LIMIT_STORE = "database"
    return str(request.param)


def _become_another_process(settings) -> None:
    """What a second web process has: a cache of its own when the cache is this process's memory (a
    local-memory cache of another name), a connection of its own to the same Redis."""
    default = dict(settings.CACHES["default"])
    if default["BACKEND"].endswith("LocMemCache"):
        default["LOCATION"] = "another-web-process"
    settings.CACHES = {"default": default}


def test_a_limit_holds_across_web_processes(db, store, settings) -> None:
    settings.RATE_LIMITS = {"login": "4/h"}
    security.check("login", "ip:1.2.3.4")
    security.check("login", "ip:1.2.3.4")
    _become_another_process(settings)
    security.check("login", "ip:1.2.3.4")
    security.check("login", "ip:1.2.3.4")
    with pytest.raises(security.RateLimited):
        security.check("login", "ip:1.2.3.4")  # the fifth of four, whichever process it reaches


def test_an_outcome_count_holds_across_web_processes(db, store, settings) -> None:
    settings.RATE_LIMITS = {"signup": "2/h"}
    security.ensure_room("signup", "ip:1.2.3.4")
    security.record("signup", "ip:1.2.3.4")
    _become_another_process(settings)
    security.ensure_room("signup", "ip:1.2.3.4")
    security.record("signup", "ip:1.2.3.4")
    with pytest.raises(security.RateLimited):
        security.ensure_room("signup", "ip:1.2.3.4")


def test_an_emptied_page_cache_resets_no_limit(db, settings) -> None:
    """Without Redis the cache is each process's memory, culled when full: no count may be kept there."""
    settings.RATE_LIMIT_STORE = "database"
    settings.RATE_LIMITS = {"login": "3/h"}
    for _ in range(3):
        security.check("login", "ip:1.2.3.4")
    from django.core.cache import cache

    cache.clear()  # what 300 pages of traffic do to a local-memory cache
    with pytest.raises(security.RateLimited):
        security.check("login", "ip:1.2.3.4")


def test_a_flood_of_junk_deck_page_requests_resets_no_log_in_limit(alice, settings) -> None:
    """The probe's attack: log in to the limit, GET a public deck 400 times with made-up query strings
    (more than the 300 pages the local-memory cache holds), log in again."""
    settings.RATE_LIMIT_STORE = "database"
    settings.RATE_LIMITS = {"login": "3/h"}
    _card("fftcg", "T1-001C", "Knight", ["wind"])
    deck = _deck(alice, "Winds", T1_001C=3)
    visitor = Client()
    for _ in range(3):
        assert visitor.post("/accounts/login/", {"username": "alice", "password": "wrong"}).status_code == 200
    for i in range(400):
        assert visitor.get(f"/d/{deck.share_id}/?junk={i}").status_code == 200
    assert visitor.post("/accounts/login/", {"username": "alice", "password": "wrong"}).status_code == 429


def test_a_count_is_exact_when_many_connections_count_at_once(transactional_db, settings) -> None:
    """Each thread has its own database connection, as each web process has: 6 x 20 requests against a
    limit of 100 let exactly 100 through and count all 120."""
    settings.RATE_LIMIT_STORE = "database"
    settings.RATE_LIMITS = {"api": "100/h"}
    allowed: list[int] = []
    errors: list[BaseException] = []

    def hammer() -> None:
        try:
            for _ in range(20):
                try:
                    security.check("api", "u:7")
                except security.RateLimited:
                    continue
                allowed.append(1)
        except BaseException as e:  # reported by the main thread, which alone can fail the test
            errors.append(e)
        finally:
            connection.close()

    threads = [threading.Thread(target=hammer) for _ in range(6)]
    for thread in threads:
        thread.start()
    for thread in threads:
        thread.join()
    assert errors == []
    assert len(allowed) == 100
    assert RateLimitCounter.objects.get(scope="api", client="u:7").count == 120


def test_windows_that_have_ended_are_deleted(db, settings) -> None:
    settings.RATE_LIMIT_STORE = "database"
    settings.RATE_LIMITS = {"login": "5/h"}
    ended = timezone.now() - timedelta(hours=2)
    RateLimitCounter.objects.create(
        scope="login", client="ip:9.9.9.9", window_start=ended, window_end=ended + timedelta(hours=1), count=5
    )
    security.check("login", "ip:1.2.3.4")  # the first request of its window clears ended ones
    assert list(RateLimitCounter.objects.values_list("client", "count")) == [("ip:1.2.3.4", 1)]


def test_a_made_up_long_address_is_counted_by_its_hash(db, settings) -> None:
    """Behind proxies the address is a header's word; one of any length is still one client."""
    settings.RATE_LIMIT_STORE = "database"
    settings.RATE_LIMITS = {"login": "1/h"}
    long_one, other = "ip:" + "9" * 5000, "ip:" + "9" * 4999 + "8"
    security.check("login", long_one)
    security.check("login", other)
    with pytest.raises(security.RateLimited):
        security.check("login", long_one)
    assert all(len(client) <= 80 for client in RateLimitCounter.objects.values_list("client", flat=True))


@pytest.fixture
def public_deck(alice, settings):
    settings.RATE_LIMITS = {}
    for i in range(1, 4):
        _card("fftcg", f"T1-{i:03d}C", f"Knight {i}", ["wind"])
    return _deck(alice, "Winds", T1_001C=3, T1_002C=2)


def test_made_up_query_parameters_are_the_same_cached_deck_page(public_deck) -> None:
    url = f"/d/{public_deck.share_id}/"
    plain = Client().get(url + "?seed=5")["ETag"]
    assert Client().get(url + "?seed=5&utm_source=x")["ETag"] == plain
    assert Client().get(url + "?junk=1&seed=5&junk=2")["ETag"] == plain
    assert Client().get(url + "?seed=6")["ETag"] != plain  # the hand's seed is read: another page
    assert Client().get(url + "?seed=5&turns=2")["ETag"] != plain


def test_made_up_query_parameters_are_the_same_cached_card_browser_page(public_deck) -> None:
    plain = Client().get("/cards/fftcg/?q=knight")["ETag"]
    assert Client().get("/cards/fftcg/?q=knight&fbclid=1")["ETag"] == plain
    assert Client().get("/cards/fftcg/?q=knight+2")["ETag"] != plain
    assert Client().get("/cards/fftcg/?q=knight&page=2")["ETag"] != plain
