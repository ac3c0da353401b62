"""The site menu's game: "Cards" and "New deck" open the game the player last looked at.

Views of one game call `remember_game`; the middleware keeps it in a cookie and the context processor
hands the menu that game (FFTCG for a first visit), so nobody who builds GBF decks lands on the FFTCG
card list from the menu. A cookie, not the session: a visitor who only reads pages gets no session row
(a crawler or a busy public deck would otherwise write one per request).
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

from django.conf import settings
from django.http import HttpRequest, HttpResponse

import engine

COOKIE = "last_game"
FIRST_GAME = next(iter(engine.GAMES))
ONE_YEAR = 365 * 24 * 60 * 60


def remember_game(request: HttpRequest, game_id: str) -> None:
    if game_id in engine.GAMES:
        request.menu_game = game_id  # type: ignore[attr-defined]


def last_game(request: HttpRequest) -> str:
    """The game the request's menu opens: the one this request looked at, else the cookie's."""
    game = getattr(request, "menu_game", None) or request.COOKIES.get(COOKIE)
    return game if game in engine.GAMES else FIRST_GAME


def menu_game(request: HttpRequest) -> dict[str, Any]:
    """Context processor: `menu_game`, the game the menu's links open."""
    return {"menu_game": last_game(request)}


class RememberGameMiddleware:
    """Write the cookie when a view remembered another game than the cookie holds."""

    def __init__(self, get_response: Callable[[HttpRequest], HttpResponse]) -> None:
        self.get_response = get_response

    def __call__(self, request: HttpRequest) -> HttpResponse:
        response = self.get_response(request)
        game = getattr(request, "menu_game", None)
        if game is not None and request.COOKIES.get(COOKIE) != game:
            response.set_cookie(
                COOKIE,
                game,
                max_age=ONE_YEAR,
                samesite="Lax",
                httponly=True,
                secure=settings.SESSION_COOKIE_SECURE,
            )
        return response
