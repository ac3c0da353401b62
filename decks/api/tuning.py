"""The API's tuning operations: which card to cut, which to add (decks.goldfish.tuning), as the Tune tab.

A router the API adds (decks.api.views), with the goldfish runs' rules: starting needs a write key and
counts as a simulation, reading needs what reading the deck needs.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest
from django.shortcuts import get_object_or_404
from ninja import Router, Status
from ninja.errors import HttpError

from decks.api import schemas as s
from decks.api.auth import WRITE
from decks.builder import access
from decks.goldfish import runs, tuning
from decks.models import TuningRun
from decks.web import security
from engine.stats import Group

router = Router(tags=["tune"])
# The answers every read of the API may give besides success (as decks.api.views.ERRORS).
ERRORS: dict[Any, Any] = {frozenset({400, 401, 403, 404, 413, 422, 429}): s.Error}


@router.post("/decks/{deck}/tunings", response={201: s.TuningOut, **ERRORS}, auth=WRITE)
def start_tuning(request: HttpRequest, share_id: s.DeckPath, payload: s.TuningIn) -> Status:
    """Queue the deck's one-card swaps on the workers; poll the tuning's URL for progress and the result."""
    deck = access.get_editable_deck(request, share_id)
    client = security.client_id(request)
    security.ensure_room("simulation", client)
    try:
        run = tuning.enqueue_tuning(
            deck,
            candidates=payload.candidates,
            groups=[Group(g.cards, g.at_least) for g in payload.groups],
            games=payload.games_per_order,
            seed=payload.seed,
            runner=runs.runner_of(request),
        )
    except runs.RunRefused as e:
        raise HttpError(422, str(e)) from None
    security.record("simulation", client)
    return Status(201, _out(run))


@router.get("/decks/{deck}/tunings/{tuning}", response={200: s.TuningOut, **ERRORS})
def get_tuning(request: HttpRequest, share_id: s.DeckPath, run_id: s.TuningPath) -> dict[str, Any]:
    deck = access.get_viewable_deck(request, share_id)
    return _out(get_object_or_404(TuningRun.objects.select_related("deck"), pk=run_id, deck=deck))


@router.post("/decks/{deck}/tunings/{tuning}/cancel", response={200: s.TuningOut, **ERRORS}, auth=WRITE)
def cancel_tuning(request: HttpRequest, share_id: s.DeckPath, run_id: s.TuningPath) -> dict[str, Any]:
    """Stop a tuning, keeping the swaps measured by then as its partial `result`."""
    deck = access.get_editable_deck(request, share_id)
    run = get_object_or_404(TuningRun.objects.select_related("deck"), pk=run_id, deck=deck)
    tuning.cancel(run)
    run.refresh_from_db()
    return _out(run)


def _out(run: TuningRun) -> dict[str, Any]:
    return {
        "tuning": run.pk,
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
