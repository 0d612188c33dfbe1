"""A strategy of your own: win if you can, block if you must, else play the first move.

It sees the board only through ``map``, ``make_move`` and the visitors, like
every strategy in oogames, so it works for any game. Then it plays a few
games of tic-tac-toe against a random player and against alpha-beta.

    python demos/custom_strategy.py
"""

from __future__ import annotations

from typing import Any

from oogames import (
    AlphaBetaFac,
    IBoardLambda,
    IBoardModel,
    IBoardStatusVisitor,
    INextMoveStrategy,
    MinMax,
    Move,
    RandomValidMove,
    SearchResult,
    SearchStats,
    TicTacToeBoard,
)
from oogames.board import RAISE_ON_INVALID


class _WinnerIs(IBoardStatusVisitor):
    """Answers with the player who has won, or None."""

    def player0_won_case(self, host: IBoardModel, param: Any) -> int:
        return 0

    def player1_won_case(self, host: IBoardModel, param: Any) -> int:
        return 1

    def draw_case(self, host: IBoardModel, param: Any) -> None:
        return None

    def no_winner_case(self, host: IBoardModel, param: Any) -> None:
        return None


class _FindWin(IBoardLambda):
    """Tries each move of ``player``; stops at the first that wins, and keeps it in param."""

    def apply(self, player: int, host: IBoardModel, move: Move, param: dict[str, Any]) -> bool:
        undo = host.make_move(player, move, RAISE_ON_INVALID, _WINNER_IS)
        won = host.execute(_WINNER_IS) == player
        undo()
        if won:
            param["move"] = move
        return not won  # stop the map at the first winning move

    def no_apply(self, player: int, host: IBoardModel, param: dict[str, Any]) -> None:
        return None


_WINNER_IS = _WinnerIs()
_FIND_WIN = _FindWin()


class WinOrBlock(INextMoveStrategy):
    """Win at once if possible; else a move after which the opponent cannot win at once.

    In tic-tac-toe the second rule blocks the opponent's threat. If every
    move loses at once, or none does, it plays the first move in map order.
    """

    @property
    def name(self) -> str:
        """``"win-or-block"``."""
        return "win-or-block"

    def analyze(self, board: IBoardModel, player: int | None = None) -> SearchResult:
        """Choose the move; the value is 1 for a win at once, 0 otherwise."""
        player = board.to_move if player is None else player
        win = _winning_move(board, player)
        if win is not None:
            return SearchResult(win, 1, (win,), SearchStats(), player)
        moves = board.legal_moves(player)
        for move in moves:
            undo = board.make_move(player, move, RAISE_ON_INVALID, _WINNER_IS)
            safe = board.execute(_WINNER_IS) is not None or _winning_move(board, 1 - player) is None
            undo()
            if safe:
                return SearchResult(move, 0, (move,), SearchStats(), player)
        return SearchResult(moves[0], 0, (moves[0],), SearchStats(), player)


def _winning_move(board: IBoardModel, player: int) -> Move | None:
    """The first move with which ``player`` wins at once, or None."""
    found: dict[str, Any] = {}
    board.map(player, _FIND_WIN, found)
    return found.get("move")


def play(first: INextMoveStrategy, second: INextMoveStrategy) -> str:
    """Play one game of tic-tac-toe and say how it ended."""
    board = TicTacToeBoard()
    players = (first, second)
    while not board.is_over:
        board.play(players[board.to_move].get_next_move(board))
    return board.status_text()


def main() -> None:
    """Play the custom strategy against a random player and against alpha-beta."""
    mine = WinOrBlock()
    for seed in range(3):
        print(f"win-or-block vs random(seed={seed}): {play(mine, RandomValidMove(seed))}")
    print(f"win-or-block vs alphabeta: {play(mine, MinMax(AlphaBetaFac()))}")
    print(f"alphabeta vs win-or-block: {play(MinMax(AlphaBetaFac()), mine)}")


if __name__ == "__main__":
    main()
