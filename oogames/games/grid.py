"""``AGridBoard``: what boards of cells share: coordinates, notation, drawing.

A cell is ``(row, col)``, counted from 0 at the top left. In text it is the
column letter and the row number, as the drawing labels them: ``"b2"`` is
``(1, 1)``. Tic-tac-toe and Othello are grid boards.
"""

from __future__ import annotations

import abc
import re
from collections.abc import Sequence
from typing import Final

from oogames.board.layout import Layout, Square
from oogames.board.model import ABoardModel
from oogames.board.moves import Move, lookup_move

_CELL: Final = re.compile(r"\s*([a-z])\s*([0-9]{1,6})\s*$", re.IGNORECASE | re.ASCII)


SCORE_SEPARATOR: Final = " - "
"""What stands between two players' counts in a score line (:func:`counts_text`): a view
short of room breaks the line there."""


def counts_text(names: Sequence[str], counts: Sequence[int]) -> str:
    """Each player's count by name, in player order: ``Black 2 - White 2`` (the score line
    of the disc games, Othello and Rolit).

    >>> from oogames.games.grid import counts_text
    >>> counts_text(("Red", "Green", "Yellow"), (2, 1, 1))
    'Red 2 - Green 1 - Yellow 1'
    """
    pairs = zip(names, counts, strict=True)
    return SCORE_SEPARATOR.join(f"{name} {count}" for name, count in pairs)


class AGridBoard(ABoardModel):
    """A board of ``rows`` x ``cols`` cells, each empty or holding a player's piece.

    A subclass calls :meth:`_init_grid` in its constructor and says who owns a
    cell with :meth:`_owner`; the notation and the drawing come from here.
    ``_index`` maps each cell to its bit index ``row * cols + col``.
    """

    __slots__ = ("_cols", "_index", "_rows")

    notation = "a column letter and a row number, like b2"

    def _init_grid(self, rows: int, cols: int) -> None:
        """Set up the cells of a ``rows`` x ``cols`` board (at most 26 columns)."""
        self._rows = rows
        self._cols = cols
        self._index: dict[Move, int] = {
            (r, c): r * cols + c for r in range(rows) for c in range(cols)
        }

    @abc.abstractmethod
    def _owner(self, index: int) -> int | None:
        """The player whose piece is on the cell with bit ``index``, or None if it is empty."""

    @property
    def shape(self) -> tuple[int, int]:
        """``(rows, cols)``."""
        return (self._rows, self._cols)

    def piece_at(self, row: int, col: int) -> int | None:
        """The player whose piece is on ``(row, col)``, or None for an empty cell."""
        return self._owner(row * self._cols + col)

    def _cell_index(self, move: object) -> int | None:
        """The bit index of the cell ``move``, or None if it is no cell (even unhashable)."""
        return lookup_move(self._index, move)

    def layout(self) -> Layout:
        """The cells, the legal ones marked, the last move's, a completed line's
        (:meth:`completed_cells`), column letters and row numbers."""
        rows, cols = self._rows, self._cols
        legal = set(self.legal_moves())
        squares = tuple(
            Square((r, c), self._owner(r * cols + c), (r, c) in legal)
            for r in range(rows)
            for c in range(cols)
        )
        last = self._cell_index(self.moves[-1]) if self.moves else None
        return Layout(
            rows,
            cols,
            squares,
            tuple(chr(97 + c) for c in range(cols)),
            tuple(str(r + 1) for r in range(rows)),
            frozenset(self.completed_cells()),
            last,
        )

    def completed_cells(self) -> set[int]:
        """The indexes (``row * cols + col``) of a completed line's cells; none here."""
        return set()

    @property
    def marks(self) -> tuple[str, ...]:
        """How each player's pieces are drawn in text (the pieces' ``letters``)."""
        return self.pieces.letters

    def _draw(self) -> str:
        marks: dict[int | None, str] = {None: ".", **dict(enumerate(self.marks))}
        width = len(str(self._rows))
        lines = [" " * (width + 2) + " ".join(chr(97 + c) for c in range(self._cols))]
        for r in range(self._rows):
            cells = " ".join(marks[self._owner(r * self._cols + c)] for c in range(self._cols))
            lines.append(f" {r + 1:>{width}} {cells}")
        return "\n".join(lines)

    def parse_move(self, text: str) -> Move:
        """Read a cell as column letter and row number (``"b2"`` is ``(1, 1)``), or ``"pass"``.

        Raises:
            MalformedMoveError: The text names no cell of this board.
        """
        found = _CELL.match(text)
        if found is None:
            return super().parse_move(text)
        cell = (int(found.group(2)) - 1, ord(found.group(1).lower()) - 97)
        if cell not in self._index:
            raise self._malformed(text, f"there is no cell {text.strip()!r} on this board")
        return cell

    def format_move(self, move: Move) -> str:
        """Write a cell as column letter and row number: ``(1, 1)`` is ``"b2"``."""
        index = self._cell_index(move)
        if index is None:
            return super().format_move(move)
        row, col = divmod(index, self._cols)
        return f"{chr(97 + col)}{row + 1}"
