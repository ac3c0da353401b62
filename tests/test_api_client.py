"""A client generated from the API's schema drives the whole workflow (issue 39, "Must show").

openapi-python-client (a maintained generator, requirements-dev.in) makes the package `tcg_client` from
/api/v1/openapi.json as the live server serves it, without a warning; mypy --strict checks
tests/api_client/workflow.py against it (create, import text, set cards, legality, odds, run, poll,
versions, diff, restore, compare, export, fork, delete); then the script runs against the live server, a
real worker playing its goldfish run, and what it saw is checked here.
"""

from __future__ import annotations

import json
import os
import subprocess
import sys
import urllib.request
from pathlib import Path

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command

from decks.api.auth import create_token
from decks.models import Deck

pytestmark = [pytest.mark.slow, pytest.mark.worker]

WORKFLOW = Path(__file__).parent / "api_client" / "workflow.py"
BIN = Path(sys.executable).parent  # openapi-python-client, and ruff, which it formats the client with
# The script is checked strictly, with the client's types; the generator's own client.py, whose context
# managers mypy faults, is not ours to fix.
MYPY_INI = "[mypy]\nstrict = True\nfollow_imports = silent\n"


def generate_client(schema_url: str, where: Path) -> None:
    (where / "openapi.json").write_bytes(urllib.request.urlopen(schema_url).read())
    generated = subprocess.run(
        [BIN / "openapi-python-client", "generate", "--path", "openapi.json", "--output-path", "tcg_client",
         "--meta", "none"],
        cwd=where, env={**os.environ, "PATH": f"{BIN}{os.pathsep}{os.environ['PATH']}"},
        capture_output=True, text=True, timeout=300,
    )  # fmt: skip
    said = generated.stdout + generated.stderr
    assert generated.returncode == 0, said
    assert "warning" not in said.lower() and "error" not in said.lower(), said


def type_check(script: Path) -> subprocess.CompletedProcess[str]:
    (script.parent / "mypy.ini").write_text(MYPY_INI)
    return subprocess.run(
        [sys.executable, "-m", "mypy", "--config-file", "mypy.ini", "--cache-dir", ".mypy", script.name],
        cwd=script.parent, capture_output=True, text=True, timeout=600,
    )  # fmt: skip


def test_a_generated_client_type_checks_and_runs_the_whole_workflow(
    live_server, live_worker, settings, tmp_path
) -> None:
    settings.RATE_LIMITS = {}
    call_command("loadsamples", verbosity=0)
    _, key = create_token(User.objects.create_user("client"), "generated client")
    generate_client(f"{live_server.url}/api/v1/openapi.json", tmp_path)

    script = tmp_path / "workflow.py"
    script.write_text(WORKFLOW.read_text())
    checked = type_check(script)
    assert checked.returncode == 0, checked.stdout + checked.stderr
    # The check bites: a run's old `games` field, gone from v1, is a type error against this client.
    wrong = tmp_path / "wrong.py"
    wrong.write_text(WORKFLOW.read_text().replace("run.games_total", "run.games"))
    assert 'has no attribute "games"' in type_check(wrong).stdout

    ran = subprocess.run(
        [sys.executable, script.name, live_server.url, key],  # the schema's paths start /api/v1
        cwd=tmp_path, capture_output=True, text=True, timeout=900,
    )  # fmt: skip
    assert ran.returncode == 0, ran.stdout + ran.stderr + live_worker.log_text()[-3000:]
    seen = json.loads(ran.stdout)

    sample = Deck.objects.get(share_id=seen["sample"])
    assert sample.owner is None and sample.game_id == "fftcg"
    assert (seen["imported_version"], seen["import_problems"]) == (2, 0)  # version 1: the empty deck
    assert seen["edited"] == [3, True, False]
    assert seen["legal"] is False  # one card fewer than the sample's 50
    assert seen["odds_turns"] == [0, 1, 2, 3]
    assert seen["run"] == ["done", 200, 200, 200, "client"]
    assert seen["runs_listed"] == 1
    assert seen["versions"] == [3, 2, 1]
    dropped = sample.entries.get(section="main", card__number=seen["dropped"])
    assert seen["diff"] == [[seen["dropped"], dropped.count, 0]]
    assert seen["restored"] == [4, 2]
    assert seen["compared"] == [4, 3]
    sections = seen["file_sections"]
    assert sections == {s: sample.entries.filter(section=s).count() for s in sections}
    assert seen["forked_from"] == sample.share_id
    assert Deck.with_deleted.get(share_id=seen["deleted"]).deleted_at is not None
    assert seen["gone"].startswith(f"No deck '{seen['deleted']}'")
