"""FFTCG card text into effects: the official English wording of the card lists, and the Japanese.

Each pattern is a whole sentence; the card names itself by its name ("When Courier enters the field,
..."), and a sentence about another card ("When a Forward enters the field") is not this card's trigger.
The Japanese forms of the English shapes follow the Japanese rules' wording (seed 000, quoted at each
pattern) and the cards' 「場に出た時」; full-width digits and colons read as half-width ones.
"""

from __future__ import annotations

import re
from collections.abc import Callable
from dataclasses import replace
from functools import lru_cache, partial

from engine.effects import CHOSEN_ACTIONS, LARGEST_N, CardFilter, Condition, Effect
from engine.readers.numbers import half_width, number

_N = r"(\d+|one|two|three)"
_TYPES = {
    "forward": "forward", "backup": "backup", "monster": "monster", "summon": "summon",
    "character": "character",
}  # fmt: skip
_JA_TYPES = {
    "フォワード": "forward", "バックアップ": "backup", "モンスター": "monster", "召喚獣": "summon",
    "キャラクター": "character",
}  # fmt: skip
_ELEMENTS = ("Fire", "Ice", "Wind", "Earth", "Lightning", "Water", "Light", "Dark")
_JA_ELEMENTS = dict(zip("火氷風土雷水光闇", (e.lower() for e in _ELEMENTS), strict=True))


# English: the trigger clause, then the action.
_ENTERS = r"When {name} enters the field, "
_ATTACKS = r"When {name} attacks, "
# The card itself deals damage to the opponent (after its attack's damage, 10.1.4.3): "When Leila deals damage
# to your opponent, draw 1 card." ("or to a Forward" and a party's damage stay unread).
_DAMAGES = r"When {name} deals damage to your opponent, "
_DRAW = rf"(?P<may>you may )?draw {_N} cards?\."
# A draw, then a discard from the hand: "draw 2 cards, then discard 1 card from your hand.", "draw 1 card
# then discard 1 card.", "draw 2 cards. Then, discard 1 card from your hand."; both happen, in this order.
_LOOT = (
    rf"draw (?P<drawn>{_N}) cards?(?:,? then|\. Then,) discard (?P<dropped>{_N}) cards?(?: from your hand)?\."
)
# "each player discards 1 card from his/her hand.": your own discard (the opponent's changes nothing here:
# it never casts, engine/played_text/fftcg.py), so a discard more of the opponent's after it, under any
# condition, changes nothing either ("If you control Card Name Laguna, your opponent discards 1 more card
# from his/her hand.").
_THEIRS_MORE = r"(?: If [^,.]+, your opponent discards (?:1|one) more card from (?:his/her|their) hand\.)?"
_EACH_DISCARDS = rf"each player discards {_N} cards? from (?:his/her|their) hand\.{_THEIRS_MORE}"
# The opponent's discard, then your draw: "your opponent discards 1 card. Draw 1 card." (the draw alone).
_THEIR_DISCARD_DRAW = r"your opponent discards (?:1|a) card(?: from (?:his/her|their) hand)?\. " + _DRAW
_DAMAGE = rf"(?:your opponent receives {_N} points? of damage|deal your opponent {_N} points? of damage)\."
# The opponent's top cards into its Break Zone: "your opponent puts the top card of his/her deck into the
# Break Zone.", "... the top 5 cards of their deck ..." (a condition on them, "If both cards are ...",
# stays unread).
_OPPONENT_MILL = (
    r"your opponent puts the top (?:card|(?P<milled>\d+) cards) of (?:his/her|their) deck into the Break"
    r" Zone\."
)
# The top card looked at and taken if it is of a kind, else left on the top: "reveal the top card of your
# deck. If it is a Wind Forward, add it to your hand.", "... If it is an Ice card, ..." (an element and a
# type, or either); a name, job or category, and anything after it ("If it is not ...") stay unread.
_REVEAL_ONE = (
    rf"reveal the top card of your deck\. If it is an? (?:(?P<relement>{'|'.join(_ELEMENTS)}) )?"
    r"(?P<rtype>Forward|Backup|Monster|Summon|Character|card), add it to your hand\."
)
# Where a search's card goes: the hand, or onto the field ("search for 1 Job Tsviets and play it onto the
# field.": a `play` from the deck of a character, a Summon never being on the field, 5.2.3.1.2.1).
_FOUND_TO = r"(?:add it to your hand|(?P<onto>play it onto the field))"
# What a search names, in the older wording "[Card Name (X)]" or as the list now prints it, "Card Name X"
# (italic there, plain once printed_text has read the markup), the latter maybe with a card type after it.
_SEARCH = (
    r"(?P<smay>you may )?search for 1 (?:\[(?:Card Name \((?P<card>[^)]+)\)|Job \((?P<job>[^)]+)\)|"
    r"Category \((?P<category>[^)]+)\))\]|"
    r"(?:Card Name (?P<card2>.+?)|Job (?P<job2>.+?)|Category (?P<category2>.+?))"
    r"(?: (?P<ttype>Forward|Backup|Monster|Summon|Character))?|"
    r"(?:(?P<element>Fire|Ice|Wind|Earth|Lightning|Water|Light|Dark) )?"
    r"(?P<stype>Forward|Backup|Monster|Summon|Character|card))"
    r"(?: of cost (?P<scost>\d+)(?: or (?P<sside>less|more))?)?(?: other than Card Name (?P<other>[^,.]+?))?"
    rf" and {_FOUND_TO}\."
)
# A search for up to 2 cards of a name, a job or category (with a type or not) or a type (with an
# element or not): "search for up to 2 Card Name Odin", "up to 2 Category XV Forwards", "up to 2 Summons"
# "and add them to your hand."
_TYPES_PLURAL = r"Forwards|Backups|Monsters|Summons|Characters"
_SEARCH_TWO = (
    r"(?P<smay>you may )?search for up to (?P<sn>2|two) "
    r"(?:(?:Card Name (?P<card2>.+?)|Job (?P<job2>.+?)|Category (?P<category2>.+?))"
    rf"(?: (?P<ttype>{_TYPES_PLURAL}))?|"
    r"(?:(?P<element>Fire|Ice|Wind|Earth|Lightning|Water|Light|Dark) )?"
    rf"(?P<stype>{_TYPES_PLURAL}|cards)) and add them to your hand\."
)
# A search for any of 2 or more names, jobs or categories: "Card Name A or Card Name B", "Card Name A or 1
# Card Name B", "Card Name A, Card Name B, or Card Name C", "Job A or Card Name B" (each maybe with a type).
_NAMED = r"(?:Card Name|Job|Category) "
_EITHER_SEPARATOR = rf"(?:,? or |, )(?:1 )?(?={_NAMED})"
# A cost after the last one is the cost of each ("search for 1 Job Chocobo or Card Name Chocobo of cost 3 or
# less and play it onto the field.", none with a card type), and "other than Card Name X" excludes that
# name from all of them ("search for 1 Job Samurai or Card Name Samurai other than Card Name Cyan and add it
# to your hand.").
_SEARCH_EITHER = (
    rf"(?P<smay>you may )?search for 1 (?P<either>{_NAMED}.+?(?:{_EITHER_SEPARATOR}.+?)+)"
    rf"(?: of cost (?P<ecost>\d+) or less)?(?: other than Card Name (?P<eother>[^,.]+?))? and {_FOUND_TO}\."
)
# A name, job or category, or a card type: "search for 1 Card Name Marche or Monster and add it to your hand."
_SEARCH_NAME_OR_TYPE = (
    rf"(?P<smay>you may )?search for 1 (?P<either>{_NAMED}[^,.]+?) or "
    rf"(?P<etype>Forward|Backup|Monster|Summon|Character) and {_FOUND_TO}\."
)
# The same for up to 2 cards: "search for up to 2 Category FFL Forwards or Job Warrior of Light Forwards and
# add them to your hand." (each of either, the types in the plural).
_SEARCH_EITHER_TWO = (
    rf"(?P<smay>you may )?search for up to (?P<esn>2|two) (?P<either>{_NAMED}.+?(?: or {_NAMED}.+?)+)"
    r" and add them to your hand\."
)
# A search for 1 card of either of two or more types, each of its own cost: "search for 1 Forward of cost 1
# or Monster of cost 1 and add it to your hand." (a cost after the last alone, "1 Forward or Monster of cost
# 3 or less", does not say whose, and stays unread).
_TYPE_COST = (
    rf"(?:(?:{'|'.join(_ELEMENTS)}) )?(?:Forward|Backup|Monster|Summon|Character) of cost \d+"
    r"(?: or (?:less|more))?"
)
_SEARCH_TYPES = (
    rf"(?P<smay>you may )?search for 1 (?P<types>{_TYPE_COST}(?: or {_TYPE_COST})+) and {_FOUND_TO}\."
)
_TYPE_COST_ONE = re.compile(
    rf"(?:(?P<element>{'|'.join(_ELEMENTS)}) )?(?P<stype>Forward|Backup|Monster|Summon|Character)"
    r" of cost (?P<scost>\d+)"
    r"(?: or (?P<sside>less|more))?"
)
_EITHER_ONE = re.compile(
    r"(?P<marker>Card Name|Job|Category) (?P<named>.+?)"
    r"(?: (?P<ttype>Forward|Backup|Monster|Summon|Character))?"
)
# A look at the deck's top cards, "reveal the top 3 cards of your deck." ("look at": the same, unseen by the
# opponent; one card prints "cards or your deck" for "of"), then what it takes: "Add 1 Category VIII card
# among them to your hand" (two sentences, one part: engine/played_text), "Add up to 2 Job Class Zero
# Cadet other than Card Name Ace", "Add all Card Name Chocobo" (as many as there are), or "Play 1 Wind
# Character of cost 5 or less among them onto the field" (a `play` from the deck, of a character: "up to
# 1" the same, never a Summon, 5.2.3.1.2.1); what it names as a search does, or a card type with an
# element or two or three ("Add 1 Fire, Earth or Water card"); then where the others go: "and return the
# other cards to the bottom of your deck in any order.", shuffled there ("Then, shuffle the other cards
# revealed and return them to the bottom of your deck.") or into the Break Zone ("and put the rest of the
# cards into the Break Zone."; they leave the deck). Anything after it, an element "or" a category, two
# kinds at once ("1 Forward, 1 Backup, and 1 Summon") and a choice between adding and playing stay unread.
_LOOK = (
    r"(?P<lmay>you may )?(?:reveal|look at) the top (?P<top>\d+) cards o[fr] your deck\. "
    r"(?:Add (?:up to (?P<lupto>\d+)|1|(?P<lall>all))|(?P<lplay>Play) (?:up to )?1) "
    r"(?:(?:Card Name (?P<card2>.+?)|Job (?P<job2>.+?)|Category (?P<category2>.+?))"
    r"(?: (?P<ttype>Forward|Backup|Monster|Summon|Character|card)s?)?|"
    r"(?:(?P<lelement>{e})(?:(?:, (?P<lelement2>{e}))? or (?P<lelement3>{e}))? )?"
    r"(?P<ltype>Forward|Backup|Monster|Summon|Character|card)s?)"
    r"(?: of cost (?P<scost>\d+)(?: or (?P<sside>less|more))?)?(?: other than Card Name (?P<other>[^,.]+?))?"
    r" among them (?(lplay)onto the field|to your hand)"
    r"(?: and return the other cards to the bottom of (?:your|the) deck in any order\."
    r"|(?P<shuffled>\. Then, shuffle the other cards revealed and return them to the bottom of your deck\.)"
    r"|(?P<broken>,? and put the rest of the cards into the Break Zone\.))"
).format(e="|".join(_ELEMENTS))
# The same look for 1 card of an element or of a category: "reveal the top 3 cards of your deck. Add 1 Water
# or Category X card among them to your hand and return the other cards to the bottom of your deck in any
# order." (`any_of` the two).
_LOOK_ELEMENT_OR = (
    r"(?:reveal|look at) the top (?P<top>\d+) cards of your deck\. "
    rf"Add 1 (?P<oelement>{'|'.join(_ELEMENTS)}) or (?P<omarker>Job|Category) (?P<onamed>[^ .,]+) card among"
    r" them to your hand and return the other cards to the bottom of your deck in any order\."
)
# The top cards looked at and put back, none taken: "look at the top 2 cards of your deck. Return these to
# the top and/or bottom of your deck in any order." (an `order` of 2), maybe after the opponent's hand
# revealed ("your opponent reveals their hand. Then, ..."), which matters only to an opponent who plays;
# and "look at the top card of your deck and your opponent's deck. Put them on the top or bottom of the
# respective decks." (an `order` of 1: the opponent's deck, whose order this opponent never uses, only
# draws and takes damage from). "You may place the card at the bottom of your deck." and anything after it
# stay unread.
_ORDER = (
    r"(?:(?:your opponent reveals (?:his/her|their) hand\. Then, )?look at the top (?P<on>\d+) cards of your"
    r" deck\. Return these to the top and/or bottom of your deck in any order|"
    r"look at the top card of your deck and your opponent's deck\. Put them on the top or bottom of the"
    r" respective decks)\."
)
# Cards turned over from the top until one of an element (or of either of two) is revealed, that one to
# the hand, the others shuffled to the bottom: "turn over one card at a time from the top of your deck until
# a Wind or Earth card is revealed. Add it to your hand. Then, shuffle the other cards (revealed) and return
# them to the bottom of your deck." A card type chosen on resolution ("select 1 card type"), a card played
# onto the field ("Play it onto the field.") and anything more named stay unread.
_UNTIL = (
    r"turn over one card at a time from the top of your deck until an? (?P<uelement>{e})(?: or "
    r"(?P<uelement2>{e}))? card is revealed\. Add it to your hand\. Then, shuffle the other cards"
    r"(?: revealed)? and return them to the bottom of your deck\."
).format(e="|".join(_ELEMENTS))
# A free play from the hand of a card of cost N or less, of cost N exactly ("1 Forward of cost 2") or of any
# cost: a type, with an element or two ("1 Ice or Lightning Forward"), or a name, job or category with a
# type or not; "Character" is any of Forward, Backup and Monster (the autopilot plays no Summon onto the
# field). "onto the field dull" for a Backup, which enters dull anyway (5.2.3.1.1.3); for another type it
# stays unread. "If you do so, your opponent discards 1 card." after it changes nothing here (the opponent
# never casts, engine/played_text/fftcg.py), as the opponent's discard of _EACH_DISCARDS.
_ELEMENT = "|".join(("Fire", "Ice", "Wind", "Earth", "Lightning", "Water", "Light", "Dark"))
_PLAY = (
    rf"you may play 1 (?:(?P<pelement>{_ELEMENT})(?: or (?P<pelement2>{_ELEMENT}))? )?"
    r"(?:(?P<pmarker>Card Name|Job|Category) (?P<pnamed>.+?)"
    r"(?: (?P<ptype>Forward|Backup|Monster|Character))?|(?P<type>Forward|Backup|Monster|Character))"
    r"(?: of cost (?P<cost>\d+)(?P<pless> or less)?)? from your hand onto the field(?P<pdull> dull)?\."
    r"(?: If you do so, your opponent discards (?:1|one) card(?: from (?:his/her|their) hand)?\.)?"
)
# A look done twice "instead" once you have received some damage: "... If you have received 5 points of
# damage or more, perform this action twice instead." The goldfish receives none (its opponent deals none,
# and no text it plays deals you any: engine/played_text/fftcg.py), so the look is done once.
_LOOK_TWICE_IF_DAMAGED = (
    _LOOK + r" If you have received \d+ points of damage or more, perform this action twice instead\."
)
# A look that adds to the hand, then a free play from it: "... in any order. Then, you may play 1 Backup of
# cost 2 or less from your hand onto the field." (the card found may be the one played).
_LOOK_PLAY = _LOOK + " Then, " + _PLAY
# A card taken from your Break Zone: "choose 1 Summon in your Break Zone. Add it to your hand.", "choose up
# to 2 Summons in your Break Zone. Add them to your hand.", "choose 1 Water Forward of cost 2 or less in
# your Break Zone. Play it onto the field." (1 only); what it names as a search does, "Character" (in the
# oldest wording "Character Card") being any of Forward, Backup and Monster, "other than Card Name X" a
# name it must not have, "Card Name A or Card Name B" and "Summon or Monster" either, of a cost N or less
# or of cost N exactly ("choose 1 Forward of cost 1 in your Break Zone."), "Job A or Card Name B of cost 2
# or less" each of that cost; one card prints a comma for the period ("in your Break Zone, add it to your
# hand."). "with", "Multi-Element" and the like stay unread.
_FROM_BREAK = (
    r"choose (?P<bupto>up to )?(?P<bn>\d+) (?:(?P<bmarker>Card Name|Job|Category) (?P<bnamed>.+?)"
    r"(?: (?P<bntype>Forward|Backup|Monster|Summon|Character|card)s?)?|"
    rf"(?:(?P<belement>{'|'.join(_ELEMENTS)}) )?(?P<btype>Forward|Backup|Monster|Summon|Character|card)s?"
    r"(?:(?<=Character) Card)?"
    r"(?: or (?P<btype2>Forward|Backup|Monster|Summon)s?)?)"
    r"(?: other than Card Name (?P<bother>[^.]+?))?(?: of cost (?P<bcost>\d+)(?P<bless> or less)?)?"
    r" (?:in|from) your Break Zone(?:\. |, )"
    r"(?:(?P<badd>Add (?:it|them) to your hand)|Play it onto the field)\."
)
# An optional trade when the card enters: CP paid ("you may pay 《Water》.", "《Earth》《1》", "《4》": CP of
# those elements and of any, 11.6.2.1's symbols) or 1 card discarded from the hand ("you may discard 1
# card."), then what it buys, "When you do so," (a trigger of its own, resolved at once here) or "If you
# do so,": a draw, a search of the whole deck into the hand or onto the field, or cards taken from the
# Break Zone or 1 played from there (the discard buys no play from the Break Zone, where the discarded card
# would be among those it may choose; a search played onto the field it does buy: "you may discard 1 card.
# When you do so, search for 1 Card Name Spiny Tart of cost 2 or less and play it onto the field.").
# Another payment (《C》, 《X》,
# "1 Summon", "1 Job Chaos"), a cost the effect counts ("of the same cost as the discarded card") and
# an effect of another shape stay unread.
_TRADE_CP = rf"you may pay (?P<tcost>(?:《(?:{_ELEMENT}|\d+)》)+)\. (?:When|If) you do so, "
_TRADE_DISCARD = r"you may discard (?:1|one) card(?: from your hand)?\. (?:When|If) you do so, "
_TRADED = (("draw", _DRAW), ("search", _SEARCH), ("break", _FROM_BREAK))
# Japanese: 〜が場に出た時、〜がアタックした時、then the action; the rules print the trigger 「[このカード]
# がフィールドに出たとき」 (11.8.16.2.1), with とき for 時 (「プレイヤーにダメージを与えたとき」), so both.
_JA_ENTERS = r"{name}が(?:場|フィールド)に出た(?:時|とき)、"
_JA_ATTACKS = r"{name}がアタックした(?:時|とき)、"
_JA_DRAW = r"(?:カードを)?(\d+)枚引(?:く|いてもよい)。"
# 「カードを2枚引き、手札を1枚捨てる。」: the draw, then the discard (15.1.1.4 「捨てる」).
_JA_LOOT = (
    r"(?:カードを)?(?P<drawn>\d+)枚引き、(?:その後、)?手札(?:を|から)?(?P<dropped>\d+)枚(?:を)?捨てる。"
)
# 「プレイヤーにN点のダメージを与える」 (the rules' wording) and the cards'
# 「相手にNポイントのダメージを与える」.
_JA_DAMAGE = r"(?:対戦)?相手に(\d+)(?:ポイント|点)のダメージを与える。"
# A search (15.1.1.8, 「カード1枚をサーチする」「バックアップ1枚をサーチし、フィールドに出す」)
# that adds the card to the hand: a card named in 「」 (as 顕現「カード名」 names one, 15.2.9.2), or a
# card type (「キャラクター」: a Forward, Backup or Monster, 5.2.3.1) with an element (「火属性の」) and a
# cost: largest (「3コスト以下の」), smallest (as the rules write 「3コスト以上のフォワード」) or exact
# (「コスト1の」).
_JA_SEARCH = (
    r"(?:「(?P<jcard>[^」]+)」|(?:(?P<jelement>[火氷風土雷水光闇])属性の)?"
    r"(?:(?P<jcost>\d+)コスト(?P<jside>以下|以上)?の|コスト(?P<jcost2>\d+)(?P<jside2>以下|以上)?の)?"
    r"(?P<jtype>フォワード|バックアップ|モンスター|召喚獣|キャラクター))"
    r"(?:1枚を|を1枚|を?(?P<jn>2)枚まで)サーチし、手札に加え(?:る|(?P<jmay>てもよい))。"
)
# 「アクティブにする」 (15.1.1.1) the Backups you control (「コントロールする」, 9.1.1.1), chosen
# (「選ぶ」) or all.
_JA_ACTIVATE = (
    r"(?:(?:あなた|自分)がコントロールするバックアップを(?P<jn>\d+)体(?P<jupto>まで)?選ぶ。(?:それら?)を"
    r"アクティブにする|(?P<jall>(?:あなた|自分)がコントロールするすべてのバックアップをアクティブにする))。"
)
_JA_PLAY = (
    r"手札から(?:(?P<jcost>\d+)コスト以下の|コスト(?P<jcost2>\d+)以下の)(?P<jtype>フォワード|バックアップ|モンスター)"
    r"(?:1(?:体|枚)を|を1(?:体|枚))(?:場|フィールド)に出してもよい。"
)
# 「あなたのブレイクゾーンにあるフォワード1枚を選ぶ。それを手札に加える。」 / 「…それをフィールドに出す。」:
# the English "choose 1 ... in your Break Zone. Add it to your hand." / "Play it onto the field." in the
# rules' words for the zone (4.1, 「ブレイクゾーン」), a choice (11.8.9, 「選ぶ」) and a card put onto the
# field (3.1.5, 「フィールドに出す」), what it names as _JA_SEARCH names it.
_JA_FROM_BREAK = (
    r"(?:あなた|自分)のブレイクゾーン(?:にある|の)(?:「(?P<jcard>[^」]+)」|(?:(?P<jelement>[火氷風土雷水光闇])属性の)?"
    r"(?:(?P<jcost>\d+)コスト(?P<jside>以下)の|コスト(?P<jcost2>\d+)(?P<jside2>以下)の)?"
    r"(?P<jtype>フォワード|バックアップ|モンスター|召喚獣))"
    r"(?:1枚を|を1枚)選ぶ。それを(?:(?P<jadd>手札に加える)|(?:場|フィールド)に出す)。"
)
# An action ability paid by dulling the card that makes CP (11.6.2.2): "《Dull》: Produce 《Fire》.", one
# symbol per CP.
_PRODUCE = rf"《Dull》: Produce ((?:《(?:{'|'.join(_ELEMENTS)})》)+)\."
# One CP of any element for dulling it, as an action ability or as a Backup's own rule ("If Cosmos is on the
# field, Cosmos can produce CP of any Element.", 5.2.3.1.1.3 with the element changed).
_PRODUCE_ANY = r"《Dull》: Produce 1 CP of any Element\."
_CAN_PRODUCE = (
    r"If {name} is on the field, {name} can produce (?:CP of any Element|(?P<element>{elements}) CP)\."
)
_JA_PRODUCE = r"《ダル》[：:]((?:《[火氷風土雷水光闇]》)+)を生み出す。"
# 「CPを1つ生み出す」 (5.2.1.3) of an element the player names (「いずれか1つの属性を宣言し」).
_JA_PRODUCE_ANY = r"《ダル》[：:](?:好きな|任意の)属性のCPを1つ生み出す。"


# Cost changes (11.4.6: the cost, once changed, is what is paid; 0 is not paid): of the card itself, maybe
# "if you control" some characters or "for each" one you control, or of your other cards while it is on the
# field ("The cost required to play your Monsters onto the field is reduced by 1 (it cannot become 0).",
# "... to play Card Name A or Card Name B onto the field ..."). What they count or change: an element and
# a card type ("Fire Backups", "Characters"), a name, job or category maybe with a type ("a Card Name Cloud
# Forward", "Job AVALANCHE Operative"), or names, jobs and categories joined by "or".
_COST_HEAD = r"the cost (?:required )?(?:to cast|to play|for playing) "
_COST_TAIL = r"(?: onto the field)? is reduced by (?P<n>\d+)(?P<floor> \(it cannot become 0\))?"
_CHARACTER_WORDS = r"Forwards?|Backups?|Monsters?|Characters?"
_COUNTED = (
    rf"(?:(?P<{{g}}element>{_ELEMENT}) )?(?:(?P<{{g}}named>(?:Card Name|Job|Category) .+?)|"
    rf"(?P<{{g}}type>{_CHARACTER_WORDS}))"
)
_COST_IF = (
    r"If you (?:control (?:an? |(?P<at_least>\d+|two|three) or more )?"
    + _COUNTED.format(g="if_")
    + r"|(?P<none>don't control any (?P<none_type>Forwards|Backups|Monsters|Characters))), "
)
_COST_PER = r" for each " + _COUNTED.format(g="per_") + r" you control"
# A draw when the card enters the field if you control some characters: "When Mog enters the field, if you
# control Card Name Eiko, draw 1 card.", "... if you control a Job Sky Pirate Forward other than Mog, ...",
# "... if you control 2 or more Job Morze's Soiree Member, ..." (the card itself counts when it is one: it
# is on the field as its text resolves). "and" (two kinds at once), a discard after the draw and "of an
# Element other than Ice" stay unread.
_IF_CONTROL = (
    r"if you control (?:an? |(?P<at_least>\d+|two|three) or more )?"
    + _COUNTED.format(g="if_")
    + r"(?: other than (?P<if_other>[^,]+?))?, "
)
_IF_CONTROL_DRAW = r"When {name} enters the field, " + _IF_CONTROL + r"draw (?P<n>\d+|one|two|three) cards?\."
# "When Fran enters the field, if you have cast 3 or more cards this turn, draw 1 card.": the cards you cast
# this turn, the card itself among them when it was cast (`cast-at-least`).
_IF_CAST_DRAW = (
    r"When {name} enters the field, if you have cast (?P<cast>\d+) or more cards this turn, "
    r"draw (?P<n>\d+|one|two|three) cards?\."
)
# "... and can be paid with CP of any Element" after a reduction, or "... can be paid with CP of any Element"
# alone (11.4.6 without the element requirement): the `pay-any` of the same cards. A name, job or category
# without "your" ("The cost required to cast Job X ...") names the same cards here: the opponent casts
# nothing.
_ANY_ELEMENT = r"can be paid with CP of any Element"
_COST_OTHERS = (
    r"The cost required to (?:cast|play) (?:your "
    + _COUNTED.format(g="your_")
    + r"|(?P<names>(?:Card Name|Job|Category) .+?))"
    + rf"(?:{_COST_TAIL}(?P<any> and {_ANY_ELEMENT})?|(?: onto the field)? (?P<any_alone>{_ANY_ELEMENT}))"
    + r"\."
)
# Your Backups that make CP of any element while the card is on the field ("Backups you control can produce
# CP of any Element.", "The Earth Backups you control ...", "The Job Moogle Backups you control ...").
_MAKE_ANY = (
    rf"(?:The )?(?:(?P<your_element>{_ELEMENT}) )?(?:(?P<your_named>(?:Job|Category) .+? Backups)|"
    r"(?P<your_type>Backups)) "
    r"you control can produce CP of any Element\."
)
_JA_TYPE = "フォワード|バックアップ|モンスター|キャラクター"
_JA_COUNTED = (
    r"(?:「(?P<{g}name>[^」]+)」|(?:(?P<{g}element>[火氷風土雷水光闇])属性の)?(?P<{g}type>" + _JA_TYPE + r"))"
)
# 「あなたが火属性のバックアップを3体以上コントロールしている場合、」, 「あなたがコントロールする
# カテゴリXVのキャラクター1体につき、」 (the cards' wording for "for each"), 「（0にはならない）」.
_JA_COST_IF = (
    r"(?:あなた|自分)が" + _JA_COUNTED.format(g="if_") + r"を(?:(?P<at_least>\d+)体以上)?"
    r"コントロールしている場合、"
)
_JA_COST_PER = r"(?:あなた|自分)がコントロールする" + _JA_COUNTED.format(g="per_") + r"1体につき、"
_JA_COST_BODY = (
    r"{own}を(?:プレイ|キャスト)するためのコストは(?P<n>\d+)少なくなる(?P<floor>[(（]0にはならない[)）])?。"
)


# Words that make a searched name, job or category more than one name, which the filter cannot say: an
# "or" ("Card Name Marche or Monster"), an exclusion ("Job Remnant other than Card Name Kadaj"), an exact
# cost ("Card Name Mog (XIII-2) of cost 1": the filter has only a largest cost), another name's marker, a
# condition on the card ("with Warp", "that ...").
_MORE_THAN_A_NAME = re.compile(
    r"\b(?:or|other than|of cost|cost|Card Name|Job|Category|Element|power|with|without|among|that|your|"
    r"controls?)\b",
    re.IGNORECASE,
)


def _first_n(m: re.Match[str]) -> int:
    return number(next(g for g in m.groups()[::-1] if g is not None and re.fullmatch(_N, g, re.IGNORECASE)))


# A pattern's maker: the effects of a matched sentence, or None when the match is not one it can read.
_Make = Callable[[re.Match[str]], tuple[Effect, ...] | None]


def _triggered(when: str, action: str) -> _Make:
    def make(m: re.Match[str]) -> tuple[Effect, ...] | None:
        groups = m.groupdict()
        if action == "search" and "jtype" in groups:
            n = int(groups["jn"] or 1)  # 「2枚まで」: up to 2
            return (Effect(when, "search", n, _ja_search_filter(groups), optional=bool(groups["jmay"])),)
        if action == "activate" and "jall" in groups:
            n = _BACKUPS_AT_MOST if groups["jall"] else int(groups["jn"])
            return (Effect(when, "activate", n, CardFilter(type="backup"), optional=bool(groups["jupto"])),)
        if action == "play" and "jtype" in groups:
            cost = int(groups["jcost"] or groups["jcost2"])
            fil = CardFilter(type=_JA_TYPES[groups["jtype"]], cost_max=cost)
            return (Effect(when, "play", 0, fil, optional=True),)
        if action == "break" and "jtype" in groups:
            fil = _ja_search_filter(groups)
            if groups["jadd"]:
                return (Effect(when, "search", 1, fil, zone="break-zone"),)
            return (Effect(when, "play", 0, fil, zone="break-zone"),) if fil.type != "summon" else None
        if action == "break":
            return _from_break(when, groups)
        if action == "look-play":
            looked = _triggered(when, "search")(m)
            played = _play_from_hand(when, groups)
            return None if looked is None or played is None or looked[0].do != "search" else looked + played
        if action == "either":
            return _either(when, groups)
        if action == "search":
            if groups.get("sn"):  # "up to 2 ... Forwards": the type in the singular
                groups = {**groups, "ttype": _singular(groups["ttype"]), "stype": _singular(groups["stype"])}
            named = [groups.get(g) for g in ("card2", "job2", "category2")]
            if any(n and _MORE_THAN_A_NAME.search(n) for n in named):
                return None  # "Job Remnant other than Card Name Kadaj": more than the filter can say
            if groups.get("onto"):
                return _found(when, _search_filter(groups), groups)
            if groups.get("top"):
                return _looked(when, groups)
            optional = bool(groups.get("smay"))
            found = _search_filter(groups)
            any_card = None if found == CardFilter() else found  # "search for 1 card": no filter, any card
            n = number(str(groups["sn"])) if groups.get("sn") else 1
            return (Effect(when, "search", n, any_card, optional=optional),)
        if action == "play":
            return _play_from_hand(when, groups)
        if action == "order":
            return (Effect(when, "order", int(groups["on"] or 1)),)
        if action == "until":
            colors = tuple(e.lower() for e in (groups["uelement"], groups["uelement2"]) if e)
            return (Effect(when, "search", 1, CardFilter(colors=colors), until=True),)
        if action == "loot":
            drawn, dropped = number(str(groups["drawn"])), number(str(groups["dropped"]))
            return (Effect(when, "draw", drawn), Effect(when, "discard", dropped))
        optional = bool(groups.get("may")) or m.group(0).endswith("てもよい。")
        return (Effect(when, action, _first_n(m), optional=optional),)

    return make


def _either(when: str, groups: dict[str, str | None]) -> tuple[Effect, ...] | None:
    """A search for 1 card of any of two or more names, jobs or categories (`any_of`), each of the cost and
    other than the name after the last one; None when one of them says more than a name, or for a cost
    after one with a card type ("Category VII Forward or Job Kupo of cost 3 or less": of which of the
    two?)."""
    ones = re.split(_EITHER_SEPARATOR, str(groups["either"]))
    if groups.get("esn"):  # "up to 2 Category FFL Forwards or ...": each type in the singular
        ones = [re.sub(rf" ({_TYPES_PLURAL})$", lambda t: " " + str(_singular(t[1])), one) for one in ones]
    alternatives = [_either_one(one) for one in ones]
    if groups.get("etype"):  # "Card Name Marche or Monster"
        alternatives.append(CardFilter(type=_TYPES[str(groups["etype"]).lower()]))
    other = groups.get("eother")
    if any(a is None for a in alternatives) or (other and _MORE_THAN_A_NAME.search(other)):
        return None
    written_cost = groups.get("ecost")
    cost = int(written_cost) if written_cost else None
    if cost is not None and any(a is not None and a.type for a in alternatives):
        return None
    either = CardFilter(
        any_of=tuple(replace(a, other_than=other, cost_max=cost) for a in alternatives if a is not None)
    )
    if groups.get("esn"):
        return (Effect(when, "search", number(str(groups["esn"])), either, optional=bool(groups["smay"])),)
    return _found(when, either, groups)


def _either_type(when: str, m: re.Match[str]) -> tuple[Effect, ...] | None:
    """_SEARCH_TYPES's search: any of the types, each of its own cost (`any_of` of _search_filter's)."""
    alternatives = tuple(_search_filter(one.groupdict()) for one in _TYPE_COST_ONE.finditer(m["types"]))
    return _found(when, CardFilter(any_of=alternatives), m.groupdict())


def _looked_either(when: str, m: re.Match[str]) -> tuple[Effect, ...]:
    """_LOOK_ELEMENT_OR's search of the top cards: a card of the element or of the job or category."""
    either = (CardFilter(colors=(m["oelement"].lower(),)), CardFilter(traits=(m["onamed"],)))
    return (Effect(when, "search", 1, CardFilter(any_of=either), top=int(m["top"])),)


def _looked(when: str, groups: dict[str, str | None]) -> tuple[Effect, ...] | None:
    """_LOOK's effect: a `search` of the top cards for 1, up to n or all of them (as many as it looks at),
    or a `play` of 1 from among them (of a character: None for any card or a Summon, as _found's); the
    others where it says (`rest`)."""
    top = int(str(groups["top"]))
    rest = "shuffled" if groups.get("shuffled") else "break-zone" if groups.get("broken") else ""
    optional = bool(groups.get("lmay"))
    found = _search_filter(groups)
    if groups.get("lplay"):
        if found == CardFilter() or found.type == "summon":
            return None
        return (Effect(when, "play", 0, found, optional=optional, zone="deck", top=top, rest=rest),)
    n = top if groups.get("lall") else int(groups.get("lupto") or 1)
    any_card = None if found == CardFilter() else found  # "Add 1 card": any card
    return (Effect(when, "search", n, any_card, optional=optional, top=top, rest=rest),)


def _milled(when: str, m: re.Match[str]) -> tuple[Effect, ...]:
    """_OPPONENT_MILL's effect: "the top card" is 1."""
    return (Effect(when, "opponent-mill", int(m["milled"] or 1)),)


def _revealed(when: str, m: re.Match[str]) -> tuple[Effect, ...]:
    """_REVEAL_ONE's effect: a search of the top card (`top` 1) that leaves it there when it is of another
    kind (`rest` "top"); "card" names any type."""
    card_type = m["rtype"].lower()
    fil = CardFilter(
        type=None if card_type == "card" else card_type,
        colors=(m["relement"].lower(),) if m["relement"] else (),
    )  # fmt: skip
    return (Effect(when, "search", 1, fil, top=1, rest="top"),)


# The makers of the trigger bodies that _triggered does not make.
_OWN_MAKERS: dict[str, Callable[[str, re.Match[str]], tuple[Effect, ...] | None]] = {
    "mill": _milled, "reveal": _revealed, "either-type": _either_type, "look-either": _looked_either,
}  # fmt: skip


def _maker(when: str, action: str) -> _Make:
    """The maker of a trigger body's effects: its own (_OWN_MAKERS), or _triggered's."""
    own = _OWN_MAKERS.get(action)
    return partial(own, when) if own else _triggered(when, action)


def _traded(action: str, m: re.Match[str]) -> tuple[Effect, ...] | None:
    """A _TRADE_CP or _TRADE_DISCARD trade on entering: the effect it buys, paid with its CP (`cp`,
    `cp_elements` as an action ability's, and `optional`), or after a `paid` optional discard of 1 card;
    None when the effect is not read, is itself optional ("you may draw") or, for a discard, plays a card
    onto the field from the Break Zone (the discarded card would be among those it may choose)."""
    groups = m.groupdict()
    effects = _triggered("enters", action)(m)
    if effects is None or len(effects) != 1 or groups.get("may") or groups.get("smay"):
        return None
    bought = effects[0]
    if groups.get("tcost"):
        cp, elements = _cp_of(str(groups["tcost"]))
        return (replace(bought, optional=True, cp=cp, cp_elements=elements),)
    if bought.do == "play" and bought.zone != "deck":
        return None  # the card discarded first could be the one chosen in the Break Zone
    return (Effect("enters", "discard", 1, optional=True, paid=True), bought)


def _found(when: str, found: CardFilter, groups: dict[str, str | None]) -> tuple[Effect, ...] | None:
    """A search for 1 card into the hand, or onto the field ("and play it onto the field": a `play` from the
    deck, of a character: None when the filter names any card or a Summon, which cannot enter the field,
    5.2.3.1.2.1)."""
    optional = bool(groups.get("smay"))
    if not groups.get("onto"):
        return (Effect(when, "search", 1, found, optional=optional),)
    if found == CardFilter() or any(a.type == "summon" for a in found.any_of or (found,)):
        return None
    return (Effect(when, "play", 0, found, optional=optional, zone="deck"),)


def _play_from_hand(when: str, groups: dict[str, str | None]) -> tuple[Effect, ...] | None:
    """A free play of 1 card from the hand ("you may"): None when what it names is more than a name, job
    or category ("Job X other than ...") or it enters dull and is not a Backup (a Backup enters dull anyway,
    5.2.3.1.1.3). Either of two or more names, jobs or categories ("1 Job Ninja or 1 Card Name Ninja of cost
    4 or less", "1 Job Dancer or Card Name Dancer of cost 3 or less") is `any_of`, the cost of each; with
    an element, a type after the last or "dull" it stays unread (which of them it belongs to is not said)."""
    named = groups.get("pnamed")
    cost = groups.get("cost")
    exact = int(cost) if cost and not groups.get("pless") else None  # "of cost 2": that cost only
    marked = f"{groups.get('pmarker')} {named}"
    if named and re.search(_EITHER_SEPARATOR, marked):
        if groups.get("pelement") or groups.get("ptype") or groups.get("pdull"):
            return None
        alternatives = [_either_one(one) for one in re.split(_EITHER_SEPARATOR, marked)]
        if any(a is None or a.type for a in alternatives):
            return None
        cost_max = int(cost) if cost else None
        either = tuple(replace(a, cost_max=cost_max, cost_min=exact) for a in alternatives if a is not None)
        return (Effect(when, "play", 0, CardFilter(any_of=either), optional=True),)
    if named and _MORE_THAN_A_NAME.search(named):
        return None
    card_type = (groups.get("type") or groups.get("ptype") or "").lower()
    if groups.get("pdull") and card_type != "backup":
        return None
    name = named if groups.get("pmarker") == "Card Name" else None
    colors = tuple(e.lower() for e in (groups.get("pelement"), groups.get("pelement2")) if e)
    fil = CardFilter(
        type=None if card_type == "character" else _TYPES.get(card_type), name=name,
        traits=(named,) if named and not name else (), colors=colors, cost_max=int(cost) if cost else None,
        cost_min=exact,
    )  # fmt: skip
    return (Effect(when, "play", 0, fil, optional=True),)


# The card activated when a character of a kind enters your field: "When a Fire Job Primal enters your
# field, activate Amalj'aa.", "When a Category XV Forward enters your field, activate Iris." (an element, a
# name, job or category, a type, as one filter); "other than" and the like stay unread.
_WOKEN = (
    rf"When an? (?:(?P<welement>{_ELEMENT}) )?(?:(?P<wmarker>Job|Category|Card Name) (?P<wnamed>[^,.]+?)"
    r"(?: (?P<wtype>Forward|Backup|Monster|Character))?|(?P<wtype2>Forward|Backup|Monster|Character))"
    r" enters your field, activate {own}\."
)


def _woken(m: re.Match[str]) -> tuple[Effect, ...] | None:
    """_WOKEN's effect: the card itself activated (`ally-enters`, `if` `entering` the characters named)."""
    named, element = m["wnamed"], m["welement"]
    if named and _MORE_THAN_A_NAME.search(named):
        return None
    card_type = (m["wtype"] or m["wtype2"] or "").lower()
    name = named if m["wmarker"] == "Card Name" else None
    entering = CardFilter(
        type=None if card_type in ("", "character") else card_type, name=name,
        traits=(named,) if named and not name else (), colors=(element.lower(),) if element else (),
    )  # fmt: skip
    return (Effect("ally-enters", "activate", 1, condition=Condition("entering", filter=entering)),)


def _singular(card_type: str | None) -> str | None:
    return card_type[:-1] if card_type else None


_CHARACTER_TYPES = ("forward", "backup", "monster")


def _from_break(when: str, groups: dict[str, str | None]) -> tuple[Effect, ...] | None:
    """A card taken from the Break Zone into the hand (a `search` from "break-zone"), or 1 played onto the
    field (a `play` from it; never a Summon, which cannot enter the field); None when it says more than a
    filter can."""
    n = int(groups["bn"] or 0)
    named, other, written = groups["bnamed"], groups["bother"], groups["bcost"]
    if n < 1 or (other and _MORE_THAN_A_NAME.search(other)):
        return None
    cost = int(written) if written else None
    least = None if groups["bless"] else cost  # "of cost 1": that cost only
    marked = f"{groups['bmarker']} {named}"
    if named and re.search(_EITHER_SEPARATOR, marked):  # "Card Name Lann or Card Name Reynn"
        alternatives = [_either_one(one) for one in re.split(_EITHER_SEPARATOR, marked)]
        if groups["bntype"] or other or any(a is None or (cost is not None and a.type) for a in alternatives):
            return None  # a cost after one with a type: of which of them?
        fil: CardFilter | None = CardFilter(
            any_of=tuple(replace(a, cost_max=cost, cost_min=least) for a in alternatives if a is not None)
        )
    else:
        if named and _MORE_THAN_A_NAME.search(named):
            return None
        if named:
            name = named if groups["bmarker"] == "Card Name" else None
            base = CardFilter(name=name, traits=() if name else (named,))
        else:
            element = groups["belement"]
            base = CardFilter(colors=(element.lower(),) if element else ())
        base = replace(base, cost_max=cost, cost_min=least, other_than=other)
        types = [t.lower() for t in (groups["bntype"] or groups["btype"] or "card", groups["btype2"]) if t]
        types = [c for t in types for c in (_CHARACTER_TYPES if t == "character" else (t,))]
        if len(types) > 1:  # "Character" is any of Forward, Backup and Monster; "Summon or Monster"
            fil = CardFilter(any_of=tuple(replace(base, type=t) for t in types))
        else:
            fil = replace(base, type=_TYPES.get(types[0]))
            fil = None if fil == CardFilter() else fil  # "1 card": any card
    optional = bool(groups["bupto"])
    if groups["badd"]:
        return (Effect(when, "search", n, fil, optional=optional, zone="break-zone"),)
    if n != 1 or fil is None or any(a.type == "summon" for a in fil.any_of or (fil,)):
        return None  # only characters enter the field
    return (Effect(when, "play", 0, fil, optional=optional, zone="break-zone"),)


def _either_one(text: str) -> CardFilter | None:
    """One of the names, jobs or categories of an "or" search, or None when it says more than a name."""
    one = _EITHER_ONE.fullmatch(text)
    if one is None or _MORE_THAN_A_NAME.search(one["named"]):
        return None
    card_type = _TYPES.get((one["ttype"] or "").lower())
    if one["marker"] == "Card Name":
        return CardFilter(name=one["named"], type=card_type)
    return CardFilter(traits=(one["named"],), type=card_type)


@lru_cache(maxsize=4096)
def _patterns(name: str) -> list[tuple[re.Pattern[str], _Make]]:
    own = re.escape(name) if name else r"this card"
    out: list[tuple[re.Pattern[str], _Make]] = []
    for trigger, when in ((_ENTERS, "enters"), (_ATTACKS, "attacks")):
        head = trigger.format(name=own)
        for action, body in (
            ("draw", _DRAW), ("draw", _THEIR_DISCARD_DRAW), ("loot", _LOOT), ("damage", _DAMAGE),
            ("either", _SEARCH_EITHER), ("either", _SEARCH_EITHER_TWO),
            ("either", _SEARCH_NAME_OR_TYPE), ("either-type", _SEARCH_TYPES),
            ("search", _SEARCH), ("search", _SEARCH_TWO), ("search", _LOOK), ("look-play", _LOOK_PLAY),
            ("look-either", _LOOK_ELEMENT_OR), ("search", _LOOK_TWICE_IF_DAMAGED),
            ("play", _PLAY),
            ("break", _FROM_BREAK), ("until", _UNTIL), ("order", _ORDER), ("discard", _EACH_DISCARDS),
            ("mill", _OPPONENT_MILL), ("reveal", _REVEAL_ONE),
        ):  # fmt: skip
            out.append((re.compile(head + body, re.IGNORECASE), _maker(when, action)))
    head = _DAMAGES.format(name=own)
    for action, body in (("draw", _DRAW), ("mill", _OPPONENT_MILL)):
        out.append((re.compile(head + body, re.IGNORECASE), _maker("damages", action)))
    out.append(
        (  # the damage it deals to the opponent doubled (6.5: that many cards to the damage zone)
            re.compile(rf"If {own} deals damage to your opponent, double the damage instead\.", re.I),
            lambda m: (Effect("static", "strike", 2),),
        )
    )
    for trigger, when in ((_JA_ENTERS, "enters"), (_JA_ATTACKS, "attacks")):
        head = trigger.format(name=own)
        for action, body in (
            ("draw", _JA_DRAW), ("loot", _JA_LOOT), ("damage", _JA_DAMAGE), ("search", _JA_SEARCH),
            ("play", _JA_PLAY), ("activate", _JA_ACTIVATE), ("break", _JA_FROM_BREAK),
        ):  # fmt: skip
            out.append((re.compile(head + body), _triggered(when, action)))
    head = _ENTERS.format(name=own)
    for trade in (_TRADE_CP, _TRADE_DISCARD):
        for action, body in _TRADED:
            out.append((re.compile(head + trade + body, re.IGNORECASE), partial(_traded, action)))
    out.append(
        (re.compile(rf"{own} gains Haste\.|{own}は【?ヘイスト】?を得る。", re.IGNORECASE), _self_haste)
    )
    out.append(
        (  # a Monster that attacks as a Forward in your turn; power does not matter here (module doc)
            re.compile(rf"During your turn, {own} also becomes a Forward with \d+ power\.", re.IGNORECASE),
            lambda m: (Effect("static", "forward"),),
        )
    )
    out.extend(_also_forward_or_monster(own))
    out.extend(_action_patterns(own))
    out.append((re.compile(_WOKEN.format(own=own), re.IGNORECASE), _woken))
    out.append(
        (
            re.compile(
                r"(?:The )?Forwards you control gain Haste\.|"
                r"(?:あなたの|(?:あなた|自分)がコントロールする)フォワードは【?ヘイスト】?を得る。",
                re.I,
            ),
            lambda m: (Effect("static", "haste", 0, CardFilter(type="forward")),),
        )
    )
    out.append(
        (
            re.compile(
                rf"(?P<if>{_COST_IF})?{_COST_HEAD}{own}{_COST_TAIL}(?:{_COST_PER})?"
                rf"(?P<floor2> \(it cannot become 0\))?(?P<any> and {_ANY_ELEMENT})?\.",
                re.IGNORECASE,
            ),
            _own_cost,
        )
    )
    out.append(
        (  # its own cost paid with CP of any element alone, maybe if you control some characters
            re.compile(rf"(?P<if>{_COST_IF})?{_COST_HEAD}{own}(?: onto the field)? {_ANY_ELEMENT}\.", re.I),
            _own_any_element,
        )
    )
    out.append(
        (  # its own cost paid with CP of any element while a card of a name, job or category is in your Break
            # Zone: "If you have a Job Shijin in your Break Zone, the cost required to cast Suzaku can be paid
            # with CP of any Element."
            re.compile(
                rf"If you have an? (?P<named>(?:Card Name|Job|Category) [^,.]+?) in your Break Zone, "
                rf"{_COST_HEAD}{own}(?: onto the field)? {_ANY_ELEMENT}\.",
                re.IGNORECASE,
            ),
            _any_element_if_broken,
        )
    )
    out.append(
        (  # "... is increased by 1 for each card in your opponent's hand." (the opponent's hand: _own_cost)
            re.compile(
                rf"{_COST_HEAD}{own}(?: onto the field)? is increased by (?P<n>\d+) for each card in your"
                r" opponent's hand\.",
                re.IGNORECASE,
            ),
            lambda m: (Effect("static", "cost", int(m["n"]), per_opponent_hand=True),),
        )
    )
    out.append((re.compile(_COST_OTHERS, re.IGNORECASE), _others_cost))
    out.append((re.compile(_MAKE_ANY, re.IGNORECASE), _makes_any))
    out.append(
        (
            re.compile(f"(?:(?P<if>{_JA_COST_IF})|(?P<per>{_JA_COST_PER}))?" + _JA_COST_BODY.format(own=own)),
            _own_cost,
        )
    )
    out.append(
        (  # the field's limit of 1 Light or Dark character (7.7.5) lifted for the card itself
            re.compile(
                rf"{own} can be played onto the field even if you control other (?:Light|Dark) Characters\.",
                re.IGNORECASE,
            ),
            lambda m: (Effect("static", "light-dark"),),
        )
    )
    out.append(
        (  # ... and, while it is on the field, for every character of that element
            re.compile(r"You can play 2 or more (Light|Dark) Characters onto the field\.", re.IGNORECASE),
            lambda m: (Effect("static", "light-dark", 0, CardFilter(colors=(m.group(1).lower(),))),),
        )
    )
    out.append(
        (  # other names the card has (a search finds it by each, and 7.7.3 counts each): one or two
            re.compile(
                rf"{own} is also Card Name ((?:(?! and Card Name ).)+)"
                r"(?: and Card Name ((?:(?! and Card Name ).)+))? in all situations\.",
                re.IGNORECASE,
            ),
            lambda m: (
                None
                if any(n and _MORE_THAN_A_NAME.search(n) for n in m.groups())
                else tuple(Effect("static", "name", 0, CardFilter(name=n)) for n in m.groups() if n)
            ),
        )
    )
    out.append(
        (  # the field's one character of a name (7.7.3) shared with another name, the card keeping its own
            # for everything else: "You cannot play Lyse or Card Name Yda while already in control of either
            # Character." (a search for Card Name Yda does not find Lyse)
            re.compile(
                rf"You cannot play {own} or Card Name ([^.\"]+?) while already in control of either"
                r" Character\.",
                re.IGNORECASE,
            ),
            lambda m: (
                None
                if _MORE_THAN_A_NAME.search(m.group(1))
                else (Effect("static", "name-limit", 0, CardFilter(name=m.group(1))),)
            ),
        )
    )
    out.append(
        (  # 10.1.2.1.2's one attack a turn lifted once: the second needs the Forward active (10.1.2.1.1)
            re.compile(rf"{own} can attack twice in the same turn\.", re.IGNORECASE),
            lambda m: (Effect("static", "attack-twice"),),
        )
    )
    # the card's own text that keeps it from attacking ("or block" is moot: the opponent never attacks),
    # makes it enter the field dull, or keeps it dull in your Active Phase (9.1.1.1); the Japanese in
    # the words of the rules (10.1.2.1.2 「アタックできない」, 5.2.3.1.1.3 「ダル状態でフィールドに出る」,
    # 15.2.4.2 「アクティブフェイズにはアクティブにならない」)
    for do, english, japanese in (
        ("no-attack", r"cannot attack(?: or block)?", r"(?:アタック|アタックもブロックも)できない"),
        ("enters-dull", r"enters the field dull", r"ダル状態で(?:場|フィールド)に出る"),
        (
            "no-untap",
            r"does not activate during (?:your|the) Active Phase",
            r"(?:(?:あなた|自分)の)?アクティブフェイズに(?:は)?アクティブにならない",
        ),
    ):
        out.append(
            (
                re.compile(rf"(?:{own}|This Forward) {english}\.|{own}は{japanese}。", re.IGNORECASE),
                _static_itself(do),
            )
        )
    for produce in (_PRODUCE, _JA_PRODUCE):
        out.append((re.compile(produce, re.IGNORECASE), _produces))
    for produce_any in (_PRODUCE_ANY, _JA_PRODUCE_ANY):
        out.append((re.compile(produce_any, re.IGNORECASE), _produces_any))
    can_produce = _CAN_PRODUCE.format(name=own, elements="|".join(_ELEMENTS))
    out.append((re.compile(can_produce, re.IGNORECASE), _produces_any))
    # a line that is the keyword alone, in a deck file's card without `keywords`
    out.append((re.compile(r"Haste|【?ヘイスト】?", re.IGNORECASE), _self_haste))
    out.append((re.compile(_IF_CONTROL_DRAW.format(name=own), re.IGNORECASE), _draws_if_control))
    out.append((re.compile(_IF_CAST_DRAW.format(name=own), re.IGNORECASE), _draws_if_cast))
    out.append((re.compile(_HASTE_IF.format(own=own), re.IGNORECASE), _haste_if))
    out.append((re.compile(_JA_COST_IF + rf"{own}は【?ヘイスト】?を得る。"), _haste_if))
    out.append((re.compile(_NAMED_HASTE, re.IGNORECASE), _named_haste))
    out.extend(_chosen_backups_activated(own))
    out.extend(_chosen_forward_hasted(own))
    out.extend(_chosen_forward_hit(own))
    special = (
        rf"(?:\[S\] [^,:\"]+, discard 1 {own}|[^,:\"《]+ 《S》): "
        rf"(?:{own} gains {_GAINED_LIST} until the end of the turn|"
        rf"Until the end of the turn, {own} gains {_GAINED_LIST2})\.|"
        rf"[^,:：\"《]+《S》[:：](?:{own}はターン終了時まで|ターン終了時まで、{own}は)【?ヘイスト】?を得る。"
    )
    out.append((re.compile(special, re.IGNORECASE), _special_haste))
    return out


# Characters of yours stood up (15.1.1.1) when the card enters the field, attacks, or both ("When Mog enters
# the field or attacks, ...": one effect for each): chosen, "choose up to 3 Backups you control other than
# Mog. Activate them.", "choose 1 Wind Character other than Mog you control. Activate it.", "choose up to 2
# Category FFCC Characters. Activate them." (with no "you control" the opponent has none: every legal choice
# is yours, 11.8.9), or all of them, "activate all the Wind Characters you control.", "activate all
# Characters you control." (Backups at most 5, 7.7.4); maybe, when it enters, if you control some
# characters ("if you control Card Name Lani, activate all the Backups you control.", _IF_CONTROL's
# counts). What is chosen: an element and a type, or a name, job or category maybe with a type (_COUNTED's
# words: "Characters" are Forwards, Backups and Monsters), maybe other than a name. Forwards alone are
# moot (engine/played_text/fftcg.py); "Card Name A and Card Name B", "as many ... as", a cost and a state
# stay unread.
_ENTERS_OR_ATTACKS = r"When {name} enters the field or attacks, "
_BACKUPS_AT_MOST = 5  # "activate all the Backups you control": 7.7.4
_JA_ENTERS_OR_ATTACKS = r"{name}が(?:場|フィールド)に出た(?:時|とき)?かアタックした(?:時|とき)、"
_ACTIVATE_IF = "(?:" + _IF_CONTROL + ")?"
_ACTIVATED = (
    r"(?:choose (?P<upto>up to )?(?P<n>\d+|one|two|three) "
    + _COUNTED.format(g="c_")
    + r"(?: other than (?P<c_other>[^.]+?))?(?: you control)?(?: other than (?P<c_other2>[^.]+?))?"
    r"\. Activate (?:it|them)|activate all (?:the )?"
    + _COUNTED.format(g="a_")
    + r"(?: other than (?P<a_other>[^.]+?))? you control)\."
)
# 「バックアップを2体まで選ぶ。それらをアクティブにする。」, (あなた|自分)がコントロールする or not
_JA_ANY_BACKUPS = (
    r"(?:(?:あなた|自分)がコントロールする)?バックアップを(?P<jn>\d+)体(?P<jupto>まで)?選ぶ。(?:それら?)を"
    r"アクティブにする。"
)
_BOTH = ("enters", "attacks")


def _chosen_backups_activated(own: str) -> list[tuple[re.Pattern[str], _Make]]:
    """The patterns of these shapes for the card named `own`, English and Japanese; in English on dealing
    damage to the opponent too ("When Edge deals damage to your opponent, activate all the Backups you
    control.")."""
    out: list[tuple[re.Pattern[str], _Make]] = []
    whens = (_BOTH[:1], _BOTH[1:], _BOTH)
    heads = (_ENTERS, _ATTACKS, _ENTERS_OR_ATTACKS, _DAMAGES)
    for head, when in zip(heads, (*whens, ("damages",)), strict=True):
        condition = _ACTIVATE_IF if when == ("enters",) else ""
        pattern = re.compile(head.format(name=own) + condition + _ACTIVATED, re.IGNORECASE)
        out.append((pattern, partial(_characters_activated, when)))
    for head, when in zip((_JA_ENTERS, _JA_ATTACKS, _JA_ENTERS_OR_ATTACKS), whens, strict=True):
        out.append((re.compile(head.format(name=own) + _JA_ANY_BACKUPS), partial(_backups_activated, when)))
    return out


def _characters_activated(whens: tuple[str, ...], m: re.Match[str]) -> tuple[Effect, ...] | None:
    """One `activate` for each trigger: n chosen ("up to" may stand none up: optional) or all (Backups at
    most 5, 7.7.4; other characters as many as there are), of the characters its filter names (type
    `character` for any), maybe other than a name and maybe if you control some; None when the words name
    more than a filter can."""
    groups = m.groupdict()
    g = "c_" if groups["n"] else "a_"
    chosen = _counted(groups, g)
    others = {o for o in (groups.get(f"{g}other"), groups.get("c_other2")) if o}
    if chosen is None or chosen.any_of or len(others) > 1 or any(_MORE_THAN_A_NAME.search(o) for o in others):
        return None
    if chosen.type == "forward":
        return None  # moot: a Forward attacks once a turn however often it stands up (engine/played_text)
    chosen = replace(chosen, type=chosen.type or "character", other_than=next(iter(others), None))
    conditioned = groups.get("if_type") or groups.get("if_named")
    condition = _if_control(groups) if conditioned else None
    if conditioned and condition is None:
        return None
    every = _BACKUPS_AT_MOST if chosen.type == "backup" else LARGEST_N
    n = number(groups["n"]) if groups["n"] else every
    upto = bool(groups["upto"])
    return tuple(Effect(w, "activate", n, chosen, optional=upto, condition=condition) for w in whens)


def _backups_activated(whens: tuple[str, ...], m: re.Match[str]) -> tuple[Effect, ...]:
    """One `activate` of N Backups for each trigger (Japanese: _JA_ANY_BACKUPS); 「まで」 ("up to") may stand
    none up (optional)."""
    groups = m.groupdict()
    optional = bool(groups.get("jupto"))
    n = int(groups["jn"])
    return tuple(Effect(when, "activate", n, CardFilter(type="backup"), optional=optional) for when in whens)


def _draws_if_control(m: re.Match[str]) -> tuple[Effect, ...] | None:
    """The draw, if you control at least 1 (or N or more) of the characters named, maybe other than a
    name; None when the words name more than a filter can."""
    groups = m.groupdict()
    condition = _if_control(groups)
    return (
        None
        if condition is None
        else (Effect("enters", "draw", number(str(groups["n"])), condition=condition),)
    )


def _draws_if_cast(m: re.Match[str]) -> tuple[Effect, ...]:
    """_IF_CAST_DRAW's draw, if you have cast that many cards this turn."""
    return (Effect("enters", "draw", number(m["n"]), condition=Condition("cast-at-least", int(m["cast"]))),)


def _if_control(groups: dict[str, str | None]) -> Condition | None:
    """_IF_CONTROL_DRAW's condition: you control at least 1 (or N or more) of the characters named, maybe
    other than a name (or _JA_COST_IF's, which names none); None when the words name more than a filter
    can."""
    counted = _counted(groups, "if_")
    other = groups.get("if_other")
    if counted is None or (other and (_MORE_THAN_A_NAME.search(other) or counted.any_of)):
        return None
    if other:
        counted = replace(counted, other_than=other)
    at_least = groups["at_least"]
    return Condition("control-at-least", number(at_least) if at_least else 1, counted)


def _counted(groups: dict[str, str | None], g: str) -> CardFilter | None:
    """The characters a cost change counts or changes (group prefix `g`), or None when the words say
    more than a filter can: "Card Name A or Job B" is `any_of`; "Category VII Character of an Element
    other than Lightning" is not read."""
    element = groups.get(f"{g}element")
    colors = (_JA_ELEMENTS.get(element, element.lower()),) if element else ()
    if groups.get(f"{g}name"):  # Japanese 「name」
        return CardFilter(name=groups[f"{g}name"], colors=colors)
    card_type = groups.get(f"{g}type")
    if card_type:
        return CardFilter(type=_character_type(card_type), colors=colors)
    named = groups.get(f"{g}named") or ""
    split = r" or (?:an? )?(?=(?:Card Name|Job|Category) )"  # "a Card Name Lann or a Card Name Reynn"
    alternatives = [_counted_one(one) for one in re.split(split, named)]
    if any(a is None for a in alternatives):
        return None
    if len(alternatives) == 1:
        return replace(alternatives[0], colors=colors) if alternatives[0] is not None else None
    if colors:
        return None  # "Fire Card Name A or Card Name B": which the element belongs to is not said
    return CardFilter(any_of=tuple(a for a in alternatives if a is not None))


_COUNTED_ONE = re.compile(
    rf"(?P<marker>Card Name|Job|Category) (?P<named>.+?)(?: (?P<ttype>{_CHARACTER_WORDS}))?"
)


def _counted_one(text: str) -> CardFilter | None:
    """One name, job or category a cost change counts or changes, maybe with a character type."""
    one = _COUNTED_ONE.fullmatch(text)
    if one is None or _MORE_THAN_A_NAME.search(one["named"]):
        return None
    card_type = _character_type(one["ttype"]) if one["ttype"] else None
    if one["marker"] == "Card Name":
        return CardFilter(name=one["named"], type=card_type)
    return CardFilter(traits=(one["named"],), type=card_type)


def _character_type(word: str) -> str | None:
    """A card type word, singular or plural, English or Japanese; "Character": any (None), for the field
    holds only Forwards, Backups and Monsters."""
    word = _JA_TYPES.get(word, word).lower().rstrip("s")
    return None if word == "character" else _TYPES[word]


def _own_cost(m: re.Match[str]) -> tuple[Effect, ...] | None:
    """The card's own cost reduced by n, maybe if you control some characters (at least 1, or N or more;
    or none of a type) or once for each one you control; "(it cannot become 0)": never below 1."""
    groups = m.groupdict()
    n = -int(groups["n"])
    floor = 1 if groups.get("floor") or groups.get("floor2") else 0
    condition = None
    if groups.get("none") or groups.get("if"):
        condition = _control_condition(groups)
        if condition is None:
            return None
    per = None
    if (
        groups.get("per_element")
        or groups.get("per_named")
        or groups.get("per_type")
        or groups.get("per_name")
    ):
        per = _counted(groups, "per_")
        if per is None:
            return None
    reduced = Effect("static", "cost", n, condition=condition, per=per, floor=floor)
    if not groups.get("any"):
        return (reduced,)
    if per is not None:
        return None  # "for each ... and can be paid with CP of any Element": the second holds with none
    return reduced, Effect("static", "pay-any", 0, condition=condition)


def _own_any_element(m: re.Match[str]) -> tuple[Effect, ...] | None:
    """The card's own cost paid with CP of any element (`pay-any`), maybe if you control some characters
    (as _own_cost's condition); None when what it counts is more than a filter can say."""
    if not m.group("if"):
        return (Effect("static", "pay-any"),)
    condition = _control_condition(m.groupdict())
    return None if condition is None else (Effect("static", "pay-any", condition=condition),)


def _any_element_if_broken(m: re.Match[str]) -> tuple[Effect, ...] | None:
    """The card's own cost paid with CP of any element while a card of the name, job or category (maybe of a
    type) is in your Break Zone; None when the words name more than that."""
    named = _counted_one(m.group("named"))
    if named is None:
        return None
    return (Effect("static", "pay-any", condition=Condition("in-break-zone-at-least", 1, named)),)


def _others_cost(m: re.Match[str]) -> tuple[Effect, ...] | None:
    """Your other cards' cost reduced while this card is on the field: those the words name. A Summon's
    is not read: the autopilot casts none (module doc of engine/goldfish/fftcg.py)."""
    groups = m.groupdict()
    changed = _counted({"your_named": groups["names"]} if groups["names"] else groups, "your_")
    if changed is None or "summon" in m.group(0).lower():
        return None
    any_element = Effect("static", "pay-any", 0, filter=changed)
    if m.group("any_alone"):
        return (any_element,)
    floor = 1 if m.group("floor") else 0
    reduced = Effect("static", "cost", -int(m.group("n")), filter=changed, floor=floor)
    return (reduced, any_element) if m.group("any") else (reduced,)


def _makes_any(m: re.Match[str]) -> tuple[Effect, ...] | None:
    """Your Backups of an element, job or category (or all of them) making CP of any element while the
    card is on the field; "Job A or Job B Backups" is read as _counted reads it."""
    made = _counted(m.groupdict(), "your_")
    if made is None or made.type != "backup":
        return None
    return (Effect("static", "make-any", 0, filter=made),)


# A Forward chosen and given Haste for the turn when the card enters the field or attacks: "choose 1
# [Element] [Job X / Category X / Card Name X] Forward [you control] [other than NAME]. It gains Haste
# until the end of the turn." (or "Until the end of the turn, it gains ..."). No "you control" is the same
# choice here: the opponent has no Forward, so every legal choice is yours (11.8.9). With Haste it may gain
# +N power and First Strike, which matter only in a battle or a block (engine/played_text/fftcg.py, moot);
# Brave stays unread (it keeps an attacker active, which the simulator plays for a card's own keyword).
_GAINED = r"(?:Haste|\+\d+ power|First Strike)"
_GAINED_LIST = rf"(?P<gained>{_GAINED}(?:(?:,| and|, and) {_GAINED})*)"
_GAINED_LIST2 = _GAINED_LIST.replace("?P<gained>", "?P<gained2>")
_CHOSEN_FORWARD = (
    rf"choose 1 (?:(?P<element>{_ELEMENT}) )?(?:(?P<marker>Job|Category|Card Name) (?P<named>.+?) )?"
    r"(?P<ctype>Forward|Character)(?: you control)?(?: other than (?P<other>.+?))?(?: you control)?\. "
    rf"(?:It gains {_GAINED_LIST} until the end of the turn|"
    rf"Until the end of the turn, it gains {_GAINED_LIST2})\."
)
# 「(あなたがコントロールする)(火属性の)フォワードを1体選ぶ。ターン終了時まで、それはヘイストを得る。」
# (9.5.1.3.2: 「ターン終了時まで」の効果), either order of its last sentence.
_JA_CHOSEN_FORWARD = (
    r"(?:(?:あなた|自分)がコントロールする)?(?:(?P<jelement>[火氷風土雷水光闇])属性の)?フォワードを1体選ぶ。"
    r"(?:ターン終了時まで、それは|それはターン終了時まで)【?ヘイスト】?を得る。"
)


def _chosen_forward_hasted(own: str) -> list[tuple[re.Pattern[str], _Make]]:
    """The patterns of these shapes for the card named `own`, English and Japanese, on entering, on
    attacking, or on both (one effect each)."""
    out: list[tuple[re.Pattern[str], _Make]] = []
    both = ("enters", "attacks")
    for heads, body, flags in (
        ((_ENTERS, _ATTACKS, _ENTERS_OR_ATTACKS), _CHOSEN_FORWARD, re.IGNORECASE),
        ((_JA_ENTERS, _JA_ATTACKS, _JA_ENTERS_OR_ATTACKS), _JA_CHOSEN_FORWARD, 0),
    ):
        for head, whens in zip(heads, (both[:1], both[1:], both), strict=True):
            out.append((re.compile(head.format(name=own) + body, flags), partial(_forward_hasted, whens)))
    return out


def _forward_hasted(whens: tuple[str, ...], m: re.Match[str]) -> tuple[Effect, ...] | None:
    """One `haste` with the chosen Forward's filter for each trigger; None when the sentence names more
    than the filter can say ("Job A Forward or Job B Forward") or gives Haste not exactly once."""
    groups = m.groupdict()
    if "jelement" in groups:
        element = groups["jelement"]
        fil = CardFilter(type="forward", colors=(_JA_ELEMENTS[element],) if element else ())
        return tuple(Effect(when, "haste", 0, fil) for when in whens)
    gained = [g.lower() for g in re.split(r",? and |, ", groups["gained"] or groups["gained2"])]
    named, other = groups["named"], groups["other"]
    if gained.count("haste") != 1 or any(n and _MORE_THAN_A_NAME.search(n) for n in (named, other)):
        return None
    marker = groups["marker"]
    fil = CardFilter(
        type="forward" if groups["ctype"].lower() == "forward" else None,
        name=named if marker == "Card Name" else None,
        traits=(named,) if marker in ("Job", "Category") else (),
        colors=(groups["element"].lower(),) if groups["element"] else (),
        other_than=other,
    )
    return tuple(Effect(when, "haste", 0, fil) for when in whens)


# A Forward chosen, with no "up to" nor "opponent controls", and broken, dulled, frozen, dealt damage,
# returned to its owner's hand or made to lose power until the end of the turn ("It loses 2000 power until
# the end of the turn.", "Until the end of the turn, it loses 4000 power."; not "for each"), when the card
# enters the field or attacks: "choose 1 [dull|active] Forward
# [of cost N [or less|or more]] [other than NAME]. Break it." The opponent has none, so the choice takes one
# of yours, the card itself too (11.8.4, 11.8.9: it must be made when a legal one exists; 「自身を選ぶことは
# できない」 is the ability itself). "you control" only before "Return it to its owner's hand." (Ninja's
# "If you do so, you may play 1 Forward that costs 1 CP more than it ..." after it stays unread, as any
# other sentence after it). The action maybe if you control some characters (_IF_CONTROL's counts: "choose 1
# Forward. If you control 4 or more Category VII Forwards, break it.", "If you control a Job Sky Pirate
# Forward other than Raz, return it to its owner's hand."), and damage maybe more instead under such a
# condition ("Deal it 7000 damage. If you control 5 or more Job Standard Unit, deal it 9000 damage
# instead.": 7000 while you control at most 4, _forward_hit). "Character" (a Backup may be chosen), "Dull
# it and Freeze it", a damage counted from something, a condition on the payment ("If the cost paid to
# cast X included Lightning CP") or an "instead" of another action stay unread. The Japanese in the rules'
# words: 「フォワードを1体選ぶ。」 (11.8.9), 「ダル状態の」, 「アクティブ状態の」 (15.1.1.1-2),
# 「ブレイクする」 (15.1.1.3), 「ダルにする」, 「凍結する」 (15.2.4), 「Nダメージを与える」,
# 「持ち主の手札に戻す」, maybe after _JA_COST_IF's condition (「あなたが「ポロム」をコントロールしている
# 場合、それをブレイクする。」); its "instead" and its power lost stay unread.
_HIT = (
    r"choose 1 (?:(?P<state>dull|active) )?Forward(?: of cost (?P<cost>\d+)(?: or (?P<side>less|more))?)?"
    r"(?: other than (?P<other>[^.]+?))?(?P<yours> you control)?\. "
    r"(?:Deal it (?P<base>\d+) damage\. )?(?P<if>"
    + _IF_CONTROL
    + r")?(?:(?P<break>Break it)|(?P<dull>Dull it)|(?P<freeze>Freeze it)|Deal it (?P<damage>\d+) damage|"
    r"(?P<return>Return it to its owner's hand)|It loses (?P<loss>\d+) power until the end of the turn|"
    r"Until the end of the turn, it loses (?P<loss_first>\d+) power)(?P<instead> instead)?\."
)
_JA_HIT = (
    r"(?:(?P<state>ダル|アクティブ)状態の)?(?:(?P<cost>\d+)コスト(?P<side>以下|以上)?の)?フォワードを1体選ぶ。"
    r"(?P<if>" + _JA_COST_IF + r")?"
    r"(?:それを(?:(?P<break>ブレイクする)|(?P<dull>ダルにする)|(?P<freeze>凍結する)|"
    r"(?P<return>(?:持ち主の)?手札に戻す))|それに(?P<damage>\d+)ダメージを与える)。"
)
_HIT_STATES = {"dull": "dull", "active": "active", "ダル": "dull", "アクティブ": "active"}
_HIT_SIDES = {"less": "less", "more": "more", "以下": "less", "以上": "more"}


def _chosen_forward_hit(own: str) -> list[tuple[re.Pattern[str], _Make]]:
    """The patterns of these shapes for the card named `own`, English and Japanese, on entering or on
    attacking."""
    out: list[tuple[re.Pattern[str], _Make]] = []
    for heads, body, flags in (
        ((_ENTERS, _ATTACKS), _HIT, re.IGNORECASE),
        ((_JA_ENTERS, _JA_ATTACKS), _JA_HIT, 0),
    ):
        for head, when in zip(heads, ("enters", "attacks"), strict=True):
            out.append((re.compile(head.format(name=own) + body, flags), partial(_forward_hit, when)))
    return out


def _forward_hit(when: str, m: re.Match[str]) -> tuple[Effect, ...] | None:
    """One effect on the chosen Forward, its filter the choice's type, state, cost and excluded name, maybe
    if you control some characters; for damage more "instead" under it, two effects, the base damage if you
    control at most one fewer of them. None when the excluded name says more than a name, the condition
    more than a filter can, "you control" is not before a return, or "instead" has no base damage (or a
    base damage no "instead")."""
    groups = m.groupdict()
    other = groups.get("other")
    if other and _MORE_THAN_A_NAME.search(other):
        return None
    if groups.get("yours") and not groups["return"]:
        return None
    condition = _if_control(groups) if groups.get("if") else None
    if groups.get("if") and condition is None:
        return None
    instead = bool(groups.get("instead"))
    if instead != bool(groups.get("base")) or (instead and (not groups["damage"] or condition is None)):
        return None
    cost = int(groups["cost"]) if groups["cost"] else None
    side = _HIT_SIDES.get(groups["side"] or "")
    fil = CardFilter(
        type="forward",
        cost_max=cost if side != "more" else None,
        cost_min=cost if side != "less" else None,
        other_than=other,
        state=_HIT_STATES[groups["state"].lower()] if groups["state"] else None,
    )
    if instead and condition is not None:
        fewer = replace(condition, kind="control-at-most", n=condition.n - 1)
        return (
            Effect(when, "forward-damage", int(groups["base"]), fil, condition=fewer),
            Effect(when, "forward-damage", int(groups["damage"]), fil, condition=condition),
        )
    if groups["damage"]:
        return (Effect(when, "forward-damage", int(groups["damage"]), fil, condition=condition),)
    loss = groups.get("loss") or groups.get("loss_first")
    if loss:
        return (Effect(when, "power-loss", int(loss), fil, condition=condition),)
    do = next(d for d in ("break", "dull", "freeze", "return") if groups[d])
    return (Effect(when, do, 0, fil, condition=condition),)


def _special_haste(m: re.Match[str]) -> tuple[Effect, ...] | None:
    """A special ability (《S》, its cost a card of its name from the hand, 11.7.1) that gives the card
    itself Haste, maybe with power and First Strike (moot: engine/played_text/fftcg.py), until the end of
    the turn; None when it gives Haste not exactly once."""
    gained = m["gained"] or m["gained2"]
    if gained is not None and [g.lower() for g in re.split(r",? and |, ", gained)].count("haste") != 1:
        return None
    return (Effect("special", "haste"),)


# The card's own Haste while you control some characters, maybe with power and First Strike (moot:
# engine/played_text/fftcg.py): "If you control 5 or more Backups, Estinien gains Haste.", "If you control
# Card Name Locke, Celes gains Haste.", "If you control a Job Sky Pirate Forward other than Filo, Filo gains
# +1000 power and Haste." (the counts of _IF_CONTROL_DRAW; the card itself counts when it is one), and the
# Japanese 「あなたが「ロック」をコントロールしている場合、セリスはヘイストを得る。」 (_JA_COST_IF's words).
# "If you don't control ...", "and/or", "or a Card Name X other than Y", a quoted ability or Brave gained
# with it, and conditions on the opponent, the hand or the card's own power or jobs stay unread.
_HASTE_IF = (
    r"If you control (?:an? |(?P<at_least>\d+|two|three) or more )?"
    + _COUNTED.format(g="if_")
    + rf"(?: other than (?P<if_other>[^,]+?))?, {{own}} gains {_GAINED_LIST}\."
)
# Haste for your other characters that a name, job or category names, while the card is on the field: "The
# Card Name Hildibrand you control gains Haste.", "The Job Dragoon and Card Name Dragoon you control gain
# Haste." (either), "The Job AVALANCHE Operative Forwards other than Barret you control gain Haste.", "The
# Card Name Shadow you control gains +1000 power and Haste." A cost ("Card Name Tifa of cost 4 or less"), a
# quoted ability gained with it and "The Forwards of cost 1 you control" stay unread.
_NAMED_HASTE = (
    r"The (?P<named>(?:Card Name|Job|Category) .+?)(?: (?P<ntype>Forwards?|Characters?))?"
    rf"(?: other than (?P<nother>[^.]+?))? you control gains? {_GAINED_LIST}\."
)


def _gives_haste_once(groups: dict[str, str | None]) -> bool:
    """Whether the list of what is gained ("+1000 power and Haste") names Haste exactly once."""
    gained = groups.get("gained") or ""
    return [g.lower() for g in re.split(r",? and |, ", gained)].count("haste") == 1


def _haste_if(m: re.Match[str]) -> tuple[Effect, ...] | None:
    """`haste` for the card itself while you control at least 1 (or N or more) of the characters named,
    maybe other than a name; None when the words name more than a filter can."""
    groups = m.groupdict()
    if "gained" in groups and not _gives_haste_once(groups):
        return None
    if groups.get("none"):
        return None  # "If you don't control any ...": not played
    counted = _counted(groups, "if_")
    other = groups.get("if_other")
    if counted is None or (other and (_MORE_THAN_A_NAME.search(other) or counted.any_of)):
        return None
    if other:
        counted = replace(counted, other_than=other)
    at_least = groups["at_least"]
    condition = Condition("control-at-least", number(at_least) if at_least else 1, counted)
    return (Effect("static", "haste", condition=condition),)


def _named_haste(m: re.Match[str]) -> tuple[Effect, ...] | None:
    """`haste` with the filter of the characters named ("Card Name A and Job B": either), maybe of a type
    and other than a name; None when the words name more than a filter can."""
    groups = m.groupdict()
    other, card_type = groups["nother"], groups["ntype"]
    if not _gives_haste_once(groups) or (other and _MORE_THAN_A_NAME.search(other)):
        return None
    alternatives = [
        _counted_one(one) for one in re.split(r" and (?=(?:Card Name|Job|Category) )", groups["named"])
    ]
    if any(a is None for a in alternatives) or (len(alternatives) > 1 and (card_type or other)):
        return None
    if len(alternatives) > 1:
        return (Effect("static", "haste", 0, CardFilter(any_of=tuple(a for a in alternatives if a))),)
    one = alternatives[0]
    assert one is not None
    if card_type:
        if one.type is not None:
            return None
        one = replace(one, type=_character_type(card_type))
    return (Effect("static", "haste", 0, replace(one, other_than=other)),)


# A Monster that is also a Forward while you control some characters ("If you control 3 or more Fire
# Backups, Mom Bomb also becomes a Forward with 8000 power.", the counts of _COST_IF), and a Forward that is
# also a Monster ("Fritt is also a Monster in all situations."): a search or a cost change that names
# Monsters names it too. Quoted abilities it would gain with it ("... with 5000 power and "When ..."") and
# a trigger that makes it one ("When a Backup enters your field, ...") stay unread.
_ALSO_FORWARD_IF = _COST_IF + r"{own} also becomes a Forward with \d+ power\."
_ALSO_MONSTER = r"{own} is also a Monster in all situations\."


# A Monster that becomes a Forward for good when it enters ("When Mog enters the field, Mog also becomes a
# Forward with 7000 power. (This effect does not end at the end of the turn.)", as one action a "select"
# offers, its quotes as the list prints them: a stray one after "power.", a ")" left off): `forward` as the
# static's. Its trigger resolves as soon as it enters, before the autopilot casts or attacks again
# (11.8.7), and it keeps that type while on the field, so it plays as one that always is a Forward; a
# condition, a quoted ability gained with it, or an end ("until the end of the turn") stay unread.
_FORWARD_FOR_GOOD = (
    r"When {own} enters the field, {own} also becomes a Forward with \d+ power\.[\"“”]{{0,2}} "
    r"\(This effect does not end at the end of the turn\.\)?[\"“”]?"
)


def _also_forward_or_monster(own: str) -> list[tuple[re.Pattern[str], _Make]]:
    return [
        (re.compile(_ALSO_FORWARD_IF.format(own=own), re.IGNORECASE), _forward_if),
        (
            re.compile(_FORWARD_FOR_GOOD.format(own=own), re.IGNORECASE),
            lambda m: (Effect("static", "forward"),),
        ),
        (re.compile(_ALSO_MONSTER.format(own=own), re.IGNORECASE), lambda m: (Effect("static", "monster"),)),
    ]


def _forward_if(m: re.Match[str]) -> tuple[Effect, ...] | None:
    """`forward` while the condition holds; None when what it counts is more than a filter can say."""
    condition = _control_condition(m.groupdict())
    return None if condition is None else (Effect("static", "forward", condition=condition),)


def _control_condition(groups: dict[str, str | None]) -> Condition | None:
    """The condition of _COST_IF's words: you control at least 1, or N or more, of the characters it
    counts, or none of a type; None when what it counts is more than a filter can say."""
    if groups.get("none"):
        return Condition("control-at-most", 0, CardFilter(type=_character_type(str(groups["none_type"]))))
    counted = _counted(groups, "if_")
    if counted is None:
        return None
    at_least = groups.get("at_least")
    return Condition("control-at-least", number(at_least) if at_least else 1, counted)


# Action abilities whose cost is CP alone (11.6.2: "cost: effect."), "《1》", "《0》", "《Fire》《1》" (a
# symbol of an element is 1 CP of it, 《N》 N CP of any): a Monster that also becomes a Forward until the end
# of the turn ("《1》: Until the end of the turn, Green Dragon also becomes a Forward with 7000 power."), a
# card that gains Haste until the end of the turn ("《Lightning》: Gilgamesh gains Haste until the end of the
# turn.", "《Fire》: Until the end of the turn, Terra gains +2000 power and Haste."; power and First Strike
# are moot, engine/played_text/fftcg.py). The Monster's may be broken at the end of that turn ("《0》: Until
# the end of the turn, Ember Egg also becomes a Forward with 6000 power. At the end of the turn, break
# Ember Egg.":
# end_break). "You can only use this ability once per turn." (once_per_turn) and "... during your turn"
# may follow: the autopilot uses them only in its own turn. Another limit ("if you control ..."), a quoted
# ability gained with it, Brave, "At the end of the turn, break X." after anything but the Monster's
# Forward (after a gain of power, a Haste) and other costs (a discard, a dull, 《C》) stay unread.
_CP_SYMBOLS = rf"(?P<cost>(?:《(?:{_ELEMENT}|\d+)》)+): "
_ACTION_LIMIT = (
    r"(?: You can only use this ability (?:during your turn(?: and only (?P<once>once per turn))?|"
    r"(?P<once2>once per turn))\.)?"
)
_ACTION_FORWARD = (
    _CP_SYMBOLS + r"Until the end of the turn, {own} also becomes a Forward with \d+ power\."
    r"(?P<end_break> At the end of the turn, break {own}\.)?"
)
_ACTION_HASTE = (
    _CP_SYMBOLS + rf"(?:{{own}} gains {_GAINED_LIST} until the end of the turn|"
    rf"Until the end of the turn, {{own}} gains {_GAINED_LIST2})\."
)
# 「《雷》：ギルガメッシュはターン終了時までヘイストを得る。」 (9.5.1.3.2 「ターン終了時まで」), as the
# special ability's Japanese, with the CP symbols of the cost.
_JA_ACTION_HASTE = (
    r"(?P<jcost>(?:《[火氷風土雷水光闇\d]》)+)[:：](?:{own}はターン終了時まで|ターン終了時まで、{own}は)"
    r"【?ヘイスト】?を得る。"
)


# A card's action ability used from the hand, paid in CP and by discarding the card itself, that draws
# ("《Ice》, discard Black Mage: Draw 1 card. You can only use this ability if Black Mage is in your hand.";
# one real card prints "... this ability is Machinist is in your hand.", read as the same words). Any other
# cost ("remove 1 Backup from the game") or effect after the discard stays unread.
_ACTION_CYCLE = (
    r"(?P<cost>(?:《(?:" + _ELEMENT + r"|\d+)》)+), discard {own}: Draw (?P<n>\d+|one|two) cards?\. "
    r"You can only use this ability i[fs] {own} is in your hand\."
)


# An action ability whose cost dulls the card and puts it from the field into the Break Zone, maybe with CP
# (11.6.2.1, 11.6.2.2, 11.6.2.3: "《Earth》《Earth》《Dull》, put Scholar into the Break Zone: Choose 1 Earth
# Summon in your Break Zone. Add it to your hand."), whose effect is one the triggers' vocabulary says: a
# draw ("Draw 1 card."), a search of the deck into the hand ("Search for 1 Category VII Forward and add it
# to your hand."), or cards taken from the Break Zone into the hand or 1 played from there onto the field
# ("Choose 1 Forward of cost 4 or less from your Break Zone. Play it onto the field."); "You can only use
# this ability during your turn." may follow (the autopilot uses it in its own turn). A cost without
# 《Dull》 ("Put Goblin into the Break Zone: ...", "《6》, put ..."), another cost (a discard, another
# card put into the Break Zone), another effect ("Search for 1 Card Name Porom and play it onto the
# field.") and anything after it stay unread. A look at the top cards (_LOOK: "Reveal the top 2 cards of
# your deck. Add 1 Wind card among them to your hand and put the rest of the cards into the Break Zone.")
# is read as a trigger's.
_SACRIFICE = r"(?P<cost>(?:《(?:" + _ELEMENT + r"|\d+)》)*)《Dull》, put {own} into the Break Zone: "


def _sacrifice_patterns(own: str) -> list[tuple[re.Pattern[str], _Make]]:
    head = _SACRIFICE.format(own=own)
    return [
        (re.compile(head + body + _ACTION_LIMIT, re.IGNORECASE), partial(_sacrifice, action))
        for action, body in (
            ("draw", _DRAW),
            ("search", _SEARCH),
            ("search", _SEARCH_TWO),
            ("search", _LOOK),
            ("break", _FROM_BREAK),
        )  # fmt: skip
    ]


def _sacrifice(action: str, m: re.Match[str]) -> tuple[Effect, ...] | None:
    """The effect of a _SACRIFICE ability, read as a trigger's, made an `action` with its cost's CP (as
    _action's) and `self_cost` "break"; None when the effect is not read."""
    effects = _triggered("action", action)(m)
    if effects is None or len(effects) != 1:
        return None
    cp, elements = _cp_of(m.group("cost"))
    once = bool(m.group("once") or m.group("once2"))
    return (replace(effects[0], cp=cp, cp_elements=elements, once_per_turn=once, self_cost="break"),)


# Warp (15.2.7.2 「デジョン X - [コスト]」): "Warp 2 - 《Fire》《1》", also printed
# "Warp 2 -- 《Fire》《1》" (and "Warp 2 — 《Fire》《1》" in lists typed from the cards), a line of its own:
# the card is removed from the hand with X Warp counters by paying the CP its symbols say (as an action
# ability's, _cp_of: 《Water》《Water》 2 CP, each Water). Another cost (《S》, a discard) stays unread.
_WARP = r"Warp (?P<x>[1-9]\d*) (?:--?|—) (?P<cost>(?:《(?:" + _ELEMENT + r"|\d+)》)+)"


def _warp(m: re.Match[str]) -> tuple[Effect, ...]:
    cp, elements = _cp_of(m.group("cost"))
    return (Effect("action", "warp", int(m.group("x")), cp=cp, cp_elements=elements),)


def _action_patterns(own: str) -> list[tuple[re.Pattern[str], _Make]]:
    return [
        (re.compile(_WARP), _warp),
        *_sacrifice_patterns(own),
        (re.compile(_ACTION_CYCLE.format(own=own), re.IGNORECASE), _cycle),
        (
            re.compile(_ACTION_FORWARD.format(own=own) + _ACTION_LIMIT, re.IGNORECASE),
            partial(_action, "forward"),
        ),
        (re.compile(_ACTION_HASTE.format(own=own) + _ACTION_LIMIT, re.IGNORECASE), partial(_action, "haste")),
        (re.compile(_JA_ACTION_HASTE.format(own=own)), partial(_action, "haste")),
    ]


def _action(do: str, m: re.Match[str]) -> tuple[Effect, ...] | None:
    """The `action` effect of its cost's CP: each element symbol 1 CP of that element (`cp_elements`), each
    《N》 N CP; None when it gives Haste not exactly once."""
    groups = m.groupdict()
    gained = groups.get("gained") or groups.get("gained2")
    if gained is not None and [g.lower() for g in re.split(r",? and |, ", gained)].count("haste") != 1:
        return None
    cp, elements = _cp_of(groups.get("cost") or groups["jcost"])
    once = bool(groups.get("once") or groups.get("once2"))
    end_break = bool(groups.get("end_break"))
    return (Effect("action", do, cp=cp, cp_elements=elements, once_per_turn=once, end_break=end_break),)


def _cp_of(cost: str) -> tuple[int, tuple[str, ...]]:
    """An action ability's CP symbols as `cp` and `cp_elements`: each element symbol 1 CP of that element,
    each 《N》 N CP of any."""
    symbols = re.findall(r"《([^》]+)》", cost)
    elements = tuple(_JA_ELEMENTS.get(s, s.lower()) for s in symbols if not s.isdigit())
    return len(elements) + sum(int(s) for s in symbols if s.isdigit()), elements


def _cycle(m: re.Match[str]) -> tuple[Effect, ...] | None:
    """The `action` draw of _ACTION_CYCLE: its CP as _action's, and the card itself discarded."""
    paid = _action("draw", m)
    if paid is None:
        return None
    return (replace(paid[0], n=number(m.group("n")), self_cost="discard"),)


def _produces_any(m: re.Match[str]) -> tuple[Effect, ...]:
    element = m.groupdict().get("element")
    elements = (element.lower(),) if element else tuple(e.lower() for e in _ELEMENTS)
    return (Effect("dull", "resource", 1, elements=elements),)


def _produces(m: re.Match[str]) -> tuple[Effect, ...] | None:
    """CP of one element, one per symbol; symbols of different elements are left unread (the vocabulary
    says "n CP, any of these elements", not one of each)."""
    symbols = re.findall(r"《([^》]+)》", m.group(1))
    elements = {_JA_ELEMENTS.get(e, e.lower()) for e in symbols}
    if len(elements) != 1:
        return None
    return (Effect("dull", "resource", len(symbols), elements=tuple(elements)),)


def _search_filter(groups: dict[str, str | None]) -> CardFilter:
    """What a search names: a card name, a job or category (the card's traits), or a card type ("card":
    any; "Character": a Forward, Backup or Monster) with an element; each with a cost ("of cost 1": that
    cost; "or less", "or more") and a name the card must not have ("other than Card Name Kadaj") or not."""
    found = _searched(groups)
    printed = groups.get("scost")
    cost = int(printed) if printed else None
    side = groups.get("sside")
    return replace(
        found,
        cost_max=cost if side != "more" else None,
        cost_min=cost if side != "less" else None,
        other_than=groups.get("other"),
    )


def _searched(groups: dict[str, str | None]) -> CardFilter:
    if groups.get("card") or groups.get("card2"):
        card_type = (groups.get("ttype") or "").lower()  # "Card Name Vaan Forward": the Forward named Vaan
        return CardFilter(name=groups.get("card") or groups["card2"], type=_TYPES.get(card_type))
    if groups.get("ttype") or groups.get("job2") or groups.get("category2"):
        trait = groups.get("job2") or groups.get("category2") or ""
        card_type = groups.get("ttype") or "card"  # "card": any type
        return CardFilter(traits=(trait,), type=_TYPES.get(card_type.lower()))
    if groups.get("stype") or groups.get("ltype"):
        elements = [groups.get(g) for g in ("element", "lelement", "lelement2", "lelement3")]
        return CardFilter(
            type=_TYPES.get(str(groups.get("stype") or groups["ltype"]).lower()),  # "card": any type
            colors=tuple(e.lower() for e in elements if e),  # "Fire, Earth or Water": any of them
        )
    return CardFilter(traits=(groups.get("job") or groups.get("category") or "",))


def _ja_search_filter(groups: dict[str, str | None]) -> CardFilter:
    """What a Japanese search names: a card name in 「」, or a card type with an element and a largest
    cost."""
    if groups["jcard"]:
        return CardFilter(name=groups["jcard"])
    element = groups["jelement"]
    found = groups["jcost"] or groups["jcost2"]
    cost = int(found) if found else None
    side = groups["jside"] or groups["jside2"]
    return CardFilter(
        type=_JA_TYPES[str(groups["jtype"])],
        colors=(_JA_ELEMENTS[element],) if element else (),
        cost_max=cost if side != "以上" else None,
        cost_min=cost if side != "以下" else None,
    )


def _static_itself(do: str) -> _Make:
    """A `static` effect of the card itself with no number: "X cannot attack." and its kind."""

    def make(m: re.Match[str]) -> tuple[Effect, ...]:
        return (Effect("static", do),)

    return make


def _self_haste(m: re.Match[str]) -> tuple[Effect, ...]:
    return (Effect("static", "haste"),)


# "This effect will trigger only once per turn." after the card's own trigger: the effects, once per turn.
_ONCE_PER_TURN = re.compile(
    r"(?P<ability>When .+?) This effect will trigger only once per turn\.", re.IGNORECASE
)


def _selected(part: str, name: str) -> tuple[Effect, ...] | None:
    """A trigger that offers actions ("When Mog enters the field, select 1 of the 3 following actions:"
    and the actions, one a line): the effects of those read with the trigger, when they are as many as it
    selects (1, or 1 to N for "select up to N") and the autopilot would never select any other, moot or
    harmful here (engine/played_text/fftcg.py, `never_selected`; judged for a card of no known type, so
    that no rule of a type applies). A condition that lets it select more, "up to" ("If Mog was cast,
    select up to 3 of the 3 following actions instead"), changes nothing: it selects those still; one that
    makes it select more ("select 2 of the 2 ... instead"), and a Summon's offer (never cast), stay unread.
    A "select 1" of read actions that differ only in the cards they take is one take of either (_one_of)."""
    from engine.cards import Card
    from engine.played_text.fftcg import never_selected, offered_actions  # it reads parts with this module

    offered = offered_actions(part)
    if offered is None:
        return None
    head, n, upto, actions = offered
    card = Card(number="", name=name, type="")
    read: list[tuple[Effect, ...]] = []
    for action in actions:
        effects = selected_action(head, action, name)
        if effects is not None:
            read.append(effects)
        elif never_selected(action, card) is None:
            return None
    if n == 1 and not upto and len(read) > 1:
        return _one_of(read)
    return (
        tuple(e for effects in read for e in effects)
        if 1 <= len(read) <= (n if upto else 1) and (upto or n == 1)
        else None
    )


def _one_of(offered: list[tuple[Effect, ...]]) -> tuple[Effect, ...] | None:
    """Of actions that differ only in the cards they take ("select 1 of the 2 following actions: "Choose 1
    Summon in your Break Zone. Add it to your hand." "Choose 1 Category V Forward in your Break Zone. Add it
    to your hand.""), the one selected: one effect that takes a card any of their filters names (`any_of`),
    as whichever can take one is selected (11.8.10); None for any other actions (which of them, the reader
    does not say)."""
    if any(len(effects) != 1 for effects in offered):
        return None
    first = offered[0][0]
    if first.do not in ("search", "play") or any(
        effects[0].filter is None or replace(effects[0], filter=None) != replace(first, filter=None)
        for effects in offered
    ):
        return None
    alternatives = tuple(a for effects in offered if (f := effects[0].filter) for a in f.any_of or (f,))
    return (replace(first, filter=CardFilter(any_of=alternatives)),)


def selected_action(head: str, action: str, name: str) -> tuple[Effect, ...] | None:
    """The effects of an offered action read with its trigger, when the autopilot would select it: not one
    that must choose one of your own Forwards to harm (CHOSEN_ACTIONS: "Choose 1 Forward. Dull it." is read,
    and played where it is forced, but a select may take another action instead), nor a discard alone ("Each
    player discards 1 card from his/her hand.": it only costs you a card); None otherwise."""
    effects = _read_ability(f"{head} {action}", name) if head else None
    if (
        effects is None
        or any(e.do in CHOSEN_ACTIONS for e in effects)
        or all(e.do == "discard" for e in effects)
    ):
        return None
    return effects


def read_part(part: str, name: str) -> tuple[Effect, ...] | None:
    """One ability; a Japanese one with full-width digits and colons read as half-width ones."""
    part, name = half_width(part), half_width(name)
    if "\n" in part:
        return _selected(part, name)
    once = _ONCE_PER_TURN.fullmatch(part)
    if once:
        effects = _read_ability(once["ability"], name)
        if effects is None or any(e.when not in ("enters", "attacks") for e in effects):
            return None
        return tuple(replace(e, once_per_turn=True) for e in effects)
    return _read_ability(part, name)


def _read_ability(part: str, name: str) -> tuple[Effect, ...] | None:
    for pattern, make in _patterns(name):
        m = pattern.fullmatch(part)
        if m:
            return make(m)
    return None
