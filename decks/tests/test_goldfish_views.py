"""The Goldfish tab: who may start, watch, cancel and replay runs, and what a finished run shows."""

from html.parser import HTMLParser

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client
from django.urls import reverse
from django.utils.html import escape

from decks.builder import services
from decks.goldfish import runs
from decks.models import Card, Deck, SimulationChunk, SimulationRun
from decks.testing import goldfish_form_data
from engine.goldfish import GoldfishResult, get_simulator


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
    assert b'hx-trigger="load delay:100ms"' in page.content  # a run just queued: asked again soon


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
    assert "<small>Not decided by your own turn 20</small></th><td><small>1</small>" in html  # 1 no-kill
    assert "Lost as your deck ran out" not in html  # no such game


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
    assert f'<form class="notice" method="post" action="{fork}">'.encode() in page.content
    assert b'<button type="submit" class="secondary">Fork the deck</button>' in page.content
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
    page = client_for(alice).get(reverse("decks:goldfish-run", args=[alices_deck.share_id, run.pk]))
    assert "Cancelled after 0 of 20 games." in page.content.decode()
    assert b"partial result" not in page.content


def test_a_cancel_keeps_the_games_played_as_a_partial_result(alice, alices_deck, settings):
    settings.GOLDFISH_MAX_GAMES = 2_000_000
    settings.GOLDFISH_MIN_CHUNK_SECONDS = 0.0
    run = runs.enqueue_run(alices_deck, games=1_000_000, seed=3)
    chunks = {c.going: c for c in run.chunks.filter(first_game=0)}
    # What the workers' last reports before the cancel wrote: the games each chunk had played so far.
    played = {
        "first": GoldfishResult(700_000, {3: 400_000, 4: 250_000}, {"win": 650_000, "stalled": 50_000}),
        "second": GoldfishResult(560_000, {3: 500_000}, {"win": 500_000, "stalled": 60_000}),
    }
    for going, result in played.items():
        SimulationChunk.objects.filter(pk=chunks[going].pk).update(
            games_done=result.games, result=result.to_dict()
        )

    client_for(alice).post(reverse("decks:goldfish-cancel", args=[alices_deck.share_id, run.pk]))

    run.refresh_from_db()
    assert run.status == "cancelled"
    assert run.games_done == 1_260_000
    assert runs.results_by_going(run)["first"].kill_turns == {3: 400_000, 4: 250_000}
    html = client_for(alice).get(reverse("decks:goldfish-run", args=[alices_deck.share_id, run.pk]))
    html = html.content.decode()
    assert "Cancelled after 1,260,000 of 2,000,000 games." in html
    assert "partial result" in html
    assert "Won by turn (partial: 1,260,000 games)" in html
    assert '<svg class="chart"' in html


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


class _FormFields(HTMLParser):
    """The controls of the page's goldfish form as a browser reads them: name -> (value, required)."""

    def __init__(self) -> None:
        super().__init__()
        self.fields: dict[str, tuple[str, bool]] = {}
        self._select: str | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = dict(attrs)
        name = a.get("name")
        if tag == "input" and name and name != "csrfmiddlewaretoken":
            if a.get("type") == "checkbox":
                if "checked" in a:
                    self.fields[name] = ("on", "required" in a)
            else:
                self.fields[name] = (a.get("value") or "", "required" in a)
        elif tag == "select" and name:
            self._select = name
            self.fields[name] = ("", "required" in a)
        elif tag == "option" and self._select and ("selected" in a or not self.fields[self._select][0]):
            self.fields[self._select] = (a.get("value") or "", self.fields[self._select][1])

    def handle_endtag(self, tag: str) -> None:
        if tag == "select":
            self._select = None


def submitted_as_shown(html: str) -> dict[str, str]:
    """The data a browser submits from the form untouched; fails on a required control left empty."""
    parser = _FormFields()
    parser.feed(html)
    blocked = [name for name, (value, required) in parser.fields.items() if required and not value]
    assert not blocked, f"the browser would block the submit: {blocked} are required and empty"
    return {name: value for name, (value, _) in parser.fields.items()}


@pytest.mark.parametrize("game_id", ["fftcg", "dbsfw", "gbf", "fireforce"])
def test_every_games_form_runs_with_its_defaults_untouched(alice, game_id):
    call_command("loadsamples", verbosity=0)
    deck = services.fork_deck(Deck.objects.get(game_id=game_id, owner__isnull=True), owner_id=alice.pk)
    url = reverse("decks:goldfish", args=[deck.share_id])
    client = client_for(alice)
    data = submitted_as_shown(client.get(url).content.decode())
    response = client.post(url, data)
    assert response.status_code == 302, response.content.decode()[:2000]
    run = SimulationRun.objects.get(deck=deck)
    assert run.params["policy"] == get_simulator(game_id).policy_defaults


def test_a_wrong_setting_opens_its_section_and_says_what_is_wrong(alice, alices_deck):
    url = reverse("decks:goldfish", args=[alices_deck.share_id])
    response = client_for(alice).post(url, goldfish_form_data("fftcg", hand_limit="-3"))
    assert response.status_code == 200
    html = response.content.decode()
    assert "<details open>" in html
    assert "Ensure this value is greater than or equal to 0." in html
    assert not SimulationRun.objects.exists()


def test_settings_are_in_players_words(alice, alices_deck):
    html = client_for(alice).get(reverse("decks:goldfish", args=[alices_deck.share_id])).content.decode()
    for jargon in (" iff ", "§", "OQ-", "Lb self pay", "spec "):
        assert jargon not in html
    assert "Hand size limit" in html
    assert "Cards you may keep in hand at the end of your turn. (Rule 9.5.1.2.)" in html


def test_the_result_page_lists_the_opponent_and_settings_it_ran_with(alice, alices_deck):
    run = runs.enqueue_run(alices_deck, games=10, goings=("first",), policy={"hand_limit": 7}, seed=5)
    html = client_for(alice).get(reverse("decks:goldfish-run", args=[alices_deck.share_id, run.pk])).content
    html = html.decode()
    assert "Played against an opponent who does nothing but lose, with these settings (1 changed):" in html
    assert "<dt>Hand size limit</dt><dd>7 <small>(changed)</small></dd>" in html
    derived = " <small>(from the deck and its format)</small>"
    assert f"<dt>Damage to win</dt><dd>7, as the format says{derived}</dd>" in html  # 0: Constructed's 7
    assert "<dt>Opponent draws and can deck out</dt><dd>yes</dd>" in html
    assert "<dt>Mulligan</dt><dd>when the hand has no Forward at or below the cost below</dd>" in html
    assert "<dt>Games end after your own turn</dt><dd>20</dd>" in html


def test_the_result_page_names_the_card_text_the_games_did_not_play(alice, alices_deck):
    # Feather Sprite: "Dull Feather Sprite: choose 1 Forward you control. It gains Haste ...", not played
    sprite = Card.objects.get(game_id="fftcg", number="FX-010H")
    services.set_card_count(alices_deck, sprite, "main", 1)
    run = runs.enqueue_run(alices_deck, games=10, goings=("first",), seed=5)
    html = client_for(alice).get(reverse("decks:goldfish-run", args=[alices_deck.share_id, run.pk])).content
    html = html.decode()
    report = runs.card_text(run)
    assert [c.name for c in report.not_played] == ["Feather Sprite"]
    assert f"{round(report.played_share * 100)}% of the deck's cards were played with all their text." in html
    for card in report.not_played:
        assert f"{card.number}, {card.copies} cop" in html
        for part in card.parts:  # the whole text, each part not played marked
            assert escape(part.text) in html


def test_a_deck_the_goldfish_cannot_play_is_refused_on_the_form_and_never_queued(alice):
    call_command("loadsamples", verbosity=0)
    deck = services.fork_deck(Deck.objects.get(game_id="dbsfw", owner__isnull=True), owner_id=alice.pk)
    deck.entries.filter(section="leader").delete()
    url = reverse("decks:goldfish", args=[deck.share_id])
    response = client_for(alice).post(url, goldfish_form_data("dbsfw"))
    assert response.status_code == 200
    assert "The goldfish needs a deck with exactly one Leader card (6-1-2)." in response.content.decode()
    assert not SimulationRun.objects.exists()


def test_the_api_refuses_a_setting_out_of_range_with_a_4xx(alice, alices_deck):
    from decks.api.auth import create_token

    _, key = create_token(alice)
    response = Client().post(
        f"/api/v1/decks/{alices_deck.share_id}/runs",
        {"games_per_order": 10, "policy": {"hand_limit": 5000}},
        content_type="application/json",
        headers={"Authorization": f"Bearer {key}"},
    )
    assert 400 <= response.status_code < 500
    assert "hand_limit must be at most 1,000" in response.content.decode()
    assert not SimulationRun.objects.exists()


def test_a_gbf_result_states_the_opponent_captains_hp_it_assumed(alice):
    call_command("loadsamples", verbosity=0)
    deck = services.fork_deck(Deck.objects.get(game_id="gbf", owner__isnull=True), owner_id=alice.pk)
    run = runs.enqueue_run(deck, games=10, goings=("first",), seed=1)
    html = client_for(alice).get(reverse("decks:goldfish-run", args=[deck.share_id, run.pk])).content.decode()
    # The sample's only rank-0 captain has HP 4; 0, the default, means "the same as yours".
    assert (
        "<dt>Opponent captain&#x27;s HP</dt><dd>4, the same as your own starting captain"
        " <small>(from the deck and its format)</small></dd>" in html
    )


def test_an_illegal_deck_is_simulated_as_it_is_and_the_result_says_so(alice):
    call_command("loadsamples", verbosity=0)
    deck = services.fork_deck(Deck.objects.get(game_id="fireforce", owner__isnull=True), owner_id=alice.pk)
    deck.entries.filter(section="flame").delete()
    run = runs.enqueue_run(deck, games=10, goings=("first",), seed=1)
    html = client_for(alice).get(reverse("decks:goldfish-run", args=[deck.share_id, run.pk])).content.decode()
    assert "This deck is not legal" in html
    assert "Your Flame deck has 0 cards. It must have exactly 5 Flame cards (rule 403.1a-2)." in html
    legal = runs.enqueue_run(services.fork_deck(deck.forked_from, owner_id=alice.pk), games=10, seed=1)
    page = client_for(alice).get(reverse("decks:goldfish-run", args=[legal.deck.share_id, legal.pk]))
    assert "This deck is not legal" not in page.content.decode()


def test_the_owner_deletes_a_run(alice, bob, alices_deck):
    run = finished_run(alices_deck)
    url = reverse("decks:goldfish-delete", args=[alices_deck.share_id, run.pk])
    Deck.objects.filter(pk=alices_deck.pk).update(visibility="unlisted")
    assert client_for(bob).post(url).status_code == 404
    page = client_for(alice).get(reverse("decks:goldfish", args=[alices_deck.share_id])).content.decode()
    assert f'aria-label="Delete run #{run.pk}"' in page
    assert client_for(alice).post(url).status_code == 302
    assert not SimulationRun.objects.filter(pk=run.pk).exists()
