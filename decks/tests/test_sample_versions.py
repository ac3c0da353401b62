"""Every deck's history starts at version 1, the sample decks' too (issue 33, item 5): they are the only
public decks of a fresh site, so a player compares with them and reads their history."""

from __future__ import annotations

import importlib
import re

import pytest
from django.apps import apps
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client

from decks.builder import services
from decks.models import Deck, DeckVersion

first_versions = importlib.import_module("decks.migrations.0022_first_version_of_decks_without_one")


@pytest.fixture
def sample_decks(db) -> list[Deck]:
    call_command("loadsamples", verbosity=0)
    return list(Deck.objects.filter(owner__isnull=True).order_by("game_id"))


def test_each_sample_deck_is_version_1_holding_its_list(sample_decks) -> None:
    assert [d.game_id for d in sample_decks] == ["dbsfw", "fftcg", "fireforce", "gbf"]
    for deck in sample_decks:
        (version,) = deck.versions.all()
        assert version.number == 1
        assert version.cards == services.deck_cards(deck) and version.cards
        assert version.format == deck.format


def test_loading_the_samples_again_makes_no_second_version(sample_decks) -> None:
    call_command("loadsamples", verbosity=0)
    assert DeckVersion.objects.filter(deck__owner__isnull=True).count() == 4


def test_a_sample_has_a_history_and_compares_with_its_version_1(sample_decks) -> None:
    visitor = Client()
    for deck in sample_decks:
        assert "Version 1" in visitor.get(f"/d/{deck.share_id}/history/").content.decode()
        assert visitor.get(f"/d/{deck.share_id}/v/1/").status_code == 200
        html = visitor.get(f"/d/{deck.share_id}/compare/?b=v1").content.decode()
        assert "A and B hold the same cards." in html


def test_a_players_deck_compares_with_a_sample(sample_decks, alice: User, alice_client: Client) -> None:
    sample = next(d for d in sample_decks if d.game_id == "fftcg")
    mine = services.create_deck(game_id="fftcg", name="Mine", owner_id=alice.pk)
    html = alice_client.get(f"/d/{mine.share_id}/compare/?b={sample.share_id}").content.decode()
    text = " ".join(re.sub(r"<[^>]+>", " ", html).split())  # the page as read
    assert f"B: “{sample.name}” version 1" in text and "+3 Gale Scout FX-001C, Main deck: 0 → 3" in text


def test_decks_of_an_existing_database_get_their_version_1(sample_decks) -> None:
    # A database whose samples were loaded before loadsamples recorded versions: the migration gives
    # each deck without a version its list as version 1 and leaves decks with a history alone.
    DeckVersion.objects.filter(deck__owner__isnull=True).delete()
    kept = services.create_deck(game_id="gbf", name="Has a history", owner_id=None, session_key="s")
    first_versions.first_versions(apps, None)
    for deck in sample_decks:
        (version,) = deck.versions.all()
        assert (version.number, version.cards) == (1, services.deck_cards(deck))
    assert kept.versions.count() == 1
