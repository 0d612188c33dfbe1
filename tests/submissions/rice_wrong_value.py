"""Both layers maximise: the values are wrong."""

from oogames import MaxAcc, MinAcc


class AlphaAcc(MaxAcc):
    def make_opposite(self):
        return AlphaAcc(self.model_player, 1 - self.player, self.depth + 1)


class BetaAcc(MinAcc):
    pass
