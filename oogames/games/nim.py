"""The 21 game of the Debrecen paper, generalised: ``NimBoard(target=21, max_add=3)``.

A counter starts at 0. In turn, each player adds 1 to ``max_add`` to it,
never past ``target``; the player who reaches ``target`` wins. A move is the
number added; in text it is written as that number.

The player to move wins exactly when ``target - total`` is not a multiple of
``max_add + 1``: the winning move leaves a multiple.
"""

from __future__ import annotations

from typing import Final

from oogames.board.lambdas import IBoardLambda, P
from oogames.board.model import ABoardModel, Played
from oogames.board.moves import Move
from oogames.board.options import Option
from oogames.board.states import NON_TERMINAL, WON
from oogames.board.undo import AMoveRecord
from oogames.errors import IllegalMoveError
from oogames.games.declaration import GameInfo
from oogames.games.numbered import ANumberedBoard

TARGET: Final = Option("target", 21, "the total that wins", low=1, high=100_000)
MAX_ADD: Final = Option("max_add", 3, "the most a move adds, at most the target", low=1)


class _Add(AMoveRecord):
    """The record and undo of one addition."""

    __slots__ = ()

    move: int  # what _play records: an increment

    def _restore(self, board: ABoardModel) -> None:
        assert isinstance(board, NimBoard)
        board._total -= self.move
        board._to_move = self.player
        board._state = NON_TERMINAL


class NimBoard(ANumberedBoard):
    """The board of the 21 game (and of any target and largest step).

    Args:
        target: The total that wins, 1 to 100,000.
        max_add: The largest number a move may add, 1 to ``target``.

    Raises:
        BoardOptionError: An option is out of range.

    >>> board = NimBoard.from_moves([3, 1])
    >>> print(board)
    total 4 of 21 (add 1 to 3)
    A to move
    >>> board.legal_moves()
    [1, 2, 3]
    """

    __slots__ = ("_steps", "_total", "max_add", "target")

    OPTIONS = (TARGET, MAX_ADD)
    game_name = "nim"
    notation = "the number to add, like 2"
    move_noun = "number to add"
    walks_order = True
    player_names = ("A", "B")

    def __init__(self, target: int = 21, max_add: int = 3) -> None:
        super().__init__()
        self.target = TARGET.check(target)
        self.max_add = MAX_ADD.check(max_add, high=target)
        self._steps: dict[Move, int] = {step: step for step in range(1, max_add + 1)}
        self._total = 0
        self._order: tuple[int, ...] = tuple(range(1, max_add + 1))

    @property
    def total(self) -> int:
        """The counter."""
        return self._total

    def _play(self, player: int, move: Move) -> Played | None:
        """Add ``move`` to the counter (see :meth:`ABoardModel._play`)."""
        try:
            step = self._steps.get(move)
        except TypeError:  # an unhashable move is no step
            return None
        if step is None or self._total + step > self.target:
            return None
        self._total += step
        return _Add(self, player, step), WON[player] if self._total == self.target else NON_TERMINAL

    def _map_moves(self, player: int, lam: IBoardLambda[P], param: P) -> None:
        room = self.target - self._total
        for step in self._order:
            if step <= room and not lam.apply(player, self, step, param):
                return

    def reset(self) -> None:
        """Back to 0, A to move."""
        self._total = 0
        self._to_move = 0
        self._state = NON_TERMINAL
        self._history.clear()

    def max_plies_left(self) -> int:
        """Every move adds at least one to the total."""
        return self.target - self._total

    def key(self) -> tuple[int, int]:
        """The total and the player to move."""
        return (self._total, self._to_move)

    def to_svg(self) -> str:
        """The position as an SVG picture (see :func:`oogames.pictures.boards.nim_svg`)."""
        from oogames.pictures.boards import nim_svg

        return nim_svg(self)

    def _draw(self) -> str:
        return f"total {self._total} of {self.target} (add 1 to {self.max_add})"

    def _why_illegal(self, player: int, move: Move) -> IllegalMoveError:
        return self._illegal(move, player, f"adding {move} would pass {self.target}")

    def _numbers(self) -> range:
        return range(1, self.max_add + 1)


def nim_distance(board: NimBoard, player: int) -> float:
    """An evaluation: +1 if the position is won for ``player`` by the known rule, -1 if lost.

    The player to move wins exactly when ``target - total`` is not a
    multiple of ``max_add + 1``.
    """
    return impartial_value(board, player, (board.target - board.total) % (board.max_add + 1) != 0)


def impartial_value(board: ABoardModel, player: int, mover_wins: bool) -> float:
    """An evaluation by an impartial game's theory: +1 if the position is won for ``player``,
    -1 if lost, given whether the player to move wins (Nim's rule; a Grundy value not 0)."""
    return 1.0 if mover_wins == (board.to_move == player) else -1.0


GAME: Final = GameInfo(
    "nim",
    NimBoard,
    nim_distance,
    "the 21 game: add 1 to max_add to a counter; whoever reaches the target wins",
    lambda board: isinstance(board, NimBoard) and board.target <= 30,
)
"""The 21 game, declared for the command line and the views."""
