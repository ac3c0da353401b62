"""What the DBS FW goldfish plays of a card's text (engine/goldfish/dbsfw.py): the keywords Critical,
Double Strike, Triple Strike and Field when the card carries them, and the skills the text reader
(engine/readers/dbsfw.py) turns into effects the simulator plays (`dbsfw.plays`) while the `card_effects`
knob is on. A card whose effects are set by hand is played as they say."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from engine.cards import Card
from engine.goldfish.dbsfw import plays
from engine.played_text import DECK_RULE, MOOT, OPPONENT_ATTACKS, PLAYED, UNPLAYED, Status, split_text
from engine.readers import played_part

_KEYWORD_TAGS = {
    "critical": "critical",
    "double strike": "double-strike",
    "triple strike": "triple-strike",
    "field": "field",
}
_DEFENDING_TAGS = {"blocker", "barrier", "super combo"}
_TAGS = re.compile(
    r"\[(?:Critical|Double Strike|Triple Strike|Field|Blocker|Barrier|Super Combo|Dragon Ball)\]\s*"
)
_DECK_RULE = re.compile(r"you may include .* in your deck\.?", re.IGNORECASE)
_REMINDED = re.compile(r"\[[^\]]+\]")  # a keyword tag alone, which reminder text may follow
_REMINDER = re.compile(r"\s*\(.*\)", re.DOTALL)
_NO_COMBO = "This card cannot combo."
_GLUED_SKILL = re.compile(r"\)\[")
_THEN = "Then, "  # the rest of a skill, one part with it ("Then, flip this card over.")
# A skill of the opponent's turn, in which this opponent only draws: nothing attacks, combos or plays.
_OPPONENTS_TURN = re.compile(
    r"(?:\[[^\]]*\])*\[(?:Opponent's Turn|Opponent’s Turn|相手のターン中)\].*", re.DOTALL
)
# The second sentence of a look at the top cards, which the reader reads with the first.
_REST_TO_BOTTOM = re.compile(
    r"Place the rest at the bottom of (?:your|their owner's|its owner's) deck in (?:a random|any) order\."
)
_MOOT_SKILLS = {
    "[awaken]": "it needs your life down at its line: this opponent never attacks, so only your own text that"
    " takes life cards brings it there",
    "[ko]": "your cards are KO'd only by the opponent, and this opponent does nothing",
}


def split(text: str) -> list[str]:
    """The text's parts, a keyword's reminder text in parentheses with its keyword ("[Blocker] (After an
    opponent's attack, ...)"): it explains the keyword and is played, or moot, as the keyword is. A look
    at the top cards keeps its "Place the rest at the bottom ..." with it, an Awaken its flip."""
    parts: list[str] = []
    text = _GLUED_SKILL.sub(")\n[", text)  # a reminder some lists print with the next skill on its line
    for part in split_text(text, _TAGS):
        if parts and _continues(parts[-1], part):
            parts[-1] += " " + part
        else:
            parts.append(part)
    return parts


def _continues(previous: str, part: str) -> bool:
    """Whether a part belongs to the one before it: a keyword's reminder text (or the rest of a reminder of
    several sentences), a look at the top cards' "Place the rest ...", and what a skill does "Then, ..."
    (an Awaken's flip, a discard after a draw): a reading of the skill without it would be a misread, so
    the skill is read whole or left unread."""
    return (
        (_REMINDED.fullmatch(previous) is not None and part.startswith("("))
        or _open(previous)
        or ("Look at" in previous and _REST_TO_BOTTOM.fullmatch(part) is not None)
        or part.startswith(_THEN)
    )


def _open(part: str) -> bool:
    """Whether a part ends inside its reminder text (a reminder of several sentences)."""
    return _REMINDED.fullmatch(part.split(" (")[0]) is not None and part.count("(") > part.count(")")


def classify(part: str, card: Card, policy: Mapping[str, Any]) -> tuple[Status, str]:
    if (what := played_part("dbsfw", part, card, plays, policy)) is not None:
        return PLAYED, what
    bare = _REMINDER.sub("", part) if _REMINDED.match(part) else part
    tag = bare[1:-1].lower() if _REMINDED.fullmatch(bare) else None
    if tag in _KEYWORD_TAGS and card.has(_KEYWORD_TAGS[tag]):
        return PLAYED, ""
    if tag in _DEFENDING_TAGS or part == _NO_COMBO:
        return MOOT, OPPONENT_ATTACKS
    if tag == "dragon ball" or _DECK_RULE.fullmatch(part):
        return MOOT, DECK_RULE
    if _OPPONENTS_TURN.fullmatch(part):
        return MOOT, "it works only in the opponent's turn, in which this opponent only draws"
    for skill, why in _MOOT_SKILLS.items():
        if part.lower().startswith(skill):
            return MOOT, why
    return UNPLAYED, ""
