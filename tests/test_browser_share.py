"""In a real browser: sign up, build a deck, make it unlisted, open its link in a second browser
(another visitor, no account) that sees it read only, forks it and finds the fork in its own decks."""

import re

import pytest
from django.core.management import call_command
from playwright.sync_api import expect

from decks import convert
from decks.models import Deck
from engine.decklist import export_decklist

pytestmark = pytest.mark.browser


@pytest.fixture
def contexts(browser, live_server, settings):
    settings.RATE_LIMITS = {}
    call_command("loadsamples", verbosity=0)
    made = [
        browser.new_context(base_url=live_server.url, viewport={"width": 1280, "height": 900}),
        browser.new_context(base_url=live_server.url, viewport={"width": 390, "height": 844}),  # a phone
    ]
    yield made
    for context in made:
        context.close()


def _sample_list() -> str:
    sample = Deck.objects.get(game_id="fftcg", owner__isnull=True, description__startswith="A legal")
    return export_decklist(convert.deck_to_engine(sample))


def test_a_shared_deck_opens_read_only_and_forks_into_the_visitors_decks(contexts, live_server):
    alice_page = contexts[0].new_page()
    alice_page.set_default_timeout(10_000)

    # Sign up.
    alice_page.goto("/accounts/signup/")
    alice_page.get_by_label("Username").fill("alice")
    alice_page.get_by_label("Password:", exact=True).fill("a-long-enough-passphrase")
    alice_page.get_by_label("Password confirmation").fill("a-long-enough-passphrase")
    alice_page.get_by_role("button", name="Sign up").click()
    alice_page.wait_for_url("**/decks/mine/")
    expect(alice_page.locator(".account-nav")).to_contain_text("alice")

    # Build a deck from the sample list with the editor's new deck form.
    alice_page.goto("/decks/new/fftcg/")
    alice_page.get_by_label("Deck name").fill("Wind tempo")
    alice_page.get_by_label("Decklist or deck file").fill(_sample_list())
    alice_page.get_by_role("button", name="Create the deck").click()
    alice_page.wait_for_url(re.compile(r"/d/[^/]+/$"))
    deck = Deck.objects.get(share_id=alice_page.url.rstrip("/").rsplit("/", 1)[-1])
    assert deck.owner.username == "alice"
    expect(alice_page.locator(".badge.legal")).to_be_visible()

    # Make it unlisted and take its share link.
    alice_page.goto(f"/d/{deck.share_id}/settings")
    alice_page.get_by_label("Unlisted (anyone with the link)").check()
    alice_page.get_by_label("Description").fill("Haste and wind.")
    alice_page.get_by_role("button", name="Save").click()
    alice_page.wait_for_url(f"**/d/{deck.share_id}/")
    alice_page.goto(f"/d/{deck.share_id}/settings")
    share_url = alice_page.get_by_label("Share link:").input_value()
    assert share_url == f"{live_server.url}/d/{deck.share_id}/"
    deck.refresh_from_db()
    assert deck.visibility == Deck.Visibility.UNLISTED

    # Not listed: the public list does not show it.
    alice_page.goto("/decks/public/")
    expect(alice_page.get_by_role("link", name="Wind tempo")).to_have_count(0)

    # Another visitor, on a phone, opens the link: read only, with a link preview in the head.
    visitor = contexts[1].new_page()
    visitor.set_default_timeout(10_000)
    visitor.goto(share_url)
    expect(visitor.get_by_role("heading", name="Wind tempo")).to_be_visible()
    expect(visitor.locator(".eyebrow")).to_contain_text("read only")
    expect(visitor.locator(".count-form")).to_have_count(0)
    expect(visitor.get_by_text("Add cards")).to_have_count(0)
    expect(visitor.get_by_role("link", name="Import")).to_have_count(0)
    expect(visitor.locator('meta[property="og:title"]')).to_have_attribute("content", "Wind tempo")
    expect(visitor.locator('meta[property="og:description"]')).to_have_attribute(
        "content", re.compile(r"legal in Constructed")
    )
    assert visitor.goto(f"/d/{deck.share_id}/settings").status == 404

    # The visitor forks it and gets an editable copy, kept in their own decks.
    visitor.goto(f"/d/{deck.share_id}/fork")
    visitor.get_by_role("button", name="Fork this deck").click()
    visitor.wait_for_url(re.compile(r"/d/[^/]+/$"))
    assert deck.share_id not in visitor.url
    expect(visitor.get_by_text("Add cards")).to_be_visible()
    fork = Deck.objects.get(forked_from=deck)
    assert fork.owner is None
    assert fork.entries.count() == deck.entries.count()
    visitor.goto(f"/d/{fork.share_id}/settings")
    expect(visitor.locator(".forked-from")).to_contain_text("Forked from Wind tempo")
    visitor.goto("/decks/mine/")
    expect(visitor.get_by_role("link", name="Wind tempo (fork)")).to_be_visible()
    expect(visitor.get_by_text("kept with this browser only")).to_be_visible()

    # Alice's own list is unchanged by the fork.
    alice_page.goto("/decks/mine/")
    expect(alice_page.get_by_role("link", name="Wind tempo", exact=True)).to_be_visible()
    expect(alice_page.get_by_role("link", name="Wind tempo (fork)")).to_have_count(0)
