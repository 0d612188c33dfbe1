"""``oogames demo``: a game computer against computer, with each move's search figures."""

from __future__ import annotations

import argparse
from typing import Final, TextIO

from oogames.board.copies import SearchCopy
from oogames.board.model import ABoardModel
from oogames.board.moves import Move
from oogames.cli.common import SEED_FLAG, Subcommand, flag, make_board, seat_flags, seat_specs
from oogames.errors import counted
from oogames.game.players import ChancePlayer, IRequestor
from oogames.game.settings import PlayerSpec
from oogames.nextmove.results import SearchResult
from oogames.nextmove.spec_help import player_help
from oogames.nextmove.strategy import INextMoveStrategy, checked_result


def run_demo(args: argparse.Namespace, out: TextIO) -> int:
    """Play the demo game and print it to ``out``; returns the exit status."""
    info, board, _ = make_board(args)
    specs = seat_specs(args, info, board)
    seed = args.seed
    players = [
        PlayerSpec.parse(spec, people=False).strategy(
            info, None if seed is None else seed + number, board
        )
        for number, spec in enumerate(specs)
    ]
    options = ", ".join(f"{key}={value}" for key, value in board.options().items())
    print(f"oogames demo: {info.name} ({options})", file=out)
    for number, player in enumerate(players):
        print(f"  {board.player_names[number]}: {player.name}", file=out)
    print(f"\n{board}\n", file=out)
    totals = [0] * board.players
    chance = ChancePlayer(None if seed is None else seed + board.players)
    rolled = _Rolled(board)
    # Each player searches a copy kept in step: a copy made anew each move replays the
    # whole game, and Nim to 16,000 took 45 s.
    copies: list[SearchCopy[ABoardModel]] = [SearchCopy() for _ in players]
    while not board.is_over:
        if board.at_chance:
            chance.take_turn(board, rolled)
            drawn = board.last_played()
            assert drawn is not None  # the die has just been rolled
            print(f"{board.ply}. {board.chance_name}: {board.format_move(drawn[1])}", file=out)
            continue
        strategy = players[board.to_move]
        position = copies[board.to_move].of(board)
        result = checked_result(strategy, strategy.analyze(position), board)
        totals[board.to_move] += result.stats.nodes
        print(f"{board.ply + 1}. {describe_move(board, strategy, result)}", file=out)
        board.play(result.move)
        print(f"\n{board}\n", file=out)
    print(f"result: {board.status_text()} after {counted(board.ply, 'move')}", file=out)
    searched = ", ".join(
        f"{name} {total:,}" for name, total in zip(board.player_names, totals, strict=True)
    )
    print(f"nodes searched: {searched}", file=out)
    return 0


def describe_move(board: ABoardModel, strategy: INextMoveStrategy, result: SearchResult) -> str:
    """One line: the move, its value and the search figures (none if not ``searched``)."""
    stats = result.stats
    move = board.format_move(result.move)
    name = board.player_names[result.player]
    if not result.searched:
        return f"{name} ({strategy.name}) plays {move}"
    line = board.format_moves(result.pv)
    return (
        f"{name} ({strategy.name}) plays {move}: value {result.outcome()}, line {line}\n"
        f"    nodes {stats.nodes:,}  leaves {stats.leaves:,}  cut-offs {stats.cutoffs:,}  "
        f"depth {stats.max_depth}  {stats.seconds:.3f} s  "
        f"({stats.microseconds_per_node:.1f} us/node)"
    )


class _Rolled(IRequestor):
    """Plays chance's draw on the demo's board."""

    def __init__(self, board: ABoardModel) -> None:
        self.board = board

    def request_move(self, player: int, move: Move, result: SearchResult | None = None) -> None:
        """Play ``move`` for chance."""
        self.board.play(move, player)


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
            *seat_flags("STRATEGY"),
            SEED_FLAG,
        ),
    ),
)
"""The subcommands of this module, declared once: ``oogames --help``, the parser and the
dispatch read them."""
