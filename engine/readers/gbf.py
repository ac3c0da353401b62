"""GBF card text into effects: the Japanese wording of the official cards' auto effects (【自動効果】,
4-1-1-1) and the English wording of the fictional sample cards.

An effect text is "name: content" (the last colon, rule reference "効果テキスト、奥義に含まれる「:」"); the
trigger 登場時 ("when this card enters play") is a card entering its area (8-7-2-2), アタック時 its attack.
The actions use the rules' own words: draw (カードをN枚引く), damage to the opponent's captain (9-2-1), turn
the top cards of the deck into crystals (宝晶石にする, 10-12) and search the deck for a named card, then
shuffle (探す, 10-7-1-1).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from engine.effects import CardFilter, Effect
from engine.readers.numbers import number

_NAME = r"(?:(?:【自動(?:効果)?】|自動|Auto)\s*[^:：]*[:：]\s*)?"
_TRIGGERS = (
    (r"登場時[:：、]\s*", "enters"),
    (r"アタック時[:：、]\s*", "attacks"),
    (r"when this card enters play, ", "enters"),
    (r"when this card attacks, ", "attacks"),
)
_N = r"(?P<n>\d+|a|one|two)"


def _draw(when: str, m: re.Match[str]) -> Effect:
    return Effect(when, "draw", number(m.group("n")))


def _damage(when: str, m: re.Match[str]) -> Effect:
    return Effect(when, "damage", number(m.group("n")))


def _crystal(when: str, m: re.Match[str]) -> Effect:
    return Effect(when, "resource", number(m.group("n")) if m.groupdict().get("n") else 1)


def _search(when: str, m: re.Match[str]) -> Effect:
    return Effect(when, "search", 1, CardFilter(name=m.group("card")), optional=True)


_ACTIONS: tuple[tuple[str, Callable[[str, re.Match[str]], Effect]], ...] = (
    (r"カードを(?P<n>\d+)枚引く。", _draw),
    (rf"draw {_N} cards?\.", _draw),
    (r"相手のキャプテンに(?P<n>\d+)ダメージを与える。", _damage),
    (rf"deal {_N} damage to your opponent's captain\.", _damage),
    (r"自分のデッキの上から(?P<n>\d+)枚を宝晶石にする。", _crystal),
    (r"turn the top card of your deck into a crystal\.", _crystal),
    (rf"turn the top {_N} cards of your deck into crystals\.", _crystal),
    (r"自分のデッキから「(?P<card>[^」]+)」を1枚まで探して手札に加え、デッキをシャッフルする。", _search),
    (
        r"search your deck for up to 1 \"(?P<card>[^\"]+)\", add it to your hand and shuffle your deck\.",
        _search,
    ),
)
_PATTERNS = tuple(
    (re.compile(_NAME + trigger + action, re.IGNORECASE), when, make)
    for trigger, when in _TRIGGERS
    for action, make in _ACTIONS
)


def read_part(part: str, name: str) -> tuple[Effect, ...] | None:
    for pattern, when, make in _PATTERNS:
        m = pattern.fullmatch(part)
        if m:
            return (make(when, m),)
    return None
