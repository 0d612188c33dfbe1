"""Tic-tac-toe and m,n,k rules: wins in every direction, draws, notation, errors, evaluation."""

from __future__ import annotations

import pytest

from oogames import (
    DRAW,
    PLAYER0_WON,
    PLAYER1_WON,
    BoardOptionError,
    GameOverError,
    IllegalMoveError,
    MalformedMoveError,
    NotYourTurnError,
    OogamesError,
    TicTacToeBoard,
)
from oogames.games import open_lines


@pytest.mark.parametrize(
    "moves",
    [
        "a1 a2 b1 b2 c1",  # across, top row
        "a3 a1 b3 a2 c3",  # across, bottom row
        "c1 a1 c2 b1 c3",  # down, right edge
        "a1 b1 b2 c1 c3",  # diagonal
        "c1 a1 b2 a2 a3",  # anti-diagonal
    ],
)
def test_x_wins_in_every_direction(moves: str) -> None:
    """Three in a row across, down and along both diagonals wins, at the edges too."""
    board = TicTacToeBoard.from_moves(moves)
    assert board.state is PLAYER0_WON and board.winner == 0 and board.is_over


def test_o_can_win() -> None:
    """The second player wins with three in a row too."""
    board = TicTacToeBoard.from_moves("a1 b1 a2 b2 c3 b3")
    assert board.state is PLAYER1_WON and board.winner == 1


def test_full_board_without_a_line_is_a_draw() -> None:
    """A full board with no three in a row is a draw."""
    board = TicTacToeBoard.from_moves("b2 a1 a2 c2 b1 b3 a3 c1 c3")
    assert board.state is DRAW and board.winner is None and board.is_over
    assert board.status_text() == "draw"


def test_win_on_the_last_cell_is_a_win_not_a_draw() -> None:
    """Filling the board with a winning stone is a win."""
    board = TicTacToeBoard.from_moves("a1 b1 c1 a2 b2 c2 b3 a3 c3")
    assert board.state is PLAYER0_WON


def test_mnk_board_needs_k_in_a_row() -> None:
    """On 5x4 with k=4, three in a row does not win and four does."""
    board = TicTacToeBoard.from_moves("a1 a2 b1 b2 c1 c2", rows=4, cols=5, k=4)
    assert not board.is_over
    board.play(board.parse_move("d1"))
    assert board.winner == 0


def test_drawing_shows_coordinates_and_whose_turn() -> None:
    """str() draws column letters, row numbers, the stones and the status line."""
    board = TicTacToeBoard.from_moves("b2 a1")
    assert str(board) == "   a b c\n 1 O . .\n 2 . X .\n 3 . . .\nX to move"


def test_notation() -> None:
    """Cells are written column letter then row number, and read back either case."""
    board = TicTacToeBoard(rows=3, cols=4)
    assert board.format_move((2, 3)) == "d3"
    assert board.parse_move("D3") == (2, 3)
    assert board.parse_move(" b 1 ") == (0, 1)
    with pytest.raises(MalformedMoveError, match="no cell"):
        board.parse_move("e1")
    with pytest.raises(MalformedMoveError):
        board.parse_move("hello")


def test_illegal_moves_say_why_and_show_the_position() -> None:
    """Each kind of illegal move gets its own error class, a one-line message and the board."""
    board = TicTacToeBoard.from_moves("b2")
    with pytest.raises(IllegalMoveError, match="b2 is taken") as taken:  # b2 played already
        board.play((1, 1))
    assert "\n" not in str(taken.value) and ". X ." in taken.value.position
    with pytest.raises(MalformedMoveError, match="row < 3"):
        board.play((3, 0))
    with pytest.raises(MalformedMoveError):
        board.play("b2")  # text is parsed with parse_move, not played
    with pytest.raises(NotYourTurnError, match="O's turn"):
        board.play((0, 0), player=0)
    with pytest.raises(MalformedMoveError, match="the player must be 0 or 1, not 7"):
        board.play((0, 0), player=7)
    won = TicTacToeBoard.from_moves("a1 a2 b1 b2 c1")
    with pytest.raises(GameOverError, match="over"):
        won.play((2, 2))
    assert issubclass(GameOverError, OogamesError) and issubclass(GameOverError, ValueError)


@pytest.mark.parametrize(
    "options",
    [
        {"rows": 0},
        {"cols": 27},
        {"k": 4},
        {"k": 0},
        {"rows": 2.5},
        {"rows": True},
        {"rows": "3"},
    ],
)
def test_bad_options_are_refused(options: dict[str, object]) -> None:
    """A size or k out of range, or not a whole number, is a BoardOptionError."""
    with pytest.raises(BoardOptionError):
        TicTacToeBoard(**options)  # type: ignore[arg-type]


def test_reset_clears_the_board() -> None:
    """reset() gives back the empty board with X to move, and equal to a new board."""
    board = TicTacToeBoard.from_moves("a1 a2 b1 b2 c1")
    board.reset()
    assert board == TicTacToeBoard() and board.moves == () and board.to_move == 0


def test_equal_positions_by_different_orders() -> None:
    """The same stones reached by different move orders are equal, with equal keys."""
    one = TicTacToeBoard.from_moves("a1 b2 c3 a3")
    two = TicTacToeBoard.from_moves("c3 a3 a1 b2")
    assert one == two and one.key() == two.key() and one.moves != two.moves
    assert one != TicTacToeBoard.from_moves("a1 b2 c3 a3", rows=3, cols=4)


def test_open_lines_evaluation() -> None:
    """M(s) - O(s): the lines still open to the player minus those open to the opponent."""
    assert open_lines(TicTacToeBoard(), 0) == 0
    centre = TicTacToeBoard.from_moves("b2")
    assert open_lines(centre, 0) == 8 - 4
    assert open_lines(centre, 1) == 4 - 8
    corner_reply = TicTacToeBoard.from_moves("b2 a1")
    assert open_lines(corner_reply, 0) == (8 - 3) - (8 - 4)
