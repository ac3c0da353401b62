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


@pytest.mark.parametrize("width", [390, 1280])
def test_the_odds_table_says_when_it_scrolls_sideways(samples_page, width):
    # At 390 px the sample's table (card, copies, T0 to T5, group) is wider than its box: a hint above it
    # names what is out of sight and a shadow marks the right edge until the box is scrolled to its end.
    # At 1280 px it fits: no hint, no shadow.
    page = samples_page(width, 844)
    sample = Deck.objects.get(game_id="fftcg", owner__isnull=True)
    page.goto(f"/d/{sample.share_id}/")
    box = page.locator("#stats .table-scroll")
    frame = page.locator("#stats .scroll-frame")
    hint = page.locator("#stats .scroll-hint")
    box.scroll_into_view_if_needed()
    overflows = box.evaluate("b => b.scrollWidth > b.clientWidth")
    assert overflows == (width == 390)
    if not overflows:
        expect(hint).to_be_hidden()
        expect(frame).not_to_have_attribute("data-more-right", "")
        return
    expect(hint).to_be_visible()
    expect(hint).to_contain_text("sideways for turns up to T5 and the Group column")
    expect(frame).to_have_attribute("data-more-right", "")
    shadow = frame.evaluate("f => getComputedStyle(f, '::after').backgroundImage")
    assert "linear-gradient" in shadow, shadow
    caption = page.locator("#odds-caption")
    assert caption.evaluate("c => c.scrollWidth <= c.clientWidth"), "the caption runs off the screen"
    box.evaluate("b => { b.scrollLeft = b.scrollWidth; }")
    expect(frame).not_to_have_attribute("data-more-right", "")
    expect(page.locator("#stats table.odds thead th").last).to_be_in_viewport()

    # The table is swapped by htmx when a setting changes: the new one is checked too.
    page.locator("#stats-turns").fill("3")
    page.locator("#stats-turns").dispatch_event("change")
    expect(page.locator("#stats table.odds thead")).not_to_contain_text("T5")
    expect(hint).to_contain_text("turns up to T3")
