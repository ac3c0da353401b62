"""The GRANBLUE FANTASY TCG playtest board: the player's captain area, crew area, crystal area, ougi
gauge, armor, hand and deck (docs/rules/gbf.md §4), and the actions a person takes at them, with the rules
the goldfish plays by: the same card table (`gbf.compile_deck`), the same crystal payment of a summon's
cost (`gbf._pay`, 8-4-2), the rank, name and three-crew limits (10-2-3, 3-6-3), uncap and job change once
a turn (10-4, 10-3), the main phase then the battle phase (6-1-1, 6-3-1-3), attacks whose follow-ups add
their ATK into one hit (7-4-1-2), ougi from the gauge (2-6), armor breaks (9-4-2) and the chain burst
(6-5-1-2).

A board is a value, as in engine/board/fftcg.py: every action returns a new one or raises BoardError.
The opponent does nothing but draw and place its crystal; its captain takes the hits, its revealed armor
goes to its hand (the goldfish's default opponent, §11.3). Not played: card text (登場時, アタック時, a
summon's effect, a summon crystal's trigger activation: the player does what it says by hand), job-change
icons (not in the card data, OQ-6).
"""

from __future__ import annotations

from collections.abc import Callable, Mapping, Sequence
from dataclasses import asdict, dataclass, field, replace
from typing import Any, ClassVar

import numpy as np

from engine.board import BoardError, DeckActions
from engine.deck import Deck
from engine.games import get_game
from engine.goldfish import get_simulator
from engine.goldfish.gbf import (
    ATTRIBUTES,
    CAPTAIN,
    CREW,
    F_ATK,
    F_ATTR,
    F_COND,
    F_GENERIC,
    F_HP,
    F_NAME,
    F_OUGI_ATK,
    F_OUGI_N,
    F_PIP,
    F_RANK,
    F_TYPE,
    SUMMON,
    _pay,
    compile_deck,
    new_work,
)

MAX_CREW = 3  # 3-6-3
# The phases of the own turn the player acts in (6-1-1): the main phase (6-3), then the battle phase (6-4),
# which the first attack begins (6-3-1-3: the main phase ends when the player does nothing more there). The
# start phase is dealt at the turn's start, the burst phase at its end.
MAIN, BATTLE = "main", "battle"


@dataclass(frozen=True)
class Present:
    """A present card (10-2-1-1): the captain or a crew member, with what it carries through a turn."""

    number: str
    rested: bool = False
    levels: tuple[str, ...] = ()  # face-down level cards under a crew member: +2 ATK and HP each (10-4-3-3-1)
    bonus: int = 0  # ATK from its ougi this turn (2-6-1-1-2)
    ougi_used: bool = False  # an ougi once a turn per card (2-6-1-1-3)


@dataclass(frozen=True)
class Crystal:
    number: str
    rested: bool = False


@dataclass(frozen=True)
class GaugeCard:
    number: str
    face_down: bool = False


@dataclass(frozen=True)
class Board:
    going_first: bool
    seed: int
    deck: tuple[str, ...]  # top first
    hand: tuple[str, ...] = ()
    captain_deck: tuple[str, ...] = ()  # face down in the captain area (5-2-1-2)
    captain: Present | None = None  # the present captain, chosen in setup (5-2-1-7)
    past_captains: tuple[str, ...] = ()  # face up in the captain deck after a job change (10-3-3-3)
    crew: tuple[Present, ...] = ()
    crystals: tuple[Crystal, ...] = ()
    gauge: tuple[GaugeCard, ...] = ()  # the oldest first; new cards go on top (3-4)
    armor: tuple[str, ...] = ()
    redrew: bool = False
    job_changed: bool = False  # this turn (10-3-2)
    uncapped: bool = False  # this turn (10-4-2)
    phase: str = MAIN  # of the own turn: the main phase (6-3), then the battle phase (6-4)
    own_turn: int = 0  # 0: setup
    opp_hp: int = 0  # the HP a hit must reach (9-2-1-3-6); set with the captain when it mirrors ours
    opp_armor: int = 5
    opp_deck: int = 40
    opp_deck_out: bool = True  # the opponent loses when its deck is empty (9-4-1-4)
    opp_turns: int = 0
    opp_captain_down: bool = False  # incapacitated: the opponent lost (9-4-1-3)
    log: tuple[str, ...] = field(default_factory=tuple)
    log_dropped: int = 0  # entries logged before log[0], dropped by engine.board.trim_log

    ZONES: ClassVar[Mapping[str, str]] = {
        "deck": "deck", "hand": "hand", "crew": "crew area", "crystals": "crystal area",
        "gauge": "ougi gauge",
    }  # fmt: skip
    # Crew and crystals enter active (3-6-3, 3-7-1-1); gauge cards face up (3-4-1-1).
    UNITS: ClassVar[Mapping[str, Callable[[str], Any]]] = {
        "crew": Present, "crystals": Crystal, "gauge": GaugeCard,
    }  # fmt: skip
    OPENING_RULE: ClassVar[str] = "5-2-1-5: five cards, one redraw"
    HIDDEN: ClassVar[frozenset[str]] = frozenset()  # 3-2-2; the armor, 3-8-2, is no zone of the move list
    STATES: ClassVar[Mapping[str, tuple[str, str, str]]] = {
        "crew": ("rested", "rest", "make active"), "crystals": ("rested", "rest", "make active"),
        "gauge": ("face_down", "turn face down", "turn face up"),
    }  # fmt: skip

    @property
    def won(self) -> bool:
        return self.opp_captain_down or (self.opp_deck_out and self.opp_deck <= 0)

    @property
    def lost(self) -> bool:
        """9-4-1-4: your deck area at 0 cards, from the first turn on, loses at the next checkpoint (the
        turn's draw, its crystal, or a card taken by hand)."""
        return self.own_turn > 0 and not self.deck

    @property
    def over(self) -> bool:
        return self.won or self.lost

    @property
    def ending(self) -> str:
        """Why the game is over, with the rule; empty while it goes on."""
        if self.opp_captain_down:
            return "The game is over: the opponent's captain is incapacitated, you win (9-4-1-3)."
        if self.won:
            return "The game is over: the opponent's deck is empty, you win (9-4-1-4)."
        if self.lost:
            return "The game is over: your deck is empty, you lose (9-4-1-4)."
        return ""

    @property
    def face_up(self) -> int:
        return sum(not g.face_down for g in self.gauge)

    def to_dict(self) -> dict[str, Any]:
        return asdict(self)

    @classmethod
    def from_dict(cls, data: Mapping[str, Any]) -> Board:
        values: dict[str, Any] = dict(data)
        values["captain"] = _present(data["captain"]) if data["captain"] else None
        values["crew"] = tuple(_present(c) for c in data["crew"])
        values["crystals"] = tuple(Crystal(**c) for c in data["crystals"])
        values["gauge"] = tuple(GaugeCard(**g) for g in data["gauge"])
        for k in ("deck", "hand", "captain_deck", "past_captains", "armor", "log"):
            values[k] = tuple(data[k])
        return cls(**values)


def _present(data: Mapping[str, Any]) -> Present:
    return Present(**{**data, "levels": tuple(data["levels"])})


class Table(DeckActions):
    """A deck's facts for its boards: the goldfish's card table, by card number."""

    def __init__(self, deck: Deck, opponent: Mapping[str, Any] | None = None) -> None:
        """`opponent`: the goldfish's opponent parameters the board plays against (its defaults)."""
        compiled = compile_deck(deck)
        self._know(deck, compiled.numbers, compiled.names)
        self.kf = compiled.kf
        params = get_simulator("gbf").params(opponent=opponent or {})
        self.opponent = params.opponent
        self.first_player_attacks = bool(params.policy["first_player_can_attack_turn_1"])  # OQ-1

    def fact(self, number: str, column: int) -> int:
        return int(self.kf[self.index[number], column])

    def atk(self, card: Present) -> int:
        """Printed ATK, +2 per level card (10-4-3-3-1), + this turn's ougi."""
        return self.fact(card.number, F_ATK) + 2 * len(card.levels) + card.bonus

    def hp(self, card: Present) -> int:
        return self.fact(card.number, F_HP) + 2 * len(card.levels)

    # ---- setup (5-2) ----

    def deal(self, seed: int, going_first: bool, order: Sequence[str] | None = None) -> Board:
        """5-2-1-2 .. 5-2-1-5: the captain deck face down, the main deck shuffled by `seed` (or in `order`,
        top first), 5 cards drawn. The redraw, the armor and the captain follow."""
        cards = self.main_deck(seed, order)
        n = get_game("gbf").draw_rules.opening_hand
        captains = sorted(e.card for e in self.deck.entries("captain") for _ in range(e.count))
        return Board(
            going_first=going_first,
            seed=seed,
            deck=tuple(cards[n:]),
            hand=tuple(cards[:n]),
            captain_deck=tuple(captains),
            opp_hp=int(self.opponent["opp_captain_hp"]),
            opp_armor=int(self.opponent["opp_armor"]),
            opp_deck=int(self.opponent["opp_deck_after_setup"]),
            opp_deck_out=bool(self.opponent["model_opp_deck_out"]),
            log=(f"setup: {n} cards in hand",),
        )

    def redraw(self, board: Board, returned: Sequence[int]) -> Board:
        """5-2-1-5: once, before the armor: the chosen hand cards to the bottom of the deck "in any order"
        (5-2-1-5-1, 任意の順番で: `returned` lists hand positions as they go under the deck, the first one
        topmost of them) and without a shuffle, then as many drawn from the top (5-2-1-5-2)."""
        if board.own_turn or board.redrew or board.armor:
            raise BoardError("The hand is redrawn once, before the armor is set (5-2-1-5).")
        if len(set(returned)) != len(returned) or not all(0 <= p < len(board.hand) for p in returned):
            raise BoardError(
                "Choose cards of your hand to put back, each once, in the order they go under the deck "
                "(5-2-1-5-1)."
            )
        back = tuple(board.hand[p] for p in returned)
        kept = tuple(n for p, n in enumerate(board.hand) if p not in returned)
        deck = board.deck + back
        n = len(back)
        entry = f"redraw: {n} card(s) to the bottom, {n} drawn"
        return replace(board, hand=kept + deck[:n], deck=deck[n:], redrew=True, log=board.log + (entry,))

    def captains(self, board: Board) -> list[int]:
        """Captain-deck positions of the rank-0 captains a game may start with (5-2-1-7)."""
        return [p for p, n in enumerate(board.captain_deck) if self.fact(n, F_RANK) == 0]

    def _place_armor(self, board: Board) -> Board:
        """5-2-1-6: after the redraw, the next 5 cards from the top face down as armor (once)."""
        if board.armor:
            return board
        n = get_game("gbf").draw_rules.set_aside_after_mulligan
        entry = f"armor: {n} cards from the top; deck {len(board.deck) - n}"
        return replace(board, armor=board.deck[:n], deck=board.deck[n:], log=board.log + (entry,))

    def choose_captain(self, board: Board, cap_pos: int) -> Board:
        """5-2-1-7: a rank-0 captain from the captain deck, face up and active, after the redraw and the
        armor (5-2-1-5, 5-2-1-6): choosing it sets the armor, and the hand is not redrawn after it."""
        if board.own_turn or board.captain is not None:
            raise BoardError("The captain is chosen once, in setup (5-2-1-7).")
        if cap_pos not in self.captains(board):
            raise BoardError("The game starts with a rank-0 captain card (5-2-1-7).")
        board = self._place_armor(board)
        number = board.captain_deck[cap_pos]
        opp_hp = board.opp_hp or self.fact(number, F_HP)  # OQ-18: the same HP as ours when not given
        return replace(
            board,
            captain=Present(number),
            captain_deck=board.captain_deck[:cap_pos] + board.captain_deck[cap_pos + 1 :],
            opp_hp=opp_hp,
            log=board.log + (f"captain: {self.names[number]}",),
        )

    def _default_captain(self, board: Board) -> int:
        """The goldfish's pick (§11.5): the highest ATK, then HP, then card number."""
        return min(
            self.captains(board),
            key=lambda p: (
                -self.fact(board.captain_deck[p], F_ATK),
                -self.fact(board.captain_deck[p], F_HP),
                p,
            ),
        )

    # ---- turns (6) ----

    def next_turn(self, board: Board) -> Board:
        """End the setup (armor 5-2-1-6, the captain 5-2-1-7 if none was chosen) or this turn's burst phase
        (the chain burst, 6-5-1-2); the opponent's turn (it draws and places a crystal); then the next own
        start phase (6-2)."""
        if board.over:
            raise BoardError(board.ending)
        if board.own_turn == 0:
            board = self._place_armor(board)
            if board.captain is None:
                board = self.choose_captain(board, self._default_captain(board))
        else:
            board = self._burst(board)
        if board.own_turn or not board.going_first:
            board = self._opponent_turn(board)
            if board.won:
                return board
        return self._start_phase(board)

    def _burst(self, board: Board) -> Board:
        """6-5-1-2: damage equal to the face-down gauge cards, then they go to the bottom of the deck in
        gauge order. Not optional."""
        down = tuple(g.number for g in board.gauge if g.face_down)
        if not down:
            return board
        board = replace(board, log=board.log + (f"chain burst: {len(down)} damage",))
        board = self._hit(board, len(down))
        return replace(
            board,
            gauge=tuple(g for g in board.gauge if not g.face_down),
            deck=board.deck + down,
            log=board.log
            + (f"{len(down)} face-down gauge card(s) to the bottom; deck {len(board.deck) + len(down)}",),
        )

    def _opponent_turn(self, board: Board) -> Board:
        """The passive opponent: its draws (none on its first turn when it goes first, 6-2-5) and its
        crystal (6-2-7); an empty deck loses at the checkpoint (9-4-1-4)."""
        turns = board.opp_turns + 1
        rules = get_game("gbf").draw_rules
        drawn = min(rules.draws_on_turn(turns, not board.going_first), board.opp_deck)
        deck = board.opp_deck - drawn
        entry = f"opponent draws {drawn}, deck {deck}"
        board = replace(board, opp_turns=turns, opp_deck=deck, log=board.log + (entry,))
        if not board.won and deck > 0:
            board = replace(board, opp_deck=deck - 1)
        if board.won:
            return replace(board, log=board.log + ("the opponent's deck is empty: you win (9-4-1-4)",))
        return board

    def _start_phase(self, board: Board) -> Board:
        """6-2: this turn's counters and ougi reset, the captain, crew and crystals untap (6-2-3), 2 cards
        drawn (none on the first player's first turn, 6-2-5), the top card becomes an active crystal
        (6-2-7). A deck emptied by the draw loses at the checkpoint after it (6-2-6), before the crystal;
        one emptied by the crystal at the next (6-2-8; 9-4-1-4)."""
        turn = board.own_turn + 1
        draws = get_game("gbf").draw_rules.draws_on_turn(turn, board.going_first)
        taken, deck = board.deck[:draws], board.deck[draws:]
        crystal, deck = deck[:1], deck[1:]
        fresh = replace(board.captain, rested=False, bonus=0, ougi_used=False) if board.captain else None
        drawn = ", ".join(self.names[n] for n in taken) or "nothing"
        entry = f"turn {turn}: untap, draw {drawn}"
        if crystal:
            trigger = " (a summon: it trigger-activates, 10-17-1-1; play its text by hand)"
            entry += f"; crystal {self.names[crystal[0]]}" + (
                trigger if self.fact(crystal[0], F_TYPE) == SUMMON else ""
            )
        ending = () if deck else ("your deck is empty: you lose at the checkpoint (9-4-1-4)",)
        return replace(
            board,
            own_turn=turn,
            deck=deck,
            hand=board.hand + taken,
            captain=fresh,
            crew=tuple(replace(c, rested=False, bonus=0, ougi_used=False) for c in board.crew),
            crystals=tuple(replace(c, rested=False) for c in board.crystals) + tuple(map(Crystal, crystal)),
            job_changed=False,
            uncapped=False,
            phase=MAIN,
            log=board.log + (entry, *ending),
        )

    # ---- the main phase (6-3) ----

    def _playing(self, board: Board) -> None:
        if board.over:
            raise BoardError(board.ending)
        if not board.own_turn:
            raise BoardError("Cards are played in your own turn (6-3).")

    def rank_total(self, board: Board) -> int:
        """The crew area's rank total: top cards only, level cards count 0 (3-6-3-1, OQ-5)."""
        return sum(self.fact(c.number, F_RANK) for c in board.crew)

    def entry_error(self, board: Board, number: str) -> str:
        """Why this hand card may not enter the crew area now (10-2-3, 3-6-3); empty when it may."""
        if self.fact(number, F_TYPE) != CREW:
            return "Only a crew card enters the crew area (6-3-1-2-1)."
        if board.phase == BATTLE:
            return (
                "The battle phase has begun: crew enter in the main phase, before the attacks (6-3-1-2-1, "
                "6-3-1-3)."
            )
        if len(board.crew) >= MAX_CREW:
            return f"The crew area holds {MAX_CREW} crew (3-6-3)."
        if any(self.fact(c.number, F_NAME) == self.fact(number, F_NAME) for c in board.crew):
            return "A crew member with this character name is present (10-2-3-2-1)."
        if self.rank_total(board) + self.fact(number, F_RANK) > len(board.crystals):
            return f"The crew's rank total may not exceed your {len(board.crystals)} crystals (10-2-3-1-1)."
        return ""

    def enter(self, board: Board, hand_pos: int) -> Board:
        """6-3-1-2-1: a crew card from the hand into the crew area, active, at no cost; its 登場時 text is
        done by hand."""
        self._playing(board)
        number = board.hand[hand_pos]
        if error := self.entry_error(board, number):
            raise BoardError(error)
        return replace(
            board,
            hand=board.hand[:hand_pos] + board.hand[hand_pos + 1 :],
            crew=board.crew + (Present(number),),
            log=board.log + (f"crew {self.names[number]} enters",),
        )

    def uncap_slots(self, board: Board, hand_pos: int) -> list[int]:
        """The crew members this hand card may uncap now (10-4-2, 10-4-3-1): once a turn, the same
        character name, the rank limit counted with the new top card (the level card counts 0, OQ-5)."""
        number = board.hand[hand_pos]
        if board.uncapped or not board.own_turn or board.over or self.fact(number, F_TYPE) != CREW:
            return []
        if board.phase == BATTLE:  # 6-3-1-2-5: in the main phase
            return []
        total = self.rank_total(board)
        return [
            i
            for i, c in enumerate(board.crew)
            if self.fact(c.number, F_NAME) == self.fact(number, F_NAME)
            and total - self.fact(c.number, F_RANK) + self.fact(number, F_RANK) <= len(board.crystals)
        ]

    def uncap(self, board: Board, hand_pos: int, slot: int) -> Board:
        """10-4-3: the hand card goes on top of that crew member, the old top becomes a level card; the
        state and this turn's modifications carry over (10-4-3-3-2), its ougi is its own."""
        self._playing(board)
        if board.phase == BATTLE:
            raise BoardError(
                "The battle phase has begun: a crew member is uncapped in the main phase, before the attacks "
                "(6-3-1-2-5, 6-3-1-3)."
            )
        if slot not in self.uncap_slots(board, hand_pos):
            raise BoardError(
                "Uncap once a turn, onto a crew member of the same character name, within the rank "
                "limit (10-4)."
            )
        number = board.hand[hand_pos]
        old = board.crew[slot]
        new = replace(old, number=number, levels=old.levels + (old.number,), ougi_used=False)
        crew = board.crew[:slot] + (new,) + board.crew[slot + 1 :]
        entry = f"uncap: {self.names[number]} on top of {self.names[old.number]}"
        return replace(
            board,
            hand=board.hand[:hand_pos] + board.hand[hand_pos + 1 :],
            crew=crew,
            uncapped=True,
            log=board.log + (entry,),
        )

    def job_changes(self, board: Board) -> list[int]:
        """Captain-deck positions a job change may choose now (10-3-2, 10-3-3-1): once a turn, a face-down
        captain card of rank up to the crystals (the captain area's own limit)."""
        if board.job_changed or not board.own_turn or board.over or board.phase == BATTLE:  # 6-3-1-2-4
            return []
        return [
            p
            for p, n in enumerate(board.captain_deck)
            if self.fact(n, F_TYPE) == CAPTAIN and self.fact(n, F_RANK) <= len(board.crystals)
        ]

    def job_change(self, board: Board, cap_pos: int) -> Board:
        """10-3-3: the chosen captain card face up on top; the old one stays face up in the captain deck;
        the state and this turn's modifications carry over (10-3-3-3-1)."""
        self._playing(board)
        if board.phase == BATTLE:
            raise BoardError(
                "The battle phase has begun: the captain job-changes in the main phase, before the attacks "
                "(6-3-1-2-4, 6-3-1-3)."
            )
        if cap_pos not in self.job_changes(board) or board.captain is None:
            raise BoardError("Job change once a turn, to a face-down captain within the rank limit (10-3).")
        number = board.captain_deck[cap_pos]
        old = board.captain
        entry = f"job change: {self.names[number]} on top of {self.names[old.number]}"
        return replace(
            board,
            captain=replace(old, number=number, ougi_used=False),
            captain_deck=board.captain_deck[:cap_pos] + board.captain_deck[cap_pos + 1 :],
            past_captains=board.past_captains + (old.number,),
            job_changed=True,
            log=board.log + (entry,),
        )

    def summon_cost(self, number: str) -> tuple[tuple[int, ...], int]:
        """The summon's 〔cost〕: icons per attribute (in ATTRIBUTES order) and the generic part."""
        pips = tuple(self.fact(number, F_PIP + a) for a in range(len(ATTRIBUTES)))
        return pips, self.fact(number, F_GENERIC)

    def _pays(
        self, board: Board, number: str, active: Sequence[bool], commit: bool
    ) -> tuple[bool, np.ndarray]:
        n = len(board.crystals)
        cry = np.zeros((max(n, 1), 2), dtype=np.int64)
        attr_of = np.zeros(max(n, 1), dtype=np.int64)
        for i, c in enumerate(board.crystals):
            cry[i, 1] = int(active[i])
            attr_of[i] = self.fact(c.number, F_ATTR)
        pips, generic = self.summon_cost(number)
        ok = _pay(cry, n, attr_of, np.array(pips, dtype=np.int64), generic, commit, new_work(n + sum(pips)))
        return bool(ok), cry

    def summon_error(self, board: Board, number: str) -> str:
        """Why this hand card may not be activated as a summon now (6-3-1-2-3); empty when it may."""
        if self.fact(number, F_TYPE) != SUMMON:
            return "Only a summon card is activated (6-3-1-2-3)."
        if board.over:
            return board.ending
        if not board.own_turn:
            return "Summons are activated in your main phase or attack step (6-3-1-2-3, 7-2-1-3-4)."
        if len(board.crystals) < self.fact(number, F_COND):
            return f"Its condition asks for {self.fact(number, F_COND)} crystals (6-3-1-2-3-1)."
        if self.suggested_payment(board, number) is None:
            return "The active crystals cannot pay its cost (8-4-2)."
        return ""

    def suggested_payment(self, board: Board, number: str) -> list[int] | None:
        """The crystals the goldfish would rest for this summon's cost (icons matched first, then the
        attribute-less crystals for the generic part); None when the active crystals cannot pay."""
        ok, cry = self._pays(board, number, [not c.rested for c in board.crystals], True)
        if not ok:
            return None
        return [i for i, c in enumerate(board.crystals) if not c.rested and cry[i, 1] == 0]

    def summon(self, board: Board, hand_pos: int, crystals: Sequence[int] | None = None) -> Board:
        """6-3-1-2-3: its condition met (a condition the card data cannot read is the player's to check),
        its cost paid by resting exactly `crystals` (by default the suggestion), then it goes face up on top
        of the ougi gauge; its effect is done by hand."""
        number = board.hand[hand_pos]
        if error := self.summon_error(board, number):
            raise BoardError(error)
        chosen = self.suggested_payment(board, number) if crystals is None else list(crystals)
        assert chosen is not None
        pips, generic = self.summon_cost(number)
        valid = len(set(chosen)) == len(chosen) == sum(pips) + generic and all(
            0 <= i < len(board.crystals) and not board.crystals[i].rested for i in chosen
        )
        if (
            not valid
            or not self._pays(board, number, [i in chosen for i in range(len(board.crystals))], False)[0]
        ):
            raise BoardError(f"Those crystals do not pay the cost of {self.names[number]} (8-4-2).")
        note = "; its condition is not read: check it" if self.fact(number, F_COND) < 0 else ""
        entry = (
            f"activate summon {self.names[number]}: {len(chosen)} crystal(s) rested, to the ougi gauge{note}"
        )
        return replace(
            board,
            hand=board.hand[:hand_pos] + board.hand[hand_pos + 1 :],
            crystals=tuple(
                replace(c, rested=True) if i in chosen else c for i, c in enumerate(board.crystals)
            ),
            gauge=board.gauge + (GaugeCard(number),),
            log=board.log + (entry,),
        )

    # ---- the battle phase (6-4, 7) ----

    def may_attack(self, board: Board) -> bool:
        return (
            bool(board.own_turn)
            and not board.over
            and (board.own_turn > 1 or not board.going_first or self.first_player_attacks)
        )

    def attack(self, board: Board, attackers: Sequence[int], ougi: Sequence[int] = ()) -> Board:
        """One battle against the opponent's captain (7-2-1-3-1-2: it has no crew): the first card attacks,
        the others follow up (7-2-1-3-2), each active and present and rested as it joins; an attacker in
        `ougi` turns that many face-up gauge cards face down for its ATK boost (2-6-1-1); the damage is the
        sum of their ATK in one hit (7-4-1-2). A hit of at least the captain's HP breaks one armor card, or
        with none left incapacitates it (9-2-1-3-6); less does nothing (OQ-3). -1 is the captain."""
        if board.over:
            raise BoardError(board.ending)
        if not self.may_attack(board):
            raise BoardError("Attacks are declared in your own battle phase (6-4; OQ-1 on the first turn).")
        if not attackers or len(set(attackers)) != len(attackers) or not set(ougi) <= set(attackers):
            raise BoardError("Choose the cards that attack, each once (7-2-1-3-2).")
        cards: dict[int, Present] = {}
        for i in attackers:
            card = board.captain if i < 0 else board.crew[i]
            if card is None or card.rested:
                raise BoardError("Only an active present card attacks (7-2-1-3-1-1).")
            cards[i] = card
        face_up = board.face_up
        total = 0
        joined = []
        for i in attackers:
            card = cards[i]
            if i in ougi:
                n = self.fact(card.number, F_OUGI_N)
                if n < 0 or card.ougi_used or n > face_up:
                    raise BoardError(
                        f"{self.names[card.number]} has no ougi to use now: once a turn, "
                        "with that many face-up gauge cards (2-6-1-1)."
                    )
                face_up -= n
                card = replace(card, bonus=card.bonus + self.fact(card.number, F_OUGI_ATK), ougi_used=True)
            cards[i] = replace(card, rested=True)
            total += self.atk(card)
            joined.append(f"{self.names[card.number]} (ATK {self.atk(card)}{', ougi' if i in ougi else ''})")
        flips = board.face_up - face_up
        gauge = list(board.gauge)
        for g, up in enumerate(gauge):  # the oldest face-up cards first (OQ-20)
            if flips and not up.face_down:
                gauge[g] = replace(up, face_down=True)
                flips -= 1
        entry = "attack: " + ", ".join(joined) + f"; {total} damage to the opponent's captain"
        if board.phase == MAIN:
            board = replace(
                board, phase=BATTLE, log=board.log + ("battle phase: the main phase is over (6-3-1-3)",)
            )
        board = replace(
            board,
            crew=tuple(cards.get(i, c) for i, c in enumerate(board.crew)),
            captain=cards.get(-1, board.captain),
            gauge=tuple(gauge),
            log=board.log + (entry,),
        )
        return self._hit(board, total)

    def _hit(self, board: Board, damage: int) -> Board:
        """9-2-1 and 9-4-2 on the opponent's captain: one armor card per hit of at least its HP (revealed to
        its hand, §11.3), or with none left it is incapacitated and the opponent loses (9-4-1-3)."""
        if damage < board.opp_hp:
            return replace(
                board, log=board.log + (f"below the captain's HP {board.opp_hp}: nothing happens",)
            )
        if board.opp_armor > 0:
            armor = board.opp_armor - 1
            return replace(board, opp_armor=armor, log=board.log + (f"armor break: opponent armor {armor}",))
        return replace(
            board,
            opp_captain_down=True,
            log=board.log + ("the opponent's captain is incapacitated: you win",),
        )

    # ---- by hand ----

    def toggle(self, board: Board, zone: str, pos: int) -> Board:  # type: ignore[override]
        """Rest or make active the captain (`captain`), a crew member or a crystal; turn a gauge card face
        down or up (an effect the board does not play)."""
        if zone == "captain" and board.captain is not None:
            c = board.captain
            entry = f"{'make active' if c.rested else 'rest'} {self.names[c.number]}"
            return replace(board, captain=replace(c, rested=not c.rested), log=board.log + (entry,))
        return super().toggle(board, zone, pos)

    def move(self, board: Board, source: str, pos: int, dest: str) -> Board:  # type: ignore[override]
        """As DeckActions.move, but a crew member with level cards that would leave the crew area puts one
        level card into the ougi gauge instead and stays (10-4-3-3-3, 9-2-3)."""
        if source == "crew" and dest != "crew" and 0 <= pos < len(board.crew) and board.crew[pos].levels:
            c = board.crew[pos]
            crew = board.crew[:pos] + (replace(c, levels=c.levels[:-1]),) + board.crew[pos + 1 :]
            name = self.names[c.number]
            entry = f"{name} would leave: a level card goes to the ougi gauge instead (10-4-3-3-3)"
            return replace(
                board, crew=crew, gauge=board.gauge + (GaugeCard(c.levels[-1]),), log=board.log + (entry,)
            )
        return super().move(board, source, pos, dest)
