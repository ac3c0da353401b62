"""`manage.py textcoverage GAME PATH`: the measure of a card list's text, from any file import_cards reads."""

import json
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command


def card_file(folder: Path, serial: str, name: str, abilities: list[str]) -> None:
    """One card in Richiealvian2/fftcg-data's shape (engine/tests/fixtures/import/fftcg_data)."""
    card = {"serial": serial, "opus": 21, "number": int(serial[3:6]), "name": name, "abilities": abilities,
            "power": 7000, "categories": ["ZZ"], "jobs": ["Squire"], "cost": 3, "elements": ["Fire"],
            "type": "Forward", "rarity": serial[-1], "isExBurst": False, "isMultiPlayable": False,
            "isSpecial": False}  # fmt: skip
    (folder / f"{serial}.json").write_text(json.dumps(card), encoding="utf-8")


@pytest.fixture
def cards(tmp_path: Path) -> Path:
    card_file(tmp_path, "21-001H", "Ember Page", [])
    card_file(tmp_path, "21-002R", "Ash Scout", ["When Ash Scout enters the field, draw 1 card."])
    card_file(
        tmp_path, "21-003C", "Cinder Guard", ["Choose 1 Forward opponent controls. Deal it 5000 damage."]
    )
    card_file(
        tmp_path,
        "21-004C",
        "Mist Page",
        # it must choose a Forward of yours, dulled and kept dull a turn more (an attack lost): unread
        ["When Mist Page enters the field, choose 1 Forward. Dull it and Freeze it."],
    )
    return tmp_path


def run(*args: str) -> tuple[int, str, str]:
    out, err = StringIO(), StringIO()
    try:
        call_command("textcoverage", *args, stdout=out, stderr=err)
        code = 0
    except SystemExit as e:
        code = int(e.code or 0)
    return code, out.getvalue(), err.getvalue()


def test_it_prints_the_shares_and_the_unread_shapes(cards: Path) -> None:
    code, out, _ = run("fftcg", str(cards))
    assert code == 0
    assert f"FINAL FANTASY TCG: 4 cards from {cards} (0 records not read)" in out
    assert "  played in full   50.0%  (2)\n" in out
    assert "  moot             25.0%  (1)\n" in out
    assert "  not played       25.0%  (1)\n" in out
    assert "  played or moot   75.0%  (3)\n" in out
    assert "The 1 most common unread shapes:\n" in out
    assert "      1  When NAME enters the field, choose N Forward. Dull it and Freeze it.\n" in out


def test_json_and_policy(cards: Path) -> None:
    code, out, _ = run("fftcg", str(cards), "--json", "--policy", "card_effects=false")
    data = json.loads(out)
    assert (data["cards"], data["played"], data["moot"], data["not_played"]) == (4, 1, 1, 2)
    assert data["played_share"] == 0.25 and data["records_not_read"] == 0
    assert [s["count"] for s in data["unread_shapes"]] == [1, 1]


def test_a_file_it_cannot_read_exits_2(tmp_path: Path) -> None:
    (tmp_path / "broken.json").write_text("{", encoding="utf-8")
    code, _, err = run("fftcg", str(tmp_path / "broken.json"))
    assert code == 2 and "not valid JSON" in err
    code, _, err = run("fftcg", str(tmp_path / "broken.json"), "--policy", "nonsense=1")
    assert code == 2 and "nonsense" in err
