"""FINAL FANTASY TRADING CARD GAME: facts and deck construction (docs/rules/fftcg.md; seed CR 3.2).

Deck construction is rule 8.1 of the Comprehensive Rules: sizes (8.1.1.1), copies (8.1.1.2), rules
printed on cards (8.1.2) and what may go in which deck (8.1.3). `FFTCG.check` runs them in that order,
then the advisory warnings, and reports every finding at once (§2.4).
"""

from __future__ import annotations

import re
import unicodedata
from collections import Counter
from collections.abc import Iterable, Mapping, Sequence
from dataclasses import dataclass
from typing import Any, ClassVar

from engine.cards import Card
from engine.deck import Deck
from engine.games.base import DrawRules, GameRules, Mulligan, Section
from engine.validation import Violation

# A printed code is the card number, a rarity letter and sometimes a printing tag: 16-015H, 11-136S,
# T1-001C-FOIL. The copy-limit key is the number alone (5.2.5.1; §3.2 and OQ-12).
_PRINTED_CODE = re.compile(r"^(?P<number>.*\d)[A-Z]?(?:-[A-Z]+)?$")

# The markup of the official card list's text (research/card-data.md 1.2; fftcgtool's card.py): [[br]] a
# line break, [[ex]]EX BURST[[/]], [[i]]...[[/]] italics (Card Name, Job, Category, Limit Break, Damage),
# [[s]]...[[/]] a special ability's name, and in every language the icons 《ダル》 (Dull), 《火》...
# (elements), 《S》, 《C》 and 《1》. A [[br]] is sometimes printed inside a tag; it belongs before it.
_BREAK_INSIDE_TAG = re.compile(r"(\[\[[a-z]+\]\][^\[]*?)(\[\[br\]\])([^\[]*?\[\[/\]\])", re.IGNORECASE)
# The spaces around a [[br]] go with the lines' own (printed_text): a \s* before it would try the rest of a
# run of spaces from each of its characters, and an icon's name holds no 《, so a run of 《 is one scan.
_LINE_BREAK = re.compile(r"\[\[br\]\]", re.IGNORECASE)
_TAG = re.compile(r"\[\[/?[a-z]*\]\]", re.IGNORECASE)
# A tag between words stands for a space ("EX BURST[[/]]When"), but against the punctuation that closes or
# opens a phrase for nothing: "[[i]]Card Name Cid[[/]]." prints "Card Name Cid.", not "Cid .".
_TAG_AGAINST_PUNCTUATION = re.compile(
    r"\[\[/?[a-z]*\]\](?=[.,;:!?)\]」』、。])|(?<=[(\[「『])\[\[/?[a-z]*\]\]", re.IGNORECASE
)
_ICON = re.compile(r"《([^《》]+)》")
_KANA = re.compile(r"[\u3040-\u30ff]")
_ENGLISH_ICONS = {
    "ダル": "Dull",
    **dict(
        zip(
            "火氷風土雷水光闇",
            ("Fire", "Ice", "Wind", "Earth", "Lightning", "Water", "Light", "Dark"),
            strict=True,
        )
    ),
}

CONSTRUCTED_MAIN_DECK = 50  # 8.1.1.1: exactly
LIMITED_MAIN_DECK_MIN = 40  # 8.1.1.1: at least, no maximum
LB_DECK_MAX = 8  # 8.1.1.1: both formats
COPY_LIMIT = 3  # 8.1.1.2 and 5.2.5.1: per card number, Constructed only
LIGHT_DARK_WARN_ABOVE = 6  # W04 of §2.4: more than this many Light/Dark cards is worth a warning

LIGHT_AND_DARK = ("light", "dark")  # 5.2.1.3: cannot be discarded for CP
LIMIT_BREAK = "limit-break"  # 15.2.8: the keyword of LB cards
SPECIAL_ABILITY = "special-ability"  # 11.7.1: the S icon


class FFTCG(GameRules):
    id = "fftcg"
    name = "FINAL FANTASY TCG"
    short_name = "Final Fantasy TCG"
    accent = "#c0392b"
    official_card_list = True
    formats = ("constructed", "limited")
    sections = (Section("main", "Main deck"), Section("lb", "Limit Break deck"))
    card_types = ("forward", "backup", "summon", "monster")
    colors = ("fire", "ice", "wind", "earth", "lightning", "water", "light", "dark")
    color_word = "Element"  # 属性 (5.2.1.1)
    rarities = ("C", "R", "H", "L", "S")
    sealed_formats = ("limited",)  # 8.1.1.1: a Limited deck is built from the player's own pool
    rarity_in_number = True
    # A set (1 to 27, PR, B, C, a fictional FX), its serial, the rarity letter, a printing tag (card-data.md
    # 1.3; T1-001C-FOIL in the rules' fixtures). A reprint's "8-066C/3-071H" is two numbers, read apart.
    number_pattern = re.compile(r"[A-Z0-9]{1,4}-\d{1,4}[A-Z]?(?:-[A-Z]{1,8})?", re.IGNORECASE)
    number_examples = "1-001H, 27-010L, PR-001 or C-001"
    odds_example = "a 2-cost Forward and a Backup"
    decklist_headers = {
        "main": "main",
        "main deck": "main",
        "deck": "main",
        "limit break": "lb",
        "lb": "lb",
        "lb deck": "lb",
        "limit break deck": "lb",
    }
    keyword_sections = {LIMIT_BREAK: "lb"}  # an LB card in a plain list goes to the LB deck (8.1.1.4)

    def section_size(self, format: str, section: str) -> tuple[int, int | None]:
        if section == "lb":
            return (0, LB_DECK_MAX)
        if format == "limited":
            return (LIMITED_MAIN_DECK_MIN, None)
        return (CONSTRUCTED_MAIN_DECK, CONSTRUCTED_MAIN_DECK)

    def sections_for_card(self, format: str, card_type: str, keywords: Sequence[str]) -> list[str]:
        """An LB card goes to the LB deck (8.1.1.1, keyword_sections); in Limited any card may (8.1.1.1,
        15.2.8)."""
        sections = super().sections_for_card(format, card_type, keywords)
        return ["main", "lb"] if format == "limited" and sections == ["main"] else sections

    draw_rules: ClassVar[DrawRules] = DrawRules(
        opening_hand=5,  # 8.2.1.3
        mulligan=Mulligan.BOTTOM_ALL,  # 8.2.1.4: all 5 to the bottom, no shuffle, draw 5
        set_aside_after_mulligan=0,
        draws_per_turn=2,  # 9.2.1.1
        first_player_first_turn_draws=1,  # 9.2.1.3
    )

    def base_number(self, number: str) -> str:
        """16-015H, 16-015, 16-015H-FOIL and 16-015h are one card: rarity, printing tag and case are not
        the number."""
        number = number.strip().upper()
        m = _PRINTED_CODE.match(number)
        return m.group("number") if m else number

    def printed_text(self, text: str) -> str:
        """The official list's markup as the card prints it: [[br]] a new line, the tags' words without the
        tags, and in English text the icons by their English names (《Dull》, 《Fire》; the digits of 《１》
        half-width), as the English reader and the sample cards write them. Japanese text keeps 《ダル》 and
        the element kanji its reader reads."""
        text = _BREAK_INSIDE_TAG.sub(r"\2\1\3", text)
        text = _TAG.sub(" ", _TAG_AGAINST_PUNCTUATION.sub("", _LINE_BREAK.sub("\n", text)))
        english = not _KANA.search(_ICON.sub("", text))
        lines = []
        for line in text.splitlines():
            if english:
                line = _ICON.sub(
                    lambda m: f"《{_ENGLISH_ICONS.get(m[1], unicodedata.normalize('NFKC', m[1]))}》", line
                )
            lines.append(" ".join(line.split()))
        return "\n".join(line for line in lines if line)

    def check(self, deck: Deck) -> Iterable[Violation]:
        limited = deck.format == "limited"
        main_size, lb_size = deck.size("main"), deck.size("lb")
        rules = self.deck_rules(deck)
        found: list[Violation] = []

        # 8.1.1.1: the main deck has exactly 50 cards (Constructed) or at least 40 (Limited).
        found += _main_deck_size(main_size, limited, [r for r in rules if r.changes_size_of("main")])
        # 8.1.1.1: the LB deck has at most 8 cards; none at all is fine and needs no preparing.
        found += _lb_deck_size(lb_size, [r for r in rules if r.changes_size_of("lb")])
        # 8.1.1.2: at most 3 cards per card number, main and LB deck together; no limit in Limited.
        if limited:
            found.append(_info("I02", "8.1.1.2", LIMITED_POOL_NOT_CHECKED))
        else:
            found += self._copies(deck, rules)
        # 8.1.2: deck-building rules printed on cards replace the conditions above.
        found += self._text_rules(deck, rules)
        # 8.1.3: no Limit Break card in the main deck, in either format.
        for card, _ in deck.cards_in("main"):
            if has_limit_break(card):
                found.append(_lb_card_in_main_deck(card))
        # 8.1.3: in Constructed the LB deck holds only Limit Break cards; in Limited any card.
        if not limited:
            for card, _ in deck.cards_in("lb"):
                if not has_limit_break(card):
                    found.append(_non_lb_card_in_lb_deck(card))

        # Warnings: legal decks a player probably did not mean to build.
        # 5.2.1.3, 7.7.5: many Light/Dark cards in the main deck.
        found += _light_dark_heavy(deck)
        # 10.1.2.1: only Forwards attack.
        if not any(card.type == "forward" for card in self._distinct(deck, ("main", "lb")).values()):
            found.append(_warning("W02", "10.1.2.1", NO_FORWARDS))
        # 11.7.1: a special ability costs another card of the same name from the hand.
        found += _special_ability_singletons(deck)
        # 15.2.8.3.2: an LB cost of X turns X other face-down LB cards face up.
        for card, _ in deck.cards_in("lb"):
            if has_limit_break(card) and card.lb_cost is not None and card.lb_cost >= lb_size:
                found.append(_lb_cost_unpayable(card, lb_size))
        return sorted(found, key=_report_order)

    def deck_rules(self, deck: Deck) -> list[DeckRule]:
        """The deck-building rules printed on the deck's cards, once per card number (8.1.2)."""
        rules: list[DeckRule] = []
        seen: set[str] = set()
        for section in ("main", "lb"):
            for card, _ in deck.cards_in(section):
                base = self.base_number(card.number)
                if base not in seen:
                    seen.add(base)
                    rules += [DeckRule.parse(card, base, raw) for raw in card.deck_rules]
        return rules

    def _copies(self, deck: Deck, rules: list[DeckRule]) -> list[Violation]:
        found = []
        copies = deck.copies_by(lambda c: self.base_number(c.number), ("main", "lb"))
        for base, n in copies.items():
            printings = self._printings(deck, base)
            card = deck.cards[printings[0]]
            # 8.1.2: a rule such as "any number of this card" replaces the limit; the most permissive
            # one wins, as the player chooses which replacement applies (11.12.5.7; §3.6). The
            # count stays main + LB together whatever the rule's applies_to, like the limit it replaces.
            raising = [r for r in rules if r.kind == MAY_INCLUDE_N and r.covers(card, base)]
            limits = [r.n for r in raising]
            if None in limits:
                continue  # "any number of this card"
            limit = max((x for x in limits if x is not None), default=COPY_LIMIT)
            if n > limit:
                source = next((r.source for r in raising if r.n == limit), None)
                found.append(_too_many_copies(base, card.name, n, limit, source, printings))
        return found

    def _text_rules(self, deck: Deck, rules: list[DeckRule]) -> list[Violation]:
        found = []
        for rule in rules:
            if rule.kind == UNPARSED:
                found.append(_unparsed_rule(rule))
            elif rule.kind == DECK_SIZE:
                found.append(_deck_size_rule(rule))
            elif rule.kind in (CANNOT_INCLUDE, CAN_INCLUDE_ONLY):
                # The card that carries the rule is exempt from it, or it could never be played [INF].
                for base, card in self._distinct(deck, rule.sections).items():
                    if base == rule.source_base:
                        continue
                    if rule.kind == CANNOT_INCLUDE and rule.covers(card, base):
                        found.append(_forbidden_card(rule, card))
                    if rule.kind == CAN_INCLUDE_ONLY and not rule.covers(card, base):
                        found.append(_only_cards(rule, card))
            elif rule.kind == MAY_INCLUDE_ONLY_N:
                matching = [
                    (card, n)
                    for section in rule.sections
                    for card, n in deck.cards_in(section)
                    if rule.covers(card, self.base_number(card.number))
                ]
                total = sum(n for _, n in matching)
                if rule.n is not None and total > rule.n:
                    found.append(_count_limit(rule, total, tuple(sorted({c.number for c, _ in matching}))))
        # Two rules on one card: the tool takes the most permissive reading, a person should confirm
        # (11.12.5.5, 11.12.5.7; §3.6).
        filtered = [r for r in rules if r.filter is not None]
        for base, card in self._distinct(deck, ("main", "lb")).items():
            touching = [r for r in filtered if r.covers(card, base)]
            if len(touching) > 1:
                found.append(_overlapping_rules(card, touching))
        return found

    def _distinct(self, deck: Deck, sections: tuple[str, ...]) -> dict[str, Card]:
        """Card number -> its first printing in the sections, in deck order."""
        by_base: dict[str, Card] = {}
        for section in sections:
            for card, _ in deck.cards_in(section):
                by_base.setdefault(self.base_number(card.number), card)
        return by_base

    def _printings(self, deck: Deck, base: str) -> tuple[str, ...]:
        """The printings of card number `base` that the deck lists, sorted."""
        return tuple(
            sorted(
                {e.card for s in ("main", "lb") for e in deck.entries(s) if self.base_number(e.card) == base}
            )
        )


def has_limit_break(card: Card) -> bool:
    """An LB card has the LB icon and "Limit Break -- X" (15.2.8.2); either field marks it."""
    return card.has(LIMIT_BREAK) or card.lb_cost is not None


# Deck-building rules printed on cards (8.1.2; §3.6). The CR cites no example card, so
# these kinds are a defensive guess (§3.6); anything else is UNPARSED and checked by hand.
MAY_INCLUDE_N = "MAY_INCLUDE_N"  # the copy limit of the matching cards becomes n ("ANY": none)
MAY_INCLUDE_ONLY_N = "MAY_INCLUDE_ONLY_N"  # at most n matching cards in total
CANNOT_INCLUDE = "CANNOT_INCLUDE"  # no matching card
CAN_INCLUDE_ONLY = "CAN_INCLUDE_ONLY"  # every card matches
DECK_SIZE = "DECK_SIZE"  # the main deck size (or the LB deck maximum) becomes n
UNPARSED = "UNPARSED"

_APPLIES_TO = {"MAIN": ("main",), "LB": ("lb",), "BOTH": ("main", "lb")}
_FILTER_KEYS = ("self", "name", "element", "job", "category", "card_type", "and")
_MAX_FILTER_DEPTH = 8


@dataclass(frozen=True, slots=True)
class DeckRule:
    """One rule object of a card's `deck_rules`, checked for shape; a malformed one is UNPARSED."""

    source: Card
    source_base: str
    kind: str
    n: int | None  # None: any number (MAY_INCLUDE_N), or not used by the kind
    filter: Mapping[str, Any] | None
    sections: tuple[str, ...]
    text: str

    @classmethod
    def parse(cls, source: Card, source_base: str, raw: Mapping[str, Any]) -> DeckRule:
        text = raw.get("text_ja") or raw.get("text") or source.text
        text = text if isinstance(text, str) else ""
        unparsed = cls(source, source_base, UNPARSED, None, None, (), text)
        kind, n, flt = raw.get("kind"), raw.get("n"), raw.get("filter")
        applies_to = raw.get("applies_to") or "BOTH"
        sections = _APPLIES_TO.get(applies_to) if isinstance(applies_to, str) else None
        if sections is None:
            return unparsed
        if kind in (MAY_INCLUDE_N, MAY_INCLUDE_ONLY_N, CANNOT_INCLUDE, CAN_INCLUDE_ONLY):
            if not _valid_filter(flt):
                return unparsed
            if kind == MAY_INCLUDE_N and n == "ANY":
                return cls(source, source_base, kind, None, flt, sections, text)
            if kind in (MAY_INCLUDE_N, MAY_INCLUDE_ONLY_N) and not _count(n):
                return unparsed
            return cls(source, source_base, kind, n if _count(n) else None, flt, sections, text)
        if kind == DECK_SIZE and _count(n) and len(sections) == 1:
            return cls(source, source_base, kind, n, None, sections, text)
        return unparsed

    def changes_size_of(self, section: str) -> bool:
        return self.kind == DECK_SIZE and self.sections == (section,)

    def covers(self, card: Card, base: str) -> bool:
        """Whether the filter matches `card`, whose card number is `base`."""
        return self.filter is not None and _matches(self.filter, card, base, self.source_base)

    @property
    def what(self) -> str:
        return _describe(self.filter) if self.filter is not None else "cards"


def _count(n: Any) -> bool:
    return isinstance(n, int) and not isinstance(n, bool) and n >= 0


def _valid_filter(flt: Any, depth: int = 0) -> bool:
    if not isinstance(flt, Mapping) or len(flt) != 1 or depth > _MAX_FILTER_DEPTH:
        return False
    key, value = next(iter(flt.items()))
    if key not in _FILTER_KEYS:
        return False
    if key == "self":
        return value is True
    if key == "and":
        return isinstance(value, list) and bool(value) and all(_valid_filter(f, depth + 1) for f in value)
    return isinstance(value, str) and bool(value)


def _matches(flt: Mapping[str, Any], card: Card, base: str, source_base: str) -> bool:
    key, value = next(iter(flt.items()))
    if key == "self":
        return base == source_base
    if key == "and":
        return all(_matches(f, card, base, source_base) for f in value)
    if key == "name":
        return card.name == value
    if key == "element":
        return value.casefold() in card.colors
    if key == "card_type":
        return card.type == value.casefold()
    # Jobs and categories both live in `traits` (docs/deck-file.md).
    return value.casefold() in (t.casefold() for t in card.traits)


def _describe(flt: Mapping[str, Any]) -> str:
    key, value = next(iter(flt.items()))
    if key == "and":
        return " that are also ".join(_describe(f) for f in value)
    return {
        "self": "copies of this card",
        "name": f"cards named {value}",
        "element": f"{str(value).capitalize()} cards",
        "job": f"cards with the job {value}",
        "category": f"cards of the category {value}",
        "card_type": f"{str(value).capitalize()}s",
    }[key]


# The messages of §2.4, one function per code.

LIMITED_POOL_NOT_CHECKED = (
    "Limited: deck size is at least 40 and there is no copy limit. Whether every card came from your own "
    "sealed or draft pool is not checked."
)
NO_FORWARDS = (
    "Your deck has no Forwards. Only Forwards can attack (rule 10.1.2.1), so it can win only through card "
    "effects."
)


def _main_deck_size(n: int, limited: bool, size_rules: list[DeckRule]) -> list[Violation]:
    sources = tuple(r.source.number for r in size_rules)
    by_text = f" ({_names(size_rules)} changes this, rule 8.1.2)" if size_rules else ""
    if limited:
        minimum = min((r.n for r in size_rules if r.n is not None), default=LIMITED_MAIN_DECK_MIN)
        if n >= minimum:
            return []
        message = (
            f"Your main deck has {n} cards. A Limited main deck needs at least {minimum} cards{by_text} "
            f"(rule 8.1.1.1). Add {minimum - n} more."
        )
        return [Violation("E03", "8.1.1.1", message, sources)]
    allowed = [r.n for r in size_rules if r.n is not None] or [CONSTRUCTED_MAIN_DECK]
    if n in allowed:
        return []
    target = min(allowed, key=lambda size: abs(size - n))
    fix = f"Add {_cards(target - n)}." if n < target else f"Remove {_cards(n - target)}."
    message = (
        f"Your main deck has {n} cards. A Constructed main deck must have exactly {target} cards{by_text} "
        f"(rule 8.1.1.1). {fix}"
    )
    return [Violation("E02", "8.1.1.1", message, sources)]


def _lb_deck_size(n: int, size_rules: list[DeckRule]) -> list[Violation]:
    if n == 0:
        message = "No LB deck. That is allowed; an empty LB deck need not be prepared (rule 8.1.1.1)."
        return [_info("I01", "8.1.1.1", message)]
    maximum = max((r.n for r in size_rules if r.n is not None), default=LB_DECK_MAX)
    if n <= maximum:
        return []
    by_text = f" ({_names(size_rules)} changes this, rule 8.1.2)" if size_rules else ""
    message = (
        f"Your LB deck has {n} cards. An LB deck may have at most {maximum} cards{by_text} (rule 8.1.1.1). "
        f"Remove {n - maximum}."
    )
    return [Violation("E06", "8.1.1.1", message, tuple(r.source.number for r in size_rules))]


def _too_many_copies(
    base: str, name: str, n: int, limit: int, source: Card | None, printings: tuple[str, ...]
) -> Violation:
    allowed = f"at most {limit} cards with the same card number"
    if source is not None:
        allowed += f" ({source.number} {source.name} sets this limit, rule 8.1.2)"
    message = (
        f"You have {n} cards with card number {base} ({name}). In Constructed you may include {allowed} "
        f"(rule 8.1.1.2). Remove {n - limit}. Different printings and rarities of {base} count together; "
        "cards with the same name but a different number do not."
    )
    return Violation("E04", "8.1.1.2", message, printings)


def _lb_card_in_main_deck(card: Card) -> Violation:
    message = (
        f"{card.number} {card.name} has Limit Break, so it cannot go in your main deck (rule 8.1.3). "
        "Move it to your LB deck."
    )
    return Violation("E05", "8.1.3", message, (card.number,))


def _non_lb_card_in_lb_deck(card: Card) -> Violation:
    message = (
        f"{card.number} {card.name} does not have Limit Break. In Constructed your LB deck may contain only "
        "Limit Break cards (rule 8.1.3). Move it to your main deck."
    )
    return Violation("E07", "8.1.3", message, (card.number,))


def _forbidden_card(rule: DeckRule, card: Card) -> Violation:
    message = (
        f"{rule.source.name} says your deck cannot include {rule.what}, but it contains {card.number} "
        f"{card.name} (rule 8.1.2). Remove it or {rule.source.number}."
    )
    return Violation("E08", "8.1.2", message, (card.number, rule.source.number))


def _only_cards(rule: DeckRule, card: Card) -> Violation:
    message = (
        f"{rule.source.name} says your deck can include only {rule.what}. {card.number} {card.name} does not "
        f"qualify (rule 8.1.2). Remove it or {rule.source.number}."
    )
    return Violation("E09", "8.1.2", message, (card.number, rule.source.number))


def _count_limit(rule: DeckRule, n: int, numbers: tuple[str, ...]) -> Violation:
    message = (
        f"{rule.source.name} limits {rule.what} to {rule.n} in your deck. You have {n} (rule 8.1.2). "
        f"Remove {n - (rule.n or 0)}."
    )
    return Violation("E10", "8.1.2", message, numbers)


def _unparsed_rule(rule: DeckRule) -> Violation:
    card = rule.source
    message = (
        f"{card.number} {card.name} has a deck-building rule this tool cannot check automatically. "
        f"Please check it by hand: “{rule.text}”."
    )
    return _warning("W01", "8.1.2", message, (card.number,))


def _deck_size_rule(rule: DeckRule) -> Violation:
    card = rule.source
    deck = "main deck" if rule.sections == ("main",) else "LB deck"
    message = (
        f"{card.number} {card.name} changes the size of your {deck} to {rule.n}; this tool applied that, "
        f"but please check it by hand: “{rule.text}” (rule 8.1.2)."
    )
    return _warning("W01", "8.1.2", message, (card.number,))


def _overlapping_rules(card: Card, rules: list[DeckRule]) -> Violation:
    message = (
        f"{card.number} {card.name} is covered by more than one deck-building rule ({_names(rules)}). "
        "This tool applied the most permissive reading; please check it by hand (rule 8.1.2)."
    )
    return _warning("W01", "8.1.2", message, (card.number, *sorted({r.source.number for r in rules})))


def _light_dark_heavy(deck: Deck) -> list[Violation]:
    light_dark = [(card, n) for card, n in deck.cards_in("main") if set(card.colors) & set(LIGHT_AND_DARK)]
    total = sum(n for _, n in light_dark)
    if total <= LIGHT_DARK_WARN_ABOVE:
        return []
    message = (
        f"Your deck has {total} Light/Dark cards. They cannot be discarded for CP (rule 5.2.1.3), and you "
        "can control only one Light or Dark character at a time (rule 7.7.5)."
    )
    return [_warning("W04", "5.2.1.3", message, tuple(card.number for card, _ in light_dark))]


def _special_ability_singletons(deck: Deck) -> list[Violation]:
    """A card with an S ability needs another card of its name in the main deck, to discard."""
    names_in_main: Counter[str] = deck.copies_by(lambda c: c.name, ("main",))
    found = []
    warned: set[str] = set()
    for section in ("main", "lb"):
        for card, _ in deck.cards_in(section):
            others = names_in_main[card.name] - (1 if section == "main" else 0)
            if card.has(SPECIAL_ABILITY) and others < 1 and card.name not in warned:
                warned.add(card.name)
                message = (
                    f"{card.name}'s special ability needs you to discard another card named {card.name} "
                    "(rule 11.7.1). Your main deck has no other card with that name."
                )
                found.append(_warning("W05", "11.7.1", message, (card.number,)))
    return found


def _lb_cost_unpayable(card: Card, lb_size: int) -> Violation:
    message = (
        f"{card.number} {card.name} has Limit Break -- {card.lb_cost}, but your LB deck has only "
        f"{_cards(lb_size)}. Paying its LB cost needs {card.lb_cost} other face-down LB cards, so it can "
        "never be cast (rule 15.2.8.3.2)."
    )
    return _warning("W03", "15.2.8.3.2", message, (card.number,))


def _warning(code: str, rule: str, message: str, cards: tuple[str, ...] = ()) -> Violation:
    return Violation(code, rule, message, cards, severity="warning")


def _info(code: str, rule: str, message: str) -> Violation:
    """Info codes (I..) never block a deck and ask nothing of the player; they only explain."""
    return Violation(code, rule, message, severity="info")


def _report_order(v: Violation) -> tuple[int, str]:
    """Errors by code, then warnings, then info (§2.4); sorted() keeps ties in rule order."""
    return ("EWI".find(v.code[:1]), v.code)


def _names(rules: list[DeckRule]) -> str:
    return ", ".join(sorted({f"{r.source.number} {r.source.name}" for r in rules}))


def _cards(n: int) -> str:
    return f"{n} card" if n == 1 else f"{n} cards"
