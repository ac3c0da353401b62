"""A deck's log of real games (decks/builder/gamelog.py): recording with its defaults, editing,
deleting, the CSV file both ways, the record beside the goldfish, and the privacy of it all: the log is
its owner's alone whatever the deck's visibility; the deck page shows the totals only when the owner
says so."""

from __future__ import annotations

import io
from datetime import date, timedelta

import pytest
from django.test import Client
from django.urls import reverse
from django.utils import timezone

from decks.builder import charts, services
from decks.builder.gamelog import version_in_force
from decks.models import Deck, DeckVersion, GameRecordShown, PlayedGame, SimulationRun
from engine.goldfish import GoldfishResult
from engine.record import wilson_interval


@pytest.fixture(autouse=True)
def _no_rate_limits(settings) -> None:
    settings.RATE_LIMITS = {}


@pytest.fixture
def alices_deck(alice, card) -> Deck:
    deck = services.create_deck(game_id="fftcg", name="Wind tempo", owner_id=alice.pk)
    services.set_card_count(deck, card, "main", 3)
    services.update_details(
        deck, name="Wind tempo", description="", visibility="public", format="constructed"
    )
    deck.refresh_from_db()
    return deck


def log_url(deck: Deck, name: str = "game-log", **kwargs) -> str:
    return reverse(f"decks:{name}", kwargs={"share_id": deck.share_id, **kwargs})


def record_form(client: Client, deck: Deck) -> dict[str, str]:
    """The record form's fields as the page fills them (its defaults), read from the page itself."""
    form = client.get(log_url(deck)).context["form"]
    return {
        name: "" if value is None else str(value)
        for name, value in ((n, form[n].value()) for n in form.fields)
        if name != "result"
    }


def new_version(deck: Deck, card, count: int, made: date) -> DeckVersion:
    services.set_card_count(deck, card, "main", count)
    version = services.record_version(deck, fold=False)
    DeckVersion.objects.filter(pk=version.pk).update(created_at=timezone.make_aware(
        timezone.datetime.combine(made, timezone.datetime.min.time())))  # fmt: skip
    return version


def test_a_game_is_recorded_in_one_click_with_the_defaults(alice_client, alices_deck):
    fields = record_form(alice_client, alices_deck)
    response = alice_client.post(log_url(alices_deck), fields | {"result": "win"})
    assert response.status_code == 302
    game = PlayedGame.objects.get(deck=alices_deck)
    assert game.result == "win"
    assert game.played_on == timezone.localdate()
    assert (game.kind, game.went_first, game.mulliganed, game.event) == ("casual", True, False, "")
    assert game.deck_version == alices_deck.versions.order_by("-number").first()  # the current version
    page = alice_client.get(log_url(alices_deck))
    assert "1 game" in page.content.decode()
    assert "100 % won" in page.content.decode()


def test_a_game_belongs_to_the_version_in_force_on_its_date_or_the_one_picked(
    alice_client, alices_deck, card
):
    first = alices_deck.versions.get()
    DeckVersion.objects.filter(pk=first.pk).update(created_at=timezone.now() - timedelta(days=30))
    second = new_version(alices_deck, card, 2, timezone.localdate() - timedelta(days=10))
    fields = record_form(alice_client, alices_deck)
    old_day = (timezone.localdate() - timedelta(days=20)).isoformat()
    alice_client.post(log_url(alices_deck), fields | {"result": "loss", "played_on": old_day})
    alice_client.post(log_url(alices_deck), fields | {"result": "win"})
    alice_client.post(log_url(alices_deck), fields | {"result": "draw", "version": "1"})
    versions = list(PlayedGame.objects.order_by("pk").values_list("result", "deck_version__number"))
    assert versions == [("loss", 1), ("win", second.number), ("draw", 1)]
    # A game dated before the deck's first version: that first version.
    assert version_in_force(alices_deck, date(2000, 1, 1)) == first


def test_a_bad_game_is_refused_with_the_form_kept(alice_client, alices_deck):
    fields = record_form(alice_client, alices_deck)
    response = alice_client.post(log_url(alices_deck), fields | {"result": "win", "last_turn": "0"})
    assert response.status_code == 400
    assert not PlayedGame.objects.exists()
    response = alice_client.post(log_url(alices_deck), fields)  # no result button
    assert response.status_code == 400
    assert not PlayedGame.objects.exists()


def test_the_owner_edits_and_deletes_a_game(alice_client, alices_deck):
    game = PlayedGame.objects.create(deck=alices_deck, result="win", event="", notes="")
    url = log_url(alices_deck, "game-edit", played_id=game.pk)
    form = alice_client.get(url).context["form"]
    fields = {n: "" if form[n].value() is None else str(form[n].value()) for n in form.fields}
    response = alice_client.post(
        url, fields | {"result": "loss", "kind": "event", "event": "Store cup", "last_turn": "6"}
    )
    assert response.status_code == 302
    game.refresh_from_db()
    assert (game.result, game.kind, game.event, game.last_turn) == ("loss", "event", "Store cup", 6)
    assert alice_client.post(log_url(alices_deck, "game-delete", played_id=game.pk)).status_code == 302
    assert not PlayedGame.objects.exists()


def test_a_game_of_another_deck_is_not_found_under_mine(alice_client, alices_deck, alice):
    other = services.create_deck(game_id="fftcg", name="Other", owner_id=alice.pk)
    game = PlayedGame.objects.create(deck=other, result="win")
    assert alice_client.get(log_url(alices_deck, "game-edit", played_id=game.pk)).status_code == 404
    assert alice_client.post(log_url(alices_deck, "game-delete", played_id=game.pk)).status_code == 404
    assert PlayedGame.objects.filter(pk=game.pk).exists()


LOG_NAMES = ["game-log", "game-edit", "game-delete", "game-log-import", "game-log-shown", "game-log-export"]


@pytest.mark.parametrize("name", LOG_NAMES)
@pytest.mark.parametrize("who", ["bob_client", "anonymous"])
def test_another_users_log_is_not_found_even_on_a_public_deck(request, alices_deck, name, who):
    game = PlayedGame.objects.create(deck=alices_deck, result="win", notes="my secret plan")
    client: Client = request.getfixturevalue(who)
    one_game = {"played_id": game.pk} if name in ("game-edit", "game-delete") else {}
    url = log_url(alices_deck, name, **one_game)
    statuses = {client.get(url).status_code, client.post(url, {"result": "loss", "show": "yes"}).status_code}
    assert statuses <= {404, 405} and 404 in statuses, statuses
    assert list(PlayedGame.objects.values_list("result", "notes")) == [("win", "my secret plan")]
    assert not GameRecordShown.objects.exists()


def test_only_the_owner_sees_the_games_tab(alice_client, bob_client, alices_deck):
    tab = f'href="{log_url(alices_deck)}"'
    assert tab in alice_client.get(alices_deck.get_absolute_url()).content.decode()
    assert tab not in bob_client.get(alices_deck.get_absolute_url()).content.decode()


def test_the_deck_page_shows_the_totals_only_when_the_owner_says_so(alice_client, bob_client, alices_deck):
    for result in ("win", "win", "loss"):
        PlayedGame.objects.create(deck=alices_deck, result=result, notes="my secret plan")
    page = bob_client.get(alices_deck.get_absolute_url()).content.decode()
    assert "real game" not in page
    alice_client.post(log_url(alices_deck, "game-log-shown"), {"show": "yes"})
    page = bob_client.get(alices_deck.get_absolute_url()).content.decode()  # the page cache renews
    assert "Played 3 real games: 2 wins, 1 loss, 0 draws (67 % won)." in page
    assert "my secret plan" not in page
    PlayedGame.objects.create(deck=alices_deck, result="draw")
    assert "Played 4 real games" in bob_client.get(alices_deck.get_absolute_url()).content.decode()
    alice_client.post(log_url(alices_deck, "game-log-shown"), {"show": "no"})
    assert "real game" not in bob_client.get(alices_deck.get_absolute_url()).content.decode()


def upload(text: str) -> io.BytesIO:
    file = io.BytesIO(text.encode())
    file.name = "games.csv"
    return file


def test_the_log_file_round_trips(alice_client, alices_deck):
    version = alices_deck.versions.get()
    PlayedGame.objects.create(
        deck=alices_deck, deck_version=version, played_on=date(2026, 11, 1), kind="event",
        event="Store cup, round 1", result="loss", went_first=False, mulliganed=True, last_turn=7,
        opponent="Fire/Ice", archetype="Midrange", notes='two "lines"\nof notes',
    )  # fmt: skip
    PlayedGame.objects.create(
        deck=alices_deck, deck_version=version, played_on=date(2026, 11, 2), result="win"
    )
    exported = alice_client.get(log_url(alices_deck, "game-log-export"))
    assert exported["Content-Type"] == "text/csv; charset=utf-8"
    text = exported.content.decode()
    assert text.splitlines()[1] == (
        '2026-11-01,1,event,"Store cup, round 1",loss,second,mulligan,7,Fire/Ice,Midrange,"two ""lines""'
    )
    fields = ("played_on", "deck_version", "kind", "event", "result", "went_first", "mulliganed",
              "last_turn", "opponent", "archetype", "notes")  # fmt: skip
    before = list(PlayedGame.objects.order_by("played_on").values_list(*fields))
    PlayedGame.objects.all().delete()
    response = alice_client.post(log_url(alices_deck, "game-log-import"), {"file": upload(text)})
    assert response.status_code == 302
    assert list(PlayedGame.objects.order_by("played_on").values_list(*fields)) == before


def test_a_log_file_with_a_bad_line_saves_nothing_and_names_the_line(alice_client, alices_deck):
    text = "date,result,turn\n2026-11-01,win,5\n2026-11-02,lose,5\n2026-11-03,loss,\n"
    response = alice_client.post(log_url(alices_deck, "game-log-import"), {"file": upload(text)})
    assert response.status_code == 400
    page = response.content.decode()
    assert "Nothing was imported" in page
    assert "<strong>Line 3</strong>: result “lose” is not one of win, loss, draw" in page
    assert not PlayedGame.objects.exists()


def test_a_log_file_naming_a_version_the_deck_never_had_saves_nothing(alice_client, alices_deck):
    text = "date,result,version\n2026-11-01,win,1\n2026-11-02,win,9\n"
    response = alice_client.post(log_url(alices_deck, "game-log-import"), {"file": upload(text)})
    assert response.status_code == 400
    assert "the deck has no version 9" in response.content.decode()
    assert not PlayedGame.objects.exists()


def test_the_record_of_a_version_sits_beside_its_goldfish(alice_client, alices_deck):
    version = alices_deck.versions.get()
    # A finished run whose games (going first) were won on turn 3 once, turn 4 twice and turn 5 once of
    # 4 games: the median kill turn (nearest rank, 2 of 4 kills) is 4, and 3 of 4 games were won by then.
    result = GoldfishResult(games=4, kill_turns={3: 1, 4: 2, 5: 1}, outcomes={"win": 4})
    SimulationRun.objects.create(
        deck=alices_deck, deck_version=version, deck_snapshot={}, seed=1, games=4,
        status=SimulationRun.Status.DONE, finished_at=timezone.now(), result={"first": result.to_dict()},
    )  # fmt: skip
    for turn in (5, 6):
        PlayedGame.objects.create(deck=alices_deck, deck_version=version, result="win", last_turn=turn)
    PlayedGame.objects.create(deck=alices_deck, deck_version=version, result="loss", last_turn=3)
    page = alice_client.get(log_url(alices_deck)).content.decode()
    assert "the goldfish wins by turn 4 in 75 %; your wins ended on turn 5.5 on average" in page


def test_the_interval_chart_puts_each_rate_and_interval_on_the_scale():
    # 3 wins of 4 on a scale from x = 96 to x = 302 (width 320): the dot at 96 + 0.75 · 206 = 250.5, the
    # interval's ends where the Wilson interval of 3/4 falls; a split with no games is left out.
    low, high = wilson_interval(3, 4)
    chart = charts.interval_chart("Win rate", [("Fire", 3, 4, low, high), ("Ice", 0, 0, 0.0, 1.0)])
    (row,) = chart.rows
    assert (row.label, row.detail, row.rate_x) == ("Fire", "3 of 4 games", 250.5)
    assert row.low_x == round(96 + low * 206, 1) and row.high_x == round(96 + high * 206, 1)
    assert chart.half_x == 199.0
    assert "Fire: 75% won (3 of 4 games)" in chart.description
