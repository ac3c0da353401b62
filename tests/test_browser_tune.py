"""In a real browser, with a real worker: start a tuning from the Tune tab, watch the bar move, read it."""

import time

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client

from decks.builder import services
from decks.models import Deck, TuningRun

pytestmark = [pytest.mark.browser, pytest.mark.worker]


@pytest.fixture
def logged_in_page(browser, live_server):
    """A page whose browser context carries alice's session cookie."""
    alice = User.objects.create_user("alice", password="a-long-password-1")
    client = Client()
    client.force_login(alice)
    context = browser.new_context(base_url=live_server.url, viewport={"width": 1280, "height": 900})
    context.add_cookies(
        [{"name": settings.SESSION_COOKIE_NAME, "value": client.cookies[settings.SESSION_COOKIE_NAME].value,
          "url": live_server.url}]
    )  # fmt: skip
    page = context.new_page()
    page.alice = alice
    yield page
    context.close()


def test_a_tuning_shows_progress_then_the_ranked_swaps(live_worker, logged_in_page, settings):
    settings.RATE_LIMITS = {}
    call_command("loadsamples", verbosity=0)
    sample = Deck.objects.get(game_id="fftcg", owner__isnull=True)
    deck = services.fork_deck(sample, owner_id=logged_in_page.alice.pk)
    page = logged_in_page

    page.goto(f"/d/{deck.share_id}/")
    page.get_by_role("navigation", name="Deck").get_by_role("link", name="Tune").click()
    page.get_by_label("Games per play order, for each swap").fill("300")
    page.get_by_role("button", name="Find swaps").click()  # every legal swap of the sample card set

    page.locator("progress#tune-progress").wait_for(timeout=10_000)
    run = TuningRun.objects.get(deck=deck)
    seen = set()
    deadline = time.monotonic() + 240
    while time.monotonic() < deadline and page.locator("table.tune-table").count() == 0:
        value = page.evaluate("() => document.querySelector('progress#tune-progress')?.value ?? null")
        if value is not None:
            seen.add(int(value))
        time.sleep(0.2)
    run.refresh_from_db()
    assert run.status == "done", (run.status, run.error, live_worker.log_text()[-3000:])
    assert len({v for v in seen if 0 < v < run.variants}) >= 1, f"the bar did not move: {sorted(seen)}"

    table = page.locator("table.tune-table")
    assert table.locator("tbody tr").count() == min(25, run.variants)
    assert "Holm" in table.locator("caption").text_content()
    top = run.result["rankings"]["mean"][0]
    assert top["cut"] in table.locator("tbody tr").first.text_content()
    page.get_by_role("link", name=f"games won by turn {run.result['baseline']['typical_turn']}").click()
    page.wait_for_url("**?by=share")
    best_share = run.result["rankings"]["share"][0]
    assert best_share["add"] in page.locator("table.tune-table tbody tr").first.text_content()


def test_cancel_stops_a_tuning_in_the_browser(live_worker, logged_in_page, settings):
    settings.RATE_LIMITS = {}
    call_command("loadsamples", verbosity=0)
    sample = Deck.objects.get(game_id="fftcg", owner__isnull=True)
    deck = services.fork_deck(sample, owner_id=logged_in_page.alice.pk)
    page = logged_in_page

    page.goto(f"/d/{deck.share_id}/tune/")
    page.get_by_label("Games per play order, for each swap").fill("20000")  # long enough to cancel
    page.get_by_role("button", name="Find swaps").click()
    page.locator("progress#tune-progress").wait_for(timeout=10_000)
    page.get_by_role("button", name="Cancel").click()
    page.get_by_text("Cancelled after").wait_for(timeout=10_000)
    run = TuningRun.objects.get(deck=deck)
    assert run.status == "cancelled"
    assert run.variants_done < run.variants
