"""The card browser: search by name, number and text; filters; pages; the htmx partial; add buttons."""

import re

from django.test import Client

from decks.cards.views import PER_PAGE, search_cards
from decks.models import Card, CardSet


def _numbers(html: str) -> list[str]:
    import re

    return re.findall(r'<span class="meta">([A-Z0-9]+-[0-9A-Za-z_]+) ·', html)


def _get(client: Client, game: str = "fftcg", **params: str) -> str:
    response = client.get(f"/cards/{game}/", params)
    assert response.status_code == 200
    return response.content.decode()


def test_it_lists_a_games_cards_a_page_at_a_time(samples, client):
    html = _get(client)
    assert "52 cards, page 1 of 2" in html
    assert len(_numbers(html)) == PER_PAGE
    assert len(_numbers(_get(client, page="2"))) == 52 - PER_PAGE


def test_it_searches_names_numbers_and_text(samples, client):
    assert _numbers(_get(client, q="gale scout")) == ["FX-001C"]
    assert _numbers(_get(client, q="fx-003")) == ["FX-003R"]
    by_text = _numbers(_get(client, q="+1000 power"))
    assert "FX-006C" in by_text  # Windmill Keeper's text, not its name


def test_it_filters_by_type_element_cost_and_set(samples, client):
    expected = set(
        Card.objects.filter(game_id="fftcg", type="backup", cost__gte=2, cost__lte=3)
        .filter(colors__icontains='"wind"')
        .values_list("number", flat=True)
    )
    html = _get(client, type="backup", color="wind", cost_min="2", cost_max="3", card_set="FX")
    assert expected and set(_numbers(html)) == expected
    for number in _numbers(html):
        card = Card.objects.get(game_id="fftcg", number=number)
        assert card.type == "backup" and "wind" in card.colors and 2 <= card.cost <= 3


def test_it_filters_colours_on_whole_names_only(samples):
    # "light" must not match "lightning": the filter looks for the quoted JSON string.
    card_set = CardSet.objects.get(game_id="fftcg", code="FX")
    Card.objects.create(game_id="fftcg", card_set=card_set, number="FX-900", base_number="FX-900",
                        name="Bolt", type="forward", colors=["lightning"])  # fmt: skip
    Card.objects.create(game_id="fftcg", card_set=card_set, number="FX-901", base_number="FX-901",
                        name="Halo", type="forward", colors=["light", "wind"])  # fmt: skip
    light = set(search_cards("fftcg", {"color": ["light"]}).values_list("number", flat=True))
    assert "FX-901" in light and "FX-900" not in light
    assert "FX-900" in set(search_cards("fftcg", {"color": ["lightning"]}).values_list("number", flat=True))


def test_it_filters_by_power_and_keyword(samples, client):
    numbers = _numbers(_get(client, power_min="7000", keyword="haste"))
    assert numbers
    for number in numbers:
        card = Card.objects.get(game_id="fftcg", number=number)
        assert card.power >= 7000 and "haste" in card.keywords


def test_gbf_power_filters_read_atk(samples, client):
    numbers = _numbers(_get(client, "gbf", power_min="4"))
    assert numbers
    assert all(Card.objects.get(game_id="gbf", number=n).data.get("atk", 0) >= 4 for n in numbers)


def test_it_answers_htmx_with_the_results_partial(samples, client):
    response = client.get("/cards/fftcg/", {"q": "archer"}, HTTP_HX_REQUEST="true")
    html = response.content.decode()
    assert html.lstrip().startswith('<div id="card-results"')
    assert "<html" not in html
    assert _numbers(html) == ["FX-002C"]


def test_the_search_form_works_without_javascript(samples, client):
    html = _get(client)
    assert 'method="get" action="/cards/fftcg/"' in html
    assert 'hx-trigger="input changed delay:250ms, search"' in html


def test_an_unknown_game_is_404(samples, client):
    assert client.get("/cards/chess/").status_code == 404


def test_bad_filter_values_list_everything_rather_than_fail(samples, client):
    assert "52 cards" in _get(client, cost_min="lots")


def test_in_the_editor_each_card_offers_the_sections_it_may_go_to(samples, client):
    response = client.post("/decks/new/dbsfw/", {"name": "D"})
    url = response["Location"]
    html = client.get(f"{url}cards", {"q": "Renn"}, HTTP_HX_REQUEST="true").content.decode()
    assert "to the Leader" in html and "to the Deck" not in html  # FZ00-001 is a Leader
    html = client.get(f"{url}cards", {"type": "battle"}, HTTP_HX_REQUEST="true").content.decode()
    assert "to the Deck" in html and "to the Leader" not in html
    response = client.post("/decks/new/fftcg/", {"name": "F"})
    html = client.get(
        f"{response['Location']}cards", {"q": "FX-043"}, HTTP_HX_REQUEST="true"
    ).content.decode()
    assert "to the Limit Break deck" in html and "to the Main deck" not in html


def test_the_editor_browser_without_htmx_renders_the_whole_page(samples, client):
    url = client.post("/decks/new/fftcg/", {"name": "F"})["Location"]
    html = client.get(f"{url}cards", {"q": "archer"}).content.decode()
    assert "<html" in html and "Breeze Archer" in html and "Legality" in html


def test_a_page_past_the_last_shows_the_last(samples, client):
    html = _get(client, page="99")
    assert "52 cards, page 2 of 2" in html
    assert len(_numbers(html)) == 52 - PER_PAGE


def test_search_words_are_literal_and_match_any_case(samples, client):
    assert _numbers(_get(client, q="GaLe ScOuT")) == ["FX-001C"]
    assert _numbers(_get(client, q="%")) == []  # a wildcard typed by the user matches only itself
    assert _numbers(_get(client, q="_")) == []


def test_several_colours_at_once_rarity_and_sort(samples, client):
    both = {n for page in ("1", "2") for n in _numbers(_get(client, color=["wind", "earth"], page=page))}
    wind, earth = set(_numbers(_get(client, color="wind"))), set(_numbers(_get(client, color="earth")))
    assert both == wind | earth and wind and earth
    legends = _numbers(_get(client, rarity="L"))
    assert legends and all(n.endswith("L") for n in legends)
    html = client.get("/cards/fftcg/", {"sort": "name"}).content.decode()
    names = re.findall(r'class="card-name" href="[^"]+">([^<]+)</a>', html)
    assert names == sorted(names)


def test_a_typo_finds_the_closest_names(samples, client):
    html = client.get("/cards/fftcg/", {"q": "Gale Scot"}).content.decode()
    assert "No card matches “Gale Scot”. Did you mean <strong>Gale Scout</strong>?" in html
    assert "FX-001C" in html


def test_the_search_keeps_its_query_in_the_address(samples, client):
    html = client.get("/cards/fftcg/", {"q": "knight", "color": ["wind"], "sort": "cost"}).content.decode()
    assert 'hx-push-url="true"' in html  # htmx searches push their address, so Back and bookmarks work
    assert 'value="knight"' in html
    assert re.search(r'<input[^>]*value="wind"[^>]*checked', html)
