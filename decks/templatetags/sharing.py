"""Template tags of the sharing parts of the deck pages."""

from __future__ import annotations

from typing import Any

from django import template

from decks.builder import charts
from decks.builder.access import can_view
from decks.builder.services import latest_version
from decks.goldfish.runs import results_by_going
from decks.models import Deck, SimulationRun
from engine.goldfish.base import GoldfishResult

register = template.Library()


@register.simple_tag(takes_context=True)
def viewable_source(context: dict[str, Any], deck: Deck) -> Deck | None:
    """The deck this one was forked from, if the viewer may open it (a source made private hides)."""
    request = context.get("request")
    source = deck.forked_from
    if source is None or request is None or not can_view(request, source):
        return None
    return source


@register.simple_tag(takes_context=True)
def starred(context: dict[str, Any], deck: Deck) -> bool:
    """Whether the signed-in viewer has starred the deck."""
    request = context.get("request")
    user = getattr(request, "user", None)
    return bool(user and user.is_authenticated and deck.favourites.filter(user=user).exists())


@register.simple_tag
def og_description(deck: Deck, page: Any) -> str:
    """One line for link previews, as a player would say it, then the deck's description:
    "50 cards · Wind/Earth · legal in Constructed · wins by turn 4 in 75 % of goldfish games"."""
    words = [f"{page.contents.size(page.rules.main_section)} cards"]
    colours = _main_colours(page)
    if colours:
        words.append("/".join(colours))
    format_name = deck.format.replace("-", " ").capitalize()
    words.append(f"legal in {format_name}" if page.legal else f"not legal in {format_name}")
    if (goldfish := goldfish_summary(deck)) is not None:
        words.append(goldfish)
    text = " · ".join(words)
    if deck.description:
        text += ". " + " ".join(deck.description.split())
    return text[:300]


def _main_colours(page: Any) -> list[str]:
    """The main deck's colours or elements, the most played first (at most four; a rainbow says "5
    colours")."""
    by_copies = charts.colour_counts(page.contents, page.rules.main_section)  # most copies first
    ranked = [colour for colour, _ in by_copies if colour != charts.COLOURLESS]
    if len(ranked) > 4:
        return [f"{len(ranked)} {page.rules.color_word.lower()}s"]
    return [c.capitalize() for c in ranked]


def goldfish_summary(deck: Deck) -> str | None:
    """ "wins by turn 4 in 75 % of goldfish games": the median kill turn of the deck's latest finished run
    of its current version, both play orders together; None without one."""
    version = latest_version(deck)
    run = (
        SimulationRun.objects.filter(deck=deck, deck_version=version, status=SimulationRun.Status.DONE)
        .order_by("-finished_at")
        .first()
    )
    if version is None or run is None:
        return None
    kill = median_kill(run)
    if kill is None:
        return None
    turn, share = kill
    return f"wins by turn {turn} in {share:.0%} of goldfish games".replace("%", " %")


def median_kill(run: SimulationRun) -> tuple[int, float] | None:
    """The run's median kill turn, both play orders together, and the share of its games won by then;
    None when it won no game."""
    merged = GoldfishResult.empty()
    for result in results_by_going(run).values():
        merged = merged.merge(result)
    turn = merged.percentile(0.5)
    return None if turn is None else (turn, merged.p_kill_by(turn))
