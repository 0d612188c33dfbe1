"""A new game in oogames: the 21 game of the Debrecen paper, with a computer opponent.

A counter starts at 0. The players take turns adding 1, 2 or 3 to it; the
player who reaches 21 wins. The docs' tutorial walks through this file.

    python demos/custom_game.py
"""

from __future__ import annotations

from typing import Any

from oogames import (
    NON_TERMINAL,
    WON,
    ABoardModel,
    AlphaBetaFac,
    AMoveRecord,
    IBoardLambda,
    IllegalMoveError,
    MinMax,
    Move,
    Played,
)

TARGET = 21
STEPS = {1: 1, 2: 2, 3: 3}  # the moves, and what each adds


class Add(AMoveRecord):
    """The record of one move, and its undo: subtract the step again."""

    __slots__ = ()

    def _restore(self, board: ABoardModel) -> None:
        assert isinstance(board, TwentyOneBoard) and isinstance(self.move, int)
        board.total -= self.move
        board._restore_turn(self.player)


class TwentyOneBoard(ABoardModel):
    """The 21 game: add 1, 2 or 3 to the total; whoever reaches 21 wins."""

    __slots__ = ("total",)
    game_name = "twentyone"
    player_names = ("A", "B")

    def __init__(self) -> None:
        super().__init__()
        self.total = 0

    def _play(self, player: int, move: Move) -> Played | None:
        """Add ``move`` to the total; the record and the new state, or None if refused."""
        step = STEPS.get(move) if isinstance(move, int) else None
        if step is None or self.total + step > TARGET:
            return None  # the template explains the refusal
        self.total += step
        return Add(self, player, step), WON[player] if self.total == TARGET else NON_TERMINAL

    def _map_moves(self, player: int, lam: IBoardLambda, param: Any) -> None:
        for step in STEPS:
            if self.total + step <= TARGET and not lam.apply(player, self, step, param):
                return

    def _why_illegal(self, player: int, move: Move) -> IllegalMoveError:
        return self._illegal(move, player, f"add 1, 2 or 3 without passing {TARGET}")

    def reset(self) -> None:
        """Back to a total of 0, A to move."""
        while self.ply:
            self.pop()

    def key(self) -> tuple[int, int]:
        """The total and whose turn it is (3 can be reached in one move or in two)."""
        return (self.total, self.to_move)

    def options(self) -> dict[str, Any]:
        """The 21 game has no options."""
        return {}

    def _draw(self) -> str:
        return f"total {self.total} of {TARGET}"

    def parse_move(self, text: str) -> Move:
        """A move is written as its step: ``"2"``."""
        text = text.strip()
        return int(text) if text in ("1", "2", "3") else super().parse_move(text)


def main() -> None:
    """Play the computer (alpha-beta, to the end of the game) against itself."""
    board = TwentyOneBoard()
    computer = MinMax(AlphaBetaFac())
    print(board)
    while not board.is_over:
        result = computer.analyze(board)
        name = board.player_names[board.to_move]
        print(f"{name} adds {result.move} ({result.outcome()}, {result.stats.nodes} nodes)")
        board.play(result.move)
        print(board)


if __name__ == "__main__":
    main()
