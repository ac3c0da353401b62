"""What a player's log of real games says: win rates with their 95 % intervals, split by deck version,
opponent, play order and mulligan, the turn real wins ended on, and whether two versions' records differ
by more than chance.

Pure Python (no Django, no SciPy): the log pages hand in plain `LoggedGame`s. A draw counts as a game
not won, so a win rate is wins / games and the exact test reads the same 2 x 2 table (won, not won).
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Sequence
from dataclasses import dataclass
from datetime import date
from typing import Literal

Result = Literal["win", "loss", "draw"]
RESULTS: tuple[Result, ...] = ("win", "loss", "draw")
# The 97.5th percentile of the standard normal distribution: a two-sided 95 % interval.
Z_95 = 1.959963984540054


@dataclass(frozen=True, slots=True)
class LoggedGame:
    """One real game as the statistics read it."""

    version: int | None  # the deck version it was played with
    result: Result
    went_first: bool
    mulliganed: bool
    last_turn: int | None  # the turn the game ended on, when the player noted it
    opponent: str = ""  # the opponent's Leader or captain, or elements/colours
    archetype: str = ""
    played_on: date | None = None


def wilson_interval(wins: int, games: int, z: float = Z_95) -> tuple[float, float]:
    """The Wilson score interval of a win rate: unlike "p ± z·se" it stays inside 0..1 and is honest for
    the handful of games a log holds (7 wins of 10 gives 40 %..89 %, not 42 %..98 %). (0, 1) without
    games: nothing is known."""
    if games <= 0:
        return (0.0, 1.0)
    p = wins / games
    z2 = z * z
    centre = (p + z2 / (2 * games)) / (1 + z2 / games)
    half = z * math.sqrt(p * (1 - p) / games + z2 / (4 * games * games)) / (1 + z2 / games)
    return (max(0.0, centre - half), min(1.0, centre + half))


def fisher_exact(won_a: int, lost_a: int, won_b: int, lost_b: int) -> float:
    """Two-sided p-value of Fisher's exact test of the table [[won_a, lost_a], [won_b, lost_b]].

    With the margins fixed (each side's games, and the wins of both together), the wins of side A follow
    the hypergeometric distribution: P(k) = C(wins, k) · C(losses, games_a - k) / C(games, games_a). The
    p-value is the sum of P(k) over every k no likelier than the table seen (R's and SciPy's convention,
    with the same relative tolerance for ties). Exact at any size, so a log of a dozen games is judged as
    fairly as one of a thousand; integers throughout (math.comb) until the one division.
    """
    if min(won_a, lost_a, won_b, lost_b) < 0:
        raise ValueError("a count of games cannot be negative")
    games_a = won_a + lost_a
    wins = won_a + won_b
    losses = lost_a + lost_b
    games = wins + losses
    if games == 0:
        return 1.0
    low, high = max(0, games_a - losses), min(wins, games_a)
    weights = {k: math.comb(wins, k) * math.comb(losses, games_a - k) for k in range(low, high + 1)}
    seen = weights[won_a]
    tolerance = seen * 1e-7
    extreme = sum(w for w in weights.values() if w <= seen + tolerance)
    return min(1.0, extreme / math.comb(games, games_a))


@dataclass(frozen=True, slots=True)
class Record:
    """Wins, losses and draws of some games, with the win rate and its Wilson interval."""

    wins: int
    losses: int
    draws: int

    @property
    def games(self) -> int:
        return self.wins + self.losses + self.draws

    @property
    def not_won(self) -> int:
        return self.losses + self.draws

    @property
    def rate(self) -> float | None:
        return self.wins / self.games if self.games else None

    @property
    def interval(self) -> tuple[float, float]:
        return wilson_interval(self.wins, self.games)


def record_of(games: Iterable[LoggedGame]) -> Record:
    counts = dict.fromkeys(RESULTS, 0)
    for game in games:
        counts[game.result] += 1
    return Record(counts["win"], counts["loss"], counts["draw"])


@dataclass(frozen=True, slots=True)
class Split:
    """The record of the games that share one value of what they were split by."""

    label: str
    record: Record


def split_by(games: Sequence[LoggedGame], key: Callable[[LoggedGame], str]) -> list[Split]:
    """One record per value of `key`, the most played first (then by name)."""
    groups: dict[str, list[LoggedGame]] = {}
    for game in games:
        groups.setdefault(key(game), []).append(game)
    splits = [Split(label, record_of(group)) for label, group in groups.items()]
    return sorted(splits, key=lambda s: (-s.record.games, s.label))


def average_win_turn(games: Iterable[LoggedGame]) -> float | None:
    """The mean turn the won games ended on, of those whose turn was noted; None without any."""
    turns = [g.last_turn for g in games if g.result == "win" and g.last_turn is not None]
    return sum(turns) / len(turns) if turns else None


@dataclass(frozen=True, slots=True)
class VersionDifference:
    """Two versions' records and the exact test of whether their win rates differ."""

    earlier: int
    later: int
    earlier_record: Record
    later_record: Record
    p_value: float

    @property
    def clear(self) -> bool:
        """Whether the difference is unlikely to be chance (p < 0.05)."""
        return self.p_value < 0.05


def compare_records(earlier: int, a: Record, later: int, b: Record) -> VersionDifference:
    return VersionDifference(earlier, later, a, b, fisher_exact(a.wins, a.not_won, b.wins, b.not_won))


def versions_against_previous(games: Sequence[LoggedGame]) -> list[VersionDifference]:
    """Each version that has games against the version before it that has games, oldest first."""
    by_version = _by_version(games)
    numbers = sorted(by_version)
    return [
        compare_records(before, record_of(by_version[before]), after, record_of(by_version[after]))
        for before, after in zip(numbers, numbers[1:], strict=False)
    ]


@dataclass(frozen=True, slots=True)
class LogSummary:
    """Everything the log page shows of the statistics, from one pass over the games."""

    total: Record
    by_version: list[Split]
    by_opponent: list[Split]
    by_archetype: list[Split]
    by_order: list[Split]
    by_hand: list[Split]
    average_win_turn: float | None
    win_turn_by_version: dict[int, float | None]
    versions: list[VersionDifference]


NOT_NOTED = "(not noted)"


def summarise(games: Sequence[LoggedGame]) -> LogSummary:
    by_version = _by_version(games)
    return LogSummary(
        total=record_of(games),
        by_version=[Split(str(n), record_of(by_version[n])) for n in sorted(by_version, reverse=True)],
        by_opponent=split_by(games, lambda g: g.opponent or NOT_NOTED),
        by_archetype=split_by(games, lambda g: g.archetype or NOT_NOTED),
        by_order=_both_sides(
            split_by(games, lambda g: "first" if g.went_first else "second"), ("first", "second")
        ),
        by_hand=_both_sides(
            split_by(games, lambda g: "mulliganed" if g.mulliganed else "kept"), ("kept", "mulliganed")
        ),
        average_win_turn=average_win_turn(games),
        win_turn_by_version={n: average_win_turn(group) for n, group in by_version.items()},
        versions=versions_against_previous(games),
    )


def _both_sides(splits: list[Split], order: tuple[str, ...]) -> list[Split]:
    """The two sides of a yes/no split always in the same order, an empty side as an empty record."""
    found = {s.label: s for s in splits}
    return [found.get(label, Split(label, Record(0, 0, 0))) for label in order]


def _by_version(games: Iterable[LoggedGame]) -> dict[int, list[LoggedGame]]:
    groups: dict[int, list[LoggedGame]] = {}
    for game in games:
        if game.version is not None:
            groups.setdefault(game.version, []).append(game)
    return groups
