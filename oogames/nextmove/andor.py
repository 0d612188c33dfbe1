"""Winning strategies on AND/OR trees (the lecture slides), for small games.

From a player's point of view the game tree is an AND/OR tree: at the
player's own positions one good move suffices (OR), at the opponent's every
reply must be answered (AND). A *winning strategy* is a sub-tree that picks
one move at each OR node and covers every reply at each AND node, and whose
every line ends in a win; a *non-losing strategy* may also end in draws.

:func:`winning_strategy` finds one with the same search as everything else,
:class:`~oogames.MinMax`, driven by :class:`OrAcc` and :class:`AndAcc`: an OR
node stops at its first successful move, an AND node at its first failing
reply (the pruning of alpha-beta with the window (failure, success)). It
returns the strategy as a tree (:class:`OrNode` / :class:`AndNode`) that can
be printed, rendered with Graphviz, and followed move by move.
"""

from __future__ import annotations

from typing import Union

import attrs

from oogames.board.model import ABoardModel, IBoardModel
from oogames.board.moves import Move
from oogames.board.notation import notation_of as notation_of
from oogames.nextmove.accumulators import AAccumulator
from oogames.nextmove.factories import IAccFactory
from oogames.nextmove.minmax import MinMax
from oogames.nextmove.results import SearchStats
from oogames.nextmove.strategy import check_can_move

SUCCESS = 1.0
FAILURE = -1.0


class _AndOrAcc(AAccumulator):
    """Values are SUCCESS or FAILURE for the strategy's player (the model player)."""

    __slots__ = ("not_losing",)

    def __init__(self, model_player: int, player: int, depth: int, not_losing: bool) -> None:
        super().__init__(model_player, player, depth)
        self.not_losing = not_losing

    def _succeeds(self, value: float) -> bool:
        """A child's value is a success: a win, or a draw when not losing is enough."""
        return value > 0 or (self.not_losing and value == 0)

    def make_same(self) -> AAccumulator:
        """Another of this kind: the same player moves again (an extra turn)."""
        return type(self)(self.model_player, self.player, self.depth + 1, self.not_losing)


class OrAcc(_AndOrAcc):
    """A position where the strategy's player moves: one successful move is enough."""

    __slots__ = ()

    def __init__(self, model_player: int, player: int, depth: int = 0, not_losing: bool = False):
        super().__init__(model_player, player, depth, not_losing)
        self.val = FAILURE

    def update_best(self, move: Move, value: float, child: AAccumulator | None = None) -> None:
        """Take the first successful move (until one is found, the first move tried)."""
        if self.val == FAILURE and self._succeeds(value):
            self.val = SUCCESS
            self.move = move
            self.best_child = child
        elif self.move is None:
            self.move = move

    def is_not_done(self) -> bool:
        """Stop at the first successful move."""
        return self.val == FAILURE

    def make_opposite(self) -> AAccumulator:
        """An :class:`AndAcc`: the opponent's replies."""
        return AndAcc(self.model_player, 1 - self.player, self.depth + 1, self.not_losing)


class AndAcc(_AndOrAcc):
    """A position where the opponent moves: every reply must be a success.

    Attributes:
        replies: The replies found successful so far, each with its sub-tree's
            accumulator (None where the reply ends the game).
    """

    __slots__ = ("replies",)

    def __init__(self, model_player: int, player: int, depth: int = 0, not_losing: bool = False):
        super().__init__(model_player, player, depth, not_losing)
        self.val = SUCCESS
        self.replies: list[tuple[Move, AAccumulator | None]] = []

    def update_best(self, move: Move, value: float, child: AAccumulator | None = None) -> None:
        """Record a successful reply; a failing one refutes the whole node (and is its move)."""
        if self._succeeds(value):
            self.replies.append((move, child))
            if self.move is None:
                self.move = move
        else:
            self.val = FAILURE
            self.move = move  # the refutation
            self.best_child = child

    def is_not_done(self) -> bool:
        """Stop at the first reply that refutes the strategy."""
        return self.val == SUCCESS

    def make_opposite(self) -> AAccumulator:
        """An :class:`OrAcc`: the strategy's player answers."""
        return OrAcc(self.model_player, 1 - self.player, self.depth + 1, self.not_losing)


class AndOrFac(IAccFactory):
    """The AND/OR search for ``model_player``'s strategy, from a position where they move.

    Args:
        not_losing: Look for a non-losing strategy (draws allowed) instead of a winning one.
    """

    __slots__ = ("not_losing",)

    def __init__(self, not_losing: bool = False) -> None:
        self.not_losing = not_losing

    def make_acc(self, model_player: int) -> AAccumulator:
        """An :class:`OrAcc`: the strategy's player moves at the root."""
        return OrAcc(model_player, model_player, 0, self.not_losing)

    @property
    def name(self) -> str:
        """``"and-or"`` or ``"and-or(not losing)"``."""
        return "and-or(not losing)" if self.not_losing else "and-or"


@attrs.frozen
class OrNode:
    """The strategy's player moves: play ``move``; ``then`` is None if the game ends.

    ``then`` is usually an :class:`AndNode` (the opponent answers); in a game with
    extra turns (Kalah) it is another :class:`OrNode` when the player moves again.
    """

    move: Move
    then: OrNode | AndNode | None


@attrs.frozen
class AndNode:
    """The opponent moves: for each reply, the strategy goes on (None if the game ends).

    After a reply that earns the opponent an extra turn, the strategy goes on with
    another :class:`AndNode`.
    """

    replies: tuple[tuple[Move, OrNode | AndNode | None], ...]


StrategyTree = Union[OrNode, AndNode]  # noqa: UP007 - a runtime alias for Python 3.11 docs


@attrs.frozen
class Strategy:
    """A winning (or non-losing) strategy of :attr:`player`, as a tree.

    Attributes:
        player: Whose strategy it is.
        not_losing: True for a non-losing strategy, False for a winning one.
        root: An :class:`OrNode` if :attr:`player` moves first, else an :class:`AndNode`.
        stats: The work of the search that found it.
    """

    player: int
    not_losing: bool
    root: StrategyTree
    stats: SearchStats

    def size(self) -> int:
        """How many moves the tree holds (the player's and the replies)."""

        def count(node: StrategyTree | None) -> int:
            if node is None:
                return 0
            if isinstance(node, OrNode):
                return 1 + count(node.then)
            return sum(1 + count(after) for _, after in node.replies)

        return count(self.root)

    def to_text(self, board: ABoardModel | None = None) -> str:
        """The strategy as an indented tree, one move a line.

        Args:
            board: A board of the game, for its move notation and player names.
        """
        format_move, names = notation_of(board)
        me, other = names[self.player], names[1 - self.player]
        kind = "not lose" if self.not_losing else "win"
        lines = [f"{me} can {kind} this way:"]

        def walk(node: StrategyTree | None, prefix: str) -> None:
            if isinstance(node, OrNode):
                end = "" if node.then is not None else "  (game over)"
                lines.append(f"{prefix}{me} plays {format_move(node.move)}{end}")
                walk(node.then, prefix + "  ")
            elif isinstance(node, AndNode):
                for reply, after in node.replies:
                    if after is None:
                        lines.append(f"{prefix}if {other} plays {format_move(reply)}: game over")
                    else:
                        lines.append(f"{prefix}if {other} plays {format_move(reply)}:")
                        walk(after, prefix + "  ")

        walk(self.root, "  ")
        return "\n".join(lines)

    def to_dot(self, board: ABoardModel | None = None) -> str:
        """The strategy as a Graphviz DOT graph: boxes are the player's moves, ellipses
        replies (:func:`oogames.pictures.strategy.strategy_dot`)."""
        from oogames.pictures.strategy import strategy_dot

        return strategy_dot(self, board)

    def to_svg(self, board: ABoardModel | None = None, title: str = "") -> str:
        """The strategy as an SVG picture: blue boxes the player's moves, orange boxes the
        opponent's turns (:func:`oogames.pictures.strategy.strategy_svg`)."""
        from oogames.pictures.strategy import strategy_svg

        return strategy_svg(self, board, title)

    def _repr_svg_(self) -> str:
        """Jupyter shows a strategy as its picture."""
        return self.to_svg()


def _tree(acc: AAccumulator | None) -> StrategyTree | None:
    if acc is None:
        return None
    if isinstance(acc, AndAcc):
        return AndNode(tuple((move, _tree(child)) for move, child in acc.replies))
    return OrNode(acc.move, _tree(acc.best_child))


def winning_strategy(
    board: IBoardModel, player: int | None = None, *, not_losing: bool = False
) -> Strategy | None:
    """Find a winning (or, with ``not_losing``, a non-losing) strategy of ``player``.

    The whole game tree below the position may be searched: use it for small
    games (the 21 game, Grundy's game, tic-tac-toe). The board is left
    exactly as it was.

    Args:
        board: The position.
        player: Whose strategy (default: the player to move); it may be the
            player who is not to move, whose strategy starts with every
            reply of the opponent.
        not_losing: Accept draws.

    Returns:
        The strategy, or None if ``player`` has none.

    Raises:
        GameOverError: The game is over.
    """
    to_move = check_can_move(board, None)
    player = to_move if player is None else player
    root: AAccumulator
    if player == to_move:
        root = OrAcc(player, to_move, 0, not_losing)
    else:
        root = AndAcc(player, to_move, 0, not_losing)
    result = MinMax(AndOrFac(not_losing)).search(board, root)
    if root.val != SUCCESS:
        return None
    tree = _tree(root)
    assert tree is not None
    return Strategy(player, not_losing, tree, result.stats)
