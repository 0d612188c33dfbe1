"""Connect Four and N-in-a-row with gravity: rules, notation, wins found by search, evaluation."""

from __future__ import annotations

import pytest
from helpers import play_choices
from hypothesis import given
from hypothesis import strategies as st

from oogames import (
    WIN_VALUE,
    AlphaBetaFac,
    BoardOptionError,
    DepthFac,
    IllegalMoveError,
    MalformedMoveError,
    MinMax,
    MinMaxFac,
)
from oogames.board.perft import perft
from oogames.games import ConnectFourBoard, connect_four_lines
from oogames.games.connectfour import connect_four_lines_by_loop


def test_tokens_fall_to_the_lowest_empty_cell() -> None:
    """A token lands on the one below it; the column fills bottom up."""
    board = ConnectFourBoard.from_moves("443")
    assert board.token_at(0, 3) == 0 and board.token_at(1, 3) == 1
    assert board.token_at(0, 2) == 0 and board.token_at(1, 2) is None
    assert board.column_height(3) == 2


def test_a_full_column_is_refused_and_leaves_the_map() -> None:
    """A full column is no move: map skips it and playing it is an illegal move."""
    board = ConnectFourBoard.from_moves("444444")
    assert 3 not in board.legal_moves()
    with pytest.raises(IllegalMoveError, match="column 4 is full"):
        board.play(3)
    assert board.ply == 6


@pytest.mark.parametrize(
    ("moves", "direction"),
    [
        ("1212121", "down, left edge"),
        ("7676767", "down, right edge"),
        ("4455667", "across, bottom right"),
        ("1122334", "across, bottom left"),
        ("12233434474", "diagonal up-right"),
        ("76655454414", "diagonal up-left"),
    ],
)
def test_four_in_a_row_wins_in_every_direction(moves: str, direction: str) -> None:
    """Four in a row down, across or along either diagonal wins, at the edges too."""
    board = ConnectFourBoard.from_moves(moves)
    assert board.winner == 0 and board.is_over, direction
    undo_last = board.pop()
    assert not board.is_over and undo_last == int(moves[-1]) - 1


def test_top_corner_diagonal_and_k_in_a_row() -> None:
    """A diagonal reaching the top-right corner wins; with k=3 three suffice."""
    small = ConnectFourBoard.from_moves("11223", width=3, height=3, k=3)
    assert small.winner == 0
    # On 4x4 with k=4, X's diagonal ends in the top-right corner.
    corner = ConnectFourBoard.from_moves("1223343414", width=4, height=4)
    assert corner.winner is None
    corner.play(3)
    assert corner.winner == 0 and corner.token_at(3, 3) == 0


def test_a_full_board_without_a_line_is_a_draw() -> None:
    """Filling the board with no k in a row is a draw."""
    board = ConnectFourBoard.from_moves("123123", width=3, height=2, k=3)
    assert board.is_over and board.winner is None and board.status_text() == "draw"


def test_perft_matches_the_published_counts() -> None:
    """Move sequences of 1 to 6 plies from the start: 7**n (no game ends before ply 7)."""
    board = ConnectFourBoard()
    assert [perft(board, 0, depth) for depth in range(1, 7)] == [7**n for n in range(1, 7)]
    assert board.ply == 0


def test_win_in_one_is_found() -> None:
    """Three in a row open at both ends: any search of depth 1 or more wins at once."""
    board = ConnectFourBoard.from_moves("445566")
    for depth in (1, 2, 4):
        result = MinMax(DepthFac(AlphaBetaFac(), depth, connect_four_lines)).analyze(board)
        assert result.move in (2, 6) and result.value == WIN_VALUE - 1


def test_win_in_two_moves_is_found() -> None:
    """Two in a row, open on both sides: X makes an open three and wins on its next move."""
    board = ConnectFourBoard.from_moves("4433")
    for factory in (AlphaBetaFac(), MinMaxFac()):
        result = MinMax(DepthFac(factory, 4, connect_four_lines)).analyze(board)
        assert result.outcome() == "win in 3"
        assert result.move in (1, 4)
        assert len(result.pv) == 3


def test_opponent_win_in_one_is_blocked() -> None:
    """O has three on the bottom open only at column 4; X, with no win of its own, blocks."""
    board = ConnectFourBoard.from_moves("151627")
    for depth in (2, 3, 4):
        result = MinMax(DepthFac(AlphaBetaFac(), depth, connect_four_lines)).analyze(board)
        assert result.move == 3


def test_notation_and_pons_strings() -> None:
    """Columns are written 1-based; a string of digits is a game in Pons' notation."""
    board = ConnectFourBoard()
    assert board.parse_move("4") == 3 and board.format_move(3) == "4"
    assert ConnectFourBoard.from_moves("4453").moves == (3, 3, 4, 2)
    assert ConnectFourBoard.from_moves("4 4 5 3").moves == (3, 3, 4, 2)
    wide = ConnectFourBoard.from_moves("10 11 1", width=12, height=6)
    assert wide.moves == (9, 10, 0)
    for text in ("8", "0", "x"):
        with pytest.raises(MalformedMoveError):
            board.parse_move(text)
    with pytest.raises(IllegalMoveError) as caught:
        ConnectFourBoard.from_moves("44448")
    assert caught.value.index == 4


def test_centre_first_order() -> None:
    """map visits columns from the centre out."""
    assert ConnectFourBoard().legal_moves() == [3, 2, 4, 1, 5, 0, 6]
    assert ConnectFourBoard(width=8).legal_moves() == [3, 4, 2, 5, 1, 6, 0, 7]


@pytest.mark.parametrize(
    "options", [{"width": 0}, {"height": 17}, {"k": 8}, {"width": "7"}, {"k": 0}]
)
def test_bad_options_are_refused(options: dict[str, object]) -> None:
    """Sizes out of 1..16 and k out of 1..max(width, height) are BoardOptionErrors."""
    with pytest.raises(BoardOptionError):
        ConnectFourBoard(**options)  # type: ignore[arg-type]


def test_evaluation_is_antisymmetric_and_rewards_threats() -> None:
    """The evaluation for X is minus that for O, and an open three is worth a lot."""
    board = ConnectFourBoard.from_moves("4455")
    assert connect_four_lines(board, 0) == -connect_four_lines(board, 1)
    three = ConnectFourBoard.from_moves("445566"[:5])
    assert connect_four_lines(three, 0) > 32


@given(
    size=st.sampled_from([(7, 6), (5, 4), (8, 7), (4, 4), (9, 9), (16, 16)]),
    path=st.lists(st.integers(0, 1000), max_size=60),
)
def test_bit_parallel_evaluation_equals_the_line_by_line_sum(
    size: tuple[int, int], path: list[int]
) -> None:
    """For k = 4 the bit-sliced count gives exactly the loop over the lines, for both players."""
    board = ConnectFourBoard(*size)
    play_choices(board, path, stop_before_end=True)
    for player in (0, 1):
        assert connect_four_lines(board, player) == connect_four_lines_by_loop(board, player)


_SIZES = st.sampled_from([(4, 4), (7, 6), (5, 3), (1, 3), (8, 8)])
_CHOICES = st.lists(st.integers(0, 63), max_size=64)


@given(_SIZES, _CHOICES, _CHOICES)
def test_table_key_is_one_key_for_a_position_and_its_mirror_image(
    size: tuple[int, int], first: list[int], second: list[int]
) -> None:
    """table_key names a position up to its mirror image: a position and its mirror share
    the key, and two positions share it only if one is the other or its mirror; moves
    filed under a mirrored key are the mirror image's, turned back by mirror_move."""
    width, height = size
    k = min(width, height, 4)
    a, b = ConnectFourBoard(width, height, k), ConnectFourBoard(width, height, k)
    play_choices(a, first)
    play_choices(b, second)
    mirrored_a = ConnectFourBoard.from_moves(
        [width - 1 - move for move in a.moves], width=width, height=height, k=k
    )
    assert mirrored_a.table_key()[0] == a.table_key()[0]
    same = b.key() in (a.key(), mirrored_a.key())
    assert (a.table_key()[0] == b.table_key()[0]) == same
    key, mirrored = a.table_key()
    if mirrored:  # the key is the mirror image's: the mirror image files it unmirrored
        assert mirrored_a.table_key() == (key, False)
    assert [a.mirror_move(column) for column in range(width)] == list(range(width))[::-1]
