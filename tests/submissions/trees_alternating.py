"""Alpha-beta whose layers alternate MAX, MIN whoever is to move: each next player is taken
for "the opponent", so a second minimiser maximises (Berkeley's "one minimising layer for
several opponents"). The depth in rounds is counted right."""

import math

from oogames import DepthFac, MaxAcc, MinAcc
from oogames.games.gametree import static_value
from oogames.nextmove.factories import IAccFactory


class AlphaAcc(MaxAcc):
    def __init__(self, model_player, player, depth=0, alpha=-math.inf, beta=math.inf):
        super().__init__(model_player, player, depth)
        self.alpha, self.beta = alpha, beta

    def is_not_done(self):
        return self.val < self.beta

    def make_opposite(self):
        alpha = max(self.alpha, self.val)
        return BetaAcc(self.model_player, 1 - self.player, self.depth + 1, alpha, self.beta)

    def make_child(self, player):
        child = self.make_opposite()
        child.player = player
        return child


class BetaAcc(MinAcc):
    def __init__(self, model_player, player, depth=0, alpha=-math.inf, beta=math.inf):
        super().__init__(model_player, player, depth)
        self.alpha, self.beta = alpha, beta

    def is_not_done(self):
        return self.val > self.alpha

    def make_opposite(self):
        beta = min(self.beta, self.val)
        return AlphaAcc(self.model_player, 1 - self.player, self.depth + 1, self.alpha, beta)

    def make_child(self, player):
        child = self.make_opposite()
        child.player = player
        return child


class Search(IAccFactory):
    name = "alternating alpha-beta"

    def make_acc(self, model_player):
        return AlphaAcc(model_player, model_player)


def make_factory(rounds=None, players=2):
    if rounds is None:
        return Search()
    return DepthFac(Search(), rounds * players, static_value)
