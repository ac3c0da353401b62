"""Who sends a stalled chunk again, and when a run gives up: decks.runs and the worker heartbeat."""

from datetime import timedelta

import pytest
from django.core.management import call_command
from django.utils import timezone

from decks import heartbeat, runs
from decks.models import Deck, SimulationChunk, SimulationRun, WorkerHeartbeat


@pytest.fixture
def sent(monkeypatch) -> list[int]:
    """The chunk ids sent to the broker (none is really sent)."""
    ids: list[int] = []
    monkeypatch.setattr("decks.runs._send", ids.extend)
    return ids


@pytest.fixture
def run(db, settings, sent) -> SimulationRun:
    """A run of 4 chunks going first, none started, all last heard of a minute ago."""
    settings.GOLDFISH_STALL_SECONDS = 30
    settings.GOLDFISH_WORKER_PROCESSES = 2
    settings.GOLDFISH_CHUNKS_PER_WORKER = 2
    settings.GOLDFISH_MIN_CHUNK_SECONDS = 0
    call_command("loadsamples", verbosity=0)
    made = runs.enqueue_run(
        Deck.objects.get(game_id="fftcg", owner__isnull=True), games=4000, goings=["first"]
    )
    made.chunks.update(updated_at=timezone.now() - timedelta(minutes=1))
    sent.clear()
    return made


def test_a_chunk_nobody_took_while_a_worker_was_free_is_sent_again(
    run, sent, django_capture_on_commit_callbacks
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        assert runs.resume_stalled(run) == 4
    assert sorted(sent) == sorted(run.chunks.values_list("pk", flat=True))


def test_a_queued_chunk_waits_its_turn_while_every_worker_is_busy(run, sent) -> None:
    first, second, third, fourth = run.chunks.order_by("index")
    SimulationChunk.objects.filter(pk__in=[first.pk, second.pk]).update(
        status=SimulationChunk.Status.RUNNING, updated_at=timezone.now()
    )
    assert runs.resume_stalled(run) == 0  # two processes, both busy: the others are only queued
    SimulationChunk.objects.filter(pk=first.pk).update(updated_at=timezone.now() - timedelta(minutes=1))
    assert runs.resume_stalled(run) == 3  # the first one's worker died: it, and the waiting ones, go again
    assert second.pk not in sent


def test_a_chunk_started_too_often_fails_the_run(run, settings) -> None:
    settings.GOLDFISH_MAX_ATTEMPTS = 3
    run.chunks.filter(index=2).update(status=SimulationChunk.Status.RUNNING, attempts=3)
    runs.resume_stalled(run)
    run.refresh_from_db()
    assert run.status == "failed"
    assert run.error == "Chunk 2 was started 3 times and never finished: its worker stopped each time."


def test_the_heartbeat_looks_after_every_run_in_progress(
    run, sent, django_capture_on_commit_callbacks
) -> None:
    WorkerHeartbeat.objects.create(hostname="celery@one", beat_at=timezone.now())  # a worker is up
    runs.enqueue_run(run.deck, games=10, goings=["second"])
    SimulationChunk.objects.update(updated_at=timezone.now() - timedelta(minutes=1))
    sent.clear()
    with django_capture_on_commit_callbacks(execute=True):
        heartbeat.beat("celery@one")
    assert len(sent) == 8  # both runs' 4 chunks, though nobody has either run's page open
    assert WorkerHeartbeat.objects.get().hostname == "celery@one"
    assert heartbeat.workers_alive()


def test_reading_a_run_with_no_worker_alive_fails_it_once_it_has_stalled(run) -> None:
    WorkerHeartbeat.objects.create(hostname="celery@gone", beat_at=timezone.now() - timedelta(minutes=5))
    runs.look_after(run)
    run.refresh_from_db()
    assert run.status == "failed"
    assert run.error == "No worker has been running for 300 s, so the run stopped. Start it again later."


def test_reading_a_fresh_run_with_no_worker_leaves_it_queued(run) -> None:
    run.chunks.update(updated_at=timezone.now())
    runs.look_after(run)
    run.refresh_from_db()
    assert run.status == "queued"
