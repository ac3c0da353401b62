"""The Fire Force playtest board (engine/board/fireforce.py): the harness games of docs/rules/fireforce.md
§12.2, and games of the sample deck, played from the simulator's log through the board's actions reach
the simulator's final state; the rules the board shares with the goldfish refuse what they refuse."""

from __future__ import annotations

import random
import re

import pytest

from engine.board.fireforce import Board, BoardError, Flame, Table, Unit
from engine.deck import Deck
from engine.goldfish import get_simulator
from engine.samples import sample_deck
from engine.tests.test_goldfish_fireforce import F9, FLAME_CARD, deck_of, event, twenty_by_two, unit

SIM = get_simulator("fireforce")
NUMBER = re.compile(r"\(([^()]+)\)")


def replay(deck: Deck, order: list[str], going: str, opponent: dict) -> tuple[Board, dict]:
    """The simulator's stacked game again through the board: deploys and Events (paid as the board
    suggests, the goldfish's own choice), Prayers and attacks, turn by turn."""
    params = SIM.params(
        going=going, opponent=opponent, policy={"mulligan_rule": "never", "card_effects": False}
    )
    log = SIM.play_stacked(deck, params, order)
    table = Table(deck, opponent)
    board = table.deal(0, going == "first", order)
    for event_ in log.events:
        text = event_.text
        if event_.turn > board.own_turn and event_.phase not in ("setup", "opponent", "result"):
            while board.own_turn < event_.turn:
                board = goldfish_cap(table, table.next_turn(board))
        if text.startswith(("deploy ", "use ")):
            board = goldfish_cap(table, table.use(board, board.hand.index(NUMBER.search(text).group(1))))
        elif " prays: " in text:
            who, whom = NUMBER.findall(text)
            pos = next(i for i, u in enumerate(board.units) if u.number == who and not u.acted)
            target = next(
                i for i, u in enumerate(board.units) if u.number == whom and not u.attached and i != pos
            )
            board = table.pray(board, pos, target)
        elif " attacks: " in text:
            number = NUMBER.search(text).group(1)
            ready = [
                i for i, u in enumerate(board.units) if u.number == number and table.may_attack(board, i)
            ]
            board = table.attack(board, ready[0])
    return board, log.final


def goldfish_cap(table: Table, board: Board) -> Board:
    """The Flame cap's choice (1303.1) as the goldfish makes it, when the board waits for one."""
    return table.flame_cap(board, table.suggested_flame_cap(board)) if board.flame_excess else board


def final_zones(table: Table, board: Board) -> dict[str, int]:
    attached = sum(len(u.attached) for u in board.units)
    return {
        "deck": len(board.deck),
        "hand": len(board.hand),
        "life": len(board.life),
        "units": len(board.units),
        "adolla": len(board.adolla),
        "flame_deck": len(board.flame_deck),
        "flame_on_field": len(board.flames) + attached,
        "flame_attached": attached,
        "opp_life": board.opp_life,
        "with_flame": table.with_flame(board),
        "face_down_flame": sum(f.face_down for f in board.flames),
    }


def stacked(top: list, rest, n: int = 40) -> tuple[Deck, list[str]]:
    kinds = {c.number: c for c in [*top, rest]}
    order = [c.number for c in top] + [rest.number] * (n - len(top))
    return deck_of([(kinds[number], order.count(number)) for number in kinds]), order


def shuffled(deck: Deck, seed: int) -> tuple[Deck, list[str]]:
    order = [c.number for c in deck.pool("main")]
    random.Random(seed).shuffle(order)
    return deck, order


@pytest.mark.parametrize("going", ["first", "second"])
@pytest.mark.parametrize(
    ("harness", "opponent"),
    [
        (lambda: stacked([unit("X-001")], F9), {}),
        (lambda: stacked([unit("X-001")], F9), {"lethal_rule": "zero-life"}),
        (lambda: shuffled(twenty_by_two(), 11), {}),
        (lambda: shuffled(twenty_by_two(cost=5), 4), {}),
        (
            lambda: stacked(
                [unit("P-001", flame=False, prayer=True), unit("A-001", flame=False)]
                + [F9] * 10
                + [event("E-001")]
                + [unit("X-001")],
                F9,
            ),
            {},
        ),  # fmt: skip
        (lambda: shuffled(sample_deck("fireforce"), 1), {}),
        (lambda: shuffled(sample_deck("fireforce"), 2), {}),
    ],
    ids=["S09", "S09-zero-life", "S10-aggro", "S11-cost-5", "S07-prayer", "sample-1", "sample-2"],
)
def test_the_harness_games_through_the_board_reach_the_simulators_state(harness, opponent, going) -> None:
    deck, order = harness()
    board, final = replay(deck, order, going, opponent)
    table = Table(deck, opponent)
    assert board.won and board.opp_lost
    zones = final_zones(table, board)
    assert zones == {z: final[z] for z in zones}


def test_setup_redraw_life_and_the_second_players_flame_card() -> None:
    # 404.1: 5 in hand, one whole redraw before the life cards, 5 life cards; going second 1 Flame card on
    # the field at setup (404.1g); each preparation phase draws 1 (no first-turn exception, OQ-1) and
    # brings a Flame card (502.5).
    deck, order = stacked([], F9)
    table = Table(deck)
    board = table.redraw(table.deal(0, True, order))
    with pytest.raises(BoardError, match="404.1d"):
        table.redraw(board)
    first = table.next_turn(board)
    assert (len(first.hand), len(first.life), len(first.deck), len(first.flames), len(first.flame_deck)) == (
        6, 5, 29, 1, 4,
    )  # fmt: skip
    second = table.next_turn(table.deal(0, False, order))
    assert (len(second.flames), len(second.flame_deck), second.flames[0]) == (2, 3, Flame(FLAME_CARD.number))


def test_costs_attacks_prayer_and_the_lethal_point() -> None:
    # A Unit cannot pay for itself (905.4a) but pays for the next (7.4); a Unit attacks from the next turn
    # (702.1a-2), a Unit without Flame only with an attached Flame card (702.2, 1204.1); from 2 life, the
    # second point leaves 0 and the third wins (1302.1, OQ-6).
    x, plain = unit("X-001", cost=1), unit("B-001", flame=False, cost=1)
    prayer = unit("P-001", flame=False, prayer=True, cost=0)
    deck, order = stacked([x, plain, prayer], F9)
    table = Table(deck, {"opp_life": 2})
    board = table.next_turn(table.deal(0, True, order))  # 1 Flame card
    assert table.use_error(board, "F-009").endswith("(905.4b).")
    board = table.use(board, board.hand.index("X-001"))
    assert table.suggested_payment(board, "B-001") == [("units", 0)]  # the new Flame Unit pays
    board = table.use(board, board.hand.index("B-001"))
    board = table.use(board, board.hand.index("P-001"))
    with pytest.raises(BoardError, match="702.1a"):
        table.attack(board, 0)  # came this turn
    board = table.next_turn(board)
    assert not table.may_attack(board, 1)  # no Flame, nothing attached
    board = table.toggle(board, "flames", 0)  # exhaust a Flame card by hand, as a cost would
    assert table.prayer_targets(board, 2) == [0, 1, 2]  # itself too (1204.1)
    board = table.pray(board, 2, 1)
    assert board.units[1].attached == (FLAME_CARD.number,) and table.may_attack(board, 1)
    board = table.attack(table.attack(board, 0), 1)
    assert board.opp_life == 0 and not board.won
    board = table.next_turn(board)  # the attached card comes off, standby (502.1)
    assert board.units[1] == Unit("B-001", new=False) and len(board.flames) == 3
    board = table.attack(board, 0)
    assert board.won and board.log[-1].endswith("you win (1302.1)")
    assert Board.from_dict(board.to_dict()) == board


def test_moves_keep_the_rules_of_the_field() -> None:
    # A Unit leaving the field leaves its attached Flame cards there (OQ-7); a deck card put among the Flame
    # cards is face down (307.7); a Flame card moved to Adolla goes back to the Flame deck (1304.1).
    deck, order = stacked([unit("B-001", flame=False), unit("P-001", flame=False, prayer=True, cost=0)], F9)
    table = Table(deck)
    board = table.next_turn(table.deal(0, False, order))  # 2 Flame cards
    board = table.use(table.use(board, 0), 0)
    board = table.next_turn(board)
    board = table.pray(table.toggle(board, "flames", 0), 1, 0)
    board = table.move(board, "units", 0, "hand")
    assert board.hand[-1] == "B-001" and len(board.flames) == 3 and board.flames[-1].acted
    board = table.move(board, "deck", 0, "flames")
    assert board.flames[-1] == Flame("F-009", face_down=True)
    board = table.move(board, "flames", 0, "adolla")
    assert board.adolla == () and board.flame_deck[-1] == FLAME_CARD.number
    assert "back to the Flame deck (1304.1)" in board.log[-1]


def test_the_life_cards_stay_face_down_in_the_move_list() -> None:
    # 308.2, 308.3: the life is a hidden zone, its cards face down: the move list offers them by place.
    table = Table(sample_deck("fireforce"))
    board = table.next_turn(table.deal(5, True))
    life = dict(table.tools(board)["move_cards"])["life"]
    assert life == [(f"life:{p}", f"face-down card {p + 1}") for p in range(len(board.life))] and life


def test_prayer_attaches_up_to_one_flame_card_to_any_of_your_units() -> None:
    # 1204.1: "[Activate] exhaust this Unit: choose up to 1 of your Units and attach 1 acted Flame card."
    # The Unit may choose itself; it may choose none; with no acted Flame card it still prays (the cost is
    # paid, nothing is attached). An acted Unit does not pray.
    deck, order = stacked([unit("B-001", flame=False), unit("P-001", flame=False, prayer=True, cost=0)], F9)
    table = Table(deck)
    board = table.next_turn(table.deal(0, False, order))  # 2 Flame cards, standby
    board = table.use(table.use(board, 0), 0)  # B-001 paid with a Flame card; P-001 for 0
    board = table.next_turn(board)  # everything standby again
    assert table.prayer_targets(board, 1) == [0, 1]
    bare = table.pray(board, 1, 0)  # no acted Flame card: exhausted, nothing attached
    assert bare.units[1].acted and bare.units[0].attached == () and len(bare.flames) == len(board.flames)
    assert bare.log[-1].endswith("no acted Flame card to attach")
    board = table.toggle(board, "flames", 0)  # an acted Flame card
    itself = table.pray(board, 1, 1)
    assert itself.units[1].acted and itself.units[1].attached == (FLAME_CARD.number,)
    nobody = table.pray(board, 1, None)
    assert (
        nobody.units[1].acted and not any(u.attached for u in nobody.units) and nobody.flames == board.flames
    )
    with pytest.raises(BoardError, match="1204.1"):
        table.pray(itself, 1, 0)  # acted now


def test_a_deck_at_zero_cards_loses() -> None:
    # 1302.2: a player whose deck holds 0 cards loses at the rule check. A short stacked deck: 5 in hand and
    # 5 life (404.1c, 404.1e), 2 left; going second each preparation phase draws 1 (502.4): turn 2 draws the
    # last card and the rule check after it (502.6) ends the game as a loss.
    deck = twenty_by_two()
    order = [c.number for c in deck.pool("main")][:12]
    table = Table(deck)
    board = table.next_turn(table.deal(0, False, order))
    board = table.use(board, 0)  # a Unit that could attack next turn
    assert (len(board.deck), len(board.units), board.over) == (1, 1, False)
    drawn = table.draw(board)  # card text drawing the last card, by hand
    assert drawn.lost and drawn.ending == "The game is over: your deck is empty, you lose (1302.2)."
    board = table.next_turn(board)
    assert board.lost and not board.won and board.own_turn == 2 and board.deck == ()
    assert "your deck is empty: you lose at the rule check (1302.2)" in board.log
    for action in (table.next_turn, lambda b: table.use(b, 0), lambda b: table.pray(b, 0, None)):
        with pytest.raises(BoardError, match=r"your deck is empty, you lose \(1302\.2\)"):
            action(board)
    assert table.use_error(board, board.hand[0]).endswith("(1302.2).") and not table.may_attack(board, 0)


def test_with_the_default_settings_the_opponent_decks_out_first_going_second() -> None:
    # 1302.2 holds for both players, and the opponent who does nothing still draws in its preparation
    # phase (502.4): going second with 40 cards against 40 (30 in its deck after setup), its deck runs out
    # at its own turn 30, the game turn before your own turn 30 would empty yours (spec S12). The board
    # plays the goldfish's default opponent, which now models this (model_opp_deckout on).
    deck, order = stacked([], F9)  # 40 cards that never deal damage
    table = Table(deck)
    assert table.opponent["model_opp_deckout"] is True
    board = table.deal(0, False, order)
    while not board.over:
        board = goldfish_cap(table, table.next_turn(board))
    assert (board.won, board.lost, board.own_turn, board.opp_deck, len(board.deck)) == (True, False, 29, 0, 1)
    assert board.ending == "The game is over: the opponent's deck is empty, you win (1302.2)."
    first = table.deal(0, True, order)  # going first, your own deck runs out first, at own turn 30
    while not first.over:
        first = goldfish_cap(table, table.next_turn(first))
    assert (first.lost, first.won, first.own_turn, first.opp_deck) == (True, False, 30, 1)


def test_the_player_chooses_what_the_flame_cap_puts_in_adolla() -> None:
    # 1303.1: with 9 or more cards with Flame on your field you put cards with Flame of your field in
    # Adolla until 8 are left: the player chooses which (自分の現場の炎を持つカードをアドラに置きます).
    # Four Flame Units and the 5 Flame cards make 9: the board waits for the choice, refusing play until
    # it is made; the player may keep every Flame card and put a Unit in Adolla, or choose a standby one.
    flame_units = [unit(f"X-00{i}", cost=0) for i in range(1, 5)]
    deck, order = stacked(flame_units, F9)
    table = Table(deck)
    board = table.next_turn(table.deal(0, False, order))  # 2 Flame cards: going second, then turn 1
    for _ in flame_units:
        board = table.use(board, 0)
    while board.own_turn < 4:  # a Flame card each preparation phase (502.5): all 5 at turn 4
        board = table.next_turn(board)
    assert (len(board.flames), table.with_flame(board), board.flame_excess) == (5, 9, 1)
    assert "choose 1 to put in Adolla (1303.1)" in board.log[-1]
    for action in (table.next_turn, lambda b: table.attack(b, 0)):
        with pytest.raises(BoardError, match=r"first choose 1 cards with Flame .* \(1303\.1\)"):
            action(board)
    assert not table.may_attack(board, 0)
    choices = table.flame_cap_choices(board)
    assert choices == [("flames", i) for i in range(5)] + [("units", i) for i in range(4)]
    for wrong in ([], [("flames", 0), ("flames", 1)], [("units", 4)], [("attached", 0)]):
        with pytest.raises(BoardError, match=r"1303\.1"):
            table.flame_cap(board, wrong)
    unit_out = table.flame_cap(board, [("units", 0)])
    assert len(unit_out.units) == 3 and unit_out.adolla == ("X-001",) and len(unit_out.flames) == 5
    assert unit_out.flame_excess == 0 and "X-001" not in unit_out.flame_deck
    flame_out = table.flame_cap(board, [("flames", 3)])
    assert len(flame_out.units) == 4 and len(flame_out.flames) == 4 and flame_out.adolla == ()
    assert len(flame_out.flame_deck) == len(board.flame_deck) + 1  # back to the Flame deck (1304.1)
    assert table.attack(flame_out, 0).opp_life == board.opp_life - 1  # play goes on
    with pytest.raises(BoardError, match="nothing goes to Adolla"):
        table.flame_cap(flame_out, [("flames", 0)])
