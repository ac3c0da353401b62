"""Version history (issue 16): every change to a deck's cards or format makes a version, changes within a
few minutes by the same editor fold into one, a version has its own read-only page, restoring one makes
a new version, and goldfish runs and forks name the version they came from."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.test import Client

from decks.api.auth import create_token
from decks.builder import services
from decks.goldfish import runs
from decks.models import Card, Deck, DeckVersion
from engine.samples import sample_deck


@pytest.fixture
def no_broker(monkeypatch) -> None:
    monkeypatch.setattr("decks.goldfish.runs._send", lambda chunk_ids: None)


def fire(number: str) -> Card:
    return Card.objects.get(game_id="fftcg", number=number)


def alices_deck(alice: User) -> Deck:
    return services.create_deck(game_id="fftcg", name="Blaze", owner_id=alice.pk)


def age(version: DeckVersion) -> None:
    """Make the version older than the fold window, as if the editor came back later."""
    version.updated_at -= DeckVersion.FOLD_WITHIN + timedelta(seconds=1)
    version.save(update_fields=("updated_at",))


def numbers(deck: Deck) -> list[int]:
    return list(deck.versions.order_by("number").values_list("number", flat=True))


def test_a_new_deck_is_version_1_and_quick_changes_fold_into_it(samples, alice) -> None:
    deck = alices_deck(alice)
    services.change_card_count(deck, fire("FX-021C"), "main", 3)
    services.change_card_count(deck, fire("FX-022R"), "main", 2)
    (version,) = deck.versions.all()
    assert (version.number, version.cards, version.editor_id) == (
        1, {"main": {"FX-021C": 3, "FX-022R": 2}}, alice.pk,
    )  # fmt: skip


def test_a_change_after_the_fold_window_is_a_new_version(samples, alice) -> None:
    deck = alices_deck(alice)
    services.change_card_count(deck, fire("FX-021C"), "main", 3)
    age(deck.versions.get())
    services.change_card_count(deck, fire("FX-021C"), "main", -1)
    assert numbers(deck) == [1, 2]
    assert deck.versions.get(number=2).cards == {"main": {"FX-021C": 2}}
    age(deck.versions.get(number=2))
    services.set_format(deck, "limited")
    assert numbers(deck) == [1, 2, 3] and deck.versions.get(number=3).format == "limited"


def test_renaming_makes_no_version(samples, alice) -> None:
    deck = alices_deck(alice)
    age(deck.versions.get())
    services.update_details(
        deck, name="Renamed", description="new words", visibility="public", format=deck.format
    )
    assert numbers(deck) == [1]


def test_a_run_pins_its_version_so_later_changes_make_a_new_one(samples, alice, no_broker) -> None:
    deck = alices_deck(alice)
    sample = sample_deck("fftcg")
    services.replace_cards(deck, sample)
    run = runs.enqueue_run(deck, games=10, goings=("first",), seed=1)
    assert run.deck_version.number == 1
    services.change_card_count(deck, fire("FX-001C"), "main", -1)  # within the fold window
    assert numbers(deck) == [1, 2]
    run.deck_version.refresh_from_db()
    played = {section: {e.card: e.count for e in entries} for section, entries in sample.sections.items()}
    assert run.deck_version.cards == played


def test_restoring_makes_a_new_version_with_the_old_list(samples, alice, alice_client) -> None:
    deck = alices_deck(alice)
    services.change_card_count(deck, fire("FX-021C"), "main", 3)
    age(deck.versions.get())
    services.change_card_count(deck, fire("FX-022R"), "main", 1)
    services.set_format(deck, "limited")
    response = alice_client.post(f"/d/{deck.share_id}/v/1/restore")
    assert response.status_code == 302 and response["Location"] == f"/d/{deck.share_id}/v/3/"
    restored = deck.versions.get(number=3)
    assert (restored.restored_from, restored.cards, restored.format) == (
        1,
        {"main": {"FX-021C": 3}},
        "constructed",
    )
    deck.refresh_from_db()
    assert deck.format == "constructed"
    assert {e.card.number: e.count for e in deck.entries.select_related("card")} == {"FX-021C": 3}
    # a restore is never folded into: the next quick change is a version of its own
    services.change_card_count(deck, fire("FX-022R"), "main", 1)
    assert numbers(deck) == [1, 2, 3, 4]


def test_a_fork_records_the_version_it_came_from(samples, alice, bob) -> None:
    deck = alices_deck(alice)
    services.change_card_count(deck, fire("FX-021C"), "main", 3)
    fork = services.fork_deck(deck, owner_id=bob.pk)
    assert fork.forked_from_version == deck.versions.get(number=1)
    assert fork.versions.get().cards == {"main": {"FX-021C": 3}}
    services.change_card_count(deck, fire("FX-021C"), "main", 1)  # the fork keeps seeing version 1 as it was
    assert numbers(deck) == [1, 2]


def test_the_history_page_lists_versions_with_their_changes(samples, alice, alice_client) -> None:
    deck = alices_deck(alice)
    services.change_card_count(deck, fire("FX-021C"), "main", 3)
    age(deck.versions.get())
    services.change_card_count(deck, fire("FX-021C"), "main", -1)
    services.change_card_count(deck, fire("FX-022R"), "main", 2)
    html = alice_client.get(f"/d/{deck.share_id}/history/").content.decode()
    assert html.index("Version 2") < html.index("Version 1")
    assert 'aria-label="removed 1"' in html and "Ember Duelist" in html and "3 → 2" in html
    assert 'aria-label="added 2"' in html and "Blaze Captain" in html and "0 → 2" in html
    assert "by you" in html


def test_a_version_page_shows_its_list_legality_and_the_way_to_the_deck_now(
    samples, alice, alice_client
) -> None:
    deck = alices_deck(alice)
    services.change_card_count(deck, fire("FX-021C"), "main", 3)
    age(deck.versions.get())
    services.change_card_count(deck, fire("FX-022R"), "main", 2)
    html = alice_client.get(f"/d/{deck.share_id}/v/1/").content.decode()
    assert "Ember Duelist" in html and "Not legal today" in html
    assert "From this version to the deck now" in html and "Blaze Captain" in html
    assert "Restore this version" in html
    current = alice_client.get(f"/d/{deck.share_id}/v/2/").content.decode()
    assert "Restore this version" not in current and "current" in current
    assert Client().get(f"/d/{deck.share_id}/v/1/").status_code == 404  # private: as the deck
    assert alice_client.get(f"/d/{deck.share_id}/v/9/").status_code == 404


def test_others_see_a_public_decks_history_but_cannot_restore(samples, alice, bob_client) -> None:
    deck = alices_deck(alice)
    services.update_details(deck, name=deck.name, description="", visibility="public", format=deck.format)
    html = bob_client.get(f"/d/{deck.share_id}/v/1/").content.decode()
    assert "Restore this version" not in html
    assert bob_client.post(f"/d/{deck.share_id}/v/1/restore").status_code == 404
    assert numbers(deck) == [1]


def test_the_api_lists_versions_diffs_and_restores(samples, alice) -> None:
    deck = alices_deck(alice)
    services.change_card_count(deck, fire("FX-021C"), "main", 3)
    age(deck.versions.get())
    services.change_card_count(deck, fire("FX-021C"), "main", -1)
    _, key = create_token(alice, "tests")
    client = Client(headers={"Authorization": f"Bearer {key}"})
    listed = client.get(f"/api/v1/decks/{deck.share_id}/versions").json()["items"]
    assert [v["version"] for v in listed] == [2, 1]
    assert listed[0]["changes"] == [
        {"section": "main", "card": "FX-021C", "name": "Ember Duelist", "before": 3, "after": 2}
    ]
    assert client.get(f"/api/v1/decks/{deck.share_id}/versions/1").json()["sections"] == {
        "main": [{"card": "FX-021C", "name": "Ember Duelist", "count": 3}]
    }
    changes = client.get(f"/api/v1/decks/{deck.share_id}/diff?before=2&after=1").json()["changes"]
    assert [(c["before"], c["after"]) for c in changes] == [(2, 3)]
    restored = client.post(f"/api/v1/decks/{deck.share_id}/versions/1/restore")
    assert restored.status_code == 201
    assert (restored.json()["version"], restored.json()["restored_from"]) == (3, 1)
    assert restored.json()["changes"] == [
        {"section": "main", "card": "FX-021C", "name": "Ember Duelist", "before": 2, "after": 3}
    ]
    schema = client.get("/api/v1/openapi.json").json()["paths"]
    assert {"/api/v1/decks/{deck}/versions", "/api/v1/decks/{deck}/diff"} <= set(schema)


def test_a_forks_first_version_names_its_source_while_the_source_may_be_seen(samples, alice, bob) -> None:
    deck = alices_deck(alice)
    services.update_details(deck, name="Blaze", description="", visibility="public", format=deck.format)
    fork = services.fork_deck(deck, owner_id=bob.pk)
    reader = Client()
    reader.force_login(bob)
    assert "forked from" in reader.get(f"/d/{fork.share_id}/history/").content.decode()
    assert f"/d/{deck.share_id}/v/1/" in reader.get(f"/d/{fork.share_id}/v/1/").content.decode()
    services.update_details(deck, name="Blaze", description="", visibility="private", format=deck.format)
    assert f"/d/{deck.share_id}/" not in reader.get(f"/d/{fork.share_id}/history/").content.decode()
