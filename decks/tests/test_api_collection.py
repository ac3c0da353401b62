"""The cards a player owns in the JSON API (decks/api/collection.py): the caller reads and changes only
their own collection, imports and exports it as CSV, and reads what a deck lacks of it; a visitor is
refused (401) by every call, and another user's private deck is 404."""

from __future__ import annotations

import pytest
from django.contrib.auth.models import User
from django.test import Client

from decks.api.auth import create_token
from decks.models import OwnedCard

API = "/api/v1"


@pytest.fixture(autouse=True)
def _no_rate_limits(settings) -> None:
    settings.RATE_LIMITS = {}


def bearer(user: User) -> dict[str, str]:
    _, key = create_token(user)
    return {"Authorization": f"Bearer {key}"}


def put(url: str, body: dict, headers: dict[str, str]):
    return Client().put(url, body, content_type="application/json", headers=headers)


def post(url: str, body: dict, headers: dict[str, str]):
    return Client().post(url, body, content_type="application/json", headers=headers)


def test_a_count_is_set_and_adjusted_for_every_printing_of_the_card_together(alice, printings):
    headers = bearer(alice)
    cards = f"{API}/collection/fftcg/cards"
    assert put(f"{cards}/TS1-001H", {"count": 2}, headers).json() == {
        "base_card": "TS1-001", "name": "Test Knight", "count": 2,
    }  # fmt: skip
    # +1 of the foil printing is one more copy of the same card: 3.
    assert post(f"{cards}/TS1-001H-FOIL/adjust", {"by": 1}, headers).json()["count"] == 3
    assert Client().get(f"{cards}/TS1-001H", headers=headers).json()["count"] == 3
    assert post(f"{cards}/TS1-002R/adjust", {"by": -1}, headers).json()["count"] == 0  # never below none
    assert post(f"{cards}/TS1-002R/adjust", {"by": 2}, headers).json()["count"] == 2
    page = Client().get(cards, headers=headers).json()
    assert page == {
        "count": 2,
        "copies": 5,
        "limit": 100,
        "offset": 0,
        "items": [
            {"base_card": "TS1-001", "name": "Test Knight", "count": 3},
            {"base_card": "TS1-002", "name": "Test Mage", "count": 2},
        ],
    }
    second = Client().get(cards, {"limit": 1, "offset": 1}, headers=headers).json()
    assert [i["base_card"] for i in second["items"]] == ["TS1-002"] and second["count"] == 2
    put(f"{cards}/TS1-001H-FOIL", {"count": 0}, headers)
    assert list(OwnedCard.objects.values_list("base_number", "count")) == [("TS1-002", 2)]


def test_bad_input_is_refused_with_422_or_404_never_saved(alice, printings):
    headers = bearer(alice)
    cards = f"{API}/collection/fftcg/cards"
    assert put(f"{cards}/TS1-001H", {"count": -1}, headers).status_code == 422
    assert put(f"{cards}/TS1-001H", {"count": 10_000}, headers).status_code == 422
    assert put(f"{cards}/TS1-001H", {"copies": 3}, headers).status_code == 422  # a misspelt key
    assert put(f"{cards}/TS9-999", {"count": 1}, headers).status_code == 404
    assert Client().get(f"{API}/collection/chess/cards", headers=headers).status_code == 422
    assert not OwnedCard.objects.exists()


def test_csv_import_then_export_reads_back_the_same(alice, printings):
    headers = bearer(alice)
    # Two lines of one card (two printings) add up: TS1-001 x 2 + 1 = 3.
    sent = "number,count\nTS1-001H,2\nTS1-001H-FOIL,1\nTS1-002R,4\n"
    imported = post(f"{API}/collection/fftcg/import", {"csv": sent}, headers)
    assert imported.status_code == 200 and imported.json() == {"cards": 2}
    exported = Client().get(f"{API}/collection/fftcg/export.csv", headers=headers)
    assert exported["Content-Type"].startswith("text/csv")
    assert exported.content.decode() == "number,count\nTS1-001,3\nTS1-002,4\n"
    # The export read back changes nothing.
    post(f"{API}/collection/fftcg/import", {"csv": exported.content.decode()}, headers)
    again = Client().get(f"{API}/collection/fftcg/export.csv", headers=headers).content.decode()
    assert again == exported.content.decode()


def test_a_bad_line_saves_nothing_and_is_named(alice, printings):
    headers = bearer(alice)
    sent = "number,count\nTS1-001H,2\nTS9-999,1\nTS1-002R,x\n"
    refused = post(f"{API}/collection/fftcg/import", {"csv": sent}, headers)
    assert refused.status_code == 422
    detail = refused.json()["detail"]
    assert "Line 3: no card numbered TS9-999" in detail and "Line 4: “x” is not a count" in detail
    assert not OwnedCard.objects.exists()


def test_a_decks_shortfall_counts_printings_of_one_card_once(alice, knights):
    # The deck: 2 TS1-001H + 1 TS1-001H-FOIL (one card, base TS1-001) + 3 TS1-002R = 6. Alice owns 2 of
    # TS1-001 and 1 of TS1-002. By hand: the 2 cover TS1-001H, the foil lacks 1; TS1-002R lacks 2.
    # Owned 2 + 0 + 1 = 3 of 6.
    headers = bearer(alice)
    post(f"{API}/collection/fftcg/import", {"csv": "number,count\nTS1-001H-FOIL,2\nTS1-002R,1\n"}, headers)
    short = Client().get(f"{API}/decks/{knights.share_id}/shortfall", headers=headers).json()
    assert short == {
        "owned": 3,
        "total": 6,
        "missing_count": 3,
        "missing": {
            "main": [
                {"card": "TS1-001H-FOIL", "name": "Test Knight", "count": 1},
                {"card": "TS1-002R", "name": "Test Mage", "count": 2},
            ]
        },
    }


def test_a_collection_is_its_owners_alone(alice, bob, printings):
    put(f"{API}/collection/fftcg/cards/TS1-001H", {"count": 3}, bearer(alice))
    bobs = bearer(bob)
    assert Client().get(f"{API}/collection/fftcg/cards", headers=bobs).json()["count"] == 0
    assert Client().get(f"{API}/collection/fftcg/export.csv", headers=bobs).content == b"number,count\n"
    put(f"{API}/collection/fftcg/cards/TS1-001H", {"count": 1}, bobs)
    assert sorted(OwnedCard.objects.values_list("collection__user__username", "count")) == [
        ("alice", 3),
        ("bob", 1),
    ]


def test_every_call_refuses_a_visitor(alice, knights):
    client, card = Client(), f"{API}/collection/fftcg/cards/TS1-001H"
    calls = [
        client.get(f"{API}/collection/fftcg/cards"),
        client.get(card),
        client.put(card, {"count": 1}, content_type="application/json"),
        client.post(f"{card}/adjust", {"by": 1}, content_type="application/json"),
        client.post(f"{API}/collection/fftcg/import", {"csv": "number,count\n"}, "application/json"),
        client.get(f"{API}/collection/fftcg/export.csv"),
        client.get(f"{API}/decks/{knights.share_id}/shortfall"),
    ]
    assert [c.status_code for c in calls] == [401] * 7
    assert not OwnedCard.objects.exists()


def test_a_session_changes_the_collection_only_with_its_csrf_token(alice, printings):
    client = Client(enforce_csrf_checks=True)
    client.force_login(alice)
    assert client.get(f"{API}/collection/fftcg/cards").status_code == 200
    refused = client.put(
        f"{API}/collection/fftcg/cards/TS1-001H", {"count": 1}, content_type="application/json"
    )
    assert refused.status_code == 403 and not OwnedCard.objects.exists()


def test_another_users_private_deck_is_404_and_a_wrong_key_401(alice, bob, knights):
    url = f"{API}/decks/{knights.share_id}/shortfall"
    assert Client().get(url, headers=bearer(bob)).status_code == 200
    knights.visibility = "private"
    knights.save()
    assert Client().get(url, headers=bearer(alice)).status_code == 404
    assert Client().get(url, headers=bearer(bob)).json()["total"] == 6  # the owner still reads it
    wrong = {"Authorization": "Bearer " + "x" * 40}
    assert Client().get(f"{API}/collection/fftcg/cards", headers=wrong).status_code == 401


def test_the_collection_is_in_the_openapi_schema():
    paths = Client().get(f"{API}/openapi.json").json()["paths"]
    assert set(paths[f"{API}/collection/{{game}}/cards/{{card}}"]) == {"get", "put"}
    assert set(paths[f"{API}/collection/{{game}}/cards/{{card}}/adjust"]) == {"post"}
    assert "post" in paths[f"{API}/collection/{{game}}/import"]
    assert "text/csv" in paths[f"{API}/collection/{{game}}/export.csv"]["get"]["responses"]["200"]["content"]
    shortfall = paths[f"{API}/decks/{{deck}}/shortfall"]["get"]
    assert shortfall["security"] == [{"TokenAuth": []}, {"SessionAuth": []}]
