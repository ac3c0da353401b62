"""The "Keep or mulligan?" answer for a concrete opening hand, on the sample hand and the playtest board:
a thin view over engine.advice.mulligan, answered as an htmx partial.

A read, by GET: the hand's card numbers (`hand`, in the hand's order), the play order (`going`), the odds
panel's groups when the deck page sends them (`pick`, `k_A`...: decks.builder.forms.StatsForm) and, for
GBF's partial redraw, the positions of the cards it puts back (`back`; none: the whole hand). It plays
20,000 goldfish games in the web process (a fifth of a second), so it counts against the "stats" limit.
"""

from __future__ import annotations

from django.http import HttpResponse
from django.shortcuts import render
from django.views.decorators.cache import never_cache
from django.views.decorators.http import require_GET

import engine
from decks import convert
from decks.builder.access import get_viewable_deck
from decks.builder.forms import StatsForm
from decks.web import security
from decks.web.requests import HtmxHttpRequest
from engine import goldfish
from engine.advice import mulligan
from engine.games.base import Mulligan
from engine.stats import Group

PARTIAL, PAGE = "decks/_mulligan_advice.html", "decks/mulligan.html"  # htmx's answer, and without JavaScript


@never_cache
@require_GET
def keep_or_mulligan(request: HtmxHttpRequest, share_id: str) -> HttpResponse:
    deck = get_viewable_deck(request, share_id)
    try:
        security.check("stats", security.client_id(request))
    except security.RateLimited as e:
        return security.too_many(request, e)
    contents = convert.deck_to_engine(deck)
    rules = engine.get_game(deck.game_id)
    hand = request.GET.getlist("hand")
    going = "second" if request.GET.get("going") == "second" else "first"
    back = {int(p) for p in request.GET.getlist("back") if p.isdigit()}  # the sample hand's ticks
    back |= {  # the board's redraw form: a place under the deck for each card to put back
        int(name.removeprefix("bottom-"))
        for name in request.GET
        if name.startswith("bottom-") and name.removeprefix("bottom-").isdigit() and request.GET[name].strip()
    }
    kept = [n for i, n in enumerate(hand) if i not in back] if back else []
    numbers = {e.card for e in contents.entries(rules.main_section)}
    form = StatsForm(request.GET, numbers=numbers)
    form.is_valid()
    groups = {
        label: Group(cards, form.cleaned_data["at_least"].get(label, 1))
        for label, cards in form.cleaned_data["groups"].items()
    }
    context = {"deck": deck, "rules": rules}
    template = PARTIAL if request.htmx else PAGE
    try:
        advice = mulligan.advise(
            contents, rules, hand, groups=groups, going=going, kept=kept, turns=form.cleaned_data["turns"]
        )
    except (mulligan.HandError, goldfish.GoldfishDeckError, goldfish.NoSimulatorError) as e:
        # htmx swaps only a 2xx answer in: the partial says what is wrong in place of the answer.
        return render(request, template, context | {"error": str(e)}, status=200 if request.htmx else 422)
    last = max([*advice.kept.kill_turns, *advice.mulliganed.kill_turns], default=0)
    rows = [(t, advice.kept.p_kill_by(t), advice.mulliganed.p_kill_by(t)) for t in range(1, last + 1)]
    back_names = [contents.cards[n].name for n in advice.returned]
    context |= {
        "advice": advice,
        "kill_rows": rows,
        "back_names": back_names,
        "games": f"{advice.kept.games:,}",
        "partial": rules.draw_rules.mulligan is Mulligan.BOTTOM_ANY and not back,  # GBF, nothing marked
    }
    return render(request, template, context)
