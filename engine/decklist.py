"""Decklist text as players paste it, in each game's usual formats (research/card-data.md 1.4-5.3).

One line grammar serves every game: an optional quantity (`3`, `3x`, `3 x`, or an `x3` suffix), then a
bare code, `Name (CODE)`, `Name [CODE]`, `CODE Name` or `CODE Name(digital id)`, or a name alone.
Headers switch sections (`main(50):`, `limit break(0):`, `# Captain deck`, `Flame`), card type headers
(`Forward(28):`, `Forward (29)`, `Backups`) and comments are ignored, and every line that cannot be read
is reported with its number: nothing is dropped silently. `read_decklist` keeps what it could read
beside those reports, for the player to fix the rest; `import_decklist` wants every line read.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable, Mapping
from dataclasses import dataclass, field, replace
from typing import Protocol
from urllib.parse import unquote

from engine.cards import Card
from engine.deck import Deck, DeckEntry
from engine.deckfile import MAX_COUNT, MAX_ENTRIES
from engine.decklist_formats import CODE, DECK_LINK_PAIR, ListFormat, detect, formats_of
from engine.errors import DeckFileError
from engine.games import GAMES, get_game

# The patterns below see a line whose whitespace is already one space between words (`_words`), none at
# either end, and at most MAX_LINE_CHARS long: no quantifier can meet a run of spaces to backtrack over,
# and the digit runs are possessive, so each pattern is linear in the line.
_QUANTITY_FIRST = re.compile(r"(\d++) ?[xX×]? (.+)|(\d++)[xX×](\S.*)")
_QUANTITY_LAST = re.compile(r"(.+?) [xX×] ?(\d++)")
_NAME_THEN_CODE = re.compile(rf"(?P<name>.*?) ?[(\[](?P<code>{CODE})[)\]]")
_CODE_THEN_NAME = re.compile(rf"(?P<code>{CODE})(?: (?P<name>.*?))?(?: ?\(\d++\))?")
_COUNT_SUFFIX = re.compile(r" ?\([\d \-–]*+\)$")

# The longest card line: a quantity, a name (the card table holds at most 200 characters; real names are
# under 60), a number of at most 32 and brackets come to under 250. A longer line is reported unread,
# so a pasted run of 40,000 spaces costs one length check, not a pattern run.
MAX_LINE_CHARS = 300
# A deck link lists every card in one line: MAX_ENTRIES pairs of a code and a count fit in this.
MAX_LINK_CHARS = 64 + 24 * MAX_ENTRIES
# A list holds at most MAX_ENTRIES card lines; four lines each leaves room for headers, comments and blank
# lines. Longer text is not a decklist and is not read line by line.
MAX_LIST_LINES = 4 * MAX_ENTRIES
# Problems listed one by one; the rest are counted (`ReadList.more_problems`). A hundred is more than
# any real list gets wrong, and keeps the page for a pasted megabyte of junk small.
MAX_REPORTED_PROBLEMS = 100
# Unknown names that get "did you mean": each is compared with every card name of the game (about 30 ms
# against 3,000 names), so a paste of hundreds of made-up names would cost seconds. Five covers a
# player's typos; a list with more unknown names is of another game, or junk.
MAX_SUGGESTED_NAMES = 5

# Headers after which lines are not part of the deck: read, then reported as left out.
_SET_ASIDE_HEADERS = {"sideboard", "side deck", "side"}


class CardCatalog(Protocol):
    """Where a decklist's codes and names are looked up (the card database, or a set in memory)."""

    def by_number(self, game: str, numbers: Iterable[str]) -> Mapping[str, Card]:
        """Cards for the numbers asked, keyed by the number as asked; a printing may answer for its base."""

    def by_name(self, game: str, names: Iterable[str]) -> Mapping[str, list[Card]]:
        """Every card whose name equals one asked (case-insensitively), keyed by the name as asked."""

    def names(self, game: str) -> Iterable[str]:
        """Every card name of the game, for "did you mean" when a name matches none."""


@dataclass(frozen=True, slots=True)
class LineProblem:
    line: int
    text: str
    reason: str

    def __str__(self) -> str:
        return f"line {self.line}: {self.reason} ({self.text!r})"


class DecklistError(DeckFileError):
    """A decklist with lines that cannot be read: `problems` lists the first MAX_REPORTED_PROBLEMS of
    them, `more_problems` counts the rest."""

    def __init__(self, problems: list[LineProblem], more_problems: int = 0) -> None:
        self.problems, self.more_problems = problems, more_problems
        message = "; ".join(str(p) for p in problems)
        if more_problems:
            message += f"; and {more_problems} more lines could not be read"
        super().__init__(message)


@dataclass(frozen=True, slots=True)
class ListedCard:
    line: int
    text: str
    section: str
    count: int
    code: str | None
    name: str | None
    under_header: bool = False  # the section came from a header line, not the default


@dataclass
class ParsedList:
    name: str = ""
    cards: list[ListedCard] = field(default_factory=list)
    problems: list[LineProblem] = field(default_factory=list)
    left_out: list[LineProblem] = field(default_factory=list)  # sideboard lines: read, not in the deck
    list_format: ListFormat | None = None  # the site's format it was copied from, when one fits it all


def parse_decklist(text: str, game_id: str) -> ParsedList:
    """Split text into listed cards by section, without looking any card up.

    Linear in the text: longer than MAX_LIST_LINES lines it is one problem, unread, and a line longer
    than MAX_LINE_CHARS is one problem without a pattern run on it.
    """
    game = get_game(game_id)
    headers = game.decklist_headers
    parsed = ParsedList()
    section: str | None = game.main_section
    under_header = False
    type_words = _type_header_words(game.card_types)
    lines = text.splitlines()
    if len(lines) > MAX_LIST_LINES:
        reason = f"the text has {len(lines)} lines; a decklist has at most {MAX_LIST_LINES}, so none was read"
        parsed.problems.append(LineProblem(0, "", reason))
        return parsed
    card_lines: list[str] = []  # each line as the patterns see it, for the format's name
    other_lines: list[str] = []
    for number, raw in enumerate(lines, start=1):
        stripped = raw.strip()
        if link := _deck_link_cards(number, stripped, section or ""):
            parsed.problems += [p for p in link if isinstance(p, LineProblem)][:MAX_REPORTED_PROBLEMS]
            parsed.cards += [c for c in link if isinstance(c, ListedCard)][
                : MAX_ENTRIES + 1 - len(parsed.cards)
            ]
            card_lines.append(stripped[:MAX_LINK_CHARS])
            if len(parsed.cards) > MAX_ENTRIES:
                parsed.problems.append(
                    LineProblem(number, _excerpt(stripped), f"more than {MAX_ENTRIES} cards")
                )
                break
            continue
        if len(stripped) > MAX_LINE_CHARS:
            reason = f"{len(stripped)} characters, longer than any card line (at most {MAX_LINE_CHARS})"
            parsed.problems.append(LineProblem(number, _excerpt(stripped), reason))
            continue
        line = " ".join(stripped.split())  # one space between words: see the patterns above
        if not line or line.startswith("--"):
            other_lines.append(line)
            continue
        if line.lower().startswith(("deck name:", "name:")):
            parsed.name = line.split(":", 1)[1].strip()
            continue
        if line.lower().startswith(("created by:", "author:")):
            continue
        if line.endswith("(Exported)"):  # Fusion World Digital's export opens with the deck name
            parsed.name = line.removesuffix("(Exported)").strip()
            other_lines.append(line)
            continue
        header = _header_words(line, type_words)
        if header is not None:
            other_lines.append(line)
            if header in headers:
                section, under_header = headers[header], True
            elif header in _SET_ASIDE_HEADERS:
                section = None
            continue  # type headers such as "Forward(28):" and comments
        listed = _read_card_line(number, stripped, line, section or "", under_header)
        card_lines.append(line)
        if isinstance(listed, LineProblem):
            parsed.problems.append(listed)
        elif section is None:
            parsed.left_out.append(LineProblem(number, stripped, "sideboard cards are not part of the deck"))
        else:
            parsed.cards.append(listed)
        if len(parsed.cards) > MAX_ENTRIES:
            parsed.problems.append(LineProblem(number, stripped, f"more than {MAX_ENTRIES} card lines"))
            break
    if not parsed.cards and not parsed.problems:
        parsed.problems.append(LineProblem(0, "", "the list names no cards"))
    parsed.list_format = detect(card_lines, other_lines, game.id)
    return parsed


def _deck_link_cards(number: int, text: str, section: str) -> list[ListedCard | LineProblem]:
    """The cards of a deck link pasted whole (Egman Events' `...?deck=FB01-001:1,FB01-005:4`), longer
    than a card line may be; [] when the line is no such link."""
    if not text.startswith(("http://", "https://")) or "deck=" not in text[:MAX_LINK_CHARS]:
        return []
    query = unquote(text[:MAX_LINK_CHARS].split("deck=", 1)[1].split("&", 1)[0])
    read: list[ListedCard | LineProblem] = []
    for pair in query.split(","):
        m = DECK_LINK_PAIR.fullmatch(pair)
        if m is None or not 1 <= int(m[2]) <= MAX_COUNT:
            reason = f"the link's {pair[:40]!r} is not a card number and a quantity from 1 to {MAX_COUNT}"
            read.append(LineProblem(number, _excerpt(text), reason))
        else:
            read.append(ListedCard(number, text, section, int(m[2]), m[1].upper(), None))
    return read


@dataclass(frozen=True)
class ReadList:
    """What a decklist gave: the deck of the lines that could be read, and the lines that could not:
    the first MAX_REPORTED_PROBLEMS of them by line, and how many more there are."""

    deck: Deck
    problems: list[LineProblem]
    more_problems: int = 0
    list_format: ListFormat | None = None  # the site's format it was read as, when one fits it all


def import_decklist(text: str, game_id: str, catalog: CardCatalog, format: str | None = None) -> Deck:
    """Read a pasted decklist into a Deck; raise DecklistError naming every line that fails."""
    read = read_decklist(text, game_id, catalog, format)
    if read.problems:
        raise DecklistError(read.problems, read.more_problems)
    return read.deck


def read_decklist(text: str, game_id: str, catalog: CardCatalog, format: str | None = None) -> ReadList:
    """Read a pasted decklist into the deck of its readable lines, and the lines that failed, with why
    (an unknown name among those listed gets the closest card names: "did you mean")."""
    game = get_game(game_id)
    parsed = parse_decklist(text, game.id)
    problems = list(parsed.problems)
    codes = {c.code for c in parsed.cards if c.code}
    names = {c.name for c in parsed.cards if not c.code and c.name}
    by_code = catalog.by_number(game.id, codes) if codes else {}
    by_name = catalog.by_name(game.id, names) if names else {}
    counts: dict[str, dict[str, int]] = {}
    cards: dict[str, Card] = {}
    unknown_names: dict[LineProblem, str] = {}
    for listed in parsed.cards:
        card = _resolve(listed, by_code, by_name, problems, unknown_names)
        if card is None:
            continue
        # A card of a type a section holds goes there whatever header it stands under.
        section = game.section_holding(card.type) or listed.section
        if not listed.under_header:
            by_keyword = game.keyword_sections
            section = next((by_keyword[k] for k in card.keywords if k in by_keyword), section)
        section_counts = counts.setdefault(section, {})
        section_counts[card.number] = section_counts.get(card.number, 0) + listed.count
        if section_counts[card.number] > MAX_COUNT:
            problems.append(
                LineProblem(listed.line, listed.text, f"more than {MAX_COUNT} copies of {card.number}")
            )
            section_counts[card.number] = MAX_COUNT
        cards[card.number] = card
    sections = {
        s: tuple(DeckEntry(n, c) for n, c in counts[s].items()) for s in game.section_ids if s in counts
    }
    deck = Deck(
        game=game.id, format=format or game.formats[0], sections=sections, cards=cards, name=parsed.name
    )
    problems.sort(key=lambda p: p.line)
    shown = _suggest_names(problems[:MAX_REPORTED_PROBLEMS], unknown_names, catalog, game.id)
    return ReadList(deck, shown, len(problems) - len(shown), parsed.list_format)


def export_decklist(deck: Deck, style: str = "") -> str:
    """The deck as text in one of its game's formats (engine.decklist_formats; the first by default)."""
    choices = {f.id: f.write for f in formats_of(deck.game) if f.write is not None}
    writer = choices.get(style or next(iter(choices)))
    if writer is None:
        game = get_game(deck.game)
        raise ValueError(f"Unknown export format {style!r}; {game.name} has {', '.join(choices)}.")
    return writer(deck)


def _header_words(line: str, type_words: frozenset[str] = frozenset()) -> str | None:
    """The words of a header line (`main(50):`, `# Captain deck (1-5)`, `Sideboard`, `Forward (29)`),
    else None. Without a mark (`#`, `//`, a final colon) a line is a header only when its words, once a
    count in brackets is taken off, are a section's or a card type's."""
    stripped = line.lstrip("#/ ").strip()
    is_marked = line.startswith(("#", "//")) or line.endswith(":")
    words = _COUNT_SUFFIX.sub("", stripped.rstrip(":").strip()).strip().lower()
    known = _is_section_word(words) or words in type_words
    if is_marked or (words and not re.search(r"\d", words) and known):
        return words
    return None


def _type_header_words(card_types: Iterable[str]) -> frozenset[str]:
    """`forward`, `forwards`, ...: the card type headers that lists put above their cards."""
    return frozenset(word for t in card_types for word in (t, f"{t}s"))


def _is_section_word(words: str) -> bool:
    return any(words in g.decklist_headers for g in GAMES.values()) or words in _SET_ASIDE_HEADERS


def _read_card_line(
    number: int, text: str, line: str, section: str, under_header: bool = False
) -> ListedCard | LineProblem:
    """One card line: `text` as pasted (stripped), `line` its words one space apart, for the patterns."""
    count, body = 1, line
    # int() is safe: a line holds at most MAX_LINE_CHARS digits, far below Python's 4,300-digit limit.
    if m := _QUANTITY_FIRST.fullmatch(line):
        count, body = int(m.group(1) or m.group(3)), m.group(2) or m.group(4)
    elif m := _QUANTITY_LAST.fullmatch(line):
        body, count = m.group(1), int(m.group(2))
    if not 1 <= count <= MAX_COUNT:
        return LineProblem(number, text, f"a quantity must be between 1 and {MAX_COUNT}")
    if m := _NAME_THEN_CODE.fullmatch(body):
        return ListedCard(
            number, text, section, count, m.group("code").upper(), m.group("name") or None, under_header
        )
    if m := _CODE_THEN_NAME.fullmatch(body):
        return ListedCard(
            number, text, section, count, m.group("code").upper(), m.group("name") or None, under_header
        )
    if re.search(r"[A-Za-z\u3040-\u30ff\u4e00-\u9fff]", body):
        return ListedCard(number, text, section, count, None, body, under_header)
    return LineProblem(number, text, "not a card line: expected a quantity and a card code or name")


def _excerpt(text: str, chars: int = 60) -> str:
    """The start of an overlong line, enough for the player to find it: its runs of whitespace folded to
    one space, so a line of 40,000 spaces shows as its words, not as a wide blank box."""
    return " ".join(text[: chars * 20].split())[:chars] + "…"


def _resolve(
    listed: ListedCard,
    by_code: Mapping[str, Card],
    by_name: Mapping[str, list[Card]],
    problems: list[LineProblem],
    unknown_names: dict[LineProblem, str],
) -> Card | None:
    """The card a listed line names, or None with its problem added (an unknown name's problem also goes
    to `unknown_names`, for "did you mean" once the problems to list are known)."""
    if listed.code:
        card = by_code.get(listed.code)
        if card is None:
            problems.append(LineProblem(listed.line, listed.text, f"unknown card number {listed.code}"))
        return card
    matches = by_name.get(listed.name or "", [])
    if len(matches) == 1:
        return matches[0]
    if not matches:
        problem = LineProblem(listed.line, listed.text, f"no card is named {listed.name!r}")
        problems.append(problem)
        unknown_names[problem] = listed.name or ""
    else:
        numbers = ", ".join(sorted(c.number for c in matches))
        problems.append(
            LineProblem(listed.line, listed.text, f"{listed.name!r} is ambiguous: {numbers}; give the number")
        )
    return None


def _suggest_names(
    problems: list[LineProblem], unknown_names: Mapping[LineProblem, str], catalog: CardCatalog, game_id: str
) -> list[LineProblem]:
    """The problems with the closest card names added to the first MAX_SUGGESTED_NAMES unknown names'
    (each comparison goes over every card name of the game, read once here)."""
    asked = [p for p in problems if p in unknown_names][:MAX_SUGGESTED_NAMES]
    if not asked:
        return problems
    names = list(catalog.names(game_id))
    suggestions = {}
    for problem in asked:
        close = difflib.get_close_matches(unknown_names[problem], names, n=3, cutoff=0.6)
        if close:
            did_you_mean = " or ".join(repr(name) for name in close)
            suggestions[problem] = replace(problem, reason=f"{problem.reason}; did you mean {did_you_mean}?")
    return [suggestions.get(p, p) for p in problems]


class MemoryCatalog:
    """A CardCatalog over cards in memory (sample sets, tests, deck files that carry their cards)."""

    def __init__(self, game_id: str, cards: Iterable[Card]) -> None:
        self.game = get_game(game_id)
        # Keyed by upper case, as decklists upper-case the codes they read (FZ00-012_p1 -> FZ00-012_P1).
        self.cards = {c.number.upper(): c for c in cards}
        self.by_base: dict[str, Card] = {}
        for card in self.cards.values():
            self.by_base.setdefault(self.game.base_number(card.number), card)

    def by_number(self, game: str, numbers: Iterable[str]) -> Mapping[str, Card]:
        found = {}
        for n in numbers:
            card = self.cards.get(n.upper()) or self.by_base.get(self.game.base_number(n))
            if card is not None:
                found[n] = card
        return found

    def by_name(self, game: str, names: Iterable[str]) -> Mapping[str, list[Card]]:
        wanted = {n.casefold(): n for n in names}
        found: dict[str, list[Card]] = {}
        for card in self.cards.values():
            asked = wanted.get(card.name.casefold())
            if asked is not None:
                found.setdefault(asked, []).append(card)
        return found

    def names(self, game: str) -> Iterable[str]:
        return sorted({card.name for card in self.cards.values()})
