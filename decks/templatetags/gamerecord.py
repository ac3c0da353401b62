"""The deck page's line of a game record its owner chose to show (decks.builder.gamelog)."""

from __future__ import annotations

from django import template

from decks.builder.gamelog import shown_record
from decks.models import Deck
from engine.record import Record

register = template.Library()


@register.simple_tag
def game_record(deck: Deck) -> Record | None:
    """The totals of the deck's real games when its owner shows them; None otherwise."""
    return shown_record(deck)
