"""Template filters of the deck pages."""

from django import template

register = template.Library()


@register.filter
def percent(p: float | None, digits: int = 0) -> str:
    """0.2761 -> "28%" (or "27.6%" with one digit); a chance below one in a thousand shows as "<0.1%"."""
    if p is None:
        return "–"
    if 0 < p < 0.001:
        return "<0.1%"
    return f"{p * 100:.{digits}f}%"
