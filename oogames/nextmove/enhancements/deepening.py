"""Iterative deepening under a clock and a node budget: the strategy behind ``NAME@SECONDS``.

A depth-limited search is only as good as its depth, and how long a depth
takes depends on the position. :class:`IterativeDeepening` searches depth 1,
then 2, 3, ... with the same accumulator factory, and stops when its time or
node budget runs out (or when a depth searched the whole game: deeper would
change nothing). The move it plays is the one of the last depth it
completed (:attr:`~oogames.SearchStats.depth_reached` says which), or of the
depth it was stopped in, when that depth had already valued the last depth's
move and found a better one. Each depth
is an ordinary :class:`~oogames.MinMax` search, stopped through the same flag
that :meth:`~oogames.MinMax.cancel` sets, so the board is put back exactly
when the clock runs out in the middle of a depth.
"""

from __future__ import annotations

import time
from collections.abc import Callable

import attrs

from oogames.board.model import IBoardModel
from oogames.board.moves import Move
from oogames.errors import SearchStopped, SettingsError
from oogames.nextmove.accumulators import AAccumulator
from oogames.nextmove.decorators import AAccDecorator
from oogames.nextmove.factories import IAccFactory
from oogames.nextmove.minmax import MinMax
from oogames.nextmove.results import SearchResult
from oogames.nextmove.strategy import MAX_SECONDS as MAX_SECONDS  # its name here before
from oogames.nextmove.strategy import INextMoveStrategy, check_can_move, check_clock
from oogames.nextmove.values import DEFAULT_SCORING, Scoring, is_proven
from oogames.parsing import check_whole


def scored_search(factory: IAccFactory, scoring: Scoring = DEFAULT_SCORING) -> MinMax:
    """A :class:`~oogames.MinMax` of ``factory`` that values finished games as ``scoring``
    says (what a strategy that runs many searches, one a depth or a window, gives each).

    >>> from oogames import AlphaBetaFac
    >>> from oogames.nextmove.enhancements.deepening import scored_search
    >>> from oogames.nextmove.values import Scoring
    >>> scored_search(AlphaBetaFac(), Scoring(win_value=5000)).win_value
    5000
    """
    return MinMax(
        factory,
        prefer_quick_wins=scoring.quick_wins,
        win_value=scoring.win_value,
        by_margin=scoring.by_margin,
    )


def _proven(result: SearchResult) -> bool:
    """Whether ``result`` is a forced win or loss: deeper search cannot change it.

    Depth by depth, the first depth that proves a win finds the quickest one;
    a loss at the root means every move loses.
    """
    value = result.value
    return value is not None and not result.by_margin and is_proven(value, result.win_value)


@attrs.frozen
class DepthSearch:
    """One depth of an iterative deepening, as :meth:`IterativeDeepening._search_depth`
    searches it.

    Attributes:
        search: The search, limited to the depth.
        board: The position.
        player: The player to move there (the model player).
        deadline: When the search must stop (None: the first depth, which always ends).
        node_limit: The nodes it may still search (None: no limit).
        previous: The depth before's result (None at the first depth).
    """

    search: MinMax
    board: IBoardModel
    player: int
    deadline: float | None
    node_limit: int | None
    previous: SearchResult | None


class IterativeDeepening(INextMoveStrategy):
    """Deepen a search one ply at a time until a budget runs out (strategy pattern).

    Args:
        make_factory: ``make_factory(depth)``, the search limited to ``depth``
            plies (for example ``lambda d: DepthFac(AlphaBetaFac(), d, evaluate)``).
        seconds: The time budget per move (None: no clock).
        nodes: The node budget per move, all depths together (None: none).
        max_depth: The deepest depth to search (default: until the budget
            runs out or the game is searched to its end).
        name: The strategy's name, for tables: ``"alphabeta@1"``.
        scoring: How every depth's search values a finished game (its
            :class:`~oogames.nextmove.values.Scoring`: ``win_value``, quick wins,
            margins); a table in the factories takes it from the search.

    A move is always returned: depth 1 is finished even past the budget
    (it costs one evaluation per move). :meth:`move_now` makes the search
    return the move of the last completed depth at once; :meth:`cancel`
    stops it with no move. The statistics count the nodes and seconds of all
    depths together, and the leaves, cut-offs and plies of the last completed
    depth.

    Raises:
        SettingsError: A budget or depth out of range.

    >>> from oogames import AlphaBetaFac, DepthFac, TicTacToeBoard
    >>> from oogames.nextmove import IterativeDeepening
    >>> deepening = IterativeDeepening(lambda d: DepthFac(AlphaBetaFac(), d, lambda b, p: 0), 1.0)
    >>> result = deepening.analyze(TicTacToeBoard.from_moves("a1 b1 a2 b2"))
    >>> result.outcome(), result.stats.depth_reached
    ('win in 1', 1)
    """

    def __init__(
        self,
        make_factory: Callable[[int], IAccFactory],
        seconds: float | None = None,
        nodes: int | None = None,
        max_depth: int | None = None,
        name: str = "",
        *,
        scoring: Scoring = DEFAULT_SCORING,
    ) -> None:
        check_clock(seconds, "a clock")
        if nodes is not None:
            check_whole("a node budget", nodes, 1)
        if max_depth is not None:
            check_whole("a depth", max_depth, 1)
        self.make_factory = make_factory
        self.seconds = seconds
        self.nodes = nodes
        self.max_depth = max_depth
        self.scoring = scoring
        self._name = name or "deepening"
        self._current: MinMax | None = None
        self._root: _RootRecord | None = None  # the root of the depth under way
        self._cancelled = False  # stop: no move
        self._hurry = False  # move now: the best move so far
        self._have_move = False  # a depth is complete: moving now has a move to play

    @property
    def name(self) -> str:
        """The name given, for example ``"alphabeta@1"``."""
        return self._name

    def cancel(self) -> None:
        """Stop: the search under way (or the next to start) raises
        :class:`~oogames.errors.SearchStopped` soon, with no move."""
        self._cancelled = True
        current = self._current
        if current is not None:
            current.cancel()

    def clear_cancel(self) -> None:
        """Withdraw a :meth:`cancel` no search has taken yet."""
        self._cancelled = False

    def move_now(self) -> bool:
        """Move now: the search under way returns the move of the last completed depth
        at once (depth 1 is finished first)."""
        self._hurry = True
        current = self._current
        if current is not None and self._have_move:
            current.cancel()
        return True

    def clear_move_now(self) -> None:
        """Withdraw a :meth:`move_now` no search has taken yet."""
        self._hurry = False

    def analyze(self, board: IBoardModel, player: int | None = None) -> SearchResult:
        """Deepen until the budget runs out; the move of the deepest completed search.

        Raises:
            GameOverError: The game is over.
            NotYourTurnError: ``player`` is not the player to move.
        """
        player = check_can_move(board, player)
        try:
            return self._deepen(board, player)
        finally:
            self._cancelled = self._hurry = self._have_move = False

    def _deepen(self, board: IBoardModel, player: int) -> SearchResult:
        """Deepen from depth 1 (what :meth:`analyze` does after its checks)."""
        start = time.perf_counter()
        deadline = None if self.seconds is None else start + self.seconds
        best: SearchResult | None = None  # the search of the last completed depth
        spent = 0  # nodes of the completed depths
        depth = reached = 0
        while self.max_depth is None or depth < self.max_depth:
            depth += 1
            search = scored_search(self.make_factory(depth), self.scoring)
            self._current = search
            if self._cancelled or (self._hurry and best is not None):
                search.cancel()  # asked between two depths
            self._root = None
            left = None if self.nodes is None else self.nodes - spent
            try:
                if self._cancelled:
                    raise SearchStopped("the search was stopped")
                if best is not None and self._out_of_budget(deadline, left):
                    break
                limited = best is not None  # the first depth always ends
                result = self._search_depth(
                    DepthSearch(
                        search,
                        board,
                        player,
                        deadline if limited else None,
                        left if limited else None,
                        best,
                    )
                )
            except SearchStopped:
                if best is None or self._cancelled:  # stopped: no move
                    raise
                best = self._proven_better(best)
                break
            finally:
                self._current = None
            spent += result.stats.nodes
            best, reached = result, depth
            self._have_move = True
            if result.exact or self._hurry:
                break  # the game's value is known (deeper adds nothing), or asked to move now
        assert best is not None
        # The time is the whole search's, the stopped depth included.
        return self._tally(best, reached, spent, start)

    def _search_depth(self, job: DepthSearch) -> SearchResult:
        """Search one depth (``job.search`` is limited to it). A driver of its own (MTD(f))
        overrides this; the statistics' nodes must count every search it ran."""
        root = self._root = _RootRecord(job.search.factory.make_acc(job.player))
        return job.search.search(job.board, root, deadline=job.deadline, node_limit=job.node_limit)

    def _proven_better(self, best: SearchResult) -> SearchResult:
        """``best`` (the last completed depth's result), or the move of the depth that was
        stopped if that depth already proved it better than ``best``'s move.

        At the root, a move's value is exact when it beat the best so far and an
        upper bound otherwise; so once the stopped depth has valued the last
        depth's move and holds another move of a larger value, that move is
        better at the deeper depth whatever the rest of the moves are worth.
        """
        root = self._root
        if root is None or root.move is None or root.move == best.move:
            return best
        earlier = root.values.get(best.move)
        if earlier is None or not root.val > earlier:
            return best
        return attrs.evolve(best, move=root.move, value=root.val, pv=root.pv)

    def _out_of_budget(self, deadline: float | None, left: int | None) -> bool:
        if self._hurry:
            return True
        if deadline is not None and time.perf_counter() >= deadline:
            return True
        return left is not None and left <= 0

    @staticmethod
    def _tally(result: SearchResult, depth: int, spent: int, start: float) -> SearchResult:
        """``result`` with the nodes and time of all depths so far and the depth reached."""
        stats = attrs.evolve(
            result.stats,
            nodes=spent,
            seconds=time.perf_counter() - start,
            depth_reached=depth,
        )
        return attrs.evolve(result, stats=stats)

    def __repr__(self) -> str:
        return (
            f"IterativeDeepening({self._name!r}, seconds={self.seconds}, nodes={self.nodes}, "
            f"max_depth={self.max_depth})"
        )


class _RootRecord(AAccDecorator):
    """The root accumulator of one depth, recording the value of each move it folds in
    (for :meth:`IterativeDeepening._proven_better`). Its children are not decorated:
    the search below the root costs nothing more."""

    __slots__ = ("values",)
    wraps_children = False

    def __init__(self, inner: AAccumulator) -> None:
        super().__init__(inner)
        self.values: dict[Move, float] = {}

    def _wrap(self, child: AAccumulator) -> AAccumulator:
        return child

    def start(self, board: IBoardModel) -> None:
        """The inner root's start; then its flags, which start may set (a table's move)."""
        self.inner.start(board)
        self.selective = self.inner.selective
        self.probes = self.inner.probes

    def update_best(self, move: Move, value: float, child: AAccumulator | None = None) -> None:
        """Record the move's value, and fold it in."""
        self.values[move] = value
        self.inner.update_best(move, value, child)

    def retry(self, child: AAccumulator) -> AAccumulator | None:
        """The inner root's retry (the child is the inner root's own, not decorated here)."""
        return self.inner.retry(child)


class AspirationDeepening(IterativeDeepening):
    """Iterative deepening with aspiration windows (``+aspiration`` with ``@SECONDS``).

    Each depth after the first is searched with a window of ``delta`` either
    side of the previous depth's value, which cuts more than an open window
    when the value moves little from one depth to the next; when the value
    falls outside (the search fails low or high), the depth is searched again
    with the open window. Proven wins and losses are always searched with the
    open window. The arguments are :class:`IterativeDeepening`'s, and:

    Args:
        delta: Half the width of the window, in the evaluation's units.
    """

    def __init__(
        self,
        make_factory: Callable[[int], IAccFactory],
        seconds: float | None = None,
        nodes: int | None = None,
        max_depth: int | None = None,
        name: str = "",
        delta: float = 64.0,
        *,
        scoring: Scoring = DEFAULT_SCORING,
    ) -> None:
        super().__init__(make_factory, seconds, nodes, max_depth, name, scoring=scoring)
        if not delta > 0:
            raise SettingsError(f"an aspiration window must be wider than 0, not {delta!r}")
        self.delta = delta

    def _search_depth(self, job: DepthSearch) -> SearchResult:
        previous = job.previous
        if previous is None or previous.value is None or _proven(previous):
            return super()._search_depth(job)
        search, board, player = job.search, job.board, job.player
        deadline, node_limit = job.deadline, job.node_limit
        low, high = previous.value - self.delta, previous.value + self.delta
        acc = search.factory.make_acc(player)
        acc.narrow(low, high)
        first = search.search(board, acc, deadline=deadline, node_limit=node_limit)
        if first.value is not None and low < first.value < high:
            return first
        left = None if node_limit is None else node_limit - first.stats.nodes
        if node_limit is not None and node_limit <= first.stats.nodes:
            raise SearchStopped.out_of_nodes(node_limit)
        again = search.search(
            board, search.factory.make_acc(player), deadline=deadline, node_limit=left
        )
        return attrs.evolve(
            again, stats=attrs.evolve(again.stats, nodes=first.stats.nodes + again.stats.nodes)
        )
