"""Template tags of the sharing parts of the deck pages."""

from __future__ import annotations

from typing import Any

from django import template

from decks.builder.access import can_view
from decks.models import Deck

register = template.Library()


@register.simple_tag(takes_context=True)
def viewable_source(context: dict[str, Any], deck: Deck) -> Deck | None:
    """The deck this one was forked from, if the viewer may open it (a source made private hides)."""
    request = context.get("request")
    source = deck.forked_from
    if source is None or request is None or not can_view(request, source):
        return None
    return source


@register.simple_tag
def og_description(deck: Deck, page: Any) -> str:
    """One line for link previews: game, format, section counts, legality, then the description.

    For example "FINAL FANTASY TCG deck, Constructed: Main deck 50/50, Limit Break deck 0/≤8. Legal."
    """
    counts = ", ".join(f"{s.label} {s.count}/{s.target}" for s in page.sections)
    verdict = "Legal" if page.legal else "Not legal"
    text = f"{page.rules.name} deck, {deck.format.replace('-', ' ').capitalize()}: {counts}. {verdict}."
    if deck.description:
        text += " " + " ".join(deck.description.split())
    return text[:300]
