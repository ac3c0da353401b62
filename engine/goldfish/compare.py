"""Two goldfish results side by side: the difference of their mean kill turns with its 95 % interval, and
their shares of games won by one turn, with whether the difference is beyond chance.

Both use the normal approximation, as GoldfishResult.mean_ci95 does: the difference of two means with
the standard errors added in quadrature (Welch), and the two-proportion z-test with the pooled share.
"""

from __future__ import annotations

import math
from dataclasses import dataclass

from engine.goldfish.base import GoldfishResult

Z95 = 1.96


@dataclass(frozen=True, slots=True)
class Comparison:
    mean_a: float | None
    mean_b: float | None
    difference: float | None  # mean_b - mean_a: negative when B kills sooner
    interval: tuple[float, float] | None  # 95 % interval of the difference
    turn: int | None  # the turn the shares are read at: A's median kill turn
    share_a: float  # share of A's games won by `turn`
    share_b: float
    z: float | None  # two-proportion z statistic of share_b - share_a

    @property
    def mean_beyond_chance(self) -> bool:
        return self.interval is not None and (self.interval[0] > 0 or self.interval[1] < 0)

    @property
    def share_beyond_chance(self) -> bool:
        return self.z is not None and abs(self.z) > Z95

    def sentence(self, a: str, b: str) -> str:
        """The result in a player's words: "B wins on turn 4 or earlier in 68 % of games against 61 % for A;
        the difference is beyond chance.\""""
        if self.turn is None:
            return f"{a} never wins in these games, so there is no turn to compare {b} with."
        verdict = "beyond chance" if self.share_beyond_chance else "within chance"
        return (
            f"{b} wins on turn {self.turn} or earlier in {self.share_b:.0%} of games against "
            f"{self.share_a:.0%} for {a}; the difference is {verdict}."
        )


def _variance(result: GoldfishResult, mean: float) -> float:
    n = result.kills
    return sum(k * (t - mean) ** 2 for t, k in result.kill_turns.items()) / (n - 1) if n > 1 else 0.0


def compare(a: GoldfishResult, b: GoldfishResult, turn: int | None = None) -> Comparison:
    """B against A: the means (over the games with a kill) and the shares of all games won by `turn`, by
    default A's median kill turn."""
    mean_a, mean_b = a.mean_kill_turn(), b.mean_kill_turn()
    difference = interval = None
    if mean_a is not None and mean_b is not None:
        difference = mean_b - mean_a
        se = math.sqrt(_variance(a, mean_a) / a.kills + _variance(b, mean_b) / b.kills)
        interval = (difference - Z95 * se, difference + Z95 * se)
    turn = a.percentile(0.5) if turn is None else turn
    if turn is None:
        return Comparison(mean_a, mean_b, difference, interval, None, 0.0, b.p_kill_by(0), None)
    share_a, share_b = a.p_kill_by(turn), b.p_kill_by(turn)
    pooled = (share_a * a.games + share_b * b.games) / (a.games + b.games)
    se_share = math.sqrt(pooled * (1 - pooled) * (1 / a.games + 1 / b.games))
    z = (share_b - share_a) / se_share if se_share > 0 else None
    return Comparison(mean_a, mean_b, difference, interval, turn, share_a, share_b, z)
