"""Playtest boards: a game dealt and played by hand with the rules its goldfish plays by, one module per
game (fftcg, dbsfw, gbf, fireforce). What every board shares is here: its error, and the actions a player
does by hand for card text the board does not read: draw, search, shuffle, look at the top, and a card
moved from any zone to any other."""

from __future__ import annotations

import random
from collections.abc import Callable, Mapping, Sequence
from dataclasses import replace
from typing import Any, ClassVar, Protocol

from engine.deck import Deck


class BoardError(ValueError):
    """An action the rules refuse; the message cites the rule."""


class DeckBoard(Protocol):
    """What the deck actions read of a board (each game's is a frozen dataclass). `ZONES` names the zones a
    card may be moved between by hand (field name: label, the deck first); `UNITS` makes the entry of a
    zone whose cards carry a state (dull, rested), from the card number, as the card enters it."""

    ZONES: ClassVar[Mapping[str, str]]
    UNITS: ClassVar[Mapping[str, Callable[[str], Any]]]
    # The zones whose cards have a state a player flips by hand: field name -> (the unit's flag, the verb
    # that sets it, the verb that clears it), e.g. "forwards": ("dull", "dull", "activate").
    STATES: ClassVar[Mapping[str, tuple[str, str, str]]]
    # The zones besides the deck whose cards are face down to their owner too (DBS FW and Fire Force life):
    # the page names none of their cards, as it names none of the deck's.
    HIDDEN: ClassVar[frozenset[str]]
    # The setup rule that deals the opening hand: until the first turn nothing else puts a card in it.
    OPENING_RULE: ClassVar[str]

    @property
    def seed(self) -> int: ...
    @property
    def deck(self) -> tuple[str, ...]: ...
    @property
    def hand(self) -> tuple[str, ...]: ...
    @property
    def own_turn(self) -> int: ...
    @property
    def log(self) -> tuple[str, ...]: ...
    @property
    def log_dropped(self) -> int: ...


class DeckActions:
    """What every game's table does alike: deal, the whole-hand redraw, draw, search, shuffle and look at
    the deck, move a card, flip its state. `names` maps card numbers to their names, `deck` is the deck
    the boards deal, `index` a card number's row in the goldfish's card table."""

    names: dict[str, str]
    deck: Deck
    index: dict[str, int]

    def _know(self, deck: Deck, numbers: Sequence[str], names: Sequence[str]) -> None:
        """Keep the deck and its card kinds as the goldfish's compiled table lists them."""
        self.deck = deck
        self.index = {n: i for i, n in enumerate(numbers)}
        self.names = dict(zip(numbers, names, strict=True))

    def main_deck(self, seed: int, order: Sequence[str] | None) -> list[str]:
        """The main deck to deal, top first: shuffled by `seed`, or in `order` (a test's stacked deck)."""
        if order is not None:
            return list(order)
        cards = [c.number for c in self.deck.pool("main")]
        random.Random(seed).shuffle(cards)
        return cards

    def reshuffled_hand[B: DeckBoard](self, board: B, entry: str) -> B:
        """The whole hand back into the deck, a shuffle (by the game's seed), as many cards drawn again:
        the redraw of DBS FW (6-2-1-8-1) and Fire Force (404.1d); the caller checks when it is allowed."""
        cards = list(board.deck + board.hand)
        random.Random(f"{board.seed}:redraw").shuffle(cards)
        n = len(board.hand)
        return _replace(board, deck=tuple(cards[n:]), hand=tuple(cards[:n]), redrew=True,
                        log=board.log + (entry,))  # fmt: skip

    def draw[B: DeckBoard](self, board: B) -> B:
        """The top card of the deck into the hand, by hand (an effect the board does not play)."""
        _not_in_setup(board, "drawn")
        if not board.deck:
            raise BoardError("The deck is empty: there is no card to draw.")
        card = board.deck[0]
        entry = f"draw {self.names[card]}"
        return _replace(board, deck=board.deck[1:], hand=board.hand + (card,), log=board.log + (entry,))

    def shuffle[B: DeckBoard](self, board: B) -> B:
        """Shuffle the deck (by the game's seed and the entries logged so far: a replay shuffles alike,
        with its log trimmed or not)."""
        cards = list(board.deck)
        random.Random(f"{board.seed}:{logged(board)}").shuffle(cards)
        return _replace(board, deck=tuple(cards), log=board.log + ("shuffle the deck",))

    def search[B: DeckBoard](self, board: B, number: str) -> B:
        """Take a card of the deck into the hand, then shuffle (the player says which card)."""
        _not_in_setup(board, "searched for")
        if number not in board.deck:
            raise BoardError("That card is not in the deck.")
        i = board.deck.index(number)
        entry = f"search the deck: {self.names[number]} to the hand"
        found = _replace(
            board,
            deck=board.deck[:i] + board.deck[i + 1 :],
            hand=board.hand + (number,),
            log=board.log + (entry,),
        )
        return self.shuffle(found)

    def move[B: DeckBoard](self, board: B, source: str, pos: int, dest: str) -> B:
        """A card from any zone to any other, by hand, for card text the board does not play: `source` and
        `dest` are names of board.ZONES, position 0 of the deck is its top; `dest` "deck" puts the card on
        top, "deck-bottom" under it. The card keeps no state (dull, rested) from where it was."""
        zones = type(board).ZONES
        to = "deck" if dest == "deck-bottom" else dest
        if source not in zones or to not in zones:
            raise BoardError("Choose a zone of this board to move the card from and to.")
        cards = list(getattr(board, source))
        if not 0 <= pos < len(cards):
            raise BoardError(f"There is no such card in the {zones[source]}.")
        number = _number(cards.pop(pos))
        changes: dict[str, Any] = {source: tuple(cards)}
        arrived = self.arrival(board, to, number)
        before = changes.get(to, getattr(board, to))
        changes[to] = before + (arrived,) if dest != "deck" else (arrived,) + before
        where = {"deck": "the top of the deck", "deck-bottom": "the bottom of the deck"}
        where_to = where.get(dest, f"the {zones[to]}")
        unseen = {source, to} <= hidden_zones(board)  # face down all the way: its owner does not see it
        log = f"{'a face-down card' if unseen else self.names[number]} from the {zones[source]} to {where_to}"
        return _replace(board, **changes, log=board.log + (log,))

    def arrival(self, board: DeckBoard, zone: str, number: str) -> Any:
        """The entry a card makes as it enters `zone` by a move: a unit of board.UNITS, or its number."""
        return type(board).UNITS.get(zone, str)(number)

    def toggle[B: DeckBoard](self, board: B, zone: str, pos: int) -> B:
        """Flip a card's state by hand (dull or active, rested or active, face down or up), for card text
        the board does not play."""
        states = type(board).STATES
        if zone not in states:
            raise BoardError(f"Only the cards of these zones change state: {', '.join(states)}.")
        flag, sets, clears = states[zone]
        cards = list(getattr(board, zone))
        if not 0 <= pos < len(cards):
            raise BoardError("There is no such card.")
        card = cards[pos]
        cards[pos] = replace(card, **{flag: not getattr(card, flag)})
        entry = f"{clears if getattr(card, flag) else sets} {self.names[card.number]}"
        return _replace(board, **{zone: tuple(cards)}, log=board.log + (entry,))

    def tools(self, board: DeckBoard) -> dict[str, Any]:
        """What the board's deck tools offer: the deck's cards to search for (name, number), every card to
        move by zone (value "zone:position", name; the deck's top card and the cards of a hidden zone by
        their place, not their name), and the destinations (value "move:zone", label)."""
        zones = type(board).ZONES
        hidden = hidden_zones(board)

        def name(zone: str, p: int, card: Any) -> str:
            return f"face-down card {p + 1}" if zone in hidden else self.names[_number(card)]

        cards = [(zones["deck"], [("deck:0", "its top card")] if board.deck else [])] + [
            (label, [(f"{zone}:{p}", name(zone, p, c)) for p, c in enumerate(getattr(board, zone))])
            for zone, label in zones.items()
            if zone != "deck"
        ]  # fmt: skip
        dests = [("move:deck", "top of the deck"), ("move:deck-bottom", "bottom of the deck")]
        dests += [(f"move:{zone}", label) for zone, label in zones.items() if zone != "deck"]
        return {
            "deck_cards": sorted({(self.names[n], n) for n in board.deck}),
            "move_cards": [(label, options) for label, options in cards if options],
            "move_to": dests,
        }

    def reveal[B: DeckBoard](self, board: B, n: int) -> B:
        """Look at the top n cards of the deck (written in the log; the deck keeps its order)."""
        top = board.deck[: max(0, min(n, len(board.deck)))]
        names = ", ".join(self.names[c] for c in top) or "nothing"
        return _replace(board, log=board.log + (f"top {len(top)} of the deck: {names}",))


def _not_in_setup(board: DeckBoard, done: str) -> None:
    """Card text is played from the first turn: in setup only the rules put cards in the hand."""
    if not board.own_turn:
        rule = type(board).OPENING_RULE
        raise BoardError(f"No card is {done} in setup: the opening hand is dealt by the rules ({rule}).")


def hidden_zones(board: DeckBoard) -> frozenset[str]:
    """The zones whose cards nobody sees: the deck (its order too) and the board's HIDDEN ones."""
    return type(board).HIDDEN | {"deck"}


def logged(board: DeckBoard) -> int:
    """How many entries the game has logged, those trim_log dropped too."""
    return board.log_dropped + len(board.log)


def trim_log[B: DeckBoard](board: B, keep: int) -> B:
    """The board with only the last `keep` entries of its log; the rest of the board as it was. A board's
    log grows with every action, so a board kept between actions (a visitor's session) is trimmed; the
    entries dropped are counted, so a shuffle after the trim is the one the whole log would give."""
    drop = max(0, len(board.log) - keep)
    if not drop:
        return board
    return _replace(board, log=board.log[drop:], log_dropped=board.log_dropped + drop)


def _number(entry: Any) -> str:
    """The card number of a zone's entry: the number itself, or a unit's (dull, rested ...)."""
    return entry if isinstance(entry, str) else entry.number


def _replace[B: DeckBoard](board: B, **changes: Any) -> B:
    """dataclasses.replace for any game's board (each is a frozen dataclass)."""
    return replace(board, **changes)  # type: ignore[type-var]  # a Protocol-bound value: a dataclass here
