"""``oogames play`` and ``oogames load``: a game in the console or the interactive view."""

from __future__ import annotations

import argparse
import sys
from typing import TYPE_CHECKING, TextIO

from oogames.cli.common import add_game_options, default_spec, game_options, given_player, whole_arg
from oogames.errors import SettingsError
from oogames.game.model import GameModel
from oogames.game.saving import load_game
from oogames.game.settings import GameSettings, PlayerSpec
from oogames.nextmove.grammar import player_help
from oogames.ui.console import ConsoleView

if TYPE_CHECKING:
    from oogames.board.model import ABoardModel
    from oogames.cli.common import Commands


def add_parser(commands: Commands) -> None:
    """Declare the subcommand and its options on ``commands`` (argparse's subparsers)."""
    play = commands.add_parser(
        "play",
        help="play a game: people and computers, in the console or the interactive view",
        description="Play a game. Each side is human, random, or a strategy (see "
        "`oogames list`). In the console, type moves in the game's notation, or help to see "
        "the commands.",
    )
    add_game_options(play, positional=True)
    play.add_argument("--player0", default="human", help="the first side: " + player_help("human"))
    play.add_argument("--player1", help="the second side: " + player_help())
    play.add_argument("--first", type=whole_arg, default=0, help="which side moves first (0 or 1)")
    play.add_argument("--hint-depth", type=whole_arg, default=3, help="how deep hints search (3)")
    play.add_argument("--seed", type=whole_arg, help="seed for random players")
    _add_view_choice(play)

    load = commands.add_parser(
        "load", help="go on with a saved game", description="Load a saved game (JSON) and play on."
    )
    load.add_argument("file", help="the saved game")
    load.add_argument(
        "--trust",
        action="append",
        default=[],
        metavar="REF",
        help="let the file name this plug-in (MODULE:CLASS or FILE.py:CLASS; its code runs)",
    )
    _add_view_choice(load)


def _add_view_choice(parser: argparse.ArgumentParser) -> None:
    views = parser.add_mutually_exclusive_group()
    views.add_argument("--console", action="store_true", help="plain text (the default)")
    views.add_argument("--tui", action="store_true", help="the interactive board (oogames[tui])")


def run_play(args: argparse.Namespace, out: TextIO) -> int:
    """Start the game the arguments describe, in the chosen view; returns the exit status."""
    info, given = game_options(args)
    board = info.make(**given)
    second = given_player(args.player1, "--player1") or default_spec(info, board)
    settings = GameSettings(
        game=info.name,
        options={**given, **board.options()},
        players=(
            PlayerSpec.parse(given_player(args.player0, "--player0") or "human"),
            PlayerSpec.parse(second),
        ),
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
        return run_tui(settings, board)
    model = GameModel(settings, start=False, board=board)
    view = ConsoleView(model, sys.stdin, out)
    return view.run()
