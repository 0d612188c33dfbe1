"""What the framework costs per node: a depth limit's overhead, and the framework against a
search written by hand over the same board.

1. A depth limit: alpha-beta to the end of tic-tac-toe and of Connect Four 4 x 5,
   with no limit, with ``DepthFac`` (the limit built into the alpha-beta
   accumulators, see ``limit_depth``) and with the ``DepthAcc`` decorator, each
   limit never reached (the same tree, node for node); the ratios are what a
   limit costs.
2. Framework / hand: plain alpha-beta to the end of Connect Four positions
   (Pons' end-game set, or 4 x 5 from the start) with ``MinMax(AlphaBetaFac())``
   and with a recursive alpha-beta written by hand over the same board's
   ``make_move`` and undo, visiting the same columns in the same order (the
   node counts are checked equal); the ratio is what the accumulators, the
   lambda and the visitors cost over a plain loop.

The fastest of ``--repeat`` runs counts. Figures are printed, never asserted.
``--instructions`` counts instructions instead (unlike times, the same from run to
run on a shared machine): each search of Connect Four 4 x 4 from the start runs under
valgrind's callgrind in a process of its own, less a process that only imports, in
each of three memory layouts; the median is printed, and the spread (``_callgrind.py``
says why one layout is not enough).

    python benchmarks/framework_cost.py [--repeat 3] [--instructions]
"""

from __future__ import annotations

import argparse
import math
import sys
import time
from collections.abc import Callable
from pathlib import Path

from _callgrind import LAYOUTS, check_valgrind, per_node, spread

from oogames import AlphaBetaFac, DepthAcc, DepthFac, IAccFactory, MinMax
from oogames.board.model import ABoardModel
from oogames.board.states import NON_TERMINAL
from oogames.board.visitors import IGNORE_STATUS, UNDO_AT_ONCE
from oogames.games import ConnectFourBoard, TicTacToeBoard
from oogames.nextmove import AAccumulator
from oogames.nextmove.running import run_deep

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


def zero(board: object, player: int) -> float:
    """An evaluation that is never asked (the limit is never reached)."""
    return 0.0


class DecoratedFac(IAccFactory):
    """Alpha-beta limited by the ``DepthAcc`` decorator itself (what ``DepthFac`` does for
    accumulators it cannot build the limit into)."""

    def __init__(self, depth: int) -> None:
        self.depth = depth

    def make_acc(self, model_player: int) -> AAccumulator:
        return DepthAcc(AlphaBetaFac().make_acc(model_player), self.depth, zero)

    @property
    def name(self) -> str:
        return f"alphabeta (DepthAcc):{self.depth}"


SEARCHES: dict[str, Callable[[ConnectFourBoard], int]] = {
    "none": lambda board: 0,
    "plain": lambda board: MinMax(AlphaBetaFac()).analyze(board).stats.nodes,
    "DepthFac": lambda board: (
        MinMax(DepthFac(AlphaBetaFac(), 1_000, zero)).analyze(board).stats.nodes
    ),
    "DepthAcc": lambda board: MinMax(DecoratedFac(1_000)).analyze(board).stats.nodes,
    "hand": lambda board: by_hand(board),
}


def by_hand(board: ConnectFourBoard) -> int:
    """Solve ``board`` with :class:`HandSearch`; its node count. It runs in a search thread,
    as ``MinMax`` does (``run_deep``), so both have the same room for their frames."""
    hand = HandSearch(board)
    run_deep(board, lambda: hand.search(board.to_move, 0, -math.inf, math.inf))
    return hand.nodes


def instructions() -> None:
    """Each search of Connect Four 4 x 4 under callgrind: instructions a node and the ratios
    (the median over memory layouts, and their spread: see ``_callgrind``)."""
    check_valgrind()
    me = [sys.executable, __file__, "--run-one"]
    counts = {mode: per_node([*me, "none"], [*me, mode]) for mode in SEARCHES if mode != "none"}
    print("instructions a node, solving Connect Four 4 x 4 from the start (less Python's start;")
    print(f"the median of {len(LAYOUTS)} memory layouts, and their spread)")
    print(f"{'search':<12}{'nodes':>10}{'instr/node':>12}{'ratio':>8}  {'spread':<15}")
    for mode, (cost, least, most, nodes) in counts.items():
        against = "hand" if mode == "plain" else "plain"
        ratio = cost / counts[against][0] if mode != "hand" else 1.0
        note = f"(/{against})" if mode != "hand" else ""
        print(f"{mode:<12}{nodes:>10,}{cost:>12,.0f}{ratio:>8.3f}  {spread(least, most):<15}{note}")


def main() -> None:
    """Print both tables."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs per figure (best counts)")
    parser.add_argument("--positions", type=int, default=100, help="Pons end-game positions")
    parser.add_argument(
        "--instructions", action="store_true", help="count instructions under callgrind"
    )
    parser.add_argument("--run-one", choices=SEARCHES, help=argparse.SUPPRESS)
    args = parser.parse_args()
    if args.run_one:
        print(SEARCHES[args.run_one](ConnectFourBoard(4, 4)))
        return
    if args.instructions:
        instructions()
        return

    print("1. a depth limit that is never reached, against no limit (same tree)")
    print(
        f"{'board':<18}{'nodes':>10}{'plain s':>9}{'DepthFac s':>11}{'ratio':>7}"
        f"{'DepthAcc s':>11}{'ratio':>7}"
    )
    boards: list[tuple[str, Callable[[], ABoardModel]]] = [
        ("tictactoe 3x3", TicTacToeBoard),
        ("connectfour 4x5", lambda: ConnectFourBoard(4, 5)),
    ]
    for name, make in boards:
        figures = []
        for factory in (AlphaBetaFac(), DepthFac(AlphaBetaFac(), 1_000, zero), DecoratedFac(1_000)):
            figures.append(
                best_of(
                    args.repeat,
                    lambda make=make, factory=factory: MinMax(factory).analyze(make()).stats.nodes,
                )
            )
        (plain_s, plain_n), (fac_s, fac_n), (acc_s, acc_n) = figures
        assert plain_n == fac_n == acc_n
        print(
            f"{name:<18}{plain_n:>10,}{plain_s:>9.3f}{fac_s:>11.3f}{fac_s / plain_s:>7.2f}"
            f"{acc_s:>11.3f}{acc_s / plain_s:>7.2f}"
        )

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

        hand_s, hand_n = best_of(args.repeat, lambda: solve_all(by_hand))
        frame_s, frame_n = best_of(args.repeat, lambda: solve_all(SEARCHES["plain"]))
        assert hand_n == frame_n, (hand_n, frame_n)
        print(f"{name:<22}{hand_n:>10,}{hand_s:>10.3f}{frame_s:>12.3f}{frame_s / hand_s:>8.2f}")


if __name__ == "__main__":
    main()
