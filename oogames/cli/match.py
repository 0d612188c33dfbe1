"""``oogames match``: two searches play N-in-a-row over sizes, k and depths."""

from __future__ import annotations

import argparse
import contextlib
import sys
from collections.abc import Callable, Iterator
from typing import Final, TextIO

from oogames.cli.common import (
    SCHEDULER_FLAG,
    Subcommand,
    flag,
    rich_classes,
    whole_arg,
    whole_list,
    workers_flag,
)
from oogames.errors import UsageError, shown
from oogames.parsing import whole_number
from oogames.trace.match import MatchRow, format_rows, run_match


def run_match_command(args: argparse.Namespace, out: TextIO) -> int:
    """Play the match, with a progress bar when rich is installed; returns the exit status."""
    sizes, ks = read_sizes(args.sizes), whole_list(args.k, "--k values")
    depths = whole_list(args.depths, "--depths")
    total = len(sizes) * len(ks) * len(depths)
    with _progress(total) as advance:
        rows = run_match(
            args.first,
            args.second,
            sizes=sizes,
            ks=ks,
            depths=depths,
            seed=args.seed,
            progress=advance,
            db=args.db,
            workers=args.workers,
            scheduler=args.scheduler,
        )
    print(format_rows(rows), file=out)
    return 0


@contextlib.contextmanager
def _progress(total: int) -> Iterator[Callable[[MatchRow], None]]:
    """A progress bar on standard error (rich, when installed and a terminal is there)."""
    rich = rich_classes()
    if rich is None or not sys.stderr.isatty():
        yield lambda row: None
        return
    console, progress = rich
    with progress(console=console(file=sys.stderr), transient=True) as bar:
        task = bar.add_task("games", total=total)
        yield lambda row: bar.advance(task)


def read_sizes(text: str) -> list[tuple[int, int]]:
    """The sizes of ``--sizes``: ``WIDTHxHEIGHT`` words, comma-separated (``7x6,5x4``)."""
    sizes = []
    for part in text.split(","):
        width_text, _, height_text = part.strip().lower().partition("x")
        width, height = whole_number(width_text), whole_number(height_text)
        if width is None or height is None:
            raise UsageError(f"--sizes: a size is WIDTHxHEIGHT, like 7x6, not {shown(part)}")
        sizes.append((width, height))
    return sizes


COMMANDS: Final = (
    Subcommand(
        "match",
        help="two searches play N-in-a-row over sizes, k and depths (the Radboud table)",
        description="Play one game of N-in-a-row per k, board size and depth between two "
        "searches of that depth, and print each side's evaluations, nodes, the number of moves "
        "and the result.",
        run=run_match_command,
        flags=(
            flag("--first", default="minimax", help="the first player's search"),
            flag("--second", default="alphabeta", help="the second player's search"),
            flag("--sizes", default="7x6", items="WxH", help="board sizes WIDTHxHEIGHT"),
            flag("--k", default="4", items="K", help="numbers in a row to win"),
            flag("--depths", default="2,3", items="D", help="search depths"),
            flag("--seed", type=whole_arg, help="seed for a random player"),
            flag(
                "--db",
                default=":memory:",
                help="store the games here (SQLite) to resume a long match",
            ),
            workers_flag(),
            SCHEDULER_FLAG,
        ),
    ),
)
"""The subcommands of this module, declared once: ``oogames --help``, the parser and the
dispatch read them."""
