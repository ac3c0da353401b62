"""Finding public decks (issue 35, item 5): the facts a search reads, kept on each deck's row, and the
counts it sorts by (favourites, views, forks).

A search of 100,000 public decks must answer in milliseconds, so nothing it filters or sorts by is worked
out per query: each deck row holds its legality (with the card data and ban list versions it was judged
against), its main deck's colours and its counters, refreshed when the deck changes, and DeckNeed rows
hold the copies of each card it needs, for "decks I can build now". A change to a
game's cards or ban lists leaves verdicts stale; a search trusts only current ones, a deck's page renews
its own, and `manage.py refresh_search` renews them all.

Views are counted without a database write per view: each process's cache adds them up per deck and
writes them VIEWS_PER_WRITE at a time (a count is at most that many views behind).

Nor is every match counted: a search matching half of 100,000 decks counts COUNTED_PAST_PAGE of them past
the page shown and says "more than", which is all a reader of 20 at a time needs (SearchPaginator). Which
index finds a search's decks is the database planner's choice, made from its statistics: PostgreSQL's
autovacuum keeps them, SQLite has them once `manage.py refresh_search` has run ANALYZE.
"""

from __future__ import annotations

from functools import cached_property
from typing import Any

from django.core.cache import cache
from django.core.paginator import Page, Paginator
from django.db import IntegrityError, connection, transaction
from django.db.models import F, Q, QuerySet, Sum
from django.db.models.expressions import RawSQL

import engine
from decks import convert
from decks.models import Deck, DeckCard, DeckNeed, DeckTag, Favourite, Game

VIEWS_PER_WRITE = 10
COUNTED_PAST_PAGE = 200
# The SQLite full-text table of deck names (migration 0031): its trigram index finds the decks whose name
# holds a piece of text, which a B-tree cannot; PostgreSQL's pg_trgm index serves `icontains` itself.
NAME_TRIGRAMS = "deck_name_trigrams"


def as_of(game: Game) -> str:
    """The versions of a game's card data and ban lists a legality verdict was made against."""
    return f"{game.cards_version}:{game.ban_lists_version}"


def refresh_facts(
    deck: Deck, report: engine.Report | None = None, contents: engine.Deck | None = None
) -> None:
    """Store what the search reads of `deck`: its legality now and its main deck's colours. Pass the
    deck's `contents` and `report` when the caller has them (the deck page does)."""
    contents = contents if contents is not None else convert.deck_to_engine(deck)
    report = report if report is not None else convert.validate_deck(contents)
    rules = engine.get_game(deck.game_id)
    colours = {c for card, _ in contents.cards_in(rules.main_section) for c in card.colors}
    facts = {
        "legal": report.legal,
        "legal_as_of": as_of(deck.game),
        "colours": f" {' '.join(sorted(colours))} " if colours else "",
    }
    if any(getattr(deck, k) != v for k, v in facts.items()):
        Deck.with_deleted.filter(pk=deck.pk).update(**facts)
        for key, value in facts.items():
            setattr(deck, key, value)


def store_needs(deck_ids: list[int]) -> None:
    """Store what each deck needs of a collection (DeckNeed): its copies of each card by base number,
    over every section, as engine.collection.shortfall counts them. Called wherever a deck's cards
    change (decks.builder.services), and by `manage.py refresh_search`, since a change to a game's card
    data may change which printings share a base number."""
    rows = (
        DeckCard.objects.filter(deck_id__in=deck_ids)
        .values("deck_id", "card__game_id", "card__base_number")
        .annotate(copies=Sum("count"))
    )
    with transaction.atomic():
        DeckNeed.objects.filter(deck_id__in=deck_ids).delete()
        DeckNeed.objects.bulk_create(
            DeckNeed(deck_id=r["deck_id"], game_id=r["card__game_id"], base_number=r["card__base_number"],
                     count=r["copies"])
            for r in rows
        )  # fmt: skip


def _current() -> Q:
    """Decks judged against their game's card data and ban lists as they are now."""
    fresh = Q(pk__in=[])
    for game in Game.objects.all():
        fresh |= Q(game_id=game.pk, legal_as_of=as_of(game))
    return fresh


def stale(decks: QuerySet[Deck]) -> QuerySet[Deck]:
    """The decks whose verdict is missing or was made against other card data or ban lists."""
    return decks.exclude(_current())


def legal_now(decks: QuerySet[Deck]) -> QuerySet[Deck]:
    """The decks legal in their format against their game's current card data and ban lists."""
    return decks.filter(_current(), legal=True)


def has_colour(decks: QuerySet[Deck], colour: str) -> QuerySet[Deck]:
    """Decks whose main deck plays `colour` ("light" does not match "lightning": the words are spaced)."""
    return decks.filter(colours__contains=f" {colour} ")


def name_contains(decks: QuerySet[Deck], text: str) -> QuerySet[Deck]:
    """Decks whose name holds `text`, in any case. On SQLite the trigram table narrows the decks first
    (three characters at least make a trigram); `icontains` has the last word either way, so that both
    databases answer exactly as `icontains` does (SQLite folds the case of ASCII letters only)."""
    if connection.vendor == "sqlite" and len(text) >= 3:
        phrase = '"' + text.replace('"', '""') + '"'  # one FTS5 string: every trigram of it, in order
        found = RawSQL(f"SELECT rowid FROM {NAME_TRIGRAMS} WHERE {NAME_TRIGRAMS} MATCH %s", [phrase])
        decks = decks.filter(pk__in=found)
    return decks.filter(name__icontains=text)


class SearchPaginator(Paginator):
    """Pages of the decks matching a search, found in two steps that each stay on an index whatever the
    database's planner guesses: first the ids of the page (without the list's columns, whose subqueries
    would be worked out for every match a sort reads), then the rows of those ids from `shown`.

    The matches are counted up to `limit` (COUNTED_PAST_PAGE past the page asked for), not all of them:
    counting 50,000 matching decks costs more than finding the 20 shown, and `capped` says the count
    stopped there (the pager then offers the next page without naming the last). The ids that count
    reads choose how the page is found: a few matches are sorted by id (a B-tree lookup each); many are
    read off the order's index, where a page's worth turns up within a few rows."""

    def __init__(
        self, matches: QuerySet[Deck], shown: QuerySet[Deck], per_page: int, asked: str | None
    ) -> None:
        """`matches`: the decks found, in the order listed; `shown`: decks with the list's columns."""
        super().__init__(matches, per_page)
        self.matches = matches
        self.shown = shown
        self.asked = asked
        # A number get_page would not read as a page (or one too long for SQL's LIMIT) is page 1 here.
        number = int(asked) if asked and asked.isdecimal() and len(asked) < 10 else 1
        self.limit = max(number - 1, 0) * per_page + COUNTED_PAST_PAGE

    @cached_property
    def _found(self) -> list[int]:
        """The ids of the matches, `limit` + 1 of them at most, in no order."""
        return list(self.matches.order_by().values_list("pk", flat=True)[: self.limit + 1])

    @cached_property
    def count(self) -> int:
        return len(self._found)

    @property
    def capped(self) -> bool:
        return self.count > self.limit

    def page(self, number: Any) -> Page[Deck]:
        number = self.validate_number(number)
        bottom = (number - 1) * self.per_page
        listed = self.matches if self.capped else Deck.objects.filter(pk__in=self._found)
        # The order asked for, or the decks' own: order_by() with none would clear it.
        order = self.matches.query.order_by or tuple(Deck._meta.ordering or ())
        ids = list(listed.order_by(*order).values_list("pk", flat=True)[bottom : bottom + self.per_page])
        rows = self.shown.in_bulk(ids)
        return Page([rows[pk] for pk in ids], number, self)

    def asked_page(self) -> Page[Deck]:
        return self.get_page(self.asked)


def set_tags(deck: Deck, words: list[str]) -> None:
    """The owner's tags for the deck, replacing the ones it had."""
    with transaction.atomic():
        DeckTag.objects.filter(deck=deck).delete()
        DeckTag.objects.bulk_create(DeckTag(deck=deck, name=w) for w in words[: DeckTag.MAX_PER_DECK])


def toggle_favourite(deck: Deck, user_id: int) -> bool:
    """Star the deck for the user, or take the star back; True when it is now starred."""
    with transaction.atomic():
        removed, _ = Favourite.objects.filter(deck=deck, user_id=user_id).delete()
        if removed:
            Deck.with_deleted.filter(pk=deck.pk).update(favourite_count=F("favourite_count") - 1)
            return False
        try:
            with transaction.atomic():
                Favourite.objects.create(deck=deck, user_id=user_id)
        except IntegrityError:  # a second click raced the first: the star is there
            return True
        Deck.with_deleted.filter(pk=deck.pk).update(favourite_count=F("favourite_count") + 1)
        return True


def count_fork(source: Deck) -> None:
    Deck.with_deleted.filter(pk=source.pk).update(fork_count=F("fork_count") + 1)


def count_view(deck: Deck) -> None:
    """One more view of the deck, written to its row every VIEWS_PER_WRITE views."""
    key = f"deck-views:{deck.pk}"
    cache.add(key, 0, timeout=None)
    try:
        unwritten = cache.incr(key)
    except ValueError:  # evicted since the add: this view starts the count again
        cache.add(key, 1, timeout=None)
        return
    # incr answers each value to one caller, so one process writes each VIEWS_PER_WRITE views.
    if unwritten % VIEWS_PER_WRITE == 0:
        cache.decr(key, VIEWS_PER_WRITE)
        Deck.with_deleted.filter(pk=deck.pk).update(view_count=F("view_count") + VIEWS_PER_WRITE)
