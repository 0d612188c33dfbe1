"""A test game whose whole tree is written out: for passes and hand-checked search trees.

A node is one of:

- ``"X"`` / ``"O"`` / ``"draw"``: the game is over (player 0 won, player 1 won, draw);
- ``{move: node, ...}``: the player to move chooses a move (moves are strings);
- ``Pass(node)``: the player to move has no move and must pass; ``node`` follows;
- ``Static(value, node)``: ``node``, with a static value (for depth-limited tests).
"""

from __future__ import annotations

from typing import Any

import attrs

from oogames.board import (
    PASS,
    ABoardModel,
    AMoveRecord,
    IBoardLambda,
    IBoardStatusVisitor,
    ICheckMoveVisitor,
    IUndoMove,
    Move,
)
from oogames.board.states import DRAW, NON_TERMINAL, WON, ABoardState
from oogames.errors import IllegalMoveError


@attrs.frozen
class Pass:
    """A position where the player to move can only pass."""

    then: Any


@attrs.frozen
class Static:
    """A position with a static value, for an evaluation function to read."""

    value: float
    node: Any


def _strip(node: Any) -> Any:
    while isinstance(node, Static):
        node = node.node
    return node


_NOWHERE = object()
_OUTCOME: dict[str, ABoardState] = {"X": WON[0], "O": WON[1], "draw": DRAW}


class _Step(AMoveRecord):
    """The record of one move: the node before it."""

    __slots__ = ("before",)

    def __init__(self, board: TreeBoard, player: int, move: Move, before: Any) -> None:
        super().__init__(board, player, move)
        self.before = before

    def _restore(self, board: ABoardModel) -> None:
        assert isinstance(board, TreeBoard)
        board._node = self.before
        board._to_move = self.player
        board._state = NON_TERMINAL


class TreeBoard(ABoardModel):
    """A board whose game tree is ``tree``; moves are the keys of the dict nodes."""

    __slots__ = ("_node", "tree")

    def __init__(self, tree: Any) -> None:
        super().__init__()
        self.tree = tree
        self._node = tree
        self._state = self._status_of(tree)

    @staticmethod
    def _status_of(node: Any) -> ABoardState:
        node = _strip(node)
        return _OUTCOME[node] if isinstance(node, str) else NON_TERMINAL

    def make_move(
        self,
        player: int,
        move: Move,
        check: ICheckMoveVisitor,
        status: IBoardStatusVisitor,
        param: Any = None,
    ) -> IUndoMove:
        node = _strip(self._node)
        if move is PASS and isinstance(node, Pass):
            after = node.then
        elif isinstance(node, dict) and isinstance(move, str) and move in node:
            after = node[move]
        else:
            after = _NOWHERE
        if after is _NOWHERE or self._state is not NON_TERMINAL or player != self._to_move:
            return self._make_move_slow(player, move, check, status, param)
        record = _Step(self, player, move, self._node)
        self._node = after
        self._to_move = 1 - player
        self._history.append(record)
        self._state = self._status_of(after)
        check.valid_move_case(self, player, move, param)
        self._state.execute(self, status, param)
        return record

    def _map_moves(self, player: int, lam: IBoardLambda, param: Any) -> None:
        node = _strip(self._node)
        if not isinstance(node, dict) or not node:
            lam.no_apply(player, self, param)
            return
        for move in node:
            if not lam.apply(player, self, move, param):
                return

    def static_value(self) -> float:
        """The static value written on the current node (0 if none)."""
        return self._node.value if isinstance(self._node, Static) else 0.0

    def reset(self) -> None:
        self.__init__(self.tree)  # type: ignore[misc]

    def key(self) -> Any:
        return (self.moves, self._to_move)

    def options(self) -> dict[str, Any]:
        return {"tree": self.tree}

    def _draw(self) -> str:
        return f"tree at {list(self.moves)!r}"

    def _why_illegal(self, player: int, move: Move) -> IllegalMoveError:
        return IllegalMoveError(move, player, "no such branch", str(self))
