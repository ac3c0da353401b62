"""GRANBLUE FANTASY TCG goldfish (docs/rules/gbf.md §11; seed 003_0132ccc935dc76ef.txt), compiled with Numba.

One rules implementation: `_play_game` plays one game and, when asked, writes event codes that
`_decode` turns into the log; `_run_batch` calls the same function with logging off.

The game in one paragraph: crew enter for free within the rank limit (total rank of an area <= the
number of crystals, 10-2-3-1-1), one crystal comes from the top of the deck every turn (6-2-7), and a
battle deals the summed ATK of the attacking card and its follow-ups (7-4-1-2). A hit of at least the
opponent captain's HP breaks one of five armor cards; the sixth such hit wins (9-2-1-3-6, 9-4-1-3-1).

Cards play what the card data says outright: rank, ATK, HP, character name, attribute, and an ougi
`<Ougi N name: this card gets ATK+X.>` (or the Japanese `<奥義N 名前:このカードのATK+X>`), whose N and
ATK+X are read from the text. A summon's 〔cost〕 and a "Condition: you have N or more crystals" are read
too; a summon with any other condition is never activated from hand. With the `card_effects` knob
(default on), a crew card's "登場時" and a crew card's or captain's "アタック時" text (read by
engine/readers/gbf.py, `plays`) resolves when it enters and when it declares an attack or follows up
(7-2-1-3-2-1: a follow-up is an attack too): draws, damage to the opponent's captain, crystals from the
deck, a search by name (a "may" draw or crystal while the deck keeps a card, 1-2-2-2), and the card's
own ATK raised for the turn (「このターン中、このカードのATKに+1する」, 8-2-1-2): on 登場時 its crew
slot's bonus from its entry, on アタック時 counted in its ATK by the attack planner, since its every
attack and follow-up triggers the text. Other Effects, Assist and Auto texts do nothing (§11.1 item
14). Job-change icons (OQ-6) are not in the card data, so every captain may job change within the rank
limit.
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace

import numpy as np
from numba import njit

from engine.deck import Deck
from engine.effects import Effect
from engine.games import get_game
from engine.games.gbf import character_name
from engine.goldfish.arrays import copy_block, copy_prefix, kernel, rotate_left
from engine.goldfish.base import (
    LARGEST,
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
from engine.goldfish.rng import below, mix, shuffle
from engine.readers import card_effects

ATTRIBUTES = ("fire", "water", "earth", "wind", "light", "dark")  # OQ-11
PIP_CHARS = "火水土風光闇"  # the attribute rest icons, in the order of ATTRIBUTES
CAPTAIN, CREW, SUMMON = 0, 1, 2
TYPE_CODES = {"captain": CAPTAIN, "crew": CREW, "summon": SUMMON}

# Outcome codes, in the order of base.OUTCOMES. A drawn game (1-2-3) cannot happen without effects:
# the player's deck only shrinks in its own start phase and the opponent's only in the opponent's.
O_WIN, O_OPP_DECKOUT, O_LOSS_DECKOUT, O_STALLED, O_DRAW = 0, 1, 2, 3, 4

# Columns of the card-kind table `kf`.
F_TYPE, F_ATTR, F_RANK, F_ATK, F_HP, F_NAME, F_OUGI_N, F_OUGI_ATK, F_COND, F_GENERIC, F_KEEP = range(11)
F_PIP = 11  # F_PIP + a: rest icons of attribute a in the summon's cost
# A card's text (engine/effects.py): the cards it draws and the damage it deals the opponent's captain
# when it enters and when it attacks; the top cards of the deck it turns into crystals when it enters;
# its search when it enters (a bit per distinct card name searched for, F_SEARCH_BIT) and the searches
# that find it (F_FOUND_BY, the bits of the searches for its name).
F_ENTER_DRAW, F_ATTACK_DRAW, F_ENTER_DAMAGE, F_ATTACK_DAMAGE = F_PIP + 6, F_PIP + 7, F_PIP + 8, F_PIP + 9
F_ENTER_CRYSTAL, F_SEARCH_BIT, F_FOUND_BY = F_PIP + 10, F_PIP + 11, F_PIP + 12
# The same draws and crystals where the text says "may" (「N枚までを引く」 4-8-4, 「~てもよい」): taken
# while the deck keeps a card, as a deck of 0 loses at the next checkpoint (1-2-2-2).
F_ENTER_MAY_DRAW, F_ATTACK_MAY_DRAW, F_ENTER_MAY_CRYSTAL = F_PIP + 13, F_PIP + 14, F_PIP + 15
# The card's own ATK raised for the turn (「このターン中、このカードのATKに+1する」, 8-2-1-2) when it enters
# and when it attacks or follows up (7-2-1-3-2-1: a follow-up is an attack too).
F_ENTER_ATK, F_ATTACK_ATK = F_PIP + 16, F_PIP + 17
N_F = F_ATTACK_ATK + 1

# Scalars of the state array `s`.
(S_DTOP, S_DCOUNT, S_NH, S_NCRY, S_NCREW, S_NG, S_CAP, S_CAP_ACTIVE, S_CAP_BONUS, S_CAP_OUGI) = range(10)
(S_JC_USED, S_UNCAP_USED, S_ARMOR, S_OPP_ARMOR, S_OPP_DECK, S_OPP_CREW, S_OPP_GAUGE) = range(10, 17)
(S_PENDING, S_OPP_KO, S_OPP_HP, S_OWN, S_GAME, S_REDRAWN, S_NCAP, S_OPP_TURNS) = range(17, 25)
N_S = 25
# Rows of the attack planner's scratch (`plan`, 4 columns, one per attacker or battle group): who attacks
# (-1 the captain, else a crew slot), ATK, the ougi's ATK boost, the ougi's gauge cost (-1: none), the
# groups' ATK sums, the best plan found (partition row, ougi mask), and each attacker's ATK under the
# ougi choice being weighed.
A_IDX, A_ATK, A_BOOST, A_OUGI_N, A_SUMS, A_BEST, A_VAL = range(7)
N_PLAN_ROWS = 7
# Columns of a crew slot (`crew`, 3 rows): the top card, its level cards, state, this turn's ATK bonus,
# whether its ougi was used this turn, whether it entered this turn.
C_KIND, C_LEVELS, C_ACTIVE, C_BONUS, C_OUGI, C_NEW = range(6)

# Rule and policy integers passed to the compiled code.
K_GOING_FIRST, K_MAX_TURNS, K_OPP_HP, K_OPP_ARMOR, K_OPP_DECK, K_OPP_DECKOUT, K_CREW_ENTERS = range(7)
K_P_CREW, K_H_CREW, K_REDRAW, K_T1_ATTACK, K_SICKNESS, K_SUMMONS, K_OUGI, K_NO_SHUFFLE = range(7, 15)
# The game's draw rules (engine.games.gbf.GBF.draw_rules): opening hand, armor cards set aside after the
# redraw, draws per turn, the first player's turn-1 draws.
K_HAND, K_ARMOR_CARDS, K_DRAWS, K_T1_DRAWS = range(15, 19)
K_DEALT = 19  # the pool's first cards are a fixed opening hand (base.Opening): the shuffle leaves them
N_KNOBS = 20
REDRAWS = ("default", "never", "full-if-no-rank1-crew", "keep-list")
PPM = 1_000_000  # p_crew is passed as parts per million

# Phases of the log.
P_SETUP, P_START, P_MAIN, P_BATTLE, P_BURST, P_OPP, P_RESULT = range(7)
PHASES = ("setup", "start", "main", "battle", "burst", "opponent", "result")
# Event codes: each event is a row (code, own turn, phase, a, b).
E_HAND, E_REDRAW, E_ARMOR, E_CAPTAIN, E_UNTAP, E_DRAW, E_CRYSTAL, E_SUMMON, E_JOB, E_ENTER = range(10)
E_UNCAP, E_ATTACK, E_FOLLOW, E_OUGI, E_DAMAGE, E_BREAK, E_OPP_CREW_IN, E_OPP_CREW_KO = range(10, 18)
E_BURST, E_BOTTOM, E_OPP_TURN, E_RESULT, E_EFFECT_DRAW = range(18, 23)
# A card's text: (card, the card turned into a crystal) / (card, the card found or -1) / (card, damage).
E_EFFECT_CRYSTAL, E_EFFECT_SEARCH, E_EFFECT_DAMAGE = range(23, 26)
E_EFFECT_ATK = 26  # (card, its ATK raised by) for the turn
MAX_LOG = 4096

ZONES = (
    "deck",
    "hand",
    "armor",
    "crystals",
    "crew",
    "level_cards",
    "gauge_face_up",
    "gauge_face_down",
    "captain_deck_face_down",
    "opp_armor",
    "opp_deck",
    "opp_crew",
    "game_turn",
)


def _set_partitions() -> tuple[np.ndarray, np.ndarray]:
    """Every way to split n <= 4 attackers into battles (restricted growth strings), rows of group ids."""
    rows: list[list[int]] = []
    start = [0]
    level: list[list[int]] = [[]]
    for _n in range(1, 5):
        level = [r + [g] for r in level for g in range((max(r) + 2) if r else 1)]
        start.append(len(rows))
        rows += [r + [-1] * (4 - len(r)) for r in level]
    start.append(len(rows))
    return np.array(rows, dtype=np.int64), np.array(start, dtype=np.int64)


PARTS, PART_START = _set_partitions()  # partitions of n attackers: rows PART_START[n] .. PART_START[n + 1]


# ---- the state: scalars, the deck as a ring (top at S_DTOP), hand, crystals, gauge, crew, captain deck ----


# Rows of the work array (st[8]): the crystal matching's, the board search's and the turn's scratch space.
W_WANT, W_MATCH_C, W_MATCH_P, W_PARENT, W_QUEUE, W_SEEN, W_ATTR, W_CAND = range(8)
W_PICK, W_GSUM, W_CHOICE, W_KINDS, W_RETURN = range(8, 13)
N_W = 13

# The attack plans a batch remembers (_remembered_plan): a slot per hash of the planner's inputs, each
# (inputs: scalars and four attacker codes; outputs: score, partition row and ougi mask), the scalars -1
# in an empty slot. Slots are overwritten on a collision. 2^14 slots hold the few thousand inputs a
# sample deck's batch meets.
M_STATE, M_CODE, M_SCORE, M_BEST = 0, 1, 5, 6
N_M = 7
MEMO_SLOTS = 1 << 14


@njit(cache=True)
def new_work(n_deck):
    """The work array for a deck of n_deck cards: each row longer than any hand, crystal area, cost or
    choice."""
    return np.zeros((N_W, max(n_deck, 1) + 16), dtype=np.int64)


@njit(cache=True)
def _new_state(n_deck, n_cap):
    s = np.zeros(N_S, dtype=np.int64)
    deck = np.zeros(max(n_deck, 1), dtype=np.int64)
    hand = np.zeros(max(n_deck, 1), dtype=np.int64)
    cry = np.zeros((max(n_deck, 1), 2), dtype=np.int64)  # kind, active
    gauge = np.zeros((max(n_deck, 1), 2), dtype=np.int64)  # kind, face down; oldest first
    crew = np.zeros((3, 6), dtype=np.int64)
    capdeck = np.zeros((max(n_cap, 1), 2), dtype=np.int64)  # kind, face down
    plan = np.zeros((N_PLAN_ROWS, 4), dtype=np.int64)  # the attack planner's rows (A_*), reused all game
    work = new_work(n_deck)
    saved_crew = np.zeros((3, 6), dtype=np.int64)  # the board search's copy of the crew area
    memo = np.full((MEMO_SLOTS, N_M), -1, dtype=np.int64)  # kept across games: _remembered_plan
    s[S_NCAP] = n_cap
    return (s, deck, hand, cry, gauge, crew, capdeck, plan, work, saved_crew, memo)


@kernel
def _clear_state(st, n_cap):
    """The state of _new_state as it was made, for the next game: a batch makes it once (allocating it
    for every game cost more than a tenth of the games' time). The remembered plans stay."""
    for a in (st[0], st[1], st[2]):
        a[:] = 0
    for b in (st[3], st[4], st[5], st[6], st[7], st[8], st[9]):
        b[:, :] = 0
    st[0][S_NCAP] = n_cap


@kernel
def _log(s, lg, code, phase, a, b):
    """An event row when the game is logged (nlog[1]), stamped with the own turn s[S_OWN]."""
    log, nlog = lg
    if nlog[1] == 0:
        return
    n = nlog[0]
    if n < log.shape[0]:
        log[n, 0] = code
        log[n, 1] = s[S_OWN]
        log[n, 2] = phase
        log[n, 3] = a
        log[n, 4] = b
        nlog[0] = n + 1


@kernel
def _draw(s, deck):
    """The top card of the deck, removed; -1 if the deck is empty (1-3-2: what is impossible is not done)."""
    if s[S_DCOUNT] <= 0:
        return -1
    k = deck[s[S_DTOP]]
    s[S_DTOP] = (s[S_DTOP] + 1) % deck.shape[0]
    s[S_DCOUNT] -= 1
    return k


@kernel
def _put_bottom(s, deck, k):
    deck[(s[S_DTOP] + s[S_DCOUNT]) % deck.shape[0]] = k
    s[S_DCOUNT] += 1


@kernel
def _remove_from_hand(s, hand, p):
    for q in range(p, s[S_NH] - 1):
        hand[q] = hand[q + 1]
    s[S_NH] -= 1


@kernel
def _crew_atk(crew, kf, i):
    return kf[crew[i, C_KIND], F_ATK] + 2 * crew[i, C_LEVELS] + crew[i, C_BONUS]  # 10-4-3-3-1


@kernel
def _crew_rank(s, crew, kf):
    """The crew area's rank total: top cards only, level cards count 0 (3-6-3-1, OQ-4).

    Helpers called in the board search take the arrays they read, not the state tuple: Numba counts a
    reference per array passed on every call."""
    total = 0
    for i in range(s[S_NCREW]):
        total += kf[crew[i, C_KIND], F_RANK]
    return total


# ---- placing cards (10-2, 10-3, 10-4) ----


@kernel
def _can_enter(s, crew, kf, k):
    """10-2-3 and 3-6-3: a crew card may enter if fewer than 3 crew, no present crew shares its character
    name, and the crew area's rank total after it stays <= the number of crystals (rested ones count)."""
    if kf[k, F_TYPE] != CREW or s[S_NCREW] >= 3:
        return False
    for i in range(s[S_NCREW]):
        if kf[crew[i, C_KIND], F_NAME] == kf[k, F_NAME]:
            return False  # 10-2-3-2-1
    return _crew_rank(s, crew, kf) + kf[k, F_RANK] <= s[S_NCRY]  # 10-2-3-1-1


@kernel
def _enter_crew(st, kf, rng, lg, p):
    """Put hand card p into the crew area, active (6-3-1-2-1, 3-6-1-1); False if the rules forbid it."""
    s, hand, crew = st[0], st[2], st[5]
    k = hand[p]
    if not _can_enter(s, crew, kf, k):
        return False
    i = s[S_NCREW]
    crew[i, :] = 0
    crew[i, C_KIND] = k
    crew[i, C_ACTIVE] = 1
    crew[i, C_NEW] = 1
    s[S_NCREW] += 1
    _remove_from_hand(s, st[2], p)
    _log(s, lg, E_ENTER, P_MAIN, k, 0)
    _text(st, kf, rng, lg, k, True, P_MAIN)
    crew[i, C_BONUS] += kf[k, F_ENTER_ATK]  # 8-2-1-2: for this turn (the start phase resets it, 6-5)
    return True


@kernel
def _text(st, kf, rng, lg, k, enters, phase):
    """Card k's 登場時 (`enters`) or アタック時 text, in the order draws, crystals, search, damage to the
    opponent's captain, each "may" after the "must" of its kind. What the text cannot do (an empty deck)
    does not happen (1-3-2); an empty deck loses and an armor break waits for the next checkpoint (9-4).
    A "may" is taken while the deck keeps a card (1-2-2-2)."""
    s = st[0]
    _text_draws(s, st[1], st[2], kf[k, F_ENTER_DRAW if enters else F_ATTACK_DRAW], k, lg, phase, 0)
    _text_draws(s, st[1], st[2], kf[k, F_ENTER_MAY_DRAW if enters else F_ATTACK_MAY_DRAW], k, lg, phase, 1)
    boost = kf[k, F_ENTER_ATK if enters else F_ATTACK_ATK]
    if boost > 0:  # the crew slot's bonus (_enter_crew) or the attacker's ATK (_attackers) holds it
        _log(s, lg, E_EFFECT_ATK, phase, k, boost)
    if enters:
        cry = st[3]
        must = kf[k, F_ENTER_CRYSTAL]
        for i in range(must + kf[k, F_ENTER_MAY_CRYSTAL]):  # 10-12
            if i >= must and s[S_DCOUNT] <= 1:
                break
            c = _draw(s, st[1])
            if c < 0:
                break
            _add_crystal(s, cry, c)
            _log(s, lg, E_EFFECT_CRYSTAL, phase, k, c)
        if kf[k, F_SEARCH_BIT] > 0:
            _text_search(s, st[1], st[2], kf, rng, lg, k, phase)
    dmg = kf[k, F_ENTER_DAMAGE if enters else F_ATTACK_DAMAGE]
    if dmg > 0:
        _log(s, lg, E_EFFECT_DAMAGE, phase, k, dmg)
        _captain_damage(s, dmg)


@kernel
def _add_crystal(s, cry, k):
    """Card k into the crystal area, active as new cards there are (4-7-1): the start phase's crystal
    (6-2-7) and a text's (10-12)."""
    cry[s[S_NCRY], 0] = k
    cry[s[S_NCRY], 1] = 1
    s[S_NCRY] += 1


@kernel
def _text_search(s, deck, hand, kf, rng, lg, k, phase):
    """Search the deck for the first card with the name the text gives, into the hand (探す), then shuffle
    the rest (10-7-1-1). The deck is a ring from S_DTOP: it is turned to start at 0 first."""
    n = deck.shape[0]
    rotate_left(deck, 0, n, s[S_DTOP])
    s[S_DTOP] = 0
    found = -1
    for i in range(s[S_DCOUNT]):
        if kf[deck[i], F_FOUND_BY] & kf[k, F_SEARCH_BIT]:
            found = deck[i]
            deck[i] = deck[0]
            s[S_DTOP] = 1 % n
            s[S_DCOUNT] -= 1
            hand[s[S_NH]] = found
            s[S_NH] += 1
            break
    shuffle(rng, deck, s[S_DTOP], s[S_DTOP] + s[S_DCOUNT])
    _log(s, lg, E_EFFECT_SEARCH, phase, k, found)


@kernel
def _text_draws(s, deck, hand, n, k, lg, phase, keep):
    """Card k's text draws n, one at a time (4-8-3), stopping while the deck holds `keep` cards (a "may",
    1: 4-8-4-1); a draw from an empty deck does not happen (1-3-2) and the empty deck loses at the next
    checkpoint (1-2-2-2)."""
    for _ in range(n):
        if keep and s[S_DCOUNT] <= keep:
            return
        drawn = _draw(s, deck)
        if drawn < 0:
            return
        hand[s[S_NH]] = drawn
        s[S_NH] += 1
        _log(s, lg, E_EFFECT_DRAW, phase, k, drawn)


@kernel
def _can_uncap(s, crew, kf, k, slot):
    """10-4-2, 10-4-3-1: once per turn, the same character name, and the rank limit counted after the
    uncap: the new top card counts, the card that becomes a level card counts 0 (OQ-5)."""
    if s[S_UNCAP_USED] or kf[k, F_TYPE] != CREW or slot >= s[S_NCREW]:
        return False
    old = crew[slot, C_KIND]
    if kf[old, F_NAME] != kf[k, F_NAME]:
        return False
    return _crew_rank(s, crew, kf) - kf[old, F_RANK] + kf[k, F_RANK] <= s[S_NCRY]


@kernel
def _uncap(st, kf, lg, p, slot):
    """Hand card p goes on top of crew `slot`; the old top becomes a level card (+2 HP/ATK each). The
    state and this turn's modifications carry over (10-4-3-3-2); it is not entering play (10-2-2)."""
    s, hand, crew = st[0], st[2], st[5]
    k = hand[p]
    if not _can_uncap(s, crew, kf, k, slot):
        return False
    old = crew[slot, C_KIND]
    crew[slot, C_KIND] = k
    crew[slot, C_LEVELS] += 1
    crew[slot, C_OUGI] = 0  # a new card: its ougi is its own (2-6-1-1-3)
    s[S_UNCAP_USED] = 1
    _remove_from_hand(s, st[2], p)
    _log(s, lg, E_UNCAP, P_MAIN, k, old)
    return True


@kernel
def _can_job_change(s, capdeck, kf, ci):
    """10-3-2, 10-3-3-1: once per turn, a face-down captain card, rank <= crystals (captain area alone)."""
    if s[S_JC_USED] or ci >= s[S_NCAP] or capdeck[ci, 1] == 0:
        return False
    return kf[capdeck[ci, 0], F_RANK] <= s[S_NCRY]


@kernel
def _job_change(st, kf, lg, ci):
    """Captain-deck card ci goes face up on top; the old captain stays face up in the captain deck and can
    never be chosen again. State and modifications carry over (10-3-3-3-1)."""
    s, capdeck = st[0], st[6]
    if not _can_job_change(s, st[6], kf, ci):
        return False
    old = s[S_CAP]
    capdeck[ci, 1] = 0
    s[S_CAP] = capdeck[ci, 0]
    s[S_CAP_OUGI] = 0
    s[S_JC_USED] = 1
    _log(s, lg, E_JOB, P_MAIN, s[S_CAP], old)
    return True


# ---- paying crystals (8-4-2, §7.3) ----


@kernel
def _pay(cry, ncry, attr_of, pips, generic, commit, work):
    """Rest active crystals for `pips[a]` icons of attribute a plus `generic` of any attribute, all or
    nothing (8-4-2-4). Icons are matched to crystals by augmenting paths (multi-attribute crystals,
    OQ-11); the generic part takes attribute-less crystals first. attr_of[i]: crystal i's attribute bits;
    `work`: new_work's rows W_WANT .. W_SEEN as scratch space."""
    n_pips = 0
    for a in range(6):
        n_pips += pips[a]
    want = work[W_WANT]
    j = 0
    for a in range(6):
        for _ in range(pips[a]):
            want[j] = a
            j += 1
    match_c = work[W_MATCH_C]  # crystal -> icon
    match_c[:ncry] = -1
    match_p = work[W_MATCH_P]  # icon -> crystal
    match_p[:n_pips] = -1
    parent = work[W_PARENT]
    queue = work[W_QUEUE]
    seen = work[W_SEEN]
    for root in range(n_pips):
        seen[:ncry] = 0
        head = 0
        tail = 1
        queue[0] = root
        found = -1
        while head < tail and found < 0:
            u = queue[head]
            head += 1
            for c in range(ncry):
                if seen[c] or cry[c, 1] == 0 or not (attr_of[c] >> want[u]) & 1:
                    continue
                seen[c] = 1
                parent[c] = u
                if match_c[c] < 0:
                    found = c
                    break
                queue[tail] = match_c[c]
                tail += 1
        if found < 0:
            return False
        c = found
        while True:  # flip the path back to the root
            u = parent[c]
            prev = match_p[u]
            match_c[c] = u
            match_p[u] = c
            if prev < 0:
                break
            c = prev
    free = 0
    for c in range(ncry):
        if cry[c, 1] == 1 and match_c[c] < 0:
            free += 1
    if free < generic:
        return False
    if commit:
        _rest_payment(cry, ncry, attr_of, match_c, generic)
    return True


@kernel
def _rest_payment(cry, ncry, attr_of, match_c, generic):
    """Rest the crystals the icons were matched to, then `generic` more, attribute-less crystals first:
    they can pay nothing else."""
    for c in range(ncry):
        if match_c[c] >= 0:
            cry[c, 1] = 0
    left = generic
    for plain in range(2):
        for c in range(ncry):
            if left > 0 and cry[c, 1] == 1 and match_c[c] < 0 and (attr_of[c] == 0) == (plain == 0):
                cry[c, 1] = 0
                left -= 1


@kernel
def _pay_summon(st, kf, k, commit):
    s, cry, work = st[0], st[3], st[8]
    n = s[S_NCRY]
    attr_of = work[W_ATTR]
    for c in range(n):
        attr_of[c] = kf[cry[c, 0], F_ATTR]
    return _pay(cry, n, attr_of, kf[k, F_PIP : F_PIP + 6], kf[k, F_GENERIC], commit, work)


# ---- rule processing (8-5-1, 9-2-1, 9-4) ----


@kernel
def _checkpoint(s, knobs, rng, lg, phase):
    """Check-type rule processes in the order of 9-4: the defeat check, then one armor break at a time
    (each followed by rule processing again, 8-5-1-1). Returns an outcome code, or -1 to go on. Takes the
    scalars alone: it runs a dozen times a turn, and Numba counts a reference per array passed."""
    while True:
        i_lose = s[S_DCOUNT] <= 0  # 9-4-1-4
        opp_loses = s[S_OPP_KO] == 1 or (knobs[K_OPP_DECKOUT] == 1 and s[S_OPP_DECK] <= 0)
        if i_lose and opp_loses:
            return O_DRAW  # 1-2-3: a drawn game
        if i_lose:
            return O_LOSS_DECKOUT
        if opp_loses:
            return O_WIN if s[S_OPP_KO] == 1 else O_OPP_DECKOUT
        if s[S_PENDING] == 0:
            return -1
        # 9-4-2: the opponent turns one armor card up; in pure goldfish it goes to hand (§11.3)
        s[S_PENDING] -= 1
        s[S_OPP_ARMOR] -= 1
        entered = 0
        if knobs[K_CREW_ENTERS] == 1 and below(rng, PPM) < knobs[K_P_CREW] and s[S_OPP_CREW] < 3:
            s[S_OPP_CREW] += 1  # 9-4-2-3-2-1: enters rested, HP h_crew (§11.3 crew_enters)
            entered = 1
        _log(s, lg, E_BREAK, phase, s[S_OPP_ARMOR], entered)


@kernel
def _damage(s, knobs, lg, phase, dmg):
    """9-2-1 on the opponent: its first present crew member if it has one (7-2-1-3-1-2, 6-5-1-2-1-1),
    otherwise its captain. Damage below HP does nothing and is not remembered (OQ-3)."""
    if dmg <= 0:  # 9-2-1-3-1
        return
    if s[S_OPP_CREW] > 0:
        _log(s, lg, E_DAMAGE, phase, dmg, 1)
        if dmg >= knobs[K_H_CREW]:  # 9-2-1-3-5, 9-2-2: to the opponent's ougi gauge
            s[S_OPP_CREW] -= 1
            s[S_OPP_GAUGE] += 1
            _log(s, lg, E_OPP_CREW_KO, phase, s[S_OPP_CREW], 0)
        return
    _log(s, lg, E_DAMAGE, phase, dmg, 0)
    _captain_damage(s, dmg)


@kernel
def _captain_damage(s, dmg):
    """9-2-1-3-6 on the opponent's captain: damage of at least its HP breaks an armor card (at the next
    checkpoint, 9-4-2-2: one per hit, however large) or, with no armor left, incapacitates it."""
    if dmg >= s[S_OPP_HP]:
        if s[S_OPP_ARMOR] - s[S_PENDING] > 0:
            s[S_PENDING] += 1
        else:
            s[S_OPP_KO] = 1  # 9-4-1-3-1


# ---- the autopilot (§11.5) ----


@kernel
def _plan(plan, n, faceup, facedown, hp, opp_crew, h_crew, armor):  # noqa: C901 (one search; engine/README.md)
    """The best split of the n <= 4 attackers in `plan` (_attackers) into battles, with the ougi to use.
    Score: successful hits (opponent crew killed first, then captain hits capped at the lethal one, plus
    the chain burst if the face-down count reaches the target's HP), then fewer gauge cards spent, then
    more leftover ATK. Writes the partition row and the ougi mask to plan[A_BEST]; returns the score
    (0 = nothing to gain).

    No split makes more than `most` hits: with crew left, the kills and a chain burst (at most
    opp_crew); else the kills, captain hits and a burst (at most opp_crew + armor + 1); and at most one
    hit a group plus the burst. An ougi choice whose best possible score (every hit, its gauge cost,
    999 leftover) cannot beat the best found is not weighed: the result is the same, and when no ougi
    already makes every hit, that skips all but the first choice."""
    best = -1
    most = min(n + 1, opp_crew + armor + 1)
    atk, boost, ougi_n, sums, best_part, val = (
        plan[A_ATK],
        plan[A_BOOST],
        plan[A_OUGI_N],
        plan[A_SUMS],
        plan[A_BEST],
        plan[A_VAL],
    )
    best_part[0] = PART_START_NB[n]
    best_part[1] = 0
    for mask in range(1 << n):
        spent = 0
        ok = True
        for i in range(n):
            if (mask >> i) & 1:
                if ougi_n[i] < 0:
                    ok = False
                    break
                spent += ougi_n[i]
        if not ok or spent > faceup:
            continue
        if most * 1_000_000 + (999 - min(spent, 999)) * 1000 + 999 <= best:
            continue
        down = facedown + spent
        for i in range(n):
            val[i] = atk[i] + (boost[i] if (mask >> i) & 1 else 0)
        for p in range(PART_START_NB[n], PART_START_NB[n + 1]):
            # the groups' sums (-1: an empty group), sorted ascending by a sorting network on scalars:
            # this is the planner's innermost loop (an array and a general sort cost 6-8 % of the games)
            g0 = g1 = g2 = g3 = -1
            for i in range(n):
                g = PARTS_NB[p, i]
                if g == 0:
                    g0 = val[i] if g0 < 0 else g0 + val[i]
                elif g == 1:
                    g1 = val[i] if g1 < 0 else g1 + val[i]
                elif g == 2:
                    g2 = val[i] if g2 < 0 else g2 + val[i]
                else:
                    g3 = val[i] if g3 < 0 else g3 + val[i]
            if g0 > g1:
                g0, g1 = g1, g0
            if g2 > g3:
                g2, g3 = g3, g2
            if g0 > g2:
                g0, g2 = g2, g0
            if g1 > g3:
                g1, g3 = g3, g1
            if g1 > g2:
                g1, g2 = g2, g1
            sums[0], sums[1], sums[2], sums[3] = g0, g1, g2, g3
            kills = 0
            caps = 0
            leftover = 0
            for g in range(4):
                v = sums[g]
                if v < 0:
                    continue
                if kills < opp_crew and v >= h_crew:
                    kills += 1  # the smallest groups that kill a crew member go to the crew
                elif kills >= opp_crew and v >= hp and caps < armor + 1:
                    caps += 1
                else:
                    leftover += v
            if kills < opp_crew:
                # crew still present; hits on the captain that the order would allow are not counted
                hits = kills + (1 if down > 0 and down >= h_crew else 0)
            else:
                hits = kills + caps
                if caps < armor + 1 and down > 0 and down >= hp:
                    hits += 1
            score = hits * 1_000_000 + (999 - min(spent, 999)) * 1000 + min(leftover, 999)
            if score > best:
                best = score
                best_part[0] = p
                best_part[1] = mask
    return best


PARTS_NB = PARTS  # module globals are frozen into the compiled code
PART_START_NB = PART_START


@kernel
def _attackers(s, crew, plan, kf, knobs, hypothetical):
    """Active present cards that may attack (the captain is index -1, crew their slot), with ATK and the
    ougi each could still use, into the planner's rows; returns how many. `hypothetical`: every present
    card counts as active (main-phase planning)."""
    idx, atk, boost, ougi_n = plan[A_IDX], plan[A_ATK], plan[A_BOOST], plan[A_OUGI_N]
    n = 0
    if s[S_CAP_ACTIVE] == 1 or hypothetical:
        k = s[S_CAP]
        idx[n] = -1
        atk[n] = kf[k, F_ATK] + s[S_CAP_BONUS] + kf[k, F_ATTACK_ATK]
        boost[n] = kf[k, F_OUGI_ATK]
        ougi_n[n] = kf[k, F_OUGI_N] if s[S_CAP_OUGI] == 0 and knobs[K_OUGI] == 1 else -1
        n += 1
    for i in range(s[S_NCREW]):
        if crew[i, C_ACTIVE] == 0 and not hypothetical:
            continue
        if crew[i, C_NEW] == 1 and knobs[K_SICKNESS] == 1:
            continue  # OQ-2 alternative: no attack on the turn it entered
        k = crew[i, C_KIND]
        idx[n] = i
        atk[n] = _crew_atk(crew, kf, i) + kf[k, F_ATTACK_ATK]
        boost[n] = kf[k, F_OUGI_ATK]
        ougi_n[n] = kf[k, F_OUGI_N] if crew[i, C_OUGI] == 0 and knobs[K_OUGI] == 1 else -1
        n += 1
    return n


@kernel
def _gauge_counts(s, gauge):
    up = 0
    for g in range(s[S_NG]):
        if gauge[g, 1] == 0:
            up += 1
    return up, s[S_NG] - up


@kernel
def _board_score(s, crew, gauge, plan, kf, knobs, memo):
    """This turn's plan score for the board as it stands, every present card counted as able to attack.

    The score depends only on the attackers' ATK, ougi boost and ougi cost, not on which cards they are
    or their order: the rows are put in one order (by _attack_code) so that every order of the same
    attackers is one remembered plan."""
    n = _attackers(s, crew, plan, kf, knobs, True)
    atk, boost, ougi_n = plan[A_ATK], plan[A_BOOST], plan[A_OUGI_N]
    for i in range(1, n):
        a, b, o = atk[i], boost[i], ougi_n[i]
        code = _attack_code(a, b, o)
        j = i - 1
        while j >= 0 and _attack_code(atk[j], boost[j], ougi_n[j]) > code:
            atk[j + 1], boost[j + 1], ougi_n[j + 1] = atk[j], boost[j], ougi_n[j]
            j -= 1
        atk[j + 1], boost[j + 1], ougi_n[j + 1] = a, b, o
    up, down = _gauge_counts(s, gauge)
    hp, crew_left, h_crew, armor = s[S_OPP_HP], s[S_OPP_CREW], knobs[K_H_CREW], s[S_OPP_ARMOR]
    return _remembered_plan(plan, n, up, down, hp, crew_left, h_crew, armor, memo)


@kernel
def _attack_code(atk, boost, ougi_n):
    """One attacker's planner inputs as one integer, -1 outside the range it packs (not remembered)."""
    o = ougi_n + 1
    if atk < 0 or atk >= 1 << 20 or boost < 0 or boost >= 1 << 20 or o < 0 or o >= 1 << 10:
        return -1
    return (atk << 30) | (boost << 10) | o


@kernel
def _code_at(plan, i, n):
    """Attacker i's _attack_code, 0 past the n attackers."""
    return _attack_code(plan[A_ATK, i], plan[A_BOOST, i], plan[A_OUGI_N, i]) if i < n else 0


@kernel
def _remembered_plan(plan, n, faceup, facedown, hp, opp_crew, h_crew, armor, memo):
    """_plan, looked up first in the batch's memo (_new_state): the plan is a function of these inputs
    alone, and a batch of games meets a few thousand of them thousands of times. Same score, partition
    row and ougi mask as _plan; inputs outside the packed ranges are planned without the memo."""
    state = -1
    if (
        0 <= faceup < 1 << 8 and 0 <= facedown < 1 << 8 and 0 <= hp < 1 << 16 and 0 <= opp_crew < 1 << 4
        and 0 <= armor < 1 << 8 and 0 <= h_crew < 1 << 16
    ):  # fmt: skip
        state = n | faceup << 3 | facedown << 11 | hp << 19 | opp_crew << 35 | armor << 39 | h_crew << 47
    codes = (_code_at(plan, 0, n), _code_at(plan, 1, n), _code_at(plan, 2, n), _code_at(plan, 3, n))
    h = state
    for i in range(4):
        if codes[i] < 0:
            state = -1
        h = (h ^ codes[i]) * -7046029254386353131  # 0x9E3779B97F4A7C15, wrapping
    if state < 0:
        return _plan(plan, n, faceup, facedown, hp, opp_crew, h_crew, armor)
    slot = memo[(h >> 32) & (MEMO_SLOTS - 1)]
    hit = slot[M_STATE] == state
    for i in range(n):
        if slot[M_CODE + i] != codes[i]:
            hit = False
    best = plan[A_BEST]
    if hit:
        best[0] = slot[M_BEST] >> 8
        best[1] = slot[M_BEST] & 255
        return slot[M_SCORE]
    score = _plan(plan, n, faceup, facedown, hp, opp_crew, h_crew, armor)
    slot[M_STATE] = state
    for i in range(n):
        slot[M_CODE + i] = codes[i]
    slot[M_SCORE] = score
    slot[M_BEST] = best[0] << 8 | best[1]
    return score


@kernel
def _choose_board(st, kf, knobs, choice):  # noqa: C901 (one search; see engine/README.md)
    """§11.5: the crew to put into play and the uncap, searched together (3 crew, distinct character
    names, rank total <= crystals), for the most qualifying hits, then board ATK, then rank headroom;
    then the job change that most improves the hits, then ATK, if any does. Works on a scratch copy
    of the crew area. choice: [n_new, new hand positions x3, uncap hand position, uncap slot, captain]."""
    s, hand, gauge, crew, plan = st[0], st[2], st[4], st[5], st[7]
    saved_crew = st[9]
    copy_block(saved_crew, crew, 3, 6)
    saved_n = s[S_NCREW]
    nh = s[S_NH]
    cand = st[8][W_CAND]
    nc = 0
    room = s[S_NCRY] - _crew_rank(s, crew, kf)
    for p in range(nh):
        k = hand[p]
        if not _can_enter(s, crew, kf, k):
            continue
        dup = False
        for q in range(nc):
            if hand[cand[q]] == k:
                dup = True
        if not dup:
            cand[nc] = p
            nc += 1
    slots = 3 - saved_n
    choice[:] = -1
    choice[0] = 0
    memo = st[10]
    if nc == 0 and not _any_uncap(s, hand, crew, kf) and not _any_job_change(s, st[6], kf):
        return  # nothing can change the board: no search
    best = np.int64(-1)
    pick = st[8][W_PICK]
    pick[:3] = -1
    # subsets of at most three candidates, as index triples a < b < c (-1 = none)
    for a in range(-1, nc):
        for b in range(-1, nc):
            if b >= 0 and (a < 0 or b <= a):
                continue
            for c in range(-1, nc):
                if c >= 0 and (b < 0 or c <= b):
                    continue
                pick[0] = cand[a] if a >= 0 else -1
                pick[1] = cand[b] if b >= 0 else -1
                pick[2] = cand[c] if c >= 0 else -1
                m = 0
                rank = 0
                ok = True
                text_hits = 0
                text_cards = 0
                for i in range(3):
                    if pick[i] < 0:
                        continue
                    k = hand[pick[i]]
                    rank += kf[k, F_RANK]
                    for j in range(i):
                        if pick[j] >= 0 and kf[hand[pick[j]], F_NAME] == kf[k, F_NAME]:
                            ok = False
                    m += 1
                    text_hits += _enter_text_hits(s, kf, k)
                    text_cards += kf[k, F_ENTER_DRAW] + kf[k, F_ENTER_CRYSTAL] + (kf[k, F_SEARCH_BIT] > 0)
                if not ok or m > slots or rank > room:
                    continue
                # the board with these crew entered
                for i in range(3):
                    if pick[i] >= 0:
                        r = s[S_NCREW]
                        crew[r, :] = 0
                        crew[r, C_KIND] = hand[pick[i]]
                        crew[r, C_ACTIVE] = 1
                        crew[r, C_NEW] = 1
                        crew[r, C_BONUS] = kf[hand[pick[i]], F_ENTER_ATK]
                        s[S_NCREW] += 1
                # uncap options: none, or a hand card onto a crew member of its character name
                for up in range(-1, nh):
                    if up >= 0:
                        used = False
                        for i in range(3):
                            if pick[i] == up:
                                used = True
                        if used or kf[hand[up], F_TYPE] != CREW:
                            continue
                        dup = False
                        for q in range(up):
                            if hand[q] == hand[up] and q != pick[0] and q != pick[1] and q != pick[2]:
                                dup = True
                        if dup:
                            continue
                    for slot in range(s[S_NCREW] if up >= 0 else 1):
                        if up >= 0:
                            if not _can_uncap(s, crew, kf, hand[up], slot):
                                continue
                            old_kind = crew[slot, C_KIND]
                            crew[slot, C_KIND] = hand[up]
                            crew[slot, C_LEVELS] += 1
                        score = _board_score(s, crew, gauge, plan, kf, knobs, memo)
                        board_atk = 0
                        for i in range(s[S_NCREW]):
                            board_atk += _crew_atk(crew, kf, i)
                        headroom = s[S_NCRY] - _crew_rank(s, crew, kf)
                        gain = min(board_atk + 2 * text_cards, 99_999)  # a card from text: worth 2 ATK
                        hits = score + text_hits * 1_000_000
                        key = (hits * 100_000 + gain) * 100 + min(max(headroom, 0), 99)
                        if key > best:
                            best = key
                            choice[0] = m
                            choice[1] = pick[0]
                            choice[2] = pick[1]
                            choice[3] = pick[2]
                            choice[4] = up
                            choice[5] = slot if up >= 0 else -1
                        if up >= 0:
                            crew[slot, C_KIND] = old_kind
                            crew[slot, C_LEVELS] -= 1
                copy_block(crew, saved_crew, 3, 6)
                s[S_NCREW] = saved_n
    # job change, judged on the chosen board
    for i in range(3):
        if choice[1 + i] >= 0:
            r = s[S_NCREW]
            crew[r, :] = 0
            crew[r, C_KIND] = hand[choice[1 + i]]
            crew[r, C_ACTIVE] = 1
            crew[r, C_NEW] = 1
            crew[r, C_BONUS] = kf[hand[choice[1 + i]], F_ENTER_ATK]
            s[S_NCREW] += 1
    if choice[4] >= 0:
        crew[choice[5], C_KIND] = hand[choice[4]]
        crew[choice[5], C_LEVELS] += 1
    cap = s[S_CAP]
    best_cap = _board_score(s, crew, gauge, plan, kf, knobs, memo) * 1000 + kf[cap, F_ATK]
    for ci in range(s[S_NCAP]):
        if not _can_job_change(s, st[6], kf, ci):
            continue
        s[S_CAP] = st[6][ci, 0]
        here = _board_score(s, crew, gauge, plan, kf, knobs, memo) * 1000 + kf[s[S_CAP], F_ATK]
        if here > best_cap:
            best_cap = here
            choice[6] = ci
        s[S_CAP] = cap
    copy_block(crew, saved_crew, 3, 6)
    s[S_NCREW] = saved_n


@kernel
def _enter_text_hits(s, kf, k):
    """1 when card k's 登場時 damage qualifies against the opponent's captain (9-2-1-3-6), as a battle hit
    would: the board search counts it with the battles' hits."""
    return 1 if kf[k, F_ENTER_DAMAGE] >= s[S_OPP_HP] and kf[k, F_ENTER_DAMAGE] > 0 else 0


@kernel
def _any_uncap(s, hand, crew, kf):
    """Whether some hand card may uncap some crew member now."""
    for p in range(s[S_NH]):
        for slot in range(s[S_NCREW]):
            if _can_uncap(s, crew, kf, hand[p], slot):
                return True
    return False


@kernel
def _any_job_change(s, capdeck, kf):
    """Whether some captain card may be job changed into now."""
    for ci in range(s[S_NCAP]):  # noqa: SIM110 (Numba compiles no generator passed to any())
        if _can_job_change(s, capdeck, kf, ci):
            return True
    return False


# ---- turns ----


@kernel
def _flip_for_ougi(s, gauge, n):
    """2-6-1-1-1: turn n face-up gauge cards face down, the oldest first (OQ-20 default policy)."""
    for g in range(s[S_NG]):
        if n > 0 and gauge[g, 1] == 0:
            gauge[g, 1] = 1
            n -= 1


@kernel
def _battle(st, kf, knobs, rng, lg):
    """6-4 and 7: each attack step replans the remaining attackers and fights the plan's first battle."""
    s, crew, plan = st[0], st[5], st[7]
    idx, atk, boost, ougi_n, best = plan[A_IDX], plan[A_ATK], plan[A_BOOST], plan[A_OUGI_N], plan[A_BEST]
    gsum = st[8][W_GSUM]
    while True:
        r = _checkpoint(s, knobs, rng, lg, P_BATTLE)  # 7-2-1-2
        if r >= 0:
            return r
        n = _attackers(s, crew, plan, kf, knobs, False)
        if n == 0:
            return -1
        up, down = _gauge_counts(s, st[4])
        hp = s[S_OPP_HP]
        h_crew = knobs[K_H_CREW]
        score = _remembered_plan(plan, n, up, down, hp, s[S_OPP_CREW], h_crew, s[S_OPP_ARMOR], st[10])
        p, mask = best[0], best[1]
        gsum[:4] = -1
        for i in range(n):
            g = PARTS_NB[p, i]
            if gsum[g] < 0:
                gsum[g] = 0
            gsum[g] += atk[i] + (boost[i] if (mask >> i) & 1 else 0)
        # the first battle: the smallest group that kills an opponent crew member, else a group that
        # reaches the captain's HP; when it is the last useful group, every other attacker follows up
        first = -1
        useful = 0
        for g in range(4):
            need = h_crew if s[S_OPP_CREW] > 0 else hp
            if gsum[g] >= need:
                useful += 1
                if first < 0 or (s[S_OPP_CREW] > 0 and gsum[g] < gsum[first]):
                    first = g
        if score < 1_000_000:
            # no battle qualifies: the cards whose attack text helps attack alone for it, then pass
            # while not in a battle: on to the burst phase (7-2-1-4)
            return _text_attacks(st, kf, knobs, rng, lg, n)
        # no group reaches an HP but an ougi makes the chain burst qualify: everyone in one battle
        declared = 0
        total = 0
        for i in range(n):
            if PARTS_NB[p, i] != first and useful > 1:
                continue
            # 7-2-1-3-1-1 / 7-2-1-3-2-1: rest it; the first is the attack, the others follow up
            if idx[i] < 0:
                s[S_CAP_ACTIVE] = 0
            else:
                crew[idx[i], C_ACTIVE] = 0
            k = _kind_of(s, st[5], idx[i])
            # its ATK as it declares; its アタック時 boost, counted in atk[i], follows from its text
            _log(s, lg, E_ATTACK if declared == 0 else E_FOLLOW, P_BATTLE, k, atk[i] - kf[k, F_ATTACK_ATK])
            # the attacking card's アタック時 text (8-7-2-2), captain or crew; a follow-up is an attack too
            # (7-2-1-3-2-1)
            _text(st, kf, rng, lg, k, False, P_BATTLE)
            declared += 1
            if (mask >> i) & 1:  # 7-2-1-3-1-4: its ougi at the checkpoint after the declaration
                _flip_for_ougi(s, st[4], ougi_n[i])
                if idx[i] < 0:
                    s[S_CAP_BONUS] += boost[i]
                    s[S_CAP_OUGI] = 1
                else:
                    crew[idx[i], C_BONUS] += boost[i]
                    crew[idx[i], C_OUGI] = 1
                _log(s, lg, E_OUGI, P_BATTLE, _kind_of(s, st[5], idx[i]), ougi_n[i])
            r = _checkpoint(s, knobs, rng, lg, P_BATTLE)
            if r >= 0:
                return r
            total += atk[i] + (boost[i] if (mask >> i) & 1 else 0)
        # the opponent declines the counter step (7-2-1-4); damage step (7-4-1-2)
        r = _checkpoint(s, knobs, rng, lg, P_BATTLE)  # 7-4-1-1
        if r >= 0:
            return r
        _damage(s, knobs, lg, P_BATTLE, total)
        r = _checkpoint(s, knobs, rng, lg, P_BATTLE)  # 7-4-1-3
        if r >= 0:
            return r


@kernel
def _text_attacks(st, kf, knobs, rng, lg, n):
    """The planner's attackers (plan rows, n of them) whose アタック時 text draws or deals the opponent's
    captain damage that qualifies attack one at a time, alone, for that text (the autopilot plays
    text that helps); their battles deal their ATK as usual. Returns an outcome code, or -1."""
    s, crew, plan = st[0], st[5], st[7]
    idx, atk = plan[A_IDX], plan[A_ATK]
    for i in range(n):
        k = _kind_of(s, crew, idx[i])
        dmg = kf[k, F_ATTACK_DAMAGE]
        if kf[k, F_ATTACK_DRAW] == 0 and (dmg == 0 or dmg < s[S_OPP_HP]):
            continue
        if idx[i] < 0:
            s[S_CAP_ACTIVE] = 0
        else:
            crew[idx[i], C_ACTIVE] = 0
        _log(s, lg, E_ATTACK, P_BATTLE, k, atk[i] - kf[k, F_ATTACK_ATK])
        _text(st, kf, rng, lg, k, False, P_BATTLE)
        for _ in range(2):  # after the declaration (7-2-1-3-1-4) and at the damage step's start (7-4-1-1)
            r = _checkpoint(s, knobs, rng, lg, P_BATTLE)
            if r >= 0:
                return r
        _damage(s, knobs, lg, P_BATTLE, atk[i])
        r = _checkpoint(s, knobs, rng, lg, P_BATTLE)  # 7-4-1-3
        if r >= 0:
            return r
    return -1


@kernel
def _kind_of(s, crew, i):
    return s[S_CAP] if i < 0 else crew[i, C_KIND]


@kernel
def _start_phase(st, knobs, rng, lg):
    """Start phase (6-2): the turn's counters and modifications reset (6-5), everything becomes active
    (6-2-3), the draw (6-2-5), the top card becomes an active crystal (6-2-7), with the checkpoints
    between. Returns an outcome code, or -1 while the game goes on."""
    s, hand, cry, crew = st[0], st[2], st[3], st[5]
    s[S_JC_USED] = 0
    s[S_UNCAP_USED] = 0
    s[S_CAP_BONUS] = 0
    s[S_CAP_OUGI] = 0
    for i in range(s[S_NCREW]):
        crew[i, C_BONUS] = 0
        crew[i, C_OUGI] = 0
        crew[i, C_NEW] = 0
    r = _checkpoint(s, knobs, rng, lg, P_START)  # 6-2-2
    if r >= 0:
        return r
    s[S_CAP_ACTIVE] = 1
    for i in range(s[S_NCREW]):
        crew[i, C_ACTIVE] = 1
    for c in range(s[S_NCRY]):
        cry[c, 1] = 1
    _log(s, lg, E_UNTAP, P_START, s[S_NCREW], s[S_NCRY])
    r = _checkpoint(s, knobs, rng, lg, P_START)  # 6-2-4
    if r >= 0:
        return r
    draws = knobs[K_T1_DRAWS] if (knobs[K_GOING_FIRST] == 1 and s[S_OWN] == 1) else knobs[K_DRAWS]
    for _ in range(draws):
        k = _draw(s, st[1])
        if k < 0:
            break  # 1-3-2: the second draw from an empty deck does not happen
        hand[s[S_NH]] = k
        s[S_NH] += 1
        _log(s, lg, E_DRAW, P_START, k, s[S_DCOUNT])
    r = _checkpoint(s, knobs, rng, lg, P_START)  # 6-2-6
    if r >= 0:
        return r
    # 6-2-7: the top card becomes an active crystal; a summon trigger-activates (10-17-1-1)
    k = _draw(s, st[1])
    if k < 0:
        return O_LOSS_DECKOUT  # unreachable: an empty deck already lost at 6-2-6
    _add_crystal(s, cry, k)
    _log(s, lg, E_CRYSTAL, P_START, k, s[S_DCOUNT])
    return _checkpoint(s, knobs, rng, lg, P_START)  # 6-2-8


@kernel
def _summon_all(st, kf, knobs, rng, lg):
    """6-3-1-2-3: every summon whose condition and cost are met goes to the gauge, face up (OQ-20).
    Returns an outcome code, or -1."""
    s, hand, gauge = st[0], st[2], st[4]
    p = 0
    while p < s[S_NH]:
        k = hand[p]
        cond = kf[k, F_COND]
        if kf[k, F_TYPE] == SUMMON and cond >= 0 and s[S_NCRY] >= cond and _pay_summon(st, kf, k, True):
            _remove_from_hand(s, st[2], p)
            gauge[s[S_NG], 0] = k
            gauge[s[S_NG], 1] = 0
            s[S_NG] += 1
            _log(s, lg, E_SUMMON, P_MAIN, k, s[S_NG])
            r = _checkpoint(s, knobs, rng, lg, P_MAIN)
            if r >= 0:
                return r
        else:
            p += 1
    return -1


@kernel
def _place_board(st, kf, knobs, rng, lg):
    """The board _choose_board picked: the job change, then the crew and the uncap. Hand positions shift
    as cards leave, so the cards are taken out by kind; an uncap that does not raise the rank goes
    first, so every placement meets the rank limit."""
    s, hand, crew = st[0], st[2], st[5]
    choice = st[8][W_CHOICE]
    choice[:7] = 0
    _choose_board(st, kf, knobs, choice)
    if choice[6] >= 0:
        _job_change(st, kf, lg, choice[6])
    kinds = st[8][W_KINDS]
    kinds[:4] = -1
    for i in range(3):
        if choice[1 + i] >= 0:
            kinds[i] = hand[choice[1 + i]]
    uncap_kind = hand[choice[4]] if choice[4] >= 0 else -1
    slot = choice[5]
    early = uncap_kind >= 0 and slot < s[S_NCREW] and kf[uncap_kind, F_RANK] <= kf[crew[slot, C_KIND], F_RANK]
    if early:
        _uncap(st, kf, lg, _hand_pos(s, st[2], uncap_kind), slot)
    for i in range(3):
        if kinds[i] >= 0:
            _enter_crew(st, kf, rng, lg, _hand_pos(s, st[2], kinds[i]))
    if uncap_kind >= 0 and not early:
        _uncap(st, kf, lg, _hand_pos(s, st[2], uncap_kind), slot)


@kernel
def _burst_phase(st, knobs, rng, lg):
    """Burst phase (6-5): the chain burst is not optional (6-5-1-2): damage equal to the face-down
    gauge cards, which then go to the bottom in gauge order (6-5-1-2-1-4). Returns an outcome code,
    or -1."""
    s, gauge = st[0], st[4]
    r = _checkpoint(s, knobs, rng, lg, P_BURST)  # 6-5-1-1
    if r >= 0:
        return r
    up, down = _gauge_counts(s, st[4])
    if down > 0:
        _log(s, lg, E_BURST, P_BURST, down, 0)
        _damage(s, knobs, lg, P_BURST, down)
        r = _checkpoint(s, knobs, rng, lg, P_BURST)  # 6-5-1-2-1-3
        if r >= 0:
            return r
        w = 0
        for g in range(s[S_NG]):
            if gauge[g, 1] == 1:
                _put_bottom(s, st[1], gauge[g, 0])
            else:
                gauge[w, 0] = gauge[g, 0]
                gauge[w, 1] = 0
                w += 1
        s[S_NG] = w
        _log(s, lg, E_BOTTOM, P_BURST, down, s[S_DCOUNT])
    return _checkpoint(s, knobs, rng, lg, P_BURST)  # 6-5-1-3


@kernel
def _my_turn(st, kf, knobs, rng, lg):
    """One own turn (6): start, main (summons, then the board; 6-3), battle (6-4, 7; none on the first
    player's first turn unless OQ-1 says so), burst. Returns an outcome code, or -1."""
    s = st[0]
    r = _start_phase(st, knobs, rng, lg)
    if r >= 0:
        return r
    r = _checkpoint(s, knobs, rng, lg, P_MAIN)  # 6-3-1-1
    if r >= 0:
        return r
    if knobs[K_SUMMONS] == 1:
        r = _summon_all(st, kf, knobs, rng, lg)
        if r >= 0:
            return r
    _place_board(st, kf, knobs, rng, lg)
    r = _checkpoint(s, knobs, rng, lg, P_MAIN)
    if r >= 0:
        return r
    if not (knobs[K_GOING_FIRST] == 1 and s[S_OWN] == 1 and knobs[K_T1_ATTACK] == 0):
        r = _battle(st, kf, knobs, rng, lg)
        if r >= 0:
            return r
    return _burst_phase(st, knobs, rng, lg)


@kernel
def _hand_pos(s, hand, k):
    for p in range(s[S_NH] - 1, -1, -1):
        if hand[p] == k:
            return p
    return -1


@kernel
def _opp_turn(st, knobs, rng, lg, sched):
    """The passive opponent: its mandatory draws and crystal only (6-2-5 ... 6-2-8, §11.4)."""
    s = st[0]
    s[S_OPP_TURNS] += 1
    drawn = 0
    first_turn = knobs[K_GOING_FIRST] == 0 and s[S_OPP_TURNS] == 1
    drawn = min(knobs[K_T1_DRAWS] if first_turn else knobs[K_DRAWS], s[S_OPP_DECK])  # 6-2-5
    s[S_OPP_DECK] -= drawn
    _log(s, lg, E_OPP_TURN, P_OPP, s[S_OPP_DECK], drawn)
    r = _checkpoint(s, knobs, rng, lg, P_OPP)  # 6-2-6
    if r >= 0:
        return r
    if s[S_OPP_DECK] > 0:
        s[S_OPP_DECK] -= 1
    r = _checkpoint(s, knobs, rng, lg, P_OPP)  # 6-2-8
    if r >= 0:
        return r
    if sched.shape[0] > 0:  # opp_hp_schedule: the captain it has after its own turn t
        s[S_OPP_HP] = sched[min(s[S_OPP_TURNS], sched.shape[0]) - 1]
    return -1


@kernel
def _mark_returns(s, hand, kf, mode, ret):
    """The partial redraw's choice (§11.5, the redraw knob): ret[p] = 1 for each hand card to return.
    0, the default: every summon after the first, rank 3 and up, a third crew card of one name; 1: none;
    2: the whole hand unless it holds a crew card of rank 1 or less; 3: the cards not named to keep."""
    ret[: s[S_NH]] = 0
    if mode == 0:
        summons = 0
        for p in range(s[S_NH]):
            k = hand[p]
            if kf[k, F_TYPE] == SUMMON:
                summons += 1
                ret[p] = summons > 1
            elif kf[k, F_RANK] >= 3:
                ret[p] = True
            else:
                same = 0
                for q in range(p):
                    if kf[hand[q], F_TYPE] == CREW and kf[hand[q], F_NAME] == kf[k, F_NAME]:
                        same += 1
                ret[p] = same >= 2
    elif mode == 2:
        low = False
        for p in range(s[S_NH]):
            if kf[hand[p], F_TYPE] == CREW and kf[hand[p], F_RANK] <= 1:
                low = True
        ret[: s[S_NH]] = 0 if low else 1
    elif mode == 3:
        for p in range(s[S_NH]):
            ret[p] = kf[hand[p], F_KEEP] == 0


@kernel
def _setup(st, kf, knobs, rng, lg, pool, cap_pool):
    """5-2: shuffle, draw 5, one partial redraw to the bottom, 5 armor, a rank-0 captain."""
    s, deck, hand, capdeck = st[0], st[1], st[2], st[6]
    n = pool.shape[0]
    copy_prefix(deck, pool, n)
    if knobs[K_NO_SHUFFLE] == 0:  # 5-2-1-3 (Fisher-Yates)
        shuffle(rng, deck, knobs[K_DEALT], n)
    s[S_DTOP] = 0
    s[S_DCOUNT] = n
    for _ in range(knobs[K_HAND]):  # 5-2-1-5
        k = _draw(s, st[1])
        if k < 0:
            break
        hand[s[S_NH]] = k
        s[S_NH] += 1
    for p in range(s[S_NH]):
        _log(s, lg, E_HAND, P_SETUP, hand[p], 0)
    # 5-2-1-5-1: return cards in hand order to the bottom (the first returned ends up above the next)
    ret = st[8][W_RETURN]
    _mark_returns(s, hand, kf, knobs[K_REDRAW], ret)
    back = 0
    w = 0
    for p in range(s[S_NH]):
        if ret[p]:
            _put_bottom(s, st[1], hand[p])
            back += 1
        else:
            hand[w] = hand[p]
            w += 1
    s[S_NH] = w
    for _ in range(back):  # 5-2-1-5-2
        hand[s[S_NH]] = _draw(s, st[1])
        s[S_NH] += 1
    s[S_REDRAWN] = back
    if back:
        _log(s, lg, E_REDRAW, P_SETUP, back, 0)
        for p in range(s[S_NH]):
            _log(s, lg, E_HAND, P_SETUP, hand[p], 0)
    for _ in range(knobs[K_ARMOR_CARDS]):  # 5-2-1-6
        if _draw(s, st[1]) >= 0:
            s[S_ARMOR] += 1
    _log(s, lg, E_ARMOR, P_SETUP, s[S_ARMOR], s[S_DCOUNT])
    # 5-2-1-7: a rank-0 captain, face up and active: highest ATK, then HP, then card number (§11.5)
    pick = -1
    for ci in range(cap_pool.shape[0]):
        k = cap_pool[ci]
        capdeck[ci, 0] = k
        capdeck[ci, 1] = 1
        if kf[k, F_RANK] == 0 and (
            pick < 0
            or kf[k, F_ATK] > kf[cap_pool[pick], F_ATK]
            or (kf[k, F_ATK] == kf[cap_pool[pick], F_ATK] and kf[k, F_HP] > kf[cap_pool[pick], F_HP])
        ):
            pick = ci
    capdeck[pick, 1] = 0
    s[S_CAP] = cap_pool[pick]
    s[S_CAP_ACTIVE] = 1
    _log(s, lg, E_CAPTAIN, P_SETUP, s[S_CAP], 0)
    s[S_OPP_HP] = knobs[K_OPP_HP] if knobs[K_OPP_HP] > 0 else kf[s[S_CAP], F_HP]  # OQ-18 mirror fallback
    s[S_OPP_ARMOR] = knobs[K_OPP_ARMOR]
    s[S_OPP_DECK] = knobs[K_OPP_DECK]


@njit(cache=True)
def _play_game(seed64, knobs, pool, cap_pool, kf, sched, zones, log, logging, st):
    """One game on the state `st` (_new_state, cleared here); returns (outcome code, own turn, cards
    redrawn, log rows)."""
    nlog = np.zeros(2, dtype=np.int64)
    nlog[1] = 1 if logging else 0
    lg = (log, nlog)
    rng = np.empty(1, dtype=np.uint64)
    rng[0] = seed64
    _clear_state(st, cap_pool.shape[0])
    s = st[0]
    _setup(st, kf, knobs, rng, lg, pool, cap_pool)
    going_first = knobs[K_GOING_FIRST] == 1
    outcome = O_STALLED
    while True:
        s[S_GAME] += 1
        mine = (s[S_GAME] % 2 == 1) == going_first
        if s[S_OWN] >= knobs[K_MAX_TURNS]:  # the cap on own turns (§11.3): STALLED
            s[S_GAME] -= 1
            break
        if mine:
            s[S_OWN] += 1
            r = _my_turn(st, kf, knobs, rng, lg)
        else:
            r = _opp_turn(st, knobs, rng, lg, sched)
        if r >= 0:
            outcome = r
            break
    _zones(st, kf, zones)
    _log(s, lg, E_RESULT, P_RESULT, outcome, s[S_GAME])
    return outcome, s[S_OWN], s[S_REDRAWN], nlog[0]


@kernel
def _zones(st, kf, zones):
    s, gauge, crew, capdeck = st[0], st[4], st[5], st[6]
    levels = 0
    for i in range(s[S_NCREW]):
        levels += crew[i, C_LEVELS]
    up = 0
    for g in range(s[S_NG]):
        if gauge[g, 1] == 0:
            up += 1
    down_caps = 0
    for ci in range(s[S_NCAP]):
        down_caps += capdeck[ci, 1]
    zones[0] = s[S_DCOUNT]
    zones[1] = s[S_NH]
    zones[2] = s[S_ARMOR]
    zones[3] = s[S_NCRY]
    zones[4] = s[S_NCREW]
    zones[5] = levels
    zones[6] = up
    zones[7] = s[S_NG] - up
    zones[8] = down_caps
    zones[9] = s[S_OPP_ARMOR]
    zones[10] = s[S_OPP_DECK]
    zones[11] = s[S_OPP_CREW]
    zones[12] = s[S_GAME]


@njit(cache=True)
def _run_batch(seed, first_game, n_games, knobs, pool, cap_pool, kf, sched):
    """Counts over games first_game .. first_game + n_games - 1: kill turns, outcomes, redraws."""
    kills = np.zeros(knobs[K_MAX_TURNS] + 1, dtype=np.int64)
    outcomes = np.zeros(N_OUTCOMES, dtype=np.int64)
    redraws = 0
    zones = np.zeros(len(ZONES), dtype=np.int64)
    log = np.zeros((0, 5), dtype=np.int64)
    base = mix(np.uint64(seed))
    st = _new_state(pool.shape[0], cap_pool.shape[0])
    for i in range(first_game, first_game + n_games):
        seed64 = mix(base ^ np.uint64(i))  # base.game_seed(seed, i)
        outcome, turn, back, _ = _play_game(seed64, knobs, pool, cap_pool, kf, sched, zones, log, False, st)
        outcomes[outcome] += 1
        if outcome == O_WIN:
            kills[turn] += 1
        if back > 0:
            redraws += 1
    return kills, outcomes, redraws


# ---- the Python side: card data as a table, parameters as integers, the log as text ----

OUGI_PATTERNS = (
    re.compile(r"<\s*Ougi\s*(\d+)[^:>]*:\s*this card gets ATK\s*\+\s*(\d+)", re.IGNORECASE),
    re.compile(r"<\s*奥義\s*(\d+)[^:：>]*[:：]\s*このカードのATK\s*[+＋]\s*(\d+)"),
)
_OUGI_ANY = re.compile(r"<\s*(?:Ougi|奥義)\s*(\d+)", re.IGNORECASE)
_COST = re.compile(r"〔([^〔〕]*)〕")  # no 〔 inside: a run of 〔 is one scan, not one per character
CONDITION_PATTERNS = (
    re.compile(r"Condition:\s*you have (\d+) or more crystals", re.IGNORECASE),
    re.compile(r"宝晶石が(\d+)枚以上"),
)


def parse_cost(text: str) -> tuple[tuple[int, ...], int] | None:
    """The first 〔cost〕 in a text as (icons per attribute, generic count), or None if there is none.

    火 水 土 風 光 闇 are attribute icons (8-4-2-1); ① ② ... or a digit are generic (8-4-2-2); (0) is free.
    """
    m = _COST.search(text)
    if not m:
        return None
    pips = [0] * 6
    generic = 0
    body = m.group(1).replace("(0)", "").replace("（0）", "")
    for ch in body:
        if ch in PIP_CHARS:
            pips[PIP_CHARS.index(ch)] += 1
        elif "①" <= ch <= "⑳":
            generic += ord(ch) - ord("①") + 1
        elif ch.isdigit():
            generic += int(ch)
    return tuple(pips), generic


def can_pay(cost: str, crystals: list[tuple[str, ...]], active: list[bool] | None = None) -> bool:
    """Whether a 〔cost〕 can be paid with these crystals (each a tuple of attributes), §7.3."""
    parsed = parse_cost(cost) or ((0,) * 6, 0)
    n = len(crystals)
    cry = np.zeros((max(n, 1), 2), dtype=np.int64)
    attr_of = np.zeros(max(n, 1), dtype=np.int64)
    for i, attrs in enumerate(crystals):
        cry[i, 1] = 1 if active is None else int(active[i])
        attr_of[i] = sum(1 << ATTRIBUTES.index(a) for a in attrs)
    pips = np.array(parsed[0], dtype=np.int64)
    return bool(_pay(cry, n, attr_of, pips, parsed[1], False, new_work(n + sum(parsed[0]))))


@dataclass(frozen=True)
class Compiled:
    numbers: tuple[str, ...]  # card kinds in card-number order (the tie-break of §11.5)
    names: tuple[str, ...]
    kf: np.ndarray  # one row of F_* facts per kind
    pool: np.ndarray  # the main deck as kinds
    cap_pool: np.ndarray  # the captain deck as kinds, in card-number order

    def kind(self, number: str) -> int:
        return self.numbers.index(number)


def plays(effect: Effect) -> bool:
    """Whether the GBF goldfish plays this effect, for a crew card (a captain: its アタック時 only, as
    `plays_for` says): a draw, damage to the opponent's captain or its own ATK raised for the turn when
    it enters or attacks (declaring the attack or following up, 7-2-1-3-2-1); crystals from the deck
    and a search for a named card when it enters."""
    if effect.condition is not None:  # conditions are DBS FW's (engine/goldfish/dbsfw.py)
        return False
    if effect.zone:  # a card taken from another zone (FFTCG's Break Zone): not played here
        return False
    if effect.when not in ("enters", "attacks"):
        return False
    if effect.do in ("draw", "damage", "power"):
        return effect.filter is None
    if effect.when != "enters":
        return False
    if effect.do == "resource":
        return True
    f = effect.filter
    return (
        effect.do == "search"
        and effect.n == 1
        and not effect.top
        and not effect.until
        and f is not None
        and f.name is not None
    )


def plays_for(card_type: str, effect: Effect) -> bool:
    """`plays` for a card of this type: a crew card's effects; a captain's when it attacks."""
    return plays(effect) and (card_type == "crew" or (card_type == "captain" and effect.when == "attacks"))


def compile_deck(deck: Deck, keep: frozenset[str] = frozenset(), effects: bool = True) -> Compiled:
    """The deck's cards as a table of integers; ValueError for a card the simulator cannot read. With
    `effects`, the text it plays (`plays`) too."""
    numbers = sorted({e.card for s in ("captain", "main") for e in deck.entries(s)})
    kf = np.zeros((len(numbers), N_F), dtype=np.int64)
    name_ids: dict[str, int] = {}
    searched: dict[str, int] = {}  # a bit per card name a text searches for (at most one per kind: < 63)
    for i, n in enumerate(numbers):
        card = deck.cards[n]
        if card.type not in TYPE_CODES:
            raise ValueError(f"Card {n}: unknown GRANBLUE FANTASY card type {card.type!r}.")
        attr = 0
        for c in card.colors:
            if c.lower() not in ATTRIBUTES:
                raise ValueError(f"Card {n}: unknown attribute {c!r}.")
            attr |= 1 << ATTRIBUTES.index(c.lower())
        text = card.text or ""
        ougi_n, ougi_atk = -1, 0
        for pattern in OUGI_PATTERNS:
            if m := pattern.search(text):
                ougi_n, ougi_atk = int(m.group(1)), int(m.group(2))
                break
        else:
            if m := _OUGI_ANY.search(text):
                ougi_n = int(m.group(1))  # an ougi whose effect is not scripted: only its flips count
        cond = 0
        if card.type == "summon":
            for pattern in CONDITION_PATTERNS:
                if m := pattern.search(text):
                    cond = int(m.group(1))
                    break
            else:
                if "condition" in text.lower() or "条件" in text:
                    cond = -1  # a condition the simulator cannot read: never activated from hand
        cost = parse_cost(text) if card.type == "summon" else None
        pips, generic = cost if cost else ((0,) * 6, 0)
        kf[i, F_TYPE] = TYPE_CODES[card.type]
        kf[i, F_ATTR] = attr
        kf[i, F_RANK] = card.rank or 0
        kf[i, F_ATK] = card.atk or 0
        kf[i, F_HP] = card.hp or 0
        # 10-2-3-2-1: the same character is the same character name, as the validator reads it (2-1-1-1).
        kf[i, F_NAME] = name_ids.setdefault(character_name(card), len(name_ids))
        kf[i, F_OUGI_N] = ougi_n
        kf[i, F_OUGI_ATK] = ougi_atk
        kf[i, F_COND] = cond
        kf[i, F_GENERIC] = generic
        kf[i, F_KEEP] = n in keep
        kf[i, F_PIP : F_PIP + 6] = pips
        played = [e for e in card_effects("gbf", card) if plays_for(card.type, e)] if effects else []
        for when, draw_col, may_col, damage_col in (
            ("enters", F_ENTER_DRAW, F_ENTER_MAY_DRAW, F_ENTER_DAMAGE),
            ("attacks", F_ATTACK_DRAW, F_ATTACK_MAY_DRAW, F_ATTACK_DAMAGE),
        ):
            draws = [e for e in played if e.when == when and e.do == "draw"]
            kf[i, draw_col] = sum(e.n for e in draws if not e.optional)
            kf[i, may_col] = sum(e.n for e in draws if e.optional)
            kf[i, damage_col] = sum(e.n for e in played if e.when == when and e.do == "damage")
        kf[i, F_ENTER_ATK] = sum(e.n for e in played if e.when == "enters" and e.do == "power")
        kf[i, F_ATTACK_ATK] = sum(e.n for e in played if e.when == "attacks" and e.do == "power")
        kf[i, F_ENTER_CRYSTAL] = sum(e.n for e in played if e.do == "resource" and not e.optional)
        kf[i, F_ENTER_MAY_CRYSTAL] = sum(e.n for e in played if e.do == "resource" and e.optional)
        for e in played:
            if e.do == "search" and e.filter is not None and e.filter.name is not None:
                kf[i, F_SEARCH_BIT] = 1 << searched.setdefault(e.filter.name, len(searched))
    for i, n in enumerate(numbers):  # 「」 names a character (2-1-1-1), or a whole name with its [epithet]
        for name in {deck.cards[n].name, character_name(deck.cards[n])}:
            if name in searched:
                kf[i, F_FOUND_BY] |= 1 << searched[name]
    index = {n: i for i, n in enumerate(numbers)}
    pool = np.array([index[e.card] for e in deck.entries("main") for _ in range(e.count)], dtype=np.int64)
    caps = sorted(index[e.card] for e in deck.entries("captain") for _ in range(e.count))
    if not any(kf[k, F_RANK] == 0 and kf[k, F_TYPE] == CAPTAIN for k in caps):
        raise ValueError("The captain deck has no rank-0 captain card to start with (5-1-2-3, 5-2-1-7).")
    names = tuple(deck.cards[n].name for n in numbers)
    return Compiled(tuple(numbers), names, kf, pool, np.array(caps, dtype=np.int64))


class GBFSimulator(Simulator):
    game_id = "gbf"
    opponent_params = (
        Param(
            "opp_captain_hp",
            0,
            "HP of the opponent's captain. 0: the same as your own starting captain.",
            minimum=0,
            label="Opponent captain's HP",
            words=((0, "the same as your own starting captain"),),
        ),
        Param(
            "opp_hp_schedule",
            "",
            "The opponent captain's HP after each of its turns, comma-separated (e.g. 20,18,15). "
            "Empty: the HP does not change.",
            label="Opponent HP by turn",
            words=(("", "does not change"),),
        ),
        Param(
            "opp_armor",
            5,
            "Armor cards the opponent starts with.",
            minimum=0,
            label="Opponent's armor",
            rule="5-2-1-6",
        ),
        Param(
            "opp_deck_after_setup",
            40,
            "Cards in the opponent's deck after setup.",
            minimum=0,
            label="Opponent's deck size",
            rule="5-2",
        ),
        Param(
            "model_opp_deck_out",
            True,
            "The opponent draws and places crystals each turn, so its deck can run out.",
            label="Opponent can deck out",
        ),
        Param(
            "armor_mode",
            "pure",
            "What happens to an armor card your attack reveals.",
            choices=("pure", "crew_enters"),
            label="Revealed armor",
            choice_labels=("goes to the opponent's hand", "may enter as a crew member"),
        ),
        Param(
            "p_crew",
            0.8,
            "When revealed armor may enter as crew: the chance that it does.",
            minimum=0,
            maximum=1,
            label="Chance armor enters as crew",
            percent=True,
        ),
        Param(
            "h_crew",
            3,
            "When revealed armor enters as crew: that crew member's HP.",
            minimum=1,
            label="HP of such a crew member",
        ),
    )
    policy_params = (
        Param(
            "redraw",
            "default",
            "Which opening-hand cards the autopilot puts back to redraw.",
            choices=REDRAWS,
            label="Redraw",
            rule="5-2-1-5",
            choice_labels=(
                "extra summons, rank 3+ crew and third copies",
                "never",
                "all, when there is no rank 1 crew",
                "all but the cards listed below",
            ),
        ),
        Param(
            "keep_list",
            "",
            "Card numbers to keep when redrawing all but a list, comma-separated.",
            label="Cards to keep",
        ),
        Param(
            "first_player_can_attack_turn_1",
            True,
            "The player going first may attack on their first turn.",
            label="First player attacks on turn 1",
        ),
        Param(
            "summoning_sickness",
            False,
            "Crew cannot attack on the turn they enter (the rules do not say so; for comparison).",
            label="Crew wait a turn to attack",
        ),
        Param(
            "activate_summons",
            True,
            "Activate every summon whose condition and cost are met.",
            label="Activate summons",
            rule="6-3-1-2-3",
        ),
        Param(
            "use_ougi",
            True,
            "Use an ougi when it adds a hit that counts.",
            label="Use ougi",
            rule="2-6",
        ),
        Param(
            "card_effects",
            True,
            "Play the card texts the goldfish reads: a crew card's draw when it enters play or attacks.",
            label="Play card texts",
        ),
    )

    def in_force(self, deck: Deck, params: GoldfishParams) -> GoldfishParams:
        """The opponent captain's HP, when left at 0, is the HP of the captain each game starts with
        (the compiled loop picks it per game): one number when every rank-0 captain has the same HP."""
        if params.opponent["opp_captain_hp"]:
            return params
        hps = sorted({card.hp or 0 for card, _ in deck.cards_in("captain") if card.rank == 0})
        if not hps:
            return params
        mirror = hps[0] if len(hps) == 1 else f"your starting captain's, {hps[0]} to {hps[-1]}"
        return replace(params, opponent={**params.opponent, "opp_captain_hp": mirror})

    def knobs(self, params: GoldfishParams) -> tuple[np.ndarray, np.ndarray]:
        opp, pol = params.opponent, params.policy
        try:
            sched = [int(x) for x in str(opp["opp_hp_schedule"]).split(",") if x.strip()]
        except ValueError:
            sched = [-1]
        if not all(0 <= hp <= LARGEST for hp in sched):
            raise GoldfishParamError(
                "opp_hp_schedule must be whole numbers from 0 to "
                f"{LARGEST:,} separated by commas, not {opp['opp_hp_schedule']!r}."
            )
        k = np.zeros(N_KNOBS, dtype=np.int64)
        k[K_GOING_FIRST] = params.going == "first"
        k[K_MAX_TURNS] = params.max_turns
        k[K_OPP_HP] = opp["opp_captain_hp"]
        k[K_OPP_ARMOR] = opp["opp_armor"]
        k[K_OPP_DECK] = opp["opp_deck_after_setup"]
        k[K_OPP_DECKOUT] = opp["model_opp_deck_out"]
        k[K_CREW_ENTERS] = opp["armor_mode"] == "crew_enters"
        k[K_P_CREW] = round(float(opp["p_crew"]) * PPM)
        k[K_H_CREW] = opp["h_crew"]
        k[K_REDRAW] = REDRAWS.index(pol["redraw"])
        k[K_T1_ATTACK] = pol["first_player_can_attack_turn_1"]
        k[K_SICKNESS] = pol["summoning_sickness"]
        k[K_SUMMONS] = pol["activate_summons"]
        k[K_OUGI] = pol["use_ougi"]
        draw_rules = get_game(self.game_id).draw_rules
        k[K_HAND] = draw_rules.opening_hand
        k[K_ARMOR_CARDS] = draw_rules.set_aside_after_mulligan
        k[K_DRAWS] = draw_rules.draws_per_turn
        k[K_T1_DRAWS] = draw_rules.first_player_first_turn_draws
        if params.opening is not None:  # kept, or every card not in opening.kept to the bottom (_compiled)
            k[K_DEALT] = len(params.opening.hand)
            k[K_REDRAW] = REDRAWS.index("keep-list" if params.opening.mulligan else "never")
        return k, np.array(sched, dtype=np.int64)

    def _compiled(self, deck: Deck, params: GoldfishParams) -> Compiled:
        keep = frozenset(x.strip() for x in str(params.policy.get("keep_list", "")).split(",") if x.strip())
        if params.opening is not None:
            keep = frozenset(params.opening.kept)
        return compile_deck(deck, keep, bool(params.policy["card_effects"]))

    def prepare(self, deck, params):
        c = self._compiled(deck, params)
        if params.opening is not None:
            c = replace(c, pool=dealt_first(c.pool, c.numbers, params.opening.hand))
        return c, *self.knobs(params)

    def run_prepared(self, prepared, seed, first_game, n_games):
        c, knobs, sched = prepared
        kills, outcomes, redraws = _run_batch(
            seed & 0xFFFFFFFFFFFFFFFF, first_game, n_games, knobs, c.pool, c.cap_pool, c.kf, sched
        )
        return GoldfishResult(
            games=n_games,
            kill_turns={t: int(n) for t, n in enumerate(kills) if n},
            outcomes={name: int(outcomes[i]) for i, name in enumerate(OUTCOMES)},
            seed=seed,
            mulligans=int(redraws),  # games with a redraw of at least one card
        )

    def play_logged(self, deck, params, seed, game_index):
        return self._logged(*self.prepare(deck, params), game_seed(seed, game_index), game_index)

    def play_stacked(self, deck: Deck, params: GoldfishParams, order: list[str]) -> GameLog:
        """One game with the main deck in the given order, top first, never shuffled (§12.2)."""
        c = self._compiled(deck, params)
        if sorted(order) != sorted(c.numbers[k] for k in c.pool):
            raise ValueError("The order must list the main deck's cards, each copy once.")
        pool = np.array([c.kind(n) for n in order], dtype=np.int64)
        knobs, sched = self.knobs(params)
        knobs[K_NO_SHUFFLE] = 1
        return self._logged(Compiled(c.numbers, c.names, c.kf, pool, c.cap_pool), knobs, sched, 0, 0)

    def _logged(self, c: Compiled, knobs: np.ndarray, sched: np.ndarray, seed64: int, index: int) -> GameLog:
        log = np.zeros((MAX_LOG, 5), dtype=np.int64)
        zones = np.zeros(len(ZONES), dtype=np.int64)
        st = _new_state(c.pool.shape[0], c.cap_pool.shape[0])
        outcome, turn, _, n = _play_game(
            np.uint64(seed64), knobs, c.pool, c.cap_pool, c.kf, sched, zones, log, True, st
        )
        return GameLog(
            game_index=index,
            outcome=OUTCOMES[outcome],
            turn=int(turn),
            events=tuple(_decode(log[:n], c)),
            final={k: int(v) for k, v in zip(ZONES, zones, strict=True)},
        )


def _decode(rows: np.ndarray, c: Compiled) -> list[LogEvent]:
    """Event rows as readable lines; the setup hand is one line."""
    out: list[LogEvent] = []

    def card(k: int) -> str:
        return f"{c.names[k]} ({c.numbers[k]})"

    def trigger(k: int) -> str:
        if c.kf[k, F_TYPE] != SUMMON:
            return ""
        return " (a summon: trigger-activates, no scripted effect; stays a crystal)"

    texts = {
        E_REDRAW: lambda a, b: f"redraw: {a} card(s) to the bottom, {a} drawn",
        E_ARMOR: lambda a, b: f"armor: {a} cards from the top; deck {b}",
        E_CAPTAIN: lambda a, b: f"captain: {card(a)}",
        E_UNTAP: lambda a, b: f"untap captain, {a} crew, {b} crystals",
        E_DRAW: lambda a, b: f"draw {card(a)}; deck {b}",
        E_CRYSTAL: lambda a, b: f"crystal {card(a)}{trigger(a)}; deck {b}",
        E_SUMMON: lambda a, b: f"activate summon {card(a)}: to the ougi gauge ({b} cards)",
        E_JOB: lambda a, b: f"job change: {card(a)} on top of {card(b)}",
        E_ENTER: lambda a, b: f"crew {card(a)} enters",
        E_UNCAP: lambda a, b: f"uncap: {card(a)} on top of {card(b)}",
        E_ATTACK: lambda a, b: f"{card(a)} attacks (ATK {b})",
        E_FOLLOW: lambda a, b: f"{card(a)} follows up (ATK {b})",
        E_OUGI: lambda a, b: f"ougi of {card(a)}: {b} gauge card(s) face down",
        E_DAMAGE: lambda a, b: f"{a} damage to the opponent's {'crew member' if b else 'captain'}",
        E_BREAK: lambda a, b: (
            f"armor break: opponent armor {a}" + ("; a crew member enters rested" if b else "")
        ),
        E_OPP_CREW_KO: lambda a, b: f"the opponent's crew member is incapacitated; {a} left",
        E_BURST: lambda a, b: f"chain burst: {a} damage",
        E_BOTTOM: lambda a, b: f"{a} face-down gauge card(s) to the bottom; deck {b}",
        E_OPP_TURN: lambda a, b: f"opponent draws {b}, deck {a}",
        E_RESULT: lambda a, b: f"game over: {OUTCOMES[a]} (game turn {b})",
        E_EFFECT_DRAW: lambda a, b: f"{card(a)}: draw {card(b)}",
        E_EFFECT_CRYSTAL: lambda a, b: f"{card(a)}: {card(b)} from the deck becomes a crystal",
        E_EFFECT_SEARCH: lambda a, b: (
            f"{card(a)}: search the deck, {card(b) if b >= 0 else 'no card'} to the hand, shuffle"
        ),
        E_EFFECT_DAMAGE: lambda a, b: f"{card(a)}: {b} damage to the opponent's captain",
        E_EFFECT_ATK: lambda a, b: f"{card(a)}: ATK +{b} this turn",
    }

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
        text = texts[code](a, b)
        out.append(LogEvent(turn, where, text))
        i += 1
    return out
