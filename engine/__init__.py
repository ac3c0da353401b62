"""The rules engine: pure Python, no Django. Decks, validation, statistics and simulation."""

from engine.cards import Card
from engine.deck import Deck, DeckEntry
from engine.deckfile import dump_deck, load_deck
from engine.errors import DeckFileError, UnknownCardError, UnknownGameError
from engine.games import GAMES, game_choices, get_game
from engine.validation import BanList, Report, Violation

__all__ = [
    "GAMES",
    "BanList",
    "Card",
    "Deck",
    "DeckEntry",
    "DeckFileError",
    "Report",
    "UnknownCardError",
    "UnknownGameError",
    "Violation",
    "dump_deck",
    "game_choices",
    "get_game",
    "load_deck",
]
