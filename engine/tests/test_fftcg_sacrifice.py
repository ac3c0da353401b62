"""FFTCG: a Backup's action ability whose cost dulls it and puts it into the Break Zone ("《Earth》《Dull》,
put Scribe into the Break Zone: Choose 1 Earth Summon in your Break Zone. Add it to your hand."), read
(engine/readers/fftcg.py) and used after main phase 2 (engine/goldfish/fftcg.py `_sacrifice_backups`, the
`sacrifice_backups` policy), games worked by hand in both play orders.

The deck: a Scribe (Earth Backup, cost 2, with the ability), 2 Clerks (Earth Backups, cost 2, multi-
playable) and Earth Quakes (Summons: fuel, never cast). Going first, turn 1 holds 6 cards (5 dealt, 1
drawn), going second 7 (2 drawn); turn 2 draws 2 either way. Turn 1 is a backup turn: Scribe (the lower
card number), then Clerk and Clerk, each paid by discarding a Quake (2 CP): 3 Quakes in the Break Zone,
and every Backup entered dull. Turn 2: the 3 Backups stand up, 2 Quakes are drawn, nothing can be cast
(Summons are fuel) and no Forward attacks.
"""

from __future__ import annotations

import pytest

from engine import Card, Deck, DeckEntry
from engine.effects import CardFilter, Effect, describe
from engine.goldfish.fftcg import ELEMENTS, K_SACRIFICE, compile_deck
from engine.goldfish.fftcg_kinds import (
    CYCLE_REQ,
    F_SAC_COST,
    F_SAC_N,
    F_SACRIFICE,
    SAC_BREAK_ADD,
    SAC_BREAK_PLAY,
    SAC_DRAW,
    SAC_SEARCH,
)
from engine.played_text import card_parts
from engine.readers import read_text
from engine.tests.test_fftcg_effects import SIM

SCRIBE = (
    "《Earth》《Dull》, put Scribe into the Break Zone: Choose 1 Earth Summon in your Break Zone. Add it to"
    " your hand."
)
FETCH = Effect(
    "action", "search", 1, CardFilter(type="summon", colors=("earth",)), zone="break-zone", cp=1,
    cp_elements=("earth",), self_cost="break",
)  # fmt: skip
DEVOTEE = (
    "《Dull》, put Devotee into the Break Zone: Choose 1 Forward of cost 8 or less from your Break Zone. Play"
    " it onto the field. You can only use this ability during your turn."
)
KEEP = {"mulligan_rule": "never"}


def scribe_deck(text: str = SCRIBE) -> Deck:
    scribe = Card("T9-003", "Scribe", "backup", ("earth",), 2, text=text)
    clerk = Card("T9-004", "Clerk", "backup", ("earth",), 2, keywords=("multi-playable",))
    quake = Card("T9-001", "Quake", "summon", ("earth",), 2)
    return Deck(
        "fftcg", "constructed",
        {"main": (DeckEntry("T9-003", 1), DeckEntry("T9-004", 2), DeckEntry("T9-001", 47))},
        {"T9-003": scribe, "T9-004": clerk, "T9-001": quake},
    )  # fmt: skip


STACK = ["T9-003", "T9-004", "T9-004"] + ["T9-001"] * 47


def play(deck: Deck, going: str, kept: int, stack: list[str] = STACK):
    policy = {**KEEP, "sacrifice_backups": kept}
    return SIM.play_stacked(deck, SIM.params(going=going, max_turns=2, policy=policy), stack)


def test_the_ability_is_read_compiled_and_described() -> None:
    assert read_text("fftcg", SCRIBE, name="Scribe").effects == (FETCH,)
    assert Effect.from_dict("t", FETCH.to_dict()) == FETCH
    assert describe(FETCH) == (
        "by its action ability, paying 1 CP (1 Earth) and dulling it and putting it into the Break Zone: "
        "add an Earth Summon from your Break Zone to your hand"
    )
    kf = compile_deck(scribe_deck()).arrays[2]
    assert (kf[1, F_SACRIFICE], kf[1, F_SAC_N]) == (SAC_BREAK_ADD, 1)  # kinds: Quake, Scribe, Clerk
    assert kf[1, F_SAC_COST] == 1 | (1 << ELEMENTS.index("earth")) << CYCLE_REQ
    assert [p.status for p in card_parts("fftcg", scribe_deck().cards["T9-003"], {})] == ["played"]
    # a Forward's (or a Monster's) such ability is read, not played: the autopilot uses a Backup's alone
    vanille = Card("T9-005", "Scribe", "forward", ("earth",), 2, text=SCRIBE)
    assert [p.status for p in card_parts("fftcg", vanille, {})] == ["unplayed"]
    for text, does in (
        (DEVOTEE.replace("Devotee", "Scribe"), SAC_BREAK_PLAY),
        ("《Earth》《Dull》, put Scribe into the Break Zone: Draw 1 card.", SAC_DRAW),
        (
            "《Dull》, put Scribe into the Break Zone: Search for 1 Earth Summon and add it to your hand.",
            SAC_SEARCH,
        ),
    ):
        assert compile_deck(scribe_deck(text)).arrays[2][1, F_SACRIFICE] == does


@pytest.mark.parametrize("going", ["first", "second"])
def test_a_backup_puts_itself_into_the_break_zone_for_a_summon(going) -> None:
    # Turn 2, after main phase 2, with the knob at 1: 3 Backups on the field, 2 after the use (>= 1). The
    # Scribe (active, on the field since the turn began) is dulled for its cost, a Clerk pays 《Earth》 (no
    # more than it needs), a Quake comes back from the Break Zone to the hand, and the Scribe goes there.
    # Hand: going first 6 - 3 cast - 3 discarded + 2 drawn + 1 = 3; going second 7 - 6 + 2 + 1 = 4.
    # Break Zone: 3 Quakes - 1 + the Scribe = 3; Backups 2.
    log = play(scribe_deck(), going, 1)
    turn_2 = [e.text for e in log.events if e.turn == 2 and e.phase == "main 2"]
    assert turn_2 == [
        "Scribe (T9-003): action ability for 1 CP, dulling it and putting it into the Break Zone by dulling"
        " Clerk (T9-004)",
        "Scribe (T9-003): Quake (T9-001) from the Break Zone to the hand",
    ]
    assert (log.final["hand"], log.final["break_zone"], log.final["backups"]) == (
        3 if going == "first" else 4,
        3,
        2,
    )
    # Turn 1: the Backups entered dull, nothing used; the default (4 Backups kept) and 0 (never) keep all 3.
    assert not [e for e in log.events if e.turn == 1 and "action ability" in e.text]
    for kept in (4, 0):
        kept_all = play(scribe_deck(), going, kept)
        assert not [e for e in kept_all.events if "action ability" in e.text]
        assert (kept_all.final["backups"], kept_all.final["break_zone"]) == (3, 3)
        assert kept_all.final["hand"] == log.final["hand"] - 1


@pytest.mark.parametrize("going", ["first", "second"])
def test_a_backup_puts_itself_into_the_break_zone_to_draw_or_search(going) -> None:
    # The same games with "Draw 1 card." and with "Search for 1 Earth Summon and add it to your hand.": a
    # Quake from the deck instead of the Break Zone (the deck holds 40 or more, the next draws kept): the
    # same hand, and the Break Zone keeps its 3 Quakes and takes the Scribe: 4.
    for text, found in (
        (
            "《Earth》《Dull》, put Scribe into the Break Zone: Draw 1 card.",
            "Scribe (T9-003): draw Quake (T9-001)",
        ),
        (
            "《Earth》《Dull》, put Scribe into the Break Zone: Search for 1 Earth Summon and add it to your"
            " hand.",
            "Scribe (T9-003): search the deck, Quake (T9-001) to the hand, shuffle",
        ),
    ):
        log = play(scribe_deck(text), going, 1)
        assert [e.text for e in log.events if e.turn == 2 and e.phase == "main 2"][1:] == [found]
        assert (log.final["hand"], log.final["break_zone"], log.final["backups"]) == (
            3 if going == "first" else 4,
            4,
            2,
        )


def devotee_deck() -> Deck:
    devotee = Card("T9-003", "Devotee", "backup", ("earth",), 2, text=DEVOTEE)
    clerk = Card("T9-004", "Clerk", "backup", ("earth",), 2, keywords=("multi-playable",))
    golem = Card("T9-002", "Golem", "forward", ("earth",), 8, power=9000)
    quake = Card("T9-001", "Quake", "summon", ("earth",), 2)
    return Deck(
        "fftcg", "constructed",
        {"main": (DeckEntry("T9-003", 1), DeckEntry("T9-004", 2), DeckEntry("T9-002", 4),
                  DeckEntry("T9-001", 43))},
        {"T9-003": devotee, "T9-004": clerk, "T9-002": golem, "T9-001": quake},
    )  # fmt: skip


@pytest.mark.parametrize("going", ["first", "second"])
def test_a_backup_puts_itself_into_the_break_zone_to_play_a_forward_from_there(going) -> None:
    # Devotee, Clerk, Clerk, 4 Golems (Earth Forwards, cost 8), then Quakes. Turn 1: Devotee, Clerk, Clerk,
    # each paid by discarding a Golem (a Forward of cost 8 keeps 242 against a Backup's 300 on a backup
    # turn): 3 Golems in the Break Zone; going second the 4th Golem stays in hand. Turn 2: 2 Quakes drawn;
    # a Golem costs 8, more than 3 Backups and 2 discarded Quakes make (7): nothing is cast. After main
    # phase 2, with the knob at 1, the Devotee (no CP) is dulled and put into the Break Zone, and a Golem
    # (cost 8 or less) is played from there, active, not controlled since the turn began. Forwards 1,
    # Backups 2, Break Zone 3 Golems - 1 + the Devotee = 3; hand: going first 2 Quakes, going second 3.
    stack = ["T9-003", "T9-004", "T9-004"] + ["T9-002"] * 4 + ["T9-001"] * 43
    log = play(devotee_deck(), going, 1, stack)
    turn_2 = [e.text for e in log.events if e.turn == 2 and e.phase == "main 2"]
    assert turn_2 == [
        "Devotee (T9-003): action ability for 0 CP, dulling it and putting it into the Break Zone (free)",
        "Devotee (T9-003): play Golem (T9-002) from the Break Zone onto the field",
    ]
    assert (log.final["forwards"], log.final["backups"], log.final["break_zone"]) == (1, 2, 3)
    assert log.final["hand"] == (2 if going == "first" else 3)


def test_a_deck_without_such_a_backup_looks_for_none() -> None:
    assert SIM.prepare(scribe_deck(""), SIM.params())[1][K_SACRIFICE] == 0
    assert SIM.prepare(scribe_deck(), SIM.params())[1][K_SACRIFICE] == 4
