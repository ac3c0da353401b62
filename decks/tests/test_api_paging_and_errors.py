"""Paging and errors as a client meets them (issue 39 items 8 and 9): runs and versions page like cards
and decks, decks page in an order no edit changes, every /api/ address answers JSON, 404s say what was not
found without naming a table, and a deck's runs say who started each."""

from __future__ import annotations

from typing import Any

import pytest
from django.test import Client

from decks.builder import services
from decks.goldfish import runs
from decks.models import Deck
from decks.tests.test_api import alices_deck, bearer, post

API = "/api/v1"


@pytest.fixture
def deck(samples, alice) -> Deck:
    return alices_deck(alice, "unlisted")


def page(response: Any) -> dict[str, Any]:
    assert response.status_code == 200, response.content
    body = response.json()
    assert set(body) == {"count", "limit", "offset", "items"}
    return dict(body)


def test_runs_page_like_cards_and_decks_and_are_not_capped_at_50(deck, sent, settings) -> None:
    settings.GOLDFISH_MAX_ACTIVE_RUNS = 100
    made = [runs.enqueue_run(deck, games=1, goings=("first",), seed=n).pk for n in range(53)]
    url = f"{API}/decks/{deck.share_id}/runs"
    first = page(Client().get(url))
    assert (first["count"], first["limit"], len(first["items"])) == (53, 50, 50)  # a bare list of 50 before
    rest = page(Client().get(url, {"offset": 50, "limit": 10}))
    assert (rest["count"], rest["offset"], len(rest["items"])) == (53, 50, 3)
    assert [r["run"] for r in first["items"] + rest["items"]] == made[::-1]  # newest first, each once


def test_versions_page_and_each_counts_its_changes_from_the_one_before(deck, alice) -> None:
    for _ in range(3):  # versions 2, 3 and 4, each a card fewer
        entry = deck.entries.filter(section="main").order_by("card__number").first()
        entry.delete()
        services.record_version(deck, fold=False)
    url = f"{API}/decks/{deck.share_id}/versions"
    body = page(Client().get(url, {"limit": 2, "offset": 1}))
    assert body["count"] == 4
    assert [v["version"] for v in body["items"]] == [3, 2]
    # Version 2's changes are counted from version 1, which is not on this page.
    assert [c["after"] for c in body["items"][1]["changes"]] == [0]


def test_decks_page_in_an_order_edits_do_not_change(samples, alice) -> None:
    decks = [alices_deck(alice, "public") for _ in range(3)]
    seen = [d["deck"] for d in page(Client().get(f"{API}/decks", {"limit": 1}))["items"]]
    # The oldest of the three is edited between two pages: by `updated_at` it jumped to the first page,
    # which was read already, and the second page repeated the deck read first.
    services.update_details(
        decks[0], name="Edited", description="", visibility="public", format=decks[0].format
    )
    for offset in (1, 2):
        seen += [
            d["deck"] for d in page(Client().get(f"{API}/decks", {"limit": 1, "offset": offset}))["items"]
        ]
    assert seen == [d.share_id for d in reversed(decks)]


@pytest.mark.parametrize(
    ("method", "path", "status"),
    [
        ("put", "/decks", 405),
        ("delete", "/games", 405),
        ("get", "/nothing", 404),
        ("get", "/decks/", 404),
        ("post", "/games/fftcg/", 404),
    ],
)
def test_every_api_address_answers_json(samples, method, path, status) -> None:
    response = getattr(Client(), method)(API + path)
    assert response.status_code == status
    assert response["Content-Type"].startswith("application/json")  # 405 was Ninja's HTML
    detail = response.json()["detail"]
    if status == 405:
        assert method.upper() in detail and response["Allow"]
    if path.endswith("/"):
        assert f"take no trailing slash: {API}{path.rstrip('/')}" in detail


def test_404s_say_what_was_not_found_in_one_style_and_name_no_table(deck, alice, settings) -> None:
    settings.DEBUG = True  # Ninja added Django's message then: "No SimulationRun matches the given query."
    cases = {
        f"/decks/{deck.share_id}/runs/999": f"No run 999 of deck '{deck.share_id}'.",
        f"/decks/{deck.share_id}/versions/9": f"No version 9 of deck '{deck.share_id}'.",
        f"/decks/{deck.share_id}/diff?before=1&after=9": f"No version 9 of deck '{deck.share_id}'.",
        "/decks/nosuchdeck": "No deck 'nosuchdeck' that you may see",
        "/cards/fftcg/FX-999C": "No card 'FX-999C' in",
    }
    for path, said in cases.items():
        response = Client().get(API + path)
        assert response.status_code == 404
        detail = response.json()["detail"]
        assert detail.startswith(said), detail
        assert not any(
            table in detail for table in ("SimulationRun", "DeckVersion", "Card matches", "Deck matches")
        )


def test_a_decks_runs_say_who_started_each(samples, alice, bob) -> None:
    deck = alices_deck(alice, "unlisted")
    url = f"{API}/decks/{deck.share_id}/runs"
    assert post(Client(), url, {"games_per_order": 10, "goings": ["first"]}, bearer(alice)).status_code == 201
    # Bob compares his fork with Alice's deck: his run of her deck is listed on it.
    fork = services.fork_deck(deck, owner_id=bob.pk)
    compared = post(
        Client(), f"{API}/decks/{fork.share_id}/compare", {"b": deck.share_id, "order": "first"}, bearer(bob)
    )
    assert compared.status_code == 201, compared.content
    listed = page(Client().get(url, headers=bearer(alice)))["items"]
    assert [r["started_by"] for r in listed] == [
        {"user": "bob", "is_owner": False, "is_caller": False},
        {"user": "alice", "is_owner": True, "is_caller": True},
    ]
    # A visitor's run of a deck of their own has no user name, and its caller is that visitor.
    visitor = Client()
    assert visitor.post("/decks/new/fftcg/", {"name": "Mine"}).status_code == 302
    own = Deck.objects.get(name="Mine", owner__isnull=True)
    for e in deck.entries.all():
        own.entries.create(card_id=e.card_id, section=e.section, count=e.count)
    runs.enqueue_run(own, games=1, goings=("first",), runner=f"s:{own.session_key}")
    seen = page(visitor.get(f"{API}/decks/{own.share_id}/runs"))["items"][0]["started_by"]
    assert seen == {"user": None, "is_owner": True, "is_caller": True}
