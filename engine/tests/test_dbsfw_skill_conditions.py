"""DBS FW: a condition before a whole skill ("[When Attacking] If your Leader is <X>, look at 5 cards ...",
"[Activate Main] If your Leader is <X>, choose ... and KO it. Then, draw 1 card."), a look at the top cards
that waits for it, and a count of your Battle Cards in play ("If there is a <X> in your Battle Area, ...")
that a draw waits for, by a Battle card's On Play, an Extra or a Field: games worked out by hand from
docs/rules/dbsfw.md, in both play orders.

No redraw: 6 cards in hand, 8 life cards, 36 in the deck; own turn 1 draws 1 in either play order. Going
second the energy marker (6-2-1-10) may pay; going first there is none. The opponent's guard is 15000.
"""

from __future__ import annotations

import pytest

from engine import Card, Deck, DeckEntry
from engine.effects import CardFilter, Condition, Effect, describe, read_effects
from engine.errors import DeckFileError
from engine.goldfish import get_simulator
from engine.played_text import PLAYED, card_parts
from engine.readers import read_text

SIM = get_simulator("dbsfw")


def leader(name: str = "Test Leader") -> Card:
    return Card("TL-001", name, "leader", ("red",), power=15000)


def card(number: str, name: str, text: str = "", cost: int = 1, power: int = 0, kind: str = "battle",
         traits: tuple[str, ...] = (), keywords: tuple[str, ...] = ()) -> Card:  # fmt: skip
    return Card(
        number, name, kind, ("red",), cost, power=power if kind == "battle" else None,
        specified_cost={"red": 1}, combo_power=None, traits=traits, text=text, keywords=keywords,
    )  # fmt: skip


def deck_of(cards: list[Card], counts: list[int], lead: Card | None = None) -> Deck:
    lead = lead or leader()
    main = tuple(DeckEntry(c.number, n) for c, n in zip(cards, counts, strict=True))
    return Deck(
        "dbsfw", "standard", {"leader": (DeckEntry(lead.number, 1),), "main": main},
        {c.number: c for c in (*cards, lead)},
    )  # fmt: skip


def policy(charge: str) -> dict[str, str]:
    return {"charge_rule": charge, "mulligan_rule": "never"}


def final(deck: Deck, going: str, turns: int, charge: str) -> dict[str, int]:
    return SIM.play_logged(deck, SIM.params(going=going, policy=policy(charge), max_turns=turns), 1, 0).final


def stacked(deck: Deck, order: list[str], going: str, turns: int, charge: str = "always"):
    return SIM.play_stacked(deck, SIM.params(going=going, policy=policy(charge), max_turns=turns), order)


# ---- a draw that waits for a Battle Card of yours in the Battle Area ----

NAMED = [
    "[On Play] If there is a <{}> in your Battle Area, draw 1 card.",
    "【登場時】自分のバトルエリアに「{}」がある場合、カード1枚を引く。",
    "[On Play] If you have a <{}> Battle Card with a cost of 1, draw 1 card.",
]


@pytest.mark.parametrize("wording", NAMED)
@pytest.mark.parametrize(
    ("going", "charge", "drawn", "not_drawn"),
    [
        # Going second, turn 1: 6 + 1 = 7, the marker plays 1 Tester (6); it is in the Battle Area when its
        # On Play resolves, so "a <Tester>" holds: 7 in hand, deck 36 - 1 - 1 = 34; "a <Other>": 6, 35.
        ("second", "never", (7, 34), (6, 35)),
        # Going first, turn 1: 7, 1 charged (6), 1 played (5): 6, deck 34; or 5, deck 35.
        ("first", "always", (6, 34), (5, 35)),
    ],
)
def test_a_draw_waits_for_a_named_battle_card_in_the_battle_area(going, charge, drawn, not_drawn, wording):
    tester = card("TB-001", "Tester", wording.format("Tester"))
    got = final(deck_of([tester], [50]), going, 1, charge)
    assert (got["hand"], got["deck"]) == drawn
    other = card("TB-001", "Tester", wording.format("Other"))
    got = final(deck_of([other], [50]), going, 1, charge)
    assert (got["hand"], got["deck"]) == not_drawn


@pytest.mark.parametrize(
    ("going", "charge", "want"), [("second", "never", (6, 35)), ("first", "always", (5, 35))]
)
def test_a_smallest_cost_the_battle_card_does_not_have(going, charge, want) -> None:
    # As above, the one Tester in play costs 1, not 2 or more: no draw.
    text = "[On Play] If you have a <Tester> with a cost of 2 or more in your Battle Area, draw 1 card."
    got = final(deck_of([card("TB-001", "Tester", text)], [50]), going, 1, charge)
    assert (got["hand"], got["deck"]) == want


@pytest.mark.parametrize(
    ("going", "charge", "turns", "want"),
    [
        # Going second, turn 1: 7, 1 charged (6, energy 1); the energy and the marker play 2 Testers (4).
        # Both are in the Battle Area before the first On Play resolves (a player plays the counted cards
        # first): 2 or more 《Ember》 Battle Cards, each draws 1: hand 6, deck 35 - 2 = 33.
        ("second", "always", 1, (6, 33, 2)),
        # Going first, turn 1: 7, 1 charged (6), 1 Tester played (5): only itself, no draw (deck 35).
        # Turn 2: 1 drawn (6, deck 34), 1 charged (5, energy 2), 2 played (3): 3 Testers, both draw:
        # hand 5, deck 32.
        ("first", "always", 1, (5, 35, 1)),
        ("first", "always", 2, (5, 32, 3)),
    ],
)
def test_a_draw_waits_for_the_plans_battle_cards_in_the_battle_area(going, charge, turns, want) -> None:
    text = "[On Play] If you have 2 or more Battle Cards with 《Ember》 in their special traits, draw 1 card."
    tester = card("TB-001", "Tester", text, traits=("Ember",))
    got = final(deck_of([tester], [50]), going, turns, charge)
    assert (got["hand"], got["deck"], got["battle"]) == want


# ---- a look at the top cards that waits for a condition ----

LOOK = (
    "[When Attacking] If {}, look at 5 cards from the top of your deck, reveal up to 1 card with 《Saiyan》"
    " in its special traits and add it to your hand. Place the rest at the bottom of their owner's deck in a"
    " random order."
)
LOOK_JA = (
    "【アタック時】{}場合、自分のデッキの上から5枚を見て、特徴《Saiyan》を持つカード1枚までを公開し、"
    "手札に加える。残りをランダムにデッキの下に置く。"
)


def look_deck(text: str, lead: Card | None = None) -> tuple[Deck, list[str]]:
    """Scout (cost 1, 20000 power: it reaches the guard alone) on top, then 14 Fillers (cost 9, never
    played): the rest of the hand, the 8 life cards and the turn-1 draw; then a Filler and Goku (a
    《Saiyan》), then Fillers."""
    scout = card("TB-001", "Scout", text, power=20000)
    goku = card("TB-002", "Goku", cost=9, traits=("Saiyan",))
    filler = card("TB-004", "Filler", cost=9)
    order = ["TB-001"] + ["TB-004"] * 15 + ["TB-002"] + ["TB-004"] * 33
    return deck_of([scout, goku, filler], [1, 1, 48], lead), order


def looks(log) -> list[str]:
    return [e.text for e in log.events if e.text.startswith("Scout (TB-001): look")]


FOUND = ["Scout (TB-001): look at the top cards, Goku (TB-002) to the hand, the rest to the bottom"]


@pytest.mark.parametrize(
    ("condition", "found"),
    [
        # The hand when Scout attacks. Going second, turn 1: 7, 1 charged (6), Scout played (5). Going
        # first, turn 1: 7, 1 charged (6), Scout played (5), no attack (7-3-4-3-1); turn 2: 1 drawn (6),
        # 1 charged (5), the Fillers cost 9. 5 in hand either way: "5 or fewer" looks, "4 or fewer" not.
        (LOOK.format("you have 5 or fewer cards in your hand"), True),
        (LOOK_JA.format("自分の手札が5枚以下の"), True),
        (LOOK.format("you have 4 or fewer cards in your hand"), False),
        (LOOK.format("your Leader is <Test Leader>"), True),
    ],
)
@pytest.mark.parametrize(("going", "turns"), [("second", 1), ("first", 2)])
def test_a_look_waits_for_its_condition(condition, found, going, turns) -> None:
    # Going second the look is at the deck's cards 16-20 (a Filler, Goku, ...); going first turn 2's draw
    # took the Filler, Goku is the first of the 5. Goku to the hand, the other 4 to the bottom: the deck
    # after the set-up and the draws, 35 (second) or 34 (first), 1 fewer; 1 fewer than without a look.
    deck, order = look_deck(condition)
    log = stacked(deck, order, going, turns)
    assert looks(log) == (FOUND if found else [])
    assert log.final["deck"] == (35 if going == "second" else 34) - (1 if found else 0)


@pytest.mark.parametrize(
    "text", [LOOK.format("you have an energy marker"), LOOK_JA.format("自分のエナジーマーカーがある")]
)
def test_a_look_waits_for_the_energy_marker(text) -> None:
    # Going second, turn 1: the charged card pays Scout (the plan pays with markers last): the marker is
    # still there when Scout attacks, and it finds Goku. Going first there is no marker: Scout attacks on
    # turn 2 and looks at nothing.
    deck, order = look_deck(text)
    assert looks(stacked(deck, order, "second", 1)) == FOUND
    assert looks(stacked(deck, order, "first", 2)) == []


# ---- an Extra's draw after a condition on the whole skill, or on a count of your Battle Cards ----

KO_THEN_DRAW = [
    "[Activate Main] If your Leader is <Test Leader>, choose up to 1 Battle Card with a cost of 3 or less in"
    " your opponent's Battle Area and KO it. Then, draw 1 card.",
    "【起動 メイン】自分のリーダーが「Test Leader」の場合、相手のバトルエリアのコスト3以下のバトルカード"
    "1枚までを選び、KOする。その後、カード1枚を引く。",
]


@pytest.mark.parametrize("text", KO_THEN_DRAW)
@pytest.mark.parametrize(
    ("going", "charge", "drawn", "not_drawn"),
    [("second", "never", (7, 34), (7, 35)), ("first", "always", (6, 34), (6, 35))],
)
def test_an_extras_draw_after_a_moot_clause_waits_for_the_condition_before_both(
    text, going, charge, drawn, not_drawn
) -> None:
    # Turn 1 (as above): the marker or the charged card pays 1 Extra; it KOs nothing (the opponent has no
    # Battle Cards) and draws 1 with the Leader <Test Leader>. With another Leader the skill stops at its
    # condition (0-3-17), so the Extra does nothing the goldfish plays and is not used: 7 in hand (going
    # first 1 charged: 6), deck 35.
    assert [e.condition for e in read_text("dbsfw", text).effects][0] is not None
    extra = card("TX-001", "Raid", text, kind="extra")
    got = final(deck_of([extra], [50]), going, 1, charge)
    assert (got["hand"], got["deck"]) == drawn
    got = final(deck_of([extra], [50], leader("Other Leader")), going, 1, charge)
    assert (got["hand"], got["deck"]) == not_drawn


RALLY = "[Activate Main] If you have a <Tester> Battle Card, draw 2 cards."
SHRINE = (
    "[Activate Main] Switch this card in a Battle Area to Rest Mode : If you have a <Tester> with a cost of"
    " 1 or more in your Battle Area, draw 1 card."
)


def pair_deck(other: Card) -> tuple[Deck, list[str]]:
    """Tester (cost 1, vanilla) and `other` (cost 1) on top, then Fillers (cost 9, never played)."""
    tester = card("TB-001", "Tester")
    filler = card("TB-004", "Filler", cost=9)
    order = ["TB-001", other.number] + ["TB-004"] * 48
    return deck_of([tester, other, filler], [1, 1, 48]), order


def test_an_extras_draw_waits_for_a_battle_card_in_play() -> None:
    # Going second, turn 1: 7 (Tester, Rally, 5 Fillers), 1 Filler charged (6); the energy and the marker
    # pay Tester and Rally (4). Rally resolves first, but Tester is in the Battle Area (a player plays it
    # first): 2 drawn, hand 6, deck 35 - 2 = 33.
    rally = card("TX-001", "Rally", RALLY, kind="extra")
    deck, order = pair_deck(rally)
    log = stacked(deck, order, "second", 1)
    assert (log.final["hand"], log.final["deck"], log.final["battle"]) == (6, 33, 1)
    # Going first, turn 1: 7, 1 charged (6, energy 1), Tester played, the first of the hand (5). Turn 2:
    # 1 drawn (6, deck 34), 1 charged (5), Rally used (4) with Tester in play: 2 drawn, hand 6, deck 32.
    log = stacked(deck, order, "first", 2)
    assert (log.final["hand"], log.final["deck"], log.final["battle"]) == (6, 32, 1)
    # Without Tester (a Filler in its place): turn 1, 7, 1 charged (6), Rally used (5), no draw: deck 35,
    # going second (the charged card pays) as first.
    filler = card("TB-004", "Filler", cost=9)
    alone = deck_of([rally, filler], [1, 49])
    for going in ("second", "first"):
        final_ = stacked(alone, ["TX-001"] + ["TB-004"] * 49, going, 1).final
        assert (final_["hand"], final_["deck"], final_["drop"]) == (5, 35, 1)


def test_a_fields_draw_waits_for_a_battle_card_in_the_battle_area() -> None:
    # Going second, turn 1: 7, 1 Filler charged (6); the energy and the marker place Shrine and play
    # Tester (4); after the attacks Shrine rests and, with Tester (cost 1) in the Battle Area, draws 1:
    # hand 5, deck 34.
    shrine = card("TE-001", "Shrine", SHRINE, kind="extra", keywords=("field",))
    deck, order = pair_deck(shrine)
    log = stacked(deck, order, "second", 1)
    assert (log.final["hand"], log.final["deck"], log.final["field"]) == (5, 34, 1)
    # Going first, turn 1: 7, 1 charged (6): 1 card of the two (5); turn 2: 1 drawn (6, deck 34), 1
    # charged (5), the other (4): Shrine rests after the attacks of each turn it is in place, and draws
    # only once Tester is in play, on turn 2: hand 5, deck 33.
    log = stacked(deck, order, "first", 2)
    assert (log.final["hand"], log.final["deck"], log.final["battle"]) == (5, 33, 1)


def test_what_is_played_of_the_new_shapes() -> None:
    policy = SIM.params(policy=[]).policy
    played = [
        card("TB-001", "Scout", LOOK.format("you have an energy marker")),
        card("TX-001", "Raid", KO_THEN_DRAW[0], kind="extra"),
        card("TX-002", "Rally", RALLY, kind="extra"),
        card("TE-001", "Shrine", SHRINE, kind="extra", keywords=("field",)),
    ]
    # the marker On Play or by an Extra used in the main phase, checked once the plan has paid, markers
    # last; a draw and the discard after it that both wait (test_dbsfw_energy_markers)
    played += [
        card(
            "TB-002",
            "Scout",
            LOOK.format("you have an energy marker").replace("[When Attacking]", "[On Play]"),
        ),
        card(
            "TX-003",
            "Study",
            LOOK.format("you have an energy marker").replace("[When Attacking]", "[Activate Main]"),
            kind="extra",
        ),
        card(
            "TB-003",
            "Pell",
            "[On Play] If there is a <Pell> in your Battle Area, draw 2 cards. Then, discard 1 card from your"
            " hand.",
        ),
    ]
    for c in played:
        assert [p.status for p in card_parts("dbsfw", c, policy)] == [PLAYED], c.name


# ---- a Leader condition joined to another ----

JOINED = [
    "[On Play] If your Leader is <Test Leader> and you have {n} or fewer cards in your hand, draw 1 card.",
    "【登場時】自分のリーダーが「Test Leader」で、自分の手札が{n}枚以下の場合、カード1枚を引く。",
]


@pytest.mark.parametrize("wording", JOINED)
@pytest.mark.parametrize(
    ("going", "charge", "most", "want"),
    [
        # Going second, turn 1: 7, the marker plays 1 (6): 6 or fewer holds, 7 in hand, deck 34; 5 or fewer
        # does not: 6, deck 35.
        ("second", "never", 6, (7, 34)),
        ("second", "never", 5, (6, 35)),
        # Going first, turn 1: 7, 1 charged (6), 1 played (5): 5 or fewer, 6 and deck 34; 4 or fewer, 5, 35.
        ("first", "always", 5, (6, 34)),
        ("first", "always", 4, (5, 35)),
    ],
)
def test_a_draw_waits_for_the_leader_and_the_hand(wording, going, charge, most, want) -> None:
    tester = card("TB-001", "Tester", wording.format(n=most))
    got = final(deck_of([tester], [50]), going, 1, charge)
    assert (got["hand"], got["deck"]) == want
    # with another Leader it never holds: no draw, whatever the hand (6 or 5 in hand, deck 35)
    got = final(deck_of([tester], [50], leader("Other Leader")), going, 1, charge)
    assert (got["hand"], got["deck"]) == ((6, 35) if going == "second" else (5, 35))


WAKER = Card(
    "TL-002", "Waker", "leader", ("red",), power=10000, keywords=("awaken",),
    back={"name": "Woken", "power": 20000, "keywords": []},
    text="[Awaken] When your life is at 4 or less, flip this card over.",
)  # fmt: skip
TAKER = (
    "[On Play] Add up to 4 cards from your life to your hand.\n"
    "[On Play] If your Leader is <{}> and your life is at 4 or less, draw 1 card."
)


@pytest.mark.parametrize(
    ("going", "charge", "turns", "front", "back"),
    [
        # Going second, turn 1: the marker plays 1 Taker; it takes 4 life cards (life 4), then draws if the
        # Leader is the face named: the front face, Waker, until the main phase's text has resolved (the
        # Leader awakens after it, 15-2): <Waker> draws (deck 36 - 1 - 1 = 34), <Woken> not (35).
        ("second", "never", 1, 34, 35),
        # Going first: turn 1 as above (deck 34 or 35), then the Leader awakens; turn 2: 1 drawn (33 or 34),
        # 2 Takers played with energy 2: the first takes 3 life cards (life 1, the last stays), the second
        # none; each draws if the Leader is <Woken> (34 - 2 = 32), none for <Waker> (33).
        ("first", "always", 2, 33, 32),
    ],
)
def test_the_leader_part_is_checked_on_the_face_in_play(going, charge, turns, front, back) -> None:
    for name, deck_left in (("Waker", front), ("Woken", back)):
        taker = card("TB-001", "Taker", TAKER.format(name))
        assert final(deck_of([taker], [50], WAKER), going, turns, charge)["deck"] == deck_left, name


def test_the_vocabulary_reads_writes_and_says_a_leader_part() -> None:
    data = [
        {
            "when": "cast",
            "do": "draw",
            "n": 2,
            "if": {"kind": "life-at-most", "n": 2, "leader": {"name": "Pan"}},
        }
    ]
    effects = read_effects("card TX-001", data)
    assert effects == (
        Effect("cast", "draw", 2, condition=Condition("life-at-most", 2, leader=CardFilter(name="Pan"))),
    )
    assert [e.to_dict() for e in effects] == data
    assert (
        describe(effects[0])
        == 'when it resolves, if your Leader is a card named "Pan" and your life is at 2 or less, draw 2'
        " cards"
    )
    leader_twice = {"kind": "leader", "filter": {"name": "Pan"}, "leader": {"name": "Pan"}}
    with pytest.raises(DeckFileError, match="'if' leader takes no 'leader'"):
        read_effects("card TX-001", [{"when": "cast", "do": "draw", "n": 1, "if": leader_twice}])
