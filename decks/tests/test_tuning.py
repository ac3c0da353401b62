"""Tuning runs (decks.goldfish.tuning): chunks on the workers, progress, cancel, a dead worker; the `tune`
command; the API's operations; the Tune tab's pages."""

from __future__ import annotations

import json
import time
from datetime import timedelta
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client
from django.utils import timezone

from decks.api.auth import create_token
from decks.convert import deck_to_engine
from decks.goldfish import resending, tuning
from decks.models import Card, CardSet, Deck, Game, SimulationChunk, SimulationRun, TuningChunk, TuningRun
from decks.tasks import run_tuning_chunk
from engine.advice import tune

pytestmark = pytest.mark.django_db
Status = TuningRun.Status
API = "/api/v1"
GAMES = (
    1_000  # per play order: enough for the dead card's swap to stand out (engine/tests/test_advice_tune.py)
)


def _card(game: Game, card_set: CardSet, number: str, type: str, colors: list[str], cost: int) -> Card:
    return Card.objects.create(
        game=game,
        card_set=card_set,
        number=number,
        base_number=number,
        name=f"Test {number}",
        type=type,
        colors=colors,
        cost=cost,
        keywords=["multi-playable"] if type == "forward" else [],
    )


@pytest.fixture
def owner(db) -> User:
    return User.objects.create_user("tuner", password="tuner-long-password-1")


@pytest.fixture
def dead_deck(fftcg: Game, owner: User) -> Deck:
    """The engine test's deck: 3 Light Summons the goldfish never casts nor discards (they do nothing), 47
    vanilla cost-3 Fire Forwards; and a 48th Forward, T1-900, in the card database to try."""
    card_set = CardSet.objects.create(game=fftcg, code="T1", name="Tuning test set")
    deck = Deck.objects.create(game=fftcg, format="constructed", name="Dead weight", owner=owner)
    deck.entries.create(card=_card(fftcg, card_set, "U-001", "summon", ["light"], 2), section="main", count=3)
    for i in range(1, 17):
        forward = _card(fftcg, card_set, f"T1-{i:03d}", "forward", ["fire"], 3)
        deck.entries.create(card=forward, section="main", count=3 if i < 16 else 2)
    _card(fftcg, card_set, "T1-900", "forward", ["fire"], 3)
    return deck


@pytest.fixture
def sent(monkeypatch) -> list[int]:
    """The chunk ids sent to the broker (none is really sent: the tests run each as a worker would)."""
    ids: list[int] = []
    monkeypatch.setattr("decks.goldfish.tuning._send", ids.extend)
    return ids


def start(deck: Deck, **options) -> TuningRun:
    from django.db import transaction

    with transaction.atomic():
        return tuning.enqueue_tuning(deck, candidates=["T1-900"], games=GAMES, seed=3, **options)


def stored(run: TuningRun) -> TuningRun:
    return TuningRun.objects.get(pk=run.pk)


def test_the_workers_rank_the_dead_card_first(
    dead_deck: Deck, sent: list[int], django_capture_on_commit_callbacks
) -> None:
    with django_capture_on_commit_callbacks(execute=True):
        run = tuning.enqueue_tuning(dead_deck, candidates=["T1-900"], games=GAMES, seed=3)
    assert run.variants == 17 and run.deck_version is not None  # 17 cuts (every card but T1-900) x 1 add
    chunks = list(run.chunks.order_by("index"))
    assert sent == [c.pk for c in chunks] and sum(c.count for c in chunks) == 17 and len(chunks) > 1
    run_tuning_chunk.apply(args=(chunks[0].pk,))
    partway = stored(run)
    assert partway.status == Status.RUNNING and partway.variants_done == chunks[0].count  # progress
    for chunk in chunks[1:]:
        run_tuning_chunk.apply(args=(chunk.pk,))
    done = stored(run)
    assert done.status == Status.DONE and done.variants_done == 17
    top = done.result["rankings"]["mean"][0]
    assert (top["cut"], top["add"], top["beyond_chance"]) == ("U-001", "T1-900", True)
    # The same result as the engine's in one process: the chunks' pieces merge to the whole.
    whole = tune.tune(
        tuning.tuning_deck(done),
        [tuning.tuning_cards(done)["T1-900"]],
        tune.Settings.from_dict(done.settings),
    )
    assert done.result == json.loads(json.dumps(whole.to_dict()))


def test_a_chunk_delivered_again_changes_nothing(dead_deck: Deck, sent: list[int]) -> None:
    run = start(dead_deck)
    chunk = run.chunks.order_by("index").first()
    run_tuning_chunk.apply(args=(chunk.pk,))
    before = TuningChunk.objects.get(pk=chunk.pk).result
    run_tuning_chunk.apply(args=(chunk.pk,))
    assert TuningChunk.objects.get(pk=chunk.pk).result == before


def test_cancel_keeps_the_swaps_measured_and_stops_the_others(dead_deck: Deck, sent: list[int]) -> None:
    run = start(dead_deck)
    first, second, *_ = run.chunks.order_by("index")
    run_tuning_chunk.apply(args=(first.pk,))
    assert tuning.cancel(stored(run)) is True
    cancelled = stored(run)
    assert cancelled.status == Status.CANCELLED and cancelled.variants_done == first.count
    assert cancelled.result["complete"] is False and cancelled.result["variants"] == first.count
    run_tuning_chunk.apply(args=(second.pk,))  # its message was already on the queue
    assert TuningChunk.objects.get(pk=second.pk).status == TuningChunk.Status.QUEUED
    assert stored(run).variants_done == first.count
    assert tuning.cancel(stored(run)) is False


def test_a_chunk_stops_at_its_next_swap_once_cancelled(dead_deck: Deck, sent: list[int], monkeypatch) -> None:
    run = start(dead_deck)
    chunk = run.chunks.order_by("index").first()
    measure = tune.Tuner.measure

    def measure_then_cancel(self, swap, card=None):
        out = measure(self, swap, card)
        TuningRun.objects.get(pk=run.pk).cancel()  # the player presses Cancel meanwhile
        return out

    monkeypatch.setattr(tune.Tuner, "measure", measure_then_cancel)
    run_tuning_chunk.apply(args=(chunk.pk,))
    assert chunk.count > 1 and TuningChunk.objects.get(pk=chunk.pk).variants_done == 0  # stopped at once


def test_a_chunk_whose_worker_died_is_sent_again_then_given_up(dead_deck: Deck, sent: list[int]) -> None:
    run = start(dead_deck)
    chunk = run.chunks.order_by("index").first()
    long_ago = timezone.now() - timedelta(minutes=5)
    TuningChunk.objects.filter(pk=chunk.pk).update(status=TuningChunk.Status.RUNNING, updated_at=long_ago)
    TuningChunk.objects.exclude(pk=chunk.pk).update(updated_at=timezone.now())
    sent.clear()
    assert tuning.sweep_stalled() == 1
    again = TuningChunk.objects.get(pk=chunk.pk)
    assert again.status == TuningChunk.Status.QUEUED and again.attempts == 2
    TuningChunk.objects.filter(pk=chunk.pk).update(attempts=3, updated_at=long_ago)
    tuning.sweep_stalled()
    failed = stored(run)
    assert failed.status == Status.FAILED and "sent to the workers 3 times" in failed.error


# ---- lost chunks: sent again and given up as a goldfish run's are (decks.goldfish.resending) ----


@pytest.fixture
def lost(dead_deck: Deck, sent: list[int], settings) -> TuningRun:
    """A tuning of 4 chunks (two worker processes, two chunks each), all sent, none started, all last
    heard of a minute ago."""
    settings.GOLDFISH_STALL_SECONDS = 30
    settings.GOLDFISH_WORKER_PROCESSES = 2
    settings.GOLDFISH_CHUNKS_PER_WORKER = 2
    settings.GOLDFISH_MAX_ATTEMPTS = 3
    run = start(dead_deck)
    stall_all(run)
    sent.clear()
    return run


def stall_all(run: TuningRun) -> None:
    """Let GOLDFISH_STALL_SECONDS pass for every chunk's heartbeat, not for when it was sent."""
    run.chunks.update(updated_at=timezone.now() - timedelta(minutes=1))


def test_a_lost_tuning_chunk_is_sent_again_keeping_its_first_send(
    lost: TuningRun, sent: list[int], django_capture_on_commit_callbacks
) -> None:
    lost.chunks.update(sent_at=timezone.now() - timedelta(minutes=1))
    assert resending.not_started()[0] == 4  # what /healthz reports, goldfish and tuning chunks alike
    chunks = list(lost.chunks.order_by("index"))
    assert len(chunks) == 4 and [c.attempts for c in chunks] == [1] * 4
    with django_capture_on_commit_callbacks(execute=True):
        assert tuning.sweep_stalled() == 4  # nobody took them though a worker process was free
    assert sorted(sent) == sorted(c.pk for c in chunks)
    again = list(lost.chunks.order_by("index"))
    assert [c.attempts for c in again] == [2] * 4
    assert [c.sent_at for c in again] == [c.sent_at for c in chunks]  # waiting since the first send


def test_a_queued_tuning_chunk_waits_its_turn_while_every_worker_is_busy(lost: TuningRun, settings) -> None:
    first, second, *_ = lost.chunks.order_by("index")
    TuningChunk.objects.filter(pk__in=[first.pk, second.pk]).update(
        status=TuningChunk.Status.RUNNING, updated_at=timezone.now()
    )
    assert tuning.sweep_stalled() == 0  # two processes, both playing: the other two only wait
    assert resending.not_started() == (0, 0.0)
    TuningChunk.objects.filter(pk=first.pk).update(updated_at=timezone.now() - timedelta(minutes=1))
    settings.GOLDFISH_WORKER_PROCESSES = 3  # second still busy, but now a process is free
    assert tuning.sweep_stalled() == 3  # the one whose worker died, and the two nobody took
    assert TuningChunk.objects.get(pk=second.pk).status == TuningChunk.Status.RUNNING


def test_a_goldfish_chunk_at_work_is_a_busy_worker_for_the_tuning_too(lost: TuningRun, settings) -> None:
    settings.GOLDFISH_WORKER_PROCESSES = 1
    other = SimulationRun.objects.create(
        deck=lost.deck, deck_snapshot=lost.deck_snapshot, params={}, seed=1, games=10
    )
    SimulationChunk.objects.create(
        run=other, index=0, going="first", first_game=0, games=10, status=SimulationChunk.Status.RUNNING
    )
    assert tuning.sweep_stalled() == 0


def test_a_tuning_chunk_no_worker_starts_is_given_up_after_the_last_attempt(
    lost: TuningRun, django_capture_on_commit_callbacks
) -> None:
    for _ in range(2):  # sends 2 and 3
        with django_capture_on_commit_callbacks(execute=True):
            assert tuning.sweep_stalled() == 4
        stall_all(lost)
    assert tuning.sweep_stalled() == 0
    assert (stored(lost).status, stored(lost).error) == (
        Status.FAILED,
        "Chunk 0 was sent to the workers 3 times and never finished; the last time no worker started it "
        "(the workers are not taking work). Start the tuning again later.",
    )
    assert tuning.sweep_stalled() == 0  # a failed tuning is not looked after any more


def test_a_tuning_chunk_delivered_again_past_the_limit_fails_its_run(lost: TuningRun) -> None:
    chunk = lost.chunks.order_by("index").last()
    TuningChunk.objects.filter(pk=chunk.pk).update(status=TuningChunk.Status.RUNNING, attempts=3)
    run_tuning_chunk.apply(args=(chunk.pk,))  # its worker process died three times
    assert (stored(lost).status, stored(lost).error) == (
        Status.FAILED,
        f"Chunk {chunk.index} was sent to the workers 3 times and never finished; the last time its worker "
        "stopped. Start the tuning again later.",
    )
    assert TuningChunk.objects.get(pk=chunk.pk).variants_done == 0  # nothing was played


def test_a_tuning_chunk_delivered_again_is_one_more_attempt(lost: TuningRun) -> None:
    chunk = lost.chunks.order_by("index").first()
    TuningChunk.objects.filter(pk=chunk.pk).update(status=TuningChunk.Status.RUNNING, attempts=2)
    run_tuning_chunk.apply(args=(chunk.pk,))
    done = TuningChunk.objects.get(pk=chunk.pk)
    assert (done.status, done.attempts, done.variants_done) == (TuningChunk.Status.DONE, 3, chunk.count)


def test_refusals_say_why(dead_deck: Deck, sent: list[int]) -> None:
    with pytest.raises(tuning.runs.RunRefused, match="T9-999"):
        tuning.enqueue_tuning(dead_deck, candidates=["T9-999"], games=GAMES)
    with pytest.raises(tuning.runs.RunRefused, match="No candidate"):
        tuning.enqueue_tuning(dead_deck, candidates=["T1-001"], games=GAMES)  # a fourth copy
    start(dead_deck)
    with pytest.raises(tuning.runs.RunRefused, match="already have a tuning"):
        start(dead_deck)


# ---- the command ----


def deck_file(tmp_path: Path, deck: Deck) -> Path:
    path = tmp_path / "deck.json"
    path.write_text(json.dumps(deck_to_engine(deck).to_dict()), encoding="utf-8")
    return path


def test_the_command_ranks_in_process(dead_deck: Deck, tmp_path: Path, capsys) -> None:
    path = deck_file(tmp_path, dead_deck)
    call_command("tune", str(path), "--candidates", "T1-900", "--games", str(GAMES), "--seed", "3", "--json")
    data = json.loads(capsys.readouterr().out)
    top = data["rankings"]["mean"][0]
    assert (top["cut"], top["add"], top["beyond_chance"]) == ("U-001", "T1-900", True)
    assert data["correction"] == "holm" and data["settings"]["goings"] == ["first", "second"]
    call_command("tune", str(path), "--candidates", "T1-900", "--games", "200", "--top", "3")
    out = capsys.readouterr().out
    assert "opponent who does nothing" in out and out.count(" chance\n") == 3  # --top 3: three swaps


def test_the_command_refuses_an_unknown_candidate(dead_deck: Deck, tmp_path: Path, capsys) -> None:
    with pytest.raises(SystemExit) as exit_:
        call_command("tune", str(deck_file(tmp_path, dead_deck)), "--candidates", "T9-999")
    assert exit_.value.code == 2 and "T9-999" in capsys.readouterr().err


# ---- the API ----


def test_the_api_starts_reads_and_cancels(dead_deck: Deck, owner: User, sent: list[int]) -> None:
    _, key = create_token(owner, "tests")
    auth = {"Authorization": f"Bearer {key}"}
    url = f"{API}/decks/{dead_deck.share_id}/tunings"
    response = Client().post(
        url,
        {"candidates": ["T1-900"], "games_per_order": 200, "seed": 3},
        content_type="application/json",
        headers=auth,
    )
    assert response.status_code == 201, response.content
    body = response.json()
    assert (body["status"], body["variants"], body["variants_done"]) == ("queued", 17, 0)
    got = Client().get(f"{url}/{body['tuning']}", headers=auth).json()
    assert got["tuning"] == body["tuning"] and got["result"] is None
    cancelled = Client().post(f"{url}/{body['tuning']}/cancel", headers=auth)
    assert cancelled.json()["status"] == "cancelled"
    # Another user's key may not start one on this deck.
    _, other = create_token(User.objects.create_user("other", password="other-long-password-1"), "tests")
    refused = Client().post(
        url, {}, content_type="application/json", headers={"Authorization": f"Bearer {other}"}
    )
    assert refused.status_code in (403, 404)


# ---- the pages ----


def test_the_tune_tab_starts_a_tuning_and_shows_its_progress(
    dead_deck: Deck, owner: User, sent: list[int]
) -> None:
    client = Client()
    client.force_login(owner)
    page = client.get(f"/d/{dead_deck.share_id}/tune/")
    assert page.status_code == 200 and b"Find swaps" in page.content
    response = client.post(f"/d/{dead_deck.share_id}/tune/", {"candidates": "T1-900", "games": "200"})
    assert response.status_code == 302
    run = TuningRun.objects.get(deck=dead_deck)
    status = client.get(response["Location"], headers={"HX-Request": "true"})
    assert (
        b'<progress id="tune-progress" value="0" max="17"' in status.content and b"Cancel" in status.content
    )
    for chunk in run.chunks.all():
        run_tuning_chunk.apply(args=(chunk.pk,))
    done = client.get(response["Location"]).content.decode()
    assert "hx-trigger" not in done and "Dead weight" in done
    assert done.index("Test U-001") < done.index("Test T1-001")  # the dead card's swap is listed first
    by_share = client.get(response["Location"] + "?by=share").content.decode()
    assert by_share.index("Test U-001") < by_share.index("Test T1-001")


def test_only_the_owner_starts_or_cancels(dead_deck: Deck, sent: list[int]) -> None:
    dead_deck.visibility = "public"
    dead_deck.save()
    visitor = Client()
    assert b"Find swaps" not in visitor.get(f"/d/{dead_deck.share_id}/tune/").content
    assert visitor.post(f"/d/{dead_deck.share_id}/tune/", {"candidates": "T1-900"}).status_code == 404
    run = start(dead_deck)
    assert visitor.post(f"/d/{dead_deck.share_id}/tune/{run.pk}/cancel").status_code == 404
    assert stored(run).status == Status.QUEUED


# ---- the player's groups: their exact odds beside each swap ----


def test_the_odds_panels_groups_come_along_to_every_answer(
    dead_deck: Deck, owner: User, sent, tmp_path, capsys
) -> None:
    # By turn t going first a hand has seen s = 5 + 1 + 2(t - 1) of the 50 cards; at least one of the 3
    # dead Summons: 1 - C(47, s)/C(50, s), and once one is cut 1 - C(48, s)/C(50, s).
    from math import comb

    client = Client()
    client.force_login(owner)
    query = "pick=A:U-001&k_A=1"
    form = client.get(f"/d/{dead_deck.share_id}/tune/?{query}").content.decode()
    assert '<input type="hidden" name="pick" value="A:U-001">' in form and "Test U-001" in form
    response = client.post(
        f"/d/{dead_deck.share_id}/tune/",
        {"candidates": "T1-900", "games": "300", "pick": "A:U-001", "k_A": "1"},
    )
    run = TuningRun.objects.get(deck=dead_deck)
    assert run.settings["groups"] == [{"cards": ["U-001"], "at_least": 1}]
    for chunk in run.chunks.all():
        run_tuning_chunk.apply(args=(chunk.pk,))
    run.refresh_from_db()
    turn = run.result["baseline"]["typical_turn"]
    seen = 5 + 1 + 2 * (turn - 1)
    deck_odds, cut_odds = 1 - comb(47, seen) / comb(50, seen), 1 - comb(48, seen) / comb(50, seen)
    assert run.result["baseline"]["odds"]["groups"] == pytest.approx(deck_odds)
    dead_swap = next(v for v in run.result["rankings"]["mean"] if v["cut"] == "U-001")
    assert dead_swap["odds"]["groups"] == pytest.approx(cut_odds)
    page = client.get(response["Location"]).content.decode()
    assert f"your groups: {deck_odds * 100:.0f}% → {cut_odds * 100:.0f}%" in page

    call_command("tune", str(deck_file(tmp_path, dead_deck)), "--candidates", "T1-900", "--games", "300",
                 "--group", "U-001:1", "--json")  # fmt: skip
    data = json.loads(capsys.readouterr().out)
    seen = 5 + 1 + 2 * (data["baseline"]["typical_turn"] - 1)  # its own seed: its own typical turn
    assert data["baseline"]["odds"]["groups"] == pytest.approx(1 - comb(47, seen) / comb(50, seen))

    TuningRun.objects.all().delete()
    _, key = create_token(owner, "tests")
    body = (
        Client()
        .post(
            f"{API}/decks/{dead_deck.share_id}/tunings",
            {
                "candidates": ["T1-900"],
                "games_per_order": 300,
                "groups": [{"cards": ["U-001"], "at_least": 1}],
            },
            content_type="application/json",
            headers={"Authorization": f"Bearer {key}"},
        )
        .json()
    )
    assert body["settings"]["groups"] == [{"cards": ["U-001"], "at_least": 1}]


@pytest.mark.django_db(transaction=True)  # the heartbeat thread has its own connection: it must see the rows
def test_the_heartbeat_goes_on_while_the_deck_itself_is_played(
    fftcg, dead_deck: Deck, sent, monkeypatch
) -> None:
    # A worker's first game of a kind may compile the simulator for minutes before the first swap reports:
    # its chunk must not look stalled meanwhile.
    monkeypatch.setattr(tuning, "BEAT_SECONDS", 0.05)
    run = start(dead_deck)
    chunk = run.chunks.order_by("index").first()
    build = tune.Tuner.__init__
    beats = []

    def slow_build(self, *args, **kwargs):
        before = TuningChunk.objects.get(pk=chunk.pk).updated_at  # as the chunk started
        time.sleep(0.5)  # as a compile would, only shorter
        beats.append((before, TuningChunk.objects.get(pk=chunk.pk).updated_at))
        build(self, *args, **kwargs)

    monkeypatch.setattr(tune.Tuner, "__init__", slow_build)
    run_tuning_chunk.apply(args=(chunk.pk,))
    ((before, during),) = beats
    assert during > before  # written by the heartbeat alone: nothing else writes while the deck is played
