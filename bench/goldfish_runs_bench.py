"""Goldfish runs through the web app and real Celery workers (a benchmark, not a test).

    python bench/goldfish_runs_bench.py [--games 100000] [--big 1000000]

Measures, in one run, on the configured DATABASE_URL server (a database of its own, `tcgsite_bench`
on PostgreSQL, or a fresh SQLite file under var/bench/) and CELERY_BROKER_URL (default: the embedded
broker on a fresh file):
- the wall time of an FFTCG run of --games games, from the POST of the Goldfish form to the page that
  shows the result, polled as the browser polls it;
- the speed-up of two worker processes over one on a run of --big games.
Each worker is warmed up first (Numba's cache loaded in every pool process).
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def configure_environment() -> str:
    """Point DATABASE_URL at a bench database of its own; return a description."""
    url = os.environ.get("DATABASE_URL", "")
    if url.startswith(("postgres://", "postgresql://")):
        import psycopg

        base, _, _ = url.rpartition("/")
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute("DROP DATABASE IF EXISTS tcgsite_bench WITH (FORCE)")
            conn.execute("CREATE DATABASE tcgsite_bench")
        os.environ["DATABASE_URL"] = f"{base}/tcgsite_bench"
    else:
        folder = ROOT / "var" / "bench"
        folder.mkdir(parents=True, exist_ok=True)
        for name in ("runs.sqlite3", "broker.sqlite3"):
            (folder / name).unlink(missing_ok=True)
        os.environ["DATABASE_URL"] = f"sqlite:///{folder / 'runs.sqlite3'}"
    if not os.environ.get("CELERY_BROKER_URL"):
        os.environ["CELERY_BROKER_URL"] = f"sqla+sqlite:///{ROOT / 'var' / 'bench' / 'broker.sqlite3'}"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tcgsite.settings")
    return f"database {os.environ['DATABASE_URL'].split('://')[0]}, broker {os.environ['CELERY_BROKER_URL'].split('://')[0]}"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--games", type=int, default=100_000)
    parser.add_argument("--big", type=int, default=1_000_000)
    args = parser.parse_args()
    where = configure_environment()

    import django

    django.setup()
    from django.conf import settings
    from django.contrib.auth.models import User
    from django.core.management import call_command
    from django.test import Client
    from django.urls import reverse

    from decks.builder import services
    from decks.models import Deck, SimulationRun
    from decks.testing import goldfish_form_data, start_worker, stop_worker

    call_command("migrate", verbosity=0)
    call_command("loadsamples", verbosity=0)
    alice, _ = User.objects.get_or_create(username="bench-alice")
    sample = Deck.objects.get(game_id="fftcg", owner__isnull=True)
    deck = services.fork_deck(sample, owner_id=alice.pk)
    client = Client()
    client.force_login(alice)
    settings.ALLOWED_HOSTS = [*settings.ALLOWED_HOSTS, "testserver"]  # the test client's host
    settings.GOLDFISH_MAX_GAMES = max(args.games, args.big)
    settings.GOLDFISH_MAX_ACTIVE_RUNS = 100

    def timed_run(games: int) -> float:
        """POST the form, then poll the run's fragment as the page does, until it shows the result."""
        start = time.perf_counter()
        form = goldfish_form_data("fftcg", games=str(games), order="first")
        response = client.post(reverse("decks:goldfish", args=[deck.share_id]), form)
        if response.status_code != 302:
            raise SystemExit(f"the run did not start: {response.status_code} {response.content[:500]!r}")
        while True:
            page = client.get(response["Location"], headers={"HX-Request": "true"})
            if b"<svg" in page.content or b"failed" in page.content:
                break
            time.sleep(0.25)  # the page polls every 1 s; more often would steal the workers' CPU
        elapsed = time.perf_counter() - start
        run = SimulationRun.objects.latest("created_at")
        if run.status != "done":
            raise SystemExit(f"run {run.pk} ended {run.status}: {run.error}")
        return elapsed

    print(f"Goldfish runs through the web app ({where}; {os.cpu_count()} cores)")
    timings: dict[int, dict[str, float]] = {}
    log_dir = ROOT / "var" / "bench"
    log_dir.mkdir(parents=True, exist_ok=True)
    for processes in (1, 2):
        settings.GOLDFISH_WORKER_PROCESSES = processes
        worker = start_worker(
            os.environ["CELERY_BROKER_URL"], log_dir / f"worker-{processes}.log", f"bench{processes}@%h",
            processes=processes,
        )  # fmt: skip
        try:
            settings.GOLDFISH_MIN_CHUNK_SECONDS = 0.0
            timed_run(20_000 * processes)  # warm-up: every pool process loads the compiled engine
            settings.GOLDFISH_MIN_CHUNK_SECONDS = 0.5
            timings[processes] = {"small": timed_run(args.games), "big": timed_run(args.big)}
        finally:
            stop_worker(worker)
        print(
            f"  {processes} worker process(es): {args.games:,} games in {timings[processes]['small']:.2f} s; "
            f"{args.big:,} games in {timings[processes]['big']:.2f} s "
            f"({args.big / timings[processes]['big']:,.0f} games/s end to end)"
        )
    small = timings[2]["small"]
    print(f"  {args.games:,}-game run, two processes, POST to result: {small:.2f} s (target <= 5 s)")
    print(f"  speed-up of two processes over one on {args.big:,} games: "
          f"{timings[1]['big'] / timings[2]['big']:.2f}x (target >= 1.8)")  # fmt: skip


if __name__ == "__main__":
    main()
