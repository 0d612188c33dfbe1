"""Write your own accumulator: a search that breaks ties between equal moves by a preference.

Plain minimax keeps the first of several moves of equal value. In the 21 game
or tic-tac-toe a teacher may want a search that, among the moves a minimax
search values the same, prefers the one a simple rule likes best (for
example the centre of a grid). Nothing in the search loop changes: the new
behaviour lives in two accumulators and a factory, exactly as the Rice
``MaxAcc``/``MinAcc`` pair does.

    python demos/custom_accumulator.py
"""

from __future__ import annotations

from collections.abc import Callable

from oogames import AAccumulator, IAccFactory, MaxAcc, MinAcc, MinMax, Move, TicTacToeBoard
from oogames.nextmove import MinMaxFac

Preference = Callable[[Move], float]


def _better_tie(acc: PreferringMaxAcc | PreferringMinAcc, move: Move) -> bool:
    """Whether ``move`` is preferred to the best move ``acc`` holds (of the same value)."""
    return acc.move is not None and acc.prefer(move) > acc.prefer(acc.move)


class PreferringMaxAcc(MaxAcc):
    """A :class:`MaxAcc` that, on a tie, keeps the move ``prefer`` scores higher."""

    __slots__ = ("prefer",)

    def __init__(self, model_player: int, player: int, prefer: Preference, depth: int = 0):
        super().__init__(model_player, player, depth)
        self.prefer = prefer

    def update_best(self, move: Move, value: float, child: AAccumulator | None = None) -> None:
        """Keep the larger value; between equal values, the preferred move."""
        if value > self.val or (
            value == self.val
            and self.move is not None
            and self.prefer(move) > self.prefer(self.move)
        ):
            self.val, self.move, self.best_child = value, move, child

    def make_opposite(self) -> AAccumulator:
        """The opponent's accumulator, with the same preference."""
        return PreferringMinAcc(self.model_player, 1 - self.player, self.prefer, self.depth + 1)


class PreferringMinAcc(MinAcc):
    """A :class:`MinAcc` that, on a tie, keeps the move ``prefer`` scores higher."""

    __slots__ = ("prefer",)

    def __init__(self, model_player: int, player: int, prefer: Preference, depth: int = 0):
        super().__init__(model_player, player, depth)
        self.prefer = prefer

    def update_best(self, move: Move, value: float, child: AAccumulator | None = None) -> None:
        """Keep the smaller value; between equal values, the preferred move."""
        if value < self.val or (
            value == self.val
            and self.move is not None
            and self.prefer(move) > self.prefer(self.move)
        ):
            self.val, self.move, self.best_child = value, move, child

    def make_opposite(self) -> AAccumulator:
        """The model player's accumulator, with the same preference."""
        return PreferringMaxAcc(self.model_player, 1 - self.player, self.prefer, self.depth + 1)


class PreferringFac(IAccFactory):
    """Minimax that breaks ties by ``prefer`` (an accumulator factory, Rice: ``IAccFactory``)."""

    def __init__(self, prefer: Preference) -> None:
        self.prefer = prefer

    def make_acc(self, model_player: int) -> AAccumulator:
        """The root accumulator: the model player maximises."""
        return PreferringMaxAcc(model_player, model_player, self.prefer)

    @property
    def name(self) -> str:
        """``"preferring"``."""
        return "preferring"


def centre_first(move: Move) -> float:
    """Tic-tac-toe: the closer to the centre cell (1, 1), the better."""
    assert isinstance(move, tuple)
    row, col = move
    return -float(abs(int(row) - 1) + abs(int(col) - 1))


def main() -> None:
    """Compare the first move of plain minimax and of the preferring search."""
    board = TicTacToeBoard()
    plain = MinMax(MinMaxFac()).analyze(board)
    preferring = MinMax(PreferringFac(centre_first)).analyze(board)
    for name, result in (("minimax", plain), ("preferring", preferring)):
        move = board.format_move(result.move)
        print(f"{name:<11} plays {move}: {result.outcome()}, {result.stats.nodes:,} nodes")


if __name__ == "__main__":
    main()
