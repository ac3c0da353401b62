"""FFTCG text that takes cards back from your Break Zone (engine/goldfish/fftcg.py, `from: break-zone`):
"choose 1 Summon in your Break Zone. Add it to your hand." and "choose 1 Forward of cost 5 or less in your
Break Zone. Play it onto the field.", in games worked out by hand on stacked decks, both play orders.

The decks: Grunt (Fire Forward, 2), Flare (Fire Summon, 2: fuel, §11.5), Titan (Fire Forward, 5) and the
card with the text (Fire Forward, 2). Turn 1 holds Grunt, Flare and Titans (4 going first, 5 going second,
after the turn's draw): the plan casts Grunt and a Titan, paid by discarding Flare and 3 Titans, the
lowest keep-values (Flare 0, a Titan 245, Grunt 248): the Break Zone holds Flare and 3 Titans. Going
second one Titan stays in the hand. Turn 2 draws the card with the text and a Titan; it is cast by
discarding a Titan (the Break Zone: Flare and 4 Titans), and its text resolves as it enters.
"""

from __future__ import annotations

import pytest

from engine import Card, Deck, DeckEntry
from engine.goldfish import get_simulator
from engine.played_text import text_report
from engine.readers import read_text

SIM = get_simulator("fftcg")

ADD_SUMMON = "When Raiser enters the field, choose 1 Summon in your Break Zone. Add it to your hand."
ADD_FIRE_CARD = "When Raiser enters the field, choose 1 Fire card in your Break Zone. Add it to your hand."
PLAY_FORWARD = (
    "When Raiser enters the field, choose 1 Forward of cost 5 or less in your Break Zone. Play it onto the"
    " field."
)


def deck_and_order(text: str, going: str) -> tuple[Deck, list[str]]:
    raiser = Card("T5-001", "Raiser", "forward", ("fire",), 2, text=text)
    flare = Card("T5-002", "Flare", "summon", ("fire",), 2)
    grunt = Card("T5-003", "Grunt", "forward", ("fire",), 2)
    titan = Card("T5-004", "Titan", "forward", ("fire",), 5, keywords=("multi-playable",))
    main = (DeckEntry("T5-001", 1), DeckEntry("T5-002", 1), DeckEntry("T5-003", 1), DeckEntry("T5-004", 47))
    deck = Deck("fftcg", "constructed", {"main": main}, {c.number: c for c in (raiser, flare, grunt, titan)})
    turn_1 = ["T5-003", "T5-002"] + ["T5-004"] * (4 if going == "first" else 5)  # hand and turn 1's draws
    order = turn_1 + ["T5-001", "T5-004"] + ["T5-004"] * (50 - len(turn_1) - 2)
    return deck, order


def play(text: str, going: str, effects: bool = True):
    deck, order = deck_and_order(text, going)
    params = SIM.params(going=going, max_turns=2, policy={"card_effects": effects})
    return SIM.play_stacked(deck, params, order)


@pytest.mark.parametrize(("going", "hand"), [("first", 1), ("second", 2)])
def test_a_summon_comes_back_from_the_break_zone_to_the_hand(going, hand) -> None:
    """Raiser takes Flare back (the only Summon there): the hand ends turn 2 with Flare (and going second
    the Titan kept from turn 1, which 2 cards cannot pay for), the Break Zone with the 4 Titans. Without
    the text Flare stays there: one card fewer in the hand, one more in the Break Zone."""
    log = play(ADD_SUMMON, going)
    texts = [e.text for e in log.events]
    assert texts.count("Raiser (T5-001): Flare (T5-002) from the Break Zone to the hand") == 1
    assert (log.final["forwards"], log.final["hand"], log.final["break_zone"]) == (3, hand, 4)
    assert log.final["opp_damage"] == 2  # Grunt and the first Titan attack on turn 2
    off = play(ADD_SUMMON, going, effects=False)
    assert (off.final["forwards"], off.final["hand"], off.final["break_zone"]) == (3, hand - 1, 5)


@pytest.mark.parametrize("going", ["first", "second"])
@pytest.mark.parametrize("named", ["1 Fire card", "1 Fire Character", "1 Card Name Flare or Card Name Titan"])
def test_the_card_taken_back_is_the_one_the_autopilot_keeps_longest(going, named) -> None:
    """Flare (keep-value 0) and the Titans (245) are Fire cards, and named by the "or"; the pick is the
    card the autopilot would discard last (_keep_value), a Titan; a Titan is the only Fire Character
    (Forward, Backup or Monster) there."""
    log = play(ADD_FIRE_CARD.replace("1 Fire card", named), going)
    texts = [e.text for e in log.events]
    assert "Raiser (T5-001): Titan (T5-004) from the Break Zone to the hand" in texts
    assert log.final["break_zone"] == 4  # Flare and 3 Titans


@pytest.mark.parametrize(("going", "hand"), [("first", 0), ("second", 1)])
def test_a_forward_comes_back_from_the_break_zone_onto_the_field(going, hand) -> None:
    """Raiser plays a Titan from the Break Zone (the most expensive Forward of cost 5 or less there, as a
    play from the hand picks; Flare is no Forward): 4 Forwards, the Break Zone Flare and 3 Titans. The
    Titan entered this turn and does not attack (10.1.2.1.1): 2 damage, as without the text."""
    log = play(PLAY_FORWARD, going)
    texts = [e.text for e in log.events]
    assert "Raiser (T5-001): play Titan (T5-004) from the Break Zone onto the field" in texts
    assert (log.final["forwards"], log.final["hand"], log.final["break_zone"]) == (4, hand, 4)
    assert log.final["opp_damage"] == 2
    off = play(PLAY_FORWARD, going, effects=False)
    assert (off.final["forwards"], off.final["hand"], off.final["break_zone"]) == (3, hand, 5)


@pytest.mark.parametrize("going", ["first", "second"])
@pytest.mark.parametrize("named", ["1 Backup", "1 Forward other than Card Name Titan"])
def test_nothing_named_in_the_break_zone_takes_nothing(going, named) -> None:
    """The Break Zone holds Flare and 4 Titans when Raiser enters: no Backup, and no Forward but Titans,
    which "other than Card Name Titan" leaves; all 5 stay, as without the text."""
    text = f"When Raiser enters the field, choose {named} in your Break Zone. Add it to your hand."
    log = play(text, going)
    assert "Raiser (T5-001): no card in the Break Zone" in [e.text for e in log.events]
    assert (log.final["hand"], log.final["break_zone"]) == (0 if going == "first" else 1, 5)


def test_break_zone_texts_are_reported_as_played() -> None:
    for text in (ADD_SUMMON, PLAY_FORWARD):
        card = Card("T-1", "Raiser", "forward", ("fire",), 2, text=text)
        deck = Deck("fftcg", "constructed", {"main": (DeckEntry("T-1", 50),)}, {"T-1": card})
        report = text_report(deck, SIM.params().policy)
        assert report.not_played == () and report.played_share == 1.0


@pytest.mark.parametrize(
    ("english", "japanese"),
    [
        (
            "When Mira enters the field, choose 1 Summon in your Break Zone. Add it to your hand.",
            "ミラが場に出た時、あなたのブレイクゾーンにある召喚獣1枚を選ぶ。それを手札に加える。",
        ),
        (
            "When Mira enters the field, choose 1 Water Forward of cost 2 or less in your Break Zone. Play it"
            " onto the field.",
            "ミラがフィールドに出たとき、自分のブレイクゾーンの水属性の2コスト以下のフォワードを1枚選ぶ。"
            "それをフィールドに出す。",
        ),
    ],
)
def test_the_japanese_wording_reads_as_its_english_twin(english, japanese) -> None:
    en = read_text("fftcg", english, "Mira")
    ja = read_text("fftcg", japanese, "ミラ")
    assert en.unread == ja.unread == ()
    assert ja.effects == en.effects
