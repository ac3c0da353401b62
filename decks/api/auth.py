"""Who calls the API: a bearer token, a logged-in browser session (with its CSRF token), or anyone.

Reads accept all three; writes need a token or a session. Either way `request.user` is the caller,
so decks/builder/access.py decides what they may see and change, exactly as on the pages.
"""

from __future__ import annotations

import hashlib
import secrets
from collections.abc import Callable
from datetime import timedelta
from typing import Any

from django.contrib.auth.models import User
from django.http import HttpRequest
from django.utils import timezone
from ninja.errors import AuthenticationError, HttpError
from ninja.security import HttpBearer
from ninja.security.apikey import APIKeyCookie
from ninja.utils import check_csrf

from decks.models import APIToken
from engine.inputs import clean_name

KEY_LENGTH = 40
# last_used is written at most this often per token, not on every call.
LAST_USED_RESOLUTION = timedelta(minutes=1)
# The request attribute that keeps bearer_user's answer for the rest of the request.
BEARER_USER = "_bearer_user"


def hash_key(key: str) -> str:
    return hashlib.sha256(key.encode()).hexdigest()


def create_token(user: User, name: str = "") -> tuple[APIToken, str]:
    """A new token for `user` and its key, which is not stored and cannot be shown again."""
    key = secrets.token_urlsafe(30)  # 30 random bytes, 40 characters
    token = APIToken.objects.create(user=user, name=clean_name(name), key_hash=hash_key(key), prefix=key[:8])
    return token, key


def bearer_user(request: HttpRequest) -> User | None:
    """The user of the request's `Authorization: Bearer <key>`, None without the header; raise
    AuthenticationError for any other Authorization header or a wrong key. Sets request.user.

    The rate limiter calls this before the view, so limits count the real caller (a user's keys share
    the user's allowance) and a made-up header is refused instead of buying a fresh allowance; the
    answer is kept on the request, so the view's own authentication does not look the key up again.
    """
    if hasattr(request, BEARER_USER):
        return getattr(request, BEARER_USER)
    header = request.headers.get("Authorization")
    if header is None:
        user = None
    else:
        scheme, _, key = header.partition(" ")
        if scheme.lower() != "bearer" or len(key.strip()) != KEY_LENGTH:
            raise AuthenticationError
        row = APIToken.objects.select_related("user").filter(key_hash=hash_key(key.strip())).first()
        if row is None or not row.user.is_active:
            raise AuthenticationError
        now = timezone.now()
        if row.last_used is None or now - row.last_used > LAST_USED_RESOLUTION:
            APIToken.objects.filter(pk=row.pk).update(last_used=now)
        user = request.user = row.user
    setattr(request, BEARER_USER, user)
    return user


class TokenAuth(HttpBearer):
    """`Authorization: Bearer <key>`. A key that is wrong is refused (401), never read as anonymous."""

    def authenticate(self, request: HttpRequest, token: str) -> Any:
        return bearer_user(request)


class SessionAuth(APIKeyCookie):
    """A logged-in session; a request that changes anything must carry the CSRF token (X-CSRFToken)."""

    param_name = "sessionid"

    def _get_key(self, request: HttpRequest) -> str | None:
        return None  # the session middleware has already read the cookie

    def authenticate(self, request: HttpRequest, key: str | None) -> Any:
        if not request.user.is_authenticated:
            return None
        if request.method not in ("GET", "HEAD", "OPTIONS") and check_csrf(request):
            raise HttpError(403, "CSRF check failed: send the csrftoken cookie's value as X-CSRFToken.")
        return request.user


class Anyone:
    """No credentials at all: anonymous callers may read. Shown in the schema as the empty requirement
    `{}` (credentials optional); see decks.api.views.API.get_openapi_schema."""

    openapi_security_schema: dict[str, Any] = {}

    def __call__(self, request: HttpRequest) -> Any:
        return request.user  # truthy even when anonymous, which is what lets ninja through


token_auth = TokenAuth()
session_auth = SessionAuth()
READ: list[Callable[[HttpRequest], Any]] = [token_auth, session_auth, Anyone()]
WRITE: list[Callable[[HttpRequest], Any]] = [token_auth, session_auth]
