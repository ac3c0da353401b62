"""The order a player gives the hand cards put on the bottom of the deck (an FFTCG mulligan, 8.2.1.4; a GBF
redraw, 5-2-1-5-1: both in any order the player likes), read from the board page's form."""

from __future__ import annotations

import re
from typing import Any

_PLACE = re.compile(r"bottom-(\d+)")


def bottom_order(data: Any) -> list[int]:
    """The hand positions with a place filled in ("bottom-<position>": 1, 2 ...), by place, the first
    topmost of the cards under the deck; a place left blank keeps that card in the hand. Two cards given
    the same place go in hand order. A place that is not a whole number raises ValueError."""
    places = [
        (int(value), int(m[1]))
        for key, value in data.items()
        if (m := _PLACE.fullmatch(key)) and str(value).strip()
    ]
    return [pos for _, pos in sorted(places)]
