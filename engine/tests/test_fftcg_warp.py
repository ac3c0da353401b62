"""FFTCG Warp (15.2.7: "Warp 1 - 《Fire》"), read (engine/readers/fftcg.py) and played
(engine/goldfish/fftcg.py `_warp_cards`, the `warp_cards` policy, and `_warp_arrivals`), games worked by
hand in both play orders.

The deck: Clerks (Fire Backups, cost 2, multi-playable), Tifas (Fire Forwards of cost 14, no generic icon,
with "Warp 1 - 《Fire》"), Fire Sparks (Summons: fuel, never cast, 2 CP each discarded). The opponent
loses on taking 1 point of damage: the kill turn is the first turn a Forward attacks. Going first, turn 1
holds 6 cards (5 dealt, 1 drawn), going second 7 (2 drawn); each later turn draws 2; the hand limit is 5.
"""

from __future__ import annotations

import pytest

from engine import Card, Deck, DeckEntry
from engine.effects import Effect, describe
from engine.goldfish.fftcg import ELEMENTS, K_WARP, compile_deck
from engine.goldfish.fftcg_kinds import CYCLE_REQ, F_WARP, F_WARP_COST
from engine.played_text import card_parts
from engine.readers import read_text
from engine.tests.test_fftcg_effects import SIM

WARP = Effect("action", "warp", 1, cp=1, cp_elements=("fire",))
ONE_DAMAGE = {"opp_damage_threshold": 1}
KEEP = {"mulligan_rule": "never"}  # no hand holds a Forward the autopilot could cast
WARPED = "Warp Tifa (T9-001) for 1 CP, removed from the game with 1 Warp counter by dulling Clerk (T9-002)"
KEPT_OUT = "Tifa (T9-001): its last Warp counter comes off, the field rules keep it out: it stays removed"


def warp_deck(tifas: int, clerks: int, effects: tuple[Effect, ...] = (WARP,)) -> Deck:
    tifa = Card("T9-001", "Tifa", "forward", ("fire",), 14, power=7000, effects=effects)
    clerk = Card("T9-002", "Clerk", "backup", ("fire",), 2, keywords=("multi-playable",))
    spark = Card("T9-003", "Spark", "summon", ("fire",), 2)
    return Deck(
        "fftcg", "constructed",
        {"main": (DeckEntry("T9-001", tifas), DeckEntry("T9-002", clerks),
                  DeckEntry("T9-003", 50 - tifas - clerks))},
        {"T9-001": tifa, "T9-002": clerk, "T9-003": spark},
    )  # fmt: skip


def stack(tifas: int, clerks: int) -> list[str]:
    return ["T9-002"] * clerks + ["T9-001"] * tifas + ["T9-003"] * (50 - tifas - clerks)


def test_warp_is_read_described_and_kept_in_a_deck_file() -> None:
    assert read_text("fftcg", "Warp 1 - 《Fire》", name="Tifa").effects == (WARP,)
    assert read_text("fftcg", "Warp 2 -- 《Fire》《1》", name="Tifa").effects == (
        Effect("action", "warp", 2, cp=2, cp_elements=("fire",)),
    )
    assert Effect.from_dict("t", WARP.to_dict()) == WARP
    # a line the reader leaves unread keeps the card from being played in full; one element twice is
    # played (2 CP of it: engine/tests/test_fftcg_repeated_elements.py)
    text = "Warp 1 - 《Fire》\nWhen Tifa enters the field due to Warp, draw 1 card."
    tifa = Card("T9-001", "Tifa", "forward", ("fire",), 5, power=7000, text=text)
    assert [p.status for p in card_parts("fftcg", tifa, {})] == ["played", "unplayed"]
    twice = Card("T9-001", "Tifa", "forward", ("fire",), 5, power=7000, text="Warp 2 - 《Fire》《Fire》")
    assert [p.status for p in card_parts("fftcg", twice, {})] == ["played"]
    assert describe(WARP) == (
        "by Warp from your hand, paying 1 CP (1 Fire): remove it from the game with 1 Warp counter; one comes"
        " off at the start of each of your main phases 1, and it enters the field when the last does"
    )


def test_the_warp_columns() -> None:
    kf = compile_deck(warp_deck(1, 1)).arrays[2]
    assert kf[0, F_WARP] == 1
    assert kf[0, F_WARP_COST] == 1 | (1 << ELEMENTS.index("fire")) << CYCLE_REQ
    twice = Effect("action", "warp", 2, cp=2, cp_elements=("ice", "ice"))
    assert compile_deck(warp_deck(1, 1, (twice,))).arrays[2][0, F_WARP] == 2
    assert SIM.prepare(warp_deck(1, 1, ()), SIM.params())[1][K_WARP] == 0
    assert SIM.prepare(warp_deck(1, 1), SIM.params())[1][K_WARP] == 1


@pytest.mark.parametrize("going", ["first", "second"])
def test_a_warped_forward_arrives_and_changes_the_kill_turn(going) -> None:
    # Deck: Clerk, Tifa, then Sparks. Turn 1 (backup turn): the Clerk is cast by discarding a Spark and
    # enters dull; Tifa (14) cannot be paid (going first 3 Sparks = 6 CP, going second 4 = 8); no CP
    # idles, nothing is warped. Turn 2: the Clerk stands up, 2 Sparks drawn: going first Tifa + 5 Sparks
    # (1 + 10 = 11 CP), going second Tifa + 6 (1 + 12 = 13), both under 14; no Forward attacks. At the end
    # of main phase 2 the idle Clerk pays 《Fire》 (1 < 14): Tifa is removed with 1 Warp counter. Turn 3:
    # at the start of main phase 1 the counter comes off, Tifa enters the field; without Haste it cannot
    # attack this turn (10.1.2.1.1). Turn 4: Tifa attacks, 1 damage: a win on own turn 4.
    # Without Warp Tifa is never paid: the hand limit keeps at most 5 cards at the end of a turn, so at
    # most Tifa + 6 Sparks and the Clerk (13 CP); no Forward ever attacks.
    params = SIM.params(going=going, max_turns=6, opponent=ONE_DAMAGE, policy=KEEP)
    log = SIM.play_stacked(warp_deck(1, 1), params, stack(1, 1))
    warp = [(e.turn, e.phase, e.text) for e in log.events if "Warp" in e.text]
    assert warp == [
        (2, "main 2", WARPED),
        (3, "main 1", "Tifa (T9-001): its last Warp counter comes off, it enters the field"),
    ]  # fmt: skip
    attacks = [(e.turn, e.text) for e in log.events if "attacks" in e.text]
    assert attacks == [(4, "Tifa (T9-001) attacks: opponent damage 1")]
    assert (log.outcome, log.turn) == ("win", 4)
    off = SIM.play_stacked(
        warp_deck(1, 1),
        SIM.params(going=going, max_turns=6, opponent=ONE_DAMAGE, policy={**KEEP, "warp_cards": False}),
        stack(1, 1),
    )
    assert not [e for e in off.events if "Warp" in e.text or "attacks" in e.text]
    assert off.outcome != "win"


@pytest.mark.parametrize("going", ["first", "second"])
def test_a_warped_card_whose_name_is_on_the_field_stays_removed(going) -> None:
    # The deck: 2 Clerks, a Tifa with "Warp 2 - 《Fire》" (T9-001), a second card named Tifa of cost 4
    # without Warp (T9-004), Sparks; dealt Clerk, Clerk, Tifa (Warp), Spark, Spark; the cost-4 Tifa is turn
    # 3's first draw (going first the 9th card: 5 dealt + 1 + 2 drawn; going second the 10th: 5 + 2 + 2).
    # Turn 1: both Clerks are cast, each by discarding a Spark. Turn 2: 2 Sparks drawn, the Clerks stand
    # up: at most 2 + 6 (going first) or 2 + 8 (going second) CP, under 14; at the end of main phase 2 a
    # Clerk pays the Warp Tifa's 《Fire》: removed with 2 counters. Turn 3: one counter comes off; the
    # cost-4 Tifa drawn is cast (2 Clerks and a Spark). Turn 4: the last counter comes off, but a Tifa is on
    # the field without the generic icon: the Warp Tifa does not enter and stays removed (15.2.7.5.1,
    # 15.2.7.5.2). The cost-4 Tifa attacks on turn 4: a win on own turn 4, one Forward on the field.
    tifa = Card("T9-004", "Tifa", "forward", ("fire",), 4, power=7000)
    base = warp_deck(1, 2, (Effect("action", "warp", 2, cp=1, cp_elements=("fire",)),))
    deck = Deck(
        "fftcg", "constructed",
        {"main": (DeckEntry("T9-001", 1), DeckEntry("T9-002", 2), DeckEntry("T9-004", 1),
                  DeckEntry("T9-003", 46))},
        {**base.cards, "T9-004": tifa},
    )  # fmt: skip
    order = ["T9-002", "T9-002", "T9-001"] + ["T9-003"] * 46
    order.insert(8 if going == "first" else 9, "T9-004")
    params = SIM.params(going=going, max_turns=6, opponent=ONE_DAMAGE, policy=KEEP)
    log = SIM.play_stacked(deck, params, order)
    warp = [(e.turn, e.phase, e.text) for e in log.events if "Warp" in e.text]
    assert warp == [
        (2, "main 2", WARPED.replace("1 Warp counter", "2 Warp counters")),
        (4, "main 1", KEPT_OUT),
    ]
    assert [e.turn for e in log.events if e.text.startswith("cast Tifa (T9-004)")] == [3]
    assert [(e.turn, e.text) for e in log.events if "attacks" in e.text] == [
        (4, "Tifa (T9-004) attacks: opponent damage 1")
    ]
    assert (log.outcome, log.final["forwards"]) == ("win", 1)


def test_a_card_whose_name_is_warped_or_on_the_field_is_not_warped() -> None:
    # Two Tifas with "Warp 1 - 《Fire》" in hand and two idle Clerks on turn 2 (the first game's deck with
    # 2 of each, going first): the first is removed, the second is not (it could not enter beside the
    # first, 7.7.3); on turn 3 the first enters, and the second, its name on the field, is not removed.
    params = SIM.params(max_turns=3, opponent=ONE_DAMAGE, policy=KEEP)
    log = SIM.play_stacked(warp_deck(2, 2), params, stack(2, 2))
    warp = [(e.turn, e.phase, e.text) for e in log.events if "Warp" in e.text]
    assert warp == [
        (2, "main 2", WARPED),
        (3, "main 1", "Tifa (T9-001): its last Warp counter comes off, it enters the field"),
    ]


@pytest.mark.parametrize("going", ["first", "second"])
def test_a_warped_card_s_entering_text_resolves_when_it_arrives(going) -> None:
    # The first game, Tifa with "When Tifa enters the field, draw 1 card." too: on turn 3 she arrives at
    # the start of main phase 1 (after the draw phase's 2 Sparks) and her text draws the next card, a Spark.
    deck = warp_deck(1, 1, (WARP, Effect("enters", "draw", 1)))
    params = SIM.params(going=going, max_turns=4, opponent=ONE_DAMAGE, policy=KEEP)
    log = SIM.play_stacked(deck, params, stack(1, 1))
    turn_3 = [e.text for e in log.events if e.turn == 3 and e.phase == "main 1"]
    assert turn_3 == [
        "Tifa (T9-001): its last Warp counter comes off, it enters the field",
        "Tifa (T9-001): draw Spark (T9-003)",
    ]
    assert (log.outcome, log.turn) == ("win", 4)
