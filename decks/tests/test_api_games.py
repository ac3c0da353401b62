"""What a client needs to build its forms (issue 39 item 4): /games lists each game's formats and
sections and the goldfish's settings with their types, bounds and defaults, and every setting a run's
422 names is among them."""

from __future__ import annotations

import json
import re
from typing import Any

import pytest
from django.test import Client

import engine
from decks.models import Deck
from decks.tests.test_api import alices_deck, bearer
from engine.goldfish import MAX_TURNS, SIMULATORS, Param

API = "/api/v1"
SNAKE_CASE = re.compile(r"\b[a-z]+(?:_[a-z0-9]+)+\b")


def settings_named(message: str) -> set[str]:
    """The settings a message names: the one it starts with ("redraw must be ..."), those it lists
    ("the known names are: a, b."), and any other word_with_underscores."""
    named = set(SNAKE_CASE.findall(message))
    if leading := re.match(r"([a-z0-9_]+) must be", message):
        named.add(leading[1])
    if listed := re.search(r"the known names are: (.*)\.$", message):
        named |= set(listed[1].split(", "))
    return named


def test_games_lists_formats_and_sections_from_the_rules(db) -> None:
    games = Client().get(f"{API}/games").json()
    assert [g["game"] for g in games] == list(engine.GAMES)
    fftcg = Client().get(f"{API}/games/fftcg").json()
    assert [f["format"] for f in fftcg["formats"]] == ["constructed", "limited"]
    assert [s["section"] for s in fftcg["sections"]] == list(engine.get_game("fftcg").section_ids)
    assert fftcg["goldfish"]["max_turns"] == {"default": 20, "minimum": 1, "maximum": MAX_TURNS}


def test_each_knob_is_described_as_the_engine_defines_it(db) -> None:
    for game_id, simulator in SIMULATORS.items():
        options = Client().get(f"{API}/games/{game_id}").json()["goldfish"]
        knobs = {k["name"]: k for k in options["opponent"] + options["policy"]}
        for param in (*simulator.opponent_params, *simulator.policy_params):
            knob = knobs[param.name]
            assert knob["default"] == param.default and type(knob["default"]) is type(param.default)
            assert knob["choices"] == list(param.choices)


@pytest.fixture
def runnable(samples, alice) -> tuple[dict[str, Deck], dict[str, str]]:
    return {game: alices_deck(alice, "private", game) for game in SIMULATORS}, bearer(alice)


def bad_values(param: Param) -> list[Any]:
    """Values the parameter refuses, each for another reason: type, choice, either bound."""
    if isinstance(param.default, bool):
        return ["perhaps", 3]
    if isinstance(param.default, int | float):
        values: list[Any] = ["many", (param.maximum or 1000) + 1]
        return values if param.minimum is None else [*values, param.minimum - 1]
    return ["no such choice"] if param.choices else ["x,y,!"]


def refusals(deck: Deck, headers: dict[str, str]) -> list[tuple[str, str]]:
    """(kind, message) of every 422 a run of the deck gives for a bad setting of each kind."""
    simulator = SIMULATORS[deck.game_id]
    tries: list[tuple[str, dict[str, Any]]] = [
        ("opponent", {"opponent": {"no_such_setting": 1}}),
        ("policy", {"policy": {"no_such_knob": 1}}),
        ("opponent", {"opponent": {simulator.max_turns_param: 0}}),
        ("run", {"max_turns": 0}),
        ("run", {"max_turns": MAX_TURNS + 1}),
    ]
    for kind, params in (("opponent", simulator.opponent_params), ("policy", simulator.policy_params)):
        tries += [(kind, {kind: {p.name: v}}) for p in params for v in bad_values(p)]
    if deck.game_id == "dbsfw":  # a setting that needs another: the redraw looking for a card
        tries.append(("policy", {"policy": {"mulligan_rule": "if-missing", "mulligan_card": ""}}))
    found = []
    for kind, body in tries:
        url = f"{API}/decks/{deck.share_id}/runs"
        data = json.dumps({"games_per_order": 1, **body})
        response = Client().post(url, data, content_type="application/json", headers=headers)
        if response.status_code == 422:
            detail = response.json()["detail"]
            if isinstance(detail, list):  # the body's own check: the field's place names it
                found += [(kind, _field(error["loc"], kind)) for error in detail]
            else:
                found.append((kind, detail))
    return found


def _field(loc: list[Any], kind: str) -> str:
    """The setting a body error's place names: the key under opponent or policy, else the field."""
    return str(loc[loc.index(kind) + 1] if kind in loc else loc[-1])


def test_a_number_setting_takes_a_fraction(runnable, settings, monkeypatch) -> None:
    """GBF's p_crew is a share from 0 to 1, as /games says ("number"); the body took whole numbers only."""
    settings.RATE_LIMITS = {}
    monkeypatch.setattr("decks.goldfish.runs._send", lambda ids: None)  # no broker here
    decks, headers = runnable
    (knob,) = [
        k for k in Client().get(f"{API}/games/gbf").json()["goldfish"]["opponent"] if k["name"] == "p_crew"
    ]
    assert (knob["type"], knob["minimum"], knob["maximum"]) == ("number", 0, 1)
    data = json.dumps({"games_per_order": 1, "opponent": {"p_crew": 0.5}})
    url = f"{API}/decks/{decks['gbf'].share_id}/runs"
    response = Client().post(url, data, content_type="application/json", headers=headers)
    assert response.status_code == 201, response.content
    assert response.json()["settings"]["opponent"]["p_crew"] == 0.5


def test_every_setting_a_run_refuses_is_discoverable(runnable, settings) -> None:
    settings.RATE_LIMITS = {}
    decks, headers = runnable
    for game_id, deck in decks.items():
        options = Client().get(f"{API}/games/{game_id}").json()["goldfish"]
        named = {"opponent": {k["name"] for k in options["opponent"]}}
        named["policy"] = {k["name"] for k in options["policy"]}
        named["run"] = {"max_turns"}  # RunIn's field, described by options["max_turns"]
        # A message may list a setting's choices too, which are discoverable with it.
        choices = {c for k in options["opponent"] + options["policy"] for c in k["choices"]}
        found = refusals(deck, headers)
        assert len(found) > 10, found
        for kind, message in found:
            mentioned = settings_named(message) - {"no_such_setting", "no_such_knob"} - choices
            assert mentioned, f"{game_id}: {message!r} names no setting"
            assert mentioned <= named[kind], f"{game_id}: {message!r} names {mentioned - named[kind]}"
