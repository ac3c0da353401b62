"""A game log as CSV, for spreadsheets and for moving a log between decks or sites: one game a line
under a header row. Reading checks every line first and reports every bad one by its line number, so an
import saves all of a file or nothing.

    date,version,kind,event,result,order,hand,turn,opponent,archetype,notes
    2026-11-20,3,event,Store championship,win,first,kept,5,Wind/Earth,Midrange,

`version` may be empty (the version in force on the date); `event` is empty for casual games; `turn` may
be empty. Column order is free; a column missing from the header takes its empty value, except `date` and
`result`, which every line needs.
"""

from __future__ import annotations

import csv
import io
from collections.abc import Iterable
from dataclasses import dataclass
from datetime import date

from engine.record import RESULTS, Result

COLUMNS = (
    "date",
    "version",
    "kind",
    "event",
    "result",
    "order",
    "hand",
    "turn",
    "opponent",
    "archetype",
    "notes",
)
REQUIRED = ("date", "result")
KINDS = ("casual", "event")
ORDERS = ("first", "second")
HANDS = ("kept", "mulligan")
MAX_TEXT = {"event": 100, "opponent": 100, "archetype": 100, "notes": 2000}
MAX_LINES = 5000
MAX_TURN = 99


@dataclass(frozen=True, slots=True)
class CsvGame:
    """One line of a log file, read and checked."""

    played_on: date
    version: int | None
    kind: str
    event: str
    result: Result
    went_first: bool
    mulliganed: bool
    last_turn: int | None
    opponent: str
    archetype: str
    notes: str


@dataclass(frozen=True, slots=True)
class LineProblem:
    line: int  # 1 is the header
    reason: str


class LogFileError(ValueError):
    """A log file with bad lines: every problem found, by line."""

    def __init__(self, problems: list[LineProblem]) -> None:
        self.problems = problems
        first = problems[0]
        super().__init__(f"Line {first.line}: {first.reason}" if first.line else first.reason)


def write_log(games: Iterable[CsvGame]) -> str:
    out = io.StringIO()
    writer = csv.writer(out, lineterminator="\r\n")
    writer.writerow(COLUMNS)
    for g in games:
        writer.writerow(
            (
                g.played_on.isoformat(),
                "" if g.version is None else g.version,
                g.kind,
                g.event,
                g.result,
                "first" if g.went_first else "second",
                "mulligan" if g.mulliganed else "kept",
                "" if g.last_turn is None else g.last_turn,
                g.opponent,
                g.archetype,
                g.notes,
            )
        )
    return out.getvalue()


def read_log(text: str) -> list[CsvGame]:
    """The games of a log file; LogFileError naming every bad line if any line is bad."""
    rows = csv.reader(io.StringIO(text.lstrip("\ufeff")))  # a spreadsheet's byte-order mark
    header = [h.strip().lower() for h in next(rows, [])]
    unknown = [h for h in header if h not in COLUMNS]
    missing = [c for c in REQUIRED if c not in header]
    if not header or unknown or missing:
        words = []
        if unknown:
            words.append("unknown column " + ", ".join(f"“{h}”" for h in unknown))
        if missing or not header:
            words.append("missing column " + ", ".join(missing or REQUIRED))
        raise LogFileError([LineProblem(1, "; ".join(words) + f". The columns are: {','.join(COLUMNS)}.")])
    games: list[CsvGame] = []
    problems: list[LineProblem] = []
    for row in rows:
        line = rows.line_num
        if not any(cell.strip() for cell in row):
            continue
        if len(games) + len(problems) >= MAX_LINES:
            raise LogFileError([*problems, LineProblem(line, f"a file holds at most {MAX_LINES} games")])
        if len(row) > len(header):
            problems.append(LineProblem(line, f"{len(row)} cells but the header names {len(header)} columns"))
            continue
        cells = dict.fromkeys(COLUMNS, "") | {h: c.strip() for h, c in zip(header, row, strict=False)}
        try:
            games.append(_game(cells))
        except ValueError as e:
            problems.append(LineProblem(line, str(e)))
    if problems:
        raise LogFileError(problems)
    return games


def _game(cells: dict[str, str]) -> CsvGame:
    try:
        played_on = date.fromisoformat(cells["date"])
    except ValueError:
        raise ValueError(f"date “{cells['date']}” is not a date like 2026-11-20") from None
    result = next((r for r in RESULTS if r == cells["result"].lower()), None)
    if result is None:
        raise ValueError(f"result “{cells['result']}” is not one of {', '.join(RESULTS)}")
    kind = _choice(cells, "kind", KINDS)
    for column, most in MAX_TEXT.items():
        if len(cells[column]) > most:
            raise ValueError(f"{column} is longer than {most} characters")
    if kind == "casual" and cells["event"]:
        raise ValueError("a casual game has no event name (make its kind “event”)")
    return CsvGame(
        played_on=played_on,
        version=_number(cells, "version", 1, None),
        kind=kind,
        event=cells["event"],
        result=result,
        went_first=_choice(cells, "order", ORDERS) == "first",
        mulliganed=_choice(cells, "hand", HANDS) == "mulligan",
        last_turn=_number(cells, "turn", 1, MAX_TURN),
        opponent=cells["opponent"],
        archetype=cells["archetype"],
        notes=cells["notes"],
    )


def _choice(cells: dict[str, str], column: str, choices: tuple[str, ...]) -> str:
    """The cell, lower-cased, or the first choice when it is empty."""
    value = cells[column].lower() or choices[0]
    if value not in choices:
        raise ValueError(f"{column} “{cells[column]}” is not one of {', '.join(choices)}")
    return value


def _number(cells: dict[str, str], column: str, least: int, most: int | None) -> int | None:
    text = cells[column]
    if not text:
        return None
    if not text.isdigit() or int(text) < least or (most is not None and int(text) > most):
        bound = f"{least} to {most}" if most is not None else f"{least} or more"
        raise ValueError(f"{column} “{text}” is not a whole number from {bound}")
    return int(text)
