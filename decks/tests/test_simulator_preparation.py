"""A simulator compiled on its first use is said on the run's page, and its chunk is not taken for stalled
(issue 33, item 10): runs started while Numba compiled sat at "Queued: 0 of 20,000 games" for minutes
with no reason shown, and a chunk whose heartbeat waited for the compiler was sent again after
GOLDFISH_STALL_SECONDS, to be compiled a second time beside the first."""

import re
import time
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.test import Client
from django.utils import timezone
from numba import njit

from decks.goldfish import compiling, runs
from decks.models import Deck, SimulationChunk, SimulationRun, SimulatorPreparation
from engine.goldfish import SIMULATORS, WIN, GoldfishResult

STALL_SECONDS = 5


def _played(games: int, seed: int, progress) -> GoldfishResult:
    """What the simulator gives once compiled (every game won on turn 5 here), reported as run() does."""
    result = GoldfishResult(games=games, kill_turns={5: games}, outcomes={WIN: games}, seed=seed)
    progress(games, games, result)
    return result


@pytest.fixture
def one_chunk_run(settings, sent) -> SimulationRun:
    """An FFTCG sample deck's run of one chunk, sent."""
    settings.GOLDFISH_STALL_SECONDS = STALL_SECONDS
    settings.GOLDFISH_WORKER_PROCESSES = 1
    settings.GOLDFISH_CHUNKS_PER_WORKER = 1
    call_command("loadsamples", verbosity=0)
    run = runs.enqueue_run(Deck.objects.get(game_id="fftcg", owner__isnull=True), games=50, goings=["first"])
    runs.fill_window(run)
    return run


@pytest.fixture(autouse=True)
def worker_alive(monkeypatch) -> None:
    """A worker wrote its heartbeat just now, however slow the machine running the test."""
    monkeypatch.setattr("decks.goldfish.workers.newest_age", lambda: 0.0)


def _run_page(run: SimulationRun) -> str:
    url = f"/d/{run.deck.share_id}/goldfish/{run.pk}/"
    return Client().get(url, headers={"HX-Request": "true"}).content.decode()


@pytest.mark.django_db(transaction=True)  # the preparation's thread writes with its own connection
def test_a_chunk_whose_simulator_compiles_is_told_and_not_sent_again(one_chunk_run, monkeypatch):
    monkeypatch.setattr(compiling, "BEAT_SECONDS", 0.2)
    monkeypatch.setattr(compiling, "_prepared", set())  # this process has not run FFTCG yet
    seen: dict[str, object] = {}

    def compile_first(deck, games, seed, params, progress, start):
        """A first call: Numba compiles a function (a real one, counted by its events), and the compiler
        then takes longer than GOLDFISH_STALL_SECONDS before the games start."""

        @njit(cache=False)
        def fresh(a: int, b: int) -> int:
            return a + b

        assert fresh(1, 2) == 3
        time.sleep(STALL_SECONDS + 1)
        seen["resent"] = runs.resume_stalled(one_chunk_run)
        seen["note"] = runs.waiting_note(one_chunk_run)
        seen["page"] = _run_page(one_chunk_run)
        return _played(games, seed, progress)

    monkeypatch.setattr(SIMULATORS["fftcg"], "run", compile_first)
    chunk = one_chunk_run.chunks.get()
    runs.run_chunk(chunk.pk)

    assert seen["resent"] == 0  # its heartbeat went on while the compiler ran
    expected = (
        r"Preparing the Final Fantasy TCG simulator \(first use after an install\): about (\d+) s left, "
        r"step 1 of 136\."  # 136: the functions of an FFTCG compile (compiling.MEASURED_COMPILE)
    )
    left = re.fullmatch(expected, str(seen["note"]))
    assert left is not None, seen["note"]
    assert 70 <= int(left[1]) <= 90  # 95 s measured, 6 s and more gone
    shown = re.search(r'<p class="notice">([^<]*)</p>', str(seen["page"]))  # a slow page: s left may differ
    assert shown is not None and re.fullmatch(expected, shown[1]), seen["page"]
    chunk.refresh_from_db()
    assert (chunk.status, chunk.attempts) == (SimulationChunk.Status.DONE, 1)
    preparation = SimulatorPreparation.objects.get()
    assert (preparation.game_id, preparation.chunk_id, preparation.steps_done) == ("fftcg", chunk.pk, 1)
    assert preparation.finished_at is not None
    assert runs.waiting_note(one_chunk_run) == ""


@pytest.mark.django_db(transaction=True)
def test_a_simulator_loaded_from_the_cache_leaves_no_record(one_chunk_run, monkeypatch):
    monkeypatch.setattr(compiling, "_prepared", set())
    monkeypatch.setattr(  # Numba finds the machine code in its cache: it compiles nothing
        SIMULATORS["fftcg"],
        "run",
        lambda deck, games, seed, params, progress, start: _played(games, seed, progress),
    )
    runs.run_chunk(one_chunk_run.chunks.get().pk)
    assert one_chunk_run.chunks.get().status == SimulationChunk.Status.DONE
    assert not SimulatorPreparation.objects.exists()
    assert compiling._prepared == {"fftcg"}


def _preparing(game_id: str, seconds_ago: float, steps_done: int, **fields) -> SimulatorPreparation:
    started = timezone.now() - timedelta(seconds=seconds_ago)
    return SimulatorPreparation.objects.create(
        game_id=game_id, worker="host:1", steps_done=steps_done, started_at=started, **fields
    )


@pytest.mark.django_db
def test_the_note_counts_from_the_last_compile_here_and_says_when_it_takes_longer(one_chunk_run):
    finished = timezone.now() - timedelta(hours=1)
    _preparing("fftcg", 3600 + 200, 140, finished_at=finished)  # took 200 s here, 140 functions
    _preparing("fftcg", 3600 + 30, 12, finished_at=finished)  # a partial one (part cached) does not count
    now = _preparing("fftcg", 62, 70)
    assert runs.waiting_note(one_chunk_run) == (
        "Preparing the Final Fantasy TCG simulator (first use after an install): about 140 s left, "
        "step 70 of 140."
    )
    SimulatorPreparation.objects.filter(pk=now.pk).update(started_at=timezone.now() - timedelta(seconds=260))
    assert runs.waiting_note(one_chunk_run) == (
        "Preparing the Final Fantasy TCG simulator (first use after an install): 260 s so far, longer than "
        "the 200 s it took before (a busy machine), step 70 of 140."
    )
    # A worker that died while compiling says nothing once its row is older than GOLDFISH_STALL_SECONDS.
    SimulatorPreparation.objects.filter(pk=now.pk).update(updated_at=timezone.now() - timedelta(minutes=1))
    assert runs.waiting_note(one_chunk_run) == ""


@pytest.mark.django_db
def test_a_run_waiting_behind_another_games_compile_is_told_so(one_chunk_run):
    _preparing("dbsfw", 8, 40)  # 94 functions in 58 s measured (compiling.MEASURED_COMPILE)
    assert runs.waiting_note(one_chunk_run) == (
        "Waiting for a worker: the workers are preparing the DBS Fusion World simulator (first use after an "
        "install): about 50 s left, step 40 of 94."
    )
    one_chunk_run.chunks.update(status=SimulationChunk.Status.RUNNING, updated_at=timezone.now())
    assert runs.waiting_note(one_chunk_run) == ""  # its own games are being played


@pytest.mark.django_db
def test_a_snapshot_that_cannot_be_read_fails_its_run_with_the_reason(one_chunk_run) -> None:
    # The deck is read inside the chunk's guard, before any preparation starts: bad data fails the run.
    SimulationRun.objects.filter(pk=one_chunk_run.pk).update(deck_snapshot={"game": "fftcg", "sections": []})
    chunk = one_chunk_run.chunks.get()
    with pytest.raises(Exception):  # noqa: B017 (the task re-raises whatever it failed on, for the log)
        runs.run_chunk(chunk.pk)
    one_chunk_run.refresh_from_db()
    assert one_chunk_run.status == SimulationRun.Status.FAILED
    assert one_chunk_run.error.startswith("Chunk 0 failed: ")
    assert not SimulatorPreparation.objects.exists()
