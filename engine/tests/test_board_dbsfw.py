"""The DBS FW playtest board (engine/board/dbsfw.py): the harness games of docs/rules/dbsfw.md §12.2 played
from the simulator's log through the board's actions reach the simulator's final state, and the rules
the board shares with the goldfish refuse what they refuse."""

from __future__ import annotations

import re

import pytest

from engine import Card
from engine.board.dbsfw import Board, BoardError, Table
from engine.deck import Deck
from engine.goldfish import get_simulator
from engine.tests.test_goldfish_dbsfw import (
    AGGRO,
    COMBO_DECK,
    EXTRAS50,
    S09,
    battle,
    deck_of,
    extra,
    leader,
    order_of,
)

SIM = get_simulator("dbsfw")
LEADER = "テストリーダー (Leader)"
NAMED = re.compile(r"(\S+) \(([^)]+)\)")


def replay(deck: Deck, going: str, opponent: dict[str, int], policy: dict[str, object]) -> tuple[Board, dict]:
    """The simulator's stacked game, played again through the board: charges, plays (each paid as the
    board suggests: energy first, the marker last), attacks with their combos from the hand."""
    order = order_of(deck)
    params = SIM.params(going=going, opponent=opponent, policy={"mulligan_rule": "never", **policy})
    log = SIM.play_stacked(deck, params, order)
    table = Table(deck, opponent)
    board = table.deal(0, going == "first", order)
    pending: tuple[int, list[int]] | None = None
    for event in [*log.events, None]:
        text = event.text if event else ""
        if pending is not None and not text.startswith("combo "):
            board = table.attack(board, *pending)
            pending = None
        if event is None:
            break
        if event.turn > board.own_turn and event.phase not in ("setup", "opponent", "result"):
            while board.own_turn < event.turn:
                board = table.next_turn(board)
        if text.startswith("charge "):
            board = table.charge(board, board.hand.index(NAMED.search(text).group(2)))
        elif text.startswith(("play ", "use ")):
            number = NAMED.search(text).group(2)
            p = board.hand.index(number)
            energy, markers = table.suggested_payment(board, p)
            board = table.play(board, p, energy, markers)
        elif " attacks with power " in text:
            if text.startswith(LEADER):
                attacker = -1
            else:
                number = NAMED.search(text).group(2)
                attacker = next(i for i, u in enumerate(board.battle) if u.number == number and not u.rested)
            pending = (attacker, [])
        elif text.startswith("combo ") and text.endswith("from the hand"):
            assert pending is not None
            number = NAMED.search(text).group(2)
            taken = pending[1]
            taken.append(next(p for p, n in enumerate(board.hand) if n == number and p not in taken))
    return board, log.final


@pytest.mark.parametrize("going", ["first", "second"])
@pytest.mark.parametrize(
    ("deck", "opponent", "policy"),
    [(EXTRAS50, {}, {}), (AGGRO, {}, {"charge_rule": "always"}), (COMBO_DECK, S09, {})],
    ids=["S06-leader-only", "S07-vanilla-aggro", "S09-combo"],
)
def test_the_harness_games_through_the_board_reach_the_simulators_state(
    deck, opponent, policy, going
) -> None:
    board, final = replay(deck, going, opponent, policy)
    assert board.won and final["opp_life"] == board.opp_life == 0
    zones = {z: len(getattr(board, z)) for z in ("deck", "hand", "life", "energy", "battle")}
    zones["markers"] = board.markers
    zones["opp_deck"] = board.opp_deck  # its size less the hand and life of setup (6-2-1-8, 6-2-1-9)
    assert zones == {z: final[z] for z in zones}
    assert (
        len(board.drop) == final["drop"] + final["combo"]
    )  # the last battle's combo cards: the sim keeps them


def test_setup_first_turn_and_the_rules_it_refuses() -> None:
    # S01, S05, S12: 6 in hand, 8 life at the first turn, 1 drawn; going first no attack on turn 1; a
    # card with a specified red pip is paid by blue energy and the marker as red, the marker only once.
    red_blue = leader(colors=("red", "blue"))
    cost2 = battle("TB-002", cost=2, colors=("red",), spec={"red": 1})
    blue = battle("TB-003", cost=1, colors=("blue",), spec={"blue": 1})
    deck = deck_of([(blue, 25), (cost2, 25)], lead=red_blue)
    table = Table(deck)
    order = ["TB-003"] * 25 + ["TB-002"] * 25
    first = table.next_turn(table.deal(0, True, order))
    assert (len(first.hand), len(first.life), len(first.deck), first.markers) == (7, 8, 35, 0)
    with pytest.raises(BoardError, match="7-3-4-3-1"):
        table.attack(first, -1)
    board = table.next_turn(table.deal(0, False, ["TB-003"] * 6 + ["TB-002"] * 44))
    board = table.charge(board, 0)  # a blue energy
    with pytest.raises(BoardError, match="7-2-11"):
        table.charge(board, 0)
    p = board.hand.index("TB-002")
    assert not table.payment_is_legal(board, "TB-002", [0], 0)  # 1 unit for a cost of 2
    assert table.suggested_payment(board, p) == ([0], 1)  # blue energy and the marker as red
    board = table.play(board, p, [0], 1)
    assert (board.markers, [u.number for u in board.battle], board.energy[0].rested) == (0, ["TB-002"], True)
    with pytest.raises(BoardError, match="5-3-1"):
        table.play(board, board.hand.index("TB-003"), [0], 0)  # the energy is rested
    board = table.attack(board, 0)  # going second: attacks on turn 1 (S05)
    assert board.opp_life == 7 and board.battle[0].rested
    assert Board.from_dict(board.to_dict()) == board


def test_the_hand_actions_for_what_the_board_does_not_read() -> None:
    table = Table(AGGRO)
    order = order_of(AGGRO)
    board = table.next_turn(table.deal(2, False, order))
    board = table.play(table.charge(board, 0), 0, *table.suggested_payment(table.charge(board, 0), 0))
    board = table.toggle(board, "energy", 0)
    assert not board.energy[0].rested
    board = table.toggle(table.toggle(board, "leader", 0), "battle", 0)
    assert board.leader_rested and board.battle[0].rested
    board = table.move(board, "battle", 0, "hand")
    assert board.battle == () and board.hand[-1] == "TB-001"
    assert table.shuffle(board) == table.shuffle(board)
    assert table.reveal(board, 2).log[-1].startswith("top 2 of the deck: ")
    assert len(table.search(board, "TB-001").hand) == len(board.hand) + 1
    with pytest.raises(BoardError, match="not in the deck"):
        table.search(board, "TB-999")


def test_awaken_flips_the_leader_when_life_is_low_and_the_opponent_awakens_too() -> None:
    # 15-2: a 10000 Leader with Awaken and a 20000 Double Strike back face, life lowered by hand to 4
    # (the goldfish's awaken_life): it flips and its hit takes 2 life (15-6-2). The opponent's Leader,
    # awakening at life 6 with 25000, then needs more than the front face could reach (8-4-6).
    lead = leader(
        power=10000, keywords=("awaken",), back={"name": "裏", "power": 20000, "keywords": ["double-strike"]}
    )
    deck = deck_of([(battle("TB-001"), 50)], lead=lead)
    table = Table(deck, {"opp_awakens_at_life": 6, "opp_awakened_power": 25000})
    board = table.next_turn(table.deal(0, False, ["TB-001"] * 50))
    assert not table.can_awaken(board)
    with pytest.raises(BoardError, match="15-2-3"):
        table.awaken(board)
    for _ in range(4):
        board = table.move(board, "life", 0, "hand")  # damage taken by hand: life to the hand (14-3-2)
    board = table.awaken(board)
    assert board.awakened and table.leader_face(board)[0] == 20000 and not table.can_awaken(board)
    board = table.attack(board, -1)
    assert board.opp_life == 6 and board.opp_guard == 25000
    board = table.next_turn(board)
    assert table.attack(board, -1).log[-1] == "no damage: power 20000 < 25000"
    assert Board.from_dict(board.to_dict()) == board


def test_a_field_stays_in_the_battle_area_one_at_a_time() -> None:
    # S16 on the board: a Field Extra goes to the battle area, active, a second one sends the first to the
    # drop area (15-3-2, 15-3-4); a Field never attacks (8-1-1).
    fields = [extra(f"TF-00{i}", cost=1, keywords=("field",)) for i in (1, 2)]
    deck = deck_of([(fields[0], 1), (fields[1], 1), (battle("TB-001"), 48)])
    table = Table(deck)
    board = table.next_turn(table.deal(0, False, ["TF-001", "TF-002"] + ["TB-001"] * 48))
    board = table.charge(board, board.hand.index("TB-001"))
    board = table.play(
        board, board.hand.index("TF-001"), *table.suggested_payment(board, board.hand.index("TF-001"))
    )
    assert [u.number for u in board.battle] == ["TF-001"] and board.drop == ()
    with pytest.raises(BoardError, match="8-1-1"):
        table.attack(board, 0)
    board = table.next_turn(board)
    board = table.play(
        board, board.hand.index("TF-002"), *table.suggested_payment(board, board.hand.index("TF-002"))
    )
    assert [u.number for u in board.battle] == ["TF-002"] and board.drop == ("TF-001",)
    assert board.log[-1] == "テストTF-001 goes to the drop area (one Field at a time, 15-3-4)"


def test_an_extra_is_used_when_its_timing_words_say() -> None:
    # 1-3-4-1: [Activate: Main] in the main phase (1-3-4-1-1, 7-3-4-2), [Activate: Battle] in the offense
    # step of a battle (1-3-4-1-2, 8-2-4-2), Main/Battle in both; an Extra with no [Activate] skill is not
    # used from the hand (12-2-2-1); a Battle card is not played during a battle (8-2-4 lists what is).
    def text_extra(number: str, text: str) -> Card:
        return Card(number, f"テスト{number}", "extra", ("red",), 1, specified_cost={"red": 1}, text=text)

    burst = text_extra(
        "TE-001", "[Activate: Battle] Your Leader or 1 of your Battle cards gets +10000 power."
    )
    rally = text_extra("TE-002", "[Activate: Main] Draw 2 cards.")
    either = text_extra("TE-003", "【起動 メイン/戦闘中】カードを1枚引く。")
    counter = text_extra("TE-004", "[Counter] Negate an attack.")
    extras = [burst, rally, either, counter]
    deck = deck_of([(e, 1) for e in extras] + [(battle("TB-001"), 46)])
    table = Table(deck)
    order = [e.number for e in extras] + ["TB-001"] * 46
    board = table.next_turn(table.deal(0, False, order))  # going second: attacks on turn 1
    for _ in range(3):
        board = table.move(board, "deck", 0, "energy")  # three red energy, by hand
    hand = {n: p for p, n in enumerate(board.hand)}
    with pytest.raises(BoardError, match=r"1-3-4-1-2, 8-2-4-2"):
        table.play(board, hand["TE-001"], [0])  # Ember Burst's timing: no battle in the main phase
    with pytest.raises(BoardError, match=r"12-2-2-1"):
        table.play(board, hand["TE-004"], [0])
    assert table.play(board, hand["TE-002"], [0]).drop == ("TE-002",)
    assert table.play(board, hand["TE-003"], [0]).drop == ("TE-003",)
    battling = table.declare_attack(board, -1)
    with pytest.raises(BoardError, match=r"1-3-4-1-1, 7-3-4-2"):
        table.play(battling, hand["TE-002"], [0])
    with pytest.raises(BoardError, match=r"7-3-4-1, 8-2-4"):
        table.play(battling, hand["TB-001"], [0])
    with pytest.raises(BoardError, match=r"8-2-4"):
        table.declare_attack(battling, -1)  # a second attack waits for this battle's end
    used = table.play(battling, hand["TE-001"], [0])
    assert used.drop == ("TE-001",) and used.energy[0].rested
    assert table.play(battling, hand["TE-003"], [0]).drop == ("TE-003",)
    # Its +10000 is card text, added by hand; the damage step counts it (8-4-6: 25000 >= 15000).
    done = table.resolve_battle(table.boost(used, 10000))
    assert done.opp_life == 7 and done.attacker is None and done.log[-2].endswith("with power 25000")
    assert Board.from_dict(used.to_dict()) == used


def test_a_battle_card_of_the_battle_area_combos() -> None:
    # 5-6-3-1-1: an active Battle card of the battle area, not the attacking one, combos; a rested one
    # does not; it goes to the combo area and to the drop area at the battle's end (8-5-4). 15000 Leader
    # against 20000: only the combo's +5000 hits.
    deck = deck_of([(battle("TB-001", cost=1), 50)])
    table = Table(deck, {"opp_leader_power": 20000})
    board = table.next_turn(table.deal(0, False, ["TB-001"] * 50))
    board = table.charge(board, 0)
    board = table.play(board, 0, *table.suggested_payment(board, 0))
    board = table.move(board, "hand", 0, "battle")  # a second Battle card, by hand
    board = table.toggle(board, "battle", 1)  # rested
    battling = table.declare_attack(board, -1)
    with pytest.raises(BoardError, match=r"5-6-3-1-1"):
        table.combo(battling, "battle", 1)
    battling = table.combo(battling, "battle", 0)
    assert [u.number for u in battling.battle] == ["TB-001"] and battling.combo == ("TB-001",)
    done = table.resolve_battle(battling)
    assert done.opp_life == 7 and done.drop == ("TB-001",) and done.combo == ()
    with pytest.raises(BoardError, match=r"8-2-4-1"):
        table.combo(done, "hand", 0)  # no battle: no combo


def test_the_life_cards_stay_face_down_in_the_move_list_and_the_log() -> None:
    # 3-9-2: the life area is hidden, its cards face down: nobody sees them, their owner neither. The move
    # list offers them by place, not by name; a card moved from the deck to the life area is not named.
    deck = deck_of([(battle(f"TB-{i:03}"), 1) for i in range(1, 51)])
    table = Table(deck)
    order = [f"TB-{i:03}" for i in range(1, 51)]
    board = table.next_turn(table.deal(0, False, order))
    tools = dict(table.tools(board)["move_cards"])
    assert tools["life area"] == [(f"life:{p}", f"face-down card {p + 1}") for p in range(8)]
    assert not any(table.names[n] in label for n in board.life for _, label in tools["life area"])
    top = board.deck[0]
    board = table.move(board, "deck", 0, "life")
    assert board.life[-1] == top and table.names[top] not in board.log[-1]
    assert board.log[-1] == "a face-down card from the deck to the life area"
    board = table.move(board, "life", 0, "hand")  # a life card into the hand (14-3-2): now it is seen
    assert board.log[-1] == f"{table.names[board.hand[-1]]} from the life area to the hand"


@pytest.mark.parametrize("going", ["first", "second"])
def test_a_deck_at_zero_cards_loses_at_once(going) -> None:
    # 14-2-2-2 (interrupt-type, 14-2-1): a player whose deck has 0 cards loses, the moment it happens. The
    # opponent's deck after setup is its size less 6 in hand and 8 life (6-2-1-8, 6-2-1-9). S10 of the
    # spec: a 50-card deck against a 50-card opponent: going first the own deck empties at the draw of own
    # turn 36 (a loss); going second the opponent's empties first, before own turn 36 (a win).
    deck = deck_of([(extra("TE-099"), 50)], lead=leader(power=10000))
    table = Table(deck)
    board = table.deal(0, going == "first", ["TE-099"] * 50)
    assert board.opp_deck == 50 - 6 - 8
    while not board.over:
        board = table.next_turn(board)
    if going == "first":
        assert (board.own_turn, len(board.deck), board.lost, board.won) == (36, 0, True, False)
        assert board.log[-1] == "your deck is empty: you lose (14-2-2-2)"
    else:
        assert (board.own_turn, board.opp_deck, board.won, board.lost) == (35, 0, True, False)
    with pytest.raises(BoardError, match="over"):
        table.next_turn(board)
    assert Table(deck, {"opp_deck_size": 15}).deal(0, True).opp_deck == 1


def test_drawing_the_last_card_by_hand_loses() -> None:
    deck = deck_of([(battle("TB-001"), 50)])
    table = Table(deck)
    board = table.next_turn(table.deal(0, False, ["TB-001"] * 50))
    for _ in range(len(board.deck) - 1):
        board = table.draw(board)
    assert not board.over
    board = table.draw(board)  # the last card (14-2-2-2)
    assert board.lost and board.over
    with pytest.raises(BoardError, match="14-2-2-2"):
        table.charge(board, 0)


def test_the_turn_keeps_its_phases_charge_then_main() -> None:
    # 7-1-1, 7-2: the charge phase draws (7-2-9), charges up to 1 card (7-2-11), then the main phase begins
    # (7-2-13), where cards are played and attacks declared (7-3-4). A card charged after a card was played
    # or the Leader attacked is charged out of its phase.
    deck = deck_of([(battle("TB-001", cost=1), 50)])
    table = Table(deck)
    board = table.next_turn(table.deal(0, False, ["TB-001"] * 50))  # going second: the marker pays turn 1
    assert board.phase == "charge"
    played = table.play(board, 0, *table.suggested_payment(board, 0))
    assert played.phase == "main" and played.log[-2] == "no card charged: main phase (7-2-11, 7-2-13)"
    attacked = table.attack(board, -1)
    battling = table.declare_attack(board, -1)
    for later in (played, attacked, battling, table.main_phase(board)):
        with pytest.raises(BoardError, match=r"charge phase is over.*\(7-2-11, 7-2-13\)"):
            table.charge(later, 0)
    with pytest.raises(BoardError, match=r"7-2-13"):
        table.main_phase(played)  # the main phase comes once
    charged = table.charge(board, 0)  # in the charge phase: the main phase follows
    assert charged.phase == "main"
    assert charged.log[-2:] == ("charge テストTB-001: energy 1", "main phase (7-2-13)")
    assert table.play(charged, 0, *table.suggested_payment(charged, 0)).battle[-1].number == "TB-001"
    board = table.next_turn(played)
    assert board.phase == "charge" and table.charge(board, 0).energy[-1].number == "TB-001"
