"""The search's status visitor for boards that do not alternate: more than two players,
chance, turns that repeat.

:class:`~oogames.MinMax` values a two-player game with a status visitor that makes each
child for the other player without asking the board (the fast path). On a board whose
``alternates`` is False it uses :class:`GeneralStatus` instead, the same visitor with
the Rice model's extensions to more players and chance: a position that goes on asks the
board who is to move and makes the child for that player (``make_child``), a chance
position makes a chance accumulator (``make_chance``) whose children the search weighs
by their probabilities, and a finished game hands every player's payoff to the
accumulator (``update_payoffs``), which takes what its kind of search needs: the model
player's payoff (two sides, expectimax), or the whole vector (max^n).
"""

from __future__ import annotations

from oogames.board.model import IBoardModel
from oogames.errors import SearchError
from oogames.nextmove.accumulators import AAccumulator
from oogames.nextmove.minmax import _MinMaxStatus


class GeneralStatus(_MinMaxStatus):
    """The search's status visitor on a board that does not alternate (see the module)."""

    __slots__ = ()

    def player0_won_case(self, host: IBoardModel, acc: AAccumulator) -> None:
        """Player 0 won: payoffs ``(win, -win)`` (a quicker win is worth more)."""
        value = self.win - acc.depth - 1 if self.quick else self.win
        self.payoffs_case(host, (value, -value), acc)

    def player1_won_case(self, host: IBoardModel, acc: AAccumulator) -> None:
        """Player 1 won: payoffs ``(-win, win)``."""
        value = self.win - acc.depth - 1 if self.quick else self.win
        self.payoffs_case(host, (-value, value), acc)

    def draw_case(self, host: IBoardModel, acc: AAccumulator) -> None:
        """A draw: payoffs ``(0, 0)``."""
        self.payoffs_case(host, (0.0, 0.0), acc)

    def no_winner_case(self, host: IBoardModel, acc: AAccumulator) -> None:
        """The game goes on: the child accumulator is for whoever the board says moves."""
        self.child_case(host, acc, acc.make_child(host.to_move))

    def extra_turn_case(self, host: IBoardModel, acc: AAccumulator) -> None:
        """The same player moves again: as any other position that goes on."""
        self.child_case(host, acc, acc.make_child(host.to_move))

    def chance_case(self, host: IBoardModel, acc: AAccumulator) -> None:
        """A chance position: a chance accumulator weighs its outcomes."""
        self.child_case(host, acc, acc.make_chance())


def general_status(kind: type[_MinMaxStatus], board: IBoardModel) -> type[_MinMaxStatus]:
    """The status visitor class for a search of ``board``, which does not alternate.

    Raises:
        SearchError: The search is valued by margins, which are written for two players
            who take turns.
    """
    if kind is not _MinMaxStatus:  # a table is kept by the decorator here, never the status
        raise SearchError(
            f"{type(board).__name__} has more than two players, chance or repeated turns: "
            "search it without values by margin"
        )
    return GeneralStatus
