"""DBS Fusion World: the official card list's detail pages, and the community per-card JSON (card-data.md 2).

Detail pages (`https://www.dbs-cardgame.com/fw/{en|jp}/cardlist/detail.php?card_no=FB01-001`, parallels
with `&p=_p1`) are HTML; the parts read are

* `<div class="cardNoCol"><div class="cardNo">FB01-001</div><div class="rarity">L</div>`;
* `<div class="nameCol"><h1 class="cardName">…</h1>`; a Leader has `cardName is-front` and `is-back`;
* labelled cells `<div class="cardDataCell"><h6>Card Type</h6><div class="data">LEADER</div></div>`, the
  label in English or Japanese: Card Type / カードタイプ, Color / 色 (`<div class="colValue"
  data-color="Red">`, one per colour), Cost / コスト, Specified cost / 指定コスト (`<span class="costIcon
  …">R</span>`, one icon per energy), Power / パワー, Combo power / コンボパワー, Features or Special Traits /
  特徴, Effect or Skills / カード効果. A Leader's cells hold `data is-front` and `data is-back` values.

The page of a parallel shows the base number, so which printing a page is comes from where it was
fetched: `parse_detail_pages` takes `(printing, html)` pairs, `printing` being `FB01-001` or
`FB01-001_p1`. Parallels fold into the base card as aliases; a parallel whose base page is missing
stands in for it.

The community dataset (`djp952/dbsfw`, `database/card/{CARD_NO}.json`) holds one object per card:
`cardid, type, color, rarity, detail[{side, language: EN|JP, name, cost, specifiedcost, power, combopower,
traits: "A/B", effect}], faq, image` (FAQ and images are ignored). Only a Leader's faces name their side,
FRONT and BACK; a Battle or Extra card has one face per language with `"side": null`.

What each card becomes: `specified_cost` maps colour to count (letters R U G Y B, one per icon);
`combo_power` stays None when printed "-" (cannot combo) and 0 when printed 0 (5-6-2); traits split on
"/"; a Leader's back face goes to `back` (name, power, traits, keywords, text). Keywords are read from
the skill text: a bracketed keyword counts when it opens a line (or a skill glued to the one before it,
"Draw 1 card.[Awaken] ...") or follows other bracketed words at the start of a line (`[Blocker]`,
`[Permanent][Critical]`), so "gets [Blocker]" in an effect does not count.
"""

from __future__ import annotations

import html
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from html.parser import HTMLParser
from typing import Any
from urllib.parse import urljoin

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
from engine.readers.dbsfw import GLUED_SKILL

COLORS = {
    "red": "red",
    "赤": "red",
    "blue": "blue",
    "青": "blue",
    "green": "green",
    "緑": "green",
    "yellow": "yellow",
    "黄": "yellow",
    "black": "black",
    "黒": "black",
}
# djp952 marks one colourless promo "no-color" and one any-colour promo "ALL".
NO_COLOR = ("no-color", "none", "")
ALL_COLORS = ("all",)

COST_LETTERS = {"R": "red", "U": "blue", "G": "green", "Y": "yellow", "B": "black"}

TYPES = {
    "leader": "leader",
    "リーダー": "leader",
    "battle": "battle",
    "バトル": "battle",
    "extra": "extra",
    "エクストラ": "extra",
}

KEYWORDS = {
    "blocker": "blocker",
    "ブロッカー": "blocker",
    "critical": "critical",
    "クリティカル": "critical",
    "double strike": "double-strike",
    "ダブルストライク": "double-strike",
    "triple strike": "triple-strike",
    "トリプルストライク": "triple-strike",
    "super combo": "super-combo",
    "スーパーコンボ": "super-combo",
    "dragon ball": "dragon-ball",
    "ドラゴンボール": "dragon-ball",
    "awaken": "awaken",
    "覚醒": "awaken",
    "barrier": "barrier",
    "バリア": "barrier",
    "evolve": "evolve",
    "進化": "evolve",
    "fusion evolve": "fusion-evolve",
    "フュージョン進化": "fusion-evolve",
    "field": "field",
    "フィールド": "field",
}

LABELS = {
    "card type": "type",
    "カードタイプ": "type",
    "color": "color",
    "色": "color",
    "cost": "cost",
    "コスト": "cost",
    "specified cost": "specified_cost",
    "指定コスト": "specified_cost",
    "power": "power",
    "パワー": "power",
    "combo power": "combo_power",
    "コンボパワー": "combo_power",
    "features": "traits",
    "special traits": "traits",
    "特徴": "traits",
    "effect": "text",
    "skills": "text",
    "skill": "text",
    "カード効果": "text",
}

SITE_LANGUAGES = {"en": "en", "ja": "jp"}
DETAIL_URL = "https://www.dbs-cardgame.com/fw/{lang}/cardlist/detail.php?card_no={card_no}"
IMAGE_URL = "https://www.dbs-cardgame.com/fw/images/cards/card/{lang}/{printing}.webp"

_FULL_WIDTH_REFERENCE = re.compile(r"＆(#\d+|#x[0-9a-fA-F]+|[a-zA-Z]+);")
_LEADING_BRACKETS = re.compile(r"\s*(?:\[([^\]］]+)[\]］]|【([^】]+)】)")  # "[ダブルストライク］" too


# A small element tree, enough to find cells by class; the standard library's parser does the lexing.


@dataclass
class _Element:
    tag: str
    attrs: dict[str, str]
    children: list[_Element | str] = field(default_factory=list)

    @property
    def classes(self) -> set[str]:
        return set(self.attrs.get("class", "").split())

    def iter(self) -> Iterable[_Element]:
        yield self
        for child in self.children:
            if isinstance(child, _Element):
                yield from child.iter()

    def find_all(self, cls: str) -> list[_Element]:
        return [e for e in self.iter() if cls in e.classes]

    def find(self, cls: str) -> _Element | None:
        found = self.find_all(cls)
        return found[0] if found else None

    def text(self) -> str:
        """The text content, a <br> as a line break, whitespace inside a line collapsed."""
        parts: list[str] = []
        for child in self.children:
            if isinstance(child, str):
                parts.append(child)
            elif child.tag == "br":
                parts.append("\n")
            else:
                parts.append(child.text())
        lines = "".join(parts).split("\n")
        return "\n".join(" ".join(line.split()) for line in lines).strip()


_VOID = {"area", "base", "br", "col", "embed", "hr", "img", "input", "link", "meta", "source", "track", "wbr"}


class _TreeBuilder(HTMLParser):
    def __init__(self) -> None:
        super().__init__(convert_charrefs=True)
        self.root = _Element("document", {})
        self._stack = [self.root]

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        element = _Element(tag, {k: v or "" for k, v in attrs})
        self._stack[-1].children.append(element)
        if tag not in _VOID:
            self._stack.append(element)

    def handle_startendtag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        self._stack[-1].children.append(_Element(tag, {k: v or "" for k, v in attrs}))

    def handle_endtag(self, tag: str) -> None:
        # Close up to the matching open element; a stray end tag is ignored, as browsers do.
        for i in range(len(self._stack) - 1, 0, -1):
            if self._stack[i].tag == tag:
                del self._stack[i:]
                return

    def handle_data(self, data: str) -> None:
        self._stack[-1].children.append(data)


def _parse_html(document: str) -> _Element:
    builder = _TreeBuilder()
    builder.feed(document)
    builder.close()
    return builder.root


# Detail pages


@dataclass
class _Face:
    name: str = ""
    values: dict[str, str] = field(default_factory=dict)


def parse_detail_pages(pages: Iterable[tuple[str, str]], lang: str = "en") -> ParseResult:
    """Read detail pages given as `(printing, html)`; `lang` ("en" or "ja") only picks image URLs."""
    if lang not in SITE_LANGUAGES:
        raise ValueError(f"Unknown language {lang!r}; use one of {', '.join(SITE_LANGUAGES)}.")
    collector = Collector()
    for index, (printing, document) in enumerate(pages, start=1):
        printing = normalise(printing).upper().replace("_P", "_p")
        try:
            imported = _read_detail_page(printing, document, lang)
        except BadRecord as e:
            collector.reject(index, printing, str(e))
            continue
        _collect(collector, index, imported)
    return collector.result


def _read_detail_page(printing: str, document: str, lang: str) -> ImportedCard:
    root = _parse_html(document)
    number_el = root.find("cardNo")
    if number_el is None or not number_el.text():
        raise BadRecord("no card number (div.cardNo) on the page")
    number = normalise(number_el.text()).upper()
    base = get_game("dbsfw").base_number(printing) if printing else number
    if printing and base != number:
        raise BadRecord(f"the page shows {number}, not {base}")
    rarity_el = root.find("rarity")

    front, back = _Face(), _Face()
    for name_el in root.find_all("cardName"):
        (back if "is-back" in name_el.classes else front).name = _full_width_references(name_el.text())
    for cell in root.find_all("cardDataCell"):
        label_el = next((e for e in cell.iter() if e.tag in ("h6", "h5", "h4", "dt")), None)
        key = LABELS.get(label_el.text().lower()) if label_el is not None else None
        if key is None:
            continue  # "Where to get it" and other cells the deck builder does not need
        for data_el in cell.find_all("data"):
            face = back if "is-back" in data_el.classes else front
            face.values[key] = _full_width_references(_cell_value(key, data_el))
    values = front.values
    if not front.name:
        raise BadRecord("no card name (h1.cardName) on the page")

    record = {
        "type": values.get("type", ""),
        "color": values.get("color", ""),
        "cost": values.get("cost"),
        "specifiedcost": values.get("specified_cost"),
        "power": values.get("power"),
        "combopower": values.get("combo_power"),
        "traits": values.get("traits"),
        "effect": values.get("text", ""),
    }
    card = _make_card(number, front.name, record)
    if card.type == "leader":
        if not back.name:
            raise BadRecord("a Leader without a back face (h1.cardName.is-back)")
        card = replace(card, back=_back_face(back.name, back.values.get("power"), back.values))
    face_suffix = "_f" if card.type == "leader" else ""
    parallel = printing[len(base) :] if printing else ""
    image_url = _page_image(root, lang) or IMAGE_URL.format(
        lang=SITE_LANGUAGES[lang], printing=f"{number}{face_suffix}{parallel}"
    )
    return ImportedCard(
        card=replace(card, number=printing or number),
        base_number=base,
        set_code=number.split("-")[0],
        image_url=image_url,
        extra={"rarity": normalise(rarity_el.text()) if rarity_el is not None else ""},
    )


def _cell_value(key: str, data_el: _Element) -> str:
    if key == "color":
        return "/".join(e.attrs.get("data-color", "") for e in data_el.find_all("colValue")) or data_el.text()
    if key == "specified_cost":
        icons = [e for e in data_el.iter() if e.tag == "span" and "costIcon" in e.classes]
        return "".join(_icon_letter(e) for e in icons) if icons else data_el.text()
    return data_el.text()


def _icon_letter(icon: _Element) -> str:
    letter = normalise(icon.text()).upper()
    if letter in COST_LETTERS:
        return letter
    for cls in icon.classes:  # an icon drawn only by its class, e.g. "costIcon red"
        for code, colour in COST_LETTERS.items():
            if cls.lower() == colour:
                return code
    return letter


def _page_image(root: _Element, lang: str) -> str:
    page_url = DETAIL_URL.format(lang=SITE_LANGUAGES[lang], card_no="")
    for e in root.iter():
        if e.tag != "img":
            continue
        src = e.attrs.get("src") or e.attrs.get("data-src") or ""
        if "/images/cards/card/" in src:
            return urljoin(page_url, src)
    return ""


# Community per-card JSON


def parse_community_json(records: Iterable[tuple[str, Any]], lang: str = "en") -> ParseResult:
    """Read djp952-style card objects given as `(source name, object)`, e.g. a file name and its JSON."""
    language = {"en": "EN", "ja": "JP"}.get(lang)
    if language is None:
        raise ValueError(f"Unknown language {lang!r}; use en or ja.")
    collector = Collector()
    for index, (source, raw) in enumerate(records, start=1):
        number = normalise(raw.get("cardid")) if isinstance(raw, Mapping) else ""
        try:
            imported = _read_community_card(raw, language, lang)
        except BadRecord as e:
            collector.reject(index, number or source, str(e))
            continue
        _collect(collector, index, imported)
    return collector.result


def _read_community_card(raw: Any, language: str, lang: str) -> ImportedCard:
    if not isinstance(raw, Mapping):
        raise BadRecord(f"expected an object of card fields, not {type(raw).__name__}")
    printing = normalise(raw.get("cardid")).upper().replace("_P", "_p")
    if not printing:
        raise BadRecord("the field 'cardid' is missing")
    details = raw.get("detail")
    if not isinstance(details, list) or not all(isinstance(d, Mapping) for d in details):
        raise BadRecord("the field 'detail' is missing or not a list of faces")
    front, back = _community_faces(
        details, language, leader=TYPES.get(clean(raw.get("type")).lower()) == "leader"
    )
    record = {**front, "type": raw.get("type"), "color": raw.get("color")}
    base = get_game("dbsfw").base_number(printing)
    card = _make_card(printing, clean(front.get("name")), record)
    if back is not None:
        back_values = {"traits": back.get("traits"), "text": back.get("effect")}
        card = replace(card, back=_back_face(clean(back.get("name")), back.get("power"), back_values))
    face_suffix = "_f" if card.type == "leader" else ""
    number = base
    return ImportedCard(
        card=card,
        base_number=base,
        set_code=number.split("-")[0],
        image_url=IMAGE_URL.format(
            lang=SITE_LANGUAGES[lang], printing=f"{number}{face_suffix}{printing[len(base) :]}"
        ),
        extra={"rarity": normalise(raw.get("rarity"))},
    )


def _community_faces(
    details: list[Mapping[str, Any]], language: str, leader: bool
) -> tuple[Mapping[str, Any], Mapping[str, Any] | None]:
    """A card's front face in `language`, and a Leader's back face. In djp952's files only a Leader's
    faces name their side (FRONT, BACK); a Battle or Extra card has one face per language, `"side": null`."""
    faces: dict[str, list[Mapping[str, Any]]] = {}
    for detail in details:
        if normalise(detail.get("language")).upper() == language:
            faces.setdefault(normalise(detail.get("side")).upper() or "null", []).append(_unescaped(detail))
    for side, found in faces.items():
        if len(found) > 1:
            raise BadRecord(f"{len(found)} faces with side {side} in language {language}")
    if not faces:
        raise BadRecord(f"no face in language {language}")
    if leader:
        if "FRONT" not in faces or "BACK" not in faces:
            raise BadRecord(f"a Leader needs a FRONT and a BACK face in language {language}")
        return faces["FRONT"][0], faces["BACK"][0]
    if len(faces) > 1 or set(faces) - {"null", "FRONT"}:
        raise BadRecord(f"only a Leader has two faces; this card has sides {', '.join(sorted(faces))}")
    return next(iter(faces.values()))[0], None


def _unescaped(detail: Mapping[str, Any]) -> Mapping[str, Any]:
    """A face with the HTML character references the scraper left in its words as the characters they
    stand for: "King Kai&#039;s Planet", "opponent＆#039;s", "＆lt;Kibito (Mini) : DA＆gt;" (some with a
    full-width ampersand)."""
    words = {
        key: html.unescape(_full_width_references(value))
        for key in ("name", "traits", "effect")
        if isinstance(value := detail.get(key), str)
    }
    return {**detail, **words}


def _full_width_references(text: str) -> str:
    """ "＆lt;" and "＆#039;" as "<" and "'": character references some pages print with a full-width
    ampersand, which no HTML parser decodes."""
    return _FULL_WIDTH_REFERENCE.sub(lambda m: html.unescape(f"&{m.group(1)};"), text)


# Shared


def _make_card(number: str, name: str, r: Mapping[str, Any]) -> Card:
    """A Card from one face's values, keyed as in the community JSON (`specifiedcost`, `combopower`)."""
    if not name:
        raise BadRecord("the field 'name' is missing")
    type_text = clean(r.get("type"))
    card_type = TYPES.get(type_text.lower())
    if card_type is None:
        raise BadRecord(f"unknown card type {type_text!r}" if type_text else "the field 'type' is missing")
    text = clean(r.get("effect"))
    return Card(
        number=number,
        name=name,
        type=card_type,
        colors=_colors(r.get("color")),
        cost=whole_number(r.get("cost"), "cost") if card_type != "leader" else None,
        power=whole_number(r.get("power"), "power"),
        traits=_traits(r.get("traits")),
        keywords=keywords_in(text),
        text=text,
        specified_cost=_specified_cost(r.get("specifiedcost")),
        combo_power=whole_number(r.get("combopower"), "combo power"),
    )


def _back_face(name: str, power: Any, values: Mapping[str, Any]) -> dict[str, Any]:
    text = clean(values.get("text"))
    back: dict[str, Any] = {
        "name": name,
        "power": whole_number(power, "back power"),
        "traits": list(_traits(values.get("traits"))),
        "keywords": list(keywords_in(text)),
        "text": text,
    }
    return {k: v for k, v in back.items() if v not in (None, "", [])}


def _colors(value: Any) -> tuple[str, ...]:
    if isinstance(value, list):
        names = [clean(v) for v in value]
    else:
        names = [n.strip() for n in re.split(r"[/,、]", clean(value))]
    if len(names) == 1 and names[0].lower() in NO_COLOR:
        return ()
    if len(names) == 1 and names[0].lower() in ALL_COLORS:
        return tuple(dict.fromkeys(COLORS.values()))
    colors = []
    for n in names:
        colour = COLORS.get(n.lower())
        if colour is None:
            raise BadRecord(f"unknown colour {n!r}")
        colors.append(colour)
    return tuple(dict.fromkeys(colors))


def _traits(value: Any) -> tuple[str, ...]:
    text = clean(value)
    if text in ("", "-"):
        return ()
    return tuple(t.strip().strip("《》") for t in text.split("/") if t.strip())


def _specified_cost(value: Any) -> dict[str, int]:
    """`"RR"` → `{"red": 2}`; a mapping is taken as colour → count; "-" or nothing → `{}`."""
    if isinstance(value, Mapping):
        given: dict[str, int] = {}
        for key, count in value.items():
            colours = _colors(key)
            if len(colours) != 1:
                raise BadRecord(f"specified cost {key!r} is not one colour")
            given[colours[0]] = whole_number(count, "specified cost") or 0
        return given
    text = normalise(value).upper()
    if text in ("", "-"):
        return {}
    cost: dict[str, int] = {}
    for letter in text:
        if letter.isspace():
            continue
        colour = COST_LETTERS.get(letter)
        if colour is None:
            raise BadRecord(f"unknown specified-cost icon {letter!r}")
        cost[colour] = cost.get(colour, 0) + 1
    return cost


def keywords_in(text: str) -> tuple[str, ...]:
    """Keywords the card has: bracketed words at the start of a line of its skill text, or of a skill glued
    to the one before it."""
    found: list[str] = []
    for line in GLUED_SKILL.sub("\n", html.unescape(text)).splitlines():
        position = 0
        while m := _LEADING_BRACKETS.match(line, position):
            word = " ".join((m.group(1) or m.group(2)).split()).lower()
            keyword = KEYWORDS.get(word)
            if keyword and keyword not in found:
                found.append(keyword)
            position = m.end()
    return tuple(found)


def _collect(collector: Collector, index: int, imported: ImportedCard) -> None:
    """Add a card; a parallel joins its base card's aliases (or stands in for a base not yet seen)."""
    number = imported.card.number
    is_parallel = number != imported.base_number
    earlier = collector.get(imported.base_number)
    if earlier is None:
        if is_parallel:
            imported = replace(
                imported,
                card=replace(imported.card, number=imported.base_number),
                aliases=(number,),
                extra={**imported.extra, "from_parallel": number},
            )
        collector.add(index, imported)
    elif is_parallel:
        if number in earlier.aliases:
            collector.reject(index, number, f"duplicate of the parallel {number} seen earlier")
        else:
            collector.replace(replace(earlier, aliases=(*earlier.aliases, number)))
    elif earlier.card.number == number and earlier.aliases and _stood_in(earlier):
        # The base page arrives after one of its parallels: its own data wins.
        collector.replace(replace(imported, aliases=earlier.aliases))
    else:
        collector.add(index, imported)  # a real duplicate: rejected by the collector


def _stood_in(card: ImportedCard) -> bool:
    return bool(card.extra.get("from_parallel"))
