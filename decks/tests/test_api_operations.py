"""The site's deck operations on the API (issue 39 item 4): import a pasted list (the import box's
reader, with its line problems), delete and undelete, fork, duplicate; each limited as its page is."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client

from decks.models import Deck
from decks.tests.test_api import alices_deck, bearer, sample

API = "/api/v1"


@pytest.fixture
def deck(samples, alice) -> Deck:
    return alices_deck(alice, "private")


@pytest.fixture
def alice_api(alice) -> dict[str, str]:
    return bearer(alice)


def post(url: str, data: Any, headers: dict[str, str]) -> Any:
    return Client().post(url, json.dumps(data), content_type="application/json", headers=headers)


def test_an_import_saves_the_lines_it_reads_and_lists_the_others(deck, alice_api) -> None:
    card = deck.entries.select_related("card").first().card
    text = f"3x {card.number}\nthis is no card line\n2 Nobody's Card (T9-999C)\n"
    response = post(f"{API}/decks/{deck.share_id}/import", {"text": text}, alice_api)
    assert response.status_code == 200, response.content
    body = response.json()
    assert [(e["card"], e["count"]) for es in body["sections"].values() for e in es] == [(card.number, 3)]
    assert [p["line"] for p in body["problems"]] == [2, 3]
    assert body["problems"][0]["text"] == "this is no card line" and body["more_problems"] == 0
    assert body["version"] == 1 and body["folded"] is True


def test_an_import_says_which_sites_format_it_read(deck, alice_api) -> None:
    cards = [e.card for e in deck.entries.select_related("card").order_by("card__number")[:2]]
    untap = "".join(f"2 {c.name} ({c.number})\n" for c in cards)
    body = post(f"{API}/decks/{deck.share_id}/import", {"text": untap}, alice_api).json()
    assert body["read_as"] == "Read as an untap list" and body["problems"] == []
    mixed = f"2 {cards[0].name} ({cards[0].number})\n2x {cards[1].number}\n"
    body = post(f"{API}/decks/{deck.share_id}/import", {"text": mixed}, alice_api).json()
    assert body["read_as"] == "Read line by line (no one site's format)"


def test_an_import_of_no_readable_line_changes_nothing(deck, alice_api) -> None:
    before = sorted(deck.entries.values_list("card__number", "count"))
    response = post(f"{API}/decks/{deck.share_id}/import", {"text": "nothing\nat all"}, alice_api)
    assert response.status_code == 422, response.content
    assert "2 lines could not be read" in response.json()["detail"]
    assert [p["line"] for p in response.json()["problems"]] == [1, 2]
    assert sorted(deck.entries.values_list("card__number", "count")) == before


def test_delete_then_undelete(deck, alice_api) -> None:
    url = f"{API}/decks/{deck.share_id}"
    deleted = Client().delete(url, headers=alice_api)
    assert deleted.status_code == 200, deleted.content
    assert deleted.json()["deck"] == deck.share_id
    assert Client().get(url, headers=alice_api).status_code == 404
    back = Client().post(f"{url}/undelete", headers=alice_api)
    assert back.status_code == 200 and back.json()["deck"] == deck.share_id
    assert Client().get(url, headers=alice_api).status_code == 200


def test_only_the_owner_deletes_and_only_a_deleted_deck_undeletes(deck, bob, alice_api) -> None:
    url = f"{API}/decks/{deck.share_id}"
    assert Client().delete(url, headers=bearer(bob)).status_code == 404
    assert Client().post(f"{url}/undelete", headers=alice_api).status_code == 404
    assert Deck.objects.filter(pk=deck.pk).exists()


def test_fork_of_someone_elses_deck_and_duplicate_of_ones_own(deck, bob, alice_api) -> None:
    source = sample("fftcg")
    bob_api = bearer(bob)
    fork = Client().post(f"{API}/decks/{source.share_id}/fork", headers=bob_api)
    assert fork.status_code == 201, fork.content
    assert fork.json()["owner"] == "bob" and fork.json()["forked_from"] == source.share_id
    assert fork.json()["visibility"] == "private" and fork.json()["version"] == 1
    assert Client().post(f"{API}/decks/{deck.share_id}/fork", headers=bob_api).status_code == 404  # private
    copy = Client().post(f"{API}/decks/{deck.share_id}/duplicate", headers=alice_api)
    assert copy.status_code == 201 and copy.json()["name"] == f"Copy of {deck.name}"
    assert Client().post(f"{API}/decks/{deck.share_id}/duplicate", headers=bob_api).status_code == 404


@pytest.mark.parametrize(
    ("scope", "method", "path", "data"),
    [
        ("imports", "post", "/import", {"text": "1 T1-001C"}),
        ("edits", "delete", "", None),
        ("decks", "post", "/fork", None),
        ("decks", "post", "/duplicate", None),
    ],
)
def test_each_counts_against_its_pages_limit(deck, alice_api, settings, scope, method, path, data) -> None:
    settings.RATE_LIMITS = {scope: "0/h"}
    url = f"{API}/decks/{deck.share_id}{path}"
    response = getattr(Client(), method)(
        url, json.dumps(data), content_type="application/json", headers=alice_api
    )
    assert response.status_code == 429, response.content
    assert scope in response.json()["detail"]


def test_undelete_counts_against_edits(deck, alice_api, settings) -> None:
    assert Client().delete(f"{API}/decks/{deck.share_id}", headers=alice_api).status_code == 200
    settings.RATE_LIMITS = {"edits": "0/h"}
    assert Client().post(f"{API}/decks/{deck.share_id}/undelete", headers=alice_api).status_code == 429


def test_import_and_delete_take_if_match(deck, alice_api) -> None:
    url = f"{API}/decks/{deck.share_id}"
    stale = {**alice_api, "If-Match": '"0"'}
    card = deck.entries.select_related("card").first().card
    assert post(f"{url}/import", {"text": f"1 {card.number}"}, stale).status_code == 412
    assert Client().delete(url, headers=stale).status_code == 412
    assert Client().get(url, headers=alice_api).status_code == 200
