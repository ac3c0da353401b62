"""The Fire Force TCG playtest board: the player's deck, hand, life, field (Units and Flame cards), Flame
deck and Adolla (docs/rules/fireforce.md §4), and the actions a person takes at them, with the rules the
goldfish plays by: the same card table (`fireforce.compile_deck`), costs paid by exhausting standby cards
with Flame (903.6; a Unit cannot pay for itself, 905.4a), Units that wait a turn to attack unless they
have Assault (702.1a-2), only a Unit with Flame or an attached Flame card attacks the player (702.2), one
damage per attack (702.17b), Prayer (1204.1), the Flame cap of 8 (1303.1: the player chooses what goes
to Adolla, the goldfish's order of §11.5 offered first) and Flame cards back from Adolla to the Flame deck
(1304.1), and the lethal rule of OQ-6.

A board is a value, as in engine/board/fftcg.py: every action returns a new one or raises BoardError.
The opponent does nothing but draw when its deck-out is modelled. Not played: card text ([On Deploy],
[When Attacking], an Event's ability: the player does what it says by hand, with the board's draw,
search, move and the other actions).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field, replace
from typing import Any, ClassVar

from engine.board import BoardError, DeckActions
from engine.deck import Deck
from engine.games import get_game
from engine.goldfish import get_simulator
from engine.goldfish.fireforce import (
    EVENT,
    F_ASSAULT,
    F_COST,
    F_COUNTER,
    F_FLAME,
    F_POWER,
    F_PRAYER,
    F_TYPE,
    FLAME_CAP,
    FLAME_DECK_SIZE,
    UNIT,
    compile_deck,
)

FLAME_CARD = "FLAME"  # the Flame deck's cards when the deck lists none (403.1a-2)


@dataclass(frozen=True)
class Unit:
    number: str
    acted: bool = False
    new: bool = True  # came onto the field this turn: no attack unless Assault (702.1a-2)
    attached: tuple[str, ...] = ()  # acted Flame cards attached by Prayer (1204.1); they keep Flame (OQ-7)


@dataclass(frozen=True)
class Flame:
    """A Flame card on the field; `face_down`: a deck card put there as a Flame card (307.7)."""

    number: str
    acted: bool = False
    face_down: bool = False


@dataclass(frozen=True)
class Board:
    going_first: bool
    seed: int
    deck: tuple[str, ...]  # top first
    hand: tuple[str, ...] = ()
    life: tuple[str, ...] = ()  # top first (802.1a)
    units: tuple[Unit, ...] = ()
    flames: tuple[Flame, ...] = ()
    flame_deck: tuple[str, ...] = ()
    adolla: tuple[str, ...] = ()
    redrew: bool = False
    own_turn: int = 0  # 0: setup
    opp_life: int = 5
    opp_deck: int = 30
    opp_deck_out: bool = False  # the opponent draws and loses when its deck runs out (1302.2)
    zero_life: bool = False  # OQ-6: the opponent loses as its last life card goes, not at the next point
    opp_lost: bool = False
    flame_excess: int = 0  # cards with Flame over the cap the player still chooses to put in Adolla (1303.1)
    log: tuple[str, ...] = field(default_factory=tuple)
    log_dropped: int = 0  # entries logged before log[0], dropped by engine.board.trim_log

    ZONES: ClassVar[Mapping[str, str]] = {
        "deck": "deck", "hand": "hand", "units": "Units", "flames": "Flame cards on the field",
        "life": "life", "flame_deck": "Flame deck", "adolla": "Adolla",
    }  # fmt: skip
    # Cards placed on the field enter standby (303.1a).
    UNITS: ClassVar[Mapping[str, Callable[[str], Any]]] = {"units": Unit, "flames": Flame}
    OPENING_RULE: ClassVar[str] = "404.1c, 404.1d: five cards, one redraw"
    HIDDEN: ClassVar[frozenset[str]] = frozenset({"life"})  # 308.2, 308.3
    STATES: ClassVar[Mapping[str, tuple[str, str, str]]] = dict.fromkeys(
        ("units", "flames"), ("acted", "exhaust", "ready")
    )

    @property
    def won(self) -> bool:
        return self.opp_lost or (self.opp_deck_out and self.opp_deck <= 0)

    @property
    def lost(self) -> bool:
        """1302.2: your deck at 0 cards, from the first turn on, loses at the rule check (the one after the
        turn's draw, 502.6, or after a card taken by hand)."""
        return self.own_turn > 0 and not self.deck

    @property
    def over(self) -> bool:
        return self.won or self.lost

    @property
    def ending(self) -> str:
        """Why the game is over, with the rule; empty while it goes on."""
        if self.opp_lost:
            return "The game is over: the opponent took damage with no life left, you win (1302.1)."
        if self.won:
            return "The game is over: the opponent's deck is empty, you win (1302.2)."
        if self.lost:
            return "The game is over: your deck is empty, you lose (1302.2)."
        return ""

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Board:
        values: dict[str, Any] = dict(data)
        values["units"] = tuple(Unit(**{**u, "attached": tuple(u["attached"])}) for u in data["units"])
        values["flames"] = tuple(Flame(**f) for f in data["flames"])
        for k in ("deck", "hand", "life", "flame_deck", "adolla", "log"):
            values[k] = tuple(data[k])
        return cls(**values)


class Table(DeckActions):
    """A deck's facts for its boards: the goldfish's card table, by card number."""

    def __init__(self, deck: Deck, opponent: Mapping[str, Any] | None = None) -> None:
        """`opponent`: the goldfish's opponent parameters the board plays against (its defaults)."""
        compiled = compile_deck(deck)
        self._know(deck, compiled.numbers, compiled.names)
        self.kf = compiled.kf
        self.flame_deck = [c.number for c in deck.pool("flame")] or [FLAME_CARD] * FLAME_DECK_SIZE
        self.names |= {n: deck.cards[n].name if n in deck.cards else "Flame card" for n in self.flame_deck}
        simulator = get_simulator("fireforce")
        params = simulator.in_force(deck, simulator.params(opponent=opponent or {}))
        self.opponent, self.policy = params.opponent, params.policy

    def fact(self, number: str, column: int) -> int:
        """A main-deck card's fact; a Flame card has none (0)."""
        return int(self.kf[self.index[number], column]) if number in self.index else 0

    # ---- setup (404) ----

    def deal(self, seed: int, going_first: bool, order: Sequence[str] | None = None) -> Board:
        """404.1a-c: the Flame deck, the deck shuffled by `seed` (or in `order`, top first), 5 cards into
        the hand. The redraw, the life cards and the second player's Flame card follow."""
        cards = self.main_deck(seed, order)
        n = get_game("fireforce").draw_rules.opening_hand
        return Board(
            going_first=going_first,
            seed=seed,
            deck=tuple(cards[n:]),
            hand=tuple(cards[:n]),
            flame_deck=tuple(self.flame_deck),
            opp_life=int(self.opponent["opp_life"]),
            opp_deck=int(self.opponent["opp_deck_size"]),
            opp_deck_out=bool(self.opponent["model_opp_deckout"]),
            zero_life=self.opponent["lethal_rule"] == "zero-life",
            log=(f"setup: {n} cards in hand",),
        )

    def redraw(self, board: Board) -> Board:
        """404.1d: once, before the life cards: the whole hand back into the deck, shuffle, 5 cards."""
        if board.own_turn or board.redrew or board.life:
            raise BoardError("The hand is redrawn once, before the life cards are set (404.1d).")
        return self.reshuffled_hand(
            board, "redraw: the whole hand back into the deck, shuffle, five new cards"
        )

    # ---- turns (500) ----

    def next_turn(self, board: Board) -> Board:
        """End the setup (5 life cards, 404.1e; the second player's Flame card, 404.1g) or this turn; the
        opponent's turn (it draws when its deck-out is modelled); then the next own preparation phase."""
        if halted := _halted(board):
            raise BoardError(halted)
        if board.own_turn == 0:
            n = get_game("fireforce").draw_rules.set_aside_after_mulligan
            board = replace(
                board, life=board.deck[:n], deck=board.deck[n:],
                log=board.log + (f"{n} life cards from the top; deck {len(board.deck) - n}",),
            )  # fmt: skip
            if not board.going_first and board.flame_deck:
                board = replace(
                    board, flames=(Flame(board.flame_deck[0]),), flame_deck=board.flame_deck[1:],
                    log=board.log + ("going second: 1 Flame card onto the field, standby",),
                )  # fmt: skip
        if (board.own_turn or not board.going_first) and board.opp_deck_out:
            board = replace(
                board,
                opp_deck=board.opp_deck - 1,
                log=board.log + (f"opponent draws 1, {board.opp_deck - 1} left",),
            )
            if board.won:
                return replace(board, log=board.log + ("the opponent's deck is empty: you win (1302.2)",))
        return self._preparation(board)

    def _preparation(self, board: Board) -> Board:
        """502: every acted card readies and attached Flame cards come off, standby (502.1); draw 1
        (502.4; the first player's turn-1 draw as the goldfish's knob says, OQ-1); a Flame card from the
        Flame deck (502.5); the rule check (502.6)."""
        turn = board.own_turn + 1
        draws = get_game("fireforce").draw_rules.draws_on_turn(turn, board.going_first)
        if board.going_first and turn == 1 and not self.policy["first_player_draws_turn_1"]:
            draws = 0
        detached = tuple(Flame(n) for u in board.units for n in u.attached)
        taken, deck = board.deck[:draws], board.deck[draws:]
        flames = tuple(replace(f, acted=False) for f in board.flames) + detached
        entry = f"turn {turn}: ready, draw {', '.join(self.names[n] for n in taken) or 'nothing'}"
        if board.flame_deck:
            flames += (Flame(board.flame_deck[0]),)
            entry += "; 1 Flame card onto the field"
        board = replace(
            board,
            own_turn=turn,
            deck=deck,
            hand=board.hand + taken,
            units=tuple(replace(u, acted=False, new=False, attached=()) for u in board.units),
            flames=flames,
            flame_deck=board.flame_deck[1:],
            log=board.log
            + (entry,)
            + (() if deck else ("your deck is empty: you lose at the rule check (1302.2)",)),
        )
        return self._rule_check(board)

    def with_flame(self, board: Board) -> int:
        """Cards with Flame on the field (1303.1): Flame cards, attached ones too (OQ-7), Flame Units."""
        return len(board.flames) + sum(len(u.attached) + self.fact(u.number, F_FLAME) for u in board.units)

    def _rule_check(self, board: Board) -> Board:
        """1303.1 and 1304.1: at 9 or more cards with Flame the player puts cards with Flame of their own
        field in Adolla until 8 are left: the board waits for that choice (flame_excess, flame_cap); then
        Flame cards in Adolla go back to the Flame deck, a face-down card stays in Adolla."""
        log = list(board.log)
        excess = max(0, self.with_flame(board) - FLAME_CAP)
        if excess and excess != board.flame_excess:
            log.append(
                f"Flame cap: {self.with_flame(board)} cards with Flame on the field, choose {excess} to put "
                "in Adolla (1303.1)"
            )
        board = replace(board, flame_excess=excess)
        back = tuple(n for n in board.adolla if n in self.flame_deck)
        if back:  # 1304.1
            board = replace(
                board,
                adolla=tuple(n for n in board.adolla if n not in self.flame_deck),
                flame_deck=board.flame_deck + back,
            )
            log.append(f"{len(back)} Flame card(s) from Adolla back to the Flame deck (1304.1)")
        return replace(board, log=tuple(log))

    def flame_cap_choices(self, board: Board) -> list[tuple[str, int]]:
        """The cards with Flame the player may put in Adolla (1303.1), as (zone, position): each Flame card
        ("flames"), each Unit with Flame ("units"), and a Unit's attached Flame cards ("attached", once per
        card attached)."""
        return (
            [("flames", i) for i in range(len(board.flames))]
            + [("units", i) for i, u in enumerate(board.units) if self.fact(u.number, F_FLAME)]
            + [("attached", i) for i, u in enumerate(board.units) for _ in u.attached]
        )

    def suggested_flame_cap(self, board: Board) -> list[tuple[str, int]]:
        """The goldfish's choice (§11.5), offered first: acted, then standby unattached Flame cards
        (face-down ones last), then the Flame Unit that can attack latest, lowest power, each followed by
        the Flame cards attached to it (they stay on the field as it leaves, OQ-7), then other attached
        Flame cards."""
        flames = sorted(
            range(len(board.flames)), key=lambda i: (not board.flames[i].acted, board.flames[i].face_down, i)
        )
        flame_units = sorted(
            (i for i, u in enumerate(board.units) if self.fact(u.number, F_FLAME)),
            key=lambda i: (
                self._ready_to_attack(board, i),
                self.fact(board.units[i].number, F_POWER),
                board.units[i].number,
            ),
        )
        order = [("flames", i) for i in flames]
        for i in flame_units:
            order += [("units", i)] + [("attached", i)] * len(board.units[i].attached)
        order += [
            ("attached", i) for i, u in enumerate(board.units) if i not in flame_units for _ in u.attached
        ]
        return order[: board.flame_excess]

    def flame_cap(self, board: Board, chosen: Sequence[tuple[str, int]]) -> Board:
        """1303.1: put exactly the cards over the cap in Adolla, the player's choice among
        flame_cap_choices: a Unit's attached Flame cards stay on the field (OQ-7) unless chosen too; then
        the rule check (Flame cards back to the Flame deck, 1304.1)."""
        picks = list(chosen)
        left = self.flame_cap_choices(board)
        for pick in picks:
            if pick not in left:
                break
            left.remove(pick)
        else:
            if len(picks) == board.flame_excess > 0:
                return self._to_adolla(board, picks)
        raise BoardError(
            f"Choose {board.flame_excess} cards with Flame of your field to put in Adolla, each once, "
            "until 8 are left (1303.1)."
            if board.flame_excess
            else "There are no more than 8 cards with Flame on your field: nothing goes to Adolla (1303.1)."
        )

    def _to_adolla(self, board: Board, picks: list[tuple[str, int]]) -> Board:
        flames = {i for z, i in picks if z == "flames"}
        gone_units = {i for z, i in picks if z == "units"}
        adolla = [board.flames[i].number for i in sorted(flames)]
        units: list[Unit] = []
        staying: list[Flame] = []
        names = [
            ("a face-down Flame card" if board.flames[i].face_down else "a Flame card")
            for i in sorted(flames)
        ]
        for i, u in enumerate(board.units):
            k = picks.count(("attached", i))
            adolla += u.attached[:k]
            names += ["an attached Flame card"] * k
            if i in gone_units:
                adolla.append(u.number)
                names.append(self.names[u.number])
                staying += [Flame(n, acted=True) for n in u.attached[k:]]  # OQ-7
            else:
                units.append(replace(u, attached=u.attached[k:]))
        entry = f"Flame cap: {', '.join(names)} to Adolla (1303.1)"
        board = replace(
            board,
            flames=tuple(f for i, f in enumerate(board.flames) if i not in flames) + tuple(staying),
            units=tuple(units),
            adolla=board.adolla + tuple(adolla),
            log=board.log + (entry,),
        )
        return self._rule_check(board)

    # ---- the main phase (503) ----

    def payers(self, board: Board) -> list[tuple[str, int]]:
        """Every card that may pay now (903.6): standby Flame cards and standby Units with Flame."""
        return [("flames", i) for i, f in enumerate(board.flames) if not f.acted] + [
            ("units", i) for i, u in enumerate(board.units) if not u.acted and self.fact(u.number, F_FLAME)
        ]

    def suggested_payment(self, board: Board, number: str) -> list[tuple[str, int]] | None:
        """The goldfish's choice (§11.5): Flame cards first, then Flame Units that cannot attack this turn,
        then, beyond the goldfish, any other standby Flame Unit; None when too few cards with Flame are
        standby (905.4b)."""
        cost = max(self.fact(number, F_COST), 0)
        order = sorted(
            self.payers(board),
            key=lambda p: (p[0] == "units", p[0] == "units" and self.may_attack(board, p[1])),
        )
        return order[:cost] if len(order) >= cost else None

    def use_error(self, board: Board, number: str) -> str:
        """Why this hand card may not be used now; empty when it may."""
        if halted := _halted(board):
            return halted
        if not board.own_turn:
            return "Cards are used in your own main phase (503.3)."
        kind = self.fact(number, F_TYPE)
        if number not in self.index or kind not in (UNIT, EVENT):
            return "Only a Unit or an Event card is used from the hand (602, 603)."
        if self.fact(number, F_COUNTER):
            return "A Counter Event is used only in the opponent's attack (603.1a)."
        if self.suggested_payment(board, number) is None:
            return f"Too few standby cards with Flame for its cost of {self.fact(number, F_COST)} (905.4b)."
        return ""

    def use(self, board: Board, hand_pos: int, payment: Sequence[tuple[str, int]] | None = None) -> Board:
        """602, 603: the card to the resolution zone, its cost paid by exhausting exactly `payment` (by
        default the suggestion; 903.6); a Unit enters standby (303.1a), an Event goes to Adolla after its
        ability, which is done by hand (905.4d-2); then the rule check (602.2, 603.2)."""
        number = board.hand[hand_pos]
        if error := self.use_error(board, number):
            raise BoardError(error)
        chosen = list(self.suggested_payment(board, number) or []) if payment is None else list(payment)
        cost = max(self.fact(number, F_COST), 0)
        if (
            len(set(chosen)) != len(chosen)
            or len(chosen) != cost
            or not set(chosen) <= set(self.payers(board))
        ):
            raise BoardError(
                f"Exhaust exactly {cost} standby cards with Flame to pay for {self.names[number]} (903.6)."
            )
        flames = tuple(
            replace(f, acted=True) if ("flames", i) in chosen else f for i, f in enumerate(board.flames)
        )
        units = tuple(
            replace(u, acted=True) if ("units", i) in chosen else u for i, u in enumerate(board.units)
        )
        hand = board.hand[:hand_pos] + board.hand[hand_pos + 1 :]
        paid = f"for {cost}" + (f", exhausting {len(chosen)}" if chosen else " (free)")
        if self.fact(number, F_TYPE) == UNIT:
            board = replace(board, hand=hand, flames=flames, units=units + (Unit(number),),
                            log=board.log + (f"deploy {self.names[number]} {paid}",))  # fmt: skip
        else:
            board = replace(board, hand=hand, flames=flames, units=units, adolla=board.adolla + (number,),
                            log=board.log + (f"use {self.names[number]} {paid}; to Adolla",))  # fmt: skip
        return self._rule_check(board)

    def may_attack(self, board: Board, pos: int) -> bool:
        """702.1a: standby, not new unless Assault (1202.1); 702.2: Flame or an attached Flame card; the
        first player's turn 1 as the goldfish's knob says (OQ-1). Not while the Flame cap waits."""
        return not board.flame_excess and self._ready_to_attack(board, pos)

    def _ready_to_attack(self, board: Board, pos: int) -> bool:
        u = board.units[pos]
        if not board.own_turn or board.over or u.acted or (u.new and not self.fact(u.number, F_ASSAULT)):
            return False
        if board.going_first and board.own_turn == 1 and not self.policy["first_player_may_attack_turn_1"]:
            return False
        return bool(self.fact(u.number, F_FLAME) or u.attached)

    def attack(self, board: Board, pos: int) -> Board:
        """702: the Unit is exhausted and attacks the player; 1 damage whatever its power (702.17b): the top
        life card to Adolla, or at 0 life the opponent loses (1302.1; OQ-6 `zero_life`: as the last card
        goes)."""
        if halted := _halted(board):
            raise BoardError(halted)
        if not self.may_attack(board, pos):
            raise BoardError(
                "A standby Unit with Flame or an attached Flame card attacks the player, not in the turn it "
                "came unless it has Assault (702.1a, 702.2)."
            )
        u = board.units[pos]
        units = board.units[:pos] + (replace(u, acted=True),) + board.units[pos + 1 :]
        life = max(board.opp_life - 1, 0)
        lost = board.opp_life == 0 or (board.zero_life and life == 0)
        entry = f"{self.names[u.number]} attacks: opponent life {life}" + (
            ": you win (1302.1)" if lost else ""
        )
        return replace(board, units=units, opp_life=life, opp_lost=lost, log=board.log + (entry,))

    def may_pray(self, board: Board, pos: int) -> bool:
        """1204.1: a standby Unit with Prayer, in your own turn (its cost: the Unit is exhausted)."""
        u = board.units[pos]
        return (
            bool(board.own_turn)
            and not _halted(board)
            and not u.acted
            and bool(self.fact(u.number, F_PRAYER))
        )

    def prayer_targets(self, board: Board, pos: int) -> list[int]:
        """1204.1: the Units a Prayer Unit may choose ("up to 1 of your Units": itself too, or none)."""
        return list(range(len(board.units))) if self.may_pray(board, pos) else []

    def pray(self, board: Board, pos: int, target: int | None) -> Board:
        """1204.1: exhaust the Prayer Unit; on the chosen Unit (`target`, or None for none) attach an acted
        Flame card that is not face down (307.7) until the next preparation phase (502.1). With no acted
        Flame card the cost is paid and nothing is attached."""
        if halted := _halted(board):
            raise BoardError(halted)
        if not self.may_pray(board, pos) or (
            target is not None and target not in self.prayer_targets(board, pos)
        ):
            raise BoardError(
                "Prayer: a standby Prayer Unit is exhausted to attach an acted Flame card to up to 1 of your "
                "Units, itself too (1204.1)."
            )
        units = list(board.units)
        units[pos] = replace(units[pos], acted=True)
        who = self.names[board.units[pos].number]
        flame = next((i for i, c in enumerate(board.flames) if c.acted and not c.face_down), None)
        if target is None or flame is None:
            why = "no Unit chosen" if target is None else "no acted Flame card to attach"
            entry = f"{who} prays: {why}"
            return replace(board, units=tuple(units), log=board.log + (entry,))
        units[target] = replace(
            units[target], attached=units[target].attached + (board.flames[flame].number,)
        )
        entry = f"{who} prays: an acted Flame card is attached to {self.names[board.units[target].number]}"
        return replace(
            board,
            units=tuple(units),
            flames=board.flames[:flame] + board.flames[flame + 1 :],
            log=board.log + (entry,),
        )

    # ---- by hand ----

    def move(self, board: Board, source: str, pos: int, dest: str) -> Board:  # type: ignore[override]
        """As DeckActions.move, with the rules a move sets off: a Unit's attached Flame cards stay on the
        field, unattached (OQ-7); then the rule check (the Flame cap, Flame cards out of Adolla back to the
        Flame deck, 1303.1, 1304.1)."""
        moved = super().move(board, source, pos, dest)
        if source == "units" and dest != "units":
            moved = _attached_stay(moved, board.units[pos])
        return self._rule_check(moved)

    def arrival(self, board: Board, zone: str, number: str) -> Any:  # type: ignore[override]
        """A deck card put among the Flame cards is face down (307.7); the Flame deck's cards are not."""
        if zone == "flames":
            return Flame(number, face_down=number not in self.flame_deck)
        return super().arrival(board, zone, number)


def _halted(board: Board) -> str:
    """Why nothing is played now, empty when it is: the game is over, or the rule check waits for the
    player to choose what the Flame cap puts in Adolla (1303.1)."""
    if board.over:
        return board.ending
    if board.flame_excess:
        return (
            f"Flame cap: first choose {board.flame_excess} cards with Flame of your field to put in Adolla, "
            "until 8 are left (1303.1)."
        )
    return ""


def _attached_stay(board: Board, unit: Unit) -> Board:
    """A Unit that left the field leaves its attached Flame cards there, acted and unattached (OQ-7)."""
    return replace(board, flames=board.flames + tuple(Flame(n, acted=True) for n in unit.attached))
