"""In a real browser, as an anonymous visitor: build a legal deck from the card browser, watch the
legality panel empty, then export the list and import it back into a new deck unchanged."""

import re

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from decks.models import Deck, DeckCard

pytestmark = pytest.mark.browser


@pytest.fixture
def page(browser, live_server):
    call_command("loadsamples", verbosity=0)
    context = browser.new_context(base_url=live_server.url, viewport={"width": 1280, "height": 900})
    page = context.new_page()
    page.set_default_timeout(10_000)
    yield page
    context.close()


def _contents(deck: Deck) -> dict[str, dict[str, int]]:
    out: dict[str, dict[str, int]] = {}
    for row in DeckCard.objects.filter(deck=deck).select_related("card"):
        out.setdefault(row.section, {})[row.card.number] = row.count
    return out


def _sample(game: str) -> dict[str, dict[str, int]]:
    return _contents(Deck.objects.get(game_id=game, owner__isnull=True, description__startswith="A legal"))


def _create(page, game: str, name: str) -> Deck:
    page.goto(f"/decks/new/{game}/")
    page.get_by_label("Deck name").fill(name)
    page.get_by_role("button", name="Create the deck").click()
    page.wait_for_url(re.compile(r"/d/[^/]+/$"))
    return Deck.objects.get(share_id=page.url.rstrip("/").rsplit("/", 1)[-1])


def _add(page, number: str, section: str, copies: int) -> None:
    """Find the card by its number in the browser beside the deck and click its add button."""
    search = page.locator(".browser input[type=search]")
    search.fill(number)
    expect(page.locator("#card-results .result")).to_have_count(1)  # the search narrows to the one card
    button = page.locator(f"#add-{section}-{number}")
    for _ in range(copies):
        before = page.locator(f"#section-{section} .count").text_content()
        button.click()
        # Each click answers with a new list; wait for it before the next click.
        page.wait_for_function(
            "([sel, old]) => document.querySelector(sel).textContent !== old",
            arg=[f"#section-{section} .count", before],
        )


def _round_trip(page, deck: Deck, game: str) -> None:
    text = page.request.get(f"/d/{deck.share_id}/export.txt").text()
    copy = _create(page, game, "Copy")
    page.get_by_role("link", name="Import").click()
    page.get_by_label("Decklist or deck file").fill(text)
    page.get_by_role("button", name="Replace the deck's cards").click()
    page.wait_for_url(f"**/d/{copy.share_id}/")
    assert page.locator(".badge.legal").is_visible()
    assert _contents(copy) == _contents(deck)


def test_an_fftcg_deck_built_in_the_browser_becomes_legal_and_survives_export_and_import(page):
    deck = _create(page, "fftcg", "Browser wind")
    legality = page.locator("#legality")
    assert "rule 8.1.1.1" in legality.text_content()  # empty main deck

    # The card browser answers as you type.
    page.locator(".browser input[type=search]").fill("archer")
    archer = page.locator("#card-results .card-peek", has_text="Breeze Archer")
    archer.wait_for()
    # Pointing at a name shows the card's face.
    expect(archer.locator(".card-pop")).to_be_hidden()
    archer.locator(".card-name").hover()
    expect(archer.locator(".card-pop figure.card-frame")).to_be_visible()
    # ... and to a filter as soon as it changes.
    page.locator(".browser .filters summary").click()
    page.locator(".browser select[name=type]").select_option("summon")
    expect(page.locator("#card-results .result")).to_have_count(0)  # no summon is called "archer"
    page.locator(".browser select[name=type]").select_option("")
    expect(page.locator("#card-results .result")).to_have_count(1)

    wanted = _sample("fftcg")
    for section in ("main", "lb"):
        for number, copies in wanted[section].items():
            _add(page, number, section, copies)
            if section == "main" and sum(_contents(deck).get("main", {}).values()) < 50:
                assert legality.locator(".violations").is_visible()
    page.locator("#legality.is-legal").wait_for()
    assert "This deck is legal in Constructed." in legality.text_content()
    assert page.locator("#legality .violations").count() == 0
    assert page.locator("#deck-summary").text_content().split()[:1] == ["Legal"]
    assert _contents(deck) == wanted

    # One more copy makes it illegal again, and the card is highlighted in the list.
    page.locator(f"#plus-main-{next(iter(wanted['main']))}").click()
    page.locator("#legality.is-illegal").wait_for()
    assert page.locator("#deck-list .row.flagged").count() >= 1
    page.locator(f"#minus-main-{next(iter(wanted['main']))}").click()
    page.locator("#legality.is-legal").wait_for()

    # The stats panel answers a group query with a table and a chart for both play orders.
    page.locator("#stats select[name=pick]").first.select_option(index=1)
    page.locator("#stats svg.odds-chart").wait_for()
    assert page.locator("#stats svg.odds-chart polyline").count() == 2

    _round_trip(page, deck, "fftcg")


def test_a_dbsfw_deck_needs_its_leader(page):
    deck = _create(page, "dbsfw", "Browser DBS")
    wanted = _sample("dbsfw")
    for number, copies in wanted["main"].items():
        _add(page, number, "main", copies)
    legality = page.locator("#legality")
    assert "rule 6-1-2" in legality.text_content()  # no Leader yet
    (leader,) = wanted["leader"]
    _add(page, leader, "leader", 1)
    expect(legality).to_have_class(re.compile("is-legal"))
    assert "rule 6-1-2" not in legality.text_content()
    assert _contents(deck) == wanted
    _round_trip(page, deck, "dbsfw")
