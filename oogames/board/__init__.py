"""The rules of a game: the board model, its states, the lambda, the visitors, undo."""

from typing import Any

from oogames._moved import moved_names
from oogames.board.hints import ISearchHints, PayoffBounds, search_hints
from oogames.board.lambdas import IBoardLambda
from oogames.board.model import ABoardModel, IBoardModel, Played
from oogames.board.moves import CHANCE, PASS, Move, lookup_move
from oogames.board.perft import perft
from oogames.board.states import (
    AT_CHANCE,
    DRAW,
    EXTRA_TURN,
    NON_TERMINAL,
    PLAYER0_WON,
    PLAYER1_WON,
    WON,
    ABoardState,
    ChanceState,
    DrawState,
    ExtraTurnState,
    NonTerminalState,
    PayoffState,
    Player0WonState,
    Player1WonState,
    game_over,
)
from oogames.board.undo import NO_UNDO, AMoveRecord, IUndoMove, NoUndo, PassRecord, SnapshotRecord
from oogames.board.visitors import (
    IGNORE_STATUS,
    IS_OVER,
    RAISE_ON_INVALID,
    UNDO_AT_ONCE,
    IBoardStatusVisitor,
    ICheckMoveVisitor,
    IgnoreStatus,
    IsOver,
    OutcomeVisitor,
    RaiseOnInvalid,
    UndoAtOnce,
)

__all__ = [
    "AT_CHANCE",
    "CHANCE",
    "DRAW",
    "EXTRA_TURN",
    "IGNORE_STATUS",
    "IS_OVER",
    "NON_TERMINAL",
    "NO_UNDO",
    "PASS",
    "PLAYER0_WON",
    "PLAYER1_WON",
    "RAISE_ON_INVALID",
    "UNDO_AT_ONCE",
    "WON",
    "ABoardModel",
    "ABoardState",
    "AMoveRecord",
    "ChanceState",
    "DrawState",
    "ExtraTurnState",
    "IBoardLambda",
    "IBoardModel",
    "IBoardStatusVisitor",
    "ICheckMoveVisitor",
    "ISearchHints",
    "IUndoMove",
    "IgnoreStatus",
    "IsOver",
    "Move",
    "NoUndo",
    "NonTerminalState",
    "OutcomeVisitor",
    "PassRecord",
    "PayoffBounds",
    "PayoffState",
    "Played",
    "Player0WonState",
    "Player1WonState",
    "RaiseOnInvalid",
    "SnapshotRecord",
    "UndoAtOnce",
    "game_over",
    "lookup_move",
    "perft",
    "search_hints",
]


#: Names that moved to the searches (``oogames.nextmove``), still importable from here.
_moved = moved_names(
    __name__,
    {
        "StopFlag": "oogames.nextmove.running",
        "restoring": "oogames.nextmove.running",
        "run_deep": "oogames.nextmove.running",
    },
)


def __getattr__(name: str) -> Any:
    """A name that moved (see ``oogames._moved``), from its new module."""
    return _moved(name)
