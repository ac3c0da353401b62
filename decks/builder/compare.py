"""Compare a deck with an earlier version of itself or with another deck of the same game: the card
differences, the charts and the odds of the changed cards side by side, and the goldfish kill turns of
both under the same settings, overlaid, with the difference of the means and a plain sentence.

A comparison is its address (`/d/<share id>/compare/?b=...`): nothing is stored but the runs. A run
with the same deck version, settings and games is reused; otherwise the runs the visitor may start (of
their own decks) are queued. Who may see a comparison is who may see both decks (access.py).
"""

from __future__ import annotations

import re
from dataclasses import dataclass, replace
from typing import Any
from urllib.parse import urlencode

from django import forms
from django.conf import settings
from django.core.validators import MaxValueValidator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import redirect, render
from django.urls import reverse
from django.views.decorators.http import require_http_methods

import engine
from decks.builder import charts, gamelog, history, services
from decks.builder.access import can_view, get_viewable_deck, owns, session_key
from decks.goldfish import runs
from decks.models import Deck, DeckVersion, SimulationRun
from decks.web import security
from decks.web.requests import HtmxHttpRequest
from engine import record
from engine.deckdiff import CardChange, diff
from engine.goldfish import GoldfishResult
from engine.goldfish.compare import Comparison, compare
from engine.stats import Group, probabilities

PLAY_ORDERS = {"both": ("first", "second"), "first": ("first",), "second": ("second",)}
DEFAULT_GAMES = 10_000  # per play order, as the goldfish form
ODDS_TURNS = (0, 3)  # the opening hand, and by the draw of own turn 3
MOST_ODDS_CARDS = 8
SHARE_ID = re.compile(r"(?:/d/)?([A-Za-z0-9_-]{6,32})/?(?:[?#].*)?$")


class CompareForm(forms.Form):
    b = forms.CharField(
        label="Compare with", max_length=300, help_text="A version of this deck, or a deck's link or id."
    )
    a = forms.IntegerField(required=False, min_value=1, label="This deck's version (empty: the current one)")
    games = forms.IntegerField(label="Games per play order", min_value=1, required=False)
    order = forms.ChoiceField(
        label="Play order",
        choices=(("both", "both"), ("first", "going first"), ("second", "going second")),
        required=False,
    )

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["games"].validators.append(MaxValueValidator(settings.GOLDFISH_MAX_GAMES))

    def clean_games(self) -> int:
        return self.cleaned_data["games"] or DEFAULT_GAMES

    def clean_order(self) -> str:
        return self.cleaned_data["order"] or "both"


@dataclass(frozen=True)
class Side:
    deck: Deck
    version: DeckVersion
    label: str  # "version 3" of this deck, or "“Name” version 2"
    contents: engine.Deck
    run: SimulationRun | None = None


@require_http_methods(["GET", "POST"])
def compare_decks(request: HtmxHttpRequest, share_id: str) -> HttpResponse:
    """GET: the form, and the comparison once B is chosen. POST: queue the runs still missing."""
    deck = get_viewable_deck(request, share_id)
    form = CompareForm(request.POST or request.GET or None)
    context: dict[str, Any] = {
        "deck": deck,
        "is_owner": owns(request, deck),
        "form": form,
        "versions": deck.versions.order_by("-number")[:50],
        "my_decks": _my_decks(request, deck),
        "public_decks": _public_decks(deck),
    }
    if not form.is_bound or not form.is_valid():
        return render(request, "decks/compare.html", context)
    data = form.cleaned_data
    try:
        a, b = sides(request, deck, data["b"], data["a"], data["games"], PLAY_ORDERS[data["order"]])
    except NotComparable as e:
        form.add_error("b", str(e))
        return render(request, "decks/compare.html", context)
    goings, games = PLAY_ORDERS[data["order"]], data["games"]
    if request.method == "POST":
        try:
            start_missing(request, (a, b), goings, games)
        except security.RateLimited as e:
            return security.too_many(request, e)
        query = {k: v for k, v in data.items() if v not in (None, "")}
        return redirect(f"{reverse('decks:deck-compare', args=[deck.share_id])}?{urlencode(query)}")
    context |= _comparison(a, b, goings) | _run_state(request, a, b)
    if request.htmx:  # the progress poll: the goldfish part only
        return render(request, "decks/compare.html#goldfish", context)
    context["real"] = real_records(request, a, b)
    return render(request, "decks/compare.html", context)


class NotComparable(ValueError):
    """B names no version of this deck and no deck of its game the visitor may open."""


def sides(
    request: HttpRequest, deck: Deck, b: str, a: int | None, games: int, goings: tuple[str, ...]
) -> tuple[Side, Side]:
    """A (this deck's version `a`, or its current one) and B (`b`), each with its run of these games and
    the default settings if one exists. Raises Http404 for an unknown `a`, NotComparable for `b`."""
    side_a = _side(deck, a)
    side_b = _other_side(request, deck, b)
    if side_b is None:
        raise NotComparable("No such version of this deck, nor a deck of this game you may open at that link")
    params = runs.run_params(deck, goings)
    return (
        replace(side_a, run=runs.matching_run(side_a.version, params, games)),
        replace(side_b, run=runs.matching_run(side_b.version, params, games)),
    )


def start_missing(request: HttpRequest, pair: tuple[Side, Side], goings: tuple[str, ...], games: int) -> None:
    """Queue a run for each side that has none, as the visitor's runs (their limit of runs in progress,
    their turn on the workers), another owner's deck too: the visitor may open it, and the run is its
    version with the default settings, the same for whoever starts it (RateLimited passes on)."""
    queued = set()
    for side in pair:
        if side.run is None and side.version.pk not in queued:  # a version against itself: one run
            try:
                runs.enqueue_counted_run(request, side.deck, games=games, goings=goings, version=side.version)
            except runs.RunRefused:
                continue  # the page says there is no run (no main deck, a game without a simulator)
            queued.add(side.version.pk)


def _side(deck: Deck, number: int | None) -> Side:
    """A: this deck, the given version or the current one."""
    version = services.latest_version(deck) if number is None else deck.versions.filter(number=number).first()
    if version is None:
        raise Http404("No such version")
    return Side(deck, version, f"version {version.number}", history.version_deck(deck, version))


def _other_side(request: HttpRequest, deck: Deck, text: str) -> Side | None:
    """B: "v3" (a version of this deck), or another deck of the game by its link or share id."""
    text = text.strip()
    if m := re.fullmatch(r"v(\d+)", text):
        version = deck.versions.filter(number=int(m.group(1))).first()
        if version is None:
            return None
        return Side(deck, version, f"version {version.number}", history.version_deck(deck, version))
    m = SHARE_ID.search(text)
    other = Deck.objects.filter(share_id=m.group(1)).first() if m else None
    if other is None or other.game_id != deck.game_id or not can_view(request, other):
        return None
    version = services.latest_version(other)  # every change records one (services): its list now
    if version is None:
        return None
    return Side(
        other, version, f"“{other.name}” version {version.number}", history.version_deck(other, version)
    )


def _my_decks(request: HttpRequest, deck: Deck) -> list[Deck]:
    """The visitor's other decks of the same game, for the form's list."""
    if request.user.is_authenticated:
        mine = Deck.objects.filter(owner=request.user)
    elif request.session.session_key:
        mine = Deck.objects.filter(owner__isnull=True, session_key=session_key(request))
    else:
        return []
    return list(mine.filter(game_id=deck.game_id).exclude(pk=deck.pk).order_by("-updated_at")[:50])


def _public_decks(deck: Deck) -> list[tuple[str, str]]:
    """The newest public decks of the same game, for the form's list: (share id, name)."""
    public = Deck.objects.filter(visibility=Deck.Visibility.PUBLIC, game_id=deck.game_id).exclude(pk=deck.pk)
    return list(public.order_by("-updated_at").values_list("share_id", "name")[:50])


def card_changes(a: Side, b: Side) -> tuple[list[CardChange], dict[str, str]]:
    """The cards whose counts differ from A to B, and their names."""
    changes = list(diff(a.version.cards, b.version.cards, engine.get_game(a.deck.game_id).section_ids))
    return changes, history.card_names(a.deck, changes) | history.card_names(b.deck, changes)


def _comparison(a: Side, b: Side, goings: tuple[str, ...]) -> dict[str, Any]:
    rules = engine.get_game(a.deck.game_id)
    changes, names = card_changes(a, b)
    main = rules.main_section
    bars = [
        (
            key,
            side,
            [
                charts.column_chart(
                    f"{rules.curve_label} curve", charts.cost_curve(side.contents, main, rules.curve_value)
                ),
                charts.row_chart(
                    f"{rules.color_word}s", charts.colour_counts(side.contents, main, rules.colors)
                ),
            ],
        )
        for key, side in (("a", a), ("b", b))
    ]
    return {
        "a": a,
        "b": b,
        "changes": history.named_changes(a.deck, changes, names),
        "bars": bars,
        "odds": odds(a, b, changes, names),
        "odds_turns": ODDS_TURNS,
        **_goldfish(a, b, goings),
    }


@dataclass(frozen=True)
class RealRecords:
    """Each side's record in real games (gamelog), None for a side whose record the visitor may not read,
    and, once both sides have games the visitor may read, Fisher's exact test of their win rates."""

    a: record.Record | None
    b: record.Record | None
    difference: record.VersionDifference | None

    @property
    def rows(self) -> list[tuple[str, record.Record | None]]:
        return [("A", self.a), ("B", self.b)]


def real_records(request: HttpRequest, a: Side, b: Side) -> RealRecords:
    ra, rb = (
        gamelog.version_record(side.version) if gamelog.may_read_record(request, side.deck) else None
        for side in (a, b)
    )
    difference = None
    if ra is not None and rb is not None and ra.games and rb.games:
        difference = record.compare_records(a.version.number, ra, b.version.number, rb)
    return RealRecords(ra, rb, difference)


def _run_state(request: HttpRequest, a: Side, b: Side) -> dict[str, Any]:
    """Which side has a run, and how many the visitor may start."""
    missing = sum(side.run is None for side in (a, b))
    return {"sides": [("A", a), ("B", b)], "can_start": missing > 0, "missing": missing}


def odds(a: Side, b: Side, changes: list[CardChange], names: dict[str, str]) -> list[dict[str, Any]]:
    """P(at least 1 copy) in the opening hand and by own turn 3 (ODDS_TURNS), going first, without a
    mulligan, of the main-deck cards whose count changed most: {card, name, cells: [(A, B) per turn]}."""
    rules = engine.get_game(a.deck.game_id)
    main = [c for c in changes if c.section == rules.main_section]
    cards = [c.card for c in sorted(main, key=lambda c: (-abs(c.delta), c.card))][:MOST_ODDS_CARDS]
    rows = []
    for number in cards:
        pa, pb = (probabilities(s.contents, rules, [Group([number])], max(ODDS_TURNS), True) for s in (a, b))
        cells = [(pa[t], pb[t]) for t in ODDS_TURNS]
        rows.append({"card": number, "name": names.get(number, number), "cells": cells})
    return rows


@dataclass(frozen=True)
class OrderResult:
    going: str
    a: GoldfishResult
    b: GoldfishResult
    comparison: Comparison
    sentence: str


def order_results(a: Side, b: Side, goings: tuple[str, ...]) -> list[OrderResult] | None:
    """Per play order, B's kill turns against A's, once both runs are done; None before."""
    if not all(s.run is not None and s.run.status == SimulationRun.Status.DONE for s in (a, b)):
        return None
    assert a.run is not None and b.run is not None
    ra, rb = runs.results_by_going(a.run), runs.results_by_going(b.run)
    out = []
    for going in goings:
        c = compare(ra[going], rb[going])
        sentence = c.sentence(f"A ({a.label})", f"B ({b.label})")
        out.append(OrderResult(going, ra[going], rb[going], c, sentence))
    return out


def _goldfish(a: Side, b: Side, goings: tuple[str, ...]) -> dict[str, Any]:
    """The runs' state; when both are done, per play order the comparison and an overlaid chart."""
    orders = order_results(a, b, goings)
    if orders is None:
        return {"goldfish_done": False}
    series: dict[str, list[float]] = {}
    labels: dict[str, str] = {}
    last = max((max(r.kill_turns, default=0) for o in orders for r in (o.a, o.b)), default=1)
    for o in orders:
        going = o.going
        for key, result, side in (("a", o.a, a), ("b", o.b, b)):
            series[f"{key}-{going}"] = [result.p_kill_by(t) for t in range(1, max(last, 1) + 1)]
            labels[f"{key}-{going}"] = f"{key.upper()} ({side.label}), going {going}"
    chart = charts.probability_chart(
        "Share of games won by each own turn", series, first_turn=1, width=560, height=240, labels=labels
    )
    return {"goldfish_done": True, "orders": orders, "kill_chart": chart}
