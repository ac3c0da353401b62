import time

import pytest
from django.test import Client

from decks.models import WorkerHeartbeat
from decks.testing import stop_worker

pytestmark = pytest.mark.worker


def test_it_shows_the_answer_of_the_worker_to_a_task_sent_from_the_web_app(
    live_worker, client: Client, django_user_model
) -> None:
    client.force_login(django_user_model.objects.create_user("root", is_staff=True))
    response = client.post("/worker-check", headers={"HX-Request": "true"})

    assert response.status_code == 200
    html = response.content.decode()
    assert "ran the task" in html, live_worker.log_text()
    assert live_worker.hostname.split("@")[0] in html
    assert "<html" not in html  # the htmx request gets the partial only


def test_healthz_is_green_with_a_worker_and_red_at_once_without(live_worker, client: Client) -> None:
    deadline = time.monotonic() + 10
    while not WorkerHeartbeat.objects.exists() and time.monotonic() < deadline:
        time.sleep(0.1)  # the first heartbeat comes as the worker is ready
    response = client.get("/healthz")

    assert response.json() == {"database": "ok", "broker": "ok", "worker": "ok", "ok": True}, (
        live_worker.log_text()
    )
    assert response.status_code == 200

    stop_worker(live_worker)  # a warm shutdown takes the worker's heartbeat with it
    started = time.monotonic()
    response = client.get("/healthz")
    assert time.monotonic() - started < 1.0
    assert response.status_code == 503
    assert response.json()["worker"] == "no worker is running"
