"""How long "Keep or mulligan?" takes for a 10,000-game comparison in each game (a benchmark, not a test).

    python bench/mulligan_bench.py [--games N]

For each game's sample deck (engine/samples/<game>-deck.json), a hand of its first cards, one group of
the odds panel and both play orders: engine.advice.mulligan.advise with N games each way (kept and
mulliganed), timed as the page and the API call it (the exact odds, the two goldfish runs, the
verdict). The first call loads the compiled simulator (or compiles it) and is printed apart; the figures
are the best of three after it, in CPU seconds of this process (what the answer costs, whatever else
the machine runs) and in wall seconds, beside a plain default goldfish run of the same 2 x N games
measured the same way, for the ratio.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable
from functools import partial
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import get_game  # noqa: E402
from engine.advice.mulligan import advise  # noqa: E402
from engine.goldfish import get_simulator  # noqa: E402
from engine.samples import sample_deck  # noqa: E402
from engine.stats import Group  # noqa: E402

BUDGET = 1.0  # seconds: the "under a second for a 10,000-game comparison"


def best_of_three(work: Callable[[], object]) -> tuple[float, float]:
    """The least CPU seconds and the least wall seconds of three calls."""
    cpu = wall = float("inf")
    for _ in range(3):
        c0, w0 = time.process_time(), time.perf_counter()
        work()
        cpu, wall = min(cpu, time.process_time() - c0), min(wall, time.perf_counter() - w0)
    return cpu, wall


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=10_000)
    args = parser.parse_args()
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores; {args.games:,} games each way")
    worst = 0.0
    for game_id in ("fftcg", "dbsfw", "gbf", "fireforce"):
        deck, rules, sim = sample_deck(game_id), get_game(game_id), get_simulator(game_id)
        pool = [c.number for c in deck.pool(rules.main_section)]
        hand = pool[: rules.draw_rules_for(deck).opening_hand]
        groups = {"A": Group([pool[-1]])}
        for going in ("first", "second"):
            ask = partial(advise, deck, rules, hand, groups=groups, going=going, games=args.games, seed=1)
            plain = partial(sim.run, deck, 2 * args.games, 1, sim.params(going=going))
            t0 = time.perf_counter()
            verdict = ask().verdict
            first = time.perf_counter() - t0
            cpu, wall = best_of_three(ask)
            plain_cpu, _ = best_of_three(plain)
            worst = max(worst, cpu)
            print(
                f"{game_id:9} going {going:6}: {cpu:.3f} CPU s, {wall:.3f} s wall (a plain run of "
                f"{2 * args.games:,} games {plain_cpu:.3f} CPU s, x{cpu / plain_cpu:.2f}; first call incl. "
                f"cache load {first:.2f} s) -> {verdict}"
            )
    within = "within" if worst < BUDGET else "OVER"
    print(f"slowest comparison {worst:.3f} CPU s: {within} the {BUDGET:.0f} s budget")


if __name__ == "__main__":
    main()
