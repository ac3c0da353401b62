"""What every goldfish simulator shares: parameters, results, logs, and the batch runner.

See the package docstring (engine/goldfish/__init__.py) for how to implement a game.
"""

from __future__ import annotations

import math
import time
from abc import ABC, abstractmethod
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass, field
from typing import Any, ClassVar

import numpy as np

from engine.deck import Deck

Value = int | float | bool | str
Progress = Callable[[int, int, "GoldfishResult"], None]

GOING = ("first", "second")
# The largest number any parameter takes unless it says otherwise, and the cap on a run's own turns.
LARGEST = 1_000
MAX_TURNS = 200  # well past the turn every deck of these games has run out

# Outcomes of one game (the names of §11.3 of every game, lower-cased). Only WIN is a kill:
# an opponent who decks out is reported apart and never counts toward the kill-turn distribution.
WIN = "win"
WIN_OPP_DECKOUT = "win_opp_deckout"
LOSS_DECKOUT = "loss_deckout"
STALLED = "stalled"
DRAW = "draw"  # both players lose at once (GBF 1-2-3)
OUTCOMES = (WIN, WIN_OPP_DECKOUT, LOSS_DECKOUT, STALLED, DRAW)
N_OUTCOMES = len(OUTCOMES)


class GoldfishParamError(ValueError):
    """An unknown parameter name or a value that cannot be read; the message says which."""


class GoldfishDeckError(ValueError):
    """A deck the simulator cannot play (no Leader, no rank-0 captain, card data out of range, ...)."""


@dataclass(frozen=True, slots=True)
class Param:
    """One opponent parameter (§11.3) or policy knob (§11.5) with its default and type.

    The type is the default's type; `choices` limits a text value, `minimum` and `maximum` a number
    (every number has a maximum, `LARGEST` unless given: the compiled games size arrays and keep
    numbers in 64-bit integers, and no count in these games comes near it). `name` is what
    the command line and the API take; `label`, `help` and `choice_labels` (one per choice) are the
    player's words the web form shows, and `rule` the official rule number the setting follows, if any.
    `words` names the values that stand for something other than their figure (0: "never"), and
    `percent` marks a share from 0 to 1, which a page shows as a percentage.
    """

    name: str
    default: Value
    help: str
    choices: tuple[str, ...] = ()
    minimum: int | float | None = None
    maximum: int | float = 0  # 0: LARGEST
    label: str = ""
    rule: str = ""
    choice_labels: tuple[str, ...] = ()
    words: tuple[tuple[Value, str], ...] = ()
    percent: bool = False

    def __post_init__(self) -> None:
        if self.choice_labels and len(self.choice_labels) != len(self.choices):
            raise ValueError(f"{self.name}: one choice label per choice")

    @property
    def title(self) -> str:
        """The setting's name in the player's words."""
        return self.label or self.name.replace("_", " ").capitalize()

    @property
    def labelled_choices(self) -> list[tuple[str, str]]:
        return list(zip(self.choices, self.choice_labels or self.choices, strict=True))

    def shown(self, value: Value) -> str:
        """A value in the player's words, its figure kept where words replace it: "never (0)", "80 %"."""
        if isinstance(value, bool):
            return "yes" if value else "no"
        if self.choices:
            return dict(self.labelled_choices).get(str(value), str(value))
        words = dict(self.words).get(value)
        if words:
            return f"{words} ({value})" if value != "" else words
        if self.percent and isinstance(value, int | float):
            return f"{value * 100:g} %"
        return "none" if value == "" else str(value)

    def parse(self, text: Value) -> Value:
        """Read a value given as text (a command-line NAME=VALUE) or check one given as a value."""
        kind = type(self.default)
        value: Value
        if not isinstance(text, str):
            value = text
            if kind is float and isinstance(value, int) and not isinstance(value, bool):
                value = float(value)
            if type(value) is not kind:
                raise GoldfishParamError(f"{self.name} must be {_kind_name(kind)}, not {text!r}.")
        elif kind is bool:
            lowered = text.strip().lower()
            if lowered not in ("true", "false", "yes", "no", "on", "off", "1", "0"):
                raise GoldfishParamError(f"{self.name} must be true or false, not {text!r}.")
            value = lowered in ("true", "yes", "on", "1")
        elif kind is int or kind is float:
            try:
                value = kind(text.strip())
            except ValueError:
                raise GoldfishParamError(f"{self.name} must be {_kind_name(kind)}, not {text!r}.") from None
        else:
            value = text.strip()
        if self.choices and value not in self.choices:
            raise GoldfishParamError(f"{self.name} must be one of {', '.join(self.choices)}, not {value!r}.")
        if isinstance(value, int | float) and not isinstance(value, bool):
            if not math.isfinite(value):
                raise GoldfishParamError(f"{self.name} must be a finite number, not {value!r}.")
            if self.minimum is not None and value < self.minimum:
                raise GoldfishParamError(f"{self.name} must be at least {self.minimum}, not {value!r}.")
            if value > (self.maximum or LARGEST):
                raise GoldfishParamError(
                    f"{self.name} must be at most {self.maximum or LARGEST:,}, not {value!r}."
                )
        return value


def _kind_name(kind: type) -> str:
    return {bool: "true or false", int: "a whole number", float: "a number", str: "text"}[kind]


@dataclass(frozen=True)
class GoldfishParams:
    """Everything that decides a game besides the deck and the seed.

    `opponent` and `policy` hold every parameter of the simulator, defaults filled in; build them
    with `Simulator.params()`, which checks names and values. `max_turns` is the cap on the
    player's own turns (§11.3 `max_own_turns`); a game not decided by then is STALLED.
    """

    going: str = "first"
    opponent: Mapping[str, Value] = field(default_factory=dict)
    policy: Mapping[str, Value] = field(default_factory=dict)
    max_turns: int = 20

    def to_dict(self) -> dict[str, Any]:
        return {
            "going": self.going,
            "opponent": dict(self.opponent),
            "policy": dict(self.policy),
            "max_turns": self.max_turns,
        }


@dataclass(frozen=True)
class GoldfishResult:
    """The outcome counts of a run or of part of one; `merge` adds parts in any order.

    `kill_turns` maps the own turn on which the opponent lost by damage to the number of such games
    (turns are always the player's own turns). `outcomes` counts every game by outcome, so
    `outcomes["win"] == sum(kill_turns.values())` and `no_kill` is everything else.
    """

    games: int
    kill_turns: Mapping[int, int]
    outcomes: Mapping[str, int]
    seed: int | None = None
    mulligans: int = 0

    @property
    def no_kill(self) -> int:
        return self.games - self.kills

    @property
    def kills(self) -> int:
        return sum(self.kill_turns.values())

    @classmethod
    def empty(cls, seed: int | None = None) -> GoldfishResult:
        return cls(games=0, kill_turns={}, outcomes=dict.fromkeys(OUTCOMES, 0), seed=seed)

    def merge(self, other: GoldfishResult) -> GoldfishResult:
        """The sum of two parts. Parts of different seeds merge to seed None."""
        turns = dict(self.kill_turns)
        for t, n in other.kill_turns.items():
            turns[t] = turns.get(t, 0) + n
        outcomes = {k: self.outcomes.get(k, 0) + other.outcomes.get(k, 0) for k in OUTCOMES}
        return GoldfishResult(
            games=self.games + other.games,
            kill_turns=dict(sorted(turns.items())),
            outcomes=outcomes,
            seed=self.seed if self.seed == other.seed else None,
            mulligans=self.mulligans + other.mulligans,
        )

    def mean_kill_turn(self) -> float | None:
        """Mean own turn of the kill over the games with a kill; None if there is none."""
        if not self.kills:
            return None
        return sum(t * n for t, n in self.kill_turns.items()) / self.kills

    def mean_ci95(self) -> tuple[float, float] | None:
        """A 95 % interval of the mean kill turn (normal approximation, 1.96 standard errors)."""
        mean = self.mean_kill_turn()
        if mean is None:
            return None
        n = self.kills
        if n < 2:
            return (mean, mean)
        var = sum(nk * (t - mean) ** 2 for t, nk in self.kill_turns.items()) / (n - 1)
        half = 1.96 * math.sqrt(var / n)
        return (mean - half, mean + half)

    def percentile(self, q: float) -> int | None:
        """The kill turn at fraction q (0..1] of the games with a kill (nearest rank)."""
        if not self.kills:
            return None
        rank = max(1, math.ceil(q * self.kills))
        seen = 0
        for t in sorted(self.kill_turns):
            seen += self.kill_turns[t]
            if seen >= rank:
                return t
        raise AssertionError("unreachable: the ranks add up to kills")

    def p_kill_by(self, turn: int) -> float:
        """Share of all games won by damage on or before own turn `turn`."""
        if not self.games:
            return 0.0
        return sum(n for t, n in self.kill_turns.items() if t <= turn) / self.games

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> GoldfishResult:
        """The inverse of `to_dict` (derived keys such as the mean are recomputed, not read)."""
        return cls(
            games=int(data["games"]),
            kill_turns={int(t): int(n) for t, n in data["kill_turns"].items()},
            outcomes={k: int(data.get("outcomes", {}).get(k, 0)) for k in OUTCOMES},
            seed=data.get("seed"),
            mulligans=int(data.get("mulligans", 0)),
        )

    def to_dict(self) -> dict[str, Any]:
        """The `goldfish` command's JSON (docs/deck-file.md), with more keys after the documented ones."""
        mean = self.mean_kill_turn()
        ci = self.mean_ci95()
        return {
            "games": self.games,
            "kill_turns": {str(t): n for t, n in sorted(self.kill_turns.items())},
            "no_kill": self.no_kill,
            "mean_kill_turn": None if mean is None else round(mean, 4),
            "seed": self.seed,
            "mean_kill_turn_ci95": None if ci is None else [round(ci[0], 4), round(ci[1], 4)],
            "median_kill_turn": self.percentile(0.5),
            "outcomes": dict(self.outcomes),
            "mulligans": self.mulligans,
        }


@dataclass(frozen=True, slots=True)
class LogEvent:
    turn: int  # own turn, 0 during setup
    phase: str  # "setup", "active", "draw", "main 1", "attack", "main 2", "end", "opponent"
    text: str


@dataclass(frozen=True)
class GameLog:
    """One game told turn by turn, with the outcome it had inside a run of the same seed."""

    game_index: int
    outcome: str
    turn: int  # own turn the game ended on (the kill turn for a WIN)
    events: tuple[LogEvent, ...]
    final: Mapping[str, int] = field(default_factory=dict)  # zone sizes at the end, for checks

    @property
    def kill_turn(self) -> int | None:
        return self.turn if self.outcome == WIN else None

    def lines(self) -> list[str]:
        out = []
        for e in self.events:
            where = "setup" if e.turn == 0 else f"T{e.turn} {e.phase}"
            out.append(f"{where:>12}: {e.text}")
        out.append(f"Result: {self.outcome} on own turn {self.turn}.")
        return out

    def __str__(self) -> str:
        return "\n".join(self.lines())


class Simulator(ABC):
    """One game's goldfish: its parameters, a batch of seeded games, and the log of one game.

    Subclasses set the class attributes and implement `run_batch` and `play_logged`.
    """

    game_id: ClassVar[str]
    opponent_params: ClassVar[tuple[Param, ...]]
    policy_params: ClassVar[tuple[Param, ...]]
    default_max_turns: ClassVar[int] = 20
    # The opponent parameter that sets GoldfishParams.max_turns, if the game has one (§11.3 of its page).
    max_turns_param: ClassVar[str] = "max_own_turns"
    # Games per run_batch call inside run(); small enough for a progress report every fraction of a second.
    chunk: ClassVar[int] = 20_000

    @property
    def opponent_defaults(self) -> dict[str, Value]:
        return {p.name: p.default for p in self.opponent_params}

    @property
    def policy_defaults(self) -> dict[str, Value]:
        return {p.name: p.default for p in self.policy_params}

    def params(
        self,
        going: str = "first",
        opponent: Iterable[str] | Mapping[str, Any] = (),
        policy: Iterable[str] | Mapping[str, Any] = (),
        max_turns: int | None = None,
    ) -> GoldfishParams:
        """Parameters with defaults filled in; raise GoldfishParamError on any bad name or value.

        `opponent` and `policy` are NAME=VALUE strings (the command line) or a mapping of names to
        values. An opponent `max_own_turns=N` sets `max_turns`.
        """
        if going not in GOING:
            raise GoldfishParamError(f"going must be first or second, not {going!r}.")
        opp = _parse_all("opponent parameter", self.opponent_params, opponent, extra=(self.max_turns_param,))
        pol = _parse_all("policy knob", self.policy_params, policy)
        turns: Value = max_turns if max_turns is not None else self.default_max_turns
        if self.max_turns_param in opp:
            turns = Param(self.max_turns_param, 0, "", minimum=1, maximum=MAX_TURNS).parse(
                opp.pop(self.max_turns_param)
            )
        if not isinstance(turns, int) or isinstance(turns, bool) or not 1 <= turns <= MAX_TURNS:
            raise GoldfishParamError(
                f"max_turns must be a whole number from 1 to {MAX_TURNS}, not {turns!r}."
            )
        return GoldfishParams(
            going=going,
            opponent=self.opponent_defaults | opp,
            policy=self.policy_defaults | pol,
            max_turns=turns,
        )

    def in_force(self, deck: Deck, params: GoldfishParams) -> GoldfishParams:
        """The parameters as the games use them for this deck: a value that means "by format" or "from the
        deck" (a 0 or -1 default) replaced by what it stands for, so a result can state its assumptions.
        A game whose parameters have no such values keeps them."""
        return params

    def check(self, deck: Deck, params: GoldfishParams) -> None:
        """Raise GoldfishParamError or GoldfishDeckError, with a message for the player, for anything that
        would make the run fail; play no game. Runs call this before they are queued."""
        try:
            self.prepare(deck, params)
        except GoldfishParamError:
            raise
        except OverflowError:
            raise GoldfishDeckError("A number in the deck's card data is too large to play with.") from None
        except ValueError as e:
            raise GoldfishDeckError(str(e)) from None

    @abstractmethod
    def prepare(self, deck: Deck, params: GoldfishParams) -> object:
        """The work before the first game: the deck turned into the compiled loop's tables, and the
        knobs. Raises ValueError for a deck or setting the games cannot use."""

    def run_batch(
        self, deck: Deck, params: GoldfishParams, seed: int, first_game: int, n_games: int
    ) -> GoldfishResult:
        """Play games first_game .. first_game + n_games - 1 of the run with this seed.

        Each game's randomness must depend only on (seed, game index), so any split of a run into
        batches merges to the same result.
        """
        return self.run_prepared(self.prepare(deck, params), seed, first_game, n_games)

    @abstractmethod
    def run_prepared(self, prepared: Any, seed: int, first_game: int, n_games: int) -> GoldfishResult:
        """`run_batch` on what `prepare` returned for the deck and parameters: a caller that plays one deck
        in many batches (the tuning adviser's paired batches, engine.advice.tune) prepares it once."""

    @abstractmethod
    def play_logged(self, deck: Deck, params: GoldfishParams, seed: int, game_index: int) -> GameLog:
        """Game `game_index` of the run with this seed, told event by event; same outcome as in the run."""

    def run(
        self,
        deck: Deck,
        games: int,
        seed: int,
        params: GoldfishParams | None = None,
        progress: Progress | None = None,
        start: int = 0,
    ) -> GoldfishResult:
        """Play games start .. start + games - 1.

        Calls progress(done, total, result so far) a few times a second at most and at the end.
        """
        params = params if params is not None else self.params()
        result = GoldfishResult.empty(seed)
        last_report = time.monotonic()
        done = 0
        while done < games:
            n = min(self.chunk, games - done)
            result = result.merge(self.run_batch(deck, params, seed, start + done, n))
            done += n
            now = time.monotonic()
            if progress is not None and (done == games or now - last_report >= 0.5):
                progress(done, games, result)
                last_report = now
        return result


def _parse_all(
    what: str, known: tuple[Param, ...], given: Iterable[str] | Mapping[str, Any], extra: tuple[str, ...] = ()
) -> dict[str, Value]:
    by_name = {p.name: p for p in known}
    pairs: list[tuple[str, Any]]
    if isinstance(given, Mapping):
        pairs = list(given.items())
    else:
        pairs = []
        for item in given:
            name, sep, value = item.partition("=")
            if not sep or not name.strip():
                raise GoldfishParamError(f"Expected NAME=VALUE for the {what}, not {item!r}.")
            pairs.append((name.strip(), value))
    out: dict[str, Value] = {}
    for name, value in pairs:
        if name in extra:
            out[name] = value
            continue
        if name not in by_name:
            names = ", ".join(sorted([*by_name, *extra])) or "none"
            raise GoldfishParamError(f"Unknown {what} {name!r}; the known names are: {names}.")
        out[name] = by_name[name].parse(value)
    return out


def splitmix64(x: int) -> int:
    """One step of SplitMix64 (Steele, Lea, Flood 2014): a well-mixed 64-bit value from any 64-bit input."""
    x = (x + 0x9E3779B97F4A7C15) & 0xFFFFFFFFFFFFFFFF
    x = ((x ^ (x >> 30)) * 0xBF58476D1CE4E5B9) & 0xFFFFFFFFFFFFFFFF
    x = ((x ^ (x >> 27)) * 0x94D049BB133111EB) & 0xFFFFFFFFFFFFFFFF
    return x ^ (x >> 31)


def game_seed(seed: int, game_index: int) -> int:
    """The 64-bit seed of one game, a function of the run seed and the game index only."""
    return splitmix64(splitmix64(seed & 0xFFFFFFFFFFFFFFFF) ^ (game_index & 0xFFFFFFFFFFFFFFFF))


def game_rng(seed: int, game_index: int) -> np.random.Generator:
    """A NumPy generator for one game, for simulators whose games run in Python, one at a time."""
    return np.random.Generator(
        np.random.PCG64(np.random.SeedSequence([seed & 0xFFFFFFFFFFFFFFFF, game_index]))
    )
