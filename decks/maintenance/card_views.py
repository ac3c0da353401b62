"""Maintainers add and edit GBF and Fire Force cards in the app (no public card list exists for them).

The form writes one record of our own card schema (engine/importers/README.md) and hands it to the
same parser and upsert as a file import, so a card entered here is checked exactly like one imported:
a GBF name is split into character name, epithet and version, a Captain needs 男 or 女, and so on.
"""

from __future__ import annotations

from typing import Any

from django import forms
from django.contrib.admin.views.decorators import staff_member_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_GET, require_http_methods

import engine
from decks.maintenance.importing import import_cards
from decks.models import Card
from engine.importers.project import SCHEMA_FIELDS, parse_project_json

MAINTAINED_GAMES = tuple(game_id for game_id, rules in engine.GAMES.items() if not rules.official_card_list)

LONG_FIELDS = ("text", "ougi_text")


class CardForm(forms.Form):
    def __init__(self, *args: Any, game_id: str, editing: bool, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.game_id = game_id
        for name, label, help_text in SCHEMA_FIELDS[game_id]:
            widget = forms.Textarea(attrs={"rows": 3}) if name in LONG_FIELDS else forms.TextInput
            required = name in ("card_no", "type", "name")
            self.fields[name] = forms.CharField(
                label=label, help_text=help_text, required=required, max_length=2000, widget=widget
            )
        if editing:
            self.fields["card_no"].disabled = True  # the number is the card's identity

    def clean(self) -> dict[str, Any]:
        data = super().clean() or {}
        if not self.errors:
            parsed = parse_project_json([self.record()], self.game_id, "ja")
            if parsed.rejected:
                raise forms.ValidationError(parsed.rejected[0].reason)
            self.parsed = parsed
        return data

    def record(self) -> dict[str, str]:
        return {k: v for k, v in self.cleaned_data.items() if v not in ("", None)}


def record_of(card: Card) -> dict[str, str]:
    """The schema record a stored card was made from, to fill the edit form."""
    data = card.data or {}
    ougi = data.get("ougi") or {}
    keywords = [k for k in card.keywords if k != "has-flame"]
    values: dict[str, Any] = {
        "card_no": card.number,
        "type": card.type,
        "name": card.name,
        "attribute": "/".join(card.colors),
        "attributes": "/".join(card.colors),
        "rank": data.get("rank"),
        "hp": data.get("hp"),
        "atk": data.get("atk"),
        "race": "/".join(card.traits),
        "text": card.text,
        "ougi_name": ougi.get("name"),
        "ougi_cost": ougi.get("n"),
        "ougi_text": ougi.get("text"),
        "job_change_icon": data.get("job_change_icon"),
        "cost": card.cost,
        "power": card.power,
        "support_power": data.get("support_power"),
        "has_flame": "true" if "has-flame" in card.keywords else "false",
        "icons": "/".join(keywords),
        "set": card.card_set.code,
        "set_name": card.card_set.name,
        "image_url": card.image_url,
    }
    return {k: "" if v is None else str(v) for k, v in values.items()}


@staff_member_required
@require_GET
def card_list(request: HttpRequest, game_id: str) -> HttpResponse:
    game = _maintained(game_id)
    cards = Card.objects.filter(game_id=game.id).select_related("card_set").order_by("number")
    return render(request, "decks/maintain_cards.html", {"game": game, "cards": cards[:500]})


@staff_member_required
@require_http_methods(["GET", "POST"])
def card_edit(request: HttpRequest, game_id: str, number: str | None = None) -> HttpResponse:
    game = _maintained(game_id)
    card = get_object_or_404(Card, game_id=game.id, number=number) if number else None
    initial = record_of(card) if card else None
    form = CardForm(request.POST or None, initial=initial, game_id=game.id, editing=card is not None)
    if request.method == "POST" and form.is_valid():
        summary = import_cards(game.id, form.parsed)
        if summary.rejected:
            form.add_error(None, summary.rejected[0].reason)
        else:
            stored = Card.objects.get(game_id=game.id, base_number=form.parsed.cards[0].base_number)
            return redirect("decks:maintain-card", game_id=game.id, number=stored.number)
    return render(request, "decks/maintain_card.html", {"game": game, "card": card, "form": form})


def _maintained(game_id: str) -> engine.games.GameRules:
    if game_id not in MAINTAINED_GAMES:
        raise Http404("Cards of this game come from the publisher's list; import them instead")
    return engine.get_game(game_id)
