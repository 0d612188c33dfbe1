"""``oogames list``: the games and the strategies."""

from __future__ import annotations

import argparse
import re
import textwrap
from typing import Final, TextIO

from oogames import plugins
from oogames.cli.common import WIDTH, Subcommand
from oogames.errors import OogamesError, one_line
from oogames.game.settings import default_player
from oogames.games import GAMES, find_game
from oogames.nextmove.spec_help import grammar_help

_NAMED = re.compile(r"^\s*\S+ {2,}|^\s*[^\s:]+: ")
"""The start of a line that names something: its text wraps under what follows it."""


def _wrapped(line: str) -> str:
    """``line`` wrapped to ``WIDTH``: ``  kalah        Kalah: ...`` under ``Kalah``,
    ``  mcts: Monte Carlo ...`` under ``Monte``, any other two further in."""
    named = _NAMED.match(line)
    indent = len(named[0]) if named else len(line) - len(line.lstrip()) + 2
    return textwrap.fill(
        line, WIDTH, subsequent_indent=" " * indent, break_on_hyphens=False, break_long_words=False
    )


def run_list(out: TextIO) -> int:
    """Print the games and strategies to ``out``, ``WIDTH`` (79) wide; returns the exit
    status."""
    for line in _listing():
        print(_wrapped(line), file=out)
    return 0


def _listing() -> list[str]:
    """The lines of the listing, each as long as it is."""
    lines = ["games (oogames demo NAME [options]):"]
    for info in GAMES.values():
        flags = " ".join(option.flag for option in info.declared)
        lines.append(f"  {info.name:<12} {info.summary}")
        lines.append(f"  {'':<12} options: {flags}")
        lines.append(f"  {'':<12} computer: {default_player(info)} (where none is named)")
    installed = plugins.entry_point_games()
    for name, point in installed.items():
        try:
            info = find_game(name)
            summary = info.summary
            flags = " ".join(f"--opt {option}=..." for option in info.options) or "none"
        except OogamesError as error:
            summary, flags = f"(cannot be loaded: {one_line(error)})", "-"
        lines.append(f"  {name:<12} {summary}")
        lines.append(f"  {'':<12} from {plugins.origin_of(point)}; options: {flags}")
    lines.append("  or a board class of your own: MODULE:CLASS or FILE.py:CLASS (--opt NAME=VALUE)")
    return lines + grammar_help()


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
