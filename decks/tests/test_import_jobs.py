"""Import jobs: queued from the imports page or the run command, run by the worker, progress on the row."""

import shutil
from io import StringIO
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.core.files.uploadedfile import SimpleUploadedFile
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from decks.maintenance.importing import queue_import, run_import_job
from decks.models import Card, ImportJob

pytestmark = pytest.mark.django_db
FIXTURES = Path(__file__).resolve().parents[2] / "engine" / "tests" / "fixtures" / "import"


def test_a_file_job_imports_and_records_its_outcome(tmp_path):
    path = shutil.copy(FIXTURES / "gbf_cards.json", tmp_path / "gbf.json")
    job = queue_import("gbf", source="file", path=str(path), lang="ja")
    run_import_job(job.pk)
    job.refresh_from_db()
    assert job.status == "done"
    # The fixture holds 7 good records and 4 bad ones (decks/tests/test_import_cards.py says which).
    assert (job.added, job.updated, job.unchanged, len(job.rejected)) == (7, 0, 0, 4)
    assert (job.done, job.total) == (7, 7)
    assert job.started_at is not None and job.finished_at is not None
    assert Card.objects.filter(game_id="gbf").count() == 7


def test_a_second_job_of_the_same_file_changes_nothing(tmp_path):
    path = str(shutil.copy(FIXTURES / "gbf_cards.json", tmp_path / "gbf.json"))
    run_import_job(queue_import("gbf", source="file", path=path, lang="ja").pk)
    again = queue_import("gbf", source="file", path=path, lang="ja")
    run_import_job(again.pk)
    again.refresh_from_db()
    assert (again.added, again.updated, again.unchanged) == (0, 0, 7)


def test_a_job_whose_file_is_gone_fails_saying_why(tmp_path):
    job = queue_import("fireforce", source="file", path=str(tmp_path / "missing.csv"))
    run_import_job(job.pk)
    job.refresh_from_db()
    assert job.status == "failed"
    assert "missing.csv" in job.error


def test_a_finished_job_is_not_run_again(tmp_path):
    path = shutil.copy(FIXTURES / "gbf_cards.json", tmp_path / "gbf.json")
    job = queue_import("gbf", source="file", path=str(path), lang="ja")
    run_import_job(job.pk)
    Card.objects.filter(game_id="gbf").delete()
    run_import_job(job.pk)  # a redelivered message
    assert not Card.objects.filter(game_id="gbf").exists()


def test_queue_imports_queues_the_official_lists():
    out = StringIO()
    call_command("queue_imports", "fftcg", "dbsfw", "--lang", "ja", stdout=out)
    jobs = list(ImportJob.objects.order_by("pk").values_list("game_id", "source", "lang", "status"))
    assert jobs == [("fftcg", "official", "ja", "queued"), ("dbsfw", "official", "ja", "queued")]
    assert "Queued import" in out.getvalue()


@pytest.fixture
def staff() -> Client:
    client = Client()
    client.force_login(User.objects.create_user("maintainer", password="x-long-password-9", is_staff=True))
    return client


def test_the_imports_page_is_for_staff_only():
    url = reverse("decks:imports")
    assert Client().get(url).status_code == 302  # to the admin's log-in page
    player = Client()
    player.force_login(User.objects.create_user("player", password="x-long-password-8"))
    assert player.get(url).status_code == 302
    assert player.post(url, {"game": "fftcg", "lang": "en"}).status_code == 302
    assert not ImportJob.objects.exists()


def test_staff_queue_an_official_import(staff):
    response = staff.post(reverse("decks:imports"), {"game": "dbsfw", "lang": "en"})
    assert response.status_code == 302
    assert ImportJob.objects.get().source == "official"


def test_a_game_without_an_official_list_needs_a_file(staff):
    response = staff.post(reverse("decks:imports"), {"game": "gbf", "lang": "en"})
    assert b"no official card list" in response.content
    assert not ImportJob.objects.exists()


def test_an_uploaded_file_is_stored_for_the_worker(staff, settings, tmp_path):
    settings.BASE_DIR = tmp_path
    upload = SimpleUploadedFile("cards.csv", (FIXTURES / "fireforce_cards.csv").read_bytes())
    staff.post(reverse("decks:imports"), {"game": "fireforce", "lang": "en", "file": upload})
    job = ImportJob.objects.get()
    assert job.source == "file"
    stored = Path(job.path)
    assert stored.parent == tmp_path / "var" / "import" / "uploads"
    assert stored.read_bytes() == (FIXTURES / "fireforce_cards.csv").read_bytes()


def test_an_upload_of_another_kind_of_file_is_refused(staff):
    upload = SimpleUploadedFile("cards.exe", b"MZ")
    response = staff.post(reverse("decks:imports"), {"game": "fireforce", "lang": "en", "file": upload})
    assert b"A card file ends in" in response.content
    assert not ImportJob.objects.exists()


def test_the_page_polls_while_a_job_runs_and_stops_after(staff, tmp_path):
    job = queue_import("fireforce", source="file", path=str(tmp_path / "x.csv"))
    assert b'hx-trigger="every 2s"' in staff.get(reverse("decks:imports")).content
    run_import_job(job.pk)
    page = staff.get(reverse("decks:imports"), headers={"HX-Request": "true"})
    assert b"hx-trigger" not in page.content
    assert b"Failed" in page.content
