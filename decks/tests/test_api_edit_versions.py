"""Where an API edit lands in the deck's history (issue 39 item 2): the answer says which version and
whether the edit made it or folded into it, a client may ask for a version of its own, and a restore
that changes nothing says so (200 and the version the deck is at, not 201)."""

from __future__ import annotations

import json
from typing import Any

import pytest
from django.test import Client

from decks.models import Deck
from decks.tests.test_api import alices_deck, bearer

API = "/api/v1"


@pytest.fixture
def deck(samples, alice) -> Deck:
    return alices_deck(alice, "private")  # at its version 1, made just now: edits fold into it


@pytest.fixture
def alice_api(alice) -> dict[str, str]:
    return bearer(alice)


def patch(deck: Deck, data: dict[str, Any], headers: dict[str, str]) -> dict[str, Any]:
    url = f"{API}/decks/{deck.share_id}"
    response = Client().patch(url, json.dumps(data), content_type="application/json", headers=headers)
    assert response.status_code == 200, response.content
    return dict(response.json())


def main_without(deck: Deck, dropped: int) -> dict[str, list[dict[str, Any]]]:
    """The deck's main section less its first `dropped` cards, as a PATCH sends it."""
    entries = deck.entries.filter(section="main").order_by("card__number").select_related("card")
    return {"main": [{"card": e.card.number, "count": e.count} for e in entries[dropped:]]}


def landed(body: dict[str, Any]) -> tuple[int, bool, bool]:
    return body["version"], body["new_version"], body["folded"]


def test_an_edit_within_five_minutes_says_it_folded(deck, alice_api) -> None:
    assert landed(patch(deck, {"sections": main_without(deck, 1)}, alice_api)) == (1, False, True)
    assert landed(patch(deck, {"sections": main_without(deck, 2)}, alice_api)) == (1, False, True)
    assert [v.number for v in deck.versions.all()] == [1]


def test_new_version_keeps_each_edit_apart_so_the_last_can_be_undone(deck, alice_api) -> None:
    url = f"{API}/decks/{deck.share_id}"
    first = main_without(deck, 1)
    second = main_without(deck, 2)
    assert landed(patch(deck, {"sections": first, "new_version": True}, alice_api)) == (2, True, False)
    assert landed(patch(deck, {"sections": second, "new_version": True}, alice_api)) == (3, True, False)
    numbers = [v["version"] for v in Client().get(f"{url}/versions", headers=alice_api).json()["items"]]
    assert numbers == [3, 2, 1]
    changes = Client().get(f"{url}/diff", {"before": 2, "after": 3}, headers=alice_api).json()["changes"]
    assert [(c["card"], c["after"]) for c in changes] == [(first["main"][0]["card"], 0)]
    undo = Client().post(f"{url}/versions/2/restore", headers=alice_api)
    assert undo.status_code == 201 and undo.json()["version"] == 4 and undo.json()["restored_from"] == 2


def test_an_edit_that_undoes_the_fold_lands_in_the_version_before(deck, alice_api) -> None:
    # Version 2 made on its own, then an edit folded into it, then one back to version 1's list: the
    # fold changed nothing, so version 2 goes and the edit landed in version 1, a fold, not a new version.
    entries = deck.entries.order_by("section", "card__number").select_related("card")
    whole: dict[str, list[dict[str, Any]]] = {}
    for e in entries:
        whole.setdefault(e.section, []).append({"card": e.card.number, "count": e.count})
    less = {**whole, "main": whole["main"][1:]}
    assert landed(patch(deck, {"sections": less, "new_version": True}, alice_api)) == (2, True, False)
    assert landed(patch(deck, {"sections": whole}, alice_api)) == (1, False, True)
    assert [v.number for v in deck.versions.all()] == [1]


def test_new_version_with_a_format_change_alone(deck, alice_api) -> None:
    assert landed(patch(deck, {"format": "limited", "new_version": True}, alice_api)) == (2, True, False)


def test_an_edit_of_no_card_and_no_format_makes_and_folds_nothing(deck, alice_api) -> None:
    assert landed(patch(deck, {"name": "Renamed", "new_version": True}, alice_api)) == (1, False, False)
    same: dict[str, list[dict[str, Any]]] = {}
    for e in deck.entries.select_related("card"):
        same.setdefault(e.section, []).append({"card": e.card.number, "count": e.count})
    assert landed(patch(deck, {"sections": same, "new_version": True}, alice_api))[1:] == (False, False)
    assert deck.versions.count() == 1


def test_restoring_the_version_the_deck_holds_answers_200_with_it(deck, alice_api) -> None:
    url = f"{API}/decks/{deck.share_id}/versions/1/restore"
    response = Client().post(url, headers=alice_api)
    assert response.status_code == 200, response.content
    assert response.json()["version"] == 1
    assert deck.versions.count() == 1


def test_the_schema_describes_where_an_edit_lands(db) -> None:
    schema = Client().get(f"{API}/openapi.json").json()
    components = schema["components"]["schemas"]
    assert "own" in components["DeckPatch"]["properties"]["new_version"]["description"]
    answer = schema["paths"][f"{API}/decks/{{deck}}"]["patch"]["responses"]["200"]
    assert answer["content"]["application/json"]["schema"]["$ref"].endswith("/DeckEditOut")
    assert {"new_version", "folded", "version"} <= set(components["DeckEditOut"]["required"])
    restore = schema["paths"][f"{API}/decks/{{deck}}/versions/{{version}}/restore"]["post"]["responses"]
    assert "no version was made" in restore["200"]["description"]
    assert "new version" in restore["201"]["description"]
