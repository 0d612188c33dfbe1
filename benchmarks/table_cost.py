"""What a transposition table costs a node, and what it saves: ``alphabeta`` against
``alphabeta+tt`` solving tic-tac-toe and Connect Four from the start.

For each search the table prints the nodes, the time, the time a node and the
table's ratios: how many times fewer nodes, how much less time, and what a node
costs with the table against without it. The fastest of ``--repeat`` runs
counts. ``--instructions`` counts instructions a node under valgrind's
callgrind instead (unlike times, the same from run to run on a shared machine):
each search runs in a process of its own, less a process that only imports and makes
the board and the table, in each of three memory layouts; the median is printed,
and the spread (``_callgrind.py`` says why one layout is not enough).

    python benchmarks/table_cost.py [--repeat 5] [--big] [--instructions]

``--big`` adds Connect Four 5 x 4 (plain alpha-beta takes about 20 seconds there).
"""

from __future__ import annotations

import argparse
import sys
from collections.abc import Callable

from _callgrind import LAYOUTS, check_valgrind, per_node, spread

from oogames import AlphaBetaFac, MinMax, TicTacToeBoard
from oogames.board.model import ABoardModel
from oogames.games import ConnectFourBoard
from oogames.nextmove import IAccFactory, TTFac

BOARDS: dict[str, Callable[[], ABoardModel]] = {
    "tic-tac-toe": TicTacToeBoard,
    "Connect Four 4x4": lambda: ConnectFourBoard(4, 4),
    "Connect Four 5x4": lambda: ConnectFourBoard(5, 4),
}
SEARCHES: dict[str, Callable[[], IAccFactory]] = {
    "alphabeta": AlphaBetaFac,
    "alphabeta+tt": lambda: TTFac(AlphaBetaFac()),
}


def run_one(board: str, search: str, solve: bool = True) -> int:
    """Solve ``board`` with ``search``; its nodes (without ``solve``: only make the
    board, the search's root, and its table)."""
    factory = SEARCHES[search]()
    position = BOARDS[board]()
    if not solve:
        factory.make_acc(0)
        return 0
    return MinMax(factory).analyze(position).stats.nodes


def times(repeat: int, big: bool) -> None:
    """Nodes, the fastest time and the time a node of each search, and the ratios."""
    print(f"{'board':<18}{'search':<14}{'nodes':>11}{'seconds':>10}{'us/node':>9}")
    for board in BOARDS if big else list(BOARDS)[:2]:
        figures = {}
        for search, make in SEARCHES.items():
            best, nodes = float("inf"), 0
            for _ in range(repeat):
                result = MinMax(make()).analyze(BOARDS[board]())
                best, nodes = min(best, result.stats.seconds), result.stats.nodes
            figures[search] = (nodes, best)
            print(f"{board:<18}{search:<14}{nodes:>11,}{best:>10.3f}{best * 1e6 / nodes:>9.2f}")
        (plain_nodes, plain_s), (tt_nodes, tt_s) = figures["alphabeta"], figures["alphabeta+tt"]
        per_node = (tt_s / tt_nodes) / (plain_s / plain_nodes)
        print(
            f"{'':<18}+tt: {plain_nodes / tt_nodes:.1f}x fewer nodes, "
            f"{plain_s / tt_s:.2f}x less time, {per_node:.2f}x the time a node"
        )


def instructions() -> None:
    """Instructions a node of each search under callgrind, and the ratio a node (the
    median over memory layouts: see ``_callgrind``)."""
    check_valgrind()
    print("instructions a node (less a process that imports, makes the board, root and table;")
    print(f"the median of {len(LAYOUTS)} memory layouts, and their spread)")
    print(f"{'board':<18}{'alphabeta':>12}{'+tt':>10}{'ratio':>8}  spreads")
    for board in ("tic-tac-toe", "Connect Four 4x4"):
        costs, spreads = [], []
        for search in SEARCHES:
            command = [sys.executable, __file__, "--run-one", board, search]
            cost, least, most, _ = per_node([*command, "--no-solve"], command)
            costs.append(cost)
            spreads.append(spread(least, most))
        print(
            f"{board:<18}{costs[0]:>12,.0f}{costs[1]:>10,.0f}{costs[1] / costs[0]:>8.2f}"
            f"  {', '.join(spreads)}"
        )


def main() -> None:
    """Print the table of times, or of instructions."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=5, help="runs per figure (best counts)")
    parser.add_argument("--instructions", action="store_true", help="count under callgrind")
    parser.add_argument("--big", action="store_true", help="add Connect Four 5 x 4")
    parser.add_argument("--run-one", nargs=2, metavar=("BOARD", "SEARCH"), help=argparse.SUPPRESS)
    parser.add_argument("--no-solve", action="store_true", help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.run_one:
        print(run_one(*args.run_one, solve=not args.no_solve))
    elif args.instructions:
        instructions()
    else:
        times(args.repeat, args.big)


if __name__ == "__main__":
    main()
