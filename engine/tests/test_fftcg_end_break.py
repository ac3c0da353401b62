"""FFTCG: a Monster whose action ability makes it a Forward for the turn and breaks it at the end of it
("《0》: Until the end of the turn, Wyrm also becomes a Forward with 6000 power. At the end of the turn, break
Wyrm. You can only use this ability once per turn."), read (engine/readers/fftcg.py `end_break`) and played
(engine/goldfish/fftcg.py `_become_forwards`, `_end_breaks`), games worked by hand in both play orders.

The decks are test_fftcg_monster_forward.py's: Wyrm (a Fire Monster, cost 2) on top, then 2 Fire Clerks
(Backups, cost 2) and Fire Sparks (Summons: fuel, never cast). Going first, turn 1 holds 6 cards (5 dealt,
1 drawn), going second 7 (2 drawn); each later turn draws 2.
"""

from __future__ import annotations

import pytest

from engine import Card, Deck, DeckEntry
from engine.effects import Effect, describe
from engine.errors import DeckFileError
from engine.goldfish.fftcg import ACT_FORWARD, F_ACT_BREAK, F_ACTION, compile_deck
from engine.played_text import card_parts, text_report
from engine.readers import read_text
from engine.tests.test_fftcg_effects import SIM
from engine.tests.test_fftcg_monster_forward import FREE, TURN_1, wyrm_deck

EGG = (
    "《0》: Until the end of the turn, Wyrm also becomes a Forward with 6000 power. At the end of the turn,"
    " break Wyrm. You can only use this ability once per turn."
)
EGG_EFFECT = Effect("action", "forward", cp=0, once_per_turn=True, end_break=True)


def texts(log, turn: int) -> list[str]:
    return [e.text for e in log.events if e.turn == turn and e.phase in ("main 1", "attack", "end")]


def test_the_break_is_read_compiled_and_described() -> None:
    assert read_text("fftcg", EGG, name="Wyrm").effects == (EGG_EFFECT,)
    assert Effect.from_dict("t", EGG_EFFECT.to_dict()) == EGG_EFFECT
    assert EGG_EFFECT.to_dict()["end_break"] is True
    assert describe(EGG_EFFECT) == (
        "by its action ability, paying 0 CP: also a Forward until the end of the turn, when it is broken"
    )
    with pytest.raises(DeckFileError, match="'end_break' belongs to a 'forward' on 'action' only"):
        Effect.from_dict("t", {"when": "action", "do": "haste", "cp": 1, "end_break": True})
    kf = compile_deck(wyrm_deck(EGG)[0]).arrays[2]
    assert (kf[0, F_ACTION], kf[0, F_ACT_BREAK]) == (ACT_FORWARD, 1)
    assert compile_deck(wyrm_deck(FREE)[0]).arrays[2][0, F_ACT_BREAK] == 0
    (part,) = card_parts("fftcg", wyrm_deck(EGG)[0].cards["T9-001"], {})
    assert part.status == "played"


@pytest.mark.parametrize("going", ["first", "second"])
def test_the_monster_attacks_once_and_is_broken_at_the_end_of_that_turn(going) -> None:
    # Turn 1 (a backup turn): the 2 Clerks, then Wyrm, each paid by discarding a Spark (3 Sparks to the
    # Break Zone); Wyrm entered this turn, so it does not attack. Turn 2: 《0》 costs nothing, so in the
    # attack preparation step Wyrm becomes a Forward and attacks: 1 damage; at the end of the turn it is
    # broken: Break Zone 3 + 1 = 4, nothing left of it on the field (kept as a Forward is, it is counted
    # among the Forwards). Turn 3: no Wyrm, no attack: the damage stays 1. The
    # hand never passes the limit (going first 0 + 2 + 2 = 4, going second 1 + 2 + 2 = 5). Without the
    # break (the same ability, no "At the end of the turn, break Wyrm."), Wyrm attacks on turn 3 too: 2
    # damage, Break Zone 3, Wyrm still on the field.
    deck, order = wyrm_deck(EGG)
    log = SIM.play_stacked(deck, SIM.params(going=going, max_turns=3), order)
    assert texts(log, 1) == TURN_1
    assert texts(log, 2) == [
        "Wyrm (T9-001): action ability for 0 CP (free): it also becomes a Forward until the end of the turn",
        "Wyrm (T9-001) attacks: opponent damage 1",
        "Wyrm (T9-001): broken at the end of the turn, as its action ability says",
    ]
    assert texts(log, 3) == []
    final = log.final
    assert (final["opp_damage"], final["break_zone"], final["monsters"], final["forwards"]) == (1, 4, 0, 0)
    assert final["hand"] == (4 if going == "first" else 5)
    kept = SIM.play_stacked(wyrm_deck(FREE)[0], SIM.params(going=going, max_turns=3), order)
    assert texts(kept, 3) == [
        "Wyrm (T9-001): action ability for 0 CP (free): it also becomes a Forward until the end of the turn",
        "Wyrm (T9-001) attacks: opponent damage 2",
    ]
    assert (kept.final["opp_damage"], kept.final["break_zone"], kept.final["forwards"]) == (2, 3, 1)


@pytest.mark.parametrize("going", ["first", "second"])
def test_a_monster_that_does_not_attack_is_not_broken(going) -> None:
    # max_turns 1: Wyrm enters on turn 1 and cannot attack (10.1.2.1.1), so its ability is not used and it
    # stays on the field (counted among the Forwards): 0 damage, Break Zone 3 (the Sparks paid).
    deck, order = wyrm_deck(EGG)
    log = SIM.play_stacked(deck, SIM.params(going=going, max_turns=1), order)
    assert texts(log, 1) == TURN_1
    assert (log.final["forwards"], log.final["opp_damage"], log.final["break_zone"]) == (1, 0, 3)


def test_beside_it_leaving_the_field_is_no_longer_moot() -> None:
    # "When Lancer is put from the field into the Break Zone, draw 1 card." is moot where none of your
    # characters leaves the field; beside Wyrm, which its own ability breaks, it is not played (the goldfish
    # does not play that draw); beside the Wyrm that is not broken it stays moot.
    lancer = Card(
        "T9-004", "Lancer", "forward", ("fire",), 2, power=7000,
        text="When Lancer is put from the field into the Break Zone, draw 1 card.",
    )  # fmt: skip
    status = {}
    for name, text in (("breaks", EGG), ("keeps", FREE)):
        deck = wyrm_deck(text)[0]
        deck = Deck(
            deck.game, deck.format, {"main": (*deck.sections["main"], DeckEntry("T9-004", 1))},
            {**deck.cards, "T9-004": lancer},
        )  # fmt: skip
        report = {c.name: [p.status for p in c.parts] for c in text_report(deck, {}).cards}
        status[name] = report["Lancer"]
    assert status == {"breaks": ["unplayed"], "keeps": ["moot"]}
