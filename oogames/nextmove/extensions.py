"""The Rice model's *Extensions to Multiple Players*, for accumulators: more than two
players, and chance.

What a search asks of an accumulator on a board that does not alternate (see
:mod:`oogames.nextmove.general`), each with a default that makes every two-player
accumulator of the package work there: :meth:`AExtensions.make_child` for whoever the
board says moves next, :meth:`AExtensions.make_chance` below a chance position,
:meth:`AExtensions.weigh` before each outcome, :meth:`AExtensions.update_payoffs` for a
finished game's payoffs; and a chance accumulator asks :meth:`AExtensions.set_window` of
the positions below it, which every accumulator with a window overrides (alpha-beta,
negamax alpha-beta). :class:`~oogames.nextmove.accumulators.AAccumulator` inherits
them; a search by vectors (:class:`~oogames.nextmove.multiplayer.MaxNAcc`) and the
chance accumulators (:mod:`oogames.nextmove.chance`) override them. On a two-player
board that alternates, the search never asks: it costs nothing there.
"""

from __future__ import annotations

import abc
import math
from typing import TYPE_CHECKING

from oogames.errors import SearchError

if TYPE_CHECKING:
    from oogames.board.model import IBoardModel
    from oogames.board.moves import Move
    from oogames.nextmove.accumulators import AAccumulator
    from oogames.nextmove.evaluation import Evaluation


class AExtensions(abc.ABC):
    """The extensions of an accumulator to more than two players and chance (a base of
    :class:`~oogames.nextmove.accumulators.AAccumulator`; see the module).

    Attributes:
        by_vector: Whether it values positions by every player's payoff (max^n): then a
            finished game's payoffs reach it whole, through its decorators.
        table_sound: Whether a transposition table may keep its values: one number a
            position, the same wherever the position is met. Not max^n's (a vector) nor
            best-reply search's (a value depends on the layer the position is met in).
    """

    __slots__ = ()

    by_vector: bool = False
    table_sound: bool = True
    model_player: int
    player: int

    @abc.abstractmethod
    def make_opposite(self) -> AAccumulator:
        """See :meth:`~oogames.nextmove.accumulators.AAccumulator.make_opposite`."""

    @abc.abstractmethod
    def make_same(self) -> AAccumulator:
        """See :meth:`~oogames.nextmove.accumulators.AAccumulator.make_same`."""

    @abc.abstractmethod
    def update_best(self, move: Move, value: float, child: AAccumulator | None = None) -> None:
        """See :meth:`~oogames.nextmove.accumulators.AAccumulator.update_best`."""

    @abc.abstractmethod
    def window(self) -> tuple[float, float]:
        """See :meth:`~oogames.nextmove.accumulators.AAccumulator.window`."""

    def make_child(self, player: int) -> AAccumulator:
        """The accumulator of a child position where ``player`` is to move, on a board that
        does not alternate (more than two players, chance, repeated turns).

        A two-player accumulator sees two sides, the model player and the others: a child
        on this accumulator's side is :meth:`make_same`, on the other :meth:`make_opposite`
        (so the other players play as one coalition: the paranoid search).
        """
        same = (player == self.model_player) is (self.player == self.model_player)
        child = self.make_same() if same else self.make_opposite()
        acc: AAccumulator | None = child
        while acc is not None:  # the player of each layer of a stack of decorators
            acc.player = player
            acc = getattr(acc, "inner", None)
        return child

    def make_chance(self) -> AAccumulator:
        """The accumulator of a chance position below this one: by default its value is the
        mean of the outcomes' values, weighted by their probabilities (expectimax, see
        :class:`~oogames.nextmove.chance.ExpectAcc`)."""
        from oogames.nextmove.chance import ExpectAcc

        return ExpectAcc(self.make_same())

    def set_window(self, alpha: float, beta: float) -> None:
        """Search this position with the window (``alpha``, ``beta``), from the model player's
        view, whatever its parent passed: below a chance position, the window that matters
        for the mean (:mod:`~oogames.nextmove.chance`). An accumulator that does not prune
        has no window: by default nothing changes.

        Raises:
            SearchError: This accumulator has a window (:meth:`window` is not open) and
                does not override this method: below a chance position it would prune
                with its parent's window, and give wrong values.
        """
        if self.window() != (-math.inf, math.inf):
            raise SearchError(
                f"{type(self).__name__} has a window (window()) that it cannot set: "
                "override set_window to search below chance positions"
            )

    def weigh(self, probability: float) -> None:  # noqa: B027 - a hook, empty by default
        """The next child is a chance outcome of this ``probability`` (a chance accumulator
        keeps it; the search calls it before each outcome)."""

    def update_payoffs(self, move: Move, payoffs: tuple[float, ...]) -> None:
        """Fold in the child reached by ``move``, a finished game that gives player ``i``
        ``payoffs[i]``: by default the model player's payoff is the value."""
        self.update_best(move, payoffs[self.model_player])

    def payoffs(self) -> tuple[float, ...] | None:
        """This position's value for each player, for the searches that value positions by
        a vector of payoffs (max^n); None for the others."""
        return None

    def horizon_value(self, board: IBoardModel, evaluate: Evaluation) -> float:
        """The static value of this position (a horizon) by ``evaluate``, from the model
        player's view; a search by vectors keeps every player's as well."""
        return evaluate(board, self.model_player)
