from pathlib import Path

import pytest
from django.core.management import call_command

from decks.models import Card, CardSet, Deck, DeckCard

pytestmark = pytest.mark.django_db

SAMPLES = Path(__file__).parent / "samples"


def test_it_loads_cards_and_a_sample_deck() -> None:
    call_command("loadsamples", dir=SAMPLES, stdout=None)

    knight = Card.objects.get(game="fftcg", number="TS1-001H")
    assert (knight.base_number, knight.aliases) == ("TS1-001", ["TS1-001R"])
    assert (knight.cost, knight.power, knight.keywords, knight.text) == (3, 7000, ["haste"], "Haste")
    assert Card.objects.get(game="fftcg", number="TS1-090L").data == {"lb_cost": 3}
    fighter = Card.objects.get(game="dbsfw", number="TS2-002")
    assert fighter.data == {"specified_cost": {"red": 1}, "combo_power": 5000}
    assert Card.objects.get(game="dbsfw", number="TS2-001_p1").base_number == "TS2-001"

    card_set = CardSet.objects.get(game="fftcg", code="TS1")
    assert card_set.is_sample is True
    assert card_set.name == "Sample cards (fictional): Test fixture set"

    deck = Deck.objects.get(game="fftcg", name="Test fixture deck")
    assert (deck.owner, deck.visibility, deck.format) == (None, Deck.Visibility.PUBLIC, "constructed")
    assert sorted(deck.entries.values_list("section", "card__number", "count")) == [
        ("lb", "TS1-090L", 1),
        ("main", "TS1-001H", 3),
        ("main", "TS1-002C", 2),
    ]


def test_running_it_twice_changes_nothing() -> None:
    call_command("loadsamples", dir=SAMPLES)
    counts = (Card.objects.count(), CardSet.objects.count(), Deck.objects.count(), DeckCard.objects.count())
    call_command("loadsamples", dir=SAMPLES)
    assert (
        Card.objects.count(),
        CardSet.objects.count(),
        Deck.objects.count(),
        DeckCard.objects.count(),
    ) == counts
    assert counts == (7, 2, 1, 3)


def test_it_updates_changed_cards(tmp_path: Path) -> None:
    call_command("loadsamples", dir=SAMPLES)
    changed = (SAMPLES / "fftcg.json").read_text().replace('"cost": 2}', '"cost": 4}')
    (tmp_path / "fftcg.json").write_text(changed)
    call_command("loadsamples", dir=tmp_path)
    assert Card.objects.get(game="fftcg", number="TS1-002C").cost == 4


def test_the_card_data_version_moves_only_when_the_cards_change(tmp_path: Path) -> None:
    """Cached card pages are keyed on it (decks.cards.versions): loading again keeps them, a change drops
    them."""
    from decks.models import Game

    def version() -> int:
        return Game.objects.get(pk="fftcg").cards_version

    before = version()
    call_command("loadsamples", dir=SAMPLES)
    loaded = version()
    assert loaded > before
    call_command("loadsamples", dir=SAMPLES)
    assert version() == loaded
    (tmp_path / "fftcg.json").write_text(
        (SAMPLES / "fftcg.json").read_text().replace('"cost": 2}', '"cost": 4}')
    )
    call_command("loadsamples", dir=tmp_path)
    assert version() > loaded
