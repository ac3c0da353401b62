"""Maintainers correct what the goldfish reads from a card's text: its effects set by hand.

A card without hand-set effects has them read from its text every time (engine/readers); a maintainer can
set them instead, as the deck file's `effects` list (docs/deck-file.md, "Card effects"): `[]` plays the card
as vanilla on purpose, and an empty box goes back to reading the text. Hand-set effects live in
`Card.data["effects"]`, and later imports of the card keep them (decks/maintenance/importing.py).
"""

from __future__ import annotations

import json
from typing import Any

from django import forms
from django.contrib.admin.views.decorators import staff_member_required
from django.http import Http404, HttpRequest, HttpResponse
from django.shortcuts import get_object_or_404, redirect, render
from django.views.decorators.http import require_http_methods

from decks.models import Card
from engine.effects import Effect, read_effects
from engine.errors import DeckFileError
from engine.readers import has_reader, read_text

EXAMPLE = '[{"when": "enters", "do": "draw", "n": 1}]'


class EffectsForm(forms.Form):
    effects = forms.CharField(
        required=False,
        max_length=5000,
        widget=forms.Textarea(attrs={"rows": 6, "spellcheck": "false"}),
        help_text=f"A JSON list of effects, e.g. {EXAMPLE}. [] plays the card without its text; "
        "leave empty to read the text again.",
    )

    def __init__(self, *args: Any, number: str, **kwargs: Any) -> None:
        super().__init__(*args, **kwargs)
        self.number = number

    def clean_effects(self) -> tuple[Effect, ...] | None:
        raw = self.cleaned_data["effects"].strip()
        if not raw:
            return None
        try:
            data = json.loads(raw)
        except json.JSONDecodeError as e:
            raise forms.ValidationError(
                f"Not valid JSON: {e.msg} (line {e.lineno}, column {e.colno})."
            ) from e
        try:
            return read_effects(f"Card {self.number}", data)
        except DeckFileError as e:
            raise forms.ValidationError(str(e)) from e


@staff_member_required
@require_http_methods(["GET", "POST"])
def card_effects(request: HttpRequest, game_id: str, number: str) -> HttpResponse:
    if not has_reader(game_id):
        raise Http404("The goldfish of this game plays no effects from this list yet")
    card = get_object_or_404(Card, game_id=game_id, number=number)
    hand_set = card.data.get("effects")
    initial = {"effects": json.dumps(hand_set, ensure_ascii=False) if hand_set is not None else ""}
    form = EffectsForm(request.POST or None, initial=initial, number=card.number)
    if request.method == "POST" and form.is_valid():
        effects = form.cleaned_data["effects"]
        data = {k: v for k, v in card.data.items() if k != "effects"}
        if effects is not None:
            data["effects"] = [e.to_dict() for e in effects]
        card.data = data
        card.save(update_fields=["data"])
        return redirect("decks:card", game_id=game_id, number=card.number)
    reading = read_text(game_id, card.text, card.name)
    context = {
        "card": card,
        "form": form,
        "read_effects": json.dumps([e.to_dict() for e in reading.effects], ensure_ascii=False),
        "unread": reading.unread,
        "hand_set": hand_set is not None,
    }
    return render(request, "decks/maintain_effects.html", context)
