"""``IBoardLambda``: the command that ``IBoardModel.map`` applies to every valid move."""

from __future__ import annotations

import abc
import random
from typing import TYPE_CHECKING, Final, Generic, TypeVar

from oogames.board.moves import CHANCE, PASS, Move

if TYPE_CHECKING:
    from oogames.board.model import IBoardModel

P_contra = TypeVar("P_contra", contravariant=True)
"""The type of the parameter a Rice role takes (Rice: ``P``): whatever its caller passes
to ``map``, ``make_move`` or ``execute`` along with it. Contravariant: a role that takes
any ``object`` serves a caller with any parameter."""

P = TypeVar("P")
"""The parameter's type in a method that hands it on to a role (``map``, ``make_move``)."""


class IBoardLambda(abc.ABC, Generic[P_contra]):
    """A function object mapped over the valid moves of a board (Rice role: ``IBoardLambda<P>``).

    :meth:`IBoardModel.map <oogames.board.model.IBoardModel.map>` calls
    :meth:`apply` once per valid move, in the board's move order, until
    ``apply`` returns false; when the game is over, or the player has no valid
    move, it calls :meth:`no_apply` once instead. Search code has no loop over
    moves of its own: this is the only one.
    """

    __slots__ = ()

    @abc.abstractmethod
    def apply(self, player: int, host: IBoardModel, move: Move, param: P_contra) -> bool:
        """Handle one valid move of ``player`` on ``host``.

        Args:
            player: The player whose moves are being mapped.
            host: The board being mapped.
            move: One valid move of ``player``.
            param: The parameter given to ``map``.

        Returns:
            True to go on to the next move, False to stop the map here.
        """

    @abc.abstractmethod
    def no_apply(self, player: int, host: IBoardModel, param: P_contra) -> None:
        """Handle a position where ``player`` has no valid move (game over, or a pass).

        Args:
            player: The player whose moves were to be mapped.
            host: The board being mapped.
            param: The parameter given to ``map``.
        """

    def apply_chance(
        self, host: IBoardModel, outcome: Move, probability: float, param: P_contra
    ) -> bool:
        """Handle one outcome of a chance position, which happens with ``probability``:
        what ``map(CHANCE, ...)`` calls for each outcome.

        By default :meth:`apply` for the player :data:`~oogames.board.moves.CHANCE`: a
        lambda that does not weigh outcomes (listing moves, counting positions) treats
        them as moves.

        Returns:
            True to go on to the next outcome, False to stop the map here.
        """
        return self.apply(CHANCE, host, outcome, param)


class CollectMoves(IBoardLambda[list[Move]]):
    """A lambda that appends each move it is applied to to ``param``, a list.

    Args:
        with_pass: Whether a forced pass (``no_apply`` in a game that goes on) is
            listed as :data:`~oogames.board.moves.PASS`; a finished game lists nothing
            either way when ``map`` goes through the state object.
        first_only: Whether to stop the map after the first move (is there one?).
    """

    __slots__ = ("first_only", "with_pass")

    def __init__(self, with_pass: bool = False, first_only: bool = False) -> None:
        self.with_pass = with_pass
        self.first_only = first_only

    def apply(self, player: int, host: IBoardModel, move: Move, param: list[Move]) -> bool:
        """Append ``move``; go on unless only the first move is wanted."""
        param.append(move)
        return not self.first_only

    def no_apply(self, player: int, host: IBoardModel, param: list[Move]) -> None:
        """Append :data:`~oogames.board.moves.PASS` if passes are listed."""
        if self.with_pass:
            param.append(PASS)


COLLECT_MOVES: Final = CollectMoves()
"""Lists the valid moves (``legal_moves``)."""

COLLECT_MOVES_OR_PASS: Final = CollectMoves(with_pass=True)
"""Lists the valid moves, or the pass when ``no_apply`` is called (the moves a search
or a random player chooses from)."""

FIND_A_MOVE: Final = CollectMoves(first_only=True)
"""Lists the first valid move only (whether there is one)."""


class CollectOutcomes(IBoardLambda[list[tuple[Move, float]]]):
    """A lambda that appends ``(outcome, probability)`` to ``param``, a list, for each
    outcome of a chance position (``map(CHANCE, COLLECT_OUTCOMES, found)``)."""

    __slots__ = ()

    def apply(
        self, player: int, host: IBoardModel, move: Move, param: list[tuple[Move, float]]
    ) -> bool:
        """Not a chance position: nothing to collect."""
        return False

    def no_apply(self, player: int, host: IBoardModel, param: list[tuple[Move, float]]) -> None:
        """Not a chance position: nothing to collect."""

    def apply_chance(
        self, host: IBoardModel, outcome: Move, probability: float, param: list[tuple[Move, float]]
    ) -> bool:
        """Append the outcome and its probability."""
        param.append((outcome, probability))
        return True


COLLECT_OUTCOMES: Final = CollectOutcomes()
"""Lists the outcomes of a chance position with their probabilities."""


def draw_outcome(board: IBoardModel, rng: random.Random) -> Move:
    """An outcome of ``board``'s chance position, drawn with its probability by ``rng`` (a
    die rolled): what MCTS's playouts, a game's chance player and a tournament's dice do."""
    outcomes: list[tuple[Move, float]] = []
    board.map(CHANCE, COLLECT_OUTCOMES, outcomes)
    return rng.choices([outcome for outcome, _ in outcomes], [p for _, p in outcomes])[0]
