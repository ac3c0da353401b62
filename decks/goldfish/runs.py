"""Goldfish runs on Celery workers: split into chunks, computed anywhere, merged, never lost.

A run is a row (SimulationRun) with one row per chunk (SimulationChunk). Workers write progress and
results to those rows; tasks carry only ids. Every chunk is seeded by the run's seed and its games'
indices, so computing a chunk twice gives the same answer: a redelivered message, or a chunk sent again
because its worker stopped sending heartbeats, can never change the result.
"""

from __future__ import annotations

import hashlib
import math
import secrets
import time
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import replace
from datetime import timedelta
from typing import Any

from django.conf import settings
from django.db import transaction
from django.db.models import Avg, F, Q, Sum
from django.http import HttpRequest
from django.utils import timezone

import engine
from decks.builder.access import session_key
from decks.builder.history import version_deck
from decks.builder.services import record_version
from decks.convert import deck_to_engine, validate_deck
from decks.goldfish import resending, workers
from decks.goldfish.compiling import Preparation, preparation_note
from decks.models import Deck, DeckVersion, RunSlotLock, SimulationChunk, SimulationRun
from decks.web import security
from engine.goldfish import GoldfishParams, GoldfishResult, get_simulator
from engine.played_text import TextReport, text_report
from tcgsite.celery import app

GOINGS = ("first", "second")
# Assumed speed for a game with no finished chunk yet (games per second per worker process): below the
# slowest deck measured (an FFTCG deck with a cheap Limit Break deck, 27,000; the samples play 100,000 or
# more), so a default run is one chunk per play order, not six chunks that queue up behind each other.
DEFAULT_GAMES_PER_SECOND = 25_000


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
    runner: str = "",
    started_from: str = "",
    version: DeckVersion | None = None,
) -> SimulationRun:
    """Check the request, store the run and its chunks, and send the chunks once the rows are committed.

    `games` is per play order; `runner` is who starts it (`runner_of`; by default the deck's owner);
    `started_from` is the hashed address of a visitor (`runner_address`), whose runs in progress count by
    address as well as by browser; `version` plays an earlier version of the deck instead of its list now.
    Raises RunRefused with a message.
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
    snapshot = deck_to_engine(deck) if version is None else version_deck(deck, version)
    if not snapshot.size(engine.get_game(deck.game_id).main_section):
        raise RunRefused("The deck has no main deck cards to play.")
    try:
        params = simulator.params(going=goings[0], opponent=opponent, policy=policy, max_turns=max_turns)
        for going in goings:  # never queue a run that can only fail
            simulator.check(snapshot, replace(params, going=going))
    except ValueError as e:
        raise RunRefused(str(e)) from None
    seed = secrets.randbits(63) if seed is None else seed
    runner = runner or deck_runner(deck)
    with transaction.atomic():
        _reserve_slot(runner, started_from)
        run = SimulationRun.objects.create(
            deck=deck,
            deck_version=version or record_version(deck),  # the version whose list the snapshot is
            deck_snapshot=snapshot.to_dict(),
            params={**params.to_dict(), "goings": list(goings)},
            seed=seed,
            games=games * len(goings),
            runner=runner,
            started_from=started_from,
        )
        plan = plan_chunks(games, goings, _games_per_second(deck.game_id))
        SimulationChunk.objects.bulk_create(
            SimulationChunk(run=run, index=i, going=going, first_game=first, games=n)
            for i, (going, first, n) in enumerate(plan)
        )
        fill_window(run)
    return run


def run_params(
    deck: Deck,
    goings: Sequence[str],
    opponent: Mapping[str, Any] | Sequence[str] = (),
    policy: Mapping[str, Any] | Sequence[str] = (),
    max_turns: int | None = None,
) -> dict[str, Any]:
    """The parameters a run of the deck stores (SimulationRun.params), for finding a run made with them."""
    params = get_simulator(deck.game_id).params(
        going=goings[0], opponent=opponent, policy=policy, max_turns=max_turns
    )
    return {**params.to_dict(), "goings": list(goings)}


def matching_run(version: DeckVersion, params: Mapping[str, Any], games: int) -> SimulationRun | None:
    """The newest run of this deck version with these parameters and games per play order that has not
    failed or been cancelled: a comparison reuses it rather than play the same games again."""
    candidates = version.runs.exclude(
        status__in=(SimulationRun.Status.FAILED, SimulationRun.Status.CANCELLED)
    ).order_by("-created_at")
    for run in candidates:
        if run.params == params and run.games == games * len(params["goings"]):
            return run
    return None


def enqueue_counted_run(request: HttpRequest, deck: Deck, **options: Any) -> SimulationRun:
    """`enqueue_run` started by the visitor (their runs in progress, their turn on the workers), within
    the client's "simulation" rate: only runs that start count against it.

    Raises security.RateLimited when the client has started its share for now, RunRefused as enqueue_run.
    """
    client = security.client_id(request)
    security.ensure_room("simulation", client)
    address = "" if request.user.is_authenticated else runner_address(request)
    run = enqueue_run(deck, runner=runner_of(request), started_from=address, **options)
    security.record("simulation", client)
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
    if run.is_finished or not resending.take(CHUNKS, run, chunk):
        return
    SimulationRun.objects.filter(pk=run.pk, status=SimulationRun.Status.QUEUED).update(
        status=SimulationRun.Status.RUNNING, started_at=timezone.now(), updated_at=timezone.now()
    )
    started = time.monotonic()
    preparation: Preparation | None = None
    try:
        deck = engine.load_deck(run.deck_snapshot)
        # The simulator's first run in this process may compile it first: said on the run's page meanwhile.
        preparation = Preparation(deck.game, chunk.pk) if Preparation.needed(deck.game) else None
        simulator = get_simulator(deck.game)
        p = run.params
        params = simulator.params(
            going=chunk.going, opponent=p["opponent"], policy=p["policy"], max_turns=p["max_turns"]
        )
        if preparation is not None:
            preparation.start()
        result = simulator.run(
            deck,
            chunk.games,
            run.seed,
            params,
            progress=_heartbeat(chunk, preparation),
            start=chunk.first_game,
        )
    except RunCancelled:
        return
    except Exception as e:  # a bug or bad data: the run fails with the reason, and nothing retries it
        SimulationChunk.objects.filter(pk=chunk.pk).update(status=SimulationChunk.Status.FAILED)
        run.fail(f"Chunk {chunk.index} failed: {type(e).__name__}: {e}")
        fill_window(run)  # the runner's other runs go on
        raise
    finally:
        if preparation is not None:
            preparation.finish()
    _store_chunk(chunk, result, time.monotonic() - started)


def look_after(run: SimulationRun) -> None:
    """What starting a run does to the runner's other runs: send stalled chunks again, or, when no worker
    has been alive for GOLDFISH_STALL_SECONDS, fail the run with the reason so its slot comes back.
    (While workers live, their heartbeat does the first: sweep_stalled.)"""
    if run.is_finished:
        return
    since = _no_worker_since()
    if since is None:
        resume_stalled(run)
        return
    stale = timezone.now() - timedelta(seconds=settings.GOLDFISH_STALL_SECONDS)
    if not run.chunks.exclude(status=SimulationChunk.Status.DONE).filter(updated_at__gte=stale).exists():
        run.fail(f"No worker has been running {since}, so the run stopped. Start it again later.")


def waiting_note(run: SimulationRun) -> str:
    """Why an unfinished run is not moving, for its page and the API: no worker has been alive for
    GOLDFISH_STALL_SECONDS, or a worker is preparing a simulator (compiling it on its first use after
    an install; decks.goldfish.compiling); "" otherwise. Reading a run changes nothing: the run goes on
    when a worker starts (its heartbeat sends the stalled chunks again), or gives its slot back when its
    runner starts another run or cancels it."""
    since = None if run.is_finished else _no_worker_since()
    if since is None:
        return preparation_note(run)
    return f"No worker has been running {since}: the run goes on when one starts."


def _no_worker_since() -> str | None:
    """How long no worker has been alive ("ever", "for N s"), if over GOLDFISH_STALL_SECONDS; else None."""
    age = workers.newest_age()
    if age is not None and age <= settings.GOLDFISH_STALL_SECONDS:
        return None
    return "ever" if age is None else f"for {age:.0f} s"


def sweep_stalled() -> int:
    """resume_stalled for every run in progress: the worker heartbeat's round, so a run whose worker
    died goes on whether or not anyone watches it. Returns how many chunks were sent again."""
    resent = 0
    for run in SimulationRun.objects.exclude(status__in=SimulationRun.FINISHED).select_related("deck"):
        resent += resume_stalled(run)
        fill_window(run)  # a safety net: a runner whose chunk failed or whose run was cancelled goes on
    return resent


def resume_stalled(run: SimulationRun) -> int:
    """Send the run's stalled chunks again, or give the run up (resending.resend_stalled); returns how many
    were sent. Called by the heartbeat's sweep and when its runner starts another run (look_after)."""
    return resending.resend_stalled(CHUNKS, run)


class GoldfishChunks(resending.ChunkKind[SimulationRun]):
    """A goldfish run's chunks: a run given up lets its runner's waiting chunks onto the queue."""

    model = SimulationChunk
    run_word = "run"

    def send(self, chunk_ids: Sequence[int]) -> None:
        _send(chunk_ids)

    def after_giving_up(self, run: SimulationRun) -> None:
        fill_window(run)


CHUNKS = GoldfishChunks()


def cancel_run(run: SimulationRun) -> bool:
    """Cancel a run and keep, as its partial result, the games its chunks had reported when it stopped.

    False if the run had already finished. Workers notice the cancel at their next report and stop.
    """
    if not run.cancel():
        return False
    fill_window(run)
    merged = _merge_chunks(run.chunks.order_by("index"))
    result = {going: part.to_dict() for going, part in merged.items()}
    games_done = sum(part.games for part in merged.values())
    SimulationRun.objects.filter(pk=run.pk).update(result=result, games_done=games_done)
    run.result, run.games_done = result, games_done
    return True


def _merge_chunks(chunks: Iterable[SimulationChunk]) -> dict[str, GoldfishResult]:
    """The results of the finished chunks, merged per going."""
    merged: dict[str, GoldfishResult] = {}
    for chunk in chunks:
        if chunk.result is None:
            continue  # not finished yet
        part = GoldfishResult.from_dict(chunk.result)
        merged[chunk.going] = merged[chunk.going].merge(part) if chunk.going in merged else part
    return merged


def params_in_force(run: SimulationRun) -> tuple[GoldfishParams, GoldfishParams]:
    """The run's parameters as given, and as the games used them (see Simulator.in_force)."""
    snapshot = engine.load_deck(run.deck_snapshot)
    simulator = get_simulator(snapshot.game)
    p = run.params
    given = simulator.params(opponent=p["opponent"], policy=p["policy"], max_turns=p["max_turns"])
    return given, simulator.in_force(snapshot, given)


def card_text(run: SimulationRun) -> TextReport:
    """Which of the played deck's card text the games played, and which they did not (engine.played_text)."""
    return text_report(engine.load_deck(run.deck_snapshot), params_in_force(run)[1].policy)


def deck_report(run: SimulationRun) -> engine.Report:
    """The legality of the deck the run played (its snapshot): a run plays an illegal deck as it is, and
    its result must say so."""
    return validate_deck(engine.load_deck(run.deck_snapshot))


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
    if not run.chunks.exclude(status=SimulationChunk.Status.DONE).exists():
        merged = _merge_chunks(run.chunks.order_by("index"))
        run.finish({going: merged[going].to_dict() for going in run.params["goings"]})
    fill_window(run)


def fill_window(run: SimulationRun) -> None:
    """Send the waiting chunks of the run's runner (its user, or its visitor) until they have
    GOLDFISH_WORKER_PROCESSES chunks on the queue: their runs' lowest chunk indices first, so their own
    runs take turns. A runner's chunks join the queue a few at a time, behind what other runners sent
    meanwhile, so one player's ten long runs cannot hold every worker while another player's run waits.
    Called when a run starts, when a chunk or a run ends, and by the heartbeat's sweep."""
    runner = SimulationChunk.objects.filter(_runs_of(run.runner, run.started_from, prefix="run__")).exclude(
        run__status__in=SimulationRun.FINISHED
    )
    on_queue = runner.filter(sent_at__isnull=False).exclude(status=SimulationChunk.Status.DONE).count()
    room = settings.GOLDFISH_WORKER_PROCESSES - on_queue
    if room <= 0:
        return
    sent = []
    for pk in (
        runner.filter(sent_at__isnull=True).order_by("index", "run_id").values_list("pk", flat=True)[:room]
    ):
        now = timezone.now()  # its heartbeat starts now: it did not stall while it waited
        if SimulationChunk.objects.filter(pk=pk, sent_at__isnull=True).update(
            sent_at=now, updated_at=now, attempts=F("attempts") + 1
        ):
            sent.append(pk)
    if sent:
        transaction.on_commit(lambda: _send(sent))


def _record_progress(run: SimulationRun) -> None:
    done = run.chunks.aggregate(n=Sum("games_done"))["n"] or 0
    run.record_progress(min(done, run.games))


def _heartbeat(
    chunk: SimulationChunk, preparation: Preparation | None = None
) -> Callable[[int, int, GoldfishResult], None]:
    """The progress callback of a chunk: stop if the run was cancelled, else write the heartbeat and the
    games done with their result, which a cancel keeps. Its first report ends the simulator's
    preparation, if it had one: games are being played. The report of the last game writes nothing:
    the chunk's result is stored next (_store_chunk), and three statements fewer per chunk are a few
    milliseconds sooner on the run's page."""

    def report(done: int, total: int, so_far: GoldfishResult) -> None:
        if preparation is not None:
            preparation.finish()
        if done == total:
            return
        run = SimulationRun.objects.only("status").get(pk=chunk.run_id)
        if run.is_finished:
            raise RunCancelled
        SimulationChunk.objects.filter(pk=chunk.pk).exclude(status=SimulationChunk.Status.DONE).update(
            games_done=done, result=so_far.to_dict(), updated_at=timezone.now()
        )
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


def runner_address(request: HttpRequest) -> str:
    """A visitor's address, hashed: enough to count their runs, not worth keeping as a record."""
    return hashlib.sha256(f"{settings.SECRET_KEY}:{security.client_ip(request)}".encode()).hexdigest()[:32]


def runner_of(request: HttpRequest) -> str:
    """Who a request's runs belong to: its user, or its visitor's browser session."""
    if request.user.is_authenticated:
        return f"u:{request.user.pk}"
    return f"s:{session_key(request)}"


def deck_runner(deck: Deck) -> str:
    """The runner of a run its deck's owner starts (the command line and the tests start runs so)."""
    return f"u:{deck.owner_id}" if deck.owner_id is not None else f"s:{deck.session_key}"


def _reserve_slot(runner: str, started_from: str) -> None:
    """Refuse the run if its runner has GOLDFISH_MAX_ACTIVE_RUNS in progress. Called inside the transaction
    that creates the run, holding a lock on the runner's row, so parallel requests count one at a time
    (row locks on PostgreSQL; SQLite lets one writer in at a time)."""
    key = f"a:{started_from}" if started_from else runner
    RunSlotLock.objects.get_or_create(key=key)
    RunSlotLock.objects.select_for_update().get(key=key)
    active = SimulationRun.objects.exclude(status__in=SimulationRun.FINISHED).filter(
        _runs_of(runner, started_from)
    )
    for run in active:  # a run whose workers are gone gives its slot back
        look_after(run)
    limit = settings.GOLDFISH_MAX_ACTIVE_RUNS
    if active.all().count() >= limit:  # counted again: the loop's cached rows may have just finished
        raise RunRefused(f"You already have {limit} runs in progress; wait for one to finish or cancel it.")


def _runs_of(runner: str, started_from: str, prefix: str = "") -> Q:
    """The runs of a runner (as a filter on SimulationRun, or on a model `prefix` away from it): by user,
    or a visitor's by browser session and, when known, by address (a visitor who drops the cookie is still
    the same runner)."""
    mine = Q(**{f"{prefix}runner": runner})
    if started_from:
        mine |= Q(**{f"{prefix}started_from": started_from})
    return mine


def _send(chunk_ids: Sequence[int]) -> None:
    """By the task's name (decks.tasks), which imports this module, not the other way round."""
    for pk in chunk_ids:
        app.send_task("decks.tasks.run_goldfish_chunk", args=(pk,))
