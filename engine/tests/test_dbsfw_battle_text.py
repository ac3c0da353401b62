"""DBS FW text that changes whether an attack reaches the opponent's guard: an energy marker placed when you
have none ("If you don't have an energy marker, you place 1 energy marker.", 5-11-1), On Play and When
Attacking; your Leader's power while a Battle card is in the Battle Area and a condition holds ("[Permanent]
[Your Turn] If you have 8 or more energy, your Leader gets +20000 power."); an Extra's draw after its power
in a battle ("... +15000 power for the battle. Then, if you have a card in your Combo Area, draw 1 card.");
a Battle card's own power in its battle while the combo area holds a card ("[Permanent] While this card is
in a battle and if you have a card in your Combo Area, this card gets +5000 power."). Games on stacked decks
worked out by hand from docs/rules/dbsfw.md, in both play orders.

Every deck: the Leader (red, 15000), the cards named in each test, then Fillers (Battle cards of cost 9, 0
power, no combo). No redraw; a card is charged every turn, a Filler while there is one (the card least
castable, §11.5). The first player draws on turn 1 (7 cards then), the second player starts with an energy
marker (6-2-1-10) and draws too: 7 cards on its turn 1.
"""

from __future__ import annotations

import pytest

from engine import Card, Deck, DeckEntry
from engine.goldfish import get_simulator
from engine.played_text import MOOT, PLAYED, UNPLAYED, card_parts

SIM = get_simulator("dbsfw")
LEADER = Card("TL-001", "Test Leader", "leader", ("red",), power=15000)
FILLER = Card("TB-099", "Filler", "battle", ("red",), 9, power=0, specified_cost={"red": 1})


def battle(number: str, name: str, cost: int, power: int, text: str = "", combo: int | None = None) -> Card:
    return Card(
        number, name, "battle", ("red",), cost, power=power, specified_cost={"red": 1}, combo_power=combo,
        text=text,
    )  # fmt: skip


def boost(text: str) -> Card:
    return Card("TX-050", "Boost", "extra", ("red",), 1, specified_cost={"red": 1}, text=text)


def play(cards: list[Card], going: str, guard: int, effects: bool = True) -> tuple[dict, list[str]]:
    """One game: `cards` on top in this order, Fillers under them to 50; until own turn 1 going second, 2
    going first (its first turn has no attacks, 7-3-4-3-1). Returns the final zones and the log lines."""
    order = [c.number for c in cards] + [FILLER.number] * (50 - len(cards))
    counts: dict[str, int] = {}
    for number in order:
        counts[number] = counts.get(number, 0) + 1
    pool = {c.number: c for c in (*cards, FILLER, LEADER)}
    main = tuple(DeckEntry(n, k) for n, k in counts.items())
    deck = Deck("dbsfw", "standard", {"leader": (DeckEntry(LEADER.number, 1),), "main": main}, pool)
    policy = {"charge_rule": "always", "mulligan_rule": "never", "card_effects": effects}
    turns = 1 if going == "second" else 2
    params = SIM.params(going=going, policy=policy, opponent={"opp_leader_power": guard}, max_turns=turns)
    log = SIM.play_stacked(deck, params, order)
    return log.final, [e.text for e in log.events]


MARKER_ON_PLAY = (
    "[On Play] This card gets +5000 power for the turn. Then, if you don't have an energy marker, you place 1"
    " energy marker."
)
MARKER_ON_PLAY_JA = (
    "【登場時】このターン中、このカードのパワー+5000。"
    "その後、自分のエナジーマーカーがない場合、自分はエナジーマーカー1つを置く。"
)
PLACED = "Marker Maker (TB-001): place an energy marker; markers 1"


@pytest.mark.parametrize("text", [MARKER_ON_PLAY, MARKER_ON_PLAY_JA])
def test_a_marker_placed_on_play_pays_the_next_turn(text) -> None:
    maker = battle("TB-001", "Marker Maker", 1, 10000, text)
    big = battle("TB-002", "Big", 3, 20000)
    # Going first, turn 1: a Filler charged (energy 1) pays Maker; its On Play: +5000 for the turn, and no
    # marker yet, so one is placed. Turn 2: a Filler charged (energy 2): 2 energy + the marker pay Big (cost
    # 3); the attacks: Big (20000) and the Leader (15000) hit, Maker (10000 again) reaches no 15000 guard and
    # nothing combos: 8 - 2 = 6, the marker spent.
    final, events = play([maker, big], "first", 15000)
    assert events.count(PLACED) == 1
    assert "play Big (TB-002)" in events
    assert (final["opp_life"], final["markers"]) == (6, 0)
    # Without the text no marker: 2 energy do not pay Big, and only the Leader hits: 7.
    final, events = play([maker, big], "first", 15000, effects=False)
    assert (final["opp_life"], "play Big (TB-002)" in events) == (7, False)
    # Going second, turn 1: the marker of the setup is kept (markers last: the charged Filler pays Maker),
    # so none is placed. The Leader (15000) attacks first on the tie, then Maker (10000 + 5000): both hit
    # the 15000 guard, 8 - 2 = 6. Own turn 2 (max_turns 1 stops before it) is not played.
    final, events = play([maker, big], "second", 15000)
    assert PLACED not in events
    assert (final["opp_life"], final["markers"]) == (6, 1)
    assert play([maker, big], "second", 15000, effects=False)[0]["opp_life"] == 7  # Maker misses


BOOST = (
    "[Activate Battle] Choose your Leader or up to 1 of your Battle Cards and it gets +5000 power for the"
    " battle."
)
MARKER_ATTACKING = "[When Attacking] If you don't have an energy marker, you place 1 energy marker."
MARKER_ATTACKING_JA = "【アタック時】自分のエナジーマーカーがない場合、自分はエナジーマーカー1つを置く。"


@pytest.mark.parametrize("text", [MARKER_ATTACKING, MARKER_ATTACKING_JA])
def test_a_marker_placed_when_attacking_pays_an_extra_in_a_later_battle(text) -> None:
    tester = battle("TB-001", "Tester", 1, 10000)
    caller = battle("TB-002", "Caller", 2, 15000, text)
    cards = [tester, caller, boost(BOOST)]
    # Going first, turn 1: energy 1 pays Tester. Turn 2: energy 2 pays Caller: no energy is left. The Leader
    # (15000, first on the tie) hits; Caller attacks, places a marker (it had none) and hits; Tester (10000)
    # needs +5000 and no card combos: the Boost, paid with that marker, carries it: 8 - 3 = 5, the marker
    # spent, the Boost in the drop area.
    final, events = play(cards, "first", 15000)
    assert events.count("Caller (TB-002): place an energy marker; markers 1") == 1
    assert (final["opp_life"], final["markers"], final["drop"]) == (5, 0, 1)
    # Without the text nothing pays the Boost: Tester does not attack, 8 - 2 = 6.
    assert play(cards, "first", 15000, effects=False)[0]["opp_life"] == 6
    # Going second, turn 1: energy 1 and the setup's marker pay Caller (cost 2, the largest the plan can
    # pay): no marker is left. The Leader hits, Caller attacks, places a marker and hits: 8 - 2 = 6, 1 marker.
    final, events = play(cards, "second", 15000)
    assert events.count("Caller (TB-002): place an energy marker; markers 1") == 1
    assert (final["opp_life"], final["markers"]) == (6, 1)
    assert play(cards, "second", 15000, effects=False)[0]["markers"] == 0


LEADER_AURA = "[Permanent][Your Turn] If you have 2 or more energy, your Leader gets +5000 power."
LEADER_AURA_JA = "【永続】【自分のターン中】自分のエナジーが2枚以上の場合、自分のリーダーのパワー+5000。"


@pytest.mark.parametrize("text", [LEADER_AURA, LEADER_AURA_JA])
def test_the_leader_gets_the_power_while_the_condition_holds(text) -> None:
    sage = battle("TB-001", "Sage", 1, 0, text)
    # Going first, turn 1: a Filler charged (energy 1) pays Sage. Turn 2: energy 2: the condition holds,
    # the Leader attacks with 15000 + 5000 and hits a 20000 guard: 8 - 1 = 7.
    final, events = play([sage], "first", 20000)
    assert "Test Leader (Leader) attacks with power 20000" in events
    assert final["opp_life"] == 7
    # Going second, turn 1: energy 1 (the marker is not energy, 1-11-3): 15000 misses, 8.
    final, events = play([sage], "second", 20000)
    assert "Test Leader (Leader) attacks with power 15000" in events
    assert final["opp_life"] == 8


def test_the_leader_by_a_name_is_that_leader_only() -> None:
    # "your <Broly> Leader": the Leader is Test Leader, so it gets nothing, energy 2 or not: 15000 misses.
    text = "[Permanent][Your Turn] If you have 2 or more energy, your <Broly> Leader gets +5000 power."
    final, events = play([battle("TB-001", "Sage", 1, 0, text)], "first", 20000)
    assert ("Test Leader (Leader) attacks with power 15000" in events, final["opp_life"]) == (True, 8)


COMBO_DRAW = (
    "[Activate Battle] Choose your Leader or up to 1 of your Battle Cards and it gets +5000 power for the "
    "battle. Then, if you have a card in your Combo Area, draw 1 card."
)
COMBO_DRAW_JA = (
    "【起動 戦闘中】自分のリーダーか自分のバトルカード1枚までを選び、この戦闘中、パワー+5000。"
    "その後、自分のコンボエリアにカードがある場合、カード1枚を引く。"
)
HAND_DRAW = (
    "[Activate Battle] Your cards that are in a battle get +5000 power for the battle. Then, if you have"
    " {n} or fewer cards in your hand, draw 1 card."
)
HAND_DRAW_JA = (
    "【起動 戦闘中】自分の戦闘中のカードは、この戦闘中、パワー+5000。"
    "その後、自分の手札が{n}枚以下の場合、カード1枚を引く。"
)


@pytest.mark.parametrize("going", ["second", "first"])
@pytest.mark.parametrize(
    ("text", "drawn"),
    [
        (COMBO_DRAW, 1),
        (COMBO_DRAW_JA, 1),
        (HAND_DRAW.format(n=3), 1),
        (HAND_DRAW_JA.format(n=3), 1),
        (HAND_DRAW.format(n=2), 0),
        (HAND_DRAW_JA.format(n=2), 0),
    ],
)
def test_an_extra_draws_after_its_power_once_the_combos_are_made(going, text, drawn) -> None:
    tester = battle("TB-001", "Tester", 1, 5000)
    helper = battle("TB-003", "Helper", 9, 0, combo=5000)
    cards = [tester, boost(text), boost(text), helper]
    # Going second, turn 1: hand Tester, 2 Boosts, Helper, 3 Fillers; a Filler charged pays Tester, the
    # marker is left. Going first: turn 1 the same (energy 1 pays Tester, no attacks), turn 2 draws a Filler
    # and charges one (energy 2), plays nothing. The attacks: the Leader (15000) hits the 15000 guard; Tester
    # (5000) is 10000 short: Helper's 5000 and a Boost's 5000 carry it (8-2-4: the combo, then the Extra). The
    # hand is then a Boost and 2 Fillers (3 cards), the combo area holds Helper: the Boost draws 1 card if
    # "a card in your Combo Area" or "3 or fewer cards in your hand", not if "2 or fewer". Tester hits:
    # 8 - 2 = 6; Helper and the Boost go to the drop area.
    final, events = play(cards, going, 15000)
    assert [e for e in events if e.startswith("Boost (TX-050): draw")] == [
        "Boost (TX-050): draw Filler (TB-099)"
    ] * drawn
    assert (final["opp_life"], final["hand"], final["drop"]) == (6, 3 + drawn, 2)


BARDOCK = (
    "[Permanent] While this card is in a battle and if you have a card in your Combo Area, this card gets "
    "+5000 power."
)
BARDOCK_JA = "【永続】このカードの戦闘中、自分のコンボエリアにカードがある場合、このカードのパワー+5000。"


@pytest.mark.parametrize("going", ["second", "first"])
@pytest.mark.parametrize("text", [BARDOCK, BARDOCK_JA])
def test_a_card_gets_its_power_in_a_battle_with_a_combo(going, text) -> None:
    bardock = battle("TB-001", "Bardock", 1, 10000, text)
    helper = battle("TB-003", "Helper", 9, 0, combo=5000)
    cards = [bardock, helper, helper]
    # Either order: a Filler charged pays Bardock (going first on turn 1; turn 2 plays nothing). A 20000
    # guard: the Leader (15000) attacks first with one Helper (5000) and hits. Bardock (10000) is 10000
    # short: one Helper's 5000, and with it in the combo area its own +5000: 20000, a hit, 8 - 2 = 6.
    final, events = play(cards, going, 20000)
    assert "Bardock (TB-001) attacks with power 10000" in events
    assert (final["opp_life"], final["drop"]) == (6, 2)  # both Helpers, after their battles (8-5-4)
    # Without the text Bardock would need both Helpers, and the Leader took one: it does not attack, 7.
    final, events = play(cards, going, 20000, effects=False)
    assert ("Bardock (TB-001) attacks with power 10000" in events, final["opp_life"], final["drop"]) == (
        False,
        7,
        1,
    )


ACTIVE_DRAW = "[When Attacking] If you have {n} or more Active Mode energy, draw 1 card."
ACTIVE_DRAW_JA = "【アタック時】自分のアクティブのエナジーが{n}枚以上の場合、カード1枚を引く。"


@pytest.mark.parametrize("text", [ACTIVE_DRAW, ACTIVE_DRAW_JA])
def test_a_draw_when_attacking_waits_for_active_energy(text) -> None:
    def hand(going: str, n: int) -> int:
        final, _ = play([battle("TB-001", "Brute", 1, 15000, text.format(n=n))], going, 15000)
        assert final["opp_life"] == 6  # the Leader and Brute (15000) hit the 15000 guard
        return final["hand"]

    # Going first: turn 1 a Filler charged pays Brute (hand 7 - 2 = 5); turn 2 a draw and a charge (5),
    # nothing played: 2 energy in Active Mode when Brute attacks, so "2 or more" draws (6), "3 or more" not.
    assert (hand("first", 2), hand("first", 3)) == (6, 5)
    # Going second: the charged Filler pays Brute (markers last): no energy in Active Mode, 5 either way.
    assert (hand("second", 1), hand("second", 2)) == (5, 5)


HAND_TO_ENERGY = "[On Play] Add up to 1 card from your hand to your energy."
HAND_TO_ENERGY_JA = "[登場時]自分の手札1枚までをエナジーにする。"


@pytest.mark.parametrize("text", [HAND_TO_ENERGY, HAND_TO_ENERGY_JA])
def test_a_hand_card_into_the_energy_pays_a_bigger_card_sooner(text) -> None:
    sprout = battle("TB-001", "Sprout", 1, 10000, text)
    cards = [sprout, battle("TB-002", "Big", 3, 20000)]
    # Going first, turn 1: a Filler charged (energy 1) pays Sprout; its On Play puts the card the charge
    # would pick into the energy area: a Filler (cost 9, not castable soon; Big is not: 3 <= 1 + 1 + 2), so
    # energy 2. Turn 2: a Filler charged, energy 3 pays Big; Big (20000) and the Leader hit: 8 - 2 = 6.
    final, events = play(cards, "first", 15000)
    assert events.count("Sprout (TB-001): Filler (TB-099) from the hand to the energy area") == 1
    assert (final["opp_life"], final["energy"]) == (6, 0 + 3)
    # Without the text: energy 2 on turn 2, no Big, only the Leader hits: 7.
    assert play([battle("TB-001", "Sprout", 1, 10000), cards[1]], "first", 15000)[0]["opp_life"] == 7
    # Going second, turn 1: energy 1 pays Sprout, the marker is left; the On Play does not put Big in the
    # energy area (energy 1 + the marker + 1 pay it: the plan of the next turn), but a Filler: energy 2.
    final, _ = play(cards, "second", 15000)
    assert (final["energy"], final["markers"], final["opp_life"]) == (2, 1, 7)


def _statuses(text: str) -> list[str]:
    card = battle("TB-001", "Tester", 1, 10000, text)
    return [p.status for p in card_parts("dbsfw", card, SIM.params().policy)]


@pytest.mark.parametrize(
    ("text", "status"),
    [
        (MARKER_ON_PLAY, PLAYED),
        (MARKER_ATTACKING_JA, PLAYED),
        (LEADER_AURA, PLAYED),
        (BARDOCK_JA, PLAYED),
        # two cards in the combo area: not played (the attack finds one combo card at least, not two)
        (BARDOCK.replace("a card", "2 or more cards"), UNPLAYED),
        # a cost before the marker, a condition before what comes first: not read
        ("[When Attacking] Discard 1 card from your hand : " + MARKER_ATTACKING[18:], UNPLAYED),
        (
            "[On Play] If you have an energy marker, draw 1 card. Then, if you don't have an energy marker,"
            " you place 1 energy marker.",
            UNPLAYED,
        ),
        # the power lasts for the turn you take damage in, the opponent's
        ("[Auto][Once per turn] When you take damage, this card gets +10000 power for the turn.", MOOT),
        ("【自動】【ターン1回】自分がダメージを受けた時、このターン中、このカードのパワー+10000。", MOOT),
        # but a draw when you take damage is not moot (the simulated damage)
        ("[Auto] When you take damage, draw 1 card.", UNPLAYED),
        (
            "[When Attacking] If your Leader is awakened, choose up to 1 Battle Card in your Battle Area and"
            " it can't be KO'd by your opponent's skills until the end of your opponent's next turn.",
            MOOT,
        ),
    ],
)
def test_what_is_played_and_what_is_moot(text, status) -> None:
    assert _statuses(text) == [status]
