"""The site menu's game: "Cards" and "New deck" open the game the player last looked at.

Views of one game call `remember_game`; the context processor hands the menu that game (FFTCG for a
first visit), so nobody who builds GBF decks lands on the FFTCG card list from the menu.
"""

from __future__ import annotations

from typing import Any

from django.http import HttpRequest

import engine

SESSION_KEY = "last_game"
FIRST_GAME = "fftcg"


def remember_game(request: HttpRequest, game_id: str) -> None:
    if game_id in engine.GAMES and request.session.get(SESSION_KEY) != game_id:
        request.session[SESSION_KEY] = game_id


def menu_game(request: HttpRequest) -> dict[str, Any]:
    """Context processor: `menu_game`, the game the menu's links open."""
    session = getattr(request, "session", None)
    game = session.get(SESSION_KEY) if session is not None else None
    return {"menu_game": game if game in engine.GAMES else FIRST_GAME}
