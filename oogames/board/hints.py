"""Search hints: what a board may tell the search enhancements, beyond the Rice contract.

:class:`~oogames.board.model.IBoardModel` is the contract every search needs
(``map``, ``make_move``, ``execute`` and the conveniences). A transposition
table, a move ordering, a search valued by margins or a solver can do better
when the board says more: a key for a position and its mirror image, its
best-first order, bounds on the result, a final margin. That is this optional
interface, :class:`ISearchHints`; each hint has a default that fits every
board, and :class:`~oogames.board.model.ABoardModel` implements it, so a game
overrides only the hints it can give. The enhancements look for it
(:func:`search_hints`): a board that implements ``IBoardModel`` alone gets
the defaults.
"""

from __future__ import annotations

import math
from collections.abc import Callable, Hashable
from typing import TYPE_CHECKING, Any, TypeAlias

import attrs

from oogames.board.interface import IBoardModel
from oogames.board.lambdas import P
from oogames.board.moves import CHANCE
from oogames.board.visitors import R
from oogames.errors import BoardContractError, SearchDepthError, SearchError

if TYPE_CHECKING:
    from oogames.board.lambdas import IBoardLambda
    from oogames.board.moves import Move
    from oogames.board.undo import IUndoMove
    from oogames.board.visitors import AnyCheck, AnyStatus, IBoardStatusVisitor


HintedBoard: TypeAlias = Any
"""A board a search has checked gives hints (:meth:`MinMax.search
<oogames.nextmove.minmax.MinMax.search>` refuses an enhanced search of one that does
not): the type of the board in the enhancements' per-node code. It is ``Any``, not
``ISearchHints`` narrowed from ``IBoardModel``, because a narrowing runs at every node
(``if TYPE_CHECKING`` is a global lookup and a jump: work a search need not do, though
too little to show above the run-to-run spread of ``benchmarks/table_cost.py
--instructions``, about 40 instructions a node)."""


@attrs.frozen
class PayoffBounds:
    """Bounds a game declares on its payoffs, for the searches that prune by them.

    Attributes:
        low: No player's payoff (or evaluation) is below it.
        high: No player's payoff (or evaluation) is above it.
        total: The payoffs of a finished game add up to at most this (None: no bound
            beyond ``players * high``); max^n's shallow pruning needs it.
    """

    low: float
    high: float
    total: float | None = None

    def __attrs_post_init__(self) -> None:
        if not (math.isfinite(self.low) and math.isfinite(self.high) and self.low <= self.high):
            raise BoardContractError(f"payoff bounds must be finite with low <= high: {self}")

    def hold(self, values: tuple[float, ...]) -> bool:
        """Whether each of ``values`` (one player's, or every player's) lies within
        ``[low, high]`` and, for several, their sum is at most ``total`` (give or take the
        rounding of a float sum: Pig's shares of 1 may add up to ``1.0000000000000002``).

        >>> from oogames.board.hints import PayoffBounds
        >>> shares = PayoffBounds(0.0, 1.0, 1.0)
        >>> shares.hold((0.25, 0.75)), shares.hold((1.5,)), shares.hold((0.75, 0.75))
        (True, False, False)
        """
        if not all(self.low <= value <= self.high for value in values):
            return False
        total = self.total
        return total is None or len(values) < 2 or sum(values) <= total + 1e-9 * max(1, abs(total))


def search_hints(board: IBoardModel) -> ISearchHints:
    """``board``'s hints: the board itself if it gives them (every
    :class:`~oogames.board.model.ABoardModel` does), else the defaults for it."""
    return board if isinstance(board, ISearchHints) else _DefaultHints(board)


def zero_sum(board: IBoardModel) -> bool:
    """Whether a finished game of ``board``'s is worth 0 only as a draw: two players whose
    payoffs add up to 0 (a game of wins, losses and draws declares no payoff bounds; one
    that scores its players declares a total of 0). Not Pig's or Rolit's shares, where 0
    is a loss, nor a game of more players.

    >>> from oogames.board.hints import zero_sum
    >>> from oogames.games.pig import PigBoard
    >>> from oogames.games.tictactoe import TicTacToeBoard
    >>> zero_sum(TicTacToeBoard()), zero_sum(PigBoard()), zero_sum(PigBoard(players=3))
    (True, False, False)
    """
    if getattr(board, "players", 2) != 2:
        return False
    bounds = search_hints(board).payoff_bounds()
    return bounds is None or (bounds.low < 0 and bounds.total in (None, 0))


def search_refusal(
    board: IBoardModel, *, by_margin: bool, probes: bool, limited: bool
) -> SearchError | None:
    """Why a search of ``board`` cannot start (:meth:`MinMax.search
    <oogames.nextmove.minmax.MinMax.search>` raises it), or None: valued ``by_margin`` in a
    game with no margins; enhanced (an accumulator that ``probes``) on a board that gives
    no hints; or not depth-``limited`` in a game that can go on for ever
    (:meth:`ISearchHints.endless`). Such a search ran to the frame limit, seconds later,
    before it raised the :class:`~oogames.errors.SearchDepthError` raised now; a deadline
    or a node budget only stops it with no answer, as a search to the end of that game
    never has one."""
    name, hints = type(board).__name__, search_hints(board)
    if by_margin and hints.margin_bounds() is None:
        return SearchError(
            f"{name} has no margins: its games end in a win, a draw or a loss; "
            "search it without by_margin"
        )
    if probes and not isinstance(board, ISearchHints):
        return SearchError(
            f"{name} gives the search enhancements no hints: subclass ABoardModel "
            "(or ISearchHints) to search it with them"
        )
    if not limited and hints.endless():
        return SearchDepthError(
            f"a game of {name} can go on for ever (its endless() says so), so a search to "
            "its end never ends: give it a depth (a DepthFac, or :6 in a spec)"
        )
    return None


class ISearchHints(IBoardModel):
    """A board that gives the search enhancements hints (each with a default that uses only
    the board's ``key``, ``to_move``, ``legal_moves`` and ``map``)."""

    __slots__ = ()

    def table_key(self) -> tuple[Hashable, bool]:
        """The key a transposition table files this position under, and whether the key is
        that of the position's mirror image (then the table's moves pass through
        :meth:`mirror_move`). By default ``(key(), to_move)``, never mirrored; a board
        whose positions have a mirror image of the same value (Connect Four) may file
        both under one key.
        """
        return (self.key(), self.to_move), False

    def mirror_move(self, move: Move) -> Move:
        """The move of the mirror image that corresponds to ``move`` (an involution);
        asked only for keys :meth:`table_key` says are mirrored."""
        return move

    def map_ranked(
        self, player: int, lam: IBoardLambda[P], param: P, rank: Callable[[Move], float]
    ) -> None:
        """Like ``map``, but the moves of higher ``rank(move)`` first (ties in map order).

        The ordering enhancements (history, killer moves) use it; it builds a
        list of the moves, which ``map`` never does. A chance position is mapped as
        ``map`` maps it: each outcome with its probability, all of them (their order
        cannot change a mean).
        """
        if player == CHANCE:
            self.map(player, lam, param)
            return
        moves = self.legal_moves(player)
        if not moves:
            self.map(player, lam, param)  # a finished game or a forced pass: as map does it
            return
        moves.sort(key=rank, reverse=True)
        for move in moves:
            if not lam.apply(player, self, move, param):
                return

    def outcome_bounds(self) -> tuple[int, int] | None:
        """What the rules alone say of the exact result for the player to move, or None.

        ``(lowest, highest)``, each a result written as plies: ``p > 0`` a win
        in ``p`` plies, ``-p`` a loss in ``p`` plies, 0 a draw, ordered from
        the mover's view (a quicker win is better, a quicker loss worse). An
        exact search (``+order`` to the end) narrows its window with them and
        settles the position when they meet. By default nothing is known.
        """
        return None

    def max_plies_left(self) -> int | None:
        """An upper bound on the plies the game can still last, or None if the board cannot
        say (the null-window narrowing of :func:`~oogames.nextmove.solve.solve` starts
        from it)."""
        return None

    def endless(self) -> bool:
        """Whether a game from here can go on for ever, a position coming round again (Pig's,
        where a 1 rolled gives the turn on with nothing banked): a search to the end of it
        never ends, so one with neither a depth nor a clock is refused before it starts
        (:func:`~oogames.nextmove.specs.check_fits` refuses its spec, and
        :meth:`MinMax.search <oogames.nextmove.minmax.MinMax.search>` the search itself:
        :func:`search_refusal`). False, the default, for a game that ends."""
        return False

    def final_margin(self, player: int) -> int | None:
        """By how much ``player`` won a finished game (negative: lost by), for games whose
        result has a size, such as Kalah's store difference; None (the default) for
        games that end only in a win, a draw or a loss.

        A search valued by margins (``MinMax(..., by_margin=True)``,
        ``solve(..., margin=True)``) scores every finished game with it.
        """
        return None

    def margin_bounds(self) -> tuple[int, int] | None:
        """The lowest and highest :meth:`final_margin` the player to move can still finish
        with, as far as the rules alone say (Kalah: the store difference less or plus
        the seeds still in play); None (the default) for games without margins.

        A search valued by margins needs it at the root; with ``+order`` to the
        end of the game it also settles or narrows each position with it.
        """
        return None

    def payoff_bounds(self, player: int | None = None) -> PayoffBounds | None:
        """Bounds on what a finished game, and the game's evaluation, can give ``player``
        (None: any player), see :class:`PayoffBounds`; or None (the default): the searches
        that prune by them (``star1``, ``star2``, the shallow pruning of ``maxn``) need
        them and say so."""
        return None

    def map_best_first(self, player: int, lam: IBoardLambda[P], param: P, exact: bool) -> None:
        """Like ``map``, in the game's own best-first order (``+order`` in a strategy name).

        By default the board's own order. A board that knows better moves first
        overrides it; with ``exact`` (a search to the end of the game, no
        evaluation) it may also leave out moves that cannot be better than
        another (Connect Four: a move that lets the opponent win at once).
        """
        self.map(player, lam, param)


class _DefaultHints(ISearchHints):
    """The default hints of a board that implements :class:`IBoardModel` alone: every
    call of the contract goes to the board."""

    __slots__ = ("board",)

    def __init__(self, board: IBoardModel) -> None:
        self.board = board

    def map(self, player: int, lam: IBoardLambda[P], param: P) -> None:
        self.board.map(player, lam, param)

    def make_move(
        self, player: int, move: Move, check: AnyCheck, status: AnyStatus, param: object
    ) -> IUndoMove:
        return self.board.make_move(player, move, check, status, param)

    def execute(self, visitor: IBoardStatusVisitor[R, P], param: P) -> R:
        return self.board.execute(visitor, param)

    def reset(self) -> None:
        self.board.reset()

    @property
    def to_move(self) -> int:
        return self.board.to_move

    @property
    def ply(self) -> int:
        return self.board.ply

    def pop(self) -> Move:
        return self.board.pop()

    def key(self) -> Hashable:
        return self.board.key()

    def copy(self) -> _DefaultHints:
        return _DefaultHints(self.board.copy())

    def legal_moves(self, player: int | None = None) -> list[Move]:
        return self.board.legal_moves(player)
