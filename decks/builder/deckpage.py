"""What the deck page shows, computed from one read of the deck: sections with their targets, the
legality report with the cards it names, the charts, the statistics panel and a sample hand.

Read-only: every change goes through decks/builder/services.py. The views build these with one call each and
hand them to the template.
"""

from __future__ import annotations

import random
from dataclasses import dataclass, field
from typing import Any
from urllib.parse import urlencode

import engine
from decks import convert
from decks.builder import charts
from decks.builder.forms import GROUPS
from decks.models import Card, Deck
from engine import hands
from engine.games.base import GameRules, Mulligan
from engine.stats import MAX_TURNS, Group, card_panel, probabilities


def target_label(least: int, most: int | None) -> str:
    if most is None:
        return f"{least}+"
    if least == most:
        return str(most)
    return f"≤{most}" if least == 0 else f"{least}–{most}"


@dataclass
class Row:
    card: engine.Card
    count: int
    flagged: bool  # named by a violation
    face: Card  # the stored card, for its page and its face (image address, game fields)


@dataclass
class SectionView:
    id: str
    label: str
    count: int
    least: int
    most: int | None
    rows: list[Row]

    @property
    def target(self) -> str:
        return target_label(self.least, self.most)

    @property
    def on_target(self) -> bool:
        return self.count >= self.least and (self.most is None or self.count <= self.most)


@dataclass
class StatsPanel:
    mulligan: str
    order: str
    turns: list[int]
    last_turn: int  # the most turns the panel offers for this deck
    rows: list[dict[str, Any]]  # card, copies, probabilities (turns 0..the last shown), group
    groups: dict[str, list[engine.Card]]
    at_least: dict[str, int]
    query: dict[str, list[float]] | None = None  # "first"/"second" -> P by turn
    chart: charts.LineChart | None = None
    deck_size: int = 0

    @property
    def query_rows(self) -> list[tuple[int, float, float]]:
        """(turn, P going first, P going second) for the query's table."""
        if self.query is None:
            return []
        return list(zip(self.turns, self.query["first"], self.query["second"], strict=True))

    @property
    def group_list(self) -> list[tuple[str, int, list[engine.Card]]]:
        return [(g, self.at_least[g], cards) for g, cards in self.groups.items()]


@dataclass
class DeckPage:
    deck: Deck
    rules: GameRules
    contents: engine.Deck
    report: engine.Report
    sections: list[SectionView]
    flagged: set[str]
    charts: list[charts.BarChart] = field(default_factory=list)
    main_label: str = ""

    @property
    def legal(self) -> bool:
        return self.report.legal


def build(deck: Deck) -> DeckPage:
    """The deck, its verdict and its charts, from one query of its cards and one of the ban list."""
    rules = engine.get_game(deck.game_id)
    entries = convert.deck_entries(deck)
    faces = {entry.card.number: entry.card for entry in entries}
    contents = convert.deck_to_engine(deck, entries)
    report = convert.validate_deck(contents)
    flagged = {n for v in report.violations for n in v.cards}
    sections = []
    for section in rules.sections:
        least, most = rules.section_size(deck.format, section.id)
        rows = [
            Row(
                card,
                count,
                card.number in flagged or rules.base_number(card.number) in flagged,
                faces[card.number],
            )
            for card, count in sorted(
                contents.cards_in(section.id),
                key=lambda cc: (cc[0].cost is None, cc[0].cost or 0, cc[0].name),
            )
        ]
        sections.append(SectionView(section.id, section.label, contents.size(section.id), least, most, rows))
    main = rules.main_section
    main_label = next(s.label for s in rules.sections if s.id == main)
    word = rules.color_word.lower()
    colour_title = f"{rules.color_word}s ({main_label})"
    if any(len(card.colors) > 1 for card, _ in contents.cards_in(main)):
        colour_title += f": a card of two {word}s counts for each, so the bars add up to more than the cards"
    deck_charts = [
        charts.column_chart(
            f"{rules.curve_label} curve ({main_label})", charts.cost_curve(contents, main, rules.curve_value)
        ),
        charts.row_chart(colour_title, charts.colour_counts(contents, main, rules.colors)),
        charts.row_chart(f"Card types ({main_label})", charts.type_counts(contents, main, rules.card_types)),
    ]
    return DeckPage(deck, rules, contents, report, sections, flagged, deck_charts, main_label)


def stats_panel(
    page: DeckPage,
    *,
    mulligan: str,
    order: str,
    turns: int,
    groups: dict[str, list[str]],
    at_least: dict[str, int],
) -> StatsPanel:
    """Each main-deck card's chance by own turn 0..`turns`, and the chance of holding every chosen group.

    `turns` stops at the deck's last turn with a draw (`last_turn`), past which nothing changes.
    """
    rules, contents = page.rules, page.contents
    main = rules.main_section
    last_turn = max(1, min(MAX_TURNS, rules.draw_rules_for(contents).last_draw_turn(contents.size(main))))
    turns = min(turns, last_turn)
    panel = card_panel(contents, rules, turns=turns, mulligan=mulligan)
    group_of = {n: g for g, numbers in groups.items() for n in numbers}
    rows = [
        {
            "card": card,
            "copies": copies,
            "p": panel[card.number][order],
            "group": group_of.get(card.number, ""),
        }
        for card, copies in sorted(contents.cards_in(main), key=lambda cc: (cc[0].cost or 0, cc[0].name))
    ]
    stats = StatsPanel(
        mulligan=mulligan,
        order=order,
        turns=list(range(turns + 1)),
        last_turn=last_turn,
        rows=rows,
        groups={g: [contents.cards[n] for n in numbers] for g, numbers in groups.items()},
        at_least={g: at_least.get(g, 1) for g in GROUPS},
        deck_size=contents.size(main),
    )
    if groups:
        wanted = [Group(numbers, at_least.get(g, 1)) for g, numbers in groups.items()]
        stats.query = {
            seat: probabilities(
                contents, rules, wanted, turns, going_first=seat == "first", mulligan=mulligan
            )
            for seat in ("first", "second")
        }
        names = " and ".join(
            f"{at_least.get(g, 1)}+ of {' / '.join(c.name for c in stats.groups[g])}" for g in groups
        )
        stats.chart = charts.probability_chart(f"Chance of holding {names}, by own turn", stats.query)
    return stats


@dataclass
class HandView:
    hand: hands.SampleHand
    seed: int
    mulligan: bool
    back: list[int]
    redraw: bool
    turns: int
    going: str
    partial_redraw: bool  # GBF: choose which cards go back
    can_mulligan: bool
    aside_label: str
    empty: bool

    def query(self, **changes: Any) -> str:
        """The query string of this hand with some of its choices changed (links to the next step)."""
        state: dict[str, Any] = {
            "seed": self.seed,
            "mull": int(self.mulligan),
            "redraw": int(self.redraw),
            "back": self.back,
            "turns": self.turns,
            "going": self.going,
        } | changes
        state = {k: v for k, v in state.items() if k == "seed" or v not in (0, [], None)}
        return urlencode(state, doseq=True)

    @property
    def numbers(self) -> list[str]:
        """The hand's card numbers, in its order (what "Keep or mulligan?" asks about)."""
        return [card.number for card in self.hand.hand]

    @property
    def next_turn(self) -> str:
        return self.query(turns=self.turns + 1)

    @property
    def with_mulligan(self) -> str:
        return self.query(mull=1)

    @property
    def other_order(self) -> str:
        return self.query(going="second" if self.going == "first" else "first")


def sample_hand(
    page: DeckPage, *, seed: int, mulligan: bool, back: list[int], redraw: bool, turns: int, going: str
) -> HandView:
    rules = page.rules
    partial = rules.draw_rules.mulligan is Mulligan.BOTTOM_ANY
    keep = set(range(rules.draw_rules.opening_hand)) - set(back) if partial and redraw else None
    hand = hands.deal(
        page.contents,
        rules,
        random.Random(seed),
        mulligan=mulligan and not partial,
        keep=keep,
        turns=turns,
        going_first=going == "first",
    )
    return HandView(
        hand=hand,
        seed=seed,
        mulligan=mulligan,
        back=back,
        redraw=redraw,
        turns=turns,
        going=going,
        partial_redraw=partial,
        can_mulligan=turns == 0 and not (mulligan or redraw),
        aside_label=rules.set_aside_label,
        empty=page.contents.size(rules.main_section) == 0,
    )


@dataclass(frozen=True)
class FaceGroup:
    """Cards of one type in one section, for the visual list: (card, copies) in card-number order."""

    label: str
    cards: list[tuple[Card, int]]

    @property
    def copies(self) -> int:
        return sum(count for _, count in self.cards)


@dataclass(frozen=True)
class FaceSection:
    label: str
    groups: list[FaceGroup]

    @property
    def copies(self) -> int:
        return sum(g.copies for g in self.groups)


def face_sections(deck: Deck) -> list[FaceSection]:
    """The deck's list as card faces (the visual list): its sections in the game's order, and in each
    the cards grouped by type, the types in alphabetical order."""
    rules = engine.get_game(deck.game_id)
    by_section: dict[str, dict[str, list[tuple[Card, int]]]] = {}
    for entry in deck.entries.select_related("card").order_by("card__number"):
        types = by_section.setdefault(entry.section, {})
        types.setdefault(entry.card.type, []).append((entry.card, entry.count))
    return [
        FaceSection(
            section.label,
            [FaceGroup(t.capitalize(), cards) for t, cards in sorted(by_section[section.id].items())],
        )
        for section in rules.sections
        if section.id in by_section
    ]
