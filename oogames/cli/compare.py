"""``oogames compare``: several strategies on the same positions, tabulated."""

from __future__ import annotations

import argparse
from typing import Final, TextIO

from oogames.cli.common import Subcommand, flag, position_of, whole_arg
from oogames.games import find_game
from oogames.nextmove.grammar import StrategySpec
from oogames.nextmove.specs import make_strategy
from oogames.trace.compare import compare, format_table


def run_compare(args: argparse.Namespace, out: TextIO) -> int:
    """Run the strategies on the positions and print the table; returns the exit status."""
    info = find_game(args.game)
    boards = []
    for moves in args.moves or [""]:
        board = position_of(info, args, moves)
        label = f"{moves.strip() or 'start'} ({board.status_text()})"
        boards.append((label, board))
    solvable = not any(info.too_big(board) for _, board in boards)
    strategies = [
        make_strategy(
            StrategySpec.parse(spec).with_depth(args.depth), info.evaluate, None, solvable
        )
        for spec in args.strategies.split(",")
        if spec.strip()
    ]
    print(format_table(compare(boards, strategies)), file=out)
    return 0


COMMANDS: Final = (
    Subcommand(
        "compare",
        help="run several strategies on the same positions and tabulate their work",
        description="Run several strategies on the same positions and print nodes, leaves, "
        "evaluated leaves, cut-offs, seconds, the move and its value.",
        run=run_compare,
        game="positional",
        flags=(
            flag(
                "--moves", action="append", help="a position (moves in notation); repeat for more"
            ),
            flag(
                "--strategies",
                default="minimax,alphabeta,negamax,negamax-ab",
                help="comma-separated strategies (default: minimax,alphabeta,negamax,negamax-ab)",
            ),
            flag(
                "--depth",
                type=whole_arg,
                default=3,
                help="depth for strategies given without one (default 3)",
            ),
        ),
    ),
)
"""The subcommands of this module, declared once: ``oogames --help``, the parser and the
dispatch read them."""
