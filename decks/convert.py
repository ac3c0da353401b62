"""Django rows <-> engine dataclasses: the only place where the two meet."""

from __future__ import annotations

from collections.abc import Iterable, Mapping, Sequence
from dataclasses import fields
from functools import reduce
from operator import or_

from django.db import DatabaseError
from django.db.models import Prefetch, Q, prefetch_related_objects
from django.db.models.functions import Upper
from django.utils import timezone

import engine
from decks import models
from engine.effects import read_effects

# Engine card fields that live in Card.data rather than in a column of their own.
_DATA_FIELDS = frozenset(f.name for f in fields(engine.Card)) - {
    "number", "name", "type", "colors", "cost", "power", "traits", "keywords", "text",
}  # fmt: skip


def card_to_engine(card: models.Card) -> engine.Card:
    extra = {k: v for k, v in (card.data or {}).items() if k in _DATA_FIELDS and v is not None}
    if "deck_rules" in extra:
        extra["deck_rules"] = tuple(extra["deck_rules"])
    if "effects" in extra:  # set by a maintainer (decks/maintenance/effects_views.py), checked when saved
        extra["effects"] = read_effects(f"Card {card.number}", extra["effects"])
    return engine.Card(
        number=card.number,
        name=card.name,
        type=card.type,
        colors=tuple(card.colors),
        cost=card.cost,
        power=card.power,
        traits=tuple(card.traits),
        keywords=tuple(card.keywords),
        text=card.text,
        **extra,
    )


def card_fields_for_row(card: engine.Card) -> dict[str, object]:
    """The column values of a models.Card for an engine card (number and game excluded)."""
    printed = card.to_dict()
    return {
        "name": card.name,
        "type": card.type,
        "colors": list(card.colors),
        "cost": card.cost,
        "power": card.power,
        "traits": list(card.traits),
        "keywords": list(card.keywords),
        "text": card.text,
        "data": {k: v for k, v in printed.items() if k in _DATA_FIELDS},
    }


class DatabaseCatalog:
    """engine.decklist.CardCatalog over the card table; a printing also answers for its base number."""

    def by_number(self, game: str, numbers: Iterable[str]) -> Mapping[str, engine.Card]:
        numbers = set(numbers)
        if not numbers:
            return {}
        rules = engine.get_game(game)
        bases = {n: rules.base_number(n) for n in numbers}
        # Decklists upper-case the codes they read (FZ00-012_p1 arrives as FZ00-012_P1): compare upper case.
        rows = (
            models.Card.objects.filter(game_id=game)
            .annotate(upper_number=Upper("number"))
            .filter(Q(upper_number__in={n.upper() for n in numbers}) | Q(base_number__in=set(bases.values())))
        )
        exact: dict[str, models.Card] = {}
        by_base: dict[str, models.Card] = {}
        for row in rows.order_by("number"):
            exact[row.number.upper()] = row
            by_base.setdefault(row.base_number, row)
        found = {}
        for n in numbers:
            match = exact.get(n.upper()) or by_base.get(bases[n]) or _by_alias(game, n)
            if match is not None:
                found[n] = card_to_engine(match)
        return found

    def by_name(self, game: str, names: Iterable[str]) -> Mapping[str, list[engine.Card]]:
        wanted = {n.casefold(): n for n in names}
        if not wanted:
            return {}
        query = reduce(or_, (Q(name__iexact=n) for n in wanted.values()))
        found: dict[str, list[engine.Card]] = {}
        for row in models.Card.objects.filter(game_id=game).filter(query).order_by("number"):
            asked = wanted.get(row.name.casefold())
            if asked is not None:
                found.setdefault(asked, []).append(card_to_engine(row))
        return found

    def names(self, game: str) -> Iterable[str]:
        return models.Card.objects.filter(game_id=game).values_list("name", flat=True).distinct()


def lookup_cards(game: str, numbers: Iterable[str]) -> Mapping[str, engine.Card]:
    """The card lookup engine.load_deck takes: exact printing numbers, or the other code a card is
    printed with (FFTCG's "Q9-021C/Q8-050H": the importer keeps the second as an alias)."""
    numbers = set(numbers)
    try:
        rows = list(models.Card.objects.filter(game_id=game, number__in=numbers))
    except DatabaseError as e:  # a fresh checkout before its first ./run: no card table yet
        raise engine.DeckFileError(
            f"the file does not describe {', '.join(sorted(numbers)[:5])}{' ...' if len(numbers) > 5 else ''}"
            " and the card database is not set up yet to look them up: run ./run once (or python "
            "manage.py migrate, then python manage.py loadsamples)."
        ) from e
    found = {row.number: card_to_engine(row) for row in rows}
    for n in numbers - found.keys():
        if (row := _by_alias(game, n)) is not None:
            found[n] = card_to_engine(row)
    return found


def _by_alias(game: str, number: str) -> models.Card | None:
    """The card that lists `number` among its other printings' codes (any case)."""
    for row in models.Card.objects.filter(game_id=game, aliases__icontains=f'"{number}"'):
        if any(alias.upper() == number.upper() for alias in row.aliases):
            return row
    return None


ENTRY_ORDER = ("card__cost", "card__number")


def deck_entries(deck: models.Deck) -> list[models.DeckCard]:
    """The deck's entries with their cards, in one query."""
    return list(deck.entries.select_related("card").order_by(*ENTRY_ORDER))


def deck_to_engine(deck: models.Deck, entries: list[models.DeckCard] | None = None) -> engine.Deck:
    """The deck as the engine reads it; pass `entries` (from deck_entries) when the caller has them."""
    rules = engine.get_game(deck.game_id)
    if entries is None:
        entries = deck_entries(deck)
    sections: dict[str, list[engine.DeckEntry]] = {s: [] for s in rules.section_ids}
    cards: dict[str, engine.Card] = {}
    for entry in entries:
        cards.setdefault(entry.card.number, card_to_engine(entry.card))
        sections.setdefault(entry.section, []).append(engine.DeckEntry(entry.card.number, entry.count))
    return engine.Deck(
        game=deck.game_id,
        format=deck.format,
        sections={s: tuple(e) for s, e in sections.items() if e},
        cards=cards,
        name=deck.name,
    )


def current_ban_list(game: str, format: str) -> engine.BanList | None:
    """The newest ban list of the game already in effect for the format, as the engine applies it.

    A list applies to the formats it names; one that names none, to every format but the sealed ones.
    """
    rules = engine.get_game(game)
    rows = models.BanList.objects.filter(game_id=game, effective_date__lte=timezone.localdate())
    row = next(
        (
            r
            for r in rows.order_by("-effective_date").prefetch_related("entries")
            if format in r.formats or (not r.formats and format not in rules.sealed_formats)
        ),
        None,
    )
    if row is None:
        return None
    limits = {e.base_number: e.max_copies for e in row.entries.all()}
    return engine.BanList(name=row.name, effective=row.effective_date, limits=limits)


def validate_deck(deck: engine.Deck) -> engine.Report:
    """The one legality verdict the app, the API and checkdeck share: the rules, then the ban list."""
    return engine.get_game(deck.game).validate(deck, current_ban_list(deck.game, deck.format))


def validate_decks(decks: Sequence[models.Deck]) -> list[engine.Report]:
    """validate_deck's verdicts for a page of decks, in a fixed number of queries: the decks' entries and
    cards in one, and each game and format's ban list once."""
    prefetch_related_objects(
        list(decks),
        Prefetch("entries", models.DeckCard.objects.select_related("card").order_by(*ENTRY_ORDER)),
    )
    ban_lists: dict[tuple[str, str], engine.BanList | None] = {}
    reports = []
    for deck in decks:
        key = (deck.game_id, deck.format)
        if key not in ban_lists:
            ban_lists[key] = current_ban_list(*key)
        reports.append(
            engine.get_game(deck.game_id).validate(
                deck_to_engine(deck, list(deck.entries.all())), ban_lists[key]
            )
        )
    return reports
