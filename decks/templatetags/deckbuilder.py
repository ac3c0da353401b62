"""Template filters of the deck pages."""

from typing import Any

import nh3
from django import template
from django.urls import NoReverseMatch, reverse
from django.utils.safestring import SafeString, mark_safe
from markdown_it import MarkdownIt

import engine
from engine.games.base import GameRules

register = template.Library()

# A deck's description in Markdown: CommonMark without raw HTML, then sanitised to the tags it can make
# (nh3, the Ammonia sanitiser), its links marked as user content (nofollow, ugc) and opened apart (noopener).
_MARKDOWN = MarkdownIt("commonmark", {"html": False})
_DESCRIPTION_TAGS = {
    *("p", "br", "em", "strong", "code", "pre", "blockquote", "ul", "ol", "li", "a", "h3", "h4"),
}
_DESCRIPTION_ATTRIBUTES = {"a": {"href", "title"}}


@register.filter
def markdown(text: str) -> SafeString:
    """The owner's description as safe HTML: headings sink to h3 and h4 below the page's own."""
    html = _MARKDOWN.render(text or "")
    for level, lower in ((3, 4), (4, 4), (5, 4), (6, 4), (1, 3), (2, 3)):  # deepest first: none moves twice
        html = html.replace(f"<h{level}>", f"<h{lower}>").replace(f"</h{level}>", f"</h{lower}>")
    clean = nh3.clean(
        html,
        tags=_DESCRIPTION_TAGS,
        attributes=_DESCRIPTION_ATTRIBUTES,
        url_schemes={"http", "https", "mailto"},
        link_rel="nofollow noopener ugc",
    )
    return mark_safe(clean)  # noqa: S308 (sanitised just above)


@register.filter
def percent(p: float | None, digits: int = 0) -> str:
    """0.2761 -> "28%" (or "27.6%" with one digit); a chance below one in a thousand shows as "<0.1%"."""
    if p is None:
        return "–"
    if 0 < p < 0.001:
        return "<0.1%"
    return f"{p * 100:.{digits}f}%"


@register.simple_tag
def card_url(view: str, game_id: str, number: str) -> str:
    """The address of a card's page (`view` "card", "card-face", "card-owned" or "maintain-card"), or ""
    for a number that no address can hold (a "/" in it, stored before numbers were checked): a list shows
    that card without a link rather than failing for every visitor."""
    try:
        return reverse(f"decks:{view}", args=[game_id, number])
    except NoReverseMatch:
        return ""


@register.filter
def card_name(card: Any) -> str:
    """A stored card's name as its game shows it in lists (GameRules.display_name)."""
    return engine.get_game(card.game_id).display_name(card.name)


@register.filter
def printed(text: str | None, game_id: str) -> str:
    """A stored card text as its game prints it (GameRules.printed_text: FFTCG's list marks its text up)."""
    rules = engine.GAMES.get(game_id)
    return rules.printed_text(text or "") if rules else text or ""


@register.filter
def game_accent(game_id: str) -> str:
    """The colour that marks a game's tiles and deck rows (GameRules.accent), for a style attribute."""
    rules = engine.GAMES.get(game_id)
    return f"--game-accent: {rules.accent}" if rules else ""


@register.simple_tag
def shown_name(rules: GameRules, name: str) -> str:
    """A printed name as the game `rules` shows it in lists, for cards that do not carry their game."""
    return rules.display_name(name)
