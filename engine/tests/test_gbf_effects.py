"""GBF card text played by the goldfish (8-7-2-2): draws (4-8-3), damage to the opponent's captain (9-2-1),
crystals from the deck (10-12) and a search (10-7-1-1), when a card enters play or attacks."""

from __future__ import annotations

import re
from dataclasses import replace

import pytest

from engine import Card, Deck, DeckEntry
from engine.effects import CardFilter, Effect
from engine.goldfish import LOSS_DECKOUT, get_simulator
from engine.played_text import MOOT, OPPONENT_ATTACKS, PLAYED, UNPLAYED, card_parts
from engine.played_text.gbf import OPPONENT_HAND
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


def deck_of(text: str, atk: int = 2, captain: Card = CAPTAIN, rank: int = 1) -> Deck:
    """12 different rank-1 crew cards (4 copies each, 48) and 2 more: every name differs, so every turn a
    crew card may enter while the rank limit allows (10-2-3). They are rank 1 unless `rank` says."""
    cards = {
        f"TG01-{i:03d}C": Card(
            f"TG01-{i:03d}C", f"[T{i}]Tester{i}", "crew", ("fire",), rank=rank, atk=atk, hp=3,
            character_name=f"Tester{i}", text=text,
        )
        for i in range(100, 113)
    }  # fmt: skip
    counts = dict.fromkeys(list(cards)[:12], 4) | {list(cards)[12]: 2}
    sections = {
        "captain": (DeckEntry(captain.number, 1),),
        "main": tuple(DeckEntry(n, c) for n, c in counts.items()),
    }
    return Deck("gbf", "standard", sections, cards | {captain.number: captain})


def after_turns(
    deck: Deck, going: str, turns: int, card_effects: bool = True, opponent: dict[str, object] | None = None
) -> dict[str, int]:
    params = SIM.params(
        going=going, policy={"card_effects": card_effects}, opponent=opponent or {}, max_turns=turns
    )
    return SIM.play_logged(deck, params, 3, 0).final


@pytest.mark.parametrize(
    "text",
    [
        "登場時:カードを1枚引く。",
        "閃き:登場時、カード1枚を引く。",  # the printed template, 8-1-4-1 and 4-8-2
        "閃き：登場時、カード１枚を引く。",
        "Auto Glimmer: when this card enters play, draw 1 card.",
    ],
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
    ("登場時:相手のキャプテンに2ダメージを与える。", [Effect("enters", "damage", 2)]),
    ("自動 火花:アタック時:相手のキャプテンに3ダメージを与える。", [Effect("attacks", "damage", 3)]),
    ("登場時:自分のデッキの上から1枚を宝晶石にする。", [Effect("enters", "resource", 1)]),
    (
        "登場時:自分のデッキから「ミラ」を1枚まで探して手札に加え、デッキをシャッフルする。",
        [Effect("enters", "search", 1, CardFilter(name="ミラ"), optional=True)],
    ),
    (
        "Auto Kindle: when this card enters play, turn the top card of your deck into a crystal.",
        [Effect("enters", "resource", 1)],
    ),
    (
        "Auto Spark: when this card attacks, deal 2 damage to your opponent's captain.",
        [Effect("attacks", "damage", 2)],
    ),
    ("自動 閃き:登場時:カードを2枚引く。", [Effect("enters", "draw", 2)]),
    ("アタック時:カードを1枚引く。", [Effect("attacks", "draw", 1)]),
    ("Auto Glimmer: when this card enters play, draw 1 card.", [Effect("enters", "draw", 1)]),
    ("Auto Glimmer: when this card attacks, draw 2 cards.", [Effect("attacks", "draw", 2)]),
    # The rules' templates (8-1-4-1 「効果名:(誘発条件)時、(効果)」, 4-8-2, 4-8-4, 10-12), either width
    ("閃き:登場時、カード1枚を引く。", [Effect("enters", "draw", 1)]),
    ("閃き：アタック時，カード２枚を引く。", [Effect("attacks", "draw", 2)]),
    ("閃き:登場時、カード2枚までを引く。", [Effect("enters", "draw", 2, optional=True)]),
    ("閃き：登場時、２枚までを引く。", [Effect("enters", "draw", 2, optional=True)]),
    ("閃き:登場時、カード1枚を引いてもよい。", [Effect("enters", "draw", 1, optional=True)]),
    ("閃き:登場時、相手の団長に1ダメージを与える。", [Effect("enters", "damage", 1)]),
    ("閃き:登場時、デッキの一番上のカードを宝晶石にする。", [Effect("enters", "resource", 1)]),
    (
        "閃き：登場時、自分のデッキの上から２枚を宝晶石にしてよい。",
        [Effect("enters", "resource", 2, optional=True)],
    ),
    # 8-2-1-2's example 「このターン中、このカードのATKに+1する」, and as the ougi writes it (2-6-1-1)
    ("灯火:登場時、このターン中、このカードのATKに+1する。", [Effect("enters", "power", 1)]),
    ("灯火：アタック時、このターン中、このカードのＡＴＫに＋２する。", [Effect("attacks", "power", 2)]),
    ("灯火:アタック時、このターン中、このカードのATK+1。", [Effect("attacks", "power", 1)]),
    ("Auto Rally: when this card attacks, this card gets ATK+1 this turn.", [Effect("attacks", "power", 1)]),
]

# Each was read whole before, its cost, turn limit or condition dropped: it played a card that pays
# nothing, fires every time or fires always. Now the sentence is left unread.
MISREADS = [
    "自動 灯火〔火①〕:登場時:カードを1枚引く。",
    "【自動】ターン1回 灯火:アタック時:カードを1枚引く。",
    "自動 あなたの手札が2枚以下の時 灯火:登場時:カードを1枚引く。",
    "Auto Once per turn Glimmer: when this card attacks, draw 1 card.",
    "閃き:登場時、手札のカード1枚を宝晶石にする。",  # 10-12 from the hand: not the deck's top
    "閃き:登場時、デッキの一番上のカードをレストで宝晶石にする。",  # rested: it pays nothing this turn
]


@pytest.mark.parametrize("text", MISREADS)
def test_a_cost_a_turn_limit_or_a_condition_leaves_the_sentence_unread(text) -> None:
    reading = read_text("gbf", text)
    assert reading.effects == () and reading.unread == (text,)


@pytest.mark.parametrize(("text", "effects"), READS, ids=[t for t, _ in READS])
def test_reader_reads_each_shape(text, effects) -> None:
    reading = read_text("gbf", text)
    assert list(reading.effects) == effects and reading.unread == ()


@pytest.mark.parametrize("going", ["first", "second"])
def test_the_attacking_crew_card_draws_when_it_attacks(going) -> None:
    # Turn 1: a crew card (ATK 2) enters and follows up the captain's attack (ATK 2): 4 reaches the HP of 4
    # (the opponent's captain is ours). The card that declares the attack draws 1, and so does the one
    # that follows up (7-2-1-3-2-1: a follow-up is an attack too). Nothing in the battle uses the hand, so
    # the games match the effect-less ones attack for attack (one turn: no later board uses the draws).
    deck = deck_of("アタック時:カードを1枚引く。")
    follow_ups = 0
    for seed in range(5):
        logs = [
            SIM.play_logged(deck, SIM.params(going=going, policy={"card_effects": on}, max_turns=1), seed, 0)
            for on in (True, False)
        ]
        follow_ups += sum(" follows up (ATK" in e.text for e in logs[0].events)
        attacks = sum(
            e.text.startswith("[T") and (" attacks (ATK" in e.text or " follows up (ATK" in e.text)
            for e in logs[0].events
        )
        assert sum(": draw" in e.text and e.phase == "battle" for e in logs[0].events) == attacks
        assert logs[0].final["hand"] == logs[1].final["hand"] + attacks
        assert [e.text for e in logs[0].events if " (ATK" in e.text] == [
            e.text for e in logs[1].events if " (ATK" in e.text
        ]
    assert attacks >= 1 and follow_ups >= 1


def test_the_card_text_report_follows_what_is_played() -> None:
    text = "アタック時:カードを1枚引く。"
    card = Card("TG01-200C", "[T]Tester", "crew", ("fire",), rank=1, atk=2, hp=3, text=text)
    assert [p.status for p in card_parts("gbf", card, {})] == [PLAYED]
    assert [p.status for p in card_parts("gbf", card, {"card_effects": False})] == [UNPLAYED]
    captain = Card("TG01-201C", "[T]Cap(男)", "captain", ("fire",), rank=1, atk=2, hp=3, text=text)
    assert [p.status for p in card_parts("gbf", captain, {})] == [PLAYED]  # a captain attacks too
    enters = replace(captain, text="登場時:カードを1枚引く。")
    assert [p.status for p in card_parts("gbf", enters, {})] == [UNPLAYED]  # it never enters from the hand


@pytest.mark.parametrize("going", ["first", "second"])
def test_crystals_from_the_deck_let_more_crew_enter(going) -> None:
    # One crystal each start phase (6-2-7); a rank-1 crew card enters while the crew's rank total stays
    # within the crystals (10-2-3-1-1), the board chosen before anything enters. With the text: turn 1, 1
    # crystal, 1 crew, +1 crystal (2); turn 2, 3 crystals: 2 more crew (+2: 5); turn 3, 6 crystals, the
    # crew area is full (3). Without it: 1, 2, 3 crystals and crew.
    deck = deck_of("登場時:自分のデッキの上から1枚を宝晶石にする。")
    got = [after_turns(deck, going, t) for t in (1, 2, 3)]
    assert [(f["crystals"], f["crew"]) for f in got] == [(2, 1), (5, 3), (6, 3)]
    got = [after_turns(deck, going, t, card_effects=False) for t in (1, 2, 3)]
    assert [(f["crystals"], f["crew"]) for f in got] == [(1, 1), (2, 2), (3, 3)]


@pytest.mark.parametrize("going", ["first", "second"])
def test_damage_to_the_captain_from_a_card_entering(going) -> None:
    # The opponent's captain has HP 9; our captain ATK 1, the crew ATK 0 (+2 a level card, 10-4-3-3-1):
    # no battle reaches 9 in three turns. Each crew card entering deals 9 to the captain, a qualifying hit:
    # one armor break (9-4-2-2). The board search enters them for it: 1 crew on each of turns 1-3 (the
    # rank limit, then the 3-crew limit), so 5 armor -> 4, 3, 2; with 2 armor the third hit wins.
    captain = replace(CAPTAIN, atk=1)
    deck = deck_of("登場時:相手のキャプテンに9ダメージを与える。", atk=0, captain=captain)
    opponent = {"opp_captain_hp": 9}
    assert [after_turns(deck, going, t, opponent=opponent)["opp_armor"] for t in (1, 2, 3)] == [4, 3, 2]
    assert after_turns(deck, going, 3, card_effects=False, opponent=opponent)["opp_armor"] == 5
    params = SIM.params(going=going, opponent={**opponent, "opp_armor": 2})
    assert SIM.run_batch(deck, params, 1, 0, 30).kill_turns == {3: 30}
    weak = deck_of("登場時:相手のキャプテンに8ダメージを与える。", atk=0, captain=captain)
    assert after_turns(weak, going, 3, opponent=opponent)["opp_armor"] == 5  # below the HP: nothing (OQ-3)


@pytest.mark.parametrize("going", ["first", "second"])
def test_a_captain_attack_deals_text_damage_too(going) -> None:
    # A captain of ATK 4 against HP 4 attacks alone every turn (the first player too, OQ-1): its アタック時
    # text and its hit break one armor each. 5 armor, then the 6th qualifying hit wins: turns 1, 2, 3
    # with the text (2 + 2 + 1, then the hit), turn 6 without. The crew are rank 9: they never enter.
    captain = replace(CAPTAIN, atk=4, text="アタック時:相手のキャプテンに4ダメージを与える。")
    deck = deck_of("", atk=0, captain=captain, rank=9)
    assert SIM.run_batch(deck, SIM.params(going=going), 1, 0, 30).kill_turns == {3: 30}
    off = SIM.params(going=going, policy={"card_effects": False})
    assert SIM.run_batch(deck, off, 1, 0, 30).kill_turns == {6: 30}


@pytest.mark.parametrize("going", ["first", "second"])
def test_a_card_attacks_for_its_text_when_no_battle_qualifies(going) -> None:
    # Our captain's ATK 2 never reaches HP 4, so the planner finds no battle; its アタック時 damage of 4
    # qualifies by itself, so it attacks for it: one break a turn, the win on turn 6.
    captain = replace(CAPTAIN, atk=2, text="アタック時:相手のキャプテンに4ダメージを与える。")
    deck = deck_of("", atk=0, captain=captain, rank=9)
    assert SIM.run_batch(deck, SIM.params(going=going), 1, 0, 30).kill_turns == {6: 30}
    off = SIM.params(going=going, policy={"card_effects": False}, max_turns=12)
    assert SIM.run_batch(deck, off, 1, 0, 30).kill_turns == {}


@pytest.mark.parametrize(("going", "drawn"), [("first", 0), ("second", 2)])
def test_a_search_finds_the_named_card_and_shuffles(going, drawn) -> None:
    # Stacked (§12.2): the hand holds the searcher; the named card is the deck's last card. The first
    # crew card entering finds it wherever it is, so after turn 1 it is in the hand. The first player
    # draws nothing on turn 1 (6-2-5).
    searcher = Card(
        "TG02-001C", "[S]Scout", "crew", ("fire",), rank=1, atk=1, hp=3, character_name="Scout",
        text="登場時:自分のデッキから「[M]Mira」を1枚まで探して手札に加え、デッキをシャッフルする。",
    )  # fmt: skip
    mira = Card("TG02-002C", "[M]Mira", "crew", ("fire",), rank=3, atk=1, hp=3, character_name="Mira")
    filler = Card("TG02-003C", "[F]Filler", "crew", ("fire",), rank=3, atk=1, hp=3, character_name="Filler")
    cards = {c.number: c for c in (CAPTAIN, searcher, mira, filler)}
    sections = {
        "captain": (DeckEntry(CAPTAIN.number, 1),),
        "main": (DeckEntry(searcher.number, 1), DeckEntry(mira.number, 1), DeckEntry(filler.number, 48)),
    }
    deck = Deck("gbf", "standard", sections, cards)
    order = [searcher.number] + [filler.number] * 48 + [mira.number]
    params = SIM.params(going=going, max_turns=1, policy={"redraw": "never"})
    log = SIM.play_stacked(deck, params, order)
    found = [e.text for e in log.events if "search the deck" in e.text]
    assert found == ["[S]Scout (TG02-001C): search the deck, [M]Mira (TG02-002C) to the hand, shuffle"]
    assert log.final["deck"] == 50 - 5 - 5 - drawn - 1 - 1  # hand, armor, draws, crystal, the card found
    off_params = SIM.params(going=going, max_turns=1, policy={"redraw": "never", "card_effects": False})
    assert SIM.play_stacked(deck, off_params, order).final["deck"] == 50 - 5 - 5 - drawn - 1


@pytest.mark.parametrize(("going", "deck_left"), [("first", 39), ("second", 37)])
def test_up_to_n_draws_stop_before_the_deck_runs_out(going, deck_left) -> None:
    # After turn 1's start phase the deck holds 50 - 5 hand - 5 armor - 1 crystal = 39 going first (no
    # draw, 6-2-5), 37 going second (2 draws, the game's draw rules). One rank-1 crew card enters (1
    # crystal, 10-2-3-1-1) and draws 40: "up to" 40 (4-8-4) stops with 1 card left, as a deck of 0 loses
    # (1-2-2-2); 40 that must be drawn empty the deck and lose at the checkpoint on turn 1.
    params = SIM.params(going=going, max_turns=1)
    may = SIM.play_logged(deck_of("閃き:登場時、カード40枚までを引く。"), params, 3, 0)
    assert sum(": draw" in e.text for e in may.events) == deck_left - 1
    assert may.final["deck"] == 1 and may.outcome != LOSS_DECKOUT
    must = SIM.play_logged(deck_of("閃き:登場時、カード40枚を引く。"), params, 3, 0)
    assert sum(": draw" in e.text for e in must.events) == deck_left
    assert (must.outcome, must.turn, must.final["deck"]) == (LOSS_DECKOUT, 1, 0)


@pytest.mark.parametrize("going", ["first", "second"])
def test_a_may_crystal_is_taken_like_a_must_one(going) -> None:
    # As test_crystals_from_the_deck_let_more_crew_enter: the optional crystal (「~してよい」) is taken,
    # since the deck keeps cards: turn 1, 2 crystals and 1 crew; turn 2, 5 and 3; turn 3, 6 and 3.
    deck = deck_of("閃き：登場時、デッキの一番上のカードを宝晶石にしてよい。")
    got = [after_turns(deck, going, t) for t in (1, 2, 3)]
    assert [(f["crystals"], f["crew"]) for f in got] == [(2, 1), (5, 3), (6, 3)]


@pytest.mark.parametrize("going", ["first", "second"])
def test_a_search_for_a_character_finds_any_card_of_it(going) -> None:
    # 「」 names a character (2-1-1-1): 「Mira」 finds "[M]Mira", whose character name is Mira.
    searcher = Card(
        "TG02-001C", "[S]Scout", "crew", ("fire",), rank=1, atk=1, hp=3, character_name="Scout",
        text="閃き:登場時、自分のデッキから「Mira」を1枚まで探して手札に加え、デッキをシャッフルする。",
    )  # fmt: skip
    mira = Card("TG02-002C", "[M]Mira", "crew", ("fire",), rank=3, atk=1, hp=3, character_name="Mira")
    filler = Card("TG02-003C", "[F]Filler", "crew", ("fire",), rank=3, atk=1, hp=3, character_name="Filler")
    cards = {c.number: c for c in (CAPTAIN, searcher, mira, filler)}
    sections = {
        "captain": (DeckEntry(CAPTAIN.number, 1),),
        "main": (DeckEntry(searcher.number, 1), DeckEntry(mira.number, 1), DeckEntry(filler.number, 48)),
    }
    deck = Deck("gbf", "standard", sections, cards)
    order = [searcher.number] + [filler.number] * 48 + [mira.number]
    log = SIM.play_stacked(deck, SIM.params(going=going, max_turns=1, policy={"redraw": "never"}), order)
    found = [e.text for e in log.events if "search the deck" in e.text]
    assert found == ["[S]Scout (TG02-001C): search the deck, [M]Mira (TG02-002C) to the hand, shuffle"]


@pytest.mark.parametrize(
    ("text", "why"),
    [
        ("閃き:このカードがアタックされた時、カード1枚を引く。", OPPONENT_ATTACKS),
        ("守護：相手の団長がアタックした時、このカードのHP＋２。", OPPONENT_ATTACKS),
        ("閃き:登場時、相手は手札を1枚捨てる。", OPPONENT_HAND),
        ("閃き：アタック時、相手の手札を１枚無作為に選び、捨てる。", OPPONENT_HAND),
    ],
)
def test_what_only_the_opponents_acts_make_count_is_moot_on_every_card(text, why) -> None:
    # One rule for every card type: the opponent never attacks and never uses its hand.
    for kind in ("crew", "captain", "summon"):
        card = Card("TG01-300C", "[T]Tester", kind, ("fire",), rank=1, atk=2, hp=3, text=text)
        assert [(p.status, p.why) for p in card_parts("gbf", card, {})] == [(MOOT, why)]


def test_the_opponents_crew_are_not_moot() -> None:
    # They enter from its armor under armor_mode "crew_enters" (9-4-2-3-2-1): damage to them counts.
    text = "閃き:登場時、相手の団員1枚に2ダメージを与える。"
    card = Card("TG01-301C", "[T]Tester", "crew", ("fire",), rank=1, atk=2, hp=3, text=text)
    assert [p.status for p in card_parts("gbf", card, {})] == [UNPLAYED]


# The printed templates' other shapes (8-1-4-1, 8-2-1-3-1, 8-10-3, 10-13, 10-14, 2-1-1-1): a cost after
# the name, another trigger, a condition, a second action, a replacement, another target. Each is left
# unread, in either width (the corpus holds its read shapes and a few of these).
NOT_READ = [
    "閃き：〔①〕登場時、カード１枚を引く。",
    "閃き：ジョブチェンジした時、カード１枚を引く。",
    "閃き:あなたの手札にカードがない時、カード1枚を引く。",
    "閃き:他の味方が登場した時、カード1枚を引く。",
    "閃き:登場時、カード2枚を引く。その後、手札を1枚捨てる。",
    "閃き:登場時、自分の手札が3枚以下なら、カード2枚を引く。",
    "閃き：カード1枚を引く場合、かわりにカード2枚を引いてよい。その場合、手札を1枚捨てる。",
    "火花:登場時、相手の団員1枚に2ダメージを与える。",
    "火花：登場時、相手の団長と団員に２ダメージを割り振って与える。",
    "灯火:登場時、このカードのATKに+1する。",  # no duration: not the turn's, which the goldfish plays
    "灯火:アタック時、このターン中、このカードのATKに+1する。カード1枚を引く。",
    "灯火：登場時、他の味方1枚のATKに＋１する。",
    "導き:登場時、自分のデッキから《[蒼の少女]ミラ》を1枚まで探して手札に加え、デッキをシャッフルする。",
]


@pytest.mark.parametrize("text", NOT_READ)
def test_the_templates_other_shapes_stay_unread(text) -> None:
    assert read_text("gbf", text).unread == (text,)


def distinct_crew_deck(text: str) -> Deck:
    """50 rank-1 crew cards of ATK 2, each a character of its own (no uncap, 10-4), all with `text`, and
    a captain of ATK 0: whatever the shuffle, one crew card enters a turn (one crystal a turn and the
    rank limit, 10-2-3-1-1) up to three (3-6-3), and only the crew's ATK reaches a captain's HP."""
    cards = {
        f"TG03-{i:03d}C": Card(
            f"TG03-{i:03d}C", f"[R{i}]Rally{i}", "crew", ("fire",), rank=1, atk=2, hp=3,
            character_name=f"Rally{i}", text=text,
        )
        for i in range(50)
    }  # fmt: skip
    captain = replace(CAPTAIN, atk=0)
    sections = {
        "captain": (DeckEntry(captain.number, 1),),
        "main": tuple(DeckEntry(n, 1) for n in cards),
    }
    return Deck("gbf", "standard", sections, cards | {captain.number: captain})


ATK_HP3 = {"opp_captain_hp": 3}


def battle_lines(deck: Deck, going: str, opponent: dict[str, object], turn: int) -> list[str]:
    """The battle phase of one turn of a game, each line without the card that acts ("attacks (ATK 2)")."""
    log = SIM.play_logged(deck, SIM.params(going=going, opponent=opponent, max_turns=turn), 2, 0)
    return [
        re.sub(r"^.*?\(TG\d\d-\d{3}C\):? ", "", e.text)
        for e in log.events
        if e.turn == turn and e.phase == "battle"
    ]


@pytest.mark.parametrize("going", ["first", "second"])
def test_a_crew_card_entering_attacks_with_its_raised_atk(going) -> None:
    # Worked by hand against a captain of HP 3 and 5 armor, the 6th qualifying hit wins (9-2-1-3-6); the
    # first player attacks on turn 1 too (OQ-1), and no crew card has summoning sickness (OQ-2). Each
    # turn one crew card enters (ATK 2, 3 on the turn it enters with 登場時 ATK+1, 8-2-1-2); a battle
    # deals its attackers' summed ATK (7-4-1-2), a hit of 3 or more breaks one armor, and the captain
    # (ATK 0) joins a battle for nothing.
    # With the text: turn 1 {new 3}: 1 hit (4 left); turn 2 {new 3}, the other 2 alone: 1 (3); turn 3
    # {new 3}, {2 + 2}: 2 (1); turn 4 {2 + 2 + 2}: 1 (0); turn 5: the 6th hit wins.
    # Without it: turn 1, 2 < 3: none; from turn 2 one hit a turn ({2 + 2}): the 6th on turn 7.
    deck = distinct_crew_deck("灯火:登場時、このターン中、このカードのATKに+1する。")
    assert [after_turns(deck, going, t, opponent=ATK_HP3)["opp_armor"] for t in (1, 2, 3, 4)] == [4, 3, 1, 0]
    assert SIM.run_batch(deck, SIM.params(going=going, opponent=ATK_HP3), 1, 0, 30).kill_turns == {5: 30}
    off = SIM.params(going=going, opponent=ATK_HP3, policy={"card_effects": False})
    assert SIM.run_batch(deck, off, 1, 0, 30).kill_turns == {7: 30}
    assert battle_lines(deck, going, ATK_HP3, 1) == [
        "attacks (ATK 0)",
        "follows up (ATK 3)",  # its ATK from entering, this turn
        "3 damage to the opponent's captain",
        "armor break: opponent armor 4",
    ]


@pytest.mark.parametrize("going", ["first", "second"])
def test_every_attack_and_follow_up_raises_the_attackers_atk(going) -> None:
    # As above, with アタック時 ATK+1: every crew card attacks or follows up with ATK 3, so each reaches
    # the HP alone. Turn 1: 1 hit (4 left); turn 2: 2 (2); turn 3: 3 hits, the last with no armor left:
    # the win on turn 3 (vanilla: turn 7, as above).
    deck = distinct_crew_deck("灯火:アタック時、このターン中、このカードのATKに+1する。")
    assert [after_turns(deck, going, t, opponent=ATK_HP3)["opp_armor"] for t in (1, 2)] == [4, 2]
    assert SIM.run_batch(deck, SIM.params(going=going, opponent=ATK_HP3), 1, 0, 30).kill_turns == {3: 30}
    assert battle_lines(deck, going, ATK_HP3, 2) == [
        "attacks (ATK 0)",  # the captain declares, the crew card follows up: its text fires (7-2-1-3-2-1)
        "follows up (ATK 2)",
        "ATK +1 this turn",
        "3 damage to the opponent's captain",
        "armor break: opponent armor 3",
        "attacks (ATK 2)",
        "ATK +1 this turn",
        "3 damage to the opponent's captain",
        "armor break: opponent armor 2",
    ]


@pytest.mark.parametrize("going", ["first", "second"])
def test_a_follow_up_raises_its_atk_into_the_battle_it_joins(going) -> None:
    # Against HP 5: one crew card (2 + 1 = 3) never reaches it alone, two do together (3 + 3 = 6); without
    # the text 2 + 2 = 4 does not, and three make 6 on turn 3. With it: turn 1 none; turn 2 {a, b} = 6:
    # 1 hit (4 left); turn 3 {a, b, c} = 9 (one of 3 cannot hit alone): 1 hit (3 left). Without it: turn 3
    # {a, b, c} = 6: 1 hit (4 left).
    deck = distinct_crew_deck("灯火:アタック時、このターン中、このカードのATKに+1する。")
    hp5 = {"opp_captain_hp": 5}
    assert [after_turns(deck, going, t, opponent=hp5)["opp_armor"] for t in (1, 2, 3)] == [5, 4, 3]
    off = [after_turns(deck, going, t, card_effects=False, opponent=hp5)["opp_armor"] for t in (1, 2, 3)]
    assert off == [5, 5, 4]
    assert battle_lines(deck, going, hp5, 2) == [
        "attacks (ATK 0)",
        "follows up (ATK 2)",
        "ATK +1 this turn",
        "follows up (ATK 2)",
        "ATK +1 this turn",
        "6 damage to the opponent's captain",
        "armor break: opponent armor 4",
    ]


def test_an_atk_boost_is_reported_as_played() -> None:
    boosts = (
        "灯火:登場時、このターン中、このカードのATKに+1する。",
        "灯火:アタック時、このターン中、このカードのATK+1。",
    )
    for text in boosts:
        card = Card("TG01-210C", "[T]Tester", "crew", ("fire",), rank=1, atk=2, hp=3, text=text)
        assert [p.status for p in card_parts("gbf", card, {})] == [PLAYED]
    captain = Card(
        "TG01-211C", "[T]Cap(男)", "captain", ("fire",), rank=1, atk=2, hp=3,
        text="灯火:アタック時、このターン中、このカードのATKに+1する。",
    )  # fmt: skip
    assert [p.status for p in card_parts("gbf", captain, {})] == [PLAYED]
