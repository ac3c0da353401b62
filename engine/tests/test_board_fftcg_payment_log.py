"""The FFTCG board's log says how each cast was paid (issue 33, item 8): which cards were discarded for
2 CP each and which were dulled for 1 CP each (7.3), not one list of names."""

from engine import Card, Deck, DeckEntry
from engine.board.fftcg import Table


def test_the_log_names_the_discarded_and_the_dulled_cards_apart() -> None:
    hearth = Card("B-001", "Hearth", "backup", ("fire",), 1, keywords=("multi-playable",))
    knight = Card("F-001", "Knight", "forward", ("fire",), 3, keywords=("multi-playable",))
    deck = Deck(
        "fftcg", "constructed", {"main": (DeckEntry("B-001", 10), DeckEntry("F-001", 40))},
        {"B-001": hearth, "F-001": knight},
    )  # fmt: skip
    table = Table(deck)
    order = ["B-001", "F-001", "F-001", "F-001", "F-001"] + ["F-001"] * 40 + ["B-001"] * 5
    board = table.next_turn(table.deal(0, True, order))  # hand: Hearth, Knight x 4 (+ the draws)
    board = table.cast(board, 0, [1])  # Hearth for 1, discarding a Knight: it enters dull (5.2.3.1.1.3)
    assert board.log[-1] == "cast Hearth, discarding Knight (2 CP)"
    board = table.next_turn(board)  # Hearth active again
    board = table.cast(board, 0, [1], [("backups", 0)])  # a Knight for 3: a discard and the Backup
    assert board.log[-1] == "cast Knight, discarding Knight (2 CP), dulling Hearth (1 CP)"
