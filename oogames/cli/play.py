"""``oogames play`` and ``oogames load``: a game in the console or the interactive view."""

from __future__ import annotations

import argparse
import sys
from typing import Final, TextIO

from oogames.board.model import ABoardModel
from oogames.board.options import check_size
from oogames.cli.common import (
    SEED_FLAG,
    Subcommand,
    flag,
    make_board,
    seat_flags,
    seat_specs,
    whole_arg,
    whole_from,
)
from oogames.errors import SettingsError, UsageError
from oogames.game.model import GameModel
from oogames.game.saving import load_game
from oogames.game.settings import GameSettings, PlayerSpec
from oogames.nextmove.spec_help import player_help
from oogames.ui.console import ConsoleView


def run_play(args: argparse.Namespace, out: TextIO) -> int:
    """Start the game the arguments describe, in the chosen view; returns the exit status."""
    info, board, options = make_board(args)
    check_size("--first", args.first, 0, board.players - 1, UsageError)  # a seat of the game
    settings = GameSettings(
        game=info.name,
        options=options,
        players=tuple(PlayerSpec.parse(spec) for spec in seat_specs(args, info, board)),
        first=args.first,
        hint_depth=args.hint_depth,
        seed=args.seed,
    )
    return _open(settings, None, args, out)


def run_load(args: argparse.Namespace, out: TextIO) -> int:
    """Open a saved game in the chosen view; returns the exit status."""
    settings, board = load_game(args.file, args.trust)
    return _open(settings, board, args, out)


def _open(
    settings: GameSettings, board: ABoardModel | None, args: argparse.Namespace, out: TextIO
) -> int:
    if args.tui:
        try:
            from oogames.ui.tui import run_tui
        except ImportError:
            raise SettingsError(
                "the interactive view needs Textual: pip install 'oogames[tui]'"
            ) from None
        for stream, says in ((sys.__stdin__, "reads its keys on standard input"),
                             (sys.__stderr__, "draws the board on standard error")):  # fmt: skip
            if stream is None or not stream.isatty():  # it waited for keys that never came
                raise UsageError(f"--tui {says}, which is not a terminal: play with --console")
        return run_tui(settings, board)
    model = GameModel(settings, start=False, board=board)
    view = ConsoleView(model, sys.stdin, out)
    return view.run()


VIEW_FLAGS: Final = (
    flag("--console", action="store_true", help="plain text (the default)", exclusive="view"),
    flag(
        "--tui", action="store_true", help="the interactive board (oogames[tui])", exclusive="view"
    ),
)
"""The choice of view, one of them (``oogames play`` and ``oogames load``)."""

COMMANDS: Final = (
    Subcommand(
        "play",
        help="play a game: people and computers, in the console or the interactive view",
        description="Play a game. Each side is human, random, or a strategy (see "
        "`oogames list`). In the console, type moves in the game's notation, or help to see "
        "the commands.",
        run=run_play,
        game="positional",
        flags=(
            flag("--player0", default="human", help="the first side: " + player_help(None)),
            flag("--player1", help="the second side: " + player_help()),
            *seat_flags(),
            flag(
                "--first",
                type=whole_arg,
                default=0,
                help="which side moves first (0 or 1; in a game of N players, 0 to N - 1)",
            ),
            flag(
                "--hint-depth",
                type=whole_from(1, GameSettings.MAX_HINT_DEPTH),
                default=GameSettings.HINT_DEPTH,
                help="how deep hints search",
            ),
            SEED_FLAG,
            *VIEW_FLAGS,
        ),
    ),
    Subcommand(
        "load",
        help="go on with a saved game",
        description="Load a saved game (JSON) and play on.",
        run=run_load,
        flags=(
            flag("file", help="the saved game"),
            flag(
                "--trust",
                action="append",
                default=[],
                metavar="REF",
                help="let the file name this plug-in (MODULE:CLASS or FILE.py:CLASS; "
                "its code runs)",
            ),
            *VIEW_FLAGS,
        ),
    ),
)
"""The subcommands of this module, declared once: ``oogames --help``, the parser and the
dispatch read them."""
