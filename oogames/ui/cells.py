"""What the terminal board (:mod:`oogames.ui.tui`) shows in each of its cells, read from the
board's own :meth:`~oogames.board.notation.ABoardText.layout` and
:attr:`~oogames.board.notation.ABoardText.pieces`: the pieces in their colours, the legal
moves marked, the last move, the hint and a completed line. Plain data, no Textual, and
no question of which game it is: the view lays the cells out as buttons."""

from __future__ import annotations

from typing import TypeAlias

import attrs

from oogames.board.layout import ink
from oogames.board.model import ABoardModel
from oogames.board.moves import Move
from oogames.games.bitboards import completed_line

LEGAL = "·"
"""What an empty square a legal move may take shows."""

CHIP = 3
"""How wide a lettered piece's chip is, its letter between two spaces on its colour; a
square narrower than this shows the letter alone."""

Styled: TypeAlias = tuple[str, str]
"""A text and its style (Rich style words, ``"bold #ffffff on #1f5fbf"``; empty: none). The
text is shown as it is, never read as markup: it is a game's (its notation, its marks, a
Kalah store's ``[0]``), and a plug-in game's text is anything (``[/]`` crashed the view)."""

Cell: TypeAlias = tuple[str, Styled, Move, set[str]]
"""One button of the board, as its id, its label, the move it plays and its CSS classes
(every square of a grid board has the class ``square``)."""


@attrs.frozen
class Cells:
    """The buttons of a board.

    Attributes:
        columns: How many buttons a row.
        cells: The buttons, row by row from the top.
        column_labels: The labels over the columns (empty for a game of move buttons).
        row_labels: The labels beside the rows (likewise).
    """

    columns: int
    cells: list[Cell]
    column_labels: tuple[str, ...] = ()
    row_labels: tuple[str, ...] = ()

    @property
    def grid(self) -> bool:
        """Whether the cells are the board's squares (not a button a move)."""
        return bool(self.column_labels)


def winning_cells(board: ABoardModel) -> set[int]:
    """The bit indexes of a completed line on a board with ``windows`` and ``stones`` (as
    tic-tac-toe and Connect Four have), else empty."""
    winner = board.winner
    windows = getattr(board, "windows", None)
    stones = getattr(board, "stones", None)
    if winner is None or windows is None or stones is None:
        return set()
    return completed_line(windows, stones(winner))


def piece(board: ABoardModel, player: int, plain: bool = False, chip: bool = True) -> Styled:
    """``player``'s piece: its mark in its colour, on the board's colour
    (black discs show on any screen), or, where the pieces are
    :attr:`~oogames.board.layout.Pieces.lettered` (Rolit's red, green and blue discs
    differ by hue alone), its letter on its colour, as the pictures draw it on its disc
    (Rolit's yellow was as light as its board); ``plain``, where the terminal shows no
    colour (``NO_COLOR``), its letter in an ink that reads on the board (red discs on
    Connect Four's blue were as dark as the board in grey). A lettered piece is a chip
    :data:`CHIP` wide (the letter alone was a speck in a square of five or nine), or with
    ``chip`` False, where a square is narrower, the letter alone on its colour."""
    pieces = board.pieces
    shown = shown_mark(board, player, plain)
    if plain:
        return shown, f"bold {ink(pieces.board)} on {pieces.board}"
    colour = pieces.colours[player]
    if pieces.lettered:  # the letter on its colour, as on a disc: Rolit's yellow on tan
        return shown.center(CHIP) if chip else shown, f"bold {ink(colour)} on {colour}"
    return shown, f"bold {colour} on {pieces.board}"


def shown_mark(board: ABoardModel, player: int, plain: bool = False) -> str:
    """What :func:`piece` shows of ``player``'s piece, as text."""
    pieces = board.pieces
    return (pieces.letters if plain or pieces.lettered else pieces.marks)[player]


def board_cells(
    board: ABoardModel, hint: Move | None, plain: bool = False, wide: bool = True
) -> Cells:
    """The board's buttons: its squares when it has a
    :meth:`~oogames.board.notation.ABoardText.layout` (any square of a
    Connect Four column plays that column, a Kalah pit shows its seeds), else a button
    per legal move (Nim, Grundy and plug-in games without a layout); ``plain``: the pieces
    as their letters; ``wide``: a square has room for a chip (see :func:`piece`)."""
    layout = board.layout()
    cells: list[Cell] = []
    if layout is None:
        moves = board.legal_moves()
        cells = [
            (f"move-{number}", (board.format_move(move), ""), move, set())
            for number, move in enumerate(moves)
        ]
        return Cells(max(1, min(len(moves), 6)), cells)
    hinted = None if hint is None else layout.index_of(hint)
    for index, square in enumerate(layout.squares):
        row, col = divmod(index, layout.cols)
        classes = {"square"}  # a square of the board (a move button has no class)
        if square.owner is not None:
            label = piece(board, square.owner, plain, chip=wide)
            classes.add(f"mover-{square.owner}")
        elif square.text is not None:  # a pit's seeds; a square that is no part of the board
            label = square.text, ink(board.pieces.board)
            classes.add("legal" if square.legal else "counted" if square.text else "blank")
        elif square.legal:
            label = LEGAL, ink(board.pieces.board)
            classes.add("legal")
        else:
            label = board.pieces.empty, ink(board.pieces.board)
            classes.add("empty")
        if index == layout.last:
            classes.add("last")
        if index == hinted:
            classes.add("hint")
        if index in layout.winning:
            classes.add("win")
        cells.append((f"cell-{row}-{col}", label, square.move, classes))
    return Cells(layout.cols, cells, layout.column_labels, layout.row_labels)
