"""The Fire Force goldfish against the simulation facts of docs/rules/fireforce.md §12.2 (S01-S19)."""

from __future__ import annotations

import random
import re

import pytest

from engine import Card, Deck, DeckEntry
from engine.effects import CardFilter, Effect
from engine.games import get_game
from engine.goldfish import LOSS_DECKOUT, OUTCOMES, STALLED, WIN, WIN_OPP_DECKOUT, GameLog, GoldfishResult
from engine.goldfish.fireforce import FireForceSimulator, card_ops
from engine.played_text import MOOT, PLAYED, UNPLAYED, card_parts
from engine.played_text.fireforce import OPPONENT_ONLY
from engine.readers import read_text
from engine.readers.fireforce import line_effects
from engine.samples import sample_cards, sample_deck
from engine.stats import Group, probabilities

SIM = FireForceSimulator()
FLAME_CARD = Card("FL-001", "炎", "flame", keywords=("has-flame",))


def unit(number, cost=1, flame=True, assault=False, prayer=False, power=2000, text="") -> Card:
    keywords = tuple(k for k, on in (("has-flame", flame), ("assault", assault), ("prayer", prayer)) if on)
    return Card(number, f"テスト{number}", "unit", ("試験隊",), cost, power, keywords=keywords, text=text)


def event(number, cost=1, text="", counter=False) -> Card:
    return Card(
        number, f"イベント{number}", "event", (), cost, keywords=("counter",) if counter else (), text=text
    )


def deck_of(cards_and_counts, fmt="constructed") -> Deck:
    cards = {c.number: c for c, _ in cards_and_counts} | {FLAME_CARD.number: FLAME_CARD}
    main = tuple(DeckEntry(c.number, n) for c, n in cards_and_counts)
    return Deck("fireforce", fmt, {"main": main, "flame": (DeckEntry(FLAME_CARD.number, 5),)}, cards)


def twenty_by_two(**kw) -> Deck:
    """20 card numbers x 2 of one kind of vanilla Unit (the test decks of S10-S12)."""
    return deck_of([(unit(f"T-{i:03d}", **kw), 2) for i in range(1, 21)])


F9 = unit("F-009", cost=9, flame=False)  # never payable: at most 5 Flame cards + 3 Flame Units exist here
NEVER = {"mulligan_rule": "never"}


def params(going="first", opponent=(), policy=NEVER, max_turns=20):
    return SIM.params(going=going, opponent=opponent, policy=policy, max_turns=max_turns)


def stacked(top: list[Card], rest: Card, n: int = 40, **kw) -> GameLog:
    """A game with `top` on top of the deck (top first), then copies of `rest` up to n cards."""
    kinds = {c.number: c for c in [*top, rest]}
    order = [c.number for c in top] + [rest.number] * (n - len(top))
    deck = deck_of([(kinds[number], order.count(number)) for number in kinds])
    return SIM.play_stacked(deck, params(**kw), order)


def lines(log: GameLog, prefix: str, turn: int | None = None) -> list[str]:
    return [e.text for e in log.events if e.text.startswith(prefix) and (turn is None or e.turn == turn)]


def states(log: GameLog) -> dict[int, tuple[int, int, int, int]]:
    """Own turn -> (hand, Flame cards on the field, Flame Units, Flame deck) as the main phase starts."""
    out = {}
    for e in log.events:
        if e.text.startswith("state:"):
            hand, cards, units, flame_deck = (int(x) for x in re.findall(r"\d+", e.text))
            out[e.turn] = (hand, cards, units, flame_deck)
    return out


def game_turn(log: GameLog) -> int:
    return int(re.search(r"game turn (\d+)", log.events[-1].text).group(1))


def attacks(log: GameLog) -> dict[int, int]:
    out: dict[int, int] = {}
    for e in log.events:
        if " attacks:" in e.text:
            out[e.turn] = out.get(e.turn, 0) + 1
    return out


# ---- S01-S04, S14: setup, redraw, cards seen, Flame per turn, no hand limit ----


@pytest.mark.parametrize(
    ("going", "fmt", "n", "left"),
    [("first", "constructed", 40, 30), ("second", "constructed", 40, 30), ("first", "blitz-shield", 35, 25)],
)
def test_s01_setup_hand_five_life_five_and_the_second_players_flame_card(going, fmt, n, left) -> None:
    deck = deck_of([(F9, n)], fmt=fmt)
    log = SIM.play_logged(deck, params(going, max_turns=1), 7, 0)
    assert lines(log, "hand:")[0].count("(F-009)") == 5
    assert lines(log, "5 life cards from the top") == [f"5 life cards from the top; deck {left}"]
    second = lines(log, "going second")
    if going == "second":
        assert second == ["going second: 1 Flame card onto the field, standby (Flame deck 4)"]
        assert states(log)[1] == (6, 2, 0, 3)
    else:
        assert second == []
        assert states(log)[1] == (6, 1, 0, 4)


def test_s02_the_redraw_is_once_whole_hand_and_blind_to_the_play_order() -> None:
    deck = deck_of([(unit(f"U-{i:03d}", cost=3, flame=False), 2) for i in range(1, 21)])  # never keeps
    overlap = 0
    for i in range(60):
        logs = [SIM.play_logged(deck, SIM.params(going=g, max_turns=1), 3, i) for g in ("first", "second")]
        # the setup alone: going second the opponent's first turn (its draw) comes before your turn 1
        setup = [
            [e.text for e in g.events if e.phase == "setup" and "going second" not in e.text] for g in logs
        ]
        assert setup[0] == setup[1]  # 404.1d comes before 404.1f: the same hands either way
        hands = lines(logs[0], "hand:")
        assert len(hands) == 2 and len(lines(logs[0], "redraw")) == 1  # once, never twice
        assert [e.text.split(":")[0] for e in logs[0].events if e.turn == 0] == [
            "hand",
            "redraw",
            "hand",
            "5 life cards from the top; deck 30",
        ]  # life after the redraw; setup moves cards into the hand, it draws nothing
        old, new = (set(re.findall(r"U-\d+", h)) for h in hands)
        overlap += bool(old & new)
    assert overlap > 0  # the full reshuffle may hand back cards of the old hand


@pytest.mark.parametrize("going", ["first", "second"])
def test_s03_s04_s14_cards_seen_flame_cards_per_turn_and_no_hand_limit(going) -> None:
    log = SIM.play_logged(deck_of([(F9, 40)]), params(going), 1, 0)
    st = states(log)
    extra = 0 if going == "first" else 1
    for t in range(1, 21):
        assert st[t][0] == 5 + t  # S03: 5 + T in both orders; nothing is ever discarded (S14)
        assert st[t][1] == min(t + extra, 5)  # S04, table 7.6
        assert st[t][3] == max(5 - t - extra, 0)
    assert lines(log, "end of turn", 7) == ["end of turn: hand 12, cards with Flame 5"]  # S14
    first_empty = 5 if going == "first" else 4
    assert [e.turn for e in log.events if e.text.startswith("no Flame card")] == list(
        range(first_empty + 1, 21)
    )
    assert log.outcome == STALLED


# ---- S05-S09: attacking, targets, Prayer, damage ----


@pytest.mark.parametrize("assault", [False, True])
def test_s05_a_unit_attacks_from_the_turn_after_it_deploys_unless_assault(assault) -> None:
    x = unit("X-001", assault=assault)
    log = stacked([x], F9, opponent={"opp_life": 5})
    assert lines(log, "deploy", 1) == ["deploy テストX-001 (X-001) for 1, exhausting 1 Flame card"]
    if assault:  # even in game turn 1 going first (OQ-1)
        assert lines(log, "テストX-001 (X-001) attacks", 1) == [
            "テストX-001 (X-001) attacks: opponent life 4"
        ]
    else:
        assert attacks(log).get(1, 0) == 0 and attacks(log)[2] == 1


def test_s06_s12_units_without_flame_never_attack_and_the_deck_runs_out_at_own_turn_30() -> None:
    deck = twenty_by_two(flame=False)
    own = {"model_opp_deckout": False}  # the opponent's deck-out left out: your own comes at own turn 30
    for going, gt in (("first", 59), ("second", 60)):
        log = SIM.play_logged(deck, params(going, opponent=own, max_turns=40), 5, 0)
        assert attacks(log) == {}  # S06, 702.2
        assert (log.outcome, log.turn, game_turn(log)) == (LOSS_DECKOUT, 30, gt)
        assert log.final["units"] > 8 and log.final["with_flame"] == 5  # no cap on Units without Flame
        assert lines(log, "draw", 30)[-1].endswith("deck 0")  # lost at the rule check of 502.6


def test_s12_blitz_and_the_opponents_deck_out() -> None:
    blitz = deck_of([(unit(f"T-{i:03d}", flame=False), 1) for i in range(1, 36)], fmt="blitz-shield")
    for going, gt in (("first", 49), ("second", 50)):
        log = SIM.play_logged(blitz, params(going, opponent={"model_opp_deckout": False}, max_turns=40), 5, 1)
        assert (log.outcome, log.turn, game_turn(log)) == (LOSS_DECKOUT, 25, gt)
    deck = twenty_by_two(flame=False)
    opp = {"model_opp_deckout": True}
    log = SIM.play_logged(deck, params("second", opponent=opp, max_turns=40), 5, 0)
    assert (log.outcome, game_turn(log)) == (WIN_OPP_DECKOUT, 59)
    log = SIM.play_logged(deck, params("first", opponent=opp, max_turns=40), 5, 0)
    assert (log.outcome, game_turn(log)) == (LOSS_DECKOUT, 59)
    capped = SIM.run_batch(deck, params("second", opponent=opp), 5, 0, 50)
    assert capped.outcomes[STALLED] == 50  # the default cap of 20 own turns comes first


def test_s07_s17_prayer_arms_a_unit_without_flame_after_a_cost_was_paid() -> None:
    p = unit("P-001", flame=False, prayer=True)
    a = unit("A-001", flame=False)
    e = event("E-001")
    # hand P, A, F9 x3; life F9 x5; draws T1 F9, T2 F9, T3 E
    log = stacked([p, a, F9, F9, F9, F9, F9, F9, F9, F9, F9, F9, e], F9, max_turns=5)
    assert lines(log, "deploy", 1) == ["deploy テストP-001 (P-001) for 1, exhausting 1 Flame card"]
    assert lines(log, "deploy", 2) == ["deploy テストA-001 (A-001) for 1, exhausting 1 Flame card"]
    assert attacks(log).get(1, 0) == attacks(log).get(2, 0) == 0  # (a) no legal attack
    assert lines(log, "テストP-001 (P-001) prays", 2) == []  # A arrived this turn: praying gains nothing
    t3 = [x.text for x in log.events if x.turn == 3 and x.phase == "main"][1:]
    assert t3 == [  # (b), (c): pay first (the Event), then pray, then attack
        "use イベントE-001 (E-001) for 1, exhausting 1 Flame card; to Adolla",
        "テストP-001 (P-001) prays: an acted Flame card is attached to テストA-001 (A-001)",
        "テストA-001 (A-001) attacks: opponent life 4",
    ]
    assert lines(log, "end of turn", 3) == ["end of turn: hand 5, cards with Flame 3"]  # (d) F1 still counts
    # (e), S17: attached through the opponent's turn, detached and standby at 502.1 of own turn 4
    assert lines(log, "ready", 4) == ["ready 2 Units and the Flame cards; 1 Flame cards detached"]
    assert attacks(log).get(4, 0) == attacks(log).get(5, 0) == 0  # nothing to pay for, so no Prayer
    assert log.final["adolla"] == 1 and log.outcome == STALLED


@pytest.mark.parametrize(("rule", "hits"), [("damage-at-zero", 6), ("zero-life", 5)])
def test_s08_every_attack_deals_one_whatever_the_power_and_the_sixth_wins(rule, hits) -> None:
    deck = twenty_by_two(cost=0, power=0)
    log = SIM.play_logged(deck, params(opponent={"lethal_rule": rule}), 2, 0)
    life = [int(re.search(r"life (\d+)", t).group(1)) for t in lines(log, "テスト") if "attacks" in t]
    assert life == [4, 3, 2, 1, 0, 0][:hits]
    assert (log.outcome, log.turn) == (WIN, 2)


@pytest.mark.parametrize(
    ("going", "rule", "turn", "gt"),
    [
        ("first", "damage-at-zero", 7, 13),
        ("second", "damage-at-zero", 7, 14),
        ("first", "zero-life", 6, 11),
        ("second", "zero-life", 6, 12),
    ],
)
def test_s09_one_flame_unit_wins_on_own_turn_7(going, rule, turn, gt) -> None:
    log = stacked([unit("X-001")], F9, going=going, opponent={"lethal_rule": rule})
    assert lines(log, "deploy", 1) == ["deploy テストX-001 (X-001) for 1, exhausting 1 Flame card"]
    assert attacks(log) == dict.fromkeys(range(2, turn + 1), 1)
    assert (log.outcome, log.turn, game_turn(log)) == (WIN, turn, gt)


# ---- S10, S11, S13, S16: the deploy chain and the Flame cap ----


def test_s10_vanilla_aggro_wins_on_own_turn_2_both_orders() -> None:
    deck = twenty_by_two()
    first = SIM.play_logged(deck, SIM.params("first"), 11, 0)
    assert len(lines(first, "deploy", 1)) == 6 and attacks(first).get(1, 0) == 0
    assert lines(first, "end of turn", 1) == ["end of turn: hand 0, cards with Flame 7"]
    assert attacks(first)[2] == 6 and (first.outcome, first.turn, game_turn(first)) == (WIN, 2, 3)
    second = SIM.play_logged(deck, SIM.params("second"), 11, 0)
    assert len(lines(second, "deploy", 1)) == 6
    assert lines(second, "end of turn", 1) == ["end of turn: hand 0, cards with Flame 8"]
    prep = [e.text for e in second.events if e.turn == 2 and e.phase == "preparation"][-2:]
    assert prep == [
        "1 Flame card onto the field (Flame deck 2)",
        "Flame cap: a standby Flame card to Adolla and back to the Flame deck (3)",
    ]
    assert attacks(second)[2] == 6 and (second.outcome, second.turn, game_turn(second)) == (WIN, 2, 4)


@pytest.mark.parametrize(("going", "deploy", "turn", "gt"), [("first", 5, 8, 15), ("second", 4, 7, 14)])
@pytest.mark.parametrize("rule", ["damage-at-zero", "zero-life"])
def test_s11_cost_five_flame_units_one_deploy_per_turn(going, deploy, turn, gt, rule) -> None:
    log = SIM.play_logged(twenty_by_two(cost=5), params(going, opponent={"lethal_rule": rule}), 4, 0)
    deploys = {e.turn for e in log.events if e.text.startswith("deploy")}
    assert min(deploys) == deploy
    assert all(len(lines(log, "deploy", t)) == 1 for t in deploys)  # a new one never pays for a second
    last = 3 if rule == "damage-at-zero" else 2  # the 6th point, or the 5th under ZERO_LIFE
    assert attacks(log) == {deploy + 1: 1, deploy + 2: 2, deploy + 3: last}  # damage 1, 3, 6 (or 5)
    assert (log.outcome, log.turn, game_turn(log)) == (WIN, turn, gt)


def test_s13_a_unit_cannot_pay_for_itself_and_a_flame_unit_pays_for_the_next() -> None:
    x2 = unit("X-002", cost=2)
    log = stacked([x2], F9, max_turns=2)  # (a) 1 Flame card + X itself would make 2
    assert lines(log, "deploy", 1) == [] and len(lines(log, "deploy", 2)) == 1
    a, b = unit("A-001"), unit("B-001", flame=False)
    log = stacked([b, a], F9, max_turns=1)  # (b) A first, then B paid by A
    assert lines(log, "deploy", 1) == [
        "deploy テストA-001 (A-001) for 1, exhausting 1 Flame card",
        "deploy テストB-001 (B-001) for 1, exhausting 1 Flame Unit",
    ]
    three = [unit("C-001", cost=2)] * 3  # (c) R = 2: one of three cost-2 Flame Units
    for going, turn in (("first", 2), ("second", 1)):
        log = stacked(three, F9, going=going, max_turns=turn)
        assert len(lines(log, "deploy", turn)) == 1 and len(lines(log, "deploy")) == 1


def test_s16_the_cap_sends_an_acted_flame_card_back_and_again_next_preparation() -> None:
    fu = unit("X-001")
    # hand FU x3 (deployed in own turn 1 by the chain), draws F9 in turns 1-4 and a 4th FU in turn 5
    log = stacked([fu, fu, fu, F9, F9] + [F9] * 9 + [fu], F9, opponent={"opp_life": 30}, max_turns=6)
    assert len(lines(log, "deploy", 1)) == 3
    assert states(log)[5] == (7, 5, 3, 0)
    t5 = [e.text for e in log.events if e.turn == 5 and e.phase == "main"][1:3]
    assert t5 == [
        "deploy テストX-001 (X-001) for 1, exhausting 1 Flame card",
        "Flame cap: an acted Flame card to Adolla and back to the Flame deck (1)",
    ]
    assert lines(log, "end of turn", 5) == ["end of turn: hand 6, cards with Flame 8"]
    prep = [e.text for e in log.events if e.turn == 6 and e.phase == "preparation"][-2:]
    assert prep == [
        "1 Flame card onto the field (Flame deck 0)",
        "Flame cap: a standby Flame card to Adolla and back to the Flame deck (1)",
    ]


# ---- S15, S18: Events, effects, the simultaneous loss ----


def test_s15_events_go_to_adolla_and_counter_events_stay_in_hand() -> None:
    e, c = event("E-001"), event("C-001", cost=0, counter=True)
    log = stacked([e, c], F9, max_turns=3)
    assert lines(log, "use") == ["use イベントE-001 (E-001) for 1, exhausting 1 Flame card; to Adolla"]
    assert log.final["adolla"] == 1 and log.final["hand"] == 5 + 3 - 1


def test_s18_both_lose_at_once_and_the_non_turn_player_wins() -> None:
    z = event("Z-001", cost=0, text="Draw 1 card, then deal 1 damage to your opponent.")
    log = stacked([z], F9, n=12, opponent={"opp_life": 0})  # deck 2 after setup, 1 after the draw
    assert lines(log, "both players") == [
        "both players meet a loss condition: the non-turn player wins (103.3)"
    ]
    assert (log.outcome, log.turn, log.final["deck"]) == (LOSS_DECKOUT, 1, 0)
    hit = event("Z-002", cost=0, text="Deal 1 damage to your opponent.")
    assert stacked([hit], F9, n=12, opponent={"opp_life": 0}).outcome == WIN


def unit_text(text: str) -> Card:
    return Card("Z-005", "Z-005", "unit", ("red",), 1, power=3000, text=text)


def test_effects_count_only_when_the_whole_line_is_modelled() -> None:
    assert line_effects("Draw 2 cards.", "cast") == [Effect("cast", "draw", 2)]
    assert line_effects("Draw 1 card, then deal 1 damage to your opponent.", "cast") == [
        Effect("cast", "draw", 1),
        Effect("cast", "damage", 1),
    ]
    assert line_effects("Draw 1 card. Your Units get +1000 power this turn.", "cast") == [
        Effect("cast", "draw", 1)
    ]
    assert (
        line_effects("Draw 1 card, then put 1 card from your hand on the bottom of your deck.", "cast")
        is None
    )
    assert line_effects("カードを1枚引く。相手に2ダメージを与える。", "cast") == [
        Effect("cast", "draw", 1),
        Effect("cast", "damage", 2),
    ]
    face_down = "Put the top card of your deck onto your field face down as a Flame card."
    assert line_effects(face_down, "cast") == [Effect("cast", "resource", 1)]
    assert line_effects("デッキの上から2枚を裏向きで炎カードとして現場に置く。", "cast") == [
        Effect("cast", "resource", 2)
    ]
    assert card_ops(unit_text("[Assault]\n[On Deploy] Deal 1 damage to your opponent.")) == ([-1], [])
    assert card_ops(unit_text("[When Attacking] Draw 1 card.")) == ([], [1])
    assert card_ops(event("Z-003", text="[Counter] Draw 1 card.")) == ([], [])
    assert card_ops(unit_text("Draw 1 card.")) == ([], [])  # an untagged line is an Event's ability
    hand_set = Card("Z-004", "Z-004", "unit", ("red",), 1, effects=(Effect("attacks", "damage", 2),))
    assert card_ops(hand_set) == ([], [-2])


@pytest.mark.parametrize("going", ["first", "second"])
def test_text_damage_wins_on_own_turn_1(going) -> None:
    # Both play orders hold 5 + 1 cards in own turn 1's main phase (S03); the opponent's 5 life, then
    # the 6th point wins (S08). Six cost-0 Events that each deal 1 win on turn 1; so do six cost-1
    # Flame Units whose [On Deploy] deals 1, since the deploy chain puts all 6 on the field (S10).
    burn = deck_of(
        [(event(f"B-{i:03d}", cost=0, text="Deal 1 damage to your opponent."), 2) for i in range(20)]
    )
    log = SIM.play_logged(burn, params(going), 1, 0)
    assert (log.outcome, log.turn) == (WIN, 1)
    vanilla = SIM.params(going=going, policy={**NEVER, "card_effects": False})
    assert SIM.play_logged(burn, vanilla, 1, 0).outcome == STALLED
    deploy = deck_of(
        [(unit(f"D-{i:03d}", text="[On Deploy] Deal 1 damage to your opponent."), 2) for i in range(20)]
    )
    log = SIM.play_logged(deploy, params(going), 1, 0)
    assert (log.outcome, log.turn) == (WIN, 1)
    assert (
        SIM.play_logged(deploy, SIM.params(going=going, policy={**NEVER, "card_effects": False}), 1, 0).turn
        > 1
    )


@pytest.mark.parametrize("going", ["first", "second"])
def test_on_deploy_and_when_attacking_draws(going) -> None:
    # Both play orders hold 6 cards in own turn 1's main phase and 1 (going first) or 2 Flame cards.
    # A cost-1 Flame Unit whose [On Deploy] draws: deployed by 1 Flame card, it draws the next card of
    # the deck (40 - 5 hand - 5 life - 1 turn draw = 29, then 28): 6 cards in hand again. A cost-1
    # Assault Flame Unit whose [When Attacking] draws: deployed, it attacks at once (1202), its text draws
    # before the damage (702.3): hand 6, life 4. Without card text neither draws: hand 5, deck 29.
    deployer = unit("D-001", text="[On Deploy] Draw 1 card.")
    attacker = unit("A-001", assault=True, text="[When Attacking] Draw 1 card.")
    for card, life in ((deployer, 5), (attacker, 4)):
        log = stacked([card], F9, going=going, max_turns=1)
        assert lines(log, f"{card.name} ({card.number}): draw") == [
            f"{card.name} ({card.number}): draw テストF-009 (F-009); deck 28"
        ]
        assert (log.final["hand"], log.final["deck"], log.final["opp_life"]) == (6, 28, life)
        off = stacked([card], F9, going=going, max_turns=1, policy={**NEVER, "card_effects": False})
        assert (off.final["hand"], off.final["deck"], off.final["opp_life"]) == (5, 29, life)
    attack = [e.text for e in stacked([attacker], F9, going=going, max_turns=1).events if e.phase == "main"]
    draw_at = attack.index("テストA-001 (A-001): draw テストF-009 (F-009); deck 28")
    assert attack[draw_at + 1] == "テストA-001 (A-001) attacks: opponent life 4"


# ---- 307.7: cards put from the deck onto the field face down as Flame cards ----

KINDLE = "Put the top card of your deck onto your field face down as a Flame card."


@pytest.mark.parametrize(
    "text", [KINDLE, "You may put the top card of your deck onto your field face down as a Flame card."]
)
@pytest.mark.parametrize(("going", "flame_deck"), [("first", 4), ("second", 3)])
def test_cards_put_face_down_as_flame_cards_pay_at_once(text, going, flame_deck) -> None:
    # Hand: 4 cost-0 Events that each put the deck's top card face down as a Flame card, and a cost-5
    # Assault Flame Unit; turn 1 draws a second one. Flame cards on the field: 1 going first (502.5), 2
    # going second (404.1g too). The Events make 4 more, so 5 pay for one Unit (903.6), which attacks
    # (1202): life 4. The deck: 40 - 5 hand - 5 life - 1 draw - 4 face down = 25. Without the text
    # nothing pays for a Unit on turn 1. A "may" does the same, as the deck keeps cards (1302.2).
    kindle, runner = event("K-001", cost=0, text=text), unit("U-005", cost=5, assault=True)
    log = stacked([kindle] * 4 + [runner], runner, going=going, max_turns=1)
    assert lines(log, "deploy") == ["deploy テストU-005 (U-005) for 5, exhausting 5 Flame cards"]
    assert len(lines(log, "イベントK-001 (K-001): the top card of the deck onto the field face down")) == 4
    final = log.final
    assert (final["opp_life"], final["deck"], final["face_down_flame"], final["flame_deck"]) == (
        4, 25, 4, flame_deck,
    )  # fmt: skip
    off = stacked(
        [kindle] * 4 + [runner], runner, going=going, max_turns=1, policy={**NEVER, "card_effects": False}
    )
    assert lines(off, "deploy") == [] and off.final["opp_life"] == 5


def test_the_flame_cap_returns_flame_deck_cards_and_sends_face_down_ones_to_adolla() -> None:
    # Going first, 1 Flame card on the field, then 5 Events that each put 2 cards face down: the 4th
    # makes 9 cards with Flame, and the cap (1303.1) takes the standby Flame deck card, which goes back
    # to the Flame deck (1304.1: 5 again); the 5th makes 10, and two face-down cards go to Adolla for
    # good. Adolla: the 5 Events and those 2. Deck: 40 - 5 - 5 - 1 - 10 = 19.
    two = event(
        "K-002", cost=0, text="Put the top 2 cards of your deck onto your field face down as Flame cards."
    )
    log = stacked([two] * 5, F9, going="first", max_turns=1)
    assert lines(log, "Flame cap") == [
        "Flame cap: a standby Flame card to Adolla and back to the Flame deck (5)",
        "Flame cap: a standby face-down Flame card to Adolla",
        "Flame cap: a standby face-down Flame card to Adolla",
    ]
    counts = {k: log.final[k] for k in ("face_down_flame", "with_flame", "adolla", "flame_deck", "deck")}
    assert counts == {"face_down_flame": 8, "with_flame": 8, "adolla": 7, "flame_deck": 5, "deck": 19}


def test_a_prayer_never_attaches_a_face_down_flame_card() -> None:
    # Going first, turn 1: 1 Flame card on the field; an Event puts a card face down (2 payers); two
    # cost-0 Prayer Units come in, then two cost-1 Assault Units without Flame, paid by the Flame deck's
    # card and by the face-down one. The first Prayer attaches the acted Flame deck card to a soldier
    # (1204.1), which attacks (702.2): life 4. The second finds only the face-down card acted, which
    # cannot be attached (307.7): the other soldier never attacks.
    prayer = unit("P-001", cost=0, flame=False, prayer=True)
    soldier = unit("S-001", flame=False, assault=True)
    kindle = event("K-001", cost=0, text=KINDLE)
    log = stacked([kindle, prayer, prayer, soldier, soldier], F9, going="first", max_turns=1)
    assert lines(log, "テストP-001 (P-001) prays") == [
        "テストP-001 (P-001) prays: an acted Flame card is attached to テストS-001 (S-001)"
    ]
    assert log.final["opp_life"] == 4 and log.final["flame_attached"] == 1


# ---- S19: opening-hand probabilities through the real setup ----


@pytest.mark.parametrize(
    ("n", "k", "policy", "by_turn", "p"),
    [
        (40, 2, "never", 0, 37 / 156),
        (40, 2, "no-cheap-flame-unit", 0, 10175 / 24336),
        (40, 2, "never", 1, 73 / 260),
        (40, 2, "no-cheap-flame-unit", 1, 18307 / 40560),
        (40, 2, "never", 2, 21 / 65),
        (35, 1, "no-cheap-flame-unit", 1, 71 / 245),
    ],
)
def test_s19_the_wanted_card_is_seen_as_often_as_the_hypergeometric_says(n, k, policy, by_turn, p) -> None:
    """X (cost 0, Flame, Assault) attacks the turn it is seen; with opp_life 0 the first hit wins, so
    "won by own turn T" is "X seen by own turn T". Turn 0 is the opening hand: no draw in game turn 1."""
    x = unit("X-001", cost=0, assault=True)
    deck = deck_of([(x, k), (F9, n - k)], fmt="constructed" if n == 40 else "blitz-shield")
    pol = {"mulligan_rule": policy, "first_player_draws_turn_1": by_turn > 0}
    result = SIM.run_batch(
        deck, params(opponent={"opp_life": 0}, policy=pol, max_turns=max(by_turn, 1)), 9, 0, 100_000
    )
    assert result.p_kill_by(max(by_turn, 1)) == pytest.approx(p, abs=0.01)
    # The draw odds (engine.stats) say the same exactly: with only X cheap, "no cheap Flame Unit" is
    # "X missing".
    mulligan = "never" if policy == "never" else "if-missing"
    odds = probabilities(deck, get_game("fireforce"), [Group(["X-001"])], by_turn, True, mulligan)
    assert odds[by_turn] == pytest.approx(p, abs=1e-12)


# ---- the interface: reproducibility, batches, logs, invariants ----


def test_runs_replay_from_their_seed_and_differ_between_seeds() -> None:
    deck = sample_deck("fireforce")
    a = SIM.run(deck, 2000, seed=5)
    assert a == SIM.run(deck, 2000, seed=5)
    assert a.kill_turns != SIM.run(deck, 2000, seed=6).kill_turns


@pytest.mark.parametrize("going", ["first", "second"])
def test_a_run_split_into_uneven_batches_merges_to_the_same_result(going) -> None:
    deck, p = sample_deck("fireforce"), SIM.params(going)
    whole = SIM.run_batch(deck, p, 77, 0, 600)
    parts = [SIM.run_batch(deck, p, 77, a, b - a) for a, b in ((400, 600), (0, 137), (137, 400))]
    merged = GoldfishResult.empty(77)
    for part in parts:
        merged = merged.merge(part)
    assert merged == whole and sum(whole.outcomes.values()) == 600


def mixed_deck(rng: random.Random) -> Deck:
    cards = [c for c in sample_cards("fireforce").values() if c.type != "flame"]
    chosen = rng.sample(cards, 20)
    flame = sample_cards("fireforce")["ZF1-047"]
    return Deck(
        "fireforce",
        "constructed",
        {"main": tuple(DeckEntry(c.number, 2) for c in chosen), "flame": (DeckEntry(flame.number, 5),)},
        {c.number: c for c in [*chosen, flame]},
    )


def test_play_logged_tells_the_same_game_as_the_batch() -> None:
    rng = random.Random(3)
    for j in range(8):
        deck = sample_deck("fireforce") if j == 0 else mixed_deck(rng)
        p = SIM.params(rng.choice(["first", "second"]), policy={"mulligan_prayer_pair": bool(j % 2)})
        for i in range(0, 200, 13):
            one = SIM.run_batch(deck, p, 123, i, 1)
            log = SIM.play_logged(deck, p, 123, i)
            assert one.outcomes[log.outcome] == 1
            assert one.kill_turns == ({log.turn: 1} if log.outcome == WIN else {})


def test_seeded_random_games_end_and_keep_their_invariants() -> None:
    rng = random.Random(8)
    for j in range(300):
        deck = mixed_deck(rng)
        opp = {"opp_life": rng.randint(0, 12), "lethal_rule": rng.choice(["damage-at-zero", "zero-life"])}
        pol = {"card_effects": rng.random() < 0.7, "mulligan_max_cost": rng.randint(0, 3)}
        p = SIM.params(
            rng.choice(["first", "second"]), opponent=opp, policy=pol, max_turns=rng.randint(1, 30)
        )
        log = SIM.play_logged(deck, p, j, j)
        f = log.final
        assert log.outcome in OUTCOMES and 0 <= log.turn <= p.max_turns
        assert f["deck"] + f["hand"] + f["life"] + f["units"] + f["adolla"] == 40
        assert f["flame_deck"] + f["flame_on_field"] == 5 and f["flame_attached"] <= f["flame_on_field"]
        assert f["with_flame"] <= 8 and f["life"] == 5 and f["opp_life"] >= 0
        assert (log.outcome == LOSS_DECKOUT) == (f["deck"] == 0)


def test_unknown_parameters_are_refused_by_name() -> None:
    with pytest.raises(ValueError, match="opp_lyfe"):
        SIM.params(opponent=["opp_lyfe=3"])
    with pytest.raises(ValueError, match="lethal_rule"):
        SIM.params(opponent=["lethal_rule=sometimes"])
    assert SIM.params(opponent=["max_own_turns=30"]).max_turns == 30


def test_the_deploy_plan_keeps_the_flame_chain_going() -> None:
    """§11.5 "What to deploy", 7.4: an Assault Unit that attacks this turn never pays, so deploying one
    first at equal cost stops the chain; the plan deploys the Units that pay for the next one first and
    the most Units it can. 20 cost-1 Assault + 20 cost-1 plain Flame Units win by own turn 2 in 91 % of
    games going first (5,000 games; a greedy Assault-first choice won 1 %) and in all of them going second
    (59 %)."""
    assault = [(unit(f"TA-{i:03}", cost=1, assault=True), 2) for i in range(1, 11)]
    plain = [(unit(f"TP-{i:03}", cost=1), 2) for i in range(1, 11)]
    deck = deck_of(assault + plain)
    assert SIM.run(deck, 2000, seed=11, params=params(going="first")).p_kill_by(2) > 0.85
    assert SIM.run(deck, 2000, seed=11, params=params(going="second")).p_kill_by(2) > 0.95


@pytest.mark.parametrize("going", ["first", "second"])
def test_when_attacking_damage_adds_a_point_to_every_attack(going) -> None:
    # 40 cost-1 Flame Units against 10 life (the 11th point wins, S08). Own turn 1 deploys all 6 in
    # either order (S10); from turn 2 they attack, 6 of them: with the text 2 points each, 12, the win
    # on turn 2; without it 6 on turn 2 and the 7 attackers of turn 3 finish it.
    deck = deck_of(
        [(unit(f"A-{i:03d}", text="[When Attacking] Deal 1 damage to your opponent."), 2) for i in range(20)]
    )
    opponent = {"opp_life": 10}
    on = SIM.play_logged(deck, params(going, opponent=opponent), 1, 0)
    assert (on.outcome, on.turn) == (WIN, 2)
    off = SIM.params(going=going, opponent=opponent, policy={**NEVER, "card_effects": False})
    log = SIM.play_logged(deck, off, 1, 0)
    assert (log.outcome, log.turn) == (WIN, 3)


# ---- the printed 【出動時】 forms: Assault for the turn (1118.1, 1202.1) and "may" (〜てもよい) ----

ASSAULT_TEXTS = [
    "【出動時】このターン、このユニットは【強襲】を得る。",
    "【出動時】このターン，このユニットは【強襲】を得る。",  # a full-width comma reads the same
    "[On Deploy] This Unit gains [Assault] this turn.",
]


@pytest.mark.parametrize("text", ASSAULT_TEXTS)
@pytest.mark.parametrize(("going", "deploy", "turn", "gt"), [("first", 5, 7, 13), ("second", 4, 6, 12)])
def test_a_deck_whose_units_gain_assault_as_they_deploy_wins_a_turn_sooner(text, going, deploy, turn, gt):
    # S11's deck (20 x 2 cost-5 Flame Units), each with the text. Flame cards on the field: 1 a turn from
    # own turn 1 going first, 2 on own turn 1 going second (404.1g), 5 at most: the first Unit comes on
    # own turn 5 (first) or 4 (second), one a turn after (an attacker never pays, §11.5). Each attacks
    # the turn it comes (1202.1): 1, then 2, then 3 attacks = 6 points, the 6th wins (1302.1): own turn
    # 7 going first (game turn 13), 6 going second (game turn 12). Without the text (S11): 8 and 7.
    deck = deck_of([(unit(f"T-{i:03d}", cost=5, text=text), 2) for i in range(1, 21)])
    log = SIM.play_logged(deck, params(going), 4, 0)
    assert min(e.turn for e in log.events if e.text.startswith("deploy")) == deploy
    assert attacks(log) == {deploy: 1, deploy + 1: 2, deploy + 2: 3}
    assert (log.outcome, log.turn, game_turn(log)) == (WIN, turn, gt)
    off = SIM.play_logged(deck, params(going, policy={**NEVER, "card_effects": False}), 4, 0)
    assert (off.outcome, off.turn) == (WIN, turn + 1)


MAY_DRAW = "【出動時】カードを40枚引いてもよい。"


@pytest.mark.parametrize("going", ["first", "second"])
def test_a_may_draw_stops_before_the_deck_runs_out(going) -> None:
    # Own turn 1's main phase in both play orders: 40 - 5 hand - 5 life - 1 draw = 29 cards in the deck
    # (S03). The cost-1 Flame Unit on top comes in and its text draws 40: "may" (903.7, taken while the
    # deck keeps a card, since a deck of 0 loses at the rule check, 1302.2) draws 28 and leaves 1; a draw
    # it must make takes all 29 and loses on own turn 1.
    may = stacked([unit("D-001", text=MAY_DRAW)], F9, going=going, max_turns=1)
    assert len(lines(may, "テストD-001 (D-001): draw")) == 28
    assert may.final["deck"] == 1 and may.outcome == STALLED
    must = stacked([unit("D-001", text="【出動時】カードを40枚引く。")], F9, going=going, max_turns=1)
    assert len(lines(must, "テストD-001 (D-001): draw")) == 29
    assert (must.outcome, must.turn, must.final["deck"]) == (LOSS_DECKOUT, 1, 0)


@pytest.mark.parametrize("going", ["first", "second"])
def test_a_may_draw_of_one_draws_as_the_plain_one(going) -> None:
    # As test_on_deploy_and_when_attacking_draws: hand 6 and deck 28 after own turn 1.
    for text in ("【出動時】カードを１枚引いてもよい。", "[On Deploy] You may draw 1 card."):
        log = stacked([unit("D-001", text=text)], F9, going=going, max_turns=1)
        assert (log.final["hand"], log.final["deck"]) == (6, 28)


# Each was read before as power changes only (no effect), the draw, the damage or the condition dropped.
FIRE_FORCE_MISREADS = [
    "[On Deploy] This card gets +2000 power this turn and draw 1 card.",
    "[On Deploy] If you have 3 Units, this card gets +2000 power and deal 1 damage to your opponent.",
    "[When Attacking] Choose 1 of your Units. It gets +1000 power this turn.",  # another Unit's power
]


@pytest.mark.parametrize("text", FIRE_FORCE_MISREADS)
def test_a_power_change_with_more_in_its_sentence_is_not_read(text) -> None:
    reading = read_text("fireforce", text)
    assert reading.effects == () and reading.unread == (text,)


FIRE_FORCE_READS = [
    ("【出動時】このターン、このユニットは【強襲】を得る。", [Effect("enters", "haste")]),
    ("【出動時】このユニットは【強襲】を得る。", [Effect("enters", "haste")]),
    ("【出動時】カードを1枚引いてもよい。", [Effect("enters", "draw", 1, optional=True)]),
    ("【出動時】カードを１枚引いてよい。", [Effect("enters", "draw", 1, optional=True)]),
    ("[On Deploy] You may draw 2 cards.", [Effect("enters", "draw", 2, optional=True)]),
    (
        "【攻撃時】デッキの上から1枚を裏向きで炎カードとして現場に置いてもよい。",
        [Effect("attacks", "resource", 1, optional=True)],
    ),
    ("【出動時】このターン、このユニットのパワー+2000。カードを1枚引く。", [Effect("enters", "draw", 1)]),
    ("【攻撃時】このバトル中、このユニットはパワー＋１０００する。", []),
]


@pytest.mark.parametrize(("text", "effects"), FIRE_FORCE_READS, ids=[t for t, _ in FIRE_FORCE_READS])
def test_the_printed_forms_read(text, effects) -> None:
    reading = read_text("fireforce", text)
    assert list(reading.effects) == effects and reading.unread == ()


@pytest.mark.parametrize(
    "text",
    [
        "【出動時】手札を1枚捨ててもよい。そうしたなら、カードを2枚引く。",  # 903.7: a cost, then the effect
        "【出動時】カードを1枚引いてもよい。そうしたなら、相手に1ダメージを与える。",
        "【出動時】①:カードを1枚引く。",  # 908.1a: a cost
        "【出動時】ターン1回 カードを1枚引く。",
        "【攻撃時】このターン、このユニットは【強襲】を得る。",  # attacking already: nothing to gain
    ],
)
def test_a_cost_or_an_if_you_do_is_not_read(text) -> None:
    assert read_text("fireforce", text).unread == (text,)


def test_the_text_report_plays_the_assault_line_and_calls_opponent_only_lines_moot() -> None:
    def parts(text: str, policy: dict | None = None) -> list[tuple[str, str]]:
        return [(p.status, p.why) for p in card_parts("fireforce", unit("P-001", text=text), policy or {})]

    assert parts(ASSAULT_TEXTS[0]) == [(PLAYED, "when it enters the field, Haste")]
    assert parts(ASSAULT_TEXTS[0], {"card_effects": False}) == [(UNPLAYED, "")]
    for text in (
        "【出動時】相手のユニット1枚を行動済みにする。",
        "[On Deploy] Choose 1 of your opponent's Units. It gets -2000 power this turn.",
        "[When Attacking] Your opponent discards 1 card.",
        "【攻撃時】相手は手札を１枚捨てる。",
        "[When Attacking] This Unit can't be blocked this turn.",
        "【攻撃時】このターン、相手はこのユニットの攻撃に対して防衛能力を使用できない。",
    ):
        assert parts(text) == [(MOOT, OPPONENT_ONLY)], text
    # a sentence that could count (a draw) keeps the line unplayed unless the reader reads it whole
    assert parts("[On Deploy] Exhaust 1 of your opponent's Units. Draw 1 card.") == [(UNPLAYED, "")]


SEARCH_TEXTS = [
    "【出動時】自分のデッキから「テストM-001」を1枚まで選び、手札に加える。その後、デッキをシャッフルする。",
    "【出動時】自分のデッキから「テストM-001」を１枚まで選び，手札に加える。その後，デッキをシャッフルする。",
    '[On Deploy] Search your deck for up to 1 "テストM-001", add it to your hand and shuffle your deck.',
]


@pytest.mark.parametrize("text", SEARCH_TEXTS)
@pytest.mark.parametrize("going", ["first", "second"])
def test_an_on_deploy_search_takes_the_named_card_from_anywhere_in_the_deck(text, going) -> None:
    # Stacked (never shuffled): the cost-1 Flame searcher on top, the named card (cost 9, never paid for)
    # the deck's last card. Own turn 1 in both play orders: hand 5 + 1 drawn, deck 29 (S03). The
    # searcher comes in and finds the named card (1110.2): hand 6 - 1 + 1 = 6, deck 28. Without card
    # text: hand 5, deck 29.
    searcher, named = unit("S-001", text=text), unit("M-001", cost=9, flame=False)
    kinds = {c.number: c for c in (searcher, named, F9)}
    order = [searcher.number] + [F9.number] * 38 + [named.number]
    deck = deck_of([(kinds[n], order.count(n)) for n in kinds])
    log = SIM.play_stacked(deck, params(going, max_turns=1), order)
    assert lines(log, "テストS-001 (S-001): search") == [
        "テストS-001 (S-001): search the deck, テストM-001 (M-001) to the hand; deck 28"
    ]
    assert (log.final["hand"], log.final["deck"]) == (6, 28)
    off = SIM.play_stacked(deck, params(going, max_turns=1, policy={**NEVER, "card_effects": False}), order)
    assert (off.final["hand"], off.final["deck"]) == (5, 29)


def test_a_japanese_search_is_read_only_with_its_shuffle() -> None:
    body = "【出動時】自分のデッキから「ミラ」を1枚まで選び、手札に加える。"
    assert read_text("fireforce", body).unread == (body,)
    found = read_text("fireforce", SEARCH_TEXTS[0]).effects
    assert found == (Effect("enters", "search", 1, CardFilter(name="テストM-001"), optional=True),)


# Other shapes of the printed abilities (908.1, 901.1b, 1109.1): a cost, another trigger, an activated
# ability, a condition, another Unit chosen, a cost reduction, an opponent's Unit. Each is left unread, in
# either width (the corpus holds the read shapes and a few of these).
NOT_READ = [
    "【出動時】①：カードを１枚引く。",
    "【出動時】自分のユニット1枚を選び、このターン、【強襲】を得る。",
    "【出動時】このターン、次に使用するユニットのコスト-1。",
    "【出動時】相手のユニット1枚を行動済にする。",
    "【退場時】カードを1枚引く。",
    "【起動】このユニットを行動済にする:カードを1枚引く。",
    "【出動時】自分の現場に[第8]のユニットがいるなら、カードを1枚引く。",
]


@pytest.mark.parametrize("text", NOT_READ)
def test_the_other_printed_shapes_stay_unread(text) -> None:
    assert read_text("fireforce", text).unread == (text,)
