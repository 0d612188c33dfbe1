"""``perft``: count the move sequences of a given length, through the board contract only.

perft ("performance test") is how move generators are checked against
published counts, and how their speed is measured. It uses nothing but
``map``, ``make_move`` and the undo commands, so it checks a game's whole
contract: a wrong move list, a missed end of game or an undo that does not
restore the position shows up as a wrong count.
"""

from __future__ import annotations

from typing import TYPE_CHECKING

from oogames.board.interface import check_board
from oogames.board.lambdas import IBoardLambda
from oogames.board.model import IBoardModel
from oogames.board.moves import PASS, Move
from oogames.board.visitors import IS_OVER, UNDO_AT_ONCE, IBoardStatusVisitor
from oogames.errors import NotYourTurnError, SearchStopped
from oogames.parsing import check_whole

if TYPE_CHECKING:
    from oogames.nextmove.running import StopFlag


class _PerftLambda(IBoardLambda[int]):
    """Makes each move of a position (and takes it back), the status visitor counting."""

    __slots__ = ("status", "stop")

    def __init__(self, stop: StopFlag) -> None:
        self.stop = stop
        self.status = _PerftStatus(self)

    def apply(self, player: int, host: IBoardModel, move: Move, param: int) -> bool:
        if self.stop.is_set:
            raise SearchStopped("perft was stopped")
        host.make_move(player, move, UNDO_AT_ONCE, self.status, param)()
        return True

    def no_apply(self, player: int, host: IBoardModel, param: int) -> None:
        # A game that goes on but gives the player no move: the pass is the move.
        if not host.execute(IS_OVER, param):
            self.apply(player, host, PASS, param)


class _PerftStatus(IBoardStatusVisitor[None, int]):
    """Counts the lines of ``param`` more plies: a line ends at a finished game (counted
    only if it is exactly long enough) or at the depth; otherwise the lambda goes on."""

    __slots__ = ("count", "lam")

    def __init__(self, lam: _PerftLambda) -> None:
        self.count = 0
        self.lam = lam

    def player0_won_case(self, host: IBoardModel, param: int) -> None:
        self.count += param == 1

    def player1_won_case(self, host: IBoardModel, param: int) -> None:
        self.count += param == 1

    def draw_case(self, host: IBoardModel, param: int) -> None:
        self.count += param == 1

    def payoffs_case(self, host: IBoardModel, payoffs: tuple[float, ...], param: int) -> None:
        self.count += param == 1

    def no_winner_case(self, host: IBoardModel, param: int) -> None:
        if param == 1:
            self.count += 1
        else:
            host.map(host.to_move, self.lam, param - 1)


def perft(board: IBoardModel, player: int | None = None, depth: int = 1) -> int:
    """The number of move sequences of exactly ``depth`` plies from the position.

    A forced pass counts as a ply. A line whose game is over stops there and
    counts nothing at greater depths. ``perft(board, player, 0)`` is 1. The
    board is left exactly as it was.

    Args:
        board: The position.
        player: The player to move (default: ``board.to_move``).
        depth: Plies, 0 or more.

    Raises:
        NotYourTurnError: ``player`` is not the player to move.
        SettingsError: ``board`` is no board model, or ``depth`` is not a whole number from 0 up.
        SearchDepthError: ``depth`` is deeper than the frame limit allows.

    >>> from oogames import TicTacToeBoard
    >>> [perft(TicTacToeBoard(), 0, depth) for depth in range(1, 6)]
    [9, 72, 504, 3024, 15120]
    """
    check_board(board)
    check_whole("a perft depth", depth, 0)
    if player is None:
        player = board.to_move
    if player != board.to_move:
        raise NotYourTurnError.asked_by(player, board.to_move)
    if depth == 0:
        return 1
    from oogames.nextmove.running import StopFlag, run_deep  # it runs as a search runs

    stop = StopFlag()
    lam = _PerftLambda(stop)
    run_deep(board, lambda: board.map(player, lam, depth), stop, "perft")
    return lam.status.count
