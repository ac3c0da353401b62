"""The DBS Fusion World goldfish against the simulation facts of docs/rules/dbsfw.md §12.2 (fixture decks)."""

from __future__ import annotations

import random
from dataclasses import replace
from math import comb

import numpy as np
import pytest

from engine import Card, Deck, DeckEntry
from engine.games import get_game
from engine.goldfish import OUTCOMES, WIN, GameLog
from engine.goldfish.dbsfw import (
    CARD_ZONES,
    K_MULL_CARD,
    K_MULL_LAST,
    K_START_LIFE,
    DBSFWSimulator,
    _markers_needed,
    _payable,
)
from engine.samples import sample_deck
from engine.stats import Group, probabilities

SIM = DBSFWSimulator()
RED, BLUE = 1, 2


def leader(power=15000, colors=("red",), keywords=(), back=None) -> Card:
    return Card(
        "TL-001", "テストリーダー", "leader", tuple(colors), power=power, keywords=tuple(keywords), back=back
    )


def battle(number, cost=1, power=15000, combo=5000, colors=("red",), spec=None, keywords=()) -> Card:
    spec = {colors[0]: 1} if spec is None else spec
    return Card(
        number,
        f"テスト{number}",
        "battle",
        tuple(colors),
        cost,
        power=power,
        keywords=tuple(keywords),
        specified_cost=spec,
        combo_power=combo,
    )


def extra(number, cost=99, colors=("red",), keywords=()) -> Card:
    return Card(number, f"テスト{number}", "extra", tuple(colors), cost, keywords=tuple(keywords))


def deck_of(cards_and_counts, lead=None) -> Deck:
    lead = lead or leader()
    cards = {c.number: c for c, _ in cards_and_counts} | {lead.number: lead}
    sections = {
        "leader": (DeckEntry(lead.number, 1),),
        "main": tuple(DeckEntry(c.number, n) for c, n in cards_and_counts),
    }
    return Deck("dbsfw", "standard", sections, cards)


def order_of(deck: Deck) -> list[str]:
    return [e.card for e in deck.entries("main") for _ in range(e.count)]


def texts(log: GameLog, turn: int, start: str) -> list[str]:
    return [e.text for e in log.events if e.turn == turn and e.text.startswith(start)]


def game_turn(log: GameLog) -> int:
    return int(log.events[-1].text.rsplit("game turn ", 1)[1].rstrip(")"))


def hits(log: GameLog) -> dict[int, int]:
    counts: dict[int, int] = {}
    for e in log.events:
        if e.text.startswith("hit:"):
            counts[e.turn] = counts.get(e.turn, 0) + int(e.text.split()[1])
    return counts


def cards_in_zones(log: GameLog) -> int:
    return sum(log.final[z] for z in CARD_ZONES)


EXTRAS50 = deck_of([(extra("TX-001"), 50)])  # nothing playable, nothing can combo
EXTRAS60 = deck_of([(extra("TX-001"), 60)])
NO_WIN = deck_of([(extra("TX-001"), 50)], lead=leader(power=10000))  # S10: the Leader never hits
NO_WIN60 = deck_of([(extra("TX-001"), 60)], lead=leader(power=10000))


# ---- S01-S03, S13, S14: setup, redraw, draws, charging ----


@pytest.mark.parametrize(("deck", "left"), [(EXTRAS50, 36), (EXTRAS60, 46)])
@pytest.mark.parametrize(("going", "markers"), [("first", 0), ("second", 1)])
def test_s01_setup(deck, left, going, markers) -> None:
    params = SIM.params(going=going, policy={"mulligan_rule": "never", "charge_rule": "never"}, max_turns=1)
    log = SIM.play_logged(deck, params, 1, 0)
    assert log.events[0].text.count("(TX-001)") == 6
    assert f"8 life cards from the top; deck {left}" in [e.text for e in log.events]
    assert log.final["deck"] == left - 1 and log.final["hand"] == 7  # plus the own-turn-1 draw
    assert log.final["life"] == 8 and log.final["energy"] == 0 and log.final["markers"] == markers


def test_s02_one_whole_hand_redraw_with_a_reshuffle_before_the_life_cards() -> None:
    deck = deck_of([(extra(f"TX-{i:03d}"), 1) for i in range(50)])  # no Battle card: every hand redraws
    params = SIM.params(max_turns=1)
    shared = 0
    for i in range(40):
        log = SIM.play_logged(deck, params, 5, i)
        hands = [e.text for e in log.events if e.text.startswith("hand:")]
        assert len(hands) == 2 and sum(e.text.startswith("redraw") for e in log.events) == 1
        first, second = ({c.strip() for c in h[6:].split(", ")} for h in hands)
        assert len(second) == 6
        shared += bool(first & second)  # a returned card may come back: the whole deck was shuffled
        assert "8 life cards from the top; deck 36" in [e.text for e in log.events]
    assert shared > 0


@pytest.mark.parametrize("going", ["first", "second"])
@pytest.mark.parametrize("turns", [1, 4, 9])
def test_s03_cards_seen_and_s14_no_hand_limit(going, turns) -> None:
    never = SIM.params(going=going, policy={"charge_rule": "never"}, max_turns=turns)
    log = SIM.play_logged(NO_WIN, never, 3, 0)
    assert log.final["hand"] == 6 + turns  # S14: 15 cards after own turn 9, nothing discarded
    always = SIM.params(going=going, policy={"charge_rule": "always"}, max_turns=turns)
    log = SIM.play_logged(NO_WIN, always, 3, 0)
    assert log.final["hand"] == 6 and log.final["energy"] == turns


def test_oq1_the_first_turn_draw_can_be_switched_off() -> None:
    params = SIM.params(policy={"first_player_draws_on_turn_1": False, "charge_rule": "never"}, max_turns=2)
    assert SIM.play_logged(EXTRAS50, params, 3, 0).final["hand"] == 7


# ---- S04, S12, S13: energy, markers and specified colours ----

B1, B2 = battle("TB-001", cost=1, power=0, combo=None), battle("TB-002", cost=2, power=0, combo=None)
B3 = battle("TB-003", cost=3, power=0, combo=None)
FODDER = extra("TX-001")
PAY_DECK = deck_of([(B1, 4), (B2, 4), (B3, 4), (FODDER, 38)])


def stacked(deck: Deck, hand: list[str], draws: list[str], params) -> GameLog:
    """The deck stacked as: the opening hand, 8 life cards (6-2-1-9), the draws of own turns 1, 2, ..."""
    rest = order_of(deck)
    for n in hand + draws:
        rest.remove(n)
    return SIM.play_stacked(deck, params, hand + rest[:8] + draws + rest[8:])


@pytest.mark.parametrize(
    ("going", "hand", "draws", "turn", "played", "paid"),
    [
        (
            "first",
            ["TB-002", "TB-001"] + ["TX-001"] * 4,
            ["TX-001"],
            1,
            ["TB-001"],
            "pay: rest 1 energy",
        ),  # S13 as well
        (
            "second",
            ["TB-002", "TB-001"] + ["TX-001"] * 4,
            ["TX-001"],
            1,
            ["TB-002"],
            "pay: rest 1 energy, remove 1 marker",
        ),
        (
            "second",
            ["TB-003"] + ["TX-001"] * 5,
            ["TX-001"] * 2,
            2,
            ["TB-003"],
            "pay: rest 2 energy, remove 1 marker",
        ),
        (
            "second",
            ["TB-002", "TB-002"] + ["TX-001"] * 4,
            ["TX-001"] * 2,
            2,
            ["TB-002"],
            "pay: rest 2 energy",
        ),
    ],
)
def test_s04_s13_the_most_payable_on_the_first_turns(going, hand, draws, turn, played, paid) -> None:
    params = SIM.params(
        going=going, policy={"charge_rule": "always", "mulligan_rule": "never"}, max_turns=turn
    )
    log = stacked(PAY_DECK, hand, draws, params)
    assert [t.split("(")[1].rstrip(")") for t in texts(log, turn, "play")] == played
    assert texts(log, turn, "pay:") == [paid]
    assert texts(log, turn, "charge")[0].startswith("charge テストTX-001")  # an unused Extra is charged first


RB_LEADER = leader(colors=("red", "blue"))
RED2 = battle("TB-010", cost=2, power=0, combo=None, spec={"red": 1})
BLUE_X = extra("TX-101", colors=("blue",))
S12_DECK = deck_of([(RED2, 2), (BLUE_X, 48)], lead=RB_LEADER)


def test_s12_the_marker_pays_a_red_pip_once() -> None:
    params = SIM.params(
        going="second", policy={"charge_rule": "always", "mulligan_rule": "never"}, max_turns=2
    )
    log = stacked(S12_DECK, ["TB-010"] + ["TX-101"] * 5, ["TX-101", "TB-010"], params)
    assert len(texts(log, 1, "play")) == 1 and texts(log, 1, "pay:") == [
        "pay: rest 1 energy, remove 1 marker"
    ]
    assert texts(log, 2, "play") == []  # two blue energy cards, no marker left: not payable
    assert log.final["energy"] == 2 and log.final["markers"] == 0 and log.final["battle"] == 1


def test_s12_payment_solver_directly() -> None:
    need = np.array([1, 0, 0, 0, 0], dtype=np.int64)  # red 1
    groups = np.zeros(32, dtype=np.int64)
    groups[BLUE] = 1
    assert _markers_needed(need, groups, 2, 1, RED | BLUE, np.zeros(32, dtype=np.int64)) == 1
    groups[BLUE] = 2
    assert _markers_needed(need, groups, 2, 0, RED | BLUE, np.zeros(32, dtype=np.int64)) == -1
    # OQ-7: a red/blue energy card pays one pip of either colour, not both
    groups[:] = 0
    groups[RED | BLUE] = 1
    groups[BLUE] = 1
    assert _payable(np.array([1, 1, 0, 0, 0], dtype=np.int64), groups, 2)
    groups[BLUE] = 0
    groups[0] = 1
    assert not _payable(np.array([1, 1, 0, 0, 0], dtype=np.int64), groups, 2)


# ---- S05-S11: attacks, combos, damage, deck-out ----


@pytest.mark.parametrize(("going", "attacks"), [("first", 0), ("second", 1)])
def test_s05_no_attack_on_the_first_players_first_turn(going, attacks) -> None:
    log = SIM.play_logged(EXTRAS50, SIM.params(going=going, max_turns=1), 1, 0)
    assert len(texts(log, 1, "テストリーダー (Leader) attacks")) == attacks


@pytest.mark.parametrize(("going", "own", "game"), [("first", 9, 17), ("second", 8, 16)])
def test_s06_leader_only(going, own, game) -> None:
    log = SIM.play_logged(EXTRAS50, SIM.params(going=going), 2, 0)
    assert (log.outcome, log.turn, game_turn(log)) == (WIN, own, game)
    first = 2 if going == "first" else 1
    assert hits(log) == dict.fromkeys(range(first, own + 1), 1)


AGGRO = deck_of([(battle("TB-001", cost=1, power=15000, combo=5000), 50)])


@pytest.mark.parametrize(
    ("going", "plays", "turn_hits", "own", "game"),
    [("first", {1: 1, 2: 2, 3: 3}, {2: 4, 3: 4}, 3, 5), ("second", {1: 2, 2: 2}, {1: 3, 2: 5}, 2, 4)],
)
def test_s07_vanilla_aggro(going, plays, turn_hits, own, game) -> None:
    log = SIM.play_logged(AGGRO, SIM.params(going=going, policy={"charge_rule": "always"}), 4, 0)
    assert (log.outcome, log.turn, game_turn(log)) == (WIN, own, game)
    assert {t: len(texts(log, t, "play")) for t in plays} == plays
    assert hits(log) == turn_hits


@pytest.mark.parametrize(("power", "hit"), [(15000, True), (10000, False)])
def test_s08_ties_hit_and_a_miss_still_rests(power, hit) -> None:
    deck = deck_of([(extra("TX-001"), 50)], lead=leader(power=power))
    log = SIM.play_logged(deck, SIM.params(going="second", max_turns=3), 1, 0)
    for turn in (1, 2, 3):  # one attack per turn: the Leader is rested until the next untap
        assert len(texts(log, turn, "テストリーダー (Leader) attacks")) == 1
        assert len(texts(log, turn, "hit:" if hit else "no damage: power 10000 < 15000")) == 1


COMBO_DECK = deck_of([(battle("TB-001", cost=99, power=10000, combo=5000), 50)])
S09 = {"opp_leader_power": 20000}


@pytest.mark.parametrize(("going", "own", "game"), [("first", 9, 17), ("second", 8, 16)])
def test_s09_combo_dependent_deck(going, own, game) -> None:
    log = SIM.play_logged(COMBO_DECK, SIM.params(going=going, opponent=S09), 6, 0)
    assert (log.outcome, log.turn, game_turn(log)) == (WIN, own, game)
    assert log.final["energy"] == 0  # energy_target is 0: nothing costs 10 or less
    for turn in range(1 if going == "second" else 2, own + 1):
        assert len(texts(log, turn, "combo")) == 1
    assert log.final["drop"] == 7 and log.final["combo"] == 1  # the 8th combo card is still in battle


@pytest.mark.parametrize("going", ["first", "second"])
def test_s09_charging_every_turn_without_the_safeguard_stalls(going) -> None:
    literal = {"charge_rule": "always", "charge_safeguard": False}
    log = SIM.play_logged(COMBO_DECK, SIM.params(going=going, opponent=S09, policy=literal), 6, 0)
    assert log.outcome == "stalled" and log.turn == 20 and log.final["opp_life"] == 2
    assert log.final["deck"] == 16 and log.final["drop"] == 6
    safe = {"charge_rule": "always", "charge_safeguard": True}
    log = SIM.play_logged(COMBO_DECK, SIM.params(going=going, opponent=S09, policy=safe), 6, 0)
    assert (log.outcome, log.turn) == (WIN, 9 if going == "first" else 8)


@pytest.mark.parametrize(
    ("deck", "going", "opp_deck", "outcome", "own", "game"),
    [
        (NO_WIN, "first", 60, "loss_deckout", 36, 71),
        (NO_WIN, "second", 60, "loss_deckout", 36, 72),
        (NO_WIN60, "first", 60, "loss_deckout", 46, 91),
        (NO_WIN, "first", 50, "loss_deckout", 36, 71),
        (NO_WIN, "second", 50, "win_opp_deckout", 35, 71),
    ],
)
def test_s10_deck_out(deck, going, opp_deck, outcome, own, game) -> None:
    params = SIM.params(going=going, opponent={"opp_deck_size": opp_deck}, max_turns=200)
    log = SIM.play_logged(deck, params, 7, 0)
    assert (log.outcome, log.turn, game_turn(log)) == (outcome, own, game)
    assert log.final["deck"] == (0 if outcome == "loss_deckout" else 1)


@pytest.mark.parametrize(
    ("keyword", "life", "opp_hand", "opp_drop"),
    [("double-strike", 6, 9, 0), ("triple-strike", 5, 10, 0), ("critical", 7, 7, 1), ("none", 7, 8, 0)],
)
def test_s11_strike_and_critical(keyword, life, opp_hand, opp_drop) -> None:
    striker = battle("TB-001", cost=2, power=15000, combo=None, keywords=(keyword,))
    deck = deck_of([(striker, 50)], lead=leader(power=0))
    log = SIM.play_logged(deck, SIM.params(going="second", max_turns=1), 1, 0)
    assert len(texts(log, 1, "play")) == 1  # one energy and the marker pay one card
    assert log.final["opp_life"] == life
    assert (
        log.final["opp_hand"] == opp_hand and log.final["opp_drop"] == opp_drop
    )  # 6 + its turn-1 draw + life


# ---- S15: opening-hand probabilities (Monte Carlo) ----


def q(n: int, k: int) -> float:
    return comb(n - 4, k) / comb(n, k)


@pytest.mark.parametrize("going", ["first", "second"])
@pytest.mark.parametrize(
    ("size", "rule", "kept", "turn1"),
    [
        (50, "never", 1 - q(50, 6), 1 - q(50, 7)),  # 0.4105, 0.4641
        (50, "if-missing", 1 - q(50, 6) ** 2, 1 - q(50, 6) * q(50, 7)),  # 0.6525, 0.6841
        (60, "never", 1 - q(60, 6), None),  # 0.3515
        (60, "if-missing", 1 - q(60, 6) ** 2, None),  # 0.5794
    ],
)
def test_s15_a_four_of_in_the_opening_hand(going, size, rule, kept, turn1) -> None:
    deck = deck_of([(battle("TB-001"), 4), (extra("TX-001"), size - 4)])
    params = SIM.params(going=going, policy={"mulligan_rule": rule, "mulligan_card": "TB-001"}, max_turns=1)
    rates = SIM.watch_rates(deck, params, 15, 100_000, "TB-001")
    assert rates["kept"] == pytest.approx(kept, abs=0.01)
    if turn1 is not None:
        assert rates["turn1"] == pytest.approx(turn1, abs=0.01)
    # The draw odds (engine.stats) say the same of the game's own procedure, exactly.
    odds = probabilities(deck, get_game("dbsfw"), [Group(["TB-001"])], 1, going == "first", rule)
    assert odds[0] == pytest.approx(kept, abs=1e-12)
    if turn1 is not None:
        assert odds[1] == pytest.approx(turn1, abs=1e-12)


# ---- S16: Field; awakening (§9.4, OQ-16) ----


def test_s16_a_second_field_replaces_the_first() -> None:
    # blue Fields: the red Battle cards fix the missing red of their own cost and are charged first
    fields = [extra(f"TF-00{i}", cost=1, colors=("blue",), keywords=("field",)) for i in (1, 2)]
    deck = deck_of([(fields[0], 1), (fields[1], 1), (battle("TB-001", cost=99, power=0, combo=None), 48)])
    params = SIM.params(
        policy={"play_extras": True, "charge_rule": "always", "mulligan_rule": "never"}, max_turns=2
    )
    log = stacked(deck, ["TF-001", "TF-002"] + ["TB-001"] * 4, ["TB-001"] * 2, params)
    assert len(texts(log, 1, "place the Field")) == 1 and len(texts(log, 2, "place the Field")) == 1
    assert len(texts(log, 2, "テストTF-001 (TF-001) goes to the drop area")) == 1
    assert log.final["field"] == 1 and log.final["drop"] == 1


AWAKEN = leader(
    power=10000, keywords=("awaken",), back={"name": "裏", "power": 20000, "keywords": ["double-strike"]}
)


def test_awaken_never_happens_in_pure_goldfish() -> None:
    deck = deck_of([(extra("TX-001"), 50)], lead=AWAKEN)
    log = SIM.play_logged(deck, SIM.params(going="second", max_turns=20), 1, 0)
    assert log.final["awakened"] == 0 and log.outcome == "stalled"


def test_awaken_flips_the_leader_when_simulated_damage_brings_life_to_four() -> None:
    deck = deck_of([(extra("TX-001"), 50)], lead=AWAKEN)
    params = SIM.params(going="second", opponent={"opp_hits_from_turn": 1}, policy={"charge_rule": "never"})
    log = SIM.play_logged(deck, params, 1, 0)
    awaken = [e for e in log.events if e.text.startswith("awaken")]
    # going second the opponent hits on game turns 1, 3, 5, 7: life 4 at the start of own turn 4
    assert len(awaken) == 1 and awaken[0].turn == 4
    assert hits(log) == {4: 2, 5: 2, 6: 2, 7: 2} and (log.outcome, log.turn) == (WIN, 7)
    assert log.final["hand"] == 6 + 7 + 7 and log.final["life"] == 1  # 7 life cards reached the hand


@pytest.mark.parametrize(("line", "turn"), [(4, 4), (3, 5), (2, 6)])
def test_awaken_waits_for_the_life_line_its_leader_prints(line, turn) -> None:
    # The opponent hits going second on game turns 1, 3, 5, ...: life 8 - k at the start of own turn
    # k + 1, so at `line` on own turn 9 - line. The knob's default (-1) reads the line from the text.
    text = f"[Awaken] When your life is at {line} or less, draw 1 card. Then, flip this card over."
    lead = replace(AWAKEN, text=text)
    deck = deck_of([(extra("TX-001"), 50)], lead=lead)
    params = SIM.params(going="second", opponent={"opp_hits_from_turn": 1}, policy={"charge_rule": "never"})
    awaken = [e for e in SIM.play_logged(deck, params, 1, 0).events if e.text.startswith("awaken")]
    assert [e.turn for e in awaken] == [turn]
    fixed = SIM.params(
        going="second", opponent={"opp_hits_from_turn": 1}, policy={"charge_rule": "never", "awaken_life": 4}
    )
    assert [e.turn for e in SIM.play_logged(deck, fixed, 1, 0).events if e.text.startswith("awaken")] == [4]


# ---- the run as a whole ----


def test_a_seed_replays_and_another_seed_differs() -> None:
    deck = sample_deck("dbsfw")
    params = SIM.params(going="second")
    a = SIM.run(deck, 2000, seed=9, params=params)
    assert a == SIM.run(deck, 2000, seed=9, params=params)
    assert a.to_dict() != SIM.run(deck, 2000, seed=10, params=params).to_dict()
    assert a.outcomes[WIN] == a.kills and set(a.outcomes) == set(OUTCOMES)


def test_one_batch_equals_uneven_batches() -> None:
    deck = sample_deck("dbsfw")
    params = SIM.params()
    whole = SIM.run_batch(deck, params, 123, 0, 600)
    parts = [(0, 7), (7, 200), (207, 1), (208, 392)]
    merged = None
    for first, n in reversed(parts):
        part = SIM.run_batch(deck, params, 123, first, n)
        merged = part if merged is None else merged.merge(part)
    assert merged.to_dict() == whole.to_dict()


@pytest.mark.parametrize("going", ["first", "second"])
def test_logged_games_end_as_they_do_in_the_run(going) -> None:
    deck = sample_deck("dbsfw")
    params = SIM.params(going=going, opponent={"opp_leader_power": 20000})
    for i in range(60):
        log = SIM.play_logged(deck, params, 77, i)
        one = SIM.run_batch(deck, params, 77, i, 1)
        assert one.outcomes[log.outcome] == 1
        if log.outcome == WIN:
            assert one.kill_turns == {log.turn: 1}


def mixed_deck(rng: random.Random) -> Deck:
    colours = ("red", "blue")
    cards = []
    for i in range(rng.choice((12, 15))):
        col = (rng.choice(colours),) if rng.random() < 0.8 else colours
        if rng.random() < 0.75:
            kw = rng.choice(((), ("critical",), ("double-strike",), ("triple-strike",), ("blocker",)))
            c = battle(
                f"TB-{i:03d}",
                cost=rng.randint(0, 6),
                power=rng.choice((5000, 10000, 15000, 20000, 25000)),
                combo=rng.choice((None, 0, 5000, 10000, 20000)),
                colors=col,
                spec={c: rng.randint(0, 2) for c in col},
                keywords=kw,
            )
        else:
            c = extra(
                f"TX-{i:03d}", cost=rng.randint(1, 4), colors=col, keywords=rng.choice(((), ("field",)))
            )
        cards.append(c)
    counts = [4] * len(cards)
    size = rng.choice((50, 60))
    while sum(counts) > size:
        counts[rng.randrange(len(counts))] -= 1
    back = {"name": "裏", "power": 20000, "keywords": [], "colors": ["red"]}
    lead = leader(power=rng.choice((10000, 15000)), colors=colours, keywords=("awaken",), back=back)
    return deck_of([(c, n) for c, n in zip(cards, counts, strict=True) if n], lead=lead)


@pytest.mark.parametrize("k", range(6))
def test_random_games_end_and_keep_their_invariants(k) -> None:
    rng = random.Random(k)
    deck = mixed_deck(rng)
    n = deck.size("main")
    for i in range(15):
        params = SIM.params(
            going=rng.choice(("first", "second")),
            opponent={
                "opp_leader_power": rng.choice((10000, 15000, 25000)),
                "opp_hits_from_turn": rng.randint(0, 3),
            },
            policy={
                "charge_rule": rng.choice(("to-target", "always", "never")),
                "play_extras": rng.random() < 0.5,
                "mulligan_rule": rng.choice(("never", "no-cheap-battle")),
            },
            max_turns=rng.choice((5, 20, 60)),
        )
        log = SIM.play_logged(deck, params, k, i)
        assert cards_in_zones(log) == n  # every card is in exactly one zone
        assert 0 <= log.final["opp_life"] <= 8 and log.final["markers"] in (0, 1)
        assert (
            log.final["opp_life"] + log.final["opp_hand"] + log.final["opp_drop"] + log.final["opp_deck"]
            == 50
        )
        assert (log.outcome == WIN) == (log.final["opp_life"] == 0)
        assert log.outcome in OUTCOMES and 1 <= log.turn <= params.max_turns
        assert log.outcome != "stalled" or log.turn == params.max_turns
        assert SIM.run_batch(deck, params, k, i, 1).outcomes[log.outcome] == 1


def test_sample_deck_runs_fast_enough() -> None:
    result = SIM.run(sample_deck("dbsfw"), 20_000, seed=1)
    assert result.games == 20_000 and result.outcomes[WIN] > 19_000


def test_the_if_missing_redraw_looks_for_every_printing_of_the_card() -> None:
    from engine.samples import sample_deck

    deck = sample_deck("dbsfw")  # FZ00-012 and its parallel FZ00-012_p1, two copies each
    for asked in ("FZ00-012", "fz00-012_P1"):
        params = SIM.params(policy={"mulligan_rule": "if-missing", "mulligan_card": asked})
        knobs = SIM.prepare(deck, params)[1]
        numbers = SIM.prepare(deck, params)[0].numbers
        first, last = knobs[K_MULL_CARD], knobs[K_MULL_LAST]
        assert {numbers[k] for k in range(first, last + 1)} == {"FZ00-012", "FZ00-012_p1"}


@pytest.mark.parametrize(
    ("card", "message"),
    [("", "needs mulligan_card, a card number"), ("FZ99-999", "'FZ99-999' is not in the deck")],
)
def test_an_if_missing_redraw_for_no_card_of_the_deck_is_an_error(card, message) -> None:
    from engine.goldfish import GoldfishParamError
    from engine.samples import sample_deck

    params = SIM.params(policy={"mulligan_rule": "if-missing", "mulligan_card": card})
    with pytest.raises(GoldfishParamError, match=message):
        SIM.check(sample_deck("dbsfw"), params)


def test_a_leader_that_starts_with_other_life_sets_it_in_the_games_and_the_odds() -> None:
    """6-2-2: 「自分はライフ6枚でゲームを開始する」 on the Leader replaces the 8 life cards of 6-2-1-9."""
    from dataclasses import replace

    from engine.games import GAMES
    from engine.samples import sample_deck
    from engine.stats import Group, exact_probabilities

    deck = sample_deck("dbsfw")
    (lead,) = [card for card, _ in deck.cards_in("leader")]
    six = replace(lead, deck_rules=({"kind": "START_LIFE", "n": 6, "source_face": "FRONT"},))
    changed = replace(deck, cards={**deck.cards, lead.number: six})
    game = GAMES["dbsfw"]
    assert game.draw_rules_for(deck).set_aside_after_mulligan == 8
    assert game.draw_rules_for(changed).set_aside_after_mulligan == 6
    knobs = SIM.prepare(changed, SIM.params())[1]
    assert knobs[K_START_LIFE] == 6
    log = SIM.play_logged(changed, SIM.params(), seed=3, game_index=0)
    setup = [e.text for e in log.events if "life" in e.text.lower()]
    assert setup and "6" in setup[0], setup
    # Two fewer life cards set aside: the deck lasts two more draws (50 - 6 - 8 = 36 turns, or 38), so by
    # turn 38 the hand holds 44 cards instead of 42, and any card is likelier to be in it.
    assert game.draw_rules_for(deck).last_draw_turn(50) == 36
    assert game.draw_rules_for(changed).last_draw_turn(50) == 38
    card = deck.entries("main")[0].card
    eight = exact_probabilities(deck, game, [Group([card], 1)], 38)[-1]
    six_life = exact_probabilities(changed, game, [Group([card], 1)], 38)[-1]
    assert six_life > eight


@pytest.mark.parametrize("going", ["first", "second"])
@pytest.mark.parametrize(
    ("text", "used"),
    [
        ("[Activate Battle] Your cards that are in a battle get +10000 power for the battle.", False),
        ("【Activate: Battle】Your cards that are in a battle get +10000 power for the battle.", False),
        ("[Activate Main] Choose up to 1 of your opponent's Battle Cards and KO it.", True),
        ("[Activate Main/Battle] Your Leader gets +5000 power for the turn.", True),
    ],
)
def test_play_extras_uses_in_the_main_phase_only_the_extras_the_rules_allow_there(going, text, used) -> None:
    # With play_extras on, the goldfish spends the Extras it has no text reason to use; an Extra is used
    # for an [Activate] skill (12-2-2-1), and only [Activate: Main] ones in the main phase (1-3-4-1-1,
    # 7-3-4-2), as the board says (engine/board/dbsfw.py): a cost-1 Extra with only [Activate: Battle]
    # is never used there, whatever the energy; one with [Activate: Main] (or Main/Battle) is, from
    # the turn the energy (or going second, the marker) pays for it.
    card = Card("TX-001", "テストTX-001", "extra", ("red",), 1, specified_cost={"red": 1}, text=text)
    policy = {"play_extras": True, "charge_rule": "always", "mulligan_rule": "never"}
    log = SIM.play_logged(deck_of([(card, 50)]), SIM.params(going=going, policy=policy, max_turns=3), 1, 0)
    uses = [e for e in log.events if e.text.startswith("use ")]
    assert bool(uses) is used
    assert log.final["drop"] == len(uses)
