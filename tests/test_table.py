"""The transposition table (+tt): the same values as the search without it, on every small game."""

from __future__ import annotations

import random
import zlib
from collections.abc import Callable
from typing import Any

import pytest
from helpers import count, mobility, searchable, snapshot, tree_is_smaller_than

from oogames import ABoardModel, AlphaBetaFac, DepthFac, MinMax, MinMaxFac, SettingsError
from oogames.games import (
    ConnectFourBoard,
    GrundyBoard,
    KalahBoard,
    NimBoard,
    OthelloBoard,
    TicTacToeBoard,
)
from oogames.nextmove import (
    NegaAlphaBetaFac,
    SelectiveFac,
    TranspositionTable,
    TTFac,
    best_by_evaluation,
)

#: The small games of the issue: every one is searched to the end and under depth limits.
SMALL: dict[str, Callable[[], ABoardModel]] = {
    "tictactoe-3x3": TicTacToeBoard,
    "tictactoe-4x4-k3": lambda: TicTacToeBoard(4, 4, 3),
    "connectfour-4x4-k3": lambda: ConnectFourBoard(4, 4, 3),
    "connectfour-5x4-k4": lambda: ConnectFourBoard(5, 4, 4),
    "othello-4": lambda: OthelloBoard(4),
    "nim-21-3": NimBoard,
    "grundy-9": lambda: GrundyBoard((9,)),
    "kalah-3-3": lambda: KalahBoard(3, 3),
    "kalah-4-2-empty": lambda: KalahBoard(4, 2, empty_capture=True),
}


@pytest.mark.parametrize("name", sorted(SMALL))
@pytest.mark.parametrize("size", [7, 1 << 16])
def test_a_table_changes_no_value_or_move(name: str, size: int) -> None:
    """alphabeta+tt (and minimax+tt, negamax-ab+tt) give plain alpha-beta's value, with a
    tiny table (7 positions: entries forgotten all the time) or a large one; the board is
    unchanged."""
    rng = random.Random(zlib.crc32(f"{name}{size}".encode()))
    for _ in range(30):
        board = searchable(SMALL[name], [rng.randrange(40) for _ in range(rng.randrange(2, 9))])
        depth = rng.choice([None, 1, 2, 3, 4])
        if depth is None and not tree_is_smaller_than(board, 200_000):
            depth = 4
        inner: Any = AlphaBetaFac() if depth is None else DepthFac(AlphaBetaFac(), depth, mobility)
        plain = MinMax(inner).analyze(board)
        before = snapshot(board)
        table = TranspositionTable(size)
        for factory in (
            inner,
            MinMaxFac() if depth is None else DepthFac(MinMaxFac(), depth, mobility),
        ):
            tabled = MinMax(TTFac(factory, table)).analyze(board)
            assert tabled.value == plain.value, (name, board.moves, depth)
            assert tabled.pv[0] in board.legal_moves() or board.can_pass()
        nega: Any = (
            NegaAlphaBetaFac() if depth is None else DepthFac(NegaAlphaBetaFac(), depth, mobility)
        )
        assert MinMax(TTFac(nega, size=size)).analyze(board).value == plain.value
        assert snapshot(board) == before
        count("+tt = plain alpha-beta (value)")


def test_a_table_saves_nodes_where_positions_repeat() -> None:
    """Tic-tac-toe from the start: 20,865 nodes without the table, fewer with it; hits counted."""
    plain = MinMax(AlphaBetaFac()).analyze(TicTacToeBoard())
    tabled = MinMax(TTFac(AlphaBetaFac())).analyze(TicTacToeBoard())
    assert plain.stats.nodes == 20_865 and tabled.stats.nodes < plain.stats.nodes // 2
    assert tabled.stats.table_hits > 0 and tabled.value == plain.value == 0
    assert tabled.outcome() == "draw"  # table hits are not evaluated leaves


def test_grundy_positions_are_met_again_through_the_key() -> None:
    """Grundy's game: equal heaps by different splits are one position to the table."""
    board = GrundyBoard((17,))
    plain = MinMax(AlphaBetaFac()).analyze(board)
    tabled = MinMax(TTFac(AlphaBetaFac())).analyze(board)
    assert tabled.value == plain.value and tabled.stats.nodes * 5 < plain.stats.nodes


def test_a_table_refuses_searches_it_would_misuse() -> None:
    """Selective search has horizons a table cannot see: refused with SettingsError."""
    selective = SelectiveFac(DepthFac(AlphaBetaFac(), 2, mobility), best_by_evaluation(1, mobility))
    with pytest.raises(SettingsError, match="transposition table"):
        TTFac(selective)
    with pytest.raises(SettingsError, match="table size"):
        TranspositionTable(0)


def test_deepening_with_a_shared_table_orders_moves_and_saves_nodes() -> None:
    """Depths 1..8 on Connect Four after 44: the table's best moves go first, far fewer nodes,
    the same move and value as deepening without it."""
    from oogames.games import connect_four_lines
    from oogames.nextmove import IterativeDeepening

    board = ConnectFourBoard.from_moves("44")
    plain = IterativeDeepening(
        lambda d: DepthFac(AlphaBetaFac(), d, connect_four_lines), max_depth=8
    ).analyze(board)
    table = TranspositionTable()
    tabled = IterativeDeepening(
        lambda d: TTFac(DepthFac(AlphaBetaFac(), d, connect_four_lines), table), max_depth=8
    ).analyze(board)
    assert (tabled.move, tabled.value) == (plain.move, plain.value)
    # The table's move is searched first and met again in the board's order, where the
    # table settles it (one node more than leaving it out, and cheaper than asking).
    assert (plain.stats.nodes, tabled.stats.nodes) == (77_579, 9_347)


def test_a_full_table_forgets_its_older_half_and_keeps_the_newest() -> None:
    table = TranspositionTable(size=4)
    for key in range(10):
        table.put(key, float(key), 0, -1, None)
        assert len(table) <= 4
        assert table.get(key) == (float(key), 0, -1, None, False)
    assert sorted(table.entries) == [6, 7, 8, 9]  # filed after the last two clear-outs
    table.put(9, 1.0, 1, 2, 3, True)  # a position already filed: replaced, nothing forgotten
    assert sorted(table.entries) == [6, 7, 8, 9] and table.get(9) == (1.0, 1, 2, 3, True)
    assert (table.stores, table.probes) == (11, 11)
    one = TranspositionTable(size=1)
    one.put("a", 0.0, 0, -1, None)
    one.put("b", 0.0, 0, -1, None)
    assert list(one.entries) == ["b"]


#: Black to move on a 6 x 6 Othello board with four squares empty: lost in five plies, a
#: pass among them (a position the differential test drew with another salt).
LOST_IN_FIVE = [(4, 3), (2, 4), (1, 5), (4, 1), (3, 1), (4, 0), (1, 3), (0, 4), (0, 3), (2, 5),
                (1, 4), (4, 4), (3, 5), (0, 5), (5, 3), (3, 4), (2, 1), (4, 5), (5, 1), (1, 2),
                (4, 2), (3, 0), (2, 0), (1, 1), (0, 1), (5, 2), (5, 0), (0, 0)]  # fmt: skip


@pytest.mark.parametrize("spec", ["alphabeta+tt+aspiration", "alphabeta+tt+history+aspiration"])
def test_a_window_narrowed_by_a_guessed_entry_makes_the_value_a_guess(spec: str) -> None:
    """A table entry that an earlier search derived from evaluated horizons is a guess
    whether it settles a position or only narrows its window: the value then found inside
    the narrowed window is the depth-limited one. The aspiration search's first, narrow
    search filed such bounds; its second, open search met them, narrowed by them, evaluated
    nothing itself and called its depth-4 value (0, a draw) exact, so ``:5@1000`` stopped
    at depth 4 where the game is lost in 5 (on the table's fast path, ``+tt``, and through
    the table's decorator, ``+tt+history``)."""
    from oogames.games import othello_weighted_squares
    from oogames.nextmove.specs import make_strategy

    board = OthelloBoard.from_moves(LOST_IN_FIVE, size=6)
    lost = MinMax(AlphaBetaFac()).analyze(board).value
    assert lost is not None and lost < -999_000  # a loss: the game's value
    at_four = make_strategy(f"{spec}:4@1000", othello_weighted_squares).analyze(board)
    limited = make_strategy("alphabeta:4", othello_weighted_squares).analyze(board)
    assert at_four.value == limited.value == 0  # alpha-beta's value at depth 4
    assert not at_four.exact and at_four.stats.guessed_hits > 0
    at_five = make_strategy(f"{spec}:5@1000", othello_weighted_squares).analyze(board)
    assert at_five.stats.depth_reached == 5 and at_five.value == lost and at_five.exact
    count("windows narrowed by a guessed entry, called a guess")
