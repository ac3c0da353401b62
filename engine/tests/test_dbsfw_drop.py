"""DBS FW: the drop area's cards in the goldfish: the top cards of the deck placed there ("Place the top 3
cards of your deck into their owner's Drop."), a draw that waits for its count, and cards added from it
to the hand ("Add up to 1 card with a cost of 3 or less and 《Saiyan》 in its special traits from your Drop
to your hand."): games worked out by hand from docs/rules/dbsfw.md, in both play orders.

The one-card decks are 50 copies of a cost-1 card (the shuffle does not matter), no redraw: 6 cards in
hand, 8 life cards, 36 in the deck; own turn 1 draws 1 in either play order. Going second the energy
marker (6-2-1-10) pays turn 1; the autopilot charges as the test says.
"""

from __future__ import annotations

import pytest

from engine import Card, Deck, DeckEntry
from engine.effects import CardFilter, Effect, describe, read_effects
from engine.goldfish import get_simulator
from engine.goldfish.dbsfw import plays
from engine.played_text import PLAYED, card_parts

SIM = get_simulator("dbsfw")
LEADER = Card("TL-001", "Test Leader", "leader", ("red",), power=15000)

MILL = "[On Play] Place the top 3 cards of your deck into their owner's Drop."
MILL_JA = "【登場時】自分のデッキの上から3枚をドロップに置く。"
MILL_DRAW = (
    "[On Play] Place the top 2 cards of your deck into their owner's Drop. Then, if you have {n} or more"
    " cards in your Drop, draw 1 card."
)
MILL_DRAW_JA = (
    "【登場時】自分のデッキの上から2枚をドロップに置く。"
    "その後、自分のドロップのカードが{n}枚以上の場合、カード1枚を引く。"
)


def card(number: str, name: str, cost: int, text: str = "", power: int = 0, traits=(), kind="battle") -> Card:
    return Card(
        number, name, kind, ("red",), cost, power=power, specified_cost={"red": 1}, traits=tuple(traits),
        text=text,
    )  # fmt: skip


def one_card_deck(text: str) -> Deck:
    tester = card("TB-001", "Tester", 1, text)
    sections = {"leader": (DeckEntry(LEADER.number, 1),), "main": (DeckEntry(tester.number, 50),)}
    return Deck("dbsfw", "standard", sections, {tester.number: tester, LEADER.number: LEADER})


def logged(deck: Deck, going: str, turns: int, charge: str = "always", effects: bool = True):
    policy = {"charge_rule": charge, "mulligan_rule": "never", "card_effects": effects}
    return SIM.play_logged(deck, SIM.params(going=going, policy=policy, max_turns=turns), 1, 0)


@pytest.mark.parametrize("text", [MILL, MILL_JA])
@pytest.mark.parametrize(("going", "hand"), [("second", 6), ("first", 5)])
def test_the_top_cards_go_to_the_drop_area(text, going, hand) -> None:
    # Turn 1: 6 + 1 drawn (deck 35). Going second nothing is charged and the marker plays 1 card; going
    # first a card is charged (energy 1) and plays 1. Its On Play places 3 cards from the deck top in the
    # drop area: deck 32, drop 3. Without card text the deck keeps them: 35.
    final = logged(one_card_deck(text), going, 1, charge="never" if going == "second" else "always").final
    assert (final["deck"], final["drop"], final["hand"], final["battle"]) == (32, 3, hand, 1)
    off = logged(one_card_deck(text), going, 1, "never" if going == "second" else "always", False).final
    assert (off["deck"], off["drop"]) == (35, 0)


@pytest.mark.parametrize("going", ["second", "first"])
def test_placing_the_last_cards_of_the_deck_loses_at_once(going) -> None:
    # 35 cards are left after turn 1's draw; placing 40 empties the deck: the game is lost there
    # (14-2-2-2), with 35 cards in the drop area.
    text = "[On Play] Place the top 40 cards of your deck into their owner's Drop."
    log = logged(one_card_deck(text), going, 3, charge="never" if going == "second" else "always")
    assert log.events[-1].text == "game over: loss_deckout (game turn " + (
        "2)" if going == "second" else "1)"
    )
    assert (log.final["deck"], log.final["drop"]) == (0, 35)


@pytest.mark.parametrize("text", [MILL_DRAW, MILL_DRAW_JA])
def test_a_draw_after_the_top_cards_waits_for_the_drop_area_going_second(text) -> None:
    # Turn 1: 7 cards, 1 charged (6, energy 1); the energy and the marker play 2 cards (4). The first
    # places 2 cards (drop 2): fewer than 3, no draw; the second places 2 (drop 4) and draws (5). Deck:
    # 35 - 2 - 2 - 1 = 30. With "10 or more" neither draws: hand 4, deck 31.
    final = logged(one_card_deck(text.format(n=3)), "second", 1).final
    assert (final["hand"], final["deck"], final["drop"], final["battle"]) == (5, 30, 4, 2)
    final = logged(one_card_deck(text.format(n=10)), "second", 1).final
    assert (final["hand"], final["deck"], final["drop"]) == (4, 31, 4)


@pytest.mark.parametrize("text", [MILL_DRAW, MILL_DRAW_JA])
def test_a_draw_after_the_top_cards_waits_for_the_drop_area_going_first(text) -> None:
    # Turn 1: 7 cards, 1 charged (6, energy 1), 1 played (5): drop 2, no draw; deck 35 - 2 = 33. Turn 2:
    # 1 drawn (6, deck 32), 1 charged (5, energy 2), 2 played (3): the first places 2 (drop 4) and draws
    # (4), the second too (drop 6, hand 5). Deck: 32 - 2 - 1 - 2 - 1 = 26.
    final = logged(one_card_deck(text.format(n=3)), "first", 2).final
    assert (final["hand"], final["deck"], final["drop"], final["battle"]) == (5, 26, 6, 3)


# A stacked deck for the cards added from the drop area: Miller (cost 1, 10000 power) and Finder (cost 1)
# in the opening hand with 4 Fillers (cost 9, never played), 8 Filler life cards, a Filler drawn on turn
# 1, then Gohan (cost 2), Goku (cost 3) and Vegeta (cost 5), each with 《Saiyan》, then Fillers.
STACK = ["TB-001", "TB-002"] + ["TB-009"] * 13 + ["TB-003", "TB-004", "TB-005"] + ["TB-009"] * 32
# Miller's text is worth a card to the plan (its draw), as Finder's, and its power is more: going first,
# with 1 energy on turn 1, the plan plays Miller.
MILLER = (
    "[On Play] Place the top 3 cards of your deck into their owner's Drop. Then, if you have 10 or more"
    " cards in your Drop, draw 1 card."
)
SAIYANS = (
    "[On Play] Add up to {n} {which} with {cost} of 3 or less and 《Saiyan》 in {its} special traits from"
    " your Drop to your hand."
)


def stacked_deck(finder_text: str, leader: Card = LEADER, gohan: Card | None = None) -> Deck:
    """STACK's deck with Finder's text; another Leader or Gohan for the tests of other colours."""
    cards = (
        leader,
        card("TB-001", "Miller", 1, MILLER, power=10000),
        card("TB-002", "Finder", 1, finder_text),
        gohan or card("TB-003", "Gohan", 2, traits=("Saiyan",)),
        card("TB-004", "Goku", 3, traits=("Saiyan",)),
        card("TB-005", "Vegeta", 5, traits=("Saiyan",)),
        card("TB-009", "Filler", 9),
    )
    main = tuple(DeckEntry(n, STACK.count(n)) for n in dict.fromkeys(STACK))
    return Deck("dbsfw", "standard", {"leader": (DeckEntry(leader.number, 1),), "main": main},
                {c.number: c for c in cards})  # fmt: skip


@pytest.mark.parametrize(("going", "turns"), [("second", 1), ("first", 2)])
@pytest.mark.parametrize(
    ("finder", "found"),
    [
        # the card the plan values most (cost first): Goku; Vegeta costs more than 3
        (SAIYANS.format(n=1, which="card", cost="a cost", its="its"), ["Goku (TB-004)"]),
        (
            "【登場時】自分のドロップからコスト3以下の特徴《Saiyan》を持つカード1枚までを手札に加える。",
            ["Goku (TB-004)"],
        ),
        # not by a name: Gohan
        (
            "[On Play] Add up to 1 non-<Goku> card with a cost of 3 or less and 《Saiyan》 in its special"
            " traits from your Drop to your hand.",
            ["Gohan (TB-003)"],
        ),
        # an Extra: there is none
        ("[On Play] Add up to 1 Extra from your Drop to your hand.", []),
    ],
)
def test_cards_added_from_the_drop_area(finder, found, going, turns) -> None:
    # Going second: turn 1 draws a Filler (7), charges a Filler (the card least castable, §11.5; 6), and
    # the energy and the marker pay for Miller and Finder (4), whose text resolves in the hand's order:
    # Miller places Gohan, Goku and Vegeta in the drop area (3 cards: no draw), then Finder adds what it
    # finds. Going first: turn 1 charges a Filler and its 1 energy plays Miller (the plan's better card,
    # by its power), the same 3 cards to the drop area; turn 2 draws a Filler, charges one, and plays
    # Finder. Hand: going second 4 + found; going first 7 - 1 - 1 = 5, + 1 - 1 - 1 = 4, + found.
    policy = {"charge_rule": "always", "mulligan_rule": "never"}
    log = SIM.play_stacked(
        stacked_deck(finder), SIM.params(going=going, policy=policy, max_turns=turns), STACK
    )
    assert [e.text for e in log.events if "Miller (TB-001): " in e.text] == [
        f"Miller (TB-001): {c} from the deck to the drop area"
        for c in ("Gohan (TB-003)", "Goku (TB-004)", "Vegeta (TB-005)")
    ]
    assert [e.text for e in log.events if "Finder (TB-002): " in e.text] == [
        f"Finder (TB-002): {c} from the drop area to the hand" for c in found
    ]
    assert (log.final["hand"], log.final["drop"]) == (4 + len(found), 3 - len(found))


def test_up_to_two_cards_added_from_the_drop_area() -> None:
    # Going second, as above: Finder adds Goku, then Gohan. (Going first the plan would play Finder on
    # turn 1, its text now worth 2 cards to it, before Miller filled the drop area.)
    finder = SAIYANS.format(n=2, which="cards", cost="costs", its="their")
    policy = {"charge_rule": "always", "mulligan_rule": "never"}
    log = SIM.play_stacked(
        stacked_deck(finder), SIM.params(going="second", policy=policy, max_turns=1), STACK
    )
    assert [e.text for e in log.events if "Finder (TB-002): " in e.text] == [
        "Finder (TB-002): Goku (TB-004) from the drop area to the hand",
        "Finder (TB-002): Gohan (TB-003) from the drop area to the hand",
    ]
    assert (log.final["hand"], log.final["drop"]) == (6, 1)


def test_the_plans_extras_resolve_before_its_battle_cards() -> None:
    # Going second, turn 1: Counter (a Battle card) and Spark (an Extra) are both paid for (energy 1 and
    # the marker). Spark is used first (its draw first, then Counter's): Counter's draw sees Spark in the
    # drop area. A Battle card first in the hand does not resolve first.
    counter = card("TB-001", "Counter", 1, "[On Play] If you have 1 or more cards in your Drop, draw 1 card.")
    spark = card("TB-002", "Spark", 1, "[Activate Main] Draw 1 card.", kind="extra")
    filler = card("TB-009", "Filler", 9)
    order = ["TB-001", "TB-002"] + ["TB-009"] * 48
    deck = Deck(
        "dbsfw", "standard",
        {"leader": (DeckEntry(LEADER.number, 1),),
         "main": (DeckEntry("TB-001", 1), DeckEntry("TB-002", 1), DeckEntry("TB-009", 48))},
        {c.number: c for c in (LEADER, counter, spark, filler)},
    )  # fmt: skip
    params = SIM.params(
        going="second", policy={"charge_rule": "always", "mulligan_rule": "never"}, max_turns=1
    )
    log = SIM.play_stacked(deck, params, order)
    assert [e.text for e in log.events if e.text.endswith(": draw Filler (TB-009)")] == [
        "Spark (TB-002): draw Filler (TB-009)",
        "Counter (TB-001): draw Filler (TB-009)",
    ]


def test_what_the_goldfish_plays_of_the_drop_area() -> None:
    def parts(text: str) -> list[tuple[str, str]]:
        return [(p.status, p.why) for p in card_parts("dbsfw", card("TB-001", "Tester", 1, text), {})]

    assert parts(MILL) == [
        (PLAYED, "when it enters the field, place the top 3 cards of your deck in your drop area")
    ]
    assert parts(
        "[On Play] Add up to 1 Extra with 《Relic》 in its special traits from your Drop to your hand."
    ) == [
        (
            PLAYED,
            "when it enters the field, may add an Extra with the trait Relic from your drop area to your"
            " hand",
        )
    ]
    # the marker, checked once the plan has paid, markers last (test_dbsfw_energy_markers)
    marker = (
        "[On Play] If you have an energy marker, add up to 1 card with a cost of 1 or less from your Drop to"
        " your hand."
    )
    assert parts(marker) == [
        (
            PLAYED,
            "when it enters the field, if you have an energy marker, may add a card of cost 1 or less from"
            " your drop area to your hand",
        )
    ]
    # a colour it finds the cards by (any of them: engine/tests/test_dbsfw_coloured_recover.py), not "any_of"
    assert plays(Effect("enters", "recover", 1, CardFilter(colors=("red",), cost_max=3), optional=True))
    either = CardFilter(any_of=(CardFilter(name="A"), CardFilter(name="B")))
    assert not plays(Effect("enters", "recover", 1, either, optional=True))
    # a skill whose rest acts only against the opponent
    rest = (
        "[On Play] Place the top 2 cards of your deck into their owner's Drop. Then, choose up to 1 of your"
        " opponent's Battle Cards with a cost of 3 or less and place it at the bottom of its owner's deck."
    )
    assert [status for status, _ in parts(rest)] == [PLAYED]


def test_the_vocabulary_reads_writes_and_says_the_drop_area() -> None:
    data = [
        {"when": "enters", "do": "mill", "n": 2},
        {"when": "enters", "do": "recover", "n": 1, "filter": {"type": "extra"}, "optional": True},
    ]
    effects = read_effects("card TB-001", data)
    assert [e.to_dict() for e in effects] == data
    assert [describe(e) for e in effects] == [
        "when it enters the field, place the top 2 cards of your deck in your drop area",
        "when it enters the field, may add an Extra from your drop area to your hand",
    ]


@pytest.mark.parametrize("game", ["fftcg", "gbf", "fireforce"])
def test_the_other_simulators_play_no_drop_area_effect(game) -> None:
    from importlib import import_module

    other = import_module(f"engine.goldfish.{game}").plays
    assert not other(Effect("enters", "mill", 2))
    assert not other(Effect("enters", "recover", 1, CardFilter(type="extra"), optional=True))
