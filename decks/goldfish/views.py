"""The Goldfish tab of a deck: start a run, watch its progress, read its result and sample games.

Anyone who can view a deck sees its runs; only its owner starts or cancels them (fork a deck to run
it yourself). A run's page polls a fragment, quickly at first and backing off (poll_delay_ms), that
stops polling once the run has finished.
"""

from __future__ import annotations

import math
from datetime import datetime
from typing import Any

from django import forms
from django.conf import settings
from django.core.validators import MaxValueValidator
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.utils import timezone
from django.views.decorators.http import require_GET, require_http_methods, require_POST

import engine
from decks.builder import charts
from decks.builder.access import get_editable_deck, get_viewable_deck, owns
from decks.goldfish import runs
from decks.models import Deck, SimulationRun
from decks.web import security
from decks.web.requests import HtmxHttpRequest
from engine.goldfish import DRAW, LOSS_DECKOUT, STALLED, WIN_OPP_DECKOUT, Param, get_simulator

# The games without a kill, by how they ended, in the player's words.
NO_KILL_OUTCOMES = {
    WIN_OPP_DECKOUT: "Won as the opponent's deck ran out (not a kill)",
    LOSS_DECKOUT: "Lost as your deck ran out",
    DRAW: "Drawn: both players lost at once",
    STALLED: "Not decided by your own turn {turns}",
}
PLAY_ORDERS = {"both": ("first", "second"), "first": ("first",), "second": ("second",)}
# How soon a run's page asks for its status again: a tenth of a second while the run is young (a default
# run takes a few tenths of a second in all), then a quarter of the run's age, up to once a second. Polls
# of a run that has gone on for seconds cost the site what a fixed one-second poll did.
FIRST_POLL_SECONDS = 0.1
POLL_SHARE_OF_AGE = 0.25
LAST_POLL_SECONDS = 1.0


class GoldfishForm(forms.Form):
    """Games, play order, and every opponent parameter and policy knob of the game's simulator."""

    games = forms.IntegerField(label="Games per play order", min_value=1, initial=10_000)
    order = forms.ChoiceField(
        label="Play order",
        choices=[("both", "Going first and second"), ("first", "Going first"), ("second", "Going second")],
        initial="both",
    )

    def __init__(self, *args: Any, game_id: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        limit = settings.GOLDFISH_MAX_GAMES  # a setting, so read here and not at import
        self.fields["games"].validators.append(MaxValueValidator(limit))
        self.fields["games"].widget.attrs["max"] = limit
        simulator = get_simulator(game_id)
        self.knobs = {
            "opponent": [p.name for p in simulator.opponent_params],
            "policy": [p.name for p in simulator.policy_params],
        }
        params = (*simulator.opponent_params, *simulator.policy_params)
        self.percents = {p.name for p in params if p.percent}
        for param in params:
            self.fields[param.name] = _field_for(param)

    def params(self, kind: str) -> dict[str, Any]:
        """The settings as the simulator takes them: a share asked for as a percentage is a fraction again."""
        data = self.cleaned_data
        return {name: data[name] / 100 if name in self.percents else data[name] for name in self.knobs[kind]}

    @property
    def basic_fields(self) -> list[forms.BoundField]:
        return [self["games"], self["order"]]

    @property
    def policy_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.knobs["policy"]]

    @property
    def opponent_fields(self) -> list[forms.BoundField]:
        return [self[name] for name in self.knobs["opponent"]]

    @property
    def settings_have_errors(self) -> bool:
        """Whether a field in the folded settings section is wrong, so the page opens that section."""
        return any(self[name].errors for names in self.knobs.values() for name in names)


def _field_for(param: Param) -> forms.Field:
    """A form field in the player's words; every field's default is valid, so the form runs untouched."""
    help_text = f"{param.help} (Rule {param.rule}.)" if param.rule else param.help
    common: dict[str, Any] = {"label": param.title, "help_text": help_text, "initial": param.default}
    if isinstance(param.default, bool):
        return forms.BooleanField(required=False, **common)
    if param.choices:
        return forms.ChoiceField(choices=param.labelled_choices, **common)
    if isinstance(param.default, int):
        minimum = None if param.minimum is None else math.ceil(param.minimum)
        return forms.IntegerField(min_value=minimum, **common)
    if param.percent:  # a share, asked for as players say it: 80 %, not 0.8
        percent = round(float(param.default) * 100, 6)
        initial = int(percent) if percent.is_integer() else percent
        common |= {"label": f"{param.title} (%)", "initial": initial}
        return forms.FloatField(min_value=0, max_value=100, **common)
    if isinstance(param.default, float):
        return forms.FloatField(min_value=param.minimum, **common)
    return forms.CharField(max_length=200, required=param.default != "", **common)


@require_http_methods(["GET", "POST"])
def goldfish(request: HttpRequest, share_id: str) -> HttpResponse:
    deck = get_viewable_deck(request, share_id)
    can_run = owns(request, deck) and _has_simulator(deck)
    form = GoldfishForm(request.POST or None, game_id=deck.game_id) if can_run else None
    if request.method == "POST":
        if not owns(request, deck):
            raise Http404("No such deck")
        if form is not None and form.is_valid():
            try:
                run = runs.enqueue_counted_run(
                    request,
                    deck,
                    games=form.cleaned_data["games"],
                    goings=PLAY_ORDERS[form.cleaned_data["order"]],
                    opponent=form.params("opponent"),
                    policy=form.params("policy"),
                )
            except security.RateLimited as e:
                return security.too_many(request, e)
            except runs.RunRefused as e:
                form.add_error(None, str(e))
            else:
                return redirect("decks:goldfish-run", share_id=deck.share_id, run_id=run.pk)
    context = {
        "deck": deck,
        "form": form,
        "can_run": can_run,
        "is_owner": owns(request, deck),
        "has_simulator": _has_simulator(deck),
        "runs": [_summary(r) for r in deck.simulation_runs.select_related("deck_version__deck")[:20]],
    }
    return render(request, "decks/goldfish.html", context)


@require_GET
def goldfish_run(request: HtmxHttpRequest, share_id: str, run_id: int) -> HttpResponse:
    deck = get_viewable_deck(request, share_id)
    run = get_object_or_404(SimulationRun, pk=run_id, deck=deck)
    context = {
        "deck": deck,
        "run": run,
        "is_owner": owns(request, deck),
        "waiting_note": runs.waiting_note(run),
        "poll_ms": poll_delay_ms(run, timezone.now()),
        **_result_context(run),
    }
    if request.htmx:  # the page's poll of the progress: only the run's status
        return render(request, "decks/goldfish_run.html#run-status", context)
    context |= {
        "settings_used": settings_used(run),
        "deck_report": runs.deck_report(run),
        "card_text": runs.card_text(run),
    }
    return render(request, "decks/goldfish_run.html", context)


@require_POST
def goldfish_cancel(request: HttpRequest, share_id: str, run_id: int) -> HttpResponse:
    deck = get_editable_deck(request, share_id)
    run = get_object_or_404(SimulationRun, pk=run_id, deck=deck)
    runs.cancel_run(run)
    return redirect("decks:goldfish-run", share_id=deck.share_id, run_id=run.pk)


@require_POST
def goldfish_delete(request: HttpRequest, share_id: str, run_id: int) -> HttpResponse:
    """Delete a run of the owner's deck (one still in progress is cancelled first, its games stopped)."""
    deck = get_editable_deck(request, share_id)
    run = get_object_or_404(SimulationRun, pk=run_id, deck=deck)
    run.cancel()
    run.delete()
    return redirect("decks:goldfish", share_id=deck.share_id)


@require_POST
def goldfish_again(request: HttpRequest, share_id: str, run_id: int) -> HttpResponse:
    """Run the same snapshot's parameters with the same seed: the result must be the same."""
    deck = get_editable_deck(request, share_id)
    old = get_object_or_404(SimulationRun, pk=run_id, deck=deck)
    p = old.params
    try:
        run = runs.enqueue_counted_run(
            request,
            deck,
            games=old.games // len(p["goings"]),
            goings=p["goings"],
            opponent=p["opponent"],
            policy=p["policy"],
            max_turns=p["max_turns"],
            seed=old.seed,
        )
    except security.RateLimited as e:
        return security.too_many(request, e)
    except runs.RunRefused as e:
        return render(
            request,
            "decks/goldfish_run.html",
            {
                "deck": deck,
                "run": old,
                "refused": str(e),
                "is_owner": True,
                "poll_ms": poll_delay_ms(old, timezone.now()),
                **_result_context(old),
            },
        )
    return redirect("decks:goldfish-run", share_id=deck.share_id, run_id=run.pk)


@require_GET
def goldfish_game(request: HttpRequest, share_id: str, run_id: int) -> HttpResponse:
    """One game of the run, turn by turn, so a player can check the autopilot's choices."""
    deck = get_viewable_deck(request, share_id)
    run = get_object_or_404(SimulationRun, pk=run_id, deck=deck)
    going = request.GET.get("going", run.params["goings"][0])
    if going not in run.params["goings"]:
        raise Http404("That play order is not part of this run")
    per_order = run.games // len(run.params["goings"])
    try:
        index = int(request.GET.get("game", "0"))
    except ValueError:
        index = -1
    if not 0 <= index < per_order:
        raise Http404("No such game in this run")
    snapshot = engine.load_deck(run.deck_snapshot)
    simulator = get_simulator(snapshot.game)
    p = run.params
    params = simulator.params(
        going=going, opponent=p["opponent"], policy=p["policy"], max_turns=p["max_turns"]
    )
    log = simulator.play_logged(snapshot, params, run.seed, index)
    context = {"deck": deck, "run": run, "log": log, "going": going, "index": index, "per_order": per_order}
    return render(request, "decks/goldfish_game.html", context)


def poll_delay_ms(run: SimulationRun, now: datetime) -> int:
    """Milliseconds the run's page waits before asking for the run's status again (see FIRST_POLL_SECONDS)."""
    age = (now - run.created_at).total_seconds()
    return round(1000 * min(max(POLL_SHARE_OF_AGE * age, FIRST_POLL_SECONDS), LAST_POLL_SECONDS))


def settings_used(run: SimulationRun) -> dict[str, Any]:
    """The opponent and the autopilot settings the run played with, in the player's words.

    A result that hides its assumptions misleads, so the result page lists every one, changed or not.
    """
    simulator = get_simulator(run.deck_snapshot["game"])
    given, in_force = (p.to_dict() for p in runs.params_in_force(run))
    used: dict[str, Any] = {}
    for kind, params in (("opponent", simulator.opponent_params), ("policy", simulator.policy_params)):
        used[kind] = [
            {
                "label": param.title,
                "value": _shown_value(param, in_force[kind][param.name], given[kind][param.name]),
                "derived": in_force[kind][param.name] != given[kind][param.name],
                "changed": given[kind][param.name] != param.default,
            }
            for param in params
        ]
    used["changed"] = sum(item["changed"] for kind in ("opponent", "policy") for item in used[kind])
    return used


def _shown_value(param: Param, value: Any, given: Any) -> str:
    """The value played, in words; one the run worked out from the deck keeps the words of the value given
    ("4, enough for the deck's most expensive card" where -1 was given)."""
    words = dict(param.words).get(given) if value != given else None
    return f"{param.shown(value)}, {words}" if words else param.shown(value)


def _has_simulator(deck: Deck) -> bool:
    try:
        get_simulator(deck.game_id)
    except ValueError:
        return False
    return True


def _summary(run: SimulationRun) -> dict[str, Any]:
    results = runs.results_by_going(run) if _has_result(run) else {}
    return {"run": run, "means": {g: r.mean_kill_turn() for g, r in results.items()}}


def _has_result(run: SimulationRun) -> bool:
    """Done, or cancelled after some games: a cancel keeps the games played as a partial result."""
    return run.status in (SimulationRun.Status.DONE, SimulationRun.Status.CANCELLED) and bool(run.games_done)


def _result_context(run: SimulationRun) -> dict[str, Any]:
    if not _has_result(run):
        return {}
    results = runs.results_by_going(run)
    last = max((max(r.kill_turns, default=0) for r in results.values()), default=0)
    turns = list(range(1, max(last, 1) + 1))
    rows: list[dict[str, Any]] = []
    for going, result in results.items():
        rows.append(
            {
                "going": going,
                "result": result,
                "mean": result.mean_kill_turn(),
                "ci": result.mean_ci95(),
                "median": result.percentile(0.5),
                "p90": result.percentile(0.9),
                "cumulative": [result.p_kill_by(t) for t in turns],
                "per_turn": [result.kill_turns.get(t, 0) for t in turns],
            }
        )
    table = [
        {"turn": t, "cells": [(row["per_turn"][i], row["cumulative"][i]) for row in rows]}
        for i, t in enumerate(turns)
    ]
    no_kills = [
        {
            "label": label.format(turns=run.params["max_turns"]),
            "cells": [r.outcomes[outcome] for r in results.values()],
        }
        for outcome, label in NO_KILL_OUTCOMES.items()
        if any(r.outcomes[outcome] for r in results.values())
    ]
    return {
        "turns": turns,
        "rows": rows,
        "table": table,
        "no_kills": no_kills,
        "chart": charts.probability_chart(
            "Share of games won by each own turn",
            {row["going"]: row["cumulative"] for row in rows},
            first_turn=1,
            width=560,
            height=240,
        ),
    }
