"""Rate limits: how often one client may log in, sign up, make and change things, start simulations
and call the API.

A fixed window per scope and client. The counts must be shared by every process of the site and out of
reach of page traffic (a count a full page cache could push out, or one each worker kept for itself, is
no limit): with Redis (CACHE_URL) they are counted there (`cache.add` then an atomic `cache.incr`), else in
the database (RateLimitCounter, one row per scope, client and window, added to with an UPDATE of
count + 1). The rates are settings (RATE_LIMITS, "N/s|m|h|d"); a scope missing there is not limited.
Pages get their limits from `RateLimitMiddleware`, keyed on URL names, so the views themselves need no
change; `rate_limited(scope)` decorates a view that is not in that table. Every URL that takes a POST is
in LIMITED_VIEWS, under API_PREFIX (every call counted) or in UNLIMITED_POSTS with the reason it needs
no limit (decks/tests/test_write_limits.py walks them all).

Two kinds of scope: an attempts scope counts every POST (a generous cap on hammering), and an outcome
scope ("signup", "simulation") counts only what happened, so a player who mistypes a password or whose
run was refused has not used up anything: the view calls `ensure_room` before acting and `record` after.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable
from dataclasses import dataclass
from datetime import UTC, datetime, timedelta
from functools import wraps
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.db import IntegrityError, transaction
from django.db.models import F, QuerySet
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from django.utils import timezone
from ninja.errors import AuthenticationError

from decks.api.auth import bearer_user
from decks.models import RateLimitCounter

# POSTs to these URL names count against these scopes (GETs only show the form).
LIMITED_VIEWS = {
    "admin:login": "login",  # every login form shares the throttle
    "login": "login",
    "signup": "signup_attempts",
    "accounts:login": "login",
    "accounts:signup": "signup_attempts",
    "decks:login": "login",
    "decks:signup": "signup_attempts",
    "decks:goldfish": "simulation_attempts",
    "decks:goldfish-again": "simulation_attempts",
    "decks:tune": "simulation_attempts",
    "decks:deck-compare": "simulation_attempts",  # a POST starts the runs a comparison still lacks
    "decks:deck-new": "decks",
    "decks:deck-fork": "decks",
    "decks:deck-duplicate": "decks",
    "decks:deck-import": "imports",
    "decks:deck-settings": "edits",
    "decks:deck-count": "edits",
    "decks:card-owned": "edits",
    "decks:collection": "imports",  # a POST is a CSV import
    "decks:deck-format": "edits",
    "decks:deck-delete": "edits",
    "decks:deck-undelete": "edits",
    "decks:deck-favourite": "edits",
    "decks:deck-version-restore": "edits",
    "decks:goldfish-cancel": "edits",
    "decks:goldfish-delete": "edits",
    "decks:tune-cancel": "edits",
    "decks:game-log": "edits",  # a POST records a game
    "decks:game-edit": "edits",
    "decks:game-delete": "edits",
    "decks:game-log-import": "imports",
    "decks:game-log-shown": "edits",
    "decks:api-tokens": "api_keys",
}
# URLs that take a POST and count against no limit, each with the reason it needs none. A key ending in
# ":" stands for every URL of that namespace.
UNLIMITED_POSTS = {
    "admin:": "the admin site: staff only, and its log-in form (admin:login) is limited",
    "decks:worker-check": "staff only: sends one test task and waits for it, as a maintainer asks",
    "decks:imports": "staff only: queues a card import",
    "decks:maintain-new": "staff only: the card form",
    "decks:maintain-card": "staff only: the card form",
    "decks:maintain-effects": "staff only: the card's effect settings",
    "decks:logout": "ends the visitor's own session; nothing is made",
    "decks:api-token-revoke": "deletes one of the user's own keys, which are limited as they are made",
    "decks:deck-board": "a playtest move changes only the visitor's own session, of bounded size",
}
# What a refused player was doing too often, for the refusal page.
SCOPE_WORDS = {
    "login": "log-in attempts",
    "signup": "new accounts from your address",
    "signup_attempts": "sign-up attempts",
    "simulation": "goldfish runs started",
    "simulation_attempts": "goldfish submits",
    "stats": "odds requests",
    "decks": "new decks",
    "imports": "deck and collection imports",
    "edits": "changes to decks and collections",
    "api_keys": "new API keys",
}
API_PREFIX = "/api/"
_PERIODS = {"s": 1, "m": 60, "h": 3600, "d": 86400}
_LONGEST_CLIENT = 64  # "ip:" and an IPv6 address with a zone fit; RateLimitCounter.client holds 80


@dataclass(frozen=True, slots=True)
class Rate:
    limit: int
    seconds: int

    @classmethod
    def parse(cls, text: str) -> Rate:
        """ "10/m" -> 10 per 60 seconds; "100/5m" -> 100 per 300 seconds."""
        count, _, period = text.partition("/")
        multiple = period[:-1] or "1"
        return cls(int(count), int(multiple) * _PERIODS[period[-1]])


class RateLimited(Exception):
    def __init__(self, scope: str, retry_after: int) -> None:
        super().__init__(f"Too many requests ({scope}); try again in {retry_after} s.")
        self.scope = scope
        self.retry_after = retry_after

    @property
    def wait_words(self) -> str:
        """When to try again, as a person says it: "in 40 seconds", "in 12 minutes"."""
        seconds = max(1, self.retry_after)
        if seconds < 90:
            return f"in {seconds} second{'s' if seconds != 1 else ''}"
        minutes = round(seconds / 60)
        return f"in {minutes} minutes" if minutes < 90 else f"in about {round(minutes / 60)} hours"


def client_ip(request: HttpRequest) -> str:
    """REMOTE_ADDR, or with RATE_LIMIT_PROXIES = n > 0 the address the n-th proxy from the right saw."""
    proxies = getattr(settings, "RATE_LIMIT_PROXIES", 0)
    forwarded = request.META.get("HTTP_X_FORWARDED_FOR", "")
    if proxies and forwarded:
        hops = [h.strip() for h in forwarded.split(",") if h.strip()]
        if hops:
            return hops[-min(proxies, len(hops))]
    return request.META.get("REMOTE_ADDR", "")


def client_id(request: HttpRequest) -> str:
    """Who is counted: the user (by session, or by API key once `bearer_user` has checked it: all of a
    user's keys share one allowance), else the address. An unchecked header never names anyone."""
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        return f"u:{user.pk}"
    return "ip:" + client_ip(request)


@dataclass(frozen=True, slots=True)
class _Window:
    """One client's current window of one scope's rate."""

    rate: Rate
    scope: str
    client: str
    start: datetime
    ends_in: int  # seconds

    @property
    def cache_key(self) -> str:
        return f"ratelimit:{self.scope}:{self.client}:{int(self.start.timestamp())}"

    def counter(self) -> QuerySet[RateLimitCounter]:
        return RateLimitCounter.objects.filter(scope=self.scope, client=self.client, window_start=self.start)


def _window(scope: str, ident: str) -> _Window | None:
    text = settings.RATE_LIMITS.get(scope)
    if not text:
        return None
    rate = Rate.parse(text)
    now = int(time.time())
    start = now - now % rate.seconds
    return _Window(
        rate, scope, _stored_client(ident), datetime.fromtimestamp(start, UTC), start + rate.seconds - now
    )


def _stored_client(ident: str) -> str:
    """The client as counted: behind proxies an address is whatever a header said, so a long one is
    hashed to fit the counter's column (and a Redis key of sensible size)."""
    if len(ident) <= _LONGEST_CLIENT:
        return ident
    return "sha256:" + hashlib.sha256(ident.encode()).hexdigest()[:32]


def _count(window: _Window) -> int:
    """Add one to the window's count, atomically for every process of the site; return the new count."""
    if settings.RATE_LIMIT_STORE == "cache":
        cache.add(window.cache_key, 0, timeout=window.rate.seconds + 1)
        try:
            return cache.incr(window.cache_key)
        except ValueError:  # expired between add and incr: this is the first request of a new window
            cache.add(window.cache_key, 1, timeout=window.rate.seconds + 1)
            return 1
    return _count_in_database(window)


@transaction.atomic
def _count_in_database(window: _Window) -> int:
    """count + 1 in one UPDATE: the row stays locked until the transaction ends (SQLite's IMMEDIATE
    transactions take the whole database), so the count read back is this request's own. The first
    request of a window adds the row, and deletes the rows of windows that have ended."""
    counter = window.counter()
    if not counter.update(count=F("count") + 1):
        try:
            with transaction.atomic():
                RateLimitCounter.objects.create(
                    scope=window.scope,
                    client=window.client,
                    window_start=window.start,
                    window_end=window.start + timedelta(seconds=window.rate.seconds),
                    count=1,
                )
        except IntegrityError:  # another process added it first (PostgreSQL): count on that row
            counter.update(count=F("count") + 1)
        else:
            RateLimitCounter.objects.filter(window_end__lte=timezone.now()).delete()
            return 1
    return counter.values_list("count", flat=True).get()


def _used(window: _Window) -> int:
    if settings.RATE_LIMIT_STORE == "cache":
        return cache.get(window.cache_key) or 0
    return window.counter().values_list("count", flat=True).first() or 0


def check(scope: str, ident: str) -> None:
    """Count one request of `ident` in `scope`; raise RateLimited if that goes over the scope's rate."""
    window = _window(scope, ident)
    if window is not None and _count(window) > window.rate.limit:
        raise RateLimited(scope, window.ends_in)


def ensure_room(scope: str, ident: str) -> None:
    """Raise RateLimited if `ident` has used up `scope` in this window; count nothing (see `record`)."""
    window = _window(scope, ident)
    if window is not None and _used(window) >= window.rate.limit:
        raise RateLimited(scope, window.ends_in)


def record(scope: str, ident: str) -> None:
    """Count one thing that happened (an account made, a run started) against `scope`."""
    window = _window(scope, ident)
    if window is not None:
        _count(window)


def too_many(request: HttpRequest, error: RateLimited) -> HttpResponse:
    """The refusal: JSON for the API, a page in the site's style that says when to try again for people."""
    if request.path.startswith(API_PREFIX):
        response: HttpResponse = JsonResponse({"detail": str(error)}, status=429)
    else:
        what = SCOPE_WORDS.get(error.scope, "requests like this one")
        response = render(request, "429.html", {"what": what, "wait": error.wait_words}, status=429)
    response["Retry-After"] = str(max(1, error.retry_after))
    return response


class RateLimitMiddleware:
    """Limits every API call (scope "api") and POSTs to the views of LIMITED_VIEWS."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        return self.get_response(request)

    def process_view(self, request: HttpRequest, view: Any, args: Any, kwargs: Any) -> HttpResponse | None:
        try:
            if request.path.startswith(API_PREFIX):
                try:
                    bearer_user(request)
                except AuthenticationError:  # counted against the address: guessing keys costs too
                    check("api", "ip:" + client_ip(request))
                    return JsonResponse({"detail": "Unauthorized"}, status=401)
                check("api", client_id(request))
            match = request.resolver_match
            scope = LIMITED_VIEWS.get(match.view_name) if match else None
            if scope and request.method == "POST":
                check(scope, client_ip(request) if scope in ("login", "signup") else client_id(request))
        except RateLimited as e:
            return too_many(request, e)
        return None


def rate_limited(scope: str) -> Callable[[Callable[..., HttpResponse]], Callable[..., HttpResponse]]:
    """Limit POSTs to a view by client address, for a view the middleware's table does not name."""

    def decorate(view: Callable[..., HttpResponse]) -> Callable[..., HttpResponse]:
        @wraps(view)
        def limited(request: HttpRequest, *args: Any, **kwargs: Any) -> HttpResponse:
            if request.method == "POST":
                try:
                    check(scope, client_ip(request))
                except RateLimited as e:
                    return too_many(request, e)
            return view(request, *args, **kwargs)

        return limited

    return decorate
