"""The card browser: search a game's cards by name, number and text, filter them, page through them;
and each card's own page, with its face and every fact about it.

The same results partial sits beside the deck in the editor (decks/builder/editor.py), with add buttons.
"""

from __future__ import annotations

import difflib
import re
from collections.abc import Iterable
from dataclasses import dataclass
from functools import reduce
from operator import or_
from typing import Any

from django.contrib.auth.models import User
from django.core.paginator import Page, Paginator
from django.db.models import Q, QuerySet
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.urls import reverse
from django.views.decorators.cache import cache_control
from django.views.decorators.http import require_GET

import engine
from decks import convert
from decks.builder.forms import CARD_ORDERS, CardSearchForm
from decks.cards.collection import account, collection_version, owned_counts
from decks.cards.facts import facts
from decks.cards.versions import cards_version
from decks.models import Card, OwnedCard
from decks.web import page_cache
from decks.web.navigation import remember_game
from decks.web.requests import HtmxHttpRequest
from engine.goldfish import SIMULATORS, get_simulator
from engine.played_text import TextPart, card_parts
from engine.readers import has_reader

PER_PAGE = 30


@require_GET
def card_browser(request: HtmxHttpRequest, game_id: str) -> HttpResponse:
    if game_id not in engine.GAMES:
        raise Http404("No such game")
    remember_game(request, game_id)

    def render_page(csrf_token: str | None) -> HttpResponse:
        form = CardSearchForm(request.GET or None, game_id=game_id, viewer=account(request))
        found = search_page(game_id, form)
        context = {
            "rules": engine.get_game(game_id),
            "games": engine.game_choices(),
            "form": form,
            "results": found.page,
            "did_you_mean": found.did_you_mean,
            "result_rows": owned_rows(request, game_id, found.page),
            "results_url": reverse("decks:cards", args=[game_id]),
            "show_owned": request.user.is_authenticated,
            "push_url": True,  # the card browser's own page keeps its search in the address
        }
        if csrf_token is not None:
            context["csrf_token"] = csrf_token
        template = "decks/cards.html#results" if request.htmx else "decks/cards.html"
        return render(request, template, context)

    facts = ["cards", game_id, cards_version(game_id), collection_version(request)]
    return page_cache.cached_page(request, facts, render_page, reads=CardSearchForm.base_fields)


def owned_rows(request: HttpRequest, game_id: str, cards: Iterable[Card]) -> list[dict[str, Any]]:
    """The result rows of the card browser, with the copies the viewer owns (none for a visitor)."""
    cards = list(cards)
    owned = owned_counts(account(request), game_id, [card.base_number for card in cards])
    return [{"card": card, "add": [], "owned": owned.get(card.base_number, 0)} for card in cards]


@require_GET
def card_detail(request: HttpRequest, game_id: str, number: str) -> HttpResponse:
    """One card. The number of another printing (an alias) leads to the card that lists it."""
    card = Card.objects.filter(game_id=game_id, number=number).select_related("card_set").first()
    if card is None:
        printed = Card.objects.filter(game_id=game_id, aliases__icontains=f'"{number}"').first()
        if printed is None:
            raise Http404("No such card")
        return redirect("decks:card", game_id=game_id, number=printed.number)
    context = {
        "card": card,
        "rules": engine.get_game(game_id),
        "facts": facts(card),
        "goldfish_reads": goldfish_reads(card),
        "effects_can_be_set": has_reader(game_id),
        "owned": owned_counts(account(request), game_id, [card.base_number]).get(card.base_number, 0),
    }
    return render(request, "decks/card.html", context)


def goldfish_reads(card: Card) -> tuple[TextPart, ...]:
    """What the goldfish plays of the card's text, with its default settings (engine.played_text)."""
    if card.game_id not in SIMULATORS:
        return ()
    policy = get_simulator(card.game_id).policy_defaults
    return card_parts(card.game_id, convert.card_to_engine(card), policy)


@require_GET
@cache_control(max_age=300)
def card_face(request: HttpRequest, game_id: str, number: str) -> HttpResponse:
    """The card's face alone, for the pop-up beside a card's name (templates/decks/_card_name.html)."""
    card = get_object_or_404(Card, game_id=game_id, number=number)
    return render(request, "decks/_card_face.html", {"card": card})


def search_page(game_id: str, form: CardSearchForm, within: Iterable[str] = ()) -> SearchResults:
    """One page of the cards the form's filters match (all of the game's cards for an empty form); with
    `within` (the DBS FW Leader's colours), only cards of no other colour. A name search that finds
    nothing tries the card names closest to what was typed, and says so."""
    filters = form.cleaned_data if form.is_bound and form.is_valid() else {}
    cards = search_cards(game_id, filters, form.viewer)
    outside = [c for c in engine.get_game(game_id).colors if c not in set(within)] if within else []
    if outside:
        cards = cards.exclude(reduce(or_, (Q(colors__icontains=f'"{c}"') for c in outside)))
    typed = (filters.get("q") or "").strip()
    close: list[str] = []
    if typed and not cards.exists():
        names = Card.objects.filter(game_id=game_id).values_list("name", flat=True).distinct()
        close = difflib.get_close_matches(typed, list(names), n=5, cutoff=0.6)
        if close:
            cards = search_cards(game_id, {**filters, "q": ""}, form.viewer).filter(name__in=close)
    page = Paginator(cards, PER_PAGE).get_page(filters.get("page") or 1)
    return SearchResults(page, close)


@dataclass(frozen=True)
class SearchResults:
    page: Page[Card]
    did_you_mean: list[str]  # the names shown instead when the typed text matched no card


def search_cards(game_id: str, filters: dict[str, Any], owner: User | None = None) -> QuerySet[Card]:
    """The game's cards matching every filter given; list fields match on whole JSON strings. "Owned
    only" keeps the cards of which `owner` has a copy of any printing.

    Colours and keywords are JSON lists: `colors__icontains='"fire"'` reads the column as text on
    SQLite and PostgreSQL alike, where `contains` (JSON containment) exists on PostgreSQL only.
    """
    order = CARD_ORDERS.get(filters.get("sort") or "number", CARD_ORDERS["number"])[1]
    cards = Card.objects.filter(game_id=game_id).select_related("card_set").order_by(*order)
    if q := (filters.get("q") or "").strip():
        cards = cards.filter(search_text__contains=" ".join(q.split()).upper())  # as Card.search_text
    if filters.get("owned") and owner is not None:
        mine = OwnedCard.objects.filter(collection__user=owner, game_id=game_id).values("base_number")
        cards = cards.filter(base_number__in=mine)
    if filters.get("type"):
        cards = cards.filter(type=filters["type"])
    if filters.get("color"):  # any of the colours ticked
        cards = cards.filter(reduce(or_, (Q(colors__icontains=f'"{c}"') for c in filters["color"])))
    if rarity := filters.get("rarity"):
        if engine.get_game(game_id).rarity_in_number:  # 1-001C, SX01-001UC: digits, then the rarity
            cards = cards.filter(Q(number__regex=rf"\d{re.escape(rarity)}$") | Q(data__rarity=rarity))
        else:
            cards = cards.filter(data__rarity=rarity)
    if filters.get("keyword"):
        cards = cards.filter(keywords__icontains=filters["keyword"].strip().lower())
    if filters.get("card_set"):
        cards = cards.filter(card_set__code=filters["card_set"])
    for name, lookup in (("cost_min", "cost__gte"), ("cost_max", "cost__lte")):
        if filters.get(name) is not None:
            cards = cards.filter(**{lookup: filters[name]})
    field = engine.get_game(game_id).power_field
    power = field if field == "power" else f"data__{field}"  # a game's own facts are in Card.data
    for name, lookup in (("power_min", "gte"), ("power_max", "lte")):
        if filters.get(name) is not None:
            cards = cards.filter(**{f"{power}__{lookup}": filters[name]})
    return cards
