"""Strict readers of settings from the environment.

A value that cannot be read raises ImproperlyConfigured naming the variable, so a typo in a deployment
stops the process at start-up instead of silently meaning "false".
"""

import os
import secrets
from pathlib import Path

from django.core.exceptions import ImproperlyConfigured


def env_str(name: str, default: str) -> str:
    return os.environ.get(name, default)


TRUE_WORDS = ("true", "1", "yes", "on")
FALSE_WORDS = ("false", "0", "no", "off")


def env_bool(name: str, default: bool) -> bool:
    """The usual spellings of a boolean, in any case: true/false, 1/0, yes/no, on/off."""
    value = os.environ.get(name)
    if value is None or value.strip() == "":
        return default
    word = value.strip().lower()
    if word in TRUE_WORDS:
        return True
    if word in FALSE_WORDS:
        return False
    raise ImproperlyConfigured(f"{name} must be true or false (or 1/0, yes/no, on/off), not {value!r}")


def env_int(name: str, default: int) -> int:
    value = os.environ.get(name)
    if value is None or value == "":
        return default
    try:
        return int(value)
    except ValueError:
        raise ImproperlyConfigured(f"{name} must be an integer, not {value!r}") from None


def env_list(name: str, default: list[str]) -> list[str]:
    """A comma-separated list; blanks around items and empty items are dropped."""
    value = os.environ.get(name)
    if value is None:
        return default
    return [item.strip() for item in value.split(",") if item.strip()]


def secret_key(debug: bool, key_file: Path) -> str:
    """SECRET_KEY from the environment; for local runs only, one generated once into key_file.

    With DEBUG off the environment must provide it: a key sitting in a file next to the code is not a
    production secret.
    """
    value = os.environ.get("SECRET_KEY", "")
    if value:
        return value
    if not debug:
        raise ImproperlyConfigured("SECRET_KEY must be set when DEBUG is false")
    if not key_file.exists():
        key_file.parent.mkdir(parents=True, exist_ok=True)
        key_file.write_text(secrets.token_urlsafe(50))
        key_file.chmod(0o600)
    return key_file.read_text().strip()


def broker_transport_options(broker_url: str, key_prefix: str) -> dict[str, object]:
    """Celery's broker_transport_options for a broker URL.

    Only Redis gets any: the embedded (SQLAlchemy) transport hands its options to create_engine(), which
    rejects unknown ones.
    """
    if not broker_url.startswith(("redis://", "rediss://")):
        return {}
    return {
        # Several deployments (or test runs) can share one Redis server, each under its own prefix.
        "global_keyprefix": key_prefix,
        "socket_connect_timeout": 5,
    }


def cache_settings(url: str, key_prefix: str) -> dict[str, dict[str, object]]:
    """Django's CACHES: Redis for a redis:// or rediss:// URL, this process's memory for none."""
    if not url:
        return {"default": {"BACKEND": "django.core.cache.backends.locmem.LocMemCache"}}
    if not url.startswith(("redis://", "rediss://")):
        raise ImproperlyConfigured(f"CACHE_URL must be a redis:// URL, not {url!r}")
    return {
        "default": {
            "BACKEND": "django.core.cache.backends.redis.RedisCache",
            "LOCATION": url,
            "KEY_PREFIX": key_prefix,
        }
    }
