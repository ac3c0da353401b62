"""The tuning budget (issue 34): 200 one-card swaps of 10,000 games per play order each, on one 2-core
worker machine, within 30 seconds (a benchmark, not a test).

    python bench/tune_bench.py [--game fftcg] [--variants 200] [--measure 24] [--games 10000] [--processes 2]

Takes the game's sample deck (engine/samples) and its legal swaps for the sample card set
(engine.advice.tune.legal_swaps, at most --variants), and times, in one run side by side:

1. the plain goldfish on one core: the deck's games in one call (`Simulator.run_batch`), its games/s;
2. the adviser on one core: the deck in paired batches, then --measure of the swaps (a sample; every swap
   costs the same, one deck's games), its games/s and CPU seconds per swap;
3. with --processes 2, the whole budget on two worker processes (the swaps split between them, each
   playing the deck first, as two Celery chunks do), wall time.

The machine may be shared: the load average is printed, and the projection for an idle 2-core machine
uses the CPU seconds a process was given (time.process_time), which do not grow while it waits for a
core, so a loaded machine's wall time does not inflate it: 200 swaps' CPU seconds plus each chunk's own
play of the deck (the site cuts a tuning into GOLDFISH_WORKER_PROCESSES x GOLDFISH_CHUNKS_PER_WORKER = 6
chunks), divided over 2 cores.
"""

from __future__ import annotations

import argparse
import multiprocessing
import os
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine.advice.tune import Settings, Swap, Tuner, legal_swaps  # noqa: E402
from engine.goldfish import get_simulator  # noqa: E402
from engine.samples import sample_cards, sample_deck  # noqa: E402

BUDGET_SECONDS = 30.0


def _half(args: tuple[str, list[tuple[str, str]], int]) -> tuple[float, float]:
    """One worker process's share: the deck, then its swaps. Returns (wall, CPU) seconds."""
    game, swaps, games = args
    deck, cards = sample_deck(game), sample_cards(game)
    wall, cpu = time.perf_counter(), time.process_time()
    tuner = Tuner(deck, Settings(games=games, seed=1))
    for cut, add in swaps:
        tuner.measure(Swap(cut, add), cards[add])
    return time.perf_counter() - wall, time.process_time() - cpu


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--game", default="fftcg")
    parser.add_argument("--variants", type=int, default=200)
    parser.add_argument("--measure", type=int, default=24, help="swaps timed on one core (a sample)")
    parser.add_argument("--games", type=int, default=10_000, help="per play order")
    parser.add_argument("--processes", type=int, default=0, help="also run the whole budget on N processes")
    parser.add_argument("--chunks", type=int, default=6, help="chunks the site cuts a tuning into (2 x 3)")
    args = parser.parse_args()

    deck, cards = sample_deck(args.game), sample_cards(args.game)
    swaps, _ = legal_swaps(deck, cards.values(), args.variants)
    per_variant_games = args.games * 2
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} cores (other work shares them)")
    print(
        f"{args.game}: sample deck, {len(swaps)} legal swaps (of at most {args.variants}), "
        f"{args.games:,} games per play order each, both orders: {len(swaps) * per_variant_games:,} games"
    )
    sim = get_simulator(args.game)
    params = sim.params()
    sim.run_batch(deck, params, 0, 0, 10)  # load the compiled simulator (Numba's cache) before timing

    cpu = time.process_time()
    sim.run_batch(deck, params, 1, 0, per_variant_games)
    plain_cpu = time.process_time() - cpu
    plain_speed = per_variant_games / plain_cpu
    print(f"plain goldfish, one call: {plain_speed:,.0f} games per CPU second")

    wall, cpu = time.perf_counter(), time.process_time()
    tuner = Tuner(deck, Settings(games=args.games, seed=1))
    base_cpu = time.process_time() - cpu
    sample = swaps[: args.measure]
    cpu = time.process_time()
    for swap in sample:
        tuner.measure(swap, cards[swap.add])
    swap_cpu = (time.process_time() - cpu) / len(sample)
    wall = time.perf_counter() - wall
    tune_speed = per_variant_games / swap_cpu
    print(
        f"adviser, one core: the deck {base_cpu:.2f} CPU s, each swap {swap_cpu:.3f} CPU s "
        f"({tune_speed:,.0f} games per CPU second, {tune_speed / plain_speed:.0%} of the plain goldfish's; "
        f"{len(sample)} swaps timed, {wall:.1f} s wall)"
    )
    cores = 2
    projected = (args.variants * swap_cpu + args.chunks * base_cpu) / cores
    verdict = "within" if projected <= BUDGET_SECONDS else "OVER"
    print(
        f"projected on an idle 2-core worker machine: {projected:.1f} s for {args.variants} swaps in "
        f"{args.chunks} chunks (each plays the deck once too), {verdict} the {BUDGET_SECONDS:.0f} s budget"
    )
    if args.processes:
        halves = [
            (args.game, [(s.cut, s.add) for s in swaps[i :: args.processes]], args.games)
            for i in range(args.processes)
        ]
        start = time.perf_counter()
        with multiprocessing.get_context("spawn").Pool(args.processes) as pool:
            parts = pool.map(_half, halves)
        total = time.perf_counter() - start
        cpu_total = sum(c for _, c in parts)
        print(
            f"measured on {args.processes} processes now: {total:.1f} s wall ({cpu_total:.1f} CPU s in all, "
            f"{cpu_total / args.processes:.1f} s per process if each had a core to itself), "
            f"load average {os.getloadavg()[0]:.1f}"
        )


if __name__ == "__main__":
    main()
