"""Othello: the start, flips in all eight directions, passes, the end, errors, perft, search."""

from __future__ import annotations

import pytest

from oogames import (
    PASS,
    AlphaBetaFac,
    BoardOptionError,
    IllegalMoveError,
    MalformedMoveError,
    MinMax,
    NotYourTurnError,
    RandomValidMove,
)
from oogames.board.perft import perft
from oogames.games import OthelloBoard, othello_weighted_squares

STAR = """
........
.B.B.B..
..WWW...
.BW.WB..
..WWW...
.B.B.B..
........
........
"""


def test_standard_start() -> None:
    """Four discs in the centre, white on the main diagonal, black to move with four moves."""
    board = OthelloBoard()
    assert board.disc_at(3, 3) == board.disc_at(4, 4) == 1
    assert board.disc_at(3, 4) == board.disc_at(4, 3) == 0
    assert [board.format_move(m) for m in board.legal_moves()] == ["d3", "c4", "f5", "e6"]
    assert board.status_text() == "Black to move (2-2)"


def test_a_move_flips_in_all_eight_directions() -> None:
    """A disc on d4 brackets a white disc in each direction: all eight flip."""
    board = OthelloBoard(position=STAR)
    assert board.count(0) == 8 and board.count(1) == 8
    undo = board.play(board.parse_move("d4"))
    assert board.count(0) == 17 and board.count(1) == 0
    # White has no disc left, so nobody can move: the game is over, black has won.
    assert board.is_over and board.winner == 0
    undo()
    assert board.count(0) == 8 and board.count(1) == 8 and not board.is_over


def test_only_bracketed_lines_flip() -> None:
    """A run of two flips; a run that ends on an empty square or the edge does not."""
    board = OthelloBoard(
        4,
        position="""
        .WWB
        W...
        B...
        ....
        """,
    )
    board.play((0, 0))  # east: W W then B -> flip two; south: W then B -> flip one
    assert board.disc_at(0, 1) == board.disc_at(0, 2) == 0
    assert board.disc_at(1, 0) == 0
    edge = OthelloBoard(4, position="....\n.WW.\n....\n....")
    assert edge.legal_moves() == [] and edge.is_over  # black has no disc to bracket with


def test_a_player_with_no_move_passes() -> None:
    """Black has no move while white has one: black must pass, and the pass is a ply."""
    board = OthelloBoard(
        4,
        position="""
        BBBB
        BWB.
        BBBB
        BBBB
        """,
    )
    assert not board.is_over and board.legal_moves() == [] and board.can_pass()
    assert perft(board, 0, 1) == 1 and perft(board, 0, 2) == 1
    assert MinMax(AlphaBetaFac()).get_next_move(board) is PASS
    assert RandomValidMove(seed=1).get_next_move(board) is PASS
    undo = board.play(PASS)
    assert board.to_move == 1 and board.legal_moves() == [(1, 3)]
    with pytest.raises(IllegalMoveError, match="cannot pass"):
        board.play(PASS)
    undo()
    assert board.to_move == 0 and board.moves == ()


def test_the_game_ends_when_neither_can_move_and_counts_discs() -> None:
    """A full board ends the game; more discs win, equal counts draw."""
    draw = OthelloBoard(4, position="BBBB\nBBBB\nWWWW\nWWWW")
    assert draw.is_over and draw.winner is None
    white = OthelloBoard(4, position="BBBB\nBWWW\nWWWW\nWWWW")
    assert white.is_over and white.winner == 1
    assert white.status_text() == "White has won (5-11)"


def test_illegal_moves_say_why() -> None:
    """Taken squares, squares that flip nothing, squares off the board and wrong turns."""
    board = OthelloBoard()
    with pytest.raises(IllegalMoveError, match="d4 is taken"):
        board.play((3, 3))
    with pytest.raises(IllegalMoveError, match="flip nothing"):
        board.play((0, 0))
    with pytest.raises(MalformedMoveError):
        board.play((8, 0))
    with pytest.raises(MalformedMoveError):
        board.parse_move("i1")
    with pytest.raises(NotYourTurnError):
        board.play((2, 3), player=1)
    assert board.moves == () and board.count(0) == board.count(1) == 2


def test_perft_matches_the_published_counts() -> None:
    """Move sequences of 1 to 6 plies from the 8x8 start: 4, 12, 56, 244, 1396, 8200."""
    board = OthelloBoard()
    assert [perft(board, 0, depth) for depth in range(1, 7)] == [4, 12, 56, 244, 1396, 8200]
    assert board == OthelloBoard()


def test_four_by_four_is_won_by_the_second_player() -> None:
    """Searched to the end, 4x4 Othello is a win for white (the known result)."""
    result = MinMax(AlphaBetaFac()).analyze(OthelloBoard(4))
    assert result.outcome().startswith("loss")


def test_set_up_positions_are_options() -> None:
    """A position and the first player are options: from_moves and copy keep them."""
    board = OthelloBoard(position=STAR, first=0)
    assert board.options() == {"size": 8, "position": STAR}
    twin = OthelloBoard.from_moves("d4", **board.options())
    assert twin.count(0) == 17 and twin.copy() == twin
    white_first = OthelloBoard(first=1)
    assert white_first.to_move == 1 and white_first.options()["first"] == 1


@pytest.mark.parametrize(
    "options",
    [
        {"size": 5},
        {"size": 2},
        {"size": 18},
        {"size": True},
        {"size": "8"},
        {"first": 2},
        {"size": 4, "position": "BW\nWB"},
        {"size": 4, "position": "BWXB\n....\n....\n...."},
    ],
)
def test_bad_options_are_refused(options: dict[str, object]) -> None:
    """Sizes must be even, 4 to 16; positions must be size rows of B, W or ."""
    with pytest.raises(BoardOptionError):
        OthelloBoard(**options)  # type: ignore[arg-type]


def test_evaluation_values_corners_and_is_antisymmetric() -> None:
    """Weighted squares plus mobility: a corner is worth much; white's view is minus black's."""
    board = OthelloBoard.from_moves("d3 c5 f6 f5 e6 e3")
    assert othello_weighted_squares(board, 0) == -othello_weighted_squares(board, 1)
    corner = OthelloBoard(6, position="B.....\n......\n..WB..\n..BW..\n......\n......")
    beside = OthelloBoard(6, position=".B....\n......\n..WB..\n..BW..\n......\n......")
    assert othello_weighted_squares(corner, 0) > othello_weighted_squares(beside, 0) + 100
