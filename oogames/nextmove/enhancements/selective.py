"""Selective search (the lecture slides): search only the essential moves.

A selector chooses the moves worth searching in a position, for example the
``k`` best by a static evaluation (:func:`best_by_evaluation`); the others
are left out, at every depth or only from a given depth on. The search is
:class:`~oogames.MinMax` as ever: :class:`SelectiveAcc` decorates any
accumulator and answers its ``essential`` question.
"""

from __future__ import annotations

from collections.abc import Callable, Iterable
from typing import TypeAlias

from oogames.board.interface import IBoardModel
from oogames.board.lambdas import IBoardLambda
from oogames.board.moves import PASS, Move
from oogames.board.options import check_size
from oogames.board.visitors import IGNORE_STATUS, UNDO_AT_ONCE
from oogames.errors import SettingsError
from oogames.nextmove.accumulators import AAccumulator, Evaluation
from oogames.nextmove.decorators import AAccDecorator
from oogames.nextmove.evaluation import as_evaluation
from oogames.nextmove.factories import IAccFactory, check_factory

Selector: TypeAlias = Callable[[IBoardModel, int], Iterable[Move]]
"""A selector, ``selector(board, player)``, gives the essential moves of ``player`` (to move)."""


class _Score(IBoardLambda[list[tuple[float, Move]]]):
    """Scores each move statically: make it, evaluate, take it back."""

    __slots__ = ("evaluate",)

    def __init__(self, evaluate: Evaluation) -> None:
        self.evaluate = evaluate

    def apply(
        self, player: int, host: IBoardModel, move: Move, param: list[tuple[float, Move]]
    ) -> bool:
        undo = host.make_move(player, move, UNDO_AT_ONCE, IGNORE_STATUS, param)
        try:
            param.append((self.evaluate(host, player), move))
        finally:
            undo()
        return True

    def no_apply(self, player: int, host: IBoardModel, param: list[tuple[float, Move]]) -> None:
        return None


def best_by_evaluation(k: int, evaluate: Evaluation) -> Selector:
    """A selector of the ``k`` moves whose positions ``evaluate`` scores best for the mover.

    Ties keep the board's move order.

    Raises:
        SettingsError: ``k`` is not a whole number from 1 up.
    """
    check_size("k", k, 1, 1_000_000, SettingsError)
    scorer = _Score(as_evaluation(evaluate))

    def select(board: IBoardModel, player: int) -> list[Move]:
        scored: list[tuple[float, Move]] = []
        board.map(player, scorer, scored)
        order = sorted(range(len(scored)), key=lambda i: -scored[i][0])
        return [scored[i][1] for i in sorted(order[:k])]

    select.__name__ = f"best_{k}"
    return select


class SelectiveAcc(AAccDecorator):
    """Decorates any accumulator so that only the selector's moves are searched.

    Args:
        inner: The accumulator to decorate.
        selector: Chooses the essential moves of a position.
        from_depth: Select from this depth on (0: at the root too); shallower
            positions search every move.
    """

    __slots__ = ("_chosen", "from_depth", "selector")

    def __init__(self, inner: AAccumulator, selector: Selector, from_depth: int = 0) -> None:
        super().__init__(inner)
        self.selector = selector
        self.from_depth = from_depth
        self.selective = inner.selective or inner.depth >= from_depth
        self._chosen: set[Move] | None = None

    def _wrap(self, child: AAccumulator) -> AAccumulator:
        return SelectiveAcc(child, self.selector, self.from_depth)

    def essential(self, board: IBoardModel, move: Move) -> bool:
        """Whether the selector chose ``move`` (asked on first use, with the board here).

        A forced pass is always essential: it is the only move there is.
        """
        if self.inner.depth < self.from_depth or move is PASS:
            return self.inner.essential(board, move)
        if self._chosen is None:
            self._chosen = set(self.selector(board, self.inner.player))
        return move in self._chosen and self.inner.essential(board, move)


class SelectiveFac(IAccFactory):
    """Selective search: any search, with only the selector's moves searched.

    Args:
        inner_factory: The search (for example ``DepthFac(AlphaBetaFac(), 4, f)``).
        selector: Chooses the essential moves, such as :func:`best_by_evaluation`.
        from_depth: Select from this depth on (0: everywhere).
    """

    __slots__ = ("from_depth", "inner_factory", "selector")

    def __init__(self, inner_factory: IAccFactory, selector: Selector, from_depth: int = 0):
        self.inner_factory = check_factory(inner_factory)
        self.selector = selector
        self.from_depth = from_depth

    def make_acc(self, model_player: int) -> AAccumulator:
        """The inner root accumulator, decorated with the selection."""
        return SelectiveAcc(
            self.inner_factory.make_acc(model_player), self.selector, self.from_depth
        )

    @property
    def name(self) -> str:
        """For example ``"alphabeta:4+best_3"``."""
        return f"{self.inner_factory.name}+{getattr(self.selector, '__name__', 'selective')}"
