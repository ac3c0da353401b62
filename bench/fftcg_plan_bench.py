"""Time of the FFTCG Forward plan (`fftcg_plan.plan_forwards`) alone, on plans from real games (a benchmark,
not a test).

    python bench/fftcg_plan_bench.py [--games 400] [--record] [--deck WORD ...]

The plan is about 40 % of an FFTCG game's time (calling it twice per plan, issue 13's notes), so changes
to it are measured here, apart from the rest of the game; but time a change's whole games too
(bench/goldfish_bench.py): a payment search 11-17 % faster here made games no faster. The first run (or
--record) plays --games games of the sample deck (or of the first FFTCG deck of bench/goldfish_bench.py
whose label has every --deck word) in each play order in pure Python (NUMBA_DISABLE_JIT, in a child
process) and stores every plan's inputs in var/bench/fftcg-plans[-words].pkl; each run then calls the
compiled plan on all of them, 20 times, best of 5, and prints the nanoseconds per plan (CPU time) and a
checksum of the plans' outputs: a change that keeps the checksum chooses the same Forwards and payments.
"""

from __future__ import annotations

import argparse
import os
import pickle
import subprocess
import sys
import time
from pathlib import Path

import numpy as np

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def store(words: list[str]) -> Path:
    return ROOT / "var" / "bench" / ("-".join(["fftcg-plans", *words]).replace("/", "_") + ".pkl")


def chosen_deck(words: list[str]):
    """The sample deck, or the first FFTCG bench deck whose label has every word."""
    from engine.samples import sample_deck

    if not words:
        return sample_deck("fftcg")
    sys.path.insert(0, str(ROOT / "bench"))
    from goldfish_bench import fftcg_decks

    for label, deck in fftcg_decks().items():
        if all(w in label.split() for w in words):
            return deck
    raise SystemExit(f"no FFTCG bench deck has the words {words}: {list(fftcg_decks())}")


def record(games: int, words: list[str]) -> None:
    """In this process, run with NUMBA_DISABLE_JIT=1: store the inputs of every plan the games make."""
    import engine.goldfish.fftcg as fftcg
    from engine.goldfish import get_simulator

    plans = []
    plan_forwards = fftcg.plan_forwards

    def recording(*args):
        plans.append(tuple(a.copy() if isinstance(a, np.ndarray) else a for a in args[:12]))
        return plan_forwards(*args)

    fftcg.plan_forwards = recording
    simulator = get_simulator("fftcg")
    deck = chosen_deck(words)
    for going in ("first", "second"):
        simulator.run_batch(deck, simulator.params(going=going), 7, 0, games)
    path = store(words)
    path.parent.mkdir(parents=True, exist_ok=True)
    path.write_bytes(pickle.dumps(plans))
    print(f"recorded {len(plans):,} plans from {games} games in each play order")


def padded(arrays: list[np.ndarray], dtype: type) -> np.ndarray:
    out = np.zeros((len(arrays), max(a.shape[0] for a in arrays), *arrays[0].shape[1:]), dtype=dtype)
    for i, a in enumerate(arrays):
        out[i, : a.shape[0]] = a
    return out


def measure(words: list[str]) -> None:
    from numba import njit

    from engine.goldfish.fftcg_plan import new_scratch, plan_forwards

    plans = pickle.loads(store(words).read_bytes())
    kf = plans[0][7]
    width = max(p[5] + p[10] for p in plans) + 8

    @njit
    def run_all(cands, n_cands, lb_free, lb_self, hands, nhs, keeps, kf, src_kind, src_active, nsrcs,
                minimality, members, disc, src, sc, reps):  # fmt: skip
        check = 0
        for _ in range(reps):
            for i in range(n_cands.shape[0]):
                n = plan_forwards(
                    cands[i], n_cands[i], lb_free[i], lb_self[i], hands[i], nhs[i], keeps[i], kf,
                    src_kind[i], src_active[i], nsrcs[i], minimality[i], members, disc, src, sc,
                )  # fmt: skip
                check = check * 31 + n
                for m in range(n):
                    check = check * 31 + members[m]
                for p in range(nhs[i]):
                    check = check * 7 + disc[p]
                for b in range(nsrcs[i]):
                    check = check * 7 + src[b]
                check %= 1_000_000_007
        return check

    args = (
        padded([p[0] for p in plans], np.int64), np.array([p[1] for p in plans]),
        np.array([p[2] for p in plans]), np.array([bool(p[3]) for p in plans]),
        padded([p[4] for p in plans], np.int64), np.array([p[5] for p in plans]),
        padded([p[6] for p in plans], np.int64), kf, padded([p[8] for p in plans], np.int64),
        padded([p[9] for p in plans], np.bool_), np.array([p[10] for p in plans]),
        np.array([bool(p[11]) for p in plans]), np.zeros(64, dtype=np.int64),
        np.zeros(width, dtype=np.int64), np.zeros(width, dtype=np.int64), new_scratch(width),
    )  # fmt: skip
    run_all(*args, 1)
    best = float("inf")
    for _ in range(5):
        t0 = time.process_time()
        check = run_all(*args, 20)
        best = min(best, time.process_time() - t0)
    print(f"{best / (20 * len(plans)) * 1e9:,.0f} ns per plan over {len(plans):,} plans; checksum {check}")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--games", type=int, default=400)
    parser.add_argument("--record", action="store_true", help="record the plans again")
    parser.add_argument("--deck", nargs="*", default=[], help="words of a bench deck's label")
    parser.add_argument("--recording", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.recording:
        record(args.games, args.deck)
        return
    if args.record or not store(args.deck).exists():
        env = {**os.environ, "NUMBA_DISABLE_JIT": "1"}
        command = [sys.executable, __file__, "--recording", "--games", str(args.games), "--deck", *args.deck]
        subprocess.run(command, env=env, check=True)
    measure(args.deck)


if __name__ == "__main__":
    main()
