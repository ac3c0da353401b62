"""GBF card text played by the goldfish: a crew card's draw when it enters play (8-7-2-2, 4-8-3)."""

from __future__ import annotations

import pytest

from engine import Card, Deck, DeckEntry
from engine.effects import Effect
from engine.goldfish import get_simulator
from engine.played_text import PLAYED, UNPLAYED, card_parts
from engine.readers import read_text

SIM = get_simulator("gbf")
CAPTAIN = Card(
    "TG01-001C",
    "[見習い]テスト団長(男)",
    "captain",
    (),
    rank=0,
    atk=2,
    hp=4,
    gender="男",
    character_name="テスト団長",
)


def deck_of(text: str) -> Deck:
    """12 different rank-1 crew cards (4 copies each, 48) and 2 more: every name differs, so every turn a
    crew card may enter while the rank limit allows (10-2-3)."""
    cards = {
        f"TG01-{i:03d}C": Card(
            f"TG01-{i:03d}C", f"[T{i}]Tester{i}", "crew", ("fire",), rank=1, atk=2, hp=3,
            character_name=f"Tester{i}", text=text,
        )
        for i in range(100, 113)
    }  # fmt: skip
    counts = dict.fromkeys(list(cards)[:12], 4) | {list(cards)[12]: 2}
    sections = {
        "captain": (DeckEntry(CAPTAIN.number, 1),),
        "main": tuple(DeckEntry(n, c) for n, c in counts.items()),
    }
    return Deck("gbf", "standard", sections, cards | {CAPTAIN.number: CAPTAIN})


@pytest.mark.parametrize(
    "text", ["登場時:カードを1枚引く。", "Auto Glimmer: when this card enters play, draw 1 card."]
)
@pytest.mark.parametrize("going", ["first", "second"])
def test_each_crew_card_entering_draws_one(text, going) -> None:
    # The board is chosen before anything enters, so the same crew enter with the text or without it;
    # each one that enters then draws 1: the hand holds one card more per entry, the deck one less.
    deck = deck_of(text)
    for seed in range(5):
        logs = [
            SIM.play_logged(deck, SIM.params(going=going, policy={"card_effects": on}, max_turns=1), seed, 0)
            for on in (True, False)
        ]
        entered = sum(e.text.startswith("crew ") and e.text.endswith(" enters") for e in logs[0].events)
        assert entered >= 1
        assert logs[0].final["hand"] == logs[1].final["hand"] + entered
        assert logs[0].final["deck"] == logs[1].final["deck"] - entered
        assert sum(": draw" in e.text for e in logs[0].events) == entered


READS = [
    ("登場時:カードを1枚引く。", [Effect("enters", "draw", 1)]),
    ("自動 閃き:登場時:カードを2枚引く。", [Effect("enters", "draw", 2)]),
    ("アタック時:カードを1枚引く。", [Effect("attacks", "draw", 1)]),
    ("Auto Glimmer: when this card enters play, draw 1 card.", [Effect("enters", "draw", 1)]),
    ("Auto Glimmer: when this card attacks, draw 2 cards.", [Effect("attacks", "draw", 2)]),
]


@pytest.mark.parametrize(("text", "effects"), READS, ids=[t for t, _ in READS])
def test_reader_reads_each_shape(text, effects) -> None:
    reading = read_text("gbf", text)
    assert list(reading.effects) == effects and reading.unread == ()


@pytest.mark.parametrize("going", ["first", "second"])
def test_the_attacking_crew_card_draws_when_it_attacks(going) -> None:
    # The crew attack on turn 2 (going first) or from turn 1 (going second) when the planner sends them;
    # a card that declares an attack draws 1, one that follows up does not. Nothing in the battle uses the
    # hand, so the games match the effect-less ones attack for attack.
    deck = deck_of("アタック時:カードを1枚引く。")
    for seed in range(5):
        logs = [
            SIM.play_logged(deck, SIM.params(going=going, policy={"card_effects": on}, max_turns=2), seed, 0)
            for on in (True, False)
        ]
        attacks = sum(e.text.startswith("[T") and " attacks (ATK" in e.text for e in logs[0].events)
        assert sum(": draw" in e.text and e.phase == "battle" for e in logs[0].events) == attacks
        assert logs[0].final["hand"] == logs[1].final["hand"] + attacks
        assert [e.text for e in logs[0].events if " attacks (ATK" in e.text] == [
            e.text for e in logs[1].events if " attacks (ATK" in e.text
        ]
    assert attacks >= 1


def test_the_card_text_report_follows_what_is_played() -> None:
    text = "アタック時:カードを1枚引く。"
    card = Card("TG01-200C", "[T]Tester", "crew", ("fire",), rank=1, atk=2, hp=3, text=text)
    assert [p.status for p in card_parts("gbf", card, {})] == [PLAYED]
    assert [p.status for p in card_parts("gbf", card, {"card_effects": False})] == [UNPLAYED]
    captain = Card("TG01-201C", "[T]Cap(男)", "captain", ("fire",), rank=1, atk=2, hp=3, text=text)
    assert [p.status for p in card_parts("gbf", captain, {})] == [UNPLAYED]  # a captain's text: not yet
