"""DBS FW: a skill read as its clauses ("... . Then, ...", 「…。その後、…」). The clauses that act only
against the opponent do nothing against this one; the others, read whole by one pattern, are what the
skill does, and the goldfish plays exactly them. Games worked out by hand as in test_dbsfw_effects.py and
test_dbsfw_conditions.py: 50 copies of one cost-1 card, no redraw; going second nothing is charged and
the energy marker pays turn 1, going first a card is charged every turn. Official wordings, fictional
names."""

from __future__ import annotations

import pytest

from engine import Card
from engine.effects import Condition, Effect
from engine.goldfish import get_simulator
from engine.played_text import MOOT, PLAYED, UNPLAYED, card_parts
from engine.played_text.dbsfw import AGAINST_OPPONENT
from engine.readers import read_text
from engine.tests.test_dbsfw_conditions import final as final_with_condition
from engine.tests.test_dbsfw_effects import battle, deck_of, final

SIM = get_simulator("dbsfw")

LIFE_THEN_KO = [
    "[On Play] Add up to 1 card from your life to your hand. Then, choose up to 1 of your opponent's Battle "
    "Cards with a cost of 4 or less and KO it.",
    "【登場時】自分のライフ1枚までを手札に加える。その後、相手のバトルエリアのレストのコスト4以下のバトルカード1枚までを選び、KOする。",
]


@pytest.mark.parametrize("text", LIFE_THEN_KO)
@pytest.mark.parametrize(("going", "hand"), [("second", 7), ("first", 6)])
def test_the_life_card_before_a_moot_clause_is_taken(text, going, hand) -> None:
    # Turn 1: going second 6 + 1 drawn = 7, the marker pays 1 card (6); going first 7, 1 charged, 1 played
    # (5). Its text takes 1 life card into the hand: 7 and 6, life 8 - 1. The KO finds nothing. Without
    # its text: 1 card less in hand, life 8.
    deck = deck_of(battle(text))
    played = final(deck, 1, going=going)
    assert (played["hand"], played["life"], played["battle"]) == (hand, 7, 1)
    unplayed = final(deck, 1, card_effects=False, going=going)
    assert (unplayed["hand"], unplayed["life"]) == (hand - 1, 8)


BOTTOM_THEN_DRAW = [
    "[On Play] Choose up to 1 of your opponent's Battle Cards with a cost of 3 or less and place it at the "
    "bottom of its owner's deck. Then, if you have {n} or fewer cards in your hand, draw 1 card.",
    "【登場時】相手のコスト3以下のバトルカード1枚までを選び、デッキの下に置く。その後、自分の手札が{n}枚以下の場合、カード1枚を引く。",
]


@pytest.mark.parametrize("wording", BOTTOM_THEN_DRAW)
@pytest.mark.parametrize(
    ("going", "most", "hand", "deck"),
    [
        # As in test_dbsfw_conditions: going second 7 in hand, 1 played (6); at most 7 holds, it draws (7,
        # deck 36 - 2); at most 5 does not (6, deck 35). Going first 7, 1 charged, 1 played (5): at most 5
        # holds (6, deck 34), at most 4 does not (5, deck 35). The first clause finds nothing.
        ("second", 7, 7, 34),
        ("second", 5, 6, 35),
        ("first", 5, 6, 34),
        ("first", 4, 5, 35),
    ],
)
def test_a_condition_after_a_moot_clause_binds_its_own_clause(wording, going, most, hand, deck) -> None:
    card = battle(wording.format(n=most))
    assert read_text("dbsfw", card.text).effects == (
        Effect("enters", "draw", 1, condition=Condition("hand-at-most", most)),
    )
    got = final_with_condition(card, going, 1)
    assert (got["hand"], got["deck"]) == (hand, deck)


DRAW_AND_DISCARD = [
    "[Activate Main] Draw 2 cards and discard 1 card from your hand. Then, choose up to 1 Battle Card in "
    "your opponent's Battle Area and reduce its cost by 2 for the turn.",
    "【起動 メイン】カード2枚を引き、自分の手札1枚を捨てる。その後、"
    "相手のバトルエリアのバトルカード1枚までを選び、このターン中、コスト-2。",
]


@pytest.mark.parametrize("text", DRAW_AND_DISCARD)
@pytest.mark.parametrize(("going", "hand"), [("second", 7), ("first", 6)])
def test_an_extra_that_draws_and_discards_before_a_moot_clause(text, going, hand) -> None:
    # Turn 1: 7 in hand, going first 1 charged (6); the Extra is used (6, 5), draws 2 and discards 1: 7
    # and 6, as many as without its text (never used), but the deck gave 2 more cards and the drop holds
    # the Extra and the card discarded.
    study = Card("TX-001", "Study", "extra", ("red",), 1, specified_cost={"red": 1}, text=text)
    played = final(deck_of(study), 1, going=going)
    assert (played["hand"], played["deck"], played["drop"]) == (hand, 33, 2)
    unplayed = final(deck_of(study), 1, card_effects=False, going=going)
    assert (unplayed["hand"], unplayed["deck"], unplayed["drop"]) == (hand, 35, 0)


DRAW_THEN_REST = [
    "[Activate Main] Draw 1 card, then choose up to 1 of your opponent's Battle Cards and switch it to Rest "
    "Mode.",
    "[起動 メイン]カード1枚を引き、相手のバトルカード1枚までを選び、レストにする。",
]


@pytest.mark.parametrize("text", DRAW_THEN_REST)
@pytest.mark.parametrize(("going", "hand"), [("second", 7), ("first", 6)])
def test_a_draw_joined_to_a_moot_clause_in_one_sentence(text, going, hand) -> None:
    # Turn 1: 7 in hand, going first 1 charged (6); the Extra is used (6, 5) and draws 1: 7 and 6, as many
    # as without its text (never used), but the deck gave 1 more card and the drop holds the Extra.
    jab = Card("TX-001", "Jab", "extra", ("red",), 1, specified_cost={"red": 1}, text=text)
    assert read_text("dbsfw", text).effects == (Effect("cast", "draw", 1),)
    played = final(deck_of(jab), 1, going=going)
    assert (played["hand"], played["deck"], played["drop"]) == (hand, 34, 1)
    unplayed = final(deck_of(jab), 1, card_effects=False, going=going)
    assert (unplayed["hand"], unplayed["deck"], unplayed["drop"]) == (hand, 35, 0)


def statuses(text: str, kind: str = "battle") -> list[tuple[str, str]]:
    card = Card("TB-001", "Tester", kind, ("red",), 2, power=10000, text=text)
    return [(p.status, p.why) for p in card_parts("dbsfw", card, {})]


@pytest.mark.parametrize(
    "text",
    [
        # a clause about the card the opponent's clause chose: there is none
        "[Activate Main] Choose up to 1 of your opponent's Battle Cards, switch it to Rest Mode, and it "
        "can't switch to Active Mode during your opponent's next turn. Then, if that card has a cost of 4 "
        "or more, draw 1 card.",
        "[Activate Main] Choose up to 1 of your opponent's Battle Cards and it gets -15000 power for the "
        "turn. Then, if your Leader is awakened, the chosen card gets -10000 power for the turn.",
        "【起動 メイン】相手のバトルカード1枚までを選び、レストにし、"
        "次の相手のターン中、そのカードはアクティブにならない。その後、そのカードのコストが4以上の場合、カード1枚を引く。",
        # two timings of one skill
        "[When Attacking]/[When Blocking] Choose up to 1 of your opponent's Battle Cards and switch it to "
        "Rest Mode. Then, if that card has a cost of 2 or less, KO it.",
        "[アタック時]/[ブロック時]相手のバトルカード1枚までを選び、レストにする。その後、そのカードのコストが2以下の場合、KOする。",
        # the opponent's cards (any in its Battle Area) into its energy
        "[On Play][Your Turn] If your Leader is <Garro Venn>, choose all cards with costs of 6 or less in "
        "your opponent's Battle Area and add them to their owner's energy in Rest Mode.",
        "【登場時】【自分のターン中】自分のリーダーが「ガロ」の場合、"
        "相手のバトルエリアのコスト6以下のカードすべてを選び、レストでエナジーにする。",
        # power by the count of the opponent's Battle Cards: 0
        "[When Attacking] This card gets +5000 power for the turn for each of your opponent's Battle Cards.",
        "【アタック時】相手のバトルカード1枚につき、このターン中、このカードのパワー+5000。",
        # a clause that waits for the opponent to have a Battle Card
        "[On Play] Choose up to 1 of your opponent's Battle Cards and reduce its cost by 1 for the turn. "
        "Then, if your opponent has a Battle Card with a cost of 2 or less, draw 1 card.",
        "【登場時】相手のバトルカード1枚までを選び、このターン中、コスト-1。"
        "その後、相手のコスト2以下のバトルカードがある場合、カード1枚を引く。",
        # a choice of options (13-2) every one of which acts only against the opponent
        "[Activate Main] Choose one―\n・Choose up to 1 Battle Card in your opponent's Battle Area and KO "
        "it.\n・If you removed an energy marker to use this card, choose up to 2 Battle Cards in your "
        "opponent's Battle Area and KO them.",
        "【起動 メイン】以下から1つを選ぶ。\n・相手のコスト2以下のバトルカード1枚までを選び、KOする。\n"
        "・このカードの使用にエナジーマーカーを取り除いていた場合、相手のコスト3以下のバトルカード2枚までを選び、KOする。",
    ],
)
def test_clauses_that_do_nothing_against_this_opponent_are_moot(text) -> None:
    assert statuses(text, "extra" if "Main" in text or "メイン" in text else "battle") == [
        (MOOT, AGAINST_OPPONENT)
    ]


@pytest.mark.parametrize(
    "text",
    [
        # the card chosen is your own: the clause about it does something
        "[On Play] Choose up to 1 of your <Garro Venn> and it gets +5000 power for the turn. Then, if you "
        "have an energy marker, that card gets +5000 power for the turn.",
        # one option does something: the choice is not moot (nor read)
        "[Activate Main] Choose one―\n・Choose up to 1 of your opponent's Battle Cards and KO it.\n"
        "・Draw 1 card.",
        "【起動 メイン】以下から1つを選ぶ。・相手のバトルカード1枚までを選び、KOする。・カード1枚を引く。",
        # what is joined to the moot clause in one sentence is not a draw
        "[Activate Main][Once per turn] Switch this card to Active Mode, then choose up to 1 card in your "
        "opponent's Battle Area and return it to its owner's hand.",
        # a condition on the opponent's hand, which it has
        "[On Play] Choose up to 1 of your opponent's Battle Cards and KO it. Then, if your opponent has 6 or "
        "more cards in their hand, draw 1 card.",
        # a cost ahead of the played clause, paid for the whole skill: left unread (a condition before the
        # whole skill binds each of its clauses: test_dbsfw_skill_conditions)
        "[On Play] Discard 1 card from your hand : Choose up to 1 of your opponent's Battle Cards and KO it. "
        "Then, draw 1 card.",
    ],
)
def test_clauses_that_do_something_else_stay_unread(text) -> None:
    assert [s for s, _ in statuses(text, "extra" if "Main" in text or "メイン" in text else "battle")] == [
        UNPLAYED
    ]
    assert read_text("dbsfw", text).effects == ()


def test_a_played_skill_says_its_other_clauses_are_moot() -> None:
    text = (
        "[Activate Main] Draw 1 card. Then, if there is a Battle Card with a cost of 2 or less in your "
        "opponent's Battle Area, choose up to 1 Battle Card with a cost of 3 or less in your Battle Area and "
        "it gains [Critical] for the turn."
    )
    assert statuses(text, "extra") == [
        (PLAYED, "when it resolves, draw 1 card (its other clauses act only against the opponent)")
    ]
