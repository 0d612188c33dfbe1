"""Alpha-beta with history and killer-move ordering: it tries first the moves that
caused cut-offs elsewhere in the tree, so it generates other positions than a search in
the tree's order, each cut-off right for its own order (right at --strictness own-order,
not at positions)."""

from oogames import AlphaBetaFac, DepthFac
from oogames.games.gametree import static_value
from oogames.nextmove.enhancements.ordering import HistoryFac


def make_factory(rounds=None, players=2):
    search = HistoryFac(AlphaBetaFac(), killers=True)
    if rounds is None:
        return search
    return DepthFac(search, rounds * players, static_value)
