"""The Celery tasks: each takes ids, the work is done by the module named. The web sends them by name
(decks.goldfish.runs, decks.maintenance.importing), so those modules need not import this one."""

from datetime import timedelta

from django.utils import timezone

from decks.goldfish import runs, tuning
from decks.maintenance import importing
from decks.models import WorkerPing
from tcgsite.celery import app


@app.task(bind=True, ignore_result=True)
def ping(self, token: str) -> None:
    """Record that a worker took this message; running it twice with one token writes one row."""
    WorkerPing.objects.get_or_create(token=token, defaults={"hostname": self.request.hostname or "unknown"})
    WorkerPing.objects.filter(created_at__lt=timezone.now() - timedelta(days=1)).delete()


@app.task(acks_late=True, reject_on_worker_lost=True, ignore_result=True)
def run_goldfish_chunk(chunk_id: int) -> None:
    """Play one chunk of a goldfish run. Acknowledged only when done, and requeued if the worker process
    dies, so a chunk is never lost; computing it twice is harmless (decks.goldfish.runs)."""
    runs.run_chunk(chunk_id)


@app.task(acks_late=True, reject_on_worker_lost=True, ignore_result=True)
def run_tuning_chunk(chunk_id: int) -> None:
    """Play one chunk of a tuning run's swaps, on a goldfish chunk's terms (decks.goldfish.tuning)."""
    tuning.run_chunk(chunk_id)


@app.task(acks_late=True, reject_on_worker_lost=True, ignore_result=True)
def run_card_import(job_id: int) -> None:
    """Import a game's cards for an ImportJob row (decks.maintenance.importing)."""
    importing.run_import_job(job_id)
