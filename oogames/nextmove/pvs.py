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

from typing import TypeVar

from oogames.nextmove._bare import bare
from oogames.nextmove.accumulators import INF, AAccumulator, AlphaAcc, BetaAcc
from oogames.nextmove.factories import IAccFactory


class PVSAlphaAcc(AlphaAcc):
    """An :class:`~oogames.nextmove.accumulators.AlphaAcc` whose moves after the first are
    searched with a null window, and again with the whole window when that fails high."""

    __slots__ = ("null",)
    null: bool  # whether PVS chose this child's null window (set by _child; not at the root)

    probes = True  # asks the search for retry()

    def make_opposite(self) -> AAccumulator:
        """The first child: the whole window; the others: (best so far, best so far + 1)."""
        low = self.val if self.val > self.alpha else self.alpha
        null = self.move is not None and low + 1 < self.beta
        return _child(PVSBetaAcc, self, low, low + 1 if null else self.beta, null, 1 - self.player)

    def make_same(self) -> AAccumulator:
        """An extra turn: the whole window, raised to the best so far (no null window)."""
        low = self.val if self.val > self.alpha else self.alpha
        return _child(PVSAlphaAcc, self, low, self.beta, False, self.player)

    def retry(self, child: AAccumulator) -> AAccumulator | None:
        """The whole window again for a null-window child that turned out better."""
        low = self.val if self.val > self.alpha else self.alpha
        if getattr(child, "null", False) and low < child.val < self.beta:
            return _child(PVSBetaAcc, self, low, self.beta, False, child.player)
        return None


class PVSBetaAcc(BetaAcc):
    """The mirror of :class:`PVSAlphaAcc` for the opponent's positions."""

    __slots__ = ("null",)
    null: bool

    probes = True

    def make_opposite(self) -> AAccumulator:
        """The first child: the whole window; the others: (best so far - 1, best so far)."""
        high = self.val if self.val < self.beta else self.beta
        null = self.move is not None and high - 1 > self.alpha
        return _child(
            PVSAlphaAcc, self, high - 1 if null else self.alpha, high, null, 1 - self.player
        )

    def make_same(self) -> AAccumulator:
        """The opponent's extra turn: the whole window, lowered to the best so far."""
        high = self.val if self.val < self.beta else self.beta
        return _child(PVSBetaAcc, self, self.alpha, high, False, self.player)

    def retry(self, child: AAccumulator) -> AAccumulator | None:
        """The whole window again for a null-window child that turned out better."""
        high = self.val if self.val < self.beta else self.beta
        if getattr(child, "null", False) and self.alpha < child.val < high:
            return _child(PVSAlphaAcc, self, self.alpha, high, False, child.player)
        return None


_Child = TypeVar("_Child", "PVSAlphaAcc", "PVSBetaAcc")


def _child(
    kind: type[_Child],
    parent: AAccumulator,
    alpha: float,
    beta: float,
    null: bool,
    player: int,
) -> _Child:
    """A child accumulator of ``parent`` where ``player`` moves, with the window (alpha,
    beta); ``null`` says the window is a null window PVS chose (a probe may narrow any
    window later, so this cannot be told from the window itself). A re-search is for the
    player of the child it searches again: on a board of more players the search named
    the child's player (``make_child``), and ``1 - player`` had a re-search map the moves
    of a player not to move ("illegal move pass by Red: it is Yellow's turn")."""
    child = bare(kind)
    child.model_player = parent.model_player
    child.player = player
    child.depth = parent.depth + 1
    child.val = INF if kind is PVSBetaAcc else -INF
    child.move = child.current = child.best_child = None
    child.alpha, child.beta, child.null = alpha, beta, null
    return child


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

    name = "pvs"
