"""Deck lists and sharing: my decks, public decks, decks playing a card, a deck's settings, forks.

Only public decks are ever listed; an unlisted deck opens for whoever has its link and a private one
for its owner only (decks/builder/access.py). Every write goes through decks/builder/services.py.
"""

from __future__ import annotations

import operator
from functools import reduce
from typing import Any

from django.contrib.auth.models import User
from django.contrib.auth.views import redirect_to_login
from django.core.paginator import Page
from django.db.models import Exists, IntegerField, OuterRef, Q, QuerySet, Subquery, Sum, Value
from django.db.models.functions import Coalesce
from django.http import HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET, require_http_methods, require_POST
from django.views.decorators.vary import vary_on_headers

import engine
from decks import convert
from decks.builder import search, services
from decks.builder.access import get_editable_deck, get_viewable_deck, session_key
from decks.builder.library_forms import (
    MY_DECK_ORDERS,
    CardSearchForm,
    DeckSettingsForm,
    MyDecksForm,
    PublicDecksForm,
)
from decks.cards.collection import account, missing_at_most
from decks.models import Card, Deck, DeckCard, DeckTag
from decks.web.requests import HtmxHttpRequest
from engine.games.base import GameRules

PER_PAGE = 20
MAX_MATCHED_CARDS = 50  # a card search as wide as "a" stops naming cards after this many


def listed_decks() -> QuerySet[Deck]:
    """Decks with what a list shows: game, owner, source, main deck size and DBS FW leader. The size and
    the leader are subqueries, worked out for the page of rows shown only (a join summed per deck would
    add up the cards of every deck that matches before the page is cut: seconds over 100,000 decks)."""
    # Ordered by what they need only: DeckCard's own ordering would join each row's deck and cards.
    leader = (
        DeckCard.objects.filter(deck=OuterRef("pk"), section="leader")
        .order_by("card__number")
        .values("card__name")[:1]
    )
    main = (
        DeckCard.objects.filter(deck=OuterRef("pk"), section="main")
        .order_by()
        .values("deck")
        .annotate(cards=Sum("count"))
        .values("cards")
    )
    return Deck.objects.select_related("game", "owner", "forked_from").annotate(
        main_count=Coalesce(Subquery(main), Value(0), output_field=IntegerField()),
        leader_name=Subquery(leader),
    )


def public_decks() -> QuerySet[Deck]:
    return listed_decks().filter(visibility=Deck.Visibility.PUBLIC)


def decks_by_game(limit: int = 3) -> list[tuple[GameRules, list[Deck], list[Deck]]]:
    """The home page's lists: for each game, its newest public decks and its most favourited."""
    shown = []
    for game_id, rules in engine.GAMES.items():
        of_game = public_decks().filter(game_id=game_id)
        newest = list(of_game.order_by("-created_at", "-pk")[:limit])
        popular = list(of_game.filter(favourite_count__gt=0).order_by("-favourite_count", "-pk")[:limit])
        shown.append((rules, newest, popular))
    return shown


@never_cache
@require_GET
def my_decks(request: HttpRequest) -> HttpResponse:
    """The signed-in user's decks, or the decks this browser's session built before signing up."""
    mine = _mine(listed_decks(), request)
    form = MyDecksForm(request.GET)
    decks = mine
    order = MY_DECK_ORDERS["updated"]
    if form.is_valid():
        f = form.cleaned_data
        decks = decks.filter(game_id=f["game"]) if f["game"] else decks
        decks = decks.filter(format=f["format"]) if f["format"] else decks
        order = MY_DECK_ORDERS[f["sort"] or "updated"]
    shown = list(decks.order_by(order, "name"))
    deleted = _mine(Deck.with_deleted.filter(deleted_at__isnull=False), request)
    context = {
        # Each deck with the verdict its page gives.
        "rows": list(zip(shown, convert.validate_decks(shown), strict=True)),
        "form": form,
        "total": mine.count(),
        "games": engine.game_choices(),
        "deleted": deleted.filter(share_id=request.GET.get("deleted", "")).first(),
    }
    return render(request, "decks/library_mine.html", context)


def _mine(decks: QuerySet[Deck], request: HttpRequest) -> QuerySet[Deck]:
    """The decks of the signed-in user, or those this browser's session built before signing up."""
    if request.user.is_authenticated:
        return decks.filter(owner=request.user)
    if request.session.session_key:
        return decks.filter(owner__isnull=True, session_key=request.session.session_key)
    return decks.none()


@vary_on_headers("HX-Request")  # the same URL answers htmx with the results only
@require_GET
def public_deck_list(request: HtmxHttpRequest) -> HttpResponse:
    """The public deck search: by name, game, format, legality, a card played, Leader or captain,
    colour, builder and tag, sorted newest first or by favourites, views or forks."""
    form = PublicDecksForm(request.GET, viewer=account(request))
    decks = public_decks()
    if form.is_valid():
        decks = matching(decks, form.cleaned_data, form.viewer).order_by(form.ordering(), "-pk")
    else:
        decks = decks.none()
    context = {"form": form, "page": _page(request, decks)}
    return render(request, _template(request, "decks/library_public.html"), context)


def matching(decks: QuerySet[Deck], f: dict[str, Any], viewer: User | None = None) -> QuerySet[Deck]:
    """The decks that match every filter the search form was given; "My cards" reads `viewer`'s
    collection."""
    if f["q"]:
        decks = search.name_contains(decks, f["q"])
    if f["game"]:
        decks = decks.filter(game_id=f["game"])
    if f["format"]:
        decks = decks.filter(format=f["format"])
    if f["legal"]:
        decks = search.legal_now(decks)
    if f["card"]:
        decks = decks.filter(_plays(_matching_cards(f["card"], f["game"])))
    if f["leader"]:
        leaders = Card.objects.filter(name__icontains=f["leader"])
        leaders = leaders.filter(game_id=f["game"]) if f["game"] else leaders
        decks = decks.filter(_plays(leaders, sections=("leader", "captain")))
    if f["colour"]:
        decks = search.has_colour(decks, f["colour"])
    if f["owner"]:  # the builder's id first, so that their decks come off the owner index
        builders = User.objects.filter(username__iexact=f["owner"]).values_list("pk", flat=True)
        decks = decks.filter(owner_id__in=list(builders))
    if f["tag"]:
        # Asked of each deck (one probe of its (deck, name) key): a tag is as common as "aggro", where
        # the first page is found in the first rows of the order's index, before a list of every deck
        # with the tag could be built.
        decks = decks.filter(Exists(DeckTag.objects.filter(deck=OuterRef("pk"), name=f["tag"])))
    if f.get("missing") is not None and viewer is not None:
        decks = missing_at_most(decks, viewer, f["missing"])
    return decks


@vary_on_headers("HX-Request")
@require_GET
def card_search(request: HtmxHttpRequest) -> HttpResponse:
    """Public decks that play a card, found by its number (any printing) or part of its name."""
    form = CardSearchForm(request.GET or None)
    context: dict[str, Any] = {"form": form, "page": None, "cards": []}
    if form.is_valid():
        cards = _matching_cards(form.cleaned_data["card"], form.cleaned_data["game"])
        decks = public_decks().filter(_plays(cards))
        context["cards"] = list(cards.select_related("game")[:MAX_MATCHED_CARDS])
        context["page"] = _page(request, decks.order_by("-updated_at"))
    return render(request, _template(request, "decks/library_search.html"), context)


@require_POST
def delete(request: HttpRequest, share_id: str) -> HttpResponse:
    """Delete the owner's deck; My decks then offers to undo it."""
    deck = get_editable_deck(request, share_id)
    services.delete_deck(deck)
    return redirect(reverse("decks:my-decks") + f"?deleted={deck.share_id}")


@require_POST
def undelete(request: HttpRequest, share_id: str) -> HttpResponse:
    deck = get_editable_deck(request, share_id, deleted=True)
    services.undelete_deck(deck)
    return redirect("decks:deck", share_id=deck.share_id)


@require_POST
def duplicate(request: HttpRequest, share_id: str) -> HttpResponse:
    """A copy of the owner's deck, kept with the same owner."""
    copy = services.duplicate_deck(get_editable_deck(request, share_id))
    return redirect("decks:deck", share_id=copy.share_id)


@require_http_methods(["GET", "POST"])
def deck_settings(request: HttpRequest, share_id: str) -> HttpResponse:
    """Name, description, visibility and format; the owner's only."""
    deck = get_editable_deck(request, share_id)
    initial = {f: getattr(deck, f) for f in ("name", "description", "visibility", "format")}
    initial["tags"] = ", ".join(deck.tags.values_list("name", flat=True))
    form = DeckSettingsForm(request.POST or None, initial=initial, game_id=deck.game_id)
    if request.method == "POST" and form.is_valid():
        details = dict(form.cleaned_data)
        search.set_tags(deck, details.pop("tags"))
        services.update_details(deck, **details)
        return redirect("decks:deck", share_id=deck.share_id)
    share_url = request.build_absolute_uri(deck.get_absolute_url())
    return render(
        request, "decks/library_settings.html", {"deck": deck, "form": form, "share_url": share_url}
    )


@require_POST
def favourite(request: HttpRequest, share_id: str) -> HttpResponse:
    """Star a deck the user may see, or take the star back; a visitor is asked to log in first."""
    deck = get_viewable_deck(request, share_id)
    if not request.user.is_authenticated:
        return redirect_to_login(deck.get_absolute_url())
    search.toggle_favourite(deck, request.user.pk)
    return redirect("decks:deck", share_id=deck.share_id)


@require_http_methods(["GET", "POST"])
def fork(request: HttpRequest, share_id: str) -> HttpResponse:
    """Copy a deck anyone may see into the visitor's own decks; GET asks first, so it works without JS."""
    deck = get_viewable_deck(request, share_id)
    if request.method == "POST":
        owner_id = request.user.pk if request.user.is_authenticated else None
        copy = services.fork_deck(
            deck, owner_id=owner_id, session_key="" if owner_id else session_key(request)
        )
        return redirect("decks:deck", share_id=copy.share_id)
    counts = dict(deck.entries.values_list("section").annotate(cards=Sum("count")))
    sections = [(s.label, counts[s.id]) for s in engine.get_game(deck.game_id).sections if s.id in counts]
    return render(request, "decks/library_fork.html", {"deck": deck, "sections": sections})


def _plays(cards: QuerySet[Card], sections: tuple[str, ...] | None = None) -> Q:
    """The deck holds at least one of `cards` (in one of `sections`, or any). The cards are read first
    (a few rows of the card table) and named by id, so that the database finds their decks on DeckCard's
    (card, section, deck) index, or asks a deck whether it holds one with a single probe of its
    (deck, card, section) key, rather than joining every card of every deck it looks at."""
    entries = DeckCard.objects.filter(card_id__in=list(cards.values_list("pk", flat=True)))
    entries = entries.filter(section__in=sections) if sections else entries
    return Q(pk__in=entries.values("deck_id"))


def _matching_cards(text: str, game_id: str) -> QuerySet[Card]:
    """Cards numbered `text` (any printing, any case); failing that, cards whose name contains it."""
    cards = Card.objects.filter(game_id=game_id) if game_id else Card.objects.all()
    numbered = set(
        cards.filter(Q(number__iexact=text) | Q(base_number__iexact=text)).values_list(
            "game_id", "base_number"
        )
    )
    if numbered:  # every printing of the card; a number may mean different cards in two games
        same = [Q(game_id=game, base_number=base) for game, base in numbered]
        return cards.filter(reduce(operator.or_, same))
    return cards.filter(name__icontains=text)


def _page(request: HttpRequest, decks: QuerySet[Deck]) -> Page[Deck]:
    paginator = search.SearchPaginator(decks, listed_decks(), PER_PAGE, request.GET.get("page"))
    return paginator.asked_page()


def _template(request: HtmxHttpRequest, name: str) -> str:
    """The whole page, or for htmx (the filter form) only its results."""
    return f"{name}#results" if request.htmx else name
