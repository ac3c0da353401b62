"""Issue 31, item 5: a card number with "/", "..", "?", "#" or "%2F" gets in nowhere, and a page that lists
cards never fails because of one such row already stored."""

import json

import pytest
from django.urls import reverse

from decks.builder import services
from decks.maintenance.importing import import_cards, read_source
from decks.models import Card, CardSet, Deck
from engine.importers import parse_official, parse_project_json

pytestmark = pytest.mark.django_db

HOSTILE = ["FF99/001", "..", "?", "#", "%2F"]
UNIT = {"type": "unit", "name": "試験隊員", "cost": "2", "power": "3000", "has_flame": "false"}


@pytest.mark.parametrize("number", HOSTILE)
def test_the_staff_form_refuses_the_number_and_every_page_still_answers(staff, number):
    response = staff.post(reverse("decks:maintain-new", args=["fireforce"]), {**UNIT, "card_no": number})
    assert response.status_code == 200
    assert "is not a Fire Force TCG card number" in response.content.decode()
    assert not Card.objects.filter(game_id="fireforce").exists()
    assert staff.get("/cards/fireforce/").status_code == 200
    assert staff.get("/maintain/fireforce/").status_code == 200


def test_a_good_number_from_the_form_still_goes_to_its_page(staff):
    response = staff.post(reverse("decks:maintain-new", args=["fireforce"]), {**UNIT, "card_no": "FF01-001"})
    assert response["Location"] == "/maintain/fireforce/FF01-001/"


def test_an_import_file_rejects_each_such_record_and_stores_the_others(tmp_path):
    records = [{**UNIT, "card_no": number} for number in [*HOSTILE, "FF01-002"]]
    path = tmp_path / "cards.json"
    path.write_text(json.dumps({"game": "fireforce", "cards": records}), encoding="utf-8")
    summary = import_cards("fireforce", read_source("fireforce", path))
    assert summary.added == 1
    assert [r.index for r in summary.rejected] == [1, 2, 3, 4, 5]
    assert all("is not a Fire Force TCG card number" in r.reason for r in summary.rejected)
    assert list(Card.objects.filter(game_id="fireforce").values_list("number", flat=True)) == ["FF01-002"]


def test_a_gbf_csv_line_with_such_a_number_is_rejected(tmp_path):
    parsed = parse_project_json(
        [{"card_no": "BO01-001/..", "type": "summon", "name": "[試し]バハムート", "attribute": "dark"}], "gbf"
    )
    summary = import_cards("gbf", parsed)
    assert summary.added == 0
    assert "'BO01-001/..' is not a Granblue Fantasy TCG card number" in summary.rejected[0].reason


def _official(code: str) -> dict:
    return {
        "code": code,
        "name_en": "Probe",
        "type_en": "Forward",
        "element": ["火"],
        "cost": "2",
        "power": "5000",
        "rarity": "C",
    }


@pytest.mark.parametrize("code", ["1-001H/..", "1-001H/%2F", "?", "#", "FF99"])
def test_the_official_list_cannot_bring_one_in_either(code):
    """The official import parses the publisher's list (fetched, then parse_official) and stores it here;
    a code joined by "/" is two numbers, the second kept as an alias that names the card too."""
    summary = import_cards("fftcg", parse_official({"cards": [_official(code), _official("1-002C")]}))
    assert summary.added == 1
    assert "is not a Final Fantasy TCG card number" in summary.rejected[0].reason
    assert list(Card.objects.filter(game_id="fftcg").values_list("number", flat=True)) == ["1-002C"]


def test_a_reprint_joined_by_a_slash_is_still_read_as_two_numbers():
    summary = import_cards("fftcg", parse_official({"cards": [_official("8-066C/3-071H")]}))
    assert (summary.added, summary.rejected) == (1, [])
    assert Card.objects.get(game_id="fftcg").aliases == ["3-071H"]


@pytest.mark.parametrize("number", HOSTILE)
def test_a_deck_file_naming_such_a_number_is_refused_on_the_page(alice_client, number, samples):
    text = json.dumps({"game": "fftcg", "sections": {"main": [{"card": number, "count": 1}]}})
    response = alice_client.post("/decks/new/fftcg/", {"name": "Probe", "text": text})
    assert response.status_code == 200
    assert "is not a Final Fantasy TCG card number" in response.content.decode()


@pytest.mark.parametrize("number", HOSTILE)
def test_the_api_refuses_such_a_number(alice_client, number):
    body = {"game": "fftcg", "sections": {"main": [{"card": number, "count": 1}]}}
    response = alice_client.post("/api/v1/decks", body, content_type="application/json")
    assert response.status_code == 422


def test_the_api_refuses_a_number_of_another_games_shape(alice_client, samples):
    """ANY_CARD_NUMBER lets the API path through; the deck file reader knows the game and refuses it."""
    body = {"game": "fftcg", "sections": {"main": [{"card": "FB01-001_p1", "count": 1}]}}
    response = alice_client.post("/api/v1/decks", body, content_type="application/json")
    assert response.status_code == 422
    assert "is not a Final Fantasy TCG card number" in response.json()["detail"]


@pytest.fixture
def stored_bad_row(samples) -> Card:
    """A row stored before numbers were checked, as the probe of issue 31 left one."""
    sample = Card.objects.filter(game_id="fireforce", type="unit").first()
    return Card.objects.create(
        game_id="fireforce",
        card_set=CardSet.objects.get(game_id="fireforce", code=sample.card_set.code),
        number="FF99/001",
        base_number="FF99/001",
        name="Slash Probe",
        type="unit",
        cost=1,
        power=1000,
    )


def test_the_card_lists_show_a_stored_bad_row_without_a_link(staff, stored_bad_row):
    for url in ("/cards/fireforce/?q=Slash", "/maintain/fireforce/"):
        response = staff.get(url)
        html = response.content.decode()
        assert response.status_code == 200, url
        assert "Slash Probe" in html and "FF99/001/" not in html, url
    assert (
        '<span class="card-name">Slash Probe</span>'
        in staff.get("/cards/fireforce/?q=Slash").content.decode()
    )
    maintained = staff.get("/maintain/fireforce/").content.decode()
    assert "<td>FF99/001</td>" in maintained
    assert 'href="/maintain/fireforce/FF99/001/"' not in maintained
    assert 'href="/maintain/fireforce/ZF1-001/"' in maintained


def test_a_deck_holding_a_stored_bad_row_still_shows_every_page(alice, alice_client, stored_bad_row):
    deck = services.fork_deck(Deck.objects.get(game_id="fireforce", owner__isnull=True), owner_id=alice.pk)
    services.set_card_count(deck, stored_bad_row, "main", 1)
    for tab in ("", "visual/", "history/", "v/1/", "export/", "deck.json"):
        assert alice_client.get(f"/d/{deck.share_id}/{tab}").status_code == 200, tab
    for tab in ("", "visual/", "v/1/"):
        assert "Slash Probe" in alice_client.get(f"/d/{deck.share_id}/{tab}").content.decode(), tab
