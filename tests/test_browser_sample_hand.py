"""In a real browser, on the owner's deck page at common desktop widths: the sample hand's buttons are
reachable and do what they say, whatever the card browser beside them does (it stays in its column)."""

import re

import pytest
from playwright.sync_api import Page, expect

from decks.models import Deck

pytestmark = pytest.mark.browser


def fork_as_visitor(page: Page, game: str) -> None:
    sample = Deck.objects.get(game_id=game, owner__isnull=True)
    page.goto(f"/d/{sample.share_id}/")
    page.get_by_role("button", name="Fork", exact=True).click()
    page.wait_for_url(lambda url: re.search(r"/d/[^/]+/$", url) and sample.share_id not in url)


def click_where_a_player_would(page: Page, name: str) -> None:
    """Scroll the button into view and click the middle of it, as a person does: it fails if anything
    (a sticky panel, say) lies on top, where Playwright's own click would wait or click through."""
    button = page.locator("#hand").get_by_role("link", name=name)
    button.scroll_into_view_if_needed()
    box = button.bounding_box()
    x, y = box["x"] + box["width"] / 2, box["y"] + box["height"] / 2
    on_top = page.evaluate(
        "([x, y]) => { const e = document.elementFromPoint(x, y); return e && e.closest('#hand') !== null; }",
        [x, y],
    )
    assert on_top, f"something covers the {name!r} button"
    page.evaluate("document.getElementById('hand').dataset.old = 'yes'")
    page.mouse.click(x, y)
    # The answer replaces the whole hand section: wait for it, so the next click finds the new one.
    expect(page.locator("#hand[data-old]")).to_have_count(0)


@pytest.mark.parametrize("width", [1024, 1280, 1920])
@pytest.mark.parametrize("game", ["fftcg", "dbsfw"])
def test_new_hand_mulligan_and_draw_work_on_the_owners_deck_page(samples_page, width, game):
    page = samples_page(width)
    fork_as_visitor(page, game)
    expect(page.locator(".browser")).to_be_visible()  # the owner's page, with the card browser
    state = page.locator("#hand .hand-state")
    hand = page.locator("#hand .hand-cards")

    first = hand.inner_text()
    for _ in range(5):  # a new shuffle; five tries make an identical hand by chance negligible
        click_where_a_player_would(page, "New hand")
        if hand.inner_text() != first:
            break
    assert hand.inner_text() != first

    click_where_a_player_would(page, "Mulligan")
    expect(state).to_contain_text("mulliganed")

    click_where_a_player_would(page, "Draw for turn 1")
    expect(state).to_contain_text("after the draw of turn 1")
    click_where_a_player_would(page, "Draw for turn 2")
    expect(state).to_contain_text("after the draw of turn 2")
