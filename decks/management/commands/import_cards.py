"""`python manage.py import_cards GAME (--from-file PATH | --official) [--lang en|ja] [--dry-run]`.

Adds new cards and updates changed ones, matched by (game, base number); never deletes. Bad records
are listed with their reason and skipped. `--dry-run` runs the same import in a transaction it rolls
back, and prints which cards it would add and update and the records it would reject, grouped by
reason. Sources and file schemas: engine/importers/README.md.
"""

import re
import textwrap
from collections.abc import Iterable
from pathlib import Path
from typing import Any

from django.core.management.base import BaseCommand, CommandError, CommandParser
from django.db import transaction

import engine
from decks import models
from decks.maintenance.importing import (
    ImportSummary,
    SourceError,
    fetch_official,
    import_cards,
    read_source,
)
from engine.importers import ParseResult, Rejected

# The columns an import writes; a card whose values change in one of them counts as updated.
_STORED: tuple[str, ...] = (
    "number",
    "aliases",
    "name",
    "type",
    "colors",
    "cost",
    "power",
    "traits",
    "keywords",
    "text",
)
_STORED += ("image_url", "data", "card_set__code")
# A rejection's reason without what names one card, so that one defect of many cards is one group: the
# "Card 1-001H (Name): " a card check begins with, quoted values and anything with a digit in it.
_CARD_PREFIX = re.compile(r"^Card \S+ \(.+?\): (?=\S)")
_QUOTED = re.compile(r"'[^']*'|\"[^\"]*\"")
# A word holding a digit, tried from the start of each word only: from every character, a long word
# without one was scanned again each time (20,000 characters: 4 s).
_WITH_DIGIT = re.compile(r"(?<![^\s(),;:])[^\s(),;:]*\d[^\s(),;:]*")


class Command(BaseCommand):
    help = "Import a game's cards from a file, or from the publisher's site (--official)."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("game", choices=sorted(engine.GAMES), help="the game id")
        source = parser.add_mutually_exclusive_group(required=True)
        source.add_argument(
            "--from-file",
            metavar="PATH",
            help="FFTCG get-cards JSON; DBS FW detail pages or card JSON (file or directory); "
            "GBF / Fire Force in our CSV or JSON schema",
        )
        source.add_argument(
            "--official",
            action="store_true",
            help="fetch from the publisher (FFTCG, DBS FW), politely, resuming from var/import/",
        )
        parser.add_argument("--lang", choices=("en", "ja"), default="en", help="card text language")
        parser.add_argument(
            "--every", type=int, default=100, metavar="N", help="report progress every N cards"
        )
        parser.add_argument("--delay", type=float, default=1.0, help="seconds between requests (--official)")
        parser.add_argument(
            "--series", nargs="*", metavar="ID", help="DBS FW series ids to fetch (default: every series)"
        )
        parser.add_argument("--refresh", action="store_true", help="fetch again what var/import/ already has")
        parser.add_argument(
            "--dry-run",
            action="store_true",
            help="store nothing; print the cards it would add and update, and its rejections by reason",
        )

    def handle(self, *args: object, **options: object) -> None:
        game, lang = str(options["game"]), str(options["lang"])
        if options["from_file"]:
            path = Path(str(options["from_file"]))
            try:
                parsed = read_source(game, path, lang)
            except SourceError as e:
                raise CommandError(str(e)) from e
            doing = "Reading (dry run)" if options["dry_run"] else "Importing"
            self.stdout.write(f"{doing} {engine.get_game(game).name} cards from {path} ...")
        else:
            parsed = self._fetch(game, lang, options)

        total = len(parsed.cards)
        self.stdout.write(f"{total} cards read, {len(parsed.rejected)} records rejected.")
        if options["dry_run"]:
            self._dry_run(game, parsed)
            return
        summary = import_cards(
            game,
            parsed,
            progress=lambda done, n: self.stdout.write(f"  {done}/{n}"),
            every=max(1, int(options["every"])),  # type: ignore[call-overload]
        )
        for rejected in summary.rejected:
            self.stdout.write(self.style.WARNING(f"Rejected {rejected}"))
        self.stdout.write(self.style.SUCCESS(f"Done: {summary}."))

    def _fetch(self, game: str, lang: str, options: dict[str, object]) -> ParseResult:
        try:
            return fetch_official(
                game,
                lang,
                log=self.stdout.write,
                delay=float(options["delay"]),  # type: ignore[arg-type]
                series=list(options["series"] or []),  # type: ignore[call-overload]
                refresh=bool(options["refresh"]),
            )
        except SourceError as e:
            raise CommandError(str(e)) from e

    def _dry_run(self, game: str, parsed: ParseResult) -> None:
        """The import as it would go, in a transaction rolled back: the same checks and comparisons as a
        real import, so what it prints is what the import would do."""
        before = _stored(game)
        with transaction.atomic():
            summary = import_cards(game, parsed)
            after = _stored(game)
            transaction.set_rollback(True)
        read = [base for base in dict.fromkeys(c.base_number for c in parsed.cards) if base in after]
        added = [after[base]["number"] for base in read if base not in before]
        updated = [after[base]["number"] for base in read if base in before and after[base] != before[base]]
        self.stdout.write(f"Dry run, nothing stored: {_would(summary)}.")
        self._list(f"Would add {_cards(len(added))}", added)
        self._list(f"Would update {_cards(len(updated))}", updated)
        if summary.rejected:
            self.stdout.write(f"Would reject {len(summary.rejected)} records, by reason:")
        for kind, records in group_by_reason(summary.rejected):
            self.stdout.write(self.style.WARNING(f"  {len(records)} × {kind}"))
            for rejected in records:
                self.stdout.write(f"      {rejected}")

    def _list(self, heading: str, numbers: list[str]) -> None:
        self.stdout.write(f"{heading}{':' if numbers else '.'}")
        for line in textwrap.wrap(", ".join(numbers), width=100):
            self.stdout.write(f"  {line}")


def _cards(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"


def _would(summary: ImportSummary) -> str:
    return (
        f"{summary.added} would be added, {summary.updated} updated, {summary.unchanged} unchanged, "
        f"{len(summary.rejected)} rejected"
    )


def _stored(game: str) -> dict[str, dict[str, Any]]:
    """Each stored card of `game` by base number, as the columns an import writes (the first printing of
    a base number, as the import matches them)."""
    rows: dict[str, dict[str, Any]] = {}
    for row in models.Card.objects.filter(game_id=game).order_by("number").values("base_number", *_STORED):
        rows.setdefault(row.pop("base_number"), row)
    return rows


def reason_kind(reason: str) -> str:
    """What is wrong, without which card it is wrong with: "unknown colour 'Teal'" and "unknown colour
    'Pink'" are one kind, "unknown colour '…'"."""
    kind = _QUOTED.sub(lambda m: m.group(0)[0] + "…" + m.group(0)[0], _CARD_PREFIX.sub("", reason))
    return _WITH_DIGIT.sub("N", kind)


def group_by_reason(rejected: Iterable[Rejected]) -> list[tuple[str, list[Rejected]]]:
    """Rejections grouped by the kind of their reason, the largest group first (then by kind)."""
    groups: dict[str, list[Rejected]] = {}
    for record in rejected:
        groups.setdefault(reason_kind(record.reason), []).append(record)
    return sorted(groups.items(), key=lambda item: (-len(item[1]), item[0]))
