"""DRAGON BALL SUPER CARD GAME Fusion World: facts and deck construction (docs/rules/dbsfw.md; seed 1.06).

Rule numbers are those of the Japanese Comprehensive Rules ver.1.06. Error codes and messages are those
of docs/rules/dbsfw.md §2.4.
"""

from __future__ import annotations

import re
from collections import Counter
from collections.abc import Iterable, Iterator, Mapping
from dataclasses import dataclass, replace
from typing import Any, ClassVar

from engine.cards import Card
from engine.deck import Deck
from engine.games.base import DrawRules, GameRules, Mulligan, Section
from engine.validation import Violation

_PARALLEL_SUFFIX = re.compile(r"_p\d+$", re.IGNORECASE)

LEADER, BATTLE, EXTRA = "leader", "battle", "extra"  # 2-1-2
DECK_TYPES = (BATTLE, EXTRA)  # 6-1-3: only Battle and Extra cards make up the deck
MIN_DECK, MAX_DECK = 50, 60  # 6-1-3
COPY_LIMIT = 4  # 6-1-4-2: per card number
SUPER_COMBO = "super-combo"
SUPER_COMBO_TOTAL = 4  # 15-8-2: all Super Combo cards together
DRAGON_BALL = "dragon-ball"
DRAGON_BALL_COPY_LIMIT = 7  # 15-13-2: per card number
DRAGON_BALL_TOTAL = 7  # 15-13-2: all Dragon Ball cards together

# Kinds of deck-construction Permanents a card may carry (§3.6, rule 6-1-4-3-1).
MAY_INCLUDE_N = "MAY_INCLUDE_N"  # 「デッキに(指定枚数)入れることができる」
MAY_INCLUDE_ONLY_N = "MAY_INCLUDE_ONLY_N"  # 「デッキに(指定枚数)しか入れることができない」
CANNOT_INCLUDE = "CANNOT_INCLUDE"  # 「デッキに(指定のカード)を入れることができない」
CAN_INCLUDE_ONLY = "CAN_INCLUDE_ONLY"  # 「デッキに(指定のカード)しか入れることができない」
GRANT_COLOUR = "GRANT_COLOUR"  # 6-1-4-3-2: colours gained in every area count when building
GRANT_TRAIT = "GRANT_TRAIT"  # 6-1-4-3-2, 2-8-5: traits gained in every area count when building
START_LIFE = "START_LIFE"  # 6-2-2: a game-start Permanent, read by the simulator, not here

# Deck-building wording in a card's text, for cards whose text was never turned into rule objects.
_DECK_BUILDING_TEXT = re.compile(
    r"入れることができ|\b(?:can|may|cannot|can't)(?: only)? include\b|any number of copies", re.IGNORECASE
)
_FILTER_DEPTH = 8  # filters nest through "and"; deeper than this is not a card's text


@dataclass(frozen=True, slots=True)
class DeckRule:
    """One deck-construction Permanent printed on `source` (6-1-4-3, 9-5-3), read from `deck_rules`.

    `n` is None for "any number" (何枚でも); `value` is the colour or trait a GRANT rule gives.
    """

    source: Card
    kind: str
    n: int | None = None
    filter: Mapping[str, Any] | None = None
    value: str = ""

    def covers(self, card: Card, profile: Profile) -> bool:
        return self.filter is not None and _matches(self.filter, card, self.source, profile)

    def describes(self) -> str:
        return _describe(self.filter, self.source) if self.filter is not None else "some cards"

    @property
    def only_this_card(self) -> bool:
        return self.filter == {"self": True}


@dataclass(frozen=True, slots=True)
class Profile:
    """A card's colours and traits at deck construction: printed ones plus those its Permanents grant."""

    colours: frozenset[str]
    traits: frozenset[str]


class DBSFusionWorld(GameRules):
    id = "dbsfw"
    name = "DRAGON BALL SUPER CARD GAME Fusion World"
    short_name = "DBS Fusion World"
    accent = "#e67e22"
    official_card_list = True
    formats = ("standard",)
    sections = (Section("leader", "Leader", holds=LEADER), Section("main", "Deck"))
    card_types = (LEADER, BATTLE, EXTRA)
    colors = ("red", "blue", "green", "yellow", "black")
    color_word = "Color"  # 色 (1-6-1)
    single_card_sections = ("leader",)  # 6-1-2: exactly one Leader card
    colour_source_section = "leader"
    rarities = ("C", "UC", "R", "SR", "SCR", "L", "PR")
    # FB01-001, FS01-01 (starters have two digits), FP-001, P-001, and a parallel's _p1 (card-data.md 2.3).
    number_pattern = re.compile(r"[A-Z]{1,4}\d{0,2}-\d{1,4}(?:_P\d{1,2})?", re.IGNORECASE)
    number_examples = "FB01-001, FS01-01, P-001 or FB01-001_p1"
    odds_example = "a 1-cost Battle card and a Battle card with combo power"
    set_aside_label = "life"
    decklist_headers = {"leader": "leader", "deck": "main", "main": "main", "main deck": "main"}

    def section_size(self, format: str, section: str) -> tuple[int, int | None]:
        return (1, 1) if section == "leader" else (MIN_DECK, MAX_DECK)  # 6-1-2, 6-1-3

    draw_rules: ClassVar[DrawRules] = DrawRules(
        opening_hand=6,  # 6-2-1-8
        mulligan=Mulligan.SHUFFLE_ALL,  # 6-2-1-8-1: the whole hand back, shuffle, draw 6
        set_aside_after_mulligan=8,  # 6-2-1-9: 8 life cards from the top, after the redraw
        draws_per_turn=1,  # 7-2-9
        first_player_first_turn_draws=1,  # 7-2-9 has no exception: 7-2-9-1 was deleted in ver.1.02
    )

    def draw_rules_for(self, deck: Deck) -> DrawRules:
        """8 life cards, or what the Leader's game-start Permanent says (6-2-2)."""
        life = start_life(deck)
        return self.draw_rules if life is None else replace(self.draw_rules, set_aside_after_mulligan=life)

    def card_problems(self, card: Card) -> list[str]:
        """As every game's, and every DBS FW card has a colour (1-6-1)."""
        problems = super().card_problems(card)
        if not card.colors:
            problems.append(
                f"Card {card.number} ({card.name}): it has no colour; every card has one (1-6-1)."
            )
        return problems

    def base_number(self, number: str) -> str:
        """FB01-001_p1 is a parallel printing of FB01-001 (2-10: only the card number counts)."""
        return _base_number(number)

    def check(self, deck: Deck) -> Iterable[Violation]:
        """Every violation of 6-1, 15-8 and 15-13 at once, then the notes (§2.4).

        The deck is the main section only: the Leader is not part of it (6-1-2, 6-1-3), so it counts
        for neither the size nor the copy limits. Colours are checked against the Leader, or, while
        several Leader cards sit in the slot (E02), against all of their colours together: a card
        that fits none of them is wrong whichever is kept. With no Leader card E01/E03 come first.
        """
        d = _Contents.of(deck)
        return [
            *_leader_count(deck, d),  # E01, E02
            *_leader_types(d),  # E03
            *_deck_types(d),  # E04
            *_deck_size(deck.size("main")),  # E05, E06
            *_two_faced_leader(d),  # W02
            *_off_colour_cards(d),  # E07
            *self._copies(d),  # E08
            *_unread_rules(d),  # W01
            *_cannot_include(d),  # E11
            *_can_include_only(d),  # E12
            *_group_limits(d),  # E13
            _energy_marker_note(),  # I01
            *_super_combos(d),  # E09
            *_dragon_balls(d),  # E10
        ]

    def _copies(self, d: _Contents) -> list[Violation]:
        """6-1-4-2, 15-13-2, 6-1-4-3: at most 4 cards per card number (parallels count together), 7 for
        Dragon Ball cards, or what the card's text allows."""
        found = []
        copies = Counter[str]()
        printings: dict[str, list[Card]] = {}
        for card, count in d.main:
            base = self.base_number(card.number)
            copies[base] += count
            printings.setdefault(base, []).append(card)
        for base, n in copies.items():
            limit, rule, why = min(
                (_copy_limit(card, d.rules, d.profiles[card.number]) for card in printings[base]),
                key=lambda found_limit: _sort_limit(found_limit[0]),
            )
            if limit is not None and n > limit:
                found.append(
                    Violation(
                        "E08",
                        rule,
                        f"You have {n} copies of card number {base} ({printings[base][0].name}). At most "
                        f"{limit} cards with the same card number are allowed ({why}). Different "
                        f"printings of {base} count together. Remove {n - limit}.",
                        tuple(sorted(card.number for card in printings[base])),
                    )
                )
        return found


@dataclass(frozen=True)
class _Contents:
    """What the checks read of a deck: its Leader-slot cards, its main deck, the deck-building rules
    printed on any of them (and those that could not be read), and each card's colours and traits."""

    leaders: list[Card]
    leader_types: dict[str, Card]  # the Leader-slot cards that are of type Leader, by number
    main: list[tuple[Card, int]]
    sources: list[Card]
    rules: list[DeckRule]
    unparsed: list[tuple[Card, Mapping[str, Any]]]
    profiles: dict[str, Profile]

    @property
    def leader(self) -> Card | None:
        """The Leader, when exactly one Leader card is in the slot."""
        return next(iter(self.leader_types.values())) if len(self.leader_types) == 1 else None

    @classmethod
    def of(cls, deck: Deck) -> _Contents:
        leaders = [card for card, _ in deck.cards_in("leader")]
        main = list(deck.cards_in("main"))
        sources = list(_distinct([*leaders, *(card for card, _ in main)]))
        rules, unparsed = _rules_of(sources)
        return cls(
            leaders=leaders,
            leader_types={card.number: card for card in leaders if card.type == LEADER},
            main=main,
            sources=sources,
            rules=rules,
            unparsed=unparsed,
            profiles={card.number: _profile(card, rules) for card in [*leaders, *(c for c, _ in main)]},
        )


def _leader_count(deck: Deck, d: _Contents) -> list[Violation]:
    """6-1-2: exactly one Leader card."""
    n_leaders = deck.size("leader")
    if n_leaders == 0:
        return [
            Violation(
                "E01",
                "6-1-2",
                "Your deck needs exactly one Leader card (rule 6-1-2). No Leader is selected. "
                "Choose a Leader card.",
            )
        ]
    if n_leaders > 1:
        listed = ", ".join(f"{count}× {card.number}" for card, count in deck.cards_in("leader"))
        return [
            Violation(
                "E02",
                "6-1-2",
                f"Your deck needs exactly one Leader card (rule 6-1-2). Found {n_leaders} Leader "
                f"cards: {listed}. Keep one.",
                tuple(card.number for card in d.leaders),
            )
        ]
    return []


def _leader_types(d: _Contents) -> list[Violation]:
    """2-1-2, 6-1-2, 10-1-1: the Leader slot holds a card of type Leader."""
    return [
        Violation(
            "E03",
            "2-1-2, 6-1-2",
            f"{card.number} {card.name} is {_a_type(card)} card and cannot be used as your "
            "Leader (rules 2-1-2, 6-1-2). Choose a Leader card instead.",
            (card.number,),
        )
        for card in d.leaders
        if card.type != LEADER
    ]


def _deck_types(d: _Contents) -> list[Violation]:
    """6-1-3: the deck is made of Battle and Extra cards only."""
    return [
        Violation(
            "E04",
            "6-1-3",
            f"{card.number} {card.name} is {_a_type(card)} card. Only Battle and Extra cards "
            "can go in the deck (rule 6-1-3). Remove it from the deck.",
            (card.number,),
        )
        for card, _ in d.main
        if card.type not in DECK_TYPES
    ]


def _deck_size(size: int) -> list[Violation]:
    """6-1-3: 50 to 60 cards."""
    if size < MIN_DECK:
        return [
            Violation(
                "E05",
                "6-1-3",
                f"Your deck has {size} cards. It must have at least {MIN_DECK} Battle/Extra cards "
                f"(rule 6-1-3). Add {MIN_DECK - size} more.",
            )
        ]
    if size > MAX_DECK:
        return [
            Violation(
                "E06",
                "6-1-3",
                f"Your deck has {size} cards. It may have at most {MAX_DECK} Battle/Extra cards "
                f"(rule 6-1-3). Remove {size - MAX_DECK}.",
            )
        ]
    return []


def _two_faced_leader(d: _Contents) -> list[Violation]:
    """10-1-3, 6-2-1-2: the front face is up when the deck is presented, so its colours count."""
    leader = d.leader
    if leader is None or _back_colours(leader) in (None, frozenset(leader.colors)):
        return []
    return [
        Violation(
            "W02",
            "10-1-3",
            f"Leader {leader.name} has different colours on its front and back. Colour legality "
            "was checked against the front face.",
            (leader.number,),
            severity="warning",
        )
    ]


def _off_colour_cards(d: _Contents) -> list[Violation]:
    """6-1-4-1 (6-1-4-3-2): no card of a colour the Leader does not have; granted colours count."""
    if not d.leader_types:
        return []
    allowed = frozenset().union(*(d.profiles[n].colours for n in d.leader_types))
    leader_names = " or ".join(card.name for card in d.leader_types.values())
    return [
        Violation(
            "E07",
            "6-1-4-1",
            f"{card.number} {card.name} is {_colours(d.profiles[card.number].colours)}, but your Leader "
            f"{leader_names} is only {_colours(allowed)}. Cards of a colour your Leader "
            "doesn't have can't be in the deck (rule 6-1-4-1). Remove it or change "
            "your Leader.",
            (card.number,),
        )
        for card, _ in d.main
        if not d.profiles[card.number].colours <= allowed
    ]


def _unread_rules(d: _Contents) -> list[Violation]:
    """6-1-4-3: deck-building text this tool cannot read is left to the player."""
    unread = [(card, _rule_text(card, raw)) for card, raw in d.unparsed]
    unread += [(card, card.text) for card in d.sources if _unparsed_text(card)]
    return [
        Violation(
            "W01",
            "6-1-4-3",
            f"{card.number} {card.name} has a deck-building rule this tool cannot check "
            f"automatically. Please verify it by hand: “{text}”.",
            (card.number,),
            severity="warning",
        )
        for card, text in unread
    ]


def _cannot_include(d: _Contents) -> list[Violation]:
    """6-1-4-3-1: "cannot include (cards)"."""
    return [
        Violation(
            "E11",
            "6-1-4-3-1",
            f"{rule.source.name} says your deck cannot include {rule.describes()}, but it "
            f"contains {card.number} {card.name} (rule 6-1-4-3). Remove it.",
            (card.number, rule.source.number),
        )
        for rule in d.rules
        if rule.kind == CANNOT_INCLUDE
        for card, _ in d.main
        if rule.covers(card, d.profiles[card.number])
    ]


def _can_include_only(d: _Contents) -> list[Violation]:
    """6-1-4-3-1: "can include only (cards)"."""
    return [
        Violation(
            "E12",
            "6-1-4-3-1",
            f"{rule.source.name} says your deck can include only {rule.describes()}. "
            f"{card.number} {card.name} does not qualify (rule 6-1-4-3). Remove it.",
            (card.number, rule.source.number),
        )
        for rule in d.rules
        if rule.kind == CAN_INCLUDE_ONLY
        for card, _ in d.main
        if not rule.covers(card, d.profiles[card.number])
    ]


def _group_limits(d: _Contents) -> list[Violation]:
    """6-1-4-3-1: "may include only (N)" for a group of cards limits the group's total."""
    found = []
    for rule in (r for r in d.rules if r.kind == MAY_INCLUDE_ONLY_N and not r.only_this_card):
        group = [(card, count) for card, count in d.main if rule.covers(card, d.profiles[card.number])]
        n = sum(count for _, count in group)
        if rule.n is not None and n > rule.n:
            found.append(
                Violation(
                    "E13",
                    "6-1-4-3-1",
                    f"{rule.source.name} limits {rule.describes()} to {rule.n} in your deck. You have "
                    f"{n} (rule 6-1-4-3): {_listed(group)}. Remove {n - rule.n}.",
                    tuple(card.number for card, _ in group),
                )
            )
    return found


def _energy_marker_note() -> Violation:
    """6-1-5, 6-2-1-10: energy markers are tokens, not cards, so only a reminder."""
    return Violation(
        "I01",
        "6-1-5, 6-2-1-10",
        "Bring at least one energy marker. The player going second starts with one (rules 6-1-5, 6-2-1-10).",
        severity="info",
    )


def _super_combos(d: _Contents) -> list[Violation]:
    """15-8-2: at most 4 Super Combo cards in total."""
    combos = [(card, count) for card, count in d.main if card.has(SUPER_COMBO)]
    n = sum(count for _, count in combos)
    if n <= SUPER_COMBO_TOTAL:
        return []
    return [
        Violation(
            "E09",
            "15-8-2",
            f"Your deck has {n} cards with [Super Combo] ({_listed(combos)}). At most "
            f"{SUPER_COMBO_TOTAL} [Super Combo] cards in total are allowed (rule 15-8-2). "
            f"Remove {n - SUPER_COMBO_TOTAL}.",
            tuple(card.number for card, _ in combos),
        )
    ]


def _dragon_balls(d: _Contents) -> list[Violation]:
    """15-13-2: at most 7 Dragon Ball cards in total."""
    balls = [(card, count) for card, count in d.main if card.has(DRAGON_BALL)]
    n = sum(count for _, count in balls)
    if n <= DRAGON_BALL_TOTAL:
        return []
    return [
        Violation(
            "E10",
            "15-13-2",
            f"Your deck has {n} cards with [Dragon Ball] ({_listed(balls)}). At most "
            f"{DRAGON_BALL_TOTAL} [Dragon Ball] cards in total are allowed (rule 15-13-2). "
            f"Remove {n - DRAGON_BALL_TOTAL}.",
            tuple(card.number for card, _ in balls),
        )
    ]


def _copy_limit(card: Card, rules: list[DeckRule], profile: Profile) -> tuple[int | None, str, str]:
    """The copies allowed of the card's number, the rule it comes from, and that rule in words.

    None means any number. Text that allows N replaces the limit; the player orders replacement
    effects (9-9-2), so the most generous one counts. Text that allows only N then lowers it.
    """
    limit: int | None = COPY_LIMIT
    rule, why = "6-1-4-2", "rule 6-1-4-2"
    if card.has(DRAGON_BALL):
        limit, rule, why = DRAGON_BALL_COPY_LIMIT, "15-13-2", "rule 15-13-2, [Dragon Ball]"
    raising = [r for r in rules if r.kind == MAY_INCLUDE_N and r.covers(card, profile)]
    if raising:
        best = max(raising, key=lambda r: _sort_limit(r.n))
        limit, rule, why = best.n, "6-1-4-3", f"rule 6-1-4-3, the text of {best.source.name}"
    for r in rules:
        lowers = r.kind == MAY_INCLUDE_ONLY_N and r.only_this_card and r.covers(card, profile)
        if lowers and r.n is not None and (limit is None or r.n < limit):
            limit, rule, why = r.n, "6-1-4-3", f"rule 6-1-4-3, the text of {r.source.name}"
    return limit, rule, why


def start_life(deck: Deck) -> int | None:
    """The life the Leader's game-start Permanent sets (「自分はライフ N 枚でゲームを開始する」, 6-2-2),
    stored as a START_LIFE rule of its front face; None when the Leader has none (8 life, 6-2-1-9)."""
    for card, _ in deck.cards_in("leader"):
        for raw in card.deck_rules:
            face = raw.get("source_face")
            if raw.get("kind") == START_LIFE and not (isinstance(face, str) and face.upper() == "BACK"):
                n = raw.get("n")
                if isinstance(n, int) and not isinstance(n, bool) and 0 < n <= 50:
                    return n
    return None


def _base_number(number: str) -> str:
    """FB01-001, FB01-001_p1 and fb01-001_P1 are one card number (2-10): case does not count either."""
    return _PARALLEL_SUFFIX.sub("", number.strip()).upper()


def _sort_limit(limit: int | None) -> float:
    return float("inf") if limit is None else limit


# Reading the rule objects of §3.6.


def _rules_of(cards: Iterable[Card]) -> tuple[list[DeckRule], list[tuple[Card, Mapping[str, Any]]]]:
    """The deck-construction rules of these cards, and the raw ones this module cannot apply.

    A Leader's rules count from its front face only (6-2-1-2, 10-1-3); game-start Permanents such
    as START_LIFE are not about construction (6-2-2) and are skipped.
    """
    rules: list[DeckRule] = []
    unparsed: list[tuple[Card, Mapping[str, Any]]] = []
    for card in cards:
        for raw in card.deck_rules:
            face = raw.get("source_face")
            if card.type == LEADER and isinstance(face, str) and face.upper() == "BACK":
                continue
            if raw.get("kind") == START_LIFE:
                continue
            rule = _read_rule(card, raw)
            if rule is None:
                unparsed.append((card, raw))
            else:
                rules.append(rule)
    return rules, unparsed


def _read_rule(card: Card, raw: Mapping[str, Any]) -> DeckRule | None:
    """One rule object as a DeckRule, or None when its kind or fields cannot be applied."""
    kind = raw.get("kind")
    if kind in (GRANT_COLOUR, GRANT_TRAIT):
        key = ("colour", "color") if kind == GRANT_COLOUR else ("trait",)
        value = next((raw[k] for k in key if isinstance(raw.get(k), str) and raw[k]), None)
        if value is None:
            return None
        return DeckRule(card, kind, value=value.lower() if kind == GRANT_COLOUR else value)
    if kind in (MAY_INCLUDE_N, MAY_INCLUDE_ONLY_N):
        n = raw.get("n")
        if n == "ANY" and kind == MAY_INCLUDE_N:
            n = None
        elif isinstance(n, bool) or not isinstance(n, int) or n < 0:
            return None
        # "This card" is the usual wording, so a count rule without a filter is about its own card.
        rule_filter = raw.get("filter", {"self": True})
        return DeckRule(card, kind, n=n, filter=rule_filter) if _is_filter(rule_filter) else None
    if kind in (CANNOT_INCLUDE, CAN_INCLUDE_ONLY):
        rule_filter = raw.get("filter")
        return DeckRule(card, kind, filter=rule_filter) if _is_filter(rule_filter) else None
    return None


def _is_filter(value: Any, depth: int = 0) -> bool:
    if not isinstance(value, Mapping) or len(value) != 1 or depth > _FILTER_DEPTH:
        return False
    ((key, arg),) = value.items()
    if key == "self":
        return arg is True
    if key in ("trait", "name", "colour", "color", "card_type"):
        return isinstance(arg, str) and arg != ""
    if key == "and":
        return isinstance(arg, list) and len(arg) > 0 and all(_is_filter(f, depth + 1) for f in arg)
    return False


def _matches(rule_filter: Mapping[str, Any], card: Card, source: Card, profile: Profile) -> bool:
    ((key, arg),) = rule_filter.items()
    if key == "self":
        return _base_number(card.number) == _base_number(source.number)
    if key == "trait":
        return arg in profile.traits
    if key == "name":  # 2-3-1-1: exact names; 2-3-3: a name with 「/」 answers to each part too
        return card.name == arg or arg in card.name.split("/")
    if key in ("colour", "color"):
        return arg.lower() in profile.colours
    if key == "card_type":
        return card.type == arg.lower()
    return all(_matches(f, card, source, profile) for f in arg)


def _describe(rule_filter: Mapping[str, Any], source: Card) -> str:
    ((key, arg),) = rule_filter.items()
    if key == "self":
        return f"{source.number} {source.name}"
    if key == "trait":
        return f"cards with 《{arg}》"
    if key == "name":
        return f"cards named 「{arg}」"
    if key in ("colour", "color"):
        return f"{arg.lower()} cards"
    if key == "card_type":
        return f"{arg.capitalize()} cards"
    return " that are also ".join(_describe(f, source) for f in arg)


def _profile(card: Card, rules: list[DeckRule]) -> Profile:
    """6-1-4-3-2, 2-8-5: what a card's own Permanents grant counts as printed."""
    own = [r for r in rules if r.source.number == card.number]
    return Profile(
        colours=frozenset(card.colors) | {r.value for r in own if r.kind == GRANT_COLOUR},
        traits=frozenset(card.traits) | {r.value for r in own if r.kind == GRANT_TRAIT},
    )


def _distinct(cards: Iterable[Card]) -> Iterator[Card]:
    seen: set[str] = set()
    for card in cards:
        if card.number not in seen:
            seen.add(card.number)
            yield card


def _unparsed_text(card: Card) -> bool:
    """Deck-building wording in text that carries no rule objects: the card data is incomplete."""
    return not card.deck_rules and bool(_DECK_BUILDING_TEXT.search(card.text))


# Words for messages.


def _rule_text(card: Card, raw: Mapping[str, Any]) -> str:
    for key in ("text_en", "text", "text_ja"):
        if isinstance(raw.get(key), str) and raw[key]:
            return raw[key]
    return card.text or str(dict(raw))


def _back_colours(leader: Card) -> frozenset[str] | None:
    colours = leader.back.get("colors") if leader.back is not None else None
    if not isinstance(colours, list) or not all(isinstance(c, str) for c in colours):
        return None
    return frozenset(c.lower() for c in colours)


def _a_type(card: Card) -> str:
    label = card.type.capitalize() if card.type in (LEADER, BATTLE, EXTRA) else f"'{card.type}'"
    return f"an {label}" if label[:1] in "AEIOU" else f"a {label}"


def _colours(colours: frozenset[str]) -> str:
    return "/".join(sorted(colours)) if colours else "colourless"


def _listed(cards: list[tuple[Card, int]]) -> str:
    return ", ".join(f"{count}× {card.number}" for card, count in cards)
