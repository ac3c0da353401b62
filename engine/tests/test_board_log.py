"""A board's log trimmed to its last entries (engine.board.trim_log): what a kept board stores of it, with
every other field, and the shuffles after it, as they were with the whole log."""

from __future__ import annotations

from dataclasses import replace
from types import ModuleType

import pytest

from engine.board import dbsfw, fftcg, fireforce, gbf, logged, trim_log
from engine.samples import sample_deck

BOARDS: dict[str, ModuleType] = {"fftcg": fftcg, "dbsfw": dbsfw, "gbf": gbf, "fireforce": fireforce}


@pytest.mark.parametrize("game", BOARDS)
def test_a_trimmed_board_keeps_its_last_entries_and_shuffles_as_the_whole_one(game: str) -> None:
    table = BOARDS[game].Table(sample_deck(game))
    whole = table.deal(8, going_first=False)
    for n in range(1, 41):  # 40 looks at the top: 41 entries with the setup line
        whole = table.reveal(whole, n % 4 + 1)
    trimmed = trim_log(whole, 10)
    assert trimmed.log == whole.log[-10:] and trimmed.log_dropped == 31
    assert replace(trimmed, log=whole.log, log_dropped=0) == whole  # nothing else changes
    assert logged(trimmed) == logged(whole) == 41
    assert trim_log(trimmed, 10) is trimmed and trim_log(trimmed, 3).log_dropped == 38
    # Each shuffle is seeded by the entries logged so far: trimmed or not, the same orders, and again
    # after another trim between them.
    once, twice = table.shuffle(whole), table.shuffle(table.shuffle(whole))
    assert table.shuffle(trimmed).deck == once.deck != whole.deck
    assert table.shuffle(trim_log(table.shuffle(trimmed), 5)).deck == twice.deck != once.deck
