"""A card import queued from the app runs on a real worker and records its outcome."""

import shutil
import time
from pathlib import Path

import pytest
from django.db import transaction

from decks.maintenance.importing import queue_import
from decks.models import Card, ImportJob

FIXTURES = Path(__file__).resolve().parents[1] / "engine" / "tests" / "fixtures" / "import"


@pytest.mark.worker
def test_an_import_job_runs_on_the_worker(live_worker, tmp_path):
    path = shutil.copy(FIXTURES / "fireforce_cards.csv", tmp_path / "cards.csv")
    with transaction.atomic():
        job = queue_import("fireforce", source="file", path=str(path))
    deadline = time.monotonic() + 60
    while ImportJob.objects.get(pk=job.pk).status in ("queued", "running"):
        assert time.monotonic() < deadline, live_worker.log_text()[-3000:]
        time.sleep(0.2)
    job.refresh_from_db()
    assert (job.status, job.added, len(job.rejected)) == ("done", 5, 4), job.error
    assert Card.objects.filter(game_id="fireforce").count() == 5
