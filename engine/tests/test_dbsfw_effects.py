"""DBS FW card text played by the goldfish: games worked out by hand from docs/rules/dbsfw.md.

Every deck is 50 copies of one card, so the shuffle does not matter. Going second, with no charging and
no redraw: 6 cards in hand, 8 life cards, 36 in the deck; own turn 1 draws 1 (7 in hand) and has the
second player's energy marker (6-2-1-10), which pays for one cost-1 card (markers last, §11.5).
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine import Card, Deck, DeckEntry
from engine.effects import CardFilter, Effect
from engine.goldfish import get_simulator
from engine.readers import read_text

SIM = get_simulator("dbsfw")
LEADER = Card("TL-001", "Test Leader", "leader", ("red",), power=15000)


def deck_of(card: Card) -> Deck:
    sections = {"leader": (DeckEntry(LEADER.number, 1),), "main": (DeckEntry(card.number, 50),)}
    return Deck("dbsfw", "standard", sections, {card.number: card, LEADER.number: LEADER})


def battle(text: str, power: int = 0) -> Card:
    return Card(
        "TB-001", "Tester", "battle", ("red",), 1, power=power, specified_cost={"red": 1}, combo_power=None,
        text=text,
    )  # fmt: skip


def final(deck: Deck, turns: int, card_effects: bool = True, going: str = "second") -> dict[str, int]:
    """Going second nothing is charged (the marker pays turn 1); going first the autopilot charges a card
    every turn (no marker: else nothing would ever be paid)."""
    charge = "never" if going == "second" else "always"
    policy = {"charge_rule": charge, "mulligan_rule": "never", "card_effects": card_effects}
    params = SIM.params(going=going, policy=policy, max_turns=turns)
    return SIM.play_logged(deck, params, 1, 0).final


# The wordings of a card's top card into the energy area: the official list's English and Japanese, and
# the older "Place ... in your energy area".
ENERGY_WORDINGS = [
    "[On Play] Add the top card of your deck to your energy.",
    "【登場時】自分のデッキの上から1枚をエナジーにする。",
    "[On Play] Place the top card of your deck in your energy area.",
]


@pytest.mark.parametrize("text", ENERGY_WORDINGS)
def test_on_play_energy_doubles_the_energy_every_turn(text) -> None:
    # Turn 1: the marker plays 1 card, its text puts 1 card into energy (1); turn 2: 1 energy plays 1
    # card (2); turn 3: 2 cards (4); turn 4: 4 cards (8).
    deck = deck_of(battle(text))
    assert [final(deck, t)["energy"] for t in (1, 2, 3, 4)] == [1, 2, 4, 8]
    assert [final(deck, t)["battle"] for t in (1, 2, 3, 4)] == [1, 2, 4, 8]
    assert final(deck, 4, card_effects=False)["energy"] == 0  # the marker's one card, then nothing


@pytest.mark.parametrize("text", ENERGY_WORDINGS)
def test_on_play_energy_going_first(text) -> None:
    # 6 cards and the turn-1 draw (7). Turn 1: charge 1 (energy 1), play 1, +1 energy (2). Turn 2: draw,
    # charge (3), play 3, +3 (6). Turn 3: draw (3 in hand); the 6 energy pay for all 3, and the charge
    # never takes a card of the turn's plan (§11.5): no charge, 3 plays, +3 (9).
    deck = deck_of(battle(text))
    got = [final(deck, t, going="first") for t in (1, 2, 3)]
    assert [(f["energy"], f["battle"], f["hand"]) for f in got] == [(2, 1, 5), (6, 4, 2), (9, 7, 0)]
    assert final(deck, 3, card_effects=False, going="first")["energy"] == 3  # a charge a turn, nothing more


def test_on_play_life_cards_into_the_hand_keep_the_last_one() -> None:
    # The energy card of the test above also takes up to 3 life cards into the hand: plays per turn 1, 1,
    # 2, 4 (battle 1, 2, 4, 8). Life 8 -> 5 -> 2, then only 1 more: the last life card stays (at 0 life
    # the player loses, 14-2-2-1). Hand: 6 + 1 drawn - 1 played + 3 = 9; + 1 - 1 + 3 = 12; + 1 - 2 + 1 =
    # 12; + 1 - 4 = 9.
    deck = deck_of(
        battle(
            "[On Play] Place the top card of your deck in your energy area.\n"
            "[On Play] Add up to 3 cards from your life to your hand."
        )
    )
    got = [final(deck, t) for t in (1, 2, 3, 4)]
    assert [(f["life"], f["hand"], f["battle"]) for f in got] == [
        (5, 9, 1),
        (2, 12, 2),
        (1, 12, 4),
        (1, 9, 8),
    ]
    assert final(deck, 4, card_effects=False)["life"] == 8


@pytest.mark.parametrize(("going", "hand"), [("first", 6), ("second", 7)])
def test_on_play_draw(going, hand) -> None:
    # Turn 1: 7 in hand (the first player draws too); going first 1 is charged. 1 played, its text draws
    # 1. The deck gave the turn's draw and the text's: 36 - 2.
    deck = deck_of(battle("【On Play】Draw 1 card."))
    assert (final(deck, 1, going=going)["hand"], final(deck, 1, going=going)["deck"]) == (hand, 34)
    off = final(deck, 1, card_effects=False, going=going)
    assert (off["hand"], off["deck"]) == (hand - 1, 35)


@pytest.mark.parametrize("going", ["first", "second"])
def test_an_extra_whose_text_draws_is_used_for_it(going) -> None:
    rally = Card(
        "TX-001",
        "Rally",
        "extra",
        ("red",),
        1,
        specified_cost={"red": 1},
        text="[Activate: Main] Draw 2 cards.",
    )
    charge = "never" if going == "second" else "always"
    log = SIM.play_logged(
        deck_of(rally),
        SIM.params(going=going, policy={"charge_rule": charge, "mulligan_rule": "never"}, max_turns=1),
        1,
        0,
    )
    assert [e.text for e in log.events if e.text.startswith("use ")] == ["use Rally (TX-001)"]
    assert sum(e.text.startswith("Rally (TX-001): draw") for e in log.events) == 2
    # 7 - 1 + 2, less the card charged going first; the used Extra is in the drop area
    in_hand = 8 if going == "second" else 7
    assert (log.final["hand"], log.final["drop"]) == (in_hand, 1)
    off = final(deck_of(rally), 1, card_effects=False, going=going)
    assert off["hand"] == in_hand - 1  # without its text it is never used


def test_when_attacking_draw() -> None:
    # Turn 1 going second may attack: the Leader and the 15000-power card both reach the 15000 guard;
    # the card's text draws 1 when it attacks.
    deck = deck_of(battle("[When Attacking] Draw 1 card.", power=15000))
    log = SIM.play_logged(
        deck,
        SIM.params(going="second", policy={"charge_rule": "never", "mulligan_rule": "never"}, max_turns=1),
        1,
        0,
    )
    assert [e.phase for e in log.events if e.text.startswith("Tester (TB-001): draw")] == ["attack"]
    assert log.final["hand"] == 7 and log.final["opp_life"] == 6


def test_when_attacking_draw_going_first() -> None:
    # Charging every turn: turn 1 plays 1 card (no attack for the first player, 7-3-4-3-1); turn 2, 2
    # energy: 2 more. The Leader and the 3 cards attack: each card draws 1 as it attacks; 8 - 4 life.
    # Hand: 7 - 2 on turn 1, then + 1 - 3 + 3.
    deck = deck_of(battle("[When Attacking] Draw 1 card.", power=15000))
    policy = {"charge_rule": "always", "mulligan_rule": "never"}
    log = SIM.play_logged(deck, SIM.params(going="first", policy=policy, max_turns=2), 1, 0)
    draws = [e for e in log.events if e.text.startswith("Tester (TB-001): draw")]
    assert [(e.turn, e.phase) for e in draws] == [(2, "attack")] * 3
    assert (log.final["hand"], log.final["opp_life"]) == (6, 4)


def test_a_text_draw_that_empties_the_deck_loses_at_once() -> None:
    # Each card: 1 card into energy, then draw 9. Deck 36. Turn 1 (marker): draw 1, play 1: energy 1,
    # 9 drawn (25 left). Turn 2: draw (24), play 1: energy (23), draw 9 (14). Turn 3: draw (13), play 2:
    # the first takes 1 + 9 (3 left), the second 1 then draws the last 2: the deck is empty, a loss at
    # once (14-2-2-2), before turn 3's attacks.
    text = "[On Play] Place the top card of your deck in your energy area.\n[On Play] Draw 9 cards."
    params = SIM.params(going="second", policy={"charge_rule": "never", "mulligan_rule": "never"})
    result = SIM.run_batch(deck_of(battle(text)), params, 1, 0, 20)
    assert result.outcomes["loss_deckout"] == 20
    log = SIM.play_logged(deck_of(battle(text)), params, 1, 0)
    assert log.kill_turn is None and log.events[-1].turn == 3 and log.final["deck"] == 0


ENERGY_POLICY = {"charge_rule": "always", "mulligan_rule": "never"}


def kill_turns(deck: Deck, going: str, card_effects: bool = True, games: int = 40) -> dict[int, int]:
    params = SIM.params(going=going, policy={**ENERGY_POLICY, "card_effects": card_effects})
    return SIM.run_batch(deck, params, 3, 0, games).kill_turns


@pytest.mark.parametrize("going", ["first", "second"])
def test_on_play_damage_wins_on_turn_3(going) -> None:
    # Charging 1 card every turn; the first player draws on turn 1 too. Going first: turn 1 plays 1
    # (life 7, no attack, 7-3-4-3-1); turn 2, 2 energy: 2 plays (5) and the Leader's hit (4); turn 3,
    # 3 energy: 3 plays (1) and the hit (0). Going second the marker adds one on turn 1: 2 plays (6), the
    # hit (5); turn 2: 2 plays (3), the hit (2); turn 3: the 2 cards left in hand (0).
    # Without the text only the Leader hits: S06's turn 9 going first, 8 going second.
    deck = deck_of(battle("[On Play] Deal 1 damage to your opponent's life."))
    assert kill_turns(deck, going) == {3: 40}
    assert kill_turns(deck, going, card_effects=False) == {9 if going == "first" else 8: 40}


@pytest.mark.parametrize(("going", "life_after_1", "kill_turn"), [("first", 8, 3), ("second", 3, 2)])
def test_auto_when_this_card_attacks_damage(going, life_after_1, kill_turn) -> None:
    # 15000-power cards reach the guard. Going first: turn 1 plays 1, no attacks; turn 2 plays 2, the
    # Leader hits (7) and 3 cards deal 1 from text and 1 from the hit each (1); turn 3 the Leader wins.
    # Going second: turn 1 plays 2 (energy and marker): the Leader (7), 2 cards x 2 (3); turn 2 the Leader
    # (2) and the first card's text and hit (0).
    deck = deck_of(
        battle("[Auto] When this card attacks, deal 1 damage to your opponent's life.", power=15000)
    )
    params = SIM.params(going=going, policy=ENERGY_POLICY, max_turns=1)
    log = SIM.play_logged(deck, params, 1, 0)
    assert log.final["opp_life"] == life_after_1
    assert kill_turns(deck, going) == {kill_turn: 40}
    text_damage = [e.phase for e in log.events if e.text.startswith("Tester (TB-001): 1 damage")]
    assert text_damage == ([] if going == "first" else ["attack", "attack"])


SAIYAN_SEARCH = (
    "[On Play]Look at the top 5 cards of your deck, reveal up to 1 {Saiyan} card among them and add it"
    " to your hand, and place the rest at the bottom of your deck in any order."
)


def search_deck() -> Deck:
    scout = Card(
        "TB-001", "Scout", "battle", ("red",), 1, power=0, specified_cost={"red": 1}, text=SAIYAN_SEARCH
    )
    goku = Card(
        "TB-002", "Goku", "battle", ("red",), 9, power=0, specified_cost={"red": 1}, traits=("Saiyan",)
    )
    filler = Card("TB-003", "Filler", "battle", ("red",), 9, power=0, specified_cost={"red": 1})
    sections = {
        "leader": (DeckEntry(LEADER.number, 1),),
        "main": (DeckEntry("TB-001", 1), DeckEntry("TB-002", 1), DeckEntry("TB-003", 48)),
    }
    return Deck("dbsfw", "standard", sections, {c.number: c for c in (LEADER, scout, goku, filler)})


@pytest.mark.parametrize("going", ["first", "second"])
@pytest.mark.parametrize(("place", "found"), [(4, True), (5, True), (6, False)])
def test_a_search_looks_only_at_the_top_cards(place, found, going) -> None:
    # 6 cards in hand (Scout among them), 8 life, 1 drawn on turn 1 in either play order; a card charged
    # (and going second the marker) pays for Scout (the others cost 9). Its search looks at the next 5
    # cards: Goku as the 4th or 5th is found, as the
    # 6th it is not. The cards looked at and not taken go under the deck: it keeps 34 cards (35 when
    # nothing is found), and the next card drawn is the first one not looked at (Goku, as the 6th).
    order = ["TB-001"] + ["TB-003"] * 14 + ["TB-003"] * (place - 1) + ["TB-002"] + ["TB-003"] * (35 - place)
    params = SIM.params(going=going, policy={"charge_rule": "always", "mulligan_rule": "never"}, max_turns=2)
    log = SIM.play_stacked(search_deck(), params, order)
    searched = [e.text for e in log.events if e.text.startswith("Scout (TB-001): look")]
    taken = "Goku (TB-002)" if found else "no card"
    assert searched == [f"Scout (TB-001): look at the top cards, {taken} to the hand, the rest to the bottom"]
    turn_2_draw = next(e.text for e in log.events if e.turn == 2 and e.text.startswith("draw"))
    assert turn_2_draw.startswith("draw Filler (TB-003)" if found else "draw Goku (TB-002)")
    assert log.final["deck"] == (34 if found else 35) - 1


LOOK = (
    "[On Play] Look at 5 cards from the top of your deck, reveal up to 1 {} and add it to your hand. Place"
    " the rest at the bottom of your deck in a random order."
)


@pytest.mark.parametrize("going", ["first", "second"])
@pytest.mark.parametrize(
    ("revealed", "found"),
    [
        ("<Goku>", True),  # by its name
        ("card with a cost of 9 or less and 《Saiyan》 in its special traits", True),
        ("card with a cost of 4 or less and 《Saiyan》 in its special traits", False),  # Goku costs 9
        ("<Gohan>", False),
    ],
)
def test_a_search_by_name_or_with_a_largest_cost(revealed, found, going) -> None:
    # As above, Goku the 4th of the 5 cards looked at: found when the filter names it, else none is.
    deck = search_deck()
    scout = replace(deck.cards["TB-001"], text=LOOK.format(revealed))
    deck = Deck("dbsfw", "standard", deck.sections, {**deck.cards, "TB-001": scout})
    order = ["TB-001"] + ["TB-003"] * 14 + ["TB-003"] * 3 + ["TB-002"] + ["TB-003"] * 31
    params = SIM.params(going=going, policy={"charge_rule": "always", "mulligan_rule": "never"}, max_turns=2)
    log = SIM.play_stacked(deck, params, order)
    searched = [e.text for e in log.events if e.text.startswith("Scout (TB-001): look")]
    taken = "Goku (TB-002)" if found else "no card"
    assert searched == [f"Scout (TB-001): look at the top cards, {taken} to the hand, the rest to the bottom"]
    assert log.final["deck"] == (34 if found else 35) - 1


READS = [
    ("【On Play】Draw 1 card.", [Effect("enters", "draw", 1)]),
    ("[On Play] Draw 2 cards.", [Effect("enters", "draw", 2)]),
    ("【On Play】You may draw 1 card.", [Effect("enters", "draw", 1, optional=True)]),
    ("【When Attacking】Draw 1 card.", [Effect("attacks", "draw", 1)]),
    ("【Activate: Main】Draw 2 cards.", [Effect("cast", "draw", 2)]),
    ("【On Play】Place the top card of your deck in your energy area.", [Effect("enters", "resource", 1)]),
    ("【On Play】Place the top 2 cards of your deck in your energy area.", [Effect("enters", "resource", 2)]),
    (
        "【On Play】Look at the top 5 cards of your deck, reveal up to 1 {Saiyan} card among them and add it"
        " to your hand, and place the rest at the bottom of your deck in any order.",
        [Effect("enters", "search", 1, CardFilter(traits=("Saiyan",)), optional=True, top=5)],
    ),
    (
        "【登場時】自分のデッキの上から3枚を見て、その中から《サイヤ人》を持つカード1枚までを公開して手札に加え、"
        "残りを好きな順番でデッキの下に置く。",
        [Effect("enters", "search", 1, CardFilter(traits=("サイヤ人",)), optional=True, top=3)],
    ),
    ("【On Play】Deal 1 damage to your opponent's life.", [Effect("enters", "damage", 1)]),
    ("[Activate: Main] Deal 2 damage to your opponent.", [Effect("cast", "damage", 2)]),
    ("【Auto】When this card attacks, draw 1 card.", [Effect("attacks", "draw", 1)]),
    (
        "[Auto] When this card attacks, deal 1 damage to your opponent's life.",
        [Effect("attacks", "damage", 1)],
    ),
    (
        "【自動】このカードがアタックした時、相手のライフに1ダメージを与える。",
        [Effect("attacks", "damage", 1)],
    ),
    ("【登場時】相手に2ダメージを与える。", [Effect("enters", "damage", 2)]),
    ("【登場時】カードを1枚引く。", [Effect("enters", "draw", 1)]),
    ("【アタック時】カードを2枚引く。", [Effect("attacks", "draw", 2)]),
    ("【起動メイン】カードを1枚引く。", [Effect("cast", "draw", 1)]),
    ("【登場時】自分のデッキの上から1枚をエネルギーエリアに置く。", [Effect("enters", "resource", 1)]),
    (  # the official list's wording, two sentences
        "[On Play] Look at 5 cards from the top of your deck, reveal up to 1 card with 《Saiyan》 in its "
        "special traits and add it to your hand. Place the rest at the bottom of your deck in a random "
        "order.",
        [Effect("enters", "search", 1, CardFilter(traits=("Saiyan",)), optional=True, top=5)],
    ),
    ("[On Play] Add up to 1 card from your life to your hand.", [Effect("enters", "life", 1, optional=True)]),
    (
        "[Awaken] When your life is at 4 or less, draw 1 card. Then, flip this card over.",
        [Effect("awaken", "draw", 1)],
    ),
    (
        "[Awaken] When your life is 4 or less: draw 2 cards, then flip this card.",
        [Effect("awaken", "draw", 2)],
    ),
    (
        "[When Attacking] Add up to 2 cards from your life to your hand.",
        [Effect("attacks", "life", 2, optional=True)],
    ),
    ("【登場時】自分のライフ1枚までを手札に加える。", [Effect("enters", "life", 1, optional=True)]),
]


@pytest.mark.parametrize(("text", "effects"), READS, ids=[t for t, _ in READS])
def test_reader_reads_each_shape(text, effects) -> None:
    reading = read_text("dbsfw", text)
    assert list(reading.effects) == effects and reading.unread == ()


@pytest.mark.parametrize(
    ("going", "text", "hand", "deck", "drop"),
    [
        # Turn 1, going second: 7 in hand, 1 played (6). "Draw 1 card. Then, discard 2": 7, then 5; the
        # deck gave the turn's draw and the text's (36 - 2); 2 cards in the drop area.
        ("second", "[On Play] Draw 1 card. Then, discard 2 cards from your hand.", 5, 34, 2),
        ("second", "【登場時】カード1枚を引く。その後、自分の手札2枚を捨てる。", 5, 34, 2),
        # Going first: 7 in hand, 1 charged, 1 played (5); + 1 - 2.
        ("first", "[On Play] Draw 1 card. Then, discard 2 cards from your hand.", 4, 34, 2),
        # A discard paid for a draw: 6 in hand after the play, discard 1 (5), draw 2 (7); going first 5,
        # 4, 6. The deck: the turn's draw and 2 (36 - 3).
        ("second", "[On Play] Discard 1 card from your hand : Draw 2 cards.", 7, 33, 1),
        ("second", "[登場時]自分の手札1枚を捨てる：カード2枚を引く。", 7, 33, 1),
        ("first", "[On Play] Discard 1 card from your hand : Draw 2 cards.", 6, 33, 1),
    ],
)
def test_on_play_discards_after_a_draw_or_to_pay_for_one(going, text, hand, deck, drop) -> None:
    got = final(deck_of(battle(text)), 1, going=going)
    assert (got["hand"], got["deck"], got["drop"]) == (hand, deck, drop)
    off = final(deck_of(battle(text)), 1, card_effects=False, going=going)
    assert (off["hand"], off["deck"], off["drop"]) == (6 if going == "second" else 5, 35, 0)


def test_a_discard_that_cannot_be_paid_draws_nothing() -> None:
    # Cost-0 cards: turn 1 (going second) plays all 7 in hand; their On Play resolve after, in order,
    # with the hand empty: none can discard its card, so none draws.
    text = "[On Play] Discard 1 card from your hand : Draw 2 cards."
    free = Card("TB-001", "Tester", "battle", ("red",), 0, power=5000, text=text)
    got = final(deck_of(free), 1)
    assert (got["battle"], got["hand"], got["deck"], got["drop"]) == (7, 0, 35, 0)


def leader_deck(leader: Card) -> Deck:
    """The Leader and 50 cost-99 cards, never played: only draws move cards."""
    brick = Card("TB-001", "Brick", "battle", ("red",), 99, power=0, specified_cost={"red": 99})
    sections = {"leader": (DeckEntry(leader.number, 1),), "main": (DeckEntry(brick.number, 50),)}
    return Deck("dbsfw", "standard", sections, {brick.number: brick, leader.number: leader})


@pytest.mark.parametrize(
    ("going", "attacks", "hand", "deck"),
    [
        # Going second the Leader attacks on turns 1 and 2 and draws 1 each time: 6 + 1 + 1, + 1 + 1.
        ("second", [1, 2], 10, 32),
        # Going first it may not attack on turn 1 (7-3-4-3-1): 6 + 1, then + 1 + 1 on turn 2.
        ("first", [2], 9, 33),
    ],
)
def test_the_leaders_when_attacking_once_per_turn_draw(going, attacks, hand, deck) -> None:
    # The Leader attacks every own turn it may; its text draws 1 as it attacks (8-1-1).
    text = "[When Attacking][Once per turn] Draw 1 card."
    leader = Card("TL-001", "Test Leader", "leader", ("red",), power=15000, text=text)
    policy = {"charge_rule": "never", "mulligan_rule": "never"}
    log = SIM.play_logged(leader_deck(leader), SIM.params(going=going, policy=policy, max_turns=2), 1, 0)
    draws = [e for e in log.events if e.text.startswith("Test Leader (Leader): draw")]
    assert [(e.turn, e.phase) for e in draws] == [(t, "attack") for t in attacks]
    assert (log.final["hand"], log.final["deck"]) == (hand, deck)
    off = SIM.play_logged(
        leader_deck(leader),
        SIM.params(going=going, policy={**policy, "card_effects": False}, max_turns=2),
        1,
        0,
    )
    assert off.final["deck"] == deck + len(attacks)


def test_the_leaders_back_face_draws_when_it_attacks() -> None:
    from engine.goldfish.dbsfw import L_ATTACK_DRAW, compile_deck

    # The back's text as the official list prints it, its skills on one line; its Activate: Main is not
    # played (the Leader's Activate skills are not used), its When Attacking draw is.
    back = {
        "name": "Test Leader",
        "power": 20000,
        "text": "[When Attacking] Draw 1 card.[Activate Main] Draw 5 cards.",
    }
    leader = Card("TL-001", "Test Leader", "leader", ("red",), power=15000, back=back)
    arrays = compile_deck(leader_deck(leader)).arrays
    assert list(arrays[1][L_ATTACK_DRAW : L_ATTACK_DRAW + 2]) == [0, 1]  # front none, back 1


@pytest.mark.parametrize(
    "text",
    [
        "[On Play] Draw 1 card, then discard 1 card.",
        "【On Play】KO up to 1 of your opponent's Battle cards.",
        # a take that must be made, with a rest the goldfish does not play
        "[On Play] Add 1 card from your life to your hand. Then, if this card was played by a skill, draw 1 "
        "card.",
    ],
)
def test_reader_leaves_what_it_cannot_read_in_full(text) -> None:
    assert read_text("dbsfw", text).unread == (text,)


def drawers_and_brutes() -> tuple[Deck, list[str]]:
    """25 cost-1 Drawers (On Play: draw 1, power 5000) and 25 cost-1 Brutes (20000, no text), stacked
    Brute, Drawer, Brute, ... so a hand holds both."""
    drawer = Card(
        "TB-001", "Drawer", "battle", ("red",), 1, power=5000, specified_cost={"red": 1},
        text="[On Play] Draw 1 card.",
    )  # fmt: skip
    brute = Card("TB-002", "Brute", "battle", ("red",), 1, power=20000, specified_cost={"red": 1})
    sections = {
        "leader": (DeckEntry(LEADER.number, 1),),
        "main": (DeckEntry(drawer.number, 25), DeckEntry(brute.number, 25)),
    }
    deck = Deck("dbsfw", "standard", sections, {c.number: c for c in (LEADER, drawer, brute)})
    return deck, ["TB-002", "TB-001"] * 25


@pytest.mark.parametrize("going", ["first", "second"])
def test_the_plan_picks_the_card_whose_text_plays_at_equal_cost(going) -> None:
    # Turn 1 pays for one cost-1 card (going second the marker, going first the card charged, a Brute:
    # the charge keeps the plan's cards). The plan takes the greatest total cost,
    # then (with card text) the card whose On Play draws, then power: without card text, the 20000 one.
    deck, order = drawers_and_brutes()
    for effects, played in ((True, "Drawer (TB-001)"), (False, "Brute (TB-002)")):
        charge = "never" if going == "second" else "always"
        policy = {"charge_rule": charge, "mulligan_rule": "never", "card_effects": effects}
        log = SIM.play_stacked(deck, SIM.params(going=going, policy=policy, max_turns=1), order)
        assert [e.text for e in log.events if e.text.startswith("play ")] == [f"play {played}"]


@pytest.mark.parametrize("going", ["first", "second"])
def test_the_charge_keeps_the_card_whose_text_plays(going) -> None:
    # Charging every turn: turn 1 charges one card of the 7 that is not in the turn's plan (the plan with
    # one more energy plays one cost-1 card going first, two going second with the marker). Both kinds
    # cost 1 and match the energy; with card text the charge keeps the Drawers, which the plan also
    # prefers, and charges a Brute. Without it, the lowest card number goes: a Drawer (TB-001).
    deck, order = drawers_and_brutes()
    for effects, charged in ((True, "Brute (TB-002)"), (False, "Drawer (TB-001)")):
        policy = {"charge_rule": "always", "mulligan_rule": "never", "card_effects": effects}
        log = SIM.play_stacked(deck, SIM.params(going=going, policy=policy, max_turns=1), order)
        assert [e.text.split(":")[0] for e in log.events if e.text.startswith("charge ")] == [
            f"charge {charged}"
        ]


@pytest.mark.parametrize(("going", "hand", "off_hand"), [("first", 10, 5), ("second", 11, 6)])
def test_a_leader_awakens_in_the_main_phase_whose_text_took_its_life_to_the_awaken_line(
    going, hand, off_hand
) -> None:
    # Turn 1 plays 1 card (going second the marker pays; going first a charged card does); its text takes
    # 4 life cards (8 -> 4). Awaken (15-2) holds at life 4 or less: the Leader flips in that main phase,
    # before the turn-1 attack, and its Awaken draws 1. Hand going second: 6 + 1 drawn - 1 played + 4
    # life cards + 1 = 11 (going first 1 less: the charged card); deck 36 - 2 = 34. Effects off: no
    # life taken, no Awaken.
    awaken = Card(
        "TL-002", "Waker", "leader", ("red",), power=10000, keywords=("awaken",),
        back={"name": "Woken", "power": 20000, "keywords": []},
        text="[Awaken] When your life is at 4 or less, draw 1 card. Then, flip this card over.",
    )  # fmt: skip
    card = battle("[On Play] Add up to 4 cards from your life to your hand.")
    sections = {"leader": (DeckEntry(awaken.number, 1),), "main": (DeckEntry(card.number, 50),)}
    deck = Deck("dbsfw", "standard", sections, {card.number: card, awaken.number: awaken})
    log = SIM.play_logged(deck, SIM.params(going=going, policy=_turn_1_policy(going), max_turns=1), 1, 0)
    assert [e.turn for e in log.events if e.text.startswith("awaken")] == [1]
    assert (log.final["life"], log.final["awakened"], log.final["hand"], log.final["deck"]) == (
        4,
        1,
        hand,
        34,
    )
    policy = {**_turn_1_policy(going), "card_effects": False}
    off = SIM.play_logged(deck, SIM.params(going=going, policy=policy, max_turns=1), 1, 0)
    assert (off.final["life"], off.final["awakened"], off.final["hand"], off.final["deck"]) == (
        8, 0, off_hand, 35,
    )  # fmt: skip


def _turn_1_policy(going: str) -> dict[str, object]:
    """As final(): going second the marker pays turn 1; going first a card is charged to pay."""
    return {"charge_rule": "never" if going == "second" else "always", "mulligan_rule": "never"}


@pytest.mark.parametrize(("going", "hand", "off_hand"), [("first", 8, 5), ("second", 9, 6)])
def test_on_play_life_cards_into_the_hand_in_both_orders(going, hand, off_hand) -> None:
    # Turn 1 plays 1 card, which takes 3 life cards (8 -> 5): going second 6 + 1 drawn - 1 played + 3 = 9;
    # going first a card is charged too (8). Effects off: life 8, hand 6 and 5.
    deck = deck_of(battle("[On Play] Add up to 3 cards from your life to your hand."))
    assert (final(deck, 1, going=going)["life"], final(deck, 1, going=going)["hand"]) == (5, hand)
    off = final(deck, 1, card_effects=False, going=going)
    assert (off["life"], off["hand"]) == (8, off_hand)


@pytest.mark.parametrize(
    ("going", "turns", "life_with", "life_without"),
    [
        # Going second, turn 1: the marker plays 1 card. With its text it has 10000 + 5000 = 15000 and
        # reaches the opponent's 15000 guard: it attacks with the Leader, 8 - 2. Without, 10000 cannot
        # (no combos: the cards have no combo power), so only the Leader hits: 8 - 1.
        ("second", 1, 6, 7),
        # Going first, charging every turn: turn 1 plays 1 card and may not attack (7-3-4-3-1); turn 2
        # plays 2 more: with the text the Leader and 3 cards hit (8 - 4), without only the Leader (7).
        ("first", 2, 4, 7),
    ],
)
@pytest.mark.parametrize(
    "text", ["[Permanent][Your Turn] This card gets +5000 power.", "【永続】このカードのパワー+5000。"]
)
def test_a_permanent_power_of_its_own_lets_a_card_reach_the_guard(
    going, turns, life_with, life_without, text
) -> None:
    deck = deck_of(battle(text, power=10000))
    policy = {"charge_rule": "never" if going == "second" else "always", "mulligan_rule": "never"}
    got = SIM.play_logged(deck, SIM.params(going=going, policy=policy, max_turns=turns), 1, 0).final
    off = SIM.play_logged(
        deck, SIM.params(going=going, policy={**policy, "card_effects": False}, max_turns=turns), 1, 0
    ).final
    assert (got["opp_life"], off["opp_life"]) == (life_with, life_without)


def test_a_leaders_permanent_power_is_its_faces() -> None:
    from engine.goldfish.dbsfw import compile_deck

    back = {"name": "Test Leader", "power": 20000, "text": "[Permanent] This card gets +10000 power."}
    text = "[Permanent][Your Turn] This card gets +5000 power."
    leader = Card("TL-001", "Test Leader", "leader", ("red",), power=15000, text=text, back=back)
    front_power, back_power = compile_deck(leader_deck(leader)).arrays[1][[0, 3]]
    assert (front_power, back_power) == (20000, 30000)
    assert list(compile_deck(leader_deck(leader), effects=False).arrays[1][[0, 3]]) == [15000, 20000]


def test_the_vocabulary_reads_writes_and_says_discards_and_power() -> None:
    from engine.effects import describe, read_effects
    from engine.errors import DeckFileError

    data = [
        {"when": "enters", "do": "discard", "n": 1, "paid": True},
        {"when": "enters", "do": "draw", "n": 2},
        {"when": "static", "do": "power", "n": 5000},
    ]
    effects = read_effects("card TB-001", data)
    assert [e.to_dict() for e in effects] == data
    assert [describe(e) for e in effects] == [
        "when it enters the field, discard 1 card from your hand to pay for what follows",
        "when it enters the field, draw 2 cards",
        "+5000 power",
    ]
    with pytest.raises(DeckFileError, match="'paid' belongs to a 'discard'"):
        read_effects("card TB-001", [{"when": "enters", "do": "draw", "n": 1, "paid": True}])
    with pytest.raises(DeckFileError, match="from -99 to 99"):
        read_effects("card TB-001", [{"when": "enters", "do": "draw", "n": 5000}])


def test_a_search_by_name_finds_each_part_of_a_name_printed_with_a_slash() -> None:
    # 2-3-3: a card named "Nova 17/Nova 18" answers to either name; "Nova" alone names neither.
    from engine.goldfish.dbsfw import _found_by

    twin = Card("TB-009", "Nova 17/Nova 18", "battle", ("red",), 3)
    names = ("Nova 17", "Nova 18", "Nova", "Nova 17/Nova 18")
    assert [_found_by(twin, CardFilter(name=n)) for n in names] == [True, True, False, True]
    assert _found_by(twin, CardFilter(name="Nova 17", cost_max=2)) is False
