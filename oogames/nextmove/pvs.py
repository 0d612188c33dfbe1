"""Principal variation search: ``pvs`` in a strategy name, an accumulator family.

Alpha-beta with good move ordering finds the best move first most of the
time. Principal variation search (PVS, also called NegaScout) bets on it:
the first move of a position is searched with the whole window, every other
move only with a null window (alpha, alpha + 1) just above the best value so
far, which asks "is this move better?" and is far cheaper to answer. When the
answer is yes (the null window failed high but not beyond beta), the move is
searched again with the whole window.

The two accumulators here are :class:`~oogames.nextmove.accumulators.AlphaAcc`
and :class:`~oogames.nextmove.accumulators.BetaAcc` with another child window
(``make_opposite``) and a re-search (``retry``, which the search asks
of the parent after a child; see ``AAccumulator.probes``). The search loop
is unchanged.
"""

from __future__ import annotations

from oogames.nextmove.accumulators import INF, AAccumulator, AlphaAcc, BetaAcc, _new
from oogames.nextmove.factories import IAccFactory


class PVSAlphaAcc(AlphaAcc):
    """An :class:`~oogames.nextmove.accumulators.AlphaAcc` whose moves after the first are
    searched with a null window, and again with the whole window when that fails high."""

    __slots__ = ("null",)

    probes = True  # asks the search for retry()

    def __init__(
        self, model_player: int, player: int, depth: int = 0, alpha: float = -INF, beta: float = INF
    ) -> None:
        super().__init__(model_player, player, depth, alpha, beta)
        self.null = False

    def make_opposite(self) -> AAccumulator:
        """The first child: the whole window; the others: (best so far, best so far + 1)."""
        val, alpha, beta = self.val, self.alpha, self.beta
        low = val if val > alpha else alpha
        child: PVSBetaAcc = _new(PVSBetaAcc)
        child.model_player = self.model_player
        child.player = 1 - self.player
        child.depth = self.depth + 1
        child.val = INF
        child.move = child.current = child.best_child = None
        child.alpha = low
        child.null = self.move is not None and low + 1 < beta
        child.beta = low + 1 if child.null else beta
        return child

    def retry(self, child: AAccumulator) -> AAccumulator | None:
        """The whole window again for a null-window child that turned out better."""
        if not getattr(child, "null", False):
            return None
        val, alpha, beta = self.val, self.alpha, self.beta
        low = val if val > alpha else alpha
        if not low < child.val < beta:
            return None
        again: PVSBetaAcc = _new(PVSBetaAcc)
        again.model_player = self.model_player
        again.player = child.player
        again.depth = child.depth
        again.val = INF
        again.move = again.current = again.best_child = None
        again.alpha, again.beta, again.null = low, beta, False
        return again


class PVSBetaAcc(BetaAcc):
    """The mirror of :class:`PVSAlphaAcc` for the opponent's positions."""

    __slots__ = ("null",)

    probes = True

    def __init__(
        self, model_player: int, player: int, depth: int = 0, alpha: float = -INF, beta: float = INF
    ) -> None:
        super().__init__(model_player, player, depth, alpha, beta)
        self.null = False

    def make_opposite(self) -> AAccumulator:
        """The first child: the whole window; the others: (best so far - 1, best so far)."""
        val, alpha, beta = self.val, self.alpha, self.beta
        high = val if val < beta else beta
        child: PVSAlphaAcc = _new(PVSAlphaAcc)
        child.model_player = self.model_player
        child.player = 1 - self.player
        child.depth = self.depth + 1
        child.val = -INF
        child.move = child.current = child.best_child = None
        child.beta = high
        child.null = self.move is not None and high - 1 > alpha
        child.alpha = high - 1 if child.null else alpha
        return child

    def retry(self, child: AAccumulator) -> AAccumulator | None:
        """The whole window again for a null-window child that turned out better."""
        if not getattr(child, "null", False):
            return None
        val, alpha, beta = self.val, self.alpha, self.beta
        high = val if val < beta else beta
        if not alpha < child.val < high:
            return None
        again: PVSAlphaAcc = _new(PVSAlphaAcc)
        again.model_player = self.model_player
        again.player = child.player
        again.depth = child.depth
        again.val = -INF
        again.move = again.current = again.best_child = None
        again.alpha, again.beta, again.null = alpha, high, False
        return again


class PVSFac(IAccFactory):
    """Principal variation search: a :class:`PVSAlphaAcc` with an open window (``pvs``).

    >>> from oogames import AlphaBetaFac, MinMax, TicTacToeBoard
    >>> from oogames.nextmove.pvs import PVSFac
    >>> board = TicTacToeBoard.from_moves("b2")
    >>> MinMax(PVSFac()).analyze(board).value == MinMax(AlphaBetaFac()).analyze(board).value
    True
    """

    def make_acc(self, model_player: int) -> AAccumulator:
        """A :class:`PVSAlphaAcc` with window (-inf, +inf)."""
        return PVSAlphaAcc(model_player, model_player)

    @property
    def name(self) -> str:
        """``"pvs"``."""
        return "pvs"
