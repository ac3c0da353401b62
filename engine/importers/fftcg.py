"""FFTCG: the official card browser's JSON (card-data.md 1.2).

The source is `POST https://fftcg.square-enix-games.com/{lang}/get-cards`, answering
`{"count": N, "cards": [...]}`. Two key shapes are in use and both are read:

* newer: lower-case keys, `element` a list of kanji (`["火"]`), `set` a list, `images: {thumbs, full}`,
  English fields suffixed `_en` (`name_en`, `type_en`, `job_en`, `text_en`);
* older: capitalised keys (`Code`, `Element` as `"火/水"`, `Name_EN`, `Type_EN`, `Job_EN`, `Text_EN`,
  `Category_1`, `Multicard`, `Ex_Burst`, `Set`, `Rarity`, `Cost`, `Power`).

Keys are lower-cased first, so one reader serves both. Japanese uses the unsuffixed keys (`name`,
`type`, `job`, `text`). What each card becomes:

* `code` may hold several printings joined by "/" (`"8-066C/3-071H"`): the first is the number, the
  others are aliases; the base number drops the rarity letter (`FFTCG.base_number`).
* elements: Japanese or English names, as a list or a "/"-joined string; an unknown one rejects the card.
* type: Forward, Backup, Summon, Monster (English or Japanese); anything else (Crystal tokens) is rejected.
* traits: the jobs (`job` split on "/") then the categories (`category_1`, `category_2`, split on "·").
* keywords: `limit-break` with `lb_cost` from "Limit Break -- X" in the text (15.2.8.2); `ex-burst` from
  `ex_burst == "○"` or the `[[ex]]EX BURST[[/]]` marker; `multi-playable` from `multicard == "○"`;
  `haste`, `brave`, `first-strike`, `back-attack` when a text line holds only those keywords (a line
  such as "gains Haste" is an effect, not the card's own keyword).
* text keeps the source markup (`[[br]]`, `[[s]]...[[/]]`, `《1》`); `FFTCG.printed_text` turns it into the
  printed words and lines, which the text reader reads and the pages show.
"""

from __future__ import annotations

import re
import unicodedata
from collections.abc import Mapping
from typing import Any

from engine.cards import Card
from engine.games import get_game
from engine.importers.records import (
    BadRecord,
    Collector,
    ImportedCard,
    ParseResult,
    clean,
    normalise,
    whole_number,
)

ELEMENTS = {
    "火": "fire",
    "氷": "ice",
    "風": "wind",
    "土": "earth",
    "雷": "lightning",
    "水": "water",
    "光": "light",
    "闇": "dark",
    "fire": "fire",
    "ice": "ice",
    "wind": "wind",
    "earth": "earth",
    "lightning": "lightning",
    "water": "water",
    "light": "light",
    "dark": "dark",
    "darkness": "dark",
}

TYPES = {
    "forward": "forward",
    "フォワード": "forward",
    "backup": "backup",
    "バックアップ": "backup",
    "summon": "summon",
    "召喚獣": "summon",
    "monster": "monster",
    "モンスター": "monster",
}

# The suffix of the language's keys once keys are lower-cased (fftcgtool `language.py`).
LANGUAGES = {"en": "_en", "ja": ""}

IMAGE_URL = "https://fftcg.cdn.sewest.net/images/cards/full/{code}_eg.jpg"

_LIMIT_BREAK = re.compile(r"(?:Limit Break|リミットブレイク)\s*[-–—ー]+\s*(\d+)", re.IGNORECASE)
_EX_BURST = re.compile(r"\[\[ex\]\]\s*EX BURST", re.IGNORECASE)
_LINE_KEYWORDS = {
    "haste": "haste",
    "ヘイスト": "haste",
    "brave": "brave",
    "ブレイブ": "brave",
    "first strike": "first-strike",
    "先制攻撃": "first-strike",
    "back attack": "back-attack",
    "バックアタック": "back-attack",
}
_KEYWORD_LINE = re.compile(
    r"(?:(?:" + "|".join(re.escape(k) for k in _LINE_KEYWORDS) + r")[\s、,]*)+", re.IGNORECASE
)
_TRUE_FLAGS = {"○", "◯", "1", "true", "yes"}


def parse_official(data: Any, lang: str = "en") -> ParseResult:
    """Read a `get-cards` response (or its `cards` list) in the language `lang` ("en" or "ja").

    Raise ValueError only when the whole document has the wrong shape; a bad card is rejected with its
    record number and the reason, and the others are still read.
    """
    if lang not in LANGUAGES:
        raise ValueError(f"Unknown language {lang!r}; use one of {', '.join(LANGUAGES)}.")
    records = data.get("cards", data.get("Cards")) if isinstance(data, Mapping) else data
    if not isinstance(records, list):
        raise ValueError('Expected the get-cards JSON: an object with a "cards" list, or that list.')
    collector = Collector()
    for index, raw in enumerate(records, start=1):
        try:
            collector.add(index, _read_card(raw, lang))
        except BadRecord as e:
            collector.reject(index, _code_of(raw), str(e))
    return collector.result


def _code_of(raw: Any) -> str:
    if not isinstance(raw, Mapping):
        return ""
    return normalise(raw.get("code", raw.get("Code")))


def _read_card(raw: Any, lang: str) -> ImportedCard:
    if not isinstance(raw, Mapping):
        raise BadRecord(f"expected an object of card fields, not {type(raw).__name__}")
    r = {str(k).lower(): v for k, v in raw.items()}
    suffix = LANGUAGES[lang]

    codes = [c.strip() for c in normalise(r.get("code")).split("/") if c.strip()]
    if not codes:
        raise BadRecord("the field 'code' is missing")
    number, aliases = codes[0], tuple(codes[1:])

    name = clean(r.get(f"name{suffix}"))
    if not name:
        raise BadRecord(f"the field 'name{suffix}' is missing")

    type_text = clean(r.get(f"type{suffix}")) or clean(r.get("type_en")) or clean(r.get("type"))
    card_type = TYPES.get(type_text.lower())
    if card_type is None:
        raise BadRecord(f"unknown card type {type_text!r}" if type_text else "the field 'type' is missing")

    colors = _elements(r.get("element"))
    cost = whole_number(r.get("cost"), "cost")
    if cost is None:
        raise BadRecord("the field 'cost' is missing")
    power = whole_number(r.get("power"), "power")

    text = clean(r.get(f"text{suffix}"))
    plain = unicodedata.normalize("NFKC", get_game("fftcg").printed_text(text))
    jobs = _split(r.get(f"job{suffix}"), "/")
    categories = _split(r.get("category_1"), "·") + _split(r.get("category_2"), "·")

    keywords: list[str] = []
    lb = _LIMIT_BREAK.search(plain)
    if lb:
        keywords.append("limit-break")
    if _flag(r.get("ex_burst")) or _EX_BURST.search(text):
        keywords.append("ex-burst")
    if _flag(r.get("multicard")):
        keywords.append("multi-playable")
    for line in plain.splitlines():
        line = line.strip()
        if line and _KEYWORD_LINE.fullmatch(line):
            for word in re.findall("|".join(re.escape(k) for k in _LINE_KEYWORDS), line, re.IGNORECASE):
                keyword = _LINE_KEYWORDS[word.lower()]
                if keyword not in keywords:
                    keywords.append(keyword)

    set_name = r.get("set")
    if isinstance(set_name, list):
        set_name = set_name[0] if set_name else ""
    images = r.get("images")
    full = images.get("full") if isinstance(images, Mapping) else None
    if isinstance(full, list) and full and isinstance(full[0], str):
        image_url = full[0]
    else:
        image_url = IMAGE_URL.format(code=number) if lang == "en" else ""

    card = Card(
        number=number,
        name=name,
        type=card_type,
        colors=colors,
        cost=cost,
        power=power,
        traits=tuple(dict.fromkeys(jobs + categories)),
        keywords=tuple(keywords),
        text=text,
        lb_cost=int(lb.group(1)) if lb else None,
    )
    extra = {"rarity": normalise(r.get("rarity")), "jobs": jobs, "categories": categories}
    return ImportedCard(
        card=card,
        base_number=get_game("fftcg").base_number(number),
        aliases=aliases,
        set_code=number.split("-")[0],
        set_name=clean(set_name),
        image_url=image_url,
        extra={k: v for k, v in extra.items() if v},
    )


def _elements(value: Any) -> tuple[str, ...]:
    if isinstance(value, str):
        names = value.split("/")
    elif isinstance(value, list) and all(isinstance(v, str) for v in value):
        names = value
    else:
        names = []
    names = [n.strip() for n in names if n.strip()]
    if not names:
        raise BadRecord("the field 'element' is missing")
    colors = []
    for n in names:
        element = ELEMENTS.get(n.lower())
        if element is None:
            raise BadRecord(f"unknown element {n!r}")
        colors.append(element)
    return tuple(dict.fromkeys(colors))


def _split(value: Any, separator: str) -> list[str]:
    """Parts of a job or category string, cleaned of stray markup and separators (14-001C, 15-132S)."""
    text = " ".join(get_game("fftcg").printed_text(clean(value)).split())
    return [part.strip() for part in text.split(separator) if part.strip()]


def _flag(value: Any) -> bool:
    return value is True or value == 1 or normalise(value).lower() in _TRUE_FLAGS
