"""Renew what the public deck search knows of each deck (its legality, colours and the copies of each card
it needs) where it is stale: after a change to a game's card data or ban lists, or for decks saved before
the search kept these facts. Then renew the database's statistics (ANALYZE), which its planner reads to
choose between finding a search's few matches first and reading the order's index: PostgreSQL's autovacuum
keeps them on its own, SQLite only when asked (decks.builder.search)."""

from typing import Any

from django.core.management.base import BaseCommand, CommandParser
from django.db import connection

from decks.builder import search
from decks.models import Deck


class Command(BaseCommand):
    help = __doc__

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("--all", action="store_true", help="renew every deck, stale or not")

    def handle(self, *args: Any, **options: Any) -> None:
        decks = Deck.objects.select_related("game")
        if not options["all"]:
            decks = search.stale(decks)
        renewed = 0
        for deck in decks.iterator(chunk_size=500):
            search.refresh_facts(deck)
            search.store_needs([deck.pk])
            renewed += 1
        self.stdout.write(f"Renewed the search facts of {renewed} deck{'s' if renewed != 1 else ''}.")
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")
