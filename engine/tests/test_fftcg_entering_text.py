"""Entering and attacking text of the shapes issue 32's "ff-enter" pass added (engine/readers/fftcg.py,
engine/played_text/fftcg.py): what the opponent's side alone does beside an effect the goldfish plays, a
"select" whose other actions only cost you a card or harm your own, counters on a Forward of yours, an
Element selected for a gain moot in itself however long it lasts, the opponent's own optional play, a
point of damage or a card of your Break Zone the card may give for what changes nothing, and your Damage
Zone, which stays empty.
Real wordings with fictional names, each with the near misses it must leave unread."""

import pytest

from engine.cards import Card
from engine.played_text import card_parts


def parts_of(card_type: str, text: str) -> list[tuple[str, str, str]]:
    card = Card(number="1-001", name="Mog", type=card_type, colors=("ice",), cost=2, text=text)
    return [(p.text, p.status, p.why) for p in card_parts("fftcg", card, {})]


def select(head: str, *actions: str) -> str:
    return head + "".join(f'\n"{a}"' for a in actions)


MOOT = [  # (card type, ability, words of its reason)
    # the opponent's own optional play: this opponent plays nothing
    (
        "forward",
        "When Mog enters the field, your opponent may play 1 Character Card from his/her hand onto the"
        " field.",
        "plays none",
    ),
    (
        "forward",
        "When Mog enters the field, your opponent may play 1 Backup of cost 2 or less from their hand onto"
        " the field.",
        "plays none",
    ),
    # a select whose other actions only cost you a card or could only harm your own
    (
        "forward",
        select(
            "When Mog enters the field, select 1 of the 3 following actions:",
            "Each player discards 1 card from his/her hand.",
            "Choose 1 Forward. Freeze it.",
            "Dull all the Backups opponent controls.",
        ),
        "it only costs you a card",
    ),
    # counters on a Forward of yours: only text that reads them uses them
    (
        "backup",
        "When Mog enters the field, choose 1 Forward you control. Place 1 Ronso Counter on it.",
        "counters matter only",
    ),
    # a point of damage the card may receive for harm it could only do to your own: never paid
    (
        "backup",
        "When Mog enters the field, you may receive 1 point of damage. When you do so, choose 1 Forward."
        " Deal it 7000 damage.",
        "the autopilot pays none",
    ),
    # a card of your Damage Zone, which stays empty
    (
        "forward",
        "When Mog enters the field, choose 1 card with EX Burst in your Damage Zone. You may trigger its EX"
        " Burst effect. (This effect is put on the stack.)",
        "Damage Zone stays empty",
    ),
    # a card of your Break Zone the card may remove for a gain moot in itself, for good
    (
        "forward",
        "When Mog enters the field, choose 1 Monster in your Break Zone. You may remove it from the game. If"
        " you do so, Mog gains +2000 power and \"At the beginning of the Attack Phase during each player's"
        ' turn, choose 1 Forward opponent controls. Dull it." (This effect does not end at the end of the'
        " turn.)",
        "moot in themselves",
    ),
    # the opponent selects among actions that are each moot
    (
        "backup",
        select(
            "When Mog enters the field, your opponent selects 2 of the 4 following actions:",
            "Skip your opponent's Main Phase 1 and Main Phase 2 in their next turn.",
            "Freeze all the Characters opponent controls.",
            "Your opponent selects 1 Forward they control. Put it into the Break Zone.",
            "Your opponent discards 2 cards from their hand.",
        ),
        "the opponent selects, and every action offered is moot",
    ),
    # an Element selected, and a gain moot in itself for good
    (
        "forward",
        'When Mog enters the field, select 1 Element. Mog gains "If Mog deals damage to a Forward of the'
        ' named Element, double the damage instead." (This effect does not end at the end of the turn.)',
        "moot in themselves",
    ),
]

NOT_MOOT = [  # near misses: each helps the goldfish or acts on your side
    (
        "backup",
        select(
            "When Mog enters the field, your opponent selects 1 of the 2 following actions:",
            "Skip your opponent's Main Phase 1 and Main Phase 2 in their next turn.",
            "Draw 1 card.",
        ),
    ),
    (
        "backup",
        select(
            "When Mog enters the field, your opponent selects 1 of the 2 following actions:",
            "Skip your opponent's Attack Phase in their next turn. Remove the top 5 cards of your deck from"
            " the game.",
            "Your opponent discards 2 cards from their hand.",
        ),
    ),
    (
        "forward",
        "When Mog enters the field, you may receive 1 point of damage. When you do so, choose 1 Category VIII"
        " Forward other than Card Name Mog in your Break Zone. Add it to your hand.",
    ),
    (
        "forward",
        "When Mog enters the field, choose 1 card with EX Burst in your Damage Zone. You may trigger its EX"
        " Burst effect. Draw 1 card.",
    ),
    (
        "forward",
        "When Mog enters the field, choose 1 Monster in your Break Zone. You may remove it from the game. If"
        " you do so, Mog gains +2000 power and \"At the beginning of the Attack Phase during each player's"
        ' turn, choose 1 Forward. It gains Haste until the end of the turn." (This effect does not end at the'
        " end of the turn.)",
    ),
    (
        "forward",
        "When Mog enters the field, your opponent may play 1 Forward from their hand onto the field. If they"
        " do so, draw 1 card.",
    ),
    (
        "forward",
        "When Mog enters the field, your opponent may play 1 Forward from your hand onto the field.",
    ),
    (
        "backup",
        "When Mog enters the field, choose 1 Forward you control. Place 1 Ronso Counter on it. Draw 1 card.",
    ),
    (
        "forward",
        "When Mog enters the field, select 1 Element. Mog gains Haste. (This effect does not end at the end"
        " of the turn.)",
    ),
    (
        "forward",
        select(
            "When Mog enters the field, select 1 of the 2 following actions:",
            "Each player discards 1 card from his/her hand. Draw 2 cards.",
            "Dull all the Backups opponent controls.",
        ),
    ),
]


@pytest.mark.parametrize(("card_type", "text", "why"), MOOT, ids=[t for _, t, _ in MOOT])
def test_what_matters_only_against_an_opponent_who_acts_is_moot(card_type: str, text: str, why: str) -> None:
    [(part, status, reason)] = parts_of(card_type, text)
    assert (part, status) == (text, "moot")
    assert why in reason


@pytest.mark.parametrize(("card_type", "text"), NOT_MOOT, ids=[t for _, t in NOT_MOOT])
def test_near_misses_stay_unread(card_type: str, text: str) -> None:
    assert parts_of(card_type, text) == [(text, "unplayed", "")]


@pytest.mark.parametrize(
    ("text", "played"),
    [
        # the opponent's discard changes nothing: the draw alone
        ("When Mog enters the field, your opponent discards 1 card. Draw 1 card.", "draw 1 card"),
        (
            select(
                "When Mog enters the field, select 1 of the 2 following actions:",
                "Each player discards 1 card from their hand.",
                "Draw 1 card.",
            ),
            "draw 1 card; the autopilot selects what it plays, never the other actions offered: it only costs"
            " you a card",
        ),
        (
            select(
                "When Mog enters the field, select 1 of the 2 following actions:",
                "Select 1 Character you control. Break it.",
                "Choose 1 Character of cost 2 or less in your Break Zone. Add it to your hand.",
            ),
            "from your Break Zone to your hand; the autopilot selects what it plays, never the other actions"
            " offered: it chooses a character you control only to remove or weaken it",
        ),
    ],
)
def test_the_effect_beside_what_changes_nothing_is_played(text: str, played: str) -> None:
    [(_, status, why)] = parts_of("forward", text)
    assert status == "played"
    assert played in why
