from __future__ import annotations

import os
import threading
from typing import TYPE_CHECKING

from celery import Celery
from celery.signals import worker_process_init, worker_ready, worker_shutdown
from kombu.transport import TRANSPORT_ALIASES

os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tcgsite.settings")
# The embedded broker's transport, quick to notice a new message and cheap when idle (tcgsite.broker).
TRANSPORT_ALIASES["sqla"] = TRANSPORT_ALIASES["sqlalchemy"] = "tcgsite.broker:Transport"

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


@worker_process_init.connect
def preload_simulators(**kwargs: object) -> None:
    """Each pool process loads the goldfish simulators Numba's cache holds, in a thread, so the first run
    of each game after the worker starts is as quick as the next and the process takes work meanwhile
    (decks.goldfish.compiling.preload_cached)."""
    from decks.goldfish.compiling import preload_cached

    threading.Thread(target=preload_cached, name="simulator-preload", daemon=True).start()


@worker_shutdown.connect
def stop_heartbeat(**kwargs: object) -> None:
    while _heartbeats:
        _heartbeats.pop().stop()
