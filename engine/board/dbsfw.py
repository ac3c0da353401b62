"""The DBS FW playtest board: the player's Leader, battle area, energy, life, drop and combo, and the
actions a person takes at them, with the rules the goldfish plays by: the same card table
(`dbsfw.compile_deck`), the same colour check of a payment (`dbsfw._payable`, 5-3-1), the energy
marker of the second player (6-2-1-10), the turn's charge phase then its main phase (7-2-11, 7-2-13),
attacks against the opponent's Leader power (8-4-6; ties hit) with Strike/Critical (15-6-2), and a card's
timing words: an attack opens a battle whose offense step takes combos from the hand and the battle area
(5-6-3) and [Activate: Battle] Extras (8-2-4), while Battle cards and [Activate: Main] Extras wait for
the main phase (7-3-4).

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
from engine.goldfish.dbsfw import (
    BATTLE,
    F_AWAKEN,
    F_FIELD,
    L_HAS_BACK,
    _payable,
    _strike,
    activate_timings,
    compile_deck,
)

__all__ = ["Board", "BoardError", "Table"]

# The phases of the own turn the player acts in (7-1-1): the charge phase, after the turn's draw, where up to
# one card is charged (7-2-11), then the main phase (7-2-13), whose free timing holds the battles (7-3-4-3).
# The end phase and the opponent's turn pass at the next turn.
CHARGE, MAIN = "charge", "main"


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
    phase: str = CHARGE  # of the own turn: the charge phase (7-2), then the main phase (7-3)
    redrew: bool = False
    own_turn: int = 0  # 0: setup
    opp_life: int = 8
    opp_deck: int = 36
    opp_power: int = 15000  # the opponent's Leader power: what an attack must reach (8-4-6)
    opp_awakens_at: int = 0  # the goldfish's opponent: its Leader awakens at this life or less (0: never)
    opp_awakened_power: int = 20000
    awakened: bool = False  # the Leader's back face is up (15-2-2)
    attacker: int | None = (
        None  # during a battle: the attacking card (-1 the Leader, else its battle area place)
    )
    combo: tuple[str, ...] = ()  # the combo area during a battle (5-6-3-2)
    boost: int = 0  # power card text gave the attacking card during this battle, added by hand
    log: tuple[str, ...] = field(default_factory=tuple)
    log_dropped: int = 0  # entries logged before log[0], dropped by engine.board.trim_log

    ZONES: ClassVar[Mapping[str, str]] = {
        "deck": "deck", "hand": "hand", "battle": "battle area", "energy": "energy area", "life": "life area",
        "drop": "drop area",
    }  # fmt: skip
    # Battle and energy cards enter active (3-6-3, 3-8-3).
    UNITS: ClassVar[Mapping[str, Callable[[str], Any]]] = {"battle": Unit, "energy": Unit}
    OPENING_RULE: ClassVar[str] = "6-2-1-8, 6-2-1-8-1: six cards, one redraw"
    HIDDEN: ClassVar[frozenset[str]] = frozenset({"life"})  # 3-9-2
    STATES: ClassVar[Mapping[str, tuple[str, str, str]]] = dict.fromkeys(
        ("battle", "energy"), ("rested", "rest", "make active")
    )

    @property
    def won(self) -> bool:
        """14-2-2: the opponent's life area or its deck at 0 cards (its deck counted from after setup)."""
        return self.opp_life <= 0 or self.opp_deck <= 0

    @property
    def lost(self) -> bool:
        """14-2-2-1, 14-2-2-2: your life area or your deck at 0 cards, from the first turn on, at once (the
        check interrupts whatever is going on, 14-2-1): drawing the last card loses."""
        return self.own_turn > 0 and (not self.deck or not self.life)

    @property
    def over(self) -> bool:
        return self.won or self.lost

    @property
    def ending(self) -> str:
        """Why the game is over, with the rule; empty while it goes on."""
        if self.opp_life <= 0:
            return "The game is over: the opponent's life is 0, you win (14-2-2-1)."
        if self.opp_deck <= 0:
            return "The game is over: the opponent's deck is empty, you win (14-2-2-2)."
        if self.own_turn and not self.deck:
            return "The game is over: your deck is empty, you lose (14-2-2-2)."
        if self.own_turn and not self.life:
            return "The game is over: your life is 0, you lose (14-2-2-1)."
        return ""

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
        for k in ("deck", "hand", "life", "drop", "combo", "log"):
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
        simulator = get_simulator("dbsfw")
        params = simulator.in_force(deck, simulator.params(opponent=opponent or {}))
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
            opp_deck=int(self.opponent["opp_deck_size"]) - n - int(self.opponent["opp_life"]),  # 6-2-1-8, -9
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
        if board.over:
            raise BoardError(board.ending)
        if board.attacker is not None:
            raise BoardError("Resolve the battle first: the turn ends from the main phase (8-5-9, 7-3-5).")
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
            if opp_deck <= 0:
                log.append("the opponent's deck is empty: it loses, you win (14-2-2-2)")
                return replace(board, life=life, deck=deck, opp_deck=0, log=tuple(log))
        turn = board.own_turn + 1
        log.append(f"turn {turn}: untap, draw {self.names[deck[0]]}")
        if len(deck) == 1:
            log.append("your deck is empty: you lose (14-2-2-2)")
        return replace(
            board,
            own_turn=turn,
            life=life,
            deck=deck[1:],
            hand=board.hand + (deck[0],),
            energy=tuple(replace(u, rested=False) for u in board.energy),
            battle=tuple(replace(u, rested=False) for u in board.battle),
            leader_rested=False,
            phase=CHARGE,
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
        in_play = bool(board.own_turn) and not board.over
        return has_it and not board.awakened and in_play and len(board.life) <= self.awaken_life

    def awaken(self, board: Board) -> Board:
        """15-2-2: the Leader flips to its back face, rested or active as it was (14-7-2)."""
        if not self.can_awaken(board):
            raise BoardError(
                f"Awaken needs its condition: your life at {self.awaken_life} or less, once (15-2-3)."
            )
        board = replace(self._in_main_phase(board), awakened=True)  # [Activate: Main/Battle] (15-2-1)
        entry = f"awaken: {self.leader_name} flips, power {self.leader_face(board)[0]} (15-2)"
        return replace(board, log=board.log + (entry,))

    def charge(self, board: Board, hand_pos: int) -> Board:
        """7-2-11: up to one hand card to the energy area, active (3-8-3), in the charge phase; the main phase
        follows (7-2-13), so nothing is charged once a card was played or an attack declared."""
        if board.over:
            raise BoardError(board.ending)
        if not board.own_turn:
            raise BoardError("A card is charged in your charge phase, from your first turn (7-2-11).")
        if board.phase != CHARGE:
            raise BoardError(
                "The charge phase is over: up to 1 card is charged there, before the main phase, where cards "
                "are played and attacks declared (7-2-11, 7-2-13)."
            )
        card = board.hand[hand_pos]
        entries = (f"charge {self.names[card]}: energy {len(board.energy) + 1}", "main phase (7-2-13)")
        return replace(
            board,
            hand=board.hand[:hand_pos] + board.hand[hand_pos + 1 :],
            energy=board.energy + (Unit(card),),
            phase=MAIN,
            log=board.log + entries,
        )

    def main_phase(self, board: Board) -> Board:
        """7-2-13: the charge phase ends with no card charged (7-2-11 charges up to 1) and the main phase
        begins. Playing a card, awakening or declaring an attack in the charge phase does this first."""
        if board.over:
            raise BoardError(board.ending)
        if not board.own_turn or board.phase != CHARGE:
            raise BoardError("The main phase follows the charge phase, once a turn (7-2-13).")
        return replace(board, phase=MAIN, log=board.log + ("no card charged: main phase (7-2-11, 7-2-13)",))

    def _in_main_phase(self, board: Board) -> Board:
        """The board in its main phase: from the charge phase the main phase begins (main_phase)."""
        return self.main_phase(board) if board.phase == CHARGE else board

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

    def _main_phase(self, board: Board, what: str) -> None:
        """Refuse an action of the main phase's free timing (7-3-4) outside it: in setup, once the game
        is over, or during a battle (8-2-4 lists what its offense step allows)."""
        if board.over:
            raise BoardError(board.ending)
        if not board.own_turn:
            raise BoardError(f"{what} in your main phase (7-3-4).")
        if board.attacker is not None:
            raise BoardError(
                f"{what} in the main phase, not during a battle: resolve the battle first (8-2-4)."
            )

    def timing_error(self, board: Board, number: str) -> str:
        """Why this hand card may not be played now, by its kind and the timing words of its text; empty
        when it may. A Battle card is played in the main phase (7-3-4-1); an Extra is used for an
        [Activate] skill (12-2-2-1): [Activate: Main] in the main phase (7-3-4-2; a Field is one,
        15-3-1), [Activate: Battle] in the offense step of a battle (8-2-4-2), Main/Battle in either."""
        if board.over:
            return board.ending
        if not board.own_turn:
            return "Cards are played in your main phase (7-3-4)."
        in_battle = board.attacker is not None
        if int(self.ktype[self.index[number]]) == BATTLE:
            return (
                "A Battle card is played in the main phase, not during a battle (7-3-4-1, 8-2-4)."
                if in_battle
                else ""
            )
        card = self.deck.cards[number]
        timings = activate_timings(card.text) | ({"main"} if self.is_field(number) else set())
        if not timings:
            return (
                f"{self.names[number]} has no [Activate: Main] or [Activate: Battle] skill to use from the "
                "hand (12-2-2-1, 1-3-4-1)."
            )
        if in_battle and "battle" not in timings:
            return (
                f"{self.names[number]} is [Activate: Main]: used in the main phase, not during a battle "
                "(1-3-4-1-1, 7-3-4-2)."
            )
        if not in_battle and "main" not in timings:
            return (
                f"{self.names[number]} is [Activate: Battle]: used in the offense step of a battle, after "
                "an attack is declared (1-3-4-1-2, 8-2-4-2)."
            )
        return ""

    def play(self, board: Board, hand_pos: int, energy: Sequence[int] = (), markers: int = 0) -> Board:
        """Play a Battle card into the battle area, active (3-6-3, OQ-9), or use an Extra, which goes to
        the drop area (12-2-2; its text is not played here), a Field Extra to the battle area instead,
        where it replaces your other Field (15-3-2, 15-3-4), paying its cost (5-3-1); each when its kind
        and timing words allow (timing_error)."""
        card = board.hand[hand_pos]
        if error := self.timing_error(board, card):
            raise BoardError(error)
        if not self.payment_is_legal(board, card, energy, markers):
            raise BoardError(
                f"That does not pay {self.names[card]}: cost {int(self.kpay[self.index[card]])} (5-3-1)."
            )
        entry = f"play {self.names[card]}: rest {len(energy)} energy" + (
            f", {markers} marker" if markers else ""
        )
        board = self._in_main_phase(board)  # 7-3-4-1, 7-3-4-2: cards are played in the main phase
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
        """A whole battle at once: `attacker` (-1 the Leader) attacks (8-1-1), the hand cards at `combos`
        combo in its offense step (5-6-3-1-2) and nothing else is done there, then the damage step (8-4)."""
        board = self.declare_attack(board, attacker)
        for p in sorted(combos, reverse=True):  # from the last, so the positions before stay in place
            board = self.combo(board, "hand", p)
        return self.resolve_battle(board)

    def declare_attack(self, board: Board, attacker: int) -> Board:
        """8-1-1: in the main phase, the active Leader (`attacker` -1) or an active Battle card rests and
        attacks the opponent's Leader (the opponent has no Battle card); the battle's offense step begins
        (8-2): combos, [Activate: Battle] skills, then resolve_battle."""
        self._main_phase(board, "Attacks are declared")
        if board.going_first and board.own_turn == 1:
            raise BoardError("The player going first declares no attack on their first turn (7-3-4-3-1).")
        if attacker < 0:
            if board.leader_rested:
                raise BoardError("The Leader is rested: only an active card attacks (8-1-1).")
            name = self.leader_name
        else:
            unit = board.battle[attacker]
            if self.is_field(unit.number):
                raise BoardError(
                    "A Field Extra in the battle area does not attack (8-1-1: Leader or Battle card)."
                )
            if unit.rested:
                raise BoardError(f"{self.names[unit.number]} is rested: only an active card attacks (8-1-1).")
            name = self.names[unit.number]
        board = self._in_main_phase(board)  # 7-3-4-3: attacks are declared in the main phase
        battle = tuple(replace(u, rested=True) if i == attacker else u for i, u in enumerate(board.battle))
        entry = f"{name} attacks: offense step (combo, [Activate: Battle]), then the damage step (8-2)"
        return replace(
            board,
            battle=battle,
            leader_rested=board.leader_rested or attacker < 0,
            attacker=attacker,
            log=board.log + (entry,),
        )

    def combo_error(self, board: Board, zone: str, pos: int) -> str:
        """Why the card at `pos` of the hand or the battle area may not combo now; empty when it may: in the
        offense step (8-2-4-1), a Battle card with combo power (5-6-2), from the hand (5-6-3-1-2) or an
        active one of the battle area other than the attacking card (5-6-3-1-1)."""
        if board.over:
            return board.ending
        if board.attacker is None:
            return "Cards combo in the offense step of a battle: declare an attack first (8-2-4-1)."
        if zone == "hand":
            number = board.hand[pos]
        elif zone == "battle":
            unit = board.battle[pos]
            if pos == board.attacker or unit.rested:
                return (
                    "From the battle area an active Battle card, not the attacking one, combos (5-6-3-1-1)."
                )
            number = unit.number
        else:
            return "Cards combo from the hand or the battle area (5-6-3-1)."
        k = self.index[number]
        if int(self.ktype[k]) != BATTLE or int(self.kcombo[k]) < 0:
            return "Only Battle cards with combo power combo (5-6-2)."
        return ""

    def combo(self, board: Board, zone: str, pos: int) -> Board:
        """5-6-3: one card to the combo area; its combo power adds to the attacking card's in the damage
        step (8-4-4)."""
        if error := self.combo_error(board, zone, pos):
            raise BoardError(error)
        if zone == "hand":
            number = board.hand[pos]
            board = replace(board, hand=board.hand[:pos] + board.hand[pos + 1 :])
        else:
            number = board.battle[pos].number
            board = self._leave_battle_area(board, pos)
        power = int(self.kcombo[self.index[number]])
        entry = f"combo {self.names[number]} from the {Board.ZONES[zone]} (+{power})"
        return replace(board, combo=board.combo + (number,), log=board.log + (entry,))

    def boost(self, board: Board, power: int) -> Board:
        """The attacking card gets `power` during this battle: a card's text (an [Activate: Battle] Extra,
        say) done by hand, added in the damage step."""
        if board.attacker is None:
            raise BoardError("Power is added during a battle: declare an attack first (8-1-2-2).")
        entry = f"the attacking card gets {power:+} power during this battle (card text, by hand)"
        return replace(board, boost=board.boost + power, log=board.log + (entry,))

    def attacking_name(self, board: Board) -> str:
        """The name of the card attacking in this battle; empty when there is no battle."""
        if board.attacker is None:
            return ""
        return self.leader_name if board.attacker < 0 else self.names[board.battle[board.attacker].number]

    def attack_power(self, board: Board) -> int:
        """The attacking card's power in the damage step: its own, what text gave it, the combos (8-4-4)."""
        assert board.attacker is not None
        if board.attacker < 0:
            power = self.leader_face(board)[0]
        else:
            power = int(self.kpower[self.index[board.battle[board.attacker].number]])
        return power + board.boost + sum(int(self.kcombo[self.index[n]]) for n in board.combo)

    def resolve_battle(self, board: Board) -> Board:
        """The offense step ends (8-2-4-3); the damage step: power at least the opponent's Leader's hits
        (8-4-6): life cards, by Strike (15-6-2); the battle ends: the combo cards to the drop area (8-5-4)."""
        if board.over:
            raise BoardError(board.ending)
        if board.attacker is None:
            raise BoardError("There is no battle to resolve: declare an attack first (8-1).")
        if board.attacker < 0:
            flags = self.leader_face(board)[2]
        else:
            flags = int(self.kflags[self.index[board.battle[board.attacker].number]])
        name = self.attacking_name(board)
        total = self.attack_power(board)
        log = [
            f"damage step: {name} with power {total}"
            + (f" ({len(board.combo)} combo)" if board.combo else "")
        ]
        opp_life = board.opp_life
        if total >= board.opp_guard:
            damage = min(_strike(flags), opp_life)
            opp_life -= damage
            log.append(
                f"hit: {damage} damage, opponent life {opp_life}" + (": you win" if opp_life <= 0 else "")
            )
        else:
            log.append(f"no damage: power {total} < {board.opp_guard}")
        return replace(
            board,
            drop=board.drop + board.combo,
            combo=(),
            attacker=None,
            boost=0,
            opp_life=opp_life,
            log=board.log + tuple(log),
        )

    def _leave_battle_area(self, board: Board, pos: int) -> Board:
        """The card at `pos` leaves the battle area (a combo, 5-6-3-1-1)."""
        return self._left_battle_area(
            replace(board, battle=board.battle[:pos] + board.battle[pos + 1 :]), pos
        )

    def _left_battle_area(self, board: Board, pos: int) -> Board:
        """The card that was at `pos` of the battle area has left it: the attacking card keeps its place in
        the count, or, when it was the one that left, the battle ends with no damage (8-1-6) and the combo
        cards go to the drop area (8-5-4)."""
        if board.attacker is None or board.attacker < pos:
            return board
        if board.attacker > pos:
            return replace(board, attacker=board.attacker - 1)
        entry = "the attacking card left the battle area: the battle ends, no damage (8-1-6)"
        return replace(
            board, attacker=None, boost=0, drop=board.drop + board.combo, combo=(), log=board.log + (entry,)
        )

    def move(self, board: Board, source: str, pos: int, dest: str) -> Board:  # type: ignore[override]
        """As DeckActions.move; during a battle, a card that leaves the battle area keeps the attacking
        card's place right, or ends the battle when it is the attacking card (8-1-6)."""
        moved = super().move(board, source, pos, dest)
        return self._left_battle_area(moved, pos) if source == "battle" else moved
