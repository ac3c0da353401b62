"""Settings, all read from the environment (see README.md, "Configuration").

The defaults run on a bare checkout: SQLite and an embedded Celery broker, both files under var/.
"""

import os
from importlib.util import find_spec
from pathlib import Path

import dj_database_url
from django.utils.csp import CSP

from tcgsite.env import (
    broker_transport_options,
    cache_settings,
    env_bool,
    env_int,
    env_list,
    env_str,
    secret_key,
)

BASE_DIR = Path(__file__).resolve().parent.parent
VAR_DIR = BASE_DIR / "var"
# django-ninja's docs page and Swagger UI files, served from this site rather than a CDN
# (decks.api.docs). Found by path, not as an installed app, so that a command that has no use for the
# API does not import ninja and pydantic (0.1-0.3 s).
NINJA_DIR = Path(find_spec("ninja").origin).parent  # type: ignore[union-attr, arg-type]
VAR_DIR.mkdir(exist_ok=True)

DEBUG = env_bool("DEBUG", default=True)
SECRET_KEY = secret_key(DEBUG, VAR_DIR / "secret_key")
ALLOWED_HOSTS = env_list("ALLOWED_HOSTS", ["127.0.0.1", "localhost", "[::1]"] if DEBUG else [])
CSRF_TRUSTED_ORIGINS = env_list("CSRF_TRUSTED_ORIGINS", [])

INSTALLED_APPS = [
    "django.contrib.admin",
    "django.contrib.auth",
    "django.contrib.contenttypes",
    "django.contrib.sessions",
    "django.contrib.messages",
    "whitenoise.runserver_nostatic",
    "django.contrib.staticfiles",
    "django_htmx",
    "decks",
]

MIDDLEWARE = [
    "django.middleware.security.SecurityMiddleware",
    "django.middleware.csp.ContentSecurityPolicyMiddleware",
    "whitenoise.middleware.WhiteNoiseMiddleware",
    "django.contrib.sessions.middleware.SessionMiddleware",
    "django.middleware.common.CommonMiddleware",
    "django.middleware.csrf.CsrfViewMiddleware",
    "django.contrib.auth.middleware.AuthenticationMiddleware",
    "decks.web.security.RateLimitMiddleware",
    "django.contrib.messages.middleware.MessageMiddleware",
    "django.middleware.clickjacking.XFrameOptionsMiddleware",
    "django_htmx.middleware.HtmxMiddleware",
    "decks.web.navigation.RememberGameMiddleware",
]

ROOT_URLCONF = "tcgsite.urls"
WSGI_APPLICATION = "tcgsite.wsgi.application"

TEMPLATES = [
    {
        "BACKEND": "django.template.backends.django.DjangoTemplates",
        "DIRS": [BASE_DIR / "templates", NINJA_DIR / "templates"],
        "APP_DIRS": True,
        "OPTIONS": {
            "context_processors": [
                "django.template.context_processors.request",
                "django.contrib.auth.context_processors.auth",
                "django.contrib.messages.context_processors.messages",
                "django.template.context_processors.csp",
                "decks.web.navigation.menu_game",
            ],
        },
    },
]

# Database
DATABASES = {
    "default": dj_database_url.parse(
        env_str("DATABASE_URL", f"sqlite:///{VAR_DIR / 'db.sqlite3'}"),
        # Persistent connections: a new PostgreSQL connection per request halved the requests a web worker
        # served (README "Capacity"); the health check replaces one that broke between requests.
        conn_max_age=env_int("CONN_MAX_AGE", 60),
        conn_health_checks=True,
    )
}
if DATABASES["default"]["ENGINE"] == "django.db.backends.sqlite3":
    # The Celery worker is another process writing to the same file: wait for its lock, don't fail. A
    # transaction takes the write lock as it begins, so two that read then write queue up instead of one
    # failing ("database is locked"), and checks made inside one hold (decks.goldfish.runs._reserve_slot).
    # Write-ahead logging lets pages read while a writer holds the lock, and with synchronous=NORMAL a
    # commit (a rate-limit count on every limited POST) took 1.4 ms instead of 18.5 ms here; a power cut
    # can lose the last commits, never corrupt the file.
    DATABASES["default"]["OPTIONS"] = {
        "timeout": 20,
        "transaction_mode": "IMMEDIATE",
        "init_command": "PRAGMA journal_mode=WAL; PRAGMA synchronous=NORMAL;",
    }
    # A file, not memory, so that a worker started by the end-to-end tests can open the test database;
    # the process id keeps two test runs in one checkout apart.
    DATABASES["default"]["TEST"] = {"NAME": str(VAR_DIR / f"test-db-{os.getpid()}.sqlite3")}
else:
    DATABASES["default"]["TEST"] = {"NAME": f"test_{DATABASES['default']['NAME']}_{os.getpid()}"}

# Cache: Redis when CACHE_URL (or REDIS_URL) names one, else this process's memory. Pages are cached here.
_cache_url = env_str("CACHE_URL", "") or env_str("REDIS_URL", "")
CACHES = cache_settings(_cache_url, env_str("CACHE_KEY_PREFIX", "tcgsite"))
# Rate-limit counters must be shared by every process and beyond the reach of page traffic: in that Redis
# when there is one, else in the database (decks.web.security).
RATE_LIMIT_STORE = "cache" if _cache_url else "database"

DEFAULT_AUTO_FIELD = "django.db.models.BigAutoField"

LOGIN_URL = "decks:login"
LOGIN_REDIRECT_URL = "decks:my-decks"
LOGOUT_REDIRECT_URL = "decks:home"

AUTH_PASSWORD_VALIDATORS = [
    {"NAME": "django.contrib.auth.password_validation.UserAttributeSimilarityValidator"},
    {"NAME": "django.contrib.auth.password_validation.MinimumLengthValidator"},
    {"NAME": "django.contrib.auth.password_validation.CommonPasswordValidator"},
    {"NAME": "django.contrib.auth.password_validation.NumericPasswordValidator"},
]

LANGUAGE_CODE = "en-us"
TIME_ZONE = "UTC"
USE_I18N = True
USE_TZ = True

# Static files, served by whitenoise in production (collectstatic into STATIC_ROOT first).
STATIC_URL = "static/"
STATIC_ROOT = BASE_DIR / "staticfiles"
STATICFILES_DIRS = [BASE_DIR / "static", NINJA_DIR / "static"]
STORAGES = {
    "default": {"BACKEND": "django.core.files.storage.FileSystemStorage"},
    "staticfiles": {
        "BACKEND": "django.contrib.staticfiles.storage.StaticFilesStorage"
        if DEBUG
        else "whitenoise.storage.CompressedManifestStaticFilesStorage"
    },
}

# HTTPS. On by default when DEBUG is off; each can be turned off for a plain-http deployment.
SECURE_SSL_REDIRECT = env_bool("SECURE_SSL_REDIRECT", default=not DEBUG)
SESSION_COOKIE_SECURE = env_bool("SECURE_COOKIES", default=not DEBUG)
CSRF_COOKIE_SECURE = SESSION_COOKIE_SECURE
SECURE_HSTS_SECONDS = env_int("SECURE_HSTS_SECONDS", default=0 if DEBUG else 31_536_000)
SECURE_HSTS_INCLUDE_SUBDOMAINS = env_bool("SECURE_HSTS_INCLUDE_SUBDOMAINS", default=not DEBUG)
SECURE_HSTS_PRELOAD = env_bool("SECURE_HSTS_PRELOAD", default=not DEBUG)
if env_bool("SECURE_PROXY_SSL_HEADER", default=False):
    # Only behind a proxy that sets X-Forwarded-Proto itself and strips it from clients.
    SECURE_PROXY_SSL_HEADER = ("HTTP_X_FORWARDED_PROTO", "https")
# /healthz answers load balancers over plain http on the private network.
SECURE_REDIRECT_EXEMPT = [r"^healthz$"]

# Request sizes: a deck file is at most 2 MB (engine.deckfile.MAX_FILE_BYTES); nothing else is near.
DATA_UPLOAD_MAX_MEMORY_SIZE = 2_500_000
FILE_UPLOAD_MAX_MEMORY_SIZE = 2_500_000
DATA_UPLOAD_MAX_NUMBER_FIELDS = 2_000

# Content-Security-Policy: scripts and styles from this site only (htmx is a static file; a script that
# must be inline carries the request's nonce). Style attributes stay allowed: the odds table shades its
# cells with style="--p: ...", and Swagger UI sets some. Card images are the publisher's, over https.
# The deck picture (decks.builder.picture) draws frames from card data; with this on, it fetches each card's
# image from the publisher (only from these hosts, over https) and caches it under var/card-images/.
DECK_PICTURE_CARD_IMAGES = env_bool("DECK_PICTURE_CARD_IMAGES", default=False)
DECK_PICTURE_IMAGE_HOSTS = ("fftcg.cdn.sewest.net", "www.dbs-cardgame.com")

SECURE_CSP = {
    "default-src": [CSP.SELF],
    "script-src": [CSP.SELF, CSP.NONCE],
    "style-src": [CSP.SELF],
    "style-src-attr": [CSP.UNSAFE_INLINE],
    "img-src": [CSP.SELF, "https:", "data:"],
    "connect-src": [CSP.SELF],
    "object-src": [CSP.NONE],
    "base-uri": [CSP.NONE],
    "form-action": [CSP.SELF],
    "frame-ancestors": [CSP.NONE],
}
SECURE_CONTENT_TYPE_NOSNIFF = True
SECURE_REFERRER_POLICY = "same-origin"
X_FRAME_OPTIONS = "DENY"

# Rate limits (decks.web.security): "N/period" per client and scope. A client is an address for log-in and
# sign-up, else its API token or user, else its address.
RATE_LIMITS = {
    "login": env_str("RATE_LIMIT_LOGIN", "10/m"),
    # Accounts made per address; failed sign-ups count only against the attempts scope.
    "signup": env_str("RATE_LIMIT_SIGNUP", "5/h"),
    "signup_attempts": env_str("RATE_LIMIT_SIGNUP_ATTEMPTS", "30/h"),
    "api": env_str("RATE_LIMIT_API", "300/m"),
    # Runs started (a refused or invalid submit counts only against the attempts scope).
    "simulation": env_str("RATE_LIMIT_SIMULATION", "60/h"),
    "simulation_attempts": env_str("RATE_LIMIT_SIMULATION_ATTEMPTS", "300/h"),
    # Exact odds over many groups and turns cost up to about 2 s of CPU each (POST .../probabilities).
    "stats": env_str("RATE_LIMIT_STATS", "30/m"),
    # Making things, per user or (for visitors) per address: decks (new, fork, duplicate, API), imports,
    # API keys.
    "decks": env_str("RATE_LIMIT_DECKS", "100/h"),
    "imports": env_str("RATE_LIMIT_IMPORTS", "100/h"),
    "api_keys": env_str("RATE_LIMIT_API_KEYS", "20/h"),
    # Changes to a deck or its runs by its owner (cards, format, settings, restores, deletes), page or API.
    "edits": env_str("RATE_LIMIT_EDITS", "1000/h"),
}
# Proxies in front of the site that append to X-Forwarded-For; 0 trusts only REMOTE_ADDR.
RATE_LIMIT_PROXIES = env_int("RATE_LIMIT_PROXIES", default=0)

# Celery. No result backend: tasks write their state to our own rows.
CELERY_BROKER_URL = env_str("CELERY_BROKER_URL", f"sqla+sqlite:///{VAR_DIR / 'broker.sqlite3'}")
CELERY_BROKER_CONNECTION_RETRY_ON_STARTUP = True
CELERY_TASK_IGNORE_RESULT = True
CELERY_WORKER_PREFETCH_MULTIPLIER = 1
CELERY_WORKER_HIJACK_ROOT_LOGGER = False
CELERY_BROKER_TRANSPORT_OPTIONS = broker_transport_options(
    CELERY_BROKER_URL, env_str("CELERY_BROKER_KEY_PREFIX", "")
)
# How often a worker asks the embedded broker for new messages (tcgsite.broker); Redis pushes them.
EMBEDDED_BROKER_POLL_SECONDS = float(env_str("EMBEDDED_BROKER_POLL_SECONDS", "0.1"))

# Goldfish runs (decks.goldfish.runs): limits, and how runs are cut into chunks for the workers.
GOLDFISH_MAX_GAMES = env_int("GOLDFISH_MAX_GAMES", default=1_000_000)  # per play order
GOLDFISH_MAX_ACTIVE_RUNS = env_int("GOLDFISH_MAX_ACTIVE_RUNS", default=3)  # per user or visitor
GOLDFISH_WORKER_PROCESSES = env_int("GOLDFISH_WORKER_PROCESSES", default=2)  # across all machines
GOLDFISH_CHUNKS_PER_WORKER = env_int("GOLDFISH_CHUNKS_PER_WORKER", default=3)
GOLDFISH_MIN_CHUNK_SECONDS = float(env_str("GOLDFISH_MIN_CHUNK_SECONDS", "0.5"))
# A chunk whose worker has not reported for this long is sent again (a worker died, a message was lost).
GOLDFISH_STALL_SECONDS = env_int("GOLDFISH_STALL_SECONDS", default=30)
# A chunk sent this many times without finishing fails its run (a chunk that kills its worker each time).
GOLDFISH_MAX_ATTEMPTS = env_int("GOLDFISH_MAX_ATTEMPTS", default=3)
# Each worker writes a heartbeat this often and sends stalled chunks again; /healthz calls the workers
# down when the newest heartbeat is older than three of these.
WORKER_HEARTBEAT_SECONDS = env_int("WORKER_HEARTBEAT_SECONDS", default=10)

LOGGING = {
    "version": 1,
    "disable_existing_loggers": False,
    "handlers": {"console": {"class": "logging.StreamHandler"}},
    "root": {"handlers": ["console"], "level": env_str("LOG_LEVEL", "INFO")},
}
