"""Every form of the site, filled with generated junk, never gets a server error.

The forms are found as a browser finds them: each page below is fetched as its owner, a visitor or
staff, and every `<form method="post">` on it (and every htmx `hx-post`) is submitted with values that
hypothesis draws for its fields: empty, huge numbers, long or odd unicode text, deeply nested JSON,
and the values the page itself offered. A 4xx or a page that says what is wrong is fine; a 500 is not.
"""

from __future__ import annotations

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

JUNK = st.one_of(
    st.just(""),
    st.text(max_size=40),
    st.text(alphabet=st.characters(codec="utf-8"), min_size=200, max_size=3000),
    st.integers(min_value=-(2**70), max_value=2**70).map(str),
    st.floats(allow_nan=True, allow_infinity=True).map(str),
    st.sampled_from(
        ["{", "[" * 5000, '{"game": "fftcg", "sections": ' + "[" * 50_000, "\x00", "1e999", "-1", "0"]
    ),
)


class _Forms(HTMLParser):
    """Each POST form of a page as (action, {field name: offered value}), htmx posts included."""

    def __init__(self, url: str) -> None:
        super().__init__()
        self.url = url
        self.forms: list[tuple[str, dict[str, str]]] = []
        self._open: dict[str, str] | None = None

    def handle_starttag(self, tag: str, attrs: list[tuple[str, str | None]]) -> None:
        a = {k: v or "" for k, v in attrs}
        if tag == "form" and (a.get("method", "").lower() == "post" or "hx-post" in a):
            self._open = {}
            self.forms.append((a.get("hx-post") or a.get("action") or self.url, self._open))
        elif tag in ("input", "select", "textarea") and self._open is not None and a.get("name"):
            self._open.setdefault(a["name"], a.get("value", ""))
        elif tag == "button" and "hx-post" in a:
            self.forms.append((a["hx-post"], {a.get("name", "x"): a.get("value", "")}))

    def handle_endtag(self, tag: str) -> None:
        if tag == "form":
            self._open = None


def forms_on(client: Client, url: str) -> list[tuple[str, dict[str, str]]]:
    response = client.get(url)
    assert response.status_code == 200, url
    parser = _Forms(url)
    parser.feed(response.content.decode())
    return [(action, fields) for action, fields in parser.forms if "logout" not in action]


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
    return {
        "owner": owner,
        "forms": list(forms.values()),
        "keys": list(forms),
        "visitor_forms": visitor_forms,
    }


def test_the_site_has_forms_to_fuzz(site) -> None:
    actions = {action for action, _ in site["keys"]}
    assert any("/goldfish/" in a for a in actions)
    assert any("/decks/new/" in a for a in actions)
    assert any(a.endswith("/import") for a in actions)
    assert len(site["forms"]) >= 15


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
            name: data.draw(st.one_of(st.just(value), JUNK), label=name) for name, value in offered.items()
        }
        htmx = data.draw(st.booleans(), label="htmx")
        response = client.post(action, values, headers={"HX-Request": "true"} if htmx else {})
        assert response.status_code < 500, (action, values)

    fuzz()
