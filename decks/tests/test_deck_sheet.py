"""The tournament registration sheet (issue 35, item 4): its text read back from the PDF."""

import io

import pytest
from django.core.management import call_command
from django.test import Client
from pypdf import PdfReader

from decks.builder import services
from decks.models import Deck

# PDF points: A4 is 210 x 297 mm, Letter 8.5 x 11 in (72 points an inch).
PAPER_POINTS = {"a4": (595.28, 841.89), "letter": (612.0, 792.0)}


@pytest.fixture
def samples(db) -> None:
    call_command("loadsamples", verbosity=0)


def _sample(game: str) -> Deck:
    return Deck.objects.get(game_id=game, owner__isnull=True, session_key="")


def _read(response) -> tuple[PdfReader, str]:
    assert response.status_code == 200 and response["Content-Type"] == "application/pdf"
    reader = PdfReader(io.BytesIO(response.content))
    return reader, "\n".join(page.extract_text() for page in reader.pages)


@pytest.mark.parametrize("game", ["fftcg", "dbsfw", "gbf", "fireforce"])
@pytest.mark.parametrize("paper", ["a4", "letter"])
def test_the_sheet_lists_every_card_with_counts_and_totals(samples, game, paper):
    deck = _sample(game)
    reader, text = _read(Client().get(f"/d/{deck.share_id}/sheet.pdf", {"paper": paper}))
    width, height = (float(v) for v in reader.pages[0].mediabox[2:])
    assert (round(width, 2), round(height, 2)) == PAPER_POINTS[paper]
    flat = " ".join(text.split())
    for label in ("Player name", "Player ID", "Event", "Deck name", deck.name, "Format"):
        assert label in flat
    total = 0
    for entry in deck.entries.select_related("card"):
        assert f"{entry.count} {entry.card.number} {' '.join(entry.card.name.split())}" in flat
        total += entry.count
    assert f"Total cards: {total}." in flat


def test_section_totals_and_the_player_name_are_printed(samples):
    deck = _sample("fftcg")  # 50 in the main deck, 6 in the Limit Break deck
    _, text = _read(Client().get(f"/d/{deck.share_id}/sheet.pdf", {"player": "  Ada   Lovelace "}))
    flat = " ".join(text.split())
    assert "Main deck: 50 cards" in flat and "Limit Break deck: 6 cards" in flat
    assert "Player name Ada Lovelace" in flat


def test_a_private_deck_has_no_sheet_for_a_stranger_and_a_bad_paper_is_404(samples):
    sample = _sample("fftcg")
    private = services.fork_deck(sample, owner_id=None, session_key="someone-else")
    assert Client().get(f"/d/{private.share_id}/sheet.pdf").status_code == 404
    assert Client().get(f"/d/{sample.share_id}/sheet.pdf", {"paper": "a3"}).status_code == 404


def test_japanese_names_are_printed_in_the_japanese_font(samples):
    deck = _sample("gbf")
    entry = deck.entries.select_related("card").first()
    entry.card.name = "［炎の槍］ローアン"
    entry.card.save()
    reader, text = _read(Client().get(f"/d/{deck.share_id}/sheet.pdf"))
    assert "［炎の槍］ローアン" in text
    fonts = {str(f["/BaseFont"]) for f in reader.pages[0]["/Resources"]["/Font"].values()}
    assert "/HeiseiKakuGo-W5" in fonts
