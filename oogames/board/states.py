"""The status of a board as state objects (state pattern).

A board holds one of four shared state objects: :data:`NON_TERMINAL`,
:data:`PLAYER0_WON`, :data:`PLAYER1_WON` or :data:`DRAW`; a game in which a
player may move twice (Kalah) also holds :data:`EXTRA_TURN` after such a
move. ``execute`` and ``map`` delegate to it, so no code switches on a
status flag.
"""

from __future__ import annotations

import abc
from typing import TYPE_CHECKING, Final

from oogames.board.lambdas import P
from oogames.board.visitors import R

if TYPE_CHECKING:
    from oogames.board.lambdas import IBoardLambda
    from oogames.board.model import ABoardModel
    from oogames.board.visitors import IBoardStatusVisitor


class ABoardState(abc.ABC):
    """The status of a board: what ``execute`` and ``map`` do depends on it.

    Attributes:
        is_over: Whether the game has ended.
        winner: The winning player (0 or 1), or None for a draw or a game that goes on.
        name: A short name: ``"playing"``, ``"player0 won"``, ``"player1 won"``, ``"draw"``.
    """

    __slots__ = ()
    is_over: bool = True
    winner: int | None = None
    name: str = ""

    @abc.abstractmethod
    def execute(self, board: ABoardModel, visitor: IBoardStatusVisitor[R, P], param: P) -> R:
        """Call the visitor's case for this status and return what it returns."""

    def map(self, board: ABoardModel, player: int, lam: IBoardLambda[P], param: P) -> None:
        """Map ``lam`` over the valid moves; a finished game has none, so call ``no_apply``."""
        lam.no_apply(player, board, param)

    def __repr__(self) -> str:
        return f"<{self.name}>"


class NonTerminalState(ABoardState):
    """The game goes on: ``map`` visits the moves of the player to move."""

    __slots__ = ()
    is_over = False
    name = "playing"

    def execute(self, board: ABoardModel, visitor: IBoardStatusVisitor[R, P], param: P) -> R:
        """Call ``visitor.no_winner_case``."""
        return visitor.no_winner_case(board, param)

    def map(self, board: ABoardModel, player: int, lam: IBoardLambda[P], param: P) -> None:
        """Map over ``player``'s moves; a player who is not to move has none."""
        if player == board._to_move:
            board._map_moves(player, lam, param)
        else:
            lam.no_apply(player, board, param)


class ExtraTurnState(NonTerminalState):
    """The game goes on and the player who just moved moves again (Kalah's extra turn).

    It maps moves as :class:`NonTerminalState` does; ``execute`` calls the
    visitor's ``extra_turn_case``, which by default is its ``no_winner_case``,
    so visitors that do not care about turns need nothing new. A search
    (:class:`~oogames.MinMax`) uses it to make the child accumulator for the
    same player (``make_same``) instead of the opponent's.
    """

    __slots__ = ()
    name = "extra turn"

    def execute(self, board: ABoardModel, visitor: IBoardStatusVisitor[R, P], param: P) -> R:
        """Call ``visitor.extra_turn_case``."""
        return visitor.extra_turn_case(board, param)


class Player0WonState(ABoardState):
    """The game is over and player 0 has won."""

    __slots__ = ()
    winner = 0
    name = "player0 won"

    def execute(self, board: ABoardModel, visitor: IBoardStatusVisitor[R, P], param: P) -> R:
        """Call ``visitor.player0_won_case``."""
        return visitor.player0_won_case(board, param)


class Player1WonState(ABoardState):
    """The game is over and player 1 has won."""

    __slots__ = ()
    winner = 1
    name = "player1 won"

    def execute(self, board: ABoardModel, visitor: IBoardStatusVisitor[R, P], param: P) -> R:
        """Call ``visitor.player1_won_case``."""
        return visitor.player1_won_case(board, param)


class DrawState(ABoardState):
    """The game is over and nobody has won."""

    __slots__ = ()
    name = "draw"

    def execute(self, board: ABoardModel, visitor: IBoardStatusVisitor[R, P], param: P) -> R:
        """Call ``visitor.draw_case``."""
        return visitor.draw_case(board, param)


NON_TERMINAL: Final = NonTerminalState()
"""The shared state of every game that goes on."""
EXTRA_TURN: Final = ExtraTurnState()
"""The shared state of a game that goes on with the same player to move again."""
PLAYER0_WON: Final = Player0WonState()
"""The shared state of every game player 0 has won."""
PLAYER1_WON: Final = Player1WonState()
"""The shared state of every game player 1 has won."""
DRAW: Final = DrawState()
"""The shared state of every drawn game."""
WON: Final = (PLAYER0_WON, PLAYER1_WON)
"""``WON[player]`` is the state in which ``player`` has won."""
