"""The visitors a board reports to: ``IBoardStatusVisitor`` and ``ICheckMoveVisitor``.

Also a few ready-made visitors that most callers need:
:data:`RAISE_ON_INVALID`, :data:`IGNORE_STATUS`, :data:`IS_OVER` and
:class:`OutcomeVisitor`.
"""

from __future__ import annotations

import abc
from typing import TYPE_CHECKING, Any, ClassVar, Final, Generic, TypeAlias, TypeVar

from oogames.board.lambdas import P, P_contra

if TYPE_CHECKING:
    from oogames.board.model import IBoardModel
    from oogames.board.moves import Move
    from oogames.errors import IllegalMoveError


R_co = TypeVar("R_co", covariant=True)
"""The type of what a status visitor's cases return (Rice: ``R``): what ``execute`` gives back."""

R = TypeVar("R")
"""The result's type in a method that returns what a visitor returns (``execute``)."""


class IBoardStatusVisitor(abc.ABC, Generic[R_co, P_contra]):
    """A visitor to the status of a board (Rice role: ``IBoardStatusVisitor<R, P>``).

    A board dispatches its status to exactly one case: after every valid move
    from ``make_move``, and on request from ``execute``. The board does not
    switch on a flag: its current state object calls the matching case.
    """

    __slots__ = ()

    @abc.abstractmethod
    def player0_won_case(self, host: IBoardModel, param: P_contra) -> R_co:
        """The game is over and player 0 has won."""

    @abc.abstractmethod
    def player1_won_case(self, host: IBoardModel, param: P_contra) -> R_co:
        """The game is over and player 1 has won."""

    @abc.abstractmethod
    def draw_case(self, host: IBoardModel, param: P_contra) -> R_co:
        """The game is over and nobody has won."""

    @abc.abstractmethod
    def no_winner_case(self, host: IBoardModel, param: P_contra) -> R_co:
        """The game goes on."""

    def extra_turn_case(self, host: IBoardModel, param: P_contra) -> R_co:
        """The game goes on and the player who just moved moves again (Kalah).

        By default the same as :meth:`no_winner_case`: only visitors that
        care whose turn it is (a search) tell the two apart.
        """
        return self.no_winner_case(host, param)

    def chance_case(self, host: IBoardModel, param: P_contra) -> R_co:
        """The game goes on at a chance position: :data:`~oogames.board.moves.CHANCE` is to
        move (a die is rolled next).

        By default the same as :meth:`no_winner_case`: only visitors that weigh the
        outcomes (a search) tell the two apart.
        """
        return self.no_winner_case(host, param)

    def payoffs_case(self, host: IBoardModel, payoffs: tuple[float, ...], param: P_contra) -> R_co:
        """The game is over and player ``i`` gets ``payoffs[i]`` (a game of more than two
        players, or one that scores its players).

        By default a result of two players goes to the two-player case it amounts to
        (the higher payoff has won, equal payoffs are a draw); a visitor that serves games
        of more than two players overrides this.

        Raises:
            SearchError: The game has more than two players and this visitor knows
                only the two-player cases.
        """
        if len(payoffs) == 2:
            if payoffs[0] > payoffs[1]:
                return self.player0_won_case(host, param)
            if payoffs[1] > payoffs[0]:
                return self.player1_won_case(host, param)
            return self.draw_case(host, param)
        from oogames.errors import SearchError

        raise SearchError(
            f"{type(self).__name__} knows the results of two-player games only, "
            f"not of {len(payoffs)} players (it has no payoffs_case)"
        )


class ICheckMoveVisitor(abc.ABC, Generic[P_contra]):
    """A visitor told whether a move was valid (Rice role: ``ICheckMoveVisitor<P>``).

    ``make_move`` calls exactly one of the two cases, before it reports the
    new status.

    Attributes:
        undo_at_once: The caller's promise that it calls the undo ``make_move``
            returns before any other move is made on the board, and never keeps it
            after that (a search). A board may then hand out an undo record it
            reuses (made once with the board, so a search allocates nothing a
            move); every other caller gets an undo of its own that works once.
    """

    __slots__ = ()

    undo_at_once: ClassVar[bool] = False

    @abc.abstractmethod
    def valid_move_case(self, host: IBoardModel, player: int, move: Move, param: P_contra) -> None:
        """The move was valid and has been made on ``host``."""

    @abc.abstractmethod
    def invalid_move_case(
        self, host: IBoardModel, player: int, move: Move, error: IllegalMoveError, param: P_contra
    ) -> None:
        """The move was refused; ``host`` is unchanged. ``error`` says why."""


class RaiseOnInvalid(ICheckMoveVisitor[object]):
    """A check visitor that accepts valid moves silently and raises on an invalid one."""

    __slots__ = ()

    def valid_move_case(self, host: IBoardModel, player: int, move: Move, param: object) -> None:
        """Do nothing: the move was made."""

    def invalid_move_case(
        self, host: IBoardModel, player: int, move: Move, error: IllegalMoveError, param: object
    ) -> None:
        """Raise ``error``, the board's explanation of why the move was refused."""
        raise error


class UndoAtOnce(RaiseOnInvalid):
    """:class:`RaiseOnInvalid` for a caller that takes each move back at once (a search):
    its :attr:`~ICheckMoveVisitor.undo_at_once` is true."""

    __slots__ = ()

    undo_at_once: ClassVar[bool] = True


class IgnoreStatus(IBoardStatusVisitor[None, object]):
    """A status visitor whose every case does nothing and returns None."""

    __slots__ = ()

    def player0_won_case(self, host: IBoardModel, param: object) -> None:
        """Do nothing."""

    def player1_won_case(self, host: IBoardModel, param: object) -> None:
        """Do nothing."""

    def draw_case(self, host: IBoardModel, param: object) -> None:
        """Do nothing."""

    def no_winner_case(self, host: IBoardModel, param: object) -> None:
        """Do nothing."""

    def payoffs_case(self, host: IBoardModel, payoffs: tuple[float, ...], param: object) -> None:
        """Do nothing."""


class OutcomeVisitor(IBoardStatusVisitor[str | None, object]):
    """A status visitor that names the status: ``"player0"``, ``"player1"``, ``"draw"`` or None.

    ``board.execute(OutcomeVisitor())`` is None while the game goes on. A game of more
    players that has a winner (one payoff above the others) names it, ``"player2"``;
    without one it is ``"draw"``.
    """

    __slots__ = ()

    def player0_won_case(self, host: IBoardModel, param: object) -> str:
        """Return ``"player0"``."""
        return "player0"

    def player1_won_case(self, host: IBoardModel, param: object) -> str:
        """Return ``"player1"``."""
        return "player1"

    def draw_case(self, host: IBoardModel, param: object) -> str:
        """Return ``"draw"``."""
        return "draw"

    def no_winner_case(self, host: IBoardModel, param: object) -> None:
        """Return None: the game goes on."""
        return None

    def payoffs_case(self, host: IBoardModel, payoffs: tuple[float, ...], param: object) -> str:
        """``"player<i>"`` for the one player with the highest payoff, else ``"draw"``."""
        from oogames.board.states import leaders

        best = leaders(payoffs)
        return f"player{best[0]}" if len(best) == 1 else "draw"


class IsOver(IBoardStatusVisitor[bool, object]):
    """A status visitor that answers whether the game is over."""

    __slots__ = ()

    def player0_won_case(self, host: IBoardModel, param: object) -> bool:
        """Return True."""
        return True

    def player1_won_case(self, host: IBoardModel, param: object) -> bool:
        """Return True."""
        return True

    def draw_case(self, host: IBoardModel, param: object) -> bool:
        """Return True."""
        return True

    def no_winner_case(self, host: IBoardModel, param: object) -> bool:
        """Return False: the game goes on."""
        return False

    def payoffs_case(self, host: IBoardModel, payoffs: tuple[float, ...], param: object) -> bool:
        """Return True."""
        return True


RAISE_ON_INVALID: Final = RaiseOnInvalid()
"""The shared :class:`RaiseOnInvalid` instance."""

UNDO_AT_ONCE: Final = UndoAtOnce()
"""The shared :class:`UndoAtOnce` instance: the check visitor of the searches."""

IGNORE_STATUS: Final = IgnoreStatus()
"""The shared :class:`IgnoreStatus` instance."""

IS_OVER: Final = IsOver()
"""The shared :class:`IsOver` instance: ``board.execute(IS_OVER)`` is whether the game is over."""

AnyCheck: TypeAlias = "ICheckMoveVisitor[Any]"
"""The type of the check visitor a game's own ``make_move`` takes, whatever its
parameter (one method for every parameter type, as
:meth:`~oogames.board.model.ABoardModel.make_move` is)."""

AnyStatus: TypeAlias = "IBoardStatusVisitor[object, Any]"
"""The type of the status visitor a game's own ``make_move`` takes, likewise."""

MoveStatus: TypeAlias = "IBoardStatusVisitor[object, P]"
"""The status visitor ``make_move`` reports to, with the parameter ``P``
(``MoveStatus[P]``): its cases may return anything, as ``make_move`` returns the undo
command, not what the case returned (``execute`` does)."""
