import pytest
from django.core.exceptions import ValidationError
from django.db import IntegrityError, transaction

from decks.models import BanList, BanListEntry, Card, Deck, DeckCard, Game, SimulationRun

pytestmark = pytest.mark.django_db


def test_the_four_games_exist_after_migrating() -> None:
    assert sorted(Game.objects.values_list("id", flat=True)) == ["dbsfw", "fftcg", "fireforce", "gbf"]


def test_a_game_id_outside_the_registry_does_not_validate() -> None:
    """The admin's form and full_clean take only the registry's ids (engine.GAMES)."""
    with pytest.raises(ValidationError, match="is not a valid choice"):
        Game(id="mtg", name="Magic").full_clean()


def test_a_count_of_zero_is_rejected_by_the_database(deck: Deck, card: Card) -> None:
    with pytest.raises(IntegrityError, match="deck_card_count_positive"):
        DeckCard.objects.create(deck=deck, card=card, section="main", count=0)


def test_a_card_twice_in_one_section_is_rejected(deck: Deck, card: Card) -> None:
    DeckCard.objects.create(deck=deck, card=card, section="main", count=2)
    with pytest.raises(IntegrityError), transaction.atomic():
        DeckCard.objects.create(deck=deck, card=card, section="main", count=1)
    DeckCard.objects.create(deck=deck, card=card, section="lb", count=1)
    assert deck.entries.count() == 2


def test_a_card_number_is_unique_per_game(card: Card) -> None:
    with pytest.raises(IntegrityError):
        Card.objects.create(
            game=card.game,
            card_set=card.card_set,
            number=card.number,
            base_number="x",
            name="Copy",
            type="forward",
        )


def test_a_run_needs_at_least_one_game(deck: Deck) -> None:
    with pytest.raises(IntegrityError, match="simulation_run_games_positive"):
        SimulationRun.objects.create(deck=deck, deck_snapshot={}, seed=1, games=0)


def test_a_ban_list_entry_is_unique_per_card(fftcg: Game) -> None:
    ban_list = BanList.objects.create(game=fftcg, name="Test list", effective_date="2026-01-01")
    BanListEntry.objects.create(ban_list=ban_list, base_number="TS1-001", max_copies=0)
    with pytest.raises(IntegrityError, match="base_number|ban_list_entry_unique_card"):
        BanListEntry.objects.create(ban_list=ban_list, base_number="TS1-001", max_copies=1)


def test_share_ids_are_long_and_distinct(fftcg: Game) -> None:
    first = Deck.objects.create(game=fftcg, format="constructed", name="One")
    second = Deck.objects.create(game=fftcg, format="constructed", name="Two")
    assert len(first.share_id) == 16
    assert first.share_id != second.share_id
    assert first.visibility == Deck.Visibility.PRIVATE
