"""Alpha-beta speed at a fixed depth from the start: Connect Four 7x6 and Othello 8x8.

Runs ``MinMax(DepthFac(AlphaBetaFac(), depth, evaluation))`` with each
game's default evaluation, and, for comparison, the same search with an
evaluation that costs nothing (always 0), so that the cost of the search
machinery and of the evaluation can be told apart. Prints nodes, leaves,
seconds and nodes per second; the fastest of ``--repeat`` runs counts.

    python benchmarks/search_speed.py [--repeat 3]
"""

from __future__ import annotations

import argparse
from typing import Any

from oogames import ABoardModel, AlphaBetaFac, DepthFac, MinMax
from oogames.games import (
    ConnectFourBoard,
    OthelloBoard,
    connect_four_lines,
    othello_weighted_squares,
)


def zero(board: Any, player: int) -> float:
    """An evaluation that costs nothing."""
    return 0.0


CASES: list[tuple[str, ABoardModel, int, Any]] = [
    ("connectfour 7x6", ConnectFourBoard(), 8, connect_four_lines),
    ("connectfour 7x6", ConnectFourBoard(), 8, zero),
    ("othello 8x8", OthelloBoard(), 7, othello_weighted_squares),
    ("othello 8x8", OthelloBoard(), 7, zero),
]


def main() -> None:
    """Print one row per search."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(f"alpha-beta from the start, best of {args.repeat} runs")
    header = f"{'game':<17}{'evaluation':<26}{'depth':>6}{'nodes':>9}{'leaves':>9}"
    print(f"{header}{'seconds':>9}{'nodes/s':>10}")
    for name, board, depth, evaluate in CASES:
        search = MinMax(DepthFac(AlphaBetaFac(), depth, evaluate))
        best = float("inf")
        result = search.analyze(board)
        for _ in range(args.repeat):
            result = search.analyze(board)
            best = min(best, result.stats.seconds)
        assert board.ply == 0, "the search changed the board"
        stats = result.stats
        print(
            f"{name:<17}{evaluate.__name__:<26}{depth:>6}{stats.nodes:>9,}{stats.leaves:>9,}"
            f"{best:>9.3f}{stats.nodes / best:>10,.0f}"
        )


if __name__ == "__main__":
    main()
