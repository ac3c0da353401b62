"""The worker heartbeat: each running worker says it is alive, and looks after runs nobody watches.

A thread in each worker's main process writes the worker's WorkerHeartbeat row every
WORKER_HEARTBEAT_SECONDS and sends again the chunks of any run whose worker stopped reporting
(decks.goldfish.runs.sweep_stalled), so a run whose worker died finishes once any worker is up, whether or
not anyone has its page open. /healthz reads the newest heartbeat (decks.goldfish.workers) instead of sending
a task, so it answers at once even while every worker process is busy with a long run.

The same thread watches the worker's own pool (PoolWatch). A prefork pool whose child processes are
SIGKILLed can stop starting tasks for good while the worker goes on receiving them: on the embedded broker
Celery runs billiard's plain Pool, whose children share one task pipe guarded by one lock, and a child
killed while it holds that lock (an idle child waits for the next task holding it) leaves the lock taken
for ever, so no child reads a task again. Nothing inside the worker can free it; the worker exits instead,
with EXIT_POOL_STUCK, and its supervisor starts a new one.
"""

from __future__ import annotations

import logging
import os
import signal
import threading
import time
from collections.abc import Iterable
from datetime import timedelta
from typing import Any

from celery.worker import state as worker_state
from django.conf import settings
from django.db import close_old_connections, connection
from django.utils import timezone

from decks.goldfish import runs, tuning
from decks.models import WorkerHeartbeat

log = logging.getLogger(__name__)

# The worker's exit status when its pool no longer starts tasks (EX_SOFTWARE, sysexits.h): not 0, so a
# supervisor that restarts on failure (systemd Restart=on-failure, a container restart policy) restarts it.
EXIT_POOL_STUCK = os.EX_SOFTWARE
# How long the cold shutdown of a stuck worker may take (8 to 10 s on the embedded broker, measured)
# before the process ends without it.
SHUTDOWN_GRACE_SECONDS = 60


def beat(hostname: str) -> None:
    """Record that the worker `hostname` is alive now, and send stalled chunks again (goldfish and tuning)."""
    WorkerHeartbeat.objects.update_or_create(hostname=hostname, defaults={"beat_at": timezone.now()})
    runs.sweep_stalled()
    tuning.sweep_stalled()


def forget(hostname: str) -> None:
    """A worker shutting down warmly takes its heartbeat with it: /healthz knows at once."""
    WorkerHeartbeat.objects.filter(hostname=hostname).delete()
    WorkerHeartbeat.objects.filter(beat_at__lt=timezone.now() - timedelta(days=1)).delete()


class PoolWatch:
    """Tells how long this worker's pool has left a task it received unstarted while a process was free.

    Fed, each heartbeat, the tasks the worker has received but no pool process has taken yet, and how many
    tasks its processes are running. While every process is busy a received task only waits its turn (a
    prefetch above one), so the watch starts again.
    """

    def __init__(self, processes: int) -> None:
        self.processes = processes
        self._waiting_since: dict[str, float] = {}

    def stuck_for(self, waiting: Iterable[str], running: int, now: float) -> float:
        """Seconds the longest-waiting task has waited with a process free; 0.0 if none waits."""
        if running >= self.processes:
            self._waiting_since.clear()
        else:
            self._waiting_since = {task: self._waiting_since.get(task, now) for task in waiting}
        return now - min(self._waiting_since.values(), default=now)


def pool_state() -> tuple[list[str], int]:
    """The ids of the tasks this worker received that no pool process has taken yet, and how many its
    processes run (Celery's own record, celery.worker.state, which `celery inspect` reads)."""
    while True:
        try:  # the consumer adds to these sets while this thread reads them
            running = list(worker_state.active_requests)
            reserved = list(worker_state.reserved_requests)
        except RuntimeError:
            continue
        return [r.id for r in reserved if r not in running], len(running)


class Heartbeat:
    """The heartbeat thread of one worker: `start` when the worker is ready, `stop` as it shuts down.

    `consumer` is the worker's Celery consumer (the worker_ready signal's sender): its hostname names the
    heartbeat, its pool is watched, and its controller is stopped when the pool no longer starts tasks.
    """

    def __init__(self, consumer: Any) -> None:
        self.consumer = consumer
        self.hostname: str = consumer.hostname
        self.watch = PoolWatch(consumer.pool.num_processes)
        self._stopping = threading.Event()
        self._thread = threading.Thread(target=self._loop, name="worker-heartbeat", daemon=True)

    def start(self) -> None:
        self._thread.start()

    def stop(self) -> None:
        self._stopping.set()
        self._thread.join(timeout=5)
        try:
            forget(self.hostname)
        finally:
            connection.close()

    def _loop(self) -> None:
        while not self._stopping.is_set():
            waiting, running = pool_state()
            stuck = self.watch.stuck_for(waiting, running, time.monotonic())
            if stuck >= settings.GOLDFISH_STALL_SECONDS:
                self._exit_stuck(len(waiting), stuck)
                return
            try:
                close_old_connections()
                beat(self.hostname)
            except Exception:  # a database hiccup must not end the heartbeat for good
                log.exception("worker heartbeat failed")
            finally:
                connection.close()  # this thread's own connection; a new one each beat
            self._stopping.wait(settings.WORKER_HEARTBEAT_SECONDS)

    def _exit_stuck(self, waiting: int, seconds: float) -> None:
        """Stop the worker with EXIT_POOL_STUCK: Celery's cold shutdown (SIGQUIT, handled in the main
        thread) ends the pool's processes and gives the tasks it had not finished back to the broker.
        Should the shutdown itself hang on the stuck pool, the process ends after SHUTDOWN_GRACE_SECONDS
        all the same."""
        log.critical(
            "%s: %d received task(s) not started for %.0f s although a pool process is free; the pool "
            "cannot recover, so the worker exits (status %d) for its supervisor to start a new one",
            self.hostname,
            waiting,
            seconds,
            EXIT_POOL_STUCK,
        )
        self.consumer.controller.exitcode = EXIT_POOL_STUCK
        os.kill(os.getpid(), signal.SIGQUIT)
        if not self._stopping.wait(SHUTDOWN_GRACE_SECONDS):
            log.critical("%s: the shutdown did not finish; exiting now", self.hostname)
            os._exit(EXIT_POOL_STUCK)
