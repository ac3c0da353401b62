"""The playtest board page: a deck dealt and played by hand, with the rules of engine/board (one
implementation with the goldfish). Anyone who may see the deck may play it; each browser has its own
board, kept in its session with the boards before each action for undo. Every action is one small POST
(htmx swaps the board; without JavaScript the page reloads).

The session keeps a board's log once, not in each board of the undo list, and only its last entries
(LOG_KEPT), so a long game keeps a small session: the session is read and written on every action.
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
from engine.board import BoardError, trim_log

# Each game's board: its page module (ACTIONS, context, TEMPLATE) and engine module (Board, Table).
GAMES: dict[str, ModuleType] = {
    "fftcg": board_fftcg, "dbsfw": board_dbsfw, "gbf": board_gbf, "fireforce": board_fireforce,
}  # fmt: skip
UNDO_STEPS = 30
# The log entries each board keeps: the page shows the last 30. Each board, the current one and each on
# the undo list, keeps its own last 30, so an undo brings the log back as the page showed it; as an
# action logs a few entries, the session holds about 30 plus those of the last UNDO_STEPS actions.
LOG_KEPT = 30
# The actions every board has (engine.board.DeckActions), besides its game's and the move ("move:ZONE").
SHARED: dict[str, Callable[[Any, Any, Any], Any]] = {
    "draw": lambda t, b, d: t.draw(b),
    "shuffle": lambda t, b, d: t.shuffle(b),
    "search": lambda t, b, d: t.search(b, str(d["number"])),
    "reveal": lambda t, b, d: t.reveal(b, min(int(d.get("n") or 1), 60)),
}


def _key(deck: Deck) -> str:
    return f"board:{deck.pk}"


def _load(request: HttpRequest, deck: Deck, game: ModuleType) -> tuple[Any, list[Any]]:
    """The board and the undo list (oldest first) kept in the session, or none: a new game."""
    saved = request.session.get(_key(deck))
    if not saved:
        return None, []
    try:
        log, first = saved["log"], saved["log_from"]
        boards = [_unpack(game, data, log, first) for data in [*saved["history"], saved["board"]]]
    except (KeyError, TypeError):  # a board saved in an older shape than the board now: a new game
        return None, []
    return boards[-1], boards[:-1]


def _save(request: HttpRequest, deck: Deck, board: Any, history: list[Any]) -> None:
    """Keep the board and the last UNDO_STEPS boards before it, each with its last LOG_KEPT log entries,
    the entries once: they go in one list, by their place in the game's whole log, and each board keeps
    where its own entries are in it. A board's log begins with the log of the board before it (an action
    only adds entries), so one list holds them all; a place no board keeps (an action that logged more
    than LOG_KEPT entries) is None."""
    boards = [trim_log(b, LOG_KEPT) for b in [*history[-UNDO_STEPS:], board]]
    entries: dict[int, str] = {}
    for b in reversed(boards):  # the newest first: an older board adds only the entries others dropped
        for place, entry in enumerate(b.log, start=b.log_dropped):
            entries.setdefault(place, entry)
    first = min(entries, default=0)
    packed = [_pack(b) for b in boards]
    request.session[_key(deck)] = {
        "board": packed[-1],
        "history": packed[:-1],
        "log": [entries.get(place) for place in range(first, max(entries, default=-1) + 1)],
        "log_from": first,
    }


def _pack(board: Any) -> dict[str, Any]:
    """The board as JSON with the length of its log in place of the log (which _save keeps once)."""
    data: dict[str, Any] = board.to_dict()
    data["log"] = len(data["log"])
    return data


def _unpack(game: ModuleType, data: dict[str, Any], log: list[str | None], first: int) -> Any:
    """A board _pack packed, with its log entries taken from the session's list."""
    start = data["log_dropped"] - first
    return game.Board.from_dict({**data, "log": log[start : start + data["log"]]})


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
            "log": list(reversed(board.log[-LOG_KEPT:])),
        }
        | table.tools(board)
        | game.context(table, board)
    )
    return render(request, f"{game.TEMPLATE}#board" if request.htmx else game.TEMPLATE, context)


def _act(game: ModuleType, table: Any, board: Any, history: list[Any], data: Any) -> tuple[Any, list[Any]]:
    """Apply the posted action; the board before it goes on the undo list."""
    action = data.get("action", "new")
    if action == "undo":
        if not history:
            raise BoardError("Nothing to undo.")
        return history[-1], history[:-1]
    if action == "new" or board is None:
        seed = int(data.get("seed") or secrets.randbelow(10**9))
        return table.deal(seed, data.get("going", "first") == "first"), []
    if action.startswith("move:"):  # any card to any zone, by hand (engine.board.DeckActions.move)
        zone, _, pos = str(data["from"]).partition(":")
        return table.move(board, zone, int(pos), action.removeprefix("move:")), history + [board]
    actions = SHARED | game.ACTIONS
    if action not in actions:
        raise BoardError(f"Unknown action {action!r}.")
    return actions[action](table, board, data), history + [board]
