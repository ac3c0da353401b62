"""What the DBS FW goldfish plays of a card's text (engine/goldfish/dbsfw.py): the keywords Critical,
Double Strike, Triple Strike and Field when the card carries them, and the skills the text reader
(engine/readers/dbsfw.py) turns into effects the simulator plays (`dbsfw.plays`) while the `card_effects`
knob is on. A card whose effects are set by hand is played as they say."""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from engine.cards import Card
from engine.goldfish.dbsfw import applies, plays
from engine.played_text import DECK_RULE, MOOT, OPPONENT_ATTACKS, PLAYED, UNPLAYED, Status, split_text
from engine.readers import played_part

_KEYWORD_TAGS = {
    "critical": "critical",
    "double strike": "double-strike",
    "triple strike": "triple-strike",
    "field": "field",
}
# The Japanese list's names of the same tags (its brackets 【】 or [], now and then one of each).
_JA_TAGS = {
    "クリティカル": "critical",
    "ダブルストライク": "double strike",
    "トリプルストライク": "triple strike",
    "フィールド": "field",
    "ブロッカー": "blocker",
    "バリア": "barrier",
    "スーパーコンボ": "super combo",
    "ドラゴンボール": "dragon ball",
}
_DEFENDING_TAGS = {"blocker", "barrier", "super combo"}
_TAGS = re.compile(
    r"\[(?:Critical|Double Strike|Triple Strike|Field|Blocker|Barrier|Super Combo|Dragon Ball)\]\s*"
)
_DECK_RULE = re.compile(r"you may include .* in your deck\.?", re.IGNORECASE)
_REMINDED = re.compile(r"[\[【［][^\]】］]+[\]】］]")  # a keyword tag alone, which reminder text may follow
_REMINDER = re.compile(r"\s*[(（].*[)）]", re.DOTALL)
_NO_COMBO = "This card cannot combo."
# A skill printed right after the one before it, with no new line ("... Draw 1 card.[Awaken] ...").
_GLUED_SKILL = re.compile(r"(?<=[).。])(?=[\[【])")
_THEN = "Then, "  # the rest of a skill, one part with it ("Then, flip this card over.")
# A skill of the opponent's turn, in which this opponent only draws: nothing attacks, combos or plays.
_OPPONENTS_TURN = re.compile(
    r"(?:[\[【][^\]】]*[\]】])*[\[【](?:Opponent's Turn|Opponent’s Turn|相手のターン中)[\]】].*", re.DOTALL
)
# The second sentence of a look at the top cards, which the reader reads with the first.
_REST_TO_BOTTOM = re.compile(
    r"Place the rest at the bottom of (?:your|their owner's|its owner's) deck in (?:a random|any) order\."
)
_KO = (
    "your cards are KO'd only by the opponent, who does nothing here, or by your own text that KOs them,"
    " which is named as not played"
)
_MOOT_SKILLS = {
    "[awaken]": "it needs your life down at its line: this opponent never attacks, so only your own text that"
    " takes life cards brings it there",
    "[when ko'd]": _KO,
    "[ko]": _KO,
    "[ko時]": _KO,
    "[when blocking]": OPPONENT_ATTACKS,
    "[ブロック時]": OPPONENT_ATTACKS,
}
AGAINST_OPPONENT = (
    "it acts only on the opponent's Battle Cards, hand, blocks or attacks, and this opponent has no Battle"
    " Cards, never blocks and never attacks (a cost paid for it need not be paid)"
)


# The one rule for text that matters only against an opponent who acts (issue 32, item 4). A skill is moot
# when, after its tags, a cost (text before " : ", which need not be paid) and a condition ("If ..., "),
# every clause of it ("Then, ...") acts only on the opponent's Battle Cards, hand, blocks or attacks.
_LEADING_TAGS = re.compile(r"^(?:[\[【][^\]】]*[\]】]\s*)+")
_COST = re.compile(r"^[^:：]*?\s?[:：]\s?")
_THEN_CLAUSE = re.compile(r"(?<=\.) Then, |(?<=。)その後、")
_CONDITION = re.compile(r"^(?:If [^,]*, |[^、。]*場合、)")
_THEM = r"(?:it|them)"
_OWNERS = r"(?:its|their) owner's"
_OPPONENTS_CARDS = (
    r"(?:of your opponent's (?:Rest Mode )?Battle Cards(?: with [^.]*?)?"
    r"|(?:Rest Mode )?Battle Cards? (?:with [^.]*? )?in your opponent's Battle Area(?: with [^.]*?)?)"
)
_OPPONENT_ONLY = (
    re.compile(
        rf"choose (?:up to \d+|all|\d+) {_OPPONENTS_CARDS},? and (?:KO {_THEM}|switch {_THEM} to Rest Mode"
        rf"|(?:it gets|they get) -\d+ power for the (?:turn|battle)|place {_THEM} at the bottom of {_OWNERS} "
        rf"deck(?: in any order)?|return {_THEM} to {_OWNERS} hand|reduce (?:its cost|their costs) by \d+ "
        rf"for the turn|{_THEM} can't (?:attack|switch to Active Mode) during your opponent's next turn"
        rf"|place {_THEM} (?:in|into) {_OWNERS} Drop)\.",
        re.IGNORECASE,
    ),
    re.compile(r"your opponent discards \d+ cards? from their hand\.", re.IGNORECASE),
    re.compile(r"this card can't be blocked(?: by [^.]*)?\.", re.IGNORECASE),
    re.compile(
        r"(?:this card|your [^.]*?) can't be (?:KO'd|removed from the Battle Area) by "
        r"(?:your opponent's skills|the skills of your opponent's (?:Battle )?Cards)"
        r"(?: until the end of your opponent's next turn)?\.",
        re.IGNORECASE,
    ),
    re.compile(r"your opponent's Battle Cards (?:with [^.]*? )?can't attack\.", re.IGNORECASE),
    re.compile(r"this card can't be KO'd once per turn\.", re.IGNORECASE),
    re.compile(r"this card gains \[(?:Blocker|Barrier)\]\.", re.IGNORECASE),
    re.compile(
        r"this card gets \+\d+ power while it's in a battle with an opponent's Battle Card\.", re.IGNORECASE
    ),
    re.compile(r"このカードは、1ターンに1回、KOされない。"),
    re.compile(r"このカードと相手のバトルカードとの戦闘中、このカードのパワー\+\d+。"),
    re.compile(
        r"相手の(?:(?:パワー|コスト)\d+以(?:下|上)の)?バトルカード(?:\d+枚まで|すべて)を選び、(?:このターン中、)?"
        r"(?:KOする|レストにする|パワー-\d+|コスト-\d+|デッキの下に置く|手札に戻す)。"
    ),
    re.compile(
        r"相手のバトルエリアのバトルカード\d+枚までを選び、(?:このターン中、)?(?:KOする|レストにする|パワー-\d+)。"
    ),
    re.compile(r"相手は(?:自分の)?手札\d+枚を捨てる。"),
    re.compile(r"このカードは相手のスキルによって(?:バトルエリアを離れない|KOされない)。"),
    re.compile(r"相手の(?:(?:パワー|コスト)\d+以(?:下|上)の)?バトルカードはアタックできない。"),
)


# At the end of your own turn: what readies a card for the opponent's turn only (it untaps at the start of
# your next one anyway, 7-2-7), which matters only if the opponent attacks.
_END_OF_YOUR_TURN = re.compile(r"^[\[【](?:End of Your Turn|自分のターン終了時)[\]】]")
_FOR_THE_OPPONENTS_TURN = (
    re.compile(
        r"(?:switch this card(?: in a Battle Area)? to Active Mode|choose (?:up to )?1 of your Rest Mode "
        r"(?:Battle )?cards(?: with [^.]*?)? and switch it to Active Mode|your Leader gets \+\d+ power until "
        r"the end of your opponent's next turn)\.",
        re.IGNORECASE,
    ),
    re.compile(r"(?:バトルエリアの)?このカードをアクティブにする。"),
    re.compile(r"自分のレストの[^。]*?(?:バトル)?カード1枚(?:まで)?を選び、アクティブにする。"),
)
END_OF_YOUR_TURN = (
    "at the end of your turn it readies a card only for the opponent's turn (your cards untap at the start"
    " of yours, 7-2-7), which matters only if the opponent attacks"
)


def _clauses(action: str) -> list[str]:
    return [_CONDITION.sub("", c.replace("’", "'")) for c in _THEN_CLAUSE.split(action)]


def _only_against_opponent(clause: str) -> bool:
    return any(p.fullmatch(clause) for p in _OPPONENT_ONLY)


def for_the_opponents_turn(part: str) -> bool:
    """Whether an [End of Your Turn] skill only readies cards for the opponent's turn (after its cost and
    any condition)."""
    if not _END_OF_YOUR_TURN.match(part):
        return False
    action = _LEADING_TAGS.sub("", part)
    return any(
        all(any(p.fullmatch(c) for p in _FOR_THE_OPPONENTS_TURN) for c in _clauses(text))
        for text in (action, _COST.sub("", action, count=1))
    )


def against_opponent(part: str) -> bool:
    """Whether a skill acts only on the opponent's Battle Cards, hand, blocks or attacks (after its cost,
    which a player need not pay, and any condition): against this opponent it does nothing."""
    action = _LEADING_TAGS.sub("", part)
    if action == part:
        return False  # not a skill: a tag starts every one
    for text in (action, _COST.sub("", action, count=1)):
        if all(_only_against_opponent(c) for c in _clauses(text)):
            return True
    return False


def _played_before_a_moot_rest(part: str, card: Card, policy: Mapping[str, Any]) -> str | None:
    """A skill whose last clauses act only against the opponent ("Add up to 1 card from your life to your
    hand. Then, choose up to 1 of your opponent's Battle Cards ... and KO it."): what the rest plays, if
    the goldfish plays it whole."""
    tags = _LEADING_TAGS.match(part)
    if tags is None:
        return None
    pieces = _THEN_CLAUSE.split(part[tags.end() :])
    for cut in range(len(pieces) - 1, 0, -1):
        if all(_only_against_opponent(c) for c in _clauses_of(pieces[cut:])):
            head = tags.group(0) + _joined(part[tags.end() :], pieces[:cut])
            return played_part("dbsfw", head, card, lambda e: plays(e) and applies(card, e), policy)
    return None


def _clauses_of(pieces: list[str]) -> list[str]:
    return [_CONDITION.sub("", p.replace("’", "'")) for p in pieces]


def _joined(action: str, pieces: list[str]) -> str:
    """The first pieces of a split action as they were printed (". Then, " or "その後、" between them)."""
    glue = "その後、" if "その後、" in action else " Then, "
    return glue.join(pieces)


# A keyword's reminder text on a line of its own, after the skill that grants the keyword: "([Critical] :
# When this card inflicts damage ...)".
_LONE_REMINDER = re.compile(r"[(（]\[?[^\]():：]+\]? ?[:：].*[)）]", re.DOTALL)
REMINDER = "reminder text, which explains a keyword: the skill that grants it is classified on its own"


def split(text: str) -> list[str]:
    """The text's parts, a keyword's reminder text in parentheses with its keyword ("[Blocker] (After an
    opponent's attack, ...)"): it explains the keyword and is played, or moot, as the keyword is. A look
    at the top cards keeps its "Place the rest at the bottom ..." with it, an Awaken its flip."""
    parts: list[str] = []
    text = _GLUED_SKILL.sub("\n", text)  # a reminder or a skill some lists print with the next on its line
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
    if (
        what := played_part("dbsfw", part, card, lambda e: plays(e) and applies(card, e), policy)
    ) is not None:
        return PLAYED, what
    if card.effects is None and (what := _played_before_a_moot_rest(part, card, policy)) is not None:
        return PLAYED, what + " (the rest acts only against the opponent)"
    bare = _REMINDER.sub("", part) if _REMINDED.match(part) else part
    tag = bare[1:-1].lower() if _REMINDED.fullmatch(bare) else None
    tag = _JA_TAGS.get(tag or "", tag)
    if tag in _KEYWORD_TAGS and card.has(_KEYWORD_TAGS[tag]):
        return PLAYED, ""
    if tag in _DEFENDING_TAGS or part == _NO_COMBO:
        return MOOT, OPPONENT_ATTACKS
    if _LONE_REMINDER.fullmatch(part):
        return MOOT, REMINDER
    if tag == "dragon ball" or _DECK_RULE.fullmatch(part):
        return MOOT, DECK_RULE
    if _OPPONENTS_TURN.fullmatch(part):
        return MOOT, "it works only in the opponent's turn, in which this opponent only draws"
    square = re.sub(r"[【［]", "[", re.sub(r"[】］]", "]", part)).lower()
    for skill, why in _MOOT_SKILLS.items():
        if square.startswith(skill):
            return MOOT, why
    if against_opponent(part):
        return MOOT, AGAINST_OPPONENT
    if for_the_opponents_turn(part):
        return MOOT, END_OF_YOUR_TURN
    return UNPLAYED, ""
