"""DBS Fusion World card text into effects: the English wording of the official card list (skills in
【】 or [] brackets) and the Japanese.

A skill is one part: its timing tag, then one action sentence. 【On Play】 is `enters`, 【When Attacking】
and 【Auto】 "When this card attacks," `attacks`, 【Activate: Main】 on an Extra `cast` (an Extra's skill
resolves when it is used, 12-2-2). Damage is what 5-8-1 calls it: "deal N damage to a player" or "to a
player's life".
"""

from __future__ import annotations

import re
from collections.abc import Callable

from engine.effects import CardFilter, Effect
from engine.readers.numbers import number

_N = r"(\d+|one|two|three)"


def _tag(*names: str) -> str:
    return r"[【\[](?:" + "|".join(names) + r")[】\]]\s*"


_TIMINGS = (
    (_tag("On Play", "登場時"), "enters"),
    (_tag("When Attacking", "アタック時"), "attacks"),
    (_tag("Auto") + r"When this card attacks, ", "attacks"),
    (_tag("自動") + r"このカードがアタックした時、", "attacks"),
    (_tag("Activate: Main(?:/Battle)?", "起動 ?メイン(?:/戦闘中)?"), "cast"),  # 1-3-4-1
)


def _draw(when: str, m: re.Match[str]) -> Effect:
    return Effect(when, "draw", number(m.group("n")), optional=m.groupdict().get("may") is not None)


def _energy(when: str, m: re.Match[str]) -> Effect:
    return Effect(when, "resource", number(m.group("n")) if m.group("n") else 1)


def _search(when: str, m: re.Match[str]) -> Effect:
    trait = CardFilter(traits=(m.group("trait"),))
    return Effect(when, "search", 1, trait, optional=True, top=number(m.group("top")))


def _damage(when: str, m: re.Match[str]) -> Effect:
    return Effect(when, "damage", number(m.group("n")))


def _life(when: str, m: re.Match[str]) -> Effect:
    return Effect(when, "life", number(m.group("n")), optional=True)


_ACTIONS: tuple[tuple[str, Callable[[str, re.Match[str]], Effect]], ...] = (
    (rf"(?P<may>You may draw)?(?(may)|Draw) (?P<n>{_N[1:-1]}) cards?\.", _draw),
    (r"カードを(?P<n>\d+)枚引(?:く|いてもよい(?P<may>))。", _draw),
    (rf"Place the top (?:(?P<n>{_N[1:-1]}) )?cards? of your deck in your energy area\.", _energy),
    (r"自分のデッキの上から(?P<n>\d+)枚をエネルギーエリアに置く。", _energy),
    (
        rf"Look at the top (?P<top>{_N[1:-1]}) cards of your deck, reveal up to 1 "
        r"\{(?P<trait>[^}]+)\} card among them and add it to your hand, and place the rest at the bottom of "
        r"your deck in any order\.",
        _search,
    ),
    (  # the official list's wording: two sentences, one part (engine/played_text/dbsfw.py)
        rf"Look at (?P<top>{_N[1:-1]}) cards from the top of your deck, (?:then )?reveal up to 1 card with "
        r"《(?P<trait>[^》]+)》 in its special traits and add it to your hand\. Place the rest at the "
        r"bottom of (?:your|their owner's|its owner's) deck in (?:a random|any) order\.",
        _search,
    ),
    (
        r"自分のデッキの上から(?P<top>\d+)枚を見て、その中から[《{](?P<trait>[^》}]+)[》}]を持つカード1枚までを"
        r"公開して手札に加え、残りを好きな順番でデッキの下に置く。",
        _search,
    ),
    (rf"Deal (?P<n>{_N[1:-1]}) damage to your opponent(?:'s life)?\.", _damage),
    (r"相手(?:のライフ)?に(?P<n>\d+)ダメージを与える。", _damage),
    # "up to": the player chooses how many (a card that must take a life card is left unread)
    (rf"Add up to (?P<n>{_N[1:-1]}) cards? from your life to your hand\.", _life),
    (r"自分のライフ(?P<n>\d+)枚までを手札に加える。", _life),
)
_PATTERNS = (
    tuple(
        (re.compile(timing + action, re.IGNORECASE), when, make)
        for timing, when in _TIMINGS
        for action, make in _ACTIONS
    )
    + (
        (  # a Leader's Awaken (15-2): its draw, then the flip, which the simulator makes of every Awaken
            re.compile(
                rf"{_tag('Awaken')}(?:\([^)]*\)\s*)?When your life is (?:at )?\d+ or less[,:] draw "
                rf"(?P<n>{_N[1:-1]}) cards?(?:\. Then, flip this card over|, then flip this card(?: over)?)"
                r"\.",
                re.IGNORECASE,
            ),
            "awaken",
            _draw,
        ),
    )
)


def read_part(part: str, name: str) -> tuple[Effect, ...] | None:
    for pattern, when, make in _PATTERNS:
        m = pattern.fullmatch(part)
        if m:
            return (make(when, m),)
    return None
