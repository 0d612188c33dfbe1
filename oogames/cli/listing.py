"""``oogames list``: the games and the strategies."""

from __future__ import annotations

import argparse
from typing import Final, TextIO

from oogames import plugins
from oogames.cli.common import Subcommand
from oogames.errors import OogamesError, one_line
from oogames.games import GAMES, find_game
from oogames.nextmove.grammar import grammar_help


def run_list(out: TextIO) -> int:
    """Print the games and strategies to ``out``; returns the exit status."""
    print("games (oogames demo NAME [options]):", file=out)
    for info in GAMES.values():
        flags = " ".join(option.flag for option in info.declared)
        print(f"  {info.name:<12} {info.summary}", file=out)
        print(f"  {'':<12} options: {flags}", file=out)
    installed = plugins.entry_point_games()
    for name, point in installed.items():
        try:
            info = find_game(name)
            summary = info.summary
            flags = " ".join(f"--opt {option}=..." for option in info.options) or "none"
        except OogamesError as error:
            summary, flags = f"(cannot be loaded: {one_line(error)})", "-"
        print(f"  {name:<12} {summary}", file=out)
        print(f"  {'':<12} from {plugins.origin_of(point)}; options: {flags}", file=out)
    print(
        "  or a board class of your own: MODULE:CLASS or FILE.py:CLASS (--opt NAME=VALUE)",
        file=out,
    )
    for line in grammar_help():
        print(line, file=out)
    return 0


def _run_list(args: argparse.Namespace, out: TextIO) -> int:
    return run_list(out)


COMMANDS: Final = (
    Subcommand(
        "list",
        help="list the games and strategies",
        description="List the games and strategies.",
        run=_run_list,
    ),
)
"""The subcommands of this module, declared once: ``oogames --help``, the parser and the
dispatch read them."""
