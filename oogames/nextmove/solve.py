"""Solving a position: its exact value for the side to move, by exact search only.

:func:`solve` searches to the end of the game with alpha-beta and a
transposition table (no evaluation function anywhere), so its answer is the
game-theoretic value: a win, a draw or a loss for the side to move, and with
a strong solve, how many plies the win or loss takes under best play (both
sides win as soon as they can and lose as late as they can). A weak solve
only settles win, draw or loss, with the null window (-1, +1) around a draw,
which cuts far more.
"""

from __future__ import annotations

import attrs

from oogames.board.model import ABoardModel
from oogames.board.moves import Move
from oogames.nextmove.accumulators import AlphaAcc
from oogames.nextmove.factories import AlphaBetaFac
from oogames.nextmove.minmax import WIN_VALUE, MinMax
from oogames.nextmove.table import TranspositionTable, TTAcc


@attrs.frozen
class Solution:
    """The exact value of a position for the side to move.

    Attributes:
        outcome: ``"win"``, ``"draw"`` or ``"loss"`` for the side to move.
        value: The search's value: ``WIN_VALUE - plies`` for a win (a weak
            solve: ``WIN_VALUE``), its negation for a loss, 0 for a draw.
        plies: Plies to the end under best play, where known (a strong solve
            of a win or a loss; 0 for a finished game); else None.
        move: A best move (None when the game is over).
        pv: The principal variation, from the move on.
        nodes: Positions searched.
        seconds: Time taken.
        table_hits: Positions settled by the transposition table.
    """

    outcome: str
    value: float
    plies: int | None
    move: Move | None
    pv: tuple[Move, ...]
    nodes: int
    seconds: float
    table_hits: int = 0

    def as_dict(self, format_move: object = str) -> dict[str, object]:
        """The JSON fields of ``oogames solve --format json`` (moves written by ``format_move``)."""
        write = format_move if callable(format_move) else str
        return {
            "outcome": self.outcome,
            "value": self.value,
            "plies": self.plies,
            "move": None if self.move is None else write(self.move),
            "pv": [write(move) for move in self.pv],
            "nodes": self.nodes,
            "seconds": round(self.seconds, 6),
            "table_hits": self.table_hits,
        }


def solve(
    board: ABoardModel, *, weak: bool = False, table: TranspositionTable | None = None
) -> Solution:
    """The exact value of ``board`` for the player to move (the board is left as it was).

    A finished game is reported as its result, with no search: for example a
    single Grundy heap of 2 is a loss for the side to move, in 0 plies.

    Args:
        board: The position.
        weak: Settle only win, draw or loss (a null window around 0).
        table: A transposition table to use (and keep filling) across calls;
            default: a new one.

    Raises:
        SearchStopped: The search was stopped (Ctrl-C); the board is unchanged.

    >>> from oogames.games import GrundyBoard, TicTacToeBoard
    >>> from oogames.nextmove.solve import solve
    >>> solve(GrundyBoard((2,))).outcome, solve(GrundyBoard((2,))).nodes
    ('loss', 0)
    >>> solution = solve(TicTacToeBoard.from_moves("a1 b1 a2"))
    >>> solution.outcome, solution.plies, TicTacToeBoard().format_move(solution.move)
    ('loss', 4, 'a3')
    """
    if board.is_over:
        winner = board.winner
        outcome = "draw" if winner is None else "win" if winner == board.to_move else "loss"
        value = 0.0 if winner is None else WIN_VALUE if outcome == "win" else -WIN_VALUE
        return Solution(outcome, value, 0, None, (), 0, 0.0)
    player = board.to_move
    table = TranspositionTable() if table is None else table
    root = AlphaAcc(player, player, 0, -1.0, 1.0) if weak else AlphaAcc(player, player)
    acc = TTAcc(root, table, None, WIN_VALUE, quick_wins=not weak)
    result = MinMax(AlphaBetaFac(), prefer_quick_wins=not weak).search(board, acc)
    value = float(result.value or 0)
    outcome = "win" if value > 0 else "loss" if value < 0 else "draw"
    plies = None if weak or value == 0 else int(WIN_VALUE - abs(value))
    stats = result.stats
    return Solution(
        outcome, value, plies, result.move, result.pv, stats.nodes, stats.seconds, stats.table_hits
    )


def pons_score(board: ABoardModel, solution: Solution) -> int:
    """A Connect Four solution as Pascal Pons' score for the side to move.

    A win completed by the stone that brings the board to ``p`` stones scores
    ``(cells + 2 - p) // 2`` (``(44 - p) // 2`` on 7 x 6), a loss the
    negation, a draw 0. Needs a strong solution.
    """
    if solution.outcome == "draw" or solution.plies is None:
        return 0
    cells = int(board.options()["width"]) * int(board.options()["height"])
    score = (cells + 2 - (board.ply + solution.plies)) // 2
    return score if solution.outcome == "win" else -score
