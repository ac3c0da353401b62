"""backup_decks and restore_decks: a round trip gives back every deck, finished run, game log and collection;
twice is once."""

from __future__ import annotations

import json
from datetime import date
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command

from decks import convert
from decks.builder import services
from decks.maintenance.backup import GAME_FIELDS
from decks.models import Collection, Deck, GameRecordShown, OwnedCard, PlayedGame, SimulationRun


@pytest.fixture
def world(db) -> dict[str, Any]:
    """Alice's private deck, Bob's public fork of it, a visitor's unlisted deck, and runs in every state."""
    call_command("loadsamples", verbosity=0)
    alice = User.objects.create_user("alice", password="pw-alice-1")
    bob = User.objects.create_user("bob")
    sample = Deck.objects.get(game_id="gbf", owner__isnull=True)

    def copy(name: str, **fields: Any) -> Deck:
        deck = Deck.objects.create(game_id="gbf", format=sample.format, name=name, **fields)
        for e in sample.entries.all():
            deck.entries.create(card_id=e.card_id, section=e.section, count=e.count)
        return deck

    private = copy("Alice's", owner=alice, visibility="private", description="Notes ✓")
    fork = copy("Bob's fork", owner=bob, visibility="public", forked_from=private)
    visitor = copy("Visitor's", session_key="s" * 32, visibility="unlisted")
    done = SimulationRun.objects.create(
        deck=private, deck_snapshot={"game": "gbf"}, params={"goings": ["first"]}, seed=5, games=100,
        games_done=100, status="done", result={"first": {"games": 100}},
    )  # fmt: skip
    failed = SimulationRun.objects.create(
        deck=fork,
        deck_snapshot={},
        params={},
        seed=6,
        games=10,
        status="failed",
        error="Chunk 0 failed: boom",
    )
    running = SimulationRun.objects.create(
        deck=fork, deck_snapshot={}, params={}, seed=7, games=10, status="running"
    )
    return {"decks": [sample, private, fork, visitor], "runs": [done, failed], "running": running}


def snapshot() -> dict[str, Any]:
    """Everything a backup promises to keep, by share id."""
    decks = {
        d.share_id: (
            d.owner.username if d.owner else None,
            d.session_key,
            d.visibility,
            d.description,
            d.forked_from.share_id if d.forked_from else None,
            d.created_at,
            convert.deck_to_engine(d).to_dict(),
        )
        for d in Deck.objects.select_related("owner", "forked_from")
    }
    runs = sorted(
        (r.deck.share_id, r.status, r.seed, r.games, r.games_done, r.result, r.error, r.params, r.created_at)
        for r in SimulationRun.objects.filter(status__in=SimulationRun.FINISHED).select_related("deck")
    )
    return {"decks": decks, "runs": runs}


def test_a_round_trip_gives_back_every_deck_and_finished_run(world, tmp_path: Path) -> None:
    before = snapshot()
    backup = tmp_path / "decks.jsonl"
    call_command("backup_decks", str(backup))
    lines = [json.loads(line) for line in backup.read_text().splitlines()]
    assert [line["kind"] for line in lines].count("deck") == Deck.objects.count()
    assert [line["kind"] for line in lines].count("run") == 2  # the running one is not a result yet

    Deck.objects.all().delete()
    User.objects.filter(username="bob").delete()
    call_command("restore_decks", str(backup))

    assert snapshot() == before
    bob = User.objects.get(username="bob")
    assert bob.has_usable_password() is False
    assert User.objects.get(username="alice").check_password("pw-alice-1") is True


def test_restoring_twice_changes_nothing(world, tmp_path: Path, capsys) -> None:
    backup = tmp_path / "decks.jsonl"
    call_command("backup_decks", str(backup))
    versions = dict(Deck.objects.values_list("share_id", "version"))

    call_command("restore_decks", str(backup))
    call_command("restore_decks", str(backup))

    assert dict(Deck.objects.values_list("share_id", "version")) == versions
    assert SimulationRun.objects.count() == 3
    assert (
        f"{len(versions)} unchanged. Cards added from the backup: 0. Runs: 0 created, 2 already present"
        in (capsys.readouterr().out)
    )


def test_a_restore_undoes_later_changes_to_a_deck(world, tmp_path: Path) -> None:
    backup = tmp_path / "decks.jsonl"
    call_command("backup_decks", str(backup))
    private = world["decks"][1]
    before = convert.deck_to_engine(private).to_dict()
    private.entries.all().delete()
    Deck.objects.filter(pk=private.pk).update(visibility="public")

    call_command("restore_decks", str(backup))

    private.refresh_from_db()
    assert private.visibility == "private"
    assert convert.deck_to_engine(private).to_dict() == before


def test_bad_lines_are_reported_and_the_rest_restored(world, tmp_path: Path, capsys) -> None:
    backup = tmp_path / "decks.jsonl"
    call_command("backup_decks", str(backup))
    lines = backup.read_text().splitlines()
    deck_line = json.loads(lines[1])
    deck_line["share_id"] = "unknown-cards"
    deck_line["deck"]["sections"]["main"][0]["card"] = "ZZ-999"
    deck_line["deck"]["cards"]["ZZ-999"] = deck_line["deck"]["cards"][next(iter(deck_line["deck"]["cards"]))]
    backup.write_text("\n".join([*lines, "{not json", json.dumps(deck_line), '{"kind": "mystery"}']) + "\n")
    decks = Deck.objects.count()
    Deck.objects.all().delete()

    with pytest.raises(SystemExit) as exited:
        call_command("restore_decks", str(backup))

    assert exited.value.code == 1
    err = capsys.readouterr().err
    assert f"line {len(lines) + 1}: JSONDecodeError" in err
    assert "no known 'kind'" in err
    assert Deck.objects.count() == decks + 1
    # A card the table lacks comes from the line's own card data: the deck is not lost.
    restored = Deck.objects.get(share_id="unknown-cards")
    assert restored.entries.filter(card__number="ZZ-999").exists()


def test_a_restore_into_a_fresh_database_keeps_decks_of_hand_entered_cards(world, tmp_path, capsys) -> None:
    """A maintainer's card is in no official list: the backup's deck line carries it back."""
    from decks.models import Card

    private = world["decks"][1]
    hand_made = Card.objects.create(
        game_id="gbf", number="HM-001", base_number="HM-001", name="Hand-made crew", type="crew",
        card_set=Card.objects.filter(game_id="gbf").first().card_set, data={"rank": 1, "atk": 2, "hp": 3},
    )  # fmt: skip
    private.entries.create(card=hand_made, section="main", count=1)
    backup = tmp_path / "decks.jsonl"
    call_command("backup_decks", str(backup))
    capsys.readouterr()
    expected = snapshot()
    SimulationRun.objects.all().delete()
    Deck.objects.all().delete()
    Card.objects.filter(number="HM-001").delete()

    call_command("restore_decks", str(backup))

    out = capsys.readouterr().out
    created = Deck.objects.count()
    assert f"Decks: {created} created, 0 updated, 0 unchanged. Cards added from the backup: 1." in out
    assert created == len(expected["decks"])
    assert snapshot()["decks"] == expected["decks"]


def test_it_writes_to_standard_output(world, capsys) -> None:
    call_command("backup_decks", "-")
    out = capsys.readouterr().out.splitlines()
    assert json.loads(out[0])["kind"] == "backup"
    assert len(out) == 1 + Deck.objects.count() + 2


@pytest.fixture
def logged(world) -> dict[str, Any]:
    """Alice's deck with a version, three logged games (one on that version, an event game noted in full,
    one without a version) and its record shown; collections of Alice (two games) and Bob."""
    private = world["decks"][1]
    version = services.record_version(private)
    games = [
        PlayedGame(deck=private, deck_version=version, result="win", played_on=date(2026, 11, 1)),
        PlayedGame(
            deck=private, deck_version=version, result="draw", played_on=date(2026, 11, 2), kind="event",
            event="Locals ✓", went_first=False, mulliganed=True, last_turn=7, opponent="Lyria",
            archetype="Control", notes="Two lines\nof notes",
        ),
        PlayedGame(deck=private, deck_version=None, result="loss", played_on=date(2026, 11, 3)),
    ]  # fmt: skip
    PlayedGame.objects.bulk_create(games)
    GameRecordShown.objects.create(deck=private)
    for user, cards in (("alice", {"gbf": {"GB1-001": 3, "GB1-002": 1}, "fftcg": {"1-001": 2}}),
                        ("bob", {"gbf": {"GB1-001": 4}})):  # fmt: skip
        collection = Collection.objects.create(user=User.objects.get(username=user))
        for game_id, counts in cards.items():
            for base, count in counts.items():
                collection.cards.create(game_id=game_id, base_number=base, count=count)
    return {"deck": private, "version": version}


def logs_and_collections() -> dict[str, Any]:
    games = sorted(
        (g.deck.share_id, g.deck_version.number if g.deck_version else 0,
         *(getattr(g, name) for name in GAME_FIELDS))
        for g in PlayedGame.objects.select_related("deck", "deck_version")
    )  # fmt: skip  # 0: no version
    shown = sorted(GameRecordShown.objects.values_list("deck__share_id", flat=True))
    owned = sorted(
        OwnedCard.objects.values_list("collection__user__username", "game_id", "base_number", "count")
    )
    return {"games": games, "shown": shown, "owned": owned}


def test_a_round_trip_gives_back_the_game_logs_and_collections(logged, tmp_path: Path, capsys) -> None:
    before = logs_and_collections()
    assert len(before["games"]) == 3 and len(before["owned"]) == 4
    backup = tmp_path / "decks.jsonl"
    call_command("backup_decks", str(backup))
    kinds = [json.loads(line)["kind"] for line in backup.read_text().splitlines()]
    assert kinds.count("game_log") == 1 and kinds.count("collection") == 2

    Deck.objects.all().delete()  # the logs and the shown setting go with the decks
    Collection.objects.all().delete()
    User.objects.filter(username="bob").delete()
    capsys.readouterr()
    call_command("restore_decks", str(backup))

    # Restored into decks made afresh: version 1 of Alice's deck holds the list the games were played
    # with, so they keep their version.
    assert logs_and_collections() == before
    out = capsys.readouterr().out
    assert "Game logs: 1 restored, 0 unchanged. Collections: 2 restored, 0 unchanged." in out
    assert "without their deck version" not in out


def test_restoring_the_logs_and_collections_twice_changes_nothing(logged, tmp_path: Path, capsys) -> None:
    backup = tmp_path / "decks.jsonl"
    call_command("backup_decks", str(backup))
    ids = sorted(PlayedGame.objects.values_list("pk", flat=True))
    call_command("restore_decks", str(backup))
    capsys.readouterr()
    call_command("restore_decks", str(backup))
    assert (
        "Game logs: 0 restored, 1 unchanged. Collections: 0 restored, 2 unchanged." in capsys.readouterr().out
    )
    assert sorted(PlayedGame.objects.values_list("pk", flat=True)) == ids  # the API's ids stay


def test_a_restore_undoes_later_changes_to_a_log_and_a_collection(logged, tmp_path: Path) -> None:
    before = logs_and_collections()
    backup = tmp_path / "decks.jsonl"
    call_command("backup_decks", str(backup))
    PlayedGame.objects.filter(result="win").delete()
    PlayedGame.objects.create(deck=logged["deck"], result="loss", notes="later")
    GameRecordShown.objects.all().delete()
    OwnedCard.objects.filter(collection__user__username="bob").update(count=1)
    OwnedCard.objects.filter(base_number="1-001").delete()

    call_command("restore_decks", str(backup))

    assert logs_and_collections() == before


def test_a_game_keeps_no_version_where_no_version_holds_its_list(logged, tmp_path: Path, capsys) -> None:
    """A backup holds each deck's current list: a game played with an earlier list cannot be matched."""
    private = logged["deck"]
    private.entries.filter(section="main").first().delete()
    services.record_version(private, fold=False)  # version 2, the list now; the games were on version 1
    backup = tmp_path / "decks.jsonl"
    call_command("backup_decks", str(backup))
    Deck.objects.all().delete()
    capsys.readouterr()

    call_command("restore_decks", str(backup))

    restored = Deck.objects.get(share_id=private.share_id)
    assert list(restored.versions.values_list("number", flat=True)) == [1]  # holding the list now
    assert list(PlayedGame.objects.filter(deck=restored).values_list("deck_version", flat=True)) == [None] * 3
    assert "Logged games restored without their deck version: 2" in capsys.readouterr().out


def test_a_bad_game_log_or_collection_line_is_a_problem_and_saves_nothing(logged, tmp_path: Path) -> None:
    backup = tmp_path / "decks.jsonl"
    lines = [
        {"kind": "game_log", "deck": logged["deck"].share_id, "shown": False, "versions": {},
         "games": [dict.fromkeys(GAME_FIELDS) | {"result": "won", "played_on": "2026-11-01",
                   "version": None}]},
        {"kind": "collection", "user": "alice", "cards": {"chess": {"e4": 1}}},
    ]  # fmt: skip
    backup.write_text("".join(json.dumps(line) + "\n" for line in lines))
    before = logs_and_collections()
    with pytest.raises(SystemExit):
        call_command("restore_decks", str(backup))
    assert logs_and_collections() == before
