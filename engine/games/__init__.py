"""The registry of games: one class per game, found by its id."""

from engine.errors import UnknownGameError
from engine.games.base import DrawRules, GameRules, Mulligan, Section
from engine.games.dbsfw import DBSFusionWorld
from engine.games.fftcg import FFTCG
from engine.games.fireforce import FireForce
from engine.games.gbf import Granblue

GAMES: dict[str, GameRules] = {g.id: g for g in (FFTCG(), DBSFusionWorld(), Granblue(), FireForce())}


def get_game(game_id: str) -> GameRules:
    try:
        return GAMES[game_id]
    except KeyError:
        known = ", ".join(GAMES)
        raise UnknownGameError(f"Unknown game {game_id!r}; the games are {known}.") from None


__all__ = ["GAMES", "DrawRules", "GameRules", "Mulligan", "Section", "get_game"]
