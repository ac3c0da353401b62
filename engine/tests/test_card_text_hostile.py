"""Card text from an import or a deck file, written to be slow (issue 31): the readers' patterns are linear
in the text, and a text longer than any printed card's is one unread part without a pattern run on it.

The timed checks feed 100,000 characters or more, far past MAX_TEXT_CHARS: a linear pattern takes
milliseconds there and a quadratic one minutes (measured before each fix), so the one-second bound is
loose on purpose; bench/hostile_input_bench.py prints the figures.
"""

import time
from collections.abc import Callable

import pytest

from engine.cards import Card
from engine.effects import Effect
from engine.games import get_game
from engine.games.gbf import NameParts, parse_name
from engine.goldfish.gbf import parse_cost
from engine.importers.project import _GBF_NAME, name_parts
from engine.played_text import MAX_TEXT_CHARS, TOO_LONG, UNPLAYED, TextPart, card_parts, split_text
from engine.readers import read_text
from engine.readers.fireforce import line_effects

CARD_TYPES = {"fftcg": "forward", "dbsfw": "battle", "gbf": "crew", "fireforce": "unit"}
RUN = 100_000


def _within_a_second(read: Callable[[], object]) -> object:
    start = time.perf_counter()
    result = read()
    assert time.perf_counter() - start < 1.0
    return result


@pytest.mark.parametrize("game", CARD_TYPES)
def test_a_text_longer_than_any_card_is_one_unread_part(game):
    text = "Draw 1 card.\n" * (MAX_TEXT_CHARS // 13 + 1)
    reading = read_text(game, text, "Sky Knight")
    assert reading.effects == () and reading.read == ()
    assert reading.unread == (text[:200] + "…",)
    card = Card("X-001", "Sky Knight", CARD_TYPES[game], ("fire",), 1, text=text)
    assert card_parts(game, card, {}) == (TextPart(text[:200] + "…", UNPLAYED, TOO_LONG),)


def test_a_text_as_long_as_allowed_is_still_read():
    text = "When Sky Knight enters the field, draw 1 card." + " " * (MAX_TEXT_CHARS - 46)
    assert len(text) == MAX_TEXT_CHARS
    assert [e.do for e in read_text("fftcg", text, "Sky Knight").effects] == ["draw"]


def test_fire_force_splits_a_line_in_time_linear_in_it():
    # Before: the split pattern began with \s*, trying the rest of a run from each of its characters.
    for space in (" ", "\t", "\u3000"):
        line = "Draw 1 card" + space * RUN  # no full stop after the run: each start failed at its end
        assert _within_a_second(lambda line=line: line_effects(line, "cast")) == [Effect("cast", "draw", 1)]
    assert line_effects("Draw 1 card.\u3000Deal 1 damage to your opponent.", "cast") == [
        Effect("cast", "draw", 1),
        Effect("cast", "damage", 1),
    ]


def test_fftcg_markup_is_read_in_time_linear_in_it():
    # Before: \s* around [[br]], and an icon's [^》]+ running past every 《 of a run.
    fftcg = get_game("fftcg")
    assert _within_a_second(lambda: fftcg.printed_text("a" + " " * RUN + "b")) == "a b"
    assert _within_a_second(lambda: fftcg.printed_text("《" * RUN + "x")) == "《" * RUN + "x"
    assert fftcg.printed_text("a [[br]] 《ダル》: Produce 《火》.") == "a\n《Dull》: Produce 《Fire》."


def test_sentences_are_cut_in_time_linear_in_the_line():
    # Before: the brackets before each sentence end were counted again from the start of the line.
    line = "Draw 1 card. " * 40_000
    parts = _within_a_second(lambda: split_text(line))
    assert parts == ["Draw 1 card."] * 40_000
    assert split_text("<Ougi 1: Draw 1 card. ATK+1.> Draw 1 card.") == [
        "<Ougi 1: Draw 1 card. ATK+1.>",
        "Draw 1 card.",
    ]


def test_gbf_names_and_costs_are_read_in_time_linear_in_them():
    # Before: [^)）]* from each ( of an unclosed run ran to the end of the text.
    assert _within_a_second(lambda: parse_name("(" * RUN + "男")).version is None
    assert _within_a_second(lambda: parse_name("[" * RUN + "x")).epithet is None
    assert _within_a_second(lambda: parse_cost("〔" * RUN)) is None
    assert parse_name("[見習い]テスト団長(男)") == NameParts("テスト団長", "見習い", "男")
    assert parse_cost("〔火①〕") == ((1, 0, 0, 0, 0, 0), 1)


def test_a_gbf_name_from_an_import_is_split_in_time_linear_in_it():
    # Before: a lazy character between two \s* tried every split of a run (2,000 spaces: 30 s).
    for end in ("y", "[", "("):
        name = "x" + " " * RUN + end
        parts = _within_a_second(lambda name=name: _GBF_NAME.match(name))
        assert (parts is not None) == (end == "y")
    assert name_parts("[a] b  c (d)") == {"character_name": "b  c", "epithet": "a", "version": "d"}


@pytest.mark.parametrize(
    ("game", "text", "sane"),
    [
        ("fftcg", "Warp 99999999999999999999 - 《Wind》", "Warp 2 - 《Wind》"),
        ("fftcg", "When Mog enters the field, draw 1000 cards.", "When Mog enters the field, draw 2 cards."),
        ("dbsfw", "[On Play] Draw 999999999999 cards.", "[On Play] Draw 2 cards."),
    ],
)
def test_a_number_beyond_any_printed_card_leaves_the_part_unread(game, text, sane):
    """Read, such a number would be reported played and then refused by the goldfish run ("too large to
    play with"); unread, the report and the run agree."""
    assert read_text(game, sane, "Mog").effects
    reading = read_text(game, text, "Mog")
    assert reading.effects == () and reading.unread == (text,)
    card = Card("1", "Mog", CARD_TYPES[game], text=text)
    assert [p.status for p in card_parts(game, card, {})] == [UNPLAYED]
