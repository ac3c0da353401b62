"""In a real browser: "Keep or mulligan?" clicked on the playtest board right after the deal, and on the
deck page's sample hand with a group picked on the odds panel, each answered in place by htmx."""

import re

import pytest
from playwright.sync_api import expect

from decks.models import Deck

pytestmark = pytest.mark.browser

VERDICT = re.compile(r"^(Keep|Mulligan|No real difference): this hand wins")


@pytest.mark.parametrize("game", ["fftcg", "gbf"])
def test_the_board_answers_keep_or_mulligan_after_the_deal(samples_page, game, tmp_path):
    page = samples_page(1280)
    sample = Deck.objects.get(game_id=game, owner__isnull=True)
    page.goto(f"/d/{sample.share_id}/board/")
    hand = page.locator("[aria-labelledby=hand-title] li.board-card .name").all_inner_texts()
    page.get_by_role("button", name="Keep or mulligan?").click()
    verdict = page.locator("#mulligan-advice .verdict")
    expect(verdict).to_have_text(VERDICT, timeout=30_000)
    expect(page.locator("#mulligan-advice .mulligan-kills tbody tr").first).to_contain_text("T1")
    # Asking deals nothing: the board still holds the same hand and is still before turn 1.
    assert page.locator("[aria-labelledby=hand-title] li.board-card .name").all_inner_texts() == hand
    expect(page.get_by_role("button", name="Start turn 1")).to_be_visible()
    page.screenshot(path=str(tmp_path / f"board-{game}.png"), full_page=True)
    page.get_by_role("button", name="Start turn 1").click()
    expect(page.get_by_role("button", name="Keep or mulligan?")).to_have_count(0)


def test_the_sample_hand_answers_with_the_odds_panel_s_group(samples_page, tmp_path):
    page = samples_page(1280)
    sample = Deck.objects.get(game_id="fftcg", owner__isnull=True)
    page.goto(f"/d/{sample.share_id}/")
    page.locator("select[name=pick]").first.select_option(index=1)  # the first card into group A
    page.get_by_role("button", name="Keep or mulligan?").click()
    advice = page.locator("#mulligan-advice")
    expect(advice.locator(".verdict")).to_have_text(VERDICT, timeout=30_000)
    expect(advice.locator(".mulligan-odds")).to_contain_text("after a mulligan")
    page.screenshot(path=str(tmp_path / "sample-hand.png"), full_page=True)
