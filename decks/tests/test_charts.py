"""The charts' numbers and geometry, worked out by hand from small decks."""

import pytest

import engine
from decks.builder import charts
from decks.templatetags.deckbuilder import percent


def _deck(*cards: tuple[str, str, tuple[str, ...], int | None, int]) -> engine.Deck:
    """Cards as (number, type, colours, cost, copies), all in the main section."""
    return engine.Deck(
        game="fftcg",
        format="constructed",
        sections={"main": tuple(engine.DeckEntry(n, copies) for n, _, _, _, copies in cards)},
        cards={n: engine.Card(number=n, name=n, type=t, colors=c, cost=cost) for n, t, c, cost, _ in cards},
    )


DECK = _deck(
    ("A", "forward", ("fire",), 1, 3),
    ("B", "forward", ("fire", "ice"), 3, 2),
    ("C", "backup", ("ice",), 3, 3),
    ("D", "summon", ("light",), 9, 1),
    ("E", "monster", (), None, 2),
)


def test_the_cost_curve_counts_copies_per_cost_with_a_last_bar_for_seven_and_up():
    # Costs 0..6 each get a bar (empty ones too, so the curve has no gaps), then 7+, then no cost.
    assert charts.cost_curve(DECK, "main") == [
        ("0", 0), ("1", 3), ("2", 0), ("3", 5), ("4", 0), ("5", 0), ("6", 0), ("7+", 1), ("–", 2),
    ]  # fmt: skip


def test_the_cost_curve_stops_at_the_highest_cost():
    assert charts.cost_curve(_deck(("A", "forward", ("fire",), 2, 4)), "main") == [
        ("0", 0),
        ("1", 0),
        ("2", 4),
    ]


def test_a_card_of_two_colours_counts_for_both_in_the_games_order():
    order = engine.get_game("fftcg").colors  # fire, ice, wind, earth, lightning, water, light, dark
    assert charts.colour_counts(DECK, "main", order) == [
        ("fire", 5),
        ("ice", 5),
        ("light", 1),
        ("colourless", 2),
    ]


def test_types_follow_the_games_order():
    order = engine.get_game("fftcg").card_types
    assert charts.type_counts(DECK, "main", order) == [
        ("forward", 5),
        ("backup", 3),
        ("summon", 1),
        ("monster", 2),
    ]


def test_an_empty_section_has_no_bars():
    assert charts.cost_curve(DECK, "lb") == [("0", 0)]
    assert charts.colour_counts(DECK, "lb") == []
    assert charts.row_chart("Empty", []).bars == []
    assert charts.row_chart("Empty", []).description == "No cards."


def test_the_tallest_column_fills_the_chart_and_the_others_scale_with_it():
    chart = charts.column_chart("Cost", [("1", 4), ("2", 2), ("3", 0)], width=320, height=180)
    usable = 180 - 18 - 22  # top and bottom margins
    heights = [bar.height for bar in chart.bars]
    assert heights == [usable, usable / 2, 0]
    assert all(bar.y + bar.height == chart.baseline for bar in chart.bars)
    assert chart.total == 6
    assert chart.description == "1: 4; 2: 2; 3: 0"


def test_rows_scale_to_the_longest():
    chart = charts.row_chart("Colours", [("fire", 10), ("ice", 5)], width=320)
    assert [bar.width for bar in chart.bars] == [320 - 96 - 34, (320 - 96 - 34) / 2]
    assert chart.height == 2 * 22 + 4


def test_the_probability_chart_puts_zero_at_the_bottom_and_certainty_at_the_top():
    series = {"first": [0.0, 0.5, 1.0], "second": [0.25, 0.75, 1.0]}
    chart = charts.probability_chart("P", series, width=420, height=200)
    first = chart.lines[0].dots
    assert [d[1] for d in first] == [chart.bottom, (chart.bottom + chart.top) / 2, chart.top]
    assert [d[0] for d in first] == [chart.left, (chart.left + chart.right) / 2, chart.right]
    assert chart.lines[1].css == "line-second"
    assert chart.x_ticks[0][1] == "T0" and chart.y_ticks[-1][1] == "100%"
    assert "going first: turn 0 0%, turn 1 50%, turn 2 100%" in chart.description


def test_the_kill_chart_counts_turns_from_one():
    chart = charts.probability_chart("Won by", {"first": [0.0, 0.4, 0.9]}, first_turn=1)
    assert [label for _, label in chart.x_ticks] == ["T1", "T2", "T3"]
    assert [turn for _, _, turn, _ in chart.lines[0].dots] == [1, 2, 3]
    assert chart.description == "going first: turn 1 0%, turn 2 40%, turn 3 90%"


@pytest.mark.parametrize(
    ("p", "digits", "text"),
    [(0.2761, 0, "28%"), (0.2761, 1, "27.6%"), (0.0004, 1, "<0.1%"), (0, 0, "0%"), (1, 1, "100.0%")],
)
def test_percentages_read_as_people_write_them(p, digits, text):
    assert percent(p, digits) == text
