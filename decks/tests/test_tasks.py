import pytest

from decks.models import WorkerPing
from decks.tasks import ping

pytestmark = pytest.mark.django_db


def test_ping_writes_one_row_however_often_it_runs() -> None:
    # Called directly: the round trip through a worker is tests/test_worker_round_trip.py.
    ping.apply(args=("token-1",))
    ping.apply(args=("token-1",))
    assert list(WorkerPing.objects.values_list("token", flat=True)) == ["token-1"]
