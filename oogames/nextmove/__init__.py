"""Next-move strategies: accumulators, their factories, ``MinMax`` and ``RandomValidMove``."""

from oogames.nextmove.accumulators import (
    AAccumulator,
    AlphaAcc,
    BetaAcc,
    DepthAcc,
    Evaluation,
    LambdaEvaluation,
    MaxAcc,
    MinAcc,
    Payoff,
    as_evaluation,
)
from oogames.nextmove.factories import AlphaBetaFac, DepthFac, IAccFactory, MinMaxFac
from oogames.nextmove.minmax import WIN_VALUE, MinMax
from oogames.nextmove.random_move import RandomValidMove
from oogames.nextmove.results import SearchResult, SearchStats
from oogames.nextmove.strategy import INextMoveStrategy

__all__ = [
    "WIN_VALUE",
    "AAccumulator",
    "AlphaAcc",
    "AlphaBetaFac",
    "BetaAcc",
    "DepthAcc",
    "DepthFac",
    "Evaluation",
    "IAccFactory",
    "INextMoveStrategy",
    "LambdaEvaluation",
    "MaxAcc",
    "MinAcc",
    "MinMax",
    "MinMaxFac",
    "Payoff",
    "RandomValidMove",
    "SearchResult",
    "SearchStats",
    "as_evaluation",
]
