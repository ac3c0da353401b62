"""One meaning for a deck's `version` in the API (issue 31 item 10, issue 39 item 1): the number of its
current version in its history, as /versions lists it; the change counter caches need is the `etag`."""

from __future__ import annotations

import json
from datetime import timedelta
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.test import Client

from decks import convert
from decks.api.auth import create_token
from decks.models import Deck, DeckVersion

API = "/api/v1"


@pytest.fixture
def alice_api(db) -> dict[str, str]:
    _, key = create_token(User.objects.create_user("alice", password="alice-password-1"), "tests")
    return {"Authorization": f"Bearer {key}"}


def send(method: str, url: str, data: Any, headers: dict[str, str]) -> Any:
    return getattr(Client(), method)(url, json.dumps(data), content_type="application/json", headers=headers)


def newest_listed(share_id: str) -> int:
    versions = Client().get(f"{API}/decks/{share_id}/versions").json()["items"]
    return max(v["version"] for v in versions)


def check_version(body: dict[str, Any], response: Any) -> None:
    """The answer's version is the newest /versions lists, /versions/<version> serves it, and the ETag
    header is the answer's etag."""
    share_id = body["deck"]
    assert body["version"] == newest_listed(share_id)
    assert Client().get(f"{API}/decks/{share_id}/versions/{body['version']}").status_code == 200
    assert response["ETag"] == body["etag"]


def test_version_is_the_decks_current_history_number_everywhere(samples, alice_api) -> None:
    source = convert.deck_to_engine(Deck.objects.get(game_id="fftcg", owner__isnull=True))
    sections = {s: [{"card": e.card, "count": e.count} for e in es] for s, es in source.sections.items()}
    data = {"game": "fftcg", "name": "Versions", "visibility": "unlisted", "sections": sections}
    created = send("post", f"{API}/decks", data, alice_api)
    assert created.status_code == 201, created.content
    body = created.json()
    check_version(body, created)
    assert body["version"] == 1  # a new deck's history holds its first version only
    url = f"{API}/decks/{body['deck']}"
    first = sections["main"][0]["card"]

    # Edits within five minutes fold into that version: the version stays, the etag changes each time.
    etags = {body["etag"]}
    for count in (1, 2):
        patched = send("patch", url, {"sections": {"main": [{"card": first, "count": count}]}}, alice_api)
        assert patched.status_code == 200, patched.content
        check_version(patched.json(), patched)
        assert patched.json()["version"] == 1
        etags.add(patched.json()["etag"])
    renamed = send("patch", url, {"name": "Renamed"}, alice_api)
    check_version(renamed.json(), renamed)
    etags.add(renamed.json()["etag"])
    assert len(etags) == 4

    # Past the folding window the next change is version 2, and every answer says so.
    DeckVersion.objects.filter(deck__share_id=body["deck"]).update(
        updated_at=DeckVersion.objects.get(deck__share_id=body["deck"]).updated_at - timedelta(minutes=6)
    )
    patched = send("patch", url, {"sections": {"main": [{"card": first, "count": 3}]}}, alice_api)
    check_version(patched.json(), patched)
    assert patched.json()["version"] == 2
    read = Client().get(url)
    assert read.json()["version"] == 2 and read.json()["etag"] == patched.json()["etag"] == read["ETag"]
    mine = Client().get(f"{API}/decks", {"mine": "true"}, headers=alice_api).json()["items"]
    assert [(d["version"], d["etag"]) for d in mine] == [(2, read["ETag"])]

    # A restore makes a version too: the deck's version is the restore's number.
    restored = send("post", f"{url}/versions/1/restore", {}, alice_api)
    assert restored.status_code == 201, restored.content
    assert Client().get(url).json()["version"] == restored.json()["version"] == newest_listed(body["deck"])


def test_a_sample_deck_is_at_its_version_1(samples) -> None:
    # Every deck has a history from its creation, a sample's too (loadsamples).
    deck = Deck.objects.get(game_id="gbf", owner__isnull=True)
    assert [v["version"] for v in Client().get(f"{API}/decks/{deck.share_id}/versions").json()["items"]] == [
        1
    ]
    assert Client().get(f"{API}/decks/{deck.share_id}").json()["version"] == 1


def test_the_schema_describes_version_and_etag(db) -> None:
    schema = Client().get(f"{API}/openapi.json").json()
    summary = schema["components"]["schemas"]["DeckSummary"]["properties"]
    assert "/versions" in summary["version"]["description"]
    assert "not a version number" in summary["etag"]["description"]
    deck_path = schema["paths"][f"{API}/decks/{{deck}}"]
    for method, status in (("get", "200"), ("patch", "200")):
        assert "ETag" in deck_path[method]["responses"][status]["headers"]
    assert "ETag" in schema["paths"][f"{API}/decks"]["post"]["responses"]["201"]["headers"]
