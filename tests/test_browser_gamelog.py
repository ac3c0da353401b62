"""In a real browser, phone and desktop size: a player records real games with their deck in a click or
two and reads the record, with its charts; the totals go on the deck page only when they say so
(issue 36)."""

import re

import pytest
from playwright.sync_api import expect

from decks.models import Deck, PlayedGame

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("width", [390, 1280])
def test_record_games_and_read_the_record(samples_page, width):
    page = samples_page(width)
    sample = Deck.objects.get(game_id="fftcg", owner__isnull=True)
    page.goto(f"/d/{sample.share_id}/")
    expect(page.locator(".tabs").get_by_role("link", name="Games", exact=True)).to_have_count(0)  # not mine
    page.get_by_role("button", name="Fork", exact=True).click()
    page.wait_for_url(re.compile(r"/d/[^/]+/$"))
    fork = Deck.objects.get(game_id="fftcg", forked_from=sample)

    page.locator(".tabs").get_by_role("link", name="Games", exact=True).click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("Games with")
    expect(page.get_by_text("No games yet")).to_be_visible()
    # One click: the defaults (today, casual, the current version, going first, kept).
    page.get_by_role("button", name="Won", exact=True).click()
    expect(page.get_by_role("status")).to_contain_text("Recorded a win")
    # Two more clicks and a turn: going second, lost on turn 6, against Fire.
    page.get_by_label("Going second").check()
    page.get_by_label("Ended on turn").fill("6")
    page.get_by_label("Opponent's elements").fill("Fire")
    page.get_by_role("button", name="Lost", exact=True).click()
    expect(page.get_by_role("status")).to_contain_text("Recorded a loss")
    page.get_by_label("Ended on turn").fill("5")
    page.get_by_role("button", name="Won", exact=True).click()

    assert list(PlayedGame.objects.filter(deck=fork).order_by("pk").values_list("result", "went_first")) == [
        ("win", True),
        ("loss", False),
        ("win", True),
    ]
    expect(page.locator(".record-total")).to_contain_text("3 games")
    expect(page.locator(".record-total")).to_contain_text("67 % won")
    expect(page.locator(".record-table")).to_contain_text("turn 5.0 on average")
    expect(page.locator("svg.intervals")).to_have_count(3)
    expect(page.locator(".games-table tbody tr")).to_have_count(3)
    expect(page.locator(".split-table").first).to_contain_text("Fire")

    page.get_by_role("button", name="Show the totals on the deck page").click()
    page.locator(".tabs").get_by_role("link", name="Deck", exact=True).click()
    expect(page.locator(".deck-record")).to_have_text(
        "Played 3 real games: 2 wins, 1 loss, 0 draws (67 % won)."
    )
    page.go_back()
    width_used = page.evaluate("document.documentElement.scrollWidth")
    assert width_used <= width, f"the page is {width_used} px wide"
