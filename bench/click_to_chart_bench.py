"""Click to chart: the time from clicking Run on a deck's Goldfish tab to the result chart being visible,
in headless Chromium, on a site this script starts itself (a benchmark, not a test).

    python bench/click_to_chart_bench.py [--revisions REV ...] [--backends embedded redis] [--warm 5]

For each git revision (default HEAD; `--revisions BEFORE AFTER` compares two) and each backend:
- embedded: what `./run` gives a new player, SQLite and the embedded broker (no settings at all);
- redis: PostgreSQL (a database of its own, `latency_bench`, at POSTGRES_URL, default
  postgres://postgres@127.0.0.1:5432/postgres) with Redis as broker and cache (REDIS_URL, default
  redis://127.0.0.1:6379/5, under a key prefix of its own, removed afterwards),
the revision is exported (git archive) into var/bench/click-to-chart/site, set up as `./run` does
(migrate, loadsamples, the simulators compiled into Numba's cache), and started as `./run` starts it: a
Celery worker of two prefork processes and `manage.py runserver`, on PORT (default 8116). A browser logs
in as a user owning a fork of each game's sample deck and clicks Run on the default form (10,000 games per
play order): first once per game right after the worker says it is ready ("first run"), then --warm rounds
over the games ("warm"). It prints each figure, where the time went (from the run's own rows: the POST
until the run was stored, the queue until a worker started it, the games and their writes, the page until
the chart showed), the polls the page made, and the idle CPU of the worker and the web process.

The site's directory is always the same, and its files' times are fixed, so Numba's cache (NUMBA_CACHE_DIR,
default /tmp/numba-shared) serves every revision whose simulators are the same: only the first use of a
new simulator source compiles (minutes on a busy machine). The machine is shared: compare the revisions
side by side in one run, and read the load average printed with them.
"""

from __future__ import annotations

import argparse
import json
import os
import shutil
import signal
import statistics
import subprocess
import sys
import tarfile
import time
import urllib.error
import urllib.request
import uuid
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bin.headless import CHROMIUM, CHROMIUM_ARGS  # noqa: E402 (after the path above)

SITE = ROOT / "var" / "bench" / "click-to-chart" / "site"
GAMES = ("fftcg", "gbf", "dbsfw", "fireforce")
FIXED_MTIME = 1_700_000_000  # every exported file's time, so Numba's cache stamps match across revisions
PASSWORD = "click-to-chart-bench"
# The site's setup, run in its own `manage.py shell`: a user owning a fork of each sample deck.
SETUP_USER = """
import json
from django.contrib.auth.models import User
from decks.builder import services
from decks.models import Deck
user, _ = User.objects.get_or_create(username="bench")
user.set_password({password!r}); user.save()
decks = {{}}
for game in {games!r}:
    sample = Deck.objects.filter(game_id=game, owner__isnull=True).order_by("pk").first()
    decks[game] = services.fork_deck(sample, owner_id=user.pk).share_id
print("DECKS=" + json.dumps(decks))
"""
# Each run's own timestamps, read back after the browser is done.
READ_RUNS = """
import json
from decks.models import SimulationRun
out = {}
for run in SimulationRun.objects.filter(pk__in=RUN_IDS).prefetch_related("chunks"):
    out[run.pk] = {
        "created": run.created_at.timestamp(), "status": run.status,
        "started": run.started_at.timestamp() if run.started_at else None,
        "finished": run.finished_at.timestamp() if run.finished_at else None,
        "chunks": [[c.games, c.seconds] for c in run.chunks.all()],
    }
print("RUNS=" + json.dumps(out))
"""


@dataclass
class Click:
    """One click on Run: when, how long until the chart showed, and the polls the page made meanwhile."""

    game: str
    kind: str  # "first" or "warm"
    clicked: float  # epoch seconds
    seconds: float
    run_id: int
    polls: int
    rows: dict[str, Any] = field(default_factory=dict)


@dataclass
class Site:
    revision: str
    backend: str
    env: dict[str, str]
    processes: list[subprocess.Popen[bytes]] = field(default_factory=list)

    def manage(self, *args: str, check: bool = True) -> str:
        done = subprocess.run(
            [str(SITE / ".venv" / "bin" / "python"), "manage.py", *args],
            cwd=SITE,
            env=self.env,
            capture_output=True,
            text=True,
        )
        if check and done.returncode:
            raise SystemExit(f"manage.py {' '.join(args)} failed:\n{done.stdout}\n{done.stderr}")
        return done.stdout

    def start(self, name: str, command: list[str]) -> subprocess.Popen[bytes]:
        log = (SITE / "var" / f"{name}.log").open("wb")
        process = subprocess.Popen(
            command, cwd=SITE, env=self.env, stdout=log, stderr=subprocess.STDOUT, start_new_session=True
        )
        self.processes.append(process)
        return process

    def stop(self) -> None:
        for process in self.processes:
            if process.poll() is None:
                os.killpg(process.pid, signal.SIGTERM)
        for process in self.processes:
            try:
                process.wait(15)
            except subprocess.TimeoutExpired:
                os.killpg(process.pid, signal.SIGKILL)
                process.wait(5)
        self.processes.clear()


def export(revision: str) -> str:
    """The revision's files into SITE (emptied first), with fixed file times; returns its short hash."""
    short = subprocess.run(
        ["git", "rev-parse", "--short", revision], cwd=ROOT, capture_output=True, text=True, check=True
    ).stdout.strip()
    if SITE.exists():
        shutil.rmtree(SITE)
    SITE.mkdir(parents=True)
    archive = subprocess.run(
        ["git", "archive", "--format=tar", short], cwd=ROOT, capture_output=True, check=True
    )
    tar_path = SITE.parent / "site.tar"
    tar_path.write_bytes(archive.stdout)
    with tarfile.open(tar_path) as tar:
        tar.extractall(SITE, filter="data")
    tar_path.unlink()
    for path in SITE.rglob("*"):
        os.utime(path, (FIXED_MTIME, FIXED_MTIME), follow_symlinks=False)
    (SITE / ".venv").symlink_to((ROOT / ".venv").resolve())
    (SITE / "var").mkdir(exist_ok=True)
    return short


def site_env(backend: str, prefix: str) -> dict[str, str]:
    env = {k: v for k, v in os.environ.items() if k not in ("DATABASE_URL", "CELERY_BROKER_URL", "CACHE_URL")}
    env |= {
        "NUMBA_CACHE_DIR": os.environ.get("NUMBA_CACHE_DIR", "/tmp/numba-shared"),
        "PYTHONUNBUFFERED": "1",
    }
    env |= {"DEBUG": "true", "RATE_LIMIT_SIMULATION": "1000/h", "RATE_LIMIT_SIMULATION_ATTEMPTS": "1000/h"}
    env.pop("DJANGO_SETTINGS_MODULE", None)
    if backend == "redis":
        redis_url = os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/5")
        env |= {
            "DATABASE_URL": postgres_database(),
            "CELERY_BROKER_URL": redis_url,
            "CELERY_BROKER_KEY_PREFIX": f"{prefix}:",
            "CACHE_URL": redis_url,
            "CACHE_KEY_PREFIX": prefix,
        }
    return env


def postgres_database(create: bool = True) -> str:
    """A fresh `latency_bench` database on POSTGRES_URL's server (or none, with create=False); its URL."""
    import psycopg

    url = os.environ.get("POSTGRES_URL", "postgres://postgres@127.0.0.1:5432/postgres")
    with psycopg.connect(url, autocommit=True) as conn:
        conn.execute("DROP DATABASE IF EXISTS latency_bench WITH (FORCE)")
        if create:
            conn.execute("CREATE DATABASE latency_bench")
    return f"{url.rpartition('/')[0]}/latency_bench"


def forget_redis_keys(prefix: str) -> None:
    import redis

    client = redis.Redis.from_url(os.environ.get("REDIS_URL", "redis://127.0.0.1:6379/5"))
    for pattern in (f"{prefix}:*", f":*:{prefix}*", f"{prefix}*"):
        keys = list(client.scan_iter(match=pattern, count=1000))
        if keys:
            client.delete(*keys)


def wait_for(check: Any, what: str, timeout: float = 120.0) -> float:
    """Poll check() until true; the seconds it took."""
    start = time.monotonic()
    while not check():
        if time.monotonic() - start > timeout:
            raise SystemExit(f"timed out waiting for {what}")
        time.sleep(0.05)
    return time.monotonic() - start


def web_answers(port: int) -> bool:
    try:
        with urllib.request.urlopen(f"http://127.0.0.1:{port}/healthz", timeout=2):
            return True
    except urllib.error.HTTPError:
        return True  # it answers (503 while no worker has written a heartbeat yet)
    except OSError:
        return False


def cpu_seconds(pgid: int) -> float:
    """User and system CPU time of every live process in the process group."""
    total = 0
    for stat in Path("/proc").glob("[0-9]*/stat"):
        try:
            fields = stat.read_text().rsplit(")", 1)[1].split()
        except OSError:
            continue
        if int(fields[2]) == pgid:  # pgrp (field 5 of stat; these fields start at field 3)
            total += int(fields[11]) + int(fields[12])
    return total / os.sysconf("SC_CLK_TCK")


def click_run(page: Any, base: str, share_id: str, game: str, kind: str) -> Click:
    """Open the deck's Goldfish tab, click Run and wait until the result chart is visible."""
    page.goto(f"{base}/d/{share_id}/goldfish/")
    polls: list[str] = []

    def count_poll(request: Any) -> None:
        if request.headers.get("hx-request"):
            polls.append(request.url)

    page.on("request", count_poll)
    clicked = time.time()
    start = time.perf_counter()
    page.click("form.goldfish-form button[type=submit]")
    page.wait_for_selector("#run-status svg.chart", state="visible", timeout=180_000)
    seconds = time.perf_counter() - start
    page.remove_listener("request", count_poll)
    run_id = int(page.url.rstrip("/").rsplit("/", 1)[1])
    return Click(game, kind, clicked, seconds, run_id, len(polls))


def bench_site(revision: str, backend: str, port: int, warm_rounds: int, games: list[str]) -> list[Click]:
    short = export(revision)
    prefix = f"ctc-{uuid.uuid4().hex[:8]}"
    site = Site(short, backend, site_env(backend, prefix))
    load = os.getloadavg()
    print(f"\n== {short} on {backend} (load average {load[0]:.1f} {load[1]:.1f} {load[2]:.1f})", flush=True)
    try:
        site.manage("migrate", "--noinput")
        site.manage("loadsamples")
        created = site.manage("shell", "-c", SETUP_USER.format(password=PASSWORD, games=tuple(games)))
        decks = json.loads(created.split("DECKS=", 1)[1].splitlines()[0])
        compiled = subprocess.run(
            [str(SITE / ".venv" / "bin" / "python"), "-m", "engine.goldfish"],
            cwd=SITE, env=site.env, capture_output=True, text=True, check=True,
        )  # fmt: skip
        print("   simulators: " + "; ".join(compiled.stdout.split("\n")[:-1]), flush=True)
        python = str(SITE / ".venv" / "bin" / "python")
        celery = str(SITE / ".venv" / "bin" / "celery")
        started = time.monotonic()
        worker = site.start(
            "worker", [celery, "-A", "tcgsite", "worker", "--pool=prefork", "--concurrency=2", "-l", "info"]
        )
        web = site.start("web", [python, "manage.py", "runserver", "--noreload", f"127.0.0.1:{port}"])
        worker_log = SITE / "var" / "worker.log"
        wait_for(lambda: " ready." in worker_log.read_text(errors="replace"), "the worker")
        ready = time.monotonic() - started
        wait_for(lambda: web_answers(port), "the web server")
        print(
            f"   worker ready {ready:.1f} s after its start; web up {time.monotonic() - started:.1f} s",
            flush=True,
        )
        clicks = browse(f"http://127.0.0.1:{port}", decks, warm_rounds, games)
        idle = idle_cpu({"worker": worker.pid, "web": web.pid}, seconds=20.0)
        rows = site.manage("shell", "-c", READ_RUNS.replace("RUN_IDS", repr([c.run_id for c in clicks])))
        runs = json.loads(rows.split("RUNS=", 1)[1].splitlines()[0])
        for click in clicks:
            click.rows = runs[str(click.run_id)]
        report(short, backend, clicks, idle, load)
        return clicks
    finally:
        site.stop()
        if backend == "redis":
            forget_redis_keys(prefix)
            postgres_database(create=False)


def browse(base: str, decks: dict[str, str], warm_rounds: int, games: list[str]) -> list[Click]:
    from playwright.sync_api import sync_playwright

    clicks = []
    with sync_playwright() as p:
        browser = p.chromium.launch(executable_path=CHROMIUM, args=CHROMIUM_ARGS)
        page = browser.new_page()
        page.goto(f"{base}/accounts/login/")
        page.fill("input[name=username]", "bench")
        page.fill("input[name=password]", PASSWORD)
        page.click(".account-page form button[type=submit]")
        page.wait_for_load_state()
        for game in games:
            clicks.append(click_run(page, base, decks[game], game, "first"))
        for _ in range(warm_rounds):
            for game in games:
                clicks.append(click_run(page, base, decks[game], game, "warm"))
        browser.close()
    return clicks


def idle_cpu(pids: dict[str, int], seconds: float) -> dict[str, float]:
    """Percent of one core each process group used while the site sat idle for `seconds`."""
    time.sleep(2.0)  # the last run's writes and the page's last poll are over
    before = {name: cpu_seconds(pid) for name, pid in pids.items()}
    time.sleep(seconds)
    return {name: 100 * (cpu_seconds(pid) - before[name]) / seconds for name, pid in pids.items()}


def median(values: list[float]) -> float:
    return statistics.median(values) if values else float("nan")


def report(
    short: str, backend: str, clicks: list[Click], idle: dict[str, float], load: tuple[float, ...]
) -> None:
    end = os.getloadavg()
    print(f"   load average now {end[0]:.1f} {end[1]:.1f} {end[2]:.1f}; idle CPU (20 s): "
          f"worker {idle['worker']:.1f} %, web {idle['web']:.1f} % of a core")  # fmt: skip
    for kind in ("first", "warm"):
        chosen = [c for c in clicks if c.kind == kind]
        if not chosen:
            continue
        per_game = ", ".join(f"{c.game} {c.seconds:.2f}" for c in chosen[: len(GAMES)])
        parts = {
            "POST": [c.rows["created"] - c.clicked for c in chosen],
            "queue": [c.rows["started"] - c.rows["created"] for c in chosen if c.rows["started"]],
            "games+writes": [c.rows["finished"] - c.rows["started"] for c in chosen if c.rows["finished"]],
            "page": [c.clicked + c.seconds - c.rows["finished"] for c in chosen if c.rows["finished"]],
        }
        seconds = [c.seconds for c in chosen]
        print(
            f"   {kind:5} click to chart: median {median(seconds):.2f} s, max {max(seconds):.2f} s "
            f"over {len(chosen)} runs" + (f" ({per_game})" if kind == "first" else "")
        )
        print(
            "         where (medians): "
            + ", ".join(f"{name} {median(values):.2f} s" for name, values in parts.items())
            + f"; polls per run {median([c.polls for c in chosen]):.0f}"
            + f"; chunks per run {median([len(c.rows['chunks']) for c in chosen]):.0f}"
        )
        speeds = [games / seconds for c in chosen for games, seconds in c.rows["chunks"] if seconds]
        print(
            f"         chunks played {median(speeds):,.0f} games/s per process (median), against 74,000 to "
            "188,000 on a quiet core (README, Capacity): how loaded the machine was"
        )
    sys.stdout.flush()


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--revisions", nargs="+", default=["HEAD"])
    parser.add_argument("--backends", nargs="+", choices=("embedded", "redis"), default=["embedded", "redis"])
    parser.add_argument("--warm", type=int, default=5, help="rounds of warm runs over the games")
    parser.add_argument("--games", nargs="+", choices=GAMES, default=list(GAMES))
    parser.add_argument("--port", type=int, default=int(os.environ.get("PORT", "8116")))
    args = parser.parse_args()
    print(f"Click to chart, default goldfish run ({os.cpu_count()} cores)")
    results: dict[tuple[str, str], list[Click]] = {}
    for backend in args.backends:
        for revision in args.revisions:
            results[revision, backend] = bench_site(revision, backend, args.port, args.warm, args.games)
    print("\nSummary (median click to chart, seconds):")
    for (revision, backend), clicks in results.items():
        first = median([c.seconds for c in clicks if c.kind == "first"])
        warm = median([c.seconds for c in clicks if c.kind == "warm"])
        print(f"  {revision:>12} {backend:9} first run {first:.2f}  warm {warm:.2f}")


if __name__ == "__main__":
    main()
