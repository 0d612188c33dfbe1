"""How a board of squares is laid out for the views that draw it as a grid: the terminal
board draws each square as a cell it can focus and click. Plain data, written by the
board (:meth:`~oogames.board.notation.ABoardText.layout`), so that no view asks which
game it shows.

Nothing here is part of the Rice protocol: a search never asks for it.
"""

from __future__ import annotations

import attrs

from oogames.board.moves import Move


@attrs.frozen
class Pieces:
    """How a game's pieces look, the same in every view and picture.

    Attributes:
        marks: Each player's piece in text (``"X"``, ``"O"``; ``"●"`` for discs).
        colours: Each player's colour (a CSS colour), as the pictures draw the pieces.
        names: Each colour as people name it (``"red"``, ``"yellow"``), for the lines
            that say whose turn it is beside a picture.
        board: The colour of the board under the pieces (Othello's green).
        empty: What an empty square shows in text (Connect Four's hole ``"○"``).
        letters: Each player's piece where no colour tells the players apart: the text
            drawing, and a terminal without colour (``NO_COLOR``); discs of one shape need
            them (Connect Four's ``"X"``, ``"O"``; Rolit's ``"R"``, ``"G"``, ``"Y"``,
            ``"B"``). By default the marks.
    """

    marks: tuple[str, ...]
    colours: tuple[str, ...]
    names: tuple[str, ...]
    board: str = "#fffdf5"
    empty: str = " "
    letters: tuple[str, ...] = attrs.field()

    @letters.default
    def _marks(self) -> tuple[str, ...]:
        return self.marks


#: The pieces of a game that says nothing of its own (X in blue, O in orange, on paper).
PLAIN_PIECES = Pieces(("X", "O"), ("#1f5fbf", "#e07b00"), ("blue", "orange"))


@attrs.frozen
class Square:
    """One square of a grid board.

    Attributes:
        move: The move that pointing at it plays (a cell; any square of a Connect Four
            column plays that column), or None.
        owner: The player whose piece is on it, or None.
        legal: Whether a legal move puts a piece on it now (the views mark it).
        text: What it shows where it holds no piece (a Kalah pit's seeds, ``""`` for a
            square that is no part of the board), or None for an empty square.
    """

    move: Move | None
    owner: int | None
    legal: bool = False
    text: str | None = None


@attrs.frozen
class Layout:
    """A board drawn as ``rows`` x ``cols`` squares, the top row first.

    Attributes:
        rows: How many rows.
        cols: How many columns.
        squares: Every square, row by row from the top.
        column_labels: The label over each column, as the notation writes it.
        row_labels: The label beside each row.
        winning: The indexes of the squares of a completed line (empty if none).
        last: The index of the square the last move put a piece on, or None.
    """

    rows: int
    cols: int
    squares: tuple[Square, ...]
    column_labels: tuple[str, ...]
    row_labels: tuple[str, ...]
    winning: frozenset[int] = frozenset()
    last: int | None = None

    def index_of(self, move: Move) -> int | None:
        """The index of the square a legal ``move`` puts a piece on, or None."""
        for index, square in enumerate(self.squares):
            if square.legal and square.move == move:
                return index
        return None
