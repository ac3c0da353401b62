"""The deck as a picture players post: its cards as drawn frames by section, type and cost, with copy
counts, under the deck's name, author, game, format and legality (issue 35, item 2).

Drawn with Pillow from the card data alone, so a picture needs no card image and no request to the
publisher: the frames are the visual list's (templates/decks/_card_face.html) in miniature. Two sizes:
a link preview (1200×630, what Discord, Slack and X show) and a post (1080×1350, a phone screen). A
picture is cached per deck version and card data (decks.web.page_cache.deck_facts), so it is drawn once.
"""

from __future__ import annotations

import hashlib
import io
import logging
import urllib.request
from collections.abc import Iterable
from dataclasses import dataclass
from functools import lru_cache
from pathlib import Path
from urllib.parse import urlsplit

from django.conf import settings
from django.core.cache import cache
from PIL import Image, ImageDraw, ImageFont

from decks.builder import deckpage
from decks.models import Deck
from decks.web import page_cache

SIZES = {"preview": (1200, 630), "post": (1080, 1350)}
CACHE_SECONDS = 7 * 24 * 3600
# Fonts with Japanese (GBF and Fire Force names): Debian's fonts-noto-cjk, then DejaVu for Latin names;
# DECK_PICTURE_FONT names another file. Without any, Pillow's own font draws Latin text only.
FONT_FILES = (
    "/usr/share/fonts/opentype/noto/NotoSansCJK-Regular.ttc",
    "/usr/share/fonts/opentype/noto/NotoSansCJK-Bold.ttc",
    "/usr/share/fonts/truetype/dejavu/DejaVuSans.ttf",
)
# The visual list's frame colours (static/css/site.css, .colour-*), by colour or element.
FRAME_COLOURS = {
    "fire": "#c0392b",
    "red": "#c0392b",
    "ice": "#2e86c1",
    "blue": "#2e86c1",
    "water": "#2e86c1",
    "wind": "#27ae60",
    "green": "#27ae60",
    "earth": "#b7950b",
    "yellow": "#b7950b",
    "lightning": "#6c3483",
    "dark": "#6c3483",
    "black": "#6c3483",
    "light": "#d4ac0d",
}
NO_COLOUR = "#5d6d7e"
INK, MUTED, PAPER, LEGAL, ILLEGAL = "#1d2330", "#5b6372", "#f6f7fb", "#1f7a3d", "#b03a2e"
MARGIN, GAP, HEADER = 28, 10, 112
MAX_IMAGE_BYTES = 3_000_000
IMAGE_TIMEOUT = 5
logger = logging.getLogger(__name__)


@dataclass(frozen=True)
class Tile:
    name: str
    number: str
    cost: int | None
    count: int
    colours: tuple[str, ...]
    type: str
    image_url: str = ""


@dataclass(frozen=True)
class Part:
    label: str  # "Main deck · Forward (28)"
    tiles: tuple[Tile, ...]


def deck_picture(deck: Deck, size: str) -> bytes:
    """The PNG of `deck` at `size` (a key of SIZES), from the cache when this version was drawn."""
    facts = repr(
        (page_cache.deck_facts(deck), size, _font_path(), settings.DECK_PICTURE_CARD_IMAGES)
    ).encode()
    key = "deck-picture:" + hashlib.sha256(facts).hexdigest()
    png = cache.get(key)
    if png is None:
        png = draw(deck, size)
        cache.set(key, png, CACHE_SECONDS)
    return png


def draw(deck: Deck, size: str) -> bytes:
    page = deckpage.build(deck)
    author = deck.owner.get_username() if deck.owner else "a visitor"
    verdict = f"Legal in {deck.format.replace('-', ' ').capitalize()}" if page.legal else "Not legal"
    if not page.legal:
        problems = len(page.report.violations)
        verdict += f" ({problems} problem{'s' if problems != 1 else ''})"
    parts = list(_parts(page))
    return render(deck.name, f"{page.rules.name} · by {author}", verdict, page.legal, parts, SIZES[size])


def _parts(page: deckpage.DeckPage) -> Iterable[Part]:
    """Each section's cards by type, then cheapest first (deckpage sorts by cost), the types counted in
    the section's label."""
    for section in page.sections:
        by_type: dict[str, list[Tile]] = {}
        for row in section.rows:
            card = row.card
            kind = card.type.capitalize()
            tile = Tile(card.name, card.number, card.cost, row.count, card.colors, kind, row.face.image_url)
            by_type.setdefault(row.card.type, []).append(tile)
        types = " · ".join(f"{t.capitalize()} {sum(c.count for c in tiles)}" for t, tiles in by_type.items())
        label = f"{section.label} ({section.count})" + (f": {types}" if types else "")
        yield Part(label, tuple(tile for tiles in by_type.values() for tile in tiles))


def render(
    title: str, subtitle: str, verdict: str, legal: bool, parts: list[Part], size: tuple[int, int]
) -> bytes:
    """The picture: a header, then every part's tiles in rows, as large as they fit."""
    width, height = size
    image = Image.new("RGB", size, PAPER)
    pen = ImageDraw.Draw(image)
    pen.text((MARGIN, MARGIN - 4), _fit(pen, title, _font(44), width - 2 * MARGIN), font=_font(44), fill=INK)
    pen.text((MARGIN, MARGIN + 52), subtitle, font=_font(24), fill=MUTED)
    badge = _font(24)
    badge_width = pen.textlength(verdict, font=badge) + 24
    left = width - MARGIN - badge_width
    colour = LEGAL if legal else ILLEGAL
    pen.rounded_rectangle((left, MARGIN + 48, width - MARGIN, MARGIN + 84), 8, fill=colour)
    pen.text((left + 12, MARGIN + 66), verdict, font=badge, fill="white", anchor="lm")
    area = (width - 2 * MARGIN, height - HEADER - 2 * MARGIN)
    tile_width = _largest_tile(parts, area)
    _draw_parts(image, parts, tile_width, (MARGIN, HEADER + MARGIN))
    out = io.BytesIO()
    image.save(out, "PNG", compress_level=6)
    return out.getvalue()


def _tile_height(tile_width: int) -> int:
    return int(tile_width * 1.4)  # a card's shape


def _label_height(tile_width: int) -> int:
    return max(14, min(22, tile_width // 5)) + 8


def _layout_height(parts: list[Part], tile_width: int, area_width: int) -> int:
    """How tall the parts stand at this tile width: each part starts a row under its label."""
    per_row = max(1, (area_width + GAP) // (tile_width + GAP))
    rows_height = 0
    for part in parts:
        rows = -(-len(part.tiles) // per_row)
        rows_height += _label_height(tile_width) + rows * (_tile_height(tile_width) + GAP)
    return rows_height


def _largest_tile(parts: list[Part], area: tuple[int, int]) -> int:
    """The widest tile whose layout fits the area (at least 24 px: a deck of hundreds of different cards
    would otherwise draw nothing readable; it is then cut at the bottom)."""
    for tile_width in range(min(220, area[0]), 23, -2):
        if _layout_height(parts, tile_width, area[0]) <= area[1]:
            return tile_width
    return 24


def _draw_parts(image: Image.Image, parts: list[Part], tile_width: int, origin: tuple[int, int]) -> None:
    pen = ImageDraw.Draw(image)
    x0, y = origin
    area_width = image.width - 2 * x0
    per_row = max(1, (area_width + GAP) // (tile_width + GAP))
    label_font = _font(max(14, min(22, tile_width // 5)))
    for part in parts:
        pen.text((x0, y), _fit(pen, part.label, label_font, area_width), font=label_font, fill=MUTED)
        y += _label_height(tile_width)
        for i, tile in enumerate(part.tiles):
            row, column = divmod(i, per_row)
            x = x0 + column * (tile_width + GAP)
            top = y + row * (_tile_height(tile_width) + GAP)
            _draw_tile(image, pen, tile, (x, top), tile_width)
        y += -(-len(part.tiles) // per_row) * (_tile_height(tile_width) + GAP)


def _draw_tile(
    image: Image.Image, pen: ImageDraw.ImageDraw, tile: Tile, at: tuple[int, int], tile_width: int
) -> None:
    """A drawn frame: the card's colour, its cost, name and number, and the copies in a corner badge."""
    x, y = at
    h = _tile_height(tile_width)
    if (face := card_image(tile.image_url)) is not None:
        image.paste(face.resize((tile_width, h)), (x, y))
        _draw_count(pen, tile, at, tile_width)
        return
    frame = FRAME_COLOURS.get(tile.colours[0], NO_COLOUR) if tile.colours else NO_COLOUR
    corner, border = max(4, tile_width // 16), max(2, tile_width // 24)
    pen.rounded_rectangle((x, y, x + tile_width, y + h), corner, fill="white", outline=frame, width=border)
    pen.rectangle((x + 3, y + 3, x + tile_width - 3, y + h // 5), fill=frame)
    small = _font(max(10, tile_width // 8))
    if tile.cost is not None:
        pen.text((x + 8, y + 5), str(tile.cost), font=_font(max(12, tile_width // 6)), fill="white")
    name_font = _font(max(10, tile_width // 7))
    lines = _wrap(pen, tile.name, name_font, tile_width - 12, 3)
    line_height = max(11, tile_width // 6)
    for i, line in enumerate(lines):
        pen.text((x + 6, y + h // 5 + 6 + i * line_height), line, font=name_font, fill=INK)
    pen.text((x + 6, y + h - 2 * line_height - 6), _fit(pen, tile.type, small, tile_width - 12), font=small,
             fill=MUTED)  # fmt: skip
    pen.text((x + 6, y + h - line_height - 6), tile.number, font=small, fill=MUTED)
    _draw_count(pen, tile, at, tile_width)


def _draw_count(pen: ImageDraw.ImageDraw, tile: Tile, at: tuple[int, int], tile_width: int) -> None:
    """The copies in a dark badge at the tile's top right."""
    x, y = at
    count = f"×{tile.count}"
    count_font = _font(max(11, tile_width // 7))
    count_width = pen.textlength(count, font=count_font) + 10
    box = (x + tile_width - count_width - 4, y + 5, x + tile_width - 5, y + 5 + max(14, tile_width // 6))
    pen.rounded_rectangle(box, 4, fill=INK)
    pen.text(
        ((box[0] + box[2]) / 2, (box[1] + box[3]) / 2), count, font=count_font, fill="white", anchor="mm"
    )


def _wrap(
    pen: ImageDraw.ImageDraw, text: str, font: ImageFont.FreeTypeFont, width: int, most: int
) -> list[str]:
    """Text in at most `most` lines of `width` pixels, by words (by characters where there are no spaces,
    as in Japanese), the last line cut with an ellipsis."""
    lines: list[str] = []
    current = ""
    for piece in text.split(" ") if " " in text else list(text):
        joined = f"{current} {piece}" if current and " " in text else current + piece
        if pen.textlength(joined, font=font) <= width or not current:
            current = joined
        else:
            lines.append(current)
            current = piece
    lines.append(current)
    if len(lines) > most:
        lines = lines[:most]
        lines[-1] = _fit(pen, lines[-1] + "…", font, width)
    return [_fit(pen, line, font, width) for line in lines]


def _fit(pen: ImageDraw.ImageDraw, text: str, font: ImageFont.FreeTypeFont, width: int) -> str:
    """`text` cut with an ellipsis to `width` pixels."""
    if pen.textlength(text, font=font) <= width:
        return text
    while text and pen.textlength(text + "…", font=font) > width:
        text = text[:-1]
    return text + "…"


def card_image(url: str) -> Image.Image | None:
    """The card's image when the operator allows fetching them and the address is the publisher's; None
    otherwise, or when it cannot be fetched or read (the frame is drawn instead)."""
    if not settings.DECK_PICTURE_CARD_IMAGES or not url:
        return None
    address = urlsplit(url)
    if address.scheme != "https" or address.hostname not in settings.DECK_PICTURE_IMAGE_HOSTS:
        return None
    kept = Path(settings.VAR_DIR) / "card-images" / hashlib.sha256(url.encode()).hexdigest()
    try:
        if not kept.exists():
            kept.parent.mkdir(parents=True, exist_ok=True)
            kept.write_bytes(fetch_image(url))
        with Image.open(kept) as image:
            return image.convert("RGB")
    except (OSError, ValueError) as e:  # a network error, a refusal, more bytes than an image has
        logger.warning("No card image from %s: %s", url, e)
        return None


def fetch_image(url: str) -> bytes:
    """The bytes at `url`, at most MAX_IMAGE_BYTES (ValueError beyond)."""
    request = urllib.request.Request(url, headers={"User-Agent": "tcgsite deck picture"})
    with urllib.request.urlopen(request, timeout=IMAGE_TIMEOUT) as response:  # noqa: S310 (https, allowed hosts)
        data = response.read(MAX_IMAGE_BYTES + 1)
    if len(data) > MAX_IMAGE_BYTES:
        raise ValueError(f"more than {MAX_IMAGE_BYTES} bytes")
    return data


@lru_cache(maxsize=1)
def _font_path() -> str:
    chosen = getattr(settings, "DECK_PICTURE_FONT", "")
    for path in (chosen, *FONT_FILES):
        if path and Path(path).is_file():
            return path
    return ""


@lru_cache(maxsize=32)
def _font(size: int) -> ImageFont.FreeTypeFont:
    path = _font_path()
    if path:
        return ImageFont.truetype(path, size)
    return ImageFont.load_default(size)  # type: ignore[return-value]
