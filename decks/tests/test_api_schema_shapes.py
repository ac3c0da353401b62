"""The schema a client generator reads (issue 39 items 6, 7, 8 and 10): typed results, each enum one
component, one shape of error, verbs for operation ids, anonymous reads, no unused components, one name
per thing, the rate limit and seeds documented, an example for every operation."""

from __future__ import annotations

import json
import re
from collections.abc import Iterator
from typing import Any

import pytest
from django.core.management import ManagementUtility

import engine
from decks.api import schemas as s

API = "/api/v1"
VERBS = {
    "list", "get", "create", "update", "delete", "import", "undelete", "fork", "duplicate", "check",
    "export", "compute", "start", "cancel", "diff", "restore", "adjust",
}  # fmt: skip


def no_twice(pairs: list[tuple[str, Any]]) -> dict[str, Any]:
    keys = [key for key, _ in pairs]
    assert len(keys) == len(set(keys)), f"a key twice in one object: {keys}"
    return dict(pairs)


@pytest.fixture
def schema(db, client) -> dict[str, Any]:
    """The schema as served and as a client reads it, refusing an object with a key twice (Swagger UI
    refuses the whole schema then: 'duplicated mapping key')."""
    return dict(json.loads(client.get(f"{API}/openapi.json").content, object_pairs_hook=no_twice))


def operations(schema: dict[str, Any]) -> Iterator[tuple[str, str, dict[str, Any]]]:
    for path, item in schema["paths"].items():
        for method, operation in item.items():
            yield method, path, operation


def walk(node: Any, where: str = "") -> Iterator[tuple[str, dict[str, Any]]]:
    """Every object in the schema with its place."""
    if isinstance(node, dict):
        yield where, node
        for key, value in node.items():
            yield from walk(value, f"{where}/{key}")
    elif isinstance(node, list):
        for i, value in enumerate(node):
            yield from walk(value, f"{where}/{i}")


def ref(node: dict[str, Any]) -> str:
    """The component a property refers to, through a nullable anyOf if need be."""
    for option in node.get("anyOf", node.get("allOf", [node])):
        if "$ref" in option:
            return str(option["$ref"]).rsplit("/", 1)[1]
    raise AssertionError(f"no reference in {node}")


# --- Item 6 ---------------------------------------------------------------------------------------------


@pytest.mark.parametrize(
    ("name", "values"),
    [
        ("Game", list(engine.GAMES)),
        ("Visibility", ["private", "unlisted", "public"]),
        ("RunStatus", ["queued", "running", "done", "failed", "cancelled"]),
        ("Severity", ["error", "warning", "info"]),
        ("Going", ["first", "second"]),
    ],
)
def test_each_enum_is_one_component_that_every_use_refers_to(schema, name, values) -> None:
    assert schema["components"]["schemas"][name]["enum"] == values
    inline = [where for where, node in walk(schema) if node.get("enum") == values]
    assert inline == [f"/components/schemas/{name}"]  # six inline game enums before


def test_a_decks_game_and_visibility_are_the_enums_a_request_takes(schema) -> None:
    components = schema["components"]["schemas"]
    for model in ("DeckSummary", "DeckIn"):
        assert ref(components[model]["properties"]["game"]) == "Game"
        assert ref(components[model]["properties"]["visibility"]) == "Visibility"
    assert ref(components["RunOut"]["properties"]["status"]) == "RunStatus"
    assert ref(components["ViolationOut"]["properties"]["severity"]) == "Severity"


def test_a_runs_result_and_the_deck_file_have_schemas(schema) -> None:
    components = schema["components"]["schemas"]
    assert ref(components["RunOut"]["properties"]["result"]) == "RunResultOut"  # an untyped object before
    first = components["RunResultOut"]["properties"]["first"]
    assert ref(first) == "GoldfishResultOut"
    assert {"games", "kill_turns", "mean_kill_turn", "outcomes"} <= set(
        components["GoldfishResultOut"]["properties"]
    )
    deck_file = schema["paths"][f"{API}/decks/{{deck}}/deck-file"]["get"]["responses"]["200"]
    assert ref(deck_file["content"]["application/json"]["schema"]) == "DeckFileOut"


def test_every_error_has_one_shape_a_sentence_and_the_fields(schema) -> None:
    error = schema["components"]["schemas"]["Error"]["properties"]
    assert error["detail"]["type"] == "string"  # "anything" before: a message or pydantic's list
    assert ref(error["errors"]["items"]) == "FieldError"
    for method, path, operation in operations(schema):
        for status, answer in operation["responses"].items():
            if status.startswith(("4", "5")):
                assert ref(answer["content"]["application/json"]["schema"]) in {"Error", "ImportRefused"}, (
                    method,
                    path,
                    status,
                )
    refused = schema["components"]["schemas"]["ImportRefused"]["properties"]  # Error, and its lines
    assert refused["detail"] == error["detail"] and {"errors", "problems"} <= set(refused)


def test_sections_keep_their_entry_model_in_every_shape(schema) -> None:
    components = schema["components"]["schemas"]
    for model, entry in [("DeckIn", "EntryIn"), ("DeckOut", "EntryOut"), ("VersionOut", "EntryOut")]:
        sections = components[model]["properties"]["sections"]
        assert "patternProperties" not in json.dumps(sections)  # skipped by generators: dict[str, Any]
        assert ref(sections["additionalProperties"]["items"]) == entry
    patch = components["DeckPatch"]["properties"]["sections"]["anyOf"][0]
    assert ref(patch["additionalProperties"]["items"]) == "EntryIn"
    assert patch["propertyNames"]["pattern"] == "^[a-z]+$"


def test_operation_ids_are_verbs(schema) -> None:
    for _, _, operation in operations(schema):
        name = operation["operationId"]
        assert re.fullmatch(r"[a-z]+(_[a-z]+)*", name) and name.split("_")[0] in VERBS, name


def test_reads_anyone_may_make_require_no_credentials_and_writes_do(schema) -> None:
    for method, path, operation in operations(schema):
        reads = ("compute_probabilities", "compute_keep_or_mulligan")  # a POST only for its body
        # A collection is its account's: reading one (or a deck against it) needs the caller's credentials.
        own = operation["tags"] == ["collection"]
        if operation["operationId"] in reads or (method == "get" and not own):
            assert "security" not in operation, path  # [{TokenAuth}, {SessionAuth}, {}] before
            assert "Anyone may call this" in operation["description"]
        else:
            assert operation["security"] == [{"TokenAuth": []}, {"SessionAuth": []}], path


def test_every_component_is_used(schema) -> None:
    text = json.dumps(schema["paths"])
    used: set[str] = set()
    todo = set(re.findall(r"#/components/schemas/(\w+)", text))
    while todo:
        name = todo.pop()
        used.add(name)
        todo |= (
            set(re.findall(r"#/components/schemas/(\w+)", json.dumps(schema["components"]["schemas"][name])))
            - used
        )
    assert set(schema["components"]["schemas"]) == used  # CardFilters and DeckFilters were listed, unused


# --- Item 7 ---------------------------------------------------------------------------------------------


def test_one_name_per_thing(schema) -> None:
    components = schema["components"]["schemas"]
    properties = {(model, p) for model, body in components.items() for p in body.get("properties", {})}
    named = {p for _, p in properties}
    assert not named & {"share_id", "number", "id", "base_number"}  # the old names
    # `games` is left only where it counts the games of one play order's result (the goldfish command's).
    assert {model for model, p in properties if p == "games"} == {"GoldfishResultOut"}
    assert {
        ("DeckSummary", "deck"), ("CardOut", "card"), ("RunOut", "run"), ("VersionSummary", "version"),
        ("GameOut", "game"), ("FormatOut", "format"), ("SectionOut", "section"), ("TuningOut", "tuning"),
        ("PlayedGameOut", "played_game"),
    } <= properties  # fmt: skip
    parameters = {
        p["name"] for _, _, o in operations(schema) for p in o.get("parameters", []) if p["in"] == "path"
    }
    assert parameters == {"game", "card", "deck", "run", "version", "tuning", "played_game"}


def test_games_per_play_order_and_in_all_cannot_be_confused(schema) -> None:
    components = schema["components"]["schemas"]
    assert "games_per_order" in components["RunIn"]["required"]
    assert {"games_per_order", "games_total", "games_done"} <= set(components["RunOut"]["properties"])
    assert "games_per_order" in components["CompareIn"]["properties"]
    assert "max_games_per_order" in components["GoldfishOptionsOut"]["properties"]


# --- Item 8 (documentation) -----------------------------------------------------------------------------


def test_rate_limits_and_retry_after_are_documented_on_every_operation(schema) -> None:
    for method, path, operation in operations(schema):
        answer = operation["responses"]["429"]
        assert answer["headers"]["Retry-After"]["schema"]["type"] == "integer", (method, path)


def test_seeds_are_int64_with_the_javascript_caveat(schema) -> None:
    components = schema["components"]["schemas"]
    for model in ("RunIn", "RunOut"):
        seed = components[model]["properties"]["seed"]
        assert "int64" in json.dumps(seed) and "2^53" in seed["description"]


# --- Item 10 --------------------------------------------------------------------------------------------


def test_the_docs_show_an_example_call_of_every_operation(schema) -> None:
    for method, path, operation in operations(schema):
        example = operation["description"].split("Example:", 1)[1]
        template = re.escape(path.removeprefix(API)).replace(r"\{", "{").replace(r"\}", "}")
        pattern = re.sub(r"\{\w+\}", r"[^/?' ]+", template)
        assert re.search(rf"/api/v1{pattern}(\?|'| |$)", example), (method, path, example)
        if method != "get":
            assert f"-X {method.upper()}" in example


def test_manage_py_help_lists_create_api_token_once(capsys) -> None:
    ManagementUtility(["manage.py", "help"]).execute()
    assert capsys.readouterr().out.split().count("create_api_token") == 1


def test_every_request_body_has_an_example_its_model_takes(schema) -> None:
    bodies = {
        ref(operation["requestBody"]["content"]["application/json"]["schema"])
        for _, _, operation in operations(schema)
        if "requestBody" in operation
    }
    for name in bodies:
        (example,) = schema["components"]["schemas"][name]["examples"]  # Swagger UI showed a seed of 2^63 - 1
        getattr(s, name).model_validate(example)  # an example that went out of date would be refused
