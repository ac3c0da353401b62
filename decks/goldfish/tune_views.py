"""The Tune tab of a deck: which card to cut, which to add (decks.goldfish.tuning, engine.advice.tune).

Anyone who can view a deck sees its tunings; only its owner starts or cancels one. A tuning's page polls a
fragment once a second while the workers play, as a goldfish run's page does.
"""

from __future__ import annotations

import re
from typing import Any

from django import forms
from django.conf import settings
from django.core.validators import MaxValueValidator
from django.http import Http404, HttpRequest, HttpResponse, QueryDict
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_http_methods, require_POST

import engine
from decks.builder.access import get_editable_deck, get_viewable_deck, owns
from decks.builder.forms import StatsForm
from decks.goldfish import runs, tuning
from decks.models import Card, Deck, TuningRun
from decks.web import security
from decks.web.requests import HtmxHttpRequest
from engine.advice import tune
from engine.stats import Group

SHOWN = 25  # swaps listed per ranking; the API and the command give them all


class TuneForm(forms.Form):
    candidates = forms.CharField(
        label="Cards to try adding",
        required=False,
        max_length=4000,
        help_text="Card numbers, separated by spaces or commas. Empty: every card the deck may legally add.",
    )
    games = forms.IntegerField(label="Games per play order, for each swap", min_value=100, initial=tune.GAMES)

    def __init__(self, *args: Any, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.fields["games"].validators.append(MaxValueValidator(settings.GOLDFISH_MAX_GAMES))
        self.fields["games"].widget.attrs["max"] = settings.GOLDFISH_MAX_GAMES

    def numbers(self) -> list[str]:
        return [n for n in re.split(r"[\s,]+", self.cleaned_data["candidates"]) if n]


@require_http_methods(["GET", "POST"])
def tune_deck(request: HttpRequest, share_id: str) -> HttpResponse:
    deck = get_viewable_deck(request, share_id)
    is_owner = owns(request, deck)
    form = TuneForm(request.POST or None) if is_owner else None
    picked = _groups(deck, request.POST if request.method == "POST" else request.GET)
    if request.method == "POST":
        if not is_owner:
            raise Http404("No such deck")
        assert form is not None
        if form.is_valid():
            client = security.client_id(request)
            try:
                security.ensure_room("simulation", client)
                run = tuning.enqueue_tuning(
                    deck,
                    candidates=form.numbers(),
                    groups=[Group(cards, k) for _, k, cards in picked],
                    games=form.cleaned_data["games"],
                    runner=runs.runner_of(request),
                )
            except security.RateLimited as e:
                return security.too_many(request, e)
            except runs.RunRefused as e:
                form.add_error(None, str(e))
            else:
                security.record("simulation", client)
                return redirect("decks:tune-run", share_id=deck.share_id, tuning_id=run.pk)
    context = {
        "deck": deck,
        "form": form,
        "is_owner": is_owner,
        "picked": _picked_words(deck, picked),
        "tunings": deck.tuning_runs.select_related("deck_version__deck")[:20],
    }
    return render(request, "decks/tune.html", context)


@require_GET
def tune_run(request: HtmxHttpRequest, share_id: str, tuning_id: int) -> HttpResponse:
    deck = get_viewable_deck(request, share_id)
    run = get_object_or_404(TuningRun, pk=tuning_id, deck=deck)
    context = {"deck": deck, "run": run, "is_owner": owns(request, deck), **_result_context(run, request)}
    if request.htmx:
        return render(request, "decks/tune_run.html#tune-status", context)
    return render(request, "decks/tune_run.html", context)


@require_POST
def tune_cancel(request: HttpRequest, share_id: str, tuning_id: int) -> HttpResponse:
    deck = get_editable_deck(request, share_id)
    run = get_object_or_404(TuningRun, pk=tuning_id, deck=deck)
    tuning.cancel(run)
    return redirect("decks:tune-run", share_id=deck.share_id, tuning_id=run.pk)


def _groups(deck: Deck, data: QueryDict) -> list[tuple[str, int, list[str]]]:
    """The groups the deck page's odds panel picked (`pick`, `k_A`...: the same query), as (group, at
    least, card numbers): the tuning shows their exact odds beside each swap."""
    main = engine.get_game(deck.game_id).main_section
    numbers = set(deck.entries.filter(section=main).values_list("card__number", flat=True))
    stats_form = StatsForm(data, numbers=numbers)
    stats_form.is_valid()
    at_least = stats_form.cleaned_data["at_least"]
    return [(g, at_least[g], cards) for g, cards in stats_form.cleaned_data["groups"].items()]


def _picked_words(deck: Deck, picked: list[tuple[str, int, list[str]]]) -> list[dict[str, Any]]:
    """The picked groups for the form: their names to read, their query to send again."""
    names = _names(deck.game_id, {n for *_, cards in picked for n in cards})
    return [
        {"group": g, "at_least": k, "names": [names.get(n, n) for n in cards], "numbers": cards}
        for g, k, cards in picked
    ]


def _names(game_id: str, numbers: set[str]) -> dict[str, str]:
    return dict(Card.objects.filter(game_id=game_id, number__in=numbers).values_list("number", "name"))


def _result_context(run: TuningRun, request: HttpRequest) -> dict[str, Any]:
    result = tuning.result_of(run)
    if result is None:
        return {}
    by = request.GET.get("by", "mean")
    if by not in tune.RANKINGS:
        by = "mean"
    numbers = {v.swap.cut for v in result.variants} | {v.swap.add for v in result.variants}
    numbers |= {n for g in result.settings.groups for n in g.cards}
    names = _names(run.deck.game_id, numbers)
    rows = [
        {
            "ranked": r,
            "cut": names.get(r.variant.swap.cut, r.variant.swap.cut),
            "add": names.get(r.variant.swap.add, r.variant.swap.add),
            "mean": _change(r.variant.mean_diff, "{:+.3f}"),
            "share": _change(r.variant.share_diff, "{:+.1f}", scale=100),
            "p": _p(r.adjusted_p),
        }
        for r in result.ranked(by)[:SHOWN]
    ]
    groups = [(g.at_least, [names.get(n, n) for n in sorted(g.cards)]) for g in result.settings.groups]
    return {"result": result, "by": by, "rows": rows, "shown": len(rows), "groups": groups}


def _change(diff: tune.Difference | None, form: str, scale: float = 1) -> str:
    """A change and its 95 % range in the player's words: "-0.061 (-0.075 to -0.047)"."""
    if diff is None:
        return ""
    low, high = (form.format(x * scale) for x in (diff.low, diff.high))
    return f"{form.format(diff.estimate * scale)} ({low} to {high})"


def _p(adjusted: float | None) -> str:
    if adjusted is None:
        return ""
    return "p < 0.001" if adjusted < 0.001 else f"p {adjusted:.3f}"
