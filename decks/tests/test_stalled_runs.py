"""Who sends a stalled chunk again, and when a run gives up: decks.goldfish.runs and the worker heartbeat."""

from datetime import timedelta

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client
from django.utils import timezone

from decks.builder import services
from decks.goldfish import heartbeat, runs, workers
from decks.models import Deck, SimulationChunk, SimulationRun, WorkerHeartbeat


@pytest.fixture
def run(db, settings, sent) -> SimulationRun:
    """A run of 4 chunks going first, none started, all last heard of a minute ago; the first 2 were sent,
    the other 2 wait their turn (two worker processes)."""
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
        assert runs.resume_stalled(run) == 2  # the two waiting their turn were never sent: not lost
    assert sorted(sent) == sorted(run.chunks.filter(index__lt=2).values_list("pk", flat=True))


def test_a_queued_chunk_waits_its_turn_while_every_worker_is_busy(run, sent) -> None:
    first, second, third, fourth = run.chunks.order_by("index")
    SimulationChunk.objects.filter(pk__in=[first.pk, second.pk]).update(
        status=SimulationChunk.Status.RUNNING, updated_at=timezone.now()
    )
    assert runs.resume_stalled(run) == 0  # two processes, both busy: the others are only queued
    SimulationChunk.objects.filter(pk=first.pk).update(updated_at=timezone.now() - timedelta(minutes=1))
    assert runs.resume_stalled(run) == 1  # the first one's worker died: it goes again
    assert second.pk not in sent


def test_a_chunk_sent_too_often_fails_the_run(run, settings) -> None:
    settings.GOLDFISH_MAX_ATTEMPTS = 3
    run.chunks.filter(index=1).update(status=SimulationChunk.Status.RUNNING, attempts=3)
    runs.resume_stalled(run)
    run.refresh_from_db()
    assert run.status == "failed"
    assert run.error == (
        "Chunk 1 was sent to the workers 3 times and never finished; the last time its worker stopped. "
        "Start the run again later."
    )


def test_the_heartbeat_looks_after_every_run_in_progress(
    run, sent, django_capture_on_commit_callbacks
) -> None:
    WorkerHeartbeat.objects.create(hostname="celery@one", beat_at=timezone.now())  # a worker is up
    someone = User.objects.create_user("someone")
    runs.enqueue_run(services.fork_deck(run.deck, owner_id=someone.pk), games=4000, goings=["second"])
    SimulationChunk.objects.update(updated_at=timezone.now() - timedelta(minutes=1))
    sent.clear()
    with django_capture_on_commit_callbacks(execute=True):
        heartbeat.beat("celery@one")
    assert len(sent) == 4  # both runs' chunks on the queue, though nobody has either run's page open
    assert WorkerHeartbeat.objects.get().hostname == "celery@one"
    assert workers.newest_age() < 5


@pytest.mark.parametrize("reader", ["page", "api"])
def test_reading_a_run_with_no_worker_alive_says_so_and_changes_nothing(run, reader) -> None:
    WorkerHeartbeat.objects.create(hostname="celery@gone", beat_at=timezone.now() - timedelta(minutes=5))
    share_id = run.deck.share_id
    url = {
        "page": f"/d/{share_id}/goldfish/{run.pk}/",
        "api": f"/api/v1/decks/{share_id}/runs/{run.pk}",
    }[reader]
    response = Client().get(url)  # the sample deck is public: anyone may watch the run
    assert response.status_code == 200
    note = "No worker has been running for 300 s: the run goes on when one starts."
    assert note in (response.json()["waiting"] if reader == "api" else response.content.decode())
    run.refresh_from_db()
    assert run.status == "queued"


def test_starting_a_run_fails_the_runners_run_no_worker_is_alive_to_play(run, settings) -> None:
    WorkerHeartbeat.objects.create(hostname="celery@gone", beat_at=timezone.now() - timedelta(minutes=5))
    settings.GOLDFISH_MAX_ACTIVE_RUNS = 1
    runs.enqueue_run(run.deck, games=4000, goings=["first"])  # the slot the stalled run held comes back
    run.refresh_from_db()
    assert run.status == "failed"
    assert run.error == "No worker has been running for 300 s, so the run stopped. Start it again later."


def test_reading_a_fresh_run_with_no_worker_leaves_it_queued(run) -> None:
    run.chunks.update(updated_at=timezone.now())
    runs.look_after(run)
    run.refresh_from_db()
    assert run.status == "queued"


# Taking turns: a runner keeps GOLDFISH_WORKER_PROCESSES chunks on the queue.


def _finish(chunk: SimulationChunk) -> None:
    """What a worker does when it has played a chunk (the result is the engine's own, for 0 games)."""
    runs._store_chunk(chunk, runs.GoldfishResult.empty(), 0.1)


def test_a_runners_chunks_join_the_queue_as_theirs_finish(
    run, sent, django_capture_on_commit_callbacks
) -> None:
    first, second, third, fourth = run.chunks.order_by("index")
    assert (first.sent_at is not None, second.sent_at is not None) == (True, True)
    assert (third.sent_at, fourth.sent_at) == (None, None)
    with django_capture_on_commit_callbacks(execute=True):
        _finish(first)
    assert sent == [third.pk]
    with django_capture_on_commit_callbacks(execute=True):
        _finish(second)
    assert sent == [third.pk, fourth.pk]


def test_another_runners_run_does_not_wait_behind_the_first(
    run, sent, django_capture_on_commit_callbacks
) -> None:
    WorkerHeartbeat.objects.create(hostname="celery@one", beat_at=timezone.now())  # a worker is up
    run.chunks.update(updated_at=timezone.now())  # and the run is going
    with django_capture_on_commit_callbacks(execute=True):
        second_run = runs.enqueue_run(run.deck, games=4000, goings=["second"])  # the same visitor
    assert sent == []  # their two places on the queue are taken
    someone = User.objects.create_user("someone")
    with django_capture_on_commit_callbacks(execute=True):
        other = runs.enqueue_run(
            services.fork_deck(run.deck, owner_id=someone.pk), games=4000, goings=["first"]
        )
    assert sorted(sent) == sorted(other.chunks.filter(index__lt=2).values_list("pk", flat=True))
    sent.clear()
    with django_capture_on_commit_callbacks(execute=True):
        runs.cancel_run(run)  # its places go to the same visitor's next run
    assert sorted(sent) == sorted(second_run.chunks.filter(index__lt=2).values_list("pk", flat=True))
