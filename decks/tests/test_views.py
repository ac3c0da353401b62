import time
from datetime import timedelta

import pytest
from django.test import Client
from django.utils import timezone

from decks.models import WorkerHeartbeat
from decks.testing import use_broker
from decks.web import health, views

pytestmark = pytest.mark.django_db


def answer(ok: bool) -> health.Check:
    return health.Check(ok, "ok" if ok else "no worker answered within 5 s", 0.25, "celery@test")


@pytest.fixture
def staff(client: Client, django_user_model) -> Client:
    client.force_login(django_user_model.objects.create_user("root", is_staff=True))
    return client


def test_home_lists_the_four_games(staff: Client) -> None:
    response = staff.get("/")
    assert response.status_code == 200
    html = response.content.decode()
    for name in ("FINAL FANTASY TCG", "DRAGON BALL SUPER CARD GAME Fusion World", "GRANBLUE FANTASY TCG"):
        assert name in html  # as the publishers print them, one spelling (engine.games)
    assert "Fire Force TCG" in html
    assert "Check the worker" in html
    assert 'hx-headers=\'{"x-csrftoken": "' in html


def test_worker_check_rejects_get(staff: Client) -> None:
    assert staff.get("/worker-check").status_code == 405


def test_worker_check_gives_htmx_the_result_partial(staff: Client, monkeypatch) -> None:
    monkeypatch.setattr(views.health, "check_worker", lambda: answer(True))
    response = staff.post("/worker-check", headers={"HX-Request": "true"})
    html = response.content.decode()
    assert response.status_code == 200
    assert html.strip().startswith('<div id="worker-result"')
    assert "The worker <strong>celery@test</strong> ran the task and answered in\n" in html


def test_worker_check_without_htmx_renders_the_whole_page(staff: Client, monkeypatch) -> None:
    monkeypatch.setattr(views.health, "check_worker", lambda: answer(False))
    response = staff.post("/worker-check")
    html = response.content.decode()
    assert "<html" in html
    assert "No answer: no worker answered within 5 s." in html


def beat(seconds_ago: float) -> None:
    WorkerHeartbeat.objects.create(
        hostname="celery@test", beat_at=timezone.now() - timedelta(seconds=seconds_ago)
    )


def test_healthz_is_200_when_a_worker_beat_lately(client: Client, monkeypatch, settings) -> None:
    settings.WORKER_HEARTBEAT_SECONDS = 10
    monkeypatch.setattr(views.health, "check_broker", lambda: answer(True))
    beat(seconds_ago=25)  # within three heartbeats
    response = client.get("/healthz")
    assert response.status_code == 200
    assert response.json() == {"database": "ok", "broker": "ok", "worker": "ok", "ok": True}


def test_healthz_is_503_when_the_newest_heartbeat_is_old(client: Client, monkeypatch, settings) -> None:
    settings.WORKER_HEARTBEAT_SECONDS = 10
    monkeypatch.setattr(views.health, "check_broker", lambda: answer(True))
    beat(seconds_ago=45)
    response = client.get("/healthz")
    assert response.status_code == 503
    assert response.json()["worker"] == "no worker heartbeat for 45 s"


def test_healthz_answers_at_once_on_a_real_broker_with_no_worker(client: Client, tmp_path) -> None:
    with use_broker(f"sqla+sqlite:///{tmp_path / 'broker.sqlite3'}"):
        client.get("/healthz")  # the embedded broker's first connection makes its tables
        started = time.monotonic()
        response = client.get("/healthz")
        took = time.monotonic() - started
    assert response.status_code == 503
    assert response.json() == {
        "database": "ok",
        "broker": "ok",
        "worker": "no worker is running",
        "ok": False,
    }
    assert took < 1.0


def test_healthz_says_when_the_broker_is_down(client: Client) -> None:
    beat(seconds_ago=1)
    with use_broker("redis://127.0.0.1:1/0"):
        response = client.get("/healthz")
    body = response.json()
    assert response.status_code == 503
    assert body["broker"].startswith("error: ")
    assert (body["worker"], body["ok"]) == ("ok", False)


@pytest.mark.parametrize("path", ["/no/such/page/", "/d/not-a-deck/", "/cards/chess/"])
def test_a_missing_page_is_the_sites_own_404_without_debug(client: Client, settings, path) -> None:
    settings.DEBUG = False
    response = client.get(path)
    assert response.status_code == 404
    html = response.content.decode()
    assert "<h1>Nothing here</h1>" in html
    assert '<header class="site-header">' in html
    assert "Page not found" not in html and "URLconf" not in html  # not Django's debug page


def test_a_server_error_is_the_sites_own_page(settings, monkeypatch) -> None:
    settings.DEBUG = False

    def boom(request):
        raise RuntimeError("boom")

    monkeypatch.setattr(views, "_games", lambda: boom(None))
    response = Client(raise_request_exception=False).get("/")
    assert response.status_code == 500
    assert "<h1>Something went wrong</h1>" in response.content.decode()


def test_players_see_no_health_link_and_no_worker_check_staff_do(client: Client, django_user_model) -> None:
    html = client.get("/").content.decode()
    assert 'href="/healthz"' not in html and "Check the worker" not in html
    assert client.post("/worker-check").status_code == 302  # to the staff log-in
    staff = django_user_model.objects.create_user("root", is_staff=True)
    client.force_login(staff)
    html = client.get("/").content.decode()
    assert 'href="/healthz"' in html and "Check the worker" in html


def test_every_page_has_a_favicon(client: Client) -> None:
    assert '<link rel="icon" href="/static/favicon.svg"' in client.get("/").content.decode()


def test_the_home_tiles_open_each_games_cards_and_new_deck(client: Client) -> None:
    html = client.get("/").content.decode()
    for game in ("fftcg", "dbsfw", "gbf", "fireforce"):
        assert f'<a class="tile-link" href="/cards/{game}/">' in html
        assert f'<a href="/decks/new/{game}/">New deck</a>' in html


def test_the_menu_opens_the_game_last_looked_at(client: Client) -> None:
    assert (
        '<a href="/cards/fftcg/">Cards</a> <a href="/decks/new/fftcg/">New deck</a>'
        in client.get("/").content.decode()
    )
    client.get("/cards/gbf/")
    html = client.get("/").content.decode()
    assert '<a href="/cards/gbf/">Cards</a> <a href="/decks/new/gbf/">New deck</a>' in html
    client.get("/decks/new/dbsfw/")
    assert '<a href="/cards/dbsfw/">Cards</a>' in client.get("/decks/public/").content.decode()
