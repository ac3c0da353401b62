"""Fire Force card text into effects: an ability line of draws, damage to the opponent and cards put
from the deck onto the field face down as Flame cards (307.7), in English or Japanese (`line_ops`).

A line tagged [On Deploy] / 【出動時】 is `enters`, [When Attacking] / 【攻撃時】 `attacks`, an untagged line
`cast` (an Event's ability). Power changes in a line are read and give no effect: power never matters in
an attack on a player (702.17b).
"""

from __future__ import annotations

import re

from engine.effects import Effect
from engine.readers.numbers import number

_NUM = r"(\d+|a|an|one|two|three)"
_DRAW = re.compile(rf"draw {_NUM} cards?", re.IGNORECASE)
_DAMAGE = re.compile(rf"deal {_NUM} damage to (?:your|the) opponent", re.IGNORECASE)
_POWER = re.compile(r".*gets? [+\-−]\s?\d+ power.*", re.IGNORECASE)
_JA_DRAW = re.compile(r"カードを(\d+)枚引く")
_JA_DAMAGE = re.compile(r"相手に(\d+)ダメージを与える")
# 307.7: "Put the top card of your deck onto your field face down as a Flame card."
_FACE_DOWN = re.compile(
    rf"(?:put|place) the top (?:card|{_NUM} cards) of your deck (?:onto|on) your field face down as "
    r"(?:a )?Flame cards?",
    re.IGNORECASE,
)
_JA_FACE_DOWN = re.compile(r"(?:自分の)?デッキの上から(\d+)枚を裏向きで炎カードとして(?:自分の)?現場に置く")
# Between the actions of a line; the parts are stripped after, as a split pattern that began with \s* would
# try the rest of a run of spaces from each of its characters (quadratic).
_SPLIT = re.compile(r",\s*then|\.|。|、その後、?", re.IGNORECASE)
ABILITY_TAGS = {
    "deploy": ("[on deploy]", "【出動時】"),
    "attack": ("[when attacking]", "【攻撃時】"),
    "counter": ("[counter]", "【反撃】"),
}


def line_ops(body: str) -> list[tuple[str, int]] | None:
    """The actions of one ability line in printed order, as (`do`, n): `draw`, `damage` and `resource`
    (cards from the deck's top onto the field face down as Flame cards); None if any part is not
    modelled."""
    ops: list[tuple[str, int]] = []
    for part in (p.strip() for p in _SPLIT.split(body)):
        if not part:
            continue
        if m := _DRAW.fullmatch(part) or _JA_DRAW.fullmatch(part):
            ops.append(("draw", number(m.group(1))))
        elif m := _DAMAGE.fullmatch(part) or _JA_DAMAGE.fullmatch(part):
            ops.append(("damage", number(m.group(1))))
        elif m := _FACE_DOWN.fullmatch(part) or _JA_FACE_DOWN.fullmatch(part):
            ops.append(("resource", number(m.group(1) or "1")))
        elif _POWER.fullmatch(part):
            continue  # power never matters in an attack on a player (702.17b)
        else:
            return None
    return ops


def read_part(part: str, name: str) -> tuple[Effect, ...] | None:
    low = part.lower()
    when, body = "cast", part
    for trigger, tags in (("enters", ABILITY_TAGS["deploy"]), ("attacks", ABILITY_TAGS["attack"])):
        tag = next((t for t in tags if low.startswith(t)), None)
        if tag:
            when, body = trigger, part[len(tag) :]
    if when == "cast" and part.startswith(("[", "【")):
        return None  # another tagged ability (Counter, Defend, ...)
    ops = line_ops(body)
    if ops is None:
        return None
    return tuple(Effect(when, do, n) for do, n in ops)
