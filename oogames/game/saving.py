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
import stat
import threading
import time
from collections.abc import Collection
from contextlib import AbstractContextManager, nullcontext
from pathlib import Path
from typing import TypeVar

from oogames import plugins
from oogames.board.model import ABoardModel
from oogames.errors import IllegalMoveError, OogamesError, SaveFileError, one_line, shown
from oogames.game.settings import MAX_SEATS, GameSettings, PlayerSpec
from oogames.parsing import unknown_field, user_path

FORMAT = "oogames-game"
VERSION = 1

#: The fields of a saved game, every one :func:`game_to_dict` writes: a file with another
#: (a misspelt one would be left out, and the game go on other than it was saved) is
#: refused.
SAVE_FIELDS: tuple[str, ...] = (
    "format", "version", "game", "options", "players", "first", "hint_depth", "seed",
    "moves", "to_move",
)  # fmt: skip

#: The fields of a saved player (those of its :class:`PlayerSpec`).
PLAYER_FIELDS = ("kind", "depth", "seconds", "to_end")


def game_to_dict(settings: GameSettings, board: ABoardModel) -> dict[str, object]:
    """The JSON object that saves ``board``'s game played with ``settings``."""
    return {
        "format": FORMAT,
        "version": VERSION,
        "game": settings.game,
        "options": _plain(board.options()),
        "players": [
            {
                "kind": spec.kind,
                **({} if spec.depth is None else {"depth": spec.depth}),
                **({} if spec.seconds is None else {"seconds": spec.seconds}),
                **({"to_end": True} if spec.to_end else {}),
            }
            for spec in settings.players
        ],
        "first": settings.first,
        "hint_depth": settings.hint_depth,
        "seed": settings.seed,
        "moves": [board.format_move(move) for move in board.moves],
        "to_move": board.to_move,
    }


def _plain(value: object) -> object:
    """Options as JSON has them: tuples become lists."""
    if isinstance(value, dict):
        return {key: _plain(item) for key, item in value.items()}
    if isinstance(value, (list, tuple)):
        return [_plain(item) for item in value]
    return value


T = TypeVar("T")

MAX_BYTES = 1 << 20
"""The largest save file :func:`load_game` reads (a saved game is a few kilobytes)."""


def temporary_path(path: Path) -> Path:
    """Where :func:`save_game` writes before it replaces ``path``: ``.NAME.saving`` beside it.

    One fixed name per target, so a save killed half-way leaves at most this
    one file, which the next save of the same game overwrites and removes.
    """
    return path.with_name(f".{path.name}.saving")


_SAVING = tuple(threading.Lock() for _ in range(64))
"""Locks that keep two threads from saving one file at once (a file's is picked by its
name): they would share its temporary file, and one could write into the other's."""


def game_text(settings: GameSettings, board: ABoardModel) -> str:
    """The text of ``board``'s save file (:func:`game_to_dict` as JSON): what
    :func:`save_game` writes and the page downloads."""
    return json.dumps(game_to_dict(settings, board), indent=2) + "\n"


def save_game(
    path: str | Path,
    settings: GameSettings,
    board: ABoardModel,
    *,
    reading: AbstractContextManager[object] | None = None,
) -> None:
    """Write the game to ``path`` atomically (a crash leaves any previous file intact).

    The new file replaces the old one in one step (written to
    :func:`temporary_path`, synced, renamed). A symbolic link is followed:
    its target is written and the link stays. The permissions of an
    existing file are kept; a new file gets the usual ones (0666 less the
    umask). Threads that save one file at once take turns, each writing the
    game as it is when its turn comes (the web server saves a game from the
    request's thread and from the computer's).

    Args:
        path: The file (``~`` is the home folder).
        settings: The game's settings.
        board: Its position.
        reading: Held while the game is read, where another thread may change the
            board meanwhile (:attr:`GameModel.board_lock
            <oogames.game.model.GameModel.board_lock>`).

    Raises:
        SaveFileError: The file cannot be written (the message says why).
    """
    given = user_path(path, "save", SaveFileError)
    with _SAVING[hash(os.path.abspath(given)) % len(_SAVING)]:
        with reading or nullcontext():
            text = game_text(settings, board)
        _write(given, text)


def _write(given: Path, text: str) -> None:
    try:
        target = Path(os.path.realpath(given)) if given.is_symlink() else given
        try:
            mode: int | None = stat.S_IMODE(target.stat().st_mode)
        except FileNotFoundError:
            mode = None
        temporary = temporary_path(target)
        handle = os.open(temporary, os.O_WRONLY | os.O_CREAT | os.O_TRUNC, 0o666)
        try:
            if mode is not None:
                os.fchmod(handle, mode)
            with os.fdopen(handle, "w", encoding="utf-8") as out:
                out.write(text)
                out.flush()
                os.fsync(out.fileno())
            os.replace(temporary, target)
        except BaseException:
            temporary.unlink(missing_ok=True)
            raise
    except OSError as error:
        raise SaveFileError(f"cannot save to {given}: {error.strerror or error}") from None
    except ValueError:  # a NUL character in the name
        raise SaveFileError(f"cannot save to {shown(str(given))}: not a file name") from None


def data_folder() -> Path:
    """Where oogames keeps its files: ``$XDG_DATA_HOME/oogames`` (``~/.local/share/oogames``
    where that is not set, or not an absolute path, which the XDG rules say to ignore)."""
    base = os.environ.get("XDG_DATA_HOME", "")
    if not os.path.isabs(base):
        base = os.path.join("~", ".local", "share")
    return Path(base).expanduser() / "oogames"


def save_recovery(
    settings: GameSettings,
    board: ABoardModel,
    *,
    reading: AbstractContextManager[object] | None = None,
) -> Path:
    """Save the game to a new file in ``data_folder()/recovery`` and return its path.

    Used when a game is interrupted (Ctrl-C at the prompt, quitting while
    the computer thinks); ``oogames load PATH`` goes on with it. ``reading`` is
    :func:`save_game`'s.

    Raises:
        SaveFileError: The folder or the file cannot be written.
    """
    folder = data_folder() / "recovery"
    try:
        folder.mkdir(parents=True, exist_ok=True)
    except OSError as error:
        raise SaveFileError(f"cannot make {folder}: {error.strerror or error}") from None
    stamp = time.strftime("%Y%m%d-%H%M%S")
    path = folder / f"{settings.game}-{stamp}.json"
    number = 1
    while path.exists():
        number += 1
        path = folder / f"{settings.game}-{stamp}-{number}.json"
    save_game(path, settings, board, reading=reading)
    return path


def recovery_text(
    settings: GameSettings,
    board: ABoardModel,
    why: str = "interrupted",
    *,
    reading: AbstractContextManager[object] | None = None,
) -> str:
    """Save the game with :func:`save_recovery` and say so in one line, after ``why`` the
    game is left (the same line in every view; :meth:`GameModel.recovery_text
    <oogames.game.model.GameModel.recovery_text>` for a game being played); never raises.

    A game that cannot be saved is said to be lost, with the reason.
    """
    try:
        path = save_recovery(settings, board, reading=reading)
    except OogamesError as error:
        return f"{why}, and the game could not be saved: {one_line(error)}"
    return f"{why}: the game is saved in {path} (oogames load {path})"


def load_game(path: str | Path, trusted: Collection[str] = ()) -> tuple[GameSettings, ABoardModel]:
    """Read a saved game: its settings and the board after its moves.

    Args:
        path: The file.
        trusted: Plug-ins (``MODULE:CLASS``, ``FILE.py:CLASS``) the file may name:
            loading a file runs no code the file names unless the user says so
            (``oogames load FILE --trust REF``, or the game being played).

    Raises:
        SaveFileError: The file is missing, not JSON, not an oogames game, or
            its contents do not make a game (an illegal move says which); or it
            names a plug-in that is not trusted.
    """
    path = user_path(path, "the saved game", SaveFileError)
    try:
        with path.open("rb") as handle:
            raw = handle.read(MAX_BYTES + 1)
        text = "" if len(raw) > MAX_BYTES else raw.decode("utf-8")
    except OSError as error:
        raise SaveFileError(f"cannot read {path}: {error.strerror or error}") from None
    except UnicodeDecodeError:
        raise SaveFileError(f"{path} is not a saved game (not UTF-8 text)") from None
    except ValueError:  # a NUL character in the name
        raise SaveFileError(f"cannot read {shown(str(path))}: not a file name") from None
    if len(raw) > MAX_BYTES:
        raise SaveFileError(f"{path} is not a saved game (over {MAX_BYTES:,} bytes)")
    try:
        data = json.loads(text)
    except json.JSONDecodeError as error:
        raise SaveFileError(
            f"{path} is not a saved game (bad JSON: {error.msg}, line {error.lineno})"
        ) from None
    except RecursionError:
        raise SaveFileError(f"{path} is not a saved game (JSON nested too deep)") from None
    except ValueError:  # a number too long for int(): over 4,300 digits
        raise SaveFileError(f"{path} is not a saved game (a number far too long)") from None
    try:
        return game_from_dict(data, trusted)
    except SaveFileError as error:
        raise SaveFileError(f"{path}: {error}") from None


def game_from_dict(data: object, trusted: Collection[str] = ()) -> tuple[GameSettings, ABoardModel]:
    """The settings and board of a saved game's JSON object (see :func:`load_game`).

    Raises:
        SaveFileError: What is wrong with it.
    """
    if not isinstance(data, dict) or data.get("format") != FORMAT:
        raise SaveFileError(f'not an oogames saved game (no "format": "{FORMAT}")')
    if data.get("version") != VERSION:
        raise SaveFileError(
            f"saved with format version {shown(data.get('version'))}; this oogames reads {VERSION}"
        )
    _known(data, SAVE_FIELDS, "a saved game")
    options = _field(data, "options", dict)
    players = _field(data, "players", list)
    moves = _field(data, "moves", list)
    if not 2 <= len(players) <= MAX_SEATS or not all(
        isinstance(p, dict) and isinstance(p.get("kind"), str) for p in players
    ):
        raise SaveFileError(f'"players" must be 2 to {MAX_SEATS} objects with a "kind"')
    for named in (data.get("game"), *(p["kind"] for p in players)):
        if isinstance(named, str) and plugins.is_ref(named) and named not in trusted:
            raise SaveFileError(
                f"it names the plug-in {shown(named)}, whose code would run: load it with "
                f"--trust {named} if you trust that code"
            )
    try:
        specs = tuple(_player(p) for p in players)
        settings = GameSettings(
            game=_field(data, "game", str),
            options=options,
            players=specs,
            first=_field(data, "first", int),
            hint_depth=_field(data, "hint_depth", int),
            seed=None if data.get("seed") is None else _field(data, "seed", int),
        )
        board = settings.make_board()
        for spec in specs:  # a computer player must be buildable before anything is kept
            if not spec.is_human:
                spec.strategy(settings.info, board=board)
    except OogamesError as error:
        raise SaveFileError(one_line(error)) from None
    for index, text in enumerate(moves):
        if not isinstance(text, str):
            raise SaveFileError(
                f"move {index + 1} is {shown(text)}, not a move in the game's notation"
            )
        try:
            board.play(board.parse_move(text))
        except IllegalMoveError as error:
            raise SaveFileError(
                f"move {index + 1} ({shown(text)}) is illegal: {error.reason}"
            ) from None
    if data.get("to_move") != board.to_move:
        stated = data.get("to_move")
        raise SaveFileError(
            f'"to_move" is {shown(stated)} but after the moves player {board.to_move} is to move'
        )
    return settings, board


def _player(player: dict[str, object]) -> PlayerSpec:
    """A saved player, ``{"kind": ..., "depth": ..., "seconds": ..., "to_end": true}``: the
    fields of its :class:`PlayerSpec`."""
    _known(player, PLAYER_FIELDS, "a saved player")
    depth, seconds = player.get("depth"), player.get("seconds")
    if depth is not None and (
        isinstance(depth, bool) or not isinstance(depth, int) or depth.bit_length() > 60
    ):
        raise SaveFileError(f"a player's depth must be a whole number, not {shown(depth)}")
    if seconds is not None and (isinstance(seconds, bool) or not isinstance(seconds, (int, float))):
        raise SaveFileError(f"a player's seconds must be a number, not {shown(seconds)}")
    to_end = player.get("to_end", False)
    if not isinstance(to_end, bool):
        raise SaveFileError(f'a player\'s "to_end" must be true or false, not {shown(to_end)}')
    return PlayerSpec(player["kind"], depth, seconds, to_end)


def _known(data: dict[str, object], fields: tuple[str, ...], what: str) -> None:
    key = unknown_field(data, fields)
    if key is not None:
        raise SaveFileError(f"unknown field {shown(key)}; {what} has {', '.join(fields)}")


def _field(data: dict[str, object], name: str, kind: type[T]) -> T:
    value = data.get(name)
    if isinstance(value, bool) or not isinstance(value, kind):
        raise SaveFileError(f'"{name}" must be {kind.__name__}, not {shown(value)}')
    return value
