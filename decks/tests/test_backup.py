"""backup_decks and restore_decks: a round trip gives back every deck and finished run, twice is once."""

from __future__ import annotations

import json
from pathlib import Path
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command

from decks import convert
from decks.models import Deck, SimulationRun


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
