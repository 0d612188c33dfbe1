"""Variable depth bound (the lecture slides): look deeper where the position is not quiet.

Every position is searched to ``min_depth``. Between ``min_depth`` and
``max_depth``, a position is expanded only if its static value differs from
its parent's by more than ``K`` (the stationary test: the evaluation may be
misleading there); a quiet position is scored statically. At ``max_depth``
every position is scored.
"""

from __future__ import annotations

from oogames.board.interface import IBoardModel
from oogames.board.options import check_size
from oogames.errors import SettingsError
from oogames.nextmove.accumulators import AAccumulator, Evaluation
from oogames.nextmove.decorators import AAccDecorator
from oogames.nextmove.evaluation import as_evaluation
from oogames.nextmove.factories import MAX_DEPTH, IAccFactory, check_factory


class VariableDepthAcc(AAccDecorator):
    """Decorates any accumulator with a variable depth bound.

    Args:
        inner: The accumulator to decorate.
        bound: The factory of the search, whose depths, evaluation and ``k`` every
            position of it shares.
        parent_static: The parent position's static value.

    Attributes:
        static: This position's static value, once computed.
    """

    __slots__ = ("bound", "parent_static", "static")

    def __init__(
        self, inner: AAccumulator, bound: VariableDepthFac, parent_static: float | None = None
    ) -> None:
        super().__init__(inner)
        self.bound = bound
        self.parent_static = parent_static
        self.static: float | None = None
        # From one level above min_depth on, the search asks evaluate() first:
        # there the static value is needed, by this position or by its children.
        self.horizon = inner.horizon or inner.depth >= bound.min_depth - 1

    def _wrap(self, child: AAccumulator) -> AAccumulator:
        return VariableDepthAcc(child, self.bound, self.static)

    def start(self, board: IBoardModel) -> None:
        """The root's static value, for the stationary test of its children."""
        self.static = self.bound.evaluate(board, self.inner.model_player)
        self.inner.start(board)

    def evaluate(self, board: IBoardModel) -> float | None:
        """The static value if the position is a leaf here, or None to expand it."""
        depth, bound = self.inner.depth, self.bound
        static = self.static = bound.evaluate(board, self.inner.model_player)
        if depth < bound.min_depth:
            return None
        if depth >= bound.max_depth:
            return static
        parent = self.parent_static
        if parent is None or abs(static - parent) > bound.k:
            return None  # not stationary: the evaluation may mislead, look deeper
        return static


class VariableDepthFac(IAccFactory):
    """Variable-depth search: everything to ``min_depth``, unquiet positions to ``max_depth``.

    Args:
        inner_factory: The search (:class:`~oogames.MinMaxFac`, :class:`~oogames.AlphaBetaFac`...).
        min_depth: Plies searched everywhere, at least 1.
        max_depth: Plies searched at most, at least ``min_depth``.
        evaluate: The static evaluation, ``evaluate(board, player)``.
        k: The stationary test's bound: a position whose value moved by more
            than ``k`` from its parent's is expanded.

    Raises:
        SettingsError: A depth is out of range.
    """

    __slots__ = ("evaluate", "inner_factory", "k", "max_depth", "min_depth")

    def __init__(
        self,
        inner_factory: IAccFactory,
        min_depth: int,
        max_depth: int,
        evaluate: Evaluation,
        k: float,
    ) -> None:
        self.inner_factory = check_factory(inner_factory)
        self.min_depth = check_size("min_depth", min_depth, 1, MAX_DEPTH, SettingsError)
        self.max_depth = check_size("max_depth", max_depth, min_depth, MAX_DEPTH, SettingsError)
        self.evaluate = as_evaluation(evaluate)
        self.k = k

    def make_acc(self, model_player: int) -> AAccumulator:
        """The inner root accumulator, decorated with the variable bound."""
        inner = self.inner_factory.make_acc(model_player)
        return VariableDepthAcc(inner, self)

    @property
    def name(self) -> str:
        """For example ``"alphabeta:2-5"``."""
        return f"{self.inner_factory.name}:{self.min_depth}-{self.max_depth}"
