"""Connect Four on small boards, solved from the empty board and checked against Tromp's table.

John Tromp's "Connect Four Playground" (tromp.github.io/c4/c4.html) lists
the game-theoretic value of Connect Four (k = 4) on boards of other sizes:
``+`` the first player wins, ``=`` a draw, ``-`` the second player wins.
This script solves each board from the start with ``oogames solve``'s
solver (weakly: win, draw or loss; ``--strong`` adds the number of plies)
and prints the value, whether it matches, nodes and seconds. Boards are
tried smallest first; ``--max-seconds`` skips the rest once one board has
taken longer (the next ones take longer still).

    python benchmarks/connect4_tromp.py [--strong] [--max-seconds S] [--boards 4x4,5x4,...]
"""

from __future__ import annotations

import argparse
import sys

from oogames.games import ConnectFourBoard
from oogames.nextmove.solve import solve

#: Tromp's published values, width x height: "+" first player wins, "=" draw, "-" second.
TROMP = {
    (4, 4): "=",
    (5, 4): "=",
    (4, 5): "=",
    (6, 4): "-",
    (5, 5): "=",
    (4, 6): "=",
    (6, 5): "=",
    (5, 6): "=",
    (6, 6): "-",
    (7, 6): "+",
}


def main() -> int:
    """Solve the boards; 1 if a value disagrees with Tromp's."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--strong", action="store_true", help="exact plies, not only the sign")
    parser.add_argument(
        "--max-seconds", type=float, default=60.0, help="stop after a board this slow"
    )
    parser.add_argument("--boards", default="", help="WxH,... (default: all of the table)")
    parser.add_argument("--table-size", type=int, default=1 << 22, help="slots of the table")
    args = parser.parse_args()
    boards = sorted(TROMP, key=lambda size: (size[0] * size[1], size))
    if args.boards:
        try:
            boards = [
                (int(w), int(h)) for w, h in (item.split("x") for item in args.boards.split(","))
            ]
        except ValueError:
            print("connect4_tromp: --boards is a list like 4x4,5x4", file=sys.stderr)
            return 2
    print(
        f"{'board':<7}{'Tromp':>6}{'ours':>6}{'plies':>7}{'match':>7}{'nodes':>14}{'seconds':>10}"
    )
    wrong = 0
    for width, height in boards:
        board = ConnectFourBoard(width, height)
        solution = solve(board, weak=not args.strong, table_size=args.table_size)
        ours = {"win": "+", "draw": "=", "loss": "-"}[solution.outcome]
        published = TROMP.get((width, height), "?")
        match = "yes" if ours == published else "?" if published == "?" else "NO"
        wrong += match == "NO"
        plies = "" if solution.plies is None else str(solution.plies)
        print(
            f"{width}x{height:<5}{published:>6}{ours:>6}{plies:>7}{match:>7}"
            f"{solution.nodes:>14,}{solution.seconds:>10.1f}",
            flush=True,
        )
        if solution.seconds > args.max_seconds:
            print(f"(stopping: {width}x{height} took over {args.max_seconds:g} s)")
            break
    return 1 if wrong else 0


if __name__ == "__main__":
    raise SystemExit(main())
