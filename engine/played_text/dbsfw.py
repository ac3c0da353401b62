"""What the DBS FW goldfish plays of a card's text (engine/goldfish/dbsfw.py): the keywords Critical,
Double Strike, Triple Strike and Field when the card carries them, and the skills the text reader
(engine/readers/dbsfw.py) turns into effects the simulator plays (`dbsfw.plays`) while the `card_effects`
knob is on. A card whose effects are set by hand is played as they say."""

from __future__ import annotations

import re
from collections.abc import Mapping, Sequence
from typing import Any

from engine.cards import Card
from engine.goldfish.dbsfw import applies, plays
from engine.played_text import DECK_RULE, MOOT, OPPONENT_ATTACKS, PLAYED, UNPLAYED, Status, split_text
from engine.readers import played_part
from engine.readers.dbsfw import GLUED_SKILL, clauses, is_alias

_KEYWORD_TAGS = {
    "critical": "critical",
    "double strike": "double-strike",
    "triple strike": "triple-strike",
    "field": "field",
}
# The Japanese list's names of the same tags (its brackets 【】 or [], now and then one of each).
_JA_TAGS = {
    "クリティカル": "critical",
    "ダブルストライク": "double strike",
    "トリプルストライク": "triple strike",
    "フィールド": "field",
    "ブロッカー": "blocker",
    "バリア": "barrier",
    "スーパーコンボ": "super combo",
    "ドラゴンボール": "dragon ball",
}
_DEFENDING_TAGS = {"blocker", "barrier", "super combo"}
_TAGS = re.compile(
    r"\[(?:Critical|Double Strike|Triple Strike|Field|Blocker|Barrier|Super Combo|Dragon Ball)\]\s*"
)
# A deck-building Permanent (6-1-4-3): "You may include ... in your deck.", "[Permanent] You can include
# as many copies of this card in your deck as you like.",
# 「【永続】このカードはデッキに何枚でも入れることができる。」
_DECK_RULE = re.compile(
    r"(?:\[(?:Permanent|永続)\]\s*)?(?:you may include .* in your deck\.?"
    r"|you can include as many copies of this card in your deck as you like\."
    r"|このカードはデッキに何枚でも入れることができる。)",
    re.IGNORECASE,
)
_REMINDED = re.compile(r"[\[【［][^\]】］]+[\]】］]")  # a keyword tag alone, which reminder text may follow
_REMINDER = re.compile(r"\s*[(（].*[)）]", re.DOTALL)
_NO_COMBO = "This card cannot combo."
_THEN = "Then, "  # the rest of a skill, one part with it ("Then, flip this card over.")
# A skill of the opponent's turn, in which this opponent only draws: nothing attacks, combos or plays.
_OPPONENTS_TURN = re.compile(
    r"(?:[\[【][^\]】]*[\]】])*[\[【](?:Opponent's Turn|Opponent’s Turn|相手のターン中)[\]】].*", re.DOTALL
)
# The sentence after a look at (or a reveal of) cards of the deck that says where the others go ("Place the
# rest at the bottom of your deck in a random order.", "Place any remaining cards at the top of your deck.",
# "Place the rest into its owner's Drop."): it belongs to that look, which the reader reads with it.
_THE_REST = re.compile(r"Place (?:the rest|any remaining cards) ")
_KO = (
    "your cards are KO'd only by the opponent, who does nothing here, or by your own text that KOs them,"
    " which is named as not played (its own When Attacking that KOs it after its battle is played only on a"
    " card whose text does not speak of its being KO'd), or by a KO cost the goldfish pays, which never KOs a"
    " card whose text speaks of its being KO'd"
)
# A Leader's Awaken that only flips it: the simulator flips every Leader with Awaken at its life line
# (engine/goldfish/dbsfw.py, `awaken_life`). An Awaken that does more is not played: your own text that
# takes life cards, or the simulated damage, brings the life down to its line.
_FLIP_ONLY_AWAKEN = re.compile(
    r"\[(?:Awaken|覚醒)\]\s*(?:[(（][^)）]*[)）]\s*)?"
    r"(?:When your life is (?:at )?\d+ or less, flip "
    r"this card over\.|自分のライフが\d+以下の場合、このカードを裏返す。)"
)
# An Awaken skill: the goldfish flips only a Leader with the Awaken keyword and a back face
# (engine/goldfish/dbsfw.py, `_awaken`), so on any other card its text, the flip and a draw, is not played.
_AWAKEN = re.compile(r"[\[【](?:Awaken|覚醒)[\]】]")
ALIAS = "a search or a play by name finds the card by its other names too (2-3-3)"
FLIPS = "the Leader flips when your life is at its line, as the goldfish flips every Leader with Awaken"
_MOOT_SKILLS = {
    "[when ko'd]": _KO,
    "[ko]": _KO,
    "[ko時]": _KO,
    "[when blocking]": OPPONENT_ATTACKS,
    "[ブロック時]": OPPONENT_ATTACKS,
}
AGAINST_OPPONENT = (
    "it acts only on the opponent's Battle Cards, Field, hand, deck, blocks or attacks, or guards your cards"
    " against them (or on a card chosen among them, or only if the opponent has one or one of them was KO'd"
    " in battle), and this opponent has no Battle Cards or Field, never blocks or attacks, and the"
    " autopilot plays the same whatever its hand and deck hold (a cost paid for it need not be paid); or it"
    " lets you choose up to N of any player's cards to return to the hand or put into the Combo Area, and"
    " with none of the opponent's to choose, the autopilot chooses none of its own"
)


# The one rule for text that matters only against an opponent who acts (issue 32, item 4). A skill is moot
# when, after its tags, a cost (text before " : ", which need not be paid) and a condition ("If ..., "),
# every clause of it ("Then, ...") acts only on the opponent's cards, blocks or attacks (AGAINST_OPPONENT).
# (Two timings of one skill: "[When Attacking]/[When Blocking] ...".)
_LEADING_TAGS = re.compile(r"^(?:[\[【][^\]】]*[\]】]\s*(?:/(?=[\[【]))?)+")
_COST = re.compile(r"^[^:：]*?\s?[:：]\s?")
_THEN_CLAUSE = re.compile(r"(?<=\.) Then, |(?<=。)その後、")
# Conditions and an [Auto] skill's "when" before its action, one or more: "If ..., ", "When ..., ",
# 「…場合、」, 「…した時、」, each with at most one 「…で、」, 「…中、」 or 「…か、」 inside
# (「自分のエナジーが6枚以上で、このカードがレストの場合、」), never an action before it
# (「デッキの上から1枚を公開し、公開したカードが…場合、」).
_CONDITION = re.compile(r"^(?:(?:[Ii]f|[Ww]hen) [^,]*, |(?:[^、。]*(?:で|中|か)、)?[^、。]*(?:場合|時)、)+")
_THEM = r"(?:it|them)"
_OWNERS = r"(?:its|their) owner's"
_OPPONENTS_CARDS = (
    r"(?:of your opponent's (?:Rest Mode )?Battle Cards(?: with [^.]*?)?"
    r"|(?:Rest Mode )?(?:Battle )?Cards? (?:with [^.]*? )?in your opponent's Battle Area(?: with [^.]*?)?)"
)
# What the opponent's cards are chosen for, in the Japanese list:
# 「相手の(バトルエリアの)(レストの)(コストN以下の)バトルカード1枚までを選び、KOする。」 and the like.
_JA_OPPONENTS_CARDS = (
    r"(?:自分の[^、。]*?の枚数以下のコストの)?(?:相手の[^、。自]*?(?:バトルカード|\[フィールド\]|【フィールド】)"
    r"|相手のバトルエリアの[^、。自]*?カード)"
    r"(?:を(?:コスト|パワー)の合計が\d+以下になるように)?(?:(?:\d+枚まで|すべて)を)?選び、"
)
_JA_AGAINST_THEM = (
    r"(?:KOする|レストにする|(?:好きな順番で)?デッキの下に置く|手札に戻す|ドロップに置く|レストで(?:持ち主の)?エナジーにする"
    r"|(?:[^。]*?1枚につき、)?(?:このターン中|この戦闘中)、(?:パワー|コスト)[-−]\d+"
    r"|(?:レストにし、)?(?:そのカードは、|それらのカードは、)?次の相手のターン中、(?:そのカードは)?"
    r"(?:アクティブにならない|アタックできない))。"
)
_OPPONENT_ONLY = (
    re.compile(
        rf"choose (?:up to \d+|all|\d+) {_OPPONENTS_CARDS},? and (?:KO {_THEM}|switch {_THEM} to Rest Mode"
        rf"|(?:it gets|they get) -\d+ power for the (?:turn|battle)(?: for each [^.]*)?"
        rf"|place {_THEM} at the bottom of {_OWNERS} deck(?: in any order)?|return {_THEM} to {_OWNERS} hand"
        rf"|reduce (?:its cost|their costs) by \d+ for the turn"
        rf"|(?:it|they) can't (?:attack|switch to Active Mode) during your opponent's next turn"
        rf"|place {_THEM} (?:in|into) {_OWNERS} Drop|add {_THEM} to {_OWNERS} energy in Rest Mode)\.",
        re.IGNORECASE,
    ),
    re.compile(
        rf"choose up to \d+ {_OPPONENTS_CARDS}, switch it to Rest Mode, and it can't switch to Active Mode"
        r" during your opponent's next turn\.",
        re.IGNORECASE,
    ),
    re.compile(
        r"choose up to \d+ \[Field\](?: with [^.]*?)? in your opponent's Battle Area and place it "
        r"(?:in|into) its owner's Drop\.",
        re.IGNORECASE,
    ),
    re.compile(
        r"choose any number of your opponent's Battle Cards "
        r"that add up to a total power of \d+ or less and KO "
        r"them\.",
        re.IGNORECASE,
    ),
    # up to N of any player's cards ("Choose up to 1 Battle Card with a cost of 3 or less and return it to
    # its owner's hand."): the opponent has none, and the autopilot chooses none of its own; not one
    # that names your cards ("... in your Battle Area"), which is your choice alone
    re.compile(
        rf"choose up to \d+ (?:Battle )?cards?(?: with (?:(?!your)[^.])*?)?(?: in (?:a|the) Battle Areas?)?"
        rf" and (?:return {_THEM} to {_OWNERS} hand|place {_THEM} into {_OWNERS} Combo Area)\.",
        re.IGNORECASE,
    ),
    re.compile(
        r"(?:バトルエリアの)?(?:コスト\d+以下の)?(?:特徴《[^》]+》を持つ)?(?:バトル)?カード\d+枚までを選び、"
        r"持ち主の(?:手札に戻す|コンボエリアに置く)。"
    ),
    re.compile(r"your opponent discards \d+ cards? from their hand\.", re.IGNORECASE),
    re.compile(r"your opponent places \d+ energy markers?\.", re.IGNORECASE),
    re.compile(
        (
            r"your [^.]*? can attack Active Mode Battle "
            r"Cards in your opponent's Battle Area\."
        ),
        re.IGNORECASE,
    ),
    re.compile(r"this card can't be blocked(?: by [^.]*)?\.", re.IGNORECASE),
    re.compile(
        r"(?:this card|(?:all of )?your [^.]*?) can't be (?:KO'd|removed from the Battle Area) by "
        r"(?:your opponent's skills|the skills of your opponent's (?:Battle )?Cards)"
        r"(?: until the end of your opponent's next turn)?\.",
        re.IGNORECASE,
    ),
    re.compile(
        r"choose up to \d+ (?:of your )?Battle Cards?(?: with [^.]*?)?(?: in your Battle Area)?,? and"
        r" (?:it|they) can't be (?:KO'd|removed from the Battle Area) by (?:your opponent's skills|the skills"
        r" of your opponent's (?:Battle )?Cards)(?: until the end of your opponent's next turn)?\.",
        re.IGNORECASE,
    ),
    re.compile(r"your opponent's Battle Cards (?:with [^.]*? )?can't attack\.", re.IGNORECASE),
    re.compile(r"your opponent can(?:'t| only) attack [^.]*\.", re.IGNORECASE),
    re.compile(r"your opponent's Battle Cards (?:with [^.]*? )?are played in Rest Mode\.", re.IGNORECASE),
    re.compile(r"your opponent's cards can't be switched to Active Mode by skills\.", re.IGNORECASE),
    re.compile(r"reduce the cost of Battle Cards in your opponent's Battle Area by \d+\.", re.IGNORECASE),
    # what the opponent's hand or deck top holds: the autopilot plays the same whatever it is
    re.compile(r"choose \d+ cards? from your opponent's hand and reveal (?:it|them)\.", re.IGNORECASE),
    re.compile(
        r"look at the top card of your opponent's deck and place it at the top or bottom of its owner's "
        r"deck\.",
        re.IGNORECASE,
    ),
    # the opponent's top card revealed (it stays there) to choose among its Battle Area's cards, of which it
    # has none
    re.compile(
        r"reveal the top card of your opponent's deck, then choose up to \d+ card in your opponent's Battle "
        r"Area with a cost less than or equal to the revealed card and place it into its owner's Drop\.",
        re.IGNORECASE,
    ),
    # power by the count of the opponent's Battle Cards, which is 0 here
    re.compile(
        r"this card gets \+\d+ power for the (?:turn|battle) for each of your opponent's Battle Cards\.",
        re.IGNORECASE,
    ),
    re.compile(r"相手のバトルカード1枚につき、(?:このターン中|この戦闘中)、このカードのパワー\+\d+。"),
    # nothing KOs your cards here (_KO)
    re.compile(r"this card can't be KO'd(?: in battle| once per turn)?\.", re.IGNORECASE),
    re.compile(r"this card gains \[(?:Blocker|Barrier)\]\.", re.IGNORECASE),
    re.compile(
        r"this card gets \+\d+ power while it's in a battle with an opponent's Battle Card\.", re.IGNORECASE
    ),
    re.compile(r"このカードは(?:、1ターンに1回、|戦闘で)?KOされない。"),
    re.compile(r"このカードと相手のバトルカードとの戦闘中、このカードのパワー\+\d+。"),
    re.compile(_JA_OPPONENTS_CARDS + _JA_AGAINST_THEM),
    re.compile(r"相手は(?:自分の|自身の)?手札\d+枚を捨てる。"),
    re.compile(
        r"(?:次の相手のターン終了時まで、)?(?:このカード|自分の[^。]*?)は相手の(?:バトルカードの)?スキルによって"
        r"(?:バトルエリアを離れない|KOされない)。"
    ),
    re.compile(
        r"自分の[^。]*?バトルカード\d+枚までを選び、(?:(?:そのカード|それらのカード)は、)?(?:次の相手のターン終了時まで、)?"
        r"相手の(?:バトルカードの)?スキルによって(?:KOされない|バトルエリアを離れない)。"
    ),
    re.compile(r"相手の(?:(?:パワー|コスト)\d+以(?:下|上)の)?バトルカードはアタックできない。"),
    re.compile(r"(?:次の相手のターン中、)?相手は[^。]*?(?:に|で)アタックできない。"),
    re.compile(r"相手の(?:コスト\d+以上の)?バトルカードはレストで登場する。"),
    re.compile(r"相手のカードはスキルによってアクティブにならない。"),
    re.compile(r"相手のバトルエリアのバトルカードのコスト[-−]\d+。"),
    re.compile(r"相手の手札\d+枚を選び、(?:そのカード|それらのカード)を公開する。"),
    re.compile(r"相手のデッキの上から1枚を見て、デッキの上か下に置く。"),
    re.compile(
        r"相手のデッキの一番上のカードを公開し、相手のバトルエリアの公開したカードのコスト以下のコストのカード\d+枚までを"
        r"選び、ドロップに置く。"
    ),
    re.compile(r"このカードは[【\[](?:ブロッカー|バリア)[】\]]を得る。"),
    re.compile(r"相手はエナジーマーカー\d+つを置く。"),
    re.compile(r"自分の[^。]*?は、相手のバトルエリアのアクティブのバトルカードにアタックできる。"),
)

# Skills that wait for what never happens here: a battle with one of the opponent's Battle Cards (the
# autopilot attacks only the Leader, the opponent has no Battle Cards), or the opponent's acts.
_NEVER_TRIGGERED = (
    re.compile(
        r"\[Auto\](?:\[[^\]]*\])*\s*(?:If [^,]*, )?[Ww]hen (?:this card KO's an opponent's Battle Card in "
        r"battle|an opponent's Battle Card(?: with [^,]*?)? attacks|your opponent plays a Battle Card"
        r"|your [^,]*? is removed from the Battle Area by your opponent"
        r"|an opponent's Battle Card is returned to their hand by one of your skills), .*",
        re.DOTALL,
    ),
    # (with what follows it: when a 「場合」 condition fails, the skill's text after it is not resolved,
    # 0-3-17)
    re.compile(
        r"\[When Attacking\](?:\[Once per turn\])?\s*If (?:attacking a Battle Card(?: with [^,]*)?"
        r"|an opponent's Battle Card is KO'd in battle during this turn), [^.]*\.(?: Then, [^.]*\.)*"
    ),
    re.compile(
        r"\[自動\](?:\[[^\]]*\])*(?:[^、。]*場合、)?(?:このカードが戦闘で相手のバトルカードをKOした時"
        r"|相手の[^、。]*?バトルカードがアタックした時|相手のバトルカードが登場した時"
        r"|自分の[^、。]*?が相手によってバトルエリアを離れた時|自分のスキルで相手のバトルカードを手札に戻した時)、.*",
        re.DOTALL,
    ),
    # a replacement for the card's leaving by the opponent's act (9-9: only the opponent's skills or attacks
    # would remove it)
    re.compile(
        r"\[Permanent\]\s*If this card would be removed from your Battle Area by your opponent, [^.]*\."
    ),
    re.compile(r"\[永続\]このカードが相手によってバトルエリアを離れる場合、[^。]*。"),
    re.compile(
        r"\[Permanent\](?:\[Your Turn\])?\s*If your opponent "
        r"has \d+ or more (?:Rest Mode )?Battle Cards, [^.]*\."
    ),
    re.compile(
        r"\[Activate:? Battle\](?:\[Your Turn\])?(?:\[Once per turn\])?\s*Your [^.]*? "
        r"in a battle with your opponent's Battle Cards get "
        r"\+\d+ power for the battle\."
    ),
    re.compile(
        r"\[永続\](?:\[自分のターン中\])?相手の(?:レストの)?バトルカードが\d+枚以上ある場合、[^。]*。"
    ),
    re.compile(
        r"\[起動 ?戦闘中\](?:\[自分のターン中\])?(?:\[ターン1回\])?"
        r"相手のバトルカードと戦闘中の[^。]*パワー\+\d+。"
    ),
    re.compile(
        r"\[アタック時\](?:\[ターン1回\])?(?:(?:コスト\d+以上の)?バトルカードにアタックしている場合"
        r"|このターン中、戦闘で相手のバトルカードをKOしていた場合)、[^。]*。(?:その後、[^。]*。)*"
    ),
)
NEVER_TRIGGERED = (
    "it waits for a battle with the opponent's Battle Cards, or for the opponent to act: this opponent has no"
    " Battle Cards, is attacked only at its Leader and does nothing"
)
# A skill that waits for what this card's own skill did this turn ("[End of Your Turn] If energy is placed
# into its owner's Drop by this card's skill during this turn, ...",
# 「…このターン中、このカードのスキルでエナジーがドロップに置かれていた場合、…」): on a card whose every other
# skill is one of _NEVER_TRIGGERED, that never happens either.
_AFTER_OWN_SKILL = (
    re.compile(r"\[End of Your Turn\]\s*If [^,]* by this card's skill during this turn, .*", re.DOTALL),
    re.compile(r"\[自分のターン終了時\](?:このターン中、)?このカードのスキルで[^、。]*場合、.*", re.DOTALL),
)
AFTER_NEVER_TRIGGERED = (
    "it waits for what this card's own skill did this turn, and each of the card's other skills waits for a"
    " battle with the opponent's Battle Cards or for the opponent to act, which never happens here"
)
# Power for the turn in which you take damage: only the opponent's attacks deal it to you (and the simulated
# damage, in the opponent's turn), so the power lasts through the opponent's turn only, where it would matter
# only to a card the opponent attacks; this opponent attacks nothing.
_WHEN_DAMAGED = (
    re.compile(
        r"\[Auto\](?:\[[^\]]*\])*\s*When you take damage, (?:this card|your Leader) gets \+\d+ power for the"
        r" turn\."
    ),
    re.compile(
        r"\[自動\](?:\[[^\]]*\])*自分がダメージを受けた時、このターン中、(?:このカード|自分のリーダー)のパワー\+\d+。"
    ),
)
WHEN_DAMAGED = (
    "it gives power for the turn in which you take damage, which only the opponent's attacks deal (and the"
    " simulated damage, in the opponent's turn): the power would matter only to a card the opponent attacks,"
    " and this opponent attacks nothing"
)


# At the end of your own turn: what readies a card for the opponent's turn only (it untaps at the start of
# your next one anyway, 7-2-7), which matters only if the opponent attacks: a Battle Card, or energy that
# would pay for what you use in the opponent's turn (a counter to its attack).
_END_OF_YOUR_TURN = re.compile(r"^[\[【](?:End of Your Turn|自分のターン終了時)[\]】]")
_FOR_THE_OPPONENTS_TURN = (
    re.compile(
        r"(?:switch this card(?: in a Battle Area)? to Active Mode|choose (?:up to )?1 of your Rest Mode "
        r"(?:Battle )?cards(?: with [^.]*?)? and switch it to Active Mode"
        r"|choose up to \d+ of your (?:Rest Mode )?Battle Cards(?: with [^.]*?)? and switch (?:it|them) to "
        r"Active Mode|your Leader gets \+\d+ power until "
        r"the end of your opponent's next turn|switch up to \d+ of your Rest Mode energy to Active Mode)\.",
        re.IGNORECASE,
    ),
    re.compile(r"(?:バトルエリアの)?このカードをアクティブにする。"),
    re.compile(r"自分のレストの[^。]*?(?:バトル)?カード1枚(?:まで)?を選び、アクティブにする。"),
    re.compile(r"自分の(?:レストの)?(?:[^。、]*?の)?バトルカード\d+枚までを選び、アクティブにする。"),
    re.compile(r"次の相手のターン終了時まで、自分のリーダーのパワー\+\d+。"),
    re.compile(r"自分のレストのエナジー\d+枚までをアクティブにする。"),
)
END_OF_YOUR_TURN = (
    "at the end of your turn it readies a card only for the opponent's turn (your cards untap at the start"
    " of yours, 7-2-7), which matters only if the opponent attacks"
)


# A clause about the card a clause of the opponent's cards before it chose ("Then, if that card has a cost
# of 4 or more, draw 1 card.", "Then, if your Leader is awakened, the chosen card gets -10000 power for the
# turn."): this opponent has no cards, so none was chosen and the clause does nothing.
_ABOUT_THE_CHOSEN = (
    re.compile(
        r"(?:if (?:that|the chosen) card [^,.]*, [^.]*|(?:if [^,.]*, )?(?:that|the chosen) card [^.]*)\.",
        re.IGNORECASE,
    ),
    re.compile(r"(?:[^、。]*場合、)?(?:このターン中、)?(?:そのカード|選んだカード)[^。]*。"),
)


# The one rule for a clause that waits for what the opponent's Battle Cards never do here: that it has one
# ("Then, if your opponent has a Battle Card with a cost of 2 or less, draw 1 card.", "Then, if there is a
# Battle Card with a cost of 2 or less in your opponent's Battle Area, ..."), or that one was KO'd in battle
# ("During this turn, if an opponent's Battle Card is KO'd in battle and your Leader is <X>, draw 2
# cards.", 「このターン中、戦闘で相手のバトルカードをKOしていて、自分のリーダーが「X」の場合、…」): this
# opponent has none, so it never happens, also when another condition joined to it by "and" holds (never
# one joined by "or", which may hold alone).
_NOT_OR = r"(?:(?! or (?:you|your|if|there)\b)[^,])"
_IF_OPPONENT_HAS_BATTLE_CARDS = re.compile(
    r"(?:(?:During this turn, )?[Ii]f (?:(?:your opponent has (?:a|\d+ or more) (?:Rest Mode )?Battle Cards?"
    rf"|there is an? (?:Rest Mode )?Battle Card(?: with {_NOT_OR}*?)? in your opponent's Battle Area)"
    rf"(?: with {_NOT_OR}*)?|an opponent's Battle Card is KO'd in battle(?: during this turn)?"
    rf"(?: and {_NOT_OR}*)?), "
    r"|相手の(?:バトルエリアに)?(?:レストの)?(?:コスト\d+以[下上]の)?バトルカードが(?:\d+枚以上)?ある場合、"
    r"|(?:このターン中、)?戦闘で相手のバトルカードをKOして(?:いた|いて、[^、。]*の)場合、)[^.。]*[.。]"
)


def _clauses(action: str) -> list[str]:
    return [_CONDITION.sub("", c.replace("’", "'")) for c in _THEN_CLAUSE.split(action)]


def _only_against_opponent(clause: str) -> bool:
    return any(p.fullmatch(clause) for p in _OPPONENT_ONLY)


def moot_clauses(pieces: Sequence[str], conditions: bool = True) -> list[bool]:
    """Which clauses of a skill (its action cut at "Then, " / 「その後、」, tags off) act only against the
    opponent: one of _OPPONENT_ONLY (after any condition, or, without `conditions`, only as printed), a
    clause about the card such a clause before it chose (_ABOUT_THE_CHOSEN), or one that waits for the
    opponent to have a Battle Card (_IF_OPPONENT_HAS_BATTLE_CARDS). The reader plays the other
    clauses of the skill (engine/readers/dbsfw.py, `_composed`)."""
    moot: list[bool] = []
    for piece in pieces:
        clause = piece.replace("’", "'")
        alone = _only_against_opponent(_CONDITION.sub("", clause) if conditions else clause)
        chosen = bool(moot) and moot[-1] and any(p.fullmatch(clause) for p in _ABOUT_THE_CHOSEN)
        moot.append(alone or chosen or _IF_OPPONENT_HAS_BATTLE_CARDS.fullmatch(clause) is not None)
    return moot


def for_the_opponents_turn(part: str) -> bool:
    """Whether an [End of Your Turn] skill only readies cards for the opponent's turn (after its cost and
    any condition)."""
    if not _END_OF_YOUR_TURN.match(part):
        return False
    action = _LEADING_TAGS.sub("", part)
    return any(
        all(any(p.fullmatch(c) for p in _FOR_THE_OPPONENTS_TURN) for c in _clauses(text))
        for text in (action, _COST.sub("", action, count=1))
    )


def against_opponent(part: str) -> bool:
    """Whether a skill acts only on the opponent's Battle Cards, hand, blocks or attacks (after its cost,
    which a player need not pay, and any condition): against this opponent it does nothing."""
    action = _LEADING_TAGS.sub("", part)
    if action == part:
        return False  # not a skill: a tag starts every one
    return any(
        all(moot_clauses(clauses(text))) or _moot_options(text)
        for text in (action, _COST.sub("", action, count=1))
    )


# What a clause does to you alone: this card loses its attack for the turn ("Then, this card can't attack for
# the turn.", 「その後、このターン中、このカードはアタックできない。」).
_ONLY_COSTS_YOU = (
    re.compile(r"this card can't attack for the turn\.", re.IGNORECASE),
    re.compile(r"(?:このターン中、)?このカードはアタックできない。"),
)
PAID_FOR_NOTHING = (
    "its cost, which a player need not pay, buys only what acts against the opponent (as AGAINST_OPPONENT"
    " says) and a loss to you (this card's attack for the turn): paying could never speed a kill, and the"
    " autopilot never pays it"
)


def paid_for_nothing(part: str) -> bool:
    """Whether a skill with a cost (text before " : " with no card name cut in it) does, after the cost,
    only what acts against the opponent (`moot_clauses`, one clause at least) and what takes from you alone
    (_ONLY_COSTS_YOU): "[On Play] Discard 1 card from your hand : Choose all of your opponent's Battle
    Cards ... and KO them. Then, this card can't attack for the turn." The player chooses whether to pay,
    and paying gains nothing here, so the skill does nothing."""
    action = _LEADING_TAGS.sub("", part)
    m = _COST.match(action)
    if action == part or m is None or m.group(0).count("<") != m.group(0).count(">"):
        return False
    pieces = clauses(action[m.end() :])
    moot = moot_clauses(pieces)
    costs_you = [any(p.fullmatch(c.replace("’", "'")) for p in _ONLY_COSTS_YOU) for c in pieces]
    return any(moot) and all(a or b for a, b in zip(moot, costs_you, strict=True))


# "Choose one―" (13-2, 「以下から1つを選ぶ。」) and its options, each after a 「・」.
_CHOOSE_ONE = re.compile(r"(?:Choose one ?[―ー]|以下から1つを選ぶ。)\s*(?=・)")


def _moot_options(action: str) -> bool:
    """Whether an action is a choice of one option (13-2) whose every option acts only against the
    opponent (`moot_clauses`): whichever the player picks does nothing here."""
    header = _CHOOSE_ONE.match(action)
    if header is None:
        return False
    options = [o.strip() for o in action[header.end() :].split("・")[1:]]
    return all(all(moot_clauses(clauses(option))) for option in options)


# A keyword's reminder text on a line of its own, after the skill that grants the keyword: "([Critical] :
# When this card inflicts damage ...)".
_LONE_REMINDER = re.compile(r"[(（]\[?[^\]():：]+\]? ?[:：].*[)）]", re.DOTALL)
REMINDER = "reminder text, which explains a keyword: the skill that grants it is classified on its own"


def split(text: str) -> list[str]:
    """The text's parts, a keyword's reminder text in parentheses with its keyword ("[Blocker] (After an
    opponent's attack, ...)"): it explains the keyword and is played, or moot, as the keyword is. A look
    at the top cards keeps its "Place the rest at the bottom ..." with it, an Awaken its flip."""
    parts: list[str] = []
    text = GLUED_SKILL.sub("\n", text)  # a reminder or a skill some lists print with the next on its line
    for part in split_text(text, _TAGS):
        if parts and _continues(parts[-1], part):
            parts[-1] += " " + part
        else:
            parts.append(part)
    return parts


def _continues(previous: str, part: str) -> bool:
    """Whether a part belongs to the one before it: a keyword's reminder text (or the rest of a reminder of
    several sentences), a look at the top cards' "Place the rest ...", and what a skill does "Then, ..."
    (an Awaken's flip, a discard after a draw), and the options of a "Choose one―" (each after a 「・」):
    a reading of the skill without it would be a misread, so the skill is read whole or left unread."""
    return (
        (_REMINDED.fullmatch(previous) is not None and part.startswith("("))
        or _open(previous)
        or _THE_REST.match(part) is not None
        or part.startswith(_THEN)
        or (part.startswith("・") and _CHOOSE_ONE.search(previous + part) is not None)
    )


def _open(part: str) -> bool:
    """Whether a part ends inside its reminder text (a reminder of several sentences)."""
    return _REMINDED.fullmatch(part.split(" (")[0]) is not None and part.count("(") > part.count(")")


def classify(part: str, card: Card, policy: Mapping[str, Any]) -> tuple[Status, str]:
    if _AWAKEN.match(part) and not (card.type == "leader" and card.has("awaken") and card.back):
        return UNPLAYED, ""
    if (
        what := played_part("dbsfw", part, card, lambda e: plays(e) and applies(card, e), policy)
    ) is not None:
        moot_rest = card.effects is None and _moot_in_part(part)
        return PLAYED, what + (" (its other clauses act only against the opponent)" if moot_rest else "")
    bare = _REMINDER.sub("", part) if _REMINDED.match(part) else part
    tag = bare[1:-1].lower() if _REMINDED.fullmatch(bare) else None
    tag = _JA_TAGS.get(tag or "", tag)
    if tag in _KEYWORD_TAGS and card.has(_KEYWORD_TAGS[tag]):
        return PLAYED, ""
    if tag in _DEFENDING_TAGS or part == _NO_COMBO:
        return MOOT, OPPONENT_ATTACKS
    if _LONE_REMINDER.fullmatch(part):
        return MOOT, REMINDER
    if tag == "dragon ball" or _DECK_RULE.fullmatch(_squared(part)):
        return MOOT, DECK_RULE
    square = _squared(part)
    if is_alias(square):
        return PLAYED, ALIAS
    if card.type == "leader" and card.back and _FLIP_ONLY_AWAKEN.fullmatch(square):
        return PLAYED, FLIPS
    if _OPPONENTS_TURN.fullmatch(square):
        return MOOT, "it works only in the opponent's turn, in which this opponent only draws"
    for skill, why in _MOOT_SKILLS.items():
        if square.lower().startswith(skill):
            return MOOT, why
    if any(p.fullmatch(square) for p in _NEVER_TRIGGERED):
        return MOOT, NEVER_TRIGGERED
    if any(p.fullmatch(square) for p in _AFTER_OWN_SKILL) and _others_never_triggered(part, card):
        return MOOT, AFTER_NEVER_TRIGGERED
    if any(p.fullmatch(square) for p in _WHEN_DAMAGED):
        return MOOT, WHEN_DAMAGED
    if against_opponent(square):
        return MOOT, AGAINST_OPPONENT
    if paid_for_nothing(square):
        return MOOT, PAID_FOR_NOTHING
    if for_the_opponents_turn(square):
        return MOOT, END_OF_YOUR_TURN
    return UNPLAYED, ""


def _others_never_triggered(part: str, card: Card) -> bool:
    """Whether the card (the face `part` is of) has other skills and each is one of _NEVER_TRIGGERED."""
    others = [_squared(p) for p in split(card.text or "") if p != part]
    return bool(others) and all(any(p.fullmatch(o) for p in _NEVER_TRIGGERED) for o in others)


def _moot_in_part(part: str) -> bool:
    """Whether a skill read as played has clauses that act only against the opponent (the reader reads the
    others: engine/readers/dbsfw.py, `_composed`)."""
    tags = _LEADING_TAGS.match(_squared(part))
    return tags is not None and any(moot_clauses(clauses(_squared(part)[tags.end() :])))


def _squared(part: str) -> str:
    """A part with its tags in square brackets, as the English list prints them: "【登場時］" ->
    "[登場時]"."""
    return re.sub(r"[【［]", "[", re.sub(r"[】］]", "]", part))


def back_face(card: Card) -> Card | None:
    """A Leader's back face as a card of its own (the face the goldfish plays once it awakens it: its
    power, keywords, and the text its simulator reads for a Leader face, engine/goldfish/dbsfw.py
    `compile_deck`), or None for a card without one or whose back prints no text."""
    back = card.back
    if card.type != "leader" or not back or not back.get("text"):
        return None
    return Card(
        card.number,
        str(back.get("name") or card.name),
        "leader",
        card.colors,
        power=back.get("power", card.power),
        traits=tuple(back.get("traits") or ()),
        keywords=tuple(str(k).lower() for k in back.get("keywords") or ()),
        text=str(back["text"]),
    )
