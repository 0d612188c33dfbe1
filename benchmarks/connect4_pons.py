"""Solve Pascal Pons' Connect Four benchmark positions and check the exact scores.

Each line of a benchmark file is ``<moves> <score>``: the columns played
(1-based digits) and the exact score for the side to move. A win completed
by the stone that brings the board to ``p`` stones scores ``(44 - p) // 2``,
a loss the negation, a draw 0. This script searches each position to the
end with ``MinMax(AlphaBetaFac())`` (quick wins preferred, centre-first
order), turns the value into Pons' score, and prints how many agree, the
mean nodes per position and the speed. ``--weak`` checks only the sign.

The files are not part of the package; by default the script reads the
end-game file from ``../shared/data/connect4`` beside the repository.

    python benchmarks/connect4_pons.py [--file PATH] [--limit N] [--weak]
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from oogames import WIN_VALUE, AlphaBetaFac, MinMax
from oogames.games import ConnectFourBoard
from oogames.nextmove.solve import pons_score as solve_score
from oogames.nextmove.solve import solve

DEFAULT = Path(__file__).resolve().parents[2] / "shared" / "data" / "connect4" / "Test_L3_R1"

#: Mean positions explored per position by Pons' solver stages, from his tutorial.
PUBLISHED = {
    "Test_L3_R1": "plain alpha-beta 283.6; centre-first 139.7; final solver 51.28",
    "Test_L2_R1": "centre-first 2,081,790; final solver 449.6",
    "Test_L2_R2": "final solver 39,900",
    "Test_L1_R1": "final solver 3,298",
}


def pons_score(board: ConnectFourBoard, value: float) -> int:
    """The value of a search to the end, as Pons' score for the side to move."""
    if value == 0:
        return 0
    plies = int(WIN_VALUE - abs(value))
    stones = board.ply + plies  # the stones on the board when the game is won
    score = (board.width * board.height + 2 - stones) // 2
    return score if value > 0 else -score


def main() -> int:
    """Solve the positions and print the summary; 1 if any score disagrees."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--file", type=Path, default=DEFAULT, help="a benchmark file")
    parser.add_argument("--limit", type=int, default=200, help="positions to solve (0: all)")
    parser.add_argument("--weak", action="store_true", help="check only win, draw or loss")
    args = parser.parse_args()
    if not args.file.is_file():
        print(f"connect4_pons: no benchmark file at {args.file}; pass --file", file=sys.stderr)
        return 2
    lines = [line.split() for line in args.file.read_text().splitlines() if line.strip()]
    if args.limit:
        lines = lines[: args.limit]
    search = MinMax(AlphaBetaFac())
    agree = nodes = 0
    start = time.perf_counter()
    for moves, expected_text in lines:
        board = ConnectFourBoard.from_moves(moves)
        result = search.analyze(board)
        assert result.value is not None
        expected, got = int(expected_text), pons_score(board, result.value)
        if args.weak:
            expected, got = (expected > 0) - (expected < 0), (got > 0) - (got < 0)
        agree += expected == got
        nodes += result.stats.nodes
        if expected != got:
            print(f"disagree: {moves} expected {expected}, got {got}")
    seconds = time.perf_counter() - start
    kind = "weak (sign)" if args.weak else "strong (exact score)"
    print(f"{args.file.name}: {len(lines)} positions, {kind}")
    print(
        f"  plain alpha-beta: agree {agree} of {len(lines)}, mean nodes {nodes / len(lines):,.1f}"
    )
    print(f"    seconds: {seconds:.2f} ({nodes / seconds:,.0f} nodes/s)")
    # The solver of `oogames solve`: alpha-beta with a transposition table (a new one
    # for each position, as Pons counts), a null window for --weak.
    solved = tabled = 0
    worst = 0.0
    start = time.perf_counter()
    for moves, expected_text in lines:
        board = ConnectFourBoard.from_moves(moves)
        solution = solve(board, weak=args.weak)
        expected = int(expected_text)
        if args.weak:
            right = solution.outcome == (
                "win" if expected > 0 else "loss" if expected < 0 else "draw"
            )
        else:
            right = solve_score(board, solution) == expected
        solved += right
        tabled += solution.nodes
        worst = max(worst, solution.seconds)
    seconds = time.perf_counter() - start
    print(
        f"  oogames solve:    agree {solved} of {len(lines)}, mean nodes "
        f"{tabled / len(lines):,.1f}, mean {seconds / len(lines):.4f} s, max {worst:.3f} s"
    )
    agree = min(agree, solved)
    if args.file.name in PUBLISHED:
        print(f"  Pons' published means: {PUBLISHED[args.file.name]}")
    return 0 if agree == len(lines) else 1


if __name__ == "__main__":
    raise SystemExit(main())
