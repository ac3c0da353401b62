"""GRANBLUE FANTASY TCG and Fire Force TCG: our own card file, in JSON or CSV (schema in README.md).

Neither publisher offers a card list that a program can read (card-data.md 3, 4), so cards are typed in
(or scraped later) into this schema. JSON is `{"game": "gbf", "cards": [{...}, ...]}` or just the list;
CSV has one card per row and the same field names as its header, list fields joined by "/".
"""

from __future__ import annotations

import csv
import io
import re
from collections.abc import Callable, Iterable, Mapping
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
    required_text,
    whole_number,
)

GAMES = ("gbf", "fireforce")

# GBF

GBF_TYPES = {
    "captain": "captain",
    "団長": "captain",
    "crew": "crew",
    "団員": "crew",
    "summon": "summon",
    "召喚石": "summon",
}
GBF_ATTRIBUTES = {
    "fire": "fire",
    "火": "fire",
    "water": "water",
    "水": "water",
    "earth": "earth",
    "土": "earth",
    "wind": "wind",
    "風": "wind",
    "light": "light",
    "光": "light",
    "dark": "dark",
    "闇": "dark",
}
# 2-1-1-3-1: on a Captain the version in parentheses is the gender (docs/deck-file.md: male or female).
GBF_GENDERS = {"男": "male", "male": "male", "女": "female", "female": "female"}
_GBF_NUMBER = re.compile(r"^(?P<base>[A-Z]+\d*-\d+)(?P<rarity>UC|G|M|C)?$")  # for the rarity only
# The character takes the spaces around it (name_parts strips them), possessively: a lazy character
# between two \s* tried every split of a run of spaces (2,000 spaces: 30 s).
_GBF_NAME = re.compile(
    r"^\s*+(?:\[(?P<epithet>[^\[\]]*)\])?(?P<character>[^\[\]()]++)(?:\((?P<version>[^()]*)\))?\s*+$"
)
_FULL_WIDTH_BRACKETS = str.maketrans({"［": "[", "］": "]", "（": "(", "）": ")"})

# Fire Force

FF_TYPES = {
    "unit": "unit",
    "ユニット": "unit",
    "event": "event",
    "イベント": "event",
    "flame": "flame",
    "炎カード": "flame",
    "炎": "flame",
}
FF_ICONS = {
    "assault": "assault",
    "強襲": "assault",
    "defend": "defend",
    "防衛": "defend",
    "prayer": "prayer",
    "祈り": "prayer",
    "counter": "counter",
    "反撃": "counter",
}
_LEADING_ICONS = re.compile(r"\s*【([^】]+)】")

_TRUE = {"1", "true", "yes", "y", "○", "◯", "x"}
_FALSE = {"", "0", "false", "no", "n", "-"}


# The schema's fields per game, as the maintainers' card form asks for them: (field, label, help). Every
# value is entered as text; the parser reads it.
SCHEMA_FIELDS: dict[str, tuple[tuple[str, str, str], ...]] = {
    "gbf": (
        ("card_no", "Card No", "as printed, e.g. BO01-001 or BO01-001G"),
        ("type", "Type", "captain, crew or summon"),
        (
            "name",
            "Name",
            "the full printed name, [epithet]character(version); a Captain's version is 男 or 女",
        ),
        (
            "attribute",
            "Attribute",
            "fire, water, earth, wind, light, dark (or 火 水 土 風 光 闇); / between several",
        ),
        ("rank", "Rank", "captains and crew"),
        ("hp", "HP", ""),
        ("atk", "ATK", ""),
        ("race", "Race", "the kind line; / between parts"),
        ("text", "Text", ""),
        ("ougi_name", "Ougi name", ""),
        ("ougi_cost", "Ougi cost", ""),
        ("ougi_text", "Ougi text", ""),
        ("job_change_icon", "Job change icon", ""),
        ("set", "Set code", "default: the part of the Card No before -"),
        ("set_name", "Set name", ""),
        ("image_url", "Image URL", "a link to the official image; images are never copied"),
    ),
    "fireforce": (
        ("card_no", "Card No", "as printed"),
        ("type", "Type", "unit, event or flame"),
        ("name", "Name", ""),
        ("cost", "Cost", ""),
        ("power", "Power", ""),
        ("support_power", "Support power", "empty when not printed"),
        ("attributes", "Attributes", "/ between several"),
        ("has_flame", "Has Flame", "true or false"),
        ("icons", "Icons", "assault, defend, prayer, counter; / between several"),
        ("text", "Text", ""),
        ("set", "Set code", ""),
        ("set_name", "Set name", ""),
        ("image_url", "Image URL", "a link to the official image; images are never copied"),
    ),
}


def parse_project_json(data: Any, game: str, lang: str = "ja") -> ParseResult:
    """Read our JSON card file for `game` ("gbf" or "fireforce")."""
    records = data.get("cards") if isinstance(data, Mapping) else data
    if isinstance(data, Mapping) and data.get("game") not in (None, game):
        raise ValueError(f"This file holds {data.get('game')!r} cards, not {game!r}.")
    if not isinstance(records, list):
        raise ValueError('Expected an object with a "cards" list, or that list.')
    return _parse(records, game, lang)


def parse_project_csv(text: str, game: str, lang: str = "ja") -> ParseResult:
    """Read our CSV card file for `game`; the first row names the fields."""
    reader = csv.DictReader(io.StringIO(text.lstrip("\ufeff")))
    if not reader.fieldnames or "card_no" not in [normalise(f) for f in reader.fieldnames]:
        raise ValueError("Expected a CSV file whose first row names the fields, card_no among them.")
    rows = [{normalise(k): v for k, v in row.items() if k is not None} for row in reader]
    return _parse(rows, game, lang)


def _parse(records: Iterable[Any], game: str, lang: str) -> ParseResult:
    if game not in GAMES:
        raise ValueError(f"Our own card file is for {' and '.join(GAMES)}, not {game!r}.")
    if lang not in ("en", "ja"):
        raise ValueError(f"Unknown language {lang!r}; use en or ja.")
    read: Callable[[Mapping[str, Any], str], ImportedCard] = _read_gbf if game == "gbf" else _read_fireforce
    collector = Collector()
    for index, raw in enumerate(records, start=1):
        number = normalise(raw.get("card_no")) if isinstance(raw, Mapping) else ""
        try:
            if not isinstance(raw, Mapping):
                raise BadRecord(f"expected an object of card fields, not {type(raw).__name__}")
            collector.add(index, read(raw, lang))
        except BadRecord as e:
            collector.reject(index, number, str(e))
    return collector.result


def _read_gbf(r: Mapping[str, Any], lang: str) -> ImportedCard:
    printed = normalise(required_text(r, "card_no")).upper()
    base = get_game("gbf").base_number(printed)
    m = _GBF_NUMBER.match(printed)
    rarity = normalise(r.get("rarity")).upper() or (m.group("rarity") or "" if m else "")
    card_type = _choice(r, "type", GBF_TYPES)
    name = _localised(r, "name", lang)
    parts = name_parts(name)
    gender = None
    if card_type == "captain":
        given = normalise(r.get("gender")).lower() or normalise(parts["version"]).lower()
        gender = GBF_GENDERS.get(given)
        if gender is None:
            raise BadRecord(f"a Captain needs a gender, 男 or 女 in parentheses in its name; got {name!r}")
    rank = whole_number(r.get("rank"), "rank") if card_type != "summon" else None  # 2-4-3
    if card_type != "summon" and rank is None:
        raise BadRecord("the field 'rank' is missing")
    ougi = {
        "name": clean(r.get("ougi_name")),
        "n": whole_number(r.get("ougi_cost"), "ougi cost"),
        "text": _localised(r, "ougi_text", lang, required=False),
    }
    extra = {
        "rarity": rarity,
        "epithet": parts["epithet"],
        "version": parts["version"],
        "ougi": {k: v for k, v in ougi.items() if v not in (None, "")} or None,
        "job_change_icon": clean(r.get("job_change_icon")),
    }
    card = Card(
        number=printed,
        name=name,
        type=card_type,
        colors=_mapped_list(r.get("attribute"), GBF_ATTRIBUTES, "attribute"),
        traits=_list(r.get("race")),
        text=_localised(r, "text", lang, required=False),
        rank=rank,
        gender=gender,
        character_name=parts["character_name"],
        atk=whole_number(r.get("atk"), "atk"),
        hp=whole_number(r.get("hp"), "hp"),
    )
    return ImportedCard(
        card=card,
        base_number=base,
        set_code=normalise(r.get("set")) or base.split("-")[0],
        set_name=clean(r.get("set_name")),
        image_url=clean(r.get("image_url")),
        extra={k: v for k, v in extra.items() if v},
    )


def name_parts(name: str) -> dict[str, str | None]:
    """Split a GBF card name `[epithet]character(version)` (2-1-1; gbf.md 3.3).

    >>> name_parts("[千年を探す者]ユエル(最終上限解放)")
    {'character_name': 'ユエル', 'epithet': '千年を探す者', 'version': '最終上限解放'}
    """
    m = _GBF_NAME.match(name.translate(_FULL_WIDTH_BRACKETS))
    if m is None:
        raise BadRecord(f"cannot split the name {name!r} into [epithet]character(version)")
    return {
        "character_name": m.group("character").strip(),
        "epithet": (m.group("epithet") or "").strip() or None,
        "version": (m.group("version") or "").strip() or None,
    }


def _read_fireforce(r: Mapping[str, Any], lang: str) -> ImportedCard:
    number = normalise(required_text(r, "card_no")).upper()  # fireforce.md 3.5: trim, upper-case
    card_type = _choice(r, "type", FF_TYPES)
    text = _localised(r, "text", lang, required=False)
    keywords = list(_mapped_list(r.get("icons"), FF_ICONS, "icon"))
    for line in text.splitlines():  # icons printed at the start of a line of text: 【強襲】
        position = 0
        while m := _LEADING_ICONS.match(line, position):
            icon = FF_ICONS.get(m.group(1).strip().lower())
            if icon and icon not in keywords:
                keywords.append(icon)
            position = m.end()
    has_flame = card_type == "flame" or _bool(r.get("has_flame"), "has_flame")  # 206.1
    if has_flame:
        keywords.append("has-flame")
    extra = {
        "rarity": normalise(r.get("rarity")),
        "trigger_text": _localised(r, "trigger_text", lang, required=False),
    }
    card = Card(
        number=number,
        name=_localised(r, "name", lang),
        type=card_type,
        colors=_list(r.get("attributes")),
        cost=whole_number(r.get("cost"), "cost"),
        power=whole_number(r.get("power"), "power"),
        keywords=tuple(keywords),
        text=text,
        support_power=whole_number(r.get("support_power"), "support power"),
    )
    return ImportedCard(
        card=card,
        base_number=get_game("fireforce").base_number(number),
        set_code=normalise(r.get("set")) or number.split("-")[0],
        set_name=clean(r.get("set_name")),
        image_url=clean(r.get("image_url")),
        extra={k: v for k, v in extra.items() if v},
    )


# Field readers


def _localised(r: Mapping[str, Any], key: str, lang: str, required: bool = True) -> str:
    """`key_en` in English when it is filled, else `key` (the Japanese printed text)."""
    value = clean(r.get(f"{key}_en")) if lang == "en" else ""
    value = value or clean(r.get(key))
    if required and not value:
        raise BadRecord(f"the field '{key}' is missing")
    return value


def _choice(r: Mapping[str, Any], key: str, choices: Mapping[str, str]) -> str:
    text = clean(r.get(key))
    if not text:
        raise BadRecord(f"the field '{key}' is missing")
    value = choices.get(text.lower())
    if value is None:
        raise BadRecord(f"unknown {key} {text!r}; expected one of {', '.join(sorted(set(choices.values())))}")
    return value


def _list(value: Any) -> tuple[str, ...]:
    if isinstance(value, list):
        items = [clean(v) for v in value]
    else:
        items = [part.strip() for part in clean(value).split("/")]
    return tuple(dict.fromkeys(i for i in items if i))


def _mapped_list(value: Any, mapping: Mapping[str, str], what: str) -> tuple[str, ...]:
    out = []
    for item in _list(value):
        mapped = mapping.get(item.lower())
        if mapped is None:
            raise BadRecord(f"unknown {what} {item!r}")
        out.append(mapped)
    return tuple(dict.fromkeys(out))


def _bool(value: Any, what: str) -> bool:
    if isinstance(value, bool):
        return value
    text = normalise(value).lower()
    if text in _TRUE:
        return True
    if text in _FALSE:
        return False
    raise BadRecord(f"{what} {value!r} is not true or false")
