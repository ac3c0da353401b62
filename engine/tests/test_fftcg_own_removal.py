"""FFTCG: an auto-ability that must choose "1 Forward" and break, dull, freeze or damage it takes one of
your own Forwards when the goldfish opponent has none (11.8.4, 11.8.9), read and played (engine/readers/
fftcg.py `_forward_hit`, engine/goldfish/fftcg.py `_hit_own`), games worked by hand in both play orders.

The decks: Cutter (the card with the text, a Forward of cost 2) and vanilla Lancers (Forwards of cost 2, power
7000), all Fire, with the generic icon. Going first, turn 1 holds 6 cards (5 dealt, 1 drawn); going second 7
(2 drawn): either way three cost-2 Forwards are cast, each paid by discarding a card (2 CP, 5.2.1.3), going
second with 1 card left; each later turn draws 2 and casts 1 (going second 1 more card stays in hand). The
Forwards attack from the turn after they enter (10.1.2.1.1), 1 damage each (10.1.4.1).
"""

from __future__ import annotations

import pytest

from engine import Card, Deck, DeckEntry
from engine.effects import CardFilter, Effect, describe
from engine.goldfish.fftcg import FIND_HIT_ATTACK, FIND_HIT_ENTER, K_HOLD_HIT, compile_deck
from engine.goldfish.fftcg_kinds import F_HIT, F_POWER, HIT_AMOUNT, HIT_BREAK, HIT_DAMAGE, HIT_SHIFT
from engine.played_text import card_parts, text_report
from engine.tests.test_fftcg_effects import SIM

CUTTER, LANCER = "Cutter (T9-001)", "Lancer (T9-002)"


def cutter_deck(text: str, power: int = 5000, cutters: int = 1) -> Deck:
    cutter = Card(
        "T9-001", "Cutter", "forward", ("fire",), 2, power=power, keywords=("multi-playable",), text=text
    )
    lancer = Card("T9-002", "Lancer", "forward", ("fire",), 2, power=7000, keywords=("multi-playable",))
    return Deck(
        "fftcg", "constructed", {"main": (DeckEntry("T9-001", cutters), DeckEntry("T9-002", 50 - cutters))},
        {"T9-001": cutter, "T9-002": lancer},
    )  # fmt: skip


def second_turn_order(going: str) -> list[str]:
    """Cutter drawn on turn 2: the first player's sixth card is turn 1's draw, the second player's sixth
    and seventh are."""
    lancers_before = 6 if going == "first" else 7
    return ["T9-002"] * lancers_before + ["T9-001"] + ["T9-002"] * (49 - lancers_before)


def events(log, turn: int) -> list[tuple[str, str]]:
    return [(e.phase, e.text) for e in log.events if e.turn == turn and e.phase in ("main 1", "attack")]


def play(text: str, going: str, turns: int, power: int = 5000, **policy):
    deck = cutter_deck(text, power)
    params = SIM.params(going=going, max_turns=turns, policy=policy)
    return SIM.play_stacked(deck, params, second_turn_order(going))


BREAK = "When Cutter enters the field, choose 1 Forward. Break it."


@pytest.mark.parametrize("going", ["first", "second"])
def test_a_forced_break_takes_the_least_valuable_forward_the_card_itself(going) -> None:
    # Turn 2: Cutter is cast, paid by discarding the Lancer drawn with it. Its choice must be made (11.8.9):
    # the 3 Lancers of turn 1 (cost 2, may attack: loss 1 + 2*2 + 1 = 6) or Cutter itself (cost 2, entered
    # this turn, may not attack: 1 + 4 = 5), so Cutter breaks itself; the 3 Lancers attack: damage 3.
    # Break Zone: 3 discards of turn 1, 1 of turn 2, Cutter = 5; Forwards 3. Played without the text:
    # Cutter stays (4 Forwards, 4 in the Break Zone).
    log = play(BREAK, going, 2)
    assert events(log, 2) == [
        ("main 1", f"cast {CUTTER} for 2 CP by discarding {LANCER}"),
        ("main 1", f"{CUTTER}: no opposing Forward, so it breaks {CUTTER}, yours"),
        ("attack", f"{LANCER} attacks: opponent damage 1"),
        ("attack", f"{LANCER} attacks: opponent damage 2"),
        ("attack", f"{LANCER} attacks: opponent damage 3"),
    ]
    assert (log.final["forwards"], log.final["break_zone"], log.final["opp_damage"]) == (3, 5, 3)
    off = play(BREAK, going, 2, card_effects=False)
    assert (off.final["forwards"], off.final["break_zone"], off.final["opp_damage"]) == (4, 4, 3)


@pytest.mark.parametrize("going", ["first", "second"])
def test_a_choice_nothing_fits_does_nothing(going) -> None:
    # "of cost 5 or more": every Forward costs 2; "dull": in main phase 1 every Forward is active. No legal
    # choice, so the ability is removed and does nothing (11.8.4): 4 Forwards after turn 2, 3 damage.
    for text in (
        "When Cutter enters the field, choose 1 Forward of cost 5 or more. Break it.",
        "When Cutter enters the field, choose 1 dull Forward. Break it.",
    ):
        log = play(text, going, 2)
        assert (
            "main 1",
            f"{CUTTER}: no Forward it may choose, so it does nothing",
        ) in events(log, 2)
        assert (log.final["forwards"], log.final["opp_damage"]) == (4, 3)


@pytest.mark.parametrize("going", ["first", "second"])
@pytest.mark.parametrize(
    ("text", "power", "expected", "forwards"),
    [
        # 5000 damage: below a Lancer's 7000 power it breaks nothing (12.4.5) and ends with the turn, so
        # the first Lancer (in the order they entered) takes it at no loss; Cutter (4000) would break
        (
            "When Cutter enters the field, choose 1 Forward. Deal it 5000 damage.",
            4000,
            f"{CUTTER}: no opposing Forward, so it deals 5000 damage to {LANCER}, yours",
            4,
        ),
        # 7000 damage breaks any of them: Cutter, the cheapest that may not attack this turn, is put into
        # the Break Zone (12.4.5)
        (
            "When Cutter enters the field, choose 1 Forward. Deal it 7000 damage.",
            5000,
            f"{CUTTER}: no opposing Forward, so it deals 7000 damage to {CUTTER}, yours (put into the Break"
            " Zone)",
            3,
        ),
        # "Dull it": Cutter may not attack this turn nor pay CP, so dulling it loses nothing, where a Lancer
        # would lose its attack; it stands up in the next Active Phase
        (
            "When Cutter enters the field, choose 1 Forward. Dull it.",
            5000,
            f"{CUTTER}: no opposing Forward, so it dulls {CUTTER}, yours",
            4,
        ),
    ],
)
def test_the_choice_that_loses_nothing_is_taken(going, text, power, expected, forwards) -> None:
    # Turn 2 either way: the 3 Lancers of turn 1 attack, damage 3.
    log = play(text, going, 2, power)
    assert events(log, 2)[1] == ("main 1", expected)
    assert (log.final["forwards"], log.final["opp_damage"]) == (forwards, 3)


@pytest.mark.parametrize("going", ["first", "second"])
def test_damage_stays_for_the_turn_and_the_next_choice_takes_another(going) -> None:
    # Two Cutters (power 5000, "Deal it 4000 damage") on top. Turn 1 casts Cutter, Cutter, Lancer (the plan
    # ranks Cutter, card number T9-001, first), each paid by discarding a Lancer. The first Cutter can only
    # choose itself: 4000 < 5000, it stays. The second: the first Cutter now would take 8000 (broken),
    # itself 4000 (nothing lost), so itself. The Lancer then enters. Turn 2 (4 cards drawn in all, 2 cast
    # going first; going second 1 + 2 cards: 1 cast): the damage is gone (9.5.1.3), the 3 Forwards of turn
    # 1 attack.
    deck = cutter_deck("When Cutter enters the field, choose 1 Forward. Deal it 4000 damage.", 5000, 2)
    order = ["T9-001", "T9-001"] + ["T9-002"] * 48
    log = SIM.play_stacked(deck, SIM.params(going=going, max_turns=2), order)
    hits = [t for p, t in events(log, 1) if "no opposing Forward" in t]
    assert hits == [f"{CUTTER}: no opposing Forward, so it deals 4000 damage to {CUTTER}, yours"] * 2
    assert log.final["opp_damage"] == 3 and log.final["forwards"] == 4


FREEZE_ITSELF = "When Cutter attacks, choose 1 dull Forward. Freeze it."


@pytest.mark.parametrize("going", ["first", "second"])
def test_a_frozen_forward_does_not_stand_up_in_the_next_active_phase(going) -> None:
    # The opponent loses at 20 damage, so the game runs 4 turns. Turn 2: Cutter enters (3 damage, the
    # Lancers of turn 1). Turn 3: a Lancer enters; Cutter attacks first (card number T9-001) and its choice
    # of a dull Forward finds only itself, dulled by attacking: frozen (15.2.4.2); then the 3 Lancers: 4
    # damage, 7. Turn 4: Cutter stays dull, so 4 Lancers attack: 11. Without the text Cutter attacks on
    # turn 4 too: 12.
    params = {"going": going, "max_turns": 4, "opponent": {"opp_damage_threshold": 20}}
    log = SIM.play_stacked(cutter_deck(FREEZE_ITSELF), SIM.params(**params), second_turn_order(going))
    assert events(log, 3)[1:3] == [
        ("attack", f"{CUTTER}: no opposing Forward, so it freezes {CUTTER}, yours"),
        ("attack", f"{CUTTER} attacks: opponent damage 4"),
    ]
    assert [t for p, t in events(log, 4) if p == "attack"] == [
        f"{LANCER} attacks: opponent damage {n}" for n in range(8, 12)
    ]
    off = SIM.play_stacked(
        cutter_deck(FREEZE_ITSELF),
        SIM.params(**params, policy={"card_effects": False}),
        second_turn_order(going),
    )
    assert (log.final["opp_damage"], off.final["opp_damage"]) == (11, 12)


@pytest.mark.parametrize("going", ["first", "second"])
def test_the_hold_policy_keeps_the_card_while_every_choice_loses_and_changes_the_kill_turn(going) -> None:
    # Threshold 7. Cast on turn 2, Cutter breaks itself (the first test): 3 Forwards; turn 2 deals 3, turn 3
    # (a Lancer cast) 6, turn 4 the win. Held (every choice, Cutter included, would be broken), Cutter is
    # the card discarded for the Lancer cast instead (both keep-values 248, the lowest card number goes
    # first): 4 Forwards; turn 2 deals 3, turn 3 the 4 Lancers 7: the win a turn earlier.
    log = play(BREAK, going, 5)
    held = play(BREAK, going, 5, hold_own_removal=True)
    assert (log.outcome, log.turn, held.outcome, held.turn) == ("win", 4, "win", 3)
    assert events(held, 2)[0] == ("main 1", f"cast {LANCER} for 2 CP by discarding {CUTTER}")


def test_a_deck_without_such_text_never_holds() -> None:
    deck = cutter_deck("When Cutter enters the field, draw 1 card.")
    c, knobs = SIM.prepare(deck, SIM.params(policy={"hold_own_removal": True}))
    assert knobs[K_HOLD_HIT] == 0 and not c.arrays[2][:, F_HIT].any()
    c, knobs = SIM.prepare(cutter_deck(BREAK), SIM.params(policy={"hold_own_removal": True}))
    assert knobs[K_HOLD_HIT] == 1


def test_the_kind_table_says_what_it_does_and_what_it_may_choose() -> None:
    kf, kfinds = (
        compile_deck(
            cutter_deck(
                "When Cutter enters the field, choose 1 Forward other than Cutter. Break it.\n"
                "When Cutter attacks, choose 1 Forward of cost 3 or less. Deal it 2000 damage."
            )
        ).arrays[i]
        for i in (2, 3)
    )
    assert kf[0, F_HIT] == HIT_BREAK | (HIT_DAMAGE | 2000 << HIT_AMOUNT) << HIT_SHIFT
    assert (kf[0, F_POWER], kf[1, F_POWER]) == (5000, 7000)
    # "other than Cutter": not itself on entering; on attacking any Forward of cost 3 or less
    assert kfinds[0].tolist() == [FIND_HIT_ATTACK, FIND_HIT_ENTER | FIND_HIT_ATTACK]


@pytest.mark.parametrize(
    ("effect", "words"),
    [
        (
            Effect("enters", "break", 0, CardFilter(type="forward", cost_max=3)),
            "when it enters the field, choose a Forward of cost 3 or less and break it (one of yours, since"
            " this opponent has none)",
        ),
        (
            Effect("attacks", "forward-damage", 5000, CardFilter(type="forward", state="dull")),
            "when it attacks, choose a dull Forward and deal it 5000 damage (one of yours, since this"
            " opponent has none)",
        ),
    ],
)
def test_the_effect_in_words_and_in_the_text_report(effect, words) -> None:
    assert describe(effect) == words
    card = Card("T9-001", "Cutter", "forward", ("fire",), 2, power=5000, text=BREAK)
    (part,) = card_parts("fftcg", card, {})
    assert part.status == "played" and "break it" in part.why


def test_in_a_deck_that_takes_its_own_forwards_leaving_the_field_is_no_longer_moot() -> None:
    # "When Lancer is put from the field into the Break Zone, draw 1 card." is moot where no Forward of
    # yours leaves the field; beside Cutter, whose text breaks one, it is not played (the goldfish does
    # not play that draw), and so with a Forward's damage trigger; with card_effects off Cutter takes none.
    leaves = "When Lancer is put from the field into the Break Zone, draw 1 card."
    damaged = "When Lancer is dealt damage, draw 1 card."
    for text in (leaves, damaged):
        lancer = Card("T9-002", "Lancer", "forward", ("fire",), 2, power=7000, text=text)
        deck = cutter_deck(BREAK)
        deck = Deck(deck.game, deck.format, deck.sections, {**deck.cards, "T9-002": lancer})
        alone = Deck(deck.game, deck.format, {"main": (DeckEntry("T9-002", 50),)}, {"T9-002": lancer})
        status = {
            name: {c.name: [p.status for p in c.parts] for c in text_report(d, policy).cards}["Lancer"]
            for name, d, policy in (
                ("with Cutter", deck, {}),
                ("alone", alone, {}),
                ("effects off", deck, {"card_effects": False}),
            )
        }
        assert status == {"with Cutter": ["unplayed"], "alone": ["moot"], "effects off": ["moot"]}


def test_a_protection_from_the_opponent_alone_stays_moot_beside_text_that_takes_your_own() -> None:
    # Cutter's text breaks a Forward of yours, so "cannot be broken" may stop it and is not played beside
    # it; "cannot be chosen by your opponent's Summons or abilities" stops only the opponent, who does
    # nothing, so it is moot in every deck.
    texts = {
        "Mog cannot be chosen by your opponent's Summons or abilities.": "moot",
        "Mog cannot be broken by your opponent's Summons.": "moot",
        "Mog cannot be broken.": "unplayed",
        "Mog cannot be chosen by Summons. Mog cannot be broken by your opponent's abilities.": "unplayed",
    }
    for text, status in texts.items():
        mog = Card("T9-002", "Mog", "forward", ("fire",), 2, power=7000, text=text)
        deck = cutter_deck(BREAK)
        deck = Deck(deck.game, deck.format, deck.sections, {**deck.cards, "T9-002": mog})
        report = {c.name: [p.status for p in c.parts] for c in text_report(deck, {}).cards}
        assert report["Mog"] == [status], text


def test_a_gained_or_conditioned_protection_is_no_longer_moot_beside_text_that_takes_your_own() -> None:
    # A protection gained as an ability, or said in one sentence among others, is moot only where nothing
    # takes a Forward of yours, as it is alone; against the opponent's acts alone it stays moot.
    texts = {
        'If you control 3 or more Backups, Mog gains "Mog cannot be broken."': "unplayed",
        (
            'When Mog attacks, Mog gains "If Mog is dealt damage, reduce the damage by 2000 instead." until'
            " the end of the turn."
        ): "unplayed",
        (
            "When Mog attacks, choose up to 1 Forward opponent controls. Dull it. Mog cannot be broken this"
            " turn."
        ): "unplayed",
        (
            'If you control 3 or more Backups, Mog gains "Mog cannot be chosen by your opponent\'s Summons."'
        ): "moot",
    }
    for text, status in texts.items():
        mog = Card("T9-002", "Mog", "forward", ("fire",), 2, power=7000, text=text)
        deck = cutter_deck(BREAK)
        deck = Deck(deck.game, deck.format, deck.sections, {**deck.cards, "T9-002": mog})
        alone = Deck(deck.game, deck.format, {"main": (DeckEntry("T9-002", 50),)}, {"T9-002": mog})
        reports = [
            {c.name: [p.status for p in c.parts] for c in text_report(d, {}).cards} for d in (deck, alone)
        ]
        assert [report["Mog"] for report in reports] == [[status], ["moot"]], text


def test_standing_forwards_up_is_moot_only_where_none_of_yours_is_left_dull() -> None:
    # Standing all your Forwards up before the attacks gains nothing where each of them activates in your
    # Active Phase and stays active until it attacks; beside text that dulls or freezes one of yours
    # (Cutter dulls one it chooses), a Forward that does not activate in your Active Phase or one that
    # enters the field dull, a Forward may still be dull then, and standing it up lets it attack.
    stands = (
        "At the beginning of the Attack Phase during each of your turns, activate all the Forwards you"
        " control."
    )
    captain = Card("T9-002", "Captain", "forward", ("fire",), 3, power=7000, text=stands)
    dull_ones = {
        "dulls yours": "When Cutter enters the field, choose 1 Forward. Dull it.",
        "no activation": "Cutter does not activate during your Active Phase.",
        "enters dull": "Cutter enters the field dull.",
        "nothing": "",
    }
    status = {}
    for name, text in dull_ones.items():
        cutter = Card("T9-001", "Cutter", "forward", ("fire",), 2, power=5000, text=text)
        cards = {"T9-001": cutter, "T9-002": captain}
        main = (DeckEntry("T9-001", 25), DeckEntry("T9-002", 25))
        deck = Deck("fftcg", "constructed", {"main": main}, cards)
        status[name] = {c.name: [p.status for p in c.parts] for c in text_report(deck, {}).cards}["Captain"]
    assert status == {
        "dulls yours": ["unplayed"],
        "no activation": ["unplayed"],
        "enters dull": ["unplayed"],
        "nothing": ["moot"],
    }
