"""GRANBLUE FANTASY TCG deck construction: the cases of docs/rules/gbf.md §12.1, then properties."""

from __future__ import annotations

import pytest
from hypothesis import assume, given, settings
from hypothesis import strategies as st

from engine import Card, Deck, DeckEntry, DeckFileError, load_deck
from engine.games.base import Mulligan
from engine.games.gbf import COPY_LIMIT, MAIN_DECK_SIZE, SUMMON_LIMIT, Granblue, gender, parse_name

GBF = Granblue()


def captain(number: str, name: str, sex: str | None, rank: int, hp: int = 4, atk: int = 2) -> Card:
    return Card(
        number=number,
        name=name,
        type="captain",
        rank=rank,
        gender=sex,
        character_name=parse_name(name).character_name,
        hp=hp,
        atk=atk,
    )


def crew(number: str, name: str, colors: tuple[str, ...] = ("fire",), **fields: object) -> Card:
    return Card(
        number=number,
        name=name,
        type="crew",
        colors=colors,
        rank=1,
        hp=3,
        atk=2,
        character_name=parse_name(name).character_name,
        **fields,  # type: ignore[arg-type]
    )


def summon(number: str, name: str) -> Card:
    return Card(number=number, name=name, type="summon", colors=("fire",))


# The fixture cards of §12.1, all fictional.
M0 = captain("TG01-001C", "[見習い]テスト団長(男)", "male", 0)
M1 = captain("TG01-002C", "[剣士]テスト団長(男)", "male", 1)
M2 = captain("TG01-003UC", "[騎士]テスト団長(男)", "male", 2)
M3 = captain("TG01-004G", "[聖騎士]テスト団長(男)", "male", 3)
F0 = captain("TG01-005C", "[見習い]テスト団長(女)", "female", 0)
F1 = captain("TG01-006C", "[剣士]テスト団長(女)", "female", 1)
M0B = captain("TG01-007C", "[旅人]テスト団長(男)", "male", 0)
FIRE_CREW = [crew(f"TG01-{i}C", f"[火]テスト団員{i}") for i in range(101, 114)]
FIRE_101G = crew("TG01-101G", "[火]テスト団員101")
KNIGHT_A = crew("TG01-120C", "[甲]テスト騎士")
KNIGHT_B = crew("TG01-121M", "[乙]テスト騎士")
WATER_CREW = crew("TG01-140C", "[水]テスト団員140", colors=("water",))
PLAIN_CREW = crew("TG01-141C", "テスト団員141", colors=())
SUMMONS = [summon(f"TG01-{i}C", f"テスト召喚石{i}") for i in (201, 202, 203)]
ANY_NUMBER = crew(
    "TG01-130C",
    "[群れ]テスト兵",
    deck_rules=(
        {
            "kind": "MAY_INCLUDE_N",
            "n": "ANY",
            "filter": {"self": True},
            "text_ja": "このカードはメインデッキに何枚でも入れることができる",
        },
    ),
)
CARDS = {
    c.number: c
    for c in (M0, M1, M2, M3, F0, F1, M0B, *FIRE_CREW, FIRE_101G, KNIGHT_A, KNIGHT_B)
    + (WATER_CREW, PLAIN_CREW, *SUMMONS, ANY_NUMBER)
}


def fire(first: int, last: int, n: int = 4) -> dict[str, int]:
    """n copies each of TG01-<first>C ... TG01-<last>C."""
    return {f"TG01-{i}C": n for i in range(first, last + 1)}


B50 = fire(101, 112) | {"TG01-113C": 2}
CM = {"TG01-001C": 1}


def deck(captain_deck: dict[str, int], main_deck: dict[str, int]) -> Deck:
    sections = {
        "captain": tuple(DeckEntry(n, c) for n, c in captain_deck.items()),
        "main": tuple(DeckEntry(n, c) for n, c in main_deck.items()),
    }
    return Deck(game="gbf", format="standard", sections=sections, cards=CARDS)


def codes(d: Deck) -> list[str]:
    report = GBF.validate(d)
    return sorted(v.code for v in report.violations + report.warnings)


CASES = [
    ("V01", CM, B50, True, []),
    ("V02", {"TG01-001C": 2, "TG01-002C": 1, "TG01-003UC": 1, "TG01-004G": 1}, B50, True, []),
    ("V03", {"TG01-001C": 2, "TG01-002C": 2, "TG01-003UC": 1, "TG01-004G": 1}, B50, False, ["E02"]),
    ("V04", {}, B50, False, ["E01"]),
    ("V05", {"TG01-002C": 1, "TG01-003UC": 1}, B50, False, ["E05"]),
    ("V06", {"TG01-001C": 1, "TG01-006C": 1}, B50, False, ["E04"]),
    ("V07", {"TG01-001C": 1, "TG01-005C": 1}, B50, False, ["E04"]),
    ("V08", {"TG01-001C": 1, "TG01-101C": 1}, B50, False, ["E03", "E09"]),
    ("V09", CM, B50 | {"TG01-113C": 1}, False, ["E06"]),
    ("V10", CM, B50 | {"TG01-113C": 3}, False, ["E07"]),
    ("V11", CM, B50 | {"TG01-113C": 1, "TG01-002C": 1}, False, ["E08"]),
    ("V12", CM, B50 | {"TG01-101C": 5, "TG01-113C": 1}, False, ["E09"]),
    ("V13", CM, B50 | {"TG01-101C": 3, "TG01-101G": 2, "TG01-113C": 1}, False, ["E09", "W03"]),
    ("V14", {"TG01-001C": 5}, B50, False, ["E09"]),
    ("V15", {"TG01-001C": 1, "TG01-002C": 4}, B50, True, []),
    ("V16", CM, {"TG01-201C": 4, "TG01-202C": 4} | fire(101, 110) | {"TG01-111C": 2}, True, []),
    (
        "V17",
        CM,
        {"TG01-201C": 4, "TG01-202C": 4, "TG01-203C": 1} | fire(101, 110) | {"TG01-111C": 1},
        False,
        ["E10"],
    ),
    ("V18", CM, {"TG01-120C": 4, "TG01-121M": 4} | fire(101, 110) | {"TG01-111C": 2}, True, []),
    ("V19", {"TG01-001C": 3}, B50 | {"TG01-113C": 0, "TG01-001C": 2}, False, ["E08", "E09"]),
    ("V20", CM, {"TG01-130C": 10} | fire(101, 110), True, []),
    (
        "V21",
        {"TG01-002C": 1, "TG01-003UC": 1},
        fire(102, 111) | {"TG01-101C": 5, "TG01-112C": 3, "TG01-113C": 1},
        False,
        ["E05", "E06", "E09"],
    ),
    ("V22", CM, fire(101, 110) | {"TG01-111C": 2, "TG01-140C": 4, "TG01-141C": 4}, True, []),
    ("V23", {"TG01-001C": 1, "TG01-007C": 1, "TG01-003UC": 1}, B50, True, ["I01"]),
]


@pytest.mark.parametrize(
    ("captain_deck", "main_deck", "legal", "expected"),
    [pytest.param(*case[1:], id=case[0]) for case in CASES],
)
def test_spec_validation_case(
    captain_deck: dict[str, int], main_deck: dict[str, int], legal: bool, expected: list[str]
) -> None:
    main_deck = {n: c for n, c in main_deck.items() if c > 0}
    d = deck(captain_deck, main_deck)
    assert GBF.validate(d).legal is legal
    assert codes(d) == expected


def test_the_case_decks_have_the_sizes_the_spec_gives() -> None:
    # Spec 12.1: B50 is 48 + 2, V09 has 49, V10 51, V21 49, V22 50; a slip here would hide a case.
    sizes = {case[0]: sum(case[2].values()) for case in CASES}
    assert (sizes["V01"], sizes["V09"], sizes["V10"], sizes["V21"], sizes["V22"]) == (50, 49, 51, 49, 50)
    assert sizes["V19"] == 50 and sizes["V11"] == 50 and sizes["V16"] == 50 and sizes["V17"] == 50


def test_the_messages_say_how_many_to_add_or_remove() -> None:
    short = GBF.validate(deck(CM, B50 | {"TG01-113C": 1})).violations[0]
    long = GBF.validate(deck(CM, B50 | {"TG01-113C": 3})).violations[0]
    assert "49 cards" in short.message and "Add 1." in short.message and short.rule == "5-1-3"
    assert "51 cards" in long.message and "Remove 1." in long.message


def test_copies_over_both_decks_name_the_printings_and_both_counts() -> None:
    (v,) = GBF.validate(deck({"TG01-001C": 3}, B50 | {"TG01-113C": 0, "TG01-001C": 2})).violations[1:]
    assert v.code == "E09" and v.rule == "2-10-3" and v.cards == ("TG01-001C",)
    assert "3 in the captain deck, 2 in the main deck" in v.message and "Remove 1." in v.message


# 2-1-1: character name outside brackets, epithet in [ ], version in ( ); a captain's version is its gender.
@pytest.mark.parametrize(
    ("name", "parts"),
    [
        ("[見習い]テスト団長(男)", ("テスト団長", "見習い", "男")),
        ("[甲]テスト騎士", ("テスト騎士", "甲", None)),
        ("テスト団長(女)", ("テスト団長", None, "女")),
        ("テスト騎士", ("テスト騎士", None, None)),
        ("［千年］テスト（最終）", ("テスト", "千年", "最終")),
    ],
)
def test_it_splits_a_printed_name(name: str, parts: tuple[str, str | None, str | None]) -> None:
    p = parse_name(name)
    assert (p.character_name, p.epithet, p.version) == parts


# 2-10-4-1: G, M, UC, C at the end of the card No are the rarity.
@pytest.mark.parametrize(
    ("number", "base"),
    [
        ("TG01-101C", "TG01-101"),
        ("TG01-101G", "TG01-101"),
        ("TG01-003UC", "TG01-003"),
        ("TG01-121M", "TG01-121"),
        ("TG01-121", "TG01-121"),
        ("PR-7X", "PR-7X"),
    ],
)
def test_the_base_number_drops_only_a_rarity_mark(number: str, base: str) -> None:
    assert GBF.base_number(number) == base


def test_a_captain_without_gender_data_takes_it_from_its_name() -> None:
    unnamed = captain("TG01-008C", "[見習い]テスト団長(女)", None, 0)
    assert gender(unnamed) == "female"
    cards = dict(CARDS) | {unnamed.number: unnamed}
    d = Deck("gbf", "standard", deck({"TG01-001C": 1, "TG01-008C": 1}, B50).sections, cards)
    assert codes(d) == ["E04"]


def test_a_captain_with_no_gender_anywhere_gets_a_warning_and_is_left_out() -> None:
    nameless = captain("TG01-009C", "[見習い]テスト団長", None, 0)
    cards = dict(CARDS) | {nameless.number: nameless}
    d = Deck("gbf", "standard", deck({"TG01-009C": 1, "TG01-005C": 1}, B50).sections, cards)
    report = GBF.validate(d)
    assert report.legal is True
    assert [w.code for w in report.warnings] == ["W02", "I01"]
    assert "TG01-009C" in report.warnings[0].message


def with_rules(rules: list[dict[str, object]], main_deck: dict[str, int]) -> Deck:
    """CM and the main deck, with TG01-113C carrying the given deck-building rules."""
    source = crew("TG01-113C", "[火]テスト団員113", deck_rules=tuple(rules))
    cards = dict(CARDS) | {source.number: source}
    return Deck("gbf", "standard", deck(CM, main_deck).sections, cards)


def test_cannot_include_reports_the_cards_it_forbids() -> None:
    rule = {"kind": "CANNOT_INCLUDE", "filter": {"attribute": "WATER"}}
    d = with_rules([rule], fire(101, 110) | {"TG01-113C": 2, "TG01-140C": 4, "TG01-141C": 4})
    (v,) = GBF.validate(d).violations
    assert (v.code, v.rule, v.cards) == ("E11", "5-1-3-3", ("TG01-113C", "TG01-140C"))
    assert "may not include cards with attribute water" in v.message and "4× TG01-140C" in v.message


def test_can_include_only_reports_every_card_outside_it() -> None:
    rule = {"kind": "CAN_INCLUDE_ONLY", "filter": {"and": [{"attribute": "fire"}, {"card_type": "crew"}]}}
    d = with_rules([rule], fire(101, 110) | {"TG01-113C": 2, "TG01-140C": 4, "TG01-141C": 4})
    (v,) = GBF.validate(d).violations
    assert v.code == "E11" and v.cards == ("TG01-113C", "TG01-140C", "TG01-141C")
    # The captain deck is not in its scope (the default is the main deck), so M0 without attribute is fine.
    assert "TG01-001C" not in v.cards


def test_may_include_only_lowers_the_copy_limit() -> None:
    rule = {"kind": "MAY_INCLUDE_ONLY_N", "n": 1, "filter": {"self": True}}
    (v,) = GBF.validate(with_rules([rule], B50)).violations
    assert (v.code, v.rule, v.cards) == ("E09", "5-1-3-3", ("TG01-113C",))
    assert "At most 1" in v.message


def test_a_summon_limit_text_replaces_the_eight() -> None:
    rule = {"kind": "SUMMON_LIMIT", "n": 9}
    main = {"TG01-201C": 4, "TG01-202C": 4, "TG01-203C": 1} | fire(101, 110) | {"TG01-113C": 1}
    assert codes(with_rules([rule], main)) == []
    assert codes(with_rules([{"kind": "SUMMON_LIMIT", "n": 7}], main)) == ["E10"]


@pytest.mark.parametrize(
    "rule",
    [
        {"kind": "UNPARSED", "text_ja": "読めない効果"},
        {"kind": "CAPTAIN_DECK_RULE", "n": 6},
        {"kind": "MAY_INCLUDE_N", "n": "lots", "filter": {"self": True}},
        {"kind": "CANNOT_INCLUDE", "filter": {"colour": "fire"}},
        {"kind": "CANNOT_INCLUDE", "filter": {"self": True}, "applies_to_deck": "SIDE"},
        {"kind": ["not", "text"]},
    ],
    ids=["unparsed", "captain-deck-rule", "bad-n", "unknown-filter", "unknown-scope", "odd-kind"],
)
def test_a_rule_this_tool_cannot_check_is_a_warning_naming_the_card(rule: dict[str, object]) -> None:
    report = GBF.validate(with_rules([rule], B50))
    assert report.legal is True
    (w,) = report.warnings
    assert (w.code, w.cards, w.severity) == ("W01", ("TG01-113C",), "warning")
    assert "TG01-113C [火]テスト団員113" in w.message


# Properties. The validator must answer for any deck the reader can build; swapping like for like keeps a
# legal deck legal; one copy over each limit is reported under that limit's code.

JSON_LEAF = st.none() | st.booleans() | st.integers(-3, 12) | st.floats(allow_nan=False) | st.text(max_size=6)
JSON = st.recursive(
    JSON_LEAF,
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=8,
)
NUMBERS = st.sampled_from(
    ["TG01-001C", "TG01-001G", "TG01-002UC", "TG01-002", "TG01-130C", "PR-1", "x", "ＴＧ01-1Ｃ"]
) | st.text(min_size=1, max_size=8)
NAMES = st.sampled_from(
    ["[見習い]テスト団長(男)", "テスト団長(女)", "[甲]テスト騎士", "（）", "[", ""]
) | st.text(max_size=8)
KINDS = (
    st.sampled_from([*("MAY_INCLUDE_N", "MAY_INCLUDE_ONLY_N", "CANNOT_INCLUDE", "CAN_INCLUDE_ONLY")]) | JSON
)
FILTERS = st.recursive(
    st.fixed_dictionaries(
        {},
        optional={
            "self": st.booleans() | JSON,
            "attribute": st.sampled_from(["fire", "WATER"]) | JSON,
            "card_type": st.sampled_from(["crew", "summon", "captain"]) | JSON,
            "character_name": st.sampled_from(["テスト騎士"]) | JSON,
            "kind_race": st.text(max_size=4) | JSON,
        },
    ),
    lambda inner: st.fixed_dictionaries({"and": st.lists(inner, max_size=3)}),
    max_leaves=4,
)
DECK_RULES = st.lists(
    st.fixed_dictionaries(
        {"kind": KINDS | st.sampled_from(["SUMMON_LIMIT", "CAPTAIN_DECK_RULE", "UNPARSED"])},
        optional={
            "n": st.integers(-2, 12) | st.just("ANY") | JSON,
            "filter": FILTERS | JSON,
            "applies_to_deck": st.sampled_from(["MAIN", "CAPTAIN", "BOTH", "SIDE"]) | JSON,
            "text_ja": st.text(max_size=8) | JSON,
        },
    ),
    max_size=2,
)
CARD_FIELDS = st.fixed_dictionaries(
    {
        "name": NAMES,
        "type": st.sampled_from(["captain", "crew", "summon"]) | st.text(max_size=6),
    },
    optional={
        "colors": st.lists(st.sampled_from(["fire", "water", "Fire", ""]), max_size=2),
        "rank": st.none() | st.integers(-1, 4),
        "gender": st.none() | st.sampled_from(["male", "female", "男", ""]) | st.text(max_size=3),
        "character_name": st.none() | st.text(max_size=6),
        "traits": st.lists(st.text(max_size=4), max_size=2),
        "atk": st.integers(-1, 9),
        "hp": st.integers(-1, 9),
        "text": st.text(max_size=8),
        "deck_rules": DECK_RULES,
    },
)


@st.composite
def arbitrary_decks(draw: st.DrawFn) -> Deck:
    """Any cards, in any counts (zero and negative too), in the game's sections and one it lacks."""
    numbers = draw(st.lists(NUMBERS, min_size=1, max_size=8, unique=True))
    cards = {n: Card.from_dict(n, draw(CARD_FIELDS)) for n in numbers}
    sections = {
        section: tuple(
            DeckEntry(n, c)
            for n, c in draw(
                st.dictionaries(st.sampled_from(numbers), st.integers(-2, 60), max_size=6)
            ).items()
        )
        for section in draw(st.lists(st.sampled_from(["captain", "main", "side"]), unique=True))
    }
    return Deck("gbf", "standard", sections, cards)


@settings(max_examples=150, deadline=None)
@given(arbitrary_decks())
def test_the_validator_answers_for_any_deck(d: Deck) -> None:
    report = GBF.validate(d)
    assert report.legal is (not report.violations)
    assert all(v.code and v.rule and v.message for v in report.violations + report.warnings)


@st.composite
def deck_files(draw: st.DrawFn) -> dict[str, object]:
    """Deck files that are mostly well formed, with any key possibly replaced by arbitrary JSON."""
    numbers = draw(st.lists(NUMBERS, min_size=1, max_size=6, unique=True))
    entries = st.fixed_dictionaries({"card": st.sampled_from(numbers), "count": st.integers(1, 12)})
    odd_entries = st.fixed_dictionaries({"card": NUMBERS | JSON, "count": JSON})
    sections = {s: draw(st.lists(entries, max_size=5)) for s in ("captain", "main")}
    if draw(st.integers(0, 3)) == 0:
        sections[draw(st.sampled_from(["captain", "main"]))].append(draw(odd_entries))
    data: dict[str, object] = {
        "game": "gbf",
        "format": "standard",
        "sections": sections,
        "cards": {n: draw(CARD_FIELDS) for n in numbers},
    }
    if draw(st.integers(0, 3)) == 0:
        data["cards"][numbers[0]] = draw(st.dictionaries(st.text(max_size=6), JSON))  # type: ignore[index]
    if draw(st.integers(0, 3)) == 0:
        data[draw(st.sampled_from(["game", "format", "name", "sections", "cards"]))] = draw(JSON)
    return data


@settings(max_examples=200, deadline=None)
@given(deck_files() | JSON)
def test_any_deck_file_is_read_or_refused_with_a_deck_file_error(data: object) -> None:
    try:
        d = load_deck(data)  # type: ignore[arg-type]
    except DeckFileError:
        return
    GBF.validate(d)


CREW_NUMBERS = [c.number for c in (*FIRE_CREW, KNIGHT_A, KNIGHT_B, WATER_CREW, PLAIN_CREW)]
SUMMON_NUMBERS = [c.number for c in SUMMONS]


@st.composite
def legal_decks(draw: st.DrawFn) -> tuple[dict[str, int], dict[str, int]]:
    """A legal captain deck and main deck made of the fixture cards, as {number: count}."""
    extras = draw(
        st.lists(st.sampled_from(["TG01-002C", "TG01-003UC", "TG01-004G", "TG01-007C"]), max_size=4)
    )
    captain_deck = {"TG01-001C": 1}
    for n in extras:
        captain_deck[n] = captain_deck.get(n, 0) + 1
    main_deck: dict[str, int] = {}
    for n in draw(st.permutations(SUMMON_NUMBERS)):
        room = SUMMON_LIMIT - sum(main_deck.values())
        if c := min(draw(st.integers(0, 4)), room):
            main_deck[n] = c
    for n in draw(st.permutations(CREW_NUMBERS)):
        room = MAIN_DECK_SIZE - sum(main_deck.values())
        if c := min(draw(st.integers(1, 4)), room):
            main_deck[n] = c
    for n in CREW_NUMBERS:  # top up if the random counts fell short
        room = MAIN_DECK_SIZE - sum(main_deck.values())
        main_deck[n] = main_deck.get(n, 0) + min(COPY_LIMIT - main_deck.get(n, 0), room)
    return captain_deck, {n: c for n, c in main_deck.items() if c}


@settings(max_examples=150, deadline=None)
@given(legal_decks(), st.data())
def test_swapping_a_card_for_another_legal_card_of_its_kind_keeps_the_deck_legal(
    decks: tuple[dict[str, int], dict[str, int]], data: st.DataObject
) -> None:
    captain_deck, main_deck = decks
    assert codes(deck(captain_deck, main_deck)) in ([], ["I01"])
    kind = data.draw(st.sampled_from([CREW_NUMBERS, SUMMON_NUMBERS]))
    out_choices = [n for n in main_deck if n in kind]
    in_choices = [n for n in kind if main_deck.get(n, 0) < COPY_LIMIT]
    assume(out_choices and in_choices)
    out, into = data.draw(st.sampled_from(out_choices)), data.draw(st.sampled_from(in_choices))
    swapped = dict(main_deck)
    swapped[out] -= 1
    swapped[into] = swapped.get(into, 0) + 1
    d = deck(captain_deck, {n: c for n, c in swapped.items() if c})
    assert GBF.validate(d).legal is True


def one_copy_over(main_deck: dict[str, int], number: str, count: int) -> dict[str, int]:
    """The main deck with `number` at `count`, other crew removed or added one by one to keep 50."""
    out = dict(main_deck) | {number: count}
    for n in CREW_NUMBERS:
        while n != number and out.get(n, 0) > 0 and sum(out.values()) > MAIN_DECK_SIZE:
            out[n] -= 1
    return {n: c for n, c in out.items() if c}


@settings(max_examples=150, deadline=None)
@given(legal_decks(), st.data())
def test_one_copy_over_a_limit_is_reported_under_its_code(
    decks: tuple[dict[str, int], dict[str, int]], data: st.DataObject
) -> None:
    captain_deck, main_deck = decks
    limit = data.draw(st.sampled_from(["copies", "summons", "captain deck", "main deck"]))
    if limit == "copies":  # 5-1-3-1: a fifth copy of one crew card, still 50 cards
        main_deck = one_copy_over(main_deck, data.draw(st.sampled_from(CREW_NUMBERS)), COPY_LIMIT + 1)
        expected = ["E09"]
    elif limit == "summons":  # 5-1-3-2: nine summons, still 50 cards
        main_deck = {n: c for n, c in main_deck.items() if n not in SUMMON_NUMBERS}
        main_deck = one_copy_over(main_deck | {"TG01-201C": 4, "TG01-202C": 4}, "TG01-203C", 1)
        expected = ["E10"]
    elif limit == "captain deck":  # 5-1-2: six cards, all male, none over 4 copies
        captain_deck = {"TG01-001C": 2, "TG01-002C": 2, "TG01-003UC": 1, "TG01-004G": 1}
        expected = ["E02"]
    else:  # 5-1-3: fifty-one cards
        into = data.draw(st.sampled_from([n for n in CREW_NUMBERS if main_deck.get(n, 0) < COPY_LIMIT]))
        main_deck = main_deck | {into: main_deck.get(into, 0) + 1}
        expected = ["E07"]
    assert sum(main_deck.values()) == (MAIN_DECK_SIZE + 1 if limit == "main deck" else MAIN_DECK_SIZE)
    assert [c for c in codes(deck(captain_deck, main_deck)) if c != "I01"] == expected


@settings(max_examples=100, deadline=None)
@given(st.integers(0, 20), st.integers(0, 3))
def test_a_text_limit_of_n_copies_rejects_exactly_n_plus_one(n: int, over: int) -> None:
    rule = {"kind": "MAY_INCLUDE_N", "n": n, "filter": {"self": True}}
    main = fire(101, 110) | {"TG01-113C": n + over}
    d = with_rules([rule], main)
    assert ("E09" in codes(d)) is (over > 0)


def test_the_draw_facts_follow_the_seed() -> None:
    rules = GBF.draw_rules
    # 5-2-1-5 (5 cards), 5-2-1-5-1/2 (any number to the bottom), 5-2-1-6 (5 armor): 40 left (§12.2 S01).
    assert MAIN_DECK_SIZE - rules.opening_hand - rules.set_aside_after_mulligan == 40
    assert rules.mulligan is Mulligan.BOTTOM_ANY
    # 6-2-5: 2 a turn, none on the first player's turn 1; 6-2-7: one crystal from the deck every turn.
    assert [rules.draws_on_turn(t, going_first=True) for t in (1, 2)] == [0, 2]
    assert [rules.draws_on_turn(t, going_first=False) for t in (1, 2)] == [2, 2]
    assert rules.set_aside_per_turn == 1
