"""Public drawing helpers: what every board's picture is made of, for the built-in games'
drawings (:mod:`oogames.pictures.boards`) and for a plug-in board's own ``to_svg``.

A picture is an :class:`~oogames.pictures.svg.Svg`; :func:`board_picture` makes
one with the board's title and room for :func:`status_line` under it. A board
that can be played by pointing puts a :func:`move_target` over each place a
move is made, so that the page turns a click into that move without knowing
the game.

>>> from oogames.games import NimBoard
>>> from oogames.pictures.drawing import board_picture, counters, status_line
>>> board = NimBoard.from_moves([3, 2])
>>> picture = board_picture(board, 260, 60)
>>> height = counters(picture, 16, 10, board.total, 20, "#1f5fbf")
>>> status_line(picture, board)
>>> picture.render().count("<circle")
5
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from oogames.board.layout import PLAIN_PIECES
from oogames.pictures.svg import Svg, text_width

if TYPE_CHECKING:
    from oogames.board.model import ABoardModel

CELL = 48
"""The side of a board cell, in pixels."""

MARGIN = 26
"""Room for the coordinates around a board."""

LAST = "#d62728"
"""The colour that marks the last move and the winning line."""

COLOURS = PLAIN_PIECES.colours
"""Player 0's colour and player 1's, in pictures of games without a colour of their own
(the pieces of :data:`~oogames.board.layout.PLAIN_PIECES`, as every view shows them)."""


TITLED_MOVES = 40
"""The moves a picture's title lists at most, the last ones (with every move, the title of
a game of 50,000 was 100 KB, and the page draws the picture at every move)."""


def title(board: ABoardModel) -> str:
    """The picture's title: the game, its moves (the last :data:`TITLED_MOVES`, after a count
    of those before) and its status."""
    earlier = max(0, board.ply - TITLED_MOVES)
    moves = board.format_moves(move for _, move in board.history_since(earlier))
    if earlier:
        moves = f"{earlier:,} moves, then {moves}"
    return f"{board.game_name}: {moves or 'start'} ({board.status_text()})"


def status_line(picture: Svg, board: ABoardModel, y: float | None = None) -> None:
    """The board's status (whose turn, or how the game ended) centred at ``y`` (by default
    in the room :func:`board_picture` leaves under the board), of ``class="status"`` (a
    page that says it in words of its own hides it)."""
    y = picture.height - 12 if y is None else y
    text = board.status_text()
    picture.text(picture.width / 2, y, text, anchor="middle", font_size=14, class_="status")


def last_move(board: ABoardModel) -> object:
    """The last move played, or None at the start (to mark it with :data:`LAST`)."""
    last = board.last_played()
    return None if last is None else last[1]


def board_picture(board: ABoardModel, width: float, height: float) -> Svg:
    """A picture with room for the status line under a board of ``width`` x ``height``."""
    picture = Svg(max(width, text_width(board.status_text(), 14) + 20), height + 30, title(board))
    picture.rect(0, 0, picture.width, picture.height, fill="#ffffff")
    return picture


def coordinates(picture: Svg, rows: int, cols: int, left: float, top: float) -> None:
    """Column letters above and row numbers left of a grid (row 1 at the top)."""
    for col in range(cols):
        x = left + col * CELL + CELL / 2
        picture.text(x, top - 8, chr(97 + col), anchor="middle", fill="#555555")
    for row in range(rows):
        y = top + row * CELL + CELL / 2 + 4
        picture.text(left - 8, y, str(row + 1), anchor="end", fill="#555555")


def move_target(picture: Svg, board: ABoardModel, move: object, shape: str, **place: float) -> None:
    """A transparent clickable ``rect`` or ``circle`` that plays ``move``."""
    picture.element(
        shape,
        None,
        **place,
        fill="transparent",
        class_="move",
        data_move=board.format_move(move),
        style="cursor:pointer",
    )


def line_through(
    picture: Svg, cells: list[tuple[float, float]], width: float = 6, colour: str = LAST
) -> None:
    """A thick line from the first to the last of ``cells`` (centres along one line)."""
    if len(cells) < 2:
        return
    (x1, y1), (x2, y2) = cells[0], cells[-1]
    picture.line(
        x1, y1, x2, y2, stroke=colour, stroke_width=width, stroke_linecap="round", opacity=0.75
    )


def winning_cells(
    windows: tuple[int, ...], stones: int, centre: dict[int, tuple[float, float]]
) -> list[tuple[float, float]]:
    """The centres of the first full line (a window all ``stones``), in order."""
    for window in windows:
        if window & stones == window:
            bits = sorted(bit for bit in centre if window >> bit & 1)
            return [centre[bit] for bit in bits]
    return []


def counters(picture: Svg, x: float, y: float, count: int, per_row: int, colour: str) -> float:
    """``count`` counters from ``(x, y)`` rightwards, ``per_row`` a row; returns the
    height used."""
    step = 16
    for index in range(count):
        row, col = divmod(index, per_row)
        picture.circle(x + col * step + 7, y + row * step + 7, 6.5, fill=colour, stroke="#333333")
    rows = max(1, -(-count // per_row))
    return rows * step
