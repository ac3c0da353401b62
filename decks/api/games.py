"""The game log in the JSON API (issue 36): a deck's real games and what they say, for its owner alone.

A router the API adds (decks.api.views). Paths name a deck `deck` and a logged game `played_game` (a
`game` is one of the four card games elsewhere in the API). Every call finds the deck with
access.get_editable_deck, as the log's pages do: the log is private whatever the deck's visibility,
so another caller's (or a visitor's) request is 404. A game is saved by decks.builder.gamelog.save_game
and counted by engine.record, as on the pages.
"""

from __future__ import annotations

from typing import Any

from django.http import Http404, HttpRequest
from django.utils import timezone
from ninja import Router, Status
from ninja.errors import HttpError

from decks.api import schemas as s
from decks.api.auth import READ, WRITE
from decks.builder import gamelog
from decks.builder.access import get_editable_deck
from decks.models import Deck, PlayedGame
from decks.web import security
from engine import record

router = Router(tags=["game log"], auth=READ)
# The answers every call may give besides success (as decks.api.views.ERRORS).
ERRORS: dict[Any, Any] = {frozenset({400, 401, 403, 404, 413, 422}): s.Error}


@router.get("/decks/{deck}/played-games", response={200: list[s.PlayedGameOut], **ERRORS})
def list_played_games(request: HttpRequest, share_id: s.DeckPath) -> list[dict[str, Any]]:
    """The deck's logged games, newest first (the owner's alone: 404 to anyone else)."""
    deck = _owned(request, share_id)
    return [
        _game_out(g) for g in deck.played_games.select_related("deck_version").order_by("-played_on", "-pk")
    ]


@router.get("/decks/{deck}/game-record", response={200: s.GameLogSummaryOut, **ERRORS})
def get_game_record(request: HttpRequest, share_id: s.DeckPath) -> dict[str, Any]:
    """What the log says: as the Games tab's record (engine.record.summarise)."""
    summary = record.summarise(gamelog.logged_games(_owned(request, share_id)))
    return {
        "total": _record_out(summary.total),
        "by_version": _splits(summary.by_version),
        "by_opponent": _splits(summary.by_opponent),
        "by_archetype": _splits(summary.by_archetype),
        "by_order": _splits(summary.by_order),
        "by_hand": _splits(summary.by_hand),
        "average_win_turn": summary.average_win_turn,
        "versions_against_previous": [
            {"earlier": d.earlier, "later": d.later, "p_value": d.p_value, "clear": d.clear}
            for d in summary.versions
        ],
    }


@router.post("/decks/{deck}/played-games", response={201: s.PlayedGameOut, **ERRORS}, auth=WRITE)
def create_played_game(request: HttpRequest, share_id: s.DeckPath, payload: s.PlayedGameIn) -> Any:
    deck = _owned(request, share_id)
    security.check("edits", security.client_id(request))  # as the log page's form is limited
    fields = payload.model_dump(exclude={"version", "played_on"})
    game = PlayedGame(**fields, played_on=payload.played_on or timezone.localdate())
    return Status(201, _game_out(_saved(deck, game, payload.version)))


@router.get("/decks/{deck}/played-games/{played_game}", response={200: s.PlayedGameOut, **ERRORS})
def get_played_game(
    request: HttpRequest, share_id: s.DeckPath, played_id: s.PlayedGamePath
) -> dict[str, Any]:
    return _game_out(_game(_owned(request, share_id), played_id))


@router.patch(
    "/decks/{deck}/played-games/{played_game}", response={200: s.PlayedGameOut, **ERRORS}, auth=WRITE
)
def update_played_game(
    request: HttpRequest, share_id: s.DeckPath, played_id: s.PlayedGamePath, payload: s.PlayedGamePatch
) -> dict[str, Any]:
    deck = _owned(request, share_id)
    security.check("edits", security.client_id(request))
    game = _game(deck, played_id)
    changes = payload.model_dump(exclude_unset=True, exclude={"version"})
    for name, value in changes.items():
        if value is None and name != "last_turn":
            raise HttpError(422, f"{name} cannot be null")
        setattr(game, name, value)
    if game.kind == PlayedGame.Kind.CASUAL:
        game.event = ""
    keep = game.deck_version.number if game.deck_version and "played_on" not in changes else None
    version = payload.version if "version" in payload.model_fields_set else keep
    return _game_out(_saved(deck, game, version))


@router.delete("/decks/{deck}/played-games/{played_game}", response={204: None, **ERRORS}, auth=WRITE)
def delete_played_game(request: HttpRequest, share_id: s.DeckPath, played_id: s.PlayedGamePath) -> Any:
    deck = _owned(request, share_id)
    security.check("edits", security.client_id(request))
    _game(deck, played_id).delete()
    return Status(204, None)


def _owned(request: HttpRequest, share_id: str) -> Deck:
    try:
        return get_editable_deck(request, share_id)
    except Http404:
        raise HttpError(
            404, f"No deck {share_id!r} of yours (a deck's game log is its owner's alone)."
        ) from None


def _saved(deck: Deck, game: PlayedGame, version: int | None) -> PlayedGame:
    if version is not None and not deck.versions.filter(number=version).exists():
        raise HttpError(422, f"The deck has no version {version}.")
    return gamelog.save_game(deck, game, version)


def _game(deck: Deck, played_id: int) -> PlayedGame:
    game = deck.played_games.select_related("deck_version").filter(pk=played_id).first()
    if game is None:
        raise HttpError(404, f"No logged game {played_id} of deck {deck.share_id!r}.")
    return game


def _game_out(game: PlayedGame) -> dict[str, Any]:
    return {
        "played_game": game.pk,
        "result": game.result,
        "played_on": game.played_on,
        "version": game.deck_version.number if game.deck_version else None,
        "kind": game.kind,
        "event": game.event,
        "went_first": game.went_first,
        "mulliganed": game.mulliganed,
        "last_turn": game.last_turn,
        "opponent": game.opponent,
        "archetype": game.archetype,
        "notes": game.notes,
    }


def _record_out(r: record.Record) -> dict[str, Any]:
    return {
        "played": r.games,
        "wins": r.wins,
        "losses": r.losses,
        "draws": r.draws,
        "win_rate": r.rate,
        "interval": r.interval,
    }


def _splits(splits: list[record.Split]) -> list[dict[str, Any]]:
    return [{"label": x.label, **_record_out(x.record)} for x in splits]
