"""Are clocks kept? ``SPEC@SECONDS`` on every game, from a few positions each.

For each game, plays ``--positions`` random openings and asks a timed
alpha-beta (iterative deepening with the game's evaluation) for a move,
measuring the wall-clock time of the whole ``analyze`` call. Prints, per
game, the depth reached and the worst time against the target
``SECONDS * 1.1 + 0.05``, and the share of calls within it. Figures only:
the machine is shared and noisy, so nothing is asserted.

    python benchmarks/clock.py [--seconds 0.2 1] [--positions 3] [--specs alphabeta,mtdf]
"""

from __future__ import annotations

import argparse
import random
import time

from oogames.games import GAMES
from oogames.nextmove.specs import make_strategy

BOARDS = {
    "tictactoe 5x5 k4": ("tictactoe", {"rows": 5, "cols": 5, "k": 4}),
    "connectfour 7x6": ("connectfour", {}),
    "othello 8x8": ("othello", {}),
    "nim 21": ("nim", {}),
    "grundy 25": ("grundy", {"heaps": (25,)}),
}


def main() -> None:
    """Run the timed searches and print the table."""
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--seconds", type=float, nargs="+", default=[0.2, 1.0])
    parser.add_argument("--positions", type=int, default=3)
    parser.add_argument(
        "--specs",
        default="alphabeta,alphabeta+tt+order,pvs+tt+history,mtdf",
        help="comma-separated searches to time",
    )
    args = parser.parse_args()
    rng = random.Random(1)
    print(
        f"{'game':<20}{'search':<24}{'clock':>7}{'depths':>10}{'worst s':>10}"
        f"{'target s':>10}{'kept':>8}"
    )
    kept = total = 0
    for label, (name, options), spec, seconds in (
        (label, game, spec, seconds)
        for label, game in BOARDS.items()
        for spec in args.specs.split(",")
        for seconds in args.seconds
    ):
        info = GAMES[name]
        strategy = make_strategy(f"{spec}@{seconds:g}", info.evaluate)
        target = seconds * 1.1 + 0.05
        worst, depths, inside = 0.0, [], 0
        for _ in range(args.positions):
            board = info.make(**options)
            for _ in range(rng.randrange(0, 6)):
                moves = board.legal_moves()
                if not moves or board.is_over:
                    break
                undo = board.play(rng.choice(moves))
                if board.is_over:
                    undo()
                    break
            start = time.perf_counter()
            result = strategy.analyze(board)
            spent = time.perf_counter() - start
            worst = max(worst, spent)
            depths.append(result.stats.depth_reached or 0)
            inside += spent <= target
        kept += inside
        total += args.positions
        shown = f"{min(depths)}-{max(depths)}"
        print(
            f"{label:<20}{spec:<24}{seconds:>7g}{shown:>10}{worst:>10.3f}{target:>10.3f}"
            f"{inside:>5}/{args.positions}"
        )
    print(f"calls within SECONDS * 1.1 + 0.05: {kept} of {total}")


if __name__ == "__main__":
    main()
