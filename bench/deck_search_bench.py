"""Public deck search over many decks (issue 35: under 50 ms with 100,000 public decks, on PostgreSQL and
on SQLite). A benchmark, not a test.

    python bench/deck_search_bench.py [--decks 100000] [--requests 30] [--keep]
    DATABASE_URL=postgres://root@127.0.0.1:5432/postgres python bench/deck_search_bench.py

Builds a throwaway database (`tcgsite_search_bench` on the configured PostgreSQL server, or a fresh SQLite
file under var/bench/) of --decks public FFTCG and DBS FW decks of 12 or 13 different cards each, with
their search facts, tags, stars, views and forks, then times the search page through Django's test
Client (the whole server side: the query, its count for the pager, the page of 20 rows and the template)
for each filter and sort, and prints the median and 95th percentile of each, the median CPU time of this
process (Django's and SQLite's work; not the PostgreSQL server's) and how many decks the first page
lists. --keep times the database the previous run built, migrated to the code checked out now, so that
two versions of the code are timed on the same decks.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))
sys.path.insert(0, str(ROOT / "bench"))

from pages_bench import configure_environment  # noqa: E402 (after the path above)

COLOURS = {"fftcg": ("fire", "ice", "wind", "earth", "lightning", "water"), "dbsfw": ("red", "blue", "green")}
TAGS = ("aggro", "control", "midrange", "combo", "tempo", "ramp")
QUERIES = {
    "newest, no filter": {},
    "one game": {"game": "dbsfw"},
    "format + legal only": {"game": "fftcg", "format": "constructed", "legal": "on"},
    "colour": {"colour": "wind"},
    "plays a card (number)": {"card": "S00-0042"},
    "Leader by name": {"leader": "leader 7", "game": "dbsfw"},
    "builder": {"owner": "builder42"},
    "tag": {"tag": "combo"},
    "name contains": {"q": "deck 4242"},
    "sort: most favourited": {"sort": "favourites"},
    "sort: most viewed": {"sort": "views"},
    "sort: most forked, one game": {"sort": "forks", "game": "fftcg"},
    "legal + colour + tag, favourites": {
        "legal": "on",
        "colour": "fire",
        "tag": "aggro",
        "sort": "favourites",
    },
}


def populate(n_decks: int, rng: random.Random) -> None:
    from django.contrib.auth.models import User

    from decks.builder import search
    from decks.models import Card, CardSet, Deck, DeckCard, DeckTag, Game

    users = User.objects.bulk_create(User(username=f"builder{i}") for i in range(200))
    pools = {}
    for game_id, colours in COLOURS.items():
        game = Game.objects.get(pk=game_id)
        card_set = CardSet.objects.create(game=game, code="S00", name="Search bench")
        cards = []
        for i in range(400):
            kind = "forward" if game_id == "fftcg" else "leader" if i < 20 else "battle"
            number = f"S00-{i:04d}"
            name = f"Leader {i}" if kind == "leader" else f"Card {i}"
            cards.append(Card(game=game, card_set=card_set, number=number, base_number=number, name=name,
                              type=kind, colors=[colours[i % len(colours)]], cost=1 + i % 6))  # fmt: skip
        Card.objects.bulk_create(cards)
        game.refresh_from_db()  # the card set raised the game's cards_version: the verdicts read the new one
        pools[game_id] = (list(Card.objects.filter(card_set=card_set)), search.as_of(game))
    decks = []
    for i in range(n_decks):
        game_id = "fftcg" if i % 3 else "dbsfw"
        colours = rng.sample(COLOURS[game_id], 2)
        decks.append(
            Deck(
                game_id=game_id,
                format="constructed" if game_id == "fftcg" else "standard",
                name=f"Bench deck {i}",
                owner=users[i % len(users)],
                visibility=Deck.Visibility.PUBLIC,
                legal=i % 4 != 0,
                legal_as_of=pools[game_id][1],
                colours=f" {' '.join(sorted(colours))} ",
                favourite_count=rng.randint(0, 50),
                view_count=rng.randint(0, 5000),
                fork_count=rng.randint(0, 20),
            )
        )
    made = Deck.objects.bulk_create(decks, batch_size=5000)
    entries, tags = [], []
    for deck in made:
        cards = pools[deck.game_id][0]
        leaders = [c for c in cards if c.type == "leader"]
        others = [c for c in cards if c.type != "leader"]
        if leaders:
            entries.append(DeckCard(deck=deck, card=rng.choice(leaders), section="leader", count=1))
        entries += [DeckCard(deck=deck, card=c, section="main", count=4) for c in rng.sample(others, 12)]
        tags += [DeckTag(deck=deck, name=t) for t in rng.sample(TAGS, 2)]
    DeckCard.objects.bulk_create(entries, batch_size=10000)
    DeckTag.objects.bulk_create(tags, batch_size=10000)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--decks", type=int, default=100_000)
    parser.add_argument("--requests", type=int, default=30)
    parser.add_argument("--keep", action="store_true", help="time the decks the previous run made")
    args = parser.parse_args()
    where = configure_environment(database="tcgsite_search_bench", keep=args.keep)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tcgsite.settings")
    os.environ.setdefault("DEBUG", "false")
    os.environ.setdefault("SECRET_KEY", f"bench-only-{random.getrandbits(128):x}")
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command
    from django.db import transaction
    from django.test import Client
    from django.test.utils import setup_test_environment

    from decks.models import Deck

    setup_test_environment()
    start = time.perf_counter()
    call_command("migrate", verbosity=0)
    if not Deck.objects.exists():
        with transaction.atomic():  # one transaction: SQLite writes the million rows at once
            populate(args.decks, random.Random(2026))
    call_command("refresh_search", verbosity=0)  # which ends with the planner's statistics (ANALYZE)
    made = Deck.objects.count()
    print(f"{where}: {made} public decks made or migrated in {time.perf_counter() - start:.0f} s; "
          f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs")  # fmt: skip
    if not settings.DEBUG:  # production serves the collected, hashed static files
        call_command("collectstatic", interactive=False, verbosity=0)
    client = Client()
    worst = 0.0
    for label, query in QUERIES.items():
        client.get("/decks/public/", query, secure=True)  # warm-up, over https as production serves
        times, cpu = [], []
        for _ in range(args.requests):
            began, began_cpu = time.perf_counter(), time.process_time()
            response = client.get("/decks/public/", query, secure=True)
            times.append((time.perf_counter() - began) * 1000)
            cpu.append((time.process_time() - began_cpu) * 1000)
            assert response.status_code == 200, (label, response.status_code)
        times.sort()
        p95 = times[min(len(times) - 1, int(len(times) * 0.95))]
        worst = max(worst, statistics.median(times))
        listed = response.content.decode().count('class="deck-row"')
        print(f"  {label:<36} median {statistics.median(times):6.1f} ms   p95 {p95:6.1f} ms   "
              f"CPU {statistics.median(cpu):5.1f} ms   {listed:2} decks listed", flush=True)  # fmt: skip
    print(f"slowest median {worst:.1f} ms (target: under 50 ms)")


if __name__ == "__main__":
    main()
