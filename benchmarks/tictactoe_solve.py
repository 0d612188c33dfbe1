"""Solve tic-tac-toe from the empty board: the framework against a hand-written search.

Runs ``MinMax(MinMaxFac())`` and ``MinMax(AlphaBetaFac())`` over the
map/lambda/visitor/accumulator design, and two hand-written recursive
negamax searches (without and with alpha-beta) that work on the same
board's cells and win check directly: no map, no visitors, no accumulators,
no undo commands. Prints the nodes, microseconds per node and the
framework/hand-written ratio per node. Each search is timed in ``--repeat``
samples of at least 0.3 s, and the fastest sample counts (the machine is
shared and noisy).

    python benchmarks/tictactoe_solve.py [--repeat 5] [--rows 3 --cols 3 --k 3]
"""

from __future__ import annotations

import argparse
import time
from collections.abc import Callable

from oogames import WIN_VALUE, AlphaBetaFac, MinMax, MinMaxFac, TicTacToeBoard


def hand_negamax(board: TicTacToeBoard, alpha_beta: bool) -> tuple[int, float, int]:
    """Negamax over the board's own bit sets; returns (nodes, value, best cell index)."""
    stones = board._stones  # the same cells the framework plays on
    lines_through = board._cell_lines
    full = board._all_cells
    order = [1 << board._index[cell] for cell in board.move_order]
    index_of = {1 << i: i for i in range(board.rows * board.cols)}
    nodes = 0
    infinity = float("inf")

    def search(player: int, ply: int, alpha: float, beta: float) -> float:
        nonlocal nodes
        best = -infinity
        mine = stones[player]
        occupied = mine | stones[1 - player]
        for bit in order:
            if occupied & bit:
                continue
            nodes += 1
            placed = mine | bit
            stones[player] = placed
            for line in lines_through[index_of[bit]]:
                if placed & line == line:
                    value = WIN_VALUE - ply - 1
                    break
            else:
                if occupied | bit == full:
                    value = 0
                else:
                    value = -search(1 - player, ply + 1, -beta, -max(alpha, best))
            stones[player] = mine
            if value > best:
                best = value
                if alpha_beta and best >= beta:
                    break
        return best

    value = search(board.to_move, 0, -infinity, infinity)
    return nodes, value, 0


def best_of(repeat: int, run: Callable[[], tuple[int, float]]) -> tuple[int, float, float]:
    """Time ``run``: ``repeat`` samples of at least ~0.3 s each; return the fastest run.

    Returns:
        (nodes, value, seconds of one run in the fastest sample).
    """
    start = time.perf_counter()
    nodes, value = run()
    runs_per_sample = max(1, int(0.3 / (time.perf_counter() - start)))
    fastest = float("inf")
    for _ in range(repeat):
        start = time.perf_counter()
        for _ in range(runs_per_sample):
            run()
        fastest = min(fastest, (time.perf_counter() - start) / runs_per_sample)
    return nodes, value, fastest


def main() -> None:
    """Run the four searches and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=5)
    parser.add_argument("--rows", type=int, default=3)
    parser.add_argument("--cols", type=int, default=3)
    parser.add_argument("--k", type=int, default=3)
    args = parser.parse_args()
    board = TicTacToeBoard(args.rows, args.cols, args.k)

    def framework(factory: MinMaxFac | AlphaBetaFac) -> Callable[[], tuple[int, float]]:
        def run() -> tuple[int, float]:
            result = MinMax(factory).analyze(board)
            assert result.value is not None
            return result.stats.nodes, result.value

        return run

    def hand(alpha_beta: bool) -> Callable[[], tuple[int, float]]:
        def run() -> tuple[int, float]:
            nodes, value, _ = hand_negamax(board, alpha_beta)
            return nodes, value

        return run

    print(f"tic-tac-toe {args.rows}x{args.cols} k={args.k}, best of {args.repeat} runs")
    print(f"{'search':<34}{'nodes':>10}{'value':>9}{'seconds':>10}{'us/node':>10}")
    rows = {}
    for label, run in (
        ("MinMax(MinMaxFac())", framework(MinMaxFac())),
        ("hand-written negamax", hand(False)),
        ("MinMax(AlphaBetaFac())", framework(AlphaBetaFac())),
        ("hand-written negamax alpha-beta", hand(True)),
    ):
        nodes, value, seconds = best_of(args.repeat, run)
        per_node = seconds * 1e6 / nodes
        rows[label] = (nodes, per_node)
        print(f"{label:<34}{nodes:>10,}{value:>9g}{seconds:>10.3f}{per_node:>10.2f}")
    assert board.ply == 0 and board.key() == 0, "a search changed the board"
    for framework_label, hand_label in (
        ("MinMax(MinMaxFac())", "hand-written negamax"),
        ("MinMax(AlphaBetaFac())", "hand-written negamax alpha-beta"),
    ):
        ratio = rows[framework_label][1] / rows[hand_label][1]
        print(f"ratio per node, {framework_label} / {hand_label}: {ratio:.2f}")
    print("design target: ratio <= 2.00")


if __name__ == "__main__":
    main()
