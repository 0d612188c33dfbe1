"""The terminal board's board (:class:`BoardGrid`): the cells of :mod:`oogames.ui.cells` laid
out as Textual buttons, sized to the room there is."""

from __future__ import annotations

from typing import cast

from textual import events
from textual.containers import Container, Grid
from textual.content import Content
from textual.geometry import Size
from textual.message import Message
from textual.widget import Widget
from textual.widgets import Button, Static

from oogames.board.moves import Move
from oogames.ui.cells import CHIP, Cells, Styled


def relabel(button: Button, label: Styled) -> None:
    """Give ``button`` the label ``label``, drawn again where only its style changed:
    Textual compares labels by their text alone, so an Othello or Rolit disc flipped ("●"
    in one colour to "●" in another) kept its old colour."""
    content = Content.styled(*label)
    if content == button.label and content.spans != cast(Content, button.label).spans:
        button.set_reactive(Button.label, content)
        button.refresh()
    else:
        button.label = content


class BoardGrid(Grid):
    """A grid board's squares with its column and row labels, or a game's move buttons.

    Attributes:
        columns: How many cells a row of the board has.
        across: How many cells a row on the screen has (a row of move buttons too wide
            for the room wraps: the arrow keys walk the rows shown).
        moves: The move each cell's button plays, by the button's id (a square that
            plays no move, as a Kalah store, is not in it).
        labels: The column labels and the row labels shown.
        wide: Whether a square has room for a lettered piece's chip
            (:data:`~oogames.ui.cells.CHIP` wide, see :func:`~oogames.ui.cells.piece`).
    """

    LARGEST_CELL = 9
    """The most lines a square of the board is high (a 3 x 3 board on a large screen)."""

    def __init__(self, *, id: str | None = None) -> None:
        super().__init__(id=id)
        self.columns = self.across = 1
        self.moves: dict[str, Move] = {}
        self.labels: tuple[tuple[str, ...], tuple[str, ...]] = ((), ())
        self.wide = True

    def show(self, shown: Cells) -> bool:
        """Show ``shown``: update the buttons in place where they are the same cells (no
        flicker, ids stay for the pilot); returns False where :meth:`rebuild` must replace
        them (the board's shape or its moves changed)."""
        self.moves = {cell_id: move for cell_id, _, move, _ in shown.cells if move is not None}
        self.columns = shown.columns
        buttons = list(self.query(Button))
        if [button.id for button in buttons] != [cell[0] for cell in shown.cells]:
            return False
        if self.labels != (shown.column_labels, shown.row_labels):  # Kalah's mover counts
            return False
        for button, (_, label, _, classes) in zip(buttons, shown.cells, strict=True):
            relabel(button, label)
            button.set_classes(" ".join(sorted(classes)))
        return True

    async def rebuild(self, shown: Cells, colour: str) -> None:
        """Replace every cell by those of ``shown``, a grid board's on its ``colour``."""
        await self.remove_children()
        self.labels = (shown.column_labels, shown.row_labels)
        self.set_class(not shown.grid, "moves")
        widgets: list[Widget] = []
        if shown.grid:
            widgets.append(Static("", classes="label"))
            widgets += [Static(Content(label), classes="label") for label in shown.column_labels]
        for index, (cell_id, label, _, classes) in enumerate(shown.cells):
            if shown.grid and index % shown.columns == 0:
                row_label = Content(shown.row_labels[index // shown.columns])
                widgets.append(Static(row_label, classes="label"))
            button = Button(Content.styled(*label), id=cell_id, classes=" ".join(sorted(classes)))
            if shown.grid and "blank" not in classes:  # the board's colour, the piece centred
                button.styles.background = colour
                button.styles.line_pad = 0
            widgets.append(button)
        # The grid's tracks for the new cells before they are drawn (never a cell in the
        # old board's narrow label column), then their sizes for the room there is.
        square = bool(shown.grid)
        self.styles.grid_size_columns = shown.columns + square
        self.styles.grid_columns = " ".join(["3"] * (shown.columns + square))
        await self.mount_all(widgets)

    def fit(self, room: Size) -> bool:
        """Size the cells to ``room``: as large as fits (about twice as wide as high, as a
        terminal's cells are tall), down to one line; a board too big for that scrolls, its
        labels with it. Returns whether :attr:`wide` changed (the cells' labels must
        then be made again)."""
        cells = list(self.query(Button))
        if not cells:
            return False
        columns = self.columns
        rows = -(-len(cells) // columns)
        square = cells[0].has_class("square")  # a grid board's squares (see board_cells)
        if not square:  # move buttons: as wide as the longest, three lines high
            wide = max(len(str(button.label)) for button in cells) + 4
            room_for = (room.width - 2) // (wide + 1) if room.width > 0 else columns
            columns = max(1, min(columns, room_for))  # a row that does not fit wraps
            rows = -(-len(cells) // columns)
            # Seven wide where there is room, narrower (to the label's) where there is not.
            width = max(wide, min(7, (room.width - 2) // columns - 1)) if room.width > 0 else 7
            height, label_width = 3, 0
        else:
            label_width = max(len(str(label.render())) for label in self.query(".label")) + 1
            across = (room.width - label_width - 2) // columns  # the room a column has
            height = max(1, min((room.height - 2) // rows, across // 2, self.LARGEST_CELL))
            # Two wide at the least (Othello of 16 fits 80 columns): a label and a space.
            narrowest = 1 + max((len(label) for label in self.labels[0]), default=1)
            width = max(narrowest, min(2 * height + 1, across))
        self.across = columns
        self.styles.grid_size_columns = columns + (1 if square else 0)
        # Textual repeats a list of sizes: a grid board's first column and row are labels.
        self.styles.grid_columns = " ".join([str(label_width)] * square + [str(width)] * columns)
        self.styles.grid_rows = " ".join(["1"] * square + [str(height)] * rows)
        gutter = 0 if square else 1
        self.styles.width = label_width + columns * (width + gutter)
        self.styles.height = (1 if square else 0) + rows * (height + gutter)
        for button in cells:
            button.styles.width = width
            button.styles.height = height
        wide, self.wide = self.wide, width >= CHIP
        return wide != self.wide

    def step(self, focused: Widget | None, dx: int, dy: int) -> None:
        """Move the focus from the cell ``focused`` to its neighbour ``dx`` across and ``dy``
        down, in the rows as shown (:attr:`across` a row), staying on the board; nothing
        if no cell has the focus (the arrow keys)."""
        cells = list(self.query(Button))
        index = next((i for i, cell in enumerate(cells) if cell is focused), None)
        if index is None:
            return
        row, col = divmod(index, self.across)
        row = min(max(row + dy, 0), (len(cells) - 1) // self.across)
        col = min(max(col + dx, 0), self.across - 1)
        cells[min(row * self.across + col, len(cells) - 1)].focus()


class BoardRoom(Container):
    """The board's panel, which scrolls a board too big for it: when its size changes (the
    terminal's did), it tells the app, which fits the board to it again. The app's own
    resize came before the panel had its new size, so the board kept the size it had."""

    class Resized(Message):
        """The board's panel has its new size."""

    def on_resize(self, event: events.Resize) -> None:
        """Tell the app the panel's new size has come."""
        self.post_message(self.Resized())
