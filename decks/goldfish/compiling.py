"""A game's goldfish simulator being prepared in a worker process, told to the run's page.

Numba compiles a simulator on its first call in a process that finds no machine code for it in its
on-disk cache: on the first use after an install that takes minutes (README, "Goldfish"). A chunk that
starts then would look, on its run's page, like a queue that does not move, and, to the stall watch
(decks.goldfish.runs.resume_stalled), like a chunk whose worker died: its heartbeat, the games done,
waits for the compiler. So while a process runs a game's simulator for the first time, a thread writes
a SimulatorPreparation row every BEAT_SECONDS with the number of functions Numba has compiled so far (its
"numba:compile" events) and keeps the chunk's heartbeat; the run's page and the API read the row
(preparation_note), as the web is another process.
"""

from __future__ import annotations

import os
import socket
import threading
from collections.abc import Callable
from datetime import timedelta
from functools import partial

from django.conf import settings
from django.db import connection
from django.utils import timezone
from numba.core import event

import engine
from decks.models import SimulationChunk, SimulationRun, SimulatorPreparation

# What Numba compiles for a game's runs (Simulator.run) with an empty cache: functions, and seconds on
# 2 cores at a load average of about 5 (the other engineers' work), measured with `python -m
# engine.goldfish` on 2026-11-27. A run's page expects these until the installation has prepared the game
# once itself, and then what it took there.
MEASURED_COMPILE = {"fftcg": (136, 95.0), "gbf": (113, 107.0), "dbsfw": (94, 58.0), "fireforce": (63, 41.0)}
# How often a preparing process writes its row and its chunk's heartbeat: well inside
# GOLDFISH_STALL_SECONDS, whatever the compiler does meanwhile.
BEAT_SECONDS = 2.0

_prepared: set[str] = set()  # the games whose simulator this process has run: its machine code is loaded
# Games a worker process plays to load a simulator it finds in Numba's cache (preload_cached).
PRELOAD_GAMES = 10


class Preparation:
    """The first run of a game's simulator in this process, made visible: `start` before calling the
    simulator, `finish` once its first games are played (or it failed). A process that finds the machine
    code in Numba's cache compiles nothing; its row is then removed, as it says nothing of a compile."""

    def __init__(self, game_id: str, chunk_id: int) -> None:
        self.game_id = game_id
        self.chunk_id = chunk_id
        self.steps_done = 0
        self._stopping = threading.Event()
        self._thread = threading.Thread(target=self._loop, name="simulator-preparation", daemon=True)
        self._row: SimulatorPreparation | None = None
        self._counter = _Counter(self)

    @classmethod
    def needed(cls, game_id: str) -> bool:
        return game_id not in _prepared

    def start(self) -> None:
        self._row = SimulatorPreparation.objects.create(
            game_id=self.game_id, chunk_id=self.chunk_id, worker=f"{socket.gethostname()}:{os.getpid()}"
        )
        event.register("numba:compile", self._counter)
        self._thread.start()

    def beat(self) -> None:
        """Write how far the compile is, and that the chunk is alive."""
        if self._row is None:
            return
        now = timezone.now()
        SimulatorPreparation.objects.filter(pk=self._row.pk).update(
            steps_done=self.steps_done, updated_at=now
        )
        SimulationChunk.objects.filter(pk=self.chunk_id, status=SimulationChunk.Status.RUNNING).update(
            updated_at=now
        )

    def finish(self) -> None:
        """Stop watching (a second call does nothing); the process has the game's machine code now."""
        if self._stopping.is_set():
            return
        self._stopping.set()
        if self._row is None:
            return  # never started: the chunk failed before calling the simulator
        self._thread.join()
        event.unregister("numba:compile", self._counter)
        _prepared.add(self.game_id)
        rows = SimulatorPreparation.objects.filter(pk=self._row.pk)
        if self.steps_done:
            rows.update(steps_done=self.steps_done, updated_at=timezone.now(), finished_at=timezone.now())
        else:
            rows.delete()

    def _loop(self) -> None:
        try:
            while not self._stopping.wait(BEAT_SECONDS):
                self.beat()
        finally:
            connection.close()  # this thread's own connection


class _Counter(event.Listener):
    """Counts the functions Numba finishes compiling (callees included) for a Preparation."""

    def __init__(self, preparation: Preparation) -> None:
        self.preparation = preparation

    def on_start(self, e: event.Event) -> None:
        pass

    def on_end(self, e: event.Event) -> None:
        self.preparation.steps_done += 1


def preload_cached() -> list[str]:
    """Load into this process every simulator whose machine code Numba's cache holds, by playing a few
    games of the game's sample deck, so that the first chunk of each game after a worker starts does not
    wait for the load (0.1 to 1 s a game, more on a busy machine). A simulator the cache does not hold is
    left to its first chunk, whose page shows the compile (Preparation): compiling here, in every worker
    process at once and beside ./run's own compile, would cost minutes of CPU to save none. Returns the
    games loaded; meant for a thread of its own, so the process takes work meanwhile."""
    from engine.goldfish import SIMULATORS
    from engine.samples import sample_deck

    loaded = []
    for game_id, simulator in SIMULATORS.items():
        play = partial(simulator.run, sample_deck(game_id), PRELOAD_GAMES, 0)
        if Preparation.needed(game_id) and run_if_cached(play):
            _prepared.add(game_id)
            loaded.append(game_id)
    return loaded


def run_if_cached(call: Callable[[], object]) -> bool:
    """Call `call` unless Numba would have to compile a function for it (its cache has no machine code
    for it, nor has this process): then stop before compiling and return False. Other threads' compiles
    go on meanwhile."""
    try:
        with event.install_listener("numba:compile", _RefuseToCompile()):
            call()
    except _WouldCompile:
        return False
    return True


class _WouldCompile(Exception):
    """Numba found no machine code in its cache for a function the preloading thread called."""


class _RefuseToCompile(event.Listener):
    """Stops a compile before it starts, in the thread that made this listener only: Numba sends its
    events to every listener of the process, and another thread's compile (a chunk's) must go on."""

    def __init__(self) -> None:
        self.thread = threading.get_ident()

    def on_start(self, e: event.Event) -> None:
        if threading.get_ident() == self.thread:
            raise _WouldCompile

    def on_end(self, e: event.Event) -> None:
        pass


def preparation_note(run: SimulationRun) -> str:
    """Why an unfinished run has not got going while a worker prepares a simulator, for its page and the
    API; "" if no worker is preparing one (a row not written for GOLDFISH_STALL_SECONDS is a worker that
    died, and says nothing)."""
    if run.is_finished:
        return ""
    fresh = timezone.now() - timedelta(seconds=settings.GOLDFISH_STALL_SECONDS)
    preparing = SimulatorPreparation.objects.filter(finished_at__isnull=True, updated_at__gte=fresh)
    own = preparing.filter(game_id=run.deck.game_id).order_by("-steps_done").first()
    if own is not None:
        return f"Preparing the {_name(own)} simulator (first use after an install): {_progress(own)}."
    if run.chunks.filter(status=SimulationChunk.Status.RUNNING, updated_at__gte=fresh).exists():
        return ""
    other = preparing.order_by("-steps_done").first()
    if other is None:
        return ""
    return (
        f"Waiting for a worker: the workers are preparing the {_name(other)} simulator (first use after an "
        f"install): {_progress(other)}."
    )


def _name(preparation: SimulatorPreparation) -> str:
    return engine.get_game(preparation.game_id).short_name


def _progress(preparation: SimulatorPreparation) -> str:
    """'about N s left, step k of n', from what the game's compile took before; the time so far once it
    takes longer than that (a busy machine compiles several times slower)."""
    elapsed = (timezone.now() - preparation.started_at).total_seconds()
    steps, seconds = typical_compile(preparation.game_id)
    done = preparation.steps_done
    if not steps:
        return f"{elapsed:.0f} s so far, {done} functions compiled"
    step = f"step {done} of {max(steps, done)}"
    left = seconds - elapsed
    if left >= 5:
        return f"about {5 * round(left / 5):.0f} s left, {step}"
    return f"{elapsed:.0f} s so far, longer than the {seconds:.0f} s it took before (a busy machine), {step}"


def typical_compile(game_id: str) -> tuple[int, float]:
    """Functions and seconds of the game's compile: the fullest one finished on this installation, else
    MEASURED_COMPILE; (0, 0.0) for a game never measured."""
    finished = (
        SimulatorPreparation.objects.filter(game_id=game_id, finished_at__isnull=False, steps_done__gt=0)
        .order_by("-steps_done", "-finished_at")
        .first()
    )
    if finished is None or finished.finished_at is None:
        return MEASURED_COMPILE.get(game_id, (0, 0.0))
    return finished.steps_done, (finished.finished_at - finished.started_at).total_seconds()
