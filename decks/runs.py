"""Goldfish runs on Celery workers: split into chunks, computed anywhere, merged, never lost.

A run is a row (SimulationRun) with one row per chunk (SimulationChunk). Workers write progress and
results to those rows; tasks carry only ids. Every chunk is seeded by the run's seed and its games'
indices, so computing a chunk twice gives the same answer: a redelivered message, or a chunk sent again
because its worker stopped sending heartbeats, can never change the result.
"""

from __future__ import annotations

import math
import secrets
import time
from collections.abc import Callable, Mapping, Sequence
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import Avg, F, Q, Sum
from django.utils import timezone

import engine
from decks.convert import deck_to_engine
from decks.models import Deck, SimulationChunk, SimulationRun
from engine.goldfish import GoldfishResult, get_simulator

GOINGS = ("first", "second")
# Assumed speed for a game with no finished chunk yet (games per second per worker process).
DEFAULT_GAMES_PER_SECOND = 5_000


class RunRefused(ValueError):
    """A run that cannot start: a limit, a bad parameter, a game without a simulator."""


class RunCancelled(Exception):
    """Raised inside a chunk when its run has been cancelled, to stop the games early."""


def enqueue_run(
    deck: Deck,
    *,
    games: int,
    goings: Sequence[str] = GOINGS,
    opponent: Mapping[str, Any] | Sequence[str] = (),
    policy: Mapping[str, Any] | Sequence[str] = (),
    max_turns: int | None = None,
    seed: int | None = None,
) -> SimulationRun:
    """Check the request, store the run and its chunks, and send the chunks once the rows are committed.

    `games` is per play order. Raises RunRefused with a message for the player.
    """
    try:
        simulator = get_simulator(deck.game_id)
    except ValueError as e:
        raise RunRefused(str(e)) from None
    goings = tuple(dict.fromkeys(goings))
    if not goings or any(g not in GOINGS for g in goings):
        raise RunRefused("Choose going first, going second, or both.")
    limit = settings.GOLDFISH_MAX_GAMES
    if not 1 <= games <= limit:
        raise RunRefused(f"A run plays between 1 and {limit:,} games per play order.")
    _check_active_runs(deck)
    try:
        params = simulator.params(going=goings[0], opponent=opponent, policy=policy, max_turns=max_turns)
    except ValueError as e:
        raise RunRefused(str(e)) from None
    snapshot = deck_to_engine(deck)
    if not snapshot.size(engine.get_game(deck.game_id).main_section):
        raise RunRefused("The deck has no main deck cards to play.")
    seed = secrets.randbits(63) if seed is None else seed
    with transaction.atomic():
        run = SimulationRun.objects.create(
            deck=deck,
            deck_snapshot=snapshot.to_dict(),
            params={**params.to_dict(), "goings": list(goings)},
            seed=seed,
            games=games * len(goings),
        )
        plan = plan_chunks(games, goings, _games_per_second(deck.game_id))
        chunks = SimulationChunk.objects.bulk_create(
            SimulationChunk(run=run, index=i, going=going, first_game=first, games=n)
            for i, (going, first, n) in enumerate(plan)
        )
        transaction.on_commit(lambda: _send([c.pk for c in chunks]))
    return run


def plan_chunks(games: int, goings: Sequence[str], games_per_second: float) -> list[tuple[str, int, int]]:
    """Cut each play order's games into chunks: each worth at least GOLDFISH_MIN_CHUNK_SECONDS of work,
    and about GOLDFISH_CHUNKS_PER_WORKER chunks per worker process when the run is long enough."""
    total = games * len(goings)
    smallest = max(1, math.ceil(games_per_second * settings.GOLDFISH_MIN_CHUNK_SECONDS))
    wanted = settings.GOLDFISH_WORKER_PROCESSES * settings.GOLDFISH_CHUNKS_PER_WORKER
    size = max(smallest, math.ceil(total / wanted))
    plan = []
    for going in goings:
        for first in range(0, games, size):
            plan.append((going, first, min(size, games - first)))
    return plan


def run_chunk(chunk_id: int) -> None:
    """Compute one chunk (the body of the Celery task); harmless when run twice or after a cancel."""
    chunk = SimulationChunk.objects.select_related("run").filter(pk=chunk_id).first()
    if chunk is None or chunk.status == SimulationChunk.Status.DONE:
        return
    run = chunk.run
    if run.is_finished:
        return
    SimulationRun.objects.filter(pk=run.pk, status=SimulationRun.Status.QUEUED).update(
        status=SimulationRun.Status.RUNNING, started_at=timezone.now(), updated_at=timezone.now()
    )
    SimulationChunk.objects.filter(pk=chunk.pk).update(
        status=SimulationChunk.Status.RUNNING, attempts=F("attempts") + 1, updated_at=timezone.now()
    )
    started = time.monotonic()
    try:
        deck = engine.load_deck(run.deck_snapshot)
        simulator = get_simulator(deck.game)
        p = run.params
        params = simulator.params(
            going=chunk.going, opponent=p["opponent"], policy=p["policy"], max_turns=p["max_turns"]
        )
        result = simulator.run(
            deck, chunk.games, run.seed, params, progress=_heartbeat(chunk), start=chunk.first_game
        )
    except RunCancelled:
        return
    except Exception as e:  # a bug or bad data: the run fails with the reason, and nothing retries it
        SimulationChunk.objects.filter(pk=chunk.pk).update(status=SimulationChunk.Status.FAILED)
        run.fail(f"Chunk {chunk.index} failed: {type(e).__name__}: {e}")
        raise
    _store_chunk(chunk, result, time.monotonic() - started)


def resume_stalled(run: SimulationRun) -> int:
    """Send again every unfinished chunk whose heartbeat is older than GOLDFISH_STALL_SECONDS.

    Covers a worker killed mid-chunk and a message the broker lost. Returns how many were sent; the
    compare-and-set on updated_at keeps two pollers from sending the same chunk twice.
    """
    if run.is_finished:
        return 0
    now = timezone.now()
    stale = now - timedelta(seconds=settings.GOLDFISH_STALL_SECONDS)
    resent = []
    for chunk in run.chunks.exclude(status=SimulationChunk.Status.DONE).filter(updated_at__lt=stale):
        claimed = SimulationChunk.objects.filter(pk=chunk.pk, updated_at=chunk.updated_at).update(
            status=SimulationChunk.Status.QUEUED, updated_at=now
        )
        if claimed:
            resent.append(chunk.pk)
    if resent:
        transaction.on_commit(lambda: _send(resent))
    return len(resent)


def results_by_going(run: SimulationRun) -> dict[str, GoldfishResult]:
    """The run's result per play order, from its stored JSON."""
    return {going: GoldfishResult.from_dict(data) for going, data in (run.result or {}).items()}


def _store_chunk(chunk: SimulationChunk, result: GoldfishResult, seconds: float) -> None:
    stored = (
        SimulationChunk.objects.filter(pk=chunk.pk)
        .exclude(status=SimulationChunk.Status.DONE)
        .update(
            status=SimulationChunk.Status.DONE,
            result=result.to_dict(),
            games_done=chunk.games,
            seconds=seconds,
            updated_at=timezone.now(),
        )
    )
    if not stored:
        return  # another delivery of this chunk got there first, with the same result
    run = chunk.run
    _record_progress(run)
    if run.chunks.exclude(status=SimulationChunk.Status.DONE).exists():
        return
    merged: dict[str, GoldfishResult] = {}
    for done in run.chunks.order_by("index"):
        part = GoldfishResult.from_dict(done.result)
        merged[done.going] = merged[done.going].merge(part) if done.going in merged else part
    run.finish({going: merged[going].to_dict() for going in run.params["goings"]})


def _record_progress(run: SimulationRun) -> None:
    done = run.chunks.aggregate(n=Sum("games_done"))["n"] or 0
    run.record_progress(min(done, run.games))


def _heartbeat(chunk: SimulationChunk) -> Callable[[int, int], None]:
    """The progress callback of a chunk: write games done and the heartbeat; stop if the run was cancelled."""

    def report(done: int, total: int) -> None:
        SimulationChunk.objects.filter(pk=chunk.pk).update(games_done=done, updated_at=timezone.now())
        run = SimulationRun.objects.only("status").get(pk=chunk.run_id)
        if run.is_finished:
            raise RunCancelled
        _record_progress(chunk.run)

    return report


def _games_per_second(game_id: str) -> float:
    """This game's measured speed per worker process, from its recently finished chunks."""
    recent = SimulationChunk.objects.filter(
        run__deck__game_id=game_id, status=SimulationChunk.Status.DONE, seconds__gt=0.05
    ).order_by("-updated_at")[:20]
    rate = SimulationChunk.objects.filter(pk__in=recent.values("pk")).aggregate(
        r=Avg(F("games") / F("seconds"))
    )["r"]
    return rate or DEFAULT_GAMES_PER_SECOND


def _check_active_runs(deck: Deck) -> None:
    active = SimulationRun.objects.exclude(status__in=SimulationRun.FINISHED)
    if deck.owner_id is not None:
        active = active.filter(deck__owner_id=deck.owner_id)
    else:
        active = active.filter(Q(deck__owner__isnull=True) & Q(deck__session_key=deck.session_key))
    limit = settings.GOLDFISH_MAX_ACTIVE_RUNS
    if active.count() >= limit:
        raise RunRefused(f"You already have {limit} runs in progress; wait for one to finish or cancel it.")


def _send(chunk_ids: list[int]) -> None:
    from decks.tasks import run_goldfish_chunk

    for pk in chunk_ids:
        run_goldfish_chunk.delay(pk)
