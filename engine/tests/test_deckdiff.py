"""The difference of two versions of a deck's list (engine/deckdiff.py)."""

from __future__ import annotations

from engine.deckdiff import CardChange, diff


def test_added_removed_and_changed_cards_by_section_then_number() -> None:
    before = {"main": {"A-2": 3, "A-1": 2, "A-3": 1}, "lb": {"L-1": 1}}
    after = {"main": {"A-1": 3, "A-3": 1, "A-4": 2}, "lb": {}}
    assert diff(before, after, ("main", "lb")) == (
        CardChange("main", "A-1", 2, 3),
        CardChange("main", "A-2", 3, 0),
        CardChange("main", "A-4", 0, 2),
        CardChange("lb", "L-1", 1, 0),
    )
    assert [c.delta for c in diff(before, after, ("main", "lb"))] == [1, -3, 2, -1]


def test_the_same_list_has_no_changes_and_unknown_sections_come_last() -> None:
    cards = {"main": {"A-1": 2}}
    assert diff(cards, cards) == ()
    assert diff({}, {"side": {"S-1": 1}, "main": {"A-1": 1}}, ("main",)) == (
        CardChange("main", "A-1", 0, 1),
        CardChange("side", "S-1", 0, 1),
    )
