"""The facts of each FFTCG card kind as one table: a row per kind, in card-number order, a column each.

The compiled goldfish passes this one array instead of a dozen: Numba counts a reference per array
passed on every call, and these facts are read in its innermost loops.
"""

from __future__ import annotations

import numpy as np

# Columns: card type code, element bits, element bits a payment must cover (11.4.6), CP to pay (after the
# card's own cost reduction), printed cost, Haste, Brave, the generic icon (multi-playable), name id,
# Light/Dark (LD_* bits), may be discarded for CP (5.2.1.3), Limit Break cost (-1: no Limit Break).
F_TYPE, F_ELEM, F_REQ, F_PAY, F_COST, F_HASTE, F_BRAVE, F_GENERIC, F_NAME, F_LD, F_DISC, F_LB = range(12)
# The text the goldfish plays (engine/effects.py): cards drawn and damage dealt when it enters the field
# and when it attacks, which of those draws say "you may" (MAY_* bits), and whether it gives every
# Forward you control Haste; how many cards it searches the deck for (0, 1, or 2: "up to 2"), and
# whether it plays a card from the hand, when it enters (the cards it may find or play are a table of
# their own, kind by kind).
F_ENTER_DRAW, F_ENTER_DAMAGE, F_ATTACK_DRAW, F_ATTACK_DAMAGE, F_MAY, F_HASTE_ALL, F_SEARCH = range(12, 19)
F_PLAY = 19
# Whether its text does something the goldfish plays when it enters or attacks: the autopilot casts it
# before a card of the same cost without, and discards it later.
F_TEXT = 20
# The elements (bits) of the CP it makes when dulled for a payment: a Backup its own (5.2.3.1.1.3), a card
# whose text says "《Dull》: Produce 《E》" E's too; 0 for a card that makes none.
F_CP_ELEM = 21
# The cards from the top of the deck its search, or its play from the deck (F_DECK_PLAY), looks at when it
# enters ("reveal the top 3 cards of your deck. Add 1 ... among them to your hand", "... Play 1 Forward
# among them onto the field"), 0 for a search of the whole deck, -1 (SEARCH_UNTIL) for the cards turned over
# one at a time until one it names ("turn over one card at a time from the top of your deck until ...").
F_SEARCH_TOP = 22
# How many of your dull characters its text activates when it enters the field and when it attacks
# ("choose 1 Backup you control. Activate it.", "activate all the Wind Characters you control."), 0 for
# none (which it may choose are bits of the table of what each kind finds).
F_ENTER_ACTIVATE, F_ATTACK_ACTIVATE = 23, 24
# The cards its text discards from the hand after its draws when it enters and when it attacks ("draw 2
# cards, then discard 1 card from your hand."), 0 for none.
F_ENTER_DISCARD, F_ATTACK_DISCARD = 25, 26
# Its text when it enters that takes from your Break Zone: the cards it adds to the hand ("choose 1 Summon
# in your Break Zone. Add it to your hand."), 0 for none, and whether it plays one onto the field ("choose 1
# Forward of cost 2 or less in your Break Zone. Play it onto the field.").
F_BREAK_ADD, F_BREAK_PLAY = 27, 28
# The field's limit of 1 Light or Dark character (7.7.5) lifted by its text (LD_* bits): for itself ("X can
# be played onto the field even if you control other Light Characters"), and for every character of those
# elements while it is on the field ("You can play 2 or more Light Characters onto the field").
F_LD_FREE, F_LD_LIFT = 29, 30
# The id of another name it has in all situations ("Mog Avatar is also Card Name Mog"), as F_NAME's, or -1:
# the field's rule of one character of a name (7.7.3) counts both.
F_ALIAS = 31
# Its text about itself that keeps a Forward from attacking: "X cannot attack (or block)." (10.1.2.1.2),
# "X enters the field dull." (a Forward stays dull until your next Active Phase; a Backup enters dull
# anyway, 5.2.3.1.1.3; a Monster dull cannot pay CP), and "X does not activate during your Active Phase."
# (once dull, from attacking, paying or entering, it stays dull, against 9.1.1.1).
F_NO_ATTACK, F_ENTERS_DULL, F_NO_ACTIVATE = 32, 33, 34
# Whether its text gives a chosen Forward Haste until the end of the turn when it enters the field and when
# it attacks ("choose 1 Forward you control. It gains Haste until the end of the turn."; the Forwards it may
# choose are a bit of the table of what each kind finds).
F_ENTER_HASTE, F_ATTACK_HASTE = 35, 36
# Whether its special ability gives itself Haste until the end of the turn ("[S] Step, discard 1 Mog: Mog
# gains Haste until the end of the turn.", the cost a card of its name from the hand, 11.7.1).
F_SPECIAL_HASTE = 37
# What its text does to 1 Forward it must choose ("choose 1 Forward of cost 3 or less. Break it."), which,
# the opponent having none, is one of yours (11.8.9): on entering in the low HIT_SHIFT bits, on attacking
# above them, each an action (HIT_BREAK, HIT_DULL, HIT_FREEZE, HIT_DAMAGE, HIT_RETURN to its owner's hand,
# HIT_WEAKEN: power lost until the end of the turn; 0: none), the state the choice must be in (HIT_DULL_ONLY,
# HIT_ACTIVE_ONLY) and, for damage and power lost, its amount from bit HIT_AMOUNT (the Forwards it may
# choose are bits of the table of what each kind finds); and the kind's power, which damage meets.
F_HIT, F_POWER = 38, 39
HIT_BREAK, HIT_DULL, HIT_FREEZE, HIT_DAMAGE, HIT_RETURN, HIT_WEAKEN = 1, 2, 3, 4, 5, 6
HIT_ACTION = 7
HIT_DULL_ONLY, HIT_ACTIVE_ONLY = 8, 16
HIT_AMOUNT = 5
HIT_SHIFT = 24
# What its action ability whose cost is CP alone does (ACT_*: a Monster also becomes a Forward until the end
# of the turn, "《1》: Until the end of the turn, Green Dragon also becomes a Forward with 7000 power."; a
# Forward gains Haste until the end of the turn, "《Lightning》: Gilgamesh gains Haste until the end of the
# turn."), 0 for none, and that cost: the CP (F_PAY's sense) and the element bits it must cover (F_REQ's).
F_ACTION, F_ACT_PAY, F_ACT_REQ = 40, 41, 42
ACT_FORWARD, ACT_HASTE = 1, 2
# How many of your characters (the kinds its kfinds row marks FIND_FW_IF) must be on the field for a Monster
# to be also a Forward ("If you control 3 or more Fire Backups, Mom Bomb also becomes a Forward ..."), 0
# for none.
F_FW_IF = 43
# The cards its text draws when it enters the field if you control some characters ("When Mog enters the
# field, if you control Card Name Eiko, draw 1 card."), 0 for none, and how many of them it needs (the kinds
# it counts are a bit of the table of what each kind finds).
F_ENTER_IF_DRAW, F_ENTER_IF_AT = 44, 45
# Whether it has Back Attack (15.2.5): it may be cast whenever its controller has priority in a main or
# attack phase, the opponent's turn too; the autopilot casts it in the opponent's turn (`back_attack`).
F_BACK_ATTACK = 46
# The cards drawn by its action ability used from the hand, paid in CP and by discarding the card itself
# ("《Ice》, discard Black Mage: Draw 1 card. You can only use this ability if Black Mage is in your
# hand."), 0 for none; and that ability's CP (F_PAY's sense) plus, from bit CYCLE_REQ, the element bits
# it must cover (F_REQ's).
F_CYCLE, F_CYCLE_COST = 47, 48
CYCLE_REQ = 8
# An ability's element requirement (F_ACT_REQ, and the bits of a cost from CYCLE_REQ) may name an element
# more than once ("《Earth》《Earth》《Dull》, put Scholar into the Break Zone: ..."): from bit REQ_MORE, 2
# bits an element (ELEMENTS order, Light and Dark never) count the CP of that element it needs beyond the
# first.
# A card's own cost (F_REQ) names each element once: none of these bits.
REQ_MORE = 8
# How many of your characters (the kinds its kfinds row marks FIND_HASTE_IF) must be on the field for it
# to have Haste ("If you control 5 or more Backups, Estinien gains Haste."), 0 for none; and whether a kind
# of the deck gives it Haste while on the field ("The Card Name Hildibrand you control gains Haste.": the
# givers' rows mark it FIND_HASTE_GIVEN).
F_IF_HASTE, F_HASTED_BY = 49, 50
# What its action ability whose cost dulls it and puts it from the field into the Break Zone does
# (SAC_*: the cards the kfinds row marks FIND_SACRIFICE taken from the Break Zone into the hand,
# "《Water》《1》《Dull》, put Eiko into the Break Zone: Choose 1 Summon in your Break Zone. Add it to your
# hand.", or 1 played from there onto the field, or searched for in the deck into the
# hand, or cards drawn), 0 for none; how many cards (1 for a play); and that ability's CP (F_PAY's
# sense) plus, from bit CYCLE_REQ, the element bits it must cover (F_REQ's), as F_CYCLE_COST.
F_SACRIFICE, F_SAC_N, F_SAC_COST = 51, 52, 53
SAC_BREAK_ADD, SAC_BREAK_PLAY, SAC_SEARCH, SAC_DRAW = 1, 2, 3, 4
# Whether its text plays, when it enters, a character it searches the deck for
# ("search for 1 Job Tsviets and play it onto the field."; the cards it may play are a bit of the table of
# what each kind finds).
F_DECK_PLAY = 54
# How many of your characters (the kinds its kfinds row marks
# FIND_IF) must be on the field for its text to activate characters when it enters ("When Mog enters the
# field, if you control Card Name Lani, activate all the Backups you control."), 0 for no condition.
F_ENTER_ACTIVATE_IF = 55
# Where its looks at the deck's top cards (F_SEARCH_TOP on entering, F_SAC_TOP by its action ability) put
# the revealed cards they do not take (REST_*): on entering in the low REST_SAC_SHIFT bits, by its action
# ability above them; and how many top cards its action ability's search looks at (0: the whole deck).
F_LOOK_REST, F_SAC_TOP = 56, 57
# To the bottom of the deck in the order they were ("return the other cards to the bottom of your deck in
# any order"), shuffled first ("Then, shuffle the other cards revealed and return them to the bottom of
# your deck."), into the Break Zone ("put the rest of the cards into the Break Zone"), or left on the top
# ("reveal the top card of your deck. If it is a Fire card, add it to your hand.").
REST_BOTTOM, REST_SHUFFLED, REST_BREAK, REST_TOP = 0, 1, 2, 3
REST_MASK = 3  # the bits of one of those codes
REST_SAC_SHIFT = 2
REST_ATTACK_SHIFT = 4
# The condition of what its text does to the Forward it must choose when it enters:
# how many of your characters (the kinds its kfinds row marks FIND_HIT_IF) must be on the field for its
# F_HIT code to apply ("choose 1 Forward. If you control 4 or more Category VII Forwards, break it."), 0 for
# no condition; and the F_HIT code that applies when fewer are ("Deal it 7000 damage. If you control 5 or
# more Job Standard Unit, deal it 9000 damage instead.": 7000 damage; 0: it does nothing).
F_HIT_IF, F_HIT_ELSE = 58, 59
# Its Warp (15.2.7, "Warp 2 - 《Fire》《1》"): the Warp counters it is removed from the game with (X, 0 for
# none), and the cost paid from the hand to remove it: the CP (F_PAY's sense) plus, from bit CYCLE_REQ, the
# element bits it must cover (F_REQ's), as F_CYCLE_COST.
F_WARP, F_WARP_COST = 60, 61
# An optional trade when it enters ("you may pay 《Water》. When you do so, draw 1 card.", "you may discard 1
# card. If you do so, search for ..."; the `pay_for_enters` policy): its CP (F_PAY's sense, plus from bit
# CYCLE_REQ the element bits it must cover, as F_CYCLE_COST), or the cards discarded from the hand for it,
# 0 for none; and which of its entering effects the trade buys (PAID_*, 0 for no trade; from bit PAID_N
# the cards a PAID_DRAW draws, kept out of F_ENTER_DRAW: a card may also draw unpaid): that one happens
# only when paid, the others as ever.
F_ENTER_PAY, F_ENTER_PAY_DISCARD, F_ENTER_PAID = 62, 63, 64
PAID_DRAW, PAID_SEARCH, PAID_BREAK_ADD, PAID_BREAK_PLAY, PAID_DECK_PLAY = 1, 2, 3, 4, 5
PAID_WHAT, PAID_N = 7, 3
# The top cards of the deck its text looks at when it enters and puts back on the top and/or at the bottom
# in an order the player chooses ("look at the top 2 cards of your deck. Return these to the top and/or
# bottom of your deck in any order."), 0 for none (the autopilot's order: _order_top).
F_ENTER_ORDER = 65
# The elements (bits) of the CP it makes by its own rule and text (F_CP_ELEM's with an empty field): what
# F_CP_ELEM returns to when no card on the field makes it make CP of any element any more (`make-any`).
F_CP_OWN = 66
# Whether its F_ACTION ACT_FORWARD also breaks it at the end of the turn it was used ("《0》: Until the end
# of the turn, Ember Egg also becomes a Forward with 6000 power. At the end of the turn, break Ember Egg.":
# _end_breaks).
F_ACT_BREAK = 67
# Whether a kind of the deck is activated when this one enters your field ("When a Fire Job Primal enters
# your field, activate Amalj'aa.": that kind's kfinds row marks this one FIND_WAKE; _wake_sources).
F_WAKES = 68
# How many cards you must have cast this turn for its F_ENTER_IF_DRAW draw ("When Fran enters the field, if
# you have cast 3 or more cards this turn, draw 1 card."; then F_ENTER_IF_AT is 0), 0 for none.
F_ENTER_IF_CAST = 69
# A second other name it has for 7.7.3, as F_ALIAS's (-1: none; only a kind with F_ALIAS has one): "Yuna &
# Tidus is also Card Name Yuna and Card Name Tidus in all situations." F_ALIAS and F_ALIAS2 also hold the
# name a "You cannot play Lyse or Card Name Yda while already in control of either Character." shares the
# field's limit with (a search by that name does not find it: the kfinds table says what a search finds).
F_ALIAS2 = 70
# Whether it may attack a second time in a turn while it is still active ("Gudon can attack twice in the same
# turn.", 10.1.2.1.2 lifted once; Brave keeps it active, 15.2.1.2).
F_TWICE = 71
# The top cards of the opponent's deck its text puts into the opponent's Break Zone when it enters, when it
# attacks and when it deals damage to the opponent ("your opponent puts the top card of his/her deck into
# the Break Zone."), 0 for none: the opponent draws and takes damage from a deck that much shorter.
F_ENTER_MILL, F_ATTACK_MILL, F_DAMAGE_MILL = 72, 73, 74
# The cards its text draws when it deals damage to the opponent ("When Leila deals damage to your opponent,
# draw 1 card.", after the damage, in the attack phase: 10.1.4.3), and how many of your dull characters it
# activates then ("activate all the Backups you control."; which, a bit of the table of what each kind
# finds), 0 for none.
F_DAMAGE_DRAW, F_DAMAGE_ACTIVATE = 75, 76
# How many times the damage it deals to the opponent counts ("If Ark Angel HM deals damage to your
# opponent, double the damage instead.": 2), 0 for once.
F_STRIKE = 77
# How many cards its text searches for when it attacks, and the top cards of the deck it looks at ("When
# Selkie attacks, reveal the top card of your deck. If it is a Wind Forward, add it to your hand.": 1 of
# the top 1; 0 for the whole deck), as F_SEARCH and F_SEARCH_TOP on entering (where the others go: F_LOOK_REST
# from bit REST_ATTACK_SHIFT).
F_ATTACK_SEARCH, F_ATTACK_SEARCH_TOP = 78, 79
MAY_ENTER, MAY_ATTACK, MAY_DAMAGE = 1, 2, 4
LD_LIGHT, LD_DARK = 1, 2
COLUMNS = (
    "type", "elem", "req", "pay", "cost", "haste", "brave", "generic", "name", "ld", "disc", "lb",
    "enter_draw", "enter_damage", "attack_draw", "attack_damage", "may", "haste_all", "search",
    "play", "text", "cp_elem", "search_top", "enter_activate", "attack_activate", "enter_discard",
    "attack_discard", "break_add", "break_play", "ld_free", "ld_lift", "alias",
    "no_attack", "enters_dull", "no_activate",
    "enter_haste", "attack_haste", "special_haste", "hit", "power",
    "action", "act_pay", "act_req", "fw_if",
    "enter_if_draw", "enter_if_at", "back_attack", "cycle", "cycle_cost",
    "if_haste", "hasted_by", "sacrifice", "sac_n", "sac_cost", "deck_play", "enter_activate_if",
    "look_rest", "sac_top", "hit_if", "hit_else", "warp", "warp_cost", "enter_pay", "enter_pay_discard",
    "enter_paid", "enter_order", "cp_own", "act_break", "wakes",
    "enter_if_cast", "alias2", "twice", "enter_mill", "attack_mill", "damage_mill", "damage_draw",
    "damage_activate", "strike", "attack_search", "attack_search_top",
)  # fmt: skip


def kind_table(n_kinds: int, **columns: object) -> np.ndarray:
    """A table of n_kinds rows with the named columns filled from sequences (type=..., elem=..., ...);
    the facts not named are 0, no kind has Limit Break, and a kind dulled for CP makes its own elements'
    (cp_elem as elem, as a Backup does; cp_own as cp_elem)."""
    table = np.zeros((n_kinds, len(COLUMNS)), dtype=np.int64)
    table[:, F_LB] = -1
    table[:, F_ALIAS] = -1
    table[:, F_ALIAS2] = -1
    for name, values in columns.items():
        table[:, COLUMNS.index(name)] = np.asarray(values, dtype=np.int64)
    if "cp_elem" not in columns:
        table[:, F_CP_ELEM] = table[:, F_ELEM]
    if "cp_own" not in columns:
        table[:, F_CP_OWN] = table[:, F_CP_ELEM]
    return table
