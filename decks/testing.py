"""Test helpers: point the Celery app at another broker, and run a real worker process.

The worker is a separate `celery worker` process, as in production: it takes messages from the broker
and writes to the test database, which it reaches through a DATABASE_URL built from the test run's own
connection settings. Only committed rows are visible to it, so tests that use it need `transactional_db`.
"""

import os
import signal
import subprocess
import sys
import time
from collections.abc import Iterator
from contextlib import contextmanager
from dataclasses import dataclass
from pathlib import Path
from typing import Any
from urllib.parse import quote

import kombu.pools
from django.conf import settings
from django.db import connection

from tcgsite.celery import app
from tcgsite.env import broker_transport_options

CELERY = Path(sys.executable).parent / "celery"


def database_url(settings_dict: dict[str, Any]) -> str:
    """A DATABASE_URL for the database a Django connection is using (the test database, in a test)."""
    if settings_dict["ENGINE"] == "django.db.backends.sqlite3":
        return f"sqlite:///{settings_dict['NAME']}"
    if settings_dict["ENGINE"] == "django.db.backends.postgresql":
        user = quote(settings_dict["USER"] or "", safe="")
        password = quote(settings_dict["PASSWORD"] or "", safe="")
        credentials = f"{user}:{password}@" if password else f"{user}@" if user else ""
        host = settings_dict["HOST"] or "localhost"
        port = f":{settings_dict['PORT']}" if settings_dict["PORT"] else ""
        return f"postgres://{credentials}{host}{port}/{quote(settings_dict['NAME'], safe='')}"
    raise NotImplementedError(f"no DATABASE_URL for {settings_dict['ENGINE']}")


def _drop_broker_connections() -> None:
    # kombu's process-wide pools are keyed by broker URL; kombu.pools.reset() closes and forgets them all,
    # so no closed pool is handed out later. The app also keeps references to the pools of its first
    # broker, and has no public call to drop them (app.close() also unregisters the app): this is what
    # Celery itself does in a forked child (Celery._after_fork).
    kombu.pools.reset()
    app._pool = None  # type: ignore[attr-defined]
    app.amqp._producer_pool = None  # type: ignore[attr-defined]


@contextmanager
def use_broker(url: str, key_prefix: str = "") -> Iterator[None]:
    """Send this process's tasks to another broker for the duration of the block."""
    saved = app.conf.broker_url, app.conf.broker_transport_options, os.environ.get("CELERY_BROKER_URL")
    _drop_broker_connections()
    # Celery reads the CELERY_BROKER_URL environment variable before its broker_url setting.
    os.environ["CELERY_BROKER_URL"] = url
    app.conf.update(broker_url=url, broker_transport_options=broker_transport_options(url, key_prefix))
    try:
        yield
    finally:
        _drop_broker_connections()
        saved_url, saved_options, environ_url = saved
        app.conf.update(broker_url=saved_url, broker_transport_options=saved_options)
        if environ_url is None:
            del os.environ["CELERY_BROKER_URL"]
        else:
            os.environ["CELERY_BROKER_URL"] = environ_url


@dataclass
class WorkerProcess:
    process: subprocess.Popen[bytes]
    log: Path
    hostname: str
    broker_url: str
    key_prefix: str

    def log_text(self) -> str:
        return self.log.read_text(errors="replace") if self.log.exists() else ""


def start_worker(
    broker_url: str,
    log: Path,
    hostname: str,
    key_prefix: str = "",
    timeout: float = 60.0,
    processes: int = 1,
) -> WorkerProcess:
    """Start `celery worker` on broker_url against the current test database; wait until it is ready.

    One process runs the solo pool; more run a prefork pool of that many child processes.
    """
    env = {
        **os.environ,
        "DATABASE_URL": database_url(connection.settings_dict),
        "CELERY_BROKER_URL": broker_url,
        "CELERY_BROKER_KEY_PREFIX": key_prefix,
        "SECRET_KEY": settings.SECRET_KEY,
        "DEBUG": "true",
        "PYTHONUNBUFFERED": "1",
        "WORKER_HEARTBEAT_SECONDS": "1",  # quick to notice in a test
    }
    pool = ["--pool=solo"] if processes == 1 else ["--pool=prefork", f"--concurrency={processes}"]
    command = [str(CELERY), "-A", "tcgsite", "worker", *pool, "-l", "info", "-n", hostname]
    command += ["--without-mingle", "--without-gossip", "--without-heartbeat"]
    with log.open("wb") as out:
        process = subprocess.Popen(
            command,
            cwd=settings.BASE_DIR,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=out,
            stderr=subprocess.STDOUT,
            start_new_session=True,  # its own process group, so teardown can end all of it
        )
    worker = WorkerProcess(process, log, hostname, broker_url, key_prefix)
    deadline = time.monotonic() + timeout
    while " ready." not in worker.log_text():
        if process.poll() is not None or time.monotonic() > deadline:
            stop_worker(worker)
            raise RuntimeError(f"the Celery worker did not start:\n{worker.log_text()}")
        time.sleep(0.1)
    return worker


def stop_worker(worker: WorkerProcess, timeout: float = 20.0) -> None:
    """Warm shutdown (SIGTERM), then SIGKILL to the whole process group if it does not stop in time."""
    if worker.process.poll() is None:
        worker.process.send_signal(signal.SIGTERM)
        try:
            worker.process.wait(timeout)
        except subprocess.TimeoutExpired:
            os.killpg(worker.process.pid, signal.SIGKILL)
            worker.process.wait(timeout)


def goldfish_form_data(game_id: str, **values: str) -> dict[str, str]:
    """What a browser submits from the Goldfish form left at its initial values, with `values` changed."""
    from decks.goldfish.views import GoldfishForm

    form = GoldfishForm(game_id=game_id)
    data = {}
    for name in form.fields:
        value = form[name].value()
        if isinstance(value, bool):
            if value:
                data[name] = "on"  # an unticked checkbox is simply absent
        elif value is not None:
            data[name] = str(value)
    return {**data, **values}
