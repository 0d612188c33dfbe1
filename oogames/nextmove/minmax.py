"""``MinMax``: the one search, written once, that every accumulator factory drives.

One :class:`~oogames.board.lambdas.IBoardLambda` (``_MinMaxLambda``) makes
each move, and one :class:`~oogames.board.visitors.IBoardStatusVisitor`
(``_MinMaxStatus``) values the position the move reached: a finished game by
its payoff, a horizon by the accumulator's evaluation, any other position by
mapping the lambda over it again with the child accumulator. There is no
loop over moves here: the board's ``map`` is the only one.
"""

from __future__ import annotations

import math
import time
from typing import Final, cast

from oogames.board.faults import board_fault, line_fault
from oogames.board.hints import HintedBoard, search_refusal, zero_sum
from oogames.board.lambdas import IBoardLambda
from oogames.board.model import IBoardModel
from oogames.board.moves import CHANCE, PASS, Move
from oogames.board.visitors import UNDO_AT_ONCE, IBoardStatusVisitor
from oogames.errors import SearchDepthError, SearchError, SearchStopped
from oogames.nextmove._tabled import KeepsTable, table_root, table_status
from oogames.nextmove.accumulators import AAccumulator
from oogames.nextmove.decorators import depth_limit
from oogames.nextmove.evaluation import beyond
from oogames.nextmove.factories import IAccFactory
from oogames.nextmove.results import SearchResult, SearchStats
from oogames.nextmove.running import StopFlag, run_deep
from oogames.nextmove.strategy import INextMoveStrategy, check_can_move
from oogames.nextmove.values import WIN_VALUE as WIN_VALUE  # where it was, for its users
from oogames.nextmove.values import Scoring, check_win_value, serve_scoring, win_threshold

POLL_EVERY: Final = 256
"""How many nodes a search makes between two looks at its stop flag."""


class _MinMaxLambda(IBoardLambda[AAccumulator]):
    """Makes one move, lets the status visitor value the result, takes the move back."""

    __slots__ = ("check", "cutoffs", "deadline", "node_limit", "nodes", "poll_at", "status", "stop")

    def __init__(
        self, stop: StopFlag, deadline: float | None = None, node_limit: int | None = None
    ) -> None:
        self.nodes = 0
        self.cutoffs = 0
        self.check = UNDO_AT_ONCE
        self.status: _MinMaxStatus
        self.stop = stop
        self.deadline = deadline
        self.node_limit = node_limit
        self.poll_at = POLL_EVERY if node_limit is None else min(POLL_EVERY, node_limit)

    def apply(self, player: int, host: IBoardModel, move: Move, param: AAccumulator) -> bool:
        """Value ``move`` into the accumulator ``param``; go on unless it says it is done."""
        if param.selective and not param.essential(host, move):
            return True  # a move a selective search leaves out
        self.nodes += 1
        if self.nodes >= self.poll_at:  # one comparison a node; the flag every POLL_EVERY
            self.poll()
        param.current = move
        host.make_move(player, move, self.check, self.status, param)()
        if param.is_not_done():
            return True
        self.cutoffs += 1
        return False

    def no_apply(self, player: int, host: IBoardModel, param: AAccumulator) -> None:
        """The game goes on but ``player`` has no move: the pass is the only move."""
        self.apply(player, host, PASS, param)

    def apply_chance(
        self, host: IBoardModel, outcome: Move, probability: float, param: AAccumulator
    ) -> bool:
        """Value the chance ``outcome`` into ``param``, a chance accumulator, told its
        ``probability`` first."""
        param.weigh(probability)
        return self.apply(CHANCE, host, outcome, param)

    def poll(self) -> None:
        """Stop the search if it was asked to or is out of budget (:func:`run_deep` puts
        the board back).

        Raises:
            SearchStopped: The stop flag is set, the deadline has passed, or the
                node limit is reached.
        """
        self.poll_at = self.nodes + POLL_EVERY
        if self.stop.is_set:
            raise SearchStopped(f"the search was stopped after {self.nodes:,} nodes")
        if self.deadline is not None and time.perf_counter() >= self.deadline:
            raise SearchStopped(f"the search ran out of time after {self.nodes:,} nodes")
        if self.node_limit is not None:
            if self.nodes >= self.node_limit:
                raise SearchStopped.out_of_nodes(self.node_limit)
            self.poll_at = min(self.poll_at, self.node_limit)


class _MinMaxStatus(IBoardStatusVisitor[None, AAccumulator]):
    """Values the position a move reached and folds it into the parent's accumulator."""

    __slots__ = ("evaluated", "guessed", "high", "hits", "lam", "leaves", "low", "max_depth",
                 "quick", "win")  # fmt: skip

    max_depth: int  # (read by the table's status, _tabled.py, before it sees __init__)

    def __init__(self, lam: _MinMaxLambda, win: float, quick: bool) -> None:
        self.lam = lam
        self.win = win
        self.high = float(win_threshold(win))  # an evaluation stays inside +-high (values.py)
        self.low = -self.high
        self.quick = quick
        self.leaves = self.evaluated = self.hits = self.guessed = self.max_depth = 0

    def player0_won_case(self, host: IBoardModel, acc: AAccumulator) -> None:
        """Player 0 won: a win or a loss for the model player."""
        self.ended(host, acc, 0)

    def player1_won_case(self, host: IBoardModel, acc: AAccumulator) -> None:
        """Player 1 won: a win or a loss for the model player."""
        self.ended(host, acc, 1)

    def draw_case(self, host: IBoardModel, acc: AAccumulator) -> None:
        """A draw is worth 0."""
        self.ended(host, acc, None)

    def ended(self, host: HintedBoard, acc: AAccumulator, winner: int | None) -> None:
        """Fold a finished game won by ``winner`` (None: a draw) into ``acc``: a win is worth
        the win value to the model player (less the plies to it where a quicker win is
        worth more), a loss the opposite, a draw 0."""
        ply = acc.depth + 1
        self.leaves += 1
        if ply > self.max_depth:
            self.max_depth = ply
        if winner is None:
            acc.update_best(acc.current, 0)
            return
        value = self.win - ply if self.quick else self.win
        acc.update_best(acc.current, value if acc.model_player == winner else -value)

    def payoffs_case(
        self, host: IBoardModel, payoffs: tuple[float, ...], acc: AAccumulator
    ) -> None:
        """A finished game that scores its players (a game tree's number): the accumulator
        takes what it needs of the payoffs (the model player's, or all of them)."""
        ply = acc.depth + 1
        self.leaves += 1
        if ply > self.max_depth:
            self.max_depth = ply
        acc.update_payoffs(acc.current, payoffs)

    def no_winner_case(self, host: IBoardModel, acc: AAccumulator) -> None:
        """Score a horizon statically; otherwise search the position with a child accumulator."""
        # child_case, inlined: this runs at every inner node, and the call costs 1.4% more
        # instructions a node (framework_cost.py --instructions: 20,443 -> 20,726).
        child = acc.make_opposite()
        if child.horizon:
            value = self.static_value(host, child)
            if value is not None:
                acc.update_best(acc.current, value)
                return
        if child.probes:
            self.enhanced(host, acc, child)
        else:
            host.map(child.player, self.lam, child)
            acc.update_best(acc.current, child.val, child)

    def extra_turn_case(self, host: IBoardModel, acc: AAccumulator) -> None:
        """The player who moved moves again: the child accumulator is this player's
        (``make_same``: no change of side, the window carried over)."""
        self.child_case(host, acc, acc.make_same())

    def child_case(self, host: IBoardModel, acc: AAccumulator, child: AAccumulator) -> None:
        """Value the position ``child`` stands for into ``acc``, as ``no_winner_case`` does,
        for any child; passed on with a horizon's value too, for a search by vectors (max^n)."""
        value = self.static_value(host, child) if child.horizon else None
        if value is not None:
            acc.update_best(acc.current, value, child)
        elif child.probes:
            self.enhanced(host, acc, child)
        else:
            host.map(child.player, self.lam, child)
            acc.update_best(acc.current, child.val, child)

    def static_value(self, host: IBoardModel, child: AAccumulator) -> float | None:
        """The checked evaluation of the horizon ``child`` (a leaf), or None: search it.

        Raises:
            SearchError: The evaluation is NaN, or so large it would pass for a win.
        """
        value = child.evaluate(host)
        if value is not None:
            if not self.low < value < self.high:  # NaN, or taken for a win
                raise beyond(value, host, child.model_player, self.high)
            self.leaves += 1
            self.evaluated += 1
            if child.depth > self.max_depth:
                self.max_depth = child.depth
        return value

    def enhanced(self, host: IBoardModel, acc: AAccumulator, child: AAccumulator) -> None:
        """Search ``child`` with the enhanced protocol (see ``AAccumulator.probes``):
        probe, the first move, the accumulator's own expansion, then the parent's retry.

        The parent's retry is asked whichever way the child was valued: a null-window
        child settled by a probe (a table's bound) is a bound too, and may need the
        whole window again as much as one settled by a search.
        """
        lam = self.lam
        while True:
            value = child.probe(host)
            searched: AAccumulator | None = None
            if value is not None:  # settled without a search: a table, the game's knowledge
                self.hits += 1
                child.val = value  # what the parent's retry reads
            else:
                first = child.first_move()
                if first is None or lam.apply(child.player, host, first, child):
                    child.expand(host, lam, child)
                value, searched = child.val, child
            if child.guessed:  # settled, or its window narrowed, by a guessed table entry
                self.guessed += 1
            again = acc.retry(child)
            if again is None:
                acc.update_best(acc.current, value, searched)
                return
            child = again


class _MarginStatus(_MinMaxStatus):
    """Values a finished game by its margin (``final_margin``) instead of win, draw or loss."""

    __slots__ = ()

    def ended(self, host: HintedBoard, acc: AAccumulator, winner: int | None) -> None:
        """Fold the finished game's margin for the model player into ``acc`` (whoever won;
        0 for a drawn Kalah game)."""
        ply = acc.depth + 1
        self.leaves += 1
        if ply > self.max_depth:
            self.max_depth = ply
        margin = host.final_margin(acc.model_player)
        if margin is None:
            raise SearchError(f"{type(host).__name__} gave no margin for a finished game")
        acc.update_best(acc.current, margin)


class MinMax(INextMoveStrategy):
    """The min-max strategy, driven by an accumulator factory (Rice role: ``MinMax``).

    Args:
        factory: Chooses the search: :class:`~oogames.nextmove.factories.MinMaxFac`,
            :class:`~oogames.nextmove.factories.AlphaBetaFac`,
            :class:`~oogames.nextmove.factories.DepthFac`, ...
        prefer_quick_wins: A win scores ``win_value - plies``, a loss ``-(win_value - plies)``
            (a quicker win, a slower loss preferred); with False, ``±win_value``.
        win_value: The value of a win; a draw is 0 (see :mod:`oogames.nextmove.values`:
            at least 100, and evaluations stay within ``win_threshold(win_value)``).
        by_margin: Value a finished game by how much it was won or lost (the
            board's :meth:`~oogames.board.hints.ISearchHints.final_margin`: Kalah's
            store difference, Othello's disc difference) instead of as a win, a
            draw or a loss; ``win_value`` and ``prefer_quick_wins`` then play no
            part. An evaluation function for a depth limit should then speak in
            the same units.

    A table or an ordering in ``factory`` takes these three from the search: they are
    given once, here (:func:`~oogames.nextmove.values.serve_scoring`).

    Raises:
        SettingsError: ``win_value`` is not a finite number of at least 100, or a
            table or an ordering in ``factory`` was given, or serves, another scoring.

    >>> from oogames import AlphaBetaFac, MinMax, TicTacToeBoard
    >>> board = TicTacToeBoard.from_moves("a1 b1 a2 b2")
    >>> result = MinMax(AlphaBetaFac()).analyze(board)
    >>> board.format_move(result.move), result.outcome()
    ('a3', 'win in 1')
    """

    __slots__ = ("_running", "_stop", "by_margin", "factory", "prefer_quick_wins", "win_value")

    def __init__(
        self,
        factory: IAccFactory,
        *,
        prefer_quick_wins: bool = True,
        win_value: float = WIN_VALUE,
        by_margin: bool = False,
    ) -> None:
        self.factory = factory
        self.prefer_quick_wins = prefer_quick_wins
        self.win_value = check_win_value(win_value)
        self.by_margin = by_margin
        serve_scoring(factory, Scoring(self.win_value, prefer_quick_wins, by_margin))
        self._stop = StopFlag()
        self._running: _MinMaxLambda | None = None

    @property
    def name(self) -> str:
        """The factory's name, for example ``"alphabeta"``."""
        return self.factory.name

    def analyze(self, board: IBoardModel, player: int | None = None) -> SearchResult:
        """Search the position and return the best move, its value, the line and statistics.

        The board is left exactly as it was.

        Raises:
            GameOverError: The game is over.
            NotYourTurnError: ``player`` is not the player to move.
            SearchStopped: :meth:`cancel` was called during the search.
            SearchDepthError: The search went deeper than the frame limit allows.
            SearchError: The board offered no move at all (a broken board model).
        """
        player = check_can_move(board, player)
        try:
            return self.search(board, self.factory.make_acc(player))
        finally:
            self.clear_cancel()  # the request, if any, was this search's

    def search(
        self,
        board: IBoardModel,
        acc: AAccumulator,
        *,
        deadline: float | None = None,
        node_limit: int | None = None,
    ) -> SearchResult:
        """Run the search from the root accumulator ``acc`` (what :meth:`analyze` does after
        its checks). ``acc.player`` must be the player to move; ``acc.model_player`` may be
        either player, for searches such as AND/OR trees that start at the opponent's turn.

        ``deadline`` (a :func:`time.perf_counter` time) and ``node_limit`` bound
        the search: past either it stops as :meth:`cancel` stops it (checked
        every :data:`POLL_EVERY` nodes, and exactly at the node limit).

        Whatever happens inside the search (an exception from an evaluation function,
        :meth:`cancel`, Ctrl-C), the board is put back exactly as it was before the
        exception leaves. The search runs in a thread of its own, its depth bounded by
        memory, not by Python's recursion limit (:mod:`oogames.nextmove.running`).
        Unlike :meth:`analyze`, it does not clear an earlier :meth:`cancel`: a driver of
        several searches with one ``MinMax`` (MTD(f), aspiration windows) is stopped by
        a cancel that falls between two of them, since the next one raises at once.

        Raises:
            SearchStopped: :meth:`cancel` was called before or during the search,
                or it ran out of its budget.
            SearchDepthError: The search went deeper than the frame limit allows, or
                would, before it starts (:func:`~oogames.board.hints.search_refusal`).
            SearchError: The board offered no move at all (a broken board model).
        """
        stop = self._stop
        if stop.is_set:
            raise SearchStopped("the search was stopped before it started")
        limited = depth_limit(acc) is not None  # else to the end of the game: has it one?
        refusal = search_refusal(
            board, by_margin=self.by_margin, probes=acc.probes, limited=limited
        )
        if refusal is not None:
            raise refusal
        lam = _MinMaxLambda(stop, deadline, node_limit)
        alternates = getattr(board, "alternates", True)  # else n players, chance: ask who moves
        table = table_root(acc) if alternates and not self.by_margin else None  # else TTAcc
        kind = (
            _MarginStatus if self.by_margin else _MinMaxStatus if table is None else table_status()
        )
        if not alternates:
            from oogames.nextmove.general import general_status

            kind = general_status(kind, board)
        status = kind(lam, self.win_value, self.prefer_quick_wins)
        if table is not None:  # the status keeps the table (a speed trick, see _tabled)
            cast(KeepsTable, status).keep(table.rules, board)
            table.fast = True
        lam.status = status

        def work() -> None:
            acc.start(board)
            if not acc.probes:
                board.map(acc.player, lam, acc)
                return
            first = acc.first_move()
            if first is None or lam.apply(acc.player, board, first, acc):
                acc.expand(board, lam, acc)

        start = time.perf_counter()
        self._running = lam
        try:
            run_deep(board, work, stop)
        except TypeError as error:  # a value or a key of the wrong type: the board's, if it
            raise board_fault(board, acc.player) or error from error  # says what is wrong
        except SearchDepthError as error:  # endless passes in a position no one can move in?
            raise line_fault(board, ()) or error from error
        self._running = None  # kept after a stop: its nodes count in what was done
        seconds = time.perf_counter() - start
        if acc.move is None:
            raise board_fault(board, acc.player) or SearchError(
                f"the search found no move for player {acc.player} (a broken board model)"
            )
        if not math.isfinite(acc.val):  # from a position with no move: the board's fault?
            raise (
                board_fault(board, acc.player)
                or line_fault(board, acc.pv)
                or SearchError(
                    f"the search's value is {acc.val}: an evaluation returned it (evaluations "
                    "return finite numbers, inside the win threshold)"
                )
            )
        stats = SearchStats(
            lam.nodes,
            status.leaves,
            status.evaluated,
            lam.cutoffs,
            status.max_depth,
            seconds,
            table_hits=status.hits,
            guessed_hits=status.guessed,
        )
        margin = self.by_margin  # a win is worth win_value in a zero-sum game, else a payoff
        scale = 0.0 if margin or not zero_sum(board) else self.win_value
        return SearchResult(
            acc.move, acc.val, acc.pv, stats, acc.player, scale, margin, acc.payoffs()
        )

    @property
    def nodes_running(self) -> int:
        """How many nodes the search under way (or stopped last) has made, for a progress line."""
        return 0 if self._running is None else self._running.nodes

    def cancel(self) -> None:
        """Stop the search under way, or the next to start (from another thread or a signal
        handler).

        The search notices within :data:`POLL_EVERY` nodes, puts the board
        back and raises :class:`~oogames.errors.SearchStopped`. :meth:`analyze`
        ends the request as it returns (:meth:`search` does not).
        """
        self._stop.set()

    def clear_cancel(self) -> None:
        """Withdraw a :meth:`cancel` no search has taken yet."""
        self._stop.clear()

    def __repr__(self) -> str:
        margin = ", by_margin=True" if self.by_margin else ""
        return f"MinMax({self.factory!r}, prefer_quick_wins={self.prefer_quick_wins}{margin})"
