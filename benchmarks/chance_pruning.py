"""Ballard's figures: how many leaf evaluations Star1 and Star2 save against expectimax.

Regular synthetic trees as in Ballard (1983): levels of MAX, chance, MIN, chance, ...
alternating, every node with the same branching, uniform chance, leaves drawn
uniformly from [0, 100] (the bounds the Star searches are given). Each tree is
searched by ``expectimax`` (no pruning), ``star1`` and ``star2`` (``MinMax`` with
:class:`~oogames.nextmove.chance.ExpectimaxFac`, ``Star1Fac``, ``Star2Fac`` on a
:class:`~oogames.games.GameTreeBoard`), with the moves in random order and in the best
order (each decision position's moves sorted by their true value, best first). The
three values are checked equal on every tree. Prints the leaves evaluated and the share
saved, beside Ballard's figures as the issue quotes them.

    python benchmarks/chance_pruning.py [--trees 20] [--branching 3] [--levels 8]
"""

from __future__ import annotations

import argparse
import math
import random
from typing import Any

from oogames import MinMax
from oogames.games.gametree import Chance, GameTreeBoard
from oogames.nextmove.chance import ExpectimaxFac, Star1Fac, Star2Fac

KINDS = ("max", "chance", "min", "chance")


def regular_tree(rng: random.Random, levels: int, branching: int, level: int = 0) -> Any:
    """A regular tree: ``levels`` levels below the root, MAX, chance, MIN, chance, ..."""
    if level == levels:
        return rng.randint(0, 100)
    children = [regular_tree(rng, levels, branching, level + 1) for _ in range(branching)]
    if KINDS[level % 4] == "chance":
        return Chance({str(i): (1 / branching, child) for i, child in enumerate(children)})
    return {chr(97 + i): child for i, child in enumerate(children)}


def value(node: Any, level: int = 0) -> float:
    """The tree's expectiminimax value (MAX's view)."""
    if isinstance(node, int):
        return float(node)
    if isinstance(node, Chance):
        return sum(p * value(child, level + 1) for p, child in node.outcomes.values())
    values = [value(child, level + 1) for child in node.values()]
    return max(values) if KINDS[level % 4] == "max" else min(values)


def best_first(node: Any, level: int = 0) -> Any:
    """The same tree with each decision position's moves sorted best first."""
    if isinstance(node, int):
        return node
    if isinstance(node, Chance):
        return Chance(
            {o: (p, best_first(child, level + 1)) for o, (p, child) in node.outcomes.items()}
        )
    ordered = sorted(
        node.items(),
        key=lambda item: value(item[1], level + 1),
        reverse=KINDS[level % 4] == "max",
    )
    return {move: best_first(child, level + 1) for move, child in ordered}


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--trees", type=int, default=20)
    parser.add_argument("--branching", type=int, default=3)
    parser.add_argument("--levels", type=int, default=8)
    parser.add_argument("--seed", type=int, default=1983)
    args = parser.parse_args()
    rng = random.Random(args.seed)
    searches = {
        "expectimax": MinMax(ExpectimaxFac()),
        "star1": MinMax(Star1Fac()),
        "star2": MinMax(Star2Fac()),
    }
    print(
        f"{args.trees} regular trees, {args.levels} levels (MAX, chance, MIN, chance, ...), "
        f"branching {args.branching}, leaves uniform in [0, 100]"
    )
    ballard = {"star1": "25-30 %", "star2": "over 50 % (random); x10 (best order)"}
    for order in ("random", "best"):
        leaves = dict.fromkeys(searches, 0)
        for _ in range(args.trees):
            tree = regular_tree(rng, args.levels, args.branching)
            if order == "best":
                tree = best_first(tree)
            board = GameTreeBoard(tree)
            expected = value(tree)
            for name, search in searches.items():
                result = search.analyze(board)
                assert math.isclose(result.value, expected, abs_tol=1e-9), (name, result.value)
                leaves[name] += result.stats.leaves
        print(f"\n{order} order: leaves evaluated (all three values checked equal)")
        base = leaves["expectimax"]
        for name, count in leaves.items():
            saved = 1 - count / base
            ratio = base / count
            note = f"   Ballard: {ballard[name]}" if name in ballard else ""
            print(f"  {name:<11} {count:>9,}  saved {saved:6.1%}  (x{ratio:.2f} fewer){note}")


if __name__ == "__main__":
    main()
