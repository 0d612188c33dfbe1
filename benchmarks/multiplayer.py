"""More than two players on Rolit: pruning beside Sturtevant and Korf, strength beside
Schadd and Winands.

``--pruning``: nodes of ``maxn`` without pruning, ``maxn`` with Korf's shallow pruning,
and ``paranoid``, each at the same depth, from the same positions of 3-player Rolit
(random openings of a few moves), with the ratios. Sturtevant and Korf (2000) report that
shallow pruning saves little in practice and that paranoid, an alpha-beta search, searches
far fewer nodes than max^n at equal depth (so it reaches deeper in the same time).

``--strength``: 3-player Rolit games at equal time a move among ``maxn``, ``paranoid``,
``brs`` and ``mcts``, played as the tournament plays them (:mod:`oogames.tournament.seated`):
every three of the four, the seats rotated, from seeded openings; each player's placing
score (1 for the most discs, 0.5 for the second, 0 for the last, ties shared) with its 95 %
interval, and the Elo ratings. Schadd and Winands (2011)
found that best-reply search beats max^n, and that best-reply search and paranoid are
about even in Rolit.

    python benchmarks/multiplayer.py --pruning [--depth 3] [--positions 20] [--size 8]
    python benchmarks/multiplayer.py --strength [--games 120] [--seconds 0.1] [--size 6]
"""

from __future__ import annotations

import argparse
import random
import time

from oogames import DepthFac, MinMax
from oogames.games import RolitBoard, rolit_discs
from oogames.nextmove.multiplayer import MaxNFac, ParanoidFac
from oogames.tournament.games import random_openings
from oogames.tournament.seated import play_seated, seated_schedule, seated_standings
from oogames.tournament.seated_report import seated_text


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
    """The tournament's own machinery: tables, rotated seats, placings, standings."""
    names = ["maxn", "paranoid", "brs", "mcts"]
    players = [f"{name}@{args.seconds}" for name in names]
    options = {"players": 3, "size": args.size}
    per_table = -(-args.games // 4)  # four tables of three among four players
    openings = random_openings("rolit", options, -(-per_table // 3), 4, args.seed)
    tasks = seated_schedule("rolit", options, players, 3, per_table, openings, args.seed)
    start = time.perf_counter()
    records = [play_seated(task) for task in tasks]
    print(
        f"3-player Rolit {args.size}x{args.size}, {len(records)} games, {args.seconds} s a move, "
        f"every three of the four, seats rotated ({time.perf_counter() - start:.0f} s)"
    )
    print(seated_text(seated_standings(players, records)))
    print("Schadd and Winands: brs beats maxn; brs and paranoid about even in Rolit")


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
