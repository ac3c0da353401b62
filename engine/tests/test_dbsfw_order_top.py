"""DBS FW: the top cards of the deck looked at and placed at its top or bottom in any order ("Look at 3 cards
from the top of your deck and place them at the top or bottom of your deck in any order.", also before a
draw, "Then, draw 1 card.", and after life cards into the hand), the autopilot's order: the cards it uses on
the top, the one the plan values most first, the others at the bottom. Games on stacked decks worked out by
hand from docs/rules/dbsfw.md, in both play orders.

Every deck: the Leader (red, 15000), the card under test on top, then Fillers (Battle cards of cost 9, 0
power) for the rest of the opening hand (5), the life (8) and the turn-1 draw (1); the 16th to 18th cards
are the ones looked at; Fillers under them to 50. Junk is an Extra without text, which the goldfish never
uses (`play_extras` off); Big a Battle card of cost 2 and 20000 power. No redraw; a card is charged every
turn (a Filler, the card least castable); the second player has an energy marker (6-2-1-10). Both players
draw on their turn 1.
"""

from __future__ import annotations

import pytest

from engine import Card, Deck, DeckEntry
from engine.goldfish import get_simulator
from engine.played_text import PLAYED, card_parts

SIM = get_simulator("dbsfw")
LEADER = Card("TL-001", "Test Leader", "leader", ("red",), power=15000)
FILLER = Card("TB-099", "Filler", "battle", ("red",), 9, power=0, specified_cost={"red": 1})
BIG = Card("TB-002", "Big", "battle", ("red",), 2, power=20000, specified_cost={"red": 1})
JUNK = Card("TX-051", "Junk", "extra", ("red",), 1, specified_cost={"red": 1})


def play(first: Card, looked: list[Card], going: str, effects: bool = True) -> tuple[dict, list[str]]:
    """One game until own turn 2 against a 15000 guard: `first` on top, 14 Fillers, the `looked` cards,
    Fillers to 50. Returns the final zones and the log lines."""
    order = [first.number] + [FILLER.number] * 14 + [c.number for c in looked]
    order += [FILLER.number] * (50 - len(order))
    counts: dict[str, int] = {}
    for number in order:
        counts[number] = counts.get(number, 0) + 1
    pool = {c.number: c for c in (first, *looked, FILLER, LEADER)}
    main = tuple(DeckEntry(n, k) for n, k in counts.items())
    deck = Deck("dbsfw", "standard", {"leader": (DeckEntry(LEADER.number, 1),), "main": main}, pool)
    policy = {"charge_rule": "always", "mulligan_rule": "never", "card_effects": effects}
    params = SIM.params(going=going, policy=policy, opponent={"opp_leader_power": 15000}, max_turns=2)
    log = SIM.play_stacked(deck, params, order)
    return log.final, [e.text for e in log.events]


ON_PLAY = (
    "[On Play] Look at 3 cards from the top of your deck and place them at the top or bottom of your deck in"
    " any order."
)
ON_PLAY_JA = "【登場時】自分のデッキの上から3枚を見て、好きな順番でデッキの上か下に置く。"


def seer(text: str) -> Card:
    return Card("TB-001", "Seer", "battle", ("red",), 1, power=0, specified_cost={"red": 1}, text=text)


@pytest.mark.parametrize("text", [ON_PLAY, ON_PLAY_JA])
def test_the_card_it_uses_goes_on_the_top_the_others_at_the_bottom(text) -> None:
    looked = [JUNK, JUNK, BIG]
    # Going first, turn 1: a Filler charged (energy 1) pays Seer; it looks at Junk, Junk, Big: Big on the
    # top, both Junk at the bottom. Turn 2: Big drawn, a Filler charged (energy 2) pays Big; Big (20000)
    # and the Leader (15000) hit the 15000 guard: 8 - 2 = 6 (the Leader does not attack on turn 1,
    # 7-3-4-3-1). The deck: 50 - 6 - 8 - 2 draws = 34, nothing leaves it by the look.
    final, events = play(seer(text), looked, "first")
    assert "Seer (TB-001): order the top cards, 1 kept on the top, the others at the bottom" in events
    assert (final["opp_life"], final["deck"]) == (6, 34)
    # Without card text: Junk drawn on turn 2, no Big; only the Leader hits: 7.
    assert play(seer(text), looked, "first", effects=False)[0]["opp_life"] == 7
    # Going second, turn 1: a Filler charged pays Seer (the marker is left), Big on the top; the Leader
    # hits: 7. Turn 2: Big drawn, a Filler charged (energy 2) pays Big; Big and the Leader hit: 5.
    final, events = play(seer(text), looked, "second")
    assert "Seer (TB-001): order the top cards, 1 kept on the top, the others at the bottom" in events
    assert (final["opp_life"], final["deck"]) == (5, 34)
    assert play(seer(text), looked, "second", effects=False)[0]["opp_life"] == 6


def test_the_card_valued_most_first_and_none_at_the_bottom_when_it_uses_them_all() -> None:
    # Filler (cost 9) is valued above Big (cost 2: the plan values cost first), so the order is Filler,
    # Filler, Big; no Junk among them: all three kept. Going first, turn 2 draws a Filler, not Big: only
    # the Leader hits: 7.
    final, events = play(seer(ON_PLAY), [BIG, FILLER, FILLER], "first")
    assert "Seer (TB-001): order the top cards, 3 kept on the top, the others at the bottom" in events
    assert final["opp_life"] == 7


THEN_DRAW = (
    "[Activate Main] Look at 3 cards from the top of your deck and place them at the top or bottom of your"
    " deck in any order. Then, draw 1 card."
)
THEN_DRAW_JA = (
    "【起動 メイン】自分のデッキの上から3枚を見て、好きな順番でデッキの上か下に置く。"
    "その後、カード1枚を引く。"
)


def glimpse(text: str) -> Card:
    return Card("TX-050", "Glimpse", "extra", ("red",), 1, specified_cost={"red": 1}, text=text)


@pytest.mark.parametrize("text", [THEN_DRAW, THEN_DRAW_JA])
def test_an_extra_orders_the_top_cards_then_draws_the_first(text) -> None:
    looked = [JUNK, JUNK, BIG]
    # Going first, turn 1: a Filler charged pays Glimpse; Big on the top, then drawn. Turn 2: a Filler drawn
    # and a Filler charged (energy 2) pays Big; Big and the Leader hit: 6.
    final, events = play(glimpse(text), looked, "first")
    assert "Glimpse (TX-050): draw Big (TB-002)" in events
    assert final["opp_life"] == 6
    # The draw alone draws Junk on turn 1 and Junk on turn 2: no Big, the Leader hits: 7.
    assert play(glimpse("[Activate Main] Draw 1 card."), looked, "first")[0]["opp_life"] == 7
    # Going second, turn 1: Glimpse paid by the charged Filler, Big drawn (the marker alone cannot pay it);
    # the Leader hits: 7. Turn 2: energy 2 pays Big; Big and the Leader hit: 5. The draw alone: 6.
    assert play(glimpse(text), looked, "second")[0]["opp_life"] == 5
    assert play(glimpse("[Activate Main] Draw 1 card."), looked, "second")[0]["opp_life"] == 6


AFTER_LIFE = (
    "[On Play] Add 1 card from your life to your hand. Then, look at the top card of your deck and place it"
    " at the top or bottom of its owner's deck."
)
AFTER_LIFE_JA = (
    "【登場時】自分のライフ1枚を手札に加える。その後、"
    "自分のデッキの上から1枚を見て、そのカードをデッキの上か下に置く。"
)


@pytest.mark.parametrize("text", [AFTER_LIFE, AFTER_LIFE_JA])
def test_life_into_the_hand_then_the_top_card(text) -> None:
    # Going first, turn 1: Seer takes a life card (life 7) and looks at the 16th card, Junk: to the bottom.
    # Turn 2 draws the 17th, Big; energy 2 pays Big; Big and the Leader hit: 6.
    final, events = play(seer(text), [JUNK, BIG], "first")
    assert "Seer (TB-001): order the top cards, 0 kept on the top, the others at the bottom" in events
    assert (final["opp_life"], final["life"]) == (6, 7)
    # Going second, turn 1 draws the 15th card (a Filler); the look puts Junk at the bottom; turn 2 draws
    # Big: Leader (both turns) and Big hit: 5.
    assert play(seer(text), [JUNK, BIG], "second")[0]["opp_life"] == 5


def test_read_and_reported_played() -> None:
    for card in (seer(ON_PLAY), glimpse(THEN_DRAW), seer(AFTER_LIFE)):
        assert [p.status for p in card_parts("dbsfw", card, SIM.params().policy)] == [PLAYED]
