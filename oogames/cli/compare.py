"""``oogames compare``: several strategies on the same positions, tabulated."""

from __future__ import annotations

import argparse
from typing import TYPE_CHECKING, TextIO

from oogames.cli.common import add_game_options, position_of, whole_arg
from oogames.games import find_game
from oogames.nextmove.grammar import StrategySpec
from oogames.nextmove.specs import make_strategy
from oogames.trace.compare import compare, format_table

if TYPE_CHECKING:
    from oogames.cli.common import Commands


def add_parser(commands: Commands) -> None:
    """Declare the subcommand and its options on ``commands`` (argparse's subparsers)."""
    compare = commands.add_parser(
        "compare",
        help="run several strategies on the same positions and tabulate their work",
        description="Run several strategies on the same positions and print nodes, leaves, "
        "evaluated leaves, cut-offs, seconds, the move and its value.",
    )
    add_game_options(compare, positional=True)
    compare.add_argument(
        "--moves", action="append", help="a position (moves in notation); repeat for more"
    )
    compare.add_argument(
        "--strategies",
        default="minimax,alphabeta,negamax,negamax-ab",
        help="comma-separated strategies (default: minimax,alphabeta,negamax,negamax-ab)",
    )
    compare.add_argument(
        "--depth",
        type=whole_arg,
        default=3,
        help="depth for strategies given without one (default 3)",
    )


def run_compare(args: argparse.Namespace, out: TextIO) -> int:
    """Run the strategies on the positions and print the table; returns the exit status."""
    info = find_game(args.game)
    boards = []
    for moves in args.moves or [""]:
        board = position_of(info, args, moves)
        label = f"{moves.strip() or 'start'} ({board.status_text()})"
        boards.append((label, board))
    strategies = [
        make_strategy(StrategySpec.parse(spec).with_depth(args.depth), info.evaluate)
        for spec in args.strategies.split(",")
        if spec.strip()
    ]
    print(format_table(compare(boards, strategies)), file=out)
    return 0
