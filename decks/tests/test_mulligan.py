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
from django.core.management.base import CommandError
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
    """The command's exit status, output and error message (a CommandError's, as manage.py prints it)."""
    out = StringIO()
    try:
        call_command("mulligan", *args, stdout=out)
    except CommandError as e:
        return e.returncode, out.getvalue(), str(e)
    return 0, out.getvalue(), ""


CHEAP = "C-001,C-001,C-002,C-002,C-003"
HEAVY = "H-001,H-001,H-002,H-002,H-003"
CHEAP_GROUP = ",".join([f"C-{i:03}" for i in range(1, 10)])


def test_the_command_says_keep_for_a_hand_of_cheap_forwards_in_both_play_orders(tmp_path: Path) -> None:
    code, out, _ = run(str(write_deck(tmp_path)), "--hand", CHEAP, "--games", "2000", "--group", CHEAP_GROUP)
    assert code == 0
    assert "Group A: 1+ of C-001 / C-002" in out
    assert "   0   100.00%" in out  # the kept hand holds them already
    # Both orders by default, as a default goldfish run; seed 0, the differences tens of points.
    lines = out.strip().splitlines()
    assert [line for line in lines if line.startswith("Going ")] == ["Going first:", "Going second:"]
    sentences = [line for line in lines if "this hand wins by turn" in line]
    assert len(sentences) == 2
    assert all(s.startswith("Keep: ") for s in sentences)
    assert all(s.endswith("the difference is beyond chance.") for s in sentences)


def test_the_command_says_mulligan_for_a_hand_it_cannot_cast_in_json(tmp_path: Path) -> None:
    code, out, _ = run(
        str(write_deck(tmp_path)), "--hand", HEAVY, "--games", "2000", "--group", CHEAP_GROUP, "--turns", "1",
        "--going", "second", "--json",
    )  # fmt: skip
    assert code == 0
    answer = json.loads(out)
    assert answer["verdict"] == "mulligan" and answer["going"] == "second"
    assert list(answer["orders"]) == ["second"]
    assert answer["orders"]["second"] == {k: v for k, v in answer.items() if k in answer["orders"]["second"]}
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
    assert (code, out, err) == (2, "", message)


def test_the_command_names_every_problem_of_a_hand_at_once(tmp_path: Path) -> None:
    code, _, err = run(str(write_deck(tmp_path)), "--hand", "C-009,C-009,C-001,C-002,C-003,C-004")
    assert (code, err) == (
        2,
        "The hand holds 2 copies of C-009 (C-009); the deck has 1. "
        "An opening hand of this deck holds 5 cards, not 6.",
    )


def test_the_command_refuses_a_group_card_the_deck_lacks(tmp_path: Path) -> None:
    code, _, err = run(
        str(write_deck(tmp_path)), "--hand", CHEAP, "--group", "C-001", "--group", "Z-001,c-002"
    )
    assert (code, err) == (2, "Group B: not in the main deck: Z-001.")  # c-002 is C-002, in any case


def sample(game: str = "fftcg") -> Deck:
    return Deck.objects.get(game_id=game, owner__isnull=True, session_key="")


def ask(body: dict, game: str = "fftcg"):
    return Client().post(
        f"{API}/decks/{sample(game).share_id}/mulligan", json.dumps(body), content_type="application/json"
    )


def test_the_api_answers_both_play_orders_with_exact_odds_and_both_runs(samples) -> None:
    response = ask({"hand": SAMPLE_HAND, "groups": [{"cards": ["FX-005L"]}], "turns": 1})
    assert response.status_code == 200, response.content
    answer = response.json()
    first, second = answer["orders"]["first"], answer["orders"]["second"]
    # Kept, going first: turn 1 draws 1 of the 45 others, 2 of them FX-005L: 2/45. The mulligan's 5 come
    # from those 45: 1 - C(43,5)/C(45,5) = 1 - 962598/1221759; 6 by turn 1: 1 - C(43,6)/C(45,6).
    assert first["odds"][0]["kept"] == [0, pytest.approx(2 / 45)]
    assert first["odds"][0]["mulliganed"] == [
        pytest.approx(float(1 - Fraction(962598, 1221759))), pytest.approx(1 - comb(43, 6) / comb(45, 6)),
    ]  # fmt: skip
    # Going second turn 1 draws 2 (FFTCG 9.2.1.3 spares only the first player's first draw):
    # 1 - C(43,2)/C(45,2) kept, 1 - C(43,7)/C(45,7) after the mulligan; the opening hand as going first.
    assert second["odds"][0]["kept"] == [0, pytest.approx(1 - comb(43, 2) / comb(45, 2))]
    assert second["odds"][0]["mulliganed"] == [
        first["odds"][0]["mulliganed"][0], pytest.approx(1 - comb(43, 7) / comb(45, 7)),
    ]  # fmt: skip
    for order, going in ((first, "first"), (second, "second")):
        assert order["going"] == going
        assert order["verdict"] in ("keep", "mulligan", "no difference")
        assert order["sentence"].split(":")[0] in ("Keep", "Mulligan", "No real difference")
        assert order["kept"]["games"] == order["mulliganed"]["games"] == 10_000
        assert order["assumed"]["going"] == going
    assert second["kept"] != first["kept"]  # played going second, not the first order's games again
    # The top is going first's answer, as it was when the API answered one order (going first by default).
    assert {k: answer[k] for k in first} == first
    assert answer["hand"] == SAMPLE_HAND and answer["returned"] == SAMPLE_HAND


def test_the_api_answers_one_play_order_as_it_did_before_both_could_be_asked(samples) -> None:
    """One order alone is the same answer as that order among both: the same seed, the same games."""
    body = {"hand": SAMPLE_HAND, "groups": [{"cards": ["FX-005L"]}], "turns": 1}
    both = ask(body).json()
    alone = ask(body | {"going": "second"}).json()
    assert alone["orders"] == {"first": None, "second": both["orders"]["second"]}
    assert {k: alone[k] for k in both["orders"]["second"]} == both["orders"]["second"]


@pytest.mark.parametrize(
    ("hand", "errors"),
    [
        (SAMPLE_HAND[:4], {"hand": "An opening hand of this deck holds 5 cards, not 4."}),
        (
            ["FX-005L"] * 3 + SAMPLE_HAND[:2],
            {"hand.2": "The hand holds 3 copies of FX-005L (Tempest Warden); the deck has 2."},
        ),
        (["ZZ-999"] + SAMPLE_HAND[1:], {"hand.0": "ZZ-999 is not in the main deck."}),
        (
            SAMPLE_HAND[:3] + ["ZZ-999"] + ["FX-005L"] * 3,
            {
                "hand.3": "ZZ-999 is not in the main deck.",
                "hand.6": "The hand holds 3 copies of FX-005L (Tempest Warden); the deck has 2.",
                "hand": "An opening hand of this deck holds 5 cards, not 7.",
            },
        ),
    ],
)
def test_the_api_refuses_a_hand_the_deck_cannot_deal_naming_the_field(samples, hand, errors) -> None:
    response = ask({"hand": hand})
    assert response.status_code == 422
    assert {e["field"]: e["message"] for e in response.json()["errors"]} == errors


def test_the_api_refuses_a_group_card_not_in_the_deck_naming_it(samples) -> None:
    response = ask(
        {"hand": SAMPLE_HAND, "groups": [{"cards": ["FX-005L"]}, {"cards": ["FX-001C", "FX-999C"]}]}
    )
    assert response.status_code == 422  # was 200, FX-999C counted as 0 copies
    assert response.json()["errors"] == [
        {"field": "groups.1.cards.1", "message": "card FX-999C is not in the deck's main section"}
    ]


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


def test_the_api_refuses_to_keep_a_card_the_gbf_hand_does_not_hold(samples) -> None:
    """Ignored, the mistyped number would send the whole hand back: refused, named by its place."""
    response = ask({"hand": GBF_HAND, "keep": ["SX01-104C", "SX01-999C"], "going": "first"}, "gbf")
    assert response.status_code == 422
    assert response.json()["errors"] == [{"field": "keep.1", "message": "SX01-999C is not in the hand."}]


def test_gbf_s_redraw_with_nothing_marked_puts_back_the_whole_hand(samples) -> None:
    url = reverse("decks:deck-mulligan", args=[sample("gbf").share_id])
    text = Client().get(url, [("hand", n) for n in GBF_HAND], headers={"HX-Request": "true"}).content.decode()
    assert "(here the whole hand:" in text and "(back: " not in text
