"""Fire Force deck construction: every case of §12.1 (docs/rules/fireforce.md), then properties.

Fixture cards are those of the §12.1 cases, all fictional, with the attributes it gives.
"""

from __future__ import annotations

import json
from collections import Counter
from collections.abc import Mapping, Sequence
from dataclasses import dataclass, field
from typing import Any

import pytest
from hypothesis import given, settings
from hypothesis import strategies as st

from engine import Card, Deck, DeckEntry, DeckFileError, load_deck
from engine.games.fireforce import FireForce
from engine.validation import Report

RULES = FireForce()


def unit(number: str, name: str, **fields: Any) -> Card:
    values: dict[str, Any] = {"cost": 2, "power": 3000, "colors": ("試験隊",)} | fields
    return Card(number=number, name=name, type="unit", **values)


CARDS: dict[str, Card] = {}
# Plain Units: no Flame, cost 2, power 3000, [試験隊], distinct names, no text.
for i in range(1, 26):
    CARDS[f"TU-{i:03}"] = unit(f"TU-{i:03}", f"試験隊員{i:02}")
# Parallel printing of card number TU-001 (the same card).
CARDS["TU-001/P"] = unit("TU-001/P", "試験隊員01")
# Same-name Units with different card numbers.
CARDS["TU-030"] = unit("TU-030", "同名隊員")
CARDS["TU-031"] = unit("TU-031", "同名隊員")
# Flame Units: has Flame, cost 1, power 2000, [火], no text.
for i in range(1, 11):
    CARDS[f"TF-{i:03}"] = unit(
        f"TF-{i:03}", f"火炎隊員{i:02}", cost=1, power=2000, colors=("火",), keywords=("has-flame",)
    )
# Events: cost 1, "draw 1 card".
for i in range(1, 6):
    CARDS[f"TE-{i:03}"] = Card(
        number=f"TE-{i:03}", name=f"試験指令{i:02}", type="event", cost=1, text="draw 1 card"
    )
# Counter Event: cost 0, its event ability starts with 【反撃】.
CARDS["TE-900"] = Card(number="TE-900", name="試験反撃", type="event", cost=0, text="【反撃】 draw 1 card")
# Flame cards (two different arts).
CARDS["TFL-01"] = Card(number="TFL-01", name="炎", type="flame", keywords=("has-flame",))
CARDS["TFL-02"] = Card(number="TFL-02", name="炎", type="flame", keywords=("has-flame",))
# "Any number" Unit: modelled deck rule.
ANY_NUMBER_TEXT = "このカードはデッキに何枚でも入れることができる"
CARDS["TX-001"] = unit(
    "TX-001",
    "無限隊員",
    text=ANY_NUMBER_TEXT,
    deck_rules=({"kind": "MAY_INCLUDE_ANY", "filter": {"self": True}, "text_ja": ANY_NUMBER_TEXT},),
)
# Unparsed Unit: deck-building text stored as UNPARSED.
UNPARSED_TEXT = "条件を満たすなら、このカードはデッキに4枚まで入れることができる"
CARDS["TX-002"] = unit(
    "TX-002", "謎隊員", text=UNPARSED_TEXT, deck_rules=({"kind": "UNPARSED", "text_ja": UNPARSED_TEXT},)
)


def each(prefix: str, first: int, last: int, count: int) -> dict[str, int]:
    """`count` copies of each of prefix-first ... prefix-last."""
    return {f"{prefix}-{i:03}": count for i in range(first, last + 1)}


def deck(main: Mapping[str, int], flame: Mapping[str, int] | None = None, fmt: str = "constructed") -> Deck:
    """A deck of fixture cards; the Flame deck defaults to 5x TFL-01."""
    flame = {"TFL-01": 5} if flame is None else flame
    sections = {
        "main": tuple(DeckEntry(n, c) for n, c in main.items() if c),
        "flame": tuple(DeckEntry(n, c) for n, c in flame.items() if c),
    }
    used = {e.card for entries in sections.values() for e in entries}
    return Deck(game="fireforce", format=fmt, sections=sections, cards={n: CARDS[n] for n in used})


def changed(base: Mapping[str, int], **delta: int) -> dict[str, int]:
    """`base` with counts added (negative: removed); keys use _ for - and __ for /."""
    out = dict(base)
    for key, d in delta.items():
        number = key.replace("__", "/").replace("_", "-")
        out[number] = out.get(number, 0) + d
    return out


V01 = each("TU", 1, 20, 2)  # 40
V19_POOL = {"TU-001": 4} | each("TU", 2, 25, 1) | each("TF", 1, 7, 1)  # 35, 4x TU-001
V23_POOL = each("TU", 1, 25, 1) | each("TF", 1, 10, 1)  # 35, 1x TU-001


def pool_of(counts: Mapping[str, int]) -> list[Card]:
    return [CARDS[n] for n, c in counts.items() for _ in range(c)]


@dataclass
class Case:
    id: str
    deck: Deck
    errors: list[str]
    warnings: list[str]
    pool: Sequence[Card] | None = None
    # (code, cards or None, a fragment of the message or None): what the case expects.
    details: list[tuple[str, tuple[str, ...] | None, str | None]] = field(default_factory=list)


CASES = [
    Case("V01", deck(V01), [], ["I01"]),
    Case("V02", deck(V01, {"TFL-01": 3, "TFL-02": 2}), [], ["I01"]),
    Case("V03", deck(changed(V01, TU_020=-1)), ["E01"], ["I01"], details=[("E01", (), "Add 1 more")]),
    Case("V04", deck(changed(V01, TU_021=1)), ["E02"], ["I01"], details=[("E02", (), "Remove 1")]),
    Case(
        "V05",
        deck(changed(V01, TU_020=-1, TU_001=1)),
        ["E04"],
        ["I01"],
        details=[("E04", ("TU-001",), "3 copies of card number TU-001")],
    ),
    Case(
        "V06",
        deck(changed(V01, TU_020=-1, TU_001__P=1)),
        ["E04"],
        ["I01"],
        details=[("E04", ("TU-001", "TU-001/P"), "3 copies of card number TU-001")],
    ),
    Case("V07", deck({"TU-030": 2, "TU-031": 2} | each("TU", 1, 18, 2)), [], ["I01"]),
    Case(
        "V08",
        deck(changed(V01, TU_020=-1, TFL_02=1)),
        ["E03"],
        ["I01"],
        details=[("E03", ("TFL-02",), "402.2b-1")],
    ),
    Case(
        "V09", deck(V01, {"TFL-01": 4, "TF-001": 1}), ["E05"], ["I01"], details=[("E05", ("TF-001",), None)]
    ),
    Case("V10", deck(V01, {"TFL-01": 4}), ["E06"], ["I01"], details=[("E06", (), "Add 1 more")]),
    Case("V11", deck(V01, {"TFL-01": 6}), ["E07"], ["I01"], details=[("E07", (), "Remove 1")]),
    Case(
        "V12",
        deck(V01, {}),
        ["E06"],
        ["I01"],
        details=[("E06", (), "has 0 cards"), ("E06", (), "Add 5 more")],
    ),
    Case("V13", deck(each("TF", 1, 10, 2) | each("TU", 1, 5, 2) | each("TE", 1, 5, 2)), [], ["I01"]),
    Case(
        "V14",
        deck(changed(V01, TU_019=-2, TU_020=-2, TE_900=2, TE_001=2)),
        [],
        ["I01", "I02"],
        details=[("I02", ("TE-900",), "TE-900")],
    ),
    Case("V15", deck(each("TU", 1, 18, 2) | {"TX-001": 4}), [], ["I01"]),
    Case(
        "V16",
        deck(each("TU", 1, 18, 2) | {"TX-002": 4}),
        ["E04"],
        ["W01", "I01"],
        details=[("E04", ("TX-002",), "4 copies"), ("W01", ("TX-002",), UNPARSED_TEXT)],
    ),
    Case(
        "V17",
        deck({"TU-001": 3} | each("TU", 2, 19, 2), {"TFL-01": 4}),
        ["E01", "E04", "E06"],
        ["I01"],
        details=[("E04", ("TU-001",), None)],
    ),
    Case("V18", deck(V01, fmt=""), ["E11"], ["I01"], details=[("E11", (), "Choose a format")]),
    Case("V19", deck(V19_POOL, fmt="blitz-shield"), [], ["I01"], pool=pool_of(V19_POOL)),
    Case("V20", deck(V19_POOL, fmt="blitz-shield"), [], ["W02", "I01"]),
    Case("V21", deck(changed(V19_POOL, TU_025=-1), fmt="blitz-shield"), ["E08"], ["W02", "I01"]),
    Case(
        "V22",
        deck(changed(V19_POOL, TU_025=-1), fmt="blitz-shield"),
        ["E08", "E10"],
        ["I01"],
        pool=pool_of(V19_POOL),
        details=[("E10", ("TU-025",), "TU-025")],
    ),
    Case(
        "V23",
        deck(changed(V23_POOL, TU_025=-1, TU_001=1), fmt="blitz-shield"),
        ["E09", "E10"],
        ["I01"],
        pool=pool_of(V23_POOL),
        details=[("E09", ("TU-001",), "uses 2 of TU-001"), ("E10", ("TU-025",), "TU-025")],
    ),
    Case(
        "V24", deck(V01, fmt="blitz-shield"), ["E08"], ["W02", "I01"], details=[("E08", (), "has 40 cards")]
    ),
]


@pytest.mark.parametrize("case", CASES, ids=[c.id for c in CASES])
def test_it_reports_exactly_the_codes_of_spec_12_1(case: Case) -> None:
    report = RULES.validate(case.deck, pool=case.pool)
    assert report.legal is (not case.errors)
    assert sorted(v.code for v in report.violations) == sorted(case.errors)
    assert sorted(w.code for w in report.warnings) == sorted(case.warnings)
    for code, cards, fragment in case.details:
        (problem,) = [p for p in (*report.violations, *report.warnings) if p.code == code]
        if cards is not None:
            assert problem.cards == cards
        if fragment is not None:
            assert fragment in problem.message


def test_v18_a_deck_file_without_a_format_is_constructed() -> None:
    # docs/deck-file.md: "Missing means the game's first format", so the reader never hands over E11's case.
    data = deck(V01).to_dict()
    del data["format"]
    loaded = load_deck(data)
    assert loaded.format == "constructed"
    assert RULES.validate(loaded).legal is True


def test_every_error_names_its_rule_and_what_to_do() -> None:
    report = RULES.validate(
        deck({"TU-001": 3, "TFL-02": 2} | each("TU", 2, 19, 2), {"TFL-01": 6, "TF-001": 1})
    )
    assert sorted(v.code for v in report.violations) == ["E02", "E03", "E04", "E05", "E07"]
    for v in report.violations:
        assert f"rule {v.rule.split(';')[0]}" in v.message or f"rules {v.rule.split(';')[0]}" in v.message
        assert any(verb in v.message for verb in ("Add", "Remove", "Move", "Put"))


def test_a_flame_card_in_a_blitz_deck_cites_the_blitz_rule() -> None:
    report = RULES.validate(deck(changed(V19_POOL, TU_025=-1, TFL_02=1), fmt="blitz-shield"))
    (e03,) = report.violations
    assert e03.code == "E03"
    assert e03.rule == "402.1; 402.2a-1"
    assert "402.2a-1" in e03.message


def test_the_subset_reading_of_oq2_allows_a_smaller_blitz_deck() -> None:
    subset = FireForce(blitz_whole_pool=False)
    smaller = deck(changed(V19_POOL, TU_025=-1), fmt="blitz-shield")
    assert subset.validate(smaller, pool=pool_of(V19_POOL)).legal is True
    larger = deck(changed(V19_POOL, TU_021=1), fmt="blitz-shield")
    assert [v.code for v in subset.validate(larger).violations] == ["E08"]


def test_a_card_limit_of_n_printed_on_a_card_replaces_two() -> None:
    three = unit(
        "TX-003", "三枚隊員", deck_rules=({"kind": "MAY_INCLUDE_N", "n": 3, "filter": {"self": True}},)
    )
    cards = {**CARDS, "TX-003": three}
    sections = {
        "main": (*(DeckEntry(n, 2) for n in each("TU", 1, 18, 1)), DeckEntry("TX-003", 4)),
        "flame": (DeckEntry("TFL-01", 5),),
    }
    report = RULES.validate(Deck("fireforce", "constructed", sections, cards))
    (e04,) = report.violations
    assert (e04.code, e04.cards) == ("E04", ("TX-003",))
    assert "at most 3" in e04.message


def test_cannot_include_and_can_include_only_are_enforced() -> None:
    purist = unit(
        "TX-004", "純血隊員", deck_rules=({"kind": "CAN_INCLUDE_ONLY", "filter": {"attribute": "試験隊"}},)
    )
    hater = unit(
        "TX-005", "反炎隊員", deck_rules=({"kind": "CANNOT_INCLUDE", "filter": {"card_type": "event"}},)
    )
    cards = {**CARDS, "TX-004": purist, "TX-005": hater}
    main = {"TX-004": 1, "TX-005": 1, "TF-001": 2, "TE-001": 2} | each("TU", 1, 17, 2)
    sections = {"main": tuple(DeckEntry(n, c) for n, c in main.items()), "flame": (DeckEntry("TFL-01", 5),)}
    report = RULES.validate(Deck("fireforce", "constructed", sections, cards))
    found = sorted((v.code, v.cards) for v in report.violations)
    # TF-001 ([火]) and TE-001 are not [試験隊]; TE-001 is an Event. TX-005 itself is [試験隊].
    assert found == [
        ("E12", ("TX-004", "TE-001")),
        ("E12", ("TX-004", "TF-001")),
        ("E12", ("TX-005", "TE-001")),
    ]


def test_a_deck_rule_it_cannot_read_is_a_warning_not_an_error() -> None:
    odd = unit(
        "TX-006", "奇妙隊員", deck_rules=({"kind": "MAY_INCLUDE_N", "n": "three", "filter": {"self": 1}},)
    )
    cards = {**CARDS, "TX-006": odd}
    sections = {
        "main": (*(DeckEntry(n, 2) for n in each("TU", 1, 19, 1)), DeckEntry("TX-006", 2)),
        "flame": (DeckEntry("TFL-01", 5),),
    }
    report = RULES.validate(Deck("fireforce", "constructed", sections, cards))
    assert report.legal is True
    assert [w.code for w in report.warnings] == ["W01", "I01"]
    assert "TX-006" in report.warnings[0].message


def test_base_number_joins_printings() -> None:
    assert RULES.base_number("TU-001/P") == "TU-001"
    assert RULES.base_number(" tu-001 ") == "TU-001"


def test_a_report_round_trips_to_json() -> None:
    report: Report = RULES.validate(deck(V01), pool=None)
    assert json.loads(json.dumps(report.to_dict()))["legal"] is True


# Properties (hypothesis): the validator never raises, swaps keep a legal deck legal, and one copy over
# a limit is always reported with its code.

NUMBERS = ["A-1", "A-1/P", "a-1", "B-2", "C-3", "D-4", "E-5", "/X", " F-6 "]
numbers = st.sampled_from(NUMBERS)
KINDS = ("MAY_INCLUDE_N", "MAY_INCLUDE_ANY", "CANNOT_INCLUDE", "CAN_INCLUDE_ONLY", "UNPARSED")
json_values = st.recursive(
    st.none() | st.booleans() | st.integers(-3, 120) | st.text(max_size=6),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=8,
)
filters = st.recursive(
    st.fixed_dictionaries({"self": st.booleans()})
    | st.fixed_dictionaries({"name": st.sampled_from(["同名隊員", "x"]) | json_values})
    | st.fixed_dictionaries({"attribute": st.sampled_from(["試験隊", "火"]) | json_values})
    | st.fixed_dictionaries({"card_type": st.sampled_from(["unit", "EVENT", "flame"]) | json_values})
    | json_values,
    lambda inner: st.fixed_dictionaries({"and": st.lists(inner, max_size=3)}),
    max_leaves=6,
)
deck_rules = st.fixed_dictionaries(
    {"kind": st.sampled_from(KINDS) | st.text(max_size=4)},
    optional={"n": json_values, "filter": filters, "text_ja": json_values},
)
cards = st.builds(
    Card,
    number=numbers,
    name=st.text(max_size=6),
    type=st.sampled_from(["unit", "event", "flame"]) | st.text(max_size=5),
    colors=st.lists(st.sampled_from(["試験隊", "火"]) | st.text(max_size=3), max_size=2).map(tuple),
    keywords=st.lists(st.sampled_from(["has-flame", "assault", "counter"]), max_size=2).map(tuple),
    text=st.sampled_from(["", "【反撃】 draw 1 card", "draw 1\n[Counter] x"]) | st.text(max_size=8),
    deck_rules=st.lists(deck_rules, max_size=2).map(tuple),
)


@st.composite
def arbitrary_decks(draw: st.DrawFn) -> tuple[Deck, list[Card] | None]:
    card_list = draw(st.lists(cards, min_size=1, max_size=8, unique_by=lambda c: c.number))
    by_number = {c.number: c for c in card_list}
    entry = st.builds(DeckEntry, st.sampled_from(sorted(by_number)), st.integers(0, 99))
    sections = {
        s: tuple(draw(st.lists(entry, max_size=6))) for s in draw(st.sets(st.sampled_from(["main", "flame"])))
    }
    fmt = draw(st.sampled_from(["constructed", "blitz-shield", ""]))
    pool = draw(st.none() | st.lists(st.sampled_from(card_list), max_size=40))
    return Deck("fireforce", fmt, sections, by_number), pool


@settings(max_examples=120, deadline=None)
@given(arbitrary_decks())
def test_it_never_raises_on_an_arbitrary_deck(deck_and_pool: tuple[Deck, list[Card] | None]) -> None:
    deck, pool = deck_and_pool
    report = RULES.validate(deck, pool=pool)
    assert report.legal is (not report.violations)
    assert {w.severity for w in report.warnings} <= {"warning", "info"}


# Card objects that read (name and type present, fields of the right kind), and ones that may not.
good_card_fields = st.fixed_dictionaries(
    {"name": st.text(max_size=5), "type": st.sampled_from(["unit", "event", "flame"]) | st.text(max_size=4)},
    optional={
        "colors": st.lists(st.sampled_from(["試験隊", "火"]), max_size=2),
        "cost": st.integers(0, 9),
        "keywords": st.lists(st.sampled_from(["has-flame", "assault", "counter"]), max_size=2),
        "text": st.sampled_from(["【反撃】 x", "draw 1"]),
        "support_power": st.integers(0, 3000),
        "deck_rules": st.lists(deck_rules, max_size=2),
    },
)
card_fields = good_card_fields | st.dictionaries(
    st.sampled_from(["name", "type", "colors", "cost", "keywords", "deck_rules", "support_power"]),
    json_values,
    max_size=4,
)
deck_entries = st.fixed_dictionaries({"card": numbers, "count": st.integers(1, 12)}) | st.fixed_dictionaries(
    {"card": numbers | json_values, "count": st.integers(-1, 120) | json_values}
)
readable_sections = st.dictionaries(st.sampled_from(["main", "flame"]), st.lists(deck_entries, max_size=6))
every_card = st.fixed_dictionaries(dict.fromkeys(NUMBERS, good_card_fields))
optional_keys = {
    "format": st.sampled_from(["constructed", "blitz-shield", ""]) | json_values,
    "name": st.text(max_size=5) | json_values,
}
# Half the files are well formed where it counts (so many load); the other half may be wrong anywhere.
deck_files = st.fixed_dictionaries(
    {"game": st.just("fireforce"), "sections": readable_sections, "cards": every_card}, optional=optional_keys
) | st.fixed_dictionaries(
    {
        "game": st.just("fireforce") | json_values,
        "sections": readable_sections
        | st.dictionaries(st.sampled_from(["main", "flame", "lb"]) | st.text(max_size=3), json_values)
        | json_values,
        "cards": every_card | st.dictionaries(numbers, card_fields | json_values, max_size=5) | json_values,
    },
    optional=optional_keys,
)


@settings(max_examples=120, deadline=None)
@given(deck_files)
def test_a_deck_file_either_fails_to_load_or_validates(data: dict[str, Any]) -> None:
    try:
        loaded = load_deck(data)
    except DeckFileError:
        return
    report = RULES.validate(loaded)
    assert report.legal is (not report.violations)


# The fixture cards a legal deck may hold any of: every Unit and Event but the Counter and text ones.
DECK_CARDS = sorted(
    n
    for n, c in CARDS.items()
    if c.type in ("unit", "event") and not c.text.startswith(("【", "こ", "条")) and "/" not in n
)
FLAME_CARDS = ["TFL-01", "TFL-02"]


@st.composite
def legal_constructed(draw: st.DrawFn) -> tuple[dict[str, int], dict[str, int]]:
    """40 cards, 20 to 39 card numbers (so one has 2 copies), 1 or 2 of each; 5 Flame cards."""
    chosen = draw(st.lists(st.sampled_from(DECK_CARDS), min_size=20, max_size=39, unique=True))
    main = {n: 2 if i < 40 - len(chosen) else 1 for i, n in enumerate(chosen)}
    first = draw(st.integers(0, 5))
    return main, {"TFL-01": first, "TFL-02": 5 - first}


@settings(max_examples=150, deadline=None)
@given(legal_constructed(), st.data())
def test_a_legal_deck_stays_legal_when_one_card_is_swapped(
    legal: tuple[dict[str, int], dict[str, int]], data: st.DataObject
) -> None:
    main, flame = legal
    assert RULES.validate(deck(main, flame)).legal is True
    out = data.draw(st.sampled_from(sorted(main)))
    into = data.draw(st.sampled_from([n for n in DECK_CARDS if n != out and main.get(n, 0) < 2]))
    swapped = {**main, out: main[out] - 1, into: main.get(into, 0) + 1}
    assert RULES.validate(deck(swapped, flame)).legal is True
    flame_out = data.draw(st.sampled_from([n for n, c in flame.items() if c]))
    other = "TFL-02" if flame_out == "TFL-01" else "TFL-01"
    assert (
        RULES.validate(deck(main, {flame_out: flame[flame_out] - 1, other: flame[other] + 1})).legal is True
    )


@settings(max_examples=150, deadline=None)
@given(st.lists(st.sampled_from(DECK_CARDS), min_size=35, max_size=35), st.data())
def test_a_blitz_deck_stays_legal_when_one_card_is_swapped(chosen: list[str], data: st.DataObject) -> None:
    main = dict(Counter(chosen))
    assert RULES.validate(deck(main, fmt="blitz-shield")).legal is True
    out, into = data.draw(st.sampled_from(sorted(main))), data.draw(st.sampled_from(DECK_CARDS))
    swapped = dict(Counter({**main, out: main[out] - 1}) + Counter({into: 1}))
    assert RULES.validate(deck(swapped, fmt="blitz-shield")).legal is True


@settings(max_examples=150, deadline=None)
@given(legal_constructed(), st.data())
def test_one_copy_over_a_limit_is_reported_with_its_code(
    legal: tuple[dict[str, int], dict[str, int]], data: st.DataObject
) -> None:
    main, flame = legal

    def codes(main: dict[str, int], flame: dict[str, int], fmt: str = "constructed") -> list[str]:
        return sorted(v.code for v in RULES.validate(deck(main, flame, fmt)).violations)

    # 402.2b-3: a third copy, in place of another card (E04 alone) or on top (E04 and E02).
    doubled = data.draw(st.sampled_from([n for n, c in main.items() if c == 2]))
    single = [n for n in main if n != doubled]
    other = data.draw(st.sampled_from(single))
    assert codes({**main, doubled: 3, other: main[other] - 1}, flame) == ["E04"]
    assert codes({**main, doubled: 3}, flame) == ["E02", "E04"]
    # 402.2b-2: a 41st card of a number held once (or a new one).
    under_limit = [n for n in DECK_CARDS if main.get(n, 0) < 2]
    extra = data.draw(st.sampled_from(under_limit))
    assert codes({**main, extra: main.get(extra, 0) + 1}, flame) == ["E02"]
    # 403.1a-2: a 6th Flame card.
    assert codes(main, {**flame, "TFL-01": flame["TFL-01"] + 1}) == ["E07"]
    # 402.2a-1: a 36th card in Blitz Shield, where copies are free.
    blitz = dict(Counter(data.draw(st.lists(st.sampled_from(DECK_CARDS), min_size=36, max_size=36))))
    assert codes(blitz, flame, "blitz-shield") == ["E08"]
