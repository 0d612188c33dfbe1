"""How long ``oogames grade`` takes: each shipped assignment on a right submission, on the
machine it runs on (every test starts a Python process of its own, which is most of it).

The course-kit issue asks that the Rice assignment be graded in under 10 s for a correct
submission on the 2-core development machine; this prints the time of each assignment
and says whether the Rice one is under that.

    python benchmarks/grading.py [--repeat 3]
"""

from __future__ import annotations

import argparse
import time
from pathlib import Path

from oogames.grading import grade

ROOT = Path(__file__).resolve().parents[1]
RIGHT = {
    "rice-alphabeta": ROOT / "tests" / "submissions" / "rice_shallow.py",
    "alphabeta-trees": ROOT / "tests" / "submissions" / "trees_alphabeta.py",
    "expectimax-trees": ROOT / "tests" / "submissions" / "expectimax_right.py",
    "write-a-game": ROOT / "demos" / "twenty_one.py",
    "evaluation": ROOT / "tests" / "submissions" / "evaluation_windows.py",
}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--repeat", type=int, default=3, help="runs of each (the best is kept)")
    args = parser.parse_args()
    print("assignment         tests  score   best of runs (s)")
    for assignment, path in RIGHT.items():
        best = float("inf")
        for _ in range(args.repeat):
            start = time.perf_counter()
            report = grade(assignment, path)
            best = min(best, time.perf_counter() - start)
        score = f"{report.score:g}/{report.max_score:g}"
        print(f"{assignment:<18} {len(report.tests):>5}  {score:<6}  {best:8.2f}")
        if assignment == "rice-alphabeta":
            verdict = "under" if best < 10 else "OVER"
            print(
                f"  the Rice assignment, a right submission: {best:.2f} s, {verdict} the 10 s asked"
            )


if __name__ == "__main__":
    main()
