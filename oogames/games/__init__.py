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
from oogames.parsing import option_flag, whole_number


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

    def default_options(self) -> dict[str, Any]:
        """The options of the default board, by name (``{"rows": 3, "cols": 3, "k": 3}``)."""
        board = self.board()
        defaults = board.options()
        return {name: defaults[name] for name in self.options if name in defaults}

    def options_text(self, options: dict[str, Any] | None = None) -> str:
        """Options written as the settings screen shows them: ``rows=3 cols=3 k=3``
        (``options`` over the defaults; a list of heaps as ``3,4,5``, a switch as
        ``true``/``false``)."""
        values = {**self.default_options(), **(options or {})}

        def write(value: Any) -> str:
            if isinstance(value, bool):
                return "true" if value else "false"
            if isinstance(value, tuple | list):
                return ",".join(str(part) for part in value)
            return str(value)

        return " ".join(f"{name}={write(values[name])}" for name in self.options if name in values)

    def read_options(self, text: str) -> dict[str, Any]:
        """Read ``name=value`` words (as :meth:`options_text` writes them) into options,
        each value of the type of the option's default.

        Raises:
            BoardOptionError: A word that is not ``name=value``, an option this
                game does not take, or a value of the wrong kind.
        """
        defaults = self.default_options()
        takes = ", ".join(self.options) or "no options"
        options: dict[str, Any] = {}
        for word in text.split():
            name, equals, value = word.partition("=")
            if not equals or not name:
                raise BoardOptionError(f"write each option as name=value, not {shown(word)}")
            if name not in defaults:
                raise BoardOptionError(f"{self.name} does not take {shown(name)}; it takes {takes}")
            options[name] = _option_value(name, value, defaults[name])
        return options


def _option_value(name: str, text: str, default: Any) -> Any:
    """``text`` read as a value of the kind of ``default``."""
    if isinstance(default, bool):
        lowered = text.lower()
        if lowered in ("true", "yes", "on", "1"):
            return True
        if lowered in ("false", "no", "off", "0"):
            return False
        raise BoardOptionError(f"{name} is true or false, not {shown(text)}")
    if isinstance(default, tuple | list):
        parts = [whole_number(part) for part in text.split(",")]
        if not parts or any(part is None for part in parts):
            raise BoardOptionError(
                f"{name} is whole numbers separated by commas, not {shown(text)}"
            )
        return tuple(parts)
    if isinstance(default, int):
        number = whole_number(text)
        if number is None:
            raise BoardOptionError(f"{name} is a whole number, not {shown(text)}")
        return number
    return text


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
