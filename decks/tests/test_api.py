"""The JSON API: every permission rule of decks/builder/access.py seen through it, bounds, and each
endpoint."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client

import engine
from decks import convert
from decks.api.auth import create_token, hash_key
from decks.builder import services
from decks.models import APIToken, Deck, SimulationRun
from engine.decklist import export_decklist

API = "/api/v1"


@pytest.fixture
def alice(db) -> User:
    return User.objects.create_user("alice", password="alice-password-1")


@pytest.fixture
def bob(db) -> User:
    return User.objects.create_user("bob", password="bob-password-1")


def bearer(user: User) -> dict[str, str]:
    _, key = create_token(user, "tests")
    return {"Authorization": f"Bearer {key}"}


@pytest.fixture
def alice_api(alice) -> dict[str, str]:
    return bearer(alice)


@pytest.fixture
def bob_api(bob) -> dict[str, str]:
    return bearer(bob)


def sample(game: str = "fftcg") -> Deck:
    return Deck.objects.get(game_id=game, owner__isnull=True, session_key="")


def alices_deck(alice: User, visibility: str, game: str = "fftcg") -> Deck:
    """A copy of the game's legal sample deck, owned by Alice."""
    source = sample(game)
    deck = Deck.objects.create(
        owner=alice, game_id=game, format=source.format, name=f"Alice's {visibility}", visibility=visibility
    )
    for e in source.entries.all():
        deck.entries.create(card_id=e.card_id, section=e.section, count=e.count)
    services.record_version(deck)
    return deck


def post(client: Client, url: str, data: Any, headers: dict[str, str] | None = None, method: str = "post"):
    return getattr(client, method)(
        url, json.dumps(data), content_type="application/json", headers=headers or {}
    )


# --- Tokens ---------------------------------------------------------------------------------------------


def test_it_stores_only_the_hash_of_a_key(alice) -> None:
    token, key = create_token(alice)
    assert len(key) == 40
    assert token.key_hash == hash_key(key)
    assert key not in {token.key_hash, token.prefix}
    assert token.prefix == key[:8]


def test_the_command_prints_a_working_key(alice, samples, capsys) -> None:
    call_command("create_api_token", "alice", "--name", "laptop")
    key = capsys.readouterr().out.strip()
    assert APIToken.objects.get(user=alice).name == "laptop"
    response = Client().get(f"{API}/decks?mine=true", headers={"Authorization": f"Bearer {key}"})
    assert response.status_code == 200
    assert APIToken.objects.get(user=alice).last_used is not None


def test_the_command_refuses_an_unknown_user(db) -> None:
    from django.core.management.base import CommandError

    with pytest.raises(CommandError, match="nobody"):
        call_command("create_api_token", "nobody")


def test_it_refuses_a_wrong_key_even_for_reads(samples) -> None:
    response = Client().get(f"{API}/decks", headers={"Authorization": "Bearer " + "x" * 40})
    assert response.status_code == 401


def test_it_refuses_the_key_of_an_inactive_user(samples, alice, alice_api) -> None:
    alice.is_active = False
    alice.save()
    assert Client().get(f"{API}/decks", headers=alice_api).status_code == 401


# --- Reading decks: owner, another user, anonymous, link holder -------------------------------------------


READ_PATHS = [
    "",
    "/report",
    "/export.txt",
    "/deck-file",
    "/runs",
    "/versions",
    "/versions/1",
    "/diff?before=1&after=1",
]


@pytest.mark.parametrize("path", READ_PATHS)
def test_it_hides_alices_private_deck_from_bob_and_anonymous(samples, alice, bob_api, path) -> None:
    deck = alices_deck(alice, "private")
    assert Client().get(f"{API}/decks/{deck.share_id}{path}").status_code == 404
    assert Client().get(f"{API}/decks/{deck.share_id}{path}", headers=bob_api).status_code == 404


@pytest.mark.parametrize("path", READ_PATHS)
def test_it_shows_alice_her_private_deck_by_token_and_by_session(samples, alice, alice_api, path) -> None:
    deck = alices_deck(alice, "private")
    assert Client().get(f"{API}/decks/{deck.share_id}{path}", headers=alice_api).status_code == 200
    browser = Client()
    browser.force_login(alice)
    assert browser.get(f"{API}/decks/{deck.share_id}{path}").status_code == 200


@pytest.mark.parametrize("visibility", ["unlisted", "public"])
def test_a_link_holder_reads_unlisted_and_public_decks(samples, alice, visibility) -> None:
    deck = alices_deck(alice, visibility)
    response = Client().get(f"{API}/decks/{deck.share_id}")
    assert response.status_code == 200
    body = response.json()
    assert body["is_owner"] is False
    assert body["owner"] == "alice"
    assert sum(e["count"] for e in body["sections"]["main"]) == 50


def test_the_list_shows_public_decks_only(samples, alice) -> None:
    shown = {alices_deck(alice, "public").share_id}
    hidden = {alices_deck(alice, v).share_id for v in ("private", "unlisted")}
    listed = {d["deck"] for d in Client().get(f"{API}/decks?limit=200").json()["items"]}
    assert shown <= listed
    assert not hidden & listed


def test_mine_lists_every_deck_of_the_caller_and_nothing_for_anonymous(
    samples, alice, alice_api, bob
) -> None:
    ids = {alices_deck(alice, v).share_id for v in ("private", "unlisted", "public")}
    alices_deck(bob, "public")
    mine = Client().get(f"{API}/decks?mine=true", headers=alice_api).json()
    assert {d["deck"] for d in mine["items"]} == ids
    assert Client().get(f"{API}/decks?mine=true").json()["count"] == 0


def test_an_anonymous_visitor_reads_the_deck_its_session_owns(samples) -> None:
    visitor = Client()
    visitor.post("/decks/new/fftcg/", {"name": "Mine", "format": ""})
    deck = Deck.objects.get(name="Mine")
    assert visitor.get(f"{API}/decks/{deck.share_id}").json()["is_owner"] is True
    assert Client().get(f"{API}/decks/{deck.share_id}").status_code == 404


# --- Writing decks --------------------------------------------------------------------------------------


def test_anonymous_callers_cannot_write(samples, alice) -> None:
    deck = alices_deck(alice, "public")
    assert post(Client(), f"{API}/decks", {"game": "fftcg"}).status_code == 401
    assert post(Client(), f"{API}/decks/{deck.share_id}", {"name": "x"}, method="patch").status_code == 401
    assert post(Client(), f"{API}/decks/{deck.share_id}/runs", {"games_per_order": 10}).status_code == 401


@pytest.mark.parametrize("visibility", ["private", "unlisted", "public"])
def test_bob_cannot_change_alices_deck(samples, alice, bob_api, visibility) -> None:
    deck = alices_deck(alice, visibility)
    response = post(Client(), f"{API}/decks/{deck.share_id}", {"name": "Bob's now"}, bob_api, "patch")
    assert response.status_code == 404
    assert (
        post(Client(), f"{API}/decks/{deck.share_id}/runs", {"games_per_order": 10}, bob_api).status_code
        == 404
    )
    assert post(Client(), f"{API}/decks/{deck.share_id}/versions/1/restore", {}, bob_api).status_code == 404
    deck.refresh_from_db()
    assert deck.name == f"Alice's {visibility}"
    assert deck.versions.count() == 1


def test_it_creates_a_deck_from_sections(samples, alice_api, alice) -> None:
    source = convert.deck_to_engine(sample())
    sections = {
        s: [{"card": e.card, "count": e.count} for e in entries] for s, entries in source.sections.items()
    }
    data = {"game": "fftcg", "name": "From the API", "visibility": "unlisted", "sections": sections}
    response = post(Client(), f"{API}/decks", data, alice_api)
    assert response.status_code == 201, response.content
    body = response.json()
    deck = Deck.objects.get(share_id=body["deck"])
    assert (deck.owner, deck.name, deck.visibility, deck.format) == (
        alice,
        "From the API",
        "unlisted",
        "constructed",
    )
    assert convert.deck_to_engine(deck).sections == source.sections
    report = Client().get(f"{API}/decks/{deck.share_id}/report").json()
    assert report["legal"] is True


def test_it_names_unknown_cards_and_changes_nothing(samples, alice_api) -> None:
    data = {"game": "fftcg", "sections": {"main": [{"card": "99-999X", "count": 3}]}}
    response = post(Client(), f"{API}/decks", data, alice_api)
    assert response.status_code == 422
    assert "99-999X" in response.json()["detail"]
    assert not Deck.objects.filter(owner__username="alice").exists()


def test_it_refuses_an_unknown_section_and_format(samples, alice_api) -> None:
    response = post(Client(), f"{API}/decks", {"game": "fftcg", "sections": {"side": []}}, alice_api)
    assert response.status_code == 422
    response = post(Client(), f"{API}/decks", {"game": "fftcg", "format": "vintage"}, alice_api)
    assert response.status_code == 422
    assert "constructed" in response.json()["detail"]


def test_the_owner_updates_details_and_cards(samples, alice, alice_api) -> None:
    deck = alices_deck(alice, "private")
    version = deck.version
    first = deck.entries.order_by("card__number").first()
    data = {
        "name": "Renamed",
        "description": "Notes",
        "visibility": "public",
        "sections": {"main": [{"card": first.card.number, "count": 2}]},
    }
    response = post(Client(), f"{API}/decks/{deck.share_id}", data, alice_api, "patch")
    assert response.status_code == 200, response.content
    deck.refresh_from_db()
    assert (deck.name, deck.description, deck.visibility) == ("Renamed", "Notes", "public")
    assert [(e.card.number, e.count) for e in deck.entries.all()] == [(first.card.number, 2)]
    assert deck.version > version
    assert Client().get(f"{API}/decks/{deck.share_id}/report").json()["legal"] is False


@pytest.mark.parametrize("body", [False, [], 3, "name", None])
def test_a_body_that_is_not_an_object_is_refused_and_changes_nothing(samples, alice, alice_api, body) -> None:
    deck = alices_deck(alice, "private")
    version = deck.version
    response = post(Client(), f"{API}/decks/{deck.share_id}", body, alice_api, "patch")
    assert response.status_code == 422, response.content
    deck.refresh_from_db()
    assert deck.version == version


def test_errors_django_answers_itself_are_json_under_the_api(samples) -> None:
    bad_host = Client().get(f"{API}/cards", headers={"host": 'G+"(0jVm'})
    assert (bad_host.status_code, bad_host.json()) == (400, {"detail": "Bad Request"})
    missing = Client().get("/api/v2/no-such-thing")  # no API answers there: Django's 404, as JSON
    assert (missing.status_code, missing.json()) == (404, {"detail": "Not Found"})
    unknown = Client().get(f"{API}/no-such-thing")  # v1's own 404 (test_api_paging_and_errors.py)
    assert (unknown.status_code, unknown.json()["detail"]) == (
        404,
        f"No address {API}/no-such-thing in the API. Its addresses: /api/v1/docs.",
    )
    assert Client().get("/no-such-page/")["Content-Type"].startswith("text/html")


def test_session_writes_need_the_csrf_token(samples, alice) -> None:
    deck = alices_deck(alice, "private")
    browser = Client(enforce_csrf_checks=True)
    browser.force_login(alice)
    url = f"{API}/decks/{deck.share_id}"
    assert post(browser, url, {"name": "No token"}, method="patch").status_code == 403
    browser.get("/")  # any page sets the csrftoken cookie
    token = browser.cookies["csrftoken"].value
    response = post(browser, url, {"name": "With token"}, {"X-CSRFToken": token}, "patch")
    assert response.status_code == 200
    deck.refresh_from_db()
    assert deck.name == "With token"


def test_token_writes_need_no_csrf_token(samples, alice, alice_api) -> None:
    deck = alices_deck(alice, "private")
    response = post(
        Client(enforce_csrf_checks=True), f"{API}/decks/{deck.share_id}", {"name": "T"}, alice_api, "patch"
    )
    assert response.status_code == 200


# --- Bounds ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    "data",
    [
        {"game": "fftcg", "name": "x" * 201},
        {"game": "fftcg", "name": "nul\x00"},
        {"game": "chess"},
        {"game": "fftcg", "sections": {"main": [{"card": "1-001H", "count": 100}]}},
        {"game": "fftcg", "sections": {"main": [{"card": "1-001H", "count": 1}] * 501}},
        {"game": "fftcg", "visibility": "secret"},
    ],
)
def test_it_refuses_input_out_of_bounds(samples, alice_api, data) -> None:
    assert post(Client(), f"{API}/decks", data, alice_api).status_code == 422


@pytest.mark.parametrize(
    "query",
    [
        {"groups": [{"cards": ["A-1"]}], "turns": 61},
        {"groups": [{"cards": [f"A-{i}"]} for i in range(11)]},
        {"groups": []},
        {"groups": [{"cards": ["A-1"], "at_least": -1}]},
        {"groups": [{"cards": ["A-1"]}], "going": "third"},
    ],
)
def test_it_refuses_statistics_queries_out_of_bounds(samples, query) -> None:
    assert post(Client(), f"{API}/decks/{sample().share_id}/probabilities", query).status_code == 422


def test_it_refuses_a_body_over_the_upload_limit(samples, alice_api, settings) -> None:
    settings.DATA_UPLOAD_MAX_MEMORY_SIZE = 1000
    response = post(Client(), f"{API}/decks", {"game": "fftcg", "description": "x" * 2000}, alice_api)
    assert response.status_code in (400, 413)


def test_card_pages_are_bounded(samples) -> None:
    assert Client().get(f"{API}/cards?game=fftcg&limit=201").status_code == 422
    assert Client().get(f"{API}/cards?game=fftcg&limit=5").json()["limit"] == 5
    assert len(Client().get(f"{API}/cards?game=fftcg&limit=5").json()["items"]) == 5


# --- Cards, exports, statistics -------------------------------------------------------------------------


def test_it_searches_cards_by_name_and_filters(samples) -> None:
    some = sample().entries.select_related("card").first().card
    body = Client().get(f"{API}/cards", {"game": "fftcg", "q": some.name[:6]}).json()
    assert some.number in {c["card"] for c in body["items"]}
    assert all(some.name[:6].lower() in (c["name"] + c["card"] + c["text"]).lower() for c in body["items"])
    colour = some.colors[0]
    body = (
        Client()
        .get(f"{API}/cards", {"game": "fftcg", "colour": colour, "cost": some.cost, "limit": 200})
        .json()
    )
    assert body["count"] >= 1
    assert all(colour in c["colors"] and c["cost"] == some.cost for c in body["items"])
    card = Client().get(f"{API}/cards/fftcg/{some.number}").json()
    assert (card["name"], card["game"]) == (some.name, "fftcg")
    assert Client().get(f"{API}/cards/fftcg/NOPE-1").status_code == 404


def test_the_exports_are_those_of_the_pages(samples) -> None:
    deck = sample("dbsfw")
    contents = convert.deck_to_engine(deck)
    text = Client().get(f"{API}/decks/{deck.share_id}/export.txt")
    assert text["Content-Type"].startswith("text/plain")
    assert text.content.decode() == export_decklist(contents)
    file = Client().get(f"{API}/decks/{deck.share_id}/deck-file").json()
    assert engine.load_deck(file) == contents


def test_the_report_is_the_one_convert_gives(samples, alice) -> None:
    deck = alices_deck(alice, "public")
    deck.entries.filter(section="main").first().delete()
    report = Client().get(f"{API}/decks/{deck.share_id}/report").json()
    assert report == convert.validate_deck(convert.deck_to_engine(deck)).to_dict()
    assert report["legal"] is False
    assert report["violations"]


def test_probabilities_match_the_engine(samples) -> None:
    deck = sample()
    contents = convert.deck_to_engine(deck)
    numbers = [e.card for e in contents.sections["main"][:2]]
    query = {
        "groups": [{"cards": numbers, "at_least": 1}],
        "turns": 3,
        "going": "second",
        "mulligan": "if-missing",
    }
    body = post(Client(), f"{API}/decks/{deck.share_id}/probabilities", query).json()
    expected = engine.stats.probabilities(
        contents, engine.get_game("fftcg"), [engine.stats.Group(numbers, 1)], 3, False, "if-missing"
    )
    assert [r["turn"] for r in body["probabilities"]] == [0, 1, 2, 3]
    assert [r["p"] for r in body["probabilities"]] == pytest.approx(expected, abs=1e-12)


def test_probabilities_refuse_groups_sharing_cards(samples) -> None:
    query = {"groups": [{"cards": ["A-1"]}, {"cards": ["A-1", "A-2"]}]}
    response = post(Client(), f"{API}/decks/{sample().share_id}/probabilities", query)
    assert response.status_code == 422
    assert "share" in response.json()["detail"]


# --- Goldfish runs (queued only: no worker here; tests/ runs them for real) --------------------------------


@pytest.fixture
def no_broker(monkeypatch) -> list[list[int]]:
    """Catch the chunks a run would send to the workers."""
    sent: list[list[int]] = []
    monkeypatch.setattr("decks.goldfish.runs._send", sent.append)
    return sent


def test_the_owner_starts_reads_and_cancels_a_run(
    samples, alice, alice_api, no_broker, django_capture_on_commit_callbacks
) -> None:
    deck = alices_deck(alice, "unlisted")
    with django_capture_on_commit_callbacks(execute=True):
        response = post(
            Client(),
            f"{API}/decks/{deck.share_id}/runs",
            {"games_per_order": 1000, "goings": ["first"], "seed": 7},
            alice_api,
        )
    assert response.status_code == 201, response.content
    run = response.json()
    assert (run["status"], run["games_per_order"], run["games_total"], run["seed"]) == (
        "queued",
        1000,
        1000,
        7,
    )
    assert run["settings"]["opponent"]["opp_damage_threshold"] == 0  # as given: "by format"
    assert run["in_force"]["opponent"]["opp_damage_threshold"] == 7  # as played: Constructed
    assert run["in_force"]["max_turns"] == 20
    assert run["deck_legality"]["legal"] is True
    assert run["card_text"]["played_share"] == 1.0  # the sample deck's text is all played or moot
    assert run["card_text"]["not_played"] == []
    assert no_broker and no_broker[0]
    url = f"{API}/decks/{deck.share_id}/runs/{run['run']}"
    assert Client().get(url).json()["status"] == "queued"  # a link holder may watch
    assert post(Client(), f"{url}/cancel", {}).status_code == 401
    cancelled = post(Client(), f"{url}/cancel", {}, alice_api)
    assert cancelled.json()["status"] == "cancelled"
    assert SimulationRun.objects.get(pk=run["run"]).status == "cancelled"


def test_a_run_over_the_limit_is_refused_with_the_reason(
    samples, alice, alice_api, no_broker, settings
) -> None:
    settings.GOLDFISH_MAX_GAMES = 500
    deck = alices_deck(alice, "private")
    response = post(Client(), f"{API}/decks/{deck.share_id}/runs", {"games_per_order": 501}, alice_api)
    assert response.status_code == 422
    assert "500" in response.json()["detail"]
    assert not SimulationRun.objects.exists()


def test_a_private_decks_run_is_hidden_from_others(samples, alice, alice_api, bob_api, no_broker) -> None:
    deck = alices_deck(alice, "private")
    run = post(Client(), f"{API}/decks/{deck.share_id}/runs", {"games_per_order": 100}, alice_api).json()
    url = f"{API}/decks/{deck.share_id}/runs/{run['run']}"
    assert Client().get(url).status_code == 404
    assert Client().get(url, headers=bob_api).status_code == 404
    assert Client().get(url, headers=alice_api).status_code == 200


def test_a_run_of_another_deck_is_not_found_under_this_one(samples, alice, alice_api, no_broker) -> None:
    mine = alices_deck(alice, "public")
    other = alices_deck(alice, "public")
    run = post(Client(), f"{API}/decks/{mine.share_id}/runs", {"games_per_order": 100}, alice_api).json()
    assert Client().get(f"{API}/decks/{other.share_id}/runs/{run['run']}").status_code == 404


def test_a_fork_does_not_name_a_source_made_private(samples, alice, bob, alice_api, bob_api) -> None:
    source = alices_deck(alice, "public")
    fork = services.fork_deck(source, owner_id=bob.pk)
    url = f"{API}/decks/{fork.share_id}"
    assert Client().get(url, headers=bob_api).json()["forked_from"] == source.share_id
    Deck.objects.filter(pk=source.pk).update(visibility="private")
    assert Client().get(url, headers=bob_api).json()["forked_from"] is None
    assert Client().get(url, headers=alice_api).status_code == 404  # bob's fork is private to bob


@pytest.mark.parametrize(
    "body",
    [
        {"games_per_order": 10, "opponent": {"max_own_turns": 1_000_000}},
        {"games_per_order": 10, "max_turns": 1_000_000},
    ],
)
def test_the_turn_cap_of_a_run_is_one_rule_however_it_is_given(samples, alice, alice_api, no_broker, body):
    deck = alices_deck(alice, "private")
    response = post(Client(), f"{API}/decks/{deck.share_id}/runs", body, alice_api)
    assert response.status_code == 422
    assert "200" in response.content.decode()  # the goldfish's cap, named in the answer
    assert not SimulationRun.objects.exists()
