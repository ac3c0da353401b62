"""DBS Fusion World goldfish (docs/rules/dbsfw.md §11; seed: official rules ver.1.06), compiled with Numba.

One rules implementation: `_play_game` plays one game and, when asked, writes event codes into an
array that `_decode` turns into the log; `_run_batch` calls the same function with logging off.

Cards play their printed facts and keywords (critical, double-/triple-strike, field, the Leader's
awaken and back face) and, with the `card_effects` knob (default on), the skills the reader turns into
effects it plays (`plays`): On Play and When Attacking draws (and the discards after them or paid for
them, or a condition before them), damage, searches and life cards into the hand, On Play energy, Battle
cards played from the hand, an Extra's Activate: Main, an Extra's Activate: Battle power in an attack
(paid with the energy the main phase left), a card's own power (with a condition or not), power for the
turn On Play or by an Extra's Activate: Main (for the card itself, the Leader, or the card the guard needs
it for most: `_turn_power`), the top cards of the deck into the drop area and cards from there into the
hand (the drop area's kinds are kept), a Battle card's second attack when its When Attacking switches it
to Active Mode once per turn, the Leader's Awaken draw and When Attacking draw, a Battle card's or a
Field's [Activate Main] paid by resting it, used after the attacks (`_main_skills`), and a Battle card's
[Activate Main][Once per turn] that does not rest it (there too; a switch of itself to Active Mode after its
first battle, `_main_untap`), a card's own cost in the hand made smaller (`_cost_in_hand`), an On Play
that switches your rested Battle Cards to Active Mode (`_activate_allies`), a Battle card's draw when a
card is used in a combo in its battle (`_combo_draw`), a Battle card played from the hand when a card is
itself used in a combo from the Battle Area (`_combo_play`), a Field's On Play when it is placed, a skill
whose cost KOs one of your Battle Cards (`_pay_ko`) or places an energy card in the drop area
(`_energy_to_drop`), text that waits for an energy marker removed to pay for the card itself, which the
autopilot then removes (`_marker_for_reward`); other skills are not played and are named with every result
(§11.1 item 12). An
Extra whose text is played is used for it; the others are spent only if `play_extras` is on, and only
those the main phase may use ([Activate: Main], a Field). The opponent only draws and takes damage
(§11.2). Not modelled: Evolve / Fusion Evolve (no card data), Battle Extras whose text is not played, Ki,
Blocker and Barrier (never used against a goldfish, §9.5).
"""

from __future__ import annotations

import re
from collections import namedtuple
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

import numpy as np
from numba import njit

from engine.cards import Card
from engine.deck import Deck
from engine.effects import CONDITIONS, CardFilter, Condition, Effect
from engine.games import get_game
from engine.goldfish.arrays import copy_prefix, inline_kernel, kernel, rotate_left
from engine.goldfish.base import (
    N_OUTCOMES,
    OUTCOMES,
    GameLog,
    GoldfishParamError,
    GoldfishParams,
    GoldfishResult,
    LogEvent,
    Param,
    Simulator,
    dealt_first,
    game_seed,
)
from engine.goldfish.rng import mix, shuffle
from engine.readers import card_effects
from engine.readers.dbsfw import other_names

COLOURS = ("red", "blue", "green", "yellow", "black")  # 1-6-1
ALL_COLOURS = (1 << len(COLOURS)) - 1

BATTLE, EXTRA = 0, 1  # 2-1-2 (the Leader is not in the deck)
TYPE_CODES = {"battle": BATTLE, "extra": EXTRA}
# Keyword bits of a card or Leader face.
F_CRITICAL, F_DOUBLE, F_TRIPLE, F_FIELD, F_AWAKEN = 1, 2, 4, 8, 16
F_MAIN = 32  # an Extra the main phase may use (_main_use)
KEYWORD_BITS = {
    "critical": F_CRITICAL,
    "double-strike": F_DOUBLE,
    "triple-strike": F_TRIPLE,
    "field": F_FIELD,
    "awaken": F_AWAKEN,
}

# Outcome codes, in the order of base.OUTCOMES.
O_WIN, O_OPP_DECKOUT, O_LOSS_DECKOUT, O_STALLED = 0, 1, 2, 3

# Phases of the log.
P_SETUP, P_CHARGE, P_MAIN, P_ATTACK, P_OPP, P_RESULT = range(6)
PHASES = ("setup", "charge", "main", "attack", "opponent", "result")
ZONES = (
    "deck",
    "hand",
    "life",
    "energy",
    "battle",
    "field",
    "drop",
    "combo",
    "markers",
    "opp_life",
    "opp_hand",
    "opp_drop",
    "opp_deck",
    "awakened",
)
CARD_ZONES = ("deck", "hand", "life", "energy", "battle", "field", "drop", "combo")

# Event codes: each event is a row (code, own turn, phase, a, b).
E_HAND, E_REDRAW, E_LIFE, E_MARKER, E_UNTAP, E_DRAW, E_DECKOUT, E_CHARGE = range(8)
E_NO_CHARGE, E_PLAY, E_PAY, E_FIELD_GONE, E_AWAKEN, E_COMBO, E_ATTACK, E_HIT = range(8, 16)
E_MISS, E_BATTLE_END, E_OPP_DRAW, E_OPP_DECKOUT, E_OWN_DAMAGE, E_RESULT = range(16, 22)
E_EFFECT_DRAW, E_EFFECT_ENERGY = 22, 23  # a card's text: (card, the card drawn / put into energy)
E_EFFECT_DAMAGE, E_EFFECT_SEARCH = 24, 25  # (card, opponent life left) / (card, the card found or -1)
E_EFFECT_LIFE = 26  # (card, the life card it took into the hand)
E_EFFECT_DISCARD = 27  # (card, the hand card it discarded to the drop area)
E_EFFECT_PLAY = 28  # (card, the Battle card it played from the hand)
E_PUMP = 29  # an Extra's [Activate: Battle] in an attack: (the Extra, the power it gives)
E_EFFECT_MILL = 30  # (card, the top card of the deck it placed in the drop area)
E_EFFECT_RECOVER = 31  # (card, the card it added from the drop area to the hand)
E_TURN_POWER = 32  # power for the turn a card's text gives: (the card that gets it, -1 the Leader; the power)
E_EFFECT_MARKER = 35  # a card's text places an energy marker (5-11-1): (card, the markers now)
E_HAND_ENERGY = 36  # a card's text puts a hand card into the energy area: (card, the hand card)
E_MAIN_SKILL = 33  # a card's [Activate Main] (T_DULL): (the card, 0 rested for it, 1 not: T_ONCE_A_TURN)
E_EFFECT_PLAY_DROP = 34  # (card, the Battle card it played from the drop area)
E_EFFECT_ACTIVATE = 37  # a card's text switches your rested Battle card to Active Mode: (card, that card)
E_EFFECT_ORDER = 38  # a card's text orders the top cards of the deck: (card, how many it kept on the top)
E_DROP_ENERGY = 39  # a card's text puts a card of the drop area into the energy area: (card, that card)
E_EFFECT_KO = 40  # a skill's cost KOs one of your Battle Cards (T_KO_COST): (card, the Battle card KO'd)
E_ENERGY_DROP = 41  # a skill's cost places an energy card in the drop area (T_ENERGY_COST): (card, that card)
E_DECK_BOTTOM = 42  # its attack's text puts a Battle card at the deck bottom (T_AFTER_ATTACK 1): (card, deck)
E_SELF_KO = 43  # its attack's text KOs a Battle card at the end of its battle (T_AFTER_ATTACK 2): (card, 0)
E_ENERGY_RESTED = 44  # a card's text puts a card into the energy area in Rest Mode: (card, that card)
E_ENERGY_ACTIVE = 45  # a card's text switches rested energy to Active Mode: (card, how many it switched)

# The text the goldfish plays (engine/effects.py), a row per kind. A skill's trigger is one of TR_*: the
# card enters (On Play), attacks (When Attacking, or 【Auto】 "when this card attacks") or, for an Extra,
# is used (Activate: Main). By trigger: cards drawn (T_DRAW + trigger), damage to the opponent's life
# (T_DAMAGE + trigger), the top cards a search looks at (T_LOOK + trigger); which of the draws say "you
# may" (bit 1 << trigger of T_MAY); top cards put into the energy area On Play; "up to" N life cards into
# the hand (T_LIFE + trigger); cards discarded after the draw ("Then, discard", T_DISCARD + trigger); a
# discard paid for a draw ("Discard 1 card from your hand : Draw 2 cards", T_PAID_DISCARD and
# T_PAID_DRAW + trigger). A search finds the kinds whose T_FOUND_BY has its T_SEARCH_BIT (a bit per
# distinct search filter of the deck).
TR_ENTER, TR_ATTACK, TR_CAST = range(3)
T_DRAW, T_ENTER_ENERGY, T_MAY, T_DAMAGE, T_LOOK, T_SEARCH_BIT, T_FOUND_BY, T_LIFE = 0, 3, 4, 5, 8, 11, 12, 13
T_DISCARD, T_PAID_DISCARD, T_PAID_DRAW = 16, 19, 22
# A card's condition (engine.effects.CONDITIONS; one per card): its code + 1 (0: none) and its n; the draws
# that wait for it (T_COND_DRAW + trigger) and the power it gives the card while it holds.
T_COND_DRAW, T_COND, T_COND_N, T_COND_POWER = 25, 28, 29, 30
# Battle cards played from the hand for free (5-5-3, T_PLAY + trigger), the ones whose T_FOUND_BY has the
# T_PLAY_BIT of the card that plays them.
T_PLAY, T_PLAY_BIT = 31, 34
# The power an Extra's [Activate: Battle] gives the card in the battle ("Choose your Leader or up to 1 of
# your Battle Cards and it gets +15000 power for the battle."), used from the hand in an attack.
T_PUMP = 35
# The power a Battle card gives your Leader while it is in the Battle Area ("[Permanent][Your Turn] Your
# Leader with 《God of Destruction》 in its special traits gets +10000 power."), for the Leader's front face
# (T_LEADER_AURA) and back face (+ 1): 0 for a face without the trait.
T_LEADER_AURA = 36
# The life cards a Battle card's On Play must take into the hand ("Add 1 card from your life to your
# hand.", no "up to"): it is played only from the plan, and only while the life is more than every such
# take the hand holds (_must_life_ok), since its last life card lost would lose the game (14-2-2-1).
T_MUST_LIFE = 38
# The power a Battle card gives your Battle Cards with a trait while it is in the Battle Area ("[Permanent]
# [Your Turn] All of your Battle Cards with 《Angel》 in their special traits get +10000 power."): the kinds
# whose T_FOUND_BY has its T_ALLY_BIT get T_ALLY_AURA.
T_ALLY_AURA, T_ALLY_BIT = 39, 40
# The top cards of the deck placed in the drop area ("Place the top 3 cards of your deck into their owner's
# Drop.", T_MILL + trigger), and the cards added from the drop area to the hand ("Add up to 1 Extra from your
# Drop to your hand.", T_RECOVER + trigger): the kinds whose T_FOUND_BY has the card's T_RECOVER_BIT, only
# while the card's condition holds when T_RECOVER_IF is 1.
T_MILL, T_RECOVER, T_RECOVER_BIT, T_RECOVER_IF = 41, 44, 47, 48
# 1 for a Battle card that switches itself to Active Mode when it attacks, once per turn ("[When Attacking]
# [Once per turn] Switch this card to Active Mode."): it may attack again that turn (_attack_phase).
T_UNTAP = 49
# 1 for a Battle card that does not untap in your charge phase ("[Permanent] This card can't be switched to
# Active Mode during your Charge Phase."): once it attacked, it stays rested (_untap_and_draw).
T_NO_UNTAP = 50
# Power for the turn a Battle card's On Play or an Extra's Activate: Main gives ("[On Play] This card gets
# +25000 power for the turn.", "... your Leader gets +5000 power for the turn.", "choose up to 1 of your
# Battle Cards and it gets +10000 power for the turn."): to itself (T_TURN_SELF), to your Leader
# (T_TURN_LEADER), to 1 of your cards the skill chooses (T_TURN_CHOSEN: a Battle card whose T_FOUND_BY has
# its T_TURN_BIT, or the Leader if its face may be chosen, T_TURN_LEADER_OK + face); T_TURN_WAITS: 1 when
# they wait for the card's condition (T_COND).
T_TURN_SELF, T_TURN_LEADER, T_TURN_CHOSEN, T_TURN_BIT, T_TURN_LEADER_OK, T_TURN_WAITS = 51, 52, 53, 54, 55, 57
# A "control-at-least" condition counts your Battle Cards whose T_FOUND_BY has its T_COND_BIT, and your Leader
# if its face has the filter's trait (T_COND_LEADER + face).
# A "leader" condition holds while the Leader's face is one its filter names: T_COND_LEADER + face, 1 or 0.
T_COND_BIT, T_COND_LEADER = 58, 59
# 1 when the Battle cards a card's skill plays from the hand (T_PLAY) wait for its condition (T_COND): "If
# your Leader has 《Majin》 in its special traits, play up to 1 ...".
T_PLAY_IF = 61
# 1 for a Battle card, 2 for a Field, with an [Activate Main] paid by resting it ("[Activate Main] Switch this
# card to Rest Mode : Draw 1 card."), 3 for a Battle card with a [Once per turn] one that does not rest it
# ("[Activate Main][Once per turn] Discard 1 card from your hand : Draw 1 card."): its skill is in its
# TR_CAST columns (neither uses them otherwise) and is used after the attacks (_main_skills).
T_DULL = 62
T_DULL_BATTLE, T_DULL_FIELD, T_ONCE_A_TURN = 1, 2, 3  # its values
# 1 when a card's skill plays its Battle cards (T_PLAY) from the drop area, not the hand ("Then, play up to 1
# <Android 18> with a cost of 3 or less from your Drop.").
T_PLAY_DROP = 63
# An energy marker placed if you have none ("If you don't have an energy marker, you place 1 energy
# marker.", 5-11-1): bit 1 << trigger of T_MARKER. T_AURA_WAITS: 1 when the
# power a Battle card gives your Leader (T_LEADER_AURA) waits for the card's condition (T_COND: "[Permanent]
# [Your Turn] If you have 8 or more energy, your Leader gets +20000 power."). An Extra's [Activate: Battle]:
# the cards it draws after its power, when its condition holds then (T_PUMP_DRAW: "... +15000 power for the
# battle. Then, if you have a card in your Combo Area, draw 1 card."), and whether its power waits for its
# condition (T_PUMP_WAITS). T_COMBO_POWER: a Battle card's own power in its battle while the combo area holds
# a card ("[Permanent] While this card is in a battle and if you have a card in your Combo Area, this card
# gets +5000 power.").
T_MARKER, T_AURA_WAITS, T_PUMP_DRAW, T_PUMP_WAITS, T_COMBO_POWER = 64, 65, 66, 67, 68
# Up to N hand cards a Battle card's On Play puts into the energy area ("Add up to 1 card from your hand to
# your energy.", active: 3-8-3).
T_HAND_ENERGY = 69
# The triggers whose look at the top cards (T_LOOK + trigger) waits for the card's condition (T_COND), bit
# 1 << trigger: "[When Attacking] If your Leader is <X>, look at 5 cards from the top of your deck, ...".
T_LOOK_IF = 70
# The Leader faces (bit 1 << face) on which the card's condition fails whatever else holds: its Leader part
# names not that face ("If your Leader is <Son Goku> and your life is at 2 or less, draw 2 cards.").
T_COND_NOT_FACES = 71
# A card's cost in the hand made smaller ("[Permanent] If you have 6 or more energy, reduce the cost of this
# card in your hand by 1.", while its condition T_COND holds if it has one): T_HAND_COST_CUT, by how much
# (_cost_in_hand; a Battle card's, or an Extra's the main phase's plan pays). Your rested Battle Cards a
# Battle card's On Play switches to Active Mode ("[On Play] Choose up to 1 of your <Piccolo> Battle Cards with
# a cost of 3 and switch it to Active Mode."): up to T_ACTIVATE_ALLIES of those whose T_FOUND_BY has its
# T_ACTIVATE_ALLIES_BIT (_activate_allies).
T_HAND_COST_CUT, T_ACTIVATE_ALLIES, T_ACTIVATE_ALLIES_BIT = 72, 73, 74
# The top cards of the deck looked at and placed at its top or bottom in any order ("Look at 3 cards from the
# top of your deck and place them at the top or bottom of your deck in any order.", T_ORDER + trigger):
# _order_top.
T_ORDER = 75
# Up to N cards a Battle card's On Play puts from the drop area into the energy area, active (T_DROP_ENERGY:
# "Add up to 1 card with a cost of 3 or more from your Drop to your energy."), those whose T_FOUND_BY has its
# T_DROP_ENERGY_BIT: _drop_to_energy.
T_DROP_ENERGY, T_DROP_ENERGY_BIT = 78, 79
# How many cards the power for the turn of T_TURN_CHOSEN goes to, each chosen once (`targets`: "choose up to
# 2 of your Battle Cards with 《X》 ... and they get ..."; LARGEST_N: all of them): 0 or 1, one.
T_TURN_TARGETS = 80
# A Battle card's [Auto][Once per turn] draw when a card is used in a combo while it is in a battle ("When
# you use a card in a combo while this card is in a battle, draw 1 card.", `combo`), only a card of your
# Battle Area when T_COMBO_DRAW_FROM_BATTLE_AREA is 1 ("When a card is used in a combo from your Battle
# Area while this card is in a battle, draw 2 cards. Then, discard 1 card from your hand.",
# `battle-area-combo`): T_COMBO_DRAW cards, then T_COMBO_DRAW_DISCARD discarded (_combo_draw), or, when
# T_COMBO_DRAW_ACTIVATES is 1, the card switched to Active Mode ("... draw 1 card. Then, switch this card to
# Active Mode."): after the battle it attacks again (_attack_phase).
T_COMBO_DRAW, T_COMBO_DRAW_DISCARD, T_COMBO_DRAW_FROM_BATTLE_AREA, T_COMBO_DRAW_ACTIVATES = 81, 82, 83, 84
# A Battle card's Strike keyword while its condition (T_COND) holds: the damage its attacks then deal
# ("[Permanent] If you have 8 or more energy, this card gains [Double Strike].": 2, 15-6-2), checked in the
# damage step (_battle). T_ORDER_IF: the triggers whose top cards ordered (T_ORDER + trigger) wait for the
# card's condition, bit 1 << trigger ("[On Play] If you have 7 or fewer cards in your hand, look at the top
# card of your deck and place it at the top or bottom of its owner's deck. Then, draw 1 card.").
T_COND_STRIKE, T_ORDER_IF = 85, 86
# 1 when a Battle card's switch of itself to Active Mode when it attacks (T_UNTAP) waits for its condition
# (T_COND): "[When Attacking][Once per turn] If you have a <Caulifla> Battle Card with a cost of 5, switch
# this card to Active Mode.".
T_UNTAP_IF = 87
# A skill whose cost KOs T_KO_COST of your Battle Cards, those whose T_FOUND_BY has its T_KO_COST_BIT ("[On
# Play] KO 1 of your <Saibaman> Battle Cards : Draw 2 cards.", a Battle card's On Play or an Extra's Activate:
# Main): every effect of that trigger waits for it (_pay_ko). T_KO_WAITS: 1 for an Extra, which the plan
# uses only while a card of the Battle Area could pay (S_KO_PAYERS). T_KO_SHY: 1 for a kind whose text
# speaks of its being KO'd ([When KO'd], "can't be KO'd"), which no such cost KOs (engine/played_text/
# dbsfw.py, _KO), and for one that leaves at the end of the turn once it attacked (T_AFTER_ATTACK 1).
T_KO_COST, T_KO_COST_BIT, T_KO_WAITS, T_KO_SHY = 88, 89, 90, 91
# A Battle card's On Play whose cost places T_ENERGY_COST of your energy cards in the drop area, for a skill
# that puts as many back ("[On Play] Place 1 card from your energy in your Drop : Add the top card of your
# deck to your energy."): every effect of the On Play waits for it (_energy_to_drop).
T_ENERGY_COST = 92
# The power an Extra's [Activate: Battle] gives the card in the battle after its first (T_PUMP): T_PUMP_MORE
# more while the Extra's condition (T_COND) holds ("... +15000 power for the battle. Then, if you have 6 or
# more energy, that card gets +10000 power for the battle."), T_PUMP_EACH more for each of your cards its
# filter counts, the Battle cards whose T_FOUND_BY has its T_PUMP_EACH_BIT and the Leader while its face
# has the trait (T_PUMP_EACH_LEADER + face): "Then, that card gets +5000 power for the battle for each card
# with 《Ginyu Force》 in its special traits among your Leader and Battle Cards." (_pump_power).
T_PUMP_MORE, T_PUMP_EACH, T_PUMP_EACH_BIT, T_PUMP_EACH_LEADER = 93, 94, 95, 96
# A Battle card's attacks: 1 when it never attacks ("[Permanent] This card can't attack.", "... can't attack
# your opponent's Leader.", the one target this opponent has), 2 when it attacks whenever it can
# ("[Permanent] This card must attack whenever possible.": also when it cannot reach the guard, and it is
# never used in a combo from the Battle Area instead): _attack_phase, _gather_combos.
T_ATTACK_RULE = 98
# A Battle card's When Attacking that makes it leave the Battle Area: 1 at the end of the turn, to the bottom
# of the deck ("[When Attacking] At the end of the turn, place this card at the bottom of your deck.": once,
# if it attacks twice; _end_of_turn), 2 KO'd at the end of that battle ("[When Attacking] At the end of the
# battle, KO this card.": to the drop area, _attack_phase). The autopilot never uses a card of 1 in a combo
# from the Battle Area nor KOs one for a cost (T_KO_SHY), so the copies that attacked are still there at
# the end of the turn.
T_AFTER_ATTACK = 99
# The top cards of the deck a Battle card's On Play or an Extra's Activate: Main puts into the energy area in
# Rest Mode ("Add the top card of your deck to your energy in Rest Mode.", T_REST_ENERGY): rested, they pay
# nothing this turn (_rest_entered); T_REST_ENERGY_IF: 1 when they wait for the card's condition (T_COND),
# T_REST_ENERGY_MAY: 1 for "up to" N, taken only while the deck keeps the next turn's draw after them.
# T_DROP_ENERGY_RESTED: 1 when the cards of T_DROP_ENERGY go into the energy area in Rest Mode ("... from your
# Drop to your energy in Rest Mode.").
T_REST_ENERGY, T_REST_ENERGY_IF, T_REST_ENERGY_MAY, T_DROP_ENERGY_RESTED = 100, 101, 102, 103
# Your rested energy switched to Active Mode by a skill of a trigger ("[On Play] Draw 1 card. Then, switch 2
# of your energy to Active Mode.", T_ACTIVATE_ENERGY + trigger): _activate_energy. T_ACTIVATE_ENERGY_IF: the
# triggers (bit 1 << trigger) whose switch waits for the card's condition (T_COND).
T_ACTIVATE_ENERGY, T_ACTIVATE_ENERGY_IF = 104, 107
# 1 when a Battle card's KO cost (T_KO_COST) pays for its [Activate Main] (T_DULL T_ONCE_A_TURN: "[Activate
# Main][Once per turn] KO 1 of your Battle Cards : Draw 1 card."), not for its On Play: _main_skills pays
# it, not _resolve_played.
T_MAIN_KO = 108
# A Battle card's [Activate Main][Once per turn] that switches it to Active Mode ("[Activate Main][Once per
# turn] If you have 7 or fewer cards in your hand, switch this card to Active Mode."): used after its first
# battle of the turn, so it attacks again (_attack_phase); T_MAIN_UNTAP_ALWAYS, or T_MAIN_UNTAP_IF while its
# condition (T_COND) holds then.
T_MAIN_UNTAP = 109
T_MAIN_UNTAP_ALWAYS, T_MAIN_UNTAP_IF = 1, 2  # its values
# 1 for a Battle card whose power for the turn (T_TURN_*) is its [Activate Main][Once per turn], not an On
# Play ("[Activate Main][Once per turn] Discard 1 card from your hand : This card gets +15000 power for the
# turn.", "... If you have 7 or fewer cards in your hand, this card and your Leader get +5000 power for the
# turn."): used in the main phase before the attacks, once by each copy in the Battle Area, after its cost,
# a discard (T_PAID_DISCARD + TR_CAST) or a KO (T_KO_COST, T_MAIN_KO), if it has one (_main_power).
T_MAIN_POWER = 110
# 1 when the Battle cards a card's skill plays (T_PLAY) enter the Battle Area in Rest Mode ("... from your
# hand in Rest Mode."): they neither attack nor rest for a skill until they untap (_play_found).
T_PLAY_RESTED = 111
# The triggers (bit 1 << trigger) whose discard after the draw (T_DISCARD + trigger) waits for the card's
# condition (T_COND) as the draw before it does, checked once for both ("[On Play] If you removed an energy
# marker to use this card, draw 2 cards and discard 1 card from your hand.": 0-3-17).
T_DISCARD_IF = 112
# A Battle card's [Auto] when it is itself used in a combo from the Battle Area ("[Auto] When this card is
# used in a combo from the Battle Area, play up to 1 <Super Sigma> with a cost of 2 from your hand.",
# `used-in-combo`): up to T_COMBO_PLAY Battle cards played from the hand at that combo's checkpoint, the
# ones whose T_FOUND_BY has its T_PLAY_BIT (_combo_play). T_ENTER_TEXT: 1 for a kind with an On Play the
# goldfish plays, which such a play in a battle passes over ("up to" lets it): the goldfish resolves On
# Play text in the main phase only (_resolve_played).
T_COMBO_PLAY, T_ENTER_TEXT = 113, 114
N_TEXT = 115
C_HAND_AT_MOST, C_ENERGY_AT_LEAST, C_DROP_AT_LEAST, C_LIFE_AT_MOST, C_AWAKENED, C_MARKER = range(6)
C_CONTROL_AT_LEAST = 6
C_COMBO_AT_LEAST, C_NO_MARKER, C_ACTIVE_ENERGY_AT_LEAST, C_LEADER = 8, 9, 10, 11
C_RESTED, C_IN_DROP_AT_LEAST, C_RESTED_CONTROL_AT_LEAST = 12, 13, 14
C_MARKER_PAID = 18  # an energy marker paid for the card itself (S_MARKER_PAID_NOW)

# Rule and policy integers passed to the compiled code, in this order.
K_GOING_FIRST, K_MAX_TURNS, K_OPP_POWER, K_OPP_LIFE, K_OPP_DECK, K_OPP_AWAKE_LIFE = range(6)
K_OPP_AWAKE_POWER, K_OPP_HITS_FROM, K_MULLIGAN, K_MULL_COST, K_MULL_CARD, K_CHARGE = range(6, 12)
K_ENERGY_TARGET, K_SAFEGUARD, K_PLAY_EXTRAS, K_T1_DRAW, K_AWAKEN_LIFE, K_NO_SHUFFLE = range(12, 18)
K_WATCH = 18  # a kind whose presence in the kept hand and after the own-turn-1 draw is counted, or -1
# The if-missing redraw looks for kinds K_MULL_CARD..K_MULL_LAST: every printing of one card (kinds are in
# number order, so FZ00-012 and its parallel FZ00-012_p1 sit side by side).
K_MULL_LAST = 19
K_START_LIFE = 20  # 8 (6-2-1-9), or what the Leader's game-start Permanent says (6-2-2)
# The game's draw rules (engine.games.dbsfw): opening hand, draws per turn, the first player's turn-1 draws.
K_HAND, K_DRAWS, K_T1_DRAWS = range(21, 24)
K_DEALT = 24  # the pool's first cards are a fixed opening hand (base.Opening): the shuffle leaves them
K_MAIN_SKILLS = 25  # 1 when a kind of the deck has T_DULL (with card effects on): _main_skills runs
# 1 when a kind of the deck has a T_COMBO_POWER, a T_PUMP_DRAW, a T_COMBO_DRAW, a T_COND_STRIKE or a
# T_COMBO_PLAY: the attacks look for them only then.
K_BATTLE_TEXT = 26
K_KO_COSTS = 27  # 1 when a kind of the deck has T_KO_COST: the turn counts who may pay it (S_KO_PAYERS)
K_MAIN_POWER = 28  # 1 when a kind of the deck has T_MAIN_POWER: _main_power runs
N_KNOBS = 29
MULLIGAN_RULES = ("never", "no-cheap-battle", "if-missing")
CHARGE_RULES = ("to-target", "always", "never")

# Leader facts, front then back: power, colour mask, keyword bits; then whether there is a back face and
# the cards its Awaken draws, and the cards its When Attacking draws, front then back (its text, with card
# effects on).
L_POWER, L_COLOURS, L_FLAGS = 0, 1, 2
L_HAS_BACK, L_AWAKEN_DRAW, L_ATTACK_DRAW = 6, 7, 8
# A Leader face's own power while a condition holds ("[Permanent][Your Turn] If you have 6 or more energy,
# this card gets +10000 power."), at L_FACE_COND + 3 * face: the power, the condition's code + 1 (0: none),
# its n.
L_FACE_COND = 10
# The top cards of the deck the Leader's Awaken places in the drop area ("[Awaken] When your life is at 4 or
# less, place the top 10 cards of your deck into their owner's Drop. Then, flip this card over.").
L_AWAKEN_MILL = 16

MAX_LOG = 8192


# ---- paying costs (§7.3) ----


@kernel
def _payable(need, groups, total):
    """Can `total` units pay with need[c] of them of colour c, one pip per unit (5-3-1, OQ-7)?

    `groups[m]` counts the units whose colour set is the mask m (energy cards; markers count as
    one unit of any Leader colour, 1-11-2). By Hall's theorem the pips can be matched to units iff
    every set S of colours needs no more pips than there are units with a colour in S."""
    units = 0
    for m in range(32):
        units += groups[m]
    if total > units:
        return False
    for s in range(1, 32):
        want = 0
        for c in range(5):
            if s & (1 << c):
                want += need[c]
        if want == 0:
            continue
        have = 0
        for m in range(1, 32):
            if m & s:
                have += groups[m]
        if want > have:
            return False
    return True


@kernel
def _markers_needed(need, groups, total, markers, marker_mask, g):
    """The fewest energy markers that make the payment possible (markers last, §11.5), or -1. `g` is
    scratch space as long as `groups`."""
    copy_prefix(g, groups, 32)
    for m in range(markers + 1):
        if _payable(need, g, total):
            return m
        g[marker_mask] += 1
    return -1


@kernel
def _plan(hand, nh, markers, marker_mask, wild, kind_ok, must_ok, field, kpay, kspec, kvalue, ktext, plan, s,
          battle):  # fmt: skip
    """What to play (§11.5): the hand cards of greatest total cost the energy can pay, Battle cards
    first, then the text they play (_text_value), then the most power (kvalue). A 0/1 knapsack by
    exact total cost; from the largest total down, the best set of that total is kept if its colours
    can be paid. `wild` extra units of any colour stand for the card about to be charged. A card that must
    take life cards only when `must_ok` (_must_life_ok). A Field played for its rest skill (T_DULL 2): one
    copy at most, and none while that Field (`field`, the kind in place or -1) is in place: a second would
    replace the first (15-3-4) and the skill is used once a turn. Each card at its cost in the hand now
    (_cost_in_hand, with the state `s` and `battle` before the plan). Counts plan.groups first
    (_count_groups); marks `plan.chosen[p]`; returns the total cost."""
    units = plan.units
    copy_prefix(units, plan.groups, 32)
    units[marker_mask] += markers
    units[ALL_COLOURS] += wild
    cap = 0
    for m in range(32):
        cap += units[m]
    best = plan.best
    keep = plan.taken
    best[: cap + 1] = -1
    best[0] = 0
    keep[:nh, : cap + 1] = False
    fields = 0
    for p in range(nh):
        k = hand[p]
        if not kind_ok[k] or (ktext[k, T_MUST_LIFE] > 0 and not must_ok):
            continue
        if ktext[k, T_KO_WAITS] == 1 and s[S_KO_PAYERS] & ktext[k, T_KO_COST_BIT] == 0:
            continue  # an Extra whose KO cost no card of the Battle Area could pay
        if ktext[k, T_DULL] == T_DULL_FIELD:
            if fields > 0 or k == field:
                continue
            fields += 1
        w = _cost_in_hand(k, kpay, kspec, ktext, s, battle)
        if w > cap:
            continue
        for c in range(cap, w - 1, -1):
            if best[c - w] >= 0 and best[c - w] + kvalue[k] > best[c]:
                best[c] = best[c - w] + kvalue[k]
                keep[p, c] = True
    chosen = plan.chosen
    need = plan.need
    for total in range(cap, -1, -1):
        if best[total] < 0:
            continue
        chosen[:nh] = False
        need[:] = 0
        c = total
        for p in range(nh - 1, -1, -1):
            if keep[p, c]:
                chosen[p] = True
                c -= _cost_in_hand(hand[p], kpay, kspec, ktext, s, battle)
                for col in range(5):
                    need[col] += kspec[hand[p], col]
        if _payable(need, units, total):
            return total
    chosen[:nh] = False
    return 0


# ---- the game ----

# The counts of one game, in one array the phases update; the first ones are ZONES' counts.
S_TOP, S_HAND, S_LIFE, S_ENERGY, S_BATTLE, S_FIELD, S_DROP, S_COMBO, S_MARKERS = range(9)
S_OPP_LIFE, S_OPP_HAND, S_OPP_DROP, S_OPP_DECK, S_FACE, S_OPP_TURN, S_SEEN_T1 = range(9, 16)
# This turn's payment so far (energy units, markers among them) and the markers before it: an Extra used in
# a battle pays with what the main phase left (its colours in plan.need).
S_PAID, S_MARKERS_BEFORE = 16, 17
# The life cards the plan's cards still must take into the hand On Play this main phase (T_MUST_LIFE): an
# "up to" take leaves them and the last one (_skill).
S_MUST_LIFE = 18
S_LEADER_BONUS = 19  # the power for the turn card text gave the Leader (T_TURN_*)
# Your rested Battle Cards the attacker's "rested-control-at-least" condition counts, as it attacks
# (_count_rested), for its When Attacking draw.
S_RESTED_COUNTED = 20
# The T_FOUND_BY bits of the Battle cards that may pay a KO cost at the start of the turn (_ko_payers).
S_KO_PAYERS = 21
# The colour pips (one slot a colour) of the energy cards text put into the energy area in Rest Mode this turn
# and still rested: counted in plan.need as a payment's, so a later payment this turn leaves them out
# (_rest_entered, _activate_energy).
S_RESTED_PIPS = 22
# The kind + 1 (0: none) of the plan's card an energy marker was removed to pay for this turn, because its
# text rewards that (C_MARKER_PAID: _marker_for_reward), until its first copy of the plan resolves; and 1
# while that copy's text resolves (_resolve_played).
S_MARKER_PAID, S_MARKER_PAID_NOW = 27, 28
N_STATE = 29

# The arrays of one game, made once per batch and reused game after game. `width` is the deck size,
# since no zone holds more cards. The plan's and the attacks' work arrays are tuples of their own: a call
# copies every array it is passed, so a helper gets only the ones it uses.
Game = namedtuple(
    "Game",
    "s nlog rng deck hand life energy battle b_active combo kind_ok kvalue rest key best_key plan attack"
    " played drop",
)
Knapsack = namedtuple("Knapsack", "groups units best taken need chosen")
Attackers = namedtuple("Attackers", "order gone fuel used bonus leaving")


@njit(cache=True)
def new_game(width, n_kinds, life_cards):
    cap = width + 3  # the knapsack's units: energy cards, at most one marker, one wild unit, and 0
    plan = Knapsack(
        np.zeros(32, dtype=np.int64),  # energy cards by colour set (_payable)
        np.zeros(32, dtype=np.int64),  # the same with markers and the wild unit
        np.empty(cap, dtype=np.int64),  # best value by exact total cost
        np.empty((width + 1, cap), dtype=np.bool_),  # whether hand card p is in the best set of a total
        np.zeros(5, dtype=np.int64),  # the chosen cards' colour pips
        np.zeros(width + 1, dtype=np.bool_),  # the chosen hand positions
    )
    attack = Attackers(
        np.empty(width + 1, dtype=np.int64),  # attackers: -1 the Leader, else a board index
        np.zeros(width + 1, dtype=np.bool_),  # board cards moved to the combo area this turn
        np.empty(2 * width + 1, dtype=np.int64),  # combo candidates: hand position, or -1 - board index
        np.zeros(2 * width + 1, dtype=np.bool_),  # the combos chosen among them
        np.zeros(width + 1, dtype=np.int64),  # power for the turn card text gave each board card (T_TURN_*)
        np.zeros(n_kinds, dtype=np.int64),  # by kind, the copies that leave at the end of the turn
    )
    return Game(
        np.zeros(N_STATE, dtype=np.int64),
        np.zeros(1, dtype=np.int64),  # log rows written
        np.zeros(1, dtype=np.uint64),
        np.empty(width, dtype=np.int64),  # index s[S_TOP] is the top card of the deck area
        np.empty(width, dtype=np.int64),
        np.empty(life_cards, dtype=np.int64),
        np.empty(width, dtype=np.int64),  # kinds in the energy area
        np.empty(width, dtype=np.int64),  # kinds in the battle area (Battle cards)
        np.zeros(width, dtype=np.bool_),
        np.empty(width, dtype=np.int64),
        np.zeros(n_kinds, dtype=np.bool_),  # kinds the autopilot uses from hand
        np.zeros(n_kinds, dtype=np.int64),  # §11.5 tie-breaks: Battle cost first, then power
        np.empty(width, dtype=np.int64),  # the deck while the stacked test deck is redrawn
        np.zeros(5, dtype=np.int64),  # a charge candidate's sort key
        np.zeros(5, dtype=np.int64),
        plan,
        attack,
        np.empty(width, dtype=np.int64),  # the cards one main phase played, in order (their text)
        np.empty(width, dtype=np.int64),  # the kinds in the drop area, s[S_DROP] of them (_to_drop)
    )


@kernel
def _log(log, nlog, code, turn, phase, a, b):
    n = nlog[0]
    if n < log.shape[0]:
        log[n, 0] = code
        log[n, 1] = turn
        log[n, 2] = phase
        log[n, 3] = a
        log[n, 4] = b
        nlog[0] = n + 1


@kernel
def _strike(flags):
    """Damage of one successful attack: 1, or N with Strike N (15-6-2)."""
    if flags & F_TRIPLE:
        return 3
    if flags & F_DOUBLE:
        return 2
    return 1


@kernel
def _remove_at(hand, nh, p):
    for i in range(p, nh - 1):
        hand[i] = hand[i + 1]
    return nh - 1


@kernel
def _guard(knobs, opp_life):
    """The opponent's guard power (§11.2): its Leader's, its awakened Leader's once its life is low."""
    if knobs[K_OPP_AWAKE_LIFE] > 0 and opp_life <= knobs[K_OPP_AWAKE_LIFE]:
        return knobs[K_OPP_AWAKE_POWER]
    return knobs[K_OPP_POWER]


@kernel
def _take_hand(deck, hand, s, n):
    """6-2-1-8: draw n cards from the top into an empty hand."""
    nh = 0
    top = s[S_TOP]
    for _ in range(min(n, deck.shape[0])):
        hand[nh] = deck[top]
        nh += 1
        top += 1
    s[S_TOP] = top
    s[S_HAND] = nh


@kernel
def _redraw_wanted(knobs, hand, nh, ktype, kpay):
    """The redraw policy (§11.5): no Battle card of payable total <= mulligan_max_cost, or no copy of
    the named card."""
    rule = knobs[K_MULLIGAN]
    if rule != 1 and rule != 2:
        return False
    for p in range(nh):
        k = hand[p]
        if rule == 1 and ktype[k] == BATTLE and kpay[k] <= knobs[K_MULL_COST]:
            return False
        if rule == 2 and knobs[K_MULL_CARD] <= k <= knobs[K_MULL_LAST]:
            return False
    return True


@kernel
def _deal(rng, knobs, pool, ktype, kpay, deck, hand, life, s, rest, log, nlog, logging):
    """Set-up (6-2-1): the deck shuffled (6-2-1-7), 6 cards drawn (6-2-1-8) and at most one redraw of
    the whole hand, the deck shuffled with it (6-2-1-8-1); the life cards (6-2-1-9) and the second
    player's energy marker (6-2-1-10). Returns (redrew, the watched kind in the kept hand)."""
    n_deck = deck.shape[0]
    copy_prefix(deck, pool, n_deck)
    if knobs[K_NO_SHUFFLE] == 0:
        shuffle(rng, deck, knobs[K_DEALT], n_deck)
    s[S_TOP] = 0
    _take_hand(deck, hand, s, knobs[K_HAND])
    if logging:
        for p in range(s[S_HAND]):
            _log(log, nlog, E_HAND, 0, P_SETUP, hand[p], 0)
    redrew = _redraw_wanted(knobs, hand, s[S_HAND], ktype, kpay)
    if redrew:
        if knobs[K_NO_SHUFFLE] == 0:
            copy_prefix(deck, pool, n_deck)  # the whole deck again (the order is shuffled away)
            shuffle(rng, deck, 0, n_deck)
        else:  # the stacked test deck: the returned hand goes to the bottom, the rest keeps its order
            top = s[S_TOP]
            copy_prefix(rest, deck, n_deck)
            w = 0
            for i in range(top, n_deck):
                deck[w] = rest[i]
                w += 1
            for i in range(top):
                deck[w] = rest[i]
                w += 1
        s[S_TOP] = 0
        _take_hand(deck, hand, s, knobs[K_HAND])
        if logging:
            _log(log, nlog, E_REDRAW, 0, P_SETUP, 0, 0)
            for p in range(s[S_HAND]):
                _log(log, nlog, E_HAND, 0, P_SETUP, hand[p], 0)
    seen_kept = False
    for p in range(s[S_HAND]):
        if hand[p] == knobs[K_WATCH]:
            seen_kept = True
    s[S_SEEN_T1] = 1 if seen_kept else 0
    # 6-2-1-9: 8 life cards (or the Leader's number, 6-2-2) from the top, one at a time; the first taken
    # ends at the bottom.
    n_life = 0
    top = s[S_TOP]
    while n_life < knobs[K_START_LIFE] and top < n_deck:
        life[n_life] = deck[top]
        n_life += 1
        top += 1
    s[S_LIFE] = n_life
    s[S_TOP] = top
    if logging:
        _log(log, nlog, E_LIFE, 0, P_SETUP, n_life, n_deck - top)
    s[S_MARKERS] = 0 if knobs[K_GOING_FIRST] == 1 else 1
    if logging and s[S_MARKERS]:
        _log(log, nlog, E_MARKER, 0, P_SETUP, s[S_MARKERS], 0)
    return redrew, seen_kept


@kernel
def _opponent_turn(knobs, own_turn, s, hand, life, log, nlog, logging):
    """The opponent's turn: only its mandatory draw (7-2-9, §11.2), then the optional simulated
    incoming damage (OQ-16), which takes our top life card to our hand (14-3-2). Returns whether the
    opponent's deck ran out (14-2-2-2)."""
    s[S_OPP_TURN] += 1
    s[S_OPP_DECK] -= knobs[K_DRAWS]
    s[S_OPP_HAND] += knobs[K_DRAWS]
    if logging:
        _log(log, nlog, E_OPP_DRAW, own_turn, P_OPP, s[S_OPP_DECK], 0)
    if s[S_OPP_DECK] <= 0:
        if logging:
            _log(log, nlog, E_OPP_DECKOUT, own_turn, P_OPP, 0, 0)
        return True
    if knobs[K_OPP_HITS_FROM] > 0 and s[S_OPP_TURN] >= knobs[K_OPP_HITS_FROM] and s[S_LIFE] > 1:
        taken = _life_to_hand(s, hand, life)
        if logging:
            _log(log, nlog, E_OWN_DAMAGE, own_turn, P_OPP, taken, s[S_LIFE])
    return False


@kernel
def _life_to_hand(s, hand, life):
    """The top life card into the hand, as damage takes it (14-3-2); returns it."""
    s[S_LIFE] -= 1
    taken = life[s[S_LIFE]]
    hand[s[S_HAND]] = taken
    s[S_HAND] += 1
    return taken


@kernel
def _untap_and_draw(own_turn, knobs, s, deck, hand, battle, b_active, ktext, log, nlog, logging):
    """Charge phase, first steps: untap (7-2-7; not the cards whose text keeps them rested, T_NO_UNTAP),
    draw 1 (7-2-9; the first player's turn 1 as OQ-1 reads). Returns whether the deck ran out, which
    loses at once (14-2-2-2)."""
    untapped = 0
    for b in range(s[S_BATTLE]):
        if ktext[battle[b], T_NO_UNTAP] == 0:
            b_active[b] = True
        untapped += 1 if b_active[b] else 0
    if logging:
        _log(log, nlog, E_UNTAP, own_turn, P_CHARGE, s[S_ENERGY], untapped)
    draws = knobs[K_DRAWS]
    if knobs[K_GOING_FIRST] == 1 and own_turn == 1:
        draws = knobs[K_T1_DRAWS] if knobs[K_T1_DRAW] == 1 else 0  # OQ-1
    n_deck = deck.shape[0]
    for _ in range(draws):
        nh = s[S_HAND]
        top = s[S_TOP]
        hand[nh] = deck[top]
        s[S_HAND] = nh + 1
        s[S_TOP] = top + 1
        if logging:
            _log(log, nlog, E_DRAW, own_turn, P_CHARGE, hand[nh], n_deck - top - 1)
        if own_turn == 1 and hand[nh] == knobs[K_WATCH]:
            s[S_SEEN_T1] = 1
        if top + 1 >= n_deck:
            if logging:
                _log(log, nlog, E_DECKOUT, own_turn, P_CHARGE, 0, 0)
            return True
    return False


@kernel
def _wants_charge(can_attack, knobs, s, hand, drop, battle, leader, ktype, kpower, kcombo, ktext):
    """The charge policy (§11.5): how many energy cards are wanted, and the last-card safeguard (keep a
    last combo card when an attacker needs it)."""
    nh = s[S_HAND]
    charge = False
    if knobs[K_CHARGE] == 0:
        charge = nh > 0 and s[S_ENERGY] < knobs[K_ENERGY_TARGET]
    elif knobs[K_CHARGE] == 1:
        charge = nh > 0
    if charge and nh == 1 and knobs[K_SAFEGUARD] == 1 and can_attack:
        k = hand[0]
        if ktype[k] == BATTLE and kcombo[k] >= 0:
            guard = _guard(knobs, s[S_OPP_LIFE])
            needed = _leader_power(leader, s, battle, ktext) < guard
            for b in range(s[S_BATTLE]):
                if _power_of(battle[b], kpower, ktext, s, battle, drop) < guard:
                    needed = True
            return not needed
    return charge


@kernel
def _colours_lacking(s, hand, energy, kcolours, kspec, kind_ok):
    """The colours (bit c) a usable hand card specifies more of than the energy cards have: what a card put
    into the energy area should bring (_charge_pick, _drop_to_energy)."""
    missing = 0
    for c in range(5):
        have = 0
        for e in range(s[S_ENERGY]):
            if kcolours[energy[e]] & (1 << c):
                have += 1
        for p in range(s[S_HAND]):
            if kind_ok[hand[p]] and kspec[hand[p], c] > have:
                missing |= 1 << c
    return missing


@kernel
def _count_groups(groups, energy, n_energy, kcolours):
    """Energy cards by colour set, for _payable."""
    groups[:] = 0
    for e in range(n_energy):
        groups[kcolours[energy[e]]] += 1


@kernel
def _charge_pick(s, hand, energy, battle, leader, ktype, kcolours, kpay, kspec, kcombo, ktext, kind_ok,
                 kvalue, plan, key, best):  # fmt: skip
    """Which card to charge (§11.5): never one of this turn's plan made with energy + 1, then by
    preference: a colour the energy lacks, an Extra whose text does nothing the goldfish plays, a card
    not castable within two turns (the most expensive), a card whose text the goldfish does not play,
    no combo, the lowest number. Returns its hand position, or -1."""
    nh = s[S_HAND]
    n_energy = s[S_ENERGY]
    markers = s[S_MARKERS]
    _count_groups(plan.groups, energy, n_energy, kcolours)
    must_ok = _must_life_ok(s, hand, ktext)
    _plan(
        hand,
        nh,
        markers,
        leader[s[S_FACE] * 3 + L_COLOURS],
        1,
        kind_ok,
        must_ok,
        s[S_FIELD],
        kpay,
        kspec,
        kvalue,
        ktext,
        plan,
        s,
        battle,
    )
    missing = _colours_lacking(s, hand, energy, kcolours, kspec, kind_ok)
    pick = -1
    for p in range(nh):
        if plan.chosen[p]:
            continue
        k = hand[p]
        late = kpay[k] > n_energy + 1 + markers + 2  # not castable within the next 2 turns
        text = _text_value(ktext, k)
        key[0] = 0 if kcolours[k] & missing else 1
        key[1] = 0 if ktype[k] == EXTRA and text == 0 else 1
        key[2] = -kpay[k] if late else 1
        key[3] = text * 10_000_000 + kcombo[k]  # text the goldfish plays last; -1 (cannot combo) first
        key[4] = k  # card number order
        better = pick < 0
        if not better:
            for i in range(5):
                if key[i] != best[i]:
                    better = key[i] < best[i]
                    break
        if better:
            pick = p
            copy_prefix(best, key, 5)
    return pick


@kernel
def _charge(own_turn, can_attack, knobs, s, hand, drop, energy, battle, leader, ktype, kcolours, kpay,
            kspec, kpower, kcombo, ktext, kind_ok, kvalue, plan, key, best, log, nlog, logging):  # fmt: skip
    """Charge phase, last step: up to one hand card to the energy area, active (7-2-11, 3-8-3)."""
    pick = -1
    if _wants_charge(can_attack, knobs, s, hand, drop, battle, leader, ktype, kpower, kcombo, ktext):
        pick = _charge_pick(
            s, hand, energy, battle, leader, ktype, kcolours, kpay, kspec, kcombo, ktext, kind_ok, kvalue,
            plan, key, best,
        )  # fmt: skip
    if pick < 0:
        if logging:
            _log(log, nlog, E_NO_CHARGE, own_turn, P_CHARGE, s[S_ENERGY], 0)
        return
    n_energy = s[S_ENERGY]
    energy[n_energy] = hand[pick]
    s[S_ENERGY] = n_energy + 1
    s[S_HAND] = _remove_at(hand, s[S_HAND], pick)
    if logging:
        _log(log, nlog, E_CHARGE, own_turn, P_CHARGE, energy[n_energy], n_energy + 1)


@kernel
def _take_top(k, n, zone, count, event, s, deck, own_turn, phase, log, nlog, logging):
    """A card's text moves the top n cards of the deck to a zone (the hand, or the energy area, active,
    3-8-3) whose size is s[count]. Returns whether the deck ran out, which loses at once (14-2-2-2)."""
    for _ in range(n):
        i = s[count]
        zone[i] = deck[s[S_TOP]]
        s[count] = i + 1
        s[S_TOP] += 1
        if logging:
            _log(log, nlog, event, own_turn, phase, k, zone[i])
        if s[S_TOP] >= deck.shape[0]:
            if logging:
                _log(log, nlog, E_DECKOUT, own_turn, phase, 0, 0)
            return True
    return False


@kernel
def _text_draws(k, n, optional, knobs, s, deck, hand, own_turn, phase, log, nlog, logging):
    """A card's text draws n; a "you may" draw only while the deck keeps the next turn's draw after it.
    Returns whether the deck ran out."""
    if optional and deck.shape[0] - s[S_TOP] < n + knobs[K_DRAWS] + 1:
        return False
    return _take_top(k, n, hand, S_HAND, E_EFFECT_DRAW, s, deck, own_turn, phase, log, nlog, logging)


@kernel
def _holds(ktext, k, s, pending, battle):
    """Whether card k's condition holds now (T_COND), with `pending` more cards in the hand than it holds:
    the cards of the main phase's plan played after k, which a player plays once k's On Play resolved. A
    count of your cards counts the Battle Area's (none leaves it in the attacks: _gather_combos). A Leader
    part joined to it must hold too (T_COND_NOT_FACES)."""
    if (ktext[k, T_COND_NOT_FACES] >> s[S_FACE]) & 1:
        return False
    code = ktext[k, T_COND] - 1
    n = ktext[k, T_COND_N]
    if code == C_CONTROL_AT_LEAST:
        count = ktext[k, T_COND_LEADER + s[S_FACE]]
        for b in range(s[S_BATTLE]):
            if ktext[battle[b], T_FOUND_BY] & ktext[k, T_COND_BIT]:
                count += 1
        return count >= n
    if code == C_HAND_AT_MOST:
        return s[S_HAND] + pending <= n
    if code == C_ENERGY_AT_LEAST:
        return s[S_ENERGY] >= n  # energy cards; a marker is not energy (1-11-3)
    if code == C_DROP_AT_LEAST:
        return s[S_DROP] >= n
    if code == C_LIFE_AT_MOST:
        return s[S_LIFE] <= n
    if code == C_AWAKENED:
        return s[S_FACE] == 1
    if code == C_MARKER:
        return s[S_MARKERS] > 0
    if code == C_COMBO_AT_LEAST:
        return s[S_COMBO] >= n
    if code == C_NO_MARKER:
        return s[S_MARKERS] == 0
    if (
        code == C_ACTIVE_ENERGY_AT_LEAST
    ):  # the energy this turn's payment did not rest (markers it used aside)
        return s[S_ENERGY] - (s[S_PAID] - (s[S_MARKERS_BEFORE] - s[S_MARKERS])) >= n
    if code == C_LEADER:
        return ktext[k, T_COND_LEADER + s[S_FACE]] == 1
    if code == C_MARKER_PAID:  # only an On Play's or an Extra's Activate: Main text waits for it (plays)
        return s[S_MARKER_PAID_NOW] == 1
    if code == C_RESTED_CONTROL_AT_LEAST:  # only a When Attacking draw waits for it (plays)
        return s[S_RESTED_COUNTED] >= n
    if code == C_RESTED:  # only a Battle card's own power waits for it (plays), which counts in its own
        return True  # attacks, and an attacker is rested as it attacks (8-1-1)
    # "in-drop-at-least": only a card's own power waits for it (plays), and _power_of counts the drop area
    return code != C_IN_DROP_AT_LEAST


@kernel
def _in_drop(ktext, k, s, drop):
    """Whether your drop area holds at least T_COND_N cards that card k's "in-drop-at-least" condition
    names (their T_FOUND_BY has its T_COND_BIT): "If you have <Kid Hero> in your Drop, this card gets
    +10000 power."."""
    count = 0
    for i in range(s[S_DROP]):
        if ktext[drop[i], T_FOUND_BY] & ktext[k, T_COND_BIT]:
            count += 1
    return count >= ktext[k, T_COND_N]


@kernel
def _cond_now(ktext, k, s, battle, drop):
    """Whether Battle card k's condition holds now for what it gives itself (its power, its Strike): one
    of the drop area's cards (_in_drop), or any other (_holds)."""
    if ktext[k, T_COND] - 1 == C_IN_DROP_AT_LEAST:
        return _in_drop(ktext, k, s, drop)
    return _holds(ktext, k, s, 0, battle)


@kernel
def _power_of(k, kpower, ktext, s, battle, drop):
    """A Battle card's power now: its own, with the power of its condition while that holds (15000 +
    "If your Leader is awakened, this card gets +5000 power.", or one of the drop area, _in_drop) and what
    the cards in the Battle Area give it ("All of your Battle Cards with 《Angel》 ... get +10000 power.").
    An attack counts it when it
    is declared: the combos it then needs come from the hand, which only a "cards in your hand"
    condition watches, and a smaller hand only adds power, so an attack that reaches the guard then
    still does."""
    bonus = ktext[k, T_COND_POWER]
    if bonus > 0 and not _cond_now(ktext, k, s, battle, drop):
        bonus = 0
    power = kpower[k] + bonus
    for b in range(s[S_BATTLE]):  # what the Battle Area's cards give it (they stay there: _gather_combos)
        if ktext[k, T_FOUND_BY] & ktext[battle[b], T_ALLY_BIT]:
            power += ktext[battle[b], T_ALLY_AURA]
    return power


# ---- a cost reduction in the hand, your Battle Cards switched to Active Mode ----


@kernel
def _cost_in_hand(k, kpay, kspec, ktext, s, battle):
    """Card k's cost in the hand now: its printed total cost, less its T_HAND_COST_CUT while its condition
    holds (or always, without one), never below its specified cost (1-2-2-1, 1-2-3-2). The plan checks it
    with the state before it plays anything: each condition it may wait for (plays) only grows truer as the
    main phase plays its cards (more energy, Battle Cards, cards in the drop area; fewer in the hand), so a
    card planned at its smaller cost costs that much when it is paid."""
    cut = ktext[k, T_HAND_COST_CUT]
    if cut == 0 or (ktext[k, T_COND] > 0 and not _holds(ktext, k, s, 0, battle)):
        return kpay[k]
    specified = 0
    for c in range(5):
        specified += kspec[k, c]
    return max(kpay[k] - cut, specified)


@kernel
def _activate_allies(k, own_turn, s, battle, b_active, kpower, ktext, log, nlog, logging):
    """Card k's On Play switches up to T_ACTIVATE_ALLIES of your rested Battle Cards it names to Active
    Mode, the strongest first: each may attack again this turn (in the main phase the rested ones are those
    that do not untap in the charge phase, T_NO_UNTAP; after the attacks, those rested for an [Activate
    Main]). With none rested, it does nothing."""
    for _ in range(ktext[k, T_ACTIVATE_ALLIES]):
        pick = -1
        for b in range(s[S_BATTLE]):
            if (
                not b_active[b]
                and ktext[battle[b], T_FOUND_BY] & ktext[k, T_ACTIVATE_ALLIES_BIT]
                and (pick < 0 or kpower[battle[b]] > kpower[battle[pick]])
            ):
                pick = b
        if pick < 0:
            return
        b_active[pick] = True
        if logging:
            _log(log, nlog, E_EFFECT_ACTIVATE, own_turn, P_MAIN, k, battle[pick])


@kernel
def _must_life_ok(s, hand, ktext):
    """Whether the plan may play cards that must take life cards: the life is more than all the hand's
    such takes together (the "up to" ones leave room for them, _skill)."""
    must = 0
    for p in range(s[S_HAND]):
        must += ktext[hand[p], T_MUST_LIFE]
    return s[S_LIFE] > must


@kernel
def _face_holds(code, n, s):
    """Whether a Leader face's condition on its own power holds (L_FACE_COND): of the energy, the drop
    area or the life, which the attacks leave alone or only make truer (plays)."""
    if code == C_ENERGY_AT_LEAST:
        return s[S_ENERGY] >= n  # energy cards; a marker is not energy (1-11-3)
    if code == C_DROP_AT_LEAST:
        return s[S_DROP] >= n
    return code == C_LIFE_AT_MOST and s[S_LIFE] <= n


# Inlined (as _battle, _resolve_played, _text_plays): each attack calls it, and since it may check a
# condition (_holds), LLVM left it a call.
@inline_kernel
def _leader_power(leader, s, battle, ktext):
    """The Leader's power now: its face's own, with the power the Battle cards in the Battle Area give it
    (they stay there in the attacks: _gather_combos; while its condition holds, for a card whose power
    waits for one) and the power for the turn card text gave it."""
    face = s[S_FACE]
    power = leader[face * 3 + L_POWER] + s[S_LEADER_BONUS]
    cond = L_FACE_COND + 3 * face
    if leader[cond] > 0 and _face_holds(leader[cond + 1] - 1, leader[cond + 2], s):
        power += leader[cond]
    for b in range(s[S_BATTLE]):
        aura = ktext[battle[b], T_LEADER_AURA + face]
        if aura != 0 and (ktext[battle[b], T_AURA_WAITS] == 0 or _holds(ktext, battle[b], s, 0, battle)):
            power += aura
    return power


@kernel
def _text_value(ktext, k):
    """What the plan counts a card's text worth, between its cost and its power (§11.5 with card text): 1
    a card drawn (also by a draw that waits for a condition), a life card taken into the hand, a search, a
    card added from the drop area, a card played from the hand, power in a battle or for the turn,
    less 1 a card discarded, 2 a card into the
    energy area (from the deck or the drop area), 1 a hand card into it or an energy marker On Play or a card
    from the deck into it in Rest Mode (energy from the next turn on), 3 a life card of damage; never below
    0."""
    turn_power = ktext[k, T_TURN_SELF] + ktext[k, T_TURN_LEADER] + ktext[k, T_TURN_CHOSEN]
    v = 2 * ktext[k, T_ENTER_ENERGY] + (1 if ktext[k, T_PUMP] > 0 or turn_power > 0 else 0)
    v += ktext[k, T_PUMP_DRAW] + ktext[k, T_HAND_ENERGY] + (1 if ktext[k, T_MARKER] & (1 << TR_ENTER) else 0)
    v += 2 * ktext[k, T_DROP_ENERGY] + ktext[k, T_REST_ENERGY]
    for trigger in range(3):
        v += ktext[k, T_DRAW + trigger] + ktext[k, T_COND_DRAW + trigger] + ktext[k, T_LIFE + trigger]
        v += ktext[k, T_PLAY + trigger] + ktext[k, T_RECOVER + trigger]
        v += 3 * ktext[k, T_DAMAGE + trigger]
        v += 1 if ktext[k, T_LOOK + trigger] > 0 else 0
        v += (
            ktext[k, T_PAID_DRAW + trigger]
            - ktext[k, T_PAID_DISCARD + trigger]
            - ktext[k, T_DISCARD + trigger]
        )
    v -= ktext[k, T_KO_COST] + 2 * ktext[k, T_ENERGY_COST]  # a Battle card KO'd, an energy card lost
    return max(min(v + ktext[k, T_MUST_LIFE], 99), 0)


@kernel
def _has_cast_text(ktext, k):
    """Whether an Extra's Activate: Main does something the goldfish plays, so it is worth playing."""
    cast = ktext[k, T_DRAW + TR_CAST] + ktext[k, T_COND_DRAW + TR_CAST] + ktext[k, T_DAMAGE + TR_CAST]
    cast += ktext[k, T_LOOK + TR_CAST] + ktext[k, T_PLAY + TR_CAST] + ktext[k, T_RECOVER + TR_CAST]
    cast += ktext[k, T_TURN_CHOSEN] + ktext[k, T_TURN_LEADER]
    cast += ktext[k, T_ORDER + TR_CAST]
    return cast + ktext[k, T_LIFE + TR_CAST] + ktext[k, T_PAID_DRAW + TR_CAST] + ktext[k, T_ENTER_ENERGY] > 0


@kernel
def _text_search(k, look, s, deck, hand, ktext, own_turn, phase, log, nlog, logging):
    """A card's "look at the top N cards of your deck, reveal up to 1 {trait} card among them and add it
    to your hand, and place the rest at the bottom of your deck": the first such card goes to the hand,
    the others looked at go under the deck. Returns whether the deck ran out (14-2-2-2)."""
    top = s[S_TOP]
    end = min(top + look, deck.shape[0])
    for i in range(top, end):
        if ktext[deck[i], T_FOUND_BY] & ktext[k, T_SEARCH_BIT]:
            deck[top], deck[i] = deck[i], deck[top]
            rotate_left(deck, top + 1, deck.shape[0], end - top - 1)  # the rest go to the bottom
            return _take_top(
                k, 1, hand, S_HAND, E_EFFECT_SEARCH, s, deck, own_turn, phase, log, nlog, logging
            )
    rotate_left(deck, top, deck.shape[0], end - top)  # none found: all of them go to the bottom
    if logging:
        _log(log, nlog, E_EFFECT_SEARCH, own_turn, phase, k, -1)
    return False


@kernel
def _order_top(k, n, s, deck, ktext, kind_ok, kvalue, own_turn, phase, log, nlog, logging):
    """Card k's "look at the top n cards of your deck and place them at the top or bottom of your deck in
    any order": the autopilot's order, by what it knows (the n cards; the deck below stays hidden): the
    cards it uses (a card the plan plays, an Extra used in a battle) on the top, the one the plan values
    most first (_keep_rank; ties: the order they were in), so it draws them soonest; the others to the
    bottom, in the order they were in."""
    start = s[S_TOP]
    end = min(start + n, deck.shape[0])
    for i in range(start + 1, end):  # insertion sort, the most valued first, stable
        c = deck[i]
        j = i
        while j > start and _keep_rank(deck[j - 1], kind_ok, kvalue) < _keep_rank(c, kind_ok, kvalue):
            deck[j] = deck[j - 1]
            j -= 1
        deck[j] = c
    kept = 0
    while start + kept < end and (kind_ok[deck[start + kept]] or ktext[deck[start + kept], T_PUMP] > 0):
        kept += 1
    rotate_left(deck, start + kept, deck.shape[0], end - start - kept)
    if logging:
        _log(log, nlog, E_EFFECT_ORDER, own_turn, phase, k, kept)


@kernel
def _to_drop(k, s, drop):
    """Card k goes to the drop area (its kinds are kept: text adds them back to the hand, _recover)."""
    drop[s[S_DROP]] = k
    s[S_DROP] += 1


@kernel
def _recover(k, n, s, hand, drop, ktext, kind_ok, kvalue, own_turn, phase, log, nlog, logging):
    """Card k's text adds up to n cards its filter finds from the drop area to the hand: each time the one
    the plan values most (_keep_rank: a card it plays first, then cost, text, power), as many as there are
    (adding one never costs the goldfish anything)."""
    for _ in range(n):
        best = -1
        for i in range(s[S_DROP]):
            c = drop[i]
            if ktext[c, T_FOUND_BY] & ktext[k, T_RECOVER_BIT] and (
                best < 0 or _keep_rank(c, kind_ok, kvalue) > _keep_rank(drop[best], kind_ok, kvalue)
            ):
                best = i
        if best < 0:
            return
        c = _take_from_drop(best, s, drop)
        hand[s[S_HAND]] = c
        s[S_HAND] += 1
        if logging:
            _log(log, nlog, E_EFFECT_RECOVER, own_turn, phase, k, c)


@kernel
def _take_from_drop(i, s, drop):
    """The card at place i of the drop area, taken out of it (its last card fills the place: the drop
    area's order does not matter)."""
    c = drop[i]
    s[S_DROP] -= 1
    drop[i] = drop[s[S_DROP]]
    return c


@kernel
def _keep_rank(k, kind_ok, kvalue):
    """How much the plan wants a hand card: its value, below every usable card's for one it never plays."""
    return kvalue[k] if kind_ok[k] else kvalue[k] - (1 << 60)


@kernel
def _discard(k, n, s, hand, drop, kind_ok, kvalue, own_turn, phase, log, nlog, logging):
    """Card k's text discards n hand cards to the drop area, as many as the hand holds: each time the
    one the plan values least (a card it never plays first, then the lowest in its order: cost, text,
    power; the latest of equals)."""
    for _ in range(min(n, s[S_HAND])):
        worst = 0
        for p in range(1, s[S_HAND]):
            if _keep_rank(hand[p], kind_ok, kvalue) <= _keep_rank(hand[worst], kind_ok, kvalue):
                worst = p
        gone = hand[worst]
        s[S_HAND] = _remove_at(hand, s[S_HAND], worst)
        _to_drop(gone, s, drop)
        if logging:
            _log(log, nlog, E_EFFECT_DISCARD, own_turn, phase, k, gone)


@kernel
def _hand_to_energy(k, n, own_turn, s, hand, energy, battle, leader, ktype, kcolours, kpay, kspec, kcombo,
                    ktext, kind_ok, kvalue, plan, key, best, played, n_planned, log, nlog,
                    logging):  # fmt: skip
    """Card k's On Play puts up to n hand cards into the energy area, active (3-8-3): each the card the
    charge phase would pick (_charge_pick), while there is one. It may pay this turn's Extras used in a
    battle: _charge_pick plans again, so the pips of this turn's payment are counted again from the plan's
    cards (the first n_planned of `played`) and the energy text put in Rest Mode (S_RESTED_PIPS)."""
    for _ in range(n):
        pick = _charge_pick(
            s, hand, energy, battle, leader, ktype, kcolours, kpay, kspec, kcombo, ktext, kind_ok, kvalue,
            plan, key, best,
        )  # fmt: skip
        if pick < 0:
            break
        energy[s[S_ENERGY]] = hand[pick]
        s[S_ENERGY] += 1
        s[S_HAND] = _remove_at(hand, s[S_HAND], pick)
        if logging:
            _log(log, nlog, E_HAND_ENERGY, own_turn, P_MAIN, k, energy[s[S_ENERGY] - 1])
    for c in range(5):
        plan.need[c] = s[S_RESTED_PIPS + c]
    for i in range(n_planned):
        for c in range(5):
            plan.need[c] += kspec[played[i], c]


@kernel
def _drop_to_energy(k, n, own_turn, s, hand, drop, energy, kcolours, kspec, ktext, kind_ok, kvalue, plan, log,
                    nlog, logging):  # fmt: skip
    """Card k's On Play puts up to n cards its filter finds from the drop area into the energy area, active
    (3-8-3), as many as there are: each time one of a colour the energy lacks for a usable hand card (as
    the charge phase picks, _charge_pick) first, then the one the plan values least (_keep_rank: the others
    stay for text that adds cards from the drop area to the hand), then the latest in the drop area; in Rest
    Mode when T_DROP_ENERGY_RESTED says so (_rest_entered)."""
    for _ in range(n):
        missing = _colours_lacking(s, hand, energy, kcolours, kspec, kind_ok)
        best = -1
        best_lacks = False
        for i in range(s[S_DROP]):
            c = drop[i]
            if not ktext[c, T_FOUND_BY] & ktext[k, T_DROP_ENERGY_BIT]:
                continue
            lacks = kcolours[c] & missing != 0
            if best < 0 or (lacks and not best_lacks):
                better = True
            elif lacks != best_lacks:
                better = False
            else:
                better = _keep_rank(c, kind_ok, kvalue) <= _keep_rank(drop[best], kind_ok, kvalue)
            if better:
                best = i
                best_lacks = lacks
        if best < 0:
            return
        c = _take_from_drop(best, s, drop)
        energy[s[S_ENERGY]] = c
        s[S_ENERGY] += 1
        if ktext[k, T_DROP_ENERGY_RESTED] == 1:
            _rest_entered(c, s, kcolours, plan)
        if logging:
            _log(log, nlog, E_DROP_ENERGY, own_turn, P_MAIN, k, c)


@kernel
def _rest_entered(c, s, kcolours, plan):
    """Card c went into the energy area in Rest Mode (1-8): this turn it pays nothing, as if this turn's
    payment had rested it: one unit more paid (S_PAID) and a pip of each of its colours in plan.need
    (S_RESTED_PIPS), so a later payment this turn (an Extra in a battle, _can_pay_more) is made of the other
    energy. A card of one colour is held exactly; one of several holds a unit of each of its colours, which
    is stricter than the card, never looser."""
    s[S_PAID] += 1
    for col in range(5):
        if kcolours[c] & (1 << col):
            s[S_RESTED_PIPS + col] += 1
            plan.need[col] += 1


@kernel
def _deck_to_rested_energy(k, n, may, knobs, s, deck, energy, kcolours, plan, own_turn, log, nlog, logging):
    """Card k's text puts the top n cards of the deck into the energy area in Rest Mode (_rest_entered); "up
    to" n (`may`) only while the deck keeps the next turn's draw after them: the cards are energy from the
    next turn on, which never speeds a kill as much as a deck-out loses one. Returns whether the deck ran
    out (14-2-2-2)."""
    if may and deck.shape[0] - s[S_TOP] < n + knobs[K_DRAWS] + 1:
        return False
    for _ in range(n):
        if _take_top(k, 1, energy, S_ENERGY, E_ENERGY_RESTED, s, deck, own_turn, P_MAIN, log, nlog, logging):
            return True
        _rest_entered(energy[s[S_ENERGY] - 1], s, kcolours, plan)
    return False


@kernel
def _activate_energy(k, n, own_turn, phase, s, plan, log, nlog, logging):
    """Card k's text switches n (or "up to" n: all it may, which never costs anything) of your rested energy
    to Active Mode, as many as are rested: those this turn's payment rested (not its markers, which are
    gone) and those text put in Rest Mode; a later payment this turn may use them (an Extra in a battle,
    _can_pay_more). Those text put in Rest Mode first (their pips leave plan.need, S_RESTED_PIPS), then
    the payment's, whose pips stay in plan.need: the next payment is checked as if the units left rested
    had paid them, which is never looser than the rules."""
    m = min(n, s[S_PAID] - (s[S_MARKERS_BEFORE] - s[S_MARKERS]))
    for _ in range(m):
        s[S_PAID] -= 1
        for col in range(5):
            if s[S_RESTED_PIPS + col] > 0:
                s[S_RESTED_PIPS + col] -= 1
                plan.need[col] -= 1
                break
    if logging and m > 0:
        _log(log, nlog, E_ENERGY_ACTIVE, own_turn, phase, k, m)


@kernel
def _skill(k, trigger, pending, knobs, s, deck, hand, life, drop, battle, ktext, kind_ok, kvalue, plan,
           own_turn, phase, log, nlog, logging):  # fmt: skip
    """The skills of card k with this trigger (TR_*), in the order: the top cards placed in the drop area
    (a "Then, if you have 10 or more cards in your Drop, draw" after it sees them), a discard paid for a
    draw (paid when the hand holds the cards and the deck keeps the next turn's draw after it), life cards
    into the hand (a "Then, if you have 7 or fewer cards in your hand, draw" after them sees them), the top
    cards ordered (a "Then, draw" after it draws the first kept), the draw and the discard after it,
    search, cards from the drop area to the hand, an energy marker if you have none (in the main phase
    after the plan paid, so it may pay for an Extra used in a battle), rested energy switched to Active Mode
    (_activate_energy), damage. Damage moves the opponent's
    life to its hand (5-8-1, 14-3-2). Returns the outcome when the game ends, else -1."""
    n = ktext[k, T_MILL + trigger]
    if n > 0 and _take_top(k, n, drop, S_DROP, E_EFFECT_MILL, s, deck, own_turn, phase, log, nlog, logging):
        return O_LOSS_DECKOUT
    d = ktext[k, T_PAID_DISCARD + trigger]
    n = ktext[k, T_PAID_DRAW + trigger]
    if d > 0 and s[S_HAND] >= d and deck.shape[0] - s[S_TOP] >= n + knobs[K_DRAWS] + 1:
        _discard(k, d, s, hand, drop, kind_ok, kvalue, own_turn, phase, log, nlog, logging)
        if _take_top(k, n, hand, S_HAND, E_EFFECT_DRAW, s, deck, own_turn, phase, log, nlog, logging):
            return O_LOSS_DECKOUT
    # life cards into the hand before the draws, so a draw's condition sees them ("Add up to 1 card from
    # your life to your hand. Then, if you have 7 or fewer cards in your hand, draw 1 card.": 「その後」);
    # "up to" N: all of them but the last life card, whose loss would lose the game (14-2-2-1), and those
    # the plan's cards must still take; then what this card must take (_must_life_ok left it room)
    must = ktext[k, T_MUST_LIFE] if trigger == TR_ENTER else 0
    s[S_MUST_LIFE] -= must
    for _ in range(max(min(ktext[k, T_LIFE + trigger], s[S_LIFE] - 1 - s[S_MUST_LIFE] - must), 0)):
        taken = _life_to_hand(s, hand, life)
        if logging:
            _log(log, nlog, E_EFFECT_LIFE, own_turn, phase, k, taken)
    for _ in range(must):
        taken = _life_to_hand(s, hand, life)
        if logging:
            _log(log, nlog, E_EFFECT_LIFE, own_turn, phase, k, taken)
    n = ktext[k, T_ORDER + trigger]  # before the draw after it ("... in any order. Then, draw 1 card.")
    if n > 0 and (ktext[k, T_ORDER_IF] & (1 << trigger) == 0 or _holds(ktext, k, s, pending, battle)):
        _order_top(k, n, s, deck, ktext, kind_ok, kvalue, own_turn, phase, log, nlog, logging)
    n = ktext[k, T_DRAW + trigger]
    may = ktext[k, T_MAY] & (1 << trigger)
    if n > 0 and _text_draws(k, n, may, knobs, s, deck, hand, own_turn, phase, log, nlog, logging):
        return O_LOSS_DECKOUT
    n = ktext[k, T_COND_DRAW + trigger]
    discard_waits = ktext[k, T_DISCARD_IF] & (1 << trigger)
    held = (n > 0 or discard_waits != 0) and _holds(ktext, k, s, pending, battle)  # once for both (0-3-17)
    if n > 0 and held and _take_top(k, n, hand, S_HAND, E_EFFECT_DRAW, s, deck, own_turn, phase, log, nlog,
                                    logging):  # fmt: skip
        return O_LOSS_DECKOUT
    if discard_waits == 0 or held:
        _discard(
            k, ktext[k, T_DISCARD + trigger], s, hand, drop, kind_ok, kvalue, own_turn, phase, log, nlog,
            logging,
        )  # fmt: skip
    n = ktext[k, T_LOOK + trigger]
    if (
        n > 0
        and (ktext[k, T_LOOK_IF] & (1 << trigger) == 0 or _holds(ktext, k, s, pending, battle))
        and _text_search(k, n, s, deck, hand, ktext, own_turn, phase, log, nlog, logging)
    ):
        return O_LOSS_DECKOUT
    n = ktext[k, T_RECOVER + trigger]
    if n > 0 and (ktext[k, T_RECOVER_IF] == 0 or _holds(ktext, k, s, pending, battle)):
        _recover(k, n, s, hand, drop, ktext, kind_ok, kvalue, own_turn, phase, log, nlog, logging)
    if ktext[k, T_MARKER] & (1 << trigger) and s[S_MARKERS] == 0:  # 5-11-1
        s[S_MARKERS] = 1
        s[S_MARKERS_BEFORE] += 1  # one more unit an Extra used in a battle may pay with (_can_pay_more)
        if logging:
            _log(log, nlog, E_EFFECT_MARKER, own_turn, phase, k, 1)
    n = ktext[k, T_ACTIVATE_ENERGY + trigger]
    waits = ktext[k, T_ACTIVATE_ENERGY_IF] & (1 << trigger)
    if n > 0 and (waits == 0 or _holds(ktext, k, s, pending, battle)):
        _activate_energy(k, n, own_turn, phase, s, plan, log, nlog, logging)
    for _ in range(min(ktext[k, T_DAMAGE + trigger], s[S_OPP_LIFE])):
        s[S_OPP_LIFE] -= 1
        s[S_OPP_HAND] += 1
        if logging:
            _log(log, nlog, E_EFFECT_DAMAGE, own_turn, phase, k, s[S_OPP_LIFE])
    return O_WIN if s[S_OPP_LIFE] <= 0 else -1


@kernel
def _turn_power(k, own, knobs, s, drop, battle, b_active, leader, kpower, ktext, bonus, own_turn, log, nlog,
                logging):  # fmt: skip
    """Card k's power for the turn (T_TURN_*): to itself (the copy at Battle Area index `own`, the one whose
    skill it is; -1 for an On Play: a copy of it in the Battle Area with the least power for the turn so
    far, as copies are alike), to your Leader, and to the 1 card the skill may choose
    that the opponent's guard needs it for most: among the short of the guard, the one it brings furthest
    up to the guard (the most combo power it saves), else the one nearest the guard (the fewest combos
    after it); when none is short (it changes nothing), the Leader, else the first in the Battle Area. Ties:
    the Leader, then the first in the Battle Area. A skill that chooses up to N (T_TURN_TARGETS) chooses so
    again among the others, N times or until none is left (all of them: each that may get it, active)."""
    n = ktext[k, T_TURN_SELF]
    if n > 0:
        got = own
        for b in range(s[S_BATTLE] if own < 0 else 0):
            if battle[b] == k and (got < 0 or bonus[b] < bonus[got]):
                got = b
        if got >= 0:
            bonus[got] += n
            if logging:
                _log(log, nlog, E_TURN_POWER, own_turn, P_MAIN, k, n)
    n = ktext[k, T_TURN_LEADER]
    if n > 0:
        s[S_LEADER_BONUS] += n
        if logging:
            _log(log, nlog, E_TURN_POWER, own_turn, P_MAIN, -1, n)
    n = ktext[k, T_TURN_CHOSEN]
    if n <= 0:
        return
    guard = _guard(knobs, s[S_OPP_LIFE])
    chosen = 0  # the cards this skill chose so far: bit b a board index, bit 62 the Leader
    for _ in range(max(ktext[k, T_TURN_TARGETS], 1)):
        best = -2  # -2: none yet, -1: the Leader, else a board index
        best_short = 0
        if ktext[k, T_TURN_LEADER_OK + s[S_FACE]] and not chosen & (1 << 62):
            best = -1
            best_short = guard - _leader_power(leader, s, battle, ktext)
        for b in range(s[S_BATTLE]):
            if chosen & (1 << b) or not (b_active[b] and ktext[battle[b], T_FOUND_BY] & ktext[k, T_TURN_BIT]):
                continue
            short = guard - _power_of(battle[b], kpower, ktext, s, battle, drop) - bonus[b]
            if best == -2 or _needs_more(short, best_short, n):
                best = b
                best_short = short
        if best == -2:
            return
        if best == -1:
            s[S_LEADER_BONUS] += n
            chosen |= 1 << 62
        else:
            bonus[best] += n
            chosen |= 1 << best
        if logging:
            _log(log, nlog, E_TURN_POWER, own_turn, P_MAIN, -1 if best < 0 else battle[best], n)


@kernel
def _needs_more(short, than, n):
    """Whether a card `short` of the guard needs power n more than one `than` short of it (_turn_power)."""
    if short <= 0 or than <= 0:
        return than <= 0 < short
    if short <= n or than <= n:
        return than > n or than < short <= n
    return short < than


# Inlined: its call passed two dozen arrays every turn, as _text_plays's did for each card played; with
# _battle and _leader_power, a fifth of the sample deck's time, effects on or off (measured side by side).
@inline_kernel
def _resolve_played(own_turn, knobs, s, deck, hand, life, drop, energy, battle, b_active, leader, ktype,
                    kcolours, kpay, kspec, kpower, kcombo, ktext, kind_ok, kvalue, plan, key, best, bonus,
                    played, n_played, log, nlog, logging):  # fmt: skip
    """The text of the cards just played, in the order they were played: a Battle card's On Play (its KO
    cost or energy cost, then energy from the deck, active or in Rest Mode, then the other skills, then its
    power for the turn, then the Battle
    card it plays from the hand, whose On Play resolves after the others), an Extra's Activate: Main (not a
    Field's paid by resting it, T_DULL: _main_skills uses it). Returns the outcome when the game ends, else
    -1."""
    n_planned = n_played
    i = 0
    while i < n_played:
        k = played[i]
        trigger = TR_ENTER if ktype[k] == BATTLE else TR_CAST
        # the marker the payment removed for this card (its first copy of the plan; not a card text plays)
        s[S_MARKER_PAID_NOW] = 1 if i < n_planned and s[S_MARKER_PAID] == k + 1 else 0
        if s[S_MARKER_PAID_NOW] == 1:
            s[S_MARKER_PAID] = 0
        if trigger == TR_CAST and ktext[k, T_DULL] > 0:
            i += 1
            continue
        if (
            ktext[k, T_KO_COST] > 0
            and ktext[k, T_MAIN_KO] == 0
            and _pay_ko(
                k, own_turn, knobs, s, drop, battle, b_active, bonus, kpower, ktext, log, nlog, logging
            )
            < 0
        ):
            i += 1  # its cost unpaid, none of the skill happens
            continue
        if ktext[k, T_ENERGY_COST] > 0 and not _energy_to_drop(
            k, ktext[k, T_ENERGY_COST], own_turn, s, drop, energy, leader, kcolours, plan, log, nlog, logging
        ):
            i += 1
            continue
        n = ktext[k, T_ENTER_ENERGY]
        if n > 0 and _take_top(
            k, n, energy, S_ENERGY, E_EFFECT_ENERGY, s, deck, own_turn, P_MAIN, log, nlog, logging
        ):
            return O_LOSS_DECKOUT
        n = ktext[k, T_REST_ENERGY]
        if (
            n > 0
            and (ktext[k, T_REST_ENERGY_IF] == 0 or _holds(ktext, k, s, max(n_planned - i - 1, 0), battle))
            and _deck_to_rested_energy(
                k, n, ktext[k, T_REST_ENERGY_MAY] == 1, knobs, s, deck, energy, kcolours, plan, own_turn, log,
                nlog, logging,
            )
        ):  # fmt: skip
            return O_LOSS_DECKOUT
        outcome = _skill(
            k,
            trigger,
            max(n_planned - i - 1, 0),  # the plan's cards played after it: still in the hand when it resolves
            knobs,
            s,
            deck,
            hand,
            life,
            drop,
            battle,
            ktext,
            kind_ok,
            kvalue,
            plan,
            own_turn,
            P_MAIN,
            log,
            nlog,
            logging,
        )
        if outcome >= 0:
            return outcome
        n = ktext[k, T_DROP_ENERGY]
        if n > 0:
            _drop_to_energy(
                k, n, own_turn, s, hand, drop, energy, kcolours, kspec, ktext, kind_ok, kvalue, plan, log,
                nlog, logging,
            )  # fmt: skip
        n = ktext[k, T_HAND_ENERGY]
        if n > 0:
            _hand_to_energy(
                k, n, own_turn, s, hand, energy, battle, leader, ktype, kcolours, kpay, kspec, kcombo, ktext,
                kind_ok, kvalue, plan, key, best, played, n_planned, log, nlog, logging,
            )  # fmt: skip
        if ktext[k, T_ACTIVATE_ALLIES] > 0:
            _activate_allies(k, own_turn, s, battle, b_active, kpower, ktext, log, nlog, logging)
        if ktext[k, T_MAIN_POWER] == 0 and (
            not ktext[k, T_TURN_WAITS] or _holds(ktext, k, s, max(n_planned - i - 1, 0), battle)
        ):
            _turn_power(
                k, -1, knobs, s, drop, battle, b_active, leader, kpower, ktext, bonus, own_turn, log, nlog,
                logging,
            )  # fmt: skip
        n_played = _text_plays(
            k, trigger, max(n_planned - i - 1, 0), own_turn, s, hand, drop, battle, b_active, ktype, ktext,
            kvalue, played, n_played, log, nlog, logging,
        )  # fmt: skip
        i += 1
    return -1


@kernel
def _may_pay_ko(b, knobs, s, drop, battle, b_active, bonus, kpower, ktext):
    """Whether the Battle card at index b may be KO'd for a skill's cost: never one whose text speaks of its
    being KO'd (T_KO_SHY: a [When KO'd] skill, "can't be KO'd"); one that cannot reach the opponent's guard
    on its own power this turn (it attacks only with combos, if at all), or a rested one that never untaps
    (T_NO_UNTAP: it attacks no more)."""
    c = battle[b]
    if ktext[c, T_KO_SHY] == 1:
        return False
    spent = not b_active[b] and ktext[c, T_NO_UNTAP] == 1
    return spent or _power_of(c, kpower, ktext, s, battle, drop) + bonus[b] < _guard(knobs, s[S_OPP_LIFE])


@kernel
def _ko_payers(knobs, s, drop, battle, b_active, bonus, kpower, ktext):
    """S_KO_PAYERS: the T_FOUND_BY bits of the Battle cards that may pay a KO cost (_may_pay_ko)."""
    bits = 0
    for b in range(s[S_BATTLE]):
        if _may_pay_ko(b, knobs, s, drop, battle, b_active, bonus, kpower, ktext):
            bits |= ktext[battle[b], T_FOUND_BY]
    return bits


@kernel
def _pay_ko(k, own_turn, knobs, s, drop, battle, b_active, bonus, kpower, ktext, log, nlog, logging):
    """Card k's skill KOs one of your Battle Cards as its cost (T_KO_COST; one card, plays): the one its
    filter finds that may pay it (_may_pay_ko), never a copy of card k, the weakest (power with this
    turn's), ties the first in the Battle Area; it goes to the drop area. Returns the Battle Area index it
    left, or -1 when it was not paid."""
    best = -1
    least = 0
    for b in range(s[S_BATTLE]):
        c = battle[b]
        if c == k or ktext[c, T_FOUND_BY] & ktext[k, T_KO_COST_BIT] == 0:
            continue
        if not _may_pay_ko(b, knobs, s, drop, battle, b_active, bonus, kpower, ktext):
            continue
        power = _power_of(c, kpower, ktext, s, battle, drop) + bonus[b]
        if best < 0 or power < least:
            best, least = b, power
    if best < 0:
        return -1
    c = battle[best]
    for b in range(best, s[S_BATTLE] - 1):
        battle[b] = battle[b + 1]
        b_active[b] = b_active[b + 1]
        bonus[b] = bonus[b + 1]
    s[S_BATTLE] -= 1
    bonus[s[S_BATTLE]] = 0
    _to_drop(c, s, drop)
    if logging:
        _log(log, nlog, E_EFFECT_KO, own_turn, P_MAIN, k, c)
    return best


@kernel
def _energy_to_drop(k, n, own_turn, s, drop, energy, leader, kcolours, plan, log, nlog, logging):
    """Card k's skill places n of your energy cards in the drop area as its cost (T_ENERGY_COST): only cards
    this turn's payment rested (its energy units, not its markers), so the active energy stays as it was:
    each one that a payment of this turn's costs so far can have used (the others pay the rest: one unit
    less, and one colour pip less if it paid one, plan.need), of the colour set the energy holds most of,
    ties the first. Returns whether all n were placed (plays: n is 1)."""
    if s[S_PAID] - (s[S_MARKERS_BEFORE] - s[S_MARKERS]) < n:
        return False
    marker_mask = leader[s[S_FACE] * 3 + L_COLOURS]
    units = plan.units
    need = plan.need
    for _ in range(n):
        _count_groups(plan.groups, energy, s[S_ENERGY], kcolours)
        best = -1
        best_pip = -1
        for i in range(s[S_ENERGY]):
            mask = kcolours[energy[i]]
            if best >= 0 and plan.groups[mask] <= plan.groups[kcolours[energy[best]]]:
                continue
            copy_prefix(units, plan.groups, 32)
            units[mask] -= 1
            units[marker_mask] += s[S_MARKERS_BEFORE]
            pip = -2  # -2: it cannot have paid; -1: a unit of no colour pip; else the pip's colour it paid
            for c in range(5):
                if pip == -2 and mask & (1 << c) and need[c] > 0:
                    need[c] -= 1
                    pip = c if _payable(need, units, s[S_PAID] - 1) else -2
                    need[c] += 1
            if pip == -2 and _payable(need, units, s[S_PAID] - 1):
                pip = -1
            if pip > -2:
                best, best_pip = i, pip
        if best < 0:
            return False
        if best_pip >= 0:
            need[best_pip] -= 1
        c = energy[best]
        s[S_ENERGY] -= 1
        energy[best] = energy[s[S_ENERGY]]
        s[S_PAID] -= 1
        _to_drop(c, s, drop)
        if logging:
            _log(log, nlog, E_ENERGY_DROP, own_turn, P_MAIN, k, c)
    return True


# Inlined with _resolve_played, its caller for each card played.
@inline_kernel
def _text_plays(k, trigger, pending, own_turn, s, hand, drop, battle, b_active, ktype, ktext, kvalue, played,
                n_played, log, nlog, logging):  # fmt: skip
    """The Battle cards card k's skill with this trigger plays from the hand or the drop area (T_PLAY,
    T_PLAY_DROP), when its condition holds if they wait for it (T_PLAY_IF; `pending` as _holds). Returns
    the number of cards in `played`."""
    if ktext[k, T_PLAY_IF] == 1 and not _holds(ktext, k, s, pending, battle):
        return n_played
    from_drop = ktext[k, T_PLAY_DROP] == 1
    for _ in range(ktext[k, T_PLAY + trigger]):
        n_played = _play_found(
            k, from_drop, own_turn, s, drop if from_drop else hand, battle, b_active, ktype, ktext, kvalue,
            played, n_played, log, nlog, logging,
        )  # fmt: skip
    return n_played


@kernel
def _main_power(own_turn, knobs, s, hand, drop, battle, b_active, leader, kpower, ktext, kind_ok, kvalue,
                bonus, log, nlog, logging):  # fmt: skip
    """The Battle cards' [Activate Main][Once per turn] power for the turn (T_MAIN_POWER), used in the main
    phase once the plan's cards resolved and before the attacks (7-3-4-2: a skill of the main phase, and
    the power counts in this turn's attacks), by each active copy in the Battle Area (a rested one attacks
    no more this turn), once (this runs once a turn), in the Battle Area's order, while its condition
    holds if it waits for one (T_TURN_WAITS). A cost, a discard (T_PAID_DISCARD + TR_CAST, the hand cards
    the plan values least: _discard) or one of your Battle Cards KO'd (T_KO_COST: _pay_ko), is paid only
    while the card's own power this turn is short of the opponent's guard, so the power may make its
    attack hit; unpaid (the hand too small, no card to KO), none of the skill happens."""
    guard = _guard(knobs, s[S_OPP_LIFE])
    b = 0
    while b < s[S_BATTLE]:
        k = battle[b]
        usable = ktext[k, T_MAIN_POWER] == 1 and b_active[b]
        usable = usable and (not ktext[k, T_TURN_WAITS] or _holds(ktext, k, s, 0, battle))
        d = ktext[k, T_PAID_DISCARD + TR_CAST]
        if usable and (d > 0 or ktext[k, T_KO_COST] > 0):
            short = _power_of(k, kpower, ktext, s, battle, drop) + bonus[b] < guard
            usable = short and s[S_HAND] >= d
        if usable and ktext[k, T_KO_COST] > 0:
            gone = _pay_ko(
                k, own_turn, knobs, s, drop, battle, b_active, bonus, kpower, ktext, log, nlog, logging
            )
            usable = gone >= 0
            if 0 <= gone < b:
                b -= 1  # the cards after the one KO'd moved up one place
        if usable:
            if logging:
                _log(log, nlog, E_MAIN_SKILL, own_turn, P_MAIN, k, 1)
            _discard(k, d, s, hand, drop, kind_ok, kvalue, own_turn, P_MAIN, log, nlog, logging)
            _turn_power(
                k, b, knobs, s, drop, battle, b_active, leader, kpower, ktext, bonus, own_turn, log, nlog,
                logging,
            )  # fmt: skip
        b += 1


@kernel
def _main_skills(own_turn, knobs, s, deck, hand, life, drop, energy, battle, b_active, leader, ktype,
                 kcolours, kpay, kspec, kpower, kcombo, ktext, kind_ok, kvalue, plan, key, best, bonus,
                 played, log, nlog, logging):  # fmt: skip
    """[Activate Main] skills paid by resting the card (T_DULL), used once the attacks are over, which are
    part of the main phase too (7-3-4-2, 7-3-4-3): then the cost loses nothing the goldfish needs. The Field
    (it never attacks) first, then each Battle card still active, in the Battle Area's order: one that did
    not attack (it could not reach the guard, or none attacks on the first player's turn 1), and one its
    own skill played from the hand (it enters active, 3-6-3); never one that does not untap in your charge
    phase (T_NO_UNTAP: it would stay rested for the next turn's attacks). Each: rest it, its skill
    (_skill), the Battle cards it plays from the hand and their On Play (_resolve_played). Cards it draws
    wait for the next turn (the attacks are over, the energy spent). A Battle card's [Once per turn]
    skill that does not rest it (T_ONCE_A_TURN) is used there too, active or rested, once (this runs once
    a turn): after its KO cost if it has one (T_MAIN_KO, _pay_ko; none paid, none of the skill happens).
    Returns the outcome when the game ends, else -1."""
    b = -1  # -1: the Field, else a Battle Area index
    while b < s[S_BATTLE]:
        if b < 0:
            k = s[S_FIELD]
            usable = k >= 0 and ktext[k, T_DULL] > 0
        elif ktext[battle[b], T_DULL] == T_ONCE_A_TURN:
            k = battle[b]
            usable = True
            if ktext[k, T_MAIN_KO] == 1:
                gone = _pay_ko(
                    k, own_turn, knobs, s, drop, battle, b_active, bonus, kpower, ktext, log, nlog, logging
                )
                usable = gone >= 0
                if gone >= 0 and gone < b:
                    b -= 1  # the cards after the one KO'd moved up one place
        else:
            k = battle[b]
            usable = b_active[b] and ktext[k, T_DULL] > 0 and ktext[k, T_NO_UNTAP] == 0
            if usable:
                b_active[b] = False
        if usable:
            if logging:
                _log(
                    log,
                    nlog,
                    E_MAIN_SKILL,
                    own_turn,
                    P_MAIN,
                    k,
                    1 if b >= 0 and ktext[k, T_DULL] == T_ONCE_A_TURN else 0,
                )
            outcome = _skill(
                k, TR_CAST, 0, knobs, s, deck, hand, life, drop, battle, ktext, kind_ok, kvalue, plan,
                own_turn, P_MAIN, log, nlog, logging,
            )  # fmt: skip
            if outcome >= 0:
                return outcome
            n_played = _text_plays(
                k, TR_CAST, 0, own_turn, s, hand, drop, battle, b_active, ktype, ktext, kvalue, played, 0,
                log, nlog, logging,
            )  # fmt: skip
            outcome = _resolve_played(
                own_turn, knobs, s, deck, hand, life, drop, energy, battle, b_active, leader, ktype, kcolours,
                kpay, kspec, kpower, kcombo, ktext, kind_ok, kvalue, plan, key, best, bonus, played, n_played,
                log, nlog, logging,
            )  # fmt: skip
            if outcome >= 0:
                return outcome
        b += 1
    return -1


@kernel
def _play_found(k, from_drop, own_turn, s, zone, battle, b_active, ktype, ktext, kvalue, played, n_played,
                log, nlog, logging):  # fmt: skip
    """Card k's text plays a Battle card for free (5-5-3) from `zone`, the hand or, `from_drop`, the drop
    area: the one its filter finds that the plan values most (cost, text, power), never one that must take
    life cards (T_MUST_LIFE), active (3-6-3) or, T_PLAY_RESTED, in Rest Mode, its On Play to resolve after
    the cards played before it. The hand keeps its order; the drop area's does not matter. Returns the
    number of cards in `played`."""
    n = s[S_DROP] if from_drop else s[S_HAND]
    best = -1
    for i in range(n):
        c = zone[i]
        found = (
            ktype[c] == BATTLE and ktext[c, T_FOUND_BY] & ktext[k, T_PLAY_BIT] and ktext[c, T_MUST_LIFE] == 0
        )
        if found and (best < 0 or kvalue[c] > kvalue[zone[best]]):
            best = i
    if best < 0:
        return n_played
    c = zone[best]
    if from_drop:
        s[S_DROP] -= 1
        zone[best] = zone[s[S_DROP]]
    else:
        s[S_HAND] = _remove_at(zone, s[S_HAND], best)
    b = s[S_BATTLE]
    battle[b] = c
    b_active[b] = ktext[k, T_PLAY_RESTED] == 0
    s[S_BATTLE] = b + 1
    played[n_played] = c
    if logging:
        _log(log, nlog, E_EFFECT_PLAY_DROP if from_drop else E_EFFECT_PLAY, own_turn, P_MAIN, k, c)
    return n_played + 1


@kernel
def _play_chosen(
    own_turn, s, hand, drop, battle, b_active, ktype, kflags, chosen, played, log, nlog, logging
):
    """The chosen hand cards leave the hand: a Battle card enters the battle area active (3-6-3; no
    summoning sickness, OQ-9), a Field Extra replaces the old one, which goes to the drop area (15-3-2,
    15-3-4), any other Extra goes to the drop area after it resolves (12-2-2). Writes the cards to
    `played` in the order their text resolves: the Extras first, as a player uses them before the Battle
    cards whose text counts the drop area ("If you have 10 or more cards in your Drop, ..."), then the
    Battle cards, each in the hand's order; returns how many."""
    n_played = 0
    w = 0
    for p in range(s[S_HAND]):
        k = hand[p]
        if not chosen[p]:
            hand[w] = k
            w += 1
            continue
        played[n_played] = k
        n_played += 1
        if ktype[k] == BATTLE:
            b = s[S_BATTLE]
            battle[b] = k
            b_active[b] = True
            s[S_BATTLE] = b + 1
            if logging:
                _log(log, nlog, E_PLAY, own_turn, P_MAIN, k, 0)
        elif kflags[k] & F_FIELD:
            if s[S_FIELD] >= 0:
                _to_drop(s[S_FIELD], s, drop)
                if logging:
                    _log(log, nlog, E_FIELD_GONE, own_turn, P_MAIN, s[S_FIELD], 0)
            s[S_FIELD] = k
            if logging:
                _log(log, nlog, E_PLAY, own_turn, P_MAIN, k, 2)
        else:
            _to_drop(k, s, drop)
            if logging:
                _log(log, nlog, E_PLAY, own_turn, P_MAIN, k, 1)
    s[S_HAND] = w
    first = 0  # the Extras to the front, in order (a stable partition of a few cards)
    for i in range(n_played):
        k = played[i]
        if ktype[k] != BATTLE:
            for j in range(i, first, -1):
                played[j] = played[j - 1]
            played[first] = k
            first += 1
    return n_played


@kernel
def _main_phase(own_turn, knobs, s, deck, hand, life, drop, energy, battle, b_active, leader, ktype, kcolours,
                kpay, kspec, kpower, kcombo, kflags, ktext, kind_ok, kvalue, plan, key, best, bonus, played,
                log, nlog, logging):  # fmt: skip
    """Main phase (7-3): Awaken (15-2) as soon as its condition holds (own life <= awaken_life, card
    data), before attacks; then the plan (5-5-2, 12-2-2), paid all at once with markers last, and the
    played cards' text, after which the Leader may awaken (text that takes life cards into the hand).
    Returns the outcome when the game ends (a deck-out, 14-2-2-2, or damage from text), else -1. Cards
    the text draws or finds wait for the next turn's plan: the energy is spent."""
    s[S_PAID] = 0
    s[S_MARKERS_BEFORE] = s[S_MARKERS]
    s[S_RESTED_PIPS : S_RESTED_PIPS + 5] = 0
    plan.need[:] = 0
    if _awaken(own_turn, knobs, s, deck, hand, drop, leader, log, nlog, logging):
        return O_LOSS_DECKOUT
    groups = plan.groups
    _count_groups(groups, energy, s[S_ENERGY], kcolours)
    marker_mask = leader[s[S_FACE] * 3 + L_COLOURS]
    nh = s[S_HAND]
    must_ok = _must_life_ok(s, hand, ktext)
    total = _plan(
        hand, nh, s[S_MARKERS], marker_mask, 0, kind_ok, must_ok, s[S_FIELD], kpay, kspec, kvalue, ktext,
        plan, s, battle,
    )  # fmt: skip
    need = plan.need
    need[:] = 0
    n_played = 0
    s[S_MUST_LIFE] = 0
    for p in range(nh):
        if plan.chosen[p]:
            s[S_MUST_LIFE] += ktext[hand[p], T_MUST_LIFE]
            n_played += 1
            for c in range(5):
                need[c] += kspec[hand[p], c]
    if n_played == 0:
        return -1
    used_markers = _markers_needed(need, groups, total, s[S_MARKERS], marker_mask, plan.units)
    removed = used_markers
    s[S_MARKER_PAID] = 0
    others = _marker_for_reward(
        hand, nh, need, groups, total, s, marker_mask, kpay, kspec, ktext, plan, battle
    )  # fmt: skip
    if others >= 0:  # one marker pays for that card, out of the pooled payment: its unit and its pip
        s[S_MARKERS] -= 1  # removed from the game (5-3-1)
        s[S_MARKERS_BEFORE] -= 1  # what a later payment this turn may use (_can_pay_more) leaves it out
        total -= 1
        used_markers = others
        removed = others + 1
    s[S_MARKERS] -= used_markers  # removed from the game (5-3-1)
    s[S_PAID] = total
    n_played = _play_chosen(
        own_turn, s, hand, drop, battle, b_active, ktype, kflags, plan.chosen, played, log, nlog, logging
    )
    if logging:
        _log(log, nlog, E_PAY, own_turn, P_MAIN, total - used_markers, removed)
    outcome = _resolve_played(
        own_turn, knobs, s, deck, hand, life, drop, energy, battle, b_active, leader, ktype, kcolours, kpay,
        kspec, kpower, kcombo, ktext, kind_ok, kvalue, plan, key, best, bonus, played, n_played, log, nlog,
        logging,
    )  # fmt: skip
    s[S_MARKER_PAID_NOW] = 0  # no text after the plan's was paid for
    if outcome < 0 and _awaken(own_turn, knobs, s, deck, hand, drop, leader, log, nlog, logging):
        return O_LOSS_DECKOUT
    return outcome


@kernel
def _marker_for_reward(hand, nh, need, groups, total, s, marker_mask, kpay, kspec, ktext, plan, battle):
    """The autopilot removes an energy marker to pay for a card of the plan whose text rewards that ("If you
    removed an energy marker to use this card, draw 2 cards.", C_MARKER_PAID) whenever it can (5-3-1): the
    first such card of the hand's order whose cost has a unit the marker may pay (1-11-2: one of the
    Leader's colours; a unit beyond the specified pips, else a pip of such a colour), while the rest of the
    plan can be paid with the energy and the other markers. The marker is one unit of energy once; the
    reward is text, and the energy card it leaves active pays an Extra in a battle. Sets S_MARKER_PAID,
    takes that pip out of `need` and returns the markers the rest needs (markers last), or -1 (nothing
    changed)."""
    if s[S_MARKERS] == 0:
        return -1
    for p in range(nh):
        k = hand[p]
        if not plan.chosen[p] or ktext[k, T_COND] - 1 != C_MARKER_PAID:
            continue
        w = _cost_in_hand(k, kpay, kspec, ktext, s, battle)
        if w == 0:
            continue
        pips = 0
        for c in range(5):
            pips += kspec[k, c]
        col = -1  # the pip the marker pays, or -1 for a unit beyond the pips
        if w <= pips:
            for c in range(5):
                if kspec[k, c] > 0 and marker_mask & (1 << c) and col < 0:
                    col = c
            if col < 0:
                continue
        if col >= 0:
            need[col] -= 1
        others = _markers_needed(need, groups, total - 1, s[S_MARKERS] - 1, marker_mask, plan.units)
        if others >= 0:
            s[S_MARKER_PAID] = k + 1
            return others
        if col >= 0:
            need[col] += 1
    return -1


@kernel
def _awaken(own_turn, knobs, s, deck, hand, drop, leader, log, nlog, logging):
    """Awaken (15-2): the Leader flips once own life is at awaken_life or less, if its card can, and its
    Awaken places in the drop area and draws what its text says (L_AWAKEN_MILL, L_AWAKEN_DRAW; the flip is
    the skill's last step, which none of them sees). Returns whether the deck ran out (14-2-2-2)."""
    awakens = leader[L_FLAGS] & F_AWAKEN and leader[L_HAS_BACK] == 1
    if s[S_FACE] == 0 and awakens and s[S_LIFE] <= knobs[K_AWAKEN_LIFE]:
        if logging:
            _log(log, nlog, E_AWAKEN, own_turn, P_MAIN, leader[3 + L_POWER], s[S_LIFE])
        s[S_FACE] = 1  # rest state carries over (14-7-2); only the back face counts now (10-1-3)
        m = leader[L_AWAKEN_MILL]  # the Leader is card -1 in the log
        if m > 0 and _take_top(
            -1, m, drop, S_DROP, E_EFFECT_MILL, s, deck, own_turn, P_MAIN, log, nlog, logging
        ):
            return True
        n = leader[L_AWAKEN_DRAW]
        return n > 0 and _take_top(
            -1, n, hand, S_HAND, E_EFFECT_DRAW, s, deck, own_turn, P_MAIN, log, nlog, logging
        )
    return False


@kernel
def _attack_order(s, drop, battle, fpower, kpower, ktext, bonus, order):
    """Attackers (§11.5): the Leader always, then the Battle cards; highest power first, the Leader
    first on ties, then by card number. Writes -1 (the Leader) or board indices to `order`; returns
    how many."""
    n_order = 0
    order[n_order] = -1
    n_order += 1
    for b in range(s[S_BATTLE]):
        order[n_order] = b
        n_order += 1
    for i in range(1, n_order):  # insertion sort
        a = order[i]
        pa = fpower if a < 0 else _power_of(battle[a], kpower, ktext, s, battle, drop) + bonus[a]
        j = i - 1
        while j >= 0:
            o = order[j]
            po = fpower if o < 0 else _power_of(battle[o], kpower, ktext, s, battle, drop) + bonus[o]
            if po < pa or (po == pa and (a < 0 or (o >= 0 and battle[o] > battle[a]))):
                order[j + 1] = o
                j -= 1
            else:
                break
        order[j + 1] = a
    return n_order


@kernel
def _gather_combos(
    a, deficit, guard, s, hand, drop, battle, b_active, gone, ktype, kpower, kcombo, ktext, bonus, fuel, used
):
    """Combos (5-6-3, §11.5): the fewest cards that cover the deficit, from the hand and from idle
    board cards too weak to hit on their own or that never attack (not one that gives the Leader or Battle
    Cards power, nor one a "control-at-least" condition of the Battle Area counts, nor one that must attack,
    T_ATTACK_RULE, nor one that leaves at the end of the turn once it attacked, T_AFTER_ATTACK); the smallest
    sufficient card first. Marks
    `used` among the fuel[:nf] candidates; returns (nf, whether the deficit is covered)."""
    nf = 0
    if deficit > 0:
        for p in range(s[S_HAND]):
            if ktype[hand[p]] == BATTLE and kcombo[hand[p]] >= 0:
                fuel[nf] = p
                nf += 1
    n_hand_fuel = nf
    got = _choose_combos(fuel, n_hand_fuel, used, deficit, hand, battle, kcombo)
    if deficit > 0 and got < deficit:  # board cards only when the hand is not enough
        for b in range(s[S_BATTLE]):
            rule = ktext[battle[b], T_ATTACK_RULE]  # one that never attacks is idle; one that must, not
            weak = (
                (_power_of(battle[b], kpower, ktext, s, battle, drop) + bonus[b] < guard or rule == 1)
                and kcombo[battle[b]] >= 0
                and rule != 2
                and ktext[battle[b], T_AFTER_ATTACK] != 1
            )
            # a card that gives the Leader power stays: in the combo area it would give none (_leader_power)
            weak = (
                weak
                and ktext[battle[b], T_LEADER_AURA + s[S_FACE]] == 0
                and ktext[battle[b], T_ALLY_AURA] == 0
                and not _counted(b, s, battle, ktext)
            )
            if b != a and b_active[b] and not gone[b] and weak:
                fuel[nf] = -1 - b
                nf += 1
        if nf > n_hand_fuel:
            got = _choose_combos(fuel, nf, used, deficit, hand, battle, kcombo)
    return nf, deficit <= 0 or got >= deficit


@kernel
def _counted(b, s, battle, ktext):
    """Whether a "control-at-least" condition of another card in the Battle Area counts board card b: it stays
    there, for the condition holds as the attacks were ordered (_holds)."""
    for o in range(s[S_BATTLE]):
        counts = o != b and ktext[battle[o], T_COND] - 1 == C_CONTROL_AT_LEAST
        if counts and ktext[battle[b], T_FOUND_BY] & ktext[battle[o], T_COND_BIT]:
            return True
    return False


# Inlined: called for each attack, with a dozen arrays (see _resolve_played).
@inline_kernel
def _battle(own_turn, knobs, a, power, flags, guard, nf, pump, may_draw, s, deck, hand, drop, battle,
            b_active, combo, kcombo, ktext, kind_ok, kvalue, fuel, used, gone, log, nlog,
            logging):  # fmt: skip
    """One declared attack after the attacker rests: the offense step's combos go to the combo area one by
    one, each followed by its checkpoint (5-6-3-3), where a board card's own play when it is used in a combo
    resolves (_combo_play) and the attacker's draw when a card is used in a combo resolves if `may_draw`
    (_combo_draw: the hand's combos come first, as `fuel` lists them, so one that only a card of the Battle
    Area sets off sees the hand without them, and its discard keeps the board's), then the used Extra `pump`
    (or -1) draws what it draws after its power (8-2-4: combos first, so the hand is smaller and the combo
    area holds them when its condition is checked), the damage step (8-4-6; the attacker's own power while the
    combo area holds a card, T_COMBO_POWER; ties favour the attacker; life to the hand, or the drop if
    Critical), the battle-end step (8-5-4: the combo cards go to the drop area). Returns O_WIN when the
    opponent lost (14-2-2-1, in the damage step: the combo cards stay, S09), O_LOSS_DECKOUT when the draw
    emptied the deck (14-2-2-2), else -1; and whether the attacker's draw when a card is used in a combo
    resolved (once per turn)."""
    total_power = power
    drew = False
    for f in range(nf):
        if not used[f]:
            continue
        if fuel[f] >= 0:
            k = hand[fuel[f]]
            hand[fuel[f]] = -1
        else:
            _close_hand_gaps(s, hand)  # the hand's combos are out (fuel lists them first)
            k = battle[-1 - fuel[f]]
            gone[-1 - fuel[f]] = True
        combo[s[S_COMBO]] = k
        s[S_COMBO] += 1
        total_power += kcombo[k]
        if logging:
            _log(log, nlog, E_COMBO, own_turn, P_ATTACK, k, 0 if fuel[f] >= 0 else 1)
        if fuel[f] < 0 and knobs[K_BATTLE_TEXT] == 1 and ktext[k, T_COMBO_PLAY] > 0:
            _combo_play(k, own_turn, s, hand, battle, b_active, gone, ktext, kvalue, log, nlog, logging)
        sets_off = a >= 0 and ktext[battle[a], T_COMBO_DRAW] > 0
        sets_off = sets_off and (fuel[f] < 0 or ktext[battle[a], T_COMBO_DRAW_FROM_BATTLE_AREA] == 0)
        if may_draw and not drew and knobs[K_BATTLE_TEXT] == 1 and sets_off:
            drew = True
            if _combo_draw(battle[a], own_turn, s, deck, hand, drop, ktext, kind_ok, kvalue, log, nlog,
                           logging):  # fmt: skip
                return O_LOSS_DECKOUT, drew
            b_active[a] = b_active[a] or ktext[battle[a], T_COMBO_DRAW_ACTIVATES] == 1
    _close_hand_gaps(s, hand)
    if knobs[K_BATTLE_TEXT] == 1:
        if pump >= 0 and ktext[pump, T_PUMP_DRAW] > 0 and _holds_now(ktext, pump, s, battle, gone):
            n = ktext[pump, T_PUMP_DRAW]
            if _take_top(
                pump, n, hand, S_HAND, E_EFFECT_DRAW, s, deck, own_turn, P_ATTACK, log, nlog, logging
            ):
                return O_LOSS_DECKOUT, drew
        if a >= 0 and s[S_COMBO] > 0:
            total_power += ktext[battle[a], T_COMBO_POWER]
        if a >= 0 and ktext[battle[a], T_COND_STRIKE] > 0 and _cond_now(ktext, battle[a], s, battle, drop):
            flags |= F_TRIPLE if ktext[battle[a], T_COND_STRIKE] == 3 else F_DOUBLE
    if total_power >= guard:
        dmg = min(_strike(flags), s[S_OPP_LIFE])
        s[S_OPP_LIFE] -= dmg
        if flags & F_CRITICAL:
            s[S_OPP_DROP] += dmg
        else:
            s[S_OPP_HAND] += dmg
        if logging:
            _log(log, nlog, E_HIT, own_turn, P_ATTACK, dmg, s[S_OPP_LIFE])
        if s[S_OPP_LIFE] <= 0:
            return O_WIN, drew
    elif logging:
        _log(log, nlog, E_MISS, own_turn, P_ATTACK, total_power, guard)
    if logging and s[S_COMBO]:
        _log(log, nlog, E_BATTLE_END, own_turn, P_ATTACK, s[S_COMBO], 0)
    for c in range(s[S_COMBO]):
        _to_drop(combo[c], s, drop)
    s[S_COMBO] = 0
    return -1, drew


@kernel
def _combo_play(k, own_turn, s, hand, battle, b_active, gone, ktext, kvalue, log, nlog, logging):
    """Card k, just used in a combo from the Battle Area, plays up to T_COMBO_PLAY Battle cards from the hand
    for free (5-5-3) at that combo's checkpoint (5-6-3-3): each the one its filter finds (T_PLAY_BIT) that
    the plan values most, never one that must take life cards (T_MUST_LIFE) nor one whose On Play the
    goldfish plays (T_ENTER_TEXT). It enters active (3-6-3), at the end of the Battle Area, and attacks
    after this battle if it can reach the guard (_attack_phase). The hand has no gap then: the hand's combos
    came first (_battle)."""
    for _ in range(ktext[k, T_COMBO_PLAY]):
        best = -1
        for i in range(s[S_HAND]):
            c = hand[i]
            found = ktext[c, T_FOUND_BY] & ktext[k, T_PLAY_BIT] and ktext[c, T_MUST_LIFE] == 0
            if found and ktext[c, T_ENTER_TEXT] == 0 and (best < 0 or kvalue[c] > kvalue[hand[best]]):
                best = i
        if best < 0:
            return
        c = hand[best]
        s[S_HAND] = _remove_at(hand, s[S_HAND], best)
        b = s[S_BATTLE]
        battle[b] = c
        b_active[b] = True
        gone[b] = False
        s[S_BATTLE] = b + 1
        if logging:
            _log(log, nlog, E_EFFECT_PLAY, own_turn, P_ATTACK, k, c)


@kernel
def _close_hand_gaps(s, hand):
    """The hand without the places its combos and a used Extra emptied (-1), in its order."""
    w = 0
    for p in range(s[S_HAND]):
        if hand[p] >= 0:
            hand[w] = hand[p]
            w += 1
    s[S_HAND] = w


@kernel
def _combo_draw(k, own_turn, s, deck, hand, drop, ktext, kind_ok, kvalue, log, nlog, logging):
    """Battle card k's [Auto] draw when a card is used in a combo while it is in a battle (T_COMBO_DRAW), at
    the checkpoint after that combo (5-6-3-3), and the discard after it (T_COMBO_DRAW_DISCARD: only one that
    a card of the Battle Area sets off, when the hand has no gap left); its switch of the card to Active Mode
    is _battle's. Returns whether the deck ran out."""
    n = ktext[k, T_COMBO_DRAW]
    if _take_top(k, n, hand, S_HAND, E_EFFECT_DRAW, s, deck, own_turn, P_ATTACK, log, nlog, logging):
        return True
    _discard(k, ktext[k, T_COMBO_DRAW_DISCARD], s, hand, drop, kind_ok, kvalue, own_turn, P_ATTACK, log, nlog,
             logging)  # fmt: skip
    return False


@kernel
def _count_rested(k, s, battle, b_active, gone, ktext):
    """For an attacker k whose condition is a "rested-control-at-least", S_RESTED_COUNTED: how many of your
    Battle Cards in Rest Mode it counts (their T_FOUND_BY has its T_COND_BIT), the attacker rested too
    (8-1-1), not the ones this turn's combos took from the Battle Area."""
    if ktext[k, T_COND] - 1 != C_RESTED_CONTROL_AT_LEAST:
        return
    count = 0
    for b in range(s[S_BATTLE]):
        if not b_active[b] and not gone[b] and ktext[battle[b], T_FOUND_BY] & ktext[k, T_COND_BIT]:
            count += 1
    s[S_RESTED_COUNTED] = count


@kernel
def _switched(first, a, s, battle, b_active, ktext):
    """Battle Area card a's When Attacking switch of itself to Active Mode, once per turn (T_UNTAP), in its
    first attack of the turn, while its condition holds if it waits for one (T_UNTAP_IF, checked as it
    attacks, before the combos leave the hand): returns a when it switched (it attacks again), else -2."""
    k = battle[a]
    if first and ktext[k, T_UNTAP] == 1 and (ktext[k, T_UNTAP_IF] == 0 or _holds(ktext, k, s, 0, battle)):
        b_active[a] = True
        return a
    return -2


@kernel
def _main_untap(a, first, untapped, own_turn, s, battle, b_active, ktext, log, nlog, logging):
    """Battle Area card a (the Leader: -1) switches itself to Active Mode by its [Activate Main][Once per
    turn] once its `first` battle of the turn is over (T_MAIN_UNTAP): always, or while its condition holds
    then (the hand as the combos and the When Attacking skills left it). Used at once, so it attacks again
    next, as a When Attacking switch of itself makes it (T_UNTAP). Returns a when it switched, else
    `untapped` (the card that attacks again)."""
    if a < 0 or not first:
        return untapped
    k = battle[a]
    untap = ktext[k, T_MAIN_UNTAP]
    if untap == T_MAIN_UNTAP_ALWAYS or (untap == T_MAIN_UNTAP_IF and _holds(ktext, k, s, 0, battle)):
        b_active[a] = True
        if logging:
            _log(log, nlog, E_EFFECT_ACTIVATE, own_turn, P_MAIN, k, k)
        return a
    return untapped


@kernel
def _attack_phase(own_turn, knobs, s, deck, hand, life, drop, energy, battle, b_active, combo, leader, ktype,
                  kcolours, kpay, kspec, kpower, kcombo, kflags, ktext, kind_ok, kvalue, plan, attack, log,
                  nlog, logging):  # fmt: skip
    """Attacks (8): the Leader always, Battle cards that can reach the guard (never one that can't attack,
    and one that must attack also when it can't reach it, T_ATTACK_RULE), highest power first, with
    combos and, when they are not enough, an Extra's [Activate: Battle] power (_choose_pump). A When
    Attacking skill (the Leader's draw, a Battle card's text) resolves when it attacks (8-1-1); the
    cards drawn can combo for the attacks after it, as can those a Battle card draws when a card is used in
    a combo in its battle (once a turn, `combo_drew`), which may switch it to Active Mode for a second
    attack; one whose text KOs it at the end of its battle goes to the drop area then, and one whose text
    places it at the bottom of the deck at the end of the turn is counted for it (_end_of_turn). Returns the
    outcome when the game ends, else -1."""
    marker_mask = leader[s[S_FACE] * 3 + L_COLOURS]
    fflags = leader[s[S_FACE] * 3 + L_FLAGS]
    order = attack.order
    gone = attack.gone
    fuel = attack.fuel
    used = attack.used
    bonus = attack.bonus
    gone[: s[S_BATTLE]] = False
    fpower = _leader_power(leader, s, battle, ktext)
    n_order = _attack_order(s, drop, battle, fpower, kpower, ktext, bonus, order)
    outcome = -1
    untapped = -2  # the Battle card whose attack switched it to Active Mode (T_UNTAP): it attacks again
    combo_drew = -2  # the Battle card whose once-per-turn draw when a card is used in a combo resolved
    j = -1
    while j < 2 * n_order - 1:  # each in `order`, then, for such a card, its second attack
        j += 1
        a = order[j // 2]
        if j % 2 == 1 and a != untapped:  # (never the Leader's -1)
            continue
        if a >= 0 and (gone[a] or not b_active[a] or ktext[battle[a], T_ATTACK_RULE] == 1):
            continue
        power = (
            _leader_power(leader, s, battle, ktext)
            if a < 0
            else _power_of(battle[a], kpower, ktext, s, battle, drop) + bonus[a]
        )
        flags = fflags if a < 0 else kflags[battle[a]]
        guard = _guard(knobs, s[S_OPP_LIFE])
        # the power the attacker gets once a combo card is in the combo area: at least one combo, then less
        combo_power = ktext[battle[a], T_COMBO_POWER] if a >= 0 and knobs[K_BATTLE_TEXT] == 1 else 0
        deficit = guard - power
        if deficit > 0 and combo_power > 0:
            deficit = max(deficit - combo_power, 1)
        nf, covered = _gather_combos(
            a, deficit, guard, s, hand, drop, battle, b_active, gone, ktype, kpower, kcombo, ktext, bonus,
            fuel, used,
        )  # fmt: skip
        pump = -1
        if not covered:  # an Extra's power: alone if it is enough, else with the combos
            pump = _choose_pump(
                guard - power, s, hand, energy, battle, gone, ktext, kcolours, kpay, kspec, plan, marker_mask
            )
            if pump >= 0:
                used[:nf] = False
            else:
                got = 0
                for f in range(nf):
                    if used[f]:
                        got += _fuel_power(fuel, f, hand, battle, kcombo) + combo_power
                        combo_power = 0  # (once)
                pump = _choose_pump(
                    guard - power - got, s, hand, energy, battle, gone, ktext, kcolours, kpay, kspec, plan,
                    marker_mask,
                )  # fmt: skip
            covered = pump >= 0
        if not covered:
            if a >= 0 and ktext[battle[a], T_ATTACK_RULE] != 2:
                continue  # a Battle card that cannot reach the guard does not attack, unless it must
            used[:nf] = False  # the Leader attacks anyway, without wasting combos (S08)
        # declare: rest the attacker (8-1-1); the Leader attacks once: it is first in `order`
        if a >= 0:
            b_active[a] = False
        if logging:
            _log(log, nlog, E_ATTACK, own_turn, P_ATTACK, -1 if a < 0 else battle[a], power)
        if a >= 0:
            _count_leaving(j % 2 == 0, battle[a], ktext, attack.leaving)
            untapped = _switched(j % 2 == 0, a, s, battle, b_active, ktext)
            _count_rested(battle[a], s, battle, b_active, gone, ktext)
            outcome = _skill(
                battle[a], TR_ATTACK, 0, knobs, s, deck, hand, life, drop, battle, ktext, kind_ok, kvalue,
                plan, own_turn, P_ATTACK, log, nlog, logging,
            )  # fmt: skip
            if outcome >= 0:
                break
        elif _take_top(-1, leader[L_ATTACK_DRAW + s[S_FACE]], hand, S_HAND, E_EFFECT_DRAW, s, deck, own_turn,
                       P_ATTACK, log, nlog, logging):  # fmt: skip
            outcome = O_LOSS_DECKOUT
            break
        entered = s[S_BATTLE]
        pumped = 0
        if pump >= 0:
            pumped = _use_pump(pump, own_turn, s, hand, drop, energy, battle, gone, ktext, kcolours, kpay,
                               kspec, plan, marker_mask, log, nlog, logging)  # fmt: skip
        outcome, drew = _battle(own_turn, knobs, a, power + pumped, flags, guard, nf,
                                -1 if pumped == 0 else pump, a != combo_drew, s, deck, hand, drop, battle,
                                b_active, combo, kcombo, ktext, kind_ok, kvalue, fuel, used, gone, log, nlog,
                                logging)  # fmt: skip
        combo_drew = a if drew else combo_drew
        n_order = _join_order(entered, s, order, n_order)
        _ko_after_battle(outcome, a, own_turn, s, drop, battle, gone, ktext, log, nlog, logging)
        # a draw that switched the card to Active Mode in its first attack: it attacks again next
        untapped = a if drew and j % 2 == 0 and ktext[battle[a], T_COMBO_DRAW_ACTIVATES] == 1 else untapped
        if outcome >= 0:
            break
        # its [Activate Main] after its first battle, in the main phase (7-3-4-2)
        untapped = _main_untap(
            a, j % 2 == 0, untapped, own_turn, s, battle, b_active, ktext, log, nlog, logging
        )
    # board cards used as combos left the battle area
    w = 0
    for b in range(s[S_BATTLE]):
        if not gone[b]:
            battle[w] = battle[b]
            b_active[w] = b_active[b]
            w += 1
    s[S_BATTLE] = w
    return outcome


@kernel
def _join_order(entered, s, order, n_order):
    """The Battle cards a combo played in the battle just over (_combo_play: Battle Area indices from
    `entered` on) join the attackers, after the ones in play. Returns how many attackers `order`
    lists."""
    for b in range(entered, s[S_BATTLE]):
        order[n_order] = b
        n_order += 1
    return n_order


@kernel
def _count_leaving(first, k, ktext, leaving):
    """A Battle card of kind k declared its attack (the first of the turn: `first`): if its text places it at
    the bottom of the deck at the end of the turn (T_AFTER_ATTACK 1), one copy more leaves then
    (_end_of_turn); a second attack of the same card adds none."""
    if first and ktext[k, T_AFTER_ATTACK] == 1:
        leaving[k] += 1


@kernel
def _ko_after_battle(outcome, a, own_turn, s, drop, battle, gone, ktext, log, nlog, logging):
    """The battle of attacker `a` (-1 the Leader) ended without ending the game (`outcome` -1): a Battle card
    whose text KOs it at the end of its battle (T_AFTER_ATTACK 2) goes to the drop area, and leaves the
    Battle Area with the turn's board combos (`gone`, _attack_phase)."""
    if outcome >= 0 or a < 0 or ktext[battle[a], T_AFTER_ATTACK] != 2:
        return
    gone[a] = True
    _to_drop(battle[a], s, drop)
    if logging:
        _log(log, nlog, E_SELF_KO, own_turn, P_ATTACK, battle[a], 0)


@kernel
def _can_pay_more(k, s, energy, kcolours, kpay, kspec, plan, marker_mask):
    """Whether the energy and markers can pay for card k on top of this turn's payment so far (5-3-3)."""
    _count_groups(plan.groups, energy, s[S_ENERGY], kcolours)
    copy_prefix(plan.units, plan.groups, 32)
    units = plan.units
    units[marker_mask] += s[S_MARKERS_BEFORE]
    need = plan.need
    for c in range(5):
        need[c] += kspec[k, c]
    payable = _payable(need, units, s[S_PAID] + kpay[k])
    for c in range(5):
        need[c] -= kspec[k, c]
    return payable


@kernel
def _choose_pump(missing, s, hand, energy, battle, gone, ktext, kcolours, kpay, kspec, plan, marker_mask):
    """The Extra in the hand whose [Activate: Battle] gives at least `missing` power (_pump_power), whose
    condition holds (_holds_now) and that the energy left can pay: the least power that is enough, then the
    lowest cost. Returns its kind, or -1."""
    best = -1
    best_n = 0
    for p in range(s[S_HAND]):
        k = hand[p]
        if ktext[k, T_PUMP] == 0:
            continue
        n = _pump_power(k, s, battle, gone, ktext)
        if n < missing:
            continue
        if ktext[k, T_PUMP_WAITS] == 1 and not _holds_now(ktext, k, s, battle, gone):
            continue
        if best >= 0 and (n, kpay[k]) >= (best_n, kpay[best]):
            continue
        if _can_pay_more(k, s, energy, kcolours, kpay, kspec, plan, marker_mask):
            best = k
            best_n = n
    return best


@kernel
def _pump_power(k, s, battle, gone, ktext):
    """The power Extra k's [Activate: Battle] gives the card in the battle: T_PUMP, and T_PUMP_MORE while its
    condition holds, and T_PUMP_EACH for each of your cards it counts (the Leader by its face, the Battle
    cards not used as combos this turn). The same when it is chosen and when it is used: the attack's
    When Attacking in between moves no card of the Battle Area, and the Extra resolves before the battle's
    combos (the player orders the offense step's actions, 8-2), so the Battle Area it counts is the same."""
    n = ktext[k, T_PUMP]
    if ktext[k, T_PUMP_MORE] > 0 and _holds_now(ktext, k, s, battle, gone):
        n += ktext[k, T_PUMP_MORE]
    each = ktext[k, T_PUMP_EACH]
    if each > 0:
        count = ktext[k, T_PUMP_EACH_LEADER + s[S_FACE]]
        for b in range(s[S_BATTLE]):
            if not gone[b] and ktext[battle[b], T_FOUND_BY] & ktext[k, T_PUMP_EACH_BIT]:
                count += 1
        n += each * count
    return n


@kernel
def _holds_now(ktext, k, s, battle, gone):
    """_holds in the attacks: a count of your cards leaves out the board cards used as combos this turn."""
    if ktext[k, T_COND] - 1 != C_CONTROL_AT_LEAST:
        return _holds(ktext, k, s, 0, battle)
    count = ktext[k, T_COND_LEADER + s[S_FACE]]
    for b in range(s[S_BATTLE]):
        if not gone[b] and ktext[battle[b], T_FOUND_BY] & ktext[k, T_COND_BIT]:
            count += 1
    return count >= ktext[k, T_COND_N]


@kernel
def _use_pump(k, own_turn, s, hand, drop, energy, battle, gone, ktext, kcolours, kpay, kspec, plan,
              marker_mask, log, nlog, logging):  # fmt: skip
    """Extra k is used in the offense step (8-2-4-2, 12-2-2): paid with the energy left, markers last
    (the main phase's payment is chosen again with it, as a player who plans keeps the right colours),
    then to the drop area. Returns the power it gives the card in the battle (_pump_power). Its place in the
    hand is
    emptied (-1) for _battle, which closes the gaps the combos leave; 0 if the attack's own skill
    discarded it."""
    found = False
    for p in range(s[S_HAND]):
        if hand[p] == k:
            hand[p] = -1
            found = True
            break
    if not found:
        return 0
    power = _pump_power(k, s, battle, gone, ktext)
    _count_groups(plan.groups, energy, s[S_ENERGY], kcolours)
    need = plan.need
    for c in range(5):
        need[c] += kspec[k, c]
    s[S_PAID] += kpay[k]
    used = _markers_needed(plan.need, plan.groups, s[S_PAID], s[S_MARKERS_BEFORE], marker_mask, plan.units)
    s[S_MARKERS] = s[S_MARKERS_BEFORE] - used
    _to_drop(k, s, drop)
    if logging:
        _log(log, nlog, E_PUMP, own_turn, P_ATTACK, k, power)
    return power


@kernel
def _play_game(
    seed64, knobs, pool, leader, ktype, kcolours, kpay, kspec, kpower, kcombo, kflags, ktext, zones, log,
    logging, g,
):  # fmt: skip
    """One game on the arrays of `g` (new_game); returns (outcome code, own turn, redrew,
    watched-in-kept-hand, watched-by-turn-1, log rows). `zones` receives the final counts named by
    ZONES."""
    going_first = knobs[K_GOING_FIRST] == 1
    n_deck = pool.shape[0]
    nlog = g.nlog
    nlog[0] = 0
    rng = g.rng
    rng[0] = seed64
    kind_ok = g.kind_ok
    kvalue = g.kvalue
    for k in range(ktype.shape[0]):
        wanted = knobs[K_PLAY_EXTRAS] == 1 or _has_cast_text(ktext, k)
        kind_ok[k] = ktype[k] == BATTLE or (wanted and kflags[k] & F_MAIN != 0)
        text = _text_value(ktext, k) * 1_000_000
        kvalue[k] = kpay[k] * 100_000_000 + text + max(kpower[k], 0) if ktype[k] == BATTLE else text
    s = g.s
    s[:] = 0
    s[S_FACE] = 0  # 6-2-1-2: the Leader front face up
    s[S_FIELD] = -1  # the Field Extra in the battle area, at most one (15-3-4)
    s[S_OPP_LIFE] = knobs[K_OPP_LIFE]
    s[S_OPP_HAND] = knobs[K_HAND]
    s[S_OPP_DECK] = knobs[K_OPP_DECK] - knobs[K_HAND] - knobs[K_OPP_LIFE]  # 6-2-1-8, 6-2-1-9
    deck = g.deck
    hand = g.hand
    life = g.life
    energy = g.energy
    battle = g.battle
    b_active = g.b_active
    combo = g.combo
    redrew, seen_kept = _deal(rng, knobs, pool, ktype, kpay, deck, hand, life, s, g.rest, log, nlog, logging)

    outcome = O_STALLED
    own_turn = 0
    game_turn = 0
    if s[S_TOP] >= n_deck:  # 14-2-2-2: a deck emptied by the setup loses at once
        outcome = O_LOSS_DECKOUT
    while outcome == O_STALLED and own_turn < knobs[K_MAX_TURNS]:
        game_turn += 1
        if (game_turn % 2 == 1) != going_first:
            if _opponent_turn(knobs, own_turn, s, hand, life, log, nlog, logging):
                outcome = O_OPP_DECKOUT
            continue
        own_turn += 1
        can_attack = not (going_first and own_turn == 1)  # 7-3-4-3-1
        g.attack.bonus[:] = 0  # power for the turn ends with the turn before
        s[S_LEADER_BONUS] = 0
        if _untap_and_draw(own_turn, knobs, s, deck, hand, battle, b_active, ktext, log, nlog, logging):
            outcome = O_LOSS_DECKOUT
            break
        if knobs[K_KO_COSTS] == 1:
            s[S_KO_PAYERS] = _ko_payers(knobs, s, g.drop, battle, b_active, g.attack.bonus, kpower, ktext)
        _charge(
            own_turn, can_attack, knobs, s, hand, g.drop, energy, battle, leader, ktype, kcolours, kpay,
            kspec, kpower, kcombo, ktext, kind_ok, kvalue, g.plan, g.key, g.best_key, log, nlog, logging,
        )  # fmt: skip
        ended = _main_phase(
            own_turn, knobs, s, deck, hand, life, g.drop, energy, battle, b_active, leader, ktype, kcolours,
            kpay, kspec, kpower, kcombo, kflags, ktext, kind_ok, kvalue, g.plan, g.key, g.best_key,
            g.attack.bonus, g.played, log, nlog, logging,
        )  # fmt: skip
        if ended >= 0:
            outcome = ended
            break
        if can_attack and knobs[K_MAIN_POWER] == 1:
            _main_power(
                own_turn, knobs, s, hand, g.drop, battle, b_active, leader, kpower, ktext, kind_ok, kvalue,
                g.attack.bonus, log, nlog, logging,
            )  # fmt: skip
        if can_attack:
            ended = _attack_phase(
                own_turn, knobs, s, deck, hand, life, g.drop, energy, battle, b_active, combo, leader, ktype,
                kcolours, kpay, kspec, kpower, kcombo, kflags, ktext, kind_ok, kvalue, g.plan, g.attack, log,
                nlog,
                logging,
            )  # fmt: skip
            if ended >= 0:
                outcome = ended
        if ended < 0 and knobs[K_MAIN_SKILLS] == 1:
            ended = _main_skills(
                own_turn, knobs, s, deck, hand, life, g.drop, energy, battle, b_active, leader, ktype,
                kcolours, kpay, kspec, kpower, kcombo, ktext, kind_ok, kvalue, g.plan, g.key, g.best_key,
                g.attack.bonus, g.played, log, nlog, logging,
            )  # fmt: skip
            if ended >= 0:
                outcome = ended
        # end phase (7-4): no hand limit (3-3-4)
        if ended < 0:
            _end_of_turn(own_turn, s, deck, battle, b_active, g.attack.leaving, log, nlog, logging)

    for z in range(len(ZONES)):
        zones[z] = s[z]
    zones[0] = n_deck - s[S_TOP]
    zones[5] = 1 if s[S_FIELD] >= 0 else 0
    if logging:
        _log(log, nlog, E_RESULT, own_turn, P_RESULT, outcome, game_turn)
    return outcome, own_turn, redrew, seen_kept, s[S_SEEN_T1] == 1, nlog[0]


@kernel
def _end_of_turn(own_turn, s, deck, battle, b_active, leaving, log, nlog, logging):
    """End phase (7-4): the Battle cards whose attack this turn places them at the bottom of the deck at the
    end of the turn (T_AFTER_ATTACK 1) go there, `leaving[k]` copies of kind k, rested ones first (those
    attacked; copies are alike). The deck's other cards keep their order."""
    for rested_only in (True, False):
        w = 0
        for b in range(s[S_BATTLE]):
            k = battle[b]
            if leaving[k] > 0 and (not rested_only or not b_active[b]):
                leaving[k] -= 1
                _deck_bottom(k, s, deck)
                if logging:
                    _log(log, nlog, E_DECK_BOTTOM, own_turn, P_MAIN, k, deck.shape[0] - s[S_TOP])
                continue
            battle[w] = k
            b_active[w] = b_active[b]
            w += 1
        s[S_BATTLE] = w


@kernel
def _deck_bottom(k, s, deck):
    """Card k placed at the bottom of the deck area, under the cards there (its top is deck[s[S_TOP]])."""
    top = s[S_TOP]
    for i in range(top, deck.shape[0]):
        deck[i - 1] = deck[i]
    deck[deck.shape[0] - 1] = k
    s[S_TOP] = top - 1


@kernel
def _fuel_power(fuel, f, hand, battle, kcombo):
    return kcombo[hand[fuel[f]]] if fuel[f] >= 0 else kcombo[battle[-1 - fuel[f]]]


@kernel
def _choose_combos(fuel, nf, used, deficit, hand, battle, kcombo):
    """The fewest combo cards among fuel[:nf] that cover the deficit (§11.5): the smallest card that
    finishes the job, else the largest one, repeatedly. Marks `used`; returns the combo power got."""
    used[:nf] = False
    got = 0
    while got < deficit:
        fin = -1
        big = -1
        for f in range(nf):
            if used[f]:
                continue
            cp = _fuel_power(fuel, f, hand, battle, kcombo)
            if got + cp >= deficit and (fin < 0 or cp < _fuel_power(fuel, fin, hand, battle, kcombo)):
                fin = f
            if big < 0 or cp > _fuel_power(fuel, big, hand, battle, kcombo):
                big = f
        f = fin if fin >= 0 else big
        if f < 0 or (fin < 0 and _fuel_power(fuel, f, hand, battle, kcombo) <= 0):
            break
        used[f] = True
        got += _fuel_power(fuel, f, hand, battle, kcombo)
    return got


@njit(cache=True)
def _run_batch(
    seed,
    first_game,
    n_games,
    knobs,
    pool,
    leader,
    ktype,
    kcolours,
    kpay,
    kspec,
    kpower,
    kcombo,
    kflags,
    ktext,
):
    """Counts over games first_game .. first_game + n_games - 1: kill turns, outcomes, redraws, and
    the games whose kept hand / hand after the own-turn-1 draw held the watched kind."""
    kills = np.zeros(knobs[K_MAX_TURNS] + 1, dtype=np.int64)
    outcomes = np.zeros(N_OUTCOMES, dtype=np.int64)
    counts = np.zeros(3, dtype=np.int64)  # redraws, watched in the kept hand, watched by own turn 1
    zones = np.zeros(len(ZONES), dtype=np.int64)
    log = np.zeros((0, 5), dtype=np.int64)
    g = new_game(pool.shape[0], ktype.shape[0], knobs[K_START_LIFE])
    base = mix(np.uint64(seed))
    for i in range(first_game, first_game + n_games):
        seed64 = mix(base ^ np.uint64(i))  # base.game_seed(seed, i)
        outcome, turn, redrew, kept, t1, _ = _play_game(
            seed64,
            knobs,
            pool,
            leader,
            ktype,
            kcolours,
            kpay,
            kspec,
            kpower,
            kcombo,
            kflags,
            ktext,
            zones,
            log,
            False,
            g,
        )
        outcomes[outcome] += 1
        if outcome == O_WIN:
            kills[turn] += 1
        counts[0] += 1 if redrew else 0
        counts[1] += 1 if kept else 0
        counts[2] += 1 if t1 else 0
    return kills, outcomes, counts


# ---- the Python side: the deck as arrays, parameters as integers, the log as text ----


@dataclass(frozen=True)
class _Compiled:
    names: tuple[str, ...]  # display name per kind
    numbers: tuple[str, ...]
    leader_name: str
    arrays: tuple[np.ndarray, ...]  # pool, leader, then the per-kind arrays in _run_batch's order


def _mask(colours, where: str) -> int:
    mask = 0
    for c in colours:
        if c not in COLOURS:
            raise ValueError(f"{where}: unknown DBS Fusion World colour {c!r}.")
        mask |= 1 << COLOURS.index(c)
    return mask


def _flags(keywords) -> int:
    return sum(bit for word, bit in KEYWORD_BITS.items() if word in keywords)


# An Extra is used from the hand by activating one of its skills (12-2-2-1); an [Activate] skill says when
# (1-3-4-1): Main in the main phase (1-3-4-1-1), Battle in the offense step (1-3-4-1-2), Main/Battle in both.
_ACTIVATE = re.compile(
    r"[【\[]\s*(?:Activate\s*:?|起動)\s*(Main\s*/\s*Battle|Main|Battle|メイン\s*/\s*戦闘中|メイン|戦闘中)\s*[】\]]"
)
_TIMING_WORDS = {"main": "main", "メイン": "main", "battle": "battle", "戦闘中": "battle"}


def activate_timings(text: str) -> frozenset[str]:
    """When the [Activate] skills of a card's text may be used: "main", "battle", both or neither."""
    found: set[str] = set()
    for m in _ACTIVATE.finditer(text):
        found |= {_TIMING_WORDS[w.strip().lower()] for w in m.group(1).split("/")}
    return frozenset(found)


def _main_use(card: Card) -> int:
    """F_MAIN for an Extra that may be used in the main phase: one with an [Activate: Main] skill, or a
    Field (15-3-1); an [Activate: Battle] Extra is used only in a battle (8-2-4-2)."""
    usable = card.type == "extra" and ("main" in activate_timings(card.text) or card.has("field"))
    return F_MAIN if usable else 0


def payable_total(card) -> int:
    """Total cost to pay: the larger of the total and the sum of specified costs (1-2-2-1)."""
    return max(card.cost or 0, sum((card.specified_cost or {}).values()))


def _looks(effect: Effect) -> bool:
    """A search of the top N cards for 1 card by its traits, name or type, with a largest cost or not, and
    not by a name or not (the rest go under the deck); or for 1 card of either of two such kinds."""
    f = effect.filter
    if effect.do != "search" or effect.n != 1 or not effect.top or f is None:
        return False
    return _names_a_kind(f) or (f == CardFilter(any_of=f.any_of) and all(map(_names_a_kind, f.any_of)))


def _recovers(f: CardFilter) -> bool:
    """Whether the goldfish finds the cards a filter names in the drop area: by the fields `_found_by`
    reads (colours too: "add up to 1 yellow Extra with a cost of 2 or less from your Drop ...")."""
    named = f.traits or f.name or f.name_includes or f.type or f.cost_max is not None
    return bool(named) and not f.any_of


def _charges_from_drop(f: CardFilter | None) -> bool:
    """Whether the goldfish finds the cards a filter names in the drop area for the energy area: by a
    largest or a smallest cost, traits, a type (the fields `_found_by` reads, not colours)."""
    if f is None or f.colors or f.any_of:
        return False
    return bool(f.traits or f.type or f.cost_max is not None or f.cost_min is not None)


def _battle_kind(f: CardFilter) -> bool:
    """Whether a filter names a kind of Battle card (`_names_a_kind`), as a free play finds one."""
    return f.type == "battle" and _names_a_kind(f)


def _names_a_kind(f: CardFilter) -> bool:
    return bool(f.traits or f.name or f.name_includes or f.type) and not f.colors and not f.any_of


def _found_by(card: Card, f: CardFilter) -> bool:
    """Whether a search with this filter finds this card: each given field matches (the cost: its printed
    total cost; a name: the whole name, or a part of a name printed with 「/」, 2-3-3; traits: any of them, or
    every one with `all_traits`; skill-less: no text,
    as a keyword skill is a skill too, 1-3-2), or one of its `any_of`; colours: any of them, as the card's
    own (a card of two colours is either)."""
    if f.any_of:
        return any(_found_by(card, alternative) for alternative in f.any_of)
    return (
        (not f.traits or (all if f.all_traits else any)(t in card.traits for t in f.traits))
        and (not f.colors or any(c in card.colors for c in f.colors))
        and (f.name is None or _named(card, f.name))
        and (f.other_than is None or not _named(card, f.other_than))
        and (f.name_includes is None or any(f.name_includes in n for n in _names(card)))
        and (f.type is None or card.type == f.type)
        and (f.cost_max is None or (card.cost or 0) <= f.cost_max)
        and (f.cost_min is None or (card.cost or 0) >= f.cost_min)
        and (not f.skill_less or not (card.text or "").strip())
    )


def _named(card: Card, name: str) -> bool:
    """Whether a card has this name: its whole name, a part of a name printed with "/" (2-3-3), or one its
    text says it also has in all areas ("This card's name is also treated as <A> in all areas.")."""
    return name in _names(card)


def _names(card: Card) -> tuple[str, ...]:
    """A card's names (_named): its own, each part of one printed with "/", and its other names."""
    return (card.name, *(p.strip() for p in re.split("[/／]", card.name)), *other_names(card.text))


# The conditions a draw or cards from the drop area may wait for: those whose state is the same whatever
# order the main phase plays its cards in (the hand is counted as the player would play them, _holds), and
# the drop area's count, which is never more than a player gets by using the plan's Extras first (they are
# in the drop area before any text of the plan resolves, _play_chosen; the texts' own discards and top
# cards join it in the plan's order). The marker is not: a marker the plan pays with is gone before the
# text resolves (_skill_waits takes it where that is what the rules allow). A card's own power may wait for
# any of them: it is checked when it attacks.
# Your Leader by a name or a trait ("leader") changes only when it awakens, checked where the text resolves.
_DRAW_CONDITIONS = frozenset(
    {"hand-at-most", "energy-at-least", "drop-at-least", "life-at-most", "awakened", "leader"}
)
# Power for the turn may wait for those too, or for a count of your cards in play (the plan's cards are in
# the Battle Area when the first of them resolves, as a player who plays the counted cards first has them).
_TURN_POWER_CONDITIONS = _DRAW_CONDITIONS | {"control-at-least"}
# An Extra's [Activate: Battle] power may wait for what the attacks do not change before it is used: not
# the hand (combos leave it, the Extra itself does) nor the markers (it may be paid with them).
_PUMP_CONDITIONS = frozenset(
    {"energy-at-least", "drop-at-least", "life-at-most", "awakened", "control-at-least"}
)
# A draw after an Extra's [Activate: Battle] power may wait for those, and for the hand or the combo area:
# checked once the combos are in the combo area and the Extra has left the hand (_battle).
_PUMP_DRAW_CONDITIONS = _PUMP_CONDITIONS | {"hand-at-most", "combo-at-least"}
# The power a Battle card gives your Leader may wait for what the attacks do not change (they do not
# change the energy, the drop area before the battle, the life or the Leader's face).
_AURA_CONDITIONS = frozenset({"energy-at-least", "drop-at-least", "life-at-most", "awakened"})


def _turn_power_effect(effect: Effect) -> bool:
    """Whether an effect is power for the turn of an On Play or an Activate: Main that the goldfish plays:
    for the card itself, for your Leader, or for 1 of your cards the skill chooses (your Leader or a Battle
    Card, a Battle Card, or one by a name, with a trait or not: `_turn_power` in the kernel), or for up to
    N or all of your Battle Cards it names (`targets`)."""
    if effect.when not in ("enters", "cast") or effect.do != "power" or effect.optional:
        return False
    if effect.targets and (effect.filter is None or effect.filter.type != "battle"):
        return False
    if effect.condition is not None and effect.condition.kind not in _TURN_POWER_CONDITIONS:
        return False
    f = effect.filter
    return f is None or (
        f.type in (None, "leader", "battle")
        and not f.colors
        and not f.any_of
        and f.cost_max is None
        and f.other_than is None
        and (f.type != "leader" or f == CardFilter(type="leader"))
    )


def _unchecked_condition(effect: Effect) -> bool:
    """Whether the effect waits for a condition the simulator does not check: of the counts of your cards in
    play, only at least n of your Battle Cards (`type` battle) or of your Leader and Battle Cards (no
    `type`); this card rested only for the card's own power, cards in your drop area that a filter names
    for its power or Strike; a `leader` part only on a skill's trigger (_holds, T_COND_NOT_FACES)."""
    c = effect.condition
    if c is None:
        return False
    if c.kind == "control-at-most" or (
        c.kind == "control-at-least" and c.filter is not None and c.filter.type not in (None, "battle")
    ):
        return True
    if c.kind == "rested":  # a card's own power alone (_holds, _power_of)
        return not effect.on_itself("static", "power")
    if c.kind == "in-drop-at-least":  # a card's own power or Strike alone (_cond_now)
        return not (effect.on_itself("static", "power") or effect.on_itself("static", "strike"))
    if c.kind == "rested-control-at-least":  # counted as the card attacks (_count_rested)
        return not (effect.when == "attacks" and effect.do == "draw" and effect.filter is None)
    return c.leader is not None and effect.when not in _TRIGGERS


def plays(effect: Effect) -> bool:
    """Whether the DBS FW goldfish plays this effect: draws, discards (after a draw, or paid for the draws
    after it), damage to the opponent's life and a search of the top cards On Play, When Attacking and
    when an Extra is used (Activate: Main), and cards put into the energy area On Play and by an Extra,
    and "up to" N life cards into the hand (On Play, When Attacking, an Extra) or N that must be taken (On
    Play); a draw or a card's own
    power that waits for a condition (`_skill_waits` for a draw, a look, cards from the drop area or a
    play); a Battle card played from the hand or the drop area
    for free On Play or by an Extra (by its kind, as a search names one, skill-less or not, or of either of
    two kinds); an Extra's [Activate: Battle]
    power for the card in the battle (more on a condition, or for each of your cards with a trait); a
    Permanent power for your Leader with a trait; the top cards of the
    deck placed in the drop area (as a skill's cost too: a `paid` `mill`, _with_all_it_pays_for) or
    ordered (`order`: _order_top), and "up to" N cards a filter names added
    from the drop area to the hand, On Play, When Attacking and by an Extra; a Battle card's When
    Attacking switch of itself to Active Mode, once per turn (it attacks again); a Battle card that does
    not untap in your charge phase, that never attacks or that must attack (`_attack_rule`), or whose When
    Attacking makes it leave after its attack (`_leaves`); power for the
    turn (`_turn_power_effect`); a Battle card's or a Field's [Activate Main] paid by resting it (`dull`:
    its draws, discards, damage, life, search, top cards into
    the drop area, cards from there, Battle cards played from the hand); a `leader` condition as a draw's;
    a card's own cost in the hand made smaller (`_cuts_hand_cost`); an On Play switch of your Battle
    Cards to Active Mode (`_activates_allies`); a Battle card's draw when a card is used in a combo while it
    is in a battle (`_combo_draws`); a Battle card played from the hand when a card is itself used in a combo
    from the Battle Area (`used-in-combo`, _combo_play); one of your Battle Cards KO'd as the cost of a skill
    On Play or of an Extra's Activate: Main (`ko`, `paid`: _pay_ko)."""
    if _played_apart(effect):
        return _combo_draws(effect)
    if _unchecked_condition(effect):
        return False
    if effect.do in ("ko", "drop-energy"):
        return _plays_cost(effect)
    if any(f(effect) for f in _PLAYED_BY_OWN_TEST):
        return True
    if effect.do == "marker":  # 1 energy marker if you have none, On Play or When Attacking (_skill)
        plain = effect.filter is None and effect.n == 1 and not effect.optional
        return plain and effect.condition == Condition("no-marker") and effect.when in ("enters", "attacks")
    if effect.condition is not None:
        return _plays_on_condition(effect, effect.condition)
    if any(effect.on_itself(when, do) for when, do in _OWN_ALWAYS):
        return True
    if effect.do in ("mill", "order"):  # the top cards into the drop area, or ordered (_order_top)
        return effect.filter is None and effect.when in _TRIGGERS and not effect.optional
    if effect.do == "charge":  # "up to" N hand cards (_hand_to_energy) or drop cards (_drop_to_energy)
        found = _charges_from_drop(effect.filter) if effect.zone == "drop" else effect.filter is None
        return effect.when == "enters" and effect.optional and found  # On Play (T_DROP_ENERGY_RESTED too)
    if effect.on_itself("static", "no-untap") or _attack_rule(effect) or _leaves(effect):
        return True
    if effect.do == "activate":  # the card itself, once per turn when it attacks or after: a second attack
        itself = effect.on_itself("attacks", "activate") or effect.on_itself("cast", "activate")
        return itself and effect.once_per_turn and effect.n == 1
    if effect.do == "recover":
        f = effect.filter
        return effect.when in _TRIGGERS and effect.optional and f is not None and _recovers(f)
    if effect.filter is None and effect.when in _TRIGGERS and effect.do in ("draw", "damage", "discard"):
        return True
    if effect.filter is None and effect.when in _TRIGGERS and effect.do == "life":
        return effect.optional or effect.when == "enters"  # one that must: On Play (_must_life_ok)
    if effect.when == "static" and effect.do == "power":  # your Leader's (any, with a trait or by a name)
        f = effect.filter  # or your Battle Cards' with a trait or by a name
        if f is not None and f.type == "leader":
            return f in (CardFilter(type="leader", traits=f.traits), CardFilter(type="leader", name=f.name))
        named = f is not None and f.name is not None and f == CardFilter(type="battle", name=f.name)
        return named or (f is not None and bool(f.traits) and f == CardFilter(type="battle", traits=f.traits))
    if effect.do == "resource" and effect.when in ("enters", "cast") and effect.filter is None:
        return not effect.elements and not effect.optional
    if effect.when == "battle":  # an Extra's [Activate: Battle]: power for the card in the battle
        return _pumps(effect)
    if effect.do == "play":  # in the main phase, where its On Play resolves, or in a battle (_combo_play)
        f = effect.filter  # a Battle card of a kind, or of either of two ("<A> or <B>―both ...")
        either = f is not None and f == CardFilter(any_of=f.any_of) and all(map(_battle_kind, f.any_of))
        in_combo = (
            effect.when == "used-in-combo"
            and effect.condition is None
            and not effect.zone
            and not effect.rested
        )
        return (
            (effect.when in ("enters", "cast", "dull") or in_combo)
            and f is not None
            and (_battle_kind(f) or either)
        )
    return effect.when in _TRIGGERS and _looks(effect)


# What `plays` takes whenever it is a card's own (no filter): a Leader's Awaken draw and top cards placed in
# the drop area (L_AWAKEN_DRAW, L_AWAKEN_MILL), a card's own Permanent power.
_OWN_ALWAYS = (("awaken", "draw"), ("awaken", "mill"), ("static", "power"))

# The [Auto] triggers of a Battle card in its battle when a card is used in a combo (5-6-3): any card, or
# only one of your Battle Area (_combo_draw).
_COMBO_TRIGGERS = ("combo", "battle-area-combo")


def _plays_cost(effect: Effect) -> bool:
    """Whether a cost paid for the effects after it is played: an energy card placed in the drop area for
    an On Play (_energy_to_drop), one of your Battle Cards KO'd for an On Play or an Extra's Activate: Main
    (_pay_ko)."""
    if not effect.paid or effect.n != 1 or effect.condition is not None or effect.optional:
        return False
    if effect.do == "drop-energy":
        return effect.filter is None and effect.when == "enters"
    f = effect.filter
    return (
        effect.when in ("enters", "cast")
        and f is not None
        and f.type == "battle"
        and _names_a_kind(f)
        and f.other_than is None
    )


# A Battle card's When Attacking that makes it leave the Battle Area: T_AFTER_ATTACK 1 and 2.
_LEAVES = ("bottom-at-turn-end", "ko-after-battle")


def _leaves(effect: Effect) -> bool:
    """Whether an effect is a Battle card's When Attacking that makes the card itself leave the Battle Area
    after its attack (T_AFTER_ATTACK)."""
    plain = effect.condition is None and not (effect.optional or effect.once_per_turn)
    return effect.do in _LEAVES and effect.on_itself("attacks", effect.do) and plain


def _pumps(effect: Effect) -> bool:
    """Whether an [Activate: Battle] effect is power for the card in the battle, maybe for each of your cards
    with a trait (`per`, T_PUMP_EACH)."""
    per = effect.per
    each = per is None or (bool(per.traits) and per == CardFilter(traits=per.traits))
    return effect.do == "power" and effect.filter is None and not effect.optional and each


def _attack_rule(effect: Effect) -> bool:
    """Whether an effect is a Battle card's Permanent rule of its own attacks (T_ATTACK_RULE): it never
    attacks, or never the opponent's Leader (all this opponent has to attack), or it must attack whenever
    it can."""
    if effect.when != "static" or effect.condition is not None:
        return False
    return effect.on_itself("static", "must-attack") or (
        effect.do == "no-attack" and effect.filter in (None, CardFilter(type="leader"))
    )


def _played_apart(effect: Effect) -> bool:
    """Whether an effect is played by its own test (`_combo_draws`) or never: a `combo` or
    `battle-area-combo` skill, or one from a zone the goldfish takes no card from (FFTCG's Break Zone; all
    but the drop area of a play or a charge)."""
    elsewhere = bool(effect.zone) and not (effect.zone == "drop" and effect.do in ("play", "charge"))
    return effect.when in _COMBO_TRIGGERS or elsewhere


def _combo_draws(effect: Effect) -> bool:
    """Whether an effect is a once-per-turn draw when a card is used in a combo in the card's battle, the
    switch of the card itself to Active Mode after it, or the discard after one that a card of your Battle
    Area sets off (T_COMBO_DRAW): that combo comes after the hand's, so the discard never takes a combo the
    attack still needs (_battle)."""
    plain = effect.filter is None and effect.condition is None and not (effect.optional or effect.paid)
    plain = plain and not effect.zone
    discards = effect.do == "discard" and effect.when == "battle-area-combo"
    once = effect.when in _COMBO_TRIGGERS and effect.once_per_turn
    activates = effect.do == "activate" and effect.n == 1  # the card itself (plain: no filter)
    return plain and once and (effect.do == "draw" or discards or activates)


# The conditions a cost reduction in the hand may wait for: those the main phase's plays only make truer
# (_cost_in_hand checks them before the plan): not the markers or the Active Mode energy, which the payment
# spends, nor the combo area, empty in the main phase.
_HAND_COST_CONDITIONS = _DRAW_CONDITIONS | {"control-at-least"}


def _cuts_hand_cost(effect: Effect) -> bool:
    """Whether an effect is a Permanent reduction of the card's own cost in the hand, always or on a
    `_HAND_COST_CONDITIONS` condition ("[Permanent] If you have 7 or fewer cards in your hand, reduce the
    cost of this card in your hand by 1.": T_HAND_COST_CUT)."""
    c = effect.condition
    return (
        effect.on_itself("static", "cost")
        and effect.n < 0
        and effect.per is None
        and effect.floor == 0
        and (c is None or c.kind in _HAND_COST_CONDITIONS)
    )


def _activates_energy(effect: Effect) -> bool:
    """Whether an effect switches your rested energy to Active Mode (`activate-energy`, "up to" n or n) with
    any trigger whose skill _skill resolves (On Play, When Attacking, an Extra's Activate: Main, an
    [Activate Main] paid by resting the card): T_ACTIVATE_ENERGY. With a condition: `_skill_waits`."""
    plain = effect.filter is None and effect.condition is None
    return effect.do == "activate-energy" and plain and effect.when in _TRIGGERS


def _rested_from_deck(effect: Effect) -> bool:
    """Whether an effect puts the top cards of the deck into the energy area in Rest Mode (`resource`
    `rested`, n or "up to" n: T_REST_ENERGY_MAY) On Play or by an Extra's Activate: Main (_resolve_played).
    With a condition: `_skill_waits`."""
    plain = effect.filter is None and effect.condition is None and not effect.elements
    return effect.do == "resource" and effect.rested and plain and effect.when in ("enters", "cast")


def _activates_allies(effect: Effect) -> bool:
    """Whether an effect is an On Play switch of up to n of your Battle Cards (of a name, a trait, a cost)
    to Active Mode ("[On Play] Choose up to 1 of your <Son Goten> Battle Cards with a cost of 2 or less and
    switch it to Active Mode.": T_ACTIVATE_ALLIES)."""
    f = effect.filter
    return (
        effect.when == "enters"
        and effect.do == "activate"
        and effect.optional
        and effect.condition is None
        and f is not None
        and f.type == "battle"
        and _names_a_kind(f)
        and f.other_than is None
    )


# The effects `plays` takes by a test of their own (each without a condition, or the one its kind may wait
# for): power for the turn, a cost cut in the hand, your Battle Cards or your energy to Active Mode, the top
# cards of the deck into the energy area in Rest Mode.
_PLAYED_BY_OWN_TEST = (
    _turn_power_effect, _cuts_hand_cost, _activates_allies, _activates_energy, _rested_from_deck,
)  # fmt: skip


# A Battle card's Strike may wait for what the damage step sees as the attacks left it (_battle): not the hand
# (combos leave it), the combo area or the markers.
_STRIKE_CONDITIONS = _AURA_CONDITIONS | {"leader", "in-drop-at-least"}
# A Leader face's own power may wait for what the attacks leave alone or only make truer (_face_holds).
_FACE_CONDITIONS = frozenset({"energy-at-least", "drop-at-least", "life-at-most"})


def _plays_on_condition(effect: Effect, c: Condition) -> bool:
    """`plays` for an effect that waits for a condition: a card's own power (in its battle with one card in
    the combo area, T_COMBO_POWER) or Strike (T_COND_STRIKE), the draw after an Extra's power in a battle,
    the Extra's power, your Leader's power from a Battle card, a draw or cards from the drop area."""
    if effect.on_itself("static", "power"):  # not Active Mode energy, which an Extra in its battle may rest
        return (c.kind != "combo-at-least" or c.n == 1) and c.kind != "active-energy-at-least"
    if effect.do == "strike":  # a Battle card's, checked in the damage step (T_COND_STRIKE)
        return effect.on_itself("static", "strike") and c.kind in _STRIKE_CONDITIONS
    plain = replace(effect, condition=None)
    if effect.when == "battle" and effect.do == "draw":  # after the Extra's power (_battle)
        return c.kind in _PUMP_DRAW_CONDITIONS and plain == Effect("battle", "draw", effect.n)
    if effect.when == "battle":
        return c.kind in _PUMP_CONDITIONS and plays(plain)
    if effect.when == "static" and effect.do == "power" and effect.filter is not None:
        return effect.filter.type == "leader" and c.kind in _AURA_CONDITIONS and plays(plain)
    if c.kind == "active-energy-at-least":  # When Attacking: after the main phase paid all its plan
        return effect.when == "attacks" and effect.do == "draw" and plays(plain)
    if effect.on_itself("attacks", "activate") or effect.on_itself("cast", "activate"):  # (T_UNTAP_IF,
        return c.kind in _TURN_POWER_CONDITIONS and plays(plain)  # T_MAIN_UNTAP) as a draw then may wait
    return _skill_waits(effect, c) and plays(plain)


def _skill_waits(effect: Effect, c: Condition) -> bool:
    """Whether a skill's draw, the discard after it (T_DISCARD_IF), look at the top cards (T_LOOK_IF), top
    cards ordered (T_ORDER_IF), cards from the drop area, Battle card played from the hand, top cards into
    the energy area in Rest Mode (T_REST_ENERGY_IF) or energy switched to Active Mode (T_ACTIVATE_ENERGY_IF)
    may wait for this condition: one of `_DRAW_CONDITIONS`, or a count of your cards in play as power for
    the turn may (`_TURN_POWER_CONDITIONS`), or an energy marker ("marker"), checked when the skill
    resolves: On Play and by an Extra used in the main phase once the plan has paid for all its cards
    (markers last, _main_phase), so it holds only if a marker is left after every payment of the plan, as
    it is then in any order a player plays those cards in (a payment only removes markers); a marker the
    plan needs is not kept for it. Or the marker the payment removed for the card itself ("marker-paid",
    On Play or an Extra's Activate: Main, the cards the plan pays for: _marker_for_reward)."""
    rested_energy = effect.do == "resource" and effect.rested  # T_REST_ENERGY_IF
    waiting = ("draw", "search", "recover", "play", "order", "activate-energy")
    discard = effect.do == "discard" and not effect.paid  # after its draw (T_DISCARD_IF)
    if effect.do not in waiting and not rested_energy and not discard:
        return False
    if c.kind == "marker":
        return effect.when in ("enters", "attacks", "cast", "dull")
    if c.kind == "marker-paid":
        return effect.when in ("enters", "cast")
    if c.kind == "rested-control-at-least":  # a When Attacking draw (_unchecked_condition)
        return True
    return c.kind in _TURN_POWER_CONDITIONS


def _gives_allies(effect: Effect) -> bool:
    """Whether an effect is a Permanent power for your Battle Cards with a trait."""
    return (
        effect.when == "static"
        and effect.do == "power"
        and effect.filter is not None
        and effect.filter.type == "battle"
    )


def applies(card: Card, effect: Effect) -> bool:
    """Whether the goldfish plays this effect on this card, by its type: On Play and When Attacking on a
    Battle card, Activate: Main on an Extra that is not a Field (an Extra is used; a Field stays), an
    [Activate Main] paid by resting the card (`dull`) on a Battle card or a Field (both stay to rest), a
    Battle card's [Activate Main][Once per turn] that does not rest it (`_once_a_turn_applies`), on
    a Leader the draws of its Awaken and of its attacks (the Leader's Activate skills are not used), and
    a Permanent power of its own on a Battle card or a Leader (the face that prints it), and one for your
    Leader or (one a card) your Battle Cards on a Battle card (while it is in the Battle Area), and a
    Battle card's draw when a card is used in a combo in its battle (one such skill a card, its T_COMBO_DRAW
    row: a draw, maybe the discard after it or the card's switch to Active Mode), a Battle card's play from
    the hand when it is itself used in a combo (`_combo_play_applies`), a Field's On Play
    (`_field_enters_applies`)."""
    if effect.when in _COMBO_TRIGGERS:
        combos = [e for e in card_effects("dbsfw", card) if e.when in _COMBO_TRIGGERS]
        one_skill = len({e.when for e in combos}) == 1
        skill = [e.do for e in combos]
        return (
            card.type == "battle"
            and one_skill
            and skill in (["draw"], ["draw", "discard"], ["draw", "activate"])
        )
    if effect.when == "used-in-combo" or (card.type == "extra" and effect.when == "enters"):
        return _combo_play_applies(card, effect) or _field_enters_applies(card, effect)
    if _turn_power_effect(effect):
        return _turn_power_applies(card, effect)
    if effect.do in ("ko", "drop-energy"):
        return _cost_paid_applies(card, effect)
    if effect.do == "cost":  # its own in the hand, where the plan alone pays it (_plan, not _use_pump)
        return _cost_applies(card)
    if effect.do == "marker":  # its own check, not the T_COND row; once a turn: not with a second attack
        untaps = any(e.on_itself(e.when, "activate") for e in card_effects("dbsfw", card))
        return card.type == "battle" and not (effect.once_per_turn and untaps)
    if card.type == "leader" and effect.condition is not None:  # a face's own power (L_FACE_COND)
        return _face_power(card, effect)
    if effect.condition is not None:  # a Battle card's, one condition a card (the T_COND row)
        return _conditioned_applies(card, effect)
    if effect.on_itself("static", "power"):
        return card.type in ("leader", "battle")
    if effect.on_itself("static", "no-untap") or _attack_rule(effect):
        return card.type == "battle"
    if effect.do in _LEAVES:  # not on a card whose text a KO sets off (that text is not played)
        return card.type == "battle" and not (effect.do == _LEAVES[1] and _KO_SHY.search(card.text or ""))
    if (
        effect.when == "static" and effect.do == "power"
    ):  # your Leader's or Battle Cards', from the Battle Area
        assert effect.filter is not None
        if effect.filter.type == "battle":  # one a card: its T_ALLY_* row
            return card.type == "battle" and sum(map(_gives_allies, card_effects("dbsfw", card))) == 1
        return card.type == "battle"
    if card.type == "leader":
        return (
            effect.on_itself(effect.when, "draw")
            and effect.when in ("awaken", "attacks")
            and not effect.optional
        ) or effect.on_itself("awaken", "mill")
    if card.type == "extra":  # a Field's [Activate Main] paid by resting it (T_DULL)
        return (
            effect.when in ("cast", "battle")
            and not card.has("field")
            or (effect.when == "dull" and card.has("field"))
        )
    if effect.when == "cast":
        return _once_a_turn_applies(card, effect)
    return card.type == "battle" and effect.when in ("enters", "attacks", "dull")


def _conditioned_applies(card: Card, effect: Effect) -> bool:
    """`applies` for an effect with a condition, which a card's one T_COND row holds (a Leader's face power
    aside, `_face_power`)."""
    assert effect.condition is not None
    conditions = _row_conditions(card)
    if effect.condition.kind == "marker-paid" and effect.when == "cast" and card.type != "extra":
        return False  # a Battle card's [Activate Main] is not paid by the plan (_marker_for_reward)
    if card.type == "extra":  # its [Activate: Battle] power or the draw after it, its Activate: Main, or
        # a Field's [Activate Main] paid by resting it (T_DULL)
        field = card.has("field")
        return len(conditions) == 1 and (
            (effect.when in ("battle", "cast") and not field) or (effect.when == "dull" and field)
        )
    if effect.when == "static" and effect.filter is not None:  # your Leader's: one a card (T_AURA_WAITS)
        auras = [e for e in card_effects("dbsfw", card) if e.when == "static" and e.filter is not None]
        return card.type == "battle" and len(conditions) == 1 and len(auras) == 1
    if effect.when == "cast":  # its [Activate Main][Once per turn] switch of itself (T_MAIN_UNTAP)
        return len(conditions) == 1 and _once_a_turn_applies(card, effect)
    timed = effect.when in ("static", "enters", "attacks")
    # T_ACTIVATE_ENERGY_IF, T_PLAY_IF
    rested = effect.when == "dull" and effect.do in ("activate-energy", "play")
    return card.type == "battle" and len(conditions) == 1 and (timed or rested)


def _combo_play_applies(card: Card, effect: Effect) -> bool:
    """A Battle card's play from the hand when it is itself used in a combo from the Battle Area, without a
    condition (T_COMBO_PLAY), by the T_PLAY_BIT its only play uses."""
    plays_from_hand = [e for e in card_effects("dbsfw", card) if e.do == "play"]
    plain = effect.when == "used-in-combo" and effect.condition is None
    return plain and card.type == "battle" and plays_from_hand == [effect]


def _field_enters_applies(card: Card, effect: Effect) -> bool:
    """A Field's On Play, when it is placed (15-3-2), without a condition or a cost: what an Extra's Activate:
    Main would play of it (`plays`) among what _skill resolves and the Battle cards it plays, in the Field's
    TR_CAST columns (_text_rows), which _resolve_played resolves for an Extra the plan placed. Not on a Field
    with an [Activate Main] paid by resting it (`dull`), whose skill those columns hold (T_DULL)."""
    if not (card.has("field") and effect.when == "enters"):
        return False
    rests = any(e.when == "dull" for e in card_effects("dbsfw", card))
    plain = effect.condition is None and not effect.paid and effect.do in _ONCE_A_TURN_ACTIONS - {"ko"}
    return not rests and plain and plays(replace(effect, when="cast"))


# What a Battle card's [Activate Main] that does not rest it may do, once a turn after the attacks
# (_main_skills: _skill, the Battle cards it plays, and a KO cost before them): not what its columns hold
# for its On Play alone (energy, power for the turn, your Battle Cards switched to Active Mode).
_ONCE_A_TURN_ACTIONS = frozenset(
    {"draw", "discard", "order", "mill", "life", "search", "recover", "damage", "play", "ko"}
)


def _once_a_turn_applies(card: Card, effect: Effect) -> bool:
    """A Battle card's [Activate Main][Once per turn] that does not rest it (T_ONCE_A_TURN): used once a
    turn after the attacks, active or rested, as the skills paid by resting the card are (`dull`), and in
    their columns, so the card's one [Activate Main] (none paid by resting it), without a condition. Once
    the attacks are over its draws wait for the next turn, as a `dull` skill's do: a player who drew
    before the attacks could play the cards drawn at once, but only with the energy the plan left, and
    the goldfish plans its main phase once. A discard paid for a draw, or after it, takes the hand card
    the plan values least, and a KO cost a Battle card that cannot reach the guard (_may_pay_ko): each
    trades what the autopilot would not use for a card, as the same skills On Play do. Its switch of
    itself to Active Mode (T_MAIN_UNTAP), maybe on a condition, is the skill alone (no cost), on a card
    with no When Attacking switch: used once its first battle is over, so it attacks again."""
    effects = card_effects("dbsfw", card)
    if card.type != "battle" or not effect.once_per_turn or not _one_main_skill(card, effects):
        return False
    if any(e.when == "cast" and _turn_power_effect(e) for e in effects):  # its discard cost (T_MAIN_POWER)
        return effect.do == "discard" and effect.paid and _main_power_skill(card)
    if effect.do == "activate":  # T_MAIN_UNTAP: alone (no cost), and no When Attacking switch (T_UNTAP)
        skill = [e for e in effects if e.when == "cast"]
        return skill == [effect] and not any(e.on_itself("attacks", "activate") for e in effects)
    return effect.condition is None and effect.do in _ONCE_A_TURN_ACTIONS


def _one_main_skill(card: Card, effects: tuple[Effect, ...]) -> bool:
    """Whether the card has one [Activate Main] at most, and none paid by resting it (`dull`)."""
    one = len(_TIMING_TAGS["cast"].findall(card.text or "")) <= 1
    return one and not any(e.when == "dull" for e in effects)


def _main_power_skill(card: Card) -> bool:
    """Whether a Battle card's [Activate Main] is power for the turn the goldfish uses before the attacks
    (T_MAIN_POWER, _main_power): its one [Activate Main] (none paid by resting it), [Once per turn] (each
    copy once a turn), all of whose effects are power for the turn but its first, which may be a cost: a
    discard of hand cards or one of your Battle Cards KO'd (`paid`); not on a card with power for the turn
    On Play, which the same T_TURN_* columns would hold."""
    effects = card_effects("dbsfw", card)
    skill = [e for e in effects if e.when == "cast"]
    cost = skill[:1] if skill and skill[0].paid and skill[0].do in ("discard", "ko") else []
    power = skill[len(cost) :]
    return (
        card.type == "battle"
        and _one_main_skill(card, effects)
        and bool(power)
        and all(e.once_per_turn for e in skill)
        and all(_turn_power_effect(e) for e in power)
        and not any(e.when == "enters" and _turn_power_effect(e) for e in effects)
    )


def _face_power(card: Card, effect: Effect) -> bool:
    """A Leader face's own power while a `_FACE_CONDITIONS` condition holds, one such power a face."""
    c = effect.condition
    if c is None or c.kind not in _FACE_CONDITIONS or not effect.on_itself("static", "power"):
        return False
    own = [e for e in card_effects("dbsfw", card) if e.on_itself("static", "power")]
    return sum(e.condition is not None for e in own) == 1


def _face_condition(card: Card) -> tuple[int, int, int]:
    """A Leader face's L_FACE_COND: its own power while a condition holds, that condition's code + 1 and
    its n; zeros when it has none the goldfish plays."""
    for e in card_effects("dbsfw", card):
        if e.condition is not None and plays(e) and applies(card, e):
            return e.n, CONDITIONS.index(e.condition.kind) + 1, e.condition.n
    return 0, 0, 0


# A skill's timing tag by the trigger a KO cost may pay for: On Play ("On Play/When KO'd" too), Activate Main.
_TIMING_TAGS = {
    "enters": re.compile(r"[\[【](?:On Play|登場時)"),
    "cast": re.compile(r"[\[【](?:Activate:? Main|起動 ?メイン)"),
}
# Text of a card's own KO: a [When KO'd] skill (also "[On Play/When KO'd]"), "This card can't be KO'd.",
# 「KO時」, 「KOされない」: a KO cost never takes such a card (T_KO_SHY).
_KO_SHY = re.compile(r"KO'd|KO時|KOされ")


def _cost_paid_applies(card: Card, effect: Effect) -> bool:
    """A KO cost on a Battle card's On Play or an Extra's (not a Field's) Activate: Main, or an energy cost
    on a Battle card's On Play that puts as many cards back into the energy area, active (`resource`): the
    first effect of the card's one skill of that timing, all of whose other effects the goldfish plays, none
    paid for otherwise (every effect of the trigger waits for it: _pay_ko, _energy_to_drop)."""
    on = (card.type == "battle" and effect.when == "enters") or (
        card.type == "extra" and effect.when == "cast" and not card.has("field") and effect.do == "ko"
    )
    if card.type == "battle" and effect.when == "cast":  # its [Activate Main][Once per turn] (T_MAIN_KO)
        on_play_ko = any(e.do == "ko" and e.when == "enters" for e in card_effects("dbsfw", card))
        on = effect.do == "ko" and effect.once_per_turn and not on_play_ko
    skill = [e for e in card_effects("dbsfw", card) if e.when == effect.when]
    rest = skill[1:]
    # (a card put back in Rest Mode leaves the active energy as it was: a swap that gains nothing)
    put_back = sum(e.n for e in rest if e.do == "resource" and not e.rested)
    if effect.do == "drop-energy" and put_back < effect.n:
        return False
    return (
        on
        and skill[0] == effect
        and bool(rest)
        and len(_TIMING_TAGS[effect.when].findall(card.text or "")) <= 1
        and not any(e.paid for e in rest)
        and all(plays(e) and applies(card, e) for e in rest)
    )


def _cost_applies(card: Card) -> bool:
    """A reduction of a card's own cost in the hand on a Battle card, or on an Extra that is never used in a
    battle (only the main phase's plan pays it, _cost_in_hand; an [Activate: Battle] one is paid by
    _use_pump at its printed cost); at most one condition a card, its T_COND row."""
    effects = card_effects("dbsfw", card)
    paid_by_plan = card.type == "battle" or (
        card.type == "extra" and not any(e.when == "battle" for e in effects)
    )
    return paid_by_plan and len(_row_conditions(card)) <= 1


def _row_conditions(card: Card) -> set[Condition]:
    """The conditions of a card's effects that its T_COND row would hold: not an energy marker's "if you
    have none", which _skill checks itself."""
    return {e.condition for e in card_effects("dbsfw", card) if e.condition is not None and e.do != "marker"}


def _turn_power_applies(card: Card, effect: Effect) -> bool:
    """Power for the turn On Play of a Battle card (for itself too), or by an Extra's Activate: Main (not a
    Field's) for your Leader or a card it chooses; one chosen a card, and all of a card's power for the turn
    waits for the same condition, its one condition (the T_TURN_* and T_COND rows)."""
    if card.type == "battle":
        if effect.when != "enters" and not (effect.when == "cast" and _main_power_skill(card)):
            return False
    elif card.type != "extra" or card.has("field") or effect.when != "cast" or effect.filter is None:
        return False
    effects = card_effects("dbsfw", card)
    turn = [e for e in effects if _turn_power_effect(e) and e.when == effect.when]
    conditions = _row_conditions(card)
    return (
        sum(e.filter is not None and e.filter.type != "leader" for e in turn) <= 1
        and len({e.condition for e in turn}) == 1
        and len(conditions) <= 1
    )


# A Battle card's or a Field's [Activate Main] paid by resting it (`dull`) fills the TR_CAST columns, which
# neither uses otherwise (applies), and T_DULL.
_TRIGGERS = {"enters": TR_ENTER, "attacks": TR_ATTACK, "cast": TR_CAST, "dull": TR_CAST}
# What _count_moves puts in a card's row.
_MOVES = (
    "resource", "mill", "recover", "activate", "marker", "charge", "order", "ko", "drop-energy",
    *("ko-after-battle", "bottom-at-turn-end", "activate-energy"),
)  # fmt: skip
_MOST_FILTERS = 62  # search filters get a bit each of an int64 column


def _text_rows(cards: list[Card], effects: bool, leaders: tuple[Card, ...]) -> np.ndarray:
    """The T_* rows of the deck's kinds: what their text does that the goldfish plays (none with
    `effects` off). An Extra is used, it does not enter, and a Field Extra stays: its skills are not
    Activate: Main ones the goldfish uses. `leaders`: the Leader's front face and back face (its name,
    and its traits as its data gives them)."""
    rows = np.zeros((len(cards), N_TEXT), dtype=np.int64)
    filters: dict[CardFilter, int] = {}  # a bit per distinct search filter
    for r, card in enumerate(cards):
        played = (
            [
                e
                for e in card_effects("dbsfw", card)
                if plays(e) and applies(card, e) and _may_hold(e, leaders)
            ]
            if effects
            else []
        )
        played = _with_all_it_pays_for(card, played)
        played = _placed_as_cast(card, played)
        rows[r, T_KO_SHY] = _KO_SHY.search(card.text or "") is not None
        paying: set[str] = set()  # the triggers whose draws after this point a discard pays for
        for e in _count_combo_plays(rows[r], _count_combo_draws(rows[r], played), filters):
            if e.condition is not None and e.do != "marker":  # a marker's "if you have none": _skill
                _count_condition(rows[r], e.condition, leaders, filters)
            if _turn_power_effect(e) or e.when in ("static", "battle"):
                _count_power(rows[r], e, leaders, filters)
                continue
            trigger = _TRIGGERS[e.when]
            if e.do in _MOVES:
                _count_moves(rows[r], e, trigger, filters)
            elif e.condition is not None and e.do == "draw":
                rows[r, T_COND_DRAW + trigger] += e.n
            elif e.do == "discard" and e.paid:
                rows[r, T_PAID_DISCARD + trigger] += e.n
                paying.add(e.when)
            elif e.do == "discard":
                rows[r, T_DISCARD + trigger] += e.n
                rows[r, T_DISCARD_IF] |= 0 if e.condition is None else 1 << trigger
            elif e.do == "draw" and e.when in paying:
                rows[r, T_PAID_DRAW + trigger] += e.n
            elif e.do == "draw":
                rows[r, T_DRAW + trigger] += e.n
            elif e.do == "damage":
                rows[r, T_DAMAGE + trigger] += e.n
            elif e.do == "search" and len(filters) < _MOST_FILTERS:
                assert e.filter is not None
                rows[r, T_LOOK + trigger] = max(rows[r, T_LOOK + trigger], e.top)
                rows[r, T_SEARCH_BIT] = 1 << filters.setdefault(e.filter, len(filters))
            elif e.do == "play" and len(filters) < _MOST_FILTERS:
                assert e.filter is not None
                rows[r, T_PLAY + trigger] += 1
                rows[r, T_PLAY_BIT] = 1 << filters.setdefault(e.filter, len(filters))
                rows[r, T_PLAY_IF] = 1 if e.condition is not None else 0
                rows[r, T_PLAY_DROP] = 1 if e.zone == "drop" else 0
                rows[r, T_PLAY_RESTED] = int(e.rested)
            elif e.do == "life":  # "up to" N, or N that must be taken On Play (plays)
                rows[r, T_LIFE + trigger if e.optional else T_MUST_LIFE] += e.n
        rows[r, T_KO_SHY] |= rows[r, T_AFTER_ATTACK] == 1  # still there at the end of the turn
        rows[r, T_ENTER_TEXT] = any(e.when == "enters" for e in played)  # (_combo_play passes it over)
        rows[r, T_DULL] = _rests_for(card, played)
        rows[r, T_MAIN_POWER] = card.type == "battle" and _main_power_played(played)
        rows[r, T_KO_WAITS] = card.type == "extra" and rows[r, T_KO_COST] > 0  # the plan's (S_KO_PAYERS)
        once_a_turn = rows[r, T_DULL] == T_ONCE_A_TURN or rows[r, T_MAIN_POWER] == 1
        rows[r, T_MAIN_KO] = once_a_turn and rows[r, T_KO_COST] > 0
        rows[r, T_LOOK_IF] = _looks_waiting(played)
        rows[r, T_ORDER_IF] = _looks_waiting(played, "order")
        for when, trigger in _TRIGGERS.items():
            draws = [e for e in played if e.do == "draw" and e.when == when]
            if draws and all(e.optional for e in draws):
                rows[r, T_MAY] |= 1 << trigger  # "you may" only when every draw of the trigger says so
    for r, card in enumerate(cards):
        for f, bit in filters.items():
            if _found_by(card, f):
                rows[r, T_FOUND_BY] |= 1 << bit
    return rows


def _with_all_it_pays_for(card: Card, played: list[Effect]) -> list[Effect]:
    """The effects played, less every effect of a trigger with a KO cost, an energy cost or top cards of
    the deck placed in the drop area as a cost (`ko`, `drop-energy`, a `paid` `mill`) unless all of them
    are played: a cost the goldfish does not pay leaves its skill unplayed (an [Activate: Battle] power
    behind an energy cost is not used for free), and a cost is not paid for a skill whose other effects it
    leaves out (`_may_hold`: a condition that never holds in this deck)."""
    effects = card_effects("dbsfw", card)
    for when in {e.when for e in effects if e.do in ("ko", "drop-energy") or (e.do == "mill" and e.paid)}:
        if not all(e in played for e in effects if e.when == when):
            played = [e for e in played if e.when != when]
    return played


def _count_combo_draws(row: np.ndarray, played: list[Effect]) -> list[Effect]:
    """A draw when a card is used in a combo, and its discard (`_combo_draws`; one such skill a card,
    applies), in a card's T_COMBO_DRAW row; returns the card's other effects played."""
    others = []
    for e in played:
        if e.when in _COMBO_TRIGGERS:
            column = {
                "draw": T_COMBO_DRAW,
                "discard": T_COMBO_DRAW_DISCARD,
                "activate": T_COMBO_DRAW_ACTIVATES,
            }
            row[column[e.do]] += e.n
            row[T_COMBO_DRAW_FROM_BATTLE_AREA] = int(e.when == "battle-area-combo")
        else:
            others.append(e)
    return others


def _placed_as_cast(card: Card, played: list[Effect]) -> list[Effect]:
    """The effects played, a Field's On Play among them as an Extra's Activate: Main (TR_CAST): both resolve
    as the plan places the card (_resolve_played; _field_enters_applies)."""
    if card.type != "extra":
        return played
    return [replace(e, when="cast") if e.when == "enters" else e for e in played]


def _count_combo_plays(row: np.ndarray, played: list[Effect], filters: dict[CardFilter, int]) -> list[Effect]:
    """A play from the hand when the card itself is used in a combo from the Battle Area (`used-in-combo`,
    applies: the card's only play) in its T_COMBO_PLAY and T_PLAY_BIT (its filter a bit of `filters`, while
    there is one); returns the card's other effects played."""
    others = []
    for e in played:
        if e.when != "used-in-combo":
            others.append(e)
        elif len(filters) < _MOST_FILTERS:
            assert e.filter is not None
            row[T_COMBO_PLAY] += 1
            row[T_PLAY_BIT] = 1 << filters.setdefault(e.filter, len(filters))
    return others


def _may_hold(e: Effect, leaders: tuple[Card, ...]) -> bool:
    """False for an effect whose `leader` condition, or Leader part of its condition, neither face of the
    deck's Leader meets: it never happens in this deck, so its row leaves it out and the plan does not
    value it."""
    c = e.condition
    if c is not None and c.leader is not None and not any(_found_by(lead, c.leader) for lead in leaders):
        return False
    return (
        c is None or c.kind != "leader" or any(_found_by(lead, c.filter or CardFilter()) for lead in leaders)
    )


def _looks_waiting(played: list[Effect], do: str = "search") -> int:
    """T_LOOK_IF (T_ORDER_IF with `do` "order"): bit 1 << trigger for each trigger whose look at the top
    cards (or top cards ordered) waits for the card's condition (its one condition, applies)."""
    bits = 0
    for e in played:
        if e.do == do and e.condition is not None:
            bits |= 1 << _TRIGGERS[e.when]
    return bits


def _main_power_played(played: list[Effect]) -> bool:
    """Whether a Battle card's played [Activate Main] is power for the turn (T_MAIN_POWER: _main_power)."""
    return any(e.when == "cast" and _turn_power_effect(e) for e in played)


def _rests_for(card: Card, played: list[Effect]) -> int:
    """T_DULL: T_DULL_BATTLE for a Battle card, T_DULL_FIELD for a Field, with a skill paid by resting it
    that the goldfish plays; T_ONCE_A_TURN for a Battle card with an [Activate Main][Once per turn] that
    does not rest it (`_once_a_turn_applies`), but for power for the turn (T_MAIN_POWER, used before the
    attacks: _main_power)."""
    if card.type == "battle" and any(e.when == "cast" and e.do != "activate" for e in played):
        return 0 if _main_power_played(played) else T_ONCE_A_TURN
    if not any(e.when == "dull" for e in played):
        return 0
    return T_DULL_FIELD if card.has("field") else T_DULL_BATTLE


def _count_moves(row: np.ndarray, e: Effect, trigger: int, filters: dict[CardFilter, int]) -> None:
    """A `resource`, `mill`, `recover`, `activate`, `marker`, `charge`, `order`, a KO cost (`ko`, the Battle
    cards it may KO a bit of `filters`) or an energy cost (`drop-energy`) in a card's T_* row: the
    top cards into the energy area or the drop area, or ordered, the cards its filter finds (a bit of
    `filters`, while there is one) from the drop area to the hand (or, a `charge` from the drop area, to the
    energy area), after its condition or not, the card itself to Active Mode, or an energy marker placed if
    you have none (plays), or up to n of your Battle Cards its filter finds (a bit of `filters`) to Active
    Mode On Play."""
    if e.do in _LEAVES:
        row[T_AFTER_ATTACK] = _LEAVES.index(e.do) + 1
    elif e.do == "drop-energy":
        row[T_ENERGY_COST] += e.n
    elif e.do == "ko":  # with no filter bit left it is never paid, and none of its skill happens
        row[T_KO_COST] += e.n
        if len(filters) < _MOST_FILTERS:
            assert e.filter is not None
            row[T_KO_COST_BIT] = 1 << filters.setdefault(e.filter, len(filters))
    elif e.do == "activate" and e.filter is not None:
        if len(filters) < _MOST_FILTERS:
            row[T_ACTIVATE_ALLIES] += e.n
            row[T_ACTIVATE_ALLIES_BIT] = 1 << filters.setdefault(e.filter, len(filters))
    elif e.do == "activate" and e.when == "cast":  # after its first battle (applies)
        row[T_MAIN_UNTAP] = T_MAIN_UNTAP_ALWAYS if e.condition is None else T_MAIN_UNTAP_IF
    elif e.do == "activate":
        row[T_UNTAP] = 1
        row[T_UNTAP_IF] = 1 if e.condition is not None else 0
    elif e.do == "order":
        row[T_ORDER + trigger] += e.n
    elif e.do == "marker":
        row[T_MARKER] |= 1 << trigger
    elif e.do == "charge" and e.zone == "drop":
        if len(filters) < _MOST_FILTERS:
            assert e.filter is not None
            row[T_DROP_ENERGY] += e.n
            row[T_DROP_ENERGY_BIT] = 1 << filters.setdefault(e.filter, len(filters))
            row[T_DROP_ENERGY_RESTED] = int(e.rested)
    elif e.do == "activate-energy":
        row[T_ACTIVATE_ENERGY + trigger] += e.n
        row[T_ACTIVATE_ENERGY_IF] |= (1 << trigger) if e.condition is not None else 0
    elif e.do == "resource" and e.rested:
        row[T_REST_ENERGY] += e.n
        row[T_REST_ENERGY_IF] = int(e.condition is not None)
        row[T_REST_ENERGY_MAY] = int(e.optional)
    elif e.do == "charge":
        row[T_HAND_ENERGY] += e.n
    elif e.do == "resource":
        row[T_ENTER_ENERGY] += e.n
    elif e.do == "mill":
        row[T_MILL + trigger] += e.n
    elif len(filters) < _MOST_FILTERS:
        assert e.filter is not None
        row[T_RECOVER + trigger] += e.n
        row[T_RECOVER_BIT] = 1 << filters.setdefault(e.filter, len(filters))
        row[T_RECOVER_IF] = 1 if e.condition is not None else 0


def _count_condition(
    row: np.ndarray, c: Condition, leaders: tuple[Card, ...], filters: dict[CardFilter, int]
) -> None:
    """A card's condition in its row (T_COND, T_COND_N; a count of your cards: _count_cards; the faces its
    Leader part does not name: T_COND_NOT_FACES)."""
    row[T_COND] = CONDITIONS.index(c.kind) + 1
    row[T_COND_N] = c.n
    if c.leader is not None:  # the faces its Leader part does not name
        for face, lead in enumerate(leaders):
            row[T_COND_NOT_FACES] |= 0 if _found_by(lead, c.leader) else 1 << face
    if c.kind == "leader":  # each face that is the card the filter names
        assert c.filter is not None
        for face, lead in enumerate(leaders):
            row[T_COND_LEADER + face] = 1 if _found_by(lead, c.filter) else 0
    elif c.filter is not None and not _count_cards(row, c.filter, leaders, filters):
        row[T_COND_N] = 1 << 40  # no bit left for its filter (a deck of 62 filters): it never holds


def _count_cards(
    row: np.ndarray, f: CardFilter, leaders: tuple[Card, ...], filters: dict[CardFilter, int]
) -> bool:
    """A "control-at-least" condition's filter in a card's row: the bit of the Battle cards it counts, and
    whether each Leader face counts (a filter of any type). False when no bit is left for it."""
    if f not in filters and len(filters) >= _MOST_FILTERS:
        return False
    row[T_COND_BIT] = 1 << filters.setdefault(f, len(filters))
    for face, lead in enumerate(leaders):
        row[T_COND_LEADER + face] = 1 if f.type is None and _found_by(lead, f) else 0
    return True


def _count_turn_power(
    row: np.ndarray, e: Effect, leaders: tuple[Card, ...], filters: dict[CardFilter, int]
) -> None:
    """Power for the turn in a card's row (T_TURN_*): for itself, your Leader, or 1 card it chooses, among
    the Battle cards its filter finds (a bit of `filters`, while there is one) and the Leader faces it
    finds (a filter of type None)."""
    row[T_TURN_WAITS] = 1 if e.condition is not None else 0
    f = e.filter
    if f is None:
        row[T_TURN_SELF] += e.n
    elif f.type == "leader":
        row[T_TURN_LEADER] += e.n
    else:
        row[T_TURN_CHOSEN] += e.n
        row[T_TURN_TARGETS] = e.targets
        board = replace(f, type="battle")  # the Battle Area holds Battle cards only
        if board in filters or len(filters) < _MOST_FILTERS:
            row[T_TURN_BIT] = 1 << filters.setdefault(board, len(filters))
        for face, lead in enumerate(leaders):
            row[T_TURN_LEADER_OK + face] = 1 if f.type is None and _found_by(lead, f) else 0


def _count_power(
    row: np.ndarray, e: Effect, leaders: tuple[Card, ...], filters: dict[CardFilter, int]
) -> None:
    """A `power` in a card's T_* row: for the turn (_count_turn_power), an Extra's in a battle, a card's own
    while its condition holds (its own power without a condition is in its power, compile_deck), your
    Leader's by its faces' traits, or your Battle Cards' with a trait (one such a card, applies; a bit of
    `filters`, while there is one); an Extra's more in the battle, on its condition (T_PUMP_MORE) or for
    each card it counts (T_PUMP_EACH); with them, the other `static` a card's row holds: it does not untap
    (T_NO_UNTAP), never attacks or must attack (T_ATTACK_RULE), its cost in the hand is n smaller
    (T_HAND_COST_CUT; n < 0, plays)."""
    if _turn_power_effect(e):
        _count_turn_power(row, e, leaders, filters)
    elif e.do == "no-untap":
        row[T_NO_UNTAP] = 1
    elif e.do in ("no-attack", "must-attack"):
        row[T_ATTACK_RULE] = 1 if e.do == "no-attack" else 2
    elif e.do == "strike":
        row[T_COND_STRIKE] = e.n
    elif e.do == "cost":
        row[T_HAND_COST_CUT] -= e.n
    elif e.when == "battle" and e.do == "draw":  # after the Extra's power, on its condition (plays)
        row[T_PUMP_DRAW] += e.n
    elif e.when == "battle" and e.per is not None:  # for each card it counts (plays: by a trait)
        board = replace(e.per, type="battle")  # the Battle Area holds Battle cards only
        if board in filters or len(filters) < _MOST_FILTERS:
            row[T_PUMP_EACH] += e.n
            row[T_PUMP_EACH_BIT] = 1 << filters.setdefault(board, len(filters))
            for face, lead in enumerate(leaders):
                row[T_PUMP_EACH_LEADER + face] = 1 if _found_by(lead, e.per) else 0
    elif e.when == "battle" and e.condition is not None and row[T_PUMP] > 0:
        row[T_PUMP_MORE] += e.n  # "Then, if ..., that card gets +N": after the power without it (the reader)
    elif e.when == "battle":
        row[T_PUMP] += e.n
        row[T_PUMP_WAITS] = 1 if e.condition is not None else 0
    elif e.filter is not None and e.filter.type == "battle":
        if len(filters) < _MOST_FILTERS:
            row[T_ALLY_AURA] += e.n
            row[T_ALLY_BIT] = 1 << filters.setdefault(e.filter, len(filters))
    elif e.filter is not None:  # your Leader's, the faces it finds (plays), maybe on a condition
        for face, lead in enumerate(leaders):
            if _found_by(lead, e.filter):
                row[T_LEADER_AURA + face] += e.n
        row[T_AURA_WAITS] = 1 if e.condition is not None else 0
    elif e.condition is not None and e.condition.kind == "combo-at-least":  # in its battle (plays: n 1)
        row[T_COMBO_POWER] += e.n
    elif e.condition is not None:
        row[T_COND_POWER] += e.n


def _text_sum(card: Card, when: str, do: str) -> int:
    """The sum of `n` of a card's own effects (no filter) that the goldfish plays with this trigger and
    action, always (without a condition)."""
    played = _with_all_it_pays_for(
        card, [e for e in card_effects("dbsfw", card) if plays(e) and applies(card, e)]
    )
    return sum(e.n for e in played if e.on_itself(when, do) and e.condition is None)


def _leader_draws(set_by_hand: tuple[Effect, ...] | None, text: str, when: str) -> int:
    """The cards a Leader face's text draws at `when` (its Awaken, its attacks): its effects set by hand
    (the front's), else read from the face's text."""
    return _text_sum(Card("", "", "leader", (), text=text, effects=set_by_hand), when, "draw")


def _back_card(back: Mapping[str, Any]) -> Card:
    """A Leader's back face as a card of its text alone."""
    return Card("", "", "leader", (), text=str(back.get("text", "")))


def _back_power(back: Mapping[str, Any]) -> int:
    """The power a Leader's back face's own text gives it ("[Permanent][Your Turn] This card gets +5000
    power.")."""
    return _text_sum(_back_card(back), "static", "power")


def _back_traits(back: Mapping[str, Any]) -> tuple[str, ...]:
    """A Leader's back face's traits as its data gives them: none when it gives none (a face may change
    them: "Evil Wizard" awakens "Majin")."""
    traits = back.get("traits") or ()
    return tuple(str(t) for t in traits) if isinstance(traits, (list, tuple)) else ()


def _leader_faces(lead: Card, back: Mapping[str, Any]) -> tuple[Card, ...]:
    """The Leader's front face and back face as cards a filter may find: each face's name (the back's, or
    the front's when its data gives none) and traits (_back_traits)."""
    back_face = Card(lead.number, str(back.get("name") or lead.name), "leader", (), traits=_back_traits(back))
    return (lead, back_face)


def compile_deck(deck: Deck, effects: bool = True) -> _Compiled:
    """Card kinds in card-number order (the tie-break of §11.5) and their facts as arrays; with
    `effects`, the text it plays (`plays`) too."""
    leaders = [c for c, _ in deck.cards_in("leader")]
    if len(leaders) != 1 or leaders[0].type != "leader":
        raise ValueError("The goldfish needs a deck with exactly one Leader card (6-1-2).")
    lead = leaders[0]
    front_mask = _mask(lead.colors, f"Leader {lead.number}")
    back = lead.back or {}
    back_kw = tuple(str(w).lower() for w in back.get("keywords", ()))
    back_mask = (
        _mask([str(c).lower() for c in back.get("colors", ())], f"Leader {lead.number} back") or front_mask
    )
    leader = np.array(
        [
            (lead.power or 0) + (_text_sum(lead, "static", "power") if effects else 0),
            front_mask,
            _flags(lead.keywords),
            int(back.get("power", lead.power or 0)) + (_back_power(back) if effects else 0) if back else 0,
            back_mask,
            _flags(back_kw),
            1 if back else 0,
            _leader_draws(lead.effects, lead.text, "awaken") if effects else 0,
            _leader_draws(lead.effects, lead.text, "attacks") if effects else 0,
            _leader_draws(None, str(back.get("text", "")), "attacks") if effects and back else 0,
            *(_face_condition(lead) if effects else (0, 0, 0)),
            *(_face_condition(_back_card(back)) if effects and back else (0, 0, 0)),
            _text_sum(lead, "awaken", "mill") if effects else 0,
        ],
        dtype=np.int64,
    )
    numbers = sorted({e.card for e in deck.entries("main")})
    index = {n: i for i, n in enumerate(numbers)}
    ktype, kcolours, kpay, kspec, kpower, kcombo, kflags = [], [], [], [], [], [], []
    for n in numbers:
        card = deck.cards[n]
        if card.type not in TYPE_CODES:
            raise ValueError(f"Card {n}: a {card.type!r} card cannot be in the DBS Fusion World deck.")
        ktype.append(TYPE_CODES[card.type])
        kcolours.append(_mask(card.colors, f"Card {n}"))
        kpay.append(payable_total(card))
        spec = [0] * 5
        for colour, count in (card.specified_cost or {}).items():
            if colour not in COLOURS:
                raise ValueError(f"Card {n}: unknown specified-cost colour {colour!r}.")
            spec[COLOURS.index(colour)] = count
        kspec.append(spec)
        gained = _text_sum(card, "static", "power") if effects else 0
        kpower.append((card.power or 0) + gained if card.type == "battle" else 0)
        kcombo.append(-1 if card.combo_power is None or card.type != "battle" else card.combo_power)  # 5-6-2
        kflags.append(_flags(card.keywords) | _main_use(card))
    pool = np.array([index[e.card] for e in deck.entries("main") for _ in range(e.count)], dtype=np.int64)
    arrays = (
        pool,
        leader,
        np.array(ktype, dtype=np.int64),
        np.array(kcolours, dtype=np.int64),
        np.array(kpay, dtype=np.int64),
        np.array(kspec, dtype=np.int64).reshape(len(numbers), 5),
        np.array(kpower, dtype=np.int64),
        np.array(kcombo, dtype=np.int64),
        np.array(kflags, dtype=np.int64),
        _text_rows([deck.cards[n] for n in numbers], effects, _leader_faces(lead, back)),
    )
    return _Compiled(tuple(deck.cards[n].name for n in numbers), tuple(numbers), lead.name, arrays)


def _printings_of(card: str, numbers: tuple[str, ...], rule: str) -> tuple[int, int]:
    """The first and last kind that are printings of `card` (by base number, any case), for the
    if-missing redraw; an error when that redraw names no card of the deck, which would redraw every hand."""
    base_number = get_game("dbsfw").base_number
    base = base_number(card) if card.strip() else ""
    kinds = [i for i, n in enumerate(numbers) if base and base_number(n) == base]
    if rule == "if-missing" and not kinds:
        if not base:
            raise GoldfishParamError("The redraw that looks for a card needs mulligan_card, a card number.")
        raise GoldfishParamError(
            f"mulligan_card {card!r} is not in the deck, so every hand would be redrawn."
        )
    return (kinds[0], kinds[-1]) if kinds else (-1, -2)


# The life line of a Leader's Awaken as printed: "When your life is at 4 or less", 「ライフが4以下の場合」.
_AWAKEN_LINE = re.compile(
    r"[【\[](?:Awaken|覚醒)[】\]][^\n]*?(?:When your life is (?:at )?(\d+) or less|自分のライフが(\d+)以下)",
    re.IGNORECASE,
)
DEFAULT_AWAKEN_LIFE = 4  # the line of most printed Leaders


def printed_awaken_life(deck: Deck) -> int:
    """The life at or below which the deck's Leader awakens, as its text prints it (15-2-3); 4 when the
    text names no line (a Leader with Awaken as a keyword only)."""
    for card, _ in deck.cards_in("leader"):
        if m := _AWAKEN_LINE.search(card.text or ""):
            return int(m.group(1) or m.group(2))
    return DEFAULT_AWAKEN_LIFE


def energy_target(deck: Deck, play_extras: bool = False) -> int:
    """§11.5 default: the highest payable total among the deck's usable cards costing at most 10."""
    costs = [
        payable_total(c)
        for c, _ in deck.cards_in("main")
        if (c.type == "battle" or (play_extras and c.type == "extra")) and payable_total(c) <= 10
    ]
    return max(costs, default=0)


class DBSFWSimulator(Simulator):
    game_id = "dbsfw"
    opponent_params = (
        Param(
            "opp_leader_power",
            15000,
            "The opponent's Leader power that each of your attacks must reach.",
            minimum=0,
            maximum=1_000_000,
            label="Opponent Leader's power",
        ),
        Param(
            "opp_life",
            8,
            "Life cards the opponent starts with.",
            minimum=1,
            label="Opponent's life",
            rule="6-2-1-9",
        ),
        Param(
            "opp_deck_size",
            50,
            "Cards in the opponent's deck, for when it runs out.",
            minimum=15,
            label="Opponent's deck size",
            rule="6-1-3, 14-2-2-2",
        ),
        Param(
            "opp_awakens_at_life",
            0,
            "The opponent's Leader awakens (and uses the power below) at this life or less. 0: never.",
            minimum=0,
            label="Opponent awakens at life",
            words=((0, "never"),),
        ),
        Param(
            "opp_awakened_power",
            20000,
            "The opponent's Leader power once awakened.",
            minimum=0,
            maximum=1_000_000,
            label="Opponent's awakened power",
        ),
        Param(
            "opp_hits_from_turn",
            0,
            "From this opponent turn on, you lose 1 life each opponent turn (never below 1). 0: off.",
            minimum=0,
            label="Opponent hits you from turn",
            words=((0, "never"),),
        ),
    )
    policy_params = (
        Param(
            "mulligan_rule",
            "no-cheap-battle",
            "When the autopilot redraws its opening hand.",
            choices=MULLIGAN_RULES,
            label="Redraw the opening hand",
            rule="6-2-1-8",
            choice_labels=(
                "never",
                "when it has no Battle card at or below the cost below",
                "when it lacks the card named below",
            ),
        ),
        Param(
            "mulligan_max_cost",
            2,
            "A hand with a Battle card of this total cost or less is kept.",
            minimum=0,
            label="Keep a hand with a Battle card costing at most",
        ),
        Param(
            "mulligan_card",
            "",
            "A card number, for the redraw that looks for one card (e.g. FS01-01).",
            label="Card to look for",
        ),
        Param(
            "charge_rule",
            "to-target",
            "When the autopilot places a hand card as energy.",
            choices=CHARGE_RULES,
            label="Charge energy",
            rule="7-2-11",
            choice_labels=("until the energy target below", "every turn", "never"),
        ),
        Param(
            "energy_target",
            -1,
            "Energy cards wanted. -1: enough for the deck's most expensive card (10 at most).",
            minimum=-1,
            label="Energy target",
            words=((-1, "enough for the deck's most expensive card"),),
        ),
        Param(
            "charge_safeguard",
            True,
            "Never charge the last card in hand when it is needed for this turn's attack.",
            label="Keep the last combo card",
        ),
        Param(
            "play_extras",
            False,
            "Spend energy on every Extra card too, not only those whose text the goldfish plays.",
            label="Play Extra cards",
        ),
        Param(
            "card_effects",
            True,
            "Play the card texts the goldfish reads: On Play and When Attacking draws, On Play energy, "
            "an Extra's Activate: Main draw.",
            label="Play card texts",
        ),
        Param(
            "first_player_draws_on_turn_1",
            True,
            "The player going first draws on the game's first turn.",
            label="First player draws on turn 1",
            rule="7-2-9",
        ),
        Param(
            "awaken_life",
            -1,
            "Your Leader awakens when your life is this or less. -1: as its card's Awaken says (4 if the"
            " text names no line).",
            minimum=-1,
            label="Your Leader awakens at life",
            rule="15-2-3",
            words=((-1, "as the Leader's card says"),),
        ),
    )

    def in_force(self, deck: Deck, params: GoldfishParams) -> GoldfishParams:
        pol = dict(params.policy)
        if int(pol["energy_target"]) < 0:
            pol["energy_target"] = energy_target(deck, bool(pol["play_extras"]))
        if int(pol["awaken_life"]) < 0:
            pol["awaken_life"] = printed_awaken_life(deck)
        return replace(params, policy=pol)

    def knobs(self, deck: Deck, params: GoldfishParams, numbers: tuple[str, ...] = ()) -> np.ndarray:
        params = self.in_force(deck, params)
        opp, pol = params.opponent, params.policy
        k = np.zeros(N_KNOBS, dtype=np.int64)
        k[K_GOING_FIRST] = params.going == "first"
        k[K_MAX_TURNS] = params.max_turns
        k[K_OPP_POWER] = opp["opp_leader_power"]
        k[K_OPP_LIFE] = opp["opp_life"]
        k[K_OPP_DECK] = opp["opp_deck_size"]
        k[K_OPP_AWAKE_LIFE] = opp["opp_awakens_at_life"]
        k[K_OPP_AWAKE_POWER] = opp["opp_awakened_power"]
        k[K_OPP_HITS_FROM] = opp["opp_hits_from_turn"]
        k[K_MULLIGAN] = MULLIGAN_RULES.index(pol["mulligan_rule"])
        k[K_MULL_COST] = pol["mulligan_max_cost"]
        draw_rules = get_game(self.game_id).draw_rules_for(deck)
        k[K_START_LIFE] = draw_rules.set_aside_after_mulligan
        k[K_HAND] = draw_rules.opening_hand
        k[K_DRAWS] = draw_rules.draws_per_turn
        k[K_T1_DRAWS] = draw_rules.first_player_first_turn_draws
        k[K_MULL_CARD], k[K_MULL_LAST] = _printings_of(
            str(pol["mulligan_card"]), numbers, str(pol["mulligan_rule"])
        )
        k[K_CHARGE] = CHARGE_RULES.index(pol["charge_rule"])
        k[K_ENERGY_TARGET] = pol["energy_target"]
        k[K_SAFEGUARD] = pol["charge_safeguard"]
        k[K_PLAY_EXTRAS] = pol["play_extras"]
        k[K_T1_DRAW] = pol["first_player_draws_on_turn_1"]
        k[K_AWAKEN_LIFE] = pol["awaken_life"]
        k[K_WATCH] = -1
        if params.opening is not None:  # kept, or always redrawn: no Battle card costs less than 0
            k[K_DEALT] = len(params.opening.hand)
            k[K_MULLIGAN], k[K_MULL_COST] = (1, -1) if params.opening.mulligan else (0, 0)
        return k

    def run_prepared(self, prepared, seed, first_game, n_games):
        result, _ = self._batch(prepared, seed, first_game, n_games)
        return result

    def watch_rates(
        self, deck: Deck, params: GoldfishParams, seed: int, games: int, card: str
    ) -> dict[str, float]:
        """Shares of games whose kept opening hand, and whose hand after the own-turn-1 draw, hold `card`
        (§11.4 "cards seen by turn"), and the redraw rate."""
        _, counts = self._batch(self.prepare(deck, params), seed, 0, games, watch=card)
        return {"kept": counts[1] / games, "turn1": counts[2] / games, "redraw": counts[0] / games}

    def prepare(self, deck, params):
        c = compile_deck(deck, bool(params.policy["card_effects"]))
        if params.opening is not None:
            pool = dealt_first(c.arrays[0], c.numbers, params.opening.hand)
            c = _Compiled(c.names, c.numbers, c.leader_name, (pool, *c.arrays[1:]))
        return c, _deck_flags(self.knobs(deck, params, c.numbers), c)

    def _batch(self, prepared, seed, first_game, n_games, watch: str = ""):
        c, knobs = prepared
        if watch:
            knobs = knobs.copy()  # the prepared knobs may serve other batches
            knobs[K_WATCH] = c.numbers.index(watch)
        kills, outcomes, counts = _run_batch(seed & 0xFFFFFFFFFFFFFFFF, first_game, n_games, knobs, *c.arrays)
        result = GoldfishResult(
            games=n_games,
            kill_turns={t: int(n) for t, n in enumerate(kills) if n},
            outcomes={name: int(outcomes[i]) for i, name in enumerate(OUTCOMES)},
            seed=seed,
            mulligans=int(counts[0]),
        )
        return result, counts

    def play_logged(self, deck, params, seed, game_index):
        return self._logged(*self.prepare(deck, params), game_seed(seed, game_index), game_index)

    def play_stacked(self, deck: Deck, params: GoldfishParams, order: list[str]) -> GameLog:
        """One game with the deck in the given order, top first, never shuffled (a redraw puts the
        hand under the rest instead); the test harness's stacked deck."""
        c = compile_deck(deck, bool(params.policy["card_effects"]))
        if sorted(order) != sorted(e.card for e in deck.entries("main") for _ in range(e.count)):
            raise ValueError("The order must list the deck's cards, each copy once.")
        pool = np.array([c.numbers.index(n) for n in order], dtype=np.int64)
        knobs = _deck_flags(self.knobs(deck, params, c.numbers), c)
        knobs[K_NO_SHUFFLE] = 1
        stacked = _Compiled(c.names, c.numbers, c.leader_name, (pool,) + c.arrays[1:])
        return self._logged(stacked, knobs, 0, 0)

    def _logged(self, c: _Compiled, knobs: np.ndarray, seed64: int, game_index: int) -> GameLog:
        log = np.zeros((MAX_LOG, 5), dtype=np.int64)
        zones = np.zeros(len(ZONES), dtype=np.int64)
        outcome, turn, _, _, _, n = _play_game(
            np.uint64(seed64),
            knobs,
            *c.arrays,
            zones,
            log,
            True,
            new_game(len(c.arrays[0]), len(c.names), knobs[K_START_LIFE]),
        )
        return GameLog(
            game_index=game_index,
            outcome=OUTCOMES[outcome],
            turn=int(turn),
            events=tuple(_decode(log[:n], c)),
            final={k: int(v) for k, v in zip(ZONES, zones, strict=True)},
        )


def _deck_flags(knobs: np.ndarray, c: _Compiled) -> np.ndarray:
    """The knobs with what the deck's kind table says once for all its games: whether a kind has an
    [Activate Main] paid by resting it (K_MAIN_SKILLS), so a deck without one never looks for it, and what
    the deck's text asks of the attacks (K_BATTLE_TEXT), so a deck without such text pays nothing for it."""
    ktext = c.arrays[-1]
    knobs[K_MAIN_SKILLS] = 1 if ktext[:, T_DULL].any() else 0
    battle_text = ktext[:, T_COMBO_POWER].any() or ktext[:, T_PUMP_DRAW].any() or ktext[:, T_COMBO_DRAW].any()
    battle_text = battle_text or ktext[:, T_COND_STRIKE].any() or ktext[:, T_COMBO_PLAY].any()
    knobs[K_BATTLE_TEXT] = int(bool(battle_text))
    knobs[K_KO_COSTS] = 1 if ktext[:, T_KO_COST].any() else 0
    knobs[K_MAIN_POWER] = 1 if ktext[:, T_MAIN_POWER].any() else 0
    return knobs


def _decode(rows: np.ndarray, c: _Compiled) -> list[LogEvent]:
    """Turn event rows into readable lines; the setup hand is one line."""
    out: list[LogEvent] = []

    def card(k: int) -> str:
        return f"{c.leader_name} (Leader)" if k < 0 else f"{c.names[k]} ({c.numbers[k]})"

    i = 0
    while i < len(rows):
        code, turn, phase, a, b = (int(x) for x in rows[i])
        if code == E_HAND:
            cards = []
            while i < len(rows) and rows[i][0] == E_HAND:
                cards.append(card(int(rows[i][3])))
                i += 1
            out.append(LogEvent(turn, PHASES[phase], "hand: " + ", ".join(cards)))
            continue
        out.append(LogEvent(turn, PHASES[phase], _event_text(code, a, b, card)))
        i += 1
    return out


def _event_text(code: int, a: int, b: int, card) -> str:
    texts = {
        E_REDRAW: lambda: "redraw: the whole hand back, shuffle, six new cards",
        E_LIFE: lambda: f"{a} life cards from the top; deck {b}",
        E_MARKER: lambda: f"going second: {a} energy marker",
        E_UNTAP: lambda: f"untap the Leader, {a} energy and {b} Battle cards",
        E_DRAW: lambda: f"draw {card(a)}; deck {b}",
        E_DECKOUT: lambda: "the deck is empty: loss (14-2-2-2)",
        E_CHARGE: lambda: f"charge {card(a)}: energy {b}",
        E_NO_CHARGE: lambda: f"no charge: energy {a}",
        E_PLAY: lambda: ("play " if b == 0 else "use " if b == 1 else "place the Field ") + card(a),
        E_PAY: lambda: f"pay: rest {a} energy" + (f", remove {b} marker" if b else ""),
        E_FIELD_GONE: lambda: f"{card(a)} goes to the drop area (one Field at a time)",
        E_AWAKEN: lambda: f"awaken: the Leader flips to its back, power {a} (life {b})",
        E_COMBO: lambda: f"combo {card(a)} from the {'hand' if b == 0 else 'battle area'}",
        E_ATTACK: lambda: f"{card(a)} attacks with power {b}",
        E_HIT: lambda: f"hit: {a} damage, opponent life {b}",
        E_MISS: lambda: f"no damage: power {a} < {b}",
        E_BATTLE_END: lambda: f"battle end: {a} combo cards to the drop area",
        E_OPP_DRAW: lambda: f"opponent draws; its deck {a}",
        E_OPP_DECKOUT: lambda: "the opponent's deck is empty: it loses (14-2-2-2)",
        E_OWN_DAMAGE: lambda: f"simulated damage: {card(a)} from life to hand, life {b}",
        E_RESULT: lambda: f"game over: {OUTCOMES[a]} (game turn {b})",
        E_EFFECT_DRAW: lambda: f"{card(a)}: draw {card(b)}",
        E_EFFECT_ENERGY: lambda: f"{card(a)}: {card(b)} from the deck to the energy area",
        E_EFFECT_DAMAGE: lambda: f"{card(a)}: 1 damage, opponent life {b}",
        E_EFFECT_LIFE: lambda: f"{card(a)}: {card(b)} from your life to your hand",
        E_EFFECT_DISCARD: lambda: f"{card(a)}: discard {card(b)}",
        E_EFFECT_PLAY: lambda: f"{card(a)}: play {card(b)} from the hand",
        E_EFFECT_PLAY_DROP: lambda: f"{card(a)}: play {card(b)} from the drop area",
        E_EFFECT_MILL: lambda: f"{card(a)}: {card(b)} from the deck to the drop area",
        E_EFFECT_RECOVER: lambda: f"{card(a)}: {card(b)} from the drop area to the hand",
        E_PUMP: lambda: f"use {card(a)}: +{b} power for the battle",
        E_TURN_POWER: lambda: f"{card(a)} gets +{b} power for the turn",
        E_EFFECT_MARKER: lambda: f"{card(a)}: place an energy marker; markers {b}",
        E_HAND_ENERGY: lambda: f"{card(a)}: {card(b)} from the hand to the energy area",
        E_MAIN_SKILL: lambda: f"{'use' if b else 'rest'} {card(a)} for its [Activate Main]",
        E_EFFECT_ACTIVATE: lambda: f"{card(a)}: switch {card(b)} to Active Mode",
        E_DROP_ENERGY: lambda: f"{card(a)}: {card(b)} from the drop area to the energy area",
        E_EFFECT_KO: lambda: f"{card(a)}: KO {card(b)} for its cost",
        E_ENERGY_DROP: lambda: f"{card(a)}: {card(b)} from the energy area to the drop area for its cost",
        E_DECK_BOTTOM: lambda: f"{card(a)} goes to the bottom of the deck at the end of the turn; deck {b}",
        E_SELF_KO: lambda: f"{card(a)} is KO'd at the end of its battle",
        E_ENERGY_RESTED: lambda: f"{card(a)}: {card(b)} from the deck to the energy area in Rest Mode",
        E_ENERGY_ACTIVE: lambda: f"{card(a)}: switch {b} energy to Active Mode",
        E_EFFECT_ORDER: lambda: (
            f"{card(a)}: order the top cards, {b} kept on the top, the others at the bottom"
        ),
        E_EFFECT_SEARCH: lambda: (
            f"{card(a)}: look at the top cards, {card(b) if b >= 0 else 'no card'} to the hand, the rest"
            " to the bottom"
        ),
    }
    if code not in texts:
        raise ValueError(f"unknown event code {code}")
    return texts[code]()
