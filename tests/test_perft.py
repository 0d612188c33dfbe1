"""perft: move sequences of a given length, through map, make_move and undo only."""

from __future__ import annotations

from collections.abc import Callable

import pytest
from helpers import played, snapshot
from hypothesis import given
from hypothesis import strategies as st

from oogames import PASS, ABoardModel, NotYourTurnError, TicTacToeBoard, perft


def count_by_hand(board: ABoardModel, depth: int) -> int:
    """perft written with legal_moves and play, as a reference."""
    if depth == 0:
        return 1
    if board.is_over:
        return 0
    total = 0
    for move in board.legal_moves() or [PASS]:
        undo = board.play(move)
        total += 1 if depth == 1 else count_by_hand(board, depth - 1)
        undo()
    return total


def test_tictactoe_counts() -> None:
    """The published tic-tac-toe counts; all depths add up to the 549,945 nodes of the tree."""
    board = TicTacToeBoard()
    counts = [perft(board, 0, depth) for depth in range(1, 10)]
    assert counts == [9, 72, 504, 3024, 15120, 54720, 148176, 200448, 127872]
    assert sum(counts) == 549_945
    assert perft(board, 0, 10) == 0  # every game is over by ply 9


@given(path=st.lists(st.integers(0, 1000), max_size=30), depth=st.integers(0, 3))
def test_perft_agrees_with_a_hand_count_and_leaves_the_board(
    make_board: Callable[[], ABoardModel], path: list[int], depth: int
) -> None:
    """On every game, perft equals a count over legal_moves, and the board is unchanged."""
    board = played(make_board, path)
    before = snapshot(board)
    if board.is_over:
        assert perft(board, board.to_move, depth) == (1 if depth == 0 else 0)
        return
    assert perft(board, board.to_move, depth) == count_by_hand(board, depth)
    assert snapshot(board) == before


def test_perft_checks_its_arguments() -> None:
    """Depth 0 is 1; a negative depth or the wrong player is an error."""
    board = TicTacToeBoard()
    assert perft(board, 0, 0) == 1 and perft(board) == 9
    with pytest.raises(ValueError):
        perft(board, 0, -1)
    with pytest.raises(NotYourTurnError):
        perft(board, 1, 2)
