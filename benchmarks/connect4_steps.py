"""The Connect Four solver built up one step at a time, on one of Pons' benchmark sets.

Each step solves every position strongly to the end of the game (a new
table for each position, as Pons' benchmark resets his) and prints the mean
nodes and seconds a position:

1. ``alphabeta``: plain alpha-beta, centre-first order;
2. ``alphabeta+tt``: with a transposition table;
3. ``alphabeta+tt+order``: with the game's order (threats first, moves that
   lose at once skipped, the rules' bounds);
4. the same with null-window narrowing: what ``oogames solve`` runs.

Every step's value is checked against the file's score.

    python benchmarks/connect4_steps.py [--file PATH] [--limit N] [--from STEP]
"""

from __future__ import annotations

import argparse
import sys
import time
from collections.abc import Callable
from pathlib import Path

from oogames import AlphaBetaFac, MinMax
from oogames.games import ConnectFourBoard
from oogames.nextmove.enhancements.table import TTFac
from oogames.nextmove.solve import Solution, pons_score, solve

DEFAULT = Path(__file__).resolve().parents[2] / "shared" / "data" / "connect4" / "Test_L3_R1"


def as_solution(board: ConnectFourBoard, factory: object) -> Solution:
    """One full-window search with ``factory``, as a :class:`Solution` for the score."""
    result = MinMax(factory).analyze(board)  # type: ignore[arg-type]
    value = float(result.value or 0)
    outcome = "win" if value > 0 else "loss" if value < 0 else "draw"
    plies = None if value == 0 else int(1_000_000 - abs(value))
    return Solution(outcome, value, plies, result.move, result.pv, result.stats.nodes, 0.0)


STEPS: list[tuple[str, Callable[[ConnectFourBoard], Solution]]] = [
    ("alphabeta (centre first)", lambda board: as_solution(board, AlphaBetaFac())),
    ("alphabeta+tt", lambda board: as_solution(board, TTFac(AlphaBetaFac(), size=1 << 20))),
    ("alphabeta+tt+order", lambda board: solve(board, narrow=False)),
    ("alphabeta+tt+order, null-window narrowing", lambda board: solve(board)),
]


def main() -> int:
    """Print one row a step; 1 if any score is wrong."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--file", type=Path, default=DEFAULT, help="a benchmark file")
    parser.add_argument("--limit", type=int, default=200, help="positions (0: all)")
    parser.add_argument("--from", dest="first", type=int, default=1, help="first step (1-4)")
    args = parser.parse_args()
    if not args.file.is_file():
        print(f"connect4_steps: no benchmark file at {args.file}; pass --file", file=sys.stderr)
        return 2
    lines = [line.split() for line in args.file.read_text().splitlines() if line.strip()]
    if args.limit:
        lines = lines[: args.limit]
    print(f"{args.file.name}, {len(lines)} positions")
    print(f"{'search':<44}{'mean nodes':>12}{'mean s':>10}")
    wrong = 0
    for label, run in STEPS[args.first - 1 :]:
        nodes = 0
        start = time.perf_counter()
        for moves, expected in lines:
            board = ConnectFourBoard.from_moves(moves)
            solution = run(board)
            wrong += pons_score(board, solution) != int(expected)
            nodes += solution.nodes
        seconds = time.perf_counter() - start
        count = len(lines)
        print(f"{label:<44}{nodes / count:>12,.1f}{seconds / count:>10.4f}", flush=True)
    if wrong:
        print(f"{wrong} wrong scores")
    return 1 if wrong else 0


if __name__ == "__main__":
    raise SystemExit(main())
