"""Hostile text against the readers that take text from visitors and imports (a benchmark, not a test).

    python bench/hostile_input_bench.py [--repeats 3]

Feeds the decklist reader (engine.decklist.read_decklist, with a catalog of the FFTCG sample cards and
3,000 made-up names, so "did you mean" compares as against a real card list), the deck-file reader
(engine.load_deck) and each game's card-text readers (engine.readers.read_text and
engine.played_text.card_parts, the goldfish's text report) the shapes of issue 31: long runs of spaces,
tabs and U+3000 between words, "a (" and a run, thousands of lines each with a long run, quantities of
thousands of digits, junk lines, and for card text the brackets and markup the readers' patterns scan.
Each shape is built at 1 KB, 10 KB, 100 KB and the upload limit (DATA_UPLOAD_MAX_MEMORY_SIZE; for deck
files also their own limit, MAX_FILE_BYTES), each call timed --repeats times, and the worst time
printed in milliseconds. Target: every figure under one
second, growing at most linearly with the size: the "x10" column is the 100 KB figure over the 10 KB
one, 10 or less ("-" where the 10 KB figure is under a millisecond, too small to compare). The readers
stop at their length limits (a line, a list, a card text, a deck file), so most rows are flat.
"""

from __future__ import annotations

import argparse
import gc
import json
import os
import sys
import time
from collections.abc import Callable
from pathlib import Path

sys.path.insert(0, str(Path(__file__).resolve().parent.parent))
os.environ.setdefault("DJANGO_SETTINGS_MODULE", "tcgsite.settings")

from django.conf import settings  # noqa: E402  (the upload limit only; no Django set-up)

from engine import Card, load_deck  # noqa: E402
from engine.deckfile import MAX_FILE_BYTES  # noqa: E402
from engine.decklist import MemoryCatalog, read_decklist  # noqa: E402
from engine.errors import DeckFileError  # noqa: E402
from engine.played_text import card_parts  # noqa: E402
from engine.readers import read_text  # noqa: E402
from engine.samples import sample_cards  # noqa: E402

Shape = Callable[[int], str]
WORDS = ("knight", "mage", "dragon", "scout", "guard", "sage", "lancer", "archer", "titan", "warden")
CARD_TYPES = {"fftcg": "forward", "dbsfw": "battle", "gbf": "crew", "fireforce": "unit"}


def _run(between: str) -> Shape:
    return lambda n: "a" + between * (n - 2) + "b"


def _repeat(unit: str) -> Shape:
    return lambda n: unit * max(1, n // len(unit))


# The shapes, for pasted lists and as card text.
PASTE_SHAPES: dict[str, Shape] = {
    "a + spaces + b": _run(" "),
    "a + tabs + b": _run("\t"),
    "a + U+3000 + b": _run("\u3000"),
    "a ( + spaces + x": lambda n: "a (" + " " * (n - 4) + "x",
    "lines of 1,000 spaces": _repeat("a" + " " * 998 + "b\n"),
    "lines of 200 spaces": _repeat("a" + " " * 198 + "b\n"),
    "digits + FX-001C": lambda n: "9" * (n - 8) + " FX-001C",
    "FX-001C x + digits": lambda n: "FX-001C x" + "9" * (n - 9),
    "junk lines": _repeat("???\n"),
    "card lines": _repeat("3 FX-001C\n"),
    "unknown names": _repeat("1 Zephyr Knigt of the Sky\n"),
}
CARD_TEXT_SHAPES: dict[str, Shape] = {
    **{k: PASTE_SHAPES[k] for k in ("a + spaces + b", "a + tabs + b", "a + U+3000 + b", "a ( + spaces + x")},
    "lines of 1,000 spaces": PASTE_SHAPES["lines of 1,000 spaces"],
    "sentences": _repeat("When Sky Knight enters the field, draw 1 card. "),
    "short lines": _repeat("a.\n"),
    "open ( run": _repeat("("),
    "open [ run": _repeat("["),
    "《 run": _repeat("《"),
    "〔 run": _repeat("〔"),
    "< run": _repeat("<"),
    "[[br]] run": _repeat("[[br]] "),
    "digits": _repeat("9"),
}
DECK_FILE_SHAPES: dict[str, Shape] = {
    "a + spaces + b": PASTE_SHAPES["a + spaces + b"],
    "name of spaces": lambda n: json.dumps(
        {"game": "fftcg", "name": "a" + " " * (n - 40) + "b", "sections": {}}
    ),
    "number of digits": lambda n: (
        '{"game": "fftcg", "sections": {"main": [{"card": "' + "9" * (n - 60) + '", "count": 1}]}}'
    ),
    "count of digits": lambda n: (
        '{"game": "fftcg", "sections": {"main": [{"card": "FX-001C", "count": ' + "9" * (n - 70) + "}]}}"
    ),
    "nested lists": lambda n: '{"game": "fftcg", "sections": ' + "[" * (n - 40) + "}",
    "many entries": lambda n: json.dumps(
        {"game": "fftcg", "sections": {"main": [{"card": "FX-001C", "count": 1}] * max(1, n // 30)}}
    ),
    "card text of spaces": lambda n: json.dumps(
        {
            "game": "fftcg",
            "sections": {"main": [{"card": "ZZ-001C", "count": 1}]},
            "cards": {"ZZ-001C": {"name": "Z", "type": "forward", "text": "a" + " " * (n - 150) + "b"}},
        }
    ),
}


def _catalog() -> MemoryCatalog:
    made_up = [
        Card(f"MU-{i:04}C", f"{WORDS[i % 10].title()} {WORDS[i // 10 % 10]} {i}", "forward", ("fire",), 1)
        for i in range(3_000)
    ]
    return MemoryCatalog("fftcg", [*sample_cards("fftcg").values(), *made_up])


def _warm_up(catalog: MemoryCatalog) -> None:
    """One call of each reader on a plain text first: the first import of a game's goldfish module (its
    compiled functions) takes seconds, once per process, and is not what a text costs."""
    read_decklist("3 FX-001C", "fftcg", catalog)
    load_deck('{"game": "fftcg", "sections": {}}')
    for game, card_type in CARD_TYPES.items():
        read_text(game, "Draw 1 card.", "Sky Knight")
        card_parts(game, Card("ZZ-001", "Sky Knight", card_type, ("fire",), 1, text="Draw 1 card."), {})


def _worst(call: Callable[[], object], repeats: int) -> tuple[float, str]:
    """The worst wall time of `repeats` calls, in seconds, and what the call ended in."""
    worst, outcome = 0.0, ""
    for _ in range(repeats):
        gc.collect()  # a collection owed by the previous shape is not this one's cost
        start = time.perf_counter()
        try:
            call()
            outcome = "ok"
        except DeckFileError:
            outcome = "refused"  # the deck-file reader's one error, as it promises
        except Exception as e:  # anything else is a bug: shown in the table, not hidden
            outcome = f"raised {type(e).__name__}"
        worst = max(worst, time.perf_counter() - start)
    return worst, outcome


def _table(
    title: str, shapes: dict[str, Shape], read: Callable[[str], object], sizes: list[int], repeats: int
) -> float:
    print(f"\n{title}")
    header = "".join(f"{_size_label(n):>11}" for n in sizes)
    print(f"  {'shape':24}{header}   x10  outcome")
    slowest = 0.0
    for name, shape in shapes.items():
        figures, outcomes = [], set()
        for n in sizes:
            text = shape(n)
            seconds, outcome = _worst(lambda text=text: read(text), repeats)
            figures.append(seconds)
            outcomes.add(outcome)
        slowest = max(slowest, *figures)
        cells = "".join(f"{s * 1000:>9.1f}ms" for s in figures)
        growth = f"{figures[2] / figures[1]:4.1f}" if figures[1] >= 0.001 else "   -"  # 100 KB over 10 KB
        print(f"  {name:24}{cells}  {growth}  {', '.join(sorted(outcomes))}")
    return slowest


def _size_label(n: int) -> str:
    return f"{n / 1_000_000:.2g} MB" if n >= 1_000_000 else f"{n // 1_000} KB"


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeats", type=int, default=3)
    args = parser.parse_args()
    limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE
    sizes = [1_000, 10_000, 100_000, limit]
    print(f"Worst of {args.repeats} calls, per shape and size (the largest is DATA_UPLOAD_MAX_MEMORY_SIZE).")
    catalog = _catalog()
    _warm_up(catalog)
    slowest = [
        _table(
            "Decklist reader (read_decklist, FFTCG, 3,052 card names)",
            PASTE_SHAPES,
            lambda text: read_decklist(text, "fftcg", catalog),
            sizes,
            args.repeats,
        ),
        _table(
            "Deck-file reader (load_deck, cards looked up among the samples)",
            DECK_FILE_SHAPES,
            lambda text: load_deck(text, lambda game, numbers: catalog.by_number(game, numbers)),
            [*sizes[:3], MAX_FILE_BYTES, limit],  # the largest file it reads, and what the upload allows
            args.repeats,
        ),
    ]
    for game, card_type in CARD_TYPES.items():

        def read(text: str, game: str = game, card_type: str = card_type) -> None:
            read_text(game, text, "Sky Knight")
            card_parts(game, Card("ZZ-001", "Sky Knight", card_type, ("fire",), 1, text=text), {})

        slowest.append(
            _table(
                f"Card text, {game} (read_text and card_parts)", CARD_TEXT_SHAPES, read, sizes, args.repeats
            )
        )
    worst = max(slowest)
    verdict = "every figure under one second" if worst < 1 else "SLOWER THAN ONE SECOND"
    print(f"\nSlowest: {worst * 1000:.1f} ms: {verdict}.")


if __name__ == "__main__":
    main()
