"""DBS FW Battle cards played from the hand when a card is itself used in a combo from the Battle Area
("[Auto] When this card is used in a combo from the Battle Area, play up to 1 <Sigma> with a cost of 2 from
your hand."): at that combo's checkpoint (5-6-3-3) the card played enters the Battle Area active (3-6-3)
and attacks after the battle. Games on stacked decks worked out by hand from docs/rules/dbsfw.md, in both
play orders.

Every deck: the Leader (red, 10000 power), the cards named in each test, then Fillers (red Battle cards of
cost 9, 0 power, no combo). No redraw; a card is charged every turn, a Filler while there is one. Either
player has 7 cards on its turn 1 (the first player draws then too); the second player starts with an energy
marker (6-2-1-10). Sigma's specified cost is blue, a colour no card of the deck has and no marker pays (a
marker pays only the Leader's colours, 1-11-2), so only the text plays it.
"""

from __future__ import annotations

import pytest

from engine import Card
from engine.goldfish import get_simulator
from engine.played_text import PLAYED, UNPLAYED, card_parts
from engine.tests import test_dbsfw_combo_draw as combo_draw

SIM = get_simulator("dbsfw")
PLAYS = (
    "[Auto] When this card is used in a combo from the Battle Area, play up to 1 <Sigma> with a cost of 2"
    " from your hand."
)
PLAYS_JA = (
    "【自動】バトルエリアからこのカードでコンボした時、自分の手札のコスト2の「Sigma」1枚までを登場させる。"
)


def rook(text: str) -> Card:
    return Card(
        "TB-001", "Rook", "battle", ("red",), 1, power=5000, specified_cost={"red": 1}, combo_power=5000,
        text=text,
    )  # fmt: skip


def sigma(text: str = "") -> Card:
    return Card("TB-002", "Sigma", "battle", ("red",), 2, power=20000, specified_cost={"blue": 1}, text=text)


def play(cards: list[Card], going: str, effects: bool = True) -> tuple[dict, list[str]]:
    """One game against a 15000 guard with a 10000 Leader (test_dbsfw_combo_draw's `play`)."""
    return combo_draw.play(cards, going, 10000, 15000, effects)


@pytest.mark.parametrize("going", ["second", "first"])
@pytest.mark.parametrize("text", [PLAYS, PLAYS_JA])
def test_a_card_used_in_a_combo_from_the_battle_area_plays_one_that_attacks_after_the_battle(
    going, text
) -> None:
    cards = [rook(text), sigma()]
    # Hand: Rook, Sigma, 4 Fillers, and the turn's draw, a Filler. Going second, turn 1: a Filler charged (red
    # energy 1, the marker kept) pays Rook; Sigma cannot be paid: hand Sigma + 4 Fillers. Going first:
    # turn 1 the same, no attacks; turn 2 draws a Filler and charges one: hand Sigma + 4 Fillers again. The
    # attacks, a 15000 guard: the Leader (10000) first, 5000 short; no card of the hand can combo (Sigma has
    # no combo power), so Rook (5000, too weak to hit) from the Battle Area: 15000, a hit, 7. Rook's
    # checkpoint plays Sigma from the hand, active; Rook is gone; Sigma (20000) attacks after the battle: a
    # hit, 6. Hand 4 Fillers, the Battle Area Sigma, the drop area Rook.
    final, events = play(cards, going)
    assert events.count("Rook (TB-001): play Sigma (TB-002) from the hand") == 1
    assert events.count("Sigma (TB-002) attacks with power 20000") == 1
    assert (final["opp_life"], final["hand"], final["battle"], final["drop"]) == (6, 4, 1, 1)
    # Without the text: the Leader's hit with Rook alone; Sigma stays in the hand (5 cards), no Battle card.
    final, events = play(cards, going, effects=False)
    assert (final["opp_life"], final["hand"], final["battle"], final["drop"]) == (7, 5, 0, 1)


@pytest.mark.parametrize("going", ["second", "first"])
def test_a_card_whose_on_play_the_goldfish_plays_is_not_played_in_a_battle(going) -> None:
    # The same game with Sigma drawing a card On Play: "up to 1" lets the player leave it in the hand, as the
    # goldfish resolves On Play text only in the main phase. The Leader's hit with Rook, 7; hand 5.
    cards = [rook(PLAYS), sigma("[On Play] Draw 1 card.")]
    final, events = play(cards, going)
    assert not [e for e in events if "play Sigma" in e]
    assert (final["opp_life"], final["hand"], final["battle"], final["drop"]) == (7, 5, 0, 1)


@pytest.mark.parametrize(
    ("text", "status"),
    [
        (PLAYS, PLAYED),
        (PLAYS_JA, PLAYED),
        # a play on a condition, and one after which no Battle card may be played
        (
            PLAYS.replace("the Battle Area, play", "the Battle Area, if your Leader is awakened, play"),
            UNPLAYED,
        ),
        (PLAYS + " Then, you can't play Battle Cards for the turn.", UNPLAYED),
        # the same from the drop area, which the goldfish does not play in a battle
        (PLAYS.replace("your hand", "your Drop"), UNPLAYED),
    ],
)
def test_the_text_report_names_the_combo_plays_played(text, status) -> None:
    assert [p.status for p in card_parts("dbsfw", rook(text), SIM.params().policy)] == [status]
