"""The game log in the JSON API (issue 36): a deck's real games and what they say, for its owner alone.

A router the API adds (decks.api.views). Paths name a deck `deck` and a logged game `played_game` (a
`game` is one of the four card games elsewhere in the API). Every call finds the deck with
access.get_editable_deck, as the log's pages do: the log is private whatever the deck's visibility,
so another caller's (or a visitor's) request is 404. A game is saved by decks.builder.gamelog.save_game
and counted by engine.record, as on the pages.
"""

from __future__ import annotations

from datetime import date
from typing import Annotated, Any, Literal

from django.http import Http404, HttpRequest
from django.utils import timezone
from ninja import P, Router, Schema, Status
from ninja.errors import HttpError
from ninja.params import PathEx
from pydantic import ConfigDict, Field, StringConstraints

from decks.api import schemas as s
from decks.api.auth import READ, WRITE
from decks.api.examples import BODIES
from decks.builder import gamelog
from decks.builder.access import get_editable_deck
from decks.models import Deck, PlayedGame
from decks.web import security
from engine import record

router = Router(tags=["game log"], auth=READ)
# The answers every call may give besides success (as decks.api.views.ERRORS).
ERRORS: dict[Any, Any] = {frozenset({400, 401, 403, 404, 413, 422}): s.Error}
DeckPath = PathEx[s.DeckId, P(alias="deck", description="The deck's id (DeckSummary.deck).")]
PlayedPath = PathEx[
    int, P(alias="played_game", description="The logged game's id (PlayedGameOut.played_game).")
]

ShortText = Annotated[str, StringConstraints(max_length=100), s.PRINTABLE]
Notes = Annotated[str, StringConstraints(max_length=2000)]
Turn = Annotated[int, Field(ge=1, le=99)]


class PlayedGameIn(s.Input):
    """A game to record; every field but the result has the log form's default."""

    model_config = ConfigDict(json_schema_extra={"examples": [BODIES["PlayedGameIn"]]})

    result: Literal["win", "loss", "draw"]
    played_on: date | None = Field(None, description="Today when left out.")
    version: int | None = Field(
        None, ge=1, description="The deck version; left out: the one in force on the date."
    )
    kind: Literal["casual", "event"] = "casual"
    event: ShortText = ""
    went_first: bool = True
    mulliganed: bool = False
    last_turn: Turn | None = None
    opponent: ShortText = Field("", description="Their Leader or captain, or elements or colours.")
    archetype: ShortText = ""
    notes: Notes = ""


class PlayedGamePatch(s.Input):
    """The fields to change; the others stay."""

    model_config = ConfigDict(json_schema_extra={"examples": [BODIES["PlayedGamePatch"]]})

    result: Literal["win", "loss", "draw"] | None = None
    played_on: date | None = None
    version: int | None = Field(None, ge=1)
    kind: Literal["casual", "event"] | None = None
    event: ShortText | None = None
    went_first: bool | None = None
    mulliganed: bool | None = None
    last_turn: Turn | None = None
    opponent: ShortText | None = None
    archetype: ShortText | None = None
    notes: Notes | None = None


class PlayedGameOut(Schema):
    played_game: int
    result: str
    played_on: date
    version: int | None
    kind: str
    event: str
    went_first: bool
    mulliganed: bool
    last_turn: int | None
    opponent: str
    archetype: str
    notes: str


class GameRecordOut(Schema):
    games: int
    wins: int
    losses: int
    draws: int
    win_rate: float | None
    interval: tuple[float, float] = Field(description="The win rate's Wilson 95 % interval.")


class GameRecordSplitOut(GameRecordOut):
    label: str


class VersionRecordsDifferenceOut(Schema):
    earlier: int
    later: int
    p_value: float = Field(description="Fisher's exact test of the two versions' win rates, two-sided.")
    clear: bool = Field(description="p < 0.05: unlikely to be chance.")


class GameLogSummaryOut(Schema):
    total: GameRecordOut
    by_version: list[GameRecordSplitOut]
    by_opponent: list[GameRecordSplitOut]
    by_archetype: list[GameRecordSplitOut]
    by_order: list[GameRecordSplitOut]
    by_hand: list[GameRecordSplitOut]
    average_win_turn: float | None
    versions_against_previous: list[VersionRecordsDifferenceOut]


@router.get("/decks/{deck}/played-games", response={200: list[PlayedGameOut], **ERRORS})
def list_played_games(request: HttpRequest, share_id: DeckPath) -> list[dict[str, Any]]:
    """The deck's logged games, newest first (the owner's alone: 404 to anyone else)."""
    deck = _owned(request, share_id)
    return [
        _game_out(g) for g in deck.played_games.select_related("deck_version").order_by("-played_on", "-pk")
    ]


@router.get("/decks/{deck}/game-record", response={200: GameLogSummaryOut, **ERRORS})
def get_game_record(request: HttpRequest, share_id: DeckPath) -> dict[str, Any]:
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


@router.post("/decks/{deck}/played-games", response={201: PlayedGameOut, **ERRORS}, auth=WRITE)
def create_played_game(request: HttpRequest, share_id: DeckPath, payload: PlayedGameIn) -> Any:
    deck = _owned(request, share_id)
    security.check("edits", security.client_id(request))  # as the log page's form is limited
    fields = payload.model_dump(exclude={"version", "played_on"})
    game = PlayedGame(**fields, played_on=payload.played_on or timezone.localdate())
    return Status(201, _game_out(_saved(deck, game, payload.version)))


@router.get("/decks/{deck}/played-games/{played_game}", response={200: PlayedGameOut, **ERRORS})
def get_played_game(request: HttpRequest, share_id: DeckPath, played_id: PlayedPath) -> dict[str, Any]:
    return _game_out(_game(_owned(request, share_id), played_id))


@router.patch("/decks/{deck}/played-games/{played_game}", response={200: PlayedGameOut, **ERRORS}, auth=WRITE)
def update_played_game(
    request: HttpRequest, share_id: DeckPath, played_id: PlayedPath, payload: PlayedGamePatch
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
def delete_played_game(request: HttpRequest, share_id: DeckPath, played_id: PlayedPath) -> Any:
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
        "games": r.games,
        "wins": r.wins,
        "losses": r.losses,
        "draws": r.draws,
        "win_rate": r.rate,
        "interval": r.interval,
    }


def _splits(splits: list[record.Split]) -> list[dict[str, Any]]:
    return [{"label": x.label, **_record_out(x.record)} for x in splits]
