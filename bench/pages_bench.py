"""Server time of the deck builder's pages (a benchmark, not a test).

    python bench/pages_bench.py [--cards 10000] [--decks 1000] [--requests 200]

Builds a throwaway database (`tcgsite_pages_bench` on the configured PostgreSQL server, or a fresh
SQLite file under var/bench/) holding --cards FFTCG cards and --decks decks of 50 + 6 cards, then times
requests through Django's test Client (the whole server side: middleware, views, queries, templates;
no network, no browser) and prints the median and 95th percentile of each. Targets: htmx partials
p95 <= 50 ms, the full deck page p95 <= 200 ms.
"""

from __future__ import annotations

import argparse
import os
import random
import statistics
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def configure_environment(database: str = "tcgsite_pages_bench", keep: bool = False) -> str:
    """A fresh database named `database` on the configured PostgreSQL server, or a fresh SQLite file of
    that name under var/bench/; DATABASE_URL then names it. `keep`: the one a previous run left, if any
    (to time two versions of the code on the same data)."""
    url = os.environ.get("DATABASE_URL", "")
    if url.startswith(("postgres://", "postgresql://")):
        import psycopg

        base, _, _ = url.rpartition("/")
        with psycopg.connect(url, autocommit=True) as conn:
            found = conn.execute("SELECT 1 FROM pg_database WHERE datname = %s", [database]).fetchone()
            if not (keep and found):
                conn.execute(f"DROP DATABASE IF EXISTS {database} WITH (FORCE)")
                conn.execute(f"CREATE DATABASE {database}")
        os.environ["DATABASE_URL"] = f"{base}/{database}"
        return f"PostgreSQL {base}/{database}"
    folder = ROOT / "var" / "bench"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / f"{database}.sqlite3"
    if not keep:
        path.unlink(missing_ok=True)
    os.environ["DATABASE_URL"] = f"sqlite:///{path}"
    return f"SQLite {path}"


ELEMENTS = ("fire", "ice", "wind", "earth", "lightning", "water")
TYPES = ("forward", "backup", "summon", "monster")
WORDS = ("knight", "mage", "dragon", "scout", "guard", "sage", "lancer", "archer", "titan", "warden")


def populate(n_cards: int, n_decks: int, rng: random.Random) -> list[str]:
    """Cards in 20 sets and decks of 18 main entries (50 cards) and 3 LB entries; returns share ids."""
    from decks.models import Card, CardSet, Deck, DeckCard, Game

    game = Game.objects.get(id="fftcg")
    sets = [CardSet.objects.create(game=game, code=f"B{i:02d}", name=f"Bench set {i}") for i in range(20)]
    cards = []
    for i in range(n_cards):
        number = f"B{i % 20:02d}-{i:04d}"
        kind = TYPES[i % 4]
        cards.append(
            Card(
                game=game,
                card_set=sets[i % 20],
                number=number,
                base_number=number,
                name=f"{rng.choice(WORDS).title()} {rng.choice(WORDS).title()} {i}",
                type=kind,
                colors=[ELEMENTS[i % 6]] + ([ELEMENTS[(i + 1) % 6]] if i % 7 == 0 else []),
                cost=rng.randint(1, 7),
                power=rng.randint(2, 10) * 1000 if kind == "forward" else None,
                keywords=["limit-break"] if i % 50 == 0 else (["haste"] if i % 5 == 0 else []),
                text=f"When this card enters the field, {rng.choice(WORDS)}s gain +1000 power.",
            )  # fmt: skip
        )
    Card.objects.bulk_create(cards, batch_size=2000)
    main_pool = list(Card.objects.filter(game=game).exclude(keywords__icontains="limit-break"))
    lb_pool = list(Card.objects.filter(game=game, keywords__icontains="limit-break"))
    decks = Deck.objects.bulk_create(
        Deck(game=game, format="constructed", name=f"Bench deck {i}", session_key=f"bench-{i}")
        for i in range(n_decks)
    )
    entries = []
    for deck in decks:
        picks = rng.sample(main_pool, 18)
        counts = [3] * 14 + [2] * 4  # 50 cards
        entries += [
            DeckCard(deck=deck, card=c, section="main", count=n) for c, n in zip(picks, counts, strict=True)
        ]
        entries += [DeckCard(deck=deck, card=c, section="lb", count=2) for c in rng.sample(lb_pool, 3)]
    DeckCard.objects.bulk_create(entries, batch_size=5000)
    return [d.share_id for d in decks]


def timed(
    label: str, requests: int, call: Callable[[int], object], results: list[tuple[str, float, float]]
) -> None:
    call(0)  # warm-up: template compilation, first connection
    times = []
    for i in range(requests):
        start = time.perf_counter()
        response = call(i)
        times.append((time.perf_counter() - start) * 1000)
        assert response.status_code in (200, 302), (label, response.status_code)
    times.sort()
    p95 = times[min(len(times) - 1, int(len(times) * 0.95))]
    results.append((label, statistics.median(times), p95))
    print(f"  {label:<52} median {statistics.median(times):6.1f} ms   p95 {p95:6.1f} ms", flush=True)


def main() -> None:
    parser = argparse.ArgumentParser(
        description=__doc__, formatter_class=argparse.RawDescriptionHelpFormatter
    )
    parser.add_argument("--cards", type=int, default=10_000)
    parser.add_argument("--decks", type=int, default=1_000)
    parser.add_argument("--requests", type=int, default=200)
    args = parser.parse_args()

    where = configure_environment()
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tcgsite.settings")
    if "DEBUG" not in os.environ:  # as in production: no query log
        os.environ["DEBUG"] = "false"
        os.environ.setdefault("SECRET_KEY", f"bench-only-{random.getrandbits(128):x}")
    import django

    django.setup()
    from django.conf import settings
    from django.core.management import call_command
    from django.db import connection
    from django.test import Client
    from django.test.utils import setup_test_environment

    setup_test_environment()  # lets the test Client's host in; DEBUG stays as configured
    call_command("migrate", verbosity=0)
    if not settings.DEBUG:  # production serves the collected, hashed static files
        call_command("collectstatic", interactive=False, verbosity=0)
    rng = random.Random(2026)
    start = time.perf_counter()
    share_ids = populate(args.cards, args.decks, rng)
    if connection.vendor == "postgresql":  # the planner's statistics, as autovacuum keeps them in production
        with connection.cursor() as cursor:
            cursor.execute("ANALYZE")
    print(f"{where}: {args.cards} cards and {args.decks} decks in {time.perf_counter() - start:.1f} s")
    print(f"DEBUG={settings.DEBUG}; {args.requests} requests each\n")

    from decks.models import Deck

    # The owner's session: claim one deck for a logged-out client by giving it the client's session key.
    class HttpsClient(Client):
        """Every request over https, as production serves it (no SSL redirect, secure cookies sent)."""

        def generic(self, *args: object, secure: bool = False, **kwargs: object):  # type: ignore[override]
            return super().generic(*args, secure=True, **kwargs)

    client = HttpsClient()
    client.get("/cards/fftcg/")
    key = client.session.session_key or ""
    if not key:
        session = client.session
        session.save()
        key = session.session_key
        client.cookies[settings.SESSION_COOKIE_NAME] = key
    deck = Deck.objects.get(share_id=share_ids[0])
    Deck.objects.filter(pk=deck.pk).update(session_key=key)
    public = Deck.objects.filter(share_id__in=share_ids[1:]).values_list("share_id", flat=True)[:500]
    Deck.objects.filter(share_id__in=list(public)).update(visibility="public")
    public = list(public)
    numbers = list(deck.entries.filter(section="main").values_list("card__number", flat=True))
    from decks.builder import services

    services.record_version(deck)  # the bench decks are made in bulk, without the write path
    for share_id in public:
        services.record_version(Deck.objects.get(share_id=share_id))
    url = f"/d/{deck.share_id}/"
    htmx = {"HTTP_HX_REQUEST": "true"}
    words = [*WORDS, "fire", "B03-", "gain", "titan 12"]
    results: list[tuple[str, float, float]] = []

    print("htmx partials")
    timed(
        "card browser results, typed query",
        args.requests,
        lambda i: client.get("/cards/fftcg/", {"q": words[i % len(words)]}, **htmx),
        results,
    )
    timed(
        "card browser results, filters (type, element, cost)",
        args.requests,
        lambda i: client.get(
            "/cards/fftcg/",
            {"type": TYPES[i % 4], "color": ELEMENTS[i % 6], "cost_min": "2", "cost_max": "4"},
            **htmx,
        ),
        results,
    )
    timed(
        "editor's browser results (with add buttons)",
        args.requests,
        lambda i: client.get(f"{url}cards", {"q": words[i % len(words)]}, **htmx),
        results,
    )
    timed(
        "+/- click: list, legality, charts, odds, hand",
        args.requests,
        lambda i: client.post(
            f"{url}count",
            {"card": numbers[i % len(numbers)], "section": "main", "delta": "1" if i % 2 == 0 else "-1"},
            **htmx,
        ),
        results,
    )
    timed(
        "odds panel, two groups, mulligan if missing",
        args.requests,
        lambda i: client.get(
            f"{url}stats",
            {"pick": [f"A:{numbers[i % 18]}", f"B:{numbers[(i + 5) % 18]}"], "mulligan": "if-missing"},
            **htmx,
        ),
        results,
    )
    timed(
        "sample hand, turn 3",
        args.requests,
        lambda i: client.get(f"{url}hand", {"seed": str(i), "turns": "3"}, **htmx),
        results,
    )
    board = f"{url}board/"
    client.get(board)
    timed(
        "playtest board: next turn, then undo",
        args.requests,
        lambda i: client.post(board, {"action": "next" if i % 2 == 0 else "undo"}, **htmx),
        results,
    )
    call_command("loadsamples", verbosity=0)
    for game in ("dbsfw", "gbf", "fireforce"):  # the other games' boards, on their sample decks
        sample_board = f"/d/{Deck.objects.get(game_id=game, owner__isnull=True).share_id}/board/"
        client.get(sample_board)
        client.post(sample_board, {"action": "next"}, **htmx)

        def next_then_undo(i: int, path: str = sample_board) -> object:
            return client.post(path, {"action": "next" if i % 2 == 0 else "undo"}, **htmx)

        timed(f"playtest board ({game}): next turn, then undo", args.requests, next_then_undo, results)
    print("\nfull pages")
    timed("deck page, owner (editor with card browser)", args.requests, lambda i: client.get(url), results)
    reader = HttpsClient()
    timed(
        "deck page, another visitor (read-only, public decks)",
        args.requests,
        lambda i: reader.get(f"/d/{public[i % len(public)]}/"),
        results,
    )
    timed(
        "card browser page",
        args.requests,
        lambda i: client.get("/cards/fftcg/", {"page": str(1 + i % 50)}),
        results,
    )
    timed("history page", args.requests, lambda i: client.get(f"{url}history/"), results)
    timed(
        "version page (list, legality, changes)", args.requests, lambda i: client.get(f"{url}v/1/"), results
    )
    timed(
        "compare page, against a public deck (no runs yet)",
        args.requests,
        lambda i: client.get(f"{url}compare/", {"b": public[i % len(public)]}),
        results,
    )

    partial_p95 = max(p95 for label, _, p95 in results[:7])
    page_p95 = max(p95 for label, _, p95 in results[7:])
    print(f"\nworst partial p95 {partial_p95:.1f} ms (target 50): {'ok' if partial_p95 <= 50 else 'OVER'}")
    print(f"worst page p95 {page_p95:.1f} ms (target 200): {'ok' if page_p95 <= 200 else 'OVER'}")


if __name__ == "__main__":
    main()
