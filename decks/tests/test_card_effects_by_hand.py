"""Maintainers correct what the goldfish reads from a card: effects set by hand, kept across imports."""

import json
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.urls import reverse

from decks.convert import card_to_engine
from decks.models import Card
from engine.effects import Effect
from engine.played_text import PLAYED, UNPLAYED, card_parts

pytestmark = pytest.mark.django_db

FFTCG_FILE = (
    Path(__file__).resolve().parents[2] / "engine" / "tests" / "fixtures" / "import" / "fftcg_get_cards.json"
)
SPRITE = "FX-010H"  # "Dull Feather Sprite: choose 1 Forward you control. It gains Haste ...": not read
NOT_READ = (
    "Not read: <q>Dull Feather Sprite: choose 1 Forward you control. It gains Haste until the end of the"
    " turn.</q>"
)


def url(number: str = SPRITE, game: str = "fftcg") -> str:
    return reverse("decks:maintain-effects", args=[game, number])


def test_effects_set_by_hand_are_played_and_shown(samples, staff):
    card = Card.objects.get(game_id="fftcg", number=SPRITE)
    assert [p.status for p in card_parts("fftcg", card_to_engine(card), {})] == [UNPLAYED]
    page = staff.get(url()).content.decode()
    assert NOT_READ in page
    assert "<pre>[]</pre>" in page  # nothing read from it
    skyharbor = staff.get(url("FX-008R")).content.decode()
    read = '[{"when": "enters", "do": "draw", "n": 1}]'.replace('"', "&quot;")
    assert f"<pre>{read}</pre>" in skyharbor

    response = staff.post(url(), {"effects": '[{"when": "enters", "do": "draw", "n": 1}]'})
    assert response.status_code == 302
    card.refresh_from_db()
    assert card_to_engine(card).effects == (Effect("enters", "draw", 1),)
    assert [p.status for p in card_parts("fftcg", card_to_engine(card), {})] == [PLAYED]
    page = staff.get(reverse("decks:card", args=["fftcg", SPRITE])).content.decode()
    assert "Its effects are set by hand by a maintainer." in page
    assert "Effects</dt>" not in page  # not listed again among the card's facts

    staff.post(url(), {"effects": ""})  # back to reading the text
    card.refresh_from_db()
    assert "effects" not in card.data and card_to_engine(card).effects is None


def test_an_empty_list_plays_the_card_as_vanilla(samples, staff):
    staff.post(url(), {"effects": "[]"})
    card = Card.objects.get(game_id="fftcg", number=SPRITE)
    assert card_to_engine(card).effects == ()
    assert [p.status for p in card_parts("fftcg", card_to_engine(card), {})] == [PLAYED]


@pytest.mark.parametrize(
    ("posted", "message"),
    [
        ("[{when: enters}]", "Not valid JSON"),
        ('[{"when": "enters", "do": "fly"}]', "&#x27;do&#x27; must be one of"),
        ('[{"when": "enters", "do": "draw", "n": 1000}]', "&#x27;n&#x27; must be a whole number"),
        ('{"when": "enters"}', "&#x27;effects&#x27; must be a list"),
    ],
)
def test_bad_effects_are_refused_with_the_reason_and_nothing_changes(samples, staff, posted, message):
    response = staff.post(url(), {"effects": posted})
    assert response.status_code == 200 and message in response.content.decode()
    assert "effects" not in Card.objects.get(game_id="fftcg", number=SPRITE).data


def test_only_maintainers(samples, client, staff):
    assert client.get(url()).status_code == 302  # to the login page
    assert client.post(url(), {"effects": "[]"}).status_code == 302
    assert "effects" not in Card.objects.get(game_id="fftcg", number=SPRITE).data
    assert staff.get(url("NOPE-1")).status_code == 404
    card_page = staff.get(reverse("decks:card", args=["fftcg", SPRITE])).content.decode()
    assert "Correct what the goldfish plays of this card" in card_page
    assert (
        "Correct what the goldfish plays"
        not in client.get(reverse("decks:card", args=["fftcg", SPRITE])).content.decode()
    )


def test_a_later_import_keeps_the_effects_set_by_hand(staff, tmp_path):
    call_command("import_cards", "fftcg", "--from-file", str(FFTCG_FILE), stdout=StringIO())
    card = Card.objects.get(game_id="fftcg", base_number="99-001")
    staff.post(url(card.number), {"effects": '[{"when": "attacks", "do": "damage", "n": 1}]'})
    data = json.loads(FFTCG_FILE.read_text(encoding="utf-8"))
    data["cards"][0]["power"] = "8000"  # the card changes in the publisher's list
    path = tmp_path / "cards.json"
    path.write_text(json.dumps(data), encoding="utf-8")
    call_command("import_cards", "fftcg", "--from-file", str(path), stdout=StringIO())
    card.refresh_from_db()
    assert card.power == 8000
    assert card.data["effects"] == [{"when": "attacks", "do": "damage", "n": 1}]
