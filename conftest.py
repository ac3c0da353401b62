import pytest


@pytest.fixture(autouse=True)
def _four_games(request: pytest.FixtureRequest) -> None:
    """Put back the four Game rows of migration 0002 for tests on committed data.

    A transactional test ends by emptying every table, data migrations' rows included, so the next one
    would start with no games; tests in a transaction are rolled back and keep them.
    """
    if "transactional_db" not in request.fixturenames and "live_server" not in request.fixturenames:
        return
    request.getfixturevalue("transactional_db")
    from decks.models import Game, GameId

    for game_id, name in GameId.choices:
        Game.objects.get_or_create(id=game_id, defaults={"name": name})


@pytest.fixture(autouse=True)
def _fresh_rate_limits() -> None:
    """Rate limits count in the cache (decks.security); each test starts with none used."""
    from django.core.cache import cache

    cache.clear()
