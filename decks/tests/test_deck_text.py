"""Import and export: a pasted list or a deck file in, the text list and the deck file out."""

import json

import pytest
from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from decks import convert
from decks.builder import services
from decks.models import Deck, DeckCard


@pytest.fixture
def owner() -> Client:
    return Client()


def _new_deck(client: Client, game: str = "fftcg") -> Deck:
    response = client.post(f"/decks/new/{game}/", {"name": "Imported"})
    return Deck.objects.get(share_id=response["Location"].strip("/").split("/")[-1])


def _sample(game: str) -> Deck:
    return Deck.objects.get(game_id=game, owner__isnull=True, description__startswith="A legal")


def _contents(deck: Deck) -> dict[str, list[tuple[str, int]]]:
    rows = DeckCard.objects.filter(deck=deck).order_by("section", "card__number")
    out: dict[str, list[tuple[str, int]]] = {}
    for row in rows.select_related("card"):
        out.setdefault(row.section, []).append((row.card.number, row.count))
    return out


def test_it_saves_the_lines_it_reads_and_lists_the_others_to_fix(samples, owner):
    deck = _new_deck(owner)
    owner.post(f"/d/{deck.share_id}/count", {"card": "FX-002C", "section": "main", "delta": "2"})
    text = "3 Gale Scout (FX-001C)\n3 FX-999C\n\n3x FX-003R\nthree of them\n2 Gale Scot\n"
    response = owner.post(f"/d/{deck.share_id}/import", {"text": text}, follow=True)
    assert response.redirect_chain == [(f"/d/{deck.share_id}/import", 302)]  # a reload saves nothing again
    html = response.content.decode()
    assert "Saved the 6 cards that could be read" in html
    assert "3 lines could not be read:" in html
    assert "<strong>Line 2</strong>: unknown card number FX-999C" in html
    assert "<strong>Line 5</strong>" in html
    suggestion = "no card is named &#x27;Gale Scot&#x27;; did you mean &#x27;Gale Scout&#x27;?"
    assert f"<strong>Line 6</strong>: {suggestion}" in html
    assert "<strong>Line 1</strong>" not in html and "<strong>Line 4</strong>" not in html
    assert "3 FX-999C" in html.split("<textarea")[1]  # the list as pasted, to fix and import again
    assert _contents(deck) == {"main": [("FX-001C", 3), ("FX-003R", 3)]}
    fixed = text.replace("3 FX-999C\n", "").replace("three of them\n", "").replace("Gale Scot\n", "FX-002C\n")
    assert owner.post(f"/d/{deck.share_id}/import", {"text": fixed}).status_code == 302
    assert _contents(deck) == {"main": [("FX-001C", 3), ("FX-002C", 2), ("FX-003R", 3)]}


def test_a_list_of_which_no_line_reads_saves_nothing(samples, owner):
    deck = _new_deck(owner)
    owner.post(f"/d/{deck.share_id}/count", {"card": "FX-002C", "section": "main", "delta": "2"})
    response = owner.post(f"/d/{deck.share_id}/import", {"text": "3 FX-999C\nthree of them\n"})
    assert "2 lines could not be read, and no other line names a card." in response.content.decode()
    assert _contents(deck) == {"main": [("FX-002C", 2)]}  # untouched


def test_a_good_list_replaces_the_cards(samples, owner):
    deck = _new_deck(owner)
    owner.post(f"/d/{deck.share_id}/count", {"card": "FX-002C", "section": "main", "delta": "2"})
    text = "# Main deck\n3 Gale Scout (FX-001C)\nFX-003R x2\n# Limit Break deck\n1 FX-043L\n"
    response = owner.post(f"/d/{deck.share_id}/import", {"text": text})
    assert response.status_code == 302
    assert response["Location"] == f"/d/{deck.share_id}/"
    assert _contents(deck) == {"lb": [("FX-043L", 1)], "main": [("FX-001C", 3), ("FX-003R", 2)]}


def test_the_deck_page_says_which_sites_format_the_paste_was_read_as(samples, owner):
    deck = _new_deck(owner, "dbsfw")
    text = "Renn, Ember Fist [FZ00-001]\n4 Cinder Cadet [FZ00-010]\n"  # DeckPlanet's copy: the Leader first
    response = owner.post(f"/d/{deck.share_id}/import", {"text": text}, follow=True)
    html = response.content.decode()
    assert "Read as a DeckPlanet list: 5 cards saved." in html
    # Said once: the next page shows it no more.
    assert "Read as" not in owner.get(f"/d/{deck.share_id}/").content.decode()


def test_a_partly_read_paste_names_its_format_beside_the_lines_to_fix(samples, owner):
    deck = _new_deck(owner)
    text = "3 Gale Scout (FX-001C)\n3 Nobody (FX-999C)\n"
    html = owner.post(f"/d/{deck.share_id}/import", {"text": text}, follow=True).content.decode()
    assert "Read as an untap list. Saved the 3 cards that could be read" in html


@pytest.mark.parametrize("game", ["fftcg", "dbsfw", "gbf", "fireforce"])
def test_export_then_import_gives_the_same_deck(samples, owner, game):
    deck = _new_deck(owner, game)
    services.replace_cards(deck, convert.deck_to_engine(_sample(game)))
    before = _contents(deck)
    exported = owner.get(f"/d/{deck.share_id}/export.txt")
    assert exported["Content-Type"] == "text/plain; charset=utf-8"
    copy = _new_deck(owner, game)
    response = owner.post(f"/d/{copy.share_id}/import", {"text": exported.content.decode()})
    assert response.status_code == 302, response.content.decode()[-3000:]
    assert _contents(copy) == before
    # And once more: the copy exports the same text, but for the name.
    again = owner.get(f"/d/{copy.share_id}/export.txt").content.decode()
    assert again.splitlines()[1:] == exported.content.decode().splitlines()[1:]


def test_the_deck_file_downloads_and_uploads_back(samples, owner):
    deck = _new_deck(owner, "gbf")
    services.replace_cards(deck, convert.deck_to_engine(_sample("gbf")))
    response = owner.get(f"/d/{deck.share_id}/deck.json")
    assert response["Content-Type"] == "application/json"
    assert response["Content-Disposition"] == 'attachment; filename="Imported.json"'
    data = json.loads(response.content)
    assert data["game"] == "gbf" and data["format"] == "standard"
    copy = _new_deck(owner, "gbf")
    upload = SimpleUploadedFile("deck.json", response.content, content_type="application/json")
    assert owner.post(f"/d/{copy.share_id}/import", {"file": upload}).status_code == 302
    assert _contents(copy) == _contents(deck)


def test_a_pasted_deck_file_without_card_data_uses_the_database(samples, owner):
    deck = _new_deck(owner, "fireforce")
    file = {
        "game": "fireforce",
        "format": "blitz-shield",
        "sections": {"main": [{"card": "ZF1-001", "count": 2}]},
    }
    assert owner.post(f"/d/{deck.share_id}/import", {"text": json.dumps(file)}).status_code == 302
    deck.refresh_from_db()
    assert deck.format == "blitz-shield"
    assert _contents(deck) == {"main": [("ZF1-001", 2)]}


def test_a_deck_file_of_another_game_is_refused(samples, owner):
    deck = _new_deck(owner, "fftcg")
    file = json.dumps({"game": "gbf", "sections": {"main": [{"card": "SX01-010C", "count": 1}]}})
    html = owner.post(f"/d/{deck.share_id}/import", {"text": file}).content.decode()
    errors = html[html.index('class="form-errors"') :][:400]
    assert "This deck file is for GRANBLUE FANTASY TCG, not FINAL FANTASY TCG." in html, errors
    assert not DeckCard.objects.filter(deck=deck).exists()


def test_a_deck_file_naming_an_unknown_card_saves_nothing(samples, owner):
    deck = _new_deck(owner, "fftcg")
    file = json.dumps(
        {
            "game": "fftcg",
            "sections": {"main": [{"card": "FX-001C", "count": 3}, {"card": "ZZ-1", "count": 1}]},
        }
    )
    html = owner.post(f"/d/{deck.share_id}/import", {"text": file}).content.decode()
    assert "This deck file cannot be read" in html and "ZZ-1" in html
    assert not DeckCard.objects.filter(deck=deck).exists()


def test_an_empty_import_asks_for_a_list(samples, owner):
    deck = _new_deck(owner)
    assert (
        "Paste a decklist or choose a file."
        in owner.post(f"/d/{deck.share_id}/import", {"text": " "}).content.decode()
    )


def test_a_new_deck_can_start_from_a_list(samples, owner):
    text = owner.get(f"/d/{_sample('dbsfw').share_id}/export.txt").content.decode()
    response = owner.post("/decks/new/dbsfw/", {"name": "", "text": text})
    assert response.status_code == 302
    deck = Deck.objects.get(share_id=response["Location"].strip("/").split("/")[-1])
    assert deck.name == _sample("dbsfw").name  # from the list's "Deck Name:" line
    assert _contents(deck) == _contents(_sample("dbsfw"))


def test_a_new_deck_from_a_partly_bad_list_keeps_what_it_read(samples, owner):
    before = Deck.objects.count()
    response = owner.post("/decks/new/fftcg/", {"name": "Half", "text": "3 FX-001C\n4 Nobody\n"}, follow=True)
    html = response.content.decode()
    assert "<strong>Line 2</strong>" in html
    deck = Deck.objects.get(name="Half")
    assert response.redirect_chain == [(f"/d/{deck.share_id}/import", 302)]
    assert Deck.objects.count() == before + 1
    assert _contents(deck) == {"main": [("FX-001C", 3)]}
    assert f'action="/d/{deck.share_id}/import"' in html  # fixing it imports into the new deck
    assert "4 Nobody" in html.split("<textarea")[1]  # the list as pasted, to fix
    # Reloading the page the player landed on makes no second deck and lists the lines no more.
    again = owner.get(f"/d/{deck.share_id}/import").content.decode()
    assert Deck.objects.count() == before + 1 and "<strong>Line 2</strong>" not in again


def test_the_export_page_offers_each_games_formats_and_a_copy_button(samples, owner):
    fftcg = _sample("fftcg")
    html = owner.get(f"/d/{fftcg.share_id}/export/").content.decode()
    assert '<button type="button" data-copy="export-text">Copy</button>' in html
    assert 'src="/static/js/copy.js"' in html
    assert (
        "untap list" in html
        and "Materia Hunter / Tabletop Simulator export" in html
        and "FFDecks chat list" in html
    )
    assert "3 Gale Scout (FX-001C)" in html  # untap by default: names beside numbers
    html = owner.get(f"/d/{fftcg.share_id}/export/", {"format": "materia-hunter"}).content.decode()
    assert "main(50):" in html and "limit break(6):" in html
    dbs = owner.get(f"/d/{_sample('dbsfw').share_id}/export/", {"format": "deck-code"}).content.decode()
    assert "1 FZ00-001\n4 FZ00-010\n" in dbs
    text = owner.get(f"/d/{fftcg.share_id}/export.txt", {"format": "materia-hunter"}).content.decode()
    assert text.startswith("Deck Name: ") and "\nmain(50):\n" in text
    assert owner.get(f"/d/{fftcg.share_id}/export.txt", {"format": "nope"}).status_code == 404


def test_a_pasted_list_naming_both_codes_of_a_card_keeps_one_row(samples, owner):
    from decks.models import Card, CardSet

    card_set = CardSet.objects.get(game_id="fftcg", code="FX")
    Card.objects.create(
        game_id="fftcg", card_set=card_set, number="Q9-021C", base_number="Q9-021", aliases=["Q8-050H"],
        name="Twin Code", type="forward", colors=["wind"], cost=2, power=5000,
    )  # fmt: skip
    deck = _new_deck(owner)
    response = owner.post(f"/d/{deck.share_id}/import", {"text": "2 Q9-021C\n2 q8-050h\n"})
    assert response.status_code == 302
    assert _contents(deck) == {"main": [("Q9-021C", 4)]}
