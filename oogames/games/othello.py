"""Othello (the Rice Othello project) on any even size: ``OthelloBoard(size=8)``.

The standard start: four discs in the centre, white on the main diagonal,
black (player 0) to move. A move puts a disc of one's colour on an empty
square so that it brackets one or more lines of the opponent's discs, in any
of the eight directions, between it and another disc of one's colour; the
bracketed discs are flipped. A player with no such move while the other has
one must pass (:data:`~oogames.board.moves.PASS`); when neither can move,
the game is over and the player with more discs wins (equal counts draw).

A move is ``(row, col)``, counted from 0 at the top left; in text it is the
column letter and row number, ``"d3"`` being ``(2, 3)``. Each colour is one
int used as a bit set (bit ``row * size + col``).
"""

from __future__ import annotations

from typing import Final

from oogames.board.lambdas import IBoardLambda, P
from oogames.board.layout import Pieces
from oogames.board.model import ABoardModel
from oogames.board.moves import Move
from oogames.board.options import Option
from oogames.board.states import DRAW, NON_TERMINAL, WON, ABoardState
from oogames.board.undo import AMoveRecord, IUndoMove
from oogames.board.visitors import AnyCheck, AnyStatus
from oogames.errors import BoardOptionError, IllegalMoveError
from oogames.games.bitboards import compass, outflanked, outflanking
from oogames.games.declaration import GameInfo
from oogames.games.grid import AGridBoard, counts_text

SIZE: Final = Option("size", 8, "squares on a side, even", low=4, high=16)


class _Flip(AMoveRecord):
    """The record and undo of one move: the disc placed and the discs it flipped."""

    __slots__ = ("flipped", "placed")

    def __init__(self, board: OthelloBoard, player: int, move: Move, placed: int, flipped: int):
        super().__init__(board, player, move)
        self.placed = placed
        self.flipped = flipped

    def _restore(self, board: ABoardModel) -> None:
        assert isinstance(board, OthelloBoard)
        board._discs[self.player] ^= self.placed | self.flipped
        board._discs[1 - self.player] ^= self.flipped
        board._to_move = self.player
        board._state = NON_TERMINAL


def even_size(size: int) -> int:
    """``size`` if it is an even number from 4 to 16: the side of Othello's board and of
    Rolit's.

    Raises:
        BoardOptionError: It is not.
    """
    if SIZE.check(size) % 2:
        raise BoardOptionError(f"must be even, not {size}", option="size")
    return size


class OthelloBoard(AGridBoard):
    """The board of Othello, ``size`` x ``size`` squares.

    Args:
        size: An even number from 4 to 16.
        position: A starting position other than the standard one: ``size``
            rows of ``size`` characters, ``B`` black, ``W`` white, ``.``
            empty (spaces are ignored), as :class:`str` draws it without the
            coordinates. None for the standard start.
        first: The player to move in the starting position (0 black, 1 white).

    Raises:
        BoardOptionError: ``size`` is odd or out of range, or ``position`` or
            ``first`` is malformed.

    >>> board = OthelloBoard(size=6)
    >>> print(board)
       a b c d e f
     1 . . . . . .
     2 . . . . . .
     3 . . W B . .
     4 . . B W . .
     5 . . . . . .
     6 . . . . . .
    Black to move (2-2)
    >>> [board.format_move(move) for move in board.legal_moves()]
    ['c2', 'b3', 'e4', 'd5']
    """

    __slots__ = (
        "_cache",
        "_cells",
        "_directions",
        "_discs",
        "_full",
        "_pairs",
        "_start",
        "first",
        "position",
        "size",
    )

    OPTIONS = (SIZE,)
    game_name = "othello"
    player_names = ("Black", "White")
    pieces = Pieces(
        ("●", "●"), ("#111111", "#f5f5f5"), ("black", "white"), "#2e7d32", letters=("B", "W")
    )

    def __init__(self, size: int = 8, position: str | None = None, first: int = 0) -> None:
        super().__init__()
        size = even_size(size)
        if first not in (0, 1) or isinstance(first, bool):
            raise BoardOptionError(f"first must be 0 (black) or 1 (white), not {first!r}")
        self.size = size
        self.position = position
        self.first = first
        n = size
        self._full = (1 << n * n) - 1
        self._init_grid(n, n)
        self._cells = list(self._index)
        self._directions = compass(n)
        if position is None:
            low, high = n // 2 - 1, n // 2
            black = self._bit(low, high) | self._bit(high, low)
            white = self._bit(low, low) | self._bit(high, high)
        else:
            black, white = self._read_position(position)
        self._start = (black, white)
        self._cache: tuple[int, int, int, int] = (-1, -1, -1, 0)
        self._pairs: list[tuple[Move, int]] | None = None  # None: row-major order
        self.reset()

    def _read_position(self, text: str) -> tuple[int, int]:
        """Black's and white's discs from a diagram of ``B``, ``W`` and ``.``."""
        rows = [line.replace(" ", "") for line in str(text).strip().splitlines() if line.strip()]
        if len(rows) != self.size or any(len(row) != self.size for row in rows):
            raise BoardOptionError(
                f"a position is {self.size} rows of {self.size} squares (B, W or .)"
            )
        discs = [0, 0]
        for r, row in enumerate(rows):
            for c, mark in enumerate(row.upper()):
                if mark not in "BW.":
                    raise BoardOptionError(f"a square is B, W or ., not {mark!r}")
                if mark != ".":
                    discs["BW".index(mark)] |= self._bit(r, c)
        return discs[0], discs[1]

    def _bit(self, row: int, col: int) -> int:
        return 1 << (row * self.size + col)

    # -- move generation ----------------------------------------------------------

    def _moves_of(self, mine: int, theirs: int) -> int:
        """The squares where the owner of ``mine`` may play, as a bit set."""
        return outflanking(mine, theirs, self._full & ~(mine | theirs), self._directions)

    def _flips(self, bit: int, mine: int, theirs: int) -> int:
        """The discs a disc on ``bit`` would flip."""
        return outflanked(bit, mine, theirs, self._directions)

    def _legal_mask(self, player: int) -> int:
        """The squares ``player`` may play now, cached for the current position."""
        discs = self._discs
        black, white, who, mask = self._cache
        if black != discs[0] or white != discs[1] or who != player:
            mask = self._moves_of(discs[player], discs[1 - player])
            self._cache = (discs[0], discs[1], player, mask)
        return mask

    # -- the hot path ----------------------------------------------------------------

    def make_move(
        self, player: int, move: Move, check: AnyCheck, status: AnyStatus, param: object = None
    ) -> IUndoMove:
        """Put a disc of ``player`` on ``move`` and flip (see :meth:`IBoardModel.make_move`)."""
        try:
            index = self._index.get(move)
        except TypeError:
            index = None
        if index is None or player is not self._to_move or self._state is not NON_TERMINAL:
            return self._make_move_slow(player, move, check, status, param)
        discs = self._discs
        mine, theirs = discs[player], discs[1 - player]
        bit = 1 << index
        flips = 0 if (mine | theirs) & bit else self._flips(bit, mine, theirs)
        if not flips:
            return self._make_move_slow(player, move, check, status, param)
        # Place, flip, and remember exactly what changed.
        mine |= bit | flips
        theirs ^= flips
        discs[player], discs[1 - player] = mine, theirs
        record = _Flip(self, player, move, bit, flips)
        self._history.append(record)
        self._to_move = 1 - player
        # The game goes on if either player can move (the other may have to pass).
        replies = self._moves_of(theirs, mine)
        state: ABoardState
        if replies or self._moves_of(mine, theirs):
            state = NON_TERMINAL
            self._cache = (discs[0], discs[1], 1 - player, replies)
        else:
            ahead = mine.bit_count() - theirs.bit_count()
            state = WON[player] if ahead > 0 else WON[1 - player] if ahead < 0 else DRAW
        self._state = state
        check.valid_move_case(self, player, move, param)
        state.execute(self, status, param)
        return record

    def _map_moves(self, player: int, lam: IBoardLambda[P], param: P) -> None:
        mask = self._legal_mask(player)
        if not mask:
            lam.no_apply(player, self, param)
            return
        cells = self._cells
        if self._pairs is None:
            while mask:
                low = mask & -mask
                if not lam.apply(player, self, cells[low.bit_length() - 1], param):
                    return
                mask ^= low
        else:
            for move, bit in self._pairs:
                if mask & bit and not lam.apply(player, self, move, param):
                    return

    # -- describing the position ----------------------------------------------------

    def reset(self) -> None:
        """Back to the starting position (black to move, unless ``first`` says otherwise)."""
        self._discs = list(self._start)
        self._to_move = self.first
        self._history.clear()
        black, white = self._start
        # A set-up position may already be finished: then nobody can move.
        if self._moves_of(black, white) or self._moves_of(white, black):
            self._state = NON_TERMINAL
        else:
            ahead = black.bit_count() - white.bit_count()
            self._state = WON[0] if ahead > 0 else WON[1] if ahead < 0 else DRAW

    def key(self) -> tuple[int, int, int]:
        """Black's discs, white's discs and the player to move (a pass changes only that)."""
        return (self._discs[0], self._discs[1], self._to_move)

    def to_svg(self) -> str:
        """The position as an SVG picture (see :func:`oogames.pictures.boards.othello_svg`)."""
        from oogames.pictures.boards import othello_svg

        return othello_svg(self)

    def options(self) -> dict[str, object]:
        """``size``, and ``position`` and ``first`` when the start is not the standard one."""
        options: dict[str, object] = {"size": self.size}
        if self.position is not None:
            options["position"] = self.position
        if self.first:
            options["first"] = self.first
        return options

    def discs(self, player: int) -> int:
        """``player``'s discs as a bit set (bit ``row * size + col``)."""
        return self._discs[player]

    def count(self, player: int) -> int:
        """How many discs ``player`` has."""
        return self._discs[player].bit_count()

    def final_margin(self, player: int) -> int | None:
        """``player``'s discs less the opponent's (see
        :meth:`~oogames.board.hints.ISearchHints.final_margin`)."""
        return self._discs[player].bit_count() - self._discs[1 - player].bit_count()

    def margin_bounds(self) -> tuple[int, int]:
        """From losing by every square to winning by every square (the rules alone
        say no more before the end)."""
        squares = self.size * self.size
        return -squares, squares

    def disc_at(self, row: int, col: int) -> int | None:
        """The player whose disc is on ``(row, col)``, or None for an empty square."""
        return self.piece_at(row, col)

    def mobility(self, player: int) -> int:
        """How many moves ``player`` would have if it were their turn now."""
        return self._moves_of(self._discs[player], self._discs[1 - player]).bit_count()

    def _owner(self, index: int) -> int | None:
        bit = 1 << index
        return 0 if self._discs[0] & bit else 1 if self._discs[1] & bit else None

    def score_text(self) -> str:
        """The discs of each player: ``Black 2 - White 2``."""
        return counts_text(self.player_names, (self.count(0), self.count(1)))

    def status_text(self) -> str:
        """Whose turn it is or how the game ended, with the disc count (black-white)."""
        return f"{super().status_text()} ({self.count(0)}-{self.count(1)})"

    def _move_rule(self) -> str:
        return f"a move is (row, col) with row and col less than {self.size}"

    def _why_illegal(self, player: int, move: Move) -> IllegalMoveError:
        index = self._cell_index(move)
        assert index is not None  # a cell: the form is checked first (_move_form_error)
        name = self.format_move(move)
        if (self._discs[0] | self._discs[1]) >> index & 1:
            return self._illegal(move, player, f"{name} is taken")
        return self._illegal(move, player, f"a disc on {name} would flip nothing")

    # -- move order ---------------------------------------------------------------------

    def _move_universe(self) -> tuple[Move, ...]:
        return tuple(self._cells)

    def _install_order(self, order: tuple[Move, ...]) -> None:
        default = order == tuple(self._cells)
        self._pairs = None if default else [(cell, 1 << self._index[cell]) for cell in order]


def _square_weights(size: int) -> dict[int, int]:
    """The Rice-style weighted-square table, as {weight: bit set of its squares}."""
    groups: dict[int, int] = {}
    last = size - 1
    for r in range(size):
        for c in range(size):
            dr, dc = min(r, last - r), min(c, last - c)
            near, far = min(dr, dc), max(dr, dc)
            if (near, far) == (0, 0):
                weight = 100  # corner
            elif (near, far) == (0, 1):
                weight = -20  # beside a corner on the edge
            elif (near, far) == (1, 1):
                weight = -50  # diagonal to a corner
            elif near == 0:
                weight = 10 if far == 2 else 5  # other edge squares
            elif near == 1:
                weight = -2
            else:
                weight = -1
            groups[weight] = groups.get(weight, 0) | 1 << (r * size + c)
    return groups


_WEIGHTS: dict[int, dict[int, int]] = {}


def othello_weighted_squares(board: OthelloBoard, player: int) -> float:
    """An evaluation: weighted squares plus mobility, from ``player``'s view.

    Each square has a weight (corners 100, squares next to a corner -20 or
    -50, edges 5 or 10, inner squares -1 or -2), as the Rice instructors'
    payoff had; the score is the weight of ``player``'s discs less the
    opponent's, plus 5 for each move ``player`` has more than the opponent.
    """
    groups = _WEIGHTS.get(board.size)
    if groups is None:
        groups = _WEIGHTS[board.size] = _square_weights(board.size)
    mine, theirs = board.discs(player), board.discs(1 - player)
    score = 0
    for weight, squares in groups.items():
        score += weight * ((mine & squares).bit_count() - (theirs & squares).bit_count())
    return score + 5 * (board.mobility(player) - board.mobility(1 - player))


GAME: Final = GameInfo(
    "othello",
    OthelloBoard,
    othello_weighted_squares,
    f"Othello on an even size x size board, {SIZE.low} to {SIZE.high}: outflank and flip",
    lambda board: isinstance(board, OthelloBoard) and board.size <= 4,
)
"""Othello, declared for the command line and the views."""
