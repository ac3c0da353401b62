"""The GRANBLUE FANTASY goldfish against the simulation facts of docs/rules/gbf.md §12.2 (its fixtures)."""

from __future__ import annotations

import numpy as np
import pytest

from engine import Card, Deck, DeckEntry
from engine.games import get_game
from engine.goldfish import OUTCOMES, WIN, GameLog
from engine.goldfish.gbf import (
    A_ATK,
    A_BEST,
    A_BOOST,
    A_OUGI_N,
    C_ACTIVE,
    C_KIND,
    C_LEVELS,
    F_RANK,
    S_CAP,
    S_CAP_ACTIVE,
    S_DCOUNT,
    S_JC_USED,
    S_NCAP,
    S_NCREW,
    S_NCRY,
    S_NH,
    S_OPP_ARMOR,
    S_OPP_CREW,
    S_OPP_DECK,
    S_OPP_HP,
    S_PENDING,
    ZONES,
    GBFSimulator,
    _checkpoint,
    _crew_atk,
    _damage,
    _enter_crew,
    _job_change,
    _new_state,
    _plan,
    _remembered_plan,
    _uncap,
    can_pay,
    compile_deck,
)
from engine.samples import sample_deck
from engine.stats import Group, probabilities

SIM = GBFSimulator()
NO_LOG = (np.zeros((0, 5), dtype=np.int64), np.zeros(2, dtype=np.int64))


def captain(number="TG01-001C", rank=0, atk=2, hp=4, text="", name=None) -> Card:
    return Card(
        number, name or f"[見習い]テスト団長{number}(男)", "captain", (), rank=rank, atk=atk, hp=hp,
        gender="男", character_name="テスト団長", text=text,
    )  # fmt: skip


def crew(number, rank=1, atk=2, hp=3, name=None, colors=("fire",)) -> Card:
    return Card(number, f"[{number}]{name or number}", "crew", colors, rank=rank, atk=atk, hp=hp,
                character_name=name or number)  # fmt: skip


def summon(number, text="") -> Card:
    return Card(number, f"Summon {number}", "summon", ("fire",), text=text)


def deck_of(main: list[Card], captains: list[Card] | None = None) -> Deck:
    """One entry per card in `main` order (duplicates of a number are merged), captains as given."""
    captains = captains or [captain()]
    cards = {c.number: c for c in [*captains, *main]}
    counts: dict[str, int] = {}
    for c in main:
        counts[c.number] = counts.get(c.number, 0) + 1
    cap_counts: dict[str, int] = {}
    for c in captains:
        cap_counts[c.number] = cap_counts.get(c.number, 0) + 1
    sections = {
        "captain": tuple(DeckEntry(n, k) for n, k in cap_counts.items()),
        "main": tuple(DeckEntry(n, k) for n, k in counts.items()),
    }
    return Deck("gbf", "standard", sections, cards)


def heavy(n=50, prefix="H") -> list[Card]:
    """Vanilla crew of rank 9: never playable in time (S09, S13)."""
    return [crew(f"{prefix}-{i:03d}", rank=9, atk=1) for i in range(1, n + 1)]


def stacked(deck: Deck, order: list[Card], going="first", **opp) -> GameLog:
    policy = opp.pop("policy", {"redraw": "never"})
    max_turns = opp.pop("max_turns", None)
    params = SIM.params(going=going, opponent=opp, policy=policy, max_turns=max_turns)
    return SIM.play_stacked(deck, params, [c.number for c in order])


def lines(log: GameLog, turn: int, start: str) -> list[str]:
    return [e.text for e in log.events if e.turn == turn and e.text.startswith(start)]


def game_turn(log: GameLog) -> int:
    return log.final["game_turn"]


# ---- S01-S05, S18, S19: setup, the start phase and deck-out ----


@pytest.mark.parametrize("going", ["first", "second"])
def test_s01_setup_counts(going) -> None:
    cards = heavy()
    log = stacked(deck_of(cards), cards, going, max_turns=1)
    setup = [e.text for e in log.events if e.turn == 0]
    assert setup[0].count("(H-") == 5  # hand 5
    assert setup[1] == "armor: 5 cards from the top; deck 40"
    assert setup[2].startswith("captain: [見習い]テスト団長TG01-001C(男)")


def test_s02_partial_redraw_goes_to_the_bottom_without_shuffle() -> None:
    d = heavy(prefix="d")  # d-001 is d1, on top
    keep = ",".join(c.number for i, c in enumerate(d, 1) if i not in (2, 4))
    policy = {"redraw": "keep-list", "keep_list": keep}
    first = stacked(deck_of(d), d, "first", policy=policy, opp_captain_hp=99)
    hands = [e.text for e in first.events if e.text.startswith("hand:")]
    assert [x.split(" (")[1].rstrip(")") for x in hands[1].split(", ")] == [
        "d-001", "d-003", "d-005", "d-006", "d-007",
    ]  # fmt: skip
    assert lines(first, 1, "crystal")[0].startswith("crystal [d-013]")
    # The deck is d13 ... d50, d2, d4: own turn 14 draws d50 and d2, and d4 is the last crystal.
    assert [x.split(";")[0] for x in lines(first, 14, "draw") + lines(first, 14, "crystal")] == [
        "draw [d-050]d-050 (d-050)", "draw [d-002]d-002 (d-002)", "crystal [d-004]d-004 (d-004)",
    ]  # fmt: skip
    second = stacked(deck_of(d), d, "second", policy=policy, max_turns=1)
    assert [x.split(" (")[0] for x in lines(second, 1, "draw") + lines(second, 1, "crystal")] == [
        "draw [d-013]d-013", "draw [d-014]d-014", "crystal [d-015]d-015",
    ]  # fmt: skip


@pytest.mark.parametrize("going", ["first", "second"])
@pytest.mark.parametrize("turn", [1, 2, 3, 7])
def test_s03_s04_counts_at_the_main_phase_of_own_turn(going, turn) -> None:
    cards = heavy()
    log = stacked(deck_of(cards), cards, going, max_turns=turn, opp_captain_hp=99)
    hand = 5 + 2 * (turn - 1) if going == "first" else 5 + 2 * turn
    deck = 42 - 3 * turn if going == "first" else 40 - 3 * turn
    assert (log.final["crystals"], log.final["hand"], log.final["deck"]) == (turn, hand, deck)


def test_s05_a_deck_that_never_hits_decks_out() -> None:
    cards = heavy()
    first = stacked(deck_of(cards), cards, "first", opp_captain_hp=99)
    assert (first.outcome, first.turn, game_turn(first)) == ("loss_deckout", 14, 27)
    second = stacked(deck_of(cards), cards, "second", opp_captain_hp=99)
    assert (second.outcome, game_turn(second)) == ("win_opp_deckout", 27)  # S19: the first player at 27
    alone = stacked(deck_of(cards), cards, "second", opp_captain_hp=99, model_opp_deck_out=False)
    assert (alone.outcome, alone.turn, game_turn(alone)) == ("loss_deckout", 14, 28)
    result = SIM.run(deck_of(cards), 50, seed=3, params=SIM.params("second", {"opp_captain_hp": 99}))
    assert result.outcomes["win_opp_deckout"] == 50 and result.kills == 0  # not a kill


def test_s19_an_opponent_who_went_second_decks_out_at_game_turn_28() -> None:
    cards = heavy(60)  # a 60-card deck outlasts the opponent's 40
    log = stacked(deck_of(cards), cards, "first", opp_captain_hp=99)
    assert (log.outcome, log.turn, game_turn(log)) == ("win_opp_deckout", 14, 28)


def test_s18_no_hand_limit() -> None:
    cards = heavy()
    log = stacked(deck_of(cards), cards, "second", max_turns=8, opp_captain_hp=99)
    assert log.final["hand"] == 21


# ---- S06-S08, S12, S16, S17: rules checked on a board set up directly ----


def board(deck: Deck, hand: list[str], crystals: int, crew_in_play: list[str] = ()):
    """A main-phase state: these cards in hand and in the crew area, `crystals` crystals (all rested)."""
    c = compile_deck(deck)
    st = _new_state(50, len(c.cap_pool))
    s, hand_arr, cry, crew_arr, capdeck = st[0], st[2], st[3], st[5], st[6]
    for i, n in enumerate(hand):
        hand_arr[i] = c.kind(n)
    s[S_NH] = len(hand)
    cry[:crystals, 0] = c.kind(deck.entries("main")[0].card)
    cry[:crystals, 1] = 0  # S06: rested crystals still count
    s[S_NCRY] = crystals
    for i, n in enumerate(crew_in_play):
        crew_arr[i, C_KIND] = c.kind(n)
        crew_arr[i, C_ACTIVE] = 1
    s[S_NCREW] = len(crew_in_play)
    for ci, k in enumerate(c.cap_pool):
        capdeck[ci] = (k, 1)
    first = next(ci for ci, k in enumerate(c.cap_pool) if c.kf[k, F_RANK] == 0)
    capdeck[first, 1] = 0
    s[S_CAP] = c.cap_pool[first]
    s[S_CAP_ACTIVE] = 1
    s[S_NCAP] = len(c.cap_pool)
    return st, c


def enter(st, c, number) -> bool:
    p = [c.numbers[k] for k in st[2][: st[0][S_NH]]].index(number)
    return bool(_enter_crew(st, c.kf, np.ones(1, dtype=np.uint64), NO_LOG, p))


def uncap(st, c, number, slot) -> bool:
    p = [c.numbers[k] for k in st[2][: st[0][S_NH]]].index(number)
    return bool(_uncap(st, c.kf, NO_LOG, p, slot))


S06 = deck_of([crew("A", 1), crew("B", 1), crew("C", 2)] + heavy(47))


def test_s06_rank_limit_on_own_turn_1() -> None:
    st, c = board(S06, ["A", "B", "C"], crystals=1)
    assert enter(st, c, "C") is False  # 2 > 1
    assert enter(st, c, "A") is True
    assert enter(st, c, "B") is False  # 1 + 1 > 1, with the crystal rested


def test_s06_rank_limit_on_own_turn_2_and_the_separate_captain_area() -> None:
    m2 = captain("TG01-003UC", rank=2)
    deck = deck_of([crew("A", 1), crew("B", 1), crew("C", 2)] + heavy(47), [captain(), m2])
    st, c = board(deck, ["B", "C"], crystals=2, crew_in_play=["A"])
    assert enter(st, c, "C") is False  # 1 + 2 > 2
    assert enter(st, c, "B") is True
    assert bool(_job_change(st, c.kf, NO_LOG, list(c.cap_pool).index(c.kind("TG01-003UC")))) is True


def test_s07_three_crew_at_most_and_a_level_card_does_not_count() -> None:
    cards = [crew("A"), crew("A2", name="A"), crew("B"), crew("C"), crew("D")] + heavy(45)
    st, c = board(deck_of(cards), ["A2", "D"], crystals=5, crew_in_play=["A", "B", "C"])
    assert enter(st, c, "D") is False
    assert uncap(st, c, "A2", 0) is True
    assert st[0][S_NCREW] == 3 and st[5][0, C_LEVELS] == 1


S08 = deck_of(
    [crew("TG01-120C", name="テスト騎士"), crew("TG01-121M", atk=3, hp=4, name="テスト騎士")]
    + [crew("TG01-120C", name="テスト騎士")]
    + heavy(47)
)


def test_s08_character_name_and_uncap() -> None:
    st, c = board(S08, ["TG01-121M", "TG01-120C"], crystals=1, crew_in_play=["TG01-120C"])
    assert enter(st, c, "TG01-121M") is False  # 10-2-3-2-1
    st[5][0, C_ACTIVE] = 0  # rested by an effect (test state)
    assert uncap(st, c, "TG01-121M", 0) is True  # OQ-5: the level card counts 0
    assert c.numbers[st[5][0, C_KIND]] == "TG01-121M"
    assert _crew_atk(st[5], c.kf, 0) == 3 + 2
    assert st[5][0, C_ACTIVE] == 0  # the state carries over (10-4-3-3-2)
    assert uncap(st, c, "TG01-120C", 0) is False  # once per turn (10-4-2)


def test_s16_job_change() -> None:
    m0, m0b, m1, m2 = (captain("TG01-001C"), captain("TG01-007C"),
                       captain("TG01-002C", rank=1), captain("TG01-003UC", rank=2))  # fmt: skip
    deck = deck_of(heavy(), [m0, m0b, m1, m2])
    st, c = board(deck, [], crystals=1)
    index = {c.numbers[k]: ci for ci, k in enumerate(c.cap_pool)}
    assert c.numbers[st[0][S_CAP]] == "TG01-001C"
    st[0][S_CAP_ACTIVE] = 0  # rested by an effect (test state)
    assert bool(_job_change(st, c.kf, NO_LOG, index["TG01-003UC"])) is False  # rank 2 > 1
    assert bool(_job_change(st, c.kf, NO_LOG, index["TG01-002C"])) is True
    assert c.numbers[st[0][S_CAP]] == "TG01-002C" and st[0][S_CAP_ACTIVE] == 0
    assert bool(_job_change(st, c.kf, NO_LOG, index["TG01-007C"])) is False  # once per turn
    st[0][S_JC_USED] = 0  # the next turn
    assert bool(_job_change(st, c.kf, NO_LOG, index["TG01-001C"])) is False  # face up: never again
    assert bool(_job_change(st, c.kf, NO_LOG, index["TG01-007C"])) is True


def damage_state(armor=5, hp=4, opp_crew=0):
    st = _new_state(50, 1)
    st[0][S_OPP_ARMOR] = armor
    st[0][S_OPP_HP] = hp
    st[0][S_OPP_CREW] = opp_crew
    st[0][S_DCOUNT] = 40  # decks on both sides, so no deck-out
    st[0][S_OPP_DECK] = 40
    return st


def test_s12_damage_below_hp_is_forgotten_and_one_hit_breaks_one_armor() -> None:
    knobs = SIM.knobs(SIM.params())[0]
    rng = np.zeros(1, dtype=np.uint64)
    st = damage_state()
    for _ in range(2):
        _damage(st[0], knobs, NO_LOG, 3, 3)
        assert _checkpoint(st[0], knobs, rng, NO_LOG, 3) == -1
    assert st[0][S_OPP_ARMOR] == 5
    _damage(st[0], knobs, NO_LOG, 3, 12)
    assert st[0][S_PENDING] == 1
    _checkpoint(st[0], knobs, rng, NO_LOG, 3)
    assert st[0][S_OPP_ARMOR] == 4


def test_s17_the_chain_burst_targets_the_opponents_crew() -> None:
    knobs = SIM.knobs(SIM.params(opponent={"armor_mode": "crew_enters", "p_crew": 1.0, "h_crew": 3}))[0]
    st = damage_state(hp=1, opp_crew=1)
    _damage(st[0], knobs, NO_LOG, 4, 2)  # a chain burst of 2: the crew member takes it, not the captain
    assert (st[0][S_OPP_CREW], st[0][S_PENDING]) == (1, 0)
    _damage(st[0], knobs, NO_LOG, 4, 3)
    assert (st[0][S_OPP_CREW], st[0][S_PENDING]) == (0, 0)


def test_s17_crew_from_armor_must_be_attacked_first() -> None:
    cards = heavy()
    deck = deck_of(cards, [captain(atk=3, hp=4)])
    log = stacked(deck, cards, "first", opp_captain_hp=3, armor_mode="crew_enters", p_crew=1.0, h_crew=3)
    assert lines(log, 1, "armor break") == ["armor break: opponent armor 4; a crew member enters rested"]
    assert lines(log, 2, "3 damage") == ["3 damage to the opponent's crew member"]
    assert lines(log, 2, "armor break") == []
    assert lines(log, 3, "3 damage") == ["3 damage to the opponent's captain"]


# ---- S09-S11, S13, S14: whole games on stacked decks ----


@pytest.mark.parametrize(
    ("going", "t1_attack", "own", "game"),
    [("first", True, 6, 11), ("second", True, 6, 12), ("first", False, 7, 13)],
)
def test_s09_captain_only_clock(going, t1_attack, own, game) -> None:
    cards = heavy()
    policy = {"redraw": "never", "first_player_can_attack_turn_1": t1_attack}
    log = stacked(deck_of(cards), cards, going, opp_captain_hp=2, policy=policy)
    assert (log.outcome, log.turn, game_turn(log)) == (WIN, own, game)
    if t1_attack:
        armor = [int(lines(log, t, "armor break")[0].split()[-1]) for t in range(1, 6)]
        assert armor == [4, 3, 2, 1, 0]


def hits(log: GameLog) -> list[int]:
    """Qualifying hits per own turn: armor breaks, and the final hit on a captain without armor."""
    out = [len(lines(log, t, "armor break")) for t in range(1, log.turn + 1)]
    out[-1] += log.outcome == WIN
    return out


@pytest.mark.parametrize(("going", "game"), [("first", 5), ("second", 6)])
def test_s10_vanilla_crew_rush(going, game) -> None:
    cards = [crew(f"R-{i:03d}", rank=1, atk=3) for i in range(1, 51)]
    log = stacked(deck_of(cards, [captain(atk=3)]), cards, going, opp_captain_hp=3)
    assert (log.outcome, log.turn, game_turn(log)) == (WIN, 3, game)
    assert hits(log)[:2] == [2, 3]  # crew attack on the turn they enter


@pytest.mark.parametrize(("going", "game"), [("first", 7), ("second", 8)])
def test_s11_follow_ups_add_up(going, game) -> None:
    cards = [crew(f"R-{i:03d}", rank=1, atk=2) for i in range(1, 51)]
    log = stacked(deck_of(cards, [captain(atk=2)]), cards, going, opp_captain_hp=4)
    assert (log.outcome, log.turn, game_turn(log)) == (WIN, 4, game)
    assert hits(log) == [1, 1, 2, 2]


def s13(hp: int) -> GameLog:
    ougi = captain(atk=2, text="<奥義1 テスト:このカードのATK+1>")
    cards = [summon("S-001")] + heavy(49)
    return stacked(deck_of(cards, [ougi]), cards, "first", opp_captain_hp=hp, max_turns=1)


def test_s13_ougi_and_chain_burst() -> None:
    log = s13(3)
    assert lines(log, 1, "activate summon") == [
        "activate summon Summon S-001 (S-001): to the ougi gauge (1 cards)"
    ]
    assert lines(log, 1, "ougi of") == [
        "ougi of [見習い]テスト団長TG01-001C(男) (TG01-001C): 1 gauge card(s) face down"
    ]
    assert lines(log, 1, "3 damage") == ["3 damage to the opponent's captain"]
    assert lines(log, 1, "armor break") == ["armor break: opponent armor 4"]
    assert lines(log, 1, "chain burst") == ["chain burst: 1 damage"]
    assert lines(log, 1, "1 face-down") == ["1 face-down gauge card(s) to the bottom; deck 40"]
    assert log.final["deck"] == 40 and log.final["gauge_face_down"] == 0
    assert len(lines(s13(1), 1, "armor break")) == 2  # the chain burst breaks a second armor


def test_s14_a_summon_crystal_trigger_activates_and_stays_a_crystal() -> None:
    cards = heavy(5) + [crew("X-001", rank=1, atk=1)] + heavy(4, "G") + [summon("S-001")] + heavy(39, "J")
    hand_first = [cards[5]] + cards[:4] + cards[4:5] + cards[6:]
    log = stacked(deck_of(cards), hand_first, "first", opp_captain_hp=99, max_turns=1)
    assert lines(log, 1, "crystal") == [
        "crystal Summon S-001 (S-001)"
        " (a summon: trigger-activates, no scripted effect; stays a crystal); deck 39"
    ]
    assert lines(log, 1, "crew") == ["crew [X-001]X-001 (X-001) enters"]  # it counts for the rank limit
    assert (log.final["crystals"], log.final["gauge_face_up"], log.final["gauge_face_down"]) == (1, 0, 0)


# ---- S15: crystal costs ----


def test_s15_crystal_costs() -> None:
    assert can_pay("〔火火②〕", [("fire",), ("fire",), ("water",), ("wind",)]) is True
    assert can_pay("〔火火②〕", [("fire",), ("water",), ("water",), ("wind",)]) is False
    assert can_pay("〔火火②〕", [("fire",), ("fire",), ("water",)]) is False
    assert can_pay("〔(0)〕", []) is True
    assert can_pay("〔火〕", [("fire",)], active=[False]) is False  # only active crystals pay
    assert can_pay("〔火水〕", [("fire", "water"), ("fire",)]) is True  # matching, not first come


# ---- S20, S21: opening hands (Monte Carlo), through whole one-turn games ----


def opening_deck(n_targets: int) -> tuple[Deck, list[Card]]:
    """Each target is a rank-0 crew with ATK 10 and its own name; the rest can do nothing on turn 1."""
    targets = [crew(f"T-{i}", rank=0, atk=10) for i in range(n_targets)]
    rest = [crew(f"N-{i:03d}", rank=9, atk=0) for i in range(50 - n_targets)]
    return deck_of(targets + rest, [captain(atk=0)]), targets


def opening(n_targets: int, armor: int, going: str, redraw: str, games: int = 200_000) -> float:
    """P(own turn 1 is won): a win on own turn 1 needs `armor` + 1 targets in hand at the first main
    phase, so it measures the opening hand."""
    deck, targets = opening_deck(n_targets)
    policy = {"redraw": redraw, "keep_list": ",".join(c.number for c in targets)}
    params = SIM.params(going, {"opp_captain_hp": 10, "opp_armor": armor}, policy, max_turns=1)
    return SIM.run(deck, games, seed=20, params=params).kills / games


@pytest.mark.parametrize(
    ("going", "redraw", "armor", "expected"),
    [
        ("first", "never", 0, 2323 / 6580),  # (a)
        ("first", "full-if-no-rank1-crew", 0, 13891 / 23030),  # (b) R1
        ("second", "never", 0, 1527 / 3290),  # (d)
        ("second", "full-if-no-rank1-crew", 0, 4471 / 6580),  # (e)
        ("first", "keep-list", 1, 3621 / 23030),  # R2, at least 2 copies
    ],
)
def test_s20_opening_hand_probabilities(going, redraw, armor, expected) -> None:
    assert opening(4, armor, going, redraw) == pytest.approx(expected, abs=0.005)
    if redraw in ("never", "keep-list"):
        # The draw odds (engine.stats) say the same exactly: the keep-list redraw keeps the targets and
        # sends the rest back, as the odds' partial mulligan does (a full redraw is not one of theirs).
        deck, targets = opening_deck(4)
        group = Group([c.number for c in targets], armor + 1)
        mulligan = "never" if redraw == "never" else "if-missing"
        odds = probabilities(deck, get_game("gbf"), [group], 1, going == "first", mulligan)
        assert odds[1] == pytest.approx(expected, abs=1e-12)


def test_s21_first_crystal_is_a_summon_with_probability_s_over_50() -> None:
    cards = [summon(f"S-{i}") for i in range(8)] + [crew(f"N-{i:03d}", rank=9) for i in range(42)]
    deck = deck_of(cards)
    games = 1500
    for redraw in ("never", "default"):
        params = SIM.params("first", {"opp_captain_hp": 99}, {"redraw": redraw}, max_turns=1)
        n = sum(
            "trigger-activates"
            in lines(SIM.play_logged(deck, params, seed=21, game_index=i), 1, "crystal")[0]
            for i in range(games)
        )
        assert n / games == pytest.approx(8 / 50, abs=4 * (0.16 * 0.84 / games) ** 0.5)


# ---- the interface: reproducibility, batches, logs, invariants ----


def test_same_seed_same_result_and_batches_merge() -> None:
    deck = sample_deck("gbf")
    params = SIM.params("second")
    whole = SIM.run_batch(deck, params, 7, 0, 600)
    assert whole == SIM.run_batch(deck, params, 7, 0, 600)
    parts = [SIM.run_batch(deck, params, 7, a, b - a) for a, b in [(400, 600), (0, 137), (137, 400)]]
    merged = parts[0].merge(parts[1]).merge(parts[2])
    assert (merged.games, merged.kill_turns, merged.outcomes, merged.mulligans) == (
        whole.games, whole.kill_turns, whole.outcomes, whole.mulligans,
    )  # fmt: skip
    assert SIM.run_batch(deck, params, 8, 0, 600) != whole


def test_a_remembered_attack_plan_is_the_plan_itself() -> None:
    """The batch's memo gives _plan's score, partition and ougi mask for every input, looked up or not
    (random attackers and boards, each asked twice; the memo's slots are shared, so some collide)."""
    rng = np.random.default_rng(3)
    memo = _new_state(50, 3)[10]
    for _ in range(400):
        n = int(rng.integers(0, 5))
        plan = np.zeros((7, 4), dtype=np.int64)
        plan[A_ATK, :n] = rng.integers(0, 12, n) * 1000
        plan[A_BOOST, :n] = rng.integers(0, 4, n) * 1000
        plan[A_OUGI_N, :n] = rng.integers(-1, 4, n)
        up, down, hp, crew, armor = (int(x) for x in rng.integers(0, [6, 8, 9000, 3, 6]))
        fresh = plan.copy()
        expected = _plan(fresh, n, up, down, hp, crew, 6000, armor)
        for _ in range(2):
            plan[A_BEST, :2] = -9
            assert _remembered_plan(plan, n, up, down, hp, crew, 6000, armor, memo) == expected
            assert list(plan[A_BEST, :2]) == list(fresh[A_BEST, :2])


@pytest.mark.parametrize("going", ["first", "second"])
def test_play_logged_matches_run_batch(going) -> None:
    deck = sample_deck("gbf")
    params = SIM.params(going, {"armor_mode": "crew_enters"})
    for i in range(0, 300, 7):
        one = SIM.run_batch(deck, params, 11, i, 1)
        log = SIM.play_logged(deck, params, 11, i)
        assert one.outcomes[log.outcome] == 1
        assert one.kill_turns == ({log.turn: 1} if log.outcome == WIN else {})


@pytest.mark.parametrize(
    "opponent",
    [{}, {"armor_mode": "crew_enters", "p_crew": 0.9}, {"opp_captain_hp": 9}, {"opp_hp_schedule": "4,5,6,7"}],
)
def test_seeded_games_end_and_conserve_cards(opponent) -> None:
    deck = sample_deck("gbf")
    for going in ("first", "second"):
        params = SIM.params(going, opponent)
        for i in range(40):
            log = SIM.play_logged(deck, params, 5, i)
            f = log.final
            held = sum(f[z] for z in ("deck", "hand", "armor", "crystals", "crew", "level_cards"))
            assert held + f["gauge_face_up"] + f["gauge_face_down"] == 50
            assert f["crew"] <= 3 and 1 <= log.turn <= params.max_turns and log.outcome in OUTCOMES
            assert f["opp_armor"] >= 0 and set(f) == set(ZONES)


def test_the_sample_deck_kills_and_params_are_checked() -> None:
    result = SIM.run(sample_deck("gbf"), 500, seed=1)
    assert result.kills == 500 and 2 <= result.mean_kill_turn() <= 6
    with pytest.raises(ValueError, match="p_crew"):
        SIM.run(sample_deck("gbf"), 1, seed=1, params=SIM.params(opponent={"p_crew": 2.0}))
    with pytest.raises(ValueError, match="rank-0"):
        compile_deck(deck_of(heavy(), [captain(rank=1)]))


def test_it_is_registered() -> None:
    from engine.goldfish import get_simulator

    assert isinstance(get_simulator("gbf"), GBFSimulator)


def test_both_players_losing_at_once_is_a_drawn_game_not_a_stalled_one() -> None:
    """1-2-3: a 10-card deck is empty after the hand and the armor, as is an opponent with no deck left;
    the first checkpoint finds both losing."""
    cards = heavy(10)
    log = stacked(deck_of(cards), cards, "first", opp_captain_hp=99, opp_deck_after_setup=0)
    assert log.outcome == "draw"
    result = SIM.run(deck_of(cards), 20, seed=1, params=SIM.params("first", {"opp_deck_after_setup": 0}))
    assert result.outcomes["draw"] == 20 and result.outcomes["stalled"] == 0 and result.kills == 0


def test_two_versions_of_one_character_are_the_same_character_without_stored_names() -> None:
    """10-2-3-2-1: 「[甲]テスト騎士」 and 「[乙]テスト騎士」 are one character (2-1-1-1), as the validator
    reads them, even when the cards carry no character_name field."""
    first = Card("TG01-130C", "[甲]テスト騎士", "crew", ("fire",), rank=1, atk=2, hp=3)
    second = Card("TG01-131C", "[乙]テスト騎士", "crew", ("fire",), rank=1, atk=3, hp=4)
    deck = deck_of([first, second] + heavy(48))
    assert all(not deck.cards[n].character_name for n in ("TG01-130C", "TG01-131C"))
    st, c = board(deck, ["TG01-131C"], crystals=1, crew_in_play=["TG01-130C"])
    assert enter(st, c, "TG01-131C") is False  # the other version of a character already there
