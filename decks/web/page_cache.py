"""Pages from a cache keyed on what they show, and 304 answers to a browser that has the page.

A deck page for anyone but its owner depends only on the deck's row, its cards' rows, the game's ban
lists, the query parameters the page reads and who is looking (signed in or not, staff or not, the game
the menu opens). Those facts are read in one query besides the deck's own (the game's row, read with the
deck, carries the version numbers of its card data and ban lists) and hashed; the hash is the page's ETag
and its cache key, so a page can never outlive what it shows: add a card, change the format, edit a card
or a ban list, and the next request has another key. Nothing has to remember to clear the cache. The
card browser's pages are keyed the same way on the game's card data version (decks.cards.versions). Each
view names the query parameters it reads, and only those are in the key: a visitor who adds made-up ones
gets the same page from the same entry, so junk query strings cannot fill the cache.

A cached page is stored with a marker where the CSRF token goes, and each request gets its own token
written in (the Fork form keeps working for every visitor). The owner's page embeds the card browser's
search results and changes with every click, so it is not cached.
"""

from __future__ import annotations

import hashlib
from collections.abc import Callable, Iterable
from pathlib import Path
from typing import Any

from django.contrib.messages import get_messages
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse, HttpResponseNotModified
from django.middleware.csrf import get_token
from django.utils.cache import add_never_cache_headers, patch_cache_control, patch_vary_headers

from decks.builder.gamelog import shown_record
from decks.models import Deck, DeckCard, SimulationRun
from decks.web.navigation import last_game

CSRF_MARKER = "__csrf_token_of_this_request__"
TIMEOUT = 24 * 60 * 60  # an entry no request asks for again is dropped after a day


def _code_version() -> str:
    """Pages rendered by other code (before a deploy) are other pages: the templates and modules that
    make them, by name, size and modification time."""
    root = Path(__file__).resolve().parent.parent
    files = [
        *(root / "templates").rglob("*.html"),
        *(root / "decks").rglob("*.py"),
        *(root / "engine").rglob("*.py"),
    ]
    digest = hashlib.sha256()
    for path in sorted(files):
        stat = path.stat()
        digest.update(f"{path.relative_to(root)}:{stat.st_size}:{stat.st_mtime_ns}\n".encode())
    return digest.hexdigest()[:16]


CODE_VERSION = _code_version()


def deck_facts(deck: Deck) -> list[Any]:
    """What a deck page shows of the deck: its row, which cards it holds (one query), and the versions of
    its game's card data and ban lists, which go up with every change to a card or a ban list
    (decks.cards.versions; the game's row comes with the deck's)."""
    facts: list[Any] = [
        deck.pk,
        deck.share_id,
        deck.version,
        deck.updated_at.isoformat(),
        deck.name,
        deck.description,
        deck.visibility,
        deck.format,
        deck.owner.get_username() if deck.owner else None,
        deck.forked_from.updated_at.isoformat() if deck.forked_from else None,
        deck.game.cards_version,
        deck.game.ban_lists_version,
        deck.favourite_count,
        deck.fork_count,
    ]
    facts.extend(DeckCard.objects.filter(deck=deck).order_by("pk").values_list("section", "count", "card_id"))
    # The link preview names the latest finished run's kill turn (decks.templatetags.sharing).
    finished = deck.simulation_runs.filter(status=SimulationRun.Status.DONE)
    facts.append(finished.order_by("-finished_at").values_list("pk", flat=True).first())
    # The game record's totals, when the owner shows them (decks.builder.gamelog).
    facts.append(shown_record(deck))
    return facts


def fingerprint(request: HttpRequest, facts: list[Any], reads: Iterable[str]) -> str:
    """A hash of everything the page shows: the page's own facts, the query parameters it `reads`, who
    is looking (the header names them, the menu opens their game) and the code that renders it."""
    parts: list[Any] = [
        CODE_VERSION,
        request.path,
        sorted((name, request.GET.getlist(name)) for name in set(reads) if name in request.GET),
        bool(getattr(request, "htmx", False)),
        request.user.pk,
        request.user.get_username(),
        request.user.is_staff,
        last_game(request),
        *facts,
    ]
    return hashlib.sha256(repr(parts).encode()).hexdigest()[:32]


def cached_page(
    request: HttpRequest,
    facts: list[Any],
    render: Callable[[str | None], HttpResponse],
    *,
    reads: Iterable[str],
) -> HttpResponse:
    """The page `render(csrf_token)` makes, from the cache when a page of the same fingerprint was rendered
    before, or a 304 when the browser already holds it. `reads` names every query parameter `render`
    looks at (any other is left out of the key). `render` is called with CSRF_MARKER to fill the cache,
    and with None when the page is not cached (pending messages: those are shown once)."""
    if len(get_messages(request)):  # counting them leaves them to be shown
        uncached = render(None)
        add_never_cache_headers(uncached)
        return uncached
    key = fingerprint(request, facts, reads)
    etag = f'"{key}"'
    if etag in _etags(request.headers.get("If-None-Match", "")):
        response: HttpResponse = HttpResponseNotModified()
    else:
        html = cache.get(f"page:{key}")
        if html is None:
            rendered = render(CSRF_MARKER)
            if rendered.status_code != 200:
                return rendered
            html = rendered.content.decode()
            cache.set(f"page:{key}", html, TIMEOUT)
        response = HttpResponse(html.replace(CSRF_MARKER, get_token(request)))
    response["ETag"] = etag
    patch_cache_control(response, private=True, no_cache=True)  # keep it, but ask each time
    patch_vary_headers(response, ("Cookie", "HX-Request"))
    return response


def _etags(header: str) -> set[str]:
    return {tag.strip().removeprefix("W/") for tag in header.split(",") if tag.strip()}
