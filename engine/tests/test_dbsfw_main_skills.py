"""DBS FW: a Leader condition ("If your Leader has 《Ember》 in its special traits, play up to 1 ...",
"If your Leader is <Test Leader>, draw 1 card.") and an [Activate Main] paid by resting the card itself
("[Activate Main] Switch this card to Rest Mode : Draw 1 card."), used after the attacks (7-3-4-2,
7-3-4-3) by a Battle card that did not attack and by a Field: games worked out by hand from
docs/rules/dbsfw.md, in both play orders.

The one-card decks are 50 copies of a cost-1 card of 5000 power (the shuffle does not matter), no
redraw: 6 cards in hand, 8 life cards, 36 in the deck; own turn 1 draws 1 in either play order. The
opponent's guard is 15000: a 5000-power card without a combo power never attacks (the Leader, 15000,
does). Going second the energy marker (6-2-1-10) pays turn 1.
"""

from __future__ import annotations

import pytest

from engine import Card, Deck, DeckEntry
from engine.goldfish import get_simulator
from engine.played_text import PLAYED, UNPLAYED, card_parts

SIM = get_simulator("dbsfw")


def leader(traits=("Ember",), name: str = "Test Leader") -> Card:
    return Card("TL-001", name, "leader", ("red",), power=15000, traits=tuple(traits))


def card(number: str, name: str, cost: int, text: str = "", power: int = 5000, traits=(), kind="battle",
         keywords=()) -> Card:  # fmt: skip
    return Card(
        number, name, kind, ("red",), cost, power=power if kind == "battle" else None,
        specified_cost={"red": 1}, traits=tuple(traits), text=text, keywords=tuple(keywords),
    )  # fmt: skip


def deck_of(cards: list[Card], counts: list[int], lead: Card) -> Deck:
    main = tuple(DeckEntry(c.number, n) for c, n in zip(cards, counts, strict=True))
    return Deck(
        "dbsfw", "standard", {"leader": (DeckEntry(lead.number, 1),), "main": main},
        {c.number: c for c in (*cards, lead)},
    )  # fmt: skip


def logged(deck: Deck, going: str, turns: int, charge: str = "always", effects: bool = True):
    policy = {"charge_rule": charge, "mulligan_rule": "never", "card_effects": effects}
    return SIM.play_logged(deck, SIM.params(going=going, policy=policy, max_turns=turns), 1, 0)


def stacked(deck: Deck, order: list[str], going: str, turns: int, charge: str = "always"):
    policy = {"charge_rule": charge, "mulligan_rule": "never"}
    return SIM.play_stacked(deck, SIM.params(going=going, policy=policy, max_turns=turns), order)


def texts(log) -> list[str]:
    return [e.text for e in log.events]


REST_DRAW = "[Activate Main] Switch this card to Rest Mode : Draw 1 card."
REST_DRAW_JA = "【起動 メイン】バトルエリアのこのカードをレストにする：カード1枚を引く。"


@pytest.mark.parametrize("text", [REST_DRAW, REST_DRAW_JA])
def test_a_battle_card_that_does_not_attack_rests_for_its_draw_going_second(text) -> None:
    # Turn 1: 6 + 1 drawn = 7 (deck 35); nothing charged, the marker plays 1 Scribe (hand 6). The Leader
    # attacks; the Scribe (5000) cannot reach the guard and stays active: after the attacks it rests and
    # draws 1 (hand 7, deck 34). Without card text: hand 6, deck 35.
    deck = deck_of([card("TB-001", "Scribe", 1, text)], [50], leader())
    log = logged(deck, "second", 1, charge="never")
    assert (log.final["hand"], log.final["deck"], log.final["battle"]) == (7, 34, 1)
    assert "rest Scribe (TB-001) for its [Activate Main]" in texts(log)
    off = logged(deck, "second", 1, charge="never", effects=False).final
    assert (off["hand"], off["deck"]) == (6, 35)


@pytest.mark.parametrize("text", [REST_DRAW, REST_DRAW_JA])
def test_a_battle_card_that_does_not_attack_rests_for_its_draw_going_first(text) -> None:
    # Turn 1 (no attacks, 7-3-4-3-1): 7 cards, 1 charged (6, energy 1), 1 played (5); it rests and draws
    # (6, deck 34). Turn 2: the charge phase untaps it; 1 drawn (7, deck 33), 1 charged (6, energy 2), 2
    # played (4); none of the 3 Scribes attacks, each rests and draws 1: hand 7, deck 30.
    deck = deck_of([card("TB-001", "Scribe", 1, text)], [50], leader())
    final = logged(deck, "first", 1).final
    assert (final["hand"], final["deck"]) == (6, 34)
    final = logged(deck, "first", 2).final
    assert (final["hand"], final["deck"], final["battle"], final["energy"]) == (7, 30, 3, 2)


@pytest.mark.parametrize("going", ["second", "first"])
def test_a_battle_card_that_attacks_keeps_its_skill_unused(going) -> None:
    # A 15000-power Scribe reaches the guard: it attacks (rests) and its skill is not used. Going second,
    # turn 1: hand 6 after the play, no draw by the skill (deck 35). Going first, turn 2: the turn-1 Scribe
    # (no attacks then) drew (hand 6, deck 34); turn 2 draws 1 (7, deck 33), charges 1 (6), plays 2 (4);
    # all 3 attack, none draws: hand 4, deck 33.
    deck = deck_of([card("TB-001", "Scribe", 1, REST_DRAW, power=15000)], [50], leader())
    if going == "second":
        final = logged(deck, going, 1, charge="never").final
        assert (final["hand"], final["deck"]) == (6, 35)
    else:
        final = logged(deck, going, 2).final
        assert (final["hand"], final["deck"], final["battle"]) == (4, 33, 3)


@pytest.mark.parametrize("going", ["second", "first"])
def test_a_card_that_does_not_untap_keeps_its_skill_unused(going) -> None:
    # It would stay rested for the next turn: hand and deck as without the skill (going second turn 1:
    # 6, 35; going first turn 1: 5, 35).
    text = REST_DRAW + "\n[Permanent] This card can't be switched to Active Mode during your Charge Phase."
    deck = deck_of([card("TB-001", "Scribe", 1, text)], [50], leader())
    final = logged(deck, going, 1, charge="never" if going == "second" else "always").final
    assert (final["hand"], final["deck"]) == ((6, 35) if going == "second" else (5, 35))


# A stacked deck: Summoner (cost 1, "rest: play up to 1 Battle Card with a cost of 1 or less and 《Ember》
# from your hand") and Spark (cost 1, 《Ember》, "[On Play] Draw 1 card.") in the opening hand with 4 Fillers
# (cost 9, never played); 8 Filler life cards; then a Filler drawn on turn 1, then Fillers.
SUMMON = (
    "[Activate Main] Switch this card to Rest Mode : Play up to 1 Battle Card with a cost of 1 or less and"
    " 《Ember》 in its special traits from your hand."
)
SUMMON_JA = (
    "【起動 メイン】このカードをレストにする：自分の手札のコスト1以下の特徴《Ember》を持つ"
    "バトルカード1枚までを登場させる。"
)
STACK = ["TB-001", "TB-002"] + ["TB-009"] * 48


def summon_deck(text: str) -> Deck:
    cards = [
        card("TB-001", "Summoner", 1, text, power=10000),
        card("TB-002", "Spark", 1, "[On Play] Draw 1 card.", power=5000, traits=("Ember",)),
        card("TB-009", "Filler", 9),
    ]
    return deck_of(cards, [STACK.count(c.number) for c in cards], leader())


@pytest.mark.parametrize("text", [SUMMON, SUMMON_JA])
def test_a_rested_card_plays_a_card_from_the_hand_going_second(text) -> None:
    # Turn 1: hand Summoner, Spark, 4 Fillers and a Filler drawn = 7 (deck 35); the marker pays 1 card: the
    # plan plays Summoner (its skill is worth a card as Spark's draw is, its power more; hand 6). Summoner
    # (10000) does not attack; after the attacks it rests and plays Spark from the hand for free (hand 5),
    # whose On Play draws a Filler: hand 6, deck 34, battle 2.
    log = stacked(summon_deck(text), STACK, "second", 1, charge="never")
    events = texts(log)
    rest = events.index("rest Summoner (TB-001) for its [Activate Main]")
    assert events[rest + 1] == "Summoner (TB-001): play Spark (TB-002) from the hand"
    assert events[rest + 2] == "Spark (TB-002): draw Filler (TB-009)"
    assert (log.final["hand"], log.final["deck"], log.final["battle"]) == (6, 34, 2)


@pytest.mark.parametrize("text", [SUMMON, SUMMON_JA])
def test_a_rested_card_plays_a_card_from_the_hand_going_first(text) -> None:
    # Turn 1: 7 cards (deck 35), a Filler charged (energy 1: the charge keeps the cards it plays), Summoner
    # played (hand 5: Spark and 4 Fillers); no attacks; Summoner rests, plays Spark, Spark draws (hand 5,
    # deck 34, battle 2).
    log = stacked(summon_deck(text), STACK, "first", 1)
    assert (log.final["hand"], log.final["deck"], log.final["battle"], log.final["energy"]) == (5, 34, 2, 1)


# A Field that rests for a draw: 50 copies, cost 1; one Field at a time (15-3-4).
FIELD_DRAW = "[Activate Main] Switch this card in a Battle Area to Rest Mode : Draw 1 card."
FIELD_MILL = (
    "[Activate Main] Switch this card in a Battle Area to Rest Mode : Place the top 2 cards of your deck"
    " into their owner's Drop."
)


@pytest.mark.parametrize("going", ["second", "first"])
def test_a_field_rests_for_its_skill_once_a_turn(going) -> None:
    # Going second, turn 1: 7 cards (deck 35), the marker places the Field (hand 6); after the attacks it
    # rests and draws 1 (hand 7, deck 34). Going first, turn 1: 7 cards, 1 charged (6), the Field placed
    # (5), its draw (6, deck 34); turn 2: 1 drawn (7, deck 33), 1 charged (6, energy 2); a second Shrine
    # would only replace the one in place (15-3-4), so none is played; the Shrine in place rests and draws
    # once: hand 7, deck 32, nothing in the drop area.
    field = card("TE-001", "Shrine", 1, FIELD_DRAW, kind="extra", keywords=("field",))
    deck = deck_of([field], [50], leader())
    if going == "second":
        final = logged(deck, going, 1, charge="never").final
        assert (final["deck"], final["hand"], final["field"]) == (34, 7, 1)
    else:
        final = logged(deck, going, 1).final
        assert (final["deck"], final["hand"]) == (34, 6)
        log = logged(deck, going, 2)
        assert (log.final["deck"], log.final["hand"], log.final["drop"], log.final["field"]) == (32, 7, 0, 1)
        assert texts(log).count("rest Shrine (TE-001) for its [Activate Main]") == 2


# A Leader condition: Caller (cost 1, 《Ember》) plays another Caller from the hand when the Leader has
# 《Ember》 (or is named "Test Leader"); each Caller played plays the next.
CALL = (
    "[On Play] If your Leader has 《Ember》 in its special traits, play up to 1 Battle Card with a cost of"
    " 1 or less and 《Ember》 in its special traits from your hand."
)
CALL_JA = (
    "【登場時】自分のリーダーが特徴《Ember》を持つ場合、自分の手札のコスト1以下の特徴《Ember》を持つバトルカード"
    "1枚までを登場させる。"
)
DRAW_NAMED = "[On Play] If your Leader is <Test Leader>, draw 1 card."
DRAW_NAMED_JA = "【登場時】自分のリーダーが「Test Leader」の場合、カード1枚を引く。"


@pytest.mark.parametrize("text", [CALL, CALL_JA])
@pytest.mark.parametrize(("going", "hand", "charge"), [("second", 7, "never"), ("first", 6, "always")])
def test_a_play_waits_for_the_leaders_trait(text, going, hand, charge) -> None:
    # Turn 1: 7 cards (going first 1 charged: 6). The plan plays 1 Caller; with an 《Ember》 Leader its On
    # Play plays a Caller from the hand, whose On Play plays the next, until the hand is empty: battle
    # `hand`, hand 0. With a Leader without the trait: 1 Caller, hand `hand` - 1.
    caller = card("TB-001", "Caller", 1, text, traits=("Ember",))
    final = logged(deck_of([caller], [50], leader()), going, 1, charge=charge).final
    assert (final["battle"], final["hand"]) == (hand, 0)
    final = logged(deck_of([caller], [50], leader(traits=("Frost",))), going, 1, charge=charge).final
    assert (final["battle"], final["hand"]) == (1, hand - 1)


@pytest.mark.parametrize("text", [DRAW_NAMED, DRAW_NAMED_JA])
@pytest.mark.parametrize(("going", "charge"), [("second", "never"), ("first", "always")])
def test_a_draw_waits_for_the_leaders_name(text, going, charge) -> None:
    # Turn 1: the plan plays 1 Reader, which draws 1 with the Leader "Test Leader": deck 34 (35 without).
    reader = card("TB-001", "Reader", 1, text)
    final = logged(deck_of([reader], [50], leader()), going, 1, charge=charge).final
    assert final["deck"] == 34
    final = logged(deck_of([reader], [50], leader(name="Other Leader")), going, 1, charge=charge).final
    assert final["deck"] == 35


def test_what_is_played_of_the_new_shapes() -> None:
    policy = SIM.params(policy=[]).policy
    played = [
        card("TB-001", "Scribe", 1, REST_DRAW),
        card("TE-001", "Shrine", 1, FIELD_MILL, kind="extra", keywords=("field",)),
        card("TB-002", "Caller", 1, CALL),
        card(
            "TE-002", "Legend", 1, "[Activate Main] If your Leader is <Test Leader>, play up to 1 <Bardo>"
            " with a cost of 5 from your hand.", kind="extra",
        ),
        # a card played in Rest Mode (test_dbsfw_drop_plays)
        card(
            "TB-004", "Gate", 1, "[Activate Main] Switch this card to Rest Mode : Play up to 1 Battle Card"
            " with a cost of 1 and 《Ember》 in its special traits from your hand in Rest Mode.",
        ),
    ]  # fmt: skip
    for c in played:
        assert [p.status for p in card_parts("dbsfw", c, policy)] == [PLAYED], c.name
    # an Extra that is not a Field is used, never rested; a Battle card's rest skill with a condition on a
    # draw is not played
    unplayed = [
        card("TE-003", "Scroll", 1, REST_DRAW, kind="extra"),
        card(
            "TB-003", "Gate", 1, "[Activate Main] Switch this card to Rest Mode : If your Leader has"
            " 《Ember》 in its special traits, draw 1 card.",
        ),
    ]  # fmt: skip
    for c in unplayed:
        assert [p.status for p in card_parts("dbsfw", c, policy)] == [UNPLAYED], c.name


# A play from the drop area: Miller (cost 1, "[On Play] Place the top 3 cards of your deck into their
# owner's Drop.") and Seventeen (cost 1, "Add up to 1 card from your life to your hand. Then, play up to 1
# <Eighteen> with a cost of 3 or less from your Drop.") in the opening hand with 4 Fillers (cost 9, never
# played); 8 Filler life cards; then Fillers drawn, then Eighteen (cost 3, vanilla) and 2 Fillers that
# Miller places in the drop area.
FROM_DROP = (
    "[On Play] Add up to 1 card from your life to your hand. Then, play up to 1 <Eighteen> with a cost of 3"
    " or less from your Drop."
)
FROM_DROP_JA = (
    "[登場時]自分のライフ1枚までを手札に加える。その後、自分のドロップからコスト3以下の「Eighteen」1枚までを"
    "登場させる。"
)


def drop_deck(text: str, order: list[str]) -> Deck:
    cards = [
        card("TB-001", "Miller", 1, "[On Play] Place the top 3 cards of your deck into their owner's Drop."),
        card("TB-002", "Seventeen", 1, text),
        card("TB-003", "Eighteen", 3),
        card("TB-009", "Filler", 9),
    ]
    return deck_of(cards, [order.count(c.number) for c in cards], leader())


@pytest.mark.parametrize("text", [FROM_DROP, FROM_DROP_JA])
def test_a_card_plays_a_battle_card_from_the_drop_area_going_second(text) -> None:
    # Turn 1: hand Miller, Seventeen, 4 Fillers and a Filler drawn (deck 35); a Filler charged (energy 1)
    # and the marker pay both cost-1 cards (hand 4), resolved in the hand's order. Miller places Eighteen
    # and 2 Fillers in the drop area (deck 32, drop 3); Seventeen takes 1 life card (life 7, hand 5) and
    # plays Eighteen from the drop area (drop 2, battle 3).
    order = ["TB-001", "TB-002"] + ["TB-009"] * 13 + ["TB-003"] + ["TB-009"] * 34
    log = stacked(drop_deck(text, order), order, "second", 1)
    assert "Seventeen (TB-002): play Eighteen (TB-003) from the drop area" in texts(log)
    final = log.final
    assert (final["deck"], final["drop"], final["battle"], final["life"], final["hand"]) == (32, 2, 3, 7, 5)


@pytest.mark.parametrize("text", [FROM_DROP, FROM_DROP_JA])
def test_a_card_plays_a_battle_card_from_the_drop_area_going_first(text) -> None:
    # Two Seventeens. Turn 1: hand Miller, 2 Seventeens, 3 Fillers and a Filler drawn (deck 35); a Filler
    # charged (energy 1, hand 6) pays 1 card: a Seventeen (its text is worth 2 cards, Miller's none; hand
    # 5), which takes 1 life card (life 7, hand 6) and finds nothing in the drop area. Turn 2: a Filler
    # drawn (hand 7, deck 34), a Filler charged (6, energy 2): Miller and the other Seventeen (hand 4), in
    # the hand's order: Miller places Eighteen and 2 Fillers in the drop area (deck 31, drop 3), Seventeen
    # takes 1 life card (life 6, hand 5) and plays Eighteen from there (drop 2, battle 4).
    order = ["TB-001", "TB-002", "TB-002"] + ["TB-009"] * 13 + ["TB-003"] + ["TB-009"] * 33
    log = stacked(drop_deck(text, order), order, "first", 2)
    assert texts(log).count("Seventeen (TB-002): play Eighteen (TB-003) from the drop area") == 1
    final = log.final
    assert (final["deck"], final["drop"], final["battle"], final["life"], final["hand"]) == (31, 2, 4, 6, 5)
