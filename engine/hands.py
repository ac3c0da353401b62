"""A sample hand: the opening hand, the game's own mulligan, and the draws of the next turns.

Pure Python over engine dataclasses and a random.Random passed in, so a hand is replayed from its seed
and the choices made (mulligan or not, which cards went back, how many turns drawn). The page keeps that
state in its query string and never stores a hand.

Each game's procedure comes from its `draw_rules` (engine/games): FFTCG puts the whole hand under the
deck and draws 5 (8.2.1.4), DBS FW and Fire Force shuffle the hand back and draw again (6-2-1-8-1,
404.1d), GBF puts any chosen cards under the deck and draws as many (5-2-1-5-1/2). Cards set aside after
the mulligan (life, armor) and each turn (GBF's crystal) come off the top and are shown apart.
"""

from __future__ import annotations

import random
from collections.abc import Collection
from dataclasses import dataclass, field

import engine
from engine.games.base import GameRules, Mulligan


@dataclass
class SampleHand:
    hand: list[engine.Card]
    set_aside: list[engine.Card] = field(default_factory=list)  # life, armor and crystals, in order
    drawn_by_turn: list[int] = field(default_factory=list)  # cards drawn on own turn 1, 2, ...
    mulliganed: bool = False
    returned: int = 0  # cards put back by the mulligan
    left: int = 0  # cards still in the deck

    @property
    def turn(self) -> int:
        return len(self.drawn_by_turn)

    @property
    def opening_count(self) -> int:
        """How many cards of `hand` are the opening hand (after the mulligan); the rest were drawn later."""
        return len(self.hand) - sum(self.drawn_by_turn)


def deal(
    deck: engine.Deck,
    rules: GameRules,
    rng: random.Random,
    *,
    mulligan: bool = False,
    keep: Collection[int] | None = None,
    turns: int = 0,
    going_first: bool = True,
) -> SampleHand:
    """Shuffle the main deck, draw the opening hand, mulligan if asked, then draw `turns` own turns.

    `mulligan` redraws the whole hand (FFTCG, DBS FW, Fire Force). In GBF the mulligan is partial:
    `keep` holds the positions (0-based) of the opening hand's cards that stay; the others go under the
    deck and as many are drawn. Positions outside the hand are ignored.
    """
    draw = rules.draw_rules_for(deck)
    library = deck.pool(rules.main_section)
    rng.shuffle(library)
    size = draw.opening_hand
    hand, library = library[:size], library[size:]
    result = SampleHand(hand=hand)
    if draw.mulligan is Mulligan.BOTTOM_ANY and keep is not None:
        kept = [card for i, card in enumerate(hand) if i in keep]
        back = [card for i, card in enumerate(hand) if i not in keep]
        library = library + back  # under the deck, in the order they had
        new, library = library[: len(back)], library[len(back) :]
        result.hand, result.mulliganed, result.returned = kept + new, bool(back), len(back)
    elif mulligan and draw.mulligan is Mulligan.BOTTOM_ALL:
        library = library + hand
        result.hand, library = library[:size], library[size:]
        result.mulliganed, result.returned = True, len(hand)
    elif mulligan and draw.mulligan is Mulligan.SHUFFLE_ALL:
        library = library + hand
        rng.shuffle(library)
        result.hand, library = library[:size], library[size:]
        result.mulliganed, result.returned = True, len(hand)
    aside = draw.set_aside_after_mulligan
    result.set_aside, library = library[:aside], library[aside:]
    for turn in range(1, turns + 1):
        n = draw.draws_on_turn(turn, going_first)
        result.hand += library[:n]
        result.drawn_by_turn.append(len(library[:n]))
        library = library[n:]
        crystal = draw.set_aside_per_turn
        result.set_aside += library[:crystal]
        library = library[crystal:]
    result.left = len(library)
    return result
