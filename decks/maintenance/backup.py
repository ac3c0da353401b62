"""Backups of every deck and every finished goldfish run, as JSON lines, and their restore.

One line per record, so a backup streams in and out at any size and a damaged line loses one record:

    {"kind": "backup", "format": 1, "created_at": "..."}
    {"kind": "deck", "share_id": ..., "owner": "alice" | null, "session_key": "", "visibility": ...,
     "description": ..., "forked_from": share_id | null, "created_at": ..., "deck": <deck file>}
    {"kind": "run", "deck": share_id, "status": "done", "seed": ..., "games": ..., "result": {...}, ...}

The deck file (docs/deck-file.md) carries the printed data of its cards, so a backup reads on
its own; a restore links the cards to the card table by number, and adds from the line any card the
table lacks (one a maintainer entered by hand, say), so no deck is lost for want of its cards. Restoring
is idempotent: a deck is found by its share id and made to match the line; a run by its deck, seed and
creation time. The counts are of what was written: a line that fails counts only as a problem.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.contrib.auth import get_user_model
from django.db import transaction
from django.utils import timezone
from django.utils.dateparse import parse_datetime

import engine
from decks import convert
from decks.builder import services
from decks.maintenance.importing import import_cards
from decks.models import Card, Deck, SimulationRun
from engine.importers.records import ImportedCard, ParseResult

FORMAT = 1
RUN_FIELDS = ("status", "error", "seed", "games", "games_done", "params", "result", "deck_snapshot")
RUN_TIMES = ("created_at", "started_at", "finished_at")


class BackupError(ValueError):
    """A backup line that cannot be read or restored; the message says which and why."""


@dataclass
class Restored:
    decks_created: int = 0
    decks_updated: int = 0
    decks_unchanged: int = 0
    cards_created: int = 0
    runs_created: int = 0
    runs_present: int = 0
    users_created: list[str] = field(default_factory=list)
    problems: list[str] = field(default_factory=list)


def export_lines() -> Iterator[str]:
    """Every deck, then every finished run, one JSON document per line (no newline)."""
    yield _dumps({"kind": "backup", "format": FORMAT, "created_at": timezone.now().isoformat()})
    decks = Deck.objects.select_related("owner", "forked_from").order_by("pk")
    for deck in decks.iterator(chunk_size=200):
        yield _dumps(
            {
                "kind": "deck",
                "share_id": deck.share_id,
                "owner": deck.owner.get_username() if deck.owner else None,
                "session_key": deck.session_key,
                "visibility": deck.visibility,
                "description": deck.description,
                "forked_from": deck.forked_from.share_id if deck.forked_from else None,
                "created_at": deck.created_at.isoformat(),
                "deck": convert.deck_to_engine(deck).to_dict(),
            }
        )
    finished = SimulationRun.objects.filter(status__in=SimulationRun.FINISHED).select_related("deck")
    for run in finished.order_by("pk").iterator(chunk_size=200):
        line: dict[str, Any] = {"kind": "run", "deck": run.deck.share_id}
        line.update({name: getattr(run, name) for name in RUN_FIELDS})
        line.update({name: _iso(getattr(run, name)) for name in RUN_TIMES})
        yield _dumps(line)


def restore_lines(lines: Iterable[str]) -> Restored:
    """Restore decks and runs from backup lines; a line that fails is reported and the rest go on."""
    done = Restored()
    forks: dict[str, str] = {}
    for number, text in enumerate(lines, start=1):
        if not text.strip():
            continue
        try:
            record = json.loads(text)
            kind = record.get("kind") if isinstance(record, dict) else None
            if kind == "backup":
                if record.get("format") != FORMAT:
                    raise BackupError(f"backup format {record.get('format')!r}; this reads {FORMAT}")
            elif kind == "deck":
                _restore_deck(record, done)
                if record.get("forked_from"):
                    forks[record["share_id"]] = record["forked_from"]
            elif kind == "run":
                _restore_run(record, done)
            else:
                raise BackupError("not a backup record (no known 'kind')")
        except (ValueError, KeyError, TypeError) as e:  # json, engine, BackupError: all ValueErrors
            done.problems.append(f"line {number}: {type(e).__name__}: {e}")
    # Forks point at decks that may come later in the file: link them once every deck is in.
    for share_id, source in forks.items():
        Deck.objects.filter(share_id=share_id).update(
            forked_from=Deck.objects.filter(share_id=source).values("pk")[:1]
        )
    return done


def _restore_deck(record: dict[str, Any], done: Restored) -> None:
    """One deck line, all or nothing; `done` counts it only once it is written."""
    counted = Restored()
    with transaction.atomic():
        _write_deck(record, counted)
    done.decks_created += counted.decks_created
    done.decks_updated += counted.decks_updated
    done.decks_unchanged += counted.decks_unchanged
    done.cards_created += counted.cards_created
    done.users_created += counted.users_created


def _write_deck(record: dict[str, Any], done: Restored) -> None:
    contents = engine.load_deck(record["deck"])
    done.cards_created += _add_missing_cards(contents)
    share_id = str(record["share_id"])
    owner = _user(record.get("owner"), done)
    deck = Deck.with_deleted.filter(share_id=share_id).first()  # a deck deleted since comes back
    if deck is None:
        # The share id is the deck's identity in every link, so it is kept; services.create_deck
        # would draw a new one. Everything after the identity goes through the write path.
        deck = Deck.objects.create(
            share_id=share_id,
            game_id=contents.game,
            format=contents.format,
            name=contents.name or "Restored deck",
            owner=owner,
            session_key="" if owner else str(record.get("session_key") or ""),
        )
        done.decks_created += 1
    else:
        if deck.game_id != contents.game:
            raise BackupError(f"deck {share_id} is {deck.game_id} here and {contents.game} in the backup")
        if deck.deleted_at is None and _same(deck, record, contents, owner):
            done.decks_unchanged += 1
            return
        Deck.with_deleted.filter(pk=deck.pk).update(
            owner=owner, session_key="" if owner else str(record.get("session_key") or ""), deleted_at=None
        )
        done.decks_updated += 1
    services.replace_cards(deck, contents)
    services.update_details(
        deck,
        name=contents.name or deck.name,
        description=str(record.get("description") or ""),
        visibility=record["visibility"],
        format=contents.format,
    )
    if created_at := parse_datetime(str(record.get("created_at") or "")):
        Deck.objects.filter(pk=deck.pk).update(created_at=created_at)


def _add_missing_cards(contents: engine.Deck) -> int:
    """Store, from the deck file's own card data, the cards the card table does not have; return how many.
    A card the table has is left as it is: the official lists and the maintainers own that data."""
    rules = engine.get_game(contents.game)
    have = set(
        Card.objects.filter(game_id=contents.game, number__in=contents.cards).values_list("number", flat=True)
    )
    missing = [
        ImportedCard(card=card, base_number=rules.base_number(number))
        for number, card in sorted(contents.cards.items())
        if number not in have
    ]
    if not missing:
        return 0
    summary = import_cards(contents.game, ParseResult(cards=missing))
    if summary.rejected:
        raise BackupError(
            f"cards the deck needs could not be stored: {'; '.join(map(str, summary.rejected))}"
        )
    return len(missing)


def _same(deck: Deck, record: dict[str, Any], contents: engine.Deck, owner: Any) -> bool:
    """Whether the deck already is what the line says, so that restoring twice changes nothing."""
    return (
        deck.owner_id == (owner.pk if owner else None)
        and deck.visibility == record["visibility"]
        and deck.description == str(record.get("description") or "")
        and convert.deck_to_engine(deck).to_dict() == contents.to_dict()
    )


def _restore_run(record: dict[str, Any], done: Restored) -> None:
    deck = Deck.objects.filter(share_id=record["deck"]).first()
    if deck is None:
        raise BackupError(f"run of deck {record['deck']}, which is neither here nor earlier in the backup")
    if record["status"] not in SimulationRun.FINISHED:
        raise BackupError(f"run status {record['status']!r}; a backup holds finished runs only")
    times = {name: parse_datetime(record[name]) if record.get(name) else None for name in RUN_TIMES}
    if times["created_at"] is None:
        raise BackupError("run without created_at, which identifies it")
    if SimulationRun.objects.filter(deck=deck, seed=record["seed"], created_at=times["created_at"]).exists():
        done.runs_present += 1
        return
    run = SimulationRun.objects.create(deck=deck, **{name: record[name] for name in RUN_FIELDS})
    # created_at is auto_now_add: set it (and the others) after the insert.
    SimulationRun.objects.filter(pk=run.pk).update(**{k: v for k, v in times.items() if v is not None})
    done.runs_created += 1


def _user(username: Any, done: Restored) -> Any:
    """The owner by username; one missing here is created without a password (they reset it)."""
    if not username:
        return None
    User = get_user_model()  # noqa: N806
    user = User.objects.filter(**{User.USERNAME_FIELD: username}).first()
    if user is None:
        user = User(**{User.USERNAME_FIELD: username})
        user.set_unusable_password()
        user.save()
        done.users_created.append(str(username))
    return user


def _iso(value: datetime | None) -> str | None:
    return value.isoformat() if value else None


def _dumps(record: dict[str, Any]) -> str:
    return json.dumps(record, ensure_ascii=False, separators=(",", ":"))
