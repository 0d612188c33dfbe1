"""Evaluation functions: how a depth-limited search scores the positions at its horizon.

An evaluation is a callable ``evaluate(board, player)`` (:data:`Evaluation`), or an
:class:`~oogames.board.lambdas.IBoardLambda` payoff mapped over the moves, as the Rice
payoff lambdas were (:class:`LambdaEvaluation`); :func:`as_evaluation` accepts either,
and what it returns refuses an answer that is no number (:func:`not_a_number`).
"""

from __future__ import annotations

import functools
import inspect
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, Final, Protocol, TypeAlias, cast

from oogames.board.faults import board_fault
from oogames.board.lambdas import IBoardLambda
from oogames.errors import OogamesError, SearchError, shown

if TYPE_CHECKING:
    from oogames.board.hints import PayoffBounds
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
    """Accept an evaluation as a callable or as an :class:`IBoardLambda` payoff, checked.

    What it returns calls ``evaluate`` and refuses an answer that is no number, or NaN
    (:func:`not_a_number`): a search that were handed None (a function that ends without
    ``return``) would take the position for one to search deeper, and search to the end
    of the game instead. Every search that takes an evaluation reads it through this;
    an evaluation it returned is returned as it is.

    Raises:
        TypeError: ``evaluate`` is neither, or a callable that cannot be called with a
            board and a player (``lambda board: ...``): said when the search is made,
            not at its first horizon.

    >>> from oogames.games import NimBoard
    >>> from oogames.nextmove.evaluation import as_evaluation
    >>> def forgets(board, player):
    ...     board.total * 2
    >>> as_evaluation(forgets)(NimBoard(), 0)  # doctest: +ELLIPSIS
    Traceback (most recent call last):
    ...
    oogames.errors.SearchError: an evaluation returned None, not a number: ... without a return)
    """
    if getattr(evaluate, _CHECKED, False):
        return cast(Evaluation, evaluate)
    if isinstance(evaluate, IBoardLambda):
        evaluate = LambdaEvaluation(evaluate)
    elif not callable(evaluate):
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
    return _checked(evaluate)


_CHECKED: Final = "_oogames_checked"
"""The attribute that marks an evaluation :func:`as_evaluation` made."""

PLAIN: Final = frozenset((float, int))
"""The numbers an evaluation returns, as a whole (checked at once; others are read by
:func:`a_number`)."""


class CheckedEvaluation(Protocol):
    """What :func:`as_evaluation` returns: an evaluation, and the function it checks."""

    __wrapped__: Evaluation

    def __call__(self, board: IBoardModel, player: int) -> float: ...


def _checked(evaluate: Evaluation) -> CheckedEvaluation:
    """``evaluate``, refusing what is no number: where a user's evaluation is called from
    (a function, not an object: a call to it costs half as much). The depth limit of the
    plain accumulators calls ``__wrapped__`` with the same test written in
    (:mod:`~oogames.nextmove._limited`: a call less at each horizon)."""

    def evaluation(board: IBoardModel, player: int) -> float:
        value = evaluate(board, player)
        if value.__class__ in PLAIN and value == value:  # a number, not NaN
            return value
        return a_number(value, board, player)

    functools.update_wrapper(evaluation, evaluate)  # its name and doc, for repr and help
    setattr(evaluation, _CHECKED, True)
    return cast(CheckedEvaluation, evaluation)


def a_number(value: float, board: IBoardModel, player: int) -> float:
    """``value`` if it is a number of another kind than :data:`PLAIN` (numpy's, a
    Fraction), not NaN; else the error of :func:`not_a_number`."""
    import numbers  # only here: most evaluations return floats or ints

    if isinstance(value, numbers.Real) and value == value:
        return value
    raise not_a_number(value, board, player)


def beyond(value: float, board: IBoardModel, player: int, limit: float) -> OogamesError:
    """The error for a horizon's value that a search cannot use: NaN (:func:`not_a_number`),
    or one as far from 0 as ``limit``, the search's
    :func:`~oogames.nextmove.values.win_threshold`, where it would be taken for a proven
    win or loss (an evaluation that returned 5,000,000 had a search prefer it to a win in
    one, and call it "win in -4000000").

    >>> from oogames.games import NimBoard
    >>> from oogames.nextmove.evaluation import beyond
    >>> print(beyond(5e6, NimBoard(), 0, 990_000))  # doctest: +NORMALIZE_WHITESPACE
    an evaluation returned 5000000.0, not inside +-990,000 (the search's win_threshold): a
    search would take it for a proven win or loss
    """
    if value != value:
        return not_a_number(value, board, player)
    return board_fault(board, player) or SearchError(
        f"an evaluation returned {value!r:.60}, not inside +-{limit:,g} (the search's "
        "win_threshold): a search would take it for a proven win or loss"
    )


def off_bounds(
    values: tuple[float, ...], board: IBoardModel, bounds: PayoffBounds, search: str
) -> OogamesError:
    """The error for an evaluation outside the bounds ``board`` declares on its payoffs
    (:meth:`~oogames.board.hints.ISearchHints.payoff_bounds`), which ``search`` prunes by:
    with a value outside them it would cut what it must search, and answer wrongly (an
    evaluation of Pig in [-3, 7] gave star1 a value of 1.96 where expectimax found 2.13).

    >>> from oogames.board.hints import PayoffBounds
    >>> from oogames.games import PigBoard
    >>> from oogames.nextmove.evaluation import off_bounds
    >>> bounds = PayoffBounds(0.0, 1.0, 1.0)
    >>> print(off_bounds((1.5,), PigBoard(), bounds, "star1 and star2 cut chance positions"))
    ... # doctest: +NORMALIZE_WHITESPACE
    an evaluation returned 1.5, outside PigBoard's payoff bounds (each within [0, 1], 1 in
    all): star1 and star2 cut chance positions by them and would answer wrongly; keep the
    evaluation within them
    """
    given = shown(values[0] if len(values) == 1 else values, 60)
    total = "" if bounds.total is None else f", {bounds.total:g} in all"
    return SearchError(
        f"an evaluation returned {given}, outside {type(board).__name__}'s payoff bounds "
        f"(each within [{bounds.low:g}, {bounds.high:g}]{total}): {search} by them and "
        "would answer wrongly; keep the evaluation within them"
    )


def not_a_number(value: object, board: IBoardModel, player: int) -> OogamesError:
    """The error for an evaluation that returned ``value`` at ``board`` (for ``player``),
    no number or NaN: a search cannot compare it (every comparison passes NaN over, so a
    search would answer as if that position were not there). A board whose own
    ``evaluate`` returned it is named (:func:`~oogames.board.faults.board_fault`).

    >>> from oogames.games import NimBoard
    >>> from oogames.nextmove.evaluation import not_a_number
    >>> print(not_a_number(float("nan"), NimBoard(), 0))
    an evaluation returned nan, not a number: a search cannot compare it with other values
    """
    hint = " (a function returns None if it ends without a return)" if value is None else ""
    return board_fault(board, player) or SearchError(
        f"an evaluation returned {value!r:.60}, not a number: a search cannot compare it with "
        f"other values{hint}"
    )
