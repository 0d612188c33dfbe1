"""MTD(f): the value as a series of null-window searches (``mtdf`` in a strategy name).

Plaat's MTD(f) never searches with a wide window. It starts from a guess
``f`` (0, or the value of the previous depth of an iterative deepening) and
asks alpha-beta, with a window of width one, whether the value is below or
above it; each answer is a bound that moves the guess, until the upper and
lower bounds meet. A null-window search cuts far more than a wide one; the
transposition table, which MTD(f) always uses, keeps what each search learnt
so the next one goes quickly over the same ground.

The driver here is a loop over searches (never over moves): each search is
an ordinary :class:`~oogames.MinMax` whose root window is set with
:meth:`~oogames.nextmove.accumulators.AAccumulator.narrow`.
"""

from __future__ import annotations

import math
import time

import attrs

from oogames.board.model import IBoardModel
from oogames.errors import SearchStopped
from oogames.nextmove.decorators import depth_limit
from oogames.nextmove.enhancements.deepening import DepthSearch, IterativeDeepening, scored_search
from oogames.nextmove.factories import IAccFactory
from oogames.nextmove.minmax import MinMax
from oogames.nextmove.results import SearchResult
from oogames.nextmove.strategy import INextMoveStrategy, check_can_move
from oogames.nextmove.values import DEFAULT_SCORING, Scoring


def mtdf(
    search: MinMax,
    board: IBoardModel,
    player: int,
    guess: float = 0.0,
    *,
    deadline: float | None = None,
    node_limit: int | None = None,
) -> SearchResult:
    """The value and best move of ``board`` by MTD(f) from ``guess``.

    Args:
        search: The search to repeat: a :class:`~oogames.MinMax` over a factory
            with a transposition table (:class:`~oogames.nextmove.TTFac`), since
            without one every null-window search starts from nothing.
        board: The position (left as it was).
        player: The player to move.
        guess: The first guess of the value.
        deadline: A :func:`time.perf_counter` time to stop at (all searches together).
        node_limit: Nodes all searches together may make.

    Returns:
        The result with the statistics of all the searches (nodes, table hits,
        evaluated horizons, guessed table hits, time; the other figures are
        the last search's). Every search set one of the two bounds that met,
        so the value is exact only when none of them scored a horizon.

    Raises:
        SearchStopped: The budget ran out or the search was cancelled.
    """
    start = time.perf_counter()
    low, high = -math.inf, math.inf
    value = guess
    nodes = hits = evaluated = guessed = 0
    proof: SearchResult | None = None  # the last search whose value is a lower bound
    result: SearchResult | None = None
    while low < high:
        beta = value + 1 if value == low else value
        acc = search.factory.make_acc(player)
        acc.narrow(beta - 1, beta)
        left = None if node_limit is None else node_limit - nodes
        if node_limit is not None and node_limit <= nodes:
            raise SearchStopped.out_of_nodes(node_limit)
        result = search.search(board, acc, deadline=deadline, node_limit=left)
        nodes += result.stats.nodes
        hits += result.stats.table_hits
        evaluated += result.stats.evaluated
        guessed += result.stats.guessed_hits
        value = float(result.value if result.value is not None else 0)
        if value < beta:
            high = value
        else:
            low, proof = value, result
    assert result is not None
    if proof is not None and proof.value == low:
        result = proof  # its move reaches the value
    else:  # every search failed low: one with a window around the value names the move
        acc = search.factory.make_acc(player)
        acc.narrow(low - 1, low + 1)
        left = None if node_limit is None else max(node_limit - nodes, 1)
        result = search.search(board, acc, deadline=deadline, node_limit=left)
        nodes += result.stats.nodes
        hits += result.stats.table_hits
        evaluated += result.stats.evaluated
        guessed += result.stats.guessed_hits
    stats = attrs.evolve(
        result.stats,
        nodes=nodes,
        table_hits=hits,
        evaluated=evaluated,
        guessed_hits=guessed,
        seconds=time.perf_counter() - start,
    )
    return attrs.evolve(result, stats=stats)


class MTDF(INextMoveStrategy):
    """MTD(f) to a fixed depth, or to the end (``mtdf``, ``mtdf:DEPTH``).

    Args:
        factory: The search with its table, for example
            ``TTFac(DepthFac(AlphaBetaFac(), 6, evaluate))``.
        guess: The first guess of the value.
        name: The name for tables (default ``"mtdf"`` and the factory's depth).
        scoring: How its searches value a finished game (a
            :class:`~oogames.nextmove.values.Scoring`; the table takes it from them).

    >>> from oogames import AlphaBetaFac, MinMax, TicTacToeBoard
    >>> from oogames.nextmove import TTFac
    >>> from oogames.nextmove.mtdf import MTDF
    >>> board = TicTacToeBoard.from_moves("a1 b2")
    >>> MTDF(TTFac(AlphaBetaFac())).analyze(board).value
    0
    >>> from oogames.nextmove.values import Scoring
    >>> MTDF(TTFac(AlphaBetaFac()), scoring=Scoring(win_value=5000)).analyze(board).win_value
    5000
    """

    def __init__(
        self,
        factory: IAccFactory,
        guess: float = 0.0,
        name: str = "",
        *,
        scoring: Scoring = DEFAULT_SCORING,
    ) -> None:
        self.factory = factory
        self.guess = guess
        self._search = scored_search(factory, scoring)
        limit = depth_limit(factory.make_acc(0))
        self._name = name or ("mtdf" if limit is None else f"mtdf:{limit}")

    @property
    def name(self) -> str:
        """``"mtdf"``, with ``:DEPTH`` when limited."""
        return self._name

    def analyze(self, board: IBoardModel, player: int | None = None) -> SearchResult:
        """The best move and value by MTD(f) (the board is left as it was).

        Raises:
            GameOverError: The game is over.
            NotYourTurnError: ``player`` is not the player to move.
            SearchStopped: :meth:`cancel` was called.
        """
        player = check_can_move(board, player)
        try:
            return mtdf(self._search, board, player, self.guess)
        finally:
            self._search.clear_cancel()

    def cancel(self) -> None:
        """Stop the search under way, or the next to start (it raises
        :class:`~oogames.errors.SearchStopped`)."""
        self._search.cancel()

    def clear_cancel(self) -> None:
        """Withdraw a :meth:`cancel` no search has taken yet."""
        self._search.clear_cancel()

    def __repr__(self) -> str:
        return f"MTDF({self.factory!r}, guess={self.guess})"


class MTDFDeepening(IterativeDeepening):
    """Iterative deepening whose depths are MTD(f) searches, each from the value of the
    depth before (``mtdf@SECONDS``); the arguments are those of
    :class:`~oogames.nextmove.enhancements.deepening.IterativeDeepening` (its factories
    with a table)."""

    def _search_depth(self, job: DepthSearch) -> SearchResult:
        previous = job.previous
        guess = 0.0 if previous is None or previous.value is None else float(previous.value)
        return mtdf(
            job.search, job.board, job.player, guess,
            deadline=job.deadline, node_limit=job.node_limit,
        )  # fmt: skip
