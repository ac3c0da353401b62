"""FFTCG card text played by the goldfish: games worked out by hand from docs/rules/fftcg.md, and decks
whose text must play exactly like a vanilla deck the other tests already pin down.

Every deck here is 50 copies-in-spirit of one Fire Forward of cost 2 with the generic icon, so the shuffle
does not matter: any hand is the same hand. Worked by hand (5 cards, then draws of 1 / 2, §11.5 casts
as many Forwards as the CP allows, each paid with one discard):
- going first, turn 1: 6 cards, 3 Forwards (3 casts + 3 discards); turn 2: 2 cards, 1 Forward;
- going second, turn 1: 7 cards, 3 Forwards, 1 card kept; turn 2: 3 cards, 1 Forward, 1 kept.
Forwards attack from the turn after they enter (10.1.2.1.1), each hit 1 point of damage, 7 wins.
"""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine import Card, Deck, DeckEntry
from engine.effects import CardFilter, Effect
from engine.games import get_game
from engine.goldfish import get_simulator
from engine.played_text import card_parts, text_report
from engine.readers import read_text

SIM = get_simulator("fftcg")
GAMES = 300


def deck_with(
    text: str = "", cost: int = 2, effects: tuple[Effect, ...] | None = None, card_type: str = "forward"
) -> Deck:
    cards = {
        f"T1-{i:03d}": Card(
            f"T1-{i:03d}", f"Tester {i}", card_type, ("fire",), cost, keywords=("multi-playable",),
            text=text.replace("NAME", f"Tester {i}"), effects=effects,
        )
        for i in range(1, 18)
    }  # fmt: skip
    counts = {n: 3 if i < 16 else 2 for i, n in enumerate(cards)}
    return Deck("fftcg", "constructed", {"main": tuple(DeckEntry(n, c) for n, c in counts.items())}, cards)


def kill_turns(deck: Deck, going: str, **opponent: object) -> dict[int, int]:
    result = SIM.run_batch(deck, SIM.params(going=going, opponent=opponent), 11, 0, GAMES)
    return result.kill_turns


ENTER_DAMAGE = "When NAME enters the field, your opponent receives 1 point of damage."
MONSTER_FORWARD = "During your turn, NAME also becomes a Forward with 5000 power."


@pytest.mark.parametrize("going", ["first", "second"])
def test_a_monster_that_is_a_forward_in_your_turn_plays_as_one(going) -> None:
    """50 cost-2 Monsters that are Forwards during your turn play exactly as 50 cost-2 Forwards, which win
    on turn 3 in both orders (3 cast on turn 1, each paid with one discard; 3 damage on turn 2, 4 more on
    turn 3: test_enters_damage_wins_on_turn_2). Without the text no Monster is
    cast (`cast_monsters` is off): no damage, no win. The report calls the line played, on a Monster
    only: a Backup that also becomes a Forward would attack and pay CP, which is not played."""
    monsters = deck_with(MONSTER_FORWARD, card_type="monster")
    assert kill_turns(monsters, going) == kill_turns(deck_with(), going) == {3: GAMES}
    params = SIM.params(going=going, policy={"card_effects": False})
    assert SIM.run_batch(monsters, params, 11, 0, GAMES).kill_turns == {}
    for card_type, status in (("monster", "played"), ("backup", "unplayed")):
        card = Card("T-1", "Bomb", card_type, ("fire",), 2, text=MONSTER_FORWARD.replace("NAME", "Bomb"))
        assert [p.status for p in card_parts("fftcg", card, {})] == [status]


@pytest.mark.parametrize("going", ["first", "second"])
def test_enters_damage_wins_on_turn_2(going) -> None:
    # Turn 1: 3 Forwards enter, 3 damage; turn 2: 1 more enters (4), the 3 attack: 7 (module docstring).
    assert kill_turns(deck_with(ENTER_DAMAGE), going) == {2: GAMES}
    assert kill_turns(deck_with(), going) == {3: GAMES}  # vanilla: 3 on turn 2, 4 more on turn 3


def test_enters_damage_is_logged_and_ends_the_game_in_the_main_phase() -> None:
    # Threshold 3: the third Forward entering on turn 1 wins before any attack.
    log = SIM.play_logged(deck_with(ENTER_DAMAGE), SIM.params(opponent={"opp_damage_threshold": 3}), 1, 0)
    assert log.kill_turn == 1
    lines = [e.text for e in log.events if e.turn == 1]
    assert sum("1 point of damage to the opponent" in t for t in lines) == 3
    assert not any("attacks" in t for t in lines)


def test_the_same_deck_with_card_effects_off_plays_vanilla() -> None:
    params = SIM.params(policy={"card_effects": False})
    assert SIM.run_batch(deck_with(ENTER_DAMAGE), params, 5, 0, 200) == SIM.run_batch(
        deck_with(), params, 5, 0, 200
    )


@pytest.mark.parametrize(
    ("going", "casts", "threshold"), [("first", {1: 5, 2: 2}, 5), ("second", {1: 6, 2: 2}, 6)]
)
def test_enters_draw_casts_the_drawn_cards(going, casts, threshold) -> None:
    # Each cast takes 2 cards (itself and a discard) and draws 1. Going second, turn 1: 7 cards, 6
    # Forwards enter and 1 card is left; going first: 6 cards, 5 Forwards, 1 left. Turn 2: 3 cards, 2 more
    # Forwards (3 -> 2 -> 1). Turn 2's attack: 6 (5) damage, the threshold that wins on turn 2.
    deck = deck_with("When NAME enters the field, draw 1 card.")
    log = SIM.play_logged(deck, SIM.params(going=going, max_turns=2), 3, 0)
    assert {t: sum(e.text.startswith("cast") for e in log.events if e.turn == t) for t in (1, 2)} == casts
    assert log.final["opp_damage"] == threshold
    assert kill_turns(deck, going, opp_damage_threshold=threshold) == {2: GAMES}
    assert kill_turns(deck_with(), going, opp_damage_threshold=threshold) == {3: GAMES}


@pytest.mark.parametrize("going", ["first", "second"])
def test_attack_draws_are_cast_in_main_phase_2(going) -> None:
    # Turn 1 casts 3 Forwards in either play order; on turn 2 each attacks and draws 1.
    deck = deck_with("When NAME attacks, draw 1 card.")
    log = SIM.play_logged(deck, SIM.params(going=going, max_turns=2), 3, 0)
    turn2 = [e for e in log.events if e.turn == 2]
    assert sum(": draw" in e.text for e in turn2 if e.phase == "attack") == 3  # 3 attackers, 1 each
    assert any(e.text.startswith("cast") for e in turn2 if e.phase == "main 2")


@pytest.mark.parametrize("going", ["first", "second"])
def test_enters_attack_damage_counts_before_the_hit(going) -> None:
    # Turn 2's 3 attackers deal 2 each (text, then hit): 6, one short of 7; turn 3 wins.
    deck = deck_with("When NAME attacks, your opponent receives 1 point of damage.")
    assert kill_turns(deck, going) == {3: GAMES}
    assert kill_turns(deck, going, opp_damage_threshold=6) == {2: GAMES}


@pytest.mark.parametrize("going", ["first", "second"])
def test_own_cost_reduction_plays_like_the_cheaper_card(going) -> None:
    reduced = deck_with("The cost required to cast NAME is reduced by 1.", cost=3)
    params = SIM.params(going=going)
    assert (
        SIM.run_batch(reduced, params, 9, 0, 200).kill_turns
        == SIM.run_batch(deck_with(), params, 9, 0, 200).kill_turns
    )


@pytest.mark.parametrize("going", ["first", "second"])
def test_self_haste_plays_like_the_keyword(going) -> None:
    # Haste: turn 1's 3 Forwards attack at once (3; the first player may attack on turn 1), turn 2: 4
    # attack (7).
    assert kill_turns(deck_with("NAME gains Haste."), going) == {2: GAMES}
    log = SIM.play_logged(deck_with("NAME gains Haste."), SIM.params(going=going, max_turns=1), 1, 0)
    assert log.final["opp_damage"] == 3


def test_hand_set_effects_win_over_the_text() -> None:
    # The text says nothing the reader knows; the effects set by hand are played.
    deck = deck_with("Something only a maintainer can read.", effects=(Effect("enters", "damage", 1),))
    assert kill_turns(deck, "first") == {2: GAMES}
    vanilla_on_purpose = deck_with(ENTER_DAMAGE, effects=())
    assert kill_turns(vanilla_on_purpose, "first") == {3: GAMES}


def test_an_optional_draw_never_decks_the_player() -> None:
    # 25 cards, each cast drawing 3: the autopilot stops taking the "may" draw while the deck still
    # holds the next draw phase's 2 cards, so the game goes on to a win instead of a deck-out.
    cards = {
        "T1-001": Card("T1-001", "Tester", "forward", ("fire",), 2, keywords=("multi-playable",),
                       text="When Tester enters the field, you may draw 3 cards.")
    }  # fmt: skip
    deck = Deck("fftcg", "constructed", {"main": (DeckEntry("T1-001", 25),)}, cards)
    result = SIM.run_batch(deck, SIM.params(going="second"), 1, 0, 50)
    assert result.outcomes["loss_deckout"] == 0 and result.kill_turns


# ---- the reader: every shape of issue 13 for FFTCG, in English and Japanese ----

READS = [
    ("When Mog enters the field, draw 1 card.", [Effect("enters", "draw", 1)]),
    ("When Mog enters the field, draw 2 cards.", [Effect("enters", "draw", 2)]),
    ("When Mog enters the field, you may draw 1 card.", [Effect("enters", "draw", 1, optional=True)]),
    ("When Mog attacks, draw 1 card.", [Effect("attacks", "draw", 1)]),
    ("When Mog enters the field, your opponent receives 1 point of damage.", [Effect("enters", "damage", 1)]),
    (
        "When Mog enters the field, your opponent receives 2 points of damage.",
        [Effect("enters", "damage", 2)],
    ),
    ("When Mog attacks, deal your opponent 1 point of damage.", [Effect("attacks", "damage", 1)]),
    ("Mog gains Haste.", [Effect("static", "haste")]),
    ("Forwards you control gain Haste.", [Effect("static", "haste", 0, CardFilter(type="forward"))]),
    ("The cost required to cast Mog is reduced by 2.", [Effect("static", "cost", -2)]),
    (
        "When Mog enters the field, you may search for 1 [Card Name (Kupo)] and add it to your hand.",
        [Effect("enters", "search", 1, CardFilter(name="Kupo"), optional=True)],
    ),
    (
        "When Mog enters the field, you may search for 1 [Job (Dancer)] and add it to your hand.",
        [Effect("enters", "search", 1, CardFilter(traits=("Dancer",)), optional=True)],
    ),
    (
        "When Mog enters the field, you may search for 1 [Category (VII)] and add it to your hand.",
        [Effect("enters", "search", 1, CardFilter(traits=("VII",)), optional=True)],
    ),
    (  # the official list's current wording: the name in italics ([[i]] ... [[/]]), plain once printed
        "When Mog enters the field, you may search for 1 Card Name Kupo and add it to your hand.",
        [Effect("enters", "search", 1, CardFilter(name="Kupo"), optional=True)],
    ),
    (
        "When Mog enters the field, search for 1 Job Sky Pirate and add it to your hand.",
        [Effect("enters", "search", 1, CardFilter(traits=("Sky Pirate",)))],
    ),
    (
        "When Mog enters the field, you may search for 1 Category VIII Summon and add it to your hand.",
        [Effect("enters", "search", 1, CardFilter(type="summon", traits=("VIII",)), optional=True)],
    ),
    (  # a look at the top cards: two sentences, read as one
        "When Mog enters the field, reveal the top 3 cards of your deck. Add 1 Category VIII card among them"
        " to your hand and return the other cards to the bottom of your deck in any order.",
        [Effect("enters", "search", 1, CardFilter(traits=("VIII",)), top=3)],
    ),
    (  # by type or element, or any card ("look at" is "reveal" unseen by the opponent)
        "When Mog enters the field, look at the top 4 cards of your deck. Add 1 card among them to your hand"
        " and return the other cards to the bottom of your deck in any order.",
        [Effect("enters", "search", 1, None, top=4)],
    ),
    (
        "When Mog enters the field, reveal the top 5 cards of your deck. Add 1 Monster among them to your"
        " hand and return the other cards to the bottom of your deck in any order.",
        [Effect("enters", "search", 1, CardFilter(type="monster"), top=5)],
    ),
    (
        "When Mog enters the field, reveal the top 4 cards of your deck. Add 1 Ice card among them to your"
        " hand and return the other cards to the bottom of your deck in any order.",
        [Effect("enters", "search", 1, CardFilter(colors=("ice",)), top=4)],
    ),
    (
        "When Mog enters the field, you may search for 1 card and add it to your hand.",
        [Effect("enters", "search", 1, None, optional=True)],
    ),
    (
        "When Mog enters the field, you may search for 1 Forward of cost 3 or less and add it to your hand.",
        [Effect("enters", "search", 1, CardFilter(type="forward", cost_max=3), optional=True)],
    ),
    (
        "When Mog enters the field, search for 1 Water Backup and add it to your hand.",
        [Effect("enters", "search", 1, CardFilter(type="backup", colors=("water",)))],
    ),
    (
        "When Mog enters the field, you may play 1 Backup of cost 2 or less from your hand onto the field.",
        [Effect("enters", "play", 0, CardFilter(type="backup", cost_max=2), optional=True)],
    ),
    ("Mogが場に出た時、カードを1枚引く。", [Effect("enters", "draw", 1)]),
    ("Mogがアタックした時、カードを2枚引く。", [Effect("attacks", "draw", 2)]),
    ("Mogが場に出た時、相手に1ポイントのダメージを与える。", [Effect("enters", "damage", 1)]),
    ("Mogは【ヘイスト】を得る。", [Effect("static", "haste")]),
    ("《Dull》: Produce 《Fire》.", [Effect("dull", "resource", 1, elements=("fire",))]),
    ("《Dull》: Produce 《Water》《Water》.", [Effect("dull", "resource", 2, elements=("water",))]),
    ("《ダル》：《雷》を生み出す。", [Effect("dull", "resource", 1, elements=("lightning",))]),
    (  # a card name with the card type after it: both are the filter's (issue 32)
        "When Mog enters the field, you may search for 1 Card Name Kupo Forward and add it to your hand.",
        [Effect("enters", "search", 1, CardFilter(type="forward", name="Kupo"), optional=True)],
    ),
    (  # either of two: the filter's `any_of`
        "When Mog enters the field, you may search for 1 Category VII Forward or Job Kupo and add it to your"
        " hand.",
        [
            Effect(
                "enters",
                "search",
                1,
                CardFilter(
                    any_of=(CardFilter(type="forward", traits=("VII",)), CardFilter(traits=("Kupo",)))
                ),
                optional=True,
            )
        ],
    ),
    (
        # the real wording issue 32 found misread as the name "Kupo or": either a name or a type (any_of)
        "When Mog enters the field, you may search for 1 Card Name Kupo or Monster and add it to your hand.",
        [
            Effect(
                "enters",
                "search",
                1,
                CardFilter(any_of=(CardFilter(name="Kupo"), CardFilter(type="monster"))),
                optional=True,
            )
        ],
    ),
    (
        "When Mog enters the field, you may play 1 Water Forward of cost 3 or less from your hand onto the"
        " field.",
        [
            Effect(
                "enters", "play", 0, CardFilter(type="forward", colors=("water",), cost_max=3), optional=True
            )
        ],
    ),
]


@pytest.mark.parametrize(("text", "effects"), READS, ids=[t for t, _ in READS])
def test_reader_reads_each_shape(text, effects) -> None:
    reading = read_text("fftcg", text, "Mog")
    assert list(reading.effects) == effects and reading.unread == ()


@pytest.mark.parametrize(
    "text",
    [
        "When a Forward enters the field, draw 1 card.",  # another card's trigger, not Mog's
        "When Kupo enters the field, draw 1 card.",  # another card's name
        "Mog gains Haste if you control 3 or more Backups.",
        "《Dull》: Produce 《Fire》《Ice》.",  # one CP of each of two elements: not "n CP of any of them"
        # "or" names two things; a filter names one
        "When Mog enters the field, reveal the top 3 cards of your deck. Add 1 Job Warrior or Card Name"
        " Warrior among them to your hand and return the other cards to the bottom of your deck in any"
        " order.",
        # the real wordings issue 32 found misread: an "other than" an element, an "or" that the filter
        # cannot say
        "When Mog enters the field, you may search for 1 Job Manikin other than Lightning and add it to your"
        " hand.",
        "When Mog enters the field, you may search for 1 Category VII Forward or Job Kupo of cost 3 or less"
        " and add it to your hand.",  # "of cost": of which of the two?
        # three kinds at once, one of each: a filter names one kind
        "When Mog enters the field, reveal the top 3 cards of your deck. Add 1 Forward, 1 Backup, and 1"
        " Summon among them to your hand, and put the rest of the cards into the Break Zone.",
        "When Mog enters the field, you may search for 1 card and put it into the Break Zone.",
    ],
)
def test_reader_leaves_what_it_cannot_read_in_full(text) -> None:
    reading = read_text("fftcg", text, "Mog")
    assert reading.effects == () and reading.unread == (text,)


@pytest.mark.parametrize(("going", "drawn"), [("first", 1), ("second", 2)])
def test_a_search_takes_the_named_card_from_anywhere_in_the_deck(going, drawn) -> None:
    scout = Card(
        "T2-001",
        "Scout",
        "forward",
        ("fire",),
        2,
        keywords=("multi-playable",),
        text="When Scout enters the field, you may search for 1 [Card Name (Moogle)] and add it to your"
        " hand.",
    )
    moogle = Card("T2-002", "Moogle", "forward", ("fire",), 2, keywords=("multi-playable",))
    filler = Card("T2-003", "Tester", "forward", ("fire",), 2, keywords=("multi-playable",))
    cards = {c.number: c for c in (scout, moogle, filler)}
    deck = Deck(
        "fftcg",
        "constructed",
        {"main": (DeckEntry("T2-001", 1), DeckEntry("T2-002", 1), DeckEntry("T2-003", 48))},
        cards,
    )
    order = ["T2-001"] + ["T2-003"] * 40 + ["T2-002"] + ["T2-003"] * 8  # Scout in hand, Moogle 42nd
    log = SIM.play_stacked(deck, SIM.params(going=going, max_turns=1), order)
    assert "Scout (T2-001): search the deck, Moogle (T2-002) to the hand, shuffle" in [
        e.text for e in log.events
    ]
    before = next(i for i, e in enumerate(log.events) if e.text.startswith("Scout (T2-001): search"))
    # going second it is cast (or pays) the same turn; going first the 6 cards are all planned already
    used = any("Moogle (T2-002)" in e.text for e in log.events[before + 1 :])
    assert used == (going == "second") and log.final["hand"] == (1 if going == "first" else 0)
    assert log.final["deck"] == 50 - 5 - drawn - 1  # hand, turn 1's draws, the card found
    off = SIM.play_stacked(deck, SIM.params(going=going, max_turns=1, policy={"card_effects": False}), order)
    assert off.final["deck"] == 50 - 5 - drawn


@pytest.mark.parametrize(("going", "drawn"), [("first", 1), ("second", 2)])
def test_a_search_for_either_name_takes_the_first_card_either_names(going, drawn) -> None:
    """Scout searches for "Card Name Moogle or Card Name Kupo": Kupo lies 42nd, Moogle 45th, so the search
    (top to bottom, the first card its filter names) takes Kupo, and the deck is one card shorter. A Tester
    named by neither is never taken; with card effects off nothing is searched."""
    scout = Card(
        "T2-001",
        "Scout",
        "forward",
        ("fire",),
        2,
        keywords=("multi-playable",),
        text="When Scout enters the field, you may search for 1 Card Name Moogle or Card Name Kupo and add it"
        " to your hand.",
    )
    moogle = Card("T2-002", "Moogle", "forward", ("fire",), 2, keywords=("multi-playable",))
    filler = Card("T2-003", "Tester", "forward", ("fire",), 2, keywords=("multi-playable",))
    kupo = Card("T2-004", "Kupo", "forward", ("fire",), 2, keywords=("multi-playable",))
    cards = {c.number: c for c in (scout, moogle, filler, kupo)}
    main = (DeckEntry("T2-001", 1), DeckEntry("T2-002", 1), DeckEntry("T2-003", 47), DeckEntry("T2-004", 1))
    deck = Deck("fftcg", "constructed", {"main": main}, cards)
    order = ["T2-001"] + ["T2-003"] * 40 + ["T2-004"] + ["T2-003"] * 2 + ["T2-002"] + ["T2-003"] * 5
    log = SIM.play_stacked(deck, SIM.params(going=going, max_turns=1), order)
    texts = [e.text for e in log.events]
    assert "Scout (T2-001): search the deck, Kupo (T2-004) to the hand, shuffle" in texts
    assert log.final["deck"] == 50 - 5 - drawn - 1  # hand, turn 1's draws, the card found
    off = SIM.play_stacked(deck, SIM.params(going=going, max_turns=1, policy={"card_effects": False}), order)
    assert off.final["deck"] == 50 - 5 - drawn


PLAY_FORWARD = (
    "When NAME enters the field, you may play 1 Forward of cost 2 or less from your hand onto the field."
)


@pytest.mark.parametrize(("going", "threshold"), [("first", 5), ("second", 6)])
def test_a_free_play_chains_through_the_hand(going, threshold) -> None:
    # Turn 1 going first: 6 cards, one cast paid with one discard, and each Forward that enters plays
    # the next from the hand: 5 Forwards; turn 2 they attack for 5. Going second: 7 cards, 6 Forwards,
    # 6 damage on turn 2. Vanilla: 3 Forwards on turn 1, 3 damage on turn 2, the win on turn 3.
    deck = deck_with(PLAY_FORWARD)
    log = SIM.play_logged(deck, SIM.params(going=going, max_turns=1), 3, 0)
    plays = [e.text for e in log.events if "from the hand onto the field at no cost" in e.text]
    assert len(plays) == threshold - 1 and log.final["forwards"] == threshold
    assert kill_turns(deck, going, opp_damage_threshold=threshold) == {2: GAMES}
    assert kill_turns(deck_with(), going, opp_damage_threshold=threshold) == {3: GAMES}


def test_a_free_play_takes_only_what_its_filter_names() -> None:
    # Every card costs 3: "cost 2 or less" finds nothing, so the deck plays like the vanilla cost-3 deck.
    params = SIM.params()
    assert SIM.run_batch(deck_with(PLAY_FORWARD, cost=3), params, 9, 0, 200) == SIM.run_batch(
        deck_with(cost=3), params, 9, 0, 200
    )


@pytest.mark.parametrize(("going", "forwards", "hand"), [("first", 2, 3), ("second", 3, 0)])
def test_a_free_play_of_an_element_takes_only_a_card_of_that_element(going, forwards, hand) -> None:
    """Hand: Herald (Fire, 2: "you may play 1 Fire Forward of cost 2 or less"), Wetling (Water, 2),
    Emberling (Fire, 1) and Titans (Fire, 5); turn 1 draws one more Titan (two going second). Herald is
    cast by discarding a Titan and plays Emberling for free: Wetling costs more but is not Fire (played
    for its cost it would be the pick). Wetling is never cast (no Water CP but itself). Going first the
    hand keeps Wetling and 2 Titans (a Titan needs 3 discards); going second a Titan is cast by
    discarding Wetling and 2 Titans. Without the text, Emberling is cast with a Titan discarded."""
    herald = Card(
        "T4-001", "Herald", "forward", ("fire",), 2, keywords=("multi-playable",),
        text="When Herald enters the field, you may play 1 Fire Forward of cost 2 or less from your hand onto"
        " the field.",
    )  # fmt: skip
    wet = Card("T4-002", "Wetling", "forward", ("water",), 2, keywords=("multi-playable",))
    ember = Card("T4-003", "Emberling", "forward", ("fire",), 1, keywords=("multi-playable",))
    titan = Card("T4-004", "Titan", "forward", ("fire",), 5, keywords=("multi-playable",))
    main = tuple(DeckEntry(n, 1) for n in ("T4-001", "T4-002", "T4-003")) + (DeckEntry("T4-004", 47),)
    deck = Deck("fftcg", "constructed", {"main": main}, {c.number: c for c in (herald, wet, ember, titan)})
    order = ["T4-001", "T4-002", "T4-003"] + ["T4-004"] * 47
    log = SIM.play_stacked(deck, SIM.params(going=going, max_turns=1), order)
    texts = [e.text for e in log.events]
    assert "Herald (T4-001): play Emberling (T4-003) from the hand onto the field at no cost" in texts
    assert not any("Wetling (T4-002) from the hand" in t for t in texts)
    assert (log.final["forwards"], log.final["hand"]) == (forwards, hand)
    off = SIM.play_stacked(deck, SIM.params(going=going, max_turns=1, policy={"card_effects": False}), order)
    assert "cast Emberling (T4-003) for 1 CP by discarding Titan (T4-004)" in [e.text for e in off.events]
    assert (off.final["forwards"], off.final["hand"]) == (2, 2 if going == "first" else 3)


def test_a_free_play_is_reported_as_played() -> None:
    text = PLAY_FORWARD.replace("NAME", "Mog")
    card = Card("T-1", "Mog", "forward", ("fire",), 2, text=text)
    deck = Deck("fftcg", "constructed", {"main": (DeckEntry("T-1", 50),)}, {"T-1": card})
    report = text_report(deck, SIM.params().policy)
    assert report.not_played == () and report.played_share == 1.0


@pytest.mark.parametrize("going", ["first", "second"])
def test_the_plan_casts_the_card_whose_text_plays_before_a_vanilla_one(going) -> None:
    # 6 (going first) or 7 (second) cards of cost 3, the Drawer fifth: two casts, each paid with two
    # discards. With card text the plan casts the Forward whose entering draws (and so keeps the card
    # count of the turn), although a vanilla card has the lower card number; without it, the lower card
    # numbers go first.
    plain = Card("T1-001", "Plain", "forward", ("fire",), 3, keywords=("multi-playable",))
    drawer = Card(
        "T1-002", "Drawer", "forward", ("fire",), 3, keywords=("multi-playable",),
        text="When Drawer enters the field, draw 1 card.",
    )  # fmt: skip
    deck = Deck(
        "fftcg", "constructed", {"main": (DeckEntry("T1-001", 25), DeckEntry("T1-002", 25))},
        {"T1-001": plain, "T1-002": drawer},
    )  # fmt: skip
    order = ["T1-001"] * 4 + ["T1-002"] + ["T1-001"] * 2 + ["T1-002"] * 24 + ["T1-001"] * 19
    for effects, cast in ((True, ["Drawer", "Plain"]), (False, ["Plain", "Plain"])):
        params = SIM.params(going=going, max_turns=1, policy={"card_effects": effects})
        log = SIM.play_stacked(deck, params, order)
        assert [e.text.split()[1] for e in log.events if e.text.startswith("cast ")] == cast


@pytest.mark.parametrize("going", ["first", "second"])
def test_a_search_by_type_and_cost_skips_the_cards_it_does_not_name(going) -> None:
    # The Seer in hand, cast by discarding a cost-5 card; the deck's next cards cost 5, a cost-3 Forward
    # is 42nd. The search for "1 Forward of cost 3 or less" passes over the cost-5 ones and takes it.
    seer = Card(
        "T3-001", "Seer", "forward", ("fire",), 2, keywords=("multi-playable",),
        text="When Seer enters the field, you may search for 1 Forward of cost 3 or less and add it to your"
        " hand.",
    )  # fmt: skip
    small = Card("T3-002", "Squire", "forward", ("fire",), 3, keywords=("multi-playable",))
    big = Card("T3-003", "Titan", "forward", ("fire",), 5, keywords=("multi-playable",))
    deck = Deck(
        "fftcg", "constructed",
        {"main": (DeckEntry("T3-001", 1), DeckEntry("T3-002", 1), DeckEntry("T3-003", 48))},
        {c.number: c for c in (seer, small, big)},
    )  # fmt: skip
    order = ["T3-001"] + ["T3-003"] * 40 + ["T3-002"] + ["T3-003"] * 8
    log = SIM.play_stacked(deck, SIM.params(going=going, max_turns=1), order)
    assert "Seer (T3-001): search the deck, Squire (T3-002) to the hand, shuffle" in [
        e.text for e in log.events
    ]


def _seeker(number: str, name: str, card_type: str, cost: int, color: str = "fire", job: str = "") -> Card:
    return Card(
        number, name, card_type, (color,), cost, keywords=("multi-playable",), traits=(job,) if job else ()
    )


@pytest.mark.parametrize("going", ["first", "second"])
@pytest.mark.parametrize(
    ("wanted", "decoy", "target"),
    [
        # an exact cost: the cost-2 Forward is "of cost 3 or less" but not "of cost 3"
        ("1 Forward of cost 3", ("Squire", "forward", 2), ("Knight", "forward", 3)),
        # a smallest cost: the cost-3 Forward is not "of cost 5 or more"
        ("1 Forward of cost 5 or more", ("Knight", "forward", 3), ("Titan", "forward", 5)),
        # "Character": a Forward, Backup or Monster of the element, never a Summon
        ("1 Water Character", ("Tide", "summon", 2), ("Well", "backup", 2)),
    ],
)
def test_a_search_by_exact_or_smallest_cost_or_for_a_character_skips_what_it_does_not_name(
    going, wanted, decoy, target
) -> None:
    """The Seer in hand, cast by discarding a Flare (a Fire Summon of cost 5, which no search here names);
    the deck's 42nd card is a decoy the filter does not name, its 43rd the target, which the search takes
    (top to bottom, the first card its filter names). With card effects off nothing is searched."""
    seer = Card(
        "T3-001", "Seer", "forward", ("fire",), 2, keywords=("multi-playable",),
        text=f"When Seer enters the field, you may search for {wanted} and add it to your hand.",
    )  # fmt: skip
    flare = _seeker("T3-002", "Flare", "summon", 5)
    fake = _seeker("T3-003", decoy[0], decoy[1], decoy[2], color="water")
    real = _seeker("T3-004", target[0], target[1], target[2], color="water")
    main = (DeckEntry("T3-001", 1), DeckEntry("T3-002", 47), DeckEntry("T3-003", 1), DeckEntry("T3-004", 1))
    deck = Deck("fftcg", "constructed", {"main": main}, {c.number: c for c in (seer, flare, fake, real)})
    order = ["T3-001"] + ["T3-002"] * 40 + ["T3-003", "T3-004"] + ["T3-002"] * 7
    log = SIM.play_stacked(deck, SIM.params(going=going, max_turns=1), order)
    texts = [e.text for e in log.events]
    assert f"Seer (T3-001): search the deck, {target[0]} (T3-004) to the hand, shuffle" in texts
    off = SIM.play_stacked(deck, SIM.params(going=going, max_turns=1, policy={"card_effects": False}), order)
    assert not any("search" in e.text for e in off.events)


@pytest.mark.parametrize("going", ["first", "second"])
def test_a_search_other_than_its_own_name_passes_over_its_copies(going) -> None:
    """ "search for 1 Job Guard other than Card Name Seer": a second Seer (a Guard too) lies 42nd, a Warden
    (a Guard) 43rd; the search passes over the Seer and takes the Warden. The Flares (Summons, no job)
    pay and fill."""
    seer = Card(
        "T3-001", "Seer", "forward", ("fire",), 2, keywords=("multi-playable",), traits=("Guard",),
        text="When Seer enters the field, you may search for 1 Job Guard other than Card Name Seer and add"
        " it to your hand.",
    )  # fmt: skip
    flare = _seeker("T3-002", "Flare", "summon", 5)
    warden = _seeker("T3-004", "Warden", "forward", 2, job="Guard")
    main = (DeckEntry("T3-001", 2), DeckEntry("T3-002", 47), DeckEntry("T3-004", 1))
    deck = Deck("fftcg", "constructed", {"main": main}, {c.number: c for c in (seer, flare, warden)})
    order = ["T3-001"] + ["T3-002"] * 40 + ["T3-001", "T3-004"] + ["T3-002"] * 7
    log = SIM.play_stacked(deck, SIM.params(going=going, max_turns=1), order)
    assert "Seer (T3-001): search the deck, Warden (T3-004) to the hand, shuffle" in [
        e.text for e in log.events
    ]


@pytest.mark.parametrize(("going", "drawn"), [("first", 1), ("second", 2)])
def test_a_search_for_up_to_2_takes_the_first_2_cards_it_names(going, drawn) -> None:
    """ "search for up to 2 Card Name Odin": the deck's 3 Odins lie 42nd, 45th and 48th; the search takes
    the first 2 (top to bottom), then shuffles once. The Flares (Summons) pay and fill. With one Odin in
    the deck it takes that one."""
    caller = Card(
        "T3-001", "Caller", "forward", ("fire",), 2, keywords=("multi-playable",),
        text="When Caller enters the field, you may search for up to 2 Card Name Odin and add them to your"
        " hand.",
    )  # fmt: skip
    flare = _seeker("T3-002", "Flare", "summon", 5)
    odin = _seeker("T3-004", "Odin", "forward", 2)
    main = (DeckEntry("T3-001", 1), DeckEntry("T3-002", 46), DeckEntry("T3-004", 3))
    deck = Deck("fftcg", "constructed", {"main": main}, {c.number: c for c in (caller, flare, odin)})
    order = ["T3-001"] + ["T3-002"] * 40 + (["T3-004"] + ["T3-002"] * 2) * 3
    log = SIM.play_stacked(deck, SIM.params(going=going, max_turns=1), order)
    found = [e.text for e in log.events if e.text.startswith("Caller (T3-001): search")]
    assert found == ["Caller (T3-001): search the deck, Odin (T3-004) to the hand, shuffle"] * 2
    assert log.final["deck"] == 50 - 5 - drawn - 2
    one = Deck("fftcg", "constructed", {"main": (main[0], DeckEntry("T3-002", 48), DeckEntry("T3-004", 1))},
               deck.cards)  # fmt: skip
    order = ["T3-001"] + ["T3-002"] * 40 + ["T3-004"] + ["T3-002"] * 8
    log = SIM.play_stacked(one, SIM.params(going=going, max_turns=1), order)
    assert log.final["deck"] == 50 - 5 - drawn - 1


def loot_deck(text: str) -> tuple[Deck, list[str]]:
    """The Looter (a Fire Forward of cost 2 with `text`) and 4 Flares (Fire Summons of cost 5: fuel, kept
    least) in hand, a Flare then 25 Lancers (vanilla Fire Forwards of cost 2) next, 19 Flares below."""
    looter = Card("T4-001", "Looter", "forward", ("fire",), 2, keywords=("multi-playable",), text=text)
    flare = _seeker("T4-002", "Flare", "summon", 5)
    lancer = _seeker("T4-003", "Lancer", "forward", 2)
    main = (DeckEntry("T4-001", 1), DeckEntry("T4-002", 24), DeckEntry("T4-003", 25))
    deck = Deck("fftcg", "constructed", {"main": main}, {c.number: c for c in (looter, flare, lancer)})
    return deck, ["T4-001"] + ["T4-002"] * 5 + ["T4-003"] * 25 + ["T4-002"] * 19


LOOT_ENTERS = "When Looter enters the field, draw 2 cards, then discard 1 card from your hand."
LOOT_ATTACKS = "When Looter attacks, draw 1 card, then discard 1 card."


@pytest.mark.parametrize(
    ("going", "lancers", "damage", "hand", "broken", "vanilla_damage"),
    [
        # Going first: Looter and 5 Flares; the Looter (paid with a Flare) draws 2 Lancers and discards a
        # Flare (a Summon: kept least), 2 Flares pay the 2 Lancers; turn 2 draws 2 Lancers, 1 cast with
        # the last Flare; the Looter and 2 Lancers hit: 3. Vanilla: no Lancer on turn 1, only the Looter
        # hits on turn 2.
        ("first", 3, 3, 1, 5, 1),
        # Going second: Looter, 5 Flares and a Lancer; the loot leaves 3 Flares and 3 Lancers, all cast;
        # turn 2's 2 Lancers: 1 cast with the other; 4 hit. Vanilla: the Looter and a Lancer on turn 1.
        ("second", 4, 4, 0, 6, 2),
    ],
)
def test_a_draw_then_a_discard_when_it_enters_discards_the_card_kept_least(
    going, lancers, damage, hand, broken, vanilla_damage
) -> None:
    deck, order = loot_deck(LOOT_ENTERS)
    log = SIM.play_stacked(deck, SIM.params(going=going, max_turns=2), order)
    turn_1 = [e.text for e in log.events if e.turn == 1 and e.phase == "main 1"]
    assert turn_1[1:4] == [
        "Looter (T4-001): draw Lancer (T4-003)",
        "Looter (T4-001): draw Lancer (T4-003)",
        "Looter (T4-001): discard Flare (T4-002)",
    ]
    assert log.final["forwards"] == 1 + lancers and log.final["opp_damage"] == damage
    assert log.final["hand"] == hand and log.final["break_zone"] == broken
    off = SIM.play_stacked(deck, SIM.params(going=going, max_turns=2, policy={"card_effects": False}), order)
    assert off.final["opp_damage"] == vanilla_damage


@pytest.mark.parametrize(("going", "damage", "hand"), [("first", 1, 0), ("second", 2, 1)])
def test_a_draw_then_a_discard_when_it_attacks_casts_the_new_card_in_main_phase_2(
    going, damage, hand
) -> None:
    """Going first: turn 1 casts the Looter (a Flare); turn 2 draws 2 Lancers, cast with 2 Flares; the
    Looter attacks, draws a Lancer and discards a Flare: the hand holds as many cards as before, yet main
    phase 2 casts the new Lancer with the last Flare. Going second: the Looter and a Lancer on turn 1 (3
    Flares left), 2 Lancers on turn 2 (1 Flare left); the Looter's draw and discard leave a Lancer and
    no CP; the Looter and the first Lancer hit."""
    deck, order = loot_deck(LOOT_ATTACKS)
    log = SIM.play_stacked(deck, SIM.params(going=going, max_turns=2), order)
    attack = [e.text for e in log.events if e.phase == "attack"]
    assert attack[:3] == [
        "Looter (T4-001): draw Lancer (T4-003)",
        "Looter (T4-001): discard Flare (T4-002)",
        "Looter (T4-001) attacks: opponent damage 1",
    ]
    main_2 = [e.text for e in log.events if e.phase == "main 2"]
    assert main_2 == (
        ["cast Lancer (T4-003) for 2 CP by discarding Flare (T4-002)"] if going == "first" else []
    )
    assert log.final["opp_damage"] == damage and log.final["hand"] == hand


def test_a_draw_then_a_discard_is_read_whole_and_reported_as_played() -> None:
    for text, when in ((LOOT_ENTERS, "enters"), (LOOT_ATTACKS, "attacks")):
        effects = read_text("fftcg", text, "Looter").effects
        drawn = 2 if when == "enters" else 1
        assert effects == (Effect(when, "draw", drawn), Effect(when, "discard", 1))
        card = Card("T4-001", "Looter", "forward", ("fire",), 2, text=text)
        assert [p.status for p in card_parts("fftcg", card, {})] == ["played"]
    # the discard first, or a choice of what is discarded: another ability
    for text in (
        "When Looter enters the field, discard 1 card, then draw 2 cards.",
        "When Looter enters the field, draw 1 card, then discard 1 Summon from your hand.",
        "When Looter enters the field, you may draw 1 card, then discard 1 card.",
    ):
        assert read_text("fftcg", text, "Looter").unread == (text,)


# ---- "《Dull》: Produce 《E》": a source of payments (docs/rules/fftcg.md §7.3, §11.1) ----

PRODUCE_FIRE = "《Dull》: Produce 《Fire》."


def stable_deck(text: str = PRODUCE_FIRE) -> tuple[Deck, list[str]]:
    """A Fire Monster of cost 1 that makes Fire CP on top of 49 vanilla Fire Forwards of cost 3."""
    cards = {
        "T1-001": Card("T1-001", "Stable", "monster", ("fire",), 1, keywords=("multi-playable",), text=text),
        "T1-002": Card("T1-002", "Lancer", "forward", ("fire",), 3, keywords=("multi-playable",)),
    }
    deck = Deck("fftcg", "constructed", {"main": (DeckEntry("T1-001", 1), DeckEntry("T1-002", 49))}, cards)
    return deck, ["T1-001"] + ["T1-002"] * 49


def casts(going: str, **policy: object) -> dict[int, list[str]]:
    deck, order = stable_deck()
    log = SIM.play_stacked(deck, SIM.params(going=going, max_turns=2, policy=policy), order)
    return {t: [e.text for e in log.events if e.turn == t and e.text.startswith("cast")] for t in (1, 2)}


STABLE = "cast Stable (T1-001) for 1 CP by discarding Lancer (T1-002)"
WITH_STABLE = "cast Lancer (T1-002) for 3 CP by discarding Lancer (T1-002) and dulling Stable (T1-001)"
TWO_DISCARDS = "cast Lancer (T1-002) for 3 CP by discarding Lancer (T1-002), Lancer (T1-002)"


@pytest.mark.parametrize("going", ["first", "second"])
def test_a_monster_that_makes_cp_pays_the_turn_it_enters(going) -> None:
    # Hand Stable + 4 Lancers, then 1 (first) or 2 (second) Lancers drawn. Stable goes with the Backups
    # (1 CP: a discard, excess 1 allowed) and, by OQ-15, pays at once: a Lancer by 1 discard (2) and
    # Stable (1). Going first 2 Lancers are left, going second 3: one more Lancer by 2 discards (4 CP,
    # excess 1); going second 1 card stays in hand. Turn 2: Stable again, with 1 discard.
    turn1 = [STABLE, WITH_STABLE] + ([TWO_DISCARDS] if going == "second" else [])
    assert casts(going) == {1: turn1, 2: [WITH_STABLE]}


@pytest.mark.parametrize("going", ["first", "second"])
def test_without_oq15_the_monster_pays_from_its_next_turn(going) -> None:
    # Stable cannot be dulled the turn it enters: the 4 (5) Lancers left pay for one Lancer by 2
    # discards, and 1 (2) stay in hand.
    assert casts(going, monster_dull_first_turn=False) == {1: [STABLE, TWO_DISCARDS], 2: [WITH_STABLE]}


def test_a_monster_without_played_text_is_not_cast() -> None:
    deck, order = stable_deck(text="")
    log = SIM.play_stacked(deck, SIM.params(going="first", max_turns=1), order)
    assert not any("cast Stable" in e.text for e in log.events)


def brave_deck(text: str) -> Deck:
    """The module's identical deck, of Brave Forwards of cost 3 (2 discards or a discard and a CP)."""
    deck = deck_with(text, cost=3)
    cards = {n: replace(c, keywords=("multi-playable", "brave")) for n, c in deck.cards.items()}
    return replace(deck, cards=cards)


@pytest.mark.parametrize(
    ("going", "threshold", "kill", "vanilla_kill"), [("first", 5, 3, 4), ("second", 9, 4, 5)]
)
def test_a_brave_forward_that_makes_cp_pays_after_its_attack(going, threshold, kill, vanilla_kill) -> None:
    # A cast takes 3 cards (itself, 2 discards) or, in main phase 2, CP of Brave Forwards that attacked
    # (still active, controlled since the turn began; 11.6.2.2). Going first: turn 1, 6 cards, 2 Forwards;
    # turn 2, 2 cards: none in main 1, 2 attack (2), then main 2 casts 1 by a discard and one Forward's
    # CP; turn 3, 2 cards: 3 attack (5), main 2 casts 1 by 3 Forwards' CP. Vanilla: 2 attack on turns 2
    # and 3 (4), so 5 takes turn 4. Going second: turn 1, 7 cards, 2 Forwards, 1 kept; turn 2, 3 cards,
    # 1 Forward, 2 attack (2), nothing left for main 2; turn 3, 2 cards: 3 attack (5), main 2 casts 1 by
    # 3 CP; turn 4: 3 cards, 1 Forward, 4 attack (9). Vanilla: turn 3 casts nothing, turn 4 1 Forward,
    # 3 attack (8), so 9 takes turn 5.
    assert kill_turns(brave_deck(PRODUCE_FIRE), going, opp_damage_threshold=threshold) == {kill: GAMES}
    assert kill_turns(brave_deck(""), going, opp_damage_threshold=threshold) == {vanilla_kill: GAMES}
    log = SIM.play_logged(brave_deck(PRODUCE_FIRE), SIM.params(going=going, max_turns=3), 3, 0)
    (main2,) = [e.text for e in log.events if e.turn == 3 and e.phase == "main 2"]
    assert main2.startswith("cast") and " by dulling " in main2 and main2.count("(T1-") == 4


def test_a_forward_that_makes_cp_attacks_rather_than_pay() -> None:
    # Without Brave an attacker is dull (10.1.2.2): the text never pays, and the game is the vanilla one.
    params = SIM.params(going="second")
    text = deck_with(PRODUCE_FIRE, cost=3)
    assert SIM.run_batch(text, params, 4, 0, 200) == SIM.run_batch(deck_with(cost=3), params, 4, 0, 200)


def test_cp_making_text_is_reported_as_played_and_a_mixed_one_is_not() -> None:
    deck, _ = stable_deck()
    assert text_report(deck, SIM.params().policy).not_played == ()
    mixed, _ = stable_deck(text="《Dull》: Produce 《Fire》《Ice》.")
    (unplayed,) = text_report(mixed, SIM.params().policy).not_played
    assert (unplayed.number, unplayed.copies, unplayed.unplayed_text) == (
        "T1-001",
        1,
        "《Dull》: Produce 《Fire》《Ice》.",
    )


@pytest.mark.parametrize("going", ["first", "second"])
def test_a_backup_that_gives_every_forward_haste_lets_them_attack_at_once(going) -> None:
    # The Banner (a Backup, cost 2) on top, then vanilla Forwards of cost 2. Turn 1: the Banner first
    # (Backups first on the first turns, paid by a discard), then the 4 (going second 5) Forwards left pay
    # for 2 casts. With "Forwards you control gain Haste." both attack at once: 2 damage; without, none.
    banner = Card("T5-001", "Banner", "backup", ("fire",), 2, keywords=("multi-playable",),
                  text="Forwards you control gain Haste.")  # fmt: skip
    lancer = Card("T5-002", "Lancer", "forward", ("fire",), 2, keywords=("multi-playable",))
    deck = Deck(
        "fftcg", "constructed", {"main": (DeckEntry("T5-001", 1), DeckEntry("T5-002", 49))},
        {"T5-001": banner, "T5-002": lancer},
    )  # fmt: skip
    order = ["T5-001"] + ["T5-002"] * 49
    for effects, damage in ((True, 2), (False, 0)):
        params = SIM.params(going=going, max_turns=1, policy={"card_effects": effects})
        log = SIM.play_stacked(deck, params, order)
        assert sum(e.text.startswith("cast Lancer") for e in log.events) == 2
        assert log.final["opp_damage"] == damage


OFFICIAL = (  # a card as the official list marks its text up (research/card-data.md 1.2), fictional
    "[[ex]]EX BURST[[/]] When Mog enters the field, you may search for 1 [[i]]Card Name Kupo[[/]] and add "
    "it to your hand.[[br]][[i]]Damage 3 -- [[br]][[/]]Mog gains Haste.[[br]][[s]]Pom Dance[[/]] "
    "《S》《火》《ダル》: Choose 1 Forward. Deal it 5000 damage.[[br]]《ダル》: Produce 《火》."
)


def test_the_official_markup_is_read_as_the_card_prints_it() -> None:
    """[[br]] is a new line (one printed inside a tag goes before it), the tags leave their words, and the
    English text's icons take their English names, as the reader reads them; Japanese keeps its own."""
    assert get_game("fftcg").printed_text(OFFICIAL).splitlines() == [
        "EX BURST When Mog enters the field, you may search for 1 Card Name Kupo and add it to your hand.",
        "Damage 3 -- Mog gains Haste.",
        "Pom Dance 《S》《Fire》《Dull》: Choose 1 Forward. Deal it 5000 damage.",
        "《Dull》: Produce 《Fire》.",
    ]
    # A tag against punctuation leaves no space: the card prints "Card Name Cid." and "(Card Name Kupo)".
    closing = "search for 1 [[i]]Card Name Cid[[/]]. Choose 1 Forward ([[i]]Card Name Kupo[[/]]), then draw."
    assert get_game("fftcg").printed_text(closing) == (
        "search for 1 Card Name Cid. Choose 1 Forward (Card Name Kupo), then draw."
    )
    japanese = "[[ex]]EX BURST[[/]] モグが場に出た時、カードを1枚引く。[[br]]《ダル》：《火》を生み出す。"
    assert get_game("fftcg").printed_text(japanese).splitlines() == [
        "EX BURST モグが場に出た時、カードを1枚引く。",
        "《ダル》：《火》を生み出す。",
    ]
    card = Card(
        number="1-001", name="Mog", type="forward", colors=("fire",), cost=2, power=5000, text=OFFICIAL
    )
    assert read_text("fftcg", OFFICIAL, "Mog").effects == (
        Effect("enters", "search", 1, CardFilter(name="Kupo"), optional=True),
        Effect("dull", "resource", 1, elements=("fire",)),
    )
    parts = {p.text: p.status for p in card_parts("fftcg", card, {})}
    assert parts["EX BURST"] == "moot"
    assert parts["Damage 3 -- Mog gains Haste."] == "moot"  # this opponent deals no damage
    assert parts["《Dull》: Produce 《Fire》."] == "played"
    # a special ability the autopilot never uses, whose only effect is removal
    assert parts["Pom Dance 《S》《Fire》《Dull》: Choose 1 Forward. Deal it 5000 damage."] == "moot"


def test_text_that_acts_only_on_the_opponents_cards_is_moot_and_a_choice_that_may_take_yours_is_not() -> None:
    """The goldfish opponent has no characters and plays nothing from its hand. "Choose 1 Forward" with no
    opposing Forward must choose one of yours (so it is not moot: played in the shapes the reader reads,
    test_fftcg_own_removal, else not played). Each ability is one part, its sentences together."""
    text = (
        "When Mog enters the field, choose 1 Forward opponent controls. Deal it 7000 damage.\n"
        "When Mog attacks, choose 1 Forward. Dull it and Freeze it.\n"
        "Your opponent discards 1 card.\n"
        "Choose 1 Forward opponent controls and 1 Forward you control. Break them.\n"
        "Deal 3000 damage to all the Forwards opponent controls."
    )
    card = Card(number="1-001", name="Mog", type="forward", colors=("fire",), cost=2, power=5000, text=text)
    assert [(p.text, p.status) for p in card_parts("fftcg", card, {})] == [
        ("When Mog enters the field, choose 1 Forward opponent controls. Deal it 7000 damage.", "moot"),
        ("When Mog attacks, choose 1 Forward. Dull it and Freeze it.", "unplayed"),
        ("Your opponent discards 1 card.", "moot"),
        ("Choose 1 Forward opponent controls and 1 Forward you control. Break them.", "unplayed"),
        ("Deal 3000 damage to all the Forwards opponent controls.", "moot"),
    ]


MOOT_BY_ONE_RULE = [  # (card type, ability, moot or not: issue 32's one rule, rules spec §11.2)
    # protection of a card of yours, for a while or always, of a chosen one whichever is chosen: nothing
    # here chooses, breaks, dulls, returns, removes or damages one
    ("forward", "Mog cannot be broken during your turn.", True),
    ("forward", "Mog cannot be returned to its owner's hand by opponent's Summons or abilities.", True),
    (
        "forward",
        "Characters you control cannot be returned to their owner's hand by your opponent's Summons or"
        " abilities.",
        True,
    ),
    (
        "forward",
        "When Mog enters the field or attacks, choose 1 Forward you control. It cannot be broken this turn.",
        True,
    ),
    (
        "backup",
        "《Earth》《1》《Dull》: Choose 1 Forward you control. During this turn, it cannot be returned to its"
        " owner's hand by your opponent's Summons or abilities.",
        True,
    ),
    ("backup", "When Mog enters the field, all the Forwards you control cannot be broken this turn.", True),
    # a choice of yours and of theirs, each needed: with none of theirs, it cannot be used at all (11.3.3)
    (
        "summon",
        "Choose 1 Forward you control and 1 Forward opponent controls. The former gains +2000 power until the"
        " end of the turn. Then, the former deals damage equal to its power to the latter.",
        True,
    ),
    (
        "forward",
        "When Mog enters the field, choose 1 Forward you control and 1 Forward opponent controls. Each"
        " Forward deals damage equal to its power to the other.",
        True,
    ),
    (  # "up to": the choice of theirs may be left empty, and the Forward of yours is still played
        "summon",
        "Choose 1 Forward of cost 3 or less in your Break Zone and up to 1 Forward opponent controls. Play"
        " the former onto the field dull and deal the latter 8000 damage.",
        False,
    ),
    # damage that grows with what you have, and power lost for a while: still removal or weakening
    (
        "summon",
        "Choose 1 Forward. Deal it 4000 damage and 1000 more damage for each Fire Backup you control.",
        True,
    ),
    ("backup", "《Dull》: Choose 1 Forward. Deal it 4000 damage for each Job Black Mage you control.", True),
    (
        "summon",
        "Choose 1 Forward. Until the end of the turn, it loses 1000 power for each Water Character you"
        " control.",
        True,
    ),
    (
        "forward",
        "When Mog enters the field, choose 1 Forward. Deal it 2000 damage for each Backup you control.",
        False,
    ),
    # a restriction on when it may be used changes nothing for an ability that is never used
    (
        "backup",
        "《Fire》《Dull》: Choose 1 Forward. Deal it 2000 damage. You can only use this ability if you"
        " control Card Name Kupo.",
        True,
    ),
    ("backup", "《Dull》: Draw 1 card. You can only use this ability if you control Card Name Kupo.", False),
    (
        "backup",
        "《Dull》: Choose 1 Forward. Until the end of the turn, it loses Haste, First Strike and Brave.",
        True,
    ),
    (
        "forward",
        "《1》: Choose 1 Forward. Dull it. You can only use this ability while Mog is attacking.",
        True,
    ),
    ("backup", "The Card Name Kupo you control gains First Strike during your turn.", True),
    ("backup", "The Card Name Kupo you control gains Haste during your turn.", False),
    (
        "forward",
        "When Mog enters the field, deal 4000 damage to all the Forwards opponent controls. If you control 5"
        " or more Earth Backups, deal 8000 damage to all the Forwards opponent controls instead.",
        True,
    ),
    (
        "forward",
        "When Mog enters the field, deal 4000 damage to all the Forwards opponent controls. If you control 5"
        " or more Earth Backups, draw 1 card.",
        False,
    ),
    # a condition on what the opponent controls after the trigger: it never holds
    (
        "forward",
        "When Mog enters the field, if your opponent controls a damaged Forward, draw 2 cards.",
        True,
    ),
    ("forward", "When Mog enters the field, if you control a damaged Forward, draw 2 cards.", False),
    ("summon", "Choose up to 3 dull Forwards. Break them. Your opponent discards 1 card.", True),
    ("forward", "Waterkick 《S》《Fire》: Choose 1 Forward. Dull it and deal it 6000 damage.", True),
    ("summon", "Choose 1 Forward. Break it. Draw 1 card.", False),
    # a chosen Forward, yours too, kept from blocking or made to block: yours never block
    ("forward", "When Mog attacks, choose 1 Forward. It cannot block this turn.", True),
    ("forward", "If possible, Mog must block.", True),
    (
        "backup",
        '《Fire》《Dull》: Choose 1 Forward. It gains "This Forward cannot block." until the end of the'
        " turn.",
        True,
    ),
    (
        "forward",
        "When Mog enters the field, you may pay 《Fire》. When you do so, choose 1 Forward. It gains"
        ' "If possible, this Forward must block." until the end of the turn.',
        True,
    ),
    ("forward", "When Mog attacks, choose 1 Forward. It cannot attack or block this turn.", False),
    # a cost it may pay or a condition before an effect on the opponent's side only
    (
        "forward",
        "When Mog enters the field, you may pay 《Fire》《Fire》《1》. When you do so, choose 1 Forward"
        " opponent controls. Deal it 7000 damage.",
        True,
    ),
    (
        "forward",
        "When Mog attacks, you may pay 《Ice》《Ice》, if you do so, your opponent discards 1 card from"
        " his/her hand.",
        True,
    ),
    (
        "forward",
        "When Mog enters the field, if the cost paid to play Mog included Ice CP, your opponent discards 1"
        " card from his/her hand.",
        True,
    ),
    # (paid with CP, the draw is read and played: engine/tests/test_fftcg_trades.py; with a Crystal, not)
    ("forward", "When Mog enters the field, you may pay 《C》. If you do so, draw 1 card.", False),
    (
        "forward",
        "When Mog enters the field, if you control Card Name Kupo, your opponent discards 1 card from his/her"
        " hand. Draw 1 card.",
        False,
    ),
    # power and protection together, each moot (test_fftcg_moot.py); a Forward that cannot become dull at
    # all (may it attack?) is not
    (
        "forward",
        "If you control Card Name Kupo, Mog gains +2000 power and Mog cannot be chosen by Summons.",
        True,
    ),
    ("forward", "Mog cannot become dull.", False),
    ("summon", "Choose 1 Forward you control. Dull it. It cannot be broken this turn.", False),
    # an action or special ability is never used (only "《Dull》: Produce"): removal on any Forward is moot,
    # with the restriction that follows it
    ("backup", "《Dull》, put Mog into the Break Zone: Choose 1 Forward. Deal it 4000 damage.", True),
    (
        "backup",
        "《Ice》《Dull》: Choose 1 Forward. Dull it and Freeze it. You can only use this ability during"
        " your turn.",
        True,
    ),
    (
        "backup",
        "《Dull》: Draw 1 card. You can only use this ability during your turn.",
        False,
    ),  # it would help
    # a Summon is never cast (fuel, §11.5)
    ("summon", "Choose 1 Forward. Break it.", True),
    ("summon", "Choose 1 Forward. It loses 4000 power until the end of the turn.", True),
    ("summon", "Draw 2 cards.", False),
    # an auto-ability must choose: one of yours when the opponent has none, unless the choice may be empty
    ("forward", "When Mog enters the field, choose 1 Forward. Dull it and Freeze it.", False),
    ("forward", "When Mog enters the field, choose up to 1 Forward. Deal it 4000 damage.", True),
    (
        "forward",
        "When Mog attacks, choose 1 Forward opponent controls. It loses 5000 power until the end of"
        " the turn.",
        True,
    ),
    ("forward", "When Mog enters the field, your opponent discards 1 card from his/her hand.", True),
    # blocks, battles, power, protection, the opponent's acts
    ("forward", "First Strike", True),
    ("forward", "Mog cannot be blocked by a Forward of cost 3 or more.", True),
    ("forward", "If you control Card Name Kupo, Mog gains +2000 power.", True),
    ("forward", "If Mog is dealt damage, reduce the damage by 2000 instead.", True),
    ("forward", "When Mog is chosen by your opponent's Summons or abilities, draw 1 card.", True),
    (  # that happens
        "forward",
        "When Mog deals damage to your opponent, choose 1 Character in your Break Zone. Add it to your hand.",
        False,
    ),
    # not attacking matters (unconditioned, it is played: test_fftcg_attack_flags.py)
    ("forward", "If 1 or less Time Counters are placed on Mog, Mog cannot attack or block.", False),
    ("forward", "Back Attack", False),  # a Forward cast in the opponent's turn: the timing matters
    # a power boost of your own chosen Forward changes nothing here either
    (
        "backup",
        "When Mog enters the field, choose 1 Forward you control. It gains +1000 power until the end of"
        " the turn.",
        True,
    ),
    # protection or a block alone is moot; with something the goldfish plays, it is not
    ("forward", "Mog cannot be chosen by your opponent's Summons or abilities.", True),
    ("forward", "Mog gains Haste and cannot be blocked.", False),
    (
        "forward",
        'Mog gains Haste and "Mog cannot be chosen by your opponent\'s Summons or abilities".',
        False,
    ),
    ("forward", "Mog cannot leave the field due to your opponent's Summons or abilities.", True),
    ("backup", "《Dull》: Choose 1 Forward. Deal it damage equal to Mog's power.", True),
    # only the opponent's acts damage a Forward here: a choice of a damaged one finds none
    ("forward", "When Mog enters the field, choose 1 damaged Forward. Break it.", True),
    # Summons are never cast (fuel): what they cost does not change what the autopilot does
    ("backup", "The cost required to cast your Water Summons is reduced by 1 (it cannot become 0).", True),
    (
        "forward",
        "The cost required to cast Mog is reduced by 2 for each card you have cast this turn.",
        False,
    ),
    # a restriction printed without its full stop still goes with its ability
    (
        "forward",
        "《0》: Choose 1 blocking Forward. Deal it 3000 damage. You can only use this ability once per turn",
        True,
    ),
    (
        "backup",
        "《Dull》, discard 1 Job Princess: Choose 1 Forward. During this turn, the next damage dealt to it"
        " becomes 0 instead.",
        True,
    ),
    ("forward", "When Mog enters the field, choose 1 dull Forward. You may deal it 5000 damage.", True),
    ("forward", "(Cards with 《LB》 cannot be included in your main deck.)", True),
    # a choice among quoted actions: moot only when the autopilot may select moot ones alone and would never
    # select the others (one it plays makes the whole played: test_fftcg_moot.py)
    (
        "forward",
        'When Mog enters the field, select 1 of the 2 following actions.\n"Choose 1 Forward opponent'
        ' controls. Break it."\n"Your opponent discards 1 card from his/her hand."',
        True,
    ),
    (
        "forward",
        'When Mog enters the field, select 1 of the 2 following actions.\n"Choose 1 Forward opponent'
        ' controls. Break it."\n"Activate Card Name Kupo and Card Name Lani you control."',
        False,
    ),
    # no character ever leaves the field here: this opponent removes none, the autopilot plays nothing that
    # does; a discard puts a card into the Break Zone from the hand, which happens
    ("forward", "When Mog is put from the field into the Break Zone, draw 1 card.", True),
    ("backup", "When Mog leaves the field, draw 1 card.", True),
    ("forward", "When a Forward you control is put from the field into the Break Zone, activate Mog.", True),
    ("forward", "If Mog leaves the field, return Mog to your hand instead.", True),
    (
        "forward",
        "When Mog enters the field or is put from the field into the Break Zone, draw 1 card.",
        False,
    ),
    ("forward", "When Mog is put into the Break Zone, draw 1 card.", False),
    # you receive no damage: a condition on it never holds, a trigger on it never fires; the condition
    # governs one sentence only
    ("forward", "If you have received 5 points of damage or more, Mog gains Haste.", True),
    ("forward", "When you receive a point of damage, draw 1 card.", True),
    (
        "forward",
        "When you receive a fifth point of damage, you may pay 《Fire》. When you do so, play Mog onto the"
        " field dull. This effect will trigger only if Mog is in the Break Zone.",
        True,
    ),
    (
        "forward",
        "During each turn, when Mog is chosen by your opponent's Summon or ability for the first time in that"
        " turn, cancel its effect.",
        True,
    ),
    (
        "forward",
        "If you have received 3 points of damage or more, Mog gains Brave. When Mog enters the field, draw 1"
        " card.",
        False,
    ),
    ("forward", "If your opponent has received 5 points of damage or more, Mog gains Haste.", False),
    # a Summon's own casting: it is never cast; a character's cost reduction is another matter
    ("summon", "You can only cast Mog during your turn.", True),
    (
        "summon",
        "If a Fire Forward has entered your field this turn, the cost required to cast Mog is reduced by 3.",
        True,
    ),
    (
        "summon",
        "Before paying the cost to cast Mog, you can pay 《C》 to reduce the cost required to cast Mog by 2.",
        True,
    ),
    (
        "summon",
        "If you cast Mog, you may remove 10 Fire cards in your Break Zone from the game as an extra cost.",
        True,
    ),
    (
        "forward",
        "If you control a Category VII Character of an Element other than Lightning, the cost required to"
        " cast Mog is reduced by 2.",
        False,
    ),
    # crystals pay only for abilities the autopilot never uses
    ("backup", "When Mog enters the field, gain 《C》.", True),
    ("backup", "《Earth》《Dull》: Gain 《C》.", True),
    ("forward", "Mog Blade 《S》《Fire》: Choose 1 Forward of cost 5 or less. Break it. Gain 《C》.", True),
    ("forward", "When Mog enters the field, draw 1 card. Gain 《C》.", False),
    # Brave keeps an attacker active, which matters to no cost the autopilot pays (CP aside: below)
    ("forward", "If you control Card Name Kupo, Mog gains +1000 power and Brave.", True),
    ("forward", "《1》: Mog gains Brave until the end of the turn.", True),
    # Haste with it is not moot (read and played when it is all, engine/tests/test_fftcg_haste_if.py)
    ("forward", "If you control Card Name Kupo, Mog gains +1000 power, Haste and Brave.", False),
    # an ability that must choose only what the opponent controls cannot be used at all (11.3.3, 11.8.9)
    ("forward", "When Mog enters the field, choose 1 Forward opponent controls. Dull it. Draw 1 card.", True),
    ("summon", "Choose 1 Forward and 1 Backup opponent controls. Dull the Forward. Draw 1 card.", True),
    (
        "forward",
        "When Mog enters the field, choose up to 1 Forward opponent controls. Dull it. Draw 1 card.",
        False,
    ),
    (
        "forward",
        "When Mog enters the field, choose 1 Forward opponent controls and 1 Forward in your Break Zone."
        " Break the former and play the latter onto the field.",
        False,
    ),
    # damage a Forward is dealt or deals: none here; damage to a player is dealt by every attack
    ("forward", "If Mog is dealt damage by a Forward, reduce the damage by 3000 instead.", True),
    ("forward", "When Mog deals damage to a Forward, draw 1 card.", True),
    ("forward", "Mog doesn't receive any damage from Summons or abilities.", True),
    ("forward", "If Mog deals damage to a Forward or your opponent, double the damage instead.", False),
    ("backup", "When your opponent is dealt damage, activate Mog.", False),
    # cancelling, blocks, counters
    ("backup", "《Dull》, put Mog into the Break Zone: Choose 1 Summon. Cancel its effect.", True),
    ("backup", "《Fire》《Dull》: Choose 1 Forward. If possible, it must block this turn.", True),
    ("monster", "At the end of each of your turns, place 1 Monster Counter on Mog.", True),
    ("forward", "When Mog enters the field, place 1 Kupo Counter on Kupo.", False),
    # a Forward stood up attacks no more (10.1.2.1.2); a Backup stood up pays again
    ("backup", "When Mog enters the field, choose 1 Forward. Activate it.", True),
    (
        "backup",
        "《Dull》, put Mog into the Break Zone: Choose 1 Forward. Activate it. It gains +1000 power until the"
        " end of the turn.",
        True,
    ),
    ("backup", "When Mog enters the field, choose 1 Forward and 1 Backup. Activate them.", False),
    ("summon", "Choose 1 Forward. Activate it. Draw 1 card.", False),
    # all of your Forwards, maybe under a condition, and a Forward standing itself up
    ("backup", "When Mog enters the field, activate all the Forwards you control.", True),
    (
        "forward",
        "When Mog enters the field, if you control Card Name Kupo, activate all the Forwards you control.",
        True,
    ),
    (
        "forward",
        "Chakra 《S》: Activate all the Forwards other than Mog you control. They gain +2000 power until the"
        " end of the turn.",
        True,
    ),
    ("forward", "《Water》《Water》: Activate Mog.", True),
    ("forward", "At the end of your turn, activate Mog.", True),
    ("forward", "Rush 《S》《Fire》: Activate Mog. Mog gains First Strike until the end of the turn.", True),
    ("forward", "When Mog attacks, activate Mog. Mog can attack once more this turn.", False),
    ("backup", "《Water》: Activate Mog.", False),  # a Backup stood up pays again
    ("forward", "When Mog enters the field, activate Card Name Kupo and Card Name Lani you control.", False),
    # the opponent's characters, hand and Break Zone, and a condition on what it controls
    ("forward", "The Forwards opponent controls lose Haste.", True),
    (
        "forward",
        "When Mog enters the field, your opponent selects 1 Forward they control. Put it into the Break"
        " Zone.",
        True,
    ),
    (
        "forward",
        "When Mog attacks, your opponent reveals his/her hand. Select 1 Forward from their hand. Your"
        " opponent discards this card.",
        True,
    ),
    (
        "backup",
        "When Mog enters the field, choose 1 card in your opponent's Break Zone. Remove it from the game.",
        True,
    ),
    ("forward", "If your opponent controls 3 or more Forwards, Mog gains +1000 power and Haste.", True),
    ("forward", "If your opponent doesn't control any Forwards, Mog gains Haste.", False),  # it always holds
    ("forward", "When Mog enters the field, your opponent gains control of Mog.", False),
]


def test_a_brave_it_gains_stays_unplayed_on_a_card_that_makes_cp() -> None:
    """Brave keeps the Forward active after its attack, and a Forward whose text makes CP is dulled for CP
    in main phase 2 only when it is still active (see test_a_brave_forward_that_makes_cp_pays_after_its_attack
    above)."""
    text = "《Dull》: Produce 《Fire》.\nIf you control Card Name Kupo, Mog gains Brave."
    card = Card("1-001", "Mog", "forward", ("fire",), 2, text=text)
    assert [p.status for p in card_parts("fftcg", card, {})] == ["played", "unplayed"]


def test_a_keyword_sentence_before_an_ability_on_its_line_is_a_part_of_its_own() -> None:
    # as a deck file may write it: "Brave." is the keyword the card carries, the ability is read alone
    text = "Brave. When Mog enters the field, draw 1 card."
    card = Card("1-001", "Mog", "forward", ("fire",), 2, keywords=("brave",), text=text)
    assert [(p.text, p.status) for p in card_parts("fftcg", card, {})] == [
        ("Brave.", "played"),
        ("When Mog enters the field, draw 1 card.", "played"),
    ]


def test_must_attack_is_played_since_the_autopilot_attacks_with_every_forward_that_may() -> None:
    card = Card("1-001", "Mog", "forward", ("fire",), 2, text="Mog must attack once per turn if possible.")
    assert [p.status for p in card_parts("fftcg", card, {})] == ["played"]


def test_the_actions_a_select_offers_go_with_it_quoted_or_not() -> None:
    """The second public list prints the offered actions a line each without quotes: they are the
    select's, not abilities of their own (one moot, the other one the autopilot never selects, which
    could only break a Forward of yours: the whole is moot)."""
    text = (
        "When Mog enters the field, select 1 of the 2 following actions.\n"
        "Choose 1 dull Forward of cost 3 or less. Break it.\n"
        "Your opponent discards 1 card.\n"
        "Mog cannot be chosen by your opponent's Summons."
    )
    card = Card(number="1-001", name="Mog", type="forward", colors=("ice",), cost=2, text=text)
    parts = card_parts("fftcg", card, {})
    assert [(p.text, p.status) for p in parts] == [
        (
            "When Mog enters the field, select 1 of the 2 following actions.\n"
            "Choose 1 dull Forward of cost 3 or less. Break it.\nYour opponent discards 1 card.",
            "moot",
        ),
        ("Mog cannot be chosen by your opponent's Summons.", "moot"),
    ]


@pytest.mark.parametrize(
    ("card_type", "text", "moot"), MOOT_BY_ONE_RULE, ids=[t for _, t, _ in MOOT_BY_ONE_RULE]
)
def test_text_that_matters_only_against_an_opponent_who_acts_is_moot_by_one_rule(
    card_type, text, moot
) -> None:
    card = Card(number="1-001", name="Mog", type=card_type, colors=("ice",), cost=2, text=text)
    parts = card_parts("fftcg", card, {})
    assert [p.text for p in parts] == [text]  # one ability, one part
    assert parts[0].status == ("moot" if moot else "unplayed"), parts[0]
    if moot:
        assert parts[0].why


LOOK = (
    "When Scout enters the field, reveal the top 3 cards of your deck. Add 1 Card Name Moogle among them to"
    " your hand and return the other cards to the bottom of your deck in any order."
)


@pytest.mark.parametrize(("going", "drawn"), [("first", 1), ("second", 2)])
def test_a_look_at_the_top_cards_takes_the_named_card_only_from_among_them(going, drawn) -> None:
    """Scout in the opening hand; after turn 1's draws the top 3 are looked at. Moogle 2nd of them: it goes
    to the hand and the deck is one card shorter. Moogle 4th: nothing is found, the 3 go to the bottom,
    and Moogle is the next card drawn (turn 2's draw phase)."""
    scout = Card("T2-001", "Scout", "forward", ("fire",), 2, keywords=("multi-playable",), text=LOOK)
    moogle = Card("T2-002", "Moogle", "forward", ("fire",), 2, keywords=("multi-playable",))
    filler = Card("T2-003", "Tester", "forward", ("fire",), 2, keywords=("multi-playable",))
    cards = {c.number: c for c in (scout, moogle, filler)}
    sections = {"main": (DeckEntry("T2-001", 1), DeckEntry("T2-002", 1), DeckEntry("T2-003", 48))}
    deck = Deck("fftcg", "constructed", sections, cards)
    top = 5 + drawn  # the index of the first card looked at
    for place, found in ((top + 1, True), (top + 3, False)):
        order = ["T2-001"] + ["T2-003"] * (place - 1) + ["T2-002"] + ["T2-003"] * (48 - place + 1)
        log = SIM.play_stacked(deck, SIM.params(going=going, max_turns=2), order)
        texts = [e.text for e in log.events]
        what = "Moogle (T2-002) to the hand" if found else "no card found"
        assert f"Scout (T2-001): look at the top cards, {what}, the others to the bottom" in texts
        turn_2_draws = [e.text for e in log.events if e.turn == 2 and e.phase == "draw"]
        assert any("Moogle (T2-002)" in t for t in turn_2_draws) == (not found)


LOOK_ICE = (
    "When Scout enters the field, reveal the top 3 cards of your deck. Add 1 Ice card among them to your hand"
    " and return the other cards to the bottom of your deck in any order."
)
LOOK_ANY = (
    "When Scout enters the field, look at the top 3 cards of your deck. Add 1 card among them to your hand"
    " and return the other cards to the bottom of your deck in any order."
)
SEARCH_ANY = "When Scout enters the field, you may search for 1 card and add it to your hand."


def scout_deck(text: str) -> Deck:
    """Scout (Fire, its text), 1 Ice Forward Frost and 48 Fire Testers, all of cost 2."""
    scout = Card("T2-001", "Scout", "forward", ("fire",), 2, keywords=("multi-playable",), text=text)
    frost = Card("T2-002", "Frost", "forward", ("ice",), 2, keywords=("multi-playable",))
    filler = Card("T2-003", "Tester", "forward", ("fire",), 2, keywords=("multi-playable",))
    cards = {c.number: c for c in (scout, frost, filler)}
    sections = {"main": (DeckEntry("T2-001", 1), DeckEntry("T2-002", 1), DeckEntry("T2-003", 48))}
    return Deck("fftcg", "constructed", sections, cards)


@pytest.mark.parametrize(("going", "drawn"), [("first", 1), ("second", 2)])
def test_a_look_by_element_takes_a_card_of_that_element_only_from_among_them(going, drawn) -> None:
    """As the named look above, by element: Frost (Ice) 3rd of the top 3 goes to the hand; 4th, nothing
    is found (the Fire Testers are not Ice), the 3 go to the bottom and Frost is turn 2's next draw."""
    deck = scout_deck(LOOK_ICE)
    top = 5 + drawn  # the index of the first card looked at
    for place, found in ((top + 2, True), (top + 3, False)):
        order = ["T2-001"] + ["T2-003"] * (place - 1) + ["T2-002"] + ["T2-003"] * (48 - place + 1)
        log = SIM.play_stacked(deck, SIM.params(going=going, max_turns=2), order)
        texts = [e.text for e in log.events]
        what = "Frost (T2-002) to the hand" if found else "no card found"
        assert f"Scout (T2-001): look at the top cards, {what}, the others to the bottom" in texts
        turn_2_draws = [e.text for e in log.events if e.turn == 2 and e.phase == "draw"]
        assert any("Frost (T2-002)" in t for t in turn_2_draws) == (not found)


@pytest.mark.parametrize(("going", "drawn"), [("first", 1), ("second", 2)])
def test_a_look_or_a_search_for_any_card_takes_the_first_card(going, drawn) -> None:
    """'Add 1 card among them' and 'search for 1 card' name any card: the autopilot takes the first it
    sees, the top card of the deck (Frost, right after turn 1's draws). The look sends the other 2 to the
    bottom (the deck is 1 card shorter); the search shuffles the deck."""
    top = 5 + drawn
    order = ["T2-001"] + ["T2-003"] * (top - 1) + ["T2-002"] + ["T2-003"] * (48 - top + 1)
    for text, event in (
        (LOOK_ANY, "look at the top cards, Frost (T2-002) to the hand, the others to the bottom"),
        (SEARCH_ANY, "search the deck, Frost (T2-002) to the hand, shuffle"),
    ):
        log = SIM.play_stacked(scout_deck(text), SIM.params(going=going, max_turns=1), order)
        assert f"Scout (T2-001): {event}" in [e.text for e in log.events]
        assert log.final["deck"] == 50 - 5 - drawn - 1  # hand, turn 1's draws, the card taken


# ---- issue 32: CP of any element, and the line "Haste" on a card without `keywords` ----


def pikeman_deck(text: str) -> tuple[Deck, list[str]]:
    """A Fire Monster of cost 1 whose text makes CP, on top of 49 vanilla Fire Forwards of cost 1."""
    cards = {
        "T1-001": Card("T1-001", "Stable", "monster", ("fire",), 1, keywords=("multi-playable",), text=text),
        "T1-002": Card("T1-002", "Pikeman", "forward", ("fire",), 1, keywords=("multi-playable",)),
    }
    deck = Deck("fftcg", "constructed", {"main": (DeckEntry("T1-001", 1), DeckEntry("T1-002", 49))}, cards)
    return deck, ["T1-001"] + ["T1-002"] * 49


STABLE_BY_DISCARD = "cast Stable (T1-001) for 1 CP by discarding Pikeman (T1-002)"
PIKEMAN_BY_STABLE = "cast Pikeman (T1-002) for 1 CP by dulling Stable (T1-001)"
PIKEMAN_BY_DISCARD = "cast Pikeman (T1-002) for 1 CP by discarding Pikeman (T1-002)"


@pytest.mark.parametrize("going", ["first", "second"])
def test_cp_of_any_element_pays_for_a_card_of_another_element(going) -> None:
    """Worked by hand: turn 1's hand is Stable and 5 Pikemen going first (6 cards), 6 going second (7).
    Stable is cast by a discard (OQ-15: it pays at once). A Pikeman needs 1 Fire CP (11.4.6): Stable's CP
    of any element pays one; each other Pikeman takes a discard. First: Stable, 1 by Stable, 1 by a
    discard, 1 Pikeman kept; second: Stable, 1 by Stable, 2 by discards, none kept. With Water CP only,
    Stable pays nothing: 2 Pikemen by discards either way (first: none kept; second: 1 kept)."""
    cast = {}
    for text in ("《Dull》: Produce 1 CP of any Element.", "《Dull》: Produce 《Water》."):
        deck, order = pikeman_deck(text)
        log = SIM.play_stacked(deck, SIM.params(going=going, max_turns=1), order)
        cast[text] = [e.text for e in log.events if e.turn == 1 and e.text.startswith("cast")]
    by_discards = 1 if going == "first" else 2
    assert cast["《Dull》: Produce 1 CP of any Element."] == (
        [STABLE_BY_DISCARD, PIKEMAN_BY_STABLE] + [PIKEMAN_BY_DISCARD] * by_discards
    )
    assert cast["《Dull》: Produce 《Water》."] == [STABLE_BY_DISCARD] + [PIKEMAN_BY_DISCARD] * 2


@pytest.mark.parametrize("going", ["first", "second"])
def test_the_line_haste_on_a_card_without_keywords_plays_the_keyword(going) -> None:
    # The module docstring's deck, each card's text the line "Haste" and no `keywords` but the generic
    # icon: turn 1's 3 Forwards attack at once (3 damage; the first player may attack on turn 1), turn 2's
    # 4 attack (7): a win on turn 2, where the vanilla deck wins on turn 3.
    deck = deck_with("Haste")
    assert all("haste" not in card.keywords for card in deck.cards.values())
    assert kill_turns(deck, going) == {2: GAMES}
    log = SIM.play_logged(deck, SIM.params(going=going, max_turns=1), 1, 0)
    assert log.final["opp_damage"] == 3


# ---- issue 32: "choose 1 Backup you control. Activate it.": the Backup stands up and pays again ----


def herald_deck(herald_text: str = "", courier_text: str = "") -> tuple[Deck, list[str]]:
    """On top: Herald (a Fire Backup of cost 1), Courier (a Fire Forward of cost 1), then 48 vanilla Fire
    Pikemen of cost 3; Herald and Courier may carry a text."""
    generic = ("multi-playable",)
    cards = {
        "T1-001": Card("T1-001", "Herald", "backup", ("fire",), 1, keywords=generic, text=herald_text),
        "T1-002": Card("T1-002", "Courier", "forward", ("fire",), 1, keywords=generic, text=courier_text),
        "T1-003": Card("T1-003", "Pikeman", "forward", ("fire",), 3, keywords=generic),
    }
    main = (DeckEntry("T1-001", 1), DeckEntry("T1-002", 1), DeckEntry("T1-003", 48))
    return Deck("fftcg", "constructed", {"main": main}, cards), ["T1-001", "T1-002"] + ["T1-003"] * 48


def turn_events(deck: Deck, order: list[str], going: str, turns: int) -> list[tuple[int, str]]:
    log = SIM.play_stacked(deck, SIM.params(going=going, max_turns=turns), order)
    return [(e.turn, e.text) for e in log.events if e.text.startswith(("cast", "Herald", "Courier"))]


HERALD_BY_DISCARD = "cast Herald (T1-001) for 1 CP by discarding Pikeman (T1-003)"
COURIER_BY_DISCARD = "cast Courier (T1-002) for 1 CP by discarding Pikeman (T1-003)"
PIKEMAN_BY_HERALD = (
    "cast Pikeman (T1-003) for 3 CP by discarding Pikeman (T1-003) and dulling Herald (T1-001)"
)
PIKEMAN_BY_DISCARDS = "cast Pikeman (T1-003) for 3 CP by discarding Pikeman (T1-003), Pikeman (T1-003)"


@pytest.mark.parametrize("going", ["first", "second"])
def test_a_backup_that_activates_itself_when_it_enters_pays_at_once(going) -> None:
    """Worked by hand, turn 1: Herald, Courier and 4 Pikemen going first (6 cards), 5 going second (7).
    Herald goes first (backup_turns), by a discard (2 CP, 1 in excess); it enters dull (5.2.3.1.1.3) and
    activates itself, so it pays at once: a Pikeman (3 CP) by Herald and 1 discard, Courier by 1 discard;
    going second 1 Pikeman is left in hand. Without the text Herald pays from turn 2: going first Courier
    by a discard and 2 Pikemen left (2 CP each, not 3); going second a Pikeman by 2 discards and Courier by
    a discard, none left."""
    text = "When Herald enters the field, choose 1 Backup you control. Activate it."
    deck, order = herald_deck(herald_text=text)
    activated = [(1, HERALD_BY_DISCARD), (1, "Herald (T1-001): activate 1 Backup")]
    assert turn_events(deck, order, going, 1) == activated + [(1, PIKEMAN_BY_HERALD), (1, COURIER_BY_DISCARD)]
    vanilla, order = herald_deck()
    middle = [(1, PIKEMAN_BY_DISCARDS)] if going == "second" else []
    assert turn_events(vanilla, order, going, 1) == [(1, HERALD_BY_DISCARD)] + middle + [
        (1, COURIER_BY_DISCARD)
    ]


@pytest.mark.parametrize("going", ["first", "second"])
def test_a_backup_activated_by_an_attack_pays_in_main_phase_2(going) -> None:
    """Worked by hand. Turn 1 going first: Herald and Courier by a discard each, 2 Pikemen kept (no 3 CP).
    Turn 2: 2 drawn, 4 Pikemen: one by Herald and a discard; Courier attacks, activates Herald, and main
    phase 2 casts another by Herald and a discard. Going second, turn 1 also casts a Pikeman by 2 discards
    and the hand is empty; turn 2's 2 cards make one Pikeman with Herald, and main phase 2 has nothing left
    to cast: the activation changes nothing."""
    text = "When Courier attacks, choose 1 Backup you control. Activate it."
    turn1 = [(1, HERALD_BY_DISCARD)] + ([(1, PIKEMAN_BY_DISCARDS)] if going == "second" else [])
    turn1 += [(1, COURIER_BY_DISCARD)]
    attack = (2, "Courier (T1-002) attacks: opponent damage 1")
    deck, order = herald_deck(courier_text=text)
    main2 = [(2, PIKEMAN_BY_HERALD)] if going == "first" else []
    assert (
        turn_events(deck, order, going, 2)
        == turn1
        + [
            (2, PIKEMAN_BY_HERALD),
            (2, "Courier (T1-002): activate 1 Backup"),
            attack,
        ]
        + main2
    )
    vanilla, order = herald_deck()
    assert turn_events(vanilla, order, going, 2) == turn1 + [(2, PIKEMAN_BY_HERALD), attack]


def test_activating_backups_is_read_and_reported_as_played() -> None:
    reads = {
        "When Mog enters the field, choose up to 2 Backups you control. Activate them.": Effect(
            "enters", "activate", 2, CardFilter(type="backup"), optional=True
        ),
        "When Mog attacks, choose 1 Backup you control. Activate it.": Effect(
            "attacks", "activate", 1, CardFilter(type="backup")
        ),
        "When Mog enters the field, activate all the Backups you control.": Effect(  # 7.7.4: at most 5
            "enters", "activate", 5, CardFilter(type="backup")
        ),
    }
    for text, effect in reads.items():
        assert read_text("fftcg", text, "Mog").effects == (effect,)
        card = Card("1-001", "Mog", "forward", ("fire",), 2, text=text)
        assert [p.status for p in card_parts("fftcg", card, {})] == ["played"]
    other_than = (  # not Mog itself, entered dull (5.2.3.1.1.3): test_fftcg_activate
        "When Mog enters the field, choose up to 2 Backups you control other than Mog. Activate them."
    )
    assert read_text("fftcg", other_than, "Mog").effects == (
        Effect("enters", "activate", 2, CardFilter(type="backup", other_than="Mog"), optional=True),
    )
