"""The README's Production section, run on this machine against its PostgreSQL and Redis: the proof that
a fresh install from requirements.txt alone serves the site and plays a goldfish run (.ci/run runs it
before the tests; an operator may run it too).

As an operator would, with everything in a temporary folder that is removed at the end:
1. copies this checkout (the files git tracks or would add) as a fresh checkout (see --in-place);
2. writes a settings file naming every variable the README's settings file names, for this machine:
   DEBUG=false, a new SECRET_KEY, PostgreSQL database `smoke` (made afresh), Redis as broker (db 0) and
   cache (db 1) under the key prefix `smoke` (so a test run on the same Redis is not disturbed);
3. runs the README's set-up script (a new virtualenv from requirements.txt alone, check --deploy,
   migrate, collectstatic, loadsamples, the simulators compiled) with its two paths, /srv/tcgsite and
   /etc/tcgsite.env, replaced by the temporary ones;
4. starts the ExecStart commands of the README's two systemd units: gunicorn and a Celery worker;
5. acts as a visitor behind the https proxy the settings assume (X-Forwarded-Proto and -For): waits for
   /healthz to answer 200 with a worker alive, signs up, forks the FFTCG sample deck, posts its goldfish
   form with one game (CSRF token and all), and reads the run's page until it shows the kill-turn table.
Each step is timed and bounded; a failure names the step and prints the logs, and exits 1.

With --in-place, step 1 uses this checkout itself, which must be a fresh one (CI's clone): the set-up
script's virtualenv is ./venv (ignored by git), and the simulators it compiles land in Numba's cache here,
where the tests then load them instead of compiling all four again (about 2 minutes of CPU).

Usage: bin/production_smoke.py [--in-place] (Python 3.12 or newer, which the virtualenv is made with;
needs dropdb and createdb, PostgreSQL as user postgres and Redis on 127.0.0.1).
"""

import html.parser
import http.client
import http.cookies
import os
import re
import secrets
import shutil
import signal
import socket
import subprocess
import sys
import tempfile
import time
from contextlib import contextmanager, suppress
from pathlib import Path
from urllib.parse import urlencode, urljoin, urlsplit

REPO = Path(__file__).resolve().parent.parent
README_CHECKOUT, README_SETTINGS = "/srv/tcgsite", "/etc/tcgsite.env"  # the paths the README names
SAMPLE_DECK = "Sample Wind/Earth deck"  # FFTCG's, made by loadsamples
SET_UP_SECONDS = 1200  # a pip install without its cache and four simulators compiled take minutes
START_SECONDS = 90
RUN_SECONDS = 300
STOP_SECONDS = 60  # the units' TimeoutStopSec


class SmokeFailed(Exception):
    pass


def production_section() -> str:
    readme = (REPO / "README.md").read_text()
    found = re.search(r"^## Production\n(.*?)(?=^## )", readme, re.M | re.S)
    if not found:
        raise SmokeFailed("README.md has no '## Production' section")
    return found.group(1)


def code_blocks(section: str, language: str) -> list[str]:
    return re.findall(rf"^```{language}\n(.*?)^```", section, re.M | re.S)


def readme_parts(section: str) -> tuple[list[str], str, dict[str, str]]:
    """The settings file's variable names, the set-up script, and each unit's ExecStart by file name."""
    settings_file = [b for b in code_blocks(section, "sh") if b.startswith(f"# {README_SETTINGS}")]
    set_up = [b for b in code_blocks(section, "sh") if b.startswith(f"cd {README_CHECKOUT}\n")]
    units = {}
    for block in code_blocks(section, "ini"):
        name = re.match(r"# /etc/systemd/system/(\S+)\.service\n", block)
        command = re.search(r"^ExecStart=(.*)$", block, re.M)
        if name and command:
            units[name.group(1)] = command.group(1)
    if len(settings_file) != 1 or len(set_up) != 1 or sorted(units) != ["tcgsite-web", "tcgsite-worker"]:
        raise SmokeFailed(
            "README's Production section should hold one settings file block starting "
            f"'# {README_SETTINGS}', one set-up script starting 'cd {README_CHECKOUT}' and the units "
            "tcgsite-web and tcgsite-worker"
        )
    names = re.findall(r"^([A-Z][A-Z0-9_]*)=", settings_file[0], re.M)
    return names, set_up[0], units


def unit_command(exec_start: str, settings: dict[str, str]) -> list[str]:
    """The words of a unit's ExecStart as systemd runs it: each ${NAME} from the settings file in as one
    word."""
    return [re.sub(r"\$\{(\w+)\}", lambda m: settings[m[1]], word) for word in exec_start.split()]


def free_port() -> int:
    with socket.socket() as s:
        s.bind(("127.0.0.1", 0))
        return s.getsockname()[1]


def smoke_settings(port: int) -> dict[str, str]:
    return {
        "DEBUG": "false",
        "SECRET_KEY": secrets.token_hex(32),
        "ALLOWED_HOSTS": "127.0.0.1",
        "CSRF_TRUSTED_ORIGINS": f"https://127.0.0.1:{port}",
        "SECURE_PROXY_SSL_HEADER": "true",
        "RATE_LIMIT_PROXIES": "1",
        "DATABASE_URL": "postgres://postgres@127.0.0.1:5432/smoke",
        "CELERY_BROKER_URL": "redis://127.0.0.1:6379/0",
        "CELERY_BROKER_KEY_PREFIX": "smoke:",
        "CACHE_URL": "redis://127.0.0.1:6379/1",
        "CACHE_KEY_PREFIX": "smoke",
        "PORT": str(port),
        "WEB_CONCURRENCY": "2",
        "WORKER_CONCURRENCY": "2",
        "GOLDFISH_WORKER_PROCESSES": "2",
    }


def copy_checkout(target: Path) -> None:
    """The files git tracks or would add, as they are in the work tree (uncommitted changes included)."""
    listed = subprocess.run(
        ["git", "ls-files", "-z", "--cached", "--others", "--exclude-standard"],
        cwd=REPO, check=True, capture_output=True, text=True,
    ).stdout.split("\0")  # fmt: skip
    for name in filter(None, listed):
        source = REPO / name
        if source.is_file():
            (target / name).parent.mkdir(parents=True, exist_ok=True)
            shutil.copy2(source, target / name)


@contextmanager
def step(name: str, timings: list[tuple[str, float]]):
    print(f"--- {name}", flush=True)
    started = time.monotonic()
    yield
    timings.append((name, time.monotonic() - started))
    print(f"    {timings[-1][1]:.1f} s", flush=True)


class Forms(html.parser.HTMLParser):
    """Each form's action and the values it would submit untouched; each link's text and address."""

    def __init__(self, page: str) -> None:
        super().__init__()
        self.forms: list[tuple[str, dict[str, str]]] = []
        self.links: dict[str, str] = {}
        self._select: str | None = None
        self._link: str | None = None
        self.feed(page)

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form":
            self.forms.append((a.get("action", ""), {}))
        elif tag == "a":
            self._link = a.get("href")
        elif self.forms:
            self._field(tag, a, self.forms[-1][1])

    def _field(self, tag: str, a: dict[str, str], values: dict[str, str]) -> None:
        """What a browser sends: a field's value, a box's only if checked, a list's selected option (or
        its first)."""
        name, box = a.get("name"), a.get("type") in ("checkbox", "radio")
        if tag == "select":
            self._select = name
        elif tag == "option" and self._select and (self._select not in values or "selected" in a):
            values[self._select] = a.get("value", "")
        elif tag == "input" and name and (not box or "checked" in a):
            values[name] = a.get("value", "on")

    def handle_endtag(self, tag: str) -> None:
        if tag == "select":
            self._select = None
        elif tag == "a":
            self._link = None

    def handle_data(self, data: str) -> None:
        if self._link and data.strip():
            self.links[data.strip()] = self._link


class Visitor:
    """A browser behind the site's https proxy: keeps cookies, sends the proxy's headers and, with each
    POST, the Origin Django's CSRF check compares."""

    def __init__(self, port: int) -> None:
        self.port = port
        self.origin = f"https://127.0.0.1:{port}"
        self.cookies: dict[str, str] = {}

    def request(self, method: str, path: str, form: dict[str, str] | None = None) -> tuple[int, str, str]:
        """Status, body and the address it ended at, following redirects as a browser does."""
        for _ in range(5):
            headers = {
                "Host": f"127.0.0.1:{self.port}",
                "X-Forwarded-Proto": "https",
                "X-Forwarded-For": "127.0.0.1",
                "Cookie": "; ".join(f"{k}={v}" for k, v in self.cookies.items()),
            }
            body = None
            if form is not None:
                headers |= {"Origin": self.origin, "Content-Type": "application/x-www-form-urlencoded"}
                body = urlencode(form)
            connection = http.client.HTTPConnection("127.0.0.1", self.port, timeout=30)
            connection.request(method, path, body=body, headers=headers)
            response = connection.getresponse()
            text = response.read().decode()
            for header in response.headers.get_all("Set-Cookie") or []:
                self.cookies |= {k: m.value for k, m in http.cookies.SimpleCookie(header).items()}
            connection.close()
            if response.status not in (301, 302, 303):
                return response.status, text, path
            location = urlsplit(urljoin(self.origin + path, response.headers["Location"]))
            method, path, form = "GET", location.path + (f"?{location.query}" if location.query else ""), None
        raise SmokeFailed(f"too many redirects, at {path}")

    def page(self, path: str) -> str:
        status, text, _ = self.request("GET", path)
        if status != 200:
            raise SmokeFailed(f"GET {path}: HTTP {status}\n{text[:2000]}")
        return text

    def submit(self, path: str, action_pattern: str, fields: dict[str, str]) -> str:
        """Fills the form of the page at `path` whose action matches and posts it; the address it ends at."""
        forms = [(a, values) for a, values in Forms(self.page(path)).forms if re.search(action_pattern, a)]
        if not forms:
            raise SmokeFailed(f"no form with an action like {action_pattern!r} on {path}")
        action, values = forms[0]
        target = urljoin(path, action)
        status, text, ended = self.request("POST", target, values | fields)
        if status != 200:
            raise SmokeFailed(f"POST {target}: HTTP {status}\n{text[:2000]}")
        return ended


def wait_for(what: str, seconds: float, check, services: dict[str, subprocess.Popen]):
    """Calls `check` every half second until it returns something true; fails if a service exits."""
    deadline = time.monotonic() + seconds
    while time.monotonic() < deadline:
        for name, process in services.items():
            if process.poll() is not None:
                raise SmokeFailed(f"{name} exited with {process.returncode} while waiting for {what}")
        try:
            found = check()
        except (OSError, http.client.HTTPException):
            found = None  # not listening yet
        if found:
            return found
        time.sleep(0.5)
    raise SmokeFailed(f"no {what} within {seconds:.0f} s")


def goldfish_run(visitor: Visitor, services: dict[str, subprocess.Popen]) -> str:
    visitor.submit("/accounts/signup/", "signup", {
        "username": "smoke", "password1": "a long smoke password", "password2": "a long smoke password",
    })  # fmt: skip
    sample = Forms(visitor.page("/decks/public/")).links.get(SAMPLE_DECK)
    if not sample:
        raise SmokeFailed(f"no link to {SAMPLE_DECK!r} on /decks/public/")
    deck = visitor.submit(urljoin(sample, "fork"), "/fork$", {})
    run = visitor.submit(urljoin(deck, "goldfish/"), "^$", {"games": "1", "order": "first"})
    if not re.fullmatch(r"/d/[^/]+/goldfish/\d+/", run):
        raise SmokeFailed(f"the goldfish form led to {run}, not a run's page")

    def result() -> str | None:
        page = visitor.page(run)
        if "The run failed" in page:
            raise SmokeFailed(f"{run}: {re.search(r'The run failed[^<]*', page).group()}")
        return page if 'class="kill-table"' in page else None

    page = wait_for(f"kill-turn table on {run}", RUN_SECONDS, result, services)
    table = re.search(r'<table class="kill-table">.*?</table>', page, re.S).group()
    return re.sub(r"\s+", " ", re.sub(r"<[^>]+>", " ", table)).strip()


def run_smoke(temporary: Path, timings: list[tuple[str, float]], in_place: bool) -> None:
    names, set_up, units = readme_parts(production_section())
    port = free_port()
    settings = smoke_settings(port)
    missing = sorted(set(names) - set(settings))
    if missing:
        raise SmokeFailed(f"README's settings file names variables the smoke does not set: {missing}")
    checkout = REPO if in_place else temporary / "tcgsite"
    settings_file, logs = temporary / "tcgsite.env", temporary / "logs"
    logs.mkdir()
    settings_file.write_text("".join(f"{k}={v}\n" for k, v in settings.items()))
    # `python3` in the README is this Python (3.12 or newer), whatever python3 is on the PATH.
    (temporary / "bin").mkdir()
    (temporary / "bin" / "python3").symlink_to(sys.executable)
    env = os.environ | {"PATH": f"{temporary / 'bin'}{os.pathsep}{os.environ['PATH']}"}
    for name in ("DJANGO_SETTINGS_MODULE", "VIRTUAL_ENV", *settings):
        env.pop(name, None)  # only the settings file speaks, as under systemd

    def localised(text: str) -> str:
        return text.replace(README_CHECKOUT, str(checkout)).replace(README_SETTINGS, str(settings_file))

    with step("a fresh checkout and database `smoke`", timings):
        if not in_place:
            copy_checkout(checkout)
        for command in (["dropdb", "--if-exists", "--force"], ["createdb"]):
            subprocess.run([*command, "-h", "127.0.0.1", "-U", "postgres", "smoke"], check=True)
    with step("README's set-up script: install from requirements.txt alone, check --deploy, ...", timings):
        script = subprocess.Popen(
            # Each line is echoed with the seconds since the start (bash run as root ignores PS4 from the
            # environment).
            ["bash", "-c", "PS4='+ ${SECONDS}s: '\nset -euxo pipefail\n" + localised(set_up)],
            cwd=temporary, env=env, stdin=subprocess.DEVNULL, start_new_session=True,
        )  # fmt: skip
        try:
            script.wait(timeout=SET_UP_SECONDS)
        except subprocess.TimeoutExpired:
            os.killpg(script.pid, signal.SIGKILL)
            raise SmokeFailed(f"README's set-up script did not end within {SET_UP_SECONDS} s") from None
        if script.returncode:
            raise SmokeFailed(f"README's set-up script exited with {script.returncode}")
    python = checkout / "venv" / "bin" / "python"
    subprocess.run([python, "-m", "pip", "check"], check=True)
    # Nothing left under the smoke's Redis prefixes by an earlier smoke that was stopped half-way.
    subprocess.run([python, "-c", (
        "import redis\n"
        "for db, prefix in ((0, 'smoke:'), (1, 'smoke:')):\n"
        "    r = redis.Redis(port=6379, db=db)\n"
        "    for key in r.scan_iter(prefix + '*'): r.delete(key)\n"
    )], check=True)  # fmt: skip

    services: dict[str, subprocess.Popen] = {}
    service_env = env | settings
    try:
        with step("the units' ExecStart: gunicorn and a Celery worker, until /healthz says 200", timings):
            for name, command in units.items():
                argv = unit_command(localised(command), settings)
                log = (logs / f"{name}.log").open("w")
                services[name] = subprocess.Popen(
                    argv, cwd=checkout, env=service_env, stdout=log, stderr=subprocess.STDOUT,
                    stdin=subprocess.DEVNULL, start_new_session=True,
                )  # fmt: skip
            visitor = Visitor(port)

            def healthy() -> str | None:
                status, text, _ = visitor.request("GET", "/healthz")
                return text if status == 200 else None

            print("    /healthz:", wait_for("HTTP 200 from /healthz", START_SECONDS, healthy, services))
        with step("a visitor signs up, forks the sample deck, runs 1 game and reads the result", timings):
            print("    kill turns:", goldfish_run(visitor, services))
        with step("both stopped as systemd stops them: TERM, a warm shutdown", timings):
            killed = stop(services)
            if killed:
                raise SmokeFailed(f"{', '.join(killed)} did not stop within {STOP_SECONDS} s of TERM")
    except SmokeFailed:
        for log in sorted(logs.iterdir()):
            print(f"--- the last lines of {log.name}:\n" + "\n".join(log.read_text().splitlines()[-40:]))
        raise
    finally:
        stop(services)


def stop(services: dict[str, subprocess.Popen]) -> list[str]:
    """TERM to each service's main process (the units' KillMode=mixed), then KILL to the process group of
    any still running after STOP_SECONDS; the names of those."""
    for process in services.values():
        if process.poll() is None:
            process.terminate()
    deadline, killed = time.monotonic() + STOP_SECONDS, []
    for name, process in services.items():
        try:
            process.wait(timeout=max(0, deadline - time.monotonic()))
        except subprocess.TimeoutExpired:
            killed.append(name)
        with suppress(ProcessLookupError):
            os.killpg(process.pid, signal.SIGKILL)  # whatever of its group is left, as systemd does
        process.wait()
    return killed


def main() -> int:
    timings: list[tuple[str, float]] = []
    started = time.monotonic()
    with tempfile.TemporaryDirectory(prefix="tcgsite-smoke-") as temporary:
        try:
            run_smoke(Path(temporary), timings, in_place="--in-place" in sys.argv[1:])
        except (SmokeFailed, subprocess.SubprocessError) as e:
            print(f"PRODUCTION SMOKE FAILED after {time.monotonic() - started:.0f} s: {e}", file=sys.stderr)
            return 1
    print(f"Production smoke passed in {time.monotonic() - started:.0f} s:")
    for name, seconds in timings:
        print(f"  {seconds:6.1f} s  {name}")
    return 0


if __name__ == "__main__":
    sys.exit(main())
