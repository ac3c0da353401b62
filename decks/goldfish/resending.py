"""Chunks handed to the workers, and sent again when lost: one policy for the chunks of goldfish runs
(SimulationChunk, decks.goldfish.runs) and of tuning runs (TuningChunk, decks.goldfish.tuning).

A chunk is a row its task names by id. `sent_at` is when it was sent (empty: it waits its turn, unsent),
`updated_at` its heartbeat (its worker writes it as it plays), `attempts` the times it was handed to the
workers: each send, and each delivery the broker repeated because the worker process playing it died.
Computing a chunk twice gives the same answer, so sending one again is always safe; a chunk handed over
GOLDFISH_MAX_ATTEMPTS times fails its run instead, with a reason its player can read (its games may be
what kills the worker, or no worker takes work), and the run's slot comes back.

What the two kinds differ in is a ChunkKind subclass in the module that owns them: the table, the word
for the run, how a chunk is sent (each module's own task), and what giving a run up sets going (the
goldfish runner's other runs; nothing for a tuning).
"""

from __future__ import annotations

from abc import ABC, abstractmethod
from collections.abc import Sequence
from datetime import datetime, timedelta
from typing import ClassVar

from django.conf import settings
from django.db import transaction
from django.db.models import F
from django.utils import timezone

from decks.models import (
    ImportJob,
    RunStatus,
    SimulationChunk,
    SimulationRun,
    TuningChunk,
    TuningRun,
    WorkerJob,
)

type Chunk = SimulationChunk | TuningChunk


class ChunkKind[R: WorkerJob](ABC):
    """One kind of chunk, whose runs are R: its model, how its run is named to the player ("Start the run
    again later."), how its chunks are sent, and what follows once a run of it has been given up."""

    model: ClassVar[type[SimulationChunk] | type[TuningChunk]]
    run_word: ClassVar[str]

    @abstractmethod
    def send(self, chunk_ids: Sequence[int]) -> None:
        """Send each chunk's task (by the task's name: decks.tasks imports the modules that send them)."""

    @abstractmethod
    def after_giving_up(self, run: R) -> None:
        """What a run given up sets going."""


def take[R: WorkerJob](kind: ChunkKind[R], run: R, chunk: Chunk) -> bool:
    """A worker starts the chunk: mark it running and say True, or give its run up and say False when the
    broker has delivered it again (it was running and has not been sent since: the worker process playing
    it died) once too often. Such a delivery is one more attempt, as a send is."""
    delivered_again = chunk.status == RunStatus.RUNNING
    if delivered_again and chunk.attempts >= settings.GOLDFISH_MAX_ATTEMPTS:
        give_up(kind, run, chunk)
        return False
    kind.model.objects.filter(pk=chunk.pk).update(
        status=RunStatus.RUNNING, attempts=F("attempts") + int(delivered_again), updated_at=timezone.now()
    )
    return True


def resend_stalled[R: WorkerJob](kind: ChunkKind[R], run: R) -> int:
    """Send again every unfinished chunk of `run` whose heartbeat is older than GOLDFISH_STALL_SECONDS.

    Covers a worker killed mid-chunk (a running chunk stops reporting), a message the broker lost and a
    worker whose pool no longer starts what it receives (a queued chunk nobody takes although a worker
    process is free; while every process is busy, with chunks of either kind or card imports, a queued
    chunk is only waiting its turn and is not sent twice). A chunk already handed over
    GOLDFISH_MAX_ATTEMPTS times fails the run instead (give_up). A chunk sent again that no worker started
    keeps the time it was first sent, which /healthz reads (not_started). Returns how many were sent; the
    compare-and-set on updated_at keeps two pollers from sending the same chunk twice.
    """
    if run.is_finished:
        return 0
    now = timezone.now()
    stale = now - timedelta(seconds=settings.GOLDFISH_STALL_SECONDS)
    stalled = (
        kind.model.objects.filter(run_id=run.pk)
        .exclude(status=RunStatus.DONE)
        .filter(updated_at__lt=stale, sent_at__isnull=False)  # one still waiting its turn has not stalled
    )
    if busy_processes(stale) >= settings.GOLDFISH_WORKER_PROCESSES:
        stalled = stalled.filter(status=RunStatus.RUNNING)
    resent = []
    for chunk in stalled.order_by("index"):
        if chunk.attempts >= settings.GOLDFISH_MAX_ATTEMPTS:
            give_up(kind, run, chunk)
            return 0
        started = chunk.status == RunStatus.RUNNING
        claimed = kind.model.objects.filter(pk=chunk.pk, updated_at=chunk.updated_at).update(
            status=RunStatus.QUEUED,
            attempts=F("attempts") + 1,
            updated_at=now,
            sent_at=now if started else chunk.sent_at,
        )
        if claimed:
            resent.append(chunk.pk)
    if resent:
        transaction.on_commit(lambda: kind.send(resent))
    return len(resent)


def give_up[R: WorkerJob](kind: ChunkKind[R], run: R, chunk: Chunk) -> None:
    """Fail the run of a chunk handed to the workers GOLDFISH_MAX_ATTEMPTS times without finishing, saying
    how it was lost the last time; then what the kind does next (kind.after_giving_up)."""
    if chunk.status == RunStatus.QUEUED:
        last = "no worker started it (the workers are not taking work)"
    else:
        last = "its worker stopped"
    if run.fail(
        f"Chunk {chunk.index} was sent to the workers {chunk.attempts} times and never finished; the last "
        f"time {last}. Start the {kind.run_word} again later."
    ):
        kind.after_giving_up(run)


def not_started() -> tuple[int, float]:
    """Chunks of either kind sent over GOLDFISH_STALL_SECONDS ago that no worker has started although a
    worker process is free, and how long the oldest has waited (0, 0.0 if none): workers that stopped
    taking work, or a broker that lost the messages. While every process is busy, sent chunks only wait
    their turn."""
    now = timezone.now()
    stale = now - timedelta(seconds=settings.GOLDFISH_STALL_SECONDS)
    if busy_processes(stale) >= settings.GOLDFISH_WORKER_PROCESSES:
        return 0, 0.0
    count, oldest = 0, None
    for model, runs in ((SimulationChunk, SimulationRun), (TuningChunk, TuningRun)):
        waiting = model.objects.filter(status=RunStatus.QUEUED, sent_at__lt=stale).exclude(
            run__status__in=runs.FINISHED
        )
        first = waiting.order_by("sent_at").values_list("sent_at", flat=True).first()
        if first is not None:
            count += waiting.count()
            oldest = first if oldest is None else min(oldest, first)
    return count, 0.0 if oldest is None else (now - oldest).total_seconds()


def busy_processes(stale: datetime) -> int:
    """Worker processes busy now, as their rows tell: chunks of either kind and card imports that reported
    since `stale`."""
    return sum(
        model.objects.filter(status=RunStatus.RUNNING, updated_at__gte=stale).count()
        for model in (SimulationChunk, TuningChunk, ImportJob)
    )
