import json
import subprocess
import sys

import pytest
from django.conf import settings
from django.core.exceptions import ImproperlyConfigured

from tcgsite.env import env_bool, env_int, env_list, secret_key


def read_settings(env: dict[str, str], *names: str) -> subprocess.CompletedProcess[str]:
    """Load tcgsite.settings in a fresh interpreter with env, printing the named settings as JSON."""
    code = (
        "import json; from django.conf import settings; "
        f"print(json.dumps({{n: getattr(settings, n) for n in {names!r}}}, default=str))"
    )
    clean = {"PATH": "/usr/bin:/bin", "DJANGO_SETTINGS_MODULE": "tcgsite.settings"}
    return subprocess.run(
        [sys.executable, "-c", code],
        env={**clean, **env},
        cwd=settings.BASE_DIR,
        capture_output=True,
        text=True,
        timeout=60,
    )


@pytest.mark.parametrize(
    ("value", "expected"),
    [("true", True), ("false", False), ("TRUE", True), ("", False), ("1", True), ("0", False),
     ("yes", True), ("No", False), ("on", True), ("OFF", False), (" true ", True)],
)  # fmt: skip
def test_env_bool_reads_the_usual_spellings(monkeypatch, value: str, expected: bool) -> None:
    monkeypatch.setenv("FLAG", value)
    assert env_bool("FLAG", default=False) is expected


@pytest.mark.parametrize("value", ["y", "2", "enabled", "tru", "-1"])
def test_env_bool_rejects_anything_else(monkeypatch, value: str) -> None:
    monkeypatch.setenv("FLAG", value)
    with pytest.raises(ImproperlyConfigured, match=f"FLAG must be true or false .*, not '{value}'"):
        env_bool("FLAG", default=False)


def test_env_bool_uses_the_default_when_unset(monkeypatch) -> None:
    monkeypatch.delenv("FLAG", raising=False)
    assert env_bool("FLAG", default=True) is True


def test_env_int_rejects_words(monkeypatch) -> None:
    monkeypatch.setenv("SECONDS", "a year")
    with pytest.raises(ImproperlyConfigured, match="SECONDS must be an integer"):
        env_int("SECONDS", default=0)


def test_env_list_splits_on_commas_and_drops_blanks(monkeypatch) -> None:
    monkeypatch.setenv("HOSTS", " example.com, ,www.example.com ")
    assert env_list("HOSTS", default=[]) == ["example.com", "www.example.com"]


def test_secret_key_is_required_when_debug_is_off(monkeypatch, tmp_path) -> None:
    monkeypatch.delenv("SECRET_KEY", raising=False)
    with pytest.raises(ImproperlyConfigured, match="SECRET_KEY must be set when DEBUG is false"):
        secret_key(debug=False, key_file=tmp_path / "secret_key")
    assert not (tmp_path / "secret_key").exists()


def test_secret_key_is_generated_once_for_local_runs(monkeypatch, tmp_path) -> None:
    monkeypatch.delenv("SECRET_KEY", raising=False)
    first = secret_key(debug=True, key_file=tmp_path / "secret_key")
    assert len(first) >= 50
    assert secret_key(debug=True, key_file=tmp_path / "secret_key") == first


def test_secret_key_from_the_environment_wins(monkeypatch, tmp_path) -> None:
    monkeypatch.setenv("SECRET_KEY", "from-the-environment")
    assert secret_key(debug=False, key_file=tmp_path / "secret_key") == "from-the-environment"


def test_settings_refuse_to_load_without_secret_key_when_debug_is_off() -> None:
    result = read_settings({"DEBUG": "false"}, "DEBUG")
    assert result.returncode != 0
    assert "SECRET_KEY must be set when DEBUG is false" in result.stderr


def test_settings_refuse_a_debug_value_that_is_no_boolean() -> None:
    result = read_settings({"DEBUG": "maybe"}, "DEBUG")
    assert result.returncode != 0
    assert "DEBUG must be true or false (or 1/0, yes/no, on/off), not 'maybe'" in result.stderr


@pytest.mark.parametrize(("value", "expected"), [("0", False), ("1", True), ("OFF", False)])
def test_settings_read_debug_0_and_1(value: str, expected: bool) -> None:
    result = read_settings({"DEBUG": value, "SECRET_KEY": "k" * 50}, "DEBUG")
    assert result.returncode == 0, result.stderr
    assert json.loads(result.stdout)["DEBUG"] is expected


def test_settings_read_database_url() -> None:
    result = read_settings({"DATABASE_URL": "postgres://deck:s3cret@db.example:5433/tcg"}, "DATABASES")
    assert result.returncode == 0, result.stderr
    database = json.loads(result.stdout)["DATABASES"]["default"]
    assert database["ENGINE"] == "django.db.backends.postgresql"
    assert (database["NAME"], database["USER"], database["PASSWORD"]) == ("tcg", "deck", "s3cret")
    assert (database["HOST"], database["PORT"]) == ("db.example", 5433)


def test_settings_default_to_sqlite_and_the_embedded_broker_under_var() -> None:
    result = read_settings({}, "DATABASES", "CELERY_BROKER_URL")
    assert result.returncode == 0, result.stderr
    loaded = json.loads(result.stdout)
    assert loaded["DATABASES"]["default"]["ENGINE"] == "django.db.backends.sqlite3"
    assert loaded["DATABASES"]["default"]["NAME"] == str(settings.BASE_DIR / "var" / "db.sqlite3")
    assert loaded["CELERY_BROKER_URL"] == f"sqla+sqlite:///{settings.BASE_DIR / 'var' / 'broker.sqlite3'}"


def test_production_settings_pass_the_deployment_checks() -> None:
    env = {
        "DEBUG": "false",
        "SECRET_KEY": "x" * 20 + "-production-secret-" + "y" * 20,
        "ALLOWED_HOSTS": "decks.example",
    }
    result = subprocess.run(
        [sys.executable, "manage.py", "check", "--deploy", "--fail-level", "WARNING"],
        env={"PATH": "/usr/bin:/bin", **env},
        cwd=settings.BASE_DIR,
        capture_output=True,
        text=True,
        timeout=60,
    )
    assert result.returncode == 0, result.stdout + result.stderr
    assert "System check identified no issues" in result.stdout
