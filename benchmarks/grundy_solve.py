"""Grundy's game solved by search: every single heap from 1 to N, checked against Sprague-Grundy.

Each heap is solved weakly (win or loss for the side to move) by ``oogames
solve``'s search, alpha-beta with a transposition table whose key treats equal
multisets of heaps as one position, and compared with the Sprague-Grundy
value computed bottom up. Prints the nodes and time per heap and in total.

    python benchmarks/grundy_solve.py [--max 40]
"""

from __future__ import annotations

import argparse
import time

from oogames.games import GrundyBoard
from oogames.games.grundy import grundy_value
from oogames.nextmove.solve import solve


def main() -> int:
    """Solve the heaps; 1 if any disagrees with the theory."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--max", type=int, default=40, help="the largest heap (default 40)")
    args = parser.parse_args()
    start = time.perf_counter()
    wrong = nodes = 0
    for heap in range(1, args.max + 1):
        solution = solve(GrundyBoard((heap,)), weak=True)
        theory = "loss" if grundy_value([heap]) == 0 else "win"
        wrong += solution.outcome != theory
        nodes += solution.nodes
        if heap % 5 == 0 or solution.outcome != theory:
            print(
                f"heap {heap:>3}: {solution.outcome:<5} (theory {theory}), "
                f"{solution.nodes:>9,} nodes, {solution.seconds:7.3f} s"
            )
    seconds = time.perf_counter() - start
    print(f"heaps 1 to {args.max}: {args.max - wrong} of {args.max} agree with Sprague-Grundy")
    print(f"total: {nodes:,} nodes, {seconds:.2f} s")
    return 1 if wrong else 0


if __name__ == "__main__":
    raise SystemExit(main())
