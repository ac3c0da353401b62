import os
import secrets
from collections.abc import Callable, Iterator

import pytest
from django.core.management import call_command

from bin.headless import CHROMIUM, CHROMIUM_ARGS
from decks.testing import WorkerProcess, start_worker, stop_worker, use_broker

# The embedded broker always; Redis too when the run is configured for it (that is how .ci/run tests).
BROKERS = ["embedded"]
if os.environ.get("CELERY_BROKER_URL", "").startswith("redis://"):
    BROKERS.append("redis")


@pytest.fixture(params=BROKERS)
def live_worker(request: pytest.FixtureRequest, transactional_db: None, tmp_path) -> Iterator[WorkerProcess]:
    """A real Celery worker process on a broker of its own, writing to this test's database.

    The test process sends its tasks to the same broker for the duration of the test. The embedded broker
    is a fresh SQLite file; on Redis a key prefix of its own keeps the test away from other runs' workers.
    """
    name = secrets.token_hex(4)
    if request.param == "embedded":
        url, prefix = f"sqla+sqlite:///{tmp_path / 'broker.sqlite3'}", ""
    else:
        url, prefix = os.environ["CELERY_BROKER_URL"], f"test-{name}:"
    with use_broker(url, prefix):
        worker = start_worker(url, tmp_path / "worker.log", f"test-{name}@%h", prefix)
        try:
            yield worker
        finally:
            stop_worker(worker)


@pytest.fixture(scope="session")
def browser() -> Iterator["playwright.sync_api.Browser"]:  # noqa: F821 (imported lazily below)
    """Headless Debian chromium driven by Playwright, shared by the browser tests of a session."""
    from playwright.sync_api import sync_playwright

    # Playwright's sync API keeps an event loop running in this thread; the ORM calls of a test are
    # still synchronous, so Django's guard against ORM calls from async code does not apply.
    os.environ.setdefault("DJANGO_ALLOW_ASYNC_UNSAFE", "true")
    with sync_playwright() as p:
        chromium = p.chromium.launch(executable_path=CHROMIUM, headless=True, args=CHROMIUM_ARGS)
        try:
            yield chromium
        finally:
            chromium.close()


@pytest.fixture
def samples_page(browser, live_server, settings) -> Iterator[Callable[..., "playwright.sync_api.Page"]]:  # noqa: F821
    """Opens pages on the live server with the sample cards and decks loaded and no rate limits:
    `samples_page(width, height=900)`, each in a browser context of its own, all closed after the test."""
    settings.RATE_LIMITS = {}
    call_command("loadsamples", verbosity=0)
    contexts = []

    def open_page(width: int, height: int = 900) -> "playwright.sync_api.Page":  # noqa: F821
        context = browser.new_context(base_url=live_server.url, viewport={"width": width, "height": height})
        contexts.append(context)
        page = context.new_page()
        page.set_default_timeout(10_000)
        return page

    yield open_page
    for context in contexts:
        context.close()
