"""Record the tree a search explored, without changing what the search does.

:class:`TraceAcc` is one more accumulator decorator, stacked outermost on any
search: for every position the search generates it records a
:class:`TraceNode` -- the move that led there, the player to move, the
(alpha, beta) window it was searched with, the value it gave its parent,
whether it was a horizon or an end of the game, the moves it had, and
whether its map was cut off. :func:`trace_search` runs a search with it and
returns a :class:`SearchTrace`; :mod:`oogames.trace.render` draws it.

The traced search makes the same moves in the same order as the untraced
one and reports the same result and statistics; the trace has exactly
``stats.nodes`` nodes below its root.
"""

from __future__ import annotations

from collections.abc import Callable
from typing import Final

import attrs

from oogames.board.model import IBoardModel
from oogames.board.moves import Move
from oogames.board.notation import ABoardText, chance_name_of
from oogames.board.notation import notation_of as notation_of
from oogames.errors import TraceLimitError
from oogames.nextmove.accumulators import AAccumulator
from oogames.nextmove.decorators import AAccDecorator
from oogames.nextmove.factories import IAccFactory, check_factory
from oogames.nextmove.minmax import MinMax
from oogames.nextmove.results import SearchResult
from oogames.nextmove.strategy import check_can_move
from oogames.nextmove.values import WIN_VALUE


@attrs.define(eq=False)
class TraceNode:
    """One position of a traced search.

    Attributes:
        move: The move that led here (None at the root).
        player: The player to move here; at an ``"end"`` node, where no one moves, the
            player whose move ended the game.
        depth: Plies from the root.
        alpha: The lower bound of the window this position was searched with, if any.
        beta: The upper bound of the window, if any.
        value: The value this position gave its parent (the root's: the search's value).
        kind: ``"root"``, ``"inner"`` (expanded), ``"horizon"`` (scored by the
            evaluation), or ``"end"`` (the game was over).
        moves: The valid moves here, if the position was expanded.
        children: The positions the search generated from here, in order.
        cut: Whether the search stopped mapping the moves here early (a cut-off).
        on_pv: Whether the position is on the principal variation.
        payoffs: Every player's value here, in a search by vectors (max^n), else None.
        probe: Whether this is Star2's probe of a chance outcome: its first move only was
            searched, so its value is a bound; the outcome is searched again after the
            probes, unless they settled the chance position.
        probed_move: In Star2's search after the probes, the move of this outcome whose
            value its probe found: it is folded in again, not searched (nor drawn) again.
        visits: In a tree of Monte Carlo tree search's own
            (:func:`~oogames.trace.mcts_trace`), the iterations that passed through this
            position; None in a traced search.
    """

    move: Move | None
    player: int
    depth: int
    alpha: float | None = None
    beta: float | None = None
    value: float | None = None
    kind: str = "inner"
    moves: list[Move] | None = None
    children: list[TraceNode] = attrs.Factory(list)
    payoffs: tuple[float, ...] | None = None
    cut: bool = False
    on_pv: bool = False
    probe: bool = False
    probed_move: Move | None = None
    visits: int | None = None

    def unvisited(self) -> list[Move]:
        """The moves here that the search did not try (cut off, or not selected)."""
        if self.moves is None:
            return []
        tried = {repr(child.move) for child in self.children}
        return [move for move in self.moves if repr(move) not in tried]

    def skipped(self) -> tuple[str, list[Move]]:
        """The moves the search did not try here, if it stopped early, and what stopped
        it: ``"cut"`` (a cut-off) or ``"not probed"`` (a probe takes the first move only).
        The drawings list them under the position."""
        return ("not probed" if self.probe else "cut"), self.unvisited() if self.cut else []

    @property
    def bound_only(self) -> bool:
        """Whether the value is only a bound, that of a probe that left moves untried (a
        probe of a horizon, or of one move, has the outcome's value)."""
        return self.probe and bool(self.skipped()[1])

    def size(self) -> int:
        """How many nodes lie below this one (counted without recursion: a trace may be
        as deep as the game)."""
        count, waiting = 0, list(self.children)
        while waiting:
            node = waiting.pop()
            count += 1
            waiting.extend(node.children)
        return count

    def height(self) -> int:
        """How many plies the deepest line below this one goes (without recursion)."""
        deepest, waiting = 0, [(self, 0)]
        while waiting:
            node, plies = waiting.pop()
            deepest = max(deepest, plies)
            waiting.extend((child, plies + 1) for child in node.children)
        return deepest


PROBE_TEXT: Final = "a probe: its first move only, so the value is a bound"
"""How the drawings and the steps explain a Star2 probe (:attr:`TraceNode.probe`)."""


def probe_notes(node: TraceNode, format_move: Callable[[Move], str]) -> tuple[str, str]:
    """What a node of Star2's says of its probe, short (for a box) and in words: that
    its value is a probe's bound, or which move's value its probe found, not searched
    again (:attr:`TraceNode.probed_move`); empty for every other node."""
    if node.bound_only:
        return "probe: a bound", PROBE_TEXT
    if node.probed_move is None:
        return "", ""
    move = format_move(node.probed_move)
    return f"{move}: probed", f"{move} valued by its probe, not searched again"


def node_notes(node: TraceNode, format_move: Callable[[Move], str]) -> tuple[str, str]:
    """What every drawing says of a node beside its value, short (for a box) and in words:
    Star2's probe (:func:`probe_notes`), or how often MCTS visited it; empty for every
    other node."""
    if node.visits is not None:
        return f"{node.visits:,} visits", f"visited by {node.visits:,} of the iterations"
    return probe_notes(node, format_move)


SKIPPED_BY: Final = {"cut": "a cut-off", "not probed": "a probe"}
"""What skipped the moves :meth:`TraceNode.skipped` lists, in a sentence."""


class _Budget:
    """The nodes a traced search may still generate."""

    __slots__ = ("left",)

    def __init__(self, left: int) -> None:
        self.left = left


def _window(acc: AAccumulator) -> tuple[float | None, float | None]:
    """The window ``acc`` is searched with, from the model player's view (its ``window()``),
    or none for an accumulator that does not prune (whose ``window()`` is the default)."""
    inner = acc.innermost() if isinstance(acc, AAccDecorator) else acc
    if type(inner).window is AAccumulator.window:
        return None, None
    return inner.window()


def _probe_marks(acc: AAccumulator) -> tuple[bool, Move | None]:
    """Whether ``acc``, or an accumulator it decorates, searches its first move only (a
    Star2 probe, which says so by ``first_move_only``), and the move whose value a probe
    found, if it is folded in again (``probed_move``)."""
    first_only, probed = False, None
    while isinstance(acc, AAccDecorator):
        first_only = first_only or getattr(acc, "first_move_only", False)
        probed = getattr(acc, "probed_move", probed)
        acc = acc.inner
    return first_only, probed


class TraceAcc(AAccDecorator):
    """Records the search in :class:`TraceNode` objects; passes everything else through.

    It is always a "horizon" to the search, so that the search shows it each
    position before expanding it (to record the moves there); it hands the
    question on to the accumulator it wraps, so nothing changes.
    """

    __slots__ = ("_budget", "_open", "node")

    def __init__(self, inner: AAccumulator, node: TraceNode, budget: _Budget) -> None:
        super().__init__(inner)
        self.node = node
        self._budget = budget
        self._open: TraceNode | None = None
        self.horizon = True

    def _wrap(self, child: AAccumulator) -> AAccumulator:
        alpha, beta = _window(child)
        node = TraceNode(self.current, child.player, child.depth, alpha, beta)
        node.probe, node.probed_move = _probe_marks(child)
        self._count(node)
        self._open = node
        return TraceAcc(child, node, self._budget)

    def _count(self, node: TraceNode) -> None:
        self._budget.left -= 1
        if self._budget.left < 0:
            raise TraceLimitError("the traced search reached its node limit")
        self.node.children.append(node)

    def start(self, board: IBoardModel) -> None:
        """Record the root's moves, then pass on."""
        self._record_moves(board)
        self.inner.start(board)

    def _record_moves(self, board: IBoardModel) -> None:
        self.node.moves = board.legal_moves(self.inner.player)

    def evaluate(self, board: IBoardModel) -> float | None:
        """Record the moves here, unless the wrapped accumulator scores the position."""
        if self.inner.horizon:
            value = self.inner.evaluate(board)
            if value is not None:
                self.node.kind = "horizon"
                return value
        self._record_moves(board)
        return None

    def update_best(self, move: Move, value: float, child: AAccumulator | None = None) -> None:
        """Record the child's value (creating its node if the game ended there), then pass on."""
        node = self._closed(move)
        node.value = value
        node.payoffs = None if child is None else child.payoffs()
        self.inner.update_best(move, value, child)

    def update_payoffs(self, move: Move, payoffs: tuple[float, ...]) -> None:
        """Record a finished game's payoffs (a search by vectors), then pass on."""
        if not self.inner.by_vector:
            self.update_best(move, payoffs[self.model_player])
            return
        node = self._closed(move)
        node.value, node.payoffs = payoffs[self.model_player], payoffs
        self.inner.update_payoffs(move, payoffs)

    def _closed(self, move: Move) -> TraceNode:
        """The node of the child being folded in (made now if the game ended there)."""
        node = self._open
        if node is None:  # the move ended the game: no child accumulator was made
            node = TraceNode(move, self.inner.player, self.inner.depth + 1, kind="end")
            self._count(node)
        self._open = None
        return node

    def is_not_done(self) -> bool:
        """Pass on; remember a cut-off."""
        going_on = self.inner.is_not_done()
        if not going_on:
            self.node.cut = True
        return going_on


@attrs.define(eq=False)
class SearchTrace:
    """A search and the tree it explored.

    Attributes:
        root: The root position's node.
        result: What the search reported.
        format_move: Writes a move in the game's notation.
        player_names: The players' names.
        model_player: The player the search was for.
        win_value: The value of a win, to read values as "win in 3".
        chance_name: How the game names chance, the mover at a chance position (Pig's
            ``"the die"``; ``"chance"`` where the board names it no other way).
    """

    root: TraceNode
    result: SearchResult
    format_move: Callable[[Move], str]
    player_names: tuple[str, ...]
    model_player: int
    win_value: float = WIN_VALUE
    chance_name: str = ABoardText.chance_name

    def nodes(self) -> int:
        """How many nodes lie below the root (equal to ``result.stats.nodes``)."""
        return self.root.size()

    def _repr_svg_(self) -> str:
        """Jupyter shows a traced search as its tree picture."""
        from oogames.trace.render import draw_svg

        return draw_svg(self)


TRACE_LIMIT: Final = 100_000
"""The most nodes a traced search may generate unless told (``oogames tree --limit``)."""


def trace_search(
    board: IBoardModel,
    factory: IAccFactory,
    player: int | None = None,
    *,
    prefer_quick_wins: bool = True,
    limit: int = TRACE_LIMIT,
) -> SearchTrace:
    """Run ``MinMax(factory)`` on ``board`` and record the tree it explored.

    Args:
        board: The position; it is left exactly as it was.
        factory: The search, as for :class:`~oogames.MinMax`.
        player: The player to move (default: ``board.to_move``).
        prefer_quick_wins: As for :class:`~oogames.MinMax`.
        limit: The most nodes the search may generate; past it the search stops.

    Raises:
        TraceLimitError: The search needed more than ``limit`` nodes (the board
            is restored; give the search a depth, or a larger limit).
        GameOverError: The game is over.
        SettingsError: ``board`` is no board, or ``factory`` no factory object.
    """
    player = check_can_move(board, player)
    alpha_beta_root = check_factory(factory).make_acc(player)
    alpha, beta = _window(alpha_beta_root)
    root = TraceNode(None, player, 0, alpha, beta, kind="root")
    acc = TraceAcc(alpha_beta_root, root, _Budget(limit))
    search = MinMax(factory, prefer_quick_wins=prefer_quick_wins)
    try:
        result = search.search(board, acc)  # puts the board back if anything escapes
    except TraceLimitError:
        raise TraceLimitError(
            f"the search needed more than {limit:,} nodes; give it a depth or a larger limit"
        ) from None
    root.value, root.payoffs = result.value, result.payoffs
    _mark_pv(root, result.pv)
    format_move, names = notation_of(board)
    return SearchTrace(
        root, result, format_move, names, player, search.win_value, chance_name_of(board)
    )


def _mark_pv(root: TraceNode, pv: tuple[Move, ...]) -> None:
    node = root
    node.on_pv = True
    for move in pv:
        following = [child for child in node.children if child.move == move]
        if not following:
            return
        node = following[-1]
        node.on_pv = True
