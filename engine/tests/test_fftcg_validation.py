"""FFTCG deck construction (CR 3.2, rule 8.1): the acceptance cases of docs/rules/fftcg.md §12.1.

The fixture cards are those of the §12.1 cases, all fictional, keyed by printed code (base number +
rarity letter).
"""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import replace
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Card, Deck, DeckEntry, DeckFileError, UnknownCardError, load_deck
from engine.games.base import Mulligan
from engine.games.fftcg import FFTCG
from engine.validation import Report

GAME = FFTCG()
ELEMENTS = ("fire", "ice", "wind", "earth", "lightning", "water", "light", "dark")


def _fixture_cards() -> dict[str, Card]:
    cards: dict[str, Card] = {}

    def add(card: Card) -> None:
        cards[card.number] = card

    # Vanilla Fire Forwards T1-001 … T1-017: cost 2, power 5000, generic icon, no Limit Break.
    for i in range(1, 18):
        add(
            Card(
                f"T1-{i:03}C", f"テスト兵{i:02}", "forward", ("fire",), 2, 5000, keywords=("multi-playable",)
            )
        )
    # Second printing of card number T1-001.
    add(replace(cards["T1-001C"], number="T1-001C-FOIL"))
    # Two Forwards named クラウド with different card numbers, no generic icon.
    for number in ("T2-010R", "T2-011R"):
        add(Card(number, "クラウド", "forward", ("wind",), 3, 7000))
    # LB cards: Limit Break -- 1, -- 3 and -- 2.
    for number, lb_cost in (("T3-101L", 1), ("T3-102L", 3), ("T3-103L", 2)):
        add(
            Card(
                number,
                f"LB兵{number[3:6]}",
                "forward",
                ("fire",),
                3,
                8000,
                keywords=("limit-break",),
                lb_cost=lb_cost,
            )
        )
    # Light / Dark cards.
    add(Card("T4-001H", "光の戦士", "forward", ("light",), 4, 9000))
    add(Card("T4-002H", "闇の従者", "backup", ("dark",), 2))
    add(Card("T4-003H", "光の見習い", "forward", ("light",), 2, 5000))
    # Multi-element.
    add(Card("T5-001H", "氷炎の剣士", "forward", ("fire", "ice"), 3, 7000))
    # One vanilla Forward of each of the 8 elements, cost 2.
    for i, element in enumerate(ELEMENTS, start=11):
        add(Card(f"T5-{i:03}C", f"{element}兵", "forward", (element,), 2, 5000))
    # Targeting Summon.
    add(
        Card(
            "T6-001C",
            "水の召喚獣",
            "summon",
            ("water",),
            2,
            text="相手のフォワード1体を選ぶ。それに7000ダメージを与える。",
        )
    )
    # Vanilla Backups T7-001 … T7-017: Earth, cost 2, generic icon.
    for i in range(1, 18):
        add(Card(f"T7-{i:03}C", f"テスト従者{i:02}", "backup", ("earth",), 2, keywords=("multi-playable",)))
    # "Any number" card: its field ability replaces the 3-copy limit (8.1.2).
    any_number = "このカードはデッキに何枚でも入れることができる"
    rule = {
        "kind": "MAY_INCLUDE_N",
        "n": "ANY",
        "filter": {"self": True},
        "applies_to": "BOTH",
        "text_ja": any_number,
    }
    add(Card("TX-001C", "無限兵", "forward", ("earth",), 2, 5000, text=any_number, deck_rules=(rule,)))
    return cards


CARDS = _fixture_cards()


def t1(i: int) -> str:
    return f"T1-{i:03}C"


def threes(prefix: str, first: int, last: int) -> dict[str, int]:
    """3 copies of each of prefix-first … prefix-last."""
    return {f"{prefix}-{i:03}C": 3 for i in range(first, last + 1)}


BASE50 = {**threes("T1", 1, 16), t1(17): 2}
LEGAL40 = {**threes("T1", 1, 13), t1(14): 1}  # 3 × 13 + 1
V07_LB = {"T3-101L": 3, "T3-102L": 3, "T3-103L": 2}


def with_counts(base: Mapping[str, int], **changes: int) -> dict[str, int]:
    """A copy of a main deck with some counts changed (0 removes the card); keys use _ for -."""
    out = dict(base)
    for key, n in changes.items():
        number = key.replace("_", "-")
        out[number] = out.get(number, 0) + n
        if out[number] == 0:
            del out[number]
    return out


def make_deck(main: Mapping[str, int], lb: Mapping[str, int] | None = None, fmt: str = "constructed") -> Deck:
    sections = {
        "main": tuple(DeckEntry(n, c) for n, c in main.items()),
        "lb": tuple(DeckEntry(n, c) for n, c in (lb or {}).items()),
    }
    return Deck(game="fftcg", format=fmt, sections=sections, cards=CARDS)


def codes(report: Report) -> list[str]:
    return [v.code for v in (*report.violations, *report.warnings)]


# Spec 12.1: id, format, main deck, LB deck, legal, every code reported (errors, warnings, then info).
CASES: list[tuple[str, str, dict[str, int], dict[str, int], bool, list[str]]] = [
    ("V01", "constructed", BASE50, {}, True, ["I01"]),
    ("V02", "constructed", with_counts(BASE50, T1_017C=-1), {}, False, ["E02", "I01"]),
    ("V03", "constructed", with_counts(BASE50, T1_017C=+1), {}, False, ["E02", "I01"]),
    ("V04", "constructed", with_counts(BASE50, T1_017C=-1, T1_001C=+1), {}, False, ["E04", "I01"]),
    (
        "V05",
        "constructed",
        {**with_counts(BASE50, T1_017C=-1, T1_001C=-3), "T1-001C": 2, "T1-001C-FOIL": 2},
        {},
        False,
        ["E04", "I01"],
    ),
    ("V06", "constructed", {"T2-010R": 3, "T2-011R": 3, **threes("T1", 1, 14), t1(15): 2}, {}, True, ["I01"]),
    ("V07", "constructed", BASE50, V07_LB, True, []),
    ("V08", "constructed", BASE50, {**V07_LB, "T3-103L": 3}, False, ["E06"]),
    ("V09", "constructed", BASE50, {t1(17): 1}, False, ["E07"]),
    ("V10", "constructed", BASE50, {"T3-101L": 4}, False, ["E04"]),
    ("V11", "constructed", with_counts(BASE50, T1_017C=-1, T3_101L=+1), {}, False, ["E05", "I01"]),
    (
        "V12",
        "constructed",
        {"T4-001H": 3, "T4-002H": 3, "T4-003H": 3, **threes("T1", 1, 13), t1(14): 2},
        {},
        True,
        ["W04", "I01"],
    ),
    (
        "V13",
        "constructed",
        {**threes("T5", 11, 18), "T5-001H": 3, **threes("T1", 1, 7), t1(8): 2},
        {},
        True,
        ["I01"],
    ),
    ("V14", "constructed", {"TX-001C": 10, **threes("T1", 1, 13), t1(14): 1}, {}, True, ["I01"]),
    ("V15", "constructed", {**threes("T7", 1, 16), "T7-017C": 2}, {}, True, ["W02", "I01"]),
    ("V16", "constructed", BASE50, {"T3-102L": 1}, True, ["W03"]),
    ("V17", "constructed", {t1(1): 4, **threes("T1", 2, 16)}, {}, False, ["E02", "E04", "I01"]),
    ("V18", "limited", {t1(1): 10, **threes("T1", 2, 11)}, {}, True, ["I01", "I02"]),
    ("V19", "limited", threes("T1", 1, 13), {}, False, ["E03", "I01", "I02"]),
    ("V20", "limited", {t1(1): 12, **threes("T1", 2, 17)}, {}, True, ["I01", "I02"]),
    ("V21", "limited", LEGAL40, {t1(1): 2, "T3-101L": 1}, True, ["I02"]),
    ("V22", "limited", {**threes("T1", 1, 13), "T3-101L": 1}, {}, False, ["E05", "I01", "I02"]),
    ("V23", "limited", LEGAL40, {t1(15): 3, t1(16): 3, t1(17): 3}, False, ["E06", "I02"]),
]


@pytest.mark.parametrize(
    ("fmt", "main", "lb", "legal", "expected"), [c[1:] for c in CASES], ids=[c[0] for c in CASES]
)
def test_spec_12_1_case(
    fmt: str, main: dict[str, int], lb: dict[str, int], legal: bool, expected: list[str]
) -> None:
    report = GAME.validate(make_deck(main, lb, fmt))
    assert report.legal is legal
    assert codes(report) == expected


def test_case_sizes_are_the_specs() -> None:
    # The cases give these sizes in words; a typo in a fixture would test something else.
    sizes = {case[0]: (sum(case[2].values()), sum(case[3].values())) for case in CASES}
    assert sizes["V01"] == (50, 0)
    assert sizes["V02"] == (49, 0)
    assert sizes["V03"] == (51, 0)
    assert sizes["V06"] == sizes["V12"] == sizes["V13"] == sizes["V14"] == sizes["V15"] == (50, 0)
    assert sizes["V07"] == (50, 8)
    assert sizes["V08"] == (50, 9)
    assert sizes["V17"] == (49, 0)
    assert sizes["V18"] == sizes["V21"][:1] + (0,) == (40, 0)
    assert sizes["V19"] == (39, 0)
    assert sizes["V20"] == (60, 0)
    assert sizes["V22"] == (40, 0)
    assert sizes["V23"] == (40, 9)


def deck_file(main: Mapping[str, int], fmt: str | None = "constructed") -> dict[str, Any]:
    data: dict[str, Any] = {
        "game": "fftcg",
        "sections": {"main": [{"card": n, "count": c} for n, c in main.items()]},
        "cards": {n: CARDS[n].to_dict() for n in main if n in CARDS},
    }
    if fmt is not None:
        data["format"] = fmt
    return data


def test_V24_a_format_that_is_not_constructed_or_limited_is_refused_by_the_reader() -> None:
    # E01 is the reader's: check() only ever sees a known format.
    with pytest.raises(DeckFileError, match="constructed, limited"):
        load_deck(deck_file(BASE50, fmt="standard"))


def test_V24_a_missing_format_is_read_as_constructed_per_the_deck_file_format() -> None:
    # docs/deck-file.md: "Missing means the game's first format"; E01 (§2.4) would refuse it instead.
    assert load_deck(deck_file(BASE50, fmt=None)).format == "constructed"


def test_V25_an_unknown_card_is_refused_by_the_reader() -> None:
    # E00 is the reader's.
    with pytest.raises(UnknownCardError, match="T9-999"):
        load_deck(deck_file(with_counts(BASE50, T1_017C=-1, T9_999=+1)))


def test_a_deck_file_round_trip_validates_like_the_deck() -> None:
    deck = load_deck(deck_file(with_counts(BASE50, T1_017C=-1, T1_001C=+1)))
    assert codes(GAME.validate(deck)) == ["E04", "I01"]


# Messages a player can act on (§2.4).


def only(report: Report, code: str) -> str:
    [v] = [v for v in (*report.violations, *report.warnings) if v.code == code]
    return v.message


def test_E02_says_how_many_to_add_or_remove() -> None:
    short = GAME.validate(make_deck(with_counts(BASE50, T1_017C=-1)))
    assert only(short, "E02").endswith("must have exactly 50 cards (rule 8.1.1.1). Add 1 card.")
    assert only(short, "E02").startswith("Your main deck has 49 cards.")
    long = GAME.validate(make_deck(with_counts(BASE50, T1_017C=+1)))
    assert only(long, "E02").endswith("Remove 1 card.")


def test_E03_says_how_many_to_add() -> None:
    report = GAME.validate(make_deck(threes("T1", 1, 13), fmt="limited"))
    assert only(report, "E03").endswith("at least 40 cards (rule 8.1.1.1). Add 1 more.")


def test_E04_names_the_card_number_and_every_printing_involved() -> None:
    main = {**with_counts(BASE50, T1_017C=-1, T1_001C=-3), "T1-001C": 2, "T1-001C-FOIL": 2}
    [v] = GAME.validate(make_deck(main)).violations
    assert v.rule == "8.1.1.2"
    assert v.cards == ("T1-001C", "T1-001C-FOIL")
    assert v.message.startswith("You have 4 cards with card number T1-001 (テスト兵01).")
    assert "Remove 1." in v.message


def test_E05_E06_E07_name_the_card_and_the_fix() -> None:
    lb = {"T7-001C": 3, "T7-002C": 3, "T7-003C": 3}
    report = GAME.validate(make_deck(with_counts(BASE50, T1_017C=-1, T3_101L=+1), lb))
    assert codes(report) == ["E05", "E06", "E07", "E07", "E07"]
    assert only(report, "E05") == (
        "T3-101L LB兵101 has Limit Break, so it cannot go in your main deck (rule 8.1.3). "
        "Move it to your LB deck."
    )
    assert only(report, "E06").endswith("at most 8 cards (rule 8.1.1.1). Remove 1.")
    assert report.violations[2].message.startswith("T7-001C テスト従者01 does not have Limit Break.")
    assert [v.cards for v in report.violations if v.code != "E06"] == [
        ("T3-101L",),
        ("T7-001C",),
        ("T7-002C",),
        ("T7-003C",),
    ]


def test_W03_message_gives_the_cost_and_the_deck_size() -> None:
    report = GAME.validate(make_deck(BASE50, {"T3-102L": 1}))
    assert only(report, "W03").startswith(
        "T3-102L LB兵102 has Limit Break -- 3, but your LB deck has only 1 card."
    )


def test_warnings_and_info_never_make_a_deck_illegal() -> None:
    report = GAME.validate(make_deck({**threes("T7", 1, 16), "T7-017C": 2}))
    assert report.violations == ()
    assert {w.severity for w in report.warnings} <= {"warning", "info"}


# Deck-building rules printed on cards (8.1.2; §3.6).


def with_rule(**rule: Any) -> dict[str, Card]:
    """The fixture cards, with TX-001C carrying only the given rule."""
    return {**CARDS, "TX-001C": replace(CARDS["TX-001C"], deck_rules=(rule,), text="(rule text)")}


def validate_with(
    cards: Mapping[str, Card], main: Mapping[str, int], lb: Mapping[str, int] | None = None
) -> Report:
    deck = make_deck(main, lb)
    return GAME.validate(replace(deck, cards=cards))


LEGAL_WITH_TX = {"TX-001C": 1, **threes("T1", 1, 16), t1(17): 1}


def test_cannot_include_E08() -> None:
    cards = with_rule(kind="CANNOT_INCLUDE", filter={"element": "Fire"})
    report = validate_with(cards, LEGAL_WITH_TX)
    assert codes(report) == ["E08"] * 17 + ["I01"]
    assert report.violations[0].message.startswith(
        "無限兵 says your deck cannot include Fire cards, but it contains"
    )


def test_can_include_only_E09_exempts_the_card_that_says_it() -> None:
    cards = with_rule(kind="CAN_INCLUDE_ONLY", filter={"card_type": "forward"})
    assert validate_with(cards, LEGAL_WITH_TX).legal is True
    main = {"TX-001C": 1, **threes("T1", 1, 16), "T7-001C": 1}
    report = validate_with(cards, main)
    assert codes(report) == ["E09", "I01"]
    assert report.violations[0].cards == ("T7-001C", "TX-001C")


def test_may_include_only_n_E10_counts_the_group() -> None:
    cards = with_rule(
        kind="MAY_INCLUDE_ONLY_N",
        n=40,
        filter={"and": [{"element": "fire"}, {"card_type": "forward"}]},
    )
    report = validate_with(cards, LEGAL_WITH_TX)
    assert codes(report) == ["E10", "I01"]
    assert only(report, "E10").startswith(
        "無限兵 limits Fire cards that are also Forwards to 40 in your deck. You have 49 (rule 8.1.2)."
    )


def test_may_include_n_can_set_a_number() -> None:
    cards = with_rule(kind="MAY_INCLUDE_N", n=5, filter={"self": True})
    main = {"TX-001C": 5, **threes("T1", 1, 15)}
    assert codes(validate_with(cards, main)) == ["I01"]
    report = validate_with(cards, {**main, "TX-001C": 6, t1(15): 2})
    assert codes(report) == ["E04", "I01"]
    assert "TX-001C 無限兵 sets this limit" in report.violations[0].message


def test_an_unparsed_rule_is_a_warning_that_quotes_the_text() -> None:
    cards = with_rule(kind="UNPARSED", text_ja="デッキの構築条件を変える何か")
    report = validate_with(cards, LEGAL_WITH_TX)
    assert report.legal is True
    assert only(report, "W01") == (
        "TX-001C 無限兵 has a deck-building rule this tool cannot check automatically. "
        "Please check it by hand: “デッキの構築条件を変える何か”."
    )


@pytest.mark.parametrize(
    "rule",
    [
        {"kind": "SOMETHING_NEW"},
        {"kind": "CANNOT_INCLUDE", "filter": {"colour": "fire"}},
        {"kind": "CANNOT_INCLUDE", "filter": {"element": "fire", "job": "knight"}},
        {"kind": "MAY_INCLUDE_N", "n": -1, "filter": {"self": True}},
        {"kind": "MAY_INCLUDE_ONLY_N", "n": "ANY", "filter": {"self": True}},
        {"kind": "DECK_SIZE", "n": 40, "applies_to": "BOTH"},
        {"kind": ["CANNOT_INCLUDE"], "applies_to": ["MAIN"]},
    ],
)
def test_a_malformed_rule_is_treated_as_unparsed(rule: dict[str, Any]) -> None:
    report = validate_with(with_rule(**rule), LEGAL_WITH_TX)
    assert codes(report) == ["W01", "I01"]


def test_a_deck_size_rule_is_applied_and_flagged() -> None:
    cards = with_rule(kind="DECK_SIZE", n=40, applies_to="MAIN")
    main = {"TX-001C": 1, **threes("T1", 1, 13)}
    report = validate_with(cards, main)
    assert codes(report) == ["W01", "I01"]
    report = validate_with(cards, LEGAL_WITH_TX)
    assert codes(report) == ["E02", "W01", "I01"]
    assert "exactly 40 cards (TX-001C 無限兵 changes this, rule 8.1.2)" in only(report, "E02")


def test_two_rules_on_one_card_are_flagged() -> None:
    rules = (
        {"kind": "MAY_INCLUDE_N", "n": "ANY", "filter": {"self": True}},
        {"kind": "MAY_INCLUDE_ONLY_N", "n": 20, "filter": {"self": True}},
    )
    cards = {**CARDS, "TX-001C": replace(CARDS["TX-001C"], deck_rules=rules)}
    report = validate_with(cards, {"TX-001C": 11, **threes("T1", 1, 13)})
    assert codes(report) == ["W01", "I01"]


def test_W05_a_special_ability_needs_a_second_card_of_its_name() -> None:
    special = Card("T8-001R", "剣聖", "forward", ("fire",), 3, 7000, keywords=("special-ability",))
    cards = {**CARDS, special.number: special}
    report = validate_with(cards, {special.number: 1, **threes("T1", 1, 16), t1(17): 1})
    assert codes(report) == ["W05", "I01"]
    assert codes(validate_with(cards, {special.number: 2, **threes("T1", 1, 16)})) == ["I01"]


# Facts of the class (seed 8.2, 9.2; §3.2).


@pytest.mark.parametrize(
    ("printed", "base"),
    [
        ("16-015H", "16-015"),
        ("11-136S", "11-136"),
        ("11-136", "11-136"),
        ("T1-001C-FOIL", "T1-001"),
        ("PR-050", "PR-050"),
    ],
)
def test_base_number_drops_rarity_and_printing_tag(printed: str, base: str) -> None:
    assert GAME.base_number(printed) == base


def test_draw_rules_follow_8_2_and_9_2() -> None:
    rules = GAME.draw_rules
    assert rules.opening_hand == 5  # 8.2.1.3
    assert rules.mulligan is Mulligan.BOTTOM_ALL  # 8.2.1.4
    assert rules.set_aside_after_mulligan == 0
    assert [rules.draws_on_turn(t, going_first=True) for t in (1, 2, 3)] == [1, 2, 2]  # 9.2.1.1, 9.2.1.3
    assert [rules.draws_on_turn(t, going_first=False) for t in (1, 2, 3)] == [2, 2, 2]


# Properties (hypothesis): the validator never raises, legality survives like-for-like swaps, and one
# copy over any limit is reported with its code.

JSON_SCALARS = st.none() | st.booleans() | st.integers(-5, 120) | st.text(max_size=8)
JSON_VALUES = st.recursive(
    JSON_SCALARS,
    lambda inner: st.lists(inner, max_size=4) | st.dictionaries(st.text(max_size=6), inner, max_size=4),
    max_leaves=12,
)
RULE_KINDS = (
    "MAY_INCLUDE_N",
    "MAY_INCLUDE_ONLY_N",
    "CANNOT_INCLUDE",
    "CAN_INCLUDE_ONLY",
    "DECK_SIZE",
    "UNPARSED",
)
FILTERS = st.recursive(
    st.one_of(
        st.just({"self": True}),
        st.builds(
            lambda k, v: {k: v},
            st.sampled_from(("name", "element", "job", "category", "card_type")),
            st.text(max_size=6),
        ),
        st.dictionaries(st.text(max_size=6), JSON_SCALARS, max_size=2),
    ),
    lambda inner: st.builds(lambda fs: {"and": fs}, st.lists(inner, max_size=3)),
    max_leaves=6,
)
DECK_RULES = st.fixed_dictionaries(
    {"kind": st.sampled_from(RULE_KINDS) | JSON_VALUES},
    optional={
        "n": st.sampled_from(("ANY", None)) | st.integers(-2, 60) | JSON_VALUES,
        "filter": FILTERS | JSON_VALUES,
        "applies_to": st.sampled_from(("MAIN", "LB", "BOTH")) | JSON_VALUES,
        "text_ja": st.text(max_size=10) | JSON_VALUES,
    },
)
KEYWORDS = ("limit-break", "ex-burst", "haste", "brave", "multi-playable", "special-ability")


@st.composite
def printed_codes(draw: st.DrawFn) -> str:
    base = f"{draw(st.sampled_from(('P1', 'P2', '7', 'PR')))}-{draw(st.integers(1, 30)):03}"
    return base + draw(st.sampled_from(("", "C", "R", "H", "L", "S", "C-FOIL")))


def arbitrary_card(number: str) -> st.SearchStrategy[Card]:
    return st.builds(
        Card,
        number=st.just(number),
        name=st.text(max_size=6),
        type=st.sampled_from(GAME.card_types) | st.text(max_size=6),
        colors=st.lists(st.sampled_from(GAME.colors) | st.text(max_size=4), max_size=3).map(tuple),
        cost=st.none() | st.integers(-3, 12),
        power=st.none() | st.integers(-5000, 15000),
        traits=st.lists(st.text(max_size=5), max_size=2).map(tuple),
        keywords=st.lists(st.sampled_from(KEYWORDS) | st.text(max_size=5), max_size=3).map(tuple),
        text=st.text(max_size=10),
        deck_rules=st.lists(DECK_RULES, max_size=2).map(tuple),
        lb_cost=st.none() | st.integers(-2, 10),
    )


@st.composite
def arbitrary_decks(draw: st.DrawFn) -> Deck:
    numbers = draw(
        st.lists(st.text(min_size=1, max_size=8) | printed_codes(), min_size=1, max_size=8, unique=True)
    )
    cards = {n: draw(arbitrary_card(n)) for n in numbers}
    entries = st.lists(st.builds(DeckEntry, st.sampled_from(numbers), st.integers(1, 99)), max_size=10)
    sections = {s: tuple(draw(entries)) for s in draw(st.sets(st.sampled_from(GAME.section_ids)))}
    return Deck(game="fftcg", format=draw(st.sampled_from(GAME.formats)), sections=sections, cards=cards)


@settings(max_examples=100, deadline=None)
@given(arbitrary_decks())
def test_property_validate_never_raises_on_any_deck(deck: Deck) -> None:
    report = GAME.validate(deck)
    assert report.legal is (not report.violations)
    assert {v.code[0] for v in report.violations} <= {"E"}
    assert {w.code[0] for w in report.warnings} <= {"W", "I"}


def mostly(valid: st.SearchStrategy[Any]) -> st.SearchStrategy[Any]:
    """Usually a valid value, one time in ten any JSON value."""
    return st.sampled_from(range(10)).flatmap(lambda i: JSON_VALUES if i == 9 else valid)


@st.composite
def json_deck_files(draw: st.DrawFn) -> Any:
    numbers = draw(st.lists(printed_codes(), min_size=1, max_size=6))
    card_fields = st.fixed_dictionaries(
        {"name": mostly(st.text(max_size=6)), "type": mostly(st.sampled_from(GAME.card_types))},
        optional={
            "colors": mostly(st.lists(st.sampled_from(GAME.colors), max_size=2)),
            "cost": mostly(st.integers(0, 9)),
            "power": mostly(st.integers(0, 12000)),
            "keywords": mostly(st.lists(st.sampled_from(KEYWORDS), max_size=2)),
            "lb_cost": mostly(st.integers(0, 9)),
            "deck_rules": mostly(st.lists(DECK_RULES, max_size=2)),
        },
    )
    entry = st.fixed_dictionaries({"card": st.sampled_from(numbers), "count": mostly(st.integers(1, 3))})
    entries = mostly(st.lists(entry, min_size=1, max_size=8))
    sections = st.dictionaries(st.sampled_from(GAME.section_ids), entries, min_size=1)
    deck_file = st.fixed_dictionaries(
        {
            "game": mostly(st.just("fftcg")),
            "sections": mostly(sections),
            "cards": mostly(st.fixed_dictionaries(dict.fromkeys(numbers, card_fields))),
        },
        optional={"format": mostly(st.sampled_from(GAME.formats)), "name": mostly(st.text(max_size=6))},
    )
    return draw(mostly(deck_file))


@settings(max_examples=100, deadline=None)
@given(json_deck_files())
def test_property_a_deck_file_either_loads_and_validates_or_raises_deck_file_error(data: Any) -> None:
    try:
        deck = load_deck(data)
    except DeckFileError:
        return
    if deck.game == "fftcg":
        assert isinstance(GAME.validate(deck).legal, bool)


def vanilla(number: str, card_type: str, element: str, cost: int, lb_cost: int | None) -> Card:
    power = 1000 * cost + 2000 if card_type == "forward" else None
    keywords = ("limit-break",) if lb_cost is not None else ()
    return Card(
        number, f"Card {number}", card_type, (element,), cost, power, keywords=keywords, lb_cost=lb_cost
    )


@st.composite
def fresh_card(draw: st.DrawFn, number: str, card_type: str | None = None, lb: bool = False) -> Card:
    return vanilla(
        number,
        card_type or draw(st.sampled_from(GAME.card_types)),
        draw(st.sampled_from(GAME.colors)),
        draw(st.integers(1, 7)),
        draw(st.integers(1, 3)) if lb else None,
    )


def split(draw: st.DrawFn, total: int, most: int) -> list[int]:
    """Counts of at most `most` each that add up to `total`."""
    counts = []
    while total:
        counts.append(draw(st.integers(1, min(most, total))))
        total -= counts[-1]
    return counts


@st.composite
def legal_decks(
    draw: st.DrawFn, fmt: str | None = None, main_size: int | None = None, lb_size: int | None = None
) -> Deck:
    """A legal deck of vanilla cards (or, given sizes, one legal but for those sizes)."""
    fmt = fmt or draw(st.sampled_from(GAME.formats))
    limited = fmt == "limited"
    if main_size is None:
        main_size = draw(st.integers(40, 60)) if limited else 50
    if lb_size is None:
        lb_size = draw(st.integers(0, 8))
    main_counts = split(draw, main_size, 10 if limited else 3)
    lb_counts = split(draw, lb_size, 10 if limited else 3)
    cards: dict[str, Card] = {}
    sections: dict[str, tuple[DeckEntry, ...]] = {}
    for section, counts in (("main", main_counts), ("lb", lb_counts)):
        entries = []
        for count in counts:
            number = f"P{len(cards) // 100 + 1}-{len(cards) % 100 + 1:03}{draw(st.sampled_from('CRHL'))}"
            cards[number] = draw(fresh_card(number, lb=section == "lb"))
            entries.append(DeckEntry(number, count))
        sections[section] = tuple(entries)
    return Deck(game="fftcg", format=fmt, sections=sections, cards=cards)


def swap_one(deck: Deck, section: str, position: int, new: Card) -> Deck:
    """The deck with one copy of the entry at `position` replaced by one copy of `new`."""
    entries = list(deck.sections[section])
    old = entries[position]
    entries[position : position + 1] = [DeckEntry(old.card, old.count - 1)] if old.count > 1 else []
    entries.append(DeckEntry(new.number, 1))
    return replace(
        deck, sections={**deck.sections, section: tuple(entries)}, cards={**deck.cards, new.number: new}
    )


@settings(max_examples=100, deadline=None)
@given(st.data())
def test_property_a_legal_deck_stays_legal_when_a_card_is_swapped_for_one_of_its_kind(
    data: st.DataObject,
) -> None:
    deck = data.draw(legal_decks())
    assert GAME.validate(deck).legal is True
    sections = [s for s in ("main", "lb") if deck.entries(s)]
    section = data.draw(st.sampled_from(sections))
    position = data.draw(st.integers(0, len(deck.entries(section)) - 1))
    old = deck.cards[deck.entries(section)[position].card]
    new = data.draw(fresh_card("Q9-999C", card_type=old.type, lb=section == "lb"))
    assert GAME.validate(swap_one(deck, section, position, new)).legal is True


def errors(report: Report) -> list[str]:
    return [v.code for v in report.violations]


@settings(max_examples=100, deadline=None)
@given(st.data())
def test_property_one_copy_over_the_copy_limit_is_E04(data: st.DataObject) -> None:
    deck = data.draw(legal_decks("constructed"))
    main = list(deck.entries("main"))
    target = data.draw(st.integers(0, len(main) - 1))
    # Raise one card number to 4 copies, the extra copy in another printing, and keep 50 cards.
    base = GAME.base_number(main[target].card)
    extra = replace(deck.cards[main[target].card], number=f"{base}S-FOIL")
    needed = 4 - main[target].count
    for i, entry in enumerate(main):
        take = min(needed, entry.count) if i != target else 0
        needed -= take
        main[i] = DeckEntry(entry.card, entry.count - take)
    main = [e for e in main if e.count > 0] + [
        DeckEntry(extra.number, 4 - deck.entries("main")[target].count)
    ]
    over = replace(
        deck, sections={**deck.sections, "main": tuple(main)}, cards={**deck.cards, extra.number: extra}
    )
    report = GAME.validate(over)
    assert errors(report) == ["E04"]
    assert report.violations[0].cards == tuple(sorted((deck.entries("main")[target].card, extra.number)))


@pytest.mark.parametrize(
    ("fmt", "main_size", "lb_size", "code"),
    [
        ("constructed", 51, 0, "E02"),
        ("constructed", 49, 0, "E02"),
        ("limited", 39, 0, "E03"),
        ("constructed", 50, 9, "E06"),
        ("limited", 40, 9, "E06"),
    ],
)
@settings(max_examples=30, deadline=None)
@given(data=st.data())
def test_property_one_card_past_a_deck_size_is_reported(
    fmt: str, main_size: int, lb_size: int, code: str, data: st.DataObject
) -> None:
    deck = data.draw(legal_decks(fmt, main_size, lb_size))
    assert errors(GAME.validate(deck)) == [code]
