"""Time to draw a deck's picture (issue 35: under 200 ms for a 50-card deck on the drawn frames, then from
the cache). A benchmark, not a test.

    python bench/picture_bench.py [--repeat 5]

Loads the four sample decks into a fresh SQLite file under var/bench/ and prints, per game and size,
the best of --repeat draws (deck page data, layout, frames and PNG encoding), the same with the deck's
data already built (drawing and encoding alone), and a cached answer, beside the machine's load.
"""

from __future__ import annotations

import argparse
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path

ROOT = Path(__file__).resolve().parent.parent
sys.path.insert(0, str(ROOT))


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=5)
    args = parser.parse_args()
    folder = ROOT / "var" / "bench"
    folder.mkdir(parents=True, exist_ok=True)
    path = folder / "picture.sqlite3"
    path.unlink(missing_ok=True)
    os.environ["DATABASE_URL"] = f"sqlite:///{path}"
    os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tcgsite.settings")
    import django

    django.setup()
    from django.core.management import call_command

    from decks.builder import deckpage, picture
    from decks.models import Deck

    call_command("migrate", verbosity=0)
    call_command("loadsamples", verbosity=0)
    print(f"load average {os.getloadavg()[0]:.1f} on {os.cpu_count()} CPUs; best of {args.repeat}")
    for deck in Deck.objects.filter(owner__isnull=True).order_by("game_id"):
        for size in picture.SIZES:
            whole = _best(args.repeat, picture.draw, deck, size)
            page = deckpage.build(deck)
            parts = list(picture._parts(page))
            drawing = _best(
                args.repeat, picture.render, deck.name, "", "Legal", True, parts, picture.SIZES[size]
            )
            picture.deck_picture(deck, size)
            cached = _best(args.repeat, picture.deck_picture, deck, size)
            cards = sum(s.count for s in page.sections)
            print(
                f"{deck.game_id:>9} {size:>7} ({cards} cards): drawn {whole * 1000:6.1f} ms "
                f"(frames and PNG {drawing * 1000:6.1f} ms), cached {cached * 1000:5.1f} ms"
            )


def _best(repeat: int, work: Callable[..., object], *args: object) -> float:
    """The shortest of `repeat` runs of work(*args), in seconds."""
    times = []
    for _ in range(repeat):
        start = time.perf_counter()
        work(*args)
        times.append(time.perf_counter() - start)
    return min(times)


if __name__ == "__main__":
    main()
