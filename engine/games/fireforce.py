"""Fire Force TRADING CARD GAME: facts and deck construction (docs/rules/fireforce.md; seed 1.0.0).

Codes and messages come from §2.4; E12 (a deck-building restriction printed on a
card, 104.1) is this module's own, as the rules give it no code.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Callable, Iterable, Mapping, Sequence
from typing import Any, ClassVar

from engine.cards import Card
from engine.deck import Deck
from engine.games.base import DrawRules, GameRules, Mulligan, Section
from engine.validation import BanList, Report, Violation

CONSTRUCTED = "constructed"  # 402.2b
BLITZ_SHIELD = "blitz-shield"  # 402.2a
FORMAT_LABELS = {CONSTRUCTED: "Constructed", BLITZ_SHIELD: "Blitz Shield"}

DECK_TYPES = ("unit", "event")  # 402.1: the deck is made of Unit and Event cards
FLAME = "flame"  # 403.1a-1: the Flame deck holds only Flame cards
TYPE_LABELS = {"unit": "Unit", "event": "Event", "flame": "Flame"}

CONSTRUCTED_DECK_SIZE = 40  # 402.2b-2
CONSTRUCTED_COPIES = 2  # 402.2b-3: per card number
BLITZ_DECK_SIZE = 35  # 402.2a-1: the Unit and Event cards of 5 booster packs
FLAME_DECK_SIZE = 5  # 403.1a-2

# Spec 3.6: the kinds of deck-building text a card may carry as structured rule objects.
MAY_INCLUDE_N = "MAY_INCLUDE_N"
MAY_INCLUDE_ANY = "MAY_INCLUDE_ANY"
CANNOT_INCLUDE = "CANNOT_INCLUDE"
CAN_INCLUDE_ONLY = "CAN_INCLUDE_ONLY"
_FILTER_KEYS = ("self", "name", "attribute", "card_type", "and")
_MAX_FILTER_DEPTH = 8  # "and" inside "and": deeper than any printed text, shallow enough to be safe

COUNTER_MARKS = ("【反撃】", "[Counter]")  # 603.1a, 604.1: an ability that starts with 【反撃】


class FireForce(GameRules):
    """Fire Force TCG.

    Open question OQ-2 (Blitz Shield, 402.2a-1 "only the 35 Unit and Event cards of the 5 packs") is
    an option: `FireForce(blitz_whole_pool=True)` (the default, OQ-2's reading) wants exactly
    35 cards and every Unit and Event card of a recorded pool (E08, E10); `blitz_whole_pool=False`
    reads the rule as "only cards from the pool": at most 35 cards, no E10.

    Printings share a card number (210.1, 1402.1): `TU-001/P` is a printing of `TU-001`; the part
    after `printing_separator` is not part of the number.
    """

    id = "fireforce"
    name = "Fire Force TCG"
    short_name = "Fire Force TCG"
    accent = "#7d3c98"
    formats = (CONSTRUCTED, BLITZ_SHIELD)
    sealed_formats = (BLITZ_SHIELD,)  # built from the pool opened at the table
    sections = (Section("main", "Deck"), Section("flame", "Flame deck", holds="flame"))
    card_types = ("unit", "event", "flame")  # 201.2
    colors = ()  # attributes (205) are free tags in `colors`, with no deck-building meaning
    color_word = "Attribute"  # 属性 (205)
    odds_example = "a 1-cost Unit with Flame and an Event"
    # No card list is public yet (card-data.md 4.3): a set code, a serial, perhaps letters after it.
    number_pattern = re.compile(r"[A-Z0-9]{1,6}-\d{1,4}[A-Z]{0,3}", re.IGNORECASE)
    number_examples = "FF01-001 or FF01-001R"
    set_aside_label = "life"
    decklist_headers = {
        "deck": "main",
        "main": "main",
        "main deck": "main",
        "flame": "flame",
        "flame deck": "flame",
        "炎": "flame",
        "フレイムデッキ": "flame",
    }

    def section_size(self, format: str, section: str) -> tuple[int, int | None]:
        if section == "flame":
            return (FLAME_DECK_SIZE, FLAME_DECK_SIZE)  # 403.1a-2
        size = BLITZ_DECK_SIZE if format == BLITZ_SHIELD else CONSTRUCTED_DECK_SIZE  # 402.2a-1, 402.2b-2
        return (size, size)

    draw_rules: ClassVar[DrawRules] = DrawRules(
        opening_hand=5,  # 404.1c
        mulligan=Mulligan.SHUFFLE_ALL,  # 404.1d: the whole hand back, shuffle, take 5
        set_aside_after_mulligan=5,  # 404.1e: 5 life cards from the top, after the redraw
        draws_per_turn=1,  # 502.4
        first_player_first_turn_draws=1,  # 502.4 has no first-turn exception (OQ-1)
    )
    printing_separator: ClassVar[str] = "/"

    def __init__(self, *, blitz_whole_pool: bool = True) -> None:
        self.blitz_whole_pool = blitz_whole_pool

    def base_number(self, number: str) -> str:
        """The card number (210.1): trimmed, upper case, without a printing suffix (TU-001/P -> TU-001)."""
        return number.strip().upper().partition(self.printing_separator)[0]

    def validate(
        self, deck: Deck, banlist: BanList | None = None, pool: Sequence[Card] | None = None
    ) -> Report:
        """As GameRules.validate, with the opened Blitz Shield pool when one is recorded."""
        return Report.of([*self.check(deck, pool), *self.beyond_the_rules(deck, banlist)])

    def check(self, deck: Deck, pool: Sequence[Card] | None = None) -> Iterable[Violation]:
        """Every violation of 402 and 403 (and of deck-building text on cards, 104.1) at once.

        `pool` is the Blitz Shield player's opened cards, one item per copy (Flame cards in it are
        ignored); without it the deck's origin cannot be checked (W02). A card of the wrong type still
        counts towards the size of the stack it is in, so each mistake is reported once (§2.3).
        Warnings have severity "warning"; the notes I01/I02 have severity "info".
        """
        found: list[Violation] = []
        fmt = deck.format
        main = list(deck.cards_in("main"))
        flame = list(deck.cards_in("flame"))
        printed = _printed_deck_rules(deck, self.base_number)

        # 402.2: the event names the format, and the deck is built for it.
        if fmt not in FORMAT_LABELS:
            found.append(_format_missing())

        # 402.1, 402.2b-1 (Constructed), 402.2a-1 (Blitz Shield): only Unit and Event cards in the deck.
        format_rule = {CONSTRUCTED: "402.2b-1", BLITZ_SHIELD: "402.2a-1"}.get(fmt)
        for card, n in main:
            if card.type not in DECK_TYPES:
                found.append(_not_a_deck_card(card, n, format_rule))

        # 402.2a-1: Blitz Shield: the deck is the 35 Unit and Event cards of 5 opened booster packs.
        if fmt == BLITZ_SHIELD:
            found += self._blitz_shield_deck(deck, pool)
        # 402.2a-2: Blitz Shield: any number of cards with the same card number (nothing to check).

        # 402.2b-2: Constructed: exactly 40 cards.
        if fmt == CONSTRUCTED:
            n = deck.size("main")
            if n != CONSTRUCTED_DECK_SIZE:
                found.append(_constructed_size(n))

        # 402.2b-3: Constructed: at most 2 cards per card number; card text may allow more (104.1).
        if fmt == CONSTRUCTED:
            found += self._copies(deck, printed)

        # 403.1a-1: the Flame deck holds only Flame cards.
        for card, n in flame:
            if card.type != FLAME:
                found.append(_not_a_flame_card(card, n))

        # 403.1a-2: the Flame deck has exactly 5 cards.
        n = deck.size("flame")
        if n != FLAME_DECK_SIZE:
            found.append(_flame_deck_size(n))
        # 403.1a-3: any number of copies of the same Flame card (nothing to check).

        # 104.1: deck-building text printed on a card beats these rules; what cannot be modelled is flagged.
        found += self._printed_restrictions(deck, printed)
        found += [_unparsed_deck_rule(source, rule) for source, rule in printed if not _is_modelled(rule)]

        # 402, 403: no colour, attribute or leader restriction exists.
        found.append(_no_colour_rule())

        # 603.1a, 604.1, 702.12b: Counter cards are used only while the opponent attacks.
        counters = [(card, n) for card, n in main if _is_counter(card)]
        if counters:
            found.append(_counter_cards(counters))
        return found

    def _blitz_shield_deck(self, deck: Deck, pool: Sequence[Card] | None) -> list[Violation]:
        """402.2a-1: size (E08), then, with a recorded pool, its contents (E09, E10), else W02."""
        found = []
        n = deck.size("main")
        too_large = n > BLITZ_DECK_SIZE
        if too_large or (self.blitz_whole_pool and n != BLITZ_DECK_SIZE):
            found.append(_blitz_size(n, self.blitz_whole_pool))
        if pool is None:
            found.append(_blitz_pool_unknown())
            return found
        in_deck = _copies_of(
            ((c, k) for c, k in deck.cards_in("main") if c.type in DECK_TYPES), self.base_number
        )
        in_pool = _copies_of(((c, 1) for c in pool if c.type in DECK_TYPES), self.base_number)
        names = {self.base_number(c.number): c.name for c in [*pool, *deck.cards.values()]}
        for number, k in in_deck.items():
            if k > in_pool.get(number, 0):
                found.append(_not_in_pool(number, names[number], k, in_pool.get(number, 0)))
        if self.blitz_whole_pool:
            for number, m in in_pool.items():
                if m > in_deck.get(number, 0):
                    found.append(_pool_card_missing(number, names[number], m - in_deck.get(number, 0)))
        return found

    def _copies(self, deck: Deck, printed: list[tuple[Card, Mapping[str, Any]]]) -> list[Violation]:
        """402.2b-3 per card number over every printing, with the limits card text gives (104.1)."""
        found = []
        copies = _copies_of(deck.cards_in("main"), self.base_number)
        for number, n in copies.items():
            printings = tuple(
                sorted({c.number for c, _ in deck.cards_in("main") if self.base_number(c.number) == number})
            )
            card = deck.cards[printings[0]]
            limit = self._copy_limit(card, printed)
            if limit is not None and n > limit:
                found.append(_too_many_copies(number, card.name, n, limit, printings))
        return found

    def _copy_limit(self, card: Card, printed: list[tuple[Card, Mapping[str, Any]]]) -> int | None:
        """2 (402.2b-3), unless modelled card text in the deck allows more; None means any number."""
        allowed: list[int | None] = []
        for source, rule in printed:
            kind = rule.get("kind")
            if kind not in (MAY_INCLUDE_N, MAY_INCLUDE_ANY) or not _is_modelled(rule):
                continue
            if _matches(rule["filter"], card, source, self.base_number):
                allowed.append(None if kind == MAY_INCLUDE_ANY else rule["n"])
        if not allowed:
            return CONSTRUCTED_COPIES
        if None in allowed:
            return None
        return max(n for n in allowed if n is not None)

    def _printed_restrictions(
        self, deck: Deck, printed: list[tuple[Card, Mapping[str, Any]]]
    ) -> list[Violation]:
        """104.1: CANNOT_INCLUDE and CAN_INCLUDE_ONLY printed on a card in the deck (E12)."""
        found = []
        for source, rule in printed:
            kind = rule.get("kind")
            if kind not in (CANNOT_INCLUDE, CAN_INCLUDE_ONLY) or not _is_modelled(rule):
                continue
            for card, n in deck.cards_in("main"):
                if self.base_number(card.number) == self.base_number(source.number):
                    continue  # a card's own restriction never excludes the card itself
                hit = _matches(rule["filter"], card, source, self.base_number)
                if hit == (kind == CANNOT_INCLUDE):
                    found.append(_printed_restriction(source, rule, card, n))
        return found


# Reading deck-building text printed on cards (§3.6).


def _printed_deck_rules(
    deck: Deck, base_number: Callable[[str], str]
) -> list[tuple[Card, Mapping[str, Any]]]:
    """Each deck rule printed on a card of the deck, once per card number, with the card carrying it."""
    seen: set[str] = set()
    rules = []
    for section in ("main", "flame"):
        for card, _ in deck.cards_in(section):
            number = base_number(card.number)
            if number in seen:
                continue
            seen.add(number)
            rules += [(card, rule) for rule in card.deck_rules if isinstance(rule, Mapping)]
    return rules


def _is_modelled(rule: Mapping[str, Any]) -> bool:
    """A rule of a kind this module applies, with a filter it can read (UNPARSED never is)."""
    kind = rule.get("kind")
    if kind not in (MAY_INCLUDE_N, MAY_INCLUDE_ANY, CANNOT_INCLUDE, CAN_INCLUDE_ONLY):
        return False
    if kind == MAY_INCLUDE_N:
        n = rule.get("n")
        if isinstance(n, bool) or not isinstance(n, int) or n < 0:
            return False
    return _readable_filter(rule.get("filter"), 0)


def _readable_filter(f: Any, depth: int) -> bool:
    if depth > _MAX_FILTER_DEPTH or not isinstance(f, Mapping) or len(f) != 1:
        return False
    key, value = next(iter(f.items()))
    if key == "self":
        return value is True
    if key in ("name", "attribute", "card_type"):
        return isinstance(value, str)
    if key == "and":
        return isinstance(value, list) and bool(value) and all(_readable_filter(v, depth + 1) for v in value)
    return False


def _matches(f: Mapping[str, Any], card: Card, source: Card, base_number: Callable[[str], str]) -> bool:
    """Whether `card` is one of the cards a readable filter printed on `source` names."""
    key, value = next(iter(f.items()))
    if key == "self":
        return base_number(card.number) == base_number(source.number)
    if key == "name":
        return card.name == value
    if key == "attribute":
        return value.lower() in (a.lower() for a in card.colors)
    if key == "card_type":
        return card.type.lower() == value.lower()
    return all(_matches(g, card, source, base_number) for g in value)


def _describe(f: Mapping[str, Any], source: Card) -> str:
    key, value = next(iter(f.items()))
    if key == "self":
        return f"{source.number} {source.name}"
    if key == "name":
        return f"cards named 「{value}」"
    if key == "attribute":
        return f"[{value}] cards"
    if key == "card_type":
        return f"{TYPE_LABELS.get(value.lower(), value)} cards"
    return " that are also ".join(_describe(g, source) for g in value)


def _is_counter(card: Card) -> bool:
    """A card whose event ability or an activated ability starts with 【反撃】 (603.1a, 604.1)."""
    return card.has("counter") or any(
        line.strip().startswith(COUNTER_MARKS) for line in card.text.splitlines()
    )


def _copies_of(cards: Iterable[tuple[Card, int]], base_number: Callable[[str], str]) -> Counter[str]:
    copies: Counter[str] = Counter()
    for card, n in cards:
        copies[base_number(card.number)] += n
    return copies


def _type_label(card: Card) -> str:
    return TYPE_LABELS.get(card.type, repr(card.type))


def _copies_label(n: int) -> str:
    return f"{n} copies" if n != 1 else "1 copy"


# The messages of §2.4, one function per code.


def _format_missing() -> Violation:
    return Violation(
        "E11",
        "402.2",
        "Choose a format (Constructed or Blitz Shield) before checking the deck (rule 402.2).",
    )


def _not_a_deck_card(card: Card, n: int, format_rule: str | None) -> Violation:
    rules = f"rules 402.1, {format_rule}" if format_rule else "rule 402.1"
    if card.type == FLAME:
        what = f"{card.number} {card.name} is a Flame card"
        fix = "Put Flame cards in your Flame deck instead"
    else:
        what = (
            f"{card.number} {card.name} has the card type {card.type!r}, which is not a Fire Force card type"
        )
        fix = "Remove it"
    return Violation(
        "E03",
        f"402.1; {format_rule}" if format_rule else "402.1",
        f"{what} ({_copies_label(n)} in your deck). Only Unit and Event cards can go in your deck. "
        f"{fix} ({rules}).",
        (card.number,),
    )


def _blitz_size(n: int, whole_pool: bool) -> Violation:
    if whole_pool:
        fix = f"Add {BLITZ_DECK_SIZE - n} more." if n < BLITZ_DECK_SIZE else f"Remove {n - BLITZ_DECK_SIZE}."
        need = f"It must be made of the {BLITZ_DECK_SIZE} Unit and Event cards from your 5 booster packs"
    else:
        fix = f"Remove {n - BLITZ_DECK_SIZE}."
        need = f"It may use only the {BLITZ_DECK_SIZE} Unit and Event cards from your 5 booster packs"
    return Violation(
        "E08", "402.2a-1", f"Your Blitz Shield deck has {n} cards. {need} (rule 402.2a-1). {fix}"
    )


def _not_in_pool(number: str, name: str, n: int, m: int) -> Violation:
    contain = f"only {m}" if m else "none"
    return Violation(
        "E09",
        "402.2a-1",
        f"Your deck uses {n} of {number} {name}, but your opened packs contain {contain}. "
        "A Blitz Shield deck may use only the Unit and Event cards from your 5 packs (rule 402.2a-1). "
        f"Remove {n - m}.",
        (number,),
    )


def _pool_card_missing(number: str, name: str, missing: int) -> Violation:
    if missing == 1:
        what, verb, them = f"{number} {name}", "is", "it"
    else:
        what, verb, them = f"{missing} copies of {number} {name}", "are", "them"
    return Violation(
        "E10",
        "402.2a-1",
        f"{what} from your opened packs {verb} missing from your deck. A Blitz Shield deck is made of all "
        f"{BLITZ_DECK_SIZE} Unit and Event cards from your 5 packs (rule 402.2a-1). Add {them} back.",
        (number,),
    )


def _blitz_pool_unknown() -> Violation:
    return Violation(
        "W02",
        "402.2a-1",
        "No opened pool is recorded for this Blitz Shield deck, so this tool cannot confirm that the "
        "cards come from your 5 packs (rule 402.2a-1).",
        severity="warning",
    )


def _constructed_size(n: int) -> Violation:
    need = (
        f"Your deck has {n} cards. A Constructed deck must have exactly {CONSTRUCTED_DECK_SIZE} "
        "Unit and Event cards (rule 402.2b-2)."
    )
    if n < CONSTRUCTED_DECK_SIZE:
        return Violation("E01", "402.2b-2", f"{need} Add {CONSTRUCTED_DECK_SIZE - n} more.")
    return Violation("E02", "402.2b-2", f"{need} Remove {n - CONSTRUCTED_DECK_SIZE}.")


def _too_many_copies(number: str, name: str, n: int, limit: int, printings: tuple[str, ...]) -> Violation:
    if limit == CONSTRUCTED_COPIES:
        allowed = f"at most {limit} cards with the same card number (rule 402.2b-3)"
    else:
        allowed = f"at most {limit} cards numbered {number}, as card text allows (rules 104.1, 402.2b-3)"
    return Violation(
        "E04",
        "402.2b-3",
        f"You have {n} copies of card number {number} ({name}). A Constructed deck may contain {allowed}. "
        f"Different printings of {number} count together. Remove {n - limit}.",
        printings,
    )


def _not_a_flame_card(card: Card, n: int) -> Violation:
    fix = "Move it to your deck." if card.type in DECK_TYPES else "Remove it."
    return Violation(
        "E05",
        "403.1a-1",
        f"{card.number} {card.name} is a {_type_label(card)} card ({_copies_label(n)} in your Flame deck). "
        f"Your Flame deck may contain only Flame cards (rule 403.1a-1). {fix}",
        (card.number,),
    )


def _flame_deck_size(n: int) -> Violation:
    need = (
        f"Your Flame deck has {n} cards. It must have exactly {FLAME_DECK_SIZE} Flame cards (rule 403.1a-2)."
    )
    if n < FLAME_DECK_SIZE:
        return Violation("E06", "403.1a-2", f"{need} Add {FLAME_DECK_SIZE - n} more.")
    return Violation("E07", "403.1a-2", f"{need} Remove {n - FLAME_DECK_SIZE}.")


def _printed_restriction(source: Card, rule: Mapping[str, Any], card: Card, n: int) -> Violation:
    what = _describe(rule["filter"], source)
    if rule["kind"] == CANNOT_INCLUDE:
        says = f"says your deck cannot include {what}"
    else:
        says = f"lets your deck include only {what}"
    return Violation(
        "E12",
        "104.1",
        f"{source.number} {source.name} {says}, but the deck has {_copies_label(n)} of {card.number} "
        f"{card.name}. Card text overrides the rules (rule 104.1): remove {card.number} or {source.number}.",
        (source.number, card.number),
    )


def _unparsed_deck_rule(card: Card, rule: Mapping[str, Any]) -> Violation:
    text = rule.get("text_ja") or rule.get("text") or card.text
    quoted = f": “{text}”" if isinstance(text, str) and text else ""
    return Violation(
        "W01",
        "104.1",
        f"{card.number} {card.name} has text about deck building that this tool cannot check automatically. "
        f"Card text overrides the rules (rule 104.1), so please verify it by hand{quoted}.",
        (card.number,),
        severity="warning",
    )


def _no_colour_rule() -> Violation:
    return Violation(
        "I01",
        "402, 403",
        "Fire Force TCG has no colour, attribute or leader restriction. "
        "Any Unit and Event cards may be combined (rules 402, 403).",
        severity="info",
    )


def _counter_cards(counters: list[tuple[Card, int]]) -> Violation:
    k = sum(n for _, n in counters)
    listed = ", ".join(f"{n}× {card.number} {card.name}" for card, n in counters)
    return Violation(
        "I02",
        "603.1a, 604.1, 702.12b",
        f"{k} card{'s' if k != 1 else ''} in this deck ({listed}) have Counter (【反撃】) abilities. "
        "A Counter Event, and a Counter ability of a Unit, can be used only while your opponent is "
        "attacking (rules 603.1a, 604.1, 702.12b), so the solo simulator never uses them. "
        "A Unit with a Counter ability can still be deployed in your main phase as usual (rule 602.1).",
        tuple(card.number for card, _ in counters),
        severity="info",
    )
