"""FFTCG: a card's action ability used from the hand, paid in CP and by discarding the card itself, that
draws ("《Ice》, discard Black Mage: Draw 1 card. You can only use this ability if Black Mage is in your
hand."), read (engine/readers/fftcg.py) and played at the end of the turn with idle CP
(engine/goldfish/fftcg.py `_cycle_cards`, the `cycle_spare_cards` policy), games worked by hand in both
play orders.

The deck: 2 Mages (Ice Backups, cost 2, no generic icon: a second one cannot enter beside the first, 7.7.3,
so it is worth nothing to keep), an Ice Clerk (Backup, cost 2), Ice Sparks (Summons: fuel, never cast) and
one Ice Blizzard (a Summon) placed where the cycle's draw takes it. Going first, turn 1 holds 6 cards (5
dealt, 1 drawn), going second 7 (2 drawn); turn 2 draws 2 either way.
"""

from __future__ import annotations

import pytest

from engine import Card, Deck, DeckEntry
from engine.effects import Effect, describe
from engine.goldfish.fftcg import ELEMENTS, K_CYCLE, compile_deck
from engine.goldfish.fftcg_kinds import CYCLE_REQ, F_CYCLE, F_CYCLE_COST
from engine.played_text import card_parts
from engine.readers import read_text
from engine.tests.test_fftcg_effects import SIM

MAGE = "《Ice》, discard Mage: Draw 1 card. You can only use this ability if Mage is in your hand."
KEEP = {"mulligan_rule": "never"}  # the hands hold no Forward
CYCLE = Effect("action", "draw", 1, cp=1, cp_elements=("ice",), self_cost="discard")


def mage_deck(text: str = MAGE) -> Deck:
    mage = Card("T8-003", "Mage", "backup", ("ice",), 2, text=text)
    clerk = Card("T8-004", "Clerk", "backup", ("ice",), 2)
    spark = Card("T8-001", "Spark", "summon", ("ice",), 2)
    blizzard = Card("T8-002", "Blizzard", "summon", ("ice",), 2)
    return Deck(
        "fftcg", "constructed",
        {"main": (DeckEntry("T8-003", 2), DeckEntry("T8-004", 1), DeckEntry("T8-001", 46),
                  DeckEntry("T8-002", 1))},
        {"T8-003": mage, "T8-004": clerk, "T8-001": spark, "T8-002": blizzard},
    )  # fmt: skip


def order(going: str) -> list[str]:
    """Mage, Mage, Clerk, then Sparks; the Blizzard is the card after turn 2's draws (going first: 5 dealt,
    1 + 2 drawn, so the 9th card; going second 5 + 2 + 2, the 10th)."""
    cards = ["T8-003", "T8-003", "T8-004"] + ["T8-001"] * 46
    cards.insert(8 if going == "first" else 9, "T8-002")
    return cards


def test_the_cycle_is_read_and_described() -> None:
    assert read_text("fftcg", MAGE, name="Mage").effects == (CYCLE,)
    assert Effect.from_dict("t", CYCLE.to_dict()) == CYCLE
    assert describe(CYCLE) == (
        "by its action ability, paying 1 CP (1 Ice) and discarding it from your hand: draw 1 card"
    )
    kf = compile_deck(mage_deck()).arrays[2]
    assert kf[2, F_CYCLE] == 1
    assert kf[2, F_CYCLE_COST] == 1 | (1 << ELEMENTS.index("ice")) << CYCLE_REQ
    assert [p.status for p in card_parts("fftcg", mage_deck().cards["T8-003"], {})] == ["played"]


@pytest.mark.parametrize("going", ["first", "second"])
def test_a_spare_card_is_cycled_at_the_end_of_the_turn_with_an_idle_backup(going) -> None:
    # Turn 1 (a backup turn): Mage, then Clerk, each paid by discarding a Spark (2 CP); the other Mage
    # cannot enter beside the first (7.7.3). Both Backups entered dull: no idle CP, nothing cycled. Turn 2:
    # both stand up, 2 Sparks drawn, nothing to cast (a Mage's name is taken, Sparks are fuel), no Forward
    # attacks. At the end of main phase 2 the idle Mage pays 《Ice》 (a payment dulls no more than it needs),
    # the Mage in hand goes to the Break Zone and the Blizzard is drawn. Hand: going first 6 - 2 cast - 2
    # discarded = 2, + 2 drawn = 4, the Mage swapped for the Blizzard: 4; going second 5 (7 - 4 + 2).
    deck = mage_deck()
    log = SIM.play_stacked(deck, SIM.params(going=going, max_turns=2, policy=KEEP), order(going))
    turn_2 = [e.text for e in log.events if e.turn == 2 and e.phase == "main 2"]
    assert turn_2 == [
        "Mage (T8-003): action ability from the hand for 1 CP and discarding it by dulling Mage (T8-003)",
        "Mage (T8-003): draw Blizzard (T8-002)",
    ]
    assert not [e for e in log.events if e.turn == 1 and e.phase == "main 2"]
    assert log.final["hand"] == (4 if going == "first" else 5)
    # the Break Zone: 2 Sparks paid on turn 1 and the cycled Mage
    assert log.final["break_zone"] == 3
    off = SIM.play_stacked(
        deck, SIM.params(going=going, max_turns=2, policy={**KEEP, "cycle_spare_cards": False}), order(going)
    )
    assert not [e for e in off.events if "action ability" in e.text]
    assert off.final["hand"] == log.final["hand"] and off.final["break_zone"] == 2


@pytest.mark.parametrize("going", ["first", "second"])
def test_a_card_worth_keeping_is_not_cycled(going) -> None:
    # The same deck with 1 Mage and 2 Clerks, the Mage 3rd: turn 1 casts Clerk and Clerk (Sparks paid),
    # the Mage stays in hand (no card left that could pay it but Sparks: going first 6 - 4 = 2 cards,
    # Mage and a Spark; a third cast would take them both). Turn 2 is a backup turn still (backup_turns 2):
    # a Backup in hand is kept over a Spark (300 against 0), so the Mage is cast or kept, never cycled.
    mage = Card("T8-003", "Mage", "backup", ("ice",), 2, text=MAGE)
    clerk = Card("T8-004", "Clerk", "backup", ("ice",), 2, keywords=("multi-playable",))
    spark = Card("T8-001", "Spark", "summon", ("ice",), 2)
    deck = Deck(
        "fftcg", "constructed",
        {"main": (DeckEntry("T8-003", 1), DeckEntry("T8-004", 2), DeckEntry("T8-001", 47))},
        {"T8-003": mage, "T8-004": clerk, "T8-001": spark},
    )  # fmt: skip
    stack = ["T8-004", "T8-004", "T8-003"] + ["T8-001"] * 47
    log = SIM.play_stacked(deck, SIM.params(going=going, max_turns=2, policy=KEEP), stack)
    assert not [e for e in log.events if "action ability" in e.text]


def test_a_deck_without_a_cycle_looks_for_none() -> None:
    plain = mage_deck("")
    prepared = SIM.prepare(plain, SIM.params())
    assert prepared[1][K_CYCLE] == 0
    assert SIM.prepare(mage_deck(), SIM.params())[1][K_CYCLE] == 1
