"""A match between two strategies: tic-tac-toe on several boards, each side moving first in turn.

Prints, for each board, the wins, draws and losses of the first strategy
and the nodes each side searched (the Radboud report compares minimax and
alpha-beta the same way).

    python demos/strategy_match.py [STRATEGY_A] [STRATEGY_B]
    python demos/strategy_match.py alphabeta:2 random
"""

from __future__ import annotations

import sys

from oogames import INextMoveStrategy, TicTacToeBoard
from oogames.games import open_lines
from oogames.nextmove.specs import make_strategy

BOARDS = [(3, 3, 3), (4, 4, 3), (5, 5, 4)]
GAMES_PER_BOARD = 4


def play(board: TicTacToeBoard, players: tuple[INextMoveStrategy, INextMoveStrategy]) -> list[int]:
    """Play one game on ``board``; return the nodes each player searched."""
    nodes = [0, 0]
    while not board.is_over:
        result = players[board.to_move].analyze(board)
        nodes[board.to_move] += result.stats.nodes
        board.play(result.move)
    return nodes


def main(argv: list[str]) -> None:
    """Run the match and print one line per board."""
    spec_a = argv[0] if argv else "alphabeta:2"
    spec_b = argv[1] if len(argv) > 1 else "random"
    print(f"{spec_a} (A) against {spec_b} (B), {GAMES_PER_BOARD} games per board")
    print(f"{'board':<10}{'A wins':>8}{'draws':>7}{'B wins':>8}{'A nodes':>10}{'B nodes':>10}")
    for rows, cols, k in BOARDS:
        score = {"A": 0, "draw": 0, "B": 0}
        nodes = {"A": 0, "B": 0}
        for game in range(GAMES_PER_BOARD):
            a = make_strategy(spec_a, open_lines, seed=game)
            b = make_strategy(spec_b, open_lines, seed=100 + game)
            a_first = game % 2 == 0
            board = TicTacToeBoard(rows, cols, k)
            spent = play(board, (a, b) if a_first else (b, a))
            a_seat = 0 if a_first else 1
            nodes["A"] += spent[a_seat]
            nodes["B"] += spent[1 - a_seat]
            winner = board.winner
            score["draw" if winner is None else "A" if winner == a_seat else "B"] += 1
        label = f"{rows}x{cols} k={k}"
        print(
            f"{label:<10}{score['A']:>8}{score['draw']:>7}{score['B']:>8}"
            f"{nodes['A']:>10,}{nodes['B']:>10,}"
        )


if __name__ == "__main__":
    main(sys.argv[1:])
