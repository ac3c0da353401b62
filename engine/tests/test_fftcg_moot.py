"""Issue 32 item 4, "moot means moot everywhere": an ability whose every sentence is moot against the goldfish
opponent (no characters, plays nothing from its hand, deals no damage) is moot, whatever the mix of its
sentences (engine/played_text/fftcg.py, _moot_sentence_by_sentence). Real wordings with fictional names,
each rule with the near misses it must leave unread: anything that draws, searches, plays, gives Haste,
deals damage to a player, acts on a deck or on your own characters."""

import pytest

from engine.cards import Card
from engine.effects import CardFilter
from engine.played_text import card_parts
from engine.readers import read_text

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
    # a cost reduced for damage you have received: by 0
    (
        "forward",
        "The cost required to play Mog onto the field is reduced by 1 for each point of damage you have"
        " received.",
    ),
    ("backup", "The cost required to cast Mog is reduced by 1 for each point of damage you have received."),
    ("backup", "For each point of damage you have received, the cost to cast Mog is reduced by 1."),
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
    # a cost reduced for damage received and for something else
    (
        "forward",
        "The cost required to cast Mog is reduced by 1 for each point of damage you have received and for"
        " each Backup you control.",
    ),
    ("forward", "The cost required to cast Mog is reduced by 1 for each card you have cast this turn."),
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
    # the opponent's hand counted: it holds cards (increased by it: played, test_fftcg_opponent_hand.py)
    ("forward", "The cost required to cast Mog is reduced by 1 for each card in your opponent's hand."),
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


# Used at will (an action or special ability, a Summon, what a cost it may pay buys) and only harming every
# Forward of a kind, whoever controls it: with no opposing character, only yours. Damage to your Forwards
# guarded, and parties allowed: moot whatever uses them.
AT_WILL_MOOT = [
    ("backup", "《Earth》《1》《Dull》: Deal 1000 damage to all Forwards."),
    (
        "forward",
        "Firestorm 《S》《Fire》《Fire》《Dull》: Deal 7000 damage to all the Forwards other than Mog.",
    ),
    ("forward", "Quake 《S》《Earth》《Earth》: Deal 7000 damage to Forwards of all Elements except Earth."),
    ("forward", "Hush 《S》《Water》《Water》: Freeze all the Forwards other than Mog."),
    (
        "forward",
        "《Dull》: Select 1 number. Dull all the Forwards of that cost. You can only use this ability during"
        " your turn.",
    ),
    ("backup", "Put Mog into the Break Zone: No Forward of cost 3 or less can attack this turn."),
    (
        "forward",
        "Doom 《S》《3》《Dull》: All the Forwards other than Mog lose 8000 power until the end of the turn.",
    ),
    (
        "summon",
        "Break all the Forwards of cost 2 or less. If you paid the extra cost, break all the Forwards of"
        " cost 3 or less instead.",
    ),
    (
        "backup",
        "When Mog enters the field, you may pay 《Earth》《Earth》《2》. When you do so, break all Forwards.",
    ),
    ("forward", "《Dull》: The next damage dealt to Mog becomes 0 this turn."),
    ("forward", "《Dull》: Choose 1 Forward. Reduce the next damage dealt to it this turn by 1000."),
    (
        "backup",
        "《Dull》, put Mog into the Break Zone: During this turn, if a Forward you control is dealt damage,"
        " reduce the damage by 2000 instead.",
    ),
    (
        "forward",
        "《0》: During this turn, the next damage dealt to Mog by a Summon or an ability, becomes 0"
        " instead. You can only use this ability once per turn.",
    ),
    (
        "forward",
        "《0》: Choose 1 Forward you control other than Mog. During this turn, the next damage dealt to it"
        " is dealt to Mog instead. You can only use this ability once per turn.",
    ),
    (
        "backup",
        "《Wind》《Dull》, put Mog into the Break Zone: Choose 1 Forward. During this turn, the next damage"
        " it deals to a Forward becomes 0 instead.",
    ),
    ("summon", "Your opponent puts 1 attacking Forward he/she controls into the Break Zone."),
    ("forward", "Mog can form a party with Forwards of any Element."),
    ("backup", "《Dull》: The Forwards you control can form a party with Forwards of any element this turn."),
    (
        "forward",
        "Shield 《S》《Dull》: Activate all Forwards you control. They cannot be chosen by Summons or"
        " abilities this turn.",
    ),
]
AT_WILL_NOT_MOOT = [
    # mandatory: it harms your own Forwards
    ("forward", "When Mog enters the field, deal 1000 damage to all Forwards."),
    ("forward", "When Mog enters the field, break all the Forwards of cost 2 or less."),
    # it also helps, or it does more than harm characters
    ("backup", "《Dull》: Deal 1000 damage to all Forwards. Draw 1 card."),
    ("backup", "《Dull》, put Mog into the Break Zone: Each player discards 1 card from his/her hand."),
    # the opponent's deck: a deck it cannot draw from loses the game (12.4.2), a win the goldfish counts
    ("backup", "《Wind》《Dull》: Your opponent puts the top 2 cards of his/her deck into the Break Zone."),
    ("summon", "Your opponent puts the top card of his/her deck into the Break Zone."),
    ("summon", "Return all Forwards to their owners' hands."),
    ("backup", "《Dull》: Deal 1000 damage to all Forwards. Mog deals you 1 point of damage."),
    ("backup", "When your opponent is dealt damage, activate Mog."),
    (
        "forward",
        "《0》: During this turn, the next damage dealt to you becomes 0 and deal Mog 8000 damage instead.",
    ),
    (
        "backup",
        "Put Mog into the Break Zone: Choose 1 Forward. During this turn, the next damage dealt to it is"
        " reduced by 3000 instead. Draw 1 card.",
    ),
    ("forward", "When Mog forms a party and attacks, draw 1 card."),
]


@pytest.mark.parametrize(("card_type", "text"), AT_WILL_MOOT, ids=[t for _, t in AT_WILL_MOOT])
def test_what_the_autopilot_never_uses_or_is_never_hurt_by_is_moot(card_type, text) -> None:
    [(part, status, why)] = parts_of(card_type, text)
    assert (part, status) == (text, "moot")
    assert why


@pytest.mark.parametrize(("card_type", "text"), AT_WILL_NOT_MOOT, ids=[t for _, t in AT_WILL_NOT_MOOT])
def test_harm_that_must_happen_or_comes_with_a_gain_stays_unread(card_type, text) -> None:
    assert parts_of(card_type, text) == [(text, "unplayed", "")]


def test_the_reason_of_harm_to_every_forward_says_it_is_never_used() -> None:
    [(_, _, why)] = parts_of("backup", "《Earth》《1》《Dull》: Deal 1000 damage to all Forwards.")
    assert why == (
        "the autopilot never uses it: with no opposing character, what it does to every Forward or Character"
        " of a kind could only remove or weaken your own"
    )


# "select N of the M following actions": moot when the autopilot may select only moot actions and would
# never select the others; played when the actions it would select are read (engine/readers/fftcg.py).
def select(head: str, *actions: str) -> str:
    return head + "\n" + "\n".join(f'"{action}"' for action in actions)


SELECT_MOOT = [
    select(
        "When Mog attacks, select 1 of the 2 following actions.",
        "Your opponent discards 1 card.",
        "Choose 1 Forward of cost 2 or less. Break it.",
    ),
    select(
        "When Mog enters the field, select up to 2 of the 4 following actions.",
        "Your opponent discards 1 card from their hand.",
        "Choose up to 2 Characters. Dull them and Freeze them.",
        "Choose 1 Forward of cost 6 or more. Break it.",
        "Choose 1 Monster. Break it.",
    ),
]
SELECT_NOT_MOOT = [
    # a harmful action must be selected: "select 2" of 2
    select(
        "When Mog enters the field, select 2 of the 2 following actions:",
        "Your opponent discards 1 card.",
        "Choose 1 Forward of cost 2 or less. Break it.",
    ),
    # only harmful actions
    select(
        "When Mog enters the field, select 1 of the 2 following actions:",
        "Choose 1 Forward of cost 4 or more. Break it.",
        "Choose 1 Monster. Break it.",
    ),
    # the count may change: left unread whole
    select(
        "When Mog attacks, select 1 of the 2 following actions. If you have received 3 points of damage or"
        " more, select 2 of the 2 following actions instead:",
        "Your opponent discards 1 card.",
        "Choose 1 Forward of cost 2 or less. Break it.",
    ),
    # two actions the simulator plays, of which it selects 1: which, the reader does not say
    select(
        "When Mog enters the field, select 1 of the 3 following actions:",
        "Choose 1 Forward of cost 5 or more. Break it.",
        "Activate all the Backups you control.",
        "Draw 1 card.",
    ),
    # your own returned, and a card drawn for it
    select(
        "When Mog enters the field, select 1 of the 2 following actions:",
        "Your opponent discards 1 card from their hand.",
        "Choose 1 Character you control. Return it to its owner's hand. Draw 1 card.",
    ),
    # an action neither played, moot nor harmful
    select(
        "When Mog enters the field, select 1 of the following actions:",
        "Draw 1 card.",
        "Your opponent discards 1 card from his/her hand.",
        "Activate all Category IX Characters you control.",
    ),
]


@pytest.mark.parametrize("text", SELECT_MOOT)
def test_a_select_of_moot_actions_only_is_moot(text) -> None:
    [(_, status, why)] = parts_of("forward", text)
    assert status == "moot"
    assert "the autopilot selects none of the others" in why


@pytest.mark.parametrize("text", SELECT_NOT_MOOT)
def test_a_select_that_may_harm_or_help_stays_unread(text) -> None:
    assert parts_of("forward", text) == [(text, "unplayed", "")]


def test_a_select_is_played_as_the_action_the_autopilot_selects() -> None:
    text = select(
        "When Mog enters the field, select 1 of the 2 following actions:",
        "Choose 1 Forward. Return it to its owner's hand.",
        "Draw 1 card.",
    )
    [(_, status, why)] = parts_of("forward", text)
    assert status == "played"
    assert why == (
        "when it enters the field, draw 1 card; the autopilot selects what it plays, never the other actions"
        " offered: the autopilot never uses it: with no opposing character, it could only remove or weaken"
        " your own"
    )


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        (
            select(
                "Select 1 of the 3 following actions.",
                "Choose 1 Forward. Return it to its owner's hand.",
                "Choose 1 action ability. Cancel its effect.",
                "During this turn, the Forwards you control don't receive any damage from Summons.",
            ),
            "it guards against damage or abilities",
        ),
        (
            select(
                "Select 1 of the 3 following actions.",
                "Choose 1 Monster. Return it to its owner's hand.",
                "Choose 1 Character you control. Return it to its owner's hand.",
                "Choose 1 Forward. Halve its power until the end of the turn (round down to the nearest"
                " 1000).",
            ),
            "it chooses a character you control only to remove or weaken it",
        ),
    ],
)
def test_a_summons_select_of_protection_and_removal_is_moot(text, reason) -> None:
    """The autopilot never casts a Summon (fuel, §11.5) and the opponent casts none: no damage from a Summon
    is ever dealt, removal used at will has nothing of the opponent's to take, and one that must take yours
    is never selected."""
    [(_, status, why)] = parts_of("summon", text)
    assert status == "moot"
    assert reason in why


def test_a_select_from_the_following_after_a_choice_of_your_own_forward_is_moot() -> None:
    """ "select 1 from the following" of power, First Strike or Brave: each matters only in a battle."""
    text = select(
        "When one of your Water Characters other than Mog enters the field, choose 1 Forward you control."
        " Select 1 from the following:",
        "It gains +1000 power until the end of the turn.",
        "It gains First Strike until the end of the turn.",
        "It gains Brave until the end of the turn.",
    )
    [(_, status, why)] = parts_of("forward", text)
    assert status == "moot"
    assert why.startswith("power, First Strike and Brave matter only when Forwards block or battle")


def test_a_select_of_a_moot_action_over_your_own_returned_is_moot() -> None:
    text = select(
        "When Mog enters the field, select 1 of the 2 following actions:",
        "Your opponent discards 1 card from their hand.",
        "Choose 1 Character you control. Return it to its owner's hand.",
    )
    [(_, status, why)] = parts_of("forward", text)
    assert status == "moot"
    assert why.endswith(
        "the autopilot selects none of the others: it chooses a character you control only to remove or"
        " weaken it"
    )


@pytest.mark.parametrize(
    ("text", "effect", "never"),
    [
        # the other action a protection given as a quoted ability: nothing here breaks a Forward
        (
            select(
                "When Mog enters the field, select 1 of the 2 following actions.",
                "Choose 1 Forward other than Mog. It gains Haste until the end of the turn.",
                "Choose 1 Forward you control. It gains 'This Forward cannot be broken' until the end of the"
                " turn.",
            ),
            "haste",
            "it guards against damage or abilities",
        ),
        # damage and dull on Forwards it may choose none of
        (
            select(
                "When Mog enters the field, select 1 of the following 2 actions:",
                "Choose 1 Forward other than Mog you control. Until the end of the turn, it gains +2000 power"
                " and Haste.",
                "Choose up to 2 Forwards. Deal them 2000 damage and dull them.",
            ),
            "haste",
            "the autopilot never uses it",
        ),
        # a Monster a Forward for good, or put into the Break Zone to break a Forward (yours)
        (
            select(
                "When Mog enters the field, select 1 of the 2 following abilities:",
                "Mog also becomes a Forward with 8000 power. (This effect does not end at the end of the"
                " turn.",
                "Put Mog into the Break Zone. When you do so, choose 1 Forward. Deal it 8000 damage.",
            ),
            "forward",
            "it puts the card itself into the Break Zone, a card of yours lost, for what it never selects",
        ),
    ],
)
def test_a_select_is_played_as_the_action_it_selects_over_a_moot_or_harmful_one(text, effect, never) -> None:
    card_type = "monster" if effect == "forward" else "forward"
    [(_, status, why)] = parts_of(card_type, text)
    assert status == "played"
    assert "the autopilot selects what it plays, never the other actions offered: " + never in why
    card = Card(number="1-001", name="Mog", type=card_type, colors=("ice",), cost=2, text=text)
    assert [e.do for e in read_text("fftcg", text, "Mog").effects] == [effect]
    assert card_parts("fftcg", card, {})[0].status == "played"


def test_a_select_of_two_takes_from_the_break_zone_is_one_take_of_either() -> None:
    """ "select 1" of two actions that differ only in the cards they take: whichever can take one is
    selected (11.8.10), one take of a card either filter names."""
    text = select(
        "When Mog enters the field, select 1 of the 2 following actions:",
        "Choose 1 Summon in your Break Zone. Add it to your hand.",
        "Choose 1 Category V Forward in your Break Zone. Add it to your hand.",
    )
    [effect] = read_text("fftcg", text, "Mog").effects
    assert (effect.when, effect.do, effect.zone) == ("enters", "search", "break-zone")
    assert effect.filter == CardFilter(
        any_of=(CardFilter(type="summon"), CardFilter(type="forward", traits=("V",)))
    )
    [(_, status, _)] = parts_of("backup", text)
    assert status == "played"


def test_a_select_that_may_select_more_under_a_condition_is_judged_as_before() -> None:
    """ "select up to 3 ... instead" leaves the autopilot free to select the moot action alone; "select 2
    of the 2 ... instead" would make it select the harmful one too (SELECT_NOT_MOOT)."""
    text = select(
        "Select 1 of the 3 following actions. If you have a total of 5 or more Card Name Kupo in your Break"
        " Zone (before paying the cost for Mog), select up to 3 of the 3 following actions instead:",
        "Choose 1 Forward. Deal it 7000 damage.",
        "Choose 1 Monster of cost 3 or less. Break it.",
        "Deal 3000 damage to all the Forwards opponent controls.",
    )
    [(_, status, _)] = parts_of("summon", text)
    assert status == "moot"


@pytest.mark.parametrize(
    "text",
    [
        "《Dull》, put Mog into the Break Zone: Choose 1 Forward. It gains +2000 power until the end of the"
        " turn. If you have received a point of damage this turn, it gains +10000 power until the end of the"
        " turn instead.",
        "Hush 《S》《Ice》《Ice》《Ice》: Break all the dull Backups.",
    ],
)
def test_power_instead_and_every_backup_broken_at_will_are_moot(text) -> None:
    [(_, status, _)] = parts_of("backup", text)
    assert status == "moot"


def test_a_forward_that_must_attack_at_least_once_is_played_as_the_autopilot_attacks() -> None:
    [(_, status, why)] = parts_of("forward", "Mog must attack at least once per turn if possible.")
    assert (status, why) == ("played", "the autopilot attacks with every Forward that may")


@pytest.mark.parametrize(
    ("text", "keywords", "status"),
    [
        # a real keyword line without commas: Haste and Brave played, First Strike only in a battle
        ("Haste First Strike Brave", ("haste", "first-strike", "brave"), "played"),
        ("Haste, First Strike", ("haste", "first-strike"), "played"),
        ("First Strike", ("haste", "first-strike"), "moot"),
        # a keyword the card's data does not carry is not played because its line names it
        ("First Strike Brave", ("first-strike",), "unplayed"),
    ],
)
def test_a_keyword_line_with_first_strike_plays_the_others(text, keywords, status) -> None:
    card = Card("1-001H", "Mog", "forward", ("fire",), cost=3, keywords=keywords, text=text)
    [part] = card_parts("fftcg", card, {})
    assert part.status == status
    assert ("First Strike matters only in a battle" in part.why) == (status != "unplayed")


# The opponent's side in more wordings (issue 32 item 4): each rule by the shape it reads, with the near
# misses it must leave unread below.
THEIR_SIDE_MOOT = [
    # the chosen of theirs named otherwise than "it" or "them"
    (
        "forward",
        "Kupo Rain 《S》《Fire》《Fire》: Choose up to 3 Forwards opponent controls. Deal 1 of them 5000"
        " damage, 1 of them 3000 damage, and 1 of them 1000 damage.",
    ),
    (
        "summon",
        "Choose up to 2 Forwards opponent controls. Remove the first Forward from the game, and break the"
        " other.",
    ),
    # a count of yours that only sizes the effect on their side
    (
        "forward",
        "When Mog enters the field, choose as many Forwards opponent controls as the Job Moogle you"
        " control. Dull them.",
    ),
    (
        "forward",
        "When Mog enters the field, choose up to the same number of Forwards opponent controls as the"
        " Characters put into the Break Zone from your field this turn. Deal them 8000 damage.",
    ),
    (
        "forward",
        "At the end of each of your turns, deal 1000 damage for each card you have cast this turn to all"
        " the Forwards opponent controls.",
    ),
    (
        "forward",
        "When Mog attacks, deal 2000 damage and 1000 more damage for each Card Name Mog in your Break Zone"
        " to all the Forwards opponent controls.",
    ),
    # what their Forwards lose, Haste among it; an ability they gain; their counters; a delayed break
    (
        "backup",
        "Put Mog into the Break Zone: Until the end of the turn, all the Forwards opponent controls lose"
        " Haste, First Strike and Brave.",
    ),
    (
        "forward",
        "All the Forwards opponent controls gain \"At the end of your turn, if you don't pay 《1》, break"
        ' this Forward."',
    ),
    (
        "forward",
        "When Mog enters the field, at the end of your opponent's turn, break all the Forwards opponent"
        " controls with a Doom Counter on them.",
    ),
    ("backup", "Mog gains Elements of all the Characters opponent controls except Light and Dark"),
    # the opponent's hand shown and a card of it removed
    (
        "forward",
        "When Mog enters the field, your opponent reveals their hand. Select 1 card in their hand. Your"
        " opponent removes it from the game.",
    ),
    # the opponent selecting its own characters
    (
        "forward",
        "When Mog enters the field, your opponent selects 1 Forward they control. Deal 4000 damage to all"
        " the other Forwards opponent controls.",
    ),
    (
        "backup",
        "《Ice》《Dull》, put Mog into the Break Zone: Your opponent selects 1 active Character they"
        " control and dulls it.",
    ),
    (
        "forward",
        "When Mog enters the field, you may put 1 Character you control into the Break Zone. When you do"
        " so, your opponent selects 1 dull Forward they control. Put it into the Break Zone.",
    ),
    # used at will: harm to the character chosen first (yours, here) beside the opponent's side
    (
        "forward",
        "Flare 《S》《Dull》: Choose 1 Forward. Break it. Then, your opponent selects 1 Backup they"
        " control. Put it into the Break Zone.",
    ),
    (
        "summon",
        "Choose 1 dull Forward. Break it. If the cost to cast Mog was paid with CP of 3 or more different"
        " Elements, your opponent discards 1 card from their hand.",
    ),
    (
        "forward",
        "《0》: Discard 1 Job Moogle from your hand. When you do so, choose 1 Forward opponent controls."
        " Deal it 5000 damage.",
    ),
    # a special ability printed without its colon; damage that cannot be reduced
    ("forward", "Kupo Freeze 《S》《Ice》《Ice》 Freeze all the Forwards opponent controls."),
    (
        "forward",
        "Kupo Cut 《S》: Deal 7000 damage to all the Forwards opponent controls. This damage cannot be"
        " reduced.",
    ),
    # what the opponent casts, uses, triggers or declares
    (
        "forward",
        "《Dull》: Choose an opponent's auto-ability. If your opponent doesn't pay 《2》, cancel its effect.",
    ),
    (
        "forward",
        "Put Mog into the Break Zone: Choose 1 Summon. If your opponent doesn't pay 《3》, cancel its"
        " effect.",
    ),
    (
        "forward",
        "During each turn, when your opponent casts a Summon for the first time in that turn, cancel its"
        " effect.",
    ),
    (
        "forward",
        "When an opponent's Forward enters the field, you may pay 《1》 and discard 1 Monster. When you do"
        " so, break that Forward.",
    ),
    (
        "forward",
        "Your opponent may only declare as many attacks in the same turn as the number of Backups they"
        " control.",
    ),
    (
        "backup",
        "《Dull》, put Mog into the Break Zone: During this turn, if a Character enters the field by your"
        " opponent's Summons or abilities, remove it from the game instead.",
    ),
    # a choice only the opponent's field meets, needed ("cost 3 or less", "Job Moogle or Card Name Kupo" name
    # one kind): the whole ability cannot be used, the damage to you with it
    (
        "forward",
        "When Mog enters the field, choose 1 Forward of cost 3 or less opponent controls. Break it. Mog"
        " deals you 1 point of damage.",
    ),
    (
        "forward",
        "When Mog enters the field, choose 1 Job Moogle Forward or Card Name Kupo Forward you control and"
        " 1 Forward opponent controls. Each Forward deals damage equal to its power to the other.",
    ),
    (
        "forward",
        "When Mog enters the field, you may pay 《2》. When you do so, choose 1 Forward opponent controls."
        " Mog and the chosen Forward deal damage equal to their respective power to the other.",
    ),
    # beside a crystal; after a trigger that starts "During"; under a trigger restriction
    ("backup", "When Mog enters the field, gain 《C》. Your opponent discards 1 card from their hand."),
    (
        "backup",
        "During your opponent's Attack Phase, when a Forward you control is put from the field into the"
        " Break Zone, your opponent discards 1 card from their hand.",
    ),
    (
        "forward",
        "When you cast a Summon, choose up to 1 Forward opponent controls. Its power becomes 5000 until"
        " the end of the turn. This effect will trigger only during your turn.",
    ),
    (
        "forward",
        'Remove Mog from the game: All the Forwards you control gain "This Forward cannot be broken."'
        " until the end of the turn. You can only use this ability during your opponent's turn.",
    ),
    # conditions that never hold: the opponent's hand is never empty, nor below 5 cards
    (
        "forward",
        'If both you and your opponent have no cards in hand, Mog gains First Strike, Brave, and "Mog can'
        ' attack twice in the same turn."',
    ),
    (
        "forward",
        "At the end of each of your turns, if each player has no cards in their hands, Mog deals your"
        " opponent 1 point of damage.",
    ),
    (
        "monster",
        "《0》: Until the end of the turn, Mog also becomes a Forward with 8000 power. You can only use"
        " this ability if your opponent has 2 cards or less in their hand and only once per turn.",
    ),
    (
        "forward",
        "The cost required to cast Mog is reduced by 2 for each Element among Characters opponent controls.",
    ),
]
THEIR_SIDE_MOOT += [  # a Forward stood up and given power, in one sentence; the chosen of theirs activated
    (
        "backup",
        "At the beginning of the Attack Phase during each player's turn, choose 1 Forward. Activate it and"
        " it gains +2000 power until the end of the turn.",
    ),
    (
        "forward",
        "When Mog attacks, choose up to 1 Forward opponent controls. If Mog has 10000 power or more,"
        ' activate it and it gains "If possible, this Forward must block." until the end of the turn.',
    ),
    (
        "forward",
        "Discard 1 card: If the discarded card is a Water card, activate Mog and Mog gains +2000 power"
        " until the end of the turn.",
    ),
    (
        "forward",
        "When Mog attacks, you may dull any number of active Fire Backups you control. When you do so,"
        " choose 1 Forward. Deal it 3000 damage for each Backup you dulled due to this ability and Mog"
        " gains +3000 power for each Backup you dulled due to this ability until the end of the turn.",
    ),
]
THEIR_SIDE_NOT_MOOT = [
    # a Forward of yours dulled beside a protection (as test_fftcg_effects.py's Summon), broken, or dulled
    # beside a draw
    (
        "forward",
        "Put Mog into the Break Zone: Choose 1 Job Kupo Forward or Card Name Kupo Forward you control. Dull"
        ' it and it gains "This Forward cannot be broken." until the end of the turn.',
    ),
    ("backup", "《Dull》, put Mog into the Break Zone: Choose 1 Forward you control. Break it."),
    ("backup", "《Dull》: Choose 1 Forward you control. Dull it. Draw 1 card."),
    # harm to a chosen Forward (yours, here) or a draw, joined by "and" to power gained
    ("forward", "When Mog attacks, choose 1 Forward. Deal it 8000 damage and Mog gains +3000 power."),
    (
        "backup",
        "When Mog enters the field, choose 1 Forward. Break it and all the Forwards you control gain +1000"
        " power.",
    ),
    ("forward", "When Mog attacks, Mog gains +1000 power for each Backup you control and draw 1 card."),
    (
        "forward",
        "When Mog enters the field, choose up to 1 Forward opponent controls. Deal it damage equal to"
        " Mog's power and draw 1 card.",
    ),
    (
        "forward",
        "When Mog enters the field, choose up to 1 Forward opponent controls. Deal it 1000 damage for each"
        " Backup you control and draw 1 card.",
    ),
    # damage to the opponent, and what it triggers or is conditioned on
    ("forward", "Mog cannot deal damage to your opponent."),
    ("forward", "If Mog deals damage to your opponent, the damage becomes 2 instead."),
    ("forward", "If your opponent doesn't control any Forwards, Mog cannot attack."),
    ("backup", "When your opponent is dealt damage, activate Mog."),
    # a mandatory choice that takes your own Forward (only yours are dull), used when it triggers
    ("backup", "When Mog enters the field, choose 1 dull Forward. Break it. Your opponent discards 1 card."),
    (
        "forward",
        "When Mog enters the field, choose 1 Forward. Break it. Then, your opponent selects 1 Backup they"
        " control. Put it into the Break Zone.",
    ),
    # a draw or Haste in the sentence on the chosen of theirs
    (
        "forward",
        "When Mog enters the field, choose up to 1 Forward opponent controls. Deal it 7000 damage and draw"
        " 1 card.",
    ),
    (
        "forward",
        "When Mog enters the field, choose up to 1 Forward opponent controls. It loses 1000 power and Mog"
        " gains Haste.",
    ),
    # a card of theirs cast; a Forward of yours returned; a play bought
    (
        "forward",
        "Steal 《S》《Wind》: Your opponent reveals their hand. Select 1 card in their hand. Your opponent"
        " removes it from the game. You can cast it as though you owned it this turn.",
    ),
    (
        "backup",
        "When Mog enters the field, choose 1 Forward you control. Return it to its owner's hand. When you"
        " do so, your opponent selects 1 Forward they control. Put it into the Break Zone.",
    ),
    (
        "backup",
        "《Dull》, put Mog into the Break Zone: Choose 1 Forward you control. Return it to its owner's hand.",
    ),
    (
        "forward",
        "When Mog enters the field, you may play 1 Monster of cost 2 or less from your hand onto the"
        " field. When you do so, choose 1 Forward opponent controls. Return it to its owner's hand.",
    ),
    (
        "backup",
        "When Mog enters the field, choose 1 Forward opponent controls and 1 Forward of cost 4 or less in"
        " your Break Zone. Break the former and play the latter onto the field.",
    ),
    # a card in a Break Zone is no character: removing it may matter
    (
        "forward",
        "《1》: Choose 1 Forward in your opponent's Break Zone. Remove it from the game. Mog's power"
        " becomes the same as that Forward's power until the end of the turn.",
    ),
    # your own Forwards with counters; your own count in a cost
    ("forward", "When Mog attacks, break all the Forwards you control with a Doom Counter on them."),
    (
        "forward",
        "The cost required to cast Mog is reduced by 1 for each Forward you control and each Forward"
        " opponent controls.",
    ),
    # a restriction lifted does not hide a draw; a trigger that starts "During" still draws
    (
        "forward",
        "When you discard 1 or more cards due to Summons or abilities, draw 1 card. This effect will"
        " trigger only during your opponent's turn.",
    ),
    ("forward", "During your turn, when a Forward you control attacks, draw 1 card and Mog gains Haste."),
]


@pytest.mark.parametrize(("card_type", "text"), THEIR_SIDE_MOOT, ids=[t for _, t in THEIR_SIDE_MOOT])
def test_what_acts_only_on_the_opponents_side_is_moot_in_more_wordings(card_type, text) -> None:
    [(part, status, why)] = parts_of(card_type, text)
    assert (part, status) == (text, "moot")
    assert why


@pytest.mark.parametrize(("card_type", "text"), THEIR_SIDE_NOT_MOOT, ids=[t for _, t in THEIR_SIDE_NOT_MOOT])
def test_near_misses_of_the_opponents_side_stay_unread(card_type, text) -> None:
    assert parts_of(card_type, text) == [(text, "unplayed", "")]


def test_a_name_with_a_comma_is_read_whole_and_written_back_in_the_reason() -> None:
    """A trigger is read up to its comma: "When Mog, Lord of Kupo enters the field, ..." is read as the card's
    own, and the reason names the card as printed (the text reader's effects off, so that the choice of a
    Forward of yours is judged here)."""
    name = "Mog, Lord of Kupo"
    theirs = (
        f"When {name} enters the field, choose up to 2 Forwards opponent controls. Deal them 4000 damage."
    )
    itself = f"When {name} enters the field, choose 1 Forward. Deal it 2000 damage."
    mine = f"When {name} attacks, choose 1 Forward. Break it."
    card = Card("1-001", name, "forward", ("fire",), cost=3, power=7000, text=f"{theirs}\n{itself}\n{mine}")
    [first, second, third] = card_parts("fftcg", card, {"card_effects": False})
    assert (first.text, first.status) == (theirs, "moot")
    assert (second.text, second.status) == (itself, "moot")
    assert f"the autopilot chooses {name} itself: 2000 damage" in second.why
    # a choice that may take your own Forward and break it stays unread, name or no name
    assert (third.text, third.status) == (mine, "unplayed")


def test_the_forward_itself_chosen_for_damage_beside_power_it_gains_counts_the_damage_alone() -> None:
    """The power it gains only keeps it further from breaking: 1000 damage below its 7000 power."""
    text = (
        "When Mog attacks, choose 1 Forward. Deal it 1000 damage and Mog gains +1000 power until the end of"
        " the turn."
    )
    card = Card("1-001", "Mog", "forward", ("fire",), cost=3, power=7000, text=text)
    [part] = card_parts("fftcg", card, {"card_effects": False})
    assert part.status == "moot"
    assert "1000 damage and power lost at most, below its 7000 power" in part.why
    heavy = Card(
        "1-002",
        "Mog",
        "forward",
        ("fire",),
        cost=3,
        power=7000,
        text=text.replace("1000 damage", "7000 damage"),
    )
    assert [p.status for p in card_parts("fftcg", heavy, {"card_effects": False})] == ["unplayed"]


# More wordings of the one rule (issue 32): Summons' own casting, parties the autopilot never forms, Summons
# neither player casts, cards that never leave the field, damage to Forwards never dealt, crystals, harm used
# at will; each with near misses that help the goldfish or act on your side and stay unread.
MORE_MOOT = [  # (card type, ability)
    # about casting the Summon itself: the autopilot never casts one (fuel, §11.5)
    ("summon", "If you cast Mog, you may pay an extra 《Fire》《2》."),
    ("summon", "You must control a Light Forward to cast Mog."),
    (
        "summon",
        "When Mog chooses a Forward of cost 2 or less, the cost required to cast Mog is reduced by 1.",
    ),
    (
        "summon",
        "Before paying the cost to cast Mog, you can remove 10 Fire Characters in your Break Zone from the"
        " game to reduce the cost required to cast Mog by 5.",
    ),
    # power of a chosen Job (a Job names characters), more of it "instead"
    (
        "backup",
        "《Dull》: Choose 1 Job Kupo Operative. It gains +1000 power until the end of the turn. If you"
        " control Card Name Kupo, it gains +2000 power until the end of the turn instead.",
    ),
    (
        "backup",
        "《Dull》: Choose 1 Card Name Kupo or Card Name Kumop. It gains First Strike or Brave until the end"
        " of the turn.",
    ),
    # harm used at will: a special ability named with a colon, damage divided equally, "put it in"
    ("forward", "Spellblade: Blizzara 《S》《Ice》: Choose up to 2 damaged Forwards. Break them."),
    (
        "backup",
        "Kupo Slash 《S》《Fire》《1》《Dull》: Choose up to 2 Forwards. Divide 8000 damage among them"
        " equally.",
    ),
    ("forward", "Dull 3 active Category XV Forwards: Choose 1 Forward. Put it in the Break Zone."),
    (
        "summon",
        "Select 1 number. Your opponent selects 1 number. Break all Forwards of cost equal to either number.",
    ),
    ("summon", "Both players select 1 Forward they control and put it into the Break Zone."),
    (
        "summon",
        "Each player selects up to 2 Forwards or Monsters they control (select as many as possible). Put them"
        " into the Break Zone.",
    ),
    # parties: the autopilot forms none
    (
        "backup",
        "When 2 or more Category VI Forwards you control form a party and attack, choose 1 Character. Dull it"
        " and freeze it.",
    ),
    ("forward", "If Mog forms a party, the damage dealt to Mog becomes 0 instead."),
    ("forward", "If Mog forms a party, Mog doesn't receive any damage."),
    (
        "forward",
        "If Mog forms a party, the damage dealt to the Forwards forming this party becomes 0 instead.",
    ),
    # Summons: neither player casts one
    ("forward", "When Mog is chosen by a Summon, put Mog into the Break Zone."),
    ("forward", "Players cannot cast Summons."),
    # leaving the field, into the deck too, or later in the turn: none leaves
    ("forward", "When Mog is put from the field into its owner's deck, draw 3 cards."),
    (
        "forward",
        "《0》: Choose 1 Forward other than Mog. It gains +2000 power until the end of the turn. During this"
        " turn, when that Forward is put from the field into the Break Zone, Mog deals you 1 point of damage."
        " You can only use this ability once per turn.",
    ),
    (
        "forward",
        "《Dull》: Choose 1 Forward other than Mog. It gains +3000 power until the end of the turn. When that"
        " Forward leaves the field this turn, put Mog into the Break Zone.",
    ),
    # damage to Forwards: none is dealt
    ("backup", "《Dull》: Negate all damage dealt to all the Forwards you control."),
    (
        "backup",
        '《Dull》, put Mog into the Break Zone: Choose 1 Forward. It gains "When this Forward deals battle'
        ' damage to a Forward, break that Forward." until the end of the turn.',
    ),
    (
        "backup",
        "《Dull》, put Mog into the Break Zone: If a Forward receives damage this turn, the damage increases"
        " by 1000 instead.",
    ),
    # crystals, under a condition too; Forwards of a Category stood up at the end of the turn
    ("backup", "At the end of each of your turns, if you have paid 2 or more 《C》 this turn, gain 《C》."),
    ("forward", "At the end of each of your turns, activate all the Category IV Forwards you control."),
    ("forward", "Mog cannot form parties."),
    ("forward", "When the Forward Card Name Kupo is put from your field into the Break Zone, draw 2 cards."),
    (
        "backup",
        "During your opponent's turn, when a Forward you control is put from the field into the Break Zone,"
        " you may put Mog into the Break Zone. If you do so, draw 1 card.",
    ),
    (
        "summon",
        "Choose 1 Forward. If it has 7000 power or less, break it. If you control a Job Kupo Cadet Forward,"
        " break it regardless of its power instead.",
    ),
    ("summon", "Choose 1 Forward. At the beginning of the next Main Phase 1, put it into the Break Zone."),
]

MORE_NOT_MOOT = [  # (card type, ability): near misses of MORE_MOOT
    (
        "forward",
        "If you cast Mog, you may pay an extra 《2》.",
    ),  # not a Summon: no rule of a Summon's casting
    ("backup", "《Dull》: Choose 1 Forward. It gains Haste or Brave until the end of the turn."),
    (
        "forward",
        "Dull 3 active Category XV Forwards: Choose 1 Forward. Put it in the Break Zone. Draw 1 card.",
    ),
    ("summon", "Each player selects 1 Forward they control and returns it to its owner's hand."),
    ("forward", "When 2 or more Category VI Forwards you control form a party and attack, draw 1 card."),
    ("forward", "If Mog forms a party, the damage dealt to your opponent becomes 2 instead."),
    ("forward", "When Mog is chosen by an ability, put Mog into the Break Zone."),
    (
        "forward",
        "《0》: Choose 1 Forward other than Mog. It gains +2000 power until the end of the turn. When that"
        " Forward deals damage to your opponent this turn, draw 1 card.",
    ),
    ("backup", "《Dull》: Negate all damage dealt to your opponent."),
    (
        "backup",
        "《Dull》, put Mog into the Break Zone: If a Forward deals damage to your opponent this turn, the"
        " damage increases by 1 instead.",
    ),
    ("backup", "At the end of each of your turns, if you have paid 2 or more 《C》 this turn, draw 1 card."),
    ("backup", "At the end of each of your turns, activate all the Category IV Backups you control."),
    ("monster", "Put Mog into the Break Zone: Choose 1 Forward. Deal it 3000 damage, and draw 1 card."),
    ("forward", "When Card Name Kupo is put from your hand into the Break Zone, draw 2 cards."),
    # the harm it does may break the chosen: what its leaving triggers may happen
    (
        "summon",
        "Choose 1 Forward. Deal it 5000 damage. When it is put from the field into the Break Zone this turn,"
        " draw 1 card.",
    ),
]


@pytest.mark.parametrize(("card_type", "text"), MORE_MOOT, ids=[t for _, t in MORE_MOOT])
def test_more_wordings_of_the_one_rule_are_moot(card_type, text) -> None:
    [(part, status, why)] = parts_of(card_type, text)
    assert (part, status) == (text, "moot")
    assert why


@pytest.mark.parametrize(("card_type", "text"), MORE_NOT_MOOT, ids=[t for _, t in MORE_NOT_MOOT])
def test_near_misses_of_the_more_wordings_stay_unread(card_type, text) -> None:
    assert parts_of(card_type, text) == [(text, "unplayed", "")]


@pytest.mark.parametrize(
    ("text", "reason"),
    [
        ("If Mog forms a party, Mog doesn't receive any damage.", "the autopilot forms none"),
        ("Players cannot cast Summons.", "neither player casts one here"),
        ("When Mog is put from the field into its owner's deck, draw 3 cards.", "none does here"),
    ],
)
def test_the_new_reasons_say_why(text, reason) -> None:
    [(_, _, why)] = parts_of("forward", text)
    assert reason in why
