"""Grundy's game: rules, notation, keys, and agreement with Sprague-Grundy theory."""

from __future__ import annotations

import functools

import pytest

from oogames import AlphaBetaFac, BoardOptionError, IllegalMoveError, MinMax, MinMaxFac
from oogames.games import GrundyBoard, grundy_value


@functools.cache
def mex_value(heap: int) -> int:
    """The Sprague-Grundy value of one heap, computed here from the definition."""
    reachable = {mex_value(a) ^ mex_value(heap - a) for a in range(1, heap) if a != heap - a}
    value = 0
    while value in reachable:
        value += 1
    return value


@pytest.mark.parametrize("heap", range(1, 15))
def test_one_heap_agrees_with_sprague_grundy(heap: int) -> None:
    """From one heap of n, the first player wins exactly when its Grundy value is not 0."""
    board = GrundyBoard((heap,))
    expected_win = mex_value(heap) != 0
    if board.is_over:
        assert board.winner == 1 and not expected_win
        return
    value = MinMax(AlphaBetaFac()).analyze(board).value
    assert value is not None and (value > 0) == expected_win
    assert grundy_value([heap]) == mex_value(heap)


@pytest.mark.parametrize("heaps", [(3, 4), (5, 3), (4, 4), (3, 3, 3), (6, 5), (2, 7)])
def test_several_heaps_agree_with_the_xor_of_their_values(heaps: tuple[int, ...]) -> None:
    """With several heaps, the first player wins exactly when the xor of the values is not 0."""
    expected_win = functools.reduce(lambda a, b: a ^ b, map(mex_value, heaps)) != 0
    result = MinMax(MinMaxFac()).analyze(GrundyBoard(heaps))
    assert result.value is not None and (result.value > 0) == expected_win


def test_the_slides_heap_of_seven_is_lost_for_the_first_player() -> None:
    """The lecture slides' game from 7 tokens: the second player (B) has a winning strategy."""
    result = MinMax(AlphaBetaFac()).analyze(GrundyBoard())
    assert result.outcome().startswith("loss")


def test_splits_and_the_end_of_the_game() -> None:
    """A split makes two unequal heaps; when no heap of 3 or more is left, the mover has won."""
    board = GrundyBoard((5,))
    assert board.legal_moves() == [(5, 1), (5, 2)]
    board.play((5, 2))
    assert board.heaps == (3, 2) and board.legal_moves() == [(3, 1)]
    board.play((3, 1))
    assert board.heaps == (2, 2, 1) and board.is_over and board.winner == 1  # B split last


def test_equal_positions_by_different_splits_have_equal_keys() -> None:
    """(7) -> 6+1 -> 4+2+1 and (7) -> 5+2 -> 4+1+2 are the same position."""
    one = GrundyBoard.from_moves([(7, 1), (6, 2)])
    two = GrundyBoard.from_moves([(7, 2), (5, 1)])
    assert one.heaps == two.heaps == (4, 2, 1)
    assert one.key() == two.key() and one == two and one.moves != two.moves


def test_notation() -> None:
    """A split is written 7=3+4, and read from 7=3+4, 7=4+3 or 7:3."""
    board = GrundyBoard((7,))
    assert board.format_move((7, 3)) == "7=3+4"
    assert board.parse_move("7=4+3") == board.parse_move("7:3") == (7, 3)
    with pytest.raises(IllegalMoveError, match="is not 7"):
        board.parse_move("7=3+3")
    with pytest.raises(IllegalMoveError, match="unequal"):
        board.parse_move("6:3")


def test_illegal_splits_are_refused() -> None:
    """Splitting a heap that is not there, or into equal halves, is refused; nothing changes."""
    board = GrundyBoard((7,))
    with pytest.raises(IllegalMoveError, match="no heap of 6"):
        board.play((6, 1))
    with pytest.raises(IllegalMoveError, match="unequal"):
        board.play((8, 4))
    with pytest.raises(IllegalMoveError):
        board.play((7, 0))
    assert board.heaps == (7,) and board.moves == ()


@pytest.mark.parametrize("heaps", [(), (0,), (3, -1), (2.5,), "7", (600, 600)])
def test_bad_heaps_are_refused(heaps: object) -> None:
    """Heaps must be one or more whole numbers of at least 1, 1,000 tokens at most."""
    with pytest.raises(BoardOptionError):
        GrundyBoard(heaps)  # type: ignore[arg-type]


def test_a_position_with_no_split_is_over_from_the_start() -> None:
    """Heaps of 1 and 2 only: the first player cannot move and has lost."""
    board = GrundyBoard((2, 1, 2))
    assert board.is_over and board.winner == 1 and board.legal_moves() == []
