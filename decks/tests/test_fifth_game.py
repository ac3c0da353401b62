"""A fifth game needs one module and no other edit.

Everything a game is to the site (its rules, draw rules, sections, sample cards) is stated below, in
this one module, and registered in engine.GAMES for the test. The card browser, the deck page and its
legality check, odds and sample hand then work for it; having no goldfish simulator, it says so.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable
from io import StringIO
from math import comb

import pytest
from django.core.management import call_command
from django.test import Client

import engine
from decks.management.commands.loadsamples import load_card_set, load_sample_deck
from decks.models import Deck, Game
from engine.deck import Deck as EngineDeck
from engine.games.base import DrawRules, GameRules, Mulligan, Section
from engine.validation import Violation

DECK_SIZE = 20
COPIES = 2


class MoogleDuel(GameRules):
    """A fictional game: a 20-card deck of at most 2 copies each, one Mascot card set apart."""

    id = "moogle"
    name = "MOOGLE DUEL (fictional)"
    short_name = "Moogle Duel"
    formats = ("open",)
    sections = (Section("main", "Deck"), Section("mascot", "Mascot", holds="mascot"))
    single_card_sections = ("mascot",)
    card_types = ("moogle", "trick", "mascot")
    colors = ("pink", "white")
    color_word = "Pom"
    odds_example = "two Moogles"
    set_aside_label = "pom-poms"
    decklist_headers = {"deck": "main", "main": "main", "mascot": "mascot"}
    # Hand of 4; the whole hand back and shuffled for a mulligan; 2 cards set aside as pom-poms; one draw
    # a turn, none on the very first turn.
    draw_rules = DrawRules(
        opening_hand=4,
        mulligan=Mulligan.SHUFFLE_ALL,
        set_aside_after_mulligan=2,
        draws_per_turn=1,
        first_player_first_turn_draws=0,
    )

    def section_size(self, format: str, section: str) -> tuple[int, int | None]:
        return (1, 1) if section == "mascot" else (DECK_SIZE, DECK_SIZE)

    def check(self, deck: EngineDeck) -> Iterable[Violation]:
        main = deck.pool("main")
        if len(main) != DECK_SIZE:
            yield Violation(
                "M01", "1.1", f"The deck must hold exactly {DECK_SIZE} cards; it holds {len(main)}."
            )
        for number, count in Counter(card.number for card in main).items():
            if count > COPIES:
                yield Violation(
                    "M02", "1.2", f"At most {COPIES} copies of {number}; the deck has {count}.", (number,)
                )
        if len(deck.pool("mascot")) != 1:
            yield Violation("M03", "1.3", "The deck needs exactly one Mascot.")


def _card(name: str, type: str, cost: int, pom: str) -> dict[str, object]:
    return {"name": name, "type": type, "cost": cost, "power": 1000 * cost, "colors": [pom], "text": ""}


SAMPLE_SET = {
    "set": {"code": "MD1", "name": "Moogle Duel starter"},
    "cards": {
        "MD1-001": _card("Mog", "moogle", 1, "pink"),
        "MD1-002": _card("Stiltzkin", "moogle", 2, "white"),
        "MD1-003": _card("Kupo Nut Rain", "trick", 1, "pink"),
        "MD1-004": _card("Pompom Storm", "trick", 3, "white"),
        "MD1-005": _card("Moogle Knight", "moogle", 4, "pink"),
        "MD1-006": _card("Atomos Hop", "trick", 2, "white"),
        "MD1-007": _card("Good King Moogle", "moogle", 5, "pink"),
        "MD1-008": _card("Mognet Letter", "trick", 0, "white"),
        "MD1-009": _card("Moguel", "moogle", 3, "pink"),
        "MD1-010": _card("Artemicion", "moogle", 2, "white"),
        "MD1-011": _card("Moogle Mascot", "mascot", 0, "pink"),
        "MD1-012": _card("Spare Mog", "moogle", 1, "pink"),
    },
}
SAMPLE_DECK = {
    "game": "moogle",
    "format": "open",
    "name": "Sample Moogle deck",
    "sections": {
        "main": [{"card": f"MD1-{n:03}", "count": 2} for n in range(1, 11)],
        "mascot": [{"card": "MD1-011", "count": 1}],
    },
}


@pytest.fixture
def moogle(db, monkeypatch: pytest.MonkeyPatch) -> Deck:
    """The game registered, its row made and its sample cards and deck loaded, as loadsamples does."""
    monkeypatch.setitem(engine.GAMES, MoogleDuel.id, MoogleDuel())
    game = Game.objects.create(id=MoogleDuel.id, name=MoogleDuel.name)
    load_card_set(game, SAMPLE_SET)
    load_sample_deck(game, SAMPLE_DECK)
    return Deck.objects.get(game=game)


def test_the_card_browser_lists_and_filters_its_cards(moogle: Deck, client: Client) -> None:
    page = client.get("/cards/moogle/").content.decode()
    assert "Moogle Duel" in page and "Good King Moogle" in page and "Mognet Letter" in page
    filtered = client.get("/cards/moogle/", {"type": "trick"}).content.decode()
    assert "Kupo Nut Rain" in filtered and "Good King Moogle" not in filtered
    detail = client.get("/cards/moogle/MD1-007/")
    assert detail.status_code == 200 and "Good King Moogle" in detail.content.decode()


def test_the_deck_page_shows_its_sections_and_the_legality_check(moogle: Deck, client: Client) -> None:
    page = client.get(moogle.get_absolute_url()).content.decode()
    assert "Mascot" in page and "Moogle Mascot" in page
    assert "Legal" in page and "M01" not in page


def test_the_legality_check_uses_its_rules(moogle: Deck) -> None:
    from decks.builder import services

    entry = moogle.entries.get(card__number="MD1-001")
    services.change_card_count(moogle, entry.card, "main", 1)  # a third copy and a 21st card
    client = Client()
    page = client.get(moogle.get_absolute_url()).content.decode()
    assert "exactly 20 cards; it holds 21" in page
    assert "At most 2 copies of MD1-001" in page


def _text(html: str) -> str:
    return " ".join(re.sub(r"<[^>]+>", " ", html).split())


def test_the_odds_follow_its_draw_rules(moogle: Deck, client: Client) -> None:
    """Mog, 2 of 20, going first with no mulligan: 4 cards seen by turn 1 (the first player draws
    none), 5 by turn 2, 6 by turn 3; the two pom-poms set aside are not seen."""
    page = _text(client.get(f"/d/{moogle.share_id}/stats", HTTP_HX_REQUEST="true").content.decode())
    odds = [round(100 * (1 - comb(18, seen) / comb(20, seen))) for seen in (4, 4, 5, 6)]
    assert odds == [37, 37, 45, 52]
    assert f"Mog MD1-001 2 {odds[0]}% {odds[1]}% {odds[2]}% {odds[3]}%" in page


def test_the_sample_hand_deals_four_and_sets_two_aside(moogle: Deck, client: Client) -> None:
    page = _text(
        client.get(f"/d/{moogle.share_id}/hand", {"seed": "3"}, HTTP_HX_REQUEST="true").content.decode()
    )
    assert "4 in hand · 14 left in the deck" in page
    assert "2 cards set aside as pom-poms" in page


def test_the_goldfish_says_it_is_not_available(moogle: Deck, client: Client) -> None:
    page = client.get(f"/d/{moogle.share_id}/goldfish/").content.decode()
    assert "No goldfish simulator exists for MOOGLE DUEL (fictional) yet." in _text(page)
    assert 'name="games"' not in page  # no form to start a run


def test_its_text_is_not_read_and_no_one_can_set_effects(moogle: Deck, staff: Client) -> None:
    out, err = StringIO(), StringIO()
    with pytest.raises(SystemExit) as stopped:
        call_command("readtext", MoogleDuel.id, "Draw 1 card.", stdout=out, stderr=err)
    assert stopped.value.code == 2 and "No text reader for MOOGLE DUEL (fictional) yet" in err.getvalue()
    card = moogle.entries.select_related("card").first().card
    assert staff.get(f"/maintain/{MoogleDuel.id}/{card.number}/effects/").status_code == 404
