"""A default goldfish run's result on screen quickly (issue 34, item 3): the run's page asks for the status
soon and backs off, a worker polls the embedded broker often, a run of a game not measured yet is not cut
into more chunks than there are play orders, and each worker process loads the simulators its Numba cache
holds as it starts. The figures are bench/click_to_chart_bench.py's; these tests check the behaviour."""

import threading
from datetime import timedelta
from types import SimpleNamespace

import pytest
from celery.signals import worker_process_init
from django.core.management import call_command
from django.test import Client
from django.utils import timezone
from kombu import Connection
from kombu.transport import sqlalchemy
from numba import njit

from decks.goldfish import compiling, runs, views
from decks.goldfish.views import poll_delay_ms
from decks.models import Deck, SimulationRun
from engine.goldfish import SIMULATORS, WIN, GoldfishResult


@pytest.fixture
def queued_run(db, sent) -> SimulationRun:
    call_command("loadsamples", verbosity=0)
    deck = Deck.objects.get(game_id="fftcg", owner__isnull=True)
    return runs.enqueue_run(deck, games=100, goings=["first"])


def _aged(run: SimulationRun, seconds: float) -> SimulationRun:
    SimulationRun.objects.filter(pk=run.pk).update(created_at=timezone.now() - timedelta(seconds=seconds))
    run.refresh_from_db()
    return run


@pytest.mark.parametrize(
    ("age", "delay_ms"),
    # A tenth of a second until the run is 0.4 s old, then a quarter of its age, then once a second.
    [(0.0, 100), (0.3, 100), (2.0, 500), (3.0, 750), (4.0, 1000), (600.0, 1000)],
)
def test_the_page_asks_again_soon_for_a_young_run_and_backs_off(queued_run, age, delay_ms) -> None:
    assert poll_delay_ms(queued_run, queued_run.created_at + timedelta(seconds=age)) == delay_ms


def test_each_answer_of_the_poll_brings_its_next_delay(queued_run, monkeypatch) -> None:
    url = f"/d/{queued_run.deck.share_id}/goldfish/{queued_run.pk}/"
    for age, delay in ((0.05, "100ms"), (60, "1000ms")):  # the view's clock, set: a slow machine is slow
        now = queued_run.created_at + timedelta(seconds=age)
        monkeypatch.setattr(views, "timezone", SimpleNamespace(now=lambda now=now: now))
        answer = Client().get(url, headers={"HX-Request": "true"}).content.decode()
        assert f'hx-trigger="load delay:{delay}"' in answer
    result = GoldfishResult(games=100, kill_turns={4: 100}, outcomes={WIN: 100})
    queued_run.finish({"first": result.to_dict()})
    done = Client().get(url, headers={"HX-Request": "true"}).content.decode()
    assert "hx-trigger" not in done and "<svg" in done  # the chart, and no more polling


def test_a_default_run_of_a_game_never_measured_is_one_chunk_per_play_order(
    db, sent, settings, django_capture_on_commit_callbacks
) -> None:
    settings.GOLDFISH_WORKER_PROCESSES = 2
    settings.GOLDFISH_CHUNKS_PER_WORKER = 3
    settings.GOLDFISH_MIN_CHUNK_SECONDS = 0.5
    call_command("loadsamples", verbosity=0)
    with django_capture_on_commit_callbacks(execute=True):
        run = runs.enqueue_run(Deck.objects.get(game_id="gbf", owner__isnull=True), games=10_000)
    # No finished chunk of GBF: 25,000 games a second assumed, so a chunk is at least 12,500 games, more
    # than a play order's 10,000 (at the old 5,000 a second: chunks of 3,334, six of them).
    assert list(run.chunks.values_list("going", "games")) == [("first", 10_000), ("second", 10_000)]
    assert sorted(sent) == sorted(run.chunks.values_list("pk", flat=True))  # both sent at once


def test_a_worker_polls_the_embedded_broker_as_often_as_set(settings, tmp_path) -> None:
    settings.EMBEDDED_BROKER_POLL_SECONDS = 0.05
    assert Connection(f"sqla+sqlite:///{tmp_path / 'broker.sqlite3'}").transport.polling_interval == 0.05
    # Another database behind the SQLAlchemy transport is asked as kombu does, once a second; Redis pushes.
    assert Connection("sqla+postgresql://u@127.0.0.1/db").transport.polling_interval == 1.0
    assert Connection("redis://127.0.0.1:6379/5").transport.polling_interval is None


def test_the_embedded_broker_queries_only_once_the_file_changed_and_misses_no_message(tmp_path, monkeypatch):
    url = f"sqla+sqlite:///{tmp_path / 'broker.sqlite3'}"
    queries: list[str] = []
    kombus_get = sqlalchemy.Channel._get

    def counted_get(channel: sqlalchemy.Channel, queue: str) -> object:
        queries.append(queue)
        return kombus_get(channel, queue)

    monkeypatch.setattr(sqlalchemy.Channel, "_get", counted_get)
    with Connection(url) as worker, Connection(url) as web:
        inbox = worker.SimpleQueue("chunks")
        with pytest.raises(inbox.Empty):
            inbox.get_nowait()
        asked = len(queries)
        for _ in range(5):  # nothing committed since: no query
            with pytest.raises(inbox.Empty):
                inbox.get_nowait()
        assert len(queries) == asked
        web.SimpleQueue("chunks").put({"chunk": 7})  # another connection commits a message
        message = inbox.get_nowait()
        assert message.payload == {"chunk": 7} and len(queries) > asked
        message.ack()


def test_run_if_cached_plays_what_needs_no_compile_and_refuses_to_compile() -> None:
    @njit(cache=False)
    def never_compiled(a: int) -> int:
        return a + 1

    assert not compiling.run_if_cached(lambda: never_compiled(1))
    assert never_compiled.signatures == []  # stopped before the compiler ran
    assert never_compiled(1) == 2  # compiled now, outside run_if_cached
    assert compiling.run_if_cached(lambda: never_compiled(2))


def test_run_if_cached_lets_another_thread_compile_meanwhile() -> None:
    @njit(cache=False)
    def for_another_thread(a: int) -> int:
        return a * 2

    answers: list[int] = []

    def call_from_another_thread() -> None:
        thread = threading.Thread(target=lambda: answers.append(for_another_thread(21)))
        thread.start()
        thread.join()

    assert compiling.run_if_cached(call_from_another_thread)
    assert answers == [42]


def test_preloading_loads_the_cached_simulators_and_leaves_the_others_to_their_first_chunk(monkeypatch):
    @njit(cache=False)
    def not_in_the_cache(a: int) -> int:
        return a - 1

    monkeypatch.setattr(compiling, "_prepared", set())
    played: list[str] = []
    for game_id, simulator in SIMULATORS.items():
        if game_id == "dbsfw":  # its machine code is not in the cache: it would compile
            monkeypatch.setattr(simulator, "run", lambda deck, games, seed: not_in_the_cache(games))
        else:
            monkeypatch.setattr(simulator, "run", lambda deck, games, seed: played.append(deck.game))
    # In the registry's order, which depends on which game module was imported first.
    assert compiling.preload_cached() == played == [g for g in SIMULATORS if g != "dbsfw"]
    assert sorted(played) == ["fftcg", "fireforce", "gbf"]
    assert not_in_the_cache.signatures == []
    assert sorted(g for g in SIMULATORS if not compiling.Preparation.needed(g)) == sorted(played)
    assert compiling.preload_cached() == []  # loaded once per process


def test_each_worker_process_preloads_in_a_thread_of_its_own(monkeypatch) -> None:
    started = threading.Event()
    threads: list[threading.Thread] = []

    def preload() -> list[str]:
        threads.append(threading.current_thread())
        started.set()
        return []

    monkeypatch.setattr(compiling, "preload_cached", preload)
    worker_process_init.send(sender=None)
    assert started.wait(10)
    assert threads[0] is not threading.main_thread() and threads[0].daemon
