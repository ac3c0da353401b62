"""A version number for each game's card data, for the caches of pages that list cards.

Every save or delete of a card or a card set, from the importer, the maintenance pages, the admin or the
sample loader, raises its game's `cards_version` (signals, connected in DecksConfig.ready, so the Celery
worker that imports card lists counts too). No code path writes cards in bulk, which would skip signals.
"""

from __future__ import annotations

from typing import Any

from django.db.models import F
from django.db.models.signals import post_delete, post_save

from decks.models import Card, CardSet, Game


def cards_version(game_id: str) -> int:
    return Game.objects.filter(pk=game_id).values_list("cards_version", flat=True).first() or 0


def _bump(sender: type, instance: Card | CardSet, **kwargs: Any) -> None:
    Game.objects.filter(pk=instance.game_id).update(cards_version=F("cards_version") + 1)


def connect() -> None:
    for model in (Card, CardSet):
        post_save.connect(_bump, sender=model, dispatch_uid=f"card-data-{model.__name__}-save")
        post_delete.connect(_bump, sender=model, dispatch_uid=f"card-data-{model.__name__}-delete")
