"""An example call of every API operation, by operation id, shown at the end of its description on the
docs page (/api/v1/docs) and in the schema (decks.api.views.API.get_openapi_schema). KEY is an API key;
`Ab12Cd34` a deck's id."""

from __future__ import annotations

import json
from typing import Any

_SITE = "https://example.org/api/v1"
_AUTH = '-H "Authorization: Bearer $KEY" '
_JSON = _AUTH + "-H 'Content-Type: application/json' "

# A request body of each model that takes one, as the docs page shows it ("Example Value") and the
# example calls below send it (schemas.py's models carry them; a test validates each against its model).
BODIES: dict[str, dict[str, Any]] = {
    "DeckIn": {
        "game": "fftcg",
        "name": "Fire rush",
        "visibility": "unlisted",
        "sections": {"main": [{"card": "1-001H", "count": 3}]},
    },
    "DeckPatch": {
        "name": "Fire rush v2",
        "sections": {"main": [{"card": "1-001H", "count": 2}]},
        "new_version": True,
    },
    "ImportIn": {"text": "3 Fire Knight (1-001H)\n2x 1-002C", "new_version": True},
    "StatsQuery": {
        "groups": [{"cards": ["1-001H", "1-002C"], "at_least": 1}],
        "turns": 3,
        "going": "second",
        "mulligan": "never",
    },
    "MulliganQuery": {
        "hand": ["1-001H", "1-001H", "1-002C", "1-003C", "1-004R"],
        "going": "second",
        "groups": [{"cards": ["1-005R"], "at_least": 1}],
        "turns": 3,
    },
    "RunIn": {"games_per_order": 2000, "goings": ["first", "second"], "seed": 42, "policy": {}},
    "CompareIn": {"b": "v1", "games_per_order": 10000, "order": "both"},
    "TuningIn": {"candidates": ["1-002C", "1-005R"], "games_per_order": 10000, "seed": 7},
    "PlayedGameIn": {"result": "win", "went_first": False, "last_turn": 6, "opponent": "Fire/Ice"},
    "PlayedGamePatch": {"result": "loss", "kind": "event", "event": "Store championship"},
    "OwnedCountIn": {"count": 3},
    "OwnedChangeIn": {"by": -1},
    "CollectionImportIn": {"csv": "number,count\n1-001H,3\n1-002C,2\n"},
}


def _call(method: str, path: str, body: str = "", *, key: bool = False) -> str:
    sent = json.dumps(BODIES[body]) if body else ""
    options = (_JSON if body else _AUTH if key else "") + (f"-d '{sent}' " if body else "")
    verb = "" if method == "GET" else f"-X {method} "
    return f"Example:\n\n    curl {verb}{options}{_SITE}{path}"


EXAMPLES: dict[str, str] = {
    "list_cards": _call("GET", "/cards?game=fftcg&q=knight&limit=20"),
    "get_card": _call("GET", "/cards/fftcg/1-001H"),
    "list_games": _call("GET", "/games"),
    "get_game": _call("GET", "/games/gbf"),
    "list_decks": _call("GET", "/decks?game=fftcg&mine=true&limit=20&offset=20", key=True),
    "create_deck": _call("POST", "/decks", "DeckIn"),
    "get_deck": _call("GET", "/decks/Ab12Cd34"),
    "update_deck": _call("PATCH", "/decks/Ab12Cd34", "DeckPatch").replace(
        "curl ", "curl -H 'If-Match: \"7\"' ", 1
    ),
    "delete_deck": _call("DELETE", "/decks/Ab12Cd34", key=True),
    "import_decklist": _call("POST", "/decks/Ab12Cd34/import", "ImportIn"),
    "undelete_deck": _call("POST", "/decks/Ab12Cd34/undelete", key=True),
    "fork_deck": _call("POST", "/decks/Ab12Cd34/fork", key=True),
    "duplicate_deck": _call("POST", "/decks/Ab12Cd34/duplicate", key=True),
    "check_legality": _call("GET", "/decks/Ab12Cd34/report"),
    "export_deck_text": _call("GET", "/decks/Ab12Cd34/export.txt"),
    "export_deck_file": _call("GET", "/decks/Ab12Cd34/deck-file"),
    "compute_probabilities": _call("POST", "/decks/Ab12Cd34/probabilities", "StatsQuery"),
    "compute_keep_or_mulligan": _call("POST", "/decks/Ab12Cd34/mulligan", "MulliganQuery"),
    "start_run": _call("POST", "/decks/Ab12Cd34/runs", "RunIn"),
    "list_runs": _call("GET", "/decks/Ab12Cd34/runs?limit=10"),
    "get_run": _call("GET", "/decks/Ab12Cd34/runs/17"),
    "cancel_run": _call("POST", "/decks/Ab12Cd34/runs/17/cancel", key=True),
    "list_versions": _call("GET", "/decks/Ab12Cd34/versions?limit=10&offset=0"),
    "get_version": _call("GET", "/decks/Ab12Cd34/versions/2"),
    "diff_versions": _call("GET", "/decks/Ab12Cd34/diff?before=1&after=3"),
    "restore_version": _call("POST", "/decks/Ab12Cd34/versions/2/restore", key=True),
    "get_comparison": _call("GET", "/decks/Ab12Cd34/compare?b=v1&games_per_order=10000&order=both"),
    "start_comparison": _call("POST", "/decks/Ab12Cd34/compare", "CompareIn"),
    "start_tuning": _call("POST", "/decks/Ab12Cd34/tunings", "TuningIn"),
    "get_tuning": _call("GET", "/decks/Ab12Cd34/tunings/3"),
    "cancel_tuning": _call("POST", "/decks/Ab12Cd34/tunings/3/cancel", key=True),
    "list_played_games": _call("GET", "/decks/Ab12Cd34/played-games", key=True),
    "create_played_game": _call("POST", "/decks/Ab12Cd34/played-games", "PlayedGameIn"),
    "get_played_game": _call("GET", "/decks/Ab12Cd34/played-games/5", key=True),
    "update_played_game": _call("PATCH", "/decks/Ab12Cd34/played-games/5", "PlayedGamePatch"),
    "delete_played_game": _call("DELETE", "/decks/Ab12Cd34/played-games/5", key=True),
    "get_game_record": _call("GET", "/decks/Ab12Cd34/game-record", key=True),
    "list_owned_cards": _call("GET", "/collection/fftcg/cards?limit=100&offset=0", key=True),
    "get_owned_count": _call("GET", "/collection/fftcg/cards/1-001H", key=True),
    "update_owned_count": _call("PUT", "/collection/fftcg/cards/1-001H", "OwnedCountIn"),
    "adjust_owned_count": _call("POST", "/collection/fftcg/cards/1-001H/adjust", "OwnedChangeIn"),
    "import_collection": _call("POST", "/collection/fftcg/import", "CollectionImportIn"),
    "export_collection": _call("GET", "/collection/fftcg/export.csv", key=True),
    "get_deck_shortfall": _call("GET", "/decks/Ab12Cd34/shortfall", key=True),
}
