"""DBS FW: one rule makes moot the text that acts only on the opponent's Battle Cards, hand, blocks or
attacks (issue 32, item 4), whatever the card; text that does anything else stays unplayed, and a skill
whose last "Then, ..." only acts against the opponent is played for the rest. Wordings of the official
list, fictional names."""

from __future__ import annotations

import pytest

from engine.cards import Card
from engine.played_text import MOOT, PLAYED, UNPLAYED, card_parts
from engine.played_text.dbsfw import AGAINST_OPPONENT


def parts(text: str, kind: str = "battle") -> list[tuple[str, str]]:
    card = Card("TB-001", "Tester", kind, ("red",), 2, power=10000, text=text)
    return [(p.status, p.why) for p in card_parts("dbsfw", card, {})]


@pytest.mark.parametrize(
    "text",
    [
        "[On Play] Choose up to 1 of your opponent's Battle Cards with a cost of 4 or less and KO it.",
        "[When Attacking] Choose up to 1 of your opponent's Battle Cards and it gets -20000 power for the "
        "turn.",
        "[On Play] Choose up to 1 Battle Card with a cost of 3 or less in your opponent's Battle Area and "
        "return it to its owner's hand.",
        "[On Play] Choose all of your opponent's Battle Cards with 15000 power or less and KO them.",
        "[On Play] If you have 7 or fewer cards in your hand, choose up to 2 of your opponent's Battle Cards "
        "with costs of 3 or less and place them at the bottom of their owner's deck.",
        "[On Play] Discard 1 card from your hand : Choose all of your opponent's Battle Cards with 25000 "
        "power or less and KO them.",
        "[Activate Main][Once per turn](1) : Choose up to 1 of your opponent's Battle Cards with a cost of "
        "2 or less and switch it to Rest Mode.",
        "[On Play] If your opponent has 6 or more cards in their hand, your opponent discards 1 card from "
        "their hand.",
        "[Permanent] This card can't be removed from the Battle Area by your opponent's skills.",
        "[Permanent] Your opponent's Battle Cards with 10000 power or less can't attack.",
        "[When Blocking] Choose up to 1 of your opponent's Battle Cards and switch it to Rest Mode.",
        "【登場時】相手のコスト4以下のバトルカード1枚までを選び、KOする。",
        "[アタック時]相手のバトルカード1枚までを選び、このターン中、パワー-10000。",
        "[登場時]自分の手札1枚を捨てる：相手のパワー25000以下のバトルカードすべてを選び、KOする。",
    ],
)
def test_text_only_against_the_opponent_is_moot(text) -> None:
    assert [status for status, _ in parts(text)] == [MOOT]


def test_the_reason_is_one_for_every_card() -> None:
    texts = [
        "[On Play] Choose up to 1 of your opponent's Battle Cards and switch it to Rest Mode.",
        "[Activate Main] Choose up to 1 of your opponent's Battle Cards with a cost of 5 or less and KO it.",
    ]
    assert {why for t in texts for _, why in parts(t, "battle" if "Play" in t else "extra")} == {
        AGAINST_OPPONENT
    }


@pytest.mark.parametrize(
    "text",
    [
        # it may choose your own cards, or your Leader
        "[On Play] Choose up to 1 Battle Card with a cost of 3 or less and return it to its owner's hand.",
        "[Activate Battle] Choose your Leader or up to 1 of your Battle Cards and it gets +20000 power for "
        "the battle. Then, choose up to 1 of your opponent's Battle Cards and it gets -15000 power for the "
        "turn.",
        # a part that acts on your own cards first
        "[Activate Main][Once per turn] Choose up to 1 of your opponent's Battle Cards with 20000 power or "
        "less and KO it. Then, KO this card.",
        "[When Attacking][Once per turn] Choose up to 1 of your opponent's Battle Cards with a cost of 1 or "
        "less and place it at the bottom of its owner's deck. Then, switch this card to Active Mode.",
        "[On Play] Place 2 cards from your energy in your Drop : Choose up to 1 of your opponent's Battle "
        "Cards and KO them. Then, add the top card of your deck to your life.",
    ],
)
def test_text_that_also_acts_for_you_is_not_moot(text) -> None:
    assert [status for status, _ in parts(text)] == [UNPLAYED]


@pytest.mark.parametrize(
    "text",
    [
        "[On Play] Draw 1 card. Then, choose up to 1 of your opponent's Battle Cards and KO it.",
        "[When Attacking] Add up to 1 card from your life to your hand. Then, choose up to 1 of your "
        "opponent's Battle Cards with a cost of 3 or less and switch it to Rest Mode.",
        "【アタック時】自分のライフ1枚までを手札に加える。その後、相手のバトルエリアのバトルカード1枚までを選び、レストにする。",
    ],
)
def test_a_played_skill_whose_rest_acts_only_against_the_opponent_is_played(text) -> None:
    assert [status for status, _ in parts(text)] == [PLAYED]


def test_a_reminder_on_its_own_line_leaves_the_skill_that_grants_the_keyword_to_say() -> None:
    text = (
        "[Permanent] If you have 8 or more energy, this card gains [Double Strike].\n"
        "([Double Strike] : This card inflicts 2 damage instead of 1 when attacking.)"
    )
    assert [status for status, _ in parts(text)] == [UNPLAYED, MOOT]
    blocker = (
        "[Permanent] If your life is at 3 or less, this card gains [Blocker].\n"
        "(Blocker : After an opponent's attack, you may switch this card to Rest Mode and change the target "
        "of the attack to this card.)"
    )
    assert [status for status, _ in parts(blocker)] == [MOOT, MOOT]


@pytest.mark.parametrize(
    ("text", "status"),
    [
        ("[End of Your Turn] Switch this card to Active Mode.", MOOT),
        (
            "[End of Your Turn] If you have 7 or fewer cards in your hand, switch this card to Active Mode.",
            MOOT,
        ),
        ("[End of Your Turn] Choose up to 1 of your Rest Mode cards and switch it to Active Mode.", MOOT),
        (
            "[End of Your Turn](1) : Your Leader gets +5000 power until the end of your opponent's next "
            "turn.",
            MOOT,
        ),
        ("【自分のターン終了時】このカードをアクティブにする。", MOOT),
        # it does something in your own game: not moot
        ("[End of Your Turn](2) : Draw 1 card. Then, switch this card to Active Mode.", UNPLAYED),
        ("[End of Your Turn] Place 1 card from your energy in your Drop.", UNPLAYED),
        ("[When Attacking][Once per turn] Switch this card to Active Mode.", UNPLAYED),
    ],
)
def test_what_the_end_of_your_turn_readies_only_for_the_opponents_turn_is_moot(text, status) -> None:
    assert [s for s, _ in parts(text)] == [status]
