"""GBF card text into effects: the Japanese wording of the official cards' auto effects (【自動効果】,
8-1-4-1: 「効果名:(誘発条件)時、(効果)」) and the English wording of the fictional sample cards.

An effect text is "name: content"; the trigger 登場時 ("when this card enters play") is a card entering
its area (8-7-2-2), アタック時 its attack, and a text may print it after the name with a colon or a comma
(「閃き:登場時、カード1枚を引く。」 and 「登場時:カードを1枚引く。」 read alike). A name that holds a cost
(〔火①〕), a turn limit (ターン1回) or a condition (「…の時」) is not read: its effect would be played
without them. The actions use the rules' own words: draw (「カード1枚を引く」 4-8-2; 「N枚までを引く」, up
to N, 4-8-4), damage to the opponent's captain (団長, 9-2-1), turn the top cards of the deck into crystals
(宝晶石にする, 10-12: a card from another area into the crystal area; only the deck's top is read, the
only source the goldfish plays), the card's own ATK raised for the turn (「このターン中、このカードのATKに+1
する」, 8-2-1-2: `power`) and search the deck for a character (「」, 2-1-1-1), then shuffle
(探す, 10-7-1-1). A "may" (「~してよい」「~てもよい」) is `optional`.

Full-width and half-width digits and punctuation read the same (`half_width`).
"""

from __future__ import annotations

import re
from collections.abc import Callable

from engine.effects import CardFilter, Effect
from engine.readers.numbers import half_width, number

# An effect name, no cost, turn limit or condition in it (8-1-4-1); the rules' category labels may lead.
_JA_NAME = r"(?:(?:【自動(?:効果)?】|自動)\s*)?(?![^:]*(?:ターン|時))[^\s:〔〕()「」《》、。,]+\s*:\s*"
_EN_NAME = r"(?:Auto\s+)?(?![^:]*\b(?:turn|once|if|when|while)\b)[a-z][a-z' -]*:\s*"
EFFECT_NAME = rf"(?:{_JA_NAME}|{_EN_NAME})?"  # engine.played_text.gbf reads it before its moot wordings
_TRIGGERS = (
    (r"登場時\s*[:、,]\s*", "enters"),
    (r"アタック時\s*[:、,]\s*", "attacks"),
    (r"when this card enters play, ", "enters"),
    (r"when this card attacks, ", "attacks"),
)
_N = r"(?P<n>\d+|a|one|two)"
_MAY = r"(?P<may>(?:い|し)て(?:も)?よい)"  # 「引いてよい」「宝晶石にしてもよい」: `optional`
_END = r"。?"


def _draw(when: str, m: re.Match[str]) -> Effect:
    return Effect(when, "draw", number(m.group("n")), optional=bool(m.groupdict().get("may")))


def _draw_up_to(when: str, m: re.Match[str]) -> Effect:
    return Effect(when, "draw", number(m.group("n")), optional=True)  # 4-8-4-1: it may stop at any time


def _damage(when: str, m: re.Match[str]) -> Effect:
    return Effect(when, "damage", number(m.group("n")))


def _crystal(when: str, m: re.Match[str]) -> Effect:
    n = number(m.group("n")) if m.groupdict().get("n") else 1
    return Effect(when, "resource", n, optional=bool(m.groupdict().get("may")))


def _atk(when: str, m: re.Match[str]) -> Effect:
    return Effect(when, "power", number(m.groupdict().get("n2") or m.group("n")))


def _search(when: str, m: re.Match[str]) -> Effect:
    return Effect(when, "search", 1, CardFilter(name=m.group("card")), optional=True)


_ACTIONS: tuple[tuple[str, Callable[[str, re.Match[str]], Effect]], ...] = (
    (rf"カードを?(?P<n>\d+)枚を?引(?:く|{_MAY})" + _END, _draw),
    (r"(?:カード)?を?(?P<n>\d+)枚までを?引く" + _END, _draw_up_to),
    (rf"draw {_N} cards?\.", _draw),
    (r"相手の(?:団長|キャプテン)に(?P<n>\d+)ダメージを与える" + _END, _damage),
    (rf"deal {_N} damage to your opponent's captain\.", _damage),
    (
        rf"(?:自分の)?デッキの(?:上から(?P<n>\d+)枚|一番上のカード(?:1枚)?)を宝晶石に(?:する|{_MAY})" + _END,
        _crystal,
    ),
    (r"turn the top card of your deck into a crystal\.", _crystal),
    # 8-2-1-2's example of a lasting effect, 「このターン中、このカードのATKに+1する」: the card's own ATK for
    # the turn; written as the ougi writes it (「このカードのATK+X」, 2-6-1-1) too.
    (r"このターン中[、,]\s*このカードの(?:ATK|ＡＴＫ)(?:に\+(?P<n>\d+)する|\+(?P<n2>\d+))" + _END, _atk),
    (rf"this card gets ATK\s*\+\s*{_N} this turn\.", _atk),
    (rf"turn the top {_N} cards of your deck into crystals\.", _crystal),
    (
        r"(?:自分の)?デッキから「(?P<card>[^」]+)」を1枚まで探して手札に加え[、,]\s*デッキをシャッフルする"
        + _END,
        _search,
    ),
    (
        r"search your deck for up to 1 \"(?P<card>[^\"]+)\", add it to your hand and shuffle your deck\.",
        _search,
    ),
)
_PATTERNS = tuple(
    (re.compile(EFFECT_NAME + trigger + action, re.IGNORECASE), when, make)
    for trigger, when in _TRIGGERS
    for action, make in _ACTIONS
)


def read_part(part: str, name: str) -> tuple[Effect, ...] | None:
    text = half_width(part)
    for pattern, when, make in _PATTERNS:
        m = pattern.fullmatch(text)
        if m:
            return (make(when, m),)
    return None
