"""More than two players on Rolit: pruning beside Sturtevant and Korf, strength beside
Schadd and Winands.

``--pruning``: nodes of ``maxn`` without pruning, ``maxn`` with Korf's shallow pruning,
and ``paranoid``, each at the same depth, from the same positions of 3-player Rolit
(random openings of a few moves), with the ratios. Sturtevant and Korf (2000) report that
shallow pruning saves little in practice and that paranoid, an alpha-beta search, searches
far fewer nodes than max^n at equal depth (so it reaches deeper in the same time).

``--strength``: 3-player Rolit games at equal time a move among ``maxn``, ``paranoid``,
``brs`` and ``mcts``: every three of the four at every order of the seats, from seeded
openings; each game's placings (1 for the most discs, 0.5 for the second, 0 for the last,
ties shared) with each player's mean and its 95 % interval. Schadd and Winands (2011)
found that best-reply search beats max^n, and that best-reply search and paranoid are
about even in Rolit.

    python benchmarks/multiplayer.py --pruning [--depth 3] [--positions 20] [--size 8]
    python benchmarks/multiplayer.py --strength [--games 120] [--seconds 0.1] [--size 6]
"""

from __future__ import annotations

import argparse
import itertools
import math
import random
import time

from oogames import DepthFac, MinMax
from oogames.games import RolitBoard, rolit_discs
from oogames.nextmove.multiplayer import MaxNFac, ParanoidFac
from oogames.nextmove.specs import make_strategy


def opening(rng: random.Random, size: int, plies: int) -> RolitBoard:
    board = RolitBoard(size=size, players=3)
    for _ in range(plies):
        board.play(rng.choice(board.legal_moves()))
    return board


def pruning(args: argparse.Namespace) -> None:
    rng = random.Random(args.seed)
    searches = {
        "maxn": MaxNFac(prune=False),
        "maxn shallow": MaxNFac(),
        "paranoid": ParanoidFac(),
    }
    nodes = dict.fromkeys(searches, 0)
    start = time.perf_counter()
    for _ in range(args.positions):
        board = opening(rng, args.size, rng.randint(2, 8))
        for name, factory in searches.items():
            nodes[name] += (
                MinMax(DepthFac(factory, args.depth, rolit_discs)).analyze(board).stats.nodes
            )
    base = nodes["maxn"]
    print(
        f"3-player Rolit {args.size}x{args.size}, {args.positions} positions, depth {args.depth} "
        f"({time.perf_counter() - start:.0f} s)"
    )
    for name, count in nodes.items():
        print(f"  {name:<13} {count:>11,} nodes   {base / count:6.2f} x fewer than maxn")
    print("  Sturtevant and Korf: shallow pruning saves little; paranoid far fewer nodes")


def strength(args: argparse.Namespace) -> None:
    names = ["maxn", "paranoid", "brs", "mcts"]
    specs = {name: f"{name}@{args.seconds}" for name in names}
    rng = random.Random(args.seed)
    trios = list(itertools.combinations(names, 3))
    orders = list(itertools.permutations(range(3)))
    seatings = [tuple(trio[i] for i in order) for order in orders for trio in trios]
    scores: dict[str, list[float]] = {name: [] for name in names}
    start = time.perf_counter()
    for game in range(args.games):
        seating = seatings[game % len(seatings)]
        board = opening(rng, args.size, 4)
        players = [make_strategy(specs[name], rolit_discs, args.seed + game) for name in seating]
        while not board.is_over:
            result = players[board.to_move].analyze(board.copy())
            board.play(result.move)
        payoffs = board.payoffs
        assert payoffs is not None
        for seat, name in enumerate(seating):
            better = sum(1 for other in payoffs if other > payoffs[seat])
            equal = sum(1 for other in payoffs if other == payoffs[seat]) - 1
            places = [1.0, 0.5, 0.0][better : better + equal + 1]
            scores[name].append(sum(places) / len(places))
    print(
        f"3-player Rolit {args.size}x{args.size}, {args.games} games, {args.seconds} s a move, "
        f"every three of the four at every seating ({time.perf_counter() - start:.0f} s)"
    )
    print("  placing score: 1 first, 0.5 second, 0 last (ties shared); mean and 95 % interval")
    for name in sorted(names, key=lambda n: -sum(scores[n]) / max(1, len(scores[n]))):
        values = scores[name]
        mean = sum(values) / len(values)
        spread = math.sqrt(sum((v - mean) ** 2 for v in values) / (len(values) - 1))
        half = 1.96 * spread / math.sqrt(len(values))
        wins = sum(1 for v in values if v == 1.0)
        print(f"  {name:<9} {mean:.3f} +- {half:.3f}  ({len(values)} games, {wins} won outright)")
    print("  Schadd and Winands: brs beats maxn; brs and paranoid about even in Rolit")


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--pruning", action="store_true")
    parser.add_argument("--strength", action="store_true")
    parser.add_argument("--depth", type=int, default=3)
    parser.add_argument("--positions", type=int, default=20)
    parser.add_argument("--games", type=int, default=120)
    parser.add_argument("--seconds", type=float, default=0.1)
    parser.add_argument("--size", type=int, default=None)
    parser.add_argument("--seed", type=int, default=2011)
    args = parser.parse_args()
    if not (args.pruning or args.strength):
        args.pruning = True
    if args.pruning:
        pruning(argparse.Namespace(**{**vars(args), "size": args.size or 8}))
    if args.strength:
        strength(argparse.Namespace(**{**vars(args), "size": args.size or 6}))


if __name__ == "__main__":
    main()
