"""The effect vocabulary of the deck file (docs/deck-file.md, "Card effects"): what it accepts, the error
that names the card, the effect and the key, and the words the card page and the reports use."""

from __future__ import annotations

import json

import pytest

from engine import load_deck
from engine.effects import CardFilter, Effect, describe, read_effects
from engine.errors import DeckFileError


def test_a_deck_file_round_trips_effects_with_a_look_at_the_top() -> None:
    raw = [
        {
            "when": "enters",
            "do": "search",
            "n": 1,
            "filter": {"traits": ["Sky Pirate"]},
            "optional": True,
            "top": 5,
        }
    ]
    effects = read_effects("Card T-1", raw)
    assert effects == (
        Effect("enters", "search", 1, CardFilter(traits=("Sky Pirate",)), optional=True, top=5),
    )
    assert [e.to_dict() for e in effects] == raw


def test_a_filter_of_alternatives_round_trips() -> None:
    """FFTCG "search for 1 Card Name Kupo or Job Gardener": a card either filter names."""
    raw = [
        {
            "when": "enters",
            "do": "search",
            "n": 1,
            "filter": {"any_of": [{"name": "Kupo"}, {"traits": ["Gardener"]}]},
        }
    ]
    effects = read_effects("Card T-1", raw)
    either = CardFilter(any_of=(CardFilter(name="Kupo"), CardFilter(traits=("Gardener",))))
    assert effects == (Effect("enters", "search", 1, either),)
    assert [e.to_dict() for e in effects] == raw
    assert describe(effects[0]) == (
        'when it enters the field, search your deck for a card named "Kupo" or a card with the trait Gardener'
    )


def test_a_card_taken_from_the_break_zone_round_trips() -> None:
    """FFTCG "choose 1 Summon in your Break Zone. Add it to your hand." and "... Play it onto the field."."""
    raw = [
        {"when": "enters", "do": "search", "n": 1, "filter": {"type": "summon"}, "from": "break-zone"},
        {"when": "enters", "do": "play", "filter": {"type": "forward", "cost_max": 2}, "from": "break-zone"},
    ]
    effects = read_effects("Card T-1", raw)
    assert effects == (
        Effect("enters", "search", 1, CardFilter(type="summon"), zone="break-zone"),
        Effect("enters", "play", 0, CardFilter(type="forward", cost_max=2), zone="break-zone"),
    )
    assert [e.to_dict() for e in effects] == raw
    assert [describe(e) for e in effects] == [
        "when it enters the field, add a Summon from your Break Zone to your hand",
        "when it enters the field, play a Forward of cost 2 or less from your Break Zone for free",
    ]


@pytest.mark.parametrize(
    ("raw", "message"),
    [
        (
            {"when": "enters", "do": "draw", "top": 3},
            "Card T-1, effect 1: 'top' belongs to a 'search' or a 'play' from the 'deck' only.",
        ),
        (
            {"when": "enters", "do": "search", "from": "hand"},
            "'from' must be one of break-zone, drop, deck, not 'hand'.",
        ),
        (
            {"when": "enters", "do": "search", "n": 1, "from": "deck"},
            "'from' 'deck' belongs to a 'play' only.",
        ),
        (
            {"when": "enters", "do": "draw", "from": "break-zone"},
            "'from' belongs to a 'search', a 'play' or a 'charge' only.",
        ),
        (
            {"when": "enters", "do": "search", "top": 3, "from": "break-zone"},
            "'top' is the deck's, not the break-zone's.",
        ),
        (
            {"when": "enters", "do": "search", "filter": {"any_of": [{"name": "Kupo"}], "type": "forward"}},
            "filter 'any_of' stands alone and lists at least two filters.",
        ),
        (
            {"when": "enters", "do": "search", "filter": {"any_of": [{"name": "Kupo"}]}},
            "filter 'any_of' stands alone and lists at least two filters.",
        ),
        (
            {
                "when": "enters",
                "do": "search",
                "filter": {"any_of": [{"name": "A"}, {"any_of": [{"name": "B"}, {"name": "C"}]}]},
            },
            "unknown filter key(s) any_of.",
        ),
        (
            {"when": "enters", "do": "search", "filter": {"cost_min": -1}},
            "filter 'cost_min' must be a whole number from 0 to 99.",
        ),
        ({"when": "enters", "do": "search", "top": -1}, "'top' must be a whole number from 0 to 99."),
        ({"when": "enters", "do": "search", "top": True}, "'top' must be a whole number from 0 to 99."),
        ({"when": "later", "do": "draw"}, "'when' must be one of enters, attacks, cast, turn-start, static"),
        ({"when": "enters", "do": "draw", "n": 0}, "'draw' needs 'n' of at least 1."),
        ({"when": "enters", "do": "draw", "colour": "red"}, "unknown effect key(s) colour."),
    ],
)
def test_a_bad_effect_names_the_card_the_effect_and_the_key(raw, message) -> None:
    with pytest.raises(DeckFileError, match=message.replace("(", r"\(").replace(")", r"\)")):
        read_effects("Card T-1", [raw])


def test_a_bad_effect_in_a_deck_file_is_a_clear_error() -> None:
    deck = {
        "game": "fftcg", "format": "constructed",
        "sections": {"main": [{"card": "T-1", "count": 50}]},
        "cards": {"T-1": {"name": "Mog", "type": "forward", "colors": ["fire"], "cost": 2,
                          "effects": [{"when": "enters", "do": "fly"}]}},
    }  # fmt: skip
    with pytest.raises(DeckFileError, match="Card T-1, effect 1: 'do' must be one of"):
        load_deck(json.dumps(deck))


@pytest.mark.parametrize(
    ("effect", "words"),
    [
        (Effect("enters", "draw", 2), "when it enters the field, draw 2 cards"),
        (Effect("attacks", "damage", 1), "when it attacks, 1 damage to the opponent"),
        (
            Effect("enters", "search", 1, CardFilter(type="forward", cost_max=3), optional=True),
            "when it enters the field, may search your deck for a Forward of cost 3 or less",
        ),
        (
            Effect("enters", "search", 1, CardFilter(traits=("Sky Pirate",)), optional=True, top=5),
            "when it enters the field, may search the top 5 cards for a card with the trait Sky Pirate",
        ),
        (
            Effect("enters", "play", 0, CardFilter(type="backup", colors=("water",), cost_max=2)),
            "when it enters the field, play a Water Backup of cost 2 or less from your hand for free",
        ),
        (
            Effect("enters", "search", 1, CardFilter(name="Mira")),
            'when it enters the field, search your deck for a card named "Mira"',
        ),
        (
            Effect("enters", "search", 1, CardFilter(colors=("ice",)), top=4),
            "when it enters the field, search the top 4 cards for an Ice card",
        ),
        (
            Effect("enters", "search", 1, None, optional=True),
            "when it enters the field, may search your deck for a card",
        ),
        (
            Effect("enters", "search", 1, CardFilter(type="forward", cost_max=1, cost_min=1)),
            "when it enters the field, search your deck for a Forward of cost 1",
        ),
        (
            Effect("enters", "search", 1, CardFilter(type="character", cost_min=5, other_than="Kadaj")),
            'when it enters the field, search your deck for a Character of cost 5 or more not named "Kadaj"',
        ),
        (Effect("static", "haste", 0, CardFilter(type="forward")), "Haste for your Forwards"),
        (Effect("static", "cost", -1), "costs 1 less"),
        (Effect("static", "forward"), "also a Forward during your turn"),
        (Effect("enters", "resource", 2), "when it enters the field, 2 more resource this turn"),
    ],
)
def test_an_effect_in_a_players_words(effect, words) -> None:
    assert describe(effect) == words
