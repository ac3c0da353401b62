"""The GBF playtest board (engine/board/gbf.py): the harness games of docs/rules/gbf.md §12.2, and a game
of the sample deck, played from the simulator's log through the board's actions reach the simulator's
final state; the rules the board shares with the goldfish refuse what they refuse."""

from __future__ import annotations

import random
import re

import pytest

from engine.board.gbf import Board, BoardError, GaugeCard, Present, Table
from engine.deck import Deck
from engine.goldfish import get_simulator
from engine.samples import sample_deck
from engine.tests.test_goldfish_gbf import captain, crew, deck_of, heavy, summon

SIM = get_simulator("gbf")
NAMED = re.compile(r"\(([^()]+)\)(?=(?: attacks| follows up| enters| on top|: |$))")


def numbers(text: str) -> list[str]:
    return NAMED.findall(text)


def replay(deck: Deck, order: list[str], going: str, opponent: dict, policy: dict) -> tuple[Board, dict]:
    """The simulator's stacked game again through the board: the captain it chose, crew entering, uncaps,
    job changes, summons (paid as the board suggests), and each battle with its follow-ups and ougi."""
    params = SIM.params(going=going, opponent=opponent, policy={"redraw": "never", **policy})
    log = SIM.play_stacked(deck, params, order)
    table = Table(deck, opponent)
    board = table.deal(0, going == "first", order)
    battle: tuple[list[int], list[int]] | None = None
    for event in [*log.events, None]:
        text = event.text if event else ""
        if battle is not None and not text.startswith(("ougi of ",)) and " follows up " not in text:
            board = table.attack(board, *battle)
            battle = None
        if event is None:
            break
        if event.turn > board.own_turn and event.phase not in ("setup", "opponent", "result"):
            while board.own_turn < event.turn:
                board = table.next_turn(board)
        if text.startswith("captain: "):
            board = table.choose_captain(board, board.captain_deck.index(numbers(text)[0]))
        elif text.startswith("crew "):
            board = table.enter(board, board.hand.index(numbers(text)[0]))
        elif text.startswith("uncap: "):
            new, old = numbers(text)
            slot = next(i for i, c in enumerate(board.crew) if c.number == old)
            board = table.uncap(board, board.hand.index(new), slot)
        elif text.startswith("job change: "):
            board = table.job_change(board, board.captain_deck.index(numbers(text)[0]))
        elif text.startswith("activate summon "):
            board = table.summon(board, board.hand.index(numbers(text)[0]))
        elif " attacks (ATK " in text or " follows up (ATK " in text:
            number = numbers(text)[0]
            taken = battle[0] if battle else []
            present = [(-1, board.captain)] + list(enumerate(board.crew))
            who = next(i for i, c in present if c and c.number == number and not c.rested and i not in taken)
            battle = (taken + [who], battle[1] if battle else [])
        elif text.startswith("ougi of "):
            assert battle is not None
            battle[1].append(battle[0][-1])
    return board, log.final


def final_zones(board: Board) -> dict[str, int]:
    return {
        "deck": len(board.deck),
        "hand": len(board.hand),
        "armor": len(board.armor),
        "crystals": len(board.crystals),
        "crew": len(board.crew),
        "level_cards": sum(len(c.levels) for c in board.crew),
        "gauge_face_up": board.face_up,
        "gauge_face_down": len(board.gauge) - board.face_up,
        "captain_deck_face_down": len(board.captain_deck),
        "opp_armor": board.opp_armor,
        "opp_deck": board.opp_deck,
    }


def rush(atk: int) -> tuple[Deck, list[str]]:
    cards = [crew(f"R-{i:03d}", rank=1, atk=atk) for i in range(1, 51)]
    return deck_of(cards, [captain(atk=atk)]), [c.number for c in cards]


def captain_only() -> tuple[Deck, list[str]]:
    cards = heavy()
    return deck_of(cards), [c.number for c in cards]


def sample(seed: int) -> tuple[Deck, list[str]]:
    deck = sample_deck("gbf")
    order = [e.card for e in deck.entries("main") for _ in range(e.count)]
    random.Random(seed).shuffle(order)
    return deck, order


@pytest.mark.parametrize("going", ["first", "second"])
@pytest.mark.parametrize(
    ("harness", "opponent"),
    [
        (captain_only, {"opp_captain_hp": 2}),
        (lambda: rush(3), {"opp_captain_hp": 3}),
        (lambda: rush(2), {"opp_captain_hp": 4}),
        (lambda: sample(1), {}),
        (lambda: sample(2), {}),
    ],
    ids=["S09-captain-only", "S10-crew-rush", "S11-follow-ups", "sample-1", "sample-2"],
)
def test_the_harness_games_through_the_board_reach_the_simulators_state(harness, opponent, going) -> None:
    deck, order = harness()
    # The sample deck's texts are played by hand on the board: the goldfish plays none of them here.
    board, final = replay(deck, order, going, opponent, {"card_effects": False})
    assert board.won and board.opp_captain_down and board.opp_armor == 0
    zones = final_zones(board)
    assert zones == {z: final[z] for z in zones}


def test_setup_redraw_armor_and_the_first_turns() -> None:
    # 5-2: 5 in hand; the redraw puts the chosen cards at the bottom without a shuffle; the armor is the
    # next 5 from the top; the first player draws nothing on turn 1 but takes its crystal (6-2-5, 6-2-7);
    # the second player's opponent has drawn 0 and placed 1 crystal before its first turn.
    cards = [crew(f"R-{i:03d}", rank=1, atk=2) for i in range(1, 51)]
    deck = deck_of(cards)
    order = [c.number for c in cards]
    table = Table(deck)
    board = table.redraw(table.deal(0, True, order), [0, 2])
    assert board.hand == ("R-002", "R-004", "R-005", "R-006", "R-007")
    assert board.deck[-2:] == ("R-001", "R-003") and len(board.deck) == 45
    with pytest.raises(BoardError, match="5-2-1-5"):
        table.redraw(board, [0])
    board = table.next_turn(board)
    assert board.armor == ("R-008", "R-009", "R-010", "R-011", "R-012")
    assert (len(board.hand), len(board.deck), [c.number for c in board.crystals]) == (5, 39, ["R-013"])
    assert board.captain == Present("TG01-001C") and board.opp_hp == 4  # OQ-18: our captain's HP
    second = table.next_turn(table.deal(0, False, order))
    assert (len(second.hand), len(second.deck), second.opp_deck) == (7, 37, 39)


def test_the_crew_limits_uncap_job_change_and_summons() -> None:
    # 10-2-3: the rank total within the crystals, one per character name, three crew; uncap and job change
    # once a turn (10-4, 10-3); a summon's 〔火①〕 rests a fire crystal and one more (8-4-2).
    a, a2 = crew("A-001", rank=1, atk=2, name="A"), crew("A-002", rank=1, atk=3, name="A")
    b, c = crew("B-001", rank=1, atk=2, name="B"), crew("C-001", rank=2, atk=4, name="C")
    fire = summon("S-001", text="〔火①〕 Draw a card.")
    rank1 = captain("TG01-002C", rank=1, atk=3, hp=5)
    main = [a, a2, b, c, fire] + heavy(45)
    deck = deck_of(main, [captain(), rank1])
    order = [x.number for x in main]
    table = Table(deck)
    board = table.next_turn(table.deal(0, False, order))  # turn 1: 7 cards, 1 crystal (H-001)
    assert table.entry_error(board, "C-001").endswith("(10-2-3-1-1).")
    board = table.enter(board, board.hand.index("A-001"))
    with pytest.raises(BoardError, match="10-2-3-1-1"):
        table.enter(board, board.hand.index("B-001"))  # rank total 2 > 1 crystal
    assert table.entry_error(board, "A-002").endswith("(10-2-3-2-1).")
    assert table.uncap_slots(board, board.hand.index("A-002")) == [0]
    board = table.uncap(board, board.hand.index("A-002"), 0)
    assert board.crew == (Present("A-002", levels=("A-001",)),) and table.atk(board.crew[0]) == 5
    assert table.job_changes(board) == [0]  # the rank-1 captain within 1 crystal
    board = table.job_change(board, 0)
    assert board.captain.number == "TG01-002C" and board.past_captains == ("TG01-001C",)
    assert table.job_changes(board) == []  # once a turn (10-3-2)
    assert table.summon_error(board, "S-001").endswith("(8-4-2).")  # 1 crystal for a cost of 2
    board = table.next_turn(board)  # turn 2: 2 crystals, H-... attributes fire
    assert table.suggested_payment(board, "S-001") == [0, 1]
    board = table.summon(board, board.hand.index("S-001"))
    assert all(k.rested for k in board.crystals) and board.gauge == (GaugeCard("S-001"),)
    board = table.move(board, "crew", 0, "hand")  # 10-4-3-3-3: a level card goes instead
    assert board.crew == (Present("A-002"),) and board.gauge[-1] == GaugeCard("A-001")
    assert Board.from_dict(board.to_dict()) == board


def test_ougi_chain_burst_and_the_win() -> None:
    # S13 by hand: a captain with ATK 2 and <奥義1 ...: ATK+1> and a summon in the gauge: the ougi turns it
    # face down, 3 damage breaks an armor against HP 3 (9-4-2); the chain burst deals 1 (below HP 3:
    # nothing), the card goes to the bottom (6-5-1-2-1-4). Against HP 1 the burst breaks a second armor.
    main = [summon("S-001")] + heavy(49)
    deck = deck_of(main, [captain(atk=2, text="<奥義1 テスト:このカードのATK+1>")])
    order = [c.number for c in main]
    for hp, armor in ((3, 4), (1, 3)):
        table = Table(deck, {"opp_captain_hp": hp})
        board = table.next_turn(table.deal(0, True, order))
        board = table.summon(board, 0)
        board = table.attack(board, [-1], ougi=[-1])
        assert board.gauge == (GaugeCard("S-001", face_down=True),) and board.opp_armor == 4
        assert board.log[-2].endswith("(ATK 3, ougi); 3 damage to the opponent's captain")
        with pytest.raises(BoardError, match="7-2-1-3-1-1"):
            table.attack(board, [-1])  # rested
        board = table.next_turn(board)
        assert board.opp_armor == armor and board.gauge == () and board.deck[-1] == "S-001"
    table = Table(deck, {"opp_captain_hp": 1, "opp_armor": 0})
    board = table.attack(table.next_turn(table.deal(0, True, order)), [-1])
    assert board.won and board.log[-1] == "the opponent's captain is incapacitated: you win"


def test_the_redraw_puts_the_cards_on_the_bottom_in_the_players_order() -> None:
    # 5-2-1-5-1: the cards go under the deck "in any order" (任意の順番で): the player's, not the hand's;
    # 5-2-1-5-2: as many are drawn. Each card once, from the hand.
    cards = [crew(f"R-{i:03d}", rank=1, atk=2) for i in range(1, 51)]
    table = Table(deck_of(cards))
    board = table.deal(0, True, [c.number for c in cards])
    redrawn = table.redraw(board, [4, 0, 2])
    assert redrawn.deck[-3:] == ("R-005", "R-001", "R-003")
    assert redrawn.hand == ("R-002", "R-004", "R-006", "R-007", "R-008") and len(redrawn.deck) == 45
    for wrong in ([0, 0], [5]):
        with pytest.raises(BoardError, match="hand"):
            table.redraw(board, wrong)


def test_the_captain_is_chosen_after_the_redraw_and_the_armor() -> None:
    # 5-2-1-5 to 5-2-1-7: the redraw, then the armor (the next 5 from the top), then a rank-0 captain.
    # Choosing the captain sets the armor first and ends the chance to redraw; a redraw before it is kept.
    cards = [crew(f"R-{i:03d}", rank=1, atk=2) for i in range(1, 51)]
    deck = deck_of(cards)
    order = [c.number for c in cards]
    table = Table(deck)
    chosen = table.choose_captain(table.deal(0, True, order), 0)
    assert chosen.armor == ("R-006", "R-007", "R-008", "R-009", "R-010") and chosen.captain is not None
    assert chosen.log[-2:] == ("armor: 5 cards from the top; deck 40", f"captain: {table.names['TG01-001C']}")
    with pytest.raises(BoardError, match="5-2-1-5"):
        table.redraw(chosen, [0])
    board = table.choose_captain(table.redraw(table.deal(0, True, order), [0]), 0)
    assert board.hand[-1] == "R-006" and board.armor == ("R-007", "R-008", "R-009", "R-010", "R-011")
    board = table.next_turn(board)
    assert board.armor == ("R-007", "R-008", "R-009", "R-010", "R-011") and board.own_turn == 1


def test_the_turn_keeps_its_phases_main_then_battle() -> None:
    # 6-1-1: the main phase, then the battle phase. Crew enter (6-3-1-2-1), a job change (6-3-1-2-4) and an
    # uncap (6-3-1-2-5) are main-phase actions; the main phase ends when the player goes on to attack
    # (6-3-1-3). In the battle phase cards still attack (7-2-1-3-1) and summons are activated (7-2-1-3-4).
    a, a2 = crew("A-001", rank=1, atk=2, name="A"), crew("A-002", rank=1, atk=3, name="A")
    z = crew("Z-001", rank=0, atk=1, name="Z")
    main = [a, a2, z, summon("S-001")] + heavy(46)
    deck = deck_of(main, [captain(), captain("TG01-002C", rank=1, atk=3, hp=5)])
    table = Table(deck, {"opp_captain_hp": 9})
    board = table.next_turn(table.deal(0, False, [c.number for c in main]))  # going second: 1 crystal
    board = table.enter(board, board.hand.index("A-001"))
    assert board.phase == "main" and table.entry_error(board, "Z-001") == ""
    assert table.uncap_slots(board, board.hand.index("A-002")) == [0] and table.job_changes(board) == [0]
    battle = table.attack(board, [-1])  # the captain attacks: the battle phase
    assert battle.phase == "battle" and battle.log[-3] == "battle phase: the main phase is over (6-3-1-3)"
    assert table.entry_error(battle, "Z-001").endswith("(6-3-1-2-1, 6-3-1-3).")
    with pytest.raises(BoardError, match=r"6-3-1-2-1, 6-3-1-3"):
        table.enter(battle, battle.hand.index("Z-001"))
    assert table.uncap_slots(battle, battle.hand.index("A-002")) == []
    with pytest.raises(BoardError, match=r"6-3-1-2-5, 6-3-1-3"):
        table.uncap(battle, battle.hand.index("A-002"), 0)
    assert table.job_changes(battle) == []
    with pytest.raises(BoardError, match=r"6-3-1-2-4, 6-3-1-3"):
        table.job_change(battle, 0)
    battle = table.summon(battle, battle.hand.index("S-001"))  # a summon in the attack step (7-2-1-3-4)
    battle = table.attack(battle, [0])  # the crew member attacks in the same battle phase
    assert battle.phase == "battle" and battle.gauge == (GaugeCard("S-001"),) and battle.crew[0].rested
    board = table.next_turn(battle)
    assert board.phase == "main" and table.enter(board, board.hand.index("Z-001")).crew[-1].number == "Z-001"
    assert Board.from_dict(battle.to_dict()) == battle


def test_a_deck_at_zero_cards_loses() -> None:
    # 9-4-1-4: a player whose deck area holds 0 cards loses at the checkpoint. Short stacked decks: 5 in
    # hand and 5 armor (5-2-1-5, 5-2-1-6); going first, turn 1 only takes its crystal (6-2-5, 6-2-7) and
    # turn 2 draws 2 and takes the last card as its crystal: 0 cards, lost at 6-2-8. Going second with 2
    # cards left, the draw empties the deck: lost at 6-2-6, before the crystal.
    cards = [crew(f"R-{i:03d}", rank=1, atk=2) for i in range(1, 51)]
    order = [c.number for c in cards]
    table = Table(deck_of(cards))
    board = table.next_turn(table.deal(0, True, order[:14]))
    assert (len(board.deck), len(board.crystals), board.over) == (3, 1, False)
    drawn = table.draw(table.draw(table.draw(board)))  # card text drawing the deck out, by hand
    assert drawn.lost and drawn.ending == "The game is over: your deck is empty, you lose (9-4-1-4)."
    board = table.next_turn(board)
    assert board.lost and not board.won and board.deck == () and len(board.crystals) == 2
    assert board.log[-1] == "your deck is empty: you lose at the checkpoint (9-4-1-4)"
    second = table.next_turn(table.deal(0, False, order[:12]))
    assert second.lost and second.crystals == () and len(second.hand) == 7
    assert second.log[-2:] == (
        f"turn 1: untap, draw {table.names['R-011']}, {table.names['R-012']}",
        "your deck is empty: you lose at the checkpoint (9-4-1-4)",
    )
    for action in (table.next_turn, lambda b: table.enter(b, 0), lambda b: table.attack(b, [-1])):
        with pytest.raises(BoardError, match=r"your deck is empty, you lose \(9-4-1-4\)"):
            action(board)
    assert not table.may_attack(board) and table.job_changes(board) == []
