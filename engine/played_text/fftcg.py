"""What the FFTCG goldfish plays of a card's text (engine/goldfish/fftcg.py): the keywords Haste and Brave
when the card carries them, the Limit Break cost, and the sentences the text reader (engine/readers/fftcg.py)
turns into effects the simulator plays (`fftcg.plays`) while the `card_effects` knob is on. A card whose
effects are set by hand is played as they say. Text from the official list is read as it is printed, its
markup turned into words and lines first (GameRules.printed_text)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from engine.cards import Card
from engine.games import get_game
from engine.goldfish.fftcg import plays
from engine.played_text import DECK_RULE, MOOT, PLAYED, UNPLAYED, Status, keywords_only, split_text
from engine.readers import played_part

_TAGS = re.compile(r"EX BURST\b\s*")
_SIMULATED_KEYWORDS = frozenset({"haste", "brave"})
_LIMIT_BREAK = re.compile(r"Limit Break\s*(?:--|—|–|-)\s*\d+\.?", re.IGNORECASE)
_DECK_RULE = re.compile(r"(?:your deck may include|you can include) .*", re.IGNORECASE)
# "Damage 3 -- Mog gains Haste.": an ability that works once its player has received that much damage.
_DAMAGE_CONDITION = re.compile(r"Damage \d+\s*(?:--|—|–)\s*\S.*", re.IGNORECASE)
_PROTECTION = re.compile(r".* cannot be (?:chosen|broken) by [^.]*\.?", re.IGNORECASE)
# Text that acts only on the opponent's characters or hand: this opponent has neither characters nor a
# hand it plays from. A choice of the opponent's characters takes the sentences that act on what it chose
# ("it", "them") into one part. A choice that may take your own characters ("choose 1 Forward") is not
# moot: with no opposing Forward it must choose one of yours.
_CHOOSES_OPPONENTS = (
    r"(?!.*\byou control\b)(?:(?:When|At|If) [^,]+, )?(?:you may )?choose (?:up to )?(?:\d+|one|two|three) "
    r"[^.]*?\bopponent controls\."
)
_ON_CHOSEN = (
    r"(?:Deal (?:it|them) \d+ damage|Break (?:it|them)|Dull (?:it|them)(?: and Freeze (?:it|them))?|"
    r"Freeze (?:it|them)|Return (?:it|them) to (?:its|their) owners?'s? hands?|"
    r"Remove (?:it|them) from the game|(?:It|They) loses? [^.]*|"
    r"Put (?:it|them) (?:at|on) the (?:top|bottom) of (?:its|their) owners?'s? decks?)\."
)
_CHOICE_START = re.compile(_CHOOSES_OPPONENTS, re.IGNORECASE)
_CHOSEN_ACTION = re.compile(_ON_CHOSEN, re.IGNORECASE)
# A look at the top cards and what it adds to the hand, two sentences the reader reads as one.
_REVEAL = re.compile(r"reveal the top \d+ cards of your deck\.$", re.IGNORECASE)
_ADD_AMONG = re.compile(r"Add (?:up to )?\d+ .* among them to your hand", re.IGNORECASE)
_OPPONENTS_CHARACTERS = re.compile(
    rf"{_CHOOSES_OPPONENTS}(?: {_ON_CHOSEN})*|(?:(?:When|At) [^,]+, )?Deal \d+ damage to all (?:the )?"
    r"(?:Forwards|Characters) (?:your )?opponent controls\.",
    re.IGNORECASE,
)
_OPPONENTS_HAND = re.compile(
    r"(?:(?:When|At) [^,]+, )?Your opponent (?:randomly )?discards \d+ cards?\.", re.I
)
# A sentence that only raises power: an unblocked attack deals 1 point of damage whatever its power
# (10.1.4.1), and this opponent has no Forward to block or to battle.
_POWER_ONLY = re.compile(
    r"\S+(?: [^.,]*?)? gains? \+\d+ power(?: until the end of the turn| while [^.]*| for each [^.]*)?\.",
    re.IGNORECASE,
)


def split(text: str) -> list[str]:
    parts: list[str] = []
    for part in split_text(get_game("fftcg").printed_text(text), _TAGS):
        if parts and _CHOICE_START.fullmatch(_first_sentence(parts[-1])) and _CHOSEN_ACTION.fullmatch(part):
            parts[-1] += " " + part  # what the choice of the opponent's characters does to them
        elif parts and _REVEAL.search(parts[-1]) and _ADD_AMONG.match(part):
            parts[-1] += " " + part  # what a look at the top cards adds to the hand
        else:
            parts.append(part)
    return parts


def _first_sentence(part: str) -> str:
    return part.split(". ")[0].rstrip(".") + "."


def classify(part: str, card: Card, policy: Mapping[str, Any]) -> tuple[Status, str]:
    if (what := played_part("fftcg", part, card, plays, policy)) is not None:
        return PLAYED, what
    if part == "EX BURST":
        return (
            MOOT,
            "an EX Burst is used only when the opponent deals you damage, and this opponent never does",
        )
    if keywords_only(part, _SIMULATED_KEYWORDS & set(card.keywords)) or _LIMIT_BREAK.fullmatch(part):
        return PLAYED, ""
    if _DECK_RULE.fullmatch(part):
        return MOOT, DECK_RULE
    if _DAMAGE_CONDITION.fullmatch(part):
        return MOOT, "it works only once you have received that much damage, and this opponent deals none"
    if _OPPONENTS_CHARACTERS.fullmatch(part):
        return MOOT, "it acts only on the opponent's characters, and this opponent has none"
    if _OPPONENTS_HAND.fullmatch(part):
        return MOOT, "it acts only on the opponent's hand, and this opponent never plays from it"
    if _PROTECTION.fullmatch(part):
        return MOOT, "it protects the card from the opponent's abilities, and this opponent uses none"
    if _POWER_ONLY.fullmatch(part):
        return MOOT, "power matters only when Forwards block or battle, and this opponent has none"
    return UNPLAYED, ""
