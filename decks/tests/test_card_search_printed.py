"""The card browser's text search finds the words of a card's text as the card prints them (issue 32,
item 6): FFTCG's official list marks its text up ("[[i]]Card Name Moogle[[/]]", "[[br]]", 《ダル》), and
Card.search_text holds GameRules.printed_text of it however the card was written."""

import importlib
from pathlib import Path

import pytest
from django.apps import apps
from django.core.management import call_command

from decks.cards.views import search_cards
from decks.models import Card, CardSet, Game

pytestmark = pytest.mark.django_db

# The official list's wording of a search (Opus XIV onwards), its EX Burst tag, a line break and an icon
# in Japanese, as the official JSON gives them (fictional card).
OFFICIAL_TEXT = (
    "[[ex]]EX BURST[[/]] When Mog Courier enters the field, you may search for 1 "
    "[[i]]Card Name Moogle[[/]] and add it to your hand.[[br]]《ダル》: Mog Courier gains +1000 power."
)
FIXTURE = (
    Path(__file__).resolve().parents[2] / "engine" / "tests" / "fixtures" / "import" / "fftcg_get_cards.json"
)


def _found(words: str) -> list[str]:
    return list(search_cards("fftcg", {"q": words}).values_list("number", flat=True))


@pytest.fixture
def card_set(fftcg: Game) -> CardSet:
    return CardSet.objects.create(game=fftcg, code="TS9", name="Test set")


def _courier(card_set: CardSet, text: str = OFFICIAL_TEXT) -> Card:
    return Card(
        game=card_set.game, card_set=card_set, number="TS9-001C", base_number="TS9-001", name="Mog Courier",
        type="backup", text=text,
    )  # fmt: skip


def test_words_across_the_markup_find_the_card(card_set):
    _courier(card_set).save()
    assert _found("Card Name Moogle") == ["TS9-001C"]
    assert _found("search for 1 card name moogle and add it") == ["TS9-001C"]
    assert _found("EX BURST When Mog Courier") == ["TS9-001C"]
    assert _found("hand. 《Dull》: Mog  Courier gains") == ["TS9-001C"]  # the icon by its English name
    assert _found("[[i]]") == [] and _found("ダル") == []  # the markup is not printed


def test_every_way_a_card_is_written_fills_the_printed_text(card_set):
    Card.objects.bulk_create([_courier(card_set)])
    assert _found("Card Name Moogle") == ["TS9-001C"]

    card = Card.objects.get(number="TS9-001C")
    card.text = "[[i]]Card Name Chocobo[[/]] gains Haste."
    card.save(update_fields=["text"])
    assert _found("Card Name Chocobo gains") == ["TS9-001C"] and _found("Card Name Moogle") == []

    card.text = "Choose 1 [[i]]Card Name Cid[[/]] you control."
    Card.objects.bulk_update([card], ["text"])
    assert _found("Choose 1 Card Name Cid you") == ["TS9-001C"] and _found("Card Name Chocobo") == []


def test_an_imported_official_card_is_found_by_its_printed_words():
    call_command("import_cards", "fftcg", "--from-file", str(FIXTURE), verbosity=0)
    # 99-004L's official text: "[[i]]Limit Break -- 2[[/]][[br]]When Dawn Paragon enters the field, ..."
    assert "99-004L" in _found("Limit Break -- 2 When Dawn Paragon")  # the line break as a space
    assert _found("[[/]]") == []


def test_the_migration_recomputes_the_stored_search_text(card_set):
    Card.objects.bulk_create([_courier(card_set)])
    Card.objects.update(search_text="TS9-001C\nMOG COURIER\n" + OFFICIAL_TEXT.upper())  # as 0007 stored it
    assert _found("for 1 Card Name Moogle and add") == []
    migration = importlib.import_module("decks.migrations.0023_card_search_text_printed")
    migration.fill_search_text(apps, None)
    assert _found("for 1 Card Name Moogle and add") == ["TS9-001C"]
