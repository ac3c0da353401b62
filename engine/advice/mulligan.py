"""Keep or mulligan this hand: a concrete opening hand of a deck, kept against taken back by the game's own
mulligan, in exact odds and in goldfish games.

What it compares, for one play order (advise; advise_each asks it for each order, by default both, as the
deck's default goldfish run plays them):
- the chance of holding each group the player picked (engine.stats.Group, "at least n of A/B/C") by own
  turns 0..T, with the hand kept and after the mulligan: FFTCG's whole hand to the bottom and five drawn
  (8.2.1.4), DBS FW's and Fire Force's hand shuffled back and a new one drawn (6-2-1-8-1, 404.1d), GBF's
  partial redraw (5-2-1-5-1/2) returning every card of the hand not named in `kept` (by default all of
  it). All of these are exact (engine.stats.exact_with_hand, exact_probabilities): nothing is sampled.
- the goldfish's kill turns with the hand dealt and kept (only the rest of the deck shuffled) and with it
  mulliganed, both with the simulator's default opponent (one who does nothing) and autopilot, save for
  the mulligan decision itself, which is this comparison's (engine.goldfish.base.Opening).
- a verdict: the shares of games won by one turn, the mulliganed games' median kill turn (the kept ones'
  when a mulligan never wins; fixed before the shares are compared, so the turn is not picked for
  showing a difference), with the two-proportion z-test of engine.goldfish.compare: "Keep" or
  "Mulligan" when the difference is beyond chance (|z| > 1.96), "No real difference" otherwise.

After the mulligan no second one is taken: each of these games allows one (FFTCG 8.2.1.4, DBS FW
6-2-1-8, Fire Force 404.1d, GBF 5-2-1-5).
"""

from __future__ import annotations

from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, replace
from fractions import Fraction
from typing import Any

from engine.deck import Deck
from engine.games.base import GameRules, Mulligan
from engine.goldfish import GOING, get_simulator
from engine.goldfish.base import GoldfishParams, GoldfishResult, Opening
from engine.goldfish.compare import Comparison, compare
from engine.stats import Group, exact_probabilities, exact_with_hand

DEFAULT_GAMES = 10_000  # per side: kept and mulliganed
DEFAULT_TURNS = 5  # the odds panel's
KEEP, MULLIGAN, NO_DIFFERENCE = "keep", "mulligan", "no difference"


class HandError(ValueError):
    """A hand that is not an opening hand of the deck, or cards kept that it does not hold. `problems`:
    every reason at once, each with the field it concerns as the API names it ("hand.2" for the hand's
    third card, "hand" for the hand as a whole, "keep.0" for the first card kept); the message joins
    them."""

    def __init__(self, problems: Sequence[tuple[str, str]]) -> None:
        self.problems = tuple(problems)
        super().__init__(" ".join(message for _, message in self.problems))


@dataclass(frozen=True)
class GroupOdds:
    """One group (or every group at once, `label` "all"), P(held) by own turn 0..T either way."""

    label: str
    groups: tuple[Group, ...]
    keep: tuple[Fraction, ...]
    mulligan: tuple[Fraction, ...]


@dataclass(frozen=True)
class Advice:
    hand: tuple[str, ...]
    returned: tuple[str, ...]  # what the mulligan puts back (the whole hand but in GBF's partial redraw)
    going: str
    procedure: str  # the game's mulligan in words
    odds: tuple[GroupOdds, ...]
    kept: GoldfishResult
    mulliganed: GoldfishResult
    comparison: Comparison
    params: GoldfishParams  # the opponent and autopilot in force, as the games used them

    @property
    def verdict(self) -> str:
        c = self.comparison
        if c.turn is None or not c.share_beyond_chance:
            return NO_DIFFERENCE
        return KEEP if c.share_b > c.share_a else MULLIGAN

    @property
    def sentence(self) -> str:
        """ "Keep: this hand wins by turn 4 in 71% of games, against 58% after a mulligan; the difference is
        beyond chance." """
        c = self.comparison
        verdict = {KEEP: "Keep", MULLIGAN: "Mulligan", NO_DIFFERENCE: "No real difference"}[self.verdict]
        if c.turn is None:
            return f"{verdict}: neither this hand nor a mulligan wins within {self.params.max_turns} turns."
        chance = "beyond chance" if c.share_beyond_chance else "within chance"
        return (
            f"{verdict}: this hand wins by turn {c.turn} in {_percent(c.share_b)} of games, against "
            f"{_percent(c.share_a)} after a mulligan; the difference is {chance}."
        )

    def to_dict(self) -> dict[str, Any]:
        """This order's answer with the hand's: the hand, the game's mulligan in words, what it returns."""
        return {
            "hand": list(self.hand),
            "mulligan": self.procedure,
            "returned": list(self.returned),
            **self.order_dict(),
        }

    def order_dict(self) -> dict[str, Any]:
        """What differs between play orders: the verdict, the odds and the games."""
        c = self.comparison
        return {
            "going": self.going,
            "verdict": self.verdict,
            "sentence": self.sentence,
            "turn": c.turn,
            "share_kept": round(c.share_b, 4),
            "share_mulliganed": round(c.share_a, 4),
            "z": None if c.z is None else round(c.z, 3),
            "odds": [
                {
                    "group": o.label,
                    "cards": [sorted(g.cards) for g in o.groups],
                    "at_least": [g.at_least for g in o.groups],
                    "exact": True,
                    "kept": [float(p) for p in o.keep],
                    "mulliganed": [float(p) for p in o.mulligan],
                }
                for o in self.odds
            ],
            "kept": self.kept.to_dict(),
            "mulliganed": self.mulliganed.to_dict(),
            "assumed": self.params.to_dict(),
        }


def answer(advices: Sequence[Advice]) -> dict[str, Any]:
    """The command's --json and the API's answer for the play orders of `advices` (advise_each): the
    first order's answer at the top, as it was when one order was asked at a time, and each order's
    under `orders`, by its name."""
    return advices[0].to_dict() | {"orders": {a.going: a.order_dict() for a in advices}}


def _percent(share: float) -> str:
    return f"{share:.0%}"  # as the site writes shares: "71%"


def procedure(rules: GameRules) -> str:
    """The game's mulligan, in the player's words."""
    return {
        Mulligan.BOTTOM_ALL: "the whole hand to the bottom of the deck, as many cards drawn",
        Mulligan.SHUFFLE_ALL: "the whole hand shuffled back into the deck, a new hand drawn",
        Mulligan.BOTTOM_ANY: "the cards not kept to the bottom of the deck, as many drawn",
    }[rules.draw_rules.mulligan]


def check_hand(deck: Deck, rules: GameRules, hand: Sequence[str]) -> tuple[str, ...]:
    """The hand as the deck's own card numbers (a number in another case is found), or HandError with
    every problem: each card not in the main deck, each copy beyond those the deck holds (at the place
    of the first one too many), a hand of the wrong size."""
    size = rules.draw_rules_for(deck).opening_hand
    copies: Counter[str] = Counter()
    for card, n in deck.cards_in(rules.main_section):
        copies[card.number] += n
    by_upper = {number.upper(): number for number in copies}
    problems: list[tuple[str, str]] = []
    numbers = []
    seen: Counter[str] = Counter()
    for place, given in enumerate(hand):
        number = by_upper.get(given.strip().upper())
        if number is None:
            problems.append((f"hand.{place}", f"{given.strip()} is not in the main deck."))
            continue
        numbers.append(number)
        seen[number] += 1
        if seen[number] == copies[number] + 1:
            n = sum(1 for g in hand if by_upper.get(g.strip().upper()) == number)
            problems.append(
                (
                    f"hand.{place}",
                    f"The hand holds {n} copies of {number} ({deck.cards[number].name}); the deck has "
                    f"{copies[number]}.",
                )
            )
    if len(hand) != size:
        problems.append(("hand", f"An opening hand of this deck holds {size} cards, not {len(hand)}."))
    if problems:
        raise HandError(problems)
    return tuple(numbers)


def advise(
    deck: Deck,
    rules: GameRules,
    hand: Sequence[str],
    *,
    groups: Mapping[str, Group] | None = None,
    going: str = "first",
    kept: Sequence[str] = (),
    turns: int = DEFAULT_TURNS,
    games: int = DEFAULT_GAMES,
    seed: int = 0,
    params: GoldfishParams | None = None,
) -> Advice:
    """Keep `hand` or mulligan it, for one play order.

    `groups` are the odds panel's, by label ("A", "B", "C"); `kept` names the cards GBF's partial redraw
    keeps (ignored elsewhere: the other mulligans take the whole hand). `params`, the opponent and the
    autopilot, default to the simulator's defaults, the deck's default run's; they are played going
    `going`. Raises HandError for a hand the deck cannot deal, and the simulator's GoldfishParamError /
    GoldfishDeckError.
    """
    numbers = check_hand(deck, rules, hand)
    groups = dict(groups or {})
    draw = rules.draw_rules_for(deck)
    keep_names = _kept_names(numbers, kept) if draw.mulligan is Mulligan.BOTTOM_ANY else set()
    returned = tuple(n for n in numbers if n.upper() not in keep_names)
    going_first = going == "first"
    odds = [
        _odds(deck, rules, label, (g,), numbers, returned, turns, going_first) for label, g in groups.items()
    ]
    if len(groups) > 1:
        odds.append(_odds(deck, rules, "all", tuple(groups.values()), numbers, returned, turns, going_first))
    sim = get_simulator(rules.id)
    params = sim.params(going=going) if params is None else replace(params, going=going)
    sim.check(deck, params)
    kept_numbers = tuple(sorted({n for n in numbers if n not in returned}))
    keep_run = sim.run(deck, games, seed, replace(params, opening=Opening(numbers)))
    mull_run = sim.run(deck, games, seed, replace(params, opening=Opening(numbers, True, kept_numbers)))
    return Advice(
        hand=numbers,
        returned=returned,
        going=going,
        procedure=procedure(rules),
        odds=tuple(odds),
        kept=keep_run,
        mulliganed=mull_run,
        # The mulliganed games' median kill turn; the kept games' when a mulligan never wins.
        comparison=compare(mull_run, keep_run, mull_run.percentile(0.5) or keep_run.percentile(0.5)),
        params=sim.in_force(deck, params),
    )


def _kept_names(hand: Sequence[str], kept: Sequence[str]) -> set[str]:
    """The card numbers of `kept`, found in any case, or HandError naming each one the hand does not hold:
    keeping a card the hand lacks is a mistyped number, and ignoring it would send the whole hand back."""
    in_hand = {n.upper() for n in hand}
    problems = [
        (f"keep.{place}", f"{given.strip()} is not in the hand.")
        for place, given in enumerate(kept)
        if given.strip().upper() not in in_hand
    ]
    if problems:
        raise HandError(problems)
    return {k.strip().upper() for k in kept}


def advise_each(
    deck: Deck, rules: GameRules, hand: Sequence[str], goings: Sequence[str] = GOING, **options: Any
) -> tuple[Advice, ...]:
    """`advise` for each play order of `goings` in turn (by default both, as the deck's default goldfish
    run plays them), with the same `options`: each order's answer is the one asked for that order alone,
    seed and all."""
    return tuple(advise(deck, rules, hand, going=going, **options) for going in dict.fromkeys(goings))


def _odds(
    deck: Deck,
    rules: GameRules,
    label: str,
    groups: tuple[Group, ...],
    hand: tuple[str, ...],
    returned: tuple[str, ...],
    turns: int,
    going_first: bool,
) -> GroupOdds:
    keep = exact_with_hand(deck, rules, groups, hand, (), turns, going_first)
    if rules.draw_rules_for(deck).mulligan is Mulligan.SHUFFLE_ALL:
        # The hand goes back and the deck is shuffled: the new hand is a fresh one, and is kept.
        after = exact_probabilities(deck, rules, groups, turns, going_first)
    else:
        after = exact_with_hand(deck, rules, groups, hand, returned, turns, going_first)
    return GroupOdds(label, groups, tuple(keep), tuple(after))
