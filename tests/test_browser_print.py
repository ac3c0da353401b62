"""In a real browser: the Export tab's picture and registration sheet, and the deck page as it prints
(issue 35, items 2 and 4)."""

import pytest
from playwright.sync_api import expect

from decks.models import Deck

pytestmark = pytest.mark.browser


def _sample() -> Deck:
    return Deck.objects.get(game_id="fftcg", owner__isnull=True, description__startswith="A legal")


def test_the_deck_page_prints_its_list_without_menus_forms_or_panels(samples_page):
    page = samples_page(1280)
    page.goto(f"/d/{_sample().share_id}/")
    expect(page.locator(".site-header")).to_be_visible()
    page.emulate_media(media="print")
    for hidden in (".site-header", "nav.tabs", "#stats", "#hand", ".site-footer"):
        expect(page.locator(hidden)).to_be_hidden()
    expect(page.locator("#legality")).to_be_visible()
    expect(page.locator("#section-main .row")).to_have_count(_sample().entries.filter(section="main").count())


def test_the_export_tab_shows_the_picture_and_downloads_the_sheet(samples_page):
    page = samples_page(390)
    page.goto(f"/d/{_sample().share_id}/export/")
    picture = page.locator("img.deck-picture")
    expect(picture).to_be_visible()
    page.wait_for_function("document.querySelector('img.deck-picture').complete")
    assert picture.evaluate("img => img.naturalWidth") == 1200
    page.get_by_label("Player name").fill("Ada Lovelace")
    with page.expect_response(lambda r: "sheet.pdf" in r.url) as answer:
        page.get_by_role("button", name="Registration sheet (PDF, Letter)").click()
    response = answer.value
    assert response.status == 200 and response.headers["content-type"] == "application/pdf"
    assert "paper=letter" in response.url and "player=Ada+Lovelace" in response.url
