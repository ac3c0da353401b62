"""`python -m engine.goldfish`: compile every simulator now, into Numba's on-disk cache.

Numba compiles a simulator on its first call, 10-40 s per game on a small machine, and caches the machine
code beside the source. ./run and the test suite start this in the background, so the first goldfish run
(or test) of each game loads the cache instead of waiting for the compiler.
"""

import time

from engine.goldfish import SIMULATORS
from engine.samples import sample_deck


def main() -> None:
    for game_id, simulator in SIMULATORS.items():
        started = time.perf_counter()
        deck = sample_deck(game_id)
        simulator.run(deck, games=10, seed=1)
        simulator.play_logged(deck, simulator.params(), seed=1, game_index=0)
        print(f"{game_id}: ready in {time.perf_counter() - started:.1f} s", flush=True)


if __name__ == "__main__":
    main()
