"""The 21 game (NimBoard): rules, notation, errors, and its solution."""

from __future__ import annotations

import pytest

from oogames import AlphaBetaFac, BoardOptionError, IllegalMoveError, MalformedMoveError, MinMax
from oogames.games import NimBoard, nim_distance


def test_the_21_game_is_a_first_player_win_with_exactly_one_winning_first_move() -> None:
    """From 0, the first player wins, and only by adding 1 (reaching 1 = 21 mod 4)."""
    board = NimBoard()
    result = MinMax(AlphaBetaFac()).analyze(board)
    assert result.value is not None and result.value > 0 and result.move == 1
    winning = []
    for move in board.legal_moves():
        undo = board.play(move)
        reply = MinMax(AlphaBetaFac()).analyze(board)
        undo()
        assert reply.value is not None
        if reply.value < 0:  # the opponent loses after this move
            winning.append(move)
    assert winning == [1]


@pytest.mark.parametrize(("target", "max_add"), [(5, 2), (10, 3), (12, 4), (7, 7), (1, 1)])
def test_search_agrees_with_the_modulo_rule(target: int, max_add: int) -> None:
    """The player to move wins exactly when the distance to the target is no multiple of max+1."""
    for total in range(target):
        board = NimBoard(target, max_add)
        while board.total < total:
            board.play(min(max_add, total - board.total))
        if board.is_over:
            continue
        value = MinMax(AlphaBetaFac()).analyze(board).value
        assert value is not None
        assert (value > 0) == ((target - total) % (max_add + 1) != 0)
        assert nim_distance(board, board.to_move) == (1.0 if value > 0 else -1.0)


def test_reaching_the_target_wins_and_passing_it_is_refused() -> None:
    """Whoever reaches the target wins; a move past it is an illegal move that changes nothing."""
    board = NimBoard(target=5, max_add=3)
    board.play(3)
    with pytest.raises(IllegalMoveError, match="pass 5"):
        board.play(3)
    assert board.total == 3 and board.to_move == 1
    board.play(2)
    assert board.winner == 1 and board.is_over
    assert board.status_text() == "B has won"


def test_moves_are_the_steps_that_fit() -> None:
    """Near the target only the steps that do not pass it are moves."""
    board = NimBoard.from_moves([3, 3, 3, 3, 3, 3, 3 - 1])
    assert board.total == 20 and board.legal_moves() == [1]


def test_notation_and_malformed_moves() -> None:
    """Moves are written as the number added; other text or numbers are malformed."""
    board = NimBoard()
    assert board.parse_move(" 2 ") == 2 and board.format_move(3) == "3"
    for text in ("4", "0", "x"):
        with pytest.raises(MalformedMoveError):
            board.parse_move(text)
    with pytest.raises(MalformedMoveError, match="1 to 3"):
        board.play(4)
    with pytest.raises(MalformedMoveError):
        board.play("2")


@pytest.mark.parametrize("options", [{"target": 0}, {"max_add": 0}, {"target": 3, "max_add": 4}])
def test_bad_options_are_refused(options: dict[str, int]) -> None:
    """A target below 1, or a step out of 1..target, is a BoardOptionError."""
    with pytest.raises(BoardOptionError):
        NimBoard(**options)


def test_key_includes_whose_turn() -> None:
    """The same total reached in one move and in two are different positions."""
    one, two = NimBoard.from_moves([2]), NimBoard.from_moves([1, 1])
    assert one.total == two.total and one != two and one.key() != two.key()
    assert NimBoard.from_moves([1, 2]) == NimBoard.from_moves([2, 1])
