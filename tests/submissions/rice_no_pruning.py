"""Alpha and beta accumulators that never stop early: minimax."""

from oogames import MaxAcc, MinAcc


class AlphaAcc(MaxAcc):
    pass


class BetaAcc(MinAcc):
    pass
