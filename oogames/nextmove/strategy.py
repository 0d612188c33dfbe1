"""``INextMoveStrategy``: what a computer player, a hint or an analysis asks for a move."""

from __future__ import annotations

import abc
import math
from typing import Final

from oogames import plugins
from oogames.board.interface import check_board
from oogames.board.model import IBoardModel
from oogames.board.moves import CHANCE, PASS, Move
from oogames.board.visitors import IS_OVER
from oogames.errors import GameOverError, NotYourTurnError, PluginError, SearchError, SettingsError
from oogames.nextmove.results import SearchResult

MAX_SECONDS = 86_400.0
"""The longest clock a strategy may be given, a day; a deepening search's, MCTS's and a
tournament's move time are held to it."""

CLOCK_RANGE: Final = f"seconds over 0 and at most {MAX_SECONDS:,.0f}"
"""How a refused clock says what a clock may be, given to a constructor or in a spec."""


def check_clock(seconds: float | None, what: str) -> None:
    """Refuse ``seconds`` as ``what``'s clock unless it is None (no clock) or a number over
    0 and at most :data:`MAX_SECONDS`.

    Raises:
        SettingsError: It is not.
    """
    if seconds is not None and not (
        isinstance(seconds, int | float)
        and not isinstance(seconds, bool)
        and 0 < seconds <= MAX_SECONDS
    ):
        raise SettingsError(f"{what} must be {CLOCK_RANGE}, not {seconds!r}")


class INextMoveStrategy(abc.ABC):
    """Chooses a move for a player (Rice role: ``INextMoveStrategy``, strategy pattern)."""

    __slots__ = ()

    @abc.abstractmethod
    def analyze(self, board: IBoardModel, player: int | None = None) -> SearchResult:
        """Choose a move for ``player`` and report its value, line and statistics.

        The board is left exactly as it was.

        Args:
            board: The position.
            player: The player to move (default: ``board.to_move``).

        Raises:
            GameOverError: The game is over.
            NotYourTurnError: ``player`` is not the player to move.
        """

    def get_next_move(self, board: IBoardModel, player: int | None = None) -> Move:
        """Choose a move for ``player`` (see :meth:`analyze`); returns only the move."""
        return self.analyze(board, player).move

    def cancel(self) -> None:  # noqa: B027 - a hook; strategies that can stop override it
        """Stop: ask the search under way, or the next one to start, to stop soon and give
        no move (from another thread or a signal handler).

        A strategy that supports it stops, leaves the board as it was, and
        raises :class:`~oogames.errors.SearchStopped` from :meth:`analyze`:
        a cancel that arrives just before :meth:`analyze` starts is not lost,
        and one that arrives while no search is under way waits for the next
        (:meth:`clear_cancel` withdraws it). Every search ends the request.
        The default does nothing (the search runs to its end).
        """

    def clear_cancel(self) -> None:  # noqa: B027 - a hook; strategies that can stop override it
        """Withdraw a :meth:`cancel` that no search has taken yet."""

    def move_now(self) -> bool:
        """Move now: ask the search under way to end at once with its best move so far.

        Only a strategy that always has a move in hand can (iterative
        deepening under a clock, MCTS); it then returns True and
        :meth:`analyze` returns soon. The default returns False and changes
        nothing: a fixed-depth search has no move before it ends (use
        :meth:`cancel` to stop it). Safe from another thread. Like a cancel, one that
        arrives just before :meth:`analyze` starts is taken by that search;
        :meth:`clear_move_now` withdraws one no search has taken.
        """
        return False

    def clear_move_now(self) -> None:  # noqa: B027 - a hook; strategies that move now override it
        """Withdraw a :meth:`move_now` that no search has taken yet."""

    @property
    @abc.abstractmethod
    def name(self) -> str:
        """A short name, for tables and messages."""


def check_can_move(board: IBoardModel, player: int | None) -> int:
    """The player a strategy is asked to move for, after checking the request makes sense.

    Raises:
        SettingsError: ``board`` is no board model
            (:func:`~oogames.board.interface.check_board`).
        GameOverError: The game is over.
        NotYourTurnError: ``player`` is not the player to move.
    """
    check_board(board)
    if player is None:
        player = board.to_move
    if player == CHANCE:
        raise NotYourTurnError(None, player, "chance moves here (a roll), not a player")
    if board.execute(IS_OVER, None):
        raise GameOverError(None, player, "the game is over: there is no move to choose")
    if player != board.to_move:
        raise NotYourTurnError.asked_by(player, board.to_move)
    return player


def checked_result(
    strategy: INextMoveStrategy, result: object, board: IBoardModel, *, legal: bool = True
) -> SearchResult:
    """``result``, what ``strategy.analyze(board)`` returned, if a caller can use it: a
    :class:`SearchResult` with a legal move (unless ``legal`` is False: a caller that
    plays the move and reports an illegal one itself) and a value that is not NaN.

    Every place that asks a strategy for a move reads its answer through this, so a
    strategy of one's own that returns the wrong thing is named in one line.

    Raises:
        PluginError: It is not a SearchResult, or its move is not legal here.
        SearchError: Its value is NaN (an evaluation returned NaN).
    """
    if not isinstance(result, SearchResult):
        raise PluginError(
            f"the strategy {_named(strategy)!r} returned {type(result).__name__} "
            f"{str(result)[:40]!r} from analyze, not a SearchResult"
        )
    if legal and result.move not in (board.legal_moves() or [PASS]):  # a forced pass: the move
        raise PluginError(
            f"the strategy {_named(strategy)!r} chose {result.move!r}, not a legal move here"
        )
    if result.value is not None and isinstance(result.value, float) and math.isnan(result.value):
        raise SearchError(
            f"the strategy {_named(strategy)!r} valued its move NaN (an evaluation returned NaN)"
        )
    return result


def _named(strategy: INextMoveStrategy) -> str:
    """How an error names ``strategy`` (asked only for an error: it reads the file system)."""
    return plugins.ref_of(strategy) or str(getattr(strategy, "name", type(strategy).__name__))
