"""Rate limits: how often one client may log in, sign up, start simulations and call the API.

A fixed window per scope and client, counted in Django's cache (`cache.add` then `cache.incr`, atomic on
Redis and in local memory). The rates are settings (RATE_LIMITS, "N/s|m|h|d"); a scope missing there is
not limited. Pages get their limits from `RateLimitMiddleware`, keyed on URL names, so the views
themselves need no change; `rate_limited(scope)` decorates a view that is not in that table.
"""

from __future__ import annotations

import hashlib
import time
from collections.abc import Callable
from dataclasses import dataclass
from functools import wraps
from typing import Any

from django.conf import settings
from django.core.cache import cache
from django.http import HttpRequest, HttpResponse, JsonResponse

# POSTs to these URL names count against these scopes (GETs only show the form).
LIMITED_VIEWS = {
    "login": "login",
    "signup": "signup",
    "accounts:login": "login",
    "accounts:signup": "signup",
    "decks:login": "login",
    "decks:signup": "signup",
    "decks:goldfish": "simulation",
    "decks:goldfish-again": "simulation",
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
    """Who is counted: the API token, else the logged-in user, else the address."""
    authorization = request.headers.get("Authorization", "")
    if authorization:
        return "t:" + hashlib.sha256(authorization.encode()).hexdigest()[:32]
    user = getattr(request, "user", None)
    if user is not None and user.is_authenticated:
        return f"u:{user.pk}"
    return "ip:" + client_ip(request)


def check(scope: str, ident: str) -> None:
    """Count one request of `ident` in `scope`; raise RateLimited if that goes over the scope's rate."""
    text = settings.RATE_LIMITS.get(scope)
    if not text:
        return
    rate = Rate.parse(text)
    now = int(time.time())
    window = now // rate.seconds
    key = f"ratelimit:{scope}:{ident}:{window}"
    cache.add(key, 0, timeout=rate.seconds + 1)
    try:
        count = cache.incr(key)
    except ValueError:  # expired between add and incr: this is the first request of a new window
        cache.add(key, 1, timeout=rate.seconds + 1)
        count = 1
    if count > rate.limit:
        raise RateLimited(scope, (window + 1) * rate.seconds - now)


def too_many(request: HttpRequest, error: RateLimited) -> HttpResponse:
    if request.path.startswith(API_PREFIX):
        response: HttpResponse = JsonResponse({"detail": str(error)}, status=429)
    else:
        response = HttpResponse(str(error), status=429, content_type="text/plain; charset=utf-8")
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
