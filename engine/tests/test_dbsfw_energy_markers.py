"""DBS FW energy markers (1-11, 5-3-1): text that waits for a marker removed to pay for the card itself ("[On
Play] If you removed an energy marker to use this card, draw 2 cards."), for which the autopilot removes one
whenever it can (_marker_for_reward), and an On Play or an Extra's Activate: Main that waits for a marker
("If you have an energy marker, ..."), checked once the plan has paid for all its cards, markers last: games
worked out by hand from docs/rules/dbsfw.md, in both play orders.

No redraw: 6 cards in hand (the order's first 6), 8 life cards, 36 in the deck; own turn 1 draws 1 in either
play order. Going second the energy marker (6-2-1-10) may pay (1-11-2: one energy of the red Leader's
colour); going first there is none. The Fillers cost 9 (never played, the card the charge phase puts into
the energy area) and have no combo power, so the Leader's attack (15000 against the guard's 15000) moves no
card of ours.
"""

from __future__ import annotations

import pytest

from engine import Card, Deck, DeckEntry
from engine.effects import Condition
from engine.goldfish import get_simulator
from engine.played_text import PLAYED, UNPLAYED, card_parts
from engine.readers import read_text

SIM = get_simulator("dbsfw")
PAID_DRAW = "[On Play] If you removed an energy marker to use this card, draw 2 cards."
PAID_DRAW_JA = "【登場時】このカードの使用にエナジーマーカーを取り除いていた場合、カード2枚を引く。"
PAID_LOOT = (
    "[On Play] If you removed an energy marker to use this card, draw 2 cards and discard 1 card from your"
    " hand."
)
PAID_LOOT_JA = (
    "【登場時】このカードの使用にエナジーマーカーを取り除いていた場合、"
    "カード2枚を引き、自分の手札1枚を捨てる。"
)
HAVE_DRAW = "[On Play] If you have an energy marker, draw 2 cards."
HAVE_DRAW_JA = "【登場時】自分のエナジーマーカーがある場合、カード2枚を引く。"


def card(number: str, name: str, text: str = "", cost: int = 1, kind: str = "battle") -> Card:
    return Card(
        number, name, kind, ("red",), cost, power=5000 if kind == "battle" else None,
        specified_cost={"red": 1}, combo_power=None, text=text,
    )  # fmt: skip


FILLER = card("TB-009", "Filler", cost=9)


def deck_and_order(first: Card, copies: int = 1) -> tuple[Deck, list[str]]:
    """`copies` of `first` on top of 50 - copies Fillers, under the red Leader."""
    lead = Card("TL-001", "Test Leader", "leader", ("red",), power=15000)
    main = (DeckEntry(first.number, copies), DeckEntry(FILLER.number, 50 - copies))
    deck = Deck(
        "dbsfw", "standard", {"leader": (DeckEntry(lead.number, 1),), "main": main},
        {c.number: c for c in (first, FILLER, lead)},
    )  # fmt: skip
    return deck, [first.number] * copies + [FILLER.number] * (50 - copies)


def final(first: Card, going: str, charge: str, copies: int = 1) -> tuple[int, ...]:
    """(hand, deck, drop, markers, battle) after own turn 1."""
    deck, order = deck_and_order(first, copies)
    params = SIM.params(going=going, policy={"charge_rule": charge, "mulligan_rule": "never"}, max_turns=1)
    got = SIM.play_stacked(deck, params, order).final
    return got["hand"], got["deck"], got["drop"], got["markers"], got["battle"]


@pytest.mark.parametrize("text", [PAID_DRAW, PAID_DRAW_JA])
def test_a_marker_is_removed_for_the_card_that_rewards_it(text) -> None:
    assert [e.condition for e in read_text("dbsfw", text).effects] == [Condition("marker-paid")]
    courier = card("TB-001", "Courier", text)
    # Going second, 1 charged: 7 drawn to, 1 Filler charged (6, energy 1). The energy card could pay for
    # Courier, but the marker does (5-3-1): it draws 2. Hand 6 - 1 + 2 = 7, deck 35 - 2 = 33, no marker.
    assert final(courier, "second", "always") == (7, 33, 0, 0, 1)
    # Nothing charged: the marker is the only energy; it pays for Courier, which draws 2: hand 8, deck 33.
    assert final(courier, "second", "never") == (8, 33, 0, 0, 1)
    # Going first there is no marker: the charged card pays, Courier draws nothing: hand 5, deck 35.
    assert final(courier, "first", "always") == (5, 35, 0, 0, 1)


def test_only_one_copy_is_paid_for_by_the_one_marker() -> None:
    # Going second, 2 Couriers, 1 charged (energy 1 and the marker): the marker pays for the first Courier
    # (it draws 2), the energy card for the second (it draws none): hand 6 - 2 + 2 = 6, deck 33.
    courier = card("TB-001", "Courier", PAID_DRAW)
    assert final(courier, "second", "always", copies=2) == (6, 33, 0, 0, 2)
    # Going first, turn 1: energy 1 plays 1 Courier, which draws none: hand 5, deck 35.
    assert final(courier, "first", "always", copies=2) == (5, 35, 0, 0, 1)


@pytest.mark.parametrize("text", [PAID_LOOT, PAID_LOOT_JA])
def test_the_discard_after_the_draw_waits_for_the_same_condition(text) -> None:
    courier = card("TB-001", "Courier", text)
    # Going second: the marker pays for Courier, which draws 2 and discards 1 (a Filler, to the drop area):
    # hand 6 - 1 + 2 - 1 = 6, deck 33, drop 1.
    assert final(courier, "second", "always") == (6, 33, 1, 0, 1)
    # Going first: no marker, so neither the draw nor the discard (0-3-17): hand 5, deck 35, drop 0.
    assert final(courier, "first", "always") == (5, 35, 0, 0, 1)


@pytest.mark.parametrize("text", [HAVE_DRAW, HAVE_DRAW_JA])
def test_an_on_play_waits_for_a_marker_left_after_the_plans_payment(text) -> None:
    courier = card("TB-001", "Courier", text)
    # Going second, 1 charged: the charged card pays (markers last), the marker is there when Courier's On
    # Play resolves: it draws 2 and the marker stays. Hand 7, deck 33, 1 marker.
    assert final(courier, "second", "always") == (7, 33, 0, 1, 1)
    # Nothing charged: the plan needs the marker to pay for Courier; it is gone when the On Play resolves:
    # no draw, hand 6, deck 35.
    assert final(courier, "second", "never") == (6, 35, 0, 0, 1)
    # Going first: no marker, no draw: hand 5, deck 35.
    assert final(courier, "first", "always") == (5, 35, 0, 0, 1)


THEN_PLAY = (
    "[On Play] Draw 1 card. Then, if you removed an energy marker to use this card, play up to 1 <Luud> with"
    " a cost of 4 from your hand."
)
THEN_PLAY_JA = (
    "【登場時】カード1枚を引く。その後、このカードの使用にエナジーマーカーを取り除いていた場合、"
    "自分の手札のコスト4の「Luud」1枚までを登場させる。"
)


@pytest.mark.parametrize("text", [THEN_PLAY, THEN_PLAY_JA])
def test_a_play_after_a_draw_waits_for_the_marker_paid_for_the_card(text) -> None:
    caller = card("TB-001", "Caller", text)
    luud = card("TB-002", "Luud", cost=4)
    lead = Card("TL-001", "Test Leader", "leader", ("red",), power=15000)
    main = (DeckEntry(caller.number, 1), DeckEntry(luud.number, 1), DeckEntry(FILLER.number, 48))
    deck = Deck(
        "dbsfw", "standard", {"leader": (DeckEntry(lead.number, 1),), "main": main},
        {c.number: c for c in (caller, luud, FILLER, lead)},
    )  # fmt: skip
    order = [caller.number, luud.number] + [FILLER.number] * 48

    def after(going: str) -> tuple[int, ...]:
        policy = {"charge_rule": "always", "mulligan_rule": "never"}
        params = SIM.params(going=going, policy=policy, max_turns=1)
        got = SIM.play_stacked(deck, params, order).final
        return got["hand"], got["deck"], got["markers"], got["battle"]

    # Going second: 7, 1 Filler charged (6, energy 1); the marker pays for Caller (5), which draws 1 (6,
    # deck 34) and then plays Luud (cost 4) from the hand for free: hand 5, 2 Battle cards.
    assert after("second") == (5, 34, 0, 2)
    # Going first: the charged card pays for Caller, which draws 1 and plays nothing: hand 6, 1 Battle card.
    assert after("first") == (6, 34, 0, 1)


def test_an_extras_activate_main_that_rewards_the_marker() -> None:
    relay = card("TX-001", "Relay", PAID_DRAW.replace("[On Play]", "[Activate Main]"), kind="extra")
    # Going second, 1 charged: the marker pays for Relay (to the drop area), which draws 2: hand 6 - 1 + 2
    # = 7, deck 33, drop 1.
    assert final(relay, "second", "always") == (7, 33, 1, 0, 0)


def test_what_is_played_of_the_marker_texts() -> None:
    policy = SIM.params(policy=[]).policy
    played = [
        card("TB-001", "Courier", PAID_DRAW),
        card("TB-002", "Courier", PAID_LOOT_JA),
        card("TB-003", "Courier", HAVE_DRAW),
        card("TX-001", "Relay", PAID_DRAW.replace("[On Play]", "[Activate Main]"), kind="extra"),
    ]
    for c in played:
        assert [p.status for p in card_parts("dbsfw", c, policy)] == [PLAYED], c.text
    # a Battle card's [Activate Main] is not paid for by the plan; a marker removed "for this skill" (a
    # skill's own energy cost) is not read
    unplayed = [
        card("TB-004", "Courier", PAID_DRAW.replace("[On Play]", "[Activate Main][Once per turn]")),
        card(
            "TB-005",
            "Courier",
            "[When Attacking](1) : Draw 1 card. Then, if you removed an energy marker for this skill, draw 1"
            " card.",
        ),
    ]
    for c in unplayed:
        assert [p.status for p in card_parts("dbsfw", c, policy)] == [UNPLAYED], c.text
