"""The cards a player owns: +/− on card pages and in the card browser, the CSV import and export, what a
deck lacks, and who may see or change a collection (only its owner)."""

from django.core.files.uploadedfile import SimpleUploadedFile
from django.test import Client

from decks.builder import search, services
from decks.models import Deck, OwnedCard


def plus(client: Client, number: str, delta: str = "1", **headers: str):
    return client.post(f"/cards/fftcg/{number}/owned", {"delta": delta}, **headers)


def test_every_printing_counts_toward_one_card(alice_client, alice, printings):
    plus(alice_client, "TS1-001H")
    response = plus(alice_client, "TS1-001H-FOIL", HTTP_HX_REQUEST="true")
    assert "<strong>2</strong> owned" in response.content.decode()
    assert list(OwnedCard.objects.values_list("base_number", "count")) == [("TS1-001", 2)]
    page = alice_client.get("/cards/fftcg/TS1-001H/").content.decode()
    assert "<strong>2</strong> owned" in page


def test_without_htmx_it_goes_back_to_a_page_of_this_site_only(alice_client, printings):
    back = alice_client.post("/cards/fftcg/TS1-002R/owned", {"delta": "1", "back": "/cards/fftcg/?q=mage"})
    assert back["Location"] == "/cards/fftcg/?q=mage"
    away = alice_client.post("/cards/fftcg/TS1-002R/owned", {"delta": "1", "back": "https://evil.example/"})
    assert away["Location"] == "/cards/fftcg/TS1-002R/"
    assert OwnedCard.objects.get().count == 2


def test_minus_never_goes_below_none(alice_client, printings):
    plus(alice_client, "TS1-002R")
    plus(alice_client, "TS1-002R", "-1")
    plus(alice_client, "TS1-002R", "-1")
    assert not OwnedCard.objects.exists()


def test_the_card_browser_shows_and_follows_the_owned_counts(alice_client, printings):
    # The browser's pages are cached: a count changed must show on the next request all the same.
    before = alice_client.get("/cards/fftcg/").content.decode()
    assert 'id="owned-ts1-002r"' in before
    plus(alice_client, "TS1-002R")
    plus(alice_client, "TS1-002R")
    after = alice_client.get("/cards/fftcg/").content.decode()
    row = after[after.index('id="owned-ts1-002r"') :]
    assert "<strong>2</strong> owned" in row[: row.index("</form>")]


def test_a_visitor_is_asked_to_sign_up(anonymous, printings):
    response = plus(anonymous, "TS1-001H")
    assert response.status_code == 302 and response["Location"].startswith("/accounts/signup/")
    assert not OwnedCard.objects.exists()
    assert anonymous.get("/collection/fftcg/")["Location"].startswith("/accounts/signup/")
    assert anonymous.get("/collection/fftcg/collection.csv")["Location"].startswith("/accounts/signup/")
    assert "Sign up</a> to keep count" in anonymous.get("/cards/fftcg/TS1-001H/").content.decode()
    assert "Sign up</a> to keep count" in anonymous.get("/cards/fftcg/").content.decode()


def test_another_user_never_sees_or_changes_your_collection(alice_client, bob_client, printings):
    plus(alice_client, "TS1-001H")
    plus(alice_client, "TS1-001H")
    assert "<strong>0</strong> owned" in bob_client.get("/cards/fftcg/TS1-001H/").content.decode()
    assert bob_client.get("/collection/fftcg/collection.csv").content.decode() == "number,count\n"
    plus(bob_client, "TS1-001H", "-1")
    assert (
        alice_client.get("/collection/fftcg/collection.csv").content.decode() == "number,count\nTS1-001,2\n"
    )


def upload(client: Client, text: str):
    return client.post("/collection/fftcg/", {"file": SimpleUploadedFile("c.csv", text.encode())})


def test_csv_import_then_export_reads_back_the_same(alice_client, printings):
    # Two printings of TS1-001 add up to 3 copies of it.
    response = upload(alice_client, "number,count\nTS1-001H,2\nTS1-001H-FOIL,1\nTS1-002R,4\n")
    assert "Saved the counts of 2 cards" in response.content.decode()
    exported = alice_client.get("/collection/fftcg/collection.csv").content.decode()
    assert exported == "number,count\nTS1-001,3\nTS1-002,4\n"
    upload(alice_client, exported)
    assert alice_client.get("/collection/fftcg/collection.csv").content.decode() == exported


def test_a_bad_line_saves_nothing_and_is_named(alice_client, printings):
    upload(alice_client, "number,count\nTS1-002R,1\n")
    response = upload(alice_client, "number,count\nTS1-001H,2\nTS9-999C,1\nTS1-002R,many\n")
    html = response.content.decode()
    assert "Nothing was saved" in html
    assert "Line 3: no card numbered TS9-999C in this game." in html
    assert "Line 4: “many” is not a count of copies" in html
    assert list(OwnedCard.objects.values_list("base_number", "count")) == [("TS1-002", 1)]


def test_the_deck_panel_counts_printings_of_one_card(alice_client, knights):
    # The deck: 2 TS1-001H + 1 TS1-001H-FOIL (one card, base TS1-001) + 3 TS1-002R = 6. Alice owns 2 of
    # TS1-001 and 1 of TS1-002. By hand: the 2 cover TS1-001H, the foil lacks 1; TS1-002R lacks 2.
    # Owned 2 + 0 + 1 = 3 of 6.
    upload(alice_client, "number,count\nTS1-001H,2\nTS1-002R,1\n")
    panel = alice_client.get(f"/d/{knights.share_id}/owned").content.decode()
    assert "Owned <strong>3</strong> of 6: 3 missing" in panel
    text = alice_client.get(f"/d/{knights.share_id}/missing.txt").content.decode()
    assert "1 TS1-001H-FOIL Test Knight" in text and "2 TS1-002R Test Mage" in text
    assert "TS1-001H Test" not in text.replace("TS1-001H-FOIL", "")


def test_the_deck_panel_follows_the_collection_not_the_page_cache(alice_client, knights):
    page = alice_client.get(knights.get_absolute_url()).content.decode()
    assert f'hx-get="/d/{knights.share_id}/owned"' in page
    assert (
        "Owned <strong>0</strong> of 6" in alice_client.get(f"/d/{knights.share_id}/owned").content.decode()
    )
    upload(alice_client, "number,count\nTS1-001H,3\nTS1-002R,3\n")
    panel = alice_client.get(f"/d/{knights.share_id}/owned").content.decode()
    assert "Owned <strong>6</strong> of 6: you can build it" in panel


def test_the_deck_panel_keeps_the_deck_pages_rules(alice_client, bob_client, knights):
    knights.visibility = "private"
    knights.save()
    assert alice_client.get(f"/d/{knights.share_id}/owned").status_code == 404
    assert alice_client.get(f"/d/{knights.share_id}/missing.txt").status_code == 404
    assert bob_client.get(f"/d/{knights.share_id}/owned").status_code == 200


def test_the_card_browser_filters_to_owned_cards(alice_client, anonymous, printings):
    # Owning the foil printing of TS1-001 makes both printings of it owned; TS1-002R is not.
    plus(alice_client, "TS1-001H-FOIL")
    html = alice_client.get("/cards/fftcg/", {"owned": "on"}).content.decode()
    assert "2 cards" in html
    assert 'id="owned-ts1-001h"' in html and 'id="owned-ts1-001h-foil"' in html
    assert 'id="owned-ts1-002r"' not in html
    assert "3 cards" in alice_client.get("/cards/fftcg/").content.decode()
    # A visitor has no collection: no such filter, and the parameter does nothing.
    visitor = anonymous.get("/cards/fftcg/", {"owned": "on"}).content.decode()
    assert "Owned only" not in visitor and "3 cards" in visitor


def test_public_search_offers_decks_i_can_build(alice_client, anonymous, knights, printings, fftcg):
    # Knights needs TS1-001 x3 (two printings) and TS1-002 x3. A second deck needs TS1-002 x1 only.
    small = Deck.objects.create(game=fftcg, format="constructed", name="Mages", visibility="public")
    services.set_card_count(small, printings["TS1-002R"], "main", 1)  # stores what the deck needs
    search.store_needs([knights.pk])  # the fixture wrote its cards' rows directly
    empty = Deck.objects.create(game=fftcg, format="constructed", name="Empty", visibility="public")

    def found(**params: str) -> set[str]:
        html = alice_client.get("/decks/public/", params).content.decode()
        return {name for name in ("Knights", "Mages", empty.name) if f">{name}</a>" in html}

    # Owned: TS1-001 x2 (as the foil), TS1-002 x1. By hand: Knights lacks 1 + 2 = 3, Mages lacks 0.
    upload(alice_client, "number,count\nTS1-001H-FOIL,2\nTS1-002R,1\n")
    assert found() == {"Knights", "Mages", "Empty"}
    assert found(missing="0") == {"Mages", "Empty"}
    assert found(missing="2") == {"Mages", "Empty"}
    assert found(missing="3") == {"Knights", "Mages", "Empty"}
    upload(alice_client, "number,count\nTS1-001H,3\nTS1-002R,3\n")
    assert found(missing="0") == {"Knights", "Mages", "Empty"}  # a deck without cards lacks nothing
    # A card taken out of a deck is no longer needed: Knights without TS1-001H-FOIL lacks 0 again.
    upload(alice_client, "number,count\nTS1-001H,2\n")
    assert found(missing="0") == {"Mages", "Empty"}
    services.set_card_count(knights, printings["TS1-001H-FOIL"], "main", 0)
    assert found(missing="0") == {"Knights", "Mages", "Empty"}
    assert "Decks I can build now" not in anonymous.get("/decks/public/").content.decode()


def test_the_editors_add_cards_panel_filters_to_owned_cards(alice_client, alice, fftcg, printings):
    deck = Deck.objects.create(game=fftcg, format="constructed", name="Mine", owner=alice)
    plus(alice_client, "TS1-002R")
    html = alice_client.get(
        f"/d/{deck.share_id}/cards", {"owned": "on"}, HTTP_HX_REQUEST="true"
    ).content.decode()
    assert "1 card" in html and "Test Mage" in html and "Test Knight" not in html
