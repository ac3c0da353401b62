import pytest
from django.test import Client

from decks import health, views
from decks.testing import use_broker

pytestmark = pytest.mark.django_db


def answer(ok: bool) -> health.Check:
    return health.Check(ok, "ok" if ok else "no worker answered within 5 s", 0.25, "celery@test")


def test_home_lists_the_four_games(client: Client) -> None:
    response = client.get("/")
    assert response.status_code == 200
    html = response.content.decode()
    for name in ("Final Fantasy", "Fusion World", "GRANBLUE FANTASY", "Fire Force"):
        assert name in html
    assert "Check the worker" in html
    assert 'hx-headers=\'{"x-csrftoken": "' in html


def test_worker_check_rejects_get(client: Client) -> None:
    assert client.get("/worker-check").status_code == 405


def test_worker_check_gives_htmx_the_result_partial(client: Client, monkeypatch) -> None:
    monkeypatch.setattr(views.health, "check_worker", lambda: answer(True))
    response = client.post("/worker-check", headers={"HX-Request": "true"})
    html = response.content.decode()
    assert response.status_code == 200
    assert html.strip().startswith('<div id="worker-result"')
    assert "The worker <strong>celery@test</strong> ran the task and answered in\n" in html


def test_worker_check_without_htmx_renders_the_whole_page(client: Client, monkeypatch) -> None:
    monkeypatch.setattr(views.health, "check_worker", lambda: answer(False))
    response = client.post("/worker-check")
    html = response.content.decode()
    assert "<html" in html
    assert "No answer: no worker answered within 5 s." in html


def test_healthz_is_200_when_all_is_well(client: Client, monkeypatch) -> None:
    monkeypatch.setattr(views.health, "check_broker", lambda: answer(True))
    monkeypatch.setattr(views.health, "check_worker", lambda: answer(True))
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"database": "ok", "broker": "ok", "worker": "ok", "ok": True}


def test_healthz_is_503_without_a_worker(client: Client, monkeypatch, tmp_path) -> None:
    # A real, empty broker with no worker on it: the ping goes out and nobody answers.
    check_worker = health.check_worker
    monkeypatch.setattr(views.health, "check_worker", lambda: check_worker(timeout=0.5))
    with use_broker(f"sqla+sqlite:///{tmp_path / 'broker.sqlite3'}"):
        response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json() == {
        "database": "ok",
        "broker": "ok",
        "worker": "no worker answered within 0.5 s",
        "ok": False,
    }


def test_healthz_skips_the_worker_when_the_broker_is_down(client: Client) -> None:
    with use_broker("redis://127.0.0.1:1/0"):
        response = client.get("/healthz")
    body = response.json()
    assert response.status_code == 503
    assert body["broker"].startswith("error: ")
    assert (body["worker"], body["ok"]) == ("skipped", False)
