"""A right answer to alphabeta-trees: the package's alpha-beta, limited to the full rounds
asked for (each player moves once a round) and scored there by the evaluation written on
the positions."""

from oogames import AlphaBetaFac, DepthFac
from oogames.games.gametree import static_value


def make_factory(rounds=None, players=2):
    if rounds is None:
        return AlphaBetaFac()
    return DepthFac(AlphaBetaFac(), rounds * players, static_value)
