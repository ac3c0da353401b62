"""Benchmark of the exact draw statistics (research/performance.md, targets G1 and G2).

Prints three figures for a 50-card FFTCG-shaped deck of 15 distinct cards
(copies 4,4,4,4,4,4,3,3,3,3,3,3,3,3,2):

1. the per-card panel (at least 1 copy of each card, turns 0-10, both play orders), target <= 1 ms;
2. a mulligan-aware AND query over 3 groups (turns 0-10, going first), target <= 5 ms;
3. that query exact against a 100,000-game NumPy Monte Carlo of the same query, timed side by side in this
   run, target >= 1000x.

Exact timings are cold: the result cache is cleared before every call. Each figure is the best of several
repeats (perf_counter). Run: .venv/bin/python bench/stats_bench.py
"""

from __future__ import annotations

import sys
import time
from collections.abc import Callable
from pathlib import Path

import numpy as np

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import Card, Deck, DeckEntry  # noqa: E402
from engine.games import GAMES  # noqa: E402
from engine.stats import Group, card_panel, clear_cache, probabilities  # noqa: E402
from engine.tests.test_stats import simulate  # noqa: E402  (the tests' independent Monte Carlo)

FFTCG = GAMES["fftcg"]
COPIES = [4, 4, 4, 4, 4, 4, 3, 3, 3, 3, 3, 3, 3, 3, 2]
TURNS = 10
MC_GAMES = 100_000


def fifty_card_deck() -> Deck:
    numbers = [f"1-{i:03}" for i in range(len(COPIES))]
    cards = {n: Card(number=n, name=n, type="forward") for n in numbers}
    entries = tuple(DeckEntry(card=n, count=c) for n, c in zip(numbers, COPIES, strict=True))
    return Deck(game="fftcg", format="constructed", sections={"main": entries}, cards=cards)


def best_of(fn: Callable[[], object], repeats: int = 7, cold: bool = True) -> float:
    """Best wall time of `repeats` calls, in seconds, clearing the exact cache before each when `cold`."""
    best = float("inf")
    for _ in range(repeats):
        if cold:
            clear_cache()
        start = time.perf_counter()
        fn()
        best = min(best, time.perf_counter() - start)
    return best


def main() -> None:
    deck = fifty_card_deck()
    groups = [Group({"1-000"}, 1), Group({"1-006", "1-007"}, 2), Group({"1-014"}, 1)]

    panel = best_of(lambda: card_panel(deck, FFTCG, turns=TURNS), repeats=50)
    panel_warm = best_of(lambda: card_panel(deck, FFTCG, turns=TURNS), repeats=50, cold=False)

    def query() -> list[float]:
        return probabilities(deck, FFTCG, groups, TURNS, True, "if-missing")

    exact = best_of(query, repeats=20)
    exact_warm = best_of(query, repeats=20, cold=False)

    caps = [4, 3 + 3, 2]
    caps.append(sum(COPIES) - sum(caps))
    rng = np.random.default_rng(1)
    mc_result: dict[bool, list[float]] = {}

    def monte_carlo() -> None:
        mc_result.update(
            simulate(rng, caps, [1, 2, 1], FFTCG.draw_rules, TURNS, True, MC_GAMES, seats=(True,))
        )

    mc = best_of(monte_carlo, repeats=3, cold=False)
    p = query()
    gap = max(abs(a - b) for a, b in zip(p, mc_result[True], strict=True))

    print(f"Deck: 50 cards, {len(COPIES)} distinct, FFTCG draw rules, turns 0-{TURNS}")
    print(
        f"1. per-card panel, both play orders:  {panel * 1e3:.3f} ms cold ({panel_warm * 1e3:.3f} ms cached)"
    )
    print(
        f"2. AND of 3 groups, if-missing:       {exact * 1e3:.3f} ms cold ({exact_warm * 1e3:.3f} ms cached)"
    )
    print(
        f"3. {MC_GAMES:,}-game Monte Carlo:        {mc * 1e3:.1f} ms, "
        f"{mc / exact:,.0f}x the exact query; max |MC - exact| = {gap:.4f}"
    )


if __name__ == "__main__":
    main()
