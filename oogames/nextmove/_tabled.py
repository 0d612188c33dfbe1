"""A speed trick: the transposition table kept by the search's status visitor.

:class:`~oogames.nextmove.enhancements.table.TTAcc` is a decorator: it works with any
accumulator stack, but every node then pays for a decorator's pass-through
calls (``val``, ``update_best``, ``is_not_done``, ``make_opposite``, the
enhanced protocol's hooks) on top of the table's own work: ``alphabeta+tt``
cost 2.8 to 3.6 times the time a node of ``alphabeta`` costs.

When the stack under the table is exactly :class:`~oogames.AlphaAcc` /
:class:`~oogames.BetaAcc`, with or without a depth limit (what
``alphabeta+tt`` and ``alphabeta+tt:D`` build), :class:`TTFac` makes a
:class:`TableRoot` instead: the root keeps the table's rules, its children
are the plain accumulators, and the search's status visitor
(:func:`table_status`) probes and files each of them as it meets it, in one
method. The entries, the values and the order are the decorator's (the
differential tests hold both to a reference minimax); the cost of a node
drops to 1.3 to 1.4 times a plain node's instructions
(``benchmarks/table_cost.py --instructions``).

Where the root is not where the search starts from (a decorator above it
that decorates the children, a search valued by margins), the root wraps its
children in :class:`~oogames.nextmove.enhancements.table.TTAcc` and the table works as a
decorator, as before.
"""

from __future__ import annotations

import functools
import math
from typing import TYPE_CHECKING, Any, Protocol

from oogames.board.hints import HintedBoard, search_hints
from oogames.nextmove._limited import LimitedAlphaAcc, LimitedBetaAcc
from oogames.nextmove.accumulators import AAccumulator, AlphaAcc, BetaAcc
from oogames.nextmove.decorators import AAccDecorator

if TYPE_CHECKING:
    from oogames.board.model import IBoardModel
    from oogames.board.moves import Move
    from oogames.nextmove.enhancements.table import TableRules
    from oogames.nextmove.minmax import _MinMaxStatus

# The kinds of entry of oogames.nextmove.enhancements.table, repeated for speed.
_EXACT, _LOWER, _UPPER = 0, 1, 2

NEAR_END = 1
"""Positions this many plies or fewer from the end of the game (by the board's
``max_plies_left``) are searched without the table: a position one ply from the end
costs less to search again than to file. Measured on the Connect Four 4 x 4 solve
(``benchmarks/table_cost.py``): 3 % more nodes, 5 % less time, and a node 7 % cheaper;
tic-tac-toe's solve takes the same time. Skipping the table is always sound."""

#: The accumulators whose positions the status visitor files itself.
PLAIN: frozenset[type[AAccumulator]] = frozenset(
    {AlphaAcc, BetaAcc, LimitedAlphaAcc, LimitedBetaAcc}
)


class TableRoot(AAccDecorator):
    """The root of a search with a table, over a plain alpha-beta accumulator.

    Args:
        inner: The root accumulator (of a class in :data:`PLAIN`).
        rules: The table and how it files values.

    Attributes:
        fast: Set by the search when its status visitor keeps the table
            (:func:`table_status`): the children are then the plain
            accumulators; otherwise each is wrapped in a ``TTAcc``.
    """

    __slots__ = ("fast", "first", "first_done", "rules")

    def __init__(self, inner: AAccumulator, rules: TableRules) -> None:
        super().__init__(inner)
        self.rules = rules
        self.fast = False
        self.first: Move | None = None
        self.first_done = False
        self.probes = True

    def _wrap(self, child: AAccumulator) -> AAccumulator:
        if self.fast:
            return child
        # The decorator's module imports this one: imported here, when first needed.
        from oogames.nextmove.enhancements.table import TTAcc

        return TTAcc(child, self.rules)

    def start(self, board: HintedBoard) -> None:
        """The table's best move for the root, if any, is searched first."""
        self.inner.start(board)
        self.rules.table.hold(board, self.rules.scoring)
        key, mirrored = board.table_key()
        entry = self.rules.table.get(key)
        if entry is not None and entry[3] is not None:
            self.first = board.mirror_move(entry[3]) if mirrored else entry[3]
            self.selective = True

    def first_move(self) -> Move | None:
        """The table's best move for the root, searched before the board's order."""
        return self.first

    def essential(self, board: IBoardModel, move: Move) -> bool:
        """Every move once: the table's move when it is searched first, not when map offers it."""
        if move == self.first:
            if self.first_done:
                return False
            self.first_done = True
        return True


def table_root(acc: AAccumulator) -> TableRoot | None:
    """The :class:`TableRoot` a search from ``acc`` starts with, if the search's children
    are its children (only decorators that pass children on unwrapped above it)."""
    while isinstance(acc, AAccDecorator):
        if isinstance(acc, TableRoot):
            return acc
        if acc.wraps_children:
            return None
        acc = acc.inner
    return None


class KeepsTable(Protocol):
    """A search's status visitor that keeps its table (:func:`table_status`'s class)."""

    def keep(self, rules: TableRules, board: IBoardModel) -> None:
        """Keep ``rules``' table for a search of ``board``."""


@functools.cache
def table_status() -> type[_MinMaxStatus]:
    """The status visitor of a search from a :class:`TableRoot` (made on first use: it
    extends the search's own visitor, whose module imports this one)."""
    from oogames.nextmove.minmax import _MinMaxStatus

    class TableStatus(_MinMaxStatus):
        """:class:`~oogames.nextmove.minmax._MinMaxStatus` that probes and files the table
        for every plain child, in ``no_winner_case``: what ``TTAcc`` does through its
        hooks, without their calls at every node."""

        __slots__ = ("entries", "limit", "plain_from", "quick_wins", "rules", "size", "threshold")

        rules: TableRules

        def keep(self, rules: TableRules, board: IBoardModel) -> None:
            """Keep ``rules``' table for a search of ``board`` (its fields are read at every
            node), and note from which depth on the positions are too near the end of the
            game to be worth filing (see :data:`NEAR_END`)."""
            left = search_hints(board).max_plies_left()
            self.plain_from = left - NEAR_END if left is not None and left >= 0 else 1 << 62
            self.rules = rules
            self.entries = rules.table.entries
            self.size = rules.table.size
            self.limit = rules.limit
            self.quick_wins = rules.quick_wins
            self.threshold = rules.threshold

        def no_winner_case(self, host: HintedBoard, acc: AAccumulator) -> None:
            """Score a horizon; settle the position by the table, or search and file it."""
            child: Any = acc.make_opposite()
            if type(child) not in PLAIN:  # a decorator's child: the general protocol
                self.child_case(host, acc, child)
                return
            # child is an AlphaAcc or a BetaAcc, limited or not
            depth = child.depth
            if child.horizon:  # a depth limit's horizon: evaluated (a guess), never filed
                value = self.static_value(host, child)
                if value is not None:
                    acc.update_best(acc.current, value)
                    return
            if depth >= self.plain_from:  # a few plies from the end: cheaper searched again
                host.map(child.player, self.lam, child)
                acc.update_best(acc.current, child.val, child)
                return
            limit = self.limit
            if limit is None:  # to the end: no horizon below, and no guessed entry either
                remaining = mark = -1
            else:  # guesses so far (horizons evaluated, guessed entries used, on any path of
                # this search): an entry is a guess if they went up while it was searched
                remaining = limit - depth
                mark = self.evaluated + self.guessed
            key, mirrored = host.table_key()
            entries = self.entries
            entry = entries.get(key)
            first = None
            if entry is not None:
                # The entry's best move is searched first; when map offers it again the
                # table settles it (its entry was just filed), which costs less than
                # asking at every move whether it is the one to leave out.
                first = entry[3]
                if first is not None and mirrored:
                    first = host.mirror_move(first)
                if entry[2] == remaining:  # the same depth: its value, or a bound
                    model_player = child.model_player
                    known = self.rules.from_table(entry[0], depth, model_player)
                    kind = entry[1]
                    if kind != _EXACT:  # a bound settles it, or narrows its window
                        if (kind == _LOWER) == (model_player == 0):  # filed from 0's view
                            known = child.narrow(known, math.inf)
                        else:
                            known = child.narrow(-math.inf, known)
                    if known is not None:
                        self.rules.table.hits += 1
                        self.hits += 1
                        if entry[4]:
                            self.guessed += 1
                        acc.update_best(acc.current, known)
                        return
                    if entry[4]:  # a guessed bound narrowed the window: what is found is too
                        self.guessed += 1
            if first is None or self.lam.apply(child.player, host, first, child):
                host.map(child.player, self.lam, child)
            # File the value (map folded in at least one move: a plain child leaves none
            # out): TableRules.to_table and TTAcc._store's kind, written out on the hot path.
            value = stored = child.val
            if self.quick_wins:
                if stored > self.threshold:
                    stored += depth
                elif stored < -self.threshold:
                    stored -= depth
            kind = _UPPER if value <= child.alpha else _LOWER if value >= child.beta else _EXACT
            if child.model_player:
                stored = -stored
                if kind:
                    kind = _LOWER + _UPPER - kind
            move = child.move
            if mirrored and move is not None:
                move = host.mirror_move(move)
            if len(entries) >= self.size and key not in entries:
                self.rules.table.make_room()
            entries[key] = (
                stored,
                kind,
                remaining,
                move,
                mark >= 0 and self.evaluated + self.guessed != mark,
            )
            acc.update_best(acc.current, value, child)

    return TableStatus
