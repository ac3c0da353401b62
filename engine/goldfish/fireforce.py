"""Fire Force TCG goldfish (docs/rules/fireforce.md §11; seed 004_a67ca9cd7a511db9.txt, rules 1.0.0), Numba.

One rules implementation: `_play_game` plays one game and, when asked, writes event rows that
`_decode` turns into the log; `_run_batch` calls the same function with logging off.

The game in one paragraph: cards with Flame on your field (Flame cards, one more each preparation
phase from a Flame deck of 5, and Units printed with the Flame icon) pay costs one each by being
exhausted (903.6); a Unit cannot pay for itself (905.4a) but pays for the next card the turn it
arrives, hence the deploy chain (§7.4). At 9 cards with Flame the excess goes to Adolla, and
Flame cards come straight back to the Flame deck (1303.1, 1304.1). Only a Unit with Flame or with an
attached Flame card may attack the player (702.2), one damage per attack; from 5 life the 6th point
wins (1302.1, OQ-6).

Cards are read from their data: type, cost, power, the keywords has-flame, assault (1202), prayer
(1204) and counter (a Counter Event is never usable, 603.1a). With the `card_effects` knob (default
on) three kinds of text count: an Event's ability, [On Deploy] and [When Attacking], when every part
of the line is "Draw N card(s)", "Deal N damage to your opponent", "Put the top card of your deck onto
your field face down as a Flame card" (307.7), a search for a card by name then a shuffle (1110.2,
1113.1), or a power change (power never matters against a player, 702.17b), a "may" draw or face-down
card taken while the deck keeps a card (1302.2); and an [On Deploy] that gives the Unit Assault for the
turn (1118.1) counts as Assault. Any other text does nothing (§11.1 item 10). Support power, [Defend]
and Counter abilities belong to the defending player and never come up (702.7, 702.12, 702.16). Not
modelled: the "develop" look-ahead mode of §11.5 (eligible attackers never pay) and the opponent's
life-card triggers (§11.3 `opp_uses_triggers` = false).
"""

from __future__ import annotations

from dataclasses import dataclass, replace

import numpy as np
from numba import njit

from engine.cards import Card
from engine.deck import Deck
from engine.effects import CardFilter, Effect
from engine.games import get_game
from engine.goldfish.arrays import copy_prefix, kernel
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
from engine.goldfish.rng import mix, shuffle
from engine.readers import card_effects
from engine.readers.fireforce import ABILITY_TAGS

UNIT, EVENT, DEAD = 0, 1, 2  # DEAD: a Flame card put in the main deck (illegal, 402.1): never usable
FLAME_DECK_SIZE = 5  # 403.1a-2, used when a deck lists no Flame deck
FLAME_CAP = 8  # 1303.1: at 9 or more, down to 8

# Outcome codes, in the order of base.OUTCOMES.
O_WIN, O_OPP_DECKOUT, O_LOSS_DECKOUT, O_STALLED = 0, 1, 2, 3

# Columns of the card-kind table `kf`. F_OPS..: the ops of the Event ability or [On Deploy];
# F_ATK_OPS..: of [When Attacking]. An op 0 < n < OP_FACE_DOWN draws n cards, n < 0 deals -n damage,
# n >= OP_FACE_DOWN puts n - OP_FACE_DOWN cards from the deck's top onto the field face down as Flame
# cards (307.7).
OP_FACE_DOWN = 1000
# A "may" draw or face-down card is its op + OP_MAY: taken while the deck keeps a card, as a deck of 0
# loses at the next rule check (1302.2). A search is OP_SEARCH + b: the first card of the deck whose
# F_FOUND_BY has bit b (one bit per card name searched for), then a shuffle.
OP_MAY = 10_000
OP_SEARCH = 20_000
F_TYPE, F_COST, F_POWER, F_FLAME, F_ASSAULT, F_PRAYER, F_COUNTER = range(7)
N_OPS = 4
F_OPS = 7
F_ATK_OPS = F_OPS + N_OPS
F_FOUND_BY = F_ATK_OPS + N_OPS  # the bits of the searches that find this card (its name)
N_F = F_FOUND_BY + 1

# Scalars of the state array `s`.
S_TOP, S_NH, S_NU, S_LIFE, S_ADOLLA, S_FDECK, S_OPP_LIFE, S_OPP_DEAD = range(8)
S_OWN, S_GAME, S_NLOG, S_OPP_DECK, S_MINE, S_ATTACK_OK, S_REDRAWN, S_OUT, S_PHASE = range(8, 17)
S_ZERO_LIFE = 17  # the lethal rule of OQ-6: 1 for ZERO_LIFE
S_NO_SHUFFLE = 18  # the stacked deck of the tests: a search does not shuffle either
N_S = 19
# Columns of a Unit on the field (`u`) and of a Flame card (`fc`). The rows of `fc` are the Flame deck's
# cards, then, for a deck whose text puts cards face down as Flame cards (307.7), a row for each deck card
# (FC_FACE_DOWN): such a card has Flame and pays, is never attached (307.7), and leaves to Adolla for good
# (it is no Flame card there, 1304.1).
U_KIND, U_ACTED, U_ARRIVED, U_ATT = range(4)
FC_ON_FIELD, FC_ACTED, FC_ATT, FC_FACE_DOWN = range(4)  # FC_ATT: the Unit it is attached to, or -1

# Knobs passed to the compiled code, in this order.
K_GOING_FIRST, K_MAX_TURNS, K_OPP_LIFE, K_ZERO_LIFE, K_OPP_DECKOUT, K_OPP_DECK = range(6)
K_MULLIGAN, K_MULL_COST, K_MULL_PAIR, K_EFFECTS, K_T1_DRAW, K_T1_ATTACK = range(6, 12)
K_NO_SHUFFLE = 12  # the stacked deck of the tests (§12.2): the pool's order is the deck's
# The game's draw rules (engine.games.fireforce.FireForce.draw_rules): opening hand, life cards, draws
# per turn, the first player's turn-1 draws.
K_HAND, K_LIFE, K_DRAWS, K_T1_DRAWS = range(13, 17)
K_DEALT = 17  # the pool's first cards are a fixed opening hand (base.Opening): the shuffle leaves them
N_KNOBS = 18

# Phases of the log.
P_SETUP, P_PREP, P_MAIN, P_END, P_OPP, P_RESULT = range(6)
PHASES = ("setup", "preparation", "main", "end", "opponent", "result")

# Event codes; each event is a row (code, own turn, phase, a, b, c, d).
E_HAND, E_REDRAW, E_LIFE, E_SECOND_FLAME, E_READY, E_DRAW, E_FLAME_IN, E_NO_FLAME = range(8)
E_STATE, E_DEPLOY, E_EVENT, E_PRAY, E_ATTACK, E_EFFECT_DRAW, E_EFFECT_NO_DRAW = range(8, 15)
E_DAMAGE, E_CAP_FLAME, E_CAP_UNIT, E_OPP_DRAW, E_END, E_RESULT, E_BOTH_LOSE = range(15, 22)
E_EFFECT_FACE_DOWN, E_CAP_FACE_DOWN, E_EFFECT_SEARCH = 22, 23, 24
N_LOG_COLS = 7
MAX_LOG = 8192

# Result reasons of E_RESULT.
R_DAMAGE, R_OWN_DECKOUT, R_OPP_DECKOUT, R_CAP, R_BOTH = range(5)

ZONES = (
    "deck",
    "hand",
    "life",
    "units",
    "adolla",
    "flame_deck",
    "flame_on_field",
    "flame_attached",
    "opp_life",
    "opp_deck",
    "with_flame",
    "face_down_flame",
)


# ---- small helpers over the state ----


@kernel
def _log(s, log, logging, code, a, b, c, d):
    if not logging:
        return
    n = s[S_NLOG]
    if n < log.shape[0]:
        log[n, 0] = code
        log[n, 1] = s[S_OWN]
        log[n, 2] = s[S_PHASE]
        log[n, 3] = a
        log[n, 4] = b
        log[n, 5] = c
        log[n, 6] = d
        s[S_NLOG] = n + 1


@kernel
def _with_flame(s, kf, u, fc):
    """Cards with Flame on the field (1303.1): Flame cards, attached ones too (OQ-7), and Flame Units."""
    n = 0
    for i in range(fc.shape[0]):
        if fc[i, FC_ON_FIELD]:
            n += 1
    for i in range(s[S_NU]):
        if kf[u[i, U_KIND], F_FLAME]:
            n += 1
    return n


@kernel
def _can_attack(s, kf, u, i):
    """702.1a: standby, not arrived this turn unless Assault; 702.2: the player is a legal target only
    for a Unit with Flame or an attached Flame card (the opponent has no Units)."""
    k = u[i, U_KIND]
    if not s[S_ATTACK_OK] or u[i, U_ACTED]:
        return False
    if u[i, U_ARRIVED] == s[S_OWN] and not kf[k, F_ASSAULT]:
        return False
    return kf[k, F_FLAME] == 1 or u[i, U_ATT] > 0


@kernel
def _payers(s, kf, u, fc):
    """Cards that may pay under the default policy of §11.5: standby Flame cards (an attached one only
    if standby, OQ-7) and standby Flame Units that cannot attack this turn. Attackers never pay."""
    n = 0
    for i in range(fc.shape[0]):
        if fc[i, FC_ON_FIELD] and not fc[i, FC_ACTED]:
            n += 1
    for i in range(s[S_NU]):
        if kf[u[i, U_KIND], F_FLAME] and not u[i, U_ACTED] and not _can_attack(s, kf, u, i):
            n += 1
    return n


@kernel
def _pay(s, kf, u, fc, cost):
    """903.6: exhaust `cost` payers, Flame cards first (unattached first), then Flame Units.
    Returns (Flame cards exhausted, Units exhausted); the caller checked that enough exist."""
    left = cost
    n_fc = 0
    for attached in range(2):
        for i in range(fc.shape[0]):
            if left == 0:
                break
            if fc[i, FC_ON_FIELD] and not fc[i, FC_ACTED] and (fc[i, FC_ATT] >= 0) == (attached == 1):
                fc[i, FC_ACTED] = 1
                left -= 1
                n_fc += 1
    n_u = 0
    for i in range(s[S_NU]):
        if left == 0:
            break
        if kf[u[i, U_KIND], F_FLAME] and not u[i, U_ACTED] and not _can_attack(s, kf, u, i):
            u[i, U_ACTED] = 1
            left -= 1
            n_u += 1
    return n_fc, n_u


@kernel
def _remove_unit(s, u, fc, i):
    """A Unit leaves the field; its attached Flame cards stay there, unattached, as they are (OQ-7)."""
    for f in range(fc.shape[0]):
        if fc[f, FC_ATT] == i:
            fc[f, FC_ATT] = -1
        elif fc[f, FC_ATT] > i:
            fc[f, FC_ATT] -= 1
    for j in range(i, s[S_NU] - 1):
        copy_prefix(u[j], u[j + 1], u.shape[1])
    s[S_NU] -= 1


@kernel
def _rule_check(s, kf, u, fc, log, logging):
    """1002.1 with the processes of 1300 in the order of OQ-9: defeat (1302), then the Flame cap
    (1303), then Flame cards in Adolla back to the Flame deck (1304). Returns True if the game ended."""
    mine_lost = s[S_TOP] < 0  # 1302.2; _draw marks the empty deck
    opp_out = s[S_OPP_DEAD] == 1  # 1302.1
    if mine_lost and opp_out:  # 103.3: the non-turn player wins
        s[S_OUT] = O_LOSS_DECKOUT if s[S_MINE] else O_WIN
        _log(s, log, logging, E_BOTH_LOSE, s[S_MINE], 0, 0, 0)
        return True
    if opp_out:
        s[S_OUT] = O_WIN
        return True
    if mine_lost:
        s[S_OUT] = O_LOSS_DECKOUT
        return True
    # 1303.1: put cards with Flame into Adolla until 8 remain. Policy (§11.5): (1) acted unattached
    # Flame cards, (2) standby unattached Flame cards (in each, the Flame deck's before face-down ones),
    # (3) the Flame Unit that can attack latest, lowest power, (4) attached Flame cards last. 1304.1:
    # Flame cards go straight back to the Flame deck; a face-down card stays in Adolla.
    while _with_flame(s, kf, u, fc) > FLAME_CAP:
        pick = -1
        for step in range(2):
            for i in range(fc.shape[0]):
                if pick < 0 and fc[i, FC_ON_FIELD] and fc[i, FC_ATT] < 0 and fc[i, FC_ACTED] == 1 - step:
                    pick = i
        if pick >= 0:
            acted = fc[pick, FC_ACTED]
            fc[pick, FC_ON_FIELD] = 0
            fc[pick, FC_ACTED] = 0
            if fc[pick, FC_FACE_DOWN]:
                s[S_ADOLLA] += 1
                _log(s, log, logging, E_CAP_FACE_DOWN, acted, 0, 0, 0)
            else:
                s[S_FDECK] += 1
                _log(s, log, logging, E_CAP_FLAME, acted, s[S_FDECK], 0, 0)
            continue
        best = -1
        for i in range(s[S_NU]):
            k = u[i, U_KIND]
            if not kf[k, F_FLAME]:
                continue
            if best < 0:
                best = i
                continue
            b = u[best, U_KIND]
            key_i = (1 if _can_attack(s, kf, u, i) else 0, kf[k, F_POWER], k)
            key_b = (1 if _can_attack(s, kf, u, best) else 0, kf[b, F_POWER], b)
            if key_i < key_b:
                best = i
        if best >= 0:
            _log(s, log, logging, E_CAP_UNIT, u[best, U_KIND], 0, 0, 0)
            _remove_unit(s, u, fc, best)
            s[S_ADOLLA] += 1
            continue
        for i in range(fc.shape[0]):
            if pick < 0 and fc[i, FC_ON_FIELD]:
                pick = i
        fc[pick, FC_ON_FIELD] = 0
        fc[pick, FC_ACTED] = 0
        fc[pick, FC_ATT] = -1
        s[S_FDECK] += 1
        _log(s, log, logging, E_CAP_FLAME, 2, s[S_FDECK], 0, 0)
    return False


@kernel
def _draw(s, deck, hand, log, logging, source):
    """1104.1: the top card of the deck into the hand. From an empty deck nothing happens (104.2);
    the deck reaching 0 is a loss at the next rule check (1302.2), marked by S_TOP < 0."""
    n_deck = deck.shape[0]
    if s[S_TOP] < 0 or s[S_TOP] >= n_deck:
        if source >= 0:
            _log(s, log, logging, E_EFFECT_NO_DRAW, source, 0, 0, 0)
        return
    k = deck[s[S_TOP]]
    hand[s[S_NH]] = k
    s[S_NH] += 1
    s[S_TOP] += 1
    left = n_deck - s[S_TOP]
    if source >= 0:
        _log(s, log, logging, E_EFFECT_DRAW, source, k, left, 0)
    else:
        _log(s, log, logging, E_DRAW, k, left, 0, 0)
    if left == 0:
        s[S_TOP] = -1


@kernel
def _damage(s, kf, u, fc, log, logging, n, source, attack):
    """802.1: n separate points; each moves the top life card to Adolla, or at 0 life is damage taken at
    0 life (1302.1). A rule check follows each point (802.1c). Returns True if the game ended."""
    for _ in range(n):
        if s[S_OPP_LIFE] > 0:
            s[S_OPP_LIFE] -= 1
            if s[S_OPP_LIFE] == 0 and s[S_ZERO_LIFE] == 1:
                s[S_OPP_DEAD] = 1  # OQ-6 reading B (ZERO_LIFE)
        else:
            s[S_OPP_DEAD] = 1  # 1302.1, reading A: damage taken while life is 0
        _log(s, log, logging, E_DAMAGE if not attack else E_ATTACK, source, s[S_OPP_LIFE], s[S_OPP_DEAD], 0)
        if _rule_check(s, kf, u, fc, log, logging):
            return True
    return False


@kernel
def _resolve_ops(s, kf, u, fc, deck, hand, log, logging, k, first, rng):
    """Resolve the ops of kind k from column `first` in printed order. Returns True if the game ended."""
    for j in range(N_OPS):
        op = kf[k, first + j]
        if op >= OP_SEARCH:
            _search(s, kf, deck, hand, log, logging, k, op - OP_SEARCH, rng)
            continue
        may = op >= OP_MAY
        if may:
            op -= OP_MAY
        if op >= OP_FACE_DOWN:
            for _ in range(op - OP_FACE_DOWN):
                if may and _deck_left(s, deck) <= 1:
                    break
                _face_down(s, deck, fc, log, logging, k)
        elif op > 0:
            for _ in range(op):
                if may and _deck_left(s, deck) <= 1:
                    break
                _draw(s, deck, hand, log, logging, k)
        elif op < 0 and _damage(s, kf, u, fc, log, logging, -op, k, False):
            return True
    return False


@kernel
def _search(s, kf, deck, hand, log, logging, source, bit, rng):
    """The first card of the deck with the name searched for into the hand (1110.2: the player sees the
    deck; "up to 1", so none when it is the deck's last card, 1302.2), then the deck shuffled (1113.1)."""
    n_deck = deck.shape[0]
    found = -1
    if _deck_left(s, deck) > 1:
        for i in range(s[S_TOP], n_deck):
            if kf[deck[i], F_FOUND_BY] & (1 << bit):
                found = deck[i]
                deck[i] = deck[s[S_TOP]]
                s[S_TOP] += 1
                hand[s[S_NH]] = found
                s[S_NH] += 1
                break
        if not s[S_NO_SHUFFLE]:
            shuffle(rng, deck, s[S_TOP], n_deck)
    _log(s, log, logging, E_EFFECT_SEARCH, source, found, _deck_left(s, deck), 0)


@kernel
def _deck_left(s, deck):
    """Cards left in the deck (S_TOP < 0: it ran out)."""
    return 0 if s[S_TOP] < 0 else deck.shape[0] - s[S_TOP]


@kernel
def _face_down(s, deck, fc, log, logging, source):
    """307.7: the top card of the deck onto the field face down as a Flame card, standby (303.1a). From
    an empty deck nothing happens (104.2); the deck reaching 0 is a loss at the next rule check (1302.2),
    as for a draw."""
    n_deck = deck.shape[0]
    if s[S_TOP] < 0 or s[S_TOP] >= n_deck:
        _log(s, log, logging, E_EFFECT_FACE_DOWN, source, -1, 0, 0)
        return
    for i in range(fc.shape[0]):
        if fc[i, FC_FACE_DOWN] and not fc[i, FC_ON_FIELD]:
            fc[i, FC_ON_FIELD] = 1
            fc[i, FC_ACTED] = 0
            fc[i, FC_ATT] = -1
            break
    s[S_TOP] += 1
    left = n_deck - s[S_TOP]
    _log(s, log, logging, E_EFFECT_FACE_DOWN, source, deck[s[S_TOP] - 1], left, 0)
    if left == 0:
        s[S_TOP] = -1


@kernel
def _rank(s, kf, k, ops_on):
    """The deploy-loop rank of a hand card (lower first) under §11.5 "What to deploy or use", or -1
    if the policy never uses it: (0) Flame Units, cheapest first, Assault first; (1) cards that draw or
    put cards face down as Flame cards; (2) cards that deal damage; (3) Prayer Units without Flame,
    cheapest first; (4) other Units, the most expensive first (cost spent); (5) other Events, the most
    expensive first."""
    t = kf[k, F_TYPE]
    c = min(kf[k, F_COST], 99)
    if t == DEAD or (t == EVENT and kf[k, F_COUNTER]):
        return -1  # 603.1a: a Counter Event cannot be used in the main phase
    draws = False
    hits = False
    if ops_on:
        for j in range(N_OPS):
            if kf[k, F_OPS + j] > 0:
                draws = True
            elif kf[k, F_OPS + j] < 0:
                hits = True
    if t == UNIT and kf[k, F_FLAME]:
        return 0 * 1000 + c * 2 + (0 if kf[k, F_ASSAULT] else 1)
    if draws:
        return 1000 + c
    if hits:
        return 2000 + c
    if t == UNIT and kf[k, F_PRAYER]:
        return 3000 + c
    if t == UNIT:
        return 4000 + 99 - c
    return 5000 + 99 - c


@kernel
def _flame_fits(s, kf, u, fc):
    """Whether one more Flame Unit may come in under the cap (§11.5 "Deploying into the cap")."""
    if _with_flame(s, kf, u, fc) < FLAME_CAP:
        return True
    for i in range(fc.shape[0]):  # noqa: SIM110 (a loop: Numba compiles no generator into any())
        if fc[i, FC_ON_FIELD] and fc[i, FC_ATT] < 0:
            return True
    return False


MAX_PLANNED = 12  # Flame Units of a hand the plan weighs (2^12 subsets at most; hands hold far fewer)


@kernel
def _flame_plan(s, kf, hand, payers, work):
    """The hand position of the Flame Unit to deploy next under §11.5 "What to deploy": of every subset of
    the Flame Units in hand that the deploy chain of 7.4 can pay for, the one with (1) the most Units
    (next turn's attackers), then (2) the most cost spent, then (3) the most Assault Units (they attack
    this turn); its first Unit in chain order. -1 if none can be paid.

    The chain (7.4): a Unit that cannot attack this turn pays for the next card once it is in, so those
    go first, cheapest first; an Assault Unit that may attack this turn never pays (§11.5 "How to pay"),
    so those go last, cheapest first. The Flame cap is left to the deploy loop, which checks it. `work`
    is (2, MAX_PLANNED) scratch space."""
    pos = work[0]
    n = 0
    for p in range(s[S_NH]):
        k = hand[p]
        if kf[k, F_TYPE] == UNIT and kf[k, F_FLAME] and n < MAX_PLANNED:
            pos[n] = p
            n += 1
    # every subset in chain order is the subset of the Units sorted once in chain order
    chain = work[1]
    for i in range(n):
        key = _chain_key(s, kf, hand[pos[i]])
        j = i - 1
        while j >= 0 and _chain_key(s, kf, hand[pos[chain[j]]]) > key:
            chain[j + 1] = chain[j]
            j -= 1
        chain[j + 1] = i
    best_first = -1
    best_count = 0
    best_cost = -1
    best_assault = -1
    best_mask = 0
    for subset in range(1, 1 << n):  # bit j: the j-th Unit in chain order
        m = 0
        pool = payers
        cost = 0
        assault = 0
        mask = 0  # the same subset by hand order: of equal subsets the least mask wins
        first = -1
        ok = True
        for j in range(n):
            if not subset & (1 << j):
                continue
            i = chain[j]
            k = hand[pos[i]]
            c = max(kf[k, F_COST], 0)
            if pool < c:
                ok = False
                break
            pool -= c
            cost += c
            if _pays_later(s, kf, k):
                pool += 1
            else:
                assault += 1
            if first < 0:
                first = pos[i]
            mask |= 1 << i
            m += 1
        if not ok:
            continue
        better = (m, cost, assault) > (best_count, best_cost, best_assault)
        if better or ((m, cost, assault) == (best_count, best_cost, best_assault) and mask < best_mask):
            best_first, best_count, best_cost, best_assault, best_mask = first, m, cost, assault, mask
    return best_first


@kernel
def _pays_later(s, kf, k):
    """A Flame Unit deployed now can pay for the next card unless it may attack this turn (Assault, on a
    turn with attacks): attackers never pay (§11.5)."""
    return not (kf[k, F_ASSAULT] and s[S_ATTACK_OK])


@kernel
def _chain_key(s, kf, k):
    return (0 if _pays_later(s, kf, k) else 1000) + min(kf[k, F_COST], 99)


@kernel
def _use_cards(s, kf, u, fc, deck, hand, log, logging, ops_on, work, rng):
    """The deploy loop: the first affordable card in rank order is used, then the loop starts again
    (re-planned after every card, as draws change the hand). Returns True if the game ended."""
    while True:
        payers = _payers(s, kf, u, fc)
        best = -1
        best_rank = 1 << 40
        for p in range(s[S_NH]):
            k = hand[p]
            r = _rank(s, kf, k, ops_on)
            if r < 0 or kf[k, F_COST] > payers:
                continue  # 905.4b: a cost that cannot be paid in full cannot be paid
            if kf[k, F_TYPE] == UNIT and kf[k, F_FLAME] and not _flame_fits(s, kf, u, fc):
                continue  # deploying into the cap (§11.5): only while a Flame card can go instead
            if r < best_rank or (r == best_rank and k < hand[best]):
                best = p
                best_rank = r
        if best >= 0 and best_rank < 1000:  # a Flame Unit comes first: which one, the chain plan says
            planned = _flame_plan(s, kf, hand, payers, work)
            if planned >= 0:
                best = planned
        if best < 0:
            return False
        k = hand[best]
        for p in range(best, s[S_NH] - 1):  # 905.4a: to the resolution zone
            hand[p] = hand[p + 1]
        s[S_NH] -= 1
        cost = max(kf[k, F_COST], 0)  # 903.5
        n_fc, n_u = _pay(s, kf, u, fc, cost)  # 905.4b
        if kf[k, F_TYPE] == UNIT:  # 905.4d-1: onto the field, standby (303.1a)
            i = s[S_NU]
            u[i, U_KIND] = k
            u[i, U_ACTED] = 0
            u[i, U_ARRIVED] = s[S_OWN]
            u[i, U_ATT] = 0
            s[S_NU] += 1
            _log(s, log, logging, E_DEPLOY, k, cost, n_fc, n_u)
            # 602.2: the rule check, with [On Deploy] used in it (908.1a); the cap before the trigger
            if _rule_check(s, kf, u, fc, log, logging):
                return True
        else:
            _log(s, log, logging, E_EVENT, k, cost, n_fc, n_u)
            # 905.4d-2: to Adolla after it resolves; counted now, as nothing reads Adolla meanwhile and
            # a game that ends during the resolution still accounts for the card
            s[S_ADOLLA] += 1
        if ops_on and _resolve_ops(s, kf, u, fc, deck, hand, log, logging, k, F_OPS, rng):
            return True
        if _rule_check(s, kf, u, fc, log, logging):  # 602.2, 603.2
            return True


@kernel
def _pray(s, kf, u, fc, log, logging):
    """1204.1 under the §11.5 policy: a standby Prayer Unit that cannot attack itself attaches an acted,
    unattached Flame card to a standby Unit without Flame or attachment that can attack this turn
    ([When Attacking] Units first, then card number). Never without an acted Flame card."""
    while True:
        pr = -1
        for i in range(s[S_NU]):
            if pr < 0 and kf[u[i, U_KIND], F_PRAYER] and not u[i, U_ACTED] and not _can_attack(s, kf, u, i):
                pr = i
        card = -1
        for i in range(fc.shape[0]):
            attachable = fc[i, FC_ATT] < 0 and not fc[i, FC_FACE_DOWN]  # 307.7
            if card < 0 and fc[i, FC_ON_FIELD] and fc[i, FC_ACTED] and attachable:
                card = i
        if pr < 0 or card < 0:
            return
        target = -1
        for i in range(s[S_NU]):
            k = u[i, U_KIND]
            if i == pr or kf[k, F_FLAME] or u[i, U_ATT] > 0:
                continue
            u[i, U_ATT] = 1  # would it be able to attack once armed?
            ok = _can_attack(s, kf, u, i)
            u[i, U_ATT] = 0
            if not ok:
                continue
            if target < 0 or _attack_order(kf, u, i) < _attack_order(kf, u, target):
                target = i
        if target < 0:
            return
        u[pr, U_ACTED] = 1
        fc[card, FC_ATT] = target
        u[target, U_ATT] += 1
        _log(s, log, logging, E_PRAY, u[pr, U_KIND], u[target, U_KIND], 0, 0)


@kernel
def _attack_order(kf, u, i):
    """Units with [When Attacking] effects first, then by card number (§11.5 "Which Units attack")."""
    k = u[i, U_KIND]
    has = 0
    for j in range(N_OPS):
        if kf[k, F_ATK_OPS + j] != 0:
            has = 1
    return (1 - has) * 1_000_000 + k


@kernel
def _attack_all(s, kf, u, fc, deck, hand, log, logging, ops_on, rng):
    """Every eligible Unit attacks the player (702.1, 702.2); 1 damage each, whatever the power
    (702.17b). Returns True if the game ended."""
    while True:
        a = -1
        for i in range(s[S_NU]):
            if _can_attack(s, kf, u, i) and (a < 0 or _attack_order(kf, u, i) < _attack_order(kf, u, a)):
                a = i
        if a < 0:
            return False
        k = u[a, U_KIND]
        u[a, U_ACTED] = 1  # 702.1
        if ops_on and _resolve_ops(s, kf, u, fc, deck, hand, log, logging, k, F_ATK_OPS, rng):  # 702.3
            return True
        if _damage(s, kf, u, fc, log, logging, 1, k, True):  # 702.17b, 802
            return True


@kernel
def _has_cheap_attacker(kf, hand, nh, max_cost, pair):
    """The redraw policy (§11.5): keep a hand with a Unit that has Flame of cost <= max_cost, or with
    `pair`, a Prayer Unit and another Unit without Flame both of cost <= max_cost."""
    prayer = 0
    plain = 0
    for p in range(nh):
        k = hand[p]
        if kf[k, F_TYPE] != UNIT or kf[k, F_COST] > max_cost:
            continue
        if kf[k, F_FLAME]:
            return True
        if kf[k, F_PRAYER]:
            prayer += 1
        plain += 1
    return pair and prayer >= 1 and plain >= 2


@kernel
def _deal(rng, knobs, kf, s, deck, hand, fc, log, logging):
    """Set-up (404.1): the Flame deck (404.1a), the shuffled deck (404.1b; index S_TOP is the top card),
    5 cards moved (not drawn, OQ-19) into the hand (404.1c), at most one redraw decided from the hand
    alone since the play order is not known yet (404.1d), 5 life cards (404.1e), and the second
    player's first Flame card (404.1g)."""
    n_deck = deck.shape[0]
    n_flame = 0
    for i in range(fc.shape[0]):
        n_flame += 1 - fc[i, FC_FACE_DOWN]
    s[S_FDECK] = n_flame
    if knobs[K_NO_SHUFFLE] == 0:
        shuffle(rng, deck, knobs[K_DEALT], n_deck)
    _take_hand(knobs, s, deck, hand)
    for p in range(s[S_NH]):
        _log(s, log, logging, E_HAND, hand[p], 0, 0, 0)
    if knobs[K_MULLIGAN] == 1 and not _has_cheap_attacker(
        kf, hand, s[S_NH], knobs[K_MULL_COST], knobs[K_MULL_PAIR] == 1
    ):
        s[S_REDRAWN] = 1
        for p in range(s[S_NH]):  # the whole hand back into the deck, shuffle, top 5 into the hand
            deck[p] = hand[p]
        s[S_TOP] = 0
        s[S_NH] = 0
        if knobs[K_NO_SHUFFLE] == 0:
            shuffle(rng, deck, 0, n_deck)
        _take_hand(knobs, s, deck, hand)
        _log(s, log, logging, E_REDRAW, 0, 0, 0, 0)
        for p in range(s[S_NH]):
            _log(s, log, logging, E_HAND, hand[p], 0, 0, 0)
    s[S_LIFE] = min(knobs[K_LIFE], n_deck - s[S_TOP])
    s[S_TOP] += s[S_LIFE]
    _log(s, log, logging, E_LIFE, s[S_LIFE], n_deck - s[S_TOP], 0, 0)
    if s[S_TOP] >= n_deck:
        s[S_TOP] = -1  # 1302.2: a deck of 10 cards or fewer is empty before the first turn
    if knobs[K_GOING_FIRST] != 1 and n_flame > 0:
        fc[0, FC_ON_FIELD] = 1
        s[S_FDECK] -= 1
        _log(s, log, logging, E_SECOND_FLAME, s[S_FDECK], 0, 0, 0)
    s[S_OPP_LIFE] = knobs[K_OPP_LIFE]
    s[S_OPP_DECK] = knobs[K_OPP_DECK]


@kernel
def _take_hand(knobs, s, deck, hand):
    for _ in range(min(knobs[K_HAND], deck.shape[0])):
        hand[s[S_NH]] = deck[s[S_TOP]]
        s[S_NH] += 1
        s[S_TOP] += 1


@kernel
def _opponent_turn(knobs, s, log, logging):
    """The opponent's preparation phase: only its draw (502.4) when its deck-out is modelled. Returns
    whether its deck ran out (1302.2 at 502.6 of its turn)."""
    s[S_PHASE] = P_OPP
    if knobs[K_OPP_DECKOUT] != 1:
        return False
    s[S_OPP_DECK] -= 1
    _log(s, log, logging, E_OPP_DRAW, s[S_OPP_DECK], 0, 0, 0)
    if s[S_OPP_DECK] <= 0:
        s[S_OUT] = O_OPP_DECKOUT
        return True
    return False


@kernel
def _preparation(knobs, kf, s, u, fc, deck, hand, log, logging):
    """Preparation phase (502): ready every acted card and take attached Flame cards off, standby
    (502.1), rule check (502.3), draw (502.4; no first-turn exception, OQ-1), a Flame card onto the
    field unless the Flame deck is empty (502.5, 104.2), rule check (502.6: deck-out, cap, Flame
    return). Returns whether the game ended."""
    s[S_PHASE] = P_PREP
    detached = 0
    for i in range(s[S_NU]):
        u[i, U_ACTED] = 0
        u[i, U_ATT] = 0
    for i in range(fc.shape[0]):
        fc[i, FC_ACTED] = 0
        if fc[i, FC_ATT] >= 0:
            fc[i, FC_ATT] = -1
            detached += 1
    _log(s, log, logging, E_READY, s[S_NU], detached, 0, 0)
    if _rule_check(s, kf, u, fc, log, logging):
        return True
    draws = knobs[K_DRAWS]
    if knobs[K_GOING_FIRST] == 1 and s[S_OWN] == 1:
        draws = knobs[K_T1_DRAWS] if knobs[K_T1_DRAW] == 1 else 0
    for _ in range(draws):
        _draw(s, deck, hand, log, logging, -1)
    if s[S_FDECK] > 0:
        for i in range(fc.shape[0]):
            if not fc[i, FC_ON_FIELD] and not fc[i, FC_FACE_DOWN]:
                fc[i, FC_ON_FIELD] = 1
                fc[i, FC_ACTED] = 0
                fc[i, FC_ATT] = -1
                break
        s[S_FDECK] -= 1
        _log(s, log, logging, E_FLAME_IN, s[S_FDECK], 0, 0, 0)
    else:
        _log(s, log, logging, E_NO_FLAME, 0, 0, 0, 0)
    return _rule_check(s, kf, u, fc, log, logging)


@kernel
def _main_phase(kf, s, u, fc, deck, hand, log, logging, ops_on, work, rng):
    """Main phase (503) in the order of §11.5: (1) use cards, (2) pray, (3) attack, (4) use what the
    attacks drew. Returns whether the game ended."""
    s[S_PHASE] = P_MAIN
    if logging:
        on_field = 0
        for i in range(fc.shape[0]):
            on_field += fc[i, FC_ON_FIELD]
        n_fu = 0
        for i in range(s[S_NU]):
            n_fu += kf[u[i, U_KIND], F_FLAME]
        _log(s, log, logging, E_STATE, s[S_NH], on_field, n_fu, s[S_FDECK])
    if _use_cards(s, kf, u, fc, deck, hand, log, logging, ops_on, work, rng):
        return True
    _pray(s, kf, u, fc, log, logging)
    if _attack_all(s, kf, u, fc, deck, hand, log, logging, ops_on, rng):
        return True
    return _use_cards(s, kf, u, fc, deck, hand, log, logging, ops_on, work, rng)


@kernel
def _final_zones(kf, s, u, fc, n_deck, zones):
    """The counts named by ZONES at the end of the game."""
    zones[0] = 0 if s[S_TOP] < 0 else n_deck - s[S_TOP]
    zones[1] = s[S_NH]
    zones[2] = s[S_LIFE]
    zones[3] = s[S_NU]
    zones[4] = s[S_ADOLLA]
    zones[5] = s[S_FDECK]
    on_field = 0
    attached = 0
    face_down = 0
    for i in range(fc.shape[0]):
        on_field += fc[i, FC_ON_FIELD]
        attached += 1 if fc[i, FC_ATT] >= 0 else 0
        face_down += fc[i, FC_ON_FIELD] * fc[i, FC_FACE_DOWN]
    zones[6] = on_field
    zones[7] = attached
    zones[8] = s[S_OPP_LIFE]
    zones[9] = s[S_OPP_DECK]
    zones[10] = _with_flame(s, kf, u, fc)
    zones[11] = face_down


@njit(cache=True)
def _play_game(seed64, knobs, pool, kf, n_flame, n_face_down, zones, log, logging):
    """One game; returns (outcome code, own turn, redrawn, log rows). `zones` receives the final counts
    named by ZONES; `n_face_down` rows of `fc` hold the cards put face down as Flame cards."""
    n_deck = pool.shape[0]
    s = np.zeros(N_S, dtype=np.int64)
    s[S_OUT] = -1
    s[S_PHASE] = P_SETUP
    s[S_ZERO_LIFE] = knobs[K_ZERO_LIFE]
    s[S_NO_SHUFFLE] = knobs[K_NO_SHUFFLE]
    ops_on = knobs[K_EFFECTS] == 1
    rng = np.empty(1, dtype=np.uint64)
    rng[0] = seed64
    going_first = knobs[K_GOING_FIRST] == 1
    fc = np.zeros((n_flame + n_face_down, 4), dtype=np.int64)
    fc[:, FC_ATT] = -1
    fc[n_flame:, FC_FACE_DOWN] = 1
    deck = pool.copy()
    hand = np.empty(n_deck, dtype=np.int64)
    u = np.zeros((n_deck, 4), dtype=np.int64)
    work = np.empty((2, MAX_PLANNED), dtype=np.int64)  # the Flame plan's (_flame_plan)
    _deal(rng, knobs, kf, s, deck, hand, fc, log, logging)
    redrawn = s[S_REDRAWN] == 1

    reason = R_DAMAGE
    while True:
        s[S_GAME] += 1
        mine = (s[S_GAME] % 2 == 1) == going_first
        s[S_MINE] = 1 if mine else 0
        if s[S_OWN] >= knobs[K_MAX_TURNS]:
            break
        if not mine:
            if _opponent_turn(knobs, s, log, logging):
                reason = R_OPP_DECKOUT
                break
            continue
        s[S_OWN] += 1
        s[S_ATTACK_OK] = 0 if (going_first and s[S_OWN] == 1 and knobs[K_T1_ATTACK] == 0) else 1
        if _preparation(knobs, kf, s, u, fc, deck, hand, log, logging):
            break
        if _main_phase(kf, s, u, fc, deck, hand, log, logging, ops_on, work, rng):
            break
        s[S_PHASE] = P_END  # end phase (504): no hand limit, nothing discarded (306.5)
        _log(s, log, logging, E_END, s[S_NH], _with_flame(s, kf, u, fc), 0, 0)

    outcome = s[S_OUT] if s[S_OUT] >= 0 else O_STALLED
    if s[S_OUT] == O_LOSS_DECKOUT:
        reason = R_BOTH if s[S_OPP_DEAD] == 1 else R_OWN_DECKOUT
    _final_zones(kf, s, u, fc, n_deck, zones)
    s[S_PHASE] = P_RESULT
    _log(s, log, logging, E_RESULT, outcome, s[S_GAME], reason, 0)
    return outcome, s[S_OWN], redrawn, s[S_NLOG]


@njit(cache=True)
def _run_batch(seed, first_game, n_games, knobs, pool, kf, n_flame, n_face_down):
    """Counts over games first_game .. first_game + n_games - 1: kill turns, outcomes, redraws."""
    kills = np.zeros(knobs[K_MAX_TURNS] + 1, dtype=np.int64)
    outcomes = np.zeros(N_OUTCOMES, dtype=np.int64)
    redraws = 0
    zones = np.zeros(len(ZONES), dtype=np.int64)
    log = np.zeros((0, N_LOG_COLS), dtype=np.int64)
    base = mix(np.uint64(seed))
    logging = n_games < 0  # False, typed as a plain bool: one compiled _play_game serves both callers
    for i in range(first_game, first_game + n_games):
        seed64 = mix(base ^ np.uint64(i))  # base.game_seed(seed, i)
        outcome, turn, redrawn, _ = _play_game(
            seed64, knobs, pool, kf, n_flame, n_face_down, zones, log, logging
        )
        outcomes[outcome] += 1
        if outcome == O_WIN:
            kills[turn] += 1
        if redrawn:
            redraws += 1
    return kills, outcomes, redraws


# ---- the Python side: the deck as arrays, parameters as integers, the log as text ----


def plays(effect: Effect) -> bool:
    """Whether the Fire Force goldfish plays this effect: draws, damage to the opponent and cards put face
    down as Flame cards (`resource`) when a Unit is deployed or attacks, or when an Event resolves
    (`card_ops` says which apply to which type), a "may" among them while the deck keeps a card, and a
    search for 1 card by name; and a Unit's own Assault when it is deployed (`haste` on `enters`: it
    attacks that turn, 1202.1)."""
    if effect.condition is not None:  # conditions are DBS FW's (engine/goldfish/dbsfw.py)
        return False
    if effect.zone:  # a card taken from another zone (FFTCG's Break Zone): not played here
        return False
    if effect.do == "search":
        f = effect.filter
        named = f is not None and f.name is not None and f == CardFilter(name=f.name)
        return (
            effect.when in ("enters", "attacks", "cast")
            and effect.n == 1
            and not effect.top
            and not effect.until
            and named
        )
    if effect.filter or effect.elements:
        return False
    if effect.do == "haste":
        return effect.when == "enters" and not effect.optional
    return effect.when in ("enters", "attacks", "cast") and effect.do in ("draw", "damage", "resource")


def plays_for(card_type: str, effect: Effect) -> bool:
    """`plays` for a card of this type: a Unit's [On Deploy] and [When Attacking], an Event's ability."""
    wanted = {"unit": ("enters", "attacks"), "event": ("cast",)}.get(card_type, ())
    return effect.when in wanted and plays(effect)


_OP_SIGN = {"draw": 1, "damage": -1}
MAX_SEARCHED = 62  # the names a deck's texts search for, one bit each of F_FOUND_BY


def card_ops(card: Card, searched: dict[str, int] | None = None) -> tuple[list[int], list[int]]:
    """(Event ability or [On Deploy] ops, [When Attacking] ops) of a card's effects (read from its text
    unless set by hand; see the module doc): draw n as n, damage n as -n, face down n as OP_FACE_DOWN + n,
    a "may" + OP_MAY, a search for a name as OP_SEARCH + its bit in `searched` (a new name gets the next
    bit), in printed order."""
    searched = {} if searched is None else searched
    main_when = "enters" if card.type == "unit" else "cast" if card.type == "event" else None
    main: list[int] = []
    attack: list[int] = []
    for effect in card_effects("fireforce", card):
        if not plays(effect) or effect.do == "haste":
            continue
        if effect.do == "search" and effect.filter is not None and effect.filter.name is not None:
            if effect.filter.name not in searched and len(searched) >= MAX_SEARCHED:
                continue  # more names than bits: not played (no deck searches for so many)
            op = OP_SEARCH + searched.setdefault(effect.filter.name, len(searched))
        elif effect.do == "resource":
            op = OP_FACE_DOWN + effect.n
        else:
            op = _OP_SIGN[effect.do] * effect.n
        if effect.optional and effect.do in ("draw", "resource"):
            op += OP_MAY
        if effect.when == main_when:
            main.append(op)
        elif effect.when == "attacks" and card.type == "unit":
            attack.append(op)
    return main[:N_OPS], attack[:N_OPS]


@dataclass(frozen=True)
class _Compiled:
    names: tuple[str, ...]  # display name per kind
    numbers: tuple[str, ...]
    pool: np.ndarray
    kf: np.ndarray
    n_flame: int
    n_face_down: int  # rows for cards put face down as Flame cards: the deck's size if its text does so


def text_assault(card: Card) -> bool:
    """Whether the card's text gives it Assault the turn it is deployed (`haste` on `enters`)."""
    return card.type == "unit" and any(e.do == "haste" and plays(e) for e in card_effects("fireforce", card))


def compile_deck(deck: Deck, effects: bool = True) -> _Compiled:
    """Card kinds in card-number order (the tie-break of §11.5) and their facts as a table; with
    `effects` (the `card_effects` knob), a text's Assault too (the ops are masked by the knob as they
    run)."""
    numbers = sorted({e.card for e in deck.entries("main")})
    index = {n: i for i, n in enumerate(numbers)}
    kf = np.zeros((max(len(numbers), 1), N_F), dtype=np.int64)
    searched: dict[str, int] = {}  # a bit per card name a text searches for
    for i, n in enumerate(numbers):
        card = deck.cards[n]
        if card.type not in ("unit", "event", "flame"):
            raise ValueError(f"Card {n}: unknown Fire Force card type {card.type!r}.")
        counter = card.has("counter") or card.text.strip().lower().startswith(ABILITY_TAGS["counter"])
        main, attack = card_ops(card, searched)
        kf[i, F_TYPE] = {"unit": UNIT, "event": EVENT, "flame": DEAD}[card.type]
        kf[i, F_COST] = card.cost or 0
        kf[i, F_POWER] = card.power or 0
        kf[i, F_FLAME] = card.type == "unit" and card.has("has-flame")  # 206.1
        kf[i, F_ASSAULT] = card.has("assault") or (effects and text_assault(card))
        kf[i, F_PRAYER] = card.type == "unit" and card.has("prayer")
        kf[i, F_COUNTER] = card.type == "event" and counter
        for j, op in enumerate(main):
            kf[i, F_OPS + j] = op
        for j, op in enumerate(attack):
            kf[i, F_ATK_OPS + j] = op
    for i, n in enumerate(numbers):  # 1102.1: 「name」 is a card with exactly that name
        if deck.cards[n].name in searched:
            kf[i, F_FOUND_BY] = 1 << searched[deck.cards[n].name]
    pool = np.array([index[c.number] for c in deck.pool("main")], dtype=np.int64)
    n_flame = deck.size("flame") or FLAME_DECK_SIZE
    ops = kf[:, F_OPS:F_FOUND_BY]
    ops = np.where((ops >= OP_MAY) & (ops < OP_SEARCH), ops - OP_MAY, ops)
    ops = np.where(ops >= OP_SEARCH, 0, ops)
    n_face_down = len(pool) if (ops >= OP_FACE_DOWN).any() else 0
    names = tuple(deck.cards[n].name for n in numbers)
    return _Compiled(names, tuple(numbers), pool, kf, n_flame, n_face_down)


class FireForceSimulator(Simulator):
    game_id = "fireforce"
    opponent_params = (
        Param(
            "opp_life",
            get_game("fireforce").draw_rules.set_aside_after_mulligan,
            "Life cards the opponent starts with.",
            minimum=0,
            label="Opponent's life",
            rule="404.1e",
        ),
        Param(
            "lethal_rule",
            "damage-at-zero",
            "When the opponent loses to damage (the rules can be read both ways).",
            choices=("damage-at-zero", "zero-life"),
            label="Opponent loses",
            rule="1302.1",
            choice_labels=("on taking damage with no life left", "as its last life card goes"),
        ),
        Param(
            "model_opp_deckout",
            True,  # 1302.2 holds for both players and a passive opponent still draws (502.4)
            "The opponent draws 1 card each turn and loses when its deck runs out.",
            label="Opponent can deck out",
        ),
        Param(
            "opp_deck_size",
            0,
            "Cards in the opponent's deck after setup. 0: as the format says (30, or 25 in Blitz Shield).",
            minimum=0,
            label="Opponent's deck size",
            words=((0, "as the format says"),),
        ),
    )
    policy_params = (
        Param(
            "mulligan_rule",
            "no-cheap-flame-unit",
            "When the autopilot redraws its opening hand.",
            choices=("no-cheap-flame-unit", "never"),
            label="Redraw the opening hand",
            rule="404.1d",
            choice_labels=("when it has no Flame Unit at or below the cost below", "never"),
        ),
        Param(
            "mulligan_max_cost",
            2,
            "A hand with a Flame Unit of this cost or less is kept.",
            minimum=0,
            label="Keep a hand with a Flame Unit costing at most",
        ),
        Param(
            "mulligan_prayer_pair",
            False,
            "A hand with a Prayer Unit and a Unit without Flame is kept too.",
            label="Keep a Prayer pair",
        ),
        Param(
            "card_effects",
            True,
            "Play the texts of Events, On Deploy and When Attacking that draw, deal damage, put cards "
            "face down as Flame cards or search for a card, and the On Deploy that gives the Unit Assault.",
            label="Play card texts",
        ),
        Param(
            "first_player_draws_turn_1",
            True,
            "The player going first draws on the game's first turn.",
            label="First player draws on turn 1",
            rule="502.4",
        ),
        Param(
            "first_player_may_attack_turn_1",
            True,
            "The player going first may attack on the game's first turn.",
            label="First player attacks on turn 1",
        ),
    )

    def in_force(self, deck: Deck, params: GoldfishParams) -> GoldfishParams:
        opp = dict(params.opponent)
        opp["opp_deck_size"] = opp["opp_deck_size"] or (25 if deck.format == "blitz-shield" else 30)
        return replace(params, opponent=opp)

    def knobs(self, deck: Deck, params: GoldfishParams) -> np.ndarray:
        params = self.in_force(deck, params)
        opp, pol = params.opponent, params.policy
        k = np.zeros(N_KNOBS, dtype=np.int64)
        k[K_GOING_FIRST] = params.going == "first"
        k[K_MAX_TURNS] = params.max_turns
        k[K_OPP_LIFE] = opp["opp_life"]
        k[K_ZERO_LIFE] = opp["lethal_rule"] == "zero-life"
        k[K_OPP_DECKOUT] = opp["model_opp_deckout"]
        k[K_OPP_DECK] = opp["opp_deck_size"]
        k[K_MULLIGAN] = pol["mulligan_rule"] == "no-cheap-flame-unit"
        k[K_MULL_COST] = pol["mulligan_max_cost"]
        k[K_MULL_PAIR] = pol["mulligan_prayer_pair"]
        k[K_EFFECTS] = pol["card_effects"]
        k[K_T1_DRAW] = pol["first_player_draws_turn_1"]
        k[K_T1_ATTACK] = pol["first_player_may_attack_turn_1"]
        draw_rules = get_game(self.game_id).draw_rules
        k[K_HAND] = draw_rules.opening_hand
        k[K_LIFE] = draw_rules.set_aside_after_mulligan
        k[K_DRAWS] = draw_rules.draws_per_turn
        k[K_T1_DRAWS] = draw_rules.first_player_first_turn_draws
        if params.opening is not None:  # kept, or always redrawn: no Unit costs less than 0
            k[K_DEALT] = len(params.opening.hand)
            k[K_MULLIGAN], k[K_MULL_COST] = (1, -1) if params.opening.mulligan else (0, 0)
            k[K_MULL_PAIR] = 0
        return k

    def prepare(self, deck, params):
        c = compile_deck(deck, bool(params.policy["card_effects"]))
        if params.opening is not None:
            c = replace(c, pool=dealt_first(c.pool, c.numbers, params.opening.hand))
        return c, self.knobs(deck, params)

    def run_prepared(self, prepared, seed, first_game, n_games):
        c, knobs = prepared
        kills, outcomes, redraws = _run_batch(
            seed & 0xFFFFFFFFFFFFFFFF, first_game, n_games, knobs, c.pool, c.kf, c.n_flame, c.n_face_down
        )
        return GoldfishResult(
            games=n_games,
            kill_turns={t: int(n) for t, n in enumerate(kills) if n},
            outcomes={name: int(outcomes[i]) for i, name in enumerate(OUTCOMES)},
            seed=seed,
            mulligans=int(redraws),
        )

    def play_logged(self, deck, params, seed, game_index):
        return self._logged(*self.prepare(deck, params), game_seed(seed, game_index), game_index)

    def play_stacked(self, deck: Deck, params: GoldfishParams, order: list[str]) -> GameLog:
        """One game with the deck in the given order, top first, never shuffled (a redraw puts the hand
        back on top unshuffled). For the tests of §12.2."""
        c = compile_deck(deck, bool(params.policy["card_effects"]))
        if sorted(order) != sorted(card.number for card in deck.pool("main")):
            raise ValueError("The order must list the deck's cards, each copy once.")
        pool = np.array([c.numbers.index(n) for n in order], dtype=np.int64)
        knobs = self.knobs(deck, params)
        knobs[K_NO_SHUFFLE] = 1
        return self._logged(replace(c, pool=pool), knobs, 0, 0)

    def _logged(self, c: _Compiled, knobs: np.ndarray, seed64: int, game_index: int) -> GameLog:
        log = np.zeros((MAX_LOG, N_LOG_COLS), dtype=np.int64)
        zones = np.zeros(len(ZONES), dtype=np.int64)
        outcome, turn, _, n = _play_game(
            np.uint64(seed64), knobs, c.pool, c.kf, c.n_flame, c.n_face_down, zones, log, True
        )
        return GameLog(
            game_index=game_index,
            outcome=OUTCOMES[outcome],
            turn=int(turn),
            events=tuple(_decode(log[:n], c)),
            final={k: int(v) for k, v in zip(ZONES, zones, strict=True)},
        )


def _decode(rows: np.ndarray, c: _Compiled) -> list[LogEvent]:
    """Event rows as readable lines; the opening hand makes one line."""
    out: list[LogEvent] = []

    def card(k: int) -> str:
        return f"{c.names[k]} ({c.numbers[k]})"

    i = 0
    while i < len(rows):
        code, turn, phase, a, b, cc, d = (int(x) for x in rows[i])
        if code == E_HAND:
            cards = []
            while i < len(rows) and rows[i][0] == E_HAND:
                cards.append(card(int(rows[i][3])))
                i += 1
            out.append(LogEvent(turn, PHASES[phase], "hand: " + ", ".join(cards)))
            continue
        out.append(LogEvent(turn, PHASES[phase], _event_text(code, a, b, cc, d, card)))
        i += 1
    return out


def _paid(cost: int, n_fc: int, n_u: int) -> str:
    if cost == 0:
        return "for 0 (free)"
    parts = [f"{n} Flame card{'s' if n != 1 else ''}" for n in (n_fc,) if n] + [
        f"{n} Flame Unit{'s' if n != 1 else ''}" for n in (n_u,) if n
    ]
    return f"for {cost}, exhausting " + " and ".join(parts)


# Events whose line says the same every time.
_FIXED_TEXT = {
    E_REDRAW: "redraw: the whole hand back into the deck, shuffle, five new cards",
    E_NO_FLAME: "no Flame card: the Flame deck is empty",
    E_BOTH_LOSE: "both players meet a loss condition: the non-turn player wins (103.3)",
}


def _effect_text(code: int, a: int, b: int, c: int, card) -> str:
    """A card text's draw, card put face down or search (a: the card, b: the card taken or -1, c: the
    deck)."""
    if code == E_EFFECT_SEARCH:
        return f"{card(a)}: search the deck, {card(b) if b >= 0 else 'no card'} to the hand; deck {c}"
    if code == E_EFFECT_DRAW:
        return f"{card(a)}: draw {card(b)}; deck {c}"
    if code == E_EFFECT_NO_DRAW:
        return f"{card(a)}: cannot draw, the deck is empty"
    if b < 0:
        return f"{card(a)}: no card to put face down, the deck is empty"
    return f"{card(a)}: the top card of the deck onto the field face down as a Flame card; deck {c}"


def _event_text(code: int, a: int, b: int, c: int, d: int, card) -> str:
    if code in _FIXED_TEXT:
        return _FIXED_TEXT[code]
    if code in (E_EFFECT_DRAW, E_EFFECT_NO_DRAW, E_EFFECT_FACE_DOWN, E_EFFECT_SEARCH):
        return _effect_text(code, a, b, c, card)
    if code == E_LIFE:
        return f"{a} life cards from the top; deck {b}"
    if code == E_SECOND_FLAME:
        return f"going second: 1 Flame card onto the field, standby (Flame deck {a})"
    if code == E_READY:
        return f"ready {a} Units and the Flame cards; {b} Flame cards detached"
    if code == E_DRAW:
        return f"draw {card(a)}; deck {b}"
    if code == E_FLAME_IN:
        return f"1 Flame card onto the field (Flame deck {a})"
    if code == E_STATE:
        return f"state: hand {a}, Flame cards on the field {b}, Flame Units {c}, Flame deck {d}"
    if code == E_DEPLOY:
        return f"deploy {card(a)} {_paid(b, c, d)}"
    if code == E_EVENT:
        return f"use {card(a)} {_paid(b, c, d)}; to Adolla"
    if code == E_PRAY:
        return f"{card(a)} prays: an acted Flame card is attached to {card(b)}"
    if code == E_ATTACK:
        return f"{card(a)} attacks: opponent life {b}" + (" (lethal)" if c else "")
    if code == E_DAMAGE:
        return f"{card(a)} deals 1 damage: opponent life {b}" + (" (lethal)" if c else "")
    if code == E_CAP_FLAME:
        what = ("a standby", "an acted", "an attached")[a]
        return f"Flame cap: {what} Flame card to Adolla and back to the Flame deck ({b})"
    if code == E_CAP_FACE_DOWN:
        return f"Flame cap: {'an acted' if a else 'a standby'} face-down Flame card to Adolla"
    if code == E_CAP_UNIT:
        return f"Flame cap: {card(a)} to Adolla"
    if code == E_OPP_DRAW:
        return f"opponent draws 1, {a} left"
    if code == E_END:
        return f"end of turn: hand {a}, cards with Flame {b}"
    if code == E_RESULT:
        why = ("damage", "own deck-out", "opponent deck-out", "cap", "simultaneous loss")[c]
        return f"game over: {OUTCOMES[a]} by {why} (game turn {b})"
    raise ValueError(f"unknown event code {code}")
