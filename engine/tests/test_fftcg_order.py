"""FFTCG: the top cards looked at on entering and put back on the top and/or at the bottom in the order the
autopilot chooses ("look at the top 2 cards of your deck. Return these to the top and/or bottom of your deck
in any order.": engine/readers/fftcg.py `_ORDER`, an `order` effect; engine/goldfish/fftcg.py
`_order_top`), in games worked out by hand on stacked decks, both play orders.

The games (as engine/tests/test_fftcg_reveal.py's): Oracle (Fire Forward, 2) with the text, Flare (Fire
Summon, 2: fuel, never cast, §11.5), Grunt (Fire Forward, 2), Titan (Fire Forward, 5, multi-playable) and
Mog (Fire Forward, 1, Haste). Turn 1 holds Grunt, Flare and Titans (4 going first, 5 going second, after
the turn's draws): the plan casts Grunt and a Titan, paid by discarding Flare and 3 Titans. Turn 2 draws
Oracle and a Titan; Oracle is cast by discarding a Titan and its text looks at the 2 cards right under turn
2's draws, which turn 3 draws (2 cards, either play order) unless the look sends them to the bottom; under
them lie 2 Grunts, then Titans.

The order (docs/deck-file.md): the cards the autopilot would cast (keep-value above 0) on the top, the
highest keep-value first (a Haste Forward, 400 + 50 - cost, over a Forward without, 200 + 50 - cost); a
Summon (keep-value 0: never cast) or a card whose name is on the field (7.7.3) to the bottom.
"""

from __future__ import annotations

import pytest

from engine import Card, Deck, DeckEntry
from engine.effects import Effect, describe
from engine.goldfish.fftcg import compile_deck
from engine.goldfish.fftcg_kinds import F_ENTER_ORDER, F_TEXT
from engine.played_text import card_parts
from engine.readers import read_text
from engine.tests.test_fftcg_effects import SIM

ORACLE, FLARE, GRUNT, TITAN, MOG = "T9-001", "T9-002", "T9-003", "T9-004", "T9-005"
NAMES = {ORACLE: "Oracle", FLARE: "Flare", GRUNT: "Grunt", TITAN: "Titan", MOG: "Mog"}
ORDER = (
    "When Oracle enters the field, look at the top 2 cards of your deck. Return these to the top and/or"
    " bottom of your deck in any order."
)


def _cards() -> list[Card]:
    return [
        Card(ORACLE, "Oracle", "forward", ("fire",), 2, text=ORDER),
        Card(FLARE, "Flare", "summon", ("fire",), 2),
        Card(GRUNT, "Grunt", "forward", ("fire",), 2),
        Card(TITAN, "Titan", "forward", ("fire",), 5, keywords=("multi-playable",)),
        Card(MOG, "Mog", "forward", ("fire",), 1, keywords=("haste",)),
    ]


def oracle_game(going: str, looked: list[str], effects: bool = True):
    """The game of 50 cards in the order drawn: turn 1's, Oracle and a Titan, the 2 `looked` at, 2 Grunts,
    then Titans; 3 turns."""
    turn_1 = [GRUNT, FLARE] + [TITAN] * (4 if going == "first" else 5)
    order = turn_1 + [ORACLE, TITAN] + looked + [GRUNT, GRUNT]
    order += [TITAN] * (50 - len(order))
    counts = {n: order.count(n) for n in dict.fromkeys(order)}
    main = tuple(DeckEntry(n, k) for n, k in counts.items())
    deck = Deck("fftcg", "constructed", {"main": main}, {c.number: c for c in _cards() if c.number in counts})
    params = SIM.params(going=going, max_turns=3, policy={"card_effects": effects})
    return SIM.play_stacked(deck, params, order)


def _turn_3_draws(log) -> list[str]:
    return [e.text for e in log.events if e.turn == 3 and e.phase == "draw"]


def _draw(number: str) -> str:
    return f"draw {NAMES[number]} ({number})"


def _looked(kept: int) -> str:
    return f"Oracle ({ORACLE}): look at the top cards, {kept} kept on top, the others to the bottom"


def test_read_described_and_played() -> None:
    reading = read_text("fftcg", ORDER, "Oracle")
    effects = reading.effects
    assert (effects, reading.unread) == ((Effect("enters", "order", 2),), ())
    assert describe(effects[0]) == (
        "when it enters the field, look at the top 2 cards of your deck and put them back on the top and/or"
        " at the bottom in any order"
    )
    card = _cards()[0]
    assert [p.status for p in card_parts("fftcg", card, {})] == ["played"]
    deck = Deck("fftcg", "constructed", {"main": (DeckEntry(ORACLE, 50),)}, {ORACLE: card})
    kf = compile_deck(deck).arrays[2]
    assert (kf[0, F_ENTER_ORDER], kf[0, F_TEXT]) == (2, 1)


def test_a_look_when_attacking_is_read_but_not_played() -> None:
    """Only the look on entering is played; the same words on attacking are read and reported unplayed."""
    text = ORDER.replace("enters the field", "attacks")
    reading = read_text("fftcg", text, "Oracle")
    assert (reading.effects, reading.unread) == ((Effect("attacks", "order", 2),), ())
    card = Card(ORACLE, "Oracle", "forward", ("fire",), 2, text=text)
    assert [p.status for p in card_parts("fftcg", card, {})] == ["unplayed"]


@pytest.mark.parametrize("going", ["first", "second"])
def test_a_castable_card_kept_on_top_a_summon_to_the_bottom(going) -> None:
    """Looked at: Flare, Mog. Mog (a Haste Forward, keep-value 449) stays on top, Flare (a Summon, 0) goes
    to the bottom: turn 3 draws Mog and the first Grunt under them. Without the text it draws Flare, Mog."""
    log = oracle_game(going, [FLARE, MOG])
    assert _looked(1) in [e.text for e in log.events if e.turn == 2]
    assert _turn_3_draws(log) == [_draw(MOG), _draw(GRUNT)]
    assert _turn_3_draws(oracle_game(going, [FLARE, MOG], effects=False)) == [_draw(FLARE), _draw(MOG)]


@pytest.mark.parametrize("going", ["first", "second"])
def test_both_kept_the_highest_keep_value_first(going) -> None:
    """Looked at: Titan (no Haste, cost 5: 245), Mog (Haste, cost 1: 449): both stay on top, Mog first; turn
    3 draws Mog, Titan (without the text Titan, Mog). The deck loses no card to the look."""
    log = oracle_game(going, [TITAN, MOG])
    assert _looked(2) in [e.text for e in log.events if e.turn == 2]
    assert _turn_3_draws(log) == [_draw(MOG), _draw(TITAN)]
    off = oracle_game(going, [TITAN, MOG], effects=False)
    assert _turn_3_draws(off) == [_draw(TITAN), _draw(MOG)]
    assert log.final["deck"] == off.final["deck"]


@pytest.mark.parametrize("going", ["first", "second"])
def test_a_name_on_the_field_and_a_summon_both_to_the_bottom(going) -> None:
    """Looked at: Oracle (its name is on the field: 7.7.3, keep-value 0), Flare (a Summon): both to the
    bottom, in that order; turn 3 draws the 2 Grunts under them (without the text Oracle, Flare)."""
    log = oracle_game(going, [ORACLE, FLARE])
    assert _looked(0) in [e.text for e in log.events if e.turn == 2]
    assert _turn_3_draws(log) == [_draw(GRUNT), _draw(GRUNT)]
    assert _turn_3_draws(oracle_game(going, [ORACLE, FLARE], effects=False)) == [_draw(ORACLE), _draw(FLARE)]
