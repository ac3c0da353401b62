""" "Decks I can build now" over many public decks (issue 36: under 200 ms with 100,000 public decks and a
5,000-card collection, on PostgreSQL and on SQLite). A benchmark, not a test.

    python bench/collection_bench.py [--decks 100000] [--requests 10] [--keep]
    DATABASE_URL=postgres://root@127.0.0.1:5432/postgres python bench/collection_bench.py

Builds a throwaway database (`tcgsite_collection_bench` on the configured PostgreSQL server, or a fresh
SQLite file under var/bench/) of 6,000 FFTCG cards, --decks public decks of 18 cards (3 copies each of 17,
one single) and one user owning 3 copies each of 5,000 of the cards, then times the public deck search
page through Django's test Client with no filter (the baseline, measured in the same run) and with "My
cards" set to "decks I can build now" and to "missing at most 3", and the filter's query alone, and
prints the median and 95th percentile of each. --keep times the database the previous run built (filling
100,000 decks takes minutes), migrated to the code checked out now.
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

CARDS = 6_000
OWNED = 5_000
QUERIES = {
    "no filter (baseline)": {},
    "decks I can build now": {"missing": "0"},
    "missing at most 3": {"missing": "3"},
}


def populate(n_decks: int, rng: random.Random) -> None:
    from django.contrib.auth.models import User

    from decks.builder.search import store_needs
    from decks.models import Card, CardSet, Collection, Deck, DeckCard, Game, OwnedCard

    game = Game.objects.get(pk="fftcg")
    card_set = CardSet.objects.create(game=game, code="C00", name="Collection bench")
    Card.objects.bulk_create(
        (Card(game=game, card_set=card_set, number=f"C00-{i:04d}", base_number=f"C00-{i:04d}",
              name=f"Card {i}", type="forward", colors=["fire"], cost=1 + i % 6) for i in range(CARDS)),
        batch_size=2000,
    )  # fmt: skip
    cards = list(Card.objects.filter(card_set=card_set))
    builder = User.objects.create(username="builder")
    made = Deck.objects.bulk_create(
        (Deck(game=game, format="constructed", name=f"Bench deck {i}", owner=builder,
              visibility=Deck.Visibility.PUBLIC) for i in range(n_decks)),
        batch_size=5000,
    )  # fmt: skip
    # Decks of mostly owned cards (the first OWNED), so that some can be built and many lack a few.
    entries = []
    for deck in made:
        picks = rng.sample(cards[: OWNED + 40], 18)
        entries += [DeckCard(deck=deck, card=c, section="main", count=3) for c in picks[:17]]
        entries.append(DeckCard(deck=deck, card=picks[17], section="main", count=1))
        if len(entries) > 50_000:
            DeckCard.objects.bulk_create(entries, batch_size=10000)
            entries = []
    DeckCard.objects.bulk_create(entries, batch_size=10000)
    ids = [deck.pk for deck in made]
    for start in range(0, len(ids), 5000):  # what the decks need, as every save of a deck stores it
        store_needs(ids[start : start + 5000])
    player = User.objects.create_user("player", password="bench-only-password-1")
    collection = Collection.objects.create(user=player)
    OwnedCard.objects.bulk_create(
        (
            OwnedCard(collection=collection, game=game, base_number=c.base_number, count=3)
            for c in cards[:OWNED]
        ),
        batch_size=5000,
    )


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--decks", type=int, default=100_000)
    parser.add_argument("--requests", type=int, default=10)
    parser.add_argument("--keep", action="store_true", help="time the decks the previous run made")
    args = parser.parse_args()
    where = configure_environment(database="tcgsite_collection_bench", keep=args.keep)
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tcgsite.settings")
    os.environ.setdefault("DEBUG", "false")
    os.environ.setdefault("SECRET_KEY", f"bench-only-{random.getrandbits(128):x}")
    import django

    django.setup()
    from django.conf import settings
    from django.contrib.auth.models import User
    from django.core.management import call_command
    from django.db import connection
    from django.test import Client
    from django.test.utils import override_settings, setup_test_environment

    setup_test_environment()
    # Static files by their plain names: no collectstatic manifest is needed (their URLs cost the same).
    override_settings(
        STORAGES={
            **settings.STORAGES,
            "staticfiles": {"BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"},
        }
    ).enable()
    call_command("migrate", verbosity=0)
    start = time.perf_counter()
    if not (args.keep and User.objects.filter(username="player").exists()):
        populate(args.decks, random.Random(2026))
    if connection.vendor == "postgresql":
        with connection.cursor() as cursor:
            cursor.execute("VACUUM ANALYZE")  # as autovacuum leaves a server that has settled
    print(f"{where}: {args.decks} public decks, a {OWNED}-card collection, made in "
          f"{time.perf_counter() - start:.0f} s; load average {os.getloadavg()[0]:.1f} "
          f"on {os.cpu_count()} CPUs")  # fmt: skip
    client = Client()
    client.force_login(User.objects.get(username="player"))
    medians = {}
    for label, query in QUERIES.items():
        first = client.get("/decks/public/", query, secure=True)  # warm-up, over https as production
        assert first.status_code == 200, (label, first.status_code)
        times = []
        for _ in range(args.requests):
            began = time.perf_counter()
            client.get("/decks/public/", query, secure=True)
            times.append((time.perf_counter() - began) * 1000)
        times.sort()
        p95 = times[min(len(times) - 1, int(len(times) * 0.95))]
        medians[label] = statistics.median(times)
        print(f"  {label:<24} median {medians[label]:8.1f} ms   p95 {p95:8.1f} ms", flush=True)
    from decks.cards.collection import missing_at_most
    from decks.models import Deck

    player = User.objects.get(username="player")
    public = Deck.objects.filter(visibility=Deck.Visibility.PUBLIC)
    times = []
    for _ in range(args.requests):
        began = time.perf_counter()
        found = len(missing_at_most(public, player, 0).values_list("pk", flat=True))
        times.append((time.perf_counter() - began) * 1000)
    print(f"  the filter's query alone median {statistics.median(times):8.1f} ms ({found} decks buildable)")
    base = medians["no filter (baseline)"]
    built = medians["decks I can build now"]
    print(f'"decks I can build now": {built:.0f} ms, {built / base:.1f}x the unfiltered search '
          "(target: under 200 ms)")  # fmt: skip


if __name__ == "__main__":
    main()
