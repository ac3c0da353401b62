"""Which card to cut, which to add: one-card swaps of a deck, goldfished on the deck's own seeds and ranked.

A swap is -1 copy of a main-deck card and +1 copy of a candidate. Every variant plays the very games the
deck plays: game i of play order g has the same seed in both (common random numbers), so the two shuffle
the same way until the swapped card turns up, and the difference measured is the swap's, not the luck's.
Identical decks give exactly zero difference.

The unit of pairing is a batch of `batch_games` games (the simulators count outcomes per call; they do not
hand back single games): the deck's batch b and the variant's batch b are the same games. Both figures are
ratios of batch sums, the mean kill turn (kill turns over kills) and the share of games won by the deck's
typical turn (its median kill turn, both play orders together); their differences get a 95 % interval from
the batches' spread by the delta method (the linearised ratio, one value per batch, whose sample variance
over the m batches gives the standard error; m is 100 for 10,000 games per order, so the normal quantile
1.96 is used). The batches of the two play orders are treated as one sample: a little conservative, as the
orders differ on average.

Many variants are tested at once, so some would look better by chance alone. Each ranking (by mean kill
turn, by share) is one family, and its p-values are corrected with Holm's step-down method, which keeps the
chance that ANY swap called "beyond chance" is in truth no different at 5 %. Holm rather than
Benjamini-Hochberg: a player acts on the few swaps at the top of the list, each one a claim they rely on,
so the guarantee should be about every claim (family-wise error), not about the share of false ones among
many (false discovery rate); Holm is uniformly more powerful than Bonferroni with the same guarantee, and
common random numbers make the intervals narrow enough that the stricter guarantee costs little.

Everything here assumes what the goldfish assumes: an opponent who does nothing, and the autopilot's own
choices (engine.goldfish, §11 of each game's rules page). A swap that helps against a real opponent only
(a removal spell, a blocker) cannot show here.

The variants share the deck's compiled simulator: a variant is the deck with two counts changed, prepared
into the same tables (`Simulator.prepare`) and played by the same machine code (`Simulator.run_prepared`);
no process is started and nothing is compiled per variant.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Iterable, Mapping, Sequence
from dataclasses import dataclass, field, replace
from typing import Any

import numpy as np

from engine.cards import Card
from engine.deck import Deck, DeckEntry
from engine.games import get_game
from engine.goldfish import GOING, GoldfishParams, get_simulator
from engine.stats import Group, probabilities
from engine.validation import BanList

Z95 = 1.96
LEVEL = 0.05  # the family-wise error rate Holm's correction keeps
BATCH_GAMES = 100  # games per paired batch: 100 batches per play order for a default run
GAMES = 10_000  # per play order, as a default goldfish run
MAX_VARIANTS = 200  # the default budget: 200 variants of 10,000 games per order take ~30 s on 2 cores
RANKINGS = ("mean", "share")

Progress = Callable[[int, int], None]  # (variants done, variants in all); may raise to stop


class TuneError(ValueError):
    """A deck or a candidate list the adviser cannot work with; the message says why."""


@dataclass(frozen=True, slots=True)
class Swap:
    cut: str  # card number of the main deck, one copy fewer
    add: str  # card number of the candidate, one copy more

    def to_dict(self) -> dict[str, str]:
        return {"cut": self.cut, "add": self.add}


@dataclass(frozen=True)
class Settings:
    """How the deck and every variant are played (as a default goldfish run, unless told otherwise), and the
    player's groups of cards (engine.stats.Group: "at least n of these") whose exact odds are shown beside."""

    games: int = GAMES  # per play order
    goings: tuple[str, ...] = GOING
    seed: int = 0
    opponent: Mapping[str, Any] = field(default_factory=dict)
    policy: Mapping[str, Any] = field(default_factory=dict)
    max_turns: int | None = None
    batch_games: int = BATCH_GAMES
    groups: tuple[Group, ...] = ()

    def to_dict(self) -> dict[str, Any]:
        return {
            "games": self.games,
            "goings": list(self.goings),
            "seed": self.seed,
            "opponent": dict(self.opponent),
            "policy": dict(self.policy),
            "max_turns": self.max_turns,
            "batch_games": self.batch_games,
            "groups": [{"cards": sorted(g.cards), "at_least": g.at_least} for g in self.groups],
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Settings:
        return cls(
            games=int(data["games"]),
            goings=tuple(data["goings"]),
            seed=int(data["seed"]),
            opponent=dict(data.get("opponent", {})),
            policy=dict(data.get("policy", {})),
            max_turns=data.get("max_turns"),
            batch_games=int(data.get("batch_games", BATCH_GAMES)),
            groups=tuple(Group(g["cards"], int(g["at_least"])) for g in data.get("groups", ())),
        )


# ---- the variants ----


def swapped(deck: Deck, swap: Swap, card: Card | None = None) -> Deck:
    """The deck with one copy of `swap.cut` fewer and one of `swap.add` more in the main section; `card` is
    the added card's data when the deck does not hold it already."""
    main = get_game(deck.game).main_section
    counts = {e.card: e.count for e in deck.entries(main)}
    if counts.get(swap.cut, 0) < 1:
        raise TuneError(f"The main deck holds no {swap.cut} to cut.")
    counts[swap.cut] -= 1
    counts[swap.add] = counts.get(swap.add, 0) + 1
    entries = tuple(DeckEntry(n, c) for n, c in counts.items() if c > 0)
    cards = dict(deck.cards)
    if swap.add not in cards:
        if card is None or card.number != swap.add:
            raise TuneError(f"No card data for {swap.add}.")
        cards[swap.add] = card
    return replace(deck, sections={**deck.sections, main: entries}, cards=cards)


def aligned(deck: Deck, swap: Swap, card: Card | None = None) -> Deck:
    """`swapped`, but listed for play: the added copy takes the cut copy's place in the main deck's list
    (an entry of its own right after the cut card's), so the list a simulator shuffles differs from the
    deck's in that one place only. The same shuffle then puts the added card exactly where the cut card
    was, and the games stay the same until it is drawn: the pairing that makes small differences show."""
    variant = swapped(deck, swap, card)
    main = get_game(deck.game).main_section
    entries: list[DeckEntry] = []
    for e in deck.entries(main):
        if e.card == swap.cut:
            entries.extend(x for x in (DeckEntry(e.card, e.count - 1), DeckEntry(swap.add, 1)) if x.count)
        else:
            entries.append(e)
    return replace(variant, sections={**variant.sections, main: tuple(entries)})


def legal_swaps(
    deck: Deck,
    candidates: Iterable[Card],
    max_variants: int = MAX_VARIANTS,
    banlist: BanList | None = None,
) -> tuple[list[Swap], dict[str, Card]]:
    """The swaps of a main-deck card for a candidate that the game's construction rules (and `banlist`)
    allow: the variant's validation finds no problem the deck itself does not have. Returns them with the
    candidates' data by number. No candidates: the deck's own main-deck cards, one copy more.

    An add is first tried against one cut of another card: one the rules refuse there (its colour, its
    format, a copy too many) is refused whatever is cut, and is not tried again. When the legal swaps are
    more than `max_variants`, each cut keeps the adds closest to it in the game's curve value (cost), like
    for like, the card number breaking ties: the player's own candidate list is the way to ask about
    others. Raises TuneError when no swap is legal.
    """
    rules = get_game(deck.game)
    cuts = [e.card for e in deck.entries(rules.main_section)]
    if not cuts:
        raise TuneError("The deck has no main-deck cards to cut.")
    pool = {c.number: c for c in candidates} or {n: deck.cards[n] for n in cuts}
    already = _problems(rules.validate(deck, banlist))

    def legal(swap: Swap) -> bool:
        return _problems(rules.validate(swapped(deck, swap, pool[swap.add]), banlist)) <= already

    adds = []
    for number in sorted(pool):
        reference = next((c for c in cuts if rules.base_number(c) != rules.base_number(number)), None)
        if reference is not None and legal(Swap(reference, number)):
            adds.append(number)
    per_cut = max(1, max_variants // len(cuts)) if len(adds) * len(cuts) > max_variants else len(adds)
    chosen: list[Swap] = []
    for cut in cuts:
        cost = _curve(rules.curve_value(deck.cards[cut]))
        kept = 0
        for add in sorted(adds, key=lambda n: (abs(_curve(rules.curve_value(pool[n])) - cost), n)):
            if kept == per_cut:
                break
            swap = Swap(cut, add)
            if rules.base_number(add) != rules.base_number(cut) and legal(swap):
                chosen.append(swap)
                kept += 1
    if not chosen:
        raise TuneError("No candidate can be added to this deck under its game's rules.")
    return chosen[:max_variants], pool


def _curve(value: int | None) -> int:
    return value if value is not None else 0


def _problems(report: Any) -> set[tuple[str, tuple[str, ...]]]:
    return {(v.code, v.cards) for v in report.violations}


# ---- playing in paired batches ----


@dataclass(frozen=True)
class Batches:
    """One deck's games in paired batches (both play orders, in order): per batch its games, kills, the sum
    of the kill turns, and the kills by each own turn (cumulative, column t = kills on turn t or before)."""

    games: np.ndarray
    kills: np.ndarray
    turn_sum: np.ndarray
    kills_by: np.ndarray

    def mean(self) -> float | None:
        kills = int(self.kills.sum())
        return float(self.turn_sum.sum()) / kills if kills else None

    def share(self, turn: int) -> float:
        return float(self.kills_by[:, turn].sum()) / float(self.games.sum())

    def median_turn(self) -> int | None:
        """The kill turn at half the kills (nearest rank, as GoldfishResult.percentile)."""
        kills = int(self.kills.sum())
        if not kills:
            return None
        by = self.kills_by.sum(axis=0)
        return int(np.searchsorted(by, math.ceil(0.5 * kills)))


def play_batches(deck: Deck, settings: Settings, params: Mapping[str, GoldfishParams]) -> Batches:
    """Play the deck's games in batches; game i of each play order has the run seed's game i's seed.
    `params`: per play order (`checked_params`)."""
    sim = get_simulator(deck.game)
    rows: list[tuple[int, Mapping[int, int]]] = []
    for going in settings.goings:
        prepared = sim.prepare(deck, params[going])
        for first in range(0, settings.games, settings.batch_games):
            n = min(settings.batch_games, settings.games - first)
            rows.append((n, sim.run_prepared(prepared, settings.seed, first, n).kill_turns))
    width = max(p.max_turns for p in params.values()) + 1
    hist = np.zeros((len(rows), width), dtype=np.int64)
    for b, (_, turns) in enumerate(rows):
        for t, k in turns.items():
            hist[b, t] = k
    turns_axis = np.arange(width, dtype=np.int64)
    return Batches(
        games=np.array([n for n, _ in rows], dtype=np.int64),
        kills=hist.sum(axis=1),
        turn_sum=hist @ turns_axis,
        kills_by=np.cumsum(hist, axis=1),
    )


def checked_params(deck: Deck, settings: Settings) -> dict[str, GoldfishParams]:
    """The parameters per play order, checked against the deck (GoldfishParamError, GoldfishDeckError)."""
    sim = get_simulator(deck.game)
    out = {}
    for going in settings.goings:
        params = sim.params(going, settings.opponent, settings.policy, settings.max_turns)
        sim.check(deck, params)
        out[going] = params
    return out


# ---- paired differences and the correction ----


@dataclass(frozen=True, slots=True)
class Difference:
    """Variant minus deck, with its 95 % interval and two-sided p-value (before the correction)."""

    estimate: float
    low: float
    high: float
    p: float

    def to_dict(self) -> dict[str, float]:
        return {"estimate": self.estimate, "low": self.low, "high": self.high, "p": self.p}

    @classmethod
    def from_dict(cls, data: Mapping[str, float] | None) -> Difference | None:
        return None if data is None else cls(data["estimate"], data["low"], data["high"], data["p"])


def ratio_difference(
    num_a: np.ndarray, den_a: np.ndarray, num_b: np.ndarray, den_b: np.ndarray
) -> Difference | None:
    """sum(num_b)/sum(den_b) - sum(num_a)/sum(den_a) over paired batches, with the delta method's standard
    error: each batch's linearised contribution (num_b - r_b den_b)/mean(den_b) - (num_a - r_a den_a)/
    mean(den_a), whose sample variance over the m batches, divided by m, is the variance of the difference.
    None when either ratio has no denominator (a deck that never wins has no mean kill turn)."""
    if den_a.sum() == 0 or den_b.sum() == 0:
        return None
    m = len(num_a)
    r_a, r_b = num_a.sum() / den_a.sum(), num_b.sum() / den_b.sum()
    u = (num_b - r_b * den_b) / den_b.mean() - (num_a - r_a * den_a) / den_a.mean()
    diff = float(r_b - r_a)
    se = float(math.sqrt(u.var(ddof=1) / m)) if m > 1 else 0.0
    if se == 0.0:
        return Difference(diff, diff, diff, 1.0 if diff == 0 else 0.0)
    return Difference(diff, diff - Z95 * se, diff + Z95 * se, math.erfc(abs(diff / se) / math.sqrt(2)))


def holm(p_values: Sequence[float]) -> list[float]:
    """Holm's step-down adjusted p-values, in the order given: the i-th smallest p times (m - i + 1), never
    less than the adjusted value before it, at most 1. A test is beyond chance when its adjusted p is at
    most LEVEL; the chance of any false claim in the family is then at most LEVEL."""
    m = len(p_values)
    order = sorted(range(m), key=lambda i: p_values[i])
    adjusted = [0.0] * m
    running = 0.0
    for rank, i in enumerate(order):
        running = max(running, min(1.0, (m - rank) * p_values[i]))
        adjusted[i] = running
    return adjusted


# ---- the adviser ----


@dataclass(frozen=True)
class Variant:
    """One swap measured against the deck on the same games."""

    swap: Swap
    mean: float | None  # the variant's mean kill turn
    share: float | None  # its share of games won by the deck's typical turn
    mean_diff: Difference | None  # negative: kills sooner
    share_diff: Difference | None  # positive: wins by the typical turn more often
    odds: Mapping[str, Any]  # exact odds beside (see `swap_odds`)

    def to_dict(self) -> dict[str, Any]:
        return {
            **self.swap.to_dict(),
            "mean": self.mean,
            "share": self.share,
            "mean_diff": None if self.mean_diff is None else self.mean_diff.to_dict(),
            "share_diff": None if self.share_diff is None else self.share_diff.to_dict(),
            "odds": dict(self.odds),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Variant:
        return cls(
            Swap(data["cut"], data["add"]),
            data["mean"],
            data["share"],
            Difference.from_dict(data["mean_diff"]),
            Difference.from_dict(data["share_diff"]),
            data.get("odds", {}),
        )


@dataclass(frozen=True)
class Baseline:
    """The deck's own figures on the games every variant replays."""

    mean: float | None
    typical_turn: int | None  # its median kill turn
    share: float | None  # its share of games won by then
    games: int  # in all, both play orders
    odds: Mapping[str, Any]

    def to_dict(self) -> dict[str, Any]:
        return {
            "mean": self.mean,
            "typical_turn": self.typical_turn,
            "share": self.share,
            "games": self.games,
            "odds": dict(self.odds),
        }

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Baseline:
        return cls(data["mean"], data["typical_turn"], data["share"], data["games"], data.get("odds", {}))


class Tuner:
    """The deck played once in paired batches; `measure` plays a swap on the same games and compares."""

    def __init__(self, deck: Deck, settings: Settings) -> None:
        if settings.games < 1 or settings.batch_games < 1:
            raise TuneError("Play at least one game per play order, in batches of at least one.")
        self.deck = deck
        self.settings = settings
        self.params = checked_params(deck, settings)
        self.batches = play_batches(deck, settings, self.params)
        turn = self.batches.median_turn()
        self.baseline = Baseline(
            mean=self.batches.mean(),
            typical_turn=turn,
            share=None if turn is None else self.batches.share(turn),
            games=int(self.batches.games.sum()),
            odds=self._group_odds(deck, turn),
        )

    def measure(self, swap: Swap, card: Card | None = None) -> Variant:
        variant = swapped(self.deck, swap, card)
        vb = play_batches(aligned(self.deck, swap, card), self.settings, self.params)
        base, turn = self.batches, self.baseline.typical_turn
        mean_diff = ratio_difference(base.turn_sum, base.kills, vb.turn_sum, vb.kills)
        share_diff = (
            None
            if turn is None
            else ratio_difference(base.kills_by[:, turn], base.games, vb.kills_by[:, turn], vb.games)
        )
        return Variant(
            swap=swap,
            mean=vb.mean(),
            share=None if turn is None else vb.share(turn),
            mean_diff=mean_diff,
            share_diff=share_diff,
            odds=swap_odds(self.deck, variant, swap, turn, self.settings.groups),
        )

    def _group_odds(self, deck: Deck, turn: int | None) -> dict[str, Any]:
        if not self.settings.groups or turn is None:
            return {}
        return {"groups": _odds(deck, self.settings.groups, turn)}


def _odds(deck: Deck, groups: Sequence[Group], turn: int) -> float:
    """P(every group held by own turn `turn`), going first, no mulligan: exact (engine.stats)."""
    return probabilities(deck, get_game(deck.game), groups, turns=turn, going_first=True)[turn]


def swap_odds(
    deck: Deck, variant: Deck, swap: Swap, turn: int | None, groups: Sequence[Group]
) -> dict[str, Any]:
    """The exact odds beside a swap, by the deck's typical turn, going first, no mulligan: holding at least
    one copy of the cut card before and after, of the added card before and after, and of the player's
    groups (all of them at once) after, to read against the deck's."""
    if turn is None:
        return {}
    out: dict[str, Any] = {
        "turn": turn,
        "cut": [_odds(deck, [Group([swap.cut])], turn), _odds(variant, [Group([swap.cut])], turn)],
        "add": [_odds(deck, [Group([swap.add])], turn), _odds(variant, [Group([swap.add])], turn)],
    }
    if groups:
        out["groups"] = _odds(variant, groups, turn)
    return out


@dataclass(frozen=True)
class Ranked:
    variant: Variant
    adjusted_p: float | None  # Holm, within this ranking's family
    beyond_chance: bool


@dataclass(frozen=True)
class TuneResult:
    baseline: Baseline
    variants: tuple[Variant, ...]
    settings: Settings
    complete: bool = True  # False: cancelled, these are the variants measured by then

    def ranked(self, by: str = "mean") -> list[Ranked]:
        """The variants best first: by mean kill turn (lowest first), or by the share of games won by the
        deck's typical turn (highest first); a variant with no figure comes last. Holm's correction is over
        the variants of this result, for this ranking."""
        if by not in RANKINGS:
            raise TuneError(f"Rank by {' or '.join(RANKINGS)}, not {by!r}.")

        def diff(v: Variant) -> Difference | None:
            return v.mean_diff if by == "mean" else v.share_diff

        tested = [v for v in self.variants if diff(v) is not None]
        adjusted = dict(zip(map(id, tested), holm([diff(v).p for v in tested]), strict=True))  # type: ignore[union-attr]
        sign = 1 if by == "mean" else -1

        def key(v: Variant) -> tuple[bool, float, str, str]:
            d = diff(v)
            return (d is None, 0.0 if d is None else sign * d.estimate, v.swap.cut, v.swap.add)

        out = []
        for v in sorted(self.variants, key=key):
            p = adjusted.get(id(v))
            out.append(Ranked(v, p, p is not None and p <= LEVEL and diff(v).estimate != 0))  # type: ignore[union-attr]
        return out

    def to_dict(self) -> dict[str, Any]:
        """The JSON of the command and the API: the deck's figures, and each ranking best first."""
        return {
            "baseline": self.baseline.to_dict(),
            "settings": self.settings.to_dict(),
            "complete": self.complete,
            "variants": len(self.variants),
            "correction": "holm",
            "level": LEVEL,
            "rankings": {
                by: [
                    {**r.variant.to_dict(), "adjusted_p": r.adjusted_p, "beyond_chance": r.beyond_chance}
                    for r in self.ranked(by)
                ]
                for by in RANKINGS
            },
        }


def tune(
    deck: Deck,
    candidates: Iterable[Card] = (),
    settings: Settings | None = None,
    *,
    max_variants: int = MAX_VARIANTS,
    banlist: BanList | None = None,
    progress: Progress | None = None,
) -> TuneResult:
    """Rank the legal one-card swaps of the deck (see `legal_swaps`; no candidates: the deck's own cards,
    one copy more). `progress(done, total)` is called after each variant."""
    settings = settings or Settings()
    swaps, pool = legal_swaps(deck, candidates, max_variants, banlist)
    tuner = Tuner(deck, settings)
    measured = []
    for i, swap in enumerate(swaps):
        measured.append(tuner.measure(swap, pool[swap.add]))
        if progress is not None:
            progress(i + 1, len(swaps))
    return TuneResult(tuner.baseline, tuple(measured), settings)
