"""(m,n)-average evaluation (the lecture slides): soften a misleading evaluation function.

A MAX node is worth the average of its ``m`` largest child values, a MIN
node the average of its ``n`` smallest (or of all its children if it has
fewer). The move chosen is still the best child's. Used with a depth limit:
``MinMax(DepthFac(AverageFac(2, 2), 3, evaluate))``.
"""

from __future__ import annotations

import bisect

from oogames.board.moves import Move
from oogames.board.options import check_size
from oogames.errors import SettingsError
from oogames.nextmove.accumulators import INF, AAccumulator
from oogames.nextmove.factories import IAccFactory


class _AverageAcc(AAccumulator):
    """What the two averaging accumulators share: the kept values and their mean."""

    __slots__ = ("best", "kept", "m", "n")

    def __init__(self, model_player: int, player: int, depth: int, m: int, n: int) -> None:
        super().__init__(model_player, player, depth)
        self.m = m
        self.n = n
        self.kept: list[float] = []
        self.val = 0.0

    def _settle(self) -> None:
        self.val = sum(self.kept) / len(self.kept)

    def make_same(self) -> AAccumulator:
        """Another of this kind: the same player moves again (an extra turn)."""
        return type(self)(self.model_player, self.player, self.depth + 1, self.m, self.n)


class AverageMaxAcc(_AverageAcc):
    """The model player's node: the average of the ``m`` largest child values."""

    __slots__ = ()

    def __init__(self, model_player: int, player: int, depth: int = 0, m: int = 2, n: int = 2):
        super().__init__(model_player, player, depth, m, n)
        self.best = -INF

    def update_best(self, move: Move, value: float, child: AAccumulator | None = None) -> None:
        """Keep ``value`` among the ``m`` largest; the move is the largest's."""
        if value > self.best:
            self.best = value
            self.move = move
            self.best_child = child
        bisect.insort(self.kept, value)
        if len(self.kept) > self.m:
            del self.kept[0]
        self._settle()

    def make_opposite(self) -> AAccumulator:
        """An :class:`AverageMinAcc` for the opponent's reply."""
        return AverageMinAcc(self.model_player, 1 - self.player, self.depth + 1, self.m, self.n)


class AverageMinAcc(_AverageAcc):
    """The opponent's node: the average of the ``n`` smallest child values."""

    __slots__ = ()

    def __init__(self, model_player: int, player: int, depth: int = 0, m: int = 2, n: int = 2):
        super().__init__(model_player, player, depth, m, n)
        self.best = INF

    def update_best(self, move: Move, value: float, child: AAccumulator | None = None) -> None:
        """Keep ``value`` among the ``n`` smallest; the move is the smallest's."""
        if value < self.best:
            self.best = value
            self.move = move
            self.best_child = child
        bisect.insort(self.kept, value)
        if len(self.kept) > self.n:
            del self.kept[-1]
        self._settle()

    def make_opposite(self) -> AAccumulator:
        """An :class:`AverageMaxAcc` for the model player's reply."""
        return AverageMaxAcc(self.model_player, 1 - self.player, self.depth + 1, self.m, self.n)


class AverageFac(IAccFactory):
    """(m,n)-average search: MAX nodes average their ``m`` best, MIN nodes their ``n`` worst.

    Args:
        m: How many of the largest values a MAX node averages (1 is plain max).
        n: How many of the smallest values a MIN node averages (1 is plain min).

    Raises:
        SettingsError: ``m`` or ``n`` is not a whole number from 1 up.
    """

    __slots__ = ("m", "n")

    def __init__(self, m: int = 2, n: int = 2) -> None:
        self.m = check_size("m", m, 1, 1_000, SettingsError)
        self.n = check_size("n", n, 1, 1_000, SettingsError)

    def make_acc(self, model_player: int) -> AAccumulator:
        """An :class:`AverageMaxAcc` for ``model_player``."""
        return AverageMaxAcc(model_player, model_player, 0, self.m, self.n)

    @property
    def name(self) -> str:
        """``"average(m,n)"``."""
        return f"average({self.m},{self.n})"

    def __repr__(self) -> str:
        return f"AverageFac({self.m}, {self.n})"
