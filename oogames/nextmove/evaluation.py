"""Evaluation functions: how a depth-limited search scores the positions at its horizon.

An evaluation is a callable ``evaluate(board, player)`` (:data:`Evaluation`), or an
:class:`~oogames.board.lambdas.IBoardLambda` payoff mapped over the moves, as the Rice
payoff lambdas were (:class:`LambdaEvaluation`); :func:`as_evaluation` accepts either.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, TypeAlias

from oogames.board.faults import board_fault
from oogames.board.lambdas import IBoardLambda
from oogames.errors import OogamesError, SearchError

if TYPE_CHECKING:
    from oogames.board.model import IBoardModel

Evaluation: TypeAlias = Callable[[Any, int], float]
"""An evaluation (payoff) function, ``evaluate(board, player)``, is the worth of the
position to ``player``; larger is better for ``player``. ``board`` is a board of the
game the function is written for (hence ``Any``: a Connect Four evaluation takes a
:class:`~oogames.games.ConnectFourBoard`)."""


class Payoff:
    """The parameter an :class:`IBoardLambda` payoff is mapped with: a running total.

    Attributes:
        value: The total so far; starts at 0 and is the evaluation when the map ends.
        model_player: The player whose view the value is from.
    """

    __slots__ = ("model_player", "value")

    def __init__(self, model_player: int) -> None:
        self.model_player = model_player
        self.value: float = 0.0


class LambdaEvaluation:
    """An evaluation function made of an :class:`IBoardLambda`, as the Rice payoff lambdas were.

    Calling it maps ``lam`` over the moves of the player to move with a
    fresh :class:`Payoff` as the parameter, and returns ``payoff.value``.

    Args:
        lam: A lambda that adds to ``param.value`` in ``apply`` (and may in ``no_apply``).
    """

    __slots__ = ("lam",)

    def __init__(self, lam: IBoardLambda[Payoff]) -> None:
        self.lam = lam

    def __call__(self, board: IBoardModel, player: int) -> float:
        """Map the lambda and return the total it left in the payoff."""
        payoff = Payoff(player)
        board.map(board.to_move, self.lam, payoff)
        return payoff.value


def as_evaluation(evaluate: Evaluation | IBoardLambda[Payoff]) -> Evaluation:
    """Accept an evaluation as a callable or as an :class:`IBoardLambda` payoff.

    Raises:
        TypeError: ``evaluate`` is neither, or a callable that cannot be called with a
            board and a player (``lambda board: ...``): said when the search is made,
            not at its first horizon.
    """
    if isinstance(evaluate, IBoardLambda):
        return LambdaEvaluation(evaluate)
    if not callable(evaluate):
        raise TypeError(
            f"an evaluation is a callable evaluate(board, player) or an IBoardLambda, "
            f"not {evaluate!r}"
        )
    try:
        inspect.signature(evaluate).bind(None, 0)
    except TypeError as error:
        name = getattr(evaluate, "__qualname__", None) or repr(evaluate)
        raise TypeError(
            f"an evaluation is called as evaluate(board, player); {name} cannot be: {error}"
        ) from None
    except ValueError:  # no signature to read (some built-ins): it is tried when called
        pass
    return evaluate


def not_a_number(value: object, board: IBoardModel, player: int) -> OogamesError:
    """The error for an evaluation that returned NaN at ``board`` (for ``player``): every
    comparison of a search would pass it over, so the search would answer as if that
    position were not there. A board whose own ``evaluate`` returned it is named
    (:func:`~oogames.board.faults.board_fault`).

    >>> from oogames.games import NimBoard
    >>> from oogames.nextmove.evaluation import not_a_number
    >>> print(not_a_number(float("nan"), NimBoard(), 0))
    an evaluation returned nan, not a number: a search cannot compare it with other values
    """
    return board_fault(board, player) or SearchError(
        f"an evaluation returned {value!r}, not a number: a search cannot compare it with "
        "other values"
    )
