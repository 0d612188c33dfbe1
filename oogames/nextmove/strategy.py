"""``INextMoveStrategy``: what a computer player, a hint or an analysis asks for a move."""

from __future__ import annotations

import abc

from oogames.board.model import IBoardModel
from oogames.board.moves import Move
from oogames.board.visitors import IS_OVER
from oogames.errors import GameOverError, NotYourTurnError
from oogames.nextmove.results import SearchResult


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
        """Ask the search under way to stop soon, from another thread or a signal handler.

        A strategy that supports it stops, leaves the board as it was, and
        raises :class:`~oogames.errors.SearchStopped` from :meth:`analyze`.
        The default does nothing (the search runs to its end).
        """

    @property
    @abc.abstractmethod
    def name(self) -> str:
        """A short name, for tables and messages."""


def check_can_move(board: IBoardModel, player: int | None) -> int:
    """The player a strategy is asked to move for, after checking the request makes sense.

    Raises:
        GameOverError: The game is over.
        NotYourTurnError: ``player`` is not the player to move.
    """
    if player is None:
        player = board.to_move
    if board.execute(IS_OVER):
        raise GameOverError(None, player, "the game is over: there is no move to choose")
    if player != board.to_move:
        raise NotYourTurnError(
            None, player, f"it is player {board.to_move}'s turn, not player {player}'s"
        )
    return player
