"""DBS FW: a Battle card's Permanent power for your Leader ("[Permanent][Your Turn] Your Leader with
《God of Destruction》 in its special traits gets +10000 power."), given while the card is in the Battle Area
to a Leader face that has the trait: games worked out by hand from docs/rules/dbsfw.md in both play orders.

The deck is 50 copies of Tester (a Battle card, cost 1, 0 power, no combo): the shuffle does not matter and
Tester never attacks (it reaches no guard). No redraw. Going second nothing is charged: the second player's
energy marker pays one Tester on turn 1 (6-2-1-10). Going first a card is charged every turn: turn 1 plays
one Tester (energy 1, no attacks, 7-3-4-3-1), turn 2 two more (energy 2).
"""

from __future__ import annotations

import pytest

from engine import Card, Deck, DeckEntry
from engine.effects import CardFilter, Effect
from engine.goldfish import get_simulator
from engine.goldfish.dbsfw import T_LEADER_AURA, compile_deck
from engine.played_text import PLAYED, card_parts
from engine.readers import read_text

SIM = get_simulator("dbsfw")
AURA = "[Permanent][Your Turn] Your Leader with 《Bird Lord》 in its special traits gets +5000 power."
AURA_JA = "【永続】【自分のターン中】自分の特徴《鳥の王》を持つリーダーのパワー+5000。"


def battle_card(text: str) -> Card:
    return Card(
        "TB-001", "Tester", "battle", ("red",), 1, power=0, specified_cost={"red": 1}, combo_power=None,
        text=text,
    )  # fmt: skip


def leader(traits: tuple[str, ...], back: dict | None = None) -> Card:
    return Card("TL-001", "Test Leader", "leader", ("red",), power=15000, traits=traits, back=back)


def deck_of(card: Card, lead: Card) -> Deck:
    sections = {"leader": (DeckEntry(lead.number, 1),), "main": (DeckEntry(card.number, 50),)}
    return Deck("dbsfw", "standard", sections, {card.number: card, lead.number: lead})


def game(
    text: str, traits: tuple[str, ...], going: str, guard: int, effects: bool = True
) -> tuple[int, list]:
    policy = {"charge_rule": "never" if going == "second" else "always", "mulligan_rule": "never"}
    policy["card_effects"] = effects
    turns = 1 if going == "second" else 2
    params = SIM.params(going=going, policy=policy, opponent={"opp_leader_power": guard}, max_turns=turns)
    log = SIM.play_logged(deck_of(battle_card(text), leader(traits)), params, 1, 0)
    return log.final["opp_life"], [e.text for e in log.events if " attacks " in e.text]


@pytest.mark.parametrize(("text", "trait"), [(AURA, "Bird Lord"), (AURA_JA, "鳥の王")])
def test_the_leader_gets_the_power_of_each_card_in_the_battle_area(text, trait) -> None:
    # Going second, turn 1: one Tester: the Leader attacks with 15000 + 5000 = 20000 and hits a 20000 guard
    # (ties favour the attacker, 8-4-6): 8 - 1 = 7; a 25000 guard it misses: 8.
    assert game(text, (trait,), "second", 20000) == (7, ["Test Leader (Leader) attacks with power 20000"])
    assert game(text, (trait,), "second", 25000)[0] == 8
    # Going first, turn 2: three Testers, 15000 + 3 x 5000 = 30000: a 30000 guard is hit (7), 35000 not (8).
    assert game(text, (trait,), "first", 30000) == (7, ["Test Leader (Leader) attacks with power 30000"])
    assert game(text, (trait,), "first", 35000)[0] == 8


@pytest.mark.parametrize("going", ["second", "first"])
def test_no_power_for_a_leader_without_the_trait_or_without_card_text(going) -> None:
    # The Leader attacks with its own 15000 and misses a 20000 guard: 8.
    assert game(AURA, ("Other",), going, 20000) == (8, ["Test Leader (Leader) attacks with power 15000"])
    assert game(AURA, ("Bird Lord",), going, 20000, effects=False)[0] == 8


def test_each_leader_face_by_its_own_traits() -> None:
    # "Evil Wizard" awakens "Majin" (a real Leader): the power counts for the face with the trait only; a
    # back face whose data gives no traits gets none.
    card = battle_card(AURA)
    for back, faces in (
        ({"name": "Woken", "power": 20000, "traits": ["Bird Lord"]}, [0, 5000]),
        ({"name": "Woken", "power": 20000}, [0, 0]),
    ):
        ktext = compile_deck(deck_of(card, leader(("Other",), back))).arrays[-1]
        assert list(ktext[0, T_LEADER_AURA : T_LEADER_AURA + 2]) == faces
    ktext = compile_deck(deck_of(card, leader(("Bird Lord",), {"name": "Woken", "power": 20000}))).arrays[-1]
    assert list(ktext[0, T_LEADER_AURA : T_LEADER_AURA + 2]) == [5000, 0]


def test_read_and_reported_played() -> None:
    card = battle_card(AURA)
    expected = Effect("static", "power", 5000, CardFilter(type="leader", traits=("Bird Lord",)))
    assert read_text("dbsfw", AURA, "Tester").effects == (expected,)
    assert [(p.status, p.why) for p in card_parts("dbsfw", card, {})] == [
        (PLAYED, "+5000 power for your Leader with the trait Bird Lord")
    ]
    assert expected.to_dict() == {
        "when": "static", "do": "power", "n": 5000, "filter": {"type": "leader", "traits": ["Bird Lord"]},
    }  # fmt: skip


ALLIES = (
    "[Permanent][Your Turn] All of your Battle Cards with 《Winged》 in their special traits get +5000 power."
)
ALLIES_JA = "【永続】【自分のターン中】自分の特徴《翼ある者》を持つバトルカードすべてのパワー+5000。"


def allies_game(text: str, traits: tuple[str, ...], going: str, guard: int) -> tuple[int, list]:
    card = Card(
        "TB-001", "Tester", "battle", ("red",), 1, power=10000, specified_cost={"red": 1}, combo_power=None,
        text=text, traits=traits,
    )  # fmt: skip
    policy = {"charge_rule": "never" if going == "second" else "always", "mulligan_rule": "never"}
    turns = 1 if going == "second" else 2
    params = SIM.params(going=going, policy=policy, opponent={"opp_leader_power": guard}, max_turns=turns)
    log = SIM.play_logged(deck_of(card, leader(())), params, 1, 0)
    return log.final["opp_life"], [e.text for e in log.events if " attacks " in e.text]


@pytest.mark.parametrize(("text", "trait"), [(ALLIES, "Winged"), (ALLIES_JA, "翼ある者")])
def test_battle_cards_get_the_power_of_each_card_in_the_battle_area(text, trait) -> None:
    # The Testers (10000) have the trait, so each gets +5000 from each Tester, itself too. Going second,
    # turn 1: one Tester, 15000, hits a 15000 guard with the Leader: 8 - 2 = 6; without the trait it has
    # 10000 and does not attack: 7.
    tester = "Tester (TB-001) attacks with power 15000"
    assert allies_game(text, (trait,), "second", 15000) == (
        6,
        ["Test Leader (Leader) attacks with power 15000", tester],
    )
    assert allies_game(text, ("Other",), "second", 15000)[0] == 7
    # Going first, turn 2: three Testers, 10000 + 3 x 5000 = 25000 each: all three hit a 25000 guard and the
    # Leader (15000) misses: 8 - 3 = 5; a 30000 guard none: 8.
    assert allies_game(text, (trait,), "first", 25000)[0] == 5
    assert allies_game(text, (trait,), "first", 30000)[0] == 8


def test_a_card_that_gives_the_leader_power_gets_none_itself() -> None:
    # Going second, turn 1: Tester (10000) gives the Leader (with the trait) +5000, not itself: it does not
    # reach a 15000 guard; the Leader, 20000, hits: 7.
    card = Card(
        "TB-001", "Tester", "battle", ("red",), 1, power=10000, specified_cost={"red": 1}, combo_power=None,
        text=AURA,
    )  # fmt: skip
    policy = {"charge_rule": "never", "mulligan_rule": "never"}
    params = SIM.params(going="second", policy=policy, opponent={"opp_leader_power": 15000}, max_turns=1)
    log = SIM.play_logged(deck_of(card, leader(("Bird Lord",))), params, 1, 0)
    attacks = [e.text for e in log.events if " attacks " in e.text]
    assert (log.final["opp_life"], attacks) == (7, ["Test Leader (Leader) attacks with power 20000"])
