"""Keep or mulligan this hand: `manage.py mulligan`, the API's POST .../mulligan and the page's partial
(decks/builder/advice.py), each calling engine.advice.mulligan."""

from __future__ import annotations

import json
from fractions import Fraction
from io import StringIO
from math import comb
from pathlib import Path

import pytest
from django.core.management import call_command
from django.test import Client
from django.urls import reverse

from decks.models import Card, Deck

pytestmark = pytest.mark.django_db
API = "/api/v1"
# The fictional FFTCG sample deck (engine/samples): 50 cards, 2 of them FX-005L; this hand holds none.
SAMPLE_HAND = ["FX-001C", "FX-001C", "FX-002C", "FX-003R", "FX-004H"]


def write_deck(tmp_path: Path) -> Path:
    """50 Fire Forwards with the generic icon: 25 of cost 2 (C-...) and 25 of cost 40, which no payment
    reaches (H-...), three of each number but the last."""
    main = {f"C-{i:03}": 3 for i in range(1, 9)} | {"C-009": 1}
    main |= {f"H-{i:03}": 3 for i in range(1, 9)} | {"H-009": 1}
    cards = {
        n: {"name": n, "type": "forward", "colors": ["fire"], "cost": 2 if n[0] == "C" else 40,
            "keywords": ["multi-playable"]}
        for n in main
    }  # fmt: skip
    deck = {"game": "fftcg", "sections": {"main": [{"card": n, "count": c} for n, c in main.items()]}}
    path = tmp_path / "deck.json"
    path.write_text(json.dumps(deck | {"cards": cards}))
    return path


def run(*args: str) -> tuple[int, str, str]:
    out, err = StringIO(), StringIO()
    try:
        call_command("mulligan", *args, stdout=out, stderr=err)
        code = 0
    except SystemExit as e:
        code = int(e.code or 0)
    return code, out.getvalue(), err.getvalue()


CHEAP = "C-001,C-001,C-002,C-002,C-003"
HEAVY = "H-001,H-001,H-002,H-002,H-003"
CHEAP_GROUP = ",".join([f"C-{i:03}" for i in range(1, 10)])


def test_the_command_says_keep_for_a_hand_of_cheap_forwards(tmp_path: Path) -> None:
    code, out, _ = run(str(write_deck(tmp_path)), "--hand", CHEAP, "--games", "2000", "--group", CHEAP_GROUP)
    assert code == 0
    assert "Group A: 1+ of C-001 / C-002" in out
    assert "   0   100.00%" in out  # the kept hand holds them already
    assert out.strip().splitlines()[-1].startswith("Keep: this hand wins by turn ")
    assert out.strip().endswith("the difference is beyond chance.")


def test_the_command_says_mulligan_for_a_hand_it_cannot_cast_in_json(tmp_path: Path) -> None:
    code, out, _ = run(
        str(write_deck(tmp_path)), "--hand", HEAVY, "--games", "2000", "--group", CHEAP_GROUP, "--turns", "1",
        "--going", "second", "--json",
    )  # fmt: skip
    assert code == 0
    answer = json.loads(out)
    assert answer["verdict"] == "mulligan" and answer["going"] == "second"
    [odds] = answer["odds"]
    # Kept: none of the 25 cheap cards in hand; going second turn 1 draws 2 of the 45 others:
    # 1 - C(20,2)/C(45,2). After the mulligan the hand goes under those 45 and their top 5 are the hand,
    # 7 by turn 1: 1 - C(20,5)/C(45,5) and 1 - C(20,7)/C(45,7).
    assert odds["kept"] == [0, pytest.approx(1 - comb(20, 2) / comb(45, 2))]
    assert odds["mulliganed"] == [
        pytest.approx(1 - comb(20, 5) / comb(45, 5)), pytest.approx(1 - comb(20, 7) / comb(45, 7)),
    ]  # fmt: skip
    assert answer["kept"]["games"] == answer["mulliganed"]["games"] == 2000
    assert answer["mulliganed"]["mulligans"] == 2000 and answer["kept"]["mulligans"] == 0
    assert answer["assumed"]["policy"]["mulligan_rule"] == "no-cheap-forward"  # the default autopilot's


@pytest.mark.parametrize(
    ("hand", "message"),
    [
        ("C-001,C-001,C-002", "An opening hand of this deck holds 5 cards, not 3."),
        ("C-009,C-009,C-001,C-002,C-003", "The hand holds 2 copies of C-009 (C-009); the deck has 1."),
        ("C-001,C-001,C-002,C-002,Z-999", "Unknown card: Z-999."),
        ("C-001,C-001,C-002,C-002,TS1-001H", "Not in the main deck of this file: TS1-001H."),
    ],
)
def test_the_command_refuses_a_hand_the_deck_cannot_deal(tmp_path: Path, card, hand, message) -> None:
    code, out, err = run(str(write_deck(tmp_path)), "--hand", hand)
    assert (code, out, err.strip()) == (2, "", message)


def test_the_command_refuses_a_group_card_the_deck_lacks(tmp_path: Path) -> None:
    code, _, err = run(str(write_deck(tmp_path)), "--hand", CHEAP, "--group", "Z-001")
    assert (code, err.strip()) == (2, "Group A: not in the main deck: Z-001.")


def sample(game: str = "fftcg") -> Deck:
    return Deck.objects.get(game_id=game, owner__isnull=True, session_key="")


def test_the_api_answers_with_exact_odds_and_both_runs(samples) -> None:
    body = {"hand": SAMPLE_HAND, "groups": [{"cards": ["FX-005L"]}], "turns": 1}
    response = Client().post(
        f"{API}/decks/{sample().share_id}/mulligan", json.dumps(body), content_type="application/json"
    )
    assert response.status_code == 200, response.content
    answer = response.json()
    [odds] = answer["odds"]
    # Kept: turn 1 going first draws 1 of the 45 others, 2 of them FX-005L: 2/45. The mulligan's 5 come
    # from those 45: 1 - C(43,5)/C(45,5) = 1 - 962598/1221759; 6 by turn 1: 1 - C(43,6)/C(45,6).
    assert odds["kept"] == [0, pytest.approx(2 / 45)]
    assert odds["mulliganed"] == [
        pytest.approx(float(1 - Fraction(962598, 1221759))), pytest.approx(1 - comb(43, 6) / comb(45, 6)),
    ]  # fmt: skip
    assert answer["verdict"] in ("keep", "mulligan", "no difference")
    assert answer["sentence"].split(":")[0] in ("Keep", "Mulligan", "No real difference")
    assert answer["kept"]["games"] == 10_000 and answer["hand"] == SAMPLE_HAND


@pytest.mark.parametrize(
    ("hand", "message"),
    [
        (SAMPLE_HAND[:4], "An opening hand of this deck holds 5 cards, not 4."),
        (
            ["FX-005L"] * 3 + SAMPLE_HAND[:2],
            "The hand holds 3 copies of FX-005L (Tempest Warden); the deck has 2.",
        ),
        (["ZZ-999"] + SAMPLE_HAND[1:], "ZZ-999 is not in the main deck."),
    ],
)
def test_the_api_refuses_a_hand_the_deck_cannot_deal(samples, hand, message) -> None:
    response = Client().post(
        f"{API}/decks/{sample().share_id}/mulligan",
        json.dumps({"hand": hand}),
        content_type="application/json",
    )
    assert response.status_code == 422
    assert response.json()["detail"] == message


def test_the_deck_page_offers_the_question_on_a_new_hand_and_answers_it(samples) -> None:
    deck = sample()
    page = Client().get(reverse("decks:deck", args=[deck.share_id]))
    assert b"Keep or mulligan?" in page.content
    url = reverse("decks:deck-mulligan", args=[deck.share_id])
    query = [("hand", n) for n in SAMPLE_HAND] + [("pick", "A:FX-005L"), ("turns", "1")]
    answer = Client().get(url, query, headers={"HX-Request": "true"})
    assert answer.status_code == 200
    text = answer.content.decode()
    assert 'id="mulligan-advice"' in text and "<html" not in text
    assert "Chance of holding the odds panel's groups (exact)" in text
    assert "4.4%" in text  # 2/45, kept, turn 1
    assert any(text.count(word) for word in ("Keep:", "Mulligan:", "No real difference:"))


def test_the_page_says_what_is_wrong_with_a_hand(samples) -> None:
    url = reverse("decks:deck-mulligan", args=[sample().share_id])
    answer = Client().get(url, [("hand", n) for n in SAMPLE_HAND[:3]])
    assert answer.status_code == 422
    assert "An opening hand of this deck holds 5 cards, not 3." in answer.content.decode()


@pytest.mark.parametrize("game", ["fftcg", "dbsfw", "gbf", "fireforce"])
def test_the_board_offers_the_question_right_after_the_deal_only(samples, game) -> None:
    client = Client()
    url = reverse("decks:deck-board", args=[sample(game).share_id])
    assert b"Keep or mulligan?" in client.get(url).content
    client.post(url, {"action": "next"})
    assert b"Keep or mulligan?" not in client.get(url).content


GBF_HAND = ["SX01-101C", "SX01-104C", "SX01-107C", "SX01-108C", "SX01-110M"]


@pytest.mark.parametrize(
    "marks",
    [
        [("back", "4"), ("back", "0")],  # the sample hand's ticks
        [("bottom-4", "1"), ("bottom-0", "2"), ("bottom-1", "")],  # the board's numbers; blank keeps
    ],
)
def test_gbf_s_redraw_puts_back_the_cards_marked(samples, marks) -> None:
    url = reverse("decks:deck-mulligan", args=[sample("gbf").share_id])
    text = Client().get(url, [("hand", n) for n in GBF_HAND] + marks, headers={"HX-Request": "true"})
    first, last = (Card.objects.get(game_id="gbf", number=n).name for n in ("SX01-101C", "SX01-110M"))
    assert f"(back: {first}, {last})" in text.content.decode()  # places 0 and 4, in the hand's order


def test_gbf_s_redraw_with_nothing_marked_puts_back_the_whole_hand(samples) -> None:
    url = reverse("decks:deck-mulligan", args=[sample("gbf").share_id])
    text = Client().get(url, [("hand", n) for n in GBF_HAND], headers={"HX-Request": "true"}).content.decode()
    assert "(here the whole hand:" in text and "(back: " not in text
