"""GBF card text into effects: the Japanese wording of the official cards' auto effects (【自動効果】,
4-1-1-1) and the English wording of the fictional sample cards.

An effect text is "name: content" (the last colon, rule reference "効果テキスト、奥義に含まれる「:」"); the
trigger 登場時 ("when this card enters play") is a crew card entering the crew area (8-7-2-2).
"""

from __future__ import annotations

import re

from engine.effects import Effect

_NAME = r"(?:(?:【自動効果?】|自動|Auto)\s*[^:：]*[:：]\s*)?"
_PATTERNS = (
    (re.compile(_NAME + r"登場時[:：、]\s*カードを(\d+)枚引く。"), "enters", "draw"),
    (re.compile(_NAME + r"アタック時[:：、]\s*カードを(\d+)枚引く。"), "attacks", "draw"),
    (re.compile(_NAME + r"when this card enters play, draw (\d+) cards?\.", re.IGNORECASE), "enters", "draw"),
    (re.compile(_NAME + r"when this card attacks, draw (\d+) cards?\.", re.IGNORECASE), "attacks", "draw"),
)


def read_part(part: str, name: str) -> tuple[Effect, ...] | None:
    for pattern, when, do in _PATTERNS:
        m = pattern.fullmatch(part)
        if m:
            return (Effect(when, do, int(m.group(1))),)
    return None
