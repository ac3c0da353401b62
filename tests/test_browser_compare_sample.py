"""In a real browser at phone and desktop width: a player's fork compared with the sample deck it came
from, both goldfish runs played (in this process, as the workers would), and the overlaid chart's legend
drawn as its lines are: going first solid, going second dashed (issue 33, item 7)."""

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client
from playwright.sync_api import expect

from decks.builder import services
from decks.goldfish import runs
from decks.models import Card, Deck, DeckVersion, SimulationRun

pytestmark = pytest.mark.browser

GAMES = 200

# The legend key's stroke: a plain bar, or the dashes of the going-second lines (stroke-dasharray 6 4).
KEY_STROKE = "k => getComputedStyle(k, '::before').backgroundImage"


@pytest.mark.parametrize("width", [390, 1280])
def test_a_fork_compared_with_the_sample_deck(browser, live_server, settings, width):
    settings.RATE_LIMITS = {}
    call_command("loadsamples", verbosity=0)
    sample = Deck.objects.get(game_id="fftcg", owner__isnull=True)
    alice = User.objects.create_user("alice", password="a-long-password-1")
    fork = services.fork_deck(sample, owner_id=alice.pk)
    first = fork.versions.get()
    first.updated_at -= DeckVersion.FOLD_WITHIN * 2
    first.save(update_fields=("updated_at",))
    services.change_card_count(fork, Card.objects.get(game_id="fftcg", number="FX-001C"), "main", -3)
    client = Client()
    client.force_login(alice)
    context = browser.new_context(base_url=live_server.url, viewport={"width": width, "height": 900})
    context.add_cookies(
        [{"name": settings.SESSION_COOKIE_NAME, "value": client.cookies[settings.SESSION_COOKIE_NAME].value,
          "url": live_server.url}]
    )  # fmt: skip
    page = context.new_page()
    page.set_default_timeout(15_000)
    try:
        page.goto(f"/d/{fork.share_id}/compare/")
        page.get_by_label("Compare with").fill(f"{live_server.url}/d/{sample.share_id}/")
        page.get_by_label("Games per play order").fill(str(GAMES))
        page.get_by_role("button", name="Compare", exact=True).click()
        expect(page.locator(".changes")).to_contain_text("Gale Scout")
        page.get_by_role("button", name="Run the goldfish for both").click()
        expect(page.locator("#compare-goldfish")).to_contain_text("of")  # both runs queued
        assert SimulationRun.objects.count() == 2
        for run in SimulationRun.objects.all():  # what the workers do: every chunk played
            for chunk in run.chunks.all():
                runs.run_chunk(chunk.pk)
        assert {r.deck_id for r in SimulationRun.objects.filter(status="done")} == {fork.pk, sample.pk}
        page.locator("svg.compare-chart").wait_for()
        assert page.locator("svg.compare-chart polyline").count() == 4  # A and B, going first and second

        keys = page.locator(".legend .key")
        second = [keys.nth(i) for i in range(keys.count()) if "second" in keys.nth(i).inner_text()]
        first = [keys.nth(i) for i in range(keys.count()) if "first" in keys.nth(i).inner_text()]
        assert len(second) == 2 and len(first) == 2, keys.all_inner_texts()
        for key in second:
            assert "repeating-linear-gradient" in key.evaluate(KEY_STROKE), key.inner_text()
        for key in first:
            assert key.evaluate(KEY_STROKE) == "none", key.inner_text()
        dashes = page.evaluate(
            "[...document.querySelectorAll('svg.compare-chart polyline')]"
            ".map(l => [l.getAttribute('class'), getComputedStyle(l).strokeDasharray])"
        )
        assert all((d != "none") == ("second" in css) for css, d in dashes), dashes
        page.screenshot(path=f"/tmp/e33/compare-sample-{width}.png", full_page=True)
        width_used = page.evaluate("document.documentElement.scrollWidth")
        assert width_used <= width, f"the page is {width_used} px wide"
    finally:
        context.close()
