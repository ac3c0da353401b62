"""Which Forwards the FFTCG autopilot casts in a main phase (docs/rules/fftcg.md §11.5, "Which Forwards to
cast").

Every subset of the castable Forwards (in hand, and face-down Limit Break cards) is weighed: the plan is
the subset that casts the most Forwards, a Haste Forward counting twice since it hits this turn and one
whose text the goldfish plays (F_TEXT) counting half a Forward more, whose members can all be paid at
once from the rest of the hand and the active Backups (§7.3). Ties go to
fewer cards discarded, then more Backups left active, then lower card numbers, then the lowest keep-value
discarded.

Casting one card at a time, cheapest first, misses plans where one card's payment takes the only source
of an element another card needs; paying for the members jointly finds them. Sources with the same
element mask pay alike, so the search counts how many of each such class a member takes, not which cards
(the cards of a class go in keep-value order, lowest first). It stops after SEARCH_BUDGET payment checks
per plan; what it has not found by then the game's one-card-at-a-time pass still casts.

Most subsets weighed cannot be paid (a cheap Limit Break deck offers many LB Forwards at once; a deck of
many elements lacks one), and the search tries every way before it says so. Two counts the payment
rules imply rule such subsets out first, and those that cannot beat the best found: Hall's condition on
the required elements, kept along the walk that lists the subsets, so that a subset failing it is
never listed nor extended (a cheap LB deck's subsets of two LB Forwards rarely have the Fire and Wind
sources both need); and the fewest discards each member needs. They never rule out a subset the search
would pay, so the plan is the plan of the full search (engine/tests/test_fftcg_casting_plan.py).
"""

from __future__ import annotations

from collections import namedtuple

import numpy as np
from numba import njit

from engine.goldfish.arrays import copy_block, copy_prefix, inline_kernel, kernel, sort_prefix
from engine.goldfish.fftcg_kinds import (
    F_ALIAS,
    F_ALIAS2,
    F_CP_ELEM,
    F_DISC,
    F_ELEM,
    F_GENERIC,
    F_HASTE,
    F_LB,
    F_LD,
    F_NAME,
    F_PAY,
    F_REQ,
    F_TEXT,
)
from engine.goldfish.fftcg_payment import LIGHT_DARK, payment_legal

MAX_CANDIDATES = 10  # Forwards weighed (2^10 subsets); the rest wait for the one-card-at-a-time pass
SEARCH_BUDGET = 20_000  # payment checks per plan
ELEMENT_SETS = 63  # the non-empty sets of the six elements a payment may require (not Light or Dark)

# candidates[i] = (kind, hand position or -1, LB deck index or -1)
KIND, HAND_POS, LB_POS = 0, 1, 2

# The work arrays of one plan, made once per game (a plan is made every turn; allocating them each time
# cost more than the search). `width` is the most sources: cards in hand plus Backups. A game passes them
# down three calls to every plan, and Numba passes an array as 7 to 9 words: the 37 arrays of a Scratch
# cost 290 words a call, the plan's call alone 7 % of a Limit Break deck's time (measured). So a game holds
# them as the five arrays of a ScratchArrays, and each plan takes its Scratch as views of those
# (`_scratch_views`: slices, no copy).
Scratch = namedtuple(
    "Scratch",
    "subsets weights weight_of cp_of lb_of clash before cls_mask cls_value cls_n cls_items cls_keep order"
    " usage best_usage best_order key best_key budget taken rem hi cur sums fresh spent masks values mine"
    " theirs stack member_at dp dp_next sets slack use",
)
# `flat` holds the one-dimensional int arrays one after another (_scratch_views); `wide` the (width,
# width) and (n, width) ones, a plane each; `narrow` the (n, 3) and (n + 1, 3) ones; `use` and `fresh`
# are themselves.
ScratchArrays = namedtuple("ScratchArrays", "flat wide narrow use fresh")
_N_WIDE = 6  # cls_items cls_keep usage best_usage hi cur


@njit(cache=True)
def new_scratch(width):
    n = MAX_CANDIDATES
    flat = 2 * (1 << n) + 10 * n + 8 * width + 2 * (width + 1) + 2 * 3 + 1 + 2 * ELEMENT_SETS
    return ScratchArrays(
        np.empty(flat, dtype=np.int64),
        np.empty((_N_WIDE, max(width, n), width), dtype=np.int64),
        np.empty((2, n + 1, 3), dtype=np.int64),
        np.empty((n, ELEMENT_SETS), dtype=np.int64),
        np.empty(n, dtype=np.bool_),
    )


@inline_kernel
def _scratch_views(arrays):
    """The Scratch of a plan, as views of the arrays of new_scratch: their layout is written here only."""
    n = MAX_CANDIDATES
    flat = arrays.flat
    wide = arrays.wide
    narrow = arrays.narrow
    width = wide.shape[2]
    at = 0
    subsets = flat[at : at + (1 << n)]
    at += 1 << n
    weights = flat[at : at + (1 << n)]
    at += 1 << n
    weight_of = flat[at : at + n]
    cp_of = flat[at + n : at + 2 * n]
    lb_of = flat[at + 2 * n : at + 3 * n]
    clash = flat[at + 3 * n : at + 4 * n]
    before = flat[at + 4 * n : at + 5 * n]
    order = flat[at + 5 * n : at + 6 * n]
    best_order = flat[at + 6 * n : at + 7 * n]
    mine = flat[at + 7 * n : at + 8 * n]
    theirs = flat[at + 8 * n : at + 9 * n]
    stack = flat[at + 9 * n : at + 10 * n]
    at += 10 * n
    cls_mask = flat[at : at + width]
    cls_value = flat[at + width : at + 2 * width]
    cls_n = flat[at + 2 * width : at + 3 * width]
    taken = flat[at + 3 * width : at + 4 * width]
    rem = flat[at + 4 * width : at + 5 * width]
    masks = flat[at + 5 * width : at + 6 * width]
    values = flat[at + 6 * width : at + 7 * width]
    member_at = flat[at + 7 * width : at + 8 * width]
    at += 8 * width
    dp = flat[at : at + width + 1]
    dp_next = flat[at + width + 1 : at + 2 * width + 2]
    at += 2 * width + 2
    key = flat[at : at + 3]
    best_key = flat[at + 3 : at + 6]
    budget = flat[at + 6 : at + 7]
    sets = flat[at + 7 : at + 7 + ELEMENT_SETS]
    slack = flat[at + 7 + ELEMENT_SETS : at + 7 + 2 * ELEMENT_SETS]
    return Scratch(
        subsets, weights, weight_of, cp_of, lb_of, clash, before, cls_mask, cls_value, cls_n, wide[0],
        wide[1], order, wide[2][:n], wide[3][:n], best_order, key, best_key, budget, taken, rem, wide[4][:n],
        wide[5][:n], narrow[0][:n], arrays.fresh, narrow[1], masks, values, mine, theirs, stack, member_at,
        dp, dp_next, sets, slack, arrays.use,
    )  # fmt: skip


@njit(cache=True)
def scratch_views(arrays):
    """`_scratch_views` for Python (tests that read or set the plan's work arrays)."""
    return _scratch_views(arrays)


@kernel
def plan_forwards(  # noqa: C901 (one search; see engine/README.md)
    candidates,
    n_candidates,
    lb_free,
    lb_self,
    hand,
    nh,
    keep,
    kf,
    src_kind,
    src_active,
    nsrc,
    minimality,
    members,
    disc_member,
    src_member,
    sc,
):
    """Choose the plan. Writes the candidates to cast, in casting order, to `members`; for each hand
    position the member (index into `members`) its discard pays for, or -1, to `disc_member`; likewise
    for each Backup to `src_member`. Returns the number of members. `candidates` must list copies of a
    kind next to each other; those that cannot be cast even alone are dropped from it, in place, and the
    members index it as it is left; `lb_free` is the number of face-down LB cards; `sc` is
    new_scratch(nh + nsrc) or wider."""
    sc = _scratch_views(sc)
    n = min(n_candidates, MAX_CANDIDATES)
    disc_member[:nh] = -1
    src_member[:nsrc] = -1
    if n == 0:
        return 0
    pool_cp = 0
    for b in range(nsrc):
        if src_active[b]:
            pool_cp += 1
    n_disc = 0  # cards in hand that may be discarded for CP
    for p in range(nh):
        if kf[hand[p], F_DISC]:
            n_disc += 1
    cp_left = pool_cp + 2 * n_disc  # CP the whole hand and the Backups could make, before members leave it
    n = _keep_affordable(candidates, n, kf, cp_left, lb_free, lb_self)
    if n == 0:
        return 0
    weight_of = sc.weight_of
    cp_of = sc.cp_of  # CP the candidate's discard would have made
    lb_of = sc.lb_of  # face-down LB cards its cast takes
    clash = sc.clash  # earlier candidates it cannot share the field with
    before = sc.before  # the previous copy of its kind, which a subset takes first
    clash[:n] = 0
    before[:n] = 0
    for i in range(n):
        k = candidates[i, KIND]
        weight_of[i] = (4 if kf[k, F_HASTE] else 2) + (1 if kf[k, F_TEXT] else 0)
        cp_of[i] = 2 if candidates[i, HAND_POS] >= 0 and kf[k, F_DISC] else 0
        lb_of[i] = _lb_taken(k, kf, lb_self) if candidates[i, LB_POS] >= 0 else 0
        for j in range(i):
            kj = candidates[j, KIND]
            same_name = not kf[k, F_GENERIC] and not kf[kj, F_GENERIC] and _share_a_name(k, kj, kf)
            if same_name or (kf[k, F_LD] and kf[kj, F_LD]):
                clash[i] |= 1 << j  # 7.7.3, 7.7.5
        if i > 0 and candidates[i - 1, KIND] == k:  # copies: a kind is cast from hand or LB deck, not both
            before[i] = 1 << (i - 1)
    member_at = sc.member_at  # by hand position: the candidate cast from it, or -1
    member_at[:nh] = -1
    for i in range(n):
        if candidates[i, HAND_POS] >= 0:
            member_at[candidates[i, HAND_POS]] = i
    subsets = sc.subsets
    weights = sc.weights
    slack = sc.slack
    use = sc.use
    n_sets = _element_sets(candidates, n, kf, hand, nh, src_kind, src_active, nsrc, sc.sets, slack, use)
    # Every subset that keeps the field rules, takes copies first to last, has the LB cards it needs,
    # leaves enough CP in the rest and sources enough of each set of the elements its members require
    # (Hall's condition, `_element_sets`): a depth-first walk that adds candidates in order and never
    # extends a subset that fails, since adding members only raises the cost, lowers the CP left and
    # takes sources.
    n_subsets = 0
    top_weight = 0
    stack = sc.stack
    depth = 0
    subset = 0
    weight = 0
    need = 0
    cp = cp_left
    lb_used = 0
    i = 0
    while True:
        if i < n:
            if (
                not subset & clash[i]
                and (before[i] == 0 or subset & before[i])
                and lb_used + lb_of[i] <= lb_free
                and need + kf[candidates[i, KIND], F_PAY] <= cp - cp_of[i]
                and not _elements_short(use, i, slack, n_sets)
            ):
                for e in range(n_sets):
                    slack[e] -= use[i, e]
                subset |= 1 << i
                weight += weight_of[i]
                need += kf[candidates[i, KIND], F_PAY]
                cp -= cp_of[i]
                lb_used += lb_of[i]
                stack[depth] = i
                depth += 1
                subsets[n_subsets] = subset
                weights[n_subsets] = weight
                n_subsets += 1
                top_weight = max(top_weight, weight)
            i += 1
            continue
        if depth == 0:
            break
        depth -= 1
        j = stack[depth]
        subset &= ~(1 << j)
        weight -= weight_of[j]
        need -= kf[candidates[j, KIND], F_PAY]
        cp += cp_of[j]
        lb_used -= lb_of[j]
        for e in range(n_sets):
            slack[e] += use[j, e]
        i = j + 1

    cls_mask = sc.cls_mask
    cls_value = sc.cls_value  # 2 CP a discard, 1 a Backup
    cls_n = sc.cls_n
    cls_items = sc.cls_items  # hand positions or Backup indices
    cls_keep = sc.cls_keep
    order = sc.order
    usage = sc.usage
    best_usage = sc.best_usage
    best_order = sc.best_order
    key = sc.key
    best_key = sc.best_key
    best_size = 0
    best_subset = 0
    # The classes of sources a subset leaves depend only on its members in hand that could be discarded:
    # subsets with the same such members (all of them, when every member is an LB card) share them, so
    # they are grouped again only when those members change.
    in_hand = 0
    for i in range(n):
        if candidates[i, HAND_POS] >= 0 and kf[candidates[i, KIND], F_DISC]:
            in_hand |= 1 << i
    filled = -1  # the members in hand of the subsets whose sources the classes hold; -1: none yet
    n_cls = 0
    budget = sc.budget
    budget[0] = SEARCH_BUDGET
    for weight in range(top_weight, 0, -1):
        for s in range(n_subsets):
            if weights[s] != weight:
                continue
            subset = subsets[s]
            if _joint(subset, candidates, n, kf):
                # a payment search that may try many ways: first the count of discards
                fewest = _fewest_discards(subset, candidates, n, kf, pool_cp, n_disc, sc.dp, sc.dp_next)
                if fewest < 0 or (best_size > 0 and fewest > best_key[0]):
                    continue  # no payment, or none with as few discards as the best: the search finds none
            size = _members_by_need(subset, candidates, n, kf, order)
            if subset & in_hand != filled:
                n_cls = _fill_classes(
                    subset, member_at, hand, nh, keep, kf, src_kind, src_active, nsrc,
                    cls_mask, cls_value, cls_n, cls_items, cls_keep,
                )  # fmt: skip
                filled = subset & in_hand
            found = _cheapest_payments(
                order, size, candidates, kf, n_cls, cls_mask, cls_value, cls_n, cls_keep,
                minimality, usage, key, budget, sc.rem, sc.hi, sc.fresh, sc.cur, sc.sums, sc.spent,
                sc.masks, sc.values,
            )  # fmt: skip
            if found and (
                best_size == 0
                or _better(key, order, size, best_key, best_order, best_size, candidates, sc.mine, sc.theirs)
            ):
                copy_prefix(best_key, key, 3)
                best_size = size
                best_subset = subset
                copy_prefix(best_order, order, size)
                copy_block(best_usage, usage, size, n_cls)
        if best_size > 0 or budget[0] <= 0:
            break
    if best_size == 0:
        return 0
    # turn the chosen subset's class counts back into cards, lowest keep-value first
    if filled != best_subset & in_hand:
        n_cls = _fill_classes(
            best_subset, member_at, hand, nh, keep, kf, src_kind, src_active, nsrc,
            cls_mask, cls_value, cls_n, cls_items, cls_keep,
        )  # fmt: skip
    taken = sc.taken
    taken[:n_cls] = 0
    for m in range(best_size):
        members[m] = best_order[m]
        for j in range(n_cls):
            for _ in range(best_usage[m, j]):
                item = cls_items[j, taken[j]]
                taken[j] += 1
                if cls_value[j] == 2:
                    disc_member[item] = m
                else:
                    src_member[item] = m
    return best_size


@inline_kernel
def _keep_affordable(candidates, n, kf, cp_left, lb_free, lb_self):
    """Drop, in place and in order, the candidates no subset could hold, as they cannot be cast even alone:
    those costing more CP than the hand and the Backups make less their own discard, or more face-down LB
    cards than there are (the walk would never add them). Every later pass then runs over fewer (a deck
    of many expensive cards or LB cards offers many such). Returns how many are left."""
    kept = 0
    for i in range(n):
        k = candidates[i, KIND]
        own = 2 if candidates[i, HAND_POS] >= 0 and kf[k, F_DISC] else 0
        lb = _lb_taken(k, kf, lb_self) if candidates[i, LB_POS] >= 0 else 0
        if kf[k, F_PAY] <= cp_left - own and lb <= lb_free:
            for c in range(3):
                candidates[kept, c] = candidates[i, c]
            kept += 1
    return kept


@kernel
def _lb_taken(k, kf, lb_self):
    """The face-down LB cards casting LB card k from the LB deck takes: itself and its LB cost, of which
    itself pays one when the knob lb_self says so (15.2.8.3.2, OQ-5)."""
    lb = kf[k, F_LB]
    return 1 + (lb - 1 if lb_self and lb > 0 else lb)


@inline_kernel
def _joint(subset, candidates, n, kf):
    """Whether paying for the subset is more than one member paying for one element, the payment search's
    quick case, where the counts would cost more than they save."""
    members = 0
    for i in range(n):
        if subset & (1 << i):
            members += 1
            if members > 1 or _n_bits(kf[candidates[i, KIND], F_REQ]) > 1:
                return True
    return False


@inline_kernel
def _element_sets(candidates, n, kf, hand, nh, src_kind, src_active, nsrc, sets, slack, use):
    """Hall's condition on the elements the members require, as tables the walk keeps: each member takes
    a source of its own for each element it requires (11.4.6, §7.3), so for any set of elements the
    members need as many sources making one of them as they require elements of the set, counted
    with multiplicity, and a member in hand is no source (5.2.1.3). Writes the non-empty sets of the
    elements some candidate requires to `sets`; for each, the sources making one of its elements (the
    active Backups, the discardable cards in hand) to `slack`, and what candidate i takes of it (its
    required elements in the set, plus itself when it is such a card in hand) to use[i]. Returns the
    number of sets. A subset fails the condition when some set's slack, less its members' use, is
    below 0; then no payment covers it, nor any subset with more members."""
    wanted = 0
    for i in range(n):
        if kf[candidates[i, KIND], F_PAY] > 0:
            wanted |= kf[candidates[i, KIND], F_REQ]
    n_sets = 0
    some = wanted
    while some:
        sets[n_sets] = some
        supply = 0
        for b in range(nsrc):
            if src_active[b] and kf[src_kind[b], F_CP_ELEM] & some:
                supply += 1
        for p in range(nh):
            if kf[hand[p], F_DISC] and kf[hand[p], F_ELEM] & ~LIGHT_DARK & some:
                supply += 1
        slack[n_sets] = supply
        for i in range(n):
            k = candidates[i, KIND]
            take = _n_bits(kf[k, F_REQ] & some) if kf[k, F_PAY] > 0 else 0
            if candidates[i, HAND_POS] >= 0 and kf[k, F_DISC] and kf[k, F_ELEM] & ~LIGHT_DARK & some:
                take += 1
            use[i, n_sets] = take
        n_sets += 1
        some = (some - 1) & wanted
    return n_sets


@kernel
def _elements_short(use, i, slack, n_sets):
    """Whether adding candidate i leaves some set of elements with fewer sources than its members
    require (`_element_sets`)."""
    for e in range(n_sets):  # noqa: SIM110 (Numba compiles no generator passed to any())
        if use[i, e] > slack[e]:
            return True
    return False


@inline_kernel
def _fewest_discards(subset, candidates, n, kf, n_bk, n_disc, dp, dp_next):
    """At least how many cards in hand paying for all the subset's members at once takes, or -1 when
    they cannot all be paid, by a count the payment rules (§7.3) imply, each member taking sources of
    its own: the discards and Backups each member needs at the fewest, its CP covered and its excess
    within the cap, must fit in the `n_bk` active Backups and the `n_disc` discardable cards in hand
    (the members among them not counted). A count, not a payment: `_cheapest_payments` decides; a subset
    this rules out is one it would try every way for and find nothing (or nothing cheaper)."""
    for i in range(n):
        if subset & (1 << i) and candidates[i, HAND_POS] >= 0 and kf[candidates[i, KIND], F_DISC]:
            n_disc -= 1  # a member is not discarded to pay
    # dp[b]: the fewest discards the members so far need, using b Backups (-1: impossible)
    dp[0] = 0
    for b in range(1, n_bk + 1):
        dp[b] = -1
    fewest = 0
    for i in range(n):
        if not subset & (1 << i):
            continue
        need = kf[candidates[i, KIND], F_PAY]
        if need == 0:
            continue  # 11.4.6.1: nothing to pay
        n_req = _n_bits(kf[candidates[i, KIND], F_REQ])
        cap = max(1, n_req)  # 5.2.1.3.1, 11.4.6.4: the excess a payment with discards may have
        for b in range(n_bk + 1):
            dp_next[b] = -1
        for used in range(n_bk + 1):
            if dp[used] < 0:
                continue
            for b in range(min(need + cap, n_bk - used) + 1):
                d = max((need - b + 1) // 2, n_req - b, 0)
                if d == 0 and b != need:
                    d = 1  # Backups alone must pay exactly
                if d > 0 and 2 * d + b - need > cap:
                    continue
                if dp_next[used + b] < 0 or dp[used] + d < dp_next[used + b]:
                    dp_next[used + b] = dp[used] + d
        fewest = -1
        for b in range(n_bk + 1):
            dp[b] = dp_next[b]
            if dp[b] >= 0 and (fewest < 0 or dp[b] < fewest):
                fewest = dp[b]
        if fewest < 0 or fewest > n_disc:
            return -1
    return fewest


@kernel
def _n_bits(mask):
    count = 0
    while mask:
        mask &= mask - 1
        count += 1
    return count


@inline_kernel
def _members_by_need(subset, candidates, n, kf, order):
    """The members, most CP first (the hardest to pay is placed first), then candidate order."""
    size = 0
    for i in range(n):
        if subset & (1 << i):
            j = size
            while j > 0 and kf[candidates[order[j - 1], KIND], F_PAY] < kf[candidates[i, KIND], F_PAY]:
                order[j] = order[j - 1]
                j -= 1
            order[j] = i
            size += 1
    return size


@inline_kernel
def _fill_classes(
    subset, member_at, hand, nh, keep, kf, src_kind, src_active, nsrc,
    cls_mask, cls_value, cls_n, cls_items, cls_keep,
):  # fmt: skip
    """Group what can pay for the subset's members: the active Backups, by element mask, then the
    discardable cards in hand that are not members (5.2.1.3: not Light or Dark), by element mask, lowest
    keep-value first. Backups come first so that, at equal cost, the first member cast takes them
    (§11.5 "How to pay"). `member_at[p]` is the candidate at hand position p, or -1. Returns the number
    of classes."""
    n_cls = 0
    for b in range(nsrc):
        if not src_active[b]:
            continue
        j = _class_of(kf[src_kind[b], F_CP_ELEM], 1, cls_mask, cls_value, cls_n, n_cls)
        if j == n_cls:
            n_cls += 1
        cls_items[j, cls_n[j]] = b
        cls_keep[j, cls_n[j]] = 0
        cls_n[j] += 1
    for p in range(nh):
        k = hand[p]
        if not kf[k, F_DISC]:
            continue
        if member_at[p] >= 0 and subset & (1 << member_at[p]):
            continue
        j = _class_of(kf[k, F_ELEM] & ~LIGHT_DARK, 2, cls_mask, cls_value, cls_n, n_cls)
        if j == n_cls:
            n_cls += 1
        i = cls_n[j]  # insertion in keep-value order, then card number
        while i > 0 and (
            cls_keep[j, i - 1] > keep[p] or (cls_keep[j, i - 1] == keep[p] and hand[cls_items[j, i - 1]] > k)
        ):
            cls_items[j, i] = cls_items[j, i - 1]
            cls_keep[j, i] = cls_keep[j, i - 1]
            i -= 1
        cls_items[j, i] = p
        cls_keep[j, i] = keep[p]
        cls_n[j] += 1
    return n_cls


@kernel
def _class_of(mask, value, cls_mask, cls_value, cls_n, n_cls):
    """The index of the class of sources like this one; a new, empty class at n_cls when there is none."""
    for j in range(n_cls):
        if cls_mask[j] == mask and cls_value[j] == value:
            return j
    cls_mask[n_cls] = mask
    cls_value[n_cls] = value
    cls_n[n_cls] = 0
    return n_cls


@inline_kernel
def _cheapest_payments(  # noqa: C901 (one search; see engine/README.md)
    order, size, candidates, kf, n_cls, cls_mask, cls_value, cls_n, cls_keep, minimality, usage, key,
    budget, rem, hi, fresh, cur, sums, spent, masks, values,
):  # fmt: skip
    """Can every member be paid at once, each with its own legal payment (§7.3)? A depth-first search,
    member by member, over how many sources of each class each payment takes, keeping the cheapest in
    (discards, Backups, keep-value discarded). Writes the counts to usage[member, class] and the cost to
    `key`; returns whether any way was found within the budget. The other arrays are the search's
    scratch space (new_scratch), passed one by one: Numba counts a reference per array on every call, and
    this runs for every subset the plan weighs. sums[level] holds the CP, discards and Backups of
    cur[level] (`_next_vector` keeps them); spent[level] the discards, Backups and keep-value spent
    before each level."""
    copy_prefix(rem, cls_n, n_cls)
    spent[0, :] = 0
    found = False
    level = 0
    _enter(level, order, candidates, kf, n_cls, cls_value, rem, hi, cur, sums, fresh)
    while level >= 0:
        k = candidates[order[level], KIND]
        need = kf[k, F_PAY]
        req = kf[k, F_REQ]
        advanced = False
        if need == 0:  # 11.4.6.1: nothing to pay; the empty payment, once
            advanced = fresh[level]
            fresh[level] = False
            copy_prefix(spent[level + 1], spent[level], 3)
        else:
            n_req = 0
            for e in range(8):
                if req & (1 << e):
                    n_req += 1
            # once a way is found, only counts cheaper in (discards, Backups) can lead to a cheaper one
            most_d = key[0] - spent[level, 0] if found else 1 << 30
            most_b = key[1] - spent[level, 1] if found else 1 << 30
            while _next_vector(cur, hi, sums, level, n_cls, cls_value, need + max(1, n_req), most_d, most_b):
                if budget[0] <= 0:
                    break
                total = sums[level, 0]
                n_d = sums[level, 1]
                n_b = sums[level, 2]
                if total < need:
                    continue
                if total - need > (0 if n_d == 0 else max(1, n_req)):
                    continue  # 5.2.1.3.1, 11.4.6.4: the excess cap, before the full check
                d = spent[level, 0] + n_d
                b = spent[level, 1] + n_b
                if found and (d > key[0] or (d == key[0] and b > key[1])):
                    continue  # every later member only adds: this branch cannot be cheaper
                lost = 0  # the keep-value discarded, wanted only now
                for j in range(n_cls):
                    if cls_value[j] == 2:
                        first = cls_n[j] - rem[j]
                        for i in range(first, first + cur[level, j]):
                            lost += cls_keep[j, i]
                lo = spent[level, 2] + lost
                if found and d == key[0] and b == key[1] and lo >= key[2]:
                    continue
                budget[0] -= 1
                if req & (req - 1) == 0 or not req & LIGHT_DARK:
                    legal = _legal_by_class(
                        cur, level, n_cls, cls_mask, need, req, total, cls_value, minimality
                    )
                else:
                    count = 0
                    for j in range(n_cls):
                        for _ in range(cur[level, j]):
                            masks[count] = cls_mask[j]
                            values[count] = cls_value[j]
                            count += 1
                    legal = payment_legal(need, req, masks, values, count, n_d, minimality)
                if legal:
                    spent[level + 1, 0] = d
                    spent[level + 1, 1] = b
                    spent[level + 1, 2] = lo
                    advanced = True
                    break
        if not advanced:
            level -= 1  # this member has no further payment: back to the previous one's next
            if level >= 0:
                for j in range(n_cls):
                    rem[j] += cur[level, j]
            continue
        for j in range(n_cls):
            rem[j] -= cur[level, j]
        if level + 1 == size:
            found = True
            key[0] = spent[size, 0]
            key[1] = spent[size, 1]
            key[2] = spent[size, 2]
            copy_block(usage, cur, size, n_cls)
            for j in range(n_cls):
                rem[j] += cur[level, j]  # look on for a cheaper way, from this member's next payment
        else:
            level += 1
            _enter(level, order, candidates, kf, n_cls, cls_value, rem, hi, cur, sums, fresh)
    return found


@inline_kernel
def _legal_by_class(cur, level, n_cls, cls_mask, need, req, total, cls_value, minimality):
    """`payment_legal` worked on the counts of each class rather than a list of the sources (the caller
    has checked the cover and the excess cap; the elements are Fire to Water, or one element). Each
    required element gets a source of its own when every set S of them has at least |S| sources making
    one of its elements (Hall's condition, the matching `elements_met` searches); a source can be dropped
    with the elements still met when it makes none of the elements of a set with exactly |S| (tight)."""
    tight = 0  # the elements of the tight sets
    some = req
    while some:
        supply = 0
        for j in range(n_cls):
            if cls_mask[j] & some:
                supply += cur[level, j]
        short = supply - _n_bits(some)
        if short < 0:
            return False
        if short == 0:
            tight |= some
        some = (some - 1) & req
    if minimality:  # OQ-6: no source may be dropped while cover and elements still hold
        for j in range(n_cls):
            if cur[level, j] > 0 and total - cls_value[j] >= need and not cls_mask[j] & tight:
                return False
    return True


@inline_kernel
def _enter(level, order, candidates, kf, n_cls, cls_value, rem, hi, cur, sums, fresh):
    """Start a member's payments: from no source, each class at most what is left of it and what a
    legal payment could take (a Backup pays 1 CP; discards pay 2 and may exceed by 1 per element)."""
    k = candidates[order[level], KIND]
    need = kf[k, F_PAY]
    n_req = 0
    for e in range(8):
        if kf[k, F_REQ] & (1 << e):
            n_req += 1
    for j in range(n_cls):
        most = need if cls_value[j] == 1 else (need + max(1, n_req) + 1) // 2
        hi[level, j] = min(rem[j], most)
        cur[level, j] = 0
    sums[level, :] = 0
    fresh[level] = True


@kernel
def _next_vector(cur, hi, sums, level, n, values, most, most_d, most_b):
    """Step the counts cur[level] like an odometer, over the counts whose CP stays within `most` (the cost
    plus the largest excess) and that take fewer than `most_d` discards, or `most_d` and at most `most_b`
    Backups; False once every count has come back to zero. When a count cannot grow, it goes back to zero
    and the next one grows: every count skipped so would make more CP, or take more discards or Backups,
    still, so the counts come in the same order as without the bounds, less those out of them. Keeps
    sums[level] (CP, discards, Backups) the sums of the counts, so that neither needs a pass over them."""
    for j in range(n):
        v = values[j]
        n_d = sums[level, 1] + (1 if v == 2 else 0)
        n_b = sums[level, 2] + (1 if v == 1 else 0)
        if (
            cur[level, j] < hi[level, j]
            and sums[level, 0] + v <= most
            and (n_d < most_d or (n_d == most_d and n_b <= most_b))
        ):
            cur[level, j] += 1
            sums[level, 0] += v
            sums[level, 1 if v == 2 else 2] += 1
            return True
        sums[level, 0] -= cur[level, j] * v
        sums[level, 1 if v == 2 else 2] -= cur[level, j]
        cur[level, j] = 0
    return False


@inline_kernel
def _better(key, order, size, best_key, best_order, best_size, candidates, mine_space, theirs_space):
    """Ties of §11.5 after the weight: fewer discards, fewer Backups used, lower card numbers (the
    members' kinds, sorted, compared in turn), then less keep-value discarded."""
    if key[0] != best_key[0]:
        return key[0] < best_key[0]
    if key[1] != best_key[1]:
        return key[1] < best_key[1]
    mine = mine_space[:size]
    for i in range(size):
        mine[i] = candidates[order[i], KIND]
    theirs = theirs_space[:best_size]
    for i in range(best_size):
        theirs[i] = candidates[best_order[i], KIND]
    sort_prefix(mine, size)
    sort_prefix(theirs, best_size)
    for i in range(min(size, best_size)):
        if mine[i] != theirs[i]:
            return mine[i] < theirs[i]
    if size != best_size:
        return size < best_size
    return key[2] < best_key[2]


@kernel
def _share_a_name(k, kj, kf):
    """Whether two kinds share a name (7.7.3): their own, or the other names a kind's text gives it (F_ALIAS,
    "Mog Avatar is also Card Name Mog in all situations", and F_ALIAS2, only with F_ALIAS)."""
    if kf[k, F_NAME] == kf[kj, F_NAME]:
        return True
    a, aj = kf[k, F_ALIAS], kf[kj, F_ALIAS]
    if a < 0 and aj < 0:
        return False
    mine = (kf[k, F_NAME], a, kf[k, F_ALIAS2])
    theirs = (kf[kj, F_NAME], aj, kf[kj, F_ALIAS2])
    for x in mine:
        for y in theirs:
            if x >= 0 and x == y:
                return True
    return False
