"""What the site knows of its Celery workers: how long ago the newest one wrote its heartbeat
(decks.goldfish.heartbeat writes them). Read by /healthz, by a run's page and the API to say that a run
waits for a worker (decks.goldfish.runs.waiting_note), and when a run starts (runs.look_after)."""

from __future__ import annotations

from django.utils import timezone

from decks.models import WorkerHeartbeat


def newest_age() -> float | None:
    """Seconds since the newest heartbeat of any worker; None if no worker has ever written one."""
    newest = WorkerHeartbeat.objects.order_by("-beat_at").values_list("beat_at", flat=True).first()
    return None if newest is None else (timezone.now() - newest).total_seconds()
