import pytest
from django.test import Client

pytestmark = pytest.mark.worker


def test_it_shows_the_answer_of_the_worker_to_a_task_sent_from_the_web_app(
    live_worker, client: Client
) -> None:
    response = client.post("/worker-check", headers={"HX-Request": "true"})

    assert response.status_code == 200
    html = response.content.decode()
    assert "ran the task" in html, live_worker.log_text()
    assert live_worker.hostname.split("@")[0] in html
    assert "<html" not in html  # the htmx request gets the partial only


def test_healthz_is_green_with_a_worker(live_worker, client: Client) -> None:
    response = client.get("/healthz")

    assert response.json() == {"database": "ok", "broker": "ok", "worker": "ok", "ok": True}, (
        live_worker.log_text()
    )
    assert response.status_code == 200
