"""The games: one module per game, each a board model on the core contract.

:data:`GAMES` lists every game by the name the command line uses, with its
options and its default evaluation function for depth-limited search.
"""

from __future__ import annotations

import inspect
from collections.abc import Callable
from typing import Any

import attrs

from oogames.board.model import ABoardModel
from oogames.errors import BoardOptionError, shown
from oogames.games.connectfour import ConnectFourBoard, connect_four_lines
from oogames.games.gametree import GameTreeBoard, Pass, Static, static_value
from oogames.games.grundy import GrundyBoard, grundy_evaluation, grundy_value
from oogames.games.kalah import KalahBoard, kalah_stores
from oogames.games.nim import NimBoard, nim_distance
from oogames.games.othello import OthelloBoard, othello_weighted_squares
from oogames.games.tictactoe import TicTacToeBoard, open_lines
from oogames.parsing import option_flag


@attrs.frozen
class GameInfo:
    """What the command line and the tools need to know about one game.

    Attributes:
        name: The game's name on the command line.
        board: The board class; ``board(**options)`` is the starting position.
        evaluate: The default evaluation ``evaluate(board, player)`` for depth-limited search.
        summary: One line about the game.
        options: The keyword options of the board, in the order of its constructor.
        solvable: Whether a full search from the default start ends in about a second
            (then ``alphabeta`` needs no depth limit).
    """

    name: str
    board: type[ABoardModel]
    evaluate: Callable[[Any, int], float]
    summary: str
    options: tuple[str, ...]
    solvable: Callable[[ABoardModel], bool] = lambda board: False

    def make(self, **options: Any) -> ABoardModel:
        """A board of this game with ``options`` (None values are left at their defaults).

        Raises:
            BoardOptionError: An unknown option, or a bad value; the message
                names the option by its command-line flag (``--max-add``).
        """
        accepted = inspect.signature(self.board).parameters
        unknown = [name for name in options if name not in accepted]
        if unknown:
            takes = ", ".join(option_flag(name) for name in self.options) or "no options"
            raise BoardOptionError(
                f"{self.name} does not take {shown(unknown[0])}; it takes {takes}"
            )
        try:
            return self.board(
                **{name: value for name, value in options.items() if value is not None}
            )
        except BoardOptionError as error:
            message = str(error)
            for name in self.options:
                if message.startswith(f"{name} "):
                    message = option_flag(name) + message[len(name) :]
            raise BoardOptionError(message) from None


GAMES: dict[str, GameInfo] = {
    "tictactoe": GameInfo(
        "tictactoe",
        TicTacToeBoard,
        open_lines,
        "tic-tac-toe and any m,n,k game: k stones in a row on a rows x cols board",
        ("rows", "cols", "k"),
        lambda board: len(board.move_order) <= 9,
    ),
    "connectfour": GameInfo(
        "connectfour",
        ConnectFourBoard,
        connect_four_lines,
        "Connect Four and N-in-a-row with gravity: k tokens in a row, width x height",
        ("width", "height", "k"),
        lambda board: len(board.move_order) * board.options()["height"] <= 12,
    ),
    "othello": GameInfo(
        "othello",
        OthelloBoard,
        othello_weighted_squares,
        "Othello on an even size x size board, 4 to 16: outflank and flip",
        ("size",),
        lambda board: board.options()["size"] <= 4,
    ),
    "nim": GameInfo(
        "nim",
        NimBoard,
        nim_distance,
        "the 21 game: add 1 to max_add to a counter; whoever reaches the target wins",
        ("target", "max_add"),
        lambda board: board.options()["target"] <= 30,
    ),
    "grundy": GameInfo(
        "grundy",
        GrundyBoard,
        grundy_evaluation,
        "Grundy's game: split a heap into two unequal heaps; who cannot move loses",
        ("heaps",),
        lambda board: sum(board.options()["heaps"]) <= 14,
    ),
    "kalah": GameInfo(
        "kalah",
        KalahBoard,
        kalah_stores,
        "Kalah: sow seeds counter-clockwise; last in your store, move again; most in store wins",
        ("pits", "seeds", "empty_capture"),
        lambda board: board.options()["pits"] * board.options()["seeds"] <= 6,
    ),
}
"""Every game the command line and the views know, by name (``"connectfour"``, ...)."""

__all__ = [
    "GAMES",
    "ConnectFourBoard",
    "GameInfo",
    "GameTreeBoard",
    "GrundyBoard",
    "KalahBoard",
    "NimBoard",
    "OthelloBoard",
    "Pass",
    "Static",
    "TicTacToeBoard",
    "connect_four_lines",
    "grundy_evaluation",
    "grundy_value",
    "kalah_stores",
    "nim_distance",
    "open_lines",
    "othello_weighted_squares",
    "static_value",
]
