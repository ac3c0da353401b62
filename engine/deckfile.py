"""Reading the deck file (docs/deck-file.md): every way it can be wrong gets a message that says where."""

from __future__ import annotations

import json
from collections.abc import Callable, Iterable, Mapping
from typing import Any

from engine.cards import Card
from engine.deck import Deck, DeckEntry
from engine.errors import DeckFileError, UnknownCardError, UnknownGameError
from engine.games import GAMES, get_game
from engine.games.base import GameRules
from engine.inputs import clean_name

# No game allows more than a few dozen copies of a card or more than a few hundred entries; these
# bounds keep a hostile file from costing memory or time while leaving every real deck far inside.
MAX_FILE_BYTES = 2_000_000
MAX_COUNT = 99
MAX_ENTRIES = 500
MAX_NAME = 200  # the longest deck name the site keeps
FILE_KEYS = ("game", "format", "name", "sections", "cards")  # docs/deck-file.md, "Shape"

# Looks up the printed data of card numbers the file does not carry (the card database).
CardLookup = Callable[[str, Iterable[str]], Mapping[str, Card]]


def load_deck(
    source: str | bytes | Mapping[str, Any], lookup: CardLookup | None = None, *, game: str | None = None
) -> Deck:
    """Read a deck file given as JSON text or as an already parsed object; with `game`, a file of another
    game is refused. Anything that is not a deck raises DeckFileError (or its subclasses), nothing else."""
    data = parse_json(source) if isinstance(source, str | bytes) else source
    if not isinstance(data, Mapping):
        raise DeckFileError("A deck file is a JSON object with 'game' and 'sections'.")
    game_id = data.get("game")
    if not isinstance(game_id, str):
        raise DeckFileError(f"The deck file has no 'game' (one of {', '.join(GAMES)}).")
    if game_id not in GAMES:
        raise UnknownGameError(f"Unknown game {_shown(game_id)}; the games are {', '.join(GAMES)}.")
    rules = get_game(game_id)
    if game is not None and game_id != game:
        raise DeckFileError(f"This deck file is for {rules.name}, not {get_game(game).name}.")
    return _read_deck(data, rules, lookup)


def _read_deck(data: Mapping[str, Any], game: GameRules, lookup: CardLookup | None) -> Deck:
    game_id = game.id
    fmt = data.get("format") or game.formats[0]
    if not isinstance(fmt, str) or fmt not in game.formats:
        raise DeckFileError(
            f"Unknown format {_shown(fmt)} for {game.name}; the formats are {', '.join(game.formats)}."
        )
    name = data.get("name") or ""
    if not isinstance(name, str):
        raise DeckFileError("'name' must be text.")
    name = clean_name(name)
    if len(name) > MAX_NAME:
        raise DeckFileError(f"'name' is at most {MAX_NAME} characters, not {len(name)}.")
    unknown = tuple(str(key)[:100] for key in data if key not in FILE_KEYS)
    sections = _read_sections(data.get("sections"), game)
    cards = _read_cards(data.get("cards") or {}, game)
    _check_cards(cards.values(), game)
    wanted = {e.card for entries in sections.values() for e in entries}
    missing = sorted(wanted - cards.keys())
    if missing and lookup is not None:
        found = lookup(game_id, missing)
        cards.update({n: found[n] for n in missing if n in found})
        missing = sorted(wanted - cards.keys())
    if missing:
        raise UnknownCardError(missing)
    _check_cards(cards.values(), game)
    return Deck(game=game_id, format=fmt, sections=sections, cards=cards, name=name, unknown_keys=unknown)


def dump_deck(deck: Deck) -> str:
    return json.dumps(deck.to_dict(), indent=2, ensure_ascii=False) + "\n"


def parse_json(source: str | bytes) -> Any:
    """JSON text as an object; DeckFileError for text too large, not JSON, or nested too deeply."""
    if len(source) > MAX_FILE_BYTES:
        raise DeckFileError(f"The deck file is larger than {MAX_FILE_BYTES // 1_000_000} MB.")
    try:
        return json.loads(source)
    except (json.JSONDecodeError, UnicodeDecodeError) as e:
        raise DeckFileError(f"The deck file is not valid JSON: {e}.") from None
    except ValueError:  # a whole number of more digits than Python converts (4,300)
        raise DeckFileError("The deck file holds a number too long to be a count.") from None
    except RecursionError:
        raise DeckFileError("The deck file is nested too deeply to be a deck.") from None


def _read_sections(raw: Any, game: GameRules) -> dict[str, tuple[DeckEntry, ...]]:
    if not isinstance(raw, Mapping):
        raise DeckFileError("'sections' must be an object of section name -> list of cards.")
    section_ids = game.section_ids
    total = 0
    sections: dict[str, tuple[DeckEntry, ...]] = {}
    for section, entries in raw.items():
        if section not in section_ids:
            raise DeckFileError(
                f"Unknown section {_shown(section)}; this game's sections are {', '.join(section_ids)}."
            )
        if not isinstance(entries, list):
            raise DeckFileError(f"Section {section!r} must be a list of {{'card', 'count'}} objects.")
        total += len(entries)
        if total > MAX_ENTRIES:
            raise DeckFileError(f"The deck file lists more than {MAX_ENTRIES} entries; no deck is that long.")
        counts: dict[str, int] = {}
        for i, entry in enumerate(entries, start=1):
            number, count = _read_entry(section, i, entry, game)
            # The same card listed twice in a section counts once with both counts added.
            counts[number] = counts.get(number, 0) + count
            if counts[number] > MAX_COUNT:
                raise DeckFileError(f"Section {section!r}: more than {MAX_COUNT} copies of {number}.")
        sections[section] = tuple(DeckEntry(n, c) for n, c in counts.items())
    return sections


def _read_entry(section: str, position: int, entry: Any, game: GameRules) -> tuple[str, int]:
    where = f"Section {section!r}, entry {position}"
    if not isinstance(entry, Mapping):
        raise DeckFileError(f'{where}: expected an object like {{"card": "1-001H", "count": 3}}.')
    number = entry.get("card")
    if not isinstance(number, str) or not number.strip():
        raise DeckFileError(f"{where}: 'card' must be a card number.")
    number = number.strip()
    if problem := game.number_problem(number):
        raise DeckFileError(f"{where}: {problem}")
    count = entry.get("count")
    if isinstance(count, bool) or not isinstance(count, int):
        raise DeckFileError(f"{where} ({number}): 'count' must be a whole number, not {_shown(count)}.")
    if not 1 <= count <= MAX_COUNT:
        raise DeckFileError(f"{where} ({number}): a count must be between 1 and {MAX_COUNT}, not {count}.")
    return number, count


def _shown(value: Any) -> str:
    """A value of the file as a message quotes it: short, whatever the file holds."""
    text = repr(value)
    return text if len(text) <= 60 else text[:60] + "…"


def _check_cards(cards: Iterable[Card], game: GameRules) -> None:
    """The first card whose data the game cannot use (a type it lacks, an unknown colour, a cost out of
    range) stops the read with a message that names the card."""
    for card in cards:
        if card.type not in game.card_types:
            types = ", ".join(game.card_types)
            raise DeckFileError(
                f"Card {card.number}: {card.type!r} is not a {game.name} card type ({types})."
            )
        if problems := game.card_problems(card):
            raise DeckFileError(problems[0])


def _read_cards(raw: Any, game: GameRules) -> dict[str, Card]:
    if not isinstance(raw, Mapping):
        raise DeckFileError("'cards' must be an object of card number -> card fields.")
    if len(raw) > MAX_ENTRIES:
        raise DeckFileError(f"'cards' holds more than {MAX_ENTRIES} cards; no deck needs that many.")
    cards = {}
    for number, fields in raw.items():
        if problem := game.number_problem(str(number)):
            raise DeckFileError(f"'cards': {problem}")
        cards[str(number)] = Card.from_dict(str(number), fields)
    return cards
