"""oogames: two-player games of perfect information and game search.

The Rice University model of Nguyen and Wong, *Design Patterns for Games*:
a board model maps a lambda over its valid moves, reports moves through
visitors and returns undo commands; accumulators compose minimax,
alpha-beta and depth-limited search. Everything a user needs is importable
from here.
"""

from oogames.board import (
    DRAW,
    NON_TERMINAL,
    PASS,
    PLAYER0_WON,
    PLAYER1_WON,
    WON,
    ABoardModel,
    AMoveRecord,
    IBoardLambda,
    IBoardModel,
    IBoardStatusVisitor,
    ICheckMoveVisitor,
    IUndoMove,
    Move,
)
from oogames.board.perft import perft
from oogames.errors import (
    BoardOptionError,
    GameOverError,
    IllegalMoveError,
    MalformedMoveError,
    NotYourTurnError,
    OogamesError,
    SearchError,
    UndoError,
)
from oogames.games import TicTacToeBoard
from oogames.nextmove import (
    WIN_VALUE,
    AAccumulator,
    AlphaAcc,
    AlphaBetaFac,
    BetaAcc,
    DepthAcc,
    DepthFac,
    IAccFactory,
    INextMoveStrategy,
    MaxAcc,
    MinAcc,
    MinMax,
    MinMaxFac,
    RandomValidMove,
    SearchResult,
    SearchStats,
)

__version__ = "0.1.0"

__all__ = [
    "DRAW",
    "NON_TERMINAL",
    "PASS",
    "PLAYER0_WON",
    "PLAYER1_WON",
    "WIN_VALUE",
    "WON",
    "AAccumulator",
    "ABoardModel",
    "AMoveRecord",
    "AlphaAcc",
    "AlphaBetaFac",
    "BetaAcc",
    "BoardOptionError",
    "DepthAcc",
    "DepthFac",
    "GameOverError",
    "IAccFactory",
    "IBoardLambda",
    "IBoardModel",
    "IBoardStatusVisitor",
    "ICheckMoveVisitor",
    "INextMoveStrategy",
    "IUndoMove",
    "IllegalMoveError",
    "MalformedMoveError",
    "MaxAcc",
    "MinAcc",
    "MinMax",
    "MinMaxFac",
    "Move",
    "NotYourTurnError",
    "OogamesError",
    "RandomValidMove",
    "SearchError",
    "SearchResult",
    "SearchStats",
    "TicTacToeBoard",
    "UndoError",
    "__version__",
    "perft",
]
