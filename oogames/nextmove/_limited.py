"""A speed trick: the depth limit built into the plain accumulators.

:class:`~oogames.nextmove.decorators.DepthAcc` (Rice: ``DepthAcc``) limits any
accumulator by decorating it: every node then pays for the decorator's
pass-through calls. On the four plain classes,
:func:`~oogames.nextmove.decorators.limit_depth` (what
:class:`~oogames.DepthFac` asks) uses the subclasses here instead: each makes
its children of the other's limited class and marks the horizon, the same
nodes and the same values as the decorator. Measured on the Connect Four 4 x 4
solve with a limit never reached (``benchmarks/framework_cost.py
--instructions``): no limit costs 20,103 instructions a node, the decorator
23,255 (15.7 % more), these classes 20,471 (1.8 % more).

Each class stores its child's fields itself, the same lines four times: one function
that makes the child for all four cost 1,740 instructions a node more (22,431 against
20,691, measured 2026-12-03), since CPython specialises an attribute store for the one
class it sees at that line, and there its stores saw four.
"""

from __future__ import annotations

from typing import TYPE_CHECKING, Any, cast

from oogames.nextmove._bare import bare
from oogames.nextmove.accumulators import INF, AAccumulator, AlphaAcc, BetaAcc, MaxAcc, MinAcc
from oogames.nextmove.evaluation import PLAIN, CheckedEvaluation, a_number

if TYPE_CHECKING:
    from oogames.board.model import IBoardModel


class LimitedAcc(AAccumulator):
    """What the depth-limited classes add: the limit, the evaluation, the horizon.

    Attributes:
        max_depth: Plies to search; a position this deep is scored by the evaluation.
        horizon: Whether this accumulator's position is at the limit.
    """

    __slots__ = ()

    max_depth: int
    _evaluate: CheckedEvaluation

    def evaluate(self, board: IBoardModel) -> float | None:
        """The evaluation function's score (asked only at the horizon). The function is
        called here, not through its check, whose test of the type is written in: the
        checks then cost 580 machine instructions an evaluated position, not 1,310
        (callgrind, alpha-beta to depth 9 on Connect Four, an evaluation that returns
        0.0). NaN and a value taken for a win are the search's to refuse (``minmax.py``)."""
        value = self._evaluate.__wrapped__(board, self.model_player)
        if value.__class__ in PLAIN:
            return value
        return a_number(value, board, self.model_player)

    def make_chance(self) -> AAccumulator:
        """The plain chance accumulator, limited by the decorator to the same depth."""
        from oogames.nextmove.decorators import DepthAcc

        return DepthAcc(super().make_chance(), self.max_depth, self._evaluate)

    def make_same(self) -> AAccumulator:
        """This class's accumulator for the player's extra turn (the plain class makes one
        of ``type(self)``), with the same limit."""
        child: Any = super().make_same()
        limit = child.max_depth = self.max_depth
        child._evaluate = self._evaluate
        child.horizon = child.depth >= limit
        return cast(AAccumulator, child)


class LimitedMaxAcc(LimitedAcc, MaxAcc):
    """A :class:`~oogames.MaxAcc` with a depth limit: its children are :class:`LimitedMinAcc`."""

    __slots__ = ("_evaluate", "horizon", "max_depth")

    def make_opposite(self) -> AAccumulator:
        """A :class:`LimitedMinAcc` for the opponent's reply, one ply deeper."""
        child = bare(LimitedMinAcc)
        child.model_player = self.model_player
        child.player = 1 - self.player
        depth = child.depth = self.depth + 1
        child.val = INF
        child.move = child.current = child.best_child = None
        limit = child.max_depth = self.max_depth
        child._evaluate = self._evaluate
        child.horizon = depth >= limit
        return child


class LimitedMinAcc(LimitedAcc, MinAcc):
    """A :class:`~oogames.MinAcc` with a depth limit: its children are :class:`LimitedMaxAcc`."""

    __slots__ = ("_evaluate", "horizon", "max_depth")

    def make_opposite(self) -> AAccumulator:
        """A :class:`LimitedMaxAcc` for the model player's reply, one ply deeper."""
        child = bare(LimitedMaxAcc)
        child.model_player = self.model_player
        child.player = 1 - self.player
        depth = child.depth = self.depth + 1
        child.val = -INF
        child.move = child.current = child.best_child = None
        limit = child.max_depth = self.max_depth
        child._evaluate = self._evaluate
        child.horizon = depth >= limit
        return child


class LimitedAlphaAcc(LimitedAcc, AlphaAcc):
    """An :class:`~oogames.AlphaAcc` with a depth limit: its children are
    :class:`LimitedBetaAcc`."""

    __slots__ = ("_evaluate", "horizon", "max_depth")

    def make_opposite(self) -> AAccumulator:
        """A :class:`LimitedBetaAcc` whose alpha is the best this position is already sure of."""
        val, alpha = self.val, self.alpha
        child = bare(LimitedBetaAcc)
        child.model_player = self.model_player
        child.player = 1 - self.player
        depth = child.depth = self.depth + 1
        child.val = INF
        child.move = child.current = child.best_child = None
        child.alpha = val if val > alpha else alpha
        child.beta = self.beta
        limit = child.max_depth = self.max_depth
        child._evaluate = self._evaluate
        child.horizon = depth >= limit
        return child


class LimitedBetaAcc(LimitedAcc, BetaAcc):
    """A :class:`~oogames.BetaAcc` with a depth limit: its children are
    :class:`LimitedAlphaAcc`."""

    __slots__ = ("_evaluate", "horizon", "max_depth")

    def make_opposite(self) -> AAccumulator:
        """A :class:`LimitedAlphaAcc` whose beta is the least this position already concedes."""
        val, beta = self.val, self.beta
        child = bare(LimitedAlphaAcc)
        child.model_player = self.model_player
        child.player = 1 - self.player
        depth = child.depth = self.depth + 1
        child.val = -INF
        child.move = child.current = child.best_child = None
        child.alpha = self.alpha
        child.beta = val if val < beta else beta
        limit = child.max_depth = self.max_depth
        child._evaluate = self._evaluate
        child.horizon = depth >= limit
        return child


LIMITED: dict[type[AAccumulator], type[LimitedAcc]] = {
    MaxAcc: LimitedMaxAcc,
    MinAcc: LimitedMinAcc,
    AlphaAcc: LimitedAlphaAcc,
    BetaAcc: LimitedBetaAcc,
}
"""The depth-limited class of each plain class."""
