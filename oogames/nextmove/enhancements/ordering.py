"""Move ordering, as accumulator decorators: ``+order``, ``+history`` and ``+killer``.

Alpha-beta cuts the more, the sooner it meets the best move. The search
loop does not change: an ordering decorator overrides
:meth:`~oogames.nextmove.accumulators.AAccumulator.expand`, which asks the
board to visit its moves in another order (the board still does the loop):

- ``+order`` (:class:`GameOrderFac`): the game's own best-first order,
  :meth:`~oogames.board.hints.ISearchHints.map_best_first` (Connect Four: the
  moves that make the most threats first). In a search to the end of the
  game it also uses what the rules alone say of the result
  (:meth:`~oogames.board.hints.ISearchHints.outcome_bounds`: a win at once, a
  loss when every move lets the opponent win, how soon the game can end), and
  leaves out moves that lose at once when another move exists.
- ``+history`` and ``+killer`` (:class:`HistoryFac`): any game. A move that
  caused a cut-off is remembered, by the player (history heuristic: a score
  that grows with the depth left below the cut) and by the depth (killer
  moves: the last two of each depth). Both are learnt during the search and
  shared by every position of it (and by the depths of an iterative
  deepening); moves are then visited killers first, then by history score,
  ties in the board's order.

With a depth limit, an ordering changes which nodes are visited, never the
value (``+order`` skips no move there: a move that loses at once may still
look best to an evaluation at the horizon).
"""

from __future__ import annotations

from oogames.board.hints import HintedBoard
from oogames.board.interface import IBoardModel
from oogames.board.lambdas import IBoardLambda, P
from oogames.board.moves import CHANCE, Move
from oogames.board.options import AGameMemory
from oogames.nextmove.accumulators import AAccumulator
from oogames.nextmove.decorators import AAccDecorator, depth_limit
from oogames.nextmove.factories import IAccFactory, check_factory, plus_name
from oogames.nextmove.values import AScoredFac


def _exact(acc: AAccumulator) -> bool:
    """Whether the stack searches to the end of the game with no static scores at all."""
    if depth_limit(acc) is not None:
        return False
    while isinstance(acc, AAccDecorator):
        if acc.horizon:
            return False
        acc = acc.inner
    return not acc.horizon and not acc.selective


class GameOrderAcc(AAccDecorator):
    """Decorates an accumulator with the game's own move order (``+order``).

    Args:
        inner: The accumulator to decorate.
        order: The factory of the search, whose settings every position of it shares
            (what it knows of the search: :attr:`GameOrderFac.exact`, how wins are
            scored).
    """

    __slots__ = ("order",)
    orders_only = True

    def __init__(self, inner: AAccumulator, order: GameOrderFac) -> None:
        super().__init__(inner)
        self.order = order
        self.probes = True

    def _wrap(self, child: AAccumulator) -> AAccumulator:
        return GameOrderAcc(child, self.order)

    def probe(self, board: HintedBoard) -> float | None:
        """In an exact search, settle or narrow the position by the rules' bounds."""
        inner = self.inner
        if inner.probes:
            known = inner.probe(board)
            if known is not None:
                return known
        order = self.order
        if not order.exact:
            return None
        if order.by_margin:
            margins = board.margin_bounds()
            if margins is None:
                return None
            low, high = float(margins[0]), float(margins[1])
        else:
            bounds = board.outcome_bounds()
            if bounds is None:
                return None
            low, high = self._value(bounds[0]), self._value(bounds[1])
        if inner.player != inner.model_player:
            low, high = -high, -low
        return inner.narrow(low, high)

    def _value(self, plies: int) -> float:
        """A result written as plies (see ``outcome_bounds``), as a value for the mover."""
        if plies == 0:
            return 0.0
        win = self.order.win_value
        if self.order.quick_wins:
            win -= self.inner.depth + abs(plies)
        return win if plies > 0 else -win

    def expand(self, board: HintedBoard, lam: IBoardLambda[P], param: P) -> None:
        """The board visits its moves best first (and only those worth it, when exact)."""
        board.map_best_first(self.inner.player, lam, param, self.order.exact)


class GameOrderFac(AScoredFac):
    """Adds the game's own move order to a search (``+order`` in a strategy name).

    Args:
        inner_factory: The search, with or without depth limits.
        win_value: As the search's (default: the search's; see
            :class:`~oogames.nextmove.values.AScoredFac`).
        quick_wins: As the search's ``prefer_quick_wins`` (default: the search's).
        by_margin: As the search's (default: the search's). By margin
            (``MinMax(..., by_margin=True)``) the bounds are the board's
            ``margin_bounds()``, not its ``outcome_bounds()``.

    Attributes:
        exact: The search goes to the end of the game with no evaluation, so
            the rules' bounds may settle positions and moves that lose at
            once may be left out.

    >>> from oogames import AlphaBetaFac, MinMax
    >>> from oogames.games import ConnectFourBoard
    >>> from oogames.nextmove.enhancements.ordering import GameOrderFac
    >>> board = ConnectFourBoard(4, 4)
    >>> plain = MinMax(AlphaBetaFac()).analyze(board)
    >>> ordered = MinMax(GameOrderFac(AlphaBetaFac())).analyze(board)
    >>> ordered.value == plain.value, ordered.stats.nodes < plain.stats.nodes
    (True, True)
    """

    __slots__ = ("exact", "inner_factory")

    def __init__(
        self,
        inner_factory: IAccFactory,
        win_value: float | None = None,
        quick_wins: bool | None = None,
        by_margin: bool | None = None,
    ) -> None:
        super().__init__(win_value, quick_wins, by_margin)
        self.inner_factory = check_factory(inner_factory)
        self.exact = _exact(inner_factory.make_acc(0))

    def make_acc(self, model_player: int) -> AAccumulator:
        """The inner factory's root accumulator, decorated with the game's order."""
        inner = self.inner_factory.make_acc(model_player)
        return GameOrderAcc(inner, self)

    @property
    def name(self) -> str:
        """The inner search's name with ``+order``."""
        return plus_name(self.inner_factory.name, "order")


class OrderingMemory(AGameMemory):
    """What the history heuristic and killer moves learn during a search, shared by its nodes.

    A search from a board of another game forgets it, as a table does
    (:meth:`AGameMemory.hold <oogames.board.options.AGameMemory.hold>`): its moves are
    not this game's, and would be tried first for nothing (a strategy reused across
    games then searches as a fresh one).

    Attributes:
        history: Per player (any number of them), a score per move: the sum of
            ``2 ** plies-left`` over the cut-offs it caused.
        killers: Per player and depth, the last two moves that caused a cut-off there
            (by player too: in a game with passes or extra turns, one depth is not
            always one player's).
    """

    __slots__ = ("history", "killers")

    def __init__(self) -> None:
        super().__init__()
        self.history: dict[int, dict[Move, int]] = {}
        self.killers: dict[tuple[int, int], list[Move]] = {}

    def cut(self, player: int, depth: int, move: Move, left: int) -> None:
        """``move`` by ``player`` at ``depth`` caused a cut-off with ``left`` plies below."""
        history = self.history.setdefault(player, {})
        history[move] = history.get(move, 0) + (1 << min(left, 40))
        killers = self.killers.setdefault((player, depth), [])
        if move not in killers:
            killers.insert(0, move)
            del killers[2:]

    def forget(self) -> None:
        """Forget everything learnt."""
        self.history = {}
        self.killers = {}

    clear = forget  # its name before AGameMemory


_KILLER_BONUS = float(1 << 60)  # above any history score


class HistoryAcc(AAccDecorator):
    """Decorates an accumulator with history and/or killer-move ordering.

    Args:
        inner: The accumulator to decorate.
        ordering: The factory of the search, whose settings and memory every position
            of it shares (its ``memory``: what the search has learnt so far).
        limit: The search's depth limit (None: to the end), for the plies left.
    """

    __slots__ = ("limit", "ordering")
    orders_only = True

    def __init__(self, inner: AAccumulator, ordering: HistoryFac, limit: int | None) -> None:
        super().__init__(inner)
        self.ordering = ordering
        self.limit = limit
        self.probes = True

    def _wrap(self, child: AAccumulator) -> AAccumulator:
        return HistoryAcc(child, self.ordering, self.limit)

    def start(self, board: IBoardModel) -> None:
        """At the root: the memory forgets another game's moves, then the inner root starts."""
        self.ordering.memory.hold(board)
        self.inner.start(board)

    def expand(self, board: HintedBoard, lam: IBoardLambda[P], param: P) -> None:
        """The board visits the killers first, then the moves by history score."""
        inner, ordering = self.inner, self.ordering
        memory = ordering.memory
        scores = memory.history.get(inner.player, {}) if ordering.history else {}
        killers = memory.killers.get((inner.player, inner.depth), ()) if ordering.killers else ()
        if (not scores and not killers) or inner.player == CHANCE:  # chance: nothing to rank
            # (every outcome is searched, with its probability; Star2 probes them first)
            inner.expand(board, lam, param)
            return

        def rank(move: Move) -> float:
            score = float(scores.get(move, 0))
            if move in killers:
                score += _KILLER_BONUS * (2 - killers.index(move))
            return score

        board.map_ranked(inner.player, lam, param, rank)

    def update_best(self, move: Move, value: float, child: AAccumulator | None = None) -> None:
        """Fold the child in; remember ``move`` if it cut the position off."""
        inner = self.inner
        inner.update_best(move, value, child)
        if not inner.is_not_done():
            left = 64 if self.limit is None else self.limit - inner.depth
            self.ordering.memory.cut(inner.player, inner.depth, move, left)


class HistoryFac(IAccFactory):
    """Adds history-heuristic and/or killer-move ordering to a search (``+history``,
    ``+killer``).

    Args:
        inner_factory: The search, with or without depth limits.
        history: Order by the history heuristic.
        killers: Try the killer moves of the depth first.
        memory: What is learnt (default: a new memory; pass one to share it
            between the depths of an iterative deepening).
    """

    __slots__ = ("history", "inner_factory", "killers", "memory")

    def __init__(
        self,
        inner_factory: IAccFactory,
        history: bool = True,
        killers: bool = False,
        memory: OrderingMemory | None = None,
    ) -> None:
        self.inner_factory = check_factory(inner_factory)
        self.history = history
        self.killers = killers
        self.memory = OrderingMemory() if memory is None else memory

    def make_acc(self, model_player: int) -> AAccumulator:
        """The inner factory's root accumulator, decorated with the ordering."""
        inner = self.inner_factory.make_acc(model_player)
        return HistoryAcc(inner, self, depth_limit(inner))

    @property
    def name(self) -> str:
        """The inner search's name with ``+history`` and/or ``+killer``."""
        name = self.inner_factory.name
        if self.history:
            name = plus_name(name, "history")
        if self.killers:
            name = plus_name(name, "killer")
        return name
