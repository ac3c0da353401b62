"""Backups of every deck, every finished goldfish run, every deck's log of real games and every
collection, as JSON lines, and their restore.

One line per record, so a backup streams in and out at any size and a damaged line loses one record:

    {"kind": "backup", "format": 1, "created_at": "..."}
    {"kind": "deck", "share_id": ..., "owner": "alice" | null, "session_key": "", "visibility": ...,
     "description": ..., "forked_from": share_id | null, "created_at": ..., "deck": <deck file>}
    {"kind": "run", "deck": share_id, "status": "done", "seed": ..., "games": ..., "result": {...}, ...}
    {"kind": "game_log", "deck": share_id, "shown": false, "games": [{"played_on": ..., "result": ...,
     "version": 2, ...}], "versions": {"2": {"format": ..., "cards": {section: {card: count}}}}}
    {"kind": "collection", "user": "alice", "cards": {game: {base number: count}}}

A backup holds each deck's current list, not its history, so a logged game names its version by number
and by the list that version held: a restore gives the game the deck's version holding that list (the
same number first), and restores it without a version, counted, when the deck holds no such version.

The deck file (docs/deck-file.md) carries the printed data of its cards, so a backup reads on
its own; a restore links the cards to the card table by number, and adds from the line any card the
table lacks (one a maintainer entered by hand, say), so no deck is lost for want of its cards. Restoring
is idempotent: a deck is found by its share id and made to match the line; a run by its deck, seed and
creation time; a deck's log and a user's collection are made to match their lines (left as they are when
they already do). The counts are of what was written: a line that fails counts only as a problem.
"""

from __future__ import annotations

import json
from collections.abc import Iterable, Iterator
from dataclasses import dataclass, field
from datetime import datetime
from typing import Any

from django.contrib.auth import get_user_model
from django.core.exceptions import ValidationError
from django.db import transaction
from django.db.models import F
from django.utils import timezone
from django.utils.dateparse import parse_datetime

import engine
from decks import convert
from decks.builder import services
from decks.maintenance.importing import import_cards
from decks.models import (
    Card,
    Collection,
    Deck,
    DeckVersion,
    GameRecordShown,
    OwnedCard,
    PlayedGame,
    SimulationRun,
)
from engine.importers.records import ImportedCard, ParseResult

FORMAT = 1
RUN_FIELDS = ("status", "error", "seed", "games", "games_done", "params", "result", "deck_snapshot")
RUN_TIMES = ("created_at", "started_at", "finished_at")
# A logged game's fields as a backup keeps them (its deck and version are kept apart).
GAME_FIELDS = (
    "played_on", "kind", "event", "result", "went_first", "mulliganed", "last_turn", "opponent", "archetype",
    "notes",
)  # fmt: skip


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
    logs_restored: int = 0
    logs_unchanged: int = 0
    games_without_version: int = 0
    collections_restored: int = 0
    collections_unchanged: int = 0
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
    logged = Deck.objects.filter(played_games__isnull=False).distinct().order_by("pk")
    for deck in logged.iterator(chunk_size=200):
        yield _dumps(_game_log_line(deck))
    for collection in Collection.objects.select_related("user").order_by("pk").iterator(chunk_size=200):
        cards: dict[str, dict[str, int]] = {}
        for game_id, base, count in collection.cards.values_list("game_id", "base_number", "count"):
            cards.setdefault(game_id, {})[base] = count
        if cards:
            yield _dumps({"kind": "collection", "user": collection.user.get_username(), "cards": cards})


def _game_log_line(deck: Deck) -> dict[str, Any]:
    games = deck.played_games.select_related("deck_version").order_by("played_on", "pk")
    versions: dict[str, dict[str, Any]] = {}
    out = []
    for game in games:
        fields: dict[str, Any] = {name: getattr(game, name) for name in GAME_FIELDS}
        fields["played_on"] = game.played_on.isoformat()
        version = game.deck_version
        fields["version"] = version.number if version else None
        if version is not None:
            versions[str(version.number)] = {"format": version.format, "cards": version.cards}
        out.append(fields)
    shown = GameRecordShown.objects.filter(deck=deck).exists()
    return {"kind": "game_log", "deck": deck.share_id, "shown": shown, "games": out, "versions": versions}


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
            elif kind == "game_log":
                with transaction.atomic():
                    _restore_game_log(record, done)
            elif kind == "collection":
                with transaction.atomic():
                    _restore_collection(record, done)
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


def _restore_game_log(record: dict[str, Any], done: Restored) -> None:
    """Make the deck's log the line's games, and its record shown or not as the line says."""
    deck = Deck.objects.filter(share_id=record["deck"]).first()
    if deck is None:
        raise BackupError(
            f"game log of deck {record['deck']}, which is neither here nor earlier in the backup"
        )
    versions = {str(n): _version_holding(deck, int(n), v) for n, v in dict(record["versions"]).items()}
    games = []
    for line in record["games"]:
        fields = {name: line[name] for name in GAME_FIELDS}
        number = line["version"]
        version = versions.get(str(number)) if number is not None else None
        if number is not None and version is None:
            done.games_without_version += 1
        games.append(PlayedGame(deck=deck, deck_version=version, **fields))
    for game in games:
        try:
            game.full_clean(exclude=["deck", "deck_version"])
        except ValidationError as e:  # a result, date or turn the log cannot hold
            raise BackupError(f"a logged game the log cannot hold: {'; '.join(e.messages)}") from None
    if record["shown"]:
        GameRecordShown.objects.get_or_create(deck=deck)
    else:
        GameRecordShown.objects.filter(deck=deck).delete()
    if sorted(map(_game_key, deck.played_games.all())) == sorted(map(_game_key, games)):
        done.logs_unchanged += 1
        return
    deck.played_games.all().delete()
    PlayedGame.objects.bulk_create(games)
    done.logs_restored += 1


def _version_holding(deck: Deck, number: int, held: dict[str, Any]) -> DeckVersion | None:
    """The deck's version holding the list a backup's version held: the same number first, then the
    latest one holding it; None when no version of the deck holds it."""
    holding = [
        v for v in deck.versions.order_by("-number") if (v.format, v.cards) == (held["format"], held["cards"])
    ]
    return next((v for v in holding if v.number == number), holding[0] if holding else None)


def _game_key(game: PlayedGame) -> tuple[Any, ...]:
    return (*(str(getattr(game, name)) for name in GAME_FIELDS), game.deck_version_id)


def _restore_collection(record: dict[str, Any], done: Restored) -> None:
    """Make the user's collection the line's counts."""
    user = _user(record["user"], done)
    wanted = {
        (str(game_id), str(base), int(count))
        for game_id, cards in dict(record["cards"]).items()
        for base, count in dict(cards).items()
    }
    if any(game_id not in engine.GAMES or count <= 0 for game_id, _, count in wanted):
        raise BackupError("a collection of a game unknown here, or a count that is not a positive number")
    collection, _ = Collection.objects.select_for_update().get_or_create(user=user)
    if set(collection.cards.values_list("game_id", "base_number", "count")) == wanted:
        done.collections_unchanged += 1
        return
    collection.cards.all().delete()
    OwnedCard.objects.bulk_create(
        OwnedCard(collection=collection, game_id=game_id, base_number=base, count=count)
        for game_id, base, count in wanted
    )
    Collection.objects.filter(pk=collection.pk).update(version=F("version") + 1)  # cached pages follow
    done.collections_restored += 1


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
