"""Store imported cards: an idempotent upsert by (game, base number) that never deletes a card.

`engine.importers` parses; this module reads the files the command is given and writes the rows.
Decks point at card rows, so a re-import updates rows in place and a deck keeps its cards: nothing
here deletes, and a card missing from a later import simply stays.
"""

from __future__ import annotations

import json
from collections.abc import Callable
from dataclasses import dataclass, field
from pathlib import Path
from typing import Any

from django.conf import settings
from django.db import DatabaseError, transaction

import engine
from decks import models
from decks.convert import card_fields_for_row
from engine.games.base import GameRules
from engine.importers import ImportedCard, ParseResult, Rejected, sources
from engine.inputs import clean_name, image_url_problem
from tcgsite.celery import app

Progress = Callable[[int, int], object]  # (cards done, cards in all); what it returns is ignored


class SourceError(ValueError):
    """The file or directory cannot be read as the game's card source; the message says why."""


@dataclass
class ImportSummary:
    added: int = 0
    updated: int = 0
    unchanged: int = 0
    rejected: list[Rejected] = field(default_factory=list)

    def __str__(self) -> str:
        return (
            f"{self.added} added, {self.updated} updated, {self.unchanged} unchanged, "
            f"{len(self.rejected)} rejected"
        )


def read_source(game: str, path: Path, lang: str = "en") -> ParseResult:
    """Parse a card file (or folder) for `game` (engine.importers.sources.read_file); SourceError with
    the reason for one it cannot read."""
    try:
        return sources.read_file(game, path, lang)
    except (OSError, UnicodeDecodeError) as e:
        raise SourceError(f"Cannot read {path}: {e}") from e
    except ValueError as e:
        raise SourceError(f"{path}: {e}") from e
    except KeyError:
        raise SourceError(f"Unknown game {game!r}.") from None


def fetch_official(
    game: str,
    lang: str = "en",
    *,
    log: Callable[[str], None] = lambda _: None,
    delay: float = 1.0,
    series: list[str] | None = None,
    refresh: bool = False,
) -> ParseResult:
    """Fetch and parse the publisher's own card list (FFTCG, DBS FW), caching under var/import/ so
    that an interrupted fetch resumes. Raises SourceError with a message for the user."""
    # Imported here so that a file import never loads the network module.
    from engine.importers import fetch

    cache = Path(settings.BASE_DIR) / "var" / "import"
    fetcher = fetch.Fetcher(delay=delay, log=log)
    try:
        parsed = sources.fetch_list(game, cache, lang, fetcher, series=series or None, refresh=refresh)
        if parsed is not None:
            return parsed
    except OSError as e:
        raise SourceError(f"Fetching failed: {e}. Start the import again to resume.") from e
    except ValueError as e:
        raise SourceError(f"The official source answered something unexpected: {e}") from e
    raise SourceError(
        f"{engine.get_game(game).name} has no public card list to fetch; "
        "enter the cards in our schema (engine/importers/README.md) and import the file."
    )


def import_cards(
    game_id: str, parsed: ParseResult, progress: Progress | None = None, every: int = 100
) -> ImportSummary:
    """Add new cards, update changed ones, count the unchanged; the parser's rejections are passed on.

    A card is matched by (game, base number). Its aliases are merged with the stored ones, an empty
    image URL does not blank a stored one, and a card that cannot be stored (a number taken by another
    card, a value too long for its column) is rejected without stopping the import.
    """
    game = models.Game.objects.get(pk=game_id)
    summary = ImportSummary(rejected=list(parsed.rejected))
    rows: dict[str, models.Card] = {}
    for row in models.Card.objects.filter(game=game).order_by("number"):
        rows.setdefault(row.base_number, row)
    sets = {s.code: s for s in models.CardSet.objects.filter(game=game)}
    total = len(parsed.cards)
    rules = engine.get_game(game_id)
    for position, imported in enumerate(parsed.cards, start=1):
        if problems := card_problems(rules, imported):  # refused here, not when a deck plays it
            summary.rejected.append(Rejected(position, imported.card.number[:40], "; ".join(problems)))
            continue
        try:
            with transaction.atomic():
                outcome = _upsert(game, imported, rows, sets)
        except DatabaseError as e:
            rows.pop(imported.base_number, None)  # the rolled-back row may be stale; reload on next use
            summary.rejected.append(Rejected(position, imported.card.number, f"not stored: {e}"))
        else:
            setattr(summary, outcome, getattr(summary, outcome) + 1)
        if progress is not None and (position % every == 0 or position == total):
            progress(position, total)
    return summary


def card_problems(rules: GameRules, imported: ImportedCard) -> list[str]:
    """Why a card read from a source cannot be stored: its data for the game (its number first), the
    numbers of its other printings, which name it in links too, and its image address, which must be
    https (http as well while DEBUG is on, for a local mirror). Every way a card enters asks this."""
    problems = rules.card_problems(imported.card)
    problems += [p for alias in imported.aliases if (p := rules.number_problem(alias))]
    if problem := image_url_problem(imported.image_url, allow_http=settings.DEBUG):
        problems.append(f"Card {imported.card.number}: {problem}")
    return problems


_COLUMNS: tuple[str, ...] = ("number", "base_number", "aliases", "name", "type", "colors", "cost", "power")
_COLUMNS += ("traits", "keywords", "text", "image_url", "data", "card_set_id")


def _upsert(
    game: models.Game, imported: ImportedCard, rows: dict[str, models.Card], sets: dict[str, models.CardSet]
) -> str:
    card_set = _card_set(game, imported, sets)
    values = card_fields_for_row(imported.card)
    values["data"] = _as_json({**values["data"], **imported.extra})  # type: ignore[dict-item]
    values |= {
        "name": clean_name(imported.card.name),
        "number": imported.card.number,
        "base_number": imported.base_number,
        "image_url": imported.image_url,
        "card_set_id": card_set.pk,
    }
    row = rows.get(imported.base_number)
    if row is None:
        row = models.Card.objects.filter(game=game, base_number=imported.base_number).first()
    if row is None:
        row = models.Card.objects.create(game=game, aliases=list(imported.aliases), **values)
        rows[imported.base_number] = row
        return "added"

    if "effects" in row.data and "effects" not in values["data"]:  # type: ignore[operator]
        values["data"] = {**values["data"], "effects": row.data["effects"]}  # type: ignore[dict-item]  # hand-set: kept
    known = [*row.aliases, row.number]
    aliases = row.aliases + [a for a in imported.aliases if a not in known and a != values["number"]]
    if row.number != values["number"] and row.number not in aliases:
        aliases.append(row.number)  # a deck file may still name the old number
    values["aliases"] = aliases
    if not values["image_url"]:
        values["image_url"] = row.image_url
    changed = [name for name in _COLUMNS if getattr(row, name) != values[name]]
    if not changed:
        return "unchanged"
    for name in changed:
        setattr(row, name, values[name])
    row.save(update_fields=[name.removesuffix("_id") if name == "card_set_id" else name for name in changed])
    return "updated"


def _card_set(game: models.Game, imported: ImportedCard, sets: dict[str, models.CardSet]) -> models.CardSet:
    code = imported.set_code or imported.base_number.split("-")[0]
    card_set = sets.get(code)
    if card_set is None:
        card_set = models.CardSet.objects.create(
            game=game, code=code, name=clean_name(imported.set_name) or code
        )
        sets[code] = card_set
    elif (
        clean_name(imported.set_name) and card_set.name == code
    ):  # a name learnt later replaces the placeholder
        card_set.name = clean_name(imported.set_name)
        card_set.save(update_fields=["name"])
    return card_set


def _as_json(value: Any) -> Any:
    """The value as the JSON column gives it back (tuples as lists), so comparisons are like for like."""
    return json.loads(json.dumps(value, ensure_ascii=False))


def queue_import(game_id: str, *, source: str, path: str = "", lang: str = "en") -> models.ImportJob:
    """Store an import job and send it to a worker once the row is committed (the task by its name:
    decks.tasks imports this module)."""
    job = models.ImportJob.objects.create(game_id=game_id, source=source, path=path, lang=lang)
    transaction.on_commit(lambda: app.send_task("decks.tasks.run_card_import", args=(job.pk,)))
    return job


def run_import_job(job_id: int) -> None:
    """The body of the import task: read or fetch the source, upsert the cards, record the outcome.

    Running it twice is harmless: the upsert is idempotent and an official fetch resumes from its cache.
    """
    job = models.ImportJob.objects.filter(pk=job_id).first()
    if job is None or not job.start():
        return
    try:
        if job.source == models.ImportJob.Source.OFFICIAL:
            parsed = fetch_official(job.game_id, job.lang)
        else:
            parsed = read_source(job.game_id, Path(job.path), job.lang)
        job.record_progress(0, len(parsed.cards))
        summary = import_cards(job.game_id, parsed, progress=job.record_progress)
    except SourceError as e:
        job.fail(str(e))
        return
    except Exception as e:
        job.fail(f"{type(e).__name__}: {e}")
        raise
    job.finish(
        added=summary.added,
        updated=summary.updated,
        unchanged=summary.unchanged,
        rejected=[str(r) for r in summary.rejected],
    )
