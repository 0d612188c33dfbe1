"""A game whose whole tree is written out: the lectures' example trees, as a board.

Textbooks explain minimax and alpha-beta on small trees drawn by hand.
:class:`GameTreeBoard` plays such a tree, so every search and teaching tool
of oogames runs on it. A node is one of:

- ``"X"`` / ``"O"`` / ``"draw"``: the game is over (player 0 won, player 1 won, a draw);
- a dict ``{move: node, ...}``: the player to move chooses a move (moves are strings);
- ``Pass(node)``: the player to move has no move and must pass; ``node`` follows;
- ``Static(value, node)``: ``node``, with a static value (player 0's view) that
  :func:`static_value` reads, for depth-limited search.

>>> from oogames import DepthFac, MinMax, MinMaxFac
>>> tree = {"a": {"a1": Static(3, {"x": "draw"}), "a2": Static(12, {"x": "draw"})},
...         "b": {"b1": Static(2, {"x": "draw"}), "b2": Static(4, {"x": "draw"})}}
>>> result = MinMax(DepthFac(MinMaxFac(), 2, static_value)).analyze(GameTreeBoard(tree))
>>> result.move, result.value
('a', 3)
"""

from __future__ import annotations

from typing import Any, Final

import attrs

from oogames.board.lambdas import IBoardLambda, P
from oogames.board.model import ABoardModel, Played
from oogames.board.moves import PASS, Move
from oogames.board.states import DRAW, NON_TERMINAL, WON, ABoardState
from oogames.board.undo import SnapshotRecord
from oogames.errors import BoardOptionError, IllegalMoveError, shown


@attrs.frozen
class Pass:
    """A position where the player to move can only pass; ``then`` follows the pass."""

    then: Any


@attrs.frozen
class Static:
    """A position ``node`` with a static ``value`` (player 0's view) for an evaluation to read."""

    value: float
    node: Any


_NOWHERE: Final = object()
_OUTCOME: Final[dict[str, ABoardState]] = {"X": WON[0], "O": WON[1], "draw": DRAW}


def _strip(node: Any) -> Any:
    while isinstance(node, Static):
        node = node.node
    return node


def _check(tree: Any) -> None:
    """Raise BoardOptionError unless ``tree`` is a well-formed game tree.

    Walked without recursion (a tree may be as deep as memory allows) and with the path
    kept, so that a tree that contains itself is refused rather than walked for ever.
    """
    on_path: set[int] = set()  # the containers from the root down to the node at hand
    done: set[int] = set()  # containers checked already (a subtree may be shared)
    waiting: list[tuple[Any, bool]] = [(tree, False)]
    while waiting:
        node, leaving = waiting.pop()
        node = _strip(node)
        if leaving:
            on_path.discard(id(node))
            done.add(id(node))
            continue
        if isinstance(node, str):
            if node not in _OUTCOME:
                raise BoardOptionError(f'a leaf is "X", "O" or "draw", not {node!r}')
            continue
        if not isinstance(node, (Pass, dict)):
            raise BoardOptionError(f"not a node of a game tree: {shown(node)}")
        if id(node) in on_path:
            raise BoardOptionError("the tree contains itself: a game tree must end")
        if id(node) in done:
            continue
        on_path.add(id(node))
        waiting.append((node, True))
        if isinstance(node, Pass):
            waiting.append((node.then, False))
            continue
        if not node:
            raise BoardOptionError("a position needs a move; write Pass(node) for a pass")
        for move, child in node.items():
            if not isinstance(move, str):
                raise BoardOptionError(f"moves are strings, not {shown(move)}")
            waiting.append((child, False))


class GameTreeBoard(ABoardModel):
    """The board of a game given by its tree (see the module's description).

    Args:
        tree: The root node.

    Raises:
        BoardOptionError: ``tree`` is not a well-formed game tree.
    """

    __slots__ = ("_node", "tree")

    game_name = "gametree"
    notation = "the name of a branch"
    player_names = ("MAX", "MIN")

    def __init__(self, tree: Any) -> None:
        super().__init__()
        _check(tree)
        self.tree = tree
        self._node = tree
        self._state = self._status_of(tree)

    @staticmethod
    def _status_of(node: Any) -> ABoardState:
        node = _strip(node)
        return _OUTCOME[node] if isinstance(node, str) else NON_TERMINAL

    def _play(self, player: int, move: Move) -> Played | None:
        """Follow the branch ``move`` (see :meth:`ABoardModel._play`)."""
        node = _strip(self._node)
        if move is PASS and isinstance(node, Pass):
            after = node.then
        elif isinstance(node, dict) and isinstance(move, str) and move in node:
            after = node[move]
        else:
            return None
        record = SnapshotRecord(self, player, move, self._node)
        self._node = after
        return record, self._status_of(after)

    def _map_moves(self, player: int, lam: IBoardLambda[P], param: P) -> None:
        node = _strip(self._node)
        if not isinstance(node, dict):
            lam.no_apply(player, self, param)
            return
        for move in node:
            if not lam.apply(player, self, move, param):
                return

    def _set_snapshot(self, snapshot: object) -> None:
        self._node = snapshot

    def static(self) -> float:
        """The static value written on the current position (0 if none), player 0's view."""
        return self._node.value if isinstance(self._node, Static) else 0.0

    def reset(self) -> None:
        """Back to the root."""
        self._node = self.tree
        self._to_move = 0
        self._history.clear()
        self._state = self._status_of(self.tree)

    def key(self) -> tuple[tuple[Move, ...], int]:
        """The path from the root (every position of a tree is reached one way)."""
        return (self.moves, self._to_move)

    def options(self) -> dict[str, object]:
        """``tree``."""
        return {"tree": self.tree}

    def _draw(self) -> str:
        path = " ".join(self.format_move(move) for move in self.moves) or "the root"
        return f"at {path}"

    def parse_move(self, text: str) -> Move:
        """A move is written as its name: the text itself (``"pass"`` is the pass)."""
        word = text.strip()
        return super().parse_move(word) if word.lower() == "pass" else word

    def _why_illegal(self, player: int, move: Move) -> IllegalMoveError:
        return self._illegal(move, player, "there is no such branch here")


def static_value(board: GameTreeBoard, player: int) -> float:
    """An evaluation: the static value written on the position, from ``player``'s view."""
    value = board.static()
    return value if player == 0 else -value
