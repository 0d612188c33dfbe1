"""The ``oogames`` command (also ``python -m oogames``): a package with one module a
subcommand, each declaring it once (``COMMANDS``: :class:`~oogames.cli.common.Subcommand`
values, with their arguments) and carrying it out (``run_*``); the parser, the help and
the dispatch are made from the declarations.

``oogames demo`` plays a game computer against computer and prints every
move with the figures of the search that chose it; ``oogames list`` names
the games and strategies; ``oogames play`` and ``oogames load`` play a game;
``oogames tree`` draws the tree a search explored; ``oogames compare``
tabulates several searches on the same positions; ``oogames solve`` gives a
position's exact value; ``oogames serve`` starts the web server;
``oogames tournament`` has strategies play each other; ``oogames match``
plays two searches against each other over N-in-a-row boards of several
sizes, k and depths.
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable, Sequence
from typing import Final, TextIO

from oogames import __version__, plugins
from oogames.cli import compare, demo, grade, listing, match, play, serve, solve, tournament, tree
from oogames.cli.common import Subcommand, default_spec, flag_error
from oogames.cli.compare import run_compare
from oogames.cli.demo import run_demo
from oogames.cli.listing import run_list
from oogames.cli.match import run_match_command
from oogames.cli.parser import Parser, printable
from oogames.cli.play import run_load, run_play
from oogames.cli.serve import run_serve
from oogames.cli.solve import SOLVE_NOTICE_SECONDS, run_solve
from oogames.cli.tournament import run_tournament_command
from oogames.cli.tree import run_tree
from oogames.errors import BoardOptionError, OogamesError, PluginCodeError
from oogames.ui.leaving import let_go, unheard

__all__ = [
    "SOLVE_NOTICE_SECONDS",
    "build_parser",
    "default_spec",
    "main",
    "run_compare",
    "run_demo",
    "run_list",
    "run_load",
    "run_match_command",
    "run_play",
    "run_serve",
    "run_solve",
    "run_tournament_command",
    "run_tree",
]

_default_spec = default_spec  # its name before the command line was a package

#: The subcommands' modules, in the order ``oogames --help`` lists them.
SUBCOMMANDS = (demo, listing, play, tree, compare, solve, serve, tournament, match, grade)

#: Every subcommand, declared once in its module (``COMMANDS``).
ALL_COMMANDS: tuple[Subcommand, ...] = tuple(
    command for module in SUBCOMMANDS for command in module.COMMANDS
)

#: What carries out each subcommand, by name (read from the declarations).
RUN: dict[str, Callable[[argparse.Namespace, TextIO], int]] = {
    command.name: command.run for command in ALL_COMMANDS
}


def package_summary() -> str:
    """What oogames is, in a sentence: the first paragraph of the package's docstring (the
    one place it is written; setup.cfg's description repeats it, and a test checks that)."""
    import oogames

    first = (oogames.__doc__ or "oogames: games and game search.").split("\n\n")[0]
    summary = " ".join(first.split()).removeprefix("oogames: ")
    return summary[:1].upper() + summary[1:]


MAX_WORDS: Final = 5_000
"""The most words a command line may have: lists are one word and openings a file, so a
few dozen serve but for ``oogames compare`` of many positions (``--moves`` repeated: up
to 2,500). argparse's time grows as the square of the words: 5,000 unknown flags took
1.4 s to refuse here, 100,000 took 65 s."""


def build_parser() -> Parser:
    """The argument parser of the ``oogames`` command, made from the subcommands'
    declarations (``ALL_COMMANDS``)."""
    parser = Parser(
        prog="oogames",
        description=package_summary(),
    )
    parser.add_argument("--version", action="version", version=f"oogames {__version__}")
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    parser.subcommands = {command.name: command.add_to(commands) for command in ALL_COMMANDS}
    for command in parser.subcommands.values():
        assert isinstance(command, Parser)  # argparse makes subparsers of the top's class
        command.siblings = parser.subcommands
    return parser


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """Run the ``oogames`` command with ``argv``; returns the exit status.

    A bad argument prints a message and returns 2, never a traceback: one line that
    begins with the subcommand, as argparse's own do (``oogames play: error: ...``).
    """
    out = sys.stdout if out is None else out
    argv = sys.argv[1:] if argv is None else argv
    try:
        parser, args = _parsed(argv)
    except KeyboardInterrupt:
        print("oogames: interrupted", file=sys.stderr)
        return 130
    prog = parser.subcommands[args.command].prog  # "oogames play"
    try:
        return RUN[args.command](args, out)
    except PluginCodeError as error:  # the user's own code raised: show its traceback
        sys.stderr.write(error.details)
        parser.exit(2, f"{prog}: error in your plug-in: {printable(str(error))}\n")
    except BoardOptionError as error:  # named by its flag, as the user gave it
        parser.exit(2, f"{prog}: error: {printable(str(flag_error(error)))}\n")
    except OogamesError as error:
        parser.exit(2, f"{prog}: error: {printable(str(error))}\n")
    except KeyboardInterrupt:
        print(f"{prog}: interrupted", file=sys.stderr)
        return 130
    except BrokenPipeError:  # a reader went away (``oogames demo | head``)
        for stream in (sys.stdout, sys.stderr):  # what still can be written is, once
            with unheard(stream):
                stream.flush()
        return 1
    except (Exception, SystemExit) as error:  # a plug-in's code raised, or called sys.exit()
        blamed = plugins.blame(error)
        if blamed is not None:
            sys.stderr.write(blamed.details)
            parser.exit(2, f"{prog}: error in your plug-in: {printable(str(blamed))}\n")
        if not isinstance(error, OSError):
            raise
        return _cannot_go_on(prog, error)


def _parsed(argv: Sequence[str]) -> tuple[Parser, argparse.Namespace]:
    """The parser and what it read from ``argv``; a bad argument exits with status 2 and
    one line that begins with the subcommand."""
    parser = build_parser()
    if len(argv) > MAX_WORDS:  # argparse's time grows as the square of the words
        parser.error(f"{len(argv):,} arguments: at most {MAX_WORDS:,} (a list is one word)")
    if not any(word in parser.subcommands for word in argv):
        strange = parser.unknown_flags(argv)  # named, where argparse asks for a command
        if strange:
            parser.refuse_unknown(strange, parser.subcommands, argv)
    args, extra = parser.parse_known_args(argv)
    command = parser.subcommands[args.command]
    assert isinstance(command, Parser)  # argparse makes subparsers of the top's class
    if extra:  # refused by the subcommand, which names its own flag nearest a mistyped one
        command.refuse_unknown(extra, {"": parser, **parser.subcommands}, argv)
    return parser, args


def _cannot_go_on(prog: str, error: OSError) -> int:
    """Say in one line why the system stopped the command (a disk full as the output is
    written, a terminal gone) and return 1. What the output still held is let go, so the
    process ends with this status, not a second failure as it flushes."""
    let_go(sys.stdout)
    reason = error.strerror or str(error)
    if error.filename is not None:
        reason = f"{error.filename}: {reason}"
    with unheard(sys.stderr):
        print(f"{prog}: error: {printable(reason)}", file=sys.stderr)
    return 1
