import pytest

from decks.models import Deck, SimulationRun

pytestmark = pytest.mark.django_db

Status = SimulationRun.Status


@pytest.fixture
def run(deck: Deck) -> SimulationRun:
    return SimulationRun.objects.create(deck=deck, deck_snapshot={"game": "fftcg"}, seed=42, games=100)


def stored(run: SimulationRun) -> SimulationRun:
    return SimulationRun.objects.get(pk=run.pk)


def test_it_starts_a_queued_run(run: SimulationRun) -> None:
    assert run.start() is True
    assert stored(run).status == Status.RUNNING
    assert stored(run).started_at is not None


def test_it_restarts_a_run_left_running_by_a_dead_worker(run: SimulationRun) -> None:
    run.start()
    assert run.start() is True
    assert stored(run).status == Status.RUNNING


def test_it_finishes_once(run: SimulationRun) -> None:
    run.start()
    assert run.finish({"games": 100}) is True
    assert run.finish({"games": 100, "second": True}) is False
    assert stored(run).result == {"games": 100}
    assert stored(run).games_done == 100
    assert stored(run).is_finished is True


def test_a_redelivered_message_does_not_restart_a_finished_run(run: SimulationRun) -> None:
    run.start()
    run.finish({"games": 100})
    assert run.start() is False
    assert stored(run).status == Status.DONE


def test_a_stale_copy_cannot_undo_a_cancellation(run: SimulationRun) -> None:
    stale = stored(run)
    assert run.cancel() is True
    assert stale.start() is False
    assert stale.finish({"games": 100}) is False
    assert stale.fail("boom") is False
    assert stored(run).status == Status.CANCELLED
    assert stored(run).result is None


def test_it_records_a_failure(run: SimulationRun) -> None:
    run.start()
    assert run.fail("ValueError: no deck") is True
    assert (stored(run).status, stored(run).error) == (Status.FAILED, "ValueError: no deck")
    assert run.finish({}) is False


def test_it_records_progress_until_finished(run: SimulationRun) -> None:
    run.start()
    assert run.record_progress(40) is True
    assert stored(run).progress == pytest.approx(0.4)
    run.finish({})
    assert run.record_progress(50) is False
    assert stored(run).games_done == 100
