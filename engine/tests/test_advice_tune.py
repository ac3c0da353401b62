"""The card-swap adviser (engine.advice.tune): its ranking, its pairing, its statistics."""

from __future__ import annotations

import math

import numpy as np
import pytest

from engine import Card, Deck, DeckEntry
from engine.advice.tune import (
    Settings,
    Swap,
    TuneError,
    Tuner,
    aligned,
    holm,
    legal_swaps,
    ratio_difference,
    swapped,
    tune,
)
from engine.goldfish import get_simulator
from engine.stats import Group


def forward(number: str) -> Card:
    """A vanilla cost-3 Fire Forward with the generic icon."""
    return Card(number, f"テスト{number}", "forward", ("fire",), 3, keywords=("multi-playable",))


# A Light Summon with no text the goldfish plays: never cast (docs/rules/fftcg.md §11.5, "Monsters/Summons
# with no scripted effect" are uncastable), and, being Light, never discarded for CP either ("Light/Dark
# cards are never discard candidates for CP"): in these games it does nothing at all but take a place.
DEAD = Card("U-001", "テスト光", "summon", ("light",), 2)


def deck_of(counts: list[tuple[Card, int]]) -> Deck:
    return Deck(
        "fftcg",
        "constructed",
        {"main": tuple(DeckEntry(c.number, n) for c, n in counts)},
        {c.number: c for c, _ in counts},
    )


# 3 dead Summons + 15 x 3 + 1 x 2 vanilla Forwards = 50 cards, a legal FFTCG deck.
WITH_DEAD = deck_of([(DEAD, 3), *((forward(f"T1-{i:03d}"), 3) for i in range(1, 16)), (forward("T1-016"), 2)])
QUICK = Settings(games=2_000, seed=5)


def test_the_top_suggestion_cuts_the_uncastable_card() -> None:
    # By hand: the Summon does nothing, and a Forward in its place is cast, attacks or pays for another,
    # so "-1 Summon, +1 Forward" can only win sooner; every other swap trades a vanilla cost-3 Fire
    # Forward for an identical one, which changes no game.
    result = tune(WITH_DEAD, [forward("T1-900")], QUICK)
    for by in ("mean", "share"):
        ranked = result.ranked(by)
        top = ranked[0]
        assert top.variant.swap == Swap("U-001", "T1-900")
        assert top.beyond_chance
        assert top.variant.mean_diff is not None and top.variant.mean_diff.high < 0  # kills sooner
        assert top.variant.share_diff is not None and top.variant.share_diff.low > 0  # wins by then more
        # The like-for-like swaps play exactly the same games (common random numbers): zero, not noise.
        assert len(ranked) == 17
        for other in ranked[1:]:
            assert other.variant.mean_diff is not None and other.variant.mean_diff.estimate == 0
            assert not other.beyond_chance


def test_a_variant_identical_to_the_deck_differs_by_exactly_zero() -> None:
    tuner = Tuner(WITH_DEAD, QUICK)
    same = tuner.measure(Swap("T1-003", "T1-003"))
    assert same.mean == tuner.baseline.mean and same.share == tuner.baseline.share
    for diff in (same.mean_diff, same.share_diff):
        assert diff is not None
        assert (diff.estimate, diff.low, diff.high, diff.p) == (0.0, 0.0, 0.0, 1.0)


def test_the_added_copy_takes_the_cut_copys_place_in_the_shuffled_list() -> None:
    sim = get_simulator("fftcg")
    params = sim.params()
    pool = list(sim.prepare(WITH_DEAD, params)[0].arrays[0])
    played = aligned(WITH_DEAD, Swap("T1-005", "T1-900"), forward("T1-900"))
    c = sim.prepare(played, params)[0]
    names = [c.numbers[k] for k in c.arrays[0]]
    base_c = sim.prepare(WITH_DEAD, params)[0]
    base_names = [base_c.numbers[k] for k in pool]
    differ = [i for i, (a, b) in enumerate(zip(base_names, names, strict=True)) if a != b]
    assert len(differ) == 1 and base_names[differ[0]] == "T1-005" and names[differ[0]] == "T1-900"


def test_only_legal_swaps_are_offered() -> None:
    # A fourth copy of T1-001 breaks the three-copy rule whatever is cut; an Ice Forward is fine
    # (FFTCG has no colour rule); the deck's own cards are candidates by default (T1-016 has 2 copies).
    with pytest.raises(TuneError, match="No candidate"):
        legal_swaps(WITH_DEAD, [forward("T1-001")])
    ice = Card("T2-001", "テスト氷", "forward", ("ice",), 2)
    swaps, _ = legal_swaps(WITH_DEAD, [forward("T1-001"), ice])
    assert {s.add for s in swaps} == {"T2-001"} and len(swaps) == 17
    default, _ = legal_swaps(WITH_DEAD, [])
    assert {s.add for s in default} == {"T1-016"}  # every other card already has three copies
    assert len(default) == 16  # every card but T1-016 itself can make way for a third T1-016


def test_the_budget_keeps_like_for_like_adds() -> None:
    cheap, dear = forward("T9-001"), Card("T9-002", "テスト高", "forward", ("fire",), 7)
    swaps, _ = legal_swaps(WITH_DEAD, [cheap, dear], max_variants=17)
    assert len(swaps) == 17 and {s.add for s in swaps} == {"T9-001"}  # every cut costs 2 or 3: the cost-3 add


def test_swapped_moves_one_copy() -> None:
    variant = swapped(WITH_DEAD, Swap("U-001", "T1-016"))
    counts = {e.card: e.count for e in variant.entries("main")}
    assert counts["U-001"] == 2 and counts["T1-016"] == 3 and variant.size("main") == 50
    with pytest.raises(TuneError):
        swapped(WITH_DEAD, Swap("T1-999", "T1-016"))


def test_ratio_difference_worked_by_hand() -> None:
    # Deck A: batches of (kill-turn sums, kills) (10, 2), (12, 3); B: (8, 2), (9, 3).
    # r_a = 22/5 = 4.4, r_b = 17/5 = 3.4: difference -1.0. Mean kills 2.5 in both.
    # u = ((8 - 6.8) - (10 - 8.8)) / 2.5 = 0, ((9 - 10.2) - (12 - 13.2)) / 2.5 = 0: the pairing takes all
    # the spread away, so the interval is the point and the difference is certain.
    d = ratio_difference(np.array([10, 12]), np.array([2, 3]), np.array([8, 9]), np.array([2, 3]))
    assert d is not None and d.estimate == pytest.approx(-1.0) and d.p == 0.0
    # B: (8, 2), (11, 3): r_b = 19/5 = 3.8, difference -0.6. u = ((8 - 7.6) - (10 - 8.8))/2.5 = -0.32 and
    # ((11 - 11.4) - (12 - 13.2))/2.5 = 0.32; their sample variance 2 x 0.1024 / 1 = 0.2048; the standard
    # error sqrt(0.2048 / 2) = 0.32.
    d = ratio_difference(np.array([10, 12]), np.array([2, 3]), np.array([8, 11]), np.array([2, 3]))
    assert d is not None
    assert d.estimate == pytest.approx(-0.6)
    assert (d.low, d.high) == (pytest.approx(-0.6 - 1.96 * 0.32), pytest.approx(-0.6 + 1.96 * 0.32))
    assert d.p == pytest.approx(math.erfc(0.6 / 0.32 / math.sqrt(2)))
    assert ratio_difference(np.array([0]), np.array([0]), np.array([3]), np.array([1])) is None


def test_holm_worked_by_hand() -> None:
    # Sorted: 0.005 x 4 = 0.02; 0.01 x 3 = 0.03; 0.03 x 2 = 0.06; 0.04 x 1 = 0.04, raised to 0.06 (step-down
    # never lowers a later value). At 5 %: the first two are beyond chance, the 0.03 and the 0.04 are not
    # (plain 95 % tests would have called all four).
    assert holm([0.01, 0.04, 0.03, 0.005]) == pytest.approx([0.03, 0.06, 0.06, 0.02])
    assert holm([0.5, 0.9]) == pytest.approx([1.0, 1.0])
    assert holm([]) == []


def test_progress_is_reported_per_variant_and_may_stop_the_run() -> None:
    seen = []

    class Stop(Exception):
        pass

    def progress(done: int, total: int) -> None:
        seen.append((done, total))
        if done == 2:
            raise Stop

    with pytest.raises(Stop):
        tune(WITH_DEAD, [forward("T1-900")], Settings(games=200, seed=1), progress=progress)
    assert seen == [(1, 17), (2, 17)]


def test_the_result_reads_back_from_its_json() -> None:
    result = tune(WITH_DEAD, [forward("T1-900")], Settings(games=300, seed=2))
    data = result.to_dict()
    assert data["correction"] == "holm" and data["variants"] == 17
    top = data["rankings"]["mean"][0]
    assert (top["cut"], top["add"]) == ("U-001", "T1-900")
    assert set(top["odds"]) == {"turn", "cut", "add"}
    # The exact odds beside: P(at least one of 3 dead Summons in the 6 cards of turn 1 going first)
    # = 1 - C(47, 6)/C(50, 6), and with 2 of them 1 - C(48, 6)/C(50, 6).
    turn = data["baseline"]["typical_turn"]
    seen = 5 + 1 + 2 * (turn - 1)
    before = 1 - math.comb(47, seen) / math.comb(50, seen)
    after = 1 - math.comb(48, seen) / math.comb(50, seen)
    assert top["odds"]["cut"] == [pytest.approx(before), pytest.approx(after)]


def test_the_players_groups_are_shown_beside_exactly() -> None:
    # Group: at least one dead Summon; by turn t going first the hand has seen s = 5 + 1 + 2(t - 1) cards:
    # 1 - C(47, s)/C(50, s) for the deck, 1 - C(48, s)/C(50, s) once a copy is cut.
    settings = Settings(games=300, seed=2, groups=(Group(["U-001"]),))
    assert Settings.from_dict(settings.to_dict()) == settings
    result = tune(WITH_DEAD, [forward("T1-900")], settings)
    turn = result.baseline.typical_turn
    assert turn is not None
    seen = 5 + 1 + 2 * (turn - 1)
    assert result.baseline.odds["groups"] == pytest.approx(1 - math.comb(47, seen) / math.comb(50, seen))
    cut_dead = next(v for v in result.variants if v.swap.cut == "U-001")
    assert cut_dead.odds["groups"] == pytest.approx(1 - math.comb(48, seen) / math.comb(50, seen))
    cut_other = next(v for v in result.variants if v.swap.cut == "T1-001")
    assert cut_other.odds["groups"] == result.baseline.odds["groups"]
