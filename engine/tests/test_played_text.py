"""Every goldfish result says which card text the games played: each card's text in parts, played, moot
(with why) or not played, and the share of the deck's cards played in full."""

from __future__ import annotations

from dataclasses import replace

import pytest

from engine import Card, Deck, DeckEntry
from engine.played_text import MOOT, PLAYED, UNPLAYED, split_text, text_report

FFTCG_POLICY: dict[str, object] = {}
# Text the FFTCG reader reads but its goldfish does not play yet.
NOT_PLAYED = "When Clerk attacks, choose 1 Summon in your Break Zone. Add it to your hand."


def deck(game: str, *cards_and_counts: tuple[Card, int], section: str = "main") -> Deck:
    cards = {c.number: c for c, _ in cards_and_counts}
    entries = tuple(DeckEntry(c.number, n) for c, n in cards_and_counts)
    return Deck(game, "constructed", {section: entries}, cards)


def statuses(game: str, card: Card, policy: dict[str, object] | None = None) -> list[tuple[str, str]]:
    report = text_report(deck(game, (card, 1)), policy or {})
    return [(p.text, p.status) for c in report.cards for p in c.parts]


def test_the_share_counts_copies_and_a_card_without_text_is_played() -> None:
    haste = Card("T-001", "Courier", "forward", ("wind",), 2, 5000, keywords=("haste",), text="Haste")
    drawer = Card("T-002", "Clerk", "forward", ("wind",), 2, 5000, text=NOT_PLAYED)
    vanilla = Card("T-003", "Knight", "forward", ("wind",), 2, 7000)
    report = text_report(deck("fftcg", (haste, 3), (drawer, 3), (vanilla, 4)), FFTCG_POLICY)
    assert report.played_share == pytest.approx(7 / 10)
    assert report.to_dict()["not_played"] == [
        {"number": "T-002", "name": "Clerk", "copies": 3, "text": NOT_PLAYED}
    ]
    assert [c.number for c in report.cards] == ["T-001", "T-002"]  # the vanilla card has nothing to report


def test_every_section_counts() -> None:
    drawer = Card("T-002", "Clerk", "forward", ("wind",), 2, 5000, text=NOT_PLAYED)
    vanilla = Card("T-003", "Knight", "forward", ("wind",), 2, 7000)
    sections = {"main": (DeckEntry("T-003", 3),), "lb": (DeckEntry("T-002", 1),)}
    report = text_report(Deck("fftcg", "constructed", sections, {"T-002": drawer, "T-003": vanilla}), {})
    assert report.played_share == pytest.approx(3 / 4)


def test_a_keyword_in_the_text_is_played_when_the_card_carries_it_or_the_reader_reads_it() -> None:
    with_keyword = Card(
        "T-001", "Courier", "forward", ("wind",), 2, 5000, keywords=("haste", "brave"), text="Haste Brave"
    )
    assert statuses("fftcg", with_keyword) == [("Haste Brave", PLAYED)]
    # a deck file's card with the line "Haste" and no `keywords` (issue 32): the reader reads it
    without = Card("T-001", "Courier", "forward", ("wind",), 2, 5000, text="Haste")
    assert statuses("fftcg", without) == [("Haste", PLAYED)]
    brave = Card("T-001", "Courier", "forward", ("wind",), 2, 5000, text="Brave")
    assert statuses("fftcg", brave) == [("Brave", UNPLAYED)]  # the vocabulary has no Brave


def test_fftcg_ex_burst_is_moot_and_the_ability_after_it_is_played_with_card_effects_on() -> None:
    card = Card(
        "T-008", "Clerk", "backup", ("wind",), 2, text="EX BURST When Clerk enters the field, draw 1 card."
    )
    assert statuses("fftcg", card) == [
        ("EX BURST", MOOT),
        ("When Clerk enters the field, draw 1 card.", PLAYED),
    ]
    assert statuses("fftcg", card, {"card_effects": False})[1] == (
        "When Clerk enters the field, draw 1 card.",
        UNPLAYED,
    )
    report = text_report(deck("fftcg", (card, 3)), {})
    assert "EX Burst" in report.to_dict()["moot"][0]["why"]


def test_fftcg_limit_break_cost_protection_and_deck_rules() -> None:
    lb = Card(
        "T-043",
        "Dragon",
        "forward",
        ("fire",),
        5,
        9000,
        keywords=("limit-break", "haste"),
        text="Limit Break -- 2. Haste",
    )
    assert statuses("fftcg", lb) == [("Limit Break -- 2.", PLAYED), ("Haste", PLAYED)]
    monk = Card("T-012", "Monk", "forward", ("earth",), 3, 7000, text="Monk cannot be chosen by Summons.")
    assert statuses("fftcg", monk) == [("Monk cannot be chosen by Summons.", MOOT)]
    drone = Card(
        "T-049", "Drone", "forward", ("earth",), 1, 2000, text="Your deck may include any number of Drone."
    )
    assert statuses("fftcg", drone) == [("Your deck may include any number of Drone.", MOOT)]


def test_fftcg_multi_element_label_is_played_on_a_card_of_several_elements() -> None:
    text = "Multi-element. When Dancer enters the field, draw 1 card."
    two = Card("T-038", "Dancer", "forward", ("wind", "earth"), 3, 7000, text=text)
    assert statuses("fftcg", two) == [
        ("Multi-element.", PLAYED),
        ("When Dancer enters the field, draw 1 card.", PLAYED),
    ]
    one = Card("T-038", "Dancer", "forward", ("wind",), 3, 7000, text=text)  # the label contradicts the card
    assert statuses("fftcg", one)[0] == ("Multi-element.", UNPLAYED)


def test_dbsfw_keywords_defence_and_skills() -> None:
    critical = Card(
        "TZ-017", "Striker", "battle", ("red",), 3, 15000, keywords=("critical",), text="[Critical]"
    )
    assert statuses("dbsfw", critical) == [("[Critical]", PLAYED)]
    blocker = Card("TZ-014", "Wall", "battle", ("red",), 2, 10000, keywords=("blocker",), text="[Blocker]")
    assert statuses("dbsfw", blocker) == [("[Blocker]", MOOT)]
    # the official list prints a keyword's reminder text after it: it goes with its keyword
    reminded = (
        "[Critical] (When this card inflicts damage with an attack, the life is placed in the Drop.)\n"
        "[Blocker] (After an opponent's attack, you may switch this card to Rest Mode. Then the attack "
        "targets this card.)\n"
        "[On Play] Draw 1 card."
    )
    wall = Card(
        "TZ-015", "Wall", "battle", ("red",), 2, 10000, keywords=("critical", "blocker"), text=reminded
    )
    assert statuses("dbsfw", wall) == [
        (
            "[Critical] (When this card inflicts damage with an attack, the life is placed in the Drop.)",
            PLAYED,
        ),
        (
            "[Blocker] (After an opponent's attack, you may switch this card to Rest Mode. Then the attack "
            "targets this card.)",
            MOOT,
        ),
        ("[On Play] Draw 1 card.", PLAYED),
    ]
    # a skill of the opponent's turn: this opponent only draws in it
    guard = Card(
        "TZ-016", "Guard", "battle", ("red",), 2, 10000,
        text="[Permanent][Opponent's Turn] This card gets +10000 power.\n"
        "[Auto][Opponent's Turn] When you use this card in a combo from your hand, this card gets +5000 "
        "combo power.",
    )  # fmt: skip
    assert [status for _, status in statuses("dbsfw", guard)] == [MOOT, MOOT]
    # a name in angle brackets does not end a sentence; an Awaken keeps its flip; a reminder printed on
    # one line with the next skill ends there
    leader = Card(
        "TZ-001", "Chief", "leader", ("red",), power=10000, keywords=("blocker",),
        text="[Awaken] When your life is at 4 or less, draw 1 card. Then, flip this card over.\n"
        "[Activate: Main] Play up to 1 <Son Goku : GT> with a cost of 2 from your hand.\n"
        "[Blocker] (After an opponent's attack, you may rest this card.)[On Play] Draw 1 card.",
    )  # fmt: skip
    assert [text for text, _ in statuses("dbsfw", leader)] == [
        "[Awaken] When your life is at 4 or less, draw 1 card. Then, flip this card over.",
        "[Activate: Main] Play up to 1 <Son Goku : GT> with a cost of 2 from your hand.",
        "[Blocker] (After an opponent's attack, you may rest this card.)",
        "[On Play] Draw 1 card.",
    ]
    orb = Card(
        "TZ-024",
        "Orb",
        "extra",
        ("red",),
        1,
        keywords=("dragon-ball",),
        text="[Dragon Ball] [Activate: Main] Draw 1 card.",
    )
    assert statuses("dbsfw", orb) == [("[Dragon Ball]", MOOT), ("[Activate: Main] Draw 1 card.", PLAYED)]
    assert statuses("dbsfw", orb, {"card_effects": False})[1] == ("[Activate: Main] Draw 1 card.", UNPLAYED)
    one_copy = Card(
        "TZ-065", "Hero", "battle", ("red",), 4, 20000,
        text="You may include only 1 copy of this card in your deck. [On Play] Draw 2 cards.",
    )  # fmt: skip
    assert statuses("dbsfw", one_copy) == [
        ("You may include only 1 copy of this card in your deck.", MOOT),
        ("[On Play] Draw 2 cards.", PLAYED),
    ]
    search = Card(
        "TZ-066", "Scout", "battle", ("red",), 1, 5000, text="[On Play] Draw 1 card, then discard 1 card."
    )
    assert statuses("dbsfw", search) == [("[On Play] Draw 1 card, then discard 1 card.", UNPLAYED)]
    ko = Card("TZ-061", "Martyr", "battle", ("red",), 2, 10000, text="[KO] Draw 1 card.")
    assert statuses("dbsfw", ko) == [("[KO] Draw 1 card.", MOOT)]


def test_dbsfw_an_awaken_is_played_only_on_a_leader_the_goldfish_flips() -> None:
    """The goldfish flips a Leader with the Awaken keyword and a back face (engine/goldfish/dbsfw.py,
    `_awaken`); on any other card, as a deck file or a list that lost the keyword gives it, the Awaken is
    not played, its draw with it (issue 32 audit: four real Leaders printed it glued to the skill before)."""
    awaken = "[Awaken] When your life is at 3 or less, draw 1 card. Then, flip this card over."
    flip_only = "【覚醒】自分のライフが4以下の場合、このカードを裏返す。"
    back = {"name": "Chief", "power": 20000, "text": "[When Attacking] Draw 1 card."}
    chief = Card(
        "TZ-090", "Chief", "leader", ("red",), power=15000, keywords=("awaken",), back=back,
        text=f"[When Attacking] Draw 1 card.{awaken}",
    )  # fmt: skip
    assert statuses("dbsfw", chief)[:2] == [("[When Attacking] Draw 1 card.", PLAYED), (awaken, PLAYED)]
    unflipped = (
        replace(chief, keywords=()),
        replace(chief, back=None),
        replace(chief, type="battle", power=20000, cost=3, back=None),
    )
    for card in unflipped:
        assert statuses("dbsfw", card)[1] == (awaken, UNPLAYED)
    ja = replace(chief, text=flip_only)
    assert statuses("dbsfw", ja)[0] == (flip_only, PLAYED)
    assert statuses("dbsfw", replace(ja, keywords=()))[0] == (flip_only, UNPLAYED)


def test_dbsfw_a_leaders_back_face_is_reported_with_its_front() -> None:
    """The goldfish plays an awakened Leader's back face (engine/goldfish/dbsfw.py, `compile_deck`): its
    own power and its When Attacking draws; its other skills it does not, so the card is not played in full
    when its back prints one (issue 32 audit: 33 real Leaders were reported played in full with such a
    back)."""
    awaken = "[Awaken] When your life is at 4 or less, draw 1 card. Then, flip this card over."
    aura = (
        "[Permanent][Your Turn] All your Battle Cards with 《Guard》 in their special traits get +5000 power."  # noqa: E501
    )
    back = {"name": "Chief", "power": 20000, "text": f"{aura}\n[When Attacking] Draw 1 card."}
    chief = Card(
        "TZ-091", "Chief", "leader", ("red",), power=15000, keywords=("awaken",), back=back,
        text=f"[When Attacking] Draw 1 card.\n{awaken}",
    )  # fmt: skip
    assert statuses("dbsfw", chief) == [
        ("[When Attacking] Draw 1 card.", PLAYED),
        (awaken, PLAYED),
        (f"Back face: {aura}", UNPLAYED),
        ("Back face: [When Attacking] Draw 1 card.", PLAYED),
    ]
    report = text_report(
        Deck("dbsfw", "standard", {"leader": (DeckEntry("TZ-091", 1),)}, {"TZ-091": chief}), {}
    )
    assert report.played_share == 0.0
    plain = replace(chief, back={"name": "Chief", "power": 20000, "text": "[When Attacking] Draw 1 card."})
    assert [status for _, status in statuses("dbsfw", plain)] == [PLAYED] * 3
    assert statuses("dbsfw", replace(chief, back={"name": "Chief", "power": 20000}))[2:] == []


def test_gbf_an_ougi_on_its_own_atk_is_played_while_use_ougi_is_on() -> None:
    text = "Continuous Rally: your fire crew get ATK+1. <Ougi 2 War Cry: this card gets ATK+2.>"
    card = Card("TX-003M", "[Warlord]Rowan(男)", "character", ("fire",), text=text, rank=3, atk=3, hp=3)
    assert statuses("gbf", card, {"use_ougi": True}) == [
        ("Continuous Rally: your fire crew get ATK+1.", UNPLAYED),
        ("<Ougi 2 War Cry: this card gets ATK+2.>", PLAYED),
    ]
    assert statuses("gbf", card, {"use_ougi": False})[1] == (
        "<Ougi 2 War Cry: this card gets ATK+2.>",
        UNPLAYED,
    )
    summon = Card(
        "TX-203M",
        "Wyrm",
        "summon",
        ("fire",),
        text="Condition: you have 4 or more crystals. Deal 4 damage to a crew of your opponent.",
    )
    assert statuses("gbf", summon) == [
        ("Condition: you have 4 or more crystals.", PLAYED),
        ("Deal 4 damage to a crew of your opponent.", UNPLAYED),
    ]


def test_fireforce_lines_follow_the_card_effects_knob() -> None:
    deploy = Card(
        "TF-004", "Scout", "unit", (), 1, 2000, keywords=("has-flame",), text="[On Deploy] Draw 1 card."
    )
    assert statuses("fireforce", deploy, {"card_effects": True}) == [("[On Deploy] Draw 1 card.", PLAYED)]
    assert statuses("fireforce", deploy, {"card_effects": False}) == [("[On Deploy] Draw 1 card.", UNPLAYED)]
    text = "[Assault]\n[When Attacking] This Unit gets +1000 power during this battle."
    striker = Card("TF-014", "Striker", "unit", (), 2, 3000, keywords=("has-flame", "assault"), text=text)
    assert statuses("fireforce", striker, {"card_effects": True}) == [
        ("[Assault]", PLAYED),
        ("[When Attacking] This Unit gets +1000 power during this battle.", MOOT),
    ]
    counter = Card(
        "TF-037",
        "Parry",
        "event",
        (),
        1,
        keywords=("counter",),
        text="[Counter] The attacking Unit gets -3000 power during this battle.",
    )
    assert statuses("fireforce", counter, {"card_effects": True})[0][1] == MOOT
    look = Card(
        "TF-013",
        "Stoker",
        "unit",
        (),
        1,
        2000,
        text="[On Deploy] Look at the top card of your deck. You may put it on the bottom of your deck.",
    )
    assert statuses("fireforce", look, {"card_effects": True}) == [
        (look.text, UNPLAYED)
    ]  # one line, one part


def test_split_keeps_an_ougi_whole_and_cuts_sentences() -> None:
    assert split_text("Choose 1 Forward. Deal it 6000 damage.") == [
        "Choose 1 Forward.",
        "Deal it 6000 damage.",
    ]
    assert split_text("<Ougi 1 Edge: this card gets ATK+1. Then more.> Draw 1 card.") == [
        "<Ougi 1 Edge: this card gets ATK+1. Then more.>",
        "Draw 1 card.",
    ]
    assert split_text("") == []


def test_power_alone_is_moot_in_fftcg_and_a_crew_cards_hp_in_gbf() -> None:
    # FFTCG: an unblocked attack deals 1 point of damage whatever its power (10.1.4.1); GBF: HP matters
    # only when the opponent deals damage. A sentence with anything more stays unplayed.
    colossus = Card(
        "T-014", "Colossus", "forward", ("earth",), 4, 8000,
        text="Colossus gains +2000 power while you control 3 or more Backups.",
    )  # fmt: skip
    assert statuses("fftcg", colossus) == [(colossus.text, MOOT)]
    mixed = Card(
        "T-015", "Keeper", "forward", ("earth",), 2, 5000,
        text="Keeper gains +1000 power and Haste until the end of the turn.",
    )  # fmt: skip
    assert statuses("fftcg", mixed) == [(mixed.text, UNPLAYED)]
    guard = Card(
        "TG-103", "[G]Guard", "crew", ("fire",), rank=1, atk=1, hp=2,
        text="Continuous Bulwark: this card gets HP+1 while you have 3 crew.",
    )  # fmt: skip
    assert statuses("gbf", guard) == [(guard.text, MOOT)]
    captain = Card("TG-001", "[C]Cap(男)", "captain", ("fire",), rank=0, atk=2, hp=4, text=guard.text)
    assert statuses("gbf", captain) == [(guard.text, UNPLAYED)]  # the opponent's HP mirrors the captain's
