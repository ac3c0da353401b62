"""The cards a player owns in the JSON API (issue 36): the caller's owned counts, set or changed one card at
a time or from a CSV file, the CSV export, and what a deck lacks of them.

A router the API adds (decks.api.views). A collection belongs to an account and is private to it, so every
call reads or changes the caller's own and needs credentials (a key or a session: 401 without); nothing
here names another user. A deck's shortfall finds the deck as its page does (access.get_viewable_deck:
another user's private deck is 404). Copies are counted by base number, every printing of a card
together, by decks.cards.collection, as on the pages.
"""

from __future__ import annotations

from typing import Any, cast

from django.contrib.auth.models import User
from django.db.models import Sum
from django.http import Http404, HttpRequest, HttpResponse
from ninja import Query, Router, Schema
from ninja.errors import HttpError
from pydantic import Field

from decks import convert
from decks.api import schemas as s
from decks.api.auth import WRITE
from decks.builder.access import get_viewable_deck
from decks.cards import collection
from decks.models import Card, OwnedCard
from decks.web import security
from engine.collection import CollectionFileError, write_csv

router = Router(tags=["collection"], auth=WRITE)
# The answers every call may give besides success (as decks.api.views.ERRORS).
ERRORS: dict[Any, Any] = {frozenset({400, 401, 403, 404, 413, 422}): s.Error}


class OwnedPageQuery(Schema):
    limit: int = Field(100, ge=1, le=1000)
    offset: int = Field(0, ge=0, le=1_000_000)


@router.get("/collection/{game}/cards", response={200: s.OwnedCardPage, **ERRORS})
def list_owned_cards(request: HttpRequest, game: s.Game, paging: Query[OwnedPageQuery]) -> dict[str, Any]:
    """The caller's cards of one game with the copies owned, by base number."""
    rows = OwnedCard.objects.filter(collection__user=_caller(request), game_id=game).order_by("base_number")
    page = list(rows.values_list("base_number", "count")[paging.offset : paging.offset + paging.limit])
    names = _names(game, [base for base, _ in page])
    return {
        "count": rows.count(),
        "copies": rows.aggregate(copies=Sum("count"))["copies"] or 0,
        "limit": paging.limit,
        "offset": paging.offset,
        "items": [{"base_card": base, "name": names.get(base, ""), "count": n} for base, n in page],
    }


@router.get("/collection/{game}/cards/{card}", response={200: s.OwnedCardOut, **ERRORS})
def get_owned_count(request: HttpRequest, game: s.Game, number: s.CardPath) -> dict[str, Any]:
    """The copies owned of a card, named by any of its printings (0: none)."""
    card = _card(game, number)
    owned = collection.owned_counts(_caller(request), game, [card.base_number])
    return _owned_out(card, owned.get(card.base_number, 0))


@router.put("/collection/{game}/cards/{card}", response={200: s.OwnedCardOut, **ERRORS})
def update_owned_count(
    request: HttpRequest, game: s.Game, number: s.CardPath, payload: s.OwnedCountIn
) -> dict[str, Any]:
    """Set the copies owned of a card, every printing of it together."""
    user = _caller(request)
    security.check("edits", security.client_id(request))  # as the pages' +/− are limited
    card = _card(game, number)
    collection.set_owned(user, game, {card.base_number: payload.count})
    return _owned_out(card, payload.count)


@router.post("/collection/{game}/cards/{card}/adjust", response={200: s.OwnedCardOut, **ERRORS})
def adjust_owned_count(
    request: HttpRequest, game: s.Game, number: s.CardPath, payload: s.OwnedChangeIn
) -> dict[str, Any]:
    """Add copies of a card or take some away, as the pages' +/− do (never below none); two calls at once
    both count."""
    user = _caller(request)
    security.check("edits", security.client_id(request))
    card = _card(game, number)
    return _owned_out(card, collection.change_owned(user, game, card.base_number, payload.by))


@router.post("/collection/{game}/import", response={200: s.CollectionImportOut, **ERRORS})
def import_collection(request: HttpRequest, game: s.Game, payload: s.CollectionImportIn) -> dict[str, Any]:
    """Set the counts of the cards a CSV file names, as the collection page's import does."""
    user = _caller(request)
    security.check("imports", security.client_id(request))  # as the collection page's import is limited
    try:
        return {"cards": collection.import_csv(user, game, payload.csv)}
    except CollectionFileError as e:
        raise HttpError(422, f"Nothing was saved: {e}") from None


@router.get(
    "/collection/{game}/export.csv",
    response=ERRORS,
    openapi_extra={
        "responses": {
            200: {
                "description": "`number,count` lines under that header, by base number, as the import reads.",
                "content": {"text/csv": {"schema": {"type": "string"}}},
            }
        }
    },
)
def export_collection(request: HttpRequest, game: s.Game) -> HttpResponse:
    owned = collection.owned_counts(_caller(request), game)
    response = HttpResponse(write_csv(owned), content_type="text/csv; charset=utf-8")
    response["Content-Disposition"] = f'attachment; filename="collection-{game}.csv"'
    return response


@router.get("/decks/{deck}/shortfall", response={200: s.ShortfallOut, **ERRORS})
def get_deck_shortfall(request: HttpRequest, share_id: s.DeckPath) -> dict[str, Any]:
    """The deck against the caller's collection: "owned 43 of 50" and the cards missing, with counts."""
    user = _caller(request)
    try:
        deck = get_viewable_deck(request, share_id)
    except Http404:
        raise HttpError(
            404, f"No deck {share_id!r} that you may see (a private deck is its owner's alone)."
        ) from None
    contents = convert.deck_to_engine(deck)
    short = collection.deck_shortfall(user, contents)
    return {
        "owned": short.owned,
        "total": short.total,
        "missing_count": short.missing_count,
        "missing": {
            section: [{"card": e.card, "name": contents.cards[e.card].name, "count": e.count} for e in gap]
            for section, gap in short.missing.items()
        },
    }


def _caller(request: HttpRequest) -> User:
    """The caller, whose collection every call reads: WRITE lets through only a caller with an account."""
    return cast(User, request.user)


def _card(game: str, number: str) -> Card:
    card = Card.objects.filter(game_id=game, number=number).first()
    if card is None:
        raise HttpError(404, f"No card {number!r} in this game.")
    return card


def _names(game: str, bases: list[str]) -> dict[str, str]:
    """A name for each base number: its first printing's."""
    rows = Card.objects.filter(game_id=game, base_number__in=bases).order_by("base_number", "number")
    names: dict[str, str] = {}
    for base, name in rows.values_list("base_number", "name"):
        names.setdefault(base, name)
    return names


def _owned_out(card: Card, count: int) -> dict[str, Any]:
    return {"base_card": card.base_number, "name": card.name, "count": count}
