"""Migration 0030 stores what every deck saved before it needs of a collection (DeckNeed), as
decks.builder.search.store_needs does for every deck saved since."""

from __future__ import annotations

import pytest
from django.db import connection
from django.db.migrations.executor import MigrationExecutor

BEFORE = [("decks", "0029_game_log")]
AFTER = [("decks", "0030_deck_needs")]


@pytest.mark.django_db(transaction=True)
def test_the_needs_of_decks_saved_before_are_stored() -> None:
    executor = MigrationExecutor(connection)
    executor.migrate(BEFORE)
    apps = executor.loader.project_state(BEFORE).apps
    Game = apps.get_model("decks", "Game")  # noqa: N806
    CardSet = apps.get_model("decks", "CardSet")  # noqa: N806
    Card = apps.get_model("decks", "Card")  # noqa: N806
    Deck = apps.get_model("decks", "Deck")  # noqa: N806
    game = Game.objects.get(pk="fftcg")
    card_set = CardSet.objects.create(game=game, code="TS1", name="Test set")
    knight, foil, mage = (
        Card.objects.create(game=game, card_set=card_set, number=number, base_number=base, name=number)
        for number, base in (("TS1-001H", "TS1-001"), ("TS1-001H-FOIL", "TS1-001"), ("TS1-002R", "TS1-002"))
    )
    deck = Deck.objects.create(game=game, format="constructed", name="Knights", share_id="abcdefgh")
    # Two printings of one card in two sections: 2 + 1 + 1 copies of TS1-001, 3 of TS1-002.
    for card, section, count in (
        (knight, "main", 2),
        (foil, "main", 1),
        (knight, "lb", 1),
        (mage, "main", 3),
    ):
        deck.entries.create(card=card, section=section, count=count)
    Deck.objects.create(game=game, format="constructed", name="Empty", share_id="ijklmnop")

    executor = MigrationExecutor(connection)
    executor.loader.build_graph()
    executor.migrate(AFTER)
    apps = executor.loader.project_state(AFTER).apps
    needs = apps.get_model("decks", "DeckNeed").objects.values_list(
        "deck__name", "game_id", "base_number", "count"
    )
    assert sorted(needs) == [("Knights", "fftcg", "TS1-001", 4), ("Knights", "fftcg", "TS1-002", 3)]
    executor.loader.build_graph()
    executor.migrate(executor.loader.graph.leaf_nodes())
