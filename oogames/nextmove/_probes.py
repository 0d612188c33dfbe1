"""Star2's probes (:class:`~oogames.nextmove.chance.StarChanceAcc`): a position probed by
its first move alone, and a position searched after its probe, whose probed move is not
searched again. A trace reads what they say of themselves (``first_move_only``,
``probed_move``) to mark them (:mod:`oogames.trace.tracer`)."""

from __future__ import annotations

from typing import TYPE_CHECKING

from oogames.nextmove.accumulators import AAccumulator
from oogames.nextmove.decorators import AAccDecorator

if TYPE_CHECKING:
    from oogames.board.model import IBoardModel
    from oogames.board.moves import Move


class FirstOnly(AAccDecorator):
    """Star2's probe of a position: its first move only (the value is a bound)."""

    __slots__ = ("taken",)
    first_move_only = True  # what a trace reads to mark a probe (oogames.trace.tracer)

    def __init__(self, inner: AAccumulator) -> None:
        super().__init__(inner)
        self.taken = False

    def _wrap(self, child: AAccumulator) -> AAccumulator:
        return child

    def update_best(self, move: Move, value: float, child: AAccumulator | None = None) -> None:
        """Fold the first move in; the position is then done."""
        self.inner.update_best(move, value, child)
        self.taken = True

    def update_payoffs(self, move: Move, payoffs: tuple[float, ...]) -> None:
        """Fold the first move in; the position is then done."""
        self.inner.update_payoffs(move, payoffs)
        self.taken = True

    def is_not_done(self) -> bool:
        """False after the first move."""
        return not self.taken and self.inner.is_not_done()


class Seeded(AAccDecorator):
    """A position whose first move Star2's probe has valued already: the value is folded
    in at once and the move is not searched again."""

    __slots__ = ("seed",)

    def __init__(
        self, inner: AAccumulator, move: Move, value: float, child: AAccumulator | None
    ) -> None:
        super().__init__(inner)
        inner.update_best(move, value, child)
        self.seed = move
        self.selective = True

    def _wrap(self, child: AAccumulator) -> AAccumulator:
        return child

    @property
    def probed_move(self) -> Move:
        """The move whose value the probe found (a trace marks it: not searched again)."""
        return self.seed

    def essential(self, board: IBoardModel, move: Move) -> bool:
        """Every move but the probed one, until a cut-off."""
        return move != self.seed and self.inner.is_not_done() and self.inner.essential(board, move)
