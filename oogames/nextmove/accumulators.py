"""Accumulators: the objects that fold child values into a node's value (Rice: ``AAccumulator``).

A search makes one accumulator per position it expands. The accumulator
folds the values of the children with :meth:`AAccumulator.update_best`, says
with :meth:`AAccumulator.is_not_done` whether the remaining children are
still worth visiting, and makes the accumulator of a child position with
:meth:`AAccumulator.make_opposite` (factory method). Which search runs
(minimax, alpha-beta, depth-limited) depends only on which accumulators the
search starts with: :class:`MaxAcc` and :class:`MinAcc` make minimax,
:class:`AlphaAcc` and :class:`BetaAcc` alpha-beta. The decorators that stack on
them (``DepthAcc``) are in :mod:`oogames.nextmove.decorators`.
"""

from __future__ import annotations

import abc
import math
from typing import TYPE_CHECKING, Any, ClassVar, Protocol, cast

from oogames._moved import moved_names
from oogames.board.lambdas import IBoardLambda, P
from oogames.errors import SearchError
from oogames.nextmove._bare import bare
from oogames.nextmove.evaluation import Evaluation
from oogames.nextmove.extensions import AExtensions

if TYPE_CHECKING:
    from oogames.board.model import IBoardModel
    from oogames.board.moves import Move

__all__ = [
    "INF",
    "AAccumulator",
    "AlphaAcc",
    "BetaAcc",
    "Evaluation",
    "MaxAcc",
    "MinAcc",
    "Windowed",
    "narrow_window",
]

INF = math.inf


class AAccumulator(AExtensions):
    """The value of one position of a search, folded from its children (Rice: ``AAccumulator``).

    Attributes:
        val: The best value found so far, from ``model_player``'s view.
        move: The move that gave :attr:`val` (None until a child is folded in).
        model_player: The player the whole search is for (the root's player).
        player: The player to move in this accumulator's position.
        depth: Plies from the root to this position (the root is 0).
        current: The move whose child is being valued now (set by the search).
        best_child: The accumulator of the child that gave :attr:`val`, or None.
        horizon: True when the search must ask :meth:`evaluate` before
            expanding this position (see :class:`DepthAcc`).
        selective: True when the search must ask :meth:`essential` before
            each move of this position (see :class:`SelectiveAcc`).
        probes: True when the search must use the enhanced protocol on this
            position: ask :meth:`probe` first, search :meth:`first_move` before
            the others, have :meth:`expand` map the moves (an ordering), and
            ask the parent's :meth:`retry` afterwards (a re-search). Plain
            accumulators leave it False, and the search then costs nothing more
            (see :class:`~oogames.nextmove.enhancements.table.TTAcc`,
            :mod:`oogames.nextmove.enhancements.ordering`,
            :class:`~oogames.nextmove.pvs.PVSFac`).
    """

    __slots__ = ("best_child", "current", "depth", "model_player", "move", "player", "val")

    val: float
    move: Move | None
    model_player: int
    player: int
    depth: int
    current: Move | None
    best_child: AAccumulator | None
    horizon: bool = False
    selective: bool = False
    probes: bool = False

    def __init__(self, model_player: int, player: int, depth: int = 0) -> None:
        """Say whose search this is, who moves here and how deep; each kind of accumulator
        then starts its own :attr:`val`."""
        self.model_player = model_player
        self.player = player
        self.depth = depth
        self.move = None
        self.current = None
        self.best_child = None

    @abc.abstractmethod
    def update_best(self, move: Move, value: float, child: AAccumulator | None = None) -> None:
        """Fold in the value of the child reached by ``move``.

        Args:
            move: The move that leads to the child.
            value: The child's value, from ``model_player``'s view.
            child: The child's accumulator, if it was expanded (for the principal variation).
        """

    @abc.abstractmethod
    def make_opposite(self) -> AAccumulator:
        """Make the accumulator of a child position, where the other player moves."""

    def make_same(self) -> AAccumulator:
        """Make the accumulator of a child position where this player moves again.

        Asked only in games with extra turns (Kalah), when the board reports
        :data:`~oogames.board.states.EXTRA_TURN`. Every accumulator of the
        package makes one; an accumulator that cannot says so here.

        Raises:
            SearchError: This accumulator cannot search a game with extra turns.
        """
        raise SearchError(
            f"{type(self).__name__} cannot search a game in which a player moves twice "
            "(it has no make_same)"
        )

    def is_not_done(self) -> bool:
        """Whether the rest of the children are still worth visiting (always, unless pruning)."""
        return True

    def evaluate(self, board: IBoardModel) -> float | None:
        """Score this position statically, from ``model_player``'s view, or None to expand it.

        Only accumulators whose :attr:`horizon` is true are asked, with
        ``board`` in this accumulator's position. A number makes the
        position a leaf of the search; None has the search expand it.
        """
        raise NotImplementedError(f"{type(self).__name__} has no evaluation function")

    def probe(self, board: IBoardModel) -> float | None:
        """A value known for this position without searching it (a table), or None.

        Only accumulators whose :attr:`probes` is true are asked, first of all,
        with ``board`` in this accumulator's position. Unlike :meth:`evaluate`,
        a value returned is exact enough for the search (not a static guess):
        it is not counted as an evaluated leaf.
        """
        return None

    @property
    def guessed(self) -> bool:
        """After :meth:`probe`: whether what it knew (a value that settled the position,
        or bounds that narrowed its window) was derived from evaluated horizons (a table
        entry of a depth-limited search), not the game's."""
        return False

    def first_move(self) -> Move | None:
        """A move to search before the board's order (a table's best move), or None.

        Asked only when :attr:`probes` is true, after :meth:`probe` (or :meth:`start`
        at the root). An accumulator that names one must leave it out when the
        board's ``map`` offers it again (through :attr:`selective` and
        :meth:`essential`).
        """
        return None

    def window(self) -> tuple[float, float]:
        """The (alpha, beta) bounds this position is searched with, from the model player's view
        (-inf, +inf for an accumulator that does not prune)."""
        return (-INF, INF)

    def narrow(self, low: float, high: float) -> float | None:
        """This position's value is known to lie in [``low``, ``high``] (model player's view).

        Returns a value that settles the position for the search (a bound
        outside the window, as a fail-soft search returns one, or the exact
        value when ``low == high``), or None after narrowing the window to
        what is still in question. Asked by enhancements that know bounds:
        a table's stored bounds, a game's knowledge of how soon it can end.
        An accumulator that does not prune can only use an exact value.
        """
        return low if low >= high else None

    def expand(self, board: IBoardModel, lam: IBoardLambda[P], param: P) -> None:
        """Apply ``lam`` to the moves of this position with ``param`` (the outermost
        accumulator) as the parameter: by default ``board.map``, in the board's order.

        Asked only when :attr:`probes` is true; an ordering overrides it to have
        the board visit its moves best first (the board still does the loop).
        """
        board.map(self.player, lam, param)

    def retry(self, child: AAccumulator) -> AAccumulator | None:
        """After ``child`` was valued (``child.val``): a new child to value the same move
        again, or None.

        Asked of the parent only when the child's :attr:`probes` is true, whether
        the child was searched or settled by its :meth:`probe` (then ``child.val``
        is what the probe gave). A null-window search
        (:class:`~oogames.nextmove.pvs.PVSFac`) answers a child with the full
        window when the null window could not settle it.
        """
        return None

    def start(self, board: IBoardModel) -> None:
        """Called once on the root accumulator, with ``board`` in the root position."""

    def essential(self, board: IBoardModel, move: Move) -> bool:
        """Whether ``move`` is worth searching here (asked only when :attr:`selective`)."""
        return True

    @property
    def pv(self) -> tuple[Move, ...]:
        """The principal variation, the best move here, the best reply, and so on."""
        line: list[Move] = []
        node: AAccumulator | None = self
        while node is not None and node.move is not None:
            line.append(node.move)
            node = node.best_child
        return tuple(line)

    def __repr__(self) -> str:
        return (
            f"<{type(self).__name__} player={self.player} depth={self.depth} "
            f"val={self.val} move={self.move!r}>"
        )


class _FoldAcc(AAccumulator):
    """The state that :class:`MaxAcc` and :class:`MinAcc` share."""

    __slots__ = ()

    _start: ClassVar[float] = 0.0

    def __init__(self, model_player: int, player: int, depth: int = 0) -> None:
        super().__init__(model_player, player, depth)
        self.val = self._start

    def make_same(self) -> AAccumulator:
        """An accumulator of this class for this player's extra turn, one ply deeper."""
        child = bare(type(self))
        child.model_player = self.model_player
        child.player = self.player
        child.depth = self.depth + 1
        child.val = self._start
        child.move = child.current = child.best_child = None
        return child


class MaxAcc(_FoldAcc):
    """Keeps the largest child value: the model player's positions (Rice: ``MaxAcc``)."""

    __slots__ = ()
    _start = -INF

    def update_best(self, move: Move, value: float, child: AAccumulator | None = None) -> None:
        """Keep ``value`` if it is larger than every value so far (the first best wins ties)."""
        if value > self.val:
            self.val = value
            self.move = move
            self.best_child = child

    def make_opposite(self) -> AAccumulator:
        """A :class:`MinAcc` for the opponent's reply, one ply deeper."""
        child = bare(MinAcc)  # a MinAcc(...) whose fields are stored here (see _bare)
        child.model_player = self.model_player
        child.player = 1 - self.player
        child.depth = self.depth + 1
        child.val = INF
        child.move = child.current = child.best_child = None
        return child


class MinAcc(_FoldAcc):
    """Keeps the smallest child value: the opponent's positions (Rice: ``MinAcc``)."""

    __slots__ = ()
    _start = INF

    def update_best(self, move: Move, value: float, child: AAccumulator | None = None) -> None:
        """Keep ``value`` if it is smaller than every value so far (the first best wins ties)."""
        if value < self.val:
            self.val = value
            self.move = move
            self.best_child = child

    def make_opposite(self) -> AAccumulator:
        """A :class:`MaxAcc` for the model player's reply, one ply deeper."""
        child = bare(MaxAcc)  # a MaxAcc(...) whose fields are stored here (see _bare)
        child.model_player = self.model_player
        child.player = 1 - self.player
        child.depth = self.depth + 1
        child.val = -INF
        child.move = child.current = child.best_child = None
        return child


class _Window(_FoldAcc):
    """The (alpha, beta) window that :class:`AlphaAcc` and :class:`BetaAcc` share.

    Attributes:
        alpha: The value the model player is already sure of (an ancestor's best).
        beta: The value the opponent already concedes no more than.
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
        self.alpha = alpha
        self.beta = beta

    def window(self) -> tuple[float, float]:
        """``(alpha, beta)``, as the parent passed them (or :meth:`set_window` set them)."""
        return (self.alpha, self.beta)

    def narrow(self, low: float, high: float) -> float | None:
        """Settle the position by bounds outside the window, or narrow the window to them."""
        return narrow_window(self, low, high)

    def set_window(self, alpha: float, beta: float) -> None:
        """Search with the window (``alpha``, ``beta``) from now on."""
        self.alpha, self.beta = alpha, beta


class Windowed(Protocol):
    """What :func:`narrow_window` works on: an accumulator's (alpha, beta) window."""

    alpha: float
    beta: float


def narrow_window(acc: Windowed, low: float, high: float) -> float | None:
    """Settle ``acc``'s position by bounds ``[low, high]`` outside its window (a fail-soft
    bound, or the value when ``low == high``), or narrow its window to them and return
    None (see :meth:`AAccumulator.narrow`)."""
    if high <= acc.alpha:
        return high  # fails low whatever its value: an upper bound is enough
    if low >= acc.beta:
        return low  # fails high
    if low >= high:
        return low
    if low > acc.alpha:
        acc.alpha = low
    if high < acc.beta:
        acc.beta = high
    return None


class AlphaAcc(_Window, MaxAcc):
    """A :class:`MaxAcc` that prunes with the (alpha, beta) window (Rice: ``AlphaAcc``).

    ``alpha`` and ``beta`` are the bounds the ancestors have proved: a value
    at or above ``beta`` here will never be chosen above, so the rest of
    the children are skipped (a beta cut-off). The child accumulator closes
    over what this one knows: its alpha is the larger of this window's
    alpha and the best value found here so far. This carries the whole
    window down, so the search visits exactly the nodes of textbook
    alpha-beta (deep cut-offs), not only those of a comparison with the
    immediate parent.
    """

    __slots__ = ()

    def is_not_done(self) -> bool:
        """False once a child is worth ``beta`` or more: the opponent will avoid this position."""
        return self.val < self.beta

    def make_opposite(self) -> AAccumulator:
        """A :class:`BetaAcc` whose alpha is the best this position is already sure of."""
        val, alpha = self.val, self.alpha
        child = bare(BetaAcc)  # a BetaAcc(...) whose fields are stored here (see _bare)
        child.model_player = self.model_player
        child.player = 1 - self.player
        child.depth = self.depth + 1
        child.val = INF
        child.move = child.current = child.best_child = None
        child.alpha = val if val > alpha else alpha
        child.beta = self.beta
        return child

    def make_same(self) -> AAccumulator:
        """An :class:`AlphaAcc` for this player's extra turn: the window carries over, its
        alpha raised to the best found here."""
        child = cast(AlphaAcc, MaxAcc.make_same(self))
        val, alpha = self.val, self.alpha
        child.alpha = val if val > alpha else alpha
        child.beta = self.beta
        return child


class BetaAcc(_Window, MinAcc):
    """A :class:`MinAcc` that prunes with the (alpha, beta) window (Rice: ``BetaAcc``).

    The mirror of :class:`AlphaAcc`: once a child is worth ``alpha`` or less,
    the model player will avoid this position, so the rest are skipped (an
    alpha cut-off).
    """

    __slots__ = ()

    def is_not_done(self) -> bool:
        """False once a child is worth ``alpha`` or less: the model player will avoid this."""
        return self.val > self.alpha

    def make_opposite(self) -> AAccumulator:
        """An :class:`AlphaAcc` whose beta is the least this position already concedes."""
        val, beta = self.val, self.beta
        child = bare(AlphaAcc)  # an AlphaAcc(...) whose fields are stored here (see _bare)
        child.model_player = self.model_player
        child.player = 1 - self.player
        child.depth = self.depth + 1
        child.val = -INF
        child.move = child.current = child.best_child = None
        child.alpha = self.alpha
        child.beta = val if val < beta else beta
        return child

    def make_same(self) -> AAccumulator:
        """A :class:`BetaAcc` for the opponent's extra turn: the window carries over, its
        beta lowered to the least found here."""
        child = cast(BetaAcc, MinAcc.make_same(self))
        val, beta = self.val, self.beta
        child.alpha = self.alpha
        child.beta = val if val < beta else beta
        return child


#: Names that moved to modules of their own (still importable from here).
_moved = moved_names(
    __name__,
    {
        "AAccDecorator": "oogames.nextmove.decorators",
        "DepthAcc": "oogames.nextmove.decorators",
        "depth_limit": "oogames.nextmove.decorators",
        "limit_depth": "oogames.nextmove.decorators",
        "Payoff": "oogames.nextmove.evaluation",
        "LambdaEvaluation": "oogames.nextmove.evaluation",
        "as_evaluation": "oogames.nextmove.evaluation",
    },
)


def __getattr__(name: str) -> Any:
    """A name that moved (see ``oogames._moved``), from its new module."""
    return _moved(name)
