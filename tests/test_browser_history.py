"""In a real browser, desktop and phone size: a deck's history lists its versions with what each changed,
and restoring an earlier one gives the deck its list back as a new version (issue 16)."""

import re

import pytest
from playwright.sync_api import expect

from decks.models import Deck, DeckVersion

pytestmark = pytest.mark.browser


@pytest.mark.parametrize("width", [390, 1280])
def test_restore_a_version_from_the_history(samples_page, width):
    page = samples_page(width)
    sample = Deck.objects.get(game_id="fftcg", owner__isnull=True)
    page.goto(f"/d/{sample.share_id}/")
    page.get_by_role("button", name="Fork", exact=True).click()
    page.wait_for_url(re.compile(r"/d/[^/]+/$"))
    fork = Deck.objects.exclude(pk=sample.pk).get(game_id="fftcg", forked_from=sample)
    first = fork.versions.get()
    first.updated_at -= DeckVersion.FOLD_WITHIN * 2  # the player comes back later: a new version
    first.save(update_fields=("updated_at",))
    page.get_by_role("button", name="Remove one Gale Scout").click()
    expect(page.locator("#minus-main-FX-001C").locator("xpath=..")).to_contain_text("2")

    page.locator(".tabs").get_by_role("link", name="History", exact=True).click()
    expect(page.get_by_role("heading", name=re.compile("^Version 2"))).to_be_visible()
    expect(page.locator("#v2 .changes")).to_contain_text("Gale Scout")
    expect(page.locator("#v2 .changes .delta")).to_have_text("-1")
    page.get_by_role("link", name="Version 1", exact=True).click()
    expect(page.get_by_role("heading", level=1)).to_contain_text("version 1")
    page.get_by_role("button", name="Restore this version").click()

    page.wait_for_url(f"**/d/{fork.share_id}/v/3/")
    expect(page.get_by_role("heading", level=1)).to_contain_text("version 3")
    expect(page.locator("h1 .badge")).to_have_text("current")
    expect(page.get_by_text("restores")).to_be_visible()
    expect(page.get_by_role("button", name="Restore this version")).to_have_count(0)
    assert fork.entries.get(card__number="FX-001C").count == 3
    width_used = page.evaluate("document.documentElement.scrollWidth")
    assert width_used <= width, f"the page is {width_used} px wide"
