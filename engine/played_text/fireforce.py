"""What the Fire Force goldfish plays of a card's text (engine/goldfish/fireforce.py): the keywords
Assault and Prayer, and, with `card_effects` on, an Event's ability or a Unit's [On Deploy] or [When
Attacking] line that the reader (engine/readers/fireforce.py) reads into effects the simulator plays
(`fireforce.plays_for`). Abilities are one line each, so a line is one part.

Moot, by one rule: a line that only the opponent's acts could make count. Its defence ([Defend], [When
Defending], Counter) waits for an attack that never comes; a line whose every sentence acts on the
opponent's Units, its defence or its hand has nothing to act on, as this opponent never deploys a Unit
or uses its hand.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from engine.cards import Card
from engine.goldfish.fireforce import plays_for
from engine.played_text import DECK_RULE, MOOT, OPPONENT_ATTACKS, PLAYED, UNPLAYED, Status, split_text
from engine.readers import played_part
from engine.readers.fireforce import ABILITY_TAGS
from engine.readers.numbers import half_width

_TAGS = re.compile(r"(?:\[(?:Assault|Prayer|Defend)\]|【(?:強襲|祈り|防衛)】)\s*")
_KEYWORDS = {"[assault]": "assault", "【強襲】": "assault", "[prayer]": "prayer", "【祈り】": "prayer"}
_DEFENDING = ("[defend]", "【防衛】", "[when defending]", "【防御時】", *ABILITY_TAGS["counter"])
_DECK_RULE = re.compile(
    r"you may put any number of cards with this card number in your deck\.?", re.IGNORECASE
)
_POWER_ONLY = "power never matters in an attack on a player (702.17b)"
OPPONENT_ONLY = (
    "it acts only on the opponent's Units, defence or hand, and this opponent never deploys a Unit or uses"
    " its hand"
)
# Sentences that act on nothing but the opponent's Units (or the Unit chosen among them), its defence
# (a Unit of its own that would take the attack, 901.1f) or its hand.
_OPPONENT_SENTENCES = re.compile(
    r"(?:choose (?:up to )?\d+ of your opponent's units"
    r"|(?:it|they|your opponent's units) gets? [-−]\s?\d+ power(?: this turn)?"
    r"|exhaust (?:it|them|(?:up to )?\d+ of your opponent's units)"
    r"|return (?:it|them|(?:up to )?\d+ of your opponent's units) to (?:its|their) owner's hand"
    r"|your opponent discards \d+ cards?(?: from their hand)?"
    r"|this (?:unit|card) can(?:not|'t) be blocked(?: this turn)?"
    r"|(?:このターン[、,]\s*)?相手は(?:このユニットの攻撃に対して)?防衛能力を使用できない"
    r"|相手のユニット(?:\d+枚まで|\d+枚|すべて)を(?:選び[、,]\s*)?(?:行動済み?にする|手札に戻す)"
    r"|相手のユニット(?:\d+枚まで|\d+枚)を選び[、,]\s*(?:このターン[、,]\s*)?パワー[-−]\d+する"
    r"|(?:このターン[、,]\s*)?相手のユニットすべて(?:は|の)パワー[-−]\d+(?:する)?"
    r"|相手は(?:自分の)?手札を\d+枚(?:選び[、,]\s*)?捨てる)",
    re.IGNORECASE,
)
_SENTENCE = re.compile(r"\.|。")


def split(text: str) -> list[str]:
    return split_text(text, _TAGS, sentences=False)


def opponent_only(body: str) -> bool:
    """Whether every sentence of an ability's body acts only on the opponent's Units or hand."""
    sentences = [s.strip() for s in _SENTENCE.split(half_width(body)) if s.strip()]
    return bool(sentences) and all(_OPPONENT_SENTENCES.fullmatch(s) for s in sentences)


def _body(part: str, card: Card) -> str | None:
    """The ability text after its tag, for the lines the goldfish may play: a Unit's [On Deploy] or [When
    Attacking], an Event's untagged ability; None for any other line."""
    low = part.lower()
    if card.type == "unit":
        tag = next((t for t in (*ABILITY_TAGS["deploy"], *ABILITY_TAGS["attack"]) if low.startswith(t)), None)
        return part[len(tag) :] if tag else None
    if card.type == "event" and not part.startswith(("[", "【")):
        return part
    return None


def classify(part: str, card: Card, policy: Mapping[str, Any]) -> tuple[Status, str]:
    low = part.lower()
    if low in _KEYWORDS and card.has(_KEYWORDS[low]):
        return PLAYED, ""
    if low.startswith(_DEFENDING):
        return MOOT, OPPONENT_ATTACKS
    if _DECK_RULE.fullmatch(part):
        return MOOT, DECK_RULE
    body = _body(part, card)
    if body is not None and opponent_only(body):
        return MOOT, OPPONENT_ONLY
    if card.effects is None and body is None:
        return UNPLAYED, ""
    what = played_part("fireforce", part, card, lambda e: plays_for(card.type, e), policy)
    if what is None:
        return UNPLAYED, ""
    return (PLAYED, what) if what or card.effects is not None else (MOOT, _POWER_ONLY)
