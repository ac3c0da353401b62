"""What the FFTCG goldfish plays of a card's text (engine/goldfish/fftcg.py): the keywords Haste and Brave
when the card carries them, the Limit Break cost, and the abilities the text reader (engine/readers/fftcg.py)
turns into effects the simulator plays (`fftcg.plays`) while the `card_effects` knob is on. A card whose
effects are set by hand is played as they say. Text from the official list is read as it is printed, its
markup turned into words and lines first (GameRules.printed_text).

A part is one ability: a line of the card (FFTCG prints one ability a line), with the quoted choices of a
"select 1 of the 3 following actions" after it, and the EX BURST and Limit Break tags apart. Its
sentences are read together or not at all: "When you do so", "it", "This effect will trigger only once
per turn" and "You can only use this ability during your turn" belong to the ability they follow.

Moot, by one rule (the goldfish opponent has no characters, plays nothing from its hand, never blocks,
never attacks, never deals damage; rules spec §11.2): text that only matters against such an opponent.
That is the opponent's characters and hand; blocks, battles, power and First Strike (10.1.4.1: an
unblocked attack deals 1 point of damage whatever its power); protection from the opponent's abilities;
and removal or weakening of a chosen character when the autopilot is never made to choose its own. Those
are the abilities it never uses: a Summon (never cast, kept as fuel, §11.5) and an action or special
ability (only "《Dull》: Produce" is used), and an auto-ability whose choice may be left empty or whose
effect is optional ("choose up to", "you may"). An auto-ability that must choose "1 Forward" takes one
of yours when the opponent has none (11.3.3), so it is not moot: it is not played.
"""

from __future__ import annotations

import re
from collections.abc import Mapping
from typing import Any

from engine.cards import Card
from engine.games import get_game
from engine.goldfish.fftcg import plays
from engine.played_text import DECK_RULE, MOOT, PLAYED, UNPLAYED, Status, keywords_only, split_text
from engine.readers import played_part

# Tags that stand apart at the start of a line: EX BURST, a Limit Break cost, and a keyword sentence with
# more text after it ("Brave. When Mog enters the field, ..."), as a deck file may write them.
_TAGS = re.compile(
    r"EX BURST\b\s*|Limit Break\s*(?:--|—|–|-)\s*\d+\.?\s*|"
    r"(?:Haste|Brave|First Strike|Back Attack|Multi-element)(?:,? (?:Haste|Brave|First Strike))*\.\s+(?=\S)",
    re.IGNORECASE,
)
_SIMULATED_KEYWORDS = frozenset({"haste", "brave"})
# Keywords that matter only in a battle or a block (15.2.3, 15.2.6): this opponent has no Forward.
_BATTLE_KEYWORDS = frozenset({"first strike"})
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
_PROTECTION = re.compile(
    rf"{_GIVES_MORE}[^.]* cannot (?:be chosen|be broken|become dull|be returned|be removed|be dealt damage|"
    r"leave the field)(?: from the game)?"
    r"(?: (?:by|due to) [^.]*)?\.?",
    re.IGNORECASE,
)
# Blocks: this opponent never attacks (so your Forwards never block) and has no Forward to block.
_BLOCKS = re.compile(
    rf"{_GIVES_MORE}(?:[^.\"]* cannot (?:be )?block(?:ed)?(?: [^.\"]*)?\.?|[^.\"]* must block [^.\"]*\.)",
    re.IGNORECASE,
)
# The restrictions that go with the ability they follow, on its line: they limit when it is used.
_RESTRICTION = re.compile(
    r"\s*(?:You can only use this ability (?:during your turn|once per turn|during your Main Phase)[^.]*\.|"
    r"This effect will trigger only once per turn\.|You can use this ability only [^.]*\.|"
    r"You can only use this ability (?:during your turn|once per turn|during your Main Phase)[^.]*$)",
    re.IGNORECASE,
)
_TRIGGER = r"(?:(?:When|At|Whenever) [^,]+, )"
_NUMBER = r"(?:\d+|one|two|three|a|an)"
_CHARACTERS = r"(?:Forwards?|Characters?|Monsters?|Backups?|Card Name [^.]+)"
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
# What the choice does to what it chose: it removes or weakens it, or keeps it from blocking.
_ON_CHOSEN = (
    r"(?:(?:If [^,]+, )?(?:deal (?:it|them) (?:\d+ damage|damage equal to [^.]+)|break (?:it|them)|"
    r"dull (?:it|them)(?: and freeze (?:it|them))?|freeze (?:it|them)|"
    r"return (?:it|them) to (?:its|their) owners?'s? hands?|remove (?:it|them) from the game|"
    r"put (?:it|them) (?:at|on) the (?:top|bottom) of (?:its|their) owners?'s? decks?|"
    r"put (?:it|them) into the Break Zone|"
    r"(?:it|they) loses? \d+ power[^.]*|(?:it|they) cannot (?:attack or )?block[^.]*|"
    r"(?:it|they) cannot attack[^.]*)(?: instead)?\.)"
)
_OPPONENTS_HAND = (
    r"(?:your opponent (?:randomly )?discards (?:\d+|a) cards?(?: from (?:his/her|their|his|her) hand)?\.|"
    r"your opponent selects (?:\d+|a) cards? in (?:his/her|their) hand\. "
    r"your opponent discards (?:this|these) cards?\.)"
)
_ALL_OPPONENTS = (
    r"(?:deal \d+ damage to all (?:the )?(?:Forwards|Characters) (?:your )?opponent controls[^.]*|"
    r"(?:dull|break|freeze) all (?:the )?(?:Forwards|Characters|Backups)(?: [^.]*)? opponent controls|"
    r"all (?:the )?Forwards opponent controls lose \d+ power[^.]*)\."
)
# An effect that acts only on the opponent's characters or hand, wherever it is used.
_OPPONENTS_ONLY = re.compile(
    rf"(?:{_CHOOSES_OPPONENTS}(?: {_ON_CHOSEN})+|{_OPPONENTS_HAND}|{_ALL_OPPONENTS})"
    rf"(?: (?:{_CHOOSES_OPPONENTS}(?: {_ON_CHOSEN})+|{_OPPONENTS_HAND}|{_ALL_OPPONENTS}))*",
    re.IGNORECASE,
)
# An effect that removes or weakens a chosen character, which may be yours.
_ON_ANY_CHOSEN = re.compile(rf"{_CHOOSES_ANY}(?: {_ON_CHOSEN})+", re.IGNORECASE)
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
_MUST_ATTACK = re.compile(r"[^.,]+ must attack once per turn if possible\.", re.IGNORECASE)
_ON_ANY_CHOSEN_OPTIONAL = re.compile(
    rf"{_CHOOSES_ANY_OPTIONAL}(?: {_ON_CHOSEN})+|{_CHOOSES_ANY} You may {_ON_CHOSEN}", re.IGNORECASE
)
# An action or special ability: its cost, a colon, its effect ("《Dull》, put Mog into the Break Zone: ...",
# "Firaga 《S》《Fire》: ..."); the cost holds a CP or dull icon, or a card put, discarded or removed.
_ACTION = re.compile(
    r"(?P<cost>[^\":]*?(?:《[^》]+》|\b(?:put|discard|remove|dull|return)\b)[^\":]*?)\s?[:：]\s*(?P<effect>.+)",
    re.IGNORECASE | re.DOTALL,
)
_AUTO = re.compile(rf"{_TRIGGER}(?P<effect>.+)", re.IGNORECASE | re.DOTALL)
# An effect that only raises power (or gives First Strike): an unblocked attack deals 1 point of damage
# whatever its power (10.1.4.1), and this opponent has no Forward to block or to battle. Under a
# condition or a trigger, or on a chosen Forward (yours: it only grows), it is the same.
_GAINS_POWER = (
    r"(?:(?:If|While|For each|During|Until) [^,]+, )?(?:(?:until the end of the turn|during this turn), )?"
    r"[^.,\"]*? gains? (?:\+\d+ power(?: and First Strike)?|First Strike)"
    r"(?: until the end of the turn| while [^.]*| for each [^.]*)?\."
)
_CHOOSES_TO_GAIN = rf"(?:you may )?choose (?:up to )?(?:{_NUMBER}|all) [^.]*?{_CHARACTERS}\b[^.]*\."
_POWER_ONLY = re.compile(
    rf"(?:{_CHOOSES_TO_GAIN} )?{_GAINS_POWER}(?: {_GAINS_POWER})*",
    re.IGNORECASE,
)
# Damage to your characters comes only from the opponent's side: a reduction of it is moot.
_DAMAGE_REDUCED = re.compile(
    rf"(?:{_CHOOSES_ANY} )?(?:If [^,]+ is dealt damage, reduce the damage by \d+ instead|"
    r"During this turn, the next damage dealt to (?:it|them|[^.,]+) (?:is reduced by \d+|becomes 0) instead|"
    r"[^.,]+ cannot be dealt damage[^.]*|[^.,]+ (?:don't|do not) receive (?:any )?damage[^.]*|"
    r"Summons or abilities of your opponent must choose [^.]+ if possible)\.",
    re.IGNORECASE,
)
# A trigger that only the opponent's acts set off (its characters, its Summons, a block; not its turn, its
# draw or the damage it receives, which happen).
_OPPONENTS_TRIGGER = re.compile(
    r"(?:When|Whenever) (?![^,]*\b(?:turn|Phase|deals damage|is dealt damage to your opponent)\b)"
    r"(?:[^,]*\b(?:opponent controls|of your opponent|your opponent's|your opponent’s|by your opponent|"
    r"your opponent (?:casts|plays|discards|uses)|opponent's deck)\b|[^,]* (?:blocks|is blocked|blocks or is "
    r"blocked)(?! [^,]*attacks)|[^,]* is chosen by [^,]*opponent[^,]*)[^,]*, .+",
    re.IGNORECASE | re.DOTALL,
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


def classify(part: str, card: Card, policy: Mapping[str, Any]) -> tuple[Status, str]:
    if keywords_only(part, _SIMULATED_KEYWORDS & set(card.keywords)):
        return PLAYED, ""  # a keyword the card carries
    if (what := played_part("fftcg", part, card, plays, policy)) is not None:
        return PLAYED, what
    if part == "EX BURST":
        return (
            MOOT,
            "an EX Burst is used only when the opponent deals you damage, and this opponent never does",
        )
    if _LIMIT_BREAK.fullmatch(part):
        return PLAYED, ""
    if keywords_only(part, _BATTLE_KEYWORDS):
        return MOOT, "it matters only in a battle, and this opponent has no Forward to battle"
    if _DECK_RULE.fullmatch(part):
        return MOOT, DECK_RULE
    if _DAMAGE_CONDITION.fullmatch(part):
        return MOOT, "it works only once you have received that much damage, and this opponent deals none"
    ability = _without_restrictions(part)
    if _PROTECTION.fullmatch(ability):
        return MOOT, "it protects the card from the opponent's abilities, and this opponent uses none"
    if _BLOCKS.fullmatch(ability):
        return MOOT, "it is about blocks, and this opponent never attacks and has no Forward to block"
    if _SUMMONS_COST.fullmatch(ability):
        return (
            MOOT,
            "it changes what Summons cost, and the autopilot never casts a Summon (they pay for others)",
        )
    if _MUST_ATTACK.fullmatch(ability):
        return PLAYED, "the autopilot attacks with every Forward that may"
    if _OPPONENTS_TRIGGER.fullmatch(ability):
        return MOOT, "it triggers only on what the opponent does, and this opponent only draws"
    if "\n" in ability:
        return _moot_choices(ability, card)
    return _moot_effect(ability, card)


def _moot_choices(ability: str, card: Card) -> tuple[Status, str]:
    """ "select 1 of the 3 following actions:" and the quoted actions: moot when every action is."""
    head, *choices = ability.split("\n")
    offer = re.fullmatch(r"(?P<ability>.*?)\s*select \d+ of the \d+ following actions[.:]", head, re.I)
    if offer is None:
        return UNPLAYED, ""
    whys = []
    for choice in choices:
        status, why = _moot_effect(offer["ability"] + " " + choice.strip().strip('"“”'), card)
        if status != MOOT:
            return UNPLAYED, ""
        whys.append(why)
    return MOOT, "; ".join(dict.fromkeys(whys))


def _moot_effect(ability: str, card: Card) -> tuple[Status, str]:
    """An ability that removes or weakens characters: moot when it acts only on the opponent's, or when
    the autopilot is never made to use it on its own."""
    action = _ACTION.fullmatch(ability)
    auto = None if action else _AUTO.fullmatch(ability)
    effect = action["effect"] if action else auto["effect"] if auto else ability
    effect = effect.strip()
    if _POWER_ONLY.fullmatch(effect) or _POWER_ONLY.fullmatch(ability):
        return MOOT, "power matters only when Forwards block or battle, and this opponent has none"
    if _DAMAGE_REDUCED.fullmatch(effect) or _PROTECTION.fullmatch(effect):
        return MOOT, "it guards against damage or abilities, and this opponent deals none and uses none"
    if _OPPONENTS_ONLY.fullmatch(effect):
        return MOOT, _OPPONENTS
    if action and _ON_ANY_CHOSEN.fullmatch(effect):
        return MOOT, _NEVER_USED.format(uses="uses")
    if card.type == "summon" and not auto and _ON_ANY_CHOSEN.fullmatch(effect):
        return MOOT, _NEVER_USED.format(uses="casts")  # a Summon is never cast: it is fuel (§11.5)
    if auto and _ON_ANY_CHOSEN_OPTIONAL.fullmatch(effect):
        return MOOT, _NONE_CHOSEN
    if _ON_DAMAGED.fullmatch(effect):
        return MOOT, "it chooses a damaged Forward, and only the opponent's acts damage Forwards"
    return UNPLAYED, ""
