"""Each card has a page: its face (image or drawn frame), its text and every fact the importers keep;
every name in the card browser and the deck list links there and shows the face on hover."""

import pytest
from django.test import Client

from decks.cards.facts import facts
from decks.models import Card, Deck


def test_a_card_page_shows_the_face_text_and_game_fields(samples, client: Client):
    card = Card.objects.get(game_id="fftcg", data__lb_cost__isnull=False, number="FX-043L")
    html = client.get(f"/cards/fftcg/{card.number}/").content.decode()
    assert f"<h1>{card.name}</h1>" in html
    assert 'class="card-face card-frame game-fftcg' in html  # the samples have no image address
    assert f"<dt>Limit Break cost</dt><dd>{card.data['lb_cost']}</dd>" in html
    assert "(sample cards)</dd>" in html
    assert f"/decks/search/?game=fftcg&amp;card={card.base_number}" in html


def test_a_leader_page_shows_both_faces(samples, client: Client):
    leader = Card.objects.get(game_id="dbsfw", number="FZ00-001")
    html = client.get("/cards/dbsfw/FZ00-001/").content.decode()
    assert html.count('class="card-face card-frame') == 2
    assert f"{leader.data['back']['name']}, the other face of FZ00-001" in html
    assert "20000" in html  # the other face's power


def test_another_printings_number_leads_to_the_card(samples, client: Client):
    card = Card.objects.get(game_id="fftcg", number="FX-001C")
    card.aliases = ["PR-901"]
    card.save()
    response = client.get("/cards/fftcg/PR-901/")
    assert response.status_code == 302 and response["Location"] == "/cards/fftcg/FX-001C/"


@pytest.mark.parametrize("path", ["/cards/fftcg/NOPE-1/", "/cards/chess/FX-001C/", "/cards/dbsfw/FX-001C/"])
def test_an_unknown_card_or_game_is_not_found(samples, client: Client, path: str):
    assert client.get(path).status_code == 404


def test_facts_put_words_on_structured_fields(samples):
    gbf = Card.objects.get(game_id="gbf", number="SX01-001C")
    gbf.data |= {"ougi": {"name": "Blaze", "cost": 2}, "new_field": True}
    rows = dict(facts(gbf))
    assert (rows["Character"], rows["ATK"], rows["HP"], rows["Gender"]) == ("Rowan", "2", "4", "male")
    assert rows["Ougi"] == "name Blaze, cost 2"
    assert rows["New field"] == "yes"  # a key no label names yet is still shown
    dbs = dict(facts(Card.objects.get(game_id="dbsfw", number="FZ00-044")))
    assert dbs["Specified cost"] == "green 1"
    assert "deck_rules" not in dbs and "Deck rules" not in dbs  # the rule is the card's text


def test_browser_and_deck_names_link_to_the_card_with_its_face_on_hover(samples, client: Client):
    results = client.get("/cards/fftcg/", {"q": "FX-001C"}).content.decode()
    assert '<a class="card-name" href="/cards/fftcg/FX-001C/">' in results
    assert 'hx-get="/cards/fftcg/FX-001C/face" hx-trigger="mouseenter once, focusin once"' in results
    deck = Deck.objects.filter(game_id="fftcg", owner__isnull=True).first()
    entry = deck.entries.select_related("card").first()
    page = client.get(f"/d/{deck.share_id}/").content.decode()
    assert f'<a class="card-name" href="/cards/fftcg/{entry.card.number}/">{entry.card.name}</a>' in page


def test_the_face_alone_is_served_for_the_pop_up(samples, client: Client):
    response = client.get("/cards/gbf/SX01-001C/face")
    html = response.content.decode()
    assert html.lstrip().startswith('<figure class="card-face card-frame game-gbf')
    assert "<html" not in html and "2 / 4" in html  # ATK / HP
    assert "max-age=300" in response["Cache-Control"]
    assert client.get("/cards/gbf/NOPE-1/face").status_code == 404


def test_a_card_page_says_what_the_goldfish_plays_of_its_text(samples, client: Client):
    html = client.get("/cards/fftcg/FX-008R/").content.decode()  # EX BURST, then an enters-the-field draw
    assert "In the goldfish" in html
    assert (
        '<li class="part-moot">EX BURST <small>(never matters against an opponent who does nothing:' in html
    )
    assert (
        '<li class="part-played">When Skyharbor Clerk enters the field, draw 1 card. <small>(played: when it'
        " enters the field, draw 1 card)</small></li>" in html
    )
    html = client.get("/cards/fftcg/FX-002C/").content.decode()  # draw, then discard: both played
    assert (
        '<li class="part-played">When Breeze Archer enters the field, draw 1 card, then discard 1 card.'
        " <small>(played: when it enters the field, draw 1 card; when it enters the field, discard 1 card"
        " from your hand)</small></li>" in html
    )
    html = client.get("/cards/fftcg/FX-010H/").content.decode()  # an action ability: not played
    assert '<li class="part-unplayed">Dull Feather Sprite: choose 1 Forward you control.' in html
    html = client.get("/cards/fftcg/FX-001C/").content.decode()  # Haste, a keyword the goldfish plays
    assert '<li class="part-played">Haste <small>(played)</small></li>' in html
    assert Card.objects.get(game_id="fftcg", number="FX-007C").text == ""  # nothing to say of a vanilla card
    assert "In the goldfish" not in client.get("/cards/fftcg/FX-007C/").content.decode()


def test_a_card_from_the_official_list_shows_and_plays_its_text_as_printed(samples, client: Client):
    """The FFTCG list marks its text up ([[br]], [[ex]]EX BURST[[/]], [[i]]...[[/]], 《ダル》); the page shows
    the printed words and lines, and the goldfish reads them (engine FFTCG.printed_text)."""
    card = Card.objects.get(game_id="fftcg", number="FX-008R")
    card.text = (
        "[[ex]]EX BURST[[/]] When Skyharbor Clerk enters the field, you may search for 1 [[i]]Card Name "
        "Moogle[[/]] and add it to your hand.[[br]]《ダル》: Produce 《風》."
    )
    card.save()
    html = client.get("/cards/fftcg/FX-008R/").content.decode()
    assert "[[" not in html and "《ダル》" not in html
    printed = "When Skyharbor Clerk enters the field, you may search for 1 Card Name Moogle and add it to"
    printed += " your hand."
    assert f'<p class="card-text-full">EX BURST {printed}<br>《Dull》: Produce 《Wind》.</p>' in html
    assert f'<li class="part-played">{printed} <small>(played:' in html
    assert '<li class="part-played">《Dull》: Produce 《Wind》. <small>(played:' in html
