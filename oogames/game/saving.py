"""Saving and loading games: versioned JSON, written atomically, checked when read.

A saved game is a JSON object::

    {"format": "oogames-game", "version": 1,
     "game": "tictactoe", "options": {"rows": 3, "cols": 3, "k": 3},
     "players": [{"kind": "human"}, {"kind": "alphabeta", "depth": 4}],
     "first": 0, "hint_depth": 3, "seed": null,
     "moves": ["b2", "a1"], "to_move": 0}

Moves are written in the game's notation (``"pass"`` for a pass), so a file
can be read and edited by hand. Saving writes a temporary file beside the
target and renames it over the target, so a crash while saving leaves the
previous file intact. Loading checks everything -- the JSON, the format and
version, the game, the options, the players, every move in turn and whose
turn it is -- before anything is used, and says what is wrong.
"""

from __future__ import annotations

import json
import os
import tempfile
from pathlib import Path
from typing import Any

from oogames.board.model import ABoardModel
from oogames.errors import IllegalMoveError, OogamesError
from oogames.game.settings import GameSettings, PlayerSpec

FORMAT = "oogames-game"
VERSION = 1


class SaveFileError(OogamesError, ValueError):
    """A saved game that cannot be read: damaged, truncated, edited wrongly, or not one."""


def game_to_dict(settings: GameSettings, board: ABoardModel) -> dict[str, Any]:
    """The JSON object that saves ``board``'s game played with ``settings``."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": settings.game,
        "options": _plain(board.options()),
        "players": [
            {"kind": spec.kind} if spec.depth is None else {"kind": spec.kind, "depth": spec.depth}
            for spec in settings.players
        ],
        "first": settings.first,
        "hint_depth": settings.hint_depth,
        "seed": settings.seed,
        "moves": [board.format_move(move) for move in board.moves],
        "to_move": board.to_move,
    }


def _plain(value: Any) -> Any:
    """Options as JSON has them: tuples become lists."""
    if isinstance(value, dict):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(item) for item in value]
    return value


def save_game(path: str | Path, settings: GameSettings, board: ABoardModel) -> None:
    """Write the game to ``path`` atomically (a crash leaves any previous file intact).

    Raises:
        SaveFileError: The file cannot be written (the message says why).
    """
    path = Path(path)
    text = json.dumps(game_to_dict(settings, board), indent=2) + "\n"
    try:
        folder = path.parent if str(path.parent) else Path(".")
        handle, temporary = tempfile.mkstemp(prefix=f".{path.name}.", dir=folder)
        try:
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                out.write(text)
                out.flush()
                os.fsync(out.fileno())
            os.replace(temporary, path)
        except BaseException:
            Path(temporary).unlink(missing_ok=True)
            raise
    except OSError as error:
        raise SaveFileError(f"cannot save to {path}: {error.strerror or error}") from None


def load_game(path: str | Path) -> tuple[GameSettings, ABoardModel]:
    """Read a saved game: its settings and the board after its moves.

    Raises:
        SaveFileError: The file is missing, not JSON, not an oogames game, or
            its contents do not make a game (an illegal move says which).
    """
    path = Path(path)
    try:
        text = path.read_text(encoding="utf-8")
    except (OSError, UnicodeDecodeError) as error:
        raise SaveFileError(
            f"cannot read {path}: {getattr(error, 'strerror', None) or error}"
        ) from None
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise SaveFileError(
            f"{path} is not a saved game (bad JSON: {error.msg}, line {error.lineno})"
        ) from None
    try:
        return game_from_dict(data)
    except SaveFileError as error:
        raise SaveFileError(f"{path}: {error}") from None


def game_from_dict(data: Any) -> tuple[GameSettings, ABoardModel]:
    """The settings and board of a saved game's JSON object (see :func:`load_game`).

    Raises:
        SaveFileError: What is wrong with it.
    """
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveFileError(f'not an oogames saved game (no "format": "{FORMAT}")')
    if data.get("version") != VERSION:
        raise SaveFileError(
            f"saved with format version {data.get('version')!r}; this oogames reads {VERSION}"
        )
    options = _field(data, "options", dict)
    players = _field(data, "players", list)
    moves = _field(data, "moves", list)
    if len(players) != 2 or not all(
        isinstance(p, dict) and isinstance(p.get("kind"), str) for p in players
    ):
        raise SaveFileError('"players" must be two objects with a "kind"')
    try:
        specs = tuple(PlayerSpec.parse(_player_text(p)) for p in players)
        settings = GameSettings(
            game=_field(data, "game", str),
            options=options,
            players=(specs[0], specs[1]),
            first=_field(data, "first", int),
            hint_depth=_field(data, "hint_depth", int),
            seed=data.get("seed") if isinstance(data.get("seed"), int) else None,
        )
        board = settings.make_board()
    except (OogamesError, TypeError) as error:
        raise SaveFileError(str(error).splitlines()[0]) from None
    for index, text in enumerate(moves):
        if not isinstance(text, str):
            raise SaveFileError(f"move {index + 1} is {text!r}, not a move in the game's notation")
        try:
            board.play(board.parse_move(text))
        except IllegalMoveError as error:
            raise SaveFileError(f"move {index + 1} ({text!r}) is illegal: {error.reason}") from None
    if data.get("to_move") != board.to_move:
        stated = data.get("to_move")
        raise SaveFileError(
            f'"to_move" is {stated!r} but after the moves player {board.to_move} is to move'
        )
    return settings, board


def _player_text(player: dict[str, Any]) -> str:
    depth = player.get("depth")
    if depth is None:
        return str(player["kind"])
    if isinstance(depth, bool) or not isinstance(depth, int):
        raise SaveFileError(f"a player's depth must be a whole number, not {depth!r}")
    return f"{player['kind']}:{depth}"


def _field(data: dict[str, Any], name: str, kind: type) -> Any:
    value = data.get(name)
    if isinstance(value, bool) or not isinstance(value, kind):
        raise SaveFileError(f'"{name}" must be {kind.__name__}, not {value!r}')
    return value
