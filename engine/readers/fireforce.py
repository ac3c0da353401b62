"""Fire Force card text into effects: an ability line of draws, damage to the opponent and cards put
from the deck onto the field face down as Flame cards (307.7) and searches for a card by name, then a
shuffle (1110.2, 1113.1), in English or Japanese (`line_effects`), and
the [On Deploy] line that gives the Unit Assault for the turn (「【出動時】このターン、このユニットは【強襲】
を得る。」, 1118.1, 1202.1).

A line tagged [On Deploy] / 【出動時】 is `enters`, [When Attacking] / 【攻撃時】 `attacks`, an untagged line
`cast` (an Event's ability). A "may" (「~てもよい」 alone, "You may ...") is `optional`; 「~てもよい。
そうしたなら、(効果)」 makes the first action a cost of the effect (903.7) and is not read, nor is a line
with a cost (「①:」, 908.1a), a turn limit or a condition. A power change of the card itself is read and
gives no effect: power never matters in an attack on a player (702.17b).

Full-width and half-width digits and punctuation read the same (`half_width`).
"""

from __future__ import annotations

import re

from engine.effects import CardFilter, Effect
from engine.readers.numbers import half_width, number

_NUM = r"(\d+|a|an|one|two|three)"
_MAY_EN = r"(?P<may>you may )?"
_MAY_JA = r"(?:く|(?P<may>いて(?:も)?よい))"  # 「引く」「置く」 or 「引いてもよい」「置いてもよい」
_DRAW = re.compile(rf"{_MAY_EN}draw {_NUM} cards?", re.IGNORECASE)
_DAMAGE = re.compile(rf"deal {_NUM} damage to (?:your|the) opponent", re.IGNORECASE)
# The power of the card itself or of all your Units: a change to a chosen Unit's power is not read.
_POWER = re.compile(
    r"(?:this (?:card|unit)|your units) gets? [+\-−]\s?\d+ power(?: this turn| during this battle)?",
    re.IGNORECASE,
)
_JA_POWER = re.compile(
    r"(?:(?:このターン|このバトル中)[、,]\s*)?(?:このユニット|自分のユニットすべて)(?:の|は)パワー[+\-−]\d+(?:する)?"
)
_JA_DRAW = re.compile(rf"カードを?(\d+)枚を?引{_MAY_JA}")
_JA_DAMAGE = re.compile(r"相手に(\d+)ダメージを与える")
# 307.7: "Put the top card of your deck onto your field face down as a Flame card."
_FACE_DOWN = re.compile(
    rf"{_MAY_EN}(?:put|place) the top (?:card|{_NUM} cards) of your deck (?:onto|on) your field face down"
    r" as (?:a )?Flame cards?",
    re.IGNORECASE,
)
_JA_FACE_DOWN = re.compile(
    rf"(?:自分の)?デッキの上から(\d+)枚を裏向きで炎カードとして(?:自分の)?現場に置{_MAY_JA}"
)
# 1118.1, 1202.1: the Unit may attack the turn it is deployed, as if it had Assault.
_ASSAULT = re.compile(
    r"(?:このターン[、,]\s*)?このユニットは【強襲】を得る。?|this unit gains \[assault\](?: this turn)?\.?",
    re.IGNORECASE,
)
# A search for a card by name (「」 names a card exactly, 1102.1): the player sees the deck and may take
# none (1110.2), then shuffles it (1113.1). It is read only with its shuffle.
_SEARCH = re.compile(
    r"search your deck for up to 1 \"(?P<card>[^\"]+)\", add it to your hand(?:,)? and shuffle your deck",
    re.IGNORECASE,
)
_JA_SEARCH = re.compile(r"(?:自分の)?デッキから「(?P<card>[^」]+)」を1枚まで選び[、,]\s*手札に加える")
_JA_SHUFFLE = re.compile(r"(?:その後[、,]\s*)?(?:自分の)?デッキをシャッフルする")
# Between the actions of a line; the parts are stripped after, as a split pattern that began with \s* would
# try the rest of a run of spaces from each of its characters (quadratic).
_SPLIT = re.compile(r",\s*then|\.|。|[、,]その後[、,]?", re.IGNORECASE)
ABILITY_TAGS = {
    "deploy": ("[on deploy]", "【出動時】"),
    "attack": ("[when attacking]", "【攻撃時】"),
    "counter": ("[counter]", "【反撃】"),
}


def line_effects(body: str, when: str) -> list[Effect] | None:
    """The actions of one ability line in printed order, as effects on `when`: `draw`, `damage`,
    `resource` (cards from the deck's top onto the field face down as Flame cards) and a `search` by
    name; None if any part is not modelled."""
    effects: list[Effect] = []
    unshuffled = False  # a Japanese search waits for its 「その後、デッキをシャッフルする」
    for part in (p.strip() for p in _SPLIT.split(half_width(body))):
        if not part:
            continue
        if unshuffled:
            if not _JA_SHUFFLE.fullmatch(part):
                return None
            unshuffled = False
        elif m := _DRAW.fullmatch(part):
            effects.append(Effect(when, "draw", number(m.group(2)), optional=bool(m["may"])))
        elif m := _JA_DRAW.fullmatch(part):
            effects.append(Effect(when, "draw", number(m.group(1)), optional=bool(m["may"])))
        elif m := _DAMAGE.fullmatch(part) or _JA_DAMAGE.fullmatch(part):
            effects.append(Effect(when, "damage", number(m.group(1))))
        elif m := _FACE_DOWN.fullmatch(part):
            effects.append(Effect(when, "resource", number(m.group(2) or "1"), optional=bool(m["may"])))
        elif m := _JA_FACE_DOWN.fullmatch(part):
            effects.append(Effect(when, "resource", number(m.group(1)), optional=bool(m["may"])))
        elif m := _SEARCH.fullmatch(part) or _JA_SEARCH.fullmatch(part):
            effects.append(Effect(when, "search", 1, CardFilter(name=m["card"]), optional=True))
            unshuffled = m.re is _JA_SEARCH
        elif _POWER.fullmatch(part) or _JA_POWER.fullmatch(part):
            continue  # power never matters in an attack on a player (702.17b)
        else:
            return None
    return None if unshuffled else effects


def read_part(part: str, name: str) -> tuple[Effect, ...] | None:
    low = part.lower()
    when, body = "cast", part
    for trigger, tags in (("enters", ABILITY_TAGS["deploy"]), ("attacks", ABILITY_TAGS["attack"])):
        tag = next((t for t in tags if low.startswith(t)), None)
        if tag:
            when, body = trigger, part[len(tag) :]
    if when == "cast" and part.startswith(("[", "【")):
        return None  # another tagged ability (Counter, Defend, ...)
    if when == "enters" and _ASSAULT.fullmatch(half_width(body).strip()):
        return (Effect("enters", "haste"),)
    effects = line_effects(body, when)
    return None if effects is None else tuple(effects)
