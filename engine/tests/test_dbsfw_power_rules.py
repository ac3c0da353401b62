"""DBS FW: power and attack text, games on a stacked deck worked out by hand from docs/rules/dbsfw.md in both
play orders:

- an Extra's [Activate: Battle] power with more for the same card on a condition ("... +5000 power for the
  battle. Then, if you have 2 or more energy, that card gets +5000 power for the battle.") or for each of
  your cards with a trait ("Then, that card gets +5000 power for the battle for each card with 《X》 in its
  special traits among your Leader and Battle Cards.");
- a Battle card that can't attack, or can't attack the opponent's Leader (all this opponent has), and one
  that must attack whenever possible (8-1-1: it rests and its When Attacking resolves, hit or not);
- a Battle card's Permanent power for your Battle Cards by a name ("All your <X> Battle Cards get +5000
  power.").

An attack hits when its power is at least the guard's (8-4-6); the Leader attacks every turn, a Battle
card only when it can reach the guard (§11.5) unless its text makes it attack. The autopilot charges every
turn (the card least castable, a Filler: cost 9, power 0, no combo power: §11.5), never redraws.
"""

from __future__ import annotations

import pytest

from engine import Card, Deck, DeckEntry
from engine.goldfish import get_simulator

SIM = get_simulator("dbsfw")
FILLER = Card("TB-009", "Filler", "battle", ("red",), 9, power=0)


def play(cards: list[Card], order: list[str], going: str, turns: int, guard: int, effects: bool = True):
    """The final counts and the log's lines of a stacked game: `order` the deck from the top (the
    opening hand first), Fillers below it; the first card is the Leader."""
    leader, *others = cards
    main = tuple(DeckEntry(c.number, order.count(c.number)) for c in others)
    main += (DeckEntry(FILLER.number, 50 - len(order)),)
    pool = {c.number: c for c in cards} | {FILLER.number: FILLER}
    deck = Deck("dbsfw", "standard", {"leader": (DeckEntry(leader.number, 1),), "main": main}, pool)
    policy = {"charge_rule": "always", "mulligan_rule": "never", "card_effects": effects}
    params = SIM.params(going=going, policy=policy, opponent={"opp_leader_power": guard}, max_turns=turns)
    log = SIM.play_stacked(deck, params, order + [FILLER.number] * (50 - len(order)))
    return log.final, [e.text for e in log.events]


# ---- an Extra's power, then more for the same card ----

LEADER = Card("TL-001", "Test Leader", "leader", ("red",), power=15000)
CLAN_LEADER = Card("TL-002", "Clan Leader", "leader", ("red",), power=15000, traits=("Tester Clan",))
TESTER = Card(
    "TB-001", "Tester", "battle", ("red",), 1, power=10000, traits=("Tester Clan",), specified_cost={"red": 1}
)
FIRST = (
    "[Activate Battle] Choose your Leader or up to 1 of your Battle Cards and it gets +5000 power for the"
    " battle."
)
MORE = FIRST + " Then, if you have {n} or more energy, that card gets +5000 power for the battle."
MORE_JA = (
    "【起動 戦闘中】自分のリーダーか自分のバトルカード1枚までを選び、この戦闘中、パワー+5000。"
    "その後、自分のエナジーが{n}枚以上の場合、この戦闘中、そのカードのパワー+5000。"
)
EACH = (
    FIRST
    + " Then, that card gets +5000 power for the battle for each card with 《Tester Clan》 in its special"
    " traits among your Leader and Battle Cards."
)
EACH_JA = (
    "【起動 戦闘中】自分のリーダーか自分のバトルカード1枚までを選び、この戦闘中、パワー+5000。"
    "その後、自分のリーダーと自分のバトルカードの、特徴《Tester Clan》を持つカード1枚につき、この戦闘中、"
    "そのカードのパワー+5000。"
)


def boost(text: str) -> Card:
    return Card("TX-002", "Boost", "extra", ("red",), 1, specified_cost={"red": 1}, text=text)


def boosted(leader: Card, text: str, going: str, guard: int, effects: bool = True) -> tuple[int, list[str]]:
    """The opponent's life after own turn 2 (the Fillers cost 9: Tester is the only card played) and the
    Boosts used: opening hand Tester, two Boosts, three Fillers."""
    order = [TESTER.number, "TX-002", "TX-002"]
    final, lines = play([leader, TESTER, boost(text)], order, going, 2, guard, effects)
    return final["opp_life"], [t for t in lines if t.startswith("use Boost")]


@pytest.mark.parametrize("going", ["first", "second"])
@pytest.mark.parametrize("text", [MORE, MORE_JA])
def test_more_power_on_a_condition(going, text) -> None:
    # A 25000 guard: the Leader (15000) needs 10000, Tester (10000) 15000. Going first: turn 1 charges
    # (energy 1) and plays Tester, no attack (7-3-4-3-1); turn 2 charges: energy 2. Going second: turn 1
    # charges (energy 1, and the marker, which is not energy, 1-11-3) and plays Tester with the energy
    # card (markers last); a Boost gives 5000 (1 energy < 2), not enough: the Leader attacks anyway and
    # misses; turn 2 charges: energy 2. Turn 2, 2 or more energy: a Boost gives 5000 + 5000 and the
    # Leader hits (8 - 1); Tester would need 15000 and stays.
    assert boosted(LEADER, text.format(n=2), going, 25000) == (
        7,
        ["use Boost (TX-002): +10000 power for the battle"],
    )
    # 3 or more: 5000 at most, never enough; nothing hits
    assert boosted(LEADER, text.format(n=3), going, 25000) == (8, [])
    assert boosted(LEADER, text.format(n=2), going, 25000, effects=False)[0] == 8


@pytest.mark.parametrize("going", ["first", "second"])
@pytest.mark.parametrize("text", [EACH, EACH_JA])
def test_more_power_for_each_card_with_a_trait(going, text) -> None:
    # The turns as above. Tester is 《Tester Clan》: a Boost gives 5000 + 5000 for it; with a Leader of the
    # trait, 5000 + 10000. A 25000 guard: the Leader needs 10000, which Tester's count makes (8 - 1), and
    # Tester 15000, which no Boost makes. Going second the Leader's turn-1 attack hits with a Boost too
    # (paid with the marker; the energy card paid Tester), and turn 2 with the other: 8 - 2.
    hits = 1 if going == "first" else 2
    used = ["use Boost (TX-002): +10000 power for the battle"] * hits
    assert boosted(LEADER, text, going, 25000) == (8 - hits, used)
    # A 30000 guard: the Leader needs 15000, Tester 20000: only with a Leader of the trait, and then only
    # the Leader, in turn 2 (going second the turn-1 marker pays for it too: 8 - 2)
    assert boosted(LEADER, text, going, 30000) == (8, [])
    used = ["use Boost (TX-002): +15000 power for the battle"] * hits
    assert boosted(CLAN_LEADER, text, going, 30000) == (8 - hits, used)
    assert boosted(CLAN_LEADER, text, going, 30000, effects=False)[0] == 8


RETURN_THEN = (
    "[Activate Battle][Your Turn] Choose up to 1 Battle Card with a cost of 5 or less in your opponent's"
    " Battle Area and return it to its owner's hand. Then, if there is a Battle Card with a cost of {n} or"
    " more in your Battle Area, your cards that are in a battle get +10000 power for the battle."
)
RETURN_THEN_JA = (
    "【起動 戦闘中】【自分のターン中】相手のバトルエリアのコスト5以下のバトルカード1枚までを選び、"
    "手札に戻す。その後、自分のバトルエリアにコスト{n}以上のバトルカードがある場合、自分の戦闘中のカードは、この戦闘中、"
    "パワー+10000。"
)


@pytest.mark.parametrize("going", ["first", "second"])
@pytest.mark.parametrize("text", [RETURN_THEN, RETURN_THEN_JA])
def test_power_while_you_have_a_battle_card_of_a_cost(going, text) -> None:
    # The return does nothing here (the opponent has no Battle Cards); the power waits for a Battle Card of
    # a cost in your Battle Area: Tester, cost 1. A 20000 guard: the Leader needs 5000, Tester 10000.
    # Going first, turn 2 (energy 2): a Boost for the Leader, the other for Tester: 8 - 2. Going second,
    # turn 1 the marker pays the Leader's (the energy card paid Tester), turn 2 the Leader takes the other
    # (it attacks first, §11.5): 8 - 2 too.
    used = ["use Boost (TX-002): +10000 power for the battle"] * 2
    assert boosted(LEADER, text.format(n=1), going, 20000) == (6, used)
    assert boosted(LEADER, text.format(n=2), going, 20000) == (8, [])  # Tester's cost is 1


# ---- a Battle card's own attacks ----


def attacker(text: str, power: int) -> Card:
    return Card(
        "TB-003", "Sentinel", "battle", ("red",), 1, power=power, specified_cost={"red": 1}, text=text
    )


def attacks(text: str, power: int, going: str, effects: bool = True) -> tuple[int, int, int]:
    """Own turn 1 going second, own turn 2 going first: the opponent's life, the hand, and how many times
    Sentinel attacked; opening hand Sentinel and five Fillers, a 15000 guard."""
    turns = 1 if going == "second" else 2
    final, lines = play([LEADER, attacker(text, power)], ["TB-003"], going, turns, 15000, effects)
    return final["opp_life"], final["hand"], sum(t.startswith("Sentinel (TB-003) attacks") for t in lines)


@pytest.mark.parametrize("going", ["first", "second"])
@pytest.mark.parametrize(
    "text",
    [
        "[Permanent] This card can't attack.",
        "[Permanent] This card can't attack your opponent's Leader.",
        "[永続]このカードはアタックできない。",
        "[永続]このカードは相手のリーダーにアタックできない。",
    ],
)
def test_a_card_that_cannot_attack(going, text) -> None:
    # Sentinel (20000) is played (the charged Filler pays it); only the Leader attacks: 8 - 1. The hand:
    # going second 6 + 1 drawn - 1 charged - Sentinel = 5; going first 6 + 2 drawn - 2 charged - Sentinel.
    assert attacks(text, 20000, going) == (7, 5, 0)
    assert attacks(text, 20000, going, effects=False) == (6, 5, 1)  # read as blank, it attacks and hits


MUST = "[Permanent] This card must attack whenever possible.\n[When Attacking] Draw 1 card."
MUST_JA = "[永続]このカードは可能な限りアタックしなければならない。\n[アタック時]カード1枚を引く。"


@pytest.mark.parametrize("going", ["first", "second"])
@pytest.mark.parametrize("text", [MUST, MUST_JA])
def test_a_card_that_must_attack(going, text) -> None:
    # Sentinel (10000) cannot reach the 15000 guard and no card combos: it attacks all the same, misses and
    # draws 1 (hand 5 + 1); the Leader hits: 8 - 1.
    assert attacks(text, 10000, going) == (7, 6, 1)
    # without the Permanent it does not attack, and draws nothing
    assert attacks(text.split("\n")[1], 10000, going) == (7, 5, 0)


# ---- power for your Battle Cards by a name ----


@pytest.mark.parametrize("going", ["first", "second"])
@pytest.mark.parametrize(
    "text",
    [
        "[Permanent] All your <Pupil> Battle Cards get +5000 power.",
        "[永続]自分の「Pupil」のバトルカードすべてのパワー+5000。",
    ],
)
def test_power_for_your_battle_cards_by_a_name(going, text) -> None:
    # Mentor and Pupil (10000 each, cost 1): going second turn 1 the charged Filler and the marker pay both;
    # going first one in turn 1 and the other in turn 2. Pupil gets 15000 and hits with the Leader: 8 - 2;
    # Mentor (10000) does not attack. As blank text only the Leader hits.
    mentor = Card(
        "TB-004", "Mentor", "battle", ("red",), 1, power=10000, specified_cost={"red": 1}, text=text
    )
    pupil = Card("TB-005", "Pupil", "battle", ("red",), 1, power=10000, specified_cost={"red": 1})
    turns = 1 if going == "second" else 2
    cards = [LEADER, mentor, pupil]
    final, lines = play(cards, ["TB-004", "TB-005"], going, turns, 15000)
    assert final["opp_life"] == 6
    assert not any(t.startswith("Mentor (TB-004) attacks") for t in lines)
    assert play(cards, ["TB-004", "TB-005"], going, turns, 15000, effects=False)[0]["opp_life"] == 7


# ---- a Battle card that leaves after its attack ----

BOTTOM = "[When Attacking] At the end of the turn, place this card at the bottom of your deck."
BOTTOM_JA = "[アタック時]このターン終了時、このカードをデッキの下に置く。"
KO_AFTER = "[When Attacking] At the end of the battle, KO this card."
KO_AFTER_JA = "【アタック時】この戦闘終了時、このカードをKOする。"


def raid(text: str, going: str, effects: bool = True) -> tuple[dict, list[str]]:
    """Two own turns: Raider (20000, cost 1) and five Fillers in the opening hand, a 15000 guard."""
    raider = Card(
        "TB-006", "Raider", "battle", ("red",), 1, power=20000, specified_cost={"red": 1}, text=text
    )
    final, lines = play([LEADER, raider], ["TB-006"], going, 2, 15000, effects)
    return final, [t for t in lines if t.startswith("Raider (TB-006)") and "attacks" not in t]


@pytest.mark.parametrize("text", [BOTTOM, BOTTOM_JA])
def test_to_the_bottom_of_the_deck_at_the_end_of_the_turn(text) -> None:
    # Going second: turn 1 Raider is played (the charged Filler pays it) and hits with the Leader: 8 - 2; at
    # the end of the turn it goes under the deck: 50 - 6 - 8 - 1 drawn + 1 = 36. Turn 2 only the Leader
    # hits (7 - 1 = 5); the deck 35 after the draw, no card in the Battle Area.
    final, left = raid(text, "second")
    assert (final["opp_life"], final["deck"], final["battle"]) == (5, 35, 0)
    assert left == ["Raider (TB-006) goes to the bottom of the deck at the end of the turn; deck 36"]
    # Going first: turn 1 it is played and does not attack (7-3-4-3-1): it stays. Turn 2 it hits with the
    # Leader (8 - 2) and goes under the deck: 50 - 14 - 2 drawn + 1 = 35.
    final, left = raid(text, "first")
    assert (final["opp_life"], final["deck"], final["battle"]) == (6, 35, 0)
    assert left == ["Raider (TB-006) goes to the bottom of the deck at the end of the turn; deck 35"]
    # as blank text it stays and hits again: going second 8 - 2 - 2
    assert raid(text, "second", effects=False)[0]["opp_life"] == 4


@pytest.mark.parametrize("text", [KO_AFTER, KO_AFTER_JA])
def test_kod_at_the_end_of_its_battle(text) -> None:
    # Going second: turn 1 Raider (20000, first in the attack order) hits, then is KO'd: the drop area 1;
    # the Leader hits (8 - 2); turn 2 only the Leader (5). Going first: turn 2 both hit (6), Raider KO'd.
    for going, life in (("second", 5), ("first", 6)):
        final, left = raid(text, going)
        assert (final["opp_life"], final["drop"], final["battle"]) == (life, 1, 0)
        assert left == ["Raider (TB-006) is KO'd at the end of its battle"]
    final = raid(text, "second", effects=False)[0]
    assert (final["opp_life"], final["drop"], final["battle"]) == (4, 0, 1)


# ---- an Extra's power for the turn, then a draw on the Leader's name ----

NIMBUS = (
    "[Activate Main] Choose up to 1 of your Battle Cards and it gets +10000 power for the turn. Then, if your"
    " Leader has <Hero> in its card name, draw 1 card."
)
NIMBUS_JA = (
    "【起動 メイン】自分のバトルカード1枚までを選び、このターン中、パワー+10000。"
    "その後、自分のリーダーがカード名に「Hero」を含む場合、カード1枚を引く。"
)


@pytest.mark.parametrize("going", ["first", "second"])
@pytest.mark.parametrize("text", [NIMBUS, NIMBUS_JA])
def test_power_for_the_turn_then_a_draw_on_the_leaders_name(going, text) -> None:
    # Opening hand Tester (10000, cost 1), Nimbus (an Extra, cost 1, the text) and four Fillers; a 15000
    # guard. Going second, turn 1 the charged Filler and the marker pay both (Battle cards first, §11.5);
    # going first, turn 1 Tester (1 energy), turn 2 Nimbus. Nimbus gives Tester +10000: it hits with the
    # Leader (8 - 2). The hand: going second 6 + 1 drawn - 1 charged - 2 played, going first 6 + 2 drawn -
    # 2 charged - 2 played: 4, and 5 when the Leader's name has "Hero" in it (Nimbus draws 1).
    nimbus = Card("TX-007", "Nimbus", "extra", ("red",), 1, specified_cost={"red": 1}, text=text)
    turns = 1 if going == "second" else 2
    for leader, hand in ((Card("TL-003", "Young Hero", "leader", ("red",), power=15000), 5), (LEADER, 4)):
        final, _ = play([leader, TESTER, nimbus], [TESTER.number, "TX-007"], going, turns, 15000)
        assert (final["opp_life"], final["hand"], final["drop"]) == (6, hand, 1)
