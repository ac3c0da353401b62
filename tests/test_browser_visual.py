"""In a real browser, desktop and phone size: the visual deck list shows the sample deck as a grid of card
faces with their copies, fits the screen, and a face leads to its card page (issue 16)."""

import pytest
from playwright.sync_api import expect

from decks.models import Deck

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("width", [390, 1280])
def test_the_sample_deck_as_a_grid_of_faces(samples_page, width):
    page = samples_page(width)
    sample = Deck.objects.get(game_id="fftcg", owner__isnull=True)
    page.goto(f"/d/{sample.share_id}/")
    page.locator(".tabs").get_by_role("link", name="Visual").click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("as cards")
    faces = page.locator(".face-grid li")
    expect(faces).to_have_count(sample.entries.count())
    first = faces.first
    expect(first.locator(".card-face")).to_be_visible()
    expect(first.locator(".face-count")).to_be_visible()
    columns = page.locator(".face-grid").first.evaluate(
        "g => getComputedStyle(g).gridTemplateColumns.split(' ').length"
    )
    assert columns >= (2 if width < 500 else 5), f"{columns} columns at {width} px"
    width_used = page.evaluate("document.documentElement.scrollWidth")
    assert width_used <= width, f"the page is {width_used} px wide"
    tabs = page.locator(".tabs")
    assert tabs.evaluate("t => t.scrollWidth <= t.clientWidth + 1"), "the deck tabs do not fit"
    first.locator("a").click()
    page.wait_for_url("**/cards/fftcg/*/")
