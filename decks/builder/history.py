"""A deck's version history: the list of its versions with what each changed, a version's own read-only
page, and restoring one (as a new version). Who may see them is who may see the deck (access.py)."""

from __future__ import annotations

from collections.abc import Mapping
from dataclasses import dataclass

from django.core.paginator import Paginator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.template.defaultfilters import pluralize
from django.views.decorators.http import require_GET, require_POST

import engine
from decks.builder import services
from decks.builder.access import can_view, get_editable_deck, get_viewable_deck, owns
from decks.convert import lookup_cards, validate_deck
from decks.models import Card, Deck, DeckVersion
from engine.deckdiff import CardChange, Cards, diff

PER_PAGE = 30


@dataclass(frozen=True)
class Change:
    """A card change with the card's name and the section's label, for a page."""

    section: str
    number: str
    name: str
    before: int
    after: int

    @property
    def delta(self) -> int:
        return self.after - self.before

    @property
    def copies(self) -> int:
        """How many copies came or went."""
        return abs(self.delta)


@dataclass(frozen=True)
class VersionRow:
    version: DeckVersion
    changes: list[Change]
    editor: str
    size: str


def size_words(deck: Deck, version: DeckVersion) -> str:
    """How big the version is, counted as My decks counts a deck: the main deck's cards ("50 cards in the
    deck"), then each other section by its name ("Limit Break deck: 6"), never one sum of both."""
    counts = {section: sum(cards.values()) for section, cards in version.cards.items()}
    main = counts.get("main", 0)
    words = [f"{main} card{pluralize(main)} in the deck"]
    words += [
        f"{s.label}: {counts[s.id]}"
        for s in engine.get_game(deck.game_id).sections
        if s.id != "main" and counts.get(s.id)
    ]
    return " · ".join(words)


def version_changes(deck: Deck, before: DeckVersion | None, after: DeckVersion) -> list[CardChange]:
    """What `after` changed from `before` (everything it holds when it is the first: the API says so;
    the pages show the first version's list instead)."""
    rules = engine.get_game(deck.game_id)
    return list(diff(before.cards if before else {}, after.cards, rules.section_ids))


def named_changes(deck: Deck, changes: list[CardChange], names: dict[str, str]) -> list[Change]:
    labels = {s.id: s.label for s in engine.get_game(deck.game_id).sections}
    return [
        Change(labels.get(c.section, c.section), c.card, names.get(c.card, c.card), c.before, c.after)
        for c in changes
    ]


def card_names(deck: Deck, changes: list[CardChange]) -> dict[str, str]:
    numbers = {c.card for c in changes}
    return dict(Card.objects.filter(game_id=deck.game_id, number__in=numbers).values_list("number", "name"))


def editor_label(request: HttpRequest, version: DeckVersion) -> str:
    if version.editor_id is None:
        return "the deck's owner (no account)" if version.deck.owner_id is None else "a backup restore"
    if request.user.is_authenticated and version.editor_id == request.user.pk:
        return "you"
    return version.editor.get_username() if version.editor else "a former owner"


@require_GET
def deck_history(request: HttpRequest, share_id: str) -> HttpResponse:
    """The deck's versions, newest first, each with what it changed from the one before."""
    deck = get_viewable_deck(request, share_id)
    versions = deck.versions.select_related("editor", "deck").order_by("-number")
    page = Paginator(versions, PER_PAGE).get_page(request.GET.get("page"))
    shown = list(page.object_list)
    older = {v.number: v for v in deck.versions.filter(number__in=[v.number - 1 for v in shown])}
    diffs = [version_changes(deck, older.get(v.number - 1), v) if v.number > 1 else [] for v in shown]
    names = card_names(deck, [c for changes in diffs for c in changes])
    rows = [
        VersionRow(v, named_changes(deck, changes, names), editor_label(request, v), size_words(deck, v))
        for v, changes in zip(shown, diffs, strict=True)
    ]
    context = {"deck": deck, "is_owner": owns(request, deck), "rows": rows, "page": page}
    context |= _origin(request, deck)
    return render(request, "decks/history.html", context)


@require_GET
def deck_version(request: HttpRequest, share_id: str, version: int) -> HttpResponse:
    """One version, read-only: its list, its legality today, what it changed and how the deck differs now."""
    deck = get_viewable_deck(request, share_id)
    shown = _version(deck, version)
    previous = deck.versions.filter(number=version - 1).first()
    current = services.latest_version(deck)
    rules = engine.get_game(deck.game_id)
    changed = version_changes(deck, previous, shown)
    since = list(diff(shown.cards, current.cards, rules.section_ids)) if current else []
    source = deck.versions.filter(number=shown.restored_from).first() if shown.restored_from else None
    left_out = list(diff(source.cards, shown.cards, rules.section_ids)) if source else []
    names = card_names(deck, changed + since + left_out + _holding(shown))
    labels = {s.id: s.label for s in rules.sections}
    sections = [
        (labels.get(section, section), [(n, names.get(n, n), count) for n, count in sorted(cards.items())])
        for section, cards in _in_order(shown.cards, rules.section_ids)
    ]
    context = (
        {
            "deck": deck,
            "is_owner": owns(request, deck),
            "version": shown,
            "editor": editor_label(request, shown),
            "size": size_words(deck, shown),
            "sections": sections,
            "report": validate_deck(version_deck(deck, shown)),
            "changed": named_changes(deck, changed, names),
            "since": named_changes(deck, since, names),
            "left_out": named_changes(
                deck, left_out, names
            ),  # a restore without cards gone from the database
            "is_current": current is not None and current.number == shown.number,
            "runs": shown.runs.order_by("-created_at")[:10],
        }
        | _origin(request, deck)
    )
    return render(request, "decks/version.html", context)


@require_POST
def restore_version(request: HttpRequest, share_id: str, version: int) -> HttpResponse:
    """The owner makes the deck hold a version's list again: a new version, so nothing is lost (none
    when the deck already holds that list)."""
    deck = get_editable_deck(request, share_id)
    restored = services.restore_version(deck, _version(deck, version))
    return redirect("decks:deck-version", share_id=deck.share_id, version=restored.number)


def version_deck(deck: Deck, version: DeckVersion) -> engine.Deck:
    """The version as the engine reads it, its cards as the card database has them today."""
    numbers = {n for cards in version.cards.values() for n in cards}
    cards = lookup_cards(deck.game_id, numbers)
    return engine.Deck(
        game=deck.game_id,
        format=version.format,
        sections={
            section: tuple(engine.DeckEntry(n, count) for n, count in sorted(entries.items()) if n in cards)
            for section, entries in version.cards.items()
        },
        cards=dict(cards),
        name=f"{deck.name} (version {version.number})",
    )


def _origin(request: HttpRequest, deck: Deck) -> dict[str, object]:
    """The deck and version a fork came from, when the visitor may open that deck (as on the deck page)."""
    source = deck.forked_from_version
    if source is None or not can_view(request, source.deck):
        return {"forked_from": None}
    return {"forked_from": source}


def _version(deck: Deck, number: int) -> DeckVersion:
    version = deck.versions.select_related("editor", "deck").filter(number=number).first()
    if version is None:
        raise Http404("No such version")
    return version


def _holding(version: DeckVersion) -> list[CardChange]:
    """The version's cards as changes from nothing, for looking up their names with the others."""
    return list(diff({}, version.cards))


def _in_order(cards: Cards, sections: tuple[str, ...]) -> list[tuple[str, Mapping[str, int]]]:
    """The sections that hold cards, in the game's order, then any other by name."""
    return [(s, cards[s]) for s in sections if cards.get(s)] + [
        (s, c) for s, c in sorted(cards.items()) if s not in sections and c
    ]
