"""What the FFTCG goldfish plays of a card's text (engine/goldfish/fftcg.py): the keywords Haste and Brave
when the card carries them, Back Attack on a card the autopilot casts (cast in the opponent's turn too,
`back_attack`), the Limit Break cost, and the abilities the text reader (engine/readers/fftcg.py)
turns into effects the simulator plays (`fftcg.plays_for`) while the `card_effects` knob is on. A card whose
effects are set by hand is played as they say. Text from the official list is read as it is printed, its
markup turned into words and lines first (GameRules.printed_text).

A part is one ability: a line of the card (FFTCG prints one ability a line), with the quoted choices of a
"select 1 of the 3 following actions" after it, and the EX BURST and Limit Break tags apart. Its
sentences are read together or not at all: "When you do so", "it", "This effect will trigger only once
per turn" and "You can only use this ability during your turn" belong to the ability they follow.

Moot, by one rule (the goldfish opponent has no characters, plays nothing from its hand, never blocks,
never attacks, never deals damage; rules spec §11.2): text that only matters against such an opponent.
That is the opponent's characters and hand; blocks, battles, power and First Strike (10.1.4.1: an
unblocked attack deals 1 point of damage whatever its power); protection of your cards (nothing here
chooses, breaks, returns, removes or damages them) and your Forwards kept from blocking (they never block);
an effect on the opponent's side after a cost the card may pay for it or a condition; and removal or
weakening of a chosen character when the autopilot is never made to choose its own. Those
are the abilities it never uses: a Summon (never cast, kept as fuel, §11.5) and an action or special
ability (only "《Dull》: Produce" and those paid in CP alone that make the card a Forward or give it Haste
are used), and an auto-ability whose choice may be left empty or whose
effect is optional ("choose up to", "you may"); used at will, harm to every Forward of a kind ("Deal 1000
damage to all Forwards.") is never used either, for it could only harm yours. Parties too: the autopilot
forms none (what keeps damage off a party, or keeps a card from forming one, is moot). Summons too: neither
player casts one here (a rule that forbids casting them, a trigger on one choosing a card). Of the actions
a "select" offers, the autopilot selects those read as effects it plays (engine/readers/fftcg.py) or
moot ones, never one that could only harm your own (`never_selected`). An auto-ability that must choose
"1 Forward" takes one of yours when the opponent has none (11.8.9), so it is not moot: the simulator plays
it where the reader reads it ("choose 1 Forward. Break it.", engine/goldfish/fftcg.py `_hit_own`), and it is
not played elsewhere, unless that choice is never made or costs nothing (a cost the card may pay for it; a
Forward that may choose itself, the block "Choices the opponent's empty field leaves to your own
characters" at the end).
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping
from dataclasses import replace
from functools import lru_cache, partial
from typing import Any

from engine.cards import Card
from engine.deck import Deck
from engine.effects import CHOSEN_ACTIONS
from engine.games import get_game
from engine.goldfish.fftcg import plays_for
from engine.played_text import (
    DECK_RULE,
    MOOT,
    PLAYED,
    UNPLAYED,
    Status,
    TextPart,
    keywords_only,
    split_text,
)
from engine.readers import card_effects, played_part, read_text
from engine.readers.fftcg import selected_action

# Tags that stand apart at the start of a line: EX BURST, a Limit Break cost, and a keyword sentence with
# more text after it ("Brave. When Mog enters the field, ..."), as a deck file may write them.
_TAGS = re.compile(
    r"EX BURST\b\s*|Limit Break\s*(?:--|—|–|-)\s*\d+\.?\s*|"
    r"(?:Haste|Brave|First Strike|Back Attack|Multi-element)(?:,? (?:Haste|Brave|First Strike))*\.\s+(?=\S)",
    re.IGNORECASE,
)
_SIMULATED_KEYWORDS = frozenset({"haste", "brave"})
# The label of a card of several elements (5.2.1.1): a fact of its elements, which the payment obeys.
_MULTI_ELEMENT = re.compile(r"Multi-element\.?", re.IGNORECASE)
# Keywords that matter only in a battle or a block (15.2.3, 15.2.6): this opponent has no Forward.
_BATTLE_KEYWORDS = frozenset({"first strike"})
_BATTLE_ONLY = "First Strike matters only in a battle, and this opponent has no Forward to battle"
_LIMIT_BREAK = re.compile(r"Limit Break\s*(?:--|—|–|-)\s*\d+\.?", re.IGNORECASE)
_DECK_RULE = re.compile(
    r"(?:your deck may include|you can include) .*|"
    r"\(Cards with 《LB》 cannot be included in your main deck\.\)",
    re.IGNORECASE,
)
# "Damage 3 -- Mog gains Haste.": an ability that works once its player has received that much damage.
_DAMAGE_CONDITION = re.compile(r"Damage \d+\s*(?:--|—|–|-)\s*\S.*", re.IGNORECASE | re.DOTALL)
# A sentence that also gives something the goldfish plays ("X gains Haste and cannot be chosen ...") is no
# protection alone.
_GIVES_MORE = r"(?![^.]*\b(?:gains?|draws?|search(?:es)?|Haste|Brave|plays?)\b)"
# Protection: a sentence that keeps a card of yours from being chosen, broken, dulled, returned, removed or
# damaged (by the opponent's acts, or by any: none of the text the autopilot plays does so), for a while or
# always; after a choice of the characters it protects ("Choose 1 Forward you control. It cannot be chosen
# by your opponent's Summons or abilities this turn."), whichever is chosen.
_PROTECTED = (
    rf"{_GIVES_MORE}(?:(?:During|Until the end of) this turn, |Until the end of the turn, )?[^.\"]* cannot "
    r"(?:be chosen|be broken|become dull(?= by)|be returned(?: to (?:its|their) owner'?s'? hands?)?|"
    r"be removed|be dealt damage|leave the field)(?: from the game)?(?: (?:by|due to) [^.\"]*?)?"
    r"(?: this turn| during (?:your|this) turn| until the end of the turn| until the beginning of your next"
    r" turn)?\."
)
# The same protection given for a while as a quoted ability: "It gains 'This Forward cannot be broken' until
# the end of the turn."
_GAINED_PROTECTION = (
    r"(?:It|They) gains? ['‘\"“]This Forward cannot (?:be chosen|be broken|be returned to its owner's hand|"
    r"be removed from the game|be dealt damage|leave the field)"
    r"(?: by your opponent's (?:Summons or abilities|Summons|abilities))?\.?['’\"”]"
    r" until (?:the end of the turn|the beginning of your next turn)\."
)
_PROTECTION = re.compile(
    rf"(?:(?:you may )?choose (?:up to )?(?:\d+|one|two|three|a|an|all) [^.]*?"
    rf"(?:Forwards?|Characters?|Monsters?|Backups?)\b[^.]*\. )?(?:{_PROTECTED}|{_GAINED_PROTECTION})"
    rf"(?: {_PROTECTED})*",
    re.IGNORECASE,
)
# Blocks: this opponent never attacks (so your Forwards never block) and has no Forward to block.
_BLOCKS = re.compile(
    rf"{_GIVES_MORE}(?:[^.\"]* cannot (?:be )?block(?:ed)?(?: [^.\"]*)?\.?|"
    r"[^.\"]* must block(?: [^.\"]*)?\.)",
    re.IGNORECASE,
)
# The restrictions that go with the ability they follow, on its line: they limit when it is used.
_WHEN_USED = (
    r"You can only use this ability (?:during your(?: opponent's)? turn|once per turn|during your Main Phase)"
)
_RESTRICTION = re.compile(
    rf"\s*(?:{_WHEN_USED}[^.]*\.|"
    r"This effect will trigger only (?:once per turn|during [^.]*|if [^.]*)\.|"
    r"You can use this ability only [^.]*\.|"
    r"You can only use this ability (?:if|while) [^.]*\.|"
    rf"{_WHEN_USED}[^.]*$)",
    re.IGNORECASE,
)
_TRIGGER = r"(?:(?:During [^,]+, )?(?:When|At|Whenever) [^,]+, )"
_NUMBER = r"(?:\d+|one|two|three|a|an)"
# (a Job or a Category names characters too: "Choose 1 Job Sky Pirate.")
_CHARACTERS = r"(?:Forwards?|Characters?|Monsters?|Backups?|(?:Card Name|Job|Category) [^.]+)"
# A choice of the opponent's characters, and a choice that may take yours (no "you control", not a card
# in a zone: "in your Break Zone", "in your hand" choose cards, not characters).
_CHOOSES_OPPONENTS = rf"(?:you may )?choose (?:up to )?{_NUMBER} [^.]*?\bopponent controls\."
_CHOOSES_ANY = (
    rf"(?:you may )?choose (?:up to )?(?:{_NUMBER}|all) (?![^.]*\b(?:you control|Break Zone|hand|deck)\b)"
    rf"[^.]*?{_CHARACTERS}\b[^.]*\."
)
_CHOOSES_ANY_OPTIONAL = (
    rf"(?:you may choose (?:up to )?{_NUMBER}|choose up to {_NUMBER}) "
    rf"(?![^.]*\b(?:you control|Break Zone|hand|deck)\b)[^.]*?{_CHARACTERS}\b[^.]*\."
)
# The rest of a clause on what was chosen ("until the end of the turn", "for each Backup you control"), not
# another clause joined to it ("and Mog gains Haste", "and draw 1 card").
_ONLY_THAT = r"(?:(?!\band\b|\bdraws?\b|\bHaste\b|\bsearch)[^.])*"
# What the choice does to what it chose: it removes or weakens it, or keeps it from blocking.
_ON_CHOSEN = (
    r"(?:(?:If [^,]+, )?(?:Until the end of the turn, |At the end of (?:the|this) turn, |"
    r"At the beginning of the next Main Phase 1, )?"
    r"(?:deal (?:it|them) (?:\d+ damage(?: and \d+ more damage| and dull (?:it|them))?"
    rf"(?: for each {_ONLY_THAT})?|"
    rf"damage equal to {_ONLY_THAT})|"
    r"break (?:it|them)(?: regardless of (?:its|their) power)?|"
    r"dull (?:it|them)(?: and freeze (?:it|them)| and deal (?:it|them) \d+ damage)?|freeze (?:it|them)|"
    r"return (?:it|them) to (?:its|their) owners?'s? hands?|remove (?:it|them) from the game|"
    r"put (?:it|them) (?:at|on) the (?:top|bottom) of (?:its|their) owners?'s? decks?|"
    r"put (?:it|them) in(?:to)? the Break Zone|"
    r"halve (?:its|their) power until the end of the turn(?: \(round down to the nearest 1000\))?|"
    rf"(?:it|they) loses? \d+ power{_ONLY_THAT}|(?:it|they) cannot (?:attack or )?block{_ONLY_THAT}|"
    rf"(?:it|they) cannot attack{_ONLY_THAT}|dull (?:it|them) or freeze (?:it|them)|"
    r"(?:it|they) loses? (?:Haste|First Strike|Brave)(?:(?:,| and|, and) (?:Haste|First Strike|Brave))*"
    r"(?: until the end of the turn)?|"
    rf"(?:If possible, )?(?:it|they) must block{_ONLY_THAT})(?: instead)?\.)"
)
# (A play the opponent "may" make from its hand, "your opponent may play 1 Character Card from his/her hand
# onto the field.", is its own act: this opponent plays nothing.)
_OPPONENTS_HAND = (
    r"(?:your opponent (?:randomly )?discards (?:\d+|a) cards?(?: from (?:his/her|their|his|her) hand)?\.|"
    r"your opponent selects (?:\d+|a) cards? in (?:his/her|their) hand\. "
    r"your opponent discards (?:this|these) cards?\.|"
    r"your opponent may play (?:1|a|an) (?![^.]*\b(?:you|your)\b)[^.]*? from (?:his/her|their) hand onto the"
    r" field\.)"
)
# The rest of a sentence on the opponent's side: nothing of yours, no Haste, no draw in it.
_NOTHING_OF_YOURS = r"(?![^.]*\b(?:you|your(?! opponent)|Haste|draws?)\b)[^.]*"
_ALL_OPPONENTS = (
    r"(?:deal \d+ damage to all (?:the )?(?:Forwards|Characters) (?:your )?opponent controls"
    rf"{_NOTHING_OF_YOURS}|"
    r"(?:dull|break|freeze) all (?:the )?(?:Forwards|Characters|Backups)(?: [^.]*)? opponent controls|"
    rf"all (?:the )?Forwards opponent controls lose \d+ power{_NOTHING_OF_YOURS})\."
)
# What the opponent's characters do or get ("The Forwards opponent controls lose Haste."), a sentence that
# names no card of yours.
_OPPONENTS_CHARACTERS = (
    r"(?:The (?:[\w' -]+ )?(?:Forwards|Characters|Backups|Monsters)(?: of cost \d+ or (?:more|less))? "
    r"opponent controls|The opponent's (?:Forwards|Characters|Backups))"
    r" (?![^.]*\b(?:you|your(?! opponent))\b)[^.]*\."
)
# The opponent picks one of its own characters and loses it, or shows its hand: it has none, and its hand
# matters only to an opponent who plays.
_OPPONENT_SELECTS = (
    r"your opponent selects (?:\d+|a|an) [^.]*? (?:he/she|they|he|she) controls?\."
    r"(?: (?:Put it into the Break Zone|Dull it(?: and Freeze it)?|Remove it from the game|"
    r"Dull and Freeze all the other Forwards opponent controls)\.)+|"
    r"your opponent reveals (?:his/her|their) hand\.(?: Select 1 [^.]*? (?:from|in) (?:his/her|their) hand\. "
    r"Your opponent (?:discards this card|removes (?:it|this card) from the game)\.)?|"
    r"(?:choose (?:up to )?\d+ [^.]*? in your opponent's Break Zone\. Remove (?:it|them) from the game|"
    r"remove all the cards in your opponent's Break Zone from the game)\.|"
    # its attacking Forward: it never attacks
    r"(?:your )?opponent puts 1 attacking Forward(?: (?:he/she|they) controls?)? into the Break Zone\."
)
_ONE_OPPONENTS = (
    rf"(?:{_CHOOSES_OPPONENTS}(?: {_ON_CHOSEN})+|{_OPPONENTS_HAND}|{_ALL_OPPONENTS}|{_OPPONENTS_CHARACTERS}|"
    rf"{_OPPONENT_SELECTS})"
)
# An effect that acts only on the opponent's characters, hand or Break Zone, wherever it is used.
# (A condition before a later one changes nothing: "If you control 5 or more Earth Backups, deal 8000 damage
# to all the Forwards opponent controls instead.")
_OPPONENTS_ONLY = re.compile(rf"{_ONE_OPPONENTS}(?: (?:If [^,.\"]+, )?{_ONE_OPPONENTS})*", re.IGNORECASE)
# What comes before an effect on the opponent's side only and changes nothing when that effect is moot: a
# cost the card may pay for it ("you may pay 《1》. If you do so, ..."; the autopilot pays none, and paying
# would gain nothing) or a condition of one clause ("If the cost paid to play Mog included Ice CP, ...").
_BEFORE_OPPONENTS = re.compile(
    r"(?:you may (?:pay (?:《[^》]+》)+|discard \d+ cards?(?: from your hand)?)[.,] (?:If|When) you do so, |"
    r"If [^,.\"]+, )(?P<effect>.+)",
    re.IGNORECASE | re.DOTALL,
)
# A condition on what the opponent controls, which never holds: it controls nothing.
_OPPONENT_CONTROLS = re.compile(
    r"If your opponent controls (?:any|a|an|\d+ or more|at least \d+) [^,]+, ", re.IGNORECASE
)
# An effect that removes or weakens a chosen character, which may be yours, then maybe acts on the
# opponent's side only ("Choose 1 Forward. Break it. Deal 5000 damage to all the Forwards opponent
# controls.").
_ON_ANY_CHOSEN = re.compile(rf"{_CHOOSES_ANY}(?: {_ON_CHOSEN})+(?: {_ONE_OPPONENTS})*", re.IGNORECASE)
# A choice of a damaged Forward: only the opponent's acts damage a Forward here, so there is none to choose.
_ON_DAMAGED = re.compile(
    rf"(?:you may )?choose (?:up to )?{_NUMBER} damaged (?:Forwards?|Characters?)(?! [^.]*\byou control\b)"
    rf"[^.]*\.(?: {_ON_CHOSEN})+",
    re.IGNORECASE,
)
# The cost of your Summons, which the autopilot never casts (they are fuel, §11.5): each Summon's own text
# is reported with its card.
_SUMMONS_COST = re.compile(
    r"The cost required to cast your (?:(?:Fire|Ice|Wind|Earth|Lightning|Water|Light|Dark) )?Summons "
    r"(?:is reduced by \d+(?: \(it cannot become 0\))?|can be paid with CP of any Element)\.",
    re.IGNORECASE,
)
# What the autopilot does anyway: it attacks with every Forward that may (§11.5).
_MUST_ATTACK = re.compile(r"[^.,]+ must attack (?:at least )?once per turn if possible\.", re.IGNORECASE)
_ON_ANY_CHOSEN_OPTIONAL = re.compile(
    rf"{_CHOOSES_ANY_OPTIONAL}(?: {_ON_CHOSEN})+|{_CHOOSES_ANY} You may {_ON_CHOSEN}", re.IGNORECASE
)
# An action or special ability: its cost, a colon, its effect ("《Dull》, put Mog into the Break Zone: ...",
# "Firaga 《S》《Fire》: ..."); the cost holds a CP or dull icon, or a card put, discarded or removed.
_ACTION = re.compile(
    r"(?P<cost>[^\":]*?(?:《[^》]+》|\b(?:put|discard|remove|dull|return)\b)[^\":]*?)\s?[:：]\s*(?P<effect>.+)",
    re.IGNORECASE | re.DOTALL,
)
# A special ability printed without its colon ("Kupo Freeze 《S》《Ice》 Freeze ..."): its name and cost,
# then its effect from a capital letter; no colon anywhere (_ACTION reads those).
_SPECIAL_WITHOUT_COLON = re.compile(
    r"(?P<cost>[^\":.]*?《S》(?:《[^》]+》)*)\s+(?P<effect>[A-Z][^:：]+)", re.DOTALL
)
# A special ability whose name holds a colon ("Spellblade: Thundara 《S》《Lightning》: ..."): _ACTION's cost
# stops at the first colon.
_SPECIAL_NAMED = re.compile(r"(?P<cost>[^\".]*?《S》(?:《[^》]+》)*)\s?[:：]\s*(?P<effect>.+)", re.DOTALL)
_AUTO = re.compile(rf"{_TRIGGER}(?P<effect>.+)", re.IGNORECASE | re.DOTALL)
# An effect that only raises power (or gives First Strike): an unblocked attack deals 1 point of damage
# whatever its power (10.1.4.1), and this opponent has no Forward to block or to battle. Under a
# condition or a trigger, or on a chosen Forward (yours: it only grows), it is the same.
# Brave keeps an attacking Forward active (15.2.1.2), which matters to block, or to dull it after its
# attack for a cost: the only such cost the autopilot pays is CP made by the Forward's own text ("《Dull》:
# Produce"), which no printed Forward has; on a card whose text makes CP, a Brave it gains stays unplayed.
_POWER_WORD = r"(?:\+\d+ power|First Strike|Brave)"
_POWER_WORDS = rf"{_POWER_WORD}(?:(?:,| and|, and| or) {_POWER_WORD})*"  # "or": whichever, moot either way
# Who gains: words before "gains", not another clause joined to it ("Break it and Mog gains +3000 power").
_GAINER = (
    r"(?:(?!\b(?:deal|deals|break|breaks|dull|freeze|return|remove|put|draw|draws|search|play|cast|activate"
    r"|discard|choose|select)\b)[^.,\"])*?"
)
_GAINS_POWER = (
    r"(?:(?:If|While|For each|During|Until) [^,]+, )?(?:(?:until the end of the turn|during this turn), )?"
    rf"{_GAINER}(?<!\bcannot) gains? {_POWER_WORDS}"
    rf"(?: until the end of the turn| during your turn| while {_ONLY_THAT}| for each {_ONLY_THAT})?\."
)
_CHOOSES_TO_GAIN = rf"(?:you may )?choose (?:up to )?(?:{_NUMBER}|all) [^.]*?{_CHARACTERS}\b[^.]*\."
# A chosen Forward kept from blocking or made to block, whichever is chosen (yours too): yours never block.
_CHOSEN_BLOCKS = re.compile(
    rf"{_CHOOSES_TO_GAIN} (?:(?:It|They) cannot block(?: this turn| until the end of the turn)?\.|"
    r"(?:If possible, )?(?:it|they) must block(?: this turn)?\.|"
    r"(?:It|They) gains? \"(?:This Forward cannot block|If possible, this Forward must block)\.?\""
    r" until the end of the turn\.)",
    re.IGNORECASE,
)
_POWER_ONLY = re.compile(
    rf"(?:{_CHOOSES_TO_GAIN} )?{_GAINS_POWER}(?: {_GAINS_POWER})*",
    re.IGNORECASE,
)
# Forwards of yours stood up: a Forward attacks once a turn however often it stands up (10.1.2.1.2), so
# standing it up matters only to block or to dull it again for a cost, and (as with Brave) the autopilot
# pays none but CP made by a Forward's own text, which no printed Forward has. Backups and Characters are
# another matter: a Backup stood up pays again.
_ACTIVATES_FORWARDS = re.compile(
    rf"(?:you may )?choose (?:up to )?{_NUMBER} (?![^.]*\b(?:Backups?|Characters?|Monsters?)\b)[^.]*?"
    rf"\bForwards?\b[^.]*\. Activate (?:it|them)(?:\.| and (?:it|they) gains? {_POWER_WORDS}"
    rf"(?: until the end of the turn)?\.)(?: {_GAINS_POWER})*",
    re.IGNORECASE,
)
# The same for all of your Forwards at once, or all of a Category or Job ("activate all the Category IV
# Forwards you control."), maybe under a condition ("If you control Card Name Yuna, activate all the Forwards
# you control."), and for a Forward that stands itself up ("《Water》《Water》:
# Activate Mira.", "At the end of your turn, activate Mira."; not "Mira can attack once more this turn").
_ACTIVATES_ALL_FORWARDS = re.compile(
    rf"(?:If [^,.]+, )?activate all (?:the )?(?:(?:Category|Job) [^,.]+? )?Forwards(?: other than [^.]+?)?"
    r" you control\."
    rf"(?: {_GAINS_POWER})*",
    re.IGNORECASE,
)
_ACTIVATES_ITSELF = r"activate {own}\.(?: {gains})*"
_STOOD_UP = (
    "a Forward attacks once a turn however often it stands up, and the autopilot dulls none for a cost"
)
# What leaves a Forward of yours dull before its attack, besides text that dulls or freezes one (in_deck).
_LEFT_DULL = frozenset({"no-untap", "enters-dull"})
# Damage to your characters comes only from the opponent's side: a reduction of it is moot.
_DAMAGE_REDUCED = re.compile(
    rf"(?:{_CHOOSES_ANY} )?(?:If [^,]+ is dealt damage, reduce the damage by \d+ instead|"
    r"During this turn, the next damage dealt to (?:it|them|[^.,]+) (?:is reduced by \d+|becomes 0) instead|"
    # "The next damage dealt to Mog becomes 0 this turn.", "Reduce the next damage dealt to it this turn by
    # 1000.", "During this turn, the next damage dealt to Mog by a Summon or an ability, becomes 0 instead.",
    # "... the next damage dealt to it is dealt to Mog instead." (not damage to you, nor to the opponent's)
    r"(?:(?:If [^,.]+, )?During this turn, )?(?:the next damage dealt to (?!you\b)(?![^.,]*\bopponent\b)"
    r"(?:it|them|the former|[^.,]+?)(?: by a Summon or an ability)?,? (?:is reduced by \d+|becomes 0|"
    r"is (?:dealt to|received by) (?!you\b)[^.,]+?)(?: this turn)?(?: instead)?|"
    r"reduce the next damage dealt to (?:it|them|(?!you\b)(?![^.,]*\bopponent\b)[^.,]+?) this turn by \d+)|"
    r"(?:During this turn, )?if (?!you\b)(?![^,]*\bopponent\b)[^,]+? you control is dealt damage"
    r"(?: by a Summon or an ability)?, (?:reduce the damage by \d+|the damage becomes 0) instead|"
    r"[^.,]+ cannot be dealt damage[^.]*|"
    r"(?:During this turn, )?[^.,]+ (?:don't|do not|doesn't|does not) receive (?:any )?damage[^.]*|"
    r"Summons or abilities of your opponent must choose [^.]+ if possible|"
    r"Negate all damage dealt to (?:it|them|all the Forwards you control))\.",
    re.IGNORECASE,
)
# Damage that a character is dealt or deals to a Forward: none is ever dealt here (this opponent has no
# Forward and deals no damage, the autopilot never blocks, and no text it plays damages a Forward), so a
# trigger on it never fires and a condition or replacement on it never applies. Damage to a player ("you",
# "your opponent", "a Forward or your opponent") is another matter: an attack deals it.
_FORWARD_DAMAGE = re.compile(
    r"(?:During [^,]+, )?(?P<when>If|When|Whenever) (?!(?:you|your opponent|a player|each player)\b)"
    r"(?![^,]*\b(?:opponent|players?)\b(?!['’]s))"
    r"(?:[^,]*? (?:is dealt|receives?) [^,]*?damage[^,]*|"
    r"[^,]*? deals? (?:battle )?damage to (?:a|an|the|that) [^,]*?(?:Forward|Character)s?[^,]*), ",
    re.IGNORECASE,
)
# Cancelling a Summon or an ability: the autopilot casts no Summon and uses no action ability that would,
# and this opponent casts and uses none.
_CANCELS = re.compile(
    r"Choose (?:up to )?(?:\d+|an?) [^.]*?(?:Summon|ability)[^.]*\. "
    r"(?:If your opponent doesn't pay (?:《[^》]+》)+, )?Cancel its effect\.",
    re.IGNORECASE,
)
# A card of your Damage Zone chosen for its EX Burst: that zone stays empty here, for this opponent deals no
# damage and no text the autopilot plays deals you any (_RECEIVED).
_FROM_DAMAGE_ZONE = re.compile(
    r"choose 1 card with EX Burst in your Damage Zone\. You may trigger its EX Burst effect\."
    r"(?: \(This effect is put on the stack\.\))?",
    re.IGNORECASE,
)
# Counters placed on the card itself, or on a Forward of yours chosen for them ("choose 1 Forward you control.
# Place 1 Ronso Counter on it."): only text that reads them uses them, and the autopilot plays none (such
# text is reported with its card).
_PLACES_COUNTERS = (
    r"(?:place \d+ [\w' -]+? Counters? on {own}|"
    r"choose (?:up to )?\d+ (?:Forwards?|Characters?) you control\. "
    r"Place \d+ [\w' -]+? Counters? on (?:it|them))\."
)
# Damage to the Forwards of a party kept off: the autopilot forms no party (an unblocked party deals 1 point
# of damage in all, 10.1.4.1, where its members alone deal 1 each), and this opponent deals no damage.
_PARTY_GUARDED = re.compile(
    r"If [^,.]+? forms a party, (?:the damage dealt to [^.,]+ becomes 0 instead|"
    r"[^.,]+ (?:doesn't|does not) receive any damage)\.",
    re.IGNORECASE,
)
# A trigger that only the opponent's acts set off (its characters, its Summons, a block; not its turn, its
# draw or the damage it receives, which happen).
_OPPONENTS_TRIGGER = re.compile(
    r"(?:When|Whenever) (?![^,]*\b(?:turn|Phase|deals damage|is dealt damage to your opponent)\b)"
    r"(?:[^,]*\b(?:opponent controls|of your opponent|(?:your|an) opponent's|your opponent’s|"
    r"by your opponent|"
    r"your opponent (?:casts|plays|discards|uses)|opponent's deck)\b|[^,]* (?:blocks|is blocked|blocks or is "
    r"blocked)(?! [^,]*attacks)|[^,]* is chosen by [^,]*opponent[^,]*)[^,]*, .+"
    r"|During [^,]+, when (?:[^,]*\bopponent controls\b|[^,]* is chosen by your opponent's\b|"
    r"your opponent (?:casts|plays|uses)\b)[^,]*, .+",
    re.IGNORECASE | re.DOTALL,
)

# A trigger on a character leaving the field, or a replacement of its leaving: in this goldfish none ever
# leaves (this opponent removes nothing, no text the autopilot plays breaks, returns or removes one of yours
# but in the decks in_deck names, and it never casts a card the field rules would put into the Break Zone,
# 7.7.3-7.7.5). "from the field" is required: a card put into the Break Zone from the hand (a discard for
# CP) happens all the time ("from your field" the same, and during any turn). Into the deck or the hand the
# same ("When Mog is put from the field into its owner's deck, draw 3 cards."). A trigger that also names
# entering or attacking ("enters the field or is put ...") is not one of these.
_LEAVES = re.compile(
    r"(?:During [^,]+, )?(?:When|Whenever|If) "
    r"(?![^,]*\b(?:enters?|attacks?|cast|uses?|discard(?:s|ed)?|receives?)\b)[^,]*? "
    r"(?:is|was|has been) put from (?:the|your) field into "
    r"(?:the Break Zone|(?:its owner's|your) (?:deck|hand))"
    r"(?: on the same turn| this turn)?"
    r"|(?:When|Whenever|If) (?![^,]*\b(?:enters?|attacks?|cast|uses?|discard(?:s|ed)?|receives?)\b)[^,]*? "
    r"leaves the field(?: due to [^,]+)?",
    re.IGNORECASE,
)
# Damage you have received: this opponent deals none, and no text the autopilot plays deals you any, so a
# condition on it ("If you have received 5 points of damage or more, ...") never holds and a trigger on it
# never fires. The condition must govern the whole ability: one sentence (quoted text aside).
_RECEIVED = re.compile(
    r"(?:(?:If|While|As long as) you have received (?:\d+ points? of damage or more|a point of damage"
    r"(?: this turn)?|damage this turn)|(?:When|Whenever) you receive (?:a|an|the)(?: \w+)? points? of damage"
    r"|(?:When|Whenever) you receive damage)(?:, |\. )"
)
# An action ability that may be used only under a condition (_NEVER_HOLDS tells those that never hold).
_USE_ONLY_IF = re.compile(
    r"You can only use this ability if (?P<condition>[^,.\"]+?)(?: and only once per turn)?\.$", re.IGNORECASE
)
# A cost reduced for each of the opponent's characters (or their Elements): by 0 here.
_COST_BY_THEIRS = re.compile(
    r"The cost required to cast [^.\"]+? is reduced by \d+ for each (?![^.]*\byou\b)[^.\"]*?"
    r"\bopponent controls\.",
    re.IGNORECASE,
)
# A cost reduced for each point of damage you have received: by 0 here, as _RECEIVED says (this opponent
# deals none, and no text the autopilot plays deals you any), whatever the card costs and when it is cast.
_COST_BY_DAMAGE = re.compile(
    r"(?:The cost (?:required )?(?:to cast|to play|for playing) [^.\"]+? is reduced by \d+ for each point of "
    r"damage you have received|For each point of damage you have received, the cost (?:required )?"
    r"(?:to cast|to play|for playing) [^.\",]+? is reduced by \d+)\.",
    re.IGNORECASE,
)
_ONE_SENTENCE_AFTER = re.compile(r'(?:[^."]|"[^"]*")*\.')
# What a Summon says about its own casting (its cost, when, with what), as a whole ability: the autopilot
# never casts a Summon (they pay for others, §11.5), so none of it is used.
_SUMMON_CASTING = (
    r"(?:(?:If|While|As long as|During this turn, if) [^.]+?, )?the cost (?:required )?to cast {own} "
    r"(?:is reduced by \d+[^.]*|is increased by \d+[^.]*|can be paid with CP of any Element[^.]*)\."
    r"|You can only cast {own} (?:during your turn|if [^.]+)\."
    r"|You can only pay with CP produced by [^.]+ to cast {own}\."
    r"|If you cast {own}, you may [^.]+ as an extra cost\."
    r"|If you cast {own}, you may pay an extra (?:《[^》]+》)+\."
    r"|You must control [^.]+ to cast {own}\."
    r"|When {own} chooses? [^,.]+, the cost required to cast {own} is reduced by \d+\."
    r"|Before paying the cost to cast {own}, you can (?:pay|remove) [^.]+ to reduce the cost required to cast"
    r" {own} by \d+\."
)
# Summons, which neither player casts here (the autopilot keeps them as fuel, §11.5; this opponent casts
# nothing): a trigger on a Summon choosing a card, and a rule that forbids casting them.
_NO_SUMMONS = re.compile(
    r"(?:When|Whenever) [^,]+? is chosen by a Summon, .+|Players cannot cast Summons\.",
    re.IGNORECASE | re.DOTALL,
)
# Crystals 《C》 pay only for abilities the autopilot never uses (special abilities, and costs such as
# "Before paying the cost to cast X, you can pay 《C》 ..."; each is reported on its own card): gaining one
# changes nothing in this goldfish.
_GAINS_CRYSTAL = re.compile(r"(?:If [^,.\"]+, )?(?:you may )?gain (?:《C》)+\.", re.IGNORECASE)
_AND_GAINS_CRYSTAL = re.compile(r"\s+Gain (?:《C》)+\.$", re.IGNORECASE)

# The moot reasons that hold only in a deck without text that takes one of your own Forwards (in_deck).
_NEVER_LEAVES = (
    "it works only when a character leaves the field, and none does here: this opponent removes nothing,"
    " and the autopilot plays no text that breaks, returns or removes its own"
)
_NEVER_TAKEN = (
    "it keeps a card of yours from being chosen, broken, dulled, returned, removed or damaged, and"
    " nothing here does so: this opponent uses no ability, and the autopilot plays no text that does"
)
# Protection against the opponent's acts alone ("cannot be chosen by your opponent's Summons or abilities"):
# moot in every deck, as the autopilot's own text is never the opponent's (not _NONE_TAKEN_HERE).
_NEVER_BY_THEM = (
    "it keeps a card of yours from what the opponent does, and this opponent casts and uses nothing"
)
_BY_THEM = re.compile(r"\bcannot [^.]*?\b(?:by|due to) [^.]*\bopponent", re.IGNORECASE)
_NEVER_DAMAGED = (
    "it works only when a Forward is dealt damage, and none is here: this opponent has none and"
    " deals none, and the autopilot plays no text that damages a Forward"
)
_DAMAGE_NEVER_CHANGED = (
    "it changes damage dealt to or by a Forward, and none is here: this opponent has no Forward and"
    " deals none, and the autopilot plays no text that damages a Forward"
)
_NONE_TAKEN_HERE = (_NEVER_LEAVES, _NEVER_TAKEN, _NEVER_DAMAGED, _DAMAGE_NEVER_CHANGED)
_CRYSTALS = "crystals 《C》 pay only for abilities the autopilot never uses (each reported on its own card)"
# The first sentence of an effect that chooses, and a choice that only the opponent's field can meet
# ("1 Forward and 1 Backup opponent controls", "1 Forward you control and 1 Forward opponent controls": each
# is needed; not "up to", nor a choice of yours alone, which may be made; not "either" nor "or", a choice
# that may be met otherwise, but "cost 3 or less" and "Job Monk or Card Name Monk" name one kind).
_FIRST_CHOICE = re.compile(r"choose ([^.\"]+)\.(?:\s|$)", re.IGNORECASE)
_OR = r"or(?! (?:less|more|Card Name|Job)\b)"
_OPPONENTS_CHOICE = re.compile(
    rf"(?:{_NUMBER} (?![^.]*\b(?:either|{_OR})\b)[^.]*?\byou control and )?"  # yours and theirs, both needed
    rf"{_NUMBER} (?![^.]*\b(?:you control|your|either|{_OR})\b)[^.]*?\bopponent controls",
    re.IGNORECASE,
)
_OPPONENTS = "it acts only on the opponent's characters or hand, and this opponent has none and plays none"
_NEVER_USED = (
    "the autopilot never {uses} it: with no opposing character, it could only remove or weaken your own"
)
_NONE_CHOSEN = (
    'its choice or its effect is optional ("up to", "you may"), and with no opposing character the'
    " autopilot takes none"
)


_OFFER = re.compile(r"select (?:up to )?\d+ of the (\d+) following actions[.:]$", re.IGNORECASE)


def split(text: str) -> list[str]:
    parts: list[str] = []
    offered = 0  # the actions of a "select 1 of the 3 following actions" still to come, one a line
    for part in split_text(get_game("fftcg").printed_text(text), _TAGS, sentences=False):
        if parts and (part.startswith('"') or offered > 0):
            parts[-1] += "\n" + part  # an action offered, quoted or not, with the line that offers it
            offered -= 1
        else:
            parts.append(part)
            offer = _OFFER.search(part)
            offered = int(offer[1]) if offer else 0
    return parts


def _without_restrictions(text: str) -> str:
    return _RESTRICTION.sub("", text).strip()


def _back_attack_cast(card: Card, policy: Mapping[str, Any]) -> bool:
    """Whether the goldfish plays the card's Back Attack (15.2.5): it has the keyword, the `back_attack`
    knob is on and the autopilot casts the card at all: a Forward, a Backup, a Monster with `cast_monsters`
    or whose played text makes it a Forward or makes CP (the goldfish casts those anyway); a Summon never."""
    if not card.has("back-attack") or not policy.get("back_attack", True) or card.type == "summon":
        return False
    if card.type != "monster" or policy.get("cast_monsters"):
        return True
    return bool(policy.get("card_effects", True)) and any(
        plays_for(card.type, e) and (e.do == "forward" or e.on_itself("dull", "resource"))
        for e in card_effects("fftcg", card)
    )


def _played_keywords(part: str, card: Card, policy: Mapping[str, Any]) -> str | None:
    """What the goldfish does with a part that is nothing but keywords it plays for the card, or None; First
    Strike may stand among them ("Haste First Strike Brave"): it matters only in a battle (moot)."""
    simulated = _SIMULATED_KEYWORDS & set(card.keywords)
    if _back_attack_cast(card, policy):
        simulated |= {"back attack"}
    if keywords_only(part, _BATTLE_KEYWORDS) or not keywords_only(part, simulated | _BATTLE_KEYWORDS):
        return None
    whys = []
    if "back attack" in part.lower():
        whys.append("the autopilot casts it in the opponent's turn too, with what your turn left")
    if not keywords_only(part, simulated):
        whys.append(_BATTLE_ONLY)
    return "; ".join(whys)


def classify(part: str, card: Card, policy: Mapping[str, Any]) -> tuple[Status, str]:
    if (keywords := _played_keywords(part, card, policy)) is not None:
        return PLAYED, keywords  # keywords the card carries
    if (what := played_part("fftcg", part, card, partial(plays_for, card.type), policy)) is not None:
        return PLAYED, what + _others_not_selected(part, card)
    if "," in card.name and card.name in part:
        # "When Mog, Lord of Kupo enters the field, ...": a trigger or a condition is read up to its comma, so
        # a name that holds one is read without it (and written back in the reason).
        name = card.name.replace(",", "")
        plain = replace(card, name=name, text=card.text and card.text.replace(card.name, name))
        status, why = _not_played(part.replace(card.name, plain.name), plain)
        return status, why.replace(plain.name, card.name)
    return _not_played(part, card)


def _reduced_by_nothing(part: str) -> str | None:
    """Why a cost reduction counted from what this opponent never has is moot, or None for another part."""
    if _COST_BY_THEIRS.fullmatch(part):
        return "its cost is reduced for what the opponent controls, and this opponent controls nothing"
    if _COST_BY_DAMAGE.fullmatch(part):
        return "its cost is reduced for damage you have received, and this opponent deals none"
    return None


def _never_happens(ability: str) -> str | None:
    """Why an ability that works only on what never happens here is moot (the opponent's acts, a Summon
    cast, a party formed), or None for another ability."""
    if _NO_SUMMONS.fullmatch(ability):
        return "it is about Summons being cast, and neither player casts one here"
    if _PARTY_GUARDED.fullmatch(ability):
        return (
            "it keeps damage off the Forwards of a party, and the autopilot forms none (10.1.4.1: an"
            " unblocked party deals 1 point of damage in all) and this opponent deals no damage"
        )
    if _OPPONENTS_TRIGGER.fullmatch(ability):
        return "it triggers only on what the opponent does, and this opponent only draws"
    return None


def _not_played(part: str, card: Card) -> tuple[Status, str]:
    """A part the goldfish does not play as effects: moot (with the reason) or unplayed."""
    if part == "EX BURST":
        return (
            MOOT,
            "an EX Burst is used only when the opponent deals you damage, and this opponent never does",
        )
    if _LIMIT_BREAK.fullmatch(part):
        return PLAYED, ""
    if _MULTI_ELEMENT.fullmatch(part) and len(card.colors) > 1:
        return PLAYED, "the autopilot pays its cost with CP of each of its elements (11.4.6.2)"
    if keywords_only(part, _BATTLE_KEYWORDS):
        return MOOT, _BATTLE_ONLY
    if _DECK_RULE.fullmatch(part):
        return MOOT, DECK_RULE
    if _DAMAGE_CONDITION.fullmatch(part):
        return MOOT, "it works only once you have received that much damage, and this opponent deals none"
    if (use := _USE_ONLY_IF.search(part)) and _NEVER_HOLDS.fullmatch(f"If {use['condition']}, it works."):
        return MOOT, "it may be used only under a condition that never holds here: " + _NEVER_HOLDS_WHY
    if (reduced_by := _reduced_by_nothing(part)) is not None:
        return MOOT, reduced_by
    ability = _without_restrictions(part)
    if _PROTECTION.fullmatch(ability):
        return MOOT, _NEVER_BY_THEM if _only_against_theirs(ability) else _NEVER_TAKEN
    if _BLOCKS.fullmatch(ability):
        return MOOT, "it is about blocks, and this opponent never attacks and has no Forward to block"
    if _SUMMONS_COST.fullmatch(ability):
        return (
            MOOT,
            "it changes what Summons cost, and the autopilot never casts a Summon (they pay for others)",
        )
    if _MUST_ATTACK.fullmatch(ability):
        return PLAYED, "the autopilot attacks with every Forward that may"
    if (never := _never_happens(ability)) is not None:
        return MOOT, never
    if (leaves := _LEAVES.match(ability)) and ability[leaves.end() :].startswith(", "):
        return MOOT, _NEVER_LEAVES
    if (received := _RECEIVED.match(ability)) and (
        received[0].startswith(("When", "Whenever"))
        or _ONE_SENTENCE_AFTER.fullmatch(ability[received.end() :])
    ):
        return MOOT, "it depends on damage you receive, and this opponent deals none"
    conditioned = auto["effect"] if (auto := _AUTO.fullmatch(ability)) else ability  # after its trigger too
    if (controls := _OPPONENT_CONTROLS.match(conditioned)) and _ONE_SENTENCE_AFTER.fullmatch(
        conditioned[controls.end() :]
    ):
        return (
            MOOT,
            "its condition needs the opponent to control a character, and this opponent controls none",
        )
    if (damage := _FORWARD_DAMAGE.match(ability)) and (
        damage["when"].lower() != "if" or _ONE_SENTENCE_AFTER.fullmatch(ability[damage.end() :])
    ):
        return MOOT, _NEVER_DAMAGED
    if card.type == "summon" and _summon_casting(card.name).fullmatch(ability):
        return (
            MOOT,
            "it is about casting this Summon, and the autopilot never casts one (they pay for others)",
        )
    if "\n" in ability:
        return _moot_choices(ability, card)
    return _moot_effect(ability, card)


def _must_choose_opponents(effect: str) -> bool:
    """Whether an effect starts by choosing, not "up to", only what the opponent controls: a Summon,
    an action, special or auto-ability with no legal choice cannot be used at all, the rest of its effect
    with it (11.3.3, 11.6.5, 11.7.5, 11.8.9)."""
    first = _FIRST_CHOICE.match(effect)
    return first is not None and _OPPONENTS_CHOICE.fullmatch(first[1]) is not None


@lru_cache(maxsize=4096)
def _activates_itself(name: str) -> re.Pattern[str]:
    return re.compile(_ACTIVATES_ITSELF.format(own=re.escape(name), gains=_GAINS_POWER), re.IGNORECASE)


@lru_cache(maxsize=4096)
def _summon_casting(name: str) -> re.Pattern[str]:
    return re.compile(_SUMMON_CASTING.format(own=re.escape(name)), re.IGNORECASE)


def _makes_cp(card: Card) -> bool:
    """Whether the card's text (or its effects set by hand) makes CP by dulling it: its Brave is played."""
    effects = (
        card.effects if card.effects is not None else read_text("fftcg", card.text or "", card.name).effects
    )
    return any(e.when == "dull" and e.do == "resource" for e in effects)


# The line that offers the actions: "select 1 of the 3 following actions:", "select up to 2 of the 4
# ...", "select 1 from the following:", maybe with more under a condition, "up to": "If Mog was cast,
# select up to 3 of the 3 following actions instead:" leaves the autopilot free to select as before. Not a
# condition that makes it select more ("select 2 of the 2 following actions instead"), nor "your opponent
# selects", nor a number the game decides ("up to the same number of ... as").
_OFFERED = r"(?:of the (?:\d+ following|following \d+|following) (?:actions|abilities)|from the following)"
_OFFERS = re.compile(
    rf"(?P<ability>.*?)\s*select (?P<upto>up to )?(?P<n>\d+) {_OFFERED}"
    rf"(?:\. If [^.]+?, select up to \d+ {_OFFERED} instead)?[.:]",
    re.IGNORECASE,
)


def offered_actions(ability: str) -> tuple[str, int, bool, list[str]] | None:
    """A "select" ability cut into what comes before the offer (its trigger or cost), how many actions it
    selects, whether "up to", and the actions offered (their quotes off); None for any other part."""
    head, *choices = ability.split("\n")
    offer = _OFFERS.fullmatch(head)
    if offer is None or not choices:
        return None
    actions = [choice.strip().strip('"“”').strip() for choice in choices]
    return offer["ability"], int(offer["n"]), offer["upto"] is not None, actions


def never_selected(action: str, card: Card) -> str | None:
    """Why the autopilot never selects an offered action, judged as used at will: it is moot, or it could
    only remove or weaken your own (engine/readers/fftcg.py reads a "select" whose other actions are
    these, for a card of no known type); None when it might."""
    if (sacrifice := _SACRIFICED_FOR.fullmatch(action)) and sacrifice["own"].lower() == card.name.lower():
        bought = never_selected(sacrifice["effect"], card)
        return None if bought is None else f"{_SACRIFICED}: {bought}"
    if _OWN_CHOSEN.fullmatch(action):
        return "it chooses a character you control only to remove or weaken it"
    if _EACH_DISCARDS.fullmatch(action):
        return "it only costs you a card: the opponent's discard changes nothing here"
    status, why = _moot_effect(action, card, offered=True)
    return why if status == MOOT else None


# An offered action that puts the card itself into the Break Zone for an effect ("Put Mog into the Break
# Zone. When you do so, choose 1 Forward. Break it."): a card of yours lost, for what the autopilot would
# never select alone (moot, or harm to your own) is never selected either.
_SACRIFICED_FOR = re.compile(
    r"Put (?P<own>.+?) into the Break Zone\. When you do so, (?P<effect>.+)", re.IGNORECASE
)
# An offered action that chooses (or selects, which no "cannot be chosen" stops) a character of yours only to
# remove or weaken it ("Choose 1 Character you control. Return it to its owner's hand.", "Select 1 Character
# you control. Break it."): never selected.
_OWN_CHOSEN = re.compile(
    rf"(?:choose|select) (?:up to )?{_NUMBER} [^.]*?{_CHARACTERS}\b[^.]*?\byou control\.(?: {_ON_CHOSEN})+",
    re.IGNORECASE,
)
# An offered action that makes each player discard: it only costs you a card, the opponent's discard changing
# nothing here (it never casts); the reader selects it never either (engine/readers/fftcg.py
# `selected_action`).
_EACH_DISCARDS = re.compile(
    r"Each player discards (?:\d+|a) cards? from (?:his/her|their) hand\.", re.IGNORECASE
)
_SACRIFICED = "it puts the card itself into the Break Zone, a card of yours lost, for what it never selects"


def _others_not_selected(part: str, card: Card) -> str:
    """For a "select" read as the actions the autopilot selects (engine/readers/fftcg.py), why it selects
    none of the others; "" for any other part."""
    offered = offered_actions(part)
    if offered is None or card.effects is not None:
        return ""
    head, _, _, actions = offered
    whys = [
        never_selected(action, card) for action in actions if selected_action(head, action, card.name) is None
    ]
    reasons = "; ".join(dict.fromkeys(w for w in whys if w))
    return (
        f"; the autopilot selects what it plays, never the other actions offered: {reasons}"
        if reasons
        else ""
    )


# The actions the opponent selects among ("your opponent selects 2 of the 4 following actions:"): whichever
# it selects happens, so the ability is moot only when every action offered is.
_THEY_SELECT_OFFER = re.compile(
    r".*?\byour opponent selects (?:up to )?\d+ of the \d+ following actions[.:]", re.IGNORECASE
)


def _they_select(ability: str, card: Card) -> tuple[Status, str]:
    """An offer the opponent selects from: moot when every action offered, judged alone, is moot."""
    head, *choices = ability.split("\n")
    if not choices or _THEY_SELECT_OFFER.fullmatch(head) is None:
        return UNPLAYED, ""
    judged = [_moot_effect(choice.strip().strip('"“”').strip(), card) for choice in choices]
    if any(status != MOOT for status, _ in judged):
        return UNPLAYED, ""
    return MOOT, "the opponent selects, and every action offered is moot: " + "; ".join(
        dict.fromkeys(why for _, why in judged)
    )


def _moot_choices(ability: str, card: Card) -> tuple[Status, str]:
    """ "select 1 of the 3 following actions:" and the actions offered: moot when the autopilot may select
    only moot actions (as many as it must: all of them but for "up to", which selects 1 at least here) and
    never selects the others, which could only remove or weaken your own."""
    offered = offered_actions(ability)
    if offered is None:
        return _they_select(ability, card)
    head, n, upto, actions = offered
    moot, never = [], []
    for action in actions:
        status, why = _moot_effect(f"{head} {action}".strip(), card)
        if status == MOOT:
            moot.append(why)
            continue
        if (not_selected := never_selected(action, card)) is None:
            return UNPLAYED, ""
        never.append(not_selected)
    if len(moot) < (1 if upto else n):
        return UNPLAYED, ""
    why = "; ".join(dict.fromkeys(moot))
    if never:
        why += f"; the autopilot selects none of the others: {'; '.join(dict.fromkeys(never))}"
    return MOOT, why


def _moot_effect(ability: str, card: Card, offered: bool = False) -> tuple[Status, str]:
    """An ability that removes or weakens characters: moot when it acts only on the opponent's, or when
    the autopilot is never made to use it on its own. With `offered`, the ability is one action a
    "select" offers, judged as used at will: moot when the autopilot would never select it."""
    if (crystal := _AND_GAINS_CRYSTAL.search(ability)) and ability[: crystal.start()].rstrip()[-1:] == ".":
        status, why = _moot_effect(ability[: crystal.start()], card, offered)  # "Break it. Gain 《C》."
        return (MOOT, f"{why}; {_CRYSTALS}") if status == MOOT else (UNPLAYED, "")
    action = (
        _ACTION.fullmatch(ability)
        or _SPECIAL_WITHOUT_COLON.fullmatch(ability)
        or _SPECIAL_NAMED.fullmatch(ability)
    )
    auto = None if action else _AUTO.fullmatch(ability)
    effect = action["effect"] if action else auto["effect"] if auto else ability
    effect = effect.strip()
    # used at will: an action or special ability (never used but "《Dull》: Produce"), a Summon (never cast,
    # §11.5), an action a "select" offers
    at_will = action is not None or (card.type == "summon" and not auto) or offered
    uses = "casts" if card.type == "summon" and not auto and not offered else "uses"
    if _GAINS_CRYSTAL.fullmatch(effect):
        return MOOT, _CRYSTALS
    if (
        _ACTIVATES_FORWARDS.fullmatch(effect)
        or _ACTIVATES_ALL_FORWARDS.fullmatch(effect)
        or (card.type == "forward" and _activates_itself(card.name).fullmatch(effect))
    ):
        return MOOT, _STOOD_UP
    if _FROM_DAMAGE_ZONE.fullmatch(effect):
        return MOOT, (
            "your Damage Zone stays empty: this opponent deals no damage, and no text played deals you any"
        )
    if re.fullmatch(_PLACES_COUNTERS.format(own=re.escape(card.name)), effect, re.IGNORECASE):
        return MOOT, "counters matter only to text that reads them, and the autopilot plays none that does"
    if at_will and _CANCELS.fullmatch(effect):
        return MOOT, "it cancels a Summon or an ability, and this opponent casts and uses none"
    if _POWER_ONLY.fullmatch(effect) or _POWER_ONLY.fullmatch(ability):
        if re.search(r"\bBrave\b", ability) and _makes_cp(card):
            return UNPLAYED, ""  # its Brave lets it attack and still be dulled for CP
        return MOOT, (
            "power, First Strike and Brave matter only when Forwards block or battle (Brave also to dull an"
            " attacker for a cost, which the autopilot never pays), and this opponent has no Forward"
        )
    if _DAMAGE_REDUCED.fullmatch(effect) or _PROTECTION.fullmatch(effect):
        return MOOT, "it guards against damage or abilities, and this opponent deals none and uses none"
    if _OPPONENTS_ONLY.fullmatch(effect):
        return MOOT, _OPPONENTS
    if (before := _BEFORE_OPPONENTS.fullmatch(effect)) and _OPPONENTS_ONLY.fullmatch(before["effect"]):
        return MOOT, f"{_OPPONENTS}; the cost or condition before it changes nothing"
    if _CHOSEN_BLOCKS.fullmatch(effect) or (before and _CHOSEN_BLOCKS.fullmatch(before["effect"])):
        return MOOT, (
            "it keeps a Forward from blocking or makes it block, and none blocks here: this opponent never"
            " attacks and has no Forward"
        )
    if _must_choose_opponents(effect):
        return MOOT, (
            "it must first choose what the opponent controls, and with nothing to choose the whole ability"
            " cannot be used (11.3.3, 11.6.5, 11.7.5, 11.8.9)"
        )
    if at_will and _ON_ANY_CHOSEN.fullmatch(effect):
        return MOOT, _NEVER_USED.format(uses=uses)  # a Summon is never cast: it is fuel (§11.5)
    if auto and _ON_ANY_CHOSEN_OPTIONAL.fullmatch(effect):
        return MOOT, _NONE_CHOSEN
    if _ON_DAMAGED.fullmatch(effect):
        return MOOT, "it chooses a damaged Forward, and only the opponent's acts damage Forwards"
    if (own := _own_choice(ability, effect, at_will, uses, card)) is not None:
        return own
    if paid := _MAY_PAY_FOR.fullmatch(effect):  # what a cost the card may pay buys is used at will too
        at_will, effect, uses = True, paid["effect"], "pays for"
    elif at_will and (paid := _DISCARDS_FOR.fullmatch(effect)):  # a cost inside an effect used at will
        effect = paid["effect"]
    return _moot_sentence_by_sentence(effect, card, at_will, uses)


# ---- Choices the opponent's empty field leaves to your own characters (issue 32) ----
#
# A "choose" with no opposing character takes one of yours or none: an auto-ability must choose when a
# legal choice exists and is removed only when none does (11.8.4, 11.8.9; "up to" may choose none), and
# 「自身を選ぶことはできない」 there is the ability itself, not its card (the cards print "other than X" when
# they mean the card). So, beyond the rules of _moot_effect:
# * an ability the autopilot uses at will (a Summon, never cast; an action or special ability, never used
#   but "《Dull》: Produce", §11.5) whose effect removes or weakens the chosen character and then only
#   keeps the card dull or changes nothing here (it gains power): with no opposing character nobody would
#   use it;
# * an effect on the chosen character that needs a cost the card "may" pay (before the choice: "you may
#   pay 《Fire》. When you do so, choose 1 Forward. Break it."; or after it: "choose 1 Forward. You may pay
#   《1》. If you do so, dull it."): the autopilot pays none, and paying could only hurt its own;
# * a Forward's own mandatory trigger that may choose the Forward itself, where that choice costs nothing:
#   damage and power lost below its power, which break nothing (12.4.4, 12.4.5) and end with the turn
#   (9.5.1.3), twice over when it triggers both on entering and on attacking (with Haste both may come in
#   one turn); or "dull it" when it attacks, when it is already dull (10.1.2) or has Brave (15.2.1.2:
#   active only to block, and the autopilot dulls no Forward for a cost unless its text makes CP);
# * whichever Forward is chosen, yours too: its power set above 0 for the turn, or "dull it or activate
#   it" (activated, as the player may pick, it changes nothing);
# * a choice for removal on a party attack, which the autopilot never makes (_PARTY);
# * damage dealt to or by the chosen character's Forward changed for the turn: none is dealt here;
# * the chosen Forward made unblockable or made to attack: none blocks, and every Forward attacks.
_MAY_COST = (
    r"(?:pay (?:《[^》]+》)+|discard (?:\d+|a) [^.]*?|"
    r"dull (?:\d+|any number of) active [^.]*?|remove (?:\d+|a) [^.]*? Counters? from [^.]*?|"
    r"put (?:\d+|a) [^.]*? into the Break Zone|receive (?:1|a) point of damage)"
)
# What else a never-used ability does after removing or weakening the chosen character: it keeps the card
# dull or changes nothing here ("{own} gains +4000 power": power, module doc; "Activate {own}": a Forward
# attacks once a turn). Not damage to you nor a discard, which an EX Burst, a "Damage 3" ability or a
# count of the Break Zone might want.
_AND_HURTS_YOU = (
    r"(?:{own} will not activate during your next Active Phase\.|This damage cannot be reduced\.|"
    r"{own} gains \+\d+ power until the end of the turn\.|Activate {own}\.)"
)
# Harm beyond _ON_CHOSEN: damage dealt to the chosen and to the card itself, or divided among the chosen;
# abilities lost before a break (alone, losing them may help a Forward of yours that "cannot attack"); the
# top card of your deck removed, or the opponent's revealed, to size the harm; harm delayed to the end of
# the turn or the next turn.
_HURTS_CHOSEN = (
    rf"(?:{_ON_CHOSEN}|Deal (?:it|them) and {{own}} \d+ damage\.|"
    r"(?:It|They) loses? all (?:its |their )?abilities until the end of the turn\. Break (?:it|them)\.|"
    r"Divide \d+ damage among them (?:as you like|equally)\.(?: \(Units? must be 1000\.\))?|"
    rf"Remove the top card of your deck from the game\. (?:{_ON_CHOSEN}|"
    rf"If the removed card is an? [^,.]+, {_ON_CHOSEN} If not, {_ON_CHOSEN})|"
    # the opponent's top card revealed (it stays there) to size the damage
    r"Your opponent reveals the top card of (?:his/her|their) deck\. If the revealed card's cost is \d+ or"
    r" less, deal it \d+ damage\. If the revealed card's cost is \d+ or more, deal it \d+ damage\.|"
    r"(?:At the end of this turn|At the beginning of your next Main Phase 1), if "
    r"(?:you control {own}|{own} is on your field), (?:break it|deal it \d+ damage)\.)"
)
# A chosen Forward's power set, for a while, to a number above 0: it breaks nothing (12.4.4), and power
# matters only in battles (module doc), whichever Forward is chosen.
_POWER_SET = re.compile(
    rf"(?:you may )?choose (?:up to )?{_NUMBER} (?![^.]*\b(?:Backups?|Monsters?)\b)[^.]*?"
    r"\b(?:Forwards?|Characters?)\b[^.]*\. (?:Until the end of the turn, )?(?:its|their) power becomes "
    r"[1-9]\d* until the end of the turn\.",
    re.IGNORECASE,
)
_SELF_TRIGGER = r"When {own} (?P<when>enters the field or attacks|enters the field|attacks), "
# One character chosen, which may be this Forward itself.
_CHOOSES_ONE = r"choose 1 (?:Forward|Character)(?: or Monster)?\. "
# (with power gained by the Forward itself, which the damage then counts as lost too: "and {own} gains +1000
# power")
_SELF_DAMAGE = (
    r"(?:If [^,.\"]+, )?deal it \d+ damage(?: and {own} gains \+\d+ power(?: until the end of the turn)?)?"
    r"(?: instead)?\."
)
_SELF_LOSS = (
    r"(?:If [^,.\"]+, )?(?:Until the end of the turn, )?it loses \d+ power(?: until the end of the"
    r" turn)?(?: instead)?\."
)


# Forwards chosen to be dulled or activated, as the player picks: activated, a Forward changes nothing
# (it attacks once a turn however often it stands up, _ACTIVATES_FORWARDS), whoever's it is.
_DULL_OR_ACTIVATE = re.compile(
    rf"(?:you may )?choose (?:up to )?{_NUMBER} (?![^.]*\b(?:Backups?|Characters?|Monsters?)\b)[^.]*?"
    r"\bForwards?\b[^.]*\. Dull (?:it|them) or activate (?:it|them)\.",
    re.IGNORECASE,
)


# A trigger on a party attack whose choice could only take one of yours to remove or weaken it: the
# autopilot never forms a party, which gains nothing here (an unblocked party deals 1 point of damage in
# all, 10.1.4.1, where its members alone would deal 1 each); the card's own party or one of some of your
# Forwards ("When 2 or more Category VI Forwards you control form a party and attack, ...").
_PARTY = (
    rf"When (?:{{own}} forms|\d+ or more [^,]+? you control form) a party(?: with [^,]+)? and attacks?, "
    rf"{_CHOOSES_ANY}(?: {_ON_CHOSEN})+"
)
# Damage to or by a chosen character's Forward changed for the turn: no Forward is dealt damage here
# (_FORWARD_DAMAGE), whichever character is chosen.
_CHOSEN_DAMAGE_CHANGED = re.compile(
    rf"(?:you may )?choose (?:up to )?{_NUMBER} [^.]+\. (?:During this turn, )?"
    r"(?:If (?:it|they) deals? damage to an? Forward(?: opponent controls)? this turn, "
    r"(?:the damage increases by \d+|increase the damage by \d+) instead|"
    r"the next damage (?:it|they) deals? to an? Forward becomes (?:double the damage|0) instead|"
    r"the damage dealt to (?:it|them) is increased by \d+ instead|"
    r"if (?:it|they) (?:is|are) dealt damage, double the damage instead)\.",
    re.IGNORECASE,
)
# A chosen Forward made unblockable, or blockable only by some: this opponent never blocks (10.1.3); or made
# to attack, which the autopilot does with every Forward that may (§11.5).
_CHOSEN_UNBLOCKED = re.compile(
    rf"(?:you may )?choose (?:up to )?{_NUMBER} [^.]+\. (?:If [^,.]+, )?(?:(?:it|they) cannot be blocked"
    r"(?: by [^.]+?)?|(?:it|they) can only be blocked by [^.]+?|(?:it|they) must attack)(?: this turn)?"
    r"(?: if possible)?\.",
    re.IGNORECASE,
)
# The opponent's Summons and abilities made to choose this card: it casts and uses none ("opponen": sic).
_OPPONENT_MUST_CHOOSE = r"Summons and abilities of your opponen(?:t|t's)? must choose {own} if possible\."


@lru_cache(maxsize=4096)
def _own_choice_patterns(own: str) -> tuple[re.Pattern[str], ...]:
    never_used = (
        rf"{_CHOOSES_ANY}(?: {_HURTS_CHOSEN})+(?: {_AND_HURTS_YOU})*|"
        # "You may discard 1 Card Name Ifrit from your hand. If you do so, deal it 10000 damage. If not, deal
        # it 5000 damage.": removal either way
        rf"{_CHOOSES_ANY} You may {_MAY_COST}\. If you do so, {_ON_CHOSEN} If not, {_ON_CHOSEN}"
    ).replace("{own}", own)
    may_pay = (
        rf"you may (?:{_MAY_COST}|put {{own}} into the Break Zone)\. When you do so,? {_CHOOSES_ANY}"
        rf"(?: {_ON_CHOSEN})+|{_CHOOSES_ANY} You may {_MAY_COST}\. If you do so, {_ON_CHOSEN}"
    ).replace("{own}", own)
    itself = (
        _SELF_TRIGGER.replace("{own}", own)
        + _CHOOSES_ONE
        + rf"(?P<effects>(?:{_SELF_DAMAGE}|{_SELF_LOSS}|Dull it\.)(?: (?:{_SELF_DAMAGE}|{_SELF_LOSS}))*)"
    ).replace("{own}", own)
    return (
        re.compile(never_used, re.IGNORECASE),
        re.compile(may_pay, re.IGNORECASE),
        re.compile(itself, re.IGNORECASE),
        re.compile(_PARTY.replace("{own}", own), re.IGNORECASE),
        re.compile(_OPPONENT_MUST_CHOOSE.replace("{own}", own), re.IGNORECASE),
    )


def _own_choice(ability: str, effect: str, at_will: bool, uses: str, card: Card) -> tuple[Status, str] | None:
    """Moot when the character a choice must take, with no opposing one, is yours and the choice is
    never made or costs nothing (the block comment above); None when that is not shown."""
    never_used, may_pay, itself, party, must_choose = _own_choice_patterns(re.escape(card.name))
    if party.fullmatch(ability):
        return MOOT, (
            "it triggers on a party attack, which the autopilot never makes (an unblocked party deals 1 point"
            " of damage in all, 10.1.4.1), and its choice could only remove or weaken your own"
        )
    if must_choose.fullmatch(ability):
        return MOOT, "it steers the opponent's Summons and abilities, and this opponent casts and uses none"
    if at_will and never_used.fullmatch(effect):
        return MOOT, (
            f"the autopilot never {uses} it: with no opposing character, it could"
            " only remove or weaken your own, and the rest of it changes nothing here"
        )
    if may_pay.fullmatch(effect):
        return MOOT, (
            "its cost is one the card may pay, and the autopilot pays none: with no opposing character, the"
            " effect it buys could only remove or weaken your own"
        )
    if _CHOSEN_UNBLOCKED.fullmatch(effect):
        return MOOT, (
            "it is about blocking the chosen Forward or making it attack: this opponent never blocks, and the"
            " autopilot attacks with every Forward that may"
        )
    if _CHOSEN_DAMAGE_CHANGED.fullmatch(effect):
        return MOOT, _DAMAGE_NEVER_CHANGED
    if _POWER_SET.fullmatch(effect):
        return MOOT, (
            "the chosen Forward's power is set above 0 for the turn, which breaks nothing (12.4.4), and power"
            " matters only when Forwards battle"
        )
    if _DULL_OR_ACTIVATE.fullmatch(effect):
        return MOOT, (
            "the chosen Forward may be activated instead of dulled, which changes nothing: a Forward attacks"
            " once a turn however often it stands up"
        )
    if card.type == "forward" and (chosen := itself.fullmatch(ability)):
        return _itself_for_free(chosen["when"], chosen["effects"], card)
    return None


def _itself_for_free(when: str, effects: str, card: Card) -> tuple[Status, str] | None:
    """A Forward's own trigger that chooses 1 Forward or Character: moot when choosing the Forward itself
    costs nothing (damage and power lost, all of them counted, below its power, twice over when it
    triggers on entering and on attacking; "dull it" when it attacks, already dull or with Brave)."""
    if re.search(r"\bDull it\.", effects, re.IGNORECASE):
        if when != "attacks" or effects.lower() != "dull it.":
            return None
        if card.has("brave") and _makes_cp(card):
            return None  # its Brave keeps it active to be dulled for CP
        return MOOT, (
            "its choice must be made (11.8.9), and with no opposing character the autopilot chooses"
            f" {card.name} itself, which attacking has dulled (10.1.2) or, with Brave, stays active only to"
            " block (15.2.1.2), which it never does"
        )
    if card.power is None:
        return None
    lost = sum(
        int(n) for n in re.findall(r"(?<!\+)\b(\d+) (?:damage|power)", effects)
    )  # not "+1000 power" gained
    times = 2 if when == "enters the field or attacks" else 1
    if lost * times >= card.power:
        return None
    return MOOT, (
        f"its choice must be made (11.8.9), and with no opposing character the autopilot chooses {card.name}"
        f" itself: {lost * times} damage and power lost at most, below its {card.power} power, break nothing"
        " (12.4.4, 12.4.5) and end with the turn (9.5.1.3)"
    )


# The opponent's side, sentence by sentence (issue 32 item 4): an effect is moot when each of its sentences
# is, whatever their mix: one that acts only on the opponent's characters or hand, one whose condition never
# holds against this opponent, one that only gives power, First Strike, Brave or abilities that are moot
# themselves, or one of the protections above. It may first choose characters, yours or any: choosing alone
# does nothing. A sentence that names anything else of yours, a draw, a deck, damage to a player or Haste is
# none of these.
_SENTENCE = re.compile(r'(?:[^."“]|"[^"]*"?|“[^”]*”?)+(?:\.|$)')
_QUOTED = re.compile(r'"[^"]*"|“[^”]*”|‘[^’]*’')
# A special ability whose name holds a colon ("Spellblade: Fira 《S》《Fire》: ..."), which _ACTION leaves.
_NAMED_COST = re.compile(r"[^.\"]*?《[^》]+》[^.\"]*?:\s*")
# What a sentence may say before its effect, as any effect of its kind may.
_LEAD = (
    r"(?:(?:If [^,\"]+|Until the end of (?:the|this|your opponent's) turn"
    r"|During (?:this|your opponent's) turn|At the end of (?:this|your opponent's) turn|Then"
    r"|For (?:each|every) [^,\"]+"
    r"|Each time [^,\"]+|As long as [^,\"]+ is on the field), )*"
)
# The opponent's characters, named by what they are ("all the Forwards of cost 3 or less opponent controls
# with a Doom Counter on them", "Opposing Forwards").
_THEIRS = (
    r"(?:(?:all )?(?:the )?(?:(?!(?:if|when|deals?|is|are|it|they|choose|select)\b)[\w'-]+ ){0,4}"
    r"(?:Forwards?|Characters?|Backups?|Monsters?)(?: (?:of|with|other than) [^.\"]*?)? (?:your )?opponent"
    r" controls\b|(?:all )?(?:the )?opponent's (?:Forwards|Characters|Backups|Monsters)\b|"
    r"Opposing (?:Forwards|Characters|Backups|Monsters)\b)"
)
_TO_THEIRS = re.compile(
    rf"{_LEAD}(?:"
    # what you do to them
    r"(?:deal [^.\"]*?damage[^.\"]*? to|deal(?: each)?|divide [^.\"]+ among|dull and freeze|dull|break|"
    rf"freeze|activate|return|remove|place \d+ [\w' -]+ Counters? on) {_THEIRS}[^.\"]*|"
    # what they do, get or lose
    rf"{_THEIRS}(?:[^.\"]|\"[^\"]*\")*?|"
    # the opponent's hand: it plays nothing from it
    r"your opponent (?:randomly )?(?:discards|reveals|shows|removes \d+ cards? in (?:his/her|their) hand)"
    r"[^.\"]*|"
    r"(?:you )?select (?:up to )?\d+ [^.\"]*?(?:in (?:his/her|their) hand|among them)[^.\"]*|"
    r"your opponent (?:discards|removes) (?:this|these) cards?[^.\"]*|"
    r"your opponent selects (?:\d+|a|an) [^.\"]*? (?:he/she|they|he|she) controls? and (?:dulls|breaks) it"
    r")(?:\.|(?<=\"))",  # a quoted ability's own period may end the sentence
    re.IGNORECASE,
)
# Words a sentence on the opponent's side never holds: your own cards and zones (but "for each ... you
# control" only counts), a chosen "it" or "them", draws, decks, damage to a player, costs, the count of the
# opponent's hand (which holds cards), its choices and gains, and what one of yours does besides.
_COUNTS_YOURS = re.compile(
    r"\b(?:for (?:each|every)|as many (?:(?!opponent controls)[^.\"])*? as(?: the)?|equal to the number of|"
    r"as the)\b[^.\",]*? you control\b|\byou select \d+ cards? for your opponent to discard\b|\bamong them\b|"
    # the character of its own it selected
    r"\b(?:(?:he/she|they|he|she) controls? )?and (?:dulls|breaks) it\b|"
    # "for each card you have cast this turn", "as the Characters put into the Break Zone from your field
    # this turn": a count of yours, which sizes the effect on their side
    r"\bfor (?:each|every) [^.\",]*? (?:in your Break Zone|you have cast this turn)\b|"
    r"\bas the [^.\",]*? from your field (?:during )?this turn\b|"
    r"\bwith (?:a|an|\d+(?: or more)?) [\w' -]+? Counters? (?:placed )?on them\b|"  # their counters
    # what their characters lose, Haste among it
    r"\bloses? (?:Haste|First Strike|Brave)(?:(?:,| and|, and) (?:Haste|First Strike|Brave))*",
    re.IGNORECASE,
)
# What a sentence on the opponent's side never says (and a chosen "it" or "them", _NOT_THEIRS).
_THEIRS_NEVER_SAY = (
    r"\b(?:you|your)\b(?! opponent)|\bdraws?\b|\bdecks?\b|\bsearch|\bHaste\b|"
    r"points? of damage|loses? the game|control of|\bcost (?:required|to|for)\b|\bthe cost\b|for each card|"
    r"\bcards? in (?:his/her|their) hand\b(?=[^.]*\bnumber\b)|your opponent (?:may|gains|draws|plays|puts)\b|"
    r"(?<!cannot )\b(?:plays?|cast)\b|\band [A-Z][\w' ]*? (?:gains?|can|deals?|becomes?)\b"
)
_NOT_THEIRS = re.compile(rf"\b(?:it|them|they)\b|{_THEIRS_NEVER_SAY}", re.IGNORECASE)
# What the opponent pays or may do: it casts, plays and uses nothing.
_THEIR_ACTS = re.compile(
    r"(?:During this turn, )?(?:The cost required for your opponent to (?:cast|play) [^.\"]*|your opponent"
    r" cannot (?:cast|play|use) [^.\"]*|"
    # what follows the opponent's Summons or abilities: "if a Character enters the field by your opponent's
    # Summons or abilities, remove it from the game instead"
    r"if [^,\"]+? (?:by|due to) your opponent's Summons or abilities, [^.\"]*|"
    # its phases skipped: it does nothing in them
    r"Skip your opponent's (?:Main Phase 1 and Main Phase 2|Main Phase 1|Main Phase 2|Attack Phase)"
    r" in (?:their|his/her) next turn)\.",
    re.IGNORECASE,
)
# Damage dealt to a Forward, changed, and the Forward that blocks: only the opponent's Forwards could be
# dealt damage or block here (yours never block, and no text the autopilot plays damages one), and it has
# none.
_THEIR_DAMAGE = re.compile(
    r"(?:During this turn, )?if [^,\"]+? deals damage to a Forward"
    r"(?: opponent controls)?(?: this turn)?, [^.\"]*\.|"
    r"(?:During this turn, )?if a Forward opponent controls is dealt damage, [^.\"]*\.|"
    r"Break the Forward that blocks [^.,\"]+\.|"
    r"This damage cannot be reduced\.",  # beside damage that is moot: nothing of yours reduces it
    re.IGNORECASE,
)
# What a chosen character of the opponent's gets, in the sentences after the choice: it has none.
# (What follows its verb says nothing of yours, no draw, no Haste: "Deal it 7000 damage and draw 1 card." is
# no such sentence.) The chosen are "it", "them", "1 of them", "the first Forward", "the other".
_TO_CHOSEN_THEIRS = re.compile(
    rf"(?P<verb>{_LEAD}(?:(?:deal(?: each of)?|dull|break|freeze|activate|return|remove|put|"
    r"place \d+ [\w' -]+ Counters? on|you gain control of) (?:it|them|\d+ of them|the (?:first|other|former|"
    r"latter)(?: Forwards?)?)\b|(?:it|they) (?:loses?|gains?|cannot|must)\b|its power becomes\b|"
    r"[^.,\"]+? and the chosen Forward deal damage equal to their respective power to the other))"
    r"(?:[^.\"]|\"[^\"]*\")*(?:\.|(?<=\"))",
    re.IGNORECASE,
)
_NOT_TO_CHOSEN = re.compile(_THEIRS_NEVER_SAY, re.IGNORECASE)
_CHOOSES_THEIRS = re.compile(
    r"(?:you may )?choose (?![^.]*\b(?:you control|your)\b)[^.\"]*?\bopponent controls\b[^.\"]*\.",
    re.IGNORECASE,
)
_CHOOSES_ANY_ONE = re.compile(_CHOOSES_TO_GAIN, re.IGNORECASE)
# The opponent selecting characters of its own ("Then, your opponent selects 1 Backup they control."): it has
# none, and what it selects is theirs. (Control of it gained stays unread, as before: a near miss of the
# tests, "your opponent selects 1 Forward they control. You gain control of it.")
_THEY_SELECT = re.compile(
    r"(?:Then, )?your opponent selects (?:\d+|a|an) (?![^.]*\b(?:you|your)\b(?! opponent))[^.\"]*? "
    r"(?:he/she|they|he|she) controls?\.",
    re.IGNORECASE,
)
# Harm to the character chosen first, which may be yours (not "you control", not a card in a zone): an effect
# used at will that does it is never used.
_CHOOSES_ANY_CHARACTER = re.compile(_CHOOSES_ANY, re.IGNORECASE)
_HURTS_ANY_CHOSEN = re.compile(_ON_CHOSEN, re.IGNORECASE)
# Elements taken from the opponent's characters: it has none.
_THEIR_ELEMENTS = re.compile(
    rf"[^.,\"]+ gains? (?:the )?Elements of {_THEIRS}(?: except [^.\"]+)?(?:\.|$)", re.IGNORECASE
)
# The opponent's attacks limited: it never attacks.
_THEIR_ATTACKS = re.compile(r"Your opponent may only declare [^.\"]*\battacks\b[^.\"]*\.", re.IGNORECASE)
# Conditions that never hold against this opponent: it controls nothing, its hand holds at least the 5
# cards it drew first (it plays none), and it deals no damage (nor does any text the autopilot plays).
_NEVER_HOLDS = re.compile(
    r"(?:If|When) (?:"
    r"your opponent has (?:no cards|[0-4] cards? or less) in (?:his/her|their) hand|"
    r"(?:each player has|both you and your opponent have) no cards in (?:their )?hands?|"
    r"the number of [^,\"]+ your opponent controls is greater than the number of [^,\"]+ you control|"
    r"your opponent controls (?:any|a|an|\d+ or more|at least \d+) [^,\"]+|"
    r"you have received \d+ points? of damage(?: or more)?|"
    r"you have at least \d+ points? of damage more than your opponent"
    r"), (?:[^\"]|\"[^\"]*\")*?(?:\.|(?<=\"))",
    re.IGNORECASE,
)
_NEVER_HOLDS_WHY = "this opponent controls nothing, keeps every card it draws and deals no damage"
_GAIN_ITEM = r'(?:\+\d+ power|First Strike|Brave|"[^"]*"|“[^”]*”|‘[^’]*’)'
_GAINS_ONLY = re.compile(
    rf"{_LEAD}{_GAINER}(?<!\bcannot) (?:also )?gains? "
    rf"(?P<items>{_GAIN_ITEM}(?:(?:,| and|, and) {_GAIN_ITEM})*)"
    r"(?: until the end of (?:the|your next|your opponent's) turn| until the beginning of your next turn)?"
    r"(?: instead)?(?:\.|(?<=[\"”’]))",  # a quoted ability's own period may end the sentence
    re.IGNORECASE,
)
# Power changed otherwise: no Forward battles here.
_POWER_CHANGED = re.compile(
    r"(?:The power of (?:the )?Forwards(?: you control)? cannot be (?:decreased|increased) by [^.\"]*|"
    r"(?:(?!\b(?:and|gains?)\b)[^.,\"])*'s power becomes [^.\"]*|"
    r"Double the power of [^.,\"]+(?: until the end of the turn)?|"
    r"(?:[^,.\"]+, )?(?:(?!\b(?:and|gains?)\b)[^.,\"])*'s power will double)\.",
    re.IGNORECASE,
)
# Your own guarded: only the opponent's side deals damage to your Forwards or chooses them.
_GUARDED = re.compile(
    r"(?:Reduce the damage dealt to [^.\"]+ you control by \d+|Backups don't deal damage to the Forwards you"
    r" control|Summons (?:and|or) abilities of your opponent must choose [^.\"]+ if possible|"
    r"Each Forward can only be blocked by [^.\"]+)\.",
    re.IGNORECASE,
)
_EX_BURST = re.compile(
    r"(?:[^.\"]* cannot use (?:its|their) EX Bursts?|EX Bursts of [^.\"]+ cannot be used)\.", re.IGNORECASE
)
# Two clauses joined by "and", each moot alone: "Mog gains +2000 power and Mog cannot be chosen by Summons.",
# "all the Forwards you control gain +2000 power and all the Forwards opponent controls lose 2000 power."
_AND = re.compile(r" and (?=(?:[^\"]*\"[^\"]*\")*[^\"]*$)")  # not inside a quoted ability
_GAINS_MOOT = (
    "it gives only power, First Strike, Brave or abilities moot in themselves, and power, First Strike and"
    " Brave matter only when Forwards block or battle: this opponent has no Forward"
)
_GUARDS = (
    "it guards your cards against damage, the opponent's choices or blocks, and this opponent deals no"
    " damage, uses nothing and has no Forward"
)


# Every Forward (or Character) of some kind, whoever controls it, dealt damage, broken, dulled, frozen, kept
# from attacking or weakened: against this opponent, who has none, only yours. An ability the autopilot
# uses at will (an action or special ability, a Summon, what a cost it may pay buys) that does only this
# and what is moot is never used: it loses nothing by it. Not a return to the hand (a card in the hand pays
# 2 CP, 11.4.2.1), a removal of your Break Zone, a discard nor damage to you (an EX Burst, a "Damage 3"
# ability or a count of the Break Zone may want them).
_ALL_OF_A_KIND = (
    r"(?:all (?:the )?(?:active |dull )?(?:Forwards|Characters|Backups)(?: and Monsters)?|"
    r"(?:the )?Forwards of all Elements)"
    r"(?: (?:of|with|other than|except) [^.\"]*)?"
)
_HURTS_ALL = re.compile(
    rf"{_LEAD}(?:deal \d+ damage to {_ALL_OF_A_KIND}|(?:break|dull(?: and freeze)?|freeze) {_ALL_OF_A_KIND}|"
    rf"{_ALL_OF_A_KIND} (?:lose \d+ power until the end of the turn|cannot attack this turn)|"
    r"No Forwards?(?: [^.\"]*)? can attack this turn)\.",
    re.IGNORECASE,
)
# What such a sentence must not say: anything for you, the opponent's side alone, a deck, a hand.
_NOT_HURT = re.compile(
    r"\b(?:draws?|search|Haste|play|cast|points? of damage|opponent|decks?|hands?|gains?|Break Zone)\b",
    re.IGNORECASE,
)
_HARMS_ALL = (
    "the autopilot never uses it: with no opposing character, what it does to every Forward or Character"
    " of a kind could only remove or weaken your own"
)
# A number, an Element or a Job named or selected first ("Select 1 Element."): it does nothing by itself.
_NAMES = re.compile(
    r"(?:Select 1 (?:number|Element)|Name 1 (?:Element|Job))(?: other than [^.]+)?\.", re.IGNORECASE
)
# A cost the card may pay for the rest of the effect: "you may pay 《Fire》. When you do so, ...", "you may
# put 1 Character you control into the Break Zone. When you do so, ..." (_MAY_COST), "choose 1 Monster in
# your Break Zone. You may remove it from the game. If you do so, ..." (a card of that zone lost for it).
_MAY_PAY_FOR = re.compile(
    rf"(?:you may {_MAY_COST}[.,]|choose 1 [^.]*? in your Break Zone\. You may remove it from the game\.)"
    r" (?:When|If) you do so,? (?P<effect>.+)",
    re.IGNORECASE | re.DOTALL,
)
# A discard inside an effect used at will, for the rest of it: "Discard 1 Job Kupo from your hand. When you do
# so, ...": the autopilot never uses the ability, so never discards for it.
_DISCARDS_FOR = re.compile(r"Discard [^.\"]+\. When you do so,? (?P<effect>.+)", re.IGNORECASE | re.DOTALL)
# Forming a party: the autopilot never forms one (§11.5), for it gains nothing here: an unblocked party
# deals 1 point of damage in all (10.1.4.1), where its members alone deal 1 each. What a party attack
# triggers is reported on its own card.
_PARTY_ANY_ELEMENT = re.compile(
    rf"{_LEAD}[^.,\"]+? can form a party with [^.,\"]+? of any Element(?: this turn)?\.", re.IGNORECASE
)
# A card kept from forming parties: the autopilot forms none.
_CANNOT_PARTY = re.compile(r"[^.,\"]+ cannot form (?:a party|parties)\.", re.IGNORECASE)
_NO_PARTY = (
    "it lets Forwards form a party, and the autopilot forms none: an unblocked party deals 1 point of"
    " damage in all, where its members alone deal 1 each (10.1.4.1)"
)


# The reminder that what the sentence before it gives lasts beyond the turn: a gain moot in itself is moot
# however long it lasts.
_LASTING = re.compile(r" \(This effect does not end at the end of the turn\.\)(?=$| )", re.IGNORECASE)
# Characters each player selects of its own, then loses: this opponent has none, so only yours.
_EACH_SELECTS = (
    r"(?:Both players|Each player) selects? (?:up to )?\d+ (?:Forwards?|Characters?|Monsters?)"
    r"(?: or (?:Forwards?|Characters?|Monsters?))? (?:they|he/she) controls?"
    r"(?: \(select as many as possible\))?"
)
_EACH_CHOOSES = re.compile(rf"{_EACH_SELECTS}\.", re.IGNORECASE)
_EACH_LOSES = re.compile(rf"{_EACH_SELECTS} and puts? (?:it|them) into the Break Zone\.", re.IGNORECASE)
# The opponent's number, selected beside yours ("Select 1 number. Your opponent selects 1 number."): it does
# nothing by itself.
_THEY_NAME = re.compile(r"Your opponent selects 1 number\.", re.IGNORECASE)
# A trigger for the rest of the turn on the chosen Forward leaving the field ("When that Forward leaves the
# field this turn, ...", "During this turn, when that Forward is put from the field into the Break Zone,
# ..."): none leaves here (_LEAVES).
_LEAVES_LATER = re.compile(
    r"(?:During this turn, )?When [^,]+? "
    r"(?:(?:is|are) put from the field into the Break Zone|leaves? the field)(?: this turn)?, [^.\"]*\.",
    re.IGNORECASE,
)
# Damage a Forward receives, changed for the turn: none is dealt here (_FORWARD_DAMAGE).
_ANY_FORWARD_DAMAGED = re.compile(
    r"(?:During this turn, )?If a Forward (?:receives|is dealt) damage(?: this turn)?, "
    r"(?:the damage increases by \d+|increase the damage by \d+|double the damage) instead\.",
    re.IGNORECASE,
)


def _sentences(effect: str) -> list[str]:
    return [s.strip() for s in _SENTENCE.findall(effect) if s.strip()]


def _on_their_side(sentence: str) -> bool:
    """A sentence that acts only on the opponent's characters or hand."""
    if not _TO_THEIRS.fullmatch(sentence):
        return False
    body = _COUNTS_YOURS.sub("", _QUOTED.sub("", sentence))  # their quoted abilities are theirs
    body = re.sub(r"^If [^,]+, ", "", body, flags=re.IGNORECASE)  # a condition changes nothing
    return _NOT_THEIRS.search(body) is None


def _to_chosen_theirs(sentence: str) -> bool:
    """A sentence that acts only on the opponent's characters chosen before it."""
    chosen = _TO_CHOSEN_THEIRS.fullmatch(sentence)
    if chosen is None:
        return False
    rest = _COUNTS_YOURS.sub(
        "", _QUOTED.sub("", sentence[chosen.end("verb") :])
    )  # their abilities are theirs
    # what sizes the effect, and the owner's deck it is put on
    rest = re.sub(
        rf"\b(?:damage|power) equal to {_ONLY_THAT}|"
        r"\b(?:on )?(?:the )?(?:top|bottom) of (?:its|their) owners?'?s?'? decks?",
        "",
        rest,
        flags=re.IGNORECASE,
    )
    return _NOT_TO_CHOSEN.search(rest) is None


def _hurts_chosen(sentence: str, card: Card) -> bool:
    """A sentence that removes or weakens the character chosen first, maybe joined by "and" to a clause moot
    alone ("Deal it 3000 damage and Mog gains +3000 power until the end of the turn.")."""
    if _HURTS_ANY_CHOSEN.fullmatch(sentence):
        return True
    return any(
        _HURTS_ANY_CHOSEN.fullmatch(sentence[: joint.start()] + ".")
        and _moot_sentence(sentence[joint.end() :], card, theirs_chosen=False, clauses=False)
        for joint in _AND.finditer(sentence)
    )


def _moot_gains(sentence: str, card: Card) -> str | None:
    """Why a sentence that gives only power, First Strike, Brave (not on a card that makes CP: see
    _POWER_ONLY) or abilities that are moot themselves is moot, or None; an ability moot only where none
    of your Forwards is taken (_NONE_TAKEN_HERE) says so, for `in_deck`."""
    gains = _GAINS_ONLY.fullmatch(sentence)
    if gains is None:
        return None
    whys = [_GAINS_MOOT]
    for quoted in _QUOTED.findall(gains["items"]):
        ability = quoted[1:-1].strip()
        ability = ability if ability.endswith(".") else ability + "."
        status, why = classify(ability, card, {"card_effects": False})
        if status != MOOT:
            return None
        if any(w in why for w in _NONE_TAKEN_HERE):
            whys.append(why)
    if re.search(r"\bBrave\b", gains["items"]) and _makes_cp(card):
        return None
    return "; ".join(dict.fromkeys(whys))


def _moot_sentence(sentence: str, card: Card, theirs_chosen: bool, clauses: bool = True) -> str | None:
    """Why one sentence of an effect is moot, or None; with `clauses`, also a sentence of two clauses
    joined by "and", each moot alone."""
    if (
        _on_their_side(sentence)
        or _THEIR_DAMAGE.fullmatch(sentence)
        or _THEIR_ACTS.fullmatch(sentence)
        or (theirs_chosen and _to_chosen_theirs(sentence))
        or _THEIR_ELEMENTS.fullmatch(sentence)
    ):
        return _OPPONENTS
    if _THEIR_ATTACKS.fullmatch(sentence):
        return "it limits the opponent's attacks, and this opponent never attacks"
    if _NEVER_HOLDS.fullmatch(sentence):
        return "its condition never holds here: " + _NEVER_HOLDS_WHY
    if gains := _moot_gains(sentence, card):
        return gains
    if _POWER_ONLY.fullmatch(sentence) or _POWER_CHANGED.fullmatch(sentence):
        return _GAINS_MOOT
    if _PROTECTION.fullmatch(sentence) and not _only_against_theirs(sentence):
        return _NEVER_TAKEN  # as a whole part (classify): not where your own Forwards are taken (in_deck)
    if (
        _GUARDED.fullmatch(sentence)
        or _PROTECTION.fullmatch(sentence)
        or _DAMAGE_REDUCED.fullmatch(sentence)
        or _BLOCKS.fullmatch(sentence)
    ):
        return _GUARDS
    if _EX_BURST.fullmatch(sentence):
        return "this opponent uses no EX Burst"
    if _LEAVES_LATER.fullmatch(sentence):
        return _NEVER_LEAVES
    if _ANY_FORWARD_DAMAGED.fullmatch(sentence):
        return _DAMAGE_NEVER_CHANGED
    if _GAINS_CRYSTAL.fullmatch(sentence):
        return _CRYSTALS
    if _PARTY_ANY_ELEMENT.fullmatch(sentence):
        return _NO_PARTY
    if _CANNOT_PARTY.fullmatch(sentence):
        return "it keeps a card from forming parties, and the autopilot forms none (10.1.4.1)"
    if _ACTIVATES_ALL_FORWARDS.fullmatch(sentence) or (
        card.type == "forward"
        and re.fullmatch(rf"(?:If [^,.\"]+, )?activate {re.escape(card.name)}\.", sentence, re.IGNORECASE)
    ):
        return _STOOD_UP
    if clauses:
        for joint in _AND.finditer(sentence):
            first = _moot_sentence(sentence[: joint.start()] + ".", card, theirs_chosen, clauses=False)
            second = _moot_sentence(sentence[joint.end() :], card, theirs_chosen, clauses=False)
            if first and second:
                return first if first == second else f"{first}; {second}"
    return None


def _moot_sentence_by_sentence(
    effect: str, card: Card, at_will: bool = False, uses: str = "uses"
) -> tuple[Status, str]:
    """An effect whose every sentence is moot, after choices that do nothing by themselves (a choice of the
    opponent's characters, by you or by the opponent, anywhere; a choice of any character first); `at_will`,
    for an effect used at will, also one whose sentences only harm characters of either side or the
    character of any side chosen first."""
    if cost := _NAMED_COST.match(effect):
        effect = effect[cost.end() :]
    effect = _LASTING.sub("", effect)  # what is moot for a turn is moot for good
    chosen = ""  # whose characters "it" and "them" are: "theirs", or "any" (yours too)
    whys = []
    for i, sentence in enumerate(_sentences(effect)):
        if _CHOOSES_THEIRS.fullmatch(_COUNTS_YOURS.sub("", sentence)):
            chosen = "theirs"
            continue
        if _THEY_SELECT.fullmatch(sentence):
            chosen = "selected"
            continue
        if _THEY_NAME.fullmatch(sentence):
            continue
        if i == 0 and _EACH_CHOOSES.fullmatch(sentence):
            chosen = "any"
            continue
        if i == 0 and (_CHOOSES_ANY_ONE.fullmatch(sentence) or _NAMES.fullmatch(sentence)):
            chosen = "any" if _CHOOSES_ANY_CHARACTER.fullmatch(sentence) else ""
            continue
        whys.append(
            _moot_sentence(
                sentence,
                card,
                chosen == "theirs" or (chosen == "selected" and not sentence.lower().startswith("you gain")),
            )
            or (
                _HARMS_ALL
                if at_will and _HURTS_ALL.fullmatch(sentence) and not _NOT_HURT.search(sentence)
                else None
            )
            or (
                _NEVER_USED.format(uses=uses)
                if at_will and chosen == "any" and _hurts_chosen(sentence, card)
                else None
            )
            or (_HARMS_ALL if at_will and _EACH_LOSES.fullmatch(sentence) else None)
        )
    if not whys or None in whys:
        return UNPLAYED, ""
    harmed = [i for i, w in enumerate(whys) if w in (_HARMS_ALL, _NEVER_USED.format(uses=uses))]
    if harmed and _NEVER_LEAVES in whys[harmed[0] :]:
        # the harm it does may put the character into the Break Zone: that trigger may fire
        return UNPLAYED, ""
    return MOOT, "; ".join(dict.fromkeys(w for w in whys if w))


def _only_against_theirs(protection: str) -> bool:
    """Whether every "cannot" of a protection (_PROTECTION) names the opponent's acts as what it stops."""
    return len(_BY_THEM.findall(protection)) == protection.lower().count("cannot ")


def in_deck(deck: Deck, policy: Mapping[str, Any]) -> Callable[[tuple[TextPart, ...]], tuple[TextPart, ...]]:
    """What this deck changes in a card's parts: in a deck whose played text takes one of your own Forwards
    (a choice the opponent's empty field leaves to yours, engine/goldfish/fftcg.py `_hit_own`) or breaks a
    Monster of yours at the end of the turn its action ability made it a Forward (`end_break`,
    `_end_breaks`), a Forward of yours does leave the field and is dealt damage, so what is moot only
    because none does (_NONE_TAKEN_HERE) is not played there; and where such text dulls or freezes one of
    yours, or a Forward of yours enters dull or does not activate in your Active Phase (_LEFT_DULL), one may
    be dull before its attack, so standing Forwards up (_STOOD_UP) is not moot there either; elsewhere
    nothing."""
    played = [
        e
        for card in deck.cards.values()
        for e in card_effects("fftcg", card)
        if policy.get("card_effects", True) and plays_for(card.type, e)
    ]
    takes_own = any(e.do in CHOSEN_ACTIONS or e.end_break for e in played)
    reasons = (_NONE_TAKEN_HERE if takes_own else ()) + (
        (_STOOD_UP,) if takes_own or any(e.do in _LEFT_DULL for e in played) else ()
    )
    if not reasons:
        return lambda parts: parts
    return lambda parts: tuple(
        TextPart(p.text, UNPLAYED) if p.status == MOOT and any(w in p.why for w in reasons) else p
        for p in parts
    )
