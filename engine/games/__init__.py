"""The registry of games: one class per game, found by its id."""

from engine.errors import UnknownGameError
from engine.games.base import DrawRules, GameRules, Mulligan, Section
from engine.games.dbsfw import DBSFusionWorld
from engine.games.fftcg import FFTCG
from engine.games.fireforce import FireForce
from engine.games.gbf import Granblue

GAMES: dict[str, GameRules] = {g.id: g for g in (FFTCG(), DBSFusionWorld(), Granblue(), FireForce())}


def game_choices() -> list[tuple[str, str]]:
    """(id, name) of every registered game, read when asked: a form or page built from it lists a game
    registered after import too."""
    return [(game_id, rules.name) for game_id, rules in GAMES.items()]


def get_game(game_id: str) -> GameRules:
    try:
        return GAMES[game_id]
    except KeyError:
        known = ", ".join(GAMES)
        raise UnknownGameError(f"Unknown game {game_id!r}; the games are {known}.") from None


__all__ = ["GAMES", "DrawRules", "GameRules", "Mulligan", "Section", "game_choices", "get_game"]
