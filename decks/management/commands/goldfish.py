"""`python manage.py goldfish FILE --games N` (docs/deck-file.md): solo games against an opponent who
does nothing, and the own turn on which it loses.

Exit 0 on success; 2 when the file cannot be read, a parameter is bad, or the game has no simulator yet.
"""

import json
import sys
from pathlib import Path

from django.conf import settings
from django.core.management.base import BaseCommand, CommandParser

import engine
from decks.convert import lookup_cards, validate_deck
from engine import goldfish
from engine.played_text import TextReport, text_report


class Command(BaseCommand):
    help = (
        "Play N seeded solo games against an opponent who does nothing and print the distribution of the "
        "own turn on which the opponent loses, the games with no win, and the mean. Opponent parameters "
        "and policy knobs are those of §11 of the game's docs/rules page (NAME=VALUE, repeatable)."
    )
    # A quick command: no system checks, which would import every view (and the API) to check the URLs.
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="a deck file (JSON)")
        parser.add_argument("--games", type=int, required=True, help="N, the number of games")
        parser.add_argument("--seed", type=int, default=0, help="S, the run's seed (default 0)")
        parser.add_argument("--going", choices=goldfish.GOING, default="first", help="default first")
        parser.add_argument(
            "--opponent", nargs="*", default=[], metavar="NAME=VALUE", help="opponent parameters"
        )
        parser.add_argument("--policy", nargs="*", default=[], metavar="NAME=VALUE", help="autopilot knobs")
        parser.add_argument("--json", action="store_true", help="print the result as JSON")

    def handle(self, *args: object, **options: object) -> None:
        try:
            deck = engine.load_deck(Path(str(options["file"])).read_bytes(), lookup=lookup_cards)
        except (OSError, engine.DeckFileError) as e:
            self._fail(f"Cannot read {options['file']}: {e}")
        games = int(options["games"])  # type: ignore[call-overload]
        limit = settings.GOLDFISH_MAX_GAMES
        if not 1 <= games <= limit:
            self._fail(f"--games must be from 1 to {limit:,} (GOLDFISH_MAX_GAMES).")
        try:
            sim = goldfish.get_simulator(deck.game)
            params = sim.params(
                going=str(options["going"]),
                opponent=list(options["opponent"]),  # type: ignore[call-overload]
                policy=list(options["policy"]),  # type: ignore[call-overload]
            )
            sim.check(deck, params)
        except (goldfish.NoSimulatorError, goldfish.GoldfishParamError, goldfish.GoldfishDeckError) as e:
            self._fail(str(e))
        seed = int(options["seed"])  # type: ignore[call-overload]
        result = sim.run(deck, games, seed, params)
        assumed = sim.in_force(deck, params).to_dict()  # what "0 = by format" and the like stood for
        legality = validate_deck(deck)
        card_text = text_report(deck, assumed["policy"])
        if options["json"]:
            extra = {"deck_legality": legality.to_dict(), "card_text": card_text.to_dict()}
            self.stdout.write(
                json.dumps(result.to_dict() | _documented_text_keys(card_text) | assumed | extra)
            )
            return
        if not legality.legal:
            self.stderr.write("This deck is not legal; the games played it as it is:")
            for violation in legality.violations:
                self.stderr.write(f"  {violation.message}")
        self.stdout.write(f"{deck.name or options['file']}: {games} games, going {params.going}, seed {seed}")
        self.stdout.write(
            "opponent (does nothing): "
            + ", ".join(f"{name}={value}" for name, value in assumed["opponent"].items())
            + f", max_own_turns={assumed['max_turns']}"
        )
        self.stdout.write(
            "policy: " + ", ".join(f"{name}={value}" for name, value in assumed["policy"].items())
        )
        self.stdout.write("turn   games   share  cumulative")
        for turn, n in sorted(result.kill_turns.items()):
            self.stdout.write(
                f"{turn:>4}  {n:>6}  {n / games * 100:5.1f}%  {result.p_kill_by(turn) * 100:9.1f}%"
            )
        detail = ", ".join(f"{k} {v}" for k, v in result.outcomes.items() if k != goldfish.WIN and v)
        self.stdout.write(f"no kill: {result.no_kill}" + (f" ({detail})" if detail else ""))
        mean, ci = result.mean_kill_turn(), result.mean_ci95()
        if mean is None or ci is None:
            self.stdout.write("mean kill turn: none (no game was won)")
        else:
            self.stdout.write(f"mean kill turn: {mean:.2f} (95% interval {ci[0]:.2f} to {ci[1]:.2f})")
        self._write_card_text(card_text)

    def _write_card_text(self, report: TextReport) -> None:
        self.stdout.write(
            f"card text played in full: {report.played_share * 100:.0f}% of the deck's cards; "
            + (
                "the games played these cards as if this text were not printed:"
                if report.not_played
                else "all of it was played"
            )
        )
        for card in report.not_played:
            self.stdout.write(f"  {card.copies}x {card.number} {card.name}: {card.unplayed_text}")

    def _fail(self, message: str) -> None:
        self.stderr.write(message)
        sys.exit(2)


def _documented_text_keys(report: TextReport) -> dict[str, object]:
    """The card-text keys docs/deck-file.md promises every goldfish result: `unplayed`, one entry per card
    with the part of its text the games did not play, and `played_share`, the share of the deck's copies
    whose whole text is played or moot. `card_text` says the same with names and the moot parts."""
    return {
        "unplayed": [
            {"card": card.number, "copies": card.copies, "text": card.unplayed_text}
            for card in report.not_played
        ],
        "played_share": round(report.played_share, 4),
    }
