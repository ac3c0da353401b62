"""DBS FW: a look at the top cards for one of two kinds ("reveal up to 1 <A> or up to 1 Extra") or for a
kind not by a name ("reveal up to 1 non-<A> card with 《T》 ..."), played by the goldfish: games on a
stacked deck worked out by hand from docs/rules/dbsfw.md, in both play orders.

Scout (cost 1) is the top card of the deck, so in the opening hand; 14 Fillers fill the rest of the hand
(5), the life (8, 6-2-1-9) and the turn-1 draw (1, in either play order with the first player's draw
on). Scout is played on turn 1 (going second the marker pays, going first a charged card does) and looks
at the next 5 cards; the others cost 9 and are never played.
"""

from __future__ import annotations

import pytest

from engine import Card, Deck, DeckEntry
from engine.goldfish import get_simulator

SIM = get_simulator("dbsfw")
LEADER = Card("TL-001", "Test Leader", "leader", ("red",), power=15000)
LOOK = (
    "[On Play] Look at 5 cards from the top of your deck, reveal up to 1 {} and add it to your hand. Place"
    " the rest at the bottom of their owner's deck in a random order."
)
LOOK_JA = (
    "【登場時】自分のデッキの上から5枚を見て、{}1枚までを公開し、"
    "手札に加える。残りをランダムにデッキの下に置く。"
)


def deck(scout_text: str) -> Deck:
    scout = Card(
        "TB-001", "Scout", "battle", ("red",), 1, power=0, specified_cost={"red": 1}, text=scout_text
    )
    goku = Card(
        "TB-002", "Goku", "battle", ("red",), 9, power=0, specified_cost={"red": 1}, traits=("Saiyan",)
    )
    gohan = Card(
        "TB-003", "Gohan", "battle", ("red",), 9, power=0, specified_cost={"red": 1}, traits=("Saiyan",)
    )
    filler = Card("TB-004", "Filler", "battle", ("red",), 9, power=0, specified_cost={"red": 1})
    cards = (LEADER, scout, goku, gohan, filler)
    sections = {
        "leader": (DeckEntry(LEADER.number, 1),),
        "main": tuple(DeckEntry(n, 1) for n in ("TB-001", "TB-002", "TB-003")) + (DeckEntry("TB-004", 47),),
    }
    return Deck("dbsfw", "standard", sections, {c.number: c for c in cards})


def taken(scout_text: str, top_five: list[str], going: str) -> tuple[list[str], int]:
    """What Scout's look takes, and the deck left after the turn-2 draw (35 after the set-up and the
    turn-1 draw; 1 fewer when a card is found)."""
    head = ["TB-001"] + ["TB-004"] * 14 + top_five
    rest = [n for n in ("TB-002", "TB-003") if n not in head]
    order = head + rest + ["TB-004"] * (50 - len(head) - len(rest))
    params = SIM.params(going=going, policy={"charge_rule": "always", "mulligan_rule": "never"}, max_turns=2)
    log = SIM.play_stacked(deck(scout_text), params, order)
    return [e.text for e in log.events if e.text.startswith("Scout (TB-001): look")], log.final["deck"]


def look(found: str) -> list[str]:
    return [f"Scout (TB-001): look at the top cards, {found} to the hand, the rest to the bottom"]


FILLERS = ["TB-004"] * 3


@pytest.mark.parametrize("going", ["first", "second"])
@pytest.mark.parametrize(
    ("revealed", "top_five", "found"),
    [
        # one of two names: Goku, 4th of the 5, is the second one named
        (LOOK.format("<Krillin> or up to 1 <Goku>"), FILLERS + ["TB-002", "TB-004"], "Goku (TB-002)"),
        (LOOK_JA.format("「クリリン」か「Goku」"), FILLERS + ["TB-002", "TB-004"], "Goku (TB-002)"),
        # a name or an Extra: no Extra, no Krillin among them
        (LOOK.format("<Krillin> or up to 1 Extra"), FILLERS + ["TB-002", "TB-003"], "no card"),
        # a Saiyan other than Goku: Goku (4th) is passed over, Gohan (5th) taken; Gohan 6th: none
        (
            LOOK.format("non-<Goku> card with 《Saiyan》 in its special traits"),
            FILLERS + ["TB-002", "TB-003"],
            "Gohan (TB-003)",
        ),
        (
            LOOK_JA.format("「Goku」以外の特徴《Saiyan》を持つカード"),
            FILLERS + ["TB-002", "TB-003"],
            "Gohan (TB-003)",
        ),
        (
            LOOK.format("non-<Goku> card with 《Saiyan》 in its special traits"),
            FILLERS + ["TB-002", "TB-004"],
            "no card",
        ),
        # a Saiyan other than Gohan, or a card named Gohan: the first of the 5 either finds, Goku (4th)
        (
            LOOK.format("non-<Gohan> card with 《Saiyan》 in its special traits or up to 1 <Gohan>"),
            FILLERS + ["TB-002", "TB-003"],
            "Goku (TB-002)",
        ),
    ],
)
def test_a_look_for_one_of_two_kinds_or_not_by_a_name(revealed, top_five, found, going) -> None:
    searched, left = taken(revealed, top_five, going)
    assert searched == look(found)
    assert left == (34 if found != "no card" else 35) - 1


def test_the_vocabulary_reads_writes_and_says_the_filters() -> None:
    from engine.effects import describe, read_effects
    from engine.errors import DeckFileError

    data = [
        {
            "when": "enters",
            "do": "search",
            "n": 1,
            "filter": {"any_of": [{"traits": ["Saiyan"], "other_than": "Goku"}, {"type": "extra"}]},
            "optional": True,
            "top": 5,
        }
    ]
    effects = read_effects("card TB-001", data)
    assert [e.to_dict() for e in effects] == data
    assert describe(effects[0]) == (
        "when it enters the field, may search the top 5 cards "
        'for a card with the trait Saiyan not named "Goku"'
        " or an Extra"
    )
    with pytest.raises(DeckFileError, match="at least two filters"):
        read_effects(
            "card TB-001", [{"when": "enters", "do": "search", "filter": {"any_of": [{"name": "A"}]}}]
        )


def test_fftcg_plays_a_search_with_a_name_left_out() -> None:
    """FFTCG's search honours `other_than` too ("other than Card Name Kadaj": test_goldfish_fftcg)."""
    from engine.effects import CardFilter, Effect
    from engine.goldfish.fftcg import plays

    assert plays(Effect("enters", "search", 1, CardFilter(traits=("Samurai",))))
    assert plays(Effect("enters", "search", 1, CardFilter(traits=("Samurai",), other_than="Cid")))
    either = CardFilter(any_of=(CardFilter(name="Cid"), CardFilter(traits=("Samurai",), other_than="Mog")))
    assert plays(Effect("enters", "search", 1, either))
    assert plays(
        Effect("enters", "search", 1, CardFilter(any_of=(CardFilter(name="Cid"), CardFilter(name="Mog"))))
    )


CALLER = (
    "[On Play] Play up to 1 Battle Card with a cost of 2 "
    "or less and 《Saiyan》 in its special traits from your"
    " hand."
)
CALLER_JA = "【登場時】自分の手札のコスト2以下の特徴《Saiyan》を持つバトルカード1枚までを登場させる。"


@pytest.mark.parametrize(("going", "hand"), [("second", 5), ("first", 4)])
@pytest.mark.parametrize("text", [CALLER, CALLER_JA])
def test_a_battle_card_played_from_the_hand_for_free(going, hand, text) -> None:
    # The opening hand: Caller (cost 1), Goku (cost 2, Saiyan), Gohan (cost 1, Saiyan), Vegeta (cost 3,
    # Saiyan), Krillin (cost 1), a Filler (cost 9); Fillers below. Turn 1 draws a Filler (either order);
    # going first a Filler is charged (the card least castable, §11.5). The one unit of energy (going
    # second the marker) pays for one cost-1 card: Caller, whose text the plan values. Its On Play plays for
    # free (5-5-3) the matching card the plan values most: Goku (cost 2 beats Gohan's 1; Vegeta costs 3,
    # Krillin is no Saiyan). Hand: 7 - Caller - Goku = 5 (going first 4, the charged card). Going second
    # nothing is charged: the marker pays.
    cards = {
        "TB-001": Card(
            "TB-001", "Caller", "battle", ("red",), 1, power=0, specified_cost={"red": 1}, text=text
        ),
        "TB-002": Card("TB-002", "Goku", "battle", ("red",), 2, power=15000, traits=("Saiyan",)),
        "TB-003": Card("TB-003", "Gohan", "battle", ("red",), 1, power=0, traits=("Saiyan",)),
        "TB-004": Card("TB-004", "Vegeta", "battle", ("red",), 3, power=0, traits=("Saiyan",)),
        "TB-005": Card("TB-005", "Krillin", "battle", ("red",), 1, power=0),
        "TB-006": Card("TB-006", "Filler", "battle", ("red",), 9, power=0),
    }
    main = tuple(DeckEntry(n, 1) for n in ("TB-001", "TB-002", "TB-003", "TB-004", "TB-005")) + (
        DeckEntry("TB-006", 45),
    )
    deck = Deck(
        "dbsfw",
        "standard",
        {"leader": (DeckEntry(LEADER.number, 1),), "main": main},
        {**cards, LEADER.number: LEADER},
    )
    order = ["TB-001", "TB-002", "TB-003", "TB-004", "TB-005"] + ["TB-006"] * 45
    charge = "never" if going == "second" else "always"
    params = SIM.params(going=going, policy={"charge_rule": charge, "mulligan_rule": "never"}, max_turns=1)
    log = SIM.play_stacked(deck, params, order)
    assert [e.text for e in log.events if ": play " in e.text] == [
        "Caller (TB-001): play Goku (TB-002) from the hand"
    ]
    assert (log.final["battle"], log.final["hand"]) == (2, hand)
    # Going second, Goku (15000) attacks the turn it is played, with the Leader: 8 - 2; going first no one
    # attacks on turn 1 (7-3-4-3-1).
    assert log.final["opp_life"] == (6 if going == "second" else 8)
    off = SIM.play_stacked(
        deck, SIM.params(going=going, policy={**params.policy, "card_effects": False}, max_turns=1), order
    )
    assert off.final["battle"] == 1


@pytest.mark.parametrize(("going", "battle"), [("second", 7), ("first", 6)])
def test_free_plays_chain_through_the_hand(going, battle) -> None:
    # 50 Callers, each a cost-1 Saiyan: the first one paid for plays the next for free, whose On Play
    # plays the next, until the hand is empty: going second the 7 cards of turn 1, going first the 6 left
    # after the charge.
    caller = Card(
        "TB-001",
        "Caller",
        "battle",
        ("red",),
        1,
        power=0,
        specified_cost={"red": 1},
        traits=("Saiyan",),
        text=CALLER,
    )
    deck = Deck(
        "dbsfw",
        "standard",
        {"leader": (DeckEntry(LEADER.number, 1),), "main": (DeckEntry("TB-001", 50),)},
        {"TB-001": caller, LEADER.number: LEADER},
    )
    policy = {"charge_rule": "never" if going == "second" else "always", "mulligan_rule": "never"}
    final = SIM.play_logged(deck, SIM.params(going=going, policy=policy, max_turns=1), 1, 0).final
    assert (final["battle"], final["hand"]) == (battle, 0)
