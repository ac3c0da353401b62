"""The decklist formats players copy between sites, told apart by their shape and written back
(docs/decklist-formats.md lists each with an example).

engine.decklist reads every one of them with one line grammar; this module says which one a pasted text
was ("Read as a DeckPlanet list"), so the player sees that the paste was understood as meant, and writes
a deck in each, so a list made here can be pasted into the site or chat it came from.

A format is known by a marker, a line only it has (materiahunter's `main(50):`, Fusion World Digital's
`(Exported)` title), or else by every card line having its shape; the most particular format is tried
first. The patterns see lines of at most MAX_LINE_CHARS with their whitespace folded, as the reader's do.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import dataclass
from urllib.parse import quote

from engine.deck import Deck, DeckEntry
from engine.games import get_game

# A card code of any of the four games, as engine.decklist reads it.
CODE = r"[A-Za-z]{0,4}\d{0,3}-\d{1,4}[A-Za-z]{0,2}(?:_[a-z]\d*+)?"
# Egman Events' deck builder shares a deck as a link whose `deck` parameter lists `CODE:COUNT` pairs.
EGMAN_BUILDER = "https://deckbuilder.egmanevents.com/"
DECK_LINK_PAIR = re.compile(rf"({CODE}):(\d{{1,4}})")
_FFTCG_TYPE_HEADINGS = {
    "forward": "Forwards",
    "backup": "Backups",
    "summon": "Summons",
    "monster": "Monsters",
}


@dataclass(frozen=True)
class ListFormat:
    id: str
    game: str
    name: str  # "DeckPlanet list": the export menu's label, and the import's "Read as a DeckPlanet list"
    card_line: re.Pattern[str]  # every card line of a list in this format has this shape
    marker: re.Pattern[str] | None = None  # a line only this format has; None: its card lines tell
    write: Callable[[Deck], str] | None = None  # None: read only (the export would need data we lack)

    @property
    def read_as(self) -> str:
        article = "an" if self.name[0].lower() in "aeiou" else "a"
        return f"Read as {article} {self.name}"


def _pattern(text: str) -> re.Pattern[str]:
    return re.compile(text, re.IGNORECASE)


def _headed(deck: Deck, line: Callable[[int, str, str], str]) -> str:
    """`# Section (size)` headings over each section's lines, the deck's name first: the plain format of
    every game (docs/decklist-formats.md) and the shape untap's and the deck-code lists share."""
    game = get_game(deck.game)
    lines = [f"Deck Name: {deck.name}"] if deck.name else []
    for section in game.sections:
        entries = deck.entries(section.id)
        if not entries:
            continue
        if lines:
            lines.append("")
        lines.append(f"# {section.label} ({deck.size(section.id)})")
        lines += [line(e.count, e.card, deck.cards[e.card].name) for e in entries]
    return "\n".join(lines) + "\n"


def write_plain(deck: Deck) -> str:
    return _headed(deck, lambda count, code, name: f"{count} {code} {name}")


def write_untap(deck: Deck) -> str:
    return _headed(deck, lambda count, code, name: f"{count} {name} ({code})")


def write_deck_code(deck: Deck) -> str:
    """Fusion World Digital's Deck Code text as Limitless prints it: `qty code`, the Leader first."""
    game = get_game(deck.game)
    return "".join(f"{e.count} {e.card}\n" for s in game.sections for e in deck.entries(s.id))


def write_deckplanet(deck: Deck) -> str:
    """DeckPlanet's "Copy to Clipboard": the Leader without a quantity, then `4 Name [CODE]`."""
    lines = [f"{deck.cards[e.card].name} [{e.card}]" for e in deck.entries("leader")]
    lines += [f"{e.count} {deck.cards[e.card].name} [{e.card}]" for e in deck.entries("main")]
    return "\n".join(lines) + "\n"


def write_egman_link(deck: Deck) -> str:
    game = get_game(deck.game)
    pairs = ",".join(f"{e.card}:{e.count}" for s in game.sections for e in deck.entries(s.id))
    return f"{EGMAN_BUILDER}?deck={quote(pairs, safe=':,')}\n"


def write_materia_hunter(deck: Deck) -> str:
    """materiahunter.com's export (Tabletop Simulator): `main(N):` and `limit break(N):`, each split by
    card type."""
    game = get_game(deck.game)
    lines = [f"Deck Name: {deck.name}"] if deck.name else []
    for section, header in (("main", "main"), ("lb", "limit break")):
        lines.append(f"{header}({deck.size(section)}):")
        for card_type in game.card_types:
            entries = [e for e in deck.entries(section) if deck.cards[e.card].type == card_type]
            lines.append(f"{card_type.capitalize()}({sum(e.count for e in entries)}):")
            lines += [f"{e.count} {deck.cards[e.card].name} ({e.card})" for e in entries]
    return "\n".join(lines) + "\n"


def write_ffdecks(deck: Deck) -> str:
    """FFDecks' chat text: `3x (Wind) 3 Zidane (3-056)`, element and cost before the name; the Limit
    Break deck under its own heading."""

    def line(count: int, number: str) -> str:
        card = deck.cards[number]
        elements = "/".join(e.capitalize() for e in card.colors)
        return f"{count}x ({elements}) {card.cost} {card.name} ({number})"

    lines = [f"Deck Name: {deck.name}"] if deck.name else []
    lines += [line(e.count, e.card) for e in deck.entries("main")]
    if deck.entries("lb"):
        lines += ["", f"Limit Break ({deck.size('lb')})"] + [
            line(e.count, e.card) for e in deck.entries("lb")
        ]
    return "\n".join(lines) + "\n"


def write_article(deck: Deck) -> str:
    """The articles' style: `Forwards (27)` headings, `3 x 1-005R Warrior of Light` lines."""
    lines = [f"Deck Name: {deck.name}"] if deck.name else []
    parts: list[tuple[str, tuple[DeckEntry, ...]]] = []
    for card_type, heading in _FFTCG_TYPE_HEADINGS.items():
        of_type = tuple(e for e in deck.entries("main") if deck.cards[e.card].type == card_type)
        if of_type:
            parts.append((f"{heading} ({sum(e.count for e in of_type)})", of_type))
    if deck.entries("lb"):
        parts.append((f"Limit Break ({deck.size('lb')})", deck.entries("lb")))
    for heading, entries in parts:
        lines += ([""] if lines else []) + [heading]
        lines += [f"{e.count} x {e.card} {deck.cards[e.card].name}" for e in entries]
    return "\n".join(lines) + "\n"


_UNTAP_LINE = _pattern(rf"\d+ .+ \({CODE}\)")
_PLAIN_LINE = _pattern(rf"\d+ {CODE} .+")
# Each game's formats in the order the export menu offers them, its default first.
FORMATS: tuple[ListFormat, ...] = (
    # FFTCG
    ListFormat("untap", "fftcg", "untap list", _UNTAP_LINE, write=write_untap),
    ListFormat("materia-hunter", "fftcg", "Materia Hunter / Tabletop Simulator export", _UNTAP_LINE,
               _pattern(r"main\(\d+\):|--Generated By materiahunter\.com--"), write_materia_hunter),
    ListFormat("ffdecks", "fftcg", "FFDecks chat list", _pattern(rf"\d+x \([A-Za-z/]+\) \d+ .+ \({CODE}\)"),
               write=write_ffdecks),
    ListFormat("article", "fftcg", "article-style list", _pattern(rf"\d+ x {CODE} .+"),
               _pattern(r"(?:Forwards|Backups|Summons|Monsters) \(\d+\)"), write_article),
    # DBS Fusion World
    ListFormat("names", "dbsfw", "plain list", _PLAIN_LINE, write=write_plain),
    ListFormat("deck-code", "dbsfw", "Deck Code list (Fusion World Digital, Limitless)",
               _pattern(rf"\d+ {CODE}"), write=write_deck_code),
    ListFormat("deckplanet", "dbsfw", "DeckPlanet list", _pattern(rf"(?:\d+ )?.+ \[{CODE}\]"),
               write=write_deckplanet),
    ListFormat("egman-link", "dbsfw", "Egman Events deck link", _pattern(r"https?://\S+"),
               _pattern(r"https?://\S*[?&]deck=\S+"), write_egman_link),
    # Its card ids in brackets are the client's own, which no card list gives: read, not written.
    ListFormat("fw-digital", "dbsfw", "Fusion World Digital export",
               _pattern(rf"(?:\d+ )?{CODE} .+\(\d+\)"), _pattern(r".+ \(Exported\)")),
    # GBF and Fire Force have no community format: ours (docs/decklist-formats.md).
    ListFormat("names", "gbf", "plain list", _PLAIN_LINE, write=write_plain),
    ListFormat("names", "fireforce", "plain list", _PLAIN_LINE, write=write_plain),
)  # fmt: skip


def formats_of(game_id: str) -> tuple[ListFormat, ...]:
    return tuple(f for f in FORMATS if f.game == game_id)


def written_formats(game_id: str) -> dict[str, str]:
    """The formats a deck of the game can be written in, id -> name, the first the default."""
    return {f.id: f.name for f in formats_of(game_id) if f.write is not None}


def detect(card_lines: list[str], other_lines: list[str], game_id: str) -> ListFormat | None:
    """The format of a list, from its card lines and its other lines (headers, titles, comments), each
    with its whitespace folded; None when no one format has them all (a list typed by hand, or mixed)."""
    by_marker_first = sorted(formats_of(game_id), key=lambda f: f.marker is None)
    for candidate in by_marker_first:
        if candidate.marker is not None:
            if not any(candidate.marker.fullmatch(line) for line in other_lines + card_lines):
                continue
        elif not card_lines:
            continue
        if all(candidate.card_line.fullmatch(line) for line in card_lines):
            return candidate
    return None
