"""A long game between two computers: a copy of the board made anew for each search, against
one kept in step (:class:`~oogames.board.copies.SearchCopy`, what the players use).

Two random players play Nim to each ``--targets`` (about half as many moves as the
target); each turn the player to move is handed a board to search, made either way, and
the game's board is played on. Prints the moves, the seconds of each way and the ratio
of the times. A copy made anew replays
the whole game, so its time grows as the square of the game's length; the copy kept in
step replays each move once.

    python benchmarks/long_game.py [--targets 1000,4000,16000]
"""

from __future__ import annotations

import argparse
import random
import time
from collections.abc import Callable

from oogames.board.copies import SearchCopy
from oogames.games import NimBoard


def play(target: int, copy_for: Callable[[NimBoard], NimBoard]) -> tuple[int, float]:
    """A game of two random players, each choosing on the board it is handed; its moves
    and its seconds."""
    board = NimBoard(target=target, max_add=3)
    rng = random.Random(target)
    start = time.perf_counter()
    while not board.is_over:
        position = copy_for(board)
        assert position.ply == board.ply and position.key() == board.key()
        board.play(rng.choice(position.legal_moves()))
    return board.ply, time.perf_counter() - start


def main() -> None:
    parser = argparse.ArgumentParser(description=__doc__.splitlines()[0])
    parser.add_argument("--targets", default="1000,4000,16000", help="Nim targets, by commas")
    args = parser.parse_args()
    print(f"{'target':>7} {'moves':>6} {'anew s':>8} {'in step s':>9} {'ratio':>6}")
    for target in (int(text) for text in args.targets.split(",")):
        copies: SearchCopy[NimBoard] = SearchCopy()
        moves, anew = play(target, NimBoard.copy)
        _, in_step = play(target, copies.of)
        print(f"{target:>7} {moves:>6} {anew:>8.2f} {in_step:>9.3f} {anew / in_step:>6.0f}")


if __name__ == "__main__":
    main()
