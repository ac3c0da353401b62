"""The deck page and its edit actions: who may do what, and what each answer holds."""

import pytest
from django.contrib.auth.models import User
from django.test import Client

from decks import convert
from decks.builder import services
from decks.models import Card, Deck, DeckCard


@pytest.fixture
def owner() -> Client:
    """An anonymous visitor whose session owns the decks it creates."""
    return Client()


@pytest.fixture
def stranger() -> Client:
    return Client()


def _new_deck(client: Client, game: str = "fftcg", **data: str) -> Deck:
    response = client.post(f"/decks/new/{game}/", {"name": "My deck", "format": "", **data})
    assert response.status_code == 302, response.content.decode()[:2000]
    share_id = response["Location"].strip("/").split("/")[-1]
    return Deck.objects.get(share_id=share_id)


def _count(deck: Deck, number: str, section: str = "main") -> int:
    row = DeckCard.objects.filter(deck=deck, card__number=number, section=section).first()
    return row.count if row else 0


def _fork_sample(game: str, client: Client) -> Deck:
    """A copy of the game's legal sample deck owned by the client's session."""
    deck = _new_deck(client, game)
    sample = Deck.objects.get(game_id=game, owner__isnull=True, session_key="", forked_from__isnull=True,
                              description__startswith="A legal")  # fmt: skip
    services.replace_cards(deck, convert.deck_to_engine(sample))
    return deck


def test_it_creates_an_anonymous_deck_and_redirects_to_it(samples, owner):
    response = owner.post("/decks/new/fftcg/", {"name": "Wind", "format": "constructed"})
    deck = Deck.objects.get(name="Wind")
    assert response["Location"] == f"/d/{deck.share_id}/"
    assert deck.owner is None
    assert deck.session_key == owner.session.session_key
    assert deck.visibility == Deck.Visibility.PRIVATE


def test_it_creates_a_signed_in_users_deck(samples):
    alice = User.objects.create_user("alice", password="x-long-password-1")
    client = Client()
    client.force_login(alice)
    deck = _new_deck(client)
    assert deck.owner == alice
    assert deck.session_key == ""


def test_it_shows_the_editor_to_the_owner(samples, owner):
    deck = _new_deck(owner)
    response = owner.get(f"/d/{deck.share_id}/")
    assert response.status_code == 200
    html = response.content.decode()
    assert "Add cards" in html
    assert "Main deck 0/50" in html
    assert "rule 8.1.1.1" in html  # the main deck is empty: E02


def test_it_adds_a_card_and_answers_with_the_list_the_verdict_the_charts_and_the_odds(samples, owner):
    deck = _new_deck(owner)
    response = owner.post(
        f"/d/{deck.share_id}/count",
        {"card": "FX-001C", "section": "main", "delta": "1"},
        HTTP_HX_REQUEST="true",
    )
    assert response.status_code == 200
    assert _count(deck, "FX-001C") == 1
    html = response.content.decode()
    assert html.lstrip().startswith('<div id="deck-live"')
    for part in ("deck-list", "legality", "charts", "stats", "deck-summary", "hand"):
        assert f'id="{part}"' in html
    assert "Gale Scout" in html
    deck.refresh_from_db()
    assert deck.version == 2


def test_it_redirects_a_post_without_htmx(samples, owner):
    deck = _new_deck(owner)
    response = owner.post(f"/d/{deck.share_id}/count", {"card": "FX-001C", "section": "main", "delta": "2"})
    assert response.status_code == 302
    assert response["Location"] == f"/d/{deck.share_id}/#deck-list"
    assert _count(deck, "FX-001C") == 2


def test_it_removes_copies_and_never_goes_below_zero(samples, owner):
    deck = _new_deck(owner)
    url = f"/d/{deck.share_id}/count"
    owner.post(url, {"card": "FX-001C", "section": "main", "delta": "2"})
    owner.post(url, {"card": "FX-001C", "section": "main", "delta": "-1"})
    assert _count(deck, "FX-001C") == 1
    owner.post(url, {"card": "FX-001C", "section": "main", "delta": "-5"})
    assert _count(deck, "FX-001C") == 0
    assert not DeckCard.objects.filter(deck=deck).exists()


def test_it_refuses_a_card_of_another_game_or_an_unknown_section(samples, owner):
    deck = _new_deck(owner)
    url = f"/d/{deck.share_id}/count"
    response = owner.post(url, {"card": "FZ00-001", "section": "main", "delta": "1"}, HTTP_HX_REQUEST="true")
    assert "No card numbered FZ00-001" in response.content.decode()
    response = owner.post(url, {"card": "FX-001C", "section": "side", "delta": "1"}, HTTP_HX_REQUEST="true")
    assert "Unknown section" in response.content.decode()
    assert not DeckCard.objects.filter(deck=deck).exists()


def test_it_flags_the_cards_a_violation_names(samples, owner):
    deck = _new_deck(owner)
    owner.post(f"/d/{deck.share_id}/count", {"card": "FX-001C", "section": "main", "delta": "4"})
    html = owner.get(f"/d/{deck.share_id}/").content.decode()
    assert "rule 8.1.1.2" in html  # E04: at most 3 copies
    assert 'class="row flagged"' in html


def test_the_sample_deck_is_legal_and_says_so(samples, owner):
    deck = _fork_sample("fftcg", owner)
    html = owner.get(f"/d/{deck.share_id}/").content.decode()
    assert "This deck is legal in Constructed." in html
    assert "Main deck 50/50" in html
    assert "Limit Break deck 6/≤8" in html
    assert 'class="row flagged"' not in html


def test_it_changes_the_format(samples, owner):
    deck = _new_deck(owner)
    response = owner.post(f"/d/{deck.share_id}/format", {"format": "limited"})
    assert response.status_code == 302
    deck.refresh_from_db()
    assert deck.format == "limited"
    assert "Main deck 0/40+" in owner.get(f"/d/{deck.share_id}/").content.decode()


def test_a_game_with_one_format_has_no_format_selector(samples, owner):
    deck = _new_deck(owner, "dbsfw")
    assert 'name="format"' not in owner.get(f"/d/{deck.share_id}/").content.decode()


@pytest.mark.parametrize(
    ("method", "path", "data"),
    [
        ("get", "", {}),
        ("get", "cards", {}),
        ("get", "stats", {}),
        ("get", "hand", {}),
        ("get", "export.txt", {}),
        ("get", "deck.json", {}),
        ("get", "import", {}),
        ("post", "import", {"text": "3 FX-001C"}),
        ("post", "count", {"card": "FX-001C", "section": "main", "delta": "1"}),
        ("post", "format", {"format": "limited"}),
    ],
)
def test_it_hides_a_private_deck_from_another_visitor(samples, owner, stranger, method, path, data):
    deck = _new_deck(owner)
    response = getattr(stranger, method)(f"/d/{deck.share_id}/{path}", data)
    assert response.status_code == 404
    assert not DeckCard.objects.filter(deck=deck).exists()
    deck.refresh_from_db()
    assert deck.format == "constructed"


@pytest.mark.parametrize(
    ("method", "path", "data"),
    [
        ("get", "import", {}),
        ("post", "import", {"text": "3 FX-001C"}),
        ("post", "count", {"card": "FX-001C", "section": "main", "delta": "1"}),
        ("post", "format", {"format": "limited"}),
    ],
)
def test_it_lets_nobody_else_edit_an_unlisted_deck(samples, owner, stranger, method, path, data):
    deck = _new_deck(owner)
    Deck.objects.filter(pk=deck.pk).update(visibility=Deck.Visibility.UNLISTED)
    response = getattr(stranger, method)(f"/d/{deck.share_id}/{path}", data)
    assert response.status_code == 404
    assert not DeckCard.objects.filter(deck=deck).exists()


def test_it_hides_alices_deck_from_bob(samples):
    alice = User.objects.create_user("alice", password="x-long-password-1")
    bob = User.objects.create_user("bob", password="x-long-password-1")
    a, b = Client(), Client()
    a.force_login(alice)
    b.force_login(bob)
    deck = _new_deck(a)
    assert b.get(f"/d/{deck.share_id}/").status_code == 404
    url = f"/d/{deck.share_id}/count"
    assert b.post(url, {"card": "FX-001C", "section": "main", "delta": "1"}).status_code == 404
    assert a.post(url, {"card": "FX-001C", "section": "main", "delta": "1"}).status_code == 302
    assert _count(deck, "FX-001C") == 1


def test_it_shows_a_public_deck_read_only(samples, owner, stranger):
    deck = _fork_sample("fftcg", owner)
    Deck.objects.filter(pk=deck.pk).update(visibility=Deck.Visibility.PUBLIC)
    html = stranger.get(f"/d/{deck.share_id}/").content.decode()
    assert "read only" in html
    assert "count-form" not in html
    assert "Add cards" not in html
    assert "Cost curve (Main deck)" in html  # the charts, beside the list
    assert "Draw odds" in html


@pytest.mark.parametrize("path", ["count", "format"])
def test_it_rejects_get_on_post_only_actions(samples, owner, path):
    deck = _new_deck(owner)
    assert owner.get(f"/d/{deck.share_id}/{path}").status_code == 405


def test_it_rejects_post_on_the_deck_page(samples, owner):
    deck = _new_deck(owner)
    assert owner.post(f"/d/{deck.share_id}/").status_code == 405


def test_an_unknown_game_has_no_new_deck_page(samples, owner):
    assert owner.get("/decks/new/chess/").status_code == 404


def test_the_stats_panel_answers_a_query_over_two_groups(samples, owner):
    deck = _fork_sample("fftcg", owner)
    response = owner.get(
        f"/d/{deck.share_id}/stats",
        {"pick": ["A:FX-001C", "A:FX-002C", "B:FX-006C"], "k_A": "1", "k_B": "1", "mulligan": "never"},
        HTTP_HX_REQUEST="true",
    )
    html = response.content.decode()
    assert response.status_code == 200
    assert html.lstrip().startswith('<section id="stats"')
    assert "Holding every chosen group at once" in html
    assert "<polyline" in html and html.count("<polyline") == 2
    # Turn 0 going first without a mulligan: 6 copies of A and 3 of B among 50, a 5-card hand. By
    # inclusion-exclusion, 1 - C(44,5)/C(50,5) - C(47,5)/C(50,5) + C(41,5)/C(50,5).
    from math import comb

    expected = 1 - (comb(44, 5) + comb(47, 5) - comb(41, 5)) / comb(50, 5)
    assert f"{expected * 100:.1f}%" in html


def test_the_stats_panel_keeps_its_query_when_a_count_changes(samples, owner):
    deck = _fork_sample("fftcg", owner)
    response = owner.post(
        f"/d/{deck.share_id}/count",
        {"card": "FX-001C", "section": "main", "delta": "-1", "pick": "A:FX-001C", "mulligan": "if-missing"},
        HTTP_HX_REQUEST="true",
    )
    html = response.content.decode()
    assert 'value="A:FX-001C" selected' in html
    assert '<option value="if-missing" selected>' in html


def test_the_sample_hand_is_the_same_for_the_same_seed(samples, owner):
    deck = _fork_sample("fftcg", owner)
    url = f"/d/{deck.share_id}/hand"
    first = owner.get(url, {"seed": "42"}, HTTP_HX_REQUEST="true").content.decode()
    again = owner.get(url, {"seed": "42"}, HTTP_HX_REQUEST="true").content.decode()
    assert first == again
    assert first.count('<li class="hand-card') == 5
    drawn = owner.get(url, {"seed": "42", "turns": "2"}, HTTP_HX_REQUEST="true").content.decode()
    assert drawn.count('<li class="hand-card') == 5 + 1 + 2  # going first: 1 card on turn 1 (9.2.1.3), then 2


def test_the_gbf_hand_offers_a_partial_redraw(samples, owner):
    deck = _fork_sample("gbf", owner)
    html = owner.get(f"/d/{deck.share_id}/hand", {"seed": "7"}, HTTP_HX_REQUEST="true").content.decode()
    assert 'type="checkbox" name="back"' in html
    assert "Mulligan</a>" not in html


def test_a_card_added_twice_quickly_counts_twice(samples, owner):
    deck = _new_deck(owner)
    card = Card.objects.get(game_id="fftcg", number="FX-001C")
    services.change_card_count(deck, card, "main", 1)
    services.change_card_count(deck, card, "main", 1)
    assert _count(deck, "FX-001C") == 2


def test_the_odds_caption_names_the_play_order_shown(samples, owner):
    deck = _fork_sample("fftcg", owner)
    html = owner.get(
        f"/d/{deck.share_id}/stats", {"order": "second"}, HTTP_HX_REQUEST="true"
    ).content.decode()
    assert "each own turn's draw, going second (50 cards" in html
    html = owner.get(f"/d/{deck.share_id}/stats", {"order": "first"}, HTTP_HX_REQUEST="true").content.decode()
    assert "each own turn's draw, going first (50 cards" in html


def test_the_player_chooses_the_turns_up_to_the_decks_last_draw(samples, owner):
    deck = _fork_sample("fftcg", owner)
    url = f"/d/{deck.share_id}/stats"
    html = owner.get(url, {"turns": "12"}, HTTP_HX_REQUEST="true").content.decode()
    assert '<th scope="col">T12</th>' in html and "T13</th>" not in html
    # 50 cards, 5 in the opening hand, 2 drawn a turn: the 23rd own turn draws the last one.
    html = owner.get(url, {"turns": "60"}, HTTP_HX_REQUEST="true").content.decode()
    assert "T23</th>" in html and "T24</th>" not in html
    assert 'max="23"' in html
    html = owner.get(url, {"turns": "100000"}, HTTP_HX_REQUEST="true").content.decode()
    assert "T5</th>" in html and "T6</th>" not in html  # out of range: the default


def test_the_mulligan_rows_say_why_every_card_jumps_at_turn_0(samples, owner):
    deck = _fork_sample("fftcg", owner)
    url = f"/d/{deck.share_id}/stats"
    html = owner.get(url, {"mulligan": "if-missing"}, HTTP_HX_REQUEST="true").content.decode()
    assert "each row asks about its own card alone" in html
    assert (
        "each row asks about its own card alone"
        not in owner.get(url, HTTP_HX_REQUEST="true").content.decode()
    )


@pytest.mark.parametrize(
    ("game", "example"),
    [("fftcg", "a 2-cost Forward and a Backup"), ("dbsfw", "a 1-cost Battle card and"),
     ("gbf", "a rank-1 crew card and a summon"), ("fireforce", "a 1-cost Unit with Flame and an Event")],
)  # fmt: skip
def test_the_odds_hint_gives_each_games_own_example(samples, owner, game, example):
    deck = _fork_sample(game, owner)
    html = owner.get(f"/d/{deck.share_id}/").content.decode()
    assert f"(for example {example}" in html
    if game != "fftcg":
        assert "Forward" not in html.split('class="hint"')[1][:300]


def test_gbf_charts_its_rank_curve_and_spaces_out_captain_names(samples, owner):
    deck = _fork_sample("gbf", owner)
    html = owner.get(f"/d/{deck.share_id}/").content.decode()
    assert "Rank curve (Main deck)" in html and "Cost curve" not in html
    assert "<title>–: 50</title>" not in html  # no single "no cost" bar holding every card
    assert ">[Ember Recruit] Rowan (男)</a>" in html


def test_the_colour_chart_uses_the_games_word_and_says_when_it_counts_elements(samples, owner):
    fftcg = owner.get(f"/d/{_fork_sample('fftcg', owner).share_id}/").content.decode()
    # The sample has a Wind/Earth card, so the bars add up to more than the 50 cards.
    assert "Elements (Main deck): a card of two elements counts for each" in fftcg
    dbs = owner.get(f"/d/{_fork_sample('dbsfw', owner).share_id}/").content.decode()
    assert "Colors (Deck)" in dbs and "counts for each" not in dbs
    cards = owner.get("/cards/dbsfw/").content.decode()
    assert '<fieldset class="colour-choices"><legend>Color</legend>' in cards


def test_adding_a_dbs_leader_replaces_the_one_there(samples, owner):
    deck = _fork_sample("dbsfw", owner)
    leaders = deck.entries.filter(section="leader").values_list("card__number", "count")
    assert list(leaders) == [("FZ00-001", 1)]
    for _ in range(2):  # a second click does not make two copies either
        owner.post(f"/d/{deck.share_id}/count", {"card": "FZ00-002", "section": "leader", "delta": "1"})
    assert list(leaders.all()) == [("FZ00-002", 1)]


def test_the_add_panel_shows_the_copies_the_deck_has(samples, owner):
    deck = _fork_sample("fftcg", owner)
    html = owner.get(f"/d/{deck.share_id}/cards", {"q": "FX-001C"}, HTTP_HX_REQUEST="true").content.decode()
    assert '<span class="in-deck" title="Copies in the Main deck">3 in deck</span>' in html


def test_the_dbs_add_panel_keeps_to_the_leaders_colours_unless_asked(samples, owner):
    deck = _fork_sample("dbsfw", owner)  # a red Leader
    url = f"/d/{deck.share_id}/cards"
    fitting = owner.get(url, HTTP_HX_REQUEST="true").content.decode()
    assert "Blue" not in fitting and "· Red" in fitting
    every = owner.get(url, {"fit": "any"}, HTTP_HX_REQUEST="true").content.decode()
    assert "· Blue" in every
    page = owner.get(f"/d/{deck.share_id}/").content.decode()
    assert "Only my Leader's colours" in page


def test_information_on_the_deck_page_is_not_a_warning(samples, owner):
    html = owner.get(f"/d/{_fork_sample('dbsfw', owner).share_id}/").content.decode()
    assert '<span class="note-tag">Good to know</span> Bring at least one energy marker.' in html
    assert "to check by hand" not in html
