"""In a real browser: GBF's Japanese card names draw as letters, not as empty boxes (issue 33, item 11).
The page's font stack falls back to a Japanese font, and ./test installs one (Debian's fonts-noto-cjk)
when the machine has none. Without one, this test fails and the screenshots show boxes."""

import pytest
from django.urls import reverse
from playwright.sync_api import expect

from decks.models import Card

pytestmark = pytest.mark.browser

NAME = "[試験の剣士]アルファ(男)〔火〕①"

# Each character of `text` drawn in `selector`'s font on a canvas, compared with what code points no font
# has (unassigned or private) draw: the missing-glyph box. Answers the characters drawn as that box.
BOXES = """([selector, text]) => {
  const font = getComputedStyle(document.querySelector(selector)).font;
  const draw = (s) => {
    const canvas = Object.assign(document.createElement("canvas"), { width: 64, height: 64 });
    const context = canvas.getContext("2d");
    context.font = font;
    context.fillText(s, 8, 48);
    return canvas.toDataURL();
  };
  const boxes = new Set(["\\u0378", "\\u{E000}", "\\u{10FFFD}"].map(draw));
  return [...text].filter((ch) => boxes.has(draw(ch)));
}"""


@pytest.mark.parametrize("width", [390, 1280])
def test_gbf_names_show_their_japanese_letters(samples_page, width):
    page = samples_page(width)
    card = Card.objects.filter(game_id="gbf").order_by("number").first()
    Card.objects.filter(pk=card.pk).update(name=NAME)
    page.goto(reverse("decks:card", args=["gbf", card.number]))
    expect(page.locator("h1")).to_contain_text(NAME)
    assert page.evaluate(BOXES, ["h1", NAME]) == []
    family = page.evaluate("getComputedStyle(document.documentElement).fontFamily")
    assert "Noto Sans CJK JP" in family and "Hiragino Sans" in family, family
    page.locator("h1").screenshot(path=f"/tmp/e33/cjk-{width}.png")
