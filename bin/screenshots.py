"""Screenshots of the deck page, its visual list, the goldfish form and a goldfish result, and the deck's
history, a version page, the playtest boards and a comparison, at phone and desktop widths.

Drives a running site (./run) as a new visitor does: opens a game's sample deck from the public list,
forks it, runs the goldfish with the form as it comes and waits for the result, then takes a card out
(a new version, since the run names the first), opens the history and compares the two versions.
Writes docs/<page>-<width>.png.
Usage: .venv/bin/python bin/screenshots.py [BASE_URL] [GAME]
"""

import re
import sys
from pathlib import Path

from playwright.sync_api import Page, sync_playwright

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from bin.headless import CHROMIUM, CHROMIUM_ARGS  # noqa: E402 (after the path above)

BASE_URL = sys.argv[1] if len(sys.argv) > 1 else "http://127.0.0.1:8000"
GAME = sys.argv[2] if len(sys.argv) > 2 else "fftcg"
SAMPLE_NAMES = {  # the sample decks loadsamples makes
    "fftcg": "Sample Wind/Earth deck",
    "dbsfw": "Sample Red Ember Clan deck",
    "gbf": "Sample Fire crew deck",
    "fireforce": "Sample Company 8 deck",
}
WIDTHS = (390, 1280, 1920)
DOCS = Path(__file__).resolve().parent.parent / "docs"


def shoot(page: Page, name: str, width: int) -> None:
    path = DOCS / f"{name}-{width}.png"
    page.screenshot(path=path, full_page=True)
    print(path)


def main() -> None:
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        for width in WIDTHS:
            context = browser.new_context(base_url=BASE_URL, viewport={"width": width, "height": 900})
            page = context.new_page()
            page.set_default_timeout(30_000)
            page.goto("/decks/public/")
            page.get_by_role("link", name=SAMPLE_NAMES[GAME], exact=True).first.click()
            page.get_by_role("button", name="Fork", exact=True).click()
            page.wait_for_url(re.compile(r"\(fork\)|/d/[^/]+/$"))
            page.wait_for_load_state("networkidle")
            shoot(page, "deck", width)
            page.locator(".tabs").get_by_role("link", name="Visual", exact=True).click()
            page.wait_for_load_state("networkidle")
            shoot(page, "visual", width)
            page.get_by_role("link", name="Goldfish", exact=True).first.click()
            page.locator("details").first.evaluate("d => d.open = true")
            shoot(page, "goldfish-form", width)
            page.get_by_role("button", name="Run").click()
            page.locator("svg.chart").wait_for(timeout=180_000)
            shoot(page, "goldfish-result", width)
            page.locator(".tabs").get_by_role("link", name="Deck", exact=True).click()
            page.locator("button[id^=minus-main-]").first.click()
            page.wait_for_load_state("networkidle")
            page.locator(".tabs").get_by_role("link", name="History", exact=True).click()
            shoot(page, "history", width)
            page.get_by_role("link", name="Version 1", exact=True).click()
            shoot(page, "version", width)
            page.locator(".tabs").get_by_role("link", name="Playtest", exact=True).click()
            page.get_by_role("button", name="Start turn 1").click()
            if GAME == "fftcg":  # a Forward cast on turn 1
                page.locator(".board-hand button[aria-label^='Cast']:not([disabled])").first.click()
            else:  # the other boards on turn 2, as below
                page.wait_for_timeout(300)
                page.get_by_role("button", name="Next turn").click()
            page.wait_for_timeout(500)
            shoot(page, "board", width)
            page.locator(".tabs").get_by_role("link", name="Compare", exact=True).click()
            page.get_by_label("Compare with").fill("v1")
            page.get_by_role("button", name="Compare", exact=True).click()
            page.get_by_role("button", name=re.compile("Run the goldfish")).click()
            page.locator("svg.compare-chart").wait_for(timeout=180_000)
            shoot(page, "compare", width)
            for game in [g for g in SAMPLE_NAMES if g != GAME]:  # the other games' boards on turn 2
                page.goto("/decks/public/")
                page.get_by_role("link", name=SAMPLE_NAMES[game], exact=True).first.click()
                page.locator(".tabs").get_by_role("link", name="Playtest", exact=True).click()
                page.get_by_role("button", name="Start turn 1").click()
                page.wait_for_timeout(300)
                page.get_by_role("button", name="Next turn").click()
                page.wait_for_timeout(500)
                shoot(page, f"board-{game}", width)
            context.close()
        browser.close()


if __name__ == "__main__":
    main()
