"""Two goldfish results compared (engine/goldfish/compare.py), with figures worked by hand."""

from __future__ import annotations

import pytest

from engine.goldfish.base import OUTCOMES, GoldfishResult
from engine.goldfish.compare import compare


def result(kill_turns: dict[int, int], games: int | None = None) -> GoldfishResult:
    games = games or sum(kill_turns.values())
    outcomes = dict.fromkeys(OUTCOMES, 0) | {
        "win": sum(kill_turns.values()),
        "stalled": games - sum(kill_turns.values()),
    }
    return GoldfishResult(games=games, kill_turns=kill_turns, outcomes=outcomes, seed=1)


def test_a_faster_deck_by_a_clear_margin() -> None:
    # A: 60 kills on turn 3, 40 on turn 4: mean 3.4, variance 24/99. B: 90 and 10: mean 3.1, variance
    # 9/99. Difference -0.3, standard error sqrt(24/99/100 + 9/99/100) = sqrt(1/300) = 0.05774: the
    # interval -0.3 -/+ 0.11316. A's median kill turn is 3; by then 60 % against 90 %: pooled 0.75,
    # standard error sqrt(0.75 * 0.25 * 2/100) = 0.06124, z = 0.3 / 0.06124 = 4.899.
    c = compare(result({3: 60, 4: 40}), result({3: 90, 4: 10}))
    assert (c.mean_a, c.mean_b, c.difference) == pytest.approx((3.4, 3.1, -0.3))
    assert c.interval == pytest.approx((-0.3 - 1.96 * (1 / 300) ** 0.5, -0.3 + 1.96 * (1 / 300) ** 0.5))
    assert (c.turn, c.share_a, c.share_b) == (3, 0.6, 0.9)
    assert c.z == pytest.approx(4.89898, abs=1e-5)
    assert c.mean_beyond_chance and c.share_beyond_chance
    assert c.sentence("A", "B") == (
        "B wins on turn 3 or earlier in 90% of games against 60% for A; the difference is beyond chance."
    )


def test_a_small_sample_is_within_chance() -> None:
    # The same shares from 10 games each: z = 0.3 / sqrt(0.75 * 0.25 * 0.2) = 1.549; variances 2.4/9 and
    # 0.9/9, so the means' interval is -0.3 -/+ 1.96 * sqrt(3.3/90) = -0.675 to 0.075, which holds 0.
    c = compare(result({3: 6, 4: 4}), result({3: 9, 4: 1}))
    assert c.z == pytest.approx(1.54919, abs=1e-5)
    assert c.interval == pytest.approx((-0.67532, 0.07532), abs=1e-5)
    assert not c.share_beyond_chance and not c.mean_beyond_chance
    assert c.sentence("v1", "v2").endswith("the difference is within chance.")


def test_a_deck_that_never_wins_has_no_turn_to_compare() -> None:
    c = compare(result({}, games=50), result({4: 50}))
    assert (c.turn, c.difference, c.interval) == (None, None, None)
    assert c.sentence("A", "B") == "A never wins in these games, so there is no turn to compare B with."
