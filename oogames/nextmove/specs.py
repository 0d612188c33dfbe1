"""Strategies by name, as the command line writes them: ``"minimax"``, ``"alphabeta:4"``, ..."""

from __future__ import annotations

from oogames.errors import OogamesError
from oogames.nextmove.accumulators import Evaluation
from oogames.nextmove.factories import AlphaBetaFac, DepthFac, IAccFactory, MinMaxFac
from oogames.nextmove.minmax import MinMax
from oogames.nextmove.negamax import NegaAlphaBetaFac, NegamaxFac
from oogames.nextmove.random_move import RandomValidMove
from oogames.nextmove.strategy import INextMoveStrategy


class StrategySpecError(OogamesError, ValueError):
    """A strategy name that oogames does not know, or a bad depth."""


#: Searches by name; each becomes ``MinMax(factory)``, depth-limited with ``:DEPTH``.
SEARCHES: dict[str, type[IAccFactory]] = {
    "minimax": MinMaxFac,
    "alphabeta": AlphaBetaFac,
    "negamax": NegamaxFac,
    "negamax-ab": NegaAlphaBetaFac,
}


def strategy_names() -> list[str]:
    """Every strategy name :func:`make_strategy` accepts (``random`` and each search)."""
    return ["random", *SEARCHES]


def with_depth(spec: str, depth: int | None) -> str:
    """``spec`` with ``:depth`` added, unless it has a depth, is ``random``, or depth is None.

    >>> from oogames.nextmove.specs import with_depth
    >>> with_depth("alphabeta", 4), with_depth("minimax:2", 4), with_depth("random", 4)
    ('alphabeta:4', 'minimax:2', 'random')
    """
    bare = spec.strip()
    if depth is None or ":" in bare or bare.lower() == "random":
        return bare
    return f"{bare}:{depth}"


def make_factory(spec: str, evaluate: Evaluation) -> IAccFactory:
    """The accumulator factory ``spec`` names: a search name, optionally ``:DEPTH``.

    Raises:
        StrategySpecError: The name is unknown or the depth is not a whole number of at least 1.

    >>> from oogames.nextmove.specs import make_factory
    >>> make_factory("negamax-ab:3", lambda board, player: 0).name
    'negamax-ab:3'
    """
    name, _, depth_text = spec.strip().lower().partition(":")
    if name not in SEARCHES:
        known = ", ".join(strategy_names())
        raise StrategySpecError(f"unknown strategy {spec!r}; choose one of: {known}")
    factory: IAccFactory = SEARCHES[name]()
    if depth_text:
        if not depth_text.isdigit() or int(depth_text) < 1:
            raise StrategySpecError(f"the depth in {spec!r} must be a whole number of at least 1")
        factory = DepthFac(factory, int(depth_text), evaluate)
    return factory


def make_strategy(spec: str, evaluate: Evaluation, seed: int | None = None) -> INextMoveStrategy:
    """Build the strategy ``spec`` names: ``NAME`` or ``NAME:DEPTH``.

    Args:
        spec: ``"random"``, or a search name from :data:`SEARCHES`, optionally
            followed by ``:DEPTH`` to search that many plies and score the
            horizon with ``evaluate``.
        evaluate: The evaluation function for depth-limited searches.
        seed: Seed for ``random``.

    Raises:
        StrategySpecError: The name is unknown or the depth is not a whole number of at least 1.

    >>> from oogames.nextmove.specs import make_strategy
    >>> make_strategy("alphabeta:3", lambda board, player: 0).name
    'alphabeta:3'
    """
    name, _, depth_text = spec.strip().lower().partition(":")
    if name == "random":
        if depth_text:
            raise StrategySpecError("the random strategy takes no depth")
        return RandomValidMove(seed)
    return MinMax(make_factory(spec, evaluate))
