"""DBS FW: a look at the top cards, then a Battle card by its name played from the hand for free ("... Place
the rest at the bottom of their owner's deck in a random order, then play up to 1 <Egg> from your hand.",
"... . Then, play up to 1 <Egg> with a cost of 2 from your hand."), after a life card into the hand or not:
games on stacked decks worked out by hand from docs/rules/dbsfw.md, in both play orders (the deck and the
policy of engine/tests/test_dbsfw_order_top.py: the card under test on top, 14 Fillers, then the cards
named, Fillers to 50; a 15000 guard, until own turn 2).
"""

from __future__ import annotations

import pytest

from engine import Card
from engine.played_text import PLAYED, card_parts
from engine.tests.test_dbsfw_order_top import FILLER, SIM, play

EGG = Card("TB-002", "Egg", "battle", ("red",), 2, power=20000, specified_cost={"red": 1})
LOOK = (
    "{life}look at 10 cards from the top of your deck, reveal up to 1 <Egg> and add it to your hand. Place"
    " the rest at the bottom of their owner's deck in a random order{then} play up to 1 <Egg>{cost} from your"
    " hand."
)
WITH_LIFE = "[On Play] " + LOOK.format(
    life="Add 1 card from your life to your hand. Then, ", then=", then", cost=""
)
WITH_LIFE_JA = (
    "【登場時】自分のライフ1枚を手札に加える。その後、自分のデッキの上から10枚を見て、「Egg」1枚までを公開し、"
    "手札に加える。残りをランダムにデッキの下に置き、自分の手札の「Egg」1枚までを登場させる。"
)
OF_A_COST = "[On Play] L" + LOOK.format(life="", then=". Then,", cost=" with a cost of {n}")[1:]
OF_A_COST_JA = (
    "【登場時】自分のデッキの上から10枚を見て、「Egg」1枚までを公開し、手札に加える。"
    "残りをランダムにデッキの下に置く。その後、自分の手札のコスト{n}の「Egg」1枚までを登場させる。"
)


def summoner(text: str) -> Card:
    return Card("TB-001", "Summoner", "battle", ("red",), 1, power=0, specified_cost={"red": 1}, text=text)


LOOKED = [FILLER, FILLER, FILLER, EGG]  # the Egg is the 4th of the 10 cards looked at


@pytest.mark.parametrize(
    ("text", "life"),
    [(WITH_LIFE, 7), (WITH_LIFE_JA, 7), (OF_A_COST.format(n=2), 8), (OF_A_COST_JA.format(n=2), 8)],
)
def test_the_card_found_is_played_from_the_hand(text, life) -> None:
    # Going first, turn 1: a Filler charged pays Summoner; it takes a life card (life 7) if its text says
    # so, finds the Egg among the 10 cards and plays it for free. Turn 2: the Egg (20000) and the Leader
    # (15000) hit the 15000 guard: 8 - 2 = 6.
    final, events = play(summoner(text), LOOKED, "first")
    assert "Summoner (TB-001): play Egg (TB-002) from the hand" in events
    assert (final["opp_life"], final["life"]) == (6, life)
    # Without card text: no Egg, only the Leader hits: 7.
    assert play(summoner(text), LOOKED, "first", effects=False)[0]["opp_life"] == 7
    # Going second, turn 1: the Egg played at once attacks with the Leader: 8 - 2 = 6; turn 2 both again: 4.
    assert play(summoner(text), LOOKED, "second")[0]["opp_life"] == 4
    assert play(summoner(text), LOOKED, "second", effects=False)[0]["opp_life"] == 6


@pytest.mark.parametrize("text", [OF_A_COST.format(n=3), OF_A_COST_JA.format(n=3)])
def test_not_a_card_of_another_cost(text) -> None:
    # The Egg costs 2, not 3: found and kept in the hand, not played; going second, turn 1 the energy (a
    # Filler) is spent on Summoner, the marker alone cannot pay the Egg: the Leader hits, 7. Turn 2: a
    # Filler charged (energy 2) and the marker pay the Egg; the Egg and the Leader hit: 5.
    final, events = play(summoner(text), LOOKED, "second")
    assert "Summoner (TB-001): play Egg (TB-002) from the hand" not in events
    assert final["opp_life"] == 5


def test_read_and_reported_played() -> None:
    for text in (WITH_LIFE, OF_A_COST.format(n=2)):
        assert [p.status for p in card_parts("dbsfw", summoner(text), SIM.params().policy)] == [PLAYED]
