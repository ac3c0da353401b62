"""The playtest board page: a deck dealt and played by hand, with the rules of engine/board (one
implementation with the goldfish). Anyone who may see the deck may play it; each browser has its own
board, kept in its session with the boards before each action for undo. Every action is one small POST
(htmx swaps the board; without JavaScript the page reloads).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from types import ModuleType
from typing import Any

from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from decks import convert
from decks.builder import board_dbsfw, board_fftcg, board_fireforce, board_gbf
from decks.builder.access import get_viewable_deck, owns
from decks.models import Deck
from decks.web.requests import HtmxHttpRequest
from engine.board import BoardError

# Each game's board: its page module (ACTIONS, context, TEMPLATE) and engine module (Board, Table).
GAMES: dict[str, ModuleType] = {
    "fftcg": board_fftcg, "dbsfw": board_dbsfw, "gbf": board_gbf, "fireforce": board_fireforce,
}  # fmt: skip
UNDO_STEPS = 30
# The actions every board has (engine.board.DeckActions), besides its game's and the move ("move:ZONE").
SHARED: dict[str, Callable[[Any, Any, Any], Any]] = {
    "draw": lambda t, b, d: t.draw(b),
    "shuffle": lambda t, b, d: t.shuffle(b),
    "search": lambda t, b, d: t.search(b, str(d["number"])),
    "reveal": lambda t, b, d: t.reveal(b, min(int(d.get("n") or 1), 60)),
}


def _key(deck: Deck) -> str:
    return f"board:{deck.pk}"


def _load(request: HttpRequest, deck: Deck, game: ModuleType) -> tuple[Any, list[dict[str, Any]]]:
    saved = request.session.get(_key(deck))
    if not saved:
        return None, []
    try:
        return game.Board.from_dict(saved["board"]), saved["history"]
    except (KeyError, TypeError):  # a board saved before the board had its fields now: a new game
        return None, []


def _save(request: HttpRequest, deck: Deck, board: Any, history: list[dict[str, Any]]) -> None:
    request.session[_key(deck)] = {"board": board.to_dict(), "history": history[-UNDO_STEPS:]}


@require_http_methods(["GET", "POST"])
def playtest(request: HtmxHttpRequest, share_id: str) -> HttpResponse:
    """GET: the board (a new game when there is none). POST: one action, then the board again."""
    deck = get_viewable_deck(request, share_id)
    game = GAMES[deck.game_id]
    try:
        table = game.Table(convert.deck_to_engine(deck))
    except ValueError as e:  # a DBS FW deck without its Leader, say
        return render(request, "decks/board_unplayable.html", {"deck": deck, "reason": str(e)}, status=422)
    board, history = _load(request, deck, game)
    error = ""
    if request.method == "POST" or board is None:
        try:
            data = request.POST if request.method == "POST" else {}
            board, history = _act(game, table, board, history, data)
        except BoardError as e:
            error = str(e)
        except (ValueError, IndexError, KeyError):
            error = "That action does not fit the board as it is now."
        if board is not None:
            _save(request, deck, board, history)
        if request.method == "POST" and not request.htmx and not error:
            return redirect("decks:deck-board", share_id=deck.share_id)
    assert board is not None
    context = (
        {
            "deck": deck,
            "board": board,
            "is_owner": owns(request, deck),
            "can_undo": bool(history),
            "error": error,
            "log": list(reversed(board.log[-30:])),
        }
        | table.tools(board)
        | game.context(table, board)
    )
    return render(request, f"{game.TEMPLATE}#board" if request.htmx else game.TEMPLATE, context)


def _act(
    game: ModuleType, table: Any, board: Any, history: list[dict[str, Any]], data: Any
) -> tuple[Any, list[dict[str, Any]]]:
    """Apply the posted action; the board before it goes on the undo list."""
    action = data.get("action", "new")
    if action == "undo":
        if not history:
            raise BoardError("Nothing to undo.")
        return game.Board.from_dict(history[-1]), history[:-1]
    if action == "new" or board is None:
        seed = int(data.get("seed") or secrets.randbelow(10**9))
        return table.deal(seed, data.get("going", "first") == "first"), []
    if action.startswith("move:"):  # any card to any zone, by hand (engine.board.DeckActions.move)
        zone, _, pos = str(data["from"]).partition(":")
        return table.move(board, zone, int(pos), action.removeprefix("move:")), history + [board.to_dict()]
    actions = SHARED | game.ACTIONS
    if action not in actions:
        raise BoardError(f"Unknown action {action!r}.")
    return actions[action](table, board, data), history + [board.to_dict()]
