"""Issue 31, item 6: deck files of the wrong shape and out-of-range numeric filters are answered with a
message (or ignored), never with a server error; a new deck and an import read a deck file alike."""

import json

import pytest
from django.test import Client

import engine
from decks.models import Deck

pytestmark = pytest.mark.django_db

HUGE = [str(2**63), str(-(2**63) - 1), str(10**30), "9" * 5000, "-" + "9" * 5000]


@pytest.fixture
def own_deck(alice, samples) -> Deck:
    return Deck.objects.create(game_id="fftcg", format="constructed", name="Mine", owner=alice)


def _post_both(client: Client, deck: Deck, text: str) -> list[str]:
    """The same deck file pasted on the new-deck page and on the deck's import page."""
    pages = []
    for url in ("/decks/new/fftcg/", f"/d/{deck.share_id}/import"):
        response = client.post(url, {"name": "Probe", "text": text})
        assert response.status_code == 200, url
        pages.append(response.content.decode())
    return pages


@pytest.mark.parametrize("game", [[], {}, ["fftcg"], {"fftcg": 1}, 1, None, True, "fftcg" * 1000])
def test_a_deck_file_whose_game_is_not_a_game_id_is_refused_on_both_pages(alice_client, own_deck, game):
    text = json.dumps({"game": game, "sections": {"main": [{"card": "FX-001C", "count": 3}]}})
    for html in _post_both(alice_client, own_deck, text):
        assert "This deck file cannot be read:" in html
    assert Deck.objects.count() == 1 + len(engine.GAMES)  # the samples and own_deck: nothing new


def test_a_deck_file_describing_a_card_the_database_lacks_is_refused_alike(alice_client, own_deck):
    text = json.dumps(
        {
            "game": "fftcg",
            "sections": {"main": [{"card": "FX-001C", "count": 3}, {"card": "77-001H", "count": 2}]},
            "cards": {"77-001H": {"name": "Not Stored", "type": "forward", "colors": ["fire"], "cost": 2}},
        }
    )
    new_page, import_page = _post_both(alice_client, own_deck, text)
    for html in (new_page, import_page):
        assert "This deck file cannot be read: Unknown card number: 77-001H." in html
    assert not Deck.objects.filter(name="Probe").exists()
    assert not own_deck.entries.exists()


@pytest.mark.parametrize(
    "data",
    [
        {"game": "fftcg", "format": ["constructed"], "sections": {}},
        {"game": "fftcg", "format": {"a": 1}, "sections": {}},
        {"game": "fftcg", "name": ["x"], "sections": {}},
        {"game": "fftcg", "sections": []},
        {"game": "fftcg", "sections": {"main": {"card": "FX-001C"}}},
        {"game": "fftcg", "sections": {"main": [{"card": ["FX-001C"], "count": 1}]}},
        {"game": "fftcg", "sections": {"main": [{"card": "FX-001C", "count": "3"}]}},
        {"game": "fftcg", "sections": {"main": [{"card": "FX-001C", "count": 1e300}]}},
        {"game": "fftcg", "sections": {"main": [{"card": "FX-001C", "count": 2**70}]}},
        {"game": "fftcg", "sections": {"main": []}, "cards": ["FX-001C"]},
        {"game": "fftcg", "sections": {"main": []}, "cards": {"FX-001C": []}},
        {"game": "fftcg", "sections": {"main": []}, "cards": {"FX-001C": {"name": 1, "type": []}}},
        {"game": "gbf", "sections": {}},
    ],
)
def test_a_deck_file_with_a_value_of_the_wrong_type_is_refused(alice_client, own_deck, data):
    for html in _post_both(alice_client, own_deck, json.dumps(data)):
        assert "This deck file cannot be read:" in html


def test_a_count_of_more_digits_than_python_converts_is_refused(alice_client, own_deck):
    text = '{"game": "fftcg", "sections": {"main": [{"card": "FX-001C", "count": ' + "9" * 5000 + "}]}}"
    for html in _post_both(alice_client, own_deck, text):
        assert "This deck file cannot be read: The deck file holds a number too long to be a count." in html


# Every numeric filter of every game's card browser, with values past the database's integers.
CARD_FILTERS = ["cost_min", "cost_max", "power_min", "power_max", "page"]


@pytest.mark.parametrize("game_id", list(engine.GAMES))
@pytest.mark.parametrize("field", CARD_FILTERS)
def test_no_card_browser_filter_overflows(anonymous, samples, game_id, field):
    for value in HUGE:
        response = anonymous.get(f"/cards/{game_id}/", {field: value})
        assert response.status_code == 200, (field, value[:30])


def test_the_overflow_of_the_issue_is_past_the_fields_bound(anonymous, samples):
    """The field offers its range (max) and a value past it leaves the filters out: every card shows."""
    response = anonymous.get("/cards/gbf/", {"power_min": "9223372036854775808"})
    assert response.status_code == 200
    html = response.content.decode()
    assert 'value="9223372036854775808" min="0" max="1000000"' in html and 'aria-invalid="true"' in html
    assert "56 cards" in html


@pytest.mark.parametrize("value", HUGE)
def test_the_deck_lists_and_the_deck_search_take_any_page(anonymous, samples, value):
    for url, extra in (("/decks/search/", {"card": "FX-001C"}), ("/decks/public/", {}), ("/decks/mine/", {})):
        assert anonymous.get(url, {**extra, "page": value}).status_code == 200, url


API_FILTERS = [("/api/v1/cards", f) for f in ("cost", "limit", "offset")] + [
    ("/api/v1/decks", f) for f in ("limit", "offset")
]


@pytest.mark.parametrize(("url", "field"), API_FILTERS)
def test_the_api_filters_refuse_a_huge_number(anonymous, samples, url, field):
    for value in HUGE:
        assert anonymous.get(url, {"game": "fftcg", field: value}).status_code == 422, value[:30]


@pytest.mark.parametrize("value", HUGE)
def test_the_api_versions_answer_a_huge_number_with_not_found(alice_client, own_deck, value):
    share = own_deck.share_id
    for url, query in (
        (f"/api/v1/decks/{share}/compare", {"b": "v1", "a": value}),
        (f"/api/v1/decks/{share}/diff", {"before": value, "after": "1"}),
    ):
        assert alice_client.get(url, query).status_code in (404, 422), url
