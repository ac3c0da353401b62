"""`python manage.py import_cards GAME (--from-file PATH | --official) [--lang en|ja]`.

Adds new cards and updates changed ones, matched by (game, base number); never deletes. Bad records
are listed with their reason and skipped. Sources and file schemas: engine/importers/README.md.
"""

from pathlib import Path

from django.core.management.base import BaseCommand, CommandError, CommandParser

import engine
from decks.maintenance.importing import SourceError, fetch_official, import_cards, read_source
from engine.importers import ParseResult


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

    def handle(self, *args: object, **options: object) -> None:
        game, lang = str(options["game"]), str(options["lang"])
        if options["from_file"]:
            path = Path(str(options["from_file"]))
            try:
                parsed = read_source(game, path, lang)
            except SourceError as e:
                raise CommandError(str(e)) from e
            self.stdout.write(f"Importing {engine.get_game(game).name} cards from {path} ...")
        else:
            parsed = self._fetch(game, lang, options)

        total = len(parsed.cards)
        self.stdout.write(f"{total} cards read, {len(parsed.rejected)} records rejected.")
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
