"""The DBS FW playtest board: the player's Leader, battle area, energy, life, drop and combo, and the
actions a person takes at them, with the rules the goldfish plays by: the same card table
(`dbsfw.compile_deck`), the same colour check of a payment (`dbsfw._payable`, 5-3-1), the energy
marker of the second player (6-2-1-10), the charge (7-2-11), attacks against the opponent's Leader power
(8-4-6; ties hit), combos from the hand (5-6-2) and Strike/Critical (15-6-2).

A board is a value, as in engine/board/fftcg.py: every action returns a new one or raises BoardError.
Awaken (15-2) flips the Leader when its condition holds; a Field Extra stays in the battle area, one at a
time (15-3). Not played: card text (the player does what it says by hand: draw, search, shuffle, look at
the top, rest or activate, move), Evolve (no card data says what evolves into what).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field, replace
from itertools import combinations
from typing import Any, ClassVar

import numpy as np

from engine.board import BoardError, DeckActions
from engine.deck import Deck
from engine.games import get_game
from engine.games.dbsfw import start_life
from engine.goldfish import get_simulator
from engine.goldfish.dbsfw import BATTLE, F_AWAKEN, F_FIELD, L_HAS_BACK, _payable, _strike, compile_deck

__all__ = ["Board", "BoardError", "Table"]


@dataclass(frozen=True)
class Unit:
    number: str
    rested: bool = False


@dataclass(frozen=True)
class Board:
    going_first: bool
    seed: int
    deck: tuple[str, ...]
    hand: tuple[str, ...] = ()
    life: tuple[str, ...] = ()
    energy: tuple[Unit, ...] = ()
    battle: tuple[Unit, ...] = ()
    drop: tuple[str, ...] = ()
    markers: int = 0  # the second player's energy marker (6-2-1-10), spent once
    leader_rested: bool = False
    charged: bool = False  # a card was charged this turn (7-2-11: at most one)
    redrew: bool = False
    own_turn: int = 0  # 0: setup
    opp_life: int = 8
    opp_deck: int = 36
    opp_power: int = 15000  # the opponent's Leader power: what an attack must reach (8-4-6)
    opp_awakens_at: int = 0  # the goldfish's opponent: its Leader awakens at this life or less (0: never)
    opp_awakened_power: int = 20000
    awakened: bool = False  # the Leader's back face is up (15-2-2)
    log: tuple[str, ...] = field(default_factory=tuple)
    log_dropped: int = 0  # entries logged before log[0], dropped by engine.board.trim_log

    ZONES: ClassVar[Mapping[str, str]] = {
        "deck": "deck", "hand": "hand", "battle": "battle area", "energy": "energy area", "life": "life area",
        "drop": "drop area",
    }  # fmt: skip
    # Battle and energy cards enter active (3-6-3, 3-8-3).
    UNITS: ClassVar[Mapping[str, Callable[[str], Any]]] = {"battle": Unit, "energy": Unit}
    STATES: ClassVar[Mapping[str, tuple[str, str, str]]] = dict.fromkeys(
        ("battle", "energy"), ("rested", "rest", "make active")
    )

    @property
    def won(self) -> bool:
        return self.opp_life <= 0

    @property
    def opp_guard(self) -> int:
        """The power an attack must reach (8-4-6): the opponent's Leader's, awakened once its life is low."""
        if self.opp_awakens_at and self.opp_life <= self.opp_awakens_at:
            return self.opp_awakened_power
        return self.opp_power

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Board:
        values: dict[str, Any] = dict(data)
        for k in ("energy", "battle"):
            values[k] = tuple(Unit(**u) for u in data[k])
        for k in ("deck", "hand", "life", "drop", "log"):
            values[k] = tuple(data[k])
        return cls(**values)


class Table(DeckActions):
    """A deck's facts for its boards: the goldfish's arrays, by card number."""

    def __init__(self, deck: Deck, opponent: Mapping[str, Any] | None = None) -> None:
        """`opponent`: the goldfish's opponent parameters the board plays against (its defaults)."""
        c = compile_deck(deck)
        self._know(deck, c.numbers, c.names)
        self.leader_name = c.leader_name
        arrays = c.arrays  # pool, leader, then the kinds' type, colours, cost, pips, power, combo, flags
        self.leader, self.ktype, self.kcolours, self.kpay = arrays[1], arrays[2], arrays[3], arrays[4]
        self.kspec, self.kpower, self.kcombo, self.kflags = arrays[5], arrays[6], arrays[7], arrays[8]
        params = get_simulator("dbsfw").params(opponent=opponent or {})
        self.opponent = params.opponent
        self.awaken_life = int(params.policy["awaken_life"])  # the printed condition, as the goldfish reads

    def deal(self, seed: int, going_first: bool, order: Sequence[str] | None = None) -> Board:
        """Setup (6-2-1): the deck shuffled by `seed` (or in `order`, top first), 6 cards in hand; the
        life cards are taken when the first turn starts, after a redraw (6-2-1-9)."""
        cards = self.main_deck(seed, order)
        n = get_game("dbsfw").draw_rules.opening_hand
        return Board(
            going_first=going_first,
            seed=seed,
            deck=tuple(cards[n:]),
            hand=tuple(cards[:n]),
            markers=0 if going_first else 1,
            opp_life=int(self.opponent["opp_life"]),
            opp_deck=int(self.opponent["opp_deck_size"]),
            opp_power=int(self.opponent["opp_leader_power"]),
            opp_awakens_at=int(self.opponent["opp_awakens_at_life"]),
            opp_awakened_power=int(self.opponent["opp_awakened_power"]),
            log=(f"setup: {n} cards in hand",),
        )

    def redraw(self, board: Board) -> Board:
        """6-2-1-8-1: once, before the life cards, the whole hand back into the deck, shuffle, draw 6."""
        if board.own_turn or board.redrew:
            raise BoardError("The hand is redrawn once, before the game starts (6-2-1-8-1).")
        return self.reshuffled_hand(board, "redraw")

    def next_turn(self, board: Board) -> Board:
        """The life cards at the first turn (6-2-1-9); the opponent's turn (it draws, 7-2-9); then the
        next own turn: everything stands up (7-2-7) and 1 card is drawn (7-2-9)."""
        log = list(board.log)
        life = board.life
        deck = board.deck
        if board.own_turn == 0:
            n = start_life(self.deck) or get_game("dbsfw").draw_rules.set_aside_after_mulligan
            life, deck = deck[:n], deck[n:]
            log.append(f"{n} life cards from the top")
        opp_deck = board.opp_deck
        if board.own_turn or not board.going_first:
            opp_deck -= 1
            log.append(f"opponent draws; its deck {opp_deck}")
        if not deck:
            raise BoardError("The deck is empty: the player who must draw loses (14-2-2-2).")
        turn = board.own_turn + 1
        log.append(f"turn {turn}: untap, draw {self.names[deck[0]]}")
        return replace(
            board,
            own_turn=turn,
            life=life,
            deck=deck[1:],
            hand=board.hand + (deck[0],),
            energy=tuple(replace(u, rested=False) for u in board.energy),
            battle=tuple(replace(u, rested=False) for u in board.battle),
            leader_rested=False,
            charged=False,
            opp_deck=opp_deck,
            log=tuple(log),
        )

    def is_field(self, number: str) -> bool:
        """An Extra with Field (15-3)."""
        k = self.index[number]
        return int(self.ktype[k]) != BATTLE and bool(int(self.kflags[k]) & F_FIELD)

    def leader_face(self, board: Board) -> tuple[int, int, int]:
        """The Leader's power, colours and flags on the face that is up (10-1-3)."""
        at = 3 if board.awakened else 0
        return int(self.leader[at]), int(self.leader[at + 1]), int(self.leader[at + 2])

    def can_awaken(self, board: Board) -> bool:
        """15-2: a Leader with Awaken and a back face, once, in your turn, while its condition holds: your
        life at most `awaken_life` (the goldfish's knob for the printed condition, OQ-16)."""
        has_it = bool(int(self.leader[2]) & F_AWAKEN) and int(self.leader[L_HAS_BACK]) == 1
        return has_it and not board.awakened and bool(board.own_turn) and len(board.life) <= self.awaken_life

    def awaken(self, board: Board) -> Board:
        """15-2-2: the Leader flips to its back face, rested or active as it was (14-7-2)."""
        if not self.can_awaken(board):
            raise BoardError(
                f"Awaken needs its condition: your life at {self.awaken_life} or less, once (15-2-3)."
            )
        board = replace(board, awakened=True)
        entry = f"awaken: {self.leader_name} flips, power {self.leader_face(board)[0]} (15-2)"
        return replace(board, log=board.log + (entry,))

    def charge(self, board: Board, hand_pos: int) -> Board:
        """7-2-11: at most one hand card a turn to the energy area, active (3-8-3)."""
        if not board.own_turn or board.charged:
            raise BoardError("One card a turn is charged, in your charge phase (7-2-11).")
        card = board.hand[hand_pos]
        return replace(
            board,
            hand=board.hand[:hand_pos] + board.hand[hand_pos + 1 :],
            energy=board.energy + (Unit(card),),
            charged=True,
            log=board.log + (f"charge {self.names[card]}: energy {len(board.energy) + 1}",),
        )

    def toggle(self, board: Board, zone: str, pos: int) -> Board:  # type: ignore[override]
        """Rest an active card or make a rested one active, by hand: the Leader (`leader`), a Battle card or
        an energy card."""
        if zone == "leader":
            entry = f"{'make active' if board.leader_rested else 'rest'} {self.leader_name}"
            return replace(board, leader_rested=not board.leader_rested, log=board.log + (entry,))
        return super().toggle(board, zone, pos)

    def payment_is_legal(self, board: Board, card: str, energy: Sequence[int], markers: int) -> bool:
        """5-3-1: the total cost exactly, each specified colour pip by a unit of that colour; an energy
        card pays with its colours, a marker as any of the Leader's colours (1-11-2)."""
        k = self.index[card]
        if markers > board.markers or len(set(energy)) != len(energy):
            return False
        if any(not 0 <= e < len(board.energy) or board.energy[e].rested for e in energy):
            return False
        if len(energy) + markers != int(self.kpay[k]):
            return False
        groups = np.zeros(32, dtype=np.int64)
        for e in energy:
            groups[int(self.kcolours[self.index[board.energy[e].number]])] += 1
        groups[self.leader_face(board)[1]] += markers  # the colours of the face that is up
        need = np.array(self.kspec[k], dtype=np.int64)
        return bool(_payable(need, groups, int(self.kpay[k])))

    def suggested_payment(self, board: Board, hand_pos: int) -> tuple[list[int], int] | None:
        """Active energy first and markers last (§11.5): the first set of energy cards, in order, with the
        fewest markers that pays; None when none does."""
        card = board.hand[hand_pos]
        total = int(self.kpay[self.index[card]])
        active = [e for e, u in enumerate(board.energy) if not u.rested]
        for markers in range(min(board.markers, total) + 1):
            want = total - markers
            if want > len(active):
                continue
            for chosen in combinations(active, want):
                if self.payment_is_legal(board, card, chosen, markers):
                    return list(chosen), markers
        return None

    def play(self, board: Board, hand_pos: int, energy: Sequence[int] = (), markers: int = 0) -> Board:
        """Play a Battle card into the battle area, active (3-6-3, OQ-9), or use an Extra, which goes to
        the drop area (12-2-2; its text is not played here), a Field Extra to the battle area instead,
        where it replaces your other Field (15-3-2, 15-3-4), paying its cost (5-3-1)."""
        if not board.own_turn or board.won:
            raise BoardError("Cards are played in your main phase (7-3).")
        card = board.hand[hand_pos]
        if not self.payment_is_legal(board, card, energy, markers):
            raise BoardError(
                f"That does not pay {self.names[card]}: cost {int(self.kpay[self.index[card]])} (5-3-1)."
            )
        entry = f"play {self.names[card]}: rest {len(energy)} energy" + (
            f", {markers} marker" if markers else ""
        )
        board = replace(
            board,
            hand=board.hand[:hand_pos] + board.hand[hand_pos + 1 :],
            energy=tuple(replace(u, rested=True) if e in energy else u for e, u in enumerate(board.energy)),
            markers=board.markers - markers,
            log=board.log + (entry,),
        )
        if int(self.ktype[self.index[card]]) == BATTLE:
            return replace(board, battle=board.battle + (Unit(card),))
        if self.is_field(card):
            old = tuple(u.number for u in board.battle if self.is_field(u.number))
            gone = tuple(f"{self.names[n]} goes to the drop area (one Field at a time, 15-3-4)" for n in old)
            return replace(
                board, battle=tuple(u for u in board.battle if not self.is_field(u.number)) + (Unit(card),),
                drop=board.drop + old, log=board.log + gone,
            )  # fmt: skip
        return replace(board, drop=board.drop + (card,))

    def attack(self, board: Board, attacker: int, combos: Sequence[int] = ()) -> Board:
        """The Leader (`attacker` -1) or a Battle card attacks the opponent's Leader (8-1-1): it rests;
        combo cards from the hand add their combo power (5-6-2) and go to the drop area after the battle;
        power at least the opponent's Leader's hits (8-4-6): life cards, by Strike (15-6-2)."""
        if not board.own_turn or board.won:
            raise BoardError("Attacks are declared in your attack phase (8).")
        if board.going_first and board.own_turn == 1:
            raise BoardError("The player going first declares no attack on their first turn (7-3-4-3-1).")
        if attacker < 0:
            if board.leader_rested:
                raise BoardError("The Leader is rested: only an active card attacks (8-1-1).")
            power, _, flags = self.leader_face(board)
            name = self.leader_name
        else:
            unit = board.battle[attacker]
            if self.is_field(unit.number):
                raise BoardError(
                    "A Field Extra in the battle area does not attack (8-1-1: Leader or Battle card)."
                )
            if unit.rested:
                raise BoardError(f"{self.names[unit.number]} is rested: only an active card attacks (8-1-1).")
            k = self.index[unit.number]
            power, flags, name = int(self.kpower[k]), int(self.kflags[k]), self.names[unit.number]
        if len(set(combos)) != len(combos) or any(self.kcombo[self.index[board.hand[p]]] < 0 for p in combos):
            raise BoardError("Only Battle cards with combo power combo (5-6-2).")
        total = power + sum(int(self.kcombo[self.index[board.hand[p]]]) for p in combos)
        used = tuple(board.hand[p] for p in combos)
        hand = tuple(n for p, n in enumerate(board.hand) if p not in combos)
        log = [f"{name} attacks with power {total}" + (f" ({len(combos)} combo)" if combos else "")]
        opp_life = board.opp_life
        if total >= board.opp_guard:
            damage = min(_strike(flags), opp_life)
            opp_life -= damage
            log.append(
                f"hit: {damage} damage, opponent life {opp_life}" + (": you win" if opp_life <= 0 else "")
            )
        else:
            log.append(f"no damage: power {total} < {board.opp_guard}")
        battle = board.battle
        if attacker >= 0:
            battle = tuple(replace(u, rested=True) if i == attacker else u for i, u in enumerate(battle))
        return replace(
            board,
            hand=hand,
            drop=board.drop + used,
            battle=battle,
            leader_rested=board.leader_rested or attacker < 0,
            opp_life=opp_life,
            log=board.log + tuple(log),
        )
