"""The API's tuning operations: which card to cut, which to add (decks.goldfish.tuning), as the Tune tab.

A router the API adds (decks.api.views), with the goldfish runs' rules: starting needs a write key and
counts as a simulation, reading needs what reading the deck needs.
"""

from __future__ import annotations

from datetime import datetime
from typing import Annotated, Any

from django.http import HttpRequest
from django.shortcuts import get_object_or_404
from ninja import Router, Schema, Status
from ninja.errors import HttpError
from pydantic import Field

from decks.api import schemas as s
from decks.api.auth import WRITE
from decks.builder import access
from decks.goldfish import runs, tuning
from decks.models import TuningRun
from decks.web import security
from engine.advice import tune
from engine.stats import Group

router = Router(tags=["tune"])
# The answers every read of the API may give besides success (as decks.api.views.ERRORS).
ERRORS: dict[Any, Any] = {frozenset({400, 401, 403, 404, 413, 422, 429}): s.Error}


class TuningIn(s.Input):
    candidates: Annotated[list[s.Word], Field(max_length=500)] = Field(
        default_factory=list,
        description="Card numbers a swap may add; empty: every card of the game the deck may legally add.",
    )
    groups: Annotated[list[s.GroupIn], Field(max_length=3)] = Field(
        default_factory=list,
        description="Groups of cards to hold (all at once) whose exact odds by the deck's typical turn each "
        "swap shows beside, as the deck page's odds panel asks them.",
    )
    games: int = Field(tune.GAMES, ge=1, le=100_000_000, description="Per play order, for each swap.")
    seed: int | None = Field(None, ge=0, le=2**63 - 1)


class TuningOut(Schema):
    id: int
    deck: str
    deck_version: int | None
    status: str
    variants: int
    variants_done: int
    progress: float
    settings: dict[str, Any]
    error: str
    result: dict[str, Any] | None = Field(
        description="Once finished (or cancelled: the swaps measured by then): engine.advice.tune's result, "
        "its `rankings` by mean kill turn and by share won by the deck's typical turn, best first."
    )
    created_at: datetime
    finished_at: datetime | None


@router.post("/decks/{share_id}/tunings", response={201: TuningOut, **ERRORS}, auth=WRITE)
def start_tuning(request: HttpRequest, share_id: s.Word, payload: TuningIn) -> Status:
    """Queue the deck's one-card swaps on the workers; poll the tuning's URL for progress and the result."""
    deck = access.get_editable_deck(request, share_id)
    client = security.client_id(request)
    security.ensure_room("simulation", client)
    try:
        run = tuning.enqueue_tuning(
            deck,
            candidates=payload.candidates,
            groups=[Group(g.cards, g.at_least) for g in payload.groups],
            games=payload.games,
            seed=payload.seed,
            runner=runs.runner_of(request),
        )
    except runs.RunRefused as e:
        raise HttpError(422, str(e)) from None
    security.record("simulation", client)
    return Status(201, _out(run))


@router.get("/decks/{share_id}/tunings/{run_id}", response={200: TuningOut, **ERRORS})
def get_tuning(request: HttpRequest, share_id: s.Word, run_id: int) -> dict[str, Any]:
    deck = access.get_viewable_deck(request, share_id)
    return _out(get_object_or_404(TuningRun.objects.select_related("deck"), pk=run_id, deck=deck))


@router.post("/decks/{share_id}/tunings/{run_id}/cancel", response={200: TuningOut, **ERRORS}, auth=WRITE)
def cancel_tuning(request: HttpRequest, share_id: s.Word, run_id: int) -> dict[str, Any]:
    """Stop a tuning, keeping the swaps measured by then as its partial `result`."""
    deck = access.get_editable_deck(request, share_id)
    run = get_object_or_404(TuningRun.objects.select_related("deck"), pk=run_id, deck=deck)
    tuning.cancel(run)
    run.refresh_from_db()
    return _out(run)


def _out(run: TuningRun) -> dict[str, Any]:
    return {
        "id": run.pk,
        "deck": run.deck.share_id,
        "deck_version": run.deck_version.number if run.deck_version else None,
        "status": run.status,
        "variants": run.variants,
        "variants_done": run.variants_done,
        "progress": run.progress,
        "settings": run.settings,
        "error": run.error,
        "result": run.result,
        "created_at": run.created_at,
        "finished_at": run.finished_at,
    }
