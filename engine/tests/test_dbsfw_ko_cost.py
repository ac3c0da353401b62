"""DBS FW: a skill whose cost KOs one of your Battle Cards ("[Activate Main] KO 1 of your <Sapling>
Battle Cards : Draw 2 cards.", 「【起動 メイン】自分の「X」のバトルカード1枚をKOする：カード2枚を引く。」,
"[On Play] KO 1 of your Battle Cards : ..."): games on stacked decks worked out by hand from
docs/rules/dbsfw.md, in both play orders.

Every deck: the Leader (red, 15000), the cards named on top in this order (the opening hand of 6 and the
draws), then Fillers (Battle cards of cost 9, 0 power) to 50. Sapling is a Battle card of cost 1 and 5000
power, short of the opponent's 15000 guard: the autopilot pays a KO cost with it. No redraw; a Filler is
charged every turn; the second player has an energy marker (6-2-1-10); both draw on their turn 1. Two turns.
"""

from __future__ import annotations

import pytest

from engine import Card
from engine.effects import CardFilter, Effect, read_effects
from engine.errors import DeckFileError
from engine.played_text import PLAYED, card_parts
from engine.tests.test_dbsfw_drop_energy import SIM, play

SAPLING = Card("TB-001", "Sapling", "battle", ("red",), 1, power=5000, specified_cost={"red": 1})
BOOM = "[Activate Main] KO 1 of your <Sapling> Battle Cards : Draw 2 cards."
BOOM_JA = "【起動 メイン】自分の「Sapling」のバトルカード1枚をKOする：カード2枚を引く。"
KO_PAID = "Boom (TE-001): KO Sapling (TB-001) for its cost"


def boom(text: str = BOOM) -> Card:
    return Card("TE-001", "Boom", "extra", ("red",), 1, specified_cost={"red": 1}, text=text)


@pytest.mark.parametrize("going", ["first", "second"])
@pytest.mark.parametrize("text", [BOOM, BOOM_JA])
def test_an_extra_kos_a_battle_card_short_of_the_guard_to_draw(text: str, going: str) -> None:
    # Opening hand: Sapling, Boom, 4 Fillers; turn 1 draws a Filler (7), a Filler charged (6). Turn 1: the
    # Battle Area is empty at the start of the turn, so no card could pay Boom's cost and the plan leaves it:
    # Sapling (cost 1) is played (5 in the hand). Turn 2: a Filler drawn (6) and charged (5), energy 2;
    # Sapling (5000 < the 15000 guard) may pay, so the plan uses Boom (cost 1; the Fillers cost 9): Sapling
    # is KO'd into the drop area and 2 cards are drawn (4 + 2 = 6). Battle Area empty, drop area Sapling
    # and Boom.
    final, events = play([SAPLING, boom(text)], going)
    assert events.count(KO_PAID) == 1
    assert (final["hand"], final["battle"], final["drop"], final["energy"]) == (6, 0, 2, 2)
    # Without card text Boom is never used: turn 2 plays nothing, Sapling stays (hand 5 + Boom = 5).
    final, events = play([SAPLING, boom(text)], going, effects=False)
    assert KO_PAID not in events
    assert (final["hand"], final["battle"], final["drop"]) == (5, 1, 0)


@pytest.mark.parametrize("going", ["first", "second"])
def test_never_a_card_that_reaches_the_guard_nor_one_with_a_when_kod_skill(going: str) -> None:
    # The same games with Sapling at 15000 power (it reaches the guard: it attacks on its own) or with a
    # [When KO'd] skill: no card may pay Boom's cost, so the plan never uses it and Sapling stays.
    strong = Card("TB-001", "Sapling", "battle", ("red",), 1, power=15000, specified_cost={"red": 1})
    kod = Card(
        "TB-001", "Sapling", "battle", ("red",), 1, power=5000, specified_cost={"red": 1},
        text="[When KO'd] Draw 1 card.",
    )  # fmt: skip
    for sapling in (strong, kod):
        final, events = play([sapling, boom()], going)
        assert KO_PAID not in events
        assert (final["hand"], final["battle"], final["drop"]) == (5, 1, 0)


ON_PLAY = "[On Play] KO 1 of your Battle Cards : Draw 2 cards."


@pytest.mark.parametrize("going", ["first", "second"])
def test_an_on_play_kos_another_battle_card_or_does_nothing(going: str) -> None:
    # Bomber (cost 1, 5000) KOs one of your Battle Cards On Play to draw 2, never itself. Opening hand:
    # Bomber, Sapling, 4 Fillers; turn 1 a Filler drawn (7) and charged (6).
    # Going second, turn 1 (energy 1 and the marker): Bomber and Sapling enter (4), then Bomber's On Play
    # resolves, Battle cards in the hand's order: it KOs Sapling, the one other card, and draws 2 (6). Turn
    # 2: a Filler drawn (7) and charged (6), nothing else castable. Battle Area: Bomber; drop area: Sapling.
    # Going first, turn 1 (energy 1): one card, Bomber (its text is worth more than Sapling's power): the
    # Battle Area holds no other card, so its cost is not paid and it draws nothing (5). Turn 2: a Filler
    # drawn (6) and charged (5), Sapling played (4), which has no text. Battle Area: Bomber, Sapling.
    bomber = Card(
        "TB-002", "Bomber", "battle", ("red",), 1, power=5000, specified_cost={"red": 1}, text=ON_PLAY
    )
    final, events = play([bomber, SAPLING], going)
    paid = [e for e in events if e.startswith("Bomber (TB-002): KO")]
    if going == "second":
        assert paid == ["Bomber (TB-002): KO Sapling (TB-001) for its cost"]
        assert (final["hand"], final["battle"], final["drop"]) == (6, 1, 1)
    else:
        assert paid == []
        assert (final["hand"], final["battle"], final["drop"]) == (4, 2, 0)
    # Two Bombers and Sapling, going second: turn 1 (energy 1 and the marker) plays the two Bombers (their
    # text is worth more than Sapling's power; hand 7 - 1 - 2 = 4) and neither KOs the other, a copy of
    # itself: nothing is drawn. Turn 2: a Filler drawn (5) and charged (4), Sapling played (3).
    final, events = play([bomber, bomber, SAPLING], "second")
    assert (final["hand"], final["battle"], final["drop"]) == (3, 3, 0)
    assert [e for e in events if e.startswith("Bomber (TB-002): KO")] == []


def test_read_and_reported_played() -> None:
    assert [p.status for p in card_parts("dbsfw", boom(), SIM.params().policy)] == [PLAYED]
    data = [
        {"when": "cast", "do": "ko", "n": 1, "filter": {"type": "battle", "name": "Sapling"}, "paid": True},
        {"when": "cast", "do": "draw", "n": 2},
    ]
    effects = read_effects("card TE-001", data)
    assert effects[0] == Effect("cast", "ko", 1, CardFilter(type="battle", name="Sapling"), paid=True)
    assert [e.to_dict() for e in effects] == data
    with pytest.raises(DeckFileError, match="the last two need it"):
        read_effects("card TE-001", [dict(data[0], paid=False)])
