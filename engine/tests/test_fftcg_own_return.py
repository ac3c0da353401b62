"""FFTCG: a Forward it must choose returned to its owner's hand or made to lose power until the end of the
turn, and what it does to that Forward under a condition on the characters you control ("If you control 4
or more Category VII Forwards, break it.", "Deal it 7000 damage. If you control 5 or more Job Standard
Unit, deal it 9000 damage instead."): read
(engine/readers/fftcg.py `_forward_hit`), played on one of your own Forwards when the goldfish opponent has
none (engine/goldfish/fftcg.py `_hit_own`, `_entering_hit`), games worked by hand in both play orders.

The decks are test_fftcg_own_removal's: Cutter (the card with the text, a Forward of cost 2, power 5000)
drawn on turn 2, and vanilla Lancers (Forwards of cost 2, power 7000), all Fire, with the generic icon.
Turn 1 casts three Lancers, each paid by discarding a Lancer (2 CP, 5.2.1.3): going first the hand is then
empty (6 cards), going second 1 Lancer is left (7 cards). Turn 2 draws Cutter and a Lancer; Cutter, the
lowest card number, is cast first, paid by discarding a Lancer. The three Lancers of turn 1 attack on turn
2 (10.1.2.1.1), 1 damage each (10.1.4.1).
"""

from __future__ import annotations

import pytest

from engine import Card
from engine.effects import CardFilter, Condition, Effect, describe
from engine.goldfish.fftcg import FIND_HIT_ENTER, FIND_HIT_IF, compile_deck
from engine.goldfish.fftcg_kinds import F_HIT, F_HIT_ELSE, F_HIT_IF, HIT_AMOUNT, HIT_BREAK, HIT_DAMAGE
from engine.played_text import card_parts
from engine.tests.test_fftcg_effects import SIM
from engine.tests.test_fftcg_own_removal import CUTTER, LANCER, cutter_deck, events, play

RETURN = "When Cutter enters the field, choose 1 Forward. Return it to its owner's hand."
RETURN_OTHER = (
    "When Cutter enters the field, choose 1 Forward other than Cutter. Return it to its owner's hand."
)


@pytest.mark.parametrize("going", ["first", "second"])
def test_a_forced_return_takes_the_least_valuable_forward_the_card_itself(going) -> None:
    # Turn 2: Cutter enters; its choice must be made (11.8.9): a Lancer of turn 1 (cost 2, may attack: loss
    # 1 + 2*2 + 1 = 6) or Cutter itself (cost 2, entered this turn without Haste: 1 + 4 = 5), as a break
    # would choose. Cutter goes back to the hand. Going first the hand holds only Cutter, and no CP is
    # left: it stays there. Going second the Lancer left from turn 1 pays for Cutter again (the plan is made
    # again with the card returned; Cutter still ranks first), which returns itself again: the CP is spent
    # for nothing, as the autopilot's choice says (the `hold_own_removal` knob keeps such a card in hand).
    # Either way the 3 Lancers attack: damage 3; 3 Forwards, Cutter in hand; the Break Zone holds the
    # discards: 3 of turn 1 and 1 (going first) or 2 (going second) of turn 2.
    log = play(RETURN, going, 2)
    cast_and_return = [
        ("main 1", f"cast {CUTTER} for 2 CP by discarding {LANCER}"),
        ("main 1", f"{CUTTER}: no opposing Forward, so it returns {CUTTER}, yours, to your hand"),
    ]
    attacks = [("attack", f"{LANCER} attacks: opponent damage {n}") for n in (1, 2, 3)]
    casts = 1 if going == "first" else 2
    assert events(log, 2) == cast_and_return * casts + attacks
    assert (log.final["forwards"], log.final["hand"], log.final["break_zone"]) == (3, 1, 3 + casts)
    # without the text Cutter stays: 4 Forwards, the same damage
    off = play(RETURN, going, 2, card_effects=False)
    assert (off.final["forwards"], off.final["opp_damage"]) == (4, 3)


@pytest.mark.parametrize("going", ["first", "second"])
def test_a_returned_forward_leaves_its_attack_and_is_cast_again_when_cp_allows(going) -> None:
    # "other than Cutter": a Lancer of turn 1 is chosen (each loses 6; the first in the order they entered)
    # and returns to the hand before the attacks: 2 Lancers attack, damage 2. Going first the hand holds
    # only that Lancer, with no card to pay for it: 3 Forwards (Cutter, 2 Lancers). Going second the Lancer
    # left from turn 1 pays for the returned one (the plan made again with it), which enters this turn and
    # does not attack: 4 Forwards, the hand empty.
    log = play(RETURN_OTHER, going, 2)
    returned = ("main 1", f"{CUTTER}: no opposing Forward, so it returns {LANCER}, yours, to your hand")
    recast = [("main 1", f"cast {LANCER} for 2 CP by discarding {LANCER}")] if going == "second" else []
    assert events(log, 2) == [
        ("main 1", f"cast {CUTTER} for 2 CP by discarding {LANCER}"),
        returned,
        *recast,
        ("attack", f"{LANCER} attacks: opponent damage 1"),
        ("attack", f"{LANCER} attacks: opponent damage 2"),
    ]
    expected = (3, 1) if going == "first" else (4, 0)
    assert (log.final["forwards"], log.final["hand"]) == expected


@pytest.mark.parametrize("going", ["first", "second"])
@pytest.mark.parametrize(
    ("at_least", "expected", "forwards"),
    [
        # as it resolves Cutter is on the field with the 3 Lancers: 4 Forwards. 4 or more: Cutter breaks
        # itself (the least loss, as the unconditional break); 5 or more: nothing happens
        (4, f"{CUTTER}: no opposing Forward, so it breaks {CUTTER}, yours", 3),
        (5, f"{CUTTER}: its condition does not hold, so it does nothing", 4),
    ],
)
def test_a_conditional_break_counts_the_forwards_as_it_resolves(going, at_least, expected, forwards) -> None:
    text = (
        f"When Cutter enters the field, choose 1 Forward. If you control {at_least} or more Forwards, break"
        " it."
    )
    log = play(text, going, 2)
    assert events(log, 2)[1] == ("main 1", expected)
    assert (log.final["forwards"], log.final["opp_damage"]) == (forwards, 3)


@pytest.mark.parametrize("going", ["first", "second"])
@pytest.mark.parametrize(
    ("at_least", "expected", "forwards"),
    [
        # 4 Forwards as it resolves. "5 or more": the condition fails, 4000 damage: below every power
        # (Lancer 7000, Cutter 5000) it costs nothing, the first Lancer takes it and stays (12.4.5)
        (
            5,
            f"{CUTTER}: no opposing Forward, so it deals 4000 damage to {LANCER}, yours (its condition does"
            " not hold)",
            4,
        ),
        # "4 or more": 7000 instead breaks any of them; Cutter, the cheapest that may not attack, goes
        (
            4,
            f"{CUTTER}: no opposing Forward, so it deals 7000 damage to {CUTTER}, yours (put into the Break"
            " Zone)",
            3,
        ),
    ],
)
def test_damage_instead_under_a_condition(going, at_least, expected, forwards) -> None:
    text = (
        "When Cutter enters the field, choose 1 Forward. Deal it 4000 damage. If you control"
        f" {at_least} or more Forwards, deal it 7000 damage instead."
    )
    log = play(text, going, 2)
    assert events(log, 2)[1] == ("main 1", expected)
    assert (log.final["forwards"], log.final["opp_damage"]) == (forwards, 3)


def test_the_kind_table_holds_the_condition_and_what_it_counts() -> None:
    text = (
        "When Cutter enters the field, choose 1 Forward. Deal it 4000 damage. If you control 2 or more Card"
        " Name Lancer, deal it 7000 damage instead."
    )
    kf, kfinds = (compile_deck(cutter_deck(text)).arrays[i] for i in (2, 3))
    assert kf[0, F_HIT] == HIT_DAMAGE | 7000 << HIT_AMOUNT
    assert (kf[0, F_HIT_IF], kf[0, F_HIT_ELSE]) == (2, HIT_DAMAGE | 4000 << HIT_AMOUNT)
    # it may choose either Forward; its condition counts the Lancers only
    assert kfinds[0].tolist() == [FIND_HIT_ENTER, FIND_HIT_ENTER | FIND_HIT_IF]
    plain = compile_deck(cutter_deck("When Cutter enters the field, choose 1 Forward. Break it.")).arrays[2]
    assert (plain[0, F_HIT], plain[0, F_HIT_IF], plain[0, F_HIT_ELSE]) == (HIT_BREAK, 0, 0)


def test_the_effect_in_words_and_in_the_text_report() -> None:
    effect = Effect(
        "enters",
        "return",
        0,
        CardFilter(type="forward"),
        condition=Condition("control-at-least", 1, CardFilter(type="forward", traits=("Sky Pirate",))),
    )
    assert describe(effect) == (
        "when it enters the field, if you have at least a Forward with the trait Sky Pirate in play, choose a"
        " Forward and return it to its owner's hand (one of yours, since this opponent has none)"
    )
    for text in (RETURN, RETURN_OTHER):
        card = Card("T9-001", "Cutter", "forward", ("fire",), 2, power=5000, text=text)
        (part,) = card_parts("fftcg", card, {})
        assert part.status == "played" and "return it to its owner's hand" in part.why
    # on attacking the goldfish plays no condition: read, but not played
    attacks = "When Cutter attacks, choose 1 Forward. If you control 4 or more Forwards, deal it 9000 damage."
    card = Card("T9-001", "Cutter", "forward", ("fire",), 2, power=5000, text=attacks)
    assert [p.status for p in card_parts("fftcg", card, {})] == ["unplayed"]


@pytest.mark.parametrize("going", ["first", "second"])
def test_the_hold_policy_counts_the_card_itself_in_the_condition(going) -> None:
    # hold_own_removal on. Turn 2: the 3 Lancers of turn 1 and Cutter as it would enter make 4 Forwards.
    # "4 or more": the break would take a Forward (Cutter itself, loss 5), so Cutter is held and is the card
    # discarded for the Lancer cast (both keep-values alike, the lowest card number goes first, as in
    # test_fftcg_own_removal's hold test). "5 or more": the condition fails, the text would do nothing, so
    # Cutter is cast, paid by discarding the Lancer, and does nothing.
    text = "When Cutter enters the field, choose 1 Forward. If you control {n} or more Forwards, break it."
    held = play(text.format(n=4), going, 2, hold_own_removal=True)
    assert events(held, 2)[0] == ("main 1", f"cast {LANCER} for 2 CP by discarding {CUTTER}")
    cast = play(text.format(n=5), going, 2, hold_own_removal=True)
    assert events(cast, 2)[:2] == [
        ("main 1", f"cast {CUTTER} for 2 CP by discarding {LANCER}"),
        ("main 1", f"{CUTTER}: its condition does not hold, so it does nothing"),
    ]


@pytest.mark.parametrize("going", ["first", "second"])
@pytest.mark.parametrize(
    ("loss", "expected", "forwards"),
    [
        # 4000 power lost: below every power (Lancer 7000, Cutter 5000) it puts none into the Break Zone and
        # ends with the turn, so it costs nothing: the first Lancer, in the order they entered
        (4000, f"{CUTTER}: no opposing Forward, so it takes 4000 power from {LANCER}, yours", 4),
        # 7000: any of them would reach 0 power (12.4.4); Cutter, the cheapest that may not attack, goes
        (
            7000,
            f"{CUTTER}: no opposing Forward, so it takes 7000 power from {CUTTER}, yours (put into the Break"
            " Zone)",
            3,
        ),
    ],
)
def test_power_lost_until_the_end_of_the_turn(going, loss, expected, forwards) -> None:
    # Turn 2 either way: Cutter enters, then the 3 Lancers of turn 1 attack, damage 3.
    text = f"When Cutter enters the field, choose 1 Forward. It loses {loss} power until the end of the turn."
    log = play(text, going, 2)
    assert events(log, 2)[1] == ("main 1", expected)
    assert (log.final["forwards"], log.final["opp_damage"]) == (forwards, 3)


@pytest.mark.parametrize("going", ["first", "second"])
def test_power_lost_stays_for_the_turn_and_the_next_choice_takes_another(going) -> None:
    # test_fftcg_own_removal's damage game with power lost instead: two Cutters (power 5000, "It loses 4000
    # power until the end of the turn.") on top. Turn 1 casts Cutter, Cutter, Lancer. The first Cutter can
    # only choose itself: 5000 - 4000 = 1000 power, it stays. The second: the first Cutter would drop to
    # -3000 (put into the Break Zone, 12.4.4), itself to 1000 (nothing lost), so itself. Turn 2: the power
    # is back, the 3 Forwards of turn 1 attack.
    text = "When Cutter enters the field, choose 1 Forward. It loses 4000 power until the end of the turn."
    order = ["T9-001", "T9-001"] + ["T9-002"] * 48
    log = SIM.play_stacked(cutter_deck(text, 5000, 2), SIM.params(going=going, max_turns=2), order)
    hits = [t for p, t in events(log, 1) if "no opposing Forward" in t]
    assert hits == [f"{CUTTER}: no opposing Forward, so it takes 4000 power from {CUTTER}, yours"] * 2
    assert log.final["opp_damage"] == 3 and log.final["forwards"] == 4
