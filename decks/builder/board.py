"""The playtest board page: a deck dealt and played by hand, with the rules of engine/board (one
implementation with the goldfish). Anyone who may see the deck may play it; each browser has its own
board, kept in its session with the boards before each action for undo. Every action is one small POST
(htmx swaps the board; without JavaScript the page reloads).
"""

from __future__ import annotations

import secrets
from collections.abc import Callable
from typing import Any

from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.views.decorators.http import require_http_methods

from decks import convert
from decks.builder.access import get_viewable_deck, owns
from decks.models import Deck
from decks.web.requests import HtmxHttpRequest
from engine.board.fftcg import Board, BoardError, Table

GAMES_WITH_A_BOARD = ("fftcg",)
UNDO_STEPS = 30
ZONE_LABELS = {"forwards": "Forwards", "backups": "Backups", "monsters": "Monsters"}


def _key(deck: Deck) -> str:
    return f"board:{deck.pk}"


def _load(request: HttpRequest, deck: Deck) -> tuple[Board | None, list[dict[str, Any]]]:
    saved = request.session.get(_key(deck))
    if not saved:
        return None, []
    return Board.from_dict(saved["board"]), saved["history"]


def _save(request: HttpRequest, deck: Deck, board: Board, history: list[dict[str, Any]]) -> None:
    request.session[_key(deck)] = {"board": board.to_dict(), "history": history[-UNDO_STEPS:]}


@require_http_methods(["GET", "POST"])
def playtest(request: HtmxHttpRequest, share_id: str) -> HttpResponse:
    """GET: the board (a new game when there is none). POST: one action, then the board again."""
    deck = get_viewable_deck(request, share_id)
    if deck.game_id not in GAMES_WITH_A_BOARD:
        raise Http404("This game has no playtest board yet")
    table = Table(convert.deck_to_engine(deck))
    board, history = _load(request, deck)
    error = ""
    if request.method == "POST" or board is None:
        try:
            board, history = _act(table, board, history, request.POST if request.method == "POST" else {})
        except BoardError as e:
            error = str(e)
        except (ValueError, IndexError, KeyError):
            error = "That action does not fit the board as it is now."
        if board is not None:
            _save(request, deck, board, history)
        if request.method == "POST" and not request.htmx and not error:
            return redirect("decks:deck-board", share_id=deck.share_id)
    assert board is not None
    context = _context(deck, table, board, history, error) | {"is_owner": owns(request, deck)}
    template = "decks/board.html#board" if request.htmx else "decks/board.html"
    return render(request, template, context)


def _act(
    table: Table, board: Board | None, history: list[dict[str, Any]], data: Any
) -> tuple[Board, list[dict[str, Any]]]:
    """Apply the posted action; the board before it goes on the undo list."""
    action = data.get("action", "new")
    if action == "undo":
        if not history:
            raise BoardError("Nothing to undo.")
        return Board.from_dict(history[-1]), history[:-1]
    if action == "new" or board is None:
        seed = int(data.get("seed") or secrets.randbelow(10**9))
        return table.deal(seed, data.get("going", "first") == "first"), []
    if action not in _ACTIONS:
        raise BoardError(f"Unknown action {action!r}.")
    return _ACTIONS[action](table, board, data), history + [board.to_dict()]


def _cast(table: Table, board: Board, data: Any) -> Board:
    """A hand card, with the payment the player chose, or the goldfish's suggestion."""
    card = int(data["card"])
    if "pay" in data:
        discards = [int(p) for p in data.getlist("discard")]
        dulled = [(z, int(i)) for z, i in (s.split(":") for s in data.getlist("dull"))]
    else:
        suggested = table.suggested_payment(board, card)
        if suggested is None:
            raise BoardError(f"No legal payment casts {table.names[board.hand[card]]} now (11.4.6).")
        discards, dulled = suggested
    return table.cast(board, card, discards, dulled)


def _cast_lb(table: Table, board: Board, data: Any) -> Board:
    lb_pos = int(data["lb"])
    suggested = table.suggested_lb_payment(board, lb_pos)
    if suggested is None:
        raise BoardError("This Limit Break card cannot be cast now (15.2.8.3, 11.4.6).")
    return table.cast_lb(board, lb_pos, *suggested)


# Each action: the board after it, from the posted fields.
_ACTIONS: dict[str, Callable[[Table, Board, Any], Board]] = {
    "mulligan": lambda t, b, d: t.mulligan(b),
    "next": lambda t, b, d: t.next_turn(b),
    "draw": lambda t, b, d: t.draw(b),
    "cast": _cast,
    "cast-lb": _cast_lb,
    "attack": lambda t, b, d: t.attack(b, int(d["forward"])),
    "discard": lambda t, b, d: t.discard(b, int(d["card"])),
    "to-top": lambda t, b, d: t.hand_to_deck(b, int(d["card"]), True),
    "to-bottom": lambda t, b, d: t.hand_to_deck(b, int(d["card"]), False),
    "recover": lambda t, b, d: t.from_break_zone(b, str(d["number"])),
    "shuffle": lambda t, b, d: t.shuffle(b),
    "search": lambda t, b, d: t.search(b, str(d["number"])),
    "reveal": lambda t, b, d: t.reveal(b, min(int(d.get("n") or 1), 60)),
    "toggle": lambda t, b, d: t.toggle(b, str(d["zone"]), int(d["pos"])),
    "break": lambda t, b, d: t.move(b, str(d["zone"]), int(d["pos"]), "break"),
    "return": lambda t, b, d: t.move(b, str(d["zone"]), int(d["pos"]), "hand"),
}


def _context(
    deck: Deck, table: Table, board: Board, history: list[dict[str, Any]], error: str
) -> dict[str, Any]:
    hand = []
    for p, number in enumerate(board.hand):
        payment = table.suggested_payment(board, p) if board.own_turn and not board.won else None
        dull = [f"{z}:{i}" for z, i in payment[1]] if payment else []
        hand.append(
            {
                "pos": p,
                "number": number,
                "name": table.names[number],
                "payment": payment,
                "suggested_dull": dull,
            }
        )
    sources = set(table.cp_sources(board))
    field = [
        (
            zone,
            ZONE_LABELS[zone],
            [
                {"pos": i, "card": c, "name": table.names[c.number], "source": (zone, i) in sources}
                for i, c in enumerate(getattr(board, zone))
            ],
        )
        for zone in ZONE_LABELS
    ]
    return {
        "deck": deck,
        "board": board,
        "hand": hand,
        "field": field,
        "attackers": set(table.attackers(board)) if board.own_turn and not board.won else set(),
        "cp_available": 2 * sum(1 for n in board.hand if not table.is_light_or_dark(n)) + len(sources),
        "sources": [(f"{z}:{i}", table.names[getattr(board, z)[i].number]) for z, i in sorted(sources)],
        "can_undo": bool(history),
        "error": error,
        "log": list(reversed(board.log[-30:])),
        "deck_cards": sorted({(table.names[n], n) for n in board.deck}),
        "broken_cards": sorted({(table.names[n], n) for n in board.break_zone}),
        "lb": [
            {
                "pos": q,
                "name": table.names[n],
                "up": board.lb_up[q],
                "castable": board.own_turn
                and not board.won
                and table.suggested_lb_payment(board, q) is not None,
            }
            for q, n in enumerate(board.lb_deck)
        ],
    }
