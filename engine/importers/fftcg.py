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
from collections.abc import Iterable, Mapping
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

    ex_burst = _flag(r.get("ex_burst")) or bool(_EX_BURST.search(text))
    keywords, lb_cost = _keywords(plain, ex_burst=ex_burst, multi_playable=_flag(r.get("multicard")))

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
        keywords=keywords,
        text=text,
        lb_cost=lb_cost,
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


def _keywords(plain: str, *, ex_burst: bool, multi_playable: bool) -> tuple[tuple[str, ...], int | None]:
    """The card's keywords and Limit Break cost from its printed text and the source's flags: `limit-break`
    from "Limit Break -- X" (15.2.8.2), `ex-burst`, `multi-playable`, and the keywords of a line that holds
    only keywords ("Haste Brave"; "gains Haste" is an effect, not the card's own keyword)."""
    keywords: list[str] = []
    lb = _LIMIT_BREAK.search(plain)
    if lb:
        keywords.append("limit-break")
    if ex_burst:
        keywords.append("ex-burst")
    if multi_playable:
        keywords.append("multi-playable")
    for line in plain.splitlines():
        line = line.strip()
        if line and _KEYWORD_LINE.fullmatch(line):
            for word in re.findall("|".join(re.escape(k) for k in _LINE_KEYWORDS), line, re.IGNORECASE):
                keyword = _LINE_KEYWORDS[word.lower()]
                if keyword not in keywords:
                    keywords.append(keyword)
    return tuple(keywords), int(lb.group(1)) if lb else None


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


# The community lists a player may have saved instead: CMattiske/fftcg-card-browser's `db.json` and
# Richiealvian2/fftcg-data's per-card files. Their markup becomes the printed English text that the
# official list's markup becomes (FFTCG.printed_text): icons as 《Fire》《Dull》《S》《1》, "EX BURST", a
# special ability's name and italic and bold words as plain words.

# db.json: {"cards": [{"set": "Opus I", "index": 1, "rarity": "hero", "type": "forward", "elements":
# ["fire"], "jobs": [...], "categories": [...], "cost": 6, "power": 9000, "exburst": false, "multicard":
# false, "text": "...", "name", "id", "guid", "tags", "abilities"}], "cubes": [...], "deckLists": [...]}.
# It has no card code: the code is the set's number, the index and the rarity letter ("1-001H"), and
# the Boss Deck's and promotional cards' B-001 and PR-001.
_BROWSER_RARITIES = {"common": "C", "rare": "R", "hero": "H", "legend": "L", "starter": "S"}
_BROWSER_SETS = {"boss": "B", "promo": "PR"}
_BROWSER_ICONS = {
    "EX": "EX BURST",
    "S": "《S》",
    "C": "《C》",
    "D": "《Dull》",
    "x": "《X》",
    "X": "《X》",
    "f": "《Fire》",
    "i": "《Ice》",
    "w": "《Wind》",
    "e": "《Earth》",
    "l": "《Lightning》",
    "u": "《Water》",
}
# fftcg-data: one file per card, {"serial": "21-004L", "opus", "number", "name", "abilities": [one string
# per paragraph], "power", "categories", "jobs", "rarity", "cost", "elements": ["Fire"], "type":
# "Forward", "isExBurst", "isMultiPlayable", "isSpecial", "isLB", "illustrators", "characterDesigners"};
# its README's markup: *bold*, ~italic~, {x} the EX BURST label, {s} the special icon, %name% a special
# ability's name, {c} crystal, {0}-{10} and {X} costs, {f} {i} {w} {e} {l} {a} element CP, {d} dull, {b}
# the Limit Break icon.
_DATA_ICONS = {
    "x": "EX BURST",
    "s": "《S》",
    "c": "《C》",
    "X": "《X》",
    "d": "《Dull》",
    "b": "《LB》",
    "f": "《Fire》",
    "i": "《Ice》",
    "w": "《Wind》",
    "e": "《Earth》",
    "l": "《Lightning》",
    "a": "《Water》",
}
_ROMAN = {"I": 1, "V": 5, "X": 10, "L": 50}
_BRACES = re.compile(r"\{([^{}]*)\}")
_BROWSER_SPECIAL = re.compile(r"\[([^\[\]\n]+)\](?=\s*\{S\})")  # "[Renzokuken] {S}{i}:" names a special
_BROWSER_BOLD = re.compile(r"\*\*(.+?)\*\*")
_BROWSER_ITALIC = re.compile(r"(?<![A-Za-z0-9])_([^_\n]+)_(?![A-Za-z0-9])")
_DATA_DASHED = re.compile(r"~((?:Damage \d+|Limit Break))~\s*-(?!-)")  # "~Damage 3~ -": the printed "--"
_FILE_NUMBER = re.compile(r"([A-Za-z0-9]+-\d+[A-Za-z]?)\.json", re.IGNORECASE)  # fftcg-data's 21-004L.json
_DATA_MARKS = re.compile(r"([*~%])(.+?)\1")


def parse_card_browser(data: Any) -> ParseResult:
    """Read CMattiske/fftcg-card-browser's `db.json` (English only): its `cards`, or that list."""
    records = data.get("cards") if isinstance(data, Mapping) else data
    if not isinstance(records, list):
        raise ValueError('Expected the card browser\'s db.json: an object with a "cards" list, or that list.')
    collector = Collector()
    for index, raw in enumerate(records, start=1):
        try:
            collector.add(index, _read_browser_card(raw))
        except BadRecord as e:
            collector.reject(index, _browser_label(raw), str(e))
    return collector.result


def parse_fftcg_data(records: Iterable[tuple[str, Any]]) -> ParseResult:
    """Read Richiealvian2/fftcg-data card objects (English only) given as `(source name, object)`."""
    collector = Collector()
    for index, (source, raw) in enumerate(records, start=1):
        serial = normalise(raw.get("serial")) if isinstance(raw, Mapping) else ""
        try:
            imported = _read_data_card(raw)
            named = _FILE_NUMBER.fullmatch(source)
            # another card's file; a rarity letter that differs alone still names the same card
            if named and get_game("fftcg").base_number(named.group(1)) != imported.base_number:
                raise BadRecord(
                    f"the file is named {named.group(1)} but its serial is {imported.card.number}"
                )
            collector.add(index, imported)
        except BadRecord as e:
            collector.reject(index, serial or source, str(e))
    return collector.result


def is_card_browser(data: Any) -> bool:
    """Whether a JSON document is the card browser's db.json (cards named by set and index, no code)."""
    records = data.get("cards") if isinstance(data, Mapping) else data
    first = records[0] if isinstance(records, list) and records else None
    return isinstance(first, Mapping) and "index" in first and "set" in first and "code" not in first


def is_fftcg_data(data: Any) -> bool:
    """Whether a JSON document is fftcg-data's card object (or a list of them): cards named by `serial`."""
    first = data[0] if isinstance(data, list) and data else data
    return isinstance(first, Mapping) and "serial" in first


def _browser_label(raw: Any) -> str:
    if not isinstance(raw, Mapping):
        return ""
    return f"{clean(raw.get('set'))} #{normalise(raw.get('index'))}".strip(" #")


def _read_browser_card(raw: Any) -> ImportedCard:
    if not isinstance(raw, Mapping):
        raise BadRecord(f"expected an object of card fields, not {type(raw).__name__}")
    set_name = clean(raw.get("set"))
    index = whole_number(raw.get("index"), "index")
    if index is None:
        raise BadRecord("the field 'index' is missing")
    rarity = clean(raw.get("rarity")).lower()
    prefix = _BROWSER_SETS.get(set_name.lower())
    if prefix is not None:
        number = f"{prefix}-{index:03}"
    else:
        opus = _opus_number(set_name)
        letter = _BROWSER_RARITIES.get(rarity)
        if letter is None:
            raise BadRecord(
                f"unknown rarity {rarity!r} in {set_name}" if rarity else "the field 'rarity' is missing"
            )
        number = f"{opus}-{index:03}{letter}"
    text = _browser_text(clean(raw.get("text")))
    return _community_card(
        number,
        raw,
        text=text,
        set_name=set_name,
        rarity=_BROWSER_RARITIES.get(rarity, ""),
        ex_burst=raw.get("exburst") is True,
        multi_playable=raw.get("multicard") is True,
    )


def _opus_number(set_name: str) -> int:
    """ "Opus XIX" → 19."""
    numeral = set_name.removeprefix("Opus ").strip().upper()
    if set_name[:5].lower() != "opus " or not numeral or set(numeral) - set(_ROMAN):
        raise BadRecord(f"unknown set {set_name!r}" if set_name else "the field 'set' is missing")
    values = [_ROMAN[c] for c in numeral]
    return sum(-v if i + 1 < len(values) and v < values[i + 1] else v for i, v in enumerate(values))


def _read_data_card(raw: Any) -> ImportedCard:
    if not isinstance(raw, Mapping):
        raise BadRecord(f"expected an object of card fields, not {type(raw).__name__}")
    number = normalise(raw.get("serial")).upper()
    if not number:
        raise BadRecord("the field 'serial' is missing")
    abilities = raw.get("abilities") or []
    if not isinstance(abilities, list) or not all(isinstance(a, str) for a in abilities):
        raise BadRecord("the field 'abilities' is not a list of paragraphs")
    return _community_card(
        number,
        raw,
        text="\n".join(_data_text(clean(a)) for a in abilities if clean(a)),
        set_name="Promo" if number.startswith("PR-") else f"Opus {normalise(raw.get('opus'))}",
        rarity=normalise(raw.get("rarity")).upper(),
        ex_burst=raw.get("isExBurst") is True,
        multi_playable=raw.get("isMultiPlayable") is True,
    )


def _community_card(
    number: str,
    raw: Mapping[str, Any],
    *,
    text: str,
    set_name: str,
    rarity: str,
    ex_burst: bool,
    multi_playable: bool,
) -> ImportedCard:
    """A card from the fields both community lists share: name, type, elements, cost, power, jobs,
    categories; `text` is already the printed English text."""
    name = clean(raw.get("name"))
    if not name:
        raise BadRecord("the field 'name' is missing")
    type_text = clean(raw.get("type"))
    card_type = TYPES.get(type_text.lower())
    if card_type is None:
        raise BadRecord(f"unknown card type {type_text!r}" if type_text else "the field 'type' is missing")
    cost = whole_number(raw.get("cost"), "cost")
    if cost is None:
        raise BadRecord("the field 'cost' is missing")
    power = whole_number(raw.get("power"), "power")
    if card_type != "forward" and not power:
        power = None  # the browser writes 0 for a card that prints no power
    jobs = [j for j in (clean(v) for v in _strings(raw.get("jobs"), "jobs")) if j]
    categories = [c for c in (clean(v) for v in _strings(raw.get("categories"), "categories")) if c]
    keywords, lb_cost = _keywords(text, ex_burst=ex_burst, multi_playable=multi_playable)
    card = Card(
        number=number,
        name=name,
        type=card_type,
        colors=_elements(raw.get("elements")),
        cost=cost,
        power=power,
        traits=tuple(dict.fromkeys(jobs + categories)),
        keywords=keywords,
        text=text,
        lb_cost=lb_cost,
    )
    extra = {"rarity": rarity, "jobs": jobs, "categories": categories}
    return ImportedCard(
        card=card,
        base_number=get_game("fftcg").base_number(number),
        set_code=number.split("-")[0],
        set_name=set_name,
        image_url=IMAGE_URL.format(code=number),
        extra={k: v for k, v in extra.items() if v},
    )


def _strings(value: Any, what: str) -> list[str]:
    if value is None:
        return []
    if not isinstance(value, list) or not all(isinstance(v, str) for v in value):
        raise BadRecord(f"the field '{what}' is not a list of words")
    return value


def _browser_text(text: str) -> str:
    text = _BROWSER_SPECIAL.sub(r"\1", text)
    text = _icons(text, _BROWSER_ICONS)
    text = _BROWSER_BOLD.sub(r"\1", text)
    return _printed_lines(_BROWSER_ITALIC.sub(r"\1", text))


def _data_text(text: str) -> str:
    text = _DATA_DASHED.sub(r"\1 --", text)
    text = _icons(text, _DATA_ICONS)
    return _printed_lines(_DATA_MARKS.sub(r"\2", text))


def _icons(text: str, icons: Mapping[str, str]) -> str:
    def icon(m: re.Match[str]) -> str:
        code = m.group(1).strip()
        if code.isdigit():
            return f"《{int(code)}》"
        if code not in icons:
            raise BadRecord(f"unknown icon {m.group(0)!r} in the text")
        return icons[code]

    return _BRACES.sub(icon, text)


def _printed_lines(text: str) -> str:
    """Each line's runs of spaces (a full-width one too) as one, empty lines dropped, as printed_text does."""
    lines = (" ".join(line.split()) for line in text.splitlines())
    return "\n".join(line for line in lines if line)
