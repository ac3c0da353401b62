"""In a real browser, with a real worker, for each game: a new visitor opens the sample deck, forks it
and runs the goldfish with the form as it comes, on a desktop screen and on a phone."""

import re

import pytest
from django.core.management import call_command
from playwright.sync_api import Page, expect

from decks.goldfish import runs
from decks.models import Deck, SimulationRun

pytestmark = [pytest.mark.browser, pytest.mark.worker]

SCREENS = {"desktop": {"width": 1280, "height": 900}, "phone": {"width": 390, "height": 844}}


def fork_the_sample_and_goldfish_it(page: Page, sample: Deck) -> SimulationRun:
    page.goto("/decks/public/")
    page.get_by_role("link", name=sample.name, exact=True).first.click()
    page.wait_for_url(f"**/d/{sample.share_id}/")
    page.get_by_role("button", name="Fork", exact=True).click()
    page.wait_for_url(lambda url: re.search(r"/d/[^/]+/$", url) and sample.share_id not in url)
    fork = Deck.objects.get(share_id=page.url.rstrip("/").rsplit("/", 1)[-1])
    assert fork.forked_from_id == sample.pk

    page.get_by_role("link", name="Goldfish", exact=True).first.click()
    page.get_by_text("Settings: how the autopilot plays").click()  # look at them, change nothing
    assert_no_sideways_scroll(page)
    page.get_by_role("button", name="Run").click()  # every setting as it comes
    page.wait_for_url(re.compile(r"/goldfish/\d+/$"))
    expect(page.locator("svg.chart")).to_be_visible(timeout=120_000)
    expect(page.locator(".kill-table")).to_contain_text("Average turn of a win")
    expect(page.locator(".run-settings")).to_contain_text("an opponent who does nothing")
    expect(page.locator(".card-text")).to_contain_text("of the deck's cards were played with all their text")
    not_played = runs.card_text(SimulationRun.objects.get(deck=fork)).not_played  # FFTCG's sample: none
    expect(page.locator(".unplayed-text li")).to_have_count(len(not_played))
    assert_no_sideways_scroll(page)
    page.get_by_role("link", name="Goldfish", exact=True).first.click()  # the list of runs
    expect(page.locator("table.runs")).to_contain_text("Done")
    assert_no_sideways_scroll(page)
    return SimulationRun.objects.get(deck=fork)


def assert_no_sideways_scroll(page: Page) -> None:
    overflow = page.evaluate("document.documentElement.scrollWidth - document.documentElement.clientWidth")
    assert overflow <= 0, f"{page.url} scrolls sideways by {overflow} px"


# One broker is enough here (the embedded one, on every machine): other worker tests cover Redis.
@pytest.mark.parametrize("live_worker", ["embedded"], indirect=True)
@pytest.mark.parametrize("game_id", ["fftcg", "dbsfw", "gbf", "fireforce"])
def test_a_new_visitor_forks_the_sample_and_goldfishes_it_untouched(
    game_id, live_worker, browser, live_server, settings
):
    settings.RATE_LIMITS = {}
    call_command("loadsamples", verbosity=0)
    sample = Deck.objects.get(game_id=game_id, owner__isnull=True)
    for screen, viewport in SCREENS.items():
        context = browser.new_context(base_url=live_server.url, viewport=viewport)
        try:
            page = context.new_page()
            page.set_default_timeout(15_000)
            run = fork_the_sample_and_goldfish_it(page, sample)
        finally:
            context.close()
        assert run.status == "done", (screen, run.error, live_worker.log_text()[-3000:])
        assert run.games == 20_000  # the form's 10,000 per play order, both orders
