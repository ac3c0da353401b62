"""DBS FW: Battle cards played from the drop area, and the costs and filters around them: a skill-less card
("play up to 1 skill-less <Hero> from your Drop."), one of two names ("<Alpha> or <Beta>―both with a cost of 4
or less―"), cards played in Rest Mode ("Play up to 2 <Kid> with costs of 3 or less from your Drop in Rest
Mode."), the top cards of the deck placed in the drop area as a skill's cost ("Place the top 3 cards of your
deck into their owner's Drop : ...") and an Extra with both of two traits added from there to the hand:
games worked out by hand from docs/rules/dbsfw.md, in both play orders.

The stacked decks put 6 cards in the opening hand, then 8 life cards, then the draws of own turns 1 and 2
(no redraw). A Battle card here has 5000 power and no combo power: it never attacks the opponent's guard of
15000 (the Leader does) and is never used in a combo. Going second the energy marker (6-2-1-10) pays turn 1;
every turn charges a Filler (cost 9, never played), the card least castable (§11.5).
"""

from __future__ import annotations

import pytest

from engine import Card, Deck, DeckEntry
from engine.effects import CardFilter, read_effects
from engine.errors import DeckFileError
from engine.goldfish import get_simulator
from engine.played_text import PLAYED, card_parts

SIM = get_simulator("dbsfw")
MILLER = "[On Play] Place the top 3 cards of your deck into their owner's Drop."


def leader(name: str = "Test Leader") -> Card:
    return Card("TL-001", name, "leader", ("red",), power=15000)


def card(number: str, name: str, cost: int, text: str = "", traits=(), kind="battle", power=5000) -> Card:
    return Card(
        number, name, kind, ("red",), cost, power=power if kind == "battle" else None,
        specified_cost={"red": 1}, traits=tuple(traits), text=text,
    )  # fmt: skip


def stacked(cards: list[Card], order: list[str], going: str, turns: int, lead: Card | None = None):
    lead = lead or leader()
    main = tuple(DeckEntry(c.number, order.count(c.number)) for c in cards)
    deck = Deck(
        "dbsfw", "standard", {"leader": (DeckEntry(lead.number, 1),), "main": main},
        {c.number: c for c in (*cards, lead)},
    )  # fmt: skip
    policy = {"charge_rule": "always", "mulligan_rule": "never"}
    return SIM.play_stacked(deck, SIM.params(going=going, policy=policy, max_turns=turns), order)


def texts(log) -> list[str]:
    return [e.text for e in log.events]


def zones(log) -> tuple[int, int, int, int]:
    final = log.final
    return final["deck"], final["drop"], final["battle"], final["hand"]


FILLER = card("TB-009", "Filler", 9)
SKILL_LESS = (
    "[On Play] If you have 7 or fewer cards in your hand, play up to 1 skill-less <Hero> from your Drop."
)
SKILL_LESS_JA = (
    "【登場時】自分の手札が7枚以下の場合、自分のドロップからスキルを持たない「Hero」1枚までを登場させる。"
)


@pytest.mark.parametrize("text", [SKILL_LESS, SKILL_LESS_JA])
@pytest.mark.parametrize(
    ("going", "turns", "seekers", "expected"),
    [
        # Turn 1: hand Miller, Seeker, 4 Fillers and a Filler drawn (deck 35); a Filler charged (hand 6,
        # energy 1) and the marker pay both (hand 4), resolved in the hand's order: Miller places Hero
        # (with text), Hero (skill-less) and a Filler in the drop area (deck 32, drop 3); Seeker (hand 4,
        # 7 or fewer) plays the skill-less Hero (drop 2, battle 3).
        ("second", 1, 1, (32, 2, 3, 4)),
        # Two Seekers. Turn 1: hand Miller, 2 Seekers, 3 Fillers and a Filler drawn (deck 35); a Filler
        # charged (hand 6, energy 1) pays 1 card: a Seeker (its text is worth a card, Miller's none; hand
        # 5), which finds nothing in the drop area. Turn 2: a Filler drawn (hand 6, deck 34), one charged
        # (hand 5, energy 2): Miller and the other Seeker (hand 3); Miller places the same 3 cards (deck
        # 31, drop 3), Seeker plays the skill-less Hero (drop 2, battle 4).
        ("first", 2, 2, (31, 2, 4, 3)),
    ],
)
def test_a_skill_less_card_played_from_the_drop_area(text, going, turns, seekers, expected) -> None:
    # The Hero with text is worth more to the plan (its draw): a filter without "skill-less" would take it.
    cards = [
        card("TB-001", "Miller", 1, MILLER),
        card("TB-002", "Seeker", 1, text),
        card("TB-003", "Hero", 2),
        card("TB-004", "Hero", 2, "[On Play] Draw 1 card."),
        FILLER,
    ]
    order = ["TB-001"] + ["TB-002"] * seekers + ["TB-009"] * 13 + ["TB-004", "TB-003"]
    order += ["TB-009"] * (50 - len(order))
    log = stacked(cards, order, going, turns)
    assert [t for t in texts(log) if "from the drop area" in t] == [
        "Seeker (TB-002): play Hero (TB-003) from the drop area"
    ]
    assert zones(log) == expected


DIGGER = (
    "[Activate Main] Place the top 3 cards of your deck into their owner's Drop : Draw 1 card. Then, play up"
    " to 1 Battle Card with a cost of 4 or less and 《Saiyan》 in its special traits from your Drop."
)
DIGGER_JA = (
    "【起動 メイン】自分のデッキの上から3枚をドロップに置く：カード1枚を引く。その後、"
    "自分のドロップからコスト4以下の特徴《Saiyan》を持つバトルカード1枚までを登場させる。"
)


@pytest.mark.parametrize("text", [DIGGER, DIGGER_JA])
@pytest.mark.parametrize("going", ["second", "first"])
def test_top_cards_placed_in_the_drop_area_as_a_cost(text, going) -> None:
    # Turn 1, either play order: hand Digger (an Extra) and 5 Fillers, a Filler drawn (hand 7, deck 35), one
    # charged (hand 6, energy 1) pays Digger (hand 5; it goes to the drop area, 12-2-2-2: drop 1). Its cost
    # places Vegeta (cost 5), Goku (cost 3) and Krillin (no trait) in the drop area (deck 32, drop 4); it
    # draws a Filler (hand 6, deck 31) and plays Goku from there (drop 3, battle 1).
    cards = [
        card("TB-001", "Digger", 1, text, kind="extra"),
        card("TB-003", "Vegeta", 5, traits=("Saiyan",)),
        card("TB-004", "Goku", 3, traits=("Saiyan",)),
        card("TB-005", "Krillin", 2),
        FILLER,
    ]
    order = ["TB-001"] + ["TB-009"] * 14 + ["TB-003", "TB-004", "TB-005"] + ["TB-009"] * 32
    log = stacked(cards, order, going, 1)
    assert [t for t in texts(log) if t.startswith("Digger (TB-001): ")] == [
        "Digger (TB-001): Vegeta (TB-003) from the deck to the drop area",
        "Digger (TB-001): Goku (TB-004) from the deck to the drop area",
        "Digger (TB-001): Krillin (TB-005) from the deck to the drop area",
        "Digger (TB-001): draw Filler (TB-009)",
        "Digger (TB-001): play Goku (TB-004) from the drop area",
    ]
    assert zones(log) == (31, 3, 1, 6)


GAMBIT = (
    "[Activate Main] Place the top 3 cards of your deck into their owner's Drop : If your Leader is <Other"
    " Leader>, draw 1 card."
)


@pytest.mark.parametrize("going", ["second", "first"])
@pytest.mark.parametrize(
    ("name", "expected"), [("Test Leader", (35, 0, 0, 6)), ("Other Leader", (31, 4, 0, 6))]
)
def test_a_cost_is_paid_only_for_a_skill_that_can_happen(going, name, expected) -> None:
    # Turn 1, either play order: hand Gambit (an Extra) and 5 Fillers, a Filler drawn (hand 7, deck 35), one
    # charged (hand 6). With a Leader named otherwise the draw never happens in this deck: the cost is not
    # paid for nothing, and Gambit is never used. With <Other Leader> Gambit is used (hand 5, drop 1), its
    # cost places 3 cards in the drop area (deck 32, drop 4) and it draws 1 (hand 6, deck 31).
    cards = [card("TB-001", "Gambit", 1, GAMBIT, kind="extra"), FILLER]
    order = ["TB-001"] + ["TB-009"] * 49
    assert zones(stacked(cards, order, going, 1, leader(name))) == expected


TWIN = (
    "[Activate Main] Place the top 3 cards of your deck into their owner's Drop : Play up to 1 <Alpha> or"
    " <Beta>―both with a cost of 4 or less―from your Drop."
)
TWIN_JA = (
    "【起動 メイン】自分のデッキの上から3枚をドロップに置く："
    "自分のドロップからコスト4以下の、「Alpha」か「Beta」1枚までを登場させる。"
)


@pytest.mark.parametrize("text", [TWIN, TWIN_JA])
@pytest.mark.parametrize("going", ["second", "first"])
def test_either_of_two_names_played_from_the_drop_area(text, going) -> None:
    # Turn 1, either play order: Twin (an Extra) is used as Digger is above (hand 5, drop 1); its cost places
    # Alpha (cost 5: more than 4), Gamma (cost 3, 20000 power, not named) and Beta (cost 3) in the drop area
    # (deck 32, drop 4); it plays Beta (drop 3, battle 1).
    cards = [
        card("TB-001", "Twin", 1, text, kind="extra"),
        card("TB-003", "Alpha", 5),
        card("TB-004", "Gamma", 3, power=20000),
        card("TB-005", "Beta", 3),
        FILLER,
    ]
    order = ["TB-001"] + ["TB-009"] * 14 + ["TB-003", "TB-004", "TB-005"] + ["TB-009"] * 32
    log = stacked(cards, order, going, 1)
    assert [t for t in texts(log) if "from the drop area" in t] == [
        "Twin (TB-001): play Beta (TB-005) from the drop area"
    ]
    assert zones(log) == (32, 3, 1, 5)


KIDS = (
    "[Activate Main] Switch this card to Rest Mode : Play up to 2 <Kid> with costs of 3 or less from your"
    " Drop in Rest Mode."
)
KIDS_JA = (
    "【起動 メイン】このカードをレストにする：自分のドロップからコスト3以下の「Kid」2枚までを"
    "レストで登場させる。"
)


@pytest.mark.parametrize("text", [KIDS, KIDS_JA])
@pytest.mark.parametrize(
    ("going", "turns", "expected", "rests"),
    [
        # Turn 1: hand Miller, Kid, 4 Fillers and a Filler drawn (deck 35); a Filler charged (hand 6) and the
        # marker pay both (hand 4): Miller places a Filler and 2 Kids in the drop area (deck 32, drop 3).
        # After the attacks (Kid does not attack) Kid rests for its skill and plays both Kids from there in
        # Rest Mode (drop 1, battle 4): rested, they do not use their own skill.
        ("second", 1, (32, 1, 4, 4), 1),
        # Turn 1: a Filler charged (hand 6, energy 1) pays 1 card: Kid (its text is worth 2 cards, Miller's
        # none; hand 5), which finds nothing when it rests for its skill (the first player's turn 1 has no
        # attack). Turn 2: Kid untaps, a Filler drawn (hand 6, deck 34) and one charged (hand 5, energy 2):
        # Miller (hand 4) places the same 3 cards (deck 31, drop 3); after the attacks Kid rests again and
        # plays both Kids in Rest Mode (drop 1, battle 4).
        ("first", 2, (31, 1, 4, 4), 2),
    ],
)
def test_cards_played_from_the_drop_area_in_rest_mode(text, going, turns, expected, rests) -> None:
    cards = [card("TB-001", "Miller", 1, MILLER), card("TB-002", "Kid", 1, text), FILLER]
    order = ["TB-001", "TB-002"] + ["TB-009"] * 14 + ["TB-002", "TB-002"] + ["TB-009"] * 32
    log = stacked(cards, order, going, turns)
    assert texts(log).count("rest Kid (TB-002) for its [Activate Main]") == rests
    assert texts(log).count("Kid (TB-002): play Kid (TB-002) from the drop area") == 2
    assert zones(log) == expected


BOTH = (
    "[On Play] Add up to 1 Extra with both 《Ember》 and 《Frost》 in its special traits from your Drop to"
    " your hand."
)
BOTH_JA = "【登場時】自分のドロップから特徴《Ember》と《Frost》を持つエクストラ1枚までを手札に加える。"


@pytest.mark.parametrize("text", [BOTH, BOTH_JA])
@pytest.mark.parametrize(
    ("going", "turns", "finders", "expected"),
    [
        # Turn 1 as with Seeker above: Miller places Blaze (an Extra of cost 5 with 《Ember》), Storm (an
        # Extra of cost 2 with both traits) and a Filler in the drop area (deck 32, drop 3); Finder adds
        # Storm to the hand (hand 5, drop 2). Any of the traits would find Blaze, the one the plan values
        # more.
        ("second", 1, 1, (32, 2, 2, 5)),
        # As with the two Seekers: turn 1 plays a Finder, which finds nothing; turn 2 Miller and the other
        # Finder (hand 3), which adds Storm (hand 4).
        ("first", 2, 2, (31, 2, 3, 4)),
    ],
)
def test_an_extra_with_both_traits_added_from_the_drop_area(text, going, turns, finders, expected) -> None:
    cards = [
        card("TB-001", "Miller", 1, MILLER),
        card("TB-002", "Finder", 1, text),
        card("TB-003", "Blaze", 5, traits=("Ember",), kind="extra"),
        card("TB-004", "Storm", 2, traits=("Ember", "Frost"), kind="extra"),
        FILLER,
    ]
    order = ["TB-001"] + ["TB-002"] * finders + ["TB-009"] * 13 + ["TB-003", "TB-004"]
    order += ["TB-009"] * (50 - len(order))
    log = stacked(cards, order, going, turns)
    assert [t for t in texts(log) if "from the drop area" in t] == [
        "Finder (TB-002): Storm (TB-004) from the drop area to the hand"
    ]
    assert zones(log) == expected


@pytest.mark.parametrize(
    ("text", "kind"),
    [
        *((text, "battle") for text in (SKILL_LESS, SKILL_LESS_JA, KIDS, KIDS_JA, BOTH, BOTH_JA)),
        *((text, "extra") for text in (DIGGER, DIGGER_JA, TWIN, TWIN_JA)),
    ],
)
def test_the_texts_are_played(text, kind) -> None:
    policy = SIM.params(policy=[]).policy
    parts = card_parts("dbsfw", card("TB-002", "Tester", 1, text, kind=kind), policy)
    assert [p.status for p in parts] == [PLAYED]


def test_the_deck_file_says_the_same() -> None:
    # The effects the texts above read to, as a deck file gives them, and back.
    data = [
        {"when": "cast", "do": "mill", "n": 3, "paid": True},
        {
            "when": "dull",
            "do": "play",
            "filter": {"type": "battle", "name": "Kid"},
            "rested": True,
            "from": "drop",
        },
        {"when": "enters", "do": "play", "filter": {"type": "battle", "name": "Hero", "skill_less": True}},
        {
            "when": "enters",
            "do": "recover",
            "n": 1,
            "filter": {"type": "extra", "traits": ["Ember", "Frost"], "all_traits": True},
            "optional": True,
        },
    ]
    effects = read_effects("card TB-002", data)
    assert effects[2].filter == CardFilter(type="battle", name="Hero", skill_less=True)
    assert [e.to_dict() for e in effects] == data
    for wrong, message in [
        ({"type": "extra", "traits": ["Ember"], "all_traits": True}, "'all_traits' needs two or more"),
        ({"type": "battle", "skill_less": False}, "'skill_less' must be true"),
    ]:
        with pytest.raises(DeckFileError, match=message):
            read_effects("card TB-002", [{"when": "enters", "do": "play", "filter": wrong}])
    with pytest.raises(DeckFileError, match="'paid' belongs to a 'discard', 'mill'"):
        read_effects("card TB-002", [{"when": "enters", "do": "draw", "n": 1, "paid": True}])
