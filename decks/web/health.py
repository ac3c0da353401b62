"""Checks behind /healthz and the staff's "Check the worker" button.

Each check returns a Check: ok, and a short detail a person can read. /healthz uses only quick ones
(a database query, a broker connection with a short timeout, the age of the newest worker heartbeat and
of the oldest goldfish chunk sent but not started), so a load balancer may probe it often; the round
trip through a worker is the button's, on demand.
"""

import secrets
import time
from dataclasses import dataclass

from django.conf import settings
from django.db import connection

from decks.goldfish import resending, workers
from decks.models import WorkerPing
from decks.tasks import ping
from tcgsite.celery import app


@dataclass(frozen=True, slots=True)
class Check:
    ok: bool
    detail: str  # "ok", or what went wrong
    seconds: float = 0.0  # how long the check took
    hostname: str = ""  # the worker that answered, for the worker check


def check_database() -> Check:
    start = time.monotonic()
    try:
        with connection.cursor() as cursor:
            cursor.execute("SELECT 1")
            cursor.fetchone()
    except Exception as e:  # any failure is the answer, not a crash of the health page
        return Check(False, f"error: {e}", time.monotonic() - start)
    return Check(True, "ok", time.monotonic() - start)


def check_heartbeat() -> Check:
    """Whether a worker has written its heartbeat lately (decks.goldfish.workers), busy or not."""
    start = time.monotonic()
    try:
        age = workers.newest_age()
    except Exception as e:
        return Check(False, f"error: {e}", time.monotonic() - start)
    if age is None:
        return Check(False, "no worker is running", time.monotonic() - start)
    if age > 3 * settings.WORKER_HEARTBEAT_SECONDS:
        return Check(False, f"no worker heartbeat for {age:.0f} s", time.monotonic() - start)
    return Check(True, "ok", time.monotonic() - start)


def check_workers() -> Check:
    """Whether the workers are alive (check_heartbeat) and start the work sent to them: a worker may
    write its heartbeat while its pool takes no task (decks.goldfish.resending.not_started)."""
    alive = check_heartbeat()
    if not alive.ok:
        return alive
    start = time.monotonic()
    try:
        count, oldest = resending.not_started()
    except Exception as e:
        return Check(False, f"error: {e}", alive.seconds + time.monotonic() - start)
    if count:
        chunks = "1 chunk" if count == 1 else f"{count} chunks"  # of goldfish or tuning runs
        detail = f"{chunks} sent {oldest:.0f} s ago not started by any worker, though one should be free"
        return Check(False, detail, alive.seconds + time.monotonic() - start)
    return Check(True, "ok", alive.seconds + time.monotonic() - start)


def check_broker(timeout: int = 1) -> Check:
    start = time.monotonic()
    try:
        with app.connection_for_write() as conn:
            conn.ensure_connection(max_retries=1, timeout=timeout)
    except Exception as e:
        return Check(False, f"error: {e}", time.monotonic() - start)
    return Check(True, "ok", time.monotonic() - start)


def check_worker(timeout: float = 5.0) -> Check:
    """Send a ping task and wait for a worker to write its WorkerPing row.

    A real round trip: broker, a worker taking the message, and the worker reaching our database. The
    message expires with the wait, so pings sent while no worker runs do not pile up for the next one.
    """
    token = secrets.token_hex(16)
    start = time.monotonic()
    try:
        ping.apply_async(args=(token,), expires=timeout, retry=False)
    except Exception as e:
        return Check(False, f"error sending the task: {e}", time.monotonic() - start)
    while (elapsed := time.monotonic() - start) < timeout:
        answer = WorkerPing.objects.filter(token=token).first()
        if answer is not None:
            answer.delete()
            return Check(True, "ok", elapsed, answer.hostname)
        time.sleep(0.05)
    return Check(False, f"no worker answered within {timeout:g} s", timeout)
