"""A worker that stops taking work is seen: each send of a chunk is an attempt, a run whose chunk was
sent GOLDFISH_MAX_ATTEMPTS times fails with the reason and frees its slot, /healthz says 503 while sent
chunks do not start, and a worker whose pool leaves received tasks unstarted knows it (PoolWatch).
No worker runs here; tests/ and test_worker_pool_killed.py do it with real ones."""

import re
from datetime import timedelta

import pytest
from django.core.management import call_command
from django.test import Client
from django.utils import timezone

from decks.goldfish import heartbeat, runs
from decks.models import Deck, SimulationChunk, SimulationRun, WorkerHeartbeat
from decks.web import views

Status = SimulationChunk.Status


@pytest.fixture
def run(db, settings, sent, django_capture_on_commit_callbacks) -> SimulationRun:
    """A run of 4 chunks going first: chunks 0 and 1 sent a minute ago and never started, 2 and 3
    waiting their turn (two worker processes); a worker is alive."""
    settings.GOLDFISH_STALL_SECONDS = 30
    settings.GOLDFISH_MAX_ATTEMPTS = 3
    settings.GOLDFISH_WORKER_PROCESSES = 2
    settings.GOLDFISH_CHUNKS_PER_WORKER = 2
    settings.GOLDFISH_MIN_CHUNK_SECONDS = 0
    call_command("loadsamples", verbosity=0)
    WorkerHeartbeat.objects.create(hostname="celery@stuck", beat_at=timezone.now())
    with django_capture_on_commit_callbacks(execute=True):
        made = runs.enqueue_run(
            Deck.objects.get(game_id="fftcg", owner__isnull=True), games=4000, goings=["first"]
        )
    minute_ago = timezone.now() - timedelta(minutes=1)
    made.chunks.filter(sent_at__isnull=False).update(sent_at=minute_ago, updated_at=minute_ago)
    return made


def chunk(run: SimulationRun, index: int) -> SimulationChunk:
    return run.chunks.get(index=index)


def stall(run: SimulationRun) -> None:
    """Let GOLDFISH_STALL_SECONDS pass for every chunk's heartbeat, not for when it was sent."""
    run.chunks.update(updated_at=timezone.now() - timedelta(minutes=1))


# Attempts --------------------------------------------------------------------------------------------


def test_the_first_send_is_the_first_attempt(run, sent) -> None:
    assert [(c.index, c.attempts) for c in run.chunks.order_by("index")] == [(0, 1), (1, 1), (2, 0), (3, 0)]
    assert sorted(sent) == sorted(run.chunks.filter(index__lt=2).values_list("pk", flat=True))


def test_every_resend_counts_as_an_attempt(run, django_capture_on_commit_callbacks) -> None:
    first_sent = chunk(run, 0).sent_at
    with django_capture_on_commit_callbacks(execute=True):
        assert runs.resume_stalled(run) == 2
    assert (chunk(run, 0).attempts, chunk(run, 1).attempts) == (2, 2)
    stall(run)
    with django_capture_on_commit_callbacks(execute=True):
        assert runs.resume_stalled(run) == 2
    assert (chunk(run, 0).attempts, chunk(run, 1).attempts) == (3, 3)
    # Nobody started them: they have waited since their first send, which /healthz reads.
    assert chunk(run, 0).sent_at == first_sent


def test_a_chunk_sent_again_after_its_worker_died_waits_from_the_new_send(run) -> None:
    SimulationChunk.objects.filter(run=run, index=0).update(status=Status.RUNNING)  # started, then silent
    stall(run)
    before = timezone.now()
    runs.resume_stalled(run)
    assert chunk(run, 0).status == Status.QUEUED
    assert chunk(run, 0).sent_at >= before


def cancelled_at_once(game: str) -> None:
    """Stands for the simulator: the chunk stops as a cancelled one does, with no games played."""
    raise runs.RunCancelled


def test_a_message_the_broker_delivers_again_is_an_attempt(run, monkeypatch) -> None:
    monkeypatch.setattr(runs, "get_simulator", cancelled_at_once)
    runs.run_chunk(chunk(run, 1).pk)  # the first delivery of a send: that send was the attempt
    SimulationChunk.objects.filter(run=run, index=0).update(status=Status.RUNNING, attempts=2)
    runs.run_chunk(chunk(run, 0).pk)  # started before and not sent since: its worker process died
    assert (chunk(run, 0).attempts, chunk(run, 1).attempts) == (3, 1)
    assert (chunk(run, 0).status, chunk(run, 1).status) == (Status.RUNNING, Status.RUNNING)


def test_a_message_delivered_again_past_the_limit_fails_the_run(run) -> None:
    SimulationChunk.objects.filter(run=run, index=0).update(status=Status.RUNNING, attempts=3)
    runs.run_chunk(chunk(run, 0).pk)
    run.refresh_from_db()
    assert (run.status, run.error) == (
        "failed",
        "Chunk 0 was sent to the workers 3 times and never finished; the last time its worker stopped. "
        "Start the run again later.",
    )
    assert chunk(run, 0).attempts == 3


# A run sent too often fails with the reason and frees its slot -----------------------------------------


def test_a_chunk_no_worker_starts_fails_its_run_after_the_last_attempt(
    run, settings, django_capture_on_commit_callbacks
) -> None:
    settings.GOLDFISH_MAX_ACTIVE_RUNS = 1
    with django_capture_on_commit_callbacks(execute=True):
        runs.resume_stalled(run)  # send 2
    stall(run)
    with django_capture_on_commit_callbacks(execute=True):
        runs.resume_stalled(run)  # send 3
    with pytest.raises(runs.RunRefused, match="You already have 1 runs in progress"):
        runs.enqueue_run(run.deck, games=4000, goings=["first"])
    stall(run)  # the third send is not started either
    again = runs.enqueue_run(run.deck, games=4000, goings=["first"])  # starting a run looks after the others
    assert again.status == "queued"
    run.refresh_from_db()
    assert (run.status, run.error) == (
        "failed",
        "Chunk 0 was sent to the workers 3 times and never finished; the last time no worker started it "
        "(the workers are not taking work). Start the run again later.",
    )


def test_the_heartbeat_gives_up_on_a_chunk_sent_too_often(run) -> None:
    run.chunks.filter(index__lt=2).update(attempts=3)
    stall(run)
    heartbeat.beat("celery@stuck")  # what every worker's heartbeat does, whoever watches the run
    run.refresh_from_db()
    assert run.status == "failed"
    assert run.error.startswith("Chunk 0 was sent to the workers 3 times and never finished")


# /healthz --------------------------------------------------------------------------------------------


@pytest.fixture
def broker_up(monkeypatch) -> None:
    monkeypatch.setattr(views.health, "check_broker", lambda: views.health.Check(True, "ok"))


def test_healthz_is_503_while_sent_chunks_do_not_start(run, broker_up, client: Client) -> None:
    response = client.get("/healthz")
    assert response.status_code == 503
    body = response.json()
    # Sent a minute before the request, and a busy machine may take a second or two to get here.
    seconds = re.fullmatch(
        r"2 chunks sent (\d+) s ago not started by any worker, though one should be free",
        body.pop("worker"),
    )
    assert seconds and 60 <= int(seconds.group(1)) <= 70
    assert body == {"database": "ok", "broker": "ok", "ok": False}


def test_healthz_is_200_when_sent_chunks_wait_for_busy_workers(
    run, broker_up, client: Client, settings
) -> None:
    other = run.chunks.get(index=2)
    SimulationChunk.objects.filter(pk__in=[chunk(run, 1).pk, other.pk]).update(
        status=Status.RUNNING, sent_at=timezone.now(), updated_at=timezone.now()
    )  # two processes, both playing: chunk 0 only waits its turn
    assert client.get("/healthz").json() == {"database": "ok", "broker": "ok", "worker": "ok", "ok": True}


def test_healthz_is_200_once_the_chunks_start(run, broker_up, client: Client) -> None:
    run.chunks.filter(index__lt=2).update(status=Status.RUNNING, updated_at=timezone.now())
    assert client.get("/healthz").status_code == 200


def test_healthz_forgets_the_chunks_of_a_finished_run(run, broker_up, client: Client) -> None:
    runs.cancel_run(run)
    assert client.get("/healthz").status_code == 200


# The worker watches its own pool ---------------------------------------------------------------------


def test_a_task_left_unstarted_with_a_process_free_is_stuck_for_as_long() -> None:
    watch = heartbeat.PoolWatch(processes=2)
    assert watch.stuck_for(["a", "b"], running=0, now=100.0) == 0.0
    assert watch.stuck_for(["a", "b"], running=0, now=112.5) == 12.5
    assert watch.stuck_for(["b"], running=1, now=120.0) == 20.0  # a started, b still waits


def test_a_task_taken_by_the_pool_is_no_longer_stuck() -> None:
    watch = heartbeat.PoolWatch(processes=2)
    watch.stuck_for(["a"], running=0, now=100.0)
    assert watch.stuck_for([], running=1, now=150.0) == 0.0
    assert watch.stuck_for(["c"], running=1, now=160.0) == 0.0  # a new task: its wait starts now


def test_a_task_waiting_while_every_process_is_busy_is_not_stuck() -> None:
    watch = heartbeat.PoolWatch(processes=2)
    watch.stuck_for(["c"], running=2, now=100.0)
    assert watch.stuck_for(["c"], running=2, now=200.0) == 0.0
    assert watch.stuck_for(["c"], running=1, now=210.0) == 0.0  # a process came free: the wait starts
    assert watch.stuck_for(["c"], running=1, now=215.0) == 5.0
