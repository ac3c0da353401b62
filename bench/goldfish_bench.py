"""Games per second per core of every goldfish simulator, measured in one run (a benchmark, not a test).

    python bench/goldfish_bench.py [--games N]

Plays each game's sample deck (engine/samples/<game>-deck.json), with card effects on and off where the
simulator plays card text (its `card_effects` knob), and prints the ratio. The first call includes
Numba's compilation (or loading its cache); it is printed apart from the steady-state speed, the best of
three runs.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.goldfish import SIMULATORS  # noqa: E402
from engine.samples import sample_deck  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200_000)
    args = parser.parse_args()
    for game_id, sim in SIMULATORS.items():
        deck = sample_deck(game_id)
        print(f"{game_id}: sample deck engine/samples/{game_id}-deck.json")
        has_effects = "card_effects" in sim.policy_defaults
        for going in ("first", "second"):
            speeds = {}
            for effects in (True, False) if has_effects else (None,):
                policy = {} if effects is None else {"card_effects": effects}
                params = sim.params(going=going, policy=policy)
                t0 = time.perf_counter()
                sim.run_batch(deck, params, 0, 0, 1)
                first = time.perf_counter() - t0
                best = float("inf")
                for _ in range(3):
                    t0 = time.perf_counter()
                    result = sim.run_batch(deck, params, 1, 0, args.games)
                    best = min(best, time.perf_counter() - t0)
                speeds[effects] = args.games / best
                mode = "" if effects is None else f"effects {'on ' if effects else 'off'} "
                print(
                    f"  going {going:6} {mode}: {speeds[effects]:>10,.0f} games/s per core "
                    f"(best of 3 x {args.games:,}; first call incl. compile/cache load {first:.2f} s); "
                    f"mean kill turn {result.mean_kill_turn():.3f}, no kill {result.no_kill}"
                )
            if has_effects:
                ratio = speeds[True] / speeds[False]
                print(f"  going {going:6}: effects on run at {ratio:.0%} of off's speed")


if __name__ == "__main__":
    main()
