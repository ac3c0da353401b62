"""A pasted decklist as large as a request may be (issue 31): the page lists at most a hundred lines that
could not be read, counts the rest, and holds little more than the paste itself in its box."""

import pytest
from django.conf import settings
from django.test import Client

from decks.models import Deck
from engine.decklist import MAX_LIST_LINES

# The problems listed: a hundred, each a line number, a reason and at most MAX_LINE_CHARS of its text.
PROBLEM_LIST_BYTES = 100 * 1_000


@pytest.fixture
def visitor() -> Client:
    return Client()


def _paste_bytes() -> int:
    """The most a paste may hold: the other form fields (`name`, `format`) and the field names count
    towards DATA_UPLOAD_MAX_MEMORY_SIZE too, so a little under it."""
    return settings.DATA_UPLOAD_MAX_MEMORY_SIZE - 1_000


def _largest_paste(line: str) -> str:
    return line * (_paste_bytes() // len(line))


def _box(html: str) -> str:
    """The textarea's contents, which hold the paste as sent, for the player to fix."""
    return html.split("<textarea", 1)[1].split(">", 1)[1].split("</textarea>", 1)[0]


def test_the_largest_paste_of_long_lines_lists_a_hundred_and_counts_the_rest(samples, visitor):
    # MAX_LIST_LINES lines, each a word, a long run of spaces and a word (before the fix: quadratic).
    paste = _largest_paste("a" + " " * (_paste_bytes() // MAX_LIST_LINES - 3) + "b\n")
    assert len(paste.splitlines()) == MAX_LIST_LINES
    response = visitor.post("/decks/new/fftcg/", {"name": "Junk", "text": paste})
    assert response.status_code == 200
    html = response.content.decode()
    assert f"{MAX_LIST_LINES} lines could not be read, and no other line names a card." in html
    assert html.count("<strong>Line ") == 100
    assert f"… and {MAX_LIST_LINES - 100} more lines could not be read" in html
    # The page is the paste back in its box, the problem list and the page around them: no more.
    box = _box(html)
    assert len(box) >= len(paste)
    assert len(html) - len(box) < PROBLEM_LIST_BYTES
    assert not Deck.objects.filter(name="Junk").exists()


def test_the_largest_paste_of_short_junk_lines_is_one_problem(samples, visitor):
    paste = _largest_paste("???\n")
    response = visitor.post("/decks/new/fftcg/", {"name": "Junk", "text": paste})
    assert response.status_code == 200
    html = response.content.decode()
    lines = len(paste.splitlines())
    assert f"the text has {lines} lines; a decklist has at most {MAX_LIST_LINES}, so none was read" in html
    assert len(html) - len(_box(html)) < PROBLEM_LIST_BYTES


@pytest.mark.parametrize("line", ["9" * 5_000 + " FX-001C", "FX-001C x" + "9" * 5_000])
def test_a_quantity_of_thousands_of_digits_is_a_line_problem(samples, visitor, line):
    # Before the fix: a 500 (ValueError: Python's int() refuses more than 4,300 digits).
    response = visitor.post(
        "/decks/new/fftcg/", {"name": "Digits", "text": f"3 FX-001C\n{line}\n"}, follow=True
    )
    assert response.status_code == 200
    html = response.content.decode()
    reason = f"{len(line)} characters, longer than any card line (at most 300)"  # 5,008 or 5,009
    assert f"<strong>Line 2</strong>: {reason}" in html
    assert Deck.objects.get(name="Digits").entries.get().count == 3  # the line that could be read


def test_the_import_page_counts_every_line_it_could_not_read(samples, visitor):
    response = visitor.post(
        "/decks/new/fftcg/", {"name": "Mixed", "text": "3 FX-001C\n" + "???\n" * 150}, follow=True
    )
    assert response.status_code == 200  # the deck holds the line read; the page lists the others
    html = response.content.decode()
    assert "Saved the 3 cards that could be read" in html
    assert "150 lines could not be read:" in html
    assert html.count("<strong>Line ") == 100
    assert "… and 50 more lines could not be read" in html
    deck = Deck.objects.get(name="Mixed")
    response = visitor.post(
        f"/d/{deck.share_id}/import", {"text": "3 FX-001C\n" + "???\n" * 101}, follow=True
    )
    assert "… and 1 more line could not be read" in response.content.decode()
