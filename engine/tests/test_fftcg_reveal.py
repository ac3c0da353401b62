"""FFTCG: a look at the deck's top cards ("reveal the top N cards of your deck.") that adds some of them to
the hand or plays 1 onto the field, the others to the bottom, shuffled to the bottom or into the Break Zone
(engine/readers/fftcg.py `_LOOK`; engine/goldfish/fftcg.py `_text_search`, `_play_from_deck`,
`_rest_revealed`), on entering and by a Backup's action ability that puts it into the Break Zone, in games
worked out by hand on stacked decks, both play orders.

The entering games (as engine/tests/test_fftcg_deck_play.py's): Grunt (Fire Forward, 2), Flare (Fire Summon,
2: fuel, §11.5), Titan (Fire Forward, 5, multi-playable) and Raiser (Fire Forward, 2) with the text; the
cards revealed lie right under turn 2's draws. Turn 1 holds Grunt, Flare and Titans (4 going first, 5 going
second, after the turn's draws): the plan casts Grunt and a Titan, paid by discarding Flare and 3 Titans;
going second one Titan stays in the hand. Turn 2 draws Raiser and a Titan; Raiser is cast by discarding a
Titan (the Break Zone: Flare and 4 Titans) and its text resolves as it enters. Grunt and the first Titan
attack on turn 2 (2 points of damage); Raiser and what it plays entered this turn and do not.
"""

from __future__ import annotations

import pytest

from engine import Card, Deck, DeckEntry
from engine.effects import CardFilter, Effect, describe
from engine.errors import DeckFileError
from engine.goldfish.fftcg import compile_deck
from engine.goldfish.fftcg_kinds import (
    F_LOOK_REST,
    F_SAC_TOP,
    F_SACRIFICE,
    F_SEARCH,
    F_SEARCH_TOP,
    REST_BREAK,
    REST_SAC_SHIFT,
    REST_SHUFFLED,
    SAC_SEARCH,
)
from engine.played_text import card_parts
from engine.readers import read_text
from engine.tests.test_fftcg_effects import SIM

RAISER, FLARE, GRUNT, TITAN = "T7-001", "T7-002", "T7-003", "T7-004"
CALL, RITE = "T7-005", "T7-006"  # Fire Summons of job Scout
SCOUTS = {"T7-007": 2, "T7-008": 3, "T7-009": 4}  # Fire Forwards of job Scout: card number, cost

TWO_CALLS = (
    "When Raiser enters the field, reveal the top 4 cards of your deck. Add up to 2 Job Scout other than Card"
    " Name Scout Rite among them to your hand. Then, shuffle the other cards revealed and return them to the"
    " bottom of your deck."
)
PLAY_BOTTOM = (
    "When Raiser enters the field, reveal the top 3 cards of your deck. Play 1 Job Scout of cost 3 or less"
    " among them onto the field and return the other cards to the bottom of your deck in any order."
)
PLAY_BREAK = (
    "When Raiser enters the field, reveal the top 3 cards of your deck. Play 1 Job Scout of cost 3 or less"
    " among them onto the field and put the rest of the cards into the Break Zone."
)


def raiser_game(text: str, going: str, revealed: list[str], effects: bool = True, turns: int = 2):
    """The game of 50 cards in the order drawn: turn 1's, Raiser and a Titan, the `revealed` ones, 2 Flares
    (turn 3's draws), then Titans."""
    cards = [
        Card(RAISER, "Raiser", "forward", ("fire",), 2, text=text),
        Card(FLARE, "Flare", "summon", ("fire",), 2),
        Card(GRUNT, "Grunt", "forward", ("fire",), 2),
        Card(TITAN, "Titan", "forward", ("fire",), 5, keywords=("multi-playable",)),
        Card(CALL, "Scout Call", "summon", ("fire",), 2, traits=("Scout",)),
        Card(RITE, "Scout Rite", "summon", ("fire",), 2, traits=("Scout",)),
        *(Card(n, f"Scout {c}", "forward", ("fire",), c, traits=("Scout",)) for n, c in SCOUTS.items()),
    ]
    turn_1 = [GRUNT, FLARE] + [TITAN] * (4 if going == "first" else 5)
    order = turn_1 + [RAISER, TITAN] + revealed + [FLARE, FLARE]
    order += [TITAN] * (50 - len(order))
    counts = {n: order.count(n) for n in dict.fromkeys(order)}
    main = tuple(DeckEntry(n, k) for n, k in counts.items())
    deck = Deck("fftcg", "constructed", {"main": main}, {c.number: c for c in cards if c.number in counts})
    params = SIM.params(going=going, max_turns=turns, policy={"card_effects": effects})
    return SIM.play_stacked(deck, params, order)


@pytest.mark.parametrize(("going", "hand", "deck"), [("first", 0, 42), ("second", 1, 41)])
def test_up_to_two_named_cards_to_the_hand_the_others_shuffled_to_the_bottom(going, hand, deck) -> None:
    """The top 4 as Raiser enters: Scout Call, Scout Rite, Titan, Scout Call. "Job Scout other than Card
    Name Scout Rite" names the two Calls (Summons: never cast, so they stay in the hand): both to the hand,
    up to 2; Rite and the Titan are shuffled to the bottom. The hand 2 more than without the text (going
    second the Titan kept from turn 1 is still there: 5 CP, more than the two Calls pay), the deck 2
    fewer (42 - 2 going first: 50 - 6 turn 1 - 2 turn 2; 41 - 2 going second), the Break Zone (Flare and 4
    Titans) the same. Turn 3 draws the 2 Flares under them, not the two shuffled away."""
    revealed = [CALL, RITE, TITAN, CALL]
    log = raiser_game(TWO_CALLS, going, revealed, turns=3)
    texts = [e.text for e in log.events if e.turn == 2]
    taken = (
        "Raiser (T7-001): reveal the top cards, Scout Call (T7-005) to the hand, the others shuffled to the"
        " bottom"
    )
    assert texts.count(taken) == 2
    assert [e.text for e in log.events if e.turn == 3 and e.phase == "draw"] == ["draw Flare (T7-002)"] * 2
    on, off = raiser_game(TWO_CALLS, going, revealed), raiser_game(TWO_CALLS, going, revealed, effects=False)
    assert (off.final["hand"], off.final["deck"], off.final["break_zone"]) == (hand, deck, 5)
    assert (on.final["hand"], on.final["deck"], on.final["break_zone"]) == (hand + 2, deck - 2, 5)
    assert on.final["opp_damage"] == off.final["opp_damage"] == 2


@pytest.mark.parametrize(("going", "deck"), [("first", 42), ("second", 41)])
@pytest.mark.parametrize(
    ("text", "others", "broken"),
    [(PLAY_BOTTOM, "the others to the bottom", 5), (PLAY_BREAK, "the others into the Break Zone", 7)],
)
def test_the_most_expensive_card_named_among_them_is_played(going, deck, text, others, broken) -> None:
    """The top 3 as Raiser enters: Scout 4, Scout 2, Scout 3. "Job Scout of cost 3 or less" names Scout 2
    and Scout 3; the pick is the most expensive (as a play from the deck or the hand picks): Scout 3
    enters, 4 Forwards against 3. Scout 4 and Scout 2 go to the bottom (the deck 1 card fewer than without
    the text), or into the Break Zone (the deck 3 fewer, the Break Zone 2 more than Flare and 4 Titans).
    The hand (going second the Titan kept from turn 1) as without the text; 2 points of damage, since
    Scout 3 entered this turn."""
    revealed = ["T7-009", "T7-007", "T7-008"]
    log = raiser_game(text, going, revealed)
    assert f"Raiser (T7-001): reveal the top cards, play Scout 3 (T7-008) onto the field, {others}" in [
        e.text for e in log.events
    ]
    off = raiser_game(text, going, revealed, effects=False)
    assert (off.final["forwards"], off.final["deck"], off.final["break_zone"]) == (3, deck, 5)
    assert (log.final["forwards"], log.final["hand"]) == (4, off.final["hand"])
    assert (log.final["deck"], log.final["break_zone"]) == (deck - 1 - (broken - 5), broken)
    assert log.final["opp_damage"] == 2


@pytest.mark.parametrize("going", ["first", "second"])
def test_no_card_named_among_them_plays_nothing(going) -> None:
    """The top 3: Scout 4 (cost 4, more than 3) and 2 Titans: nothing enters, the 3 go to the bottom; the
    game ends as the one without the text."""
    revealed = ["T7-009", TITAN, TITAN]
    log = raiser_game(PLAY_BOTTOM, going, revealed)
    assert (
        "Raiser (T7-001): reveal the top cards, no card found that may enter, the others to the bottom"
        in [e.text for e in log.events]
    )
    assert log.final == raiser_game(PLAY_BOTTOM, going, revealed, effects=False).final


# ---- a Backup's action ability that puts it into the Break Zone, then reveals ----

SCRIBE_BREAK = (
    "《Earth》《Dull》, put Scribe into the Break Zone: Reveal the top 2 cards of your deck. Add 1 Earth card"
    " among them to your hand and put the rest of the cards into the Break Zone."
)
SCRIBE_BOTTOM = (
    "《Earth》《Dull》, put Scribe into the Break Zone: Reveal the top 2 cards of your deck. Add 1 Earth card"
    " among them to your hand and return the other cards to the bottom of your deck in any order."
)


def scribe_game(text: str, going: str):
    """As engine/tests/test_fftcg_sacrifice.py's games: a Scribe (Earth Backup, 2, the text), 2 Clerks
    (Earth Backups, 2, multi-playable) and Quakes (Earth Summons: fuel), with 1 Fire Summon Flare first of
    the cards under turn 2's draws (index 8 going first: 5 dealt, 1 + 2 drawn; 9 going second: 5, 2 + 2)."""
    scribe = Card("T9-003", "Scribe", "backup", ("earth",), 2, text=text)
    clerk = Card("T9-004", "Clerk", "backup", ("earth",), 2, keywords=("multi-playable",))
    quake = Card("T9-001", "Quake", "summon", ("earth",), 2)
    flare = Card("T9-005", "Flare", "summon", ("fire",), 2)
    deck = Deck(
        "fftcg", "constructed",
        {"main": (DeckEntry("T9-003", 1), DeckEntry("T9-004", 2), DeckEntry("T9-001", 46),
                  DeckEntry("T9-005", 1))},
        {c.number: c for c in (scribe, clerk, quake, flare)},
    )  # fmt: skip
    order = ["T9-003", "T9-004", "T9-004"] + ["T9-001"] * 46
    order.insert(8 if going == "first" else 9, "T9-005")
    policy = {"mulligan_rule": "never", "sacrifice_backups": 1}
    return SIM.play_stacked(deck, SIM.params(going=going, max_turns=2, policy=policy), order)


@pytest.mark.parametrize(("going", "hand", "deck"), [("first", 3, 40), ("second", 4, 39)])
@pytest.mark.parametrize(
    ("text", "found", "broken"),
    [
        (SCRIBE_BREAK, "reveal the top cards, Quake (T9-001) to the hand, the others into the Break Zone", 5),
        (SCRIBE_BOTTOM, "look at the top cards, Quake (T9-001) to the hand, the others to the bottom", 4),
    ],
)
def test_a_backup_puts_itself_into_the_break_zone_and_reveals(going, hand, deck, text, found, broken) -> None:
    # Turn 1: Scribe, Clerk, Clerk, each paid by discarding a Quake (3 in the Break Zone). Turn 2, after
    # main phase 2, with the knob at 1: 3 Backups, 2 after the use. The Scribe is dulled and put into the
    # Break Zone, a Clerk pays 《Earth》; the top 2 are Flare (Fire) and a Quake: the Quake to the hand,
    # Flare into the Break Zone (3 Quakes + Scribe + Flare: 5) or to the bottom (4). Hand: going first 6 -
    # 3 cast - 3 discarded + 2 drawn + 1 = 3, going second 7 - 6 + 2 + 1 = 4; deck: going first 50 - 8
    # drawn - 2 revealed = 40, going second 50 - 9 - 2 = 39, one more with the others to the bottom.
    log = scribe_game(text, going)
    assert [e.text for e in log.events if e.turn == 2 and e.phase == "main 2"] == [
        "Scribe (T9-003): action ability for 1 CP, dulling it and putting it into the Break Zone by dulling"
        " Clerk (T9-004)",
        f"Scribe (T9-003): {found}",
    ]
    assert (log.final["hand"], log.final["backups"], log.final["break_zone"]) == (hand, 2, broken)
    assert log.final["deck"] == deck + (broken == 4)


# ---- reading, compiling, describing, reporting ----

VANU = (
    "When Vanu enters the field, reveal the top 2 cards of your deck. Add 1 Wind card among them to your hand"
    " and put the rest of the cards into the Break Zone.\n"
    "《Dull》, put Vanu into the Break Zone: Reveal the top 2 cards of your deck. Add 1 Wind card among them"
    " to your hand and put the rest of the cards into the Break Zone."
)


def test_both_looks_are_compiled_and_reported_as_played() -> None:
    vanu = Card("T8-001", "Vanu", "backup", ("wind",), 4, text=VANU)
    deck = Deck("fftcg", "constructed", {"main": (DeckEntry("T8-001", 50),)}, {"T8-001": vanu})
    kf = compile_deck(deck).arrays[2]
    assert (kf[0, F_SEARCH], kf[0, F_SEARCH_TOP], kf[0, F_SACRIFICE], kf[0, F_SAC_TOP]) == (
        1,
        2,
        SAC_SEARCH,
        2,
    )
    assert kf[0, F_LOOK_REST] == REST_BREAK | REST_BREAK << REST_SAC_SHIFT
    assert [p.status for p in card_parts("fftcg", vanu, {})] == ["played", "played"]
    ace = Card("T8-002", "Kupo", "forward", ("fire",), 5, text=TWO_CALLS.replace("Raiser", "Kupo"))
    deck = Deck("fftcg", "constructed", {"main": (DeckEntry("T8-002", 50),)}, {"T8-002": ace})
    kf = compile_deck(deck).arrays[2]
    assert (kf[0, F_SEARCH], kf[0, F_SEARCH_TOP], kf[0, F_LOOK_REST]) == (2, 4, REST_SHUFFLED)


def test_the_effects_round_trip_and_are_described() -> None:
    effect = Effect("enters", "search", 2, CardFilter(traits=("Scout",), other_than="Scout Rite"), top=4,
                    rest="shuffled")  # fmt: skip
    assert read_text("fftcg", TWO_CALLS, "Raiser").effects == (effect,)
    assert Effect.from_dict("t", effect.to_dict()) == effect
    assert describe(effect) == (
        'when it enters the field, search the top 4 cards for 2 cards with the trait Scout not named "Scout'
        ' Rite", the others shuffled to the bottom'
    )
    (played,) = read_text("fftcg", PLAY_BREAK, "Raiser").effects
    assert describe(played) == (
        "when it enters the field, play a card with the trait Scout of cost 3 or less from the top 3 cards"
        " for free, the others into the Break Zone"
    )
    with pytest.raises(DeckFileError, match="'rest' belongs to a look"):
        Effect.from_dict("t", {"when": "enters", "do": "search", "n": 1, "rest": "shuffled"})
    with pytest.raises(DeckFileError, match="'top' belongs to"):
        Effect.from_dict("t", {"when": "enters", "do": "play", "top": 3})
