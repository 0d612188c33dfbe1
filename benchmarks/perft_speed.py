"""perft speed of every game: leaves (move sequences counted) per second.

perft goes through map, make_move and the undo commands only, so this is
the speed of each game's move generation, move making and undo under the
Rice contract. Each game's depth is chosen to take a fraction of a second to
a few seconds; the fastest of ``--repeat`` runs counts.

    python benchmarks/perft_speed.py [--repeat 3]
"""

from __future__ import annotations

import argparse
import time

from oogames import ABoardModel, perft
from oogames.games import ConnectFourBoard, GrundyBoard, NimBoard, OthelloBoard, TicTacToeBoard

CASES: list[tuple[str, ABoardModel, int]] = [
    ("tictactoe 3x3", TicTacToeBoard(), 6),
    ("connectfour 7x6", ConnectFourBoard(), 7),
    ("othello 8x8", OthelloBoard(), 7),
    ("othello 16x16", OthelloBoard(16), 6),
    ("nim 21/3", NimBoard(), 9),
    ("grundy 20", GrundyBoard((20,)), 5),
]


def main() -> None:
    """Print one row per game: depth, leaves, seconds, leaves per second."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--repeat", type=int, default=3)
    args = parser.parse_args()
    print(f"perft, best of {args.repeat} runs")
    print(f"{'game':<18}{'depth':>6}{'leaves':>12}{'seconds':>10}{'leaves/s':>12}")
    for name, board, depth in CASES:
        best = float("inf")
        leaves = 0
        for _ in range(args.repeat):
            start = time.perf_counter()
            leaves = perft(board, board.to_move, depth)
            best = min(best, time.perf_counter() - start)
        assert board.ply == 0, "perft changed the board"
        print(f"{name:<18}{depth:>6}{leaves:>12,}{best:>10.3f}{leaves / best:>12,.0f}")


if __name__ == "__main__":
    main()
