"""Maintainers add and edit GBF and Fire Force cards; the form checks them like an import does."""

import pytest
from django.contrib.auth.models import User
from django.test import Client
from django.urls import reverse

from decks.models import Card

pytestmark = pytest.mark.django_db

CAPTAIN = {
    "card_no": "ZX01-001G",
    "type": "captain",
    "name": "[試しの剣]オメガ(男)",
    "attribute": "fire",
    "rank": "0",
    "hp": "6",
    "atk": "2",
    "race": "ヒューマン",
    "text": "登場時:カードを1枚引く。",
}


def test_a_new_gbf_captain_is_stored_with_its_name_split(staff):
    response = staff.post(reverse("decks:maintain-new", args=["gbf"]), CAPTAIN)
    card = Card.objects.get(game_id="gbf", number="ZX01-001G")
    assert response["Location"] == reverse("decks:maintain-card", args=["gbf", "ZX01-001G"])
    assert card.base_number == "ZX01-001"
    assert (card.data["character_name"], card.data["epithet"], card.data["version"]) == (
        "オメガ",
        "試しの剣",
        "男",
    )
    assert card.data["gender"] == "male"
    assert card.colors == ["fire"]


def test_a_captain_without_a_gender_is_refused_with_the_reason(staff):
    response = staff.post(
        reverse("decks:maintain-new", args=["gbf"]), {**CAPTAIN, "name": "[試しの剣]オメガ"}
    )
    assert response.status_code == 200
    assert "needs a gender" in response.content.decode()
    assert not Card.objects.exists()


def test_editing_keeps_the_number_and_changes_the_rest(staff):
    staff.post(reverse("decks:maintain-new", args=["gbf"]), CAPTAIN)
    url = reverse("decks:maintain-card", args=["gbf", "ZX01-001G"])
    form = staff.get(url).content.decode()
    assert 'value="[試しの剣]オメガ(男)"' in form
    staff.post(url, {**CAPTAIN, "card_no": "ZZ99-999", "atk": "3"})  # a disabled field is not taken
    card = Card.objects.get(game_id="gbf")
    assert (card.number, card.data["atk"]) == ("ZX01-001G", 3)


def test_a_fire_force_unit_with_flame_and_an_icon(staff):
    unit = {"card_no": "zx-010", "type": "unit", "name": "試験隊員", "cost": "2", "power": "3000",
            "has_flame": "true", "icons": "assault", "text": ""}  # fmt: skip
    staff.post(reverse("decks:maintain-new", args=["fireforce"]), unit)
    card = Card.objects.get(game_id="fireforce")
    assert card.number == "ZX-010"
    assert sorted(card.keywords) == ["assault", "has-flame"]


def test_only_staff_and_only_hand_kept_games():
    player = Client()
    player.force_login(User.objects.create_user("player", password="x-long-password-6"))
    assert player.get(reverse("decks:maintain-new", args=["gbf"])).status_code == 302
    assert player.post(reverse("decks:maintain-new", args=["gbf"]), CAPTAIN).status_code == 302
    assert not Card.objects.exists()
    staff = Client()
    staff.force_login(User.objects.create_user("staff", password="x-long-password-5", is_staff=True))
    assert staff.get(reverse("decks:maintain-new", args=["fftcg"])).status_code == 404
