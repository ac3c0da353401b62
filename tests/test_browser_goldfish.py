"""In a real browser, with a real worker: start a goldfish run, watch the progress bar move, see the chart."""

import time

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client

from decks.builder import services
from decks.models import Deck, SimulationRun

pytestmark = [pytest.mark.browser, pytest.mark.worker]


@pytest.fixture
def logged_in_page(browser, live_server):
    """A page whose browser context carries alice's session cookie."""
    alice = User.objects.create_user("alice", password="a-long-password-1")
    client = Client()
    client.force_login(alice)
    context = browser.new_context(base_url=live_server.url)
    context.add_cookies(
        [{"name": settings.SESSION_COOKIE_NAME, "value": client.cookies[settings.SESSION_COOKIE_NAME].value,
          "url": live_server.url}]
    )  # fmt: skip
    page = context.new_page()
    page.alice = alice
    yield page
    context.close()


def test_a_run_started_from_the_deck_shows_progress_then_the_chart(live_worker, logged_in_page, settings):
    settings.GOLDFISH_MIN_CHUNK_SECONDS = 0.0  # several chunks, so the bar moves in steps
    call_command("loadsamples", verbosity=0)
    sample = Deck.objects.get(game_id="fftcg", owner__isnull=True)
    deck = services.fork_deck(sample, owner_id=logged_in_page.alice.pk)
    page = logged_in_page

    page.goto(f"/d/{deck.share_id}/goldfish/")
    page.get_by_label("Games per play order").fill("400000")
    page.get_by_label("Play order", exact=True).select_option("both")
    page.get_by_role("button", name="Run").click()

    page.locator("progress#run-progress").wait_for(timeout=10_000)
    seen = set()
    deadline = time.monotonic() + 180
    while time.monotonic() < deadline and page.locator("svg.chart").count() == 0:
        # Read the bar in one step: it may be replaced by the chart between two steps.
        value = page.evaluate("() => document.querySelector('progress#run-progress')?.value ?? null")
        if value is not None:
            seen.add(int(value))
        time.sleep(0.3)
    run = SimulationRun.objects.get(deck=deck)
    assert run.status == "done", (run.status, run.error, live_worker.log_text()[-3000:])
    assert len({v for v in seen if 0 < v < 800_000}) >= 2, f"the bar did not move: {sorted(seen)}"

    chart = page.locator("svg.chart")
    assert chart.locator("polyline").count() == 2  # going first and going second
    assert "Share of games won by each own turn" in chart.locator("title").first.text_content()
    assert page.get_by_role("table").get_by_text("Average turn of a win").is_visible()
