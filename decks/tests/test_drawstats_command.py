"""`manage.py drawstats` (docs/deck-file.md) on deck files that carry their cards."""

import json
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command

# A deck naming a card the file does not carry is looked up in the card table.
pytestmark = pytest.mark.django_db


def write_deck(tmp_path: Path, main: dict[str, int]) -> Path:
    deck = {
        "game": "fftcg",
        "sections": {"main": [{"card": n, "count": c} for n, c in main.items()]},
        "cards": {n: {"name": n, "type": "forward", "colors": ["fire"], "cost": 2} for n in main},
    }
    path = tmp_path / "deck.json"
    path.write_text(json.dumps(deck))
    return path


@pytest.fixture
def fifty(tmp_path: Path) -> Path:
    # 3 copies of 1-001H among 50 cards: 15 other numbers x 3 + 2.
    main = {"1-001H": 3} | {f"1-{i:03}C": 3 for i in range(2, 17)} | {"1-017C": 2}
    return write_deck(tmp_path, main)


def run(*args: str) -> tuple[int, str, str]:
    out, err = StringIO(), StringIO()
    try:
        call_command("drawstats", *args, stdout=out, stderr=err)
        code = 0
    except SystemExit as e:
        code = int(e.code or 0)
    return code, out.getvalue(), err.getvalue()


def test_it_prints_a_table_of_percentages(fifty: Path) -> None:
    code, out, _ = run(str(fifty), "--cards", "1-001H")
    assert code == 0
    # 1 - C(47,5)/C(50,5) = 541/1960 = 27.60 %; 6 cards going first: 1 - 13244/19600 = 32.43 %.
    assert "   0       27.60%" in out and "   1       32.43%" in out
    assert "   5  " in out and "   6  " not in out


def test_it_prints_json_with_the_fftcg_mulligan(fifty: Path) -> None:
    code, out, _ = run(str(fifty), "--cards", "1-001H", "--mulligan", "if-missing", "--turns", "1", "--json")
    assert code == 0
    rows = json.loads(out)["probabilities"]
    # Spec 12.2 S21/S23: 1 - 9880/19600 and 1 - 9139/19600 (the hand goes to the bottom, no shuffle).
    assert [r["turn"] for r in rows] == [0, 1]
    assert rows[0]["p"] == pytest.approx(1 - 9880 / 19600) and rows[1]["p"] == pytest.approx(1 - 9139 / 19600)


def test_copies_of_the_named_cards_count_together(fifty: Path) -> None:
    code, out, _ = run(
        str(fifty), "--cards", "1-001H,1-017C", "--at-least", "5", "--going", "second", "--json"
    )
    assert code == 0
    assert json.loads(out)["probabilities"][0]["p"] == pytest.approx(1 / 2118760)  # all 5 in C(50,5) hands


def test_a_card_not_in_the_main_deck_is_an_error(fifty: Path) -> None:
    code, out, err = run(str(fifty), "--cards", "1-001H,9-999X")
    assert code == 2 and out == ""
    assert "9-999X" in err


def test_an_unreadable_file_exits_2(tmp_path: Path) -> None:
    code, _, err = run(str(tmp_path / "missing.json"), "--cards", "1-001H")
    assert code == 2 and "Cannot read" in err
    bad = tmp_path / "bad.json"
    bad.write_text("{")
    code, _, err = run(str(bad), "--cards", "1-001H")
    assert code == 2 and "Cannot read" in err


def test_turns_are_capped_with_a_message(fifty: Path) -> None:
    code, out, err = run(str(fifty), "--cards", "1-001H", "--turns", "1000000")
    assert code == 2 and out == ""
    assert "--turns can be at most 60: by then every deck has been drawn out." in err
    assert run(str(fifty), "--cards", "1-001H", "--turns", "60")[0] == 0
