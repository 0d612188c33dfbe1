"""Rolit: Othello's board for 2, 3 or 4 players, ``RolitBoard(size=8, players=4)``.

The four centre squares start with one disc each, of players 0, 1, 2, 3 round
the centre clockwise (with fewer players the colours repeat: two players have
Othello's diagonals). In turn, each player puts a disc of their colour on an
empty square next to a disc (in any of the eight directions). A disc that
brackets a line of other colours between itself and a disc of its own colour
flips that line to its colour, as in Othello, whoever's discs they are. A
player who can bracket must; one who cannot may play any empty square next to
a disc. Nobody ever passes: the game ends when the board is full, and each
player's payoff is their number of discs (the payoffs add up to the squares).

A move is ``(row, col)``, written as in Othello (``"d3"``). Each colour is one
int used as a bit set (bit ``row * size + col``).

>>> board = RolitBoard(size=6, players=3)
>>> print(board)
   a b c d e f
 1 . . . . . .
 2 . . . . . .
 3 . . R G . .
 4 . . R Y . .
 5 . . . . . .
 6 . . . . . .
Red to move (Red 2 - Green 1 - Yellow 1)
>>> len(board.legal_moves())
4
"""

from __future__ import annotations

from typing import Final

from oogames.board.hints import PayoffBounds
from oogames.board.lambdas import IBoardLambda, P
from oogames.board.layout import Pieces
from oogames.board.model import ABoardModel, Played
from oogames.board.moves import Move
from oogames.board.options import Option
from oogames.board.states import NON_TERMINAL, ABoardState, game_over
from oogames.board.undo import AMoveRecord
from oogames.errors import IllegalMoveError
from oogames.games.bitboards import compass, outflanked, outflanking
from oogames.games.declaration import GameInfo
from oogames.games.grid import AGridBoard, counts_text
from oogames.games.othello import SIZE, even_size

PLAYERS: Final = Option("players", 4, "how many players", low=2, high=4)

_NAMES: Final = ("Red", "Green", "Yellow", "Blue")


class _Placed(AMoveRecord):
    """The record and undo of one move: the disc placed and what each colour lost."""

    __slots__ = ("lost", "placed")

    def __init__(
        self, board: RolitBoard, player: int, move: Move, placed: int, lost: tuple[int, ...]
    ) -> None:
        super().__init__(board, player, move)
        self.placed = placed
        self.lost = lost

    def _restore(self, board: ABoardModel) -> None:
        assert isinstance(board, RolitBoard)
        discs = board._discs
        gained = self.placed
        for owner, lost in enumerate(self.lost):
            discs[owner] |= lost
            gained |= lost
        discs[self.player] &= ~gained
        board._restore_turn(self.player)


class RolitBoard(AGridBoard):
    """The board of Rolit (see the module).

    Args:
        size: An even number from 4 to 16.
        players: 2, 3 or 4.

    Raises:
        BoardOptionError: An option is out of range.
    """

    __slots__ = (
        "_cells",
        "_directions",
        "_discs",
        "_full",
        "_near",
        "following",
        "player_names",
        "players",
        "size",
    )

    OPTIONS = (SIZE, PLAYERS)
    game_name = "rolit"
    pieces = Pieces(
        ("●", "●", "●", "●"),
        ("#c0392b", "#2e8b57", "#e6c619", "#1f5fbf"),
        ("red", "green", "yellow", "blue"),
        "#d9c7a0",
        letters=("R", "G", "Y", "B"),
    )
    alternates = False

    def __init__(self, size: int = 8, players: int = 4) -> None:
        super().__init__()
        self.size = even_size(size)
        self.players = PLAYERS.check(players)
        self.following = tuple((player + 1) % self.players for player in range(self.players))
        self.player_names = _NAMES[: self.players]
        n = size
        self._full = (1 << n * n) - 1
        self._init_grid(n, n)
        self._cells: tuple[Move, ...] = tuple(self._index)  # by bit index
        self._directions = compass(n)
        self._discs: list[int] = []
        self._near = 0
        self.reset()

    # -- the rules ------------------------------------------------------------------

    def _neighbours(self, squares: int) -> int:
        """The squares next to ``squares`` (not themselves)."""
        around = 0
        for shift, keep in self._directions:
            around |= (squares & keep) << shift if shift > 0 else (squares & keep) >> -shift
        return around & self._full & ~squares

    def _legal_mask(self, player: int, occupied: int) -> int:
        """Where ``player`` may play: the captures if any, else every square next to a disc."""
        mine = self._discs[player]
        captures = outflanking(mine, occupied & ~mine, ~occupied & self._full, self._directions)
        return captures or self._neighbours(occupied)

    def _occupied(self) -> int:
        """Every square with a disc, whoever's."""
        occupied = 0
        for discs in self._discs:
            occupied |= discs
        return occupied

    def _empty(self) -> int:
        return self._full & ~self._occupied()

    def _play(self, player: int, move: Move) -> Played | None:
        """Put a disc on ``move`` and flip what it brackets (see :meth:`ABoardModel._play`)."""
        index = self._cell_index(move)
        if index is None:
            return None
        bit = 1 << index
        occupied = self._occupied()
        if not self._legal_mask(player, occupied) & bit:
            return None
        discs = self._discs
        mine = discs[player]
        flips = outflanked(bit, mine, occupied & ~mine, self._directions)
        lost = tuple(0 if owner == player else theirs & flips for owner, theirs in enumerate(discs))
        for owner, taken in enumerate(lost):
            discs[owner] &= ~taken
        discs[player] |= bit | flips
        state: ABoardState = NON_TERMINAL
        if occupied | bit == self._full:  # flips change colours, not how many squares are taken
            state = game_over([d.bit_count() for d in discs])
        return _Placed(self, player, move, bit, lost), state

    def _map_moves(self, player: int, lam: IBoardLambda[P], param: P) -> None:
        mask = self._legal_mask(player, self._occupied())
        cells = self._cells
        while mask:
            low = mask & -mask
            if not lam.apply(player, self, cells[low.bit_length() - 1], param):
                return
            mask ^= low

    # -- describing the position ------------------------------------------------------

    def reset(self) -> None:
        """The four centre discs, player 0 to move."""
        n = self.size
        low, high = n // 2 - 1, n // 2
        centre = ((low, low), (low, high), (high, high), (high, low))  # clockwise
        self._discs = [0] * self.players
        for number, (row, col) in enumerate(centre):
            self._discs[number % self.players] |= 1 << (row * n + col)
        self._to_move = 0
        self._state = NON_TERMINAL
        self._history.clear()

    def key(self) -> tuple[tuple[int, ...], int]:
        """Every colour's discs and the player to move."""
        return (tuple(self._discs), self._to_move)

    def options(self) -> dict[str, object]:
        """``size`` and ``players``."""
        return {"size": self.size, "players": self.players}

    def to_svg(self) -> str:
        """The position as an SVG picture (see :func:`oogames.pictures.boards.disc_board_svg`)."""
        from oogames.pictures.boards import disc_board_svg

        return disc_board_svg(self)

    def count(self, player: int) -> int:
        """How many discs ``player`` has."""
        return self._discs[player].bit_count()

    def score_text(self) -> str:
        """Each player's discs by name, in player order: ``Red 2 - Green 1 - Yellow 1``."""
        return counts_text(self.player_names, [self.count(p) for p in range(self.players)])

    def status_text(self) -> str:
        """Whose turn it is or how the game ended, and the discs."""
        return f"{super().status_text()} ({self.score_text()})"

    def payoff_bounds(self, player: int | None = None) -> PayoffBounds:
        """A player ends with 0 to every square; the payoffs add up to the squares."""
        squares = float(self.size * self.size)
        return PayoffBounds(0.0, squares, squares)

    def max_plies_left(self) -> int:
        """Every move fills a square."""
        return self._empty().bit_count()

    def _owner(self, index: int) -> int | None:
        bit = 1 << index
        for owner, discs in enumerate(self._discs):
            if discs & bit:
                return owner
        return None

    def _move_form_error(self, move: Move) -> str | None:
        if self._cell_index(move) is None:
            return "a move is a square, like d3"
        return None

    def _why_illegal(self, player: int, move: Move) -> IllegalMoveError:
        index = self._cell_index(move)
        assert index is not None  # a cell: the form is checked first (_move_form_error)
        if not self._empty() & (1 << index):
            return self._illegal(move, player, "the square is taken")
        return self._illegal(
            move, player, "a disc goes next to a disc, and brackets a line where one can"
        )


def rolit_discs(board: RolitBoard, player: int) -> float:
    """An evaluation: ``player``'s share of the discs, scaled to the board's squares (the
    payoffs' scale): what they would end with if the shares held."""
    occupied = sum(board.count(p) for p in range(board.players))
    return board.count(player) * board.size * board.size / occupied


GAME: Final = GameInfo(
    "rolit",
    RolitBoard,
    rolit_discs,
    f"Othello for {PLAYERS.low} to {PLAYERS.high} players: every disc can be flipped; "
    "the most discs wins",
    computer="maxn@1",
)
"""Rolit, declared for the command line and the views."""
