"""A property of the deck-file reader (issue 31, item 6): whatever it is given, text or bytes or any JSON
value, it returns a deck or raises DeckFileError (UnknownCardError and UnknownGameError are kinds of it)
with a message of reasonable length, and never anything else.

Four kinds of input: any text; any JSON value; objects shaped like a deck file whose every part may be
of the wrong type; and the four sample deck files with one part replaced by junk, which reach the deepest
checks (card fields, effects) because everything around the junk is right.
"""

import copy
import json
import os
from typing import Any

from hypothesis import HealthCheck, example, given, settings
from hypothesis import strategies as st

from engine import DeckFileError, load_deck
from engine.deck import Deck
from engine.games import GAMES, get_game
from engine.samples import SAMPLES, sample_card_set, sample_cards

EXAMPLES = int(os.environ.get("DECKFILE_FUZZ_EXAMPLES", "300"))
FUZZ = settings(max_examples=EXAMPLES, deadline=None, suppress_health_check=[HealthCheck.too_slow])

SCALARS = st.one_of(
    st.none(),
    st.booleans(),
    st.integers(),
    st.integers(min_value=-(2**80), max_value=2**80),
    st.floats(allow_nan=True, allow_infinity=True),
    st.text(max_size=20),
    st.sampled_from(
        ["", " ", "\x00", "\u202e", "FF99/001", "..", "%2F", "fftcg", "main", "forward", "1-001H"]
    ),
)
JSON = st.recursive(
    SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=8), inner, max_size=4),
    max_leaves=20,
)
NUMBERS = st.one_of(st.sampled_from(["FX-001C", "FZ00-001", "SX01-001C", "ZF1-001", "1-001H"]), SCALARS)
ENTRY = st.one_of(
    st.fixed_dictionaries({"card": NUMBERS, "count": st.one_of(st.integers(0, 120), SCALARS)}), JSON
)
CARD_FIELDS = st.dictionaries(
    st.sampled_from(["name", "type", "colors", "cost", "power", "traits", "keywords", "text", "effects",
                     "specified_cost", "back", "deck_rules", "lb_cost", "rank", "atk", "hp", "gender"]),
    JSON,
    max_size=6,
)  # fmt: skip
DECK_SHAPED = st.fixed_dictionaries(
    {
        "game": st.one_of(st.sampled_from(list(GAMES)), JSON),
        "sections": st.one_of(
            st.dictionaries(st.sampled_from(["main", "lb", "leader", "captain", "flame", "x"]),
                            st.one_of(st.lists(ENTRY, max_size=5), JSON), max_size=3),
            JSON,
        ),
    },
    optional={
        "format": st.one_of(st.sampled_from(["constructed", "standard", "limited"]), JSON),
        "name": st.one_of(st.text(max_size=300), JSON),
        "cards": st.one_of(st.dictionaries(NUMBERS.map(str), st.one_of(CARD_FIELDS, JSON), max_size=3), JSON),
        "extra": JSON,
    },
)  # fmt: skip


def _lookup(game: str, numbers: Any) -> dict:
    """The card database of the samples, as the site's lookup would answer."""
    cards = sample_cards(game) if game in GAMES else {}
    return {n: cards[n] for n in numbers if n in cards}


def _reads_or_refuses(source: Any) -> None:
    try:
        deck = load_deck(source, lookup=_lookup)
    except DeckFileError as e:
        assert 0 < len(str(e)) < 2_000, str(e)[:200]
    else:
        assert isinstance(deck, Deck) and deck.game in GAMES
        rules = get_game(deck.game)
        assert all(rules.number_problem(n) is None for n in deck.cards)


@FUZZ
@given(st.one_of(st.text(), st.binary(max_size=200), st.text(alphabet='{}[]":, 0123456789.e-', max_size=200)))
@example('{"game": "fftcg", "sections": {"main": [{"card": "FX-001C", "count": ' + "9" * 5000 + "}]}}")
@example("[" * 100_000)
@example(b"\xff\xfe{")
def test_any_text_gives_a_deck_or_a_deck_file_error(text):
    _reads_or_refuses(text)


@FUZZ
@given(JSON)
def test_any_json_value_gives_a_deck_or_a_deck_file_error(value):
    _reads_or_refuses(value)
    _reads_or_refuses(json.dumps(value))


@FUZZ
@given(DECK_SHAPED)
@example({"game": [], "sections": {}})
@example({"game": {}, "sections": {}})
@example({"game": "fftcg", "sections": {"main": [{"card": "FF99/001", "count": 1}]}})
@example({"game": "fftcg", "name": "\u202e" * 300, "sections": {}})
def test_any_deck_shaped_object_gives_a_deck_or_a_deck_file_error(data):
    _reads_or_refuses(data)


def _sample_file(game: str) -> dict:
    data = json.loads((SAMPLES / f"{game}-deck.json").read_text(encoding="utf-8"))
    data["cards"] = sample_card_set(game)["cards"]  # every card described, so the card checks run
    return data


SAMPLE_FILES = {game: _sample_file(game) for game in GAMES}


def _paths(value: Any, path: tuple = ()) -> list[tuple]:
    """Every place in a JSON value, as the keys and indices that lead there."""
    found = [path]
    if isinstance(value, dict):
        for key, inner in value.items():
            found += _paths(inner, (*path, key))
    elif isinstance(value, list):
        for i, inner in enumerate(value):
            found += _paths(inner, (*path, i))
    return found


PATHS = {game: _paths(data) for game, data in SAMPLE_FILES.items()}


@FUZZ
@given(data=st.data())
def test_a_sample_deck_file_with_one_part_replaced_gives_a_deck_or_a_deck_file_error(data):
    game = data.draw(st.sampled_from(list(GAMES)), label="game")
    path = data.draw(st.sampled_from(PATHS[game][1:]), label="path")
    junk = data.draw(JSON, label="junk")
    mutated = copy.deepcopy(SAMPLE_FILES[game])
    parent = mutated
    for key in path[:-1]:
        parent = parent[key]
    parent[path[-1]] = junk
    _reads_or_refuses(mutated)
    _reads_or_refuses(json.dumps(mutated))


def test_the_unchanged_samples_read():
    """The mutations start from files that read: a failure above is the junk's doing."""
    for game, data in SAMPLE_FILES.items():
        assert load_deck(data).game == game
