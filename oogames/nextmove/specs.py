"""Strategies by name, as the command line writes them: ``"minimax"``, ``"alphabeta:4"``, ..."""

from __future__ import annotations

from oogames.errors import StrategySpecError
from oogames.nextmove.accumulators import Evaluation
from oogames.nextmove.factories import AlphaBetaFac, DepthFac, IAccFactory, MinMaxFac
from oogames.nextmove.minmax import MinMax
from oogames.nextmove.negamax import NegaAlphaBetaFac, NegamaxFac
from oogames.nextmove.random_move import RandomValidMove
from oogames.nextmove.strategy import INextMoveStrategy
from oogames.parsing import read_whole, shown

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


MAX_DEPTH = 10_000
"""The deepest ``:DEPTH`` a strategy name may ask for."""


def parse_spec(spec: str, kinds: tuple[str, ...] = ()) -> tuple[str, int | None]:
    """Split a strategy name ``NAME`` or ``NAME:DEPTH`` into the name and the depth.

    The one reader of the ``NAME:DEPTH`` grammar: the command line, the game
    settings and saved games all read names through it.

    Args:
        spec: What the user wrote, for example ``"alphabeta:4"`` (case and
            spaces around it do not matter).
        kinds: Names accepted besides ``random`` and the searches (the game
            settings add ``human``); these and ``random`` take no depth.

    Raises:
        StrategySpecError: An unknown name, or a depth that is not a whole
            number from 1 to :data:`MAX_DEPTH`.

    >>> from oogames.nextmove.specs import parse_spec
    >>> parse_spec("AlphaBeta:4"), parse_spec("random")
    (('alphabeta', 4), ('random', None))
    """
    name, colon, depth_text = spec.strip().lower().partition(":")
    name = name.strip()
    plain = ("random", *kinds)
    if name not in SEARCHES and name not in plain:
        known = ", ".join([*kinds, *strategy_names()])
        raise StrategySpecError(f"unknown strategy {shown(spec)}; choose one of: {known}")
    if not colon:
        return name, None
    if name in plain:
        raise StrategySpecError(f"{shown(spec)}: {name} takes no depth")
    what = f"the depth in {shown(spec)}"
    return name, read_whole(depth_text, what, 1, MAX_DEPTH, StrategySpecError)


def make_factory(spec: str, evaluate: Evaluation) -> IAccFactory:
    """The accumulator factory ``spec`` names: a search name, optionally ``:DEPTH``.

    Raises:
        StrategySpecError: The name is unknown or the depth is not a whole number of at least 1.

    >>> from oogames.nextmove.specs import make_factory
    >>> make_factory("negamax-ab:3", lambda board, player: 0).name
    'negamax-ab:3'
    """
    name, depth = parse_spec(spec)
    if name not in SEARCHES:
        raise StrategySpecError(f"{shown(spec)} is no search; choose one of: {', '.join(SEARCHES)}")
    factory: IAccFactory = SEARCHES[name]()
    if depth is not None:
        factory = DepthFac(factory, depth, evaluate)
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
    if parse_spec(spec)[0] == "random":
        return RandomValidMove(seed)
    return MinMax(make_factory(spec, evaluate))
