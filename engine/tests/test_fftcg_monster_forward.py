"""FFTCG: a Monster that also becomes a Forward by an action ability paid in CP or while you control some
characters, a Forward whose action ability gives it Haste, and a Forward that is also a Monster
(engine/readers/fftcg.py; engine/goldfish/fftcg.py `_become_forwards`, `_haste_actions`), read and played,
games worked by hand in both play orders.

The decks: the card with the text on top, then 2 Fire Clerks (Backups, cost 2, generic icon) and Fire
Sparks (Summons: fuel, never cast). Going first, turn 1 holds 6 cards (5 dealt, 1 drawn), going second 7
(2 drawn); turn 2 draws 2 either way.
"""

from __future__ import annotations

import pytest

from engine import Card, Deck, DeckEntry
from engine.effects import CardFilter, Condition, Effect, describe
from engine.errors import DeckFileError
from engine.goldfish.fftcg import (
    ACT_FORWARD,
    ACT_HASTE,
    F_ACT_PAY,
    F_ACT_REQ,
    F_ACTION,
    F_FW_IF,
    FIND_FW_IF,
    FIND_SEARCH,
    FORWARD,
    K_ACTIONS,
    compile_deck,
)
from engine.goldfish.fftcg_kinds import F_TYPE
from engine.played_text import card_parts
from engine.readers import read_text
from engine.tests.test_fftcg_effects import SIM

WYRM = (
    "《1》: Until the end of the turn, Wyrm also becomes a Forward with 7000 power. You can only use this"
    " ability once per turn."
)
FREE = "《0》: Until the end of the turn, Wyrm also becomes a Forward with 6000 power."
DEAR = "《3》: Until the end of the turn, Wyrm also becomes a Forward with 9000 power."
WHILE = "If you control 2 or more Fire Backups, Wyrm also becomes a Forward with 8000 power."
GIL = "《Fire》: Gil gains Haste until the end of the turn."


def wyrm_deck(text: str, clerk_color: str = "fire") -> tuple[Deck, list[str]]:
    wyrm = Card("T9-001", "Wyrm", "monster", ("fire",), 2, text=text)
    clerk = Card("T9-002", "Clerk", "backup", (clerk_color,), 2, keywords=("multi-playable",))
    spark = Card("T9-003", "Spark", "summon", ("fire",), 2)
    deck = Deck(
        "fftcg", "constructed",
        {"main": (DeckEntry("T9-001", 1), DeckEntry("T9-002", 2), DeckEntry("T9-003", 47))},
        {"T9-001": wyrm, "T9-002": clerk, "T9-003": spark},
    )  # fmt: skip
    return deck, ["T9-001", "T9-002", "T9-002"] + ["T9-003"] * 47


def texts(log, turn: int) -> list[str]:
    return [e.text for e in log.events if e.turn == turn and e.phase in ("main 1", "attack")]


TURN_1 = [
    "cast Clerk (T9-002) for 2 CP by discarding Spark (T9-003)",
    "cast Clerk (T9-002) for 2 CP by discarding Spark (T9-003)",
    "cast Wyrm (T9-001) for 2 CP by discarding Spark (T9-003)",
]


@pytest.mark.parametrize("going", ["first", "second"])
def test_a_monster_pays_its_action_ability_with_a_backup_left_active_and_attacks(going) -> None:
    # Turn 1 (backup turns: Backups first): the 2 Clerks, then Wyrm, cast as a Forward is, each by
    # discarding a Spark (2 CP); Wyrm entered this turn, so it cannot attack (10.1.2.1.1). Turn 2: 2 Sparks
    # drawn, nothing to cast; both Clerks stood up in the Active Phase. In the attack preparation step Wyrm
    # pays 《1》 by dulling 1 Clerk (a payment uses no more than it needs), becomes a Forward, attacks: 1.
    deck, order = wyrm_deck(WYRM)
    log = SIM.play_stacked(deck, SIM.params(going=going, max_turns=2), order)
    assert texts(log, 1) == TURN_1
    assert texts(log, 2) == [
        "Wyrm (T9-001): action ability for 1 CP by dulling Clerk (T9-002): it also becomes a Forward until"
        " the end of the turn",
        "Wyrm (T9-001) attacks: opponent damage 1",
    ]
    assert log.final["opp_damage"] == 1
    # without the text Wyrm is a Monster that does nothing: fuel, never cast (cast_monsters off)
    off = SIM.play_stacked(deck, SIM.params(going=going, max_turns=2, policy={"card_effects": False}), order)
    assert off.final["opp_damage"] == 0 and off.final["forwards"] == 0


@pytest.mark.parametrize("going", ["first", "second"])
def test_a_cost_the_backups_cannot_pay_is_paid_by_a_discard_only_with_the_knob(going) -> None:
    # 《3》: the 2 Clerks make 2 CP, short of 3, so by default Wyrm stays a Monster on turn 2: 0 damage. With
    # action_discards the payment is a Clerk and a Spark (1 + 2 = 3 CP; both Clerks and a Spark would be 4,
    # more than it needs, 11.6.2.1): Wyrm attacks, 1 damage, and the hand has 1 card less (going first 2
    # Sparks drawn: 1 left; going second 1 kept from turn 1 and 2 drawn: 2 left).
    deck, order = wyrm_deck(DEAR)
    log = SIM.play_stacked(deck, SIM.params(going=going, max_turns=2), order)
    assert texts(log, 2) == [] and log.final["opp_damage"] == 0
    paid = SIM.play_stacked(
        deck, SIM.params(going=going, max_turns=2, policy={"action_discards": True}), order
    )
    assert texts(paid, 2) == [
        "Wyrm (T9-001): action ability for 3 CP by discarding Spark (T9-003) and dulling Clerk (T9-002): it"
        " also becomes a Forward until the end of the turn",
        "Wyrm (T9-001) attacks: opponent damage 1",
    ]
    assert paid.final["opp_damage"] == 1
    assert paid.final["hand"] == log.final["hand"] - 1 == (1 if going == "first" else 2)


@pytest.mark.parametrize("going", ["first", "second"])
def test_an_element_the_sources_lack_is_not_paid(going) -> None:
    # 《Fire》 with Ice Clerks: no source makes Fire CP, and a discard is not allowed by default: 0 damage.
    deck, order = wyrm_deck(WYRM.replace("《1》", "《Fire》"), clerk_color="ice")
    log = SIM.play_stacked(deck, SIM.params(going=going, max_turns=2), order)
    assert log.final["opp_damage"] == 0
    # 《0》: nothing to pay, so it attacks whatever the sources
    free = SIM.play_stacked(wyrm_deck(FREE, "ice")[0], SIM.params(going=going, max_turns=2), order)
    assert texts(free, 2) == [
        "Wyrm (T9-001): action ability for 0 CP (free): it also becomes a Forward until the end of the turn",
        "Wyrm (T9-001) attacks: opponent damage 1",
    ]


@pytest.mark.parametrize("going", ["first", "second"])
@pytest.mark.parametrize(("needed", "damage"), [("2", 1), ("3", 0)])
def test_a_monster_is_a_forward_while_its_condition_holds(going, needed, damage) -> None:
    # "If you control 2 or more Fire Backups": turn 1 casts the 2 Clerks and Wyrm (as above); on turn 2 the
    # 2 Fire Backups are counted in the attack phase: Wyrm is a Forward and attacks, 1 damage. "3 or more":
    # it stays a Monster, 0.
    deck, order = wyrm_deck(WHILE.replace("2 or more", f"{needed} or more"))
    log = SIM.play_stacked(deck, SIM.params(going=going, max_turns=2), order)
    assert texts(log, 1) == TURN_1
    expected = [
        "Wyrm (T9-001): 2 of the characters its condition counts: it is also a Forward",
        "Wyrm (T9-001) attacks: opponent damage 1",
    ]
    assert texts(log, 2) == (expected if damage else [])
    assert log.final["opp_damage"] == damage


# Entering, it selects to be a Forward for good, never to put itself into the Break Zone and break a
# Forward (yours: the opponent has none).
SELECTED = (
    "When Wyrm enters the field, select 1 of the 2 following actions.\n"
    '"Wyrm also becomes a Forward with 7000 power." (This effect does not end at the end of the turn.)\n'
    '"Put Wyrm into the Break Zone. When you do so, choose 1 Forward. Break it."'
)


@pytest.mark.parametrize("going", ["first", "second"])
def test_a_monster_that_selects_to_become_a_forward_for_good_attacks_every_turn(going) -> None:
    # Turn 1: the 2 Clerks, then Wyrm, cast as the Forward it becomes as it enters (its trigger resolves
    # before the autopilot acts again, 11.8.7), each by discarding a Spark; it entered this turn, so it
    # does not attack (10.1.2.1.1). Turns 2 and 3: 2 Sparks drawn each, nothing to cast, nothing to pay:
    # Wyrm, still a Forward (the effect does not end), attacks each turn: 1, then 2.
    deck, order = wyrm_deck(SELECTED)
    log = SIM.play_stacked(deck, SIM.params(going=going, max_turns=3), order)
    assert texts(log, 1) == TURN_1
    assert texts(log, 2) == ["Wyrm (T9-001) attacks: opponent damage 1"]
    assert texts(log, 3) == ["Wyrm (T9-001) attacks: opponent damage 2"]
    assert log.final["opp_damage"] == 2 and log.final["forwards"] == 1
    # without the text Wyrm is a Monster that does nothing: fuel, never cast (cast_monsters off)
    off = SIM.play_stacked(deck, SIM.params(going=going, max_turns=3, policy={"card_effects": False}), order)
    assert off.final["opp_damage"] == 0 and off.final["forwards"] == 0


def gil_deck(text: str = GIL) -> tuple[Deck, list[str]]:
    gil = Card("T9-004", "Gil", "forward", ("fire",), 2, keywords=("multi-playable",), text=text)
    clerk = Card("T9-002", "Clerk", "backup", ("fire",), 2, keywords=("multi-playable",))
    spark = Card("T9-003", "Spark", "summon", ("fire",), 2)
    deck = Deck(
        "fftcg", "constructed",
        {"main": (DeckEntry("T9-002", 1), DeckEntry("T9-003", 47), DeckEntry("T9-004", 2))},
        {"T9-002": clerk, "T9-003": spark, "T9-004": gil},
    )  # fmt: skip
    # Gil, Clerk, 5 Sparks, then Gil: drawn on turn 2 either way (going first order[6:8], second [7:9])
    order = ["T9-004", "T9-002"] + ["T9-003"] * 5 + ["T9-004"] + ["T9-003"] * 42
    return deck, order


@pytest.mark.parametrize("going", ["first", "second"])
def test_a_forward_buys_its_haste_with_a_backup_main_phase_1_left_active(going) -> None:
    # Turn 1: the Clerk (entered dull), then Gil, each by discarding a Spark; no source is active, so Gil's
    # 《Fire》 is not paid (no discard by default) and Gil does not attack. Turn 2: the second Gil is drawn
    # and cast by discarding a Spark (the Clerk and a Spark would be 3 CP for 2, more than needed); the Clerk,
    # stood up, pays its 《Fire》: it gains Haste, and both Gils attack: 2 damage (1 without the text).
    deck, order = gil_deck()
    log = SIM.play_stacked(deck, SIM.params(going=going, max_turns=2), order)
    assert texts(log, 1) == [
        "cast Clerk (T9-002) for 2 CP by discarding Spark (T9-003)",
        "cast Gil (T9-004) for 2 CP by discarding Spark (T9-003)",
    ]
    assert texts(log, 2) == [
        "cast Gil (T9-004) for 2 CP by discarding Spark (T9-003)",
        "Gil (T9-004): action ability for 1 CP by dulling Clerk (T9-002): it gains Haste until the end of the"
        " turn",
        "Gil (T9-004) attacks: opponent damage 1",
        "Gil (T9-004) attacks: opponent damage 2",
    ]
    off = SIM.play_stacked(deck, SIM.params(going=going, max_turns=2, policy={"card_effects": False}), order)
    assert off.final["opp_damage"] == 1


@pytest.mark.parametrize("going", ["first", "second"])
def test_with_the_knob_a_discard_buys_the_haste_the_turn_it_enters(going) -> None:
    # action_discards: on turn 1 the first Gil's 《Fire》 is paid by discarding a Spark (2 CP for 1: the one
    # CP of excess a discard may make, 11.6.2.1): 1 damage. Turn 2 as above, the Clerk paying: 2 more, 3.
    deck, order = gil_deck()
    log = SIM.play_stacked(
        deck, SIM.params(going=going, max_turns=2, policy={"action_discards": True}), order
    )
    assert texts(log, 1)[2:] == [
        "Gil (T9-004): action ability for 1 CP by discarding Spark (T9-003): it gains Haste until the end of"
        " the turn",
        "Gil (T9-004) attacks: opponent damage 1",
    ]
    assert log.final["opp_damage"] == 3


def test_the_kind_table_and_the_deck_flag() -> None:
    wyrm = compile_deck(wyrm_deck(WYRM.replace("《1》", "《Fire》《1》"))[0])
    kf = wyrm.arrays[2]
    assert (kf[0, F_TYPE], kf[0, F_ACTION], kf[0, F_ACT_PAY], kf[0, F_ACT_REQ]) == (
        FORWARD,
        ACT_FORWARD,
        2,
        1,
    )
    assert compile_deck(gil_deck()[0]).arrays[2][2, F_ACTION] == ACT_HASTE
    counted = compile_deck(wyrm_deck(WHILE)[0])
    assert counted.arrays[2][0, F_FW_IF] == 2
    assert [int(b) & FIND_FW_IF for b in counted.arrays[3][0]] == [0, FIND_FW_IF, 0]  # the Fire Backups
    plain = wyrm_deck("")[0]
    _, knobs = SIM.prepare(plain, SIM.params())
    assert knobs[K_ACTIONS] == 0
    assert SIM.prepare(wyrm_deck(WYRM)[0], SIM.params())[1][K_ACTIONS] == 1


def test_a_forward_that_is_also_a_monster_is_found_as_one() -> None:
    # "Fritt is also a Monster in all situations.": a search for a Monster finds it (7.7 counts it as the
    # Forward it is too).
    fritt = Card(
        "T9-005", "Fritt", "forward", ("fire",), 3, text="Fritt is also a Monster in all situations."
    )
    scout = Card(
        "T9-006", "Scout", "backup", ("fire",), 2,
        text="When Scout enters the field, search for 1 Monster and add it to your hand.",
    )  # fmt: skip
    deck = Deck(
        "fftcg", "constructed", {"main": (DeckEntry("T9-005", 3), DeckEntry("T9-006", 47))},
        {"T9-005": fritt, "T9-006": scout},
    )  # fmt: skip
    kfinds = compile_deck(deck).arrays[3]
    assert kfinds[1, 0] & FIND_SEARCH == FIND_SEARCH
    assert compile_deck(deck, effects=False).arrays[3][1, 0] == 0
    [part] = card_parts("fftcg", fritt, {})
    assert part.status == "played"


@pytest.mark.parametrize(
    ("text", "name", "effects"),
    [
        (WYRM, "Wyrm", (Effect("action", "forward", cp=1, once_per_turn=True),)),
        (
            "《Earth》: Until the end of the turn, Wyrm also becomes a forward with 7000 power. You can only"
            " use this ability during your turn and only once per turn.",
            "Wyrm",
            (Effect("action", "forward", cp=1, cp_elements=("earth",), once_per_turn=True),),
        ),
        (
            WHILE,
            "Wyrm",
            (
                Effect(
                    "static",
                    "forward",
                    condition=Condition("control-at-least", 2, CardFilter(type="backup", colors=("fire",))),
                ),
            ),
        ),  # fmt: skip
        (
            "《Fire》《1》: Gil gains Haste until the end of the turn.",
            "Gil",
            (Effect("action", "haste", cp=2, cp_elements=("fire",)),),
        ),  # fmt: skip
        (
            "《Fire》: Until the end of the turn, Gil gains +2000 power and Haste.",
            "Gil",
            (Effect("action", "haste", cp=1, cp_elements=("fire",)),),
        ),  # fmt: skip
        (
            "《Lightning》《Lightning》: Gil gains Haste until the end of the turn.",
            "Gil",
            (Effect("action", "haste", cp=2, cp_elements=("lightning", "lightning")),),
        ),  # fmt: skip
        (
            "《雷》：ギルはターン終了時までヘイストを得る。",
            "ギル",
            (Effect("action", "haste", cp=1, cp_elements=("lightning",)),),
        ),  # fmt: skip
        ("Fritt is also a Monster in all situations.", "Fritt", (Effect("static", "monster"),)),
    ],
)
def test_the_reader_reads_them_whole(text, name, effects) -> None:
    reading = read_text("fftcg", text, name)
    assert reading.unread == () and reading.effects == effects


@pytest.mark.parametrize(
    "text",
    [
        # the break at the end of the turn is read after the Monster's Forward alone
        # (test_fftcg_end_break.py): after another card's name, or after a gain of power, it stays unread
        "《0》: Until the end of the turn, Wyrm also becomes a Forward with 6000 power. At the end of the"
        " turn, break Wyrmling. You can only use this ability once per turn.",
        "《Fire》: Wyrm gains +3000 power until the end of the turn. At the end of the turn, break Wyrm.",
        # a limit the autopilot would have to check
        "《0》: Until the end of the turn, Wyrm also becomes a Forward with 8000 power. You can only use this"
        " ability if you control a Forward of power 9000 or more and only once per turn.",
        # an ability gained with it, Brave, a cost that is not CP alone
        '《0》: Until the end of the turn, Wyrm also becomes a Forward with 7000 power and "When Wyrm'
        ' attacks, draw 1 card." You can only use this ability once per turn.',
        "《Earth》: Until the end of the turn, Wyrm also becomes a Forward with 7000 power and Brave. You can"
        " only use this ability once per turn.",
        "Discard 1 card: Until the end of the turn, Wyrm also becomes a Forward with 2000 power. You can only"
        " use this ability once per turn.",
        "《C》: Wyrm gains Haste until the end of the turn.",
        "《Fire》《Water》: Until the end of the turn, Wyrm gains Haste, First Strike and Brave.",
        "《Lightning》: Wyrm gains Haste and Wyrm's power becomes 7000.",
        # a trigger that makes it one, a quoted ability with the condition, another card becoming one
        "When a Backup enters your field, if you control 5 or more Backups, Wyrm also becomes a Forward with"
        " 8000 power. (This effect does not end at the end of the turn.)",
        'If you control 3 or more Fire Backups, Wyrm also becomes a Forward with 5000 power and "When Wyrm is'
        ' put from the field into the Break Zone, choose 1 Forward. Deal it 2000 damage."',
        "《Dull》: Choose 1 Monster. Until the end of the turn, it also becomes a Forward with 7000 power.",
        "Wyrm can attack once more this turn.",
    ],
)
def test_near_misses_stay_unread(text) -> None:
    reading = read_text("fftcg", text, "Wyrm")
    assert reading.effects == () and reading.unread == (text,)


def test_what_is_read_but_not_played_and_the_words() -> None:
    # two CP of one element: F_ACT_REQ counts them (REQ_MORE), so it is played
    orlan = Card("T9-007", "Gil", "forward", ("lightning",), 3,
                 text="《Lightning》《Lightning》: Gil gains Haste until the end of the turn.")  # fmt: skip
    assert [p.status for p in card_parts("fftcg", orlan, {})] == ["played"]
    # a Backup that would become a Forward, and a Monster that would gain Haste: not played
    tifa = Card("T9-008", "Wyrm", "backup", ("fire",), 3, text=WYRM)
    assert [p.status for p in card_parts("fftcg", tifa, {})] == ["unplayed"]
    wyrm = Card("T9-001", "Wyrm", "monster", ("fire",), 2, text=WYRM)
    [part] = card_parts("fftcg", wyrm, {})
    assert part.status == "played"
    assert part.why == "by its action ability, paying 1 CP: also a Forward until the end of the turn"
    assert describe(Effect("action", "haste", cp=2, cp_elements=("fire",))) == (
        "by its action ability, paying 2 CP (1 Fire): Haste until the end of the turn"
    )


def test_the_deck_file_reads_and_writes_an_action_cost() -> None:
    data = {"when": "action", "do": "haste", "cp": 2, "cp_elements": ["Fire"], "once_per_turn": True}
    effect = Effect.from_dict("here", data)
    assert effect == Effect("action", "haste", cp=2, cp_elements=("fire",), once_per_turn=True)
    assert Effect.from_dict("here", effect.to_dict()) == effect
    assert Effect("action", "forward").to_dict() == {"when": "action", "do": "forward", "cp": 0}


@pytest.mark.parametrize(
    ("data", "message"),
    [
        ({"when": "enters", "do": "draw", "n": 1, "cp": 1}, "belong to an 'action' or an optional 'enters'"),
        ({"when": "enters", "do": "draw", "n": 1, "optional": True, "cp": 0}, "must be at least 1"),
        ({"when": "action", "do": "haste", "cp": -1}, "'cp' must be a whole number"),
        ({"when": "action", "do": "haste", "cp": 1, "cp_elements": ["fire", "ice"]}, "more CP than 'cp'"),
        ({"when": "action", "do": "haste", "cp": 1, "cp_elements": "fire"}, "list of element names"),
    ],
)
def test_the_deck_file_refuses_a_wrong_action_cost(data, message) -> None:
    with pytest.raises(DeckFileError, match=message):
        Effect.from_dict("here", data)
