"""Exact draw statistics, pinned to numbers worked by hand from §12.2 of each game's docs/rules page and to
an exhaustive enumeration of tiny decks under the physical procedure (every order of the cards, dealt as
the rules say)."""

from __future__ import annotations

import dataclasses
import itertools
from collections import Counter
from fractions import Fraction as F
from math import comb

import numpy as np
import pytest
from pytest import approx

from engine import Card, Deck, DeckEntry
from engine.games import GAMES, DrawRules, Mulligan
from engine.stats import Group, card_panel, exact_probabilities, probabilities

FFTCG = GAMES["fftcg"]
DBSFW = GAMES["dbsfw"]
GBF = GAMES["gbf"]
FIREFORCE = GAMES["fireforce"]


def deck_with(game_id: str, counts: dict[str, int]) -> Deck:
    """A main deck of vanilla cards with these counts (the other sections empty)."""
    cards = {n: Card(number=n, name=n, type="unit") for n in counts}
    entries = tuple(DeckEntry(card=n, count=c) for n, c in counts.items())
    return Deck(game=game_id, format="", sections={"main": entries}, cards=cards)


def target_and_filler(game_id: str, size: int, copies: int) -> Deck:
    """`copies` of T-1 and singles of filler cards up to `size` cards."""
    counts = {"T-1": copies} | {f"F-{i}": 1 for i in range(size - copies)}
    return deck_with(game_id, counts)


def p_hit(game, size, copies, turns, going_first=True, mulligan="never", at_least=1):
    deck = target_and_filler(game.id, size, copies)
    return exact_probabilities(deck, game, [Group({"T-1"}, at_least)], turns, going_first, mulligan)


# --- FFTCG, §12.2 S03, S20-S24 ------------------------------------------------------------------------


def test_fftcg_s20_one_of_three_copies_in_the_opening_hand() -> None:
    # 1 - C(47,5)/C(50,5) = 1 - 14190/19600 = 541/1960 = 0.2760.
    assert p_hit(FFTCG, 50, 3, 0)[0] == F(541, 1960) == 1 - F(comb(47, 5), comb(50, 5))


def test_fftcg_s21_the_mulligan_sees_the_top_ten_cards() -> None:
    # The bottomed hand cannot come back: keep-or-mulligan succeeds iff positions 1-10 hold a copy,
    # 1 - C(47,10)/C(50,10) = 1 - 9880/19600 = 0.4959.
    assert p_hit(FFTCG, 50, 3, 0, mulligan="if-missing")[0] == 1 - F(9880, 19600)


def test_fftcg_s22_is_not_the_reshuffle_value() -> None:
    # Negative control: a reshuffling mulligan would give 1 - (14190/19600)^2 = 0.4759.
    reshuffle = dataclasses.replace(FFTCG.draw_rules, mulligan=Mulligan.SHUFFLE_ALL)
    deck = target_and_filler("fftcg", 50, 3)
    wrong = exact_probabilities(deck, reshuffle, [Group("T-1")], 0, mulligan="if-missing")[0]
    assert wrong == 1 - F(14190, 19600) ** 2
    assert float(wrong) == approx(0.4759, abs=5e-5)
    assert p_hit(FFTCG, 50, 3, 0, mulligan="if-missing")[0] != wrong


def test_fftcg_s23_after_the_first_draw() -> None:
    # Going first 6 cards seen: 1 - C(44,3)/C(50,3) = 1 - 13244/19600; with the mulligan positions 1-11:
    # 1 - C(39,3)/C(50,3) = 1 - 9139/19600. Going second 7 cards: 1 - 12341/19600; mulligan 1 - 8436/19600.
    assert p_hit(FFTCG, 50, 3, 1, going_first=True)[1] == 1 - F(13244, 19600)
    assert p_hit(FFTCG, 50, 3, 1, going_first=True, mulligan="if-missing")[1] == 1 - F(9139, 19600)
    assert p_hit(FFTCG, 50, 3, 1, going_first=False)[1] == 1 - F(12341, 19600)
    assert p_hit(FFTCG, 50, 3, 1, going_first=False, mulligan="if-missing")[1] == 1 - F(8436, 19600)


def test_fftcg_s24_limited_forty_cards() -> None:
    # 1 - C(35,3)/C(40,3) = 1 - 6545/9880 = 0.3376; with the mulligan 1 - C(30,3)/C(40,3) = 1 - 4060/9880.
    assert p_hit(FFTCG, 40, 3, 0)[0] == 1 - F(6545, 9880)
    assert p_hit(FFTCG, 40, 3, 0, mulligan="if-missing")[0] == 1 - F(4060, 9880)


@pytest.mark.parametrize("going_first, seen", [(True, [5, 6, 8, 10, 12]), (False, [5, 7, 9, 11, 13])])
def test_fftcg_s03_cards_seen(going_first: bool, seen: list[int]) -> None:
    # 2t + 4 going first, 2t + 5 going second (opening 5 included): a group of the whole deck holds
    # exactly that many cards, never one more.
    deck = target_and_filler("fftcg", 50, 50)
    for t, n in enumerate(seen):
        exactly = exact_probabilities(deck, FFTCG, [Group("T-1", n)], 4, going_first)
        one_more = exact_probabilities(deck, FFTCG, [Group("T-1", n + 1)], 4, going_first)
        assert (exactly[t], one_more[t]) == (1, 0)


def test_fftcg_the_bottomed_hand_returns_at_own_turn_21() -> None:
    # Going first, after a mulligan own turn 20 has taken 5 + 1 + 2*19 = 44 of the 45 cards above the
    # returned hand. By own turn 19 (42 of 45 seen) a miss needs all 3 copies in the 3 unseen cards:
    # P = 1 - (14190/19600) * 1/C(45,3) = 1 - 1/19600; by own turn 20 a miss is impossible.
    p = p_hit(FFTCG, 50, 3, 22, mulligan="if-missing")
    assert p[19] == 1 - F(1, 19600)
    assert p[20] == p[21] == p[22] == 1


# --- DBS Fusion World, §12.2 S03, S15 -----------------------------------------------------------------


def q(n: int, k: int, copies: int = 4) -> F:
    """P(k random cards of an n-card deck hold none of the copies) = C(n - copies, k) / C(n, k)."""
    return F(comb(n - copies, k), comb(n, k))


@pytest.mark.parametrize("going_first", [True, False])
def test_dbsfw_s15_four_copies(going_first: bool) -> None:
    # 1 - q(50,6) = 1 - 9366819/15890700 = 0.4105; 1 - q(50,7) = 1 - 53524680/99884400 = 0.4641;
    # redraw: 1 - q(50,6)^2 = 0.6525, by own turn 1 1 - q(50,6) q(50,7) = 0.6841. Same for both seats.
    never = p_hit(DBSFW, 50, 4, 1, going_first)
    redraw = p_hit(DBSFW, 50, 4, 1, going_first, "if-missing")
    assert never == [1 - F(9366819, 15890700), 1 - F(53524680, 99884400)]
    assert redraw == [1 - q(50, 6) ** 2, 1 - q(50, 6) * q(50, 7)]
    assert [float(p) for p in never + redraw] == approx([0.4105, 0.4641, 0.6525, 0.6841], abs=5e-5)


def test_dbsfw_s15_sixty_cards() -> None:
    # 1 - q(60,6) = 1 - 32468436/50063860 = 0.3515; with the redraw 1 - q(60,6)^2 = 0.5794.
    assert p_hit(DBSFW, 60, 4, 0)[0] == 1 - F(32468436, 50063860)
    assert float(p_hit(DBSFW, 60, 4, 0, mulligan="if-missing")[0]) == approx(0.5794, abs=5e-5)


@pytest.mark.parametrize("going_first", [True, False])
def test_dbsfw_s03_six_plus_t_cards_seen(going_first: bool) -> None:
    deck = target_and_filler("dbsfw", 50, 50)
    for t in range(4):
        assert exact_probabilities(deck, DBSFW, [Group("T-1", 6 + t)], 3, going_first)[t] == 1
        assert exact_probabilities(deck, DBSFW, [Group("T-1", 7 + t)], 3, going_first)[t] == 0


# --- GBF, §12.2 S20 -----------------------------------------------------------------------------------

# (a) no redraw, (b) R1 kept hand, (d) second player's own turn 1, (e) the same with R1, each K = 4, 8, 12.
GBF_S20 = {
    4: (0.3530, 0.6032, 0.4641, 0.6795),
    8: (0.5985, 0.8568, 0.7299, 0.9089),
    12: (0.7631, 0.9540, 0.8737, 0.9777),
}


@pytest.mark.parametrize("copies", GBF_S20)
def test_gbf_s20_table(copies: int) -> None:
    # (a) 1 - m(5;50,K); (b) (a) + m(5;50,K)(1 - m(5;45,K)); (d) 1 - m(7;50,K);
    # (e) (a) + m(5;50,K)(1 - m(7;45,K)).
    # For one group of copies, "return every other card" (our if-missing) equals R1 for "at least 1".
    a, b, d, e = GBF_S20[copies]
    first_never, first_redraw = p_hit(GBF, 50, copies, 2), p_hit(GBF, 50, copies, 2, mulligan="if-missing")
    second_never = p_hit(GBF, 50, copies, 1, going_first=False)
    second_redraw = p_hit(GBF, 50, copies, 1, going_first=False, mulligan="if-missing")
    got = [first_never[0], first_redraw[0], second_never[1], second_redraw[1]]
    assert [float(p) for p in got] == approx([a, b, d, e], abs=5e-5)
    # (c): the first player draws nothing on own turn 1 (6-2-5); (f): own turn 2 matches (d)/(e).
    assert first_never[1] == first_never[0] and first_redraw[1] == first_redraw[0]
    assert (first_never[2], first_redraw[2]) == (second_never[1], second_redraw[1])
    m5 = F(comb(50 - copies, 5), comb(50, 5))
    assert first_redraw[0] == 1 - m5 + m5 * (1 - F(comb(45 - copies, 5), comb(45, 5)))


def test_gbf_s20_exact_fractions_for_four_copies() -> None:
    # K = 4: (a) 2323/6580, (b) 13891/23030, (d) 1527/3290, (e) 4471/6580.
    assert p_hit(GBF, 50, 4, 0)[0] == F(2323, 6580)
    assert p_hit(GBF, 50, 4, 0, mulligan="if-missing")[0] == F(13891, 23030)
    assert p_hit(GBF, 50, 4, 1, going_first=False)[1] == F(1527, 3290)
    assert p_hit(GBF, 50, 4, 1, going_first=False, mulligan="if-missing")[1] == F(4471, 6580)


def test_gbf_partial_redraw_keeps_the_copies() -> None:
    # R2 "keep every copy, return every other card", at least 2 of 4: 3621/23030 = 0.1572; without a
    # redraw 2071/46060 = 0.0450. A shuffle-back redraw ("bug detector") would give 0.5814 for (b).
    assert p_hit(GBF, 50, 4, 0, mulligan="if-missing", at_least=2)[0] == F(3621, 23030)
    assert p_hit(GBF, 50, 4, 0, at_least=2)[0] == F(2071, 46060)
    assert float(p_hit(GBF, 50, 4, 0, mulligan="if-missing")[0]) != approx(0.5814, abs=1e-3)


# --- Fire Force, §12.2 S03, S19 -----------------------------------------------------------------------

# Opening hand no mulligan, opening redraw-if-miss, own turn 1 no mulligan, own turn 1 redraw, own turn 2
# no mulligan.
FIREFORCE_S19 = {
    (40, 1): (F(1, 8), F(15, 64), F(3, 20), F(41, 160), F(7, 40)),
    (40, 2): (F(37, 156), F(10175, 24336), F(73, 260), F(18307, 40560), F(21, 65)),
    (40, 4): (0.4271, 0.6718, 0.4925, 0.7093, 0.5522),
    (40, 8): (0.6940, 0.9063, 0.7639, 0.9277, 0.8195),
    (40, 16): (0.9354, 0.9958, 0.9649, 0.9977, 0.9814),
    (35, 1): (F(1, 7), F(13, 49), F(6, 35), F(71, 245), F(1, 5)),
    (35, 2): (F(32, 119), F(6592, 14161), F(27, 85), F(5069, 10115), F(31, 85)),
}


@pytest.mark.parametrize("going_first", [True, False])
@pytest.mark.parametrize("size, copies", FIREFORCE_S19)
def test_fireforce_s19_table(size: int, copies: int, going_first: bool) -> None:
    # 1 - q(5); 1 - q(5)^2; 1 - q(6); 1 - q(5) q(6); 1 - q(7), q(n) = C(N-k, n)/C(N, n); both seats alike.
    never = p_hit(FIREFORCE, size, copies, 2, going_first)
    redraw = p_hit(FIREFORCE, size, copies, 1, going_first, "if-missing")
    got = (never[0], redraw[0], never[1], redraw[1], never[2])
    expected = FIREFORCE_S19[size, copies]
    if isinstance(expected[0], F):
        assert got == expected
    else:
        assert [float(p) for p in got] == approx(expected, abs=5e-5)


def test_fireforce_s03_five_plus_t_cards_seen() -> None:
    deck = target_and_filler("fireforce", 40, 40)
    for going_first in (True, False):
        for t in range(4):
            assert exact_probabilities(deck, FIREFORCE, [Group("T-1", 5 + t)], 3, going_first)[t] == 1
            assert exact_probabilities(deck, FIREFORCE, [Group("T-1", 6 + t)], 3, going_first)[t] == 0


# --- AND queries, the panel and edge cases ----------------------------------------------------------------


def test_and_query_without_mulligan_is_the_multivariate_hypergeometric() -> None:
    # At least 1 of A (3 copies) and 2 of B (4 copies) in 5 of 50: sum over a >= 1, b >= 2 of
    # C(3,a) C(4,b) C(43, 5-a-b) / C(50,5).
    deck = deck_with("fftcg", {"A": 3, "B": 4, "X": 43})
    ways = sum(
        comb(3, a) * comb(4, b) * comb(43, 5 - a - b) for a in range(1, 4) for b in range(2, 5) if a + b <= 5
    )
    assert exact_probabilities(deck, FFTCG, [Group("A"), Group("B", 2)], 0)[0] == F(ways, comb(50, 5))


def test_copies_of_all_named_cards_count_together() -> None:
    together = deck_with("fftcg", {"A": 2, "B": 2, "X": 46})
    alone = deck_with("fftcg", {"A": 4, "X": 46})
    assert probabilities(together, FFTCG, [Group({"A", "B"}, 2)], 5) == probabilities(
        alone, FFTCG, [Group("A", 2)], 5
    )


def test_a_group_naming_a_base_number_counts_every_printing() -> None:
    # 11-136S and 11-136 are one card in FFTCG.
    deck = deck_with("fftcg", {"11-136S": 1, "11-136": 2, "X": 47})
    assert p_hit(FFTCG, 50, 3, 3) == exact_probabilities(deck, FFTCG, [Group("11-136")], 3)


def test_edge_cases() -> None:
    deck = deck_with("fftcg", {"A": 3, "X": 47})
    assert probabilities(deck, FFTCG, [Group("A", 0)], 3) == [1.0] * 4  # k = 0
    assert probabilities(deck, FFTCG, [], 3) == [1.0] * 4  # no groups
    assert probabilities(deck, FFTCG, [Group("A", 4)], 3, mulligan="if-missing") == [0.0] * 4  # k > copies
    assert probabilities(deck, FFTCG, [Group(set())], 3) == [0.0] * 4  # an empty group
    assert probabilities(deck, FFTCG, [Group("Z-9")], 3) == [0.0] * 4  # a card the deck lacks
    with pytest.raises(ValueError, match="two groups"):
        probabilities(deck, FFTCG, [Group("A"), Group({"A", "X"})], 3)
    with pytest.raises(ValueError):
        Group("A", -1)


def test_a_deck_smaller_than_the_hand_is_dealt_whole() -> None:
    deck = deck_with("fftcg", {"A": 2, "X": 1})
    for mulligan in ("never", "if-missing"):
        assert probabilities(deck, FFTCG, [Group("A", 2), Group("X")], 2, mulligan=mulligan) == [1.0] * 3


def test_decking_out_stops_the_draws() -> None:
    # 12 cards, FFTCG going second: 5, 7, 9, 11, 12, 12... cards; with all 12 drawn by own turn 4 the hand
    # holds every copy and stays that way.
    p = p_hit(FFTCG, 12, 2, 8, going_first=False, at_least=2)
    # Own turn 3: 11 of the 12 cards seen, a miss iff the unseen card is one of the 2 copies: 1 - 2/12.
    assert p[3] == F(5, 6)
    assert p[4:] == [1] * 5
    deck = target_and_filler("fftcg", 12, 12)
    assert exact_probabilities(deck, FFTCG, [Group("T-1", 13)], 8, False) == [0] * 9


def test_card_panel_matches_single_queries() -> None:
    counts = {f"C-{i}": c for i, c in enumerate([4, 4, 4, 4, 4, 4, 3, 3, 3, 3, 3, 3, 3, 3, 2])}
    deck = deck_with("fftcg", counts)
    panel = card_panel(deck, FFTCG, turns=10)
    assert list(panel) == list(counts)
    for number in ("C-0", "C-6", "C-14"):
        assert panel[number]["first"] == probabilities(deck, FFTCG, [Group(number)], 10, True)
        assert panel[number]["second"] == probabilities(deck, FFTCG, [Group(number)], 10, False)
    assert panel["C-14"]["first"][0] == approx(1 - comb(48, 5) / comb(50, 5))


# --- Exhaustive check against the physical procedure on tiny decks -----------------------------------------


def arrangements(counts: list[int]) -> list[tuple[int, ...]]:
    """Every distinct order of a deck with counts[i] cards of category i, each equally likely."""
    if not counts:
        return [()]
    size = sum(counts)
    out = []
    for spots in itertools.combinations(range(size), counts[0]):
        for rest in arrangements(counts[1:]):
            it = iter(rest)
            out.append(tuple(0 if i in spots else 1 + next(it) for i in range(size)))
    return out


def play(order, rules: DrawRules, needs, going_first, mulligan, turns):
    """Deal one fixed order of cards (category ids, the last id is "other") as the rules say.

    Returns, for turns 0..T, whether the hand holds needs[i] cards of category i, with the if-missing
    mulligan when `mulligan` is set. The returned cards go to the bottom in their order in the hand. A
    reshuffle is left to the caller (a fresh deal is independent of this one).
    """
    deck = list(order)
    hand = deck[: rules.opening_hand]
    del deck[: rules.opening_hand]

    def holds(cards):
        c = Counter(cards)
        return all(c[i] >= n for i, n in enumerate(needs))

    if mulligan and not holds(hand):
        assert rules.mulligan is not Mulligan.SHUFFLE_ALL
        whole = rules.mulligan is Mulligan.BOTTOM_ALL
        back = [c for c in hand if whole or c >= len(needs)]  # BOTTOM_ANY: the cards of no group
        hand = [] if whole else [c for c in hand if c < len(needs)]
        deck += back
        hand += deck[: len(back)]
        del deck[: len(back)]
    del deck[: rules.set_aside_after_mulligan]
    out = [holds(hand)]
    for turn in range(1, turns + 1):
        n = rules.draws_on_turn(turn, going_first)
        hand += deck[:n]
        del deck[:n]
        del deck[: rules.set_aside_per_turn]
        out.append(holds(hand))
    return out


TINY_RULES = [
    DrawRules(3, Mulligan.BOTTOM_ALL, 0, 2, 1),
    DrawRules(3, Mulligan.SHUFFLE_ALL, 2, 1, 1),
    DrawRules(3, Mulligan.BOTTOM_ANY, 1, 2, 0, 1),
]


@pytest.mark.parametrize("rules", TINY_RULES, ids=lambda r: r.mulligan.value)
@pytest.mark.parametrize("going_first", [True, False])
def test_tiny_decks_agree_with_every_order(rules: DrawRules, going_first: bool) -> None:
    # 9 cards: 2 A, 3 B, 4 other, needing 1 A and 2 B; each of the 1260 distinct orders is equally likely.
    orders = arrangements([2, 3, 4])
    turns = 5  # enough to deck out and to reach the returned cards
    deck = deck_with("fftcg", {"A": 2, "B": 3, "X": 4})
    groups = [Group("A"), Group("B", 2)]
    never = [play(o, rules, (1, 2), going_first, False, turns) for o in orders]
    fresh = [F(sum(g[t] for g in never), len(orders)) for t in range(turns + 1)]
    if rules.mulligan is Mulligan.SHUFFLE_ALL:
        # Averaging over the fresh order too: a kept hand holds for good, a mulligan is a fresh game.
        kept = fresh[0]
        mull = [kept + (1 - kept) * p for p in fresh]
    else:
        hits = [play(o, rules, (1, 2), going_first, True, turns) for o in orders]
        mull = [F(sum(g[t] for g in hits), len(orders)) for t in range(turns + 1)]
    assert exact_probabilities(deck, rules, groups, turns, going_first) == fresh
    assert exact_probabilities(deck, rules, groups, turns, going_first, "if-missing") == mull


# --- Seeded Monte Carlo of the physical procedure ----------------------------------------------------------
#
# Written apart from engine.stats: it shuffles rows of cards, deals, decides, moves cards to the bottom or
# reshuffles, takes life/armor/crystals and draws, card by card, with a per-row top-of-deck pointer.

GAMES_PER_QUERY = 200_000


def simulate(rng, caps, needs, rules: DrawRules, turns: int, mulligan: bool, games: int, seats=(True, False)):
    """Share of games holding every group at turns 0..T, per seat (going_first) in `seats`, same deals."""
    n_groups = len(needs)
    cats = len(caps)
    size = sum(caps)
    hand_size = min(rules.opening_hand, size)
    decks = rng.permuted(np.tile(np.repeat(np.arange(cats, dtype=np.int8), caps), (games, 1)), axis=1)
    rows = np.arange(games)
    one_hot = np.eye(cats, dtype=np.int16)
    need = np.array(needs, dtype=np.int16)

    def holds(held):
        return (held[:, :n_groups] >= need).all(axis=1)

    opening = one_hot[decks[:, :hand_size]].sum(axis=1)
    redo = ~holds(opening) if mulligan else np.zeros(games, bool)
    # The deck after the decision, as a row per game read from `top`, `length` cards long.
    pos = np.broadcast_to(np.arange(size, dtype=np.int16), (games, size))
    in_hand = pos < hand_size
    if rules.mulligan is Mulligan.SHUFFLE_ALL:
        fresh = rng.permuted(np.tile(np.repeat(np.arange(cats, dtype=np.int8), caps), (games, 1)), axis=1)
        decks = np.where(redo[:, None], fresh, decks)
        returned = in_hand & redo[:, None]  # the whole deck is reshuffled: the old hand is just deck
        key = np.where(in_hand & ~redo[:, None], 3 * size, pos)
    else:
        goes_back = decks >= n_groups if rules.mulligan is Mulligan.BOTTOM_ANY else np.ones_like(in_hand)
        returned = in_hand & redo[:, None] & goes_back
        key = np.where(returned, size + pos, np.where(in_hand, 3 * size, pos))
    order = np.argsort(key, axis=1, kind="stable")
    deck = np.take_along_axis(decks, order, axis=1)
    kept = in_hand & ~returned
    held0 = (one_hot[decks[:, :hand_size]] * kept[:, :hand_size, None]).sum(axis=1)
    length = size - kept.sum(axis=1)
    refill = (
        returned.sum(axis=1) if rules.mulligan is not Mulligan.SHUFFLE_ALL else np.where(redo, hand_size, 0)
    )

    def draw(held, top, n):
        """Move the top card of each row to its hand, n[row] times, while the row's deck lasts."""
        n = np.broadcast_to(n, (games,))
        for i in range(int(n.max(initial=0))):
            ok = (i < n) & (top < length)
            card = deck[rows, np.minimum(top, size - 1)]
            held[rows, card] += ok
            top = top + ok
        return top

    results = {}
    for going_first in seats:
        held = held0.copy()
        top = draw(held, np.zeros(games, dtype=np.int64), refill)  # the mulligan's new cards
        top = top + rules.set_aside_after_mulligan
        seen = [holds(held).mean()]
        for turn in range(1, turns + 1):
            top = draw(held, top, rules.draws_on_turn(turn, going_first))
            top = top + rules.set_aside_per_turn
            seen.append(holds(held).mean())
        results[going_first] = seen
    return results


FIFTEEN = {f"C-{i}": c for i, c in enumerate([4, 4, 4, 4, 4, 4, 3, 3, 3, 3, 3, 3, 3, 3, 2])}
TWELVE_FOURS = {f"C-{i}": 4 for i in range(12)} | {"C-12": 2}
SMALL = {f"C-{i}": 2 for i in range(10)}
FORTY = {f"C-{i}": 2 for i in range(20)}

# game, deck, groups as (cards, at least), mulligan, last turn. Three per game; both seats each.
MC_QUERIES = [
    ("fftcg", FIFTEEN, [({"C-6"}, 1)], False, 5),
    ("fftcg", FIFTEEN, [({"C-0"}, 1), ({"C-1", "C-2"}, 2), ({"C-14"}, 1)], True, 5),
    ("fftcg", FIFTEEN, [({"C-6"}, 1), ({"C-7"}, 1)], True, 23),  # the bottomed hand comes back
    ("dbsfw", TWELVE_FOURS, [({"C-0"}, 1)], False, 5),
    ("dbsfw", TWELVE_FOURS, [({"C-0"}, 1), ({"C-1"}, 1), ({"C-2", "C-3"}, 2)], True, 5),
    ("dbsfw", TWELVE_FOURS, [({"C-0", "C-1"}, 3)], True, 8),
    ("gbf", TWELVE_FOURS, [({"C-0"}, 2)], True, 4),
    ("gbf", TWELVE_FOURS, [({"C-0"}, 1), ({"C-1"}, 1), ({"C-2", "C-3"}, 2)], True, 5),
    ("gbf", SMALL, [({"C-0"}, 2), ({"C-1", "C-2"}, 3)], True, 6),  # crystals and decking out
    ("fireforce", FORTY, [({"C-0"}, 1)], True, 3),
    ("fireforce", FORTY, [({"C-0"}, 1), ({"C-1"}, 2), ({"C-2", "C-3"}, 1)], True, 5),
    ("fireforce", FORTY, [({f"C-{i}" for i in range(8)}, 3)], False, 6),
]


@pytest.mark.parametrize("index", range(len(MC_QUERIES)))
def test_monte_carlo_agrees_within_four_standard_errors(index: int) -> None:
    game_id, counts, wanted, mulligan, turns = MC_QUERIES[index]
    game = GAMES[game_id]
    caps = [sum(counts[n] for n in cards) for cards, _ in wanted]
    caps.append(sum(counts.values()) - sum(caps))
    needs = [k for _, k in wanted]
    rng = np.random.default_rng(20240 + index)
    sampled = simulate(rng, caps, needs, game.draw_rules, turns, mulligan, GAMES_PER_QUERY)
    groups = [Group(cards, k) for cards, k in wanted]
    policy = "if-missing" if mulligan else "never"
    for going_first in (True, False):
        exact = probabilities(deck_with(game_id, counts), game, groups, turns, going_first, policy)
        for t, (p, share) in enumerate(zip(exact, sampled[going_first], strict=True)):
            se = (p * (1 - p) / GAMES_PER_QUERY) ** 0.5
            assert abs(share - p) <= 4 * se + 1e-12, (going_first, t, p, share, se)


def test_a_mulligan_query_is_capped_in_groups_so_it_stays_cheap() -> None:
    from engine.samples import sample_deck
    from engine.stats import MAX_MULLIGAN_GROUPS

    deck = sample_deck("fftcg")
    game = GAMES["fftcg"]
    numbers = [e.card for e in deck.entries("main")]
    groups = [Group([n], 1) for n in numbers[: MAX_MULLIGAN_GROUPS + 1]]
    with pytest.raises(ValueError, match="With a mulligan, ask about at most 6 groups at once."):
        probabilities(deck, game, groups, 60, mulligan="if-missing")
    assert len(probabilities(deck, game, groups, 60, mulligan="never")) == 61  # no enumeration: no cap
    assert len(probabilities(deck, game, groups[:-1], 60, mulligan="if-missing")) == 61


def test_naming_one_printing_counts_every_printing_of_the_card() -> None:
    """16-015H names the card: its foil 16-015H-FOIL and its reprint 16-015L count too (8.1.1.2)."""
    game = GAMES["fftcg"]
    counts = {"16-015H": 1, "16-015H-FOIL": 1, "16-015L": 1, "X-001C": 47}
    by_printing = exact_probabilities(counts, game, [Group(["16-015H"], 1)], 0)
    by_base = exact_probabilities(counts, game, [Group(["16-015"], 1)], 0)
    assert by_printing == by_base == [1 - F(comb(47, 5), comb(50, 5))]
