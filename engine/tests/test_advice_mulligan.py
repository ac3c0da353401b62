"""Keep or mulligan this hand (engine.advice.mulligan, engine.stats.exact_with_hand): in each game a deck of
half cheap and half uncastable cards, whose hand of uncastable cards must be mulliganed and whose hand of
cheap cards must be kept; the exact odds of either choice worked by hand (hypergeometric sums: the
cards not yet seen are a uniform random order, so the k cards that reach the hand from them are a uniform
k-subset of them, and P(at least one cheap card) = 1 - C(uncastable ones, k) / C(unseen, k))."""

from __future__ import annotations

from fractions import Fraction
from math import comb

import pytest

from engine import Card, Deck, DeckEntry
from engine.advice.mulligan import KEEP, MULLIGAN, HandError, advise, advise_each, answer, check_hand
from engine.games import get_game
from engine.games.base import DrawRules, Mulligan
from engine.goldfish import get_simulator
from engine.stats import Group, exact_with_hand, not_in_main

GAMES = 2_000  # each way: the differences here are tens of points, far beyond this many games' noise


def _deck(game: str, fmt: str, main: list[tuple[Card, int]], **other: tuple[Card, int]) -> Deck:
    cards = {c.number: c for c, _ in [*main, *other.values()]}
    sections = {"main": tuple(DeckEntry(c.number, n) for c, n in main)}
    sections |= {name: (DeckEntry(c.number, n),) for name, (c, n) in other.items()}
    return Deck(game, fmt, sections, cards)


def _spread(make, prefix: str, total: int) -> list[tuple[Card, int]]:
    """`total` copies of vanilla cards made by make(number), three of each number (the last fewer)."""
    return [(make(f"{prefix}-{i:03d}"), min(3, total - 3 * (i - 1))) for i in range(1, (total + 2) // 3 + 1)]


def fftcg_deck() -> Deck:
    """25 Fire Forwards of cost 2 and 25 of cost 40, which no payment reaches (2 CP a discarded card, a
    hand of at most 5 at the end of a turn)."""

    def forward(cost):
        return lambda n: Card(n, f"テスト{n}", "forward", ("fire",), cost, keywords=("multi-playable",))

    return _deck("fftcg", "constructed", _spread(forward(2), "C", 25) + _spread(forward(40), "H", 25))


def dbsfw_deck() -> Deck:
    """25 red Battle cards of cost 1 and 25 of cost 99 (no energy reaches it), under a red Leader."""

    def battle(cost):
        return lambda n: Card(
            n,
            f"テスト{n}",
            "battle",
            ("red",),
            cost,
            power=15000,
            specified_cost={"red": 1},
            combo_power=5000,
        )

    lead = Card("TL-001", "テストリーダー", "leader", ("red",), power=15000)
    main = _spread(battle(1), "C", 25) + _spread(battle(99), "H", 25)
    return _deck("dbsfw", "standard", main, leader=(lead, 1))


def gbf_deck() -> Deck:
    """25 rank-1 crew and 25 of rank 9 (never reached in a game), a rank-0 captain."""

    def crew(rank):
        return lambda n: Card(n, f"[{n}]{n}", "crew", ("fire",), rank=rank, atk=2, hp=3, character_name=n)

    captain = Card(
        "TG01-001C", "[見習い]テスト団長(男)", "captain", (), rank=0, atk=2, hp=4, gender="男",
        character_name="テスト団長",
    )  # fmt: skip
    main = _spread(crew(1), "C", 25) + _spread(crew(9), "H", 25)
    return _deck("gbf", "standard", main, captain=(captain, 1))


def fireforce_deck() -> Deck:
    """20 Units with Flame of cost 1 and 20 of cost 9 without Flame (never payable: at most 5 Flame cards
    and the Flame Units give Flame), and the Flame deck."""

    def unit(cost, flame):
        keywords = ("has-flame",) if flame else ()
        return lambda n: Card(n, f"テスト{n}", "unit", ("試験隊",), cost, 2000, keywords=keywords)

    flame = Card("FL-001", "炎", "flame", keywords=("has-flame",))
    main = _spread(unit(1, True), "C", 20) + _spread(unit(9, False), "H", 20)
    return _deck("fireforce", "constructed", main, flame=(flame, 5))


def _hand(deck: Deck, prefix: str, size: int) -> list[str]:
    """The first `size` copies of the deck's cards whose number starts with `prefix`."""
    copies = [e.card for e in deck.entries("main") if e.card.startswith(prefix) for _ in range(e.count)]
    return copies[:size]


def _cheap(deck: Deck) -> Group:
    return Group({e.card for e in deck.entries("main") if e.card.startswith("C-")})


def p_any(cheap: int, unseen: int, k: int) -> Fraction:
    """P(one of `cheap` cards or more among k drawn of `unseen`): 1 - C(unseen - cheap, k) / C(unseen, k)."""
    return 1 - Fraction(comb(unseen - cheap, k), comb(unseen, k))


# game, deck, going, hand size, and the exact odds of "a cheap card" at own turns 0 and 1 with the
# uncastable hand kept and after the mulligan, by hand:
CASES = [
    # FFTCG: kept, the rest is 45 cards with all 25 cheap ones; turn 1 going first draws 1. The mulligan
    # puts the hand under those 45 and draws their top 5 (then 6 by turn 1).
    ("fftcg", fftcg_deck, "first", 5, (0, Fraction(25, 45)), (p_any(25, 45, 5), p_any(25, 45, 6))),
    # DBS FW: kept, 8 life cards then a draw from the 44 others. The redraw shuffles the hand back: a
    # fresh 6 of all 50, and by turn 1 a 7th card (the 8 life cards between are not in hand).
    ("dbsfw", dbsfw_deck, "first", 6, (0, Fraction(25, 44)), (p_any(25, 50, 6), p_any(25, 50, 7))),
    # GBF going second: kept, 5 armor then 2 draws (and a crystal) from the 45 others. The redraw puts
    # all 5 under the 45 and draws their top 5, then 2 more by turn 1.
    ("gbf", gbf_deck, "second", 5, (0, p_any(25, 45, 2)), (p_any(25, 45, 5), p_any(25, 45, 7))),
    # Fire Force: kept, 5 life cards then a draw from the 35 others. The redraw is a fresh 5 of the 40.
    ("fireforce", fireforce_deck, "first", 5, (0, Fraction(20, 35)), (p_any(20, 40, 5), p_any(20, 40, 6))),
]


@pytest.mark.parametrize(("game", "make", "going", "size", "kept", "after"), CASES, ids=[c[0] for c in CASES])
def test_a_hand_of_uncastable_cards_is_mulliganed(game, make, going, size, kept, after) -> None:
    deck = make()
    advice = advise(
        deck, get_game(game), _hand(deck, "H-", size), groups={"A": _cheap(deck)}, going=going,
        turns=1, games=GAMES, seed=3,
    )  # fmt: skip
    assert advice.odds[0].keep == kept
    assert advice.odds[0].mulligan == after
    assert advice.kept.mean_kill_turn() > advice.mulliganed.mean_kill_turn()  # it waits for draws
    assert advice.verdict == MULLIGAN, advice.sentence
    assert advice.sentence.startswith("Mulligan: this hand wins by turn")
    assert advice.sentence.endswith("the difference is beyond chance.")


@pytest.mark.parametrize(("game", "make", "going", "size"), [c[:4] for c in CASES], ids=[c[0] for c in CASES])
def test_a_hand_of_cheap_cards_is_kept(game, make, going, size) -> None:
    deck = make()
    hand = _hand(deck, "C-", size)
    advice = advise(deck, get_game(game), hand, groups={"A": _cheap(deck)}, going=going, games=GAMES, seed=3)
    assert advice.odds[0].keep == (1,) * 6  # held from the start
    assert advice.verdict == KEEP, advice.sentence
    c = advice.comparison
    assert c.share_b > c.share_a and c.z is not None and c.z > 1.96
    assert advice.sentence == (
        f"Keep: this hand wins by turn {c.turn} in {c.share_b:.0%} of games, against {c.share_a:.0%} after a "
        "mulligan; the difference is beyond chance."
    )
    assert advice.mulliganed.mulligans == GAMES and advice.kept.mulligans == 0


def test_both_play_orders_are_each_the_order_asked_alone() -> None:
    """advise_each asks both orders by default, as a default goldfish run plays them. FFTCG, the uncastable
    hand: going first turn 1 draws 1 of the 45 others (25 cheap), going second 2 (9.2.1.3); the mulligan
    draws 5 of those 45, then 1 or 2 more by turn 1."""
    deck = fftcg_deck()
    hand = _hand(deck, "H-", 5)
    options = {"groups": {"A": _cheap(deck)}, "turns": 1, "games": GAMES, "seed": 3}
    first, second = advise_each(deck, get_game("fftcg"), hand, **options)
    assert (first.going, second.going) == ("first", "second")
    assert first.odds[0].keep == (0, Fraction(25, 45))
    assert second.odds[0].keep == (0, p_any(25, 45, 2))
    assert first.odds[0].mulligan == (p_any(25, 45, 5), p_any(25, 45, 6))
    assert second.odds[0].mulligan == (p_any(25, 45, 5), p_any(25, 45, 7))
    assert first.params.going == "first" and second.params.going == "second"
    assert first.kept.to_dict() != second.kept.to_dict()  # each order's own games
    assert first.verdict == second.verdict == MULLIGAN  # seed 3: tens of points apart
    for advice in (first, second):
        alone = advise(deck, get_game("fftcg"), hand, going=advice.going, **options)
        assert alone.to_dict() == advice.to_dict()  # the same seed, the same games
    both = answer((first, second))
    assert both["orders"] == {"first": first.order_dict(), "second": second.order_dict()}
    assert both == first.to_dict() | {"orders": both["orders"]}  # going first's answer at the top


def test_the_play_order_asked_overrides_the_one_of_the_settings_given() -> None:
    deck = fftcg_deck()
    params = get_simulator("fftcg").params(going="first", max_turns=9)
    advice = advise(deck, get_game("fftcg"), _hand(deck, "C-", 5), going="second", games=50, params=params)
    assert (advice.params.going, advice.params.max_turns) == ("second", 9)


def test_a_hand_that_holds_every_castable_card_is_kept_when_a_mulligan_never_wins() -> None:
    """5 Forwards of cost 2 among 45 of cost 40: the hand holding all five wins; mulliganed, they lie under
    the other 45, which 20 turns do not draw through (5 + 1 + 19 x 2 = 44 cards), so no game is won and
    the shares are read at the kept games' median kill turn."""

    def forward(cost):
        return lambda n: Card(n, f"テスト{n}", "forward", ("fire",), cost, keywords=("multi-playable",))

    deck = _deck("fftcg", "constructed", [(forward(2)("C-001"), 5)] + _spread(forward(40), "H", 45))
    advice = advise(deck, get_game("fftcg"), ["C-001"] * 5, groups={"A": _cheap(deck)}, turns=20, games=GAMES)
    assert advice.odds[0].mulligan == (0,) * 21  # the returned cards are never reached by turn 20
    assert advice.mulliganed.kills == 0 and advice.kept.kills > GAMES // 2
    assert advice.comparison.turn == advice.kept.percentile(0.5)
    assert advice.verdict == KEEP and advice.sentence.endswith(
        ", against 0% after a mulligan; the difference is beyond chance."
    )


def test_the_kept_hand_is_the_hand_of_every_game() -> None:
    """The goldfish deals the hand asked for in every game; only the rest is shuffled."""
    from dataclasses import replace

    from engine.goldfish.base import Opening

    deck = fftcg_deck()
    hand = ("H-001", "C-002", "H-001", "C-005", "C-009")
    sim = get_simulator("fftcg")
    params = replace(sim.params(), opening=Opening(hand))
    draws = set()
    for game in range(20):
        events = sim.play_logged(deck, params, 5, game).events
        assert events[0].text == "hand: " + ", ".join(f"テスト{n} ({n})" for n in hand)
        draws.add(next(e.text for e in events if e.text.startswith("draw ")))
    assert len(draws) > 3  # the rest is shuffled


# ---- exact_with_hand on bare draw rules ----

BOTTOM = DrawRules(opening_hand=5, mulligan=Mulligan.BOTTOM_ALL, set_aside_after_mulligan=0,
                   draws_per_turn=2, first_player_first_turn_draws=1)  # fmt: skip


def test_a_kept_hand_counts_its_own_cards() -> None:
    # 4 X in 40; the hand holds 1, so "2 X" needs 1 more of the 3 X among the 35 others: turn 1 going
    # first draws 1 of them (3/35), turn 2 three: 1 - C(32,3)/C(35,3) = 1 - 4960/6545.
    deck = {"X": 4, "O": 36}
    got = exact_with_hand(deck, BOTTOM, [Group("X", 2)], ["X", "O", "O", "O", "O"], turns=2)
    assert got == [0, Fraction(3, 35), 1 - Fraction(4960, 6545)]


def test_a_mulligan_to_the_bottom_draws_from_the_rest() -> None:
    # The same hand under the 35 others: the new 5 are 5 of them, 2 X among them with 3 X in 35:
    # (C(3,2) C(32,3) + C(3,3) C(32,2)) / C(35,5) = (3 * 4960 + 496) / 324632.
    deck = {"X": 4, "O": 36}
    hand = ["X", "O", "O", "O", "O"]
    got = exact_with_hand(deck, BOTTOM, [Group("X", 2)], hand, returned=hand, turns=0)
    assert got == [Fraction(3 * 4960 + 496, 324632)]


def test_the_returned_cards_come_back_in_their_order() -> None:
    # 10 cards, 1 X, in the hand: the new hand is the other 5; then one draw a turn reaches the hand
    # put under them, first card first.
    rules = DrawRules(5, Mulligan.BOTTOM_ALL, 0, 1, 1)
    deck = {"X": 1, "O": 9}
    first = ["X", "O", "O", "O", "O"]
    second = ["O", "X", "O", "O", "O"]
    assert exact_with_hand(deck, rules, [Group("X")], first, first, turns=2) == [0, 1, 1]
    assert exact_with_hand(deck, rules, [Group("X")], second, second, turns=2) == [0, 0, 1]


def test_a_crystal_can_take_a_returned_card() -> None:
    # GBF-like: a draw then a card set aside each turn. 12 cards, the hand of 5 under the other 7: the new
    # hand is 5 of them, turn 1 draws the 6th and sets the 7th aside, turn 2 draws returned card 1 and
    # sets card 2 aside, turn 3 draws card 3, sets card 4 aside, turn 4 draws card 5.
    rules = DrawRules(5, Mulligan.BOTTOM_ANY, 0, 1, 1, set_aside_per_turn=1)
    deck = {"X": 1, "O": 11}
    second = ["O", "X", "O", "O", "O"]
    first = ["X", "O", "O", "O", "O"]
    assert exact_with_hand(deck, rules, [Group("X")], second, second, turns=4) == [0] * 5
    assert exact_with_hand(deck, rules, [Group("X")], first, first, turns=4) == [0, 0, 1, 1, 1]


def test_a_partial_redraw_keeps_the_cards_not_returned() -> None:
    # The hand X, X, O, O, O with the three O returned: the two X stay; "3 X" needs 1 of the other 2 X
    # among the 35 cards not in the hand, whose top 3 replace the O's: 1 - C(33,3)/C(35,3) = 1 - 5456/6545.
    deck = {"X": 4, "O": 36}
    got = exact_with_hand(deck, BOTTOM, [Group("X", 3)], ["X", "X", "O", "O", "O"], ["O", "O", "O"], turns=0)
    assert got == [1 - Fraction(5456, 6545)]


@pytest.mark.parametrize(
    ("hand", "message"),
    [
        (["C-001"] * 4 + ["C-002"], "The hand holds 4 copies of C-001 (テストC-001); the deck has 3."),
        (["C-001"] * 3, "An opening hand of this deck holds 5 cards, not 3."),
        (["C-001", "C-002", "C-003", "C-004", "Z-404"], "Z-404 is not in the main deck."),
    ],
)
def test_a_hand_the_deck_cannot_deal_is_refused(hand, message) -> None:
    with pytest.raises(HandError) as e:
        check_hand(fftcg_deck(), get_game("fftcg"), hand)
    assert str(e.value) == message


def test_every_problem_of_a_hand_is_named_at_its_place() -> None:
    """A card the deck lacks at its place, the first copy too many at its place, the size for the hand."""
    hand = ["Z-404", "C-001", "C-009", "c-001", "C-001", "C-001", "C-009"]  # the deck: 3 C-001, 1 C-009
    with pytest.raises(HandError) as e:
        check_hand(fftcg_deck(), get_game("fftcg"), hand)
    assert e.value.problems == (
        ("hand.0", "Z-404 is not in the main deck."),
        ("hand.5", "The hand holds 4 copies of C-001 (テストC-001); the deck has 3."),
        ("hand.6", "The hand holds 2 copies of C-009 (テストC-009); the deck has 1."),
        ("hand", "An opening hand of this deck holds 5 cards, not 7."),
    )
    assert str(e.value) == " ".join(message for _, message in e.value.problems)


def test_a_group_card_outside_the_main_deck_is_found_by_any_printing() -> None:
    """FFTCG counts 1-001H, 1-001 and 1-001h as one card (its base number); an LB card is not in the main
    deck."""
    forward = Card("1-001H", "テスト", "forward", ("fire",), 2)
    lb = Card("2-001L", "テストLB", "forward", ("fire",), 3, keywords=("limit break",))
    deck = _deck("fftcg", "constructed", [(forward, 3)], lb=(lb, 1))
    assert not_in_main(deck, get_game("fftcg"), ["1-001", "1-001h", "2-001L", "9-999X"]) == [
        "2-001L",
        "9-999X",
    ]


def test_a_number_in_another_case_is_the_deck_s_card() -> None:
    assert check_hand(fftcg_deck(), get_game("fftcg"), ["c-001"] * 3 + ["C-002", "h-001"]) == (
        "C-001", "C-001", "C-001", "C-002", "H-001",
    )  # fmt: skip
