"""The status of a board as state objects (state pattern).

A board holds one of four shared state objects: :data:`NON_TERMINAL`,
:data:`PLAYER0_WON`, :data:`PLAYER1_WON` or :data:`DRAW`; a game in which a
player may move twice (Kalah) also holds :data:`EXTRA_TURN` after such a
move. ``execute`` and ``map`` delegate to it, so no code switches on a
status flag.

Games of more than two players, and games of chance, add two: a finished game
reports the payoff of each player in one case (:func:`game_over` makes its state;
the two-player win, loss and draw are the special case that keeps its own states),
and a chance position (:data:`AT_CHANCE`) maps the chance outcomes instead of a
player's moves.
"""

from __future__ import annotations

import abc
import functools
from collections.abc import Sequence
from typing import TYPE_CHECKING, Final

from oogames.board.lambdas import P
from oogames.board.moves import CHANCE
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
        payoffs: What each player gets from a finished game, ``payoffs[player]`` (a
            two-player win is ``(1, -1)``), or None while the game goes on.
    """

    __slots__ = ()
    is_over: bool = True
    winner: int | None = None
    name: str = ""
    payoffs: tuple[float, ...] | None = None

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
    payoffs = None

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
    payoffs = (1.0, -1.0)

    def execute(self, board: ABoardModel, visitor: IBoardStatusVisitor[R, P], param: P) -> R:
        """Call ``visitor.player0_won_case``."""
        return visitor.player0_won_case(board, param)


class Player1WonState(ABoardState):
    """The game is over and player 1 has won."""

    __slots__ = ()
    winner = 1
    name = "player1 won"
    payoffs = (-1.0, 1.0)

    def execute(self, board: ABoardModel, visitor: IBoardStatusVisitor[R, P], param: P) -> R:
        """Call ``visitor.player1_won_case``."""
        return visitor.player1_won_case(board, param)


class DrawState(ABoardState):
    """The game is over and nobody has won."""

    __slots__ = ()
    name = "draw"
    payoffs = (0.0, 0.0)

    def execute(self, board: ABoardModel, visitor: IBoardStatusVisitor[R, P], param: P) -> R:
        """Call ``visitor.draw_case``."""
        return visitor.draw_case(board, param)


class ChanceState(ABoardState):
    """A chance position: the game goes on with :data:`~oogames.board.moves.CHANCE` to
    move (a die to roll). ``map`` for chance applies the lambda to each outcome with its
    probability (:meth:`~oogames.board.lambdas.IBoardLambda.apply_chance`); ``execute``
    calls the visitor's ``chance_case``, by default its ``no_winner_case``."""

    __slots__ = ()
    is_over = False
    name = "chance"

    def execute(self, board: ABoardModel, visitor: IBoardStatusVisitor[R, P], param: P) -> R:
        """Call ``visitor.chance_case``."""
        return visitor.chance_case(board, param)

    def map(self, board: ABoardModel, player: int, lam: IBoardLambda[P], param: P) -> None:
        """Map ``lam`` over the chance outcomes (for :data:`~oogames.board.moves.CHANCE`
        only: a player has no move here)."""
        if player == CHANCE:
            board._map_outcomes(lam, param)
        else:
            lam.no_apply(player, board, param)


class PayoffState(ABoardState):
    """The game is over and player ``i`` gets ``payoffs[i]``: the result of a game of more
    than two players, or of any game that scores its players (made by :func:`game_over`).

    Its ``winner`` is the player whose payoff is higher than every other's, or None.
    """

    __slots__ = ("name", "payoffs", "winner")

    payoffs: tuple[float, ...]

    def __init__(self, payoffs: tuple[float, ...]) -> None:
        self.payoffs = payoffs
        best = leaders(payoffs)
        self.winner = best[0] if len(best) == 1 else None
        self.name = "payoffs " + ", ".join(f"{payoff:g}" for payoff in payoffs)

    def execute(self, board: ABoardModel, visitor: IBoardStatusVisitor[R, P], param: P) -> R:
        """Call ``visitor.payoffs_case`` with the payoffs."""
        return visitor.payoffs_case(board, self.payoffs, param)


def leaders(payoffs: Sequence[float]) -> list[int]:
    """The players with the highest payoff (one: the winner; more: they share the lead)."""
    best = max(payoffs)
    return [player for player, payoff in enumerate(payoffs) if payoff == best]


def shared_first(payoffs: Sequence[float] | None) -> list[int]:
    """The players who share first place where some of them, not all, lead a finished game
    together: no draw for those behind. Empty where one has won, all draw, or the game goes
    on (``payoffs`` None).

    >>> from oogames.board.states import shared_first
    >>> shared_first((5, 2, 5, 4)), shared_first((3, 3)), shared_first((1, 0, 0))
    ([0, 2], [], [])
    """
    best = leaders(payoffs) if payoffs else []
    return best if 1 < len(best) < len(payoffs or ()) else []


@functools.lru_cache(maxsize=4096)
def _payoff_state(payoffs: tuple[float, ...]) -> PayoffState:
    return PayoffState(payoffs)


def game_over(payoffs: Sequence[float]) -> PayoffState:
    """The state of a finished game in which player ``i`` gets ``payoffs[i]``: one shared
    object for each vector of payoffs, so boards in equal positions have the same state."""
    return _payoff_state(tuple(float(payoff) for payoff in payoffs))


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
AT_CHANCE: Final = ChanceState()
"""The shared state of every chance position."""
