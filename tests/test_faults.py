"""Goldfish runs through real workers while things break: the broker, the database, the worker itself.

After each fault: no deck and no finished run is lost or changed, and every run that was started ends
done, with the engine's own result: a run that fails, or is left stuck, fails the test. Polling the run
(as its page and the API do) sends stalled chunks again.

The faults are real but kept to this test's own resources: on Redis only the worker's client connections
are closed (CLIENT KILL ADDR), never the shared server; on PostgreSQL only the test database's backends are
terminated; the embedded broker and SQLite files are locked, as another process holding them would.
"""

from __future__ import annotations

import os
import signal
import sqlite3
import time
from collections.abc import Callable, Iterator
from pathlib import Path
from typing import Any

import pytest
import redis
from django.core.management import call_command
from django.db import connection

from decks.goldfish import runs
from decks.models import Deck, SimulationRun
from decks.testing import WorkerProcess, start_worker, stop_worker
from tests.test_goldfish_runs import engine_alone

pytestmark = pytest.mark.worker

GAMES = 400_000  # about 4 s of FFTCG on one worker process: long enough to break something in the middle


@pytest.fixture
def fftcg_deck(transactional_db: None, settings: Any) -> Deck:
    call_command("loadsamples", verbosity=0)
    settings.GOLDFISH_WORKER_PROCESSES = 2
    settings.GOLDFISH_CHUNKS_PER_WORKER = 3
    settings.GOLDFISH_MIN_CHUNK_SECONDS = 0.0
    settings.GOLDFISH_STALL_SECONDS = 3
    return Deck.objects.get(game_id="fftcg", owner__isnull=True)


def wait_for(condition: Callable[[], bool], timeout: float, what: str, log: Callable[[], str]) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}; worker log:\n{log()[-4000:]}")
        time.sleep(0.2)


def row(run: SimulationRun) -> SimulationRun:
    return SimulationRun.objects.get(pk=run.pk)


def finish(run: SimulationRun, log: Callable[[], str], timeout: float = 120) -> SimulationRun:
    """Poll as the run page does (which also resends stalled chunks) until the run has finished."""

    def finished() -> bool:
        return runs.resume_stalled(row(run)) >= 0 and row(run).is_finished

    wait_for(finished, timeout, f"run {run.pk} to finish", log)
    return row(run)


def started(deck: Deck, seed: int, log: Callable[[], str]) -> SimulationRun:
    run = runs.enqueue_run(deck, games=GAMES, goings=("first",), seed=seed)
    wait_for(lambda: row(run).games_done > 0, 60, "the run to make progress", log)
    return run


@pytest.fixture
def history(fftcg_deck: Deck, live_worker: WorkerProcess) -> Iterator[dict[str, Any]]:
    """A run finished before the fault; at the end, it and every deck must be exactly as they were."""
    run = runs.enqueue_run(fftcg_deck, games=20_000, goings=("first",), seed=1)
    before = {"finished": finish(run, live_worker.log_text), "decks": _decks()}
    yield before
    after = row(before["finished"])
    assert (after.status, after.result, after.games_done) == (
        "done",
        before["finished"].result,
        before["finished"].games_done,
    )
    assert _decks() == before["decks"]


def assert_done_right(run: SimulationRun) -> None:
    """Done with exactly the engine's result (the seeded chunks make a retried chunk change nothing)."""
    assert run.status == "done", f"{run.status}: {run.error}"
    assert run.games_done == GAMES
    assert runs.results_by_going(run)["first"] == engine_alone(run, "first")


# --- The broker -----------------------------------------------------------------------------------------


def test_a_run_survives_the_broker_going_away(
    live_worker: WorkerProcess, fftcg_deck: Deck, history: dict[str, Any], tmp_path: Path
) -> None:
    run = started(fftcg_deck, 20261123, live_worker.log_text)
    replacement = None
    if live_worker.broker_url.startswith("redis://"):
        # The broker drops the worker's connections, twice: as a Redis restart looks from the worker.
        killed = _kill_redis_clients(live_worker)
        assert killed > 0
        time.sleep(1.5)
        _kill_redis_clients(live_worker)
        log = live_worker.log_text
    else:
        # The embedded broker is a file: another process holds it for 3 s, then the worker restarts on it.
        _hold_sqlite_lock(live_worker.broker_url.removeprefix("sqla+sqlite:///"), seconds=3)
        stop_worker(live_worker)
        replacement = start_worker(
            live_worker.broker_url, tmp_path / "replacement.log", "replacement@%h", live_worker.key_prefix
        )
        log = replacement.log_text
    try:
        assert_done_right(finish(run, log))
    finally:
        if replacement is not None:
            stop_worker(replacement)


# --- The database ---------------------------------------------------------------------------------------


def test_a_run_survives_the_database_going_away_briefly(
    live_worker: WorkerProcess, fftcg_deck: Deck, history: dict[str, Any]
) -> None:
    run = started(fftcg_deck, 7, live_worker.log_text)
    if connection.vendor == "postgresql":
        # The worker's sessions are cut mid-run, twice, as a database restart or failover does. Between
        # two chunks the worker may hold no session for a moment: try again until one is cut.
        wait_for(
            lambda: not row(run).is_finished and _terminate_other_backends() > 0,
            10,
            "a worker session to cut while the run goes on",
            live_worker.log_text,
        )
        time.sleep(1.5)
        _terminate_other_backends()
    else:
        # Another process holds the SQLite file for 3 s: nothing can be written meanwhile.
        _hold_sqlite_lock(connection.settings_dict["NAME"], seconds=3)
    assert_done_right(finish(run, live_worker.log_text))


# --- The worker -----------------------------------------------------------------------------------------


def test_killed_workers_lose_nothing(
    live_worker: WorkerProcess, fftcg_deck: Deck, history: dict[str, Any], tmp_path: Path
) -> None:
    first = started(fftcg_deck, 11, live_worker.log_text)
    second = runs.enqueue_run(fftcg_deck, games=GAMES, goings=("first",), seed=12)
    os.killpg(live_worker.process.pid, signal.SIGKILL)  # mid-chunk, no goodbye
    live_worker.process.wait(10)
    replacement = start_worker(
        live_worker.broker_url, tmp_path / "replacement.log", "replacement@%h", live_worker.key_prefix
    )
    try:
        # The replacement dies too, once it has started on the queue again.
        wait_for(lambda: row(second).games_done > 0 or row(first).games_done > row(first).games // 2, 60,
                 "the replacement to make progress", replacement.log_text)  # fmt: skip
        os.killpg(replacement.process.pid, signal.SIGKILL)
        replacement.process.wait(10)
        replacement = start_worker(
            live_worker.broker_url, tmp_path / "third.log", "third@%h", live_worker.key_prefix
        )
        assert_done_right(finish(first, replacement.log_text))
        assert_done_right(finish(second, replacement.log_text))
    finally:
        stop_worker(replacement)


# --- Helpers --------------------------------------------------------------------------------------------


def _decks() -> list[tuple[str, int, str]]:
    return list(Deck.objects.order_by("share_id").values_list("share_id", "version", "visibility"))


def _worker_ports(pid: int) -> set[int]:
    """The local TCP ports of a process's sockets, from /proc (no psutil here)."""
    inodes = set()
    for fd in Path(f"/proc/{pid}/fd").iterdir():
        try:
            target = os.readlink(fd)
        except OSError:
            continue
        if target.startswith("socket:["):
            inodes.add(target[8:-1])
    ports = set()
    for table in ("tcp", "tcp6"):
        for line in Path(f"/proc/{pid}/net/{table}").read_text().splitlines()[1:]:
            fields = line.split()
            if fields[9] in inodes:
                ports.add(int(fields[1].rsplit(":", 1)[1], 16))
    return ports


def _kill_redis_clients(worker: WorkerProcess) -> int:
    """Close, on the Redis server, every connection of the worker process and of no one else."""
    server = redis.Redis.from_url(worker.broker_url)
    try:
        ports = _worker_ports(worker.process.pid)
        killed = 0
        for client in server.client_list():
            host, _, port = client["addr"].rpartition(":")
            if int(port) in ports and host in ("127.0.0.1", "::1", "[::1]"):
                killed += server.client_kill_filter(_id=client["id"])
        return killed
    finally:
        server.close()


def _terminate_other_backends() -> int:
    """Terminate every session on the test database but this one: the worker's."""
    with connection.cursor() as cursor:
        cursor.execute(
            "SELECT count(pg_terminate_backend(pid)) FROM pg_stat_activity"
            " WHERE datname = current_database() AND pid <> pg_backend_pid()"
        )
        return cursor.fetchone()[0]


def _hold_sqlite_lock(path: str, seconds: float) -> None:
    """Hold an exclusive lock on a SQLite file for `seconds`: no other connection can read or write."""
    db = sqlite3.connect(path, timeout=30, isolation_level=None)
    try:
        db.execute("BEGIN EXCLUSIVE")
        time.sleep(seconds)
        db.execute("ROLLBACK")
    finally:
        db.close()
