"""The DBS FW playtest board's page actions and what its template shows (engine/board/dbsfw.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from engine.board.dbsfw import CHARGE, MAIN, Board, BoardError, Table
from engine.goldfish.dbsfw import BATTLE

TEMPLATE = "decks/board_dbsfw.html"
PHASE_NAMES = {CHARGE: "charge phase (up to 1 card to the energy area)", MAIN: "main phase"}


def _play(table: Table, board: Board, data: Any) -> Board:
    """A hand card, with the energy and markers the player chose, or the suggested payment."""
    card = int(data["card"])
    if "pay" in data:
        energy = [int(e) for e in data.getlist("energy")]
        markers = int(data.get("markers") or 0)
    else:
        suggested = table.suggested_payment(board, card)
        if suggested is None:
            raise BoardError(f"No payment of the energy pays {table.names[board.hand[card]]} now (5-3-1).")
        energy, markers = suggested
    return table.play(board, card, energy, markers)


def _zone_pos(value: str) -> tuple[str, int]:
    """A card posted as "zone:position" ("hand:2", "battle:0")."""
    zone, _, pos = value.partition(":")
    return zone, int(pos)


# Each action: the board after it, from the posted fields.
ACTIONS: dict[str, Callable[[Table, Board, Any], Board]] = {
    "redraw": lambda t, b, d: t.redraw(b),
    "next": lambda t, b, d: t.next_turn(b),
    "charge": lambda t, b, d: t.charge(b, int(d["card"])),
    "main": lambda t, b, d: t.main_phase(b),
    "play": _play,
    "attack": lambda t, b, d: t.declare_attack(b, int(d["attacker"])),
    "combo": lambda t, b, d: t.combo(b, *_zone_pos(d["from"])),
    "boost": lambda t, b, d: t.boost(b, int(d["power"])),
    "resolve": lambda t, b, d: t.resolve_battle(b),
    "toggle": lambda t, b, d: t.toggle(b, str(d["zone"]), int(d.get("pos") or 0)),
    "awaken": lambda t, b, d: t.awaken(b),
}


def context(table: Table, board: Board) -> dict[str, Any]:
    """What the DBS FW board's template shows besides the shared parts."""
    playing = board.own_turn and not board.over
    in_battle = board.attacker is not None
    may_attack = playing and not in_battle and not (board.going_first and board.own_turn == 1)
    hand = []
    for p, n in enumerate(board.hand):
        why_not = table.timing_error(board, n)
        payment = None if why_not else table.suggested_payment(board, p)
        hand.append(
            {
                "pos": p,
                "number": n,
                "name": table.names[n],
                "payment": payment,
                "why_not": why_not or ("" if payment else "The energy cannot pay it now (5-3-1)."),
                "combo": int(table.kcombo[table.index[n]]) if table.ktype[table.index[n]] == BATTLE else -1,
                "may_combo": in_battle and not table.combo_error(board, "hand", p),
            }
        )
    return {
        "phase": PHASE_NAMES[board.phase] + (": a battle, its offense step (8-2)" if in_battle else ""),
        "hand": hand,
        "leader": {"name": table.leader_name, "power": table.leader_face(board)[0]},
        "can_awaken": table.can_awaken(board),
        "battle": [
            {
                "pos": i,
                "name": table.names[u.number],
                "rested": u.rested,
                "power": int(table.kpower[table.index[u.number]]),
                "field": table.is_field(u.number),
                "may_combo": in_battle and not table.combo_error(board, "battle", i),
            }
            for i, u in enumerate(board.battle)
        ],
        "energy": [
            {"pos": e, "name": table.names[u.number], "rested": u.rested} for e, u in enumerate(board.energy)
        ],
        "active_energy": sum(not u.rested for u in board.energy),
        "may_attack": may_attack,
        "can_charge": playing and board.phase == CHARGE,
        "battle_on": in_battle,
        "attacking": table.attacking_name(board),
        "attack_power": table.attack_power(board) if in_battle else 0,
        "combo_cards": [table.names[n] for n in board.combo],
    }
