"""The worker heartbeat: each running worker says it is alive, and looks after runs nobody watches.

A thread in each worker's main process writes the worker's WorkerHeartbeat row every
WORKER_HEARTBEAT_SECONDS and sends again the chunks of any run whose worker stopped reporting
(decks.goldfish.runs.sweep_stalled), so a run whose worker died finishes once any worker is up, whether or
not anyone has its page open. /healthz reads the newest heartbeat (decks.goldfish.workers) instead of sending
a task, so it answers at once even while every worker process is busy with a long run.
"""

from __future__ import annotations

import logging
import threading
from datetime import timedelta

from django.conf import settings
from django.db import close_old_connections, connection
from django.utils import timezone

from decks.goldfish import runs
from decks.models import WorkerHeartbeat

log = logging.getLogger(__name__)


def beat(hostname: str) -> None:
    """Record that the worker `hostname` is alive now, and send stalled chunks again."""
    WorkerHeartbeat.objects.update_or_create(hostname=hostname, defaults={"beat_at": timezone.now()})
    runs.sweep_stalled()


def forget(hostname: str) -> None:
    """A worker shutting down warmly takes its heartbeat with it: /healthz knows at once."""
    WorkerHeartbeat.objects.filter(hostname=hostname).delete()
    WorkerHeartbeat.objects.filter(beat_at__lt=timezone.now() - timedelta(days=1)).delete()


class Heartbeat:
    """The heartbeat thread of one worker: `start` when the worker is ready, `stop` as it shuts down."""

    def __init__(self, hostname: str) -> None:
        self.hostname = hostname
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
            try:
                close_old_connections()
                beat(self.hostname)
            except Exception:  # a database hiccup must not end the heartbeat for good
                log.exception("worker heartbeat failed")
            finally:
                connection.close()  # this thread's own connection; a new one each beat
            self._stopping.wait(settings.WORKER_HEARTBEAT_SECONDS)
