"""Tic-tac-toe and every m,n,k game: ``TicTacToeBoard(rows=3, cols=3, k=3)``.

Players put a stone on an empty cell in turn; whoever first has ``k`` stones
in a row (across, down or diagonally) wins; a full board is a draw. A move is
``(row, col)``, counted from 0 at the top left. In text, a move is a column
letter and a row number, as the drawing shows them: ``"b2"`` is ``(1, 1)``.

Each player's stones are one int used as a bit set, so making a move, taking
it back and checking for a win are a few integer operations.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import Final

from oogames.board.lambdas import IBoardLambda, P
from oogames.board.moves import Move
from oogames.board.options import Option
from oogames.board.states import DRAW, NON_TERMINAL, WON, ABoardState
from oogames.board.undo import AMoveRecord, IUndoMove
from oogames.board.visitors import AnyCheck, AnyStatus
from oogames.errors import IllegalMoveError
from oogames.games.bitboards import completed_line, lines
from oogames.games.declaration import GameInfo
from oogames.games.grid import AGridBoard

ROWS: Final = Option("rows", 3, "rows", low=1, high=26)
COLS: Final = Option("cols", 3, "columns", low=1, high=26)
K: Final = Option("k", 3, "how many in a row win, at most the longer side", low=1)


class _Stone(AMoveRecord):
    """The record and undo of one stone; one per (player, cell) is made with the board."""

    __slots__ = ("_keep",)

    board: TicTacToeBoard

    def __init__(self, board: TicTacToeBoard, player: int, move: Move, bit: int) -> None:
        super().__init__(board, player, move)
        self._keep = ~bit

    def __call__(self) -> None:
        """Take the stone back, if it is the latest move on its board."""
        board = self.board
        history = board._history
        if not history or history[-1] is not self:
            raise self.out_of_order()
        # The whole undo in one call: this runs for every node of every search.
        del history[-1]
        board._stones[self.player] &= self._keep
        board._to_move = self.player
        board._state = NON_TERMINAL


class TicTacToeBoard(AGridBoard):
    """The board of tic-tac-toe, or of any m,n,k game (``rows`` x ``cols``, ``k`` in a row wins).

    Args:
        rows: Number of rows, 1 to 26.
        cols: Number of columns, 1 to 26.
        k: Stones in a row needed to win, 1 to ``max(rows, cols)``.

    Raises:
        BoardOptionError: An option is out of range.

    >>> board = TicTacToeBoard.from_moves([(1, 1), (0, 0)])
    >>> print(board)
       a b c
     1 O . .
     2 . X .
     3 . . .
    X to move
    >>> board.legal_moves()[:3]
    [(0, 1), (0, 2), (1, 0)]
    """

    __slots__ = (
        "_all_cells",
        "_cell_lines",
        "_pairs",
        "_records",
        "_stones",
        "_windows",
        "cols",
        "k",
        "rows",
    )

    OPTIONS = (ROWS, COLS, K)
    game_name = "tictactoe"
    player_names = ("X", "O")

    def __init__(self, rows: int = 3, cols: int = 3, k: int = 3) -> None:
        super().__init__()
        self.rows = ROWS.check(rows)
        self.cols = COLS.check(cols)
        self.k = K.check(k, high=max(rows, cols))
        self._init_grid(rows, cols)
        cells = list(self._index)
        self._all_cells = (1 << len(cells)) - 1
        self._windows = self._make_windows()
        self._cell_lines = [
            tuple(w for w in self._windows if w >> i & 1) for i in range(len(cells))
        ]
        self._records: list[list[_Stone]] = [
            [_Stone(self, p, cell, 1 << i) for i, cell in enumerate(cells)] for p in (0, 1)
        ]
        self._stones = [0, 0]
        self._install_order(tuple(cells))

    def _make_windows(self) -> tuple[int, ...]:
        """Every line of ``k`` cells on the board, as a bit set."""
        cells = lines(self.rows, self.cols, self.k)
        return tuple(sorted({sum(1 << r * self.cols + c for r, c in line) for _, line in cells}))

    # -- the hot path ----------------------------------------------------------

    def make_move(
        self, player: int, move: Move, check: AnyCheck, status: AnyStatus, param: object = None
    ) -> IUndoMove:
        """Put a stone of ``player`` on the cell ``move`` (see :meth:`IBoardModel.make_move`)."""
        try:
            index = self._index.get(move)
        except TypeError:  # an unhashable move is no cell
            index = None
        stones = self._stones
        if (
            index is None
            or player is not self._to_move
            or self._state is not NON_TERMINAL
            or (stones[0] | stones[1]) >> index & 1
        ):
            return self._make_move_slow(player, move, check, status, param)
        # Place the stone and remember how to take it back.
        mine = stones[player] | 1 << index
        stones[player] = mine
        self._to_move = 1 - player
        record = self._records[player][index]
        if not check.undo_at_once:  # the caller may keep the undo: give it its own
            record = _Stone(self, player, record.move, 1 << index)
        self._history.append(record)
        # Only lines through the new stone can have become complete.
        state: ABoardState
        for line in self._cell_lines[index]:
            if mine & line == line:
                state = WON[player]
                break
        else:
            state = DRAW if (mine | stones[1 - player]) == self._all_cells else NON_TERMINAL
        self._state = state
        check.valid_move_case(self, player, move, param)
        state.execute(self, status, param)
        return record

    def _map_moves(self, player: int, lam: IBoardLambda[P], param: P) -> None:
        occupied = self._stones[0] | self._stones[1]
        for move, bit in self._pairs:
            if not occupied & bit and not lam.apply(player, self, move, param):
                return

    # -- describing the position ----------------------------------------------

    def reset(self) -> None:
        """Empty the board; X (player 0) to move."""
        self._stones = [0, 0]
        self._to_move = 0
        self._state = NON_TERMINAL
        self._history.clear()

    def max_plies_left(self) -> int:
        """The empty cells: every ply fills one."""
        return self.rows * self.cols - len(self._history)

    def key(self) -> int:
        """The position as one int: X's stones in the low bits, O's above them."""
        return self._stones[0] | self._stones[1] << (self.rows * self.cols)

    def table_key(self) -> tuple[Hashable, bool]:
        """The key alone files the position: its stones tell whose turn it is (what
        :meth:`key` computes, without the call: a table asks at every node)."""
        stones = self._stones
        return stones[0] | stones[1] << (self.rows * self.cols), False

    def to_svg(self) -> str:
        """The position as an SVG picture (see :func:`oogames.pictures.boards.tictactoe_svg`)."""
        from oogames.pictures.boards import tictactoe_svg

        return tictactoe_svg(self)

    def stone_at(self, row: int, col: int) -> int | None:
        """The player whose stone is on ``(row, col)``, or None for an empty cell."""
        return self.piece_at(row, col)

    def stones(self, player: int) -> int:
        """The cells of ``player``'s stones as a bit set (bit ``row * cols + col``)."""
        return self._stones[player]

    @property
    def windows(self) -> tuple[int, ...]:
        """Every line of ``k`` cells on the board, as bit sets like :meth:`stones`."""
        return self._windows

    def completed_cells(self) -> set[int]:
        """The indexes (``row * cols + col``) of the cells of a completed line."""
        winner = self.winner
        return set() if winner is None else completed_line(self._windows, self._stones[winner])

    def _owner(self, index: int) -> int | None:
        bit = 1 << index
        return 0 if self._stones[0] & bit else 1 if self._stones[1] & bit else None

    def _move_rule(self) -> str:
        return f"a move is (row, col) with row < {self.rows} and col < {self.cols}"

    def _why_illegal(self, player: int, move: Move) -> IllegalMoveError:
        return self._illegal(move, player, f"{self.format_move(move)} is taken")

    # -- move order -------------------------------------------------------------

    def _move_universe(self) -> tuple[Move, ...]:
        return tuple(self._index)

    def _install_order(self, order: tuple[Move, ...]) -> None:
        self._pairs = [(cell, 1 << self._index[cell]) for cell in order]


def open_lines(board: TicTacToeBoard, player: int) -> float:
    """The lecture slides' evaluation M(s) - O(s), from ``player``'s view.

    M(s) is the number of lines of ``k`` cells still open to ``player`` (no
    opponent stone on them), O(s) the number still open to the opponent.

    >>> open_lines(TicTacToeBoard.from_moves([(1, 1)]), 0)
    4
    """
    mine, theirs = board.stones(player), board.stones(1 - player)
    score = 0
    for line in board.windows:
        if not line & theirs:
            score += 1
        if not line & mine:
            score -= 1
    return score


GAME: Final = GameInfo(
    "tictactoe",
    TicTacToeBoard,
    open_lines,
    "tic-tac-toe and any m,n,k game: k stones in a row on a rows x cols board",
    lambda board: len(board.move_order) <= 9,
)
"""Tic-tac-toe, declared for the command line and the views."""
