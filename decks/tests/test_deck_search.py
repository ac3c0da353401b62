"""The public deck search (issue 35, item 5): format, legality, builder and tag filters, sorting by
favourites, views and forks, stars with their permissions, views counted without a write per view, tags,
and the description in Markdown."""

import pytest
from django.core.management import call_command

from decks.builder import search, services
from decks.models import Deck, Favourite, Game
from decks.tests.test_library import ALL, _deck, _names, cards, shelf  # noqa: F401 (fixtures)


@pytest.fixture(autouse=True)
def _no_rate_limits(settings) -> None:
    settings.RATE_LIMITS = {}


def _named(name: str) -> Deck:
    return Deck.objects.get(name=name)


def _order(html: str, names: tuple[str, ...]) -> list[str]:
    """The deck names in the order the page lists them."""
    found = {n: html.index(f">{n}</a>") for n in names if f">{n}</a>" in html}
    return sorted(found, key=found.__getitem__)


def test_only_decks_legal_now_are_legal(anonymous, db):
    call_command("loadsamples", verbosity=0)
    sample = Deck.objects.get(game_id="fftcg", owner__isnull=True, session_key="")
    legal = services.fork_deck(sample, owner_id=None, session_key="s")
    illegal = services.fork_deck(sample, owner_id=None, session_key="s")
    entry = illegal.entries.filter(section="main").select_related("card").first()
    services.set_card_count(illegal, entry.card, "main", 5)
    for deck, name in ((legal, "Legal one"), (illegal, "Five copies")):
        services.update_details(deck, name=name, description="", visibility="public", format=deck.format)
    html = anonymous.get("/decks/public/", {"legal": "on", "game": "fftcg"}).content.decode()
    assert _names(html, "Legal one", "Five copies") == ["Legal one"]
    # A ban list change makes every verdict of the game stale: trusted again once renewed.
    Game.objects.filter(pk="fftcg").update(ban_lists_version=999)
    html = anonymous.get("/decks/public/", {"legal": "on", "game": "fftcg"}).content.decode()
    assert _names(html, "Legal one", "Five copies") == []
    call_command("refresh_search", verbosity=0)
    html = anonymous.get("/decks/public/", {"legal": "on", "game": "fftcg"}).content.decode()
    assert _names(html, "Legal one", "Five copies") == ["Legal one"]


@pytest.mark.parametrize(
    ("query", "expected"),
    [
        ({"owner": "BOB"}, ["Burn", "Earthquake"]),
        ({"owner": "carol"}, []),
        ({"card": "Kamehameha"}, ["Goku aggro"]),
        ({"format": "constructed", "game": "fftcg"}, ["Winds", "Burn", "Earthquake"]),
        ({"colour": "light"}, []),  # no deck plays Light; "lightning" is another word
    ],
)
def test_filters_by_builder_card_format_and_colour(anonymous, shelf, query, expected):  # noqa: F811
    html = anonymous.get("/decks/public/", query).content.decode()
    assert _names(html, *ALL) == expected


def test_the_owner_tags_a_deck_and_the_search_finds_it_by_tag(alice, alice_client, anonymous, shelf):  # noqa: F811
    winds = _named("Winds")
    response = alice_client.post(
        f"/d/{winds.share_id}/settings",
        {"name": "Winds", "visibility": "public", "format": winds.format, "tags": "Aggro, wind tempo, aggro"},
    )
    assert response.status_code == 302
    assert list(winds.tags.values_list("name", flat=True)) == ["aggro", "wind-tempo"]
    assert _names(anonymous.get("/decks/public/", {"tag": "aggro"}).content.decode(), *ALL) == ["Winds"]
    page = anonymous.get(f"/d/{winds.share_id}/").content.decode()
    assert 'href="/decks/public/?tag=wind-tempo"' in page
    too_many = alice_client.post(
        f"/d/{winds.share_id}/settings",
        {"name": "Winds", "visibility": "public", "format": winds.format, "tags": "a,b,c,d,e,f"},
    )
    assert "At most 5 tags, not 6." in too_many.content.decode()


def test_stars_need_an_account_count_once_and_sort_the_search(alice, bob, bob_client, anonymous, shelf):  # noqa: F811
    burn, winds = _named("Burn"), _named("Winds")
    visitor = anonymous.post(f"/d/{burn.share_id}/favourite")
    assert visitor.status_code == 302 and visitor["Location"].startswith("/accounts/login/")
    assert bob_client.post(f"/d/{burn.share_id}/favourite").status_code == 302
    search.toggle_favourite(winds, alice.pk)
    search.toggle_favourite(winds, bob.pk)
    assert (_named("Winds").favourite_count, _named("Burn").favourite_count) == (2, 1)
    html = anonymous.get("/decks/public/", {"sort": "favourites", "game": "fftcg"}).content.decode()
    assert _order(html, ALL) == ["Winds", "Burn", "Earthquake"]
    page = bob_client.get(f"/d/{burn.share_id}/").content.decode()
    assert 'aria-pressed="true"' in page and "★ Starred · 1" in page
    bob_client.post(f"/d/{burn.share_id}/favourite")  # a second press takes the star back
    assert _named("Burn").favourite_count == 0 and not Favourite.objects.filter(deck=burn).exists()


def test_a_private_deck_cannot_be_starred_or_found(alice, bob_client, anonymous, shelf):  # noqa: F811
    hidden = _deck(alice, "Private plan", "private", T1_001H=3)
    assert bob_client.post(f"/d/{hidden.share_id}/favourite").status_code == 404
    for query in ({}, {"owner": "alice"}, {"q": "plan"}, {"sort": "views"}):
        assert "Private plan" not in anonymous.get("/decks/public/", query).content.decode()


def test_views_are_written_ten_at_a_time_and_sort_the_search(anonymous, shelf, django_assert_num_queries):  # noqa: F811
    burn = _named("Burn")
    for _ in range(search.VIEWS_PER_WRITE - 1):
        search.count_view(burn)
    assert _named("Burn").view_count == 0  # nine views: not written yet
    with django_assert_num_queries(1):  # the tenth writes all ten, in one UPDATE
        search.count_view(burn)
    assert _named("Burn").view_count == search.VIEWS_PER_WRITE
    for _ in range(search.VIEWS_PER_WRITE):
        anonymous.get(f"/d/{_named('Earthquake').share_id}/")  # a visitor's page views count too
    html = anonymous.get("/decks/public/", {"sort": "views", "game": "fftcg"}).content.decode()
    assert _order(html, ALL)[:2] == ["Burn", "Earthquake"] or _order(html, ALL)[:2] == ["Earthquake", "Burn"]
    assert _named("Earthquake").view_count == search.VIEWS_PER_WRITE


def test_forks_are_counted_and_sort_the_search(bob, anonymous, shelf):  # noqa: F811
    earthquake = _named("Earthquake")
    for _ in range(2):
        services.fork_deck(earthquake, owner_id=bob.pk)
    services.fork_deck(_named("Burn"), owner_id=bob.pk)
    html = anonymous.get("/decks/public/", {"sort": "forks", "game": "fftcg"}).content.decode()
    assert _order(html, ALL) == ["Earthquake", "Burn", "Winds"]


def test_the_description_is_markdown_rendered_safely(alice, alice_client, anonymous, shelf):  # noqa: F811
    winds = _named("Winds")
    text = "# Plan\n\nMulligan **hard**. <script>alert(1)</script> [bad](javascript:alert(1)) [guide](https://e.org)"
    services.update_details(winds, name="Winds", description=text, visibility="public", format=winds.format)
    page = anonymous.get(f"/d/{winds.share_id}/").content.decode()
    assert "<h3>Plan</h3>" in page and "<strong>hard</strong>" in page
    assert "<script>alert(1)" not in page and "&lt;script&gt;" in page
    assert 'href="javascript' not in page
    assert '<a href="https://e.org" rel="nofollow noopener ugc">guide</a>' in page
