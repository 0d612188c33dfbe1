"""The ``oogames`` command (also ``python -m oogames``).

``oogames demo`` plays a game computer against computer and prints every
move with the figures of the search that chose it; ``oogames list`` names
the games and strategies.
"""

from __future__ import annotations

import argparse
import os
import sys
from collections.abc import Sequence
from typing import Any, TextIO

from oogames.errors import BoardOptionError, OogamesError
from oogames.games import GAMES, GameInfo
from oogames.nextmove.results import SearchResult
from oogames.nextmove.specs import make_strategy, strategy_names
from oogames.nextmove.strategy import INextMoveStrategy

_STRATEGY_HELP = (
    "a strategy: random, minimax or alphabeta, searching to the end of the game, "
    "or NAME:DEPTH to search DEPTH plies and score the horizon with the game's evaluation "
    "(default: alphabeta when the board is small enough to solve, else alphabeta:4)"
)


#: The board options the command line takes: flag name -> (type, help).
_GAME_OPTIONS: dict[str, tuple[Any, str]] = {
    "rows": (int, "tictactoe: rows (default 3)"),
    "cols": (int, "tictactoe: columns (default 3)"),
    "k": (int, "tictactoe, connectfour: how many in a row win (default 3; 4)"),
    "width": (int, "connectfour: columns (default 7)"),
    "height": (int, "connectfour: rows (default 6)"),
    "size": (int, "othello: squares on a side, even, 4 to 16 (default 8)"),
    "target": (int, "nim: the total that wins (default 21)"),
    "max_add": (int, "nim: the most a move adds (default 3)"),
    "heaps": (None, "grundy: the starting heaps, for example 7 or 3,4,5 (default 7)"),
}


def _heaps(text: str) -> tuple[int, ...]:
    try:
        return tuple(int(part) for part in text.replace(" ", "").split(",") if part)
    except ValueError:
        raise argparse.ArgumentTypeError(
            f"heaps are whole numbers separated by commas, not {text!r}"
        ) from None


def _add_game_options(parser: argparse.ArgumentParser) -> None:
    parser.add_argument("--game", default="tictactoe", choices=sorted(GAMES), help="the game")
    for name, (kind, text) in _GAME_OPTIONS.items():
        flag = "--" + name.replace("_", "-")
        parser.add_argument(flag, dest=name, type=kind or _heaps, metavar=name.upper(), help=text)


def _make_board(args: argparse.Namespace) -> tuple[GameInfo, Any]:
    """The game chosen by ``args`` and its starting board; refuses options of other games."""
    info = GAMES[args.game]
    given = {name: getattr(args, name) for name in _GAME_OPTIONS if getattr(args, name) is not None}
    foreign = sorted(set(given) - set(info.options))
    if foreign:
        flags = ", ".join("--" + name.replace("_", "-") for name in foreign)
        takes = ", ".join("--" + name.replace("_", "-") for name in info.options)
        raise BoardOptionError(f"{info.name} does not take {flags}; it takes {takes}")
    return info, info.make(**given)


def build_parser() -> argparse.ArgumentParser:
    """The argument parser of the ``oogames`` command."""
    parser = argparse.ArgumentParser(
        prog="oogames",
        description="Two-player games and game search after Rice's Design Patterns for Games.",
    )
    commands = parser.add_subparsers(dest="command", metavar="COMMAND", required=True)
    demo = commands.add_parser(
        "demo",
        help="watch a game computer against computer, with each move's search figures",
        description="Play a game computer against computer and print each move with the "
        "figures of the search that chose it (nodes, leaves, cut-offs, depth, time).",
    )
    _add_game_options(demo)
    demo.add_argument(
        "--player0", metavar="STRATEGY", help="player 0 (moves first); " + _STRATEGY_HELP
    )
    demo.add_argument("--player1", metavar="STRATEGY", help="player 1; " + _STRATEGY_HELP)
    demo.add_argument("--seed", type=int, help="seed for random players")
    commands.add_parser(
        "list", help="list the games and strategies", description="List the games and strategies."
    )
    return parser


def _describe(board: Any, strategy: INextMoveStrategy, result: SearchResult) -> str:
    """One line: the move, its value, and the search figures."""
    stats = result.stats
    move = board.format_move(result.move)
    name = board.player_names[result.player]
    if result.value is None:
        return f"{name} ({strategy.name}) plays {move}"
    line = " ".join(board.format_move(m) for m in result.pv)
    return (
        f"{name} ({strategy.name}) plays {move}: value {result.outcome()}, line {line}\n"
        f"    nodes {stats.nodes:,}  leaves {stats.leaves:,}  cut-offs {stats.cutoffs:,}  "
        f"depth {stats.max_depth}  {stats.seconds:.3f} s  "
        f"({stats.microseconds_per_node:.1f} us/node)"
    )


def _default_spec(info: GameInfo, board: Any) -> str:
    return "alphabeta" if info.solvable(board) else "alphabeta:4"


def run_demo(args: argparse.Namespace, out: TextIO) -> int:
    """Play the demo game and print it to ``out``; returns the exit status."""
    info, board = _make_board(args)
    specs = [args.player0 or _default_spec(info, board), args.player1 or _default_spec(info, board)]
    seed = args.seed
    players = [
        make_strategy(spec, info.evaluate, None if seed is None else seed + number)
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
        result = strategy.analyze(board)
        totals[board.to_move] += result.stats.nodes
        print(f"{board.ply + 1}. {_describe(board, strategy, result)}", file=out)
        board.play(result.move)
        print(f"\n{board}\n", file=out)
    print(f"result: {board.status_text()} after {board.ply} moves", file=out)
    print(
        f"nodes searched: {board.player_names[0]} {totals[0]:,}, "
        f"{board.player_names[1]} {totals[1]:,}",
        file=out,
    )
    return 0


def run_list(out: TextIO) -> int:
    """Print the games and strategies to ``out``; returns the exit status."""
    print("games (oogames demo --game NAME [options]):", file=out)
    for info in GAMES.values():
        flags = " ".join("--" + name.replace("_", "-") for name in info.options)
        print(f"  {info.name:<12} {info.summary}", file=out)
        print(f"  {'':<12} options: {flags}", file=out)
    print("strategies (NAME or NAME:DEPTH):", file=out)
    print(f"  {', '.join(strategy_names())}", file=out)
    return 0


def main(argv: Sequence[str] | None = None, out: TextIO | None = None) -> int:
    """Run the ``oogames`` command with ``argv``; returns the exit status.

    A bad argument prints a message and returns 2, never a traceback.
    """
    out = sys.stdout if out is None else out
    parser = build_parser()
    args = parser.parse_args(argv)
    try:
        if args.command == "demo":
            return run_demo(args, out)
        return run_list(out)
    except OogamesError as error:
        parser.exit(2, f"oogames: error: {error}\n")
    except KeyboardInterrupt:
        return 130
    except BrokenPipeError:  # the reader went away (``oogames demo | head``)
        devnull = os.open(os.devnull, os.O_WRONLY)
        os.dup2(devnull, sys.stdout.fileno())
        return 1
