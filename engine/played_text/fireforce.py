"""What the Fire Force goldfish plays of a card's text (engine/goldfish/fireforce.py): the keywords
Assault and Prayer, and, with `card_effects` on, an Event's ability or a Unit's [On Deploy] or [When
Attacking] line made only of draws, damage to the opponent and power changes. Abilities are one line
each, so a line is one part."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from engine.cards import Card
from engine.effects import describe
from engine.goldfish.fireforce import plays
from engine.played_text import DECK_RULE, MOOT, OPPONENT_ATTACKS, PLAYED, UNPLAYED, Status, split_text
from engine.readers.fireforce import ABILITY_TAGS, line_ops

_TAGS = re.compile(r"\[(?:Assault|Prayer|Defend)\]\s*")
_DEFENDING = ("[defend]", "[when defending]", *ABILITY_TAGS["counter"])
_DECK_RULE = re.compile(
    r"you may put any number of cards with this card number in your deck\.?", re.IGNORECASE
)
_POWER_ONLY = "power never matters in an attack on a player (702.17b)"


def split(text: str) -> list[str]:
    return split_text(text, _TAGS, sentences=False)


def classify(part: str, card: Card, policy: Mapping[str, Any]) -> tuple[Status, str]:
    low = part.lower()
    if low in ("[assault]", "[prayer]") and card.has(low[1:-1]):
        return PLAYED, ""
    if low.startswith(_DEFENDING):
        return MOOT, OPPONENT_ATTACKS
    if _DECK_RULE.fullmatch(part):
        return MOOT, DECK_RULE
    if card.effects is not None and policy.get("card_effects", True):  # set by hand: played as they say
        if all(plays(e) for e in card.effects):
            return PLAYED, "; ".join(describe(e) for e in card.effects)
        return UNPLAYED, ""
    body = None
    if card.type == "unit":
        tag = next((t for t in (*ABILITY_TAGS["deploy"], *ABILITY_TAGS["attack"]) if low.startswith(t)), None)
        body = part[len(tag) :] if tag else None
    elif card.type == "event" and not part.startswith(("[", "【")):
        body = part
    ops = line_ops(body) if body is not None and policy.get("card_effects", True) else None
    if ops is None:
        return UNPLAYED, ""
    return (PLAYED, "") if ops else (MOOT, _POWER_ONLY)
