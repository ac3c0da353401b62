"""The GBF playtest board's page actions and what its template shows (engine/board/gbf.py)."""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from decks.builder.board_order import bottom_order
from engine.board.gbf import BATTLE, MAIN, Board, Table
from engine.goldfish.gbf import ATTRIBUTES, CREW, F_ATTR, F_OUGI_N, F_RANK, F_TYPE, SUMMON

TEMPLATE = "decks/board_gbf.html"
PHASE_NAMES = {MAIN: "main phase", BATTLE: "battle phase (crew enter, uncap and job change are over)"}


def _summon(table: Table, board: Board, data: Any) -> Board:
    """A summon from the hand, paid with the crystals the player chose, or as the board suggests."""
    crystals = [int(c) for c in data.getlist("crystal")] if "pay" in data else None
    return table.summon(board, int(data["card"]), crystals)


# Each action: the board after it, from the posted fields.
ACTIONS: dict[str, Callable[[Table, Board, Any], Board]] = {
    "redraw": lambda t, b, d: t.redraw(b, bottom_order(d)),
    "captain": lambda t, b, d: t.choose_captain(b, int(d["captain"])),
    "next": lambda t, b, d: t.next_turn(b),
    "enter": lambda t, b, d: t.enter(b, int(d["card"])),
    "summon": _summon,
    "uncap": lambda t, b, d: t.uncap(b, int(d["card"]), int(d["slot"])),
    "job": lambda t, b, d: t.job_change(b, int(d["captain"])),
    "attack": lambda t, b, d: t.attack(
        b, [int(i) for i in d.getlist("attacker")], [int(i) for i in d.getlist("ougi")]
    ),
    "toggle": lambda t, b, d: t.toggle(b, str(d["zone"]), int(d.get("pos") or 0)),
}


def _why_not(table: Table, board: Board, number: str, kind: int) -> str:
    """Why the hand card's button is greyed out (the rule that refuses it); empty when it may be played."""
    if board.over:
        return board.ending
    if not board.own_turn:
        return "Cards are played in your own turn (6-3)."
    if kind == CREW:
        return table.entry_error(board, number)
    return table.summon_error(board, number) if kind == SUMMON else ""


def _present(table: Table, board: Board, pos: int, card: Any) -> dict[str, Any]:
    ougi = table.fact(card.number, F_OUGI_N)
    return {
        "pos": pos,
        "name": table.names[card.number],
        "rested": card.rested,
        "atk": table.atk(card),
        "hp": table.hp(card),
        "levels": len(card.levels),
        "ougi": ougi,
        "ougi_ready": 0 <= ougi <= board.face_up and not card.ougi_used,  # 2-6-1-1
        "rank": table.fact(card.number, F_RANK),
    }


def context(table: Table, board: Board) -> dict[str, Any]:
    """What the GBF board's template shows besides the shared parts."""
    hand = []
    for p, number in enumerate(board.hand):
        kind = table.fact(number, F_TYPE)
        hand.append(
            {
                "pos": p,
                "number": number,
                "name": table.names[number],
                "rank": table.fact(number, F_RANK),
                "crew": kind == CREW,
                "summon": kind == SUMMON,
                "why_not": _why_not(table, board, number, kind),
                "uncap": [(i, table.names[board.crew[i].number]) for i in table.uncap_slots(board, p)],
                "payment": table.suggested_payment(board, number) if kind == SUMMON else None,
            }
        )
    present = ([_present(table, board, -1, board.captain)] if board.captain else []) + [
        _present(table, board, i, c) for i, c in enumerate(board.crew)
    ]
    return {
        "phase": PHASE_NAMES[board.phase],
        "hand": hand,
        "captain": present[0] if board.captain else None,
        "crew": present[1:] if board.captain else present,
        "attackers": [c for c in present if not c["rested"]] if table.may_attack(board) else [],
        "start_captains": [(p, table.names[board.captain_deck[p]]) for p in table.captains(board)],
        "job_changes": [
            (p, table.names[board.captain_deck[p]], table.fact(board.captain_deck[p], F_RANK))
            for p in table.job_changes(board)
        ],
        "crystals": [
            {
                "pos": i,
                "name": table.names[k.number],
                "rested": k.rested,
                "attributes": ", ".join(
                    a for b, a in enumerate(ATTRIBUTES) if table.fact(k.number, F_ATTR) >> b & 1
                )
                or "no attribute",
            }
            for i, k in enumerate(board.crystals)
        ],
        "active_crystals": sum(not k.rested for k in board.crystals),
        "rank_total": table.rank_total(board),
        "gauge": [
            {"pos": g, "name": table.names[c.number], "face_down": c.face_down}
            for g, c in enumerate(board.gauge)
        ],
    }
