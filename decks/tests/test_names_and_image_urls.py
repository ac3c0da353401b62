"""Issue 31, item 9: a card image address is https (http too while debugging) wherever it enters, and no
name or title keeps a bidirectional override, isolate or NUL, wherever it enters."""

import importlib
import json

import pytest
from django.apps import apps
from django.urls import reverse

from decks.api.auth import create_token
from decks.maintenance.importing import import_cards
from decks.models import APIToken, Card, CardSet, Deck
from engine.importers import parse_official, parse_project_json

pytestmark = pytest.mark.django_db

UNIT = {"card_no": "FF01-001", "type": "unit", "name": "試験隊員", "cost": "2", "power": "3000"}
HIDDEN = "\u202e\u2066\x00"  # right-to-left override, left-to-right isolate, NUL
SPOOF = f"Gob{HIDDEN}lin\u202c Deck\u2069"


@pytest.mark.parametrize(
    "url", ["javascript:alert(document.cookie)", "data:image/svg+xml,<svg/onload=alert(1)>", "ftp://x/a.jpg"]
)
def test_the_staff_form_refuses_an_image_address_that_is_not_https(staff, url):
    response = staff.post(reverse("decks:maintain-new", args=["fireforce"]), {**UNIT, "image_url": url})
    assert response.status_code == 200
    assert "An image address starts with https://" in response.content.decode()
    assert not Card.objects.exists()


def test_plain_http_is_taken_only_while_debugging(staff, settings):
    form = {**UNIT, "image_url": "http://127.0.0.1:8000/static/a.jpg"}
    settings.DEBUG = False
    staff.post(reverse("decks:maintain-new", args=["fireforce"]), form)
    assert not Card.objects.exists()
    settings.DEBUG = True
    staff.post(reverse("decks:maintain-new", args=["fireforce"]), form)
    assert Card.objects.get().image_url == "http://127.0.0.1:8000/static/a.jpg"


def test_an_https_image_address_is_stored(staff):
    url = "https://example.com/cards/FF01-001.webp"
    staff.post(reverse("decks:maintain-new", args=["fireforce"]), {**UNIT, "image_url": url})
    assert Card.objects.get().image_url == url


def test_an_import_file_rejects_a_script_address_and_keeps_the_other_cards():
    parsed = parse_project_json(
        [{**UNIT, "image_url": "javascript:alert(1)"}, {**UNIT, "card_no": "FF01-002"}], "fireforce"
    )
    summary = import_cards("fireforce", parsed)
    assert summary.added == 1
    assert summary.rejected[0].reason == (
        "Card FF01-001: An image address starts with https:// and a host name, like https://example.com/card.jpg."
    )


def test_the_official_list_cannot_bring_one_in_either():
    record = {"code": "1-001H", "name_en": "Probe", "type_en": "Forward", "element": ["火"], "cost": "2",
              "images": {"full": ["javascript:alert(1)"]}}  # fmt: skip
    summary = import_cards("fftcg", parse_official({"cards": [record]}))
    assert summary.added == 0 and "An image address starts with https://" in summary.rejected[0].reason


def test_a_card_name_from_the_form_or_a_file_loses_hidden_characters(staff):
    # (The form's fields refuse a NUL, as every Django text field does; the rest it removes.)
    staff.post(reverse("decks:maintain-new", args=["fireforce"]), {**UNIT, "name": "試験\u202e\u2066隊員"})
    official = {"code": "1-001H", "name_en": f"Cloud{HIDDEN}", "type_en": "Forward", "element": ["火"],
                "cost": "2", "set": [f"Opus{HIDDEN} I"]}  # fmt: skip
    import_cards("fftcg", parse_official({"cards": [official]}))
    assert Card.objects.get(game_id="fireforce").name == "試験隊員"
    assert Card.objects.get(game_id="fftcg").name == "Cloud"
    assert CardSet.objects.get(game_id="fftcg").name == "Opus I"


def test_the_new_deck_form_and_the_settings_clean_the_deck_name(alice_client, samples):
    alice_client.post("/decks/new/fftcg/", {"name": SPOOF})
    deck = Deck.objects.get(owner__username="alice")
    assert deck.name == "Goblin Deck"
    form = {"name": f"Renamed{HIDDEN}", "description": "", "visibility": "private", "format": "constructed"}
    alice_client.post(f"/d/{deck.share_id}/settings", form)
    deck.refresh_from_db()
    assert deck.name == "Renamed"


def test_a_name_of_hidden_characters_alone_is_no_name(alice_client, samples):
    alice_client.post("/decks/new/fftcg/", {"name": "Mine"})
    deck = Deck.objects.get(owner__username="alice")
    form = {"name": "\u202e\u2066", "description": "", "visibility": "private", "format": "constructed"}
    response = alice_client.post(f"/d/{deck.share_id}/settings", form)
    assert "This field is required." in response.content.decode()
    deck.refresh_from_db()
    assert deck.name == "Mine"


def test_a_deck_files_name_loses_them(alice_client, samples):
    text = json.dumps(
        {"game": "fftcg", "name": SPOOF, "sections": {"main": [{"card": "FX-001C", "count": 3}]}}
    )
    alice_client.post("/decks/new/fftcg/", {"text": text})
    assert Deck.objects.get(owner__username="alice").name == "Goblin Deck"


def test_the_api_cleans_names_on_create_and_patch(alice_client, samples):
    body = {"game": "fftcg", "name": f"Gob{chr(0x202E)}lin{chr(0x2069)}"}
    created = alice_client.post("/api/v1/decks", body, content_type="application/json")
    assert created.status_code == 201 and created.json()["name"] == "Goblin"
    share = created.json()["deck"]
    patched = alice_client.patch(
        f"/api/v1/decks/{share}", {"name": f"{chr(0x202D)}Patched"}, content_type="application/json"
    )
    assert patched.json()["name"] == "Patched"
    assert Deck.objects.get(share_id=share).name == "Patched"


def test_an_api_key_name_loses_them(alice, alice_client):
    alice_client.post("/accounts/api-keys/", {"name": f"laptop{HIDDEN}"})
    create_token(alice, f"{chr(0x202E)}script")  # manage.py create_api_token's path
    assert sorted(APIToken.objects.values_list("name", flat=True)) == ["laptop", "script"]


def test_addresses_stored_before_the_check_that_are_no_web_address_are_dropped(samples):
    # Migration 0025: a card saved with a script address before the check is drawn from its data.
    migration = importlib.import_module("decks.migrations.0025_card_image_addresses_web_only")
    cards = Card.objects.filter(game_id="gbf").order_by("number")[:4]
    urls = [
        "javascript:alert(1)",
        "data:image/png;base64,AAAA",
        "https://img.example/a.png",
        "http://x.example/b",
    ]
    for card, url in zip(cards, urls, strict=True):
        Card.objects.filter(pk=card.pk).update(image_url=url)
    migration.drop_addresses_that_are_not_web(apps, None)
    kept = [Card.objects.get(pk=card.pk).image_url for card in cards]
    assert kept == ["", "", "https://img.example/a.png", "http://x.example/b"]
