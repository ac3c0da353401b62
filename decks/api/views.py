"""The JSON API at /api/v1/: cards, decks, validation, exports, draw odds and goldfish runs.

Thin like the pages: find the deck through decks/builder/access.py (a private deck is 404 to anyone but its
owner), call the one function that does the work (services, convert, engine.stats, runs), shape the
answer. Schema, docs page: /api/v1/openapi.json, /api/v1/docs.
"""

from __future__ import annotations

import json
import re
from typing import Any

from django.conf import settings
from django.contrib.auth.models import User
from django.core.exceptions import RequestDataTooBig
from django.db import transaction
from django.db.models import Max, QuerySet
from django.http import Http404, HttpRequest, HttpResponse, JsonResponse
from django.utils.http import parse_etags
from ninja import NinjaAPI, P, Query, Router, Schema, Status
from ninja.errors import HttpError, ValidationError
from ninja.openapi.docs import Swagger
from ninja.operation import Operation, PathView
from ninja.params import HeaderEx
from pydantic import Field

import engine
from decks import convert
from decks.api import collection, games, tuning
from decks.api import schemas as s
from decks.api.auth import READ, WRITE
from decks.api.examples import EXAMPLES
from decks.builder import access, compare, history, services
from decks.builder.forms import ImportForm, format_label
from decks.cards.views import search_cards
from decks.goldfish import runs
from decks.models import Card, Deck, DeckVersion, SimulationRun
from decks.web import security
from engine import goldfish, stats
from engine.advice import mulligan
from engine.deckdiff import CardChange, diff
from engine.decklist import export_decklist
from engine.goldfish.base import LARGEST
from engine.stats import Group, probabilities


class API(NinjaAPI):
    def get_openapi_operation_id(self, operation: Operation) -> str:
        """The view's name, a verb: `list_cards`, `create_deck` (Ninja's default prefixes the module)."""
        return operation.view_func.__name__

    def get_openapi_schema(self, *args: Any, **kwargs: Any) -> Any:
        """Ninja's schema, with what a generated client needs besides:

        - A read anyone may make lists no security requirement, so a client generator lets an anonymous
          client call it (a requirement list with the empty `{}` among others still makes
          openapi-python-client ask for its authenticated client); its description says a key may be sent.
        - Each operation's description ends with an example call (decks/api/examples.py).
        - Every answer may be 429 with Retry-After (RateLimitMiddleware counts every call); answers are
          keyed by their status as text, once each.
        - A parameter's enum refers to its component, as a body's does.
        - The query and path models Ninja lists as components though nothing refers to them go.
        """
        schema = super().get_openapi_schema(*args, **kwargs)
        components = schema["components"]
        components.get("securitySchemes", {}).pop("Anyone", None)
        for path in schema["paths"].values():
            for operation in path.values():
                requirements = operation.pop("security", [])
                if any("Anyone" in r for r in requirements):
                    operation["description"] = (
                        operation.get("description", "") + "\n\n" + ANYONE_MAY_READ
                    ).strip()
                else:
                    operation["security"] = requirements
                described = operation.get("description", "")
                # An operation without an example still gets a schema; test_api_schema_shapes names it.
                example = EXAMPLES.get(operation["operationId"], "")
                operation["description"] = (described + "\n\n" + example).strip()
                operation["responses"] = _by_text_status(operation["responses"])
                operation["responses"].setdefault("429", {}).update(TOO_MANY)
                for parameter in operation.get("parameters", []):
                    parameter["schema"] = _enum_as_reference(parameter["schema"], components["schemas"])
        components["schemas"] = _referenced(schema, components["schemas"])
        return schema


ANYONE_MAY_READ = (
    "Anyone may call this, without credentials. With a key (or a session) it also reads the caller's "
    "private decks; a wrong key is refused with 401 rather than read as anonymous."
)
TOO_MANY = {
    "description": "Too many calls: each caller has an allowance per hour for every call (scope `api`), "
    'and a smaller one for some (new decks, edits, imports, odds, goldfish runs; README, "Limits"). '
    "No header counts what is left; wait as long as Retry-After says.",
    "headers": {
        "Retry-After": {
            "description": "Seconds to wait before calling again.",
            "schema": {"type": "integer", "minimum": 1},
        }
    },
    "content": {"application/json": {"schema": {"$ref": "#/components/schemas/Error"}}},
}


def _by_text_status(responses: dict[Any, Any]) -> dict[str, Any]:
    """The answers by status as text, as JSON writes them, merging an answer Ninja keys by the number with
    the description given for the same status as text (two keys "412" in the JSON otherwise, which
    Swagger UI refuses to read)."""
    merged: dict[str, Any] = {}
    for status, answer in responses.items():
        merged[str(status)] = {**merged.get(str(status), {}), **answer}
    return merged


def _enum_as_reference(schema: dict[str, Any], components: dict[str, Any]) -> dict[str, Any]:
    """A parameter's enum as a reference to its component (Ninja copies it inline into a path or query
    parameter, which a client generator then makes a type of its own for each parameter)."""
    if len(schema.get("allOf", ())) == 1:  # a default beside the enum: {"allOf": [enum], "default": ...}
        rest = {key: value for key, value in schema.items() if key != "allOf"}
        return {**rest, "allOf": [_enum_as_reference(schema["allOf"][0], components)]}
    enum = components.get(schema.get("title", ""), {})
    if "enum" in schema and enum.get("enum") == schema["enum"]:
        return {"$ref": f"#/components/schemas/{schema['title']}"}
    return schema


def _referenced(schema: dict[str, Any], components: dict[str, Any]) -> dict[str, Any]:
    """The components that the paths refer to, directly or through other components."""
    kept: dict[str, Any] = {}
    todo = [schema["paths"]]
    while todo:
        text = json.dumps(todo.pop())
        for name in re.findall(r'"#/components/schemas/([^"]+)"', text):
            if name not in kept:
                kept[name] = components[name]
                todo.append(kept[name])
    return {name: components[name] for name in components if name in kept}


class JsonPathView(PathView):
    """One API address, answering a method it does not take with JSON (405, Ninja's is HTML) and a query
    parameter it does not know with 422 naming it (Ninja ignores it: `?gmae=gbf` listed every game)."""

    def clone(self) -> JsonPathView:
        """A copy for a router's mount, as Ninja makes one, of this class (Ninja's is a plain PathView)."""
        cloned = JsonPathView()
        cloned.is_async = self.is_async
        cloned.url_name = self.url_name
        cloned.operations = [operation.clone() for operation in self.operations]
        return cloned

    def _sync_view(self, request: HttpRequest, *args: Any, **kwargs: Any) -> Any:
        operation = self._find_operation(request)
        if operation is None:
            allowed = sorted({method for op in self.operations for method in op.methods})
            response = JsonResponse(
                {"detail": f"{request.method} is not allowed here; this address takes {', '.join(allowed)}."},
                status=405,
            )
            response["Allow"] = ", ".join(allowed)
            return response
        unknown = sorted(set(request.GET) - _query_names(operation))
        if unknown:
            return _input_refused(
                request, [{"field": name, "message": "unknown query parameter"} for name in unknown]
            )
        return operation.run(request, *args, **kwargs)


def _query_names(operation: Operation) -> set[str]:
    names: set[str] = set()
    for model in operation.models:
        if model.__ninja_param_source__ == "query":
            flat = getattr(model, "__ninja_flatten_map__", None)
            names |= set(flat) if flat else {f.alias or n for n, f in model.model_fields.items()}
    return names


class JsonRouter(Router):
    """A router whose addresses are JsonPathViews."""

    def add_api_operation(self, path: str, methods: list[str], view_func: Any, **kwargs: Any) -> None:
        self.path_operations.setdefault(path, JsonPathView())
        super().add_api_operation(path, methods, view_func, **kwargs)


class LocalSwagger(Swagger):
    """Swagger UI from this site's static files, never a CDN. Ninja serves its CDN page unless it is an
    installed app, which would make every command import it, so the page it would serve as an app is
    given as the one to render (its static files and templates are on the paths in tcgsite.settings)."""

    template_cdn = str(settings.NINJA_DIR / "templates" / "ninja" / "swagger.html")


api = API(
    title="TCG deck builder API",
    docs=LocalSwagger(),
    version="1",
    description=(
        "Cards, decks, legality, exports, exact draw odds and goldfish runs. Anonymous callers may read "
        "public and unlisted decks and the cards; writes need `Authorization: Bearer <key>` (a key from "
        "the API keys page, /accounts/api-keys/, or `manage.py create_api_token USER`) or a logged-in "
        "session with its CSRF token. A private deck is 404 to everyone but its owner."
    ),
    urls_namespace="api",
    auth=READ,
    default_router=JsonRouter(),
)
api.add_router("", tuning.router)  # which card to cut, which to add: decks/api/tuning.py
api.add_router("", games.router)  # the owner's log of real games: decks/api/games.py
api.add_router("", collection.router)  # the caller's own cards: decks/api/collection.py
# The answers other than success any call may give: bad input, no or wrong credentials, CSRF, not found
# (or not yours), refused input. (429, too many calls, is added to every operation by API.get_openapi_schema.)
ERRORS: dict[Any, Any] = {frozenset({400, 401, 403, 404, 413, 422}): s.Error}
# The answers of a call that changes a deck: those, and 412 when If-Match names an etag it no longer has.
WRITE_ERRORS: dict[Any, Any] = {frozenset({400, 401, 403, 404, 412, 413, 422}): s.Error}

# If-Match (RFC 9110, 13.1.1) on every call that changes a deck: the change is made only if the deck's
# etag is one of those sent, so two clients editing one deck cannot overwrite each other's changes
# unseen. Without the header the change is made whatever the deck holds now.
IfMatch = HeaderEx[
    str | None,
    P(
        alias="If-Match",
        max_length=1000,
        description="The deck's `etag` (the ETag header) as the caller last read it, or several separated "
        "by commas, or `*`: the change is made only if the deck's etag is still one of them, else the "
        "answer is 412 and nothing changes. Optional: without it the change is made anyway.",
    ),
]


class PreconditionFailed(Exception):
    """If-Match named no etag the deck has: answered 412 with the deck's current etag."""

    def __init__(self, etag: str) -> None:
        super().__init__(
            f"The deck has changed since you read it (If-Match): its etag is now {etag}. "
            "Read the deck again, then send the change with its new etag."
        )
        self.etag = etag


@api.exception_handler(security.RateLimited)
def _rate_limited(request: HttpRequest, exc: security.RateLimited) -> HttpResponse:
    return security.too_many(request, exc)


@api.exception_handler(PreconditionFailed)
def _precondition_failed(request: HttpRequest, exc: PreconditionFailed) -> HttpResponse:
    response = api.create_response(request, {"detail": str(exc)}, status=412)
    response["ETag"] = exc.etag
    return response


@api.exception_handler(RequestDataTooBig)
def _too_big(request: HttpRequest, exc: RequestDataTooBig) -> HttpResponse:
    limit = settings.DATA_UPLOAD_MAX_MEMORY_SIZE / 1_000_000
    detail = f"The request body is larger than {limit:g} MB, the most a call may send."
    return api.create_response(request, {"detail": detail}, status=413)


@api.exception_handler(ValidationError)
def _invalid_input(request: HttpRequest, exc: ValidationError) -> HttpResponse:
    """Pydantic's errors as Error: each field by its dotted path within the body, query or header."""
    errors = []
    for error in exc.errors:
        where = [str(part) for part in error.get("loc", ())]
        if where and where[0] in ("body", "query", "path", "header"):
            where = where[2:] if where[0] == "body" else where[1:]
        message = error.get("msg", "is not valid")
        if error.get("type") == "extra_forbidden":
            message = "unknown field: check its spelling against the schema"
        errors.append({"field": ".".join(where) or "body", "message": message})
    return _input_refused(request, errors)


def _input_refused(request: HttpRequest, errors: list[dict[str, str]]) -> HttpResponse:
    detail = "The input was refused: " + "; ".join(f"{e['field']}: {e['message']}" for e in errors) + "."
    return api.create_response(request, {"detail": detail, "errors": errors}, status=422)


class InputRefused(Exception):
    """Input the schema accepts but the deck does not (a card it lacks, a hand it cannot deal): answered 422
    as Error, each problem by its field."""

    def __init__(self, errors: list[dict[str, str]]) -> None:
        super().__init__(errors)
        self.errors = errors


@api.exception_handler(InputRefused)
def _refused(request: HttpRequest, exc: InputRefused) -> HttpResponse:
    return _input_refused(request, exc.errors)


class NotFound(Http404):
    """What a 404 names: `No deck 'x' that you may see.`, `No run 7 of deck 'x'.`"""


@api.exception_handler(Http404)
def _not_found(request: HttpRequest, exc: Http404) -> HttpResponse:
    """Every 404 of the API says what was not found, in the words of NotFound, never a model's name."""
    detail = str(exc) if isinstance(exc, NotFound) else "Not found."
    return api.create_response(request, {"detail": detail}, status=404)


def _refuse(message: str, status: int = 422) -> HttpError:
    return HttpError(status, message)


def _viewable(request: HttpRequest, deck: str) -> Deck:
    try:
        return access.get_viewable_deck(request, deck)
    except Http404:
        raise NotFound(f"No deck {deck!r} that you may see (a private deck is its owner's alone).") from None


def _editable(request: HttpRequest, deck: str, *, deleted: bool = False) -> Deck:
    try:
        return access.get_editable_deck(request, deck, deleted=deleted)
    except Http404:
        what = "deleted deck of yours" if deleted else "deck of yours"
        raise NotFound(f"No {what} {deck!r} (you may change only your own decks).") from None


def _run_of(deck: Deck, run: int) -> SimulationRun:
    found = SimulationRun.objects.select_related("deck").filter(pk=run, deck=deck).first()
    if found is None:
        raise NotFound(f"No run {run} of deck {deck.share_id!r}.")
    return found


def _version_of(deck: Deck, version: int) -> DeckVersion:
    found = deck.versions.select_related("editor").filter(number=version).first()
    if found is None:
        raise NotFound(f"No version {version} of deck {deck.share_id!r}.")
    return found


# --- Cards ----------------------------------------------------------------------------------------------


class CardFilters(Schema):
    game: s.Game
    q: s.SearchText = Field("", description="Part of the name, number or rules text.")
    type: s.Word = ""
    colour: s.Word = Field("", pattern=r"^[a-z\-]*$", description="A colour or element, lower case.")
    cost: int | None = Field(None, ge=0, le=99)
    limit: int = Field(50, ge=1, le=200)
    offset: int = Field(0, ge=0, le=100_000)


@api.get("/cards", response={200: s.CardPage, **ERRORS}, tags=["cards"])
def list_cards(request: HttpRequest, filters: Query[CardFilters]) -> dict[str, Any]:
    colours = [filters.colour] if filters.colour else []
    cards = search_cards(filters.game, {"q": filters.q, "type": filters.type, "color": colours})
    if filters.cost is not None:
        cards = cards.filter(cost=filters.cost)
    return _page(cards, filters.limit, filters.offset)


@api.get("/cards/{game}/{card}", response={200: s.CardOut, **ERRORS}, tags=["cards"])
def get_card(request: HttpRequest, game: s.Game, number: s.CardPath) -> Any:
    found = search_cards(game, {}).filter(number=number).first()
    if found is None:
        raise NotFound(f"No card {number!r} in {engine.get_game(game).name}.")
    return found


# --- Games ----------------------------------------------------------------------------------------------


@api.get("/games", response={200: list[s.GameOut], **ERRORS}, tags=["games"])
def list_games(request: HttpRequest) -> list[dict[str, Any]]:
    """Every game with what a client needs to build its forms: formats, sections, and the goldfish's
    settings with their types, bounds and defaults (the ones POST /decks/{deck}/runs checks)."""
    return [_game_out(rules) for rules in engine.GAMES.values()]


@api.get("/games/{game}", response={200: s.GameOut, **ERRORS}, tags=["games"])
def get_game(request: HttpRequest, game: s.Game) -> dict[str, Any]:
    return _game_out(engine.get_game(game))


def _game_out(rules: engine.games.base.GameRules) -> dict[str, Any]:
    return {
        "game": rules.id,
        "name": rules.name,
        "short_name": rules.short_name,
        "formats": [{"format": f, "label": format_label(f)} for f in rules.formats],
        "sections": [{"section": x.id, "label": x.label, "holds": x.holds} for x in rules.sections],
        "main_section": rules.main_section,
        "card_types": list(rules.card_types),
        "colors": list(rules.colors),
        "color_word": rules.color_word,
        "goldfish": _goldfish_options(rules.id),
    }


def _goldfish_options(game_id: str) -> dict[str, Any] | None:
    """The settings a run takes, from the simulator's own Param definitions, which the goldfish form's
    fields and the run's check (Simulator.params) read too; the opponent's own-turn cap is the one
    setting Simulator.params defines itself, with the same bounds as RunIn.max_turns."""
    try:
        simulator = goldfish.get_simulator(game_id)
    except goldfish.NoSimulatorError:
        return None
    turns = {"default": simulator.default_max_turns, "minimum": 1, "maximum": goldfish.MAX_TURNS}
    own_turns = goldfish.Param(
        simulator.max_turns_param,
        simulator.default_max_turns,
        "The player's own turns a game lasts at most; one not decided by then stalls. The same as "
        "RunIn.max_turns, which it overrides.",
        minimum=1,
        maximum=goldfish.MAX_TURNS,
    )
    return {
        "max_games_per_order": settings.GOLDFISH_MAX_GAMES,
        "goings": list(goldfish.GOING),
        "max_turns": turns,
        "opponent": [_knob(p) for p in (*simulator.opponent_params, own_turns)],
        "policy": [_knob(p) for p in simulator.policy_params],
    }


KNOB_TYPES = {bool: "boolean", int: "integer", float: "number", str: "string"}


def _knob(param: goldfish.Param) -> dict[str, Any]:
    number = type(param.default) in (int, float)
    return {
        "name": param.name,
        "type": KNOB_TYPES[type(param.default)],
        "default": param.default,
        "minimum": param.minimum if number else None,
        "maximum": (param.maximum or LARGEST) if number else None,
        "choices": list(param.choices),
        "choice_labels": [label for _, label in param.labelled_choices],
        "label": param.title,
        "help": param.help,
        "rule": param.rule,
    }


# --- Decks ----------------------------------------------------------------------------------------------


def _etag_header(status: int | None, *, if_match: bool = False) -> dict[str, Any]:
    """The schema of the ETag header a deck's answer carries (DeckSummary.etag), and with `if_match` that of
    the 412 answer to an If-Match the deck no longer matches."""
    header = {
        "description": "The deck's `etag`: it changes with every change to the deck.",
        "schema": {"type": "string"},
    }
    responses: dict[int, Any] = {} if status is None else {status: {"headers": {"ETag": header}}}
    if if_match:
        responses[412] = {
            "description": "If-Match named no etag the deck has: someone changed it meanwhile. Nothing "
            "was changed; the ETag header is the deck's etag now.",
            "headers": {"ETag": header},
        }
    return {"responses": responses}


class DeckFilters(Schema):
    game: s.Game | None = None
    mine: bool = Field(False, description="The caller's own decks, of every visibility, instead.")
    limit: int = Field(50, ge=1, le=200)
    offset: int = Field(0, ge=0, le=100_000)


@api.get("/decks", response={200: s.DeckPage, **ERRORS}, tags=["decks"])
def list_decks(request: HttpRequest, filters: Query[DeckFilters]) -> dict[str, Any]:
    """Public decks, the newest made first; with `mine`, the caller's own (none for an anonymous caller).
    The order is by creation, which no edit changes, so paging through the list while decks are edited
    neither repeats nor skips one (a deck made meanwhile moves the rest one place down)."""
    decks = Deck.objects.select_related("owner")
    if filters.mine:
        user = request.user
        decks = decks.filter(owner_id=user.pk) if user.is_authenticated else decks.none()
    else:
        decks = decks.filter(visibility=Deck.Visibility.PUBLIC)
    if filters.game:
        decks = decks.filter(game_id=filters.game)
    page = _page(decks.order_by("-created_at", "-pk"), filters.limit, filters.offset)
    numbers = _history_numbers(page["items"])
    page["items"] = [_deck_summary(d, numbers[d.pk]) for d in page["items"]]
    return page


@api.post(
    "/decks",
    response={201: s.DeckOut, **ERRORS},
    auth=WRITE,
    tags=["decks"],
    openapi_extra=_etag_header(201),
)
def create_deck(request: HttpRequest, payload: s.DeckIn, response: HttpResponse) -> Status:
    security.check("decks", security.client_id(request))  # as the new-deck page and fork are limited
    rules = engine.get_game(payload.game)
    fmt = _check_format(rules, payload.format or rules.formats[0])
    contents = _contents(payload.game, fmt, payload.sections)
    with transaction.atomic():
        deck = services.create_deck_with_cards(
            game_id=payload.game, name=payload.name or "", owner_id=request.user.pk, contents=contents
        )
        services.update_details(
            deck,
            name=deck.name,
            description=payload.description,
            visibility=payload.visibility,
            format=deck.format,
        )
    return Status(201, _deck_out(request, deck, response))


@api.get(
    "/decks/{deck}", response={200: s.DeckOut, **ERRORS}, tags=["decks"], openapi_extra=_etag_header(200)
)
def get_deck(request: HttpRequest, share_id: s.DeckPath, response: HttpResponse) -> dict[str, Any]:
    return _deck_out(request, _viewable(request, share_id), response)


@api.patch(
    "/decks/{deck}",
    response={200: s.DeckEditOut, **WRITE_ERRORS},
    auth=WRITE,
    tags=["decks"],
    openapi_extra=_etag_header(200, if_match=True),
)
def update_deck(
    request: HttpRequest,
    share_id: s.DeckPath,
    payload: s.DeckPatch,
    response: HttpResponse,
    if_match: IfMatch = None,
) -> dict[str, Any]:
    """Change any of name, description, visibility, format and cards; `sections` replaces every card.
    With If-Match, only if the deck has not changed since the caller read it (412 otherwise). The answer
    says which version the change landed in and whether it made that version or folded into it."""
    deck = _editable(request, share_id)
    security.check("edits", security.client_id(request))  # as the editor's changes are limited
    rules = engine.get_game(deck.game_id)
    fmt = _check_format(rules, payload.format or deck.format)
    fold = not payload.new_version
    with transaction.atomic():
        _lock_if_match(deck, if_match)
        held = services.latest_version(deck)
        if payload.sections is not None:  # the format too: the cards are read in it
            services.replace_cards(deck, _contents(deck.game_id, fmt, payload.sections), fold=fold)
        services.update_details(
            deck,
            name=deck.name if payload.name is None else payload.name,
            description=deck.description if payload.description is None else payload.description,
            visibility=payload.visibility or deck.visibility,
            format=fmt,
            fold=fold,
        )
    return _edit_out(request, deck, response, held)


@api.post(
    "/decks/{deck}/import",
    response={
        200: s.ImportOut,
        422: s.ImportRefused,
        frozenset({400, 401, 403, 404, 412, 413}): s.Error,
    },
    auth=WRITE,
    tags=["decks"],
    openapi_extra=_etag_header(200, if_match=True),
)
def import_decklist(
    request: HttpRequest,
    share_id: s.DeckPath,
    payload: s.ImportIn,
    response: HttpResponse,
    if_match: IfMatch = None,
) -> Any:
    """Replace the deck's cards with a pasted decklist or a deck file, read as the deck page's import box
    reads it (ImportForm): the lines that can be read are saved, the others come back in `problems`. A
    list of which no line names a card is refused (422, its lines in `problems`), changing nothing."""
    deck = _editable(request, share_id)
    security.check("imports", security.client_id(request))  # as the import page is limited
    form = ImportForm({"text": payload.text}, game_id=deck.game_id, format=deck.format)
    if not form.is_valid():
        detail = " ".join(str(message) for messages in form.errors.values() for message in messages)
        return Status(422, {"detail": detail, "problems": form.problems, "more_problems": form.more_problems})
    problems = {"problems": form.problems, "more_problems": form.more_problems, "read_as": form.read_as}
    with transaction.atomic():
        _lock_if_match(deck, if_match)
        held = services.latest_version(deck)
        try:
            services.replace_cards(deck, form.cleaned_data["deck"], fold=not payload.new_version)
        except (engine.UnknownCardError, services.DeckChangeError) as e:
            raise _refuse(f"Nothing was saved: {e}") from None
    return {**_edit_out(request, deck, response, held), **problems}


@api.delete(
    "/decks/{deck}",
    response={200: s.DeletedOut, **WRITE_ERRORS},
    auth=WRITE,
    tags=["decks"],
    openapi_extra=_etag_header(None, if_match=True),
)
def delete_deck(request: HttpRequest, share_id: s.DeckPath, if_match: IfMatch = None) -> dict[str, Any]:
    """Delete the caller's deck: it is 404 from now on, and POST /undelete brings it back for a week."""
    deck = _editable(request, share_id)
    security.check("edits", security.client_id(request))  # as the library's delete is limited
    with transaction.atomic():
        _lock_if_match(deck, if_match)
        services.delete_deck(deck)
    deck.refresh_from_db(fields=("deleted_at",))
    assert deck.deleted_at is not None
    return {
        "deck": deck.share_id,
        "deleted_at": deck.deleted_at,
        "undelete_until": deck.deleted_at + Deck.DELETED_KEPT_FOR,
    }


@api.post(
    "/decks/{deck}/undelete",
    response={200: s.DeckOut, **WRITE_ERRORS},
    auth=WRITE,
    tags=["decks"],
    openapi_extra=_etag_header(200, if_match=True),
)
def undelete_deck(
    request: HttpRequest, share_id: s.DeckPath, response: HttpResponse, if_match: IfMatch = None
) -> dict[str, Any]:
    """Bring back a deck the caller deleted less than a week ago (404 for any other)."""
    deck = _editable(request, share_id, deleted=True)
    security.check("edits", security.client_id(request))  # as the library's undelete is limited
    with transaction.atomic():
        _lock_if_match(deck, if_match)
        services.undelete_deck(deck)
    return _deck_out(request, deck, response)


@api.post(
    "/decks/{deck}/fork",
    response={201: s.DeckOut, **ERRORS},
    auth=WRITE,
    tags=["decks"],
    openapi_extra=_etag_header(201),
)
def fork_deck(request: HttpRequest, share_id: s.DeckPath, response: HttpResponse) -> Status:
    """A private copy of a deck the caller may see, in the caller's decks, remembering where it came from."""
    deck = _viewable(request, share_id)
    security.check("decks", security.client_id(request))  # a new deck, as the fork page's
    copy = services.fork_deck(deck, owner_id=request.user.pk)
    return Status(201, _deck_out(request, copy, response))


@api.post(
    "/decks/{deck}/duplicate",
    response={201: s.DeckOut, **ERRORS},
    auth=WRITE,
    tags=["decks"],
    openapi_extra=_etag_header(201),
)
def duplicate_deck(request: HttpRequest, share_id: s.DeckPath, response: HttpResponse) -> Status:
    """A copy of the caller's own deck, with its visibility and description, named "Copy of ..."."""
    deck = _editable(request, share_id)
    security.check("decks", security.client_id(request))  # a new deck, as the library's duplicate
    copy = services.duplicate_deck(deck)
    return Status(201, _deck_out(request, copy, response))


@api.get("/decks/{deck}/report", response={200: s.ReportOut, **ERRORS}, tags=["decks"])
def check_legality(request: HttpRequest, share_id: s.DeckPath) -> dict[str, Any]:
    """The legality report the deck page shows: every violation of the rules and the current ban list."""
    deck = _viewable(request, share_id)
    return convert.validate_deck(convert.deck_to_engine(deck)).to_dict()


@api.get(
    "/decks/{deck}/export.txt",
    response=ERRORS,
    tags=["decks"],
    openapi_extra={
        "responses": {
            200: {
                "description": "The deck list as players paste it.",
                "content": {"text/plain": {"schema": {"type": "string"}}},
            }
        }
    },
)
def export_deck_text(request: HttpRequest, share_id: s.DeckPath) -> HttpResponse:
    deck = _viewable(request, share_id)
    text = export_decklist(convert.deck_to_engine(deck))
    return HttpResponse(text, content_type="text/plain; charset=utf-8")


@api.get(
    "/decks/{deck}/deck-file", response={200: s.DeckFileOut, **ERRORS}, tags=["decks"], exclude_none=True
)
def export_deck_file(request: HttpRequest, share_id: s.DeckPath) -> dict[str, Any]:
    """The deck file (docs/deck-file.md), with the printed data of its cards."""
    deck = _viewable(request, share_id)
    return convert.deck_to_engine(deck).to_dict()


# --- Statistics -----------------------------------------------------------------------------------------


@api.post("/decks/{deck}/probabilities", response={200: s.StatsOut, **ERRORS}, tags=["statistics"])
def compute_probabilities(request: HttpRequest, share_id: s.DeckPath, query: s.StatsQuery) -> Any:
    """P(holding at least `at_least` of every group) in the opening hand (turn 0) and after each turn.

    Copies of the cards of one group count together; groups must not share cards, and each card must be
    in the deck's main section (422 names any that is not). Reading, not
    writing: anyone who may see the deck may ask, within the "stats" rate limit. With a mulligan a query
    takes at most six groups, so none costs more than about 0.2 s.
    """
    deck = _viewable(request, share_id)
    security.check("stats", security.client_id(request))
    played, rules = convert.deck_to_engine(deck), engine.get_game(deck.game_id)
    groups = _groups_of(played, rules, query.groups)
    try:
        ps = probabilities(
            played, rules, groups, query.turns, going_first=query.going == "first", mulligan=query.mulligan
        )
    except ValueError as e:
        raise _refuse(str(e)) from None
    return {"probabilities": [{"turn": t, "p": p} for t, p in enumerate(ps)]}


@api.post("/decks/{deck}/mulligan", response={200: s.MulliganOut, **ERRORS}, tags=["statistics"])
def compute_keep_or_mulligan(
    request: HttpRequest, share_id: s.DeckPath, query: s.MulliganQuery
) -> dict[str, Any]:
    """Keep this opening hand or mulligan it, for each play order asked (by default both, as the deck's
    default goldfish run): the exact chance of holding each group by own turns 0..`turns` either way, and
    10,000 goldfish games each way (the default opponent, who does nothing, and the default autopilot)
    with a verdict from a two-proportion test. A hand the deck cannot deal and a group card outside its
    main section are refused with 422 naming them. Within the "stats" rate limit."""
    deck = _viewable(request, share_id)
    security.check("stats", security.client_id(request))
    played, rules = convert.deck_to_engine(deck), engine.get_game(deck.game_id)
    groups = dict(zip("ABC", _groups_of(played, rules, query.groups), strict=False))
    try:
        advices = mulligan.advise_each(
            played,
            rules,
            query.hand,
            runs.GOINGS if query.going is s.PlayOrders.BOTH else (query.going.value,),
            groups=groups,
            kept=query.keep,
            turns=query.turns,
        )
    except mulligan.HandError as e:
        raise InputRefused([{"field": field, "message": message} for field, message in e.problems]) from None
    except (ValueError, goldfish.NoSimulatorError) as e:  # GoldfishDeckError
        raise _refuse(str(e)) from None
    return mulligan.answer(advices)


def _groups_of(
    played: engine.Deck, rules: engine.games.base.GameRules, given: list[s.GroupIn]
) -> list[Group]:
    """The query's groups of cards, refused when two share a card (422) or when a card is not in the deck's
    main section (422 naming each such card by its field): its odds would be 0 at every turn, a mistyped
    number, not a question."""
    seen: set[str] = set()
    for group in given:
        if seen & set(group.cards):
            raise _refuse("Groups must not share cards.")
        seen |= set(group.cards)
    missing = [
        {"field": f"groups.{g}.cards.{c}", "message": f"card {card} is not in the deck's main section"}
        for g, group in enumerate(given)
        for c, card in enumerate(group.cards)
        if stats.not_in_main(played, rules, [card])
    ]
    if missing:
        raise InputRefused(missing)
    return [Group(g.cards, g.at_least) for g in given]


# --- Goldfish runs --------------------------------------------------------------------------------------


@api.post("/decks/{deck}/runs", response={201: s.RunOut, **ERRORS}, auth=WRITE, tags=["goldfish"])
def start_run(request: HttpRequest, share_id: s.DeckPath, payload: s.RunIn) -> Status:
    """Queue a seeded goldfish run on the workers; poll its URL for progress and the result."""
    deck = _editable(request, share_id)
    try:
        run = runs.enqueue_counted_run(
            request,
            deck,
            games=payload.games_per_order,
            goings=[str(going) for going in payload.goings],
            opponent=payload.opponent,
            policy=payload.policy,
            max_turns=payload.max_turns,
            seed=payload.seed,
        )
    except runs.RunRefused as e:
        raise _refuse(str(e)) from None
    return Status(201, _run_out(request, run, _runners([run])))


class PageQuery(Schema):
    limit: int = Field(50, ge=1, le=200)
    offset: int = Field(0, ge=0, le=100_000)


@api.get("/decks/{deck}/runs", response={200: s.RunPage, **ERRORS}, tags=["goldfish"])
def list_runs(request: HttpRequest, share_id: s.DeckPath, paging: Query[PageQuery]) -> dict[str, Any]:
    """The deck's runs, newest first, each saying who started it (`started_by`): a comparison's run of
    someone else's deck is listed on that deck too."""
    deck = _viewable(request, share_id)
    rows = deck.simulation_runs.select_related("deck").order_by("-created_at", "-pk")
    page = _page(rows, paging.limit, paging.offset)
    users = _runners(page["items"])
    page["items"] = [_run_out(request, r, users) for r in page["items"]]
    return page


@api.get("/decks/{deck}/runs/{run}", response={200: s.RunOut, **ERRORS}, tags=["goldfish"])
def get_run(request: HttpRequest, share_id: s.DeckPath, run_id: s.RunPath) -> dict[str, Any]:
    run = _run_of(_viewable(request, share_id), run_id)
    return _run_out(request, run, _runners([run]))


@api.get("/decks/{deck}/versions", response={200: s.VersionPage, **ERRORS}, tags=["versions"])
def list_versions(request: HttpRequest, share_id: s.DeckPath, paging: Query[PageQuery]) -> dict[str, Any]:
    """The deck's versions, newest first, each with what it changed from the one before."""
    deck = _viewable(request, share_id)
    rows = deck.versions.select_related("editor").order_by("-number")
    # The page and the version before its last, which that one's changes are counted from.
    versions = list(rows[paging.offset : paging.offset + paging.limit + 1])
    items = [
        _version_out(deck, v, versions[i + 1] if i + 1 < len(versions) else None)
        for i, v in enumerate(versions[: paging.limit])
    ]
    return {"count": rows.count(), "limit": paging.limit, "offset": paging.offset, "items": items}


@api.get("/decks/{deck}/versions/{version}", response={200: s.VersionOut, **ERRORS}, tags=["versions"])
def get_version(request: HttpRequest, share_id: s.DeckPath, number: s.VersionPath) -> dict[str, Any]:
    deck = _viewable(request, share_id)
    version = _version_of(deck, number)
    before = deck.versions.filter(number=number - 1).first()
    return _version_with_cards(deck, version, before)


@api.get("/decks/{deck}/diff", response={200: s.DiffOut, **ERRORS}, tags=["versions"])
def diff_versions(request: HttpRequest, share_id: s.DeckPath, before: int, after: int) -> dict[str, Any]:
    """The cards whose counts differ from version `before` to version `after` (either may be the older)."""
    deck = _viewable(request, share_id)
    old = _version_of(deck, before)
    new = _version_of(deck, after)
    changes = list(diff(old.cards, new.cards, engine.get_game(deck.game_id).section_ids))
    return {"before": before, "after": after, "changes": _changes(deck, changes)}


@api.post(
    "/decks/{deck}/versions/{version}/restore",
    response={frozenset({200, 201}): s.VersionOut, **WRITE_ERRORS},
    auth=WRITE,
    tags=["versions"],
    openapi_extra={
        "responses": {
            200: {"description": "The deck already held that list: no version was made; its version now."},
            201: {"description": "The new version, holding the restored list."},
            **_etag_header(None, if_match=True)["responses"],
        }
    },
)
def restore_version(
    request: HttpRequest, share_id: s.DeckPath, number: s.VersionPath, if_match: IfMatch = None
) -> Status:
    """Make the deck hold the version's list again, as a new version: 201 and the new version. A deck
    that already holds that list in that format gets none: 200 and the version it is at."""
    deck = _editable(request, share_id)
    security.check("edits", security.client_id(request))  # as the history page's restore is limited
    version = _version_of(deck, number)
    with transaction.atomic():
        _lock_if_match(deck, if_match)
        held = services.latest_version(deck)
        restored = services.restore_version(deck, version)
    before = deck.versions.filter(number=restored.number - 1).first()
    status = 200 if held is not None and restored.number == held.number else 201
    return Status(status, _version_with_cards(deck, restored, before))


@api.get("/decks/{deck}/compare", response={200: s.CompareOut, **ERRORS}, tags=["versions"])
def get_comparison(request: HttpRequest, share_id: s.DeckPath, query: Query[s.CompareIn]) -> dict[str, Any]:
    """A against B: their card changes, the odds of the changed cards, and once both runs of these games
    and the default settings are done, the kill turns compared. Starts nothing (POST does)."""
    deck = _viewable(request, share_id)
    return _comparison_out(*_sides(request, deck, query), compare.PLAY_ORDERS[query.order])


@api.post("/decks/{deck}/compare", response={201: s.CompareOut, **ERRORS}, auth=WRITE, tags=["versions"])
def start_comparison(request: HttpRequest, share_id: s.DeckPath, payload: s.CompareIn) -> Status:
    """As GET, after queueing the runs still missing, as the caller's runs (another owner's deck too)."""
    deck = _viewable(request, share_id)
    goings = compare.PLAY_ORDERS[payload.order]
    compare.start_missing(request, _sides(request, deck, payload), goings, payload.games_per_order)
    return Status(201, _comparison_out(*_sides(request, deck, payload), goings))


@api.post(
    "/decks/{deck}/runs/{run}/cancel",
    response={200: s.RunOut, **ERRORS},
    auth=WRITE,
    tags=["goldfish"],
)
def cancel_run(request: HttpRequest, share_id: s.DeckPath, run_id: s.RunPath) -> dict[str, Any]:
    """Stop a run, keeping the games already played as its partial `result`; a finished run stays as it is."""
    run = _run_of(_editable(request, share_id), run_id)
    runs.cancel_run(run)
    run.refresh_from_db()
    return _run_out(request, run, _runners([run]))


# --- Shaping --------------------------------------------------------------------------------------------


def _page(rows: QuerySet[Any], limit: int, offset: int) -> dict[str, Any]:
    return {
        "count": rows.count(),
        "limit": limit,
        "offset": offset,
        "items": list(rows[offset : offset + limit]),
    }


def _check_format(rules: engine.games.base.GameRules, fmt: str) -> str:
    if fmt not in rules.formats:
        raise _refuse(f"Unknown format {fmt!r}; the formats are {', '.join(rules.formats)}.")
    return fmt


def _contents(game: str, fmt: str, sections: dict[str, list[s.EntryIn]]) -> engine.Deck:
    """The cards of a request as an engine deck, read by the deck-file reader, cards from the database."""
    data = {
        "game": game,
        "format": fmt,
        "sections": {name: [e.model_dump() for e in entries] for name, entries in sections.items()},
    }
    try:
        return engine.load_deck(data, lookup=convert.lookup_cards)
    except ValueError as e:  # DeckFileError, UnknownCardError: the message names the problem
        raise _refuse(str(e)) from None


def _lock_if_match(deck: Deck, if_match: str | None) -> None:
    """Lock the deck's row for the rest of the transaction, read it again, and raise PreconditionFailed
    unless If-Match is absent, `*`, or names the deck's etag now. The comparison is strong (RFC 9110,
    13.1.1): a weak tag (W/"...") never matches. Locked first, so no change lands between check and write."""
    deck.refresh_from_db(from_queryset=Deck.with_deleted.select_for_update())
    if if_match is None:
        return
    tags = parse_etags(if_match)
    if "*" not in tags and _etag(deck) not in tags:
        raise PreconditionFailed(_etag(deck))


def _history_numbers(decks: list[Deck]) -> dict[int, int]:
    """Each deck's current version (by deck id): the number of the newest version in its history, which
    every deck has from its creation on (services.record_version; migrations 0018 and 0022 for older ones)."""
    newest = DeckVersion.objects.filter(deck__in=decks).values("deck").annotate(number=Max("number"))
    return {row["deck"]: row["number"] for row in newest}


def _etag(deck: Deck) -> str:
    """The deck's entity tag: its change counter (Deck.version), which every change to it raises."""
    return f'"{deck.version}"'


def _deck_summary(deck: Deck, version: int) -> dict[str, Any]:
    """`version` is the deck's current version in its history (_history_numbers), not its change counter."""
    return {
        "deck": deck.share_id,
        "game": deck.game_id,
        "format": deck.format,
        "name": deck.name,
        "visibility": deck.visibility,
        "owner": deck.owner.get_username() if deck.owner else None,
        "version": version,
        "etag": _etag(deck),
        "updated_at": deck.updated_at,
        "url": deck.get_absolute_url(),
    }


def _deck_out(request: HttpRequest, deck: Deck, response: HttpResponse) -> dict[str, Any]:
    """The deck as DeckOut, its etag also in the answer's ETag header."""
    deck = Deck.objects.select_related("owner", "forked_from").get(pk=deck.pk)
    response["ETag"] = _etag(deck)
    sections: dict[str, list[dict[str, Any]]] = {}
    for entry in deck.entries.select_related("card").order_by("section", "card__number"):
        sections.setdefault(entry.section, []).append(
            {"card": entry.card.number, "name": entry.card.name, "count": entry.count}
        )
    return {
        **_deck_summary(deck, _history_numbers([deck])[deck.pk]),
        "description": deck.description,
        # As on the page: a source the caller may not open (made private since) is not named.
        "forked_from": (
            deck.forked_from.share_id
            if deck.forked_from and access.can_view(request, deck.forked_from)
            else None
        ),
        "is_owner": access.owns(request, deck),
        "created_at": deck.created_at,
        "sections": sections,
    }


def _edit_out(
    request: HttpRequest, deck: Deck, response: HttpResponse, held: DeckVersion | None
) -> dict[str, Any]:
    """The deck as DeckEditOut after a change, `held` being its latest version before the change:
    a higher number now is a new version, the same one changed since is a fold, and a lower one is a fold
    that undid the edits it held (services.record_version), landing in the version before."""
    now = services.latest_version(deck)
    assert now is not None  # every deck has a version 1 from its creation on
    if held is None:
        return {**_deck_out(request, deck, response), "new_version": True, "folded": False}
    return {
        **_deck_out(request, deck, response),
        "new_version": now.number > held.number,
        "folded": now.number < held.number
        or (now.number == held.number and now.updated_at != held.updated_at),
    }


def _runners(rows: list[SimulationRun]) -> dict[str, str]:
    """The user names of the runs' runners that are users, by runner ("u:<id>"; runs.runner_of)."""
    ids = {int(r.runner[2:]) for r in rows if r.runner.startswith("u:")}
    users = User.objects.filter(pk__in=ids).values_list("pk", "username")
    return {f"u:{pk}": name for pk, name in users}


def _run_out(request: HttpRequest, run: SimulationRun, users: dict[str, str]) -> dict[str, Any]:
    """The run as RunOut; `users` names its runner when that is a user (_runners)."""
    goings = list(run.params.get("goings", [run.params.get("going", "first")]))
    settings_sent = {key: run.params.get(key) for key in ("opponent", "policy", "max_turns")}
    in_force = runs.params_in_force(run)[1].to_dict()
    text = runs.card_text(run).to_dict()
    for part in ("not_played", "moot"):
        text[part] = [
            {**{k: v for k, v in c.items() if k != "number"}, "card": c["number"]} for c in text[part]
        ]
    return {
        "run": run.pk,
        "deck": run.deck.share_id,
        "status": run.status,
        "games_per_order": run.games // len(goings),
        "goings": goings,
        "games_total": run.games,
        "games_done": run.games_done,
        "progress": run.progress,
        "seed": run.seed,
        "settings": settings_sent,
        "started_by": {
            "user": users.get(run.runner),
            "is_owner": run.runner == runs.deck_runner(run.deck),
            "is_caller": run.runner == runs.runner_of(request),
        },
        "error": run.error,
        "waiting": runs.waiting_note(run),
        "result": run.result,
        "in_force": {key: in_force[key] for key in ("opponent", "policy", "max_turns")},
        "deck_legality": runs.deck_report(run).to_dict(),
        "card_text": text,
        "created_at": run.created_at,
        "finished_at": run.finished_at,
        "deck_version": run.deck_version.number if run.deck_version else None,
    }


def _changes(deck: Deck, changes: list[CardChange]) -> list[dict[str, Any]]:
    names = history.card_names(deck, changes)
    return [
        {"section": c.section, "card": c.card, "name": names.get(c.card, c.card), "before": c.before,
         "after": c.after}
        for c in changes
    ]  # fmt: skip


def _sides(request: HttpRequest, deck: Deck, query: s.CompareIn) -> tuple[compare.Side, compare.Side]:
    if query.games_per_order > settings.GOLDFISH_MAX_GAMES:
        raise _refuse(f"A run plays between 1 and {settings.GOLDFISH_MAX_GAMES:,} games per play order.")
    try:
        return compare.sides(
            request, deck, query.b, query.a, query.games_per_order, compare.PLAY_ORDERS[query.order]
        )
    except compare.NotComparable as e:
        raise _refuse(str(e), 404) from None


def _comparison_out(a: compare.Side, b: compare.Side, goings: tuple[str, ...]) -> dict[str, Any]:
    changes, names = compare.card_changes(a, b)
    orders = compare.order_results(a, b, goings)
    return {
        **{
            key: {
                "deck": side.deck.share_id,
                "version": side.version.number,
                "label": side.label,
                "run": side.run.pk if side.run else None,
                "status": side.run.status if side.run else None,
            }
            for key, side in (("a", a), ("b", b))
        },
        "changes": _changes(a.deck, changes),
        "odds_turns": list(compare.ODDS_TURNS),
        "odds": [
            {
                "card": r["card"],
                "name": r["name"],
                "a": [pa for pa, _ in r["cells"]],
                "b": [pb for _, pb in r["cells"]],
            }
            for r in compare.odds(a, b, changes, names)
        ],
        "goldfish": None
        if orders is None
        else [
            {
                "going": o.going,
                "mean_a": o.comparison.mean_a,
                "mean_b": o.comparison.mean_b,
                "difference": o.comparison.difference,
                "interval": o.comparison.interval,
                "turn": o.comparison.turn,
                "share_a": o.comparison.share_a,
                "share_b": o.comparison.share_b,
                "beyond_chance": o.comparison.share_beyond_chance,
                "sentence": o.sentence,
            }
            for o in orders
        ],
    }


def _version_with_cards(deck: Deck, version: DeckVersion, before: DeckVersion | None) -> dict[str, Any]:
    """The version as VersionOut: its cards as DeckOut lists them, {section: [{card, name, count}]}."""
    numbers = {n for cards in version.cards.values() for n in cards}
    names = dict(Card.objects.filter(game_id=deck.game_id, number__in=numbers).values_list("number", "name"))
    sections = {
        section: [{"card": n, "name": names.get(n, n), "count": count} for n, count in sorted(cards.items())]
        for section, cards in version.cards.items()
        if cards
    }
    return {**_version_out(deck, version, before), "sections": sections}


def _version_out(deck: Deck, version: DeckVersion, before: DeckVersion | None) -> dict[str, Any]:
    return {
        "version": version.number,
        "format": version.format,
        "cards": version.copies,
        "editor": version.editor.get_username() if version.editor else None,
        "restored_from": version.restored_from,
        "created_at": version.created_at,
        "updated_at": version.updated_at,
        "changes": _changes(deck, history.version_changes(deck, before, version)),
    }


# --- Any other address ----------------------------------------------------------------------------------
# In a router of its own, added last, so every address above and the routers' (tunings) are matched first.
fallback = JsonRouter()


@fallback.api_operation(
    ["GET", "POST", "PUT", "PATCH", "DELETE"], "/{path:address}", auth=None, include_in_schema=False
)
def unknown_address(request: HttpRequest, address: str) -> None:
    """A 404 in the API's words for an address it does not have, saying so when only a trailing slash is
    wrong (Django's page would be HTML, or a bare "Not Found")."""
    hint = ""
    if address.endswith("/"):
        hint = f"; the API's addresses take no trailing slash: {request.path.rstrip('/')}"
    raise NotFound(f"No address {request.path} in the API{hint}. Its addresses: /api/v1/docs.")


api.add_router("", fallback)
