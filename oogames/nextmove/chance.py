"""Chance positions: expectimax, and Ballard's Star1 and Star2, as accumulators.

A chance position (a die to roll) has no player to choose: its value is the mean of
its outcomes' values, each weighted by its probability. The search meets one when the
board reports :meth:`~oogames.board.visitors.IBoardStatusVisitor.chance_case`; the
accumulator of the position above then makes a chance accumulator
(:meth:`~oogames.nextmove.extensions.AExtensions.make_chance`), the board's ``map``
hands each outcome to the search's lambda with its probability, and the lambda tells
the chance accumulator the probability (``weigh``) before the outcome is valued. Nothing
else of the search changes: the same lambda and the same status visitor.

- :class:`ExpectAcc`: the plain mean (expectimax; below a two-player search it is
  expectiminimax). It makes its children as the position above it would have made
  them one ply further down (its *stand-in*), each with an open window: below a chance
  position an outcome's value matters whatever it is.
- :class:`StarChanceAcc`: Ballard's (1983) pruning of chance positions. With bounds
  ``[L, U]`` on every value (the game's :meth:`~oogames.board.hints.ISearchHints.payoff_bounds`),
  the outcomes seen so far bound the mean: once it cannot reach the window of the
  position above, the rest of the outcomes are skipped (Star1), and each outcome is
  searched with the window that still matters. Star2 first *probes* each outcome,
  searching only the first move of the position it leads to: that move bounds the
  position (from below where the model player moves, from above where the others do),
  which may settle the chance position before any full search; the probed moves are
  not searched again.

``MinMax(ExpectimaxFac())``, ``MinMax(Star1Fac())`` and ``MinMax(Star2Fac())`` (the
strategy names ``expectimax``, ``star1`` and ``star2``) give the same value; the two
Stars evaluate no more leaves than expectimax.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from oogames.board.hints import PayoffBounds, search_hints
from oogames.board.lambdas import IBoardLambda, P
from oogames.board.moves import CHANCE
from oogames.errors import SearchError
from oogames.nextmove._probes import FirstOnly, Seeded
from oogames.nextmove.accumulators import INF, AAccumulator
from oogames.nextmove.decorators import AAccDecorator, set_window
from oogames.nextmove.evaluation import Evaluation, off_bounds
from oogames.nextmove.factories import AlphaBetaFac, IAccFactory, MinMaxFac

if TYPE_CHECKING:
    from oogames.board.model import IBoardModel
    from oogames.board.moves import Move

__all__ = [
    "ExpectAcc",
    "ExpectimaxFac",
    "Star1Fac",
    "Star2Fac",
    "StarAcc",
    "StarChanceAcc",
    "set_window",
]


class ExpectAcc(AAccumulator):
    """The value of a chance position: the mean of its outcomes' values, weighted by
    their probabilities (expectimax).

    Args:
        stand_in: The accumulator the position above would make for a child on its own
            side (``make_same``): this one makes its children as that one would, and has
            its depth, its horizon and its evaluation.

    Attributes:
        probability: The probability of the outcome being valued now (``weigh``).
    """

    __slots__ = ("_vector", "by_vector", "horizon", "probability", "stand_in")

    def __init__(self, stand_in: AAccumulator) -> None:
        super().__init__(stand_in.model_player, CHANCE, stand_in.depth)
        self.stand_in = stand_in
        self.horizon = stand_in.horizon
        self.by_vector = stand_in.by_vector
        self.val = 0.0
        self.probability = 0.0
        self._vector: list[float] | None = []  # the mean payoffs, while every outcome has them

    def weigh(self, probability: float) -> None:
        """The next outcome has this ``probability``."""
        self.probability = probability

    def make_child(self, player: int) -> AAccumulator:
        """The stand-in's child for ``player``, with an open window."""
        child = self.stand_in.make_child(player)
        child.set_window(-INF, INF)
        return child

    def make_opposite(self) -> AAccumulator:
        """Never asked: a board with chance does not alternate (see ``make_child``)."""
        raise SearchError("a chance position's children are made for the player the board names")

    def make_same(self) -> AAccumulator:
        """The stand-in one ply further down (a chance position right after this one)."""
        child = self.stand_in.make_same()
        child.set_window(-INF, INF)
        return child

    def update_best(self, move: Move, value: float, child: AAccumulator | None = None) -> None:
        """Add ``value``, weighted by the outcome's probability, to the mean."""
        self._fold(value, None if child is None else child.payoffs())

    def update_payoffs(self, move: Move, payoffs: tuple[float, ...]) -> None:
        """Add a finished game's payoffs, weighted by the outcome's probability."""
        self._fold(payoffs[self.model_player], payoffs)

    def _fold(self, value: float, vector: tuple[float, ...] | None) -> None:
        probability = self.probability
        self.val += probability * value
        mean = self._vector
        if mean is None:
            return
        if vector is None:
            self._vector = None  # an outcome valued for one player only: no vector
            return
        if not mean:
            mean.extend(0.0 for _ in vector)
        for player, payoff in enumerate(vector):
            mean[player] += probability * payoff

    def payoffs(self) -> tuple[float, ...] | None:
        """The mean payoff of each player, where every outcome gave them (max^n)."""
        return tuple(self._vector) if self._vector else None

    def evaluate(self, board: IBoardModel) -> float | None:
        """The stand-in's evaluation (a chance position at the depth limit)."""
        return self.stand_in.evaluate(board)

    def horizon_value(self, board: IBoardModel, evaluate: Evaluation) -> float:
        """The stand-in's static value (and its payoffs, for max^n)."""
        value = self.stand_in.horizon_value(board, evaluate)
        vector = self.stand_in.payoffs()
        self._vector = None if vector is None else list(vector)
        return value


class StarChanceAcc(ExpectAcc):
    """A chance position that is cut once its outcomes seen so far bound the mean
    outside the window above (Ballard's Star1; with ``probing``, Star2). See the module.

    Args:
        stand_in: As for :class:`ExpectAcc`; its window is the window of this position.
        bounds: ``[low, high]`` holds every value of the search (payoffs, evaluations).
        probing: Star2: probe each outcome's first move before the searches.
    """

    __slots__ = (
        "alpha",
        "beta",
        "bounds",
        "found",
        "highs",
        "index",
        "lows",
        "phase",
        "probabilities",
        "probes",
        "rest_high",
        "rest_low",
        "selective",
        "windows",
    )

    _PROBE, _SEARCH = 1, 2

    def __init__(self, stand_in: AAccumulator, bounds: PayoffBounds, probing: bool) -> None:
        super().__init__(stand_in)
        self._vector = None  # two sides only: a Star search is valued for the model player
        self.alpha, self.beta = stand_in.window()
        self.bounds = bounds
        self.probes = probing
        self.selective = probing
        self.phase = self._SEARCH
        self.lows: list[float] = []  # a lower bound of each outcome's value (Star2)
        self.highs: list[float] = []  # ... and an upper bound
        self.probabilities: list[float] = []
        self.found: dict[int, tuple[Move, float, AAccumulator | None] | float] = {}
        self.windows: dict[int, tuple[float, float]] = {}  # each probe's window
        self.index = -1
        self.rest_low = bounds.low  # what the outcomes not yet valued add at least
        self.rest_high = bounds.high  # ... and at most

    def weigh(self, probability: float) -> None:
        """The next outcome, of this ``probability``."""
        self.probability = probability
        self.index += 1
        if self.phase == self._PROBE:
            self.probabilities.append(probability)
            self.lows.append(self.bounds.low)
            self.highs.append(self.bounds.high)

    def _bounds_of(self, index: int) -> tuple[float, float]:
        if index < len(self.lows):
            return self.lows[index], self.highs[index]
        return self.bounds.low, self.bounds.high

    def window(self) -> tuple[float, float]:
        """This position's window, from the model player's view (the stand-in's, or as set)."""
        return (self.alpha, self.beta)

    def set_window(self, alpha: float, beta: float) -> None:
        """Search this position with the window (``alpha``, ``beta``) from now on."""
        self.alpha, self.beta = alpha, beta

    def _outcome_window(self) -> tuple[float, float]:
        """The window of the outcome valued now: outside it, the mean is settled."""
        p = self.probability
        low, high = self._bounds_of(self.index)
        others_low = self.rest_low - p * low
        others_high = self.rest_high - p * high
        return (self.alpha - self.val - others_high) / p, (self.beta - self.val - others_low) / p

    def make_child(self, player: int) -> AAccumulator:
        """The stand-in's child for ``player``, searched in the window that still matters
        (while probing, for its first move only; after, with the probed move known)."""
        child = self.stand_in.make_child(player)
        alpha, beta = self._outcome_window()
        child.set_window(alpha, beta)
        if self.phase == self._PROBE:
            self.windows[self.index] = (alpha, beta)
            return FirstOnly(child)
        found = self.found.get(self.index)
        if isinstance(found, tuple):
            return Seeded(child, *found)
        return child

    def make_same(self) -> AAccumulator:
        """The stand-in one ply further down, with the window that still matters."""
        child = self.stand_in.make_same()
        if self.phase == self._PROBE:
            child.set_window(-INF, INF)  # a chance position is probed whole: its exact value
        else:
            child.set_window(*self._outcome_window())
        return child

    def update_best(self, move: Move, value: float, child: AAccumulator | None = None) -> None:
        """Fold the outcome's value in (while probing: keep what it says of the outcome)."""
        if self.phase == self._PROBE:
            self._probed(value, child)
            return
        p = self.probability
        low, high = self._bounds_of(self.index)
        self.val += p * value
        self.rest_low -= p * low
        self.rest_high -= p * high

    def update_payoffs(self, move: Move, payoffs: tuple[float, ...]) -> None:
        """A finished game: the model player's payoff is the outcome's value."""
        self.update_best(move, payoffs[self.model_player])

    def is_not_done(self) -> bool:
        """False once the outcomes seen (or probed) bound the mean outside the window: the
        value is then that bound (fail-soft)."""
        if self.val + self.rest_high <= self.alpha:
            self.val += self.rest_high
            self.rest_low = self.rest_high = 0.0
            return False
        if self.val + self.rest_low >= self.beta:
            self.val += self.rest_low
            self.rest_low = self.rest_high = 0.0
            return False
        return True

    # -- Star2: probing first ---------------------------------------------------------

    def _probed(self, value: float, child: AAccumulator | None) -> None:
        """Keep what probing outcome ``index`` found: an exact value (a finished game, a
        horizon, a chance position), or its first move's value, a bound of one side."""
        index = self.index
        window = self.windows.get(index)
        if child is None or child.move is None or window is None or child.player == CHANCE:
            self.found[index] = value
            self.lows[index] = self.highs[index] = value
        else:
            self.found[index] = (child.move, value, child.best_child)
            alpha, beta = window
            if child.player == self.model_player:  # a position the model player chooses in
                if value > alpha:
                    self.lows[index] = max(value, self.bounds.low)
            elif value < beta:
                self.highs[index] = min(value, self.bounds.high)
        p = self.probability  # what the probe says narrows the mean's bounds
        self.rest_low += p * (self.lows[index] - self.bounds.low)
        self.rest_high += p * (self.highs[index] - self.bounds.high)

    def expand(self, board: IBoardModel, lam: IBoardLambda[P], param: P) -> None:
        """Star2: probe every outcome, stop there if that settles the position, else
        search the outcomes with what the probes found (none searched twice)."""
        self.phase = self._PROBE
        board.map(CHANCE, lam, param)
        self.phase = self._SEARCH
        if self.rest_low == self.rest_high == 0.0:  # the probes settled it (a cut-off)
            return
        self.index = -1
        chances = self.probabilities
        self.rest_low = sum(p * low for p, low in zip(chances, self.lows, strict=True))
        self.rest_high = sum(p * high for p, high in zip(chances, self.highs, strict=True))
        if self.is_not_done():
            board.map(CHANCE, lam, param)

    def essential(self, board: IBoardModel, move: Move) -> bool:
        """After probing: an outcome whose value the probe settled is folded in without a
        search; every outcome after a cut is skipped."""
        if not self.is_not_done():
            return False
        found = self.found.get(self.index)
        if isinstance(found, float | int):
            self.update_best(move, found)
            return False
        return True


class StarAcc(AAccDecorator):
    """Decorates a two-player search so that its chance positions are pruned
    (:class:`StarChanceAcc`); the bounds are the board's, read at the root."""

    __slots__ = ("bounds", "probing")

    def __init__(
        self, inner: AAccumulator, probing: bool, bounds: PayoffBounds | None = None
    ) -> None:
        super().__init__(inner)
        self.probing = probing
        self.bounds = bounds

    def _wrap(self, child: AAccumulator) -> AAccumulator:
        return StarAcc(child, self.probing, self.bounds)

    def start(self, board: IBoardModel) -> None:
        """Read the board's payoff bounds.

        Raises:
            SearchError: The board declares none.
        """
        self.bounds = search_hints(board).payoff_bounds(self.model_player)
        if self.bounds is None:  # the game's, or this player's
            why = Star1Fac.refuses(board) or f"no bounds on player {self.model_player}'s payoffs"
            raise SearchError(why)
        self.inner.start(board)

    def horizon_value(self, board: IBoardModel, evaluate: Evaluation) -> float:
        """The wrapped static value; one outside the bounds the cuts rely on is refused."""
        value = self.inner.horizon_value(board, evaluate)
        if self.bounds is not None and not self.bounds.low <= value <= self.bounds.high:
            raise off_bounds((value,), board, self.bounds, "star1 and star2 cut chance positions")
        return value

    def make_chance(self) -> AAccumulator:
        """A :class:`StarChanceAcc` below this position."""
        if self.bounds is None:
            raise SearchError("a Star search starts at its root (start was not called)")
        return self._wrap(StarChanceAcc(self.inner.make_same(), self.bounds, self.probing))


class ExpectimaxFac(MinMaxFac):
    """Expectimax (expectiminimax with two sides): minimax whose chance positions are
    valued by the mean of their outcomes (:class:`ExpectAcc`, every accumulator's
    default ``make_chance``)."""

    __slots__ = ()
    name = "expectimax"


class Star1Fac(AlphaBetaFac):
    """Alpha-beta whose chance positions are pruned by the payoff bounds (Ballard's Star1)."""

    __slots__ = ()
    name = "star1"
    _probing = False

    def make_acc(self, model_player: int) -> AAccumulator:
        """An :class:`~oogames.AlphaAcc` decorated by :class:`StarAcc`."""
        return StarAcc(super().make_acc(model_player), self._probing)

    @classmethod
    def refuses(cls, board: IBoardModel) -> str | None:
        """A game that declares no bounds on its payoffs."""
        if search_hints(board).payoff_bounds() is not None:
            return None
        return (
            f"{type(board).__name__} declares no bounds on its payoffs (payoff_bounds): "
            "star1 and star2 prune by them; use expectimax"
        )


class Star2Fac(Star1Fac):
    """Star1 that probes each outcome's first move before searching (Ballard's Star2)."""

    __slots__ = ()
    name = "star2"
    _probing = True


#: The chance searches, for the strategy names.
CHANCE_SEARCHES: dict[str, type[IAccFactory]] = {
    "expectimax": ExpectimaxFac,
    "star1": Star1Fac,
    "star2": Star2Fac,
}
