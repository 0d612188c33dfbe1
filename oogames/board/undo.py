"""``IUndoMove``: the command ``make_move`` returns, which takes the move back."""

from __future__ import annotations

import abc
from typing import TYPE_CHECKING, Final

from oogames.errors import UndoError

if TYPE_CHECKING:
    from oogames.board.model import ABoardModel
    from oogames.board.moves import Move


class IUndoMove(abc.ABC):
    """A command that takes one move back (Rice role: ``IUndoMove``, command pattern).

    Call it (``undo()``) to restore the board exactly as it was before the
    move: cells, counters, whose turn, status and key. Each undo works once
    and only while its move is the latest on the board; otherwise it raises
    :class:`~oogames.errors.UndoError` and changes nothing.
    """

    __slots__ = ()

    @abc.abstractmethod
    def __call__(self) -> None:
        """Take the move back."""


class NoUndo(IUndoMove):
    """The undo of a refused move: there is nothing to take back."""

    __slots__ = ()

    def __call__(self) -> None:
        """Do nothing."""

    def __repr__(self) -> str:
        return "NO_UNDO"


NO_UNDO: Final = NoUndo()
"""The shared :class:`NoUndo` returned for every invalid move."""


class AMoveRecord(IUndoMove):
    """An undo command that also records the move it takes back.

    Boards keep these on their history stack: ``player`` and ``move`` say
    what was played, and calling the record takes it back. A subclass
    implements :meth:`_restore` (the order check is done here), or, on a
    search's hot path, overrides ``__call__`` whole to save a call, raising
    :meth:`out_of_order` as this one does.
    """

    __slots__ = ("board", "move", "player")

    def __init__(self, board: ABoardModel, player: int, move: Move) -> None:
        self.board = board
        self.player = player
        self.move = move

    def __call__(self) -> None:
        """Take the move back, if it is the latest move on its board."""
        history = self.board._history
        if not history or history[-1] is not self:
            raise self.out_of_order()
        history.pop()
        self._restore(self.board)

    def out_of_order(self) -> UndoError:
        """The error for calling this undo when its move is not the latest on the board."""
        return UndoError(f"cannot undo {self.move!r}: it is not the latest move on the board")

    def _restore(self, board: ABoardModel) -> None:
        """Restore everything the move changed (the record is already off the stack)."""
        raise NotImplementedError(f"{type(self).__name__} implements neither _restore nor __call__")

    def __repr__(self) -> str:
        return f"<undo {self.move!r} by player {self.player}>"


class SnapshotRecord(AMoveRecord):
    """The record of a move on a board whose whole position is one immutable value.

    It keeps that value from before the move; undo gives it back through the
    board's ``_set_snapshot`` (Grundy's heaps, a game tree's node, Pig's scores, a
    tuple of Kalah's pits and stores).
    The move was made in a game that went on, with ``player`` to move, in the
    state the board was in (an extra turn's, a chance position's): that is
    restored too.
    """

    __slots__ = ("before", "state")

    def __init__(self, board: ABoardModel, player: int, move: Move, before: object) -> None:
        super().__init__(board, player, move)
        self.before = before
        self.state = board.state  # made before the move changes it

    def _restore(self, board: ABoardModel) -> None:
        board._set_snapshot(self.before)
        board._set_turn(self.player, self.state)


class PassRecord(AMoveRecord):
    """The record of a :data:`~oogames.board.moves.PASS`: only the turn changed."""

    __slots__ = ()

    def _restore(self, board: ABoardModel) -> None:
        board._to_move = self.player
