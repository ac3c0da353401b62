"""The FFTCG goldfish against the simulation facts of docs/rules/fftcg.md §12.2 (its fixture decks)."""

from __future__ import annotations

import random

import numpy as np
import pytest

from engine import Card, Deck, DeckEntry
from engine.games import get_game
from engine.goldfish import OUTCOMES, WIN, GameLog, get_simulator
from engine.goldfish.fftcg import compile_deck
from engine.goldfish.fftcg_kinds import F_DISC, F_PAY, F_REQ
from engine.goldfish.fftcg_payment import payment_legal
from engine.stats import Group, probabilities

SIM = get_simulator("fftcg")
FIRE, ICE, WIND, EARTH, WATER, LIGHT = 1, 2, 4, 8, 32, 64


def card(number, name=None, type="forward", colors=("fire",), cost=2, keywords=("multi-playable",), **kw):
    return Card(number, name or f"テスト{number}", type, tuple(colors), cost, keywords=tuple(keywords), **kw)


def deck_of(cards_and_counts, lb=(), fmt="constructed") -> Deck:
    cards = {c.number: c for c, _ in [*cards_and_counts, *lb]}
    return Deck(
        "fftcg",
        fmt,
        {
            "main": tuple(DeckEntry(c.number, n) for c, n in cards_and_counts),
            "lb": tuple(DeckEntry(c.number, n) for c, n in lb),
        },
        cards,
    )


def base50(**kw) -> Deck:
    """3x T1-001..T1-016 + 2x T1-017: vanilla Fire Forwards, generic icon (VF2 and its variants)."""
    return deck_of([(card(f"T1-{i:03d}", **kw), 3 if i <= 16 else 2) for i in range(1, 18)])


VF2 = base50()
VF3 = base50(cost=3)
VH2 = base50(keywords=("multi-playable", "haste"))
SOLO = deck_of([(card(f"S-{i:03d}", name="ソロ", keywords=()), 3 if i <= 16 else 2) for i in range(1, 18)])
SOLO40 = deck_of(
    [(card(f"S-{i:03d}", name="ソロ", keywords=()), 3 if i <= 13 else 1) for i in range(1, 15)], fmt="limited"
)
SUMMONS = deck_of([(card(f"U-{i:03d}", type="summon", keywords=()), 1) for i in range(1, 51)])


def per_turn(log: GameLog, text: str) -> dict[int, int]:
    counts: dict[int, int] = {}
    for e in log.events:
        if e.text.startswith(text):
            counts[e.turn] = counts.get(e.turn, 0) + 1
    return counts


def game_turn(log: GameLog) -> int:
    return int(log.events[-1].text.rsplit("game turn ", 1)[1].rstrip(")"))


# ---- S01-S04: setup, mulligan, draws, hand limit ----


@pytest.mark.parametrize(("deck", "left"), [(SUMMONS, 45), (deck_of([(card("U-1", type="summon"), 40)]), 35)])
def test_s01_setup_gives_five_cards_and_leaves_the_rest(deck, left) -> None:
    log = SIM.play_logged(deck, SIM.params(policy={"mulligan_rule": "never"}, max_turns=1), 1, 0)
    assert log.events[0].turn == 0 and log.events[0].text.count("(U-") == 5
    assert log.final["deck"] == left - 1  # one card drawn on the first player's own turn 1


def test_s02_the_mulligan_puts_the_hand_under_the_deck_unshuffled_once() -> None:
    order = [f"U-{i:03d}" for i in range(1, 51)]  # all Summons: every hand lacks a cheap Forward
    log = SIM.play_stacked(SUMMONS, SIM.params(going="second", max_turns=21), order)
    hands = [e.text for e in log.events if e.text.startswith("hand:")]
    assert len(hands) == 2  # a second mulligan is refused
    assert [n[:5] for n in hands[1].split("(")[1:]] == [f"U-{i:03d}" for i in range(6, 11)]
    draws = [e.text.split("(")[1][:5] for e in log.events if e.text.startswith("draw")]
    # c11..c50, then the returned c1..c5 in the drawn order
    assert draws == [f"U-{i:03d}" for i in range(11, 51)] + ["U-001", "U-002"]


@pytest.mark.parametrize(("going", "extra"), [("first", 4), ("second", 5)])
def test_s03_cards_drawn_by_own_turn_t(going, extra) -> None:
    for t in (1, 2, 5):
        params = SIM.params(going=going, policy={"mulligan_rule": "never"}, max_turns=t)
        log = SIM.play_logged(SUMMONS, params, 3, 0)
        assert 50 - log.final["deck"] == 2 * t + extra


@pytest.mark.parametrize(
    ("going", "discards"), [("first", {1: 1, 2: 2, 3: 2}), ("second", {1: 2, 2: 2, 3: 2})]
)
def test_s04_the_hand_limit_discards_down_to_five(going, discards) -> None:
    params = SIM.params(going=going, policy={"mulligan_rule": "never"}, max_turns=3)
    log = SIM.play_logged(SUMMONS, params, 5, 0)
    assert per_turn(log, "hand limit: discard") == discards
    assert log.final["break_zone"] == sum(discards.values())
    assert log.final["hand"] == 5


# ---- S05-S09: greedy traces ----


@pytest.mark.parametrize(
    ("deck", "turn", "casts", "attacks"),
    [
        (VF2, 3, {1: 3, 2: 1, 3: 1}, {2: 3, 3: 4}),  # S05
        (VH2, 2, {1: 3, 2: 1}, {1: 3, 2: 4}),  # S06: no first-turn attack ban
    ],
)
@pytest.mark.parametrize("going", ["first", "second"])
def test_s05_s06_greedy_vanilla_traces(deck, turn, casts, attacks, going) -> None:
    params = SIM.params(going=going)
    result = SIM.run_batch(deck, params, 11, 0, 500)
    assert result.kill_turns == {turn: 500}
    log = SIM.play_logged(deck, params, 11, 0)
    assert per_turn(log, "cast") == casts
    assert per_turn_attacks(log) == attacks
    assert game_turn(log) == 2 * turn - (going == "first")


def per_turn_attacks(log: GameLog) -> dict[int, int]:
    counts: dict[int, int] = {}
    for e in log.events:
        if " attacks: " in e.text:
            counts[e.turn] = counts.get(e.turn, 0) + 1
    return counts


@pytest.mark.parametrize(
    ("going", "casts", "attacks"),
    [("first", {1: 2, 3: 1, 4: 1}, {2: 2, 3: 2, 4: 3}), ("second", {1: 2, 2: 1, 4: 1}, {2: 2, 3: 3, 4: 2})],
)
def test_s07_cost_three_uses_the_allowed_excess(going, casts, attacks) -> None:
    params = SIM.params(going=going)
    assert SIM.run_batch(VF3, params, 2, 0, 300).kill_turns == {4: 300}
    log = SIM.play_logged(VF3, params, 2, 0)
    assert per_turn(log, "cast") == casts
    assert per_turn_attacks(log) == attacks
    assert log.final["opp_damage"] == 7  # the game ends at 7; going second the 3rd attack never comes


@pytest.mark.parametrize("going", ["first", "second"])
def test_s08_only_one_solo_on_the_field(going) -> None:
    params = SIM.params(going=going)
    assert SIM.run_batch(SOLO, params, 4, 0, 300).kill_turns == {8: 300}
    log = SIM.play_logged(SOLO, params, 4, 0)
    assert per_turn(log, "cast") == {1: 1}
    ends = per_turn(log, "hand limit")
    assert ends[2] == (1 if going == "first" else 2)
    assert all(ends[t] == 2 for t in range(3, 8))
    limited = SIM.run_batch(SOLO40, params, 4, 0, 300)  # threshold 6 from the Limited format
    assert limited.kill_turns == {7: 300}


def test_s09_s10_backup_trace() -> None:
    backup = card("B-001", type="backup")
    forward = card("F-001")
    deck = deck_of([(backup, 2), (forward, 48)])
    order = ["B-001", "B-001"] + ["F-001"] * 48
    params = SIM.params(policy={"mulligan_rule": "never", "backup_turns": 2})
    log = SIM.play_stacked(deck, params, order)
    lines = [(e.turn, e.text) for e in log.events if e.text.startswith("cast")]
    assert [t for t, _ in lines] == [1, 1, 1, 2, 3, 3, 4]
    assert all(
        "discarding" in text and "dulling" not in text for t, text in lines if t == 1
    )  # S10: dull on T1
    assert "dulling テストB-001 (B-001), テストB-001 (B-001)" in lines[3][1]
    assert "dulling" in lines[4][1] and "discarding" in lines[5][1]
    assert per_turn_attacks(log) == {2: 1, 3: 2, 4: 4}
    assert (log.outcome, log.turn, game_turn(log)) == (WIN, 4, 7)


# ---- S11: the payment solver, one case per line of §7.3 ----


def legal(need, req, sources, minimality=True):
    masks = np.array([m for m, _ in sources], dtype=np.int64)
    values = np.array([v for _, v in sources], dtype=np.int64)
    discards = sum(1 for _, v in sources if v == 2)
    return bool(payment_legal(need, req, masks, values, len(sources), discards, minimality))


D, B = 2, 1  # a discard makes 2 CP, a Backup 1


@pytest.mark.parametrize(
    ("need", "req", "sources", "expected"),
    [
        (3, FIRE, [(FIRE, D), (FIRE, D)], True),  # (a) excess 1
        (3, FIRE, [(FIRE, D), (FIRE, B)], True),  # (b)
        (2, FIRE, [(FIRE, D), (FIRE, B)], False),  # (c) the Backup is unnecessary
        (2, FIRE, [(FIRE, D), (FIRE, D)], False),  # (d) excess 2
        (1, FIRE, [(ICE, D)], False),  # (e) no Fire CP
        (1, FIRE, [(FIRE, D)], True),  # (e)
        (4, FIRE, [(WATER, D), (FIRE, B), (WIND, B)], True),  # (f)
        (2, FIRE | ICE, [(FIRE, D), (ICE, B)], True),  # (g)
        (2, FIRE | ICE, [(FIRE, D)], False),  # (g)
        (2, FIRE | ICE, [(FIRE, D), (ICE, D)], True),  # (g) excess 2 = 1 per element
        (3, 0, [(WATER, D), (EARTH, B)], True),  # (i) Light: any element
    ],
)
def test_s11_payment_legality(need, req, sources, expected) -> None:
    assert legal(need, req, sources) is expected


def test_s11c_is_legal_without_the_minimality_reading() -> None:
    assert legal(2, FIRE, [(FIRE, D), (FIRE, B)], minimality=False) is True


def test_s11_costs_and_discard_rules_of_compiled_cards() -> None:
    deck = deck_of(
        [
            (card("M-1", colors=("fire", "ice"), cost=1), 1),  # (h) reduced to 1: still pays 2
            (card("M-2", colors=("light",), cost=3), 1),  # (i) no element needed, never discarded
            (card("M-3", cost=0), 1),  # (j) nothing to pay
        ]
    )
    c = compile_deck(deck)
    kf = c.arrays[2]
    assert list(kf[:, F_PAY]) == [2, 3, 0]
    assert list(kf[:, F_REQ]) == [FIRE | ICE, 0, FIRE]
    assert list(kf[:, F_DISC]) == [1, 0, 1]


# ---- S12-S15: field limits, thresholds, deck-out ----


def test_s12_no_sixth_backup() -> None:
    deck = deck_of(
        [(card(f"B-{i:03d}", type="backup", cost=1), 3) for i in range(1, 17)]
        + [(card("B-099", type="backup", cost=1), 2)]
    )
    result = [
        SIM.play_logged(deck, SIM.params(policy={"backup_turns": 20}, max_turns=6), 9, i) for i in range(20)
    ]
    assert {log.final["backups"] for log in result} == {5}


def test_s12_unique_names_and_the_generic_icon() -> None:
    cloud = [
        card("T2-010", name="クラウド", colors=("wind",), cost=3, keywords=()),
        card("T2-011", name="クラウド", colors=("wind",), cost=3, keywords=()),
        card("T2-012", name="クラウド", colors=("wind",), cost=2),
    ]  # generic icon
    deck = deck_of(
        [(cloud[0], 3), (cloud[1], 3), (cloud[2], 3), (card("U-1", type="summon", colors=("wind",)), 41)]
    )
    both = 0
    for i in range(40):
        log = SIM.play_logged(deck, SIM.params(max_turns=8), 21, i)
        casts = [e.text for e in log.events if e.text.startswith("cast")]
        non_generic = sum(
            1 for t in casts if "(T2-010)" in t.split(" for")[0] or "(T2-011)" in t.split(" for")[0]
        )
        generic = sum(1 for t in casts if "(T2-012)" in t.split(" for")[0])
        assert non_generic <= 1
        both += non_generic == 1 and generic >= 1
    assert both > 0  # a generic-icon クラウド joins the non-generic one


def test_s12_one_light_or_dark_character() -> None:
    deck = deck_of(
        [
            (card("L-1", colors=("light",), cost=1), 3),
            (card("K-1", colors=("dark",), cost=1), 3),
            (card("U-1", type="summon"), 44),
        ]
    )
    logs = [SIM.play_logged(deck, SIM.params(max_turns=10), 8, i) for i in range(40)]
    assert max(log.final["light_dark_on_field"] for log in logs) == 1
    assert max(log.final["forwards"] for log in logs) == 1


def test_s14_thresholds_and_the_opponents_deck() -> None:
    log = SIM.play_logged(VF2, SIM.params(opponent={"opp_damage_threshold": 6}), 1, 0)
    assert (log.outcome, log.turn, log.final["opp_damage"]) == (WIN, 3, 6)
    assert per_turn_attacks(log) == {2: 3, 3: 3}
    # going first the opponent drew 2 + 2 (its own turns 1-2): 45 - 4 - 6
    assert log.final["opp_deck"] == 45 - 4 - 6


@pytest.mark.parametrize(
    ("size", "fmt", "going", "outcome", "own", "game"),
    [
        (50, "constructed", "first", "win_opp_deckout", 23, 46),
        (50, "constructed", "second", "loss_deckout", 23, 46),
        (40, "limited", "first", "win_opp_deckout", 18, 36),
        (40, "limited", "second", "loss_deckout", 18, 36),
    ],
)
def test_s15_deck_out(size, fmt, going, outcome, own, game) -> None:
    deck = deck_of([(card("B-1", type="backup", cost=1), size)], fmt=fmt)
    log = SIM.play_logged(deck, SIM.params(going=going, opponent=["max_own_turns=30"]), 1, 0)
    assert (log.outcome, log.turn, game_turn(log)) == (outcome, own, game)


# ---- S16, S18, S19: Limit Break, Summons, Light/Dark discards ----


def test_s16_limit_break_flips_three_other_cards() -> None:
    lb3 = card("T3-102", cost=3, keywords=("limit-break",), lb_cost=3)
    heavy = [card(f"T3-2{i}", cost=3, keywords=("limit-break",), lb_cost=8) for i in range(7)]
    fuel = card("U-1", type="summon")
    deck = deck_of([(fuel, 50)], lb=[(lb3, 1)] + [(h, 1) for h in heavy])
    log = SIM.play_logged(deck, SIM.params(max_turns=1), 3, 0)  # 6 cards: 2 discards pay 3 CP
    assert [e.text.split(" for")[0] for e in log.events if e.text.startswith("cast")] == [
        "cast テストT3-102 (T3-102) from the LB deck"
    ]
    assert (log.final["lb_face_down"], log.final["lb_face_up"], log.final["lb_on_field"]) == (4, 3, 1)
    small = deck_of([(fuel, 50)], lb=[(lb3, 1), (heavy[0], 1), (heavy[1], 1)])
    assert SIM.play_logged(small, SIM.params(max_turns=3), 3, 0).final["lb_on_field"] == 0


def test_s18_a_targeting_summon_is_fuel() -> None:
    summon = card("T6-001", type="summon", colors=("water",), keywords=())
    deck = deck_of([(card("W-1", colors=("water",)), 1), (summon, 49)])
    order = ["W-1"] + ["T6-001"] * 49
    log = SIM.play_stacked(deck, SIM.params(max_turns=1), order)
    casts = [e.text for e in log.events if e.text.startswith("cast")]
    assert casts == ["cast テストW-1 (W-1) for 2 CP by discarding テストT6-001 (T6-001)"]


def test_s19_light_cards_are_not_cp_but_may_go_at_end_of_turn() -> None:
    light = card("L-9", colors=("light",), cost=9)
    deck = deck_of([(light, 5), (card("F-1"), 45)])
    log = SIM.play_stacked(
        deck, SIM.params(policy={"mulligan_rule": "never"}, max_turns=1), ["L-9"] * 5 + ["F-1"] * 45
    )
    assert [e.text for e in log.events if e.text.startswith(("cast", "hand limit"))] == [
        "hand limit: discard テストL-9 (L-9)"
    ]


# ---- S20/S23/S25: the mulligan seen through a kill on own turn 1, Monte Carlo against exact values ----


@pytest.mark.parametrize(
    ("going", "rule", "exact"),
    [
        ("first", "never", 1 - 13244 / 19600),  # S23: 6 cards seen
        ("first", "no-cheap-forward", 1 - 9139 / 19600),  # S23: positions 1-11
        ("second", "never", 1 - 12341 / 19600),  # S23: 7 cards
        ("second", "no-cheap-forward", 1 - 8436 / 19600),  # S23: positions 1-12
    ],
)
def test_s23_s25_the_mulligan_keeps_the_unshuffled_order(going, rule, exact) -> None:
    # 3 Haste Forwards of cost 0 and 47 Summons, threshold 1: a kill on own turn 1 iff a copy is in
    # hand at the first main phase; the mulligan fires iff the opening five hold no copy.
    deck = deck_of([(card("X-1", cost=0, keywords=("haste",)), 3), (card("U-1", type="summon"), 47)])
    params = SIM.params(going=going, opponent={"opp_damage_threshold": 1}, policy={"mulligan_rule": rule})
    result = SIM.run_batch(deck, params, 2024, 0, 200_000)
    assert abs(result.kill_turns.get(1, 0) / result.games - exact) < 0.005
    # The draw odds (engine.stats) say the same exactly: the only Forward is X-1, so "no cheap Forward"
    # is "X-1 missing".
    mulligan = "never" if rule == "never" else "if-missing"
    odds = probabilities(deck, get_game("fftcg"), [Group(["X-1"])], 1, going == "first", mulligan)
    assert odds[1] == pytest.approx(exact, abs=1e-12)
    if rule != "never":
        assert abs(result.mulligans / result.games - 14190 / 19600) < 0.005  # S20: 1 - 0.2760


# ---- runs: reproducible, split-invariant, logged the same, and always sane ----


def test_a_seed_replays_and_another_seed_differs() -> None:
    deck = mixed_deck(random.Random(5))
    params = SIM.params()
    assert SIM.run_batch(deck, params, 9, 0, 2000) == SIM.run_batch(deck, params, 9, 0, 2000)
    assert SIM.run_batch(deck, params, 9, 0, 2000) != SIM.run_batch(deck, params, 10, 0, 2000)


def test_one_batch_equals_seven_uneven_batches() -> None:
    deck = mixed_deck(random.Random(6))
    params = SIM.params(going="second")
    whole = SIM.run_batch(deck, params, 77, 0, 1000)
    cuts = [0, 1, 2, 130, 131, 500, 999, 1000]
    parts = [SIM.run_batch(deck, params, 77, a, b - a) for a, b in zip(cuts, cuts[1:], strict=False)]
    merged = parts[-1]
    for part in parts[:-1]:
        merged = merged.merge(part)
    assert merged == whole
    assert SIM.run(deck, 1000, 77, params) == whole


def test_logged_games_end_as_they_do_in_the_run() -> None:
    for k in range(4):
        deck = mixed_deck(random.Random(100 + k))
        params = SIM.params(going=("first", "second")[k % 2])
        for i in range(25):
            log = SIM.play_logged(deck, params, 31, i)
            one = SIM.run_batch(deck, params, 31, i, 1)
            assert one.outcomes[log.outcome] == 1
            assert one.kill_turns == ({log.turn: 1} if log.outcome == WIN else {})


def mixed_deck(rng: random.Random, size: int = 50) -> Deck:
    """A random deck of every card type, element mix and keyword the simulator reads, with an LB deck."""
    elements = ["fire", "ice", "wind", "earth", "lightning", "water", "light", "dark"]
    types = ["forward"] * 5 + ["backup"] * 3 + ["summon", "monster"]
    cards = []
    for i in range(rng.randint(6, 17)):
        colors = (
            rng.sample(elements[:6], rng.choice([1, 1, 1, 2]))
            if rng.random() > 0.1
            else [rng.choice(elements[6:])]
        )
        keywords = [k for k in ("haste", "brave", "multi-playable") if rng.random() < 0.3]
        cards.append(
            card(
                f"R-{i:03d}",
                name=f"N{rng.randint(0, 8)}",
                type=rng.choice(types),
                colors=colors,
                cost=rng.randint(0, 6),
                keywords=keywords,
            )
        )
    counts = [0] * len(cards)
    for _ in range(size):
        counts[rng.randrange(len(cards))] += 1
    lb = [
        (
            card(
                f"LB-{i}",
                cost=rng.randint(1, 5),
                colors=[rng.choice(elements)],
                keywords=("limit-break",),
                lb_cost=rng.randint(1, 4),
            ),
            1,
        )
        for i in range(rng.randint(0, 8))
    ]
    return deck_of(
        [(c, n) for c, n in zip(cards, counts, strict=True) if n],
        lb=lb,
        fmt="limited" if size == 40 else "constructed",
    )


@pytest.mark.parametrize("k", range(40))
def test_random_games_end_and_keep_their_invariants(k) -> None:
    rng = random.Random(k)
    size = rng.choice([50, 40])
    deck = mixed_deck(rng, size)
    params = SIM.params(
        going=rng.choice(["first", "second"]),
        policy={
            "backup_turns": rng.randint(0, 4),
            "cast_monsters": rng.random() < 0.5,
            "payment_minimality": rng.random() < 0.8,
            "hand_limit": rng.choice([5, 5, 3, 10]),
        },
        max_turns=rng.choice([20, 30]),
    )
    threshold = 6 if size == 40 else 7
    n_lb = deck.size("lb")
    for i in range(10):
        log = SIM.play_logged(deck, params, k, i)
        z = log.final
        assert log.outcome in OUTCOMES
        assert 1 <= log.turn <= params.max_turns
        # every main-deck card is in exactly one zone; every LB card too
        on_field = z["forwards"] + z["backups"] + z["monsters"] - z["lb_on_field"]
        assert z["deck"] + z["hand"] + on_field + z["break_zone"] == size
        assert z["lb_face_down"] + z["lb_face_up"] + z["lb_on_field"] == n_lb
        assert 0 <= z["opp_damage"] <= threshold and z["opp_deck"] >= 0
        assert z["backups"] <= 5 and z["light_dark_on_field"] <= 1
        assert (z["opp_damage"] >= threshold) == (log.outcome == WIN)
        if log.outcome != "stalled":
            assert z["hand"] <= max(params.policy["hand_limit"], 7)


def test_a_deck_of_two_element_cards_pays_with_a_discard_per_element() -> None:
    """11.4.6.2, 11.4.6.4: a Fire/Ice cost-2 Forward needs a Fire and an Ice CP; one discard gives only
    one element, so it takes two (4 CP, the excess of 2 its two elements allow). Such a deck stalled."""
    deck = base50(colors=("fire", "ice"))
    result = SIM.run(deck, 500, seed=5, params=SIM.params())
    assert result.outcomes["stalled"] == 0
    assert result.kills == 500
