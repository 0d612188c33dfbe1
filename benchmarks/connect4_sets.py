"""The Connect Four solver on Pascal Pons' benchmark sets: one table, Pons' figures beside ours.

Solves the positions of each set strongly (exact scores) with
:func:`oogames.nextmove.solve.solve` (alpha-beta, a transposition table of
2**20 slots new for each position as Pons' benchmark resets his, the game's
own order with losing moves skipped, null-window narrowing), checks every
score and prints, per set: positions solved, wrong scores, mean nodes against
the mean explored positions of Pons' final solver, and the mean and largest
time per position.

    python benchmarks/connect4_sets.py [--dir DIR] [--limit N] [--sets NAME,...]

``--limit`` takes the first N positions of each set (0: all 1000; a full
run of the four easier sets takes about an hour on one core).
"""

from __future__ import annotations

import argparse
import sys
import time
from pathlib import Path

from oogames.games import ConnectFourBoard
from oogames.nextmove.solve import pons_score, solve

DEFAULT_DIR = Path(__file__).resolve().parents[2] / "shared" / "data" / "connect4"

#: Set name, file and the mean explored positions of Pons' final solver (his tutorial).
SETS = (
    ("end-easy", "Test_L3_R1", 51.28),
    ("middle-easy", "Test_L2_R1", 449.6),
    ("middle-medium", "Test_L2_R2", 39_900.0),
    ("begin-easy", "Test_L1_R1", 3_298.0),
    ("begin-medium", "Test_L1_R2", 1_201_000.0),
    ("begin-hard", "Test_L1_R3", 65_920_000.0),
)


def run_set(path: Path, limit: int, size: int) -> tuple[int, int, float, float, float]:
    """Solve the set's positions: (solved, wrong, mean nodes, mean seconds, max seconds)."""
    lines = [line.split() for line in path.read_text().splitlines() if line.strip()]
    if limit:
        lines = lines[:limit]
    wrong = nodes = 0
    worst = 0.0
    start = time.perf_counter()
    for number, (moves, expected) in enumerate(lines, 1):
        board = ConnectFourBoard.from_moves(moves)
        solution = solve(board, table_size=size)
        if pons_score(board, solution) != int(expected):
            wrong += 1
            print(f"  wrong: {moves} expected {expected}", file=sys.stderr)
        nodes += solution.nodes
        worst = max(worst, solution.seconds)
        if number % 50 == 0:
            print(f"  {path.name}: {number} of {len(lines)}", file=sys.stderr, flush=True)
    seconds = time.perf_counter() - start
    count = len(lines)
    return count - wrong, wrong, nodes / count, seconds / count, worst


def main() -> int:
    """Print the table; 1 if any score is wrong."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--dir", type=Path, default=DEFAULT_DIR, help="the folder of the sets")
    parser.add_argument("--limit", type=int, default=20, help="positions per set (0: all)")
    parser.add_argument(
        "--sets",
        default="end-easy,middle-easy,middle-medium,begin-easy",
        help="comma-separated set names (see SETS), or 'all'",
    )
    parser.add_argument("--table-size", type=int, default=1 << 20, help="slots of the table")
    args = parser.parse_args()
    wanted = [name for name, _, _ in SETS] if args.sets == "all" else args.sets.split(",")
    known = {name: (file, pons) for name, file, pons in SETS}
    unknown = [name for name in wanted if name not in known]
    if unknown:
        print(f"connect4_sets: unknown set {unknown[0]!r}; choose from {', '.join(known)}")
        return 2
    header = (
        f"{'set':<14} {'solved':>7} {'wrong':>6} {'mean nodes':>12} {'Pons':>12} "
        f"{'ratio':>6} {'mean s':>8} {'max s':>8}"
    )
    print(header)
    print("-" * len(header))
    failed = 0
    for name in wanted:
        file, pons = known[name]
        path = args.dir / file
        if not path.is_file():
            print(f"connect4_sets: no file {path}; pass --dir", file=sys.stderr)
            return 2
        solved, wrong, nodes, mean, worst = run_set(path, args.limit, args.table_size)
        failed += wrong
        print(
            f"{name:<14} {solved:>7} {wrong:>6} {nodes:>12,.1f} {pons:>12,.1f} "
            f"{nodes / pons:>6.2f} {mean:>8.3f} {worst:>8.2f}",
            flush=True,
        )
    if args.limit and args.limit < 1000:
        print(
            f"(the first {args.limit} positions of each set; Pons' figure is his mean over all "
            "1000, so the ratio of a sample says little)"
        )
    return 1 if failed else 0


if __name__ == "__main__":
    raise SystemExit(main())
