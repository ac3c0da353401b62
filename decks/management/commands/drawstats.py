"""`python manage.py drawstats FILE --cards N1,N2,...` (docs/deck-file.md): exact draw probabilities.

Exit 0 on success; 2 when the file cannot be read or a named card is not in the main deck.
"""

import json
import sys
from pathlib import Path

from django.core.management.base import BaseCommand, CommandParser

import engine
from decks.convert import lookup_cards
from engine import stats


class Command(BaseCommand):
    help = (
        "The exact probability of holding at least K of the named cards (copies of all of them count "
        "together) in the opening hand (turn 0, after the mulligan decision) and after the draw of each of "
        "your turns 1..T, following the game's mulligan. Defaults (the deck-file format names none): "
        "--at-least 1, --turns 5, --going first, --mulligan never."
    )
    # A quick command: no system checks, which would import every view (and the API) to check the URLs.
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="a deck file (JSON)")
        parser.add_argument("--cards", required=True, help="card numbers, comma-separated: N1,N2,...")
        parser.add_argument("--at-least", type=int, default=1, help="K, the copies needed (default 1)")
        parser.add_argument("--turns", type=int, default=5, help="T, the last own turn (default 5)")
        parser.add_argument("--going", choices=("first", "second"), default="first", help="default first")
        parser.add_argument(
            "--mulligan",
            choices=("never", "if-missing"),
            default="never",
            help="if-missing: mulligan when the opening hand holds fewer than K of them (GBF returns every "
            "card that is not one of them); default never",
        )
        parser.add_argument("--json", action="store_true", help="print the probabilities as JSON")

    def handle(self, *args: object, **options: object) -> None:
        try:
            text = Path(str(options["file"])).read_bytes()
            deck = engine.load_deck(text, lookup=lookup_cards)
        except (OSError, engine.DeckFileError) as e:
            self._fail(f"Cannot read {options['file']}: {e}")
        numbers = [n.strip() for n in str(options["cards"]).split(",") if n.strip()]
        at_least, turns = int(options["at_least"]), int(options["turns"])  # type: ignore[call-overload]
        if not numbers:
            self._fail("--cards names no card.")
        if at_least < 0 or turns < 0:
            self._fail("--at-least and --turns must be 0 or more.")
        if turns > stats.MAX_TURNS:
            self._fail(f"--turns can be at most {stats.MAX_TURNS}: by then every deck has been drawn out.")
        game = engine.get_game(deck.game)
        missing = stats.not_in_main(deck, game, numbers)  # any printing names the card
        if missing:
            self._fail(f"Not in the main deck of {options['file']}: {', '.join(missing)}.")
        p = stats.probabilities(
            deck,
            game,
            [stats.Group(numbers, at_least)],
            turns,
            going_first=options["going"] == "first",
            mulligan=str(options["mulligan"]),
        )
        if options["json"]:
            rows = [{"turn": t, "p": value} for t, value in enumerate(p)]
            self.stdout.write(json.dumps({"probabilities": rows}))
        else:
            self.stdout.write(
                f"P(at least {at_least} of {', '.join(numbers)}), going {options['going']}, "
                f"mulligan {options['mulligan']}"
            )
            self.stdout.write("turn  probability")
            for t, value in enumerate(p):
                self.stdout.write(f"{t:>4}  {value * 100:10.2f}%")

    def _fail(self, message: str) -> None:
        self.stderr.write(message)
        sys.exit(2)
