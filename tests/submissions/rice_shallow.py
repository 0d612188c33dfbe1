"""The Rice page's alpha-beta, transcribed: each child accumulator closes over its parent
and stops when it can no longer beat the parent's value (shallow cut-offs)."""

from oogames import MaxAcc, MinAcc


class AlphaAcc(MaxAcc):
    def make_opposite(self):
        parent = self

        class ChildBeta(BetaAcc):
            def is_not_done(self):
                return parent.val < self.val

        return ChildBeta(self.model_player, 1 - self.player, self.depth + 1)


class BetaAcc(MinAcc):
    def make_opposite(self):
        parent = self

        class ChildAlpha(AlphaAcc):
            def is_not_done(self):
                return parent.val > self.val

        return ChildAlpha(self.model_player, 1 - self.player, self.depth + 1)
