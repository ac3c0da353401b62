"""`python manage.py queue_imports GAME [GAME ...] [--lang en|ja]`: official imports, run by the worker.

The run command calls this when asked to (IMPORT_OFFICIAL=fftcg,dbsfw ./run); progress shows on the
imports page (/imports/) and in the admin.
"""

from typing import Any

from django.core.management.base import BaseCommand, CommandParser
from django.db import transaction

import engine
from decks.maintenance.importing import queue_import

OFFICIAL_SOURCES = tuple(game_id for game_id, rules in engine.GAMES.items() if rules.official_card_list)


class Command(BaseCommand):
    help = "Queue imports of the official card lists (FFTCG, DBS FW) for the Celery worker."

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("games", nargs="+", choices=OFFICIAL_SOURCES, help="games to import")
        parser.add_argument("--lang", choices=("en", "ja"), default="en")

    def handle(self, *args: object, **options: Any) -> None:
        with transaction.atomic():
            jobs = [queue_import(game, source="official", lang=options["lang"]) for game in options["games"]]
        for job in jobs:
            self.stdout.write(f"Queued import {job.pk}: {job.game_id} from the official site ({job.lang}).")
