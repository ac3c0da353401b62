"""The shared goldfish interface: parameters, results, batch splitting, progress, the registry."""

from __future__ import annotations

import json

import pytest

from engine import Card, Deck, DeckEntry
from engine.errors import UnknownGameError
from engine.goldfish import (
    LOSS_DECKOUT,
    OUTCOMES,
    SIMULATORS,
    STALLED,
    WIN,
    GameLog,
    GoldfishParamError,
    GoldfishParams,
    GoldfishResult,
    LogEvent,
    NoSimulatorError,
    Param,
    Simulator,
    game_rng,
    game_seed,
    get_simulator,
)


class CoinSimulator(Simulator):
    """A toy game: each own turn the opponent takes 1 damage with probability `p`."""

    game_id = "toy"
    opponent_params = (Param("life", 3, "damage to lose", minimum=1),)
    policy_params = (
        Param("p", 0.5, "chance of a hit each turn", minimum=0.0),
        Param("style", "calm", "no effect", choices=("calm", "wild")),
        Param("loud", False, "no effect"),
    )

    def _play(
        self, params: GoldfishParams, seed: int, i: int, events: list[LogEvent] | None
    ) -> tuple[str, int]:
        rng = game_rng(seed, i)
        damage = 0
        for turn in range(1, params.max_turns + 1):
            if rng.random() < params.policy["p"]:
                damage += 1
                if events is not None:
                    events.append(LogEvent(turn, "attack", f"hit, damage {damage}"))
            if damage >= params.opponent["life"]:
                return WIN, turn
        return STALLED, params.max_turns

    def prepare(self, deck, params):
        return params  # nothing to compile: the toy reads its parameters as it plays

    def run_prepared(self, params, seed, first_game, n_games):
        result = GoldfishResult.empty(seed)
        for i in range(first_game, first_game + n_games):
            outcome, turn = self._play(params, seed, i, None)
            one = GoldfishResult(1, {turn: 1} if outcome == WIN else {}, {outcome: 1}, seed)
            result = result.merge(one)
        return result

    def play_logged(self, deck, params, seed, game_index):
        events: list[LogEvent] = []
        outcome, turn = self._play(params, seed, game_index, events)
        return GameLog(game_index, outcome, turn, tuple(events))


DECK = Deck("fftcg", "constructed", {"main": (DeckEntry("X-1", 50),)}, {"X-1": Card("X-1", "X", "forward")})


def test_it_fills_in_defaults() -> None:
    params = CoinSimulator().params()
    assert params == GoldfishParams("first", {"life": 3}, {"p": 0.5, "style": "calm", "loud": False}, 20)


def test_it_parses_name_value_strings() -> None:
    params = CoinSimulator().params(
        "second", ["life=5", "max_own_turns=9"], ["p=0.25", "style=wild", "loud=yes"]
    )
    assert params.going == "second"
    assert params.opponent == {"life": 5}
    assert params.policy == {"p": 0.25, "style": "wild", "loud": True}
    assert params.max_turns == 9


@pytest.mark.parametrize(
    ("opponent", "policy", "message"),
    [
        (["armor=3"], [], "Unknown opponent parameter 'armor'; the known names are: life, max_own_turns."),
        (["life=three"], [], "life must be a whole number, not 'three'."),
        (["life=0"], [], "life must be at least 1, not 0."),
        (["life"], [], "Expected NAME=VALUE for the opponent parameter, not 'life'."),
        ([], ["style=odd"], "style must be one of calm, wild, not 'odd'."),
        ([], ["loud=maybe"], "loud must be true or false, not 'maybe'."),
        ([], {"p": "x"}, "p must be a number, not 'x'."),
        (["max_own_turns=0"], [], "max_own_turns must be at least 1, not 0."),
        (["max_own_turns=201"], [], "max_own_turns must be at most 200, not 201."),
        ([f"life={2**63}"], [], f"life must be at most 1,000, not {2**63}."),
        ([], ["p=nan"], "p must be a finite number, not nan."),
        ([], ["p=1e400"], "p must be a finite number, not inf."),
    ],
)
def test_it_rejects_bad_parameters(opponent, policy, message) -> None:
    with pytest.raises(GoldfishParamError) as e:
        CoinSimulator().params(opponent=opponent, policy=policy)
    assert str(e.value) == message


def test_it_rejects_a_bad_play_order() -> None:
    with pytest.raises(GoldfishParamError, match="going must be first or second"):
        CoinSimulator().params(going="third")


def test_game_seeds_depend_on_seed_and_index_only() -> None:
    assert game_seed(1, 2) == game_seed(1, 2)
    assert len({game_seed(s, i) for s in range(20) for i in range(20)}) == 400


def test_a_run_split_into_uneven_batches_is_the_same_run() -> None:
    sim = CoinSimulator()
    params = sim.params()
    whole = sim.run_batch(DECK, params, 7, 0, 500)
    parts = [
        sim.run_batch(DECK, params, 7, a, b - a)
        for a, b in zip((0, 1, 60, 61, 300), (1, 60, 61, 300, 500), strict=True)
    ]
    merged = GoldfishResult.empty(7)
    for part in reversed(parts):  # merge order does not matter
        merged = merged.merge(part)
    assert merged == whole
    assert whole.games == 500
    assert sum(whole.outcomes.values()) == 500


def test_run_reports_progress_and_equals_one_batch() -> None:
    sim = CoinSimulator()
    sim.chunk = 64
    calls: list[tuple[int, int, GoldfishResult]] = []
    result = sim.run(DECK, 300, seed=3, progress=lambda *call: calls.append(call))
    assert result == sim.run_batch(DECK, sim.params(), 3, 0, 300)
    assert calls[-1] == (300, 300, result)
    assert len(calls) <= 2  # 5 chunks in well under a second: throttled to the final report


def test_logged_games_have_the_outcome_they_have_in_the_run() -> None:
    sim = CoinSimulator()
    params = sim.params()
    for i in range(30):
        log = sim.play_logged(DECK, params, 11, i)
        one = sim.run_batch(DECK, params, 11, i, 1)
        assert one.outcomes[log.outcome] == 1
        assert one.kill_turns == ({log.turn: 1} if log.outcome == WIN else {})


def test_result_statistics_from_a_hand_made_distribution() -> None:
    r = GoldfishResult(10, {3: 2, 4: 5, 5: 1}, {WIN: 8, LOSS_DECKOUT: 1, STALLED: 1}, seed=1)
    assert r.no_kill == 2
    assert r.mean_kill_turn() == pytest.approx((6 + 20 + 5) / 8)
    assert r.percentile(0.5) == 4
    assert r.percentile(0.25) == 3
    assert r.percentile(1.0) == 5
    assert r.p_kill_by(4) == pytest.approx(0.7)
    lo, hi = r.mean_ci95()
    # sample variance of {3,3,4,4,4,4,4,5}: mean 3.875, squares 2*0.765625 + 5*0.015625 + 1.265625 = 2.875, /7
    half = 1.96 * (2.875 / 7 / 8) ** 0.5
    assert (lo, hi) == (pytest.approx(3.875 - half), pytest.approx(3.875 + half))
    d = r.to_dict()
    assert d["games"] == 10
    assert d["kill_turns"] == {"3": 2, "4": 5, "5": 1}
    assert d["no_kill"] == 2
    assert d["mean_kill_turn"] == 3.875
    assert d["seed"] == 1


def test_a_result_with_no_kill_has_no_mean() -> None:
    r = GoldfishResult(4, {}, {STALLED: 4})
    assert r.mean_kill_turn() is None
    assert r.to_dict()["mean_kill_turn"] is None
    assert r.percentile(0.5) is None


def test_merging_different_seeds_forgets_the_seed() -> None:
    a = GoldfishResult(1, {3: 1}, {WIN: 1}, seed=1)
    b = GoldfishResult(1, {4: 1}, {WIN: 1}, seed=2)
    assert a.merge(b).seed is None
    assert a.merge(b) == b.merge(a)


def test_the_registry_names_unknown_games_and_missing_simulators(monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(SIMULATORS, "gbf", raising=False)
    with pytest.raises(UnknownGameError, match="'chess'"):
        get_simulator("chess")
    with pytest.raises(NoSimulatorError, match="no goldfish simulator for gbf yet"):
        get_simulator("gbf")


def test_a_result_survives_a_round_trip_through_its_json():
    result = GoldfishResult(
        games=10, kill_turns={3: 4, 5: 2}, outcomes={"win": 6, "stalled": 4}, seed=7, mulligans=3
    )
    again = GoldfishResult.from_dict(json.loads(json.dumps(result.to_dict())))
    assert again == GoldfishResult(
        games=10,
        kill_turns={3: 4, 5: 2},
        outcomes={**dict.fromkeys(OUTCOMES, 0), "win": 6, "stalled": 4},
        seed=7,
        mulligans=3,
    )


def test_each_progress_report_carries_the_result_of_the_games_done(monkeypatch) -> None:
    """A run stopped after a report keeps exactly the games played so far (a cancelled run's partial)."""
    clock = iter(range(0, 10_000, 1))  # a second passes between any two reads: every batch reports
    monkeypatch.setattr("engine.goldfish.base.time.monotonic", lambda: next(clock))
    sim = CoinSimulator()
    sim.chunk = 64
    calls: list[tuple[int, int, GoldfishResult]] = []
    sim.run(DECK, 300, seed=3, progress=lambda *call: calls.append(call), start=10)
    assert [done for done, _, _ in calls] == [64, 128, 192, 256, 300]
    for done, total, so_far in calls:
        assert total == 300
        assert so_far.games == done
        assert so_far == sim.run_batch(DECK, sim.params(), 3, 10, done)


@pytest.mark.parametrize("game", ["fftcg", "dbsfw", "gbf", "fireforce"])
def test_the_simulators_take_the_draw_rules_from_the_game(game, monkeypatch) -> None:
    """The opening hand and the draws of each turn are stated once, by the game (engine.games): change
    them there and the games played change with them."""
    from dataclasses import replace

    from engine.games import get_game
    from engine.samples import sample_deck

    sim = get_simulator(game)
    deck = sample_deck(game)
    rules = get_game(game).draw_rules
    params = sim.params(going="second", policy={_redraw_knob(sim): "never"})

    def hand_and_turn_2_draws() -> tuple[int, int]:
        log = sim.play_logged(deck, params, seed=3, game_index=0)
        hand = next(e.text for e in log.events if e.phase == "setup" and e.text.startswith("hand: "))
        draws = [e for e in log.events if e.turn == 2 and e.text.startswith("draw ")]
        return hand.count("), ") + 1, len(draws)

    assert hand_and_turn_2_draws() == (rules.opening_hand, rules.draws_per_turn)
    more = replace(rules, opening_hand=rules.opening_hand + 1, draws_per_turn=rules.draws_per_turn + 1)
    monkeypatch.setattr(type(get_game(game)), "draw_rules", more)
    assert hand_and_turn_2_draws() == (rules.opening_hand + 1, rules.draws_per_turn + 1)


def _redraw_knob(sim: Simulator) -> str:
    """The policy knob that decides the mulligan or redraw: each game names it its own way."""
    return next(p.name for p in sim.policy_params if p.name in ("mulligan_rule", "redraw"))
