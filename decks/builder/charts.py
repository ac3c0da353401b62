"""Numbers and geometry for the deck page's inline SVG charts: no JavaScript, no chart library.

The counting functions read an engine deck; the layout functions turn (label, value) pairs into
coordinates a template draws. Every bar and point carries its value as text, so the charts read the same
to a screen reader (each SVG has a <title> and a <desc>) as to the eye.
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Callable, Mapping, Sequence
from dataclasses import dataclass, field

import engine

HIGH_COST = 7  # costs from here up share the last bar ("7+")


def cost_curve(
    deck: engine.Deck, section: str, value: Callable[[engine.Card], int | None] = lambda card: card.cost
) -> list[tuple[str, int]]:
    """Copies per cost (or what `value` reads, GBF's rank) in a section: one bar for each value 0..6,
    then "7+"; cards with none apart."""
    counts: Counter[str] = Counter()
    values = [(value(card), n) for card, n in deck.cards_in(section)]
    for v, n in values:
        if v is None:
            counts["–"] += n
        else:
            counts[str(v) if v < HIGH_COST else f"{HIGH_COST}+"] += n
    highest = max((v for v, _ in values if v is not None), default=0)
    labels = [str(c) for c in range(min(highest, HIGH_COST - 1) + 1)]
    if highest >= HIGH_COST:
        labels.append(f"{HIGH_COST}+")
    if counts["–"]:
        labels.append("–")
    return [(label, counts[label]) for label in labels]


COLOURLESS = "colourless"  # what colour_counts calls a card of none


def colour_counts(deck: engine.Deck, section: str, order: Sequence[str] = ()) -> list[tuple[str, int]]:
    """Copies having each colour (a card of two colours counts for both); the game's order first."""
    counts: Counter[str] = Counter()
    for card, n in deck.cards_in(section):
        for colour in card.colors or (COLOURLESS,):
            counts[colour] += n
    known = [c for c in order if counts[c]]
    return [(c, counts[c]) for c in known] + sorted(
        ((c, v) for c, v in counts.items() if c not in order), key=lambda cv: (-cv[1], cv[0])
    )


def type_counts(deck: engine.Deck, section: str, order: Sequence[str] = ()) -> list[tuple[str, int]]:
    counts: Counter[str] = Counter()
    for card, n in deck.cards_in(section):
        counts[card.type] += n
    known = [t for t in order if counts[t]]
    return [(t, counts[t]) for t in known] + sorted((t, v) for t, v in counts.items() if t not in order)


@dataclass(frozen=True)
class Bar:
    label: str
    value: int
    x: float
    y: float
    width: float
    height: float
    label_x: float
    label_y: float
    value_x: float
    value_y: float


@dataclass(frozen=True)
class BarChart:
    title: str
    description: str
    width: int
    height: int
    bars: list[Bar]
    baseline: float = 0.0
    horizontal: bool = False

    @property
    def total(self) -> int:
        return sum(b.value for b in self.bars)


def column_chart(title: str, items: list[tuple[str, int]], width: int = 320, height: int = 180) -> BarChart:
    """Vertical bars (a cost curve): labels under the bars, values above them."""
    top, bottom, side = 18, 22, 8
    n = max(len(items), 1)
    slot = (width - 2 * side) / n
    peak = max((v for _, v in items), default=0) or 1
    usable = height - top - bottom
    bars = []
    for i, (label, value) in enumerate(items):
        h = round(usable * value / peak, 1)
        x = round(side + i * slot + slot * 0.15, 1)
        w = round(slot * 0.7, 1)
        y = round(height - bottom - h, 1)
        bars.append(
            Bar(
                label,
                value,
                x,
                y,
                w,
                h,
                round(x + w / 2, 1),
                height - 6,
                round(x + w / 2, 1),
                round(y - 4, 1),
            )
        )
    return BarChart(title, _describe(items), width, height, bars, baseline=height - bottom)


def row_chart(title: str, items: list[tuple[str, int]], width: int = 320) -> BarChart:
    """Horizontal bars (colours, types): the label on the left, the value after the bar."""
    row, label_width, value_width = 22, 96, 34
    height = max(len(items), 1) * row + 4
    peak = max((v for _, v in items), default=0) or 1
    usable = width - label_width - value_width
    bars = []
    for i, (label, value) in enumerate(items):
        y = 2 + i * row
        w = round(usable * value / peak, 1)
        bars.append(
            Bar(
                label,
                value,
                label_width,
                y + 3,
                w,
                row - 6,
                label_width - 6,
                y + row / 2 + 4,
                label_width + w + 4,
                y + row / 2 + 4,
            )  # fmt: skip
        )
    return BarChart(title, _describe(items), width, height, bars, horizontal=True)


def _describe(items: list[tuple[str, int]]) -> str:
    return "; ".join(f"{label}: {value}" for label, value in items) or "No cards."


@dataclass(frozen=True)
class Line:
    name: str
    css: str
    points: str
    dots: list[tuple[float, float, int, float]]  # x, y, turn, probability
    label: str  # "Going first", or what the caller named it


@dataclass(frozen=True)
class LineChart:
    title: str
    description: str
    width: int
    height: int
    lines: list[Line]
    x_ticks: list[tuple[float, str]]
    y_ticks: list[tuple[float, str]]
    left: float
    right: float
    bottom: float
    top: float
    legend: list[tuple[str, str]] = field(default_factory=list)


def probability_chart(
    title: str,
    series: dict[str, list[float]],
    *,
    first_turn: int = 0,
    width: int = 420,
    height: int = 200,
    labels: Mapping[str, str] | None = None,
) -> LineChart:
    """P by own turn, from `first_turn` on, one line per play order ("first", "second") or per name the
    caller gives `labels` for (its CSS class is line-<name>); the y axis runs 0-100%. The deck page's odds
    start at turn 0 (the opening hand), the goldfish kill chart at turn 1."""
    labels = labels or {name: f"Going {name}" for name in series}
    left, right, top, bottom = 40, width - 12, 10, height - 26
    points = max((len(v) for v in series.values()), default=1)
    step = (right - left) / max(points - 1, 1)

    def x(i: int) -> float:
        return round(left + i * step, 1)

    def y(p: float) -> float:
        return round(bottom - p * (bottom - top), 1)

    lines = []
    for name, values in series.items():
        dots = [(x(i), y(p), first_turn + i, p) for i, p in enumerate(values)]
        points_text = " ".join(f"{dx},{dy}" for dx, dy, _, _ in dots)
        lines.append(Line(name, f"line-{name}", points_text, dots, labels[name]))
    description = "; ".join(
        f"{labels[name].lower()}: " + ", ".join(f"turn {first_turn + i} {p:.0%}" for i, p in enumerate(ps))
        for name, ps in series.items()
    )
    return LineChart(
        title=title,
        description=description,
        width=width,
        height=height,
        lines=lines,
        x_ticks=[(x(i), f"T{first_turn + i}") for i in range(points)],
        y_ticks=[(y(p / 100), f"{p}%") for p in (0, 25, 50, 75, 100)],
        left=left,
        right=right,
        bottom=bottom,
        top=top,
        legend=[(f"line-{name}", labels[name]) for name in series],
    )


@dataclass(frozen=True)
class IntervalRow:
    label: str
    detail: str  # "5 of 8 games"
    y: float
    rate_x: float
    low_x: float
    high_x: float
    rate: float
    low: float
    high: float


@dataclass(frozen=True)
class IntervalChart:
    """Win rates as dots on a 0-100 % scale, each with its 95 % interval as a line: a wide line says few
    games, so a player sees at a glance which differences mean something."""

    title: str
    description: str
    width: int
    height: int
    rows: list[IntervalRow]
    left: float
    right: float
    x_ticks: list[tuple[float, str]]
    half_x: float  # where 50 % is: a coin flip


def interval_chart(
    title: str, items: Sequence[tuple[str, int, int, float, float]], width: int = 320
) -> IntervalChart:
    """`items` are (label, wins, games, low, high), low and high the interval's ends (0..1)."""
    played = [item for item in items if item[2]]
    row, left, right, top = 24, 96, width - 18, 6
    height = top + max(len(played), 1) * row + 20

    def x(p: float) -> float:
        return round(left + p * (right - left), 1)

    rows = [
        IntervalRow(
            label,
            f"{wins} of {games} game{'s' if games != 1 else ''}",
            top + i * row + row / 2,
            x(wins / games),
            x(low),
            x(high),
            wins / games,
            low,
            high,
        )
        for i, (label, wins, games, low, high) in enumerate(played)
    ]
    description = "; ".join(
        f"{r.label}: {r.rate:.0%} won ({r.detail}), 95 % interval {r.low:.0%} to {r.high:.0%}" for r in rows
    )
    return IntervalChart(
        title,
        description or "No games.",
        width,
        height,
        rows,
        left,
        right,
        [(x(p / 100), f"{p}%") for p in (0, 25, 50, 75, 100)],
        x(0.5),
    )
