"""Rate limits, security headers and the Content-Security-Policy."""

from __future__ import annotations

import json

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from django.core.management import call_command
from django.http import HttpResponse
from django.test import Client, RequestFactory

from decks.api.auth import create_token
from decks.builder import services
from decks.models import Deck, SimulationRun
from decks.testing import goldfish_form_data
from decks.web import security


@pytest.fixture(autouse=True)
def empty_cache() -> None:
    cache.clear()


def test_rates_read_as_count_per_period() -> None:
    assert security.Rate.parse("10/m") == security.Rate(10, 60)
    assert security.Rate.parse("100/5m") == security.Rate(100, 300)
    assert security.Rate.parse("3/h") == security.Rate(3, 3600)


def test_a_scope_allows_its_rate_then_refuses(db, settings) -> None:
    settings.RATE_LIMITS = {"login": "3/h"}
    for _ in range(3):
        security.check("login", "ip:1.2.3.4")
    with pytest.raises(security.RateLimited) as refused:
        security.check("login", "ip:1.2.3.4")
    assert 0 < refused.value.retry_after <= 3600
    security.check("login", "ip:5.6.7.8")  # another client has its own count
    security.check("signup", "ip:1.2.3.4")  # a scope with no rate is not limited


def test_the_api_answers_429_with_retry_after(db, settings) -> None:
    settings.RATE_LIMITS = {"api": "2/m"}
    client = Client()
    assert client.get("/api/v1/decks").status_code == 200
    assert client.get("/api/v1/decks").status_code == 200
    response = client.get("/api/v1/decks")
    assert response.status_code == 429
    assert int(response["Retry-After"]) >= 1
    assert "Too many requests" in response.json()["detail"]


def test_each_token_has_its_own_api_count(db, settings) -> None:
    settings.RATE_LIMITS = {"api": "1/m"}
    alice = User.objects.create_user("alice")
    bob = User.objects.create_user("bob")
    for user in (alice, bob):
        _, key = create_token(user)
        assert Client().get("/api/v1/decks", headers={"Authorization": f"Bearer {key}"}).status_code == 200


def test_simulation_starts_are_limited_on_the_api(db, settings, monkeypatch) -> None:
    call_command("loadsamples", verbosity=0)
    monkeypatch.setattr("decks.goldfish.runs._send", lambda ids: None)
    settings.RATE_LIMITS = {"simulation": "1/h"}
    settings.GOLDFISH_MAX_ACTIVE_RUNS = 10
    alice = User.objects.create_user("alice")
    _, key = create_token(alice)
    deck = Deck.objects.create(owner=alice, game_id="fftcg", format="constructed", name="D")
    source = Deck.objects.get(game_id="fftcg", owner__isnull=True)
    for e in source.entries.all():
        deck.entries.create(card_id=e.card_id, section=e.section, count=e.count)
    url = f"/api/v1/decks/{deck.share_id}/runs"
    headers = {"Authorization": f"Bearer {key}"}
    body = json.dumps({"games_per_order": 10})
    assert Client().post(url, body, content_type="application/json", headers=headers).status_code == 201
    assert Client().post(url, body, content_type="application/json", headers=headers).status_code == 429


def test_goldfish_form_posts_are_limited_by_the_middleware(db, settings) -> None:
    call_command("loadsamples", verbosity=0)
    settings.RATE_LIMITS = {"simulation_attempts": "1/h"}
    share_id = Deck.objects.filter(game_id="fftcg").first().share_id
    client = Client()
    assert client.post(f"/d/{share_id}/goldfish/", {}).status_code != 429  # 404: not the owner
    assert client.post(f"/d/{share_id}/goldfish/", {}).status_code == 429
    assert client.get(f"/d/{share_id}/goldfish/").status_code == 200  # looking is never limited


def test_the_decorator_limits_posts_by_address(db, settings) -> None:
    settings.RATE_LIMITS = {"login": "1/m"}

    @security.rate_limited("login")
    def view(request):
        return HttpResponse("ok")

    factory = RequestFactory()
    assert view(factory.post("/login/")).status_code == 200
    assert view(factory.post("/login/")).status_code == 429
    assert view(factory.get("/login/")).status_code == 200
    assert view(factory.post("/login/", REMOTE_ADDR="10.0.0.9")).status_code == 200


def test_behind_proxies_the_address_comes_from_x_forwarded_for(settings) -> None:
    factory = RequestFactory()
    request = factory.get("/", HTTP_X_FORWARDED_FOR="6.6.6.6, 1.2.3.4", REMOTE_ADDR="10.0.0.1")
    settings.RATE_LIMIT_PROXIES = 0
    assert security.client_ip(request) == "10.0.0.1"
    settings.RATE_LIMIT_PROXIES = 1
    assert security.client_ip(request) == "1.2.3.4"  # what the proxy saw; the first hop is the client's word


def test_pages_carry_a_csp_with_a_nonce_and_the_other_headers(db) -> None:
    response = Client().get("/")
    csp = response["Content-Security-Policy"]
    assert "default-src 'self'" in csp
    assert "script-src 'self' 'nonce-" in csp
    assert "object-src 'none'" in csp
    assert "frame-ancestors 'none'" in csp
    assert response["X-Content-Type-Options"] == "nosniff"
    assert response["X-Frame-Options"] == "DENY"
    assert response["Referrer-Policy"] == "same-origin"
    nonce = csp.split("'nonce-")[1].split("'")[0]
    html = response.content.decode()
    # The only scripts are files of this site, and each carries the nonce.
    for tag in html.split("<script")[1:]:
        head = tag.split(">")[0]
        assert 'src="/static/' in head, head
        assert f'nonce="{nonce}"' in head, head


def test_the_api_docs_page_loads_swagger_from_this_site(db) -> None:
    response = Client().get("/api/v1/docs")
    assert response.status_code == 200
    html = response.content.decode()
    assert "/static/ninja/swagger-ui-bundle.js" in html
    assert "cdn" not in html.lower()
    assert "Content-Security-Policy" in response


def test_statistics_queries_have_their_own_limit(db, settings) -> None:
    call_command("loadsamples", verbosity=0)
    settings.RATE_LIMITS = {"stats": "1/m"}
    deck = Deck.objects.filter(game_id="fftcg").first()
    url = f"/api/v1/decks/{deck.share_id}/probabilities"
    body = json.dumps({"groups": [{"cards": [deck.entries.filter(section="main").first().card.number]}]})
    assert Client().post(url, body, content_type="application/json").status_code == 200
    assert Client().post(url, body, content_type="application/json").status_code == 429


def test_only_runs_that_start_count_against_the_goldfish_limit(db, settings, monkeypatch) -> None:
    """A keen player who mistypes a setting or hits the runs-in-progress cap has used up nothing."""
    cache.clear()
    call_command("loadsamples", verbosity=0)
    monkeypatch.setattr("decks.goldfish.runs._send", lambda ids: None)
    settings.RATE_LIMITS = {"simulation": "2/h"}
    settings.GOLDFISH_MAX_ACTIVE_RUNS = 1
    alice = User.objects.create_user("alice")
    deck = services.fork_deck(Deck.objects.get(game_id="fftcg", owner__isnull=True), owner_id=alice.pk)
    client = Client()
    client.force_login(alice)
    url = f"/d/{deck.share_id}/goldfish/"
    for _ in range(3):
        assert client.post(url, goldfish_form_data("fftcg", games="0")).status_code == 200  # invalid
    assert client.post(url, goldfish_form_data("fftcg", games="10")).status_code == 302
    refused = client.post(url, goldfish_form_data("fftcg", games="10"))  # one run in progress already
    assert refused.status_code == 200
    assert "runs in progress" in refused.content.decode()
    SimulationRun.objects.update(status="done")
    assert client.post(url, goldfish_form_data("fftcg", games="10")).status_code == 302

    limited = client.post(url, goldfish_form_data("fftcg", games="10"))
    assert limited.status_code == 429
    html = limited.content.decode()
    assert "<h1>Please wait a moment</h1>" in html
    assert "You have reached the limit of goldfish runs started for now. Try again in " in html
    assert '<footer class="site-footer">' in html  # the site's own page, not a bare text reply
    assert int(limited["Retry-After"]) > 0


@pytest.mark.parametrize(
    ("seconds", "words"),
    [(1, "in 1 second"), (40, "in 40 seconds"), (600, "in 10 minutes"), (3599, "in 60 minutes"),
     (7200, "in about 2 hours")],
)  # fmt: skip
def test_the_wait_is_said_in_words(seconds, words) -> None:
    assert security.RateLimited("simulation", seconds).wait_words == words


def test_made_up_authorization_headers_do_not_buy_fresh_allowances(db, settings, monkeypatch) -> None:
    """100 requests with 100 different junk headers from one visitor are held to the one allowance of
    the visitor's address: refused as unauthorised while it lasts, then as too many."""
    monkeypatch.setattr("decks.web.security.time.time", lambda: 1_800_000_030.0)  # all in one window
    cache.clear()
    settings.RATE_LIMITS = {"api": "50/m"}
    junk = [f"Basic x{i}" for i in range(50)] + [f"Bearer {i:040d}" for i in range(50)]
    answers = [Client().get("/api/v1/decks", headers={"Authorization": h}).status_code for h in junk]
    assert answers == [401] * 50 + [429] * 50
    assert Client().get("/api/v1/decks").status_code == 429  # the same visitor, without a header
    assert Client(REMOTE_ADDR="10.9.9.9").get("/api/v1/decks").status_code == 200  # somebody else


def test_one_users_keys_share_the_users_allowance(db, settings, monkeypatch) -> None:
    monkeypatch.setattr("decks.web.security.time.time", lambda: 1_800_000_030.0)  # all in one window
    cache.clear()
    settings.RATE_LIMITS = {"api": "4/m"}
    alice = User.objects.create_user("alice")
    keys = [create_token(alice, name=f"key {i}")[1] for i in range(4)]
    answers = [
        Client().get("/api/v1/decks", headers={"Authorization": f"Bearer {key}"}).status_code
        for key in [*keys, keys[0]]
    ]
    assert answers == [200, 200, 200, 200, 429]


def test_the_admin_login_has_the_same_throttle_as_every_login_form(db, settings) -> None:
    cache.clear()
    settings.RATE_LIMITS = {"login": "2/m"}
    attempts = [
        Client().post("/admin/login/", {"username": "root", "password": f"guess{i}"}).status_code
        for i in range(3)
    ]
    assert attempts == [200, 200, 429]
    assert Client().post("/accounts/login/", {"username": "root", "password": "x"}).status_code == 429


def test_making_decks_is_limited_per_visitor_on_every_path(db, settings, monkeypatch) -> None:
    monkeypatch.setattr("decks.web.security.time.time", lambda: 1_800_000_030.0)  # all in one window
    cache.clear()
    call_command("loadsamples", verbosity=0)
    settings.RATE_LIMITS = {"decks": "3/h"}
    sample = Deck.objects.get(game_id="fftcg", owner__isnull=True)
    visitor = Client()
    answers = [
        visitor.post("/decks/new/fftcg/", {"name": "one", "format": "constructed"}).status_code,
        visitor.post(f"/d/{sample.share_id}/fork").status_code,
        Client().post(f"/d/{sample.share_id}/fork").status_code,  # a new browser, the same address
        Client().post(f"/d/{sample.share_id}/fork").status_code,
    ]
    assert answers == [302, 302, 302, 429]
    alice = User.objects.create_user("alice")
    _, key = create_token(alice)
    body = json.dumps({"game": "fftcg", "name": "API deck", "sections": {}})
    headers = {"Authorization": f"Bearer {key}"}
    made = [
        Client().post("/api/v1/decks", body, content_type="application/json", headers=headers).status_code
        for _ in range(4)
    ]
    assert made == [201, 201, 201, 429]  # alice has an allowance of her own
