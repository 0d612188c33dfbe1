"""Accumulators: the objects that fold child values into a node's value (Rice: ``AAccumulator``).

A search makes one accumulator per position it expands. The accumulator
folds the values of the children with :meth:`AAccumulator.update_best`, says
with :meth:`AAccumulator.is_not_done` whether the remaining children are
still worth visiting, and makes the accumulator of a child position with
:meth:`AAccumulator.make_opposite` (factory method). Which search runs
(minimax, alpha-beta, depth-limited) depends only on which accumulators the
search starts with.
"""

from __future__ import annotations

import abc
import math
from collections.abc import Callable
from typing import TYPE_CHECKING, Any, ClassVar, TypeAlias

from oogames.board.lambdas import IBoardLambda
from oogames.errors import SearchError

if TYPE_CHECKING:
    from oogames.board.model import IBoardModel
    from oogames.board.moves import Move

INF = math.inf

# make_opposite builds children with _new and plain stores, skipping the
# __init__ frames (a large part of the cost of a node on CPython); __init__
# runs only for the root accumulator a factory makes.
_new = object.__new__

Evaluation: TypeAlias = Callable[[Any, int], float]
"""An evaluation (payoff) function, ``evaluate(board, player)``, is the worth of the
position to ``player``; larger is better for ``player``. ``board`` is a board of the
game the function is written for (hence ``Any``: a Connect Four evaluation takes a
:class:`~oogames.games.ConnectFourBoard`)."""


class AAccumulator(abc.ABC):
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
            (see :class:`~oogames.nextmove.table.TTAcc`, :mod:`oogames.nextmove.ordering`,
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
        """After :meth:`probe` settled the position: whether the value it gave was derived
        from evaluated horizons (a table entry of a depth-limited search), not the game's."""
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
        """The (alpha, beta) bounds this position is searched with, from the model player's view.

        (-inf, +inf) for an accumulator that does not prune.
        """
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

    def expand(self, board: IBoardModel, lam: IBoardLambda, param: Any) -> None:
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

    def start(self, board: IBoardModel) -> None:  # noqa: B027 - a hook, empty by default
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
        self.model_player = model_player
        self.player = player
        self.depth = depth
        self.val = self._start
        self.move = None
        self.current = None
        self.best_child = None

    def make_same(self) -> AAccumulator:
        """An accumulator of this class for this player's extra turn, one ply deeper."""
        child: _FoldAcc = _new(type(self))
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
    #: The class of a child (a depth limit's own subclass in a limited search).
    _opposite: ClassVar[type[MinAcc]]

    def update_best(self, move: Move, value: float, child: AAccumulator | None = None) -> None:
        """Keep ``value`` if it is larger than every value so far (the first best wins ties)."""
        if value > self.val:
            self.val = value
            self.move = move
            self.best_child = child

    def make_opposite(self) -> AAccumulator:
        """A :class:`MinAcc` for the opponent's reply."""
        child: MinAcc = _new(self._opposite)
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
    _opposite: ClassVar[type[MaxAcc]]

    def update_best(self, move: Move, value: float, child: AAccumulator | None = None) -> None:
        """Keep ``value`` if it is smaller than every value so far (the first best wins ties)."""
        if value < self.val:
            self.val = value
            self.move = move
            self.best_child = child

    def make_opposite(self) -> AAccumulator:
        """A :class:`MaxAcc` for the model player's reply."""
        child: MaxAcc = _new(self._opposite)
        child.model_player = self.model_player
        child.player = 1 - self.player
        child.depth = self.depth + 1
        child.val = -INF
        child.move = child.current = child.best_child = None
        return child


class _Window:
    """The (alpha, beta) window's constructor, shared by the pruning accumulators.

    A mixin with no slots of its own: each pruning class declares ``alpha``
    and ``beta`` (two bases cannot both lay out slots).
    """

    __slots__ = ()

    alpha: float
    beta: float

    def __init__(
        self,
        model_player: int,
        player: int,
        depth: int = 0,
        alpha: float = -INF,
        beta: float = INF,
    ) -> None:
        super().__init__(model_player, player, depth)  # type: ignore[call-arg]
        # Slots of the concrete class (see above), which mypy cannot see from here.
        self.alpha = alpha  # type: ignore[misc]
        self.beta = beta  # type: ignore[misc]

    def narrow(self, low: float, high: float) -> float | None:
        """Settle the position by bounds outside the window, or narrow the window to them."""
        if high <= self.alpha:
            return high  # fails low whatever its value: an upper bound is enough
        if low >= self.beta:
            return low  # fails high
        if low >= high:
            return low
        if low > self.alpha:
            self.alpha = low  # type: ignore[misc]
        if high < self.beta:
            self.beta = high  # type: ignore[misc]
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

    __slots__ = ("alpha", "beta")
    _opposite: ClassVar[type[BetaAcc]]

    def window(self) -> tuple[float, float]:
        """``(alpha, beta)``, as the parent passed them."""
        return (self.alpha, self.beta)

    def is_not_done(self) -> bool:
        """False once a child is worth ``beta`` or more: the opponent will avoid this position."""
        return self.val < self.beta

    def make_opposite(self) -> AAccumulator:
        """A :class:`BetaAcc` whose alpha is the best this position is already sure of."""
        val, alpha = self.val, self.alpha
        child: BetaAcc = _new(self._opposite)
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
        child: AlphaAcc = MaxAcc.make_same(self)  # type: ignore[assignment]
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

    __slots__ = ("alpha", "beta")
    _opposite: ClassVar[type[AlphaAcc]]

    def window(self) -> tuple[float, float]:
        """``(alpha, beta)``, as the parent passed them."""
        return (self.alpha, self.beta)

    def is_not_done(self) -> bool:
        """False once a child is worth ``alpha`` or less: the model player will avoid this."""
        return self.val > self.alpha

    def make_opposite(self) -> AAccumulator:
        """An :class:`AlphaAcc` whose beta is the least this position already concedes."""
        val, beta = self.val, self.beta
        child: AlphaAcc = _new(self._opposite)
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
        child: BetaAcc = MinAcc.make_same(self)  # type: ignore[assignment]
        val, beta = self.val, self.beta
        child.alpha = self.alpha
        child.beta = val if val < beta else beta
        return child


MaxAcc._opposite, MinAcc._opposite = MinAcc, MaxAcc
AlphaAcc._opposite, BetaAcc._opposite = BetaAcc, AlphaAcc


class AAccDecorator(AAccumulator):
    """An accumulator that wraps another and passes everything through (decorator pattern).

    Subclasses override what they change and :meth:`_wrap`, which decorates
    each child the wrapped accumulator makes, so that decorators stack:
    ``DepthAcc(SelectiveAcc(AlphaAcc(...)))``. ``current`` is the
    decorator's own; ``player``, ``model_player`` and ``depth``, which never
    change, are copied from the wrapped accumulator; the value, the best move
    and the best child are the wrapped accumulator's.
    """

    __slots__ = ("horizon", "inner", "probes", "selective")

    #: True for decorators that change only the order of the search (and what the
    #: rules alone settle), never the values: a transposition table may decorate them.
    orders_only: ClassVar[bool] = False
    #: False for a decorator of the root alone, whose children are the wrapped
    #: accumulator's own (its ``_wrap`` returns them as they are).
    wraps_children: ClassVar[bool] = True

    def __init__(self, inner: AAccumulator) -> None:
        self.inner = inner
        self.current = None
        self.horizon = inner.horizon
        self.selective = inner.selective
        self.probes = inner.probes
        # Fixed for the accumulator's life: copied, so reading them costs no call.
        self.model_player = inner.model_player
        self.player = inner.player
        self.depth = inner.depth

    @abc.abstractmethod
    def _wrap(self, child: AAccumulator) -> AAccumulator:
        """Decorate ``child``, a child the wrapped accumulator made."""

    def make_opposite(self) -> AAccumulator:
        """The wrapped accumulator's child, decorated like this one."""
        return self._wrap(self.inner.make_opposite())

    def make_same(self) -> AAccumulator:
        """The wrapped accumulator's child for an extra turn, decorated like this one."""
        return self._wrap(self.inner.make_same())

    def update_best(self, move: Move, value: float, child: AAccumulator | None = None) -> None:
        """Pass through to the wrapped accumulator."""
        self.inner.update_best(move, value, child)

    def is_not_done(self) -> bool:
        """Pass through to the wrapped accumulator."""
        return self.inner.is_not_done()

    def evaluate(self, board: IBoardModel) -> float | None:
        """Pass through to the wrapped accumulator."""
        return self.inner.evaluate(board)

    def start(self, board: IBoardModel) -> None:
        """Pass through to the wrapped accumulator."""
        self.inner.start(board)

    def essential(self, board: IBoardModel, move: Move) -> bool:
        """Pass through to the wrapped accumulator."""
        return self.inner.essential(board, move)

    def probe(self, board: IBoardModel) -> float | None:
        """Pass through to the wrapped accumulator."""
        return self.inner.probe(board)

    def first_move(self) -> Move | None:
        """Pass through to the wrapped accumulator."""
        return self.inner.first_move()

    def window(self) -> tuple[float, float]:
        """Pass through to the wrapped accumulator."""
        return self.inner.window()

    def narrow(self, low: float, high: float) -> float | None:
        """Pass through to the wrapped accumulator."""
        return self.inner.narrow(low, high)

    def expand(self, board: IBoardModel, lam: IBoardLambda, param: Any) -> None:
        """Pass through to the wrapped accumulator."""
        self.inner.expand(board, lam, param)

    def retry(self, child: AAccumulator) -> AAccumulator | None:
        """The wrapped accumulator's re-search, decorated like this one's children."""
        inner_child = child.inner if isinstance(child, AAccDecorator) else child
        again = self.inner.retry(inner_child)
        return None if again is None else self._wrap(again)

    @property
    def guessed(self) -> bool:
        """Whether the wrapped accumulator's probe gave a guess."""
        return self.inner.guessed

    def innermost(self) -> AAccumulator:
        """The accumulator at the bottom of the stack of decorators."""
        acc: AAccumulator = self
        while isinstance(acc, AAccDecorator):
            acc = acc.inner
        return acc

    @property
    def val(self) -> float:
        """The wrapped accumulator's value."""
        return self.inner.val

    @val.setter
    def val(self, value: float) -> None:
        self.inner.val = value

    @property
    def move(self) -> Move | None:
        """The wrapped accumulator's best move."""
        return self.inner.move

    @move.setter
    def move(self, value: Move | None) -> None:
        self.inner.move = value

    @property
    def best_child(self) -> AAccumulator | None:
        """The wrapped accumulator's best child."""
        return self.inner.best_child

    @best_child.setter
    def best_child(self, value: AAccumulator | None) -> None:
        self.inner.best_child = value


class DepthAcc(AAccDecorator):
    """Decorates any accumulator with a depth limit (Rice: ``DepthAcc``, decorator pattern).

    It passes folding and pruning through to the accumulator it wraps, and
    wraps every child it makes. A child at ``max_depth`` plies from the root
    is a *horizon*: the search scores it with ``evaluate`` instead of
    expanding it (the lecture definition V(x, d): the depth is checked
    before a child is expanded). Terminal positions are still scored by the
    game's payoff, at any depth.

    Args:
        inner: The accumulator to decorate.
        max_depth: Plies to search; positions this deep are scored statically.
        evaluate: ``evaluate(board, player)``, the worth of a position to ``player``.
    """

    # On the plain accumulators DepthFac does not use this decorator but builds the limit
    # into them (limit_depth): the decorator's pass-through calls at every node cost a
    # never-reached limit 15% more instructions than no limit; the built-in limit, 6%.
    __slots__ = ("_evaluate", "max_depth")

    def __init__(self, inner: AAccumulator, max_depth: int, evaluate: Evaluation) -> None:
        super().__init__(inner)
        self.max_depth = max_depth
        self._evaluate = evaluate
        self.horizon = inner.horizon or inner.depth >= max_depth

    def _wrap(self, child: AAccumulator) -> AAccumulator:
        return DepthAcc(child, self.max_depth, self._evaluate)

    def make_opposite(self) -> AAccumulator:
        """The wrapped accumulator's child, limited like this one (what ``__init__`` does,
        without its calls: this runs at every node of a depth-limited search)."""
        inner = self.inner.make_opposite()
        child: DepthAcc = _new(DepthAcc)
        child.inner = inner
        child.current = None
        child.selective = inner.selective
        child.probes = inner.probes
        child.model_player = inner.model_player
        child.player = inner.player
        depth = child.depth = inner.depth
        limit = child.max_depth = self.max_depth
        child._evaluate = self._evaluate
        child.horizon = inner.horizon or depth >= limit
        return child

    def evaluate(self, board: IBoardModel) -> float | None:
        """At the depth limit, the evaluation function's score; above it, the wrapped one's."""
        if self.depth >= self.max_depth:
            return self._evaluate(board, self.model_player)
        return self.inner.evaluate(board)


class _Limited:
    """What a depth limit adds to a plain accumulator class (see :func:`limit_depth`).

    A mixin without slots: each limited class declares ``horizon``, ``max_depth``
    and ``_evaluate`` and names the unlimited class's ``make_opposite`` ``_make_plain``.
    """

    __slots__ = ()

    max_depth: int
    _evaluate: Evaluation
    depth: int
    model_player: int

    def _make_plain(self) -> AAccumulator:
        raise NotImplementedError  # replaced in each limited class

    def _make_plain_same(self) -> AAccumulator:
        raise NotImplementedError  # replaced in each limited class

    def make_opposite(self) -> AAccumulator:
        """The unlimited class's child (of the limited class), with the limit and its horizon."""
        child: Any = self._make_plain()
        limit = child.max_depth = self.max_depth
        child._evaluate = self._evaluate
        child.horizon = child.depth >= limit
        return child  # type: ignore[no-any-return]

    def make_same(self) -> AAccumulator:
        """The unlimited class's extra-turn child (of this class), with the limit."""
        child: Any = self._make_plain_same()
        limit = child.max_depth = self.max_depth
        child._evaluate = self._evaluate
        child.horizon = child.depth >= limit
        return child  # type: ignore[no-any-return]

    def evaluate(self, board: IBoardModel) -> float | None:
        """The evaluation function's score (asked only at the horizon)."""
        return self._evaluate(board, self.model_player)


_LIMITED: dict[type[AAccumulator], type[AAccumulator]] = {}


def _limited_pair(first: type[AAccumulator], second: type[AAccumulator]) -> None:
    """Make the depth-limited classes of two plain classes that make each other's children."""
    for cls in (first, second):
        _LIMITED[cls] = type(
            f"Limited{cls.__name__}",
            (_Limited, cls),
            {
                "__slots__": ("_evaluate", "horizon", "max_depth"),
                "__doc__": f"A :class:`{cls.__name__}` with a depth limit (:func:`limit_depth`).",
                "__module__": __name__,
                "_make_plain": cls.make_opposite,
                "_make_plain_same": cls.make_same,
            },
        )
    for cls in (first, second):
        _LIMITED[cls]._opposite = _LIMITED[second if cls is first else first]  # type: ignore[attr-defined]


_limited_pair(MaxAcc, MinAcc)
_limited_pair(AlphaAcc, BetaAcc)


def limit_depth(inner: AAccumulator, max_depth: int, evaluate: Evaluation) -> AAccumulator:
    """``inner`` limited to ``max_depth`` plies: a :class:`DepthAcc`, or the same search for less.

    On the plain accumulators (:class:`MaxAcc`, :class:`MinAcc`, :class:`AlphaAcc`,
    :class:`BetaAcc`, exactly those classes) the limit is built into the
    accumulators themselves: a subclass of each that makes its children of
    the other's limited subclass and marks the horizon (the same nodes, the
    same values, without a decorator's pass-through calls at every node; a
    never-reached limit costs about 3% instead of 15%, see the performance
    page); it has the decorator's ``max_depth``, and :func:`depth_limit` finds
    it. Any other accumulator gets the decorator.
    """
    limited = _LIMITED.get(type(inner))
    if limited is None:
        return DepthAcc(inner, max_depth, evaluate)
    acc: Any = _new(limited)
    for cls in type(inner).__mro__:
        for name in getattr(cls, "__slots__", ()):
            if hasattr(inner, name):
                setattr(acc, name, getattr(inner, name))
    acc.max_depth = max_depth
    acc._evaluate = evaluate
    acc.horizon = inner.depth >= max_depth
    return acc  # type: ignore[no-any-return]


def depth_limit(acc: AAccumulator) -> int | None:
    """The depth limit of an accumulator stack: the smallest ``max_depth`` of the
    :class:`DepthAcc` decorators in it (and of a limited accumulator at its bottom),
    or None (a search to the end of the game)."""
    limit = None
    while True:
        if isinstance(acc, DepthAcc | _Limited) and (limit is None or acc.max_depth < limit):
            limit = acc.max_depth
        if not isinstance(acc, AAccDecorator):
            return limit
        acc = acc.inner


class Payoff:
    """The parameter an :class:`IBoardLambda` payoff is mapped with: a running total.

    Attributes:
        value: The total so far; starts at 0 and is the evaluation when the map ends.
        model_player: The player whose view the value is from.
    """

    __slots__ = ("model_player", "value")

    def __init__(self, model_player: int) -> None:
        self.model_player = model_player
        self.value: float = 0.0


class LambdaEvaluation:
    """An evaluation function made of an :class:`IBoardLambda`, as the Rice payoff lambdas were.

    Calling it maps ``lam`` over the moves of the player to move with a
    fresh :class:`Payoff` as the parameter, and returns ``payoff.value``.

    Args:
        lam: A lambda that adds to ``param.value`` in ``apply`` (and may in ``no_apply``).
    """

    __slots__ = ("lam",)

    def __init__(self, lam: IBoardLambda) -> None:
        self.lam = lam

    def __call__(self, board: IBoardModel, player: int) -> float:
        """Map the lambda and return the total it left in the payoff."""
        payoff = Payoff(player)
        board.map(board.to_move, self.lam, payoff)
        return payoff.value


def as_evaluation(evaluate: Evaluation | IBoardLambda) -> Evaluation:
    """Accept an evaluation as a callable or as an :class:`IBoardLambda` payoff.

    Raises:
        TypeError: ``evaluate`` is neither.
    """
    if isinstance(evaluate, IBoardLambda):
        return LambdaEvaluation(evaluate)
    if not callable(evaluate):
        raise TypeError(
            f"an evaluation is a callable evaluate(board, player) or an IBoardLambda, "
            f"not {evaluate!r}"
        )
    return evaluate
