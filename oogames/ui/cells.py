"""What the terminal board (:mod:`oogames.ui.tui`) shows in each of its cells: the
pieces, the last move, the hint and a completed line. Plain data, no Textual: the view
lays the cells out as buttons."""

from __future__ import annotations

from typing import TypeAlias

from oogames.board.model import ABoardModel
from oogames.board.moves import Move
from oogames.games import ConnectFourBoard, TicTacToeBoard
from oogames.games.grid import AGridBoard

Cell: TypeAlias = tuple[str, str, Move, set[str]]
"""One button of the board, as its id, its label, the move it plays and its CSS classes."""


def winning_cells(board: ABoardModel) -> set[int]:
    """The bit indexes of a completed line (tic-tac-toe and Connect Four), else empty."""
    winner = board.winner
    if winner is None or not isinstance(board, (TicTacToeBoard, ConnectFourBoard)):
        return set()
    stones = board.stones(winner)
    cells: set[int] = set()
    for line in board.windows:
        if stones & line == line:
            cells |= {index for index in range(line.bit_length()) if line >> index & 1}
    return cells


def board_cells(board: ABoardModel, hint: Move | None) -> tuple[int, list[Cell]]:
    """The board's columns and its cells, row by row: each a button of the terminal view
    (its id, label, the move it plays and its CSS classes); a game without cells (Nim,
    Grundy, Kalah) has a button per legal move."""
    last = board.moves[-1] if board.moves else None
    won = winning_cells(board)
    cells: list[Cell] = []
    if isinstance(board, AGridBoard):
        rows, cols = board.shape
        for row in range(rows):
            for col in range(cols):
                index = row * cols + col
                owner = board.piece_at(row, col)
                # An empty cell shows the move it plays: the board's coordinates.
                label = board.format_move((row, col)) if owner is None else board.marks[owner]
                classes = {"empty"} if owner is None else {f"mover-{owner}"}
                if (row, col) == last:
                    classes.add("last")
                if (row, col) == hint:
                    classes.add("hint")
                if index in won:
                    classes.add("win")
                cells.append((f"cell-{row}-{col}", label, (row, col), classes))
        return cols, cells
    if isinstance(board, ConnectFourBoard):
        stride = board.height + 1
        top = board.column_height(last) - 1 if isinstance(last, int) else -1
        for row in reversed(range(board.height)):
            for col in range(board.width):
                owner = board.token_at(row, col)
                label = "·" if owner is None else board.player_names[owner]
                classes = set() if owner is None else {f"mover-{owner}"}
                if col == last and row == top:
                    classes.add("last")
                if col == hint and row == board.column_height(col):
                    classes.add("hint")  # where the hinted token would land
                if col * stride + row in won:
                    classes.add("win")
                cells.append((f"cell-{row}-{col}", label, col, classes))
        return board.width, cells
    moves = board.legal_moves()
    for number, move in enumerate(moves):
        cells.append((f"move-{number}", board.format_move(move), move, set()))
    return max(1, min(len(moves), 6)), cells
