"""The Goldfish tab: who may start, watch, cancel and replay runs, and what a finished run shows."""

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from decks import runs, services
from decks.models import Deck, SimulationRun
from decks.testing import goldfish_form_data
from engine.goldfish import GoldfishResult


@pytest.fixture
def alice(db) -> User:
    return User.objects.create_user("alice", password="x-long-password-1")


@pytest.fixture
def bob(db) -> User:
    return User.objects.create_user("bob", password="x-long-password-2")


@pytest.fixture
def alices_deck(alice: User) -> Deck:
    """A copy of the FFTCG sample deck owned by alice, private."""
    call_command("loadsamples", verbosity=0)
    sample = Deck.objects.get(game_id="fftcg", owner__isnull=True)
    return services.fork_deck(sample, owner_id=alice.pk)


def client_for(user: User | None) -> Client:
    client = Client()
    if user is not None:
        client.force_login(user)
    return client


def finished_run(deck: Deck) -> SimulationRun:
    """A run as the workers leave it: 10 games going first, won on turns 3 (4 games) and 4 (5 games)."""
    run = runs.enqueue_run(deck, games=10, goings=("first",), seed=5)
    result = GoldfishResult(games=10, kill_turns={3: 4, 4: 5}, outcomes={"win": 9, "stalled": 1}, seed=5)
    assert run.finish({"first": result.to_dict()}) is True
    return run


def test_it_shows_the_owner_the_run_form(alice, alices_deck):
    response = client_for(alice).get(reverse("decks:goldfish", args=[alices_deck.share_id]))
    assert response.status_code == 200
    assert b'name="games"' in response.content
    assert b"Mulligan" in response.content  # a policy knob of the FFTCG simulator


def test_it_starts_a_run_and_shows_its_progress(alice, alices_deck):
    url = reverse("decks:goldfish", args=[alices_deck.share_id])
    response = client_for(alice).post(url, goldfish_form_data("fftcg", games="500", order="both"))
    run = SimulationRun.objects.get(deck=alices_deck)
    assert response.status_code == 302
    assert response["Location"] == reverse("decks:goldfish-run", args=[alices_deck.share_id, run.pk])
    assert run.games == 1000
    assert run.params["goings"] == ["first", "second"]
    page = client_for(alice).get(response["Location"])
    assert b"<progress" in page.content
    assert b'hx-trigger="every 1s"' in page.content


def test_it_refuses_more_games_than_the_limit(alice, alices_deck, settings):
    settings.GOLDFISH_MAX_GAMES = 1000
    url = reverse("decks:goldfish", args=[alices_deck.share_id])
    response = client_for(alice).post(url, goldfish_form_data("fftcg", games="1001", order="first"))
    assert response.status_code == 200
    assert b"less than or equal to 1000" in response.content
    assert not SimulationRun.objects.exists()


def test_it_refuses_a_fourth_run_in_progress(alice, alices_deck, settings):
    settings.GOLDFISH_MAX_ACTIVE_RUNS = 3
    for _ in range(3):
        runs.enqueue_run(alices_deck, games=10)
    with pytest.raises(runs.RunRefused, match="already have 3 runs in progress"):
        runs.enqueue_run(alices_deck, games=10)


def test_a_finished_run_shows_the_table_and_stops_polling(alice, alices_deck):
    run = finished_run(alices_deck)
    url = reverse("decks:goldfish-run", args=[alices_deck.share_id, run.pk])
    fragment = client_for(alice).get(url, headers={"HX-Request": "true"})
    html = fragment.content.decode()
    assert html.lstrip().startswith('<section id="run-status"')
    assert "hx-trigger" not in html
    assert "<svg" in html
    assert "40% by then" in html  # 4 of 10 games won by turn 3
    assert "90% by then" in html  # 9 of 10 by turn 4
    assert "3.56" in html  # mean kill turn (4*3 + 5*4) / 9


def test_bob_cannot_see_alices_private_deck_runs(alice, bob, alices_deck):
    run = finished_run(alices_deck)
    bob_client = client_for(bob)
    for url in (
        reverse("decks:goldfish", args=[alices_deck.share_id]),
        reverse("decks:goldfish-run", args=[alices_deck.share_id, run.pk]),
        reverse("decks:goldfish-game", args=[alices_deck.share_id, run.pk]) + "?game=0",
    ):
        assert bob_client.get(url).status_code == 404, url
        assert client_for(None).get(url).status_code == 404, url


def test_bob_sees_runs_of_an_unlisted_deck_but_cannot_start_or_cancel(bob, alices_deck):
    alices_deck.visibility = Deck.Visibility.UNLISTED
    alices_deck.save()
    run = runs.enqueue_run(alices_deck, games=10)
    bob_client = client_for(bob)
    page = bob_client.get(reverse("decks:goldfish", args=[alices_deck.share_id]))
    assert page.status_code == 200
    fork = reverse("decks:deck-fork", args=[alices_deck.share_id])
    assert f'<a href="{fork}">Fork the deck</a>'.encode() in page.content
    start = bob_client.post(
        reverse("decks:goldfish", args=[alices_deck.share_id]), {"games": "10", "order": "first"}
    )
    assert start.status_code == 404
    cancel = bob_client.post(reverse("decks:goldfish-cancel", args=[alices_deck.share_id, run.pk]))
    assert cancel.status_code == 404
    run.refresh_from_db()
    assert run.status == "queued"


def test_a_run_of_another_deck_is_not_found_under_this_one(alice, alices_deck):
    other = services.fork_deck(alices_deck, owner_id=alice.pk)
    run = finished_run(other)
    url = reverse("decks:goldfish-run", args=[alices_deck.share_id, run.pk])
    assert client_for(alice).get(url).status_code == 404


def test_the_owner_cancels_a_run(alice, alices_deck):
    run = runs.enqueue_run(alices_deck, games=10)
    url = reverse("decks:goldfish-cancel", args=[alices_deck.share_id, run.pk])
    assert client_for(alice).get(url).status_code == 405
    assert client_for(alice).post(url).status_code == 302
    run.refresh_from_db()
    assert run.status == "cancelled"


def test_run_again_reuses_the_seed_and_parameters(alice, alices_deck):
    run = finished_run(alices_deck)
    client_for(alice).post(reverse("decks:goldfish-again", args=[alices_deck.share_id, run.pk]))
    again = SimulationRun.objects.exclude(pk=run.pk).get()
    assert (again.seed, again.games, again.params) == (run.seed, run.games, run.params)


def test_a_sample_game_is_told_turn_by_turn(alice, alices_deck):
    run = finished_run(alices_deck)
    url = reverse("decks:goldfish-game", args=[alices_deck.share_id, run.pk])
    response = client_for(alice).get(url + "?game=2")
    assert response.status_code == 200
    assert b"Game 2 of run" in response.content
    assert b"draw" in response.content
    assert client_for(alice).get(url + "?game=10").status_code == 404
    assert client_for(alice).get(url + "?game=x").status_code == 404
    assert client_for(alice).get(url + "?going=second").status_code == 404
