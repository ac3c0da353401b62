"""The limit of runs in progress holds against parallel requests and against a visitor who drops the
cookie: the check and the new run are one transaction, holding a lock on the runner's row."""

from concurrent.futures import ThreadPoolExecutor

import pytest
from django.contrib.auth.models import AnonymousUser, User
from django.core.management import call_command
from django.db import connection
from django.test import Client, RequestFactory

from decks.builder import services
from decks.goldfish import runs
from decks.models import Deck, SimulationRun


@pytest.fixture
def quiet(monkeypatch, settings):
    monkeypatch.setattr("decks.goldfish.runs._send", lambda ids: None)
    settings.GOLDFISH_MAX_ACTIVE_RUNS = 3
    settings.RATE_LIMITS = {}
    call_command("loadsamples", verbosity=0)


def test_eight_parallel_starts_give_three_runs(transactional_db, quiet) -> None:
    alice = User.objects.create_user("alice")
    deck = services.fork_deck(Deck.objects.get(game_id="fftcg", owner__isnull=True), owner_id=alice.pk)

    def start(_: int) -> str:
        try:
            runs.enqueue_run(deck, games=10, goings=("first",))
            return "started"
        except runs.RunRefused:
            return "refused"
        finally:
            connection.close()  # each thread's own connection

    with ThreadPoolExecutor(max_workers=8) as pool:
        answers = list(pool.map(start, range(8)))
    assert sorted(answers) == ["refused"] * 5 + ["started"] * 3
    assert SimulationRun.objects.filter(deck__owner=alice).count() == 3


def test_a_visitor_who_drops_the_cookie_is_counted_by_address(db, quiet) -> None:
    sample = Deck.objects.get(game_id="fftcg", owner__isnull=True)
    started = 0
    for _ in range(5):  # a fresh browser each time: new session, new fork, same address
        visitor = Client()
        fork = visitor.post(f"/d/{sample.share_id}/fork")
        share_id = fork["Location"].strip("/").rsplit("/", 1)[-1]
        deck = Deck.objects.get(share_id=share_id)
        request = RequestFactory().post("/", REMOTE_ADDR="10.1.2.3")
        request.user, request.session = AnonymousUser(), visitor.session  # that browser's request
        try:
            runs.enqueue_counted_run(request, deck, games=10, goings=("first",))
            started += 1
        except runs.RunRefused as e:
            assert "You already have 3 runs in progress" in str(e)
    assert started == 3
    other = RequestFactory().post("/", REMOTE_ADDR="10.9.9.9")
    other.user, other.session = AnonymousUser(), Client().session
    deck = services.fork_deck(sample, owner_id=None, session_key=other.session.session_key)
    assert runs.enqueue_counted_run(other, deck, games=10, goings=("first",)).pk  # another address
