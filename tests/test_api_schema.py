"""Schemathesis against the API's own OpenAPI schema: generated and mutated requests to every operation
must never get a server error, nor an answer (status, content type, body) the schema does not describe.

The budget is small (MAX_EXAMPLES per operation, no shrinking-heavy phases) so the suite stays fast;
raise it locally with SCHEMATHESIS_EXAMPLES=500 for a longer hunt.
"""

from __future__ import annotations

import os
from collections.abc import Iterator
from typing import Any

import pytest
import schemathesis
from django.contrib.auth.models import User
from django.core.handlers.wsgi import WSGIHandler
from django.core.management import call_command
from django.core.signals import request_finished, request_started
from django.db import close_old_connections
from hypothesis import HealthCheck, Phase, given, settings
from hypothesis import strategies as st
from schemathesis.generation.modes import GenerationMode
from schemathesis.specs.openapi.checks import (
    content_type_conformance,
    negative_data_rejection,
    response_headers_conformance,
    response_schema_conformance,
    status_code_conformance,
)

from decks.api.auth import create_token
from decks.api.views import api
from decks.goldfish import runs
from decks.models import Deck

pytestmark = pytest.mark.slow  # it tries every form (or API operation) with many generated inputs

MAX_EXAMPLES = int(os.environ.get("SCHEMATHESIS_EXAMPLES", "25"))
CHECKS = [
    schemathesis.checks.not_a_server_error,
    status_code_conformance,
    content_type_conformance,
    response_headers_conformance,
    response_schema_conformance,
    negative_data_rejection,
]


@pytest.fixture
def wsgi_app() -> Iterator[WSGIHandler]:
    """The site as gunicorn runs it, except that a request leaves the database connection open:
    the test's transaction lives on it (Django's test client does the same)."""
    request_started.disconnect(close_old_connections)
    request_finished.disconnect(close_old_connections)
    try:
        yield WSGIHandler()
    finally:
        request_started.connect(close_old_connections)
        request_finished.connect(close_old_connections)


@pytest.fixture
def api_schema(db, django_settings: Any, wsgi_app: WSGIHandler, monkeypatch: pytest.MonkeyPatch) -> Any:
    """The schema, served by the app, with path parameters that often name real decks and runs while
    `schema.real_ids` is on (positive cases: a negative case whose broken path parameter were swapped for a
    real id would be a valid request)."""
    call_command("loadsamples", verbosity=0)
    monkeypatch.setattr("decks.goldfish.runs._send", lambda ids: None)  # no broker here
    alice = User.objects.create_user("alice")
    public = Deck.objects.filter(owner__isnull=True, game_id="fftcg").first()
    private = Deck.objects.create(owner=alice, game_id="fftcg", format="constructed", name="Private")
    for e in public.entries.all():
        private.entries.create(card_id=e.card_id, section=e.section, count=e.count)
    run = runs.enqueue_run(private, games=10, goings=("first",), seed=1)
    share_ids = [public.share_id, private.share_id]

    schema = schemathesis.openapi.from_wsgi("/api/v1/openapi.json", wsgi_app)

    @schema.hook
    def flatmap_path_parameters(context: Any, path_parameters: dict[str, Any]) -> Any:
        if not path_parameters or not schema.real_ids:
            return st.just(path_parameters)
        real: dict[str, Any] = {}
        if "share_id" in path_parameters:
            real["share_id"] = st.sampled_from([*share_ids, path_parameters["share_id"]])
        if "run_id" in path_parameters:
            real["run_id"] = st.sampled_from([run.pk, path_parameters["run_id"]])
        return st.fixed_dictionaries(real).map(lambda chosen: {**path_parameters, **chosen})

    _, key = create_token(alice)
    schema.test_headers = {"Authorization": f"Bearer {key}"}
    return schema


@pytest.fixture
def django_settings(settings: Any) -> Any:
    settings.RATE_LIMITS = {}  # the generated requests would use up any real rate
    settings.GOLDFISH_MAX_GAMES = 1000
    return settings


# schemathesis's own pytest integration does not run under pytest 9 (it sets Function._nodeid), so each
# operation is a parametrised test that draws its cases from schemathesis's strategies with Hypothesis.
OPERATIONS = [(m.upper(), path) for path, item in api.get_openapi_schema()["paths"].items() for m in item]
# Operations that take no input at all (GET /games) have no negative case: nothing to make invalid.
NO_INPUT = {
    (m.upper(), path)
    for path, item in api.get_openapi_schema()["paths"].items()
    for m, operation in item.items()
    if not operation.get("parameters") and "requestBody" not in operation
}
CASES = [
    (method, path, mode)
    for method, path in OPERATIONS
    for mode in (GenerationMode.POSITIVE, GenerationMode.NEGATIVE)
    if mode is GenerationMode.POSITIVE or (method, path) not in NO_INPUT
]


@pytest.mark.parametrize(("method", "path", "mode"), CASES)
def test_the_api_keeps_to_its_schema(api_schema: Any, method: str, path: str, mode: GenerationMode) -> None:
    operation = api_schema[path][method]
    api_schema.real_ids = mode is GenerationMode.POSITIVE
    token = api_schema.test_headers

    @given(case=operation.as_strategy(mode), alice=st.booleans())
    @settings(
        max_examples=MAX_EXAMPLES,
        deadline=None,
        phases=[Phase.explicit, Phase.generate],
        suppress_health_check=list(HealthCheck),
        derandomize=True,
        database=None,
    )
    def call(case: Any, alice: bool) -> None:
        # Anonymous callers and Alice, who owns the private deck, with her token.
        case.call_and_validate(headers=token if alice else {}, checks=CHECKS)

    call()
