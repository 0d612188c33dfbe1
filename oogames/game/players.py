"""Players (Rice: ``APlayer``) and the facade through which they ask for moves (``IRequestor``)."""

from __future__ import annotations

import abc
from collections.abc import Callable

from oogames.board.model import IBoardModel
from oogames.board.moves import Move
from oogames.nextmove.results import SearchResult
from oogames.nextmove.strategy import INextMoveStrategy


class IRequestor(abc.ABC):
    """What a player uses to ask the game for a move (Rice role: ``IRequestor``, facade)."""

    __slots__ = ()

    @abc.abstractmethod
    def request_move(self, player: int, move: Move, result: SearchResult | None = None) -> None:
        """Make ``move`` for ``player``, or raise :class:`~oogames.IllegalMoveError`.

        Args:
            player: The board's player (0 or 1) asking.
            move: The move.
            result: The search that chose it, for a computer's move.
        """


class APlayer(abc.ABC):
    """A side of the game (Rice role: ``APlayer``).

    Args:
        player: The board's player this side plays (0 moves first).
        name: How the side is shown: ``"X (human)"``.
    """

    def __init__(self, player: int, name: str) -> None:
        self.player = player
        self.name = name

    @property
    @abc.abstractmethod
    def is_human(self) -> bool:
        """Whether a person plays this side (then the view supplies the moves)."""

    @abc.abstractmethod
    def take_turn(self, board: IBoardModel, requestor: IRequestor) -> None:
        """It is this side's turn: a computer moves now; a person is waited for."""

    def stop(self) -> None:  # noqa: B027 - a hook: only a thinking side has anything to stop
        """Stop thinking, if this side is thinking (a computer's search)."""


class HumanPlayer(APlayer):
    """A person: the view asks the model for the person's moves, so a turn does nothing."""

    @property
    def is_human(self) -> bool:
        """True."""
        return True

    def take_turn(self, board: IBoardModel, requestor: IRequestor) -> None:
        """Wait for the view: the person's move will come through the requestor."""


class ComputerPlayer(APlayer):
    """A computer opponent: its strategy chooses the move at once.

    Args:
        player: The board's player this side plays.
        name: How the side is shown.
        strategy: The strategy that chooses its moves.
        thinking: Called with ``(player, True)`` before the search and
            ``(player, False)`` after it (a view shows "thinking...").
    """

    def __init__(
        self,
        player: int,
        name: str,
        strategy: INextMoveStrategy,
        thinking: Callable[[int, bool], None] | None = None,
    ) -> None:
        super().__init__(player, name)
        self.strategy = strategy
        self.thinking = thinking

    @property
    def is_human(self) -> bool:
        """False."""
        return False

    def take_turn(self, board: IBoardModel, requestor: IRequestor) -> None:
        """Search a copy of the position and ask for the move found.

        The search works on a copy, so a view may draw the live board while
        the computer thinks, and a search that is stopped (:meth:`stop`,
        Ctrl-C) or fails leaves the game exactly as it was, this side still
        to move.

        Raises:
            SearchStopped: :meth:`stop` was called during the search.
        """
        if self.thinking is not None:
            self.thinking(self.player, True)
        try:
            result = self.strategy.analyze(board.copy(), self.player)
        finally:
            if self.thinking is not None:
                self.thinking(self.player, False)
        requestor.request_move(self.player, result.move, result)

    def stop(self) -> None:
        """Ask the search under way to stop (from another thread or a signal handler)."""
        self.strategy.cancel()
