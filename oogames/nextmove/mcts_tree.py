"""MCTS's own tree: its nodes (:class:`MCTSNode`), what they are proven to be worth, and
the result of a search (:class:`MCTSResult`). The search is :mod:`oogames.nextmove.mcts`;
the teaching layer converts the tree for its drawings (:func:`oogames.trace.mcts_trace`).
"""

from __future__ import annotations

from typing import Final

import attrs

from oogames.board.moves import Move
from oogames.nextmove.results import SearchResult

__all__ = ["DRAW", "LOSS", "WIN", "MCTSNode", "MCTSResult"]

WIN: Final = 1.0
"""A node proven won for the player who made the move into it (also a won playout's reward)."""
LOSS: Final = 0.0
"""A node proven lost for the player who made the move into it."""
DRAW: Final = 0.5
"""A node proven drawn (also the reward of a drawn playout)."""


class MCTSNode:
    """One position of the search tree.

    Attributes:
        move: The move that led here (None at the root).
        mover: The player who made it (at a new root: the other of two players who
            alternate, else -2, no one).
        to_move: The player to move here.
        visits: Iterations that passed through this node.
        reward: Their total reward for ``mover`` (1 a win, 0.5 a draw).
        proven: :data:`WIN`, :data:`DRAW` or :data:`LOSS` for ``mover`` once proven, else None.
        children: The expanded children.
        untried: The moves not expanded yet (None until the node is first expanded).
        totals: Every player's total reward, in the trees of n players and chance
            (:mod:`~oogames.nextmove.mcts_general`), where one player's reward is not
            the others' complement and a chance node's mover has none; None in a tree
            of two players who alternate.
    """

    __slots__ = (
        "children", "move", "mover", "proven", "reward", "to_move", "totals", "untried", "visits"
    )  # fmt: skip

    def __init__(self, move: Move | None, mover: int, to_move: int) -> None:
        self.move = move
        self.mover = mover
        self.to_move = to_move
        self.visits = 0
        self.reward = 0.0
        self.proven: float | None = None
        self.children: list[MCTSNode] = []
        self.untried: list[Move] | None = None
        self.totals: tuple[float, ...] | None = None

    def size(self) -> int:
        """Nodes in the tree below and including this one."""
        total, stack = 0, [self]
        while stack:
            node = stack.pop()
            total += 1
            stack.extend(node.children)
        return total

    def best_child(self) -> MCTSNode | None:
        """The move to play among the expanded ones: a proven win, else the most visited
        move that is not a proven loss (ties to the better reward)."""
        if not self.children:
            return None
        for child in self.children:
            if child.proven == WIN:
                return child
        live = [child for child in self.children if child.proven != LOSS] or self.children
        return max(live, key=lambda child: (child.visits, child.reward))

    def __repr__(self) -> str:
        return (
            f"<MCTSNode move={self.move!r} visits={self.visits} "
            f"reward={self.reward:g} proven={self.proven}>"
        )


@attrs.frozen
class MCTSResult(SearchResult):
    """What :meth:`MCTS.analyze` found, with its statistics.

    ``value`` is ``WIN_VALUE`` for a proven win, ``-WIN_VALUE`` for a proven
    loss, 0 for a proven draw, otherwise the chosen move's win rate as a score
    from -100 to 100 (``200 * rate - 100``).

    Attributes:
        visit_share: The chosen move's share of the root's visits, 0 to 1.
        win_rate: Its mean reward for the player to move, 0 to 1.
        iterations: Iterations this search ran.
        tree_size: Nodes in the tree after the search (kept ones included).
        playouts_per_second: Playouts this search ran a second.
        proven: Whether the chosen move's result is proven.
    """

    visit_share: float = 0.0
    win_rate: float = 0.0
    iterations: int = 0
    tree_size: int = 0
    playouts_per_second: float = 0.0
    proven: bool = False
