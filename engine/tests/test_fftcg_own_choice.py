"""FFTCG text that chooses characters when the goldfish opponent has none (issue 32): the choice takes one of
yours or none, and such text is moot only where that choice is never made or costs nothing
(engine/played_text/fftcg.py, "Choices the opponent's empty field leaves to your own characters"); Backups
chosen and stood up in the shapes the reader adds (the same `activate` effect as before, played by the
games of test_fftcg_effects)."""

from __future__ import annotations

import pytest

from engine import Card
from engine.effects import CardFilter, Effect
from engine.played_text import card_parts
from engine.readers import read_text


def _status(text: str, card_type: str = "forward", power: int | None = 5000, brave: bool = False) -> str:
    card = Card(
        number="1-001", name="Mog", type=card_type, colors=("fire",), cost=3, power=power, text=text,
        keywords=("brave",) if brave else (),
    )  # fmt: skip
    parts = card_parts("fftcg", card, {})
    assert parts[0].text == text.split("\n")[0]  # the ability is one part
    if parts[0].status == "moot":
        assert parts[0].why
    return parts[0].status


CHOSEN_ITSELF = [  # (text, the Forward's power, its status)
    # a Forward's own trigger must choose (11.8.9); Mog itself is a legal choice. The shapes the reader
    # reads ("choose 1 Forward. Deal it N damage.", "Break it.", "Dull it.", "Freeze it.") are played
    # (test_fftcg_own_removal: the autopilot picks the Forward of yours whose loss is least, Mog included)
    ("When Mog enters the field, choose 1 Forward. Deal it 4000 damage.", 5000, "played"),
    ("When Mog enters the field, choose 1 Forward. Deal it 4000 damage.", 4000, "played"),  # it may break
    ("When Mog enters the field, choose 1 Forward. Deal it 4000 damage.", None, "played"),
    # the rest stays moot where choosing Mog itself costs nothing: damage below its power breaks nothing
    # (12.4.5) and is removed at the end of the turn (9.5.1.3.1)
    ("When Mog attacks, choose 1 Character. Deal it 3000 damage.", 5000, "moot"),
    # both triggers may come in one turn (Haste): 3000 twice
    ("When Mog enters the field or attacks, choose 1 Forward. Deal it 3000 damage.", 7000, "moot"),
    ("When Mog enters the field or attacks, choose 1 Forward. Deal it 3000 damage.", 6000, "unplayed"),
    # power lost: 0 or less puts it into the Break Zone (12.4.4); of 1 Forward read and played
    # (test_fftcg_own_return), of 1 Character moot where it costs Mog nothing
    (
        "When Mog enters the field, choose 1 Character. It loses 2000 power until the end of the turn.",
        6000,
        "moot",
    ),
    (
        "When Mog enters the field, choose 1 Character. It loses 5000 power until the end of the turn.",
        5000,
        "unplayed",
    ),
    (
        "When Mog enters the field, choose 1 Forward. It loses 5000 power until the end of the turn.",
        5000,
        "played",
    ),
    # a condition or a larger amount "instead": every amount counted (7000 + 9000); on entering, under a
    # condition on what you control, it is read and played (test_fftcg_own_return), not on attacking
    (
        "When Mog enters the field, choose 1 Forward. If the cost paid to play Mog included Fire CP, deal it"
        " 4000 damage.",
        5000,
        "moot",
    ),
    (
        "When Mog attacks, choose 1 Forward. Deal it 7000 damage. If you control Card Name Kupo, deal it 9000"
        " damage instead.",
        10000,
        "unplayed",
    ),
    (
        "When Mog attacks, choose 1 Forward. Deal it 7000 damage. If you control Card Name Kupo, deal it 9000"
        " damage instead.",
        17000,
        "moot",
    ),
    (
        "When Mog enters the field, choose 1 Forward. Deal it 7000 damage. If you control Card Name Kupo,"
        " deal it 9000 damage instead.",
        17000,
        "played",
    ),
    # attacking dulled it (10.1.2): dulling it again changes nothing; freezing it keeps it dull next turn;
    # both played now, as the one entering, that may cost an attack
    ("When Mog attacks, choose 1 Forward. Dull it.", 5000, "played"),
    ("When Mog attacks, choose 1 Forward. Freeze it.", 5000, "played"),
    ("When Mog enters the field, choose 1 Forward. Dull it.", 5000, "played"),
    ("When Mog enters the field, choose 1 Forward. Break it.", 5000, "played"),
    ("When Mog enters the field, choose 1 Forward other than Mog. Deal it 1000 damage.", 5000, "played"),
    ("When Mog enters the field, choose 1 Forward. Dull it and Freeze it.", 5000, "unplayed"),
    ("When Mog enters the field, choose 1 Backup. Deal it 1000 damage.", 5000, "unplayed"),
    ("When Mog enters the field, choose 1 Forward. Deal it 1000 damage. Draw 1 card.", 5000, "unplayed"),
]


@pytest.mark.parametrize(
    ("text", "power", "status"), CHOSEN_ITSELF, ids=[f"{t} ({p})" for t, p, _ in CHOSEN_ITSELF]
)
def test_a_forwards_own_choice_is_moot_when_choosing_itself_costs_nothing(text, power, status) -> None:
    assert _status(text, power=power) == status


def test_the_same_trigger_on_a_backup_or_a_monster_is_played_on_a_forward_of_yours() -> None:
    text = "When Mog enters the field, choose 1 Forward. Deal it 4000 damage."
    assert _status(text, "backup", power=None) == "played"
    assert _status(text, "monster", power=None) == "played"


def test_dulling_an_attacker_with_brave_is_played_and_attacking_with_another_trigger_stays_moot() -> None:
    text = "When Mog attacks, choose 1 Forward. Dull it."
    assert _status(text, brave=True) == "played"
    assert _status(text + "\n《Dull》: Produce 《Fire》.", brave=True) == "played"
    loses = "When Mog attacks, choose 1 Character. It loses 1000 power until the end of the turn."
    assert _status(loses, brave=True) == "moot"


MAY_PAY = [  # (card type, text, moot or not)
    # a cost the card may pay, for an effect that could only remove or weaken a character of yours
    (
        "backup",
        "When Mog enters the field, you may pay 《Fire》. When you do so, choose 1 Forward. Deal it 5000"
        " damage.",
        True,
    ),
    (
        "forward",
        "When Mog enters the field, you may discard 1 card. When you do so, choose 1 Forward. Break it.",
        True,
    ),
    (
        "forward",
        "When Mog attacks, you may dull 1 active Category XIII Forward you control. When you do so, choose 1"
        " Forward. Dull it and Freeze it.",
        True,
    ),
    ("forward", "When Mog attacks, choose 1 Forward. You may pay 《1》. If you do so, dull it.", True),
    (
        "forward",
        "When Mog attacks, choose 1 Forward. You may discard 1 Card Name Kupo from your hand. If you do so,"
        " deal it 7000 damage.",
        True,
    ),
    # what it buys helps, or the cost itself may (a Backup returned to the hand enters again)
    (
        "backup",
        "When Mog enters the field, you may pay 《1》. When you do so, choose 1 Forward. It gains Haste until"
        " the end of the turn.",
        False,
    ),
    (
        "forward",
        "When Mog enters the field, you may return 1 Backup you control to its owner's hand. When you do so,"
        " choose 1 Forward. Break it.",
        False,
    ),
    # (paid with CP, the draw is read and played: engine/tests/test_fftcg_trades.py; with a Crystal, not)
    ("forward", "When Mog enters the field, you may pay 《C》. If you do so, draw 1 card.", False),
]


@pytest.mark.parametrize(("card_type", "text", "moot"), MAY_PAY, ids=[t for _, t, _ in MAY_PAY])
def test_a_cost_the_card_may_pay_for_removal_is_never_paid(card_type, text, moot) -> None:
    assert _status(text, card_type, power=None if card_type != "forward" else 5000) == (
        "moot" if moot else "unplayed"
    )


NEVER_USED = [  # (card type, text, moot or not)
    # used at will, never used (Summons are fuel, only "《Dull》: Produce" is used, §11.5): removal, then
    # the card kept dull, power, a Forward stood up
    (
        "forward",
        "《Dull》, discard 2 cards: Choose 1 Forward. Break it. Mog will not activate during your next Active"
        " Phase.",
        True,
    ),
    (
        "forward",
        "Firaga 《S》《Fire》: Choose 1 Forward. Deal it 4000 damage. Mog gains +4000 power until the end of"
        " the turn.",
        True,
    ),
    ("forward", "Fira 《S》《Fire》《Dull》: Choose 1 Forward. Deal it 9000 damage. Activate Mog.", True),
    ("forward", "《Fire》: Choose 1 Forward. Deal it and Mog 1000 damage.", True),
    ("forward", "《Dull》: Choose up to 2 Forwards. Deal them and Mog 4000 damage.", True),
    (
        "forward",
        "Dispel 《S》: Choose 1 Forward. It loses all its abilities until the end of the turn. Break it.",
        True,
    ),
    # losing its abilities may free a Forward of yours that "cannot attack"; damage to you may set off an
    # EX Burst; a discard fills the Break Zone: each might be wanted
    (
        "forward",
        "Dispel 《S》: Choose 1 Character. It loses all its abilities until the end of the turn.",
        False,
    ),
    ("summon", "Choose 1 Forward. Deal it 10000 damage. Mog deals you 1 point of damage.", False),
    ("summon", "Choose 1 Forward. Deal it 8000 damage. Discard all your hand.", False),
    # removal whether the cost is paid or not
    (
        "summon",
        "Choose 1 Forward. You may discard 1 Card Name Kupo from your hand. If you do so, deal it 10000"
        " damage. If not, deal it 5000 damage.",
        True,
    ),
    (
        "summon",
        "Choose 1 Forward. You may discard 1 Card Name Kupo from your hand. If you do so, deal it 10000"
        " damage. If not, draw 1 card.",
        False,
    ),
    # damage divided, the top card removed to size the harm, harm delayed
    (
        "forward",
        "Bloodfest 《S》《Dull》: Choose up to 3 Forwards. Divide 6000 damage among them as you like.",
        True,
    ),
    (
        "forward",
        "Strongest Sword 《S》《Dull》: Choose 1 Forward. Remove the top card of your deck from the game. If"
        " the removed card is a Forward, break it. If not, deal it 3000 damage.",
        True,
    ),
    (
        "forward",
        "Bushido Fang 《S》《Dull》: Choose 1 Forward. At the beginning of your next Main Phase 1, if Mog is"
        " on your field, break it.",
        True,
    ),
    # a trigger is not used at will
    (
        "forward",
        "When Mog enters the field, choose 1 Forward. Break it. Mog will not activate during your next"
        " Active Phase.",
        False,
    ),
]


@pytest.mark.parametrize(("card_type", "text", "moot"), NEVER_USED, ids=[t for _, t, _ in NEVER_USED])
def test_an_ability_used_at_will_that_only_harms_the_chosen_is_never_used(card_type, text, moot) -> None:
    assert _status(text, card_type, power=None if card_type != "forward" else 5000) == (
        "moot" if moot else "unplayed"
    )


def test_backups_chosen_without_you_control_and_on_entering_or_attacking_are_read_and_played() -> None:
    backups = CardFilter(type="backup")
    reads = {
        "When Mog enters the field, choose up to 2 Backups. Activate them.": (
            Effect("enters", "activate", 2, backups, optional=True),
        ),
        "When Mog attacks, choose 1 Backup. Activate it.": (Effect("attacks", "activate", 1, backups),),
        "When Mog enters the field or attacks, choose 1 Backup you control. Activate it.": (
            Effect("enters", "activate", 1, backups),
            Effect("attacks", "activate", 1, backups),
        ),
    }
    for text, effects in reads.items():
        assert read_text("fftcg", text, "Mog").effects == effects
        assert _status(text) == "played"
    # a Backup enters dull (5.2.3.1.1.3): "other than Mog" leaves Mog dull (test_fftcg_activate)
    other_than = "When Mog enters the field, choose 1 Backup other than Mog. Activate it."
    assert read_text("fftcg", other_than, "Mog").effects == (
        Effect("enters", "activate", 1, CardFilter(type="backup", other_than="Mog")),
    )


def test_the_japanese_forms_of_backups_chosen_and_stood_up() -> None:
    backups = CardFilter(type="backup")
    assert read_text(
        "fftcg", "モグが場に出た時、バックアップを2体まで選ぶ。それらをアクティブにする。", "モグ"
    ).effects == (Effect("enters", "activate", 2, backups, optional=True),)
    assert read_text(
        "fftcg",
        "モグが場に出た時かアタックした時、あなたがコントロールするバックアップを1体選ぶ。それをアクティブにする。",
        "モグ",
    ).effects == (Effect("enters", "activate", 1, backups), Effect("attacks", "activate", 1, backups))


DULL_OR_ACTIVATE = [  # (card type, text, moot or not): a chosen Forward may be activated, doing nothing
    ("monster", "When Mog enters the field, choose 1 Forward. Dull it or activate it.", True),
    (
        "forward",
        "《1》: Choose 1 Forward. Dull it or activate it. You can only use this ability once per turn.",
        True,
    ),
    # a Monster activated may pay again (one that makes CP), and a Character may be a Backup
    ("forward", "《Dull》: Choose 1 Monster. Dull it or activate it.", False),
    ("backup", "When Mog enters the field, choose up to 2 Characters. Dull them or activate them.", False),
]


@pytest.mark.parametrize(
    ("card_type", "text", "moot"), DULL_OR_ACTIVATE, ids=[t for _, t, _ in DULL_OR_ACTIVATE]
)
def test_a_forward_chosen_to_be_dulled_or_activated_changes_nothing(card_type, text, moot) -> None:
    assert _status(text, card_type, power=None if card_type != "forward" else 5000) == (
        "moot" if moot else "unplayed"
    )


POWER_SET = [  # (card type, text, moot or not): a power set above 0 breaks nothing (12.4.4)
    (
        "monster",
        "When Mog enters the field, choose 1 Forward. Its power becomes 4000 until the end of the turn.",
        True,
    ),
    ("backup", "《Dull》: Choose 1 Forward. Its power becomes 1000 until the end of the turn.", True),
    (
        "backup",
        "When Mog enters the field, choose 1 Forward. Its power becomes 0 until the end of the turn.",
        False,
    ),
    (
        "backup",
        "When Mog enters the field, choose 1 Forward. Its power becomes 4000 until the end of the turn. Draw"
        " 1 card.",
        False,
    ),
]


@pytest.mark.parametrize(("card_type", "text", "moot"), POWER_SET, ids=[t for _, t, _ in POWER_SET])
def test_a_chosen_forwards_power_set_above_0_is_moot(card_type, text, moot) -> None:
    assert _status(text, card_type, power=None) == ("moot" if moot else "unplayed")


OTHER_TRIGGERS = [  # (card type, text, moot or not)
    # a party attack, never made (an unblocked party deals 1 point of damage in all, 10.1.4.1), for removal
    ("forward", "When Mog forms a party and attacks, choose 1 Forward. Return it to its owner's hand.", True),
    (
        "forward",
        "When Mog forms a party with Card Name Kupo and attacks, choose 1 Forward or Monster. Break it.",
        True,
    ),
    ("forward", "When Mog forms a party and attacks, draw 1 card.", False),
    # the card itself put into the Break Zone as the cost it may pay for removal
    (
        "backup",
        "When you cast a Summon, you may put Mog into the Break Zone. When you do so, choose 1 Forward. Dull"
        " it and Freeze it.",
        True,
    ),
    # the opponent's Summons and abilities steered: it casts and uses none
    ("forward", "Summons and abilities of your opponent must choose Mog if possible.", True),
]


@pytest.mark.parametrize(("card_type", "text", "moot"), OTHER_TRIGGERS, ids=[t for _, t, _ in OTHER_TRIGGERS])
def test_party_triggers_a_card_put_away_for_removal_and_the_opponents_choices(card_type, text, moot) -> None:
    assert _status(text, card_type, power=None if card_type != "forward" else 5000) == (
        "moot" if moot else "unplayed"
    )


DAMAGE_CHANGED = [  # (card type, text, moot or not): no Forward is dealt damage here
    (
        "backup",
        "《Dull》, put Mog into the Break Zone: Choose 1 Forward. If it deals damage to a Forward this turn,"
        " the damage increases by 1000 instead.",
        True,
    ),
    (
        "forward",
        "When Mog enters the field, choose 1 Forward. During this turn, if it is dealt damage, double"
        " the damage instead.",
        True,
    ),
    (
        "backup",
        "《Fire》《Dull》: Choose 1 Forward. During this turn, the damage dealt to it is increased by 1000"
        " instead.",
        True,
    ),
    # damage to a player happens: an attack deals it
    (
        "backup",
        "《Dull》: Choose 1 Forward. If it deals damage to your opponent this turn, draw 1 card.",
        False,
    ),
]


@pytest.mark.parametrize(("card_type", "text", "moot"), DAMAGE_CHANGED, ids=[t for _, t, _ in DAMAGE_CHANGED])
def test_damage_to_or_by_a_chosen_forward_changed_is_moot(card_type, text, moot) -> None:
    assert _status(text, card_type, power=None if card_type != "forward" else 5000) == (
        "moot" if moot else "unplayed"
    )


UNBLOCKED = [  # (card type, text, moot or not): this opponent never blocks; every Forward that may attacks
    ("backup", "《Dull》: Choose 1 Forward. It cannot be blocked this turn.", True),
    (
        "forward",
        "When Mog enters the field, choose 1 Forward. If the cost paid to play Mog included Wind CP, it"
        " cannot be blocked this turn.",
        True,
    ),
    (
        "backup",
        "《Dull》, put Mog into the Break Zone: Choose 1 Forward. It must attack this turn if possible.",
        True,
    ),
    ("backup", "《Dull》: Choose 1 Forward. It cannot be blocked this turn. Draw 1 card.", False),
]


@pytest.mark.parametrize(("card_type", "text", "moot"), UNBLOCKED, ids=[t for _, t, _ in UNBLOCKED])
def test_a_chosen_forward_made_unblockable_or_made_to_attack_is_moot(card_type, text, moot) -> None:
    assert _status(text, card_type, power=None if card_type != "forward" else 5000) == (
        "moot" if moot else "unplayed"
    )
