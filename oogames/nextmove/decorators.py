"""Accumulator decorators (decorator pattern): an accumulator that wraps another and
changes part of what it does, so that they stack on any accumulator of
:mod:`oogames.nextmove.accumulators`. :class:`DepthAcc` is the Rice model's
depth limit; the search enhancements (tables, orderings, selective and
variable-depth search, the tracer) are decorators too.
"""

from __future__ import annotations

import abc
from typing import TYPE_CHECKING, Any, ClassVar, cast

from oogames.board.lambdas import IBoardLambda, P
from oogames.nextmove._bare import bare
from oogames.nextmove._limited import LIMITED, LimitedAcc
from oogames.nextmove.accumulators import AAccumulator
from oogames.nextmove.evaluation import Evaluation, as_evaluation

if TYPE_CHECKING:
    from oogames.board.model import IBoardModel
    from oogames.board.moves import Move


def set_window(acc: AAccumulator, alpha: float, beta: float) -> None:
    """``acc.set_window(alpha, beta)`` (:meth:`AAccumulator.set_window
    <oogames.nextmove.accumulators.AAccumulator.set_window>`), as it was called before it
    was the accumulator's own: it knew the windows of alpha-beta alone, and a negamax
    alpha-beta below a chance position kept its parent's."""
    acc.set_window(alpha, beta)


class AAccDecorator(AAccumulator):
    """An accumulator that wraps another and passes everything through (decorator pattern).

    Subclasses override what they change and :meth:`_wrap`, which decorates
    each child the wrapped accumulator makes, so that decorators stack:
    ``DepthAcc(SelectiveAcc(AlphaAcc(...)))``. ``current`` is the
    decorator's own; ``player``, ``model_player`` and ``depth``, which never
    change, are copied from the wrapped accumulator; the value, the best move
    and the best child are the wrapped accumulator's.
    """

    __slots__ = ("horizon", "inner", "probes", "selective")

    #: True for decorators that change only the order of the search (and what the
    #: rules alone settle), never the values: a transposition table may decorate them.
    orders_only: ClassVar[bool] = False
    #: False for a decorator of the root alone, whose children are the wrapped
    #: accumulator's own (its ``_wrap`` returns them as they are).
    wraps_children: ClassVar[bool] = True

    def __init__(self, inner: AAccumulator) -> None:
        self.inner = inner
        self.current = None
        self.horizon = inner.horizon
        self.selective = inner.selective
        self.probes = inner.probes
        # Fixed for the accumulator's life: copied, so reading them costs no call.
        self.model_player = inner.model_player
        self.player = inner.player
        self.depth = inner.depth

    @abc.abstractmethod
    def _wrap(self, child: AAccumulator) -> AAccumulator:
        """Decorate ``child``, a child the wrapped accumulator made."""

    def make_opposite(self) -> AAccumulator:
        """The wrapped accumulator's child, decorated like this one."""
        return self._wrap(self.inner.make_opposite())

    def make_same(self) -> AAccumulator:
        """The wrapped accumulator's child for an extra turn, decorated like this one."""
        return self._wrap(self.inner.make_same())

    def update_best(self, move: Move, value: float, child: AAccumulator | None = None) -> None:
        """Pass through to the wrapped accumulator."""
        self.inner.update_best(move, value, child)

    def make_child(self, player: int) -> AAccumulator:
        """The wrapped accumulator's child for ``player``, decorated like this one."""
        return self._wrap(self.inner.make_child(player))

    def make_chance(self) -> AAccumulator:
        """The wrapped accumulator's chance child, decorated like this one."""
        return self._wrap(self.inner.make_chance())

    def weigh(self, probability: float) -> None:
        """Pass through to the wrapped accumulator."""
        self.inner.weigh(probability)

    def update_payoffs(self, move: Move, payoffs: tuple[float, ...]) -> None:
        """To the wrapped accumulator if it values positions by vectors; otherwise the model
        player's payoff through this decorator's :meth:`update_best`, as every other value."""
        if self.inner.by_vector:
            self.inner.update_payoffs(move, payoffs)
        else:
            self.update_best(move, payoffs[self.model_player])

    @property
    def by_vector(self) -> bool:  # type: ignore[override]  # a class attribute elsewhere
        """Whether the wrapped accumulator values positions by vectors."""
        return self.inner.by_vector

    def payoffs(self) -> tuple[float, ...] | None:
        """Pass through to the wrapped accumulator."""
        return self.inner.payoffs()

    def horizon_value(self, board: IBoardModel, evaluate: Evaluation) -> float:
        """Pass through to the wrapped accumulator."""
        return self.inner.horizon_value(board, evaluate)

    def is_not_done(self) -> bool:
        """Pass through to the wrapped accumulator."""
        return self.inner.is_not_done()

    def evaluate(self, board: IBoardModel) -> float | None:
        """Pass through to the wrapped accumulator."""
        return self.inner.evaluate(board)

    def start(self, board: IBoardModel) -> None:
        """Pass through to the wrapped accumulator."""
        self.inner.start(board)

    def essential(self, board: IBoardModel, move: Move) -> bool:
        """Pass through to the wrapped accumulator."""
        return self.inner.essential(board, move)

    def probe(self, board: IBoardModel) -> float | None:
        """Pass through to the wrapped accumulator."""
        return self.inner.probe(board)

    def first_move(self) -> Move | None:
        """Pass through to the wrapped accumulator."""
        return self.inner.first_move()

    def window(self) -> tuple[float, float]:
        """Pass through to the wrapped accumulator."""
        return self.inner.window()

    def narrow(self, low: float, high: float) -> float | None:
        """Pass through to the wrapped accumulator."""
        return self.inner.narrow(low, high)

    def set_window(self, alpha: float, beta: float) -> None:
        """Pass through to the wrapped accumulator."""
        self.inner.set_window(alpha, beta)

    def expand(self, board: IBoardModel, lam: IBoardLambda[P], param: P) -> None:
        """Pass through to the wrapped accumulator."""
        self.inner.expand(board, lam, param)

    def retry(self, child: AAccumulator) -> AAccumulator | None:
        """The wrapped accumulator's re-search, decorated like this one's children."""
        inner_child = child.inner if isinstance(child, AAccDecorator) else child
        again = self.inner.retry(inner_child)
        return None if again is None else self._wrap(again)

    @property
    def guessed(self) -> bool:
        """Whether the wrapped accumulator's probe gave a guess."""
        return self.inner.guessed

    def innermost(self) -> AAccumulator:
        """The accumulator at the bottom of the stack of decorators."""
        acc: AAccumulator = self
        while isinstance(acc, AAccDecorator):
            acc = acc.inner
        return acc

    @property
    def val(self) -> float:
        """The wrapped accumulator's value."""
        return self.inner.val

    @val.setter
    def val(self, value: float) -> None:
        self.inner.val = value

    @property
    def move(self) -> Move | None:
        """The wrapped accumulator's best move."""
        return self.inner.move

    @move.setter
    def move(self, value: Move | None) -> None:
        self.inner.move = value

    @property
    def best_child(self) -> AAccumulator | None:
        """The wrapped accumulator's best child."""
        return self.inner.best_child

    @best_child.setter
    def best_child(self, value: AAccumulator | None) -> None:
        self.inner.best_child = value


class DepthAcc(AAccDecorator):
    """Decorates any accumulator with a depth limit (Rice: ``DepthAcc``, decorator pattern).

    It passes folding and pruning through to the accumulator it wraps, and
    wraps every child it makes. A child at ``max_depth`` plies from the root
    is a *horizon*: the search scores it with ``evaluate`` instead of
    expanding it (the lecture definition V(x, d): the depth is checked
    before a child is expanded). Terminal positions are still scored by the
    game's payoff, at any depth.

    Args:
        inner: The accumulator to decorate.
        max_depth: Plies to search; positions this deep are scored statically.
        evaluate: ``evaluate(board, player)``, the worth of a position to ``player``.
    """

    # On the plain accumulators DepthFac builds the same limit into them instead
    # (limit_depth; the speed trick and its measured gain are in nextmove/_limited.py).
    __slots__ = ("_evaluate", "max_depth")

    def __init__(self, inner: AAccumulator, max_depth: int, evaluate: Evaluation) -> None:
        super().__init__(inner)
        self.max_depth = max_depth
        self._evaluate = as_evaluation(evaluate)  # checked once: its children share it
        self.horizon = inner.horizon or inner.depth >= max_depth

    def _wrap(self, child: AAccumulator) -> AAccumulator:
        return DepthAcc(child, self.max_depth, self._evaluate)

    def make_opposite(self) -> AAccumulator:
        """The wrapped accumulator's child, limited like this one (what ``__init__`` does,
        without its calls: this runs at every node of a depth-limited search)."""
        inner = self.inner.make_opposite()
        child = bare(DepthAcc)  # a DepthAcc(...) whose fields are stored here (see _bare)
        child.inner = inner
        child.current = None
        child.selective = inner.selective
        child.probes = inner.probes
        child.model_player = inner.model_player
        child.player = inner.player
        depth = child.depth = inner.depth
        limit = child.max_depth = self.max_depth
        child._evaluate = self._evaluate
        child.horizon = inner.horizon or depth >= limit
        return child

    def evaluate(self, board: IBoardModel) -> float | None:
        """At the depth limit, the evaluation function's score; above it, the wrapped one's."""
        if self.depth >= self.max_depth:
            return self.inner.horizon_value(board, self._evaluate)
        return self.inner.evaluate(board)


def limit_depth(inner: AAccumulator, max_depth: int, evaluate: Evaluation) -> AAccumulator:
    """``inner`` limited to ``max_depth`` plies: a :class:`DepthAcc`, or the same search for less.

    On the plain accumulators (:class:`~oogames.MaxAcc`, :class:`~oogames.MinAcc`,
    :class:`~oogames.AlphaAcc`, :class:`~oogames.BetaAcc`, exactly those classes)
    the limit is built into the accumulators themselves, a speed trick
    (:mod:`oogames.nextmove._limited`): the same nodes and values as
    :class:`DepthAcc`, without a decorator's pass-through calls at every node.
    It has the decorator's ``max_depth``, and :func:`depth_limit` finds it.
    Every other accumulator gets the decorator.
    """
    evaluate = as_evaluation(evaluate)
    limited = LIMITED.get(type(inner))
    if limited is None:
        return DepthAcc(inner, max_depth, evaluate)
    acc: Any = bare(limited)
    for cls in type(inner).__mro__:
        for name in getattr(cls, "__slots__", ()):
            if hasattr(inner, name):
                setattr(acc, name, getattr(inner, name))
    acc.max_depth = max_depth
    acc._evaluate = evaluate
    acc.horizon = inner.depth >= max_depth
    return cast(AAccumulator, acc)


def depth_limit(acc: AAccumulator) -> int | None:
    """The depth limit of an accumulator stack: the smallest ``max_depth`` of the
    :class:`DepthAcc` decorators in it (and of a limited accumulator at its bottom),
    or None (a search to the end of the game)."""
    limit = None
    while True:
        if isinstance(acc, DepthAcc | LimitedAcc) and (limit is None or acc.max_depth < limit):
            limit = acc.max_depth
        if not isinstance(acc, AAccDecorator):
            return limit
        acc = acc.inner
