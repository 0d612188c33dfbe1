"""A transposition table, as an accumulator decorator: ``+tt`` in a strategy name.

Many games reach the same position by different move orders (tic-tac-toe,
Connect Four, Grundy's game). :class:`TTAcc` decorates any accumulator: before
a position is searched, the search asks it to :meth:`~TTAcc.probe` the table;
after a child position has been searched, its value goes into the table when
the parent folds it in (:meth:`~TTAcc.update_best`). The search loop is
unchanged: the one lambda and the one status visitor still do all the work.

What is stored, per position (the board's ``key()`` and the player to move):
the value, its kind (exact, or a lower or upper bound when alpha-beta cut
the position short), the depth still to search when it was stored, and the
best move. A stored value is used only

- at the same remaining depth (``None`` for a search to the end), so a
  depth-limited search with a table returns exactly the value of the same
  search without one;
- when its kind settles the question: an exact value, a lower bound at or
  above the window's beta, or an upper bound at or below its alpha.

Wins and losses are stored relative to the position (a win in 3 plies from
there), so that a quicker win is still preferred when the position is met at
another depth. The table holds at most ``size`` positions: when it is full,
a new position makes it forget the older half of its entries (memory stays
bounded, the positions searched lately stay, and a position forgotten costs
only a search).
"""

from __future__ import annotations

import itertools
import math
from collections.abc import Hashable
from typing import Final, TypeAlias

from oogames.board.hints import HintedBoard, ISearchHints
from oogames.board.interface import IBoardModel
from oogames.board.moves import Move
from oogames.board.options import AGameMemory, check_size
from oogames.errors import SettingsError
from oogames.nextmove._bare import bare
from oogames.nextmove._tabled import PLAIN, TableRoot
from oogames.nextmove.accumulators import AAccumulator
from oogames.nextmove.decorators import AAccDecorator, DepthAcc, depth_limit
from oogames.nextmove.factories import IAccFactory, check_factory, factory_stack, plus_name
from oogames.nextmove.values import DEFAULT_SCORING, AScoredFac, Scoring, win_threshold

# An entry: the value (player 0's view, wins counted from the position), its kind, the
# plies that were left to search, the best move, and whether the value was derived from
# evaluated horizons (a guess, not the game's value).
Entry: TypeAlias = tuple[float, int, int, Move, bool]

EXACT: Final = 0
"""The stored value is the position's value."""
LOWER: Final = 1
"""The stored value is a lower bound (the search stopped at a beta cut-off)."""
UPPER: Final = 2
"""The stored value is an upper bound (every move failed low)."""


class TranspositionTable(AGameMemory):
    """A bounded table of searched positions, shared by the searches that use it.

    A dict from each position's key to its entry: the dict hashes the key once
    and compares it, and nothing else is kept (a table of slots chosen by the
    key's hash, each entry repeating its key, cost a node 5 % more time).

    Args:
        size: How many positions it holds at most (1 to 2**26).

    Attributes:
        entries: The entries, by key: ``(value, kind, remaining, move, guessed)``.
        stores: Entries written. probes: Look-ups made. hits: Look-ups that
            settled a position. guesses: Horizons evaluated and guessed entries
            used by the searches with this table (a running count: an entry is
            a guess when it went up while its position was searched).
    """

    __slots__ = ("entries", "guesses", "hits", "probes", "size", "stores")

    def __init__(self, size: int = 1 << 18) -> None:
        super().__init__()
        self.size = check_size("the table size", size, 1, 1 << 26, SettingsError)
        self.entries: dict[Hashable, Entry] = {}
        self.stores = self.probes = self.hits = self.guesses = 0

    def hold(self, board: object, terms: Hashable = DEFAULT_SCORING) -> None:
        """Make this the table of ``board``'s game, its values scored as ``terms`` (a
        :class:`~oogames.nextmove.values.Scoring`) says; a search from ``board`` calls it
        first.

        A table that holds the positions of another game (another board class, or the
        same with other options: another size, k, number of players) forgets them: their
        keys may be other positions' keys here, and their moves no moves of this game. So
        does a table whose values were scored otherwise (another ``win_value``, quick
        wins or margins): a win filed as 4,997 would be read as an evaluation's guess.
        (:class:`~oogames.board.options.AGameMemory`)
        """
        super().hold(board, terms)

    def forget(self) -> None:
        """Forget every entry (the counts run on)."""
        self.entries.clear()

    def get(self, key: Hashable) -> Entry | None:
        """The entry of ``key``: ``(value, kind, remaining, move, guessed)``, or None."""
        self.probes += 1
        return self.entries.get(key)

    def put(
        self,
        key: Hashable,
        value: float,
        kind: int,
        remaining: int,
        move: Move,
        guessed: bool = False,
    ) -> None:
        """Store the entry of ``key``, replacing what was there."""
        self.stores += 1
        entries = self.entries
        if len(entries) >= self.size and key not in entries:
            self.make_room()
        entries[key] = (value, kind, remaining, move, guessed)

    def make_room(self) -> None:
        """Forget the older half of the entries (at least one), to file a new position in a
        full table. (A dict keeps its keys in the order they were first filed.)"""
        entries = self.entries
        for key in list(itertools.islice(entries, max(1, len(entries) // 2))):
            del entries[key]

    def __len__(self) -> int:
        """How many positions the table holds."""
        return len(self.entries)

    def clear(self) -> None:
        """Forget every entry and the counts."""
        self.entries.clear()
        self.stores = self.probes = self.hits = self.guesses = 0


class TableRules:
    """How one search files values in its table: the table, the depth limit, and how wins
    are valued (shared by every node of the search, and by both forms of the table:
    :class:`TTAcc` and the built-in form of :mod:`oogames.nextmove._tabled`).

    Wins and losses are filed relative to the position (a win in 3 plies from
    there) and every value from player 0's view, so an entry serves whoever
    meets the position, at whatever depth. On a board that does not alternate one
    player's value is not another's negated (paranoid in a game of three: each model
    player against all the others; Pig: payoffs from 0 to 1, which add up to 1), so
    there each model player's values are filed apart: the search's root sets
    :attr:`scope` to its model player, and every key is ``(scope, key)``.

    Args:
        table: The table.
        limit: The depth limit of the search (None: to the end of the game).
        scoring: How the search values a finished game, as the table holds it
            (:meth:`TranspositionTable.hold`).

    Attributes:
        win_value: The value of a win, as the search scores it.
        quick_wins: Whether values are filed by a win's distance
            (:attr:`~oogames.nextmove.values.Scoring.counts_plies`).
        scope: The model player whose values the search files apart from the others'
            (a board that does not alternate), or None (two players who alternate: one
            view, negated for player 1, serves both).
    """

    __slots__ = ("limit", "quick_wins", "scope", "scoring", "table", "threshold", "win_value")

    def __init__(
        self,
        table: TranspositionTable,
        limit: int | None,
        scoring: Scoring = DEFAULT_SCORING,
    ) -> None:
        self.table = table
        self.limit = limit
        self.scoring = scoring
        self.win_value = scoring.win_value
        self.quick_wins = scoring.counts_plies
        self.threshold = win_threshold(scoring.win_value)
        self.scope: int | None = None

    def to_table(self, value: float, depth: int, model_player: int) -> float:
        """From ``model_player``'s view ``depth`` plies down to player 0's view at the position."""
        if self.quick_wins:
            if value > self.threshold:
                value += depth
            elif value < -self.threshold:
                value -= depth
        return value if model_player == 0 else -value

    def from_table(self, stored: float, depth: int, model_player: int) -> float:
        """The inverse of :meth:`to_table`."""
        value = stored if model_player == 0 else -stored
        if self.quick_wins:
            if value > self.threshold:
                value -= depth
            elif value < -self.threshold:
                value += depth
        return value


class TTAcc(AAccDecorator):
    """Decorates an accumulator with a transposition table (decorator pattern).

    Args:
        inner: The accumulator to decorate: any accumulator, with
            :class:`~oogames.nextmove.decorators.DepthAcc` limits inside.
        rules: How the search files values: its table (shared by the whole search, and
            perhaps others), its depth limit and how it values wins; one object for
            every position of the search.
    """

    __slots__ = ("_guessed", "first", "first_done", "key", "mark", "mirrored", "rules")

    def __init__(self, inner: AAccumulator, rules: TableRules) -> None:
        super().__init__(inner)
        self.rules = rules
        self.key: Hashable = None
        self.mark = 0  # the table's guesses when this position's search began
        self._guessed = False
        self.mirrored: ISearchHints | None = None  # the board, when the key is its mirror's
        self.probes = True
        self.first: Move | None = None
        self.first_done = False

    @property
    def table(self) -> TranspositionTable:
        """The table."""
        return self.rules.table

    def _wrap(self, child: AAccumulator) -> AAccumulator:
        wrapped: TTAcc = bare(TTAcc)
        AAccDecorator.__init__(wrapped, child)
        wrapped.rules = self.rules
        wrapped.key = wrapped.first = wrapped.mirrored = None
        wrapped.mark = 0
        wrapped._guessed = wrapped.first_done = False
        wrapped.probes = True
        return wrapped

    def _remaining(self) -> int:
        """Plies still to search below this position (-1: to the end of the game)."""
        limit = self.rules.limit
        return -1 if limit is None else limit - self.inner.depth

    def probe(self, board: IBoardModel) -> float | None:
        """What the accumulators inside know, else the table's value or bounds for this
        position: a value that settles it, or None after narrowing the window."""
        remaining = self._remaining()
        if remaining == 0:
            return None  # a horizon: evaluated, never stored
        inner = self.inner
        if inner.probes:
            known = inner.probe(board)
            if known is not None:
                return known
        table = self.rules.table
        self.mark = table.guesses
        entry = self._lookup(board)
        if entry is None or entry[2] != remaining:
            return None
        value = self.rules.from_table(entry[0], inner.depth, inner.model_player)
        kind = entry[1]
        if inner.model_player == 1 and kind != EXACT:
            kind = LOWER + UPPER - kind  # stored from player 0's view
        if kind == EXACT:
            known = value
        elif kind == LOWER:
            known = inner.narrow(value, math.inf)
        else:
            known = inner.narrow(-math.inf, value)
        if known is not None:
            table.hits += 1
        if entry[4]:  # a guessed entry settled the position, or narrowed its window: what
            table.guesses += 1  # the search then finds of it is a guess too
            self._guessed = True
        return known

    @property
    def guessed(self) -> bool:
        """Whether the probe settled the position, or narrowed its window, with a guessed
        entry."""
        return self._guessed or self.inner.guessed

    def evaluate(self, board: IBoardModel) -> float | None:
        """The wrapped accumulator's evaluation, counted as a guess in the table."""
        value = self.inner.evaluate(board)
        if value is not None:
            self.rules.table.guesses += 1
        return value

    def _lookup(self, board: HintedBoard) -> Entry | None:
        """Find this position's entry; remember its key, and its best move to search first."""
        key, mirrored = board.table_key()
        scope = self.rules.scope
        if scope is not None:  # more than two players: each model player's values apart
            key = (scope, key)
        self.key = key
        self.mirrored = board if mirrored else None
        entry = self.rules.table.get(key)
        if entry is not None and entry[3] is not None:
            self.first = board.mirror_move(entry[3]) if mirrored else entry[3]
            self.selective = True
        return entry

    def start(self, board: IBoardModel) -> None:
        """At the root: the table's best move for this position, if any, is searched first.
        On a board that does not alternate (more than two players, chance), the search
        files its values apart from other model players' (:class:`TableRules`)."""
        self.inner.start(board)
        self.rules.table.hold(board, self.rules.scoring)
        if not getattr(board, "alternates", True):
            self.rules.scope = self.inner.model_player
        self._lookup(board)
        self.key = None  # the root's value is the search's result, not stored by a parent

    def first_move(self) -> Move | None:
        """The table's best move for this position, searched before the board's order."""
        if self.first is not None:
            return self.first
        return self.inner.first_move() if self.inner.probes else None

    def essential(self, board: IBoardModel, move: Move) -> bool:
        """Every move once: the table's move when it is searched first, not when map offers it."""
        if move == self.first:
            if self.first_done:
                return False
            self.first_done = True
        return self.inner.essential(board, move) if self.inner.selective else True

    def update_best(self, move: Move, value: float, child: AAccumulator | None = None) -> None:
        """Fold the child in, and store the value of a child that was searched."""
        self.inner.update_best(move, value, child)
        if isinstance(child, TTAcc) and child.key is not None:
            child._store()

    def _store(self) -> None:
        inner = self.inner
        value = inner.val
        if math.isinf(value):
            return  # no move was folded in (a selective search left them all out)
        alpha, beta = inner.window()
        kind = UPPER if value <= alpha else LOWER if value >= beta else EXACT
        if inner.model_player == 1 and kind != EXACT:
            kind = LOWER + UPPER - kind  # stored from player 0's view
        move = inner.move
        if self.mirrored is not None and move is not None:
            move = self.mirrored.mirror_move(move)
        rules = self.rules
        table = rules.table
        stored = rules.to_table(value, inner.depth, inner.model_player)
        table.put(self.key, stored, kind, self._remaining(), move, table.guesses != self.mark)


class TTFac(AScoredFac):
    """Adds a transposition table to a search (``+tt`` in a strategy name).

    Args:
        inner_factory: The search: :class:`~oogames.AlphaBetaFac`, or one of them
            limited by :class:`~oogames.DepthFac`, or any factory whose
            accumulators are depth limits around a plain accumulator.
        table: The table (default: a new one of ``size`` slots); pass one table
            to several factories (the depths of an iterative deepening) to share it.
        size: Slots of a new table.
        win_value: As the search's (default: the search's; see
            :class:`~oogames.nextmove.values.AScoredFac`).
        quick_wins: As the search's ``prefer_quick_wins`` (default: the search's).
        built_in: Over plain alpha-beta, have the search keep the table itself (the same
            search, faster); False always decorates with :class:`TTAcc`, as does a search
            for more than two players (:class:`~oogames.nextmove.multiplayer.ParanoidFac`,
            whose table keeps each model player's values apart).

    Raises:
        SettingsError: The inner search has horizons other than depth limits
            (a selective or variable-depth search), which a table would misuse.

    >>> from oogames import AlphaBetaFac, MinMax, TicTacToeBoard
    >>> from oogames.nextmove import TTFac
    >>> plain = MinMax(AlphaBetaFac()).analyze(TicTacToeBoard())
    >>> tabled = MinMax(TTFac(AlphaBetaFac())).analyze(TicTacToeBoard())
    >>> tabled.value == plain.value, tabled.stats.nodes < plain.stats.nodes
    (True, True)
    """

    __slots__ = ("built_in", "inner_factory", "table")

    def __init__(
        self,
        inner_factory: IAccFactory,
        table: TranspositionTable | None = None,
        size: int = 1 << 18,
        win_value: float | None = None,
        quick_wins: bool | None = None,
        built_in: bool = True,
    ) -> None:
        super().__init__(win_value, quick_wins)
        self.inner_factory = check_factory(inner_factory)
        self.built_in = built_in
        self.table = TranspositionTable(size) if table is None else table
        _limit_of(inner_factory.make_acc(0))  # refuse unsound stacks now

    def make_acc(self, model_player: int) -> AAccumulator:
        """The inner factory's root accumulator with the table: over plain alpha-beta, a
        root whose search keeps the table itself (:mod:`oogames.nextmove._tabled`, a
        speed trick); around any other stack, a :class:`TTAcc` decorator."""
        inner = self.inner_factory.make_acc(model_player)
        limit = _limit_of(inner)
        rules = TableRules(self.table, limit, self.scoring)
        if self.built_in and type(inner) in PLAIN and not _for_more_players(self.inner_factory):
            return TableRoot(inner, rules)
        return TTAcc(inner, rules)

    @property
    def name(self) -> str:
        """The inner search's name with ``+tt``: ``"alphabeta+tt:6"``."""
        return plus_name(self.inner_factory.name, "tt")


def _for_more_players(factory: IAccFactory) -> bool:
    """Whether a factory stack's search is written for more than two players (paranoid):
    its table is then :class:`TTAcc`, which files each model player's values apart."""
    return any(stack.more_players for stack in factory_stack(factory))


def _limit_of(stack: AAccumulator) -> int | None:
    """The depth limit of an accumulator stack; refuses horizons a table would misuse."""
    acc = stack
    while isinstance(acc, AAccDecorator):
        if not isinstance(acc, DepthAcc | TTAcc | TableRoot) and not acc.orders_only:
            raise SettingsError(
                f"a transposition table works with depth limits only, not {type(acc).__name__}"
            )
        acc = acc.inner
    if acc.horizon or acc.selective:
        raise SettingsError(f"a transposition table cannot decorate {type(acc).__name__}")
    if not acc.table_sound:
        raise SettingsError(
            f"a transposition table keeps one value a position, which {type(acc).__name__} "
            "does not have (max^n's is a vector; best-reply search's depends on the layer)"
        )
    return depth_limit(stack)
