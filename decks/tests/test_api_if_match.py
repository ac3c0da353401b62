"""No lost updates (issue 39 item 3): a call that changes a deck takes If-Match with the deck's etag and
answers 412, changing nothing, when the deck changed since the caller read it. Without the header the
change is made as before."""

from __future__ import annotations

import json
from datetime import timedelta
from typing import Any

import pytest
from django.test import Client
from django.utils import timezone

from decks.models import Deck, DeckVersion
from decks.tests.test_api import alices_deck, bearer

API = "/api/v1"


@pytest.fixture
def deck(samples, alice) -> Deck:
    """Alice's deck at version 1, made long enough ago that the next change is version 2."""
    deck = alices_deck(alice, "private")
    deck.versions.update(updated_at=timezone.now() - DeckVersion.FOLD_WITHIN - timedelta(seconds=1))
    return deck


@pytest.fixture
def alice_api(alice) -> dict[str, str]:
    return bearer(alice)


def patch(deck: Deck, data: dict[str, Any], headers: dict[str, str]) -> Any:
    url = f"{API}/decks/{deck.share_id}"
    return Client().patch(url, json.dumps(data), content_type="application/json", headers=headers)


def etag_of(deck: Deck, headers: dict[str, str]) -> str:
    return str(Client().get(f"{API}/decks/{deck.share_id}", headers=headers)["ETag"])


def test_a_patch_with_the_current_etag_is_made(deck, alice_api) -> None:
    etag = etag_of(deck, alice_api)
    response = patch(deck, {"name": "Renamed"}, {**alice_api, "If-Match": etag})
    assert response.status_code == 200, response.content
    assert response.json()["name"] == "Renamed"
    assert response["ETag"] != etag


def test_a_patch_with_an_old_etag_changes_nothing_and_answers_412(deck, alice_api) -> None:
    read = etag_of(deck, alice_api)
    assert patch(deck, {"name": "Another client's name"}, alice_api).status_code == 200  # meanwhile
    now = etag_of(deck, alice_api)
    response = patch(deck, {"name": "Lost update", "visibility": "public"}, {**alice_api, "If-Match": read})
    assert response.status_code == 412, response.content
    assert response["ETag"] == now
    assert now in response.json()["detail"]
    deck.refresh_from_db()
    assert (deck.name, deck.visibility) == ("Another client's name", "private")
    assert etag_of(deck, alice_api) == now


@pytest.mark.parametrize(
    ("header", "status"),
    [
        ("*", 200),  # any etag: the deck exists
        ('"999999", {etag}', 200),  # one of a list
        ("W/{etag}", 412),  # a weak tag never matches If-Match (RFC 9110, 13.1.1)
        ('"999999"', 412),
        ("not an etag", 412),
    ],
)
def test_if_match_forms(deck, alice_api, header, status) -> None:
    etag = etag_of(deck, alice_api)
    response = patch(deck, {"description": "x"}, {**alice_api, "If-Match": header.format(etag=etag)})
    assert response.status_code == status, response.content


def test_a_patch_without_if_match_is_still_made(deck, alice_api) -> None:
    assert patch(deck, {"name": "No precondition"}, alice_api).status_code == 200


def test_a_restore_with_an_old_etag_answers_412(deck, alice_api) -> None:
    read = etag_of(deck, alice_api)
    assert patch(deck, {"sections": {"main": []}}, alice_api).status_code == 200
    url = f"{API}/decks/{deck.share_id}/versions/1/restore"
    response = Client().post(url, headers={**alice_api, "If-Match": read})
    assert response.status_code == 412, response.content
    assert not deck.entries.exists()
    fresh = Client().post(url, headers={**alice_api, "If-Match": etag_of(deck, alice_api)})
    assert fresh.status_code == 201 and deck.entries.exists()


def test_the_schema_documents_if_match_and_412(db) -> None:
    paths = Client().get(f"{API}/openapi.json").json()["paths"]
    for path, method in (
        ("/api/v1/decks/{deck}", "patch"),
        ("/api/v1/decks/{deck}/versions/{version}/restore", "post"),
    ):
        operation = paths[path][method]
        (header,) = [p for p in operation["parameters"] if p["in"] == "header"]
        assert header["name"] == "If-Match" and header["required"] is False
        assert "412" in header["description"]
        assert "ETag" in operation["responses"]["412"]["headers"]
