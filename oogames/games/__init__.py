"""The games: one module per game, each a board model on the core contract, declared
beside its board (``GAME``: a :class:`GameInfo` with its options, evaluation and summary).

:data:`GAMES` lists every built-in game by the name the command line uses.
"""

from __future__ import annotations

from collections.abc import Iterable
from typing import Final

from oogames import plugins
from oogames.errors import SettingsError, unknown
from oogames.games import connectfour, grundy, kalah, nim, othello, pig, rolit, tictactoe
from oogames.games.connectfour import ConnectFourBoard, connect_four_lines
from oogames.games.declaration import GameInfo, declared_options, plugin_info
from oogames.games.gametree import Chance, GameTreeBoard, Pass, Static, Turn, static_value
from oogames.games.grundy import GrundyBoard, grundy_evaluation, grundy_value
from oogames.games.kalah import KalahBoard, kalah_stores
from oogames.games.nim import NimBoard, nim_distance
from oogames.games.othello import OthelloBoard, othello_weighted_squares
from oogames.games.pig import PigBoard, pig_chances
from oogames.games.rolit import RolitBoard, rolit_discs
from oogames.games.tictactoe import TicTacToeBoard, open_lines

GAMES: dict[str, GameInfo] = {
    module.GAME.name: module.GAME
    for module in (tictactoe, connectfour, othello, nim, grundy, kalah, pig, rolit)
}
"""Every game the command line and the views know, by name (``"connectfour"``, ...)."""

DEFAULT_GAME: Final = next(iter(GAMES))
"""The game played where none is named (``oogames demo``, a new game's request, the
settings): the first of :data:`GAMES`, tic-tac-toe."""

__all__ = [
    "DEFAULT_GAME",
    "GAMES",
    "Chance",
    "ConnectFourBoard",
    "GameInfo",
    "GameTreeBoard",
    "GrundyBoard",
    "KalahBoard",
    "NimBoard",
    "OthelloBoard",
    "Pass",
    "PigBoard",
    "RolitBoard",
    "Static",
    "TicTacToeBoard",
    "Turn",
    "connect_four_lines",
    "declared_options",
    "find_game",
    "grundy_evaluation",
    "grundy_value",
    "is_known_game",
    "kalah_stores",
    "nim_distance",
    "open_lines",
    "othello_weighted_squares",
    "pig_chances",
    "rolit_discs",
    "static_value",
    "unknown_game",
]


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
        return plugin_info(name, plugins.load_object(name), name)
    installed = plugins.entry_point_games()
    if name in installed:
        point = installed[name]
        return plugin_info(name, plugins.load_entry_point(point), plugins.origin_of(point))
    raise unknown_game(name, [*GAMES, *installed])


def unknown_game(name: str, known: Iterable[str], references: bool = True) -> SettingsError:
    """The refusal of the game ``name``, none of the games ``known``, in the words every
    caller uses; ``references``: whether a board class of one's own may be named there
    (the command line's, not the page's)."""
    also = ", or name a board class as MODULE:CLASS or FILE.py:CLASS" if references else ""
    return SettingsError(unknown("game", name, known, also))


def is_known_game(name: str) -> bool:
    """Whether ``name`` is a built-in game or one an installed package adds (no plug-in
    reference, and no code of the game's is run to say so)."""
    return name in GAMES or name in plugins.entry_point_games()
