"""What the GBF goldfish plays of a card's text (engine/goldfish/gbf.py): an ougi that raises the card's
own ATK (when `use_ougi` is on), a summon's crystal condition, and the effects the text reader
(engine/readers/gbf.py) reads that the simulator plays (`gbf.plays_for`) while `card_effects` is on. Every
other ability is unplayed.

Moot, by one rule: what only the opponent's own acts could make count. A crew card's HP, and an effect
that fires when the opponent attacks, wait for an attack that never comes; an effect that acts only on
the opponent's hand acts on cards this opponent never uses (its crew are not moot: they enter from its
armor when the goldfish's `armor_mode` says so)."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from engine.cards import Card
from engine.goldfish.gbf import CONDITION_PATTERNS, OUGI_PATTERNS, plays_for
from engine.played_text import MOOT, OPPONENT_ATTACKS, PLAYED, UNPLAYED, Status, split_text
from engine.readers import played_part
from engine.readers.gbf import EFFECT_NAME
from engine.readers.numbers import half_width

# A crew card's own HP raised, and nothing else: HP matters only when the opponent deals damage, and this
# opponent never attacks (§11).
_HP_ONLY = re.compile(
    r"(?:[^:：]*[:：]\s*)?(?:this card gets HP\s*\+\s*\d+(?: while [^.]*)?\.|このカードのHP[+＋]\d+。)",
    re.IGNORECASE,
)

OPPONENT_HAND = "it acts only on the opponent's hand, which this opponent never uses"
# An auto effect that fires on the opponent's attack (7-2-1: the attacked card or its master).
_WHEN_ATTACKED = re.compile(
    EFFECT_NAME
    + r"(?:このカードが|自分の(?:団長|団員)が)?(?:相手の(?:団長|団員)に)?アタックされた時\s*[:、,].*"
    + r"|"
    + EFFECT_NAME
    + r"相手の(?:団長|団員)(?:が|の)アタック(?:した時|時)\s*[:、,].*",
    re.IGNORECASE,
)
# An effect on the opponent's hand alone: it discards, or a card of it is chosen (at random, 10-14).
_OPPONENT_HAND = re.compile(
    EFFECT_NAME
    + r"(?:(?:登場時|アタック時)\s*[:、,]\s*)?"
    + r"(?:相手は(?:自分の)?手札を?\d+枚(?:選び[、,]\s*)?捨てる"
    + r"|相手の手札を?\d+枚無作為に選び[、,]\s*捨てる)。?",
    re.IGNORECASE,
)


def opponent_only(part: str) -> str | None:
    """Why a part only matters when the opponent acts, or None: an effect that fires when the opponent
    attacks, or one that acts on its hand alone."""
    text = half_width(part)
    if _WHEN_ATTACKED.fullmatch(text):
        return OPPONENT_ATTACKS
    if _OPPONENT_HAND.fullmatch(text):
        return OPPONENT_HAND
    return None


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
    if why := opponent_only(part):
        return MOOT, why
    if card.type == "crew" and _HP_ONLY.fullmatch(part):
        return (
            MOOT,
            "a crew card's HP matters only when the opponent deals damage, and this opponent never does",
        )
    return UNPLAYED, ""
