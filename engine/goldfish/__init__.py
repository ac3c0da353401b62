"""Goldfish: solo games against an opponent who does nothing, and the turn on which it loses.

Using it::

    sim = get_simulator("fftcg")
    params = sim.params(going="second", opponent=["opp_damage_threshold=6"], policy={"backup_turns": 3})
    result = sim.run(deck, games=100_000, seed=42, params=params, progress=lambda done, total, so_far: ...)
    result.to_dict()   # {"games", "kill_turns": {"3": 812, ...}, "no_kill", "mean_kill_turn", "seed", ...}
    print(sim.play_logged(deck, params, seed=42, game_index=17))   # game 17 of that run, turn by turn

Implementing a game (one module, engine/goldfish/<game>.py, and one line in SIMULATORS below):

1. Subclass `Simulator` and set
   * `game_id`: the id in engine.games.GAMES;
   * `opponent_params`: a tuple of `Param(name, default, help, choices=(), minimum=None)`, one per
     opponent parameter of §11.3 (the type of `default` is the parameter's type);
   * `policy_params`: the same for the autopilot knobs of §11.5;
   * `default_max_turns`: the own-turn cap (§11.3, usually 20). `--opponent max_own_turns=N` sets
     `GoldfishParams.max_turns`, so do not list max_own_turns in `opponent_params`.
   `Simulator.params(going, opponent, policy, max_turns)` then parses NAME=VALUE strings or a mapping,
   fills in defaults and raises `GoldfishParamError` (a ValueError) naming any unknown name or bad
   value. `opponent_defaults` / `policy_defaults` are {name: default}.

2. Implement `prepare(deck, params)` (the deck as the compiled loop's tables, and the knobs) and
   `run_prepared(prepared, seed, first_game, n_games) -> GoldfishResult` (the inherited
   `run_batch(deck, params, seed, first_game, n_games)` calls both): play the games
   with indices first_game .. first_game + n_games - 1 of the run `seed`. **Each game's randomness
   must come from (seed, game index) only** -- `game_seed(seed, i)` (a 64-bit SplitMix64 mix, easy to
   reproduce inside Numba) or `game_rng(seed, i)` (a NumPy Generator from SeedSequence([seed, i])) --
   never from a generator carried across games. Then any split into batches, merged in any order,
   equals the run as one batch, and Celery may cut a run into chunks freely. Count each game once
   in `outcomes` (WIN, WIN_OPP_DECKOUT, LOSS_DECKOUT, STALLED); a WIN also counts in `kill_turns`
   under the **own** turn it happened on (the player's third turn is 3, going first or second).

3. Implement `play_logged(deck, params, seed, game_index) -> GameLog`: the same game as index
   `game_index` inside `run_batch`, from the same rules code (e.g. the batch loop writes events
   only when asked to), as `LogEvent(turn, phase, text)` items. Its `outcome` and `turn` must equal
   that game's in the run; tests check this for many indices.

4. `run(deck, games, seed, params=None, progress=None, start=0)` is inherited: it calls `run_batch`
   in chunks of `chunk` games and `progress(done, total, so_far)` at most twice a second and at the
   end, `so_far` being the result of the games done, so a run stopped early keeps what it played.

Nothing here reads global state or calls an unseeded random source: a run replays from its seed.
"""

import hashlib
import os
from pathlib import Path

import numba


def _cache_by_source() -> None:
    """Numba's on-disk cache notices a change to a compiled function's own file only: a simulator's
    cached machine code would keep an old copy of what it calls in other modules (fftcg_payment,
    fftcg_plan, rng). Caching under a hash of every module of this package makes any change compile
    afresh. Must run before the simulators' modules are imported (their decorators pick the place).
    NUMBA_CACHE_DIR, when set, is the root; otherwise __pycache__ here, or the user's cache when this
    folder is read-only (as Numba itself falls back)."""
    here = Path(__file__).parent
    digest = hashlib.sha256()
    for path in sorted(here.glob("*.py")):
        digest.update(path.name.encode() + b"\0" + path.read_bytes())
    pycache = here / "__pycache__"
    writable = os.access(pycache if pycache.exists() else here, os.W_OK)
    default = pycache / "numba" if writable else Path.home() / ".cache" / "numba-goldfish"
    root = Path(os.environ.get("NUMBA_CACHE_DIR") or default)
    numba.config.CACHE_DIR = str(root / digest.hexdigest()[:16])  # type: ignore[attr-defined]


_cache_by_source()

from engine.errors import UnknownGameError  # noqa: E402 (after the cache's place is set)
from engine.games import GAMES  # noqa: E402
from engine.goldfish.base import (  # noqa: E402
    DRAW,
    GOING,
    LOSS_DECKOUT,
    MAX_TURNS,
    OUTCOMES,
    STALLED,
    WIN,
    WIN_OPP_DECKOUT,
    GameLog,
    GoldfishDeckError,
    GoldfishParamError,
    GoldfishParams,
    GoldfishResult,
    LogEvent,
    Param,
    Simulator,
    game_rng,
    game_seed,
)


class NoSimulatorError(ValueError):
    """A known game whose goldfish simulator has not been written yet."""


from engine.goldfish.dbsfw import DBSFWSimulator  # noqa: E402
from engine.goldfish.fftcg import FFTCGSimulator  # noqa: E402 (after base, which it imports)
from engine.goldfish.fireforce import FireForceSimulator  # noqa: E402
from engine.goldfish.gbf import GBFSimulator  # noqa: E402

# One entry per game that has a simulator: add yours to the tuple.
SIMULATORS: dict[str, Simulator] = {
    s.game_id: s for s in (FFTCGSimulator(), GBFSimulator(), DBSFWSimulator(), FireForceSimulator())
}


def get_simulator(game_id: str) -> Simulator:
    """The game's simulator; UnknownGameError for an unknown id, NoSimulatorError if not written yet."""
    if game_id not in GAMES:
        raise UnknownGameError(f"Unknown game {game_id!r}; the games are {', '.join(GAMES)}.")
    try:
        return SIMULATORS[game_id]
    except KeyError:
        have = ", ".join(SIMULATORS) or "none"
        raise NoSimulatorError(
            f"There is no goldfish simulator for {game_id} yet (simulators exist for: {have})."
        ) from None


__all__ = [
    "DRAW",
    "GOING",
    "MAX_TURNS",
    "LOSS_DECKOUT",
    "OUTCOMES",
    "SIMULATORS",
    "STALLED",
    "WIN",
    "WIN_OPP_DECKOUT",
    "GameLog",
    "GoldfishDeckError",
    "GoldfishParamError",
    "GoldfishParams",
    "GoldfishResult",
    "LogEvent",
    "NoSimulatorError",
    "Param",
    "Simulator",
    "game_rng",
    "game_seed",
    "get_simulator",
]
