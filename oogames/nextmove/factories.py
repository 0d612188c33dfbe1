"""Accumulator factories (Rice: ``IAccFactory``): which search runs is chosen here.

``MinMax(MinMaxFac())`` is plain minimax, ``MinMax(AlphaBetaFac())`` is
alpha-beta, and ``MinMax(DepthFac(AlphaBetaFac(), 4, evaluate))`` is
alpha-beta to four plies; the search code is the same in every case.
"""

from __future__ import annotations

import abc
from collections.abc import Iterator
from typing import TYPE_CHECKING, Final

from oogames.board.lambdas import IBoardLambda
from oogames.board.options import check_size
from oogames.errors import SettingsError
from oogames.nextmove.accumulators import AAccumulator, AlphaAcc, Evaluation, MaxAcc
from oogames.nextmove.decorators import limit_depth
from oogames.nextmove.evaluation import Payoff, as_evaluation

if TYPE_CHECKING:
    from oogames.board.interface import IBoardModel

MAX_DEPTH: Final = 10_000
"""The deepest depth a search may be given (``DepthFac``, ``:DEPTH`` in a strategy's name)."""


class IAccFactory(abc.ABC):
    """Makes the root accumulator of a search (Rice role: ``IAccFactory``, factory).

    Attributes:
        more_players: Whether the search is written for games of more than two players
            (paranoid), where a transposition table keeps each model player's values
            apart (:class:`~oogames.nextmove.enhancements.table.TTFac`).
    """

    __slots__ = ()
    more_players: bool = False

    @abc.abstractmethod
    def make_acc(self, model_player: int) -> AAccumulator:
        """The accumulator of the root position, where ``model_player`` is to move."""

    @classmethod
    def refuses(cls, board: IBoardModel) -> str | None:
        """Why this search cannot search ``board``'s game at all, in one line (the error
        it would raise in the middle of a game), or None: it can (the default). Asked
        before a game is played (:func:`~oogames.nextmove.specs.check_fits`)."""
        return None

    @property
    @abc.abstractmethod
    def name(self) -> str:
        """A short name of the search, for tables and messages."""

    def __repr__(self) -> str:
        return f"{type(self).__name__}()"


def factory_stack(factory: IAccFactory) -> Iterator[IAccFactory]:
    """``factory`` and each factory it wraps (its ``inner_factory``), outermost first.

    Raises:
        SettingsError: One of them is no factory (see :func:`check_factory`).
    """
    stack: IAccFactory | None = factory
    while stack is not None:
        yield check_factory(stack)
        stack = getattr(stack, "inner_factory", None)


def check_factory(factory: IAccFactory) -> IAccFactory:
    """``factory``, if it is an accumulator factory object (a search and every factory that
    wraps another check theirs when they are made).

    Raises:
        SettingsError: A class where its object belongs (``MinMax(AlphaBetaFac)``), or
            an object with no ``make_acc``.
    """
    if isinstance(factory, type) or not callable(getattr(factory, "make_acc", None)):
        given = f"the class {factory.__name__}" if isinstance(factory, type) else repr(factory)
        raise SettingsError(
            f"a search takes an accumulator factory object, like AlphaBetaFac(), not {given}"
        )
    return factory


class MinMaxFac(IAccFactory):
    """Plain minimax: :class:`~oogames.nextmove.accumulators.MaxAcc` at the root."""

    __slots__ = ()
    name = "minimax"

    def make_acc(self, model_player: int) -> AAccumulator:
        """A :class:`~oogames.nextmove.accumulators.MaxAcc` for ``model_player``."""
        return MaxAcc(model_player, model_player)


class AlphaBetaFac(IAccFactory):
    """Alpha-beta: :class:`~oogames.nextmove.accumulators.AlphaAcc` with an open window."""

    __slots__ = ()
    name = "alphabeta"

    def make_acc(self, model_player: int) -> AAccumulator:
        """An :class:`~oogames.nextmove.accumulators.AlphaAcc` with window (-inf, +inf)."""
        return AlphaAcc(model_player, model_player)


class DepthFac(IAccFactory):
    """Limits any search to ``depth`` plies, scoring the horizon with ``evaluate``.

    Args:
        inner_factory: The search to limit (for example :class:`AlphaBetaFac`).
        depth: Plies to search, at least 1.
        evaluate: The worth of a horizon position: a callable
            ``evaluate(board, player)`` or an :class:`~oogames.board.lambdas.IBoardLambda`
            payoff (see :class:`~oogames.nextmove.evaluation.LambdaEvaluation`).

    Raises:
        SettingsError: ``depth`` is not a whole number of at least 1.
        TypeError: ``evaluate`` is not an evaluation.
    """

    __slots__ = ("depth", "evaluate", "inner_factory")

    def __init__(
        self, inner_factory: IAccFactory, depth: int, evaluate: Evaluation | IBoardLambda[Payoff]
    ) -> None:
        self.inner_factory = check_factory(inner_factory)
        self.depth = check_size("depth", depth, 1, MAX_DEPTH, SettingsError)
        self.evaluate = as_evaluation(evaluate)

    def make_acc(self, model_player: int) -> AAccumulator:
        """The inner factory's root accumulator, decorated with the depth limit."""
        return limit_depth(self.inner_factory.make_acc(model_player), self.depth, self.evaluate)

    @property
    def name(self) -> str:
        """The inner search's name and the depth, for example ``"alphabeta:4"``."""
        return f"{self.inner_factory.name}:{self.depth}"

    def __repr__(self) -> str:
        return f"DepthFac({self.inner_factory!r}, {self.depth}, {self.evaluate!r})"


def plus_name(name: str, enhancement: str) -> str:
    """A search's name with ``+enhancement`` before its depth: ``"alphabeta+tt:6"``."""
    base, colon, depth = name.partition(":")
    return f"{base}+{enhancement}{colon}{depth}"
