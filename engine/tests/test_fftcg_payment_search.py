"""The FFTCG payment search (§7.3) against a brute force over every subset of discards and Backups.

The brute force reads §7.3 on its own: a discard gives 2 CP of one of its elements (Light and Dark give
none), a Backup 1 CP of one of its; the sources must cover the cost, give a different source to each
required element, exceed the cost only when discarding and then by at most 1 per required element (at
least 1), and be minimal: no source can go while cover and elements still hold.
"""

from __future__ import annotations

from itertools import combinations, permutations

import numpy as np
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine.goldfish.fftcg_kinds import kind_table
from engine.goldfish.fftcg_payment import LIGHT_DARK, find_payment

ELEMENTS = 8  # fire, ice, wind, earth, lightning, water (0-5), light, dark (6, 7)
PLAIN = 0b111111


def legal(cost: int, req: int, sources: list[tuple[int, int]], minimality: bool = True) -> bool:
    """`sources`: (CP, element mask) per source; discards are the 2-CP ones."""
    total = sum(cp for cp, _ in sources)
    discards = sum(1 for cp, _ in sources if cp == 2)
    needed = [e for e in range(ELEMENTS) if req & (1 << e)]
    if total < cost or not matched(needed, [m for _, m in sources]):
        return False
    cap = 0 if discards == 0 else max(1, len(needed))
    if total - cost > cap:
        return False
    if minimality:
        for i in range(len(sources)):
            rest = sources[:i] + sources[i + 1 :]
            if sum(cp for cp, _ in rest) >= cost and matched(needed, [m for _, m in rest]):
                return False
    return True


def matched(needed: list[int], masks: list[int]) -> bool:
    if len(needed) > len(masks):
        return False
    return any(
        all(masks[j] & (1 << e) for e, j in zip(needed, chosen, strict=True))
        for chosen in permutations(range(len(masks)), len(needed))
    )


@st.composite
def situations(draw):
    n_elem = draw(st.integers(1, 3))
    card_elements = draw(st.lists(st.integers(0, 7), min_size=n_elem, max_size=n_elem, unique=True))
    card_mask = sum(1 << e for e in card_elements)
    cost = draw(st.integers(0, 6))
    hand = draw(st.lists(st.integers(0, 7), max_size=6))  # one element per card in hand
    backups = draw(st.lists(st.integers(0, 5), max_size=4))
    keep = draw(st.lists(st.integers(0, 9), min_size=len(hand), max_size=len(hand)))
    return card_mask, cost, hand, backups, keep


@settings(max_examples=400, deadline=None, suppress_health_check=list(HealthCheck))
@given(situations())
def test_the_search_finds_a_legal_payment_exactly_when_one_exists(situation) -> None:
    card_mask, cost, hand_elements, backup_elements, keep = situation
    n_elem = bin(card_mask).count("1")
    need = 0 if cost == 0 else (max(cost, n_elem) if n_elem > 1 else cost)  # 11.4.6.2
    req = card_mask & ~LIGHT_DARK  # 11.4.6.3

    # Kinds: 0 is the card cast, 1 + i is hand card i, 1 + len(hand) + b is Backup b.
    kelem = np.array([card_mask] + [1 << e for e in hand_elements] + [1 << e for e in backup_elements])
    kdisc = np.array([0] + [0 if e >= 6 else 1 for e in hand_elements] + [0] * len(backup_elements))
    kpay = np.zeros(len(kelem), dtype=np.int64)
    kreq = np.zeros(len(kelem), dtype=np.int64)
    kpay[0], kreq[0] = need, req
    hand = np.array([0] + list(range(1, 1 + len(hand_elements))), dtype=np.int64)
    keep_by_pos = np.array([0, *keep], dtype=np.int64)
    src_kind = np.array(list(range(1 + len(hand_elements), len(kelem))), dtype=np.int64)
    src_active = np.ones(len(src_kind), dtype=np.int64)
    out_disc = np.zeros(16, dtype=np.int64)
    out_src = np.zeros(16, dtype=np.int64)
    work = np.zeros((6, 32), dtype=np.int64)
    kf = kind_table(len(kelem), elem=kelem, disc=kdisc, pay=kpay, req=kreq)
    n_d, n_b = find_payment(
        0,
        0,
        hand,
        len(hand),
        keep_by_pos,
        kf,
        src_kind,
        src_active,
        len(src_kind),
        True,
        out_disc,
        out_src,
        work,
    )

    discardable = [p for p in range(1, len(hand)) if kdisc[hand[p]]]
    options = [(2, int(kelem[hand[p]]) & ~LIGHT_DARK, ("d", p)) for p in discardable]
    options += [(1, int(kelem[src_kind[b]]), ("b", b)) for b in range(len(src_kind))]
    brute = [
        chosen
        for r in range(len(options) + 1)
        for chosen in combinations(options, r)
        if legal(need, req, [(cp, m) for cp, m, _ in chosen])
    ]
    if need == 0:
        assert (n_d, n_b) == (0, 0)
        return
    assert (n_d >= 0) == bool(brute), (situation, n_d, n_b)
    if n_d >= 0:
        sources = [(2, int(kelem[hand[p]]) & ~LIGHT_DARK) for p in out_disc[:n_d]]
        sources += [(1, int(kelem[src_kind[b]])) for b in out_src[:n_b]]
        assert legal(need, req, sources), (situation, out_disc[:n_d], out_src[:n_b])
        fewest = min(sum(1 for _, _, (kind, _) in chosen if kind == "d") for chosen in brute)
        assert n_d == fewest  # no more cards lost than the cheapest legal payment


def test_a_fire_ice_card_of_cost_two_is_paid_by_a_fire_and_an_ice_discard() -> None:
    """§12.2 S11 (g) and the issue's case: the fewest discards (1) cannot pay it; two can (excess 2)."""
    fire, ice = 1 << 0, 1 << 1
    kelem = np.array([fire | ice, fire, ice])
    hand = np.array([0, 1, 2], dtype=np.int64)
    out_disc, out_src = np.zeros(8, dtype=np.int64), np.zeros(8, dtype=np.int64)
    kf = kind_table(3, elem=kelem, disc=[0, 1, 1], pay=[2, 0, 0], req=[fire | ice, 0, 0])
    n_d, n_b = find_payment(
        0, 0, hand, 3, np.zeros(3, dtype=np.int64), kf, np.zeros(0, dtype=np.int64),
        np.zeros(0, dtype=np.int64), 0, True, out_disc, out_src, np.zeros((6, 16), dtype=np.int64),
    )  # fmt: skip
    assert (n_d, n_b) == (2, 0)
    assert sorted(out_disc[:2]) == [1, 2]
