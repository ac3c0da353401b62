"""`python manage.py tune FILE [--candidates NUMBER ...] [--json]`: which card to cut, which to add.

Plays every legal one-card swap of the deck (engine.advice.tune) in this process, on the deck's own seeds,
and prints them best first. Exit 0 on success; 2 when the file cannot be read or nothing can be tuned.
"""

import json
import sys
from pathlib import Path

from django.core.management.base import BaseCommand, CommandParser
from django.db import DatabaseError

import engine
from decks.convert import card_to_engine, current_ban_list, lookup_cards
from decks.models import Card
from engine.advice import tune
from engine.goldfish import GoldfishDeckError, GoldfishParamError, NoSimulatorError
from engine.stats import Group


class Command(BaseCommand):
    help = (
        "Rank the one-card swaps of a deck (-1 of a main-deck card, +1 of a candidate) by the goldfish's "
        "mean kill turn and by the share of games won by the deck's typical turn, every variant played on"
        " the deck's own seeds, with 95 % intervals and Holm's correction for the many variants."
    )
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="a deck file (JSON), as the goldfish command takes it")
        parser.add_argument(
            "--candidates",
            nargs="*",
            default=[],
            metavar="NUMBER",
            help="card numbers a swap may add (default: every card of the game the deck may legally add)",
        )
        parser.add_argument(
            "--group",
            action="append",
            default=[],
            metavar="N1,N2[:K]",
            help="a group of cards to hold at least K of (default 1), whose exact odds each swap shows; "
            "repeat for more (all at once)",
        )
        parser.add_argument("--games", type=int, default=tune.GAMES, help="games per play order (10,000)")
        parser.add_argument("--seed", type=int, default=0, help="the seed of the deck's games (0)")
        parser.add_argument("--max-variants", type=int, default=tune.MAX_VARIANTS, help="(200)")
        parser.add_argument("--by", choices=tune.RANKINGS, default="mean", help="the ranking to print")
        parser.add_argument("--top", type=int, default=20, help="swaps to print (20)")
        parser.add_argument("--json", action="store_true", help="print the result as JSON")

    def handle(self, *args: object, **options: object) -> None:
        try:
            deck = engine.load_deck(Path(str(options["file"])).read_bytes(), lookup=lookup_cards)
        except (OSError, engine.DeckFileError) as e:
            self._fail(f"Cannot read {options['file']}: {e}")
        numbers = list(options["candidates"])  # type: ignore[call-overload]
        try:
            candidates = self._candidates(deck.game, numbers)
            banlist = current_ban_list(deck.game, deck.format)
        except (DatabaseError, engine.DeckFileError) as e:
            self._fail(
                f"The candidates are looked up in the card database, which is not set up yet ({e}): run "
                "./run once (or python manage.py migrate, then python manage.py loadsamples)."
            )
        groups = tuple(_group(text) for text in options["group"])  # type: ignore[attr-defined]
        settings = tune.Settings(
            games=int(options["games"]),  # type: ignore[call-overload]
            seed=int(options["seed"]),  # type: ignore[call-overload]
            groups=groups,
        )
        quiet = bool(options["json"])

        def progress(done: int, total: int) -> None:
            if not quiet and (done == total or done % 10 == 0):
                self.stderr.write(f"{done} of {total} variants")

        try:
            result = tune.tune(
                deck,
                candidates,
                settings,
                max_variants=int(options["max_variants"]),  # type: ignore[call-overload]
                banlist=banlist,
                progress=progress,
            )
        except (tune.TuneError, NoSimulatorError, GoldfishParamError, GoldfishDeckError) as e:
            self._fail(str(e))
        if quiet:
            self.stdout.write(json.dumps(result.to_dict()))
            return
        self._write(result, str(options["by"]), int(options["top"]), deck)  # type: ignore[call-overload]

    def _candidates(self, game: str, numbers: list[str]) -> list[engine.Card]:
        """The cards named (exit 2 for a number the card database does not know), or every card of the
        game."""
        if not numbers:
            return [card_to_engine(row) for row in Card.objects.filter(game_id=game)]
        found = lookup_cards(game, numbers)
        missing = sorted(set(numbers) - found.keys())
        if missing:
            self._fail(f"No {game} card has the number {', '.join(missing)}.")
        return list(found.values())

    def _write(self, result: tune.TuneResult, by: str, top: int, deck: engine.Deck) -> None:
        base = result.baseline
        games = result.settings.games
        self.stdout.write(
            f"{deck.name or 'deck'}: {len(result.variants)} swaps, {games:,} games per play order each, "
            f"going {' and '.join(result.settings.goings)}, seed {result.settings.seed}; against an opponent "
            "who does nothing, the autopilot choosing as the goldfish does"
        )
        if base.mean is None or base.typical_turn is None:
            self.stdout.write("the deck never wins these games: nothing to compare by turn")
        else:
            self.stdout.write(
                f"the deck: mean kill turn {base.mean:.3f}; wins by its typical turn {base.typical_turn} "
                f"in {base.share:.1%} of games"
            )
            if "groups" in base.odds:
                self.stdout.write(
                    f"your groups held by turn {base.typical_turn} going first: {base.odds['groups']:.1%} "
                    "(each swap's figure follows its verdict)"
                )
        self.stdout.write(f"best first, by {'mean kill turn' if by == 'mean' else 'share won by then'}:")
        self.stdout.write(
            f"  {'-cut':<11} {'+add':<11} {'mean change (95 %)':<27} {'share change (95 %)':<27} "
            f"{'Holm p':>9}  verdict"
        )
        for ranked in result.ranked(by)[:top]:
            v = ranked.variant
            verdict = "beyond chance" if ranked.beyond_chance else "within chance"
            p = "-" if ranked.adjusted_p is None else f"{ranked.adjusted_p:.3g}"
            groups = f"  groups {v.odds['groups']:.1%}" if "groups" in v.odds else ""
            self.stdout.write(
                f"  -{v.swap.cut:<10} +{v.swap.add:<10} {_diff(v.mean_diff, 3):<27} "
                f"{_diff(v.share_diff, 1, percent=True):<27} {p:>9}  {verdict}{groups}"
            )

    def _fail(self, message: str) -> None:
        self.stderr.write(message)
        sys.exit(2)


def _group(text: str) -> Group:
    """ "N1,N2:K" -> at least K of N1 and N2 (K 1 when left out)."""
    numbers, _, k = text.partition(":")
    cards = [n.strip() for n in numbers.split(",") if n.strip()]
    if not cards or (k and not k.strip().isdigit()):
        sys.stderr.write(f"--group takes N1,N2[:K], not {text!r}.\n")
        sys.exit(2)
    return Group(cards, int(k) if k else 1)


def _diff(d: tune.Difference | None, places: int, percent: bool = False) -> str:
    if d is None:
        return "none"
    scale, unit = (100, " pt") if percent else (1, "")
    low, high = d.low * scale, d.high * scale
    return f"{d.estimate * scale:+.{places}f}{unit} ({low:+.{places}f} to {high:+.{places}f})"
