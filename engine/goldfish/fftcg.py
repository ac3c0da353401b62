"""FFTCG goldfish (docs/rules/fftcg.md §11; seed CR ver.3.2), compiled with Numba.

One rules implementation: `_play_game` plays one game and, when asked, writes event codes into an
array that `_decode` turns into the log; `_run_batch` calls the same function with logging off.

Cards play their keywords (haste, brave, multi-playable, limit-break) and, with the `card_effects` knob
(default on), the text the reader turns into effects it plays (`plays`): draws and damage when a card
enters the field or attacks (a draw on entering maybe if you control some characters) and draws when it
deals damage to the opponent, the opponent's top cards into its Break Zone, its damage doubled, Haste for
itself (maybe while you control some characters) or for every Forward or those it names (_has_haste), its own
cost reduced, and, when it enters, a search for 1 card by name, job, category or
type (or any of such; of the whole deck, its top cards, or turning cards over until one) or a play of 1
card of cost N or less from the hand, or cards taken from the Break Zone (into the hand, or 1 onto the
field: the zone is counted kind by kind), and, when it enters or attacks, characters activated to pay again
and a chosen Forward given Haste until the end of the turn (_give_haste), or 1 Forward it must choose
(one of yours: _hit_own), and action abilities paid in CP: a Monster that also becomes a Forward for the
turn (or while you control some characters: _become_forwards), a Forward's own Haste (_haste_actions).
Back Attack (15.2.5): with the `back_attack` knob, the cards that have it are cast in the opponent's turn
too (_play_game), where a Forward cast attacks on your next turn (10.1.2.1.1).
Any other text is not played and is named with every result (engine/played_text). Summons are fuel
(§11.5 "How to pay" (1)), Monsters too unless the `cast_monsters` knob is on or their text makes CP or
makes them Forwards, and the opponent only draws and takes damage (§11.2). Warp (15.2.7): with the
`warp_cards` knob, a card in hand that was not cast is removed with its Warp counters by the CP left idle
at the end of the turn (_warp_cards), and enters the field when the last comes off (_warp_arrivals). Not
modelled: Priming, party attacks (never chosen by §11.5).

Main phase 1 follows §11.5: Backups first on the first `backup_turns` turns, then the Forwards chosen
together (fftcg_plan: the most Forwards, Haste counting twice, paid jointly from fftcg_payment), then
whatever CP is left buys, one card at a time.
"""

from __future__ import annotations

import math
from collections import namedtuple
from collections.abc import Iterable
from dataclasses import dataclass, replace

import numpy as np
from numba import njit

from engine.cards import Card
from engine.deck import Deck
from engine.effects import CHOSEN_ACTIONS, LARGEST_N, CardFilter, Condition, Effect
from engine.games import get_game
from engine.goldfish.arrays import copy_prefix, inline_kernel, kernel, rotate_left, sort_prefix
from engine.goldfish.base import (
    N_OUTCOMES,
    OUTCOMES,
    GameLog,
    GoldfishParams,
    GoldfishResult,
    LogEvent,
    Param,
    Simulator,
    dealt_first,
    game_seed,
)
from engine.goldfish.fftcg_kinds import (
    ACT_FORWARD,
    ACT_HASTE,
    COLUMNS,
    CYCLE_REQ,
    F_ACT_BREAK,
    F_ACT_PAY,
    F_ACT_REQ,
    F_ACTION,
    F_ALIAS,
    F_ALIAS2,
    F_ATTACK_ACTIVATE,
    F_ATTACK_DAMAGE,
    F_ATTACK_DISCARD,
    F_ATTACK_DRAW,
    F_ATTACK_HASTE,
    F_ATTACK_MILL,
    F_ATTACK_SEARCH,
    F_ATTACK_SEARCH_TOP,
    F_BACK_ATTACK,
    F_BRAVE,
    F_BREAK_ADD,
    F_BREAK_PLAY,
    F_COST,
    F_CP_ELEM,
    F_CP_OWN,
    F_CYCLE,
    F_CYCLE_COST,
    F_DAMAGE_ACTIVATE,
    F_DAMAGE_DRAW,
    F_DAMAGE_MILL,
    F_DECK_PLAY,
    F_ELEM,
    F_ENTER_ACTIVATE,
    F_ENTER_ACTIVATE_IF,
    F_ENTER_DAMAGE,
    F_ENTER_DISCARD,
    F_ENTER_DRAW,
    F_ENTER_HASTE,
    F_ENTER_IF_AT,
    F_ENTER_IF_CAST,
    F_ENTER_IF_DRAW,
    F_ENTER_MILL,
    F_ENTER_ORDER,
    F_ENTER_PAID,
    F_ENTER_PAY,
    F_ENTER_PAY_DISCARD,
    F_ENTERS_DULL,
    F_FW_IF,
    F_GENERIC,
    F_HASTE,
    F_HASTE_ALL,
    F_HASTED_BY,
    F_HIT,
    F_HIT_ELSE,
    F_HIT_IF,
    F_IF_HASTE,
    F_LB,
    F_LD,
    F_LD_FREE,
    F_LD_LIFT,
    F_LOOK_REST,
    F_MAY,
    F_NAME,
    F_NO_ACTIVATE,
    F_NO_ATTACK,
    F_PAY,
    F_PLAY,
    F_POWER,
    F_REQ,
    F_SAC_COST,
    F_SAC_N,
    F_SAC_TOP,
    F_SACRIFICE,
    F_SEARCH,
    F_SEARCH_TOP,
    F_SPECIAL_HASTE,
    F_STRIKE,
    F_TEXT,
    F_TWICE,
    F_TYPE,
    F_WAKES,
    F_WARP,
    F_WARP_COST,
    HIT_ACTION,
    HIT_ACTIVE_ONLY,
    HIT_AMOUNT,
    HIT_BREAK,
    HIT_DAMAGE,
    HIT_DULL,
    HIT_DULL_ONLY,
    HIT_FREEZE,
    HIT_RETURN,
    HIT_SHIFT,
    HIT_WEAKEN,
    LD_DARK,
    LD_LIGHT,
    MAY_ATTACK,
    MAY_DAMAGE,
    MAY_ENTER,
    PAID_BREAK_ADD,
    PAID_BREAK_PLAY,
    PAID_DECK_PLAY,
    PAID_DRAW,
    PAID_N,
    PAID_SEARCH,
    PAID_WHAT,
    REQ_MORE,
    REST_ATTACK_SHIFT,
    REST_BOTTOM,
    REST_BREAK,
    REST_MASK,
    REST_SAC_SHIFT,
    REST_SHUFFLED,
    REST_TOP,
    SAC_BREAK_ADD,
    SAC_BREAK_PLAY,
    SAC_DRAW,
    SAC_SEARCH,
    kind_table,
)
from engine.goldfish.fftcg_payment import LIGHT_DARK, cp_and_elements, find_payment, pay_cost
from engine.goldfish.fftcg_plan import _n_bits, new_scratch, plan_forwards
from engine.goldfish.rng import mix, shuffle
from engine.readers import card_effects

ELEMENTS = ("fire", "ice", "wind", "earth", "lightning", "water", "light", "dark")

FORWARD, BACKUP, SUMMON, MONSTER = 0, 1, 2, 3
TYPE_CODES = {"forward": FORWARD, "backup": BACKUP, "summon": SUMMON, "monster": MONSTER}

# Outcome codes, in the order of base.OUTCOMES.
O_WIN, O_OPP_DECKOUT, O_LOSS_DECKOUT, O_STALLED = 0, 1, 2, 3

# Phases of the log.
P_SETUP, P_ACTIVE, P_DRAW, P_MAIN1, P_ATTACK, P_MAIN2, P_END, P_OPP, P_RESULT = range(9)
PHASES = ("setup", "active", "draw", "main 1", "attack", "main 2", "end", "opponent", "result")
ZONES = (
    "deck",
    "hand",
    "forwards",
    "backups",
    "monsters",
    "break_zone",
    "lb_face_down",
    "lb_face_up",
    "opp_damage",
    "opp_deck",
    "lb_on_field",
    "light_dark_on_field",
)

# Event codes: each event is a row (code, own turn, phase, a, b).
E_HAND, E_MULLIGAN, E_DRAW, E_CAST, E_PAY_DISCARD, E_PAY_DULL, E_LB_FLIP = range(7)
E_ATTACK, E_END_DISCARD, E_OPP_DRAW, E_UNTAP, E_RESULT, E_CANNOT_DRAW, E_CAST_LB = range(7, 14)
# A card's text: (card, the card drawn) / (card, opponent damage) / (card, the card found or -1) /
# (card, the card it played from the hand) / (card, the card found or -1 among the top cards it looked at).
E_EFFECT_DRAW, E_EFFECT_DAMAGE, E_EFFECT_SEARCH, E_EFFECT_PLAY, E_EFFECT_LOOK = 14, 15, 16, 17, 18
E_EFFECT_ACTIVATE = 19  # (card, the Backups it activated; 1 when it stood itself up, _wake_sources)
E_EFFECT_DISCARD = 20  # (card, the card it discarded from the hand after its draws)
# (card, the card it took from the Break Zone into the hand, or -1) / (card, the card it played from there).
E_EFFECT_BREAK_ADD, E_EFFECT_BREAK_PLAY = 21, 22
E_EFFECT_HASTE = 23  # (card, the Forward it gave Haste for the turn, or -1: none gains from it)
E_SPECIAL_HASTE = 24  # (card, the card of its name discarded): its special ability gave it Haste
# (card, the kind of the Forward of yours its text chose times 2, plus 1 when it left the field): what the
# text did is its F_HIT (on attacking in the attack phase); (card, 0): no Forward it may choose, so the
# ability does nothing (11.8.4).
E_EFFECT_HIT, E_EFFECT_HIT_NONE = 25, 26
# (card, CP paid): its action ability (F_ACTION) was used, its payment's
# rows after it / (card, the characters its condition counts): a Monster is also a Forward while they are.
E_ACTION, E_FORWARD_IF = 27, 28
# (card, the card found or -1) by turning the deck's cards over one at a time, the others to the bottom.
E_EFFECT_TURN_OVER = 29
# (card, CP paid): it was discarded from the hand for its action ability (F_CYCLE, _cycle_cards), its
# payment's rows and its draws (E_EFFECT_DRAW) after it. Code 30 is another text's.
E_CYCLE = 31
# (card, CP paid): a Backup dulled and put into the Break Zone for its action ability (F_SACRIFICE,
# _sacrifice_backups), its payment's rows and what it did (E_EFFECT_BREAK_ADD, E_EFFECT_BREAK_PLAY,
# E_EFFECT_SEARCH, E_EFFECT_DRAW) after it.
E_SACRIFICE = 32
# (card, what its look at the deck's top cards did, other than E_EFFECT_LOOK's: the card it took plus 1
# from bit REVEAL_FOUND (0: none), REVEAL_PLAYED when it played that card onto the field, not into the hand,
# and in the low bits (REVEAL_REST) where the others went, REST_*); one event for each card it took.
E_EFFECT_REVEAL = 33
REVEAL_REST, REVEAL_PLAYED, REVEAL_FOUND = 3, 4, 3
# (card, the card it found in the deck and played onto the field, or -1: none it names may enter).
E_EFFECT_DECK_PLAY = 34
# (card, as E_EFFECT_HIT's b, or -1: it does nothing): the condition of its text on entering (F_HIT_IF) did
# not hold, so its F_HIT_ELSE did what E_EFFECT_HIT says.
E_EFFECT_HIT_ELSE = 35
# (card, CP paid): it was removed from the hand with its Warp counters (F_WARP, _warp_cards), its payment's
# rows after it; (card, WARP_ENTERED): the last counter came off at the start of main phase 1 and it entered
# the field, its entering text after it; (card, WARP_SHUT_OUT): the field rules kept it out (15.2.7.5.1,
# 7.7.4, 7.7.5), and it stays removed for good (15.2.7.5.2).
# (card, CP paid, 0 for a discard): an optional trade on its entering was paid (F_ENTER_PAID,
# _trade_on_entering), its payment's rows after it, then what it bought.
E_ENTER_PAY = 36
E_WARP = 38
# (card, the cards it kept on the deck's top, in the order _order_top chose; the others went to the bottom)
E_EFFECT_ORDER = 39
# (card, 0): its action ability made it a Forward for the turn and breaks it at the end of it (F_ACT_BREAK).
E_END_BREAK = 40
# (card, the cards left in the opponent's deck): its text put the top cards of that deck into the opponent's
# Break Zone (F_ENTER_MILL, F_ATTACK_MILL, F_DAMAGE_MILL).
E_EFFECT_MILL = 41
WARP_ENTERED, WARP_SHUT_OUT = -1, -2
# What a kind's text finds among the other kinds (a bit each, in the kfinds table): in the deck for its
# search, in the hand for its play, in the Break Zone for the hand or for the field, on the field for
# the Haste it gives a chosen Forward and for what it does to a Forward it must choose (F_HIT), on
# entering and on attacking.
FIND_SEARCH, FIND_PLAY, FIND_BREAK_ADD, FIND_BREAK_PLAY, FIND_HASTE = 1, 2, 4, 8, 16
FIND_HIT_ENTER, FIND_HIT_ATTACK = 32, 64
FIND_FW_IF = 128  # ... and among your characters, those its "also becomes a Forward" condition counts
# On the field, for the condition of its draw and of its activation when it enters (F_ENTER_IF_DRAW,
# F_ENTER_ACTIVATE_IF; one condition a card, as every printed card has).
FIND_IF = 256
# (512 is another's.) On the field, for the condition of its own Haste (F_IF_HASTE); and the Forwards its text
# gives Haste while it is on the field (F_HASTED_BY).
FIND_HASTE_IF, FIND_HASTE_GIVEN = 1024, 2048
# In the Break Zone or the deck, for the action ability that puts the card itself into the Break Zone
# (F_SACRIFICE). (8192 is another's.) In the deck, for the character its search plays onto the field
# (F_DECK_PLAY). (32768 is another's.) On the field, the characters its text may activate when it enters
# and when it attacks (F_ENTER_ACTIVATE, F_ATTACK_ACTIVATE).
FIND_SACRIFICE = 4096
FIND_DECK_PLAY = 16384
FIND_ACTIVATE_ENTER, FIND_ACTIVATE_ATTACK = 65536, 131072
# On the field, the characters the condition of what its text does to a Forward it must choose on entering
# counts (F_HIT_IF).
FIND_HIT_IF = 262144
# On the field, the characters whose text activates them when this kind enters your field (F_WAKES).
FIND_WAKE = 524288
# In the deck, for its search when it attacks (F_ATTACK_SEARCH); on the field, the characters its text
# activates when it deals damage to the opponent (F_DAMAGE_ACTIVATE).
FIND_SEARCH_ATTACK, FIND_ACTIVATE_DAMAGE = 1048576, 2097152
# F_SEARCH_TOP of a search that turns the deck's cards over one at a time until one it names (`until`).
SEARCH_UNTIL = -1

# Cost changes (the kcost table, a row each, in target order): the kind whose cost changes, the kind on the
# field whose text changes it (-1: the target's own text, which counts from the hand), the change (negative:
# cheaper), its condition (IF_*) and that condition's count, whether the change counts once for each
# character "for each" names, the smallest the cost becomes by it; then a column a kind: 1 for the kinds
# the condition counts (C_IF_AT + kind), then for the kinds "for each" counts (C_IF_AT + n_kinds + kind).
# What the row changes (C_DO): the cost (DO_COST, by C_N), or, C_N 0, the element requirement dropped
# (DO_PAY_ANY, `pay-any`: "... can be paid with CP of any Element", 11.4.6) or the CP a Backup makes made any
# element's (DO_MAKE_ANY, `make-any`: "The Earth Backups you control can produce CP of any Element.").
C_TARGET, C_SOURCE, C_N, C_IF, C_IF_N, C_PER, C_FLOOR, C_DO, C_IF_AT = range(9)
# The cards in the opponent's hand whenever the autopilot casts in its own turn (a cost "increased by 1 for
# each card in your opponent's hand": C_N is n times this): its opening hand (8.2.1.3) on your first turn
# going first, else what its end phase leaves, for it casts nothing and discards down to the hand limit
# (9.5.1.2, 5 as the opening hand): always 5. In the opponent's own turn it holds more (its draws come
# first): a card with such a cost is never cast there by Back Attack (compile_deck).
OPPONENT_HAND = 5
IF_NONE, IF_AT_LEAST, IF_AT_MOST = range(3)
# IF_IN_BREAK: at least C_IF_N cards of the kinds it marks in your Break Zone ("If you have a Job X in your
# Break Zone, ..."): checked whenever prices are made again, after each card enters
IF_IN_BREAK = 3
DO_COST, DO_PAY_ANY, DO_MAKE_ANY = range(3)
_DO_CODES = {"cost": DO_COST, "pay-any": DO_PAY_ANY, "make-any": DO_MAKE_ANY}
ANY_ELEMENT = (1 << len(ELEMENTS)) - 1  # CP of any element: every element bit (_produces_any's too)

# Policy and rule integers passed to the compiled code, in this order.
K_GOING_FIRST, K_MAX_TURNS, K_THRESHOLD, K_OPP_DECK, K_OPP_DRAWS, K_MULLIGAN, K_MULL_COST = range(7)
K_BACKUP_TURNS, K_CAST_MONSTERS, K_HAND_LIMIT, K_T1_ATTACK, K_MINIMALITY, K_LB_SELF = range(7, 13)
K_NO_SHUFFLE = 13  # the test harness's STACK deck of §12.2: the pool's order is the deck's
# The game's draw rules (engine.games.fftcg.FFTCG.draw_rules): opening hand, draws per turn, and the
# first player's first-turn draws.
K_HAND, K_DRAWS, K_T1_DRAWS = range(14, 17)
K_MONSTER_DULL_NOW = 17  # OQ-15: a Monster may use a 《Dull》 ability the turn it enters
K_DEALT = 18  # the pool's first cards are a fixed opening hand (base.Opening): the shuffle leaves them
# Keep in hand a card whose entering text must choose one of your Forwards while every choice loses
# something (the `hold_own_removal` policy; 0 for a deck without such text: prepare sets it).
K_HOLD_HIT = 19
# An action ability's CP may be paid by discards too, not only by the sources
# left active (the `action_discards` knob); and whether a kind of the deck has an action ability or an
# "also becomes a Forward" condition the autopilot plays (compile_deck's kind table, _deck_flags): only then
# are they looked for each turn.
K_ACTION_DISCARDS, K_ACTIONS = 20, 21
# Cast the cards with Back Attack in the opponent's turn (the `back_attack` policy; 0 for a deck without
# them: prepare sets it, so that such a deck never looks for them).
K_BACK_ATTACK = 22
# A card whose action ability discards it from the hand to draw is used at the
# end of the turn with the CP left idle (the `cycle_spare_cards` policy; 0 for a deck without such a card:
# _deck_flags sets it).
K_CYCLE = 23
# A Backup whose action ability dulls it and puts it into the Break Zone (F_SACRIFICE) uses it only while the
# field keeps at least this many Backups after it (the `sacrifice_backups` policy; 0: never, and for a deck
# without such a Backup: _deck_flags sets it).
K_SACRIFICE = 24
# Cards with Warp are removed from the hand with the CP left idle at the end of the turn (the `warp_cards`
# policy, _warp_cards; 0 for a deck without such a card: _deck_flags sets it).
K_WARP = 25
# An optional trade when a card enters (F_ENTER_PAID: "you may pay 《Water》. When you do so, draw 1 card.",
# "you may discard 1 card. If you do so, ...") is taken (the `pay_for_enters` policy; 0: never, and for a
# deck without such a card: _deck_flags sets it).
K_PAY_FOR_ENTERS = 26
N_KNOBS = 27
# A plan member index no plan reaches: nothing in the hand or among the sources is kept for the plan.
NO_PLAN = 1 << 30

MAX_LOG = 4096
# The most cards a main phase casts: a Forward that costs 0 CP and whose entering text returns itself to the
# hand (HIT_RETURN) would else be cast forever; no other turn comes near it (each cast needs a card and CP).
MAX_CASTS = 200


# ---- the game ----

# Where main phase 1 is (§11.5): Backups first, planning the Forwards, casting the plan's members,
# then whatever else is left to cast, one card at a time.
STAGE_BACKUPS, STAGE_PLAN, STAGE_MEMBERS, STAGE_REST = range(4)

# The counts a game keeps of the player's field and break zone, in one array the phases update; and the
# opponent's deck and damage zone. The break zone's cards are also counted kind by kind (`broken`, as
# new_game makes it), for the text that takes them back.
FIELD_FORWARDS, FIELD_BACKUPS, FIELD_MONSTERS, FIELD_LIGHT_DARK, FIELD_LB, FIELD_BROKEN = range(6)
FIELD_HASTE_GIVERS = 6  # cards on the field whose text gives every Forward Haste
# The characters that may be dulled to pay CP (the src_* arrays): the Backups (5.2.3.1.1.3) and the cards
# whose text says "《Dull》: Produce 《E》" (11.6.2.2), in the order they entered.
FIELD_SOURCES = 7
# The Light and Dark characters on the field and the limits lifted while they are (LD_* bits, and the
# same bits shifted by LD_LIFTED for "You can play 2 or more Light Characters"): what _ld_shut reads.
FIELD_LD_STATE = 8
# The cards you have cast this turn, yours or the opponent's (`cast-at-least`: F_ENTER_IF_CAST).
FIELD_CASTS = 9
N_FIELD = 10  # then, at N_FIELD + kind, the copies of each kind on the field (a cost change counts them)
LD_LIFTED = 2
# The decks: the index of the top card of ours, the opponent's deck and damage zone.
PILE_TOP, OPP_DECK, OPP_DAMAGE = 0, 1, 2


@kernel
def _rank_code(group, haste, pay, text, k, p, src):
    """One integer that sorts castable cards in policy order: group, Haste first, cheapest, text the
    goldfish plays first (`text`, F_TEXT), card number, then position (in hand, or in the LB deck
    when src is 1). Kinds and positions stay below 1000."""
    rank = ((group * 2 + (0 if haste else 1)) * 1000 + min(pay, 999)) * 2 + (0 if text else 1)
    return ((rank * 1000 + k) * 1000 + p) * 2 + src


@kernel
def _group(code):
    """The group of a _rank_code."""
    return code // 4_000_000_000 // 2


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


@inline_kernel
def _keep_value(k, kf, named, ld_on, nbk, backup_phase, cast_monsters):
    """Lower is discarded first (§11.5 "How to pay"): (1) uncastable cards, (2) Backups after
    backup_turns, (3)-(4) non-Haste Forwards, the most expensive first, (5) Haste Forwards; a card whose
    text the goldfish plays is kept over one of its group without (worth 10 more)."""
    t = kf[k, F_TYPE]
    cost = min(kf[k, F_COST], 49)
    if t == SUMMON:
        return 0
    if t == MONSTER and not kf[k, F_CP_ELEM]:
        return 150 if cast_monsters else 0
    if _name_taken(k, kf, named):
        return 0  # 7.7.3: a character with this name is already on the field
    if _ld_shut(k, kf, ld_on):
        return 0  # 7.7.5
    text = 10 if kf[k, F_TEXT] else 0
    if t == MONSTER:  # one that makes CP: kept as a Backup is
        return (300 if backup_phase else 100) + text
    if t == BACKUP:
        if nbk >= 5:
            return 0  # 7.7.4
        return (300 if backup_phase else 100) + text
    if kf[k, F_HASTE]:
        return 400 + 50 - cost + text
    return 200 + 50 - cost + text


@kernel
def _deal(rng, knobs, kf, deck, hand, log, nlog, logging):
    """Set-up (8.2.1): shuffle, draw the opening hand, take the one mulligan if the policy wants it.
    Returns (top, cards in hand, mulliganed); index `top` of `deck` is its top card."""
    n_deck = deck.shape[0]
    hand_size = knobs[K_HAND]
    if knobs[K_NO_SHUFFLE] == 0:
        shuffle(rng, deck, knobs[K_DEALT], n_deck)  # 8.2.1.1, Fisher-Yates
    top = 0
    nh = 0
    for _ in range(min(hand_size, n_deck)):  # 8.2.1.3
        hand[nh] = deck[top]
        nh += 1
        top += 1
    if logging:
        for p in range(nh):
            _log(log, nlog, E_HAND, 0, P_SETUP, hand[p], 0)
    # 8.2.1.4: one mulligan, the whole hand to the bottom in the drawn order, no shuffle, draw as many.
    if knobs[K_MULLIGAN] != 1 or nh != hand_size or n_deck < 2 * hand_size:
        return top, nh, False
    for p in range(nh):
        if kf[hand[p], F_TYPE] == FORWARD and kf[hand[p], F_COST] <= knobs[K_MULL_COST]:
            return top, nh, False
    for i in range(n_deck - top):  # the rest moves up (top == hand_size), the hand goes under it
        deck[i] = deck[i + top]
    for p in range(hand_size):
        deck[n_deck - hand_size + p] = hand[p]
    top = 0
    for p in range(hand_size):
        hand[p] = deck[top]
        top += 1
    if logging:
        _log(log, nlog, E_MULLIGAN, 0, P_SETUP, 0, 0)
        for p in range(nh):
            _log(log, nlog, E_HAND, 0, P_SETUP, hand[p], 0)
    return top, nh, True


@kernel
def _opponent_draws(knobs, game_turn, opp_deck, own_turn, log, nlog, logging):
    """The opponent's turn: only its mandatory draw (9.2.1.1, 9.2.1.3). Returns the cards left in its
    deck, or -1 when it cannot draw and loses (12.4.2)."""
    if knobs[K_OPP_DRAWS] != 1:
        return opp_deck
    n = knobs[K_T1_DRAWS] if game_turn == 1 else knobs[K_DRAWS]
    if opp_deck < n:
        if logging:
            _log(log, nlog, E_OPP_DRAW, own_turn, P_OPP, n, -1)
        return -1
    if logging:
        _log(log, nlog, E_OPP_DRAW, own_turn, P_OPP, n, opp_deck - n)
    return opp_deck - n


@kernel
def _opponent_turn(game_turn, own_turn, knobs, kf, kfinds, kcost, deck, piles, lb_pool, hand, nh, lb_down, g,
                   hits, log, nlog, logging):  # fmt: skip
    """The opponent's turn: its draw (_opponent_draws); then, with K_BACK_ATTACK, your cards with Back
    Attack cast with what your turn left (15.2.5, _main_phase in P_OPP), the damage your Forwards took in
    your turn gone with it (9.5.1.3). Returns (cards left in your hand, the outcome when the game ends,
    else -1)."""
    piles[OPP_DECK] = _opponent_draws(knobs, game_turn, piles[OPP_DECK], own_turn, log, nlog, logging)
    if piles[OPP_DECK] < 0:
        piles[OPP_DECK] = 0
        return nh, O_OPP_DECKOUT
    if not knobs[K_BACK_ATTACK]:
        return nh, -1
    if hits:
        g.fw_damage[: g.field[FIELD_FORWARDS]] = 0
    return _main_phase(
        P_OPP, own_turn, knobs, kf, kfinds, kcost, g.rng, deck, piles, lb_pool, hand, nh, g.keep, lb_down,
        g.named, g.field, g.broken, g.pending, g.fw_kind, g.fw_new, g.fw_active, g.fw_damage, g.fw_frozen,
        g.src_kind, g.src_active, g.src_fw, g.ranks, g.candidates, g.members, g.plan_cast, g.plan_disc,
        g.plan_src, g.lb_planned, g.scratch, g.work, g.out_disc, g.out_src, g.remove, log, nlog, logging,
    )  # fmt: skip


@kernel
def _draw(deck, piles, hand, nh, draws, own_turn, log, nlog, logging):
    """Draw phase (9.2). Returns (cards in hand, lost): a player who cannot draw loses (12.4.2)."""
    for _ in range(draws):
        if piles[PILE_TOP] >= deck.shape[0]:  # 3.1.2
            if logging:
                _log(log, nlog, E_CANNOT_DRAW, own_turn, P_DRAW, 0, 0)
            return nh, True
        hand[nh] = deck[piles[PILE_TOP]]
        nh += 1
        piles[PILE_TOP] += 1
        if logging:
            _log(log, nlog, E_DRAW, own_turn, P_DRAW, hand[nh - 1], 0)
    return nh, False


@kernel
def _damage_opponent(piles, threshold):
    """One point of damage to the opponent: the top card of its deck to its damage zone (6.5). Returns
    the outcome when it ends the game (12.4.1; an empty deck loses, 3.1.3, 12.4.3), else -1."""
    if piles[OPP_DECK] == 0:
        return O_WIN if piles[OPP_DAMAGE] >= threshold else O_OPP_DECKOUT
    piles[OPP_DECK] -= 1
    piles[OPP_DAMAGE] += 1
    return O_WIN if piles[OPP_DAMAGE] >= threshold else -1


@kernel
def _mill_opponent(k, n, piles, own_turn, phase, log, nlog, logging):
    """Card k's "your opponent puts the top n cards of his/her deck into the Break Zone.": as many as its
    deck holds leave it (the opponent's Break Zone counts for nothing here). It loses only when it next
    draws from, or takes damage with, the empty deck (3.1.2, 3.1.3)."""
    piles[OPP_DECK] -= min(n, piles[OPP_DECK])
    if logging:
        _log(log, nlog, E_EFFECT_MILL, own_turn, phase, k, piles[OPP_DECK])


@kernel
def _text_draws(k, n, optional, keep_for, deck, piles, hand, nh, plan_cast, plan_disc, own_turn, phase, log,
                nlog, logging):  # fmt: skip
    """A card's text draws n; a "you may" draw only when the deck still holds `keep_for` more cards after
    it (the next draw phase's), so the autopilot never draws itself out. Returns (cards in hand, lost):
    drawing from an empty deck loses (12.4.2). The drawn cards are in no plan yet."""
    if optional and deck.shape[0] - piles[PILE_TOP] < n + keep_for:
        return nh, False
    for _ in range(n):
        if piles[PILE_TOP] >= deck.shape[0]:
            if logging:
                _log(log, nlog, E_CANNOT_DRAW, own_turn, phase, 0, 0)
            return nh, True
        hand[nh] = deck[piles[PILE_TOP]]
        plan_cast[nh] = -1
        plan_disc[nh] = -1
        nh += 1
        piles[PILE_TOP] += 1
        if logging:
            _log(log, nlog, E_EFFECT_DRAW, own_turn, phase, k, hand[nh - 1])
    return nh, False


@kernel
def _text_damage(k, n, piles, threshold, own_turn, phase, log, nlog, logging):
    """A card's text deals the opponent n points of damage, one at a time. Returns the outcome when it
    ends the game, else -1."""
    for _ in range(n):
        outcome = _damage_opponent(piles, threshold)
        if logging:
            _log(log, nlog, E_EFFECT_DAMAGE, own_turn, phase, k, piles[OPP_DAMAGE])
        if outcome >= 0:
            return outcome
    return -1


@kernel
def _text_discards(k, n, kf, knobs, named, field, broken, hand, nh, plan_cast, plan_disc, own_turn, phase,
                   log, nlog, logging):  # fmt: skip
    """A card's text discards n cards from the hand (after its draws: "draw 2 cards, then discard 1 card
    from your hand."), one at a time the one the autopilot values least, as at the end of the turn
    (_keep_value, then card-number order), into the Break Zone; as many as the hand holds. Returns (cards
    in hand, whether a card this turn's plan casts or pays with was discarded)."""
    backup_phase = own_turn <= knobs[K_BACKUP_TURNS]
    cast_monsters = knobs[K_CAST_MONSTERS] == 1
    replan = False
    for _ in range(min(n, nh)):
        worst = 0
        worst_keep = _keep_value(
            hand[0], kf, named, field[FIELD_LD_STATE], field[FIELD_BACKUPS], backup_phase, cast_monsters
        )
        for p in range(1, nh):
            v = _keep_value(
                hand[p], kf, named, field[FIELD_LD_STATE], field[FIELD_BACKUPS], backup_phase, cast_monsters
            )
            if v < worst_keep or (v == worst_keep and hand[p] < hand[worst]):
                worst = p
                worst_keep = v
        replan = replan or plan_cast[worst] >= 0 or plan_disc[worst] >= 0
        if logging:
            _log(log, nlog, E_EFFECT_DISCARD, own_turn, phase, k, hand[worst])
        broken[hand[worst]] += 1
        for p in range(worst, nh - 1):
            hand[p] = hand[p + 1]
            plan_cast[p] = plan_cast[p + 1]
            plan_disc[p] = plan_disc[p + 1]
        nh -= 1
        field[FIELD_BROKEN] += 1
    return nh, replan


@kernel
def _trigger(k, draw_col, discard_col, damage_col, mill_col, may_bit, kf, knobs, deck, piles, hand, nh,
             plan_cast, plan_disc, named, field, broken, own_turn, phase, log, nlog, logging):  # fmt: skip
    """A card's "when ... enters the field" or "when ... attacks" text: its draws, the discards after
    them, the opponent's top cards into its Break Zone, then its damage. Returns (cards in hand, the
    outcome when the game ends, else -1, whether a card of this turn's plan was discarded)."""
    replan = False
    if kf[k, draw_col] > 0:
        nh, lost = _text_draws(
            k, kf[k, draw_col], kf[k, F_MAY] & may_bit, knobs[K_DRAWS], deck, piles, hand, nh, plan_cast,
            plan_disc, own_turn, phase, log, nlog, logging,
        )  # fmt: skip
        if lost:
            return nh, O_LOSS_DECKOUT, replan
    if kf[k, discard_col] > 0:
        nh, replan = _text_discards(
            k, kf[k, discard_col], kf, knobs, named, field, broken, hand, nh, plan_cast, plan_disc, own_turn,
            phase, log, nlog, logging,
        )  # fmt: skip
    if kf[k, mill_col] > 0:
        _mill_opponent(k, kf[k, mill_col], piles, own_turn, phase, log, nlog, logging)
    if kf[k, damage_col] > 0:
        outcome = _text_damage(
            k, kf[k, damage_col], piles, knobs[K_THRESHOLD], own_turn, phase, log, nlog, logging
        )
        return nh, outcome, replan
    return nh, -1, replan


@kernel
def _text_search(k, n, top, rest, find, kfinds, rng, deck, piles, hand, nh, plan_cast, plan_disc, field,
                 broken, own_turn, phase, log, nlog, logging):  # fmt: skip
    """A card's "search for 1 [...] and add it to your hand": the first card of the deck its filter
    names (kfinds[k, kind] & find: FIND_SEARCH, or FIND_SACRIFICE for its action ability) goes to the
    hand, then the deck is shuffled; "search for up to 2 [...] and add them to your hand": the first 2 such
    cards (as many as there are). With `top`, its "reveal the top N cards of your deck. Add 1 [...]
    among them to your hand" ("up to n", "all"): the first n such cards among the top N (as many as
    there are), the others where `rest` says (_rest_revealed). With `top` SEARCH_UNTIL (n is 1), its
    "turn over one card at a time from the top of your deck until a Wind or Earth card is revealed. Add it
    to your hand. Then, shuffle the other cards and return them to the bottom of your deck.": the first such
    card, the cards above it shuffled to the bottom (all of them when none is found); the cards below it
    are drawn next. Returns the cards in hand."""
    if top == SEARCH_UNTIL:
        return _turn_over(k, find, kfinds, rng, deck, piles, hand, nh, plan_cast, plan_disc, own_turn, phase,
                          log, nlog, logging)  # fmt: skip
    start = piles[PILE_TOP]
    end = deck.shape[0] if top == 0 else min(start + top, deck.shape[0])
    taken = 0
    for i in range(start, end):
        if taken >= n:
            break
        if kfinds[k, deck[i]] & find:
            found = deck[i]
            deck[i] = deck[piles[PILE_TOP]]  # a card passed over already, not one the search names
            deck[piles[PILE_TOP]] = found
            piles[PILE_TOP] += 1
            hand[nh] = found
            plan_cast[nh] = -1
            plan_disc[nh] = -1
            nh += 1
            taken += 1
            if logging:
                _log_found(k, found, top, rest, own_turn, phase, log, nlog)
    if top == 0:
        shuffle(rng, deck, piles[PILE_TOP], deck.shape[0])
    else:
        _rest_revealed(rest, end, rng, deck, piles, field, broken)
    if logging and taken == 0:
        _log_found(k, -1, top, rest, own_turn, phase, log, nlog)
    return nh


@kernel
def _log_found(k, found, top, rest, own_turn, phase, log, nlog):
    """The event of the card a search took into the hand (-1: none): of the whole deck, of its top cards
    with the others to the bottom (E_EFFECT_LOOK), or with them shuffled there or into the Break Zone
    (E_EFFECT_REVEAL)."""
    if top == 0:
        _log(log, nlog, E_EFFECT_SEARCH, own_turn, phase, k, found)
    elif rest == REST_BOTTOM:
        _log(log, nlog, E_EFFECT_LOOK, own_turn, phase, k, found)
    else:
        _log(log, nlog, E_EFFECT_REVEAL, own_turn, phase, k, (found + 1) << REVEAL_FOUND | rest)


@kernel
def _rest_revealed(rest, end, rng, deck, piles, field, broken):
    """The revealed cards a look at the deck's top cards did not take (the deck's top up to `end`): to the
    bottom in the order they are (REST_BOTTOM, "return the other cards to the bottom of your deck in any
    order": an order the player may choose, this one), shuffled first (REST_SHUFFLED, "Then, shuffle the
    other cards revealed and return them to the bottom of your deck."), or out of the deck into the Break
    Zone (REST_BREAK, "put the rest of the cards into the Break Zone"), or left on the top as they are
    (REST_TOP, "reveal the top card of your deck. If it is a Fire card, add it to your hand."). The cards
    below them are drawn next."""
    if rest == REST_TOP:
        return
    start = piles[PILE_TOP]
    if rest == REST_BREAK:
        for i in range(start, end):
            broken[deck[i]] += 1
        field[FIELD_BROKEN] += end - start
        piles[PILE_TOP] = end
        return
    if rest == REST_SHUFFLED:
        shuffle(rng, deck, start, end)
    rotate_left(deck, start, deck.shape[0], end - start)


@kernel
def _order_top(k, n, kf, named, field, deck, piles, backup_phase, cast_monsters, own_turn, phase, log, nlog,
               logging):  # fmt: skip
    """Card k's "look at the top n cards of your deck. Return these to the top and/or bottom of your deck
    in any order.": the autopilot's order, by what it knows (the n cards it looks at, the field; the deck
    below them stays hidden, 7.9.2): the cards it would cast (keep-value, _keep_value, above 0) on the
    top, the highest keep-value first (ties: the order they were in), so it draws them soonest; those it
    would not (a Summon, a card whose name is on the field, a 6th Backup) to the bottom, in the order they
    were in."""
    start = piles[PILE_TOP]
    end = min(start + n, deck.shape[0])
    ld_on = field[FIELD_LD_STATE]
    nbk = field[FIELD_BACKUPS]
    for i in range(start + 1, end):  # insertion sort, highest keep-value first, stable
        c = deck[i]
        v = _keep_value(c, kf, named, ld_on, nbk, backup_phase, cast_monsters)
        j = i
        while j > start and _keep_value(deck[j - 1], kf, named, ld_on, nbk, backup_phase, cast_monsters) < v:
            deck[j] = deck[j - 1]
            j -= 1
        deck[j] = c
    kept = 0
    while start + kept < end and _keep_value(deck[start + kept], kf, named, ld_on, nbk, backup_phase,
                                             cast_monsters) > 0:  # fmt: skip
        kept += 1
    rotate_left(deck, start + kept, deck.shape[0], end - start - kept)
    if logging:
        _log(log, nlog, E_EFFECT_ORDER, own_turn, phase, k, kept)


@kernel
def _turn_over(k, find, kfinds, rng, deck, piles, hand, nh, plan_cast, plan_disc, own_turn, phase, log, nlog,
               logging):  # fmt: skip
    """_text_search's cards turned over one at a time until one it names: that one to the hand, the others
    turned over shuffled and put at the bottom (the deck's order below them is kept). Returns the cards in
    hand."""
    start = piles[PILE_TOP]
    i = start
    while i < deck.shape[0] and not kfinds[k, deck[i]] & find:
        i += 1
    found = -1
    if i < deck.shape[0]:
        found = deck[i]
        for j in range(i, start, -1):  # the cards turned over move down one place, below the found one
            deck[j] = deck[j - 1]
        deck[start] = found
        piles[PILE_TOP] += 1
        hand[nh] = found
        plan_cast[nh] = -1
        plan_disc[nh] = -1
        nh += 1
    passed = i - start  # the others turned over, now at the top of the deck
    shuffle(rng, deck, piles[PILE_TOP], piles[PILE_TOP] + passed)
    rotate_left(deck, piles[PILE_TOP], deck.shape[0], passed)
    if logging:
        _log(log, nlog, E_EFFECT_TURN_OVER, own_turn, phase, k, found)
    return nh


@kernel
def _activate_chosen(k, n, find, kfinds, field, src_kind, src_active, src_fw, own_turn, phase, log, nlog,
                     logging):  # fmt: skip
    """Kind k's "choose N Backups you control. Activate them." (15.1.1.1; `find`, its kfinds bit for the
    trigger, marks the characters it may choose, maybe not itself: "other than X"): the first n dull CP
    sources it may choose, in the order they entered (one that entered dull this turn too), stand up and
    may pay again this turn: Backups, and Monsters whose text makes CP. A Forward stood up changes nothing
    here (it attacks once a turn however often it stands up, 10.1.2.1.2; engine/played_text: moot), so the
    choice takes none. Returns how many stood up."""
    count = 0
    for s in range(field[FIELD_SOURCES]):
        if count >= n:
            break
        if not src_active[s] and src_fw[s] < 0 and kfinds[k, src_kind[s]] & find:
            src_active[s] = True
            count += 1
    if logging:
        _log(log, nlog, E_EFFECT_ACTIVATE, own_turn, phase, k, count)
    return count


@inline_kernel
def _draw_if_holds(k, kf, kfinds, field):
    """Whether the condition of card k's draw on entering (F_ENTER_IF_DRAW) holds as it resolves: you have
    cast F_ENTER_IF_CAST cards this turn, or the field holds F_ENTER_IF_AT of the characters FIND_IF marks."""
    if kf[k, F_ENTER_IF_CAST] > 0:
        return field[FIELD_CASTS] >= kf[k, F_ENTER_IF_CAST]
    return _found_on_field(k, FIND_IF, kfinds, field) >= kf[k, F_ENTER_IF_AT]


@inline_kernel
def _wake_sources(k, kf, kfinds, field, src_kind, src_active, src_fw, own_turn, phase, log, nlog, logging):
    """Kind k entered your field: each dull CP source whose text activates it when such a character enters
    ("When a Fire Job Primal enters your field, activate Amalj'aa.", its kfinds row marks k FIND_WAKE) stands
    up and may pay again this turn (15.1.1.1; a Forward's stands up for nothing, as in _activate_chosen).
    Only a kind some text names (F_WAKES) looks at the sources. Returns whether one stood up."""
    woke = False
    if not kf[k, F_WAKES]:
        return woke
    for s in range(field[FIELD_SOURCES]):
        c = src_kind[s]
        if not src_active[s] and src_fw[s] < 0 and kfinds[c, k] & FIND_WAKE:
            src_active[s] = True
            woke = True
            if logging:
                _log(log, nlog, E_EFFECT_ACTIVATE, own_turn, phase, c, 1)
    return woke


@kernel
def _rank_castable(hand, nh, lb_pool, lb_down, kf, named, ld_on, nbk, backup_phase, cast_monsters,
                   lb_self, ranks):  # fmt: skip
    """Write the castable cards' _rank_code to `ranks` in policy order; returns how many.
    Order: (0) Backups during backup_turns, (1) Forwards, Haste first, cheapest first, (2) Backups
    later, (3) Monsters if cast_monsters; ties by card number. A Monster whose text makes CP goes with
    the Backups. LB cards (15.2.8) join their group."""
    n_lb = lb_pool.shape[0]
    n_down = 0
    for q in range(n_lb):
        if lb_down[q]:
            n_down += 1
    nrank = 0
    for src in range(2):
        count = nh if src == 0 else n_lb
        for p in range(count):
            if src == 0:
                k = hand[p]
                if kf[k, F_LB] >= 0:
                    continue  # 15.2.8.3: an LB card is cast only from the LB deck
            else:
                if not lb_down[p]:
                    continue
                k = lb_pool[p]
                if kf[k, F_LB] < 0:
                    continue  # OQ-4: non-LB cards in an LB deck only pay LB costs
                others = n_down if lb_self else n_down - 1  # the face-down cards that may pay
                if others < kf[k, F_LB]:
                    continue  # 15.2.8.3.2, OQ-5
            if not _may_enter(k, kf, named, ld_on, nbk, cast_monsters):
                continue
            t = kf[k, F_TYPE]
            if t == FORWARD:
                group = 1
            elif t == MONSTER and not kf[k, F_CP_ELEM]:
                group = 3
            else:
                group = 0 if backup_phase else 2
            ranks[nrank] = _rank_code(group, kf[k, F_HASTE], kf[k, F_PAY], kf[k, F_TEXT], k, p, src)
            nrank += 1
    sort_prefix(ranks, nrank)
    return nrank


@kernel
def _name_taken(k, kf, named):
    """Whether a character with card k's name, or with the other name its text gives it, is on the field
    (7.7.3); a card with the generic icon may join its own name."""
    if kf[k, F_GENERIC]:
        return False
    if named[kf[k, F_NAME]] > 0:
        return True
    a = kf[k, F_ALIAS]
    return a >= 0 and (named[a] > 0 or (kf[k, F_ALIAS2] >= 0 and named[kf[k, F_ALIAS2]] > 0))


@kernel
def _ld_shut(k, kf, ld_on):
    """Whether the field's limit of 1 Light or Dark character (7.7.5) keeps card k out: `ld_on` is
    field[FIELD_LD_STATE]. A Light character may join only Light ones (a Dark only Dark ones), and only
    when its own text or one on the field says it may."""
    ld = kf[k, F_LD]
    on = ld_on & (LD_LIGHT | LD_DARK)
    if ld == 0 or on == 0:
        return False
    if on != ld:
        return True  # the other element is on the field (or k is both)
    return not (kf[k, F_LD_FREE] & ld or (ld_on >> LD_LIFTED) & ld)


@kernel
def _may_enter(k, kf, named, ld_on, nbk, cast_monsters):
    """Whether the autopilot may put card k onto the field now: a character the field rules allow
    (7.7.3 its name, 7.7.5 Light/Dark, 7.7.4 five Backups), a Monster only with `cast_monsters` or when
    its text makes CP; never a Summon, which it keeps as fuel (§11.5)."""
    t = kf[k, F_TYPE]
    if t == SUMMON or (t == MONSTER and not cast_monsters and not kf[k, F_CP_ELEM]):
        return False
    if _name_taken(k, kf, named):
        return False  # 7.7.3
    if _ld_shut(k, kf, ld_on):
        return False  # 7.7.5
    return t != BACKUP or nbk < 5  # 7.7.4


# Inlined, as _member and _pay_and_leave_hand: the call passed the plan's arrays again, 13 % of an LB
# deck's time together (measured side by side).
@inline_kernel
def _plan(ranks, nrank, hand, nh, keep, lb_pool, lb_down, kf, src_kind, src_active, nsrc, lb_self,
          minimality, candidates, members, plan_cast, plan_disc, plan_src, lb_planned, scratch):  # fmt: skip
    """The Forwards to cast together this turn (fftcg_plan), from group 1 of the ranked cards (the
    Forwards, Haste first, cheapest first, copies together). Marks each member's hand position in
    `plan_cast` and its LB card in `lb_planned`; returns the number of members."""
    n_cand = 0
    for r in range(nrank):
        if _group(ranks[r]) != 1:
            continue
        src = ranks[r] % 2
        p = (ranks[r] // 2) % 1000
        candidates[n_cand, 0] = hand[p] if src == 0 else lb_pool[p]
        candidates[n_cand, 1] = p if src == 0 else -1
        candidates[n_cand, 2] = p if src == 1 else -1
        n_cand += 1
    lb_free = 0
    for q in range(lb_down.shape[0]):
        if lb_down[q]:
            lb_free += 1
    n_plan = plan_forwards(
        candidates, n_cand, lb_free, lb_self, hand, nh, keep, kf, src_kind, src_active, nsrc, minimality,
        members, plan_disc, plan_src, scratch,
    )  # fmt: skip
    plan_cast[:nh] = -1
    for m in range(n_plan):
        c = members[m]
        if candidates[c, 1] >= 0:
            plan_cast[candidates[c, 1]] = m
        else:
            lb_planned[candidates[c, 2]] = True
    return n_plan


@kernel
def _defer_haste_giver(m, n_plan, members, candidates, kf, nh, nsrc, plan_cast, plan_disc, plan_src):
    """When the plan's member m gives a chosen Forward Haste as it enters, it goes after the members that
    do not, so that it may give it to one of them (a Backup, or a Forward "other than" itself, could give it
    to none, 11.8.9): the members after it move up one, and the marks of their payments with them."""
    later = False
    for q in range(m + 1, n_plan):
        later = later or not kf[candidates[members[q], 0], F_ENTER_HASTE]
    if not later:
        return
    rotate_left(members, m, n_plan, 1)
    for marks, n in ((plan_cast, nh), (plan_disc, nh), (plan_src, nsrc)):
        for p in range(n):
            if marks[p] == m:
                marks[p] = n_plan - 1
            elif marks[p] > m:
                marks[p] -= 1


@inline_kernel
def _member(m, members, candidates, nh, nsrc, plan_cast, plan_disc, plan_src, lb_planned, out_disc,
            out_src):  # fmt: skip
    """The plan's member m as a cast: returns (kind, hand position or -1, LB index or -1, discards,
    Backups), the payment written to out_disc and out_src as find_payment does."""
    c = members[m]
    cast_pos = -1
    nd = 0
    for p in range(nh):
        if plan_cast[p] == m:
            cast_pos = p
        if plan_disc[p] == m:
            out_disc[nd] = p
            nd += 1
    nb = 0
    for b in range(nsrc):
        if plan_src[b] == m:
            out_src[nb] = b
            nb += 1
    cast_lb = -1
    if cast_pos < 0:
        cast_lb = candidates[c, 2]
        lb_planned[cast_lb] = False
    return candidates[c, 0], cast_pos, cast_lb, nd, nb


@kernel
def _first_payable(ranks, nrank, backups_only, hand, nh, lb_pool, keep, kf, src_kind, src_active, nsrc,
                   minimality, out_disc, out_src, work):  # fmt: skip
    """The first ranked card with a legal payment (only group 0, the early Backups, when backups_only):
    returns (kind, hand position or -1, LB index or -1, discards, Backups), kind -1 when none. A card
    costing more CP than the whole hand and the active sources make, or of an element none of them
    makes, is passed over without find_payment, which would refuse it for that."""
    cp_all, elements_all = cp_and_elements(hand, nh, -1, kf, src_kind, src_active, nsrc)
    failed = -1  # copies of a kind that cannot be paid for cannot be paid for either
    for r in range(nrank):
        src = ranks[r] % 2
        p = (ranks[r] // 2) % 1000
        k = hand[p] if src == 0 else lb_pool[p]
        if k == failed or (backups_only and _group(ranks[r]) != 0):
            continue
        if kf[k, F_PAY] > 0 and (kf[k, F_PAY] > cp_all or kf[k, F_REQ] & elements_all != kf[k, F_REQ]):
            failed = k
            continue
        nd, nb = find_payment(
            k, p if src == 0 else -1, hand, nh, keep, kf, src_kind, src_active, nsrc, minimality, out_disc,
            out_src, work,
        )  # fmt: skip
        if nd >= 0:
            if src == 0:
                return k, p, -1, nd, nb
            return k, -1, p, nd, nb
        failed = k
    return -1, -1, -1, -1, -1


@kernel
def _flip_lb(
    k, lb_pool, lb_down, lb_planned, kf, lb_self, cast_monsters, own_turn, phase, log, nlog, logging
):
    """Pay an LB card's LB cost (15.2.8.3.2) by turning face-down LB cards up, in the order of §11.5:
    non-LB cards, then LB cards the autopilot never casts (Summons, uncast Monsters), then the LB cards
    with the highest LB cost; never a card the plan casts later this turn."""
    flips = kf[k, F_LB]
    if lb_self and flips > 0:
        flips -= 1  # the cast card itself pays one
    for _ in range(flips):
        pick = -1
        pick_key = -1
        for q in range(lb_pool.shape[0]):
            if lb_down[q] and not lb_planned[q]:
                kq = lb_pool[q]
                if kf[kq, F_LB] < 0:
                    key = 3000
                elif kf[kq, F_TYPE] == SUMMON or (kf[kq, F_TYPE] == MONSTER and not cast_monsters):
                    key = 2000
                else:
                    key = kf[kq, F_LB]
                if key > pick_key:
                    pick = q
                    pick_key = key
        lb_down[pick] = False
        if logging:
            _log(log, nlog, E_LB_FLIP, own_turn, phase, lb_pool[pick], 0)


@inline_kernel
def _pay_and_leave_hand(cast_pos, nd, nb, hand, nh, out_disc, out_src, src_kind, src_active, src_fw,
                        fw_active, remove, plan_cast, plan_disc, broken, own_turn, phase, log, nlog,
                        logging):  # fmt: skip
    """Dull the paying Backups (a paying Forward too: one that does not activate in the Active Phase
    stays dull), put the discards in the break zone (15.1.1.4.1; counted by kind in `broken`) and take
    them and the cast card out of the hand. Returns the cards left in hand."""
    for i in range(nb):
        src_active[out_src[i]] = False
        if src_fw[out_src[i]] >= 0:
            fw_active[src_fw[out_src[i]]] = False
        if logging:
            _log(log, nlog, E_PAY_DULL, own_turn, phase, src_kind[out_src[i]], 0)
    remove[:nh] = False
    if cast_pos >= 0:
        remove[cast_pos] = True
    for i in range(nd):
        remove[out_disc[i]] = True
        broken[hand[out_disc[i]]] += 1
        if logging:
            _log(log, nlog, E_PAY_DISCARD, own_turn, phase, hand[out_disc[i]], 0)
    w = 0
    for p in range(nh):
        if not remove[p]:
            hand[w] = hand[p]
            plan_cast[w] = plan_cast[p]
            plan_disc[w] = plan_disc[p]
            w += 1
    return w


@kernel
def _main_phase(phase, own_turn, knobs, kf, kfinds, kcost, rng, deck, piles, lb_pool, hand, nh, keep, lb_down,
                named, field, broken, pending,
                fw_kind, fw_new, fw_active, fw_damage, fw_frozen, src_kind, src_active, src_fw, ranks,
                candidates, members,
                plan_cast, plan_disc, plan_src, lb_planned, scratch, work, out_disc, out_src, remove, log,
                nlog, logging):  # fmt: skip
    """A main phase (9.3), §11.5: in main phase 1 of the first `backup_turns` turns Backups first, one
    at a time; then the plan of Forwards (fftcg_plan); then, one card at a time, what CP is left buys:
    later Backups, Monsters, Forwards the plan did not weigh. Main phase 2 casts the same way from the
    cards the attack phase drew. In the opponent's turn (P_OPP) only the cards with Back Attack are cast
    (15.2.5), one at a time as main phase 1's last stage casts them. A cast card's "enters the field" text
    resolves when it enters (11.4.8).
    `field` holds the counts named by FIELD_* and is updated; after each card that enters, the costs that
    cost changes (kcost) name are worked out again, and the plan made again when one changed. Returns
    (cards left in hand, the outcome when the game ends, else -1)."""
    backup_phase = own_turn <= knobs[K_BACKUP_TURNS]
    cast_monsters = knobs[K_CAST_MONSTERS] == 1
    minimality = knobs[K_MINIMALITY] == 1
    lb_self = knobs[K_LB_SELF] == 1
    if phase == P_OPP:
        stage = STAGE_REST
    else:
        stage = STAGE_BACKUPS if backup_phase and phase == P_MAIN1 else STAGE_PLAN
    n_plan = 0
    next_member = 0
    nrank = 0
    ranked = False  # keep and ranks are those of the hand and field as they are
    casts = 0
    while True:
        nbk = field[FIELD_BACKUPS]
        nsrc = field[FIELD_SOURCES]
        ld_on = field[FIELD_LD_STATE]
        # the plan's members need no ranking; nor does the plan when the Backups found nothing to cast
        if (stage != STAGE_MEMBERS or next_member >= n_plan) and not ranked:
            ranked = True
            for p in range(nh):
                keep[p] = _keep_value(hand[p], kf, named, ld_on, nbk, backup_phase, cast_monsters)
            # Candidates in policy order; the first one with a legal payment is cast, then again.
            nrank = _rank_castable(
                hand, nh, lb_pool, lb_down, kf, named, ld_on, nbk, backup_phase, cast_monsters, lb_self,
                ranks,
            )  # fmt: skip
            if knobs[K_HOLD_HIT] == 1:
                nrank = _drop_held(
                    ranks,
                    nrank,
                    hand,
                    lb_pool,
                    phase,
                    kf,
                    kfinds,
                    field,
                    fw_kind,
                    fw_new,
                    fw_active,
                    fw_damage,
                )
            if phase == P_OPP:
                nrank = _back_attacks_only(ranks, nrank, hand, lb_pool, kf)
        if stage == STAGE_PLAN:
            n_plan = _plan(
                ranks, nrank, hand, nh, keep, lb_pool, lb_down, kf, src_kind, src_active, nsrc, lb_self,
                minimality, candidates, members, plan_cast, plan_disc, plan_src, lb_planned, scratch,
            )  # fmt: skip
            next_member = 0
            stage = STAGE_MEMBERS
        if stage == STAGE_MEMBERS and next_member < n_plan:
            if kf[candidates[members[next_member], 0], F_ENTER_HASTE]:
                _defer_haste_giver(next_member, n_plan, members, candidates, kf, nh, nsrc, plan_cast,
                                   plan_disc, plan_src)  # fmt: skip
            k, cast_pos, cast_lb, nd, nb = _member(
                next_member, members, candidates, nh, nsrc, plan_cast, plan_disc, plan_src, lb_planned,
                out_disc, out_src,
            )  # fmt: skip
            next_member += 1
        else:
            if stage == STAGE_MEMBERS:
                stage = STAGE_REST
            k, cast_pos, cast_lb, nd, nb = _first_payable(
                ranks, nrank, stage == STAGE_BACKUPS, hand, nh, lb_pool, keep, kf, src_kind, src_active,
                nsrc, minimality, out_disc, out_src, work,
            )  # fmt: skip
        if k < 0 or casts == MAX_CASTS:
            if stage == STAGE_BACKUPS and k < 0:
                stage = STAGE_PLAN
                continue
            return nh, -1
        casts += 1
        field[FIELD_CASTS] += 1
        # cast it: pay (11.4.7), LB flips (15.2.8.3.2), then it enters the field (11.4.8)
        ranked = False
        if cast_pos >= 0:
            if logging:
                _log(log, nlog, E_CAST, own_turn, phase, k, kf[k, F_PAY])
        else:
            lb_down[cast_lb] = False
            field[FIELD_LB] += 1
            if logging:
                _log(log, nlog, E_CAST_LB, own_turn, phase, k, kf[k, F_PAY])
            _flip_lb(
                k,
                lb_pool,
                lb_down,
                lb_planned,
                kf,
                lb_self,
                cast_monsters,
                own_turn,
                phase,
                log,
                nlog,
                logging,
            )
        nh = _pay_and_leave_hand(
            cast_pos, nd, nb, hand, nh, out_disc, out_src, src_kind, src_active, src_fw, fw_active, remove,
            plan_cast, plan_disc, broken, own_turn, phase, log, nlog, logging,
        )  # fmt: skip
        field[FIELD_BROKEN] += nd
        _enter(k, kf, knobs, named, field, fw_kind, fw_new, fw_active, src_kind, src_active, src_fw)
        replan = False
        if _resolves_on_entering(k, kf):
            planned_from = next_member if stage == STAGE_MEMBERS else NO_PLAN  # the members still to cast
            nh, outcome, replan = _resolve_entered(
                k, phase, own_turn, knobs, kf, kfinds, rng, deck, piles, hand, nh, keep, plan_cast,
                plan_disc, plan_src, planned_from, named, field, broken, pending, fw_kind, fw_new, fw_active,
                fw_damage, fw_frozen, src_kind, src_active, src_fw, work, out_disc, out_src, remove, log,
                nlog, logging,
            )  # fmt: skip
            if outcome >= 0:
                return nh, outcome
        if kcost.shape[0] > 0 and _reprice(kf, kcost, field, broken):
            replan = True  # the plan's payments were made at the old prices
        if replan and stage == STAGE_MEMBERS:
            stage = STAGE_PLAN  # a free play took a card of the plan: plan again with the hand left


@inline_kernel
def _entering_hit_own(k, phase, own_turn, kf, kfinds, hand, nh, plan_cast, plan_disc, named, field,
                      broken, fw_kind, fw_new, fw_active, fw_damage, fw_frozen, src_kind, src_active, src_fw,
                      log, nlog, logging):  # fmt: skip
    """What card k's entering text does to the Forward of yours it must choose (_entering_hit: under its
    condition, or what it does else; _hit_own). Returns (cards in hand, whether the plan must be made again:
    a CP source left the field, or a Forward returned to the hand may be cast again)."""
    hit, failed = _entering_hit(k, 0, kf, kfinds, field)
    if not hit:
        if failed and logging:
            _log(log, nlog, E_EFFECT_HIT_ELSE, own_turn, phase, k, -1)
        return nh, False
    _, left, source, nh = _hit_own(
        k, hit, FIND_HIT_ENTER, E_EFFECT_HIT_ELSE if failed else E_EFFECT_HIT, phase, own_turn, kf, kfinds,
        hand, nh, plan_cast, plan_disc, named, field, broken, fw_kind, fw_new, fw_active, fw_damage,
        fw_frozen, src_kind, src_active, src_fw, log, nlog, logging,
    )  # fmt: skip
    return nh, source or (left and hit & HIT_ACTION == HIT_RETURN)


@inline_kernel
def _resolves_on_entering(k, kf):
    """Whether card k's entering does anything _resolve_entered plays: a column it reads of k is set. Most
    cards have no such text, and the call passes 33 arrays, which cost more than a cast's other steps
    (measured: a tenth of a game's time); a step added to _resolve_entered adds its column here."""
    for column in (
        F_WAKES, F_ENTER_PAID, F_ENTER_DRAW, F_ENTER_DAMAGE, F_ENTER_DISCARD, F_ENTER_MILL, F_HIT, F_HIT_IF,
        F_HIT_ELSE, F_ENTER_IF_DRAW, F_SEARCH, F_ENTER_ORDER, F_ENTER_ACTIVATE, F_ENTER_HASTE, F_BREAK_ADD,
        F_PLAY, F_BREAK_PLAY, F_DECK_PLAY,
    ):  # fmt: skip
        if kf[k, column] != 0:
            return True
    return False


@kernel
def _resolve_entered(k, phase, own_turn, knobs, kf, kfinds, rng, deck, piles, hand, nh, keep, plan_cast,
                     plan_disc, plan_src, planned_from, named, field, broken, pending, fw_kind, fw_new,
                     fw_active, fw_damage, fw_frozen, src_kind, src_active, src_fw, work, out_disc, out_src,
                     remove, log, nlog, logging):  # fmt: skip
    """The "when ... enters the field" text of a card that just entered (11.4.8): first its optional
    trade (_trade_on_entering; the plan's members from `planned_from` on keep their cards and sources;
    the effect it buys is skipped when it is not paid), then its draws, its damage,
    its Forward of yours chosen and hit (_hit_own), its search, its Backups activated, the cards it takes
    from the Break Zone into the hand, then the card it plays from the hand and the one it plays from the
    Break Zone, whose own texts resolve next (the last played first: `pending` holds those still to
    resolve), and so on. Returns (cards in hand,
    the outcome when the game ends, else -1, whether the plan must be made again: a card the turn's plan
    casts or pays with was played, Backups stood up, or a card entered from the Break Zone that may keep
    one the plan casts from entering: one without the generic icon, 7.7.3, or a Light or Dark one,
    7.7.5, or a CP source left the field)."""
    replan = False
    pending[0] = k
    n_pending = 1
    while n_pending > 0:
        n_pending -= 1
        k = pending[n_pending]
        # the Backups its entering activates stand up first: their CP may pay its trade
        woke = _wake_sources(
            k, kf, kfinds, field, src_kind, src_active, src_fw, own_turn, phase, log, nlog, logging
        )
        replan = replan or woke
        declined = 0  # the PAID_* effect its trade buys, when the trade was not paid
        if kf[k, F_ENTER_PAID] > 0:
            nh, paid = _trade_on_entering(
                k, phase, own_turn, knobs, kf, kfinds, deck, piles, hand, nh, keep, plan_cast, plan_disc,
                plan_src, planned_from, named, field, broken, src_kind, src_active, src_fw, fw_active, work,
                out_disc, out_src, remove, log, nlog, logging,
            )  # fmt: skip
            declined = 0 if paid else kf[k, F_ENTER_PAID] & PAID_WHAT
        acts = kf[k, F_ENTER_DRAW] > 0 or kf[k, F_ENTER_DAMAGE] > 0 or kf[k, F_ENTER_DISCARD] > 0
        if acts or kf[k, F_ENTER_MILL] > 0:
            nh, outcome, discarded = _trigger(
                k, F_ENTER_DRAW, F_ENTER_DISCARD, F_ENTER_DAMAGE, F_ENTER_MILL, MAY_ENTER, kf, knobs, deck,
                piles, hand, nh, plan_cast, plan_disc, named, field, broken, own_turn, phase, log, nlog,
                logging,
            )  # fmt: skip
            replan = replan or discarded
            if outcome >= 0:
                return nh, outcome, replan
        nh, rehit = _entering_hit_own(
            k, phase, own_turn, kf, kfinds, hand, nh, plan_cast, plan_disc, named, field, broken, fw_kind,
            fw_new, fw_active, fw_damage, fw_frozen, src_kind, src_active, src_fw, log, nlog, logging,
        )  # fmt: skip
        replan = replan or rehit
        if kf[k, F_ENTER_IF_DRAW] > 0 and _draw_if_holds(k, kf, kfinds, field):
            nh, lost = _text_draws(
                k, kf[k, F_ENTER_IF_DRAW], False, knobs[K_DRAWS], deck, piles, hand, nh, plan_cast, plan_disc,
                own_turn, phase, log, nlog, logging,
            )  # fmt: skip
            if lost:
                return nh, O_LOSS_DECKOUT, replan
        if kf[k, F_SEARCH] > 0 and declined != PAID_SEARCH:
            nh = _text_search(
                k, kf[k, F_SEARCH], kf[k, F_SEARCH_TOP], kf[k, F_LOOK_REST] & REST_MASK,
                FIND_SEARCH, kfinds, rng, deck, piles, hand, nh, plan_cast, plan_disc, field, broken,
                own_turn, phase, log, nlog, logging,
            )  # fmt: skip
        if kf[k, F_ENTER_ORDER] > 0:
            _order_top(
                k, kf[k, F_ENTER_ORDER], kf, named, field, deck, piles, own_turn <= knobs[K_BACKUP_TURNS],
                knobs[K_CAST_MONSTERS] == 1, own_turn, phase, log, nlog, logging,
            )  # fmt: skip
        at = kf[k, F_ENTER_ACTIVATE_IF]
        if kf[k, F_ENTER_ACTIVATE] > 0 and (at == 0 or _found_on_field(k, FIND_IF, kfinds, field) >= at):
            activated = _activate_chosen(
                k, kf[k, F_ENTER_ACTIVATE], FIND_ACTIVATE_ENTER, kfinds, field, src_kind, src_active, src_fw,
                own_turn, phase, log, nlog, logging,
            )  # fmt: skip
            replan = replan or activated > 0  # more CP: the plan is made again with it
        if kf[k, F_ENTER_HASTE]:
            f = _give_haste(
                k, kf, kfinds, field, fw_kind, fw_new, fw_active, own_turn, phase, log, nlog, logging
            )
            if f >= 0 and phase == P_MAIN2:  # after the attacks: it may pay CP now, as Haste lets it
                _forwards_pay(kf, kfinds, field, fw_kind, fw_new, fw_active, src_active, src_fw)
        if kf[k, F_BREAK_ADD] > 0 and declined != PAID_BREAK_ADD:
            nh = _take_from_break(
                k, kf[k, F_BREAK_ADD], FIND_BREAK_ADD, kfinds, kf, own_turn <= knobs[K_BACKUP_TURNS],
                knobs[K_CAST_MONSTERS] == 1, hand, nh, plan_cast, plan_disc, named, field, broken, own_turn,
                phase, log, nlog, logging,
            )  # fmt: skip
        if kf[k, F_PLAY] > 0:
            p = _play_pick(
                k, kfinds, kf, knobs[K_CAST_MONSTERS] == 1, hand, nh, plan_cast, plan_disc, named, field
            )
            if p >= 0:
                replan = replan or plan_cast[p] >= 0 or plan_disc[p] >= 0
                played = hand[p]
                for q in range(p, nh - 1):
                    hand[q] = hand[q + 1]
                    plan_cast[q] = plan_cast[q + 1]
                    plan_disc[q] = plan_disc[q + 1]
                nh -= 1
                if logging:
                    _log(log, nlog, E_EFFECT_PLAY, own_turn, phase, k, played)
                _enter(played, kf, knobs, named, field, fw_kind, fw_new, fw_active, src_kind, src_active,
                       src_fw)  # fmt: skip
                pending[n_pending] = played
                n_pending += 1
        for zone, bought in ((F_BREAK_PLAY, PAID_BREAK_PLAY), (F_DECK_PLAY, PAID_DECK_PLAY)):
            if declined == bought or kf[k, zone] == 0:
                continue
            played = _play_onto_field(k, zone, kfinds, kf, rng, deck, piles, named, field, broken, own_turn,
                                      phase, log, nlog, logging)  # fmt: skip
            if played >= 0:
                replan = replan or not kf[played, F_GENERIC] or kf[played, F_LD] > 0  # 7.7.3, 7.7.5
                _enter(played, kf, knobs, named, field, fw_kind, fw_new, fw_active, src_kind, src_active,
                       src_fw)  # fmt: skip
                pending[n_pending] = played
                n_pending += 1
    return nh, -1, replan


@inline_kernel
def _pay_by_sources(cost, minimality, hand, keep, kf, src_kind, src_active, nsrc, out_disc, out_src, work):
    """An ability's cost packed as F_CYCLE_COST is (its CP, then from bit CYCLE_REQ the elements it must
    cover, REQ_MORE counts too) paid by the sources still active alone, no card discarded (§7.3; the CP that
    would stand idle): the cycle, the Backup's sacrifice, Warp and a trade on entering. Writes the sources
    it dulls to out_src; returns their count, -1 when they cannot pay."""
    nd, nb = pay_cost(
        cost & ((1 << CYCLE_REQ) - 1), cost >> CYCLE_REQ, -1, hand, 0, keep, kf, src_kind, src_active, nsrc,
        minimality, out_disc, out_src, work,
    )  # fmt: skip
    return nb if nd >= 0 else -1


@kernel
def _trade_on_entering(k, phase, own_turn, knobs, kf, kfinds, deck, piles, hand, nh, keep, plan_cast,
                       plan_disc, plan_src, planned_from, named, field, broken, src_kind, src_active, src_fw,
                       fw_active, work, out_disc, out_src, remove, log, nlog, logging):  # fmt: skip
    """Card k's optional trade on entering (F_ENTER_PAID; the `pay_for_enters` policy), paid when what it
    buys gets a card now (_trade_gain) and it can be paid without what the rest of the turn's plan needs
    (the plan's members from `planned_from` on: the cards they cast or discard, the sources they dull).
    CP (F_ENTER_PAY) is paid by the other sources still active alone (11.6.2.1: 1 CP each, of its
    elements; no card is discarded for it, as a discard for CP, 2 CP, would cost a card for one). A
    discard (F_ENTER_PAY_DISCARD) is the hand's card of the lowest keep-value (_keep_value; ties: the
    lowest card number), and only when that is worth less than the card it gets: for a draw, any card
    (the one the autopilot values least, traded for a new one); for a search, each card of the deck it
    may find; from the Break Zone, the card it takes. A draw it buys is drawn here (F_ENTER_PAID's count);
    what else it buys, _resolve_entered resolves. Returns (cards in hand, whether it was paid)."""
    if knobs[K_PAY_FOR_ENTERS] == 0:
        return nh, False
    backup_phase = own_turn <= knobs[K_BACKUP_TURNS]
    cast_monsters = knobs[K_CAST_MONSTERS] == 1
    gain = _trade_gain(k, knobs, kf, kfinds, deck, piles, named, field, broken, backup_phase, cast_monsters)
    if gain < 0:
        return nh, False
    if kf[k, F_ENTER_PAY_DISCARD] > 0:
        worst = -1
        worst_keep = 0
        for p in range(nh):
            if plan_cast[p] >= planned_from or plan_disc[p] >= planned_from:
                continue
            v = _keep_value(
                hand[p], kf, named, field[FIELD_LD_STATE], field[FIELD_BACKUPS], backup_phase, cast_monsters
            )
            if worst < 0 or v < worst_keep or (v == worst_keep and hand[p] < hand[worst]):
                worst = p
                worst_keep = v
        if worst < 0 or worst_keep >= gain:
            return nh, False
        out_disc[0] = worst
        nd, nb = 1, 0
    else:
        nsrc = field[FIELD_SOURCES]
        for b in range(nsrc):  # the plan's sources are set aside while the trade is paid
            remove[b] = src_active[b] and planned_from < NO_PLAN and plan_src[b] >= planned_from
            if remove[b]:
                src_active[b] = False
        nd = 0
        nb = _pay_by_sources(
            kf[k, F_ENTER_PAY], knobs[K_MINIMALITY] == 1, hand, keep, kf, src_kind, src_active, nsrc,
            out_disc, out_src, work,
        )  # fmt: skip
        for b in range(nsrc):
            if remove[b]:
                src_active[b] = True
        if nb < 0:
            return nh, False
    if logging:
        _log(log, nlog, E_ENTER_PAY, own_turn, phase, k, kf[k, F_ENTER_PAY] & ((1 << CYCLE_REQ) - 1))
    nh = _pay_and_leave_hand(
        -1, nd, nb, hand, nh, out_disc, out_src, src_kind, src_active, src_fw, fw_active, remove, plan_cast,
        plan_disc, broken, own_turn, phase, log, nlog, logging,
    )  # fmt: skip
    field[FIELD_BROKEN] += nd
    if kf[k, F_ENTER_PAID] & PAID_WHAT == PAID_DRAW:  # its own draws (the card may also draw unpaid), which
        nh, _ = _text_draws(  # the deck holds: _trade_gain looked
            k, kf[k, F_ENTER_PAID] >> PAID_N, False, 0, deck, piles, hand, nh, plan_cast, plan_disc, own_turn,
            phase, log, nlog, logging,
        )  # fmt: skip
    return nh, True


@kernel
def _trade_gain(k, knobs, kf, kfinds, deck, piles, named, field, broken, backup_phase, cast_monsters):
    """What card k's trade on entering would get now, as a keep-value to beat (_keep_value): a draw while
    the deck keeps the next draw phase's cards after it (as a "you may" draw, _text_draws), a card played
    onto the field when one it names may enter, each NO_PLAN (any card is worth less); a search, the
    lowest keep-value among the deck's cards it names; from the Break Zone into the hand, the highest (the
    card _take_from_break takes). -1 when it gets nothing."""
    bought = kf[k, F_ENTER_PAID] & PAID_WHAT
    if bought == PAID_DRAW:
        n = kf[k, F_ENTER_PAID] >> PAID_N
        return NO_PLAN if deck.shape[0] - piles[PILE_TOP] >= n + knobs[K_DRAWS] else -1
    if bought == PAID_BREAK_PLAY:
        return NO_PLAN if _break_play_pick(k, FIND_BREAK_PLAY, kfinds, kf, named, field, broken) >= 0 else -1
    gain = -1
    if bought == PAID_BREAK_ADD:
        for c in range(broken.shape[0]):
            if broken[c] > 0 and kfinds[k, c] & FIND_BREAK_ADD:
                gain = max(
                    gain,
                    _keep_value(
                        c, kf, named, field[FIELD_LD_STATE], field[FIELD_BACKUPS], backup_phase, cast_monsters
                    ),
                )
        return gain
    for i in range(piles[PILE_TOP], deck.shape[0]):
        c = deck[i]
        if bought == PAID_DECK_PLAY:
            if kfinds[k, c] & FIND_DECK_PLAY and _may_enter(
                c, kf, named, field[FIELD_LD_STATE], field[FIELD_BACKUPS], True
            ):
                return NO_PLAN
        elif kfinds[k, c] & FIND_SEARCH:
            v = _keep_value(
                c, kf, named, field[FIELD_LD_STATE], field[FIELD_BACKUPS], backup_phase, cast_monsters
            )
            gain = v if gain < 0 else min(gain, v)
    return gain


@kernel
def _play_onto_field(k, zone, kfinds, kf, rng, deck, piles, named, field, broken, own_turn, phase, log, nlog,
                     logging):  # fmt: skip
    """The card a card's text plays onto the field from a zone other than the hand, when its kind-table
    column `zone` says it does: from the Break Zone (F_BREAK_PLAY, _break_play_pick) or from the deck
    (F_DECK_PLAY, _play_from_deck), taken out of that zone; called only when it does. Returns its kind or
    -1."""
    if zone == F_DECK_PLAY:
        rest = kf[k, F_LOOK_REST] & REST_MASK
        return _play_from_deck(k, kf[k, F_SEARCH_TOP], rest, kfinds, kf, rng, deck, piles, named, field,
                               broken, own_turn, phase, log, nlog, logging)  # fmt: skip
    played = _break_play_pick(k, FIND_BREAK_PLAY, kfinds, kf, named, field, broken)
    if played >= 0:
        broken[played] -= 1
        field[FIELD_BROKEN] -= 1
        if logging:
            _log(log, nlog, E_EFFECT_BREAK_PLAY, own_turn, phase, k, played)
    return played


@kernel
def _take_from_break(k, n, find, kfinds, kf, backup_phase, cast_monsters, hand, nh, plan_cast, plan_disc,
                     named, field, broken, own_turn, phase, log, nlog, logging):  # fmt: skip
    """A card's "choose 1 [...] in your Break Zone. Add it to your hand." (or "up to n"): n times, the card
    its filter names (kfinds[k, kind] & find: FIND_BREAK_ADD, or FIND_SACRIFICE for its action ability)
    that the autopilot would keep longest in its hand (_keep_value, the rule that picks its discards;
    ties: the lowest card number) leaves the Break Zone for the hand. Returns the cards in hand; the cards
    taken are in no plan yet."""
    taken = 0
    for _ in range(n):
        best = -1
        best_keep = -1
        for c in range(broken.shape[0]):
            if broken[c] == 0 or not kfinds[k, c] & find:
                continue
            value = _keep_value(
                c, kf, named, field[FIELD_LD_STATE], field[FIELD_BACKUPS], backup_phase, cast_monsters
            )
            if value > best_keep:
                best = c
                best_keep = value
        if best < 0:
            break
        broken[best] -= 1
        field[FIELD_BROKEN] -= 1
        hand[nh] = best
        plan_cast[nh] = -1
        plan_disc[nh] = -1
        nh += 1
        taken += 1
        if logging:
            _log(log, nlog, E_EFFECT_BREAK_ADD, own_turn, phase, k, best)
    if logging and taken == 0:
        _log(log, nlog, E_EFFECT_BREAK_ADD, own_turn, phase, k, -1)
    return nh


@kernel
def _give_haste(k, kf, kfinds, field, fw_kind, fw_new, fw_active, own_turn, phase, log, nlog, logging):
    """The Forward a card's "choose 1 Forward you control. It gains Haste until the end of the turn." takes:
    the first one (in the order they entered) its filter names (kfinds[k, kind] & FIND_HASTE) that entered
    this turn, is active and has no Haste, since that one gains an attack; it is then as one controlled
    since the turn began, for the rest of the turn (10.1.2.1.1, 11.6.2.2), which Haste until the end of the
    turn gives (9.5.1.3.2). With none, whichever is chosen (11.8.9) gains nothing. Returns it or -1."""
    for f in range(field[FIELD_FORWARDS]):
        c = fw_kind[f]
        if (
            fw_new[f]
            and fw_active[f]
            and kfinds[k, c] & FIND_HASTE
            and not kf[c, F_NO_ATTACK]
            and not _has_haste(c, kf, kfinds, field)
        ):
            fw_new[f] = False
            if logging:
                _log(log, nlog, E_EFFECT_HASTE, own_turn, phase, k, c)
            return f
    if logging:
        _log(log, nlog, E_EFFECT_HASTE, own_turn, phase, k, -1)
    return -1


# ---- a Forward of yours that a text must choose (F_HIT): the opponent has none (11.8.4, 11.8.9) ----


@kernel
def _may_attack(c, active, new, phase, kf, kfinds, field):
    """Whether a Forward of kind c, active or not and entered this turn or not, may still attack this turn:
    in your turn before main phase 2 (none attacks in the opponent's), active, not kept from attacking,
    controlled since the turn began or with Haste (10.1.2.1); in the attack phase one that attacked with
    Brave counts as one that may."""
    return (
        active
        and phase != P_MAIN2
        and phase != P_OPP
        and not kf[c, F_NO_ATTACK]
        and (not new or _has_haste(c, kf, kfinds, field))
    )


@kernel
def _hit_loss(hit, c, active, new, damage, phase, kf, kfinds, field):
    """What the autopilot loses when `hit` (an F_HIT code of one trigger) takes its Forward of kind c: 0 for
    nothing (damage below its power, which breaks nothing, 12.4.5, and ends with the turn, 9.5.1.3; power
    lost until the end of the turn, counted with the damage, _hit_own; "Dull it"
    on one already dull, 15.1.1.2.2, or on one that may neither attack nor pay CP this turn; "Freeze it" on
    one that stays active through the turn, so the next Active Phase has nothing to activate, 15.2.4.2);
    else 1 + twice its cost, plus 1 when it may still attack: the cheapest goes first (the least CP lost to
    the Break Zone), and of a cost the one whose attack this turn is spent or impossible."""
    action = hit & HIT_ACTION
    attacks = _may_attack(c, active, new, phase, kf, kfinds, field)
    pays = kf[c, F_CP_ELEM] != 0 and (not new or _has_haste(c, kf, kfinds, field))
    idle = not attacks and not (active and pays)
    hurts = (action == HIT_DAMAGE) | (action == HIT_WEAKEN)  # damage or power lost
    if hurts and damage + (hit >> HIT_AMOUNT) < kf[c, F_POWER]:
        return 0
    if action == HIT_DULL and (not active or idle):
        return 0
    if action == HIT_FREEZE and active and idle:
        return 0
    return 1 + 2 * min(kf[c, F_COST], 99) + (1 if attacks else 0)


@kernel
def _hit_fits(hit, k, c, active, find, kfinds):
    """Whether kind k's text (`hit`, with the kfinds bit `find`) may choose a Forward of kind c, active or
    not: its filter names c (type, cost, name not excluded) and the state it names, if any, is c's."""
    if not kfinds[k, c] & find:
        return False
    if hit & HIT_DULL_ONLY:
        return not active
    return active or not hit & HIT_ACTIVE_ONLY


@kernel
def _hit_pick(hit, k, find, phase, kf, kfinds, field, fw_kind, fw_new, fw_active, fw_damage):
    """The Forward of yours that kind k's text must choose: the one it may choose whose loss (_hit_loss) is
    least; ties: the first in the order they entered. Returns (its index or -1 when none may be chosen, the
    loss)."""
    best = -1
    best_loss = 0
    for f in range(field[FIELD_FORWARDS]):
        c = fw_kind[f]
        if not _hit_fits(hit, k, c, fw_active[f], find, kfinds):
            continue
        loss = _hit_loss(hit, c, fw_active[f], fw_new[f], fw_damage[f], phase, kf, kfinds, field)
        if best < 0 or loss < best_loss:
            best = f
            best_loss = loss
    return best, best_loss


@kernel
def _leave_field(f, to_hand, kf, named, field, broken, fw_kind, fw_new, fw_active, fw_damage, fw_frozen,
                 src_kind, src_active, src_fw):  # fmt: skip
    """Forward f is put from the field into the Break Zone, counted by kind, or with `to_hand` returned to
    its owner's hand (the caller puts it there); a Limit Break card goes to the LB deck face up instead
    (15.2.8.4.1, 15.2.8.4.4). The Forwards after it move up one, and what the field counts (names, 7.7.3;
    Light and Dark, 7.7.5; Haste for all; the CP source it was) forgets it. Returns whether it was a CP
    source: the turn's plan, which may pay with it, is made again."""
    c = fw_kind[f]
    n = field[FIELD_FORWARDS] - 1
    for g in range(f, n):
        fw_kind[g] = fw_kind[g + 1]
        fw_new[g] = fw_new[g + 1]
        fw_active[g] = fw_active[g + 1]
        fw_damage[g] = fw_damage[g + 1]
        fw_frozen[g] = fw_frozen[g + 1]
    field[FIELD_FORWARDS] = n
    source = False
    w = 0
    for s in range(field[FIELD_SOURCES]):
        if src_fw[s] == f:
            source = True
            continue
        src_kind[w] = src_kind[s]
        src_active[w] = src_active[s]
        src_fw[w] = src_fw[s] - 1 if src_fw[s] > f else src_fw[s]
        w += 1
    field[FIELD_SOURCES] = w
    _off_the_field(c, to_hand, kf, named, field, broken)
    return source


@kernel
def _backup_leaves(s, kf, named, field, broken, src_kind, src_active, src_fw):
    """The Backup that is CP source s is put from the field into the Break Zone (as _leave_field puts a
    Forward): the sources after it move up one, and what the field counts forgets it."""
    c = src_kind[s]
    n = field[FIELD_SOURCES] - 1
    for t in range(s, n):
        src_kind[t] = src_kind[t + 1]
        src_active[t] = src_active[t + 1]
        src_fw[t] = src_fw[t + 1]
    field[FIELD_SOURCES] = n
    field[FIELD_BACKUPS] -= 1
    _off_the_field(c, False, kf, named, field, broken)


@kernel
def _off_the_field(c, to_hand, kf, named, field, broken):
    """What the field counts of a character of kind c that left it (names, 7.7.3; Light and Dark, 7.7.5;
    Haste for all; the copies of each kind) forgets it; it goes to the Break Zone, counted by kind, unless
    `to_hand` (its owner's hand, where the caller puts it), or a Limit Break card to the LB deck face up
    either way (15.2.8.4.1, 15.2.8.4.4)."""
    if not kf[c, F_GENERIC]:
        named[kf[c, F_NAME]] -= 1
        if kf[c, F_ALIAS] >= 0:
            named[kf[c, F_ALIAS]] -= 1
            if kf[c, F_ALIAS2] >= 0:
                named[kf[c, F_ALIAS2]] -= 1
    if kf[c, F_LD]:
        field[FIELD_LIGHT_DARK] -= 1
    if kf[c, F_HASTE_ALL]:
        field[FIELD_HASTE_GIVERS] -= 1
    field[N_FIELD + c] -= 1
    state = 0
    for j in range(kf.shape[0]):
        if field[N_FIELD + j] > 0:
            state |= kf[j, F_LD] | (kf[j, F_LD_LIFT] << LD_LIFTED)
    field[FIELD_LD_STATE] = state
    if kf[c, F_LB] >= 0:
        field[FIELD_LB] -= 1
    elif not to_hand:
        broken[c] += 1
        field[FIELD_BROKEN] += 1


@kernel
def _hit_own(k, hit, find, event, phase, own_turn, kf, kfinds, hand, nh, plan_cast, plan_disc, named, field,
             broken, fw_kind, fw_new, fw_active, fw_damage, fw_frozen, src_kind, src_active, src_fw, log,
             nlog, logging):  # fmt: skip
    """Kind k's text that must choose 1 Forward (`hit`, its F_HIT code for the trigger; `find`, its kfinds
    bit) takes the one of yours _hit_pick picks: broken (_leave_field), returned to its owner's hand (the
    last card of the hand, in no plan; an LB card to the LB deck, 15.2.8.4.4), dealt damage (kept for the
    turn; as much as its power or more puts it into the Break Zone, 12.4.5), made to lose power until the end
    of the turn (counted with the damage, fw_damage: both end with the turn, 9.5.1.3, and the Forward goes
    to the Break Zone when they reach its power together, at 0 power by 12.4.4 or by damage by 12.4.5),
    dulled (a CP source with it) or frozen (it does not activate in your next Active Phase, 15.2.4.2);
    logged as `event`. Returns (the index
    it had or -1, whether it left the field, whether it was a CP source that left, cards in hand)."""
    f, _ = _hit_pick(hit, k, find, phase, kf, kfinds, field, fw_kind, fw_new, fw_active, fw_damage)
    if f < 0:
        if logging:
            _log(log, nlog, E_EFFECT_HIT_NONE, own_turn, phase, k, 0)
        return -1, False, False, nh
    c = fw_kind[f]
    action = hit & HIT_ACTION
    hurts = (action == HIT_DAMAGE) | (action == HIT_WEAKEN)
    if hurts:
        fw_damage[f] += hit >> HIT_AMOUNT
    returns = action == HIT_RETURN
    leaves = returns or action == HIT_BREAK or (hurts and fw_damage[f] >= kf[c, F_POWER])
    if logging:
        _log(log, nlog, event, own_turn, phase, k, 2 * c + (1 if leaves else 0))
    if leaves:
        source = _leave_field(
            f, returns, kf, named, field, broken, fw_kind, fw_new, fw_active, fw_damage, fw_frozen, src_kind,
            src_active, src_fw,
        )  # fmt: skip
        if returns and kf[c, F_LB] < 0:
            hand[nh] = c
            plan_cast[nh] = -1
            plan_disc[nh] = -1
            nh += 1
        return f, True, source, nh
    if action == HIT_DULL:
        fw_active[f] = False
        for s in range(field[FIELD_SOURCES]):
            if src_fw[s] == f:
                src_active[s] = False
    elif action == HIT_FREEZE:
        fw_frozen[f] = True
    return f, False, False, nh


@kernel
def _entering_hit(k, entering, kf, kfinds, field):
    """The F_HIT code of what kind k's text does, when it enters, to the Forward it must choose: with a
    condition (F_HIT_IF), F_HIT_ELSE's when fewer of the characters it counts are on the field, `entering`
    more of them counted (1: the card itself, still in hand, is one; as its text resolves it is on the
    field). Returns (the code, 0 for none, whether the condition failed)."""
    at = kf[k, F_HIT_IF]
    if at > 0 and _found_on_field(k, FIND_HIT_IF, kfinds, field) + entering < at:
        return kf[k, F_HIT_ELSE], True
    return kf[k, F_HIT] & ((1 << HIT_SHIFT) - 1), False


@kernel
def _holds_hit(k, phase, kf, kfinds, field, fw_kind, fw_new, fw_active, fw_damage):
    """Whether the `hold_own_removal` policy keeps card k in hand now: its entering text must choose a
    Forward of yours and every choice loses something (_hit_loss), the card itself counted as it would
    enter (active unless it enters dull, new, undamaged); with no Forward it may choose it does nothing and
    is cast."""
    hit, _ = _entering_hit(k, 1 if kfinds[k, k] & FIND_HIT_IF else 0, kf, kfinds, field)
    if hit == 0:
        return False
    f, loss = _hit_pick(
        hit, k, FIND_HIT_ENTER, phase, kf, kfinds, field, fw_kind, fw_new, fw_active, fw_damage
    )
    if f >= 0 and loss == 0:
        return False
    active = kf[k, F_ENTERS_DULL] == 0
    if kf[k, F_TYPE] == FORWARD and _hit_fits(hit, k, k, active, FIND_HIT_ENTER, kfinds):
        return _hit_loss(hit, k, active, True, 0, phase, kf, kfinds, field) > 0
    return f >= 0


@kernel
def _drop_held(ranks, nrank, hand, lb_pool, phase, kf, kfinds, field, fw_kind, fw_new, fw_active, fw_damage):
    """The ranked cards without those the `hold_own_removal` policy keeps in hand (_holds_hit), in their
    order. Returns how many are left."""
    w = 0
    for r in range(nrank):
        src = ranks[r] % 2
        p = (ranks[r] // 2) % 1000
        k = hand[p] if src == 0 else lb_pool[p]
        if not _holds_hit(k, phase, kf, kfinds, field, fw_kind, fw_new, fw_active, fw_damage):
            ranks[w] = ranks[r]
            w += 1
    return w


@kernel
def _back_attacks_only(ranks, nrank, hand, lb_pool, kf):
    """The ranked cards that have Back Attack (15.2.5), in their order: the only ones castable in the
    opponent's turn. Returns how many are left."""
    w = 0
    for r in range(nrank):
        p = (ranks[r] // 2) % 1000
        k = hand[p] if ranks[r] % 2 == 0 else lb_pool[p]
        if kf[k, F_BACK_ATTACK]:
            ranks[w] = ranks[r]
            w += 1
    return w


@kernel
def _special_hastes(kf, kfinds, field, broken, fw_kind, fw_new, fw_active, hand, nh, plan_cast, plan_disc,
                    own_turn, log, nlog, logging):  # fmt: skip
    """Before the attacks: each Forward that entered this turn, is active, has no Haste and whose special
    ability gives it Haste until the end of the turn uses it, paid by discarding a card of its name from
    the hand (11.7.1) into the break zone: it gains an attack. Returns the cards left in hand."""
    for f in range(field[FIELD_FORWARDS]):
        k = fw_kind[f]
        if not (fw_new[f] and fw_active[f] and kf[k, F_SPECIAL_HASTE]) or kf[k, F_NO_ATTACK]:
            continue
        if _has_haste(k, kf, kfinds, field):
            continue
        p = 0
        while p < nh and kf[hand[p], F_NAME] != kf[k, F_NAME]:
            p += 1
        if p == nh:
            continue
        if logging:
            _log(log, nlog, E_SPECIAL_HASTE, own_turn, P_MAIN1, k, hand[p])
        for q in range(p, nh - 1):
            hand[q] = hand[q + 1]
            plan_cast[q] = plan_cast[q + 1]
            plan_disc[q] = plan_disc[q + 1]
        nh -= 1
        field[FIELD_BROKEN] += 1
        broken[k] += 1
        fw_new[f] = False
    return nh


@kernel
def _pay_action(k, knobs, kf, named, field, broken, hand, nh, keep, plan_cast, plan_disc, src_kind,
                src_active, src_fw, fw_active, work, out_disc, out_src, remove, own_turn, phase, log, nlog,
                logging):  # fmt: skip
    """Pay card k's action ability (F_ACT_PAY CP covering F_ACT_REQ, 11.6.2.1) with the sources still
    active (Backups, a Monster whose text makes CP): CP the turn's casts did not need, which would stand
    idle. With `action_discards`, hand cards may be discarded for it too, the lowest keep-value first (as
    any payment, _keep_value), into the Break Zone. Returns (cards in hand, whether it was paid)."""
    discards = knobs[K_ACTION_DISCARDS] == 1
    if discards:
        backup_phase = own_turn <= knobs[K_BACKUP_TURNS]
        cast_monsters = knobs[K_CAST_MONSTERS] == 1
        for p in range(nh):
            keep[p] = _keep_value(
                hand[p], kf, named, field[FIELD_LD_STATE], field[FIELD_BACKUPS], backup_phase, cast_monsters
            )
    nd, nb = pay_cost(
        kf[k, F_ACT_PAY], kf[k, F_ACT_REQ], -1, hand, nh if discards else 0, keep, kf, src_kind, src_active,
        field[FIELD_SOURCES], knobs[K_MINIMALITY] == 1, out_disc, out_src, work,
    )  # fmt: skip
    if nd < 0:
        return nh, False
    if logging:
        _log(log, nlog, E_ACTION, own_turn, phase, k, kf[k, F_ACT_PAY])
    nh = _pay_and_leave_hand(
        -1, nd, nb, hand, nh, out_disc, out_src, src_kind, src_active, src_fw, fw_active, remove, plan_cast,
        plan_disc, broken, own_turn, phase, log, nlog, logging,
    )  # fmt: skip
    field[FIELD_BROKEN] += nd
    return nh, True


@kernel
def _cycle_cards(knobs, kf, named, field, broken, deck, piles, hand, nh, keep, plan_cast, plan_disc, src_kind,
                 src_active, src_fw, fw_active, work, out_disc, out_src, remove, own_turn, log, nlog,
                 logging):  # fmt: skip
    """The end of main phase 2 (the `cycle_spare_cards` policy): a card in hand whose action ability
    discards it to draw (F_CYCLE, "《Ice》, discard Black Mage: Draw 1 card. You can only use this ability if
    Black Mage is in your hand.") is used when its CP can be paid by the sources still active alone (CP
    that would stand idle until they activate in the next Active Phase; no card is discarded for it),
    when it is a card of the hand's lowest keep-value (_keep_value: the card the autopilot would discard
    first for CP or at the hand limit) and when the deck keeps the next draw phase's cards after its draws
    (as a "you may" draw, _text_draws). The discarded card goes to the Break Zone; the hand is looked at
    again after each use, a drawn card included; called only with the knob on (K_CYCLE, 0 for a deck
    without such a card). Returns the cards in hand."""
    backup_phase = own_turn <= knobs[K_BACKUP_TURNS]  # ranked as the end phase that follows ranks them
    cast_monsters = knobs[K_CAST_MONSTERS] == 1
    p = 0
    while p < nh:
        k = hand[p]
        n = kf[k, F_CYCLE]
        if n == 0:
            p += 1
            continue
        if deck.shape[0] - piles[PILE_TOP] < n + knobs[K_DRAWS]:
            return nh
        for q in range(nh):
            keep[q] = _keep_value(
                hand[q], kf, named, field[FIELD_LD_STATE], field[FIELD_BACKUPS], backup_phase, cast_monsters
            )
        lowest = True
        for q in range(nh):
            lowest = lowest and keep[q] >= keep[p]
        if not lowest:
            p += 1
            continue
        cost = kf[k, F_CYCLE_COST]
        nb = _pay_by_sources(
            cost, knobs[K_MINIMALITY] == 1, hand, keep, kf, src_kind, src_active, field[FIELD_SOURCES],
            out_disc, out_src, work,
        )  # fmt: skip
        if nb < 0:
            p += 1
            continue
        if logging:
            _log(log, nlog, E_CYCLE, own_turn, P_MAIN2, k, cost & ((1 << CYCLE_REQ) - 1))
        nh = _pay_and_leave_hand(
            p, 0, nb, hand, nh, out_disc, out_src, src_kind, src_active, src_fw, fw_active, remove, plan_cast,
            plan_disc, broken, own_turn, P_MAIN2, log, nlog, logging,
        )  # fmt: skip
        broken[k] += 1
        field[FIELD_BROKEN] += 1
        nh, _ = _text_draws(
            k, n, False, 0, deck, piles, hand, nh, plan_cast, plan_disc, own_turn, P_MAIN2, log, nlog, logging
        )  # the deck holds them: looked at above
        p = 0
    return nh


@kernel
def _warp_arrivals(own_turn, knobs, kf, kfinds, kcost, rng, deck, piles, hand, nh, g, log, nlog, logging):
    """The start of main phase 1 (15.2.7.4): one Warp counter comes off each card removed by Warp, in the
    order they were removed; a card whose last one came off is put onto the field (15.2.7.5), not cast: it
    enters as a cast card does (_enter: a Forward without Haste attacks from the next turn, 10.1.2.1.1) and
    its "when ... enters the field" text resolves (_resolve_entered). A character whose name is already on
    the field without the generic icon (15.2.7.5.1, 7.7.3), a sixth Backup (7.7.4) or a second Light or Dark
    one (7.7.5) does not enter and stays removed from the game for good (15.2.7.5.2). Returns (cards in
    hand, the outcome when the game ends, else -1); called only with the knob on (K_WARP, 0 for a deck
    without a card with Warp)."""
    field = g.field
    for s in range(g.warp_counters.shape[0]):
        if g.warp_counters[s] == 0:
            continue
        g.warp_counters[s] -= 1
        if g.warp_counters[s] > 0:
            continue
        k = g.warp_kind[s]
        shut = (
            _name_taken(k, kf, g.named)
            or _ld_shut(k, kf, field[FIELD_LD_STATE])
            or (kf[k, F_TYPE] == BACKUP and field[FIELD_BACKUPS] >= 5)
        )
        if logging:
            _log(log, nlog, E_WARP, own_turn, P_MAIN1, k, WARP_SHUT_OUT if shut else WARP_ENTERED)
        if shut:
            continue
        _enter(k, kf, knobs, g.named, field, g.fw_kind, g.fw_new, g.fw_active, g.src_kind, g.src_active,
               g.src_fw)  # fmt: skip
        nh, outcome, _ = _resolve_entered(
            k, P_MAIN1, own_turn, knobs, kf, kfinds, rng, deck, piles, hand, nh, g.keep, g.plan_cast,
            g.plan_disc, g.plan_src, NO_PLAN, g.named, field, g.broken, g.pending, g.fw_kind, g.fw_new,
            g.fw_active, g.fw_damage, g.fw_frozen, g.src_kind, g.src_active, g.src_fw, g.work, g.out_disc,
            g.out_src, g.remove, log, nlog, logging,
        )  # fmt: skip
        if outcome >= 0:
            return nh, outcome
        if kcost.shape[0] > 0:
            _reprice(kf, kcost, field, g.broken)
    return nh, -1


@kernel
def _name_warped(k, kf, g):
    """Whether a card with card k's name is removed by Warp and waits for its counters to come off; one
    with the generic icon never counts."""
    if kf[k, F_GENERIC]:
        return False
    for s in range(g.warp_counters.shape[0]):
        if g.warp_counters[s] > 0 and kf[g.warp_kind[s], F_NAME] == kf[k, F_NAME]:
            return True
    return False


@kernel
def _warp_cards(own_turn, knobs, kf, hand, nh, keep, g, log, nlog, logging):
    """The end of main phase 2 (the `warp_cards` policy, 15.2.7.3): a card in hand with Warp (F_WARP) that
    main phase 1 and 2 did not cast is removed from the game with its Warp counters when its Warp cost is
    lower than its cast cost (F_PAY) and the sources still active alone pay it (CP that would stand idle
    until they activate in the next Active Phase; no card is discarded for it), a character the autopilot
    would put onto the field (a Monster only with `cast_monsters` or when its text makes CP, as
    _may_enter) and whose name neither a character on the field nor a card removed by Warp before it has
    (7.7.3, 15.2.7.5.1: it could not enter beside it; a card with the generic icon may). Its counters
    come off at the start of the next main phases 1 (_warp_arrivals). The hand is looked at again after
    each, from its first card. Called only with the knob on (K_WARP). Returns the cards in hand."""
    field = g.field
    cast_monsters = knobs[K_CAST_MONSTERS] == 1
    p = 0
    while p < nh:
        k = hand[p]
        cost = kf[k, F_WARP_COST]
        pay = cost & ((1 << CYCLE_REQ) - 1)
        t = kf[k, F_TYPE]
        if (
            kf[k, F_WARP] == 0
            or pay >= kf[k, F_PAY]
            or (t == MONSTER and not cast_monsters and not kf[k, F_CP_ELEM])
            or _name_taken(k, kf, g.named)
            or _name_warped(k, kf, g)
        ):
            p += 1
            continue
        nb = _pay_by_sources(
            cost, knobs[K_MINIMALITY] == 1, hand, keep, kf, g.src_kind, g.src_active, field[FIELD_SOURCES],
            g.out_disc, g.out_src, g.work,
        )  # fmt: skip
        if nb < 0:
            p += 1
            continue
        if logging:
            _log(log, nlog, E_WARP, own_turn, P_MAIN2, k, pay)
        nh = _pay_and_leave_hand(
            p, 0, nb, hand, nh, g.out_disc, g.out_src, g.src_kind, g.src_active, g.src_fw, g.fw_active,
            g.remove, g.plan_cast, g.plan_disc, g.broken, own_turn, P_MAIN2, log, nlog, logging,
        )  # fmt: skip
        s = 0
        while g.warp_counters[s] > 0:
            s += 1
        g.warp_kind[s] = k
        g.warp_counters[s] = kf[k, F_WARP]
        p = 0
    return nh


@kernel
def _after_the_attacks(new_cp, old_backups, own_turn, knobs, kf, kfinds, kcost, rng, deck, piles, lb_pool,
                       hand, nh, keep, lb_down, named, field, g, log, nlog, logging):  # fmt: skip
    """Main phase 2 (§11.5), when the attacks drew cards or made CP (`new_cp`: a draw, Backups activated;
    or Forwards that may pay now, _forwards_pay), then the Backups that put themselves into the Break
    Zone for their action ability (_sacrifice_backups; the first player's first turn has none that was on
    the field when it began, so a turn without attacks skips nothing). Returns (cards in hand, the
    outcome when the game ends, else -1)."""
    fw_kind, fw_new, fw_active, src_kind, src_active, src_fw = (
        g.fw_kind,
        g.fw_new,
        g.fw_active,
        g.src_kind,
        g.src_active,
        g.src_fw,
    )
    forwards_pay = _forwards_pay(kf, kfinds, field, fw_kind, fw_new, fw_active, src_active, src_fw)
    if new_cp or forwards_pay:
        nh, outcome = _main_phase(
            P_MAIN2, own_turn, knobs, kf, kfinds, kcost, rng, deck, piles, lb_pool, hand, nh, keep, lb_down,
            named, field, g.broken, g.pending, fw_kind, fw_new, fw_active, g.fw_damage, g.fw_frozen, src_kind,
            src_active, src_fw, g.ranks, g.candidates, g.members, g.plan_cast, g.plan_disc, g.plan_src,
            g.lb_planned, g.scratch, g.work, g.out_disc, g.out_src, g.remove, log, nlog, logging,
        )  # fmt: skip
        if outcome >= 0:
            return nh, outcome
    if knobs[K_SACRIFICE] == 0:
        return nh, -1  # a deck without such Backups: the call passes two dozen arrays
    return _sacrifice_backups(
        old_backups, knobs, kf, kfinds, kcost, rng, deck, piles, hand, nh, keep, g.plan_cast, g.plan_disc,
        g.plan_src, named, field, g.broken, g.pending, fw_kind, fw_new, fw_active, g.fw_damage, g.fw_frozen,
        src_kind, src_active, src_fw, g.work, g.out_disc, g.out_src, g.remove, own_turn, log, nlog, logging,
    )  # fmt: skip


@kernel
def _sacrifice_backups(old_backups, knobs, kf, kfinds, kcost, rng, deck, piles, hand, nh, keep, plan_cast,
                       plan_disc, plan_src, named, field, broken, pending, fw_kind, fw_new, fw_active,
                       fw_damage, fw_frozen, src_kind, src_active, src_fw, work, out_disc, out_src, remove,
                       own_turn, log, nlog, logging):  # fmt: skip
    """After main phase 2 (the `sacrifice_backups` policy): a Backup whose action ability dulls it and
    puts it into the Break Zone (F_SACRIFICE, "《Water》《1》《Dull》, put Eiko into the Break Zone: Choose 1
    Summon in your Break Zone. Add it to your hand.") uses it when it is active and has
    been on the field since the turn began (11.6.2.2: the first `old_backups` Backups in the order they
    entered, those there when the turn began, less those put into the Break Zone here), when the field
    keeps at least K_SACRIFICE Backups after it, when the ability gets a card (_sacrifice_gains) and when
    the other sources still active alone pay its CP (CP that would stand idle; no card is discarded for
    it). Its choices are made as it is used, before its cost is paid (11.6.5: the card itself is never
    among them); then it leaves the field for the Break Zone (a CP source no more) and the ability
    resolves: the cards taken from the Break Zone into the hand (_take_from_break), the card played from
    there, whose own entering text resolves (_resolve_entered), the search (_text_search) or the draws.
    The field is looked at again after each use, the oldest Backup first; the costs a change counts are
    priced again after (_reprice). Called only with the knob on (K_SACRIFICE, 0 for a deck without such a
    Backup). Returns (cards in hand, the outcome when the game ends, else -1)."""
    s = 0
    while s < field[FIELD_SOURCES] and field[FIELD_BACKUPS] - 1 >= knobs[K_SACRIFICE]:
        k = src_kind[s]
        rank = 0  # among the Backups, in the order they entered
        for t in range(s):
            if src_fw[t] < 0 and kf[src_kind[t], F_TYPE] == BACKUP:
                rank += 1
        if (
            src_fw[s] >= 0
            or kf[k, F_TYPE] != BACKUP
            or kf[k, F_SACRIFICE] == 0
            or not src_active[s]
            or rank >= old_backups
        ):
            s += 1
            continue
        pick = _sacrifice_gains(k, knobs, kf, kfinds, deck, piles, named, field, broken)
        if pick < 0:
            s += 1
            continue
        cost = kf[k, F_SAC_COST]
        src_active[s] = False  # 《Dull》: it pays no CP for itself
        nb = _pay_by_sources(
            cost, knobs[K_MINIMALITY] == 1, hand, keep, kf, src_kind, src_active, field[FIELD_SOURCES],
            out_disc, out_src, work,
        )  # fmt: skip
        if nb < 0:
            src_active[s] = True
            s += 1
            continue
        if logging:
            _log(log, nlog, E_SACRIFICE, own_turn, P_MAIN2, k, cost & ((1 << CYCLE_REQ) - 1))
        nh = _pay_and_leave_hand(
            -1, 0, nb, hand, nh, out_disc, out_src, src_kind, src_active, src_fw, fw_active, remove,
            plan_cast, plan_disc, broken, own_turn, P_MAIN2, log, nlog, logging,
        )  # fmt: skip
        does = kf[k, F_SACRIFICE]
        if does == SAC_BREAK_ADD:  # chosen with the card itself still on the field (11.6.5)
            nh = _take_from_break(
                k, kf[k, F_SAC_N], FIND_SACRIFICE, kfinds, kf, own_turn <= knobs[K_BACKUP_TURNS],
                knobs[K_CAST_MONSTERS] == 1, hand, nh, plan_cast, plan_disc, named, field, broken, own_turn,
                P_MAIN2, log, nlog, logging,
            )  # fmt: skip
        _backup_leaves(s, kf, named, field, broken, src_kind, src_active, src_fw)
        old_backups -= 1
        if kcost.shape[0] > 0:
            # a Backup fewer, a card played: a cost that counts them changes
            _reprice(kf, kcost, field, broken)
        if does == SAC_BREAK_PLAY:
            broken[pick] -= 1
            field[FIELD_BROKEN] -= 1
            if logging:
                _log(log, nlog, E_EFFECT_BREAK_PLAY, own_turn, P_MAIN2, k, pick)
            _enter(pick, kf, knobs, named, field, fw_kind, fw_new, fw_active, src_kind, src_active, src_fw)
            nh, outcome, _ = _resolve_entered(
                pick, P_MAIN2, own_turn, knobs, kf, kfinds, rng, deck, piles, hand, nh, keep, plan_cast,
                plan_disc, plan_src, NO_PLAN, named, field, broken, pending, fw_kind, fw_new, fw_active,
                fw_damage, fw_frozen, src_kind, src_active, src_fw, work, out_disc, out_src, remove, log,
                nlog, logging,
            )  # fmt: skip
            if outcome >= 0:
                return nh, outcome
            if kcost.shape[0] > 0:
                _reprice(kf, kcost, field, broken)
        elif does == SAC_SEARCH:
            nh = _text_search(
                k, kf[k, F_SAC_N], kf[k, F_SAC_TOP], (kf[k, F_LOOK_REST] >> REST_SAC_SHIFT) & REST_MASK,
                FIND_SACRIFICE, kfinds, rng, deck, piles, hand, nh, plan_cast, plan_disc, field, broken,
                own_turn, P_MAIN2, log, nlog, logging,
            )  # fmt: skip
        elif does == SAC_DRAW:
            nh, _ = _text_draws(
                k,
                kf[k, F_SAC_N],
                False,
                0,
                deck,
                piles,
                hand,
                nh,
                plan_cast,
                plan_disc,
                own_turn,
                P_MAIN2,
                log,
                nlog,
                logging,
            )  # the deck holds them: _sacrifice_gains looked
        s = 0
    return nh, -1


@kernel
def _sacrifice_gains(k, knobs, kf, kfinds, deck, piles, named, field, broken):
    """Whether Backup kind k's F_SACRIFICE ability gets a card now: the Break Zone holds one its filter names
    (kfinds[k, kind] & FIND_SACRIFICE; for a play, one that may enter now, _break_play_pick), the deck holds
    one for its search (a look at the top cards too: the autopilot knows what its deck holds, not in what
    order; and when the cards it reveals leave the deck, REST_BREAK, the deck keeps the next draw phase's
    cards after them), or the deck keeps the next draw phase's cards after its draws (as a "you may" draw,
    _text_draws). Returns the card it plays from the Break Zone, else 0 when it gains one, -1 when not."""
    does = kf[k, F_SACRIFICE]
    if does == SAC_BREAK_PLAY:
        return _break_play_pick(k, FIND_SACRIFICE, kfinds, kf, named, field, broken)
    if does == SAC_DRAW:
        return 0 if deck.shape[0] - piles[PILE_TOP] >= kf[k, F_SAC_N] + knobs[K_DRAWS] else -1
    if does == SAC_BREAK_ADD:
        for c in range(broken.shape[0]):
            if broken[c] > 0 and kfinds[k, c] & FIND_SACRIFICE:
                return 0
        return -1
    left = deck.shape[0] - piles[PILE_TOP]
    sac_rest = (kf[k, F_LOOK_REST] >> REST_SAC_SHIFT) & REST_MASK
    if sac_rest == REST_BREAK and left < kf[k, F_SAC_TOP] + knobs[K_DRAWS]:
        return -1
    for i in range(piles[PILE_TOP], deck.shape[0]):
        if kfinds[k, deck[i]] & FIND_SACRIFICE:
            return 0
    return -1


@kernel
def _may_attack_now(f, k, kf, kfinds, field, fw_new, fw_active):
    """Whether Forward f of kind k may be declared an attacker now (10.1.2.1): active, controlled since the
    turn began or with Haste (10.1.2.1.1), and not "X cannot attack." (10.1.2.1.2)."""
    return fw_active[f] and (not fw_new[f] or _has_haste(k, kf, kfinds, field)) and not kf[k, F_NO_ATTACK]


@kernel
def _become_forwards(knobs, kf, kfinds, named, field, broken, fw_kind, fw_new, fw_active, fw_now, hand, nh,
                     keep, plan_cast, plan_disc, src_kind, src_active, src_fw, work, out_disc, out_src,
                     remove, own_turn, log, nlog, logging):  # fmt: skip
    """The attack phase's preparation step (10.1.1.2: action abilities may be used): each Monster that may
    become a Forward (F_FW_IF, F_ACTION ACT_FORWARD) and could attack as one (_may_attack_now: a Monster
    controlled since the turn began may, 10.1.2.1.1) is one this turn (`fw_now`) when its condition holds
    (the characters its FIND_FW_IF marks on the field now), else when its action ability is paid
    (_pay_action), in the order they entered. Returns the cards left in hand."""
    for f in range(field[FIELD_FORWARDS]):
        k = fw_kind[f]
        fw_now[f] = False
        if kf[k, F_ACTION] != ACT_FORWARD and kf[k, F_FW_IF] == 0:
            continue
        if not _may_attack_now(f, k, kf, kfinds, field, fw_new, fw_active):
            continue
        if kf[k, F_FW_IF] > 0:
            count = _found_on_field(k, FIND_FW_IF, kfinds, field)
            if count >= kf[k, F_FW_IF]:
                fw_now[f] = True
                if logging:
                    _log(log, nlog, E_FORWARD_IF, own_turn, P_ATTACK, k, count)
                continue
        if kf[k, F_ACTION] == ACT_FORWARD:
            nh, fw_now[f] = _pay_action(
                k, knobs, kf, named, field, broken, hand, nh, keep, plan_cast, plan_disc, src_kind,
                src_active, src_fw, fw_active, work, out_disc, out_src, remove, own_turn, P_ATTACK, log, nlog,
                logging,
            )  # fmt: skip
    return nh


@kernel
def _haste_actions(knobs, kf, kfinds, named, field, broken, fw_kind, fw_new, fw_active, hand, nh, keep,
                   plan_cast, plan_disc, src_kind, src_active, src_fw, work, out_disc, out_src, remove,
                   own_turn, log, nlog, logging):  # fmt: skip
    """After main phase 1's casts: each Forward that entered this turn, is active, has no Haste and whose
    action ability gives it Haste until the end of the turn (F_ACTION ACT_HASTE) uses it when it can be
    paid (_pay_action), in the order they entered: it gains an attack. Returns the cards left in hand."""
    for f in range(field[FIELD_FORWARDS]):
        k = fw_kind[f]
        if kf[k, F_ACTION] != ACT_HASTE or not (fw_new[f] and fw_active[f]) or kf[k, F_NO_ATTACK]:
            continue
        if _has_haste(k, kf, kfinds, field):
            continue  # it may attack without it
        nh, paid = _pay_action(
            k, knobs, kf, named, field, broken, hand, nh, keep, plan_cast, plan_disc, src_kind, src_active,
            src_fw, fw_active, work, out_disc, out_src, remove, own_turn, P_MAIN1, log, nlog, logging,
        )  # fmt: skip
        if paid:
            fw_new[f] = False  # as one controlled since the turn began, for the rest of it (9.5.1.3.2)
    return nh


@kernel
def _end_breaks(kf, kcost, named, field, broken, fw_kind, fw_new, fw_active, fw_now, fw_damage,
                fw_frozen, src_kind, src_active, src_fw, own_turn, log, nlog, logging):  # fmt: skip
    """The end of the turn (9.5.1.1, before the discard to the hand limit), called when _become_forwards
    made this turn's Forwards (`fw_now`) in a deck with a kind of F_ACT_BREAK: each Monster that its action
    ability made a Forward this turn and that breaks then (F_ACT_BREAK) is put from the field into the Break
    Zone (_leave_field), the last first so the others keep their places; the prices (kcost) are made again,
    as a cost may count it."""
    f = field[FIELD_FORWARDS]
    while f > 0:
        f -= 1
        k = fw_kind[f]
        if not (fw_now[f] and kf[k, F_ACT_BREAK]):
            continue
        if logging:
            _log(log, nlog, E_END_BREAK, own_turn, P_END, k, 0)
        for g in range(f, field[FIELD_FORWARDS] - 1):
            fw_now[g] = fw_now[g + 1]
        _leave_field(
            f, False, kf, named, field, broken, fw_kind, fw_new, fw_active, fw_damage, fw_frozen, src_kind,
            src_active, src_fw,
        )  # fmt: skip
    if kcost.shape[0] > 0:
        _reprice(kf, kcost, field, broken)


@kernel
def _break_play_pick(k, find, kfinds, kf, named, field, broken):
    """The card that a card's "choose 1 [...] in your Break Zone. Play it onto the field." plays: as a play
    from the hand picks (_play_pick), the most expensive one its filter names (kfinds[k, kind] & find:
    FIND_BREAK_PLAY, or FIND_SACRIFICE for its action ability) that may enter now (7.7.3-7.7.5; a Monster
    too: the text must play what it chose); ties: the lowest card number. Returns its kind or -1."""
    best = -1
    best_cost = -1
    for c in range(broken.shape[0]):
        if broken[c] == 0 or not kfinds[k, c] & find:
            continue
        if not _may_enter(c, kf, named, field[FIELD_LD_STATE], field[FIELD_BACKUPS], True):
            continue
        if kf[c, F_COST] > best_cost:
            best = c
            best_cost = kf[c, F_COST]
    return best


@kernel
def _play_from_deck(k, top, rest, kfinds, kf, rng, deck, piles, named, field, broken, own_turn, phase, log,
                    nlog, logging):  # fmt: skip
    """The card that a card's "search for 1 [...] and play it onto the field" finds: as a play from the
    Break Zone picks (_break_play_pick), the most expensive one its filter names (kfinds[k, kind] &
    FIND_DECK_PLAY) that may enter now (7.7.3-7.7.5; a Monster too: the text must play what it chose),
    ties the lowest card number; it leaves the deck, which is shuffled (15.1.1.8.1), before it enters.
    With `top`, "reveal the top N cards of your deck. Play 1 [...] among them onto the field": that pick
    among the top N, the others where `rest` says (_rest_revealed). Always taken: the card is free and
    the deck stays a deck. Returns its kind or -1."""
    best = -1
    at = -1
    end = deck.shape[0] if top == 0 else min(piles[PILE_TOP] + top, deck.shape[0])
    for i in range(piles[PILE_TOP], end):
        c = deck[i]
        if not kfinds[k, c] & FIND_DECK_PLAY or (best >= 0 and kf[c, F_COST] < kf[best, F_COST]):
            continue
        if best >= 0 and kf[c, F_COST] == kf[best, F_COST] and c >= best:
            continue
        if _may_enter(c, kf, named, field[FIELD_LD_STATE], field[FIELD_BACKUPS], True):
            best = c
            at = i
    if best >= 0:
        deck[at] = deck[piles[PILE_TOP]]
        deck[piles[PILE_TOP]] = best
        piles[PILE_TOP] += 1
    if top > 0:
        _rest_revealed(rest, end, rng, deck, piles, field, broken)
        if logging:
            done = (best + 1) << REVEAL_FOUND | REVEAL_PLAYED | rest
            _log(log, nlog, E_EFFECT_REVEAL, own_turn, phase, k, done)
        return best
    shuffle(rng, deck, piles[PILE_TOP], deck.shape[0])
    if logging:
        _log(log, nlog, E_EFFECT_DECK_PLAY, own_turn, phase, k, best)
    return best


@kernel
def _play_pick(k, kfinds, kf, cast_monsters, hand, nh, plan_cast, plan_disc, named, field):
    """The hand card that a card's "you may play 1 ... from your hand onto the field" plays at no cost:
    the most expensive one its filter names (kfinds[k, kind] & FIND_PLAY) that may enter now
    (7.7.3-7.7.5), one outside this turn's plan when there is a choice. Returns its hand position or -1."""
    best = -1
    best_key = -1
    for p in range(nh):
        c = hand[p]
        if not kfinds[k, c] & FIND_PLAY:
            continue
        if not _may_enter(c, kf, named, field[FIELD_LD_STATE], field[FIELD_BACKUPS], cast_monsters):
            continue
        key = 2 * min(kf[c, F_COST], 99) + (1 if plan_cast[p] < 0 and plan_disc[p] < 0 else 0)
        if key > best_key:
            best = p
            best_key = key
    return best


@kernel
def _enter(k, kf, knobs, named, field, fw_kind, fw_new, fw_active, src_kind, src_active, src_fw):
    """A cast character enters the field (11.4.8): a Forward active and not controlled since the start
    of the turn (10.1.2.1.1), a Backup dull (5.2.3.1.1.3), a card whose text says it enters dull dull. A
    card that may be dulled for CP joins the sources: a Backup from the next turn, a Monster at once (OQ-15,
    K_MONSTER_DULL_NOW) unless it entered dull, or from the next turn, a Forward in main phase 2
    (_forwards_pay)."""
    t = kf[k, F_TYPE]
    f = -1
    if t == FORWARD:
        f = field[FIELD_FORWARDS]
        fw_kind[f] = k
        fw_active[f] = kf[k, F_ENTERS_DULL] == 0
        fw_new[f] = True
        field[FIELD_FORWARDS] = f + 1
    elif t == BACKUP:
        field[FIELD_BACKUPS] += 1
    else:
        field[FIELD_MONSTERS] += 1
    if kf[k, F_CP_ELEM]:
        s = field[FIELD_SOURCES]
        src_kind[s] = k
        src_active[s] = t == MONSTER and knobs[K_MONSTER_DULL_NOW] == 1 and kf[k, F_ENTERS_DULL] == 0
        src_fw[s] = f
        field[FIELD_SOURCES] = s + 1
    if not kf[k, F_GENERIC]:
        named[kf[k, F_NAME]] += 1
        if kf[k, F_ALIAS] >= 0:
            named[kf[k, F_ALIAS]] += 1
            if kf[k, F_ALIAS2] >= 0:
                named[kf[k, F_ALIAS2]] += 1
    if kf[k, F_LD]:
        field[FIELD_LIGHT_DARK] += 1
    field[FIELD_LD_STATE] |= kf[k, F_LD] | (kf[k, F_LD_LIFT] << LD_LIFTED)
    if kf[k, F_HASTE_ALL]:
        field[FIELD_HASTE_GIVERS] += 1
    field[N_FIELD + k] += 1


@kernel
def _has_haste(c, kf, kfinds, field):
    """Whether a Forward of kind c has Haste now (10.1.2.1.1): its own, one for every Forward (a card on the
    field gives it), its own while its condition holds (F_IF_HASTE: the characters its FIND_HASTE_IF
    marks on the field now), or one a card on the field gives it by name, job or category (F_HASTED_BY:
    a kind on the field whose row marks it FIND_HASTE_GIVEN). The last two are columns of c's own row, 0
    in a deck without such text, so that only the kinds named pay for the look."""
    if kf[c, F_HASTE] or field[FIELD_HASTE_GIVERS] > 0:
        return True
    if kf[c, F_IF_HASTE] > 0 and _found_on_field(c, FIND_HASTE_IF, kfinds, field) >= kf[c, F_IF_HASTE]:
        return True
    if kf[c, F_HASTED_BY]:
        for g in range(kfinds.shape[0]):
            if field[N_FIELD + g] > 0 and kfinds[g, c] & FIND_HASTE_GIVEN:
                return True
    return False


@kernel
def _found_on_field(k, bit, kfinds, field):
    """The characters on the field of the kinds marked with `bit` in row k of kfinds (the card itself too,
    once it has entered)."""
    n = 0
    for t in range(kfinds.shape[1]):
        if kfinds[k, t] & bit:
            n += field[N_FIELD + t]
    return n


@kernel
def _controlled(kcost, r, at, field, n_kinds):
    """The characters on the field of the kinds marked in row r of kcost from column `at`."""
    n = 0
    for j in range(n_kinds):
        if kcost[r, at + j]:
            n += field[N_FIELD + j]
    return n


@kernel
def _in_break(kcost, r, at, broken, n_kinds):
    """The cards in your Break Zone of the kinds marked in row r of kcost from column `at`."""
    n = 0
    for j in range(n_kinds):
        if kcost[r, at + j]:
            n += broken[j]
    return n


@kernel
def _reprice(kf, kcost, field, broken):
    """The CP each kind a cost change names costs with the field as it is (F_PAY of kf, a game's own copy):
    the printed cost plus every change whose source is on the field (once a copy) and whose condition
    holds (times the characters its "for each" counts), never below 0 nor, when it was more, below the
    largest floor of the changes that apply [INF: a floor bounds the sum, whatever the changes' order];
    a multi-element card pays at least 1 CP of each element (11.4.6.2). The same for the element requirement
    (F_REQ) of a kind a `pay-any` names (none while one applies, which lifts 11.4.6.2 too) and the CP a
    Backup a `make-any` names makes (F_CP_ELEM: any element's while one applies, else F_CP_OWN). Returns
    whether a price, a requirement or a Backup's CP changed."""
    n_kinds = kf.shape[0]
    changed = False
    r = 0
    while r < kcost.shape[0]:
        t = kcost[r, C_TARGET]
        change = 0
        floor = 0
        pay_rows, pay_any, make_rows, make_any = False, False, False, False
        while r < kcost.shape[0] and kcost[r, C_TARGET] == t:
            does = kcost[r, C_DO]
            pay_rows = pay_rows or does == DO_PAY_ANY
            make_rows = make_rows or does == DO_MAKE_ANY
            times = 1 if kcost[r, C_SOURCE] < 0 else field[N_FIELD + kcost[r, C_SOURCE]]
            if times > 0 and kcost[r, C_IF] != IF_NONE:
                if kcost[r, C_IF] == IF_IN_BREAK:
                    c = _in_break(kcost, r, C_IF_AT, broken, n_kinds)
                else:
                    c = _controlled(kcost, r, C_IF_AT, field, n_kinds)
                if c < kcost[r, C_IF_N] if kcost[r, C_IF] != IF_AT_MOST else c > kcost[r, C_IF_N]:
                    times = 0
            if times > 0 and kcost[r, C_PER]:
                times *= _controlled(kcost, r, C_IF_AT + n_kinds, field, n_kinds)
            if times > 0 and does == DO_COST:
                change += kcost[r, C_N] * times
                floor = max(floor, kcost[r, C_FLOOR])
            pay_any = pay_any or (times > 0 and does == DO_PAY_ANY)
            make_any = make_any or (times > 0 and does == DO_MAKE_ANY)
            r += 1
        printed = kf[t, F_COST]
        cost = max(printed + change, min(printed, floor), 0)
        n_elem = _n_bits(kf[t, F_ELEM])
        pay = 0 if cost == 0 else (max(cost, n_elem) if n_elem > 1 and not pay_any else cost)
        if pay != kf[t, F_PAY]:
            kf[t, F_PAY] = pay
            changed = True
        if pay_rows:
            req = 0 if pay_any else kf[t, F_ELEM] & ~LIGHT_DARK
            if req != kf[t, F_REQ]:
                kf[t, F_REQ] = req
                changed = True
        if make_rows:
            makes = ANY_ELEMENT if make_any else kf[t, F_CP_OWN]
            if makes != kf[t, F_CP_ELEM]:
                kf[t, F_CP_ELEM] = makes
                changed = True
    return changed


@kernel
def _activate_forwards(kf, field, fw_kind, fw_new, fw_active, fw_damage, fw_frozen, hits):
    """Active phase (9.1): the Forwards stand up (9.1.1.1), but not one whose text says it does not activate
    during your Active Phase nor a frozen one (15.2.4.2); each is now controlled since the start of the
    turn; with `hits` (a deck whose text hits its own Forwards), Freeze is spent and the damage of your last
    turn is gone (9.5.1.3: this opponent deals none)."""
    n = field[FIELD_FORWARDS]
    for f in range(n):
        fw_active[f] = fw_active[f] or (kf[fw_kind[f], F_NO_ACTIVATE] == 0 and not fw_frozen[f])
    fw_new[:n] = False
    if hits:
        fw_frozen[:n] = False
        fw_damage[:n] = 0


@kernel
def _untap_sources(kf, field, src_active, src_kind, src_fw):
    """Active phase (9.1.1.1): every source stands up, but one whose text says it does not activate
    during your Active Phase stays as it was; a Forward's waits for main phase 2, since the autopilot
    attacks with a Forward rather than dull it for CP (§11.5)."""
    for s in range(field[FIELD_SOURCES]):
        src_active[s] = src_fw[s] < 0 and (src_active[s] or kf[src_kind[s], F_NO_ACTIVATE] == 0)


@kernel
def _forwards_pay(kf, kfinds, field, fw_kind, fw_new, fw_active, src_active, src_fw):
    """After the attacks: a Forward whose text makes CP may be dulled for it in main phase 2 when it is
    still active (it did not attack, or it is Brave) and has been controlled since the start of the turn
    or has Haste (11.6.2.2). Returns whether one may."""
    any_may = False
    for s in range(field[FIELD_SOURCES]):
        f = src_fw[s]
        if f < 0:
            continue
        k = fw_kind[f]
        may = fw_active[f] and (not fw_new[f] or _has_haste(k, kf, kfinds, field))
        src_active[s] = may
        any_may = any_may or may
    return any_may


@inline_kernel
def _attack_phase(own_turn, knobs, kf, kfinds, rng, deck, piles, hand, nh, plan_cast, plan_disc, named,
                  fw_kind, fw_new, fw_active, fw_now, fw_damage, fw_frozen, field, broken, src_kind,
                  src_active, src_fw, attack_order, log, nlog, logging):  # fmt: skip
    """Attack phase (10): every eligible Forward alone, in card-number order. Its "when ... attacks"
    text resolves first (draws, discards, damage, the opponent's top cards into its Break Zone, its search,
    activations, Haste given, a Forward hit), then the hit: one damage, the top card of the opponent's deck
    to its damage zone (10.1.4.1, 6.5), F_STRIKE times when its text multiplies it; then, the game not over,
    its "when ... deals damage to your opponent" text (10.1.4.3): draws, the opponent's top cards into its
    Break Zone, activations (_hit_opponent). A Forward that may attack twice (F_TWICE) and is still active
    after its first attack (Brave, 15.2.1.2) attacks again at once, its "when ... attacks" text too
    (10.1.2.5). A Forward
    that text gives Haste after its turn in the order attacks after the
    others (each attack is declared one at a time, 10.1.2). A Forward its text takes off the field
    (_hit_own) attacks no more, and deals no damage when it was the attacker. Returns (cards in hand, the
    outcome when the game ends, else -1, the Backups its text activated, whether its text drew: a draw then
    a discard may leave as many cards in hand, new ones). `attack_order` is scratch space for the order, a
    Forward each."""
    nfw = field[FIELD_FORWARDS]
    activated = 0
    drew = False
    for i in range(nfw):  # the Forwards in card-number order, those of one kind in the order they entered
        f = i
        while f > 0 and fw_kind[attack_order[f - 1]] > fw_kind[i]:
            attack_order[f] = attack_order[f - 1]
            f -= 1
        attack_order[f] = i
    i = -1
    again = False  # the Forward at i attacks a second time (F_TWICE)
    while i + 1 < nfw:
        i += 1
        second = again
        again = False
        f = attack_order[i]
        if not fw_active[f]:
            continue
        k = fw_kind[f]
        if fw_new[f] and not _has_haste(k, kf, kfinds, field):
            continue  # 10.1.2.1.1, the Haste it has now
        if kf[k, F_NO_ATTACK]:
            continue  # "X cannot attack.", 10.1.2.1.2
        if knobs[K_ACTIONS] and (kf[k, F_ACTION] == ACT_FORWARD or kf[k, F_FW_IF] > 0) and not fw_now[f]:
            continue  # a Monster that is no Forward this turn (_become_forwards)
        if not kf[k, F_BRAVE]:
            fw_active[f] = False  # 10.1.2.2, 15.2.1.2
        top = piles[PILE_TOP]
        nh, outcome = _attack_text(
            k, own_turn, knobs, kf, kfinds, rng, deck, piles, hand, nh, plan_cast, plan_disc, named, field,
            broken, log, nlog, logging,
        )  # fmt: skip
        drew = drew or piles[PILE_TOP] > top  # cards drawn or found (new ones, a discard after them or not)
        if outcome >= 0:
            return nh, outcome, activated, drew
        if kf[k, F_ATTACK_ACTIVATE] > 0:  # they pay in main phase 2
            activated += _activate_chosen(
                k, kf[k, F_ATTACK_ACTIVATE], FIND_ACTIVATE_ATTACK, kfinds, field, src_kind, src_active,
                src_fw, own_turn, P_ATTACK, log, nlog, logging,
            )  # fmt: skip
        if kf[k, F_ATTACK_HASTE]:
            g = _give_haste(
                k, kf, kfinds, field, fw_kind, fw_new, fw_active, own_turn, P_ATTACK, log, nlog, logging
            )
            j = 0
            while j < i and attack_order[j] != g:
                j += 1
            if j < i:  # its turn has passed: it attacks last
                rotate_left(attack_order, j, nfw, 1)
                i -= 1
        if kf[k, F_HIT] >> HIT_SHIFT:
            g, left, _, nh = _hit_own(
                k, kf[k, F_HIT] >> HIT_SHIFT, FIND_HIT_ATTACK, E_EFFECT_HIT, P_ATTACK, own_turn, kf, kfinds,
                hand, nh, plan_cast, plan_disc, named, field, broken, fw_kind, fw_new, fw_active, fw_damage,
                fw_frozen, src_kind, src_active, src_fw, log, nlog, logging,
            )  # fmt: skip
            if left:
                rotate_left(fw_now, g, nfw, 1)  # the Forwards after it moved up one (_leave_field)
                i = _forget_attacker(attack_order, nfw, g, i)
                nfw -= 1
                if g == f:
                    continue  # the attacker left the field: it deals no damage
        top = piles[PILE_TOP]
        nh, outcome, woke = _hit_opponent(
            k, kf, kfinds, knobs, deck, piles, hand, nh, plan_cast, plan_disc, field, src_kind, src_active,
            src_fw, own_turn, log, nlog, logging,
        )  # fmt: skip
        drew = drew or piles[PILE_TOP] > top
        activated += woke
        if outcome >= 0:
            return nh, outcome, activated, drew
        # "X can attack twice in the same turn.": still active (Brave), it attacks again at once
        again = fw_active[f] and not second and kf[k, F_TWICE] != 0
        i -= int(again)
    return nh, -1, activated, drew


@kernel
def _attack_text(k, own_turn, knobs, kf, kfinds, rng, deck, piles, hand, nh, plan_cast, plan_disc, named,
                 field, broken, log, nlog, logging):  # fmt: skip
    """Card k's "When X attacks, ..." text before its damage (10.1.2.5): its draws, the discards after them,
    its damage (_trigger), the opponent's top cards into its Break Zone, then its search (a look at the
    top cards among them); the cards it adds are cast in main phase 2. Returns (cards in hand, the outcome
    when the game ends, else -1)."""
    acts = kf[k, F_ATTACK_DRAW] > 0 or kf[k, F_ATTACK_DAMAGE] > 0 or kf[k, F_ATTACK_DISCARD] > 0
    if acts or kf[k, F_ATTACK_MILL] > 0:
        nh, outcome, _ = _trigger(
            k, F_ATTACK_DRAW, F_ATTACK_DISCARD, F_ATTACK_DAMAGE, F_ATTACK_MILL, MAY_ATTACK, kf, knobs, deck,
            piles, hand, nh, plan_cast, plan_disc, named, field, broken, own_turn, P_ATTACK, log, nlog,
            logging,
        )  # fmt: skip
        if outcome >= 0:
            return nh, outcome
    if kf[k, F_ATTACK_SEARCH] > 0:
        nh = _text_search(
            k, kf[k, F_ATTACK_SEARCH], kf[k, F_ATTACK_SEARCH_TOP],
            (kf[k, F_LOOK_REST] >> REST_ATTACK_SHIFT) & REST_MASK, FIND_SEARCH_ATTACK, kfinds, rng, deck,
            piles, hand, nh, plan_cast, plan_disc, field, broken, own_turn, P_ATTACK, log, nlog, logging,
        )  # fmt: skip
    return nh, -1


@kernel
def _hit_opponent(k, kf, kfinds, knobs, deck, piles, hand, nh, plan_cast, plan_disc, field, src_kind,
                  src_active, src_fw, own_turn, log, nlog, logging):  # fmt: skip
    """Card k's attack unblocked: 1 point of damage (10.1.4.1), or F_STRIKE points ("double the damage
    instead"), none after the one that ends the game (12.4.1 at 10.1.4.4); then, the game not over, its
    "When X deals damage to your opponent, ..." (10.1.4.3): its draws (a "you may" one as _text_draws says),
    the opponent's top cards into its Break Zone, then the characters it activates, which pay in main phase
    2. Returns (cards in hand, the outcome when the game ends, else -1, how many it activated)."""
    outcome = _damage_opponent(piles, knobs[K_THRESHOLD])
    for _ in range(1, kf[k, F_STRIKE]):
        if outcome < 0:
            outcome = _damage_opponent(piles, knobs[K_THRESHOLD])
    if logging:
        _log(log, nlog, E_ATTACK, own_turn, P_ATTACK, k, piles[OPP_DAMAGE])
    if outcome >= 0:
        return nh, outcome, 0
    if kf[k, F_DAMAGE_DRAW] > 0:
        nh, lost = _text_draws(
            k, kf[k, F_DAMAGE_DRAW], kf[k, F_MAY] & MAY_DAMAGE, knobs[K_DRAWS], deck, piles, hand, nh,
            plan_cast, plan_disc, own_turn, P_ATTACK, log, nlog, logging,
        )  # fmt: skip
        if lost:
            return nh, O_LOSS_DECKOUT, 0
    if kf[k, F_DAMAGE_MILL] > 0:
        _mill_opponent(k, kf[k, F_DAMAGE_MILL], piles, own_turn, P_ATTACK, log, nlog, logging)
    woke = 0
    if kf[k, F_DAMAGE_ACTIVATE] > 0:
        woke = _activate_chosen(
            k, kf[k, F_DAMAGE_ACTIVATE], FIND_ACTIVATE_DAMAGE, kfinds, field, src_kind, src_active, src_fw,
            own_turn, P_ATTACK, log, nlog, logging,
        )  # fmt: skip
    return nh, -1, woke


@kernel
def _forget_attacker(attack_order, nfw, g, i):
    """Forward g left the field (_leave_field): it leaves the attack order, whose later Forwards moved up
    one place on the field. Returns the place of the attack being made (i), one less when g's came before."""
    w = 0
    for j in range(nfw):
        if attack_order[j] == g:
            if j <= i:
                i -= 1
            continue
        attack_order[w] = attack_order[j] - 1 if attack_order[j] > g else attack_order[j]
        w += 1
    return i


@inline_kernel
def _end_phase(own_turn, knobs, kf, hand, nh, keep, named, field, broken, log, nlog, logging):
    """End phase (9.5.1.2): discard down to the hand limit, lowest keep-value first, into the break
    zone. Returns the cards left in hand."""
    hand_limit = knobs[K_HAND_LIMIT]
    if nh <= hand_limit:
        return nh
    backup_phase = own_turn <= knobs[K_BACKUP_TURNS]
    cast_monsters = knobs[K_CAST_MONSTERS] == 1
    for p in range(nh):
        keep[p] = _keep_value(
            hand[p], kf, named, field[FIELD_LD_STATE], field[FIELD_BACKUPS], backup_phase, cast_monsters
        )
    while nh > hand_limit:
        worst = 0
        for p in range(1, nh):
            if keep[p] < keep[worst] or (keep[p] == keep[worst] and hand[p] < hand[worst]):
                worst = p
        if logging:
            _log(log, nlog, E_END_DISCARD, own_turn, P_END, hand[worst], 0)
        broken[hand[worst]] += 1
        for p in range(worst, nh - 1):
            hand[p] = hand[p + 1]
            keep[p] = keep[p + 1]
        nh -= 1
        field[FIELD_BROKEN] += 1
    return nh


# The arrays of a game, made once per batch (new_game) and set up again by each game: allocating them
# for every game cost 7 % of the time (measured side by side).
Game = namedtuple(
    "Game",
    "deck hand lb_down named field fw_kind fw_new fw_active src_kind src_active src_fw keep out_disc out_src"
    " remove ranks work candidates members plan_cast plan_disc plan_src lb_planned scratch piles nlog rng"
    " attack_order broken pending kf fw_now fw_damage fw_frozen warp_kind warp_counters",
)


@njit(cache=True)
def new_game(n_deck, n_lb, kf):
    n_cards = n_deck + n_lb  # the most characters on the field, and cards in hand and on the field
    n_kinds = kf.shape[0]
    return Game(
        np.empty(n_deck, dtype=np.int64),
        np.empty(n_deck, dtype=np.int64),
        np.ones(n_lb, dtype=np.bool_),  # 8.2.1.1: face down
        np.zeros(n_kinds + 1, dtype=np.int64),  # non-generic characters on the field, by name id
        np.zeros(N_FIELD + n_kinds, dtype=np.int64),
        np.empty(n_cards, dtype=np.int64),
        np.zeros(n_cards, dtype=np.bool_),
        np.zeros(n_cards, dtype=np.bool_),
        np.empty(n_cards, dtype=np.int64),
        np.zeros(n_cards, dtype=np.bool_),
        np.full(n_cards, -1, dtype=np.int64),  # by source: its Forward (fw_* index), or -1
        np.zeros(n_deck, dtype=np.int64),
        np.empty(n_deck, dtype=np.int64),
        np.empty(n_cards, dtype=np.int64),
        np.zeros(n_deck, dtype=np.bool_),
        np.empty(n_cards, dtype=np.int64),
        np.zeros((6, n_cards), dtype=np.int64),  # scratch space of find_payment
        np.empty((n_cards, 3), dtype=np.int64),  # the plan's Forwards (fftcg_plan)
        np.empty(n_cards, dtype=np.int64),
        np.full(n_deck, -1, dtype=np.int64),  # by hand position: the member it is, or -1
        np.full(n_deck, -1, dtype=np.int64),  # by hand position: the member it pays for, or -1
        np.full(n_cards, -1, dtype=np.int64),  # by source: the member it pays for, or -1
        np.zeros(n_lb, dtype=np.bool_),  # planned LB casts, kept from the LB-cost flips
        new_scratch(n_cards),
        np.empty(3, dtype=np.int64),
        np.zeros(1, dtype=np.int64),  # log rows written
        np.empty(1, dtype=np.uint64),  # the game's random state (engine.goldfish.rng)
        np.empty(n_cards, dtype=np.int64),  # the order the Forwards attack in (_attack_phase)
        np.zeros(n_kinds, dtype=np.int64),  # the break zone's cards by kind
        np.empty(n_cards + 1, dtype=np.int64),  # cards entered whose text is still to resolve
        kf.copy(),  # the kind table a game with cost changes plays on (_play_game)
        np.zeros(n_cards, dtype=np.bool_),  # by Forward: a Monster that is one this turn (_become_forwards)
        np.zeros(n_cards, dtype=np.int64),  # by Forward: the damage dealt to it this turn
        np.zeros(
            n_cards, dtype=np.bool_
        ),  # by Forward: frozen, it does not activate in your next Active Phase
        np.full(n_deck, -1, dtype=np.int64),  # by slot: the kind removed from the game by Warp
        np.zeros(n_deck, dtype=np.int64),  # by slot: its Warp counters left (0: a free slot)
    )


@kernel
def _clear_game(g, pool):
    """A new game's arrays as new_game made them, the deck in the pool's order; but not `work`, which
    find_payment writes before it reads."""
    copy_prefix(g.deck, pool, pool.shape[0])
    g.lb_down[:] = True
    for a in (g.named, g.field, g.keep, g.broken, g.fw_damage, g.warp_counters):
        a[:] = 0
    for b in (g.fw_new, g.fw_active, g.src_active, g.remove, g.lb_planned, g.fw_frozen):
        b[:] = False
    g.src_fw[:] = -1
    g.plan_cast[:] = -1
    g.plan_disc[:] = -1
    g.plan_src[:] = -1


@kernel
def _play_game(seed64, knobs, pool, lb_pool, kf, kfinds, kcost, zones, log, logging, g):
    """One game on the arrays of `g` (new_game); returns (outcome code, own turn, mulliganed, log rows).
    `zones` receives the final counts named by ZONES (LB face up counts the cards turned up to pay, not
    the cast ones). A deck with cost changes (kcost) plays on the game's own copy of the kind table,
    whose prices change with the field."""
    nlog = g.nlog
    nlog[0] = 0
    going_first = knobs[K_GOING_FIRST] == 1
    max_turns = knobs[K_MAX_TURNS]
    n_deck = pool.shape[0]
    rng = g.rng
    rng[0] = seed64
    _clear_game(g, pool)
    if kcost.shape[0] > 0:
        kf = g.kf
        _reprice(kf, kcost, g.field, g.broken)  # the prices of an empty field
    deck, hand, lb_down, named, field = g.deck, g.hand, g.lb_down, g.named, g.field
    fw_kind, fw_new, fw_active = g.fw_kind, g.fw_new, g.fw_active
    src_kind, src_active, src_fw = g.src_kind, g.src_active, g.src_fw
    keep, out_disc, out_src, remove, ranks, work = g.keep, g.out_disc, g.out_src, g.remove, g.ranks, g.work
    candidates, members, plan_cast, plan_disc = g.candidates, g.members, g.plan_cast, g.plan_disc
    plan_src, lb_planned, scratch, piles = g.plan_src, g.lb_planned, g.scratch, g.piles
    top, nh, mulliganed = _deal(rng, knobs, kf, deck, hand, log, nlog, logging)
    piles[PILE_TOP] = top
    piles[OPP_DECK] = knobs[K_OPP_DECK] - knobs[K_HAND]  # 8.2.1.3
    piles[OPP_DAMAGE] = 0

    outcome = O_STALLED
    own_turn = 0
    game_turn = 0
    specials = False  # a kind whose special ability gives it Haste: only then is one looked for each turn
    hits = False  # a kind whose text must choose a Forward (F_HIT): only then are damage and Freeze cleared
    end_breaks = False  # a kind its action ability breaks at the end of the turn (F_ACT_BREAK)
    for k in range(kf.shape[0]):
        specials = specials or kf[k, F_SPECIAL_HASTE] != 0
        hits = hits or kf[k, F_HIT] != 0 or kf[k, F_HIT_ELSE] != 0
        end_breaks = end_breaks or kf[k, F_ACT_BREAK] != 0
    while True:
        game_turn += 1
        field[FIELD_CASTS] = 0
        if own_turn >= max_turns:
            break
        if (game_turn % 2 == 1) != going_first:
            nh, ended = _opponent_turn(
                game_turn, own_turn, knobs, kf, kfinds, kcost, deck, piles, lb_pool, hand, nh, lb_down, g,
                hits, log, nlog, logging,
            )  # fmt: skip
            if ended >= 0:
                outcome = ended
                break
            continue
        own_turn += 1
        became = False  # whether _become_forwards made this turn's Forwards (fw_now), some to break
        _activate_forwards(kf, field, fw_kind, fw_new, fw_active, g.fw_damage, g.fw_frozen, hits)
        _untap_sources(kf, field, src_active, src_kind, src_fw)
        old_backups = field[FIELD_BACKUPS]  # on the field since the turn began (11.6.2.2)
        if logging:
            _log(log, nlog, E_UNTAP, own_turn, P_ACTIVE, field[FIELD_FORWARDS], field[FIELD_BACKUPS])
        # draw phase (9.2): 2, the first player's first turn 1
        draws = knobs[K_T1_DRAWS] if (going_first and own_turn == 1) else knobs[K_DRAWS]
        nh, lost = _draw(deck, piles, hand, nh, draws, own_turn, log, nlog, logging)
        if lost:
            outcome = O_LOSS_DECKOUT
            break
        if knobs[K_WARP]:  # as in _turn_end: called only for a deck with Warp
            nh, outcome = _warp_arrivals(
                own_turn, knobs, kf, kfinds, kcost, rng, deck, piles, hand, nh, g, log, nlog, logging
            )
            if outcome >= 0:
                break
        nh, outcome = _main_phase(
            P_MAIN1, own_turn, knobs, kf, kfinds, kcost, rng, deck, piles, lb_pool, hand, nh, keep, lb_down,
            named, field, g.broken, g.pending, fw_kind, fw_new, fw_active, g.fw_damage, g.fw_frozen, src_kind,
            src_active, src_fw, ranks, candidates, members, plan_cast, plan_disc, plan_src, lb_planned,
            scratch, work, out_disc, out_src, remove, log, nlog, logging,
        )  # fmt: skip
        if outcome >= 0:
            break
        if not (going_first and own_turn == 1 and knobs[K_T1_ATTACK] == 0):
            if specials:
                nh = _special_hastes(
                    kf, kfinds, field, g.broken, fw_kind, fw_new, fw_active, hand, nh, plan_cast, plan_disc,
                    own_turn, log, nlog, logging,
                )  # fmt: skip
            if knobs[K_ACTIONS]:
                nh = _haste_actions(
                    knobs, kf, kfinds, named, field, g.broken, fw_kind, fw_new, fw_active, hand, nh, keep,
                    plan_cast, plan_disc, src_kind, src_active, src_fw, work, out_disc, out_src, remove,
                    own_turn, log, nlog, logging,
                )  # fmt: skip
                nh = _become_forwards(
                    knobs, kf, kfinds, named, field, g.broken, fw_kind, fw_new, fw_active, g.fw_now, hand, nh,
                    keep, plan_cast, plan_disc, src_kind, src_active, src_fw, work, out_disc, out_src, remove,
                    own_turn, log, nlog, logging,
                )  # fmt: skip
                became = end_breaks
            nh, outcome, activated, drew = _attack_phase(
                own_turn, knobs, kf, kfinds, rng, deck, piles, hand, nh, plan_cast, plan_disc, named, fw_kind,
                fw_new, fw_active, g.fw_now, g.fw_damage, g.fw_frozen, field, g.broken, src_kind, src_active,
                src_fw, g.attack_order, log, nlog, logging,
            )  # fmt: skip
            if hits and kcost.shape[0] > 0:
                # a Forward its text took off the field may have changed a cost
                _reprice(kf, kcost, field, g.broken)
            if outcome >= 0:
                break
            nh, outcome = _after_the_attacks(
                drew or activated > 0, old_backups, own_turn, knobs, kf, kfinds, kcost, rng, deck, piles,
                lb_pool, hand, nh, keep, lb_down, named, field, g, log, nlog, logging,
            )  # fmt: skip
            if outcome >= 0:
                break
        outcome = O_STALLED
        nh = _turn_end(became, own_turn, knobs, kf, kcost, deck, piles, hand, nh, keep, g, log, nlog, logging)

    _count_zones(zones, n_deck, nh, piles, field, lb_down)
    if logging:
        _log(log, nlog, E_RESULT, own_turn, P_RESULT, outcome, game_turn)
    return outcome, own_turn, mulliganed, nlog[0]


@inline_kernel
def _count_zones(zones, n_deck, nh, piles, field, lb_down):
    """The final counts ZONES names, into `zones`."""
    n_lb = lb_down.shape[0]
    lb_up = 0
    for q in range(n_lb):
        if not lb_down[q]:
            lb_up += 1
    zones[0] = n_deck - piles[PILE_TOP]
    zones[1] = nh
    zones[2] = field[FIELD_FORWARDS]
    zones[3] = field[FIELD_BACKUPS]
    zones[4] = field[FIELD_MONSTERS]
    zones[5] = field[FIELD_BROKEN]
    zones[6] = n_lb - lb_up
    zones[7] = lb_up - field[FIELD_LB]
    zones[8] = piles[OPP_DAMAGE]
    zones[9] = piles[OPP_DECK]
    zones[10] = field[FIELD_LB]
    zones[11] = field[FIELD_LIGHT_DARK]


@inline_kernel
def _turn_end(became, own_turn, knobs, kf, kcost, deck, piles, hand, nh, keep, g, log, nlog, logging):
    """What ends your turn after the attacks: Warp at the end of main phase 2 (_warp_cards), the cards
    cycled (_cycle_cards), the Monsters that became Forwards broken (_end_breaks, when `became`), then the
    end phase (_end_phase). A step only some decks' cards take is called only for such a deck (its knob,
    _deck_flags): each call passes a score of arrays, which cost more than the check (measured). Returns
    the cards left in hand."""
    if knobs[K_WARP]:
        nh = _warp_cards(own_turn, knobs, kf, hand, nh, keep, g, log, nlog, logging)
    if knobs[K_CYCLE]:
        nh = _cycle_cards(
            knobs, kf, g.named, g.field, g.broken, deck, piles, hand, nh, keep, g.plan_cast, g.plan_disc,
            g.src_kind, g.src_active, g.src_fw, g.fw_active, g.work, g.out_disc, g.out_src, g.remove,
            own_turn, log, nlog, logging,
        )  # fmt: skip
    if became:
        _end_breaks(
            kf, kcost, g.named, g.field, g.broken, g.fw_kind, g.fw_new, g.fw_active, g.fw_now, g.fw_damage,
            g.fw_frozen, g.src_kind, g.src_active, g.src_fw, own_turn, log, nlog, logging,
        )  # fmt: skip
    return _end_phase(own_turn, knobs, kf, hand, nh, keep, g.named, g.field, g.broken, log, nlog, logging)


@njit(cache=True)
def _run_batch(seed, first_game, n_games, knobs, pool, lb_pool, kf, kfinds, kcost):
    """Counts over games first_game .. first_game + n_games - 1: kill turns, outcomes, mulligans."""
    kills = np.zeros(knobs[K_MAX_TURNS] + 1, dtype=np.int64)
    outcomes = np.zeros(N_OUTCOMES, dtype=np.int64)
    zones = np.zeros(len(ZONES), dtype=np.int64)
    log = np.zeros((0, 5), dtype=np.int64)
    g = new_game(pool.shape[0], lb_pool.shape[0], kf)
    mulligans = _games(
        seed, first_game, n_games, knobs, pool, lb_pool, kf, kfinds, kcost, zones, log, g, kills, outcomes
    )
    return kills, outcomes, mulligans


@kernel
def _games(
    seed, first_game, n_games, knobs, pool, lb_pool, kf, kfinds, kcost, zones, log, g, kills, outcomes
):
    """_run_batch's games, counted into kills and outcomes; returns the mulligans. A kernel, as
    _play_game: no reference counting of the game's arrays for each game."""
    base = mix(np.uint64(seed))
    mulligans = 0
    for i in range(first_game, first_game + n_games):
        seed64 = mix(base ^ np.uint64(i))  # base.game_seed(seed, i)
        outcome, turn, mull, _ = _play_game(
            seed64, knobs, pool, lb_pool, kf, kfinds, kcost, zones, log, False, g
        )
        outcomes[outcome] += 1
        if outcome == O_WIN:
            kills[turn] += 1
        if mull:
            mulligans += 1
    return mulligans


# ---- the Python side: the deck as arrays, parameters as integers, the log as text ----


@dataclass(frozen=True)
class _Compiled:
    names: tuple[str, ...]  # display name per kind
    numbers: tuple[str, ...]
    # pool, lb_pool, the kind table (fftcg_kinds), the kinds each kind's search finds: _run_batch's order
    arrays: tuple[np.ndarray, ...]


# The effects this simulator plays (engine/effects.py); the others are named in every result as not played.
_FORWARDS = CardFilter(type="forward")


def _gives_forwards_haste(effect: Effect) -> bool:
    return (
        effect.when == "static"
        and effect.do == "haste"
        and effect.filter == _FORWARDS
        and effect.condition is None
    )


def _gives_named_haste(effect: Effect) -> bool:
    """ "The Card Name Hildibrand you control gains Haste.": Haste, while the card is on the field, for your
    characters its filter names (a name, job or category, type, element, cost, `other_than`, or any of such),
    other than every Forward (_gives_forwards_haste); a chosen character's `state` it does not play."""
    f = effect.filter
    return (
        effect.when == "static"
        and effect.do == "haste"
        and effect.condition is None
        and f is not None
        and f != _FORWARDS
        and f.state is None
        and all(a.state is None for a in f.any_of)
    )


def _haste_if(effect: Effect) -> bool:
    """ "If you control 5 or more Backups, Estinien gains Haste.": the card's own Haste while you control at
    least n of the characters its condition's filter names (the card itself among them), checked whenever
    its Haste matters (_has_haste)."""
    c = effect.condition
    return (
        effect.on_itself("static", "haste")
        and c is not None
        and c.kind == "control-at-least"
        and c.n > 0
        and c.filter is not None
    )


def _discards(effect: Effect) -> bool:
    """A discard from the hand after the draws of its trigger ("draw 1 card, then discard 1 card"), not
    one paid for them (`paid`, DBS FW's "Discard 1 card : Draw 2 cards.")."""
    return effect.when in ("enters", "attacks") and effect.do == "discard" and not effect.paid


_CONTROL_CONDITIONS = {
    "control-at-least": IF_AT_LEAST,
    "control-at-most": IF_AT_MOST,
    "in-break-zone-at-least": IF_IN_BREAK,
}


def _draws_if_control(effect: Effect) -> bool:
    """ "When Mog enters the field, if you control Card Name Eiko, draw 1 card.": a draw on entering, if you
    control at least n of the characters its condition's filter names (the card itself counts once it is
    on the field), checked as it resolves."""
    c = effect.condition
    return (
        effect.on_itself("enters", "draw")
        and not effect.optional
        and c is not None
        and c.kind == "control-at-least"
        and c.filter is not None
    )


def _draws_if_cast(effect: Effect) -> bool:
    """ "When Fran enters the field, if you have cast 3 or more cards this turn, draw 1 card.": a draw on
    entering, if you have cast at least n cards this turn (the card itself among them when it was cast),
    checked as it resolves."""
    c = effect.condition
    return (
        effect.on_itself("enters", "draw")
        and not effect.optional
        and c is not None
        and c.kind == "cast-at-least"
        and c.n >= 1
    )


def _changes_cost(effect: Effect) -> bool:
    """A cost reduction, or a cost that may be paid with CP of any element (`pay-any`): of the card itself
    (from the hand), or, with a filter, of your cards it names while it is on the field; maybe if you
    control some characters (`if` control-at-least or -at-most) or have some cards in your Break Zone
    (`if` in-break-zone-at-least, IF_IN_BREAK), maybe once for each one you control
    (`per`); filters by name, job or category, type, element (or any of such), which a card's kind matches
    or not. Your Backups making CP of any element (_makes_any) are priced with them (_reprice)."""
    if effect.when != "static":
        return False
    if effect.per_opponent_hand:
        return effect.do == "cost" and effect.filter is effect.per is effect.condition is None
    if not (effect.do == "cost" and effect.n < 0 or effect.do == "pay-any" or _makes_any(effect)):
        return False
    c = effect.condition
    return c is None or c.kind in _CONTROL_CONDITIONS


def _makes_any(effect: Effect) -> bool:
    """ "The Earth Backups you control can produce CP of any Element.": a `make-any` whose filter names
    Backups (an element, a job or category), no other type: the Backups are the sources that pay."""
    f = effect.filter
    return effect.do == "make-any" and f is not None and f.type == "backup" and not f.any_of


def _gives_chosen_haste(effect: Effect) -> bool:
    """ "choose 1 Forward you control. It gains Haste until the end of the turn." when it enters the field
    or attacks: a `haste` with a filter on those triggers (a name, job or category, element, type and
    `other_than`; a cost or `any_of` it does not play)."""
    f = effect.filter
    return (
        effect.when in ("enters", "attacks")
        and effect.do == "haste"
        and f is not None
        and f.cost_max is None
        and not f.any_of
    )


def _hasted_by(effect: Effect, card: Card, names: tuple[str, ...]) -> bool:
    """Whether a chosen-Haste effect may choose this Forward (or Monster that is one during your turn),
    whose `names` are its own and the one its text gives it: its filter names it ("Forward" or
    "Character": any type) and excludes none of its names."""
    f = effect.filter
    assert f is not None
    return f.type in (None, "forward") and _matches(replace(f, type=None), card, names, (card.type,))


_HIT_CODES = {
    "break": HIT_BREAK, "dull": HIT_DULL, "freeze": HIT_FREEZE, "forward-damage": HIT_DAMAGE,
    "return": HIT_RETURN, "power-loss": HIT_WEAKEN,
}  # fmt: skip


def _hits_chosen(effect: Effect) -> bool:
    """ "choose 1 [dull|active] Forward [of cost N or less|or more] [other than X]. Break it." (or dull it,
    freeze it, deal it N damage, return it to its owner's hand, it loses N power until the end of the turn)
    when it enters the field or attacks: with no
    opposing Forward, one of yours (_hit_own); a filter of a type Forward, a cost, a state and an excluded
    name only; on entering maybe if you control at least (or at most) n of some characters
    (_hit_columns)."""
    f = effect.filter
    c = effect.condition
    return (
        effect.when in ("enters", "attacks")
        and effect.do in CHOSEN_ACTIONS
        and f is not None
        and f
        == CardFilter(
            type="forward", cost_max=f.cost_max, cost_min=f.cost_min, other_than=f.other_than, state=f.state
        )
        and (
            c is None
            or (
                effect.when == "enters"
                and c.filter is not None
                and (c.kind == "control-at-most" or (c.kind == "control-at-least" and c.n > 0))
            )
        )
    )


def _hit_code(effect: Effect | None) -> int:
    """The F_HIT code of such an effect (0: none): its action, state and damage."""
    if effect is None:
        return 0
    f = effect.filter
    assert f is not None
    state = {"dull": HIT_DULL_ONLY, "active": HIT_ACTIVE_ONLY}.get(f.state or "", 0)
    amount = effect.n << HIT_AMOUNT if effect.do in ("forward-damage", "power-loss") else 0
    return _HIT_CODES[effect.do] | state | amount


def _hit_columns(hits: list[Effect], card: str) -> tuple[int, int, int, Condition | None]:
    """The F_HIT, F_HIT_IF and F_HIT_ELSE of a kind's such effects, and the condition FIND_HIT_IF counts. On
    each trigger the first without a condition plays; on entering, one "control-at-least" n (F_HIT_IF n)
    and one "control-at-most" n - 1 of the same characters: the reader's "Deal it 7000 damage. If you
    control 5 or more Job Standard Unit, deal it 9000 damage instead." (either alone: the other does
    nothing). Two conditions that are not one's two sides are not played (ValueError)."""
    attacks = next((e for e in hits if e.when == "attacks"), None)
    enters = [e for e in hits if e.when == "enters"]
    plain = next((e for e in enters if e.condition is None), None)
    if plain is not None:
        return _hit_code(plain) | _hit_code(attacks) << HIT_SHIFT, 0, 0, None
    at_least = next((e for e in enters if e.condition and e.condition.kind == "control-at-least"), None)
    at_most = next((e for e in enters if e.condition and e.condition.kind == "control-at-most"), None)
    holds = at_least.condition if at_least else None
    fails = at_most.condition if at_most else None
    if holds and fails and (fails.n != holds.n - 1 or fails.filter != holds.filter):
        raise ValueError(f"Card {card}: what it does to a chosen Forward under two conditions is not played.")
    condition = holds or fails
    at = holds.n if holds else fails.n + 1 if fails else 0
    return _hit_code(at_least) | _hit_code(attacks) << HIT_SHIFT, at, _hit_code(at_most), condition


def _hit_finds(effects: list[Effect], when: str, card: Card, names: tuple[str, ...]) -> bool:
    """Whether the first such effect on this trigger may choose this card: a Forward (a Monster that is one
    in your turn is not chosen: its power is in its text) its filter names (the two sides of a condition
    choose alike: the reader gives them one filter)."""
    chosen = [e for e in effects if e.when == when][:1]
    return card.type == "forward" and any(
        _matches(replace(e.filter, state=None), card, names, (card.type,))
        for e in chosen
        if e.filter is not None
    )


def _searches(effect: Effect, when: str = "enters") -> bool:
    """A search of the whole deck for 1 or 2 cards ("up to 2"), or of its top cards (`top`) for 1 or up to
    as many as it looks at (the others where `rest` says; left on the `top` only when it looks at 1, "reveal
    the top card of your deck. If it is a Fire card, add it to your hand."), by
    name, by job or category, or by type ("character": not a Summon) or element, with a cost (largest,
    smallest or both) and a name it must not have or not, by any of such filters (`any_of`), or any card
    (no filter), when it enters (or on `when`: "attacks", F_ATTACK_SEARCH) (_matches); not one of the Break
    Zone (`zone`, _takes_from_break)."""
    return (
        effect.when == when
        and effect.do == "search"
        and (effect.rest != "top" or effect.top == 1)
        and not effect.zone
        and (
            effect.n == 1
            or (effect.n == 2 and not effect.top and not effect.until)
            or 0 < effect.n <= effect.top
        )
    )


def _plays_from_hand(effect: Effect) -> bool:
    """A play of 1 Forward, Backup or Monster, or character of a name, job or category or of any type, of
    cost N or less or of any cost (of given elements or not), or of any of such filters (`any_of`), from the
    hand when it enters; never a Summon (_may_enter)."""
    f = effect.filter
    if f is None or not (effect.when == "enters" and effect.do == "play") or effect.zone:
        return False
    return all(a.type in (None, "forward", "backup", "monster") for a in f.any_of or (f,))


def _takes_from_break(effect: Effect) -> bool:
    """ "choose 1 [...] in your Break Zone. Add it to your hand." (or "up to n") when it enters: a `search`
    from the Break Zone, by a filter a search plays or one with `other_than` ("1 Forward other than Card
    Name Mog"), or none (any card)."""
    return (
        effect.when == "enters" and effect.do == "search" and effect.zone == "break-zone" and not effect.top
    )


def _plays_from_break(effect: Effect) -> bool:
    """ "choose 1 [...] in your Break Zone. Play it onto the field." when it enters: a `play` from the Break
    Zone, of a card its filter names (a card type, job, category, name or element, a largest cost, a name
    it must not have, or any of such filters)."""
    f = effect.filter
    return effect.when == "enters" and effect.do == "play" and effect.zone == "break-zone" and f is not None


def _plays_from_deck(effect: Effect) -> bool:
    """ "search for 1 [...] and play it onto the field." when it enters: a `play` from the deck, of a card
    its filter names (as a search's, or any of such filters); or from its top cards (`top`: "reveal the top
    5 cards of your deck. Play 1 [...] among them onto the field", the others where `rest` says)."""
    f = effect.filter
    return effect.when == "enters" and effect.do == "play" and effect.zone == "deck" and f is not None


_ACTIVATED_TYPES = ("backup", "monster", "character")
_ACTIVATING = ("enters", "attacks", "damages")


def _activates(effect: Effect) -> bool:
    """ "choose N Backups you control. Activate them." when it enters the field, attacks or deals damage to
    the opponent ("When Edge deals damage to your opponent, activate all the Backups you control."): Backups,
    Monsters or Characters, maybe of an element, a name, a job or a category, maybe other than a name
    ("choose up to 3 Backups you control other than Aerith. Activate them.", "activate all the Wind
    Characters you control."), and maybe, when it enters, if you control some characters
    (`control-at-least`, checked as it resolves)."""
    f, c = effect.filter, effect.condition
    return (
        effect.when in _ACTIVATING
        and effect.do == "activate"
        and f is not None
        and f.type in _ACTIVATED_TYPES
        and not f.any_of
        and f.state is None
        and f.cost_max is None
        and f.cost_min is None
        and (c is None or (effect.when == "enters" and c.kind == "control-at-least" and c.filter is not None))
    )


def _wakes(effect: Effect) -> bool:
    """ "When a Fire Job Primal enters your field, activate Amalj'aa.": the card itself activated each time
    a character its condition names enters your field (`ally-enters`; _wake_sources)."""
    c = effect.condition
    return (
        effect.when == "ally-enters"
        and effect.do == "activate"
        and effect.filter is None
        and not effect.optional
        and c is not None
        and c.kind == "entering"
        and c.filter is not None
    )


def _activations(card_number: str, played: tuple[Effect, ...]) -> dict[str, list[Effect]]:
    """A card's activations (_activates) on entering, on attacking and on dealing damage; of one kind of
    characters and one condition on each (as every printed card), else a ValueError."""
    activations = {when: [e for e in played if _activates(e) and e.when == when] for when in _ACTIVATING}
    if any(len({(e.filter, e.condition) for e in those}) > 1 for those in activations.values()):
        raise ValueError(
            f"Card {card_number}: characters of different kinds activated at once are not played."
        )
    return activations


def _activation_bits(
    activations: dict[str, list[Effect]], card: Card, names: tuple[str, ...], types: tuple[str, ...]
) -> int:
    """The FIND_ACTIVATE_* bits of a card that a kind's activations on entering, on attacking and on dealing
    damage may choose (its filter names it: not the kind itself when it says "other than" its name)."""
    bits = 0
    finds = (FIND_ACTIVATE_ENTER, FIND_ACTIVATE_ATTACK, FIND_ACTIVATE_DAMAGE)
    for when, bit in zip(_ACTIVATING, finds, strict=True):
        if any(e.filter is not None and _matches(e.filter, card, names, types) for e in activations[when]):
            bits |= bit
    return bits


def _makes_cp(effect: Effect) -> bool:
    """ "《Dull》: Produce 《E》": one CP of an element for dulling the card (a Backup's own rule, 5.2.1.3,
    makes it for any Backup already)."""
    return effect.on_itself("dull", "resource") and effect.n == 1 and set(effect.elements) <= set(ELEMENTS)


def _found_by(effect: Effect, card: Card, names: tuple[str, ...], types: tuple[str, ...]) -> bool:
    """Whether a search or a play from the hand of this effect may take the card, whose `names` are its own
    and the one its text gives it, and `types` its own and the one its text gives it: every field its
    filter gives must match, or those of one of its `any_of` filters; a search without a filter takes any
    card."""
    f = effect.filter
    return f is None or any(_matches(a, card, names, types) for a in f.any_of or (f,))


def _matches(f: CardFilter, card: Card, names: tuple[str, ...], types: tuple[str, ...]) -> bool:
    """Whether every field this filter gives matches the card, whose `names` are its own and the one its
    text gives it, and `types` its own type and the one its text gives it ("Fritt is also a Monster in all
    situations."); the type "character" is any but a Summon (a Forward, Backup or Monster)."""
    return (
        (f.name is None or f.name in names)
        and (f.other_than is None or f.other_than not in names)
        and (f.name_includes is None or any(f.name_includes in name for name in names))
        and (not f.traits or any(t in card.traits for t in f.traits))
        and (f.type is None or f.type in types or (f.type == "character" and card.type != "summon"))
        and (not f.colors or any(c in card.colors for c in f.colors))
        and (f.cost_max is None or (card.cost or 0) <= f.cost_max)
        and (f.cost_min is None or (card.cost or 0) >= f.cost_min)
    )


def plays(effect: Effect) -> bool:
    """Whether the FFTCG goldfish plays this effect: draws and damage when the card enters the field or
    attacks, Haste for itself or for every Forward you control, cost reductions (_changes_cost), and, when it
    enters, a search for 1 card by name, job, category or type (or any of such: `any_of`) or a play of 1 card
    of cost N or less, cards taken from the Break Zone into the hand or 1 played from there onto the field, 1
    CP made by dulling the card, characters activated when it enters or attacks (_activates, maybe if you
    control some), a Monster that is also a Forward during your turn, the field's limit of 1 Light or Dark
    character lifted, another name the card has, cost reductions (`_changes_cost`), and a card's own text that
    it cannot attack, enters the field dull or does not activate during your Active Phase (`_attack_flag`),
    and a chosen Forward given Haste for the turn when it enters or attacks, or a Forward's special ability
    giving it Haste, an action ability paid in CP that makes the card a Forward or gives it Haste for the
    turn, a Monster that is a Forward while you control some characters (_forward_if), a Forward that is also
    a Monster, and a Forward it must choose broken, dulled, frozen, dealt damage or returned to its owner's
    hand when it enters or attacks, on entering maybe if you control some characters (_hits_chosen: one of
    yours); and a draw when it enters if you control some characters (_draws_if_control), Haste for itself
    while you control some (_haste_if) and for the Forwards it names (_gives_named_haste); Warp (_warps); and
    an optional trade when it enters, CP (`cp`) or a `paid` discard for a draw, a search, a card taken from
    the Break Zone or one played from there or from the deck (_paid_code, _pays_discard); and the top cards
    looked at and put back on the top and/or at the bottom when it enters (`order`, _order_top); a draw when
    it enters if you have cast some cards this turn (_draws_if_cast); and the card itself activated when a
    character of a kind enters your field (`ally-enters`, _wakes); draws when it deals damage to the opponent
    (`damages`), the opponent's top cards put into its Break Zone (_mills_opponent), the damage it deals
    doubled (_strikes), and a search when it attacks as when it enters (_searches)."""
    if effect.when == "enters" and effect.cp and _paid_code(effect) == 0:
        return False  # a trade on entering whose CP or effect is not played
    if _changes_cost(effect) or _forward_if(effect) or _draws_if_control(effect) or _haste_if(effect):
        return True
    if _draws_if_cast(effect):
        return True
    if _activates(effect) or _hits_chosen(effect) or _wakes(effect):
        return True
    if effect.condition is not None:  # the others are DBS FW's (engine/goldfish/dbsfw.py)
        return False
    return (
        any(effect.on_itself(when, do) for when in ("enters", "attacks") for do in ("draw", "damage"))
        or effect.on_itself("damages", "draw")
        or _mills_opponent(effect)
        or _strikes(effect)
        or _searches(effect, "attacks")
        or _discards(effect)
        or _cycles(effect)
        or _sacrifices(effect)
        or effect.on_itself("static", "haste")
        or effect.on_itself("static", "forward")
        or _gives_forwards_haste(effect)
        or _gives_named_haste(effect)
        or _searches(effect)
        or _plays_from_hand(effect)
        or _takes_from_break(effect)
        or _plays_from_break(effect)
        or _plays_from_deck(effect)
        or _makes_cp(effect)
        or _lifts_light_dark(effect)
        or _also_named(effect)
        or _limits_name(effect)
        or effect.on_itself("static", "attack-twice")
        or _attack_flag(effect)
        or _gives_chosen_haste(effect)
        or effect.on_itself("special", "haste")
        or _action_ability(effect)
        or effect.on_itself("static", "monster")
        or _warps(effect)
        or _pays_discard(effect)
        or effect.on_itself("enters", "order")
    )


def _mills_opponent(effect: Effect) -> bool:
    """ "your opponent puts the top card of his/her deck into the Break Zone." when the card enters, attacks
    or deals damage to the opponent (F_ENTER_MILL, F_ATTACK_MILL, F_DAMAGE_MILL)."""
    return effect.do == "opponent-mill" and effect.when in _ACTIVATING and effect.filter is None


def _strikes(effect: Effect) -> bool:
    """ "If Ark Angel HM deals damage to your opponent, double the damage instead.": the damage the card
    deals to the opponent counted n times (F_STRIKE), with no condition."""
    return effect.on_itself("static", "strike") and effect.n >= 2


def _paid_code(effect: Effect) -> int:
    """The PAID_* code of an effect on entering a trade may buy (F_ENTER_PAID): a draw, a search of the
    whole deck into the hand or onto the field, cards taken from the Break Zone or 1 played from there; 0
    for another. A CP trade's cost must be one F_ENTER_PAY says: its element symbols all of different
    elements (as _action_ability's)."""
    if effect.cp and not (
        effect.optional
        and effect.cp < 1 << CYCLE_REQ
        and len(set(effect.cp_elements)) == len(effect.cp_elements)
        and set(effect.cp_elements) <= set(ELEMENTS)
    ):
        return 0
    unpaid = replace(effect, cp=0, cp_elements=(), optional=False)
    if unpaid.on_itself("enters", "draw"):
        return PAID_DRAW
    if _searches(unpaid) and not unpaid.top and not unpaid.until:
        return PAID_SEARCH
    if _takes_from_break(unpaid):
        return PAID_BREAK_ADD
    if _plays_from_break(unpaid):
        return PAID_BREAK_PLAY
    return PAID_DECK_PLAY if _plays_from_deck(unpaid) else 0


def _pays_discard(effect: Effect) -> bool:
    """ "When Dajh enters the field, you may discard 1 card. If you do so, draw 1 card.": the optional
    discard of 1 card paid for the effect after it (F_ENTER_PAY_DISCARD; compile_deck pairs them)."""
    return (
        effect.when == "enters"
        and effect.do == "discard"
        and effect.paid
        and effect.optional
        and effect.n == 1
    )


def _trades(card_number: str, played: tuple[Effect, ...]) -> tuple[int, int, int, int]:
    """A kind's trade on entering as its F_ENTER_PAY, F_ENTER_PAY_DISCARD and F_ENTER_PAID, and the index
    in `played` of the effect it buys (-1 for none): a CP trade is the bought effect itself (`cp`), a
    discard trade the `paid` discard and the played effect after it; (0, 0, 0, -1) without one. A discard
    paid for no effect a trade buys (its effect would happen unpaid), a second trade, or another effect on
    entering of the same PAID_* kind but a draw (the trade's gate would skip it too), is not played."""
    trades = []
    for i, e in enumerate(played):
        if e.when == "enters" and e.cp and _paid_code(e):
            trades.append((i, i, e.cp | _element_bits(e.cp_elements) << CYCLE_REQ, 0))
        elif _pays_discard(e):
            if i + 1 == len(played) or played[i + 1].cp or not _paid_code(played[i + 1]):
                raise ValueError(f"Card {card_number}: a discard paid for an effect no trade buys.")
            trades.append((i, i + 1, 0, e.n))
    if not trades:
        return 0, 0, 0, -1
    if len(trades) > 1:
        raise ValueError(f"Card {card_number}: two trades on entering are not played.")
    cost_at, bought_at, pay, discard = trades[0]
    code = _paid_code(played[bought_at])
    for i, e in enumerate(played):
        if i not in (cost_at, bought_at) and code != PAID_DRAW and _paid_code(e) == code:
            raise ValueError(f"Card {card_number}: a trade on entering beside an effect of its kind.")
    if code == PAID_DRAW:
        code |= played[bought_at].n << PAID_N
    return pay, discard, code, bought_at


def _element_bits(elements: Iterable[str]) -> int:
    """The element bits (F_REQ's sense) of these elements; Light and Dark need none (11.4.6.3)."""
    return sum(1 << ELEMENTS.index(e) for e in set(elements)) & ~LIGHT_DARK


def _element_need(elements: tuple[str, ...]) -> int:
    """An ability cost's element requirement: the element bits of its symbols and, from bit REQ_MORE, the
    CP of each element it names beyond the first ("《Earth》《Earth》": 2 Earth CP, 11.6.2.1)."""
    more = sum((elements.count(e) - 1) << (REQ_MORE + 2 * ELEMENTS.index(e)) for e in set(elements))
    return _element_bits(elements) | more


def _payable_elements(elements: tuple[str, ...]) -> bool:
    """Whether _element_need holds an ability cost's element symbols and the payment checks them: elements
    all, each named at most 4 times (2 bits of REQ_MORE), Light and Dark once (their CP is no requirement,
    11.4.6.3), and, when one is named twice or more, at most 64 ways of CP still missing (the product of
    each named element's count plus 1: units_met's states; "《Earth》《Earth》《Fire》" has 6)."""
    if not set(elements) <= set(ELEMENTS) or any(elements.count(e) > 1 for e in ("light", "dark")):
        return False
    counts = [elements.count(e) for e in set(elements) if e not in ("light", "dark")]
    return all(n <= 4 for n in counts) and (
        max(counts, default=1) == 1 or math.prod(n + 1 for n in counts) <= 64
    )


def _forward_if(effect: Effect) -> bool:
    """ "If you control 3 or more Fire Backups, Mom Bomb also becomes a Forward with 8000 power.": `forward`
    while you control at least n of the characters its condition's filter names (F_FW_IF)."""
    c = effect.condition
    return (
        effect.on_itself("static", "forward") and c is not None and c.kind == "control-at-least" and c.n > 0
    )


def _action_ability(effect: Effect) -> bool:
    """An action ability paid in CP that makes the card itself a Forward ("《1》: Until the end of the turn,
    Green Dragon also becomes a Forward with 7000 power.") or gives it Haste until the end of the turn
    ("《Lightning》: Gilgamesh gains Haste until the end of the turn."); an element named twice needs 2 CP
    of it (F_ACT_REQ, _element_need: "《Lightning》《Lightning》")."""
    return (
        effect.when == "action"
        and effect.do in ("forward", "haste")
        and effect.filter is None
        and _payable_elements(effect.cp_elements)
    )


def _cycles(effect: Effect) -> bool:
    """An action ability used from the hand, paid in CP and by discarding the card itself, that draws
    (F_CYCLE): its element symbols as _action_ability's."""
    return (
        effect.when == "action"
        and effect.do == "draw"
        and effect.self_cost == "discard"
        and effect.filter is None
        and effect.cp < 1 << CYCLE_REQ
        and _payable_elements(effect.cp_elements)
    )


def _warps(effect: Effect) -> bool:
    """Warp (15.2.7, "Warp 2 - 《Fire》《1》": `action` `warp`, n the Warp counters; F_WARP): its element
    symbols as _action_ability's ("Warp 2 - 《Ice》《Ice》": 2 Ice CP)."""
    return (
        effect.when == "action"
        and effect.do == "warp"
        and effect.filter is None
        and effect.cp < 1 << CYCLE_REQ
        and _payable_elements(effect.cp_elements)
    )


def _sacrifices(effect: Effect) -> bool:
    """An action ability whose cost dulls the card and puts it from the field into the Break Zone
    (`self_cost` "break", F_SACRIFICE; its element symbols as _action_ability's: "《Earth》《Earth》《Dull》")
    that draws, or does what a card entering the field does and the goldfish plays: a search of the whole
    deck or of its top cards (`top`, the others where `rest` says: "Reveal the top 2 cards of your deck. Add
    1 Wind card among them to your hand and put the rest of the cards into the Break Zone."), cards taken
    from the Break Zone into the hand, or 1 played from there."""
    if not (
        effect.when == "action"
        and effect.self_cost == "break"
        and effect.cp < 1 << CYCLE_REQ
        and _payable_elements(effect.cp_elements)
        and not effect.until
    ):
        return False
    resolved = replace(effect, when="enters", cp=0, cp_elements=(), self_cost="", once_per_turn=False)
    return (
        (effect.do == "draw" and effect.filter is None)
        or _searches(resolved)
        or _takes_from_break(resolved)
        or _plays_from_break(resolved)
    )


# F_LOOK_REST's REST_* code of an effect's `rest`.
_REST_CODES = {"": REST_BOTTOM, "shuffled": REST_SHUFFLED, "break-zone": REST_BREAK, "top": REST_TOP}


def _entering_look(card_number: str, searches: list[Effect], from_deck: list[Effect]) -> tuple[int, int]:
    """F_SEARCH_TOP and the entering REST_* code of a card's searches and plays from the deck on entering:
    a search of the whole deck when one of them is, else a turning over until one is found, else the most
    top cards one looks at; a play from the deck looks at the same cards as its searches, and the looks
    at the top cards put the others in one place (as every printed card), else a ValueError."""
    looks = [e for e in (*searches, *from_deck) if e.top]
    if (from_deck and len({(e.top, e.rest) for e in (*searches, *from_deck)}) > 1) or len(
        {e.rest for e in looks}
    ) > 1:
        raise ValueError(
            f"Card {card_number}: looks at different cards of the deck on entering are not played."
        )
    whole = [e for e in searches if not e.top]
    if whole:
        top = SEARCH_UNTIL if all(e.until for e in whole) else 0
    else:
        top = max((e.top for e in (*searches, *from_deck)), default=0)
    return top, _REST_CODES[looks[0].rest] if looks else REST_BOTTOM


def _sacrifice_code(effect: Effect) -> int:
    """F_SACRIFICE's SAC_* code of a _sacrifices ability."""
    if effect.do == "draw":
        return SAC_DRAW
    if effect.do == "play":
        return SAC_BREAK_PLAY
    return SAC_BREAK_ADD if effect.zone == "break-zone" else SAC_SEARCH


def _attack_flag(effect: Effect) -> bool:
    """ "X cannot attack.", "X enters the field dull.", "X does not activate during your Active Phase.":
    static, of the card itself (F_NO_ATTACK, F_ENTERS_DULL, F_NO_ACTIVATE)."""
    return any(effect.on_itself("static", do) for do in ("no-attack", "enters-dull", "no-untap"))


def _ld_bits(colors: Iterable[str]) -> int:
    """The LD_* bits of these elements: Light, Dark, both or neither."""
    colors = set(colors)
    return (LD_LIGHT if "light" in colors else 0) | (LD_DARK if "dark" in colors else 0)


def _lifts_light_dark(effect: Effect) -> bool:
    """The field's limit of 1 Light or Dark character lifted (7.7.5): for the card itself, or for the
    Light or Dark characters named while it is on the field (a filter of those colors alone)."""
    if effect.when != "static" or effect.do != "light-dark":
        return False
    f = effect.filter
    return f is None or (
        bool(f.colors)
        and set(f.colors) <= {"light", "dark"}
        and f == CardFilter(colors=f.colors)  # nothing else named
    )


def _alias_ids(
    card: Card, aliases: tuple[str, ...], played: Iterable[Effect], name_ids: dict[str, int]
) -> tuple[int, int]:
    """F_ALIAS and F_ALIAS2: the ids of the names of the deck the field's limit (7.7.3) counts the card as
    besides its own, those it also has and those it shares the limit with (-1: none)."""
    limits = (*aliases, *(e.filter.name for e in played if _limits_name(e) and e.filter))
    ids = list(dict.fromkeys(name_ids[a] for a in limits if a in name_ids and a != card.name))
    if len(ids) > 2:
        raise ValueError(f"Card {card.number}: more than two other names for the field's limit (7.7.3).")
    return (ids[0] if ids else -1), (ids[1] if len(ids) > 1 else -1)


def _limits_name(effect: Effect) -> bool:
    """ "You cannot play Lyse or Card Name Yda while already in control of either Character.": a name alone,
    counted with the card's own by the field's limit (7.7.3) and by nothing else."""
    f = effect.filter
    limit = effect.when == "static" and effect.do == "name-limit"
    return limit and f is not None and f == CardFilter(name=f.name)


def _also_named(effect: Effect) -> bool:
    """ "Mog Avatar is also Card Name Mog in all situations.": a name alone, for the card itself."""
    f = effect.filter
    return effect.when == "static" and effect.do == "name" and f is not None and f == CardFilter(name=f.name)


def plays_for(card_type: str, effect: Effect) -> bool:
    """`plays` for a card of this type: a Monster alone is played as a Forward (a Backup that also becomes
    one would attack and pay, which is not played); a Summon's own cost is never paid (the autopilot casts
    none, §11.5), so its reduction is not played (engine/played_text: moot); Haste from a special or an
    action ability only for a Forward (the autopilot uses it to attack); a character's other type
    only for a Forward or a Backup (a Monster is one already); and an action ability that puts the card
    itself into the Break Zone only for a Backup (_sacrifice_backups uses those alone)."""
    own_summon_cost = card_type == "summon" and effect.do == "cost" and effect.filter is None
    return (
        plays(effect)
        and (effect.do != "forward" or card_type == "monster")
        and not own_summon_cost
        and (effect.when not in ("special", "action") or effect.do != "haste" or card_type == "forward")
        and (effect.do != "monster" or card_type in ("forward", "backup"))
        and (effect.self_cost != "break" or card_type == "backup")
        and (effect.when != "ally-enters" or card_type in ("backup", "monster"))
    )


def _trigger_columns(played: tuple[Effect, ...], unpaid: tuple[Effect, ...]) -> dict[str, int]:
    """A card's columns of what its text does when it enters, attacks and deals damage to the opponent: the
    draws (those a trade buys are not in `unpaid`), the opponent's top cards into its Break Zone, the
    discards and damage of the first two, which of the draws are all "you may" (F_MAY), and how many times
    the damage it deals counts (F_STRIKE: its damage text counted so, its attack's in _hit_opponent)."""
    strike = max((e.n for e in played if _strikes(e)), default=1)
    columns = {"may": 0, "strike": strike if strike > 1 else 0}
    for when, col, bit in (
        ("enters", "enter", MAY_ENTER), ("attacks", "attack", MAY_ATTACK), ("damages", "damage", MAY_DAMAGE),
    ):  # fmt: skip
        draws = [e for e in unpaid if e.on_itself(when, "draw") and e.condition is None]
        columns[f"{col}_draw"] = sum(e.n for e in draws)
        columns[f"{col}_mill"] = sum(e.n for e in played if _mills_opponent(e) and e.when == when)
        columns["may"] |= bit if draws and all(e.optional for e in draws) else 0
    for when, col in (("enters", "enter"), ("attacks", "attack")):
        columns[f"{col}_damage"] = strike * sum(e.n for e in played if e.on_itself(when, "damage"))
        columns[f"{col}_discard"] = sum(e.n for e in played if _discards(e) and e.when == when)
    return columns


def compile_deck(deck: Deck, effects: bool = True) -> _Compiled:
    """Card kinds in card-number order (the tie-break of §11.5) and their facts as a table; with
    `effects`, the text it plays (`plays`) too."""
    numbers = sorted({e.card for s in ("main", "lb") for e in deck.entries(s)})
    index = {n: i for i, n in enumerate(numbers)}
    # the played text of each kind, and the other name a kind's text gives it (7.7.3 counts it, a search
    # by name finds it), given the id of that name when a card of the deck has it
    played_of = {
        n: tuple(e for e in card_effects("fftcg", deck.cards[n]) if plays_for(deck.cards[n].type, e))
        if effects
        else ()
        for n in numbers
    }
    aliases = {
        n: tuple(e.filter.name for e in played_of[n] if _also_named(e) and e.filter and e.filter.name)
        for n in numbers
    }
    # a card's type, and a Monster's too when its text says it is also one in all situations
    types = {
        n: (deck.cards[n].type, *(("monster",) if any(e.do == "monster" for e in played_of[n]) else ()))
        for n in numbers
    }
    changes: list[tuple[int, Effect]] = []  # (kind, a cost change its text makes)
    name_ids: dict[str, int] = {}
    for n in numbers:
        name_ids.setdefault(deck.cards[n].name, len(name_ids))
    cols: dict[str, list[int]] = {k: [] for k in COLUMNS}
    kfinds = np.zeros((len(numbers), len(numbers)), dtype=np.int64)  # FIND_* bits: what a kind's text finds
    for n in numbers:
        card = deck.cards[n]
        if card.type not in TYPE_CODES:
            raise ValueError(f"Card {n}: unknown FFTCG card type {card.type!r}.")
        elem = 0
        for c in card.colors:
            if c not in ELEMENTS:
                raise ValueError(f"Card {n}: unknown FFTCG element {c!r}.")
            elem |= 1 << ELEMENTS.index(c)
        played = played_of[n]
        cost = card.cost or 0
        req = elem & ~LIGHT_DARK  # 11.4.6.3: Light/Dark need no element; OQ-7 for mixed cards
        changes.extend((len(cols["type"]), e) for e in played if _changes_cost(e))
        # a Monster that is also a Forward (during your turn, while its condition holds, or for a turn by its
        # action ability) is cast and kept as one, and attacks as one when it is one (_become_forwards)
        as_forward = any(e.do == "forward" for e in played)
        cols["type"].append(FORWARD if as_forward else TYPE_CODES[card.type])
        cols["elem"].append(elem)
        cols["req"].append(req)
        n_elem = bin(elem).count("1")
        # 11.4.6.2; a kind whose cost a change names is priced by _reprice, first for an empty field
        cols["pay"].append(0 if cost == 0 else (max(cost, n_elem) if n_elem > 1 else cost))
        cols["cost"].append(cost)
        cols["haste"].append(
            card.has("haste") or any(e.on_itself("static", "haste") and e.condition is None for e in played)
        )
        cols["brave"].append(card.has("brave"))
        # a cost counted from the opponent's hand is priced for your own turn (OPPONENT_HAND): such a card is
        # never cast in the opponent's, a choice Back Attack leaves to the player
        cols["back_attack"].append(card.has("back-attack") and not any(e.per_opponent_hand for e in played))
        cols["generic"].append(card.has("multi-playable"))
        cols["name"].append(name_ids[card.name])
        alias, alias2 = _alias_ids(card, aliases[n], played, name_ids)
        cols["alias"].append(alias)
        cols["alias2"].append(alias2)
        cols["twice"].append(any(e.on_itself("static", "attack-twice") for e in played))
        ld = _ld_bits(card.colors)
        cols["ld"].append(ld)
        cols["ld_free"].append(ld if any(e.on_itself("static", "light-dark") for e in played) else 0)
        lifts = [e.filter.colors for e in played if e.do == "light-dark" and e.filter is not None]
        cols["ld_lift"].append(_ld_bits(c for colors in lifts for c in colors))
        cols["disc"].append(not (elem & LIGHT_DARK) and elem != 0)  # 5.2.1.3
        lb_cost = card.lb_cost if card.has("limit-break") or card.lb_cost else None
        cols["lb"].append(-1 if lb_cost is None else lb_cost)
        pay, pay_discard, paid, bought_at = _trades(n, played)
        cols["enter_pay"].append(pay)
        cols["enter_pay_discard"].append(pay_discard)
        cols["enter_paid"].append(paid)
        cols["enter_order"].append(max((e.n for e in played if e.on_itself("enters", "order")), default=0))
        unpaid = tuple(e for i, e in enumerate(played) if i != bought_at or paid & PAID_WHAT != PAID_DRAW)
        for col, value in _trigger_columns(played, unpaid).items():
            cols[col].append(value)
        cols["haste_all"].append(any(_gives_forwards_haste(e) for e in played))
        searches = [e for e in played if _searches(e)]
        attack_searches = [e for e in played if _searches(e, "attacks")]
        cols["attack_search"].append(max((e.n for e in attack_searches), default=0))
        attack_top, attack_rest = _entering_look(n, attack_searches, [])
        cols["attack_search_top"].append(attack_top)
        plays_from_hand = [e for e in played if _plays_from_hand(e)]
        from_deck = [e for e in played if _plays_from_deck(e)]
        cols["search"].append(max((e.n for e in searches), default=0))
        search_top, enter_rest = _entering_look(n, searches, from_deck)
        cols["search_top"].append(search_top)
        cols["play"].append(len(plays_from_hand) > 0)
        from_break = [e for e in played if _takes_from_break(e)]
        onto_field = [e for e in played if _plays_from_break(e)]
        cols["break_add"].append(sum(e.n for e in from_break))
        cols["break_play"].append(len(onto_field) > 0)
        cols["deck_play"].append(len(from_deck) > 0)
        activations = _activations(n, played)
        activating = ("enter_activate", "attack_activate", "damage_activate")
        for when, col in zip(_ACTIVATING, activating, strict=True):
            cols[col].append(min(sum(e.n for e in activations[when]), LARGEST_N))
        activate_condition = next((e.condition for e in activations["enters"]), None)
        cols["enter_activate_if"].append(activate_condition.n if activate_condition else 0)
        for when, col in (("enters", "enter_haste"), ("attacks", "attack_haste")):
            cols[col].append(any(_gives_chosen_haste(e) and e.when == when for e in played))
        cols["special_haste"].append(any(e.on_itself("special", "haste") for e in played))
        hits = [e for e in played if _hits_chosen(e)]
        hit, hit_if, hit_else, hit_condition = _hit_columns(hits, n)
        cols["hit"].append(hit)
        cols["hit_if"].append(hit_if)
        cols["hit_else"].append(hit_else)
        cols["power"].append(card.power or 0)
        # the cheapest of its action abilities (one of each kind is all a card prints)
        action = min((e for e in played if _action_ability(e)), key=lambda e: e.cp, default=None)
        cols["action"].append(0 if action is None else ACT_FORWARD if action.do == "forward" else ACT_HASTE)
        cols["act_pay"].append(0 if action is None else action.cp)
        cols["act_req"].append(0 if action is None else _element_need(action.cp_elements))
        cols["act_break"].append(action is not None and action.do == "forward" and action.end_break)
        forward_if = next((e for e in played if _forward_if(e)), None)
        cols["fw_if"].append(
            0 if forward_if is None or forward_if.condition is None else forward_if.condition.n
        )
        if_draws = [e for e in played if _draws_if_control(e) or _draws_if_cast(e)]
        if len({e.condition for e in if_draws}) > 1:
            raise ValueError(f"Card {n}: draws on entering under different conditions are not played.")
        cols["enter_if_draw"].append(sum(e.n for e in if_draws))
        if_condition = if_draws[0].condition if if_draws else None
        cast_at = if_condition.n if if_condition and if_condition.kind == "cast-at-least" else 0
        cols["enter_if_cast"].append(cast_at)
        if_condition = None if cast_at else if_condition  # it counts no character on the field
        cols["enter_if_at"].append(if_condition.n if if_condition else 0)
        if if_condition and activate_condition and if_condition.filter != activate_condition.filter:
            raise ValueError(f"Card {n}: a draw and an activation on entering under different conditions.")
        if_condition = if_condition or activate_condition
        cycle = min((e for e in played if _cycles(e)), key=lambda e: (e.cp, -e.n), default=None)
        cols["cycle"].append(0 if cycle is None else cycle.n)
        cols["cycle_cost"].append(
            0 if cycle is None else cycle.cp | _element_need(cycle.cp_elements) << CYCLE_REQ
        )
        warp = next((e for e in played if _warps(e)), None)
        cols["warp"].append(0 if warp is None else warp.n)
        cols["warp_cost"].append(
            0 if warp is None else warp.cp | _element_need(warp.cp_elements) << CYCLE_REQ
        )
        sacrifice = min((e for e in played if _sacrifices(e)), key=lambda e: e.cp, default=None)
        cols["sacrifice"].append(0 if sacrifice is None else _sacrifice_code(sacrifice))
        cols["sac_n"].append(0 if sacrifice is None else max(sacrifice.n, 1))  # a play's n is 0: 1 card
        cols["sac_top"].append(0 if sacrifice is None else sacrifice.top)
        sac_rest = REST_BOTTOM if sacrifice is None else _REST_CODES[sacrifice.rest]
        cols["look_rest"].append(enter_rest | sac_rest << REST_SAC_SHIFT | attack_rest << REST_ATTACK_SHIFT)
        cols["sac_cost"].append(
            0 if sacrifice is None else sacrifice.cp | _element_need(sacrifice.cp_elements) << CYCLE_REQ
        )
        haste_ifs = [e for e in played if _haste_if(e)]
        if len({e.condition for e in haste_ifs}) > 1:
            raise ValueError(f"Card {n}: Haste under different conditions is not played.")
        haste_condition = haste_ifs[0].condition if haste_ifs else None
        cols["if_haste"].append(haste_condition.n if haste_condition else 0)
        given = [e for e in played if _gives_named_haste(e)]
        # a text that may only hurt your own Forwards is no reason to cast or keep a card first
        cols["text"].append(any(e.when in _ACTIVATING and not _hits_chosen(e) for e in played))
        cp_elem = elem if card.type == "backup" else 0  # 5.2.3.1.1.3
        for e in played:
            if _makes_cp(e):
                cp_elem |= sum(1 << ELEMENTS.index(x) for x in e.elements) if e.elements else elem
        cols["cp_elem"].append(cp_elem)
        cols["cp_own"].append(cp_elem)
        for col, do in (
            ("no_attack", "no-attack"),
            ("enters_dull", "enters-dull"),
            ("no_activate", "no-untap"),
        ):
            cols[col].append(any(e.on_itself("static", do) for e in played))
        row = len(cols["type"]) - 1
        hastes = [e for e in played if _gives_chosen_haste(e)]
        counted = forward_if.condition.filter if forward_if and forward_if.condition else None
        woken_by = [e.condition.filter for e in played if _wakes(e) and e.condition]
        for t, other in enumerate(numbers):
            found = deck.cards[other]
            names = (found.name, *aliases[other])
            kinds = types[other]
            kfinds[row, t] = (
                (FIND_SEARCH if any(_found_by(e, found, names, kinds) for e in searches) else 0)
                | (
                    FIND_SEARCH_ATTACK
                    if any(_found_by(e, found, names, kinds) for e in attack_searches)
                    else 0
                )
                | (FIND_PLAY if any(_found_by(e, found, names, kinds) for e in plays_from_hand) else 0)
                | (FIND_BREAK_ADD if any(_found_by(e, found, names, kinds) for e in from_break) else 0)
                | (FIND_BREAK_PLAY if any(_found_by(e, found, names, kinds) for e in onto_field) else 0)
                | (FIND_DECK_PLAY if any(_found_by(e, found, names, kinds) for e in from_deck) else 0)
                | (FIND_FW_IF if _counts(counted, found, names, kinds) else 0)
                | (
                    FIND_SACRIFICE
                    if sacrifice is not None and _found_by(sacrifice, found, names, kinds)
                    else 0
                )
            )
            if if_condition is not None and _counts(if_condition.filter, found, names, kinds):
                kfinds[row, t] |= FIND_IF
            kfinds[row, t] |= (
                FIND_HIT_IF
                if hit_condition is not None and _counts(hit_condition.filter, found, names, kinds)
                else 0
            )
            if hastes and _is_forward(found, effects):
                kfinds[row, t] |= FIND_HASTE if any(_hasted_by(e, found, names) for e in hastes) else 0
            if haste_condition is not None and _counts(haste_condition.filter, found, names, kinds):
                kfinds[row, t] |= FIND_HASTE_IF
            if (
                given
                and _is_forward(found, effects)
                and any(_counts(e.filter, found, names, kinds) for e in given)
            ):
                kfinds[row, t] |= FIND_HASTE_GIVEN
            kfinds[row, t] |= (FIND_HIT_ENTER if _hit_finds(hits, "enters", found, names) else 0) | (
                FIND_HIT_ATTACK if _hit_finds(hits, "attacks", found, names) else 0
            )
            kfinds[row, t] |= _activation_bits(activations, found, names, kinds)
            kfinds[row, t] |= FIND_WAKE if any(_counts(f, found, names, kinds) for f in woken_by) else 0
    pool = np.array([index[c.number] for c in _pool(deck, "main")], dtype=np.int64)
    lb_pool = np.array([index[c.number] for c in _pool(deck, "lb")], dtype=np.int64)
    cols["hasted_by"] = [int(np.any(kfinds[:, t] & FIND_HASTE_GIVEN)) for t in range(len(numbers))]
    cols["wakes"] = [int(np.any(kfinds[:, t] & FIND_WAKE)) for t in range(len(numbers))]
    kf = kind_table(len(numbers), **cols)
    kcost = _cost_table(
        [deck.cards[n] for n in numbers],
        [(deck.cards[n].name, *aliases[n]) for n in numbers],
        [types[n] for n in numbers],
        changes,
    )
    _reprice(
        kf, kcost, np.zeros(N_FIELD + len(numbers), dtype=np.int64), np.zeros(len(numbers), dtype=np.int64)
    )  # F_PAY: an empty field's
    arrays = (pool, lb_pool, kf, kfinds, kcost)
    return _Compiled(tuple(deck.cards[n].name for n in numbers), tuple(numbers), arrays)


def _cost_table(
    cards: list[Card],
    names: list[tuple[str, ...]],
    types: list[tuple[str, ...]],
    changes: list[tuple[int, Effect]],
) -> np.ndarray:
    """The kcost table (C_* columns) of the cost changes of a deck's kinds (`cards`, in kind order, with
    their `names` and `types`: their own and those their text gives them): a change of the card itself is a
    row; one
    of your cards a filter names, a row for each kind it names (the source counts once for each copy on the
    field, its own other copies too)."""
    n = len(cards)
    rows: list[list[int]] = []
    for source, e in changes:
        c = e.condition
        targets = (
            [source]
            if e.filter is None
            else [t for t, card in enumerate(cards) if _counts(e.filter, card, names[t], types[t])]
        )
        for t in targets:
            change = e.n * OPPONENT_HAND if e.per_opponent_hand else e.n
            row = [t, -1 if e.filter is None else source, change, IF_NONE, 0, int(e.per is not None), e.floor]
            row.append(_DO_CODES[e.do])
            if c is not None:
                row[C_IF], row[C_IF_N] = _CONTROL_CONDITIONS[c.kind], c.n
            row += [
                int(c is not None and _counts(c.filter, card, names[j], types[j]))
                for j, card in enumerate(cards)
            ]
            row += [
                int(e.per is not None and _counts(e.per, card, names[j], types[j]))
                for j, card in enumerate(cards)
            ]
            rows.append(row)
    rows.sort(key=lambda row: row[C_TARGET])
    return np.array(rows, dtype=np.int64).reshape(len(rows), C_IF_AT + 2 * n)


def _counts(f: CardFilter | None, card: Card, names: tuple[str, ...], types: tuple[str, ...]) -> bool:
    """Whether a count's filter (of a cost change, or of a condition) names the card (or one of its `any_of`
    filters does); a character filter without a type names any character (the field holds no Summon)."""
    return f is not None and any(_matches(a, card, names, types) for a in f.any_of or (f,))


def _is_forward(card: Card, effects: bool) -> bool:
    """Whether the card is a Forward on your turn: a Forward, or a Monster whose played text makes it one."""
    if card.type == "forward":
        return True
    return (
        effects
        and card.type == "monster"
        and any(e.on_itself("static", "forward") and e.condition is None for e in card_effects("fftcg", card))
    )


def _pool(deck: Deck, section: str):
    return [deck.cards[e.card] for e in deck.entries(section) for _ in range(e.count)]


class FFTCGSimulator(Simulator):
    game_id = "fftcg"
    opponent_params = (
        Param(
            "opp_damage_threshold",
            0,
            "The opponent loses on taking this much damage. 0: as the format says (7, or 6 in Limited).",
            minimum=0,
            label="Damage to win",
            words=((0, "as the format says"),),
            rule="3.1.1, 12.4.1",
        ),
        Param(
            "opp_main_deck_size",
            0,
            "Cards in the opponent's main deck. 0: as the format says (50, or 40 in Limited).",
            minimum=0,
            label="Opponent's deck size",
            rule="8.1.1.1",
            words=((0, "as the format says"),),
        ),
        Param(
            "opp_draws",
            True,
            "The opponent draws each turn, so a long game can end by its deck running out.",
            label="Opponent draws and can deck out",
            rule="9.2.1.1, 12.4.2",
        ),
    )
    policy_params = (
        Param(
            "mulligan_rule",
            "no-cheap-forward",
            "When the autopilot takes a mulligan.",
            choices=("no-cheap-forward", "never"),
            label="Mulligan",
            rule="8.2.1.4",
            choice_labels=("when the hand has no Forward at or below the cost below", "never"),
        ),
        Param(
            "mulligan_max_cost",
            4,
            "A hand with a Forward of this cost or less is kept.",
            minimum=0,
            label="Keep a hand with a Forward costing at most",
        ),
        Param(
            "backup_turns",
            2,
            "On your first turns, cast Backups before Forwards to build up CP.",
            minimum=0,
            label="Turns that cast Backups first",
        ),
        Param(
            "cast_monsters",
            False,
            "Spend what CP is left on Monsters (a Monster without text does nothing here).",
            label="Cast Monsters",
        ),
        Param(
            "hand_limit",
            5,
            "Cards you may keep in hand at the end of your turn.",
            minimum=0,
            label="Hand size limit",
            rule="9.5.1.2",
        ),
        Param(
            "first_player_turn1_attack",
            True,
            "The player going first may attack on their first turn (the rules do not forbid it).",
            label="First player attacks on turn 1",
        ),
        Param(
            "payment_minimality",
            True,
            "A payment may not include a card or Backup it does not need.",
            label="Pay no more than needed",
        ),
        Param(
            "lb_self_pay",
            False,
            "A Limit Break card may count itself towards its own LB cost (the rules leave this open).",
            label="Limit Break card pays for itself",
        ),
        Param(
            "monster_dull_first_turn",
            True,
            'A Monster may use a 《Dull》 ability ("《Dull》: Produce 《E》") the turn it enters: 11.6.2.2 '
            "names only Forwards and Backups (open question 15).",
            label="Monsters dull for CP the turn they enter",
            rule="11.6.2.2",
        ),
        Param(
            "hold_own_removal",
            False,
            "Keep in hand a card whose text, when it enters the field, must choose one of your Forwards "
            "(this opponent has none) to break, dull, freeze or damage, while every choice would "
            "lose something; cast it once one would not (or none may be chosen).",
            label="Hold cards that would hit your own Forward",
            rule="11.8.9",
        ),
        Param(
            "action_discards",
            False,
            "An action ability the autopilot uses (a Monster becoming a Forward for the turn, a Forward's"
            " Haste) may be paid by discarding cards too; off, only by the Backups main phase 1 left active.",
            label="Discard for action abilities",
            rule="11.6.2.1",
        ),
        Param(
            "back_attack",
            True,
            "Cast the cards with Back Attack in the opponent's turn too (15.2.5), after it draws: what your"
            " turn left in hand, paid as main phase 1 pays (the Backups left active, which stand up again in"
            " your Active Phase, and discards). A Forward cast then has been yours since your next turn"
            " began, so it attacks on it (10.1.2.1.1); a card whose text dulls one of your Forwards does"
            " no harm then. Off, they are cast only in your main phases.",
            label="Back Attack in the opponent's turn",
            rule="15.2.5",
        ),
        Param(
            "cycle_spare_cards",
            True,
            "At the end of its turn, a card in hand whose action ability discards it to draw"
            ' ("《Ice》, discard Black Mage: Draw 1 card.") is used with CP that would stand idle, when'
            " it is the card the autopilot would discard first; off, such an ability is never used.",
            label="Cycle spare cards with idle CP",
            rule="11.6.2",
        ),
        Param(
            "sacrifice_backups",
            4,
            "After its attacks, a Backup whose action ability puts it into the Break Zone"
            ' ("《Earth》《Dull》, put Scholar into the Break Zone: Choose 1 Earth Summon in your Break'
            ' Zone. Add it to your hand.") uses it, paid with CP that would stand idle, when it gets a'
            " card and the field keeps at least this many Backups after it. 0: never.",
            minimum=0,
            maximum=4,
            label="Backups kept when one puts itself into the Break Zone",
            rule="11.6.2",
            words=((0, "never"),),
        ),
        Param(
            "warp_cards",
            True,
            'At the end of its turn, a card in hand with Warp ("Warp 2 - 《Fire》《1》") that was not cast is'
            " removed from the game with its Warp counters when its Warp cost is lower than its cast cost"
            " and the Backups left active pay it (CP that would stand idle); a counter comes off at the"
            " start of each of your main phases 1 and, the last one off, it enters the field. Off, Warp is"
            " never used.",
            label="Warp cards with idle CP",
            rule="15.2.7",
        ),
        Param(
            "pay_for_enters",
            True,
            "When a card enters, an optional trade in its text"
            ' ("you may pay 《Water》. When you do so, draw 1 card.", "you may discard 1 card. If you do so,'
            " search for ...\") is taken when what it buys gets a card now and the rest of the turn's plan"
            " keeps its cards and CP: CP paid by the Backups the plan leaves active (no card discarded for"
            " CP); a discard of the card the autopilot values least, only when the card it gets is worth"
            " more (a draw: any new card). Off, such a trade is never taken.",
            label="Take optional trades on entering",
            rule="11.6.2.1",
        ),
        Param(
            "card_effects",
            True,
            "Play the card texts the goldfish reads: draws and damage when a card enters the field or "
            "attacks, Haste, a card's own cost reduction, a search for a card, a play from the hand and a "
            "card taken from the Break Zone when it enters, and CP made by dulling a card.",
            label="Play card texts",
        ),
    )

    def in_force(self, deck: Deck, params: GoldfishParams) -> GoldfishParams:
        limited = deck.format == "limited"
        opp = dict(params.opponent)
        opp["opp_damage_threshold"] = opp["opp_damage_threshold"] or (6 if limited else 7)
        opp["opp_main_deck_size"] = opp["opp_main_deck_size"] or (40 if limited else 50)
        return replace(params, opponent=opp)

    def knobs(self, deck: Deck, params: GoldfishParams) -> np.ndarray:
        params = self.in_force(deck, params)
        opp, pol = params.opponent, params.policy
        k = np.zeros(N_KNOBS, dtype=np.int64)
        k[K_GOING_FIRST] = params.going == "first"
        k[K_MAX_TURNS] = params.max_turns
        k[K_THRESHOLD] = opp["opp_damage_threshold"]
        k[K_OPP_DECK] = opp["opp_main_deck_size"]
        k[K_OPP_DRAWS] = opp["opp_draws"]
        k[K_MULLIGAN] = pol["mulligan_rule"] == "no-cheap-forward"
        k[K_MULL_COST] = pol["mulligan_max_cost"]
        k[K_BACKUP_TURNS] = pol["backup_turns"]
        k[K_CAST_MONSTERS] = pol["cast_monsters"]
        k[K_HAND_LIMIT] = pol["hand_limit"]
        k[K_T1_ATTACK] = pol["first_player_turn1_attack"]
        k[K_MINIMALITY] = pol["payment_minimality"]
        k[K_LB_SELF] = pol["lb_self_pay"]
        k[K_MONSTER_DULL_NOW] = pol["monster_dull_first_turn"]
        k[K_HOLD_HIT] = pol["hold_own_removal"]
        k[K_ACTION_DISCARDS] = pol["action_discards"]
        k[K_BACK_ATTACK] = pol["back_attack"]
        k[K_CYCLE] = pol["cycle_spare_cards"]
        k[K_SACRIFICE] = pol["sacrifice_backups"]
        k[K_WARP] = pol["warp_cards"]
        k[K_PAY_FOR_ENTERS] = pol["pay_for_enters"]
        draw_rules = get_game(self.game_id).draw_rules
        k[K_HAND] = draw_rules.opening_hand
        k[K_DRAWS] = draw_rules.draws_per_turn
        k[K_T1_DRAWS] = draw_rules.first_player_first_turn_draws
        if params.opening is not None:  # kept, or always mulliganed: no Forward costs less than 0
            k[K_DEALT] = len(params.opening.hand)
            k[K_MULLIGAN], k[K_MULL_COST] = (1, -1) if params.opening.mulligan else (0, 0)
        return k

    def prepare(self, deck, params):
        c = compile_deck(deck, bool(params.policy["card_effects"]))
        if params.opening is not None:
            pool = dealt_first(c.arrays[0], c.numbers, params.opening.hand)
            c = _Compiled(c.names, c.numbers, (pool, *c.arrays[1:]))
        return c, _deck_flags(self.knobs(deck, params), c.arrays[2])

    def run_prepared(self, prepared, seed, first_game, n_games):
        c, knobs = prepared
        kills, outcomes, mulligans = _run_batch(
            seed & 0xFFFFFFFFFFFFFFFF, first_game, n_games, knobs, *c.arrays
        )
        return GoldfishResult(
            games=n_games,
            kill_turns={t: int(n) for t, n in enumerate(kills) if n},
            outcomes={name: int(outcomes[i]) for i, name in enumerate(OUTCOMES)},
            seed=seed,
            mulligans=int(mulligans),
        )

    def play_logged(self, deck, params, seed, game_index):
        return self._logged(*self.prepare(deck, params), game_seed(seed, game_index), game_index)

    def play_stacked(self, deck: Deck, params: GoldfishParams, order: list[str]) -> GameLog:
        """One game with the main deck in the given order, top first, never shuffled (§12.2 STACK)."""
        c = compile_deck(deck, bool(params.policy["card_effects"]))
        if sorted(order) != sorted(card.number for card in _pool(deck, "main")):
            raise ValueError("The order must list the main deck's cards, each copy once.")
        pool = np.array([c.numbers.index(n) for n in order], dtype=np.int64)
        knobs = _deck_flags(self.knobs(deck, params), c.arrays[2])
        knobs[K_NO_SHUFFLE] = 1
        return self._logged(_Compiled(c.names, c.numbers, (pool,) + c.arrays[1:]), knobs, 0, 0)

    def _logged(self, c: _Compiled, knobs: np.ndarray, seed64: int, game_index: int) -> GameLog:
        log = np.zeros((MAX_LOG, 5), dtype=np.int64)
        zones = np.zeros(len(ZONES), dtype=np.int64)
        pool, lb_pool, kf, _, _ = c.arrays
        g = new_game(pool.shape[0], lb_pool.shape[0], kf)
        outcome, turn, _, n = _play_game(np.uint64(seed64), knobs, *c.arrays, zones, log, True, g)
        return GameLog(
            game_index=game_index,
            outcome=OUTCOMES[outcome],
            turn=int(turn),
            events=tuple(_decode(log[:n], c)),
            final={k: int(v) for k, v in zip(ZONES, zones, strict=True)},
        )


def _deck_flags(knobs: np.ndarray, kf: np.ndarray) -> np.ndarray:
    """The knobs set from the deck's kind table, once per deck: K_ACTIONS, so that a deck without action
    abilities or "also becomes a Forward" conditions never looks for them in a game, nor one without a card
    discarded from the hand to draw (K_CYCLE) for those, nor one without a Backup that puts itself into the
    Break Zone (K_SACRIFICE), nor one without a card with Warp (K_WARP) or a trade on entering
    (K_PAY_FOR_ENTERS); and no card held for its text (K_HOLD_HIT) when no card's entering text must choose
    one of your Forwards, so that such a deck ranks its cards as before; and no opponent's turn looked at for
    casts (K_BACK_ATTACK) when no card has Back Attack."""
    knobs[K_ACTIONS] = bool(np.any(kf[:, F_ACTION] != 0) or np.any(kf[:, F_FW_IF] != 0))
    if not kf[:, F_BACK_ATTACK].any():
        knobs[K_BACK_ATTACK] = 0
    if not np.any(kf[:, F_CYCLE] != 0):
        knobs[K_CYCLE] = 0
    if not np.any(kf[:, F_SACRIFICE] != 0):
        knobs[K_SACRIFICE] = 0
    if not np.any(kf[:, F_WARP] != 0):
        knobs[K_WARP] = 0
    if not np.any(kf[:, F_ENTER_PAID] != 0):
        knobs[K_PAY_FOR_ENTERS] = 0
    if not (kf[:, F_HIT] & ((1 << HIT_SHIFT) - 1)).any() and not kf[:, F_HIT_ELSE].any():
        knobs[K_HOLD_HIT] = 0
    return knobs


def _decode(rows: np.ndarray, c: _Compiled) -> list[LogEvent]:
    """Turn event rows into readable lines; a cast and its payment make one line."""
    out: list[LogEvent] = []

    def card(k: int) -> str:
        return f"{c.names[k]} ({c.numbers[k]})"

    i = 0
    while i < len(rows):
        code, turn, phase, a, b = (int(x) for x in rows[i])
        where = PHASES[phase]
        if code == E_HAND:
            cards = []
            while i < len(rows) and rows[i][0] == E_HAND:
                cards.append(card(int(rows[i][3])))
                i += 1
            out.append(LogEvent(turn, where, "hand: " + ", ".join(cards)))
            continue
        pays = code in (E_CAST, E_CAST_LB, E_ACTION, E_CYCLE, E_SACRIFICE, E_ENTER_PAY)
        if pays or (code == E_WARP and b >= 0):
            flips: list[str] = []
            discards: list[str] = []
            backups: list[str] = []
            j = i + 1
            while j < len(rows) and rows[j][0] in (E_LB_FLIP, E_PAY_DISCARD, E_PAY_DULL):
                target = {E_LB_FLIP: flips, E_PAY_DISCARD: discards, E_PAY_DULL: backups}[int(rows[j][0])]
                target.append(card(int(rows[j][3])))
                j += 1
            paid = []
            if discards:
                paid.append("discarding " + ", ".join(discards))
            if backups:
                paid.append("dulling " + ", ".join(backups))
            if code == E_WARP:
                x = int(c.arrays[2][a, F_WARP])
                text = (
                    f"Warp {card(a)} for {b} CP, removed from the game with {x} Warp counter{'s' * (x > 1)}"
                )
            elif code == E_CYCLE:
                text = f"{card(a)}: action ability from the hand for {b} CP and discarding it"
            elif code == E_SACRIFICE:
                text = f"{card(a)}: action ability for {b} CP, dulling it and putting it into the Break Zone"
            elif code == E_ACTION:
                text = f"{card(a)}: action ability for {b} CP"
            elif code == E_ENTER_PAY:
                text = f"{card(a)}: its optional trade on entering taken" + (f" for {b} CP" if b else "")
            else:
                text = f"cast {card(a)}{' from the LB deck' if code == E_CAST_LB else ''} for {b} CP"
                if phase == P_OPP:
                    text = "Back Attack: " + text
            text += (" by " + " and ".join(paid)) if paid else " (free)"
            if code == E_ACTION:
                text += (
                    ": it also becomes a Forward until the end of the turn"
                    if c.arrays[2][a, F_ACTION] == ACT_FORWARD
                    else ": it gains Haste until the end of the turn"
                )
            if flips:
                text += "; LB cost paid by turning up " + ", ".join(flips)
            out.append(LogEvent(turn, where, text))
            i = j
            continue
        if code == E_EFFECT_HIT:
            hit = int(c.arrays[2][a, F_HIT])
            hit = hit >> HIT_SHIFT if phase == P_ATTACK else hit & ((1 << HIT_SHIFT) - 1)
            text = _hit_text(a, b, hit, c.arrays[2], card)
        elif code == E_EFFECT_HIT_ELSE:
            text = (
                f"{card(a)}: its condition does not hold, so it does nothing"
                if b < 0
                else _hit_text(a, b, int(c.arrays[2][a, F_HIT_ELSE]), c.arrays[2], card)
                + " (its condition does not hold)"
            )
        else:
            text = _event_text(code, a, b, card)
        out.append(LogEvent(turn, where, text))
        i += 1
    return out


_HIT_WORDS = {
    HIT_BREAK: "breaks", HIT_DULL: "dulls", HIT_FREEZE: "freezes", HIT_DAMAGE: "deals {n} damage to",
    HIT_RETURN: "returns", HIT_WEAKEN: "takes {n} power from",
}  # fmt: skip


def _hit_text(a: int, b: int, hit: int, kf: np.ndarray, card) -> str:
    """E_EFFECT_HIT: card a's text took b // 2, a Forward of yours (b odd: it left the field)."""
    does = _HIT_WORDS[hit & HIT_ACTION].format(n=hit >> HIT_AMOUNT)
    gone = ""
    if b % 2 and hit & HIT_ACTION in (HIT_DAMAGE, HIT_WEAKEN):
        gone = " (put into the Break Zone)"
    elif hit & HIT_ACTION == HIT_RETURN:
        gone = ", to the LB deck face up (15.2.8.4.4)" if kf[b // 2, F_LB] >= 0 else ", to your hand"
    return f"{card(a)}: no opposing Forward, so it {does} {card(b // 2)}, yours{gone}"


_REST_WORDS = {
    REST_BOTTOM: "the others to the bottom", REST_SHUFFLED: "the others shuffled to the bottom",
    REST_BREAK: "the others into the Break Zone", REST_TOP: "a card not taken left on the top",
}  # fmt: skip


def _reveal_text(a: int, b: int, card) -> str:
    """E_EFFECT_REVEAL: card a's look at the deck's top cards, what it took (b's bits) and where the others
    went."""
    found = (b >> REVEAL_FOUND) - 1
    if b & REVEAL_PLAYED:
        took = f"play {card(found)} onto the field" if found >= 0 else "no card found that may enter"
    else:
        took = f"{card(found)} to the hand" if found >= 0 else "no card found"
    return f"{card(a)}: reveal the top cards, {took}, {_REST_WORDS[b & REVEAL_REST]}"


def _event_text(code: int, a: int, b: int, card) -> str:
    def found() -> str:  # b is a card in the events that find one
        return f"{card(b)} to the hand" if b >= 0 else "no card found"

    texts = {
        E_MULLIGAN: lambda: "mulligan: the hand goes to the bottom, five new cards",
        E_DRAW: lambda: f"draw {card(a)}",
        E_ATTACK: lambda: f"{card(a)} attacks: opponent damage {b}",
        E_END_DISCARD: lambda: f"hand limit: discard {card(a)}",
        E_OPP_DRAW: lambda: (
            f"opponent draws {a}, {b} left" if b >= 0 else f"opponent cannot draw {a}: it loses"
        ),
        E_UNTAP: lambda: f"untap {a} Forwards and {b} Backups",
        E_RESULT: lambda: f"game over: {OUTCOMES[a]} (game turn {b})",
        E_CANNOT_DRAW: lambda: "cannot draw: the main deck is empty",
        E_EFFECT_DRAW: lambda: f"{card(a)}: draw {card(b)}",
        E_EFFECT_DAMAGE: lambda: f"{card(a)}: 1 point of damage to the opponent, damage {b}",
        E_EFFECT_SEARCH: lambda: f"{card(a)}: search the deck, {found()}, shuffle",
        E_EFFECT_PLAY: lambda: f"{card(a)}: play {card(b)} from the hand onto the field at no cost",
        E_EFFECT_DISCARD: lambda: f"{card(a)}: discard {card(b)}",
        E_EFFECT_ACTIVATE: lambda: f"{card(a)}: activate {b} Backup{'s' if b != 1 else ''}",
        E_EFFECT_BREAK_ADD: lambda: (
            f"{card(a)}: "
            + (f"{card(b)} from the Break Zone to the hand" if b >= 0 else "no card in the Break Zone")
        ),
        E_EFFECT_BREAK_PLAY: lambda: f"{card(a)}: play {card(b)} from the Break Zone onto the field",
        E_EFFECT_DECK_PLAY: lambda: (
            f"{card(a)}: search the deck, "
            + (f"play {card(b)} onto the field" if b >= 0 else "no card found that may enter")
            + ", shuffle"
        ),
        E_EFFECT_HASTE: lambda: (
            f"{card(a)}: "
            + (
                f"{card(b)} gains Haste until the end of the turn"
                if b >= 0
                else "no Forward that entered this turn gains from Haste"
            )
        ),
        E_FORWARD_IF: lambda: f"{card(a)}: {b} of the characters its condition counts: it is also a Forward",
        E_END_BREAK: lambda: f"{card(a)}: broken at the end of the turn, as its action ability says",
        E_EFFECT_MILL: lambda: (
            f"{card(a)}: the opponent's top cards into its Break Zone, {b} left in its deck"
        ),
        E_SPECIAL_HASTE: lambda: (
            f"{card(a)}: special ability, discarding {card(b)}: it gains Haste until the end of the turn"
        ),
        E_EFFECT_LOOK: lambda: f"{card(a)}: look at the top cards, {found()}, the others to the bottom",
        E_EFFECT_REVEAL: lambda: _reveal_text(a, b, card),
        E_EFFECT_ORDER: lambda: (
            f"{card(a)}: look at the top cards, {b} kept on top, the others to the bottom"
        ),
        E_WARP: lambda: (
            f"{card(a)}: its last Warp counter comes off, it enters the field"
            if b == WARP_ENTERED
            else f"{card(a)}: its last Warp counter comes off, the field rules keep it out: it stays removed"
        ),
        E_EFFECT_HIT_NONE: lambda: f"{card(a)}: no Forward it may choose, so it does nothing",
        E_EFFECT_TURN_OVER: lambda: (
            f"{card(a)}: turn over cards one at a time, {found()}, the others shuffled to the bottom"
        ),
    }
    if code not in texts:
        raise ValueError(f"unknown event code {code}")
    return texts[code]()
