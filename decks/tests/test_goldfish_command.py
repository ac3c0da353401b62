"""`manage.py goldfish` (docs/deck-file.md) on deck files that carry their cards."""

import json
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command

from engine import goldfish

pytestmark = pytest.mark.django_db


def write_deck(tmp_path: Path, game: str = "fftcg", **card_fields) -> Path:
    """VF2 of docs/rules/fftcg.md §12.2: 50 vanilla Fire Forwards of cost 2 with the generic icon."""
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
        (["--games", "0"], "--games must be from 1 to"),
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


def sample_deck_file(tmp_path: Path, game: str, change=None) -> Path:
    """A game's sample deck as a deck file carrying its cards, changed by `change(deck file)` first."""
    from engine.samples import SAMPLES, sample_card_set

    data = json.loads((SAMPLES / f"{game}-deck.json").read_text())
    data["cards"] = sample_card_set(game)["cards"]
    if change is not None:
        change(data)
    path = tmp_path / f"{game}.json"
    path.write_text(json.dumps(data))
    return path


def first_main_card(data: dict) -> dict:
    return data["cards"][data["sections"]["main"][0]["card"]]


def set_captain_ranks(data: dict, rank: int) -> None:
    for entry in data["sections"]["captain"]:
        data["cards"][entry["card"]]["rank"] = rank


BAD_RUNS = [
    ("dbsfw", lambda d: d["sections"].pop("leader"), [], "exactly one Leader card"),
    ("dbsfw", lambda d: d["sections"].update(leader=[d["sections"]["main"][0]]), [], "exactly one Leader"),
    ("dbsfw", lambda d: d["sections"]["main"].append(d["sections"]["leader"][0]), [], "cannot be in the"),
    ("dbsfw", lambda d: first_main_card(d).update(colors=["purple"]), [], "unknown color 'purple'"),
    ("fftcg", lambda d: first_main_card(d).update(colors=["plasma"]), [], "unknown element 'plasma'"),
    ("fftcg", lambda d: first_main_card(d).update(cost=2**63), [], "is not a printed cost"),
    ("gbf", lambda d: set_captain_ranks(d, 1), [], "no rank-0 captain"),
    ("fftcg", None, ["--opponent", f"max_own_turns={2**63}"], "max_own_turns must be at most 200"),
    ("fftcg", None, ["--opponent", f"opp_main_deck_size={2**63}"], "opp_main_deck_size must be at most"),
    ("fftcg", None, ["--policy", f"hand_limit={2**63}"], "hand_limit must be at most 1,000"),
    ("gbf", None, ["--opponent", "p_crew=2"], "p_crew must be at most 1, not 2.0."),
    ("gbf", None, ["--opponent", "opp_hp_schedule=abc"], "opp_hp_schedule must be whole numbers"),
    ("gbf", None, ["--opponent", f"opp_armor={10**20}"], "opp_armor must be at most 1,000"),
]


@pytest.mark.parametrize(("game", "change", "args", "message"), BAD_RUNS)
def test_a_deck_or_setting_the_goldfish_cannot_play_exits_2_with_a_message(
    tmp_path: Path, game, change, args, message
) -> None:
    code, out, err = run(str(sample_deck_file(tmp_path, game, change)), "--games", "10", *args)
    assert code == 2, out
    assert message in err
    assert "Traceback" not in err + out


def test_games_are_capped_as_in_the_web_app(tmp_path: Path, settings) -> None:
    settings.GOLDFISH_MAX_GAMES = 1000
    code, _, err = run(str(write_deck(tmp_path)), "--games", "1001")
    assert code == 2
    assert "--games must be from 1 to 1,000 (GOLDFISH_MAX_GAMES)." in err


def test_the_result_states_the_opponent_and_policy_in_force(tmp_path: Path) -> None:
    code, out, _ = run(str(sample_deck_file(tmp_path, "gbf")), "--games", "20", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["opponent"]["opp_captain_hp"] == 4  # 0 means "as your starting captain": the sample's has 4
    assert data["opponent"]["opp_armor"] == 5
    assert data["policy"]["redraw"] == "default"
    assert data["max_turns"] == 20
    assert data["deck_legality"]["legal"] is True
    code, out, _ = run(str(sample_deck_file(tmp_path, "fftcg")), "--games", "20")
    assert "opponent (does nothing): opp_damage_threshold=7, opp_main_deck_size=50, opp_draws=True" in out


def test_the_result_names_the_card_text_it_did_not_play(tmp_path: Path) -> None:
    text = "Choose 1 Forward you control. It gains Haste until the end of the turn."  # not read
    code, out, _ = run(str(write_deck(tmp_path, text=text)), "--games", "20")
    assert "card text played in full: 0% of the deck's cards;" in out
    assert f"  3x T1-001C T1-001C: {text}" in out and "  2x T1-017C T1-017C:" in out
    data = json.loads(run(str(write_deck(tmp_path, text=text)), "--games", "20", "--json")[1])
    assert data["card_text"]["played_share"] == 0
    assert data["card_text"]["not_played"][0] == {
        "number": "T1-001C",
        "name": "T1-001C",
        "copies": 3,
        "text": text,
    }
    code, out, _ = run(str(write_deck(tmp_path)), "--games", "20", "--json")
    assert json.loads(out)["card_text"] == {"played_share": 1.0, "not_played": [], "moot": []}


def test_the_json_gives_the_documented_unplayed_and_played_share(tmp_path: Path) -> None:
    """docs/deck-file.md: top-level `unplayed` [{"card", "copies", "text"}] and `played_share`, the share
    of the deck's copies whose whole text is played: here 3 of 50 copies hold unread text, so 47/50."""
    unread = "Choose 1 Forward you control. It gains Haste until the end of the turn."
    path = write_deck(tmp_path)
    deck = json.loads(path.read_text())
    deck["cards"]["T1-001C"]["text"] = unread
    path.write_text(json.dumps(deck))
    code, out, _ = run(str(path), "--games", "20", "--json")
    assert code == 0
    data = json.loads(out)
    assert data["unplayed"] == [{"card": "T1-001C", "copies": 3, "text": unread}]
    assert data["played_share"] == 0.94
    assert data["card_text"]["played_share"] == 0.94  # the older key stays


def test_an_illegal_deck_is_played_as_it_is_and_the_command_says_so(tmp_path: Path) -> None:
    path = str(sample_deck_file(tmp_path, "fireforce", lambda d: d["sections"].pop("flame")))
    code, out, err = run(path, "--games", "20")
    assert code == 0
    assert "This deck is not legal; the games played it as it is:" in err
    assert "Your Flame deck has 0 cards." in err
    code, out, _ = run(path, "--games", "20", "--json")
    assert json.loads(out)["deck_legality"]["legal"] is False
