"""A card shows the publisher's image, linked and lazy-loaded, or a frame drawn from its data."""

import pytest
from django.template.loader import render_to_string

from decks.models import Card, CardSet, Game

pytestmark = pytest.mark.django_db


@pytest.fixture
def card() -> Card:
    game = Game.objects.get(id="gbf")
    card_set = CardSet.objects.create(game=game, code="ZX01", name="Test")
    return Card.objects.create(
        game=game, card_set=card_set, number="ZX01-001", base_number="ZX01-001", name="[試しの剣]オメガ(男)",
        type="captain", colors=["fire"], text="登場時:カードを1枚引く。", data={"atk": 2, "hp": 6},
    )  # fmt: skip


def test_a_card_with_an_image_address_links_it_lazily(card):
    card.image_url = "https://images.example/zx01-001.png"
    html = render_to_string("decks/_card_face.html", {"card": card})
    assert '<img class="card-face" src="https://images.example/zx01-001.png"' in html
    assert 'loading="lazy"' in html
    assert "card-frame" not in html


def test_a_card_without_one_gets_a_frame_drawn_from_its_data(card):
    html = render_to_string("decks/_card_face.html", {"card": card})
    assert "<img" not in html
    assert 'class="card-face card-frame game-gbf colour-fire"' in html
    assert "[試しの剣]オメガ(男)" in html
    assert "Captain · fire" in html
    assert "2 / 6" in html  # ATK / HP
    assert "ZX01-001" in html
