"""Server time of a deck's game log (issue 36's targets; a benchmark, not a test).

    python bench/gamelog_bench.py [--games 1000] [--requests 100]

On a throwaway database (`tcgsite_gamelog_bench` on the configured PostgreSQL server, or a fresh SQLite
file under var/bench/; see pages_bench.configure_environment) with the sample cards, a signed-in player
forks the FFTCG sample deck and, through Django's test Client (middleware, view, queries, template):

1. records games with the log's form (target: under 100 ms);
2. opens the log page of a deck with --games logged games, statistics and charts (target: under 50 ms
   for the statistics: the page is timed whole, and engine.record.summarise alone);
3. opens the owner's deck page, timed in the same run, as the yardstick the other figures are put
   beside (the machine is shared: ratios say more than milliseconds).
"""

from __future__ import annotations

import argparse
import os
import random
import sys
import time
from datetime import date, timedelta
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))

from bench.pages_bench import configure_environment, timed  # noqa: E402


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--games", type=int, default=1000)
    parser.add_argument("--requests", type=int, default=100)
    args = parser.parse_args()

    where = configure_environment("tcgsite_gamelog_bench")
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tcgsite.settings")
    if "DEBUG" not in os.environ:  # as in production: no query log
        os.environ["DEBUG"] = "false"
        os.environ.setdefault("SECRET_KEY", f"bench-only-{random.getrandbits(128):x}")
    import django

    django.setup()
    from django.conf import settings
    from django.contrib.auth.models import User
    from django.core.management import call_command
    from django.test import Client
    from django.test.utils import setup_test_environment

    from decks.builder import gamelog, services
    from decks.models import Deck, PlayedGame
    from engine import record

    setup_test_environment()
    settings.RATE_LIMITS = {}
    call_command("migrate", verbosity=0)
    if not settings.DEBUG:
        call_command("collectstatic", interactive=False, verbosity=0)
    call_command("loadsamples", verbosity=0)
    player = User.objects.create_user("bench", password="bench-long-password-1")
    deck = services.fork_deck(Deck.objects.get(game_id="fftcg", owner__isnull=True), owner_id=player.pk)

    class HttpsClient(Client):
        def generic(self, *a: object, secure: bool = False, **kw: object):  # type: ignore[override]
            return super().generic(*a, secure=True, **kw)

    client = HttpsClient()
    client.force_login(player)
    log_url = f"/d/{deck.share_id}/games/"
    fields = {
        "played_on": date.today().isoformat(),
        "kind": "casual",
        "went_first": "True",
        "mulliganed": "False",
    }
    results: list[tuple[str, float, float]] = []
    print(
        f"{where}; DEBUG={settings.DEBUG}; load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs\n"
    )

    timed(
        "deck page (owner), the yardstick",
        args.requests,
        lambda i: client.get(f"/d/{deck.share_id}/"),
        results,
    )
    timed(
        "record a game (POST, then its redirect not followed)",
        args.requests,
        lambda i: client.post(
            log_url, fields | {"result": ("win", "loss", "draw")[i % 3], "last_turn": str(4 + i % 4)}
        ),
        results,
    )
    rng = random.Random(36)
    PlayedGame.objects.filter(deck=deck).delete()
    version = deck.versions.get()
    PlayedGame.objects.bulk_create(
        PlayedGame(
            deck=deck,
            deck_version=version,
            played_on=date.today() - timedelta(days=rng.randrange(365)),
            result=rng.choice(("win", "win", "loss", "draw")),
            went_first=rng.random() < 0.5,
            mulliganed=rng.random() < 0.2,
            last_turn=rng.randint(3, 9),
            opponent=rng.choice(("Fire", "Ice", "Wind", "Earth", "Lightning", "Water")),
            archetype=rng.choice(("Aggro", "Control", "Midrange", "")),
        )
        for _ in range(args.games)
    )
    timed(
        f"log page with {args.games} games (statistics, charts, list)",
        args.requests,
        lambda i: client.get(log_url),
        results,
    )
    games = gamelog.logged_games(deck)
    best = float("inf")
    for _ in range(args.requests):
        start = time.perf_counter()
        record.summarise(games)
        best = min(best, time.perf_counter() - start)
    read = float("inf")
    for _ in range(20):
        start = time.perf_counter()
        gamelog.logged_games(deck)
        read = min(read, time.perf_counter() - start)
    print(f"  {'engine.record.summarise of ' + str(args.games) + ' games (best)':<52} {best * 1000:6.2f} ms")
    print(f"  {'reading them (one query, best)':<52} {read * 1000:6.2f} ms")
    yardstick = results[0][1]
    print("\nmedian against the deck page's:")
    for label, median, _ in results[1:]:
        print(f"  {label:<52} {median / yardstick:5.2f} x")


if __name__ == "__main__":
    main()
