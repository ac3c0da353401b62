"""DBS FW: energy that text puts into the energy area in Rest Mode ("[On Play] Add the top card of your deck
to your energy in Rest Mode.", "... from your Drop to your energy in Rest Mode.",
「…レストでエナジーにする。」) and energy that text switches to Active Mode ("[On Play] Draw 1 card. Then,
switch 2 of your energy to Active Mode.", 「…自分のエナジー2枚をアクティブにする。」): games on stacked decks
worked out by hand from docs/rules/dbsfw.md, in both play orders.

Every deck (engine/tests/test_dbsfw_drop_energy.py, `play`): the Leader (red, 15000), the cards named on top
in this order (the opening hand of 6 and the draws), then Fillers (red Battle cards of cost 9, 0 power, no
combo) to 50. No redraw; a Filler is charged every turn (the hand's other cards are worth more, or planned);
the second player has an energy marker (6-2-1-10); both draw on their turn 1; the first player does not
attack on its turn 1 (S07). The opponent's guard is 20000 here: the Leader (15000) hits only with Pump, an
Extra used in its battle for +10000 (cost 1, red), paid with the energy the main phase left.
"""

from __future__ import annotations

import pytest

from engine import Card
from engine.effects import Effect, read_effects
from engine.errors import DeckFileError
from engine.played_text import MOOT, PLAYED, UNPLAYED, card_parts
from engine.tests.test_dbsfw_drop_energy import LEADER, MILLER, SIM, digger, play

GUARD = 20000
PUMP = Card(
    "TE-001", "Pump", "extra", ("red",), 1, specified_cost={"red": 1},
    text="[Activate Battle] Choose your Leader or up to 1 of your Battle Cards and it gets +10000 power for"
    " the battle.",
)  # fmt: skip
PUMPED = "use Pump (TE-001): +10000 power for the battle"
RESTED = "[On Play] Add the top card of your deck to your energy in Rest Mode."
RESTED_JA = "【登場時】自分のデッキの上から1枚をレストでエナジーにする。"
ACTIVE = "[On Play] Add the top card of your deck to your energy."
SWITCH = "[On Play] Draw 1 card. Then, switch 2 of your energy to Active Mode."
SWITCH_JA = "【登場時】カード1枚を引く。その後、自分のエナジー2枚をアクティブにする。"
DRAW_ONLY = "[On Play] Draw 1 card."


def battle(text: str, cost: int = 2, name: str = "Grower", number: str = "TB-010") -> Card:
    return Card(number, name, "battle", ("red",), cost, power=0, specified_cost={"red": 1}, text=text)


@pytest.mark.parametrize("text", [RESTED, RESTED_JA])
def test_the_top_card_in_rest_mode_pays_nothing_that_turn(text: str) -> None:
    # Going second, turn 1: a Filler drawn and charged (energy 1); Grower (cost 2) is paid with it and the
    # marker; its On Play puts the top card (a Filler) into the energy area in Rest Mode: energy 2, none of it
    # active, no marker: Pump (cost 1) cannot be paid, the Leader attacks alone and misses (15000 < 20000).
    final, events = play([battle(text), PUMP], "second", guard=GUARD, turns=1)
    assert "Grower (TB-010): Filler (TB-099) from the deck to the energy area in Rest Mode" in events
    assert PUMPED not in events
    assert (final["energy"], final["markers"], final["opp_life"]) == (2, 0, 8)
    # The same card put in active (`resource` without `rested`) pays Pump: the Leader hits (opponent life 7).
    final, events = play([battle(ACTIVE), PUMP], "second", guard=GUARD, turns=1)
    assert PUMPED in events
    assert (final["energy"], final["opp_life"]) == (2, 7)
    # Turn 2: everything untaps (7-2-7): a Filler charged, energy 3, all active: Pump is paid, the Leader
    # hits.
    final, events = play([battle(text), PUMP], "second", guard=GUARD)
    assert events.count(PUMPED) == 1
    assert (final["energy"], final["opp_life"]) == (3, 7)


@pytest.mark.parametrize("text", [RESTED, RESTED_JA])
def test_the_top_card_in_rest_mode_going_first(text: str) -> None:
    # Going first: turn 1, energy 1 does not pay Grower (cost 2), and there is no attack. Turn 2: energy 2
    # pays Grower, whose On Play puts the top card in Rest Mode (energy 3, none active): no Pump, the Leader
    # misses (opponent life 8). Put in active instead, it pays Pump: a hit (7). Deck: 50 - 6 - 8 life - 2
    # draws - 1 = 33.
    final, events = play([battle(text), PUMP], "first", guard=GUARD)
    assert PUMPED not in events
    assert (final["energy"], final["opp_life"], final["deck"]) == (3, 8, 33)
    final, events = play([battle(ACTIVE), PUMP], "first", guard=GUARD)
    assert PUMPED in events
    assert (final["energy"], final["opp_life"], final["deck"]) == (3, 7, 33)


def test_up_to_one_card_on_a_condition() -> None:
    # "If you have 5 or more energy, add up to 1 card ...", going second: turn 1, energy 1 and the marker pay
    # one Grower (cost 2); turn 2, energy 2 pays the other: never 5 energy, nothing (energy 2).
    five = "[On Play] If you have 5 or more energy, add up to 1 card from the top of your deck to your energy"
    final, events = play([battle(five + " in Rest Mode."), battle(five + " in Rest Mode.")], "second")
    assert not any("in Rest Mode" in e for e in events)
    assert final["energy"] == 2
    # With 2 or more: turn 1 energy 1 < 2, nothing; turn 2 energy 2: the top card (the deck keeps the next
    # draw, so the autopilot takes it) goes into the energy area in Rest Mode: energy 3.
    two = five.replace("5 or more", "2 or more") + " in Rest Mode."
    final, events = play([battle(two), battle(two)], "second")
    assert sum("in Rest Mode" in e for e in events) == 1
    assert final["energy"] == 3


@pytest.mark.parametrize("going", ["first", "second"])
@pytest.mark.parametrize("text", [SWITCH, SWITCH_JA])
def test_energy_switched_to_active_mode_pays_pump(text: str, going: str) -> None:
    # Titan (cost 2) draws 1 card, then switches 2 of your rested energy to Active Mode. Going second, turn
    # 1: energy 1 (the charged Filler) and the marker pay Titan; the energy card is switched to Active Mode
    # (the marker is gone): it pays Pump, the Leader hits (opponent life 7). Going first, turn 2: energy 2
    # pays Titan, both are switched to Active Mode: Pump is paid, the Leader hits (7).
    titan = battle(text, name="Titan")
    turns = 1 if going == "second" else 2
    final, events = play([titan, PUMP], going, guard=GUARD, turns=turns)
    switched = "Titan (TB-010): switch 1 energy to Active Mode" if going == "second" else "switch 2 energy"
    assert any(switched in e for e in events)
    assert PUMPED in events
    assert final["opp_life"] == 7
    # Without the switch, the energy is spent on Titan: no Pump, a miss (8).
    final, events = play([battle(DRAW_ONLY, name="Titan"), PUMP], going, guard=GUARD, turns=turns)
    assert PUMPED not in events
    assert final["opp_life"] == 8


@pytest.mark.parametrize("going", ["first", "second"])
def test_a_rest_skill_on_a_leader_condition(going: str) -> None:
    # Trooper (cost 1, 0 power) rests for "if your Leader has 《Drill Squad》, switch up to 1 of your energy
    # to Active Mode" after the attacks (it never reaches the guard): turn 1 it switches the energy card that
    # paid it (1 rested); turn 2 nothing is paid (Fillers cost 9), no energy is rested and it switches none.
    # With a Leader without the trait it never does.
    text = (
        "[Activate Main] Switch this card to Rest Mode : If your Leader has 《Drill Squad》 in its special"
        " traits, switch up to 1 of your energy to Active Mode."
    )
    trooper = battle(text, cost=1, name="Trooper")
    squad = Card("TL-002", "Squad Leader", "leader", ("red",), power=15000, traits=("Drill Squad",))
    _, events = play([trooper], going, leader=squad)
    assert events.count("rest Trooper (TB-010) for its [Activate Main]") == 2
    assert events.count("Trooper (TB-010): switch 1 energy to Active Mode") == 1
    _, events = play([trooper], going, leader=LEADER)
    assert not any("to Active Mode" in e for e in events)


@pytest.mark.parametrize("going", ["first", "second"])
def test_a_drop_card_into_the_energy_area_in_rest_mode(going: str) -> None:
    # Miller places 2 Fillers into the drop area, Digger puts one into the energy area in Rest Mode. Going
    # second (one Digger), turn 1: energy 1 and the marker pay Miller and Digger: energy 2, none active, no
    # Pump, a miss (8). Going first: turn 1 energy 1 pays a Digger (the drop area is empty), turn 2 energy 2
    # pays Miller and the other Digger: energy 3, none active: no Pump, a miss (8). Active instead: the card
    # from the drop area pays Pump: a hit (7).
    text = "[On Play] Add up to 1 card with a cost of 3 or more from your Drop to your energy"
    # going second, 2 Diggers (worth more than Miller) would be planned on turn 1: one
    diggers = 1 if going == "second" else 2
    head = [MILLER, *[digger(text + " in Rest Mode.")] * diggers, PUMP]
    turns = 1 if going == "second" else 2
    final, events = play(head, going, guard=GUARD, turns=turns)
    assert events.count("Digger (TB-002): Filler (TB-099) from the drop area to the energy area") == 1
    assert PUMPED not in events
    assert (final["energy"], final["drop"], final["opp_life"]) == (2 if going == "second" else 3, 1, 8)
    head = [MILLER, *[digger(text + ".")] * diggers, PUMP]
    final, events = play(head, going, guard=GUARD, turns=turns)
    assert PUMPED in events
    assert final["opp_life"] == 7


def test_read_and_reported() -> None:
    policy = SIM.params().policy
    for text in (RESTED, SWITCH):
        assert [p.status for p in card_parts("dbsfw", battle(text), policy)] == [PLAYED]
    # at the end of your turn, energy switched to Active Mode would pay only in the opponent's turn: moot
    end = "[End of Your Turn] Switch up to 2 of your Rest Mode energy to Active Mode."
    assert [p.status for p in card_parts("dbsfw", battle(end), policy)] == [MOOT]
    end_ja = "【自分のターン終了時】自分のレストのエナジー2枚までをアクティブにする。"
    assert [p.status for p in card_parts("dbsfw", battle(end_ja), policy)] == [MOOT]
    # the deck-file vocabulary, both ways
    data = [
        {"when": "enters", "do": "resource", "n": 1, "rested": True},
        {"when": "enters", "do": "activate-energy", "n": 2, "optional": True},
    ]
    effects = read_effects("card TB-010", data)
    assert effects == (
        Effect("enters", "resource", 1, rested=True),
        Effect("enters", "activate-energy", 2, optional=True),
    )
    assert [e.to_dict() for e in effects] == data
    with pytest.raises(DeckFileError, match="'rested' belongs to a 'resource' or a 'charge'"):
        read_effects("card TB-010", [{"when": "enters", "do": "draw", "n": 1, "rested": True}])
    with pytest.raises(DeckFileError, match="'rested' belongs to a 'resource' or a 'charge'"):
        charge = {"when": "enters", "do": "charge", "n": 1, "optional": True, "rested": True}
        read_effects("card TB-010", [charge])


def test_after_a_skill_that_never_resolves_here() -> None:
    # "If attacking a Battle Card ..." never holds against this opponent (it has none), and when a 「場合」
    # condition fails the text after it is not resolved either (0-3-17): the energy placed "Then" never is,
    # so the [End of Your Turn] skill that waits for it never happens.
    policy = SIM.params().policy
    attack = (
        "[When Attacking] If attacking a Battle Card with a cost of 4 or more, this card gets +25000 power"
        " for the battle. Then, place 1 card from your energy into its owner's Drop."
    )
    end = (
        "[End of Your Turn] If energy is placed into its owner's Drop by this card's skill during this turn,"
        " draw 1 card and add this card to your energy in Rest Mode."
    )
    card = battle(attack + "\n" + end)
    assert [p.status for p in card_parts("dbsfw", card, policy)] == [MOOT, MOOT]
    attack_ja = (
        "【アタック時】コスト4以上のバトルカードにアタックしている場合、この戦闘中、このカードのパワー+25000。"
        "その後、自分のエナジー1枚をドロップに置く。"
    )
    end_ja = (
        "【自分のターン終了時】このターン中、このカードのスキルでエナジーがドロップに置かれていた場合、カード1枚を"
        "引き、このカードをレストでエナジーにする。"
    )
    assert [p.status for p in card_parts("dbsfw", battle(attack_ja + end_ja), policy)] == [MOOT, MOOT]
    # a skill of the card that does place energy there (not played here) leaves it unplayed
    places = "[When Attacking] Place 1 card from your energy into its owner's Drop."
    parts = card_parts("dbsfw", battle(places + "\n" + end), policy)
    assert [p.status for p in parts] == [UNPLAYED, UNPLAYED]
