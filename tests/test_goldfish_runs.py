"""Goldfish runs through real Celery workers: the same result as the engine alone, cancel, a killed worker."""

import os
import signal
import time
from collections.abc import Callable

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command

import engine
from decks.builder import services
from decks.goldfish import runs
from decks.models import Deck, SimulationChunk, SimulationRun
from decks.testing import start_worker, stop_worker
from engine.goldfish import get_simulator

pytestmark = pytest.mark.worker


@pytest.fixture
def fftcg_deck(transactional_db: None) -> Deck:
    call_command("loadsamples", verbosity=0)
    return Deck.objects.get(game_id="fftcg", owner__isnull=True)


@pytest.fixture
def many_chunks(settings) -> None:
    """Cut runs into 6 chunks whatever the speed, so merging is exercised."""
    settings.GOLDFISH_WORKER_PROCESSES = 2
    settings.GOLDFISH_CHUNKS_PER_WORKER = 3
    settings.GOLDFISH_MIN_CHUNK_SECONDS = 0.0


def wait_for(condition: Callable[[], bool], timeout: float, what: str, worker_log: Callable[[], str]) -> None:
    deadline = time.monotonic() + timeout
    while not condition():
        if time.monotonic() > deadline:
            raise AssertionError(f"timed out waiting for {what}; worker log:\n{worker_log()[-4000:]}")
        time.sleep(0.2)


def engine_alone(run: SimulationRun, going: str) -> engine.goldfish.GoldfishResult:
    deck = engine.load_deck(run.deck_snapshot)
    simulator = get_simulator(deck.game)
    params = simulator.params(going=going)
    return simulator.run(deck, run.games // len(run.params["goings"]), run.seed, params)


def test_a_run_gives_the_result_of_the_engine_alone(live_worker, fftcg_deck, many_chunks) -> None:
    run = runs.enqueue_run(fftcg_deck, games=30_000, seed=20261123)
    assert run.chunks.count() == 6

    wait_for(lambda: run_status(run) == "done", 120, "the run to finish", live_worker.log_text)

    run.refresh_from_db()
    assert run.games_done == run.games == 60_000
    results = runs.results_by_going(run)
    assert results["first"] == engine_alone(run, "first")
    assert results["second"] == engine_alone(run, "second")
    assert run.result["first"]["games"] == 30_000


def test_a_cancelled_run_stops_and_stays_cancelled(live_worker, fftcg_deck, many_chunks, settings) -> None:
    settings.GOLDFISH_MAX_GAMES = 3_000_000
    run = runs.enqueue_run(fftcg_deck, games=3_000_000, goings=("first",), seed=1)
    wait_for(lambda: progress(run) > 0, 120, "the run to make progress", live_worker.log_text)

    assert runs.cancel_run(run) is True
    kept = run.result

    time.sleep(3)  # long enough for the worker to see the cancel at its next heartbeat
    run.refresh_from_db()
    assert run.status == "cancelled"
    assert run.result == kept  # the games played before the cancel, kept as a partial result
    assert 0 < run.result["first"]["games"] == run.games_done < run.games
    assert sum(run.result["first"]["outcomes"].values()) == run.games_done
    done_before = SimulationChunk.objects.filter(run=run, status="done").count()
    time.sleep(2)
    assert SimulationChunk.objects.filter(run=run, status="done").count() == done_before
    assert done_before < 6


def test_a_run_survives_its_worker_being_killed_with_nobody_watching(
    live_worker, fftcg_deck, many_chunks, settings, tmp_path, monkeypatch
) -> None:
    # Six chunks of about 0.8 s of FFTCG each on one core: the worker dies inside one of the first.
    run = runs.enqueue_run(fftcg_deck, games=600_000, goings=("first",), seed=99)
    wait_for(lambda: progress(run) > 0, 120, "the run to make progress", live_worker.log_text)
    assert run_status(run) == "running"

    os.killpg(live_worker.process.pid, signal.SIGKILL)  # the whole worker, mid-chunk, no goodbye
    live_worker.process.wait(10)
    monkeypatch.setenv("GOLDFISH_STALL_SECONDS", "3")  # the replacement's own heartbeat resends after 3 s
    replacement = start_worker(
        live_worker.broker_url, tmp_path / "replacement.log", "replacement@%h", live_worker.key_prefix
    )
    try:
        # Nobody polls the run: only reading its row, which sends nothing.
        finished = lambda: run_status(run) in SimulationRun.FINISHED  # noqa: E731
        wait_for(finished, 240, "the run to finish on the replacement worker", replacement.log_text)
    finally:
        stop_worker(replacement)

    run.refresh_from_db()
    assert run.status == "done", run.error
    assert runs.results_by_going(run)["first"] == engine_alone(run, "first")
    assert SimulationChunk.objects.filter(run=run, attempts__gte=2).exists()


def test_a_run_whose_workers_never_come_back_fails_with_the_reason(
    live_worker, fftcg_deck, many_chunks, settings
) -> None:
    settings.GOLDFISH_STALL_SECONDS = 3
    run = runs.enqueue_run(fftcg_deck, games=600_000, goings=("first",), seed=98)
    wait_for(lambda: progress(run) > 0, 120, "the run to make progress", live_worker.log_text)
    os.killpg(live_worker.process.pid, signal.SIGKILL)
    live_worker.process.wait(10)

    runs.look_after(SimulationRun.objects.get(pk=run.pk))  # read at once: the worker may yet come back
    assert run_status(run) == "running"
    time.sleep(4)  # past the stall time, with no heartbeat
    runs.look_after(SimulationRun.objects.get(pk=run.pk))  # what starting another run does
    run.refresh_from_db()
    assert run.status == "failed"
    assert run.error.startswith("No worker has been running for ")
    assert run.error.endswith(" s, so the run stopped. Start it again later.")


def run_status(run: SimulationRun) -> str:
    return SimulationRun.objects.values_list("status", flat=True).get(pk=run.pk)


def progress(run: SimulationRun) -> int:
    return SimulationRun.objects.values_list("games_done", flat=True).get(pk=run.pk)


@pytest.fixture
def one_process(monkeypatch, settings) -> None:
    """One worker process, each run cut into 6 chunks whatever the speed; ten runs each allowed. Set in
    the environment too, for the worker process, before it starts."""
    for name, value in (("GOLDFISH_WORKER_PROCESSES", 1), ("GOLDFISH_CHUNKS_PER_WORKER", 6)):
        monkeypatch.setenv(name, str(value))
        setattr(settings, name, value)
    settings.GOLDFISH_MIN_CHUNK_SECONDS = 0.0
    settings.GOLDFISH_MAX_ACTIVE_RUNS = 10


def test_one_players_ten_runs_do_not_make_another_players_run_wait_for_them(
    one_process, live_worker, fftcg_deck
) -> None:
    ann, ben = (User.objects.create_user(name) for name in ("ann", "ben"))
    ann_deck = services.fork_deck(fftcg_deck, owner_id=ann.pk)
    ann_runs = [runs.enqueue_run(ann_deck, games=3000) for _ in range(10)]
    ben_run = runs.enqueue_run(services.fork_deck(fftcg_deck, owner_id=ben.pk), games=3000)
    assert all(r.chunks.count() == 6 for r in [*ann_runs, ben_run])

    wait_for(lambda: run_status(ben_run) == "done", 180, "Ben's run to finish", live_worker.log_text)

    ann_done = SimulationChunk.objects.filter(run__in=ann_runs, status=SimulationChunk.Status.DONE).count()
    assert ann_done <= 30, ann_done  # taking turns: Ben's 6 chunks came while Ann's 60 were far from done
    ben_run.refresh_from_db()
    assert runs.results_by_going(ben_run)["first"] == engine_alone(ben_run, "first")
