"""FFTCG: a chosen Forward given Haste until the end of the turn when a card enters the field or attacks
(engine/readers/fftcg.py, engine/goldfish/fftcg.py `_give_haste`), read and played, games worked by hand.

The decks: one Herald (the card with the text) on top, then 49 vanilla Lancers, all Fire, cost 2, with the
generic icon. Going first, turn 1 holds 6 cards (5 dealt, 1 drawn); going second 7 (2 drawn): either way
three cost-2 cards are cast, each paid by discarding one card (2 CP), going second with 1 card left.
"""

from __future__ import annotations

import pytest

from engine import Card, Deck, DeckEntry
from engine.effects import CardFilter, Effect, describe
from engine.goldfish.fftcg import FIND_HASTE, compile_deck
from engine.played_text import card_parts
from engine.readers import read_text
from engine.tests.test_fftcg_effects import SIM

GIVES = (
    "When Herald enters the field, choose 1 Forward you control. It gains Haste until the end of the turn."
)
OTHER = (
    "When Herald enters the field, choose 1 Forward other than Herald. It gains Haste until the end of the"
    " turn."
)
LIGHTNING = (
    "When Herald enters the field, choose 1 Lightning Forward. It gains Haste until the end of the turn."
)
ON_ATTACK = "When Herald attacks, choose 1 Forward. It gains Haste until the end of the turn."


def herald_deck(
    text: str, herald_type: str = "forward", herald_number: str = "T8-001"
) -> tuple[Deck, list[str]]:
    lancer_number = "T8-002" if herald_number == "T8-001" else "T8-001"
    herald = Card(herald_number, "Herald", herald_type, ("fire",), 2, keywords=("multi-playable",), text=text)
    lancer = Card(lancer_number, "Lancer", "forward", ("fire",), 2, keywords=("multi-playable",))
    deck = Deck(
        "fftcg", "constructed", {"main": (DeckEntry(herald_number, 1), DeckEntry(lancer_number, 49))},
        {herald_number: herald, lancer_number: lancer},
    )  # fmt: skip
    return deck, [herald_number] + [lancer_number] * 49


def texts(log) -> list[tuple[int, str, str]]:
    return [(e.turn, e.phase, e.text) for e in log.events if e.turn >= 1 and e.phase in ("main 1", "attack")]


@pytest.mark.parametrize("going", ["first", "second"])
@pytest.mark.parametrize("text", [GIVES, OTHER])
def test_the_giver_goes_last_in_its_plan_and_a_lancer_attacks_the_turn_it_enters(going, text) -> None:
    # Turn 1: the plan casts Herald and 2 Lancers; Herald, whose text gives Haste as it enters, goes after
    # the Lancers, so it gives Haste to the first Lancer (itself excluded by "other than Herald" or not),
    # which attacks: 1 damage. Without the text no Forward may attack on turn 1: 0.
    deck, order = herald_deck(text)
    log = SIM.play_stacked(deck, SIM.params(going=going, max_turns=1), order)
    assert texts(log) == [
        (1, "main 1", "cast Lancer (T8-002) for 2 CP by discarding Lancer (T8-002)"),
        (1, "main 1", "cast Lancer (T8-002) for 2 CP by discarding Lancer (T8-002)"),
        (1, "main 1", "cast Herald (T8-001) for 2 CP by discarding Lancer (T8-002)"),
        (1, "main 1", "Herald (T8-001): Lancer (T8-002) gains Haste until the end of the turn"),
        (1, "attack", "Lancer (T8-002) attacks: opponent damage 1"),
    ]
    assert log.final["opp_damage"] == 1
    off = SIM.play_stacked(deck, SIM.params(going=going, max_turns=1, policy={"card_effects": False}), order)
    assert off.final["opp_damage"] == 0 and off.final["forwards"] == 3


@pytest.mark.parametrize("going", ["first", "second"])
def test_the_choice_takes_only_what_its_filter_names(going) -> None:
    # "choose 1 Lightning Forward": the Fire Lancers and Herald are none; whichever is chosen (none here)
    # gains nothing, and no Forward attacks on turn 1.
    deck, order = herald_deck(LIGHTNING)
    log = SIM.play_stacked(deck, SIM.params(going=going, max_turns=1), order)
    assert (1, "main 1", "Herald (T8-001): no Forward that entered this turn gains from Haste") in texts(log)
    assert log.final["opp_damage"] == 0
    kf_finds = compile_deck(deck).arrays[3]
    assert kf_finds[0, 1] & FIND_HASTE == 0 and kf_finds[0, 0] & FIND_HASTE == 0
    assert compile_deck(herald_deck(OTHER)[0]).arrays[3][0].tolist() == [0, FIND_HASTE]  # not itself


def test_other_than_a_name_excludes_a_forward_that_also_has_that_name() -> None:
    # "choose 1 Forward other than Herald": a Lancer that "is also Card Name Herald in all situations" has
    # that name too, so it may not be chosen, as a search "other than Herald" would not find it.
    deck, _ = herald_deck(OTHER)
    lancer = deck.cards["T8-002"]
    also = Card(lancer.number, lancer.name, "forward", ("fire",), 2, keywords=("multi-playable",),
                text="Lancer is also Card Name Herald in all situations.")  # fmt: skip
    aliased = Deck(deck.game, deck.format, deck.sections, {**deck.cards, "T8-002": also})
    assert compile_deck(aliased).arrays[3][0].tolist() == [0, 0]


@pytest.mark.parametrize("going", ["first", "second"])
def test_a_backup_cast_first_in_the_backup_turns_gives_haste_to_none(going) -> None:
    # A Backup Herald: the first 2 turns cast Backups first, so it enters before this turn's Forwards and
    # its choice (11.8.9) finds none that entered this turn; the 2 Lancers attack from turn 2. Turn 2:
    # going first 2 cards drawn, going second 1 left + 2 drawn: 1 Lancer cast, which does not attack.
    deck, order = herald_deck(GIVES.replace("choose 1 Forward you control", "choose 1 Forward"), "backup")
    log = SIM.play_stacked(deck, SIM.params(going=going, max_turns=2), order)
    assert texts(log)[:2] == [
        (1, "main 1", "cast Herald (T8-001) for 2 CP by discarding Lancer (T8-002)"),
        (1, "main 1", "Herald (T8-001): no Forward that entered this turn gains from Haste"),
    ]
    assert log.final["opp_damage"] == 2


@pytest.mark.parametrize("going", ["first", "second"])
@pytest.mark.parametrize(("herald_number", "last"), [("T8-001", False), ("T8-002", True)])
def test_an_attacker_gives_haste_and_a_forward_whose_turn_passed_attacks_last(
    going, herald_number, last
) -> None:
    # Turn 1: Herald and 2 Lancers enter (none attacks). Turn 2: 1 Lancer more (going first 2 cards drawn;
    # going second 1 left + 2). The attacks go in card-number order: Herald's gives the new Lancer Haste.
    # Herald numbered first: the Lancers attack after it, the new one last as it entered last. Herald
    # numbered after the Lancers: the new Lancer's turn has passed, so it attacks after Herald. Either way
    # 4 damage on turn 2; without the text 3.
    deck, order = herald_deck(ON_ATTACK, herald_number=herald_number)
    log = SIM.play_stacked(deck, SIM.params(going=going, max_turns=2), order)
    lancer = "T8-002" if herald_number == "T8-001" else "T8-001"
    attacks = [t for turn, phase, t in texts(log) if turn == 2 and phase == "attack"]
    herald_first = [
        f"Herald ({herald_number}): Lancer ({lancer}) gains Haste until the end of the turn",
        f"Herald ({herald_number}) attacks: opponent damage 1",
        f"Lancer ({lancer}) attacks: opponent damage 2",
        f"Lancer ({lancer}) attacks: opponent damage 3",
        f"Lancer ({lancer}) attacks: opponent damage 4",
    ]
    herald_last = [
        f"Lancer ({lancer}) attacks: opponent damage 1",
        f"Lancer ({lancer}) attacks: opponent damage 2",
        f"Herald ({herald_number}): Lancer ({lancer}) gains Haste until the end of the turn",
        f"Herald ({herald_number}) attacks: opponent damage 3",
        f"Lancer ({lancer}) attacks: opponent damage 4",
    ]
    assert attacks == (herald_last if last else herald_first)
    off = SIM.play_stacked(deck, SIM.params(going=going, max_turns=2, policy={"card_effects": False}), order)
    assert off.final["opp_damage"] == 3


@pytest.mark.parametrize(
    ("text", "effects"),
    [
        (GIVES, (Effect("enters", "haste", 0, CardFilter(type="forward")),)),
        (OTHER, (Effect("enters", "haste", 0, CardFilter(type="forward", other_than="Herald")),)),
        (
            "When Herald enters the field or attacks, choose 1 Category XI Character. Until the end of the "
            "turn, it gains +1000 power, Haste and First Strike.",
            tuple(Effect(w, "haste", 0, CardFilter(traits=("XI",))) for w in ("enters", "attacks")),
        ),
        (
            "When Herald attacks, choose 1 Card Name Lancer Forward you control. It gains Haste, First "
            "Strike, and +2000 power until the end of the turn.",
            (Effect("attacks", "haste", 0, CardFilter(type="forward", name="Lancer")),),
        ),
    ],
)
def test_the_reader_reads_the_chosen_forwards_filter(text, effects) -> None:
    reading = read_text("fftcg", text, "Herald")
    assert reading.unread == () and reading.effects == effects


@pytest.mark.parametrize(
    "text",
    [
        GIVES.replace("Haste", "Haste and Brave"),  # Brave keeps an attacker active: played for keywords only
        GIVES.replace("Haste", "First Strike"),  # no Haste at all
        GIVES.replace("It gains", "If it is a Fire Forward, it gains"),  # a condition on the chosen one
        GIVES.replace("choose 1 Forward", "choose 1 Job A Forward or Job B Forward"),  # two jobs
        GIVES.replace("choose 1", "choose up to 2"),
        GIVES.replace("the end of the turn.", "the end of the turn. Draw 1 card."),
        "《Dull》: Choose 1 Forward. It gains Haste until the end of the turn.",  # never used here
    ],
)
def test_what_the_reader_cannot_read_whole_stays_unread(text) -> None:
    reading = read_text("fftcg", text, "Herald")
    assert reading.effects == () and reading.unread == (text,)


def test_the_report_calls_it_played_and_says_what_it_does() -> None:
    herald = Card("T8-001", "Herald", "backup", ("fire",), 2, text=OTHER)
    [part] = card_parts("fftcg", herald, {})
    assert part.status == "played"
    assert describe(read_text("fftcg", OTHER, "Herald").effects[0]) == (
        'when it enters the field, a Forward not named "Herald" you control, chosen, gains Haste until the'
        " end of the turn"
    )


WHIRL = "[S] Whirl, discard 1 Dancer: Dancer gains +3000 power and Haste until the end of the turn."


def dancer_deck(dancers: int, text: str = WHIRL) -> tuple[Deck, list[str]]:
    dancer = Card("T9-001", "Dancer", "forward", ("fire",), 2, keywords=("special-ability",), text=text)
    spark = Card("T9-002", "Spark", "summon", ("fire",), 2)
    deck = Deck(
        "fftcg", "constructed", {"main": (DeckEntry("T9-001", dancers), DeckEntry("T9-002", 50 - dancers))},
        {"T9-001": dancer, "T9-002": spark},
    )  # fmt: skip
    return deck, ["T9-001"] * dancers + ["T9-002"] * (50 - dancers)


@pytest.mark.parametrize("going", ["first", "second"])
@pytest.mark.parametrize(("dancers", "damage"), [(2, 1), (1, 0)])
def test_a_special_ability_gives_its_forward_haste_for_a_card_of_its_name(going, dancers, damage) -> None:
    # The hand: the Dancers on top, then Summons (fuel, never cast). Turn 1: one Dancer is cast, paid by
    # discarding a Summon; the second Dancer cannot be cast (7.7.3), so after main phase 1 the first uses
    # its special ability, discarding it: Haste, 1 damage. With 1 Dancer there is none to discard: 0.
    # Without the text no damage either.
    deck, order = dancer_deck(dancers)
    log = SIM.play_stacked(deck, SIM.params(going=going, max_turns=1), order)
    special = (
        "Dancer (T9-001): special ability, discarding Dancer (T9-001): it gains Haste until the end of"
        " the turn"
    )
    assert (special in [e.text for e in log.events]) == (damage == 1)
    assert log.final["opp_damage"] == damage
    assert log.final["break_zone"] == 1 + damage  # the Summon paid, and the Dancer discarded
    off = SIM.play_stacked(deck, SIM.params(going=going, max_turns=1, policy={"card_effects": False}), order)
    assert off.final["opp_damage"] == 0


@pytest.mark.parametrize(
    ("text", "read", "otherwise"),
    [
        (WHIRL, True, "unplayed"),
        (  # the official list's markup
            "Whirl 《S》: Dancer gains Haste until the end of the turn.",
            True,
            "unplayed",
        ),
        (
            "Whirl 《S》: Until the end of the turn, Dancer gains +2000 power, Haste and First Strike.",
            True,
            "unplayed",
        ),
        ("Whirl 《S》《Fire》: Dancer gains Haste until the end of the turn.", False, "unplayed"),  # CP too
        (
            'Whirl 《S》: Dancer gains Haste and "Dancer cannot be blocked" until the end of the turn.',
            False,
            "unplayed",
        ),
        (  # power only
            "[S] Whirl, discard 1 Dancer: Dancer gains +3000 power until the end of the turn.",
            False,
            "moot",
        ),
        (
            "[S] Whirl, discard 1 Dancer: Dancer gains Haste, Brave until the end of the turn.",
            False,
            "unplayed",
        ),
    ],
)
def test_the_reader_reads_a_special_ability_that_gives_haste_whole_or_not_at_all(
    text, read, otherwise
) -> None:
    reading = read_text("fftcg", text, "Dancer")
    assert reading.effects == ((Effect("special", "haste"),) if read else ())
    backup = Card("T9-003", "Dancer", "backup", ("fire",), 2, text=text)
    forward = Card("T9-001", "Dancer", "forward", ("fire",), 2, text=text)
    assert [p.status for p in card_parts("fftcg", forward, {})] == ["played" if read else otherwise]
    assert [p.status for p in card_parts("fftcg", backup, {})] == [otherwise]  # it has no attack to gain
