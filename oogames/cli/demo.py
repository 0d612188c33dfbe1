"""``oogames demo``: a game computer against computer, with each move's search figures."""

from __future__ import annotations

import argparse
from typing import Final, TextIO

from oogames.cli.common import (
    Subcommand,
    default_spec,
    describe_move,
    flag,
    given_player,
    make_board,
    whole_arg,
)
from oogames.nextmove.grammar import player_help
from oogames.nextmove.specs import make_strategy
from oogames.nextmove.strategy import checked_result


def run_demo(args: argparse.Namespace, out: TextIO) -> int:
    """Play the demo game and print it to ``out``; returns the exit status."""
    info, board = make_board(args)
    specs = [
        given_player(args.player0, "--player0") or default_spec(info, board),
        given_player(args.player1, "--player1") or default_spec(info, board),
    ]
    seed, solvable = args.seed, not info.too_big(board)
    players = [
        make_strategy(spec, info.evaluate, None if seed is None else seed + number, solvable)
        for number, spec in enumerate(specs)
    ]
    options = ", ".join(f"{key}={value}" for key, value in board.options().items())
    print(f"oogames demo: {info.name} ({options})", file=out)
    for number, player in enumerate(players):
        print(f"  {board.player_names[number]}: {player.name}", file=out)
    print(f"\n{board}\n", file=out)
    totals = [0, 0]
    while not board.is_over:
        strategy = players[board.to_move]
        result = checked_result(strategy, strategy.analyze(board.copy()), board)
        totals[board.to_move] += result.stats.nodes
        print(f"{board.ply + 1}. {describe_move(board, strategy, result)}", file=out)
        board.play(result.move)
        print(f"\n{board}\n", file=out)
    print(f"result: {board.status_text()} after {board.ply} moves", file=out)
    print(
        f"nodes searched: {board.player_names[0]} {totals[0]:,}, "
        f"{board.player_names[1]} {totals[1]:,}",
        file=out,
    )
    return 0


COMMANDS: Final = (
    Subcommand(
        "demo",
        help="watch a game computer against computer, with each move's search figures",
        description="Play a game computer against computer and print each move with the "
        "figures of the search that chose it (nodes, leaves, cut-offs, depth, time).",
        run=run_demo,
        game="option",
        flags=(
            flag("--player0", metavar="STRATEGY", help="player 0 (moves first): " + player_help()),
            flag("--player1", metavar="STRATEGY", help="player 1: " + player_help()),
            flag("--seed", type=whole_arg, help="seed for random players"),
        ),
    ),
)
"""The subcommands of this module, declared once: ``oogames --help``, the parser and the
dispatch read them."""
