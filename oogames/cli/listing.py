"""``oogames list``: the games and the strategies."""

from __future__ import annotations

from typing import TYPE_CHECKING, TextIO

from oogames import plugins
from oogames.errors import OogamesError, one_line
from oogames.games import GAMES, find_game
from oogames.nextmove.grammar import grammar_help

if TYPE_CHECKING:
    from oogames.cli.common import Commands


def add_parser(commands: Commands) -> None:
    """Declare the subcommand and its options on ``commands`` (argparse's subparsers)."""
    commands.add_parser(
        "list", help="list the games and strategies", description="List the games and strategies."
    )


def run_list(out: TextIO) -> int:
    """Print the games and strategies to ``out``; returns the exit status."""
    print("games (oogames demo --game NAME [options]):", file=out)
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
