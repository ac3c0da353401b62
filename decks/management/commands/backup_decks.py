"""`python manage.py backup_decks FILE`: every deck, finished run, game log and collection as JSON lines
(decks/maintenance/backup.py).

FILE `-` writes to standard output. The file is written under a temporary name and renamed at the end,
so an interrupted backup never leaves a truncated file where a good one was.
"""

import os
import sys
from pathlib import Path

from django.core.management.base import BaseCommand, CommandParser

from decks.maintenance.backup import export_lines


class Command(BaseCommand):
    help = (
        "Write every deck (deck file, owner, visibility), every finished goldfish run, every deck's log of "
        "real games and every collection to FILE."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="the JSON lines file to write, or - for standard output")

    def handle(self, *args: object, **options: object) -> None:
        target = str(options["file"])
        if target == "-":
            for line in export_lines():
                sys.stdout.write(line + "\n")
            return
        path = Path(target)
        partial = path.with_name(path.name + ".partial")
        count = 0
        with partial.open("w", encoding="utf-8") as out:
            for line in export_lines():
                out.write(line + "\n")
                count += 1
            out.flush()
            os.fsync(out.fileno())
        partial.replace(path)
        self.stderr.write(f"Wrote {count - 1} records to {path}.")
