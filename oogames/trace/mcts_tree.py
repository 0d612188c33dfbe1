"""MCTS's own tree, converted for the tracer's drawings: the teaching layer reads the
search's tree (:attr:`MCTS.root <oogames.nextmove.mcts.MCTS.root>`), the search knows
nothing of the drawings (as OpenSpiel's MCTS exposes its ``SearchNode`` and leaves
the displaying to whoever wants it)."""

from __future__ import annotations

from oogames.board.interface import IBoardModel
from oogames.board.notation import chance_name_of, notation_of
from oogames.errors import SettingsError
from oogames.nextmove.mcts import MCTS
from oogames.nextmove.mcts_tree import DRAW, LOSS, WIN, MCTSNode
from oogames.nextmove.values import WIN_VALUE
from oogames.trace.tracer import SearchTrace, TraceNode


def mcts_trace(mcts: MCTS, board: IBoardModel, depth: int = 2, width: int = 5) -> SearchTrace:
    """The top of ``mcts``'s last search tree as a :class:`~oogames.trace.SearchTrace`, for
    the tracer's drawings (:func:`~oogames.trace.to_text`, :func:`~oogames.trace.to_dot`).

    Each node's value is its win rate for the searching player as a score
    from -100 to 100 (``WIN_VALUE`` or its negation where proven); the
    ``width`` most visited children of each node are kept, ``depth`` plies
    down; the most visited line is the principal variation.

    Args:
        mcts: The search, after :meth:`~oogames.nextmove.mcts.MCTS.analyze`.
        board: A board of the game (for its notation and player names).
        depth: Plies to show.
        width: Children to show a node, the most visited first.

    Raises:
        SettingsError: No search has run yet.
    """
    root, last = mcts.root, mcts.last_result
    if root is None or last is None:
        raise SettingsError("MCTS has not searched yet: call analyze first")
    me = root.to_move

    def value(node: MCTSNode) -> float:
        if node.totals is not None:  # n players, chance: ``me``'s own rate, kept apart
            return round(200 * node.totals[me] / node.visits - 100, 1)
        if node.proven is not None:
            mine = node.proven if node.mover == me else 1.0 - node.proven
            return {WIN: WIN_VALUE, LOSS: -WIN_VALUE, DRAW: 0.0}[mine]
        rate = node.reward / node.visits if node.visits else 0.5
        return round(200 * (rate if node.mover == me else 1.0 - rate) - 100, 1)

    def build(node: MCTSNode, ply: int, on_pv: bool) -> TraceNode:
        ended = node.proven is not None and not node.children
        kind = "root" if ply == 0 else "end" if ended else "inner"
        player = node.mover if ended else node.to_move  # an end node's: who moved last
        traced = TraceNode(node.move, player, ply, value=value(node), kind=kind)
        traced.visits = node.visits
        traced.on_pv = on_pv
        if ply < depth:
            best = node.best_child()
            ranked = sorted(node.children, key=lambda child: -child.visits)[:width]
            traced.children = [build(child, ply + 1, on_pv and child is best) for child in ranked]
        return traced

    top = build(root, 0, True)
    top.value = last.value
    notation, names = notation_of(board)
    return SearchTrace(top, last, notation, names, me, chance_name=chance_name_of(board))
