"""Decklist text a hostile visitor pastes (issue 31): every shape is read in time linear in its size,
reported as line problems, and the report stays short whatever the paste holds."""

import time

import pytest

from engine import Card
from engine.decklist import (
    _CODE_THEN_NAME,
    _COUNT_SUFFIX,
    _NAME_THEN_CODE,
    _QUANTITY_FIRST,
    _QUANTITY_LAST,
    MAX_LINE_CHARS,
    MAX_LIST_LINES,
    MAX_REPORTED_PROBLEMS,
    DecklistError,
    MemoryCatalog,
    import_decklist,
    parse_decklist,
    read_decklist,
)

FFTCG = MemoryCatalog(
    "fftcg",
    [
        Card("FX-001C", "Sky Knight", "forward", ("wind",), 3, 7000),
        Card("FX-002C", "Field Medic", "backup", ("earth",), 2),
    ],
)

# The shapes of the issue, each a run of one character between words, 40,000 characters long: before
# the fix "a" + 40,000 spaces + "b" took 10 s.
RUN = 40_000
HOSTILE_LINES = {
    "spaces": "a" + " " * RUN + "b",
    "tabs": "a" + "\t" * RUN + "b",
    "ideographic spaces": "a" + "\u3000" * RUN + "b",
    "an open bracket": "a (" + " " * RUN + "x",
    "a quantity of 5,000 digits": "9" * 5_000 + " FX-001C",
    "an x-quantity of 5,000 digits": "FX-001C x" + "9" * 5_000,
}


@pytest.mark.parametrize("line", HOSTILE_LINES.values(), ids=HOSTILE_LINES.keys())
def test_a_line_longer_than_any_card_line_is_one_problem(line):
    read = read_decklist(f"3 FX-001C\n{line}\n", "fftcg", FFTCG)
    assert [(e.card, e.count) for e in read.deck.entries("main")] == [("FX-001C", 3)]
    assert [(p.line, p.reason) for p in read.problems] == [
        (2, f"{len(line)} characters, longer than any card line (at most {MAX_LINE_CHARS})")
    ]
    excerpt = read.problems[0].text  # enough to find it, not the whole paste again
    assert excerpt.endswith("…") and len(excerpt) <= 61 and "  " not in excerpt


def test_an_overlong_line_shows_its_words_not_its_whitespace():
    # The import page shows the excerpt in a code box: 60 spaces would draw a wide empty box.
    excerpts = {
        name: read_decklist(line, "fftcg", FFTCG).problems[0].text for name, line in HOSTILE_LINES.items()
    }
    assert excerpts["spaces"] == excerpts["tabs"] == excerpts["ideographic spaces"] == "a…"
    assert excerpts["an open bracket"] == "a (…"
    assert excerpts["a quantity of 5,000 digits"] == "9" * 60 + "…"


def test_a_quantity_of_many_digits_in_a_short_line_is_a_quantity_problem():
    # 250 digits fit in a line; Python's int() takes them (its limit is 4,300), and the count is refused.
    for line in ("9" * 250 + " FX-001C", "FX-001C x" + "9" * 250):
        read = read_decklist(line, "fftcg", FFTCG)
        assert [p.reason for p in read.problems] == ["a quantity must be between 1 and 99"], line[:12]


def test_lines_of_any_whitespace_between_their_words_still_read():
    # The patterns see one space between words; tabs, ideographic spaces and runs read as before.
    text = "3\tSky Knight\t(FX-001C)\n2\u3000x\u3000FX-002C\nFX-001C    x    1\n"
    deck = import_decklist(text, "fftcg", FFTCG)
    assert [(e.card, e.count) for e in deck.entries("main")] == [("FX-001C", 4), ("FX-002C", 2)]


def test_a_card_line_as_long_as_allowed_is_still_read():
    name = "Sky Knight"
    line = f"3 {name}{' ' * (MAX_LINE_CHARS - len(name) - 11)}(FX-001C)"
    assert len(line) == MAX_LINE_CHARS
    assert import_decklist(line, "fftcg", FFTCG).size("main") == 3


def test_thousands_of_lines_each_with_a_long_run_of_spaces_are_each_one_problem():
    text = ("a" + " " * 1_000 + "b\n") * MAX_LIST_LINES
    read = read_decklist(text, "fftcg", FFTCG)
    assert len(read.problems) == MAX_REPORTED_PROBLEMS
    assert read.more_problems == MAX_LIST_LINES - MAX_REPORTED_PROBLEMS
    assert {p.reason for p in read.problems} == {"1002 characters, longer than any card line (at most 300)"}


def test_text_of_more_lines_than_any_decklist_is_one_problem_and_not_read():
    text = "3 FX-001C\n" * (MAX_LIST_LINES + 1)
    read = read_decklist(text, "fftcg", FFTCG)
    assert not read.deck.sections
    assert [(p.line, p.reason) for p in read.problems] == [
        (0, "the text has 2001 lines; a decklist has at most 2000, so none was read")
    ]


def test_problems_are_listed_up_to_the_cap_and_the_rest_counted():
    text = "3 FX-001C\n" + "???\n" * 150 + "2 Sky Knigt\n"
    read = read_decklist(text, "fftcg", FFTCG)
    assert [p.line for p in read.problems] == list(range(2, 2 + MAX_REPORTED_PROBLEMS))  # the first, by line
    assert read.more_problems == 151 - MAX_REPORTED_PROBLEMS
    assert read.deck.size("main") == 3
    with pytest.raises(DecklistError, match=r"; and 51 more lines could not be read$") as e:
        import_decklist(text, "fftcg", FFTCG)
    assert (len(e.value.problems), e.value.more_problems) == (MAX_REPORTED_PROBLEMS, 51)


class CountingCatalog(MemoryCatalog):
    """Counts how often the card names are asked for: "did you mean" reads them."""

    calls = 0

    def names(self, game):
        self.calls += 1
        return super().names(game)


def test_did_you_mean_reads_the_names_once_for_the_first_five_unknown_names():
    # Each comparison goes over every card name; before, all 500 card lines could ask, each reading the
    # names again (12 KB of made-up names: seconds against a real card list).
    catalog = CountingCatalog("fftcg", FFTCG.cards.values())
    read = read_decklist("1 Sky Knigt\n" * 7, "fftcg", catalog)
    assert catalog.calls == 1
    assert [p.reason.endswith("did you mean 'Sky Knight'?") for p in read.problems] == [True] * 5 + [
        False
    ] * 2
    assert read.problems[-1].reason == "no card is named 'Sky Knigt'"


HOSTILE_WORDS = {
    # Runs a pattern could backtrack over: whitespace (before the fix, 40,000 spaces took 10 s; the
    # reader now makes each run one space, and the patterns are linear even without that), digits,
    # brackets, words that look like quantities, codes and printing suffixes.
    "spaces": " " * 100_000,
    "tabs": "\t" * 100_000,
    "digits": "9" * 100_000,
    "words": "a " * 50_000,
    "open brackets": "(" * 100_000,
    "bracketed digits": "(1 " * 33_000,
    "quantity suffixes": "a x1 " * 20_000,
    "codes": "FX-001C " * 12_500,
    "printing suffixes": "FX-001C_a" + "1" * 100_000,
}


@pytest.mark.parametrize("words", HOSTILE_WORDS.values(), ids=HOSTILE_WORDS.keys())
def test_no_pattern_backtracks_over_a_run(words):
    # 100,000 characters, far past any line the reader lets through: linear patterns take milliseconds
    # here, a quadratic one minutes. The bound is loose on purpose; bench/hostile_input_bench.py measures.
    for line in (
        words,
        "a" + words + "b",
        "a (" + words + "x",
        "3 " + words + " (FX-001C",
        "FX-001C " + words + "(1",
    ):
        start = time.perf_counter()
        for pattern in (_QUANTITY_FIRST, _QUANTITY_LAST, _NAME_THEN_CODE, _CODE_THEN_NAME):
            pattern.fullmatch(line)
        _COUNT_SUFFIX.sub("", line)
        assert time.perf_counter() - start < 1.0


def test_every_game_reads_a_hostile_paste_as_problems():
    text = "\n".join(HOSTILE_LINES.values())
    for game in ("fftcg", "dbsfw", "gbf", "fireforce"):
        parsed = parse_decklist(text, game)
        assert [p.line for p in parsed.problems] == [1, 2, 3, 4, 5, 6], game
        assert parsed.cards == []
