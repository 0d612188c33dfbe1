"""The games: one module per game, each a board model on the core contract.

:data:`GAMES` lists every game by the name the command line uses, with its
options and its default evaluation function for depth-limited search.
"""

from __future__ import annotations

import inspect
import typing
from collections.abc import Callable
from typing import Any

import attrs

from oogames import plugins
from oogames.board.model import ABoardModel
from oogames.errors import BoardOptionError, PluginCodeError, PluginError, SettingsError, shown
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
        origin: Where the game comes from: ``"built in"``, a plug-in's
            ``MODULE:CLASS``, or an installed package (an entry point).
    """

    name: str
    board: type[ABoardModel]
    evaluate: Callable[[Any, int], float]
    summary: str
    options: tuple[str, ...]
    solvable: Callable[[ABoardModel], bool] = lambda board: False
    origin: str = "built in"

    @property
    def is_plugin(self) -> bool:
        """Whether the game's code comes from outside the package."""
        return self.origin != "built in"

    def make(self, **options: Any) -> ABoardModel:
        """A board of this game with ``options`` (None values are left at their defaults).

        Raises:
            BoardOptionError: An unknown option, or a bad value; the message
                names the option by its command-line flag (``--max-add``).
            PluginCodeError: A plug-in board's constructor raised (or called
                ``sys.exit``), or needs arguments it was not given.
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
            if self.is_plugin:
                raise
            message = str(error)
            for name in self.options:
                if message.startswith(f"{name} "):
                    message = option_flag(name) + message[len(name) :]
            raise BoardOptionError(message) from None
        except (Exception, SystemExit) as error:
            if not self.is_plugin:
                raise
            raise PluginCodeError(
                f"{shown(self.name)}: its board's constructor raised "
                f"{type(error).__name__}: {error}",
                plugins._user_traceback(error),
            ) from None

    def default_options(self) -> dict[str, Any]:
        """The options of the default board, by name (``{"rows": 3, "cols": 3, "k": 3}``);
        for a plug-in, the constructor's defaults."""
        if self.is_plugin:
            parameters = inspect.signature(self.board).parameters
            return {
                name: parameters[name].default
                for name in self.options
                if parameters[name].default is not inspect.Parameter.empty
            }
        defaults = self.board().options()
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
        return self.read_option_words(text.split())

    def read_option_words(self, words: list[str]) -> dict[str, Any]:
        """Read ``name=value`` words (``--opt`` on the command line): see :meth:`read_options`.
        A value takes the type of the option's default, or of its annotation in the
        board's constructor (``int``, ``float``, ``bool``, ``str``, ``tuple[int, ...]``).

        Raises:
            BoardOptionError: A bad word, an unknown option or a value of the wrong kind.
        """
        defaults = self.default_options()
        kinds = _annotations(self.board)
        takes = ", ".join(self.options) or "no options"
        options: dict[str, Any] = {}
        for word in words:
            name, equals, value = word.partition("=")
            if not equals or not name:
                raise BoardOptionError(f"write each option as name=value, not {shown(word)}")
            if name not in self.options:
                raise BoardOptionError(f"{self.name} does not take {shown(name)}; it takes {takes}")
            options[name] = _option_value(name, value, defaults.get(name), kinds.get(name))
        return options


def _annotations(board: type[ABoardModel]) -> dict[str, Any]:
    """The constructor's annotations of ``board`` (as objects where they resolve, else text)."""
    try:
        return typing.get_type_hints(board.__init__)
    except Exception:  # unresolvable text annotations: read them as written
        return {
            name: parameter.annotation
            for name, parameter in inspect.signature(board).parameters.items()
            if parameter.annotation is not inspect.Parameter.empty
        }


def _kind_name(kind: Any) -> str:
    """An annotation as its text: ``int``, ``tuple[int, ...]`` ..."""
    if isinstance(kind, str):
        return kind.replace("typing.", "").replace(" ", "")
    if isinstance(kind, type):
        return kind.__name__
    return str(kind).replace("typing.", "").replace(" ", "")


def _option_value(name: str, text: str, default: Any, kind: Any = None) -> Any:
    """``text`` read as a value of the kind of ``default``, or of the annotation ``kind``."""
    if default is None and kind is not None:
        written = _kind_name(kind)
        default = {
            "bool": False,
            "int": 0,
            "float": 0.0,
            "str": "",
        }.get(written, () if written.startswith(("tuple", "list", "Sequence", "Iterable")) else "")
    if isinstance(default, float):
        try:
            return float(text)
        except ValueError:
            raise BoardOptionError(f"{name} is a number, not {shown(text)}") from None
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
    "find_game",
    "grundy_evaluation",
    "grundy_value",
    "is_known_game",
    "kalah_stores",
    "nim_distance",
    "open_lines",
    "othello_weighted_squares",
    "static_value",
]


def _plugin_info(name: str, board: Any, origin: str) -> GameInfo:
    """The :class:`GameInfo` of a plug-in board class, checked against the contract."""
    if not (isinstance(board, type) and issubclass(board, ABoardModel)):
        what = (
            type(board).__name__ if not isinstance(board, type) else f"the class {board.__name__}"
        )
        raise PluginError(
            f"{shown(name)} is {what}, not a board: a game is a subclass of oogames.ABoardModel"
        )
    missing = board.unwritten_rules()
    if missing:
        raise PluginError(
            f"{shown(name)} does not write {', '.join(missing)} (see the tutorial's board)"
        )
    parameters = inspect.signature(board).parameters
    options = tuple(
        option
        for option, parameter in parameters.items()
        if parameter.kind
        in (inspect.Parameter.POSITIONAL_OR_KEYWORD, inspect.Parameter.KEYWORD_ONLY)
    )
    summary = (inspect.getdoc(board) or board.__name__).split("\n")[0]
    return GameInfo(
        name,
        board,
        _board_evaluation,
        summary,
        options,
        lambda position: False,
        origin,
    )


def _board_evaluation(board: ABoardModel, player: int) -> float:
    """A plug-in game's evaluation: its board's own ``evaluate(player)``."""
    return board.evaluate(player)


def find_game(name: str) -> GameInfo:
    """The game a name stands for: a game of :data:`GAMES`, a plug-in ``MODULE:CLASS`` or
    ``FILE.py:CLASS``, or a game an installed package adds (entry point ``oogames.games``).

    Raises:
        SettingsError: No game of that name.
        PluginError: The plug-in is not found or is not a board (one line).
        PluginCodeError: The plug-in's own code raised while it loaded.
    """
    if name in GAMES:
        return GAMES[name]
    if plugins.is_ref(name):
        return _plugin_info(name, plugins.load_object(name), name)
    installed = plugins.entry_point_games()
    if name in installed:
        point = installed[name]
        return _plugin_info(name, plugins.load_entry_point(point), plugins.origin_of(point))
    known = ", ".join([*GAMES, *installed])
    raise SettingsError(
        f"unknown game {shown(name)}; choose one of: {known}, or name a board class as "
        "MODULE:CLASS or FILE.py:CLASS"
    )


def is_known_game(name: str) -> bool:
    """Whether ``name`` is a built-in game or one an installed package adds (no plug-in
    reference, and no code of the game's is run to say so)."""
    return name in GAMES or name in plugins.entry_point_games()
