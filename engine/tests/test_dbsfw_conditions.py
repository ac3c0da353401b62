"""DBS FW: a draw or a card's own power that waits for a condition ("If you have 7 or fewer cards in your
hand, draw 1 card.", "If your Leader is awakened, this card gets +5000 power."), games worked out by hand
from docs/rules/dbsfw.md in both play orders.

As in test_dbsfw_effects: every deck is 50 copies of one cost-1 card (the shuffle does not matter), no
redraw; going second nothing is charged and the second player's energy marker pays turn 1 (6-2-1-10);
going first a card is charged every turn. The opponent's Leader guards with 15000.
"""

from __future__ import annotations

import pytest

from engine import Card, Deck, DeckEntry
from engine.effects import Condition, Effect, describe, read_effects
from engine.errors import DeckFileError
from engine.goldfish import get_simulator
from engine.played_text import PLAYED, UNPLAYED, card_parts

SIM = get_simulator("dbsfw")
LEADER = Card("TL-001", "Test Leader", "leader", ("red",), power=15000)
WAKER = Card(
    "TL-002", "Waker", "leader", ("red",), power=10000, keywords=("awaken",),
    back={"name": "Woken", "power": 20000, "keywords": []},
    text="[Awaken] When your life is at 4 or less, draw 1 card. Then, flip this card over.",
)  # fmt: skip


def battle(text: str, power: int = 0) -> Card:
    return Card(
        "TB-001", "Tester", "battle", ("red",), 1, power=power, specified_cost={"red": 1}, combo_power=None,
        text=text,
    )  # fmt: skip


def final(card: Card, going: str, turns: int, leader: Card = LEADER) -> dict[str, int]:
    sections = {"leader": (DeckEntry(leader.number, 1),), "main": (DeckEntry(card.number, 50),)}
    deck = Deck("dbsfw", "standard", sections, {card.number: card, leader.number: leader})
    policy = {"charge_rule": "never" if going == "second" else "always", "mulligan_rule": "never"}
    return SIM.play_logged(deck, SIM.params(going=going, policy=policy, max_turns=turns), 1, 0).final


@pytest.mark.parametrize(
    ("going", "most", "hand", "deck"),
    [
        # Going second: 6 + 1 drawn = 7; the marker plays 1 card (6 in hand). At most 7 in hand holds: it
        # draws (7, deck 36 - 2); at most 5 does not (6, deck 35).
        ("second", 7, 7, 34),
        ("second", 5, 6, 35),
        # Going first: 7, a card charged (6), 1 played (5). At most 5 holds: 6, deck 34; at most 4 not.
        ("first", 5, 6, 34),
        ("first", 4, 5, 35),
    ],
)
@pytest.mark.parametrize(
    "wording",
    [
        "[On Play] If you have {n} or fewer cards in your hand, draw 1 card.",
        "【登場時】自分の手札が{n}枚以下の場合、カード1枚を引く。",
    ],
)
def test_an_on_play_draw_waits_for_a_small_enough_hand(going, most, hand, deck, wording) -> None:
    got = final(battle(wording.format(n=most)), going, 1)
    assert (got["hand"], got["deck"]) == (hand, deck)


@pytest.mark.parametrize(
    ("going", "most", "hand", "deck"),
    [
        # Going first, turn 2: 5 in hand after turn 1 (above), draw (6), charge (5, energy 2), 2 played
        # (3). The first one's draw sees 4 cards: the second is still in the hand until the first
        # resolved (_holds). At most 4: both draw (5, deck 36 - 2 - 2 = 32); at most 3: only the second
        # (4, deck 33).
        ("first", 4, 5, 32),
        ("first", 3, 4, 33),
        # Going second, turn 2: no energy, nothing played: turn 1's 6 or 7 cards + 1.
        ("second", 7, 8, 33),
        ("second", 5, 7, 34),
    ],
)
def test_the_cards_played_after_it_are_still_in_the_hand(going, most, hand, deck) -> None:
    got = final(battle(f"[On Play] If you have {most} or fewer cards in your hand, draw 1 card."), going, 2)
    assert (got["hand"], got["deck"]) == (hand, deck)


@pytest.mark.parametrize(
    ("going", "turns", "most", "opp_life"),
    [
        # Going second, turn 1: 1 card played, 6 in hand. At most 6: 10000 + 5000 reaches the 15000 guard
        # (the Leader and it hit: 8 - 2); at most 5: only the Leader hits (8 - 1).
        ("second", 1, 6, 6),
        ("second", 1, 5, 7),
        # Going first, turn 2: 3 cards in hand after 2 more played (above): at most 5, the Leader and 3
        # cards hit (8 - 4); at most 2, only the Leader.
        ("first", 2, 5, 4),
        ("first", 2, 2, 7),
    ],
)
def test_a_power_that_waits_for_a_small_enough_hand(going, turns, most, opp_life) -> None:
    text = (
        f"[Permanent][Your Turn] If you have {most} or fewer cards in your hand, this card gets +5000 power."
    )
    assert final(battle(text, power=10000), going, turns)["opp_life"] == opp_life


@pytest.mark.parametrize(
    ("going", "turns", "with_power", "without"), [("second", 1, 6, 7), ("first", 2, 4, 7)]
)
@pytest.mark.parametrize(
    "power_line",
    [
        "[Permanent] If your Leader is awakened, this card gets +5000 power.",
        "【永続】自分のリーダーが覚醒している場合、このカードのパワー+5000。",
    ],
)
def test_a_power_that_waits_for_the_leader_to_awaken(going, turns, with_power, without, power_line) -> None:
    # Each card played takes up to 4 life cards (the last one stays); at life 4 the Leader (10000)
    # awakens to 20000 (15-2). Going second, turn 1: the marker plays 1 card, life 8 -> 4, the Leader
    # awakens; it hits, and the card (10000 + 5000) reaches the guard too: 8 - 2. Without the power line
    # only the Leader hits: 7. Going first: turn 1 plays 1 card and may not attack (7-3-4-3-1); turn 2
    # plays 2 (energy 2): the Leader and 3 cards hit, 8 - 4; without the line only the Leader, 7.
    life = "[On Play] Add up to 4 cards from your life to your hand."
    card = battle(f"{life}\n{power_line}", power=10000)
    assert final(card, going, turns, WAKER)["opp_life"] == with_power
    assert final(battle(life, power=10000), going, turns, WAKER)["opp_life"] == without


def test_the_text_report_names_a_condition_it_plays_and_one_it_does_not() -> None:
    def parts(text: str) -> list[tuple[str, str]]:
        card = battle(text, power=10000)
        return [(p.status, p.why) for p in card_parts("dbsfw", card, {})]

    assert parts("[On Play] If your Leader is awakened, draw 1 card.") == [
        (PLAYED, "when it enters the field, if your Leader is awakened, draw 1 card")
    ]
    # a draw waiting for the marker: checked once the plan has paid, markers last (test_dbsfw_energy_markers)
    assert parts("[On Play] If you have an energy marker, draw 1 card.") == [
        (PLAYED, "when it enters the field, if you have an energy marker, draw 1 card")
    ]
    # power for the turn does not wait for it
    assert parts("[On Play] If you have an energy marker, this card gets +5000 power for the turn.") == [
        (UNPLAYED, "")
    ]
    # one waiting for the drop area: the plan's Extras are there before it resolves (test_dbsfw_drop)
    assert parts("[On Play] If you have 10 or more cards in your Drop, draw 1 card.") == [
        (PLAYED, "when it enters the field, if you have 10 or more cards in your drop area, draw 1 card")
    ]
    assert parts("[Permanent] If you have 10 or more cards in your Drop, this card gets +5000 power.") == [
        (PLAYED, "if you have 10 or more cards in your drop area, +5000 power")
    ]
    # two conditions on one card: the simulator keeps one a card, so neither is played
    two = (
        "[Permanent] If you have an energy marker, this card gets +5000 "
        "power.\n[On Play] If your Leader is awakened, draw 1 card."
    )
    assert [status for status, _ in parts(two)] == [UNPLAYED, UNPLAYED]


def test_a_leaders_power_that_waits_for_a_condition_is_not_played() -> None:
    leader = Card(
        "TL-003", "Leader", "leader", ("red",), power=15000,
        text="[Permanent] If you have an energy marker, this card gets +5000 power.",
    )  # fmt: skip
    assert [p.status for p in card_parts("dbsfw", leader, {})] == [UNPLAYED]


def test_the_vocabulary_reads_writes_and_says_a_condition() -> None:
    data = [
        {"when": "enters", "do": "draw", "n": 1, "if": {"kind": "hand-at-most", "n": 7}},
        {"when": "static", "do": "power", "n": 5000, "if": {"kind": "awakened"}},
    ]
    effects = read_effects("card TB-001", data)
    assert effects[1] == Effect("static", "power", 5000, condition=Condition("awakened"))
    assert [e.to_dict() for e in effects] == data
    assert [describe(e) for e in effects] == [
        "when it enters the field, if you have 7 or fewer cards in your hand, draw 1 card",
        "if your Leader is awakened, +5000 power",
    ]
    for bad, message in (
        ({"kind": "rainy"}, "'if' kind must be one of"),
        ({"kind": "hand-at-most"}, "needs 'n'"),
        ({"kind": "awakened", "n": 1}, "takes no 'n'"),
        ("awakened", "must be an object"),
    ):
        with pytest.raises(DeckFileError, match=message):
            read_effects("card TB-001", [{"when": "enters", "do": "draw", "n": 1, "if": bad}])


@pytest.mark.parametrize("game", ["fftcg", "gbf", "fireforce"])
def test_the_other_simulators_play_no_conditional_effect(game) -> None:
    from importlib import import_module

    plays = import_module(f"engine.goldfish.{game}").plays
    draw = Effect("enters", "draw", 1)
    assert plays(draw) and not plays(Effect("enters", "draw", 1, condition=Condition("hand-at-most", 7)))


def test_the_kernel_codes_are_the_conditions_order() -> None:
    """The kind table stores a condition as its index in engine.effects.CONDITIONS (+ 1); the kernel's
    C_* codes must be those indexes (two changes once gave two conditions the same code)."""
    from engine.effects import CONDITIONS
    from engine.goldfish import dbsfw

    codes = {name: value for name, value in vars(dbsfw).items() if name.startswith("C_")}
    for name, value in codes.items():
        assert CONDITIONS[value] == name[2:].lower().replace("_", "-"), name
    assert len(set(codes.values())) == len(codes)
