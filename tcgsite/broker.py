"""The embedded broker: kombu's SQLAlchemy transport, which polls for new messages, made quick and cheap.

kombu's transport cannot be told of a new message: a worker asks the database for one, and sleeps 1 s
after each empty answer, so a goldfish run waited half a second on average, up to a whole one, before a
worker took it (bench/click_to_chart_bench.py). Here a worker on a SQLite broker asks every
EMBEDDED_BROKER_POLL_SECONDS instead, and each ask first reads SQLite's `PRAGMA data_version` on a
connection of its own: a number that changes whenever another connection commits to the file. Unchanged
since the last empty answer, there is nothing new, and the transport's query (four statements through
SQLAlchemy's ORM, about 1.5 ms of CPU on a busy machine) is skipped, so an idle worker costs about what it
did with kombu's 1 s. The number is read before the query, so a message committed meanwhile is found by
that query or changes the number for the next ask: none is missed.

Any other database behind `sqla+` keeps kombu's behaviour (1 s, every ask a query). tcgsite.celery
registers this transport for the `sqla` and `sqlalchemy` URL schemes.
"""

from __future__ import annotations

import sqlite3
from pathlib import Path
from queue import Empty
from typing import Any

from django.conf import settings
from kombu.transport import sqlalchemy
from sqlalchemy.engine import make_url


def sqlite_file(url: str) -> Path | None:
    """The file of a SQLAlchemy URL naming a SQLite database file; None for any other database."""
    parsed = make_url(url)
    if parsed.get_backend_name() != "sqlite" or parsed.database in (None, "", ":memory:"):
        return None
    return Path(parsed.database)


class ChangeWatch:
    """SQLite's data_version of a database file, read on a connection of its own (opened on first use,
    never creating the file)."""

    def __init__(self, path: Path) -> None:
        self.path = path
        self._connection: sqlite3.Connection | None = None

    def version(self) -> int | None:
        """The file's data_version now; None if it cannot be read (say, not created yet)."""
        try:
            if self._connection is None:
                self._connection = sqlite3.connect(
                    f"file:{self.path}?mode=rw", uri=True, autocommit=True, check_same_thread=False
                )  # used by one channel, one call at a time, whichever thread that is
            return int(self._connection.execute("PRAGMA data_version").fetchone()[0])
        except sqlite3.Error:
            self.close()
            return None

    def close(self) -> None:
        if self._connection is not None:
            self._connection.close()
            self._connection = None


class Channel(sqlalchemy.Channel):
    """Skips the query for a queue whose database has not changed since the queue was last found empty."""

    def __init__(self, connection: Any, **kwargs: Any) -> None:
        super().__init__(connection, **kwargs)
        path = sqlite_file(connection.client.hostname)
        self._watch = ChangeWatch(path) if path is not None else None
        self._empty_at: dict[str, int] = {}  # queue: the data_version it was last found empty at

    def _get(self, queue: str, timeout: float | None = None) -> Any:
        """The next message of the queue, or Empty (timeout is virtual.Channel's; kombu's SQLAlchemy
        channel, like this one, answers at once)."""
        version = self._watch.version() if self._watch is not None else None
        if version is not None and self._empty_at.get(queue) == version:
            raise Empty()
        try:
            return super()._get(queue)
        except Empty:
            if version is not None:
                self._empty_at[queue] = version
            raise

    def close(self) -> None:
        if self._watch is not None:
            self._watch.close()
        super().close()


class Transport(sqlalchemy.Transport):
    """kombu's SQLAlchemy transport with the Channel above; on SQLite it polls every
    EMBEDDED_BROKER_POLL_SECONDS."""

    Channel = Channel

    def __init__(self, client: Any, **kwargs: Any) -> None:
        super().__init__(client, **kwargs)
        if sqlite_file(client.hostname) is not None:
            self.polling_interval = settings.EMBEDDED_BROKER_POLL_SECONDS
