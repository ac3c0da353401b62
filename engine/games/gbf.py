"""GRANBLUE FANTASY TCG: facts and deck construction (docs/rules/gbf.md; seed 003_0132ccc935dc76ef.txt).

Rule numbers are those of the Japanese Comprehensive Rules (the seed); codes and messages follow
§2.4. The checks run in the order of rule 5-1 and report every problem at once.
"""

from __future__ import annotations

import re
from collections.abc import Callable, Iterable, Mapping
from dataclasses import dataclass
from typing import Any, ClassVar

from engine.cards import Card
from engine.deck import Deck
from engine.games.base import DrawRules, GameRules, Mulligan, Section
from engine.validation import Violation

CAPTAIN_DECK_MAX = 5  # 5-1-2
COPY_LIMIT = 4  # 2-10-3, 5-1-2-1, 5-1-3-1: cards with the same card number
MAIN_DECK_SIZE = 50  # 5-1-3
SUMMON_LIMIT = 8  # 5-1-3-2: summon cards in the main deck, whatever their numbers

# 2-10-4-1: 「G」「M」「UC」「C」 at the end of the card No are its rarity, which has no game meaning
# (2-10-4-2); printings that differ only there are one card for the copy limit (OQ-9).
# UC comes before C so that TG01-003UC loses both letters.
_RARITY_SUFFIX = re.compile(r"^([A-Z]+[0-9]*-[0-9]+)(UC|G|M|C)$")

# 2-1-1-2, 2-1-1-3: the epithet is in [ ], the version in ( ); half- or full-width brackets.
# No opening bracket inside either: a run of them is one scan, not one per character.
_EPITHET = re.compile(r"[\[［]([^\[［\]］]*)[\]］]")
_VERSION = re.compile(r"[(（]([^(（)）]*)[)）]")

# 2-1-1-3-1: a captain's version is its gender; stored as docs/deck-file.md spells it.
_GENDERS = {"男": "male", "女": "female", "male": "male", "female": "female"}

_DECK = {"captain": "captain deck", "main": "main deck"}
_SCOPES = {"MAIN": ("main",), "CAPTAIN": ("captain",), "BOTH": ("captain", "main")}
_CHECKED_KINDS = ("MAY_INCLUDE_N", "MAY_INCLUDE_ONLY_N", "CANNOT_INCLUDE", "CAN_INCLUDE_ONLY", "SUMMON_LIMIT")

# A card's entries in one section: (card, copies).
Entries = list[tuple[Card, int]]


@dataclass(frozen=True, slots=True)
class NameParts:
    """A printed card name split as 2-1-1 describes it."""

    character_name: str  # 2-1-1-1: the part in no brackets
    epithet: str | None  # 2-1-1-2: the part in [ ]
    version: str | None  # 2-1-1-3: the part in ( ); on a captain card, its gender (2-1-1-3-1)


def parse_name(name: str) -> NameParts:
    """Split 「[見習い]テスト団長(男)」 into テスト団長, 見習い and 男 (2-1-1)."""
    epithet = _EPITHET.search(name)
    version = _VERSION.search(name)
    return NameParts(
        character_name=_VERSION.sub("", _EPITHET.sub("", name)).strip(),
        epithet=epithet.group(1).strip() if epithet else None,
        version=version.group(1).strip() if version else None,
    )


def character_name(card: Card) -> str:
    """The stored character name, else the one read from the printed name (2-1-1-1)."""
    return card.character_name or parse_name(card.name).character_name


def gender(card: Card) -> str | None:
    """A captain's gender: the stored field, else the ( ) part of its name (2-1-1-3-1).

    男/女 and male/female are the same values; other text is compared as it is (OQ-15).
    None when neither the data nor the name gives one.
    """
    raw = (card.gender or parse_name(card.name).version or "").strip()
    if not raw:
        return None
    return _GENDERS.get(raw.lower(), raw)


@dataclass(frozen=True)
class TextRule:
    """A deck-construction 【永続効果】 printed on a card (5-1-3-3), in the shape of §3.6.

    MAY_INCLUDE_N sets the copy limit of the cards it covers (n None: any number), MAY_INCLUDE_ONLY_N
    lowers it, CANNOT_INCLUDE and CAN_INCLUDE_ONLY restrict what the decks in `scope` may hold, and
    SUMMON_LIMIT replaces the 8 of 5-1-3-2.
    """

    source: Card
    kind: str
    n: int | None
    scope: tuple[str, ...]
    covers: Callable[[Card], bool]
    description: str  # the cards it covers, in words: "cards with attribute fire"


class Granblue(GameRules):
    id = "gbf"
    name = "GRANBLUE FANTASY TCG"
    short_name = "Granblue Fantasy TCG"
    accent = "#2e86c1"
    power_field = "atk"
    power_word = "ATK"
    formats = ("standard",)
    sections = (Section("captain", "Captain deck", holds="captain"), Section("main", "Main deck"))
    card_types = ("captain", "crew", "summon")
    colors = ("fire", "water", "earth", "wind", "light", "dark")
    color_word = "Attribute"  # 属性 (2-2)
    rarities = ("C", "UC", "G", "M")
    rarity_in_number = True
    # BO01-001, and the rarity printed after it (2-10-4-1): BO01-001G, TG01-003UC.
    number_pattern = re.compile(r"[A-Z]{1,4}\d{0,3}-\d{1,4}(?:UC|G|M|C)?", re.IGNORECASE)
    number_examples = "BO01-001 or BO01-001G"
    odds_example = "a rank-1 crew card and a summon"
    set_aside_label = "armor and crystals"
    decklist_headers = {
        "captain": "captain",
        "captain deck": "captain",
        "団長": "captain",
        "団長デッキ": "captain",
        "main": "main",
        "main deck": "main",
        "メイン": "main",
        "メインデッキ": "main",
    }

    def section_size(self, format: str, section: str) -> tuple[int, int | None]:
        return (1, CAPTAIN_DECK_MAX) if section == "captain" else (MAIN_DECK_SIZE, MAIN_DECK_SIZE)  # 5-1-2/3

    draw_rules: ClassVar[DrawRules] = DrawRules(
        opening_hand=5,  # 5-2-1-5
        mulligan=Mulligan.BOTTOM_ANY,  # 5-2-1-5-1/2: any number to the bottom, draw as many
        set_aside_after_mulligan=5,  # 5-2-1-6: armor, the top 5 cards after the redraw
        draws_per_turn=2,  # 6-2-5
        first_player_first_turn_draws=0,  # 6-2-5: the first player draws nothing on turn 1
        set_aside_per_turn=1,  # 6-2-7: the top card becomes a crystal every turn
    )

    curve_label = "Rank"  # GBF cards print a rank (2-4), no cost

    def curve_value(self, card: Card) -> int | None:
        return card.rank

    def display_name(self, name: str) -> str:
        """「[見習い]テスト団長(男)」 as "[見習い] テスト団長 (男)": the three parts of 2-1-1 spaced apart."""
        parts = parse_name(name)
        shown = parts.character_name
        if parts.epithet:
            shown = f"[{parts.epithet}] {shown}"
        if parts.version:
            shown = f"{shown} ({parts.version})"
        return shown

    def base_number(self, number: str) -> str:
        """TG01-101C and TG01-101G are one card, TG01-101.

        The copy limit counts by card number, not by name or character name (2-10-3, 5-1-2-1,
        5-1-3-1), and the rarity mark at its end has no game meaning (2-10-4). A number without a
        rarity mark after its digits is its own base.
        """
        number = number.strip().upper()  # tg01-101c is TG01-101C: case is no part of the number
        m = _RARITY_SUFFIX.match(number)
        return m.group(1) if m else number

    def check(self, deck: Deck) -> Iterable[Violation]:
        captain = list(deck.cards_in("captain"))
        main = list(deck.cards_in("main"))
        captain_size = sum(n for _, n in captain)
        main_size = sum(n for _, n in main)
        # 5-1-3-3: construction 【永続効果】 replace the conditions below, so they are read first.
        rules, unreadable = self._text_rules(captain + main)
        found: list[Violation] = []

        # 5-1-2, 5-1-2-3: the captain deck holds 1 to 5 cards.
        if captain_size <= 0:
            found.append(_captain_deck_empty())
        elif captain_size > CAPTAIN_DECK_MAX:
            found.append(_captain_deck_too_large(captain_size))
        # 5-1-2 [R10 and OQ-7]: only captain cards go in the captain deck.
        found += [_not_a_captain(card) for card in _distinct(captain) if card.type != "captain"]
        # 5-1-2-2: all captain cards have the same gender; cards that are not captains are left out.
        found += _gender_check([card for card in _distinct(captain) if card.type == "captain"])
        # 5-1-2-3: at least one rank-0 captain card, the one the game starts with (5-2-1-7).
        if captain_size > 0:
            found += self._rank_zero_check(captain, captain_deck_ok=all(v.severity != "error" for v in found))
        # 5-1-3: the main deck has exactly 50 cards.
        if main_size != MAIN_DECK_SIZE:
            found.append(_main_deck_size(main_size))
        # 5-1-3 [R10 and OQ-7]: captain cards do not go in the main deck.
        found += [_captain_in_main(card) for card in _distinct(main) if card.type == "captain"]
        # 5-1-2-1, 5-1-3-1, 2-10-3: at most 4 per card number, both decks together.
        found += self._copy_check(captain, main, rules)
        # 2-10-4: printings that differ only in the rarity mark count together; say so.
        found += [_printings_merged(b, p) for b, p in self._printings(captain + main).items() if len(p) > 1]
        # 5-1-3-2: at most 8 summon cards in the main deck.
        found += _summon_check(main, rules)
        # 5-1-3-3: the text rules on what a deck may hold, then those this tool cannot check.
        found += _restriction_check({"captain": captain, "main": main}, rules)
        found += [_unparsed(card, raw) for card, raw in unreadable]
        return found

    # 5-1-2-3, 5-2-1-7
    def _rank_zero_check(self, captain: Entries, captain_deck_ok: bool) -> list[Violation]:
        captains = [card for card in _distinct(captain) if card.type == "captain"]
        rank_zero = {self.base_number(c.number): c for c in captains if c.rank == 0}
        if not rank_zero:
            return [_no_rank_zero(captains)]
        # The choice is worth a note only for a captain deck that can start a game.
        if len(rank_zero) > 1 and captain_deck_ok:
            return [_rank_zero_choice(list(rank_zero.values()))]
        return []

    # 5-1-2-1, 5-1-3-1, 2-10-3, as replaced by text (5-1-3-3)
    def _copy_check(self, captain: Entries, main: Entries, rules: list[TextRule]) -> list[Violation]:
        found = []
        for base, printings in self._printings(captain + main).items():
            in_captain = sum(n for card, n in captain if card.number in printings)
            in_main = sum(n for card, n in main if card.number in printings)
            card = next(card for card, _ in captain + main if card.number == printings[0])
            limit, source = _copy_limit(card, rules)
            if limit is not None and in_captain + in_main > limit:
                found.append(_too_many_copies(card, base, printings, in_captain, in_main, limit, source))
        return found

    def _printings(self, entries: Entries) -> dict[str, list[str]]:
        """Base number -> the printings listed, in the deck's order."""
        out: dict[str, list[str]] = {}
        for card, _ in entries:
            numbers = out.setdefault(self.base_number(card.number), [])
            if card.number not in numbers:
                numbers.append(card.number)
        return out

    # 5-1-3-3
    def _text_rules(self, entries: Entries) -> tuple[list[TextRule], list[tuple[Card, Mapping[str, Any]]]]:
        """The construction rules printed on the cards of both decks (§2.2, "Which cards' texts
        count"), read once per card number, and those this tool cannot check (W01)."""
        rules: list[TextRule] = []
        unreadable: list[tuple[Card, Mapping[str, Any]]] = []
        seen: set[str] = set()
        for card, _ in entries:
            base = self.base_number(card.number)
            if base in seen:
                continue
            seen.add(base)
            for raw in card.deck_rules:
                rule = self._read_rule(card, raw)
                if rule is None:
                    unreadable.append((card, raw))
                else:
                    rules.append(rule)
        return rules, unreadable

    def _read_rule(self, source: Card, raw: Mapping[str, Any]) -> TextRule | None:
        """The rule as the checks use it; None for UNPARSED, CAPTAIN_DECK_RULE (§3.6 gives it no
        structure), an unknown kind, or fields this tool cannot read."""
        kind = raw.get("kind")
        if kind not in _CHECKED_KINDS:
            return None
        where = raw.get("applies_to_deck") or "MAIN"
        scope = _SCOPES.get(where) if isinstance(where, str) else None
        if scope is None:
            return None
        n: int | None = None
        if kind in ("MAY_INCLUDE_N", "MAY_INCLUDE_ONLY_N", "SUMMON_LIMIT"):
            value = raw.get("n")
            if isinstance(value, str) and value.upper() == "ANY" and kind != "MAY_INCLUDE_ONLY_N":
                n = None
            elif isinstance(value, int) and not isinstance(value, bool) and value >= 0:
                n = value
            else:
                return None
        if kind == "SUMMON_LIMIT":
            return TextRule(source, kind, n, scope, lambda card: card.type == "summon", "summon cards")
        read = self._read_filter(raw.get("filter"), source)
        if read is None:
            return None
        covers, conditions = read
        return TextRule(source, kind, n, scope, covers, "cards with " + " and ".join(conditions))

    def _read_filter(self, raw: Any, source: Card) -> tuple[Callable[[Card], bool], list[str]] | None:
        """A filter of §3.6 as a test and its conditions in words; None if it cannot be read.

        Several keys in one object, like the items of an "and" list, must all hold.
        """
        if not isinstance(raw, Mapping) or not raw:
            return None
        tests: list[Callable[[Card], bool]] = []
        words: list[str] = []
        for key, value in raw.items():
            if key == "and" and isinstance(value, list) and value:
                for part in value:
                    read = self._read_filter(part, source)
                    if read is None:
                        return None
                    tests.append(read[0])
                    words += read[1]
            elif key == "self" and value is True:
                base = self.base_number(source.number)
                tests.append(_bound(lambda card, b: self.base_number(card.number) == b, base))
                words.append(f"card number {base}")
            elif not isinstance(value, str) or not value:
                return None
            elif key == "character_name":
                tests.append(_bound(lambda card, v: character_name(card) == v, value))
                words.append(f"character name 「{value}」")
            elif key == "attribute":
                attribute = value.lower()
                tests.append(_bound(lambda card, a: a in (c.lower() for c in card.colors), attribute))
                words.append(f"attribute {attribute}")
            elif key == "card_type":
                kind = value.lower()
                tests.append(_bound(lambda card, k: card.type.lower() == k, kind))
                words.append(f"type {kind}")
            elif key == "kind_race":
                tests.append(_bound(lambda card, v: v in card.traits, value))
                words.append(f"race {value}")
            else:
                return None
        return (lambda card: all(test(card) for test in tests)), words


def _distinct(entries: Entries) -> list[Card]:
    """Each card of a section once, in the deck's order."""
    out: list[Card] = []
    for card, _ in entries:
        if card not in out:
            out.append(card)
    return out


def _named(card: Card) -> str:
    return f"{card.number} {card.name}"


def _listed(entries: Iterable[tuple[Card, int]]) -> str:
    return ", ".join(f"{n}× {_named(card)}" for card, n in entries)


# 5-1-2, 5-1-2-3 (E01)
def _captain_deck_empty() -> Violation:
    return Violation(
        "E01",
        "5-1-2-3",
        "Your captain deck is empty. It needs 1 to 5 captain cards, including at least one rank-0 "
        "captain (rules 5-1-2, 5-1-2-3).",
    )


# 5-1-2 (E02)
def _captain_deck_too_large(size: int) -> Violation:
    return Violation(
        "E02",
        "5-1-2",
        f"Your captain deck has {size} cards. It may have at most {CAPTAIN_DECK_MAX} (rule 5-1-2). "
        f"Remove {size - CAPTAIN_DECK_MAX}.",
    )


# 5-1-2 [INF] (E03)
def _not_a_captain(card: Card) -> Violation:
    kind = f"a {card.type} card" if card.type in ("crew", "summon") else f"not a captain card ({card.type!r})"
    where = " Move it to the main deck." if card.type in ("crew", "summon") else ""
    return Violation(
        "E03",
        "5-1-2",
        f"{_named(card)} is {kind}. Only captain cards can go in the captain deck (rule 5-1-2).{where}",
        (card.number,),
    )


# 5-1-2-2 (E04), 2-1-1-3-1 (W02)
def _gender_check(captains: list[Card]) -> list[Violation]:
    found = []
    by_gender: dict[str, list[str]] = {}
    for card in captains:
        value = gender(card)
        if value is None:
            found.append(
                Violation(
                    "W02",
                    "2-1-1-3-1",
                    f"The gender of captain card {_named(card)} is not in the card data, so the "
                    "same-gender rule (5-1-2-2) could not be fully checked.",
                    (card.number,),
                    severity="warning",
                )
            )
        else:
            by_gender.setdefault(value, []).append(card.number)
    if len(by_gender) > 1:
        groups = "; ".join(f"{g}: {', '.join(numbers)}" for g, numbers in by_gender.items())
        found.insert(
            0,
            Violation(
                "E04",
                "5-1-2-2",
                f"All cards in your captain deck must have the same gender (rule 5-1-2-2). Found {groups}. "
                "Keep the captains of one gender only.",
                tuple(n for numbers in by_gender.values() for n in numbers),
            ),
        )
    return found


# 5-1-2-3 (E05)
def _no_rank_zero(captains: list[Card]) -> Violation:
    ranks = [c.rank for c in captains if c.rank is not None]
    lowest = f" The lowest rank in it is {min(ranks)}." if ranks else " It holds no captain card with a rank."
    return Violation(
        "E05",
        "5-1-2-3",
        "Your captain deck needs at least one rank-0 captain card, because you start the game with one "
        f"(rules 5-1-2-3, 5-2-1-7).{lowest} Add a rank-0 captain.",
        tuple(c.number for c in captains),
    )


# 5-2-1-7 (I01)
def _rank_zero_choice(rank_zero: list[Card]) -> Violation:
    return Violation(
        "I01",
        "5-2-1-7",
        f"You will choose one of your rank-0 captains ({', '.join(_named(c) for c in rank_zero)}) at the "
        "start of each game (rule 5-2-1-7).",
        tuple(c.number for c in rank_zero),
        severity="info",
    )


# 5-1-3 (E06, E07)
def _main_deck_size(size: int) -> Violation:
    if size < MAIN_DECK_SIZE:
        fix, code = f"Add {MAIN_DECK_SIZE - size}", "E06"
    else:
        fix, code = f"Remove {size - MAIN_DECK_SIZE}", "E07"
    return Violation(
        code,
        "5-1-3",
        f"Your main deck has {size} cards. It must have exactly {MAIN_DECK_SIZE} (rule 5-1-3). {fix}.",
    )


# 5-1-3 [INF] (E08)
def _captain_in_main(card: Card) -> Violation:
    return Violation(
        "E08",
        "5-1-3",
        f"{_named(card)} is a captain card. Captain cards go in the captain deck, not the main deck "
        "(rules 5-1-2, 5-1-3). Remove it, or move it to the captain deck.",
        (card.number,),
    )


# 5-1-2-1, 5-1-3-1, 2-10-3, 5-1-3-3
def _copy_limit(card: Card, rules: list[TextRule]) -> tuple[int | None, TextRule | None]:
    """The copy limit of a card and the text rule that set it, in the order of §2.3.

    4; then "may include N" sets it (the most generous such rule wins; None is any number); then
    "may include only N" lowers it.
    """
    limit: int | None = COPY_LIMIT
    source: TextRule | None = None
    raising = [r for r in rules if r.kind == "MAY_INCLUDE_N" and r.covers(card)]
    if raising:
        source = max(raising, key=lambda r: float("inf") if r.n is None else r.n)
        limit = source.n
    for rule in rules:
        if rule.kind != "MAY_INCLUDE_ONLY_N" or rule.n is None or not rule.covers(card):
            continue
        if limit is None or rule.n < limit:
            limit, source = rule.n, rule
    return limit, source


# 5-1-2-1, 5-1-3-1, 2-10-3 (E09)
def _too_many_copies(
    card: Card,
    base: str,
    printings: list[str],
    in_captain: int,
    in_main: int,
    limit: int,
    source: TextRule | None,
) -> Violation:
    if in_captain and in_main:
        rule, where = "2-10-3", f" ({in_captain} in the captain deck, {in_main} in the main deck)"
    else:
        rule, where = ("5-1-2-1", "") if in_captain else ("5-1-3-1", "")
    n = in_captain + in_main
    why = f"rules 2-10-3, {rule}" if rule != "2-10-3" else "rules 2-10-3, 5-1-2-1, 5-1-3-1"
    if source is not None:
        why += f"; {_named(source.source)} sets the limit, rule 5-1-3-3"
    merged = (
        f" Printings of {base} with different rarity marks ({', '.join(printings)}) count together."
        if len(printings) > 1
        else ""
    )
    return Violation(
        "E09",
        rule if source is None else "5-1-3-3",
        f"You have {n} cards with card number {base} ({card.name}){where}. At most {limit} are allowed "
        f"across your captain deck and main deck ({why}). Remove {n - limit}.{merged}",
        tuple(printings),
    )


# 2-10-4 (W03)
def _printings_merged(base: str, printings: list[str]) -> Violation:
    return Violation(
        "W03",
        "2-10-4",
        f"{' and '.join(printings)} are the same card ({base}) in different rarities and count together "
        f"for the {COPY_LIMIT}-copy limit.",
        tuple(printings),
        severity="warning",
    )


# 5-1-3-2, 5-1-3-3 (E10)
def _summon_check(main: Entries, rules: list[TextRule]) -> list[Violation]:
    summons = [(card, n) for card, n in main if card.type == "summon"]
    total = sum(n for _, n in summons)
    replaced = [r for r in rules if r.kind == "SUMMON_LIMIT"]
    limit: int | None = SUMMON_LIMIT
    source = ""
    if replaced:
        most = max(replaced, key=lambda r: float("inf") if r.n is None else r.n)
        limit, source = most.n, f"; {_named(most.source)} sets it, rule 5-1-3-3"
    if limit is None or total <= limit:
        return []
    return [
        Violation(
            "E10",
            "5-1-3-2" if not replaced else "5-1-3-3",
            f"Your main deck has {total} summon cards ({_listed(summons)}). At most {limit} summon cards "
            f"in total are allowed (rule 5-1-3-2{source}). Remove {total - limit}.",
            tuple(card.number for card, _ in summons),
        )
    ]


# 5-1-3-3 (E11)
def _restriction_check(decks: dict[str, Entries], rules: list[TextRule]) -> list[Violation]:
    found = []
    for rule in rules:
        if rule.kind not in ("CANNOT_INCLUDE", "CAN_INCLUDE_ONLY"):
            continue
        wanted = rule.kind == "CAN_INCLUDE_ONLY"
        where = " and ".join(_DECK[s] for s in rule.scope)
        breaking = [(card, n) for s in rule.scope for card, n in decks[s] if rule.covers(card) is not wanted]
        if not breaking:
            continue
        if wanted:
            says, fix = f"your {where} may include only {rule.description}", "Replace them"
        else:
            says, fix = f"your {where} may not include {rule.description}", "Remove them"
        found.append(
            Violation(
                "E11",
                "5-1-3-3",
                f"{_named(rule.source)} says {says}, but your deck has {_listed(breaking)} "
                f"(rule 5-1-3-3). {fix}.",
                (rule.source.number, *dict.fromkeys(card.number for card, _ in breaking)),
            )
        )
    return found


# 5-1-3-3 (W01)
def _unparsed(card: Card, raw: Mapping[str, Any]) -> Violation:
    text = (
        next((raw[k] for k in ("text_ja", "text") if isinstance(raw.get(k), str) and raw[k]), "") or card.text
    )
    quoted = f": “{text}”" if text else f" (kind {raw.get('kind')!r})"
    return Violation(
        "W01",
        "5-1-3-3",
        f"{_named(card)} has a deck-building rule this tool cannot check automatically. Please verify it "
        f"by hand{quoted}.",
        (card.number,),
        severity="warning",
    )


def _bound(test: Callable[[Card, str], bool], value: str) -> Callable[[Card], bool]:
    """A card test with its value bound now, not when it runs (a filter's tests are made in a loop)."""
    return lambda card: test(card, value)
