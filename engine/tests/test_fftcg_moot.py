"""Issue 32 item 4, "moot means moot everywhere": an ability whose every sentence is moot against the goldfish
opponent (no characters, plays nothing from its hand, deals no damage) is moot, whatever the mix of its
sentences (engine/played_text/fftcg.py, _moot_sentence_by_sentence). Real wordings with fictional names,
each rule with the near misses it must leave unread: anything that draws, searches, plays, gives Haste,
deals damage to a player, acts on a deck or on your own characters."""

import pytest

from engine.cards import Card
from engine.played_text import card_parts

MOOT = [  # (card type, ability): each must be moot, with its reason
    # the opponent's characters or hand, after a condition on your side
    (
        "forward",
        "When Mog enters the field, your opponent discards 1 card from their hand. If you control 4"
        " or more Job"
        " Dancer, your opponent reveals their hand, and you select 1 card for your opponent to discard from"
        " their hand instead.",
    ),
    (
        "backup",
        "When Mog enters the field, your opponent reveals their hand. Select 1 card of cost 4 or"
        " more in their"
        " hand. Your opponent discards this card.",
    ),
    (
        "backup",
        "When Mog enters the field, your opponent reveals 3 cards from their hand. Select 1 card among them."
        " Your opponent discards this card.",
    ),
    (
        "forward",
        "When Mog enters the field, your opponent randomly removes 1 card in his/her hand from the game.",
    ),
    ("forward", "《Dull》: Your opponent shows his/her hand."),
    # all of the opponent's characters, however named, and what they do or get
    (
        "forward",
        "Kupo Storm 《S》《Wind》《Wind》《Dull》: Deal 2000 damage for each Backup your opponent"
        " controls to all"
        " the Forwards opponent controls.",
    ),
    ("forward", "《Fire》《1》: Deal all the Forwards opponent controls 1000 damage."),
    ("forward", "Spellblade: Fira 《S》《Fire》: Deal 6000 damage to all the Forwards opponent controls."),
    ("forward", "When Mog attacks, dull all the Forwards opponent controls with 8000 power or less."),
    ("forward", "When Mog enters the field, place 1 Doom Counter on all the Forwards opponent controls."),
    (
        "forward",
        "When Mog enters the field, until the end of the turn, all the Forwards opponent controls lose 1000"
        " power for every 2 Water Characters you control.",
    ),
    ("forward", "During your opponent's turn, the Forwards opponent controls cannot use action abilities."),
    ("forward", "Opposing Forwards entering the field will not trigger any auto-abilities."),
    ("forward", "The cost required for your opponent to cast Summons increases by 1."),
    # a choice of the opponent's characters, and what the chosen get
    (
        "forward",
        "When Mog enters the field, choose up to 2 Forwards opponent controls. Dull them. If you control 5 or"
        " more Ice Characters, Freeze them also.",
    ),
    (
        "forward",
        "When Mog enters the field, choose up to the same number of Characters opponent controls as the Job"
        " Ninja you control. Dull them.",
    ),
    (
        "backup",
        "《Water》《1》《Dull》: Choose 1 Forward of cost 5 or more opponent controls. Put it on"
        " top of its owner's deck.",
    ),
    (
        "backup",
        "When Mog enters the field, choose 1 Forward of cost 2 or less opponent controls. You gain"
        " control of it.",
    ),
    # a condition that never holds: the opponent controls nothing, keeps its hand, deals no damage
    ("backup", "When Mog enters the field, if your opponent has no cards in his/her hand, draw 1 card."),
    (
        "forward",
        "If your opponent has 2 cards or less in their hand, Mog gains +2000 power, Haste and First Strike.",
    ),
    (
        "forward",
        "When Mog enters the field, choose 1 Forward. If the number of Forwards your opponent controls is"
        " greater than the number of Forwards you control, remove it from the game.",
    ),
    ("forward", "When Mog enters the field, if you have received 3 points of damage or more, draw 1 card."),
    # power, protection and abilities that are moot themselves, given together
    (
        "forward",
        'If you control 6 or more Characters, Mog gains +2000 power and "Mog cannot be chosen by your'
        " opponent's abilities.\"",
    ),
    (
        "backup",
        "When Mog enters the field, choose 1 Forward you control. It gains +3000 power until the"
        " end of the turn."
        ' If it is a Category VI Forward, it also gains "When this Forward attacks, choose 1 Forward opponent'
        ' controls. Deal it 7000 damage." until the end of the turn.',
    ),
    (
        "forward",
        "If you control 4 or more Ice Characters, Mog gains"
        ' "When Mog attacks, your opponent discards 1 card."',
    ),
    (
        "forward",
        "《1》: Mog's power becomes the same as your opponent's weakest Forward until the end of the turn.",
    ),
    ("forward", "Summons and abilities of your opponent must choose Mog if possible."),
    ("forward", "Reduce the damage dealt to the Job Dancer you control by 2000."),
    ("backup", "Backups don't deal damage to the Forwards you control."),
    ("forward", "Any card put in the Damage Zone due to Mog cannot use its EX Burst."),
    (
        "backup",
        "《Dull》, put Mog into the Break Zone: Choose 1 Forward. If it deals damage to a Forward"
        " opponent controls"
        " this turn, the damage increases by 2000 instead.",
    ),
]

MOOT += [
    ("forward", "Uppercut 《S》《Earth》: Double the power of Mog until the end of the turn."),
    ("forward", "If you control Card Name Kupo, Mog gains +2000 power and Mog cannot be chosen by Summons."),
    ("forward", "《Wind》《Wind》: If Mog deals damage to a Forward this turn, double the damage instead."),
    (
        "forward",
        "《Fire》《Fire》: During this turn, if your ability deals damage to a Forward, double the"
        " damage instead.",
    ),
    (
        "summon",
        "Each Forward can only be blocked by a Forward with a cost inferior or equal to its own this turn.",
    ),
    ("forward", "《3》: Break the Forward that blocks Mog."),
    ("forward", "EX Bursts of cards put into the Damage Zone due to Mog cannot be used."),
]

MOOT += [  # two clauses joined by "and", each moot alone
    (
        "forward",
        "When Mog attacks, until the end of the turn, all the Forwards you control gain +2000 power and all"
        " the Forwards opponent controls lose 2000 power.",
    ),
    (
        "forward",
        "《1》《Dull》: Mog cannot be chosen by your opponent's Summons or abilities until the"
        " beginning of your"
        " next turn. At the beginning of your next turn's Main Phase 1 and until the end of the same turn,"
        " Mog's power will double.",
    ),
    (
        "forward",
        "At the beginning of your opponent's Main Phase 1, your opponent selects 1 active Character he/she"
        " controls and dulls it.",
    ),
]

NOT_MOOT = [  # near misses: each helps the goldfish or acts on your side, and must stay unread
    # a draw, a deck, damage to a player, a play, Haste, beside the opponent's side
    ("forward", "When Mog enters the field, your opponent discards 1 card. Draw 1 card."),
    ("summon", "Deal 2000 damage to all the active Forwards opponent controls. Draw 1 card."),
    (
        "forward",
        "When Mog enters the field or attacks, your opponent removes the top card of their deck"
        " from the game.",
    ),
    (
        "backup",
        "When Mog enters the field, your opponent reveals their hand. You may select 1 card in"
        " their hand other"
        " than a Backup. If you do so, remove it from the game and your opponent draws 1 card.",
    ),
    (
        "forward",
        "When Mog enters the field, your opponent may play 1 Character Card from his/her hand onto"
        " the field.",
    ),
    ("forward", "When Mog enters the field, your opponent gains control of Mog."),
    (
        "forward",
        "Sheol 《S》: Activate all the Forwards you control. They gain Haste until the end of the"
        " turn. All the"
        " Forwards opponent controls lose 2000 power until the end of the turn.",
    ),
    (
        "forward",
        "Tempest 《S》《Wind》《Lightning》: Activate Mog. Until the end of the turn, all the"
        " Forwards opponent"
        ' controls lose 4000 power and Mog gains First Strike and "Mog can attack once more this turn."',
    ),
    ("forward", "《C》: Mog gains Haste and Mog's power becomes 9000."),
    # your own chosen Forward removed, beside the opponent's side
    (
        "monster",
        "Put Mog into the Break Zone: Choose 1 Forward. Deal it 3000 damage, and deal 2000 damage to all the"
        " Forwards opponent controls.",
    ),
    (
        "backup",
        "When Mog enters the field, choose 1 Forward. Deal it 5000 damage. If the number of Forwards your"
        " opponent controls is greater than the number of Forwards you control, deal it 7000 damage instead.",
    ),
    # the opponent's hand counted: it holds cards
    ("forward", "The cost required to cast Mog is increased by 1 for each card in your opponent's hand."),
    ("forward", "If your opponent has 3 or more cards in their hand, Mog gains Haste."),
    # a condition that always holds
    ("forward", "If your opponent doesn't control any Forwards, Mog gains Haste."),
    # a gained ability that plays, or a draw in the same sentence as a moot gain
    (
        "forward",
        'If you control 2 or less Forwards, Mog gains "When Mog deals damage to your opponent, draw 1 card."',
    ),
    (
        "forward",
        "When 2 or more Job Dancer Forwards you control form a party and attack, draw 1 card, all Forwards in"
        ' that party gain "This Forward cannot be broken." until the end of the turn.',
    ),
    ("forward", "If Mog deals damage to a Forward or your opponent, double the damage instead."),
    (
        "forward",
        "When Mog attacks, all the Forwards opponent controls lose 2000 power and all the Forwards"
        " you control"
        " gain Haste until the end of the turn.",
    ),
    (
        "forward",
        "When Mog enters the field, your opponent selects 1 Forward they control. You gain control of it.",
    ),
    ("forward", "If you control Card Name Kupo, Mog gains Haste and Mog cannot be chosen by Summons."),
    (
        "forward",
        "Burst 《S》: Until the end of the turn, Mog doubles its power. Mog can attack twice this turn.",
    ),
    (
        "forward",
        "When Mog enters the field, choose 1 Forward. It cannot attack until the end of your"
        " opponent's turn.",
    ),
]


def parts_of(card_type: str, text: str) -> list[tuple[str, str, str]]:
    card = Card(number="1-001", name="Mog", type=card_type, colors=("ice",), cost=2, text=text)
    return [(p.text, p.status, p.why) for p in card_parts("fftcg", card, {})]


@pytest.mark.parametrize(("card_type", "text"), MOOT, ids=[t for _, t in MOOT])
def test_an_ability_whose_every_sentence_is_moot_is_moot(card_type, text) -> None:
    [(part, status, why)] = parts_of(card_type, text)
    assert (part, status) == (text, "moot")
    assert why


@pytest.mark.parametrize(("card_type", "text"), NOT_MOOT, ids=[t for _, t in NOT_MOOT])
def test_a_sentence_that_helps_the_goldfish_or_acts_on_your_side_leaves_it_unread(card_type, text) -> None:
    assert parts_of(card_type, text) == [(text, "unplayed", "")]


def test_the_reason_names_each_kind_of_sentence_once() -> None:
    text = (
        "When Mog enters the field, choose 1 Forward. If your opponent has 2 cards or less in his/her hand,"
        " dull it and Freeze it. If your opponent has no cards in his/her hand, break it instead."
    )
    [(_, status, why)] = parts_of("backup", text)
    assert status == "moot"
    assert why == (
        "its condition never holds here: this opponent controls nothing, keeps every card it draws and deals"
        " no damage"
    )


def test_a_gained_brave_stays_unread_on_a_card_that_makes_cp() -> None:
    text = (
        "《Dull》: Produce 《Fire》.\n"
        'If you control 6 or more Characters, Mog gains Brave and "Mog cannot be blocked."'
    )
    assert [status for _, status, _ in parts_of("forward", text)] == ["played", "unplayed"]
