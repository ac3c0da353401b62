from __future__ import annotations

import os
from typing import TYPE_CHECKING

from celery import Celery
from celery.signals import worker_ready, worker_shutdown

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tcgsite.settings")

app = Celery("tcgsite")
app.config_from_object("django.conf:settings", namespace="CELERY")
app.autodiscover_tasks()

if TYPE_CHECKING:
    from decks.goldfish.heartbeat import Heartbeat  # imported in the handler, once Django is set up

_heartbeats: list[Heartbeat] = []


@worker_ready.connect
def start_heartbeat(sender: object, **kwargs: object) -> None:
    """Each worker (its main process) writes a heartbeat, looks after stalled runs and exits when its
    pool no longer starts tasks (decks.goldfish.heartbeat). The sender is the worker's consumer."""
    from decks.goldfish.heartbeat import Heartbeat

    _heartbeats.append(Heartbeat(sender))
    _heartbeats[-1].start()


@worker_shutdown.connect
def stop_heartbeat(**kwargs: object) -> None:
    while _heartbeats:
        _heartbeats.pop().stop()
