"""What every board refuses before the first turn: a draw or a search by hand. Setup deals the opening
hand and its one change (a mulligan or a redraw) by the rules; no card text is played before the game
starts, so nothing else takes a card from the deck into the hand."""

from __future__ import annotations

import importlib

import pytest

from engine.board import BoardError
from engine.samples import sample_deck

OPENING_RULES = {"fftcg": "8.2.1.3", "dbsfw": "6-2-1-8", "gbf": "5-2-1-5", "fireforce": "404.1c"}


@pytest.mark.parametrize("game", OPENING_RULES)
def test_no_card_is_drawn_or_searched_for_in_setup(game) -> None:
    table = importlib.import_module(f"engine.board.{game}").Table(sample_deck(game))
    board = table.deal(11, True)
    with pytest.raises(BoardError, match=OPENING_RULES[game]):
        table.draw(board)
    with pytest.raises(BoardError, match=OPENING_RULES[game]):
        table.search(board, board.deck[0])
    board = table.next_turn(board)
    assert len(table.draw(board).hand) == len(board.hand) + 1
    assert len(table.search(board, board.deck[0]).hand) == len(board.hand) + 1
