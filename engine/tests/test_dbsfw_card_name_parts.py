"""DBS FW: cards named by a text their card name includes ("reveal up to 1 card that includes <XZ> in its
card name", "your Leaders or up to 1 Battle Card―both with <XZ> in their card names―", "your Leader with
<XZ> in its card name gets ..."), power for the turn for your Leader or a Battle Card with a trait after
the top cards placed in the drop area, and a draw before a hand card into the energy area "[On Play/When
KO'd]": games on stacked decks worked out by hand from docs/rules/dbsfw.md, in both play orders.
"""

from __future__ import annotations

import pytest

from engine import Card, Deck, DeckEntry
from engine.effects import CardFilter, Condition, Effect, describe, read_effects
from engine.goldfish import get_simulator
from engine.played_text import PLAYED, card_parts
from engine.tests.test_dbsfw_battle_text import battle, play

SIM = get_simulator("dbsfw")
LEADER = "Test Leader (Leader) attacks with power"

# ---- a look at the top cards by a text in the card name ----

LOOK = (
    "[On Play] Look at 5 cards from the top of your deck, {} and add it to your hand. Place the rest at the"
    " bottom of their owner's deck in a random order."
)
LOOK_JA = (
    "【登場時】自分のデッキの上から5枚を見て、{}1枚までを公開し、手札に加える。"
    "残りをランダムにデッキの下に置く。"
)


def look_deck(scout_text: str) -> Deck:
    lead = Card("TL-001", "Test Leader", "leader", ("red",), power=15000)
    scout = Card(
        "TB-001", "Scout", "battle", ("red",), 1, power=0, specified_cost={"red": 1}, text=scout_text
    )
    goku = Card("TB-002", "Goku", "battle", ("red",), 9, power=0, specified_cost={"red": 1})
    gohan = Card("TB-003", "Gohan : XZ", "battle", ("red",), 9, power=0, specified_cost={"red": 1})
    filler = Card("TB-004", "Filler", "battle", ("red",), 9, power=0, specified_cost={"red": 1})
    sections = {
        "leader": (DeckEntry(lead.number, 1),),
        "main": tuple(DeckEntry(n, 1) for n in ("TB-001", "TB-002", "TB-003")) + (DeckEntry("TB-004", 47),),
    }
    return Deck("dbsfw", "standard", sections, {c.number: c for c in (lead, scout, goku, gohan, filler)})


def looked(scout_text: str, top_five: list[str], going: str) -> tuple[list[str], int]:
    """What Scout's look takes, and the deck left. Scout (cost 1) is the top card, so in the opening hand;
    14 Fillers fill the rest of the hand (5), the life (8) and the turn-1 draw (1); Scout is played on
    turn 1 and looks at the next 5 cards; the others cost 9 and are never played."""
    head = ["TB-001"] + ["TB-004"] * 14 + top_five
    rest = [n for n in ("TB-002", "TB-003") if n not in head]
    order = head + rest + ["TB-004"] * (50 - len(head) - len(rest))
    params = SIM.params(going=going, policy={"charge_rule": "always", "mulligan_rule": "never"}, max_turns=2)
    log = SIM.play_stacked(look_deck(scout_text), params, order)
    return [e.text for e in log.events if e.text.startswith("Scout (TB-001): look")], log.final["deck"]


FILLERS = ["TB-004"] * 3


@pytest.mark.parametrize("going", ["first", "second"])
@pytest.mark.parametrize(
    ("revealed", "top_five", "found"),
    [
        # Goku (4th) has no "XZ" in its name, Gohan : XZ (5th) has
        (
            LOOK.format("then reveal up to 1 card that includes <XZ> in its card name"),
            FILLERS + ["TB-002", "TB-003"],
            "Gohan : XZ (TB-003)",
        ),
        (
            LOOK_JA.format("カード名に「XZ」を含むカード"),
            FILLERS + ["TB-002", "TB-003"],
            "Gohan : XZ (TB-003)",
        ),
        # a part of a name: "Go" is in both, the first of the 5 that has it is Goku (4th)
        (
            LOOK.format("reveal up to 1 card with <Go> in its card name"),
            FILLERS + ["TB-002", "TB-003"],
            "Goku (TB-002)",
        ),
        # Gohan : XZ is 6th, not among the 5: none found, all 5 go to the bottom
        (
            LOOK.format("then reveal up to 1 card that includes <XZ> in its card name"),
            FILLERS + ["TB-002", "TB-004"],
            "no card",
        ),
        # other than Gohan : XZ: no other card with "XZ" in its name
        (
            LOOK.format(
                "reveal up to 1 non-<Gohan : XZ> card with a cost of 9 or less and <XZ> in its card name"
            ),
            FILLERS + ["TB-002", "TB-003"],
            "no card",
        ),
    ],
)
def test_a_look_for_a_card_whose_name_includes_a_text(revealed, top_five, found, going) -> None:
    searched, left = looked(revealed, top_five, going)
    assert searched == [f"Scout (TB-001): look at the top cards, {found} to the hand, the rest to the bottom"]
    # 35 cards after the set-up and the turn-1 draw, 1 fewer for the turn-2 draw, 1 fewer when one is found
    assert left == (34 if found != "no card" else 35) - 1


# ---- power for the turn by a text in a name, or for your Leader or a Battle Card with a trait ----


def battle_card(text: str, name: str = "Tester : XZ", traits: tuple[str, ...] = ()) -> Card:
    return Card(
        "TB-001", name, "battle", ("red",), 1, power=10000, specified_cost={"red": 1}, combo_power=None,
        text=text, traits=traits,
    )  # fmt: skip


def game(card: Card, going: str, guard: int, leader_name: str = "Test Leader") -> tuple[int, list[str]]:
    """50 copies of `card` (cost 1, no combo: the shuffle does not matter), no redraw; going second nothing
    is charged (the energy marker pays one card on turn 1), going first a card is charged every turn (turn
    1: one played, no attacks, 7-3-4-3-1; turn 2: two more). The Leader (15000) always attacks; a Battle
    card only when it reaches the guard. Returns the opponent's life and the attacks of the last turn."""
    lead = Card("TL-001", leader_name, "leader", ("red",), power=15000)
    sections = {"leader": (DeckEntry(lead.number, 1),), "main": (DeckEntry(card.number, 50),)}
    deck = Deck("dbsfw", "standard", sections, {card.number: card, lead.number: lead})
    policy = {"charge_rule": "never" if going == "second" else "always", "mulligan_rule": "never"}
    turns = 1 if going == "second" else 2
    params = SIM.params(going=going, policy=policy, opponent={"opp_leader_power": guard}, max_turns=turns)
    log = SIM.play_logged(deck, params, 1, 0)
    attacks = [e.text for e in log.events if e.turn == turns and " attacks " in e.text]
    return log.final["opp_life"], attacks


BOTH_WITH = (
    "[On Play] Choose up to 1 of your Leaders or up to 1 Battle Card―both with <XZ> in their card names―in"
    " your Battle Area and it gets +{n} power for the turn."
)
BOTH_WITH_JA = (
    "【登場時】自分のカード名に「XZ」を含む、リーダーかバトルエリアのバトルカード1枚までを選び、"
    "このターン中、パワー+{n}。"
)
TESTER = "Tester : XZ (TB-001) attacks with power"


@pytest.mark.parametrize("text", [BOTH_WITH, BOTH_WITH_JA])
def test_your_leader_or_a_battle_card_whose_name_includes_the_text(text) -> None:
    # Going second, turn 1, a 20000 guard: +10000 to the only one with "XZ" (the Leader has none), the
    # Tester: 20000 hits; the Leader (15000) misses: 8 - 1 = 7.
    assert game(battle_card(text.format(n=10000)), "second", 20000) == (
        7,
        [f"{TESTER} 20000", f"{LEADER} 15000"],
    )
    # +5000: still the Tester (15000, short: it does not attack); the Leader misses: 8.
    assert game(battle_card(text.format(n=5000)), "second", 20000) == (8, [f"{LEADER} 15000"])
    # A Leader named "XZ Leader" may be chosen: +5000 brings only it to the guard: 20000 hits: 7.
    assert game(battle_card(text.format(n=5000)), "second", 20000, "XZ Leader") == (
        7,
        ["XZ Leader (Leader) attacks with power 20000"],
    )
    # Going first, turn 2, +10000: each of the two Testers played gives it to a Tester still short (the
    # first in the Battle Area, then the next): two hit, the Leader misses: 8 - 2 = 6.
    assert game(battle_card(text.format(n=10000)), "first", 20000) == (
        6,
        [f"{TESTER} 20000", f"{TESTER} 20000", f"{LEADER} 15000"],
    )


NAMED_LEADER = (
    "[On Play] Choose up to 1 Rest Mode Battle Card with a cost of 3 or less in your opponent's Battle Area"
    " and KO it. Then, your Leader with <XZ> in its card name gets +5000 power for the turn."
)
NAMED_LEADER_JA = (
    "【登場時】相手のバトルエリアのレストのコスト3以下のバトルカード1枚までを選び、KOする。"
    "その後、自分のカード名に「XZ」を含むリーダーは、このターン中、パワー+5000。"
)


@pytest.mark.parametrize("text", [NAMED_LEADER, NAMED_LEADER_JA])
def test_your_leader_gets_the_power_if_its_name_includes_the_text(text) -> None:
    card = battle_card(text, name="Tester")
    xz = "XZ Leader (Leader) attacks with power"
    # Going second, turn 1: the opponent has no Battle Card to KO; "XZ Leader" 15000 + 5000 hits a 20000
    # guard: 7. "Test Leader" gets nothing and misses: 8.
    assert game(card, "second", 20000, "XZ Leader") == (7, [f"{xz} 20000"])
    assert game(card, "second", 20000) == (8, [f"{LEADER} 15000"])
    # Going first, turn 2: two Testers played, +5000 each: 25000 hits a 25000 guard: 7.
    assert game(card, "first", 25000, "XZ Leader") == (7, [f"{xz} 25000"])


MILL_THEN = (
    "[On Play] Place the top 2 cards of your deck into their owner's Drop. Then, if you have {d} or more"
    " cards in your Drop, choose up to 1 of your Leaders or up to 1 Battle Card in your Battle Area―both with"
    " 《Sky Clan》 in their special traits―and it gets +10000 power for the turn."
)
MILL_THEN_JA = (
    "【登場時】自分のデッキの上から2枚をドロップに置く。その後、自分のドロップのカードが{d}枚以上の場合、"
    "自分の特徴《Sky Clan》を持つ、リーダーかバトルエリアのバトルカード1枚までを選び、"
    "このターン中、パワー+10000。"
)


@pytest.mark.parametrize("text", [MILL_THEN, MILL_THEN_JA])
def test_power_after_the_top_cards_go_to_the_drop_area(text) -> None:
    sky = "Tester (TB-001) attacks with power"

    def card(d: int) -> Card:
        return battle_card(text.format(d=d), name="Tester", traits=("Sky Clan",))

    # Going second, turn 1: one Tester played, 2 cards milled: drop 2 >= 2: +10000 to the Tester (the Leader
    # has no Sky Clan): 20000 hits a 20000 guard, the Leader misses: 7.
    assert game(card(2), "second", 20000) == (7, [f"{sky} 20000", f"{LEADER} 15000"])
    # 3 or more: drop 2, no power; the Tester does not attack: 8.
    assert game(card(3), "second", 20000) == (8, [f"{LEADER} 15000"])
    # Going first: turn 1 mills 2 (drop 2); turn 2 the first Tester mills 2 (drop 4 >= 3): +10000 to the
    # first Tester (all three 10000 short), the second (drop 6) to the next: two hit, 8 - 2 = 6.
    assert game(card(3), "first", 20000) == (6, [f"{sky} 20000", f"{sky} 20000", f"{LEADER} 15000"])


# ---- a draw, then a hand card into the energy area ----

DRAW_CHARGE = "[On Play/When KO'd] Draw 1 card. Then, add up to 1 card from your hand to your energy."
DRAW_CHARGE_JA = "【登場時/KO時】カード1枚を引く。その後、自分の手札1枚までをエナジーにする。"


@pytest.mark.parametrize("text", [DRAW_CHARGE, DRAW_CHARGE_JA])
def test_a_draw_then_a_hand_card_into_the_energy(text) -> None:
    sprout = battle("TB-001", "Sprout", 1, 10000, text)
    cards = [sprout, battle("TB-002", "Big", 3, 20000)]
    # Going first, turn 1: hand 7 (Sprout, Big, 5 Fillers); a Filler charged (energy 1) pays Sprout; it
    # draws a Filler, then puts a Filler into the energy area (energy 2; hand 7 - 2 + 1 - 1 = 5). Turn 2:
    # draw (6), a Filler charged (energy 3, hand 5) pays Big (hand 4); Big (20000) and the Leader hit a 15000
    # guard: 8 - 2 = 6.
    final, events = play(cards, "first", 15000)
    assert events.count("Sprout (TB-001): Filler (TB-099) from the hand to the energy area") == 1
    assert (final["opp_life"], final["energy"], final["hand"]) == (6, 3, 4)
    # Going second, turn 1: hand 7; a Filler charged (energy 1) pays Sprout (the marker is left); it draws a
    # Filler (hand 6) and puts a Filler into the energy area: energy 2, hand 5; the Leader hits: 7.
    final, _ = play(cards, "second", 15000)
    assert (final["energy"], final["markers"], final["hand"], final["opp_life"]) == (2, 1, 5, 7)


def test_read_reported_and_written() -> None:
    # read whole and played, each of these parts
    for text in (
        LOOK.format("then reveal up to 1 card that includes <XZ> in its card name"),
        NAMED_LEADER,
        DRAW_CHARGE,
    ):
        card = battle_card(text)
        assert [p.status for p in card_parts("dbsfw", card, SIM.params().policy)] == [PLAYED]
    # the filter and the condition in the deck-file vocabulary, both ways, and in words
    data = [
        {
            "when": "enters",
            "do": "search",
            "n": 1,
            "filter": {"name_includes": "XZ"},
            "optional": True,
            "top": 5,
        },
        {
            "when": "enters",
            "do": "power",
            "n": 5000,
            "filter": {"type": "leader"},
            "if": {"kind": "leader", "filter": {"name_includes": "XZ"}},
        },
    ]
    effects = read_effects("card TB-001", data)
    assert effects == (
        Effect("enters", "search", 1, CardFilter(name_includes="XZ"), optional=True, top=5),
        Effect(
            "enters",
            "power",
            5000,
            CardFilter(type="leader"),
            condition=Condition("leader", filter=CardFilter(name_includes="XZ")),
        ),
    )
    assert [e.to_dict() for e in effects] == data
    assert 'with "XZ" in its name' in describe(effects[0])
