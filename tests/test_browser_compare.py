"""In a real browser, with a real worker: compare two versions of a deck, run both goldfish runs from the
comparison and see them overlaid with the difference of the mean kill turns (issue 16)."""

import re

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client
from playwright.sync_api import expect

from decks.builder import services
from decks.models import Card, Deck, DeckVersion, SimulationRun

pytestmark = [pytest.mark.browser, pytest.mark.worker]


@pytest.mark.parametrize("width", [390, 1280])
def test_compare_two_versions_with_both_runs(live_worker, browser, live_server, width):
    call_command("loadsamples", verbosity=0)
    alice = User.objects.create_user("alice", password="a-long-password-1")
    deck = services.fork_deck(Deck.objects.get(game_id="fftcg", owner__isnull=True), owner_id=alice.pk)
    first = deck.versions.get()
    first.updated_at -= DeckVersion.FOLD_WITHIN * 2
    first.save(update_fields=("updated_at",))
    services.change_card_count(deck, Card.objects.get(game_id="fftcg", number="FX-001C"), "main", -3)
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
        page.goto(f"/d/{deck.share_id}/")
        page.locator(".tabs").get_by_role("link", name="Compare", exact=True).click()
        page.get_by_label("Compare with").fill("v1")
        page.get_by_label("Games per play order").fill("2000")
        page.get_by_role("button", name="Compare", exact=True).click()
        expect(page.locator(".changes")).to_contain_text("Gale Scout")
        expect(page.locator("table.compare-odds")).to_contain_text("Gale Scout")
        page.get_by_role("button", name=re.compile("Run the goldfish")).click()
        page.locator("svg.compare-chart").wait_for(timeout=180_000)
        runs = SimulationRun.objects.filter(deck=deck)
        assert sorted(r.deck_version.number for r in runs) == [1, 2]
        assert all(r.status == "done" for r in runs), live_worker.log_text()[-2000:]
        assert page.locator("svg.compare-chart polyline").count() == 4  # A and B, going first and second
        expect(page.locator(".verdict").first).to_contain_text("or earlier in")
        expect(page.locator(".verdict").first).to_contain_text("B − A =")
        width_used = page.evaluate("document.documentElement.scrollWidth")
        assert width_used <= width, f"the page is {width_used} px wide"
    finally:
        context.close()
