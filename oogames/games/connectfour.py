"""Connect Four and every N-in-a-row with gravity: ``ConnectFourBoard(width=7, height=6, k=4)``.

Players drop a token into a column in turn; it falls to the lowest empty
cell. Whoever first has ``k`` tokens in a row (across, down or diagonally)
wins; a full board is a draw. A move is a column index, counted from 0 at
the left; in text a column is written 1-based (``"4"`` is column 3), and
``from_moves("4453")`` reads a string of such digits, the notation of Pascal
Pons' benchmark positions.

The board is two bitboards (one per player) with ``height + 1`` bits per
column, the extra bit a sentinel, so that a win check is a few shifts and
ands for the whole board. ``map`` visits columns centre first.
"""

from __future__ import annotations

from collections.abc import Hashable
from typing import TYPE_CHECKING, Final

from oogames.board.lambdas import IBoardLambda, P
from oogames.board.layout import Layout, Pieces, Square
from oogames.board.moves import Move
from oogames.board.options import Option
from oogames.board.states import DRAW, NON_TERMINAL, WON, ABoardState
from oogames.board.undo import AMoveRecord, IUndoMove
from oogames.board.visitors import AnyCheck, AnyStatus
from oogames.errors import IllegalMoveError
from oogames.games.bitboards import (
    centre_first,
    completed_line,
    has_line,
    line_ends,
    lines,
    mirror_windows,
)
from oogames.games.connectfour_lines import connect_four_lines, connect_four_lines_by_loop
from oogames.games.declaration import GameInfo
from oogames.games.numbered import ANumberedBoard

__all__ = ["GAME", "ConnectFourBoard", "connect_four_lines", "connect_four_lines_by_loop"]

WIDTH: Final = Option("width", 7, "columns", low=1, high=16)
HEIGHT: Final = Option("height", 6, "rows", low=1, high=16)
K: Final = Option("k", 4, "how many in a row win, at most the longer side", low=1)


class _Drop(AMoveRecord):
    """The record and undo of one token; one per (player, column) is made with the board."""

    __slots__ = ("col",)
    board: ConnectFourBoard

    def __init__(self, board: ConnectFourBoard, player: int, col: int) -> None:
        super().__init__(board, player, col)
        self.col = col

    def __call__(self) -> None:
        """Lift the top token of the column, if it is the latest move on its board."""
        board = self.board
        history = board._history
        if not history or history[-1] is not self:
            raise self.out_of_order()
        # The whole undo in one call: this runs for every node of every search.
        del history[-1]
        heights = board._heights
        col = self.col
        top = heights[col] - 1
        heights[col] = top
        board._stones[self.player] ^= 1 << top
        board._to_move = self.player
        board._state = NON_TERMINAL


class ConnectFourBoard(ANumberedBoard):
    """The board of Connect Four, or of N-in-a-row with gravity on any size.

    Args:
        width: Number of columns, 1 to 16.
        height: Number of rows, 1 to 16.
        k: Tokens in a row needed to win, 1 to ``max(width, height)``.

    Raises:
        BoardOptionError: An option is out of range.

    >>> board = ConnectFourBoard.from_moves("4453")
    >>> print(board)
     . . . . . . .
     . . . . . . .
     . . . . . . .
     . . . . . . .
     . . . O . . .
     . . O X X . .
     1 2 3 4 5 6 7
    X to move
    >>> board.legal_moves()
    [3, 2, 4, 1, 5, 0, 6]
    """

    __slots__ = (
        "_board_mask",
        "_bottom_mask",
        "_bottoms",
        "_cells",
        "_columns",
        "_directions",
        "_exact",
        "_exact_key",
        "_heights",
        "_mirror_windows",
        "_o_shift",
        "_ranked_order",
        "_records",
        "_starts",
        "_stones",
        "_tops",
        "_windows",
        "height",
        "k",
        "width",
    )

    OPTIONS = (WIDTH, HEIGHT, K)
    game_name = "connectfour"
    notation = "a column number, like 4"
    move_noun = "column index"
    written_from = 1  # column 0 is written "1"
    player_names = ("X", "O")
    pieces = Pieces(
        ("●", "●"), ("#d62728", "#f2c40f"), ("red", "yellow"), "#1f4fbf", "○", ("X", "O")
    )

    def __init__(self, width: int = 7, height: int = 6, k: int = 4) -> None:
        super().__init__()
        self.width = WIDTH.check(width)
        self.height = HEIGHT.check(height)
        self.k = K.check(k, high=max(width, height))
        stride = height + 1
        self._columns: dict[Move, int] = {col: col for col in range(width)}
        self._bottoms = [col * stride for col in range(width)]
        self._tops = [col * stride + height for col in range(width)]
        self._heights = list(self._bottoms)
        self._cells = width * height
        self._stones = [0, 0]
        self._o_shift = width * stride  # where O's block starts in key()
        # Shifts along a column, a row and both diagonals.
        self._directions = (1, stride, stride + 1, stride - 1)
        self._mirror_windows = mirror_windows(width, stride)
        self._records = [[_Drop(self, p, col) for col in range(width)] for p in (0, 1)]
        self._windows = self._make_windows()
        self._order: tuple[int, ...] = centre_first(width)
        # Ties of the threat order: centre first, right before left (Pons' order,
        # which measured 12% fewer nodes than left first on middle-game positions).
        self._ranked_order = tuple(
            sorted(range(width), key=lambda col: (abs(2 * col - (width - 1)), -col))
        )
        self._exact_key: tuple[int, int] | None = None  # the position _exact_moves last saw
        self._exact = (0, 0)
        self._bottom_mask = sum(1 << bottom for bottom in self._bottoms)
        self._board_mask = self._bottom_mask * ((1 << height) - 1)

    def _bit(self, row: int, col: int) -> int:
        """The bit of the cell ``row`` (0 at the bottom) of column ``col``."""
        return 1 << (col * (self.height + 1) + row)

    def _make_windows(self) -> tuple[int, ...]:
        """Every line of ``k`` cells on the board, as a bit set.

        Also records, per direction of ``_directions``, the first cells of the
        lines in that direction (``_starts``), for bit-parallel counting.
        """
        windows = set()
        starts = [0, 0, 0, 0]
        for direction, cells in lines(self.height, self.width, self.k):
            windows.add(sum(self._bit(row, col) for row, col in cells))
            starts[direction] |= self._bit(*cells[0])
        self._starts = tuple(starts)
        return tuple(sorted(windows))

    # -- the hot path ----------------------------------------------------------

    def make_move(
        self, player: int, move: Move, check: AnyCheck, status: AnyStatus, param: object = None
    ) -> IUndoMove:
        """Drop a token of ``player`` into column ``move`` (see :meth:`IBoardModel.make_move`)."""
        try:
            col = self._columns.get(move)
        except TypeError:  # an unhashable move is no column
            col = None
        heights = self._heights
        if (
            col is None
            or player is not self._to_move
            or self._state is not NON_TERMINAL
            or heights[col] == self._tops[col]
        ):
            return self._make_move_slow(player, move, check, status, param)
        # Drop the token and remember how to lift it.
        mine = self._stones[player] | 1 << heights[col]
        self._stones[player] = mine
        heights[col] += 1
        self._to_move = 1 - player
        record = self._records[player][col]
        if not check.undo_at_once:  # the caller may keep the undo: give it its own
            record = _Drop(self, player, col)
        history = self._history
        history.append(record)
        state: ABoardState
        if has_line(mine, self._directions, self.k):
            state = WON[player]
        elif len(history) == self._cells:
            state = DRAW
        else:
            state = NON_TERMINAL
        self._state = state
        check.valid_move_case(self, player, col, param)
        state.execute(self, status, param)
        return record

    def _map_moves(self, player: int, lam: IBoardLambda[P], param: P) -> None:
        heights, tops = self._heights, self._tops
        for col in self._order:
            if heights[col] != tops[col] and not lam.apply(player, self, col, param):
                return

    # -- what the search enhancements ask (bitboards, as in Pons' solver) -------

    def winning_cells(self, player: int) -> int:
        """The empty cells where a token of ``player`` would complete ``k`` in a row
        (playable now or not), as a bit set like :meth:`stones`."""
        return self._winning_cells(self._stones[player], self._stones[0] | self._stones[1])

    def _winning_cells(self, stones: int, occupied: int) -> int:
        """The empty cells of the board that complete ``k`` in a row with ``stones``."""
        return line_ends(stones, self._directions, self.k) & self._board_mask & ~occupied

    def _exact_moves(self) -> tuple[int, int]:
        """For the player to move: the playable cells that win at once, and those that do
        not let the opponent win at once (0: none). Kept for the last position asked: an
        exact search asks twice a node (``outcome_bounds``, then ``map_best_first``)."""
        stones = self._stones
        if self._exact_key == (stones[0], stones[1]):
            return self._exact
        mover = stones[self._to_move]
        occupied = stones[0] | stones[1]
        playable = occupied + self._bottom_mask & self._board_mask
        wins = self._winning_cells(mover, occupied) & playable
        threats = self._winning_cells(stones[1 - self._to_move], occupied)
        forced = playable & threats
        # Two threats to block: every move loses. Else block a single threat, and never
        # fill the cell under a threat.
        safe = 0 if forced & (forced - 1) else (forced or playable) & ~(threats >> 1)
        self._exact_key = (stones[0], stones[1])
        self._exact = (wins, safe)
        return wins, safe

    def outcome_bounds(self) -> tuple[int, int] | None:
        """Bounds on the exact result for the player to move (see
        :meth:`~oogames.board.hints.ISearchHints.outcome_bounds`): a win in 1 if a token wins now, a
        loss in 2 if every move lets the opponent win, a draw with at most two
        cells left, else between a loss in 4 and a win in 3."""
        if self._state is not NON_TERMINAL:
            return None
        wins, safe = self._exact_moves()
        if wins:
            return (1, 1)
        if not safe:
            return (-2, -2)
        left = self._cells - len(self._history)
        if left <= 2:
            return (0, 0)
        return (-4 if left >= 4 else 0, 3)

    def map_best_first(self, player: int, lam: IBoardLambda[P], param: P, exact: bool) -> None:
        """Columns by the threats the move makes (most first; ties centre first); with
        ``exact``, only the moves that do not let the opponent win at once (all of them
        when every move does)."""
        if self._state is not NON_TERMINAL or player is not self._to_move:
            self.map(player, lam, param)
            return
        mine = self._stones[player]
        occupied = mine | self._stones[1 - player]
        allowed = 0
        if exact:
            # A win at once if there is one, else the moves that do not lose at once.
            wins, safe = self._exact_moves()
            allowed = wins or safe
        if not allowed:
            allowed = self._board_mask
        heights, tops = self._heights, self._tops
        ranked = []
        rank = 0
        for col in self._ranked_order:
            height = heights[col]
            if height != tops[col]:
                bit = 1 << height
                if allowed & bit:
                    threats = self._winning_cells(mine | bit, occupied | bit).bit_count()
                    ranked.append((threats, rank, col))
                    rank -= 1
        ranked.sort(reverse=True)
        for _threats, _rank, col in ranked:
            if not lam.apply(player, self, col, param):
                return

    def max_plies_left(self) -> int:
        """The empty cells: every ply fills one."""
        return self._cells - len(self._history)

    def table_key(self) -> tuple[Hashable, bool]:
        """A position and its mirror image share one key (the smaller of the two, each
        half the size of :meth:`key`'s: mirroring it costs half as much)."""
        stones = self._stones
        # One bit a cell, as Pons keys positions: X's stones, and a mark on the first
        # empty cell of each column (what adding the bottom row to the stones makes).
        key = stones[0] | (stones[0] | stones[1]) + self._bottom_mask
        mirror = 0
        for shift, mask, images in self._mirror_windows:
            mirror |= images[key >> shift & mask]
        return (mirror, True) if mirror < key else (key, False)

    def mirror_move(self, move: Move) -> Move:
        """Column ``c`` of the mirror image is column ``width - 1 - c``."""
        if TYPE_CHECKING:  # a table asks only with the game's own moves (no call at run time)
            assert isinstance(move, int)
        return self.width - 1 - move

    # -- describing the position ----------------------------------------------

    def reset(self) -> None:
        """Empty the board; X (player 0) to move."""
        self._heights = list(self._bottoms)
        self._stones = [0, 0]
        self._to_move = 0
        self._state = NON_TERMINAL
        self._history.clear()

    def key(self) -> int:
        """The position as one int: X's tokens in the low bits, O's above them."""
        return self._stones[0] | self._stones[1] << self._o_shift

    def to_svg(self) -> str:
        """The position as an SVG picture (see :func:`oogames.pictures.boards.connectfour_svg`)."""
        from oogames.pictures.boards import connectfour_svg

        return connectfour_svg(self)

    def layout(self) -> Layout:
        """The columns from the top row down: any square of a column plays that column,
        the square a token would land on is marked, and a completed line's squares."""
        width, height, stride = self.width, self.height, self.height + 1
        legal = set(self.legal_moves())
        squares = tuple(
            Square(col, self.token_at(row, col), col in legal and row == self.column_height(col))
            for row in reversed(range(height))
            for col in range(width)
        )
        winner = self.winner
        bits = set() if winner is None else completed_line(self._windows, self._stones[winner])
        winning = frozenset((height - 1 - bit % stride) * width + bit // stride for bit in bits)
        last = self.moves[-1] if self.moves else None
        landed = None
        if isinstance(last, int):
            landed = (height - self.column_height(last)) * width + last
        return Layout(
            height,
            width,
            squares,
            tuple(self.format_move(col) for col in range(width)),
            ("",) * height,
            winning,
            landed,
        )

    def token_at(self, row: int, col: int) -> int | None:
        """The player whose token is at ``row`` (0 at the bottom) of ``col``, or None."""
        bit = self._bit(row, col)
        return 0 if self._stones[0] & bit else 1 if self._stones[1] & bit else None

    def stones(self, player: int) -> int:
        """``player``'s tokens as a bit set (bit ``col * (height + 1) + row``)."""
        return self._stones[player]

    def column_height(self, col: int) -> int:
        """How many tokens column ``col`` holds."""
        return self._heights[col] - self._bottoms[col]

    @property
    def windows(self) -> tuple[int, ...]:
        """Every line of ``k`` cells, as bit sets like :meth:`stones`."""
        return self._windows

    def line_starts(self) -> tuple[tuple[int, int], ...]:
        """For each direction, ``(shift, first cells)``: a line is ``first + i * shift``, i < k."""
        return tuple(zip(self._directions, self._starts, strict=True))

    def _draw(self) -> str:
        marks: dict[int | None, str] = {None: ".", **dict(enumerate(self.pieces.letters))}
        wide = len(str(self.width))  # columns 10 and up take two characters
        lines = [
            " " + " ".join(f"{marks[self.token_at(row, col)]:>{wide}}" for col in range(self.width))
            for row in reversed(range(self.height))
        ]
        lines.append(" " + " ".join(f"{col + 1:>{wide}}" for col in range(self.width)))
        return "\n".join(lines)

    # -- notation ----------------------------------------------------------------

    def _numbers(self) -> range:
        return range(self.width)

    def _split_moves(self, text: str) -> list[str]:
        """Moves as 1-based column digits, with or without spaces (``"4453"``, ``"4 4 5 3"``)."""
        words = text.split()
        if len(words) == 1 and self.width <= 9:
            words = list(words[0])
        return words

    def _why_illegal(self, player: int, move: Move) -> IllegalMoveError:
        return self._illegal(move, player, f"column {self.format_move(move)} is full")

    # -- move order -------------------------------------------------------------

    def _move_universe(self) -> tuple[Move, ...]:
        return centre_first(self.width)


GAME: Final = GameInfo(
    "connectfour",
    ConnectFourBoard,
    connect_four_lines,
    "Connect Four and N-in-a-row with gravity: k tokens in a row, width x height",
    lambda board: isinstance(board, ConnectFourBoard) and board.width * board.height <= 12,
)
"""Connect Four, declared for the command line and the views."""
