"""`python manage.py textcoverage GAME PATH [--lang en|ja] [--top 30] [--json]`: how much of a card list's
text the goldfish plays (engine/text_coverage.py).

PATH is any file (or folder) `import_cards --from-file` reads. Prints the share of the cards whose text is
played in full, the share whose text is moot (no part unplayed, some part only matters against an
opponent who acts), the share not played, and the most common shapes of the unread sentences. Nothing is
stored. Exit 0, or 2 for a file it cannot read or a game without a simulator.
"""

import json
import sys
from pathlib import Path

from django.core.management.base import BaseCommand, CommandParser

import engine
from decks.maintenance.importing import SourceError, read_source
from engine import goldfish
from engine.text_coverage import Coverage, measure


class Command(BaseCommand):
    help = "Measure how much of a card list's text the goldfish plays, and what it leaves unread most often."
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("game", choices=sorted(engine.GAMES), help="the game id")
        parser.add_argument("path", help="a card list file or folder, in any format import_cards reads")
        parser.add_argument("--lang", choices=("en", "ja"), default="en", help="card text language")
        parser.add_argument("--top", type=int, default=30, help="how many unread shapes to list (30)")
        parser.add_argument("--policy", nargs="*", default=[], metavar="NAME=VALUE", help="autopilot knobs")
        parser.add_argument("--json", action="store_true", help="print the figures as JSON")

    def handle(self, *args: object, **options: object) -> None:
        game, path = str(options["game"]), Path(str(options["path"]))
        try:
            policy = goldfish.get_simulator(game).params(policy=list(options["policy"])).policy  # type: ignore[call-overload]
            parsed = read_source(game, path, str(options["lang"]))
        except (SourceError, goldfish.NoSimulatorError, goldfish.GoldfishParamError) as e:
            self.stderr.write(str(e))
            sys.exit(2)
        coverage = measure(game, [imported.card for imported in parsed.cards], policy)
        top = max(0, int(options["top"]))  # type: ignore[call-overload]
        if options["json"]:
            self.stdout.write(json.dumps(coverage.to_dict(top) | {"records_not_read": len(parsed.rejected)}))
            return
        self._write(coverage, path, len(parsed.rejected), top)

    def _write(self, coverage: Coverage, path: Path, rejected: int, top: int) -> None:
        name = engine.get_game(coverage.game).name
        self.stdout.write(f"{name}: {coverage.cards} cards from {path} ({rejected} records not read)")
        for label, count in (
            ("played in full", coverage.played),
            ("moot", coverage.moot),
            ("not played", coverage.not_played),
            ("played or moot", coverage.played + coverage.moot),
        ):
            self.stdout.write(f"  {label:<15} {coverage.share(count) * 100:5.1f}%  ({count})")
        shapes = coverage.most_common(top)
        if shapes:
            self.stdout.write(f"The {len(shapes)} most common unread shapes:")
        for shape, count, example in shapes:
            self.stdout.write(f"  {count:>5}  {shape}")
            if example != shape:
                self.stdout.write(f"         e.g. {example}")
