"""In a real browser 390 px wide (a phone), as the owner of each game's deck: the page does not scroll
sideways, the menu folds behind its button, the deck tabs fit, and the odds table scrolls inside itself
with the card column pinned."""

import re

import pytest
from playwright.sync_api import expect

from decks.models import Deck

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("game", ["fftcg", "dbsfw", "gbf", "fireforce"])
def test_the_owners_deck_page_fits_a_phone(samples_page, game):
    page = samples_page(390, 844)
    sample = Deck.objects.get(game_id=game, owner__isnull=True)
    page.goto(f"/d/{sample.share_id}/")
    page.get_by_role("button", name="Fork", exact=True).click()
    page.wait_for_url(lambda url: re.search(r"/d/[^/]+/$", url) and sample.share_id not in url)

    width = page.evaluate("document.documentElement.scrollWidth")
    assert width <= 390, f"the page is {width} px wide"

    menu = page.locator(".site-menu")
    expect(menu).to_be_hidden()
    page.locator(".menu-button").click()
    expect(menu.get_by_role("link", name="My decks")).to_be_visible()

    tabs = page.locator(".deck-page .tabs")
    assert tabs.evaluate("t => t.scrollWidth <= t.clientWidth + 1"), "the deck tabs do not fit"

    box = page.locator("#stats .table-scroll")
    box.scroll_into_view_if_needed()
    assert box.evaluate("b => b.scrollWidth > b.clientWidth"), "the odds table should scroll inside itself"
    card_cell = page.locator("#stats table.odds tbody th").first
    before = card_cell.bounding_box()["x"]
    box.evaluate("b => { b.scrollLeft = 200; }")
    assert abs(card_cell.bounding_box()["x"] - before) < 1, "the card column moved away"
