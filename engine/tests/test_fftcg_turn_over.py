"""FFTCG's "turn over one card at a time from the top of your deck until a Wind or Earth card is revealed.
Add it to your hand. Then, shuffle the other cards and return them to the bottom of your deck." (a `search`
with `until`): read, played and reported, in deterministic games worked by hand.

Unlike a search of the whole deck (then shuffled), the cards below the one found stay where they were:
the next draw is the card that lay right under it; the cards turned over before it go to the bottom.
"""

from __future__ import annotations

import pytest

from engine import Card, Deck, DeckEntry
from engine.effects import CardFilter, Effect, read_effects
from engine.errors import DeckFileError
from engine.goldfish import get_simulator
from engine.played_text import card_parts
from engine.readers import read_text

SIM = get_simulator("fftcg")

TURN_OVER = (
    "When Scout enters the field, turn over one card at a time from the top of your deck until an Ice or"
    " Wind card is revealed. Add it to your hand. Then, shuffle the other cards and return them to the"
    " bottom of your deck."
)


def scout_deck(text: str = TURN_OVER) -> Deck:
    """Scout (Fire, its text), 1 Ice Forward Frost, 1 Fire Forward Marker and 47 Fire Testers, all of cost 2
    with the generic icon."""
    scout = Card("T3-001", "Scout", "forward", ("fire",), 2, keywords=("multi-playable",), text=text)
    frost = Card("T3-002", "Frost", "forward", ("ice",), 2, keywords=("multi-playable",))
    marker = Card("T3-003", "Marker", "forward", ("fire",), 2, keywords=("multi-playable",))
    filler = Card("T3-004", "Tester", "forward", ("fire",), 2, keywords=("multi-playable",))
    cards = {c.number: c for c in (scout, frost, marker, filler)}
    sections = {
        "main": (
            DeckEntry("T3-001", 1),
            DeckEntry("T3-002", 1),
            DeckEntry("T3-003", 1),
            DeckEntry("T3-004", 47),
        )
    }
    return Deck("fftcg", "constructed", sections, cards)


def test_the_wording_is_read_as_a_search_until_one_of_either_element() -> None:
    assert read_text("fftcg", TURN_OVER, name="Scout").effects == (
        Effect("enters", "search", 1, CardFilter(colors=("ice", "wind")), until=True),
    )
    revealed = TURN_OVER.replace("other cards and", "other cards revealed and")
    assert (
        read_text("fftcg", revealed, name="Scout").effects
        == read_text("fftcg", TURN_OVER, name="Scout").effects
    )
    card = Card("T3-001", "Scout", "backup", ("fire",), 2, text=TURN_OVER)
    assert [p.status for p in card_parts("fftcg", card, {})] == ["played"]


@pytest.mark.parametrize(
    "text",
    [
        # a card played onto the field, not added to the hand
        "When Scout enters the field, turn over one card at a time from the top of your deck until a"
        " Character of cost 3 or less is revealed. Play it onto the field. Then, shuffle the other cards"
        " revealed and return them to the bottom of your deck.",
        # a card type chosen as it resolves
        "When Scout enters the field, select 1 card type. Turn over one card at a time from the top of your"
        " deck until a selected type is revealed. Add it to your hand. Then, shuffle the other cards revealed"
        " and return them to the bottom of your deck.",
        # the others into the Break Zone, not to the bottom
        "When Scout enters the field, turn over one card at a time from the top of your deck until an Ice or"
        " Wind card is revealed. Add it to your hand. Then, put the other cards into the Break Zone.",
        # a cost (the reader names no cost), a cost paid first
        "When Scout enters the field, you may put 2 Backups you control into the Break Zone. If you do so,"
        " turn over one card at a time from the top of your deck until an Ice or Wind card is revealed. Add"
        " it to your hand. Then, shuffle the other cards and return them to the bottom of your deck.",
    ],
)
def test_near_misses_stay_unread(text) -> None:
    assert read_text("fftcg", text, name="Scout").effects == ()
    card = Card("T3-001", "Scout", "backup", ("fire",), 2, text=text)
    assert all(p.status == "unplayed" for p in card_parts("fftcg", card, {}))


def test_until_belongs_to_a_search_of_the_deck_for_1_card() -> None:
    assert read_effects("x", [{"when": "enters", "do": "search", "n": 1, "until": True}])[0].until
    for bad in (
        {"when": "enters", "do": "draw", "n": 1, "until": True},
        {"when": "enters", "do": "search", "n": 2, "until": True},
        {"when": "enters", "do": "search", "n": 1, "top": 3, "until": True},
        {"when": "enters", "do": "search", "n": 1, "from": "break-zone", "until": True},
        {"when": "enters", "do": "search", "n": 1, "until": 1},
    ):
        with pytest.raises(DeckFileError):
            read_effects("x", [bad])


@pytest.mark.parametrize(("going", "drawn", "turn_2_draws"), [("first", 1, 2), ("second", 2, 2)])
@pytest.mark.parametrize("passed", [0, 3])
def test_the_cards_under_the_one_found_are_drawn_next(going, drawn, turn_2_draws, passed) -> None:
    """Worked by hand. Scout is in the opening hand (5 cards); turn 1 draws `drawn` (1 going first, 2
    going second), so the first card turned over is the deck's card `5 + drawn`. `passed` Testers lie there,
    then Frost (Ice), then Marker, then the other Testers. Turn 1: Scout (text first among the cards of cost
    2) is cast; it turns over the `passed` Testers (not Ice or Wind), then Frost, which goes to the hand;
    the Testers go to the bottom. The deck then holds 50 - 5 - drawn - 1 cards, and its top card is
    Marker: turn 2's draw phase draws Marker first, then a Tester. A search of the whole deck would have
    shuffled it (Marker then drawn only by chance), and a look at the top cards would have found nothing
    past them."""
    top = 5 + drawn
    order = ["T3-001"] + ["T3-004"] * (top - 1 + passed) + ["T3-002", "T3-003"]
    order += ["T3-004"] * (50 - len(order))
    log = SIM.play_stacked(scout_deck(), SIM.params(going=going, max_turns=2), order)
    texts = [e.text for e in log.events]
    found = "Scout (T3-001): turn over cards one at a time, Frost (T3-002) to the hand, the others shuffled"
    assert [t for t in texts if t.startswith("Scout (T3-001): ")] == [found + " to the bottom"]
    draws = [e.text for e in log.events if e.turn == 2 and e.phase == "draw"]
    assert draws == ["draw Marker (T3-003)", "draw Tester (T3-004)"][:turn_2_draws]
    one = SIM.play_stacked(scout_deck(), SIM.params(going=going, max_turns=1), order)
    assert one.final["deck"] == 50 - 5 - drawn - 1


@pytest.mark.parametrize(("going", "drawn"), [("first", 1), ("second", 2)])
def test_with_no_card_of_those_elements_every_card_goes_back_and_none_is_found(going, drawn) -> None:
    """Worked by hand: Frost is in the opening hand, so no Ice or Wind card is left in the deck. Scout turns
    over all 50 - 5 - drawn cards, finds none, and they all go back (shuffled): the deck keeps its size."""
    order = ["T3-001", "T3-002"] + ["T3-004"] * 47 + ["T3-003"]
    log = SIM.play_stacked(scout_deck(), SIM.params(going=going, max_turns=1), order)
    texts = [e.text for e in log.events]
    assert (
        "Scout (T3-001): turn over cards one at a time, no card found, the others shuffled to the bottom"
        in texts
    )
    assert log.final["deck"] == 50 - 5 - drawn
