"""Negamax (the Debrecen paper, the lecture slides): one accumulator class for both sides.

Minimax needs two accumulator classes, :class:`~oogames.MaxAcc` for the model
player and :class:`~oogames.MinAcc` for the opponent. Negamax needs one:
every :class:`NegamaxAcc` keeps its ``score`` from the view of its *own*
player (the one to move in its position) and always maximises. A child's own
view is the negation of its parent's, so a parent takes the largest of
``-child.score`` -- the negamax rule ``V(x) = max(-V(c))``.

The search (:class:`~oogames.MinMax`) hands every accumulator values from the
model player's view; a :class:`NegamaxAcc` turns them into its own view with
its ``sign`` (+1 for the model player, -1 for the opponent) and gives its
value back the same way (``val = score * sign``), so the one search serves
both formulations. In the same move order, negamax and minimax give the same
values and visit the same nodes.
"""

from __future__ import annotations

from oogames.board.moves import Move
from oogames.nextmove.accumulators import INF, AAccumulator, narrow_window
from oogames.nextmove.factories import IAccFactory


class NegamaxAcc(AAccumulator):
    """Negamax: maximises ``score``, the value from the view of its own player.

    Attributes:
        score: The best value found so far, from the view of ``player``.
        sign: +1 when ``player`` is the model player, -1 otherwise.
    """

    __slots__ = ("score", "sign")

    def __init__(self, model_player: int, player: int, depth: int = 0) -> None:
        super().__init__(model_player, player, depth)
        self.sign = 1 if player == model_player else -1
        self.score = -INF

    @property
    def val(self) -> float:
        """The score from the model player's view, ``score * sign``."""
        return self.score * self.sign

    @val.setter
    def val(self, value: float) -> None:
        self.score = value * self.sign

    def update_best(self, move: Move, value: float, child: AAccumulator | None = None) -> None:
        """Keep the child if it is best for this player: ``value * sign`` is ``-child.score``."""
        mine = value * self.sign
        if mine > self.score:
            self.score = mine
            self.move = move
            self.best_child = child

    def make_opposite(self) -> AAccumulator:
        """Another :class:`NegamaxAcc`, for the other player: the same class serves both sides."""
        return NegamaxAcc(self.model_player, 1 - self.player, self.depth + 1)

    def make_same(self) -> AAccumulator:
        """A :class:`NegamaxAcc` for this player's extra turn: the same view, so its score
        is not negated (the sign is the same)."""
        return NegamaxAcc(self.model_player, self.player, self.depth + 1)


class NegaAlphaBetaAcc(NegamaxAcc):
    """Negamax with alpha-beta: the window, in this player's view, is negated and swapped below.

    A child's window is ``(-beta, -max(alpha, score))``: what this player
    is sure of becomes the most the opponent can hope for. The search stops
    at a score of ``beta`` or more. It visits exactly the nodes of
    :class:`~oogames.AlphaAcc` / :class:`~oogames.BetaAcc` in the same order.
    """

    __slots__ = ("alpha", "beta")

    def __init__(
        self,
        model_player: int,
        player: int,
        depth: int = 0,
        alpha: float = -INF,
        beta: float = INF,
    ) -> None:
        super().__init__(model_player, player, depth)
        self.alpha = alpha  # this player's window, in this player's view
        self.beta = beta

    def window(self) -> tuple[float, float]:
        """The window from the model player's view (this one's is from its own player's)."""
        if self.sign > 0:
            return (self.alpha, self.beta)
        return (-self.beta, -self.alpha)

    def narrow(self, low: float, high: float) -> float | None:
        """Bounds from the model player's view, applied to this player's own window."""
        if self.sign < 0:
            low, high = -high, -low
        known = narrow_window(self, low, high)
        return None if known is None else known * self.sign

    def set_window(self, alpha: float, beta: float) -> None:
        """The window (``alpha``, ``beta``) from the model player's view, in this player's."""
        self.alpha, self.beta = (alpha, beta) if self.sign > 0 else (-beta, -alpha)

    def is_not_done(self) -> bool:
        """False once this player's score reaches ``beta``: the opponent avoids this position."""
        return self.score < self.beta

    def make_opposite(self) -> AAccumulator:
        """The child's window is this one negated: ``(-beta, -max(alpha, score))``."""
        best = self.score if self.score > self.alpha else self.alpha
        return NegaAlphaBetaAcc(
            self.model_player, 1 - self.player, self.depth + 1, -self.beta, -best
        )

    def make_same(self) -> AAccumulator:
        """This player's extra turn: the window carries over, not negated."""
        best = self.score if self.score > self.alpha else self.alpha
        return NegaAlphaBetaAcc(self.model_player, self.player, self.depth + 1, best, self.beta)


class NegamaxFac(IAccFactory):
    """Plain negamax: a :class:`NegamaxAcc` at the root."""

    __slots__ = ()
    name = "negamax"

    def make_acc(self, model_player: int) -> AAccumulator:
        """A :class:`NegamaxAcc` for ``model_player``."""
        return NegamaxAcc(model_player, model_player)


class NegaAlphaBetaFac(IAccFactory):
    """Negamax with alpha-beta: a :class:`NegaAlphaBetaAcc` with an open window."""

    __slots__ = ()
    name = "negamax-ab"

    def make_acc(self, model_player: int) -> AAccumulator:
        """A :class:`NegaAlphaBetaAcc` with window (-inf, +inf)."""
        return NegaAlphaBetaAcc(model_player, model_player)
