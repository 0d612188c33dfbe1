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
        value = self._ended(acc)
        acc.update_payoffs(acc.current, (value, -value))

    def player1_won_case(self, host: IBoardModel, acc: AAccumulator) -> None:
        """Player 1 won: payoffs ``(-win, win)``."""
        value = self._ended(acc)
        acc.update_payoffs(acc.current, (-value, value))

    def draw_case(self, host: IBoardModel, acc: AAccumulator) -> None:
        """A draw: payoffs ``(0, 0)``."""
        self._ended(acc)
        acc.update_payoffs(acc.current, (0.0, 0.0))

    def payoffs_case(
        self, host: IBoardModel, payoffs: tuple[float, ...], acc: AAccumulator
    ) -> None:
        """A finished game: every player's payoff goes to the accumulator."""
        self._ended(acc)
        acc.update_payoffs(acc.current, payoffs)

    def no_winner_case(self, host: IBoardModel, acc: AAccumulator) -> None:
        """The game goes on: the child accumulator is for whoever the board says moves."""
        self.child_case(host, acc, acc.make_child(host.to_move))

    def extra_turn_case(self, host: IBoardModel, acc: AAccumulator) -> None:
        """The same player moves again: as any other position that goes on."""
        self.child_case(host, acc, acc.make_child(host.to_move))

    def chance_case(self, host: IBoardModel, acc: AAccumulator) -> None:
        """A chance position: a chance accumulator weighs its outcomes."""
        self.child_case(host, acc, acc.make_chance())

    def child_case(self, host: IBoardModel, acc: AAccumulator, child: AAccumulator) -> None:
        """Value ``child``'s position into ``acc`` (the child is passed on with a horizon's
        value too, so that a search by vectors reads every player's score from it)."""
        if child.horizon:
            value = child.evaluate(host)
            if value is not None:
                self.leaves += 1
                self.evaluated += 1
                if child.depth > self.max_depth:
                    self.max_depth = child.depth
                acc.update_best(acc.current, value, child)
                return
        if child.probes:
            self.enhanced(host, acc, child)
            return
        host.map(child.player, self.lam, child)
        acc.update_best(acc.current, child.val, child)

    def _ended(self, acc: AAccumulator) -> float:
        """Count a finished game; return what a win is worth at its depth."""
        ply = acc.depth + 1
        self.leaves += 1
        if ply > self.max_depth:
            self.max_depth = ply
        return self.win - ply if self.quick else self.win


def general_status(kind: type[_MinMaxStatus], board: IBoardModel) -> type[_MinMaxStatus]:
    """The status visitor class for a search of ``board``, which does not alternate.

    Raises:
        SearchError: The search asked for (a table, values by margin) does not yet serve
            games of more than two players or of chance.
    """
    if kind is not _MinMaxStatus:
        raise SearchError(
            f"{type(board).__name__} has more than two players, chance or repeated turns: "
            "search it without a transposition table and without values by margin"
        )
    return GeneralStatus
