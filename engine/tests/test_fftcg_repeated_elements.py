"""FFTCG ability costs that name one element more than once ("《Earth》《Earth》《Dull》, put Scholar into the
Break Zone: ...", "Warp 1 - 《Water》《Water》"): each symbol needs 1 CP of its element (11.6.2.1), a Backup
makes 1 CP of its element, a discarded card 2 (5.2.1.3), with 1 CP of excess an element required when a
card is discarded (5.2.1.3.1, 11.6.2.1). The requirement's counts (REQ_MORE, engine/goldfish/fftcg_kinds.py)
and the payment that checks them (engine/goldfish/fftcg_payment.py `units_met`), and games worked by hand
in both play orders.
"""

from __future__ import annotations

import numpy as np
import pytest

from engine import Card, Deck, DeckEntry
from engine.effects import Effect
from engine.goldfish.fftcg import ELEMENTS, compile_deck
from engine.goldfish.fftcg_kinds import CYCLE_REQ, F_SAC_COST, F_SACRIFICE, REQ_MORE
from engine.goldfish.fftcg_payment import payment_legal
from engine.played_text import card_parts
from engine.tests.test_fftcg_effects import SIM

EARTH = 1 << ELEMENTS.index("earth")
FIRE = 1 << ELEMENTS.index("fire")
WIND = 1 << ELEMENTS.index("wind")
TWO_EARTH = EARTH | 1 << (REQ_MORE + 2 * ELEMENTS.index("earth"))
SCRIBE = (
    "《Earth》《Earth》《Dull》, put Scribe into the Break Zone: Choose 1 Earth Summon in your Break Zone."
    " Add it to your hand."
)
KEEP = {"mulligan_rule": "never"}


def legal(need: int, req: int, sources: list[tuple[int, int]], minimality: bool = True) -> bool:
    """payment_legal of (element bits, CP) sources: 1 CP a Backup, 2 a discard."""
    masks = np.array([m for m, _ in sources] + [0], np.int64)
    values = np.array([v for _, v in sources] + [0], np.int64)
    discards = sum(v == 2 for _, v in sources)
    return bool(payment_legal(need, req, masks, values, len(sources), discards, minimality))


def test_two_cp_of_one_element_are_paid_exactly() -> None:
    assert legal(2, TWO_EARTH, [(EARTH, 1), (EARTH, 1)])  # two Earth Backups
    assert not legal(2, TWO_EARTH, [(EARTH, 1), (FIRE, 1)])  # one Earth CP short
    assert legal(2, TWO_EARTH, [(EARTH, 2)])  # one Earth card discarded: 2 Earth CP
    assert not legal(2, TWO_EARTH, [(FIRE, 2)])
    # an Earth Backup beside the discard: 1 CP of excess, within the cap (one element required), but the
    # discard alone pays: not minimal (spec §7.3 4); legal without minimality
    assert not legal(2, TWO_EARTH, [(EARTH, 1), (EARTH, 2)])
    assert legal(2, TWO_EARTH, [(EARTH, 1), (EARTH, 2)], minimality=False)
    # 《Earth》《Earth》《1》: an Earth Backup and an Earth discard pay 3 exactly; a Fire discard and an Earth
    # Backup give 1 Earth CP alone
    assert legal(3, TWO_EARTH, [(EARTH, 1), (EARTH, 2)])
    assert not legal(3, TWO_EARTH, [(EARTH, 1), (FIRE, 2)])
    # a multi-element Backup makes its 1 CP of one element: Earth/Fire + Earth pay 《Earth》《Earth》
    assert legal(2, TWO_EARTH, [(EARTH | FIRE, 1), (EARTH, 1)])
    # 《Earth》《Earth》《Fire》: the Earth/Fire Backup gives Fire beside two Earth Backups, but not both
    assert legal(3, TWO_EARTH | FIRE, [(EARTH | FIRE, 1), (EARTH, 1), (EARTH, 1)])
    assert not legal(3, TWO_EARTH | FIRE, [(EARTH | FIRE, 1), (EARTH, 1), (WIND, 1)])


def scribe_deck(smith: bool = False) -> Deck:
    """Scribe (Earth Backup, cost 2, the ability), a Clerk (Earth Backup, multi-playable), and a second
    Clerk or a Smith (Fire Backup, cost 2), Quakes (Earth Summons) and, with the Smith, a Spark (a Fire
    Summon) to pay the Smith: Summons are fuel, never cast."""
    scribe = Card("T9-003", "Scribe", "backup", ("earth",), 2, text=SCRIBE)
    clerk = Card("T9-004", "Clerk", "backup", ("earth",), 2, keywords=("multi-playable",))
    smith_card = Card("T9-005", "Smith", "backup", ("fire",), 2)
    quake = Card("T9-001", "Quake", "summon", ("earth",), 2)
    spark = Card("T9-002", "Spark", "summon", ("fire",), 2)
    if not smith:
        return Deck(
            "fftcg", "constructed",
            {"main": (DeckEntry("T9-003", 1), DeckEntry("T9-004", 2), DeckEntry("T9-001", 47))},
            {"T9-003": scribe, "T9-004": clerk, "T9-001": quake},
        )  # fmt: skip
    return Deck(
        "fftcg", "constructed",
        {"main": (DeckEntry("T9-003", 1), DeckEntry("T9-004", 1), DeckEntry("T9-005", 1),
                  DeckEntry("T9-002", 1), DeckEntry("T9-001", 46))},
        {"T9-003": scribe, "T9-004": clerk, "T9-005": smith_card, "T9-002": spark, "T9-001": quake},
    )  # fmt: skip


def test_the_cost_is_compiled_with_its_counts_and_played() -> None:
    deck = scribe_deck()
    kf = compile_deck(deck).arrays[2]  # kinds: Quake, Scribe, Clerk
    assert kf[1, F_SACRIFICE] != 0
    assert kf[1, F_SAC_COST] == 2 | TWO_EARTH << CYCLE_REQ
    assert [p.status for p in card_parts("fftcg", deck.cards["T9-003"], {})] == ["played"]
    for text, status in (
        ("Warp 1 - 《Water》《Water》", "played"),
        ("Warp 2 -- 《Ice》《Ice》《Ice》《Ice》", "played"),
        ("Warp 2 -- 《Ice》《Ice》《Ice》《Ice》《Ice》", "unplayed"),  # more than 2 bits of REQ_MORE hold
        ("Warp 1 - 《Dark》《Dark》", "unplayed"),  # Light and Dark name no requirement (11.4.6.3)
    ):
        tifa = Card("T9-001", "Tifa", "forward", ("water",), 14, power=7000, text=text)
        assert [p.status for p in card_parts("fftcg", tifa, {})] == [status], text


def play(deck: Deck, going: str, stack: list[str]):
    policy = {**KEEP, "sacrifice_backups": 1}
    return SIM.play_stacked(deck, SIM.params(going=going, max_turns=2, policy=policy), stack)


@pytest.mark.parametrize("going", ["first", "second"])
def test_two_earth_backups_pay_earth_earth(going) -> None:
    # Deck: Scribe, Clerk, Clerk, then Quakes. Going first turn 1 holds 6 cards (5 dealt, 1 drawn), going
    # second 7 (2 drawn); turn 2 draws 2 either way. Turn 1 (backup turn): Scribe, Clerk and Clerk, each
    # paid by discarding a Quake (2 Earth CP): 3 Quakes in the Break Zone. Turn 2: the 3 Backups stand up,
    # nothing is cast (Summons are fuel). After main phase 2, with the knob at 1 (2 Backups stay): the
    # Scribe is dulled for its cost and the two Clerks pay 《Earth》《Earth》 (1 Earth CP each, no excess); a
    # Quake comes back to the hand, the Scribe goes to the Break Zone. Hand: going first 6 - 3 cast - 3
    # discarded + 2 drawn + 1 = 3, going second 7 - 6 + 2 + 1 = 4; Break Zone 3 - 1 + 1 = 3; Backups 2.
    log = play(scribe_deck(), going, ["T9-003", "T9-004", "T9-004"] + ["T9-001"] * 47)
    assert [e.text for e in log.events if e.turn == 2 and e.phase == "main 2"] == [
        "Scribe (T9-003): action ability for 2 CP, dulling it and putting it into the Break Zone by dulling"
        " Clerk (T9-004), Clerk (T9-004)",
        "Scribe (T9-003): Quake (T9-001) from the Break Zone to the hand",
    ]
    assert (log.final["hand"], log.final["break_zone"], log.final["backups"]) == (
        3 if going == "first" else 4,
        3,
        2,
    )


@pytest.mark.parametrize("going", ["first", "second"])
def test_an_earth_and_a_fire_backup_do_not(going) -> None:
    # Deck: Scribe, Clerk, Smith (a Fire Backup), Spark (a Fire Summon), then Quakes. Turn 1: Scribe and
    # Clerk each paid by discarding a Quake, Smith by discarding the Spark (its Fire CP); going first that
    # is the whole hand, going second a Quake stays. Turn 2: 2 Quakes drawn; after main phase 2 the other
    # active sources are the Clerk (Earth) and the Smith (Fire): 1 Earth CP for 《Earth》《Earth》, so the
    # Scribe is not used (no card is discarded for it). Hand: going first 2, going second 3; Backups 3;
    # Break Zone 3 (Quake, Quake, Spark).
    log = play(scribe_deck(smith=True), going, ["T9-003", "T9-004", "T9-005", "T9-002"] + ["T9-001"] * 46)
    assert [e.text for e in log.events if e.turn == 1 and e.text.startswith("cast")] == [
        "cast Scribe (T9-003) for 2 CP by discarding Quake (T9-001)",
        "cast Clerk (T9-004) for 2 CP by discarding Quake (T9-001)",
        "cast Smith (T9-005) for 2 CP by discarding Spark (T9-002)",
    ]
    assert not [e for e in log.events if "action ability" in e.text]
    assert (log.final["hand"], log.final["break_zone"], log.final["backups"]) == (
        2 if going == "first" else 3,
        3,
        3,
    )


def warp_deck(clerks: int) -> Deck:
    """Tifa (a Water Forward of cost 14, "Warp 1 - 《Water》《Water》"), Clerks (Water Backups, cost 2,
    multi-playable), Splashes (Water Summons: fuel, never cast)."""
    warp = Effect("action", "warp", 1, cp=2, cp_elements=("water", "water"))
    tifa = Card("T9-001", "Tifa", "forward", ("water",), 14, power=7000, effects=(warp,))
    clerk = Card("T9-002", "Clerk", "backup", ("water",), 2, keywords=("multi-playable",))
    splash = Card("T9-003", "Splash", "summon", ("water",), 2)
    return Deck(
        "fftcg", "constructed",
        {"main": (DeckEntry("T9-001", 1), DeckEntry("T9-002", clerks), DeckEntry("T9-003", 49 - clerks))},
        {"T9-001": tifa, "T9-002": clerk, "T9-003": splash},
    )  # fmt: skip


@pytest.mark.parametrize("going", ["first", "second"])
def test_two_water_backups_pay_a_water_water_warp(going) -> None:
    # Deck: Clerk, Clerk, Tifa, then Splashes; the opponent loses on 1 point of damage. Turn 1 (backup
    # turn): both Clerks cast, each by discarding a Splash. Turn 2: the Clerks stand up, 2 Splashes drawn:
    # going first Tifa + 3 Splashes (2 + 6 = 8 CP), going second Tifa + 4 (2 + 8 = 10), both under 14. At
    # the end of main phase 2 the two idle Clerks pay 《Water》《Water》 (2 < 14): Tifa is removed with 1
    # Warp counter. Turn 3: the counter comes off at the start of main phase 1 and Tifa enters (no Haste).
    # Turn 4: Tifa attacks, a win on own turn 4. With one Clerk, 1 Water CP idles: never warped, and Tifa
    # is never cast (at most 5 cards kept at the hand limit, Tifa + 4 Splashes and the Clerk: 9 CP).
    params = SIM.params(going=going, max_turns=6, opponent={"opp_damage_threshold": 1}, policy=KEEP)
    log = SIM.play_stacked(warp_deck(2), params, ["T9-002"] * 2 + ["T9-001"] + ["T9-003"] * 47)
    assert [(e.turn, e.phase, e.text) for e in log.events if "Warp" in e.text] == [
        (
            2,
            "main 2",
            "Warp Tifa (T9-001) for 2 CP, removed from the game with 1 Warp counter by dulling Clerk"
            " (T9-002), Clerk (T9-002)",
        ),
        (3, "main 1", "Tifa (T9-001): its last Warp counter comes off, it enters the field"),
    ]
    assert [(e.turn, e.text) for e in log.events if "attacks" in e.text] == [
        (4, "Tifa (T9-001) attacks: opponent damage 1")
    ]
    assert (log.outcome, log.turn) == ("win", 4)
    one = SIM.play_stacked(warp_deck(1), params, ["T9-002", "T9-001"] + ["T9-003"] * 48)
    assert not [e for e in one.events if "Warp" in e.text or "attacks" in e.text]
    assert one.outcome != "win"
