"""FFTCG payments (docs/rules/fftcg.md §7.3; CR 5.2.1.3, 11.4.6): which discards and Backups legally pay a
cost, and the least valuable such payment. Compiled with Numba; used by the casting plan and the game."""

from __future__ import annotations

import numpy as np

from engine.goldfish.arrays import kernel
from engine.goldfish.fftcg_kinds import F_CP_ELEM, F_DISC, F_ELEM, F_PAY, F_REQ, REQ_MORE

LIGHT_DARK = (1 << 6) | (1 << 7)  # element bits of Light and Dark (fftcg.ELEMENTS order)


@kernel
def element_bits(req):
    """The elements an element requirement names (its low 8 bits), without the counts from REQ_MORE."""
    return req & ((1 << REQ_MORE) - 1)


@kernel
def element_units(req, e):
    """The CP of element e an element requirement needs: 1 for each element it names, more from REQ_MORE."""
    if not req & (1 << e):
        return 0
    return 1 + (req >> (REQ_MORE + 2 * e) & 3) if e < 6 else 1


@kernel
def units_met(req, masks, values, count, skip):
    """Can each source make its CP (values[i]: 2 for a discard, 1 for a Backup) of one of its elements so
    that every element gets the CP the requirement names of it ("《Earth》《Earth》": 2 Earth CP, one Earth
    discard or two Earth Backups)? The CP still missing of each element, in mixed radix, is a state (at
    most 64: the deck compiler plays no requirement with more); bit s of `reach` marks the states the
    sources so far can leave, from all missing to none (state 0)."""
    n_states = 1
    for e in range(6):
        n_states *= element_units(req, e) + 1
    one = np.uint64(1)
    reach = one << np.uint64(n_states - 1)
    for i in range(count):
        if i == skip:
            continue
        new = reach
        for s in range(n_states):
            if not reach & (one << np.uint64(s)):
                continue
            stride = 1
            for e in range(6):
                radix = element_units(req, e) + 1
                missing = s // stride % radix
                if missing and masks[i] & (1 << e):
                    new |= one << np.uint64(s - min(missing, values[i]) * stride)
                stride *= radix
        reach = new
        if reach & one:
            return True
    return (reach & one) != np.uint64(0)


@kernel
def elements_met(req, masks, values, count, skip):
    """Can each required element get a source of its own? A bipartite matching, done as the set of
    matched element subsets (bit `sub` of `reach`), since at most 6 elements can be required; a requirement
    naming an element more than once (REQ_MORE) counts the CP of each source, as units_met."""
    if req >> REQ_MORE:
        return units_met(req, masks, values, count, skip)
    if req == 0:
        return True
    if req & (req - 1) == 0:  # one element, as most cards ask: any source of it
        for i in range(count):  # noqa: SIM110 (Numba compiles no generator passed to any())
            if i != skip and masks[i] & req:
                return True
        return False
    reach = np.uint64(1)  # the empty subset
    for i in range(count):
        if i == skip:
            continue
        m = masks[i] & req
        if m == 0:
            continue
        new = reach
        sub = req
        while True:
            if reach & (np.uint64(1) << np.uint64(sub)):
                for e in range(6):
                    bit = 1 << e
                    if m & bit and not sub & bit:
                        new |= np.uint64(1) << np.uint64(sub | bit)
            if sub == 0:
                break
            sub = (sub - 1) & req
        reach = new
        if reach & (np.uint64(1) << np.uint64(req)):
            return True
    return (reach & (np.uint64(1) << np.uint64(req))) != np.uint64(0)


@kernel
def payment_legal(need, req, masks, values, count, n_discards, minimality):
    """Cover, elements, excess cap and minimality of §7.3 for the chosen sources."""
    total = 0
    for i in range(count):
        total += values[i]
    if total < need or not elements_met(req, masks, values, count, -1):
        return False
    n_req = 0
    for e in range(8):
        if req & (1 << e):
            n_req += 1
    cap = 0 if n_discards == 0 else max(1, n_req)  # 5.2.1.3.1, 11.4.6.4
    if total - need > cap:
        return False
    if minimality:  # OQ-6: no source may be dropped while cover and elements still hold
        for i in range(count):
            if total - values[i] >= need and elements_met(req, masks, values, count, i):
                return False
    return True


@kernel
def cp_and_elements(hand, nh, skip, kf, src_kind, src_active, nsrc):
    """(CP, element bits) the whole hand but position `skip` (-1: none) and the active sources could make:
    the quick refusal of a cost, before any search, that find_payment and the game's castable pass
    share."""
    cp = 0
    elements = 0
    for p in range(nh):
        if p != skip and kf[hand[p], F_DISC]:
            cp += 2
            elements |= kf[hand[p], F_ELEM]
    for b in range(nsrc):
        if src_active[b]:
            cp += 1
            elements |= kf[src_kind[b], F_CP_ELEM]
    return cp, elements


@kernel
def find_payment(
    c,
    hand_pos,
    hand,
    nh,
    keep,
    kf,
    src_kind,
    src_active,
    nsrc,
    minimality,
    out_disc,
    out_src,
    work,
):
    """The least valuable legal payment for kind c (pay_cost of its CP and elements)."""
    return pay_cost(
        kf[c, F_PAY], kf[c, F_REQ], hand_pos, hand, nh, keep, kf, src_kind, src_active, nsrc, minimality,
        out_disc, out_src, work,
    )  # fmt: skip


@kernel
def pay_cost(  # noqa: C901 (one search; see engine/README.md)
    need,
    req,
    hand_pos,
    hand,
    nh,
    keep,
    kf,
    src_kind,
    src_active,
    nsrc,
    minimality,
    out_disc,
    out_src,
    work,
):
    """The least valuable legal payment of `need` CP covering the element bits `req` (a card's cost, or an
    action ability's, 11.6.2.1), the hand but position `hand_pos` discarded: as many Backups as can legally
    pay, then discards of the lowest keep-value. Writes hand positions and Backup indices; returns (n_disc,
    n_bk) or (-1, -1).

    A quick pass tries, for each number of Backups, the fewest discards, picked greedily for the elements;
    when it finds nothing, `search_payment` tries every legal number and choice of sources (a multi-
    element card may need a discard per element, spending the excess each element allows)."""
    if need == 0:
        return 0, 0
    # discard candidates in keep-value order (lowest first), then card number, then hand order
    # quick refusals before the search: not enough CP, or a required element nowhere (the common case)
    avail, have = cp_and_elements(hand, nh, hand_pos, kf, src_kind, src_active, nsrc)
    if avail < need or (element_bits(req) & have) != element_bits(req):
        return -1, -1
    cand = work[0]
    nc = 0
    for p in range(nh):
        if p != hand_pos and kf[hand[p], F_DISC]:
            cand[nc] = p
            nc += 1
    for i in range(1, nc):  # insertion sort: hands are small
        p = cand[i]
        j = i - 1
        while j >= 0 and (keep[cand[j]] > keep[p] or (keep[cand[j]] == keep[p] and hand[cand[j]] > hand[p])):
            cand[j + 1] = cand[j]
            j -= 1
        cand[j + 1] = p
    active = work[1]
    na = 0
    for b in range(nsrc):
        if src_active[b]:
            active[na] = b
            na += 1
    masks = work[2]
    values = work[3]
    used_b = work[4]
    used_d = work[5]
    for want_b in range(min(need, na), -1, -1):
        want_d = (need - want_b + 1) // 2
        if want_d > nc:
            continue
        used_b[:na] = 0
        used_d[:nc] = 0
        got_b = 0
        missing = 0  # the CP of each element still missing, 3 bits an element
        for e in range(8):  # Backups that meet an element requirement first
            bit = 1 << e
            if not req & bit:
                continue
            units = element_units(req, e)
            for i in range(na):
                if units == 0 or got_b == want_b:
                    break
                if not used_b[i] and kf[src_kind[active[i]], F_CP_ELEM] & bit:
                    used_b[i] = 1
                    got_b += 1
                    units -= 1
            missing |= units << (3 * e)
        for i in range(na):
            if got_b < want_b and not used_b[i]:
                used_b[i] = 1
                got_b += 1
        if got_b < want_b:
            continue
        got_d = 0
        for e in range(8):  # then discards for the elements still missing, 2 CP each
            bit = 1 << e
            units = missing >> (3 * e) & 7
            for i in range(nc):
                if units <= 0 or got_d == want_d:
                    break
                if not used_d[i] and kf[hand[cand[i]], F_ELEM] & bit:
                    used_d[i] = 1
                    got_d += 1
                    units -= 2
        for i in range(nc):
            if got_d < want_d and not used_d[i]:
                used_d[i] = 1
                got_d += 1
        n = 0
        for i in range(na):
            if used_b[i]:
                masks[n] = kf[src_kind[active[i]], F_CP_ELEM]
                values[n] = 1
                n += 1
        for i in range(nc):
            if used_d[i]:
                masks[n] = kf[hand[cand[i]], F_ELEM] & ~LIGHT_DARK
                values[n] = 2
                n += 1
        if payment_legal(need, req, masks, values, n, got_d, minimality):
            k = 0
            for i in range(nc):
                if used_d[i]:
                    out_disc[k] = cand[i]
                    k += 1
            k = 0
            for i in range(na):
                if used_b[i]:
                    out_src[k] = active[i]
                    k += 1
            return got_d, got_b
    return search_payment(
        need, req, hand, cand, nc, active, na, keep, kf, src_kind, minimality, out_disc, out_src, work
    )


MAX_SEARCHED = 16  # discard candidates and Backups the full search weighs (2^16 subsets at most)


@kernel
def search_payment(
    need, req, hand, cand, nc, active, na, keep, kf, src_kind, minimality, out_disc, out_src, work
):
    """Every subset of the discard candidates (the first MAX_SEARCHED - Backups of them, lowest keep-value
    first) and active Backups: the legal payment (§7.3) with the fewest discards, then the most
    Backups, then the lowest keep-value lost. Returns (n_disc, n_bk) as find_payment, or (-1, -1)."""
    na = min(na, MAX_SEARCHED)
    nc = max(0, min(nc, MAX_SEARCHED - na))
    masks = work[2]
    values = work[3]
    best = -1
    best_key = (1 << 20, 0, 1 << 40)
    for subset in range(1, 1 << (nc + na)):
        n = 0
        n_d = 0
        n_b = 0
        lost = 0
        total = 0
        for i in range(nc):
            if subset & (1 << i):
                masks[n] = kf[hand[cand[i]], F_ELEM] & ~LIGHT_DARK
                values[n] = 2
                n += 1
                n_d += 1
                lost += keep[cand[i]]
                total += 2
        for i in range(na):
            if subset & (1 << (nc + i)):
                masks[n] = kf[src_kind[active[i]], F_CP_ELEM]
                values[n] = 1
                n += 1
                n_b += 1
                total += 1
        if total < need:
            continue
        key = (n_d, -n_b, lost)
        if key >= best_key:
            continue
        if payment_legal(need, req, masks, values, n, n_d, minimality):
            best = subset
            best_key = key
    if best < 0:
        return -1, -1
    k = 0
    for i in range(nc):
        if best & (1 << i):
            out_disc[k] = cand[i]
            k += 1
    k_b = 0
    for i in range(na):
        if best & (1 << (nc + i)):
            out_src[k_b] = active[i]
            k_b += 1
    return k, k_b
