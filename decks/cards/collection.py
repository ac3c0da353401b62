"""The cards a player owns (issue 36): +/− on card pages and in the card browser, the "My collection"
page with its CSV import and export, and what a deck lacks of the viewer's collection.

A collection belongs to an account and is private to it: every view reads the signed-in user's own, and
a visitor without an account is sent to sign up. The counting itself (printings, CSV lines, what a deck
lacks) is engine.collection.
"""

from __future__ import annotations

from typing import cast

from django import forms
from django.contrib.auth.models import User
from django.contrib.auth.views import redirect_to_login
from django.db import connection, transaction
from django.db.models import F, QuerySet
from django.db.models.expressions import RawSQL
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.utils.cache import add_never_cache_headers
from django.utils.http import url_has_allowed_host_and_scheme
from django.views.decorators.http import require_GET, require_http_methods, require_POST

import engine
from decks import convert
from decks.builder.access import get_viewable_deck
from decks.models import Card, Collection, Deck, OwnedCard
from engine.collection import (
    MAX_CSV_BYTES,
    CollectionFileError,
    Shortfall,
    read_csv,
    shortfall,
    write_csv,
)
from engine.deck import Deck as EngineDeck
from engine.decklist_formats import write_plain


def account(request: HttpRequest) -> User | None:
    """The signed-in user whose collection a request reads and changes; None for a visitor."""
    return cast(User, request.user) if request.user.is_authenticated else None


def collection_version(request: HttpRequest) -> int | None:
    """What a cached page showing the viewer's owned counts is keyed on (None: no counts to show)."""
    user = account(request)
    if user is None:
        return None
    return Collection.objects.filter(user=user).values_list("version", flat=True).first() or 0


def owned_counts(user: User | None, game_id: str, bases: list[str] | None = None) -> dict[str, int]:
    """Copies owned by base number of one game, all of them or of the `bases` given (none: a visitor)."""
    if user is None:
        return {}
    rows = OwnedCard.objects.filter(collection__user=user, game_id=game_id)
    if bases is not None:
        rows = rows.filter(base_number__in=bases)
    return dict(rows.values_list("base_number", "count"))


@transaction.atomic
def change_owned(user: User, game_id: str, base_number: str, delta: int) -> int:
    """Add or take away copies of a card; never below none. Returns the copies now owned."""
    collection, _ = Collection.objects.select_for_update().get_or_create(user=user)
    row = OwnedCard.objects.filter(collection=collection, game_id=game_id, base_number=base_number).first()
    now = max(0, (row.count if row else 0) + delta)
    if row is not None and now == 0:
        row.delete()
    elif row is not None:
        row.count = now
        row.save(update_fields=["count"])
    elif now > 0:
        OwnedCard.objects.create(collection=collection, game_id=game_id, base_number=base_number, count=now)
    Collection.objects.filter(pk=collection.pk).update(version=F("version") + 1)
    return now


@transaction.atomic
def set_owned(user: User, game_id: str, counts: dict[str, int]) -> None:
    """Set the copies owned of each card named (0: none); the game's other cards stay as they were."""
    collection, _ = Collection.objects.select_for_update().get_or_create(user=user)
    mine = OwnedCard.objects.filter(collection=collection, game_id=game_id)
    mine.filter(base_number__in=list(counts)).delete()
    OwnedCard.objects.bulk_create(
        OwnedCard(collection=collection, game_id=game_id, base_number=base, count=count)
        for base, count in counts.items()
        if count > 0
    )
    Collection.objects.filter(pk=collection.pk).update(version=F("version") + 1)


def import_csv(user: User, game_id: str, text: str) -> int:
    """Set the counts a collection app's CSV file names (engine.collection.read_csv): all of them, or
    none when a line is bad (CollectionFileError names every bad line). Returns the cards set."""
    known = set(Card.objects.filter(game_id=game_id).values_list("base_number", flat=True))
    counts = read_csv(text, engine.get_game(game_id).base_number, known)
    set_owned(user, game_id, counts)
    return len(counts)


def deck_shortfall(user: User | None, deck: EngineDeck) -> Shortfall:
    rules = engine.get_game(deck.game)
    bases = sorted({rules.base_number(n) for n in deck.cards})
    return shortfall(deck, owned_counts(user, deck.game, bases), rules.base_number)


# The decks that lack more than N copies of one collection, read off the stored needs (DeckNeed): for each
# card of the card table (by game and base number), with the copies the collection owns of it, the decks
# needing more copies are sought on the needs' index, and what they lack is summed per deck. The work
# grows with the needs a collection falls short of, not with the number of decks (adding up every deck's
# cards per search took 50 s over 100,000 decks on SQLite: bench/collection_bench.py). SQLite plans the
# join as written; PostgreSQL would hash the whole needs table instead, so there the seek per card is a
# LATERAL subquery that OFFSET 0 keeps from being flattened back into a join (SQLite has no LATERAL).
_CARDS_OWNED = """
    (SELECT DISTINCT game_id, base_number FROM decks_card) AS card
    LEFT JOIN decks_ownedcard owned
        ON owned.collection_id = %s AND owned.game_id = card.game_id AND owned.base_number = card.base_number
"""
_LACKING_MORE_THAN_SQL = {
    "postgresql": f"""
SELECT lacking.deck_id FROM {_CARDS_OWNED}
CROSS JOIN LATERAL (
    SELECT need.deck_id, need.count - COALESCE(owned.count, 0) AS copies
    FROM decks_deckneed need
    WHERE need.game_id = card.game_id AND need.base_number = card.base_number
        AND need.count > COALESCE(owned.count, 0)
    OFFSET 0
) AS lacking
GROUP BY lacking.deck_id
HAVING SUM(lacking.copies) > %s
""",
    "sqlite": f"""
SELECT need.deck_id FROM {_CARDS_OWNED}
JOIN decks_deckneed need
    ON need.game_id = card.game_id AND need.base_number = card.base_number
    AND need.count > COALESCE(owned.count, 0)
GROUP BY need.deck_id
HAVING SUM(need.count - COALESCE(owned.count, 0)) > %s
""",
}


def missing_at_most(decks: QuerySet[Deck], user: User, most: int) -> QuerySet[Deck]:
    """The decks that lack at most `most` copies of the user's collection (0: the decks they can build
    now), the same count as engine.collection.shortfall over the stored needs. A deck without cards
    lacks nothing, as its own page says ("owned 0 of 0"): asking every deck whether it has cards cost
    more than the rest of the search (a probe per deck, 0.4 s of 0.6 s over 100,000 on PostgreSQL)."""
    collection_id = Collection.objects.filter(user=user).values_list("pk", flat=True).first() or 0
    lacking = RawSQL(_LACKING_MORE_THAN_SQL[connection.vendor], (collection_id, most))
    return decks.exclude(pk__in=lacking)


def _sign_up(request: HttpRequest, back_to: str) -> HttpResponse:
    """Collections belong to accounts: a visitor signs up (or logs in) and comes back."""
    return redirect_to_login(back_to, reverse("decks:signup"))


@require_POST
def owned_count(request: HttpRequest, game_id: str, number: str) -> HttpResponse:
    """+1 or −1 copy owned of a card; answers an htmx request with the control itself."""
    card = get_object_or_404(Card, game_id=game_id, number=number)
    user = account(request)
    if user is None:
        return _sign_up(request, reverse("decks:card", args=[game_id, number]))
    delta = request.POST.get("delta")
    if delta not in ("1", "-1"):
        return HttpResponse("Say delta=1 or delta=-1.", status=400)
    owned = change_owned(user, game_id, card.base_number, int(delta))
    if not request.headers.get("HX-Request"):
        back = request.POST.get("back", "")
        if not url_has_allowed_host_and_scheme(back, {request.get_host()}, require_https=request.is_secure()):
            back = reverse("decks:card", args=[game_id, number])  # only back to a page of this site
        return redirect(back)
    return render(request, "decks/_owned_control.html", {"card": card, "owned": owned})


class CollectionImportForm(forms.Form):
    file = forms.FileField(label="CSV file (number,count)")

    def clean_file(self) -> str:
        upload = self.cleaned_data["file"]
        if upload.size > MAX_CSV_BYTES:
            raise forms.ValidationError(f"The file is over {MAX_CSV_BYTES // 1_000_000} MB.")
        try:
            return str(upload.read().decode("utf-8-sig"))
        except UnicodeDecodeError as e:
            raise forms.ValidationError("The file is not UTF-8 text.") from e


@require_http_methods(["GET", "POST"])
def my_collection(request: HttpRequest, game_id: str) -> HttpResponse:
    """The viewer's cards of one game, with the CSV import (it sets the counts of the cards it lists;
    any bad line and nothing is saved) and the link to the export."""
    if game_id not in engine.GAMES:
        raise Http404("No such game")
    user = account(request)
    if user is None:
        return _sign_up(request, request.path)
    rules = engine.get_game(game_id)
    form = CollectionImportForm(request.POST or None, request.FILES or None)
    problems: list[str] = []
    saved = 0
    if request.method == "POST" and form.is_valid():
        try:
            saved = import_csv(user, game_id, form.cleaned_data["file"])
        except CollectionFileError as e:
            problems = e.problems
    owned = owned_counts(user, game_id)
    names = dict(
        Card.objects.filter(game_id=game_id, base_number__in=list(owned))
        .order_by("base_number", "number")
        .values_list("base_number", "name")
        .distinct()
    )
    rows = [(base, names.get(base, ""), count) for base, count in sorted(owned.items())]
    context = {
        "rules": rules,
        "games": engine.game_choices(),
        "form": form,
        "problems": problems,
        "saved": saved,
        "rows": rows,
        "copies": sum(owned.values()),
    }
    response = render(request, "decks/collection.html", context)
    add_never_cache_headers(response)
    return response


@require_GET
def collection_export(request: HttpRequest, game_id: str) -> HttpResponse:
    if game_id not in engine.GAMES:
        raise Http404("No such game")
    user = account(request)
    if user is None:
        return _sign_up(request, reverse("decks:collection", args=[game_id]))
    response = HttpResponse(write_csv(owned_counts(user, game_id)), content_type="text/csv")
    response["Content-Disposition"] = f'attachment; filename="collection-{game_id}.csv"'
    add_never_cache_headers(response)
    return response


@require_GET
def deck_owned(request: HttpRequest, share_id: str) -> HttpResponse:
    """The deck against the viewer's own collection: "owned 43 of 50" and what is missing. Loaded by the
    deck page with htmx and never cached, so it follows the collection (the deck page is cached)."""
    deck = get_viewable_deck(request, share_id)
    context: dict[str, object] = {"deck": deck}
    user = account(request)
    if user is not None:
        engine_deck = convert.deck_to_engine(deck)
        short = deck_shortfall(user, engine_deck)
        context["short"] = short
        labels = {s.id: s.label for s in engine.get_game(deck.game_id).sections}
        context["missing"] = [
            (
                labels.get(section, section),
                [(e.count, e.card, engine_deck.cards[e.card].name) for e in lacking],
            )
            for section, lacking in short.missing.items()
        ]
    response = render(request, "decks/_deck_owned.html", context)
    add_never_cache_headers(response)
    return response


@require_GET
def deck_missing_text(request: HttpRequest, share_id: str) -> HttpResponse:
    """The deck's cards the viewer lacks, as a plain list (engine.decklist_formats), to take shopping."""
    deck = get_viewable_deck(request, share_id)
    user = account(request)
    if user is None:
        return _sign_up(request, deck.get_absolute_url())
    engine_deck = convert.deck_to_engine(deck)
    short = deck_shortfall(user, engine_deck)
    missing = EngineDeck(
        game=engine_deck.game,
        format=engine_deck.format,
        sections=short.missing,
        cards={e.card: engine_deck.cards[e.card] for entries in short.missing.values() for e in entries},
        name=f"Missing for {deck.name}",
    )
    response = HttpResponse(write_plain(missing), content_type="text/plain; charset=utf-8")
    add_never_cache_headers(response)
    return response
