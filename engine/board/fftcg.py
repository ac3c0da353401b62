"""The FFTCG playtest board: the player's zones (CR 7) and the actions a person takes at
them, with the rules the goldfish plays by: the same card facts (`fftcg.compile_deck`), the same payment
check (`fftcg_payment.payment_legal`, §7.3) and the same draws, field limits and attacks.

A board is a value: every action returns a new board, or raises BoardError saying which rule refuses it,
so undo is the board before. `to_dict`/`from_dict` keep it as JSON (a visitor's session). The opponent does
nothing, as in the goldfish: on its turns it only draws. So the board has no opponent's turn to act in, and
casts no Summon there: with nothing to answer, a Summon cast in the opponent's turn is the same as one cast
in your own turn before it ends (the same Backups active, activated at your next turn either way, 9.1.1.1),
and the page says so.

Card text is not played (a Summon goes to the break zone unresolved): the player does by hand what it
says, with the board's search, shuffle, look, dull/activate and move actions.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field, replace
from typing import Any, ClassVar

import numpy as np

from engine.board import BoardError, DeckActions
from engine.deck import Deck
from engine.games import get_game
from engine.goldfish import get_simulator
from engine.goldfish.fftcg import BACKUP, FORWARD, MONSTER, SUMMON, compile_deck
from engine.goldfish.fftcg_kinds import (
    F_ALIAS,
    F_ALIAS2,
    F_BRAVE,
    F_COST,
    F_CP_ELEM,
    F_ELEM,
    F_GENERIC,
    F_HASTE,
    F_HASTE_ALL,
    F_LB,
    F_LD,
    F_NAME,
    F_PAY,
    F_REQ,
    F_STRIKE,
    F_TWICE,
    F_TYPE,
)
from engine.goldfish.fftcg_payment import LIGHT_DARK, find_payment, payment_legal

HAND_LIMIT = 5  # 9.5.1.2
# The phases of the own turn the player acts in (9.3.1.1, 9.4): the board moves through them as the player
# acts: an attack begins the attack phase, a character cast after it begins main phase 2.
MAIN_1, ATTACK, MAIN_2 = "main 1", "attack", "main 2"
MAX_BACKUPS = 5  # 7.7.4


@dataclass(frozen=True)
class FieldCard:
    number: str
    dull: bool = False
    new: bool = True  # not controlled since the start of the turn (10.1.2.1.1)
    # attacks made this turn: not chosen again (10.1.2.1.2), Brave or not, but for a second attack of a card
    # whose text lifts that once ("Gudon can attack twice in the same turn.", F_TWICE)
    attacked: int = 0


@dataclass(frozen=True)
class Board:
    going_first: bool
    seed: int
    deck: tuple[str, ...]  # top first
    hand: tuple[str, ...] = ()
    forwards: tuple[FieldCard, ...] = ()
    backups: tuple[FieldCard, ...] = ()
    monsters: tuple[FieldCard, ...] = ()
    break_zone: tuple[str, ...] = ()
    damage: tuple[str, ...] = ()  # your own damage zone (6.5): only card text or a move by hand fills it
    lb_deck: tuple[str, ...] = ()
    lb_up: tuple[bool, ...] = ()  # by LB deck position: turned face up to pay an LB cost (15.2.8.3.2)
    own_turn: int = 0  # 0: setup, before the first turn
    phase: str = MAIN_1  # of the own turn (9.3.1.1): main phase 1, the attack phase, main phase 2
    opp_damage: int = 0
    opp_deck: int = 45
    threshold: int = 7  # 3.1.1: 7 points of damage (6 in Limited)
    mulliganed: bool = False
    opp_out_of_cards: bool = False  # it had to take damage or draw with no card left (12.4.2, 12.4.3)
    out_of_cards: bool = False  # you tried to draw from your empty main deck (12.4.2)
    log: tuple[str, ...] = field(default_factory=tuple)
    log_dropped: int = 0  # entries logged before log[0], dropped by engine.board.trim_log

    ZONES: ClassVar[Mapping[str, str]] = {
        "deck": "deck", "hand": "hand", "forwards": "Forwards", "backups": "Backups", "monsters": "Monsters",
        "break_zone": "break zone", "damage": "damage zone", "lb_deck": "LB deck",
    }  # fmt: skip
    UNITS: ClassVar[Mapping[str, Callable[[str], Any]]] = {
        "forwards": FieldCard, "backups": lambda n: FieldCard(n, dull=True), "monsters": FieldCard,
    }  # fmt: skip  # a Backup enters the field dull (5.2.3.1.1.3)
    OPENING_RULE: ClassVar[str] = "8.2.1.3, 8.2.1.4: five cards, one mulligan"
    HIDDEN: ClassVar[frozenset[str]] = frozenset()  # 7.9.2: only the main deck
    STATES: ClassVar[Mapping[str, tuple[str, str, str]]] = dict.fromkeys(
        ("forwards", "backups", "monsters"), ("dull", "dull", "activate")
    )

    @property
    def won(self) -> bool:
        return self.opp_damage >= self.threshold or self.opp_out_of_cards

    @property
    def lost(self) -> bool:
        """3.1.2, 12.4.2: you tried to draw a card from your empty main deck (a deck at 0 cards is no loss
        until then); 3.1.1, 12.4.1: your damage zone, filled by hand, holds `threshold` cards."""
        return self.out_of_cards or len(self.damage) >= self.threshold

    @property
    def over(self) -> bool:
        return self.won or self.lost

    @property
    def ending(self) -> str:
        """Why the game is over, with the rule; empty while it goes on."""
        if self.won:
            return "The game is over: you win (3.1)."
        if self.out_of_cards:
            return "The game is over: you had to draw from your empty main deck, you lose (3.1.2, 12.4.2)."
        if self.lost:
            return f"The game is over: {self.threshold} points of damage, you lose (3.1.1, 12.4.1)."
        return ""

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Board:
        values: dict[str, Any] = dict(data)
        for k in _FIELD:
            values[k] = tuple(FieldCard(**c) for c in data[k])
        for k in ("deck", "hand", "break_zone", "damage", "lb_deck", "lb_up", "log"):
            values[k] = tuple(data[k])
        return cls(**values)


class Table(DeckActions):
    """A deck's facts for its boards: the goldfish's card table, by card number."""

    def __init__(self, deck: Deck) -> None:
        compiled = compile_deck(deck)
        self._know(deck, compiled.numbers, compiled.names)
        self.kf = compiled.arrays[2]

    def fact(self, number: str, column: int) -> int:
        return int(self.kf[self.index[number], column])

    def is_light_or_dark(self, number: str) -> bool:
        """Light and Dark cards cannot be discarded for CP (5.2.1.3)."""
        return bool(self.fact(number, F_LD))

    def deal(self, seed: int, going_first: bool, order: Sequence[str] | None = None) -> Board:
        """Setup (8.2.1): the main deck shuffled by `seed` (or in `order`, top first, as the tests stack
        it), 5 cards into the hand, the LB deck face down."""
        cards = self.main_deck(seed, order)
        simulator = get_simulator("fftcg")
        opponent = simulator.in_force(self.deck, simulator.params()).opponent  # 3.1.1, 8.1.1.1 by format
        hand = get_game("fftcg").draw_rules.opening_hand
        return Board(
            going_first=going_first,
            seed=seed,
            deck=tuple(cards[hand:]),
            hand=tuple(cards[:hand]),
            lb_deck=tuple(c.number for c in self.deck.pool("lb")),
            lb_up=tuple(False for _ in self.deck.pool("lb")),
            threshold=int(opponent["opp_damage_threshold"]),
            opp_deck=int(opponent["opp_main_deck_size"]) - hand,
            log=(f"setup: {hand} cards in hand",),
        )

    def mulligan(self, board: Board, order: Sequence[int] | None = None) -> Board:
        """8.2.1.4: once, before the first turn, the 5 cards go to the bottom "in any order" (好きな順番で)
        and 5 are drawn. `order` lists the hand positions as they go under the deck, the first one topmost
        of them; by default the hand's order."""
        if board.own_turn or board.mulliganed:
            raise BoardError("A mulligan is taken once, before the first turn (8.2.1.4).")
        n = len(board.hand)
        order = list(range(n)) if order is None else list(order)
        if sorted(order) != list(range(n)):
            raise BoardError(
                f"Put all {n} cards of the hand on the bottom, each once, in the order you choose (8.2.1.4)."
            )
        deck = board.deck + tuple(board.hand[p] for p in order)
        entry = (
            "mulligan: "
            + ", ".join(self.names[board.hand[p]] for p in order)
            + " to the bottom, in that order"
        )
        return replace(board, deck=deck[n:], hand=deck[:n], mulliganed=True, log=board.log + (entry,))

    def next_turn(self, board: Board) -> Board:
        """End this turn (discard down to 5 first, 9.5.1.2), the opponent's turn (it draws), then the
        next own turn: untap (9.1.1.1), draw 2, or 1 on the first player's first turn (9.2.1.3)."""
        if board.over:
            raise BoardError(board.ending)
        if len(board.hand) > HAND_LIMIT and board.own_turn:
            raise BoardError(f"Discard down to {HAND_LIMIT} cards before the turn ends (9.5.1.2).")
        log = list(board.log)
        rules = get_game("fftcg").draw_rules
        opp_deck = board.opp_deck
        if board.own_turn or not board.going_first:  # the opponent's turn comes first
            opp_first_turn = not board.going_first and board.own_turn == 0
            n = rules.first_player_first_turn_draws if opp_first_turn else rules.draws_per_turn
            opp_deck -= n
            if opp_deck < 0:
                log.append(f"the opponent cannot draw {n}: it loses (12.4.2)")
                return replace(board, opp_deck=0, opp_out_of_cards=True, log=tuple(log))
            log.append(f"opponent draws {n}, {opp_deck} left")
        turn = board.own_turn + 1
        draws = rules.draws_on_turn(turn, board.going_first)
        untap: dict[str, Any] = {
            k: tuple(replace(c, dull=False, new=False, attacked=0) for c in getattr(board, k)) for k in _FIELD
        }
        taken = board.deck[:draws]
        log.append(f"turn {turn}: untap, draw {', '.join(self.names[n] for n in taken) or 'nothing'}")
        if len(taken) < draws:
            log.append("your main deck is empty: you cannot draw, you lose (12.4.2)")
        return replace(
            board, own_turn=turn, phase=MAIN_1, opp_deck=opp_deck, deck=board.deck[draws:],
            hand=board.hand + taken, out_of_cards=len(taken) < draws, log=tuple(log), **untap,
        )  # fmt: skip

    def draw(self, board: Board) -> Board:  # type: ignore[override]
        """As DeckActions.draw; a draw from the empty main deck (card text, done by hand) loses (12.4.2)."""
        if board.deck or not board.own_turn:
            return super().draw(board)
        if board.over:
            raise BoardError(board.ending)
        entry = "draw: your main deck is empty, you lose (12.4.2)"
        return replace(board, out_of_cards=True, log=board.log + (entry,))

    def cp_sources(self, board: Board) -> list[tuple[str, int]]:
        """The field cards that may be dulled for CP now, as (zone, index): active Backups (5.2.3.1.1.3)
        and cards whose text makes CP (§11.1), a Forward only when controlled since the turn began."""
        out = []
        for zone in _FIELD:
            for i, c in enumerate(getattr(board, zone)):
                makes = self.fact(c.number, F_CP_ELEM)
                if c.dull or not makes:
                    continue
                if zone == "forwards" and c.new and not self._hasty(board, c.number):
                    continue  # 11.6.2.2
                out.append((zone, i))
        return out

    def payment_is_legal(
        self, board: Board, card: str, discards: Sequence[int], dulled: Sequence[tuple[str, int]]
    ) -> bool:
        """§7.3 for casting `card` with these hand positions discarded and field cards dulled: the cost
        covered with its elements, and no excess CP but 1 per element paid when a card is discarded (11.4.6.4,
        5.2.1.3.1). The seed states no more: a payment with a source it could do without (a Backup dulled
        beside a discard that pays alone) is legal, not refused by the spec's minimality reading (OQ-6)."""
        masks, values = [], []
        for p in discards:
            number = board.hand[p]
            if self.fact(number, F_LD):
                return False  # 5.2.1.3
            masks.append(self.fact(number, F_ELEM) & ~LIGHT_DARK)
            values.append(2)
        sources = set(self.cp_sources(board))
        for zone, i in dulled:
            if (zone, i) not in sources:
                return False
            masks.append(self.fact(getattr(board, zone)[i].number, F_CP_ELEM))
            values.append(1)
        need, req = self.fact(card, F_PAY), self.fact(card, F_REQ)
        m = np.array(masks or [0], dtype=np.int64)
        v = np.array(values or [0], dtype=np.int64)
        return bool(payment_legal(need, req, m, v, len(masks), len(discards), False))

    def cast(
        self,
        board: Board,
        hand_pos: int,
        discards: Sequence[int] = (),
        dulled: Sequence[tuple[str, int]] = (),
    ) -> Board:
        """Cast a hand card (11.4): the field rules (7.7.3-7.7.5), a legal payment (§7.3), the discards to
        the break zone, the sources dulled; a character enters (a Backup dull, 5.2.3.1.1.3), a Summon
        resolves into the break zone (its text is not played here)."""
        if not 0 <= hand_pos < len(board.hand) or hand_pos in discards:
            raise BoardError("Choose the card to cast and other cards of your hand to discard.")
        card = board.hand[hand_pos]
        return self._resolve(self._pay(board, card, discards, dulled, hand_pos), card)

    def lb_castable(self, board: Board, lb_pos: int) -> bool:
        """A face-down LB card with Limit Break whose LB cost the other face-down cards can pay (15.2.8.3,
        OQ-4, OQ-5)."""
        if board.lb_up[lb_pos]:
            return False
        cost = self.fact(board.lb_deck[lb_pos], F_LB)
        return cost >= 0 and sum(not up for up in board.lb_up) - 1 >= cost

    def cast_lb(
        self,
        board: Board,
        lb_pos: int,
        discards: Sequence[int] = (),
        dulled: Sequence[tuple[str, int]] = (),
        flips: Sequence[int] | None = None,
    ) -> Board:
        """Cast a face-down card of the Limit Break deck (15.2.8.3): its LB cost paid by turning that many
        other face-down LB cards up (`flips`; by default the first ones), its CP as any cast."""
        if not 0 <= lb_pos < len(board.lb_deck) or not self.lb_castable(board, lb_pos):
            raise BoardError(
                "Only a face-down Limit Break card whose LB cost can be paid is cast (15.2.8.3)."
            )
        card = board.lb_deck[lb_pos]
        cost = self.fact(card, F_LB)
        down = [q for q, up in enumerate(board.lb_up) if not up and q != lb_pos]
        chosen = list(flips) if flips is not None else down[:cost]
        if len(chosen) != cost or len(set(chosen)) != cost or not set(chosen) <= set(down):
            raise BoardError(f"Turn up exactly {cost} other face-down LB cards (15.2.8.3.2).")
        board = self._pay(board, card, discards, dulled, -1)
        lb_up = [up or q in chosen for q, up in enumerate(board.lb_up)]
        flipped = ", ".join(self.names[board.lb_deck[q]] for q in chosen)
        board = replace(
            board,
            lb_deck=board.lb_deck[:lb_pos] + board.lb_deck[lb_pos + 1 :],
            lb_up=tuple(lb_up[:lb_pos] + lb_up[lb_pos + 1 :]),
            log=board.log[:-1] + (board.log[-1].replace("cast ", "cast from the LB deck ", 1)
                                  + (f"; LB cost: {flipped} turned up" if flipped else ""),),
        )  # fmt: skip
        return self._resolve(board, card)

    def _pay(
        self,
        board: Board,
        card: str,
        discards: Sequence[int],
        dulled: Sequence[tuple[str, int]],
        cast_pos: int,
    ) -> Board:
        """Check the main phase, the field rules and the payment (§7.3); discard and dull, take the cast card
        out of the hand (`cast_pos`, -1 when it comes from the LB deck); log the cast."""
        if board.over:
            raise BoardError(board.ending)
        if not board.own_turn:
            raise BoardError("Cards are cast in your own main phase (9.3).")
        if len(set(discards)) != len(discards) or not all(0 <= p < len(board.hand) for p in discards):
            raise BoardError("Choose other cards of your hand to discard.")
        self._check_cast_rules(board, card)
        if not self.payment_is_legal(board, card, discards, dulled):
            raise BoardError(
                f"That does not pay {self.names[card]}: {self.fact(card, F_PAY)} CP (11.4.6, §7.3)."
            )
        if board.phase == ATTACK and self.fact(card, F_TYPE) != SUMMON:  # 9.3.1.5: characters in a main phase
            board = replace(
                board, phase=MAIN_2, log=board.log + ("main phase 2: the attack phase is over (9.3.1.1)",)
            )
        zones: dict[str, Any] = {z: list(getattr(board, z)) for z in _FIELD}
        for zone, i in dulled:
            zones[zone][i] = replace(zones[zone][i], dull=True)
        paid = [f"discarding {self.names[board.hand[p]]} (2 CP)" for p in discards] + [
            f"dulling {self.names[getattr(board, z)[i].number]} (1 CP)" for z, i in dulled
        ]  # 7.3: each discard makes 2 CP, each dulled Backup or Monster 1 CP
        entry = f"cast {self.names[card]}" + (f", {', '.join(paid)}" if paid else "")
        gone = {*discards, cast_pos}  # the discards, and the cast card when it comes from the hand
        hand = tuple(n for p, n in enumerate(board.hand) if p not in gone)
        return replace(
            board,
            hand=hand,
            break_zone=board.break_zone + tuple(board.hand[p] for p in discards),
            log=board.log + (entry,),
            forwards=tuple(zones["forwards"]),
            backups=tuple(zones["backups"]),
            monsters=tuple(zones["monsters"]),
        )

    def _resolve(self, board: Board, card: str) -> Board:
        """The cast card resolves (11.4.8): a character enters, a Backup dull (5.2.3.1.1.3); a Summon goes to
        the break zone (its text is not played here)."""
        kind = self.fact(card, F_TYPE)
        if kind == SUMMON and self.is_limit_break(card):
            entry = f"{self.names[card]} to the LB deck face up (15.2.8.4.3)"
            return replace(board, lb_deck=board.lb_deck + (card,), lb_up=board.lb_up + (True,),
                           log=board.log + (entry,))  # fmt: skip
        if kind == SUMMON:
            return replace(board, break_zone=board.break_zone + (card,))
        zone = {FORWARD: "forwards", BACKUP: "backups", MONSTER: "monsters"}[kind]
        return replace(board, **{zone: getattr(board, zone) + (Board.UNITS[zone](card),)})

    def is_limit_break(self, number: str) -> bool:
        """A card with Limit Break (15.2.8.2)."""
        return self.fact(number, F_LB) >= 0

    def move(self, board: Board, source: str, pos: int, dest: str) -> Board:  # type: ignore[override]
        """As DeckActions.move, with the LB deck's rules: only a Limit Break card goes to it, face up; one
        that arrives anywhere but the field goes on to it face up at once (15.2.8.4.1, 15.2.8.4.4); a card
        taken out of it takes its face with it."""
        to = "deck" if dest == "deck-bottom" else dest
        if source == "lb_deck" and 0 <= pos < len(board.lb_deck):
            number = board.lb_deck[pos]
            board = replace(board, lb_up=board.lb_up[:pos] + board.lb_up[pos + 1 :])
        elif source in Board.ZONES and 0 <= pos < len(getattr(board, source)):
            entry = getattr(board, source)[pos]
            number = entry if isinstance(entry, str) else entry.number
        else:
            return super().move(board, source, pos, dest)  # refuses it, saying why
        if to == "lb_deck" and not self.is_limit_break(number):
            raise BoardError(
                f"Only a Limit Break card goes to the LB deck (15.2.8.4.1); {self.names[number]} has none."
            )
        moved = super().move(board, source, pos, dest)
        if to == "lb_deck":
            return replace(moved, lb_up=moved.lb_up + (True,))
        if to in _FIELD or not self.is_limit_break(number):
            return moved
        zone = list(getattr(moved, to))
        zone.pop(0 if dest == "deck" else len(zone) - 1)  # where DeckActions.move put it
        log = moved.log[:-1] + (moved.log[-1] + ", then to the LB deck face up (15.2.8.4.1)",)
        changes: dict[str, Any] = {to: tuple(zone), "lb_deck": moved.lb_deck + (number,), "log": log}
        return replace(moved, lb_up=moved.lb_up + (True,), **changes)

    def attackers(self, board: Board) -> list[int]:
        """The Forwards that may attack now: active, not attacked yet this turn (or once, when their text lets
        them attack twice), and controlled since the turn began or with Haste (10.1.2.1.1, 10.1.2.1.2)."""
        if board.phase == MAIN_2:
            return []
        return [
            i
            for i, c in enumerate(board.forwards)
            if not c.dull
            and c.attacked < self._attacks(c.number)
            and (not c.new or self._hasty(board, c.number))
        ]

    def _attacks(self, number: str) -> int:
        """How many times a Forward may attack in a turn: once (10.1.2.1.2), twice when its text says so."""
        return 2 if self.fact(number, F_TWICE) else 1

    def attack(self, board: Board, forward: int) -> Board:
        """One Forward attacks alone (10.1.2): see party_attack, which this is with a party of one."""
        return self._declare(board, [forward])

    def party_attack(self, board: Board, forwards: Sequence[int]) -> Board:
        """Forwards attack as a party (10.1.2.1, 15.1.1.9): two or more, all sharing an element
        (15.1.1.9.2), each one that may attack alone (15.1.1.9.3), as many as you like (15.1.1.9.4). They
        attack as one Forward with their powers added; unblocked, as the opponent here never blocks, the
        party deals 1 point of damage (10.1.4.1; the seed's guide: パーティーによるアタックが
        ブロックされなかった場合、対戦相手に与えるダメージは1点となる), and each of them has attacked this
        turn."""
        if len(set(forwards)) < 2 or len(set(forwards)) != len(forwards):
            raise BoardError("A party is two or more different Forwards (15.1.1.9.1); one attacks alone.")
        return self._declare(board, list(forwards))

    def party_element(self, board: Board, forwards: Sequence[int]) -> int:
        """The elements these Forwards all share (a bit mask, 0 for none: no party, 15.1.1.9.2)."""
        shared = -1
        for i in forwards:
            shared &= self.fact(board.forwards[i].number, F_ELEM)
        return shared if forwards else 0

    def _declare(self, board: Board, chosen: list[int]) -> Board:
        """The attack declaration step (10.1.2): each chosen Forward active, and controlled since the turn
        began or with Haste (10.1.2.1.1), and not attacked yet this turn (10.1.2.1.2; once for a card whose
        text lets it attack twice); each dulls unless Brave (10.1.2.2), and attacks once all the same;
        nothing blocks, 1 point of damage (10.1.4.1): the top card of the opponent's deck to its damage zone
        (6.5), or 2 for a Forward alone whose text doubles the damage it deals to the opponent (F_STRIKE),
        the second not dealt once the first wins. With no card to take it loses (12.4.3)."""
        if board.over:
            raise BoardError(board.ending)
        if not board.own_turn:
            raise BoardError("Forwards attack in your own attack phase (10).")
        if board.phase == MAIN_2:
            raise BoardError(
                "Main phase 2 has begun (a character was cast after the attacks): the attack phase comes "
                "once a turn, between the two main phases (9.3.1.1)."
            )
        if not all(0 <= i < len(board.forwards) for i in chosen):
            raise BoardError("Choose Forwards of your field to attack with (10.1.2.1).")
        for i in chosen:
            c = board.forwards[i]
            if c.dull:
                raise BoardError(
                    f"{self.names[c.number]} is dull: only an active Forward attacks (10.1.2.1)."
                )
            if c.attacked >= self._attacks(c.number):
                raise BoardError(f"{self.names[c.number]} has already attacked this turn (10.1.2.1.2).")
            if c.new and not self._hasty(board, c.number):
                raise BoardError(f"{self.names[c.number]} entered this turn and has no Haste (10.1.2.1.1).")
        if len(chosen) > 1 and not self.party_element(board, chosen):
            raise BoardError(
                "A party is made of Forwards that share an element (10.1.2.1, 15.1.1.9.2): "
                + ", ".join(self.names[board.forwards[i].number] for i in chosen)
                + " do not."
            )
        board = replace(board, phase=ATTACK)  # 9.4: the attack phase, until main phase 2
        forwards = list(board.forwards)
        for i in chosen:
            c = forwards[i]
            forwards[i] = replace(c, dull=not self.fact(c.number, F_BRAVE), attacked=c.attacked + 1)
        names = [self.names[board.forwards[i].number] for i in chosen]
        who = names[0] if len(names) == 1 else f"a party of {', '.join(names)}"
        verb = "attacks" if len(names) == 1 else "attack"
        points = max(self.fact(board.forwards[chosen[0]].number, F_STRIKE), 1) if len(chosen) == 1 else 1
        damage, deck = board.opp_damage, board.opp_deck
        for _ in range(points):
            if deck == 0:
                entry = f"{who} {verb}: the opponent has no card to take the damage and loses"
                return replace(
                    board, forwards=tuple(forwards), opp_damage=damage, opp_deck=deck,
                    log=board.log + (entry,), opp_out_of_cards=True,
                )  # fmt: skip
            damage, deck = damage + 1, deck - 1
            if damage >= board.threshold:
                break
        entry = f"{who} {verb}: opponent damage {damage}"
        if damage >= board.threshold:
            entry += f": {board.threshold} points of damage, you win (12.4.1)"
        return replace(
            board,
            forwards=tuple(forwards),
            opp_damage=damage,
            opp_deck=deck,
            log=board.log + (entry,),
        )

    def suggested_payment(
        self, board: Board, hand_pos: int
    ) -> tuple[list[int], list[tuple[str, int]]] | None:
        """The payment the goldfish would make for this hand card (fftcg_payment.find_payment: the most CP
        sources, then the fewest discards), as (hand positions to discard, field cards to dull); None when
        the card may not be cast now: no legal payment, or the field rules refuse it (7.7.3-7.7.5)."""
        return self._suggest(board, board.hand[hand_pos], hand_pos)

    def suggested_lb_payment(
        self, board: Board, lb_pos: int
    ) -> tuple[list[int], list[tuple[str, int]]] | None:
        """As suggested_payment, for a face-down LB card whose LB cost can be paid."""
        if not self.lb_castable(board, lb_pos):
            return None
        return self._suggest(board, board.lb_deck[lb_pos], -1)

    def _suggest(
        self, board: Board, card: str, hand_pos: int
    ) -> tuple[list[int], list[tuple[str, int]]] | None:
        try:
            self._check_cast_rules(board, card)
        except BoardError:
            return None
        sources = self.cp_sources(board)
        width = len(board.hand) + len(sources) + 1
        hand = np.array([self.index[n] for n in board.hand], dtype=np.int64)
        src_kind = np.array(
            [self.index[getattr(board, z)[i].number] for z, i in sources] or [0], dtype=np.int64
        )
        src_active = np.ones(max(len(sources), 1), dtype=np.bool_)
        out_disc = np.empty(width, dtype=np.int64)
        out_src = np.empty(width, dtype=np.int64)
        n_disc, n_src = find_payment(
            self.index[card], hand_pos, hand, len(board.hand), np.zeros(width, dtype=np.int64), self.kf,
            src_kind, src_active, len(sources), True, out_disc, out_src, np.zeros((6, width), dtype=np.int64),
        )  # fmt: skip
        if n_disc < 0:
            return None
        return [int(p) for p in out_disc[:n_disc]], [sources[int(i)] for i in out_src[:n_src]]

    def targets(self, board: Board, card: str) -> int | None:
        """How many characters a Summon's "Choose N ..." may choose now (11.3.3): the player's own that fit
        its words (the opponent controls none); None when its text chooses nothing or in words not read
        here (the player checks those)."""
        text = _EX_BURST.sub("", get_game("fftcg").printed_text(self.deck.cards[card].text)).strip()
        m = _CHOICE.search(text)
        if m is None:
            return None
        if m["who"] and "opponent" in m["who"].lower():
            return 0
        kind = m["kind"].lower()
        zones = _FIELD if kind == "character" else (f"{kind}s",)
        cost = int(m["cost"]) if m["cost"] else None
        return sum(
            1
            for z in zones
            for c in getattr(board, z)
            if (m["state"] is None or (m["state"].strip().lower() == "dull") == c.dull)
            and (
                cost is None
                or (
                    self.fact(c.number, F_COST) <= cost
                    if m["cmp"] == "less"
                    else self.fact(c.number, F_COST) >= cost
                )
            )
        )

    def _hasty(self, board: Board, number: str) -> bool:
        givers = any(self.fact(c.number, F_HASTE_ALL) for z in _FIELD for c in getattr(board, z))
        return bool(self.fact(number, F_HASTE)) or givers

    def _names(self, number: str) -> set[int]:
        """The names 7.7.3 counts a card as: its own, and those its text gives it or shares the limit with
        (F_ALIAS, F_ALIAS2)."""
        return {self.fact(number, f) for f in (F_NAME, F_ALIAS, F_ALIAS2)} - {-1}

    def _check_cast_rules(self, board: Board, card: str) -> None:
        """What refuses a card the payment does not: a Summon's choice with nothing to choose (11.3.3), a
        character's field rules (7.7.3-7.7.5)."""
        kind = self.fact(card, F_TYPE)
        if kind == SUMMON:
            if self.targets(board, card) == 0:
                raise BoardError(
                    f"{self.names[card]} chooses what its text names, and there is none: a Summon with "
                    "nothing to choose is not cast (11.3.3)."
                )
            return
        on_field = [c.number for z in _FIELD for c in getattr(board, z)]
        if not self.fact(card, F_GENERIC) and any(
            self._names(n) & self._names(card) and not self.fact(n, F_GENERIC) for n in on_field
        ):
            raise BoardError(f"A character named {self.names[card]} is already on the field (7.7.3).")
        if self.fact(card, F_LD) and any(self.fact(n, F_LD) for n in on_field):
            raise BoardError("Only one Light or Dark character may be on the field (7.7.5).")
        if kind == BACKUP and len(board.backups) >= MAX_BACKUPS:
            raise BoardError(f"At most {MAX_BACKUPS} Backups are on the field (7.7.4).")


_FIELD = ("forwards", "backups", "monsters")
_EX_BURST = re.compile(r"^EX BURST\b")
# A Summon's choice (11.3.3) in the words read here: "Choose [up to] N [dull|active] Forward(s) [of cost N or
# less|more] [you control|opponent controls]." as a whole sentence; other words leave it to the player.
_CHOICE = re.compile(
    r"(?:^|(?<=\.)\s)Choose (?:up to )?(?:\d+|one|two|three) (?P<state>dull |active )?"
    r"(?P<kind>Forward|Backup|Monster|Character)s?(?: of cost (?P<cost>\d+) or (?P<cmp>less|more))?"
    r"(?P<who> you control| (?:your )?opponent controls)?\.",
    re.IGNORECASE,
)
