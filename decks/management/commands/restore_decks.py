"""`python manage.py restore_decks FILE`: put back the decks, runs, game logs and collections of a
backup_decks file.

Idempotent: decks are matched by share id, runs by deck, seed and creation time; a deck's game log and a
user's collection are made to match the file's. Exit status 1 if any line could not be restored (each is
listed); the others are restored all the same.
"""

import sys
from pathlib import Path

from django.core.management.base import BaseCommand, CommandParser

from decks.maintenance.backup import restore_lines


class Command(BaseCommand):
    help = (
        "Restore decks, finished goldfish runs, game logs and collections from a backup_decks file "
        "(- for standard input)."
    )

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="a JSON lines file written by backup_decks, or -")

    def handle(self, *args: object, **options: object) -> None:
        source = str(options["file"])
        if source == "-":
            done = restore_lines(sys.stdin)
        else:
            with Path(source).open(encoding="utf-8") as lines:
                done = restore_lines(lines)
        self.stdout.write(
            f"Decks: {done.decks_created} created, {done.decks_updated} updated, "
            f"{done.decks_unchanged} unchanged. Cards added from the backup: {done.cards_created}. "
            f"Runs: {done.runs_created} created, {done.runs_present} already present. "
            f"Game logs: {done.logs_restored} restored, {done.logs_unchanged} unchanged. "
            f"Collections: {done.collections_restored} restored, {done.collections_unchanged} unchanged."
        )
        if done.games_without_version:
            self.stdout.write(
                f"Logged games restored without their deck version: {done.games_without_version} (no "
                "version of their deck here holds the list they were played with)."
            )
        if done.users_created:
            self.stdout.write(f"Users created without a password: {', '.join(done.users_created)}.")
        for problem in done.problems:
            self.stderr.write(problem)
        if done.problems:
            sys.exit(1)
