"""Comparing a deck with an earlier version or another deck (issue 16): the card differences, charts and
odds side by side, and both goldfish runs under the same settings, reused when they exist."""

from __future__ import annotations

from datetime import timedelta

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client

from decks.api.auth import create_token
from decks.builder import services
from decks.goldfish import runs
from decks.models import Card, Deck, DeckVersion, GameRecordShown, PlayedGame, SimulationRun

GAMES = 200


@pytest.fixture
def alices_deck(alice: User) -> Deck:
    """A fork of the FFTCG sample deck, private, then one Gale Scout fewer as version 2."""
    call_command("loadsamples", verbosity=0)
    deck = services.fork_deck(Deck.objects.get(game_id="fftcg", owner__isnull=True), owner_id=alice.pk)
    first = deck.versions.get()
    first.updated_at -= DeckVersion.FOLD_WITHIN + timedelta(seconds=1)
    first.save(update_fields=("updated_at",))
    scout = Card.objects.get(game_id="fftcg", number="FX-001C")
    services.change_card_count(deck, scout, "main", -3)
    return deck


def url(deck: Deck, **query: object) -> str:
    return f"/d/{deck.share_id}/compare/?" + "&".join(f"{k}={v}" for k, v in query.items())


def finish(run: SimulationRun) -> None:
    """What the workers do: every chunk played."""
    for chunk in run.chunks.all():
        runs.run_chunk(chunk.pk)
    run.refresh_from_db()
    assert run.status == SimulationRun.Status.DONE


def test_the_form_offers_the_versions_of_the_deck_and_public_decks(alice_client, alices_deck) -> None:
    html = alice_client.get(f"/d/{alices_deck.share_id}/compare/").content.decode()
    assert '<option value="v1">' in html and '<option value="v2">' in html
    sample = Deck.objects.get(game_id="fftcg", owner__isnull=True)  # public, the same game
    other_game = Deck.objects.get(game_id="gbf", owner__isnull=True)
    assert f'<option value="{sample.share_id}">{sample.name} (public)</option>' in html
    assert other_game.share_id not in html


def test_current_against_version_1_shows_the_changes_odds_and_charts(alice_client, alices_deck) -> None:
    html = alice_client.get(url(alices_deck, b="v1", games=GAMES, order="first")).content.decode()
    # From A (version 2, no Gale Scout) to B (version 1): 3 Gale Scouts come back.
    assert 'aria-label="added 3"' in html and "Gale Scout" in html and "0 → 3" in html
    # Odds of at least one Gale Scout going first, no mulligan, 5 cards then 1 + 2 + 2 draws: A has
    # none; B has 3 of 50 main deck cards: 1 - C(47,5)/C(50,5) = 1 - 45*44*43/(50*49*48) = 0.2760 in the
    # opening hand, and by turn 3 (10 cards) 1 - C(47,10)/C(50,10) = 1 - 40*39*38/(50*49*48) = 0.4959.
    assert "0.0%" in html and "27.6%" in html and "49.6%" in html
    assert html.count('class="chart-box"') == 4  # curve and colours for A and B
    assert "Run the goldfish for both" in html


def test_the_runs_are_queued_on_the_chosen_versions_then_compared(alice_client, alices_deck) -> None:
    query = {"b": "v1", "games": GAMES, "order": "first"}
    response = alice_client.post(f"/d/{alices_deck.share_id}/compare/", query)
    assert response.status_code == 302 and "b=v1" in response["Location"]
    a, b = (SimulationRun.objects.get(deck_version__number=n, deck=alices_deck) for n in (2, 1))
    assert sum(e["count"] for e in b.deck_snapshot["sections"]["main"]) == 50
    assert sum(e["count"] for e in a.deck_snapshot["sections"]["main"]) == 47
    polling = alice_client.get(url(alices_deck, **query)).content.decode()
    assert 'hx-trigger="every 1s"' in polling and "Queued" in polling
    alice_client.post(f"/d/{alices_deck.share_id}/compare/", query)  # nothing missing: no new run
    assert SimulationRun.objects.filter(deck=alices_deck).count() == 2

    finish(a)
    finish(b)
    html = alice_client.get(url(alices_deck, **query)).content.decode()
    assert "Going first:" in html and "or earlier in" in html and "B − A =" in html
    assert 'class="chart compare-chart"' in html and "hx-trigger" not in html


def test_a_version_against_itself_queues_one_run(alice_client, alices_deck) -> None:
    alice_client.post(
        f"/d/{alices_deck.share_id}/compare/", {"a": 1, "b": "v1", "games": GAMES, "order": "first"}
    )
    assert list(SimulationRun.objects.values_list("deck_version__number", flat=True)) == [1]


def test_another_deck_is_compared_by_its_link_and_its_run_is_the_visitors(
    alice, alices_deck, bob, bob_client
) -> None:
    # Bob compares his fork with Alice's unlisted deck: both runs are queued as Bob's (his runs in
    # progress, his turn on the workers), Alice's on her deck's version; Alice's own limit is untouched.
    services.update_details(
        alices_deck, name="Alice", description="", visibility="unlisted", format="constructed"
    )
    bobs = services.fork_deck(alices_deck, owner_id=bob.pk)
    link = f"http://testserver/d/{alices_deck.share_id}/"
    html = bob_client.get(url(bobs, b=link, games=GAMES, order="first")).content.decode()
    assert "“Alice” version 2" in html and "A and B hold the same cards." in html
    assert "Run the goldfish for both" in html
    bob_client.post(f"/d/{bobs.share_id}/compare/", {"b": link, "games": GAMES, "order": "first"})
    alices_run = SimulationRun.objects.get(deck=alices_deck)
    assert alices_run.deck_version == alices_deck.versions.get(number=2)
    assert {r.runner for r in SimulationRun.objects.all()} == {f"u:{bob.pk}"}
    assert SimulationRun.objects.filter(deck=bobs).count() == 1
    for _ in range(settings.GOLDFISH_MAX_ACTIVE_RUNS):  # Alice still has all her slots
        runs.enqueue_run(alices_deck, games=10, goings=("first",))
    with pytest.raises(runs.RunRefused, match="runs in progress"):
        runs.enqueue_run(alices_deck, games=10, goings=("first",))
    for _ in range(settings.GOLDFISH_MAX_ACTIVE_RUNS - 2):  # Bob's two count against his own
        runs.enqueue_run(bobs, games=10, goings=("first",))
    with pytest.raises(runs.RunRefused, match="runs in progress"):
        runs.enqueue_run(bobs, games=10, goings=("first",))


def test_a_deck_nobody_else_may_open_is_not_compared(alice_client, alices_deck, bob) -> None:
    call_command("loadsamples", verbosity=0)
    bobs = services.create_deck(game_id="fftcg", name="Bob's secret", owner_id=bob.pk)
    html = alice_client.get(url(alices_deck, b=bobs.share_id)).content.decode()
    assert "nor a deck of this game you may open" in html and "Bob" not in html
    other_game = services.create_deck(game_id="gbf", name="Crew", owner_id=alices_deck.owner_id)
    assert (
        "nor a deck of this game"
        in alice_client.get(url(alices_deck, b=other_game.share_id)).content.decode()
    )
    assert Client().get(url(alices_deck, b="v1")).status_code == 404  # a private deck: as its page


def test_the_api_compares_and_queues_like_the_page(alice, alices_deck, bob) -> None:
    _, key = create_token(alice, "tests")
    api = Client(headers={"Authorization": f"Bearer {key}"})
    path = f"/api/v1/decks/{alices_deck.share_id}/compare"
    body = api.get(path, {"b": "v1", "games_per_order": GAMES, "order": "first"}).json()
    assert (body["a"]["version"], body["b"]["version"], body["a"]["run"], body["goldfish"]) == (
        2,
        1,
        None,
        None,
    )
    assert body["changes"] == [
        {"section": "main", "card": "FX-001C", "name": "Gale Scout", "before": 0, "after": 3}
    ]
    assert body["odds"][0]["b"] == pytest.approx([0.27602, 0.49592], abs=1e-5)
    started = api.post(
        path, {"b": "v1", "games_per_order": GAMES, "order": "first"}, content_type="application/json"
    )
    assert started.status_code == 201
    for side in ("a", "b"):
        finish(SimulationRun.objects.get(pk=started.json()[side]["run"]))
    done = api.get(path, {"b": "v1", "games_per_order": GAMES, "order": "first"}).json()["goldfish"]
    assert [o["going"] for o in done] == ["first"] and "or earlier in" in done[0]["sentence"]
    _, bobs_key = create_token(bob, "tests")
    assert Client(headers={"Authorization": f"Bearer {bobs_key}"}).get(path, {"b": "v1"}).status_code == 404
    assert api.get(path, {"b": "v9"}).status_code == 404


def log(deck: Deck, number: int, wins: int, losses: int, draws: int = 0) -> None:
    version = deck.versions.get(number=number)
    for result, n in (("win", wins), ("loss", losses), ("draw", draws)):
        PlayedGame.objects.bulk_create(
            PlayedGame(deck=deck, deck_version=version, result=result) for _ in range(n)
        )


def test_the_owner_sees_both_versions_real_records_and_the_exact_test(alice_client, alices_deck) -> None:
    log(alices_deck, 2, wins=8, losses=2)
    log(alices_deck, 1, wins=2, losses=7, draws=1)
    html = alice_client.get(url(alices_deck, b="v1", games=GAMES, order="first")).content.decode()
    assert "Real games logged" in html
    # A (version 2): 8 of 10. Wilson by hand, z = 1.96, z² = 3.8415: centre (0.8 + 0.19207)/1.38415 =
    # 0.71674, half 1.96·√(0.016 + 0.0096037)/1.38415 = 0.22658: 49.0 % to 94.3 %.
    assert "<td>10</td><td>8–2–0</td><td>80 %</td><td>49–94 %</td>" in html
    # B (version 1): 2 of 10 (a draw is a game not won): the mirror image, 5.7 % to 51.0 %.
    assert "<td>10</td><td>2–7–1</td><td>20 %</td><td>6–51 %</td>" in html
    # Fisher's exact test of [[8, 2], [2, 8]]: P(k wins for A) = C(10, k)·C(10, 10 − k)/C(20, 10) =
    # C(10, k)²/184,756; the tables no likelier than k = 8 (2,025) are k = 0, 1, 2, 8, 9, 10:
    # 2·(1 + 100 + 2,025)/184,756 = 4,252/184,756 = 0.0230.
    assert 'a real difference</strong> <span class="hint">(Fisher\'s exact test, p = 0.023)' in html


def test_another_users_record_shows_only_once_its_owner_shows_it(alice, alices_deck, bob, bob_client) -> None:
    services.update_details(
        alices_deck, name="Alice", description="", visibility="unlisted", format="constructed"
    )
    log(alices_deck, 2, wins=3, losses=1)
    bobs = services.fork_deck(alices_deck, owner_id=bob.pk)
    link = f"http://testserver/d/{alices_deck.share_id}/"
    html = bob_client.get(url(bobs, b=link, games=GAMES, order="first")).content.decode()
    assert "no games logged with this version" in html  # Bob's own fork, A
    assert "the owner keeps this record private" in html and "3–1–0" not in html
    assert "Fisher" not in html
    GameRecordShown.objects.create(deck=alices_deck)
    html = bob_client.get(url(bobs, b=link, games=GAMES, order="first")).content.decode()
    assert "<td>4</td><td>3–1–0</td><td>75 %</td>" in html and "private" not in html
    # Nobody but Alice may read her log when she does not show it: a visitor sees no record at all.
    GameRecordShown.objects.filter(deck=alices_deck).delete()
    assert "Real games logged" not in Client().get(url(alices_deck, b="v1")).content.decode()
