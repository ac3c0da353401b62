"""Mistakes a client makes are refused with 422 naming the field, never accepted silently (issue 39 item
5): a misspelt key in any body or query, a name of spaces only, a card listed twice in a section, odds
for a card the deck does not hold. Each changes nothing."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from decks.models import Deck
from decks.tests.test_api import alices_deck, bearer, post

API = "/api/v1"


@pytest.fixture
def deck(samples, alice) -> Deck:
    return alices_deck(alice, "private")


@pytest.fixture
def alice_api(alice) -> dict[str, str]:
    return bearer(alice)


def refused_fields(response: Any) -> list[str]:
    assert response.status_code == 422, response.content
    body = response.json()
    assert isinstance(body["detail"], str)
    fields = [e["field"] for e in body["errors"]]
    assert all(field in body["detail"] for field in fields)  # the sentence names them too
    return fields


def main_entries(deck: Deck) -> list[dict[str, Any]]:
    entries = deck.entries.filter(section="main").select_related("card").order_by("card__number")
    return [{"card": e.card.number, "count": e.count} for e in entries]


def test_a_misspelt_key_on_create_is_refused_and_makes_no_deck(samples, alice, alice_api) -> None:
    made = Deck.objects.count()
    response = post(Client(), f"{API}/decks", {"game": "fftcg", "visibilty": "public"}, alice_api)
    assert refused_fields(response) == ["visibilty"]  # was 201, a private deck
    assert Deck.objects.count() == made


def test_a_misspelt_key_on_patch_is_refused_and_changes_nothing(deck, alice_api) -> None:
    url = f"{API}/decks/{deck.share_id}"
    assert refused_fields(post(Client(), url, {"nmae": "x"}, alice_api, "patch")) == ["nmae"]  # was 200
    deck.refresh_from_db()
    assert deck.name == "Alice's private"


def test_a_misspelt_key_inside_a_section_entry_is_named_by_its_path(deck, alice_api) -> None:
    entries = main_entries(deck)
    entries[2] = {**entries[2], "cuont": 1}
    response = post(
        Client(), f"{API}/decks/{deck.share_id}", {"sections": {"main": entries}}, alice_api, "patch"
    )
    assert refused_fields(response) == ["sections.main.2.cuont"]


def test_a_misspelt_key_in_a_run_or_odds_query_is_refused(deck, alice_api) -> None:
    runs = post(Client(), f"{API}/decks/{deck.share_id}/runs", {"games_per_order": 10, "sed": 4}, alice_api)
    assert refused_fields(runs) == ["sed"]
    card = main_entries(deck)[0]["card"]
    odds = post(
        Client(), f"{API}/decks/{deck.share_id}/probabilities", {"groups": [{"cards": [card], "atleast": 2}]}
    )
    assert refused_fields(odds) == ["groups.0.atleast"]


def test_an_unknown_query_parameter_is_refused(samples) -> None:
    # ?gmae=gbf listed the cards of every game; now it is named.
    assert refused_fields(Client().get(f"{API}/cards", {"game": "fftcg", "gmae": "gbf"})) == ["gmae"]
    assert refused_fields(Client().get(f"{API}/decks", {"limt": "5"})) == ["limt"]


def test_a_blank_name_is_refused_not_read_as_keep_the_old_one(deck, alice_api) -> None:
    url = f"{API}/decks/{deck.share_id}"
    assert refused_fields(post(Client(), url, {"name": "   "}, alice_api, "patch")) == ["name"]  # was 200
    assert refused_fields(post(Client(), f"{API}/decks", {"game": "fftcg", "name": " "}, alice_api)) == [
        "name"
    ]
    deck.refresh_from_db()
    assert deck.name == "Alice's private"


def test_a_card_listed_twice_in_a_section_is_refused_not_summed(deck, alice_api) -> None:
    entries = main_entries(deck)
    twice = [*entries, {"card": entries[0]["card"], "count": 1}]
    response = post(
        Client(), f"{API}/decks/{deck.share_id}", {"sections": {"main": twice}}, alice_api, "patch"
    )
    assert refused_fields(response) == ["sections"]
    assert f"card {entries[0]['card']} is listed twice in main" in response.json()["detail"]
    assert main_entries(deck) == entries  # was summed: one more copy


def test_odds_for_a_card_not_in_the_deck_are_refused_naming_it(deck) -> None:
    held = main_entries(deck)[0]["card"]
    absent = "FX-999C"
    url = f"{API}/decks/{deck.share_id}/probabilities"
    deck.visibility = "unlisted"
    deck.save()
    response = post(Client(), url, {"groups": [{"cards": [held]}, {"cards": [absent]}]})
    assert refused_fields(response) == ["groups.1.cards.0"]  # was 200 with p = 0 at every turn
    assert f"card {absent} is not in the deck's main section" in response.json()["detail"]
