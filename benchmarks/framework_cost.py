"""What the framework costs per node: a depth limit's overhead, and the framework against a
search written by hand over the same board.

1. ``DepthAcc``: alpha-beta to the end of tic-tac-toe and of Connect Four 4 x 5,
   undecorated and wrapped in a depth limit that is never reached (the same
   tree, node for node); the ratio is what the decorator costs.
2. Framework / hand: plain alpha-beta to the end of Connect Four positions
   (Pons' end-game set, or 4 x 5 from the start) with ``MinMax(AlphaBetaFac())``
   and with a recursive alpha-beta written by hand over the same board's
   ``make_move`` and undo, visiting the same columns in the same order (the
   node counts are checked equal); the ratio is what the accumulators, the
   lambda and the visitors cost over a plain loop.

The fastest of ``--repeat`` runs counts. Figures are printed, never asserted.

    python benchmarks/framework_cost.py [--repeat 3]
"""

from __future__ import annotations

import argparse
import math
import time
from collections.abc import Callable
from pathlib import Path

from oogames import AlphaBetaFac, DepthFac, MinMax
from oogames.board.model import ABoardModel
from oogames.board.states import NON_TERMINAL
from oogames.board.visitors import IGNORE_STATUS, UNDO_AT_ONCE
from oogames.games import ConnectFourBoard, TicTacToeBoard

PONS = Path(__file__).resolve().parents[2] / "shared" / "data" / "connect4" / "Test_L3_R1"
WIN = 1_000_000


def best_of(repeat: int, run: Callable[[], int]) -> tuple[float, int]:
    """The fastest time of ``repeat`` runs of ``run`` and the nodes it reported."""
    best, nodes = math.inf, 0
    for _ in range(repeat):
        start = time.perf_counter()
        nodes = run()
        best = min(best, time.perf_counter() - start)
    return best, nodes


class HandSearch:
    """Alpha-beta by hand: a loop over the board's move order, make_move, recursion, undo.

    Scores as MinMax does (a win ``WIN - plies`` for the root player), so it visits the
    same nodes as ``MinMax(AlphaBetaFac())`` on a Connect Four board.
    """

    def __init__(self, board: ConnectFourBoard) -> None:
        self.board = board
        self.nodes = 0
        self.root = board.to_move
        self.order = board.move_order  # the order map uses, computed once

    def search(self, player: int, depth: int, alpha: float, beta: float) -> float:
        board = self.board
        maximise = player == self.root
        best = -math.inf if maximise else math.inf
        heights, tops = board._heights, board._tops
        for col in self.order:
            if heights[col] == tops[col]:
                continue
            self.nodes += 1
            undo = board.make_move(player, col, UNDO_AT_ONCE, IGNORE_STATUS)
            state = board._state
            if state is NON_TERMINAL:
                low, high = (
                    (best if best > alpha else alpha, beta)
                    if maximise
                    else (
                        alpha,
                        best if best < beta else beta,
                    )
                )
                value = self.search(1 - player, depth + 1, low, high)
            elif state.winner is None:
                value = 0.0
            else:
                value = WIN - (depth + 1)
                if state.winner != self.root:
                    value = -value
            undo()
            if maximise:
                if value > best:
                    best = value
                if best >= beta:
                    break
            else:
                if value < best:
                    best = value
                if best <= alpha:
                    break
        return best


def main() -> None:
    """Print both tables."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure (best counts)")
    parser.add_argument("--positions", type=int, default=100, help="Pons end-game positions")
    args = parser.parse_args()

    print("1. a depth limit that is never reached, against no limit (same tree)")
    print(f"{'board':<22}{'nodes':>10}{'plain s':>10}{'DepthAcc s':>12}{'ratio':>8}")
    boards: list[tuple[str, Callable[[], ABoardModel]]] = [
        ("tictactoe 3x3", TicTacToeBoard),
        ("connectfour 4x5", lambda: ConnectFourBoard(4, 5)),
    ]
    for name, make in boards:
        plain_s, plain_n = best_of(
            args.repeat, lambda make=make: MinMax(AlphaBetaFac()).analyze(make()).stats.nodes
        )
        limited = DepthFac(AlphaBetaFac(), 1_000, lambda board, player: 0.0)
        depth_s, depth_n = best_of(
            args.repeat,
            lambda make=make, limited=limited: MinMax(limited).analyze(make()).stats.nodes,
        )
        assert plain_n == depth_n
        print(f"{name:<22}{plain_n:>10,}{plain_s:>10.3f}{depth_s:>12.3f}{depth_s / plain_s:>8.2f}")

    print()
    print("2. framework (MinMax(AlphaBetaFac())) against alpha-beta by hand, to the end")
    print(f"{'positions':<22}{'nodes':>10}{'hand s':>10}{'framework s':>12}{'ratio':>8}")
    sets: list[tuple[str, list[str]]] = [("connectfour 4x5", [""])]
    if PONS.is_file():
        lines = PONS.read_text().split("\n")[: args.positions]
        sets.append((f"Pons end-easy x{len(lines)}", [line.split()[0] for line in lines]))

    for name, positions in sets:
        width, height = (4, 5) if positions == [""] else (7, 6)

        def solve_all(
            solve_one: Callable[[ConnectFourBoard], int],
            positions: list[str] = positions,
            width: int = width,
            height: int = height,
        ) -> int:
            """The nodes of solving every position with ``solve_one``."""
            return sum(
                solve_one(ConnectFourBoard.from_moves(moves, width=width, height=height))
                for moves in positions
            )

        def by_hand(board: ConnectFourBoard) -> int:
            hand = HandSearch(board)
            hand.search(board.to_move, 0, -math.inf, math.inf)
            return hand.nodes

        def framework(board: ConnectFourBoard) -> int:
            return MinMax(AlphaBetaFac()).analyze(board).stats.nodes

        hand_s, hand_n = best_of(args.repeat, lambda: solve_all(by_hand))
        frame_s, frame_n = best_of(args.repeat, lambda: solve_all(framework))
        assert hand_n == frame_n, (hand_n, frame_n)
        print(f"{name:<22}{hand_n:>10,}{hand_s:>10.3f}{frame_s:>12.3f}{frame_s / hand_s:>8.2f}")


if __name__ == "__main__":
    main()
