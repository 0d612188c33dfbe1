"""``IBoardModel``: the board contract every search needs (Rice role: ``IBoardModel``).

What a board may add for the search enhancements is the optional
:class:`~oogames.board.hints.ISearchHints`; what boards share is
:class:`~oogames.board.model.ABoardModel`.
"""

from __future__ import annotations

import abc
from collections.abc import Hashable
from typing import TYPE_CHECKING, Self

from oogames.board.lambdas import P
from oogames.board.visitors import R
from oogames.errors import SettingsError, shown

if TYPE_CHECKING:
    from oogames.board.lambdas import IBoardLambda
    from oogames.board.moves import Move
    from oogames.board.undo import IUndoMove
    from oogames.board.visitors import IBoardStatusVisitor, ICheckMoveVisitor, MoveStatus


class IBoardModel(abc.ABC):
    """The rules of a game (Rice role: ``IBoardModel``).

    Players are ids, the ints 0 and 1 in a two-player game (``0 .. players - 1`` in a
    game of more: :class:`~oogames.board.turns.ATurns`); player 0 moves first. A search
    sees a board only through :meth:`map`, :meth:`make_move` and :meth:`execute`.

    Those three take the caller's parameter and hand it to the roles they call, so
    its type is checked end to end: ``map`` with an ``IBoardLambda[P]`` takes a ``P``,
    as in the Rice Java (``map(int, IBoardLambda<P>, P)``). Here it is always given;
    :class:`~oogames.board.model.ABoardModel` also lets a caller leave it out (it is
    then None) where the roles take any parameter.
    """

    __slots__ = ()

    @abc.abstractmethod
    def map(self, player: int, lam: IBoardLambda[P], param: P) -> None:
        """Apply ``lam`` to every valid move of ``player``, in the board's move order.

        Calls ``lam.apply(player, self, move, param)`` for each valid move and
        stops as soon as ``apply`` returns false. If the game is over, or
        ``player`` has no valid move (it is not their turn, or they must
        pass), calls ``lam.no_apply(player, self, param)`` once instead.
        """

    @abc.abstractmethod
    def make_move(
        self, player: int, move: Move, check: ICheckMoveVisitor[P], status: MoveStatus[P], param: P
    ) -> IUndoMove:
        """Make ``move`` for ``player`` and report through the visitors.

        An invalid move calls ``check.invalid_move_case``, changes nothing
        and returns an undo that does nothing. A valid move changes the
        board, calls ``check.valid_move_case``, then dispatches the new
        status to exactly one case of ``status`` (with this board and
        ``param``), and returns the undo command.
        """

    @abc.abstractmethod
    def execute(self, visitor: IBoardStatusVisitor[R, P], param: P) -> R:
        """Dispatch the current status to ``visitor`` and return what its case returns."""

    @abc.abstractmethod
    def reset(self) -> None:
        """Go back to the starting position."""

    @property
    @abc.abstractmethod
    def to_move(self) -> int:
        """The player whose turn it is."""

    @property
    @abc.abstractmethod
    def ply(self) -> int:
        """How many moves (passes included) have been played from the start."""

    @abc.abstractmethod
    def pop(self) -> Move:
        """Take back the latest move and return it (a search interrupted is put back with it)."""

    @abc.abstractmethod
    def key(self) -> Hashable:
        """A hashable key of the position, equal exactly when the positions are equal."""

    @abc.abstractmethod
    def copy(self) -> Self:
        """An independent board in the same position, with the same history."""

    @abc.abstractmethod
    def legal_moves(self, player: int | None = None) -> list[Move]:
        """The valid moves of ``player`` (default: the player to move), in map order."""


def check_board(board: object) -> IBoardModel:
    """``board``, if it is a board model: what a search or ``perft`` is given is checked so
    that arguments given the wrong way round (``trace_search(search, board)``) say so.

    Raises:
        SettingsError: ``board`` is no :class:`IBoardModel`.
    """
    if not isinstance(board, IBoardModel):
        raise SettingsError(
            f"a search takes a board model, like TicTacToeBoard(), not {shown(board, 60)}"
        )
    return board
