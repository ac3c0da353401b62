"""Exact draw statistics: the chance of holding cards by each own turn, following each game's mulligan.

The model. The main deck is a uniformly random order of its cards. Everything setup and the turns do takes
cards from the top in an order `DrawRules` fixes: the opening hand, the mulligan, the cards set aside after
it (life, armor), then each own turn the draws and the cards set aside after them (crystals). So without a
mulligan the hand by a turn is the card at a fixed set of positions, a uniform random subset of the deck,
and holding "at least k_i of group i for every i" is a multivariate hypergeometric sum over the categories
group 1..n and "other". With a mulligan the opening hand's composition is enumerated (C(h + n, n) of them
for n groups), the policy decides on each, and each mulligan's own procedure says where the cards go next:

- SHUFFLE_ALL: the new hand is a fresh sample of the whole deck, independent of the first one.
- BOTTOM_ALL / BOTTOM_ANY: the returned cards lie under the rest, in the order they had in the hand (a
  uniformly random order), so the draws use up the other N - h cards before reaching them; the cards
  reached from that bottom block are a uniform subset of the returned ones. Nothing is approximated.

Why exact and not sampled: a 10^5-game Monte Carlo carries about ±0.3 percentage points of noise and costs
milliseconds to seconds; the sums here take microseconds to a few milliseconds and have no noise
(research/performance.md, section 2). Every sum is done in integers and the result is a Fraction, so tests
compare with hand-worked fractions exactly; `probabilities` gives floats.

Conventions:
- Turns are the player's own turns; turn 0 is the opening hand after the mulligan decision, turn t is the
  hand after the draws of own turn t (docs/deck-file.md). Cards never leave the hand: "held" means "drawn into
  the hand by then", whether or not a real player would have played or discarded them.
- Decking out: a draw or a set-aside from an empty deck takes nothing (the player would lose the game,
  which these statistics do not model); the probabilities keep the cards that were drawn.
- A deck smaller than the opening hand deals the whole deck.
"""

from __future__ import annotations

import enum
from collections.abc import Iterable, Iterator, Mapping, Sequence
from dataclasses import dataclass
from fractions import Fraction
from functools import lru_cache
from math import comb, lcm, prod
from operator import mul

from engine.deck import Deck
from engine.games.base import DrawRules, GameRules, Mulligan

# The last own turn the odds are computed for (the command, the API, the page): past it every deck of these
# games has been drawn out, and each further turn only costs time.
MAX_TURNS = 60
# With a mulligan the opening hands are enumerated by composition, whose number grows about threefold
# with every two groups: six groups take a fifth of a second, ten take over two (FFTCG, 60 turns).
MAX_MULLIGAN_GROUPS = 6


@dataclass(frozen=True, slots=True)
class Group:
    """Copies of any of `cards` count together; the group is held when at least `at_least` are in hand."""

    cards: frozenset[str]
    at_least: int = 1

    def __init__(self, cards: Iterable[str], at_least: int = 1) -> None:
        if isinstance(cards, str):
            cards = (cards,)
        if at_least < 0:
            raise ValueError(f"at_least must be 0 or more, not {at_least}.")
        object.__setattr__(self, "cards", frozenset(cards))
        object.__setattr__(self, "at_least", at_least)


def not_in_main(deck: Deck, rules: GameRules, numbers: Iterable[str]) -> list[str]:
    """Those of `numbers` that name no card of the deck's main section, by base number as a group counts
    them (any printing names the card). A group naming one would count 0 copies at every turn: a mistyped
    number, not a question, which the API and the commands refuse instead of answering."""
    in_main = {rules.base_number(card.number) for card, _ in deck.cards_in(rules.main_section)}
    return [number for number in numbers if rules.base_number(number) not in in_main]


class MulliganPolicy(enum.StrEnum):
    NEVER = "never"
    # Mulligan when the opening hand does not hold every group. A whole-hand mulligan returns the whole
    # hand; a partial one (BOTTOM_ANY, GBF) returns every card that belongs to no group, keeping all named
    # cards, even the surplus of a group that is already held (docs/deck-file.md, `drawstats`). When the hand
    # holds every group there is nothing to gain: success is then certain at every turn either way.
    IF_MISSING = "if-missing"


Rules = GameRules | DrawRules
Counts = Deck | Mapping[str, int]


def probabilities(
    deck: Counts,
    rules: Rules,
    groups: Sequence[Group],
    turns: int = 5,
    going_first: bool = True,
    mulligan: MulliganPolicy | str = MulliganPolicy.NEVER,
) -> list[float]:
    """P(every group held) at turns 0..`turns`, as floats. See `exact_probabilities`."""
    return [float(p) for p in exact_probabilities(deck, rules, groups, turns, going_first, mulligan)]


def exact_probabilities(
    deck: Counts,
    rules: Rules,
    groups: Sequence[Group],
    turns: int = 5,
    going_first: bool = True,
    mulligan: MulliganPolicy | str = MulliganPolicy.NEVER,
) -> list[Fraction]:
    """P(the hand holds at least `at_least` of each group) at own turns 0..`turns`, exactly.

    `deck` is a Deck (its main section is drawn from) or a mapping card number -> copies in the main deck.
    `rules` is a game (its `draw_rules`, main section and base numbers) or bare DrawRules. A group may name
    card numbers the deck lacks (they count 0 copies); with a game, a group naming a base number also
    counts that number's other printings. Groups must not share cards. No groups means certainty.
    """
    if turns < 0:
        raise ValueError(f"turns must be 0 or more, not {turns}.")
    if MulliganPolicy(mulligan) is not MulliganPolicy.NEVER and len(groups) > MAX_MULLIGAN_GROUPS:
        raise ValueError(f"With a mulligan, ask about at most {MAX_MULLIGAN_GROUPS} groups at once.")
    draw_rules, counts = _draw_rules_and_counts(deck, rules)
    caps, needs = _categories(counts, groups, rules)
    policy = MulliganPolicy(mulligan)
    return list(_exact(caps, needs, draw_rules, turns, going_first, policy))


def exact_with_hand(
    deck: Counts,
    rules: Rules,
    groups: Sequence[Group],
    hand: Sequence[str],
    returned: Sequence[str] = (),
    turns: int = 5,
    going_first: bool = True,
) -> list[Fraction]:
    """P(every group held) at own turns 0..`turns` when the opening hand is known, exactly.

    `hand` holds card numbers of the main deck (copies repeated); the rest of the deck is a uniformly
    random order. `returned`, a part of the hand in its order, goes under the rest and as many cards are
    drawn from the top (the mulligans to the bottom: FFTCG's whole hand, GBF's any part); nothing returned
    is the hand kept. A mulligan that shuffles the hand back (DBS FW, Fire Force) forgets the hand: that is
    `exact_probabilities` with no mulligan. Then setup and each turn take cards from the top as
    `exact_probabilities` does, and once the draws have used up the rest they reach the returned cards in
    their order, so at each turn the hand is the cards kept, a uniformly random subset of the rest of a
    known size, and the returned ones reached: a hypergeometric sum with the needs lowered by the known
    cards. The rules let the player order the returned cards (FFTCG 8.2.1.4, GBF 5-2-1-5-1 "in any
    order"); the order given is the one used, as the goldfish puts them back in the hand's order.
    """
    if turns < 0:
        raise ValueError(f"turns must be 0 or more, not {turns}.")
    draw_rules, counts = _draw_rules_and_counts(deck, rules)
    rest = dict(counts)
    for number in hand:
        if rest.get(number, 0) < 1:
            raise ValueError(f"The hand holds more copies of {number} than the main deck.")
        rest[number] -= 1
    kept = list(hand)
    for number in returned:
        if number not in kept:
            raise ValueError(f"{number} is returned but is not in the hand.")
        kept.remove(number)
    size = sum(rest.values())
    base = rules.base_number if isinstance(rules, GameRules) else (lambda n: n)
    out = []
    for a, back in _reached(draw_rules, going_first, turns, len(returned), size, len(returned)):
        known = [base(n) for n in (*kept, *(returned[i] for i in back))]
        still = []
        for group in groups:
            named = {base(n) for n in group.cards}
            held = sum(1 for n in known if n in named)
            still.append(Group(group.cards, max(0, group.at_least - held)))
        caps, needs = _categories(rest, still, rules)
        if any(need > cap for cap, need in zip(caps, needs, strict=False)):
            out.append(Fraction(0))
            continue
        out.append(Fraction(_ways(caps, needs, [a])[0], comb(size, a)))
    return out


def card_panel(
    deck: Counts,
    rules: Rules,
    turns: int = 5,
    mulligan: MulliganPolicy | str = MulliganPolicy.NEVER,
) -> dict[str, dict[str, list[float]]]:
    """For each distinct card of the main deck, P(at least 1 copy) at turns 0..`turns`, both play orders.

    `{number: {"first": [p0, p1, ...], "second": [...]}}`, in the deck's order. Cards with the same
    number of copies share one computation (the cache is keyed by counts, not names).
    """
    draw_rules, counts = _draw_rules_and_counts(deck, rules)
    size = sum(counts.values())
    policy = MulliganPolicy(mulligan)
    panel: dict[str, dict[str, list[float]]] = {}
    for number, copies in counts.items():
        caps = (copies, size - copies)
        panel[number] = {
            seat: [float(p) for p in _exact(caps, (1,), draw_rules, turns, first, policy)]
            for seat, first in (("first", True), ("second", False))
        }
    return panel


def clear_cache() -> None:
    """Forget every cached result (benchmarks time cold computations with it)."""
    _exact.cache_clear()
    _tail.cache_clear()
    _factor.cache_clear()
    _comb_row.cache_clear()


# --- Inputs to categories -------------------------------------------------------------------------------


def _draw_rules_and_counts(deck: Counts, rules: Rules) -> tuple[DrawRules, dict[str, int]]:
    draw_rules = rules.draw_rules if isinstance(rules, GameRules) else rules
    if isinstance(deck, Deck):
        if isinstance(rules, GameRules):
            draw_rules = rules.draw_rules_for(deck)
        section = rules.main_section if isinstance(rules, GameRules) else "main"
        counts: dict[str, int] = {}
        for card, n in deck.cards_in(section):
            counts[card.number] = counts.get(card.number, 0) + n
    else:
        counts = dict(deck)
    if any(n < 0 for n in counts.values()):
        raise ValueError("Card counts must be 0 or more.")
    return draw_rules, counts


def _categories(
    counts: Mapping[str, int], groups: Sequence[Group], rules: Rules
) -> tuple[tuple[int, ...], tuple[int, ...]]:
    """Copies per group then "other" (the caps), and the copies needed per group.

    Groups needing 0 are always held and are dropped, so they neither cost time nor trigger a mulligan.
    A group counts a card by its base number: naming one printing (16-015H) counts its foils and
    parallels too, as the copy limits do.
    """
    base = rules.base_number if isinstance(rules, GameRules) else (lambda n: n)
    owner: dict[str, int] = {}
    for i, group in enumerate(groups):
        for number in group.cards:
            key = base(number)
            if key in owner and owner[key] != i:
                raise ValueError(f"Card {number} is in two groups; groups must not share cards.")
            owner[key] = i
    held = [0] * len(groups)
    for number, n in counts.items():
        if (g := owner.get(base(number))) is not None:
            held[g] += n
    kept = [i for i, g in enumerate(groups) if g.at_least > 0]
    size = sum(counts.values())
    caps = tuple(held[i] for i in kept)
    return (*caps, size - sum(caps)), tuple(groups[i].at_least for i in kept)


# --- Which positions reach the hand ----------------------------------------------------------------------


def _hand_split(
    rules: DrawRules, going_first: bool, turns: int, first_take: int, deck_len: int, split: int
) -> list[tuple[int, int]]:
    """For turns 0..T: how many hand cards come from positions [0, split) and [split, deck_len).

    The deck here is the one left after the opening-hand decision; `first_take` cards go to the hand from
    its top (the hand itself, or the mulligan's replacements), then the cards set aside after the mulligan,
    then each turn the draws and the cards set aside after them. Positions past `deck_len` do not exist
    (decking out: nothing more is taken).
    """
    seen: list[tuple[int, int]] = []
    top = a = b = 0

    def take(n: int) -> None:
        nonlocal top, a, b
        lo, hi = min(top, deck_len), min(top + n, deck_len)
        a += max(0, min(hi, split) - lo)
        b += max(0, hi - max(lo, split))
        top += n

    take(first_take)
    top += rules.set_aside_after_mulligan  # life (DBS FW 6-2-1-9, Fire Force 404.1e), armor (GBF 5-2-1-6)
    seen.append((a, b))
    for turn in range(1, turns + 1):
        take(rules.draws_on_turn(turn, going_first))  # the draw phase, with its first-turn exception
        top += rules.set_aside_per_turn  # GBF's crystal, after the draws (6-2-7)
        seen.append((a, b))
    return seen


def _reached(
    rules: DrawRules, going_first: bool, turns: int, first_take: int, rest: int, returned: int
) -> list[tuple[int, tuple[int, ...]]]:
    """For turns 0..T, with `returned` cards under `rest` others: how many of the others are in the hand,
    and which of the returned ones (their places under the rest: a set-aside such as GBF's crystal may
    take one from between two that are drawn). The walk of `_hand_split`, keeping the places."""
    out: list[tuple[int, tuple[int, ...]]] = []
    top = from_rest = 0
    back: list[int] = []

    def take(n: int, into_hand: bool) -> None:
        nonlocal top, from_rest
        for position in range(top, min(top + n, rest + returned)):
            if into_hand and position < rest:
                from_rest += 1
            elif into_hand:
                back.append(position - rest)
        top += n

    take(first_take, True)
    take(rules.set_aside_after_mulligan, False)
    out.append((from_rest, tuple(back)))
    for turn in range(1, turns + 1):
        take(rules.draws_on_turn(turn, going_first), True)
        take(rules.set_aside_per_turn, False)
        out.append((from_rest, tuple(back)))
    return out


# --- Counting ---------------------------------------------------------------------------------------------


@lru_cache(maxsize=4096)
def _tail(caps: tuple[int, ...], needs: tuple[int, ...]) -> tuple[int, ...]:
    """Coefficient j: the ways to choose j cards of the groups with at least needs[i] of group i.

    The generating function prod_i sum_{x >= needs[i]} C(caps[i], x) z^x; "other" cards fill the rest.
    """
    poly: tuple[int, ...] = (1,)
    for cap, need in zip(caps, needs, strict=True):
        factor = _factor(cap, need)
        product = [0] * (len(poly) + cap)
        for i, p in enumerate(poly):
            if p:
                for x in range(need, cap + 1):
                    product[i + x] += p * factor[x]
        poly = tuple(product)
    return poly


@lru_cache(maxsize=1024)
def _factor(cap: int, need: int) -> tuple[int, ...]:
    return tuple(comb(cap, x) if x >= need else 0 for x in range(cap + 1))


def _ways(caps: tuple[int, ...], needs: tuple[int, ...], sizes: Iterable[int]) -> list[int]:
    """For each n in `sizes`: the n-card subsets (of a deck with these category sizes, "other" last) holding
    every group, counted as sum_j tail[j] * C(other, n - j)."""
    tail = _tail(caps[:-1], needs)
    others = _comb_row(caps[-1])
    out = []
    for n in sizes:
        lo, hi = max(0, n - len(others) + 1), min(n, len(tail) - 1)  # j's range, where both exist
        # sum over j in lo..hi of tail[j] * others[n - j]: the others' slice, reversed, lines up with j
        out.append(sum(map(mul, tail[lo : hi + 1], others[n - hi : n - lo + 1][::-1])) if lo <= hi else 0)
    return out


@lru_cache(maxsize=256)
def _comb_row(n: int) -> tuple[int, ...]:
    return tuple(comb(n, x) for x in range(n + 1))


def _compositions(caps: tuple[int, ...], total: int) -> Iterator[tuple[int, ...]]:
    """Every vector y with 0 <= y[i] <= caps[i] summing to `total`."""
    if len(caps) == 1:
        if total <= caps[0]:
            yield (total,)
        return
    rest_max = sum(caps[1:])
    for y in range(max(0, total - rest_max), min(caps[0], total) + 1):
        for tail in _compositions(caps[1:], total - y):
            yield (y, *tail)


@lru_cache(maxsize=1024)
def _exact(
    caps: tuple[int, ...],
    needs: tuple[int, ...],
    rules: DrawRules,
    turns: int,
    going_first: bool,
    policy: MulliganPolicy,
) -> tuple[Fraction, ...]:
    """P(every group held) by turn, for category sizes `caps` (groups then "other") and `needs`."""
    size = sum(caps)
    if any(need > cap for cap, need in zip(caps, needs, strict=False)):
        return (Fraction(0),) * (turns + 1)  # more copies asked for than the deck holds
    if not needs:
        return (Fraction(1),) * (turns + 1)
    hand = min(rules.opening_hand, size)  # the opening hand (FFTCG 8.2.1.3, DBS FW 6-2-1-8, ...)
    if policy is not MulliganPolicy.NEVER and rules.mulligan is not Mulligan.SHUFFLE_ALL:
        return _bottom_mulligan(caps, needs, rules, turns, going_first, hand)
    seen = _hand_split(rules, going_first, turns, hand, size, size)
    sizes = [n for n, _ in seen]
    plain = [Fraction(w, comb(size, n)) for w, n in zip(_ways(caps, needs, sizes), sizes, strict=True)]
    if policy is MulliganPolicy.NEVER:
        return tuple(plain)
    # The whole hand back, shuffle, a new hand (DBS FW 6-2-1-8-1, Fire Force 404.1d): kept hands hold
    # every group for good; a mulligan starts over from an independent sample of the whole deck.
    kept = plain[0]
    return tuple(kept + (1 - kept) * p for p in plain)


def _bottom_mulligan(
    caps: tuple[int, ...],
    needs: tuple[int, ...],
    rules: DrawRules,
    turns: int,
    going_first: bool,
    hand: int,
) -> tuple[Fraction, ...]:
    """The mulligans that put cards under the deck without a shuffle, exactly.

    BOTTOM_ALL (FFTCG 8.2.1.4): the whole hand to the bottom, the next `hand` cards become the hand.
    BOTTOM_ANY (GBF 5-2-1-5-1/2): the cards of no group to the bottom, as many drawn.
    The returned cards keep their order from the hand, a uniformly random order, so when the draws reach
    them the ones reached are a uniform subset of the returned cards.
    """
    size = sum(caps)
    rest_size = size - hand  # the cards under the opening hand, in their shuffled order
    hands = comb(size, hand)
    whole = rules.mulligan is Mulligan.BOTTOM_ALL
    dens = _comb_row(rest_size)
    # Probability numerators grouped by denominator (a few per turn), summed as fractions at the end.
    by_turn: list[dict[int, int]] = [{} for _ in range(turns + 1)]

    def add(t: int, numerator: int, den: int) -> None:
        if numerator:
            by_turn[t][den] = by_turn[t].get(den, 0) + numerator

    # Hands that hold every group are kept, and held at every turn: y >= needs group by group.
    lows = (*needs, 0)
    kept_hands = [
        tuple(x + low for x, low in zip(extra, lows, strict=True))
        for extra in _compositions(
            tuple(c - low for c, low in zip(caps, lows, strict=True)), hand - sum(needs)
        )
    ]
    held_share = sum(_weight(caps, y) for y in kept_hands)
    for t in range(turns + 1):
        add(t, held_share, 1)
    splits: dict[int, list[tuple[int, int]]] = {}
    late: dict[int, list[tuple[int, int, int]]] = {}  # per number returned: the turns reaching them
    # BOTTOM_ALL always returns the whole hand; BOTTOM_ANY returns anything from none to all of it.
    for back in [hand] if whole else range(hand + 1):
        splits[back] = _hand_split(rules, going_first, turns, back, rest_size + back, rest_size)
        late[back] = [(t, a, b) for t, (a, b) in enumerate(splits[back]) if b]
    if whole:
        # Before the returned hand comes back the hand is the `a` cards under the first one, so
        # P(mulligan, then held) = P(those a cards hold every group) - P(keep, and they do); the first term
        # is plain hypergeometric (any a positions are a uniform a-subset), the second needs only the few
        # kept hands, not the many mulligans.
        early = [a for a, b in splits[hand] if b == 0]
        for t, (a, ways) in enumerate(zip(early, _ways(caps, needs, early), strict=True)):
            add(t, ways * hands, comb(size, a))
        for y in kept_hands:
            weight = _weight(caps, y)
            rest = tuple(c - n for c, n in zip(caps, y, strict=True))
            for t, (a, ways) in enumerate(zip(early, _ways(rest, needs, early), strict=True)):
                add(t, -weight * ways, dens[a])
        if not late[hand]:
            return _total(by_turn, hands)
    pooled: dict[tuple[int, int], list[int]] = {}
    for y in _compositions(caps, hand):
        if all(n >= need for n, need in zip(y, needs, strict=False)):
            continue  # kept, counted above
        weight = _weight(caps, y)
        if whole:
            kept = (0,) * len(needs)
            returned = y
        else:
            kept = y[:-1]
            returned = (0,) * len(needs) + (y[-1],)
        back = sum(returned)
        rest = tuple(c - n for c, n in zip(caps, y, strict=True))
        still = tuple(max(0, need - k) for need, k in zip(needs, kept, strict=True))
        if not whole:
            # Turns that reach no returned card (the first ones: b only grows) see a uniform subset of
            # the rest; such hands are pooled by what those turns depend on (the rest's "other" cards and
            # the number returned), adding up their weighted group polynomials.
            tail = _tail(rest[:-1], still)
            pool = pooled.setdefault((rest[-1], back), [])
            if len(pool) < len(tail):
                pool.extend([0] * (len(tail) - len(pool)))
            pool[: len(tail)] = [p + weight * w for p, w in zip(pool, tail, strict=False)]
        for t, a, b in late[back]:
            # b of the returned cards are back in hand: a uniform b-subset z of them.
            ways = 0
            for z in _compositions(returned, b):
                need_z = tuple(max(0, s - n) for s, n in zip(still, z, strict=False))
                ways += _weight(returned, z) * _ways(rest, need_z, [a])[0]
            add(t, weight * ways, dens[a] * comb(back, b))
    for (other, back), pool in pooled.items():
        others = _comb_row(other)
        for t, (a, b) in enumerate(splits[back]):
            if b:
                break
            lo = max(0, a - other)
            add(t, sum(w * others[a - j] for j, w in enumerate(pool[lo : a + 1], lo) if w), dens[a])
    return _total(by_turn, hands)


def _weight(caps: tuple[int, ...], y: tuple[int, ...]) -> int:
    """The ways to pick y[i] of the caps[i] cards of each category."""
    return prod(comb(c, n) for c, n in zip(caps, y, strict=True))


def _total(by_turn: list[dict[int, int]], hands: int) -> tuple[Fraction, ...]:
    """Each turn's sum of numerator/denominator terms, over the `hands` equally likely opening hands
    (summed as integers over the denominators' least common multiple: one Fraction per turn)."""
    out = []
    for nums in by_turn:
        common = lcm(*nums) if nums else 1
        out.append(Fraction(sum(n * (common // d) for d, n in nums.items()), common * hands))
    return tuple(out)
