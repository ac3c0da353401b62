"""The sample hand follows each game's own mulligan: which cards go back, where, and what is set aside."""

import random

import engine
from engine import hands
from engine.samples import sample_deck


def test_fftcg_mulligan_puts_the_hand_under_the_deck_and_draws_the_next_five():
    deck, rules = sample_deck("fftcg"), engine.get_game("fftcg")
    order = deck.pool("main")
    random.Random(3).shuffle(order)
    hand = hands.deal(deck, rules, random.Random(3), mulligan=True)
    # 8.2.1.4: no shuffle, so the new hand is cards 6 to 10 of the shuffled order.
    assert hand.hand == order[5:10]
    assert hand.mulliganed is True
    assert hand.left == 45


def test_dbsfw_sets_eight_life_cards_aside_after_a_shuffled_mulligan():
    deck, rules = sample_deck("dbsfw"), engine.get_game("dbsfw")
    hand = hands.deal(deck, rules, random.Random(5), mulligan=True, turns=1, going_first=True)
    assert len(hand.hand) == 6 + 1  # 6-2-1-8, 7-2-9
    assert len(hand.set_aside) == 8  # 6-2-1-9
    assert hand.left == 50 - 6 - 8 - 1
    assert len(hand.hand) + len(hand.set_aside) + hand.left == 50


def test_gbf_returns_only_the_chosen_cards_and_takes_armor_and_crystals():
    deck, rules = sample_deck("gbf"), engine.get_game("gbf")
    order = deck.pool("main")
    random.Random(9).shuffle(order)
    hand = hands.deal(deck, rules, random.Random(9), keep={0, 2, 4}, turns=2, going_first=True)
    # 5-2-1-5: cards 2 and 4 go under the deck; the next 2 from the top replace them.
    assert hand.hand[:5] == [order[0], order[2], order[4], order[5], order[6]]
    assert hand.returned == 2
    # 5-2-1-6: 5 armor; turn 1 going first draws 0 then 1 crystal (6-2-5, 6-2-7); turn 2 draws 2, 1 crystal.
    assert hand.set_aside == order[7:12] + [order[12]] + order[15:16]
    assert hand.hand[5:] == order[13:15]
    assert hand.drawn_by_turn == [0, 2]
