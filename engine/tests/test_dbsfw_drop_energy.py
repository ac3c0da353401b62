"""DBS FW: cards from the drop area into the energy area, active ("[On Play] Add up to 1 card with a cost of 3
or more from your Drop to your energy.", 「自分のドロップからコスト3以上のカード1枚までをエナジーにする。」):
games on stacked decks worked out by hand from docs/rules/dbsfw.md, in both play orders.

Every deck: the Leader (red, 15000), the cards named on top in this order (the opening hand), then Fillers
(Battle cards of cost 9, 0 power) to 50. Miller (cost 1) places the top 2 cards of the deck into the drop
area On Play; Digger (cost 1) is the card under test. No redraw; a card is charged every turn (a Filler);
the second player has an energy marker (6-2-1-10); both draw on their turn 1. A 15000 guard, until own turn 2.
"""

from __future__ import annotations

import pytest

from engine import Card, Deck, DeckEntry
from engine.effects import CardFilter, Effect, read_effects
from engine.errors import DeckFileError
from engine.goldfish import get_simulator
from engine.played_text import PLAYED, card_parts

SIM = get_simulator("dbsfw")
LEADER = Card("TL-001", "Test Leader", "leader", ("red",), power=15000)
FILLER = Card("TB-099", "Filler", "battle", ("red",), 9, power=0, specified_cost={"red": 1})
MILLER = Card(
    "TB-001", "Miller", "battle", ("red",), 1, power=0, specified_cost={"red": 1},
    text="[On Play] Place the top 2 cards of your deck into their owner's Drop.",
)  # fmt: skip
DIG = "[On Play] Add up to 1 card with a cost of 3 or more from your Drop to your energy."
DIG_JA = "[登場時]自分のドロップからコスト3以上のカード1枚までをエナジーにする。"


def digger(text: str) -> Card:
    return Card("TB-002", "Digger", "battle", ("red",), 1, power=0, specified_cost={"red": 1}, text=text)


def play(
    head: list[Card],
    going: str,
    effects: bool = True,
    guard: int = 15000,
    turns: int = 2,
    leader: Card = LEADER,
) -> tuple[dict, list[str]]:
    """The game of a stacked deck (the module's docstring), with a guard of `guard` power, `turns` own turns
    long, with `leader`."""
    order = [c.number for c in head] + [FILLER.number] * (50 - len(head))
    counts: dict[str, int] = {}
    for number in order:
        counts[number] = counts.get(number, 0) + 1
    pool = {c.number: c for c in (*head, FILLER, leader)}
    main = tuple(DeckEntry(n, k) for n, k in counts.items())
    deck = Deck("dbsfw", "standard", {"leader": (DeckEntry(leader.number, 1),), "main": main}, pool)
    policy = {"charge_rule": "always", "mulligan_rule": "never", "card_effects": effects}
    params = SIM.params(going=going, policy=policy, opponent={"opp_leader_power": guard}, max_turns=turns)
    log = SIM.play_stacked(deck, params, order)
    return log.final, [e.text for e in log.events]


TAKEN = "Digger (TB-002): Filler (TB-099) from the drop area to the energy area"


@pytest.mark.parametrize("text", [DIG, DIG_JA])
def test_a_drop_card_into_the_energy_area(text) -> None:
    # Going second, turn 1: a Filler charged (energy 1) and the marker pay Miller and Digger (cost 1 each),
    # played in the hand's order: Miller places 2 Fillers (cost 9) into the drop area, Digger puts one into
    # the energy area: energy 2, drop 1. Turn 2: a Filler charged: energy 3, nothing else is castable.
    head = [MILLER, digger(text)]
    final, events = play(head, "second")
    assert events.count(TAKEN) == 1
    assert (final["energy"], final["drop"], final["markers"]) == (3, 1, 0)
    # Without card text: energy 1 + 1 charged on turn 2, nothing in the drop area.
    final, _ = play(head, "second", effects=False)
    assert (final["energy"], final["drop"]) == (2, 0)
    # Going first, turn 1: energy 1 pays one card: a Digger (its text is worth more than Miller's), whose
    # drop area is empty: nothing. Turn 2: energy 2 pays Miller and the other Digger: Miller places 2
    # Fillers into the drop area, Digger puts one into the energy area: energy 3, drop 1.
    final, events = play([MILLER, digger(text), digger(text)], "first")
    assert events.count(TAKEN) == 1
    assert (final["energy"], final["drop"]) == (3, 1)


def test_only_the_cards_its_filter_finds() -> None:
    # Miller's 2 cards are Cheap (cost 2 < 3): going second, nothing for Digger; energy 1 + 1 on turn 2.
    cheap = Card("TB-003", "Cheap", "battle", ("red",), 2, power=0, specified_cost={"red": 1})
    head = [MILLER, digger(DIG)] + [FILLER] * 13 + [cheap, cheap]
    final, events = play(head, "second")
    assert TAKEN not in events
    assert (final["energy"], final["drop"]) == (2, 2)


def test_read_and_reported_played() -> None:
    assert [p.status for p in card_parts("dbsfw", digger(DIG), SIM.params().policy)] == [PLAYED]
    # the deck-file vocabulary: `charge` `from` `drop` with a filter, both ways; from the deck it is not
    data = [
        {
            "when": "enters",
            "do": "charge",
            "n": 1,
            "filter": {"cost_min": 3},
            "optional": True,
            "from": "drop",
        }
    ]
    effects = read_effects("card TB-002", data)
    assert effects == (Effect("enters", "charge", 1, CardFilter(cost_min=3), optional=True, zone="drop"),)
    assert [e.to_dict() for e in effects] == data
    with pytest.raises(DeckFileError, match="'charge' is 'from' the 'drop' only"):
        read_effects("card TB-002", [dict(data[0], **{"from": "deck"})])
