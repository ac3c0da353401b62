"""Fault test on a real prefork worker whose pool processes are SIGKILLed again and again (issue 31, 4).

On the embedded broker Celery runs billiard's plain Pool, whose processes share one task pipe and its lock:
a process killed while it holds the lock (an idle one waits for the next task holding it) leaves the pool
receiving tasks it never starts. /healthz must turn 503 with the reason while sent chunks do not start;
the worker must exit (decks.goldfish.heartbeat.EXIT_POOL_STUCK) for its supervisor to start a new one;
and the run must either finish, with the engine's own result, or fail with its reason and free its slot.
"""

from __future__ import annotations

import os
import signal
import time
from collections.abc import Callable
from pathlib import Path

import pytest
from django.core.management import call_command
from django.test import Client

import engine
from decks.goldfish import runs
from decks.goldfish.heartbeat import EXIT_POOL_STUCK
from decks.models import Deck, SimulationRun
from decks.testing import start_worker, stop_worker, use_broker
from engine.goldfish import get_simulator

pytestmark = pytest.mark.worker

STALL_SECONDS = 5  # the worker's and this process's: sent chunks not started for this long are stuck
GAMES = 1_000_000  # about 12 s of FFTCG per worker process: still playing while its processes die


def wait_for(condition: Callable[[], bool], timeout: float, what: str, log: Callable[[], str]) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}; worker log:\n{log()[-6000:]}")
        time.sleep(0.25)


def pool_processes(pid: int) -> list[int]:
    """The worker's child processes (its pool), from /proc: each thread's children, as the pool's own
    thread starts the processes that replace dead ones; none once the worker has exited."""
    children = []
    for task in Path(f"/proc/{pid}/task").glob("*"):
        try:
            children += [int(p) for p in (task / "children").read_text().split()]
        except FileNotFoundError:
            continue
    return children


def test_a_worker_whose_pool_processes_are_killed_is_seen_and_replaced(
    transactional_db: None, settings, monkeypatch, tmp_path: Path
) -> None:
    call_command("loadsamples", verbosity=0)
    settings.GOLDFISH_STALL_SECONDS = STALL_SECONDS
    settings.GOLDFISH_WORKER_PROCESSES = 2
    settings.GOLDFISH_CHUNKS_PER_WORKER = 3
    settings.GOLDFISH_MIN_CHUNK_SECONDS = 0.0
    settings.GOLDFISH_MAX_ACTIVE_RUNS = 1
    settings.WORKER_HEARTBEAT_SECONDS = 1  # as the worker's (decks.testing.start_worker)
    monkeypatch.setenv("GOLDFISH_STALL_SECONDS", str(STALL_SECONDS))
    deck = Deck.objects.get(game_id="fftcg", owner__isnull=True)
    broker = f"sqla+sqlite:///{tmp_path / 'broker.sqlite3'}"
    client = Client()
    with use_broker(broker):
        worker = start_worker(broker, tmp_path / "worker.log", "killed@%h", processes=2)
        replacement = None
        try:
            run = runs.enqueue_run(deck, games=GAMES, goings=("first",), seed=31)
            wait_for(lambda: run.chunks.filter(status="running").exists(), 60, "a chunk to start",
                     worker.log_text)  # fmt: skip

            # Kill every pool process each 2 s for 30 s, as the probe did (28 kills in 2 minutes).
            health: list[dict[str, object]] = []
            deadline = time.monotonic() + 30
            while time.monotonic() < deadline and worker.process.poll() is None:
                for pid in pool_processes(worker.process.pid):
                    os.kill(pid, signal.SIGKILL)
                time.sleep(2)
                health.append(client.get("/healthz").json())

            # The pool stays stuck: /healthz says so with the reason (until the worker exits and its
            # heartbeat goes: then it says that no worker runs), and the worker exits.
            def stuck(answer: dict[str, object]) -> bool:
                return "not started by any worker" in str(answer["worker"]) and answer["ok"] is False

            def seen() -> bool:
                health.append(client.get("/healthz").json())
                return any(stuck(answer) for answer in health)

            wait_for(seen, 60, "/healthz to say that sent chunks do not start", worker.log_text)
            wait_for(
                lambda: worker.process.poll() is not None, 90, "the stuck worker to exit", worker.log_text
            )
            # Its own watch stops it (EXIT_POOL_STUCK), unless Celery's embedded-broker transport failed
            # first: its database session, shared by the pool's threads, is sometimes left "prepared"
            # by a lost process's task ("Unrecoverable error", status 1). Either way not 0: restarted.
            if worker.process.returncode == EXIT_POOL_STUCK:
                assert "received task(s) not started for" in worker.log_text()
            else:
                assert worker.process.returncode == 1
                assert "Unrecoverable error" in worker.log_text()

            # Its supervisor starts a new one; the run finishes, or has failed with the reason.
            replacement = start_worker(broker, tmp_path / "replacement.log", "replacement@%h", processes=2)

            def finished() -> bool:
                runs.resume_stalled(SimulationRun.objects.get(pk=run.pk))  # as the run's page does
                return SimulationRun.objects.get(pk=run.pk).is_finished

            wait_for(finished, 240, "the run to finish or fail", replacement.log_text)
            run.refresh_from_db()
            if run.status == "done":
                snapshot = engine.load_deck(run.deck_snapshot)
                simulator = get_simulator(snapshot.game)
                alone = simulator.run(snapshot, GAMES, run.seed, simulator.params(going="first"))
                assert runs.results_by_going(run)["first"] == alone
            else:
                assert run.status == "failed"
                assert "was sent to the workers 3 times and never finished; the last time" in run.error
            runs.enqueue_run(deck, games=1000, goings=("first",))  # its slot is free (one run at most)
            wait_for(lambda: client.get("/healthz").status_code == 200, 60, "/healthz to be 200 again",
                     replacement.log_text)  # fmt: skip
        finally:
            stop_worker(worker)
            if replacement is not None:
                stop_worker(replacement)
