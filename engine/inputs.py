"""Text from outside that the site shows to others: names and titles, and card image addresses.

A name may come from a visitor, a deck file, an import or the API, and is shown on pages other people
read, so it is cleaned by one function wherever it enters. An image address is put in an `<img src>`:
only a web address will do, never `javascript:` or `data:`.
"""

from __future__ import annotations

from urllib.parse import urlsplit

# Characters that change how the text around them reads without showing themselves: the bidirectional
# embeddings, overrides and isolates (U+202A-U+202E, U+2066-U+2069), with which a name can display as
# another ("Trojan Source", CVE-2021-42574), and the C0 controls and DEL, NUL among them (PostgreSQL
# text cannot hold it). Tabs and line breaks stay: a card's rules text has lines.
_HIDDEN = dict.fromkeys(
    [
        *(c for c in range(0x20) if chr(c) not in "\t\n\r"),
        0x7F,
        *range(0x202A, 0x202F),
        *range(0x2066, 0x206A),
    ]
)

MAX_IMAGE_URL_LENGTH = 200  # the card table's column


def clean_name(value: str) -> str:
    """A name or title (of a deck, card, set or API key) without hidden characters, trimmed."""
    return value.translate(_HIDDEN).strip()


def clean_text(value: str) -> str:
    """Longer text read from a card source (rules text): the same characters removed, its lines kept,
    not trimmed."""
    return value.translate(_HIDDEN)


def image_url_problem(url: str, *, allow_http: bool = False) -> str | None:
    """Why `url` cannot be a card image's address, or None when it can: an https address with a host (http
    too with `allow_http`, for a site run while debugging), no spaces or control characters, at most
    MAX_IMAGE_URL_LENGTH characters. The empty address (no image) is fine."""
    if not url:
        return None
    schemes = ("https", "http") if allow_http else ("https",)
    wanted = " or ".join(f"{s}://" for s in schemes)
    if len(url) > MAX_IMAGE_URL_LENGTH:
        return f"An image address is at most {MAX_IMAGE_URL_LENGTH} characters; this one has {len(url)}."
    if any(c.isspace() or not c.isprintable() for c in url):
        return "An image address has no spaces or control characters."
    try:
        parts = urlsplit(url)
    except ValueError:  # an unclosed [IPv6] host
        parts = None
    if parts is None or parts.scheme.lower() not in schemes or not parts.hostname:
        return f"An image address starts with {wanted} and a host name, like https://example.com/card.jpg."
    return None
