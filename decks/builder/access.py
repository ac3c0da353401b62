"""Who may see and who may change a deck: one place, used by every page and the API.

A deck belongs to a user, or, before its maker signs up, to a browser session. Its share id is in
every URL: private decks open for their owner only (404 for anyone else, so their existence does not
leak), unlisted ones for anyone holding the link, public ones are also listed.
"""

from __future__ import annotations

from django.http import Http404, HttpRequest

from decks.models import Deck


def session_key(request: HttpRequest) -> str:
    """The visitor's session key, creating the session on first use so anonymous decks have an owner."""
    if not request.session.session_key:
        request.session.save()
    return request.session.session_key or ""


def owns(request: HttpRequest, deck: Deck) -> bool:
    if deck.owner_id is not None:
        return request.user.is_authenticated and deck.owner_id == request.user.pk
    key = request.session.session_key
    return bool(key) and deck.session_key == key


def can_view(request: HttpRequest, deck: Deck) -> bool:
    return deck.visibility != Deck.Visibility.PRIVATE or owns(request, deck)


def get_viewable_deck(request: HttpRequest, share_id: str) -> Deck:
    deck = Deck.objects.select_related("game", "owner", "forked_from").filter(share_id=share_id).first()
    if deck is None or not can_view(request, deck):
        raise Http404("No such deck")
    return deck


def get_editable_deck(request: HttpRequest, share_id: str, *, deleted: bool = False) -> Deck:
    """The deck if the request's user (or anonymous session) owns it; 404 otherwise, never 403.

    With `deleted`, a deck its owner deleted and may still undelete (and only such a deck).
    """
    decks = Deck.with_deleted.filter(deleted_at__isnull=False) if deleted else Deck.objects
    deck = decks.select_related("game").filter(share_id=share_id).first()
    if deck is None or not owns(request, deck):
        raise Http404("No such deck")
    return deck
