"""Card numbers fold case: a copy limit counts T1-001c and T1-001C, or FB01-001_P1 and FB01-001, together."""

import pytest

from engine import Card, Deck, DeckEntry
from engine.games import GAMES


@pytest.mark.parametrize(
    ("game", "one", "other", "base"),
    [
        ("fftcg", "T1-001c", "T1-001C", "T1-001"),
        ("fftcg", "16-015h", "16-015H-FOIL", "16-015"),
        ("dbsfw", "fb01-001_P1", "FB01-001", "FB01-001"),
        ("gbf", "tg01-101c", "TG01-101G", "TG01-101"),
        ("fireforce", "tu-001", "TU-001/P", "TU-001"),
    ],
)
def test_base_numbers_fold_case(game, one, other, base) -> None:
    rules = GAMES[game]
    assert rules.base_number(one) == rules.base_number(other) == base


def test_two_plus_two_copies_under_two_cases_break_the_fftcg_limit_of_three() -> None:
    forward = {"type": "forward", "colors": ("fire",), "cost": 2, "power": 5000}
    cards = {n: Card(n, "Twin Blade", **forward) for n in ("T1-001c", "T1-001C")}
    filler = {f"T9-{i:03}C": Card(f"T9-{i:03}C", f"Filler {i}", **forward) for i in range(1, 16)}
    main = (DeckEntry("T1-001c", 2), DeckEntry("T1-001C", 2), *(DeckEntry(n, 3) for n in filler))
    deck = Deck("fftcg", "constructed", {"main": main[:2] + main[2:-1]}, {**cards, **filler})
    report = GAMES["fftcg"].validate(deck)
    assert any("T1-001" in v.message and v.code.startswith("E") for v in report.violations), [
        v.message for v in report.violations
    ]
