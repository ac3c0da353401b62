"""Every form of the site, filled with generated junk, never gets a server error.

The forms are found as a browser finds them: each page below is fetched as its owner, a visitor or
staff, and every `<form method="post">` on it (and every htmx `hx-post`) is submitted with values that
hypothesis draws for its fields: empty, huge numbers, long or odd unicode text, deeply nested JSON,
and the values the page itself offered. The search forms (`<form method="get">`: the card browsers'
filters, the deck lists and the deck search) are sent the same way. Issue 31 adds integers past every
database's (and past Python's 4,300 digits), deck files whose every part may be of the wrong type, and
long runs of whitespace. A 4xx or a page that says what is wrong is fine; a 500 is not.
"""

from __future__ import annotations

import json
import os
from html.parser import HTMLParser
from typing import Any

import pytest
from django.contrib.auth.models import User
from django.core.management import call_command
from django.test import Client
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st

from decks.builder import services
from decks.goldfish import runs
from decks.models import Deck

pytestmark = pytest.mark.slow  # it tries every form (or API operation) with many generated inputs

MAX_EXAMPLES = int(os.environ.get("FORM_FUZZ_EXAMPLES", "15"))

# Integers past SQLite's and PostgreSQL's 64 bits, and past the digits Python converts (4,300).
PAST_64_BITS = [2**63, -(2**63) - 1, 2**64, 10**30]
HUGE_INTEGERS = st.one_of(
    st.sampled_from(PAST_64_BITS).map(str),
    st.integers(min_value=4_301, max_value=6_000).map(lambda n: "9" * n),
    st.integers(min_value=4_301, max_value=6_000).map(lambda n: "-" + "9" * n),
)

# Deck files whose parts are of any JSON type: the game, the format, the sections, an entry, a card.
_ANY_JSON = st.recursive(
    st.none() | st.booleans() | st.integers() | st.floats() | st.text(max_size=10),
    lambda inner: st.lists(inner, max_size=3) | st.dictionaries(st.text(max_size=6), inner, max_size=3),
    max_leaves=8,
)
_GAME = st.sampled_from(["fftcg", "dbsfw", "gbf", "fireforce", "magic", [], {}, ["fftcg"], None]) | _ANY_JSON
_ENTRY = st.fixed_dictionaries(
    {
        "card": st.sampled_from(["FX-001C", "FZ00-001", "SX01-001C", "ZF1-001", "77-001H", "FF99/001"])
        | _ANY_JSON,
        "count": st.integers(min_value=-5, max_value=120) | st.sampled_from(PAST_64_BITS) | _ANY_JSON,
    }
)
_PROBE_CARD = {"name": "Not Stored", "type": "forward", "colors": ["fire"], "cost": 2}  # not in the database
TYPE_CONFUSED_DECK_FILES = st.fixed_dictionaries(
    {"game": _GAME, "sections": st.dictionaries(st.sampled_from(["main", "lb", "leader", "captain"]),
                                                st.lists(_ENTRY, max_size=3) | _ANY_JSON, max_size=2)
                                | _ANY_JSON},
    optional={"format": _ANY_JSON, "name": _ANY_JSON,
              "cards": st.just({"77-001H": _PROBE_CARD}) | st.dictionaries(st.text(max_size=8), _ANY_JSON)},
).map(json.dumps) | st.integers(min_value=4_301, max_value=6_000).map(
    lambda digits: '{"game": "fftcg", "sections": {"main": [{"card": "FX-001C", "count": '
    + "9" * digits + "}]}}"
)  # fmt: skip

# The shapes that made the decklist reader backtrack (issue 31, item 1), at the size the issue timed.
LONG_WHITESPACE = st.sampled_from([" ", "\t", "\u3000", " \t"]).flatmap(
    lambda space: st.sampled_from(
        [
            "a" + space * 40_000 + "b",
            "a (" + space * 40_000 + "x",
            "3" + space * 40_000 + "FX-001C",
            "\n".join(["x" + space * 200 + "y"] * 1_000),
            space * 40_000,
        ]
    )
)

JUNK = st.one_of(
    st.just(""),
    st.text(max_size=40),
    st.text(alphabet=st.characters(codec="utf-8"), min_size=200, max_size=3000),
    st.integers(min_value=-(2**70), max_value=2**70).map(str),
    HUGE_INTEGERS,
    st.floats(allow_nan=True, allow_infinity=True).map(str),
    st.sampled_from(
        ["{", "[" * 5000, '{"game": "fftcg", "sections": ' + "[" * 50_000, "\x00", "1e999", "-1", "0"]
    ),
)
# Issue 31's shapes, drawn as often as all the rest of the junk together.
HOSTILE = st.one_of(HUGE_INTEGERS, TYPE_CONFUSED_DECK_FILES, LONG_WHITESPACE)
VALUES = st.one_of(JUNK, HOSTILE)


class _Forms(HTMLParser):
    """Each POST form of a page as (action, {field name: offered value}), htmx posts included; each GET
    form (a search) likewise in `searches`."""

    def __init__(self, url: str) -> None:
        super().__init__()
        self.url = url
        self.forms: list[tuple[str, dict[str, str]]] = []
        self.searches: list[tuple[str, dict[str, str]]] = []
        self._open: dict[str, str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form" and (a.get("method", "").lower() == "post" or "hx-post" in a):
            self._open = {}
            self.forms.append((a.get("hx-post") or a.get("action") or self.url, self._open))
        elif tag == "form" and a.get("method", "get").lower() == "get":
            self._open = {}
            self.searches.append((a.get("hx-get") or a.get("action") or self.url, self._open))
        elif tag in ("input", "select", "textarea") and self._open is not None and a.get("name"):
            self._open.setdefault(a["name"], a.get("value", ""))
        elif tag == "button" and "hx-post" in a:
            self.forms.append((a["hx-post"], {a.get("name", "x"): a.get("value", "")}))

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self._open = None


def _parsed(client: Client, url: str) -> _Forms:
    response = client.get(url)
    assert response.status_code == 200, url
    parser = _Forms(url)
    parser.feed(response.content.decode())
    return parser


def forms_on(client: Client, url: str) -> list[tuple[str, dict[str, str]]]:
    return [(action, fields) for action, fields in _parsed(client, url).forms if "logout" not in action]


def searches_on(client: Client, url: str) -> list[tuple[str, dict[str, str]]]:
    return _parsed(client, url).searches


@pytest.fixture
def site(db, settings, monkeypatch) -> dict[str, Any]:
    settings.RATE_LIMITS = {}
    monkeypatch.setattr(
        "decks.goldfish.runs._send", lambda ids: None
    )  # no broker: runs are stored, not played
    call_command("loadsamples", verbosity=0)
    alice = User.objects.create_user("alice", password="a-long-password-1", is_staff=True, is_superuser=True)
    owner = Client()
    owner.force_login(alice)
    decks = {
        game: services.fork_deck(Deck.objects.get(game_id=game, owner__isnull=True), owner_id=alice.pk)
        for game in ("fftcg", "dbsfw", "gbf", "fireforce")
    }
    run = runs.enqueue_run(decks["fftcg"], games=10, goings=("first",), seed=1)
    pages = ["/", "/decks/mine/", "/accounts/api-keys/", "/imports/", "/maintain/gbf/new/"]
    for game, deck in decks.items():
        pages += [f"/d/{deck.share_id}/{tab}" for tab in ("", "settings", "goldfish/", "import")]
        pages += [f"/decks/new/{game}/", f"/cards/{game}/"]
    pages.append(f"/d/{decks['fftcg'].share_id}/goldfish/{run.pk}/")
    forms = {
        (action, tuple(sorted(fields))): fields for page in pages for action, fields in forms_on(owner, page)
    }
    visitor_pages = [
        "/accounts/signup/",
        "/accounts/login/",
        f"/d/{Deck.objects.filter(owner__isnull=True).first().share_id}/",
    ]
    visitor_forms = [f for page in visitor_pages for f in forms_on(Client(), page)]
    search_pages = [*pages, "/decks/public/", "/decks/search/"]
    searches = {
        (action, tuple(sorted(fields))): fields
        for page in search_pages
        for action, fields in searches_on(owner, page)
    }
    return {
        "owner": owner,
        "forms": list(forms.values()),
        "keys": list(forms),
        "visitor_forms": visitor_forms,
        "searches": [(action, fields) for (action, _), fields in searches.items()],
    }


def test_the_site_has_forms_to_fuzz(site) -> None:
    actions = {action for action, _ in site["keys"]}
    assert any("/goldfish/" in a for a in actions)
    assert any("/decks/new/" in a for a in actions)
    assert any(a.endswith("/import") for a in actions)
    assert len(site["forms"]) >= 15


def test_the_site_has_searches_to_fuzz(site) -> None:
    fields = {name for _, offered in site["searches"] for name in offered}
    actions = {action for action, _ in site["searches"]}
    assert {"power_min", "power_max", "cost_min", "cost_max", "card"} <= fields
    assert any(a.startswith("/cards/gbf/") for a in actions)
    assert any(a.startswith("/decks/search/") for a in actions)


def test_no_search_gives_a_server_error(site) -> None:
    """Every GET form (the card browsers' numeric filters among them) with junk in every field."""
    targets = site["searches"]

    @settings(
        max_examples=MAX_EXAMPLES * len(targets),
        deadline=None,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @given(data=st.data())
    def fuzz(data: st.DataObject) -> None:
        action, offered = data.draw(st.sampled_from(targets))
        # One or two fields junked, the others as offered: a search with any invalid field ignores all
        # of its filters, so junk everywhere would rarely reach the database.
        junked = data.draw(st.sets(st.sampled_from(sorted(offered)), min_size=1, max_size=2), label="junked")
        values = {name: data.draw(VALUES, label=name) if name in junked else v for name, v in offered.items()}
        response = site["owner"].get(action, values)
        assert response.status_code < 500, (action, {k: v[:80] for k, v in values.items()})

    fuzz()


def test_no_form_gives_a_server_error(site) -> None:
    owner = site["owner"]
    targets = [
        (owner, action, fields) for (action, _), fields in zip(site["keys"], site["forms"], strict=True)
    ]
    targets += [(Client(), action, fields) for action, fields in site["visitor_forms"]]

    @settings(
        max_examples=MAX_EXAMPLES * len(targets),
        deadline=None,
        phases=[Phase.generate],
        suppress_health_check=list(HealthCheck),
    )
    @given(data=st.data())
    def fuzz(data: st.DataObject) -> None:
        client, action, offered = data.draw(st.sampled_from(targets))
        values = {
            name: data.draw(st.one_of(st.just(value), VALUES), label=name) for name, value in offered.items()
        }
        htmx = data.draw(st.booleans(), label="htmx")
        response = client.post(action, values, headers={"HX-Request": "true"} if htmx else {})
        assert response.status_code < 500, (action, values)

    fuzz()
