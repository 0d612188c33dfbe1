"""The error hierarchy and messages, and the PASS move."""

from __future__ import annotations

import copy
import pickle

import pytest

from oogames import (
    PASS,
    BoardOptionError,
    GameOverError,
    IllegalMoveError,
    MalformedMoveError,
    NotYourTurnError,
    OogamesError,
    SearchError,
    TicTacToeBoard,
    UndoError,
)
from oogames.errors import StrategySpecError


@pytest.mark.parametrize(
    ("error", "builtin"),
    [
        (IllegalMoveError, ValueError),
        (MalformedMoveError, IllegalMoveError),
        (NotYourTurnError, IllegalMoveError),
        (GameOverError, IllegalMoveError),
        (BoardOptionError, ValueError),
        (UndoError, RuntimeError),
        (SearchError, RuntimeError),
        (StrategySpecError, ValueError),
    ],
)
def test_every_error_is_an_oogames_error_and_a_builtin_one(
    error: type[Exception], builtin: type[Exception]
) -> None:
    """One except OogamesError catches all; each is also the builtin a user would expect."""
    assert issubclass(error, OogamesError) and issubclass(error, builtin)


def test_illegal_move_message_names_move_player_reason_and_position() -> None:
    """The message is one line: the move in notation, the player by name, why; the board is kept."""
    board = TicTacToeBoard.from_moves("b2")
    with pytest.raises(IllegalMoveError) as caught:
        board.play((1, 1))
    error = caught.value
    assert (error.move, error.player, error.reason, error.index) == ((1, 1), 1, "b2 is taken", None)
    assert str(error) == "illegal move b2 by O: b2 is taken"
    assert error.position == str(board)


def test_at_index_keeps_the_class_and_adds_the_place() -> None:
    """at_index gives the same kind of error, saying which move of a list it was (1-based)."""
    error = NotYourTurnError("m", 1, "it is X's turn", "pos")
    placed = error.at_index(4)
    assert type(placed) is NotYourTurnError and placed.index == 4
    assert str(placed) == "illegal move 5 'm' by player 1: it is X's turn"


def test_pass_is_one_value() -> None:
    """PASS is a singleton: copies and pickles are PASS itself, and it reads 'pass'."""
    assert copy.copy(PASS) is PASS and copy.deepcopy(PASS) is PASS
    assert pickle.loads(pickle.dumps(PASS)) is PASS
    assert repr(PASS) == "PASS"
    board = TicTacToeBoard()
    assert board.parse_move("pass") is PASS and board.format_move(PASS) == "pass"


def test_pass_is_refused_when_there_is_a_move() -> None:
    """A player with a valid move cannot pass; the board is unchanged."""
    board = TicTacToeBoard()
    assert not board.can_pass()
    with pytest.raises(IllegalMoveError, match="cannot pass"):
        board.play(PASS)
    assert board.moves == () and board.to_move == 0


def test_a_move_order_must_be_a_permutation_of_the_moves() -> None:
    """set_move_order needs a permutation of the game's moves."""
    board = TicTacToeBoard()
    with pytest.raises(BoardOptionError, match="each of the 9 moves"):
        board.set_move_order([(0, 0)])
    board.set_move_order(list(reversed(board.move_order)))
    assert board.legal_moves()[0] == (2, 2)
