"""Alpha-beta that does not cut off on a value equal to the bound."""

import math

from oogames import MaxAcc, MinAcc


class AlphaAcc(MaxAcc):
    def __init__(self, model_player, player, depth=0, alpha=-math.inf, beta=math.inf):
        super().__init__(model_player, player, depth)
        self.alpha, self.beta = alpha, beta

    def is_not_done(self):
        return self.val <= self.beta

    def make_opposite(self):
        alpha = max(self.alpha, self.val)
        return BetaAcc(self.model_player, 1 - self.player, self.depth + 1, alpha, self.beta)


class BetaAcc(MinAcc):
    def __init__(self, model_player, player, depth=0, alpha=-math.inf, beta=math.inf):
        super().__init__(model_player, player, depth)
        self.alpha, self.beta = alpha, beta

    def is_not_done(self):
        return self.val >= self.alpha

    def make_opposite(self):
        beta = min(self.beta, self.val)
        return AlphaAcc(self.model_player, 1 - self.player, self.depth + 1, self.alpha, beta)
