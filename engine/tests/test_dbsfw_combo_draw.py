"""DBS FW draws when a card is used in a combo while the card with the skill is in a battle, once per turn:
any card ("[Auto][Your Turn][Once per turn] When you use a card in a combo while this card is in a battle,
draw 1 card."), or only one of your Battle Area ("[Auto][Once per turn] When a card is used in a combo from
your Battle Area while this card is in a battle, draw 2 cards. Then, discard 1 card from your hand."). Each
combo is followed by a checkpoint (5-6-3-3), where the skill resolves. Games on stacked decks worked out by
hand from docs/rules/dbsfw.md, in both play orders.

Every deck: the Leader (red), the cards named in each test, then Fillers (Battle cards of cost 9, 0 power, no
combo). No redraw; a card is charged every turn, a Filler while there is one. Either player has 7 cards on
its turn 1 (the first player draws then too); the second player starts with an energy marker (6-2-1-10).
"""

from __future__ import annotations

import pytest

from engine import Card, Deck, DeckEntry
from engine.goldfish import get_simulator
from engine.played_text import PLAYED, UNPLAYED, card_parts

SIM = get_simulator("dbsfw")
FILLER = Card("TB-099", "Filler", "battle", ("red",), 9, power=0, specified_cost={"red": 1})


def battle(number: str, name: str, cost: int, power: int, text: str = "", combo: int | None = None) -> Card:
    return Card(
        number, name, "battle", ("red",), cost, power=power, specified_cost={"red": 1}, combo_power=combo,
        text=text,
    )  # fmt: skip


def play(
    cards: list[Card],
    going: str,
    leader_power: int,
    guard: int,
    effects: bool = True,
    leader_name: str = "Test Leader",
) -> tuple[dict, list[str]]:
    """One game: `cards` on top in this order, Fillers under them to 50; until own turn 1 going second, 2
    going first (its first turn has no attacks, 7-3-4-3-1). Returns the final zones and the log lines
    (test_dbsfw_combo_play and test_dbsfw_life_plays play theirs so too)."""
    leader = Card("TL-001", leader_name, "leader", ("red",), power=leader_power)
    order = [c.number for c in cards] + [FILLER.number] * (50 - len(cards))
    counts: dict[str, int] = {}
    for number in order:
        counts[number] = counts.get(number, 0) + 1
    pool = {c.number: c for c in (*cards, FILLER, leader)}
    main = tuple(DeckEntry(n, k) for n, k in counts.items())
    deck = Deck("dbsfw", "standard", {"leader": (DeckEntry(leader.number, 1),), "main": main}, pool)
    policy = {"charge_rule": "always", "mulligan_rule": "never", "card_effects": effects}
    turns = 1 if going == "second" else 2
    params = SIM.params(going=going, policy=policy, opponent={"opp_leader_power": guard}, max_turns=turns)
    log = SIM.play_stacked(deck, params, order)
    return log.final, [e.text for e in log.events]


ANY_COMBO = (
    "[Auto][Your Turn][Once per turn] When you use a card in a combo while this card is in a battle, draw 1"
    " card."
)
ANY_COMBO_JA = (
    "【自動】【自分のターン中】【ターン1回】このカードの戦闘中、自分がコンボした時、カード1枚を引く。"
)


@pytest.mark.parametrize("going", ["second", "first"])
@pytest.mark.parametrize("text", [ANY_COMBO, ANY_COMBO_JA])
def test_a_combo_in_the_cards_battle_draws_once_per_turn(going, text) -> None:
    drawer = battle("TB-001", "Drawer", 1, 5000, text)
    helper = battle("TB-003", "Helper", 9, 0, combo=5000)
    cards = [drawer, helper, helper]
    # Hand: Drawer, 2 Helpers, 4 Fillers. Going second, turn 1: a Filler charged (energy 1, the marker kept)
    # pays Drawer: hand 2 Helpers + 3 Fillers (5). Going first: turn 1 the same, no attacks; turn 2 draws a
    # Filler and charges one: hand 5 again. The attacks, a 15000 guard: the Leader (15000) hits, 7. Drawer
    # (5000) is 10000 short: both Helpers from the hand, one at a time; the first one's checkpoint draws 1
    # card (a Filler), the second draws none (once per turn). 15000: a hit, 6. Hand 5 - 2 + 1 = 4; the drop
    # area the 2 Helpers (8-5-4).
    final, events = play(cards, going, 15000, 15000)
    assert events.count("Drawer (TB-001): draw Filler (TB-099)") == 1
    assert (final["opp_life"], final["hand"], final["drop"]) == (6, 4, 2)
    # Without the text the same attacks, no draw: hand 3.
    final, events = play(cards, going, 15000, 15000, effects=False)
    assert (final["opp_life"], final["hand"], final["drop"]) == (6, 3, 2)


BATTLE_AREA_COMBO = (
    "[Auto][Once per turn] When a card is used in a combo from your Battle Area while this card is in a"
    " battle, draw 2 cards. Then, discard 1 card from your hand."
)
BATTLE_AREA_COMBO_JA = (
    "【自動】【ターン1回】このカードの戦闘中、自分がバトルエリアからコンボした時、カード2枚を引く。"
    "その後、自分の手札1枚を捨てる。"
)


@pytest.mark.parametrize("going", ["second", "first"])
@pytest.mark.parametrize("text", [BATTLE_AREA_COMBO, BATTLE_AREA_COMBO_JA])
def test_only_a_combo_from_the_battle_area_draws_then_discards(going, text) -> None:
    drawer = battle("TB-001", "Drawer", 1, 10000, text)
    weak = battle("TB-002", "Weakling", 1, 0, combo=5000)
    helper = battle("TB-003", "Helper", 9, 0, combo=5000)
    cards = [drawer, weak, helper]
    # Hand: Drawer, Weakling, Helper, 4 Fillers. Going second, turn 1: a Filler charged (energy 1) and the
    # marker pay Drawer and Weakling: hand Helper + 3 Fillers (4). Going first: turn 1 the energy pays one of
    # them, turn 2 (a Filler drawn, a Filler charged) the other: hand 4 again. The attacks, a 20000 guard:
    # the Leader (20000) hits, 7. Drawer (10000) is 10000 short: Helper from the hand is not enough, so
    # Weakling (0 power, active) too; Helper first, which does not set the skill off, then Weakling from
    # the Battle Area: draw 2 Fillers, discard 1 (hand 3 + 2 - 1 = 4). 20000: a hit, 6. The drop area: the
    # discarded Filler, Helper and Weakling (3); the Battle Area Drawer alone.
    final, events = play(cards, going, 20000, 20000)
    assert events.count("Drawer (TB-001): draw Filler (TB-099)") == 2
    assert events.count("Drawer (TB-001): discard Filler (TB-099)") == 1
    assert (final["opp_life"], final["hand"], final["drop"], final["battle"]) == (6, 4, 3, 1)
    # Without the text: hand 3, the drop area Helper and Weakling.
    final, events = play(cards, going, 20000, 20000, effects=False)
    assert (final["opp_life"], final["hand"], final["drop"], final["battle"]) == (6, 3, 2, 1)


def test_a_hand_combo_alone_does_not_set_off_a_battle_area_skill() -> None:
    drawer = battle("TB-001", "Drawer", 1, 10000, BATTLE_AREA_COMBO)
    helper = battle("TB-003", "Helper", 9, 0, combo=5000)
    # Going second, turn 1: Drawer played; the Leader (15000) hits the 15000 guard, Drawer (10000) with
    # Helper from the hand hits too: no card of the Battle Area was used, so no draw: hand 7 - 1 - 1 - 1 = 4.
    final, events = play([drawer, helper], "second", 15000, 15000)
    assert not [e for e in events if e.startswith("Drawer (TB-001): d")]
    assert (final["opp_life"], final["hand"], final["drop"]) == (6, 4, 1)


UNTAP = (
    "[Auto][Once per turn] When you use a card in a combo while this card is in a battle, draw 1 card. Then,"
    " switch this card to Active Mode."
)
UNTAP_JA = (
    "【自動】【ターン1回】このカードの戦闘中、自分がコンボした時、カード1枚を引く。"
    "その後、このカードをアクティブにする。"
)


@pytest.mark.parametrize("going", ["second", "first"])
@pytest.mark.parametrize("text", [UNTAP, UNTAP_JA])
def test_a_combo_draw_that_switches_the_card_to_active_mode_gives_it_a_second_attack(going, text) -> None:
    drawer = battle("TB-001", "Drawer", 1, 10000, text)
    helper = battle("TB-003", "Helper", 9, 0, combo=5000)
    cards = [drawer, helper, helper]
    # Hand: Drawer, 2 Helpers, 4 Fillers. Going second, turn 1: a Filler charged pays Drawer: hand 2 Helpers
    # + 3 Fillers (5). Going first: turn 1 the same, no attacks; turn 2 draws a Filler and charges one: hand
    # 5. The attacks, a 15000 guard: the Leader (15000) hits, 7. Drawer (10000) is 5000 short: one Helper;
    # its checkpoint draws a Filler and switches Drawer to Active Mode; a hit, 6. Drawer attacks again: the
    # other Helper, no draw (once per turn), a hit, 5. Hand 5 - 2 + 1 = 4; the drop area the 2 Helpers.
    final, events = play(cards, going, 15000, 15000)
    assert events.count("Drawer (TB-001) attacks with power 10000") == 2
    assert events.count("Drawer (TB-001): draw Filler (TB-099)") == 1
    assert (final["opp_life"], final["hand"], final["drop"]) == (5, 4, 2)
    # Without the text Drawer attacks once, with one Helper: 6, hand 4 (the other Helper), drop 1.
    final, events = play(cards, going, 15000, 15000, effects=False)
    assert (final["opp_life"], final["hand"], final["drop"]) == (6, 4, 1)


@pytest.mark.parametrize(
    ("text", "status"),
    [
        (ANY_COMBO, PLAYED),
        (ANY_COMBO_JA, PLAYED),
        (BATTLE_AREA_COMBO, PLAYED),
        (BATTLE_AREA_COMBO_JA, PLAYED),
        (UNTAP, PLAYED),
        (UNTAP_JA, PLAYED),
        # the same without [Once per turn]: a switch that would come with every combo
        (UNTAP.replace("[Once per turn] ", ""), UNPLAYED),
        # not once per turn: each combo would draw, which the goldfish does not play
        ("[Auto] When you use a card in a combo while this card is in a battle, draw 1 card.", UNPLAYED),
        # a discard after a draw any combo sets off (the hand's combos are still in it then)
        (
            "[Auto][Once per turn] When you use a card in a combo while this card is in a battle, draw 2"
            " cards. Then, discard 1 card from your hand.",
            UNPLAYED,
        ),
    ],
)
def test_the_text_report_names_the_combo_draws_played(text, status) -> None:
    card = battle("TB-001", "Drawer", 1, 10000, text)
    assert [p.status for p in card_parts("dbsfw", card, SIM.params().policy)] == [status]
