"""The FFTCG playtest board (engine/board/fftcg.py): the rules it shares with the goldfish, and the
harness games of docs/rules/fftcg.md §12.2 played through its actions reaching the simulator's state."""

from __future__ import annotations

import re

import pytest

from engine import Card, Deck, DeckEntry
from engine.board.fftcg import Board, BoardError, FieldCard, Table
from engine.goldfish import get_simulator

SIM = get_simulator("fftcg")


def vanilla(haste: bool = False, cost: int = 2) -> tuple[Deck, list[str]]:
    """50 copies of one Fire Forward (multi-playable), stacked: the harness decks VF2, VH2, VF3."""
    keywords = ("multi-playable", "haste") if haste else ("multi-playable",)
    card = Card("V-001", "Vanilla", "forward", ("fire",), cost, keywords=keywords)
    deck = Deck("fftcg", "constructed", {"main": (DeckEntry("V-001", 50),)}, {"V-001": card})
    return deck, ["V-001"] * 50


def backups_first() -> tuple[Deck, list[str]]:
    """S09: two vanilla Fire Backups of cost 2 on top of vanilla Fire Forwards of cost 2."""
    backup = Card("B-001", "Hearth", "backup", ("fire",), 2, keywords=("multi-playable",))
    forward = Card("V-001", "Vanilla", "forward", ("fire",), 2, keywords=("multi-playable",))
    cards = {"B-001": backup, "V-001": forward}
    deck = Deck("fftcg", "constructed", {"main": (DeckEntry("B-001", 2), DeckEntry("V-001", 48))}, cards)
    return deck, ["B-001", "B-001"] + ["V-001"] * 48


NAMED = re.compile(r"[^,(]+ \(([^)]+)\)")


def replay(deck: Deck, order: list[str], going: str) -> tuple[Board, dict[str, int]]:
    """The simulator's game of the stacked deck, played again through the board's actions: each turn's
    casts (with the same discards and dulled Backups), attacks and end-of-turn discards. Returns the
    board at the end and the simulator's final zones."""
    log = SIM.play_stacked(deck, SIM.params(going=going, max_turns=20), order)
    table = Table(deck)
    board = table.deal(0, going == "first", order)
    for event in log.events:
        if event.turn > board.own_turn and event.phase not in ("setup", "opponent", "result"):
            while board.own_turn < event.turn:
                board = table.next_turn(board)
        text = event.text
        if text.startswith("cast "):
            card, *_ = NAMED.findall(text.split(" for ")[0])
            paid = text.split(" by ", 1)[1] if " by " in text else ""
            discarded = NAMED.findall(paid.split(" and dulling ")[0]) if paid.startswith("discarding") else []
            dulled_names = NAMED.findall(paid.split("dulling ", 1)[1]) if "dulling " in paid else []
            hand_pos = board.hand.index(card)
            discards: list[int] = []
            for number in discarded:
                discards.append(next(p for p, n in enumerate(board.hand) if n == number and p != hand_pos
                                     and p not in discards))  # fmt: skip
            dulled: list[tuple[str, int]] = []
            for number in dulled_names:
                dulled.append(next(s for s in table.cp_sources(board) if s not in dulled
                                   and getattr(board, s[0])[s[1]].number == number))  # fmt: skip
            board = table.cast(board, hand_pos, discards, dulled)
        elif " attacks: " in text:
            (number,) = NAMED.findall(text.split(" attacks")[0])
            board = table.attack(
                board, next(i for i in table.attackers(board) if board.forwards[i].number == number)
            )
        elif text.startswith("hand limit: discard "):
            (number,) = NAMED.findall(text)
            board = table.move(board, "hand", board.hand.index(number), "break_zone")
    return board, log.final


@pytest.mark.parametrize("going", ["first", "second"])
@pytest.mark.parametrize(
    "harness", [vanilla, lambda: vanilla(haste=True), lambda: vanilla(cost=3), backups_first],
    ids=["S05-VF2", "S06-VH2", "S07-VF3", "S09-backups"],
)  # fmt: skip
def test_the_harness_games_through_the_board_reach_the_simulators_state(harness, going) -> None:
    deck, order = harness()
    board, final = replay(deck, order, going)
    assert board.won and board.opp_damage == final["opp_damage"] == 7
    zones = ("deck", "hand", "forwards", "backups", "break_zone")
    assert {z: len(getattr(board, z)) for z in zones} == {z: final[z] for z in zones}
    assert board.opp_deck == final["opp_deck"]


def test_setup_mulligan_and_draws() -> None:
    # S01-S03: 5 in hand, 45 in the deck; one mulligan puts the 5 at the bottom in order; the first
    # player draws 1 on turn 1, then 2 a turn; the second player 2 from its first turn.
    deck, _ = vanilla()
    table = Table(deck)
    order = ["V-001"] * 50
    board = table.deal(1, True, order)
    assert (len(board.hand), len(board.deck), board.opp_deck) == (5, 45, 45)
    board = table.mulligan(board)
    with pytest.raises(BoardError, match="8.2.1.4"):
        table.mulligan(board)
    assert len(table.next_turn(board).hand) == 6
    second = table.next_turn(table.deal(1, False, order))
    assert (len(second.hand), second.opp_deck) == (7, 44)  # the opponent went first and drew 1


@pytest.mark.parametrize(
    "text",
    [
        "Lyra is also Card Name Noble in all situations.",
        "Lyra is also Card Name Kupo and Card Name Noble in all situations.",
        "You cannot play Lyra or Card Name Noble while already in control of either Character.",
    ],
)
def test_another_name_counts_for_the_field_limit(text) -> None:
    # 7.7.3 counts the names a card's text gives it or shares the limit with: with Noble on the field Lyra
    # is refused (and the other way round), each a 1-cost Fire Forward paid by a Vanilla's discard
    noble = Card("N-001", "Noble", "forward", ("fire",), 1)
    lyra = Card("L-001", "Lyra", "forward", ("fire",), 1, text=text)
    kupo = Card("K-001", "Kupo", "forward", ("fire",), 1)
    plain = Card("V-001", "Vanilla", "forward", ("fire",), 2, keywords=("multi-playable",))
    main = (DeckEntry("K-001", 1), DeckEntry("L-001", 1), DeckEntry("N-001", 1), DeckEntry("V-001", 47))
    deck = Deck(
        "fftcg", "constructed", {"main": main}, {"N-001": noble, "L-001": lyra, "K-001": kupo, "V-001": plain}
    )
    table = Table(deck)
    order = ["N-001", "L-001", "V-001", "V-001", "V-001"] + ["V-001"] * 44 + ["K-001"]
    board = table.next_turn(table.deal(0, True, order))  # hand: Noble, Lyra, Vanilla x 4
    with pytest.raises(BoardError, match="7.7.3"):
        table.cast(table.cast(board, 0, [2]), 0, [1])  # Noble, then Lyra
    with pytest.raises(BoardError, match="7.7.3"):
        table.cast(table.cast(board, 1, [2]), 0, [1])  # Lyra, then Noble


def test_the_rules_refuse_what_they_refuse() -> None:
    noble = Card("N-001", "Noble", "forward", ("fire",), 1)  # one per name on the field (7.7.3)
    plain = Card("V-001", "Vanilla", "forward", ("fire",), 2, keywords=("multi-playable",))
    deck = Deck(
        "fftcg", "constructed", {"main": (DeckEntry("N-001", 3), DeckEntry("V-001", 47))},
        {"N-001": noble, "V-001": plain},
    )  # fmt: skip
    table = Table(deck)
    order = ["N-001", "N-001", "V-001", "V-001", "V-001"] + ["V-001"] * 42 + ["N-001"] * 3
    board = table.next_turn(table.deal(0, True, order))  # hand: Noble, Noble, Vanilla x 4
    with pytest.raises(BoardError, match="11.4.6"):
        table.cast(board, 2)  # nothing paid for a cost of 2
    with pytest.raises(BoardError, match="11.4.6"):
        table.cast(board, 2, [3, 4])  # 4 CP for 2: more excess than a discard allows (5.2.1.3.1)
    board = table.cast(board, 0, [2])  # Noble for 1, a discard of 2 CP: the 1 excess allowed
    with pytest.raises(BoardError, match="7.7.3"):
        table.cast(board, 0, [1])  # the other Noble
    with pytest.raises(BoardError, match="10.1.2.1.1"):
        table.attack(board, 0)  # it entered this turn, no Haste
    board = table.cast(board, 1, [2])  # a Vanilla, paid by discarding the other Noble's... a Vanilla
    assert [c.number for c in board.forwards] == ["N-001", "V-001"] and len(board.break_zone) == 2
    board = table.next_turn(board)
    board = table.attack(table.attack(board, 0), 1)
    assert board.opp_damage == 2 and all(c.dull for c in board.forwards)
    with pytest.raises(BoardError, match="10.1.2.1"):
        table.attack(board, 0)  # dull now
    while len(board.hand) <= 5:
        board = table.next_turn(board)
    with pytest.raises(BoardError, match="9.5.1.2"):
        table.next_turn(board)
    board = table.move(board, "hand", 0, "break_zone")  # the discard (9.5.1.2)
    assert Board.from_dict(board.to_dict()) == board  # the board keeps as JSON (a visitor's session)


def test_the_hand_actions_for_what_the_board_does_not_read() -> None:
    # Text the board does not play is done by hand: search, shuffle, look at the top, dull or activate,
    # break or return a card. A shuffle depends on the seed and the actions so far: a replay shuffles alike.
    deck, _ = backups_first()
    table = Table(deck)
    order = ["V-001"] * 10 + ["B-001"] + ["V-001"] * 38 + ["B-001"]
    board = table.next_turn(table.deal(3, True, order))
    board = table.search(board, "B-001")
    assert board.hand.count("B-001") == 1 and board.deck.count("B-001") == 1 and len(board.deck) == 43
    assert table.shuffle(board) == table.shuffle(board) and table.shuffle(board).deck != board.deck
    assert table.reveal(board, 2).log[-1] == (
        f"top 2 of the deck: {', '.join(table.names[c] for c in board.deck[:2])}"
    )
    board = table.cast(board, board.hand.index("B-001"), [0])
    assert board.backups[0].dull  # Backups enter dull (5.2.3.1.1.3)
    board = table.toggle(board, "backups", 0)
    assert not board.backups[0].dull and table.cp_sources(board) == [("backups", 0)]
    board = table.move(board, "backups", 0, "break_zone")
    assert board.backups == () and board.break_zone[-1] == "B-001"
    assert board.log[-1] == "Hearth from the Backups to the break zone"
    with pytest.raises(BoardError, match="not in the deck"):
        table.search(board, "X-000")


def test_a_limit_break_card_is_cast_by_turning_other_lb_cards_up() -> None:
    # 15.2.8.3: Verdant (cost 3, Limit Break 2, Haste) from the LB deck of 3: its LB cost turns the two
    # other face-down cards up (OQ-5: not itself), its 3 CP are two discards (4 CP, 1 excess allowed);
    # with Haste it attacks at once. Then no face-down card is left to pay another LB cost.
    vanilla_card = Card("V-001", "Vanilla", "forward", ("fire",), 2, keywords=("multi-playable",))
    keywords = ("multi-playable", "haste", "limit-break")
    verdant = Card("L-001", "Verdant", "forward", ("fire",), 3, keywords=keywords, lb_cost=2)
    deck = Deck(
        "fftcg", "constructed", {"main": (DeckEntry("V-001", 50),), "lb": (DeckEntry("L-001", 3),)},
        {"V-001": vanilla_card, "L-001": verdant},
    )  # fmt: skip
    table = Table(deck)
    board = table.next_turn(table.deal(0, True, ["V-001"] * 50))
    assert [table.lb_castable(board, q) for q in range(3)] == [True, True, True]
    discards, dulled = table.suggested_lb_payment(board, 0)
    assert (len(discards), dulled) == (2, [])
    board = table.cast_lb(board, 0, discards, dulled)
    assert (board.lb_deck, board.lb_up) == (("L-001", "L-001"), (True, True))
    assert not table.lb_castable(board, 0) and table.suggested_lb_payment(board, 0) is None
    assert len(board.hand) == 4 and [c.number for c in board.forwards] == ["L-001"]
    assert table.attack(board, 0).opp_damage == 1  # Haste
    with pytest.raises(BoardError, match="15.2.8.3"):
        table.cast_lb(board, 0, [0])


def test_any_card_moves_to_any_zone_by_hand() -> None:
    # For card text the board does not play: hand to the top or bottom of the deck, hand to the break zone
    # and back, the deck's top card or a hand card straight onto the field (a Backup enters dull,
    # 5.2.3.1.1.3; a Forward as new, 10.1.2.1.1), a field card back to the deck.
    deck, order = backups_first()
    table = Table(deck)
    board = table.deal(0, True, order)
    board = table.move(board, "hand", 0, "deck")
    assert (len(board.hand), len(board.deck), board.deck[0]) == (4, 46, order[0])
    board = table.move(board, "hand", 0, "deck-bottom")
    assert len(board.deck) == 47 and board.deck[-1] == order[1]
    assert board.log[-1] == f"{table.names[order[1]]} from the hand to the bottom of the deck"
    board = table.move(board, "hand", 0, "break_zone")
    board = table.move(board, "break_zone", 0, "hand")
    assert (len(board.hand), board.break_zone) == (3, ())
    board = table.move(board, "deck", 0, "forwards")
    assert board.forwards == (FieldCard(order[0]),) and len(board.deck) == 46
    board = table.move(board, "forwards", 0, "backups")
    assert board.backups == (FieldCard(order[0], dull=True),) and board.forwards == ()
    board = table.move(board, "backups", 0, "deck-bottom")
    assert board.backups == () and board.deck[-1] == order[0]
    board = table.move(board, "deck", 0, "damage")  # as a card's text deals you damage (6.5)
    assert len(board.damage) == 1 and board.log[-1].endswith("from the deck to the damage zone")
    with pytest.raises(BoardError, match="no such card"):
        table.move(board, "monsters", 0, "hand")
    with pytest.raises(BoardError, match="change state: forwards, backups, monsters"):
        table.toggle(board, "hand", 0)  # a hand card is neither dull nor active
    with pytest.raises(BoardError, match=r"15\.2\.8\.4"):
        table.move(board, "hand", 0, "lb_deck")  # only a Limit Break card goes to the LB deck
    tools = table.tools(board)
    assert ("move:deck-bottom", "bottom of the deck") in tools["move_to"]
    assert tools["move_cards"][0] == ("deck", [("deck:0", "its top card")])
    assert [label for label, _ in tools["move_cards"]] == ["deck", "hand", "damage zone"]  # zones with cards


def test_a_forward_attacks_once_a_turn_brave_too() -> None:
    # 10.1.2.1.2: a Forward that has already attacked is not chosen again. Brave keeps it active
    # (10.1.2.2), which is no second attack: the Brave Forward (Haste too, so it attacks on the turn it
    # enters) deals 1 point this turn, is refused the second time, and attacks again next turn.
    keywords = ("multi-playable", "haste", "brave")
    brave = Card("BR-001", "Valiant", "forward", ("fire",), 2, keywords=keywords)
    deck = Deck("fftcg", "constructed", {"main": (DeckEntry("BR-001", 50),)}, {"BR-001": brave})
    table = Table(deck)
    board = table.next_turn(table.deal(0, False, ["BR-001"] * 50))
    board = table.cast(board, 0, [1])
    board = table.attack(board, 0)
    assert board.opp_damage == 1 and not board.forwards[0].dull  # Brave: it stays active
    assert table.attackers(board) == []
    with pytest.raises(BoardError, match=r"10\.1\.2\.1\.2"):
        table.attack(board, 0)
    board = table.next_turn(board)
    assert table.attackers(board) == [0] and table.attack(board, 0).opp_damage == 2
    assert Board.from_dict(board.to_dict()) == board


@pytest.mark.parametrize(("keywords", "damage"), [(("haste", "brave"), 2), (("haste",), 1)])
def test_a_forward_whose_text_says_so_attacks_twice_while_active(keywords, damage) -> None:
    # "Valiant can attack twice in the same turn." lifts 10.1.2.1.2 once; the second attack needs it active
    # (10.1.2.1.1): with Brave it attacks twice (2 points) and is refused a third time; without, it is dull.
    text = "Valiant can attack twice in the same turn."
    twice = Card(
        "BR-001", "Valiant", "forward", ("fire",), 2, keywords=("multi-playable", *keywords), text=text
    )
    deck = Deck("fftcg", "constructed", {"main": (DeckEntry("BR-001", 50),)}, {"BR-001": twice})
    table = Table(deck)
    board = table.cast(table.next_turn(table.deal(0, False, ["BR-001"] * 50)), 0, [1])
    board = table.attack(board, 0)
    if damage == 2:
        assert table.attackers(board) == [0]
        board = table.attack(board, 0)
    assert board.opp_damage == damage and table.attackers(board) == []
    with pytest.raises(BoardError, match=r"10\.1\.2\.1"):
        table.attack(board, 0)
    assert Board.from_dict(board.to_dict()) == board


def test_a_forward_whose_text_doubles_its_damage_deals_2_points_alone() -> None:
    # "If Ogre deals damage to your opponent, double the damage instead.": alone, 2 points (2 cards of the
    # opponent's deck to its damage zone, 6.5); in a party (it is not the one that deals the damage), 1.
    text = "If Ogre deals damage to your opponent, double the damage instead."
    ogre = Card("DB-001", "Ogre", "forward", ("fire",), 2, keywords=("multi-playable", "haste"), text=text)
    imp = Card("DB-002", "Imp", "forward", ("fire",), 2, keywords=("multi-playable", "haste"))
    entries = (DeckEntry("DB-001", 25), DeckEntry("DB-002", 25))
    deck = Deck("fftcg", "constructed", {"main": entries}, {"DB-001": ogre, "DB-002": imp})
    table = Table(deck)
    board = table.next_turn(table.deal(0, False, ["DB-001", "DB-002"] + ["DB-001"] * 24 + ["DB-002"] * 24))
    board = table.cast(table.cast(board, 0, [2]), 0, [1])  # Ogre, then Imp, each paid with a discard
    alone = table.attack(board, 0)
    assert (alone.opp_damage, alone.opp_deck) == (2, board.opp_deck - 2)
    party = table.party_attack(board, [0, 1])
    assert (party.opp_damage, party.opp_deck) == (1, board.opp_deck - 1)


def test_a_summon_that_chooses_is_cast_only_with_something_to_choose() -> None:
    # 11.3.3: a Summon that "chooses" is not cast without a legal choice. The opponent controls nothing,
    # so Cyclone Call ("Choose 1 dull Forward. Break it.") waits for a dull Forward of yours; a choice
    # of the opponent's characters never has one; a Summon that chooses nothing is cast at once.
    cyclone = Card(
        "S-001", "Cyclone Call", "summon", ("wind",), 2, text="EX BURST Choose 1 dull Forward. Break it."
    )
    sanction = Card(
        "S-002", "Sanction", "summon", ("wind",), 1, text="Choose 1 Forward opponent controls. Dull it."
    )
    riptide = Card(
        "S-003",
        "Riptide",
        "summon",
        ("wind",),
        1,
        text="Choose 1 Forward of cost 1 or less. Return it to its owner's hand.",
    )
    gust = Card("S-004", "Gust", "summon", ("wind",), 1, text="Draw 1 card.")
    plain = Card("V-001", "Vanilla", "forward", ("wind",), 2, keywords=("multi-playable",))
    cards = {c.number: c for c in (cyclone, sanction, riptide, gust, plain)}
    main = tuple(DeckEntry(n, 3) for n in ("S-001", "S-002", "S-003", "S-004")) + (DeckEntry("V-001", 38),)
    deck = Deck("fftcg", "constructed", {"main": main}, cards)  # fmt: skip
    table = Table(deck)
    order = ["S-001", "S-002", "S-003", "S-004", "V-001"] + ["V-001"] * 45
    board = table.next_turn(table.deal(0, False, order))  # hand: the four Summons and Vanilla x 3
    with pytest.raises(BoardError, match=r"11\.3\.3"):
        table.cast(board, 0, [5])
    assert table.suggested_payment(board, 0) is None  # greyed out on the page
    assert table.cast(board, 3, [5]).break_zone[-1] == "S-004"
    board = table.cast(board, 4, [5])  # Vanilla (cost 2) onto the field, active
    with pytest.raises(BoardError, match=r"11\.3\.3"):
        table.cast(board, 0, [4])  # an active Forward is no dull Forward
    with pytest.raises(BoardError, match=r"11\.3\.3"):
        table.cast(board, 2, [4])  # cost 2 is not cost 1 or less
    board = table.toggle(board, "forwards", 0)  # dull now
    assert table.cast(board, 0, [4]).break_zone[-1] == "S-001"
    with pytest.raises(BoardError, match=r"11\.3\.3"):
        table.cast(board, 1, [4])  # the opponent controls no Forward


def test_limit_break_cards_go_back_to_the_lb_deck_face_up() -> None:
    # 15.2.8.4.3: an LB Summon that resolves goes to the LB deck face up, not the break zone. 15.2.8.4.1,
    # 15.2.8.4.4: an LB character that leaves the field for any zone (the break zone, the hand, the deck)
    # goes on to the LB deck face up. The move form offers the LB deck as a zone.
    vanilla_card = Card("V-001", "Vanilla", "forward", ("fire",), 2, keywords=("multi-playable",))
    verdant = Card("L-001", "Verdant", "forward", ("fire",), 1, keywords=("limit-break",), lb_cost=1)
    nova = Card(
        "L-002", "Nova", "summon", ("fire",), 1, keywords=("limit-break",), lb_cost=1, text="Draw 1 card."
    )
    sections = {"main": (DeckEntry("V-001", 50),), "lb": (DeckEntry("L-001", 2), DeckEntry("L-002", 2))}
    deck = Deck("fftcg", "constructed", sections, {"V-001": vanilla_card, "L-001": verdant, "L-002": nova})
    table = Table(deck)
    board = table.next_turn(table.deal(0, False, ["V-001"] * 50))
    assert board.lb_deck == ("L-001", "L-001", "L-002", "L-002")
    board = table.cast_lb(board, 2, [0], [], [3])  # Nova, its LB cost the other Nova turned up
    assert board.break_zone == ("V-001",)  # the discard only
    assert (board.lb_deck, board.lb_up) == (("L-001", "L-001", "L-002", "L-002"), (False, False, True, True))
    board = table.cast_lb(board, 0, [0], [], [1])  # Verdant, the other Verdant turned up
    assert [c.number for c in board.forwards] == ["L-001"] and board.lb_up == (True, True, True)
    for dest in ("break_zone", "hand", "deck"):
        moved = table.move(board, "forwards", 0, dest)
        assert moved.forwards == () and (moved.lb_deck[-1], moved.lb_up[-1]) == ("L-001", True)
        assert "L-001" not in moved.hand + moved.break_zone + moved.deck[:1]
        assert moved.log[-1].endswith("then to the LB deck face up (15.2.8.4.1)")
    assert ("move:lb_deck", "LB deck") in table.tools(board)["move_to"]
    assert table.move(board, "forwards", 0, "lb_deck").lb_deck[-1] == "L-001"


def test_the_turn_keeps_its_phases_main_attack_main() -> None:
    # 9.3.1.1: main phase 1, the attack phase, main phase 2, once each. An attack begins the attack phase
    # (9.4); a character is cast only in a main phase (9.3.1.5), so casting one after the attacks is main
    # phase 2, and no Forward attacks after it; a Summon is cast in the attack phase too (9.3.1.6).
    gust = Card("S-004", "Gust", "summon", ("fire",), 1, text="Draw 1 card.")
    plain = Card("V-001", "Vanilla", "forward", ("fire",), 1, keywords=("multi-playable",))
    deck = Deck("fftcg", "constructed", {"main": (DeckEntry("S-004", 3), DeckEntry("V-001", 47))},
                {"S-004": gust, "V-001": plain})  # fmt: skip
    table = Table(deck)
    board = table.next_turn(table.deal(0, False, ["V-001"] * 3 + ["S-004"] + ["V-001"] * 46))
    board = table.cast(table.cast(board, 0, [1]), 0, [2])  # two Forwards in main phase 1
    board = table.next_turn(board)
    assert board.phase == "main 1" and table.attackers(board) == [0, 1]
    board = table.attack(board, 0)
    assert board.phase == "attack"
    board = table.cast(board, board.hand.index("S-004"), [1])  # a Summon: still the attack phase
    assert board.phase == "attack" and table.attackers(board) == [1]
    main2 = table.cast(board, 0, [1])  # a Forward: main phase 2
    assert main2.phase == "main 2" and main2.log[-2] == "main phase 2: the attack phase is over (9.3.1.1)"
    assert table.attackers(main2) == []
    with pytest.raises(BoardError, match=r"9\.3\.1\.1"):
        table.attack(main2, 1)
    assert table.attack(board, 1).opp_damage == 2  # before main phase 2, the other Forward attacks
    assert table.next_turn(main2).phase == "main 1"


def test_drawing_from_the_empty_main_deck_loses() -> None:
    # 3.1.2, 12.4.2: a player who tries to draw from an empty main deck loses; a deck at 0 cards is no loss
    # until then. 9 cards stacked: 5 in hand, turn 1 draws 1 (going first, 9.2.1.3), turn 2 draws 2, then 1
    # is left: drawn by hand it leaves 0, and the next draw, by hand or at the turn's start, loses.
    plain = Card("V-001", "Vanilla", "forward", ("fire",), 1, keywords=("multi-playable",))
    deck = Deck("fftcg", "constructed", {"main": (DeckEntry("V-001", 50),)}, {"V-001": plain})
    table = Table(deck)

    def discard_to_five(board: Board) -> Board:
        while len(board.hand) > 5:  # 9.5.1.2, by hand
            board = table.move(board, "hand", 0, "break_zone")
        return board

    board = table.deal(0, True, ["V-001"] * 9)
    for _ in (1, 2):
        board = discard_to_five(table.next_turn(board))
    assert len(board.deck) == 1 and not board.over
    board = discard_to_five(table.draw(board))  # the last card: the deck at 0 is no loss yet
    assert board.deck == () and not board.over
    assert table.cast(board, 0, [1]).forwards[0].number == "V-001"  # the game goes on at 0 cards
    by_hand = table.draw(board)  # card text drawing from the empty deck
    assert by_hand.lost and by_hand.log[-1] == "draw: your main deck is empty, you lose (12.4.2)"
    at_turn = table.next_turn(board)
    assert at_turn.lost and at_turn.own_turn == 3 and not at_turn.won
    assert at_turn.log[-2:] == (
        "turn 3: untap, draw nothing",
        "your main deck is empty: you cannot draw, you lose (12.4.2)",
    )
    for over in (by_hand, at_turn):
        for action in (
            table.next_turn,
            table.draw,
            lambda b: table.cast(b, 0, [1]),
            lambda b: table.attack(b, 0),
        ):
            with pytest.raises(BoardError, match=r"you lose \(3\.1\.2, 12\.4\.2\)"):
                action(over)
    assert Board.from_dict(at_turn.to_dict()) == at_turn


def test_a_discard_may_pay_one_excess_cp_beside_a_backup() -> None:
    # 11.4.6.4, 5.2.1.3.1: no excess CP, except 1 (per element paid) when a card is discarded. The seed says
    # nothing of a source the payment could do without: a cost-2 Fire Forward paid with an active Fire
    # Backup (1 CP) and a Fire discard (2 CP) makes 3 CP, 1 excess from the discard: legal (the spec's
    # minimality reading, OQ-6, refused it). 5 CP (two discards and the Backup) is 3 excess: refused.
    helper = Card("B-001", "Helper", "backup", ("fire",), 1, keywords=("multi-playable",))
    plain = Card("V-001", "Vanilla", "forward", ("fire",), 2, keywords=("multi-playable",))
    deck = Deck("fftcg", "constructed", {"main": (DeckEntry("B-001", 3), DeckEntry("V-001", 47))},
                {"B-001": helper, "V-001": plain})  # fmt: skip
    table = Table(deck)
    board = table.next_turn(table.deal(0, True, ["B-001"] + ["V-001"] * 49))
    board = table.next_turn(table.cast(board, 0, [1]))  # the Backup enters dull; next turn it is active
    assert [c.dull for c in board.backups] == [False] and board.hand == ("V-001",) * 6
    with pytest.raises(BoardError, match=r"11\.4\.6"):
        table.cast(board, 0, [1, 2], [("backups", 0)])
    cast = table.cast(board, 0, [1], [("backups", 0)])
    assert [c.number for c in cast.forwards] == ["V-001"] and cast.backups[0].dull
    assert cast.break_zone == ("V-001", "V-001")
    assert table.suggested_payment(board, 0) == (
        [1],
        [],
    )  # the goldfish's own choice pays no more than needed


def party_deck() -> tuple[Deck, Table]:
    """Haste Forwards (so they attack on the turn they enter): two Fire, one Fire and Ice, one Water."""
    keywords = ("multi-playable", "haste")
    cards = {
        "F-001": Card("F-001", "Blaze", "forward", ("fire",), 1, keywords=keywords),
        "F-002": Card("F-002", "Ember", "forward", ("fire",), 1, keywords=keywords),
        "FI-001": Card("FI-001", "Frostfire", "forward", ("fire", "ice"), 1, keywords=keywords),
        "W-001": Card("W-001", "Tide", "forward", ("water",), 1, keywords=keywords),
    }
    main = tuple(DeckEntry(n, 14 if n == "W-001" else 12) for n in cards)
    deck = Deck("fftcg", "constructed", {"main": main}, cards)
    return deck, Table(deck)


def fielded(table: Table, numbers: list[str]) -> Board:
    """Own turn 1 going second, these Forwards on the field (put there by hand: new, with Haste)."""
    board = table.next_turn(table.deal(0, False, numbers + ["W-001"] * 46))
    for _ in numbers:
        board = table.move(board, "hand", 0, "forwards")
    return board


def test_forwards_of_one_element_attack_as_a_party_for_one_point() -> None:
    # 10.1.2.1, 15.1.1.9.1-15.1.1.9.4: Forwards that share an element may attack together as a party, as
    # one Forward; unblocked (the opponent here never blocks) it deals 1 point (10.1.4.1, and the seed's
    # guide: a party's unblocked attack deals the opponent 1 point). Each dulls and has attacked.
    _, table = party_deck()
    board = fielded(table, ["F-001", "F-002", "FI-001", "W-001"])
    party = table.party_attack(board, [0, 1, 2])  # Fire, Fire, Fire and Ice: all share Fire
    assert party.opp_damage == 1 and party.opp_deck == board.opp_deck - 1
    assert [(c.dull, c.attacked) for c in party.forwards] == [(True, True)] * 3 + [(False, False)]
    assert "a party of Blaze, Ember, Frostfire attack: opponent damage 1" in party.log[-1]
    assert table.attackers(party) == [3]  # the Water Forward still attacks alone
    assert table.attack(party, 3).opp_damage == 2


def test_a_party_refuses_mixed_elements_and_forwards_that_may_not_attack() -> None:
    _, table = party_deck()
    board = fielded(table, ["F-001", "F-002", "FI-001", "W-001"])
    with pytest.raises(BoardError, match=r"15\.1\.1\.9\.2"):
        table.party_attack(board, [0, 3])  # Fire and Water share no element
    with pytest.raises(BoardError, match=r"15\.1\.1\.9\.1"):
        table.party_attack(board, [0])  # a party of one is an attack alone
    attacked = table.attack(board, 0)
    with pytest.raises(BoardError, match=r"10\.1\.2\.1"):  # 15.1.1.9.3: only Forwards that may attack
        table.party_attack(attacked, [0, 1])
    assert table.party_attack(attacked, [1, 2]).opp_damage == 2


def test_the_mulligan_puts_the_five_on_the_bottom_in_the_players_order() -> None:
    # 8.2.1.4: the five cards go to the bottom "in any order" (好きな順番で), then five are drawn.
    _, table = party_deck()
    order = ["F-001", "F-002", "FI-001", "W-001", "F-001"] + ["W-001"] * 45
    board = table.deal(0, True, order)
    after = table.mulligan(board, [3, 0, 4, 2, 1])
    assert after.deck[-5:] == ("W-001", "F-001", "F-001", "FI-001", "F-002")
    assert after.hand == ("W-001",) * 5 and len(after.deck) == 45
    assert "Tide, Blaze, Blaze, Frostfire, Ember to the bottom" in after.log[-1]
    for wrong in ([0, 1, 2, 3], [0, 0, 1, 2, 3], [0, 1, 2, 3, 5]):
        with pytest.raises(BoardError, match=r"8\.2\.1\.4"):
            table.mulligan(board, wrong)
