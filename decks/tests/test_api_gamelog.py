"""The game log in the JSON API (decks/api/games.py): the owner records, reads, changes and deletes
games and reads the record; everyone else gets 404 from every call, whatever the deck's visibility."""

from __future__ import annotations

import pytest
from django.test import Client
from django.utils import timezone

from decks.api.auth import create_token
from decks.builder import services
from decks.models import Deck, PlayedGame

API = "/api/v1"


@pytest.fixture(autouse=True)
def _no_rate_limits(settings) -> None:
    settings.RATE_LIMITS = {}


@pytest.fixture
def alices_deck(alice, card) -> Deck:
    deck = services.create_deck(game_id="fftcg", name="Wind tempo", owner_id=alice.pk)
    services.set_card_count(deck, card, "main", 3)
    services.update_details(
        deck, name="Wind tempo", description="", visibility="public", format="constructed"
    )
    return deck


def bearer(user) -> dict[str, str]:
    _, key = create_token(user)
    return {"Authorization": f"Bearer {key}"}


def test_the_owner_records_a_game_with_the_defaults_and_reads_the_record(alice, alices_deck):
    headers = bearer(alice)
    url = f"{API}/decks/{alices_deck.share_id}/played-games"
    made = Client().post(
        url, {"result": "win", "last_turn": 5}, content_type="application/json", headers=headers
    )
    assert made.status_code == 201, made.content
    game = made.json()
    assert game | {"played_game": 0} == {
        "played_game": 0,
        "result": "win",
        "played_on": timezone.localdate().isoformat(),
        "version": 1,
        "kind": "casual",
        "event": "",
        "went_first": True,
        "mulliganed": False,
        "last_turn": 5,
        "opponent": "",
        "archetype": "",
        "notes": "",
    }
    Client().post(
        url, {"result": "loss", "went_first": False}, content_type="application/json", headers=headers
    )
    assert [g["result"] for g in Client().get(url, headers=headers).json()] == ["loss", "win"]
    summary = Client().get(f"{API}/decks/{alices_deck.share_id}/game-record", headers=headers).json()
    assert summary["total"]["played"] == 2 and summary["total"]["win_rate"] == 0.5
    # 1 win of 2, by hand: centre (0.5 + z²/4)/(1 + z²/2) = 0.5, half z·√(0.5·0.5/2 + z²/16)/(1 + z²/2)
    # = 1.96·√(0.125 + 0.2401)/2.9208 = 0.4055: the Wilson interval 0.0945 .. 0.9055.
    assert summary["total"]["interval"] == pytest.approx([0.0945, 0.9055], abs=5e-4)
    assert [(s["label"], s["played"]) for s in summary["by_order"]] == [("first", 1), ("second", 1)]
    assert summary["average_win_turn"] == 5


def test_the_owner_changes_and_deletes_a_game(alice, alices_deck):
    headers = bearer(alice)
    game = PlayedGame.objects.create(deck=alices_deck, deck_version=alices_deck.versions.get(), result="win")
    url = f"{API}/decks/{alices_deck.share_id}/played-games/{game.pk}"
    changed = Client().patch(
        url,
        {"result": "draw", "kind": "event", "event": "Locals"},
        content_type="application/json",
        headers=headers,
    )
    assert changed.status_code == 200
    assert (changed.json()["result"], changed.json()["event"], changed.json()["version"]) == (
        "draw",
        "Locals",
        1,
    )
    refused = Client().patch(url, {"version": 7}, content_type="application/json", headers=headers)
    assert refused.status_code == 422 and "no version 7" in refused.json()["detail"]
    assert Client().get(url, headers=headers).json()["result"] == "draw"
    assert Client().delete(url, headers=headers).status_code == 204
    assert not PlayedGame.objects.exists()


@pytest.mark.parametrize("who", ["bob", "nobody"])
def test_another_callers_request_for_the_log_is_404(alices_deck, bob, who):
    game = PlayedGame.objects.create(deck=alices_deck, result="win", notes="secret")
    headers = bearer(bob) if who == "bob" else {}
    base = f"{API}/decks/{alices_deck.share_id}/played-games"
    client = Client()
    assert (
        client.get(f"{API}/decks/{alices_deck.share_id}", headers=headers).status_code == 200
    )  # a public deck
    assert client.get(base, headers=headers).status_code == 404
    assert client.get(f"{API}/decks/{alices_deck.share_id}/game-record", headers=headers).status_code == 404
    assert client.get(f"{base}/{game.pk}", headers=headers).status_code == 404
    if who == "bob":  # writes without credentials are 401 before any deck is looked at
        assert (
            client.post(
                base, {"result": "loss"}, content_type="application/json", headers=headers
            ).status_code
            == 404
        )
        assert (
            client.patch(
                f"{base}/{game.pk}", {"result": "loss"}, content_type="application/json", headers=headers
            ).status_code
            == 404
        )
        assert client.delete(f"{base}/{game.pk}", headers=headers).status_code == 404
    assert list(PlayedGame.objects.values_list("result", "notes")) == [("win", "secret")]


def test_the_log_is_in_the_openapi_schema():
    paths = Client().get(f"{API}/openapi.json").json()["paths"]
    assert set(paths["/api/v1/decks/{deck}/played-games"]) == {"get", "post"}
    assert set(paths["/api/v1/decks/{deck}/played-games/{played_game}"]) == {"get", "patch", "delete"}
    assert "get" in paths["/api/v1/decks/{deck}/game-record"]
