"""`manage.py checkdeck FILE [--json]` (docs/deck-file.md): exit 0 legal, 1 not legal, 2 unreadable."""

import json
from datetime import date
from io import StringIO
from pathlib import Path

import pytest
from django.core.management import call_command
from django.db import OperationalError

from decks.models import BanList, BanListEntry, Card, Game
from engine.samples import SAMPLES

pytestmark = pytest.mark.django_db


def run(*args: str) -> tuple[int, str, str]:
    out, err = StringIO(), StringIO()
    try:
        call_command("checkdeck", *args, stdout=out, stderr=err)
        code = 0
    except SystemExit as e:
        code = int(e.code or 0)
    return code, out.getvalue(), err.getvalue()


def fftcg_file(tmp_path: Path, main: dict[str, int], lb: dict[str, int] | None = None) -> Path:
    cards = {
        n: {"name": f"Card {n}", "type": "forward", "colors": ["fire"], "cost": 2, "power": 5000}
        for n in main
    }
    for n in lb or {}:
        cards[n] = {"name": f"LB {n}", "type": "forward", "colors": ["fire"], "cost": 5, "power": 9000,
                    "keywords": ["limit-break"], "lb_cost": 2}  # fmt: skip
    deck = {
        "game": "fftcg",
        "format": "constructed",
        "sections": {
            "main": [{"card": n, "count": c} for n, c in main.items()],
            "lb": [{"card": n, "count": c} for n, c in (lb or {}).items()],
        },
        "cards": cards,
    }
    path = tmp_path / "deck.json"
    path.write_text(json.dumps(deck))
    return path


def legal_main() -> dict[str, int]:
    return {f"T1-{i:03}C": 3 for i in range(1, 17)} | {"T1-017C": 2}  # 16 x 3 + 2 = 50


def test_a_legal_deck_exits_0(tmp_path):
    code, out, _ = run(str(fftcg_file(tmp_path, legal_main())))
    assert code == 0
    assert "LEGAL" in out.splitlines()[2]


def test_an_illegal_deck_exits_1_listing_every_violation_with_its_rule(tmp_path):
    main = legal_main() | {"T1-001C": 4, "T1-017C": 3}  # 52 cards, 4 copies of T1-001
    lb = {f"T2-{i:03}L": 1 for i in range(1, 10)}  # 9 LB cards: at most 8
    code, out, _ = run(str(fftcg_file(tmp_path, main, lb)), "--json")
    assert code == 1
    report = json.loads(out)
    assert report["legal"] is False
    codes = {v["code"] for v in report["violations"]}
    assert codes >= {"E02", "E04", "E06"}
    rules = {v["code"]: v["rule"] for v in report["violations"]}
    assert rules["E06"] == "8.1.1.1"
    assert ["T1-001C"] in [v["cards"] for v in report["violations"] if v["code"] == "E04"]


@pytest.mark.parametrize(
    ("content", "message"),
    [
        ("{broken", "not valid JSON"),
        ('{"game": "pokemon", "sections": {}}', "Unknown game 'pokemon'"),
        ('{"game": "fftcg", "sections": {"main": [{"card": "X-1", "count": 0}]}}', "between 1 and 99"),
        (
            '{"game": "fftcg", "sections": {"main": [{"card": "16-999", "count": 1}]}}',
            "Unknown card number: 16-999",
        ),
    ],
)
def test_an_unreadable_file_exits_2_saying_why(tmp_path, content, message):
    path = tmp_path / "bad.json"
    path.write_text(content)
    code, out, err = run(str(path))
    assert code == 2
    assert out == ""
    assert message in err


def test_a_missing_file_exits_2(tmp_path):
    code, _, err = run(str(tmp_path / "nope.json"))
    assert code == 2
    assert "nope.json" in err


@pytest.mark.parametrize("game", ["fftcg", "dbsfw", "gbf", "fireforce"])
def test_every_sample_deck_is_legal_with_its_cards_from_the_database(game):
    call_command("loadsamples", verbosity=0)
    code, out, err = run(str(SAMPLES / f"{game}-deck.json"), "--json")
    assert (code, err) == (0, "")
    assert json.loads(out)["legal"] is True


def test_the_current_ban_list_applies_on_top_of_the_rules(tmp_path):
    fftcg = Game.objects.get(id="fftcg")
    ban = BanList.objects.create(game=fftcg, name="Test ban list", effective_date=date(2026, 1, 1))
    BanListEntry.objects.create(ban_list=ban, base_number="T1-002", max_copies=0)
    BanListEntry.objects.create(ban_list=ban, base_number="T1-003", max_copies=1)
    code, out, _ = run(str(fftcg_file(tmp_path, legal_main())), "--json")
    assert code == 1
    found = {v["code"]: v for v in json.loads(out)["violations"]}
    assert found["BANNED"]["cards"] == ["T1-002C"]
    assert found["BANNED"]["rule"] == "Test ban list (2026-01-01)"
    assert "Remove all 3" in found["BANNED"]["message"]
    assert "limited to 1" in found["LIMITED"]["message"]


def test_a_ban_list_that_is_not_in_effect_yet_does_not_apply(tmp_path):
    fftcg = Game.objects.get(id="fftcg")
    ban = BanList.objects.create(game=fftcg, name="Future list", effective_date=date(2099, 1, 1))
    BanListEntry.objects.create(ban_list=ban, base_number="T1-002", max_copies=0)
    assert run(str(fftcg_file(tmp_path, legal_main())))[0] == 0


def test_information_prints_as_a_note_not_a_warning(tmp_path) -> None:
    """DBS FW I01 (the second player's energy marker) informs; it asks nothing of the player."""
    import json as _json

    from engine.samples import SAMPLES, sample_card_set

    data = _json.loads((SAMPLES / "dbsfw-deck.json").read_text())
    data["cards"] = sample_card_set("dbsfw")["cards"]
    path = tmp_path / "dbs.json"
    path.write_text(_json.dumps(data))
    out = StringIO()
    with pytest.raises(SystemExit):
        call_command("checkdeck", str(path), stdout=out)
    assert "  note I01 (rule 6-1-5, 6-2-1-10)" in out.getvalue()
    assert "warning I01" not in out.getvalue()


def test_a_card_printed_with_two_codes_is_found_by_either_and_counted_once(db, tmp_path) -> None:
    """FFTCG lists some cards as "Q9-021C/Q8-050H": a deck naming either code finds the card, and the
    copies under both count together (8.1.1.2)."""
    from decks.models import Card, CardSet

    call_command("loadsamples", verbosity=0)
    card_set = CardSet.objects.get(game_id="fftcg", code="FX")
    Card.objects.create(
        game_id="fftcg", card_set=card_set, number="Q9-021C", base_number="Q9-021", aliases=["Q8-050H"],
        name="Twin Code", type="forward", colors=["wind"], cost=2, power=5000,
    )  # fmt: skip
    data = json.loads((SAMPLES / "fftcg-deck.json").read_text())
    main = data["sections"]["main"]
    main[0] = {"card": "Q9-021C", "count": 2}
    main[1] = {"card": "Q8-050H", "count": 2}
    path = tmp_path / "deck.json"
    path.write_text(json.dumps(data))
    out, err = StringIO(), StringIO()
    with pytest.raises(SystemExit) as exited:
        call_command("checkdeck", str(path), "--json", stdout=out, stderr=err)
    assert "Unknown card number" not in err.getvalue()
    report = json.loads(out.getvalue())
    assert exited.value.code == 1
    assert any("Q9-021" in v["message"] and "4" in v["message"] for v in report["violations"]), report


def test_a_ban_list_applies_to_the_formats_it_names_and_not_to_sealed_ones_by_default(tmp_path):
    fftcg = Game.objects.get(id="fftcg")
    ban = BanList.objects.create(game=fftcg, name="Constructed list", effective_date=date(2026, 1, 1))
    BanListEntry.objects.create(ban_list=ban, base_number="T1-002", max_copies=0)
    constructed = fftcg_file(tmp_path, legal_main())
    assert run(str(constructed))[0] == 1  # no formats named: every non-sealed format
    limited = json.loads(constructed.read_text()) | {"format": "limited"}
    limited_path = tmp_path / "limited.json"
    limited_path.write_text(json.dumps(limited))
    code, out, _ = run(str(limited_path), "--json")
    assert "BANNED" not in {v["code"] for v in json.loads(out)["violations"]}  # Limited is sealed
    ban.formats = ["limited"]
    ban.save()
    code, out, _ = run(str(limited_path), "--json")
    assert "BANNED" in {v["code"] for v in json.loads(out)["violations"]}
    assert run(str(constructed))[0] == 0  # now a Limited list only


def test_a_database_not_set_up_yet_is_a_clear_error(monkeypatch) -> None:
    # A fresh checkout before its first ./run has no card table: the sample deck files only name their
    # cards, so there is nothing to check them against.
    def no_table(*args, **kwargs):
        raise OperationalError("no such table: decks_card")

    monkeypatch.setattr(Card.objects, "filter", no_table)
    code, out, err = run(str(SAMPLES / "fftcg-deck.json"))
    assert code == 2 and out == ""
    assert "the card database is not set up yet" in err and "run ./run once" in err
