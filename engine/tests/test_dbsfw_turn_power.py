"""DBS FW: power for the turn (an On Play's or an Extra's Activate: Main: "This card gets +25000 power for
the turn.", "choose your Leader or up to 1 of your Battle Cards and it gets +30000 power for the turn.") and
a Battle card's own power while you have enough cards in play ("If you have 2 or more Battle Cards with
《Namekian》 in their special traits, this card gets +5000 power."): games worked out by hand from
docs/rules/dbsfw.md in both play orders.

The deck is 50 copies of Tester (a Battle card, cost 1, no combo): the shuffle does not matter. No redraw.
Going second nothing is charged: the second player's energy marker pays one Tester on turn 1 (6-2-1-10).
Going first a card is charged every turn: turn 1 plays one Tester (energy 1, no attacks, 7-3-4-3-1), turn 2
two more (energy 2). The Leader has 15000 power and always attacks; a Battle card attacks only when it
reaches the guard (§11.5).
"""

from __future__ import annotations

import pytest

from engine import Card, Deck, DeckEntry
from engine.effects import CardFilter, Condition, Effect
from engine.errors import DeckFileError
from engine.goldfish import get_simulator
from engine.goldfish.dbsfw import T_COND_LEADER, T_TURN_LEADER_OK, compile_deck
from engine.played_text import PLAYED, card_parts
from engine.readers import read_text

SIM = get_simulator("dbsfw")
LEADER = "Test Leader (Leader) attacks with power"
TESTER = "Tester (TB-001) attacks with power"


def battle_card(text: str, power: int = 10000, traits: tuple[str, ...] = ()) -> Card:
    return Card(
        "TB-001", "Tester", "battle", ("red",), 1, power=power, specified_cost={"red": 1}, combo_power=None,
        text=text, traits=traits,
    )  # fmt: skip


def leader(traits: tuple[str, ...] = (), name: str = "Test Leader") -> Card:
    return Card("TL-001", name, "leader", ("red",), power=15000, traits=traits)


def deck_of(card: Card, lead: Card) -> Deck:
    sections = {"leader": (DeckEntry(lead.number, 1),), "main": (DeckEntry(card.number, 50),)}
    return Deck("dbsfw", "standard", sections, {card.number: card, lead.number: lead})


def game(card: Card, going: str, guard: int, lead: Card | None = None, effects: bool = True):
    policy = {"charge_rule": "never" if going == "second" else "always", "mulligan_rule": "never"}
    policy["card_effects"] = effects
    turns = 1 if going == "second" else 2
    params = SIM.params(going=going, policy=policy, opponent={"opp_leader_power": guard}, max_turns=turns)
    log = SIM.play_logged(deck_of(card, lead or leader()), params, 1, 0)
    attacks = [e.text for e in log.events if e.turn == turns and " attacks " in e.text]
    return log.final["opp_life"], attacks


SELF = "[On Play] This card gets +10000 power for the turn."
SELF_JA = "【登場時】このターン中、このカードのパワー+10000。"


@pytest.mark.parametrize("text", [SELF, SELF_JA])
def test_a_card_gets_its_own_power_for_the_turn(text) -> None:
    # Going second, turn 1: Tester 10000 + 10000 = 20000 reaches a 20000 guard and hits; the Leader (15000)
    # attacks after it (highest power first) and misses: 8 - 1 = 7.
    card = battle_card(text)
    assert game(card, "second", 20000) == (7, [f"{TESTER} 20000", f"{LEADER} 15000"])
    # Without card text the Tester (10000) does not attack; the Leader misses: 8.
    assert game(card, "second", 20000, effects=False) == (8, [f"{LEADER} 15000"])
    # Going first, turn 2: the two Testers played get +10000 each (copies are alike: each to the copy with
    # the least power for the turn so far), the one of turn 1 none: two hit, 8 - 2 = 6.
    assert game(card, "first", 20000) == (6, [f"{TESTER} 20000", f"{TESTER} 20000", f"{LEADER} 15000"])


BOTH = (
    "[On Play] If you have 7 or fewer cards in your hand, this card and your Leader get +5000 power for the "
    "turn."
)
BOTH_JA = "【登場時】自分の手札が7枚以下の場合、このターン中、自分のリーダーとこのカードのパワー+5000。"
AWAKENED = "[On Play] If your Leader is awakened, this card and your Leader get +5000 power for the turn."


@pytest.mark.parametrize("text", [BOTH, BOTH_JA])
def test_this_card_and_your_leader_while_the_condition_holds(text) -> None:
    # Going second, turn 1: 6 cards + 1 drawn, 1 played: 6 in the hand (<= 7): the Leader 20000, Tester
    # 15000. A 15000 guard: both hit (the Leader first on a tie of order: 20000 > 15000): 8 - 2 = 6.
    card = battle_card(text)
    assert game(card, "second", 15000) == (6, [f"{LEADER} 20000", f"{TESTER} 15000"])
    # A 20000 guard: only the Leader reaches it; the Tester does not attack: 7.
    assert game(card, "second", 20000) == (7, [f"{LEADER} 20000"])
    # Going first: turn 1 ends with 5 cards (6 + 1 drawn - 1 charged - 1 played), turn 2 with 3 (+ 1 drawn,
    # - 1 charged, - 2 played; the first played counts the second still in the hand: 4): the condition holds
    # for both: the Leader 15000 + 2 x 5000 = 25000, the two new Testers 15000 each. A 25000 guard: the
    # Leader hits: 7.
    assert game(card, "first", 25000) == (7, [f"{LEADER} 25000"])


@pytest.mark.parametrize("going", ["second", "first"])
def test_no_power_while_the_condition_does_not_hold(going) -> None:
    # The Leader never awakens here: the Leader attacks with its 15000 and misses a 20000 guard: 8.
    assert game(battle_card(AWAKENED), going, 20000) == (8, [f"{LEADER} 15000"])


CHOSEN = "[On Play] Choose your Leader or up to 1 of your Battle Cards and it gets +{n} power for the turn."
CHOSEN_JA = "【登場時】自分のリーダーか自分のバトルカード1枚までを選び、このターン中、パワー+{n}。"


@pytest.mark.parametrize("text", [CHOSEN, CHOSEN_JA])
def test_the_chosen_card_is_the_one_the_guard_needs_it_for_most(text) -> None:
    # Against a 20000 guard the Leader (15000) is 5000 short, a Tester (10000) 10000 short.
    # Going second, turn 1, +5000 brings only the Leader to the guard: it gets it and hits: 7.
    assert game(battle_card(text.format(n=5000)), "second", 20000) == (7, [f"{LEADER} 20000"])
    # +10000 brings both: the one it brings furthest (the most combo power saved), the Tester: it hits and
    # the Leader misses: 7.
    assert game(battle_card(text.format(n=10000)), "second", 20000) == (
        7,
        [f"{TESTER} 20000", f"{LEADER} 15000"],
    )
    # +3000 brings neither: the one nearest the guard, the Leader (18000), which misses: 8.
    assert game(battle_card(text.format(n=3000)), "second", 20000) == (8, [f"{LEADER} 18000"])
    # Going first, turn 2, +10000: each of the two new Testers gives it to a Tester 10000 short (the first
    # in the Battle Area that is still short): two Testers hit, the Leader misses: 6.
    assert game(battle_card(text.format(n=10000)), "first", 20000) == (
        6,
        [f"{TESTER} 20000", f"{TESTER} 20000", f"{LEADER} 15000"],
    )
    # +5000: the first gives it to the Leader (the only one it brings to the guard), the second to the first
    # Tester (none is brought there: the nearest, all 10000 short, ties to the first): the Leader 20000
    # hits, the Testers (15000, 10000, 10000) do not attack: 7.
    assert game(battle_card(text.format(n=5000)), "first", 20000) == (7, [f"{LEADER} 20000"])


def test_a_card_by_name_may_be_the_leader() -> None:
    # "choose up to 1 of your <Test Leader>": the Leader has the name, no Battle card has: going second,
    # turn 1, the Leader 15000 + 5000 hits a 20000 guard: 7.
    text = "[On Play] Choose up to 1 of your <Test Leader> and it gets +5000 power for the turn."
    assert game(battle_card(text), "second", 20000) == (7, [f"{LEADER} 20000"])
    assert game(battle_card(text), "second", 20000, lead=leader(name="Other"))[0] == 8
    ktext = compile_deck(deck_of(battle_card(text), leader())).arrays[-1]
    assert list(ktext[0, T_TURN_LEADER_OK : T_TURN_LEADER_OK + 2]) == [
        1,
        1,
    ]  # the back face: the front's name


COUNT = (
    "[Permanent][Your Turn] If you have 2 or more Battle Cards with 《Namekian》 in their special traits, "
    "this card gets +5000 power."
)
COUNT_JA = (
    "【永続】【自分のターン中】自分の特徴《ナメック星人》を持つバトルカードが2枚以上ある場合、"
    "このカードのパワー+5000。"
)


@pytest.mark.parametrize(("text", "trait"), [(COUNT, "Namekian"), (COUNT_JA, "ナメック星人")])
def test_power_while_you_have_enough_battle_cards_with_the_trait(text, trait) -> None:
    # Going second, turn 1: one Tester (15000): 1 < 2, it does not reach a 20000 guard; the Leader misses: 8.
    card = battle_card(text, power=15000, traits=(trait,))
    assert game(card, "second", 20000) == (8, [f"{LEADER} 15000"])
    # Going first, turn 2: three Testers with the trait (each counts itself too): 20000 each, all hit: 5.
    assert game(card, "first", 20000)[0] == 5
    assert game(battle_card(text, power=15000, traits=("Other",)), "first", 20000)[0] == 8


TOTAL = (
    "[Permanent][Your Turn] If you have a total of 2 or more cards with 《Ginyu》 in their special traits "
    "among your Leader and Battle Cards, this card gets +5000 power."
)
TOTAL_JA = (
    "[永続][自分のターン中]自分のリーダーと自分のバトルカードで、特徴《ギニュー》を持つカードが合計2枚以上ある場合、"
    "このカードのパワー+5000。"
)


@pytest.mark.parametrize(("text", "trait"), [(TOTAL, "Ginyu"), (TOTAL_JA, "ギニュー")])
def test_the_leader_counts_among_your_leader_and_battle_cards(text, trait) -> None:
    # Going second, turn 1: the Leader with the trait and one Tester make 2: the Tester 20000 hits: 7; with a
    # Leader without it, 1: 8.
    card = battle_card(text, power=15000, traits=(trait,))
    assert game(card, "second", 20000, lead=leader((trait,))) == (7, [f"{TESTER} 20000", f"{LEADER} 15000"])
    assert game(card, "second", 20000)[0] == 8
    ktext = compile_deck(deck_of(card, leader((trait,)))).arrays[-1]
    assert list(ktext[0, T_COND_LEADER : T_COND_LEADER + 2]) == [1, 0]  # a back face without its traits


def test_read_reported_and_written() -> None:
    effects = read_text("dbsfw", COUNT, "Tester").effects
    condition = Condition("control-at-least", 2, CardFilter(type="battle", traits=("Namekian",)))
    assert effects == (Effect("static", "power", 5000, condition=condition),)
    card = battle_card(CHOSEN.format(n=5000))
    assert [(p.status, p.why) for p in card_parts("dbsfw", card, {})] == [
        (PLAYED, "when it enters the field, +5000 power for 1 of your cards this turn")
    ]
    assert [p.why for p in card_parts("dbsfw", battle_card(COUNT), {})] == [
        "if you have at least 2 Battle Cards with the trait Namekian in play, +5000 power"
    ]
    written = effects[0].to_dict()
    assert written["if"] == {
        "kind": "control-at-least",
        "n": 2,
        "filter": {"type": "battle", "traits": ["Namekian"]},
    }
    assert Effect.from_dict("test", written) == effects[0]


@pytest.mark.parametrize(
    ("condition", "message"),
    [
        ({"kind": "control-at-least", "n": 2}, "needs a 'filter'"),
        ({"kind": "hand-at-most", "n": 7, "filter": {"type": "battle"}}, "takes no 'filter'"),
    ],
)
def test_a_count_condition_needs_its_filter(condition, message) -> None:
    with pytest.raises(DeckFileError, match=message):
        Effect.from_dict("test", {"when": "static", "do": "power", "n": 5000, "if": condition})


def test_the_dbsfw_goldfish_counts_battle_cards_or_your_leader_and_battle_cards_only() -> None:
    """A count of other cards (a Leader alone, FFTCG's "at most") is a deck file's to write, not played."""
    from engine.goldfish.dbsfw import plays

    def power_if(kind: str, card_type: str | None) -> Effect:
        filt = {"traits": ["Namekian"]} | ({"type": card_type} if card_type else {})
        return Effect.from_dict(
            "test", {"when": "static", "do": "power", "n": 5000, "if": {"kind": kind, "n": 2, "filter": filt}}
        )

    assert plays(power_if("control-at-least", "battle"))
    assert plays(power_if("control-at-least", None))
    assert not plays(power_if("control-at-least", "leader"))
    assert not plays(power_if("control-at-most", "battle"))


# An Extra's [Activate: Battle] power that waits for a condition, on the stacked deck of
# test_dbsfw_battle_extras (Tester, two Boosts, Fillers; a 15000 guard, the Tester 10000 short by 5000).
IF_TESTER = (
    "[Activate Battle] If you have a <{name}> Battle Card, choose your Leader or up to 1 of your Battle "
    "Cards and it gets +5000 power for the battle."
)
IF_TESTER_JA = (
    "【起動 戦闘中】自分の「{name}」のバトルカードがある場合、"
    "自分のリーダーか自分のバトルカード1枚までを選び、この戦闘中、パワー+5000。"
)
IF_AWAKENED = (
    "[Activate Battle] If your Leader is awakened, your cards that are in a battle get +5000 power for the "
    "battle."
)


@pytest.mark.parametrize(("going", "turns"), [("second", 1), ("first", 2)])
@pytest.mark.parametrize("text", [IF_TESTER, IF_TESTER_JA])
def test_a_battle_extra_used_while_its_condition_holds(going, turns, text) -> None:
    from engine.tests.test_dbsfw_battle_extras import play

    # The Tester is in the Battle Area when it attacks: a Boost carries it to the guard, as without the
    # condition (test_dbsfw_battle_extras): the Leader and the Tester hit, 8 - 2 = 6.
    final, used = play(text.format(name="Tester"), going, turns)
    assert (final["opp_life"], used) == (6, ["use Boost (TX-002): +5000 power for the battle"])
    # No <Other> Battle Card: no Boost, only the Leader hits: 7; the Boosts stay in the hand (going second 7
    # - the charge - Tester = 5, going first 6 + 2 drawn - 2 charges - Tester = 5).
    final, used = play(text.format(name="Other"), going, turns)
    assert (final["opp_life"], used, final["drop"], final["hand"]) == (7, [], 0, 5)


@pytest.mark.parametrize(("going", "turns"), [("second", 1), ("first", 2)])
def test_a_battle_extra_waits_for_the_leader_to_awaken(going, turns) -> None:
    from engine.tests.test_dbsfw_battle_extras import play

    assert play(IF_AWAKENED, going, turns)[0]["opp_life"] == 7
