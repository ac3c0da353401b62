"""`python -m engine.goldfish`: compile every simulator now, into Numba's on-disk cache.

Numba compiles a simulator on its first call, about 40 s to 2 minutes per game on a quiet machine of two
cores and several times that on a busy one (README, "Goldfish"), and caches the machine code beside the
source. ./run and the test suite start this in the background, so the first goldfish run (or test) of
each game loads the cache instead of waiting for the compiler. Each line says how long the game took and
how many functions Numba compiled for its runs (none when the cache had them): the figures a run's page
expects of a compile (decks.goldfish.compiling.MEASURED_COMPILE).
"""

import time

from numba.core import event

from engine.goldfish import SIMULATORS
from engine.samples import sample_deck


class _CompileCounter(event.Listener):
    """Counts the functions Numba compiles (each "numba:compile" event that ends)."""

    def __init__(self) -> None:
        self.compiled = 0

    def on_start(self, e: event.Event) -> None:
        pass

    def on_end(self, e: event.Event) -> None:
        self.compiled += 1


def main() -> None:
    for game_id, simulator in SIMULATORS.items():
        started = time.perf_counter()
        deck = sample_deck(game_id)
        counter = _CompileCounter()
        with event.install_listener("numba:compile", counter):
            simulator.run(deck, games=10, seed=1)
            for_runs, run_seconds = counter.compiled, time.perf_counter() - started
            simulator.play_logged(deck, simulator.params(), seed=1, game_index=0)
        print(
            f"{game_id}: ready in {time.perf_counter() - started:.1f} s "
            f"(runs: {for_runs} functions compiled in {run_seconds:.1f} s)",
            flush=True,
        )


if __name__ == "__main__":
    main()
