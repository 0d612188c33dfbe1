"""Kalah: ``KalahBoard(pits=6, seeds=4)``, the sowing game in which a move may earn another.

Each player has a row of ``pits`` pits and a store; the rows face each other
and each pit starts with ``seeds`` seeds. A move takes every seed from one of
the mover's pits and sows them one by one counter-clockwise: along the
mover's row, into the mover's store, along the opponent's row (never into the
opponent's store), and round again.

- The last seed in the mover's own store: the mover moves again (the board's
  state is then :data:`~oogames.board.states.EXTRA_TURN`).
- The last seed in an empty pit of the mover's own row: it and the seeds of the
  opposite pit go to the mover's store (a capture). By default only when the
  opposite pit holds seeds; with ``empty_capture=True`` the lone seed is
  captured even when it does not.
- When one row is empty after a move, the game ends: the seeds left in the
  other row go to that row's owner. Whoever has more seeds in store wins.

A move is the number of a pit, 1 to ``pits``, counted along the mover's
row in the direction of sowing (pit ``pits`` is next to the mover's store).
South (player 0) sows left to right along the bottom row, North right to
left along the top row.

>>> board = KalahBoard(pits=3, seeds=2)
>>> print(board)
        3  2  1
  [ 0]  2  2  2
        2  2  2 [ 0]
        1  2  3
South to move
>>> _ = board.play(2)
>>> print(board)
        3  2  1
  [ 0]  2  2  2
        2  0  3 [ 1]
        1  2  3
South to move again
"""

from __future__ import annotations

from typing import Final

from oogames.board.lambdas import IBoardLambda, P
from oogames.board.layout import PLAIN_PIECES, Layout, Pieces, Square
from oogames.board.model import Played
from oogames.board.moves import Move
from oogames.board.options import Option
from oogames.board.states import DRAW, EXTRA_TURN, NON_TERMINAL, WON
from oogames.board.undo import SnapshotRecord
from oogames.errors import IllegalMoveError
from oogames.games.declaration import GameInfo
from oogames.games.numbered import ANumberedBoard

PITS: Final = Option("pits", 6, "pits in each row", low=1, high=8)
SEEDS: Final = Option("seeds", 4, "seeds in each pit at the start", low=1, high=8)
EMPTY_CAPTURE: Final = Option(
    "empty_capture",
    False,
    "capture the last seed sown into an empty pit of your own even when the opposite pit is empty",
)


class KalahBoard(ANumberedBoard):
    """The board of Kalah(pits, seeds), with its extra turns and captures.

    Args:
        pits: Pits in each player's row, 1 to 8.
        seeds: Seeds in each pit at the start, 1 to 8.
        empty_capture: Capture the last seed sown into an empty pit of one's own
            row even when the opposite pit is empty (a common variant).

    Raises:
        BoardOptionError: An option is out of range.
    """

    __slots__ = ("_cells", "_pit_of", "empty_capture", "pits", "seeds")

    OPTIONS = (PITS, SEEDS, EMPTY_CAPTURE)
    game_name = "kalah"
    notation = "the number of one of your pits, 1 next to the far end, like 3"
    player_names = ("South", "North")
    move_noun = "pit number"
    walks_order = True
    #: The players go by their names, on wood (there are no pieces but the seeds).
    pieces = Pieces(player_names, PLAIN_PIECES.colours, PLAIN_PIECES.names, "#c8965a")

    def __init__(self, pits: int = 6, seeds: int = 4, empty_capture: bool = False) -> None:
        super().__init__()
        self.pits = PITS.check(pits)
        self.seeds = SEEDS.check(seeds)
        self.empty_capture = EMPTY_CAPTURE.check(empty_capture)
        # Cells: South's pits 0..pits-1, South's store, North's pits, North's store.
        self._cells = [seeds] * pits + [0] + [seeds] * pits + [0]
        self._pit_of: dict[Move, int] = {pit: pit - 1 for pit in range(1, pits + 1)}
        self._order: tuple[int, ...] = tuple(range(1, pits + 1))

    # -- what a player sees ----------------------------------------------------

    def store(self, player: int) -> int:
        """The seeds in ``player``'s store."""
        return self._cells[self.pits + (self.pits + 1) * player]

    def row(self, player: int) -> tuple[int, ...]:
        """The seeds in ``player``'s pits, pit 1 first."""
        start = (self.pits + 1) * player
        return tuple(self._cells[start : start + self.pits])

    def margin(self, player: int = 0) -> int:
        """``player``'s store less the opponent's (by default South's less North's): the
        game's value to ``player`` once it is over."""
        return self.store(player) - self.store(1 - player)

    def final_margin(self, player: int) -> int | None:
        """The store difference for ``player`` (the seeds left in play have gone to their
        owners when the game ended; see :meth:`~oogames.board.hints.ISearchHints.final_margin`)."""
        return self.store(player) - self.store(1 - player)

    def margin_bounds(self) -> tuple[int, int]:
        """The store difference for the player to move, less or plus every seed still in
        the pits: whatever happens, each of those seeds ends in one store or the other."""
        cells = self._cells
        pits = self.pits
        mover = self._to_move
        difference = self.margin(mover)
        in_play = sum(cells[:pits]) + sum(cells[pits + 1 : -1])
        return difference - in_play, difference + in_play

    # -- the Rice contract -------------------------------------------------------

    def _play(self, player: int, move: Move) -> Played | None:
        """Sow the seeds of pit ``move`` (see :meth:`ABoardModel._play`)."""
        try:
            pit = self._pit_of.get(move)
        except TypeError:  # an unhashable move is no pit
            return None
        cells = self._cells
        pits = self.pits
        base = (pits + 1) * player
        if pit is None or cells[base + pit] == 0:
            return None
        record = SnapshotRecord(self, player, pit + 1, tuple(cells))  # undo: every cell back
        start = base + pit
        seeds = cells[start]
        cells[start] = 0
        size = len(cells)
        skip = size - 1 - base  # the opponent's store
        here = start
        while seeds:
            here += 1
            if here == size:
                here = 0
            if here != skip:
                cells[here] += 1
                seeds -= 1
        store = base + pits
        if base <= here < store and cells[here] == 1:
            opposite = 2 * pits - here
            if cells[opposite] or self.empty_capture:
                cells[store] += cells[opposite] + 1
                cells[opposite] = cells[here] = 0
        south, north = sum(cells[:pits]), sum(cells[pits + 1 : size - 1])
        if not south or not north:
            cells[pits] += south
            cells[size - 1] += north
            for index in range(pits):
                cells[index] = cells[pits + 1 + index] = 0
            difference = cells[pits] - cells[size - 1]
            return record, DRAW if difference == 0 else WON[0] if difference > 0 else WON[1]
        return record, EXTRA_TURN if here == store else NON_TERMINAL

    def _set_snapshot(self, snapshot: object) -> None:
        assert isinstance(snapshot, tuple)
        self._cells[:] = snapshot  # captures and the sweep come back too

    def _map_moves(self, player: int, lam: IBoardLambda[P], param: P) -> None:
        cells = self._cells
        base = (self.pits + 1) * player - 1
        for pit in self._order:
            if cells[base + pit] and not lam.apply(player, self, pit, param):
                return

    def reset(self) -> None:
        """Back to the start: every pit full, the stores empty, South to move."""
        pits, seeds = self.pits, self.seeds
        self._cells[:] = [seeds] * pits + [0] + [seeds] * pits + [0]
        self._to_move = 0
        self._state = NON_TERMINAL
        self._history.clear()

    def key(self) -> tuple[tuple[int, ...], int]:
        """The seeds of every pit and store, and the player to move."""
        return (tuple(self._cells), self._to_move)

    def to_svg(self) -> str:
        """The position as an SVG picture (see :func:`oogames.pictures.boards.kalah_svg`)."""
        from oogames.pictures.boards import kalah_svg

        return kalah_svg(self)

    def layout(self) -> Layout:
        """The board in two rows of ``pits + 2`` squares, as
        :meth:`~oogames.board.notation.ABoardText.drawing` draws it:
        North's store and pits (pit 1 at the right) over South's pits and store; the pits
        show their seeds, the mover's legal pits are marked, and the columns are numbered
        as the player to move numbers its pits."""
        pits, mover = self.pits, None if self.is_over else self.to_move
        legal = set(self.legal_moves())

        def pit(player: int, number: int) -> Square:
            seeds = str(self.row(player)[number - 1])
            return Square(number, None, player == mover and number in legal, seeds)

        blank = Square(None, None, text="")
        squares = (
            Square(None, None, text=f"[{self.store(1)}]"),
            *(pit(1, number) for number in range(pits, 0, -1)),
            blank,
            blank,
            *(pit(0, number) for number in range(1, pits + 1)),
            Square(None, None, text=f"[{self.store(0)}]"),
        )
        numbers = range(pits, 0, -1) if mover == 1 else range(1, pits + 1)
        last, played = None, self.last_played()
        if played is not None:
            index = self._pit_of[played[1]]  # pit 1 is index 0
            last = pits + 3 + index if played[0] == 0 else pits - index
        names = self.player_names
        return Layout(2, pits + 2, squares, ("", *map(str, numbers), ""), names[::-1], last=last)

    def _draw(self) -> str:
        pits = self.pits
        north = self.row(1)
        numbers = "".join(f"{pit:>3}" for pit in range(pits, 0, -1))
        top = "".join(f"{seeds:>3}" for seeds in reversed(north))
        bottom = "".join(f"{seeds:>3}" for seeds in self.row(0))
        return "\n".join(
            (
                f"      {numbers}",
                f"  [{self.store(1):>2}]{top}",
                f"      {bottom} [{self.store(0):>2}]",
                "      " + "".join(f"{pit:>3}" for pit in range(1, pits + 1)),
            )
        )

    def status_text(self) -> str:
        """Whose turn it is ("again" after an extra turn), or how the game ended and by how much."""
        if self._state is EXTRA_TURN:
            return f"{self.player_names[self._to_move]} to move again"
        if self._state.is_over:
            margin = abs(self.margin())
            text = super().status_text()
            return text if margin == 0 else f"{text} by {margin}"
        return super().status_text()

    # -- notation ------------------------------------------------------------------

    def _why_illegal(self, player: int, move: Move) -> IllegalMoveError:
        return self._illegal(move, player, f"pit {move} is empty")

    def _numbers(self) -> range:
        return range(1, self.pits + 1)


def kalah_stores(board: KalahBoard, player: int) -> float:
    """An evaluation: ``player``'s store less the opponent's, plus a quarter of the seeds
    still on ``player``'s side less the opponent's (seeds one may still sow or keep)."""
    other = 1 - player
    return (board.store(player) - board.store(other)) + 0.25 * (
        sum(board.row(player)) - sum(board.row(other))
    )


GAME: Final = GameInfo(
    "kalah",
    KalahBoard,
    kalah_stores,
    "Kalah: sow seeds counter-clockwise; last in your store, move again; most in store wins",
    lambda board: isinstance(board, KalahBoard) and board.pits * board.seeds <= 6,
)
"""Kalah, declared for the command line and the views."""
