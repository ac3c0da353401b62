"""The Fire Force playtest board's page actions and what its template shows (engine/board/fireforce.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.board.fireforce import Board, Table
from engine.goldfish.fireforce import F_ASSAULT, F_COST, F_FLAME, F_POWER, F_PRAYER

TEMPLATE = "decks/board_fireforce.html"


def _use(table: Table, board: Board, data: Any) -> Board:
    """A hand card, paid with the cards the player chose ("flames:0", "units:1"), or as suggested."""
    payment = None
    if "pay" in data:
        payment = [(z, int(i)) for z, i in (p.split(":") for p in data.getlist("payer"))]
    return table.use(board, int(data["card"]), payment)


def _flame_cap(table: Table, board: Board, data: Any) -> Board:
    """The cards with Flame the player chose to put in Adolla ("flames:0", "units:1", "attached:2")."""
    return table.flame_cap(board, [(z, int(i)) for z, i in (p.split(":") for p in data.getlist("adolla"))])


# Each action: the board after it, from the posted fields.
ACTIONS: dict[str, Callable[[Table, Board, Any], Board]] = {
    "redraw": lambda t, b, d: t.redraw(b),
    "next": lambda t, b, d: t.next_turn(b),
    "use": _use,
    "attack": lambda t, b, d: t.attack(b, int(d["unit"])),
    "pray": lambda t, b, d: t.pray(b, int(d["unit"]), int(d["target"]) if d.get("target") else None),
    "toggle": lambda t, b, d: t.toggle(b, str(d["zone"]), int(d.get("pos") or 0)),
    "flame-cap": _flame_cap,
}


def context(table: Table, board: Board) -> dict[str, Any]:
    """What the Fire Force board's template shows besides the shared parts."""
    payers = table.payers(board)

    def payer_name(zone: str, i: int) -> str:
        return table.names[board.units[i].number] if zone == "units" else f"Flame card {i + 1}"

    hand = []
    for p, number in enumerate(board.hand):
        payment = table.suggested_payment(board, number)
        hand.append(
            {
                "pos": p,
                "number": number,
                "name": table.names.get(number, number),
                "cost": table.fact(number, F_COST),
                "why_not": table.use_error(board, number),
                "payment": [f"{z}:{i}" for z, i in payment] if payment is not None else None,
            }
        )
    units = [
        {
            "pos": i,
            "name": table.names[u.number],
            "acted": u.acted,
            "new": u.new,
            "attached": len(u.attached),
            "power": table.fact(u.number, F_POWER),
            "keywords": ", ".join(
                word
                for word, column in (("Flame", F_FLAME), ("Assault", F_ASSAULT), ("Prayer", F_PRAYER))
                if table.fact(u.number, column)
            ),
            "may_attack": table.may_attack(board, i),
            "may_pray": table.may_pray(board, i),
            "targets": [(t, table.names[board.units[t].number]) for t in table.prayer_targets(board, i)],
        }
        for i, u in enumerate(board.units)
    ]
    return {
        "flame_cap": _flame_cap_choices(table, board),
        "hand": hand,
        "units": units,
        "flames": [
            {"pos": i, "acted": f.acted, "face_down": f.face_down} for i, f in enumerate(board.flames)
        ],
        "payers": [(f"{z}:{i}", payer_name(z, i)) for z, i in payers],
        "standby_flame": len(payers),
        "with_flame": table.with_flame(board),
    }


def _flame_cap_choices(table: Table, board: Board) -> list[dict[str, Any]]:
    """1303.1: what the player may put in Adolla while the Flame cap waits, the goldfish's choice ticked."""
    if not board.flame_excess:
        return []
    suggested = list(table.suggested_flame_cap(board))
    choices = []
    for zone, i in table.flame_cap_choices(board):
        if zone == "flames":
            f = board.flames[i]
            state = ("face down, " if f.face_down else "") + ("acted" if f.acted else "standby")
            label = f"Flame card {i + 1} ({state})"
        elif zone == "units":
            label = f"{table.names[board.units[i].number]} (a Unit with Flame)"
        else:
            label = f"a Flame card attached to {table.names[board.units[i].number]}"
        ticked = (zone, i) in suggested
        if ticked:
            suggested.remove((zone, i))
        choices.append({"value": f"{zone}:{i}", "label": label, "ticked": ticked})
    return choices
