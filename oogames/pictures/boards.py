"""Boards drawn as SVG: what each game's ``to_svg()`` returns.

Every drawing has the game's coordinates (as its notation writes them), the
last move marked with a red ring, a finished game's winning line drawn through
it where the game has one, and the status line under the board. A game with
no drawing of its own is drawn as its text (``ABoardModel.to_svg``).

Where the player to move can play by pointing at the board (a cell, a
column, a square, a pit), the picture has a transparent shape over it with
``class="move"`` and ``data-move`` holding the move in the game's notation,
so that a view (the browser page) can turn a click into a move without
knowing the game.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from oogames.pictures.svg import Svg, text_width

if TYPE_CHECKING:
    from oogames.board.model import ABoardModel
    from oogames.games.connectfour import ConnectFourBoard
    from oogames.games.grundy import GrundyBoard
    from oogames.games.kalah import KalahBoard
    from oogames.games.nim import NimBoard
    from oogames.games.othello import OthelloBoard
    from oogames.games.tictactoe import TicTacToeBoard

CELL = 48
"""The side of a board cell, in pixels."""

MARGIN = 26
"""Room for the coordinates around a board."""

LAST = "#d62728"
"""The colour that marks the last move and the winning line."""

COLOURS = ("#1f5fbf", "#e07b00")
"""Player 0's colour and player 1's, in pictures of games without a colour of their own."""


def _title(board: ABoardModel) -> str:
    moves = " ".join(board.format_move(move) for move in board.moves)
    return f"{board.game_name}: {moves or 'start'} ({board.status_text()})"


def _status(picture: Svg, board: ABoardModel, y: float) -> None:
    picture.text(picture.width / 2, y, board.status_text(), anchor="middle", font_size=14)


def _last_move(board: ABoardModel) -> object:
    return board.moves[-1] if board.moves else None


def _picture(board: ABoardModel, width: float, height: float) -> Svg:
    """A picture with room for the status line under a board of ``width`` x ``height``."""
    picture = Svg(max(width, text_width(board.status_text(), 14) + 20), height + 30, _title(board))
    picture.rect(0, 0, picture.width, picture.height, fill="#ffffff")
    return picture


def _coordinates(picture: Svg, rows: int, cols: int, left: float, top: float) -> None:
    """Column letters above and row numbers left of a grid (row 1 at the top)."""
    for col in range(cols):
        x = left + col * CELL + CELL / 2
        picture.text(x, top - 8, chr(97 + col), anchor="middle", fill="#555555")
    for row in range(rows):
        y = top + row * CELL + CELL / 2 + 4
        picture.text(left - 8, y, str(row + 1), anchor="end", fill="#555555")


def _target(picture: Svg, board: ABoardModel, move: object, shape: str, **place: float) -> None:
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


def _line_through(
    picture: Svg, cells: list[tuple[float, float]], width: float = 6, colour: str = LAST
) -> None:
    """A thick line from the first to the last of ``cells`` (centres along one line)."""
    if len(cells) < 2:
        return
    (x1, y1), (x2, y2) = cells[0], cells[-1]
    picture.line(
        x1, y1, x2, y2, stroke=colour, stroke_width=width, stroke_linecap="round", opacity=0.75
    )


def _grid_winning_cells(
    windows: tuple[int, ...], stones: int, centre: dict[int, tuple[float, float]]
) -> list[tuple[float, float]]:
    """The centres of the first full line (a window all ``stones``), in order."""
    for window in windows:
        if window & stones == window:
            bits = sorted(bit for bit in centre if window >> bit & 1)
            return [centre[bit] for bit in bits]
    return []


def tictactoe_svg(board: TicTacToeBoard) -> str:
    """Tic-tac-toe (any m,n,k): X and O in the cells, coordinates, the winning line."""
    rows, cols = board.shape
    left, top = MARGIN + 4, MARGIN + 4
    picture = _picture(board, left + cols * CELL + 12, top + rows * CELL + 8)
    picture.rect(left, top, cols * CELL, rows * CELL, fill="#fffdf5", stroke="#333333")
    for col in range(1, cols):
        x = left + col * CELL
        picture.line(x, top, x, top + rows * CELL, stroke="#333333")
    for row in range(1, rows):
        y = top + row * CELL
        picture.line(left, y, left + cols * CELL, y, stroke="#333333")
    _coordinates(picture, rows, cols, left, top)
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
            _target(picture, board, move, "rect", x=x, y=y, width=CELL, height=CELL)
    last = _last_move(board)
    if isinstance(last, tuple):
        row, col = last
        x, y = left + col * CELL, top + row * CELL
        picture.rect(x + 3, y + 3, CELL - 6, CELL - 6, fill="none", stroke=LAST, stroke_width=2)
    winner = board.winner
    if winner is not None:
        _line_through(picture, _grid_winning_cells(board.windows, board.stones(winner), centre))
    _status(picture, board, picture.height - 12)
    return picture.render()


def othello_svg(board: OthelloBoard) -> str:
    """Othello: discs on green, the player to move's legal squares dotted, disc counts."""
    size = board.size
    left, top = MARGIN + 4, MARGIN + 4
    picture = _picture(board, left + size * CELL + 12, top + size * CELL + 28)
    picture.rect(left, top, size * CELL, size * CELL, fill="#2e7d32", stroke="#1b4d1e")
    for step in range(1, size):
        picture.line(
            left + step * CELL, top, left + step * CELL, top + size * CELL, stroke="#1b4d1e"
        )
        picture.line(
            left, top + step * CELL, left + size * CELL, top + step * CELL, stroke="#1b4d1e"
        )
    _coordinates(picture, size, size, left, top)
    legal = set(board.legal_moves()) if not board.is_over else set()
    for row in range(size):
        for col in range(size):
            cx, cy = left + col * CELL + CELL / 2, top + row * CELL + CELL / 2
            owner = board.disc_at(row, col)
            if owner is not None:
                fill, edge = ("#111111", "#000000") if owner == 0 else ("#f5f5f5", "#999999")
                picture.circle(cx, cy, CELL * 0.4, fill=fill, stroke=edge, stroke_width=1.5)
            elif (row, col) in legal:
                picture.circle(cx, cy, CELL * 0.09, fill="#000000", opacity=0.35)
                x, y = left + col * CELL, top + row * CELL
                _target(picture, board, (row, col), "rect", x=x, y=y, width=CELL, height=CELL)
    last = _last_move(board)
    if isinstance(last, tuple):
        row, col = last
        cx, cy = left + col * CELL + CELL / 2, top + row * CELL + CELL / 2
        picture.circle(cx, cy, CELL * 0.46, fill="none", stroke=LAST, stroke_width=2.5)
    names = board.player_names
    counts = f"{names[0]} {board.count(0)}  -  {names[1]} {board.count(1)}"
    picture.text(picture.width / 2, top + size * CELL + 20, counts, anchor="middle")
    _status(picture, board, picture.height - 12)
    return picture.render()


def connectfour_svg(board: ConnectFourBoard) -> str:
    """Connect Four: the frame, its holes, the tokens, column numbers, the winning line."""
    width, height = board.width, board.height
    left, top = 16, MARGIN + 4
    picture = _picture(board, left * 2 + width * CELL, top + height * CELL + 8)
    picture.rect(left, top, width * CELL, height * CELL, rx=10, fill="#1f4fbf")
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
            fill = "#ffffff" if owner is None else ("#d62728", "#f2c40f")[owner]
            picture.circle(cx, cy, CELL * 0.38, fill=fill, stroke="#163a8c", stroke_width=1.5)
    for column in board.legal_moves():
        if isinstance(column, int):
            x = left + column * CELL
            _target(picture, board, column, "rect", x=x, y=top, width=CELL, height=height * CELL)
    last = _last_move(board)
    if isinstance(last, int) and board.column_height(last):
        row = board.column_height(last) - 1
        cx = left + last * CELL + CELL / 2
        cy = top + (height - 1 - row) * CELL + CELL / 2
        picture.circle(cx, cy, CELL * 0.16, fill="none", stroke="#ffffff", stroke_width=3)
    winner = board.winner
    if winner is not None:
        cells = _grid_winning_cells(board.windows, board.stones(winner), centre)
        _line_through(picture, cells, colour="#111111")
    _status(picture, board, picture.height - 12)
    return picture.render()


def _counters(picture: Svg, x: float, y: float, count: int, per_row: int, colour: str) -> float:
    """``count`` counters from ``(x, y)`` rightwards, ``per_row`` a row; returns the
    height used."""
    step = 16
    for index in range(count):
        row, col = divmod(index, per_row)
        picture.circle(x + col * step + 7, y + row * step + 7, 6.5, fill=colour, stroke="#333333")
    rows = max(1, -(-count // per_row))
    return rows * step


def nim_svg(board: NimBoard) -> str:
    """The 21 game: a track from 0 to the target, filled up to the total."""
    target = board.target
    shown = min(target, 60)
    per_row = min(shown, 20)
    rows = -(-shown // per_row)
    width = 32 + per_row * 16
    picture = _picture(board, max(width, 260), 56 + rows * 16 + 20)
    picture.text(16, 24, f"total {board.total} of {target}", font_size=16)
    picture.text(picture.width - 16, 24, f"add 1 to {board.max_add}", anchor="end", fill="#555555")
    done = board.total if target == shown else round(board.total * shown / target)
    for index in range(shown):
        row, col = divmod(index, per_row)
        fill = COLOURS[0] if index < done else "#eeeeee"
        picture.circle(16 + col * 16 + 7, 40 + row * 16 + 7, 6.5, fill=fill, stroke="#999999")
    if target != shown:
        picture.text(16, 40 + rows * 16 + 14, f"(one dot for {target / shown:.3g})", fill="#777777")
    _status(picture, board, picture.height - 12)
    return picture.render()


def grundy_svg(board: GrundyBoard) -> str:
    """Grundy's game: each heap as a row of counters with its size."""
    heaps = board.heaps
    per_row = 20
    used = [max(1, -(-heap // per_row)) * 16 for heap in heaps]
    width = 70 + min(max(heaps, default=1), per_row) * 16
    picture = _picture(board, max(width, 220), 16 + sum(used) + 8 * len(heaps) + 8)
    y = 16.0
    for heap, height in zip(heaps, used, strict=True):
        picture.text(50, y + 12, str(heap), anchor="end", font_size=14)
        _counters(picture, 58, y, heap, per_row, COLOURS[0] if heap >= 3 else "#bbbbbb")
        y += height + 8
    _status(picture, board, picture.height - 12)
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
    picture = _picture(board, width, top + 2 * pit + 40)
    picture.rect(8, top - 8, width - 16, 2 * pit + 16, rx=22, fill="#c8965a", stroke="#7a5230")

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
        _target(picture, board, pit_number, "circle", cx=cx, cy=cy, r=pit * 0.45)
    last = _last_move(board)
    if isinstance(last, int) and board.history:
        player = board.history[-1][0]
        index = last - 1
        cx = left + (index if player == 0 else pits - 1 - index) * pit + pit / 2
        cy = top + (pit * 1.5 if player == 0 else pit / 2)
        picture.circle(cx, cy, pit * 0.45, fill="none", stroke=LAST, stroke_width=2.5)
    _status(picture, board, picture.height - 12)
    return picture.render()
