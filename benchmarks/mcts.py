"""MCTS: playouts a second, and its strength against alpha-beta with a table at equal time.

1. Playouts a second: ``MCTS`` with random playouts from the start of each game
   for ``--seconds`` (Connect Four 7 x 6 is the figure to compare with
   OpenSpiel's Python ``MCTSBot`` on its C++ states, about 3,300 simulations a
   second measured on this machine).
2. ``--games N``: N games of MCTS against ``alphabeta+tt+order`` under the same
   clock a move (``--move-seconds``), on Connect Four, Othello 8 x 8 and
   Kalah(6, 4); each pair of games starts from the same random opening of two
   plies, MCTS first in one and second in the other. Prints MCTS's score (a win
   1, a draw 1/2) with a 95% confidence interval (normal approximation).
   ``--mcts mcts+eval`` plays MCTS whose playouts stop after 8 random moves and
   let the game's evaluation decide them (both tables then show that one).

Figures are printed, never asserted.

    python benchmarks/mcts.py [--seconds 2] [--games 0] [--move-seconds 0.2] [--mcts SPEC]
"""

from __future__ import annotations

import argparse
import math
import random
import time
from collections.abc import Callable

from oogames.board.model import ABoardModel
from oogames.games import GAMES, ConnectFourBoard, KalahBoard, OthelloBoard
from oogames.nextmove.mcts import MCTS
from oogames.nextmove.specs import make_strategy

BOARDS: dict[str, Callable[[], ABoardModel]] = {
    "connectfour 7x6": ConnectFourBoard,
    "othello 8x8": lambda: OthelloBoard(8),
    "kalah(6,4)": KalahBoard,
}


def playouts(seconds: float, spec: str) -> None:
    """Print the playouts a second of each game."""
    print(f"{spec}\n{'game':<18}{'playouts':>10}{'seconds':>9}{'per second':>12}")
    for name, make in BOARDS.items():
        board = make()
        mcts = make_strategy(f"{spec}@{seconds:g}", GAMES[board.game_name].evaluate, seed=1)
        assert isinstance(mcts, MCTS)
        result = mcts.analyze(board)
        print(
            f"{name:<18}{result.iterations:>10,}{result.stats.seconds:>9.2f}"
            f"{result.playouts_per_second:>12,.0f}"
        )


def play(board: ABoardModel, sides: tuple[object, object]) -> int | None:
    """Play ``board`` to the end with ``sides[player]``; the winner (None for a draw)."""
    while not board.is_over:
        strategy = sides[board.to_move]
        board.play(strategy.analyze(board).move)  # type: ignore[attr-defined]
    return board.winner


def strength(games: int, move_seconds: float, spec: str) -> None:
    """Print MCTS's score against alpha-beta with a table on each game."""
    print(f"\n{spec} against alphabeta+tt+order@{move_seconds:g}")
    print(f"{'game':<18}{'games':>7}{'MCTS score':>12}{'95% interval':>18}{'minutes':>9}")
    for name, make in BOARDS.items():
        game = make().game_name
        evaluate = GAMES[game].evaluate
        rng = random.Random(1)
        points = []
        start = time.perf_counter()
        for pair in range(0, games, 2):
            opening = [rng.randrange(64) for _ in range(2)]
            for mcts_player in (0, 1):
                if pair + mcts_player >= games:
                    break
                board = make()
                for choice in opening:
                    moves = board.legal_moves()
                    board.play(moves[choice % len(moves)])
                mcts = make_strategy(f"{spec}@{move_seconds:g}", evaluate, seed=pair + mcts_player)
                alphabeta = make_strategy(f"alphabeta+tt+order@{move_seconds:g}", evaluate)
                sides = (mcts, alphabeta) if mcts_player == 0 else (alphabeta, mcts)
                winner = play(board, sides)
                points.append(0.5 if winner is None else 1.0 if winner == mcts_player else 0.0)
        mean = sum(points) / len(points)
        spread = math.sqrt(sum((p - mean) ** 2 for p in points) / max(1, len(points) - 1))
        half = 1.96 * spread / math.sqrt(len(points))
        minutes = (time.perf_counter() - start) / 60
        print(
            f"{name:<18}{len(points):>7}{mean:>12.3f}"
            f"{f'{max(0, mean - half):.3f} - {min(1, mean + half):.3f}':>18}{minutes:>9.1f}"
        )


def main() -> None:
    """Print the tables asked for."""
    parser = argparse.ArgumentParser(description=__doc__.split("\n")[0])
    parser.add_argument("--seconds", type=float, default=2.0, help="seconds of playouts a game")
    parser.add_argument("--games", type=int, default=0, help="games a board against alpha-beta")
    parser.add_argument("--move-seconds", type=float, default=0.2, help="clock a move")
    parser.add_argument("--mcts", default="mcts", help="the MCTS spec: mcts or mcts+eval")
    args = parser.parse_args()
    playouts(args.seconds, args.mcts)
    if args.games:
        strength(args.games, args.move_seconds, args.mcts)


if __name__ == "__main__":
    main()
