"""The site under load (a benchmark, not a test): concurrent clients against gunicorn on loopback.

    python bench/load_bench.py [--clients 10] [--seconds 10] [--requests 5000] [--workers 2]

Builds a throwaway database with the sample cards (a fresh SQLite file under var/bench/, or a database
`tcgsite_loadbench` on the DATABASE_URL PostgreSQL server), collects the static files, starts gunicorn
with DEBUG off on 127.0.0.1 and a free port, then for each target in turn lets the clients send requests
back to back (each a new connection, as gunicorn's sync workers close them) until --seconds have passed
or --requests have been sent. Prints requests per second and latency percentiles per target. Only
loopback traffic. The API's rate limit is lifted for the run: every client here shares one address.

Each target runs twice: "cold", every request a page nobody asked for yet (a query string of its own, so
no cache can answer), then "warm", the same page again and again. The clients send no cookies and no
If-None-Match: a warm answer is the server's cache, not a 304.
"""

from __future__ import annotations

import argparse
import http.client
import os
import secrets
import socket
import statistics
import subprocess
import sys
import threading
import time
from dataclasses import dataclass, field
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
PYTHON = Path(sys.executable)
HOST = "127.0.0.1"


@dataclass
class Target:
    name: str
    path: str
    headers: dict[str, str] = field(default_factory=dict)
    cold: bool = False
    sent: int = 0

    def next_path(self) -> str:
        """The path to request; cold, with a query parameter no earlier request had."""
        self.sent += 1
        if not self.cold:
            return self.path
        return f"{self.path}{'&' if '?' in self.path else '?'}cold={self.sent}"


@dataclass
class Outcome:
    latencies: list[float] = field(default_factory=list)
    errors: dict[str, int] = field(default_factory=dict)
    seconds: float = 0.0


def environment() -> dict[str, str]:
    env = {
        **os.environ,
        "DEBUG": "false",
        "SECRET_KEY": secrets.token_urlsafe(50),
        "ALLOWED_HOSTS": HOST,
        "SECURE_SSL_REDIRECT": "false",
        "SECURE_COOKIES": "false",
        "SECURE_HSTS_SECONDS": "0",
        "RATE_LIMIT_API": "10000000/m",
        "LOG_LEVEL": "WARNING",
    }
    url = os.environ.get("DATABASE_URL", "")
    if url.startswith(("postgres://", "postgresql://")):
        import psycopg

        base, _, _ = url.rpartition("/")
        with psycopg.connect(url, autocommit=True) as conn:
            conn.execute("DROP DATABASE IF EXISTS tcgsite_loadbench WITH (FORCE)")
            conn.execute("CREATE DATABASE tcgsite_loadbench")
        env["DATABASE_URL"] = f"{base}/tcgsite_loadbench"
    else:
        folder = ROOT / "var" / "bench"
        folder.mkdir(parents=True, exist_ok=True)
        (folder / "load.sqlite3").unlink(missing_ok=True)
        env["DATABASE_URL"] = f"sqlite:///{folder / 'load.sqlite3'}"
    return env


def manage(env: dict[str, str], *args: str) -> str:
    done = subprocess.run(
        [str(PYTHON), "manage.py", *args], cwd=ROOT, env=env, check=True, capture_output=True, text=True
    )
    return done.stdout


def free_port() -> int:
    with socket.socket() as s:
        s.bind((HOST, 0))
        return s.getsockname()[1]


def get(port: int, target: Target) -> int:
    conn = http.client.HTTPConnection(HOST, port, timeout=30)
    try:
        conn.request("GET", target.next_path(), headers=target.headers)
        response = conn.getresponse()
        response.read()
        return response.status
    finally:
        conn.close()


def load(port: int, target: Target, clients: int, seconds: float, budget: int) -> Outcome:
    outcome = Outcome()
    lock = threading.Lock()
    sent = 0
    deadline = time.monotonic() + seconds

    def client() -> None:
        nonlocal sent
        while time.monotonic() < deadline:
            with lock:
                if sent >= budget:
                    return
                sent += 1
                path_target = Target(target.name, target.next_path(), target.headers)
            started = time.perf_counter()
            try:
                status = get(port, path_target)
                problem = None if status == 200 else f"HTTP {status}"
            except OSError as e:
                problem = type(e).__name__
            elapsed = time.perf_counter() - started
            with lock:
                if problem:
                    outcome.errors[problem] = outcome.errors.get(problem, 0) + 1
                else:
                    outcome.latencies.append(elapsed)

    threads = [threading.Thread(target=client) for _ in range(clients)]
    started = time.monotonic()
    for t in threads:
        t.start()
    for t in threads:
        t.join()
    outcome.seconds = time.monotonic() - started
    return outcome


def percentile(values: list[float], p: float) -> float:
    if not values:
        return float("nan")
    return (
        statistics.quantiles(values, n=100, method="inclusive")[int(p) - 1] if len(values) > 1 else values[0]
    )


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.split("\n\n")[0])
    parser.add_argument("--clients", type=int, default=10)
    parser.add_argument("--seconds", type=float, default=10.0)
    parser.add_argument("--requests", type=int, default=5000)
    parser.add_argument("--workers", type=int, default=2)
    args = parser.parse_args()

    env = environment()
    manage(env, "migrate", "--noinput")
    manage(env, "loadsamples")
    manage(env, "collectstatic", "--noinput")
    share_id = manage(
        env,
        "shell",
        "-c",
        "from decks.models import Deck; print(Deck.objects.filter(game_id='fftcg', visibility='public')"
        ".values_list('share_id', flat=True).first())",
    ).splitlines()[-1]  # the last line: shell may first say what it imported

    port = free_port()
    gunicorn = subprocess.Popen(
        [str(PYTHON.parent / "gunicorn"), "tcgsite.wsgi", "--bind", f"{HOST}:{port}",
         "--workers", str(args.workers), "--log-level", "warning"],
        cwd=ROOT, env=env, start_new_session=True,
    )  # fmt: skip
    pages = [
        ("deck page", f"/d/{share_id}/", {}),
        ("card browser", "/cards/fftcg/?q=a", {}),
        ("deck partial (odds, htmx)", f"/d/{share_id}/stats?turns=5", {"HX-Request": "true"}),
        ("API read (deck)", f"/api/v1/decks/{share_id}", {}),
    ]
    targets = [
        Target(f"{name}, {'cold' if cold else 'warm'}", path, headers, cold)
        for name, path, headers in pages
        for cold in (True, False)
    ]
    try:
        deadline = time.monotonic() + 30
        while True:
            try:
                if get(port, targets[0]) == 200:
                    break
            except OSError:
                pass
            if time.monotonic() > deadline or gunicorn.poll() is not None:
                raise SystemExit("gunicorn did not start")
            time.sleep(0.2)
        database = env["DATABASE_URL"].split("://")[0]
        print(
            f"gunicorn, {args.workers} sync workers, DEBUG off, {database}; {os.cpu_count()} CPUs shared with"
        )
        print(f"{args.clients} client threads; each target {args.seconds:g} s or {args.requests} requests.\n")
        print(f"{'target':36} {'requests':>8} {'req/s':>8} {'p50 ms':>8} {'p95 ms':>8} {'p99 ms':>8}  errors")
        for target in targets:
            for _ in range(20):  # every worker's connections; a warm target's page, cached
                get(port, target)
            outcome = load(port, target, args.clients, args.seconds, args.requests)
            ok = outcome.latencies
            print(
                f"{target.name:36} {len(ok):8d} {len(ok) / outcome.seconds:8.1f} "
                f"{percentile(ok, 50) * 1000:8.1f} {percentile(ok, 95) * 1000:8.1f} "
                f"{percentile(ok, 99) * 1000:8.1f}  {outcome.errors or 'none'}"
            )
    finally:
        gunicorn.terminate()
        try:
            gunicorn.wait(20)
        except subprocess.TimeoutExpired:
            os.killpg(gunicorn.pid, 9)


if __name__ == "__main__":
    main()
