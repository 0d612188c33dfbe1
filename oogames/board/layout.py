"""How a board of squares is laid out for the views that draw it as a grid: the terminal
board draws each square as a cell it can focus and click. Plain data, written by the
board (:meth:`~oogames.board.notation.ABoardText.layout`), so that no view asks which
game it shows.

Nothing here is part of the Rice protocol: a search never asks for it.
"""

from __future__ import annotations

import itertools
import re
import string
from collections.abc import Iterable

import attrs

from oogames.board.moves import Move
from oogames.errors import BoardContractError, shown

_HEX = re.compile(r"#(?:[0-9a-fA-F]{3}){1,2}")


def hex_colour(given: object) -> str:
    """``given`` as ``#rrggbb``: itself, or a ``#rgb`` written out; of any other form,
    refused (:class:`~oogames.errors.BoardContractError`).

    >>> from oogames.board.layout import hex_colour
    >>> hex_colour("#1f5fbf"), hex_colour("#fc0")
    ('#1f5fbf', '#ffcc00')
    """
    if not isinstance(given, str) or _HEX.fullmatch(given) is None:
        raise BoardContractError(
            f"a colour of a game's pieces is #rrggbb or #rgb, not {shown(given)}"
        )
    return given if len(given) == 7 else "#" + "".join(digit * 2 for digit in given[1:])


def hex_colours(given: Iterable[object]) -> tuple[str, ...]:
    """Each of ``given`` as :func:`hex_colour` writes it."""
    return tuple(hex_colour(each) for each in given)


@attrs.frozen
class Pieces:
    """How a game's pieces look, the same in every view and picture.

    Attributes:
        marks: Each player's piece in text (``"X"``, ``"O"``; ``"●"`` for discs).
        colours: Each player's colour, as the pictures draw the pieces: ``#rrggbb``, or
            ``#rgb`` (written out when the pieces are made: ``#fc0`` becomes
            ``#ffcc00``), since the views reckon how light each colour is
            (:func:`lightness`) to choose an ink that reads on it.
        names: Each colour as people name it (``"red"``, ``"yellow"``), for the lines
            that say whose turn it is beside a picture.
        board: The colour of the board under the pieces (Othello's green), written as
            the colours are.
        empty: What an empty square shows in text (Connect Four's hole ``"○"``).
        letters: Each player's piece where no colour tells the players apart: the text
            drawing, and a terminal without colour (``NO_COLOR``); discs of one shape need
            them (Connect Four's ``"X"``, ``"O"``; Rolit's ``"R"``, ``"G"``, ``"Y"``,
            ``"B"``). By default the marks.

    Where two players' pieces share a mark and their colours are near in lightness
    (:attr:`lettered`), the colour views draw each piece's letter on it too, so that no
    one must tell the players apart by hue alone.

    A colour of another form, or fewer colours, names or letters than marks, is refused
    when the pieces are made (a game's class is defined, or a plug-in loaded), not when a
    view first draws them:

    >>> from oogames.board.layout import Pieces
    >>> Pieces(("X", "O"), ("red", "#e07b00"), ("red", "orange"))
    Traceback (most recent call last):
    ...
    oogames.errors.BoardContractError: a colour of a game's pieces is #rrggbb or #rgb, not 'red'

    >>> from oogames.games import ConnectFourBoard, OthelloBoard, RolitBoard, TicTacToeBoard
    >>> [game.pieces.lettered for game in (TicTacToeBoard, ConnectFourBoard, OthelloBoard)]
    [False, False, False]
    >>> RolitBoard.pieces.lettered
    True
    """

    marks: tuple[str, ...]
    colours: tuple[str, ...] = attrs.field(converter=hex_colours)
    names: tuple[str, ...]
    board: str = attrs.field(default="#fffdf5", converter=hex_colour)
    empty: str = " "
    letters: tuple[str, ...] = attrs.field()
    #: Whether the colour views draw the letters on the pieces. They do where two players'
    #: pieces share a mark and their colours differ in lightness by less than
    #: :data:`NEAR_LIGHTNESS` (Rolit's red, green and blue discs; not Connect Four's red
    #: and yellow, nor Othello's black and white), so that hue alone told them apart, and
    #: hue is what a colour-blind player, or a grey screen, does not see.
    lettered: bool = attrs.field(init=False)

    @letters.default
    def _marks(self) -> tuple[str, ...]:
        return self.marks

    @lettered.default
    def _near(self) -> bool:
        counts = {len(self.colours), len(self.names), len(self.letters)}
        if counts != {len(self.marks)}:
            raise BoardContractError(  # checked here: the pairs below index each by player
                f"pieces of {len(self.marks)} players need as many colours, names and"
                f" letters (given {len(self.colours)}, {len(self.names)} and"
                f" {len(self.letters)})"
            )
        return any(
            abs(lightness(self.colours[one]) - lightness(self.colours[other])) < NEAR_LIGHTNESS
            for one, other in itertools.combinations(range(len(self.marks)), 2)
            if self.marks[one] == self.marks[other]
        )


NEAR_LIGHTNESS = 60.0
"""Two colours nearer than this in :func:`lightness` (of 255) are told apart by hue alone:
Rolit's red, green and blue are 96, 105 and 87; Connect Four's red and yellow 92 and 189."""


def lightness(colour: str) -> float:
    """How light a colour ``#rrggbb`` looks, from 0 (black) to 255 (white): the luma of
    ITU-R BT.601, which weighs green most and blue least, as the eye does.

    >>> from oogames.board.layout import lightness
    >>> lightness("#000000"), lightness("#ffffff"), round(lightness("#c0392b"))
    (0.0, 255.0, 96)
    """
    red, green, blue = (int(colour[i : i + 2], 16) for i in (1, 3, 5))
    return 0.299 * red + 0.587 * green + 0.114 * blue


def ink(background: str) -> str:
    """A colour that reads on ``background`` (``#rrggbb``): dark on a light one, light on
    a dark one (a letter on a board or on a disc)."""
    return "#333333" if lightness(background) > 140 else "#e0e0e0"


#: The pieces of a game that says nothing of its own (X in blue, O in orange, on paper).
PLAIN_PIECES = Pieces(("X", "O"), ("#1f5fbf", "#e07b00"), ("blue", "orange"))

#: The colours of more than two players' plain pieces with their names, from the palette
#: of Okabe and Ito (*Color Universal Design*, 2008), chosen to be told apart by
#: colour-blind eyes too. Past eight players they repeat (each player's letter is its own).
MANY_COLOURS = (
    ("#0072b2", "blue"),
    ("#e69f00", "orange"),
    ("#009e73", "bluish green"),
    ("#cc79a7", "reddish purple"),
    ("#56b4e9", "sky blue"),
    ("#d55e00", "vermilion"),
    ("#f0e442", "yellow"),
    ("#000000", "black"),
)


#: The letters of plain pieces, a player each: ``A`` to ``Z``, then ``a`` to ``z``.
_LETTERS = string.ascii_uppercase + string.ascii_lowercase


def plain_pieces(players: int) -> Pieces:
    """The pieces of a game of ``players`` that says nothing of its own: for two,
    :data:`PLAIN_PIECES`; for more, each player's letter (``A``, ``B``, ``C``, ...) in a
    colour of :data:`MANY_COLOURS`.

    >>> from oogames.board.layout import plain_pieces
    >>> plain_pieces(3).marks, plain_pieces(3).names
    (('A', 'B', 'C'), ('blue', 'orange', 'bluish green'))
    """
    if players <= 2:
        return PLAIN_PIECES
    if players > len(_LETTERS):
        raise BoardContractError(
            f"there are no plain pieces for {players} players: the game declares its own"
        )
    chosen = [MANY_COLOURS[player % len(MANY_COLOURS)] for player in range(players)]
    return Pieces(
        tuple(_LETTERS[:players]),
        tuple(colour for colour, _ in chosen),
        tuple(name for _, name in chosen),
    )


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
