"""Rate limits: how often one client may log in, sign up, start simulations and call the API.

A fixed window per scope and client, counted in Django's cache (`cache.add` then `cache.incr`, atomic on
Redis and in local memory). The rates are settings (RATE_LIMITS, "N/s|m|h|d"); a scope missing there is
not limited. Pages get their limits from `RateLimitMiddleware`, keyed on URL names, so the views
themselves need no change; `rate_limited(scope)` decorates a view that is not in that table.

Two kinds of scope: an attempts scope counts every POST (a generous cap on hammering), and an outcome
scope ("signup", "simulation") counts only what happened, so a player who mistypes a password or whose
run was refused has not used up anything: the view calls `ensure_room` before acting and `record` after.
"""

from __future__ import annotations

import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import wraps
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse, JsonResponse
from django.shortcuts import render
from ninja.errors import AuthenticationError

from decks.api.auth import bearer_user

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
    "decks:deck-new": "decks",
    "decks:deck-fork": "decks",
    "decks:deck-import": "imports",
    "decks:api-tokens": "api_keys",
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
    "imports": "deck imports",
    "api_keys": "new API keys",
}
API_PREFIX = "/api/"
_PERIODS = {"s": 1, "m": 60, "h": 3600, "d": 86400}


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
    rate: Rate
    key: str
    ends_in: int


def _window(scope: str, ident: str) -> _Window | None:
    text = settings.RATE_LIMITS.get(scope)
    if not text:
        return None
    rate = Rate.parse(text)
    now = int(time.time())
    window = now // rate.seconds
    return _Window(rate, f"ratelimit:{scope}:{ident}:{window}", (window + 1) * rate.seconds - now)


def _count(window: _Window) -> int:
    cache.add(window.key, 0, timeout=window.rate.seconds + 1)
    try:
        return cache.incr(window.key)
    except ValueError:  # expired between add and incr: this is the first request of a new window
        cache.add(window.key, 1, timeout=window.rate.seconds + 1)
        return 1


def check(scope: str, ident: str) -> None:
    """Count one request of `ident` in `scope`; raise RateLimited if that goes over the scope's rate."""
    window = _window(scope, ident)
    if window is not None and _count(window) > window.rate.limit:
        raise RateLimited(scope, window.ends_in)


def ensure_room(scope: str, ident: str) -> None:
    """Raise RateLimited if `ident` has used up `scope` in this window; count nothing (see `record`)."""
    window = _window(scope, ident)
    if window is not None and (cache.get(window.key) or 0) >= window.rate.limit:
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
