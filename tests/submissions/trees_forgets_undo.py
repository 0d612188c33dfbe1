"""An evaluation that looks one move ahead and forgets to undo it: the board changes under
the search (the framework's undo commands notice, and the grader names the bug)."""

from oogames import AlphaBetaFac, DepthFac
from oogames.games.gametree import static_value


def peek(board, player):
    value = static_value(board, player)
    moves = board.legal_moves()
    if moves:
        board.play(moves[0])  # looks one move ahead, and forgets to undo it
    return value


def make_factory(rounds=None, players=2):
    if rounds is None:
        return AlphaBetaFac()
    return DepthFac(AlphaBetaFac(), rounds * players, peek)
