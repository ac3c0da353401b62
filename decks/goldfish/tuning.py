"""Tuning runs on the Celery workers: a deck's one-card swaps (engine.advice.tune) cut into chunks of swaps,
played anywhere, merged, never lost, as goldfish runs are (decks.goldfish.runs).

A run is a TuningRun row with TuningChunk rows; tasks carry ids. Every chunk plays the deck itself on the
run's seeds (the same games in every chunk, so the same figures) and then its swaps against it, writing
each swap's figures to its row as it goes: a cancel keeps the swaps measured by then. A chunk computed
twice gives the same answer, so a redelivered message or a chunk sent again because its worker stopped
reporting changes nothing. Lost chunks are sent again, and given up, by the goldfish runs' own policy
(decks.goldfish.resending: GOLDFISH_STALL_SECONDS, GOLDFISH_MAX_ATTEMPTS, no second send while every
worker process is busy), from the workers' heartbeat.
"""

from __future__ import annotations

import math
import secrets
import threading
import time
from collections.abc import Iterator, Sequence
from contextlib import contextmanager, suppress
from typing import Any

from django.conf import settings
from django.db import DatabaseError, connection, transaction
from django.db.models import Sum
from django.utils import timezone

import engine
from decks.builder.services import record_version
from decks.convert import card_to_engine, current_ban_list, deck_to_engine
from decks.goldfish import resending, runs
from decks.goldfish.compiling import BEAT_SECONDS
from decks.models import Card, Deck, TuningChunk, TuningRun
from engine.advice import tune
from engine.goldfish import get_simulator
from engine.stats import Group
from tcgsite.celery import app

# Most tuning runs one runner may have in progress: each can hold every worker for half a minute.
MAX_ACTIVE = 1


def candidate_cards(deck: Deck, numbers: Sequence[str] = ()) -> list[engine.Card]:
    """The cards a swap may add: those named (each must be a card of the deck's game), or by default every
    card of the game; legal_swaps keeps those the deck may legally add. Raises tune.TuneError for a number
    the card database does not know."""
    rows = Card.objects.filter(game_id=deck.game_id)
    if numbers:
        wanted = list(dict.fromkeys(n.strip() for n in numbers if n.strip()))
        rows = rows.filter(number__in=wanted)
        unknown = sorted(set(wanted) - {row.number for row in rows})
        if unknown:
            raise tune.TuneError(f"No {deck.game.name} card has the number {', '.join(unknown)}.")
    return [card_to_engine(row) for row in rows]


def enqueue_tuning(
    deck: Deck,
    *,
    candidates: Sequence[str] = (),
    groups: Sequence[Group] = (),
    games: int = tune.GAMES,
    seed: int | None = None,
    runner: str = "",
    max_variants: int = tune.MAX_VARIANTS,
) -> TuningRun:
    """Check the request, store the run and its chunks, and send the chunks once the rows are committed.
    `groups`: the player's groups of cards, whose exact odds each swap shows. Raises runs.RunRefused with a
    message for the player."""
    try:
        get_simulator(deck.game_id)
    except ValueError as e:
        raise runs.RunRefused(str(e)) from None
    if not 1 <= games <= settings.GOLDFISH_MAX_GAMES:
        raise runs.RunRefused(
            f"A tuning plays between 1 and {settings.GOLDFISH_MAX_GAMES:,} games per play order."
        )
    runner = runner or runs.deck_runner(deck)
    if TuningRun.objects.filter(runner=runner).exclude(status__in=TuningRun.FINISHED).count() >= MAX_ACTIVE:
        raise runs.RunRefused("You already have a tuning in progress; wait for it to finish or cancel it.")
    snapshot = deck_to_engine(deck)
    try:
        pool = candidate_cards(deck, candidates)
        swaps, cards = tune.legal_swaps(
            snapshot, pool, max_variants, current_ban_list(deck.game_id, deck.format)
        )
        seed = secrets.randbits(63) if seed is None else seed
        asked = tune.Settings(games=games, seed=seed, groups=tuple(groups))
        tune.checked_params(snapshot, asked)  # never queue a run that can only fail
    except ValueError as e:
        raise runs.RunRefused(str(e)) from None
    added = {s.add for s in swaps}
    with transaction.atomic():
        run = TuningRun.objects.create(
            deck=deck,
            deck_version=record_version(deck),
            deck_snapshot=snapshot.to_dict(),
            candidates={n: cards[n].to_dict() for n in sorted(added)},
            candidates_given=bool(candidates),
            swaps=[s.to_dict() for s in swaps],
            settings=asked.to_dict(),
            variants=len(swaps),
            runner=runner,
        )
        size = math.ceil(
            len(swaps) / (settings.GOLDFISH_WORKER_PROCESSES * settings.GOLDFISH_CHUNKS_PER_WORKER)
        )
        now = timezone.now()
        chunks = TuningChunk.objects.bulk_create(
            TuningChunk(
                run=run, index=i, first=first, count=min(size, len(swaps) - first), sent_at=now, attempts=1
            )
            for i, first in enumerate(range(0, len(swaps), size))
        )
        ids = [c.pk for c in chunks]
        transaction.on_commit(lambda: _send(ids))
    return run


class _Cancelled(Exception):
    """Raised inside a chunk when its run has finished (cancelled, failed), to stop early."""


def run_chunk(chunk_id: int) -> None:
    """Compute one chunk (the body of the Celery task); harmless when run twice or after a cancel."""
    chunk = TuningChunk.objects.select_related("run").filter(pk=chunk_id).first()
    if chunk is None or chunk.status == TuningChunk.Status.DONE or chunk.run.is_finished:
        return
    run = chunk.run
    if not resending.take(CHUNKS, run, chunk):
        return
    run.start()
    started = time.monotonic()
    measured: list[dict[str, Any]] = []
    try:
        cards = tuning_cards(run)
        with _kept_alive(chunk.pk):
            tuner = tune.Tuner(tuning_deck(run), tune.Settings.from_dict(run.settings))
        baseline = tuner.baseline.to_dict()
        for item in run.swaps[chunk.first : chunk.first + chunk.count]:
            swap = tune.Swap(item["cut"], item["add"])
            measured.append(tuner.measure(swap, cards.get(swap.add)).to_dict())
            _report(chunk, baseline, measured)
    except _Cancelled:
        return
    except Exception as e:  # a bug or bad data: the run fails with the reason, and nothing retries it
        TuningChunk.objects.filter(pk=chunk.pk).update(status=TuningChunk.Status.FAILED)
        run.fail(f"Chunk {chunk.index} failed: {type(e).__name__}: {e}")
        raise
    stored = (
        TuningChunk.objects.filter(pk=chunk.pk)
        .exclude(status=TuningChunk.Status.DONE)
        .update(status=TuningChunk.Status.DONE, seconds=time.monotonic() - started, updated_at=timezone.now())
    )
    if stored and not run.chunks.exclude(status=TuningChunk.Status.DONE).exists():
        run.finish(merged(run).to_dict())


@contextmanager
def _kept_alive(chunk_id: int) -> Iterator[None]:
    """While a chunk plays the deck itself, a thread writes its heartbeat every BEAT_SECONDS: a worker
    process's first game of a kind may compile the simulator for minutes (decks.goldfish.compiling), and the
    stall watch must not take that for a dead worker. After the deck, each swap's report is the heartbeat."""
    if connection.in_atomic_block:  # another connection could not write the row before this one commits
        yield
        return
    stop = threading.Event()

    def beat() -> None:
        try:
            while not stop.wait(BEAT_SECONDS):
                # A database busy for now (SQLite's one writer) misses a beat, not the next one.
                with suppress(DatabaseError):
                    TuningChunk.objects.filter(pk=chunk_id, status=TuningChunk.Status.RUNNING).update(
                        updated_at=timezone.now()
                    )
        finally:
            connection.close()  # this thread's own connection

    thread = threading.Thread(target=beat, name="tuning-heartbeat", daemon=True)
    thread.start()
    try:
        yield
    finally:
        stop.set()
        thread.join()


def tuning_deck(run: TuningRun) -> engine.Deck:
    """The deck the run's swaps are made to, as it was when the run was queued."""
    return engine.load_deck(run.deck_snapshot)


def tuning_cards(run: TuningRun) -> dict[str, engine.Card]:
    """The data of every card the run's swaps add, by number."""
    return {n: engine.Card.from_dict(n, data) for n, data in run.candidates.items()}


def _report(chunk: TuningChunk, baseline: dict[str, Any], measured: list[dict[str, Any]]) -> None:
    """After each swap: stop if the run has finished, else write the swaps measured (the heartbeat too)."""
    run = TuningRun.objects.only("status").get(pk=chunk.run_id)
    if run.is_finished:
        raise _Cancelled
    TuningChunk.objects.filter(pk=chunk.pk).exclude(status=TuningChunk.Status.DONE).update(
        variants_done=len(measured),
        result={"baseline": baseline, "variants": measured},
        updated_at=timezone.now(),
    )
    done = TuningChunk.objects.filter(run_id=chunk.run_id).aggregate(n=Sum("variants_done"))["n"] or 0
    TuningRun.objects.get(pk=chunk.run_id).record_progress(done)


def merged(run: TuningRun) -> tune.TuneResult:
    """The swaps the run's chunks have measured, ranked together (Holm's correction over all of them)."""
    baseline = None
    variants: list[tune.Variant] = []
    for chunk in run.chunks.order_by("index"):
        if chunk.result:
            baseline = baseline or tune.Baseline.from_dict(chunk.result["baseline"])
            variants.extend(tune.Variant.from_dict(v) for v in chunk.result["variants"])
    if baseline is None:
        baseline = tune.Baseline(None, None, None, 0, {})
    complete = len(variants) == run.variants
    return tune.TuneResult(baseline, tuple(variants), tune.Settings.from_dict(run.settings), complete)


def result_of(run: TuningRun) -> tune.TuneResult | None:
    """The finished (or cancelled) run's result; None while it runs or when nothing was measured."""
    if run.result is None:
        return None
    return tune.TuneResult(
        tune.Baseline.from_dict(run.result["baseline"]),
        tuple(tune.Variant.from_dict(v) for v in run.result["rankings"]["mean"]),
        tune.Settings.from_dict(run.result["settings"]),
        run.result["complete"],
    )


def cancel(run: TuningRun) -> bool:
    """Cancel the run and keep, as its partial result, the swaps its chunks had measured. False if it had
    already finished. Workers notice at their next swap and stop."""
    if not run.cancel():
        return False
    partial = merged(run)
    if partial.variants:
        TuningRun.objects.filter(pk=run.pk).update(
            result=partial.to_dict(), variants_done=len(partial.variants)
        )
        run.result, run.variants_done = partial.to_dict(), len(partial.variants)
    return True


def sweep_stalled() -> int:
    """Send again the stalled chunks of every tuning run in progress, or give the run up
    (resending.resend_stalled). Called by the workers' heartbeat; returns the chunks sent."""
    in_progress = TuningRun.objects.exclude(status__in=TuningRun.FINISHED)
    return sum(resending.resend_stalled(CHUNKS, run) for run in in_progress)


class TuningChunks(resending.ChunkKind[TuningRun]):
    model = TuningChunk
    run_word = "tuning"

    def send(self, chunk_ids: Sequence[int]) -> None:
        _send(chunk_ids)

    def after_giving_up(self, run: TuningRun) -> None:
        """Nothing: a tuning's chunks are all sent when it starts, so no other run waits its turn on it."""


CHUNKS = TuningChunks()


def _send(chunk_ids: Sequence[int]) -> None:
    """By the task's name (decks.tasks), which imports this module, not the other way round."""
    for pk in chunk_ids:
        app.send_task("decks.tasks.run_tuning_chunk", args=(pk,))
