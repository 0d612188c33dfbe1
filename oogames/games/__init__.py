"""The games: one module per game, each a board model on the core contract.

:data:`GAMES` lists every game by the name the command line uses, with its
default evaluation function for depth-limited search.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Any

import attrs

from oogames.board.model import ABoardModel
from oogames.games.tictactoe import TicTacToeBoard, open_lines


@attrs.frozen
class GameInfo:
    """What the command line and the tools need to know about one game.

    Attributes:
        name: The game's name on the command line.
        board: The board class; ``board(**options)`` is the starting position.
        evaluate: The default evaluation ``evaluate(board, player)`` for depth-limited search.
        summary: One line about the game.
        full_search_cells: Largest board (in moves of the universe) that a full,
            depth-unlimited search solves in about a second.
    """

    name: str
    board: type[ABoardModel]
    evaluate: Callable[[Any, int], float]
    summary: str
    full_search_cells: int = 0


GAMES: dict[str, GameInfo] = {
    "tictactoe": GameInfo(
        "tictactoe",
        TicTacToeBoard,
        open_lines,
        "tic-tac-toe and any m,n,k game: k stones in a row on a rows x cols board",
        full_search_cells=9,
    ),
}

__all__ = ["GAMES", "GameInfo", "TicTacToeBoard", "open_lines"]
