"""The FFTCG playtest board's page actions and what its template shows (engine/board/fftcg.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from decks.builder.board_order import bottom_order
from engine.board.fftcg import ATTACK, MAIN_1, MAIN_2, Board, BoardError, Table

TEMPLATE = "decks/board.html"
PHASE_NAMES = {MAIN_1: "main phase 1", ATTACK: "attack phase", MAIN_2: "main phase 2 (the attacks are over)"}
ZONE_LABELS = {"forwards": "Forwards", "backups": "Backups", "monsters": "Monsters"}


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
ACTIONS: dict[str, Callable[[Table, Board, Any], Board]] = {
    "mulligan": lambda t, b, d: t.mulligan(b, bottom_order(d) or None),
    "party": lambda t, b, d: t.party_attack(b, [int(i) for i in d.getlist("party")]),
    "next": lambda t, b, d: t.next_turn(b),
    "cast": _cast,
    "cast-lb": _cast_lb,
    "attack": lambda t, b, d: t.attack(b, int(d["forward"])),
    "toggle": lambda t, b, d: t.toggle(b, str(d["zone"]), int(d["pos"])),
}


def context(table: Table, board: Board) -> dict[str, Any]:
    """What the FFTCG board's template shows besides the shared parts."""
    hand = []
    for p, number in enumerate(board.hand):
        payment = table.suggested_payment(board, p) if board.own_turn and not board.over else None
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
    attackers = table.attackers(board) if board.own_turn and not board.over else []
    return {
        "phase": PHASE_NAMES[board.phase],
        # 15.1.1.9.3: a party is made of Forwards that may attack; offered when two of them share an element
        "party": [(i, table.names[board.forwards[i].number]) for i in attackers]
        if any(table.party_element(board, [i, j]) for i in attackers for j in attackers if i < j)
        else [],
        "hand": hand,
        "field": field,
        "attackers": set(attackers),
        "cp_available": 2 * sum(1 for n in board.hand if not table.is_light_or_dark(n)) + len(sources),
        "sources": [(f"{z}:{i}", table.names[getattr(board, z)[i].number]) for z, i in sorted(sources)],
        "lb": [
            {
                "pos": q,
                "name": table.names[n],
                "up": board.lb_up[q],
                "castable": board.own_turn
                and not board.over
                and table.suggested_lb_payment(board, q) is not None,
            }
            for q, n in enumerate(board.lb_deck)
        ],
    }
