"""DBS FW: conditions the goldfish now plays: a Battle card's Strike while its
condition holds ("[Permanent] If you have 8 or more energy, this card gains [Double Strike].", 15-6-2,
checked in the damage step), a Leader face's own power while its condition holds ("[Permanent][Your Turn]
If you have 6 or more energy, this card gets +10000 power."), the top cards ordered on a condition
("[On Play] If you have 7 or fewer cards in your hand, look at the top card of your deck and place it at
the top or bottom of its owner's deck. Then, draw 1 card."), a When Attacking draw that counts your
rested Battle Cards ("If you have 2 or more Rest Mode Battle Cards with costs of 2 or more in your Battle
Area, draw 1 card."), and a second attack on a condition ("[When Attacking][Once per turn] If you have a
<Caulifla> Battle Card with a cost of 5, switch this card to Active Mode."). Games on stacked decks
worked out by hand from docs/rules/dbsfw.md, in both play orders.

Every deck: the Leader (red), the cards under test on top, then Fillers (Battle cards of cost 9, 0 power,
never played) for the rest. No redraw; a card is charged every turn (a Filler, the card least castable);
the second player has an energy marker (6-2-1-10), which is not energy (1-11-3). Both players draw on
their turn 1; the first player's Leader does not attack on its turn 1 (7-3-4-3-1). The opponent's Leader
has 15000 power: an attack of 15000 or more hits.
"""

from __future__ import annotations

import pytest

from engine import Card, Deck, DeckEntry
from engine.goldfish import get_simulator
from engine.goldfish.dbsfw import L_FACE_COND, compile_deck
from engine.played_text import MOOT, PLAYED, UNPLAYED, card_parts

SIM = get_simulator("dbsfw")
LEADER = Card("TL-001", "Test Leader", "leader", ("red",), power=15000)
FILLER = Card("TB-099", "Filler", "battle", ("red",), 9, power=0, specified_cost={"red": 1})
BIG = Card("TB-002", "Big", "battle", ("red",), 2, power=20000, specified_cost={"red": 1})
JUNK = Card("TX-051", "Junk", "extra", ("red",), 1, specified_cost={"red": 1})


def play(
    leader: Card, top: list[Card], going: str, effects: bool = True, turns: int = 2
) -> tuple[dict, list[str]]:
    """One game until own turn `turns`: the `top` cards first, Fillers to 50. Returns the final zones and
    the log lines."""
    order = [c.number for c in top]
    order += [FILLER.number] * (50 - len(order))
    counts: dict[str, int] = {}
    for number in order:
        counts[number] = counts.get(number, 0) + 1
    pool = {c.number: c for c in (*top, FILLER, leader)}
    main = tuple(DeckEntry(n, k) for n, k in counts.items())
    deck = Deck("dbsfw", "standard", {"leader": (DeckEntry(leader.number, 1),), "main": main}, pool)
    policy = {"charge_rule": "always", "mulligan_rule": "never", "card_effects": effects}
    params = SIM.params(going=going, policy=policy, opponent={"opp_leader_power": 15000}, max_turns=turns)
    log = SIM.play_stacked(deck, params, order)
    return log.final, [e.text for e in log.events]


def ace(text: str) -> Card:
    return Card("TB-001", "Ace", "battle", ("red",), 2, power=20000, specified_cost={"red": 1}, text=text)


STRIKE = "[Permanent] If you have {n} or more energy, this card gains [Double Strike]."
STRIKE_JA = "【永続】自分のエナジーが{n}枚以上の場合、このカードは【ダブルストライク】を得る。"


@pytest.mark.parametrize("text", [STRIKE, STRIKE_JA])
def test_a_battle_card_strikes_twice_while_its_condition_holds(text) -> None:
    # Going first, turn 1: a Filler charged (energy 1) cannot pay Ace (cost 2). Turn 2: a Filler charged
    # (energy 2) pays Ace; with 2 or more energy Ace (20000) deals 2, the Leader (15000) 1: 8 - 3 = 5.
    final, events = play(LEADER, [ace(text.format(n=2))], "first")
    assert final["opp_life"] == 5
    assert "hit: 2 damage, opponent life 6" in events
    # With 3 or more energy it does not hold (energy 2): Ace deals 1, the Leader 1: 6. Without card text: 6.
    assert play(LEADER, [ace(text.format(n=3))], "first")[0]["opp_life"] == 6
    assert play(LEADER, [ace(text.format(n=2))], "first", effects=False)[0]["opp_life"] == 6
    # Going second, turn 1: energy 1 and the marker pay Ace (2); energy 1 is not 2: Ace deals 1, the
    # Leader 1: 6. Turn 2: energy 2: Ace deals 2, the Leader 1: 3. With 3 or more energy: 1 + 1 twice: 4.
    assert play(LEADER, [ace(text.format(n=2))], "second")[0]["opp_life"] == 3
    assert play(LEADER, [ace(text.format(n=3))], "second")[0]["opp_life"] == 4


MILLER = Card(
    "TB-004", "Miller", "battle", ("red",), 1, power=0, specified_cost={"red": 1},
    text="[On Play] Place the top 2 cards of your deck into their owner's Drop.",
)  # fmt: skip


@pytest.mark.parametrize("name", ["Junk", "Other"])
def test_a_strike_that_waits_for_a_card_of_the_drop_area(name) -> None:
    # The opening hand is the top 6 (Miller, Ace, 4 Fillers), the life the next 8, the turn-1 draw the
    # 15th; Junk is the 17th. Going first, turn 1: a Filler charged pays Miller, which places the 16th
    # (a Filler) and the 17th (Junk) into the drop area. Turn 2: energy 2 pays Ace; with <Junk> in the
    # drop area Ace deals 2 and the Leader 1: 5; a card named <Other> is not there: 1 + 1: 6.
    text = f"[Permanent] If you have <{name}> in your Drop, this card gains [Double Strike]."
    top = [MILLER, ace(text)] + [FILLER] * 14 + [JUNK]
    assert play(LEADER, top, "first")[0]["opp_life"] == (5 if name == "Junk" else 6)
    # Going second, turn 1: energy 1 and the marker pay Ace, the drop area is empty: Ace and the Leader
    # deal 1 each: 6. Turn 2: the 16th drawn, a Filler charged (energy 2) pays Miller, which places the
    # 17th (Junk) and the 18th into the drop area before the attacks: Ace deals 2, the Leader 1: 3 (<Other>:
    # 1 + 1: 4).
    final, events = play(LEADER, top, "second")
    assert final["opp_life"] == (3 if name == "Junk" else 4)
    assert ("hit: 2 damage, opponent life 4" in events) == (name == "Junk")


def face_leader(text: str, power: int = 5000, back: dict | None = None) -> Card:
    return Card("TL-002", "Face", "leader", ("red",), power=power, text=text, back=back)


FACE = "[Permanent][Your Turn] If you have {n} or more energy, this card gets +10000 power."
FACE_JA = "【永続】【自分のターン中】自分のエナジーが{n}枚以上の場合、このカードのパワー+10000。"


@pytest.mark.parametrize("text", [FACE, FACE_JA])
def test_a_leader_face_gets_its_power_while_its_condition_holds(text) -> None:
    # The Leader has 5000 power: 15000 with the +10000 hits the 15000 guard, 5000 does not. Going first,
    # turn 2: a Filler charged on each turn, energy 2: with 2 or more energy the Leader hits: 7.
    assert play(face_leader(text.format(n=2)), [], "first")[0]["opp_life"] == 7
    assert play(face_leader(text.format(n=3)), [], "first")[0]["opp_life"] == 8
    assert play(face_leader(text.format(n=2)), [], "first", effects=False)[0]["opp_life"] == 8
    # Going second: turn 1 energy 1 (the marker is not energy): no hit; turn 2 energy 2: a hit: 7. Three
    # turns with 3 or more energy: turn 3 only: 7.
    assert play(face_leader(text.format(n=2)), [], "second")[0]["opp_life"] == 7
    assert play(face_leader(text.format(n=3)), [], "second", turns=3)[0]["opp_life"] == 7


def test_the_back_faces_power_on_a_condition_is_compiled_for_the_back() -> None:
    back = {"name": "Face", "power": 20000, "text": FACE.format(n=6)}
    leader = face_leader("[When Attacking] Draw 1 card.", back=back)
    arrays = compile_deck(
        Deck("dbsfw", "standard", {"leader": (DeckEntry("TL-002", 1),)}, {"TL-002": leader})
    ).arrays
    # front: none; back: +10000 while energy-at-least (code 1, + 1) 6
    assert list(arrays[1][L_FACE_COND : L_FACE_COND + 6]) == [0, 0, 0, 10000, 2, 6]


COND_ORDER = (
    "[On Play] If you have {n} or fewer cards in your hand, look at the top card of your deck and place it at"
    " the top or bottom of its owner's deck. Then, draw 1 card."
)
COND_ORDER_JA = (
    "【登場時】自分の手札が{n}枚以下の場合、自分のデッキの上から1枚を見て、そのカードをデッキの上か下に置く。"
    "その後、カード1枚を引く。"
)


def seer(text: str) -> Card:
    return Card("TB-003", "Seer", "battle", ("red",), 1, power=0, specified_cost={"red": 1}, text=text)


@pytest.mark.parametrize("text", [COND_ORDER, COND_ORDER_JA])
def test_the_top_card_is_ordered_only_while_the_condition_holds(text) -> None:
    top = [seer(text.format(n=7))] + [FILLER] * 14 + [JUNK, BIG]
    # Going first, turn 1: Seer paid by the charged Filler; the hand holds 4, 7 or fewer: Junk, the top
    # card, goes to the bottom and Big is drawn. Turn 2: a Filler charged (energy 2) pays Big; Big and
    # the Leader hit: 6.
    final, events = play(LEADER, top, "first")
    assert "Seer (TB-003): order the top cards, 0 kept on the top, the others at the bottom" in events
    assert final["opp_life"] == 6
    # 3 or fewer: neither the look nor the draw; turn 2 draws Junk: only the Leader hits: 7.
    top[0] = seer(text.format(n=3))
    final, events = play(LEADER, top, "first")
    assert not any(e.startswith("Seer (TB-003): order") for e in events)
    assert final["opp_life"] == 7
    # Going second, turn 1: Seer paid by the charged Filler (the marker is left, and alone cannot pay Big),
    # the hand holds 5: Junk to the bottom, Big drawn; the Leader hits: 7. Turn 2: energy 2 pays Big; Big
    # and the Leader hit: 5. With 3 or fewer: turn 2 draws Junk, the Leader hits twice: 6.
    top[0] = seer(text.format(n=7))
    assert play(LEADER, top, "second")[0]["opp_life"] == 5
    top[0] = seer(text.format(n=3))
    assert play(LEADER, top, "second")[0]["opp_life"] == 6


def test_read_and_reported() -> None:
    policy = SIM.params().policy
    for card in (ace(STRIKE.format(n=8)), ace(STRIKE_JA.format(n=8)), seer(COND_ORDER.format(n=7))):
        assert [p.status for p in card_parts("dbsfw", card, policy)] == [PLAYED]
    glued = ace(
        "[Permanent] If you have <Kid> in your Drop, this card gains [Double Strike].(Double Strike : This"
        " card inflicts 2 damage instead of 1 when attacking.)"
    )
    assert [p.status for p in card_parts("dbsfw", glued, policy)] == [PLAYED]
    reminded = ace(
        STRIKE.format(n=8) + "\n(Double Strike : This card inflicts 2 damage instead of 1 when attacking.)"
    )
    assert [p.status for p in card_parts("dbsfw", reminded, policy)] == [PLAYED, MOOT]
    # the hand changes in the attacks (combos leave it): a Strike on it is not played
    hand = ace("[Permanent] If you have 7 or fewer cards in your hand, this card gains [Double Strike].")
    assert [p.status for p in card_parts("dbsfw", hand, policy)] == [UNPLAYED]
    for face in (face_leader(FACE.format(n=6)), face_leader(FACE_JA.format(n=6))):
        assert [p.status for p in card_parts("dbsfw", face, policy)] == [PLAYED]
    in_hand = face_leader(
        "[Permanent] If you have 7 or fewer cards in your hand, this card gets +10000 power."
    )
    assert [p.status for p in card_parts("dbsfw", in_hand, policy)] == [UNPLAYED]


STRONG = Card("TB-005", "Strong", "battle", ("red",), 2, power=25000, specified_cost={"red": 1})
RESTED = (
    "[When Attacking] If you have {n} or more Rest Mode Battle Cards with costs of 2 or more in your Battle"
    " Area, draw 1 card."
)
RESTED_JA = (
    "【アタック時】自分のバトルエリアにレストのコスト2以上のバトルカードが{n}枚以上ある場合、"
    "カード1枚を引く。"
)
RESTED_NAME = "[When Attacking] If you have a Rest Mode <Strong> Battle Card, draw 1 card."
RESTED_NAME_JA = "【アタック時】自分のレストの「Strong」のバトルカードがある場合、カード1枚を引く。"


def vega(text: str) -> Card:
    return Card("TB-006", "Vega", "battle", ("red",), 2, power=20000, specified_cost={"red": 1}, text=text)


@pytest.mark.parametrize("text", [RESTED.format(n=2), RESTED_JA.format(n=2), RESTED_NAME, RESTED_NAME_JA])
def test_a_when_attacking_draw_counts_your_rested_battle_cards(text) -> None:
    # The opening hand: Vega, Strong (25000), 4 Fillers. Going first, turn 2: energy 2 pays Vega (the plan
    # values its draw), which attacks alone: rested, only itself (cost 2), 1 of the 2 needed, and no
    # Strong: no draw. Turn 3: energy 3 pays Strong; Strong (25000) attacks first and rests, then Vega:
    # Strong and Vega rested, 2: Vega draws 1. The deck: 50 - 6 - 8 - 3 draws - 1 = 32 (33 without it).
    final, events = play(LEADER, [vega(text), STRONG], "first", turns=3)
    assert events.count("Vega (TB-006): draw Filler (TB-099)") == 1
    assert final["deck"] == 32
    # Going second, turn 1: energy 1 and the marker pay Vega, which attacks alone: no draw. Turn 2: energy
    # 2 pays Strong, which attacks before Vega: Vega draws 1; the deck: 50 - 6 - 8 - 2 - 1 = 33.
    final, events = play(LEADER, [vega(text), STRONG], "second")
    assert events.count("Vega (TB-006): draw Filler (TB-099)") == 1
    assert final["deck"] == 33


@pytest.mark.parametrize("going, turns, deck", [("first", 3, 33), ("second", 2, 34)])
def test_too_few_rested_battle_cards_draw_nothing(going, turns, deck) -> None:
    # 3 or more: Strong and Vega are 2 at most, so Vega never draws (the decks of the games above, 1 more).
    final, events = play(LEADER, [vega(RESTED.format(n=3)), STRONG], going, turns=turns)
    assert not any(e.startswith("Vega (TB-006): draw") for e in events)
    assert final["deck"] == deck
    # the rested count only on a When Attacking draw: On Play, or a card's own power, is not played
    policy = SIM.params().policy
    on_play = vega("[On Play] If you have a Rest Mode <Strong> Battle Card, draw 1 card.")
    power = vega("[Permanent] If you have a Rest Mode <Strong> Battle Card, this card gets +5000 power.")
    for card in (on_play, power):
        assert [p.status for p in card_parts("dbsfw", card, policy)] == [UNPLAYED]


CAULI = Card("TB-007", "Cauli", "battle", ("red",), 1, power=0, specified_cost={"red": 1})
AGAIN_IF = (
    "[When Attacking][Once per turn] If you have a <{name}> Battle Card with a cost of 1, switch this card to"
    " Active Mode."
)
AGAIN_IF_JA = (
    "【アタック時】【ターン1回】自分のコスト1の「{name}」のバトルカードがある場合、"
    "このカードをアクティブにする。"
)


def kal(text: str) -> Card:
    return Card("TB-008", "Kal", "battle", ("red",), 2, power=20000, specified_cost={"red": 1}, text=text)


@pytest.mark.parametrize("text", [AGAIN_IF, AGAIN_IF_JA])
def test_a_second_attack_only_while_its_condition_holds(text) -> None:
    # The opening hand: Kal (2, 20000), Cauli (1, 0 power: it never attacks), 4 Fillers. Going first,
    # turn 1: energy 1 pays Cauli. Turn 2: energy 2 pays Kal; it attacks with a <Cauli> of cost 1 in the
    # Battle Area: it switches to Active Mode and attacks again; Kal twice and the Leader: 8 - 3 = 5. When
    # the condition names <Other>, which is not there: Kal once and the Leader: 6.
    top = [kal(text.format(name="Cauli")), CAULI]
    assert play(LEADER, top, "first")[0]["opp_life"] == 5
    other = [kal(text.format(name="Other")), CAULI]
    assert play(LEADER, other, "first")[0]["opp_life"] == 6
    # Going second, turn 1: energy 1 and the marker pay Kal (the plan's larger card), no Cauli yet: Kal
    # once and the Leader: 6. Turn 2: energy 2 pays Cauli; Kal twice and the Leader: 3 (<Other>: 4).
    final, events = play(LEADER, top, "second")
    assert final["opp_life"] == 3
    assert events.count("Kal (TB-008) attacks with power 20000") == 3
    assert play(LEADER, other, "second")[0]["opp_life"] == 4
