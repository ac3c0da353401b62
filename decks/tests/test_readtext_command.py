"""`manage.py readtext GAME "TEXT" [--name NAME] [--json]` (docs/deck-file.md, "Card effects")."""

import json
from io import StringIO

from django.core.management import call_command


def run(*args: str) -> tuple[int, str, str]:
    out, err = StringIO(), StringIO()
    try:
        call_command("readtext", *args, stdout=out, stderr=err)
        code = 0
    except SystemExit as e:
        code = int(e.code or 0)
    return code, out.getvalue(), err.getvalue()


def test_json_gives_the_effects_and_the_unread_parts() -> None:
    text = (
        "When Mog enters the field, draw 2 cards.\nWhen Mog attacks, choose 1 Forward. Dull it and Freeze it."
    )
    code, out, _ = run("fftcg", text, "--json")
    assert code == 0
    assert json.loads(out) == {
        "effects": [{"when": "enters", "do": "draw", "n": 2}],
        "unread": ["When Mog attacks, choose 1 Forward. Dull it and Freeze it."],  # read whole or not
    }


def test_the_name_option_says_which_card_the_text_is_about() -> None:
    _, out, _ = run("fftcg", "When Kupo enters the field, draw 1 card.", "--name", "Mog", "--json")
    assert json.loads(out)["effects"] == []  # a trigger of another card
    _, out, _ = run("fftcg", "When Kupo enters the field, draw 1 card.", "--name", "Kupo")
    assert out.strip() == 'effect: {"when": "enters", "do": "draw", "n": 1}'


def test_without_a_name_a_condition_is_not_taken_for_the_cards_name() -> None:
    # issue 32: the guess took "If you control 3 or more Backups, Dessa" for the name and read an
    # unconditional Haste; another card's trigger ("When a Forward enters") is no name either.
    for text in (
        "If you control 3 or more Backups, Kupo Marrow gains Haste.",
        "When a Forward enters the field, draw 1 card.",
        "When Kupo or a Job Moogle enters the field, draw 1 card.",
    ):
        _, out, _ = run("fftcg", text, "--json")
        assert json.loads(out) == {"effects": [], "unread": [text]}


def test_an_unknown_game_is_a_clear_error() -> None:
    code, out, err = run("magic", "Draw a card.")
    assert code == 2 and out == "" and "Unknown game 'magic'" in err


def test_every_game_has_a_reader() -> None:
    for game, text, effect in [
        ("gbf", "登場時:カードを1枚引く。", {"when": "enters", "do": "draw", "n": 1}),
        (
            "fireforce",
            "[On Deploy] Deal 1 damage to your opponent.",
            {"when": "enters", "do": "damage", "n": 1},
        ),
        ("dbsfw", "【When Attacking】Draw 1 card.", {"when": "attacks", "do": "draw", "n": 1}),
    ]:
        code, out, _ = run(game, text, "--json")
        assert code == 0 and json.loads(out)["effects"] == [effect]
