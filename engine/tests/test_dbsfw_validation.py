"""DBS Fusion World deck construction: the acceptance cases of docs/rules/dbsfw.md §12.1, and more.

The fixture cards are those of §12.1, all fictional. Expected verdicts come from that case table
(recomputed by hand in its corrections log), not from the engine's output.
"""

from __future__ import annotations

import random
from collections.abc import Mapping
from dataclasses import dataclass, replace
from typing import Any

import pytest
from hypothesis import HealthCheck, given, settings
from hypothesis import strategies as st

from engine import Card, Deck, DeckEntry, DeckFileError, load_deck
from engine.games.dbsfw import DBSFusionWorld

GAME = DBSFusionWorld()


def battle(number: str, name: str, colours: tuple[str, ...] = ("red",), **fields: Any) -> Card:
    return Card(number=number, name=name, type="battle", colors=colours, cost=1, power=10000, **fields)


def leader(number: str, name: str, colours: tuple[str, ...], **fields: Any) -> Card:
    back = {"name": f"{name} (awakened)", "power": 15000, "colors": list(colours)}
    return Card(number=number, name=name, type="leader", colors=colours, power=5000, back=back, **fields)


SAIYAN_ONLY = {
    "kind": "CAN_INCLUDE_ONLY",
    "source_face": "FRONT",
    "filter": {"trait": "Saiyan"},
    "text_ja": "デッキに《Saiyan》を持つカードしか入れることができない",
}
ANY_NUMBER = {
    "kind": "MAY_INCLUDE_N",
    "n": "ANY",
    "filter": {"self": True},
    "text_ja": "このカードはデッキに何枚でも入れることができる",
}
GAINS_SAIYAN = {
    "kind": "GRANT_TRAIT",
    "trait": "Saiyan",
    "text_ja": "すべての領域のこのカードは《Saiyan》を得る",
}

FIXTURES: dict[str, Card] = {
    card.number: card
    for card in [
        leader("TL-001", "Leader Red", ("red",)),  # L-R
        leader("TL-002", "Leader Red Blue", ("red", "blue")),  # L-RB
        leader("TL-003", "Leader Saiyan", ("green",), deck_rules=(SAIYAN_ONLY,)),  # L-S
        *(battle(f"TB-{i:03}", f"Red Fighter {i}") for i in range(1, 16)),
        battle("TB-001_p1", "Red Fighter 1"),
        battle("TB-101", "Blue Fighter", ("blue",)),
        battle("TB-102", "Red Blue Fighter", ("red", "blue")),
        battle("TB-020", "孫悟空"),
        battle("TB-021", "孫悟空"),
        battle("TS-001", "Combo One", keywords=("super-combo",)),
        battle("TS-002", "Combo Two", keywords=("super-combo",)),
        battle("TD-001", "Ball One", keywords=("dragon-ball",)),
        battle("TD-002", "Ball Two", keywords=("dragon-ball",)),
        battle("TD-003", "Blue Ball", ("blue",), keywords=("dragon-ball",)),
        battle("TX-001", "Endless Crowd", deck_rules=(ANY_NUMBER,)),
        *(battle(f"TG-{i:03}", f"Green Saiyan {i}", ("green",), traits=("Saiyan",)) for i in range(1, 14)),
        battle("TG-050", "Green Stranger", ("green",)),
        battle("TG-051", "Green Adopted", ("green",), deck_rules=(GAINS_SAIYAN,)),
    ]
}


def make_deck(leader: str | None, main: Mapping[str, int], cards: Mapping[str, Card] = FIXTURES) -> Deck:
    sections = {"main": tuple(DeckEntry(n, c) for n, c in main.items() if c > 0)}
    if leader is not None:
        sections["leader"] = (DeckEntry(leader, 1),)
    return Deck(game="dbsfw", format="standard", sections=sections, cards=dict(cards))


def plus(base: Mapping[str, int], **changes: int) -> dict[str, int]:
    """A copy of `base` with counts changed; keys use "_" for "-" (TB_013 is TB-013)."""
    out = dict(base)
    for key, delta in changes.items():
        number = key.replace("_", "-", 1)
        out[number] = out.get(number, 0) + delta
    return {n: c for n, c in out.items() if c > 0}


def red(n: int) -> dict[str, int]:
    """n legal red cards: 4 each of TB-001, TB-002, ... then the rest of the last one."""
    out: dict[str, int] = {}
    i = 1
    while n > 0:
        out[f"TB-{i:03}"] = min(4, n)
        n -= out[f"TB-{i:03}"]
        i += 1
    return out


def join(*parts: Mapping[str, int]) -> dict[str, int]:
    out: dict[str, int] = {}
    for part in parts:
        for number, count in part.items():
            out[number] = out.get(number, 0) + count
    return out


V01 = join(red(48), {"TB-013": 2})
V02 = red(60)
V19 = join({f"TG-{i:03}": 4 for i in range(1, 13)}, {"TG-013": 1, "TG-050": 1})

CASES: dict[str, tuple[str | None, dict[str, int], list[str]]] = {
    "V01": ("TL-001", V01, []),
    "V02": ("TL-001", V02, []),
    "V03": ("TL-001", plus(V01, TB_013=-1), ["E05"]),
    "V04": ("TL-001", plus(V02, TX_001=1), ["E06"]),
    "V05": (None, V01, ["E01"]),
    "V06": ("TB-001", V01, ["E03"]),
    "V07": ("TL-001", plus(V01, TB_013=-1, TL_001=1), ["E04"]),
    "V08": ("TL-001", plus(V01, TB_001=1, TB_013=-1), ["E08"]),
    "V09": ("TL-001", join(plus(V01, TB_001=-1, TB_013=-1), {"TB-001_p1": 2}), ["E08"]),
    "V10": ("TL-001", join({"TB-020": 4, "TB-021": 4}, red(42)), []),
    "V11": ("TL-001", plus(V01, TB_013=-1, TB_101=1), ["E07"]),
    "V12": ("TL-002", join({"TB-101": 4, "TB-102": 4}, red(42)), []),
    "V13": ("TL-001", plus(V01, TB_013=-1, TB_102=1), ["E07"]),
    "V14": ("TL-001", join({"TS-001": 2, "TS-002": 2}, red(46)), []),
    "V15": ("TL-001", join({"TS-001": 4, "TS-002": 1}, red(45)), ["E09"]),
    "V16": ("TL-001", join({"TD-001": 7}, red(43)), []),
    "V17": ("TL-001", join({"TD-001": 5, "TD-002": 3}, red(42)), ["E10"]),
    "V18": ("TL-001", join({"TD-001": 8}, red(42)), ["E08", "E10"]),
    "V19": ("TL-003", V19, ["E12"]),
    "V20": ("TL-003", plus(V19, TG_050=-1, TG_051=1), []),
    "V21": ("TL-001", join({"TX-001": 10}, red(40)), []),
    "V22": ("TL-001", join({"TB-001": 5}, {f"TB-{i:03}": 4 for i in range(2, 13)}), ["E05", "E08"]),
    "V23": ("TL-001", join({"TD-003": 1}, red(49)), ["E07"]),
}


def test_the_fixture_decks_have_the_sizes_the_spec_gives() -> None:
    sizes = {case: sum(main.values()) for case, (_, main, _) in CASES.items()}
    assert sizes == {
        "V01": 50, "V02": 60, "V03": 49, "V04": 61, "V05": 50, "V06": 50, "V07": 50, "V08": 50,
        "V09": 50, "V10": 50, "V11": 50, "V12": 50, "V13": 50, "V14": 50, "V15": 50, "V16": 50,
        "V17": 50, "V18": 50, "V19": 50, "V20": 50, "V21": 50, "V22": 49, "V23": 50,
    }  # fmt: skip


@pytest.mark.parametrize("case", CASES)
def test_acceptance_case(case: str) -> None:
    leader_number, main, expected = CASES[case]
    report = GAME.validate(make_deck(leader_number, main))
    assert sorted(v.code for v in report.violations) == expected
    assert report.legal is (expected == [])
    # I01 (6-1-5) is always shown; no fixture has unreadable text or two-coloured Leader faces.
    assert [w.code for w in report.warnings] == ["I01"]


# What the messages say and which cards they name.


def violations(leader_number: str | None, main: Mapping[str, int], cards: Mapping[str, Card] = FIXTURES):
    return GAME.validate(make_deck(leader_number, main, cards))


def test_parallels_are_named_together_and_the_message_says_they_count_together() -> None:
    (v,) = violations("TL-001", CASES["V09"][1]).violations
    assert v.rule == "6-1-4-2"
    assert v.cards == ("TB-001", "TB-001_p1")
    assert "5 copies of card number TB-001" in v.message
    assert "At most 4" in v.message
    assert "Remove 1" in v.message


def test_a_dragon_ball_number_is_limited_by_rule_15_13_2() -> None:
    report = violations("TL-001", CASES["V18"][1])
    e08 = next(v for v in report.violations if v.code == "E08")
    assert (e08.rule, e08.cards) == ("15-13-2", ("TD-001",))
    assert "At most 7" in e08.message


def test_the_totals_list_every_card_counted() -> None:
    (e09,) = violations("TL-001", CASES["V15"][1]).violations
    assert e09.rule == "15-8-2"
    assert e09.cards == ("TS-001", "TS-002")
    assert "5 cards with [Super Combo] (4× TS-001, 1× TS-002)" in e09.message


def test_the_colour_message_names_card_and_leader_colours() -> None:
    (e07,) = violations("TL-001", CASES["V13"][1]).violations
    assert e07.cards == ("TB-102",)
    assert "TB-102 Red Blue Fighter is blue/red" in e07.message
    assert "Leader Red is only red" in e07.message


def test_size_messages_say_how_many_to_add_or_remove() -> None:
    (e05,) = violations("TL-001", CASES["V03"][1]).violations
    assert "has 49 cards" in e05.message and "Add 1 more" in e05.message
    (e06,) = violations("TL-001", CASES["V04"][1]).violations
    assert "has 61 cards" in e06.message and "Remove 1" in e06.message


def test_only_cards_names_the_card_and_the_leader() -> None:
    (e12,) = violations("TL-003", V19).violations
    assert e12.cards == ("TG-050", "TL-003")
    assert "Leader Saiyan says your deck can include only cards with 《Saiyan》" in e12.message


def test_two_leaders_are_reported_with_their_numbers() -> None:
    main = make_deck(None, V01).sections["main"]
    two = (DeckEntry("TL-001", 1), DeckEntry("TL-002", 1))
    deck = Deck("dbsfw", "standard", {"leader": two, "main": main}, FIXTURES)
    report = GAME.validate(deck)
    assert [v.code for v in report.violations] == ["E02"]
    assert report.violations[0].cards == ("TL-001", "TL-002")


def test_the_leader_is_not_counted_in_the_deck() -> None:
    # 6-1-2, 6-1-3: the Leader stands beside the deck, so a Battle card there adds no copy (V06).
    report = violations("TB-001", V01)
    assert [v.code for v in report.violations] == ["E03"]
    assert "TB-001 Red Fighter 1 is a Battle card" in report.violations[0].message


# Deck-building text (6-1-4-3) beyond the acceptance cases.


def with_cards(*cards: Card) -> dict[str, Card]:
    return {**FIXTURES, **{card.number: card for card in cards}}


def test_an_unparsed_rule_is_a_warning_that_quotes_the_text() -> None:
    odd = battle(
        "TB-900", "Odd One", deck_rules=({"kind": "UNPARSED", "text_en": "Deck: exactly 55 cards."},)
    )
    report = violations("TL-001", plus(V01, TB_013=-1, TB_900=1), with_cards(odd))
    assert report.legal is True
    w01 = next(w for w in report.warnings if w.code == "W01")
    assert w01.cards == ("TB-900",)
    assert "“Deck: exactly 55 cards.”" in w01.message


def test_deck_building_text_without_rule_objects_is_a_warning() -> None:
    odd = battle("TB-901", "Wordy One", text="Your deck can include any number of copies of this card.")
    report = violations("TL-001", plus(V01, TB_013=-1, TB_901=1), with_cards(odd))
    assert [w.code for w in report.warnings] == ["W01", "I01"]


def test_a_malformed_rule_object_is_a_warning_not_a_crash() -> None:
    odd = battle("TB-902", "Broken One", deck_rules=({"kind": "MAY_INCLUDE_N", "n": "lots"},))
    report = violations("TL-001", plus(V01, TB_013=-1, TB_902=1), with_cards(odd))
    assert [w.code for w in report.warnings] == ["W01", "I01"]


def test_cannot_include_names_the_forbidden_card() -> None:
    no_goku = {"kind": "CANNOT_INCLUDE", "filter": {"name": "孫悟空"}}
    picky = leader("TL-900", "Picky Leader", ("red",), deck_rules=(no_goku,))
    report = violations("TL-900", CASES["V10"][1], with_cards(picky))
    assert [(v.code, v.cards) for v in report.violations] == [
        ("E11", ("TB-020", "TL-900")),
        ("E11", ("TB-021", "TL-900")),
    ]
    assert "cannot include cards named 「孫悟空」" in report.violations[0].message


def test_a_name_with_a_slash_answers_to_each_part() -> None:
    # 2-3-3: 「A/B」 is referred to by 「A」 too.
    pair = battle("TB-903", "孫悟空/ベジータ")
    no_goku = {"kind": "CANNOT_INCLUDE", "filter": {"name": "孫悟空"}}
    picky = leader("TL-900", "Picky Leader", ("red",), deck_rules=(no_goku,))
    report = violations("TL-900", plus(V01, TB_013=-1, TB_903=1), with_cards(pair, picky))
    assert [(v.code, v.cards) for v in report.violations] == [("E11", ("TB-903", "TL-900"))]


def test_only_n_of_a_group_limits_the_total() -> None:
    few_goku = {"kind": "MAY_INCLUDE_ONLY_N", "n": 6, "filter": {"name": "孫悟空"}}
    picky = leader("TL-900", "Picky Leader", ("red",), deck_rules=(few_goku,))
    report = violations("TL-900", CASES["V10"][1], with_cards(picky))
    assert [(v.code, v.cards) for v in report.violations] == [("E13", ("TB-020", "TB-021"))]
    assert "limits cards named 「孫悟空」 to 6 in your deck. You have 8" in report.violations[0].message


def test_only_n_of_this_card_lowers_its_copy_limit() -> None:
    once = {"kind": "MAY_INCLUDE_ONLY_N", "n": 1, "filter": {"self": True}}
    rare = battle("TB-904", "Rare One", deck_rules=(once,))
    report = violations("TL-001", plus(V01, TB_013=-2, TB_904=2), with_cards(rare))
    (e08,) = report.violations
    assert (e08.code, e08.rule, e08.cards) == ("E08", "6-1-4-3", ("TB-904",))
    assert "the text of Rare One" in e08.message


def test_may_include_n_replaces_the_dragon_ball_limit() -> None:
    ten = {"kind": "MAY_INCLUDE_N", "n": 10, "filter": {"self": True}}
    many = battle("TB-905", "Many Ones", deck_rules=(ten,))
    assert violations("TL-001", join({"TB-905": 10}, red(40)), with_cards(many)).legal is True
    report = violations("TL-001", join({"TB-905": 11}, red(39)), with_cards(many))
    assert [v.code for v in report.violations] == ["E08"]


def test_a_granted_colour_counts_against_the_leader() -> None:
    # 6-1-4-3-2: a colour gained in every area is the card's colour when building.
    turns_blue = battle("TB-906", "Turncoat", deck_rules=({"kind": "GRANT_COLOUR", "colour": "blue"},))
    report = violations("TL-001", plus(V01, TB_013=-1, TB_906=1), with_cards(turns_blue))
    assert [v.code for v in report.violations] == ["E07"]
    assert violations("TL-002", plus(V01, TB_013=-1, TB_906=1), with_cards(turns_blue)).legal is True


def test_a_rule_on_the_leaders_back_face_does_not_apply() -> None:
    back_rule = {**SAIYAN_ONLY, "source_face": "BACK"}
    two_faced = leader("TL-901", "Two Faced", ("red",), deck_rules=(back_rule,))
    assert violations("TL-901", V01, with_cards(two_faced)).legal is True


def test_leader_faces_of_different_colours_are_a_warning() -> None:
    odd = Card("TL-902", "Odd Leader", "leader", colors=("red",), back={"name": "Odd", "colors": ["blue"]})
    report = violations("TL-902", V01, with_cards(odd))
    assert report.legal is True
    assert [w.code for w in report.warnings] == ["W02", "I01"]


def test_every_violation_is_reported_at_once() -> None:
    main = join({"TB-001": 5, "TB-101": 1, "TS-001": 4, "TS-002": 1, "TD-001": 8, "TL-002": 1}, red(0))
    report = violations("TL-001", main)
    assert [v.code for v in report.violations] == ["E04", "E05", "E07", "E07", "E08", "E08", "E09", "E10"]


# Facts of the class (seed 6-2-1-8 to 6-2-1-10, 7-2-9).


def test_parallel_printings_share_the_base_number() -> None:
    assert GAME.base_number("FB01-001_p1") == "FB01-001"
    assert GAME.base_number("FB01-001_p12") == "FB01-001"
    assert GAME.base_number("FS01-01") == "FS01-01"


def test_draw_rules_follow_the_setup_procedure() -> None:
    rules = GAME.draw_rules
    assert (rules.opening_hand, rules.set_aside_after_mulligan, rules.draws_per_turn) == (6, 8, 1)
    # 7-2-9 has no exception since 7-2-9-1 was deleted in ver.1.02: the first player draws on turn 1.
    assert rules.draws_on_turn(1, going_first=True) == 1


# Properties (hypothesis).

KNOWN_CODES = {f"E{i:02}" for i in range(1, 14)} | {"W01", "W02", "I01"}
KINDS = ("MAY_INCLUDE_N", "MAY_INCLUDE_ONLY_N", "CANNOT_INCLUDE", "CAN_INCLUDE_ONLY", "GRANT_COLOUR",
         "GRANT_TRAIT", "START_LIFE", "UNPARSED")  # fmt: skip
KEYWORDS = ("super-combo", "dragon-ball", "blocker", "critical", "double-strike", "triple-strike")
NUMBERS = ("PB-001", "PB-001_p1", "PB-001_p2", "PB-002", "PB-003", "PL-001", "PL-001_p1", "PE-001")
PROPERTY_SETTINGS = settings(max_examples=100, deadline=None, suppress_health_check=[HealthCheck.too_slow])

json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-10, 100) | st.text(max_size=8),
    lambda children: (
        st.lists(children, max_size=3) | st.dictionaries(st.text(max_size=6), children, max_size=3)
    ),
    max_leaves=8,
)
FILTER_KEYS = ("trait", "name", "colour", "card_type")
words = st.sampled_from(("Saiyan", "red", "blue", "battle", "孫悟空", "")) | st.text(max_size=6)
filters = st.recursive(
    st.just({"self": True}) | st.builds(lambda key, word: {key: word}, st.sampled_from(FILTER_KEYS), words),
    lambda children: st.lists(children, min_size=1, max_size=3).map(lambda parts: {"and": parts}),
    max_leaves=4,
)  # fmt: skip
rule_objects = st.fixed_dictionaries(
    {"kind": st.sampled_from(KINDS) | st.text(max_size=6)},
    optional={
        "n": st.integers(-2, 12) | st.just("ANY") | json_values,
        "filter": filters | json_values,
        "source_face": st.sampled_from(("FRONT", "BACK")) | json_values,
        "trait": words | json_values,
        "colour": words | json_values,
        "text_en": st.text(max_size=12),
    },
)
numbers = st.sampled_from(NUMBERS) | st.text(min_size=1, max_size=8)
types = st.sampled_from(("leader", "battle", "extra")) | st.text(max_size=5)
colour_lists = st.lists(st.sampled_from(GAME.colors) | st.text(max_size=4), max_size=3)
keyword_lists = st.lists(st.sampled_from(KEYWORDS) | st.text(max_size=5), max_size=3)
texts = st.sampled_from(
    ("", "You may include any number of copies.", "デッキに入れることができる")
) | st.text(max_size=12)
backs = st.none() | st.dictionaries(
    st.sampled_from(("name", "colors", "power", "keywords")), json_values, max_size=3
)


def any_card(number: str) -> st.SearchStrategy[Card]:
    return st.builds(
        Card,
        number=st.just(number),
        name=st.text(max_size=8),
        type=types,
        colors=colour_lists.map(tuple),
        traits=st.lists(words, max_size=2).map(tuple),
        keywords=keyword_lists.map(tuple),
        text=texts,
        deck_rules=st.lists(rule_objects, max_size=3).map(tuple),
        back=backs,
    )


@st.composite
def any_decks(draw: st.DrawFn) -> Deck:
    chosen = draw(st.lists(numbers, min_size=1, max_size=8, unique=True))
    cards = {number: draw(any_card(number)) for number in chosen}
    sections = {}
    for section in draw(st.sets(st.sampled_from(("leader", "main")))):
        listed = draw(st.lists(st.sampled_from(chosen), unique=True, max_size=8))
        sections[section] = tuple(DeckEntry(n, draw(st.integers(1, 30))) for n in listed)
    return Deck(game="dbsfw", format="standard", sections=sections, cards=cards)


@PROPERTY_SETTINGS
@given(any_decks())
def test_any_deck_of_any_cards_gets_a_report(deck: Deck) -> None:
    report = GAME.validate(deck)
    assert report.legal is (report.violations == ())
    for problem in (*report.violations, *report.warnings):
        assert problem.code in KNOWN_CODES
        assert set(problem.cards) <= set(deck.cards)
        assert problem.message


@st.composite
def or_broken(draw: st.DrawFn, valid: st.SearchStrategy[Any]) -> Any:
    """Mostly the valid value; one time in twenty any JSON value in its place."""
    return draw(json_values) if draw(st.integers(0, 19)) == 13 else draw(valid)


card_objects = st.fixed_dictionaries(
    {"name": st.text(max_size=6), "type": types},
    optional={
        "colors": colour_lists,
        "keywords": keyword_lists,
        "traits": st.lists(words, max_size=2),
        "text": texts,
        "cost": st.integers(0, 9),
        "power": st.integers(0, 30000),
        "combo_power": st.none() | st.integers(0, 10000),
        "specified_cost": st.dictionaries(st.sampled_from(GAME.colors), st.integers(0, 3)),
        "deck_rules": st.lists(rule_objects, max_size=3),
        "back": backs,
    },
)


@st.composite
def deck_files(draw: st.DrawFn) -> Any:
    """Deck files that mostly read, with any JSON value now and then in any place."""
    chosen = draw(st.lists(numbers, min_size=1, max_size=6, unique=True))
    entry = st.fixed_dictionaries(
        {"card": or_broken(st.sampled_from(chosen)), "count": or_broken(st.integers(1, 12))}
    )
    sections = st.fixed_dictionaries(
        {"main": st.lists(entry, min_size=1, max_size=8)}, optional={"leader": st.lists(entry, max_size=2)}
    )
    data = {
        "game": draw(or_broken(st.just("dbsfw"))),
        "format": draw(or_broken(st.just("standard"))),
        "sections": draw(or_broken(sections)),
        "cards": {number: draw(or_broken(card_objects)) for number in chosen},
    }
    return draw(or_broken(st.just(data)))


@PROPERTY_SETTINGS
@given(deck_files())
def test_any_deck_file_is_read_or_refused_with_a_deck_file_error(data: dict[str, Any]) -> None:
    try:
        deck = load_deck(data)
    except DeckFileError:
        return
    report = GAME.validate(deck)
    assert all(v.code in KNOWN_CODES for v in (*report.violations, *report.warnings))


# Legal decks: a Leader of one or two colours, Battle and Extra cards of its colours, 50 to 60 cards,
# some Super Combo and Dragon Ball cards within their totals, and parallel printings now and then.


@dataclass
class LegalDeck:
    leader: Card
    counts: dict[str, int]  # printing number -> copies
    cards: dict[str, Card]
    rng: random.Random

    def deck(self) -> Deck:
        main = tuple(DeckEntry(n, c) for n, c in self.counts.items() if c > 0)
        cards = {self.leader.number: self.leader, **self.cards}
        return Deck("dbsfw", "standard", {"leader": (DeckEntry(self.leader.number, 1),), "main": main}, cards)

    def copies(self, number: str) -> int:
        base = GAME.base_number(number)
        return sum(c for n, c in self.counts.items() if GAME.base_number(n) == base)

    def total(self, keyword: str) -> int:
        return sum(c for n, c in self.counts.items() if self.cards[n].has(keyword))

    def add_fresh(self, keywords: tuple[str, ...], count: int, parallel: int = 0) -> None:
        """A card not yet in the deck, of the Leader's colours; `parallel` of the copies as its _p1."""
        number = f"PB-{len(self.cards) + 100:03}"
        colours = tuple(c for c in self.leader.colors if self.rng.random() < 0.5) or self.leader.colors
        card_type = self.rng.choice(("battle", "extra"))
        card = Card(
            number, f"Prop {number}", card_type, colors=colours, cost=2, power=10000, keywords=keywords
        )
        printings = [(card, count - parallel), (replace(card, number=f"{number}_p1"), parallel)]
        for printing, copies in printings:
            if copies:
                self.cards[printing.number] = printing
                self.counts[printing.number] = copies


def limit_of(card: Card) -> int:
    return 7 if card.has("dragon-ball") else 4


@st.composite
def legal_decks(
    draw: st.DrawFn,
    super_combo: tuple[int, int] = (0, 4),
    dragon_ball: tuple[int, int] = (0, 7),
    size: tuple[int, int] = (50, 60),
) -> LegalDeck:
    """The shape from hypothesis; the cards from a seeded Random (one draw, so examples stay cheap)."""
    colours = tuple(sorted(draw(st.sets(st.sampled_from(GAME.colors), min_size=1, max_size=2))))
    target, combo, balls = (
        draw(st.integers(*size)),
        draw(st.integers(*super_combo)),
        draw(st.integers(*dragon_ball)),
    )
    rng = draw(st.randoms(use_true_random=False))
    built = LegalDeck(leader("PL-001", "Prop Leader", colours), {}, {}, rng)
    for total, keywords, per_card in (
        (combo, ("super-combo",), 4),
        (balls, ("dragon-ball",), 7),
        (None, (), 4),
    ):
        left = target - combo - balls if total is None else total
        while left > 0:
            count = rng.randint(1, min(per_card, left))
            built.add_fresh(keywords, count, parallel=rng.randint(0, count - 1))
            left -= count
    return built


@PROPERTY_SETTINGS
@given(legal_decks())
def test_the_generated_decks_are_legal(built: LegalDeck) -> None:
    report = GAME.validate(built.deck())
    assert report.violations == ()


@PROPERTY_SETTINGS
@given(legal_decks())
def test_a_legal_deck_stays_legal_when_a_card_is_swapped_for_one_of_its_kind(built: LegalDeck) -> None:
    out = built.rng.choice(sorted(n for n, c in built.counts.items() if c > 0))
    kind = built.cards[out].keywords
    built.counts[out] -= 1
    same_kind = sorted(
        n for n, card in built.cards.items() if card.keywords == kind and built.copies(n) < limit_of(card)
    )
    if same_kind and built.rng.random() < 0.5:
        built.counts[built.rng.choice(same_kind)] += 1
    else:
        built.add_fresh(kind, 1)
    assert GAME.validate(built.deck()).violations == ()


@PROPERTY_SETTINGS
@given(st.sampled_from([(), ("dragon-ball",)]), st.data())
def test_one_copy_over_the_copy_limit_is_reported(keywords: tuple[str, ...], data: st.DataObject) -> None:
    # 6-1-4-2, 15-13-2: 4 (7 for Dragon Ball) of one card number are fine, 5 (8) are not; the
    # parallel printing counts with its base number.
    most = 7 if keywords else 4
    built = data.draw(legal_decks(dragon_ball=(0, 0), size=(50, 59 - most)))
    built.add_fresh(keywords, most + 1, parallel=built.rng.randint(0, most))
    codes = sorted(v.code for v in GAME.validate(built.deck()).violations)
    assert codes == (["E08", "E10"] if keywords else ["E08"])


@PROPERTY_SETTINGS
@given(st.sampled_from(["super-combo", "dragon-ball"]), st.data())
def test_one_card_over_a_group_total_is_reported(keyword: str, data: st.DataObject) -> None:
    # 15-8-2: 4 Super Combo cards in all; 15-13-2: 7 Dragon Ball cards in all.
    if keyword == "super-combo":
        built = data.draw(legal_decks(super_combo=(4, 4), size=(50, 59)))
    else:
        built = data.draw(legal_decks(dragon_ball=(7, 7), size=(50, 59)))
    built.add_fresh((keyword,), 1)
    codes = [v.code for v in GAME.validate(built.deck()).violations]
    assert codes == (["E09"] if keyword == "super-combo" else ["E10"])


@PROPERTY_SETTINGS
@given(st.sampled_from([50, 60]), st.data())
def test_one_card_outside_the_deck_size_is_reported(size: int, data: st.DataObject) -> None:
    # 6-1-3: 50 to 60 cards.
    built = data.draw(legal_decks(size=(size, size)))
    if size == 60:
        built.add_fresh((), 1)
    else:
        built.counts[built.rng.choice(sorted(built.counts))] -= 1
    assert [v.code for v in GAME.validate(built.deck()).violations] == (["E06"] if size == 60 else ["E05"])


def test_two_leaders_still_get_the_colour_check_against_both() -> None:
    """While two Leader cards sit in the slot, a card that fits neither is still named (6-1-4-1)."""
    blue_one = plus(V01, TB_013=-1, TB_101=1)  # V11: one blue card in a red deck
    main = make_deck(None, blue_one).sections["main"]
    red_and_green = (DeckEntry("TL-001", 1), DeckEntry("TL-009", 1))
    cards = {**FIXTURES, "TL-009": leader("TL-009", "Leader Green", ("green",))}
    report = GAME.validate(Deck("dbsfw", "standard", {"leader": red_and_green, "main": main}, cards))
    assert [v.code for v in report.violations] == ["E02", "E07"]
    assert report.violations[1].cards == ("TB-101",)
