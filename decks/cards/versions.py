"""Version numbers for each game's card data and ban lists, for the caches of pages that show them.

Every save or delete of a card or a card set, from the importer, the maintenance pages, the admin or the
sample loader, raises its game's `cards_version`; every save or delete of a ban list or one of its entries
raises `ban_lists_version` (signals, connected in DecksConfig.ready, so the Celery worker that imports card
lists counts too). Bulk writes send no signals: the one code path that writes cards in bulk (loadsamples)
calls `cards_changed` itself.
"""

from __future__ import annotations

from typing import Any

from django.db.models import F
from django.db.models.signals import post_delete, post_save

from decks.models import BanList, BanListEntry, Card, CardSet, Game


def cards_version(game_id: str) -> int:
    return Game.objects.filter(pk=game_id).values_list("cards_version", flat=True).first() or 0


def cards_changed(game_id: str) -> None:
    Game.objects.filter(pk=game_id).update(cards_version=F("cards_version") + 1)


def _bump_cards(sender: type, instance: Card | CardSet, **kwargs: Any) -> None:
    cards_changed(instance.game_id)


def _bump_ban_list(sender: type, instance: BanList, **kwargs: Any) -> None:
    Game.objects.filter(pk=instance.game_id).update(ban_lists_version=F("ban_lists_version") + 1)


def _bump_ban_list_entry(sender: type, instance: BanListEntry, **kwargs: Any) -> None:
    """By the list's id: when a whole list is deleted its entries go first, and the list's own delete
    raises the version too."""
    Game.objects.filter(ban_lists__id=instance.ban_list_id).update(
        ban_lists_version=F("ban_lists_version") + 1
    )


def connect() -> None:
    receivers = (
        (Card, _bump_cards),
        (CardSet, _bump_cards),
        (BanList, _bump_ban_list),
        (BanListEntry, _bump_ban_list_entry),
    )
    for model, receiver in receivers:
        post_save.connect(receiver, sender=model, dispatch_uid=f"game-data-{model.__name__}-save")
        post_delete.connect(receiver, sender=model, dispatch_uid=f"game-data-{model.__name__}-delete")
