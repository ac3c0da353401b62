"""The probe of issue 31, item 3, against two real web processes on the embedded default (SQLite, no
Redis): log-in, sign-up and goldfish limits hold with requests alternating between the processes and the
page cache of each filled with thousands of distinct query strings halfway through.

Before the fix the counters lived in each process's local-memory cache (300 entries, culled when full):
every process counted on its own (twice the log-ins with two workers) and the fill wiped every count.
"""

from __future__ import annotations

import http.cookies
import itertools
import os
import socket
import subprocess
import sys
import time
import urllib.error
import urllib.parse
import urllib.request
from collections.abc import Iterator
from concurrent.futures import ThreadPoolExecutor
from pathlib import Path

import pytest
from django.conf import settings
from django.contrib.auth.models import User
from django.core.management import call_command
from django.db import connection
from django.test import Client

from decks.models import Deck
from decks.testing import database_url, goldfish_form_data

GUNICORN = Path(sys.executable).parent / "gunicorn"
# Day-long windows, so that no window ends while the test runs and every count is the test's own.
LIMITS = {
    "RATE_LIMIT_LOGIN": "10/d",
    "RATE_LIMIT_SIGNUP": "5/d",
    "RATE_LIMIT_SIMULATION": "3/d",
}
JUNK_PER_PROCESS = 1000  # query parameters no page reads: one cache entry for them all
SEEDS_PER_PROCESS = 310  # sample hands the deck page does read: more entries than a local cache holds (300)


class Site:
    """One web process (gunicorn, one worker) on a port of its own."""

    def __init__(self, port: int, process: subprocess.Popen[bytes], log: Path) -> None:
        self.url = f"http://127.0.0.1:{port}"
        self.process = process
        self.log = log

    def request(self, path: str, data: dict[str, str] | None = None, cookies: str = "") -> tuple[int, str]:
        """(status, Set-Cookie headers joined) of a GET, or of a POST of `data`; redirects not followed."""
        body = urllib.parse.urlencode(data, doseq=True).encode() if data is not None else None
        request = urllib.request.Request(self.url + path, data=body, headers={"Cookie": cookies})
        opener = urllib.request.build_opener(_NoRedirects)
        try:
            with opener.open(request, timeout=60) as response:
                return response.status, "; ".join(response.headers.get_all("Set-Cookie") or [])
        except urllib.error.HTTPError as e:
            return e.code, "; ".join(e.headers.get_all("Set-Cookie") or [])


class _NoRedirects(urllib.request.HTTPRedirectHandler):
    def redirect_request(self, *args: object, **kwargs: object) -> None:
        return None


def _free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return int(s.getsockname()[1])


def _start(tmp_path: Path, name: str) -> Site:
    env = {k: v for k, v in os.environ.items() if k not in ("CACHE_URL", "REDIS_URL")}
    env |= LIMITS | {
        "DATABASE_URL": database_url(connection.settings_dict),
        "CELERY_BROKER_URL": f"sqla+sqlite:///{tmp_path / 'broker.sqlite3'}",  # runs queue here, unrun
        "GOLDFISH_MAX_ACTIVE_RUNS": "10",  # the rate limit, not the runs in progress, refuses the 4th
        "SECRET_KEY": settings.SECRET_KEY,
        "DEBUG": "true",
    }
    port = _free_port()
    log = tmp_path / f"{name}.log"
    with log.open("wb") as out:
        process = subprocess.Popen(
            [
                str(GUNICORN),
                "tcgsite.wsgi:application",
                "-b",
                f"127.0.0.1:{port}",
                "-w",
                "1",
                "--timeout",
                "120",
            ],
            cwd=settings.BASE_DIR,
            env=env,
            stdin=subprocess.DEVNULL,
            stdout=out,
            stderr=subprocess.STDOUT,
        )
    site = Site(port, process, log)
    deadline = time.monotonic() + 90
    while True:
        try:
            site.request("/healthz")  # 200 or 503 (no worker): either way the process answers
            return site
        except OSError:
            if process.poll() is not None or time.monotonic() > deadline:
                process.kill()
                raise RuntimeError(f"{name} did not start:\n{log.read_text(errors='replace')}") from None
            time.sleep(0.3)


@pytest.fixture
def two_sites(transactional_db: None, tmp_path: Path) -> Iterator[tuple[Site, Site]]:
    sites: list[Site] = []
    try:
        sites = [_start(tmp_path, "web-1"), _start(tmp_path, "web-2")]
        yield sites[0], sites[1]
    finally:
        for site in sites:
            site.process.terminate()
            site.process.wait(30)


def _cookie(set_cookie: str, name: str) -> str:
    jar = http.cookies.SimpleCookie()
    jar.load(set_cookie)
    return jar[name].value


@pytest.mark.slow
def test_limits_hold_across_two_web_processes_through_a_full_page_cache(two_sites) -> None:
    web_1, web_2 = two_sites
    alternately = itertools.cycle(two_sites)
    call_command("loadsamples", verbosity=0)
    alice = User.objects.create_user("alice", password="alice-long-password-1")
    deck = Deck.objects.filter(game_id="fftcg", visibility="public").first()
    deck.owner, deck.session_key = alice, ""
    deck.save()
    _, set_cookie = web_1.request("/accounts/login/")
    csrf = _cookie(set_cookie, "csrftoken")
    visitor = f"csrftoken={csrf}"
    signed_in = Client()
    signed_in.force_login(alice)  # a session row both processes read; logging in would use up log-ins
    as_alice = f"{visitor}; sessionid={signed_in.cookies['sessionid'].value}"
    run_form = goldfish_form_data("fftcg", games="100") | {"csrfmiddlewaretoken": csrf}
    goldfish = f"/d/{deck.share_id}/goldfish/"
    signups = (f"player{i}" for i in itertools.count())

    def log_in() -> int:
        wrong = {"username": "alice", "password": "wrong", "csrfmiddlewaretoken": csrf}
        return next(alternately).request("/accounts/login/", wrong, visitor)[0]

    def sign_up() -> int:
        name = next(signups)
        form = {"username": name, "password1": "a-long-pass-9x", "password2": "a-long-pass-9x"}
        return next(alternately).request("/accounts/signup/", form | {"csrfmiddlewaretoken": csrf}, visitor)[
            0
        ]

    def start_run() -> int:
        return next(alternately).request(goldfish, run_form, as_alice)[0]

    # Half of each allowance, spread over both processes.
    assert [log_in() for _ in range(6)] == [200] * 6  # the form again, "wrong password"
    assert [sign_up() for _ in range(3)] == [302] * 3  # an account made, its owner sent on
    assert [start_run() for _ in range(2)] == [302] * 2  # to the run's page

    # The fill, both processes at once: thousands of made-up query strings, and hundreds of sample hands
    # (real, distinct pages: more than a local-memory cache holds).
    def fill(site: Site) -> list[int]:
        junk = [site.request(f"/d/{deck.share_id}/?utm_campaign={i}")[0] for i in range(JUNK_PER_PROCESS)]
        hands = [site.request(f"/d/{deck.share_id}/?seed={seed}")[0] for seed in range(SEEDS_PER_PROCESS)]
        return junk + hands

    with ThreadPoolExecutor(2) as pool:
        assert [set(statuses) for statuses in pool.map(fill, two_sites)] == [{200}, {200}]

    # The rest of each allowance, then refusals from either process.
    assert [log_in() for _ in range(4)] == [200] * 4
    assert [log_in() for _ in range(2)] == [429] * 2
    assert [sign_up() for _ in range(2)] == [302] * 2
    assert [sign_up() for _ in range(2)] == [429] * 2
    assert User.objects.filter(username__startswith="player").count() == 5
    assert start_run() == 302
    assert [start_run() for _ in range(2)] == [429] * 2
    assert deck.simulation_runs.count() == 3
