"""In a real browser: searching cards by typing, then Enter, with slow answers, as on a phone network.
Each keystroke's search waits for the one before rather than abort it, so the console shows no
htmx:sendAbort error (issue 33, item 9), and the results are those of the last query."""

import contextlib
import time

import pytest
from playwright.sync_api import expect

pytestmark = pytest.mark.browser


def test_typing_a_search_logs_no_error(samples_page):
    page = samples_page(390)
    errors = []
    page.on("console", lambda message: errors.append(message.text) if message.type == "error" else None)

    def slow(route):  # each search answer takes 0.6 s: the next keystroke's search starts meanwhile
        time.sleep(0.6)
        with contextlib.suppress(Exception):  # the browser may have given up on it (what the test looks for)
            route.continue_()

    page.goto("/cards/fftcg/")
    page.route("**/cards/fftcg/?*", slow)
    search = page.get_by_role("searchbox")
    for letters in ("g", "ga", "gal", "gale"):
        search.fill(letters)
        page.wait_for_timeout(300)
    search.press("Enter")
    results = page.locator("#card-results")
    expect(results).to_contain_text("Gale Scout")
    expect(results).not_to_contain_text("Pebble Squire")
    page.wait_for_timeout(1500)  # the last answers arrive
    assert not [e for e in errors if "htmx" in e], errors
    assert "q=gale" in page.url
