"""Whatever text is pasted, the decklist reader gives a deck or line problems; it never raises (hypothesis).

Besides any text at all, the examples are built from the pieces card lines are made of (quantities,
codes, names, brackets, headers) and the hostile shapes of issue 31 (runs of spaces, tabs and U+3000,
digits by the thousand, lines past MAX_LINE_CHARS), so the search reaches the patterns' corners.
"""

from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Card
from engine.deckfile import MAX_COUNT
from engine.decklist import (
    MAX_LINE_CHARS,
    MAX_REPORTED_PROBLEMS,
    DecklistError,
    MemoryCatalog,
    import_decklist,
    read_decklist,
)
from engine.games import GAMES

CATALOGS = {
    "fftcg": MemoryCatalog(
        "fftcg",
        [
            Card("FX-001C", "Sky Knight", "forward", ("wind",), 3, 7000),
            Card(
                "FX-090L", "Last Stand", "forward", ("fire",), 5, 9000, keywords=("limit-break",), lb_cost=3
            ),
        ],
    ),
    "dbsfw": MemoryCatalog(
        "dbsfw",
        [
            Card("FX01-001", "Test Leader", "leader", ("red",), power=10000),
            Card("FX01-005_p1", "Red Fighter", "battle", ("red",), 2, 15000),
        ],
    ),
    "gbf": MemoryCatalog("gbf", [Card("GX01-001", "Rowan", "character", ("fire",), 2)]),
    "fireforce": MemoryCatalog("fireforce", [Card("FF-001", "Someone", "unit", ("red",), 1)]),
}

runs = st.sampled_from([" ", "\t", "\u3000", "9", "(", "x", "-"]).flatmap(
    lambda c: st.integers(1, 2 * MAX_LINE_CHARS).map(lambda n: c * n)
)
# A card line's parts in their order, each in its usual spellings and some hostile ones.
quantities = st.sampled_from(["", "3", "3x", "3 x", "0", "100", "-1", "9" * 5_000])
spaces = st.sampled_from(["", " ", "\t", "\u3000", "   "]) | runs
cards = st.sampled_from(
    [
        "FX-001C",
        "fx-001c",
        "FX-001",
        "FX01-001",
        "FX01-005_p1",
        "FX01-005_P1",
        "GX01-001",
        "FF-001",
        "T9-999C",
        "Sky Knight",
        "Sky Knigt",
        "Test Leader",
        "Sky Knight (FX-001C)",
        "Sky Knight [FX-001C]",
        "FX01-001 Test Leader(2)",
        "Sky Knight (",
        "(FX-001C",
        "FX-001C)",
        "《】",
        "\u202e",
        "\x00",
    ]
)
suffixes = st.sampled_from(["", " x3", " x 3", " x0", " x" + "9" * 5_000, " (2)", "(Exported)", ":"])
headers = st.sampled_from(
    [
        "main(50):",
        "limit break(1):",
        "LB",
        "Sideboard",
        "Forward (2)",
        "# Captain deck (1-5)",
        "Deck Name: x",
        "--",
        "//",
        "Author: me",
        "(" + " " * 500 + ")",
    ]
)
card_lines = st.tuples(quantities, spaces, cards, spaces, suffixes).map("".join)
any_lines = st.lists(
    st.sampled_from(["\r", "\x85", "\u2028", "(", ")", "[", "]", "#", ":", "x"]) | cards | runs, max_size=8
).map("".join)
lists = st.lists(card_lines | headers | any_lines, max_size=40).map("\n".join) | st.text(max_size=2_000)


def _check(text: str, game_id: str) -> None:
    read = read_decklist(text, game_id, CATALOGS[game_id])
    lines = len(text.splitlines())
    assert len(read.problems) <= MAX_REPORTED_PROBLEMS
    assert read.more_problems >= 0
    assert all(0 <= p.line <= lines for p in read.problems)
    assert all(len(p.text) <= MAX_LINE_CHARS + 1 for p in read.problems)  # an overlong line's start + "…"
    assert [p.line for p in read.problems] == sorted(p.line for p in read.problems)
    for section, entries in read.deck.sections.items():
        assert section in GAMES[game_id].section_ids
        assert all(1 <= e.count <= MAX_COUNT and e.card in read.deck.cards for e in entries)
    if not read.problems:
        assert any(read.deck.sections.values())  # a list with no problem names a card
    try:
        import_decklist(text, game_id, CATALOGS[game_id])
    except DecklistError as e:
        assert e.problems == read.problems and e.more_problems == read.more_problems


@settings(max_examples=200, deadline=None)
@given(lists, st.sampled_from(sorted(GAMES)))
def test_any_text_gives_a_deck_or_line_problems(text, game_id):
    _check(text, game_id)


@settings(max_examples=40, deadline=None)
@given(st.lists(card_lines | any_lines, min_size=MAX_REPORTED_PROBLEMS, max_size=3 * MAX_REPORTED_PROBLEMS))
def test_long_lists_of_any_lines_keep_the_report_short(lines):
    _check("\n".join(lines), "fftcg")
