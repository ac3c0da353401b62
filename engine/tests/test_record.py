"""The statistics of a log of real games (engine/record.py) and its CSV file (engine/record_csv.py),
against values worked by hand."""

from datetime import date

import pytest

from engine.record import (
    LoggedGame,
    Record,
    average_win_turn,
    fisher_exact,
    record_of,
    summarise,
    versions_against_previous,
    wilson_interval,
)
from engine.record_csv import CsvGame, LogFileError, read_log, write_log


def test_wilson_interval_of_seven_wins_in_ten():
    # By hand, z = 1.96, z² = 3.8416, p = 0.7, n = 10:
    #   centre = (p + z²/2n) / (1 + z²/n) = (0.7 + 0.19208) / 1.38416 = 0.64455
    #   half   = z·√(p(1-p)/n + z²/4n²) / (1 + z²/n) = 1.96·√(0.021 + 0.009604) / 1.38416 = 0.24772
    # so 0.3968 .. 0.8923 (Wilson's 1927 table and every textbook give 0.397 .. 0.892).
    low, high = wilson_interval(7, 10)
    assert low == pytest.approx(0.3968, abs=5e-4)
    assert high == pytest.approx(0.8922, abs=5e-4)


def test_wilson_interval_at_the_edges_stays_inside_zero_and_one():
    # 0 of 10: the centre and half-width are equal, so the low end is 0 and the high end is
    # 2·(z²/2n)/(1 + z²/n) = z²/(n + z²) = 3.8415/13.8415 = 0.2775.
    assert wilson_interval(0, 10) == (0.0, pytest.approx(0.2775, abs=5e-4))
    # 10 of 10 mirrors it.
    assert wilson_interval(10, 10) == pytest.approx((1 - 0.2775, 1.0), abs=5e-4)
    assert wilson_interval(0, 0) == (0.0, 1.0)


def test_fisher_exact_of_the_lady_tasting_tea():
    # Fisher's own example: [[3, 1], [1, 3]], every margin 4 of 8. P(k wins on side A) =
    # C(4,k)·C(4,4-k)/C(8,4) = 1, 16, 36, 16, 1 (of 70) for k = 0..4; the table seen (k = 3) has 16/70,
    # and the tables no likelier are k = 0, 1, 3, 4: p = 34/70.
    assert fisher_exact(3, 1, 1, 3) == pytest.approx(34 / 70, rel=1e-12)


def test_fisher_exact_of_an_uneven_table():
    # [[8, 2], [1, 5]]: rows 10 and 6, 9 wins of 16. P(k) = C(9,k)·C(7,10-k)/C(16,10), C(16,10) = 8008:
    # k = 3..9 give 84·1 = 84, 126·7 = 882, 126·21 = 2646, 84·35 = 2940, 36·35 = 1260, 9·21 = 189,
    # 1·7 = 7 (sum 8008). Seen: k = 8, weight 189; no likelier: 84, 189, 7 -> p = 280/8008 = 0.034965
    # (SciPy's fisher_exact gives 0.03496503...).
    assert fisher_exact(8, 2, 1, 5) == pytest.approx(280 / 8008, rel=1e-12)
    assert fisher_exact(1, 5, 8, 2) == pytest.approx(280 / 8008, rel=1e-12)  # symmetric


def test_fisher_exact_of_equal_records_is_one_and_of_nothing_is_one():
    assert fisher_exact(5, 5, 5, 5) == pytest.approx(1.0)
    assert fisher_exact(0, 0, 0, 0) == 1.0
    with pytest.raises(ValueError):
        fisher_exact(-1, 0, 0, 0)


def game(version=1, result="win", first=True, mull=False, turn=None, opponent="", archetype=""):
    return LoggedGame(version, result, first, mull, turn, opponent, archetype)


def test_a_record_counts_draws_as_games_not_won():
    record = record_of([game(result="win"), game(result="loss"), game(result="draw"), game(result="win")])
    assert (record.wins, record.losses, record.draws, record.games) == (2, 1, 1, 4)
    assert record.rate == 0.5
    assert record.interval == wilson_interval(2, 4)
    assert Record(0, 0, 0).rate is None


def test_the_average_turn_of_wins_reads_only_wins_with_a_turn():
    games = [game(turn=5), game(turn=6), game(result="loss", turn=3), game(turn=None)]
    assert average_win_turn(games) == 5.5
    assert average_win_turn([game(result="loss", turn=4)]) is None


def test_summary_splits_by_version_opponent_order_and_hand():
    games = [
        game(version=1, result="loss", first=False, opponent="Frieza"),
        game(version=2, result="win", first=True, turn=5, opponent="Frieza"),
        game(version=2, result="win", first=False, mull=True, turn=7, opponent="Goku"),
        game(version=2, result="draw", first=True, opponent=""),
    ]
    s = summarise(games)
    assert s.total == Record(2, 1, 1)
    assert [(x.label, x.record) for x in s.by_version] == [("2", Record(2, 0, 1)), ("1", Record(0, 1, 0))]
    assert [(x.label, x.record.games) for x in s.by_opponent] == [
        ("Frieza", 2),
        ("(not noted)", 1),
        ("Goku", 1),
    ]
    assert [(x.label, x.record) for x in s.by_order] == [
        ("first", Record(1, 0, 1)),
        ("second", Record(1, 1, 0)),
    ]
    assert [(x.label, x.record) for x in s.by_hand] == [
        ("kept", Record(1, 1, 1)),
        ("mulliganed", Record(1, 0, 0)),
    ]
    assert s.win_turn_by_version == {1: None, 2: 6.0}
    assert s.average_win_turn == 6.0


def test_an_empty_side_of_play_order_is_shown_as_no_games():
    s = summarise([game(first=True)])
    assert [(x.label, x.record.games) for x in s.by_order] == [("first", 1), ("second", 0)]


def test_each_version_is_tested_against_the_previous_one_with_games():
    # Version 1: 3 wins, 1 not won; version 3: 1 win, 3 not won (version 2 has no games):
    # the lady-tasting-tea table, p = 34/70.
    games = [
        game(1),
        game(1),
        game(1),
        game(1, "loss"),
        game(3),
        game(3, "loss"),
        game(3, "draw"),
        game(3, "loss"),
    ]
    (difference,) = versions_against_previous(games)
    assert (difference.earlier, difference.later) == (1, 3)
    assert difference.p_value == pytest.approx(34 / 70)
    assert not difference.clear


def csv_game(**changes):
    base = {
        "played_on": date(2026, 11, 20),
        "version": 3,
        "kind": "event",
        "event": "Store championship, round 2",
        "result": "win",
        "went_first": False,
        "mulliganed": True,
        "last_turn": 6,
        "opponent": "Wind/Earth",
        "archetype": "Midrange",
        "notes": 'Drew "well"\nthen badly',
    }
    return CsvGame(**(base | changes))


def test_a_log_file_reads_back_as_it_was_written():
    games = [
        csv_game(),
        csv_game(version=None, kind="casual", event="", last_turn=None, result="draw", notes=""),
    ]
    text = write_log(games)
    assert text.startswith("date,version,kind,event,result,order,hand,turn,opponent,archetype,notes\r\n")
    assert read_log(text) == games


def test_a_log_file_with_a_bad_line_names_every_bad_line_and_gives_no_games():
    text = (
        "date,result,order,turn\n"
        "2026-11-20,win,first,4\n"
        "2026-11-31,win,first,4\n"  # no 31 November
        "2026-11-21,won,first,4\n"
        "2026-11-22,loss,third,4\n"
        "2026-11-22,loss,second,0\n"
    )
    with pytest.raises(LogFileError) as raised:
        read_log(text)
    problems = [(p.line, p.reason) for p in raised.value.problems]
    assert [line for line, _ in problems] == [3, 4, 5, 6]
    assert "not a date" in problems[0][1]
    assert "result “won” is not one of win, loss, draw" in problems[1][1]
    assert "order “third”" in problems[2][1]
    assert "turn “0”" in problems[3][1]
    assert str(raised.value).startswith("Line 3:")


def test_a_log_file_takes_defaults_for_missing_columns_and_skips_blank_lines():
    (read,) = read_log("\ufeffDate,Result\n\n2026-01-02,LOSS\n")
    assert (read.played_on, read.result, read.kind, read.went_first, read.mulliganed) == (
        date(2026, 1, 2),
        "loss",
        "casual",
        True,
        False,
    )


@pytest.mark.parametrize(
    ("text", "words"),
    [
        ("", "missing column date, result"),
        ("date,score\n", "unknown column “score”"),
        ("date,result\n2026-01-01,win,extra\n", "3 cells but the header names 2 columns"),
        ("date,result,kind,event\n2026-01-01,win,casual,Locals\n", "a casual game has no event name"),
    ],
)
def test_a_log_file_that_is_not_a_log_says_why(text, words):
    with pytest.raises(LogFileError, match=words):
        read_log(text)
