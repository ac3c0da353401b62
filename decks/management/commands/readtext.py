"""`python manage.py readtext GAME "TEXT" [--name NAME] [--json]` (docs/deck-file.md, "Card effects"): what
the project reads from a card text, and what it leaves unread. Exit 0, or 2 for a game it cannot read."""

import json
import re
import sys

from django.core.management.base import BaseCommand, CommandParser

import engine
from engine.readers import has_reader, read_text


class Command(BaseCommand):
    help = "Show the effects the goldfish reads from a card text, and the parts it cannot read."
    requires_system_checks: list[str] = []

    def add_arguments(self, parser: CommandParser) -> None:
        parser.add_argument("game", help="a game id: " + ", ".join(engine.GAMES))
        parser.add_argument("text", help="the card's text, as printed (lines separated by newlines)")
        parser.add_argument("--name", default="", help="the card's name, which its text uses for itself")
        parser.add_argument("--json", action="store_true", help='print {"effects": [...], "unread": [...]}')

    def handle(self, *args: object, **options: object) -> None:
        game = str(options["game"])
        if game not in engine.GAMES:
            self.stderr.write(f"Unknown game {game!r}: one of {', '.join(engine.GAMES)}.")
            sys.exit(2)
        if not has_reader(game):
            self.stderr.write(
                f"No text reader for {engine.get_game(game).name} yet: its card text is not played."
            )
            sys.exit(2)
        text = str(options["text"])
        name = str(options["name"]) or _own_name(engine.get_game(game).printed_text(text))
        reading = read_text(game, text, name)
        if options["json"]:
            self.stdout.write(json.dumps(reading.to_dict(), ensure_ascii=False, indent=2))
            return
        for effect in reading.effects:
            self.stdout.write("effect: " + json.dumps(effect.to_dict(), ensure_ascii=False))
        for part in reading.unread:
            self.stdout.write(f"not read: {part}")
        if not reading.effects and not reading.unread:
            self.stdout.write("no text")


def _own_name(text: str) -> str:
    """The name a text uses for itself when --name is not given: FFTCG's "When NAME enters/attacks" and
    "NAME gains" (after "If you control ..., " too), the Japanese "NAMEが場に出た時". A guess that reads as
    a condition or as other cards ("If you control 3 or more Backups, Dessa", "a Forward", "Kupo or a Job
    Moogle") is no name: the text is then read as about no card, and its own triggers stay unread."""
    m = re.match(r"(?:EX BURST\s*)?When (.+?) (?:enters the field|attacks),", text) or re.match(
        r"(.+?)(?:が場に出た時|がアタックした時|は【?ヘイスト】?を得る)", text
    )
    if not m:
        m = re.match(
            r"If you control [^,]+, (.+?) gains |(.+?) gains Haste\.|"
            r"The cost required to cast (.+?) is reduced",
            text,
        )
    guess = next((g for g in m.groups() if g), "") if m else ""
    return "" if _NOT_A_NAME.search(guess) else guess


# What shows that a guessed name is a condition or names other cards (the first word, or a word inside).
_NOT_A_NAME = re.compile(
    r"^(?:a|an|all|another|any|each|one|this|your|if|while|during)\b|,\s|\b(?:or|you|control|Card Name|Job|"
    r"Category|Forwards?|Backups?|Monsters?|Characters?|Summons?)\b|、|か",
    re.IGNORECASE,
)
