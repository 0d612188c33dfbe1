"""Boards drawn as SVG: what each game's ``to_svg()`` returns.

Each drawing is made of the public helpers of :mod:`oogames.pictures.drawing`,
which a plug-in board's own ``to_svg`` may use too. Every drawing has the
game's coordinates (as its notation writes them), the last move marked with a
red ring, a finished game's winning line drawn through it where the game has
one, and the status line under the board. A game with no drawing of its own is
drawn as its text (``ABoardModel.to_svg``).

Where the player to move can play by pointing at the board (a cell, a
column, a square, a pit), the picture has a transparent shape over it with
``class="move"`` and ``data-move`` holding the move in the game's notation,
so that a view (the browser page) can turn a click into a move without
knowing the game. The games import this module only inside their ``to_svg``
(a display hook), so the rules never depend on the drawing.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from oogames.board.layout import ink
from oogames.board.moves import CHANCE
from oogames.pictures.drawing import (
    CELL,
    COLOURS,
    LAST,
    MARGIN,
    board_picture,
    coordinates,
    counters,
    last_move,
    line_through,
    move_target,
    status_line,
    winning_cells,
)

if TYPE_CHECKING:
    from oogames.games.connectfour import ConnectFourBoard
    from oogames.games.grid import AGridBoard
    from oogames.games.grundy import GrundyBoard
    from oogames.games.kalah import KalahBoard
    from oogames.games.nim import NimBoard
    from oogames.games.othello import OthelloBoard
    from oogames.games.pig import PigBoard
    from oogames.games.tictactoe import TicTacToeBoard


def tictactoe_svg(board: TicTacToeBoard) -> str:
    """Tic-tac-toe (any m,n,k): X and O in the cells, coordinates, the winning line."""
    rows, cols = board.shape
    left, top = MARGIN + 4, MARGIN + 4
    picture = board_picture(board, left + cols * CELL + 12, top + rows * CELL + 8)
    picture.rect(left, top, cols * CELL, rows * CELL, fill=board.pieces.board, stroke="#333333")
    for col in range(1, cols):
        x = left + col * CELL
        picture.line(x, top, x, top + rows * CELL, stroke="#333333")
    for row in range(1, rows):
        y = top + row * CELL
        picture.line(left, y, left + cols * CELL, y, stroke="#333333")
    coordinates(picture, rows, cols, left, top)
    centre: dict[int, tuple[float, float]] = {}
    for row in range(rows):
        for col in range(cols):
            cx, cy = left + col * CELL + CELL / 2, top + row * CELL + CELL / 2
            centre[row * cols + col] = (cx, cy)
            owner = board.piece_at(row, col)
            arm = CELL * 0.28
            if owner == 0:
                for sign in (1, -1):
                    picture.line(
                        cx - arm, cy - sign * arm, cx + arm, cy + sign * arm,
                        stroke=COLOURS[0], stroke_width=5, stroke_linecap="round",
                    )  # fmt: skip
            elif owner == 1:
                picture.circle(cx, cy, arm, fill="none", stroke=COLOURS[1], stroke_width=5)
    for move in board.legal_moves():
        if isinstance(move, tuple):
            row, col = move
            x, y = left + col * CELL, top + row * CELL
            move_target(picture, board, move, "rect", x=x, y=y, width=CELL, height=CELL)
    last = last_move(board)
    if isinstance(last, tuple):
        row, col = last
        x, y = left + col * CELL, top + row * CELL
        picture.rect(x + 3, y + 3, CELL - 6, CELL - 6, fill="none", stroke=LAST, stroke_width=2)
    winner = board.winner
    if winner is not None:
        line_through(picture, winning_cells(board.windows, board.stones(winner), centre))
    status_line(picture, board)
    return picture.render()


def othello_svg(board: OthelloBoard) -> str:
    """Othello: discs on green, the player to move's legal squares dotted, disc counts."""
    return disc_board_svg(board)


def disc_board_svg(board: AGridBoard) -> str:
    """A square board of discs (Othello, Rolit): the discs in their players' colours on the
    board's colour, the player to move's legal squares dotted, the disc counts."""
    size = board.shape[0]
    left, top = MARGIN + 4, MARGIN + 4
    picture = board_picture(board, left + size * CELL + 12, top + size * CELL + 28)
    picture.rect(left, top, size * CELL, size * CELL, fill=board.pieces.board, stroke="#1b4d1e")
    for step in range(1, size):
        picture.line(
            left + step * CELL, top, left + step * CELL, top + size * CELL, stroke="#1b4d1e"
        )
        picture.line(
            left, top + step * CELL, left + size * CELL, top + step * CELL, stroke="#1b4d1e"
        )
    coordinates(picture, size, size, left, top)
    legal = set(board.legal_moves()) if not board.is_over else set()
    for row in range(size):
        for col in range(size):
            cx, cy = left + col * CELL + CELL / 2, top + row * CELL + CELL / 2
            owner = board.piece_at(row, col)
            if owner is not None:
                pieces = board.pieces
                fill = pieces.colours[owner]
                edge = ("#000000", "#999999")[owner] if len(pieces.colours) == 2 else "#333333"
                picture.circle(cx, cy, CELL * 0.4, fill=fill, stroke=edge, stroke_width=1.5)
                if pieces.lettered:  # told apart by hue alone: each disc with its letter
                    picture.text(
                        cx, cy + 6, pieces.letters[owner], anchor="middle", font_size=17,
                        font_weight="bold", fill=ink(fill), class_="letter",
                    )  # fmt: skip
            elif (row, col) in legal:
                picture.circle(cx, cy, CELL * 0.09, fill="#000000", opacity=0.35)
                x, y = left + col * CELL, top + row * CELL
                move_target(picture, board, (row, col), "rect", x=x, y=y, width=CELL, height=CELL)
    last = last_move(board)
    if isinstance(last, tuple):
        row, col = last
        cx, cy = left + col * CELL + CELL / 2, top + row * CELL + CELL / 2
        picture.circle(cx, cy, CELL * 0.46, fill="none", stroke=LAST, stroke_width=2.5)
    picture.text(picture.width / 2, top + size * CELL + 20, board.score_text(), anchor="middle")
    status_line(picture, board)
    return picture.render()


def connectfour_svg(board: ConnectFourBoard) -> str:
    """Connect Four: the frame, its holes, the tokens, column numbers, the winning line."""
    width, height = board.width, board.height
    left, top = 16, MARGIN + 4
    picture = board_picture(board, left * 2 + width * CELL, top + height * CELL + 8)
    picture.rect(left, top, width * CELL, height * CELL, rx=10, fill=board.pieces.board)
    centre: dict[int, tuple[float, float]] = {}
    for col in range(width):
        picture.text(
            left + col * CELL + CELL / 2, top - 8, board.format_move(col), anchor="middle",
            fill="#555555",
        )  # fmt: skip
        for row in range(height):
            cx = left + col * CELL + CELL / 2
            cy = top + (height - 1 - row) * CELL + CELL / 2
            centre[col * (height + 1) + row] = (cx, cy)
            owner = board.token_at(row, col)
            fill = "#ffffff" if owner is None else board.pieces.colours[owner]
            picture.circle(cx, cy, CELL * 0.38, fill=fill, stroke="#163a8c", stroke_width=1.5)
    for column in board.legal_moves():
        if isinstance(column, int):
            x = left + column * CELL
            move_target(
                picture, board, column, "rect", x=x, y=top, width=CELL, height=height * CELL
            )
    last = last_move(board)
    if isinstance(last, int) and board.column_height(last):
        row = board.column_height(last) - 1
        cx = left + last * CELL + CELL / 2
        cy = top + (height - 1 - row) * CELL + CELL / 2
        picture.circle(cx, cy, CELL * 0.16, fill="none", stroke="#ffffff", stroke_width=3)
    winner = board.winner
    if winner is not None:
        cells = winning_cells(board.windows, board.stones(winner), centre)
        line_through(picture, cells, colour="#111111")
    status_line(picture, board)
    return picture.render()


def nim_svg(board: NimBoard) -> str:
    """The 21 game: a track from 0 to the target, filled up to the total."""
    target = board.target
    shown = min(target, 60)
    per_row = min(shown, 20)
    rows = -(-shown // per_row)
    width = 32 + per_row * 16
    picture = board_picture(board, max(width, 260), 56 + rows * 16 + 20)
    picture.text(16, 24, f"total {board.total} of {target}", font_size=16)
    picture.text(picture.width - 16, 24, f"add 1 to {board.max_add}", anchor="end", fill="#555555")
    done = board.total if target == shown else round(board.total * shown / target)
    for index in range(shown):
        row, col = divmod(index, per_row)
        fill = COLOURS[0] if index < done else "#eeeeee"
        picture.circle(16 + col * 16 + 7, 40 + row * 16 + 7, 6.5, fill=fill, stroke="#999999")
    if target != shown:
        each = target / shown  # 1.02 for 61, 1,667 for 100,000 (not 1.67e+03)
        said = f"{each:,.0f}" if each >= 100 else f"{each:.3g}"
        picture.text(16, 40 + rows * 16 + 14, f"(one dot for {said})", fill="#777777")
    status_line(picture, board)
    return picture.render()


def grundy_svg(board: GrundyBoard) -> str:
    """Grundy's game: each heap as a row of counters with its size."""
    heaps = board.heaps
    per_row = 20
    used = [max(1, -(-heap // per_row)) * 16 for heap in heaps]
    width = 70 + min(max(heaps, default=1), per_row) * 16
    picture = board_picture(board, max(width, 220), 16 + sum(used) + 8 * len(heaps) + 8)
    y = 16.0
    for heap, height in zip(heaps, used, strict=True):
        picture.text(50, y + 12, str(heap), anchor="end", font_size=14)
        counters(picture, 58, y, heap, per_row, COLOURS[0] if heap >= 3 else "#bbbbbb")
        y += height + 8
    status_line(picture, board)
    return picture.render()


def kalah_svg(board: KalahBoard) -> str:
    """Kalah: North's row on top (right to left), South's below, the stores at the ends,
    seed counts in every pit and pit numbers along each row."""
    pits = board.pits
    pit = 50
    store_width = 56
    left = 16 + store_width + 8
    top = 30
    width = left * 2 + pits * pit
    picture = board_picture(board, width, top + 2 * pit + 40)
    wood = board.pieces.board
    picture.rect(8, top - 8, width - 16, 2 * pit + 16, rx=22, fill=wood, stroke="#7a5230")

    def hollow(cx: float, cy: float, seeds: int, colour: str) -> None:
        picture.circle(cx, cy, pit * 0.4, fill="#a8763e", stroke="#7a5230")
        picture.text(cx, cy + 6, str(seeds), anchor="middle", font_size=17, fill=colour)

    north, south = board.row(1), board.row(0)
    for index in range(pits):
        # North's pit 1 is at the right end of the top row; South's at the left of the bottom.
        hollow(left + (pits - 1 - index) * pit + pit / 2, top + pit / 2, north[index], "#ffffff")
        picture.text(
            left + (pits - 1 - index) * pit + pit / 2, top - 12, str(index + 1), anchor="middle",
            fill="#555555",
        )  # fmt: skip
        hollow(left + index * pit + pit / 2, top + pit * 1.5, south[index], "#ffffff")
        picture.text(
            left + index * pit + pit / 2, top + 2 * pit + 22, str(index + 1), anchor="middle",
            fill="#555555",
        )  # fmt: skip
    for player, x in ((1, 16), (0, width - 16 - store_width)):
        picture.rect(x, top, store_width, 2 * pit, rx=24, fill="#a8763e", stroke="#7a5230")
        picture.text(
            x + store_width / 2, top + pit + 7, str(board.store(player)), anchor="middle",
            font_size=20, fill="#ffffff",
        )  # fmt: skip
    mover = board.to_move
    for pit_number in board.legal_moves():
        if not isinstance(pit_number, int):
            continue
        index = pit_number - 1
        cx = left + (index if mover == 0 else pits - 1 - index) * pit + pit / 2
        cy = top + (pit * 1.5 if mover == 0 else pit / 2)
        move_target(picture, board, pit_number, "circle", cx=cx, cy=cy, r=pit * 0.45)
    last = last_move(board)
    if isinstance(last, int) and board.history:
        player = board.history[-1][0]
        index = last - 1
        cx = left + (index if player == 0 else pits - 1 - index) * pit + pit / 2
        cy = top + (pit * 1.5 if player == 0 else pit / 2)
        picture.circle(cx, cy, pit * 0.45, fill="none", stroke=LAST, stroke_width=2.5)
    status_line(picture, board)
    return picture.render()


#: Where the pips of each face of a die stand, in thirds of its side from its centre.
PIPS = {
    1: ((0, 0),),
    2: ((-1, -1), (1, 1)),
    3: ((-1, -1), (0, 0), (1, 1)),
    4: ((-1, -1), (1, -1), (-1, 1), (1, 1)),
    5: ((-1, -1), (1, -1), (0, 0), (-1, 1), (1, 1)),
    6: ((-1, -1), (1, -1), (-1, 0), (1, 0), (-1, 1), (1, 1)),
}


def pig_svg(board: PigBoard) -> str:
    """Pig: a track for each player from 0 to the target, filled to the points banked, the turn's
    total after it (pale) on the track of the player whose turn it is, and the die."""
    players, target = board.players, board.target
    track, row, left, top, die = 220, 30, 44, 34, 48
    picture = board_picture(board, left + track + 64 + die + 20, top + players * row + 10)
    roller, turn = board.roller, board.turn_total
    end = left + track
    picture.text(end, top - 14, f"target {target}", anchor="middle", fill="#555555")
    for player, banked in enumerate(board.banked):
        y = top + player * row
        colour = board.pieces.colours[player]
        if player == roller and not board.is_over:  # whose turn it is
            picture.rect(4, y - 2, end + 60, row - 4, rx=6, fill="#fff3c4", class_="turn")
        picture.circle(22, y + 12, 11, fill=colour, stroke="#333333")
        picture.text(
            22, y + 17, board.pieces.letters[player], anchor="middle", font_weight="bold",
            font_size=13, fill=ink(colour),
        )  # fmt: skip
        picture.rect(left, y + 4, track, 16, rx=3, fill="#eeeeee", stroke="#bbbbbb", class_="track")
        filled = track * min(banked, target) / target
        if filled:
            picture.rect(left, y + 4, filled, 16, rx=3, fill=colour, class_="banked")
        said = f"{banked:,}"
        if player == roller and turn:
            more = min(track - filled, track * turn / target)
            picture.rect(
                left + filled, y + 4, more, 16, fill=colour, opacity=0.35, class_="turn-total"
            )
            said += f" +{turn:,}"
        picture.text(end + 8, y + 17, said, font_size=13, class_="points")
    picture.line(
        end, top - 8, end, top + players * row - 6, stroke="#555555", stroke_dasharray="4 3"
    )
    # The die: the face it showed, ringed as the last move if it was; blank before a roll.
    dx, dy = picture.width - die - 16, top + (players * row - die) / 2 - 4
    last = board.last_played()
    face = last[1] if last is not None and last[0] == CHANCE and isinstance(last[1], int) else 0
    stroke = LAST if face else "#333333"
    picture.rect(
        dx, dy, die, die, rx=8, fill="#ffffff", stroke=stroke, stroke_width=2.5, class_="die"
    )
    for across, down in PIPS.get(face, ()):
        cx, cy = dx + die / 2 + across * die / 3.4, dy + die / 2 + down * die / 3.4
        picture.circle(cx, cy, die / 11, fill=LAST if face == 1 else "#222222", class_="pip")
    picture.text(dx + die / 2, dy + die + 16, board.chance_name, anchor="middle", fill="#555555")
    status_line(picture, board)
    return picture.render()
