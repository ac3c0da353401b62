"""The deck's picture and its link preview (issue 35, items 2 and 3), read as a chat bot reads a link: no
cookies, the page's head, then the image it names."""

import io
import re
from html import unescape

import pytest
from django.contrib.auth.models import User
from django.core.cache import cache
from django.core.management import call_command
from django.test import Client
from PIL import Image

from decks.builder import picture, services
from decks.models import Deck
from decks.tests.test_goldfish_views import finished_run


@pytest.fixture
def alice(db) -> User:
    return User.objects.create_user("alice", password="pw-alice-123")


@pytest.fixture
def alices_deck(alice: User) -> Deck:
    call_command("loadsamples", verbosity=0)
    deck = services.fork_deck(Deck.objects.get(game_id="fftcg", owner__isnull=True), owner_id=alice.pk)
    deck.name, deck.visibility = "Wind tempo", "unlisted"
    deck.save()
    return deck


def _tags(html: str) -> dict[str, str]:
    """The page's Open Graph and Twitter tags, as a link preview bot reads them."""
    found = re.findall(r'<meta (?:property|name)="((?:og|twitter):[^"]+)" content="([^"]*)"', html)
    return {key: unescape(value) for key, value in found}


def _badge_colour(png: bytes, size: str) -> tuple[int, int, int]:
    """The colour behind the legality verdict, at the right end of the header."""
    image = Image.open(io.BytesIO(png)).convert("RGB")
    width, _ = picture.SIZES[size]
    return image.getpixel((width - picture.MARGIN - 4, picture.MARGIN + 66))


def _rgb(colour: str) -> tuple[int, int, int]:
    return tuple(int(colour[i : i + 2], 16) for i in (1, 3, 5))  # type: ignore[return-value]


@pytest.mark.parametrize("size", picture.SIZES)
def test_the_picture_is_a_png_of_its_size_showing_legality(alices_deck, size):
    response = Client().get(f"/d/{alices_deck.share_id}/picture.png", {"size": size})
    assert response.status_code == 200 and response["Content-Type"] == "image/png"
    image = Image.open(io.BytesIO(response.content))
    assert image.format == "PNG" and image.size == picture.SIZES[size]
    assert _badge_colour(response.content, size) == _rgb(picture.LEGAL)


def test_an_illegal_deck_shows_a_red_verdict(alices_deck):
    entry = alices_deck.entries.filter(section="main").first()
    services.set_card_count(alices_deck, entry.card, "main", 5)  # five copies of a card: illegal
    png = picture.draw(alices_deck, "preview")
    assert _badge_colour(png, "preview") == _rgb(picture.ILLEGAL)


def test_the_picture_is_drawn_once_per_deck_version(alices_deck, monkeypatch):
    cache.clear()
    drawn = []
    real_draw = picture.draw
    monkeypatch.setattr(picture, "draw", lambda deck, size: drawn.append(size) or real_draw(deck, size))
    first = picture.deck_picture(alices_deck, "preview")
    assert picture.deck_picture(alices_deck, "preview") == first and drawn == ["preview"]
    entry = alices_deck.entries.filter(section="main").first()
    services.change_card_count(alices_deck, entry.card, "main", -1)
    alices_deck.refresh_from_db()
    picture.deck_picture(alices_deck, "preview")
    assert drawn == ["preview", "preview"]  # a new version, a new picture


def test_a_download_is_a_named_file_and_an_unknown_size_is_404(alices_deck):
    response = Client().get(f"/d/{alices_deck.share_id}/picture.png", {"size": "post", "download": "1"})
    assert response["Content-Disposition"] == 'attachment; filename="wind-tempo-post.png"'
    assert Client().get(f"/d/{alices_deck.share_id}/picture.png", {"size": "huge"}).status_code == 404


def test_a_private_deck_gives_a_stranger_no_picture_and_no_preview(alice, alices_deck):
    alices_deck.visibility = "private"
    alices_deck.save()
    stranger = Client()
    assert stranger.get(f"/d/{alices_deck.share_id}/picture.png").status_code == 404
    assert stranger.get(f"/d/{alices_deck.share_id}/").status_code == 404
    owner = Client()
    owner.force_login(alice)
    assert owner.get(f"/d/{alices_deck.share_id}/picture.png").status_code == 200
    assert _tags(owner.get(f"/d/{alices_deck.share_id}/").content.decode()) == {}  # private: no preview


def test_a_bot_reads_the_preview_tags_and_fetches_their_image(alices_deck):
    bot = Client()  # no cookies, as Discord's, Slack's and X's fetchers come
    tags = _tags(bot.get(f"/d/{alices_deck.share_id}/").content.decode())
    assert tags["og:title"] == tags["twitter:title"] == "Wind tempo"
    assert tags["twitter:card"] == "summary_large_image"
    assert tags["og:image"] == f"http://testserver/d/{alices_deck.share_id}/picture.png"
    assert (tags["og:image:width"], tags["og:image:height"]) == ("1200", "630")
    # The sample deck: 50 cards, Wind on 31 copies and Earth on 22 in the main deck, legal, not yet run.
    assert tags["og:description"].startswith("50 cards · Wind/Earth · legal in Constructed")
    assert "goldfish" not in tags["og:description"]
    image = bot.get(tags["og:image"].removeprefix("http://testserver"))
    assert image.status_code == 200 and Image.open(io.BytesIO(image.content)).size == (1200, 630)


def test_the_preview_names_the_kill_turn_of_the_latest_run(alices_deck):
    finished_run(alices_deck)  # 10 games: 4 won on turn 3, 5 on turn 4; the median kill is turn 4
    description = _tags(Client().get(f"/d/{alices_deck.share_id}/").content.decode())["og:description"]
    assert "legal in Constructed · wins by turn 4 in 90 % of goldfish games" in description


def _png(colour: str, size: tuple[int, int] = (60, 84)) -> bytes:
    out = io.BytesIO()
    Image.new("RGB", size, colour).save(out, "PNG")
    return out.getvalue()


def _give_images(deck: Deck, url: str) -> None:
    for entry in deck.entries.select_related("card"):
        entry.card.image_url = url.format(number=entry.card.number)
        entry.card.save()


def _first_tile_centre(png: bytes) -> tuple[int, int, int]:
    """The colour in the middle of the first card's tile (the header, then the first section's label)."""
    image = Image.open(io.BytesIO(png)).convert("RGB")
    x, y = picture.MARGIN + 12, picture.HEADER + picture.MARGIN + 60
    return image.getpixel((x, y))


def test_card_images_are_fetched_only_when_the_operator_allows_it(
    alices_deck, settings, monkeypatch, tmp_path
):
    settings.VAR_DIR = tmp_path
    fetched = []
    monkeypatch.setattr(picture, "fetch_image", lambda url: fetched.append(url) or _png("#00ff00"))
    _give_images(alices_deck, "https://fftcg.cdn.sewest.net/images/cards/full/{number}_eg.jpg")
    settings.DECK_PICTURE_CARD_IMAGES = False  # the default: frames drawn from the data, nothing fetched
    assert _first_tile_centre(picture.draw(alices_deck, "preview")) != (0, 255, 0) and fetched == []
    settings.DECK_PICTURE_CARD_IMAGES = True
    assert _first_tile_centre(picture.draw(alices_deck, "preview")) == (0, 255, 0)
    distinct = alices_deck.entries.values("card").distinct().count()
    assert len(fetched) == distinct
    picture.draw(alices_deck, "preview")
    assert len(fetched) == distinct  # kept under var/card-images: fetched once


def test_no_image_is_fetched_from_another_host_or_over_http(alices_deck, settings, monkeypatch, tmp_path):
    settings.VAR_DIR, settings.DECK_PICTURE_CARD_IMAGES = tmp_path, True
    fetched = []
    monkeypatch.setattr(picture, "fetch_image", lambda url: fetched.append(url) or _png("#00ff00"))
    for address in ("https://127.0.0.1/{number}.png", "http://fftcg.cdn.sewest.net/{number}.jpg"):
        _give_images(alices_deck, address)
        assert _first_tile_centre(picture.draw(alices_deck, "preview")) != (0, 255, 0)
    assert fetched == []


def test_an_image_that_cannot_be_fetched_leaves_the_frame(alices_deck, settings, monkeypatch, tmp_path):
    settings.VAR_DIR, settings.DECK_PICTURE_CARD_IMAGES = tmp_path, True

    def refuse(url: str) -> bytes:
        raise OSError("connection refused")

    monkeypatch.setattr(picture, "fetch_image", refuse)
    _give_images(alices_deck, "https://fftcg.cdn.sewest.net/images/cards/full/{number}_eg.jpg")
    png = picture.draw(alices_deck, "preview")
    assert Image.open(io.BytesIO(png)).size == (1200, 630)
    assert _first_tile_centre(png) == (255, 255, 255)  # the frame's white card face
