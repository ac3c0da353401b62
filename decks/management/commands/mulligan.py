"""`python manage.py mulligan FILE --hand N1,N2,... [--going first|second|both] [--json]`: keep this opening
hand or mulligan it (engine.advice.mulligan), in exact odds and in goldfish games, for each play order asked
(by default both, as a deck's default goldfish run plays them: decks.goldfish.runs.GOINGS).

Exit 0 on success; 2 (a CommandError) when the file cannot be read, the hand is not one the deck can deal, a
group names a card the deck lacks, or the game has no simulator yet.
"""

import json
from pathlib import Path
from typing import NoReturn

from django.conf import settings
from django.core.management.base import BaseCommand, CommandError, CommandParser

import engine
from decks.convert import lookup_cards
from decks.goldfish.runs import GOINGS
from engine import goldfish, stats
from engine.advice import mulligan
from engine.games.base import GameRules

GROUP_LABELS = ("A", "B", "C")
BOTH = "both"


class Command(BaseCommand):
    help = (
        "Keep or mulligan this opening hand: the exact chance of holding each --group by own turns 0..T with "
        "the hand kept and after the game's own mulligan, and the goldfish's kill turns both ways (the hand "
        "dealt, the rest shuffled; the default opponent, who does nothing, and the default autopilot), "
        "with a verdict from a two-proportion test."
    )
    # A quick command: no system checks, which would import every view (and the API) to check the URLs.
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("file", help="a deck file (JSON)")
        parser.add_argument("--hand", required=True, help="the opening hand's card numbers: N1,N2,...")
        parser.add_argument(
            "--going",
            choices=(BOTH, *GOINGS),
            default=BOTH,
            help="the play orders to answer for (default both, as the deck's default goldfish run)",
        )
        parser.add_argument(
            "--group",
            action="append",
            default=[],
            metavar="N1,N2[:K]",
            help="a group of the odds panel (A, B, C in order): at least K (default 1) of these cards",
        )
        parser.add_argument("--turns", type=int, default=mulligan.DEFAULT_TURNS, help="T (default 5)")
        parser.add_argument(
            "--keep",
            default="",
            help="GBF: card numbers the partial redraw keeps (default none: the whole hand goes back)",
        )
        parser.add_argument(
            "--games", type=int, default=mulligan.DEFAULT_GAMES, help="games each way (default 10000)"
        )
        parser.add_argument("--seed", type=int, default=0, help="the runs' seed (default 0)")
        parser.add_argument("--json", action="store_true", help="print the answer as JSON")

    def handle(self, *args: object, **options: object) -> None:
        try:
            deck = engine.load_deck(Path(str(options["file"])).read_bytes(), lookup=lookup_cards)
        except (OSError, engine.DeckFileError) as e:
            self._fail(f"Cannot read {options['file']}: {e}")
        rules = engine.get_game(deck.game)
        hand = _numbers(str(options["hand"]))
        self._unknown_cards(deck, hand)
        games, turns = int(options["games"]), int(options["turns"])  # type: ignore[call-overload]
        if not 1 <= games <= settings.GOLDFISH_MAX_GAMES:
            self._fail(f"--games must be from 1 to {settings.GOLDFISH_MAX_GAMES:,} (GOLDFISH_MAX_GAMES).")
        if not 0 <= turns <= stats.MAX_TURNS:
            self._fail(f"--turns must be from 0 to {stats.MAX_TURNS}.")
        groups = self._groups(deck, rules, list(options["group"]))  # type: ignore[call-overload]
        try:
            advices = mulligan.advise_each(
                deck,
                rules,
                hand,
                GOINGS if options["going"] == BOTH else (str(options["going"]),),
                groups=groups,
                kept=_numbers(str(options["keep"])),
                turns=turns,
                games=games,
                seed=int(options["seed"]),  # type: ignore[call-overload]
            )
        except (mulligan.HandError, goldfish.NoSimulatorError, goldfish.GoldfishDeckError) as e:
            self._fail(str(e))
        if options["json"]:
            self.stdout.write(json.dumps(mulligan.answer(advices)))
            return
        dealt = advices[0]  # the hand and its mulligan are the same in either play order
        names = ", ".join(deck.cards[n].name for n in dealt.hand)
        self.stdout.write(f"Hand: {', '.join(dealt.hand)} ({names})")
        self.stdout.write(
            f"Mulligan: {dealt.procedure}"
            + (f"; back: {', '.join(dealt.returned)}" if dealt.returned != dealt.hand else "")
        )
        for advice in advices:
            self._write(advice)

    def _write(self, advice: mulligan.Advice) -> None:
        self.stdout.write(f"Going {advice.going}:")
        for odds in advice.odds:
            what = " and ".join(f"{g.at_least}+ of {' / '.join(sorted(g.cards))}" for g in odds.groups)
            self.stdout.write(f"Group {odds.label}: {what} (exact)")
            self.stdout.write("turn      kept  mulligan")
            for t, (k, m) in enumerate(zip(odds.keep, odds.mulligan, strict=True)):
                self.stdout.write(f"{t:>4}  {float(k) * 100:7.2f}%  {float(m) * 100:7.2f}%")
        self.stdout.write(
            f"Goldfish, {advice.kept.games} games each way (opponent who does nothing, default autopilot):"
        )
        self.stdout.write("turn   kept (cumulative)  mulligan (cumulative)")
        last = max([*advice.kept.kill_turns, *advice.mulliganed.kill_turns], default=0)
        for t in range(1, last + 1):
            kept, mulliganed = advice.kept.p_kill_by(t), advice.mulliganed.p_kill_by(t)
            self.stdout.write(f"{t:>4}  {kept * 100:16.1f}%  {mulliganed * 100:20.1f}%")
        for label, result in (("kept", advice.kept), ("mulliganed", advice.mulliganed)):
            mean = result.mean_kill_turn()
            self.stdout.write(
                f"mean kill turn, {label}: " + ("none (no game was won)" if mean is None else f"{mean:.2f}")
            )
        self.stdout.write(advice.sentence)

    def _unknown_cards(self, deck: engine.Deck, numbers: list[str]) -> None:
        """An unknown card number and a card the deck does not hold get different messages."""
        in_deck = {n.upper() for n in deck.cards}
        outside = [n for n in numbers if n.upper() not in in_deck]
        if not outside:
            return
        found = lookup_cards(deck.game, outside)
        unknown = [n for n in outside if n not in found]
        if unknown:
            self._fail(f"Unknown card{'s' if len(unknown) > 1 else ''}: {', '.join(unknown)}.")
        self._fail(f"Not in the main deck of this file: {', '.join(outside)}.")

    def _groups(self, deck: engine.Deck, rules: GameRules, given: list[str]) -> dict[str, stats.Group]:
        if len(given) > len(GROUP_LABELS):
            self._fail(f"At most {len(GROUP_LABELS)} --group options, as on the odds panel.")
        groups = {}
        for label, text in zip(GROUP_LABELS, given, strict=False):
            cards, _, at_least = text.partition(":")
            numbers = _numbers(cards)
            if not numbers:
                self._fail(f"--group {text!r} names no card.")
            missing = stats.not_in_main(deck, rules, numbers)
            if missing:
                self._fail(f"Group {label}: not in the main deck: {', '.join(missing)}.")
            try:
                k = int(at_least) if at_least else 1
            except ValueError:
                self._fail(f"Group {label}: at least must be a whole number, not {at_least!r}.")
            if k < 1:
                self._fail(f"Group {label}: at least must be 1 or more.")
            groups[label] = stats.Group(numbers, k)
        return groups

    def _fail(self, message: str) -> NoReturn:
        raise CommandError(message, returncode=2)


def _numbers(text: str) -> list[str]:
    return [n.strip() for n in text.split(",") if n.strip()]
