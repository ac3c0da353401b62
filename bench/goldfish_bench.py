"""Games per second per core of every goldfish simulator, measured in one run (a benchmark, not a test).

    python bench/goldfish_bench.py [--games N]

Uses the game's sample deck (engine/samples/<game>-deck.json) when it exists, otherwise a 50-card
deck built here, and says which. The first call includes Numba's compilation (or loading its cache);
it is printed apart from the steady-state speed, which is the best of three runs.
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))

from engine import Card, Deck, DeckEntry  # noqa: E402
from engine.goldfish import SIMULATORS  # noqa: E402
from engine.samples import sample_deck  # noqa: E402


def fallback_fftcg() -> Deck:
    """A Wind/Earth midrange list: Forwards of cost 1-5 (some Haste, one Brave), Backups, Summons,
    a Monster, a few non-generic names, a Light Forward, and an LB deck of 4."""
    spec = [
        ("B-001", "Wind Scout", "forward", ("wind",), 2, ("haste",), 3),
        ("B-002", "Wind Lancer", "forward", ("wind",), 3, (), 3),
        ("B-003", "Wind Knight", "forward", ("wind",), 4, ("brave",), 3),
        ("B-004", "Wind Hero", "forward", ("wind",), 5, (), 2),
        ("B-005", "Earth Guard", "forward", ("earth",), 2, (), 3),
        ("B-006", "Earth Monk", "forward", ("earth",), 3, ("multi-playable",), 3),
        ("B-007", "Earth Titan", "forward", ("earth",), 5, ("haste",), 2),
        ("B-008", "Dual Ranger", "forward", ("wind", "earth"), 3, (), 3),
        ("B-009", "Wind Mage", "backup", ("wind",), 2, ("multi-playable",), 3),
        ("B-010", "Earth Sage", "backup", ("earth",), 2, ("multi-playable",), 3),
        ("B-011", "Wind Seer", "backup", ("wind",), 3, (), 3),
        ("B-012", "Earth Smith", "backup", ("earth",), 1, (), 3),
        ("B-013", "Cyclone", "summon", ("wind",), 3, (), 3),
        ("B-014", "Quake", "summon", ("earth",), 4, (), 3),
        ("B-015", "Golem", "monster", ("earth",), 2, (), 3),
        ("B-016", "Holy Paladin", "forward", ("light",), 4, (), 1),
        ("B-017", "Wind Runner", "forward", ("wind",), 1, ("multi-playable",), 3),
    ]
    lb = [
        ("L-001", "Wind Avatar", ("wind",), 4, 2),
        ("L-002", "Earth Avatar", ("earth",), 3, 1),
        ("L-003", "Storm Lord", ("wind",), 5, 3),
        ("L-004", "Stone Lord", ("earth",), 6, 3),
    ]
    cards = {n: Card(n, name, t, c, cost, 5000, keywords=kw) for n, name, t, c, cost, kw, _ in spec}
    cards |= {
        n: Card(n, name, "forward", c, cost, 8000, keywords=("limit-break",), lb_cost=x)
        for n, name, c, cost, x in lb
    }
    main = tuple(DeckEntry(n, count) for n, *_, count in spec)
    assert sum(e.count for e in main) == 50
    return Deck("fftcg", "constructed", {"main": main, "lb": tuple(DeckEntry(n, 1) for n, *_ in lb)}, cards)


FALLBACK = {"fftcg": fallback_fftcg}


def deck_for(game_id: str) -> tuple[Deck, str]:
    try:
        return sample_deck(game_id), f"sample deck engine/samples/{game_id}-deck.json"
    except FileNotFoundError:
        if game_id not in FALLBACK:
            raise
        return FALLBACK[game_id](), "the benchmark's own 50-card deck (no sample deck yet)"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=200_000)
    args = parser.parse_args()
    for game_id, sim in SIMULATORS.items():
        deck, which = deck_for(game_id)
        print(f"{game_id}: {which}")
        for going in ("first", "second"):
            params = sim.params(going=going)
            t0 = time.perf_counter()
            sim.run_batch(deck, params, 0, 0, 1)
            first = time.perf_counter() - t0
            best = float("inf")
            for _ in range(3):
                t0 = time.perf_counter()
                result = sim.run_batch(deck, params, 1, 0, args.games)
                best = min(best, time.perf_counter() - t0)
            mean = result.mean_kill_turn()
            print(
                f"  going {going:6}: {args.games / best:>10,.0f} games/s per core "
                f"(best of 3 x {args.games:,}; first call incl. compile/cache load {first:.2f} s); "
                f"mean kill turn {mean:.3f}, no kill {result.no_kill}"
            )


if __name__ == "__main__":
    main()
