"""Solving a position: its exact value for the side to move, by exact search only.

:func:`solve` searches to the end of the game with alpha-beta and a
transposition table (no evaluation function anywhere), so its answer is the
game-theoretic value: a win, a draw or a loss for the side to move, and with
a strong solve, how many plies the win or loss takes under best play (both
sides win as soon as they can and lose as late as they can). A weak solve
only settles win, draw or loss, with the null window (-1, +1) around a draw,
which cuts far more.
"""

from __future__ import annotations

import math
import time
from collections.abc import Callable

import attrs

from oogames.board.model import ABoardModel
from oogames.board.moves import Move
from oogames.errors import SettingsError, counted
from oogames.nextmove.enhancements.ordering import GameOrderFac
from oogames.nextmove.enhancements.table import TranspositionTable, TTFac
from oogames.nextmove.factories import AlphaBetaFac
from oogames.nextmove.minmax import MinMax
from oogames.nextmove.results import SearchResult
from oogames.nextmove.values import WIN_MARGIN, WIN_VALUE


@attrs.frozen
class Solution:
    """The exact value of a position for the side to move.

    Attributes:
        outcome: ``"win"``, ``"draw"`` or ``"loss"`` for the side to move.
        value: The search's value: ``WIN_VALUE - plies`` for a win (a weak
            solve: ``WIN_VALUE``), its negation for a loss, 0 for a draw.
        plies: Plies to the end under best play, where known (a strong solve
            of a win or a loss; 0 for a finished game); else None.
        move: A best move (None when the game is over).
        pv: The principal variation, from the move on.
        nodes: Positions searched.
        seconds: Time taken.
        table_hits: Positions settled by the transposition table.
        margin: With ``solve(..., margin=True)``: by how much the side to move
            wins (negative: loses) under best play, for example Kalah's store
            difference; otherwise None.
    """

    outcome: str
    value: float
    plies: int | None
    move: Move | None
    pv: tuple[Move, ...]
    nodes: int
    seconds: float
    table_hits: int = 0
    margin: int | None = None

    def as_dict(self, format_move: object = str) -> dict[str, object]:
        """The JSON fields of ``oogames solve --format json`` (moves written by ``format_move``)."""
        write = format_move if callable(format_move) else str
        return {
            "outcome": self.outcome,
            "value": self.value,
            "plies": self.plies,
            "move": None if self.move is None else write(self.move),
            "pv": [write(move) for move in self.pv],
            "nodes": self.nodes,
            "seconds": round(self.seconds, 6),
            "table_hits": self.table_hits,
            "margin": self.margin,
        }


def solve(
    board: ABoardModel,
    *,
    weak: bool = False,
    table: TranspositionTable | None = None,
    table_size: int = 1 << 20,
    narrow: bool = True,
    full_pv: bool = False,
    margin: bool = False,
    watch: SolveWatch | None = None,
) -> Solution:
    """The exact value of ``board`` for the player to move (the board is left as it was).

    The search is alpha-beta with a transposition table and the game's own
    move order (``alphabeta+tt+order``, to the end of the game). A strong
    solve finds the exact value by null-window narrowing, as Pascal Pons'
    Connect Four solver does: each search only asks whether the value is
    above a guess (a window of width one), and the guesses halve the range
    of possible results, starting near a draw; the table carries what each
    search learnt to the next. A weak solve asks once, with the window
    (-1, +1) around a draw.

    A finished game is reported as its result, with no search: a single Grundy
    heap of 2 is a loss for the side to move, in 0 plies.

    Args:
        board: The position.
        weak: Settle only win, draw or loss.
        table: A transposition table to use (and keep filling) across calls;
            default: a new one of ``table_size`` slots. Strong and weak
            solves score wins differently: do not share a table between them.
        table_size: Slots of a new table.
        narrow: Narrow with null windows (the default); False: one search
            with the full window (the figures of the docs compare both).
        full_pv: Make the principal variation whole: a null-window search's
            line stops where the table settled a reply, so each position along
            the line is solved in turn (with the same table, mostly hits) until
            the game ends, at most 60 plies. Its nodes are counted too.
        margin: Find by how much the side to move wins or loses under best
            play (:attr:`Solution.margin`), for games whose results have a
            size (the board's ``final_margin``: Kalah, Othello). The null
            windows then halve the range of margins the board's
            ``margin_bounds()`` allows, and the game order settles positions
            whose bounds meet. A margin solve says nothing of plies.
        watch: Filled in as the solve goes, for another thread to read (a progress
            line; what Ctrl-C reports) or to stop it by: see :class:`SolveWatch`.

    Raises:
        SearchStopped: Stopped (Ctrl-C, :meth:`SolveWatch.stop`); the board is unchanged.
        SettingsError: ``margin`` with ``weak``, or for a game without margins.

    >>> from oogames.games import GrundyBoard, TicTacToeBoard
    >>> from oogames.nextmove.solve import solve
    >>> solve(GrundyBoard((2,))).outcome, solve(GrundyBoard((2,))).nodes
    ('loss', 0)
    >>> solution = solve(TicTacToeBoard.from_moves("a1 b1 a2"))
    >>> solution.outcome, solution.plies, TicTacToeBoard().format_move(solution.move)
    ('loss', 4, 'a3')
    >>> from oogames.games import KalahBoard
    >>> kalah = solve(KalahBoard(pits=2, seeds=2), margin=True)
    >>> kalah.outcome, kalah.margin
    ('loss', -2)
    """
    if margin:
        return _solve_margin(board, weak, table, table_size, narrow, full_pv, watch)
    if board.is_over:
        winner = board.winner
        outcome = "draw" if winner is None else "win" if winner == board.to_move else "loss"
        value = 0.0 if winner is None else WIN_VALUE if outcome == "win" else -WIN_VALUE
        return Solution(outcome, value, 0, None, (), 0, 0.0)
    player = board.to_move
    table = TranspositionTable(table_size) if table is None else table
    factory = TTFac(GameOrderFac(AlphaBetaFac()), table)  # scored as the search says
    search = MinMax(factory, prefer_quick_wins=not weak)
    searches = _Searches(search, board, player, watch)
    if weak:
        result = searches.run(-1.0, 1.0)
    elif narrow:
        result = _narrow(searches, board.max_plies_left())
    else:
        result = searches.run(-math.inf, math.inf)
    value = float(result.value or 0)
    outcome = "win" if value > 0 else "loss" if value < 0 else "draw"
    plies = None if weak or value == 0 else int(WIN_VALUE - abs(value))
    pv, nodes, hits = result.pv, searches.nodes, searches.hits
    if full_pv and result.move is not None:
        pv, more, more_hits = _whole_line(board, result.move, weak, table, narrow)
        nodes, hits = nodes + more, hits + more_hits
    return Solution(
        outcome,
        value,
        plies,
        result.move,
        pv,
        nodes,
        time.perf_counter() - searches.start,
        hits,
    )


def _solve_margin(
    board: ABoardModel,
    weak: bool,
    table: TranspositionTable | None,
    table_size: int,
    narrow: bool,
    full_pv: bool,
    watch: SolveWatch | None,
) -> Solution:
    """``solve(..., margin=True)``: the exact margin for the side to move."""
    if weak:
        raise SettingsError("a margin solve is exact: leave out weak")
    bounds = board.margin_bounds()
    if bounds is None:
        raise SettingsError(f"{board.game_name} has no margins: its games end in win, draw or loss")
    if board.is_over:
        found = int(board.final_margin(board.to_move) or 0)
        outcome = "win" if found > 0 else "loss" if found < 0 else "draw"
        return Solution(outcome, float(found), 0, None, (), 0, 0.0, margin=found)
    table = TranspositionTable(table_size) if table is None else table
    factory = TTFac(GameOrderFac(AlphaBetaFac()), table)  # by margin, as the search says
    searches = _Searches(MinMax(factory, by_margin=True), board, board.to_move, watch, True)
    if narrow:
        result = _bisect(searches, bounds[0], bounds[1], float, round)
    else:
        result = searches.run(-math.inf, math.inf)
    found = round(result.value or 0)
    pv, nodes, hits = result.pv, searches.nodes, searches.hits
    if full_pv and result.move is not None:
        pv, more, more_hits = _whole_line(board, result.move, False, table, narrow, margin=True)
        nodes, hits = nodes + more, hits + more_hits
    return Solution(
        "win" if found > 0 else "loss" if found < 0 else "draw",
        float(found),
        None,
        result.move,
        pv,
        nodes,
        time.perf_counter() - searches.start,
        hits,
        margin=found,
    )


_PV_PLIES = 60


def _whole_line(
    board: ABoardModel,
    move: Move,
    weak: bool,
    table: TranspositionTable,
    narrow: bool,
    margin: bool = False,
) -> tuple[tuple[Move, ...], int, int]:
    """The line from ``move`` on, each reply found by solving its position (the same kind
    of solve: weak, strong or by margin); with nodes and table hits spent."""
    position = board.copy()
    line = [move]
    nodes = hits = 0
    position.play(move)
    while not position.is_over and len(line) < _PV_PLIES:
        reply = solve(position, weak=weak, table=table, narrow=narrow, margin=margin)
        nodes += reply.nodes
        hits += reply.table_hits
        if reply.move is None:
            break
        line.append(reply.move)
        position.play(reply.move)
    return tuple(line), nodes, hits


class SolveWatch:
    """What a solve under way has proven so far, filled in by :func:`solve` and read from
    another thread: ``oogames solve`` prints it every few seconds and when Ctrl-C stops it.

    Attributes:
        low: The least result proven so far (None: nothing yet): a score, as Pons
            counts them (``top + 1 - plies`` for a win in ``plies``, 0 a draw, the
            negation for a loss) or, for a margin solve, a margin.
        high: The greatest result still possible (None: nothing proven yet).
        top: The greatest score (a win at once).
        margins: Whether the results are margins.
        searches: The null-window searches done.
        stopped: Whether :meth:`stop` was called.
    """

    def __init__(self) -> None:
        self.low: int | None = None
        self.high: int | None = None
        self.margins = False
        self.top = 0
        self.searches = 0
        self.stopped = False
        self._nodes = 0
        self._running: MinMax | None = None
        self.start = time.perf_counter()

    def stop(self) -> None:
        """Stop the solve from another thread, as Ctrl-C does (once it has ended, nothing)."""
        self.stopped = True
        if self._running is not None:
            self._running.cancel()

    @property
    def nodes(self) -> int:
        """Positions searched so far, the search under way included."""
        running = self._running
        return self._nodes + (0 if running is None else running.nodes_running)

    def proven(self) -> str:
        """What is proven so far, in words (plies counted from this position).

        >>> from oogames.nextmove.solve import SolveWatch
        >>> watch = SolveWatch()
        >>> watch.proven()
        'nothing yet'
        >>> watch.low, watch.high, watch.top = 0, 20, 30
        >>> watch.proven()
        'at least a draw, and no win in fewer than 11 plies'
        >>> watch.low, watch.high = -3, 0
        >>> watch.proven()
        'at most a draw, and no loss in fewer than 28 plies'
        >>> watch.low, watch.high = -7, -5
        >>> watch.proven()
        'a loss in 24 to 26 plies'
        >>> watch.low, watch.high = 0, 0
        >>> watch.proven()
        'a draw'
        """
        low, high, top = self.low, self.high, self.top
        if low is None or high is None:
            return "nothing yet"
        if self.margins:
            return f"a margin from {low} to {high}" if low < high else f"a margin of {low}"
        if high < 0 or low > 0:  # plies of a loss: top + 1 + score; of a win: top + 1 - score
            soon, late = (
                (top + 1 + low, top + 1 + high) if high < 0 else (top + 1 - high, top + 1 - low)
            )
            plies = counted(soon, "ply") if soon == late else f"{soon} to {late} plies"
            return f"a {'loss' if high < 0 else 'win'} in {plies}"
        if low == high == 0:
            return "a draw"
        said = ["at least a draw"] if low == 0 else ["at most a draw"] if high == 0 else []
        if -top < low < 0:
            said.append(f"no loss in fewer than {counted(top + 1 + low, 'ply')}")
        if 0 < high < top:
            said.append(f"no win in fewer than {counted(top + 1 - high, 'ply')}")
        return ", and ".join(said) or "nothing yet"

    def report(self) -> str:
        """One progress line: what is proven, the searches, the nodes and their rate."""
        seconds = max(time.perf_counter() - self.start, 1e-9)
        nodes, searches = self.nodes, counted(self.searches, "search")
        return (
            f"proven for the side to move: {self.proven()}; {searches}, "
            f"{nodes:,} nodes in {seconds:.0f} s ({nodes / seconds:,.0f} a second)"
        )


class _Searches:
    """Runs searches of one position with given windows, and adds up their statistics."""

    def __init__(
        self,
        search: MinMax,
        board: ABoardModel,
        player: int,
        watch: SolveWatch | None = None,
        margins: bool = False,
    ) -> None:
        self.search = search
        self.board = board
        self.player = player
        self.nodes = self.hits = 0
        self.start = time.perf_counter()
        self.watch = watch
        if watch is not None:
            watch.margins = margins
            watch._running = search
            if watch.stopped:
                search.cancel()

    def proved(self, low: int, high: int) -> None:
        """Tell the watch the bounds the searches so far have proven."""
        if self.watch is not None:
            self.watch.low, self.watch.high = low, high

    def run(self, alpha: float, beta: float) -> SearchResult:
        """One search with the window (alpha, beta); its value is fail-soft."""
        acc = self.search.factory.make_acc(self.player)
        acc.narrow(alpha, beta)
        result = self.search.search(self.board, acc)
        self.nodes += result.stats.nodes
        self.hits += result.stats.table_hits
        if self.watch is not None:
            self.watch._nodes += result.stats.nodes
            self.watch.searches += 1
        return result


def _narrow(searches: _Searches, plies_left: int | None) -> SearchResult:
    """The exact value by null windows, Pons' way: results are scores from -top to +top
    (a win in p plies scores top + 1 - p), and each search halves what is left."""
    top = WIN_MARGIN - 1 if plies_left is None else max(plies_left, 1)
    if searches.watch is not None:
        searches.watch.top = top

    def value(score: int) -> float:
        if score > 0:
            return float(WIN_VALUE - (top + 1 - score))
        if score < 0:
            return float(-(WIN_VALUE - (top + 1 + score)))
        return 0.0

    def score(result: float) -> int:
        if result > 0:
            return int(result - WIN_VALUE + top + 1)
        if result < 0:
            return int(result + WIN_VALUE - top - 1)
        return 0

    return _bisect(searches, -top, top, value, score)


def _bisect(
    searches: _Searches,
    floor: int,
    ceiling: int,
    value: Callable[[int], float],
    score: Callable[[float], int],
) -> SearchResult:
    """The exact result from ``floor`` to ``ceiling`` (whole numbers: scores or margins), by
    null-window searches that halve the range, trying nearer 0 first; ``value`` turns a
    result into the search's value and ``score`` back."""
    low, high = floor, ceiling
    searches.proved(low, high)
    proof: SearchResult | None = None  # the last search that proved a lower bound
    while low < high:
        guess = low + (high - low) // 2
        if guess <= 0 and int(low / 2) < guess:
            guess = int(low / 2)  # towards a draw first: most positions are near it
        elif guess >= 0 and int(high / 2) > guess:
            guess = int(high / 2)
        result = searches.run(value(guess), value(guess + 1))
        found = score(float(result.value or 0))
        if found <= guess:
            high = found
        else:
            low, proof = found, result
        searches.proved(low, high)
    if proof is not None and score(float(proof.value or 0)) == low:
        return proof
    # Every search failed low: one more search (mostly table hits) finds the move.
    below = value(low - 1) if low > floor else -math.inf
    above = value(low + 1) if low < ceiling else math.inf
    return searches.run(below, above)


def pons_score(board: ABoardModel, solution: Solution) -> int:
    """A Connect Four solution as Pascal Pons' score for the side to move.

    A win completed by the stone that brings the board to ``p`` stones scores
    ``(cells + 2 - p) // 2`` (``(44 - p) // 2`` on 7 x 6), a loss the
    negation, a draw 0. Needs a strong solution.
    """
    if solution.outcome == "draw" or solution.plies is None:
        return 0
    options = board.options()
    width, height = options["width"], options["height"]
    assert isinstance(width, int) and isinstance(height, int), "a Connect Four board"
    cells = width * height
    score = (cells + 2 - (board.ply + solution.plies)) // 2
    return score if solution.outcome == "win" else -score
