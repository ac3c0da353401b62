import os
import subprocess
import sys
from collections.abc import Iterator

import pytest


@pytest.hookimpl(tryfirst=True)
def pytest_collection_modifyitems(items: list[pytest.Item]) -> None:
    """Worker and browser tests are slow. Under xdist (pyproject.toml) the tests that start real Celery
    workers run one at a time in one process, as they would compete for the cores and trip each other's
    stall timers, and the browser tests in one process too; the rest spread over both."""
    for item in items:
        if item.get_closest_marker("worker"):
            item.add_marker(pytest.mark.slow)
            item.add_marker(pytest.mark.xdist_group("real-workers"))
        elif item.get_closest_marker("browser"):
            item.add_marker(pytest.mark.slow)
            item.add_marker(pytest.mark.xdist_group("browser"))


@pytest.fixture(autouse=True)
def _four_games(request: pytest.FixtureRequest) -> None:
    """Put back the four Game rows of migration 0002 for tests on committed data.

    A transactional test ends by emptying every table, data migrations' rows included, so the next one
    would start with no games; tests in a transaction are rolled back and keep them.
    """
    if "transactional_db" not in request.fixturenames and "live_server" not in request.fixturenames:
        return
    request.getfixturevalue("transactional_db")
    import engine
    from decks.models import Game

    for game_id, name in engine.game_choices():
        Game.objects.get_or_create(id=game_id, defaults={"name": name})


@pytest.fixture(scope="session", autouse=True)
def _fast_password_hashing() -> Iterator[None]:
    """Users are made in hundreds of tests; the production hasher takes most of a second for each."""
    from django.test.utils import override_settings

    with override_settings(PASSWORD_HASHERS=["django.contrib.auth.hashers.MD5PasswordHasher"]):
        yield


@pytest.fixture(autouse=True)
def _fresh_rate_limits() -> None:
    """Each test starts with no rate limit used and no page cached. The cache lives as long as the test
    process, so it is cleared here; counters kept in the database (decks.web.security) go with each test's
    rolled-back transaction or, for a transactional test, with the tables it empties."""
    from django.core.cache import cache

    cache.clear()


@pytest.fixture(scope="session", autouse=True)
def _compile_simulators_meanwhile() -> Iterator[None]:
    """Compile the four goldfish simulators into Numba's cache on the other core while the first tests
    run (engine/goldfish/__main__.py): a clean checkout otherwise compiles them in the middle of the
    suite, two minutes on one core, and again in any worker process that gets there first. Under xdist
    the first test process does it for both."""
    if os.environ.get("PYTEST_XDIST_WORKER", "gw0") != "gw0":
        yield
        return
    warm_up = subprocess.Popen(
        [sys.executable, "-m", "engine.goldfish"], stdout=subprocess.DEVNULL, stderr=subprocess.DEVNULL
    )
    yield
    warm_up.terminate()  # a short run (./test -k ...) does not wait for it; Numba writes its cache atomically
    warm_up.wait()
