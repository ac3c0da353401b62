"""FFTCG: an optional trade when a card enters ("When Seer enters the field, you may pay 《Water》. When you
do so, draw 1 card.", "When Scout enters the field, you may discard 1 card. If you do so, search for 1 Water
Forward and add it to your hand."), read (engine/readers/fftcg.py) and taken by the goldfish
(engine/goldfish/fftcg.py `_trade_on_entering`, the `pay_for_enters` policy), games worked by hand in both
play orders.

The decks: 3 Clerks (Water Backups, cost 2, multi-playable), the card with the trade (a Water Backup, cost
2) and Floods (Water Summons: fuel, never cast), maybe a Knight (a Water Forward of cost 5). Going first,
turn 1 holds 6 cards (5 dealt, 1 drawn), going second 7 (2 drawn); turn 2 draws 2 either way. Turn 1 is
a backup turn: the 3 Clerks, each paid by discarding a Flood (2 CP), enter dull: the hand is then empty
going first, 1 Flood going second. Turn 2 (a backup turn too): the Clerks stand up and the two cards drawn
are a Flood and the card with the trade, which 2 Clerks pay for; it enters, and the third Clerk is the
one source left active.
"""

from __future__ import annotations

import pytest

from engine import Card, Deck, DeckEntry
from engine.effects import CardFilter, Effect, describe
from engine.goldfish.fftcg import ELEMENTS, K_PAY_FOR_ENTERS, compile_deck
from engine.goldfish.fftcg_kinds import (
    CYCLE_REQ,
    F_ENTER_DISCARD,
    F_ENTER_DRAW,
    F_ENTER_PAID,
    F_ENTER_PAY,
    F_ENTER_PAY_DISCARD,
    PAID_BREAK_ADD,
    PAID_DECK_PLAY,
    PAID_DRAW,
    PAID_N,
    PAID_SEARCH,
)
from engine.played_text import card_parts
from engine.readers import read_text
from engine.tests.test_fftcg_effects import SIM

SEER = "When Seer enters the field, you may pay 《Water》. When you do so, draw 1 card."
SEER_DRAW = Effect("enters", "draw", 1, optional=True, cp=1, cp_elements=("water",))
SCOUT = (
    "When Scout enters the field, you may discard 1 card. If you do so, search for 1 Water Forward and add"
    " it to your hand."
)
SCOUT_TRADE = (
    Effect("enters", "discard", 1, optional=True, paid=True),
    Effect("enters", "search", 1, CardFilter(type="forward", colors=("water",))),
)
LOOT = "When Seer enters the field, draw 1 card then discard 1 card from your hand."
KEEP = {"mulligan_rule": "never"}


def trade_deck(text: str, name: str = "Seer", forward: bool = False, knights: int = 1) -> Deck:
    """Kinds in card-number order: Flood, Clerk, the card with the trade (a Backup or a Forward, of cost
    2), Knight (cost 5; cost 1 beside a trading Forward)."""
    flood = Card("T8-001", "Flood", "summon", ("water",), 2)
    clerk = Card("T8-002", "Clerk", "backup", ("water",), 2, keywords=("multi-playable",))
    trader = Card("T8-003", name, "forward" if forward else "backup", ("water",), 2, text=text)
    knight = Card("T8-004", "Knight", "forward", ("water",), 1 if forward else 5, power=9000)
    entries = (DeckEntry("T8-001", 46 - knights), DeckEntry("T8-002", 3), DeckEntry("T8-003", 1))
    return Deck(
        "fftcg", "constructed",
        {"main": entries + ((DeckEntry("T8-004", knights),) if knights else ())},
        {"T8-001": flood, "T8-002": clerk, "T8-003": trader, "T8-004": knight},
    )  # fmt: skip


# Clerk x3, Flood x3, then a Flood (going second: turn 1's seventh card), then the trader (turn 2's draw
# going first: with the Flood before it; going second: with the Flood after it), then Floods and the Knight
# last.
STACK = ["T8-002"] * 3 + ["T8-001"] * 4 + ["T8-003"] + ["T8-001"] * 41 + ["T8-004"]


def play(deck: Deck, going: str, take: bool = True, stack: list[str] = STACK, backup_turns: int = 2):
    policy = {**KEEP, "pay_for_enters": take, "backup_turns": backup_turns}
    return SIM.play_stacked(deck, SIM.params(going=going, max_turns=2, policy=policy), stack)


def test_the_trades_are_read_compiled_and_described() -> None:
    assert read_text("fftcg", SEER, name="Seer").effects == (SEER_DRAW,)
    assert read_text("fftcg", SCOUT, name="Scout").effects == SCOUT_TRADE
    for effect in (SEER_DRAW, *SCOUT_TRADE):
        assert Effect.from_dict("t", effect.to_dict()) == effect
    assert describe(SEER_DRAW) == "when it enters the field, may draw 1 card, paying 1 CP (1 Water)"
    assert describe(SCOUT_TRADE[0]) == (
        "when it enters the field, may discard 1 card from your hand to pay for what follows"
    )
    kf = compile_deck(trade_deck(SEER)).arrays[2]
    water = 1 << ELEMENTS.index("water")
    assert (kf[2, F_ENTER_PAY], kf[2, F_ENTER_PAY_DISCARD], kf[2, F_ENTER_PAID]) == (
        1 | water << CYCLE_REQ,
        0,
        PAID_DRAW | 1 << PAID_N,
    )
    assert kf[2, F_ENTER_DRAW] == 0  # its draw is the trade's, drawn only when paid
    # a card that also draws unpaid ("draw 1 card then discard 1 card from your hand.") keeps both
    kf = compile_deck(trade_deck(f"{LOOT}\n{SEER}")).arrays[2]
    assert (kf[2, F_ENTER_DRAW], kf[2, F_ENTER_DISCARD], kf[2, F_ENTER_PAID]) == (
        1,
        1,
        PAID_DRAW | 1 << PAID_N,
    )
    kf = compile_deck(trade_deck(SCOUT, "Scout")).arrays[2]
    assert (kf[2, F_ENTER_PAY], kf[2, F_ENTER_PAY_DISCARD], kf[2, F_ENTER_PAID]) == (0, 1, PAID_SEARCH)
    for text, bought in (
        (
            "When Seer enters the field, you may pay 《Water》《1》. When you do so, choose 1 Forward in your"
            " Break Zone. Add it to your hand.",
            PAID_BREAK_ADD,
        ),
        (
            "When Seer enters the field, you may pay 《4》. If you do so, search for 1 Water Backup of cost 4"
            " or less and play it onto the field.",
            PAID_DECK_PLAY,
        ),
    ):
        assert compile_deck(trade_deck(text)).arrays[2][2, F_ENTER_PAID] == bought
    for text, name in ((SEER, "Seer"), (SCOUT, "Scout")):
        card = trade_deck(text, name).cards["T8-003"]
        assert [p.status for p in card_parts("fftcg", card, {})] == ["played"]
    assert SIM.prepare(trade_deck(""), SIM.params())[1][K_PAY_FOR_ENTERS] == 0
    assert SIM.prepare(trade_deck(SEER), SIM.params())[1][K_PAY_FOR_ENTERS] == 1


@pytest.mark.parametrize("going", ["first", "second"])
def test_cp_no_plan_needs_pays_for_a_draw(going) -> None:
    # Turn 2, main phase 1: Seer is cast by dulling 2 Clerks; the third Clerk pays its 《Water》 and the
    # next card, a Flood, is drawn. Hand at the end: going first 0 + Flood + Seer - Seer + Flood = 2;
    # going second 1 + Seer + Flood - Seer + Flood = 3. Off, no draw: a card fewer, the Clerk active.
    log = play(trade_deck(SEER), going)
    turn_2 = [e.text for e in log.events if e.turn == 2 and e.phase == "main 1"]
    assert turn_2 == [
        "cast Seer (T8-003) for 2 CP by dulling Clerk (T8-002), Clerk (T8-002)",
        "Seer (T8-003): its optional trade on entering taken for 1 CP by dulling Clerk (T8-002)",
        "Seer (T8-003): draw Flood (T8-001)",
    ]
    assert log.final["hand"] == (2 if going == "first" else 3)
    declined = play(trade_deck(SEER), going, take=False)
    assert not [e for e in declined.events if e.turn == 2 and "Seer (T8-003):" in e.text]
    assert declined.final["hand"] == log.final["hand"] - 1


@pytest.mark.parametrize("going", ["first", "second"])
def test_the_card_valued_least_is_discarded_for_a_search(going) -> None:
    # Turn 2, main phase 1: Scout is cast by dulling 2 Clerks; the hand's card of the lowest keep-value, a
    # Flood (a Summon: 0), is worth less than the Knight its search finds (a Forward: 245), so it is
    # discarded and the Knight is searched for (the deck's last card). The Knight (5 CP) is not cast: 1
    # Clerk and, going second, 1 Flood make 3. Hand at the end: going first 0 + Flood + Scout - Scout -
    # Flood + Knight = 1; going second 1 + Scout + Flood - Scout - Flood + Knight = 2. Break Zone: 3 + 1.
    log = play(trade_deck(SCOUT, "Scout"), going)
    turn_2 = [e.text for e in log.events if e.turn == 2 and e.phase == "main 1"]
    assert turn_2 == [
        "cast Scout (T8-003) for 2 CP by dulling Clerk (T8-002), Clerk (T8-002)",
        "Scout (T8-003): its optional trade on entering taken by discarding Flood (T8-001)",
        "Scout (T8-003): search the deck, Knight (T8-004) to the hand, shuffle",
    ]
    assert (log.final["hand"], log.final["break_zone"]) == ((1, 4) if going == "first" else (2, 4))
    declined = play(trade_deck(SCOUT, "Scout"), going, take=False)
    assert (declined.final["hand"], declined.final["break_zone"]) == (log.final["hand"], 3)


@pytest.mark.parametrize("going", ["first", "second"])
def test_nothing_found_nothing_discarded(going) -> None:
    # The same game without the Knight (a Flood in its place): the search would find nothing, so no card
    # is discarded and Scout's search does not happen. Hand: the Flood kept, 1 more than with the trade.
    log = play(
        trade_deck(SCOUT, "Scout", knights=0), going, stack=[c if c != "T8-004" else "T8-001" for c in STACK]
    )
    assert not [e for e in log.events if "Scout (T8-003):" in e.text]
    assert (log.final["hand"], log.final["break_zone"]) == ((1, 3) if going == "first" else (2, 3))


TART = (
    "When Scout enters the field, you may discard 1 card. When you do so, search for 1 Card Name Knight of"
    " cost 2 or less and play it onto the field."
)


@pytest.mark.parametrize("going", ["first", "second"])
def test_a_discard_buys_a_search_played_onto_the_field(going) -> None:
    # Scout a Forward, the Knight of cost 1. Turn 2, main phase 1 (no Backup in hand): Scout is cast by
    # dulling 2 Clerks; the hand's card of the lowest keep-value, a Flood, is discarded (a card played onto
    # the field is worth more than any card in hand), and the Knight (cost 1 <= 2, the deck's last card) is
    # searched for and played onto the field; it entered this turn: no attack. Hand at the end: going first
    # 0 + Flood + Scout - Scout - Flood = 0; going second 1 + Scout + Flood - Scout - Flood = 1. Break Zone
    # 3 + 1, Forwards 2. Declined: the Flood kept, Break Zone 3, Scout alone on the field.
    deck = trade_deck(TART, "Scout", forward=True)
    effects = read_text("fftcg", TART, name="Scout").effects
    assert [e.to_dict() for e in effects] == [
        {"when": "enters", "do": "discard", "n": 1, "optional": True, "paid": True},
        {"when": "enters", "do": "play", "filter": {"name": "Knight", "cost_max": 2}, "from": "deck"},
    ]
    assert compile_deck(deck).arrays[2][2, F_ENTER_PAID] == PAID_DECK_PLAY
    log = play(deck, going)
    turn_2 = [e.text for e in log.events if e.turn == 2 and e.phase == "main 1"]
    assert turn_2 == [
        "cast Scout (T8-003) for 2 CP by dulling Clerk (T8-002), Clerk (T8-002)",
        "Scout (T8-003): its optional trade on entering taken by discarding Flood (T8-001)",
        "Scout (T8-003): search the deck, play Knight (T8-004) onto the field, shuffle",
    ]
    final = log.final
    assert (final["hand"], final["break_zone"], final["forwards"]) == (0 if going == "first" else 1, 4, 2)
    declined = play(deck, going, take=False)
    assert (declined.final["hand"], declined.final["break_zone"], declined.final["forwards"]) == (
        final["hand"] + 1,
        3,
        1,
    )


# Clerk x3, Flood x3, the Knight (going second: turn 1's seventh card), Seer, a Flood, then Floods.
PLAN_STACK = ["T8-002"] * 3 + ["T8-001"] * 3 + ["T8-004", "T8-003"] + ["T8-001"] * 42


@pytest.mark.parametrize("going", ["first", "second"])
def test_cp_the_plan_needs_is_not_paid_for_a_trade(going) -> None:
    # Backups first on turn 1 only: turn 1 casts the 3 Clerks as above (going second the Knight stays in
    # hand: no CP is left for it). Turn 2 draws the Knight and Seer going first (hand: Knight, Seer), Seer
    # and a Flood going second (hand: Knight, Seer, Flood). The plan casts both Forwards with the 3 Clerks
    # (Seer 2, Knight 1; no discard), the dearer first. Seer enters: the Clerk left is the Knight's, so its
    # 《Water》 is not paid (no card is discarded for CP) and it draws nothing; the Knight is cast with it.
    # Hand at the end: going first 0, going second the Flood, 1.
    log = play(trade_deck(SEER, forward=True), going, stack=PLAN_STACK, backup_turns=1)
    turn_2 = [e.text for e in log.events if e.turn == 2 and e.phase == "main 1"]
    assert turn_2 == [
        "cast Seer (T8-003) for 2 CP by dulling Clerk (T8-002), Clerk (T8-002)",
        "cast Knight (T8-004) for 1 CP by dulling Clerk (T8-002)",
    ]
    assert log.final["hand"] == (0 if going == "first" else 1)
    # Without the Knight (a Flood in its place) the plan is Seer alone: the third Clerk stays idle and pays
    # its 《Water》, and it draws a Flood. Hand: going first Flood + Seer - Seer + Flood = 2; going second
    # Flood + Seer + Flood - Seer + Flood = 3.
    alone = play(
        trade_deck(SEER, forward=True, knights=0),
        going,
        stack=[c if c != "T8-004" else "T8-001" for c in PLAN_STACK],
        backup_turns=1,
    )
    turn_2 = [e.text for e in alone.events if e.turn == 2 and e.phase == "main 1"]
    assert turn_2 == [
        "cast Seer (T8-003) for 2 CP by dulling Clerk (T8-002), Clerk (T8-002)",
        "Seer (T8-003): its optional trade on entering taken for 1 CP by dulling Clerk (T8-002)",
        "Seer (T8-003): draw Flood (T8-001)",
    ]
    assert alone.final["hand"] == (2 if going == "first" else 3)


def test_a_discard_paid_for_an_effect_no_trade_buys_is_refused() -> None:
    # a deck file's effects: the damage would happen unpaid, so the goldfish refuses the card
    seer = Card(
        "T8-003", "Seer", "backup", ("water",), 2,
        effects=(Effect("enters", "discard", 1, optional=True, paid=True), Effect("enters", "damage", 1)),
    )  # fmt: skip
    deck = trade_deck(SEER)
    with pytest.raises(ValueError, match="a discard paid for an effect no trade buys"):
        compile_deck(Deck(deck.game, deck.format, deck.sections, {**deck.cards, "T8-003": seer}))
