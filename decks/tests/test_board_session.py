"""What a playtest board keeps in the visitor's session (issue 31, item 8): the log once, its last entries
only, so a long game keeps the session small, and undo brings back each board exactly as it was."""

from __future__ import annotations

import json
import re
from dataclasses import replace
from types import SimpleNamespace
from typing import Any

import pytest
from django.contrib.sessions.models import Session
from django.test import Client

from decks import convert
from decks.builder import board as board_page
from decks.models import Deck
from engine.board import trim_log

GAMES = ["fftcg", "dbsfw", "gbf", "fireforce"]
# Eight actions that can repeat for ever, every one taken (the hand and the deck keep their sizes): six
# stay and log one entry each, a draw is undone. A turn is not among them: the opponent's deck runs out
# within a few dozen turns and the game ends.
CYCLE: list[dict[str, str]] = [
    {"action": "draw"},
    {"action": "move:deck-bottom", "from": "hand:0"},
    {"action": "reveal", "n": "3"},
    {"action": "shuffle"},
    {"action": "draw"},
    {"action": "undo"},
    {"action": "draw"},
    {"action": "move:deck-bottom", "from": "hand:0"},
]
CSRF_TOKEN = re.compile(r'(csrfmiddlewaretoken" value=|x-csrftoken": )"[^"]*"')


def post(client: Client, deck: Deck, data: dict[str, str]) -> str:
    """One action as the page's htmx form sends it; the board it answers, which must show no refusal."""
    html = client.post(f"/d/{deck.share_id}/board/", data, headers={"HX-Request": "true"}).content.decode()
    assert 'role="alert"' not in html, data
    return CSRF_TOKEN.sub("", html)  # a new masked token each time: the rest is the board


def saved(client: Client, deck: Deck) -> dict[str, Any]:
    return client.session[f"board:{deck.pk}"]


def board_state(client: Client, deck: Deck) -> tuple[dict[str, Any], list[str]]:
    """The current board as the session keeps it: its fields (the deck's order too) and its log entries."""
    kept = saved(client, deck)
    board = kept["board"]
    start = board["log_dropped"] - kept["log_from"]
    return board, kept["log"][start : start + board["log"]]


@pytest.mark.slow
@pytest.mark.parametrize("game", GAMES)
def test_a_thousand_actions_keep_the_session_small(samples, game) -> None:
    deck = Deck.objects.get(game_id=game, owner__isnull=True)
    player = Client()
    post(player, deck, {"action": "new", "seed": "5"})
    post(player, deck, {"action": "next"})  # cards are drawn by hand from turn 1 on
    board, log = board_state(player, deck)
    first_turn = board["log_dropped"] + len(log)
    for i in range(1000):
        html = post(player, deck, CYCLE[i % len(CYCLE)])
    # 125 cycles of six entries that stay, after the setup and turn 1: every entry is counted, 30 are kept.
    board, log = board_state(player, deck)
    assert board["log_dropped"] + len(log) == first_turn + 125 * 6
    assert len(log) == board_page.LOG_KEPT and log[-1].endswith("to the bottom of the deck")
    assert html.count("<li>") >= board_page.LOG_KEPT and log[-1] in html.replace("&#x27;", "'")
    # Before: each of the 31 boards (the current one, 30 to undo) held the whole log of 751 entries,
    # about 1 MB of JSON, 20 to 76 KB once compressed as stored. Now 31 boards without their logs (about
    # 1 KB of JSON each) and one list of the entries they keep: 30, and those of the 30 actions before.
    stored = len(Session.objects.get(session_key=player.session.session_key).session_data)
    assert stored < 8_000
    assert len(json.dumps(saved(player, deck))) < 64_000
    assert len(saved(player, deck)["log"]) <= board_page.LOG_KEPT + board_page.UNDO_STEPS


@pytest.mark.parametrize("game", GAMES)
def test_undo_after_trimming_brings_back_each_board_exactly(samples, game) -> None:
    # 45 actions: the log passes LOG_KEPT entries and the oldest boards leave the undo list. Each of the
    # 30 undos gives the board before the action it undoes, fields, deck order, log and page alike.
    deck = Deck.objects.get(game_id=game, owner__isnull=True)
    player = Client()
    post(player, deck, {"action": "new", "seed": "11"})
    pages = [post(player, deck, {"action": "next"})]  # cards are drawn by hand from turn 1 on
    states = [board_state(player, deck)]
    for i in range(45):
        pages.append(post(player, deck, [a for a in CYCLE if a["action"] != "undo"][i % 7]))
        states.append(board_state(player, deck))
    assert states[-1][0]["log_dropped"] > 0  # trimmed
    for back in range(1, board_page.UNDO_STEPS + 1):
        page = post(player, deck, {"action": "undo"})
        assert board_state(player, deck) == states[-1 - back], back
        if back == board_page.UNDO_STEPS:  # nothing more to undo now: the button is greyed out
            page = page.replace('value="undo" id="board-undo" disabled', 'value="undo" id="board-undo" ')
        assert page == pages[-1 - back], back
    refused = player.post(f"/d/{deck.share_id}/board/", {"action": "undo"}, headers={"HX-Request": "true"})
    assert "Nothing to undo." in refused.content.decode()  # 30 steps, as before


def test_a_shuffle_after_the_log_is_trimmed_is_the_whole_logs_shuffle(samples) -> None:
    # The shuffle is seeded by the number of entries logged, the dropped ones too: the board shuffles the
    # deck as the engine does for the same game with its whole log.
    deck = Deck.objects.get(game_id="fftcg", owner__isnull=True)
    player = Client()
    post(player, deck, {"action": "new", "seed": "3"})
    table = board_page.GAMES["fftcg"].Table(convert.deck_to_engine(deck))
    whole = table.deal(3, going_first=True)
    for _ in range(40):
        post(player, deck, {"action": "reveal", "n": "1"})
        whole = table.reveal(whole, 1)
    post(player, deck, {"action": "shuffle"})
    whole = table.shuffle(whole)
    board, log = board_state(player, deck)
    assert (
        board["log_dropped"] == 42 - board_page.LOG_KEPT and tuple(log) == whole.log[-board_page.LOG_KEPT :]
    )
    assert tuple(board["deck"]) == whole.deck and whole.deck != table.deal(3, going_first=True).deck


def test_an_action_that_logs_more_than_the_board_keeps_still_undoes(samples) -> None:
    # No action of the boards logs 30 entries at once today; if one did, the entries between what the
    # board before it keeps and what it keeps are kept by no board: the session leaves them out.
    deck = Deck.objects.get(game_id="gbf", owner__isnull=True)
    table = board_page.GAMES["gbf"].Table(convert.deck_to_engine(deck))
    before = table.deal(1, going_first=True)
    after = table.reveal(before, 1)
    after = replace(after, log=after.log + tuple(f"entry {i}" for i in range(40)))
    request = SimpleNamespace(session={})
    board_page._save(request, deck, after, [before])
    kept = request.session[f"board:{deck.pk}"]
    # 42 entries (the setup line, the look, 40 more): the board keeps the last 30, the board before the
    # setup line, none keeps the 11 between.
    assert kept["log"].count(None) == 11 and len(kept["log"]) == 42
    board, history = board_page._load(request, deck, board_page.GAMES["gbf"])
    assert history == [before] and board == trim_log(after, board_page.LOG_KEPT)
    assert board.log[-1] == "entry 39" and len(board.log) == board_page.LOG_KEPT
