"""``oogames compare``: several strategies on the same positions, tabulated."""

from __future__ import annotations

import argparse
from typing import Final, TextIO

from oogames.board.model import ABoardModel
from oogames.cli.common import WIDTH, Subcommand, flag, position_of, whole_from
from oogames.games import find_game
from oogames.nextmove.grammar import StrategySpec
from oogames.nextmove.specs import check_fits, make_strategy
from oogames.trace.compare import compare, format_table

#: The searches compared by default: of two players who take turns, of more players, and
#: of a game with chance.
DEFAULTS: Final = {
    "two": "minimax,alphabeta,negamax,negamax-ab",
    "more": "maxn,paranoid,brs",
    "chance": "expectimax,star1,star2",
}


def default_strategies(board: ABoardModel) -> str:
    """The searches to compare on ``board`` when none are named (see :data:`DEFAULTS`)."""
    if board.has_chance:
        return DEFAULTS["chance"]
    return DEFAULTS["more"] if board.players > 2 else DEFAULTS["two"]


def run_compare(args: argparse.Namespace, out: TextIO) -> int:
    """Run the strategies on the positions and print the table; returns the exit status."""
    info = find_game(args.game)
    boards = []
    for moves in args.moves or [""]:
        board = position_of(info, args, moves)
        label = f"{moves.strip() or 'start'} ({board.status_text()})"
        boards.append((label, board))
    solvable = not any(info.too_big(board) for _, board in boards)
    chosen = args.strategies or default_strategies(boards[0][1])
    specs = [
        StrategySpec.parse(spec, people=False).with_depth(args.depth)
        for spec in chosen.split(",")
        if spec.strip()
    ]
    for spec in specs:  # before any search: one that cannot search a position at all
        for _, board in boards:
            check_fits(spec, board)
    strategies = [make_strategy(spec, info.evaluate, None, solvable) for spec in specs]
    print(format_table(compare(boards, strategies), WIDTH), file=out)
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
                "--moves",
                action="append",
                items="M",
                spaced=True,
                help="a position: moves from the start (repeat the flag for more)",
            ),
            flag(
                "--strategies",
                items="S",
                help="strategies",
                note=f"{DEFAULTS['two']}; for a game of more players {DEFAULTS['more']}; with "
                f"chance {DEFAULTS['chance']}",
            ),
            flag(
                "--depth",
                type=whole_from(1),
                default=3,
                help="depth for strategies given without one",
            ),
        ),
    ),
)
"""The subcommands of this module, declared once: ``oogames --help``, the parser and the
dispatch read them."""
