"""``ANumberedBoard``: what boards whose moves are whole numbers share: their notation,
and the rule a move of another form is told.

Nim's moves are the numbers added, Kalah's the pits' numbers, Connect Four's the
columns (written from 1). A game says which numbers (:meth:`ANumberedBoard._numbers`)
and what a move is (:attr:`ANumberedBoard.move_noun`); reading, writing and refusing
them come from here, as :class:`~oogames.games.grid.AGridBoard` does for boards of cells.
A game whose ``map`` walks its moves in ``_order`` says so (:attr:`ANumberedBoard.walks_order`),
and then offers custom move orders; the numbers alone do not say whether its ``map``
walks them in an order it can change.
"""

from __future__ import annotations

import abc
from typing import ClassVar

from oogames.board.model import ABoardModel
from oogames.board.moves import Move
from oogames.parsing import whole_number


class ANumberedBoard(ABoardModel):
    """A board whose moves are the whole numbers of a range, written as numbers.

    >>> from oogames.games.kalah import KalahBoard
    >>> board = KalahBoard(pits=3)
    >>> board.parse_move("2"), board.format_move(2)
    (2, '2')
    >>> try:
    ...     board.parse_move("7")
    ... except ValueError as error:
    ...     print(error.reason)
    write a move as a number from 1 to 3
    """

    __slots__ = ()

    #: What a move is, as the rule told of a move of another form names it ("a move is
    #: a pit number from 1 to 6").
    move_noun: ClassVar[str] = "number"
    #: How much greater the written number is than the move (Connect Four writes its
    #: column 0 as "1").
    written_from: ClassVar[int] = 0
    #: Whether the game's ``map`` walks its moves in ``_order``, the numbers at first
    #: (see :class:`~oogames.board.order.MoveOrder`); then its move universe is its
    #: numbers, and a user may set the order (Nim's, Kalah's).
    walks_order: ClassVar[bool] = False

    @abc.abstractmethod
    def _numbers(self) -> range:
        """The moves of the game: every whole number a move can ever be."""

    def parse_move(self, text: str) -> Move:
        """Read a move written as its number (``"3"``), or ``"pass"``.

        Raises:
            MalformedMoveError: The text is not a move of this game.
        """
        number = whole_number(text)
        if number is None:
            return super().parse_move(text)
        numbers = self._numbers()
        if number - self.written_from in numbers:
            return number - self.written_from
        first, last = numbers[0] + self.written_from, numbers[-1] + self.written_from
        raise self._malformed(text, f"write a move as a number from {first} to {last}")

    def format_move(self, move: Move) -> str:
        """Write a move as its number."""
        if isinstance(move, int) and move in self._numbers():
            return str(move + self.written_from)
        return super().format_move(move)

    def _move_form_error(self, move: Move) -> str | None:
        """A move is of the game's form if it is one of its numbers (see
        :meth:`~oogames.board.order.MoveOrder._move_form_error`)."""
        return None if move in self._numbers() else self._move_rule()

    def _move_rule(self) -> str:
        numbers = self._numbers()
        return f"a move is a {self.move_noun} from {numbers[0]} to {numbers[-1]}"

    def _move_universe(self) -> tuple[Move, ...]:
        return tuple(self._numbers()) if self.walks_order else ()
