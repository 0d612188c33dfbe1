"""Game management: the game model, turn control, players, settings, saving (no I/O of its own)."""

from oogames.errors import NothingToUndoError, SaveFileError, SettingsError
from oogames.game.adapters import IModel2ViewAdapter, IView2ModelAdapter
from oogames.game.model import GameModel
from oogames.game.players import APlayer, ComputerPlayer, HumanPlayer, IRequestor, TurnControl
from oogames.game.saving import game_from_dict, game_to_dict, load_game, save_game
from oogames.game.settings import GameSettings, PlayerSpec

__all__ = [
    "APlayer",
    "ComputerPlayer",
    "GameModel",
    "GameSettings",
    "HumanPlayer",
    "IModel2ViewAdapter",
    "IRequestor",
    "IView2ModelAdapter",
    "NothingToUndoError",
    "PlayerSpec",
    "SaveFileError",
    "SettingsError",
    "TurnControl",
    "game_from_dict",
    "game_to_dict",
    "load_game",
    "save_game",
]
