"""`manage.py goldfish` (formats/deck-file.md) on deck files that carry their cards."""

import json
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command

from engine import goldfish

pytestmark = pytest.mark.django_db


def write_deck(tmp_path: Path, game: str = "fftcg", **card_fields) -> Path:
    """VF2 of rules/fftcg.md §12.2: 50 vanilla Fire Forwards of cost 2 with the generic icon."""
    main = {f"T1-{i:03}C": 3 for i in range(1, 17)} | {"T1-017C": 2}
    fields = {"type": "forward", "colors": ["fire"], "cost": 2, "keywords": ["multi-playable"]} | card_fields
    deck = {
        "game": game,
        "sections": {"main": [{"card": n, "count": c} for n, c in main.items()]},
        "cards": {n: {"name": n} | fields for n in main},
    }
    path = tmp_path / "deck.json"
    path.write_text(json.dumps(deck))
    return path


def run(*args: str) -> tuple[int, str, str]:
    out, err = StringIO(), StringIO()
    try:
        call_command("goldfish", *args, stdout=out, stderr=err)
        code = 0
    except SystemExit as e:
        code = int(e.code or 0)
    return code, out.getvalue(), err.getvalue()


def test_it_prints_the_kill_turn_table(tmp_path: Path) -> None:
    code, out, _ = run(str(write_deck(tmp_path)), "--games", "200", "--seed", "4")
    assert code == 0
    # §12.2 S05: VF2 always wins on own turn 3
    assert "   3     200  100.0%      100.0%" in out
    assert "no kill: 0" in out
    assert "mean kill turn: 3.00" in out


def test_it_prints_json_and_replays_from_the_seed(tmp_path: Path) -> None:
    path = str(write_deck(tmp_path, keywords=["haste", "multi-playable"]))
    code, out, _ = run(path, "--games", "300", "--seed", "9", "--going", "second", "--json")
    assert code == 0
    data = json.loads(out)
    # §12.2 S06: VH2 wins on own turn 2
    assert data["games"] == 300 and data["kill_turns"] == {"2": 300} and data["no_kill"] == 0
    assert data["mean_kill_turn"] == 2.0 and data["seed"] == 9 and data["going"] == "second"
    assert run(path, "--games", "300", "--seed", "9", "--going", "second", "--json")[1] == out


def test_it_takes_opponent_and_policy_parameters(tmp_path: Path) -> None:
    path = str(write_deck(tmp_path, cost=3))
    # §12.2 S07: VF3 wins on own turn 4; an opponent at threshold 4 loses on own turn 3
    code, out, _ = run(
        path, "--games", "50", "--json", "--opponent", "opp_damage_threshold=4", "--policy", "backup_turns=0"
    )
    assert code == 0
    assert json.loads(out)["kill_turns"] == {"3": 50}


@pytest.mark.parametrize(
    ("args", "message"),
    [
        (["--opponent", "armor=3"], "Unknown opponent parameter 'armor'"),
        (["--policy", "backup_turns=soon"], "backup_turns must be a whole number, not 'soon'."),
        (["--games", "0"], "--games must be at least 1."),
    ],
)
def test_it_exits_2_on_a_bad_parameter(tmp_path: Path, args, message) -> None:
    extra = [] if "--games" in args else ["--games", "10"]
    code, _, err = run(str(write_deck(tmp_path)), *extra, *args)
    assert code == 2
    assert message in err


def test_it_exits_2_on_an_unreadable_file(tmp_path: Path) -> None:
    code, _, err = run(str(tmp_path / "missing.json"), "--games", "10")
    assert code == 2
    assert "Cannot read" in err


def test_it_exits_2_for_a_game_without_a_simulator(tmp_path: Path, monkeypatch: pytest.MonkeyPatch) -> None:
    monkeypatch.delitem(goldfish.SIMULATORS, "gbf", raising=False)
    deck = {"game": "gbf", "sections": {"main": []}, "cards": {}}
    path = tmp_path / "gbf.json"
    path.write_text(json.dumps(deck))
    code, _, err = run(str(path), "--games", "10")
    assert code == 2
    assert "no goldfish simulator for gbf yet" in err
