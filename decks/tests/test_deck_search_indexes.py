"""What makes the public deck search fast over 100,000 decks (issue 35) keeps its answers right: the SQLite
trigram table of deck names follows every change of a deck, a name search answers as `icontains` does,
the capped count still pages through every match, and no filter ever lists a private or unlisted deck."""

import pytest
from django.db import connection

from decks.builder import library, search, services
from decks.models import Deck, DeckCard
from decks.tests.test_library import _deck, _names, cards  # noqa: F401 (fixtures)


@pytest.fixture(autouse=True)
def _no_rate_limits(settings) -> None:
    settings.RATE_LIMITS = {}


def _trigram_hits(text: str) -> list[int]:
    """The deck ids SQLite's trigram table holds for `text`, read directly."""
    with connection.cursor() as cursor:
        cursor.execute(
            f"SELECT rowid FROM {search.NAME_TRIGRAMS} WHERE {search.NAME_TRIGRAMS} MATCH %s",
            [f'"{text}"'],
        )
        return sorted(row[0] for row in cursor.fetchall())


def test_the_name_index_follows_a_deck_made_renamed_and_deleted(alice, cards):  # noqa: F811
    """SQLite: the trigram table, kept by triggers, follows every change. PostgreSQL: pg_trgm's index is
    one the planner can use for Django's `icontains` (with sequential scans off, so 2 rows suffice)."""
    if connection.vendor == "postgresql":
        deck = _deck(alice, "Tempest Gale", T1_001H=3)
        with connection.cursor() as cursor:
            cursor.execute("SET LOCAL enable_seqscan = off")
            plan = Deck.with_deleted.filter(name__icontains="tempest").order_by().explain()
        assert "deck_name_trigram" in plan
        assert list(Deck.objects.filter(name__icontains="PEST GA")) == [deck]
        return
    deck = _deck(alice, "Tempest Gale", T1_001H=3)
    assert _trigram_hits("tempest") == [deck.pk]
    services.update_details(
        deck, name="Quiet Breeze", description="", visibility="public", format=deck.format
    )
    assert _trigram_hits("tempest") == []
    assert _trigram_hits("breeze") == [deck.pk]
    Deck.objects.filter(pk=deck.pk).update(name="Storm Front")  # a bulk write, no save()
    assert (_trigram_hits("breeze"), _trigram_hits("storm")) == ([], [deck.pk])
    deck.refresh_from_db()
    copy = services.fork_deck(deck, owner_id=alice.pk)  # "Storm Front (fork)"
    assert _trigram_hits("storm") == sorted([deck.pk, copy.pk])
    DeckCard.objects.filter(deck=deck).delete()
    Deck.with_deleted.filter(pk=deck.pk).delete()  # gone for good, not the undoable delete
    assert _trigram_hits("storm") == [copy.pk]


NAMES = ("Wind 100% aggro", "Wind_tempo", 'The "Gale" plan', "Knight's vow", "Ice", "ICE AGE", "Winds")


@pytest.mark.parametrize(
    "text", ["wind", "WIND", "in", "100%", "d_t", "0%", '"gale"', "knight's", "ice", "Ic"]
)
def test_a_name_search_answers_as_a_case_blind_substring_test(alice, anonymous, cards, text):  # noqa: F811
    for name in NAMES:
        _deck(alice, name, T1_001H=1)
    html = anonymous.get("/decks/public/", {"q": text}).content.decode()
    listed = [n for n in NAMES if f">{n}</a>" in html.replace("&quot;", '"').replace("&#x27;", "'")]
    assert listed == [n for n in NAMES if text.lower() in n.lower()]


@pytest.mark.parametrize(
    "query",
    [
        {},
        {"q": "secret"},
        {"card": "T1-001H"},
        {"card": "wind knight"},
        {"leader": "goku"},
        {"owner": "alice"},
        {"tag": "hidden"},
        {"colour": "wind"},
        {"game": "dbsfw", "legal": "on"},
        {"sort": "favourites"},
        {"sort": "views"},
        {"sort": "forks"},
    ],
)
def test_no_filter_lists_a_private_or_unlisted_deck(alice, anonymous, cards, query):  # noqa: F811
    for visibility in ("private", "unlisted"):
        for game, card in (("fftcg", {"T1_001H": 3}), ("dbsfw", {"TZ_001": 1})):
            deck = _deck(alice, f"Secret {visibility} {game}", visibility, game=game, **card)
            search.set_tags(deck, ["hidden"])
    html = anonymous.get("/decks/public/", query).content.decode()
    assert "Secret" not in html
    assert "0 decks" in html


def test_the_count_stops_past_the_page_and_the_pager_still_reaches_every_deck(
    alice,
    anonymous,
    cards,  # noqa: F811
    monkeypatch,
):
    monkeypatch.setattr(search, "COUNTED_PAST_PAGE", 3)
    monkeypatch.setattr(library, "PER_PAGE", 2)
    for i in range(6):
        _deck(alice, f"Deck {i}", T1_001H=1)
    first = anonymous.get("/decks/public/").content.decode()
    # Page 1 counts up to 3 (0 * 2 + 3): there are 6, so "more than 3", and no last page is named.
    assert "More than 3 decks" in first and "Page 1</span>" in first
    assert _names(first, *(f"Deck {i}" for i in range(6))) == ["Deck 4", "Deck 5"]  # the newest two
    assert 'href="?page=2"' in first
    # Page 3 counts up to 7 (2 * 2 + 3): all 6 are counted, so the last page is known.
    third = anonymous.get("/decks/public/", {"page": "3"}).content.decode()
    assert "6 decks" in third and "Page 3 of 3" in third and 'rel="next"' not in third
    assert _names(third, *(f"Deck {i}" for i in range(6))) == ["Deck 0", "Deck 1"]
    far = anonymous.get("/decks/public/", {"page": "9" * 40})  # past the end: the last page counted
    assert far.status_code == 200 and _names(far.content.decode(), "Deck 2", "Deck 3") == ["Deck 2", "Deck 3"]


def test_a_search_of_few_matches_lists_them_in_the_order_asked(alice, bob, anonymous, cards):  # noqa: F811
    """Few matches are sorted from their ids; the order is still the one the visitor chose."""
    decks = [_deck(alice, f"Rare {i}", T1_001H=1) for i in range(3)]
    _deck(bob, "Common", T1_002C=1)
    for deck, stars in zip(decks, (1, 3, 2), strict=True):
        Deck.objects.filter(pk=deck.pk).update(favourite_count=stars)
    html = anonymous.get("/decks/public/", {"card": "T1-001H", "sort": "favourites"}).content.decode()
    found = {n: html.index(f">{n}</a>") for n in ("Rare 0", "Rare 1", "Rare 2")}
    assert sorted(found, key=found.__getitem__) == ["Rare 1", "Rare 2", "Rare 0"]
    assert "3 decks" in html and "Common" not in html
