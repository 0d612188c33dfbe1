"""Kalah(pits, seeds) solved from the start: which small variants ``solve()`` reaches.

Each variant is solved weakly (win, draw or loss for the first player, South)
with ``solve()``'s search (alpha-beta, transposition table, the board's move
order; extra turns followed as the board reports them), or with ``--margin``
exactly: by how many seeds South wins or loses under best play (null windows
over the store difference, positions settled by the seeds left in play). Each
variant runs in a process of its own under a time limit. Figures are printed,
never asserted; the published values it can be held against are listed in
docs/games/kalah.rst.

    python benchmarks/kalah_solve.py [--pits 1-4] [--seeds 1-4] [--seconds 60]
        [--empty-capture] [--margin]
"""

from __future__ import annotations

import argparse
import multiprocessing
import queue
import time

from oogames.games import KalahBoard
from oogames.nextmove.solve import solve


def span(text: str) -> range:
    """``"1-4"`` as range(1, 5), ``"3"`` as range(3, 4)."""
    low, _, high = text.partition("-")
    return range(int(low), int(high or low) + 1)


def one(
    pits: int, seeds: int, capture: bool, margin: bool, out: multiprocessing.Queue[object]
) -> None:
    """Solve one variant and put (outcome, nodes, seconds) on ``out``."""
    start = time.perf_counter()
    board = KalahBoard(pits, seeds, capture)
    solution = solve(board, weak=not margin, margin=margin, table_size=1 << 21)
    outcome = solution.outcome
    if margin and solution.margin:
        outcome += f" by {abs(solution.margin)}"
    out.put((outcome, solution.nodes, time.perf_counter() - start))


def main() -> None:
    """Print one line a variant."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--pits", default="1-4", help="pits a row, a number or a range")
    parser.add_argument("--seeds", default="1-4", help="seeds a pit, a number or a range")
    parser.add_argument("--seconds", type=float, default=60.0, help="time limit a variant")
    parser.add_argument("--empty-capture", action="store_true", help="the empty-capture variant")
    parser.add_argument("--margin", action="store_true", help="solve for the exact store margin")
    args = parser.parse_args()
    print(f"{'variant':<12}{'first player':>16}{'nodes':>14}{'seconds':>10}")
    for pits in span(args.pits):
        for seeds in span(args.seeds):
            out: multiprocessing.Queue[object] = multiprocessing.Queue()
            worker = multiprocessing.Process(
                target=one, args=(pits, seeds, args.empty_capture, args.margin, out), daemon=True
            )
            worker.start()
            try:
                outcome, nodes, seconds = out.get(timeout=args.seconds)  # type: ignore[misc]
                print(f"Kalah({pits},{seeds})  {outcome:>14}{nodes:>14,}{seconds:>10.2f}")
            except queue.Empty:
                print(f"Kalah({pits},{seeds})  {'-':>14}{'-':>14}  over {args.seconds:g} s")
            worker.terminate()
            worker.join()


if __name__ == "__main__":
    main()
