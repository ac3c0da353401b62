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
# A sentence that only raises power: an unblocked attack deals 1 point of damage whatever its power
# (10.1.4.1), and this opponent has no Forward to block or to battle.
_POWER_ONLY = re.compile(
    r"\S+(?: [^.,]*?)? gains? \+\d+ power(?: until the end of the turn| while [^.]*| for each [^.]*)?\.",
    re.IGNORECASE,
)


def split(text: str) -> list[str]:
    return split_text(get_game("fftcg").printed_text(text), _TAGS)


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
    if _PROTECTION.fullmatch(part):
        return MOOT, "it protects the card from the opponent's abilities, and this opponent uses none"
    if _POWER_ONLY.fullmatch(part):
        return MOOT, "power matters only when Forwards block or battle, and this opponent has none"
    return UNPLAYED, ""
