"""Next-move strategies: accumulators, their factories, ``MinMax``, ``RandomValidMove``, and the
search family of the seeds (negamax, averaging, selective and variable-depth search, AND/OR)."""

from oogames.nextmove.accumulators import (
    AAccumulator,
    AlphaAcc,
    BetaAcc,
    Evaluation,
    MaxAcc,
    MinAcc,
)
from oogames.nextmove.andor import (
    AndAcc,
    AndNode,
    AndOrFac,
    OrAcc,
    OrNode,
    Strategy,
    winning_strategy,
)
from oogames.nextmove.decorators import AAccDecorator, DepthAcc, depth_limit, limit_depth
from oogames.nextmove.enhancements.average import AverageFac, AverageMaxAcc, AverageMinAcc
from oogames.nextmove.enhancements.deepening import IterativeDeepening
from oogames.nextmove.enhancements.ordering import (
    GameOrderAcc,
    GameOrderFac,
    HistoryAcc,
    HistoryFac,
    OrderingMemory,
)
from oogames.nextmove.enhancements.selective import SelectiveAcc, SelectiveFac, best_by_evaluation
from oogames.nextmove.enhancements.table import TranspositionTable, TTAcc, TTFac
from oogames.nextmove.enhancements.variable_depth import VariableDepthAcc, VariableDepthFac
from oogames.nextmove.evaluation import LambdaEvaluation, Payoff, as_evaluation
from oogames.nextmove.factories import AlphaBetaFac, DepthFac, IAccFactory, MinMaxFac
from oogames.nextmove.minmax import POLL_EVERY, MinMax
from oogames.nextmove.mtdf import MTDF, MTDFDeepening, mtdf
from oogames.nextmove.negamax import NegaAlphaBetaAcc, NegaAlphaBetaFac, NegamaxAcc, NegamaxFac
from oogames.nextmove.pvs import PVSAlphaAcc, PVSBetaAcc, PVSFac
from oogames.nextmove.random_move import RandomValidMove
from oogames.nextmove.results import SearchResult, SearchStats
from oogames.nextmove.strategy import INextMoveStrategy
from oogames.nextmove.values import WIN_VALUE

__all__ = [
    "MTDF",
    "POLL_EVERY",
    "WIN_VALUE",
    "AAccDecorator",
    "AAccumulator",
    "AlphaAcc",
    "AlphaBetaFac",
    "AndAcc",
    "AndNode",
    "AndOrFac",
    "AverageFac",
    "AverageMaxAcc",
    "AverageMinAcc",
    "BetaAcc",
    "DepthAcc",
    "DepthFac",
    "Evaluation",
    "GameOrderAcc",
    "GameOrderFac",
    "HistoryAcc",
    "HistoryFac",
    "IAccFactory",
    "INextMoveStrategy",
    "IterativeDeepening",
    "LambdaEvaluation",
    "MTDFDeepening",
    "MaxAcc",
    "MinAcc",
    "MinMax",
    "MinMaxFac",
    "NegaAlphaBetaAcc",
    "NegaAlphaBetaFac",
    "NegamaxAcc",
    "NegamaxFac",
    "OrAcc",
    "OrNode",
    "OrderingMemory",
    "PVSAlphaAcc",
    "PVSBetaAcc",
    "PVSFac",
    "Payoff",
    "RandomValidMove",
    "SearchResult",
    "SearchStats",
    "SelectiveAcc",
    "SelectiveFac",
    "Strategy",
    "TTAcc",
    "TTFac",
    "TranspositionTable",
    "VariableDepthAcc",
    "VariableDepthFac",
    "as_evaluation",
    "best_by_evaluation",
    "depth_limit",
    "limit_depth",
    "mtdf",
    "winning_strategy",
]
