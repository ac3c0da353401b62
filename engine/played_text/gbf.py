"""What the GBF goldfish plays of a card's text (engine/goldfish/gbf.py): an ougi that raises the card's
own ATK (when `use_ougi` is on), a summon's crystal condition, and the effects the text reader
(engine/readers/gbf.py) reads that the simulator plays (`gbf.plays_for`) while `card_effects` is on. Every
other ability is unplayed."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from engine.cards import Card
from engine.goldfish.gbf import CONDITION_PATTERNS, OUGI_PATTERNS, plays_for
from engine.played_text import MOOT, PLAYED, UNPLAYED, Status, split_text
from engine.readers import played_part

# A crew card's own HP raised, and nothing else: HP matters only when the opponent deals damage, and this
# opponent never attacks (§11).
_HP_ONLY = re.compile(
    r"(?:[^:：]*[:：]\s*)?(?:this card gets HP\s*\+\s*\d+(?: while [^.]*)?\.|このカードのHP[+＋]\d+。)",
    re.IGNORECASE,
)


def split(text: str) -> list[str]:
    return split_text(text)


def classify(part: str, card: Card, policy: Mapping[str, Any]) -> tuple[Status, str]:
    what = played_part("gbf", part, card, lambda e: plays_for(card.type, e), policy)
    if what is not None:
        return PLAYED, what
    ougi = any(p.match(part) for p in OUGI_PATTERNS) and part.rstrip().endswith(">")
    if ougi and policy.get("use_ougi", True):
        return PLAYED, ""
    if card.type == "summon" and any(p.match(part) for p in CONDITION_PATTERNS):
        return PLAYED, ""
    if card.type == "crew" and _HP_ONLY.fullmatch(part):
        return (
            MOOT,
            "a crew card's HP matters only when the opponent deals damage, and this opponent never does",
        )
    return UNPLAYED, ""
