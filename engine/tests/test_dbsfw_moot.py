"""DBS FW: one rule makes moot the text that acts only on the opponent's Battle Cards, hand, blocks or
attacks (issue 32, item 4), whatever the card; text that does anything else stays unplayed, and a skill
whose last "Then, ..." only acts against the opponent is played for the rest. Wordings of the official
list, fictional names."""

from __future__ import annotations

import pytest

from engine.cards import Card
from engine.played_text import DECK_RULE, MOOT, PLAYED, UNPLAYED, card_parts
from engine.played_text.dbsfw import AGAINST_OPPONENT, NEVER_TRIGGERED, PAID_FOR_NOTHING


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
        # up to 1 of any player's cards: the opponent has none, the autopilot chooses none of its own
        "[On Play] Choose up to 1 Battle Card with a cost of 3 or less and return it to its owner's hand.",
        "[When Attacking] If you have 7 or fewer cards in your hand, choose up to 1 Battle Card with a cost "
        "of 2 or less and return it to its owner's hand.",
        "[On Play] If you have 7 or fewer cards in your hand, choose up to 1 card with 《Earthling》 in its "
        "special traits in a Battle Area and return it to its owner's hand.",
        "[When Attacking] Choose up to 1 Battle Card with a cost of 3 or less and place it into its owner's "
        "Combo Area.",
        "[登場時]コスト3以下のバトルカード1枚までを選び、持ち主の手札に戻す。",
        "【アタック時】自分の手札が7枚以下の場合、コスト2以下のバトルカード1枚までを選び、持ち主の手札に戻す。",
        "【アタック時】バトルエリアのコスト3以下のバトルカード1枚までを選び、持ち主のコンボエリアに置く。",
        # the opponent's top card revealed, which stays there, to choose among its Battle Area's cards
        "[Activate Main] If your Leader is <Tester>, reveal the top card of your opponent's deck, then choose"
        " up to 1 card in your opponent's Battle Area with a cost less than or equal to the revealed card and"
        " place it into its owner's Drop.",
        "【起動 メイン】自分のリーダーが「テスター」の場合、相手のデッキの一番上のカードを公開し、"
        "相手のバトルエリアの公開したカードのコスト以下のコストのカード1枚までを選び、ドロップに置く。",
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
        # it must choose one (the opponent has none: one of yours), or may choose only yours
        "[On Play] Choose 1 Battle Card with a cost of 3 or less and return it to its owner's hand.",
        "[On Play] Choose up to 1 Battle Card with a cost of 3 or less in your Battle Area and return it to "
        "its owner's hand.",
        "[登場時]自分のコスト3以下のバトルカード1枚までを選び、持ち主の手札に戻す。",
        # it may choose your Leader
        "[Activate Battle] Choose your Leader or up to 1 of your Battle Cards and it gets +20000 power for "
        "the battle. Then, choose up to 1 of your opponent's Battle Cards and it gets -15000 power for the "
        "turn.",
        # a part that acts on your own cards first
        "[Activate Main][Once per turn] Choose up to 1 of your opponent's Battle Cards with 20000 power or "
        "less and KO it. Then, KO this card.",
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
        # the second attack of a once-per-turn switch to Active Mode (test_dbsfw_second_attack)
        "[When Attacking][Once per turn] Choose up to 1 of your opponent's Battle Cards with a cost of 1 or "
        "less and place it at the bottom of its owner's deck. Then, switch this card to Active Mode.",
        "[On Play] Add up to 1 card from your life to your hand. Then, choose up to 1 Battle Card with a "
        "cost of 5 or less and return it to its owner's hand.",
        "[登場時]自分のライフ1枚までを手札に加える。その後、コスト5以下のバトルカード1枚までを選び、持ち主の手札に戻す。",
    ],
)
def test_a_played_skill_whose_rest_acts_only_against_the_opponent_is_played(text) -> None:
    assert [status for status, _ in parts(text)] == [PLAYED]


def test_a_reminder_on_its_own_line_leaves_the_skill_that_grants_the_keyword_to_say() -> None:
    # the Strike it gains on a condition is played (test_dbsfw_strike_and_face_power); on the hand, which
    # the combos change before the damage, it is not
    text = (
        "[Permanent] If you have 8 or more energy, this card gains [Double Strike].\n"
        "([Double Strike] : This card inflicts 2 damage instead of 1 when attacking.)"
    )
    assert [status for status, _ in parts(text)] == [PLAYED, MOOT]
    on_the_hand = text.replace("you have 8 or more energy", "you have 7 or fewer cards in your hand")
    assert [status for status, _ in parts(on_the_hand)] == [UNPLAYED, MOOT]
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
        ("[End of Your Turn] Choose up to 2 of your Battle Cards and switch them to Active Mode.", MOOT),
        ("【自分のターン終了時】自分のバトルカード2枚までを選び、アクティブにする。", MOOT),
        # it does something in your own game: not moot
        ("[End of Your Turn](2) : Draw 1 card. Then, switch this card to Active Mode.", UNPLAYED),
        ("[End of Your Turn] Place 1 card from your energy in your Drop.", UNPLAYED),
        (
            "[End of Your Turn] Choose up to 2 of your Battle Cards and switch them to Active Mode. Then, "
            "draw 1 card.",
            UNPLAYED,
        ),
        # played: a second attack (test_dbsfw_second_attack)
        ("[When Attacking][Once per turn] Switch this card to Active Mode.", PLAYED),
    ],
)
def test_what_the_end_of_your_turn_readies_only_for_the_opponents_turn_is_moot(text, status) -> None:
    assert [s for s, _ in parts(text)] == [status]


@pytest.mark.parametrize(
    "text",
    [
        "[Permanent] This card can't be KO'd in battle.",
        "[Permanent] If you have a <Garro Venn> Battle Card, this card can't be KO'd.",
        "[Permanent] All of your Battle Cards with a cost of 3 can't be removed from the Battle Area by your "
        "opponent's skills.",
        "[Permanent] Your opponent can't attack <Nova 18> in your Battle Area.",
        "[Permanent] If you have 6 or more energy and this "
        "card is in Rest Mode, your opponent can only attack "
        "<Garro Venn> Battle Cards.",
        "[Permanent] Your opponent's Battle Cards with a cost of 5 or more are played in Rest Mode.",
        "[Permanent] Your opponent's cards can't be switched to Active Mode by skills.",
        "[Permanent][Your Turn] If you have 7 or fewer cards "
        "in your hand, reduce the cost of Battle Cards in "
        "your opponent's Battle Area by 1.",
        "[Activate Main][Once per turn] Choose 3 cards from your opponent's hand and reveal them.",
        "[On Play] Look at the top card of your opponent's deck and place it at the top or bottom of its "
        "owner's deck.",
        "[On Play] Choose up to 1 [Field] with a cost of 2 or "
        "less in your opponent's Battle Area and place it "
        "in its owner's Drop.",
        "[When Attacking] Choose up to 1 of your opponent's "
        "Battle Cards and it gets -5000 power for the turn "
        "for each card with 《Ember Guild》 in its special traits in your Battle Area.",
        "[Activate Main] Choose up to 1 of your opponent's "
        "Battle Cards, switch it to Rest Mode, and it can't "
        "switch to Active Mode during your opponent's next turn.",
        "[End of Your Turn](1) : Choose up to 2 of your opponent's Rest Mode Battle Cards and they can't "
        "switch to Active Mode during your opponent's next turn.",
        "[When Attacking] Choose up to 1 of your opponent's Battle Cards with a cost of 3 or less and KO it. "
        "Then, if you have an energy marker, choose up to 1 [Field] in your opponent's Battle Area and place "
        "it in its owner's Drop.",
        "【永続】自分のコスト3のバトルカードすべては相手のスキルによってバトルエリアを離れない。",
        "【永続】自分のリーダーが覚醒している場合、このカードは相手のバトルカードのスキルによってKOされない。",
        "[永続]相手はバトルエリアの「ノヴァ18号」にアタックできない。",
        "【永続】自分のエナジーが6枚以上で、このカードがレストの場合、相手は「ガロ」のバトルカード以外にアタックできない。",
        "【永続】相手のコスト5以上のバトルカードはレストで登場する。",
        "【起動 メイン】【ターン1回】相手の手札3枚を選び、それらのカードを公開する。",
        "【登場時】相手のデッキの上から1枚を見て、デッキの上か下に置く。",
        "【登場時】相手のバトルエリアのコスト2以下の【フィールド】1枚までを選び、ドロップに置く。",
        "【登場時】相手のレストのバトルカード1枚までを選び、KOする。",
        "【登場時】相手のバトルエリアのレストのバトルカード1枚までを選び、そのカードは、次の相手のターン中、アクティブにならない。",
        "【起動 メイン】自分の手札1枚を捨てる：相手のバトルエリアのバトルカードを"
        "コストの合計が5以下になるように2枚までを選び、"
        "好きな順番で"
        "デッキの下に置く。",
        "【登場時】相手のバトルカード1枚までを選び、自分の特徴《炎の団》を持つバトルカード1枚につき、このターン中、パワー-5000。",
        "【登場時】このターン中、自分のエナジーがドロップに置かれていた場合、相手のバトルエリアのコスト2以下の【フィールド】1枚までを選び、"
        "ドロップに置く。",
        "【登場時】相手の手札が6枚以上の場合、相手は自身の手札1枚を捨てる。",
        "[登場時］相手のバトルカード1枚までを選び、レストにする。",
        "【永続】自分のライフが3以下の場合、このカードは【ブロッカー】を得る。",
        "【自分のターン終了時】(1)：次の相手のターン終了時まで、自分のリーダーのパワー+5000。",
    ],
)
def test_more_text_only_against_the_opponent_is_moot(text) -> None:
    assert [status for status, _ in parts(text)] == [MOOT]


@pytest.mark.parametrize(
    "text",
    [
        "[Auto] When this card KO's an opponent's Battle Card in battle, deal 1 damage to your opponent.",
        "[Auto][Once per turn] When an opponent's Battle Card with a cost of 3 attacks, draw 1 card.",
        "[Auto][Once per turn] When your opponent plays a Battle Card, if your life is at 1, choose all of "
        "your opponent's Battle Cards and return them to their owner's hand.",
        "[Auto][Once per turn] When your Battle Card with a "
        "cost of 5 or more is removed from the Battle Area "
        "by your opponent, this card gets +10000 power until the end of your next turn.",
        "[Auto][Once per turn] If you have 7 or fewer cards in your hand, when an opponent's Battle Card is "
        "returned to their hand by one of your skills, draw 1 card.",
        "[When Attacking] If attacking a Battle Card, draw 1 card.",
        # with what follows it: a skill's text after a 「場合」 condition that fails is not resolved (0-3-17)
        "[When Attacking] If attacking a Battle Card with a cost of 4 or more, this card gets +25000 power "
        "for the battle. Then, place 1 card from your energy into its owner's Drop.",
        "[When Attacking][Once per turn] If attacking a Battle Card, switch this card to Active Mode.",
        "[When Attacking] If an opponent's Battle Card is KO'd in battle during this turn, this card gets "
        "+15000 power for the battle.",
        "[自動]このカードが戦闘で相手のバトルカードをKOした時、相手に1ダメージを与える。",
        "【自動】【ターン1回】相手のコスト3のバトルカードがアタックした時、カード1枚を引く。",
        "【アタック時】バトルカードにアタックしている場合、この戦闘中、このカードのパワー+5000。",
        "【アタック時】このターン中、戦闘で相手のバトルカードをKOしていた場合、この戦闘中、このカードのパワー+15000。",
        # once per turn too: a battle with the opponent's Battle Cards never happens
        "[Activate Battle][Your Turn][Once per turn] Your Battle Cards with 《Clockwork》 in their special "
        "traits that are in a battle with your opponent's Battle Cards get +20000 power for the battle.",
        "【起動 戦闘中】【自分のターン中】【ターン1回】相手のバトルカードと戦闘中の"
        "自分の特徴《時計仕掛け》を持つバトルカードは、この戦闘中、パワー+20000。",
        # a replacement for the card's leaving by the opponent's act (9-9), which never comes
        "[Permanent] If this card would be removed from your Battle Area by your opponent, you may place 1 "
        "card from your life in its owner's Drop instead.",
        "【永続】このカードが相手によってバトルエリアを離れる場合、代わりに自分のライフ1枚をドロップに置いてもよい。",
    ],
)
def test_a_skill_waiting_for_the_opponents_battle_cards_or_acts_is_moot(text) -> None:
    assert parts(text) == [(MOOT, NEVER_TRIGGERED)]


@pytest.mark.parametrize(
    "text",
    [
        "[Permanent] You can include as many copies of this card in your deck as you like.",
        "【永続】このカードはデッキに何枚でも入れることができる。",
        "You may include only 1 copy of this card in your deck.",
    ],
)
def test_a_deck_building_permanent_is_a_deck_rule(text) -> None:
    assert parts(text) == [(MOOT, DECK_RULE)]


def test_a_sentence_after_a_deck_rule_is_a_part_of_its_own() -> None:
    text = "[Permanent] You can include as many copies of this card in your deck as you like. Draw 1 card."
    assert parts(text) == [(MOOT, DECK_RULE), (UNPLAYED, "")]


@pytest.mark.parametrize(
    "text",
    [
        # it lowers the opponent's Leader's power: the attacks change (a card that can't attack the
        # opponent's Leader is played: test_dbsfw_power_rules)
        "[On Play] If your Leader is awakened, your opponent's Leader gets -5000 power for the turn.",
        # the power counts in this turn's attacks too (On Play it is played: engine/tests/corpora/dbsfw.json)
        "[When Attacking] If your Leader has 《Ember Guild》 in its "
        "special traits, until the end of your opponent's "
        "next turn, this card can't be removed from the Battle Area by your opponent's skills and it gets "
        "+20000 power.",
        # your opponent's hand revealed, then a card into your energy
        "[Activate Main] Choose 1 card from your opponent's hand and reveal it. If the revealed card's cost "
        "is less than or equal to your energy, add the top card of your deck to your energy in Rest Mode.",
        # removed by your own skill too, not only by the opponent
        "[Permanent] If this card would be removed from your Battle Area, you may place 1 card from your "
        "life in its owner's Drop instead.",
    ],
)
def test_text_that_changes_your_own_game_stays_unplayed(text) -> None:
    assert UNPLAYED in [status for status, _ in parts(text)]


@pytest.mark.parametrize(
    ("text", "status"),
    [
        # the goldfish flips every Leader with Awaken at its life line: an Awaken that only flips is played
        ("[Awaken] When your life is at 4 or less, flip this card over.", PLAYED),
        (
            "【覚醒】(条件を満たしていれば【起動 "
            "メイン/戦闘中】で発動できる)自分のライフが3以下の場合、このカードを裏返す。",
            PLAYED,
        ),
        # one that does more is not: your own text or the simulated damage brings the life to its line
        (
            "[Awaken] When your life is at 4 or less, add 1 card from your life to your energy in Rest Mode. "
            "Then, flip this card over.",
            UNPLAYED,
        ),
        (
            "[覚醒]自分のライフが4以下の場合、自分のエナジー1枚までをアクティブにする。その後、このカードを裏返す。",
            UNPLAYED,
        ),
    ],
)
def test_a_leaders_awaken_is_played_when_it_only_flips(text, status) -> None:
    back = {"name": "Woken", "power": 20000, "keywords": []}
    leader = Card(
        "TL-001", "Waker", "leader", ("red",), power=10000, keywords=("awaken",), back=back, text=text
    )
    assert [p.status for p in card_parts("dbsfw", leader, {})] == [status]


def test_an_action_before_a_japanese_condition_is_not_taken_for_the_condition() -> None:
    # the top card revealed, then a condition on it: not moot by the rule, as an action comes first
    assert parts(
        "【アタック時】自分のデッキの上から1枚を公開し、公開したカードが特徴《炎の団》を持つカードの場合、"
        "相手のバトルカード1枚までを選び、このターン中、コスト-2。"
    ) == [(UNPLAYED, "")]
    assert [
        s
        for s, _ in parts(
            "【起動 メイン】自分のバトルエリアの特徴《炎の団》を持つカードの枚数以下のコストの"
            "相手のバトルカード1枚までを選び、"
            "デッキの下に置く。"
        )
    ] == [MOOT]


@pytest.mark.parametrize(
    "text",
    [
        # an [Auto] skill's "when" is taken as a condition: what it does acts only on the opponent's cards
        "[Auto][Once per turn] When a Battle Card is played "
        "from your Drop, choose up to 1 of your opponent's "
        "Battle Cards and reduce its cost by 1 for the turn.",
        "[Auto][Your Turn][Once per turn] If your Leader is <Garro Venn>, when your card is used in a combo "
        "while this card is in a battle, choose up to 1 Battle Card with a cost of 4 or less in your "
        "opponent's Battle Area and KO it.",
        "【自動】【ターン1回】自分のドロップからバトルカードが登場した時、相手のバトルカード1枚までを選び、"
        "このターン中、コスト-1。",
        "【自動】【自分のターン中】【ターン1回】自分の「ガロ」か、自分の特徴《炎の団》を持つバトルカードが登場した時、"
        "相手のレストのコスト4以下のバトルカード1枚までを選び、次の相手のターン中、そのカードはアクティブにならない。",
        "[Activate Main] Choose any number of your opponent's Battle Cards that add up to a total power of "
        "35000 or less and KO them.",
        "[起動 メイン]相手のバトルカードをパワーの合計が35000以下になるように選び、KOする。",
        "[Activate Main][Once per turn] If your opponent "
        "doesn't have an energy marker, choose up to 1 of your "
        "opponent's Battle Cards with a cost of 5 or less and KO it. Then, your opponent places 1 energy "
        "marker.",
        "【起動 メイン】【ターン1回】相手のエナジーマーカーがない場合、"
        "相手のコスト5以下のバトルカード1枚までを選び、"
        "KOする。その後、相手はエナジーマーカー1つを置く。",
        "[Permanent] If your Leader is <Nova 18>, your Battle Cards with 《Ember Guild》 in their special "
        "traits can attack Active Mode Battle Cards in your opponent's Battle Area.",
        # a condition on the opponent's Battle Cards, a battle with one of them: never here
        "[Permanent][Your Turn] If your opponent has 3 or more Rest Mode Battle Cards, this card gets +5000 "
        "power.",
        "【永続】【自分のターン中】相手のレストのバトルカードが3枚以上ある場合、このカードのパワー+5000。",
        "[Activate Battle][Your Turn] Your cards with 《Ember Guild》 in their special traits that are in a "
        "battle with your opponent's Battle Cards get +25000 power for the battle.",
        "【起動 戦闘中】【自分のターン中】相手のバトルカードと戦闘中の自分の特徴《炎の団》を持つカードは、"
        "この戦闘中、"
        "パワー+25000。",
    ],
)
def test_a_when_or_a_condition_before_what_acts_only_against_the_opponent(text) -> None:
    kind = "extra" if "Activate" in text or "起動" in text else "battle"
    assert [status for status, _ in parts(text, kind)] == [MOOT]


def test_a_when_before_what_acts_for_you_stays_unplayed() -> None:
    # (Power for the turn you take damage in is moot: it lasts through the opponent's turn only,
    # engine/tests/test_dbsfw_battle_text.py; a draw is not, as the simulated damage triggers it.)
    text = "[Auto][Once per turn] When you take damage, draw 1 card."
    assert [status for status, _ in parts(text)] == [UNPLAYED]


@pytest.mark.parametrize(
    ("text", "status"),
    [
        (
            "[Activate Main] During this turn, if an opponent's Battle Card is KO'd in battle and your "
            "Leader is <Tin Doll>, draw 2 cards.",
            MOOT,
        ),
        (
            "【起動 メイン】このターン中、戦闘で相手のバトルカードをKOしていて、"
            "自分のリーダーが「ブリキ人形」の場合、カード2枚を引く。",
            MOOT,
        ),
        # a condition joined by "or" may hold alone
        (
            "[Activate Main] During this turn, if an opponent's Battle Card is KO'd in battle or your "
            "Leader is <Tin Doll>, draw 2 cards.",
            UNPLAYED,
        ),
        (
            "[Activate Main] If your opponent has a Battle Card with a cost of 2 or less or you have 2 or "
            "less life, draw 1 card.",
            UNPLAYED,
        ),
    ],
)
def test_a_skill_waiting_for_an_opponents_battle_card_ko_d_in_battle_is_moot(text, status) -> None:
    assert parts(text, "extra") == [(status, AGAINST_OPPONENT if status == MOOT else "")]


@pytest.mark.parametrize(
    "text, status",
    [
        (
            "[On Play] Discard 1 card from your hand : Choose all of your opponent's Battle Cards with"
            " costs of 5 or less and KO them. Then, this card can't attack for the turn.",
            MOOT,
        ),
        (
            "[登場時]自分の手札1枚を捨てる：相手のコスト5以下のバトルカードすべてを選び、KOする。その後、このターン中、"
            "このカードはアタックできない。",
            MOOT,
        ),
        # without a cost the loss of the attack is not the player's choice
        (
            "[On Play] Choose all of your opponent's Battle Cards with costs of 5 or less and KO them."
            " Then, this card can't attack for the turn.",
            UNPLAYED,
        ),
        # nothing against the opponent: not this rule's
        ("[On Play] Discard 1 card from your hand : This card can't attack for the turn.", UNPLAYED),
        # a clause that acts for you
        (
            "[On Play] Discard 1 card from your hand : Choose up to 1 of your opponent's Battle Cards and"
            " KO it. Then, draw 1 card. Then, this card can't attack for the turn.",
            UNPLAYED,
        ),
        # a card name with " : " is no cost
        (
            "[On Play] Choose up to 1 <Pell : Youth> and it can't attack for the turn. Then, choose up to"
            " 1 of your opponent's Battle Cards and KO it.",
            UNPLAYED,
        ),
    ],
)
def test_a_cost_that_buys_only_what_acts_against_the_opponent_and_a_loss_is_never_paid(text, status) -> None:
    assert [s for s, _ in parts(text)] == [status]
    if status == MOOT:
        assert [why for _, why in parts(text)] == [PAID_FOR_NOTHING]
