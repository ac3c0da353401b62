"""`python manage.py checkdeck FILE [--json]` (docs/deck-file.md): exit 0 legal, 1 not, 2 unreadable."""

import json
import sys
from pathlib import Path

from django.core.management.base import BaseCommand, CommandParser

import engine
from decks.convert import lookup_cards, validate_deck


class Command(BaseCommand):
    help = "Check a deck file against its game's construction rules and the current ban list."
    # A quick command: no system checks, which would import every view (and the API) to check the URLs.
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="a deck file (JSON)")
        parser.add_argument("--json", action="store_true", help="print the verdict as JSON")

    def handle(self, *args: object, **options: object) -> None:
        try:
            text = Path(str(options["file"])).read_bytes()
            deck = engine.load_deck(text, lookup=lookup_cards)
        except (OSError, engine.DeckFileError) as e:
            self.stderr.write(f"Cannot read {options['file']}: {e}")
            sys.exit(2)
        report = validate_deck(deck)
        if options["json"]:
            self.stdout.write(json.dumps(report.to_dict(), ensure_ascii=False, indent=2))
        else:
            self.stdout.write(_as_text(deck, report))
        sys.exit(0 if report.legal else 1)


def _as_text(deck: engine.Deck, report: engine.Report) -> str:
    game = engine.get_game(deck.game)
    title = f"{deck.name or 'Deck'} ({game.name}, {deck.format})"
    sizes = ", ".join(f"{s.label} {deck.size(s.id)}" for s in game.sections)
    lines = [title, sizes, "LEGAL" if report.legal else f"NOT LEGAL: {len(report.violations)} problem(s)"]
    for v in report.violations:
        cards = f" [{', '.join(v.cards)}]" if v.cards else ""
        lines.append(f"  {v.code} (rule {v.rule}) {v.message}{cards}")
    for w in report.warnings:
        cards = f" [{', '.join(w.cards)}]" if w.cards else ""
        kind = "note" if w.severity == "info" else "warning"
        lines.append(f"  {kind} {w.code} (rule {w.rule}) {w.message}{cards}")
    return "\n".join(lines)
